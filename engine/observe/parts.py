"""Word bounds on each part of the answer ("keep every sentence under 15 words", "no more than 10
words per bullet") and the answer's length stated as a label ("Word count: 250-300", "Word limit:
120"): facts a small model cannot count."""

from __future__ import annotations

import re

from selfrefine.engine.observe import facts as f
from selfrefine.engine.observe.facts import NUM, QUAL, QUALIFIERS, Fact, number
from selfrefine.engine.observe.text import Check, _count_check

_PART = r"(?P<part>bullet(?:\s+points?)?|sentences?|lines?|paragraphs?|items?|points?|steps?|tips?)"
_BOUND = (
    rf"(?:(?P<q>{QUAL})\s+)?(?P<n>{NUM})\s+words?\b(?P<after>\s+or\s+(?:fewer|less|more)|\s+max(?:imum)?)?"
)
_EACH_PART = re.compile(
    rf"\b(?:each|every|all|any)\s+(?:of\s+the\s+|the\s+|of\s+your\s+|your\s+)?(?:\w+\s+)?{_PART}\b"
    rf"(?P<mid>[^.;:\n]{{0,30}}?)\s{_BOUND}",
    re.I,
)
_PER_PART = re.compile(rf"{_BOUND}\s+(?:per|in\s+each|for\s+each|in\s+every|a)\s+(?:\w+\s+)?{_PART}\b", re.I)
_PART_EACH = re.compile(rf"{_PART}\s+(?:of|with)\s+{_BOUND}\s+each\b", re.I)
_PARTS_BOUND = re.compile(
    rf"\b{_PART}\s+(?:(?:of|that\s+are|are|should\s+be|must\s+be|must\s+have|should\s+have|stay|kept|staying)\s+)?"
    rf"{_BOUND}",
    re.I,
)
_NO_PART = re.compile(
    rf"\bno\s+{_PART}\s+(?:should\s+be\s+|may\s+be\s+|can\s+be\s+)?(?:longer\s+than|over|more\s+than|above|exceeding)"
    rf"\s+(?P<n>{NUM})\s+words?\b",
    re.I,
)
_AVERAGE = re.compile(r"\baverage\b|\bmean\b|\btypical\b", re.I)
_LABEL = re.compile(
    rf"\b(?P<label>word\s+(?:count|limit)|length|limit|max(?:imum)?)\s*(?::|of|is|=|should\s+be)\s*"
    rf"(?:(?P<q>{QUAL})\s+)?(?P<n>{NUM})(?:\s*(?:[-–—]|to)\s*(?P<n2>{NUM}))?(?P<unit>\s+words?\b)?",
    re.I,
)


def part_checks(request: str) -> list[Check]:
    out, seen = [], set()
    for m in [
        *_EACH_PART.finditer(request),
        *_PER_PART.finditer(request),
        *_PART_EACH.finditer(request),
        *(m for m in _PARTS_BOUND.finditer(request) if m["part"].lower().endswith("s") and m["q"]),
    ]:
        if _AVERAGE.search(request[max(0, m.start() - 40) : m.end() + 20]):
            continue  # "on average no more than 10 words per sentence": a mean, not each one's bound
        part = _part(m["part"])
        q = " ".join((m["q"] or "").lower().split())
        after = (m["after"] or "").lower()
        rel = ">=" if "more" in after else QUALIFIERS.get(q, "<=")
        rel = "<=" if rel in ("~", "==", "..") else rel  # "each line to 8 words": a bound, not a target
        if (part, rel, number(m["n"])) not in seen:
            seen.add((part, rel, number(m["n"])))
            out.append(_part_check(part, rel, number(m["n"])))
    for m in _NO_PART.finditer(request):
        if (_part(m["part"]), "<=", number(m["n"])) not in seen:
            seen.add((_part(m["part"]), "<=", number(m["n"])))
            out.append(_part_check(_part(m["part"]), "<=", number(m["n"])))
    for m in _LABEL.finditer(request):
        label = m["label"].lower()
        if not label.startswith("word") and not m["unit"]:
            continue  # "limit: 3": of what is not said
        n, n2 = m["n"], m["n2"]
        if m["unit"] and n2:
            continue  # "Length: 200-300 words": count_checks reads the range itself
        q = " ".join(
            (m["q"] or ("at most" if "limit" in label or label.startswith("max") else "about"))
            .lower()
            .split()
        )
        rel = ".." if n2 else QUALIFIERS[q]
        out.append(_count_check("words", "word", rel, number(n), number(n2) if n2 else None))
    return out


def _part(word: str) -> str:
    w = word.lower().split()[0].rstrip("s")
    return {"point": "bullet", "tip": "item", "step": "item"}.get(w, w)


def _listed(text: str) -> list[str]:
    return [x for x in text.splitlines() if re.match(r"\s*(?:[-*•+]|\d{1,3}[.)])\s+\S", x)]


_PARTS = {
    "sentence": lambda t: [s for s in re.split(r"(?<=[.!?])[\"'”’)\]]*\s+|\n", t.strip()) if f.words(s)],
    "line": lambda t: [x for x in t.splitlines() if f.words(x)],
    "paragraph": f.paragraphs,
    "bullet": _listed,
    "item": _listed,
}


def _part_check(part: str, rel: str, n: int) -> Check:
    asked = f.ASKED[rel]

    def check(answer: str) -> list[Fact]:
        parts = _PARTS[part](f.prose(answer))
        if not parts:
            return []
        off = [p for p in parts if not f.holds(rel, f.words(p), n)]
        sizes = sorted(f.words(p) for p in parts)
        line = f"{part}s: {len(parts)}, {sizes[0]} to {sizes[-1]} words each"
        line += f" (asked: {asked} {n} words per {part})"
        if not off:
            return [Fact(line)]
        first = " ".join(off[0].split())
        first = first if len(first) <= 80 else first[:77] + "..."
        fault = (
            f"The request asks for {asked} {n} words per {part}; {len(off)} of the answer's {len(parts)} "
            f'{part}s are not ({f.words(off[0])} words: "{first}").'
        )
        return [Fact(line + " -- NOT MET", fault)]

    return check
