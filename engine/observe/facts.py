"""What an observer reports (`Fact`), the number words it reads, and the answer's counts."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Fact:
    """One line for the review turn; `fault` says what violates the request, in plain words;
    `repair`, where the fix is mechanical (lowercase it all, drop the commas), makes it."""

    text: str
    fault: str | None = None
    repair: Callable[[str], str] | None = None


WHOLE_ANSWER = "Computed by the tools, it is:"
"""In a fault whose fix is the whole answer asked for ("SEE YOU SOON" in Morse, engine.observe.encode):
a rewrite much shorter than the answer may be that fix (engine.core.rewriting.fault_asks_to_cut)."""

NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen twenty".split()
    )
}
NUMBER_WORDS.update({"a single": 1, "single": 1, "once": 1, "twice": 2, "thrice": 3})
NUMBER_WORDS.update(
    {w: 10 * i for i, w in enumerate("thirty forty fifty sixty seventy eighty ninety".split(), 3)}
)
NUMBER_WORDS.update(
    {f"{w} hundred": 100 * i for w, i in NUMBER_WORDS.copy().items() if 1 <= i <= 9 and " " not in w}
)
NUMBER_WORDS.update({"a hundred": 100, "a thousand": 1000, "one thousand": 1000})
NUM = r"(?:\d{1,5}|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"


# Each qualifier as the request words it -> the relation it asks for.
QUALIFIERS = {
    "exactly": "==",
    "precisely": "==",
    "at most": "<=",
    "no more than": "<=",
    "not more than": "<=",
    "up to": "<=",
    "a maximum of": "<=",
    "maximum of": "<=",
    "max": "<=",
    "under": "<",
    "fewer than": "<",
    "less than": "<",
    "at least": ">=",
    "no fewer than": ">=",
    "no less than": ">=",
    "a minimum of": ">=",
    "minimum of": ">=",
    "more than": ">",
    "over": ">",
    "between": "..",
    "no longer than": "<=",
    "not longer than": "<=",
    "shorter than": "<",
    "within": "<=",
    "below": "<",
    "not exceed": "<=",
    "not to exceed": "<=",
    "not exceeding": "<=",
    "about": "~",
    "around": "~",
    "roughly": "~",
    "approximately": "~",
}
QUAL = "|".join(sorted(map(re.escape, QUALIFIERS), key=len, reverse=True))
"""The qualifiers as one regex alternation, longest first."""


def relation(q: str | None) -> str:
    """The relation a qualifier asks for ("at most": "<=", spaced or cased any way); none,
    "exactly" or one not known: "=="."""
    return QUALIFIERS.get(" ".join((q or "").lower().split()), "==")


ASKED = {
    "==": "exactly",
    "<=": "at most",
    "<": "fewer than",
    ">=": "at least",
    ">": "more than",
    "~": "about",
}
"""Each relation as a fact names it ("asked: at most 5 words")."""


def holds(rel: str, have: int, n: int, n2: int | None = None) -> bool:
    """Whether a count `have` meets the relation asked ("..": between n and n2; "~": about n)."""
    if rel == "..":
        return min(n, n2) <= have <= max(n, n2)
    if rel == "~":
        return abs(have - n) <= max(2, n // 5)  # "in 100 words" means about 100
    return {"==": have == n, "<=": have <= n, "<": have < n, ">=": have >= n, ">": have > n}[rel]


def clash(a: tuple[str, int, int | None], b: tuple[str, int, int | None]) -> bool:
    """Whether no count meets both (rel, n, n2) bounds ("under 60" and "between 120 and 155"): two such
    bounds on one unit are of two parts (a title's and a description's), not the whole answer's."""
    top = 2 * max(a[1], b[1], a[2] or 0, b[2] or 0) + 2
    return not any(holds(*a[:1], have, *a[1:]) and holds(*b[:1], have, *b[1:]) for have in range(top))


def nearest(rel: str, have: int, n: int, n2: int | None = None) -> int:
    """The count nearest `have` that meets the relation asked (`holds`)."""
    lo, hi = {
        "..": (min(n, n2 or n), max(n, n2 or n)),
        "<=": (0, n),
        "<": (0, n - 1),
        ">=": (n, have),
        ">": (n + 1, have),
    }.get(rel, (n, n))
    return min(max(have, lo), max(lo, hi))


def number(word: str) -> int:
    """A number as the request writes it: digits or words (one .. twenty, the tens, "a hundred", "three
    hundred", single, twice)."""
    word = " ".join(word.lower().split())
    return int(word) if word.isdigit() else NUMBER_WORDS[word]


_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
_FENCED = re.compile(r"```.*?(?:```|\Z)", re.S)
BLOCKS = re.compile(r"```[ \t]*([\w.+-]*)[^\n]*\n(.*?)(?:```|\Z)", re.S)
"""A fenced block as (its tag, its body): tagged or not, closed or cut off at the end of the answer."""
_BULLET = re.compile(r"^\s*[-*•+]\s+\S", re.M)
_NUMBERED = re.compile(r"^\s*\d{1,3}[.)]\s+\S", re.M)
_MARKER = re.compile(r"^\s*(?:[-*•+]|\d{1,3}[.)]|#{1,6})\s+", re.M)
_ABBREV = frozenset("mr mrs ms dr st vs etc e.g i.e prof jr sr no fig approx".split())


def prose(text: str) -> str:
    """The answer without its fenced code blocks (counts are of the writing, not of code)."""
    return _FENCED.sub("", text)


def words(text: str) -> int:
    return len(_WORD.findall(text))


def paragraphs(text: str) -> list[str]:
    """Blocks between blank lines or markdown rules (a line of ***, ---); a rule is no paragraph."""
    parts = re.split(r"\n\s*\n|^\s*(?:\*\s*){3,}$|^\s*-{3,}\s*$", text.strip(), flags=re.M)
    return [p.strip() for p in parts if p and _WORD.search(p)]


def sentences(text: str) -> int:
    """Sentences: ends at . ! ? (not after a common abbreviation), a blank line or a list item."""
    n = 0
    for block in re.split(r"\n\s*\n|\n(?=\s*(?:[-*•+]|\d{1,3}[.)]|#{1,6})\s)", text):
        block = _MARKER.sub("", block)
        pieces = re.split(r"(?<=[.!?])[\"'”’)\]]*\s+", " ".join(block.split()))
        for i, piece in enumerate(pieces):
            last = piece.rsplit(" ", 1)[-1].rstrip(".").lower()
            if not _WORD.search(piece) or (last in _ABBREV and i + 1 < len(pieces)):
                continue  # an abbreviation's period does not end the sentence
            n += 1
    return n


def lines(text: str) -> int:
    return sum(1 for x in text.splitlines() if x.strip())


def listed(text: str) -> bool:
    """A line of the text opens with a list or heading marker (-, *, 1., 2), #)."""
    return bool(_MARKER.search(text))


def bullets(text: str) -> int:
    return len(_BULLET.findall(text))


def numbered(text: str) -> int:
    return len(_NUMBERED.findall(text))


def field(text: str, label: str) -> str | None:
    """What follows "label:" on the first line it opens (or the next line with words, where nothing
    does), markdown emphasis and quotes aside; None where no line opens with it."""
    rows = text.splitlines()
    for i, row in enumerate(rows):
        m = re.match(rf"[\W_]*{re.escape(label)}\s*[*_]*\s*:\s*(.*)$", row.strip(), re.I)
        if m:
            value = m[1].strip() or next((r.strip() for r in rows[i + 1 :] if r.strip()), "")
            return value.strip("*_\"'“”‘’ ")
    return None


def characters(text: str) -> int:
    return len(text.strip())


def plural(n: int, unit: str) -> str:
    return f"{n} {unit if n == 1 else unit + 's'}"


def outside_code(fix: Callable[[str], str]) -> Callable[[str], str]:
    """`fix` applied to the prose of an answer, its fenced code blocks left as they are."""

    def apply(answer: str) -> str:
        parts = re.split(r"(```.*?(?:```|\Z))", answer, flags=re.S)
        return "".join(p if i % 2 else fix(p) for i, p in enumerate(parts))

    return apply


def marked_as(kind: str) -> Callable[[str], str]:
    """The tools' fix for a list in the other form: numbered items marked "- " (kind "bulleted"), or
    bullets numbered 1., 2., ... in order (kind "numbered"); indented sub-items and code unchanged."""

    def remark(text: str) -> str:
        if kind == "bulleted":
            return re.sub(r"^(\s*)\d{1,3}[.)](?=\s+\S)", r"\1-", text, flags=re.M)
        count = iter(range(1, 1000))
        return re.sub(r"^[-*•+](?=\s+\S)", lambda _: f"{next(count)}.", text, flags=re.M)

    return outside_code(remark)


HASHTAG = re.compile(r"(?<![\w&#])#[A-Za-z]\w*")


def keep_hashtags(n: int) -> Callable[[str], str]:
    """The tools' fix for more hashtags than asked: the first `n` distinct ones kept, the others
    (and repeats) taken out; the words around them unchanged."""

    def fix(text: str) -> str:
        kept: list[str] = []

        def one(m: re.Match) -> str:
            tag = m.group(0)
            if tag.lower() in (k.lower() for k in kept) or len(kept) >= n:
                return ""
            kept.append(tag)
            return tag

        out = HASHTAG.sub(one, text)
        return re.sub(r"[ \t]{2,}", " ", re.sub(r"[ \t]+$", "", out, flags=re.M))

    return outside_code(fix)


_BREAK = re.compile(r"(\S*)[.!?][\"'”’)\]]*\s+(?=[\"“(]?[A-Z0-9])")
_ABBREVIATED = {"mr", "mrs", "ms", "dr", "st", "vs", "etc", "e.g", "i.e", "no", "approx", "jr", "sr"}


def _breaks(p: str) -> list[int]:
    """Where the sentences of a paragraph end (after "Dr." or a single capital, no end)."""
    return [
        m.end()
        for m in _BREAK.finditer(p)
        if m[1].lower() not in _ABBREVIATED and not re.fullmatch(r"[A-Z]", m[1])
    ]


_ENDED = re.compile(r"[.!?][\"'”’)\]]*$")


def regrouped(target: int) -> Callable[[str], str]:
    """The tools' fix for plain prose in more or fewer paragraphs than asked: the same sentences in
    the same order, in `target` paragraphs (the shortest neighbours joined, or the longest
    paragraph split at the sentence nearest its middle). Any other answer as it is: code, a list,
    a heading, a rule, or a block not ending as a sentence does ("Dear Sam,", a sign-off)."""

    def fix(text: str) -> str:
        paras = [" ".join(p.split()) for p in paragraphs(text)]
        ruled = re.search(r"^\s*(?:\*\s*){3,}$|^\s*-{3,}\s*$", text, re.M)
        if not paras or target < 1 or "```" in text or listed(text) or ruled:
            return text
        if not all(_ENDED.search(p) for p in paras):
            return text
        while len(paras) > target:
            i = min(range(len(paras) - 1), key=lambda j: words(paras[j]) + words(paras[j + 1]))
            paras[i : i + 2] = [paras[i] + " " + paras[i + 1]]
        while len(paras) < target:
            cuts = {i: _breaks(p) for i, p in enumerate(paras) if _breaks(p)}
            if not cuts:
                return text
            i = max(cuts, key=lambda j: words(paras[j]))
            p = paras[i]
            at = min(cuts[i], key=lambda e: abs(words(p[:e]) - words(p) / 2))
            paras[i : i + 1] = [p[:at].rstrip(), p[at:].lstrip()]
        return "\n\n".join(paras)

    return fix
