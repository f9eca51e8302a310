"""The check kinds added to the generic scorer for the test6 rows (tasks/tools/generic_test6.py),
written on 2026-12-06 with those rows, blind to the observers: each takes the row's check dict and
the answer and says whether it holds, on the terms of the scorer's own kinds: bad parameters raise
BadCheck whatever the text, and an answer with no word meets none of them. scorer.check dispatches
here after TEST5_CHECKS."""

from __future__ import annotations

import re
import unicodedata

from selfrefine.tasks.generic.scorer import (
    _BULLET,
    _NUMBERED,
    BadCheck,
    _all_sentences,
    _heading,
    _line_body,
    _params,
    _positive,
    lines,
    paragraphs,
    words,
)
from selfrefine.tasks.generic.test3_kinds import _apos, _list_items, _range

_COUNT = {"n": int, "min": int, "max": int}
_PAREN = re.compile(r"\(([^()\n]*)\)")
_CURLY_QUOTE = re.compile(r"“([^”\n]*)”")
_Q_LINE = re.compile(r"^(?:q|question)\s*\d{0,2}\s*[*_]*\s*[:.)]", re.I)
_A_LINE = re.compile(r"^(?:a|answer)\s*\d{0,2}\s*[*_]*\s*[:.)]", re.I)
_SPEAKER = re.compile(
    r"^([A-Za-z][A-Za-z .'-]{0,30}?)\s*[*_]*\s*(?:\([^()\n]*\)\s*)?[*_]*\s*:\s*[*_]*\s*(.*)$"
)
_NUM = re.compile(r"(?<![\d.,])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")
_HANDLE = re.compile(r"@?[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*")
_ROMAN = re.compile(r"^([IVX]+)[*_]*[.):][*_]*\s+\S")
_ROMAN_VALUE = {"I": 1, "V": 5, "X": 10}
_QTY = r"(?:\d+(?:[.,]\d+)?(?:\s?/\s?\d+)?|[½¼¾⅓⅔⅛]|\d+\s?[½¼¾⅓⅔⅛])"
_AMOUNT = rf"(?<![\w.,/]){_QTY}(?:\s?(?:-|–|to)\s?{_QTY})?\s?"
_METRIC = re.compile(
    _AMOUNT + r"(?:k?g|mg|grams?|kilograms?|milligrams?|[mcd]?l|(?:milli|centi)?lit(?:re|er)s?|"
    r"[ckm]?m|(?:milli|centi|kilo)?met(?:re|er)s?|°\s?C|º\s?C|℃|degrees?\s+C(?:elsius)?|C)(?![A-Za-z])",
    re.I,
)
_WORD_QTY = r"(?:an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|half|quarter)"
_IMPERIAL = re.compile(
    rf"(?:{_AMOUNT}|(?<![A-Za-z]){_WORD_QTY}\s+(?:of\s+an?\s+)?)"
    r"(?:cups?|tablespoons?|tbsps?|teaspoons?|tsps?|ounces?|oz|fl\.?\s?oz|pounds?|lbs?|inch(?:es)?|"
    r"feet|foot|ft|yards?|miles?|gallons?|quarts?|pints?|sticks?|°\s?F|º\s?F|℉|degrees?\s+F(?:ahrenheit)?|"
    r"F)(?![A-Za-z])",
    re.I,
)
_TEMP = re.compile(
    r"(?<![\w.])\d{1,3}(?:\.\d)?\s?(?:°|º|˚|degrees?)?\s?(C|Celsius|F|Fahrenheit|℃|℉)(?![A-Za-z])", re.I
)
_THREAD = re.compile(r"(?<![\d/])(\d{1,2})\s?/\s?(\d{1,2})(?![\d/])")
_PCT = re.compile(r"(\d+(?:\.\d+)?)\s?%")
_CLOCK = re.compile(
    r"(?<![\d:.])(\d{1,2})(?::([0-5]\d))?\s?([ap])\.?\s?m\b\.?|(?<![\d:.])(\d{1,2}):([0-5]\d)(?!\d)|\b(noon)\b",
    re.I,
)
_DIVIDER = re.compile(r"^\s{0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$")
_QUESTION_LINE = re.compile(r"^\s*(?:#{1,6}\s*)?[*_]*(?:q(?:uestion)?\s*\d{1,2}\b|\d{1,2}[*_]*[.):])", re.I)
_OPTION_LINE = re.compile(r"^\s*(?:[-*•]\s+)?[*_]*(?:\(([A-Ha-h])\)|([A-Ha-h])[.)])[*_]*\s+\S")
_REF = re.compile(r"\[\^?(\d{1,2})\]")
_NOTE_LINE = re.compile(r"^\s*(?:[-*•]\s+|\d+[.)]\s+)?[*_]*\[\^?(\d{1,2})\]")
_SCORE = re.compile(r"(?<![\d/.])(\d{1,3}(?:\.\d+)?)\s?/\s?(\d{1,3})(?![\d/])")
_EMAIL = re.compile(r"(?<![\w.+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![\w-])")


def _count(c: dict) -> tuple[float, float]:
    return _range(c, _params(c, {}, _COUNT))


def _first_sentence(text: str) -> str | None:
    """The answer's first sentence (a line break ends one), a heading or all-bold first line aside."""
    found = lines(text)
    if len(found) > 1 and re.match(r"^\s*(?:#{1,6}\s|\*\*[^*]+\*\*\s*$|__[^_]+__\s*$)", found[0]):
        found = found[1:]
    first = _all_sentences("\n".join(found))
    return first[0] if first else None


def _top_items(text: str) -> list[str]:
    """The bodies of the least indented list items (bullet or numbered lines)."""
    found = [ln.expandtabs(4) for ln in text.splitlines() if _BULLET.match(ln) or _NUMBERED.match(ln)]
    least = min((len(ln) - len(ln.lstrip()) for ln in found), default=0)
    return [_line_body(ln) for ln in found if len(ln) - len(ln.lstrip()) == least]


def distinct_words(c: dict, text: str) -> bool:
    """At least `min` different words (any case; curly apostrophes read as straight ones)."""
    p = _params(c, {"min": int})
    need = _positive(c, p, "min")
    return len({w.lower() for w in words(_apos(text))}) >= need


def parentheses(c: dict, text: str) -> bool:
    """Asides in parentheses, "(...)" on one line with a word inside (a list's "1)" is none): `n`,
    or `min` to `max`."""
    lo, hi = _count(c)
    return bool(words(text)) and lo <= sum(bool(words(m)) for m in _PAREN.findall(text)) <= hi


def qa_pairs(c: dict, text: str) -> bool:
    """Lines starting "Q:" / "Question:" and "A:" / "Answer:" (list marker, emphasis and a number
    aside; the text on the same line) alternate Q, A, Q, A ..., starting with a Q and ending with an
    A; the pairs: `n`, or `min` to `max`. Other lines (a title, an answer's further lines) may come."""
    lo, hi = _count(c)
    seq = []
    for ln in lines(text):
        body = _line_body(ln)
        for tag, pat in (("q", _Q_LINE), ("a", _A_LINE)):
            if m := pat.match(body):
                if not words(body[m.end() :]):
                    return False
                seq.append(tag)
    pairs = len(seq) // 2
    return bool(seq) and seq == ["q", "a"] * pairs and lo <= pairs <= hi


def dialogue_script(c: dict, text: str) -> bool:
    """A script: at least `min_lines` (default 2) lines "Name: words" by names in `speakers` (any
    case, emphasis aside), each of whom speaks; from the first such line to the last, every line is
    one of them or a stage direction wholly in brackets, parentheses or italics. Lines before and
    after (a title, "THE END") are free."""
    p = _params(c, {"speakers": list}, {"min_lines": int})
    names = {" ".join(s.split()).lower() for s in p["speakers"]}
    if len(names) != len(p["speakers"]) or not all(_SPEAKER.match(f"{n}: x") for n in names):
        raise BadCheck(f"check 'dialogue_script': speakers must be different names, not {p['speakers']!r}")
    need = _positive(c, p, "min_lines") or 2
    kinds = []  # per line: a speaker's name, "direction" or None
    for ln in lines(text):
        m = _SPEAKER.match(_line_body(ln))
        name = " ".join(m.group(1).strip("*_ ").split()).lower() if m else None
        if name in names and words(m.group(2)):
            kinds.append(name)
            continue
        bare = ln.strip()
        italic = len(bare) > 2 and bare[0] in "*_" and bare[-1] == bare[0] and bare[1] != " "
        inner = re.sub(r"^[-*•]\s+", "", bare).strip("*_ ")
        bracketed = bool(inner) and inner[0] in "([" and inner[-1] in ")]"
        kinds.append("direction" if italic or bracketed else None)
    spoken = [i for i, k in enumerate(kinds) if k not in (None, "direction")]
    if len(spoken) < need or {kinds[i] for i in spoken} != names:
        return False
    return None not in kinds[spoken[0] : spoken[-1] + 1]


def quoted_passages(c: dict, text: str) -> bool:
    """Passages in double quotation marks ("..." or “...”, on one line, with a word inside; straight
    quotes pair in turn on their line): `n`, or `min` to `max`."""
    lo, hi = _count(c)
    found = []
    for ln in text.splitlines():
        parts = ln.split('"')  # straight quotes pair in turn: 1st with 2nd, 3rd with 4th
        found += parts[1 : len(parts) - 1 : 2] + _CURLY_QUOTE.findall(ln)
    return bool(words(text)) and lo <= sum(bool(words(q)) for q in found) <= hi


def opens_with_question(c: dict, text: str) -> bool:
    """The first sentence (a line break ends one; a heading or all-bold title line before it
    aside) is a question."""
    _params(c, {})
    first = _first_sentence(text)
    return first is not None and re.sub(r"[^\w?]+$", "", first).endswith("?")


def opening_sentence_words(c: dict, text: str) -> bool:
    """The first sentence (as in opens_with_question) has at most `max` words."""
    p = _params(c, {"max": int})
    most = _positive(c, p, "max")
    first = _first_sentence(text)
    return first is not None and len(words(first)) <= most


def sorted_numbers(c: dict, text: str) -> bool:
    """At least 2 list items (bullet or numbered lines), each with a number written with digits (the
    first after `prefix`, like "$", where given; else its first, the item's own numbering aside),
    and those numbers in `order`: "ascending" or "descending" (equal neighbours are fine)."""
    p = _params(c, {"order": str}, {"prefix": str})
    if p["order"] not in ("ascending", "descending"):
        raise BadCheck(f"check 'sorted_numbers': order must be ascending or descending, not {p['order']!r}")
    pat = re.compile(re.escape(p["prefix"].strip()) + r"\s?" + _NUM.pattern) if "prefix" in p else _NUM
    found = []
    for body in _list_items(text):
        m = pat.search(body)
        if not m:
            return False
        found.append(float(_NUM.search(m.group(0)).group(0).replace(",", "")))
    ranked = sorted(found, reverse=p["order"] == "descending")
    return len(found) >= 2 and found == ranked


def mentions(c: dict, text: str) -> bool:
    """Each of `handles` (@name, any case) is mentioned: an @ not glued to a word, as in an email
    address, then the name, then no further name character."""
    p = _params(c, {"handles": list})
    found = []
    for h in p["handles"]:
        if not _HANDLE.fullmatch(h.strip()):
            raise BadCheck(f"check 'mentions': {h!r} is not a handle")
        name = re.escape(h.strip().lstrip("@"))
        found.append(re.search(r"(?<![\w.@])@" + name + r"(?![\w])", text, re.I))
    return bool(words(text)) and all(found)


def label_sequence(c: dict, text: str) -> bool:
    """The lines that start with `label` and a number ("Day 1", "**Day 2:**", "## Day 3 -", any case,
    list marker and emphasis aside) are numbered 1, 2, ... `n` in order, and there are `n`."""
    p = _params(c, {"label": str, "n": int})
    n = _positive(c, p, "n")
    if not words(p["label"]):
        raise BadCheck(f"check 'label_sequence': label {p['label']!r} has no word")
    pat = re.compile(re.escape(" ".join(p["label"].split())) + r"\s*#?(\d{1,3})(?!\d)", re.I)
    found = [int(m.group(1)) for ln in lines(text) if (m := pat.match(_line_body(ln)))]
    return found == list(range(1, n + 1))


def metric_units(c: dict, text: str) -> bool:
    """At least `min` (default 1) amounts in metric units (g, kg, ml, l, cm, m, km, °C, spelled out
    too), and no amount in cups, spoons, ounces, pounds, inches, feet, miles, pints, quarts,
    gallons, sticks or °F ("2 cups", "a cup of", "½ tsp", "350°F")."""
    p = _params(c, {}, {"min": int})
    need = _positive(c, p, "min") or 1
    return bool(words(text)) and len(_METRIC.findall(text)) >= need and not _IMPERIAL.search(text)


def framed_list(c: dict, text: str) -> bool:
    """A list (bullet or numbered lines) with a line of words before its first item and another
    after its last item: an opening and a closing around it."""
    _params(c, {})
    found = lines(text)
    at = [i for i, ln in enumerate(found) if _BULLET.match(ln) or _NUMBERED.match(ln)]
    if not at:
        return False
    return any(words(ln) for ln in found[: at[0]]) and any(words(ln) for ln in found[at[-1] + 1 :])


def _roman(s: str) -> int:
    vals = [_ROMAN_VALUE[ch] for ch in s]
    return sum(-v if i + 1 < len(vals) and v < vals[i + 1] else v for i, v in enumerate(vals))


def roman_numbered(c: dict, text: str) -> bool:
    """The lines labelled with a capital Roman numeral made of I, V, X ("I.", "II)", "## III:",
    "**IV.**"; lettered lines A., B., C. are not read) go I, II, III, ... in order, and there are
    `n` of them."""
    p = _params(c, {"n": int})
    n = _positive(c, p, "n")
    if n > 39:
        raise BadCheck("check 'roman_numbered': n is above 39")
    found = [_roman(m.group(1)) for ln in lines(text) if (m := _ROMAN.match(_line_body(ln)))]
    return found == list(range(1, n + 1))


def _is_emoji(ch: str) -> bool:
    return ord(ch) >= 0x2190 and unicodedata.category(ch) == "So"


def emoji_openers(c: dict, text: str) -> bool:
    """There are list items (bullet or numbered lines), and each starts with an emoji (a symbol
    from U+2190 on; the marker and emphasis before it aside)."""
    _params(c, {})
    found = _list_items(text)
    return bool(found) and all(b[:1] and _is_emoji(b[0]) for b in found)


def section_bullets(c: dict, text: str) -> bool:
    """Each of `titles` is a section title line ("## Pros", "**Pros:**", "Pros:"), and its least
    indented list items (bullet or numbered lines, up to the next title or markdown heading) number
    `n`, or `min` to `max`."""
    p = _params(c, {"titles": list}, _COUNT)
    want = [t.strip().rstrip(":").strip().lower() for t in p["titles"]]
    if len(set(want)) != len(want):
        raise BadCheck(f"check 'section_bullets': titles repeat in {p['titles']!r}")
    lo, hi = _range(c, {k: v for k, v in p.items() if k != "titles"})
    items: dict[str, list[str]] = {}
    current = None
    for ln in text.splitlines():
        head = None if _BULLET.match(ln) or _NUMBERED.match(ln) else re.sub(r"^\W+|\W+$", "", _heading(ln))
        if head in want:
            current = head
            items.setdefault(head, [])
        elif re.match(r"^ {0,3}#{1,6}\s", ln):
            current = None
        elif current and (_BULLET.match(ln) or _NUMBERED.match(ln)):
            items[current].append(ln)
    if set(items) != set(want):
        return False
    return all(lo <= len(_top_items("\n".join(found))) <= hi for found in items.values())


def thread_numbering(c: dict, text: str) -> bool:
    """A thread of `n` posts: the paragraphs with a k/n mark in them ("1/5", "(2/5)") are `n`, each
    with one such mark, numbered 1/n to n/n in order; each has at most `max_chars` characters where
    given. Other paragraphs (an intro) may come."""
    p = _params(c, {"n": int}, {"max_chars": int})
    n, most = _positive(c, p, "n"), _positive(c, p, "max_chars")
    posts = []
    for para in paragraphs(text):
        marks = [int(k) for k, d in _THREAD.findall(para) if int(d) == n]
        if marks:
            posts.append((marks, para.strip()))
    if [m for m, _ in posts] != [[k] for k in range(1, n + 1)]:
        return False
    return most is None or all(len(post) <= most for _, post in posts)


def percent_total(c: dict, text: str) -> bool:
    """At least 2 least indented list items (one whose text starts with "total" aside), each with a
    percentage (its first number with a % sign), and those add up to `total` (to 0.01)."""
    p = _params(c, {"total": int})
    found = [b for b in _top_items(text) if not b.strip("*_ ").lower().startswith("total")]
    shares = [_PCT.search(b) for b in found]
    if len(found) < 2 or not all(shares):
        return False
    return abs(sum(float(m.group(1)) for m in shares) - p["total"]) <= 0.01


def _clock(m: re.Match) -> tuple[int | None, int, int]:
    """(minutes since midnight, or None without am / pm, or -1 if no time; hour; minute)."""
    if m.group(6):
        return 720, 12, 0
    if m.group(3):
        h, mm = int(m.group(1)), int(m.group(2) or 0)
        return ((h % 12 + 12 * (m.group(3).lower() == "p")) * 60 + mm if 1 <= h <= 12 else -1), h, mm
    if m.group(4).startswith("0") or not 1 <= int(m.group(4)) <= 12:  # 09:00, 17:30: a 24-hour time
        return (int(m.group(4)) * 60 + int(m.group(5)) if int(m.group(4)) <= 23 else -1), 0, 0
    return None, int(m.group(4)), int(m.group(5))


def _leading_times(text: str) -> list[int]:
    """The times that start lines (list marker and emphasis aside), as minutes since midnight. One
    without am / pm, from 1:00 to 12:59 with no leading zero, takes the latest reading (as written,
    or 12 hours on) not after the next am / pm time on its line ("2:30-3:00 pm"), else the earliest
    not before the time before it, else it is read as written; 09:00 and 17:30 are 24-hour."""
    out: list[int] = []
    for ln in lines(text):
        body = _line_body(ln)
        if not (m := _CLOCK.match(body)):
            continue
        val, h, mm = _clock(m)
        if val is None:
            raw, both = h * 60 + mm, [(h % 12) * 60 + mm, (h % 12) * 60 + mm + 720]
            later = [v for n in _CLOCK.finditer(body, m.end()) if (v := _clock(n)[0]) is not None]
            if later and any(b <= later[0] for b in both):
                val = max(b for b in both if b <= later[0])
            elif out and any(b >= out[-1] for b in both):
                val = min(b for b in both if b >= out[-1])
            else:
                val = raw
        out.append(val)
    return out


def chronological(c: dict, text: str) -> bool:
    """At least `min` lines start with a time of day (7:30, 7 pm, 7:30 a.m., noon; list marker and
    emphasis aside), and those times go in the order of the day (equal neighbours are fine; a time
    without am / pm is read as _leading_times says)."""
    p = _params(c, {"min": int})
    need = _positive(c, p, "min")
    found = _leading_times(text)
    return len(found) >= need and min(found) >= 0 and found == sorted(found)


def temperature_pairs(c: dict, text: str) -> bool:
    """At least `min` lines give a temperature, and every line that gives one in Celsius gives one
    in Fahrenheit too, and the other way round ("200°C (400°F)", "180 C / 350 F")."""
    p = _params(c, {"min": int})
    need = _positive(c, p, "min")
    hot = 0
    for ln in lines(text):
        scales = {m.group(1).lower()[:1].replace("℃", "c").replace("℉", "f") for m in _TEMP.finditer(ln)}
        if scales and scales != {"c", "f"}:
            return False
        hot += bool(scales)
    return bool(words(text)) and hot >= need


def section_dividers(c: dict, text: str) -> bool:
    """Horizontal rule lines (---, ***, ___, three or more, spaces between allowed): `n`, or `min`
    to `max`."""
    lo, hi = _count(c)
    return bool(words(text)) and lo <= sum(bool(_DIVIDER.match(ln)) for ln in text.splitlines()) <= hi


def multiple_choice(c: dict, text: str) -> bool:
    """`n` numbered questions ("1.", "Q1:", "### Question 1") that each have `options` option lines
    lettered a, b, c, ... in order ("A)", "b.", "(c)", "- D)"; any case) under them. A numbered line
    with no option line under it (an answer key's "1. B") is not read as a question."""
    p = _params(c, {"n": int, "options": int})
    n, k = _positive(c, p, "n"), _positive(c, p, "options")
    if not 2 <= k <= 8:
        raise BadCheck("check 'multiple_choice': options must be 2 to 8")
    groups: list[list[str]] = []
    for ln in text.splitlines():
        if m := _OPTION_LINE.match(ln):
            if groups:
                groups[-1].append((m.group(1) or m.group(2)).lower())
        elif _QUESTION_LINE.match(ln):
            groups.append([])
    asked = [g for g in groups if g]
    return len(asked) == n and all(g == list("abcdefgh"[:k]) for g in asked)


def footnotes(c: dict, text: str) -> bool:
    """Numbered references [1], [2] ... (or [^1]) in the text, each with a note line starting with
    its marker after the last line that cites one; the references are numbered 1 up with none
    missing, and how many there are is `n`, or `min` to `max`."""
    lo, hi = _count(c)
    cited, notes, last_cite, first_note = set(), set(), -1, None
    for i, ln in enumerate(text.splitlines()):
        if m := _NOTE_LINE.match(ln):
            notes.add(int(m.group(1)))
            first_note = i if first_note is None else first_note
        elif refs := _REF.findall(ln):
            cited |= {int(r) for r in refs}
            last_cite = i
    if not cited or first_note is None or first_note < last_cite:
        return False
    return cited == set(range(1, len(cited) + 1)) <= notes and lo <= len(cited) <= hi


def ratings(c: dict, text: str) -> bool:
    """Scores written "x/`scale`" (8/10, 7.5 / 10): `n`, or `min` to `max`, and none above the
    scale."""
    p = _params(c, {"scale": int}, _COUNT)
    scale = _positive(c, p, "scale")
    lo, hi = _range(c, {k: v for k, v in p.items() if k != "scale"})
    found = [float(x) for x, d in _SCORE.findall(text) if int(d) == scale]
    return bool(words(text)) and lo <= len(found) <= hi and all(x <= scale for x in found)


def email_address(c: dict, text: str) -> bool:
    """At least `min` (default 1) different email addresses (name@domain.tld)."""
    p = _params(c, {}, {"min": int})
    need = _positive(c, p, "min") or 1
    return len({m.lower() for m in _EMAIL.findall(text)}) >= need


TEST6_CHECKS = {
    f.__name__: f
    for f in (
        distinct_words, parentheses, qa_pairs, dialogue_script, quoted_passages, opens_with_question,
        opening_sentence_words, sorted_numbers, mentions, label_sequence, metric_units, framed_list,
        roman_numbered, emoji_openers, section_bullets, thread_numbering, percent_total, chronological,
        temperature_pairs, section_dividers, multiple_choice, footnotes, ratings, email_address,
    )
}  # fmt: skip
