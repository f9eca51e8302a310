"""Mode 5: the same loops on the transformers backend (plain `model.generate`, grammar through Outlines)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace

from selfrefine.bench.harness import Harness, PeakRSS
from selfrefine.bench.summary import ModeRun
from selfrefine.engine.core.item import Item
from selfrefine.engine.core.many import refine_many


class TransformersBench(Harness):
    async def transformers_mode(self) -> None:
        """Mode 5: mode 1's loops, config and grammar on the transformers backend, one at a time
        (the backend serves one call at a time and caches nothing)."""
        from selfrefine.engine.backends import models
        from selfrefine.engine.backends.engine_options import EngineOptions
        from selfrefine.engine.backends.hf_engine import HFEngine

        cfg = self.cfg
        name, path = models.resolve(cfg.model)
        task = self.progress.add_task("start transformers backend", total=None)
        t0 = time.perf_counter()
        engine = HFEngine(
            path,
            name,
            EngineOptions(max_model_len=cfg.max_model_len, dtype=cfg.dtype),
            threads=cfg.transformers_threads,
        )
        await asyncio.to_thread(engine.start)
        rcfg = cfg.refine_config()
        # The same warm-up as the vLLM engines get (first grammar compile, first-call paths).
        wcfg = replace(rcfg, rounds=1, sampling=replace(rcfg.sampling, max_tokens=8))
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
        self.runs["transformers"] = ModeRun(
            "transformers",
            label,
            1,
            wall,
            results=res,
            peak_rss=mem.peak,
            note=f"{len(res)} of the items{budget}; grammar feedback with mode 1's schema through Outlines; "
            f"no prefix cache; torch threads: {threads}",
        )
        self.on_update()
