"""Whether a rewrite may replace the output it rewrote: the rewrite checks (engine.core.checks), then the
item's guard with its retries, then the optional pairwise verification (`Acceptance`)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Collection
from dataclasses import replace
from typing import TYPE_CHECKING

from selfrefine.engine.backends.repeats import REPEAT
from selfrefine.engine.core import checks
from selfrefine.engine.core.checks import GUARD, PAIRWISE
from selfrefine.engine.core.history import ContextFull, Conversation, chat_format
from selfrefine.engine.core.substance import asks_to_repeat
from selfrefine.engine.types import Call, Engine, Sampling
from selfrefine.grammars.feedback import verdict_schema

if TYPE_CHECKING:
    from selfrefine.engine.core.config import RefineConfig
    from selfrefine.engine.core.item import Item

RETRY_REASONS = {
    checks.IDENTICAL: "it is word for word your previous answer, so it fixes nothing; "
    "change what the problems named"
}


class Acceptance:
    """One loop's acceptance pipeline; it counts the loop's retries (`RefineConfig.retries`).

    `check` runs the rewrite checks and the guard, `retry` says whether a refusal gets another
    try (and what to tell the model), and `verify` asks the critic to compare the two outputs.
    """

    def __init__(self, cfg: RefineConfig, item: Item, critic: Engine, request: str, reference: str):
        self.cfg, self.item, self.critic = cfg, item, critic
        self.request, self.reference = request, reference
        self.retries = 0
        watch = cfg.reject and cfg.stop_repeats and not asks_to_repeat(request)
        self.rewriting = replace(cfg, sampling=replace(cfg.sampling, stop_repeats=watch))
        """What the rewrite calls run under: `cfg`, a call caught in a loop ended there (refused by
        `check`). Made once per loop."""

    async def check(
        self,
        new: str,
        call: Call,
        previous: str,
        earlier: list[str],
        points: list[str],
        waive: Collection[str] = (),
    ) -> str | None:
        """The first check the rewrite `new` fails, or None; the `waive` checks are skipped. The
        guard's answer goes on `call`."""
        bad = None
        if self.cfg.reject and call.finish_reason == REPEAT and self.cfg.refine_mode == "rewrite":
            bad = checks.REPETITIVE  # ended in a loop (an append's repeats are cut: rewriting.Append)
        elif self.cfg.reject:
            bad = checks.judge_rewrite(
                new,
                previous=previous,
                earlier=earlier,
                reference=self.reference,
                points=points,
                request=self.request,
                substance=self.cfg.substance,
                waive=waive,
            )
        if bad is None and self.item.guard is not None:
            call.guard = await asyncio.to_thread(self.item.guard, new)
            bad = GUARD if call.guard else None
        return bad

    def retry(self, bad: str | None, call: Call) -> str | None:
        """What to tell the model when the refusal `bad` gets a retry (Self-Debug: why the rewrite
        was refused), counting it; None when it gets none."""
        if bad not in self.cfg.retry_on or self.retries >= self.cfg.retries:
            return None
        self.retries += 1
        return call.guard if bad == GUARD else RETRY_REASONS[bad]

    async def verify(self, previous: str, rewrite: str, rnd: int, trace: list[Call]) -> str | None:
        """With verify="pairwise", PAIRWISE unless the critic prefers the rewrite in both orders."""
        if self.cfg.verify != "pairwise":
            return None
        won, calls = await pairwise(self.critic, self.item, self.cfg, previous, rewrite, rnd)
        trace.extend(calls)
        return None if won else PAIRWISE


async def pairwise(
    critic: Engine, item: Item, cfg: RefineConfig, previous: str, rewrite: str, rnd: int
) -> tuple[bool, list[Call]]:
    """Ask the critic which of two outputs is better, in both orders; True if the rewrite wins both.

    Each question is a fresh one-turn chat (no history: the critic judges the two texts, not
    its own review), answered through a grammar that admits only "A" or "B"."""
    fmt = chat_format(critic.tokenizer, None)
    sampling = Sampling(temperature=0.0, max_tokens=16, seed=cfg.sampling.seed)
    convs = [
        Conversation(critic.tokenizer, fmt, cfg.prompts.render_verify(item.input, a, b))
        for a, b in ((previous, rewrite), (rewrite, previous))
    ]
    for conv in convs:
        if len(conv.ids) + 16 > critic.max_model_len:
            raise ContextFull()
    outs = await asyncio.gather(*(critic.generate(c.prompt(), sampling, verdict_schema()) for c in convs))
    calls = [Call.of(o, "verify", rnd, critic.name, text=o.text.strip()) for o in outs]
    picks = []
    for c in calls:
        try:
            picks.append(json.loads(c.text)["better"])
        except (ValueError, KeyError, TypeError):
            c.feedback_error = "verdict does not parse"
            picks.append(None)
    return picks == ["B", "A"], calls
