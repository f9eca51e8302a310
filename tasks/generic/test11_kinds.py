"""The check kinds added to the generic scorer for the test11 rows (tasks/tools/generic_test11.py),
written with those rows, blind to the observers: each takes the row's check dict and the answer and
says whether it holds, on the terms of the scorer's own kinds: bad parameters raise BadCheck
whatever the text, and an answer with no word meets none of them. scorer.check finds them through
scorer._split_checks, before the older splits' kinds. The file and code formats (an SQLite schema,
a Makefile, TOML, a .gitignore, robots.txt, a systemd unit, LaTeX, BibTeX, Graphviz, SRT) are in
test11_kinds2, to keep each module short."""

from __future__ import annotations

import codecs
import datetime
import html
import re
import urllib.parse
from collections import Counter

from selfrefine.tasks.generic.scorer import BadCheck, _params, _positive, words
from selfrefine.tasks.generic.test11_kinds2 import (
    _counted,
    _min,
    _unmark,
    bibtex_entries,
    gitignore_rules,
    graphviz_dot,
    latex_document,
    makefile_targets,
    robots_txt,
    sql_schema,
    srt_cues,
    systemd_unit,
    toml_keys,
)


def _names(c: dict, values: list[str]) -> list[str]:
    found = [v.strip() for v in values]
    if len({v.lower() for v in found}) != len(found):
        raise BadCheck(f"check {c['check']!r}: a name is given twice")
    return found


def _name_rx(names: list[str]) -> re.Pattern:
    alts = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w])({alts})(?![\w])", re.I)


def _pairs(c: dict, values: list[str], names: list[str]) -> list[set]:
    """ "Ana & Ben" pairs of `names`, lower-cased."""
    known, out = {n.lower() for n in names}, []
    for pair in values:
        two = [x.strip().lower() for x in re.split(r"\s*&\s*", pair)]
        if len(two) != 2 or not set(two) <= known or two[0] == two[1]:
            raise BadCheck(f"check {c['check']!r}: {pair!r} is not two of the names joined by &")
        out.append(set(two))
    return out


def _number(c: dict, value: str) -> float:
    try:
        return float(value)
    except ValueError:
        raise BadCheck(f"check {c['check']!r}: {value!r} is not a number") from None


# ------------------------------------------------------------------ web snippets


def _attrs(tag: str) -> dict:
    return {
        k.lower(): html.unescape(a or b)
        for k, a, b in re.findall(r"""([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""", tag)
    }


def seo_meta(c: dict, text: str) -> bool:
    """A page's <title> and meta description as HTML: a <title> whose text is 1 to `title_max`
    (default 60) characters, and a <meta name="description" content="..."> of `min` (default 50)
    to `max` (default 160) characters (entities counted as the character they stand for)."""
    p = _params(c, {}, {"title_max": int, "min": int, "max": int})
    most = _positive(c, p, "title_max") or 60
    lo, hi = _min(c, p) if "min" in p else 50, _positive(c, p, "max") or 160
    if hi < lo:
        raise BadCheck("check 'seo_meta': max is below min")
    titles = [html.unescape(t).strip() for t in re.findall(r"<title>(.*?)</title>", text, re.I | re.S)]
    metas = [_attrs(t) for t in re.findall(r"<meta\b[^>]*>", text, re.I)]
    described = [m.get("content", "").strip() for m in metas if m.get("name", "").lower() == "description"]
    if not titles or not described or not words(text):
        return False
    return all(1 <= len(t) <= most for t in titles) and all(lo <= len(d) <= hi for d in described)


def mailto_link(c: dict, text: str) -> bool:
    """A mailto: link to `to` (in an href, a markdown link or on its own), with no raw space in it
    (spaces written %20), its query holding each field of `fields` (subject, body, cc ...) with a
    value, and with `subject`, exactly that subject once decoded (a + stays a plus, as mail apps
    read it)."""
    p = _params(c, {"to": str}, {"subject": str, "fields": list})
    want = [f.strip().lower() for f in p.get("fields", ())] + (["subject"] if "subject" in p else [])
    if not words(text):
        return False
    links = [html.unescape(h) for h in re.findall(r"""href\s*=\s*["']\s*(mailto:[^"']*)["']""", text, re.I)]
    links += re.findall(r"\]\(\s*<?(mailto:[^)\s>]*)>?\s*\)", text, re.I)
    links += re.findall(r"(?<![\"'(<\w])(mailto:[^\s\"'<>)\]]+)", text, re.I)
    for link in links:
        if re.search(r"\s", link):
            continue
        address, _, query = link[len("mailto:") :].partition("?")
        if urllib.parse.unquote(address).strip().lower() != p["to"].strip().lower():
            continue
        fields = {}
        for part in query.split("&"):
            k, _, v = part.partition("=")
            fields[k.lower()] = urllib.parse.unquote(v)
        if not all(fields.get(f, "").strip() for f in want):
            continue
        if "subject" in p and fields["subject"].strip() != p["subject"].strip():
            continue
        return True
    return False


# ------------------------------------------------------------------ music and colours

_TAB_LINE = re.compile(r"^\s*([A-Ga-g][#b]?)\s*\|([-0-9|hpbr/\\~x()^.<>* ]+)$")


def guitar_tab(c: dict, text: str) -> bool:
    """Guitar tablature: at least `min` (default 1) systems of six lines, one per string, named
    top to bottom as `strings` says (default e B G D A E, any case) and each "e|--3--|", the six
    lines of a system equally long (trailing spaces aside) with a fret number among them."""
    p = _params(c, {}, {"min": int, "strings": list})
    need = _min(c, p)
    names = [s.strip().lower() for s in p.get("strings", ["e", "B", "G", "D", "A", "E"])]
    if len(names) != 6:
        raise BadCheck("check 'guitar_tab': strings names six strings")
    rows = [ln.rstrip() for ln in text.splitlines()]
    count, i = 0, 0
    while i + 6 <= len(rows):
        found = [_TAB_LINE.match(ln) for ln in rows[i : i + 6]]
        if all(found) and [m.group(1).lower() for m in found] == names:
            if len({len(ln.strip()) for ln in rows[i : i + 6]}) != 1:
                return False
            if not any(re.search(r"\d", m.group(2)) for m in found):
                return False
            count, i = count + 1, i + 6
        else:
            i += 1
    return count >= need


_HEX = re.compile(r"#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})(?![0-9A-Za-z])")


def _luminance(hex_digits: str) -> float:
    if len(hex_digits) == 3:
        hex_digits = "".join(ch * 2 for ch in hex_digits)
    out = []
    for i in (0, 2, 4):
        v = int(hex_digits[i : i + 2], 16) / 255
        out.append(v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4)
    return 0.2126 * out[0] + 0.7152 * out[1] + 0.0722 * out[2]


def contrast_ratio_of(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two colours given as hex digits."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def contrast_pairs(c: dict, text: str) -> bool:
    """Colour pairs that pass a WCAG contrast ratio: every line with two hex colours (#1a2b3c or
    #abc) has a contrast of at least `ratio` (default 4.5) between its first two, and at least
    `min` (default 1) lines have two."""
    p = _params(c, {}, {"min": int, "ratio": (int, float)})
    need, ratio = _min(c, p), p.get("ratio", 4.5)
    if not 1 <= ratio <= 21:
        raise BadCheck("check 'contrast_pairs': ratio is between 1 and 21")
    count = 0
    for ln in text.splitlines():
        found = _HEX.findall(ln)
        if len(found) < 2:
            continue
        if contrast_ratio_of(found[0], found[1]) < ratio:
            return False
        count += 1
    return count >= need


# ------------------------------------------------------------------ numbers that must be right

_GRAMS = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:g|grams?)(?![A-Za-z])", re.I)
_PERCENT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*%")


def bakers_percentages(c: dict, text: str) -> bool:
    """A recipe in baker's percentages: lines with an amount in grams and a percentage (the first
    after the grams, else the last before them); the flour lines' percentages (flour named before
    the grams, a starter aside) add up to 100 and every line's percentage is its grams over the
    total flour grams times 100, within `tolerance` (default 1) points: at least `min` (default 3)
    such lines, one of them flour."""
    p = _params(c, {}, {"min": int, "tolerance": (int, float)})
    need, tol = _positive(c, p, "min") or 3, p.get("tolerance", 1)
    found = []
    for ln in text.splitlines():
        g = _GRAMS.search(ln)
        if not g:
            continue
        after, before = _PERCENT.search(ln, g.end()), _PERCENT.findall(ln[: g.start()])
        if after or before:
            name = ln[: g.start()].lower()
            is_flour = "flour" in name and not re.search(r"starter|levain|leaven|sourdough|preferment", name)
            found.append((is_flour, float(g.group(1)), float(after.group(1) if after else before[-1])))
    flour = sum(grams for is_flour, grams, _ in found if is_flour)
    if not flour or len(found) < need:
        return False
    if abs(sum(pct for is_flour, _, pct in found if is_flour) - 100) > tol:
        return False
    return all(abs(grams / flour * 100 - pct) <= tol for _, grams, pct in found)


_MONEY = re.compile(r"(?<![\w.])[$€£]?\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?!\s*%|\d)")


def tip_table(c: dict, text: str) -> bool:
    """Tips on a bill of `bill`: for each percentage of `percents` a line naming it ("18%") has,
    after it, the tip (the bill times the percentage, within a cent) among its amounts, and every
    amount there above the bill is the bill plus that tip (the total); a line with amounts after a
    listed percentage but not the right tip fails."""
    p = _params(c, {"bill": (int, float), "percents": list})
    bill = p["bill"]
    want = {_number(c, x) for x in p["percents"]}
    if bill <= 0:
        raise BadCheck("check 'tip_table': bill must be above 0")
    seen = set()
    for ln in text.splitlines():
        for m in _PERCENT.finditer(ln):
            pct = float(m.group(1))
            amounts = [float(x.replace(",", "")) for x in _MONEY.findall(ln[m.end() :])]
            amounts = [x for x in amounts if abs(x - bill) > 0.001]
            if pct not in want or not amounts:
                continue
            tip = bill * pct / 100
            if not any(abs(x - tip) <= 0.011 for x in amounts):
                return False
            if any(x > bill and abs(x - (bill + tip)) > 0.011 for x in amounts):
                return False
            seen.add(pct)
            break
    return seen == want


_TIMES = re.compile(r"(?<![\d.])(\d+)\s*(?:×|x|X|\*|·|times)\s*(\d+)\s*(?:=|is|equals)\s*(\d[\d,]*)")


def times_table(c: dict, text: str) -> bool:
    """A times table of `number`: "7 × 3 = 21" (x, *, times; = or "is"), each product right, with
    every multiplier from 1 to `upto` (default 12) present, written either way round."""
    p = _params(c, {"number": int}, {"upto": int})
    n, upto = _positive(c, p, "number"), _positive(c, p, "upto") or 12
    if not n:
        raise BadCheck("check 'times_table': number must be at least 1")
    seen = set()
    for m in _TIMES.finditer(text):
        a, b, product = int(m.group(1)), int(m.group(2)), int(m.group(3).replace(",", ""))
        if a * b != product:
            return False
        if a == n:
            seen.add(b)
        elif b == n:
            seen.add(a)
    return set(range(1, upto + 1)) <= seen


# ------------------------------------------------------------------ codes and word puzzles


def rot13_text(c: dict, text: str) -> bool:
    """`text` in ROT13: its letters, each moved 13 places, come in the answer in order (any case,
    spaces and punctuation between them aside)."""
    p = _params(c, {"text": str})
    want = "".join(ch for ch in codecs.encode(p["text"], "rot13").lower() if ch.isalpha() and ch.isascii())
    if not want:
        raise BadCheck("check 'rot13_text': text has no letter")
    return want in "".join(ch for ch in text.lower() if ch.isalpha() and ch.isascii())


def binary_ascii(c: dict, text: str) -> bool:
    """`text` as 8-bit binary ASCII: among the answer's groups of eight 0s and 1s, in order, some
    run reads exactly `text`."""
    p = _params(c, {"text": str})
    want = p["text"]
    if not want.isascii():
        raise BadCheck("check 'binary_ascii': text must be ASCII")
    got = "".join(chr(int(b, 2)) for b in re.findall(r"(?<![01])[01]{8}(?![01])", text))
    return want in got


_SPLIT_PARTS = re.compile(r"\s*(?:→|->|=>|⇔|↔|=|–|—|\s-\s|:|/|,|\||\bvs\.?|\band\b)\s*", re.I)


def _plain(s: str) -> str:
    return re.sub(r"[^a-z]", "", s.lower())


def _letters(s: str) -> str:
    return "".join(sorted(ch for ch in s.lower() if ch.isalpha()))


def anagram_pairs(c: dict, text: str) -> bool:
    """Anagrams one a line ("listen – silent"; a line ending in ":" as an intro and notes in
    brackets aside): on every non-blank line the parts (apart by –, -, →, =, :, /, "and") are
    anagrams of each other (letters only, any case) and not all the same; with `of`, every line
    instead has a part that is an anagram of `of` other than it: `n`, or `min` (default 1) to
    `max`, lines."""
    p = _params(c, {}, {"n": int, "min": int, "max": int, "of": str})
    lo, hi = _counted(c, {k: v for k, v in p.items() if k != "of"})
    target = _letters(p.get("of", "x"))
    if "of" in p and not target:
        raise BadCheck("check 'anagram_pairs': of has no letter")
    found = [_unmark(re.sub(r"\([^)]*\)", "", ln)) for ln in text.splitlines() if ln.strip()]
    if found and found[0].endswith(":"):
        found = found[1:]
    found = [ln for ln in found if ln.strip()]
    for ln in found:
        parts = [x.strip(" .!\"'“”‘’*_") for x in _SPLIT_PARTS.split(ln) if _letters(x)]
        if "of" in p:
            if not any(_letters(x) == target and _plain(x) != _plain(p["of"]) for x in parts):
                return False
        elif len(parts) < 2 or len({_letters(x) for x in parts}) != 1 or len({x.lower() for x in parts}) < 2:
            return False
    return lo <= len(found) <= hi


# ------------------------------------------------------------------ cards, tables and rotas


def _table_rows(text: str) -> list[list[str]]:
    """The cells of each markdown table row (separator rows aside), bold and spaces stripped."""
    out = []
    for ln in text.splitlines():
        s = ln.strip()
        if not (s.startswith("|") and s.endswith("|") and len(s) > 1):
            continue
        cells = [x.strip().replace("**", "").strip("*_ ").strip() for x in s[1:-1].split("|")]
        if all(re.fullmatch(r":?-+:?", x) for x in cells):
            continue
        out.append(cells)
    return out


def bingo_card(c: dict, text: str) -> bool:
    """A bingo card as a markdown table: `size` (default 5) rows of `size` cells (a B I N G O
    header row aside), the middle cell holding `free` (default FREE, any case) when size is odd,
    every other cell filled and no two the same (any case)."""
    p = _params(c, {}, {"size": int, "free": str})
    size, free = _positive(c, p, "size") or 5, p.get("free", "FREE").strip().lower()
    if size < 2:
        raise BadCheck("check 'bingo_card': size must be at least 2")
    rows = _table_rows(text)
    if rows and [x.lower() for x in rows[0]] == list("bingo"):
        rows = rows[1:]
    if len(rows) != size or any(len(r) != size for r in rows):
        return False
    cells = [x for r in rows for x in r]
    if size % 2:
        mid = cells.pop(len(cells) // 2)
        if free not in mid.lower():
            return False
    return all(words(x) for x in cells) and len({x.lower() for x in cells}) == len(cells)


_TABLE_HEAD = re.compile(r"^table\s+(\d+|[A-Z]\b|one|two|three|four|five|six)\b[^:,\-–—]*[:,\-–—]?\s*", re.I)


def table_seating(c: dict, text: str) -> bool:
    """A seating plan: lines "Table 1: Ana, Ben" (or a "Table 1" line and the guests on list lines
    or lines of names alone under it; a markdown table row "| Table 1 | Ana, Ben |" too) put each
    of `names` at exactly one of `tables` tables, at most `size` a table, no pair of `apart` at one
    table and each pair of `together` at one. Notes in other lines are read past."""
    p = _params(c, {"names": list, "tables": int, "size": int}, {"apart": list, "together": list})
    names = _names(c, p["names"])
    tables, size = _positive(c, p, "tables"), _positive(c, p, "size")
    if not tables or not size or tables * size < len(names):
        raise BadCheck("check 'table_seating': the tables must seat everyone")
    apart, together = _pairs(c, p.get("apart", []), names), _pairs(c, p.get("together", []), names)
    who = _name_rx(names)
    groups: list[list[str]] = []
    for ln in text.splitlines():
        s = _unmark(ln.strip().strip("|").replace("|", ","))
        head = _TABLE_HEAD.match(s)
        if head:
            groups.append([])
            s = s[head.end() :]
        elif not groups:
            continue
        s = re.sub(r"\([^)]*\)", "", s)
        found = [m.lower() for m in who.findall(s)]
        if head or not re.sub(r"[\W_]|\band\b", "", who.sub("", s), flags=re.I):
            groups[-1] += found
        elif re.match(r"^\s*(?:[-*•+]|\d+[.)])\s+", ln) and who.match(s):
            groups[-1] += found[:1]
    groups = [g for g in groups if g]
    everyone = [x for g in groups for x in g]
    if len(groups) != tables or sorted(everyone) != sorted(n.lower() for n in names):
        return False
    if any(len(g) > size for g in groups):
        return False
    table_of = {x: i for i, g in enumerate(groups) for x in g}
    return all(len({table_of[x] for x in pair}) == 2 for pair in apart) and all(
        len({table_of[x] for x in pair}) == 1 for pair in together
    )


_WEEK = re.compile(r"\bweek\s+(\d+)\b", re.I)


def rota_rotation(c: dict, text: str) -> bool:
    """A chore rota for `weeks` weeks: "Week 1" to "Week <weeks>" (lines with one person and one
    chore in each comma-separated part, or the rows of a markdown table whose header names the
    chores or the people), and in each week every one of `people`
    has exactly one of `chores` and every chore one person; over the weeks each person does each
    chore as often as any other, give or take one."""
    p = _params(c, {"people": list, "chores": list, "weeks": int})
    people, chores = _names(c, p["people"]), _names(c, p["chores"])
    weeks = _positive(c, p, "weeks")
    if len(people) != len(chores) or not weeks:
        raise BadCheck("check 'rota_rotation': as many people as chores, and weeks at least 1")
    who, what = _name_rx(people), _name_rx(chores)
    plan: dict[int, list[tuple[str, str]]] = {}
    header: list[str] = []
    current = None
    for ln in text.splitlines():
        s = ln.strip()
        cells = [x.strip().replace("**", "") for x in s.strip("|").split("|")] if s.startswith("|") else []
        week = _WEEK.search(cells[0] if cells else s)
        if cells and not week and not all(re.fullmatch(r":?-+:?", x) for x in cells):
            header = cells
            continue
        if week:
            current = int(week.group(1))
            plan.setdefault(current, [])
        if current is None:
            continue
        if cells and week and len(cells) == len(header):
            for head, cell in zip(header[1:], cells[1:]):
                a, b = who.findall(head) + who.findall(cell), what.findall(head) + what.findall(cell)
                if len(a) == 1 and len(b) == 1:
                    plan[current].append((a[0].lower(), b[0].lower()))
            continue
        for piece in re.split(r"[,;]", s):
            a, b = who.findall(piece), what.findall(piece)
            if len(a) == 1 and len(b) == 1:
                plan[current].append((a[0].lower(), b[0].lower()))
    if sorted(plan) != list(range(1, weeks + 1)):
        return False
    lower_p, lower_c = sorted(x.lower() for x in people), sorted(x.lower() for x in chores)
    for pairs in plan.values():
        if sorted(a for a, _ in pairs) != lower_p or sorted(b for _, b in pairs) != lower_c:
            return False
    done = Counter(pair for pairs in plan.values() for pair in pairs)
    return all(max(done[(a, b)] for b in lower_c) - min(done[(a, b)] for b in lower_c) <= 1 for a in lower_p)


# ------------------------------------------------------------------ dates

_MONTHS = {m: i for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)}
_DAYS = "monday tuesday wednesday thursday friday saturday sunday".split()
_MON = (
    r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
    r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?(?![a-z])"
)
_WDAY = (
    r"(mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)"
)
_DATE = re.compile(
    rf"(?:{_WDAY}\.?,?[ \t]+)?(?:(\d{{4}})-(\d{{2}})-(\d{{2}})"
    rf"|{_MON}[ \t]+(?<!\d)(\d{{1,2}})(?!\d)(?:st|nd|rd|th)?(?:,?[ \t]+(\d{{4}}))?"
    rf"|(?<!\d)(\d{{1,2}})(?:st|nd|rd|th)?[ \t]+(?:of[ \t]+)?{_MON}(?:,?[ \t]+(\d{{4}}))?)"
    rf"(?:,?[ \t]*\(?{_WDAY}(?![a-z]))?",
    re.I,
)


def _dates(text: str, year: int) -> list[datetime.date] | None:
    """The dates in `text` in order ("2027-01-07", "Jan 7, 2027", "Thursday 7 January"; a date
    without a year takes the one before it, or `year`, moving on a year when it would go back);
    None when a weekday beside a date is not its weekday."""
    out, last = [], None
    for m in _DATE.finditer(text):
        wd, iy, im, idd, m1, d1, y1, d2, m2, y2, wd2 = m.groups()
        try:
            if iy:
                day = datetime.date(int(iy), int(im), int(idd))
            else:
                month, d = (_MONTHS[m1.lower()[:3]], int(d1)) if m1 else (_MONTHS[m2.lower()[:3]], int(d2))
                given = y1 or y2
                guess = int(given) if given else (last.year if last else year)
                day = datetime.date(guess, month, d)
                if not given and last and day < last:
                    day = datetime.date(guess + 1, month, d)
        except ValueError:
            continue
        for name in (wd, wd2):
            if name and _DAYS[day.weekday()][:3] != name.lower()[:3]:
                return None
        out.append(day)
        last = day
    return out


def date_intervals(c: dict, text: str) -> bool:
    """A series of `n` dates every `days` days from `start` ("YYYY-MM-DD"): they come in the
    answer in order as a run of its dates (any common way of writing them; a weekday written with
    a date must be right), no other date of the answer lies between the first and the last, and
    none is the next date of the series (one too many)."""
    p = _params(c, {"start": str, "days": int, "n": int})
    try:
        start = datetime.date.fromisoformat(p["start"].strip())
    except ValueError:
        raise BadCheck("check 'date_intervals': start is YYYY-MM-DD") from None
    step, n = _positive(c, p, "days"), _positive(c, p, "n")
    if not step or not n:
        raise BadCheck("check 'date_intervals': days and n must be at least 1")
    want = [start + datetime.timedelta(days=step * i) for i in range(n)]
    found = _dates(text, start.year)
    if not found or not words(text):
        return False
    seen = list(dict.fromkeys(found))
    runs = [seen[i : i + n] for i in range(len(seen) - n + 1)]
    if want not in runs:
        return False
    extra = want[-1] + datetime.timedelta(days=step)
    return all(d in want or not want[0] < d <= want[-1] for d in seen) and extra not in seen


TEST11_CHECKS = {
    f.__name__: f
    for f in (
        sql_schema, makefile_targets, toml_keys, gitignore_rules, robots_txt, systemd_unit,
        latex_document, bibtex_entries, graphviz_dot, srt_cues, seo_meta, mailto_link, guitar_tab,
        contrast_pairs, bakers_percentages, tip_table, times_table, rot13_text, binary_ascii,
        anagram_pairs, bingo_card, table_seating, rota_rotation, date_intervals,
    )
}  # fmt: skip
