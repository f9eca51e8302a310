"""Mode 1 (all loops at once) and, interleaved on its engine, free-text feedback, limit, sequential, sweep."""

from __future__ import annotations

from selfrefine.bench.modes.limit import LimitBench
from selfrefine.bench.modes.text import TextBench
from selfrefine.engine.types import LoopResult


class OursBench(TextBench, LimitBench):
    async def engine_modes(self) -> None:
        cfg = self.cfg
        n = cfg.loops
        if any(self.want(m) for m in ("ours", "sequential", "limit", "sweep", "text")):
            engine = await self._start("engine", "engine (prefix caching on)", True)
            try:
                first = None
                for _rep_i in range(max(1, cfg.repeats)):  # interleaved, so drift hits every variant alike
                    run = await self._loops(engine, "ours", f"1 ours: {n} loops at once", self.items[:n], n)
                    if first is None:
                        first = run
                        fb = [
                            c.completion_tokens
                            for r in first.results
                            if isinstance(r, LoopResult)
                            for c in r.trace
                            if c.stage == "feedback"
                        ]
                        self.budget.feedback_tokens = (
                            max(1, round(sum(fb) / len(fb))) if fb else cfg.spec().token_budget()
                        )
                    if self.want("text"):
                        await self._text_run(engine, first)
                    if self.want("limit"):
                        loops = [r.trace for r in first.results if isinstance(r, LoopResult)]
                        await self._flat(
                            engine,
                            "limit",
                            "6 engine limit: mode 1's calls, flat",
                            loops,
                            n,
                            len(loops),
                            note="mode 1's calls as independent requests: same prompt, "
                            "cached and output tokens per call, same number in flight",
                        )
                if self.want("limit"):
                    await self._flat(
                        engine,
                        "limit_short",
                        "6b limit without the history: uncached tokens only",
                        loops,
                        n,
                        len(loops),
                        history=False,
                        note="each call as a fresh prompt of its uncached tokens only: no long context",
                    )
                if self.want("sequential") or self.want("sweep") or self.want("limit"):
                    await self._paired_c1(engine, self.items[: min(cfg.sequential_loops, n)])
                if self.want("sweep"):
                    for c in cfg.sweep:
                        if c in (1, n):
                            continue
                        await self._loops(
                            engine, f"ours_c{c}", f"sweep: {c} loops at once", self.items[:c], c
                        )
            finally:
                engine.shutdown()
