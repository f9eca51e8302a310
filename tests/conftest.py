"""Shared fixtures: one real vLLM engine on SmolLM2-135M for the whole session."""

import asyncio
import functools
import os
import sys
import threading
import warnings

import pytest

os.environ.setdefault("VLLM_LOGGING_STREAM", "ext://sys.stderr")
os.environ.setdefault("VLLM_LOGGING_LEVEL", "WARNING")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

TEST_MODEL = "smollm2-135m-instruct"

# Two xdist workers, one a core, each test group in one worker (tests/parallel.py).
pytest_plugins = ["tests.parallel"]


def sandbox_verdict(problem: str | None, environ=os.environ, platform: str = sys.platform) -> str | None:
    """What a test that needs the code sandbox does when `problem` (from `check_available`) is set:
    None (run it), "skip", or "fail". In CI on Linux the sandbox must work, so a missing one fails
    the run instead of skipping ~20 tests and staying green."""
    if problem is None:
        return None
    if environ.get("CI") == "true" and platform.startswith("linux"):
        return "fail"
    return "skip"


@functools.lru_cache(maxsize=1)
def _sandbox_problem() -> str | None:
    from selfrefine.tasks.sandbox import check_available

    return check_available()


def pytest_runtest_setup(item):
    if item.get_closest_marker("sandbox") is None:
        return
    problem = _sandbox_problem()
    verdict = sandbox_verdict(problem)
    if verdict == "fail":
        pytest.fail(
            f"the code sandbox is unavailable in CI on Linux: {problem}. CI must run the sandbox "
            "tests (root, or unprivileged user namespaces enabled); they are not skipped here.",
            pytrace=False,
        )
    if verdict == "skip":
        pytest.skip(f"sandbox unavailable here: {problem}")


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
    from selfrefine.engine.backends import models

    return str(models.pull(TEST_MODEL))


@pytest.fixture(scope="session")
def key_server(tmp_path_factory):
    """One `selfrefine serve` on the test model with the test key, test_server's loop limits and
    --debug-faults, shared by test_logprobs, test_page, test_responses_api and test_server: one
    start instead of four. Their tests read the server's counters as differences, never totals."""
    from tests.test_server import KEY, QUEUED, RUNNING, launch, stop, wait_ready

    srv = launch(
        tmp_path_factory,
        "--api-key",
        KEY,
        "--max-concurrent-loops",
        str(RUNNING),
        "--max-queued-loops",
        str(QUEUED),
        "--debug-faults",
    )
    try:
        wait_ready(srv)
        yield srv
    finally:
        stop(srv)


def hosted(make):
    """Yield (engine, run) for the engine `make()` starts on its own event-loop thread (the engine
    binds to the loop it starts on), with `run` running a coroutine there; shut both down after.
    A fixture body: `yield from hosted(lambda: VLLMEngine(...).start())`."""
    lt = LoopThread()

    async def start():
        return make()

    engine = lt.run(start())
    try:
        yield engine, lt.run
    finally:
        engine.shutdown()
        lt.close()


@pytest.fixture(scope="session")
def real(test_model_path):
    """(engine, run): the real VLLMEngine and a function that runs a coroutine on its loop."""
    from selfrefine.engine.backends.engine_options import EngineOptions
    from selfrefine.engine.backends.vllm_engine import VLLMEngine

    options = EngineOptions(max_model_len=4096, kv_cache_gib=1.0)
    yield from hosted(lambda: VLLMEngine(test_model_path, TEST_MODEL, options).start())


class Shared:
    """A started engine that lives on another event loop, seen from the caller's loop under
    `name`: generate() runs on the engine's loop and is awaited from the caller's; start() and
    shutdown() do nothing, since the fixture that started the engine owns it. Everything else is
    the engine's own. It lets an in-process command (its own asyncio.run) use a session engine."""

    def __init__(self, engine, loop: asyncio.AbstractEventLoop, name: str):
        self._engine, self._loop, self.name = engine, loop, name
        self.shutdowns = 0  # how often its user shut it down (a no-op here)

    def __getattr__(self, attr):
        return getattr(self._engine, attr)

    def start(self):
        return self

    def shutdown(self) -> None:
        self.shutdowns += 1

    async def _there(self, coro):
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(coro, self._loop))

    async def generate(self, *args, **kwargs):
        return await self._there(self._engine.generate(*args, **kwargs))

    async def reset_prefix_cache(self) -> None:
        await self._there(self._engine.reset_prefix_cache())


@pytest.fixture
def cli_on_real(real, monkeypatch):
    """invoke(*args): the real `selfrefine` command run in-process (typer's CliRunner), every
    engine it starts being the session's real engine under the name it asked for (as many as it
    asks for: a critic or a judge is one more name for the same engine). For the commands' logic
    on a real model without a vLLM start each; start-up itself is tested in subprocesses
    (tests/test_cli.py). Returns click's Result (stdout, stderr, exit_code). `invoke.started`
    lists the names asked for, `invoke.options` the EngineOptions each was asked with."""
    from typer.testing import CliRunner

    from selfrefine import cli

    engine, run = real
    started: list[str] = []
    asked: list = []

    def make_engine(backend, path, name, options):
        started.append(name)
        asked.append(options)
        return Shared(engine, run.__self__.loop, name)  # run is the engine's LoopThread.run

    monkeypatch.setattr(cli.settings, "make_engine", make_engine)

    def invoke(*args):
        # the command quiets vLLM through os.environ and the warning filters (engine.backends.quiet):
        # undo both, so that this process and the subprocesses later tests start are unchanged
        environ = dict(os.environ)
        try:
            with warnings.catch_warnings():
                return CliRunner().invoke(cli.app, [str(a) for a in args])
        finally:
            os.environ.clear()
            os.environ.update(environ)

    invoke.started, invoke.options = started, asked
    return invoke
