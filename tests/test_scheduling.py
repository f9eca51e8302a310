"""Loop-aware scheduling (engine.backends.scheduling): call priorities from the loop's state, and
admission of loops by KV budget. Fast tests with a scripted engine; the real engine runs with
the default priority policy in every engine test, and the figures are in `selfrefine bench
--modes pressure,growth`."""

from __future__ import annotations

import asyncio
import re

import pytest

from selfrefine.engine.backends import scheduling
from selfrefine.engine.backends.engine_options import EngineOptions
from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.item import Item
from selfrefine.engine.core.loop import refine
from selfrefine.engine.core.many import peak_history, refine_many
from selfrefine.engine.errors import InvalidParameter
from selfrefine.engine.types import LoopResult, Sampling
from tests.fakes import ScriptedEngine, fb


def run(coro):
    return asyncio.run(coro)


def test_policy_names_are_checked():
    assert EngineOptions().scheduling == "loop"
    for name in scheduling.SCHEDULING:
        EngineOptions(scheduling=name)
    with pytest.raises(InvalidParameter) as exc:
        EngineOptions(scheduling="sjf")
    assert exc.value.param == "scheduling"


def test_priorities_follow_each_loops_state():
    async def loop(seen: list, delay: float):
        with scheduling.loop_scope() as state:
            for _ in range(3):
                seen.append(("loop", state.seq, scheduling.priority("loop")))
                seen.append(("las", state.seq, scheduling.priority("las")))
                seen.append(("fcfs", state.seq, scheduling.priority("fcfs")))
                scheduling.charge(10)
                await asyncio.sleep(delay)
        return state

    async def main():
        a, b = [], []
        sa, sb = await asyncio.gather(loop(a, 0.01), loop(b, 0.0))
        return a, b, sa, sb

    a, b, sa, sb = run(main())
    assert sa.seq < sb.seq  # the first loop started first: it is the older one
    # loop policy: every call of a loop carries the loop's start order, however far it is
    assert {p for k, _, p in a if k == "loop"} == {sa.seq}
    assert {p for k, _, p in b if k == "loop"} == {sb.seq}
    # las: the tokens computed for that loop so far, its own only
    assert [p for k, _, p in a if k == "las"] == [0, 10, 20]
    assert [p for k, _, p in b if k == "las"] == [0, 10, 20]
    assert {p for k, _, p in a + b if k == "fcfs"} == {0}
    assert sa.attained == sb.attained == 30


def test_calls_outside_a_loop_are_one_call_loops():
    first, second = scheduling.priority("loop"), scheduling.priority("loop")
    assert second > first  # a later plain request is younger than an earlier one
    assert scheduling.priority("las") == 0
    scheduling.charge(5)  # no loop: nothing to charge, no error


def test_admission_is_first_come_and_never_overfills():
    async def main():
        gate = scheduling.KVAdmission(100)
        log = []

        async def loop(i, n, hold):
            async with gate.reserve(n):
                log.append(("start", i, gate.used))
                assert gate.used <= 100 or gate.in_flight == 1
                await asyncio.sleep(hold)
            log.append(("end", i))

        await asyncio.gather(loop(0, 60, 0.05), loop(1, 60, 0.01), loop(2, 30, 0.0), loop(3, 250, 0.0))
        return gate, log

    gate, log = run(main())
    starts = [e[1] for e in log if e[0] == "start"]
    assert starts == [0, 1, 2, 3]  # in order of asking: the small loop 2 does not overtake loop 1
    at = {e[:2]: k for k, e in enumerate(log)}
    assert at[("start", 1)] > at[("end", 0)]  # 60 + 60 > 100: loop 1 waited for loop 0
    assert at[("start", 3)] > max(at[("end", 1)], at[("end", 2)])
    assert ("start", 3, 250) in log  # larger than the whole budget: it still runs, alone
    assert gate.used == 0 and gate.in_flight == 0 and gate.peak_in_flight == 2 and gate.waited == 3


def test_admission_gives_back_a_cancelled_wait():
    async def main():
        gate = scheduling.KVAdmission(10)

        async def hold():
            async with gate.reserve(10):
                await asyncio.sleep(0.05)

        async def wait():
            async with gate.reserve(5):
                pass

        first = asyncio.create_task(hold())
        await asyncio.sleep(0)
        waiting = asyncio.create_task(wait())
        await asyncio.sleep(0.01)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        await first
        async with gate.reserve(10):  # nothing leaked: the whole budget is free again
            assert gate.used == 10
        return gate

    gate = run(main())
    assert gate.used == 0 and gate.in_flight == 0
    with pytest.raises(InvalidParameter):
        scheduling.KVAdmission(0)


class SlowEngine(ScriptedEngine):
    """A scripted engine whose calls take time, that counts loops in flight and reports a KV
    capacity like VLLMEngine.kv_capacity_tokens."""

    def __init__(self, capacity: int | None, **kw):
        super().__init__(**kw)
        self.kv_capacity_tokens = capacity
        self.active: set[str] = set()
        self.peak = 0

    async def generate(self, prompt_ids, sampling, json_schema=None, **kw):
        text = self.tokenizer.decode(prompt_ids)
        key = re.search(r"task number \d\d", text).group()  # the loop's own task
        self.active.add(key)
        self.peak = max(self.peak, len(self.active))
        await asyncio.sleep(0.005)
        out = await super().generate(prompt_ids, sampling, json_schema, **kw)
        if json_schema is not None and '"stop": true' in out.text:
            self.active.discard(key)
        return out


def _respond(prompt: str) -> str:
    if prompt.rstrip().endswith("<assistant>") and prompt.count("<user>") == 1:
        return "a draft answer"
    turns = prompt.count("<user>")
    return fb(stop=True) if turns >= 4 else ("a better answer " * turns if turns % 2 == 1 else fb())


def test_refine_many_limits_loops_in_flight_by_the_kv_budget():
    cfg = RefineConfig(rounds=2, sampling=Sampling(max_tokens=40))
    items = [Item(f"task number {i:02d}", id=str(i)) for i in range(8)]
    probe = SlowEngine(None, respond=_respond)
    one = peak_history(probe, items[0], cfg, per_round=300)

    free = SlowEngine(None, respond=_respond)  # no capacity reported: no admission
    res = run(refine_many(free, items, cfg, concurrency=8))
    assert all(isinstance(r, LoopResult) for r in res) and free.peak == 8

    tight = SlowEngine(3 * one, respond=_respond)
    gate = scheduling.KVAdmission(3 * one)
    res = run(refine_many(tight, items, cfg, concurrency=8, kv_admission=gate))
    assert [r.id for r in res] == [str(i) for i in range(8)]
    assert all(isinstance(r, LoopResult) for r in res)
    assert gate.peak_in_flight <= 3 and gate.waited >= 5 and gate.used == 0

    off = SlowEngine(3 * one, respond=_respond)
    run(refine_many(off, items, cfg, concurrency=8, kv_admission=False))
    assert off.peak == 8


def test_loop_calls_carry_one_priority_per_loop():
    seen = []

    class Recording(ScriptedEngine):
        async def generate(self, prompt_ids, sampling, json_schema=None, **kw):
            seen.append(
                (self.tokenizer.decode(prompt_ids).split("<user>")[1][:7], scheduling.priority("loop"))
            )
            return await super().generate(prompt_ids, sampling, json_schema, **kw)

    engine = Recording(respond=_respond)
    run(refine_many(engine, [Item("task AA"), Item("task BB")], RefineConfig(rounds=2), concurrency=2))
    by_loop = {}
    for key, p in seen:
        by_loop.setdefault(key, set()).add(p)
    assert len(by_loop) == 2 and all(len(v) == 1 for v in by_loop.values())
    assert by_loop["task AA"] != by_loop["task BB"]
    # one loop run directly is a scope of its own too
    seen.clear()
    run(refine(engine, Item("task CC"), RefineConfig(rounds=1)))
    assert len({p for _, p in seen}) == 1


class InFlightEngine(ScriptedEngine):
    """A scripted engine whose calls take time and that counts its own generate calls in flight
    (the engine's view of concurrency, not any gate's counter); it reports `capacity` as its KV
    capacity like VLLMEngine.kv_capacity_tokens."""

    def __init__(self, capacity: int | None = None, **kw):
        super().__init__(**kw)
        self.kv_capacity_tokens = capacity
        self.in_flight = 0
        self.peak = 0

    async def generate(self, prompt_ids, sampling, json_schema=None, **kw):
        self.in_flight += 1
        self.peak = max(self.peak, self.in_flight)
        try:
            await asyncio.sleep(0.005)
            return await super().generate(prompt_ids, sampling, json_schema, **kw)
        finally:
            self.in_flight -= 1


def test_refine_many_admits_by_the_engines_reported_kv_capacity_by_default():
    # The default path: kv_admission=True and no gate passed in; refine_many builds the gate
    # from the engine's kv_capacity_tokens. Every loop reserves its peak at its start, before
    # any loop has finished, so all reserve the prior estimate and exactly three fit.
    cfg = RefineConfig(rounds=2, sampling=Sampling(max_tokens=40))
    items = [Item(f"task number {i:02d}", id=str(i)) for i in range(8)]
    probe = InFlightEngine(respond=_respond)
    one = peak_history(probe, items[0], cfg, scheduling.KVGrowth(cfg).per_round())
    assert all(peak_history(probe, it, cfg, scheduling.KVGrowth(cfg).per_round()) == one for it in items)

    engine = InFlightEngine(3 * one, respond=_respond)
    res = run(refine_many(engine, items, cfg, concurrency=8))
    assert [r.id for r in res] == [str(i) for i in range(8)]
    assert all(isinstance(r, LoopResult) for r in res)
    assert engine.peak == 3  # a loop's calls are sequential: calls in flight == loops admitted
    assert engine.in_flight == 0

    unlimited = InFlightEngine(None, respond=_respond)  # reports no capacity: no admission
    run(refine_many(unlimited, items, cfg, concurrency=8))
    assert unlimited.peak == 8


def test_refine_many_runs_at_most_concurrency_loops_at_once():
    cfg = RefineConfig(rounds=2, sampling=Sampling(max_tokens=40))
    items = [Item(f"task number {i:02d}", id=str(i)) for i in range(9)]
    for limit in (1, 3):
        engine = InFlightEngine(respond=_respond)  # no KV capacity: only the concurrency limit applies
        res = run(refine_many(engine, items, cfg, concurrency=limit))
        assert [r.id for r in res] == [str(i) for i in range(9)]
        assert all(isinstance(r, LoopResult) for r in res)
        assert engine.peak == limit  # reached, never exceeded
    with pytest.raises(InvalidParameter):
        run(refine_many(InFlightEngine(respond=_respond), items, cfg, concurrency=0))
