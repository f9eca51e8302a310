"""The check kinds added to the generic scorer for the test8 rows (tasks/tools/generic_test8.py),
written on 2026-12-07 with those rows, blind to the observers: each takes the row's check dict and
the answer and says whether it holds, on the terms of the scorer's own kinds: bad parameters raise
BadCheck whatever the text, and an answer with no word meets none of them. scorer.check finds them
through scorer._split_checks, after the older splits' kinds. Four of them (spelling, numbers spelled
out, commit messages, HTML) are in test8_kinds2, to keep each module short."""

from __future__ import annotations

import math
import re

from selfrefine.tasks.generic.scorer import (
    _HASHTAG,
    BadCheck,
    _all_sentences,
    _has_word,
    _heading,
    _params,
    _positive,
    lines,
    paragraphs,
    words,
)
from selfrefine.tasks.generic.test3_kinds import _apos
from selfrefine.tasks.generic.test8_kinds2 import (
    _ITEM,
    _min,
    british_spelling,
    commit_message,
    html_balanced,
    small_numbers_spelled,
)

_BULLET_ITEM = re.compile(r"^\s*[-*•+]\s+(\S.*)$")
_LEAD = re.compile(r"^[\W_]+")
_UNIT_S = r"s|secs?|seconds?"
_UNIT_M = r"m|mins?|minutes?"
_UNIT_H = r"h|hrs?|hours?"
_NUM = r"\d+(?:\.\d+)?"
_DURATION = re.compile(
    rf"(?<![\w.])({_NUM})(?:\s*(?:-|–|—|to)\s*({_NUM}))?[\s-]?({_UNIT_H}|{_UNIT_M}|{_UNIT_S})\b", re.I
)
_MONEY = re.compile(r"[$€£]\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?(?![\d,]*\d)")
_TOTAL = re.compile(r"^(?:grand\s+|estimated\s+|overall\s+)?total\b", re.I)
_NUMBER_TOKEN = re.compile(r"(?<![\w.,])([$€£]?)(\d[\d,]*)(?:\.\d+)?")
_CODES = "USD|EUR|GBP|JPY|CAD|AUD|CHF|CNY|INR|MXN|NZD|SEK|NOK|DKK|SGD|HKD|ZAR|BRL|KRW|PLN"
_CODED = re.compile(rf"\b(?:{_CODES})\s?\d|\d(?:[\d,.]*\d)?\s?(?:{_CODES})\b")
_SYMBOLS = "$€£¥₹₩"
_US_UNIT = re.compile(
    r"\b(?:cups?|tablespoons?|tbsp|tbs|teaspoons?|tsp|ounces?|oz|pounds?|lbs?|quarts?|pints?|gallons?|"
    r"sticks?\s+of\s+butter|inch(?:es)?|feet|foot|ft|yards?|miles?|mph|fahrenheit)\b|\d\s?°\s?F\b|"
    r"\bdegrees\s+F\b",
    re.I,
)
_METRIC_CASE = re.compile(r"\d\s?(?:g|kg|mg|ml|mL|l|L|cl|dl|cm|mm|km|m)\b|°\s?C\b|\bdegrees\s+C\b")
_METRIC_WORDS = re.compile(
    r"\b(?:(?:kilo|milli|centi)?grams?|kilos?|(?:milli|centi|deci)?lit(?:er|re)s?|(?:kilo|centi|milli)?"
    r"met(?:er|re)s?|celsius|centigrade)\b",
    re.I,
)


def _lead(line: str) -> str:
    """A line without what comes before its first letter or digit (marks, emoji, quotes, brackets)."""
    return _LEAD.sub("", line.strip())


def _list_items(text: str, pattern: re.Pattern = _ITEM) -> list[str]:
    """The text of each list item (a bullet - * • + or a number 1. / 1) at the start of its line)."""
    return [m.group(1).strip() for ln in text.splitlines() if (m := pattern.match(ln))]


# ------------------------------------------------------------------ durations and sums


def item_durations(c: dict, text: str) -> bool:
    """At least `min` (default 1) list items (bullets or numbered), each with a duration in digits
    and a unit of seconds, minutes or hours ("10 min", "1.5 hours", "30-45 minutes", "90s", "a
    20-minute walk")."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    items = _list_items(text)
    return len(items) >= need and all(_DURATION.search(it) for it in items)


def _minutes(m: re.Match) -> float:
    unit = m.group(3).lower()
    scale = 60 if unit[0] == "h" else 1 / 60 if unit[0] == "s" else 1
    return float(m.group(1)) * scale


def minutes_total(c: dict, text: str) -> bool:
    """The list items' times (bullets or numbered; an item starting "Total" aside) add up to exactly
    `n` minutes: each item's time is the longest duration written in it ("Circuit, 3 x 40 s - 12 min"
    is 12; hours and seconds converted); every item has one, none is a range such as "5-10 min", and
    there are at least two items."""
    p = _params(c, {"n": int})
    want = _positive(c, p, "n")
    total, counted = 0.0, 0
    for it in _list_items(text):
        if _TOTAL.match(_lead(it)):
            continue
        found = list(_DURATION.finditer(it))
        if not found or any(m.group(2) for m in found):
            return False
        total += max(_minutes(m) for m in found)
        counted += 1
    return counted >= 2 and math.isclose(total, want, abs_tol=1e-6)


def _money(m: re.Match) -> float:
    return float(m.group(1).replace(",", "") + (m.group(2) or ""))


def _row_body(line: str) -> str:
    """An item line's text (marks, pipes and emphasis at its start aside), else "": a list item, a
    table row, or a short line (12 words at most) ending with a price ("Venue: $3,500")."""
    m = _ITEM.match(line)
    if m:
        return _lead(m.group(1))
    if line.strip().startswith("|"):
        return _lead(line.strip().lstrip("|"))
    if len(words(line)) <= 12 and re.search(r"[$€£]\s?[\d,]*\d(?:\.\d{1,2})?[\s*_)]*$", line):
        return _lead(line)
    return ""


def budget_total(c: dict, text: str) -> bool:
    """A budget: at least `min` (default 2) item lines (list items, table rows or short lines ending
    with a price) with a price ($, € or £), then a line starting "Total" (or "Grand total"; marks
    aside) whose first price is the sum of the item lines' prices before it, counting the last price
    on each item line (to the cent)."""
    p = _params(c, {}, {"min": int})
    need = _positive(c, p, "min") or 2
    found = text.splitlines()
    at = [i for i, ln in enumerate(found) if _TOTAL.match(_row_body(ln) or _lead(ln))]
    if not at:
        return False
    total_line = found[at[-1]]
    stated = _MONEY.search(total_line)
    if not stated:
        return False
    prices = []
    for ln in found[: at[-1]]:
        body = _row_body(ln)
        amounts = list(_MONEY.finditer(ln)) if body and not _TOTAL.match(body) else []
        if amounts:
            prices.append(_money(amounts[-1]))
    return len(prices) >= need and abs(sum(prices) - _money(stated)) < 0.005


# ------------------------------------------------------------------ how numbers are written


def thousands_commas(c: dict, text: str) -> bool:
    """At least `min` (default 1) numbers of 1,000 or more, every one written with commas between
    groups of three digits (1,250 or 12,000.50); a four-digit year (1900-2099, no currency sign
    before it) may go without, and any comma-grouped number must be grouped right."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    big = 0
    for m in _NUMBER_TOKEN.finditer(text):
        sign, digits = m.group(1), m.group(2).rstrip(",")
        if "," in digits:
            if not re.fullmatch(r"\d{1,3}(?:,\d{3})+", digits):
                return False
            big += 1
            continue
        value = int(digits)
        if value < 1000:
            continue
        if len(digits) == 4 and 1900 <= value <= 2099 and not sign:
            continue
        return False
    return big >= need and bool(words(text))


def currency_codes(c: dict, text: str) -> bool:
    """At least `min` (default 1) amounts written with a three-letter currency code before or after
    them (USD 250, 1,200 EUR, GBP 80) and no currency symbol ($ € £ ¥ ₹ ₩) anywhere."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    if any(s in text for s in _SYMBOLS):
        return False
    return len(_CODED.findall(text)) >= need and bool(words(text))


def us_units(c: dict, text: str) -> bool:
    """US customary measures only: at least `min` (default 1) of cups, tablespoons, teaspoons,
    ounces, pounds, quarts, pints, gallons, inches, feet, yards, miles, mph, °F (abbreviations
    too), and no metric unit (grams, kg, ml, liters, cm, meters, km, °C, a number with g / ml /
    cm ...)."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    if _METRIC_CASE.search(text) or _METRIC_WORDS.search(text):
        return False
    return len(_US_UNIT.findall(text)) >= need and bool(words(text))


_READ_TIME = re.compile(
    r"(?<![\w.])(\d+)\s*(?:-\s*)?(?:min(?:ute)?s?\.?)\s+read\b|"
    r"\bread(?:ing)?\s+time\s*[*_]*\s*[:\-–—]?\s*[*_]*\s*(?:about\s+|~\s*|approx\.?\s+)?(\d+)\s*min",
    re.I,
)


def read_time(c: dict, text: str) -> bool:
    """One of the first three lines gives a reading time ("4 min read", "Reading time: 4 minutes")
    within a minute of the rest's words at `wpm` words a minute (default 200)."""
    p = _params(c, {}, {"wpm": int})
    wpm = _positive(c, p, "wpm") or 200
    found = lines(text)
    for i, ln in enumerate(found[:3]):
        m = _READ_TIME.search(ln)
        if m:
            said = int(m.group(1) or m.group(2))
            rest = len(words("\n".join(found[:i] + found[i + 1 :])))
            return said >= 1 and rest > 0 and abs(said - rest / wpm) <= 1
    return False


_STATED_COUNT = re.compile(
    r"^[\W_]*(?:word\s*count|words|total\s+words|length)\s*[*_]*\s*[:\-–—]?\s*[*_]*\s*(?:about\s+|~\s*)?"
    r"(\d[\d,]*)\b(?:\s+words)?[\W_]*$|^[\W_]*(?:about\s+|~\s*)?(\d[\d,]*)\s+words[\W_]*$",
    re.I,
)


def stated_word_count(c: dict, text: str) -> bool:
    """The last line states the word count ("Word count: 312", "(312 words)"), within `tolerance`
    words (default 10) of the words above it."""
    p = _params(c, {}, {"tolerance": int})
    tol = p.get("tolerance", 10)
    found = lines(text)
    if len(found) < 2:
        return False
    m = _STATED_COUNT.match(found[-1].strip())
    if not m:
        return False
    said = int((m.group(1) or m.group(2)).replace(",", ""))
    return abs(said - len(words("\n".join(found[:-1])))) <= tol


_SLUG = re.compile(
    r"^(?:INT|EXT|INT\.?\s*/\s*EXT|I/E)\.\s+[A-Z0-9][A-Z0-9 '’.,&/()-]*?\s+[-–—]\s+"
    r"(?:DAY|NIGHT|MORNING|AFTERNOON|EVENING|DAWN|DUSK|LATER|CONTINUOUS|MOMENTS LATER|SAME TIME)"
    r"(?:\s*\([A-Z0-9 ,'’-]+\)|\s+[-–—]\s+[A-Z0-9 ,'’]+)?$"
)


def scene_headings(c: dict, text: str) -> bool:
    """Screenplay scene headings: at least `min` (default 1) lines such as "INT. KITCHEN - NIGHT"
    (INT. or EXT., the place in capitals, a dash and DAY / NIGHT / MORNING / LATER / CONTINUOUS ...,
    maybe a last note in capitals: "- NIGHT (RAIN)"; bold or heading marks aside), and every line
    starting INT / EXT (any case) is one."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    heads = 0
    for ln in lines(text):
        body = ln.strip().lstrip("#").strip().strip("*_").strip()
        if re.match(r"^(?:int|ext|i/e)\b", body, re.I):
            if not _SLUG.match(body):
                return False
            heads += 1
    return heads >= need


_VERSION_LINE = re.compile(
    r"^[#*_\s\[(•-]*(?:(?:version|release|v)\s*)?v?(\d+)\.(\d+)\.(\d+)(?![\d.]*\d)", re.I
)


def versions_descending(c: dict, text: str) -> bool:
    """A version history, newest first: at least `min` (default 2) lines that start with a version
    x.y.z ("## [2.1.0] - 2026-03-02", "v2.1.0", "Version 2.1.0"; marks aside), each lower than the
    one above it."""
    p = _params(c, {}, {"min": int})
    need = _positive(c, p, "min") or 2
    found = [tuple(map(int, m.groups())) for ln in lines(text) if (m := _VERSION_LINE.match(ln.strip()))]
    return len(found) >= need and all(a > b for a, b in zip(found, found[1:]))


def camel_hashtags(c: dict, text: str) -> bool:
    """At least `min` (default 1) hashtags, every one in CamelCase for screen readers: it starts with
    a capital, has a small letter and no underscore (#WeekendBrunch, #Summer2026)."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    tags = [t[1:] for t in _HASHTAG.findall(text)]
    ok = all(t[0].isupper() and "_" not in t and any(ch.islower() for ch in t) for t in tags)
    return len(tags) >= need and ok and bool(words(text))


_NOT_ADVERBS = set(
    """only family reply apply supply imply comply multiply rely ally belly bully jelly fly butterfly
    dragonfly firefly holy ugly silly lovely friendly lonely likely unlikely lively costly elderly chilly
    curly hilly jolly oily smelly sly early daily weekly monthly yearly hourly nightly quarterly july
    italy lily rally tally folly melancholy anomaly assembly monopoly homely lowly deadly bubbly wobbly
    prickly sparkly heavenly orderly scholarly manly motherly fatherly brotherly sisterly cowardly
    timely unruly surly burly gnarly ghastly grizzly measly woolly wooly emily sally molly kelly billy
    holly polly ply gully sully homily leisurely ghostly beastly sicily kimberly beverly""".split()
)


def no_ly_adverbs(c: dict, text: str) -> bool:
    """No adverb ending in -ly: no word ending "ly" (any case) outside a fixed list of other words
    (only, family, reply, early, daily, friendly, lovely, July ...) and `allow`."""
    p = _params(c, {}, {"allow": list})
    skip = _NOT_ADVERBS | {w.strip().lower() for w in p.get("allow", ())}
    found = [w.lower() for w in words(_apos(text))]
    return bool(found) and not any(
        len(w) > 3 and w.endswith("ly") and w not in skip and w.split("'")[0] not in skip for w in found
    )


def bracket_tags(c: dict, text: str) -> bool:
    """At least `min` (default 1) list items, every one starting with one of `tags` in square
    brackets ([Fixed] ..., any case, bold around it aside) and text after it."""
    p = _params(c, {"tags": list}, {"min": int})
    need = _min(c, p)
    allowed = {t.strip().strip("[]").strip().lower() for t in p["tags"]}
    items = _list_items(text)
    for it in items:
        m = re.match(r"^[*_]{0,2}\[([^\]\n]+)\][*_]{0,2}\s*[:\-–—]?\s*(.*)$", it)
        if not m or m.group(1).strip().lower() not in allowed or not words(m.group(2)):
            return False
    return len(items) >= need


_QUANTITY = re.compile(
    r"^[*_]{0,2}(?:\d+(?:[./]\d+)?(?:\s+\d+/\d+)?[½⅓⅔¼¾⅛]?|[½⅓⅔¼¾⅛⅜⅝⅞])"
    r"(?:\s*(?:-|–|to)\s*\d+(?:[./]\d+)?)?(?![\d/])|^[*_]{0,2}(?:one|two|three|four|five|six|seven|eight|"
    r"nine|ten|eleven|twelve|half|a\s+dozen)\b",
    re.I,
)


def item_quantities(c: dict, text: str) -> bool:
    """At least `min` (default 1) bullet items (- * • +; numbered steps aside), every one starting
    with a quantity: a number, a fraction (1/2, 1 1/2, ½), a range (2-3) or a number word (two, half,
    a dozen)."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    items = _list_items(text, _BULLET_ITEM)
    return len(items) >= need and all(_QUANTITY.match(it) for it in items)


def _counted(c: dict, p: dict) -> tuple[float, float]:
    if "n" in p and ("min" in p or "max" in p):
        raise BadCheck(f"check {c['check']!r}: give n, or min and / or max")
    if "n" in p:
        return p["n"], p["n"]
    lo, hi = p.get("min", 1), p.get("max", math.inf)
    if lo > hi:
        raise BadCheck(f"check {c['check']!r}: min is above max")
    return lo, hi


def _side(found: list[str], name: str, other: str) -> int | None:
    """The number of list items right under the first heading line naming `name` ("Pros", "**Cons:**",
    "## Pros of renting"), None if there is no such heading."""
    for i, ln in enumerate(found):
        head = _heading(ln)
        if _ITEM.match(ln) or not re.fullmatch(rf"{name}\b[^.!?]{{0,40}}", head) or _has_word(head, other):
            continue
        n = 0
        for rest in found[i + 1 :]:
            if not rest.strip():
                continue
            if not _ITEM.match(rest):
                break
            n += 1
        return n
    return None


def pros_cons(c: dict, text: str) -> bool:
    """A "Pros" heading and a "Cons" heading (any case, marks and a colon aside, a few words after
    them allowed: "Cons of renting"), each with a list right under it of `n`, or `min` (default 1)
    to `max`, items."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    lo, hi = _counted(c, p)
    found = text.splitlines()
    sides = [_side(found, "pros", "cons"), _side(found, "cons", "pros")]
    return all(s is not None and lo <= s <= hi for s in sides)


def paragraphs_end_with_question(c: dict, text: str) -> bool:
    """At least `min` (default 1) paragraphs, every one ending with a question mark (closing quotes
    and emphasis aside); a paragraph that is only a heading line (# ...) is aside."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    found = [
        para for para in paragraphs(text) if not (para.lstrip().startswith("#") and "\n" not in para.strip())
    ]
    ends = [para.strip().rstrip("\"')]*_”’ ").endswith("?") for para in found]
    return len(found) >= need and all(ends)


def sentence_commas(c: dict, text: str) -> bool:
    """No sentence (a line break ends one; list markers aside) has more than `max` commas (the comma
    in a number such as 1,200 aside)."""
    p = _params(c, {"max": int})
    found = _all_sentences(text)
    return bool(found) and all(re.sub(r"\d,\d", "", s).count(",") <= p["max"] for s in found)


_DAY = re.compile(r"^day\s+(\d+)\b[\W_]*(.*)$", re.I)


def day_plan(c: dict, text: str) -> bool:
    """A plan by day: lines starting "Day 1", "Day 2" ... "Day `n`" (heading marks and emphasis
    aside), exactly those, in order, each day with something planned (on its line or under it), and
    at least `min_items` list items under each if given."""
    p = _params(c, {"n": int}, {"min_items": int})
    want = _positive(c, p, "n")
    least = p.get("min_items", 0)
    found = lines(text)
    at = [(i, m) for i, ln in enumerate(found) if (m := _DAY.match(_lead(ln)))]
    if [int(m.group(1)) for _, m in at] != list(range(1, want + 1)):
        return False
    for k, (i, m) in enumerate(at):
        under = found[i + 1 : at[k + 1][0] if k + 1 < len(at) else len(found)]
        items = sum(bool(_ITEM.match(ln)) for ln in under)
        if not (words(m.group(2)) or any(words(ln) for ln in under)) or items < least:
            return False
    return True


def no_ellipsis(c: dict, text: str) -> bool:
    """No ellipsis: no "...", ". . ." or "…"."""
    _params(c, {})
    return bool(words(text)) and not re.search(r"\.\s?\.\s?\.|…", text)


_IMAGE_NOTE = re.compile(
    r"\[\s*[*_]{0,2}(?:image|photo|picture|pic|visual|graphic|illustration|gif|video)[*_]{0,2}\s*[:\-–—]"
    r"\s*[^\]\n]*[A-Za-z][^\]\n]*\]",
    re.I,
)


def image_notes(c: dict, text: str) -> bool:
    """At least `min` (default 1) notes in square brackets for where a picture goes, saying what it
    shows: [Image: ...], [Photo: ...], [Visual - ...], [Graphic: ...] (any case)."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    return len(_IMAGE_NOTE.findall(text)) >= need and bool(words(text))


TEST8_CHECKS = {
    f.__name__: f
    for f in (
        item_durations, minutes_total, budget_total, thousands_commas, currency_codes, us_units,
        british_spelling, small_numbers_spelled, commit_message, html_balanced, read_time,
        stated_word_count, scene_headings, versions_descending, camel_hashtags, no_ly_adverbs,
        bracket_tags, item_quantities, pros_cons, paragraphs_end_with_question, sentence_commas,
        day_plan, no_ellipsis, image_notes,
    )
}  # fmt: skip
