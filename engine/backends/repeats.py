"""Calls that end once they loop (`Sampling.stop_repeats`), read as the text grows.

A small model asked to rewrite an answer sometimes falls into a cycle: the same sentence (or
line) again and again until the token cap. Such a rewrite is refused whatever follows (the
loop's REPETITIVE check), so every token after the cycle shows is spent for nothing; on the
IFEval records these cycles were a fifth of all completion tokens. Both backends watch the text
of a call that asks for it and end the call (finish reason "repeat") at the first unit written
a third time.
"""

from __future__ import annotations

import re

REPEAT = "repeat"
"""The finish reason of a call ended because it repeats itself."""
TIMES = 3
"""A sentence or line written this many times is a loop."""
MIN_WORDS = 5
"""Shorter units (a list's "- Yes", a code line) repeat in sound text: they never count."""
EVERY = 16
"""Tokens between two readings of a growing call's text."""

_UNIT = re.compile(r"[^.!?\n]+[.!?\n]")  # a finished sentence or line; the unfinished tail waits
_WORD = re.compile(r"\w+")


def repeat_end(text: str) -> int | None:
    """Where `text` first writes a sentence or line of MIN_WORDS words or more for the TIMES-th
    time (letter case, spacing and punctuation aside): the end of that unit, or None."""
    seen: dict[str, int] = {}
    for m in _UNIT.finditer(text):
        words = _WORD.findall(m.group(0).lower())
        if len(words) < MIN_WORDS:
            continue
        key = " ".join(words)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= TIMES:
            return m.end()
    return None


class RepeatWatch:
    """When to read a growing call's text: `due(n)` is True once every EVERY tokens, so a backend
    decodes and reads (`repeat_end`) only then, not at every token."""

    def __init__(self) -> None:
        self.read_at = 0

    def due(self, tokens: int) -> bool:
        if tokens - self.read_at < EVERY:
            return False
        self.read_at = tokens
        return True
