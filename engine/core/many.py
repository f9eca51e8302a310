"""Many Self-Refine loops at once on one engine: plain coroutines that vLLM's scheduler batches,
admitted by their estimated KV footprint (engine.backends.scheduling)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence

from selfrefine.engine.backends import scheduling
from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.item import Item, start_conversation
from selfrefine.engine.core.loop import refine
from selfrefine.engine.errors import InvalidParameter, SelfRefineError
from selfrefine.engine.types import Engine, LoopError, LoopResult

__all__ = ["peak_history", "refine_many"]


def peak_history(engine: Engine, item: Item, cfg: RefineConfig, per_round: int, block: int = 32) -> int:
    """A loop's largest history in tokens, estimated at its start (scheduling.peak_tokens)."""
    try:
        prompt = len(start_conversation(engine, item, cfg).ids)
    except Exception:  # a bad item fails in refine() with its own clear error
        prompt = 0
    return scheduling.peak_tokens(prompt, cfg, per_round, engine.max_model_len, block)


async def refine_many(
    engine: Engine,
    items: Sequence[Item],
    cfg: RefineConfig,
    *,
    concurrency: int = 64,
    critic: Engine | None = None,
    on_done: Callable[[int, LoopResult | LoopError], None] | None = None,
    kv_admission: bool | scheduling.KVAdmission = True,
) -> list[LoopResult | LoopError]:
    """Run one loop per item concurrently on one engine, at most `concurrency` at a time.

    With `kv_admission` (and an engine that reports its KV capacity), fewer loops run at once
    when their histories would not fit the KV cache together: a loop starts only while the
    estimated peak histories of the loops in flight fit (engine.backends.scheduling.KVAdmission), so
    the engine is not left to preempt and recompute them. Pass a `KVAdmission` of your own
    to set the budget or to read its counters afterwards.

    Always returns exactly len(items) records in input order; a failed loop yields a
    LoopError in its place instead of failing the batch.
    """
    if concurrency < 1:
        raise InvalidParameter("concurrency", "must be >= 1")
    gate = asyncio.Semaphore(concurrency)
    if isinstance(kv_admission, scheduling.KVAdmission):
        admission: scheduling.KVAdmission | None = kv_admission
    else:
        capacity = scheduling.kv_capacity(engine, critic) if kv_admission and concurrency > 1 else None
        admission = scheduling.KVAdmission(capacity) if capacity else None
    growth = scheduling.KVGrowth(cfg)

    async def one(i: int, item: Item) -> LoopResult | LoopError:
        async with gate:
            t0 = time.perf_counter()
            room = (
                admission.reserve(peak_history(critic or engine, item, cfg, growth.per_round()))
                if admission
                else contextlib.nullcontext()
            )
            try:
                async with room:
                    res: LoopResult | LoopError = await refine(engine, item, cfg, critic)
                growth.learn(res)
            except SelfRefineError as exc:
                res = LoopError(
                    input=item.input,
                    id=item.id,
                    error=str(exc),
                    error_type=exc.code,
                    seconds=time.perf_counter() - t0,
                )
            except Exception as exc:  # never drop an item: record what broke
                res = LoopError(
                    input=item.input,
                    id=item.id,
                    error=f"{type(exc).__name__}: {exc}",
                    error_type="internal_error",
                    seconds=time.perf_counter() - t0,
                )
        if on_done is not None:
            on_done(i, res)
        return res

    return list(await asyncio.gather(*(one(i, it) for i, it in enumerate(items))))
