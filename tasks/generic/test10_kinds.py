"""The check kinds added to the generic scorer for the test10 rows (tasks/tools/generic_test10.py),
written on 2026-12-07 with those rows, blind to the observers: each takes the row's check dict and
the answer and says whether it holds, on the terms of the scorer's own kinds: bad parameters raise
BadCheck whatever the text, and an answer with no word meets none of them. scorer.check finds them
through scorer._split_checks, before the older splits' kinds. The file and code formats (a
calendar file, a vCard, crontab, a Dockerfile, an INI file, XML, Mermaid, type hints, code line length,
a shebang, tab-separated rows) are in test10_kinds2, to keep each module short."""

from __future__ import annotations

import datetime
import re

from selfrefine.tasks.generic.scorer import BadCheck, _params, _positive, words
from selfrefine.tasks.generic.test9_kinds2 import _counted, _min, _unmark
from selfrefine.tasks.generic.test10_kinds2 import (
    code_line_length,
    crontab,
    dockerfile,
    ics_event,
    ini_config,
    mermaid_flowchart,
    shebang_line,
    tsv_rows,
    type_hints,
    vcard,
    xml_document,
)


def _names(c: dict, values: list[str]) -> list[str]:
    found = [v.strip() for v in values]
    if len({v.lower() for v in found}) != len(found):
        raise BadCheck(f"check {c['check']!r}: a name is given twice")
    return found


def _name_rx(names: list[str]) -> str:
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


# ------------------------------------------------------------------ draws and fixtures

_GIVES = r"\s*(?:→|->|=>|⇒|➡️?|–|—|-|:|gives(?:\s+a\s+gift)?\s+to|buys(?:\s+a\s+gift)?\s+for|draws|has)\s*"


def gift_exchange(c: dict, text: str) -> bool:
    """A gift-exchange draw (Secret Santa) among `names`: lines "Ana → Ben" (->, =>, :, -, "gives to",
    "buys for", "draws"; list markers and emphasis aside), where each name gives once and receives
    once, nobody draws themselves, and no pair in `apart` ("Ana & Ben") draws the other."""
    p = _params(c, {"names": list}, {"apart": list})
    names = _names(c, p["names"])
    if len(names) < 2:
        raise BadCheck("check 'gift_exchange': give at least two names")
    apart = []
    for pair in p.get("apart", ()):
        two = [x.strip().lower() for x in re.split(r"\s*&\s*", pair)]
        if len(two) != 2 or not set(two) <= {n.lower() for n in names}:
            raise BadCheck(f"check 'gift_exchange': {pair!r} is not two of the names joined by &")
        apart.append(set(two))
    who = _name_rx(names)
    line = re.compile(rf"^({who})\b[*_]*{_GIVES}[*_]*({who})(?![\w])", re.I)
    pairs = []
    for ln in text.splitlines():
        m = line.match(_unmark(ln))
        if m:
            pairs.append((m.group(1).lower(), m.group(2).lower()))
    everyone = sorted(n.lower() for n in names)
    if sorted(a for a, _ in pairs) != everyone or sorted(b for _, b in pairs) != everyone:
        return False
    return all(a != b and {a, b} not in apart for a, b in pairs)


def round_robin(c: dict, text: str) -> bool:
    """A round-robin fixture list for `teams`: games written "A vs B" (v, v., versus, against, -)
    in which every two teams meet exactly once and no other team plays; with `rounds`, the games
    come under lines "Round 1" to "Round <rounds>" (heading marks and emphasis aside), no team
    twice in one round."""
    p = _params(c, {"teams": list}, {"rounds": int})
    teams = _names(c, p["teams"])
    if len(teams) < 2:
        raise BadCheck("check 'round_robin': give at least two teams")
    want = _positive(c, p, "rounds")
    who = _name_rx(teams)
    game = re.compile(rf"(?<![\w])({who})\s*(?:vs\.?|v\.?|versus|against|–|—|-)\s*({who})(?![\w])", re.I)
    seen, rounds, current = [], [], None
    for ln in text.splitlines():
        head = re.match(r"^round\s+(\d+)\b", _unmark(ln), re.I)
        if head:
            current = []
            rounds.append((int(head.group(1)), current))
        for m in game.finditer(ln):
            a, b = m.group(1).lower(), m.group(2).lower()
            if a == b:
                return False
            seen.append(frozenset((a, b)))
            if want:
                if current is None or a in current or b in current:
                    return False
                current += [a, b]
    lower = [t.lower() for t in teams]
    every = {frozenset((a, b)) for i, a in enumerate(lower) for b in lower[i + 1 :]}
    if len(seen) != len(every) or set(seen) != every:
        return False
    return not want or [k for k, _ in rounds] == list(range(1, want + 1))


# ------------------------------------------------------------------ word games

_ARROWS = re.compile(r"\s*(?:→|->|=>|⇒|➡️?|>)\s*")


def _ladder_ok(steps: list[str], start: str, end: str, most: int | None) -> bool:
    if len(steps) < 2 or steps[0] != start or steps[-1] != end or len(set(steps)) != len(steps):
        return False
    if most is not None and len(steps) - 1 > most:
        return False
    return all(len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1 for a, b in zip(steps, steps[1:]))


def word_ladder(c: dict, text: str) -> bool:
    """A word ladder from `start` to `end`: on one line joined by arrows (→, ->, >), or one word
    a line (list markers and notes after the word aside), each word differs from the one before in
    exactly one letter (same length, none repeated), in at most `max_steps` changes if given."""
    p = _params(c, {"start": str, "end": str}, {"max_steps": int})
    start, end = p["start"].strip().lower(), p["end"].strip().lower()
    if not (start.isalpha() and end.isalpha() and len(start) == len(end) and start != end):
        raise BadCheck("check 'word_ladder': start and end must be different words of one length")
    most = _positive(c, p, "max_steps")

    def first(s: str) -> str:
        found = re.findall(r"[A-Za-z]+", _unmark(s))
        return found[0].lower() if found else ""

    lines = [ln for ln in text.splitlines() if ln.strip()]
    for ln in lines:
        parts = _ARROWS.split(_unmark(ln))
        if len(parts) > 1 and _ladder_ok([first(x) for x in parts], start, end, most):
            return True
    heads = [first(ln) for ln in lines]
    for i, w in enumerate(heads):
        if w == start and end in heads[i + 1 :]:
            if _ladder_ok(heads[i : heads.index(end, i + 1) + 1], start, end, most):
                return True
    return False


_NATO = {
    "alfa": "A", "alpha": "A", "bravo": "B", "charlie": "C", "delta": "D", "echo": "E", "foxtrot": "F",
    "golf": "G", "hotel": "H", "india": "I", "juliett": "J", "juliet": "J", "kilo": "K", "lima": "L",
    "mike": "M", "november": "N", "oscar": "O", "papa": "P", "quebec": "Q", "romeo": "R", "sierra": "S",
    "tango": "T", "uniform": "U", "victor": "V", "whiskey": "W", "whisky": "W", "x-ray": "X",
    "xray": "X", "yankee": "Y", "zulu": "Z",
}  # fmt: skip
_NATO_WORD = re.compile(r"(?<![\w-])(" + "|".join(sorted(_NATO, key=len, reverse=True)) + r")(?![\w-])", re.I)


def nato_spelling(c: dict, text: str) -> bool:
    """`text` spelled with the NATO phonetic alphabet: the code words of its letters (Alfa or
    Alpha, Juliett or Juliet, X-ray, any case) come one after another, in order, among the
    code words of the answer (its digits and other characters aside)."""
    p = _params(c, {"text": str})
    want = "".join(ch for ch in p["text"].upper() if ch.isalpha())
    if not want.isascii() or not want:
        raise BadCheck("check 'nato_spelling': text has no letter A-Z")
    got = "".join(_NATO[m.group(1).lower()] for m in _NATO_WORD.finditer(text))
    return want in got


_MORSE = {
    ".-": "A", "-...": "B", "-.-.": "C", "-..": "D", ".": "E", "..-.": "F", "--.": "G", "....": "H",
    "..": "I", ".---": "J", "-.-": "K", ".-..": "L", "--": "M", "-.": "N", "---": "O", ".--.": "P",
    "--.-": "Q", ".-.": "R", "...": "S", "-": "T", "..-": "U", "...-": "V", ".--": "W", "-..-": "X",
    "-.--": "Y", "--..": "Z", "-----": "0", ".----": "1", "..---": "2", "...--": "3", "....-": "4",
    ".....": "5", "-....": "6", "--...": "7", "---..": "8", "----.": "9",
}  # fmt: skip
_MORSE_RUN = re.compile(r"[.\-]+(?:[ \t]*(?:[/|]|\n)?[ \t]*[.\-]+)*")


def morse_code(c: dict, text: str) -> bool:
    """`text` in Morse code: a run of dots and dashes (· • − – count as . and -) in the answer
    reads as `text` (letters and digits, any case), letters apart by spaces and words by a /, a |,
    a line break or three or more spaces (code ticks aside)."""
    p = _params(c, {"text": str})
    want = " ".join("".join(ch for ch in w if ch.isalnum()) for w in p["text"].upper().split()).strip()
    if not want or any(ch != " " and ch not in _MORSE.values() for ch in want):
        raise BadCheck("check 'morse_code': text must be letters A-Z and digits")
    body = text.translate(str.maketrans({"·": ".", "•": ".", "−": "-", "–": "-", "—": "-", "`": ""}))
    for m in _MORSE_RUN.finditer(body):
        run = m.group().strip()
        found = [w for w in re.split(r"[ \t]*[/|\n][ \t]*|[ \t]{3,}", run) if w.strip()]
        decoded = " ".join("".join(_MORSE.get(x, "?") for x in w.split()) for w in found)
        if decoded == want:
            return True
    return False


def palindrome_lines(c: dict, text: str) -> bool:
    """Palindromes one a line: every non-blank line (list markers and emphasis aside; a line ending
    in ":" before them, as an intro, aside) reads the same backwards, letters and digits only, any
    case, with at least `min_words` (default 1) words; `n`, or `min` (default 1) to `max`, lines."""
    p = _params(c, {}, {"n": int, "min": int, "max": int, "min_words": int})
    lo, hi = _counted(c, {k: v for k, v in p.items() if k != "min_words"})
    least = _positive(c, p, "min_words") or 1
    found = [_unmark(ln) for ln in text.splitlines() if ln.strip()]
    if found and found[0].endswith(":"):
        found = found[1:]
    for ln in found:
        chars = "".join(ch for ch in ln.lower() if ch.isalnum())
        if len(chars) < 2 or chars != chars[::-1] or len(words(ln)) < least:
            return False
    return lo <= len(found) <= hi


# ------------------------------------------------------------------ numbers that must be right

_QTY = r"(\d+\s+\d+/\d+|\d+/\d+|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?(?:\s*[½¼¾⅓⅔])?|[½¼¾⅓⅔])"
_FRACTIONS = {"½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3}


def _qty(s: str) -> float:
    s = s.replace(",", "").strip()
    extra = 0.0
    if s and s[-1] in _FRACTIONS:
        extra, s = _FRACTIONS[s[-1]], s[:-1].strip()
    if not s:
        return extra
    if "/" in s:
        whole, _, frac = s.rpartition(" ")
        a, b = frac.split("/")
        return (float(whole) if whole else 0.0) + float(a) / float(b) + extra
    return float(s) + extra


def _unit_rx(units: list[str]) -> re.Pattern:
    alts = "|".join(re.escape(u.strip()) for u in sorted(units, key=len, reverse=True))
    return re.compile(rf"(?<![\w.]){_QTY}\s*(?:{alts})(?![A-Za-z])", re.I)


def conversions(c: dict, text: str) -> bool:
    """Unit conversions that are right: every line with an amount in one of the `source` units
    ("3 miles", "1/2 cup") and one in a `target` unit ("4.83 km") gives the first target amount
    as the first source amount times `factor`, within `tolerance` percent (default 2); at least
    `min` (default 1) such lines."""
    p = _params(
        c, {"source": list, "target": list, "factor": (int, float)}, {"min": int, "tolerance": (int, float)}
    )
    need, tol = _min(c, p), p.get("tolerance", 2)
    if p["factor"] <= 0 or tol < 0:
        raise BadCheck("check 'conversions': factor must be above 0 and tolerance not below 0")
    src, dst = _unit_rx(p["source"]), _unit_rx(p["target"])
    count = 0
    for ln in text.splitlines():
        a, b = src.search(ln), dst.search(ln)
        if not a or not b:
            continue
        try:
            x, y = _qty(a.group(1)), _qty(b.group(1))
        except (ValueError, ZeroDivisionError):
            return False
        if abs(y - x * p["factor"]) > abs(x * p["factor"]) * tol / 100 + 1e-9:
            return False
        count += 1
    return count >= need


_REF_HEAD = re.compile(r"^(?:references|sources|bibliography|works\s+cited|citations)\s*:?$", re.I)
_CITE = re.compile(r"\[(\d+(?:\s*[,–-]\s*\d+)*)\](?!\()")
_ENTRY = re.compile(r"^\s*(?:[-*•]\s*)?(?:\[(\d+)\]|(\d+)[.)])\s*(.*)$")


def _cited(s: str) -> list[int]:
    """The source numbers cited in `s`, in order, a range "[2-4]" standing for 2, 3 and 4."""
    out = []
    for m in _CITE.finditer(s):
        for part in re.split(r"\s*,\s*", m.group(1)):
            ends = [int(x) for x in re.split(r"\s*[–-]\s*", part)]
            out += list(range(ends[0], ends[-1] + 1))
    return out


def numbered_citations(c: dict, text: str) -> bool:
    """Numbered citations: the text cites sources as [1], [2], [1, 3] or [2-4], numbered in the
    order they are first cited, and a last "References" (or "Sources", "Bibliography", "Works
    cited") line is followed by the entries "[1] ..." or "1. ...", one for each number cited and
    no other, 1 to n in order: at least `min` (default 1) of them."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    found = text.splitlines()
    at = [i for i, ln in enumerate(found) if _REF_HEAD.match(_unmark(ln))]
    if not at:
        return False
    body, tail = "\n".join(found[: at[-1]]), found[at[-1] + 1 :]
    cited = _cited(body)
    entries = []
    for ln in tail:
        m = _ENTRY.match(ln.replace("**", ""))
        if m and words(m.group(3)):
            entries.append(int(m.group(1) or m.group(2)))
    first = list(dict.fromkeys(cited))
    n = len(entries)
    return n >= need and entries == list(range(1, n + 1)) == first == sorted(set(cited))


_LATLON = re.compile(
    r"(-?\d{1,3}\.(\d+))\s*°?\s*([NS])?\s*[,;/ ]\s*(-?\d{1,3}\.(\d+))\s*°?\s*([EW])?(?!\w|\.\d)", re.I
)


def coordinates(c: dict, text: str) -> bool:
    """GPS coordinates in decimal degrees: at least `min` (default 1) lines with a latitude,
    longitude pair ("55.9533, -3.1883" or "55.9533° N, 3.1883° W"), each with at least `decimals`
    (default 4) decimal places and in range; no coordinate in degrees and minutes (55°57'); with
    `south`, `north`, `west` and `east`, every pair lies inside that box."""
    p = _params(
        c, {}, {"min": int, "decimals": int, "south": float, "north": float, "west": float, "east": float}
    )
    need, places = _min(c, p), _positive(c, p, "decimals") or 4
    box = [p.get(k) for k in ("south", "north", "west", "east")]
    if any(v is None for v in box) and any(v is not None for v in box):
        raise BadCheck("check 'coordinates': give south, north, west and east together, or none")
    if re.search(r"\d+\s*°\s*\d+\s*['′]", text) or not words(text):
        return False
    count = 0
    for ln in text.splitlines():
        m = _LATLON.search(ln)
        if not m:
            continue
        lat, lat_places, ns, lon, lon_places, ew = m.groups()
        lat, lon = float(lat), float(lon)
        if (ns and lat < 0) or (ew and lon < 0):
            return False
        lat, lon = -lat if ns and ns.upper() == "S" else lat, -lon if ew and ew.upper() == "W" else lon
        if min(len(lat_places), len(lon_places)) < places or abs(lat) > 90 or abs(lon) > 180:
            return False
        if box[0] is not None and not (box[0] <= lat <= box[1] and box[2] <= lon <= box[3]):
            return False
        count += 1
    return count >= need


# ------------------------------------------------------------------ web pages and releases

_IMG = re.compile(r"<img\b[^>]*>", re.I)
_ALT = re.compile(r"""\balt\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.I)


def img_alt(c: dict, text: str) -> bool:
    """Images with alt text: at least `min` (default 1) images, HTML <img> tags with a src or
    markdown ![alt](src), and every one has alt text with a word in it."""
    p = _params(c, {}, {"min": int})
    need, count = _min(c, p), 0
    for tag in _IMG.findall(text):
        alt = _ALT.search(tag)
        if not re.search(r"\bsrc\s*=", tag, re.I) or not alt or not words(alt.group(1) or alt.group(2) or ""):
            return False
        count += 1
    for alt in re.findall(r"!\[([^\]]*)\]\([^)]+\)", text):
        if not words(alt):
            return False
        count += 1
    return count >= need


_VERSION_HEAD = re.compile(r"^##\s+\[?(\d+)\.(\d+)\.(\d+)\]?\s*[-–—]\s*(\d{4}-\d{2}-\d{2})$")
_SECTIONS = ("added", "changed", "deprecated", "removed", "fixed", "security")


def changelog_entries(c: dict, text: str) -> bool:
    """A changelog in the Keep a Changelog style: "## [1.4.0] - 2026-11-30" version headings (an
    "## [Unreleased]" first is fine), newest first with dates never going forward, each with
    "### Added" / Changed / Deprecated / Removed / Fixed / Security sections (no other ###
    heading), each section with at least one bullet: at least `min` (default 1) versions."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    versions: list[tuple] = []
    sections: list[list[int]] = []  # bullets under each section of the current version
    for ln in text.splitlines():
        s = ln.strip()
        if s.startswith("## ") or s == "##":
            m = _VERSION_HEAD.match(s)
            if re.fullmatch(r"##\s+\[?unreleased\]?", s, re.I) and not versions and not sections:
                sections.append([])
                continue
            if not m:
                return False
            try:
                day = datetime.date.fromisoformat(m.group(4))
            except ValueError:
                return False
            if sections and (not sections[-1] or 0 in sections[-1]):
                return False
            versions.append(((int(m.group(1)), int(m.group(2)), int(m.group(3))), day))
            sections.append([])
        elif s.startswith("### "):
            if not sections or s[4:].strip().lower() not in _SECTIONS:
                return False
            sections[-1].append(0)
        elif re.match(r"^[-*]\s+\S", s) and sections and sections[-1]:
            sections[-1][-1] += 1
    if not sections or not sections[-1] or 0 in sections[-1]:
        return False
    order = all(a[0] > b[0] and a[1] >= b[1] for a, b in zip(versions, versions[1:]))
    return len(versions) >= need and order


TEST10_CHECKS = {
    f.__name__: f
    for f in (
        ics_event, vcard, crontab, dockerfile, ini_config, xml_document, mermaid_flowchart, type_hints,
        code_line_length, shebang_line, tsv_rows, gift_exchange, round_robin, word_ladder, nato_spelling,
        morse_code, palindrome_lines, conversions, numbered_citations, coordinates, img_alt,
        changelog_entries,
    )
}  # fmt: skip
