"""Rewrite strategies (`RefineConfig.refine_mode`): how a refine call's text becomes the next output."""

from __future__ import annotations

from dataclasses import dataclass

from selfrefine.engine import checks
from selfrefine.engine.types import Call


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
