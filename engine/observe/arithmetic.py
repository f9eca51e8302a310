"""Arithmetic an answer states, recomputed: an equation of plain numbers ("£24 + £18.99 + £55 =
£97.99", "100 ÷ 30 = 3"), a table's Total row, and a Total line under a table or a list of amounts.
A wrong result is a fault, and the right one written in is the fix. Read in any prose answer whose
request deals in money or sums (not in counts of words); a request asking for mistakes to spot is
left alone."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import partial

from selfrefine.engine.observe.facts import Fact
from selfrefine.engine.observe.text import Check

_NUMBERS = re.compile(
    r"[£$€¥₹]|\d\s*%|\d\s*[-+×*/÷x]\s*\d|\b(?:totals?|sums?|budget\w*|costs?|pric(?:es?|ed|ing)|calculat\w*|"
    r"arithmetic|math\w*|add(?:s|ing)?\s+up|addition|subtract\w*|multipl\w*|divi(?:de|ded|sion)|how\s+much|"
    r"per\s+person|percent\w*|worksheet|expenses?|invoice|receipt|discounts?|fees?)\b",
    re.I,
)
_SPOT_MISTAKES = re.compile(
    r"\b(?:mistakes?|wrong|errors?|incorrect|typos?|trick\w*|spot the|deliberate\w*)\b", re.I
)
_CUR = "£$€¥₹"
_TOKEN = re.compile(
    rf"(?P<num>(?P<cur>[{_CUR}])?(?P<digits>\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?)(?P<pct>%)?)"
    rf"|(?P<op>[-+−×*/÷·]|(?<=[\d)])\s*[xX](?=\s*[\d({_CUR}]))"
    r"|(?P<lp>\()|(?P<rp>\))|(?P<eq>=|≈)|(?P<space>[ \t]+)|(?P<other>.)"
)
_OPS = {"-": "-", "−": "-", "+": "+", "×": "*", "*": "*", "x": "*", "X": "*", "·": "*", "/": "/", "÷": "/"}


@dataclass(frozen=True)
class _Tok:
    kind: str  # num, op, lp, rp, eq
    text: str
    start: int
    end: int
    value: Fraction | None = None
    pct: bool = False
    cur: str = ""
    decimals: int = 0


def arithmetic_checks(request: str) -> list[Check]:
    """The arithmetic check, for a request that deals in numbers or money (none that asks for
    mistakes or writes a wrong sum itself)."""
    if not _NUMBERS.search(request) or _SPOT_MISTAKES.search(request):
        return []
    if check_arithmetic(request):  # "someone who says 1+1=3": its answer quotes wrong sums on purpose
        return []
    return [partial(check_arithmetic, request=request)]


def check_arithmetic(answer: str, request: str = "") -> list[Fact]:
    """A fact for each wrong result the answer states (none when its arithmetic is right); the
    first carries the fix of them all (`repair_all`)."""
    found = _wrong(answer, request)
    fix = partial(repair_all, request=request)
    return [Fact(x.fact.text, x.fact.fault, fix if i == 0 else None) for i, x in enumerate(found)]


def repair_all(answer: str, request: str = "") -> str:
    """The answer with every wrong result fixed, top to bottom, one at a time; a fixed figure of
    money or with decimals is carried into the later lines that worked from the old one (a
    subtotal's fix reaches the tax and the total computed from it)."""
    for _ in range(50):
        first = next((x for x in _wrong(answer, request) if x.fact.repair), None)
        if first is None:
            break
        fixed = first.fact.repair(answer)
        if fixed == answer:
            break
        answer = _carried(fixed, first)
    return answer


def _carried(answer: str, found: _Found) -> str:
    """The fixed result's old figure written as the new one in the lines after its own."""
    old_n, new_n = (re.sub(rf"[{_CUR}%\s]", "", x) for x in (found.old, found.new))
    if not ("." in old_n or len(old_n.replace(",", "")) >= 3):
        return answer  # "= 3": too plain a number to follow
    lines = answer.split("\n")
    at = next((i for i, x in enumerate(lines) if x == found.fixed), None)
    if at is None:
        return answer
    figure = re.compile(rf"(?<![\d.,]){re.escape(old_n)}(?![\d]|[.,]\d)")
    lines[at + 1 :] = [figure.sub(new_n, x) for x in lines[at + 1 :]]
    return "\n".join(lines)


def _wrong(answer: str, request: str) -> list[_Found]:
    """The wrong results, in the answer's order (equations, then totals); an equation the request
    itself writes ("someone who says 1+1=3") is quoted, not worked out."""
    out: list[_Found] = []
    in_fence, asked = False, re.sub(r"\s+", "", request)
    for line in answer.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            in_fence = not in_fence
        elif not in_fence:
            out += [x for x in _equations(line) if not (asked and x.quoted in asked)]
    return out + _totals(answer)


def _tokens(line: str) -> list[_Tok | None]:
    """The line's tokens; None for anything that breaks an expression (a word, a colon)."""
    toks: list[_Tok | None] = []
    for m in _TOKEN.finditer(line):
        kind = m.lastgroup
        if m["num"] is not None:
            digits = m["digits"].replace(",", "")
            dec = len(digits.split(".")[1]) if "." in digits else 0
            value = Fraction(digits) / (100 if m["pct"] else 1)
            toks.append(_Tok("num", m[0], m.start(), m.end(), value, bool(m["pct"]), m["cur"] or "", dec))
        elif kind == "space":
            continue
        elif kind == "other":
            toks.append(None)
        else:
            toks.append(_Tok(kind, m[0].strip(), m.start(), m.end()))
    return toks


def _parse(toks: list[_Tok]) -> Fraction | None:
    """The value of an expression of numbers, + - * / and parentheses; None where it is not one."""
    pos = 0

    def expr() -> Fraction | None:
        nonlocal pos
        v = term()
        while v is not None and pos < len(toks) and toks[pos].kind == "op" and _OPS[toks[pos].text] in "+-":
            sign, pos = _OPS[toks[pos].text], pos + 1
            w = term()
            v = None if w is None else v + w if sign == "+" else v - w
        return v

    def term() -> Fraction | None:
        nonlocal pos
        v = factor()
        while v is not None and pos < len(toks) and toks[pos].kind == "op" and _OPS[toks[pos].text] in "*/":
            op, pos = _OPS[toks[pos].text], pos + 1
            w = factor()
            v = None if w is None or (op == "/" and w == 0) else v * w if op == "*" else v / w
        return v

    def factor() -> Fraction | None:
        nonlocal pos
        if pos >= len(toks):
            return None
        t = toks[pos]
        if t.kind == "op" and _OPS[t.text] == "-" and pos + 1 < len(toks) and toks[pos + 1].start == t.end:
            pos += 1  # a minus sign written onto its number ("- $24" is a bullet)
            v = factor()
            return None if v is None else -v
        if t.kind == "num":
            pos += 1
            return t.value
        if t.kind == "lp":
            pos += 1
            v = expr()
            if v is None or pos >= len(toks) or toks[pos].kind != "rp":
                return None
            pos += 1
            return v
        return None

    value = expr()
    return value if pos == len(toks) else None


def _runs(toks: list[_Tok | None]) -> list[list[_Tok]]:
    """The stretches of tokens no word breaks, each holding an equals sign."""
    runs, cur = [], []
    for t in [*toks, None]:
        if t is None:
            if any(x.kind == "eq" for x in cur):
                runs.append(cur)
            cur = []
        else:
            cur.append(t)
    return runs


@dataclass(frozen=True)
class _Found:
    fact: Fact  # its repair fixes this result alone
    quoted: str  # the equation as written, without spaces
    line: str = ""  # the line it stands on
    fixed: str = ""  # that line with the right result
    old: str = ""  # the stated result
    new: str = ""  # the right one, written alike


def _equations(line: str) -> list[_Found]:
    """Each equation of the line whose stated result is wrong, as a fact with its fix."""
    out = []
    for run in _runs(_tokens(line)):
        cuts = [i for i, t in enumerate(run) if t.kind == "eq"]
        segs = [run[a + 1 : b] for a, b in zip([-1, *cuts], [*cuts, len(run)])]
        first = next((segs[0][i:] for i in range(len(segs[0])) if _parse(segs[0][i:]) is not None), [])
        last = next(
            (segs[-1][:i] for i in range(len(segs[-1]), 0, -1) if _parse(segs[-1][:i]) is not None), []
        )
        segs = [first, *segs[1:-1], last]
        if len(segs) < 2 or not all(segs) or any(_parse(s) is None for s in segs):
            continue
        if not _plain(line, segs, any(t.text == "≈" for t in run)):
            continue
        for left, right in zip(segs, segs[1:]):
            found = _compare(line, left, right, any(t.text == "≈" for t in run))
            if found is not None:
                quoted = re.sub(r"\s+", "", line[segs[0][0].start : segs[-1][-1].end])
                out.append(_Found(found.fact, quoted, line, found.fixed, found.old, found.new))
                break
    return out


def _plain(line: str, segs: list[list[_Tok]], approx: bool) -> bool:
    """Whether the equation reads as plain arithmetic: an operator on its left, one currency, a
    percent only where every number has one or it multiplies, and not a piece of a time, date or
    decimal-comma number ("5:25 x 10", "1,5 + 2")."""
    toks = [t for s in segs for t in s]
    nums = [t for t in toks if t.kind == "num"]
    if not any(t.kind == "op" and not (i == 0 and _OPS[t.text] == "-") for i, t in enumerate(segs[0])):
        return False
    if len({t.cur for t in nums if t.cur}) > 1:
        return False
    pcts = [t for t in nums if t.pct]
    if any(t.pct and t.cur for t in nums) or (segs[-1][-1].pct and not any(t.pct for t in segs[0])):
        return False  # "$3,200 / 50 = $64%", "3200 / 50 = 64%": a share, not this quotient
    if (
        pcts
        and len(pcts) != len(nums)
        and any(_OPS.get(t.text) in ("+", "-") for t in toks if t.kind == "op")
    ):
        return False
    ops = [t for t in toks if t.kind == "op"]
    tight = [t for t in ops if line[t.start - 1 : t.start].isdigit() and line[t.end : t.end + 1].isdigit()]
    if any(_OPS[t.text] == "-" for t in tight) and len(tight) < len(ops):
        return False  # "2023-24 + 5": a year's span or a range, not a subtraction
    start, end = segs[0][0].start, segs[-1][-1].end
    before, after = line[:start], line[end:]
    if re.search(r"(?:\w|[:/\-–^]|\d[.,])$", before) or re.match(r"(?:[:/]|[.,]\d|\d|[xX×*^!%])", after):
        return False
    return not re.match(
        r"\s*(?:r\s*\d|r\b|rem\b|remainder|with\s+(?:a\s+)?remainder|(?:with\s+\d+\s+)?left\s*over)",
        after,
        re.I,
    )


def _compare(line: str, left: list[_Tok], right: list[_Tok], approx: bool) -> _Found | None:
    """A fact when `right` is not what `left` comes to (a running total "a + b = c + d = e" is read
    link by link); None when it is, within the stated result's decimals."""
    have, want = _parse(right), _parse(left)
    assert have is not None and want is not None
    dec = max(t.decimals for t in right if t.kind == "num")
    if _close(want, have, dec, approx):
        return None
    if len(right) > 1 and right[0].kind == "num" and _close(want, right[0].value, dec, approx):
        return None  # a running total: "24 + 18.99 = 42.99 + 55 = 97.99"
    shown = line[left[0].start : right[-1].end].strip()
    right_text = line[right[0].start : right[-1].end]
    correct = _written(want, right[-1] if len(right) == 1 else None, left)
    sum_text = line[left[0].start : left[-1].end]
    line_text = f"arithmetic: {shown} -- NOT MET: {sum_text} comes to {correct}"
    fault = f"The answer's arithmetic is wrong: {sum_text} comes to {correct}, not {right_text}."
    if len(right) > 1:
        return _Found(Fact(line_text, fault), shown)
    fixed = line[: right[0].start] + correct + line[right[0].end :]
    fact = Fact(line_text, fault, _replace_line(line, fixed))
    return _Found(fact, shown, line, fixed, right[0].text, correct)


def _close(want: Fraction, have: Fraction | None, dec: int, approx: bool) -> bool:
    """`have` states `want`: exactly, or rounded or cut to its `dec` decimals (any rounding after ≈)."""
    if have is None:
        return False
    if want == have:
        return True
    if dec == 0 and not approx:
        return False
    return abs(want - have) <= Fraction(1, 10**dec) * (Fraction(1) if not approx else Fraction(1, 2) + 1)


def _written(value: Fraction, like: _Tok | None, operands: list[_Tok]) -> str:
    """`value` written as the stated result was (currency, percent, decimals, thousands commas)."""
    nums = [t for t in operands if t.kind == "num"]
    cur = (like.cur if like else "") or next((t.cur for t in nums if t.cur), "")
    pct = (like.pct if like else False) or (bool(nums) and all(t.pct for t in nums))
    v = value * 100 if pct else value
    dec = like.decimals if like else max((t.decimals for t in nums), default=0)
    if v.denominator != 1:  # exact where it ends within 4 places (1.25), else rounded; money to cents
        dec = next((d for d in range(dec, 5) if (v * 10**d).denominator == 1), max(dec, 2))
        dec = 2 if cur else dec
    q = (Decimal(v.numerator) / Decimal(v.denominator)).quantize(Decimal(1).scaleb(-dec), ROUND_HALF_UP)
    text = f"{q:,.{dec}f}"
    if not any("," in t.text for t in [*nums, *([like] if like else [])]):
        text = text.replace(",", "")
    if cur and like is not None and like.text.startswith(cur + " "):
        cur += " "
    sign, text = ("-", text[1:]) if text.startswith("-") else ("", text)
    return f"{sign}{cur}{text}{'%' if pct else ''}"


def _replace_line(old: str, new: str):
    """A fix that writes `new` over the first line equal to `old`."""

    def fix(answer: str) -> str:
        lines = answer.split("\n")
        for i, line in enumerate(lines):
            if line == old:
                lines[i] = new
                return "\n".join(lines)
        return answer

    return fix


_TOTAL = re.compile(r"^\W*(?:grand\s+)?total\b[^|\d]{0,25}$", re.I)
_TOTAL_LINE = re.compile(r"^\W*(?:grand\s+)?total\b[^:\d]{0,20}[:=]?\s*\**\s*$", re.I)
_NOT_A_SUM = re.compile(
    r"\b(?:sub-?totals?|tax|vat|gst|discount|tip|gratuity|shipping|delivery|fees?|deposit|paid|balance|"
    r"remaining|change|savings?|average|mean|per|each|refund|credit|minus|less|after)\b",
    re.I,
)
_AMOUNT = re.compile(rf"^\W*?(?P<tok>[{_CUR}]?\s?(?:\d{{1,3}}(?:,\d{{3}})+|\d+)(?:\.\d+)?%?)\W*$")


def _amount(cell: str) -> _Tok | None:
    """The one number a cell or line holds, as a token; None for anything else."""
    m = _AMOUNT.match(cell.replace("*", "").strip())
    if not m:
        return None
    toks = [t for t in _tokens(m["tok"]) if t is not None]
    return toks[0] if len(toks) == 1 and toks[0].kind == "num" else None


def _totals(answer: str) -> list[_Found]:
    """Each Total row of a markdown table, or Total line under a table or a list of amounts, that is
    not the sum of what stands above it."""
    lines, out, i = answer.split("\n"), [], 0
    while i < len(lines):
        j = i
        while j < len(lines) and lines[j].strip().startswith("|"):
            j += 1
        if j - i >= 3:
            out += _table_total(lines, i, j)
            i = j
        else:
            out += _list_total(lines, i)
            i += 1
    return out


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _table_total(lines: list[str], i: int, j: int) -> list[_Found]:
    """The table lines[i:j]'s Total row (its last), or a Total line just under it, checked."""
    rows = [_cells(x) for x in lines[i:j]]
    if not all(re.fullmatch(r":?-{3,}:?", c.replace(" ", "")) for c in rows[1] if c):
        return []
    body = rows[2:]
    last, line_at = body[-1], None
    if _TOTAL.match(last[0].replace("*", "")):
        body, total_cells = body[:-1], last
    else:
        after = next((k for k in range(j, min(j + 3, len(lines))) if lines[k].strip()), None)
        label, _, rest = lines[after].partition(":") if after is not None else ("", "", "")
        if after is None or not _TOTAL_LINE.match(label + ":") or _amount(rest) is None:
            return []
        line_at, total_cells = after, None
    if len(body) < 2 or any(_NOT_A_SUM.search(r[0]) or len(r) != len(rows[0]) for r in body):
        return []
    out = []
    cols = (
        range(1, len(rows[0])) if total_cells else [c for c in range(1, len(rows[0])) if _amount(body[0][c])]
    )
    if line_at is not None and len(cols) != 1:
        return []
    for c in cols:
        parts = [_amount(r[c]) for r in body]
        stated = _amount(total_cells[c]) if total_cells and c < len(total_cells) else None
        if line_at is not None:
            stated = _amount(lines[line_at].partition(":")[2])
        if stated is None or any(p is None for p in parts):
            continue
        if any(_counts(body, q) for q in range(1, len(rows[0])) if q != c):
            continue  # "Qty | Price": the total may be of quantity times price
        fact = _sum_fact(parts, stated, lines[line_at] if line_at is not None else lines[j - 1])
        if fact:
            out.append(fact)
    return out


def _counts(body: list[list[str]], q: int) -> bool:
    """Whether column q holds a whole number without currency in every row (a quantity)."""
    toks = [_amount(r[q]) if q < len(r) else None for r in body]
    return all(t is not None and not t.cur and not t.pct and t.value.denominator == 1 for t in toks)


_ITEM = re.compile(r"^\s*(?:[-*•+]|\d+[.)])\s+")
_MONEY = re.compile(rf"[{_CUR}]\s?(?:\d{{1,3}}(?:,\d{{3}})+|\d+)(?:\.\d+)?")


def _list_total(lines: list[str], i: int) -> list[_Found]:
    """A Total line (lines[i]) right under two or more list items of one amount of money each."""
    label, _, rest = lines[i].partition(":")
    if not _TOTAL_LINE.match(label + ":") or len(_MONEY.findall(rest)) != 1 or _amount(rest) is None:
        return []
    k = i - 1
    while k >= 0 and not lines[k].strip():
        k -= 1
    items = []
    while k >= 0 and _ITEM.match(lines[k]):
        items.append(lines[k])
        k -= 1
    indents = {len(x) - len(x.lstrip()) for x in items}
    if len(items) < 2 or len(indents) != 1 or any(len(_MONEY.findall(x)) != 1 for x in items):
        return []
    if any(_NOT_A_SUM.search(x) or re.search(rf"[×@]|\d\s*[xX]\s*[\d{_CUR}]", x) for x in items):
        return []
    parts = [_amount(_MONEY.search(x)[0]) for x in items]
    return [f for f in [_sum_fact(parts, _amount(rest), lines[i])] if f]


def _sum_fact(parts: list, stated: _Tok, line: str) -> _Found | None:
    """A fact when the stated total is not the parts' sum (within its decimals)."""
    want = sum((p.value for p in parts), Fraction(0))
    if len({p.cur for p in [*parts, stated] if p.cur}) > 1 or _close(
        want, stated.value, stated.decimals, False
    ):
        return None
    correct = _written(want, stated, parts)
    at = line.find(stated.text)
    fixed = line[:at] + correct + line[at + len(stated.text) :] if at >= 0 else None
    shown = " + ".join(p.text for p in parts)
    text = f"arithmetic: the total {stated.text} -- NOT MET: {shown} comes to {correct}"
    fault = f"The answer's total is wrong: the amounts above it come to {correct}, not {stated.text}."
    if fixed is None:
        return _Found(Fact(text, fault), shown)
    return _Found(Fact(text, fault, _replace_line(line, fixed)), shown, line, fixed, stated.text, correct)
