"""The check kinds added to the generic scorer for the test3 rows (tasks/tools/generic_test3.py),
written on 2026-12-06 with those rows, blind to the observers: each takes the row's check dict and
the answer and says whether it holds, on the terms of the scorer's own kinds: bad parameters raise
BadCheck whatever the text, and an answer with no word meets none of them. scorer.check dispatches
here."""

from __future__ import annotations

import math
import re
import unicodedata

from selfrefine.tasks.generic.scorer import (
    _BULLET,
    _NUMBERED,
    BadCheck,
    _all_sentences,
    _has_word,
    _line_body,
    _params,
    _positive,
    lines,
    paragraphs,
    words,
)

_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?"
    r"|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\b\.?"
)
_FULL_MONTH = "(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_DAY, _MM = r"(?:0[1-9]|[12]\d|3[01])", r"(?:0[1-9]|1[0-2])"
DATE_FORMATS = {
    "YYYY-MM-DD": rf"\d{{4}}-{_MM}-{_DAY}",
    "DD/MM/YYYY": rf"{_DAY}/{_MM}/\d{{4}}",
    "MM/DD/YYYY": rf"{_MM}/{_DAY}/\d{{4}}",
    "Month D, YYYY": rf"{_FULL_MONTH} (?:[1-9]|[12]\d|3[01]), \d{{4}}",
}
# anything written as a date: three numbers joined by one of - / . (2026-12-06, 6/12/26, 06.12.2026),
# or a month's name (capitalized, maybe short) next to a day number (March 3, 3rd of March, 3 Mar 2027)
_ANY_DATE = re.compile(
    r"(?<![\d/.-])\d{1,4}([-/.])\d{1,2}\1\d{1,4}(?![\d/-])"
    rf"|\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+\d{{4}}\b)?"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}(?:,?\s+\d{{4}}\b)?"
)
_TIME_24 = re.compile(r"(?<![\d:])(?:[01]\d|2[0-3]):[0-5]\d(?!\d)")
# anything written as a time: with am / pm, as H:MM or HH:MM, "o'clock", noon, midnight
_ANY_TIME = re.compile(
    r"(?<![\d:])\d{1,2}(?::\d{2})?\s*[ap]\.?m\b\.?|(?<![\d:])\d{1,2}:\d{2}(?!\d)"
    r"|\bo['’]clock\b|\bnoon\b|\bmidnight\b",
    re.I,
)
_PS = re.compile(r"^[\s*_>]*p\.?\s?s\b\.?[\s*_]*[:.,\-–—]?", re.I)
_BOLD = re.compile(r"\*\*(?!\s)[^*\n]+?(?<!\s)\*\*|__(?!\s)[^_\n]+?(?<!\s)__")
_HEADING_LINE = re.compile(r"^ {0,3}#{1,6}[ \t]+\S", re.M)
_STEP = re.compile(r"^\s*(\d+)[.)]\s+\S")
_TABLE_RULE = re.compile(r"^\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?$")


def _range(c: dict, p: dict) -> tuple[float, float]:
    """(lo, hi) from a count check's `n`, or its `min` and / or `max`."""
    kind = c["check"]
    if not {"n", "min", "max"} & set(p) or ("n" in p and len({"n", "min", "max"} & set(p)) > 1):
        raise BadCheck(f"check {kind!r}: give n, or min and / or max")
    if "n" in p:
        return p["n"], p["n"]
    lo, hi = p.get("min", 0), p.get("max", math.inf)
    if lo > hi:
        raise BadCheck(f"check {kind!r}: min is above max")
    return lo, hi


def _apos(text: str) -> str:
    """Curly apostrophes as straight ones (Rosalind’s is Rosalind's)."""
    return text.replace("’", "'").replace("‘", "'")


def _plain_line(line: str) -> str:
    """A line as a closing line: its case, emphasis, quotes and curly apostrophes aside."""
    return _apos(line.strip().strip("*_\"'“”‘’`").strip()).lower()


def _inside(spans: list[tuple[int, int]], span: tuple[int, int]) -> bool:
    return any(a <= span[0] and span[1] <= b for a, b in spans)


def _list_items(text: str) -> list[str]:
    """The bodies of the bullet and numbered lines, markers and leading emphasis removed."""
    return [_line_body(ln) for ln in text.splitlines() if _BULLET.match(ln) or _NUMBERED.match(ln)]


def no_word_forms(c: dict, text: str) -> bool:
    """No word contains any of `stems` (any case): "cheap" rules out cheaper, cheaply, cheapest."""
    p = _params(c, {"stems": list})
    stems = [s.lower() for s in p["stems"]]
    if not all(s.isalpha() for s in stems):
        raise BadCheck(f"check 'no_word_forms': stems must be letters only, not {p['stems']!r}")
    found = words(text)
    return bool(found) and not any(s in w.lower() for w in found for s in stems)


def closing_line(c: dict, text: str) -> bool:
    """The last non-empty line is `text` (any case; emphasis, quotes around it and the kind of
    apostrophe aside), after at least one line of other text."""
    p = _params(c, {"text": str})
    found = lines(text)
    return bool(words("\n".join(found[:-1]))) and _plain_line(found[-1]) == _plain_line(p["text"])


def postscript(c: dict, text: str) -> bool:
    """The text ends with a P.S.: its last paragraph holds the last line starting P.S. / PS (text
    before it, words in it), and `word`, if given, is in the P.S."""
    p = _params(c, {}, {"word": str})
    raw = text.strip().splitlines()
    at = [i for i, ln in enumerate(raw) if _PS.match(ln)]
    if not at or not words("\n".join(raw[: at[-1]])):
        return False
    tail = raw[at[-1] :]
    body = "\n".join([_PS.sub("", tail[0], count=1), *tail[1:]])
    one_paragraph = len(paragraphs("\n".join(tail))) == 1
    return (
        one_paragraph
        and bool(words(body))
        and ("word" not in p or _has_word(_apos(body), _apos(p["word"])) > 0)
    )


def date_format(c: dict, text: str) -> bool:
    """At least `min` (default 1) dates written as `format` (a key of DATE_FORMATS, a valid month
    and day), and no date written any other way (see _ANY_DATE)."""
    p = _params(c, {"format": str}, {"min": int})
    if p["format"] not in DATE_FORMATS:
        raise BadCheck(
            f"check 'date_format': format must be one of {sorted(DATE_FORMATS)}, not {p['format']!r}"
        )
    need = _positive(c, p, "min") or 1
    wanted = re.compile(r"(?<![\d/.-])" + DATE_FORMATS[p["format"]] + r"(?![\d/-])")
    spans = [m.span() for m in wanted.finditer(text)]
    others = [m.span() for m in _ANY_DATE.finditer(text) if not _inside(spans, m.span())]
    return bool(words(text)) and len(spans) >= need and not others


def time_format(c: dict, text: str) -> bool:
    """At least `min` (default 1) times in 24-hour HH:MM (07:30, 19:05), and no time written any
    other way: with am / pm, a one-digit hour (7:30), "o'clock", noon or midnight."""
    p = _params(c, {}, {"min": int})
    need = _positive(c, p, "min") or 1
    spans = [m.span() for m in _TIME_24.finditer(text)]
    others = [m.span() for m in _ANY_TIME.finditer(text) if not _inside(spans, m.span())]
    return bool(words(text)) and len(spans) >= need and not others


def bullet_words(c: dict, text: str) -> bool:
    """There are bullets (-, *, •), and each has at most `max` (and at least `min`) words."""
    p = _params(c, {"max": int}, {"min": int})
    hi, lo = _positive(c, p, "max"), p.get("min", 0)
    if lo > hi:
        raise BadCheck("check 'bullet_words': min is above max")
    found = [_line_body(ln) for ln in text.splitlines() if _BULLET.match(ln)]
    return bool(found) and all(lo <= len(words(b)) <= hi for b in found)


def bullets_start_with(c: dict, text: str) -> bool:
    """There are bullets (-, *, •), and the first word of each is one of `words` (any case)."""
    p = _params(c, {"words": list})
    if not all(words(w) == [w.strip()] for w in p["words"]):
        raise BadCheck(f"check 'bullets_start_with': words must be single words, not {p['words']!r}")
    allowed = {_apos(w.strip()).lower() for w in p["words"]}
    found = [words(_line_body(ln)) for ln in text.splitlines() if _BULLET.match(ln)]
    return bool(found) and all(f and _apos(f[0]).lower() in allowed for f in found)


def question_sentences(c: dict, text: str) -> bool:
    """The number of sentences (a line break ends one) that are questions: `n`, or `min` to `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    lo, hi = _range(c, p)
    found = _all_sentences(text)
    k = sum(s.strip().rstrip("\"')]*_”’").endswith("?") for s in found)
    return bool(found) and lo <= k <= hi


def alphabetical(c: dict, text: str) -> bool:
    """At least `min` (default 2) list items (bullet or numbered lines), in alphabetical order:
    compared in lower case on their letters, digits and spaces."""
    p = _params(c, {}, {"min": int})
    need = max(2, _positive(c, p, "min") or 2)
    keys = [" ".join(re.sub(r"[^a-z0-9 ]", "", b.lower()).split()) for b in _list_items(text)]
    return len(keys) >= need and keys == sorted(keys)


def word_repeats(c: dict, text: str) -> bool:
    """No word of at least `min_len` letters (default 1) occurs more than `max` times (any case)."""
    p = _params(c, {"max": int}, {"min_len": int})
    most, shortest = _positive(c, p, "max"), _positive(c, p, "min_len") or 1
    found = [_apos(w).lower() for w in words(text)]
    counts: dict[str, int] = {}
    for w in found:
        if sum(ch.isalpha() for ch in w) >= shortest:
            counts[w] = counts.get(w, 0) + 1
    return bool(found) and all(k <= most for k in counts.values())


def char_count(c: dict, text: str) -> bool:
    """`char` (one character; a letter in either case) occurs `n` times, or `min` to `max` times."""
    p = _params(c, {"char": str}, {"n": int, "min": int, "max": int})
    if len(p["char"]) != 1:
        raise BadCheck(f"check 'char_count': char must be one character, not {p['char']!r}")
    lo, hi = _range(c, p)
    k = text.lower().count(p["char"].lower()) if p["char"].isalpha() else text.count(p["char"])
    return bool(words(text)) and lo <= k <= hi


def caps_words(c: dict, text: str) -> bool:
    """Words in all capitals (two letters or more: NEW, FREE, USA, not I): `n`, or `min` to `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    lo, hi = _range(c, p)
    found = words(text)
    k = sum(sum(ch.isalpha() for ch in w) >= 2 and w == w.upper() for w in found)
    return bool(found) and lo <= k <= hi


def quoted(c: dict, text: str) -> bool:
    """The whole answer is wrapped in double quotation marks (" or “ ”), with words inside."""
    _params(c, {})
    t = text.strip()
    return len(t) >= 2 and t[0] in '"“' and t[-1] in '"”' and bool(words(t[1:-1]))


def steps(c: dict, text: str) -> bool:
    """The numbered lines (1. or 1)) are numbered 1, 2, 3, ... in order, and there are `n` of
    them, or `min` to `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    lo, hi = _range(c, p)
    nums = [int(m.group(1)) for ln in text.splitlines() if (m := _STEP.match(ln))]
    return bool(nums) and nums == list(range(1, len(nums) + 1)) and lo <= len(nums) <= hi


def alternating(c: dict, text: str) -> bool:
    """Every non-empty line starts with `prefixes` in turn (any case, list markers and emphasis
    aside), ending after a full turn; `rounds`, if given, is the number of turns."""
    p = _params(c, {"prefixes": list}, {"rounds": int})
    rounds = _positive(c, p, "rounds")
    want = [x.strip().lower() for x in p["prefixes"]]
    if len(want) < 2:
        raise BadCheck("check 'alternating': give at least two prefixes")
    found = [_line_body(ln).lower() for ln in lines(text)]
    if not found or len(found) % len(want) or (rounds and len(found) != rounds * len(want)):
        return False
    return all(ln.startswith(want[i % len(want)]) for i, ln in enumerate(found))


def word_length(c: dict, text: str) -> bool:
    """No word has more than `max` letters (or digits); a hyphenated word counts part by part and
    an apostrophe is no letter (don't has 4, well-known 5)."""
    p = _params(c, {"max": int})
    most = _positive(c, p, "max")
    found = words(text)
    parts = [_apos(part).replace("'", "") for w in found for part in w.split("-")]
    return bool(found) and all(len(x) <= most for x in parts)


def emoji(c: dict, text: str) -> bool:
    """Emoji (symbols U+1F000-U+1FAFF and U+2600-U+27BF; a flag or a joined sequence counts each of
    its parts): `n`, or `min` to `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    lo, hi = _range(c, p)
    k = sum(
        unicodedata.category(ch) == "So" and (0x1F000 <= ord(ch) <= 0x1FAFF or 0x2600 <= ord(ch) <= 0x27BF)
        for ch in text
    )
    return bool(words(text)) and lo <= k <= hi


def bold(c: dict, text: str) -> bool:
    """Bold phrases (**like this** or __this__, on one line): `n`, or `min` to `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    lo, hi = _range(c, p)
    return bool(words(text)) and lo <= len(_BOLD.findall(text)) <= hi


def _tables(text: str) -> list[tuple[list[str], list[list[str]]]]:
    """The markdown tables: (header cells, body rows' cells), each cell without emphasis."""

    def cells(line: str) -> list[str]:
        t = line.strip().removeprefix("|").removesuffix("|")
        return [x.strip().strip("*_").strip() for x in t.split("|")]

    found, ls, i = [], text.splitlines(), 0
    while i + 1 < len(ls):
        head, rule = ls[i], ls[i + 1].strip()
        if "|" in head and "|" in rule and _TABLE_RULE.match(rule) and len(cells(rule)) == len(cells(head)):
            body, i = [], i + 2
            while i < len(ls) and "|" in ls[i]:
                body.append(cells(ls[i]))
                i += 1
            found.append((cells(head), body))
        else:
            i += 1
    return found


def table(c: dict, text: str) -> bool:
    """A markdown table (header, --- rule, rows; every row as wide as the header); the first one
    has the header `columns` (in order, any case) and `rows` rows, where given."""
    p = _params(c, {}, {"columns": list, "rows": int})
    want_rows = _positive(c, p, "rows")
    found = _tables(text)
    if not found or not words(text):
        return False
    head, body = found[0]
    if "columns" in p and [h.lower() for h in head] != [x.strip().lower() for x in p["columns"]]:
        return False
    return all(len(r) == len(head) for r in body) and (want_rows is None or len(body) == want_rows)


def unique_openers(c: dict, text: str) -> bool:
    """No two sentences (a line break ends one; list markers aside) start with the same word."""
    _params(c, {})
    firsts = [_apos(words(s)[0]).lower() for s in _all_sentences(text)]
    return bool(firsts) and len(firsts) == len(set(firsts))


def headings(c: dict, text: str) -> bool:
    """Markdown heading lines (# Title, up to ######): `n`, or `min` to `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    lo, hi = _range(c, p)
    return bool(words(text)) and lo <= len(_HEADING_LINE.findall(text)) <= hi


def in_order(c: dict, text: str) -> bool:
    """Each of `words` (whole words, any case) occurs, and their first occurrences come in the
    order given."""
    p = _params(c, {"words": list})
    want = [_apos(w.strip()).lower() for w in p["words"]]
    if len(set(want)) != len(want) or len(want) < 2:
        raise BadCheck("check 'in_order': give at least two different words")
    t, at = _apos(text), []
    for w in want:
        m = re.search(r"(?<![A-Za-z0-9])" + re.escape(w) + r"(?![A-Za-z0-9])", t, re.I)
        if not m:
            return False
        at.append(m.start())
    return at == sorted(at) and len(set(at)) == len(at)


def each_paragraph_includes(c: dict, text: str) -> bool:
    """`word` (a whole word or phrase, any case, either kind of apostrophe) is in every paragraph."""
    p = _params(c, {"word": str})
    found = paragraphs(text)
    return bool(found) and all(_has_word(_apos(para), _apos(p["word"].strip())) > 0 for para in found)


TEST3_CHECKS = {
    f.__name__: f
    for f in (
        no_word_forms, closing_line, postscript, date_format, time_format, bullet_words,
        bullets_start_with, question_sentences, alphabetical, word_repeats, char_count, caps_words,
        quoted, steps, alternating, word_length, emoji, bold, table, unique_openers, headings,
        in_order, each_paragraph_includes,
    )
}  # fmt: skip
