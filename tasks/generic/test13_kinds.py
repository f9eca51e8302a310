"""The check kinds added to the generic scorer for the test13 rows (tasks/tools/generic_test13.py),
written with those rows, blind to the observers: each takes the row's check dict and the answer and
says whether it holds, on the terms of the scorer's own kinds: bad parameters raise BadCheck
whatever the text, and an answer with no word meets none of them. scorer.check finds them through
scorer._split_checks, before the older splits' kinds. Most file, markup and code formats (a regex,
SQL inserts, markdown tables, CSS, Apache redirects, a hosts file, a .desktop launcher, a LaTeX
tabular) are in test13_kinds2, to keep each module short."""

from __future__ import annotations

import math
import re
from datetime import datetime
from html.parser import HTMLParser

from selfrefine.tasks.generic.scorer import BadCheck, _line_body, _params, lines, words
from selfrefine.tasks.generic.test13_kinds2 import (
    _fenced,
    apache_redirects,
    column_alignment,
    css_declarations,
    desktop_entry,
    hosts_entries,
    latex_tabular,
    regex_tests,
    sql_inserts,
    table_total_row,
)


def _how_many(c: dict, p: dict) -> tuple[int, float]:
    """(least, most) from `n`, or `min` (default 1) and `max`; n with min or max, 0, or min above
    max raise BadCheck."""
    if "n" in p and ("min" in p or "max" in p):
        raise BadCheck(f"check {c['check']!r}: give n, or min and / or max")
    if p.get("n") == 0 or p.get("max") == 0:
        raise BadCheck(f"check {c['check']!r}: n and max are at least 1")
    if "n" in p:
        return p["n"], p["n"]
    lo, hi = p.get("min", 1), p.get("max", math.inf)
    if lo > hi:
        raise BadCheck(f"check {c['check']!r}: min is above max")
    return lo, hi


def _counted(p: dict) -> dict:
    return {k: v for k, v in p.items() if k in ("n", "min", "max")}


# ------------------------------------------------------------------ test data


def _ean_ok(code: str) -> bool:
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(code[:12]))
    return (10 - total % 10) % 10 == int(code[12])


def ean13_codes(c: dict, text: str) -> bool:
    """EAN-13 barcodes: every run of 13 digits (spaces or dashes between groups allowed) has the
    right check digit and starts with `prefix` where given, none is repeated, and there are `n`,
    or `min` (default 1) to `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int, "prefix": str})
    lo, hi = _how_many(c, _counted(p))
    if not p.get("prefix", "0").strip().isdigit() or len(p.get("prefix", "").strip()) > 12:
        raise BadCheck("check 'ean13_codes': prefix is up to 12 digits")
    runs = [re.sub(r"[ -]", "", m) for m in re.findall(r"(?<![\d-])\d(?:[ -]?\d){12}(?![\d])", text)]
    if not words(text) or len(set(runs)) != len(runs):
        return False
    ok = all(_ean_ok(r) and r.startswith(p.get("prefix", "").strip()) for r in runs)
    return ok and lo <= len(runs) <= hi


_MAC = re.compile(
    r"(?<![0-9A-Fa-f:-])[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4}(?![0-9A-Fa-f:-])"
)


def mac_addresses(c: dict, text: str) -> bool:
    """MAC addresses (six hex pairs between colons or dashes): every one is unicast, locally or
    universally administered as `admin` says ("local", "universal" or "any", the default), none
    is repeated, and there are `n`, or `min` (default 1) to `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int, "admin": str})
    lo, hi = _how_many(c, _counted(p))
    admin = p.get("admin", "any").strip().lower()
    if admin not in ("local", "universal", "any"):
        raise BadCheck("check 'mac_addresses': admin is local, universal or any")
    found = [re.sub(r"[:-]", "", m.group(0)).lower() for m in _MAC.finditer(text)]
    if not words(text) or len(set(found)) != len(found):
        return False
    firsts = [int(m[:2], 16) for m in found]
    ok = all(not f & 1 for f in firsts) and all(
        admin == "any" or bool(f & 2) == (admin == "local") for f in firsts
    )
    return ok and lo <= len(found) <= hi


_OPS = {"+": "+", "-": "-", "−": "-", "–": "-", "×": "×", "x": "×", "*": "×", "÷": "÷", "/": "÷", ":": "÷"}
_SUM = re.compile(r"(?<![\d.])(\d+)\s*([-+−–×x*÷/:])\s*(\d+)\s*=\s*(\d+)(?![\d.])")


def worksheet_sums(c: dict, text: str) -> bool:
    """A worksheet of sums with their answers: `n` different problems "a + b = c" (operations of
    `ops`: +, -, × or ÷, written x, *, / or : too), every answer right (a division leaving no
    remainder), every number from `min` (default 0) to `max`."""
    p = _params(c, {"n": int, "ops": list}, {"min": int, "max": int})
    ops = {_OPS.get(o.strip(), "?") for o in p["ops"]}
    if not p["n"] or "?" in ops or p.get("min", 0) > p.get("max", math.inf):
        raise BadCheck("check 'worksheet_sums': n at least 1, ops among + - × ÷, min not above max")
    lo, hi = p.get("min", 0), p.get("max", math.inf)
    found = []
    for ln in text.splitlines():
        for m in _SUM.finditer(ln):
            a, op, b, r = int(m.group(1)), _OPS[m.group(2)], int(m.group(3)), int(m.group(4))
            right = {"+": a + b == r, "-": a - b == r, "×": a * b == r, "÷": b != 0 and b * r == a}[op]
            if not right or op not in ops or not all(lo <= x <= hi for x in (a, b, r)):
                return False
            found.append((a, op, b))
    return bool(words(text)) and len(found) == len(set(found)) == p["n"]


# ------------------------------------------------------------------ times and training


def _clock(s: str) -> int | None:
    """Seconds in "m:ss" or "h:mm:ss"."""
    parts = s.split(":")
    if not all(x.isdigit() for x in parts) or any(len(x) != 2 for x in parts[1:]) or len(parts) not in (2, 3):
        return None
    if any(int(x) > 59 for x in parts[1:]):
        return None
    return sum(int(x) * 60**i for i, x in enumerate(reversed(parts)))


_TIME = re.compile(r"(?<![\d:.])\d{1,2}(?::\d{2}){1,2}(?![\d:])")


def split_times(c: dict, text: str) -> bool:
    """Elapsed times at each marker of a run at an even pace: for each whole `unit` ("km" or
    "mile") from 1 to `distance`, a line naming that marker (km 3, 3 km, Mile 3, a table row
    starting with 3) has the time `pace` ("5:30", per unit) times the marker, within a second, as
    m:ss or h:mm:ss."""
    p = _params(c, {"distance": int, "pace": str}, {"unit": str})
    unit = p.get("unit", "km").strip().lower()
    pace = _clock(p["pace"].strip())
    if not p["distance"] or not pace or unit not in ("km", "mile"):
        raise BadCheck("check 'split_times': distance at least 1, pace like 5:30, unit km or mile")
    names = r"(?:km|kms|k|kilometres?|kilometers?)" if unit == "km" else r"(?:mi|miles?)"
    marker = re.compile(rf"\b{names}\s*#?(\d+)\b|\b(\d+)\s*{names}\b", re.I)
    at: dict[int, list[int]] = {}
    for ln in text.splitlines():
        marks = [int(m.group(1) or m.group(2)) for m in marker.finditer(ln)]
        row = re.match(r"^\s*\|\s*(\d+)\s*\|", ln)
        if row:
            marks.append(int(row.group(1)))
        times = [t for t in (_clock(x) for x in _TIME.findall(ln)) if t is not None]
        for k in marks:
            at.setdefault(k, []).extend(times)
    return bool(words(text)) and all(
        any(abs(t - k * pace) <= 1 for t in at.get(k, ())) for k in range(1, p["distance"] + 1)
    )


_REST = re.compile(r"\b(?:rest|off|recover(?:y)?|break|pause)\b", re.I)
_END = re.compile(r"\b(?:done|finish(?:ed)?|end|complete|cool[- ]?down|stop|total)\b", re.I)
_WORK = re.compile(r"\b(?:work|on|go|sprint|effort|exercise)\b", re.I)


def interval_schedule(c: dict, text: str) -> bool:
    """An interval timer: lines starting a phase at a time (m:ss; the first time on the line)
    alternate work and rest (a line saying rest, off, recovery, break or pause) from 0:00: `rounds`
    work phases of `work` seconds, each but perhaps the last followed by `rest` seconds of rest
    (lines saying done, finish, total or cool-down aside; a line of two times, or of two spans of
    two, and neither word is a work start and a rest start)."""
    p = _params(c, {"rounds": int, "work": int, "rest": int})
    if not p["rounds"] or not p["work"] or not p["rest"]:
        raise BadCheck("check 'interval_schedule': rounds, work and rest at least 1")
    got = []
    for ln in text.splitlines():
        times = [t for t in (_clock(x) for x in _TIME.findall(ln)) if t is not None]
        if not times or (_END.search(ln) and not _REST.search(ln)):
            continue
        if len(times) in (2, 4) and not _REST.search(ln) and not _WORK.search(ln):
            # a row "| 1 | 0:00 | 0:20 |", or of two spans "| 1 | 0:00-0:20 | 0:20-0:30 |"
            got += [(times[0], "work"), (times[len(times) // 2], "rest")]
        else:
            got.append((times[0], "rest" if _REST.search(ln) else "work"))
    cycle = p["work"] + p["rest"]
    want = [x for i in range(p["rounds"]) for x in ((i * cycle, "work"), (i * cycle + p["work"], "rest"))]
    return bool(words(text)) and got in (want, want[:-1])


# ------------------------------------------------------------------ picks, teams and words


def passphrases(c: dict, text: str) -> bool:
    """Passphrases, one a line: the lines that are one token holding `separator` (default "-"; list
    marks and code quotes aside) are `n` different phrases of `words` letter-only words each, no
    word twice in a phrase, all lower case if `case` is "lower"."""
    p = _params(c, {"n": int, "words": int}, {"separator": str, "case": str})
    sep = p.get("separator", "-")
    if not p["n"] or p["words"] < 2 or p.get("case", "any") not in ("any", "lower") or sep.isalnum():
        raise BadCheck("check 'passphrases': n at least 1, words at least 2, case lower or any")
    found = []
    for ln in lines(text):
        body = _line_body(ln).strip("`*_ ").rstrip(".,")
        if sep in body and " " not in body.strip():
            found.append(body)
    if not words(text) or len(found) != p["n"] or len({f.lower() for f in found}) != len(found):
        return False
    for f in found:
        parts = f.split(sep)
        if len(parts) != p["words"] or not all(re.fullmatch(r"[A-Za-z]+", w) for w in parts):
            return False
        if len({w.lower() for w in parts}) != len(parts) or (p.get("case") == "lower" and f != f.lower()):
            return False
    return True


def random_picks(c: dict, text: str) -> bool:
    """`n` different whole numbers from `low` to `high`, in ascending order if `order` says so:
    on one line holding only them (with commas, "and" or a label before a colon), or on `n` lines
    in a row holding one each (list marks, a label before a colon and a # aside)."""
    p = _params(c, {"n": int, "low": int, "high": int}, {"order": str})
    n, lo, hi = p["n"], p["low"], p["high"]
    if not n or lo > hi or hi - lo + 1 < n or p.get("order", "any") not in ("any", "ascending"):
        raise BadCheck("check 'random_picks': n at least 1 and at most the range, order any or ascending")

    def fits(nums: list[int]) -> bool:
        ok = len(nums) == n == len(set(nums)) and all(lo <= x <= hi for x in nums)
        return ok and (p.get("order") != "ascending" or nums == sorted(nums))

    singles: list[int | None] = []
    for ln in text.splitlines():
        body = _line_body(ln) if not re.match(r"^\s*\d+\s*$", ln) else ln.strip()
        label = body.split(":", 1)[0]
        rest = body.split(":", 1)[1] if ":" in body and re.search(r"[A-Za-z]", label) else body
        single = re.fullmatch(r"#?(\d+)[.,!]?", rest.strip("*_` "))
        singles.append(int(single.group(1)) if single else None)
        if not re.search(r"[A-Za-z]", re.sub(r"\band\b", "", rest, flags=re.I)):
            if fits([int(x) for x in re.findall(r"\d+", rest)]):
                return bool(words(text))
    runs = [singles[i : i + n] for i in range(len(singles) - n + 1)]
    return bool(words(text)) and any(None not in r and fits(r) for r in runs)


_TEAM = re.compile(r"^\s*(?:#+\s*|[-*]\s+)?(?:\*\*|__)?\s*(?:team|group)\b", re.I)


def _pairs(c: dict, p: dict, name: str, names: set[str]) -> list[tuple[str, str]]:
    out = []
    for x in p.get(name, ()):
        a, _, b = x.partition("/")
        if a.strip().lower() not in names or b.strip().lower() not in names:
            raise BadCheck(f"check {c['check']!r}: {name} pairs are 'A/B' of listed names")
        out.append((a.strip().lower(), b.strip().lower()))
    return out


def team_split(c: dict, text: str) -> bool:
    """People split into teams: `teams` blocks, each a "Team ..." / "Group ..." line (names after
    its colon count) and the lines under it up to a blank line, that hold every name of `names`
    once in all, `size` each where given (else sizes at most one apart), the pairs of `apart`
    ("A/B") in different teams and those of `together` in one."""
    p = _params(c, {"names": list, "teams": int}, {"size": int, "apart": list, "together": list})
    names = [x.strip() for x in p["names"]]
    low = {x.lower() for x in names}
    if p["teams"] < 2 or len(low) != len(names) or p["teams"] * p.get("size", 1) > len(names):
        raise BadCheck("check 'team_split': two teams or more, names once each, enough names")
    if "size" in p and p["size"] * p["teams"] != len(names):
        raise BadCheck("check 'team_split': size times teams is the number of names")
    apart, together = _pairs(c, p, "apart", low), _pairs(c, p, "together", low)
    rx = re.compile(
        r"(?<![\w])(" + "|".join(re.escape(x) for x in sorted(names, key=len, reverse=True)) + r")(?![\w])",
        re.I,
    )
    teams: list[list[str]] = []
    open_ = False
    for ln in text.splitlines():
        if _TEAM.match(ln):
            teams.append([m.lower() for m in rx.findall(ln.split(":", 1)[1])] if ":" in ln else [])
            open_ = True
        elif not ln.strip():
            open_ = open_ and not teams[-1]
        elif open_:
            teams[-1].extend(m.lower() for m in rx.findall(ln))
    every = [x for t in teams for x in t]
    if not words(text) or len(teams) != p["teams"] or sorted(every) != sorted(low):
        return False
    sizes = [len(t) for t in teams]
    if ("size" in p and set(sizes) != {p["size"]}) or max(sizes) - min(sizes) > 1:
        return False
    team_of = {x: i for i, t in enumerate(teams) for x in t}
    return all(team_of[a] != team_of[b] for a, b in apart) and all(
        team_of[a] == team_of[b] for a, b in together
    )


def _chain_items(text: str) -> list[str]:
    rows = lines(text)
    marked = [ln for ln in rows if re.match(r"^\s*(?:[-*•]|\d+[.)])\s+\S", ln)]
    if len(marked) >= 2:
        return [_line_body(ln) for ln in marked]
    for ln in rows:
        parts = re.split(r"\s*(?:→|->|⇒|,)\s*", _line_body(ln))
        if len(parts) >= 3:
            return parts
    return [_line_body(ln) for ln in rows]


def word_chain(c: dict, text: str) -> bool:
    """A word chain: `n` different items (list items, else the items of a line split at arrows or
    commas, else the lines), each starting with the letter the one before ends with (letters only,
    any case; a note in brackets or after a colon or dash aside), the first with `start` if given."""
    p = _params(c, {"n": int}, {"start": str})
    start = p.get("start", "").strip().lower()
    if p["n"] < 2 or (start and not (len(start) == 1 and start.isalpha())):
        raise BadCheck("check 'word_chain': n at least 2, start one letter")
    items = []
    for raw in _chain_items(text):
        item = re.sub(r"\([^)]*\)", "", raw)
        item = re.split(r"\s+[-–—]\s+|:", item)[0]
        letters = re.sub(r"[^A-Za-zÀ-ÿ]", "", item).lower()
        if letters:
            items.append(letters)
    if not words(text) or len(items) != p["n"] or len(set(items)) != len(items):
        return False
    if start and items[0][0] != start:
        return False
    return all(a[-1] == b[0] for a, b in zip(items, items[1:]))


# ------------------------------------------------------------------ timestamps and branches


def unix_timestamps(c: dict, text: str) -> bool:
    """Unix timestamps in seconds: the one of each moment of `times` (ISO 8601 with an offset, like
    2027-01-01T00:00:00+00:00) is in the answer, and every other 9 to 11 digit number in it is
    one of them."""
    p = _params(c, {"times": list})
    want = set()
    for t in p["times"]:
        try:
            moment = datetime.fromisoformat(t.strip().replace("Z", "+00:00"))
        except ValueError:
            raise BadCheck(f"check 'unix_timestamps': {t!r} is not ISO 8601") from None
        if moment.tzinfo is None:
            raise BadCheck(f"check 'unix_timestamps': {t!r} has no offset")
        want.add(int(moment.timestamp()))
    found = {int(x) for x in re.findall(r"(?<![\d.,])\d{9,11}(?![\d,]|\.\d)", text)}
    return bool(words(text)) and found == want


def branch_names(c: dict, text: str) -> bool:
    """Git branch names, one per ticket of `tickets`: every name in the answer starting with one of
    `prefixes` and a "/" is prefix/TICKET-words, the words lower-case letters and digits between
    single hyphens, at most `max_length` characters where given, each ticket's name one."""
    p = _params(c, {"tickets": list, "prefixes": list}, {"max_length": int})
    tickets = [t.strip() for t in p["tickets"]]
    prefixes = [x.strip().strip("/") for x in p["prefixes"]]
    if not all(re.fullmatch(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*", t) for t in tickets + prefixes):
        raise BadCheck("check 'branch_names': tickets and prefixes are like SHOP-101 and feature")
    if p.get("max_length") == 0:
        raise BadCheck("check 'branch_names': max_length is at least 1")
    alts = "|".join(re.escape(x) for x in prefixes)
    found = {m.rstrip(".,;:)`'\"") for m in re.findall(rf"(?<![\w/.-])(?:{alts})/[\w./-]+", text)}
    shape = re.compile(
        rf"(?:{alts})/({'|'.join(re.escape(t) for t in sorted(tickets, key=len, reverse=True))})"
        r"-[a-z0-9]+(?:-[a-z0-9]+)*"
    )
    per = {t: 0 for t in tickets}
    for name in found:
        m = shape.fullmatch(name)
        if not m or len(name) > p.get("max_length", len(name)):
            return False
        per[m.group(1)] += 1
    return bool(words(text)) and all(k == 1 for k in per.values())


# ------------------------------------------------------------------ links and web pages

_DEFINITION = re.compile(r"^\s{0,3}\[([^\]\n]+)\]:\s*<?([^\s>]+)>?(?:\s+[\"'(].*)?\s*$", re.M)


def reference_links(c: dict, text: str) -> bool:
    """Reference-style markdown links: at least `min` (default 1) links written [text][label],
    [label][] or [label], each label defined on a "[label]: url" line, no inline [text](url)
    link, and every URL of `urls` among the definitions."""
    p = _params(c, {}, {"min": int, "urls": list})
    if p.get("min") == 0:
        raise BadCheck("check 'reference_links': min is at least 1")
    need = p.get("min", 1)
    body = re.sub(r"```.*?```", " ", text, flags=re.S)
    if not words(body):
        return False
    defs = {" ".join(k.lower().split()): u for k, u in _DEFINITION.findall(body)}
    prose = _DEFINITION.sub(" ", body)
    if re.search(r"\[[^\]\n]*\]\([^)\s]+[^)]*\)", prose):
        return False
    used = set()
    for m in re.finditer(r"(?<![\]\\])\[([^\]\n]+)\](?:\[([^\]\n]*)\])?(?![(:])", prose):
        label = " ".join((m.group(2) or m.group(1)).lower().split())
        if m.group(2) is not None or label in defs:
            if label not in defs:
                return False
            used.add(label)
    urls = {u.rstrip("/") for u in defs.values()}
    return len(used) >= need and all(u.strip().rstrip("/") in urls for u in p.get("urls", ()))


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.doctype, self.lang, self.title, self.in_title = False, None, None, False
        self.metas, self.links, self.scripts = [], [], []

    def handle_decl(self, decl):
        self.doctype |= decl.strip().lower() == "doctype html"

    def handle_starttag(self, tag, attrs):
        a = {k.lower(): (v or "") for k, v in attrs}
        if tag == "html" and self.lang is None:
            self.lang = a.get("lang", "")
        elif tag == "meta":
            self.metas.append(a)
        elif tag == "link":
            self.links.append(a)
        elif tag == "script":
            self.scripts.append(a)
        elif tag == "title" and self.title is None:
            self.in_title, self.title = True, ""

    def handle_endtag(self, tag):
        if tag == "title":
            self.in_title = False

    def handle_data(self, data):
        if self.in_title:
            self.title += data


_META = ("charset", "viewport", "description")


def _path(url: str) -> str:
    return url.strip().removeprefix("./").lstrip("/")


def html_boilerplate(c: dict, text: str) -> bool:
    """An HTML5 page skeleton: <!DOCTYPE html>, <html lang> of `lang` (or a region of it, en-GB
    for en) where given, a <title> reading `title` (any case), the `meta` asked for ("charset":
    UTF-8, "viewport": width=device-width, "description": some content), a stylesheet <link> to
    each of `stylesheets` and a <script src> of each of `scripts`."""
    p = _params(c, {"title": str}, {"lang": str, "meta": list, "stylesheets": list, "scripts": list})
    if not set(m.lower() for m in p.get("meta", ())) <= set(_META):
        raise BadCheck(f"check 'html_boilerplate': meta is among {_META}")
    if not words(text):
        return False
    page = _Page()
    page.feed("\n".join(_fenced(text)) or text)
    if not page.doctype or page.lang is None or page.title is None:
        return False
    lang = p.get("lang", "").strip().lower()
    if lang and not (page.lang.lower() == lang or page.lang.lower().startswith(lang + "-")):
        return False
    if " ".join(page.title.split()).lower() != " ".join(p["title"].split()).lower():
        return False
    for want in (m.lower() for m in p.get("meta", ())):
        if want == "charset":
            ok = any(m.get("charset", "").lower().replace("-", "") == "utf8" for m in page.metas) or any(
                "charset=utf-8" in m.get("content", "").lower().replace(" ", "") for m in page.metas
            )
        elif want == "viewport":
            ok = any(
                m.get("name", "").lower() == "viewport"
                and "width=device-width" in m.get("content", "").lower()
                for m in page.metas
            )
        else:
            ok = any(
                m.get("name", "").lower() == "description" and m.get("content", "").strip()
                for m in page.metas
            )
        if not ok:
            return False
    sheets = {_path(a.get("href", "")) for a in page.links if "stylesheet" in a.get("rel", "").lower()}
    srcs = {_path(a.get("src", "")) for a in page.scripts}
    return all(_path(s) in sheets for s in p.get("stylesheets", ())) and all(
        _path(s) in srcs for s in p.get("scripts", ())
    )


TEST13_CHECKS = {
    f.__name__: f
    for f in (
        regex_tests, sql_inserts, table_total_row, column_alignment, reference_links, html_boilerplate,
        css_declarations, apache_redirects, hosts_entries, desktop_entry, latex_tabular, ean13_codes,
        mac_addresses, worksheet_sums, split_times, interval_schedule, passphrases, random_picks,
        team_split, word_chain, unix_timestamps, branch_names,
    )
}  # fmt: skip
