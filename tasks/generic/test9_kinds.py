"""The check kinds added to the generic scorer for the test9 rows (tasks/tools/generic_test9.py),
written on 2026-12-07 with those rows, blind to the observers: each takes the row's check dict and
the answer and says whether it holds, on the terms of the scorer's own kinds: bad parameters raise
BadCheck whatever the text, and an answer with no word meets none of them. scorer.check finds them
through scorer._split_checks, after the older splits' kinds. The code and file formats (a regex,
SQL, front matter, .env, JSON Lines, a folder tree, shortcuts, user stories, Gherkin) are in
test9_kinds2, to keep each module short."""

from __future__ import annotations

import datetime
import math
import re

from selfrefine.tasks.generic.scorer import BadCheck, _heading, _params, _positive, words
from selfrefine.tasks.generic.test8_kinds import _MONEY, _money
from selfrefine.tasks.generic.test9_kinds2 import (
    _FENCE,
    _min,
    _unmark,
    env_file,
    file_tree,
    front_matter,
    gherkin_scenarios,
    json_lines,
    key_combos,
    regex_matches,
    sql_keywords_upper,
    user_stories,
)

_ITEM_LINE = re.compile(r"^\s*(?:[-*•+]|\d+[.)])\s+\S")
_HEADING = re.compile(r"^(#{1,6})\s+(\S.*)$")


def _no_code(text: str) -> str:
    """The answer with its fenced code blocks taken out."""
    return _FENCE.sub("\n", text)


# ------------------------------------------------------------------ how numbers and units are written

_UNITS = r"(?:km/h|km|cm|mm|m|kg|mg|g|ml|mL|cl|dl|l|L|mins?|hrs?|h|kcal|kWh|kW|W|mph|GB|MB|TB|kB)"
_GLUED = re.compile(rf"(?<![\w.,])\d+(?:[.,]\d+)*{_UNITS}(?![\w/])")
_SPACED = re.compile(rf"(?<![\w.,])\d+(?:[.,]\d+)*[ \u00a0\u202f]{_UNITS}(?![\w/])")


def unit_spacing(c: dict, text: str) -> bool:
    """A space between a number and its unit: at least `min` (default 1) amounts such as "5 km",
    "250 g", "20 min", "1.5 L" (units from a fixed list: km, m, cm, mm, kg, g, mg, ml, l, min, h, hr,
    kcal, kW, W, mph, km/h, GB, MB ...), and none glued to its number ("5km", "250g", "20min")."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    return not _GLUED.search(text) and len(_SPACED.findall(text)) >= need and bool(words(text))


_BOLD = re.compile(r"\*\*(.+?)\*\*|__(.+?)__")
_FIGURE = re.compile(r"(?<![\w.,:/-])\d[\d,]*(?:\.\d+)?")


def bold_numbers(c: dict, text: str) -> bool:
    """Every number written with digits is inside a bold span (**...** or __...__ on its line):
    at least `min` (default 1) of them; a year (1900-2099), a list item's own number and the
    numbers of a heading line (#) aside."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    count = 0
    for ln in text.splitlines():
        if ln.lstrip().startswith("#"):
            continue
        body = re.sub(r"^\s*(?:[-*•+]|\d+[.)])\s+", "", ln)
        spans = [(m.start(), m.end()) for m in _BOLD.finditer(body)]
        for m in _FIGURE.finditer(body):
            digits = m.group().rstrip(",")
            if re.fullmatch(r"(?:19|20)\d\d", digits):
                continue
            if not any(a <= m.start() < b for a, b in spans):
                return False
            count += 1
    return count >= need


def discounts_consistent(c: dict, text: str) -> bool:
    """Sale prices that add up: every line with two prices ($, € or £) and a percentage gives the
    cut from the higher of its first two prices to the lower as that percentage (within 1 point),
    and there are at least `min` (default 1) such lines."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    count = 0
    for ln in text.splitlines():
        prices = [_money(m) for m in _MONEY.finditer(ln)]
        pct = re.search(r"(?<![\d.])(\d+(?:\.\d+)?)\s?%", ln)
        if len(prices) < 2 or not pct:
            continue
        old, new = max(prices[:2]), min(prices[:2])
        if old <= 0 or abs((old - new) / old * 100 - float(pct.group(1))) > 1:
            return False
        count += 1
    return count >= need


# ------------------------------------------------------------------ headings and sections


def _headings(text: str) -> list[tuple[int, int, str]]:
    """(line index, level, title) of each markdown heading line outside code blocks."""
    return [
        (i, len(m.group(1)), m.group(2).strip())
        for i, ln in enumerate(_no_code(text).splitlines())
        if (m := _HEADING.match(ln.strip()))
    ]


def heading_levels(c: dict, text: str) -> bool:
    """At least `min` (default 1) markdown headings, every one of a level from `min_level` to
    `max_level` (## is level 2; code blocks aside)."""
    p = _params(c, {"min_level": int, "max_level": int}, {"min": int})
    lo, hi, need = p["min_level"], p["max_level"], _min(c, p)
    if not 1 <= lo <= hi <= 6:
        raise BadCheck("check 'heading_levels': levels must run from 1 to 6, min_level first")
    found = _headings(text)
    return len(found) >= need and all(lo <= level <= hi for _, level, _ in found)


def _toc_text(s: str) -> str:
    """A contents entry or heading as compared: link text for a [link](#x), no emphasis, no leading
    numbering ("1.", "2.3"), no final colon, any case."""
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s).replace("**", "").replace("__", "").strip("*_ ")
    s = re.sub(r"^\d+(?:\.\d+)*[.)]?\s+", "", s)
    return re.sub(r"\s+", " ", s).strip().rstrip(":").strip().lower()


def table_of_contents(c: dict, text: str) -> bool:
    """A table of contents: the answer's first list (its least indented items) names, in order,
    the top-level headings (# lines of the lowest level) that come after it, and nothing else:
    at least `min` (default 2) entries (links, emphasis and numbering aside, any case)."""
    p = _params(c, {}, {"min": int})
    need = _positive(c, p, "min") or 2
    found = _no_code(text).splitlines()
    start = next((i for i, ln in enumerate(found) if _ITEM_LINE.match(ln)), None)
    if start is None:
        return False
    indent, items, end = len(found[start]) - len(found[start].lstrip()), [], start
    for i in range(start, len(found)):
        ln = found[i]
        if not ln.strip():
            continue
        if not _ITEM_LINE.match(ln):
            break
        end = i
        if len(ln) - len(ln.lstrip()) <= indent:
            items.append(_toc_text(re.sub(r"^\s*(?:[-*•+]|\d+[.)])\s+", "", ln)))
    heads = [(level, title) for i, level, title in _headings(text) if i > end]
    if not heads:
        return False
    top = min(level for level, _ in heads)
    titles = [_toc_text(t.strip("#").strip()) for level, t in heads if level == top]
    return len(items) >= need and items == titles


def section_words(c: dict, text: str) -> bool:
    """Each of `titles` is a section title line (as for `sections`: "## Dates", "**Dates:**"), and
    the text under it, up to the next title or markdown heading, has `min` (default 1) to `max`
    words."""
    p = _params(c, {"titles": list}, {"min": int, "max": int})
    lo, hi = p.get("min", 1), p.get("max", math.inf)
    if lo > hi:
        raise BadCheck("check 'section_words': min is above max")
    found = text.splitlines()
    heads = [_heading(ln) for ln in found]
    want = [t.strip().lower() for t in p["titles"]]
    for t in want:
        if t not in heads:
            return False
        i = heads.index(t)
        end = next(
            (j for j in range(i + 1, len(found)) if heads[j] in want or _HEADING.match(found[j].strip())),
            len(found),
        )
        if not lo <= len(words("\n".join(found[i + 1 : end]))) <= hi:
            return False
    return True


# ------------------------------------------------------------------ worksheets and quizzes

_BLANK = re.compile(r"(?:\\?_){3,}")
_NUMBERED = re.compile(r"^\s*(?:[*_]{0,2})(\d+)[.)](?:[*_]{0,2})\s+(.*)$")


def fill_in_blanks(c: dict, text: str) -> bool:
    """A fill-in-the-blank worksheet: the numbered lines that hold a blank (3 or more underscores)
    are numbered 1 to `n` in order, and each holds exactly one blank (numbered lines without a
    blank, such as an answer key, aside)."""
    p = _params(c, {"n": int})
    want = _positive(c, p, "n")
    found = [(int(m.group(1)), m.group(2)) for ln in text.splitlines() if (m := _NUMBERED.match(ln))]
    blanks = [(k, body) for k, body in found if _BLANK.search(body)]
    if [k for k, _ in blanks] != list(range(1, want + 1)):
        return False
    return all(len(_BLANK.findall(body)) == 1 and words(body) for _, body in blanks)


_KEY_HEAD = re.compile(
    r"(?:the\s+)?(?:answer\s+key|answers|answer\s+sheet)(?:\s+\([^)]*\))?\s*(?::(.*))?", re.I
)
_KEY_ENTRY = re.compile(r"^(?:q|question\s*)?(\d{1,2})\s*[.):=–—-]*\s*\(?([a-e])(?![\w'’-])", re.I)
_QUESTION = re.compile(r"^\s*(?:#{1,6}\s*)?[*_]{0,2}(?:\d+[.)]|q\d+\b|question\s+\d+)", re.I)


def answer_key(c: dict, text: str) -> bool:
    """An answer key after the questions: a line "Answer key" / "Answers" (heading marks, emphasis
    and a colon aside; entries may follow on it) after at least `n` numbered lines, then entries
    "1. B", "2) c", "Q3: A", "4 - D" (one a line, or several split by , ; or |), numbered 1 to `n`
    in order, each with one option letter a-e; other text after the key line is read past."""
    p = _params(c, {"n": int})
    want = _positive(c, p, "n")
    found = text.splitlines()
    at, inline = None, ""
    for i, ln in enumerate(found):
        m = _KEY_HEAD.fullmatch(ln.strip().lstrip("#").strip().replace("**", "").replace("__", "").strip())
        if m:
            at, inline = i, m.group(1) or ""
    if at is None or sum(bool(_QUESTION.match(ln)) for ln in found[:at]) < want:
        return False
    rest = [inline, *found[at + 1 :]]
    got = []
    for ln in rest:
        for piece in re.split(r"[,;|]", ln):
            piece = _unmark(piece) if re.match(r"^\s*[-*•]", piece) else piece.strip().strip("*_").strip()
            m = _KEY_ENTRY.match(piece)
            if m:
                got.append(int(m.group(1)))
    return got == list(range(1, want + 1))


# ------------------------------------------------------------------ plans and timelines

_MONTHS = {
    m: i
    for i, names in enumerate(
        ["jan january", "feb february", "mar march", "apr april", "may", "jun june", "jul july",
         "aug august", "sep sept september", "oct october", "nov november", "dec december"], 1,
    )
    for m in names.split()
}  # fmt: skip
_MONTH = r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|" \
    r"Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"  # fmt: skip
_DATES = [
    (re.compile(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)"), "ymd"),
    (re.compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?(?!\d)(?:,?\s+(\d{{4}}))?"), "mdy"),
    (
        re.compile(rf"(?<!\d)(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH})\b\.?(?:,?\s+(\d{{4}}))?"),
        "dmy",
    ),
]


def _first_date(line: str) -> tuple[int | None, int, int] | None:
    """(year or None, month, day) of the first date written in `line`, None if there is none."""
    best = None
    for rx, form in _DATES:
        for m in rx.finditer(line):
            if form == "ymd":
                y, mo, d = int(m.group(1)), int(m.group(2)), int(m.group(3))
            elif form == "mdy":
                y, mo, d = m.group(3), _MONTHS[m.group(1).lower()], int(m.group(2))
            else:
                y, mo, d = m.group(3), _MONTHS[m.group(2).lower()], int(m.group(1))
            y = int(y) if y else None
            try:
                datetime.date(y or 2000, mo, d)
            except ValueError:
                continue
            if best is None or m.start() < best[0]:
                best = (m.start(), (y, mo, d))
            break
    return best[1] if best else None


def dates_in_order(c: dict, text: str) -> bool:
    """A timeline: at least `min` (default 2) list items or table rows with a date ("2027-03-06",
    "March 6", "Mar 6, 2027", "6 March 2027"), and their first dates never go back (a date with no
    year takes the last year given before it)."""
    p = _params(c, {}, {"min": int})
    need = _positive(c, p, "min") or 2
    keys, year = [], 0
    for ln in text.splitlines():
        if not (_ITEM_LINE.match(ln) or ln.strip().startswith("|")):
            continue
        date = _first_date(ln)
        if date:
            year = date[0] or year
            keys.append((year, date[1], date[2]))
    return len(keys) >= need and all(a <= b for a, b in zip(keys, keys[1:]))


_T = r"(\d{1,2})(?::(\d\d))?(?:\s*([ap])\.?m\b\.?)?"
_RANGE = re.compile(rf"^{_T}\s*(?:-|–|—|to|until)\s*{_T}(?!\d)", re.I)


def _clock(h: str, m: str | None, ap: str | None) -> int | None:
    hour, minute = int(h), int(m or 0)
    if ap:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if ap.lower() == "p" else 0)
    return hour * 60 + minute if hour <= 24 and minute < 60 else None


def _hhmm(c: dict, value: str) -> int:
    m = re.fullmatch(r"(\d{1,2}):(\d\d)", value.strip())
    if not m or int(m.group(1)) > 24 or int(m.group(2)) > 59:
        raise BadCheck(f"check {c['check']!r}: {value!r} is not a time HH:MM")
    return int(m.group(1)) * 60 + int(m.group(2))


def back_to_back_slots(c: dict, text: str) -> bool:
    """A schedule of time slots with no gap or overlap: the lines that open with a time range
    ("09:00-09:45", "**9:45 – 10:30**", "| 10:30 to 11:00 |", "1:30-2 pm"; marks aside), at least
    `min` (default 2), the first starting at `start`, each ending after it starts and where the
    next one starts, the last ending at `end` ("HH:MM", 24-hour)."""
    p = _params(c, {"start": str, "end": str}, {"min": int})
    first, last, need = _hhmm(c, p["start"]), _hhmm(c, p["end"]), _positive(c, p, "min") or 2
    slots = []
    for ln in text.splitlines():
        body = re.sub(r"^[\s|>#*_•+-]*(?:\d+[.)]\s+)?[*_]*", "", ln)
        m = _RANGE.match(body)
        if not m or not (m.group(2) or m.group(3)) or not (m.group(5) or m.group(6)):
            continue
        h1, m1, ap1, h2, m2, ap2 = m.groups()
        end = _clock(h2, m2, ap2)
        start = _clock(h1, m1, ap1 or ap2)
        if ap2 and not ap1 and start is not None and end is not None and start > end:
            start = _clock(h1, m1, "a")
        if start is None or end is None:
            return False
        slots.append((start, end))
    if len(slots) < need or slots[0][0] != first or slots[-1][1] != last:
        return False
    return all(s < e for s, e in slots) and all(a[1] == b[0] for a, b in zip(slots, slots[1:]))


# ------------------------------------------------------------------ posts, listings and tables


_LISTICLE_ITEM = re.compile(r"^(?:#{1,6}\s*)?[*_]{0,2}(?:\d+[.)][*_]{0,2}\s+\S|\d\ufe0f?\u20e3|🔟)")


def listicle_count(c: dict, text: str) -> bool:
    """A listicle whose title keeps its promise: the first line holds a number from 1 to 99 in
    digits (at least `min`, default 2), and the numbered items under it (numbered lines, also as
    "## 3." headings, in bold or with a keycap emoji 3️⃣; not indented) are exactly that many."""
    p = _params(c, {}, {"min": int})
    need = _positive(c, p, "min") or 2
    found = [ln for ln in text.splitlines() if ln.strip()]
    if len(found) < 2:
        return False
    m = re.search(r"(?<![\d.,])(\d{1,2})(?![\d.,:/]\d|\d)", found[0])
    if not m or _NUMBERED.match(found[0]) or int(m.group(1)) < need:
        return False
    numbered = [ln for ln in found[1:] if _LISTICLE_ITEM.match(ln)]
    return len(numbered) == int(m.group(1))


def trademark_first(c: dict, text: str) -> bool:
    """`name` (whole word, any case) occurs, its first occurrence is followed at once by `mark`
    (default ™) and no later one is."""
    p = _params(c, {"name": str}, {"mark": str})
    mark = p.get("mark", "™").strip()
    if mark not in ("™", "®", "℠"):
        raise BadCheck(f"check 'trademark_first': {mark!r} is not ™, ® or ℠")
    found = list(
        re.finditer(r"(?<![A-Za-z0-9])" + re.escape(p["name"].strip()) + r"(?![A-Za-z0-9])", text, re.I)
    )
    marked = [text[m.end() :].startswith(mark) for m in found]
    return bool(found) and marked[0] and not any(marked[1:])


_LENGTH_NOTE = re.compile(r"\s*\((?:~|about\s+)?\d+\s*(?:characters|chars)\)\s*$", re.I)


def labeled_length(c: dict, text: str) -> bool:
    """A line "`label`: text" (any case; list marker, emphasis and quotes around the text aside, and
    a trailing "(148 characters)" note) whose text has `min` (default 1) to `max` characters; every
    such line does."""
    p = _params(c, {"label": str, "max": int}, {"min": int})
    lo, hi = p.get("min", 1), _positive(c, p, "max")
    if lo > hi:
        raise BadCheck("check 'labeled_length': min is above max")
    head = re.compile(r"^" + re.escape(p["label"].strip()) + r"\s*[*_]*\s*:\s*(.*)$", re.I)
    sizes = []
    for ln in text.splitlines():
        body = re.sub(r"^[\s>#*_•+-]*", "", ln)
        m = head.match(body)
        if m:
            value = _LENGTH_NOTE.sub("", m.group(1)).strip().strip("*_").strip().strip("\"“”'").strip()
            sizes.append(len(value) if words(value) else 0)
    return bool(sizes) and all(lo <= n <= hi for n in sizes)


def url_slug(c: dict, text: str) -> bool:
    """A line "Slug: ..." or "URL slug: ..." (any case, marks and code ticks aside) giving a slug:
    lower-case letters and digits in words joined by single hyphens, at most `max_words` words
    (default 8); slashes around it aside, and a path's folders are held to the same form."""
    p = _params(c, {}, {"max_words": int})
    most = _positive(c, p, "max_words") or 8
    found = []
    for ln in text.splitlines():
        body = re.sub(r"^[\s>#*_•+-]*", "", ln)
        m = re.match(r"^(?:url\s+)?slug\s*[*_]*\s*:\s*(.*)$", body, re.I)
        if m:
            found.append(re.sub(r"^[\s*_`\"']+|[\s*_`\"']+$", "", m.group(1)).strip("/").split("/"))
    slug = r"[a-z0-9]+(?:-[a-z0-9]+)*"
    ok = [all(re.fullmatch(slug, s) for s in parts) and parts[-1].count("-") < most for parts in found]
    return bool(found) and all(ok)


def _cells(line: str) -> list[str]:
    return [x.strip().replace("**", "").strip() for x in line.strip().strip("|").split("|")]


def league_points(c: dict, text: str) -> bool:
    """A league table that adds up: the first markdown table has columns W (Won, Wins), D (Drawn,
    Draws) and Pts (Points), any case; every row's points are `win` (default 3) a win plus `draw`
    (default 1) a draw, whole numbers, the rows go from most points down, at least `min` (default
    2) of them."""
    p = _params(c, {}, {"win": int, "draw": int, "min": int})
    win, draw, need = p.get("win", 3), p.get("draw", 1), _positive(c, p, "min") or 2
    found = text.splitlines()
    at = next((i for i, ln in enumerate(found) if ln.strip().startswith("|")), None)
    if at is None:
        return False
    header = [h.lower() for h in _cells(found[at])]
    cols = []
    for names in (("w", "won", "wins"), ("d", "drawn", "draws"), ("pts", "points", "pt")):
        hit = [i for i, h in enumerate(header) if h in names]
        if len(hit) != 1:
            return False
        cols.append(hit[0])
    points = []
    for ln in found[at + 1 :]:
        if not ln.strip().startswith("|"):
            break
        row = _cells(ln)
        if all(re.fullmatch(r":?-+:?", x) for x in row if x):
            continue
        try:
            w, d, pts = (int(row[i]) for i in cols)
        except (ValueError, IndexError):
            return False
        if pts != win * w + draw * d:
            return False
        points.append(pts)
    return len(points) >= need and points == sorted(points, reverse=True)


_SETS = re.compile(r"(?<![\w.])\d+\s*(?:sets?\s*)?(?:x|×|X)\s*\d+|(?<![\w.])\d+\s+sets?\s+of\s+\d+", re.I)


def sets_reps(c: dict, text: str) -> bool:
    """At least `min` (default 1) list items (bullets or numbered) that give sets and reps: "3 x 12",
    "2×10", "3 sets x 8", "2 sets of 15"."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    items = [ln for ln in text.splitlines() if _ITEM_LINE.match(ln)]
    return sum(bool(_SETS.search(re.sub(r"^\s*(?:[-*•+]|\d+[.)])\s+", "", ln))) for ln in items) >= need


TEST9_CHECKS = {
    f.__name__: f
    for f in (
        regex_matches, sql_keywords_upper, front_matter, env_file, json_lines, file_tree, key_combos,
        user_stories, gherkin_scenarios, unit_spacing, bold_numbers, discounts_consistent, heading_levels,
        table_of_contents, section_words, fill_in_blanks, answer_key, dates_in_order, back_to_back_slots,
        listicle_count, trademark_first, labeled_length, url_slug, league_points, sets_reps,
    )
}  # fmt: skip
