"""The outside baseline: loops over vLLM's own OpenAI server (HTTP).

It runs the same loop as `engine.core.loop.refine` (draft, then feedback / refine rounds, with
the same prompt texts and budgets) the way users write it without this engine: the client
resends the whole chat each call and the server re-renders and re-tokenizes it. (Mode 5,
plain transformers, runs `engine.core.loop` itself on the transformers backend, `engine.backends.hf_engine`.)
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.review import Review, read_feedback
from selfrefine.engine.core.stopping import StopPolicy
from selfrefine.engine.types import Call, LoopError, LoopResult


@dataclass
class Budget:
    """Token budgets of one loop's calls, shared by every mode of a run."""

    answer_tokens: int
    """max_tokens per draft / refine call (exactly this many when fixed)."""
    fixed: bool
    """Fixed-length workload: answers run to exactly answer_tokens (EOS ignored)."""
    feedback_tokens: int | None = None
    """Free-text feedback length (exact) when fixed; None: the spec's budget, stop rules on."""


def _steps(cfg: RefineConfig):
    """(stage, round) for the calls after the draft, mirroring refine() with selection=last."""
    for t in range(cfg.rounds):
        yield "feedback", t
        yield "refine", t + 1


# ---------------------------------------------------------------- mode 4: HTTP clients


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class OpenAIServer:
    """vLLM's OpenAI server as a subprocess on 127.0.0.1, with the engine settings of ours."""

    def __init__(
        self,
        model_path: str,
        name: str,
        *,
        kv_cache_gib: float,
        max_model_len: int,
        structured_backend: str,
        dtype: str,
        eager: bool,
        prefix_caching: bool = True,
        log_path: Path | None = None,
        speculative_config: dict | None = None,
    ):
        self.port = free_port()
        self.name = name
        self.url = f"http://127.0.0.1:{self.port}"
        self.cmd = [
            sys.executable,
            "-m",
            "vllm.entrypoints.openai.api_server",
            "--model",
            model_path,
            "--served-model-name",
            name,
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--max-model-len",
            str(max_model_len),
            "--kv-cache-memory-bytes",
            str(int(kv_cache_gib * (1 << 30))),
            "--block-size",
            "32",
            "--dtype",
            dtype,
            "--seed",
            "0",
            "--structured-outputs-config",
            f'{{"backend": "{structured_backend}", "disable_any_whitespace": true}}',
            "--enable-prompt-tokens-details",
            "--enable-prefix-caching" if prefix_caching else "--no-enable-prefix-caching",
        ]
        if eager:
            self.cmd.append("--enforce-eager")
        if speculative_config:  # the same drafts as our engine (EngineOptions.speculative_config)
            self.cmd += ["--speculative-config", json.dumps(speculative_config)]
        self.log_path = log_path
        self.proc: subprocess.Popen | None = None

    def start(self, timeout: float = 240) -> float:
        """Start the server and wait for /health; returns the seconds it took."""
        import httpx

        env = dict(os.environ)
        env.setdefault("VLLM_CPU_OMP_THREADS_BIND", f"0-{(os.cpu_count() or 1) - 1}")
        env.setdefault("VLLM_CPU_NUM_OF_RESERVED_CPU", "0")
        env["VLLM_LOGGING_LEVEL"] = "WARNING"
        env["VLLM_SERVER_DEV_MODE"] = "1"  # for /reset_prefix_cache between measured runs
        log = open(self.log_path, "w") if self.log_path else subprocess.DEVNULL
        t0 = time.perf_counter()
        self.proc = subprocess.Popen(
            self.cmd, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
        while time.perf_counter() - t0 < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"vLLM server exited with {self.proc.returncode} (log: {self.log_path})")
            try:
                if httpx.get(self.url + "/health", timeout=2).status_code == 200:
                    return time.perf_counter() - t0
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        self.stop()
        raise TimeoutError(f"vLLM server not healthy after {timeout} s (log: {self.log_path})")

    def reset_prefix_cache(self) -> None:
        """Empty the server's prefix cache (a dev-mode endpoint, enabled at start)."""
        import httpx

        r = httpx.post(self.url + "/reset_prefix_cache", timeout=60)
        if r.status_code != 200:
            raise RuntimeError(
                f"vLLM server refused /reset_prefix_cache: HTTP {r.status_code} {r.text[:200]}"
            )

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        import signal

        # The server spawns an engine-core process; it was started in its own session so
        # the whole group (ours alone) can be ended.
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(30)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(10)


async def _chat(client, url: str, body: dict, stage: str, rnd: int, model: str) -> tuple[Call, str]:
    t0 = time.perf_counter()
    r = await client.post(url + "/v1/chat/completions", json=body)
    if r.status_code != 200:
        raise RuntimeError(f"HTTP {r.status_code}: {r.text[:300]}")
    data = r.json()
    text = data["choices"][0]["message"]["content"] or ""
    u = data.get("usage") or {}
    cached = ((u.get("prompt_tokens_details") or {}).get("cached_tokens")) or 0
    call = Call(
        stage=stage,
        round=rnd,
        model=model,
        text=text.strip(),
        prompt_tokens=u.get("prompt_tokens", 0),
        cached_tokens=cached,
        completion_tokens=u.get("completion_tokens", 0),
        seconds=time.perf_counter() - t0,
        finish_reason=data["choices"][0].get("finish_reason") or "stop",
    )
    return call, text


async def http_loop(client, url: str, model: str, task: str, cfg: RefineConfig, budget: Budget) -> LoopResult:
    """One Self-Refine loop over chat completions (the proxy / agent-framework pattern)."""
    t0 = time.perf_counter()
    p, spec = cfg.prompts, cfg.spec
    answer = {
        "model": model,
        "temperature": cfg.sampling.temperature,
        "top_p": cfg.sampling.top_p,
        "max_tokens": budget.answer_tokens,
        "ignore_eos": budget.fixed,
    }
    feedback = {
        "model": model,
        "temperature": cfg.feedback_temperature,
        "top_p": cfg.sampling.top_p,
        "max_tokens": spec.token_budget(),
    }
    if cfg.feedback == "grammar":
        feedback["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": "feedback", "schema": spec.json_schema(), "strict": True},
        }
    elif budget.feedback_tokens:
        feedback.update(max_tokens=budget.feedback_tokens, ignore_eos=True)
    msgs = p.opening(spec, task)
    trace: list[Call] = []
    call, text = await _chat(client, url, {**answer, "messages": msgs}, "draft", 0, model)
    trace.append(call)
    outputs, reason = [call.text], "max_rounds"
    msgs.append({"role": "assistant", "content": text})
    points: list[str] = []
    policy = StopPolicy.of(cfg)
    for stage, rnd in _steps(cfg):
        if stage == "feedback":
            # the turns of engine.core.loop.refine: the review may quote the output under review, the
            # refine turn lists the review's problems and may quote the output too
            msgs.append(
                {
                    "role": "user",
                    "content": p.review(
                        spec,
                        cfg.feedback,
                        input=task,
                        round=rnd,
                        stop_phrase=cfg.stop_phrase,
                        answer=outputs[-1],
                    ),
                }
            )
            call, text = await _chat(client, url, {**feedback, "messages": msgs}, stage, rnd, model)
            trace.append(call)
            msgs.append({"role": "assistant", "content": text})
            review = Review(rnd, outputs[-1], read_feedback(call.text, cfg, (), outputs[-1]))
            why, points = policy.stop_reason(review), review.problems
            if why and not budget.fixed:
                reason = why
                break
        else:
            msgs.append(
                {
                    "role": "user",
                    "content": p.render(
                        "refine",
                        spec,
                        input=task,
                        round=rnd,
                        problems="\n".join(f"- {x}" for x in points),
                        answer=outputs[-1],
                    ),
                }
            )
            call, text = await _chat(client, url, {**answer, "messages": msgs}, stage, rnd, model)
            trace.append(call)
            outputs.append(call.text)
            msgs.append({"role": "assistant", "content": text})
    return LoopResult(
        input=task,
        answer=outputs[-1],
        selected_round=len(outputs) - 1,
        stop_reason=reason,
        rounds=len(outputs) - 1,
        outputs=outputs,
        scores=[None] * len(outputs),
        trace=trace,
        seconds=time.perf_counter() - t0,
    )


async def http_many(
    url: str, model: str, tasks: list[str], cfg: RefineConfig, budget: Budget, concurrency: int, on_done=None
) -> list:
    """N concurrent clients, each running loops one after another until the tasks are done."""
    import httpx

    queue: asyncio.Queue = asyncio.Queue()
    for i, t in enumerate(tasks):
        queue.put_nowait((i, t))
    results: list = [None] * len(tasks)
    limits = httpx.Limits(max_connections=concurrency + 4, max_keepalive_connections=concurrency + 4)
    async with httpx.AsyncClient(timeout=httpx.Timeout(1800.0), limits=limits) as client:

        async def worker():
            while not queue.empty():
                i, t = queue.get_nowait()
                t0 = time.perf_counter()
                try:
                    res = await http_loop(client, url, model, t, cfg, budget)
                except Exception as exc:  # keep the item: a failed loop is a record, not a gap
                    res = LoopError(
                        input=t,
                        error=f"{type(exc).__name__}: {exc}",
                        error_type="http_error",
                        seconds=time.perf_counter() - t0,
                    )
                results[i] = res
                if on_done:
                    on_done(i, res)

        await asyncio.gather(*(worker() for _ in range(min(concurrency, len(tasks)))))
    return results
