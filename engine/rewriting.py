"""Rewrite strategies (`RefineConfig.refine_mode`): how a refine call's text becomes the next output."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from selfrefine.engine import checks
from selfrefine.engine.types import Call, Completion, Engine

if TYPE_CHECKING:
    from selfrefine.engine.config import RefineConfig


class Rewrite:
    """The refine call writes the whole new output."""

    def apply(self, previous: str, call: Call) -> str:
        return call.text


@dataclass(frozen=True)
class Append:
    """The refine call writes text added to the previous output (e.g. a sentence for the missing
    concepts), so it can only add to what the output has. Sentences it repeats are cut first
    (checks.trim_loop); the call records whether any were (`Call.trimmed`)."""

    separator: str = " "

    def apply(self, previous: str, call: Call) -> str:
        added = checks.trim_loop(call.text, call.finish_reason != "length", seen=previous)
        call.trimmed = added != call.text or None
        return f"{previous}{self.separator}{added}" if added else previous


STRATEGIES = {"rewrite": lambda cfg: Rewrite(), "append": lambda cfg: Append(cfg.append_separator)}
"""Each refine mode's strategy, built from a RefineConfig."""


async def candidates(
    critic: Engine, prompt: list[int], cfg: RefineConfig, rnd: int
) -> tuple[list[Completion], list[Call]]:
    """`cfg.candidates` rewrites of one refine prompt, at once (vLLM batches them on the shared
    prefix): the first with the loop's own sampling, the rest at `cfg.candidate_temperature` with
    seeds from the loop's (so a greedy loop stays reproducible). Their calls are `candidate`s."""
    base = cfg.sampling
    samplings = [base] + [
        replace(base, temperature=cfg.candidate_temperature, seed=(base.seed or 0) + i)
        for i in range(1, cfg.candidates)
    ]
    outs = list(await asyncio.gather(*(critic.generate(prompt, s, cfg.answer_schema) for s in samplings)))
    return outs, [Call.of(o, "candidate", rnd, critic.name, text=o.text.strip()) for o in outs]
