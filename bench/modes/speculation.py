"""Speculative decoding off vs auto: a few loops one at a time and all loops at once, outputs compared."""

from __future__ import annotations

from dataclasses import replace

from selfrefine.bench.harness import NEVER_STOP, Harness
from selfrefine.engine.types import LoopResult


class SpeculationBench(Harness):
    async def speculation_mode(self) -> None:
        """Speculation off vs auto, interleaved so drift hits both alike: a few loops one at a time
        (what `selfrefine run` does: auto drafts) and all loops at once (auto, told so, does not);
        greedy outputs compared item by item. Engines: off, n-gram for one loop (what auto is on a
        GPU), and auto for n loops (= off; started only to show that it is). Ratios are paired per repeat."""
        cfg, n = self.cfg, self.cfg.loops
        k = min(cfg.sequential_loops, n)
        rcfg = cfg.refine_config()
        if cfg.natural:
            # Every round runs (answers still end at EOS): drafts speed up the rewrites, which copy
            # the previous answer from the prompt; a loop its feedback stops after the draft has
            # none, and would measure only the drafts' overhead on the draft and feedback calls.
            rcfg = replace(
                rcfg,
                stop_flag=False,
                stop_phrase=NEVER_STOP,
                stop_on_top=False,
                stop_on_no_problems=False,
            )
        note = "every round runs (stop rules off)" if cfg.natural else ""
        engines: dict = {}
        try:
            engines["off"] = await self._start("engine_spec_off", "engine (speculation off)", True, "off")
            # ngram, not auto: on CPU auto drafts nothing (sampled outputs break under drafts there);
            # these loops are greedy, where the drafts are exact, which is what this compares
            engines["auto"] = await self._start(
                "engine_spec_auto", "engine (speculation ngram, 1 loop)", True, "ngram", concurrency=1
            )
            # Each repeat runs both variants back to back, in alternating order (ABBA), so the
            # report's paired ratio cancels drift between repeats and within a repeat alike.
            for i in range(max(1, cfg.repeats)):
                for v in ("off", "auto") if i % 2 == 0 else ("auto", "off"):
                    await self._loops(
                        engines[v],
                        f"spec_{v}_c1",
                        f"7 speculation {v}: {k} loops one at a time",
                        self.items[:k],
                        1,
                        rcfg,
                        note,
                    )
            engines.pop("auto").shutdown()
            engines["auto_n"] = await self._start(
                "engine_spec_auto_n", f"engine (speculation auto, {n} loops)", True, "auto", concurrency=n
            )
            for i in range(max(1, cfg.repeats)):
                for v in ("auto_n", "off") if i % 2 == 0 else ("off", "auto_n"):
                    await self._loops(
                        engines[v],
                        f"spec_{v[:4]}_c{n}",
                        f"7 speculation {v[:4]}: {n} loops at once",
                        self.items[:n],
                        n,
                        rcfg,
                        note,
                    )
        finally:
            for engine in engines.values():
                engine.shutdown()
        same = {}
        for c in (1, n):
            off, auto = self.runs[f"spec_off_c{c}"].results, self.runs[f"spec_auto_c{c}"].results
            pairs = [
                (a.outputs, b.outputs)
                for a, b in zip(off, auto)
                if isinstance(a, LoopResult) and isinstance(b, LoopResult)
            ]
            same[f"c{c}"] = {"loops": len(pairs), "identical": sum(a == b for a, b in pairs)}
        self.extra["speculation_identical"] = same
        self.on_update()
