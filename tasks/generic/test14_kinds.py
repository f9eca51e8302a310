"""The check kinds added to the generic scorer for the test14 rows (tasks/tools/generic_test14.py),
written with those rows, blind to the observers: each takes the row's check dict and the answer and
says whether it holds, on the terms of the scorer's own kinds: bad parameters raise BadCheck
whatever the text, and an answer with no word meets none of them. scorer.check finds them through
scorer._split_checks, before the older splits' kinds. The file, config and markup formats (a
docker-compose file, a GitHub Actions workflow, shell aliases, fstab lines, an RSS feed, a
docstring, a Mermaid gantt chart) are in test14_kinds2, to keep each module short."""

from __future__ import annotations

import calendar
import ipaddress
import math
import re
import unicodedata
from datetime import date
from urllib.parse import parse_qsl, urlsplit

from selfrefine.tasks.generic.scorer import BadCheck, _params, numbers, words
from selfrefine.tasks.generic.test13_kinds import _counted, _how_many
from selfrefine.tasks.generic.test13_kinds2 import _amount, _cells, _column, _fenced, _tables
from selfrefine.tasks.generic.test14_kinds2 import (
    _mermaid,
    _norm,
    actions_workflow,
    compose_services,
    fstab_entries,
    google_docstring,
    mermaid_gantt,
    rss_items,
    shell_aliases,
)

# ------------------------------------------------------------------ test data: IBANs and SMS

_IBAN = {"DE": (22, r"\d{18}"), "GB": (22, r"[A-Z]{4}\d{14}"), "FR": (27, r"\d{10}[A-Z0-9]{11}\d{2}"),
         "ES": (24, r"\d{20}"), "IT": (27, r"[A-Z]\d{10}[A-Z0-9]{12}"), "NL": (18, r"[A-Z]{4}\d{10}"),
         "BE": (16, r"\d{12}"), "AT": (20, r"\d{16}"), "CH": (21, r"\d{5}[A-Z0-9]{12}"),
         "IE": (22, r"[A-Z]{4}\d{14}")}  # fmt: skip


def _mod97(iban: str) -> int:
    moved = iban[4:] + iban[:4]
    return int("".join(str(int(ch, 36)) for ch in moved)) % 97


def iban_numbers(c: dict, text: str) -> bool:
    """IBANs of `country` (DE, GB, FR, ES, IT, NL, BE, AT, CH or IE): every one in the answer (its
    length, in groups or not) has that country's account part and a right mod-97 checksum, none
    is repeated, and there are `n`, or `min` (default 1) to `max`."""
    p = _params(c, {"country": str}, {"n": int, "min": int, "max": int})
    lo, hi = _how_many(c, _counted(p))
    country = p["country"].strip().upper()
    if country not in _IBAN:
        raise BadCheck(f"check 'iban_numbers': country is among {sorted(_IBAN)}")
    size, bban = _IBAN[country]
    rx = rf"(?<![A-Za-z0-9]){country}\d{{2}}(?:[ \u00a0]?[A-Z0-9]){{{size - 4}}}(?![A-Za-z0-9])"
    found = [re.sub(r"[ \u00a0]", "", m) for m in re.findall(rx, text)]
    if not words(text) or len(set(found)) != len(found):
        return False
    ok = all(re.fullmatch(bban, f[4:]) and _mod97(f) == 1 for f in found)
    return ok and lo <= len(found) <= hi


_GSM = (
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿"
    "abcdefghijklmnopqrstuvwxyzäöñüà"
)
_GSM_TWO = "^{}\\[~]|€\f"  # the GSM extension table: two septets each


def _sms_parts(msg: str) -> int:
    if all(ch in _GSM or ch in _GSM_TWO for ch in msg):
        units = sum(2 if ch in _GSM_TWO else 1 for ch in msg)
        return 1 if units <= 160 else math.ceil(units / 153)
    units = len(msg.encode("utf-16-le")) // 2  # UCS-2: any other character
    return 1 if units <= 70 else math.ceil(units / 67)


def single_sms(c: dict, text: str) -> bool:
    """A text message that goes out in at most `segments` SMS (default 1): the message (the first
    code block, else the quoted > lines, else the whole answer) in the GSM 7-bit alphabet takes 160
    septets in one SMS (153 a part when split; ^ { } [ ] ~ | € count two), any other character
    makes it UCS-2: 70 characters in one (67 a part)."""
    p = _params(c, {}, {"segments": int})
    if p.get("segments") == 0:
        raise BadCheck("check 'single_sms': segments is at least 1")
    quoted = [ln.strip()[1:].strip() for ln in text.splitlines() if ln.strip().startswith(">")]
    msg = next(iter(_fenced(text)), None) or "\n".join(quoted) or text
    return bool(words(msg)) and _sms_parts(msg.strip()) <= p.get("segments", 1)


# ------------------------------------------------------------------ puzzles and games


def _sudoku_ok(rows: list[str], givens: list[str]) -> bool:
    groups = [r for r in rows] + ["".join(r[i] for r in rows) for i in range(9)]
    groups += [
        "".join(
            rows[r][c] for r in range(b // 3 * 3, b // 3 * 3 + 3) for c in range(b % 3 * 3, b % 3 * 3 + 3)
        )
        for b in range(9)
    ]
    ok = all(sorted(g) == list("123456789") for g in groups)
    return ok and all(g in ".0" or g == x for gr, r in zip(givens, rows) for g, x in zip(gr, r))


_ROW_LABEL = r"^\W*(?:row\s*)?\d\s*(?:[:.)]|\*\*)\W*(?=\d)"  # "Row 1:", "1.", "**1**" before a row


def sudoku_grid(c: dict, text: str) -> bool:
    """A solved sudoku: 9 lines in a row (rule lines of no letter or digit between them aside) of
    9 digits 1-9 each and no letter (a label like "Row 1:" or "1." before them aside; spaces, |
    and the like between them) that form a valid grid and keep every digit of `givens` (9 rows of 9
    characters, digits and . or 0 for blanks)."""
    p = _params(c, {"givens": list})
    givens = [g.strip() for g in p["givens"]]
    if len(givens) != 9 or not all(re.fullmatch(r"[0-9.]{9}", g) for g in givens):
        raise BadCheck("check 'sudoku_grid': givens are 9 rows of 9 digits or dots")
    rows: list[str] = []
    for ln in text.splitlines():
        if not re.search(r"[^\W_]", ln):
            continue  # a rule like ------+------
        body = ln if len(re.sub(r"\D", "", ln)) == 9 else re.sub(_ROW_LABEL, "", ln, flags=re.I)
        digits = re.sub(r"\D", "", body)
        rows = (
            rows + [digits]
            if len(digits) == 9 and "0" not in digits and not re.search(r"[^\W\d_]", body)
            else []
        )
        if len(rows) >= 9 and _sudoku_ok(rows[-9:], givens):
            return bool(words(text))
    return False


_DIRS = {
    "all": [(0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1)],
    "across_down": [(0, 1), (1, 0)],
}


def _hidden(grid: list[str], word: str, steps) -> bool:
    n = len(grid)
    for r in range(n):
        for col in range(n):
            for dr, dc in steps:
                cells = [(r + dr * i, col + dc * i) for i in range(len(word))]
                if all(0 <= a < n and 0 <= b < n and grid[a][b] == ch for (a, b), ch in zip(cells, word)):
                    return True
    return False


def word_search(c: dict, text: str) -> bool:
    """A word search: `size` lines in a row of `size` letters each (spaces, | and other marks
    between them and a row number before them aside; rule lines skipped) in which every word of
    `words` runs in a straight line, in any of the 8 directions, or only left to right and top to
    bottom if `directions` is "across_down" (any case)."""
    p = _params(c, {"size": int, "words": list}, {"directions": str})
    want = [re.sub(r"[^A-Za-z]", "", w).upper() for w in p["words"]]
    steps = _DIRS.get(p.get("directions", "all"))
    if p["size"] < 2 or steps is None or not all(1 < len(w) <= p["size"] for w in want):
        raise BadCheck("check 'word_search': size at least 2, words fit, directions all or across_down")
    rows: list[str] = []
    for ln in text.splitlines():
        if ln.strip() and not re.search(r"[^\W_]", ln):
            continue  # a rule between rows
        cells = re.sub(r"[\W_]", "", re.sub(r"^\W*\d+\W*(?=[A-Za-z])", "", ln))
        rows = rows + [cells.upper()] if cells.isalpha() and len(cells) == p["size"] else []
        if len(rows) >= p["size"] and all(_hidden(rows[-p["size"] :], w, steps) for w in want):
            return True
    return False


def _dice(line: str) -> list[int]:
    """The whole numbers of a line, those signed like +2 or -1 (modifiers) aside."""
    out = []
    for m in re.finditer(r"(?<![\d.])\d+(?![\d.]\d)", line):
        before = line[: m.start()]
        if before[-1:] in "+-−" and before[-1:] and not before[-2:-1].isdigit():
            continue
        out.append(int(m.group(0)))
    return out


def dice_rolls(c: dict, text: str) -> bool:
    """Dice rolls shown with their totals, like 4d6 drop the lowest: `n` lines hold `dice` dice of
    1 to `sides` in a row followed later on the line by the sum of the highest `keep` of them
    (default all); no other line holds such a run of dice followed by another number."""
    p = _params(c, {"n": int, "dice": int, "sides": int}, {"keep": int})
    keep = p.get("keep", p["dice"])
    if not p["n"] or not p["dice"] or p["sides"] < 2 or not 1 <= keep <= p["dice"]:
        raise BadCheck("check 'dice_rolls': n and dice at least 1, sides at least 2, keep 1 to dice")
    good = 0
    for ln in text.splitlines():
        nums, k = _dice(ln), p["dice"]
        runs = [i for i in range(len(nums) - k) if all(1 <= x <= p["sides"] for x in nums[i : i + k])]
        if not runs:
            continue
        if not any(sum(sorted(nums[i : i + k])[-keep:]) in nums[i + k :] for i in runs):
            return False
        good += 1
    return bool(words(text)) and good == p["n"]


# ------------------------------------------------------------------ money and dates


def amortization_table(c: dict, text: str) -> bool:
    """A loan's amortization table: a markdown table with a row for each month 1 to `months`
    (the month number in the first cell; a month 0 or a totals row aside) holding that month's
    payment, interest, principal and remaining balance for `principal` at `rate` % a year paid
    monthly (interest and payment within 2 cents, principal and balance within 5 cents plus a cent
    a month; the last payment may be adjusted by as much)."""
    p = _params(c, {"principal": (int, float), "rate": (int, float), "months": int})
    if p["principal"] <= 0 or not p["months"] or not 0 <= p["rate"] <= 100:
        raise BadCheck("check 'amortization_table': principal and months at least 1, rate a percentage")
    r, n, balance = p["rate"] / 1200, p["months"], float(p["principal"])
    pay = balance * r / (1 - (1 + r) ** -n) if r else balance / n
    want, slack = {}, 0.05 + 0.01 * n
    for k in range(1, n + 1):
        interest = balance * r
        balance -= pay - interest
        want[k] = (pay, interest, pay - interest, max(balance, 0.0))
    if not words(text):
        return False
    for _, _, body in _tables(text):
        seen: dict[int, list[float]] = {}
        for row in body:
            month = re.search(r"\d+", row[0]) if row else None
            if month is None or int(month.group(0)) == 0:
                continue
            k = int(month.group(0))
            if k in seen or k not in want:
                break
            seen[k] = [v for v in (_amount(x) for x in row[1:]) if v is not None]
        else:
            if set(seen) != set(want):
                continue
            ok = True
            for k, (pay_k, interest, principal, left) in want.items():
                last = slack if k == n else 0.02
                tol = (last, 0.02, max(last, slack), slack)
                ok &= all(
                    any(abs(v - x) <= t for v in seen[k])
                    for x, t in zip((pay_k, interest, principal, left), tol)
                )
            if ok:
                return True
    return False


_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def _day_name(token: str) -> int | None:
    t = token.strip("*_`.:").lower()
    hits = [i for i, d in enumerate(_WEEKDAYS) if len(t) >= 2 and d.startswith(t)]
    return hits[0] if len(hits) == 1 else None


def month_calendar(c: dict, text: str) -> bool:
    """A month's calendar grid: a line of the 7 weekday names (Mo / Mon / Monday ..., or their
    initials M T W T F S S) from `week_start` ("monday" or "sunday"), then its weeks, one line
    each, holding only day numbers, each day of `month` of `year` once under its own weekday (a
    table's cell, else the header name nearest it) and in its own week's line."""
    p = _params(c, {"year": int, "month": int}, {"week_start": str})
    start = p.get("week_start", "monday").strip().lower()
    if not 1 <= p["month"] <= 12 or not 1 <= p["year"] <= 9999 or start not in ("monday", "sunday"):
        raise BadCheck("check 'month_calendar': month 1-12, a year, week_start monday or sunday")
    order = list(range(7)) if start == "monday" else [6, *range(6)]
    offset = order.index(date(p["year"], p["month"], 1).weekday())
    last = calendar.monthrange(p["year"], p["month"])[1]
    want = [{} for _ in range((offset + last - 1) // 7 + 1)]
    for d in range(1, last + 1):
        want[(offset + d - 1) // 7][(offset + d - 1) % 7] = d
    lines = text.expandtabs(8).splitlines()
    for i, head in enumerate(lines):
        table = "|" in head
        names = _cells(head) if table else head.split()
        letters = "".join(x.strip("*_`") for x in names).upper()
        initials = "MTWTFSS" if start == "monday" else "SMTWTFS"
        if [_day_name(x) for x in names] != order and not (len(names) == 7 and letters == initials):
            continue
        centers = [(m.start() + m.end()) / 2 for m in re.finditer(r"\S+", head)]
        weeks = []
        for ln in lines[i + 1 :]:
            if table and re.fullmatch(r"[\s|:\-]+", ln):
                continue
            cells = _cells(ln) if table else None
            body = re.sub(r"[\s|*_`]", "", ln)
            if not body or not body.isdigit():
                if weeks or body.startswith("```") or body:
                    break
                continue
            if table:
                week = {j: int(x.strip("*_` ")) for j, x in enumerate(cells) if x.strip("*_` ")}
            else:
                week = {}
                for m in re.finditer(r"\d+", ln):
                    mid = (m.start() + m.end()) / 2
                    col = min(range(7), key=lambda j: abs(centers[j] - mid))
                    week[col] = int(m.group(0)) if col not in week else -1
            weeks.append(week)
        if weeks == want:
            return bool(words(text))
    return False


def _sort_key(cell: str):
    t = cell.strip().strip("*_`~ ")
    if re.fullmatch(r"\d{1,2}(?::\d{2}){1,2}", t):
        return 0, sum(int(x) * 60**i for i, x in enumerate(reversed(t.split(":"))))
    m = re.search(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?", t)
    return (1, float(m.group(0).replace(",", ""))) if m else (2, t.lower())


def table_sorted_by(c: dict, text: str) -> bool:
    """A markdown table sorted on `column` (a header naming it, any case) in `order` ("ascending"
    or "descending"; ties allowed): times (m:ss, h:mm:ss) by their length, cells with a number by
    their first number, others alphabetically; `rows` body rows where given (at least 2)."""
    p = _params(c, {"column": str, "order": str}, {"rows": int})
    if p["order"] not in ("ascending", "descending") or p.get("rows", 2) < 2:
        raise BadCheck("check 'table_sorted_by': order ascending or descending, rows at least 2")
    for head, _, body in _tables(text) if words(text) else []:
        col = _column(head, p["column"])
        if col < 0 or len(body) < 2 or any(len(r) <= col or not r[col].strip() for r in body):
            continue
        keys = [_sort_key(r[col]) for r in body]
        if len({k[0] for k in keys}) != 1 or len(body) != p.get("rows", len(body)):
            continue
        if keys == sorted(keys, reverse=p["order"] == "descending"):
            return True
    return False


def _near(line: str, value: float, tol: float = 0.011) -> bool:
    return any(abs(x - value) <= tol for x in numbers(line))


def invoice_totals(c: dict, text: str) -> bool:
    """An invoice's sums: for each of `items` ([label, quantity, unit price]) a line naming it
    (the label's words, any case, as the start of words) holds quantity x price; a subtotal line
    holds their sum and a VAT / tax / GST line the tax at `tax_rate` % where given, and a total
    line (not the subtotal) the sum plus that tax (each within a cent; parts of a line between
    commas or semicolons count as lines for these three)."""
    p = _params({k: v for k, v in c.items() if k != "items"}, {}, {"tax_rate": (int, float)})
    if not 0 <= p.get("tax_rate", 0) <= 100:
        raise BadCheck("check 'invoice_totals': tax_rate is a percentage")
    items = c.get("items")
    if not isinstance(items, list) or not items or not all(
        isinstance(i, list) and len(i) == 3 and isinstance(i[0], str) and i[0].strip()
        and all(isinstance(x, (int, float)) and not isinstance(x, bool) and x > 0 for x in i[1:])
        for i in items
    ):  # fmt: skip
        raise BadCheck("check 'invoice_totals': items are [label, quantity, unit price]")
    if not words(text):
        return False
    rows = text.splitlines()
    for label, qty, price in items:
        rx = re.compile(r"\b" + r"\s+".join(re.escape(w) for w in label.split()), re.I)
        if not any(rx.search(ln) and _near(ln, qty * price, 0.005) for ln in rows):
            return False
    sub = sum(q * u for _, q, u in items)
    tax = math.floor(sub * p.get("tax_rate", 0) + 0.5) / 100
    rows = [part for ln in rows for part in re.split(r"[,;]\s+", ln)]  # "Subtotal £5, VAT £1" is two
    subs = [ln for ln in rows if re.search(r"sub-?\s?total", ln, re.I)]
    taxes = [ln for ln in rows if re.search(r"\b(?:vat|tax|gst)\b", ln, re.I)]
    totals = [
        ln for ln in rows if re.search(r"\btotal\b", ln, re.I) and not re.search(r"sub-?\s?total", ln, re.I)
    ]
    if "tax_rate" in p and not (any(_near(ln, sub) for ln in subs) and any(_near(ln, tax) for ln in taxes)):
        return False
    return any(_near(ln, sub + tax) for ln in totals)


def _label(s: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", _norm(s)) if not unicodedata.combining(ch))


def mermaid_pie(c: dict, text: str) -> bool:
    """A Mermaid pie chart whose slices ("Label" : value lines) are exactly those of `slices`
    (label -> value; labels in any case, accents aside) and whose title is `title` (any case)
    where given."""
    p = _params(c, {"slices": dict}, {"title": str})
    slices = p["slices"]
    if not slices or not all(
        str(k).strip() and isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0
        for k, v in slices.items()
    ):
        raise BadCheck("check 'mermaid_pie': slices maps a label to a positive number")
    want = {_label(k): float(v) for k, v in slices.items()}
    for block in _mermaid(text, "pie") if words(text) else []:
        got, title = {}, re.match(r"pie(?:\s+showData)?(?:\s+title\s+(.+))?$", block[0])
        title = title.group(1) if title else None
        ok = True
        for ln in block[1:]:
            m = re.fullmatch(r'"([^"]+)"\s*:\s*(\d+(?:\.\d+)?)', ln)
            if m and _label(m.group(1)) not in got:
                got[_label(m.group(1))] = float(m.group(2))
            elif ln.startswith("title "):
                title = ln[6:]
            elif not re.match(r"(?:showData|accTitle|accDescr)\b", ln):
                ok = False
        if ok and got == want and ("title" not in p or _norm(title or "") == _norm(p["title"])):
            return True
    return False


# ------------------------------------------------------------------ networks and links


def subnet_split(c: dict, text: str) -> bool:
    """A network split into `n` equal subnets: the CIDR networks of the answer inside `network`
    (the network itself, addresses with host bits and networks outside it aside) are `n`
    different ones, each with the prefix length that makes n equal parts."""
    p = _params(c, {"network": str, "n": int})
    try:
        parent = ipaddress.ip_network(p["network"].strip())
    except ValueError:
        raise BadCheck("check 'subnet_split': network is a CIDR network like 10.0.0.0/22") from None
    bits = p["n"].bit_length() - 1
    if p["n"] < 2 or 2**bits != p["n"] or parent.prefixlen + bits > parent.max_prefixlen:
        raise BadCheck("check 'subnet_split': n is a power of two that fits the network")
    found = set()
    for m in re.finditer(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3}/\d{1,2})(?![\d.]\d)", text):
        try:
            net = ipaddress.ip_network(m.group(1))
        except ValueError:
            continue
        if net != parent and net.version == parent.version and net.subnet_of(parent):
            if net.prefixlen != parent.prefixlen + bits:
                return False
            found.add(net)
    return bool(words(text)) and len(found) == p["n"]


def _wifi(s: str) -> tuple[dict[str, str], bool]:
    """The fields of a WIFI: string (escapes undone), and whether it ends with ;;."""
    fields, key, value, i, in_value = {}, "", "", 0, False
    while i < len(s):
        ch = s[i]
        if ch == "\\" and i + 1 < len(s):
            value, i = value + s[i + 1], i + 2
            continue
        if not in_value and ch == ":":
            in_value = True
        elif in_value and ch == ";":
            fields.setdefault(key, value)
            key, value, in_value = "", "", False
            if s[i + 1 : i + 2] == ";":
                return fields, True
        elif in_value:
            value += ch
        elif ch in "\n`\"' " and not key:
            break
        else:
            key += ch
        i += 1
    return fields, False


def wifi_qr(c: dict, text: str) -> bool:
    """A wifi QR code's text: a WIFI: string in the answer, and every one for S:`ssid` (a template
    like S:<name> aside), ends with ;; and gives T:`security` ("WPA", where WPA2 is fine too, "WEP"
    or "nopass") and P:`password` (none for nopass), with \\ ; , : and " escaped by a backslash,
    and H:true if `hidden` is "true"."""
    p = _params(c, {"ssid": str, "security": str}, {"password": str, "hidden": str})
    sec = p["security"].strip().upper()
    if sec not in ("WPA", "WEP", "NOPASS") or (sec == "NOPASS") == ("password" in p):
        raise BadCheck("check 'wifi_qr': security WPA, WEP or nopass, a password unless nopass")
    if p.get("hidden", "false") not in ("true", "false"):
        raise BadCheck("check 'wifi_qr': hidden is 'true' or 'false'")
    found = [_wifi(text[m.end() :]) for m in re.finditer(r"WIFI:", text)]
    ok_type = {"WPA": ("WPA", "WPA2"), "WEP": ("WEP",), "NOPASS": ("NOPASS", "")}[sec]
    hits = 0
    for fields, closed in found:
        right = closed and fields.get("S") == p["ssid"] and fields.get("T", "").upper() in ok_type
        right = right and fields.get("P", "") == p.get("password", "")
        if right and fields.get("H", "false").lower() == p.get("hidden", "false"):
            hits += 1
        elif fields.get("S") == p["ssid"]:
            return False  # a wrong string for this network
    return bool(words(text)) and hits > 0


def _base(url: str) -> tuple[str, str, str]:
    u = urlsplit(url)
    return u.scheme.lower(), re.sub(r"^(?:www|m)\.", "", u.hostname or ""), u.path.rstrip("/")


def _variants(token: str) -> list[str]:
    out = [token]
    while token and token[-1] in ".,;:!?*_'\")]":
        if token[-1] in ")]" and token.count(token[-1]) <= token.count("(" if token[-1] == ")" else "["):
            break
        token = token[:-1]
        out.append(token)
    return out


def url_params(c: dict, text: str) -> bool:
    """A link with query parameters: every URL in the answer on `url` (scheme, host without www.
    or m., and path, a trailing / aside) decodes (%xx and + for a space) to each value of `params`
    (name -> value; other parameters allowed, none twice), and there is one (punctuation after a
    URL tried both ways)."""
    p = _params(c, {"url": str, "params": dict})
    want = p["params"]
    if (
        not re.match(r"https?://[^/\s]+", p["url"].strip())
        or not want
        or not all(str(k).strip() and isinstance(v, str) for k, v in want.items())
    ):
        raise BadCheck("check 'url_params': url is http(s)://host/path, params map names to values")
    base, hits = _base(p["url"].strip()), 0
    for token in re.findall(r"https?://[^\s<>\"`]+", text):
        tries = [t for t in _variants(token) if _base(t) == base]
        if not tries:
            continue
        for t in tries:
            pairs = parse_qsl(urlsplit(t).query, keep_blank_values=True)
            got = dict(pairs)
            if len(got) == len(pairs) and all(got.get(k) == v for k, v in want.items()):
                hits += 1
                break
        else:
            return False
    return bool(words(text)) and hits > 0


TEST14_CHECKS = {
    f.__name__: f
    for f in (
        compose_services, actions_workflow, shell_aliases, fstab_entries, rss_items, google_docstring,
        mermaid_pie, mermaid_gantt, iban_numbers, single_sms, sudoku_grid, word_search, dice_rolls,
        amortization_table, month_calendar, table_sorted_by, invoice_totals, subnet_split, wifi_qr,
        url_params,
    )
}  # fmt: skip
