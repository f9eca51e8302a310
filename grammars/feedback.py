"""Feedback as a typed schema: aspect scores on an integer scale, actionable text, a stop flag.

The pydantic model built here is turned into a JSON schema that vLLM's structured outputs
enforce while the model writes, so feedback always parses. The free-text mode (stop phrase,
scores written as `aspect: N/5` lines) is kept for comparison; its parser reports failures
instead of dropping them.
"""

from __future__ import annotations

import json
import re
import string
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, create_model

from engine.errors import InvalidParameter

ASPECT_RE = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
DEFAULT_ASPECTS = ("correctness", "completeness", "clarity")
DEFAULT_SCALE = (1, 5)
FEEDBACK_MAX_ITEMS = 4
FEEDBACK_ITEM_CHARS = 120


@dataclass(frozen=True)
class FeedbackSpec:
    """Which aspects the critic scores, on which integer scale, and how much it may write."""

    aspects: tuple[str, ...] = DEFAULT_ASPECTS
    scale: tuple[int, int] = DEFAULT_SCALE
    max_items: int = FEEDBACK_MAX_ITEMS
    item_chars: int = FEEDBACK_ITEM_CHARS

    def __post_init__(self) -> None:
        if not self.aspects:
            raise InvalidParameter("aspects", "at least one aspect is needed")
        if len(set(self.aspects)) != len(self.aspects):
            raise InvalidParameter("aspects", "aspects must be unique")
        for a in self.aspects:
            if not ASPECT_RE.match(a):
                raise InvalidParameter("aspects", f"{a!r} must be lower_snake_case, at most 40 chars")
        lo, hi = self.scale
        if not (0 <= lo < hi <= 100):
            raise InvalidParameter("scale", "must be two integers 0 <= low < high <= 100")
        if not 1 <= self.max_items <= 16:
            raise InvalidParameter("max_items", "must be in [1, 16]")
        if not 10 <= self.item_chars <= 128:  # xgrammar 0.2.8 fails to compile longer bounds
            raise InvalidParameter("item_chars", "must be in [10, 128]")

    @property
    def max_total(self) -> int:
        return self.scale[1] * len(self.aspects)

    def token_budget(self) -> int:
        """max_tokens for one feedback call: the text bound can never be cut off mid-JSON."""
        return self.max_items * (self.item_chars + 4) + 24 * len(self.aspects) + 64

    def model(self) -> type[BaseModel]:
        return _feedback_model(self.aspects, self.scale, self.max_items, self.item_chars)

    def json_schema(self) -> dict:
        return _schema(self.aspects, self.scale, self.max_items, self.item_chars)

    def parse_json(self, text: str) -> dict:
        """Validate a structured feedback; raises ValueError with the reason on failure."""
        try:
            return self.model().model_validate_json(text).model_dump()
        except ValidationError as exc:
            raise ValueError(f"feedback does not match the schema: {exc.errors()[0]['msg']}") from exc


@lru_cache(maxsize=64)
def _feedback_model(aspects: tuple[str, ...], scale: tuple[int, int], max_items: int,
                    item_chars: int) -> type[BaseModel]:
    lo, hi = scale
    # An enum, not minimum/maximum: the outlines backend does not enforce integer bounds.
    score = Literal.__getitem__(tuple(range(lo, hi + 1)))
    scores = create_model(
        "Scores",
        __config__=ConfigDict(extra="forbid"),
        **{a: (score, Field(description=f"{a.replace('_', ' ')}: {lo} (bad) to {hi} (excellent)"))
           for a in aspects},
    )
    # Each point's text is bounded by a pattern that also bars control characters, quotes
    # and backslashes (xgrammar's maxLength let raw control characters through). Points are
    # short items of a list, not one long string: xgrammar 0.2.8 took ~15 s to compile a
    # 400-character bound and failed above ~128; a list of 120-character items compiles in 0.4 s.
    # A point starts with a visible character (no blank or whitespace-only points), and the
    # list may be empty: "no problem" is a legitimate review, and it stops the loop.
    point = Annotated[str, StringConstraints(
        pattern=rf'^[^"\\\x00-\x20][^"\\\x00-\x1f]{{0,{item_chars - 1}}}$')]
    text = Field(
        min_length=0, max_length=max_items,
        description="Specific, actionable points: each names one problem and exactly what to change.",
    )
    return create_model(
        "Feedback",
        __config__=ConfigDict(extra="forbid"),
        feedback=(list[point], text),
        scores=(scores, Field(description="One integer score per aspect.")),
        stop=(bool, Field(description="true only if the answer needs no further change.")),
    )


@lru_cache(maxsize=64)
def _schema(aspects: tuple[str, ...], scale: tuple[int, int], max_items: int, item_chars: int) -> dict:
    return _feedback_model(aspects, scale, max_items, item_chars).model_json_schema()


def verdict_schema() -> dict:
    """The pairwise verification's answer: which of two texts is better, "A" or "B"."""
    return {"type": "object", "properties": {"better": {"type": "string", "enum": ["A", "B"]}},
            "required": ["better"], "additionalProperties": False}


def schema_json(spec: FeedbackSpec) -> str:
    return json.dumps(spec.json_schema(), indent=2)


# ---------------------------------------------------------------- free-text mode

_MD = str.maketrans("", "", string.punctuation + "*_`#>~")


def normalize_phrase(text: str) -> str:
    """Lowercase, drop markdown and punctuation, collapse whitespace."""
    return " ".join(text.lower().translate(_MD).split())


def matches_stop_phrase(feedback: str, phrase: str) -> bool:
    """True when the whole feedback, or its first non-empty line, *is* the stop phrase.

    A feedback that merely mentions the phrase ("it is not yet correct") does not stop.
    """
    target = normalize_phrase(phrase)
    if not target:
        return False
    if normalize_phrase(feedback) == target:
        return True
    first = next((ln for ln in feedback.splitlines() if ln.strip()), "")
    return normalize_phrase(first) == target


def parse_free_text(text: str, spec: FeedbackSpec) -> tuple[dict[str, int] | None, str | None]:
    """Find `aspect: N` (or `N/M`) scores in free text. Returns (scores, None) or (None, reason)."""
    lo, hi = spec.scale
    scores: dict[str, int] = {}
    for a in spec.aspects:
        name = re.escape(a).replace("_", "[ _]")
        m = re.search(rf"(?im)^[\s*\-#>]*{name}[\s*]*[:=\-]\s*\**\s*(\d+)(?:\s*/\s*\d+)?", text)
        if not m:
            return None, f"no score for aspect {a!r}"
        value = int(m.group(1))
        if not lo <= value <= hi:
            return None, f"score {value} for {a!r} is outside {lo}..{hi}"
        scores[a] = value
    return scores, None
