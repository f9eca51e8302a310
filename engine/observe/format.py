"""Format facts people ask for in so many words: the whole answer in double quotes, a letter used at
most or at least n times, n placeholders in square brackets, a postscript, sections marked
"Section 1", paragraphs divided by a markdown rule. Each reads the request once; where the fix
is mechanical (quotes around it, rules between its paragraphs), the fact carries it."""

from __future__ import annotations

import re

from selfrefine.engine.observe import facts as f
from selfrefine.engine.observe.facts import NUM, Fact, number
from selfrefine.engine.observe.text import Check

_REL = (
    r"(?P<rel>at\s+least|no\s+less\s+than|at\s+most|no\s+more\s+than|not\s+more\s+than|less\s+than|"
    r"fewer\s+than|more\s+than|exactly)"
)
_QUOTES = re.compile(
    r"\b(?:wrap|enclose|put|surround|place)\w*\s+(?:(?:your|the|my)\s+)?(?:(?:entire|whole|full|complete)\s+)?"
    r"(?:response|answer|reply|output|text)\s+(?:with(?:in)?|in(?:side)?|between)\s+(?:a\s+pair\s+of\s+)?"
    r"double\s+quot(?:ation\s+marks?|es|e\s+marks?)|\b(?:response|answer|reply|output)\s+(?:must|should)\s+be\s+"
    r"(?:wrapped|enclosed|put)\s+(?:with)?in\s+double\s+quot",
    re.I,
)
_LETTER = re.compile(
    r"\bthe\s+letter\s+['\"“]?(?P<l>[a-z])['\"”]?\s+(?:should|must|has\s+to|needs\s+to|will|to)?\s*"
    r"(?:appear|occur|be\s+used|show\s+up)\s+" + _REL + r"?\s*(?P<n>" + NUM + r"|once|twice)\b",
    re.I,
)
_LETTER_USE = re.compile(
    r"\b(?:use|include|write)\s+the\s+letter\s+['\"“]?(?P<l>[a-z])['\"”]?\s+"
    + _REL
    + r"?\s*(?P<n>"
    + NUM
    + r"|once|twice)\b",
    re.I,
)
_PLACEHOLDERS = re.compile(
    _REL + r"?\s*(?P<n>" + NUM + r")\s+placeholders?\b(?=[^.]*square\s+brackets)", re.I
)
_PS = re.compile(
    r"\b(?:postscript|p\.\s?s\.?)[^.]*?\b(?:start|begin)\w*\s+with\s+['\"“]?(?P<m>P\.\s?P?\.?\s?S\.?)", re.I
)
_PS_ASKED = re.compile(
    r"\b(?:add|include|end\s+with|finish\s+with|close\s+with|sign\s+off\s+with)\s+(?:it\s+)?(?:a\s+|an?\s+)?(?:short\s+|"
    r"quick\s+|brief\s+)?(?:P\.\s?S\.?(?=[\s,;:)]|$)|postscript\b)",
    re.I,
)
"""A postscript asked for with no marker named ("Include a P.S. at the end"): one starting P.S."""
_SECTION_MARK = re.compile(
    r"\beach\s+(?:section|part)\b[^.]*?\b(?:with|as)\s+['\"“]?(?P<w>[A-Za-z]+)\s+X\b|"
    r"\b(?:mark|label|begin|start)\w*\s+(?:the\s+beginning\s+of\s+)?each\s+(?:section|part)\s+with\s+['\"“]?"
    r"(?P<v>[A-Za-z]+)\s+X\b",
    re.I,
)
_SECTION_COUNT = re.compile(r"\b(?P<n>" + NUM + r")[\s-]+(?:sections?|parts?)\b", re.I)
_DIVIDER = re.compile(
    r"(?:markdown\s+divider|separated\s+by|separate\w*\s+(?:them\s+)?(?:with|by))[:\s]*\*\*\*", re.I
)
_PARAGRAPH_COUNT = re.compile(r"\b(?:exactly\s+)?(?P<n>" + NUM + r")\s+paragraphs?\b", re.I)
_TITLE = re.compile(r"double\s+angular\s+brackets|<<\s*title\s*>>", re.I)
_REPEAT = re.compile(
    r"\b(?:first\s+)?repeat\s+(?:the|my|this)\s+(?:request|question|prompt)\s+word\s+for\s+word", re.I
)
_SIX_STARS = re.compile(r"separat\w*[^.]*?(?:(?:6|six)\s+asterisks?|\*{6})", re.I)
_RULE_LINE = re.compile(r"^\s*\*\s*\*\s*\*[\s*]*$", re.M)


def _count(m: re.Match) -> int:
    word = m["n"].lower()
    return {"once": 1, "twice": 2}.get(word) or number(word)


def _rel(m: re.Match, default: str) -> str:
    return f.QUALIFIERS[" ".join(m["rel"].lower().split())] if m["rel"] else default


def _quoted(answer: str) -> str:
    """The answer inside double quotes; a quote it already opens or closes with is kept as that one."""
    text = answer.strip()
    opens, closes = text[:1] in '"“', text[-1:] in '"”'
    return ("" if opens else '"') + text + ("" if closes and len(text) > 1 else '"')


def _quotes_check(answer: str) -> list[Fact]:
    text = answer.strip()
    if len(text) >= 2 and text[0] in '"“' and text[-1] in '"”':
        return [Fact("wrapped in double quotation marks: yes")]
    return [
        Fact(
            "wrapped in double quotation marks: no -- NOT MET",
            "The request asks for the whole answer wrapped in double quotation marks; it is not.",
            _quoted,
        )
    ]


def _letter_check(letter: str, rel: str, n: int) -> Check:
    def check(answer: str) -> list[Fact]:
        have, asked = answer.lower().count(letter), f.ASKED[rel]
        line = f'the letter "{letter}": {f.plural(have, "time")} (asked: {asked} {n})'
        if f.holds(rel, have, n):
            return [Fact(line)]
        fault = f'The request asks for the letter "{letter}" {asked} {n} times; the answer has {have}.'
        return [Fact(line + " -- NOT MET", fault)]

    return check


def _placeholder_check(rel: str, n: int) -> Check:
    def check(answer: str) -> list[Fact]:
        have = len(re.findall(r"\[[^\[\]\n]+\]", answer))
        line = f"placeholders in square brackets: {have} (asked: {f.ASKED[rel]} {n})"
        if f.holds(rel, have, n):
            return [Fact(line)]
        return [
            Fact(
                line + " -- NOT MET",
                f"The request asks for {f.ASKED[rel]} {n} placeholders in square brackets like [name]; "
                f"the answer has {have}.",
            )
        ]

    return check


def _postscript_check(marker: str) -> Check:
    want = re.sub(r"\s", "", marker).lower().rstrip(".")

    def check(answer: str) -> list[Fact]:
        lines = [re.sub(r"\s", "", x).lower().lstrip("*_") for x in answer.splitlines()]
        if any(x.startswith(want) for x in lines):
            return [Fact(f"a postscript starting with {marker}: yes")]
        return [
            Fact(
                f"a postscript starting with {marker}: no -- NOT MET",
                f"The request asks for a postscript starting with {marker}; the answer has none.",
            )
        ]

    return check


def _sections_check(word: str, n: int) -> Check:
    def check(answer: str) -> list[Fact]:
        have = len(re.findall(rf"\b{re.escape(word)}\s+\d+", answer, re.I))
        line = f'sections marked "{word} 1", "{word} 2", ...: {have} (asked: {n})'
        if have >= n:
            return [Fact(line)]
        return [
            Fact(
                line + " -- NOT MET",
                f'The request asks for {n} sections, each starting with "{word} X" (X its number); '
                f"the answer marks {have}.",
            )
        ]

    return check


def _divided_check(n: int) -> Check:
    def check(answer: str) -> list[Fact]:
        text = f.prose(answer).strip()
        have = len([p for p in _RULE_LINE.split(text) if p.strip()]) if _RULE_LINE.search(text) else 1
        line = f"paragraphs divided by *** lines: {have} (asked: {n})"
        if have == n:
            return [Fact(line)]
        blank = f.paragraphs(text)
        fix = (lambda a: "\n\n***\n\n".join(f.paragraphs(a.strip()))) if len(blank) == n else None
        return [
            Fact(
                line + " -- NOT MET",
                f"The request asks for {n} paragraphs divided by lines of ***; the answer has {have}.",
                fix,
            )
        ]

    return check


def _title_check(answer: str) -> list[Fact]:
    if re.search(r"<<[^<>\n]+>>", answer):
        return [Fact("a title in double angular brackets: yes")]
    fault = "The request asks for a title in double angular brackets, like <<A Title>>; the answer has none."
    return [Fact("a title in double angular brackets: no -- NOT MET", fault)]


def _before_sentence(text: str) -> str:
    """`text` up to the end of its last whole sentence ("... newspaper. Please" -> "... newspaper.")."""
    text = text.strip()
    cut = max(text.rfind(". "), text.rfind("? "), text.rfind("! "), text.rfind("\n"))
    return text if text[-1:] in ".?!" or cut < 0 else text[: cut + 1].strip()


def _norm(text: str) -> str:
    return " ".join(text.split()).lower()


def _repeat_check(said: str) -> Check:
    def check(answer: str) -> list[Fact]:
        if _norm(answer.strip().lstrip("\"“'")).startswith(_norm(said)):
            return [Fact("starts by repeating the request word for word: yes")]
        fault = "The request asks the answer to start by repeating the request word for word; it does not."
        return [
            Fact(
                "starts by repeating the request word for word: no -- NOT MET",
                fault,
                lambda a: f"{said}\n\n{a.strip()}",
            )
        ]

    return check


def _two_responses_check(answer: str) -> list[Fact]:
    parts = re.split(r"\*{6,}", answer)
    if len(parts) == 2 and all(p.strip() for p in parts):
        return [Fact("two responses separated by ******: yes")]
    fault = (
        "The request asks for two responses separated by a line of six asterisks (******); "
        f"the answer has {len(parts)} part(s)."
    )
    return [Fact("two responses separated by ******: no -- NOT MET", fault)]


def format_checks(request: str) -> list[Check]:
    """The format facts this request asks for (none for a request that asks for none)."""
    out: list[Check] = []
    if _QUOTES.search(request):
        out.append(_quotes_check)
    for m in [*_LETTER.finditer(request), *_LETTER_USE.finditer(request)]:
        out.append(_letter_check(m["l"].lower(), _rel(m, "=="), _count(m)))
    for m in _PLACEHOLDERS.finditer(request):
        out.append(_placeholder_check(_rel(m, ">="), _count(m)))
    for m in _PS.finditer(request):
        out.append(_postscript_check(m["m"]))
    if _PS_ASKED.search(request) and not _PS.search(request):
        out.append(_postscript_check("P.S."))
    mark, count = _SECTION_MARK.search(request), _SECTION_COUNT.search(request)
    if mark and count:
        out.append(_sections_check(mark["w"] or mark["v"], _count(count)))
    if _TITLE.search(request):
        out.append(_title_check)
    if (m := _REPEAT.search(request)) and (said := _before_sentence(request[: m.start()])):
        out.append(_repeat_check(said))
    if _SIX_STARS.search(request):
        out.append(_two_responses_check)
    if _DIVIDER.search(request) and (paras := _PARAGRAPH_COUNT.search(request)):
        out.append(_divided_check(_count(paras)))
    return out
