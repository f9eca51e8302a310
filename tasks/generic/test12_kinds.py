"""The check kinds added to the generic scorer for the test12 rows (tasks/tools/generic_test12.py),
written with those rows, blind to the observers: each takes the row's check dict and the answer and
says whether it holds, on the terms of the scorer's own kinds: bad parameters raise BadCheck
whatever the text, and an answer with no word meets none of them. scorer.check finds them through
scorer._split_checks, before the older splits' kinds. The file and code formats (YAML, JSON, an
SQLite query, curl, nginx, ssh config, a sitemap, SVG, Mermaid, requirements.txt) are in
test12_kinds2, to keep each module short."""

from __future__ import annotations

import base64
import binascii
import html
import ipaddress
import re
from html.parser import HTMLParser

from selfrefine.tasks.generic.scorer import BadCheck, _params, _positive, words
from selfrefine.tasks.generic.test11_kinds2 import _counted, _unmark
from selfrefine.tasks.generic.test12_kinds2 import (
    curl_command,
    json_paths,
    mermaid_sequence,
    nginx_server,
    requirements_pins,
    sitemap_urls,
    sql_query_result,
    ssh_config_hosts,
    svg_image,
    yaml_keys,
)


def _name_rx(names: list[str]) -> re.Pattern:
    alts = "|".join(re.escape(n.strip()) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w])({alts})(?![\w])", re.I)


def _amounts(c: dict, values: dict) -> dict[str, float]:
    """{name: number} checked: names not empty or twice, numbers not negative."""
    out = {}
    for k, v in values.items():
        if not str(k).strip() or isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0:
            raise BadCheck(f"check {c['check']!r}: {k!r} needs a number of 0 or more")
        out[str(k).strip()] = float(v)
    if not out or len({k.lower() for k in out}) != len(out):
        raise BadCheck(f"check {c['check']!r}: give each name once")
    return out


# ------------------------------------------------------------------ web pages and mail


def _attrs(tag: str) -> dict:
    return {
        k.lower(): html.unescape(a or b)
        for k, a, b in re.findall(r"""([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""", tag)
    }


def open_graph_tags(c: dict, text: str) -> bool:
    """Social sharing meta tags: for each name of `tags` (og:title, twitter:card ...) a <meta>
    with that property or name whose content holds the value given (any case; "" for any
    non-empty content), and no such tag with another content."""
    p = _params(c, {"tags": dict})
    tags = p["tags"]
    if not tags or not all(isinstance(v, str) and str(k).strip() for k, v in tags.items()):
        raise BadCheck("check 'open_graph_tags': tags maps a property to a text")
    if not words(text):
        return False
    metas = [_attrs(t) for t in re.findall(r"<meta\b[^>]*>", text, re.I)]
    for name, want in tags.items():
        found = [
            m.get("content", "").strip()
            for m in metas
            if name.strip().lower() in (m.get("property", "").lower(), m.get("name", "").lower())
        ]
        if not found or not all(x and want.strip().lower() in x.lower() for x in found):
            return False
    return True


class _Tables(HTMLParser):
    """The rows of each <table>: (cell tag, text) lists."""

    def __init__(self):
        super().__init__()
        self.tables: list[list[list[tuple[str, str]]]] = []
        self.depth, self.cell = 0, None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
            self.depth += 1
        elif tag == "tr" and self.depth:
            self.tables[-1].append([])
        elif tag in ("td", "th") and self.depth and self.tables[-1]:
            self.cell = [tag, ""]
            self.tables[-1][-1].append(self.cell)

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.cell = None
        elif tag == "table" and self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if self.cell is not None:
            self.cell[1] += data


def html_table(c: dict, text: str) -> bool:
    """An HTML <table>: a first row of <th> cells reading `headers` (any case), then `rows` rows
    of as many cells, their first cells holding `first_column` in order where it is given."""
    p = _params(c, {"headers": list, "rows": int}, {"first_column": list})
    n = _positive(c, p, "rows")
    if not n or ("first_column" in p and len(p["first_column"]) != n):
        raise BadCheck("check 'html_table': rows at least 1, and first_column has rows items")
    if not words(text):
        return False
    parser = _Tables()
    parser.feed(text)
    want = [h.strip().lower() for h in p["headers"]]
    for table in parser.tables:
        rows = [[(tag, " ".join(t.split())) for tag, t in r] for r in table if r]
        if not rows or [t.lower() for _, t in rows[0]] != want or any(tag != "th" for tag, _ in rows[0]):
            continue
        body = rows[1:]
        if len(body) != n or any(len(r) != len(want) or not all(t for _, t in r) for r in body):
            continue
        if all(x.strip().lower() in r[0][1].lower() for x, r in zip(p.get("first_column", ()), body)):
            return True
    return False


_ALERT = re.compile(r"^\s*>\s*\[!(\w+)\]\s*$")
_ALERT_TYPES = ("NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION")


def gfm_alerts(c: dict, text: str) -> bool:
    """GitHub alerts: a "> [!NOTE]" line (NOTE, TIP, IMPORTANT, WARNING or CAUTION) followed by
    a "> text" line, for each type of `types`; every "> [!X]" line is one of the five types and
    has text under it."""
    p = _params(c, {"types": list})
    want = {t.strip().upper() for t in p["types"]}
    if not want <= set(_ALERT_TYPES):
        raise BadCheck(f"check 'gfm_alerts': types are among {_ALERT_TYPES}")
    rows = text.splitlines()
    seen = set()
    for i, ln in enumerate(rows):
        m = _ALERT.match(ln)
        if not m:
            continue
        kind = m.group(1).upper()
        after = rows[i + 1] if i + 1 < len(rows) else ""
        if kind not in _ALERT_TYPES or not re.match(r"^\s*>", after) or not words(after):
            return False
        seen.add(kind)
    return bool(words(text)) and want <= seen


_VAGUE = {"here", "click here", "this", "this link", "link", "click", "read more", "more", "click this", "go"}


def descriptive_links(c: dict, text: str) -> bool:
    """Links that say where they go: at least `min` (default 1) links ([text](url) in markdown,
    images aside, <a href>text</a>, or a bare or <autolinked> URL, which names itself), none of
    whose texts is "here", "click here", "this link", "read more" or the like (any case,
    punctuation aside) or one of `avoid`."""
    p = _params(c, {}, {"min": int, "avoid": list})
    need = _positive(c, p, "min") or 1
    vague = _VAGUE | {x.strip().lower() for x in p.get("avoid", ())}
    md = re.compile(r"(?<!!)\[([^\]\n]*)\]\([^)\s]+(?:\s+\"[^\"]*\")?\)")
    anchor = re.compile(r"<a\b[^>]*\bhref[^>]*>(.*?)</a>", re.I | re.S)
    found = md.findall(text) + [re.sub(r"<[^>]+>", "", t) for t in anchor.findall(text)]
    rest = anchor.sub(" ", re.sub(r"!?\[[^\]\n]*\]\([^)\n]*\)", " ", text))
    found += re.findall(r"https?://[^\s<>)\]\"'`]+", rest)
    texts = [" ".join(re.sub(r"[^\w\s]", " ", t).lower().split()) for t in found]
    return bool(words(text)) and len(texts) >= need and all(t and t not in vague for t in texts)


_SPF_TERM = re.compile(
    r"[-+~?]?(?:all|include:\S+|a(?::\S+)?|mx(?::\S+)?|ip4:[\d./]+|ip6:[0-9A-Fa-f:./]+|exists:\S+|ptr(?::\S+)?)"
    r"|redirect=\S+|exp=\S+",
    re.I,
)


def spf_record(c: dict, text: str) -> bool:
    """An SPF TXT record: some "v=spf1 ..." in the answer whose every term is an SPF mechanism or
    modifier, that includes each domain of `includes` (include:domain) and ends with `all` (as
    "-all" or "~all", default "-all")."""
    p = _params(c, {}, {"includes": list, "all": str})
    end = p.get("all", "-all").strip().lower()
    if end not in ("-all", "~all", "?all", "+all"):
        raise BadCheck("check 'spf_record': all is -all, ~all, ?all or +all")
    if not words(text):
        return False
    for m in re.finditer(r"v=spf1\b([^\"'\n`|<]*)", text, re.I):
        terms = m.group(1).split()
        if terms:
            terms[-1] = terms[-1].rstrip(".,;)")
        if not terms or not all(_SPF_TERM.fullmatch(t) for t in terms):
            continue
        last = terms[-1].lower()
        if (last if last[0] in "-+~?" else "+" + last) != (end if end[0] in "-+~?" else "+" + end):
            continue
        if sum(t.lower().lstrip("-+~?") == "all" for t in terms) != 1:
            continue
        have = {
            t.lower().lstrip("+")[8:].rstrip(".")
            for t in terms
            if t.lower().lstrip("+").startswith("include:")
        }
        if all(d.strip().lower().rstrip(".") in have for d in p.get("includes", ())):
            return True
    return False


# ------------------------------------------------------------------ test data

_UUID = re.compile(
    r"(?<![0-9A-Fa-f-])([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})(?![0-9A-Fa-f-])",
    re.I,
)


def uuids(c: dict, text: str) -> bool:
    """UUIDs: every one in the answer has the version digit `version` (default 4) and the RFC 4122
    variant (8, 9, a or b), none is repeated, and there are `n`, or `min` (default 1) to `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int, "version": int})
    lo, hi = _counted(c, {k: v for k, v in p.items() if k != "version"})
    version = p.get("version", 4)
    if not 1 <= version <= 8:
        raise BadCheck("check 'uuids': version is 1 to 8")
    found = [m.group(0).lower() for m in _UUID.finditer(text)]
    if not words(text) or len(set(found)) != len(found):
        return False
    ok = all(u[14] == str(version) and u[19] in "89ab" for u in found)
    return ok and lo <= len(found) <= hi


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def luhn_numbers(c: dict, text: str) -> bool:
    """Card-like numbers that pass the Luhn check: every run of 12 to 19 digits (spaces or dashes
    between groups allowed) passes it, has `digits` digits and starts with `prefix` where they
    are given, none is repeated, and there are `n`, or `min` (default 1) to `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int, "digits": int, "prefix": str})
    lo, hi = _counted(c, {k: v for k, v in p.items() if k in ("n", "min", "max")})
    if "digits" in p and not 12 <= p["digits"] <= 19:
        raise BadCheck("check 'luhn_numbers': digits is 12 to 19")
    if not p.get("prefix", "0").strip().isdigit():
        raise BadCheck("check 'luhn_numbers': prefix is digits")
    runs = [re.sub(r"[ -]", "", m) for m in re.findall(r"(?<![\d-])\d(?:[ -]?\d){11,18}(?![\d])", text)]
    if not words(text) or len(set(runs)) != len(runs):
        return False
    ok = all(
        _luhn(r) and len(r) == p.get("digits", len(r)) and r.startswith(p.get("prefix", "").strip())
        for r in runs
    )
    return ok and lo <= len(runs) <= hi


def ips_in_subnet(c: dict, text: str) -> bool:
    """IPv4 addresses for hosts of `cidr`: every address in the answer (the network written with
    its /prefix aside) is in it, neither its network nor its broadcast address nor one of
    `exclude`, none is repeated, and there are `n`, or `min` (default 1) to `max`."""
    p = _params(c, {"cidr": str}, {"n": int, "min": int, "max": int, "exclude": list})
    lo, hi = _counted(c, {k: v for k, v in p.items() if k in ("n", "min", "max")})
    try:
        net = ipaddress.IPv4Network(p["cidr"].strip())
        skip = {ipaddress.IPv4Address(x.strip()) for x in p.get("exclude", ())}
    except ValueError:
        raise BadCheck(
            "check 'ips_in_subnet': cidr is a network like 10.0.0.0/24, exclude addresses"
        ) from None
    found = []
    for m in re.finditer(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d.]|/\d)", text):
        try:
            found.append(ipaddress.IPv4Address(m.group(1)))
        except ValueError:
            return False
    if not words(text) or len(set(found)) != len(found):
        return False
    usable = all(
        a in net and a not in (net.network_address, net.broadcast_address) and a not in skip for a in found
    )
    return usable and lo <= len(found) <= hi


def base64_text(c: dict, text: str) -> bool:
    """`text` in Base64: some run of Base64 characters in the answer decodes to exactly its UTF-8
    bytes (the = padding may be left off)."""
    p = _params(c, {"text": str})
    want = p["text"].encode()
    for m in re.findall(r"(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{4,}={0,2}(?![A-Za-z0-9+/=])", text):
        try:
            if base64.b64decode(m.rstrip("=") + "=" * (-len(m.rstrip("=")) % 4), validate=True) == want:
                return bool(words(text))
        except (binascii.Error, ValueError):
            continue
    return False


# ------------------------------------------------------------------ colours and music


def rgb_conversions(c: dict, text: str) -> bool:
    """Hex colours as rgb(): each colour of `colors` ("#1e88e5") is on a line with an
    rgb(r, g, b) (commas or spaces apart), and every such line gives its right values."""
    p = _params(c, {"colors": list})
    want = {}
    for h in p["colors"]:
        if not re.fullmatch(r"#?[0-9A-Fa-f]{6}", h.strip()):
            raise BadCheck(f"check 'rgb_conversions': {h!r} is not #rrggbb")
        d = h.strip().lstrip("#").lower()
        want[d] = [int(d[i : i + 2], 16) for i in (0, 2, 4)]
    seen = set()
    for ln in text.splitlines():
        rgb = re.findall(r"rgba?\(\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*[,/)]", ln, re.I)
        for d in re.findall(r"#([0-9A-Fa-f]{6})(?![0-9A-Fa-f])", ln):
            if d.lower() in want and rgb:
                if [int(x) for x in rgb[0]] != want[d.lower()]:
                    return False
                seen.add(d.lower())
    return bool(words(text)) and seen == set(want)


_PITCH = {"c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11}
_NOTE = re.compile(r"(?<![A-Za-z#♯♭])([A-G])(♭|♯|#|b|[ -]flat\b|[ -]sharp\b)?(?![A-Za-z0-9#♯♭])")


def _accidental(s: str | None) -> int:
    s = (s or "").strip(" -")
    return -1 if s in ("b", "♭", "flat") else 1 if s in ("#", "♯", "sharp") else 0


def _spell_scale(tonic: str, mode: str) -> list[tuple[str, int]]:
    """The seven notes of a major or natural minor scale as (letter, accidental)."""
    steps = [2, 2, 1, 2, 2, 2, 1] if mode == "major" else [2, 1, 2, 2, 1, 2, 2]
    letters = "cdefgab"
    letter, acc = tonic[0].lower(), _accidental(tonic[1:])
    pitch, out = _PITCH[letter] + acc, []
    start = letters.index(letter)
    for i in range(7):
        name = letters[(start + i) % 7]
        out.append((name, (pitch - _PITCH[name] + 6) % 12 - 6))
        pitch += steps[i]
    return out


def scale_notes(c: dict, text: str) -> bool:
    """The notes of the `mode` (major, or natural minor) scale on `tonic` ("Eb"), spelled right
    (one of each letter; Eb, E♭ or E flat), come in the answer in order as a run of its notes."""
    p = _params(c, {"tonic": str, "mode": str})
    tonic, mode = p["tonic"].strip(), p["mode"].strip().lower()
    if not re.fullmatch(r"[A-Ga-g](?:b|#)?", tonic) or mode not in ("major", "minor"):
        raise BadCheck("check 'scale_notes': tonic is like Eb or F#, mode major or minor")
    want = _spell_scale(tonic, mode)
    got = [(m.group(1).lower(), _accidental(m.group(2))) for m in _NOTE.finditer(text)]
    return bool(words(text)) and any(got[i : i + 7] == want for i in range(len(got) - 6))


_CHORD = re.compile(
    r"(?<![\w#♯♭/])([A-G])([#♯b♭]?)((?:maj|min|m|dim|aug|sus|add|M|\+|°)?\d*(?:sus\d|add\d+)?)"
    r"(?:/([A-G])([#♯b♭]?))?(?![\w#♯♭])"
)


def _chord(m: re.Match) -> tuple:
    def pc(letter: str, acc: str) -> int:
        return (_PITCH[letter.lower()] + {"#": 1, "♯": 1, "b": -1, "♭": -1}.get(acc, 0)) % 12

    quality = {"min": "m"}.get(m.group(3), m.group(3))
    bass = pc(m.group(4), m.group(5)) if m.group(4) else None
    return pc(m.group(1), m.group(2)), quality, bass


def transposed_chords(c: dict, text: str) -> bool:
    """`chords` moved up `semitones` (0-11; 10 is a whole step down): the transposed chords come
    in the answer's chords in that order (other chords between them aside), each the right root
    (either spelling: A# or Bb), the same quality (m, 7, maj7, sus4 ...) and the right bass note."""
    p = _params(c, {"chords": list, "semitones": int})
    shift = p["semitones"]
    if not 0 <= shift <= 11:
        raise BadCheck("check 'transposed_chords': semitones is 0 to 11")
    given = [_CHORD.fullmatch(x.strip()) for x in p["chords"]]
    if not all(given):
        raise BadCheck("check 'transposed_chords': a chord is not like G, Em, D7 or C/G")
    want = []
    for m in given:
        root, quality, bass = _chord(m)
        want.append(((root + shift) % 12, quality, None if bass is None else (bass + shift) % 12))
    it = iter(_chord(m) for m in _CHORD.finditer(text))
    return bool(words(text)) and all(w in it for w in want)


# ------------------------------------------------------------------ money and amounts

_CASH = re.compile(
    r"[$£€]\s?(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)"
    r"|(\d+(?:\.\d{1,2})?)\s?(?:dollars|pounds|euros|usd|gbp|eur)\b",
    re.I,
)
_BARE = re.compile(r"(?<![\w.])(\d+(?:\.\d{1,2})?)(?![\w.%])")
_PAYS = re.compile(
    r"\b(?:pays?|owes?|sends?|gives?|transfers?|venmos?|reimburses?)\b|→|->|⇒|\w\s+to\s+\w", re.I
)
_GETS = re.compile(r"\b(?:receives?|gets?|is owed|collects?)\b[^.]*\bfrom\b", re.I)


def settle_up(c: dict, text: str) -> bool:
    """Who pays whom so that a shared cost of `paid` (name -> what each paid) is split equally:
    lines naming a payer, then each payee with an amount after it ("Sam pays Maya $90", "Sam ->
    Maya: 90", a table row; "Maya gets $90 from Sam" the other way), read once each, leave
    everyone even within a cent, with at most `max` (default: one fewer than the people) payments."""
    p = _params(c, {"paid": dict}, {"max": int})
    paid = _amounts(c, p["paid"])
    most = _positive(c, p, "max") or len(paid) - 1
    if len(paid) < 2:
        raise BadCheck("check 'settle_up': paid names two people or more")
    share = sum(paid.values()) / len(paid)
    owed = {k.lower(): v - share for k, v in paid.items()}
    who = _name_rx(list(paid))
    moves = set()
    for ln in text.splitlines():
        table = ln.strip().startswith("|")
        s = _unmark(ln.strip().strip("|").replace("|", " "))
        if not (table or _PAYS.search(s) or _GETS.search(s)):
            continue
        payer = payee = mode = None
        for part in [s] if table else re.split(r"[,;&]|\band\b", s):
            names = [m.lower() for m in who.findall(part)]
            if len(names) >= 2:
                mode = "gets" if _GETS.search(part) else "pays"
                payer, payee = (names[-1], names[0]) if mode == "gets" else (names[0], names[1])
            elif len(names) == 1 and mode:
                payer, payee = (names[0], payee) if mode == "gets" else (payer, names[0])
            else:
                continue
            cash = [m.group(1) or m.group(2) for m in _CASH.finditer(part)] or _BARE.findall(part)
            if cash and payer != payee:
                moves.add((payer, payee, float(cash[0].replace(",", ""))))
    if not words(text) or not moves or len(moves) > most:
        return False
    for payer, payee, amount in moves:
        owed[payer] += amount
        owed[payee] -= amount
    return all(abs(v) <= 0.011 for v in owed.values())


_FRACTIONS = {"½": 0.5, "⅓": 1 / 3, "⅔": 2 / 3, "¼": 0.25, "¾": 0.75, "⅛": 0.125}
_QUANTITY = re.compile(
    r"(?<![\d.,/])(?:(\d+)\s+(\d+)/(\d+)|(\d+)?\s?([½⅓⅔¼¾⅛])|(\d+)/(\d+)|(\d+(?:\.\d+)?))(?![\d/])"
)


def _quantities(line: str) -> list[float]:
    out = []
    for m in _QUANTITY.finditer(line):
        whole, n, d, w2, sym, n2, d2, dec = m.groups()
        if whole:
            out.append(int(whole) + int(n) / int(d) if int(d) else -1)
        elif sym:
            out.append(int(w2 or 0) + _FRACTIONS[sym])
        elif n2:
            out.append(int(n2) / int(d2) if int(d2) else -1)
        else:
            out.append(float(dec))
    return out


def scaled_amounts(c: dict, text: str) -> bool:
    """A recipe scaled: for each ingredient of `items` (name -> the scaled amount), a line naming
    it (any case, a plural s aside) has that amount among its numbers (2.5, 2 1/2, 2½, 1/2) within
    `tolerance` (default 0.02, a share of the amount)."""
    p = _params(c, {"items": dict}, {"tolerance": float})
    items = _amounts(c, p["items"])
    tol = p.get("tolerance", 0.02)
    if not 0 <= tol < 1 or not all(items.values()):
        raise BadCheck("check 'scaled_amounts': amounts above 0, tolerance from 0 to 1")
    rows = text.splitlines()
    for name, amount in items.items():
        rx = re.compile(rf"(?<![\w]){re.escape(name)}(?:e?s)?(?![\w])", re.I)
        if not any(
            rx.search(ln) and any(abs(q - amount) <= amount * tol + 1e-9 for q in _quantities(ln))
            for ln in rows
        ):
            return False
    return bool(words(text))


_DAY = re.compile(r"\bday\s+(\d+)\b", re.I)
_RANGE = re.compile(r"(?<![\d.])(\d+)\s*(?:-|–|—|to|through)\s*(\d+)(?![\d.])", re.I)


def reading_plan(c: dict, text: str) -> bool:
    """A reading plan: lines "Day 1: pages 1-32" for days 1 to `days` in order, each with a page
    range after its day number, the ranges running on from page 1 to `pages` with no gap or
    overlap, and no day reading more than `spread` (default 3) pages more than another."""
    p = _params(c, {"pages": int, "days": int}, {"spread": int})
    pages, days = _positive(c, p, "pages"), _positive(c, p, "days")
    if not pages or not days or days > pages:
        raise BadCheck("check 'reading_plan': pages and days at least 1, no more days than pages")
    spread = p.get("spread", 3)
    plan = []
    for ln in text.splitlines():
        m = _DAY.search(ln)
        r = _RANGE.search(ln, m.end()) if m else None
        if r:
            plan.append((int(m.group(1)), int(r.group(1)), int(r.group(2))))
    if not words(text) or [d for d, _, _ in plan] != list(range(1, days + 1)):
        return False
    at = 1
    for _, a, b in plan:
        if a != at or b < a:
            return False
        at = b + 1
    sizes = [b - a + 1 for _, a, b in plan]
    return at == pages + 1 and max(sizes) - min(sizes) <= spread


TEST12_CHECKS = {
    f.__name__: f
    for f in (
        yaml_keys, json_paths, sql_query_result, curl_command, nginx_server, ssh_config_hosts, spf_record,
        sitemap_urls, svg_image, mermaid_sequence, requirements_pins, open_graph_tags, html_table,
        gfm_alerts, descriptive_links, uuids, luhn_numbers, ips_in_subnet, base64_text, rgb_conversions,
        scale_notes, transposed_chords, settle_up, scaled_amounts, reading_plan,
    )
}  # fmt: skip
