"""Mode 6, the engine limit: loops' calls replayed as independent requests; mode 2 paired with it at c=1."""

from __future__ import annotations

import asyncio
import random
import time

from selfrefine.bench.harness import Harness, PeakRSS, reset_prefix_cache
from selfrefine.bench.summary import ModeRun
from selfrefine.engine.core.item import Item
from selfrefine.engine.core.many import refine_many
from selfrefine.engine.types import Call, LoopResult, Sampling


class LimitBench(Harness):
    async def _replay(
        self, engine, loops: list[list[Call]], conc: int, history: bool = True, tick=lambda *_: None
    ) -> tuple[list[Call], float]:
        """Replay loops' calls as independent requests with exact output lengths; (calls, wall s).

        history=True (the limit): each call keeps its prompt length and its cache hit. Every loop
        gets a random token history; call i's prompt is the first `cached_i` tokens of it (put
        in the prefix cache beforehand, untimed) followed by fresh random tokens, so the engine
        computes exactly the tokens the loop computed and attends over contexts as long, but no
        call waits for another. history=False: only the uncached tokens, as fresh short prompts
        (the engine without the history's context).
        """
        await reset_prefix_cache(engine)
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
                    ids = base[: c.cached_tokens] + rand(max(1, c.prompt_tokens - c.cached_tokens))
                else:
                    ids = rand(max(1, c.prompt_tokens - c.cached_tokens))
                jobs.append(
                    (
                        ids,
                        Sampling(temperature=0.0, max_tokens=max(1, c.completion_tokens), ignore_eos=True),
                        c.stage,
                        c.round,
                    )
                )
        if warm:  # untimed: the histories' blocks into the prefix cache
            await asyncio.gather(
                *(engine.generate(ids, Sampling(temperature=0.0, max_tokens=1)) for ids in warm)
            )
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

    async def _flat(
        self,
        engine,
        key: str,
        label: str,
        loops: list[list[Call]],
        conc: int,
        answers: int,
        note: str,
        history: bool = True,
    ) -> ModeRun:
        """The limit: mode 1's calls replayed (see _replay), stored as a mode."""
        task, tick = self._bar(label, sum(len(c) for c in loops))
        with PeakRSS() as mem:
            done, wall = await self._replay(engine, loops, conc, history, tick)
        self._done(task)
        return self._store(
            ModeRun(key, label, conc, wall, calls=done, answers=answers, peak_rss=mem.peak, note=note)
        )

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
                await reset_prefix_cache(engine)
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
        self._store(
            ModeRun(
                "sequential",
                f"2 sequential: {k} loops one at a time",
                1,
                seq_wall,
                results=seq,
                peak_rss=mem.peak,
                note=f"{k} of the items (rate does not depend on count)",
            )
        )
        self._store(
            ModeRun(
                "limit_c1",
                "6 engine limit, one request at a time",
                1,
                lim_wall,
                calls=lim,
                answers=k,
                peak_rss=mem.peak,
                note="each of mode 2's loops replayed right after it ran, one call at a time",
            )
        )
