"""Shared fixtures: one real vLLM engine on SmolLM2-135M for the whole session."""

import asyncio
import os
import threading

import pytest

os.environ.setdefault("VLLM_LOGGING_STREAM", "ext://sys.stderr")
os.environ.setdefault("VLLM_LOGGING_LEVEL", "WARNING")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

TEST_MODEL = "smollm2-135m-instruct"


class LoopThread:
    """An event loop in a background thread: the engine lives on it across tests."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro, timeout: float = 600):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture(scope="session")
def test_model_path():
    from engine import models

    return str(models.pull(TEST_MODEL))


@pytest.fixture(scope="session")
def real(test_model_path):
    """(engine, run): the real VLLMEngine and a function that runs a coroutine on its loop."""
    from engine.vllm_engine import EngineOptions, VLLMEngine

    lt = LoopThread()

    async def start():
        return VLLMEngine(test_model_path, TEST_MODEL, EngineOptions(max_model_len=4096, kv_cache_gib=1.0)).start()

    engine = lt.run(start())
    yield engine, lt.run
    engine.shutdown()
    lt.close()
