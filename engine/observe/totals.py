"""Parts that must add up to a whole the request states: a 45-minute workout, a one-hour agenda
with each item's time, percentages that add up to 100. The answer's items (list items, table rows
or lines, each stating one amount in that unit; a Total line aside) are summed; a sum off the whole
is a fault, and the tools' fix moves the last item's amount by the difference where the sum is near
and every part stays above zero (the other parts as the answer planned them)."""

from __future__ import annotations

import re
from collections.abc import Callable

from selfrefine.engine.observe import facts as f
from selfrefine.engine.observe.facts import NUM, Fact, number
from selfrefine.engine.observe.text import Check

_WHOLE_MINUTES = re.compile(
    rf"\b(?:(?P<n>{NUM})[- ]minute|(?P<h>one|an|a|1|two|2)-hour|(?P<hh>ninety)[- ]minute)\b"
    r"(?!\s+(?:per|of|each|a)\b)",
    re.I,
)
"""The whole's length as a request writes it of the thing ("a 45-minute workout", "our one-hour
meeting"): a rate ("£45 an hour") or a plural ("every 45 minutes") is no whole."""
_ADD_UP = re.compile(
    r"\badds?\s+up\s+to\b|\bsums?\s+to\b|\btotal(?:s|ling|ing)?\b|\bfill(?:s)?\s+(?:exactly\s+|the\s+)?|"
    r"\b(?:minutes|time|duration|length)\s+(?:for|of|next\s+to)\s+each\b|\beach\s+(?:\w+\s+){0,2}(?:its|their)\s+"
    r"(?:time|length|duration|minutes)\b|\bwith\s+(?:the\s+)?(?:minutes|times?|durations?)\s+for\s+each\b",
    re.I,
)
_PERCENT_WHOLE = re.compile(
    r"\bpercent(?:age)?s?\b[^.?!\n]{0,60}\b(?:add\s+up\s+to|sum\s+to|total)\s+(?:exactly\s+)?100\b", re.I
)
_MINUTES = re.compile(
    r"(?<![\d.:])(?P<n>\d{1,3}(?:\.\d+)?)\s*(?:-\s*)?(?P<u>minutes?|mins?|hours?|hrs?)(?![\w-])", re.I
)
_PERCENT = re.compile(r"(?<![\d.])(?P<n>\d{1,3}(?:\.\d+)?)\s*%")
_ITEM = re.compile(r"^\s*(?:[-*•+]|\d{1,3}[.)]|\|)\s*\S")
_TOTAL = re.compile(r"^\W*(?:total|sum|overall|altogether|in\s+all)\b", re.I)


def total_checks(request: str) -> list[Check]:
    """A whole in minutes the parts must fill, or percentages that must add up to 100."""
    if _PERCENT_WHOLE.search(request):
        return [_total_check("percent", 100, "percentages adding up to 100%")]
    m = _WHOLE_MINUTES.search(request)
    if m and _ADD_UP.search(request):
        whole = (
            number(m["n"]) if m["n"] else 90 if m["hh"] else 60 * (2 if m["h"].lower() in ("two", "2") else 1)
        )
        if 5 <= whole <= 600:
            return [_total_check("minutes", whole, f"parts adding up to {whole} minutes")]
    return []


def _amounts(unit: str, text: str) -> list[tuple[int, re.Match]]:
    """(line index, the amount's match) of each item line stating exactly one amount in the unit."""
    found = []
    for i, line in enumerate(text.split("\n")):
        if not _ITEM.match(line) or _TOTAL.match(re.sub(r"^\s*(?:[-*•+|]|\d{1,3}[.)])\s*", "", line)):
            continue
        hits = list((_PERCENT if unit == "percent" else _MINUTES).finditer(line))
        if len(hits) == 1:
            found.append((i, hits[0]))
    return found


def _value(unit: str, m: re.Match) -> float:
    n = float(m["n"])
    return n * 60 if unit == "minutes" and m["u"].lower().startswith("h") else n


def _total_check(unit: str, whole: int, asked: str) -> Check:
    def check(answer: str) -> list[Fact]:
        text = f.prose(answer)
        found = _amounts(unit, text)
        if len(found) < 2:
            return []
        have = sum(_value(unit, m) for _, m in found)
        shown = f"{have:g}{'%' if unit == 'percent' else ' minutes'}"
        if abs(have - whole) < 0.01:
            return [Fact(f"total: {len(found)} parts, {shown} (asked: {asked})")]
        return [
            Fact(
                f"total: {len(found)} parts add up to {shown} (asked: {asked}) -- NOT MET",
                f"The request asks for {asked}; the answer's {len(found)} parts add up to {shown}.",
                f.outside_code(_refilled(unit, whole)),
            )
        ]

    return check


NEAR = 0.25
"""The tools move the last part only for a sum this near the whole (a plan off by a few minutes,
not four parts at 0%)."""


def _refilled(unit: str, whole: int) -> Callable[[str], str]:
    """The fix: the last part's amount moved by the difference, where every part is above zero and
    stays so, the sum is NEAR the whole, and the last is written in the unit summed."""

    def fix(text: str) -> str:
        found = _amounts(unit, text)
        if len(found) < 2:
            return text
        i, last = found[-1]
        if unit == "minutes" and not last["u"].lower().startswith("m"):
            return text
        values = [_value(unit, m) for _, m in found]
        new = whole - sum(values[:-1])
        if new <= 0 or min(values) <= 0 or abs(whole - sum(values)) > NEAR * whole:
            return text
        lines = text.split("\n")
        lines[i] = lines[i][: last.start("n")] + f"{new:g}" + lines[i][last.end("n") :]
        return "\n".join(lines)

    return fix
