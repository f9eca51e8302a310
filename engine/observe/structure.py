"""Structure facts: an answer asked to be JSON, a table, a list or N sections is checked for being one."""

from __future__ import annotations

import json
import re

from selfrefine.engine.observe import facts as f
from selfrefine.engine.observe.facts import NUM, QUAL, Fact, number
from selfrefine.engine.observe.text import Check

_JSON = re.compile(
    r"\b(?:in|as|into|valid|with|using|return|returns|output|outputs)\s+(?:(?:a|an|the|only|valid|"
    r"well-formed|strict)\s+)*json\b(?!\s+(?:file|parser|library|module|schema|body|payload|field|key|string|value)s?\b)|"
    r"\bjson\s+(?:format|object|array|only)\b",
    re.I,
)
_TABLE = re.compile(
    r"\b(?:in|as|into|using)\s+(?:a\s+)?(?:markdown\s+|simple\s+|comparison\s+)?table\b(?!\s*\d)|"
    r"\btable\s+format\b|\btabular\b|\bmarkdown\s+table\b|"
    r"\b(?:give|make|create|draw|produce|show|build)\s+(?:me\s+|us\s+)?a\s+(?:\w+\s+)?table\s+"
    r"(?:of|with|comparing|that)\b",
    re.I,
)
_LIST = re.compile(
    r"\b(?:in|as)\s+(?:a\s+)?(?P<kind>bulleted|bullet(?:-point)?|numbered)?\s*(?:point\s+)?list\b|"
    r"\b(?:as|in|use|using|with)\s+(?P<kind3>bullet)(?:s|\s+points)\b|(?<![Nn]o\s)(?<!without\s)\b(?P<kind4>bullet)\s+points?(?:\s+(?:please|pls)\b|\s*,\s*(?:nothing|no|just|only|one|each)\b|\s+only\b)|"
    r"(?:^|(?<=[.?!]\s))(?P<kind5>bullet)(?:s|\s+points?)\s*(?=[,.;:!]|$)|"
    r"\b(?P<kind2>numbered|bulleted)\s+(?:list|steps|items|points)\b",
    re.I,
)
_SECTIONS = re.compile(
    rf"\b(?P<n>{NUM})\s+(?:(?:markdown|main|separate|clear|distinct)\s+)?(?:sections|headings|headers)\b",
    re.I,
)
_TITLED = re.compile(
    r"\b(?:sections?|headings?|headers?|parts?)\s+(?:titled|called|named|headed|entitled)\s+"
    r"(?P<list>[^.;:\n]+?)(?=\s*(?:[.;:\n]|,?\s+in\s+that\s+order|,?\s+each\b|,?\s+with\b|,?\s+one\b|$))",
    re.I,
)
_TITLE_SEP = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+and\s+")
_BLOCK = re.compile(r"```[ \t]*([\w+-]*)[ \t]*\n(.*?)```", re.S)
_HEADING = re.compile(
    r"^\s*(?:#{1,6}\s+\S.*|\*\*[^*\n]+\*\*:?|__[^_\n]+__:?|[A-Z][\w'&/()-]*(?:[ \t]+[\w'&/()-]+){0,4}:)\s*$",
    re.M,
)
"""A heading: markdown (#, a bold line) or a short label alone on its line ("Action items:")."""
_ROW = re.compile(r"^\s*\|.*\|\s*$", re.M)
_RULE = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?\s*$", re.M)


def parse_json(answer: str) -> tuple[object, str | None]:
    """(value, None) when the answer, or its first ```json (or bare ```) block, is JSON; else (None, why)."""
    candidates = [answer.strip()] + [
        body for lang, body in _BLOCK.findall(answer) if lang.lower() in ("json", "")
    ]
    errors = []
    for text in candidates:
        try:
            return json.loads(text), None
        except ValueError as exc:
            errors.append(str(exc))
    return None, errors[-1]  # a JSON block's own error says more than the whole answer's


def _json_check(answer: str) -> list[Fact]:
    value, why = parse_json(answer)
    if why is None:
        shape = (
            f"an object with keys {', '.join(map(str, list(value)[:8]))}"
            if isinstance(value, dict)
            else f"an array of {len(value)}"
            if isinstance(value, list)
            else type(value).__name__
        )
        return [Fact(f"JSON: parses ({shape})")]
    return [
        Fact(
            f"JSON: does not parse ({why}) -- NOT MET",
            f"The request asks for JSON; the answer does not parse as JSON ({why}).",
        )
    ]


def _table_check(answer: str) -> list[Fact]:
    rows = _ROW.findall(answer)
    if len(rows) >= 2 and _RULE.search(answer):
        return [Fact(f"table: a markdown table with {len(rows) - 1} rows")]
    return [
        Fact(
            "table: none -- NOT MET",
            "The request asks for a table; the answer has no markdown table "
            "(lines of | cells | with a |---| line under the header).",
        )
    ]


_THINGS = re.compile(rf"\b(?P<n>{NUM})\s+(?:[^\W\d_][\w'-]*\s+){{0,3}}?(?P<noun>[^\W\d_][\w'-]*s)\b", re.I)
_NOT_THINGS = re.compile(
    r"(?:sentence|word|paragraph|line|character|letter|minute|hour|day|week|month|year|time|"
    r"bullet|point|item|step|section|part|page|heading|header|title|column|row|table)s$|^(?:is|was|has|does|its|yes|us|as|this|plus)$",
    re.I,
)


def _listed_count(request: str, start: int, end: int) -> int | None:
    """How many items a list asked for holds where the request counts its things in the same
    sentence ("5 spanish greetings ... as a bullet list", "a numbered list of the 3 names"): only
    one such count, of things that are no unit of length or time (those are count_checks')."""
    left = re.split(r"[.;!?\n]", request[:start])[-1]
    right = re.split(r"[.;!?\n]", request[end:])[0]
    of = re.match(
        r"\s*(?:of|with)\s+(?:the\s+|exactly\s+|just\s+)?(?=\S)", right, re.I
    )  # "a list of 3 names"
    where = left + " " + (right[of.end() :] if of else "")
    found = [m for m in _THINGS.finditer(where) if not _NOT_THINGS.search(m["noun"])]
    if len(found) != 1 or len(re.findall(rf"\b{NUM}\b", left + " " + right, re.I)) != 1:
        return None
    n = number(found[0]["n"])
    return n if 2 <= n <= 50 else None


def _top_items(text: str, kind: str) -> int:
    """The list items at the list's outer level (sub-items indented under them not counted)."""
    marker = {"numbered": r"\d{1,3}[.)]", "bulleted": r"[-*•+]"}.get(kind, r"[-*•+]|\d{1,3}[.)]")
    found = re.findall(rf"^([ \t]*)(?:{marker})\s+\S", text, re.M)
    return sum(len(x) == min(map(len, found)) for x in found) if found else 0


def _list_check(kind: str, n: int | None = None) -> Check:
    def check(answer: str) -> list[Fact]:
        text = f.prose(answer)
        have = (
            f.numbered(text)
            if kind == "numbered"
            else f.bullets(text)
            if kind == "bulleted"
            else f.bullets(text) + f.numbered(text)
        )
        name = f"{kind} list" if kind else "list"
        if n is not None and have >= 2:
            have = _top_items(text, kind)  # "5 chores", each with its sub-bullets: 5
        if n is not None and have >= 2 and have != n:
            return [
                Fact(
                    f"{name}: {have} items (asked: {n}) -- NOT MET",
                    f"The request asks for {n} items in a {name}; the answer has {have}.",
                )
            ]
        if have >= 2:
            return [Fact(f"{name}: {have} items" + (f" (asked: {n})" if n is not None else ""))]
        other = f.bullets(text) if kind == "numbered" else f.numbered(text) if kind == "bulleted" else 0
        return [
            Fact(
                f"{name}: {have} items -- NOT MET",
                f"The request asks for a {name}; the answer has {'no' if not have else 'only one'} "
                f"{name} item{'s' if not have else ''} (lines starting with "
                f"{'1. 2. ...' if kind == 'numbered' else '- ' if kind == 'bulleted' else '- or 1.'}).",
                f.marked_as(kind) if other >= 2 else None,  # the list there, in the other form
            )
        ]

    return check


_HIGHLIGHT = re.compile(
    rf"\bhighlight\w*\s+(?:at\s+least\s+|(?P<exactly>exactly\s+))?(?P<n>{NUM})\s+(?:\w+\s+)?"
    r"(?:sections?|parts?|phrases?|words?|points?|spans?|terms?|ideas?)\b",
    re.I,
)
_MARKED = re.compile(r"\*\*[^*\n]+\*\*|\*[^*\s][^*\n]*\*|__[^_\n]+__|(?<!\w)_[^_\s][^_\n]*_(?!\w)")


def _highlight_check(n: int, exactly: bool) -> Check:
    """ "Highlight at least 3 sections with markdown": spans set off with * or _ (*like this*)."""
    asked = f"{'exactly' if exactly else 'at least'} {n}"

    def check(answer: str) -> list[Fact]:
        have = len(_MARKED.findall(f.prose(answer)))
        line = f"highlighted spans (*like this*): {have} (asked: {asked})"
        if have == n or (have > n and not exactly):
            return [Fact(line)]
        fault = (
            f"The request asks for {asked} highlighted sections (text set off as *like this*); it has {have}."
        )
        return [Fact(line + " -- NOT MET", fault)]

    return check


def _sections_check(n: int, rel: str = "==") -> Check:
    """N sections, counted as headings; "at least 4 main sections" is a lower bound (generic test15
    n24: an outline with sub-headings under its four sections)."""
    asked = f"{n}" if rel == "==" else f"{f.ASKED[rel]} {n}"

    def check(answer: str) -> list[Fact]:
        have = len(_HEADING.findall(f.prose(answer)))
        if f.holds(rel, have, n):
            return [Fact(f"sections (headings): {have} (asked: {asked})")]
        return [
            Fact(
                f"sections (headings): {have} (asked: {asked}) -- NOT MET",
                f"The request asks for {asked} {'section' if n == 1 else 'sections'}; "
                f"the answer has {f.plural(have, 'heading')}.",
            )
        ]

    return check


def _heading_text(line: str) -> str:
    t = line.strip().lstrip("#").strip().strip("*_").strip()
    return t.rstrip(":").strip().strip("*_").strip().lower()


def titles(request: str) -> list[str]:
    """The section titles the request names ("three sections titled Goals, Schedule and Budget")."""
    m = _TITLED.search(request)
    if not m:
        return []
    found = [t.strip(" \"'“”‘’`") for t in _TITLE_SEP.split(m["list"])]
    return [t for t in found if t and len(t.split()) <= 5]


def _titles_check(want: list[str]) -> Check:
    def check(answer: str) -> list[Fact]:
        heads = [_heading_text(x) for x in f.prose(answer).splitlines()]
        missing = [t for t in want if t.lower() not in heads]
        at = [heads.index(t.lower()) for t in want if t.lower() in heads]
        line = f"section titles on their own lines: {len(want) - len(missing)} of {len(want)}"
        if not missing and at == sorted(at):
            return [Fact(line + f" ({', '.join(want)}, in order)")]
        why = (
            f"not on a line of its own: {', '.join(repr(t) for t in missing)}"
            if missing
            else "the titles are not in the order asked"
        )
        fix = f.outside_code(lambda text: _own_lines(text, want)) if missing else None
        return [
            Fact(
                line + " -- NOT MET",
                f"The request asks for sections titled {', '.join(want)}, each title on its own line; {why}.",
                fix,
            )
        ]

    return check


def _own_lines(text: str, want: list[str]) -> str:
    """Each title that opens a line with its section's text after it ("Monday: oats, then soup")
    on a line of its own, that text on the next; the answer as it is when a title opens no line."""
    lines = text.splitlines()
    for title in want:
        lead = re.compile(
            rf"^(?P<head>\s*#*\s*)(?P<mark>[*_]*)(?P<t>{re.escape(title)})\s*[*_]*\s*(?::|\s[-–—])[*_]*\s*(?P<rest>\S.*)$",
            re.I,
        )
        at = next((i for i, x in enumerate(lines) if lead.match(x)), None)
        if at is None:
            if title.lower() not in [_heading_text(x) for x in lines]:
                return text
            continue
        m = lead.match(lines[at])
        lines[at : at + 1] = [m["head"] + m["mark"] + m["t"] + m["mark"][::-1], m["rest"]]
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")


def structure_checks(request: str) -> list[Check]:
    """The shapes the request asks for: JSON, a table, a (bulleted / numbered) list, N sections."""
    out: list[Check] = []
    if _JSON.search(request):
        out.append(_json_check)
    if _TABLE.search(request) and not re.search(r"\b(?:latex|tabular|html\s+table)\b", request, re.I):
        out.append(_table_check)  # a LaTeX or HTML table is no markdown one (engine.observe.datafiles)
    m = _LIST.search(request)
    counted = (
        m is not None
        and (m["kind2"] or m["kind4"])
        and re.search(rf"\b{NUM}\s+$", request[: m.start()], re.I)
    )
    if m and not counted:  # "4 numbered steps" is a count: count_checks reads it
        kind = (m["kind"] or m["kind2"] or m["kind3"] or m["kind4"] or m["kind5"] or "").lower()
        kind = "numbered" if kind == "numbered" else "bulleted" if kind.startswith("bullet") else ""
        out.append(_list_check(kind, _listed_count(request, m.start(), m.end())))
    named = titles(request)
    if named:
        out.append(_titles_check(named))
    marked = _HIGHLIGHT.search(request)
    if marked:  # "highlight at least 3 sections": marked spans (*...*), no headings
        out.append(_highlight_check(number(marked["n"]), bool(marked["exactly"])))
    m = _SECTIONS.search(request)
    if m and not named and not (marked and marked.start() <= m.start() < marked.end()):
        q = re.search(rf"\b({QUAL})\s+$", request[max(0, m.start() - 20) : m.start()], re.I)
        rel = f.relation(q[1] if q else None)
        out.append(_sections_check(number(m["n"]), rel if rel in ("==", "<=", ">=", "<", ">") else "=="))
    return out
