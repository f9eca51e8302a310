"""Loop-aware scheduling: the priority each engine call carries, and admission by KV budget.

Every call carries a priority from its loop's state for vLLM's priority scheduler
(`scheduling_policy="priority"`: the lowest value is served first, the highest preempted first
when the KV cache runs out); SCHEDULING names the policies. A loop marks itself with
`loop_scope()`; a call outside any loop (a plain chat completion) counts as a one-call loop. The
state lives in a context variable, so concurrent loops (each its own asyncio task) never see each
other's, and every engine a loop uses (drafter and critic) reads the same one.

`KVAdmission` starts a loop only while the peak histories of the loops in flight fit the KV
cache; a loop's peak is estimated at its start (`peak_tokens`) from how much a history grew per
round in the loops that finished (`KVGrowth`).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections import deque
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING

from selfrefine.engine.errors import InvalidParameter
from selfrefine.engine.types import Engine, LoopResult

if TYPE_CHECKING:
    from selfrefine.engine.core.config import RefineConfig

SCHEDULING = ("loop", "las", "fcfs")
"""Priority of each engine call. loop: the oldest loop first (a loop's calls carry the sequence
number of its start), so under KV pressure the youngest loops wait or are preempted and the
oldest finish with their histories cached. las: least attained service (Autellix's policy for
programs), the tokens a loop has had computed so far, so new and short loops go first. fcfs:
vLLM's default, every call its own request in arrival order, so a loop's next call queues
behind the drafts of loops that started after it."""


@dataclass
class LoopState:
    seq: int
    """Order of the loop's start (lower: older)."""
    attained: int = 0
    """Tokens computed for the loop so far: uncached prompt tokens plus generated tokens."""


_seq = itertools.count(1)
_current: ContextVar[LoopState | None] = ContextVar("selfrefine_loop", default=None)


@contextlib.contextmanager
def loop_scope():
    """Mark the calls made inside as one loop's (see the module doc); yields its LoopState."""
    state = LoopState(next(_seq))
    token = _current.set(state)
    try:
        yield state
    finally:
        _current.reset(token)


def check(policy: str) -> str:
    if policy not in SCHEDULING:
        raise InvalidParameter("scheduling", f"must be one of {', '.join(SCHEDULING)}")
    return policy


def priority(policy: str) -> int:
    """The vLLM priority of the next call of the current loop (lower is served first)."""
    if policy == "fcfs":
        return 0
    state = _current.get()
    if policy == "las":
        return state.attained if state is not None else 0
    return state.seq if state is not None else next(_seq)


def charge(tokens: int) -> None:
    """Count tokens computed for the current loop (its attained service)."""
    state = _current.get()
    if state is not None:
        state.attained += max(0, tokens)


class KVAdmission:
    """Admit loops while their peak histories fit a KV budget of `capacity` tokens.

    `reserve(n)` waits until the reservations in flight plus `n` fit (or none is in flight: a
    loop larger than the whole budget still runs, alone), in order of asking, so no loop
    overtakes another. The reservation is returned when the block exits.
    """

    def __init__(self, capacity: int):
        if capacity < 1:
            raise InvalidParameter("kv capacity", "must be >= 1 token")
        self.capacity = capacity
        self.used = 0
        self.in_flight = 0
        self.peak_in_flight = 0
        self.waited = 0
        """Loops that had to wait for room."""
        self._queue: deque[tuple[int, asyncio.Future]] = deque()

    def _fits(self, n: int) -> bool:
        return self.in_flight == 0 or self.used + n <= self.capacity

    def _wake(self) -> None:
        while self._queue and self._fits(self._queue[0][0]):
            n, fut = self._queue.popleft()
            if not fut.done():
                self._take(n)
                fut.set_result(None)

    def _take(self, n: int) -> None:
        self.used += n
        self.in_flight += 1
        self.peak_in_flight = max(self.peak_in_flight, self.in_flight)

    @contextlib.asynccontextmanager
    async def reserve(self, n: int):
        if not self._queue and self._fits(n):
            self._take(n)
        else:
            self.waited += 1
            fut = asyncio.get_running_loop().create_future()
            self._queue.append((n, fut))
            try:
                await fut
            except asyncio.CancelledError:
                if fut.done() and not fut.cancelled():  # admitted just as it was cancelled
                    self._give(n)
                else:
                    self._queue = deque(q for q in self._queue if q[1] is not fut)
                    self._wake()
                raise
        try:
            yield
        finally:
            self._give(n)

    def _give(self, n: int) -> None:
        self.used -= n
        self.in_flight -= 1
        self._wake()


def kv_capacity(*engines: Engine | None) -> int | None:
    """The smallest KV capacity (tokens) the engines report, or None when none reports one."""
    caps = [e.kv_capacity_tokens for e in engines if e is not None]
    caps = [c for c in caps if c]
    return min(caps) if caps else None


class KVGrowth:
    """How many tokens a loop's history gains per round, learned from the loops that finished
    (a prior until then, from the sampling budget and the feedback's size: room for the rewrite,
    for a turn that quotes the answer, for the turns' text and for the review's words)."""

    def __init__(self, cfg: RefineConfig):
        self.total, self.rounds = 0, 0
        self.prior = 2 * cfg.sampling.max_tokens + 64 + 2 * cfg.spec.item_words * cfg.spec.max_items

    def per_round(self) -> int:
        return round(self.total / self.rounds) if self.rounds >= 4 else self.prior

    def learn(self, res: LoopResult) -> None:
        draft = [c for c in res.trace if c.round == 0 and c.stage == "draft"]
        later = [c for c in res.trace if c.round >= 1 or c.stage != "draft"]
        rounds = max((c.round for c in res.trace), default=0)
        if later and rounds:
            start = draft[0].prompt_tokens + draft[0].completion_tokens if draft else later[0].prompt_tokens
            end = max(c.prompt_tokens + c.completion_tokens for c in later)
            self.total += max(0, end - start)
            self.rounds += rounds


def peak_tokens(
    prompt_tokens: int, cfg: RefineConfig, per_round: int, limit: int | None, block: int = 32
) -> int:
    """A loop's largest history in tokens: its draft prompt, the draft, and `per_round` tokens
    for each round, rounded up to whole KV blocks and capped at the context `limit`."""
    tokens = prompt_tokens + cfg.sampling.max_tokens + cfg.rounds * per_round
    return min(-(-tokens // block) * block, limit or tokens)
