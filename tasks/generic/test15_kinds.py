"""The check kinds added to the generic scorer for the test15 rows (tasks/tools/generic_test15.py),
written with those rows, blind to the observers: each takes the row's check dict and the answer and
says whether it holds, on the terms of the scorer's own kinds: bad parameters raise BadCheck
whatever the text, and an answer with no word meets none of them. scorer.check finds them through
scorer._split_checks, before the older splits' kinds. The file, config and markup formats (a
Kubernetes Deployment, a Content-Security-Policy, ufw commands, an HTML form, JSON-LD, GeoJSON, an
OpenAPI spec, a package.json) are in test15_kinds2, to keep each module short."""

from __future__ import annotations

import ipaddress
import re

from selfrefine.tasks.generic.scorer import BadCheck, _line_body, _params, lines, numbers, words
from selfrefine.tasks.generic.test13_kinds import _counted, _how_many
from selfrefine.tasks.generic.test13_kinds2 import _tables
from selfrefine.tasks.generic.test15_kinds2 import (
    csp_header,
    geojson_points,
    html_form,
    json_ld,
    k8s_deployment,
    openapi_paths,
    package_scripts,
    ufw_rules,
)

_ITEM = re.compile(r"^\s*(?:[-*•+]|\d+[.)])\s+\S")

# ------------------------------------------------------------------ test data: VINs and IPv6

_VIN_VALUE = {
    **{str(d): d for d in range(10)}, **dict(zip("ABCDEFGH", range(1, 9))), **dict(zip("JKLMN", range(1, 6))),
    "P": 7, "R": 9, **dict(zip("STUVWXYZ", range(2, 10))),
}  # fmt: skip
_VIN_WEIGHT = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)


def _vin_ok(vin: str) -> bool:
    if not re.fullmatch(r"[A-HJ-NPR-Z0-9]{17}", vin):
        return False
    check = sum(_VIN_VALUE[ch] * w for ch, w in zip(vin, _VIN_WEIGHT)) % 11
    return vin[8] == ("X" if check == 10 else str(check))


def vin_numbers(c: dict, text: str) -> bool:
    """Vehicle identification numbers: every run of 17 capital letters and digits in the answer
    (one with both) is a VIN (no I, O or Q) whose ninth character is its North American check digit
    (weights 8 7 6 5 4 3 2 10 0 9 8 7 6 5 4 3 2, mod 11, 10 written X), none is repeated, and there
    are `n`, or `min` (default 1) to `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    lo, hi = _how_many(c, _counted(p))
    found = [
        m for m in re.findall(r"(?<![A-Za-z0-9])[A-Z0-9]{17}(?![A-Za-z0-9])", text)
        if re.search(r"\d", m) and re.search(r"[A-Z]", m)
    ]  # fmt: skip
    if not words(text) or len(set(found)) != len(found):
        return False
    return all(_vin_ok(v) for v in found) and lo <= len(found) <= hi


_V6 = re.compile(r"(?<![0-9A-Za-z:])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?:/\d{1,3})?(?![0-9A-Za-z:/])")


def ipv6_addresses(c: dict, text: str) -> bool:
    """IPv6 addresses: every IPv6 address written in the answer (full or shortened with ::;
    networks written with a /prefix aside) is a valid one inside `prefix`, none twice (however
    written), and there are `n`, or `min` (default 1) to `max`."""
    p = _params(c, {"prefix": str}, {"n": int, "min": int, "max": int})
    lo, hi = _how_many(c, _counted(p))
    try:
        net = ipaddress.IPv6Network(p["prefix"].strip())
    except ValueError:
        raise BadCheck("check 'ipv6_addresses': prefix is an IPv6 network like 2001:db8::/32") from None
    found = []
    for token in _V6.findall(text):
        if "/" in token or token.count(":") < 2:
            continue
        try:
            found.append(ipaddress.IPv6Address(token))
        except ValueError:
            return False
    if not words(text) or len(set(found)) != len(found):
        return False
    return all(a in net for a in found) and lo <= len(found) <= hi


# ------------------------------------------------------------------ puzzles and ciphers


def magic_square(c: dict, text: str) -> bool:
    """A magic square: `size` lines in a row (rule lines of no letter or digit between them aside),
    each of `size` whole numbers and no letter (spaces, | and commas between them; a row label like
    "Row 1:" before them and its sum like "= 15" after them aside), holding 1 to size² once each,
    with every row, column and both diagonals adding up to the same sum."""
    p = _params(c, {"size": int})
    n = p["size"]
    if not 3 <= n <= 10:
        raise BadCheck("check 'magic_square': size is 3 to 10")
    rows: list[list[int]] = []
    for ln in text.splitlines():
        if not re.search(r"[^\W_]", ln):
            continue
        body = re.sub(r"^\W*row\s*\d+\s*[:.)]", "", ln, flags=re.I)
        body = re.sub(r"\s*(?:=|→|->)\s*\d+\W*$", "", body)  # a row's sum after it
        nums = [int(x) for x in re.findall(r"(?<![\d.])\d+(?![\d.]\d)", body)]
        if len(nums) != n or re.search(r"[^\W\d_]", body):
            rows = []
            continue
        rows.append(nums)
        grid = rows[-n:]
        if len(grid) == n and sorted(x for r in grid for x in r) == list(range(1, n * n + 1)):
            sums = [sum(r) for r in grid] + [sum(r[j] for r in grid) for j in range(n)]
            sums += [sum(grid[i][i] for i in range(n)), sum(grid[i][n - 1 - i] for i in range(n))]
            if len(set(sums)) == 1:
                return bool(words(text))
    return False


def _shifted(s: str, k: int) -> str:
    return "".join(
        chr((ord(ch) - base + k) % 26 + base) if ch.isascii() and ch.isalpha() else ch
        for ch in s
        for base in [ord("A") if ch.isupper() else ord("a")]
    )


def caesar_text(c: dict, text: str) -> bool:
    """A Caesar cipher: `text` with each letter moved `shift` places on in the alphabet (wrapping
    round, other characters as they are) is in the answer as a whole (any case, runs of spaces as
    one, no letter right before or after it)."""
    p = _params(c, {"text": str, "shift": int})
    if p["shift"] % 26 == 0 or not re.search(r"[A-Za-z]", p["text"]):
        raise BadCheck("check 'caesar_text': shift is not a multiple of 26 and text has letters")
    want = " ".join(_shifted(p["text"], p["shift"]).split()).upper()
    have = " ".join(text.split()).upper()
    return bool(words(text)) and bool(re.search(rf"(?<![A-Z]){re.escape(want)}(?![A-Z])", have))


# ------------------------------------------------------------------ lists of words


def _items(text: str) -> list[str]:
    """A list's items: its bulleted or numbered lines, else its lines, else (one line) its comma-
    separated parts; each without its marker and emphasis."""
    found = [ln for ln in text.splitlines() if _ITEM.match(ln)]
    if not found:
        found = lines(text)
        if len(found) == 1:
            found = [x for x in re.split(r",\s*|\s+and\s+", found[0]) if x.strip()]
    return [_line_body(ln) for ln in found]


def _name(item: str) -> str:
    """An item's name: what comes before a dash, colon, parenthesis or comma after it."""
    head = re.split(r"\s+[-–—]\s+|:|\s*\(|,", item, maxsplit=1)[0]
    return head.strip().strip("*_\"'“”`.!").strip()


def length_order(c: dict, text: str) -> bool:
    """A list ordered by the length of its items' names (letters counted; a name is what comes
    before a dash, colon, parenthesis or comma), shortest first for `order` "ascending" and
    longest first for "descending" (ties allowed); `n` items where given."""
    p = _params(c, {"order": str}, {"n": int})
    if p["order"] not in ("ascending", "descending") or p.get("n", 2) < 2:
        raise BadCheck("check 'length_order': order ascending or descending, n at least 2")
    names = [_name(x) for x in _items(text)]
    sizes = [sum(ch.isalpha() for ch in x) for x in names]
    if len(sizes) < 2 or 0 in sizes or len(sizes) != p.get("n", len(sizes)):
        return False
    return sizes == sorted(sizes, reverse=p["order"] == "descending")


def isograms(c: dict, text: str) -> bool:
    """A list of isograms: `n` different items, each one word of letters only, at least
    `min_length` letters long where given, with no letter twice (any case)."""
    p = _params(c, {"n": int}, {"min_length": int})
    if p["n"] < 1 or p.get("min_length", 2) < 2:
        raise BadCheck("check 'isograms': n at least 1, min_length at least 2")
    found = [_name(x).lower() for x in _items(text)]
    if len(found) != p["n"] or len(set(found)) != len(found):
        return False
    return all(
        w.isalpha() and w.isascii() and len(w) >= p.get("min_length", 1) and len(set(w)) == len(w)
        for w in found
    )


_SCRABBLE = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyz",
        (1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10),
    )
)
_SCORED = re.compile(r"^([A-Za-z]{2,})[*_`\"']*\s*(?:[-–—:=(|,]|\d)")


def scrabble_values(c: dict, text: str) -> bool:
    """Words with their Scrabble scores: `n` lines each start with a word (letters only) followed by
    a dash, colon, =, parenthesis or a number, and their last number is the word's standard English
    letter values added up (no board bonuses), the word holding `contains` where given; no such
    line gives a wrong score, and no word is repeated."""
    p = _params(c, {"n": int}, {"contains": str})
    if p["n"] < 1 or not re.fullmatch(r"[a-z]+", p.get("contains", "a").lower()):
        raise BadCheck("check 'scrabble_values': n at least 1, contains is letters")
    seen = []
    for ln in text.splitlines():
        body = _line_body(ln).lstrip("*_`")
        m, score = _SCORED.match(body), re.findall(r"\d+", body)
        if not m or not score:
            continue
        word = m.group(1).lower()
        if int(score[-1]) != sum(_SCRABBLE[ch] for ch in word) or p.get("contains", "").lower() not in word:
            return False
        seen.append(word)
    return bool(words(text)) and len(seen) == p["n"] == len(set(seen))


# ------------------------------------------------------------------ colours and money

_HEX = re.compile(r"(?<![\w&])#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})(?![0-9A-Za-z])")


def _rgb(code: str) -> tuple[int, ...]:
    code = code.lstrip("#")
    code = "".join(ch * 2 for ch in code) if len(code) == 3 else code
    return tuple(int(code[i : i + 2], 16) for i in (0, 2, 4))


def color_gradient(c: dict, text: str) -> bool:
    """An even colour ramp: `n` hex colours in a row in the answer (other hex colours before or
    after them aside) from `start` to `end`, each step the straight-line RGB mix in between
    (within 3 a channel)."""
    p = _params(c, {"start": str, "end": str, "n": int})
    if not all(re.fullmatch(r"#[0-9A-Fa-f]{6}", p[k].strip()) for k in ("start", "end")) or p["n"] < 3:
        raise BadCheck("check 'color_gradient': start and end are #RRGGBB, n at least 3")
    a, b, n = _rgb(p["start"].strip()), _rgb(p["end"].strip()), p["n"]
    want = [tuple(a[j] + (b[j] - a[j]) * i / (n - 1) for j in range(3)) for i in range(n)]
    found = [_rgb(m) for m in _HEX.findall(text)]
    for s in range(len(found) - n + 1):
        got = found[s : s + n]
        if (
            got[0] == a
            and got[-1] == b
            and all(abs(g[j] - w[j]) <= 3 for g, w in zip(got, want) for j in range(3))
        ):
            return bool(words(text))
    return False


_YEAR = re.compile(r"\b(?:year|yr)\s*#?(\d+)\b|\b(\d+)\s*(?:st|nd|rd|th)?\s*years?\b", re.I)


def compound_growth(c: dict, text: str) -> bool:
    """Savings growing at compound interest: for each year 1 to `years`, a line naming that year
    ("Year 3", "after 3 years", or a table row whose first cell is 3) holds `principal` grown at
    `rate` % a year compounded once a year, to the cent (within 1.5 cents)."""
    p = _params(c, {"principal": (int, float), "rate": (int, float), "years": int})
    if p["principal"] <= 0 or not 0 < p["rate"] <= 100 or not 1 <= p["years"] <= 100:
        raise BadCheck("check 'compound_growth': principal above 0, rate a percentage, years 1 to 100")
    rows: dict[int, list[str]] = {}
    for _, _, body in _tables(text):
        for row in body:
            m = re.fullmatch(r"\D{0,6}?(\d+)", row[0].strip()) if row else None
            if m:
                rows.setdefault(int(m.group(1)), []).append(" | ".join(row[1:]))
    for ln in text.splitlines():
        if "|" in ln:
            continue
        for m in _YEAR.finditer(ln):
            rows.setdefault(int(m.group(1) or m.group(2)), []).append(ln)
    for k in range(1, p["years"] + 1):
        value = p["principal"] * (1 + p["rate"] / 100) ** k
        if not any(abs(x - value) <= 0.015 for ln in rows.get(k, []) for x in numbers(ln)):
            return False
    return bool(words(text))


# ------------------------------------------------------------------ headings, names, chess

_HEAD_NUM = re.compile(r"^(\d+(?:\.\d+)*)\.?\s+\S")


def numbered_headings(c: dict, text: str) -> bool:
    """Numbered headings (markdown # headings, or lines all in bold): numbered 1, 1.1, 1.2, 2, 2.1
    ... in order (each the next sibling, the first child or an ancestor's next sibling; unnumbered
    # headings only before the first numbered one, as a title), with at least `min` (default 2) top
    sections and a subsection, a deeper number taking more # than a shallower one."""
    p = _params(c, {}, {"min": int})
    if p.get("min", 2) < 1:
        raise BadCheck("check 'numbered_headings': min is at least 1")
    prev: list[int] = []
    depth_marks: dict[int, int] = {}
    depths: set[int] = set()
    for ln in text.splitlines():
        s = ln.strip()
        m = re.match(r"^(#{1,6})\s+(.*)$", s)
        bold = re.fullmatch(r"\*\*(.+)\*\*:?", s)
        if not m and not bold:
            continue
        title = (m.group(2) if m else bold.group(1)).strip().strip("*_").strip()
        num = _HEAD_NUM.match(title)
        if not num:
            if prev and m:
                return False  # a bold line without a number is emphasis, not a heading
            continue
        parts = [int(x) for x in num.group(1).split(".")]
        k = len(parts)
        if parts[: k - 1] != prev[: k - 1] or k > len(prev) + 1:
            return False
        if parts[-1] != (prev[k - 1] + 1 if len(prev) >= k else 1):
            return False
        if m:
            marks = len(m.group(1))
            if depth_marks.setdefault(k, marks) != marks:
                return False
            if any((d < k and h >= marks) or (d > k and h <= marks) for d, h in depth_marks.items()):
                return False
        prev = parts
        depths.add(k)
    tops = prev[0] if prev else 0
    return bool(words(text)) and tops >= p.get("min", 2) and 2 in depths


def domain_names(c: dict, text: str) -> bool:
    """Domain name ideas: the names ending in .`tld` in the answer (a www. before them aside) are
    `n` different ones, each with at most `max_length` characters before the .tld where given, of
    letters only if `letters_only` is "true" (else letters, digits and inner hyphens)."""
    p = _params(c, {"tld": str, "n": int}, {"max_length": int, "letters_only": str})
    tld = p["tld"].strip().lstrip(".").lower()
    if not re.fullmatch(r"[a-z]{2,}", tld) or p["n"] < 1 or p.get("max_length", 1) < 1:
        raise BadCheck("check 'domain_names': tld is letters, n and max_length at least 1")
    if p.get("letters_only", "false") not in ("true", "false"):
        raise BadCheck("check 'domain_names': letters_only is 'true' or 'false'")
    rx = rf"(?<![\w.@/-])(?:www\.)?([A-Za-z0-9-]+)\.{tld}(?![\w-]|\.[A-Za-z])"
    found = [m.lower() for m in re.findall(rx, text, re.I)]
    names = list(dict.fromkeys(found))
    for name in names:
        if not re.fullmatch(r"[a-z0-9](?:[a-z0-9-]*[a-z0-9])?", name) or len(name) > p.get("max_length", 63):
            return False
        if p.get("letters_only") == "true" and not name.isalpha():
            return False
    return bool(words(text)) and len(names) == p["n"]


_FEN = re.compile(r"(?<![\w/])([rnbqkpRNBQKP1-8]{1,8}(?:/[rnbqkpRNBQKP1-8]{1,8}){7})(?:\s+([wb])\b)?")


def _board_ok(board: str) -> bool:
    ranks = board.split("/")
    return len(ranks) == 8 and all(sum(int(x) if x.isdigit() else 1 for x in r) == 8 for r in ranks)


def fen_position(c: dict, text: str) -> bool:
    """A chess position in FEN: the answer writes a FEN whose piece placement is `board` and,
    where `to_move` ("w" or "b") is given, whose next field says that side is to move."""
    p = _params(c, {"board": str}, {"to_move": str})
    if not _board_ok(p["board"].strip()) or p.get("to_move", "w") not in ("w", "b"):
        raise BadCheck("check 'fen_position': board is 8 ranks of 8 squares, to_move w or b")
    for m in _FEN.finditer(text):
        if m.group(1) == p["board"].strip() and p.get("to_move", m.group(2)) == m.group(2):
            return bool(words(text))
    return False


TEST15_CHECKS = {
    f.__name__: f
    for f in (
        k8s_deployment, csp_header, ufw_rules, html_form, json_ld, geojson_points, openapi_paths,
        package_scripts, vin_numbers, ipv6_addresses, magic_square, caesar_text, length_order, isograms,
        scrabble_values, color_gradient, compound_growth, numbered_headings, domain_names, fen_position,
    )
}  # fmt: skip
