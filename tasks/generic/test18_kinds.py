"""The check kinds added to the generic scorer for the test18 rows (tasks/tools/generic_test18.py),
written with those rows, blind to the observers: each takes the row's check dict and the answer and
says whether it holds; bad parameters raise BadCheck whatever the text, and an answer with no word
meets none. scorer.check finds them through scorer._split_checks, before the older splits' kinds.
Here: numbers (hex and binary, GCD and LCM, fractions, percentages, delay times, a fuel cost,
shift lengths) and files (logrotate, sshd_config, a Caddyfile, a SQL index, an M3U playlist,
pyproject.toml, an HTML select, a CSS media query). The shell commands (find, grep, ln -s, mv, a
virtual environment, git branches and tags) are in test18_kinds2."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import tomllib

from selfrefine.tasks.generic.scorer import BadCheck, _has_word, _params, lines, words
from selfrefine.tasks.generic.test18_kinds2 import (
    _bool_param,
    find_command,
    git_new_branch,
    git_tag_commands,
    grep_command,
    mv_commands,
    symlink_command,
    venv_commands,
)

_DEC = re.compile(r"(?<![\d.,])(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(?!\d|[.,]\d)")


def _decimals(s: str) -> list[float]:
    """The numbers written in s (thousands commas and a bare leading point like .375 allowed)."""
    return [float(m.replace(",", "")) for m in _DEC.findall(s)]


def _near(s: str, want: float, tol: float = 0.0) -> bool:
    return any(abs(x - want) <= tol + 1e-9 for x in _decimals(s))


def _num(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _num_list(c: dict, name: str, least: int = 1, ints: bool = True) -> list:
    v = c.get(name)
    ok = isinstance(v, list) and len(v) >= least and all(_num(x) and (not ints or type(x) is int) for x in v)
    if not ok or not all(x > 0 for x in v):
        raise BadCheck(f"check {c['check']!r}: {name} is a list of {least} or more numbers above 0")
    return v


def _without(c: dict, *names: str) -> dict:
    return {k: v for k, v in c.items() if k not in names}


def _segment(ln: str, key: str, labels: dict[str, tuple[str, ...]]) -> str:
    """Where the line gives `key`'s value: the whole line when it names no other key, else the
    text from each of its labels up to the next label of another key."""
    found = sorted(
        (m.start(), k)
        for k, names in labels.items()
        for name in names
        for m in re.finditer(rf"(?<![A-Za-z0-9]){re.escape(name)}(?![A-Za-z0-9])", ln, re.I)
    )
    if {k for _, k in found} <= {key}:
        return ln
    out = []
    for i, (at, k) in enumerate(found):
        if k == key:
            end = next((a for a, k2 in found[i + 1 :] if k2 != key), len(ln))
            out.append(ln[at:end])
    return "\n".join(out)


# ------------------------------------------------------------------ hex and binary


def hex_to_decimal(c: dict, text: str) -> bool:
    """Hex to decimal: for each of `values` (hex numbers, 0x optional), a line naming it (0x
    optional, any case, a word of its own) holds its decimal value (commas allowed) besides."""
    p = _params(c, {"values": list})
    found = [re.fullmatch(r"(?:0[xX])?([0-9A-Fa-f]+)", v.strip()) for v in p["values"]]
    if not all(found):
        raise BadCheck("check 'hex_to_decimal': values are hex numbers like 0x1F")
    for m in found:
        h = m.group(1).lstrip("0") or "0"
        name = re.compile(rf"(?<![\w#])(?:0x)?0*{h}(?![\w])", re.I)
        if not any(name.search(ln) and _near(name.sub(" ", ln), int(h, 16)) for ln in lines(text)):
            return False
    return bool(words(text))


_BIN = re.compile(r"(?<![\w.])(?:0b)?([01]+(?:[ _][01]{4})*)(?![\w.])")


def binary_conversions(c: dict, text: str) -> bool:
    """Binary: for each of `numbers` (2 or more), a line holding the number in decimal holds it in
    binary too (0b and leading zeros optional, groups of four split by spaces or _ allowed)."""
    nums = _num_list(c, "numbers")
    _params(_without(c, "numbers"), {})
    if not all(2 <= n < 2**32 for n in nums):
        raise BadCheck("check 'binary_conversions': numbers are 2 to 2**32 - 1")
    for n in nums:
        decimal = re.compile(rf"(?<![\d.,]){n}(?!\d|[.,]\d)")
        if not any(
            decimal.search(ln) and any(int(re.sub("[ _]", "", b), 2) == n for b in _BIN.findall(ln))
            for ln in lines(text)
        ):
            return False
    return bool(words(text))


# ------------------------------------------------------------------ GCD, LCM, fractions, percentages

_GCD_LCM = {
    "gcd": (
        "gcd",
        "gcf",
        "hcf",
        "greatest common divisor",
        "greatest common factor",
        "highest common factor",
    ),
    "lcm": ("lcm", "least common multiple", "lowest common multiple", "smallest common multiple"),
}


def gcd_lcm(c: dict, text: str) -> bool:
    """GCD and LCM of `numbers`: for each of `asks` ("gcd", "lcm"), a line naming it (GCD, HCF,
    highest common factor, LCM, lowest common multiple, ...) holds its value after that name, or
    anywhere when the line names only it."""
    nums = _num_list(c, "numbers", least=2)
    p = _params(_without(c, "numbers"), {"asks": list})
    if not set(p["asks"]) <= set(_GCD_LCM):
        raise BadCheck("check 'gcd_lcm': asks among gcd and lcm")
    value = {"gcd": math.gcd(*nums), "lcm": math.lcm(*nums)}
    if set(value.values()) & set(nums):
        raise BadCheck("check 'gcd_lcm': the GCD and LCM are none of the numbers themselves")
    for ask in p["asks"]:
        if not any(
            any(_has_word(ln, x) for x in _GCD_LCM[ask]) and _near(_segment(ln, ask, _GCD_LCM), value[ask])
            for ln in lines(text)
        ):
            return False
    return bool(words(text))


def fraction_decimals(c: dict, text: str) -> bool:
    """Fractions as decimals: for each of `fractions` ("a/b"), a line holding it holds its decimal
    value rounded to `places` (or more exact)."""
    p = _params(c, {"fractions": list, "places": int})
    if not all(re.fullmatch(r"\d+/[1-9]\d*", f) for f in p["fractions"]) or not 1 <= p["places"] <= 6:
        raise BadCheck("check 'fraction_decimals': fractions are like 3/8; places 1 to 6")
    tol = 0.5 * 10 ** -p["places"]
    for f in p["fractions"]:
        a, b = f.split("/")
        rx = re.compile(rf"(?<![\d/.]){a}\s*/\s*{b}(?![\d/])")
        if not any(rx.search(ln) and _near(rx.sub(" ", ln), int(a) / int(b), tol) for ln in lines(text)):
            return False
    return bool(words(text))


def percent_of(c: dict, text: str) -> bool:
    """Percentages of amounts: for each of `pairs` ([percent, amount]), a line holding the amount
    holds percent% of it, rounded to `decimals` places (default 2) or more exact."""
    pairs = c.get("pairs")
    ok = isinstance(pairs, list) and bool(pairs)
    ok = ok and all(isinstance(x, list) and len(x) == 2 and all(_num(y) and y > 0 for y in x) for x in pairs)
    if not ok:
        raise BadCheck("check 'percent_of': pairs is a list of [percent, amount], numbers above 0")
    p = _params(_without(c, "pairs"), {}, {"decimals": int})
    tol = 0.5 * 10 ** -p.get("decimals", 2)
    for pct, amount in pairs:
        want = float(Fraction(str(pct)) * Fraction(str(amount)) / 100)
        if not any(_near(ln, amount) and _near(ln, want, tol) for ln in lines(text)):
            return False
    return bool(words(text))


# ------------------------------------------------------------------ delay times, fuel, shifts

_BEATS = {"whole": 4, "half": 2, "quarter": 1, "eighth": 0.5, "sixteenth": 0.25}
_NOTE_NAMES = {
    "whole": ("whole", "1/1", "semibreve"),
    "half": ("half", "1/2", "minim"),
    "quarter": ("quarter", "1/4", "crotchet"),
    "eighth": ("eighth", "8th", "1/8", "quaver"),
    "sixteenth": ("sixteenth", "16th", "1/16", "semiquaver"),
}


def note_delays(c: dict, text: str) -> bool:
    """Delay times at `bpm`: for each of `notes` ("quarter", "dotted eighth", "triplet sixteenth",
    ...), a line naming the note (1/8, 8th, quaver, ...; dotted or triplet only when the note is)
    holds its length in ms (60000 / bpm a beat) within 0.5 ms."""
    p = _params(c, {"bpm": (int, float), "notes": list})
    want = {}
    for note in p["notes"]:
        parts = note.lower().split()
        if parts[-1] not in _BEATS or parts[:-1] not in ([], ["dotted"], ["triplet"]):
            raise BadCheck("check 'note_delays': notes are like 'quarter' or 'dotted eighth'")
        factor = {"dotted": 1.5, "triplet": 2 / 3}.get(parts[0], 1)
        want[note] = (parts[-1], parts[:-1], 60000 / p["bpm"] * _BEATS[parts[-1]] * factor)
    if not 20 <= p["bpm"] <= 400:
        raise BadCheck("check 'note_delays': bpm is 20 to 400")
    for base, mods, ms in want.values():
        hit = False
        for ln in lines(text):
            if not any(_has_word(ln, x) for x in _NOTE_NAMES[base]):
                continue
            if [m for m in ("dotted", "triplet") if _has_word(ln, m)] != mods:
                continue
            hit |= _near(_segment(ln, base, _NOTE_NAMES), ms, 0.5)
        if not hit:
            return False
    return bool(words(text))


def fuel_cost(c: dict, text: str) -> bool:
    """A trip's fuel cost: `distance_km` at `litres_per_100km` and `price` a litre; the answer
    holds the cost within `tol` (default 0.01)."""
    p = _params(c, {"distance_km": (int, float), "litres_per_100km": (int, float), "price": (int, float)},
                {"tol": (int, float)})  # fmt: skip
    if not all(p[k] > 0 for k in ("distance_km", "litres_per_100km", "price")) or p.get("tol", 0.01) <= 0:
        raise BadCheck("check 'fuel_cost': distance, consumption, price and tol are above 0")
    cost = p["distance_km"] * p["litres_per_100km"] / 100 * p["price"]
    return bool(words(text)) and _near(text, cost, p.get("tol", 0.01))


_HM = re.compile(r"(\d+)\s*(?:h|hrs?|hours?)\.?,?\s*(?:and\s+)?(\d+)\s*(?:m|mins?|minutes?)\b", re.I)
_H = re.compile(r"(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\b", re.I)
_M = re.compile(r"(?<![\d.])(\d+)\s*(?:m|mins?|minutes?)\b", re.I)
_CLOCK = re.compile(r"(?<![\d:.])(\d{1,2}):(\d{2})(?![\d:])")


def _minutes(t: str) -> int:
    h, m = t.split(":")
    return int(h) * 60 + int(m)


def _clock_rx(t: str) -> re.Pattern:
    """A time "HH:MM" as written: a leading zero optional, ":00" seconds allowed."""
    hh = ("0?" + t[1]) if t[0] == "0" else t[:2]
    return re.compile(rf"(?<!\d)(?<!\d:){hh}:{t[3:]}(?::00)?(?!\d|:\d)")


def shift_hours(c: dict, text: str) -> bool:
    """Shift lengths: for each of `shifts` (["HH:MM", "HH:MM"], past midnight when the end is not
    after the start), a line holding both times (a leading zero optional) holds the length: in
    hours (8.5, 8.5 h), hours and minutes (8h 30m, 8:30) or minutes (510 min)."""
    shifts = c.get("shifts")
    ok = isinstance(shifts, list) and bool(shifts)
    clock = re.compile(r"([01]\d|2[0-3]):[0-5]\d")
    ok = ok and all(
        isinstance(s, list) and len(s) == 2 and all(isinstance(t, str) and clock.fullmatch(t) for t in s)
        for s in shifts
    )
    if not ok or any(a == b for a, b in shifts):
        raise BadCheck("check 'shift_hours': shifts is a list of two different 'HH:MM' times")
    _params(_without(c, "shifts"), {})
    for start, end in shifts:
        length = (_minutes(end) - _minutes(start)) % 1440
        times = [_clock_rx(start), _clock_rx(end)]
        hit = False
        for ln in lines(text):
            if not all(t.search(ln) for t in times):
                continue
            rest = times[1].sub(" ", times[0].sub(" ", ln))
            got = [int(h) * 60 + int(m) for h, m in _HM.findall(rest)] + [int(m) for m in _M.findall(rest)]
            got += [int(h) * 60 + int(m) for h, m in _CLOCK.findall(rest)]
            hit |= length in got or _near(rest, length / 60, 0.005)
        if not hit:
            return False
    return bool(words(text))


# ------------------------------------------------------------------ config files


def _fenced(text: str) -> list[str]:
    return re.findall(r"```[^\n`]*\n(.*?)```", text, re.S)


def _source(text: str) -> str:
    """The answer's code blocks joined, else the whole answer."""
    return "\n".join(_fenced(text)) or text


def _dict_of_texts(c: dict, p: dict, name: str, empty_ok: bool = False) -> dict[str, str]:
    v = p[name]
    if not v or not all(
        str(k).strip() and isinstance(x, str) and (empty_ok or x.strip()) for k, x in v.items()
    ):
        raise BadCheck(f"check {c['check']!r}: {name} maps names to texts")
    return {str(k).strip().lower(): x.strip().lower() for k, x in v.items()}


_FREQUENCIES = {"hourly", "daily", "weekly", "monthly", "yearly"}


def logrotate_config(c: dict, text: str) -> bool:
    """A logrotate block for `path` (`path { ... }`): each of `directives` (a name -> its value,
    "" for none) is in it with that value (any case), and no other rotation frequency than the
    one asked."""
    p = _params(c, {"path": str, "directives": dict})
    want = _dict_of_texts(c, p, "directives", empty_ok=True)
    for head, body in re.findall(r"([^\n{}]*)\{([^{}]*)\}", _source(text)) if words(text) else []:
        if p["path"] not in [w.strip("\"'") for w in head.split()]:
            continue
        got: dict[str, str] = {}
        for ln in body.splitlines():
            parts = ln.split("#", 1)[0].split(None, 1)
            if parts:
                got.setdefault(parts[0].lower(), (parts[1] if len(parts) > 1 else "").strip().lower())
        ok = all(k in got and (not v or got[k] == v) for k, v in want.items())
        if ok and (not _FREQUENCIES & set(want) or _FREQUENCIES & set(got) <= set(want)):
            return True
    return False


def sshd_settings(c: dict, text: str) -> bool:
    """sshd_config lines (the code blocks, else the answer): each of `settings` (a keyword -> its
    value) has that value (any case) in the first uncommented line giving the keyword, before
    any Match block."""
    p = _params(c, {"settings": dict})
    want = _dict_of_texts(c, p, "settings")
    got: dict[str, str] = {}
    for ln in _source(text).splitlines():
        parts = ln.strip().strip("`").split("#", 1)[0].split(None, 1)
        if len(parts) < 2 or not re.fullmatch(r"[A-Za-z]+", parts[0]):
            continue
        if parts[0].lower() == "match":
            break
        got.setdefault(parts[0].lower(), parts[1].strip().lower())
    return bool(words(text)) and all(got.get(k) == v for k, v in want.items())


def _block(source: str, at: int) -> str:
    """The text inside the braces that open at `at`."""
    depth = 0
    for i in range(at, len(source)):
        depth += {"{": 1, "}": -1}.get(source[i], 0)
        if depth == 0:
            return source[at + 1 : i]
    return source[at + 1 :]


def _host(u: str) -> str:
    u = re.sub(r"^https?://", "", u.strip().lower()).rstrip("/")
    return re.sub(r"^127\.0\.0\.1(?=:|$)", "localhost", u)


def caddyfile(c: dict, text: str) -> bool:
    """A Caddyfile site block for `site` (a scheme or port after it allowed) that reverse-proxies
    the whole site (no path matcher) to `upstream` (localhost and 127.0.0.1 alike, http://
    optional) and, where `encode` is given, has an encode line with each of its formats."""
    p = _params(c, {"site": str, "upstream": str}, {"encode": list})
    source = _source(text)
    head = re.compile(
        rf"(?m)^[ \t]*(?:[^\n{{]*[\s,])?(?:https?://)?{re.escape(p['site'])}(?::\d+)?[^\n{{]*\{{"
    )
    for m in head.finditer(source) if words(text) else []:
        body = _block(source, m.end() - 1)
        proxied = encoded = False
        for ln in body.splitlines():
            ws = ln.split("#", 1)[0].split()
            if ws[:1] == ["reverse_proxy"] and len(ws) > 1 and not ws[1].startswith(("/", "@", "*")):
                proxied |= _host(p["upstream"]) in {_host(w) for w in ws[1:] if w != "{"}
            if ws[:1] == ["encode"]:
                encoded |= {e.lower() for e in p.get("encode", [])} <= {w.lower() for w in ws[1:]}
        if proxied and (encoded or "encode" not in p):
            return True
    return False


_INDEX = re.compile(
    r"\bCREATE\s+(UNIQUE\s+)?INDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+NOT\s+EXISTS\s+)?(?:[\w.\"`\[\]]+\s+)?"
    r"ON\s+(?:ONLY\s+)?([\w.\"`\[\]]+)\s*(?:USING\s+\w+\s*)?\((.*?)\)\s*(?=;|$|WHERE\b|INCLUDE\b|WITH\b)",
    re.I | re.S | re.M,
)


def _ident(s: str) -> str:
    return re.sub(r"[\"`\[\]]", "", s).strip().lower()


def sql_index(c: dict, text: str) -> bool:
    """A CREATE INDEX statement on `table` (a schema before it allowed) over exactly `columns` in
    that order (ASC / DESC and lower() / upper() around a column aside), UNIQUE when `unique` is
    "true" and not when "false"."""
    p = _params(c, {"table": str, "columns": list}, {"unique": str})
    unique = _bool_param(c, p, "unique")
    want = [x.lower() for x in p["columns"]]
    for m in _INDEX.finditer(text) if words(text) else []:
        table = _ident(m.group(2))
        if table != p["table"].lower() and not table.endswith("." + p["table"].lower()):
            continue
        cols = []
        for part in m.group(3).split(","):
            col = re.sub(r"\s+(?:ASC|DESC|NULLS\s+(?:FIRST|LAST))\b.*$", "", part.strip(), flags=re.I)
            col = re.sub(r"^(?:lower|upper)\s*\((.*)\)$", r"\1", col.strip(), flags=re.I)
            cols.append(_ident(col))
        if cols == want and (unique is None or bool(m.group(1)) == unique):
            return True
    return False


def m3u_playlist(c: dict, text: str) -> bool:
    """An M3U playlist (a code block, else the answer): its entries (lines not starting with #)
    are exactly `tracks` in order; where `extended` is "true", it starts with #EXTM3U and each
    entry follows its own #EXTINF:<seconds>,<title> line."""
    p = _params(c, {"tracks": list}, {"extended": str})
    extended = _bool_param(c, p, "extended")
    for source in (_fenced(text) or [text]) if words(text) else []:
        rows = [ln.strip() for ln in source.splitlines() if ln.strip()]
        if [r for r in rows if not r.startswith("#")] != p["tracks"]:
            continue
        if not extended:
            return True
        ok, info = rows[:1] == ["#EXTM3U"], 0
        for r in rows[1:]:
            if r.startswith("#EXTINF"):
                info += 1
                ok &= re.fullmatch(r"#EXTINF:-?\d+(?:\.\d+)?(?:\s[^,]*)?,\s*\S.*", r) is not None
            elif not r.startswith("#"):
                ok &= info == 1
                info = 0
        if ok:
            return True
    return False


def _pkg(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _clause(spec: str) -> tuple[str, tuple[int, ...]] | str:
    """A version clause like '>= 3.10.0' as (operator, version without trailing zeros)."""
    m = re.fullmatch(r"\s*([<>=!~]=?|===?)\s*(\d+(?:\.\d+)*)\s*", spec)
    if not m:
        return spec.strip()
    version = [int(x) for x in m.group(2).split(".")]
    while len(version) > 1 and version[-1] == 0:
        version.pop()
    return m.group(1), tuple(version)


def pyproject_dependencies(c: dict, text: str) -> bool:
    """A pyproject.toml (a code block that parses as TOML): [project] name `name` (any case, - _ .
    alike), its dependencies naming each of `dependencies`, requires-python holding the clause
    `requires_python` where given, and [build-system] using `build_backend` (its package among
    the requires) where given."""
    p = _params(c, {"name": str, "dependencies": list}, {"requires_python": str, "build_backend": str})
    for source in (_fenced(text) or [text]) if words(text) else []:
        try:
            doc = tomllib.loads(source)
        except (tomllib.TOMLDecodeError, ValueError):
            continue
        project, build = doc.get("project"), doc.get("build-system")
        if not isinstance(project, dict) or _pkg(str(project.get("name", ""))) != _pkg(p["name"]):
            continue
        deps = project.get("dependencies", [])
        names = {
            _pkg(m.group(0)) for d in deps if isinstance(d, str) for m in [re.match(r"\s*[\w.-]+", d)] if m
        }
        ok = {_pkg(d) for d in p["dependencies"]} <= names
        if "requires_python" in p:
            clauses = re.sub(r"\s+", "", str(project.get("requires-python", ""))).split(",")
            ok &= _clause(p["requires_python"]) in [_clause(x) for x in clauses]
        if "build_backend" in p:
            build = build if isinstance(build, dict) else {}
            reqs = {
                _pkg(m.group(0))
                for r in build.get("requires", [])
                for m in [re.match(r"\s*[\w.-]+", str(r))]
                if m
            }
            ok &= (
                build.get("build-backend") == p["build_backend"]
                and _pkg(p["build_backend"].split(".")[0]) in reqs
            )
        if ok:
            return True
    return False


def html_select(c: dict, text: str) -> bool:
    """An HTML <select> named `name` whose options' labels are exactly `options` in order (any
    case, spaces aside), with `selected`, where given, the one option marked selected."""
    p = _params(c, {"name": str, "options": list}, {"selected": str})
    if "selected" in p and p["selected"].lower() not in [o.lower() for o in p["options"]]:
        raise BadCheck("check 'html_select': selected is one of the options")
    for attrs, body in re.findall(r"<select\b([^>]*)>(.*?)</select\s*>", text, re.I | re.S):
        if not re.search(rf"\bname\s*=\s*[\"']?{re.escape(p['name'])}[\"'\s>]", attrs + " ", re.I):
            continue
        labels, chosen = [], []
        for piece in re.split(r"<option\b", body, flags=re.I)[1:]:
            opt_attrs, _, rest = piece.partition(">")
            label = " ".join(re.sub(r"<[^>]+>", " ", re.split(r"</option\s*>", rest, flags=re.I)[0]).split())
            labels.append(label.lower())
            if re.search(r"(?<![\w-])selected(?![\w-])", re.sub(r"([\"']).*?\1", "", opt_attrs), re.I):
                chosen.append(label.lower())
        ok = labels == [" ".join(o.lower().split()) for o in p["options"]]
        if ok and ("selected" not in p or chosen == [p["selected"].lower()]):
            return True
    return False


def css_media_query(c: dict, text: str) -> bool:
    """A CSS @media block for screens up to `max_width` px (max-width: Npx or width <= Npx), or
    from `min_width` px, in which each selector of `rules` (a selector -> property -> value) gets
    each declaration (any case, !important aside)."""
    p = _params(c, {"rules": dict}, {"max_width": int, "min_width": int})
    rules = p["rules"]
    if len([k for k in ("max_width", "min_width") if k in p]) != 1 or not rules or not all(
        isinstance(d, dict) and d and all(isinstance(v, str) and v.strip() for v in d.values())
        for d in rules.values()):  # fmt: skip
        raise BadCheck("check 'css_media_query': max_width or min_width, and rules of declarations")
    bound, px = ("max", p["max_width"]) if "max_width" in p else ("min", p["min_width"])
    cond = re.compile(rf"{bound}-width\s*:\s*{px}px|width\s*{'<' if bound == 'max' else '>'}=\s*{px}px", re.I)
    source = re.sub(r"/\*.*?\*/", "", _source(text), flags=re.S)
    for m in re.finditer(r"@media\b([^{]*)\{", source) if words(text) else []:
        if not cond.search(m.group(1)):
            continue
        got: dict[str, dict[str, str]] = {}
        for sels, decls in re.findall(r"([^{}]+)\{([^{}]*)\}", _block(source, m.end() - 1)):
            for sel in (" ".join(s.split()) for s in sels.split(",")):
                for d in decls.split(";"):
                    prop, colon, val = d.partition(":")
                    if colon:
                        val = re.sub(r"\s*!important\s*$", "", " ".join(val.split()), flags=re.I)
                        got.setdefault(sel, {})[prop.strip().lower()] = val.lower()
        if all(got.get(s, {}).get(k.lower()) == " ".join(v.split()).lower() for s, d in rules.items()
               for k, v in d.items()):  # fmt: skip
            return True
    return False


TEST18_CHECKS = {
    f.__name__: f
    for f in (
        hex_to_decimal, binary_conversions, gcd_lcm, fraction_decimals, percent_of, note_delays, fuel_cost,
        shift_hours, logrotate_config, sshd_settings, caddyfile, sql_index, m3u_playlist,
        pyproject_dependencies, html_select, css_media_query, find_command, grep_command, symlink_command,
        mv_commands, venv_commands, git_new_branch, git_tag_commands,
    )
}  # fmt: skip
