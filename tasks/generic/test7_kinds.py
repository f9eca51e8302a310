"""The check kinds added to the generic scorer for the test7 rows (tasks/tools/generic_test7.py),
written on 2026-12-06 with those rows, blind to the observers: each takes the row's check dict and
the answer and says whether it holds, on the terms of the scorer's own kinds: bad parameters raise
BadCheck whatever the text, and an answer with no word meets none of them. scorer.check finds them
through scorer._split_checks, after the older splits' kinds."""

from __future__ import annotations

import calendar
import csv
import re

from selfrefine.tasks.generic.scorer import (
    _NUMBERED,
    BadCheck,
    _all_sentences,
    _has_word,
    _line_body,
    _params,
    _positive,
    lines,
    paragraphs,
    sentences,
    words,
)
from selfrefine.tasks.generic.test3_kinds import _apos, _range

_COUNT = {"n": int, "min": int, "max": int}
_LEAD = re.compile(r"^[\W_]+")
_SUBJECT = re.compile(r"^subject(?:\s+line)?\s*[*_]*\s*:\s*[*_]*\s*(.*)$", re.I)
_GREETING = re.compile(
    r"^(?:hi|hello|hey|hiya|howdy|dear|greetings|good\s+(?:morning|afternoon|evening)|to)\b", re.I
)
_TLDR = re.compile(r"^(?:tl\s?;\s?dr|tldr|tl\s?dr)\b[\W_]*", re.I)
_HEX = re.compile(r"(?<![\w&#])#(?:[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})(?![\w-])")
_CLOCK = r"(?:\d{1,2}(?::[0-5]\d)?\s?[ap]\.?\s?m\b|(?<![\d.])\d{1,2}:[0-5]\d(?![\d:])|(?:noon|midnight)\b)"
_TIME_UNIT = re.compile(rf"(?<![\w:]){_CLOCK}(?:\s*(?:-|–|—|to|until|till)\s*{_CLOCK})?", re.I)
_ZONE_ABBR = (
    r"(?:[ECMPA]K?[SD]?T|UTC|GMT|BST|IST|CET|CEST|EET|EEST|WET|WEST|JST|KST|SGT|HKT|AEST|AEDT|AWST|"
    r"ACST|NZST|NZDT|HST|WIB)(?:\s?[+−-]\s?\d{1,2}(?::?\d{2})?)?"
)
_CAP = r"[A-Z][A-Za-z]+"
# a zone named after the time: an abbreviation, "... time" or "in <Place>" (even after a closing
# period, "11 a.m. ET"), or a bare capitalized word ("4 pm Lisbon") right after it
_ZONE_AFTER = re.compile(
    rf"^\.?\s*[(\[]?\s*(?:{_ZONE_ABBR}\b|(?:in|for)\s+(?:(?:the|our|those\s+in|people\s+in|folks\s+in)\s+)?{_CAP}|(?:{_CAP}\.?\s+){{1,3}}[Tt]ime\b)"
)
_PLACE_AFTER = re.compile(rf"^\s*[(\[]?\s*({_CAP})\b")
_ZONE_BEFORE = re.compile(
    rf"(?:(?:\b{_ZONE_ABBR}|{_CAP}(?:\s+{_CAP}){{0,2}})\s*[:()\[\]–—-]?|{_CAP}(?:\s+[a-z]+){{1,2}}\s*:)\s*$"
)
_CALENDAR_WORDS = {
    w.lower()
    for w in [*calendar.day_name, *calendar.month_name[1:], "At", "On", "From", "To", "By", "And", "The"]
}
_MONEY = re.compile(
    r"([$€£])\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(\s?[kK]\b)?"
    r"(?:\s?(?:-|–|to)\s?[$€£]?\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(\s?[kK]\b)?)?"
)
_BULLET_ANY = re.compile(r"^\s*([-*•+])\s+\S")
_WEEKDAY = r"(Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)(?:day|sday|nesday|rsday|urday)?\.?"
_MONTH = (
    r"(January|February|March|April|May|June|July|August|September|October|November|December"
    r"|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\b\.?"
)
_DAYNUM = r"(\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?:,?[ \t]+(\d{4}))?"
_DATE = rf"(?:{_MONTH}[ \t]+{_DAYNUM}|{_DAYNUM}[ \t]+(?:of[ \t]+)?{_MONTH})"
_GLUE = r"[ \t]*[,(–—-]?[ \t]*"
_WEEKDAY_DATE = re.compile(
    rf"\b{_WEEKDAY}{_GLUE}(?:the[ \t]+)?{_DATE}{_YEAR}\b|\b{_DATE}{_YEAR}{_GLUE}{_WEEKDAY}(?!\w)", re.I
)
_MMSS = r"(?:(\d{1,2}):)?(\d{1,2}):([0-5]\d)(?![\d:])"
_STAMP = rf"[\[(]?\s*{_MMSS}(?:\s*[-–—]\s*(?:\d{{1,2}}:)?\d{{1,2}}:[0-5]\d)?\s*[\])]?"
_STAMP_START = re.compile(rf"^{_STAMP}")
_STAMP_END = re.compile(rf"(?<![\d:]){_STAMP}[\s.*_]*$")
_BYLINE = re.compile(r"^(?:[Ww]ritten\s+)?(?:by|By|BY)\s+([A-Z].*)$|^[Bb]yline\s*:\s*(.+)$")
_GENDERED = {"he", "him", "his", "himself", "she", "her", "hers", "herself"}
_WE = {"we", "us", "our", "ours", "ourselves"}
_I = {"i", "me", "my", "mine", "myself"}
_DOUBLE_QUOTED = re.compile(r"\"[^\"\n]*\"|“[^”\n]*”")
_SCOPES = {
    "percent": re.compile(r"(?<![\d.,])(\d[\d,]*)(?:\.(\d+))?\s?%"),
    "money": re.compile(r"[$€£]\s?(\d[\d,]*)(?:\.(\d+))?(?!\d)"),
    "all": re.compile(r"(?<![\d.,])(\d[\d,]*)\.(\d+)(?!\d|\.\d)"),
}
_STOP = {"of", "and", "the", "for", "to", "a", "an", "in", "on", "&"}
_PHONE_FORMATS = {
    "(NNN) NNN-NNNN": r"\(\d{3}\) \d{3}-\d{4}",
    "NNN-NNN-NNNN": r"\d{3}-\d{3}-\d{4}",
    "NNN.NNN.NNNN": r"\d{3}\.\d{3}\.\d{4}",
    "NNN NNN NNNN": r"\d{3} \d{3} \d{4}",
}
_PHONE = re.compile(r"(?<![\w+(-])(?:\+?1[\s.-]?)?(\(\d{3}\)\s?|\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}(?![\w-])")
_WARNING = re.compile(r"^(?:cw|tw|cn|content\s+(?:warning|note)|trigger\s+warning)\b", re.I)
# a quotation: in double quotes, in italics (not bold) or a blockquote line
_QUOTE = re.compile(
    r"\"([^\"\n]+)\"|“([^”\n]+)”|(?<![*\w])\*([^*\n]+)\*(?![*\w])|^[ \t]*>[ \t]*([^>\n]+)$", re.M
)
_NAME = r"[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3}"
_CREDIT_AFTER = re.compile(
    rf"^[\s,.!?>*_]*(?:(?:\n\s*)?[-–—―~]+\s*[*_]*\s*{_NAME}|\(\s*[-–—―~]?\s*{_NAME}|(?:said|says|wrote|writes)\s+{_NAME}"
    rf"|{_NAME}\s+(?:once\s+)?(?:said|says|wrote))"
)
_CREDIT_BEFORE = re.compile(
    rf"(?:{_NAME}\s+(?:once\s+|famously\s+|put\s+it\s+)?(?:said|says|wrote|put\s+it|observed|told\s+\w+)"
    rf"|(?:As|In\s+the\s+words\s+of|Quoting)\s+{_NAME})[^\"“\n]{{0,40}}[:,]?\s*$"
)
_URL = re.compile(
    r"https?://|\bwww\.|(?<![@\w.-])[a-z0-9-]+\.(?:com|org|net|io|co|edu|gov|ly|me|app|dev|info|biz|us|uk)"
    r"\b",
    re.I,
)
_NUMBER_WORDS = dict(
    zip("one two three four five six seven eight nine ten eleven twelve".split(), range(1, 13), strict=True)
)
_SERVES = re.compile(
    r"\b(?:serves|servings?|serving\s+size|yields?|makes|feeds)\b\s*[*_]*\s*[:\-–]?\s*[*_]*\s*(?:about\s+|up\s+to\s+)?"
    r"(\d+|[a-z]+)\b|\b(\d+|[a-z]+)\s+(?:servings|portions|people|bowls)\b",
    re.I,
)


def _counted(c: dict, p: dict) -> tuple[float, float]:
    """(lo, hi) from the count parameters among a check's parsed ones."""
    return _range(c, {k: v for k, v in p.items() if k in _COUNT})


def _lead(line: str) -> str:
    """A line without what comes before its first letter or digit (marks, emoji, quotes, brackets)."""
    return _LEAD.sub("", line.strip())


def _min(c: dict, p: dict) -> int:
    return _positive(c, p, "min") or 1


def subject_line(c: dict, text: str) -> bool:
    """A line "Subject: ..." (emphasis aside) with a subject of at most `max_words` words (if given)
    and more text after it."""
    p = _params(c, {}, {"max_words": int})
    most = _positive(c, p, "max_words")
    found = lines(text)
    for i, ln in enumerate(found):
        m = _SUBJECT.match(ln.strip().lstrip("#").strip().lstrip("*_").strip())
        if m:
            n = len(words(m.group(1)))
            return 1 <= n <= (most or n) and any(words(rest) for rest in found[i + 1 :])
    return False


def greeting_name(c: dict, text: str) -> bool:
    """A line among the first four opens with a greeting (Hi, Hello, Dear, Good morning ...) and
    names `name` (whole words, any case)."""
    p = _params(c, {"name": str})
    return any(_GREETING.match(_lead(ln)) and _has_word(ln, p["name"]) for ln in lines(text)[:4])


def exclamation_marks(c: dict, text: str) -> bool:
    """Exclamation marks: `n`, or `min` to `max`."""
    lo, hi = _range(c, _params(c, {}, _COUNT))
    return bool(words(text)) and lo <= text.count("!") + text.count("！") <= hi


def hex_colors(c: dict, text: str) -> bool:
    """Different hex color codes (#RGB or #RRGGBB, any case): `n`, or `min` to `max`."""
    lo, hi = _range(c, _params(c, {}, _COUNT))
    return lo <= len({m.lower() for m in _HEX.findall(text)}) <= hi and bool(words(text))


def tldr_last(c: dict, text: str) -> bool:
    """The last paragraph starts with "TL;DR" (or TLDR; marks around it aside), text comes before it,
    and its summary has at most `max_words` words (if given) and at least one."""
    p = _params(c, {}, {"max_words": int})
    most = _positive(c, p, "max_words")
    found = paragraphs(text)
    if len(found) < 2 or not any(words(para) for para in found[:-1]):
        return False
    m = _TLDR.match(_lead(found[-1]))
    n = len(words(_lead(found[-1])[m.end() :])) if m else 0
    return bool(m) and 1 <= n <= (most or n)


def _has_zone(text: str, start: int, end: int) -> bool:
    """A time zone right after text[start:end] (a clock time) or right before it, on its line."""
    after = text[end : end + 60]
    if _ZONE_AFTER.match(after):
        return True
    place = _PLACE_AFTER.match(after)
    if place and place.group(1).lower() not in _CALENDAR_WORDS:
        return True
    line_start = text.rfind("\n", 0, start) + 1
    before = _ZONE_BEFORE.search(text[max(line_start, start - 40) : start])
    return bool(before) and words(before.group(0))[-1].lower() not in _CALENDAR_WORDS


def time_zones(c: dict, text: str) -> bool:
    """At least `min` (default 1) clock times (or ranges such as "2-3 pm"), each with a time zone
    right after or before it: an abbreviation (ET, BST, UTC+2), "Eastern time", "London time",
    "in Denver", or a place's name (not a weekday or a month)."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    found = list(_TIME_UNIT.finditer(text))
    return len(found) >= need and all(_has_zone(text, m.start(), m.end()) for m in found)


def _amount(whole: str, frac: str | None, k: str | None) -> float:
    return float(whole.replace(",", "") + (frac or "")) * (1000 if k else 1)


def price_cap(c: dict, text: str) -> bool:
    """At least `min` (default 1) prices ($, € or £; a range counts both ends) and none above `max`."""
    p = _params(c, {"max": (int, float)}, {"min": int})
    if p["max"] < 0:
        raise BadCheck("check 'price_cap': max is negative")
    need = _min(c, p)
    prices = []
    for m in _MONEY.finditer(text):
        prices.append(_amount(m.group(2), m.group(3), m.group(4)))
        if m.group(5):
            prices.append(_amount(m.group(5), m.group(6), m.group(7) or m.group(4)))
    return bool(words(text)) and len(prices) >= need and all(x <= p["max"] for x in prices)


def _items(line: str) -> list[str]:
    parts = [re.sub(r"^(?:and|or)\s+", "", s.strip().strip(".;\"'“”*_ ")) for s in line.split(",")]
    return [s for s in parts if s]


def comma_list(c: dict, text: str) -> bool:
    """The line with the most comma-separated items (words before a colon, and "and" before the last
    item, aside) holds `n`, or `min` to `max`, items of 1 to 8 words each; no bullet or numbered
    line comes with it."""
    lo, hi = _range(c, _params(c, {}, _COUNT))
    found = lines(text)
    if not found or any(_BULLET_ANY.match(ln) or _NUMBERED.match(ln) for ln in found):
        return False
    listed = max(found, key=lambda ln: len(_items(ln)))
    items = _items(listed.split(":", 1)[1] if ":" in listed else listed)
    return lo <= len(items) <= hi and all(1 <= len(words(s)) <= 8 for s in items)


def avoid_openers(c: dict, text: str) -> bool:
    """No sentence (a line break ends one; list markers aside) starts with any of `words`, alone or
    contracted (I, I'm, I've for "I"); any case."""
    p = _params(c, {"words": list})
    banned = {w.strip().lower() for w in p["words"]}
    found = _all_sentences(_apos(text))
    for s in found:
        first = words(s)
        if first and (first[0].lower() in banned or first[0].lower().split("'")[0] in banned):
            return False
    return bool(found)


def bullet_marker(c: dict, text: str) -> bool:
    """At least `min` (default 1) bullet lines, every one marked with `marker` (-, *, • or +)."""
    p = _params(c, {"marker": str}, {"min": int})
    if p["marker"] not in ("-", "*", "•", "+"):
        raise BadCheck(f"check 'bullet_marker': {p['marker']!r} is not one of - * • +")
    need = _min(c, p)
    marks = [m.group(1) for ln in text.splitlines() if (m := _BULLET_ANY.match(ln))]
    return len(marks) >= need and all(m == p["marker"] for m in marks)


def _italic_spans(text: str) -> list[str]:
    t = re.sub(r"\*\*\*([^*\n]+)\*\*\*", r"<i>\1</i>", text)
    t = re.sub(r"\*\*(?=\S)([^*\n]+?)(?<=\S)\*\*", r"\1", t)
    t = re.sub(r"__(?=\S)([^_\n]+?)(?<=\S)__", r"\1", t)
    spans = re.findall(r"(?<![*\w])\*(?=[^\s*])([^*\n]+?)(?<=[^\s*])\*(?![*\w])", t)
    spans += re.findall(r"(?<![_\w])_(?=[^\s_])([^_\n]+?)(?<=[^\s_])_(?![_\w])", t)
    return spans + re.findall(r"<(?:i|em)>(.+?)</(?:i|em)>", t, re.I)


def italicized(c: dict, text: str) -> bool:
    """Each of `phrases` (whole words, any case) occurs inside an italic span at least once: *x*,
    _x_, ***x***, <i>x</i> or <em>x</em>."""
    p = _params(c, {"phrases": list})
    spans = [_apos(s) for s in _italic_spans(text)]
    return all(any(_has_word(s, _apos(ph)) for s in spans) for ph in p["phrases"])


def _csv_lines(text: str) -> list[str]:
    fence = re.search(r"```[^\n]*\n(.*?)```", text, re.S)
    return (fence.group(1) if fence else text).splitlines()


def _fields(line: str) -> list[str]:
    try:
        return [f.strip().lower() for f in next(csv.reader([line.strip()], skipinitialspace=True), [])]
    except csv.Error:
        return []


def csv_rows(c: dict, text: str) -> bool:
    """CSV: a header line naming exactly `columns` in order (any case, spaces and quotes aside),
    then data rows (up to a blank line or the end; in a code fence if there is one), each with as
    many fields: `n`, or `min` to `max`, of them."""
    p = _params(c, {"columns": list}, _COUNT)
    lo, hi = _counted(c, p)
    want = [col.strip().lower() for col in p["columns"]]
    rows = _csv_lines(text)
    for i, ln in enumerate(rows):
        if _fields(ln) == want:
            data = []
            for row in rows[i + 1 :]:
                if not row.strip():
                    break
                if len(_fields(row)) != len(want):
                    return False
                data.append(row)
            return lo <= len(data) <= hi
    return False


def _weekday_pairs(text: str, year: int) -> list[bool]:
    """Each weekday written with a date (either order): whether that date is that weekday."""
    months = [m[:3].lower() for m in calendar.month_name]
    out = []
    for m in _WEEKDAY_DATE.finditer(text):
        g = m.groups()
        if g[0]:
            wd, mon, day = g[0], g[1] or g[4], g[2] or g[3]
            yr = g[5]
        else:
            mon, day, yr, wd = g[6] or g[9], g[7] or g[8], g[10], g[11]
        try:
            weekday = calendar.weekday(int(yr or year), months.index(mon[:3].lower()), int(day))
        except ValueError:
            out.append(False)
            continue
        out.append(calendar.day_name[weekday][:3].lower() == wd[:3].lower())
    return out


def weekday_dates(c: dict, text: str) -> bool:
    """At least `min` (default 1) dates written with their weekday ("Saturday, March 6",
    "Sat 6 March 2027", "March 6 (Saturday)"), every one of them right for `year` (or the year
    written with it)."""
    p = _params(c, {"year": int}, {"min": int})
    need = _min(c, p)
    if not 1900 <= p["year"] <= 2200:
        raise BadCheck(f"check 'weekday_dates': year {p['year']} is out of range")
    pairs = _weekday_pairs(text, p["year"])
    return len(pairs) >= need and all(pairs)


def _chapter(line: str) -> int | None:
    """The seconds of a chapter line's timestamp (m:ss or h:mm:ss, at its start or its end, a list
    marker and brackets aside), None if it is no chapter line (no timestamp there, or no title)."""
    body = _line_body(line)
    for m in (_STAMP_START.match(body), _STAMP_END.search(body)):
        if m and words(body[: m.start()] + " " + body[m.end() :]):
            return int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + int(m.group(3))
    return None


def video_chapters(c: dict, text: str) -> bool:
    """Chapter lines (a timestamp and a title): the first at 0:00, each later than the one before;
    `n`, or `min` to `max`, of them."""
    lo, hi = _range(c, _params(c, {}, _COUNT))
    stamps = [s for s in map(_chapter, lines(text)) if s is not None]
    ordered = all(a < b for a, b in zip(stamps, stamps[1:]))
    return bool(stamps) and stamps[0] == 0 and ordered and lo <= len(stamps) <= hi


def byline(c: dict, text: str) -> bool:
    """One of the first four lines is a byline ("By Name", "Written by Name", "Byline: Name", the
    name capitalized; marks and emphasis aside), naming `name` (whole words, any case) if given."""
    p = _params(c, {}, {"name": str})
    for ln in lines(text)[:4]:
        m = _BYLINE.match(_lead(ln))
        if m and words(m.group(1) or m.group(2)) and ("name" not in p or _has_word(ln, p["name"])):
            return True
    return False


def gender_neutral(c: dict, text: str) -> bool:
    """No he, him, his, himself, she, her, hers, herself (any case, contractions such as he's too)."""
    _params(c, {})
    found = [w.lower().split("'")[0] for w in words(_apos(text))]
    return bool(found) and not any(w in _GENDERED for w in found)


def we_voice(c: dict, text: str) -> bool:
    """At least `min` (default 1) of we / us / our / ours / ourselves (we're ... too), and no I / me /
    my / mine / myself outside double quotes (a quoted customer may say I)."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    found = [w.lower().split("'")[0] for w in words(_apos(text))]
    own = [w.lower().split("'")[0] for w in words(_apos(_DOUBLE_QUOTED.sub(" ", text)))]
    return sum(w in _WE for w in found) >= need and not any(w in _I for w in own)


def decimal_places(c: dict, text: str) -> bool:
    """Numbers written with exactly `places` decimals: with `scope` "percent" every percentage,
    "money" every $ / € / £ amount, "all" every number written with a decimal point; at least
    `min` (default 1) of them."""
    p = _params(c, {"places": int, "scope": str}, {"min": int})
    if p["scope"] not in _SCOPES or not 0 <= p["places"] <= 4:
        raise BadCheck(f"check 'decimal_places': scope {p['scope']!r} or places {p['places']} is wrong")
    need = _min(c, p)
    found = _SCOPES[p["scope"]].findall(text)
    return len(found) >= need and all(len(frac or "") == p["places"] for _, frac in found)


def _expanded(window: str, acronym: str) -> bool:
    """Consecutive words of `window` (hyphenated parts apart; small words such as "of" skippable
    inside) whose initials spell `acronym`."""
    want = acronym.lower()
    tokens = [t for t in re.findall(r"[A-Za-z]+", window) if t.lower() not in (want, want + "s")]
    for i in range(len(tokens)):
        k, j = 0, i
        while j < len(tokens) and k < len(want):
            t = tokens[j].lower()
            if t[0] == want[k]:
                k += 1
            elif not (k and t in _STOP):
                break
            j += 1
        if k == len(want):
            return True
    return False


def _sentence_end(text: str, at: int) -> int:
    ends = [i for i in (text.find(ch, at) for ch in ".!?\n") if i >= 0]
    return min(ends, default=len(text))


def expanded_acronyms(c: dict, text: str) -> bool:
    """Each of `acronyms` occurs (as written, a plural s aside), and the sentence of its first
    occurrence or the next one spells it out (words whose initials give it: "solid-state drive
    (SSD)", "RAM, or random access memory")."""
    p = _params(c, {"acronyms": list})
    for acr in p["acronyms"]:
        if not re.fullmatch(r"[A-Za-z]{2,8}", acr.strip()):
            raise BadCheck(f"check 'expanded_acronyms': {acr!r} is not an acronym")
    for acr in p["acronyms"]:
        m = re.search(rf"(?<![A-Za-z0-9]){acr.strip()}s?(?![A-Za-z0-9])", text)
        if not m:
            return False
        start = max(text.rfind(ch, 0, m.start()) for ch in ".!?\n") + 1
        end = _sentence_end(text, _sentence_end(text, m.end()) + 1)
        if not _expanded(text[start:end], acr.strip()):
            return False
    return True


def phone_numbers(c: dict, text: str) -> bool:
    """At least `min` (default 1) ten-digit phone numbers, every one written as `format` (a leading
    +1 or 1 aside): "(NNN) NNN-NNNN", "NNN-NNN-NNNN", "NNN.NNN.NNNN" or "NNN NNN NNNN"."""
    p = _params(c, {"format": str}, {"min": int})
    if p["format"] not in _PHONE_FORMATS:
        raise BadCheck(f"check 'phone_numbers': unknown format {p['format']!r}")
    need = _min(c, p)
    shape = re.compile(rf"(?:\+?1[\s.-]?)?{_PHONE_FORMATS[p['format']]}")
    found = [m.group(0) for m in _PHONE.finditer(text)]
    return len(found) >= need and all(shape.fullmatch(f) for f in found) and bool(words(text))


def content_warning(c: dict, text: str) -> bool:
    """The first line (or the second, after a line of preamble) opens with a content warning: CW,
    TW, CN, "Content warning", "Content note" or "Trigger warning" (marks and emoji aside), and the
    text goes on after it (more lines, or more sentences on its line)."""
    _params(c, {})
    found = lines(text)
    for i, ln in enumerate(found[:2]):
        if _WARNING.match(_lead(ln)):
            return any(words(rest) for rest in found[i + 1 :]) or len(sentences(_lead(ln))) > 1
    return False


def attributed_quote(c: dict, text: str) -> bool:
    """At least `min` (default 1) quotations (three words or more in double quotes, in italics or on
    a blockquote line) credited to a capitalized name: after it (— Name, (Name), said Name, Name
    said) or before it (Name once said: "...", As Name put it, "...")."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    credited = 0
    for m in _QUOTE.finditer(text):
        if len(words(next(g for g in m.groups() if g is not None))) < 3:
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        if _CREDIT_AFTER.match(text[m.end() : m.end() + 80]) or _CREDIT_BEFORE.search(
            text[line_start : m.start()]
        ):
            credited += 1
    return credited >= need


def no_urls(c: dict, text: str) -> bool:
    """No web address: nothing with http(s)://, www. or a bare domain (example.com; an email
    address's domain aside)."""
    _params(c, {})
    return bool(words(text)) and not _URL.search(text)


def servings(c: dict, text: str) -> bool:
    """The answer says it serves `n` ("Serves 6", "Servings: 6", "Makes six", "6 servings" ...)."""
    p = _params(c, {"n": int})
    want = _positive(c, p, "n")
    for m in _SERVES.finditer(text):
        said = (m.group(1) or m.group(2)).lower()
        if said == str(want) or _NUMBER_WORDS.get(said) == want:
            return True
    return False


TEST7_CHECKS = {
    f.__name__: f
    for f in (
        subject_line, greeting_name, exclamation_marks, hex_colors, tldr_last, time_zones, price_cap,
        comma_list, avoid_openers, bullet_marker, italicized, csv_rows, weekday_dates, video_chapters,
        byline, gender_neutral, we_voice, decimal_places, expanded_acronyms, phone_numbers,
        content_warning, attributed_quote, no_urls, servings,
    )
}  # fmt: skip
