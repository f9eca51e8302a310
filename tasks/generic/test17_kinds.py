"""The check kinds added to the generic scorer for the test17 rows (tasks/tools/generic_test17.py),
written with those rows, blind to the observers: each takes the row's check dict and the answer and
says whether it holds; bad parameters raise BadCheck whatever the text, and an answer with no word
meets none. scorer.check finds them through scorer._split_checks, before the older splits' kinds.
The developer formats and commands (globs, percent-encoding, .editorconfig, .gitattributes, CORS,
rsync, tar, ssh-keygen, argparse, pytest, HTML lists) are in test17_kinds2."""

from __future__ import annotations

import html
import math
import re
from collections import Counter
from statistics import mean, median

from selfrefine.tasks.generic.scorer import BadCheck, _has_word, _line_body, _params, lines, numbers, words
from selfrefine.tasks.generic.test17_kinds2 import (
    argparse_flags,
    cors_headers,
    editorconfig,
    gitattributes,
    glob_patterns,
    html_list,
    percent_encoded,
    pytest_functions,
    rsync_command,
    ssh_keygen_command,
    tar_command,
)


def _num_list(c: dict, name: str, ints: bool = True, least: int = 1) -> list:
    """c[name]: a list of at least `least` numbers (whole ones where `ints`), or BadCheck."""
    v = c.get(name)
    kinds = (int,) if ints else (int, float)
    if (
        not isinstance(v, list)
        or len(v) < least
        or not all(isinstance(x, kinds) and not isinstance(x, bool) for x in v)
    ):
        raise BadCheck(f"check {c['check']!r}: {name} is a list of {least} or more numbers")
    return v


def _without(c: dict, *names: str) -> dict:
    return {k: v for k, v in c.items() if k not in names}


def _number_rx(n) -> re.Pattern:
    """A whole number as written on its own (not inside a longer number)."""
    return re.compile(rf"(?<![\d.,]){re.escape(str(n))}(?!\d|[.,]\d)")


def _labels_map(c: dict, v, what: str, value_ok) -> dict[str, list[str]]:
    """v: a non-empty mapping of values (value_ok says which) to non-empty lists of labels."""
    ok = isinstance(v, dict) and bool(v)
    for key, labels in v.items() if ok else ():
        ok &= value_ok(str(key)) and isinstance(labels, list) and bool(labels)
        ok = ok and all(isinstance(x, str) and x.strip() for x in labels)
    if not ok:
        raise BadCheck(f"check {c['check']!r}: {what} maps each value to the labels that name it")
    return {str(k): [x.strip() for x in labels] for k, labels in v.items()}


def _labelled(text: str, want: dict[str, list[str]], holds) -> bool:
    """For each value of `want`, a line naming one of its labels (whole words, any case) holds it."""
    rows = lines(text)
    for value, labels in want.items():
        if not any(any(_has_word(ln, lab) for lab in labels) and holds(ln, value) for ln in rows):
            return False
    return bool(words(text))


# ------------------------------------------------------------------ lookups: codes, ports, types


def status_codes(c: dict, text: str) -> bool:
    """HTTP status codes: for each code of `codes` (a code -> the labels that name its case), a line
    naming one of the labels holds the code."""
    p = _params(c, {"codes": dict})
    want = _labels_map(c, p["codes"], "codes", lambda k: re.fullmatch(r"[1-5]\d\d", k) is not None)
    return _labelled(text, want, lambda ln, v: bool(_number_rx(v).search(ln)))


def default_ports(c: dict, text: str) -> bool:
    """Default port numbers: for each port of `ports` (a port -> the labels that name its service),
    a line naming one of the labels holds the port."""
    p = _params(c, {"ports": dict})
    want = _labels_map(c, p["ports"], "ports", lambda k: k.isdigit() and 1 <= int(k) <= 65535)
    return _labelled(text, want, lambda ln, v: bool(_number_rx(v).search(ln)))


def mime_types(c: dict, text: str) -> bool:
    """MIME types: for each extension of `types` (".ext" -> the accepted types), a line naming the
    extension (with or without its dot, any case) holds one of its types (any case)."""
    p = _params(c, {"types": dict})
    types = p["types"]
    ok = bool(types) and all(re.fullmatch(r"\.[A-Za-z0-9]+", str(k)) for k in types)
    ok = ok and all(isinstance(v, list) and v and all(isinstance(t, str) and re.fullmatch(
        r"[a-z]+/[a-z0-9.+-]+", t) for t in v) for v in types.values())  # fmt: skip
    if not ok:
        raise BadCheck("check 'mime_types': types maps '.ext' to a list of types like 'image/png'")
    for ext, accepted in types.items():
        bare = re.escape(ext[1:])
        name = re.compile(
            rf"(?<![A-Za-z0-9]){re.escape(ext)}(?![A-Za-z0-9])|(?<![A-Za-z0-9./]){bare}(?![A-Za-z0-9/])", re.I
        )
        typ = re.compile(r"(?<![\w/+.-])(?:" + "|".join(map(re.escape, accepted)) + r")(?![\w/+.-])", re.I)
        if not any(name.search(ln) and typ.search(ln) for ln in lines(text)):
            return False
    return bool(words(text))


_CODEPOINT = re.compile(r"[Uu]\+([0-9A-Fa-f]{4,6})(?![0-9A-Fa-f])")


def unicode_codepoints(c: dict, text: str) -> bool:
    """Unicode code points: for each character of `chars`, a line holding the character holds its
    code point as U+XXXX (4 to 6 hex digits, any case)."""
    p = _params(c, {"chars": list})
    if not all(len(x) == 1 and not x.isspace() for x in p["chars"]):
        raise BadCheck("check 'unicode_codepoints': chars are single visible characters")
    for ch in p["chars"]:
        if not any(
            ch in ln and ord(ch) in {int(h, 16) for h in _CODEPOINT.findall(ln)} for ln in lines(text)
        ):
            return False
    return bool(words(text))


_ENTITY = re.compile(r"&(?:#\d+|#[xX][0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);")


def html_entities(c: dict, text: str) -> bool:
    """HTML character references: for each of `chars` (a label -> its character), a line naming the
    label (whole words, any case) or holding the character has a named or numeric reference
    (&name;, &#NNN; or &#xHH;) that stands for the character."""
    p = _params(c, {"chars": dict})
    chars = p["chars"]
    if not chars or not all(str(k).strip() and isinstance(v, str) and len(v) == 1 for k, v in chars.items()):
        raise BadCheck("check 'html_entities': chars maps labels to single characters")
    for label, ch in chars.items():
        hits = [ln for ln in lines(text) if _has_word(ln, str(label)) or (not ch.isspace() and ch in ln)]
        if not any(html.unescape(e) == ch for ln in hits for e in _ENTITY.findall(ln)):
            return False
    return bool(words(text))


# ------------------------------------------------------------------ numbers


def _roman(n: int) -> str:
    out = ""
    for value, sym in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
                       (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):  # fmt: skip
        while n >= value:
            out, n = out + sym, n - value
    return out


def roman_numerals(c: dict, text: str) -> bool:
    """Roman numerals: for each of `numbers` (1 to 3999), a line holding the number (in digits)
    holds its standard Roman numeral (subtractive forms, any case) as a word of its own."""
    nums = _num_list(c, "numbers")
    _params(_without(c, "numbers"), {})
    if not all(1 <= n <= 3999 for n in nums):
        raise BadCheck("check 'roman_numerals': numbers are 1 to 3999")
    for n in nums:
        numeral = re.compile(rf"(?<![A-Za-z]){_roman(n)}(?![A-Za-z])", re.I)
        if not any(_number_rx(n).search(ln) and numeral.search(ln) for ln in lines(text)):
            return False
    return bool(words(text))


_SUPER = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_FACTOR = r"\d+(?:\s*\^\s*\d+)?"
_PRODUCT = re.compile(rf"{_FACTOR}(?:\s*[×x*·⋅]\s*{_FACTOR})*")


def _is_prime(n: int) -> bool:
    return n >= 2 and all(n % d for d in range(2, math.isqrt(n) + 1))


def _factors_ok(expr: str, n: int) -> bool:
    """expr (a product of factors, each maybe with ^exponent) is n's prime factorisation."""
    total, parts = 1, re.split(r"\s*[×x*·⋅]\s*", expr)
    for part in parts:
        base, _, exp = part.partition("^")
        b, e = int(base.strip()), int(exp.strip() or 1)
        if not _is_prime(b) or e < 1 or e > 64:
            return False
        total *= b**e
    return total == n and (len(parts) > 1 or "^" in expr)


def prime_factorizations(c: dict, text: str) -> bool:
    """Prime factorisations: for each of `numbers` (composite), a line holding the number has,
    after it, a product of primes (× x * · between them, repeated or with exponents as ^2, **2 or
    superscripts) equal to it."""
    nums = _num_list(c, "numbers")
    _params(_without(c, "numbers"), {})
    if not all(4 <= n <= 10**12 and not _is_prime(n) for n in nums):
        raise BadCheck("check 'prime_factorizations': numbers are composite, 4 to 10**12")
    for n in nums:
        found = False
        for ln in lines(text):
            flat = re.sub(r"([⁰¹²³⁴⁵⁶⁷⁸⁹]+)", lambda m: "^" + m.group(1).translate(_SUPER), ln).replace(
                "**", "^"
            )
            m = _number_rx(n).search(flat)
            rest = flat[m.end() :] if m else ""
            found |= any(_factors_ok(e.group(0), n) for e in _PRODUCT.finditer(rest))
        if not found:
            return False
    return bool(words(text))


def _leap(y: int) -> bool:
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def leap_years(c: dict, text: str) -> bool:
    """The leap years from `start` to `end` (both included): each is in the answer (four digits),
    and no other year of that span is, but `start` and `end` themselves."""
    p = _params(c, {"start": int, "end": int})
    if not 1583 <= p["start"] < p["end"] <= 9999 or p["end"] - p["start"] > 400:
        raise BadCheck("check 'leap_years': 1583 <= start < end <= 9999, at most 400 years apart")
    span = range(p["start"], p["end"] + 1)
    found = {int(y) for y in re.findall(r"(?<![\d.,])(\d{4})(?![\d]|[.,]\d)", text)} & set(span)
    leap = {y for y in span if _leap(y)}
    return bool(words(text)) and leap <= found and found - leap <= {p["start"], p["end"]}


def simplified_ratios(c: dict, text: str) -> bool:
    """Ratios in lowest terms: for each of `pairs` ([a, b], whole numbers above 0), a line holding
    a and b holds a/g:b/g (g their greatest common divisor), written with ":" or "to"."""
    pairs = c.get("pairs")
    ok = isinstance(pairs, list) and bool(pairs)
    ok = ok and all(
        isinstance(x, list) and len(x) == 2 and all(type(y) is int and y > 0 for y in x) for x in pairs
    )
    if not ok:
        raise BadCheck("check 'simplified_ratios': pairs is a list of [a, b], whole numbers above 0")
    _params(_without(c, "pairs"), {})
    for a, b in pairs:
        g = math.gcd(a, b)
        ratio = re.compile(rf"(?<![\d.]){a // g}\s*(?::|∶| to )\s*{b // g}(?![\d]|[.,]\d)")
        if not any(
            _number_rx(a).search(ln) and _number_rx(b).search(ln) and ratio.search(ln) for ln in lines(text)
        ):
            return False
    return bool(words(text))


_STAT_WORDS = {"mean": ("mean", "average"), "median": ("median",), "mode": ("mode",), "range": ("range",)}


def summary_stats(c: dict, text: str) -> bool:
    """Summary statistics of `values`: for each of `stats` (mean, median, mode, range), a line naming
    it ("average" for the mean too) holds its value, rounded to `decimals` places (default 2) or
    exact."""
    vals = _num_list(c, "values", ints=False, least=2)
    p = _params(_without(c, "values"), {"stats": list}, {"decimals": int})
    if not set(p["stats"]) <= set(_STAT_WORDS) or p.get("decimals", 2) > 4:
        raise BadCheck("check 'summary_stats': stats among mean, median, mode, range; decimals 0 to 4")
    top = Counter(vals).most_common()
    if "mode" in p["stats"] and (top[0][1] < 2 or len(top) > 1 and top[1][1] == top[0][1]):
        raise BadCheck("check 'summary_stats': a mode is asked of values without a single one")
    value = {"mean": mean(vals), "median": median(vals), "mode": top[0][0], "range": max(vals) - min(vals)}
    tol = 0.5 * 10 ** -p.get("decimals", 2) + 1e-9
    for stat in p["stats"]:
        named = [ln for ln in lines(text) if any(_has_word(ln, w) for w in _STAT_WORDS[stat])]
        if not any(abs(x - value[stat]) <= tol for ln in named for x in numbers(ln)):
            return False
    return bool(words(text))


_MACRO = {"protein": (r"\bprotein", 4), "carbs": (r"\bcarb", 4), "fat": (r"\bfats?\b", 9)}
_GRAMS = re.compile(r"(\d+(?:\.\d+)?)\s?(?:g|grams?|gr)\b", re.I)


def macro_grams(c: dict, text: str) -> bool:
    """Macros in grams: for `calories` a day split by `split` (protein, carbs, fat -> % adding up to
    100; 4, 4 and 9 kcal a gram), a line naming each (protein, carb..., fat) holds its grams
    (a number before g or grams) within 1 g."""
    p = _params(c, {"calories": (int, float), "split": dict})
    split = p["split"]
    ok = set(split) == set(_MACRO) and all(type(v) in (int, float) and v > 0 for v in split.values())
    if not ok or abs(sum(split.values()) - 100) > 1e-6 or p["calories"] <= 0:
        raise BadCheck("check 'macro_grams': split maps protein, carbs and fat to % adding up to 100")
    for macro, (rx, kcal) in _MACRO.items():
        want = p["calories"] * split[macro] / 100 / kcal
        named = [ln for ln in lines(text) if re.search(rx, ln, re.I)]
        if not any(abs(float(g) - want) <= 1.0 for ln in named for g in _GRAMS.findall(ln)):
            return False
    return bool(words(text))


# ------------------------------------------------------------------ brackets and menus


def seeded_bracket(c: dict, text: str) -> bool:
    """A seeded knockout draw: `teams` are in seed order (4, 8, 16 or 32); each first-round match,
    seed k against seed n + 1 - k, is a line naming exactly those two teams (whole words, any
    case), and no line names exactly two teams that do not meet in the first round."""
    p = _params(c, {"teams": list})
    teams = p["teams"]
    if len(teams) not in (4, 8, 16, 32) or len({t.lower() for t in teams}) != len(teams):
        raise BadCheck("check 'seeded_bracket': teams are 4, 8, 16 or 32 different names in seed order")
    n = len(teams)
    want = {frozenset((teams[k].lower(), teams[n - 1 - k].lower())) for k in range(n // 2)}
    seen = set()
    for ln in lines(text):
        named = frozenset(t.lower() for t in teams if _has_word(ln, t))
        if len(named) == 2:
            if named not in want:
                return False
            seen.add(named)
    return bool(words(text)) and seen == want


_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_DAY = re.compile(r"^(mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)(?:[a-z]*day)?\b\.?", re.I)
_SPAN = re.compile(
    r"(?:[*_]*[-–—]|[\s*_]+(?:to|through|thru|until|till)\s+)(?:mon|tue|wed|thu|fri|sat|sun)", re.I
)


def weekly_menu(c: dict, text: str) -> bool:
    """A menu by day: lines starting with a day name (or its short form; markers, bold and table
    bars aside) name exactly `days`, each once and in that order, each with a dish (after the day
    on its line, else the next line), and no two dishes are the same (any case)."""
    p = _params(c, {"days": list})
    days = [d.strip().lower() for d in p["days"]]
    if not set(days) <= set(_DAYS) or len(set(days)) != len(days) or len(days) < 2:
        raise BadCheck("check 'weekly_menu': days are two or more different weekday names")
    rows = lines(text)
    got, dishes = [], []
    for i, ln in enumerate(rows):
        body = _line_body(ln.strip().lstrip("|").strip()).strip("*_ ")
        m = _DAY.match(body)
        if not m or _SPAN.match(body[m.end() :]):  # no day, or a span like "Monday to Friday"
            continue
        got.append(next(d for d in _DAYS if d.startswith(m.group(1).lower()[:3])))
        dish = re.sub(r"^[\s:\-–—|*_.]+", "", body[m.end() :]).strip("*_| ")
        if not words(dish) and i + 1 < len(rows) and not _DAY.match(_line_body(rows[i + 1]).strip("*_ ")):
            dish = _line_body(rows[i + 1])
        dishes.append(" ".join(w.lower() for w in words(dish)))
    return got == days and all(dishes) and len(set(dishes)) == len(dishes)


TEST17_CHECKS = {
    f.__name__: f
    for f in (
        status_codes, default_ports, mime_types, unicode_codepoints, html_entities, roman_numerals,
        prime_factorizations, leap_years, simplified_ratios, summary_stats, macro_grams, seeded_bracket,
        weekly_menu, glob_patterns, percent_encoded, editorconfig, gitattributes, cors_headers,
        rsync_command, tar_command, ssh_keygen_command, argparse_flags, pytest_functions, html_list,
    )
}  # fmt: skip
