"""The order a request asks a list in ("in alphabetical order", "shortest name first", "cheapest to
most expensive", "oldest first", "sorted from farthest to closest"), checked on the answer's list
items or table rows. An out-of-order list is a fault the tools fix themselves: the same items
sorted, each line's marker kept in its place (no model call, nothing added or dropped)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from selfrefine.engine.observe import facts as f
from selfrefine.engine.observe.facts import Fact
from selfrefine.engine.observe.text import Check

_LOW = r"shortest|cheapest|least\s+expensive|lowest|smallest|lightest|closest|nearest|slowest|fewest|coldest"
_HIGH = (
    r"longest|most\s+expensive|priciest|highest|largest|biggest|heaviest|farthest|furthest|fastest|tallest|deepest|"
    r"hottest|warmest|most"
)
_NAME = r"(?:names?|words?|titles?)"
_SPAN = r"(?:\s+[\w'-]+){0,2}?"
_PAIR = re.compile(
    rf"\b(?:from\s+(?:the\s+)?)?(?P<a>{_LOW}|{_HIGH}){_SPAN}"
    rf"(?:\s*,)?\s+(?:(?:down|up)\s+)?(?:to|through|->|→)\s+(?:the\s+)?(?P<b>{_LOW}|{_HIGH})\b",
    re.I,
)
_FIRST = re.compile(rf"\b(?P<a>{_LOW}|{_HIGH}){_SPAN}\s+(?:first|at\s+the\s+top)\b", re.I)
_WORDED = re.compile(
    r"\b(?:low\s+to\s+high|(?P<desc>high\s+to\s+low)|"
    r"(?P<up>ascending|increasing|descending|decreasing)\s+order)\b",
    re.I,
)
_ALPHA = re.compile(
    r"(?i:\b(?P<rev>reverse\s+)?alphabeti(?:c|cal|cally|[sz]ed)\b)|\b(?:from\s+)?A\s*(?:to|-|–)\s*Z\b|"
    r"(?P<za>\bZ\s*(?:to|-|–)\s*A\b)"
)
_CHRONO = re.compile(
    r"\b(?P<rev>reverse\s+)?chronological(?:ly)?\b|\b(?P<a>oldest|earliest|newest|latest|most\s+recent)"
    r"(?:\s+[\w'-]+){0,2}?\s+(?:first|at\s+the\s+top)\b|\bfrom\s+(?:the\s+)?(?P<b>oldest|earliest|newest|latest)\s+to\b",
    re.I,
)
_NOT = re.compile(r"(?:\bnot|\bno\s+need|n't|\bnever|\bwithout)(?:\s+\w+){0,4}\s*$", re.I)
"""Before the order phrase: it asks for no order ("doesn't need to be alphabetical", "in any order")."""


@dataclass(frozen=True)
class Order:
    """An order asked: `key` "alpha" (the item's text), "length" (letters of its name), "number" (the
    number it states, a price where `money`) or "date" (its year, date or version); `desc` reverses."""

    key: str
    desc: bool
    asked: str
    money: bool = False


def order_checks(request: str) -> list[Check]:
    """The order the request asks its list in, at most one (the first phrase read)."""
    found = _asked(request)
    return [_order_check(found)] if found else []


def _asked(request: str) -> Order | None:
    for m in _ALPHA.finditer(request):
        if not _NOT.search(request[max(0, m.start() - 40) : m.start()]):
            desc = bool(m["rev"] or m["za"])
            return Order(
                "alpha",
                desc,
                f"in {'reverse ' if desc else ''}alphabetical order ({'Z to A' if desc else 'A to Z'})",
            )
    for m in _CHRONO.finditer(request):
        if _NOT.search(request[max(0, m.start() - 40) : m.start()]):
            continue
        word = (m["a"] or m["b"] or "").lower()
        desc = bool(m["rev"]) or word.startswith(("newest", "latest", "most"))
        return Order("date", desc, "newest first" if desc else "oldest first (in chronological order)")
    for m in [*_PAIR.finditer(request), *_FIRST.finditer(request)]:
        if _NOT.search(request[max(0, m.start() - 40) : m.start()]):
            continue
        a = " ".join(m["a"].lower().split())
        pair = "b" in m.groupdict()
        if pair and bool(re.match(_LOW, a, re.I)) == bool(re.match(_LOW, m["b"], re.I)):
            continue  # "from the shortest to the cheapest": no direction
        if a == "most" and not pair:
            continue  # "most important first": no number to order by ("most points to fewest" is)
        desc = not re.fullmatch(_LOW, a, re.I)
        named = bool(re.search(rf"\b{_NAME}\b", m.group(), re.I)) and a in ("shortest", "longest")
        key = "length" if named else "number"
        money = bool(re.search(r"cheap|expensive|pric", m.group(), re.I))
        phrase = " ".join(m.group().split())
        lead = "" if phrase.lower().startswith("from") or not pair else "from "
        return Order(key, desc, f"ordered {lead}{phrase}", money)
    for m in _WORDED.finditer(request):
        if not _NOT.search(request[max(0, m.start() - 40) : m.start()]):
            desc = bool(m["desc"]) or bool(m["up"] and m["up"].lower().startswith("de"))
            return Order(
                "number",
                desc,
                "in " + ("descending order (high to low)" if desc else "ascending order (low to high)"),
            )
    return None


_ITEM = re.compile(r"^(?P<mark>[ \t]*(?:[-*•+]|\d{1,3}[.)])[ \t]+)(?P<body>\S.*)$")
_ROW = re.compile(r"^\s*\|(.*)\|\s*$")
_RULE = re.compile(r"^\s*\|?\s*:?-{2,}")


def _blocks(text: str) -> list[tuple[int, list[list[int]]]]:
    """The answer's lists (each level of a nested list its own) and table bodies, 2 items or more:
    (a table's header line or -1 for a list, the line indices each item spans: its deeper or
    indented follow-on lines; blank lines between items keep one list)."""
    lines, out, claimed = text.split("\n"), [], set()
    i = 0
    while i < len(lines):
        if _ROW.match(lines[i]) and i + 1 < len(lines) and _RULE.match(lines[i + 1]):
            j = i + 2
            while j < len(lines) and _ROW.match(lines[j]):
                j += 1
            spans = [[k] for k in range(i + 2, j)]
            out.append((i, spans))  # the header line, for columns
            i = j
            continue
        if not _ITEM.match(lines[i]) or i in claimed:
            i += 1
            continue
        depth = _indent(lines[i])
        spans, j = [[i]], i + 1
        while j < len(lines):
            line = lines[j]
            if line.strip() and _indent(line) < depth:
                break
            if _ITEM.match(line) and _indent(line) == depth:
                spans.append([j])
            elif line.strip() and (_indent(line) > depth or not _ITEM.match(line)) and not _ROW.match(line):
                if not line[:1].isspace() and not _ITEM.match(line):
                    break  # an unmarked line at the margin ends the list
                spans[-1].append(j)
            elif not line.strip() and not any(
                _ITEM.match(x) and _indent(x) == depth for x in lines[j + 1 : j + 2]
            ):
                break
            j += 1
        claimed.update(s[0] for s in spans)
        out.append((-1, spans))
        i += 1
    return [b for b in out if len(b[1]) >= 2]


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


_MONTHS = "jan feb mar apr may jun jul aug sep oct nov dec".split()
_NUMBER = re.compile(r"(?<![\w.])(?P<cur>[$£€¥])?\s?(?P<n>\d[\d,]*(?:\.\d+)?)(?![\w.]*\d)")
_CLOCK = re.compile(r"(?<![\w:.])(\d{1,2}):(\d\d)(?::(\d\d))?(?![\w:])")
_DATE = re.compile(
    r"\b(?P<iso>(?:1[5-9]|20)\d\d-\d\d(?:-\d\d)?)\b|\bv?(?P<ver>\d+\.\d+(?:\.\d+)?)\b|"
    rf"\b(?P<mon>(?:{'|'.join(_MONTHS)})[a-z]*\.?)\s+(?P<day>\d{{1,2}})\b(?:,?\s+(?P<y1>\d{{4}}))?|"
    r"\b(?P<year>(?:1[0-9]|20)\d\d)(?:'?s)?\b",
    re.I,
)
_SPEED = re.compile(r"fastest|slowest|quickest", re.I)
_TOKEN = r"[$£€]?\d+(?:,\d{3})*(?:\.\d+)?"
_INLINE = re.compile(rf"^\s*{_TOKEN}(?:(?:\s*,\s*|\s+|\s*[-–]\s*){_TOKEN}){{2,}}\s*\.?\s*$")


def _plain(body: str) -> str:
    return re.sub(r"[*_`\"“”'‘’\[\]]", "", body).strip()


def _name(body: str) -> str:
    return re.split(r"\s+[-–—:=]\s*|:\s|\s\(|,\s|\.\s|\.$|!|\?", _plain(body), maxsplit=1)[0].strip()


def _key(order: Order, body: str) -> object | None:
    """The value an item is ordered by, or None where it states none (the list is then not read):
    its text, its name's letters, its date (year, month, day; a version's numbers) or its number (a
    price where the order is by price; a time like 27:41 in seconds)."""
    if order.key == "alpha":
        return re.sub(r"^[^\w]+", "", _plain(body)).casefold() or None
    if order.key == "length":
        name = _name(body)
        return sum(c.isalpha() for c in name) if 0 < len(name.split()) <= 4 else None
    if order.key == "date":
        m = _DATE.search(_plain(body))
        if m is None:
            return None
        if m["iso"] or m["ver"]:
            return tuple(int(x) for x in re.split(r"[-.]", m["iso"] or m["ver"]))
        if m["mon"]:
            return (int(m["y1"] or 0), _MONTHS.index(m["mon"][:3].lower()) + 1, int(m["day"]))
        return (int(m["year"]),)
    clocks = _CLOCK.findall(body)
    if len(clocks) == 1:
        h, m_, sec = clocks[0]
        return float(int(h) * 60 + int(m_)) if not sec else float(int(h) * 3600 + int(m_) * 60 + int(sec))
    nums = list(_NUMBER.finditer(_plain(body)))
    if order.money and any(n["cur"] for n in nums):
        nums = [n for n in nums if n["cur"]]
    if not (len(nums) == 1 or (order.money and nums and nums[0]["cur"])):
        return None
    if not nums[0]["cur"] and re.fullmatch(r"(?:18|19|20)\d\d", nums[0]["n"]):
        return None  # a year ("Titanic (1997)") is no measure of an item's size or price
    return float(nums[0]["n"].replace(",", ""))


def _cells(line: str) -> list[str]:
    return [c.strip() for c in _ROW.match(line)[1].split("|")]


@dataclass(frozen=True)
class _Block:
    head: int  # a table's header line, -1 for a list, -2 for sections under headings, -3 for lines
    spans: list[list[int]]
    keys: list[object]


def _read(order: Order, text: str) -> list[_Block]:
    """The answer's blocks of 3 items or more whose every item states its key (a last item cut off
    before its key is left out)."""
    lines, out = text.split("\n"), []
    for head, spans in [*_blocks(text), *_sections(lines)]:
        for keys in _keys(order, lines, head, spans):
            out += _block(order, lines, head, spans, keys)
    if out or any(_ITEM.match(x) or _ROW.match(x) for x in lines):
        return out
    for spans in _unlisted(lines, order.key in ("date", "number")):  # no list: items on lines or paragraphs
        keys = [_key(order, lines[s[0]].strip()) for s in spans]
        if keys and lines[spans[0][0]].rstrip().endswith(":"):
            spans, keys = spans[1:], keys[1:]  # "Here they are:" opens the items, is none
        out += _block(order, lines, -3, spans, keys) if keys else []
    return out


def _unlisted(lines: list[str], paragraphs: bool) -> list[list[list[int]]]:
    """Items of an answer with no list: its paragraphs (each read by its first line) where there are
    3 or more and `paragraphs` (a date or number order: "v3.2.0" heads each); else its longest run
    of 3 or more short lines (at most 12 words each)."""
    groups: list[list[int]] = []
    for i, line in enumerate(lines):
        if line.strip():
            if groups and groups[-1][-1] == i - 1:
                groups[-1].append(i)
            else:
                groups.append([i])
    if paragraphs and len(groups) >= 3:
        return [groups]
    runs = [[[i] for i in g] for g in groups if len(g) >= 3 and all(len(lines[i].split()) <= 12 for i in g)]
    return [max(runs, key=len)] if runs else []


def _block(order: Order, lines: list[str], head: int, spans: list[list[int]], keys: list) -> list[_Block]:
    """The block read with these keys: none where an item but the last states no key."""
    if None in keys[:-1]:
        return []
    if keys[-1] is None:
        spans, keys = spans[:-1], keys[:-1]
    return [_Block(head, spans, _spoken(order, keys, lines, spans))] if len(keys) >= 3 else []


def _spoken(order: Order, keys: list, lines: list[str], spans: list[list[int]]) -> list:
    """Keys as the order speaks of them: dates without a year roll into the next year where the
    month falls back by half a year or more (a December to February plan); "fastest first" over
    times (27:41) puts the least time first."""
    if order.key == "date" and all(len(k) == 3 and k[0] == 0 for k in keys):
        year, out = 0, []
        for k, prev in zip(keys, [keys[0], *keys]):
            year += k[1] - prev[1] <= -6 if not order.desc else k[1] - prev[1] >= 6
            out.append((year if not order.desc else -year, *k[1:]))
        return out
    if (
        order.key == "number"
        and _SPEED.search(order.asked)
        and all(_CLOCK.search(lines[s[0]]) for s in spans)
    ):
        return [-k for k in keys]
    return keys


def _sections(lines: list[str]) -> list[tuple[int, list[list[int]]]]:
    """Sections under headings of one level (## 1.2.0, ## 1.1.0, ...): each spans its heading's line to
    the next heading of that level or above."""
    marks = [(i, len(m[1])) for i, line in enumerate(lines) if (m := re.match(r"^(#{1,6})\s+\S", line))]
    out = []
    for level in sorted({lv for _, lv in marks}):
        spans: list[list[int]] = []
        for n, (i, lv) in enumerate(marks):
            if lv < level and spans:
                out.append((-2, spans))
                spans = []
            if lv == level:
                end = next((j for j, lv2 in marks[n + 1 :] if lv2 <= level), len(lines))
                spans.append(list(range(i, end)))
        if spans:
            out.append((-2, spans))
    return [(h, s) for h, s in out if len(s) >= 2]


def _body(lines: list[str], head: int, line: int) -> str:
    if head >= 0:
        return ""
    if head == -3:
        return lines[line].strip()
    if head == -2:
        return re.sub(r"^#+\s+", "", lines[line])
    return _ITEM.match(lines[line])["body"]


def _keys(order: Order, lines: list[str], head: int, spans: list[list[int]]) -> list[list[object]]:
    """Each item's key in one block: a list's or sections' one reading, a table's one per column the
    order may be about (its first column for a name; for a number or date each column that holds
    one in every row, no rank 1, 2, 3, those whose header the order names first)."""
    if head < 0:
        return [[_key(order, _body(lines, head, s[0])) for s in spans]]
    rows = [_cells(lines[s[0]]) for s in spans]
    header = _cells(lines[head])
    if any(len(r) != len(header) for r in rows):
        return []
    cols = range(len(header)) if order.key in ("number", "date") else range(1)
    named = set(re.findall(r"\w+", order.asked.lower()))
    cols = sorted(cols, key=lambda c: not named & set(re.findall(r"\w+", header[c].lower())))
    out = []
    for col in cols:
        keys = [_key(order, r[col]) for r in rows]
        if all(k is not None for k in keys) and len(set(keys)) > 1 and not _is_rank(keys):
            out.append(keys)
    return out


def _is_rank(keys: list[object]) -> bool:
    return keys == [float(i) for i in range(1, len(keys) + 1)]


def _sorted(keys: list, desc: bool) -> bool:
    return all((a >= b) if desc else (a <= b) for a, b in zip(keys, keys[1:]))


def _inline(order: Order, text: str) -> tuple[int, list[str], list[float], str] | None:
    """A line of 3 or more bare numbers ("12, 23, 34", "4 11 19"), for a number order: its index, its
    numbers as written and as values, and what separates them."""
    if order.key != "number":
        return None
    for i, line in enumerate(text.split("\n")):
        if _INLINE.match(line):
            found = list(re.finditer(_TOKEN, line))
            sep = line[found[0].end() : found[1].start()]
            return (
                i,
                [m.group() for m in found],
                [float(m.group().strip("$£€").replace(",", "")) for m in found],
                sep,
            )
    return None


def _order_check(order: Order) -> Check:
    def check(answer: str) -> list[Fact]:
        text = f.prose(answer)
        lines = text.split("\n")
        read = _read(order, text)
        if not read and (one := _inline(order, text)):
            if _sorted(one[2], order.desc):
                return [Fact(f"order: {len(one[2])} numbers in that order (asked: {order.asked})")]
            i = next(i for i in range(len(one[2]) - 1) if not _sorted(one[2][i : i + 2], order.desc))
            return [_unmet(order, one[1][i], one[1][i + 1], _resort(order))]
        if not read:
            return []
        if any(_sorted(b.keys, order.desc) for b in read):
            n = max(len(b.keys) for b in read if _sorted(b.keys, order.desc))
            return [Fact(f"order: {n} items in that order (asked: {order.asked})")]
        b = max(read, key=lambda b: len(b.keys))
        i = next(i for i in range(len(b.keys) - 1) if not _sorted(b.keys[i : i + 2], order.desc))
        return [_unmet(order, _show(lines, b, i), _show(lines, b, i + 1), _resort(order))]

    return check


def _unmet(order: Order, a: str, b: str, fix: Callable[[str], str]) -> Fact:
    where = f'"{a}" comes before "{b}"'
    return Fact(
        f"order: the list is not {order.asked} (asked: {order.asked}) -- NOT MET",
        f"The request asks for the items {order.asked}; {where}.",
        f.outside_code(fix),
    )


def _show(lines: list[str], b: _Block, i: int) -> str:
    line = lines[b.spans[i][0]]
    named = [c for c in _cells(line) if not re.fullmatch(r"[\d.#]*", c)] if b.head >= 0 else []
    body = (named or _cells(line))[0] if b.head >= 0 else _body(lines, b.head, b.spans[i][0])
    return _name(body) or _plain(body)[:40]


def _resort(order: Order) -> Callable[[str], str]:
    """The fix: the largest block the order reads, its items sorted by their keys (a stable sort),
    each list item's marker (1., 2., -) left on its line and its text moved; all else as it was."""

    def fix(text: str) -> str:
        lines = text.split("\n")
        read = _read(order, text)
        if not read:
            one = _inline(order, text)
            if one is None:
                return text
            i, written, values, sep = one
            ranked = sorted(zip(values, written), key=lambda vw: vw[0], reverse=order.desc)
            end = "." if lines[i].strip().endswith(".") else ""
            lines[i] = sep.join(w for _, w in ranked) + end
            return "\n".join(lines)
        b = max(read, key=lambda b: len(b.keys))
        # stable either way: a reversed sort keeps tied items in the answer's own order
        ranked = sorted(range(len(b.spans)), key=lambda i: b.keys[i], reverse=order.desc)
        out, first, last = [], b.spans[0][0], b.spans[-1][-1]
        ranks = b.head >= 0 and _is_rank(
            [_key(Order("number", False, ""), _cells(lines[s[0]])[0]) for s in b.spans]
        )
        for pos, i in enumerate(ranked):
            item = [lines[j] for j in b.spans[i]]
            if b.head == -1:  # the marker stays on its line, the text moves
                item[0] = _ITEM.match(lines[b.spans[pos][0]])["mark"] + _ITEM.match(item[0])["body"]
            elif b.head >= 0 and ranks:  # so does a table's rank (1, 2, 3)
                cells = _cells(item[0])
                cells[0] = _cells(lines[b.spans[pos][0]])[0]
                item[0] = "| " + " | ".join(cells) + " |"
            out += item
            if pos + 1 < len(ranked):
                out += lines[b.spans[pos][-1] + 1 : b.spans[pos + 1][0]]  # the blank lines between items
        return "\n".join([*lines[:first], *out, *lines[last + 1 :]])

    return fix
