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


_SPAN = re.compile(r"[^.!?\n]+(?:[.!?]+[\"'\u201d\u2019)\]*]*|\n|$)")  # a sentence or line with its end


def _key(unit: str) -> str | None:
    words = _WORD.findall(unit.lower())
    return " ".join(words) if len(words) >= MIN_WORDS else None


def without_repeats(text: str) -> str:
    """`text` as written once: where it loops (`repeat_end`), every line and then every sentence of
    MIN_WORDS words or more that it has already written is dropped, and an unfinished last
    sentence that only starts one of them again; a text that does not loop comes back as it is."""
    if repeat_end(text) is None:
        return text
    seen: set[str] = set()
    lines = []
    for line in text.split("\n"):
        key = _key(line)
        if key is None or key not in seen:
            lines.append(line)
            seen.add(key or "")
    text, seen, kept, at = "\n".join(lines), set(), [], 0
    for m in _SPAN.finditer(text):
        key, gap, at = _key(m.group(0)), text[at : m.start()], m.end()
        tail = " ".join(_WORD.findall(m.group(0).lower()))
        unfinished = m.end() == len(text) and not re.search(r"[.!?\n]\W*$", m.group(0))
        if (key in seen) or (unfinished and tail and any(k.startswith(tail) for k in seen)):
            continue
        seen.add(key or "")
        kept.append(gap + m.group(0))
    text = "".join(kept) + text[at:]
    bare = r"^[ \t]*(?:[A-Za-z]|\d{1,3}|[IVXivx]{1,4})[.)][ \t]*$"  # "D." whose sentence was a repeat
    text = re.sub(bare, "", text, flags=re.M)
    text = re.sub(r"\n{3,}", "\n\n", text).strip()
    return re.sub(r"\n\s*(?:[-*\u2022+]|\d{1,3}[.)])\s*$", "", text)  # a list marker the loop left open


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
