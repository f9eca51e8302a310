"""Line-shaped requests: "N things, one per line (and nothing else)" is a count of the answer's
lines, and an acrostic ("the first letters of the lines spell MAPLE") is read off the lines' first
letters."""

from __future__ import annotations

import re

from selfrefine.engine.observe import facts as f
from selfrefine.engine.observe.facts import NUM, Fact, number
from selfrefine.engine.observe.text import Check

_COUNT_Q = r"at\s+least|at\s+most|exactly|no\s+more\s+than|up\s+to"
"""The qualifiers a count of things takes in the readers below."""
_ONE_PER_LINE = re.compile(
    rf"(?:\b(?P<q>{_COUNT_Q})\s+)?\b(?P<n>{NUM})\b"
    r"(?P<gap>[^.;:!?\n]{0,60}?),?\s*(?:\b(?:one|each)\s+(?:per|to\s+a|on\s+(?:a|its)\s+own)\s+line)\b",
    re.I,
)
_MONTHS = (
    r"jan(?:uary)?|feb(?:ruary)?|march|mar|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|"
    r"nov(?:ember)?|dec(?:ember)?"
)
_DATED = re.compile(rf"\b(?:{_MONTHS})\.?\s+$|[×x*/:.]\s*$", re.I)
_TIMES = re.compile(r"\s*(?:times\s+tables?\b|[×x*]\s*\d|[:/%]|(?:st|nd|rd|th)\b)", re.I)


def _a_count(request: str, m: re.Match) -> bool:
    """Whether the number is a count, not a date ("March 2027"), a year, a time, a factor ("8 × 12",
    "her 8 times table") or an ordinal."""
    before, after = request[max(0, m.start("n") - 12) : m.start("n")], request[m.end("n") : m.end("n") + 14]
    year = m["n"].isdigit() and len(m["n"]) == 4
    return not (year or _DATED.search(before) or _TIMES.match(after))


_NOTHING_ELSE = re.compile(
    r"\bnothing\s+(?:else|more)\b|\bno\s+(?:intro(?:duction)?|preamble|other\s+text|extra\s+text)\b|"
    r"\bjust\s+the\s+\w+|\bonly\s+the\s+\w+(?:\s*,|\s*$|\s*\.)",
    re.I,
)
_ACROSTIC = re.compile(
    r"\bfirst\s+letters?\s+of\s+(?:the|each|every|its|all\s+the)\s+(?:\w+\s+)?lines?\s+(?:should\s+|must\s+|to\s+)?"
    r"spell(?:s|ing)?\s+(?:out\s+)?(?:the\s+(?:word|name)\s+)?[\"'“]?(?P<w>[A-Za-z]{2,16})\b|"
    r"\bacrostic\b[^.;\n]{0,40}?\b(?:for|of|spelling(?:\s+out)?|that\s+spells(?:\s+out)?)\s+(?:the\s+(?:word|name)\s+)?"
    r"[\"'“]?(?P<w2>[A-Z]{2,16})\b",
)
_LISTED_COUNT = re.compile(
    rf"\b(?:list|a\s+list\s+of|give\s+(?:me|us)|suggest|share|provide|brainstorm|come\s+up\s+with|name)\s+"
    rf"(?:(?P<q>{_COUNT_Q})\s+)?(?P<n>{NUM})(?:\s+or\s+(?P<orm>more|fewer|less))?\s+"
    rf"(?:[\w'-]+\s+){{0,2}}?(?P<noun>[a-z]+s)\b(?!\s+(?:each|apiece|per)\b|,?\s+and\s+{NUM}\s)",
    re.I,
)
_NOT_ITEMS = re.compile(
    r"^(?:words|sentences|paragraphs|lines|characters|letters|times|minutes|hours|days|years|points|bullets|items|"
    r"hashtags|emojis|sections|stanzas|questions)$",
    re.I,
)
"""Nouns that are counted otherwise (engine.observe.text) or are not list items."""
_ITEM = re.compile(r"^(?P<indent>[ \t]*)(?:(?P<num>\d{1,3})[.)]|[-*•+])\s+\S", re.M)
_QUESTIONS = re.compile(
    rf"\b(?:give|write|ask|include|list|suggest|prepare|draft|with|come\s+up\s+with|me|us)\s+"
    rf"(?:(?P<q>{_COUNT_Q})\s+)?(?P<n>{NUM})\s+(?!(?:or|to)\s)(?:[\w'-]+\s+){{0,2}}?"
    r"questions\b",
    re.I,
)
_SIGNED = re.compile(
    r"\b(?:[Ss]igned(?:\s+off)?|[Ss]ign\s+(?:it|off)(?:\s+as)?)\s+(?:by\s+|as\s+|with\s+|from\s+)?"
    r"(?P<name>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2})"
)
_LEAD = re.compile(r"^[\s>*_#\-•+\d.)\"'“]*")


def line_checks(request: str) -> list[Check]:
    """Line counts ("three questions, one per line"), list items ("give me 5 tips": counted where
    the answer is written as one list) and acrostics the request asks for."""
    out: list[Check] = []
    m = _ONE_PER_LINE.search(request)
    while m and not _a_count(request, m):
        m = _ONE_PER_LINE.search(request, m.start("n") + len(m["n"]))  # the next number, if any
    if m and not re.search(r"\b(?:words?|characters?|letters?|syllables?)\b", m["gap"], re.I):
        exact = bool(_NOTHING_ELSE.search(request[m.start() :]))
        out.append(_lines_check(number(m["n"]), f.relation(m["q"]) if exact else ">="))
    told = _told_count(request) if m is None else None
    if told:
        out.append(_lines_check(*told[:2]))
    c = _LISTED_COUNT.search(request)
    if (
        c
        and not _NOT_ITEMS.match(c["noun"])
        and not re.search(r"bullet|numbered", c.group(0), re.I)
        and not (m and m.start() <= c.start("n") < m.end())
        and not (told and told[2] == c.start("n"))  # the count one per line already reads
    ):
        rel = {"more": ">=", "fewer": "<=", "less": "<="}.get((c["orm"] or "").lower(), f.relation(c["q"]))
        out.append(_items_check(number(c["n"]), rel, c["noun"].lower()))
    if qs := _QUESTIONS.search(request):
        out.append(_questions_check(number(qs["n"]), f.relation(qs["q"])))
    if signed := _SIGNED.search(request):
        out.append(_signed_check(signed["name"]))
    a = _ACROSTIC.search(request)
    if a:
        out.append(_acrostic_check((a["w"] or a["w2"]).upper()))
    return out


_PER_LINE = re.compile(
    r"\b(?:one|each)(?P<noun>(?:\s+[a-z][\w-]*){0,2}?)\s+(?:per|to\s+a|on\s+(?:a|its)\s+own)\s+line\b", re.I
)
_COUNTED = re.compile(
    rf"(?:\b(?P<q>{_COUNT_Q})\s+)?\b(?P<n>{NUM})\s+"
    r"(?:[\w'/-]+\s+){0,5}?(?P<noun>[a-z][a-z-]*s)\b",
    re.I,
)


def _told_count(request: str) -> tuple[int, str, int] | None:
    """(n, relation, where n stands) where "one per line" follows the things' count in an earlier clause or
    sentence: "Give me 6 palindromes ... One per line, nothing else", "Pick 8 addresses. Just the
    addresses, one per line", "4 colour pairs ..., one pair per line"; exact after "nothing else"."""
    per = _PER_LINE.search(request)
    if per is None:
        return None
    start = max((x.end() for x in re.finditer(r"[.!?]\s+(?=[A-Z])", request[: per.start()])), default=0)
    start = max((x.end() for x in re.finditer(r"[.!?]\s+(?=[A-Z])", request[: max(0, start - 2)])), default=0)
    said = [
        c
        for c in _COUNTED.finditer(request, start, per.start())
        if _a_count(request, c) and not _NOT_ITEMS.match(c["noun"]) and c["noun"].lower() != "lines"
    ]
    noun = per["noun"].strip().lower()
    if not said or (noun and not said[-1]["noun"].lower().startswith(noun.split()[-1][:4])):
        return None  # "each title on its own line": a part, not the things counted
    c = said[-1]
    exact = bool(_NOTHING_ELSE.search(request[c.start() :]))
    return number(c["n"]), f.relation(c["q"]) if exact else ">=", c.start("n")


def _lines_check(n: int, rel: str) -> Check:
    asked = f.ASKED[rel]

    def check(answer: str) -> list[Fact]:
        have = len(_item_lines(answer))
        ok = f.holds(rel, have, n)
        line = f"lines: {have} (asked: {asked} {f.plural(n, 'line')}, one item per line)"
        if ok:
            return [Fact(line)]
        fault = (
            f"The request asks for {asked} {f.plural(n, 'line')}, one item per line; the answer has {have}."
        )
        return [Fact(line + " -- NOT MET", fault, _drop_intro(n) if rel != ">=" else None)]

    return check


def _drop_intro(n: int):
    """The repair of an answer with an introduction ("Here are three questions:") before its n lines:
    those n lines alone; the answer as it is when dropping the introduction does not leave n."""

    def drop(answer: str) -> str:
        rows = _item_lines(answer)
        if len(rows) == n + 1 and rows[0].rstrip().endswith(":"):
            return "\n".join(rows[1:])
        return answer

    return drop


def _item_lines(answer: str) -> list[str]:
    """The answer's non-empty lines, a code fence's own marker lines aside: the items asked one per
    line may stand in a block ("6 UUIDs, one per line" answered in a fence under an intro)."""
    return [x for x in answer.strip().splitlines() if x.strip() and not x.lstrip().startswith(("```", "~~~"))]


def initials(answer: str) -> str:
    """The first letter of each non-empty line, list marks and markdown set aside."""
    out = []
    for row in f.prose(answer).splitlines():
        rest = _LEAD.sub("", row)
        if rest and rest[0].isalpha():
            out.append(rest[0].upper())
    return "".join(out)


def _acrostic_check(word: str) -> Check:
    def check(answer: str) -> list[Fact]:
        have = initials(answer)
        if word in have:
            return [Fact(f"first letters of the lines: {have} (asked: they spell {word})")]
        line = f"first letters of the lines: {have} (asked: they spell {word}) -- NOT MET"
        fault = (
            f"The request asks for lines whose first letters spell {word}, one line per letter "
            f"({', '.join(word)}); the lines' first letters are {have or 'none'}."
        )
        return [Fact(line, fault)]

    return check


def top_items(answer: str) -> int | None:
    """The answer's list items at its outermost level: a numbered list's items where it has one
    (None where the numbering starts over: lists within a list), else its bullets; None for an
    answer with fewer than two items, or with headings (its parts are not one list)."""
    text = f.prose(answer)
    found = list(_ITEM.finditer(text))
    if len(found) < 2 or re.search(r"^\s*#{1,6}\s|^\s*\*\*[^*\n]+\*\*:?\s*$", text, re.M):
        return None
    numbered = any(m["num"] for m in found)
    _, top = _outermost(found)
    if numbered and [int(m["num"]) for m in top] != list(
        range(int(top[0]["num"]), int(top[0]["num"]) + len(top))
    ):
        return None
    return len(top)


def _outermost(found: list[re.Match]) -> tuple[int, list[re.Match]]:
    """The list items at the outermost indent (numbered ones where there are any) and that indent."""
    pick = [m for m in found if m["num"]] or found
    outer = min(len(m["indent"].expandtabs(4)) for m in pick)
    return outer, [m for m in pick if len(m["indent"].expandtabs(4)) == outer]


def _first_items(n: int):
    """The tools' fix for a list longer than asked: its first `n` outermost items (with what is
    written under each) kept, the rest of the list dropped, any text after the list kept."""

    def fix(answer: str) -> str:
        if top_items(answer) is None:
            return answer
        rows = answer.split("\n")
        outer, top = _outermost(list(_ITEM.finditer(answer)))
        starts = [answer.count("\n", 0, m.start()) for m in top]
        if len(starts) <= n:
            return answer
        end = starts[-1] + 1
        while end < len(rows) and (not rows[end].strip() or len(rows[end]) - len(rows[end].lstrip()) > outer):
            end += 1
        while end > starts[-1] + 1 and not rows[end - 1].strip():
            end -= 1  # the blank lines before the text after the list stay with that text
        return "\n".join(rows[: starts[n]] + rows[end:])

    return fix


def _items_check(n: int, rel: str, noun: str) -> Check:
    asked = f.ASKED[rel]

    def check(answer: str) -> list[Fact]:
        have = top_items(answer)
        if have is None:
            return []  # not written as one list: its items are not counted
        line = f"list items: {have} (asked: {asked} {n} {noun})"
        if f.holds(rel, have, n):
            return [Fact(line)]
        fault = f"The request asks for {asked} {n} {noun}; the answer lists {have}."
        return [Fact(line + " -- NOT MET", fault, _first_items(n) if have > n and rel != ">=" else None)]

    return check


def questions(answer: str) -> int:
    """The answer's questions: its sentences (or lines) that end in a question mark."""
    return len(re.findall(r"[^.!?\n]*\w[^.!?\n]*\?+", f.prose(answer)))


def _questions_check(n: int, rel: str) -> Check:
    asked = f.ASKED[rel]

    def check(answer: str) -> list[Fact]:
        have = questions(answer)
        line = f"questions (sentences ending in ?): {have} (asked: {asked} {n})"
        if f.holds(rel, have, n):
            return [Fact(line)]
        fault = f"The request asks for {asked} {f.plural(n, 'question')}; the answer asks {have}."
        return [Fact(line + " -- NOT MET", fault)]

    return check


def _signed_check(name: str) -> Check:
    def check(answer: str) -> list[Fact]:
        rows = [x for x in f.prose(answer).strip().splitlines() if x.strip()][-3:]
        tail = " ".join(x for x in rows if not _GREETING.match(x))  # "Dear Priya," is not signed by her
        if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", tail):
            return [Fact(f"signed {name}: yes")]
        fault = f"The request asks for the answer to be signed {name}; its closing lines do not name {name}."
        return [Fact(f"signed {name}: no -- NOT MET", fault, _sign(name))]

    return check


_GREETING = re.compile(r"^\W*(?:dear|hi|hello|hey|to)\b", re.I)
_NAME_SLOT = re.compile(r"\[(?:your\s+)?(?:full\s+)?name\]", re.I)
_SIGN_OFF = re.compile(
    r"^\W*(?:(?:best|kind|warm|warmest)\s+)?(?:regards|wishes|sincerely|thanks|thank\s+you|cheers|best|"
    r"yours(?:\s+\w+)?)\W*$",
    re.I,
)


def _sign(name: str):
    """The tools' fix for a letter not signed as asked: its "[Your Name]" filled in with the name, or
    the name put under its sign-off line ("Best regards,"); any other answer as it is."""

    def fix(answer: str) -> str:
        rows = answer.rstrip().split("\n")
        for i in range(len(rows) - 1, max(-1, len(rows) - 4), -1):
            if _NAME_SLOT.search(rows[i]):
                rows[i] = _NAME_SLOT.sub(name, rows[i], count=1)
                return "\n".join(rows)
        if rows and _SIGN_OFF.match(rows[-1].strip()):
            return "\n".join([*rows, name])
        return answer

    return fix
