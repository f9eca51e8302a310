"""More of the check kinds added to the generic scorer for the test8 rows (tasks/generic/test8_kinds.py
has the rest and TEST8_CHECKS): British spelling, small numbers spelled out, a git commit message and
balanced HTML, on the same terms. Moved here whole so that no module passes 550 lines; the list-item
pattern and the `min` default live here, and test8_kinds imports them."""

from __future__ import annotations

import re

from selfrefine.tasks.generic.scorer import BadCheck, _params, _positive, words
from selfrefine.tasks.generic.test3_kinds import _apos

_ITEM = re.compile(r"^\s*(?:[-*•+]|\d+[.)])\s+(\S.*)$")


def _min(c: dict, p: dict) -> int:
    return _positive(c, p, "min") or 1


_OUR = (
    "color colors colored colorful coloring flavor flavors flavored flavorful honor honors honored "
    "humor labor neighbor neighbors neighborhood neighborhoods behavior behaviors rumor rumors harbor "
    "favor favors favorite favorites favorable endeavor savor savory odor vapor armor parlor vigor"
).split()
_IZE = (
    "organize realize recognize apologize analyze prioritize customize finalize minimize maximize "
    "summarize emphasize criticize memorize personalize optimize categorize visualize utilize "
    "specialize standardize"
).split()
_PAIRS = {
    **{w: w.replace("or", "our", 1) if w.count("or") == 1 else w for w in _OUR},
    "center": "centre", "centers": "centres", "centered": "centred", "theater": "theatre",
    "theaters": "theatres", "fiber": "fibre", "liter": "litre", "liters": "litres",
    "traveling": "travelling", "traveled": "travelled", "traveler": "traveller",
    "travelers": "travellers", "canceled": "cancelled", "canceling": "cancelling",
    "labeled": "labelled", "labeling": "labelling", "modeling": "modelling", "fueled": "fuelled",
    "jewelry": "jewellery", "counselor": "counsellor", "gray": "grey", "catalog": "catalogue",
    "defense": "defence", "offense": "offence", "pajamas": "pyjamas", "cozy": "cosy",
    "aluminum": "aluminium", "mom": "mum", "skeptical": "sceptical", "mold": "mould",
    "donut": "doughnut", "donuts": "doughnuts", "fulfill": "fulfil", "yogurt": "yoghurt",
    "math": "maths",
}  # fmt: skip
for _stem in _IZE:
    for _end in ("e", "es", "ed", "ing", "ation", "ations"):
        _us = _stem[:-1] + _end
        _PAIRS[_us] = _us.replace("iz", "is").replace("yz", "ys")
_US_SPELLING = {us for us, uk in _PAIRS.items() if us != uk}
_UK_SPELLING = {uk for us, uk in _PAIRS.items() if us != uk}


def british_spelling(c: dict, text: str) -> bool:
    """British spelling: no American form from a fixed list (color, favorite, organize, center,
    traveling, gray, mom, math ... any case) and at least `min` (default 1) British forms
    from it (colour, favourite, organise, centre, travelling, grey ...)."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    found = [w.lower() for w in words(_apos(text))]
    if any(w in _US_SPELLING for w in found):
        return False
    return sum(w in _UK_SPELLING for w in found) >= need


_NUMBER_WORDS = {
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
}  # fmt: skip
_BIG_WORDS = {
    "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
}  # fmt: skip
_DIGITS = re.compile(r"(?<![\w.,:/])([$€£]?)(\d[\d,]*(?:[.:/]\d+)*)(%?)")
_MONTH_BEFORE = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|"
    r"august|september|october|november|december)\.?\s$",
    re.I,
)
_CLOCK_AFTER = re.compile(
    r"^\s?(?:(?:-|–|to)\s?\d{1,2}(?::\d\d)?\s?)?(?:a\.?m\b|p\.?m\b|o'clock)|^\s?(?:percent|per\s+cent)"
    r"|^-?\s?years?[\s-]old\b",
    re.I,
)


def small_numbers_spelled(c: dict, text: str) -> bool:
    """The newsroom rule for numbers: one to nine in words, 10 and up in digits. No bare one-digit
    number (an amount with $ € £, a percentage, a decimal, a clock time, a date after its month, an
    age in years or a list item's number aside), no number word from ten to ninety-nine
    ("twenty-five" too), and at least `min` (default 1) numbers written either way."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    count = 0
    for ln in text.splitlines():
        m = _ITEM.match(ln)
        body = _apos(m.group(1) if m and re.match(r"^\s*\d", ln) else ln)
        for d in _DIGITS.finditer(body):
            sign, digits, pct = d.groups()
            plain = digits.replace(",", "")
            exempt = (
                sign or pct or _CLOCK_AFTER.match(body[d.end() :]) or _MONTH_BEFORE.search(body[: d.start()])
            )
            if len(plain) == 1 and not exempt:
                return False
            count += 1
        for w in words(body):
            first = w.lower().split("-")[0]
            if first in _BIG_WORDS:
                return False
            count += first in _NUMBER_WORDS and "-" not in w
    return count >= need


# ------------------------------------------------------------------ formats people ask for


def _message(text: str) -> list[str]:
    fence = re.search(r"```[^\n]*\n(.*?)```", text, re.S)
    return (fence.group(1) if fence else text).strip("\n").splitlines()


def commit_message(c: dict, text: str) -> bool:
    """A git commit message (the first code block's content if there is one, else the whole
    answer): a subject line of at most `max_subject` characters (default 50) not ending with a
    period, a blank line, then a body whose every line has at most `wrap` characters (default 72)."""
    p = _params(c, {}, {"max_subject": int, "wrap": int})
    most = _positive(c, p, "max_subject") or 50
    wrap = _positive(c, p, "wrap") or 72
    found = _message(text)
    if len(found) < 3 or found[1].strip() or not words(found[0]):
        return False
    subject, body = found[0].strip(), found[2:]
    if len(subject) > most or subject.endswith(".") or not words("\n".join(body)):
        return False
    return all(len(ln.rstrip()) <= wrap for ln in body)


_VOID = {"br", "hr", "img", "input", "meta", "link", "area", "base", "col", "embed", "source", "track", "wbr"}
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)\b(?:[^<>\"']|\"[^\"]*\"|'[^']*')*?(/?)>")


def html_balanced(c: dict, text: str) -> bool:
    """HTML whose tags all close in the right order (void tags such as <br>, <img>, <input> and
    self-closed ones aside; comments and <!DOCTYPE> skipped), with each of `tags` (names, any case)
    opened at least once. Where the answer has code blocks, only they are read (the prose around
    them may name a tag); otherwise inline `code` is aside."""
    p = _params(c, {"tags": list})
    want = {t.strip().strip("<>/").lower() for t in p["tags"]}
    if not all(re.fullmatch(r"[a-z][a-z0-9-]*", t) for t in want):
        raise BadCheck(f"check 'html_balanced': {p['tags']!r} are not tag names")
    blocks = re.findall(r"```[^\n]*\n(.*?)```", text, re.S)
    source = "\n".join(blocks) if blocks else re.sub(r"`[^`\n]*`", " ", text)
    stack, opened = [], set()
    for m in _TAG.finditer(re.sub(r"<!--.*?-->|<![^>]*>", " ", source, flags=re.S)):
        closing, name, self_closed = m.group(1), m.group(2).lower(), m.group(3)
        if closing:
            if not stack or stack.pop() != name:
                return False
        elif name not in _VOID and not self_closed:
            stack.append(name)
        if not closing:
            opened.add(name)
    return not stack and want <= opened and bool(words(text))
