"""The benchmark harness: config, workload, engine and server start-up, timed runs and their records."""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from selfrefine.bench.baselines import Budget, OpenAIServer, http_many
from selfrefine.bench.summary import ModeRun, summarize
from selfrefine.engine.backends.engine_options import default
from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.item import Item
from selfrefine.engine.core.many import refine_many
from selfrefine.engine.core.prompts import DEFAULT_STOP_PHRASE, Prompts
from selfrefine.engine.types import Sampling
from selfrefine.grammars.feedback import FeedbackSpec

MODES = (
    "ours",
    "sequential",
    "no_cache",
    "threads",
    "http",
    "transformers",
    "limit",
    "sweep",
    "text",
    "speculation",
    "pressure",
    "growth",
    "lowload",
)
NEVER_STOP = "bench fixed length never stops"
# Fixed-length loops must never stop early: the prompt still shows the usual stop phrase, but
# the loop checks for one no feedback can be (the feedback always runs to its exact length).

_KINDS = (
    "Write a haiku about {}.",
    "Give three practical tips about {}.",
    "Explain {} to a ten-year-old in two sentences.",
    "Write a one-paragraph product pitch for {}.",
    "List the pros and cons of {}.",
    "Write a short limerick about {}.",
    "Describe {} in exactly three sentences.",
    "Write a tweet announcing {}.",
)
_TOPICS = (
    "rain",
    "a lighthouse",
    "learning to cook",
    "electric bicycles",
    "public libraries",
    "morning routines",
    "houseplants",
    "night trains",
    "solar panels",
)


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
    structured_backend: str = default("structured_backend")
    dtype: str = default("dtype")
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
    def make(cls, quick: bool = False, natural: bool = False, **over) -> BenchConfig:
        base: dict = {}
        if natural:
            base.update(
                model="qwen2.5-coder-0.5b-instruct",
                max_tokens=160,
                loops=16,
                sweep=(1, 4, 16),
                sequential_loops=2,
                transformers_loops=2,
            )
        if quick:
            base.update(
                loops=4,
                rounds=1,
                max_tokens=16,
                sequential_loops=2,
                transformers_loops=1,
                repeats=1,
                transformers_budget_s=30.0,
                sweep=(1, 2, 4),
                kv_cache_gib=1.0,
                feedback_items=1,
                feedback_item_words=8,
                pressure_kv_gib=0.1,
                pressure_loops=8,
                pressure_rounds=1,
                pressure_tokens=16,
                growth_loops=(1, 8),
                growth_rounds=(1, 2),
                growth_tokens=16,
            )
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
            prompts = replace(
                prompts, feedback_text=prompts.feedback_grammar, guide_text=prompts.guide_grammar
            )
        return RefineConfig(
            rounds=self.rounds,
            feedback=feedback_mode,
            spec=self.spec(),
            prompts=prompts,
            stop_flag=self.natural,
            stop_phrase=DEFAULT_STOP_PHRASE if self.natural else NEVER_STOP,
            # Fixed-length loops run every round: no stop rule and no rewrite check may end one.
            stop_on_top=self.natural,
            stop_on_no_problems=self.natural,
            reject=self.natural,
            selection="last",
            sampling=Sampling(temperature=0.0, max_tokens=self.max_tokens, ignore_eos=not self.natural),
            feedback_temperature=0.0,
        )


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

    def __enter__(self) -> PeakRSS:
        self.peak = self._sample()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(2)


class Harness:
    """What every benchmark uses: the run's records and progress bars, timed loops, engine and
    server start-up. Each benchmark (bench/modes) is a subclass; run.Bench combines them."""

    def __init__(self, cfg: BenchConfig, progress, log=print):
        self.cfg, self.progress, self.log = cfg, progress, log
        self.runs: dict[str, ModeRun] = {}
        self.startup: dict[str, float] = {}
        self.tasks = workload(max(cfg.loops, *(c for c in cfg.sweep if "sweep" in cfg.modes), 1))
        self.items = [Item(input=t, id=f"item-{i}") for i, t in enumerate(self.tasks)]
        self.budget = Budget(answer_tokens=cfg.max_tokens, fixed=not cfg.natural)
        self.extra: dict = {}
        """Mode results that are not runs (speculation_identical, kv_capacity_tokens, kv_repeats)."""
        self.on_update = lambda: None
        """Called after each mode (run_bench writes a partial report then)."""

    def _store(self, run: ModeRun) -> ModeRun:
        """Keep the fastest run of a repeated mode, with every run's rate as samples; returns `run`."""
        rate = summarize(run)["gen_tok_per_s"]
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

    async def _loops(
        self,
        engine,
        key: str,
        label: str,
        items: list[Item],
        conc: int,
        cfg: RefineConfig | None = None,
        note: str = "",
    ) -> ModeRun:
        await reset_prefix_cache(engine)
        task, tick = self._bar(label, len(items))
        with PeakRSS() as mem:
            t0 = time.perf_counter()
            res = await refine_many(
                engine, items, cfg or self.cfg.refine_config(), concurrency=conc, on_done=tick
            )
            wall = time.perf_counter() - t0
        self._done(task)
        return self._store(ModeRun(key, label, conc, wall, results=res, peak_rss=mem.peak, note=note))

    def _options(
        self,
        prefix_caching: bool = True,
        speculation: str | None = None,
        concurrency: int | None = None,
        **over,
    ):
        from selfrefine.engine.backends.engine_options import EngineOptions

        return EngineOptions(
            **{
                **dict(
                    expected_concurrency=concurrency,
                    max_model_len=self.cfg.max_model_len,
                    kv_cache_gib=self.cfg.kv_cache_gib,
                    enable_prefix_caching=prefix_caching,
                    structured_backend=self.cfg.structured_backend,
                    dtype=self.cfg.dtype,
                    enforce_eager=self.cfg.eager,
                    speculation=speculation or self.cfg.speculation,
                    extra=dict(self.cfg.extra_engine),
                ),
                **over,
            }
        )

    def _engine(
        self, prefix_caching: bool, speculation: str | None = None, concurrency: int | None = None, **over
    ):
        from selfrefine.engine.backends import models
        from selfrefine.engine.backends.vllm_engine import VLLMEngine

        name, path = models.resolve(self.cfg.model)
        return VLLMEngine(path, name, self._options(prefix_caching, speculation, concurrency, **over))

    async def _start(
        self,
        key: str,
        label: str,
        prefix_caching: bool,
        speculation: str | None = None,
        concurrency: int | None = None,
        **over,
    ):
        task = self.progress.add_task(f"start {label}", total=None)
        t0 = time.perf_counter()
        engine = self._engine(prefix_caching, speculation, concurrency, **over).start()
        # Warm-up (not measured): grammar compile, first-request paths, and the batch shapes of
        # mode 1 (n loops at once, short answers), so that the first measured mode pays no
        # one-off costs the later ones would not.
        wcfg = self.cfg.refine_config()
        wcfg = replace(wcfg, rounds=1, sampling=replace(wcfg.sampling, max_tokens=8))
        n = self.cfg.loops
        await refine_many(engine, [Item(input=f"Say hello to {i}.") for i in range(n)], wcfg, concurrency=n)
        self.startup[key] = time.perf_counter() - t0
        self.progress.update(task, total=1, completed=1)
        return engine

    def _server(
        self, kv_cache_gib: float | None = None, speculation: str | None = None, log: str = "vllm_server.log"
    ):
        from selfrefine.engine.backends import models

        cfg = self.cfg
        name, path = models.resolve(cfg.model)
        cfg.out_dir.mkdir(parents=True, exist_ok=True)
        spec = self._options(speculation=speculation).speculative_config()
        return OpenAIServer(
            path,
            name,
            kv_cache_gib=kv_cache_gib or cfg.kv_cache_gib,
            max_model_len=cfg.max_model_len,
            structured_backend=cfg.structured_backend,
            dtype=cfg.dtype,
            eager=cfg.eager,
            log_path=cfg.out_dir / log,
            speculative_config=spec,
        )

    async def _start_server(self, server, key: str, label: str, warm: int) -> None:
        task = self.progress.add_task(f"start {label}", total=None)
        t0 = time.perf_counter()
        await asyncio.to_thread(server.start)
        rcfg = self.cfg.refine_config()
        # Same warm-up as the engines: grammar compile and the batch shapes of the loops.
        await http_many(
            server.url,
            server.name,
            [f"Say hello to {i}." for i in range(warm)],
            replace(rcfg, rounds=1),
            replace(self.budget, answer_tokens=8),
            warm,
        )
        self.startup[key] = time.perf_counter() - t0
        self.progress.update(task, total=1, completed=1)

    async def _http_run(
        self,
        server,
        key: str,
        label: str,
        tasks: list[str],
        n: int,
        rcfg: RefineConfig,
        budget: Budget,
        note: str,
    ) -> ModeRun:
        await asyncio.to_thread(server.reset_prefix_cache)  # as the engine modes: start empty
        bar, tick = self._bar(label, len(tasks))
        with PeakRSS() as mem:
            t0 = time.perf_counter()
            res = await http_many(server.url, server.name, tasks, rcfg, budget, n, on_done=tick)
            wall = time.perf_counter() - t0
        self._done(bar)
        return self._store(ModeRun(key, label, n, wall, results=res, peak_rss=mem.peak, note=note))


# ---- engine internals the bench reads: each access in one function, for lack of a public one


async def reset_prefix_cache(engine) -> None:
    """Empty the prefix cache so that no mode inherits another's cached blocks."""
    inner = getattr(engine, "inner", engine)  # the free-text view (modes/text.py) wraps the engine
    await inner.reset_prefix_cache()


def vllm_on_cpu() -> bool:
    """Whether vLLM runs on the CPU here (the threads mode measures a CPU-only setting)."""
    # engine.backends.vllm_engine has only the private `_is_cpu()` before an engine starts (VLLMEngine.is_cpu
    # is set by engine_args()); a public `vllm_engine.is_cpu()` should replace this import.
    from selfrefine.engine.backends.vllm_engine import _is_cpu  # vLLM loads lazily

    return _is_cpu()
