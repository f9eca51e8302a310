"""The check kinds added to the generic scorer for the test16 rows (tasks/tools/generic_test16.py),
written with those rows, blind to the observers: each takes the row's check dict and the answer and
says whether it holds; bad parameters raise BadCheck whatever the text, and an answer with no word
meets none. scorer.check finds them through scorer._split_checks, before the older splits' kinds.
The developer formats, braille, Latin squares and naming styles are in test16_kinds2."""

from __future__ import annotations

import ast
import operator
import re
from collections import Counter
from fractions import Fraction
from itertools import pairwise

from selfrefine.tasks.generic.scorer import BadCheck, _has_word, _line_body, _params, lines, numbers, words
from selfrefine.tasks.generic.test13_kinds2 import _cells, _tables
from selfrefine.tasks.generic.test15_kinds import _ITEM, _name
from selfrefine.tasks.generic.test16_kinds2 import (
    _list_items,
    braille_text,
    chmod_commands,
    details_blocks,
    dmarc_record,
    docker_run,
    ffmpeg_trim,
    json_schema,
    latin_square,
    naming_style,
    recurrence_rule,
    set_cookie_header,
    strftime_formats,
)


def _number_map(c: dict, v, what: str, size: int) -> dict[str, list[float]]:
    """v: a non-empty mapping of names to lists of `size` positive numbers."""
    ok = isinstance(v, dict) and bool(v)
    for name, xs in v.items() if ok else ():
        ok &= bool(str(name).strip()) and isinstance(xs, list) and len(xs) == size
        ok = ok and all(isinstance(x, (int, float)) and not isinstance(x, bool) and x > 0 for x in xs)
    if not ok:
        raise BadCheck(f"check {c['check']!r}: {what} maps a name to {size} positive numbers")
    return {str(k).strip(): xs for k, xs in v.items()}


# ------------------------------------------------------------------ plans and tables

_WEEK = re.compile(r"^(?:week|wk)\.?\s*(\d{1,2})\b", re.I)
_NUM = r"(\d+(?:\.\d+)?)"


def weekly_progression(c: dict, text: str) -> bool:
    """A plan that builds up gently: weeks 1 to `weeks` each have a total in one of `unit` (its
    spellings): in a table row whose first cell is "Week N" or N, the cell of the column headed
    "total" or "weekly" (else the one naming the unit); else on the line that starts with "Week N", the
    number after "total" or after its last "=", else its first number before the unit, else a
    "total" line under it. Week 1's is `start`, no week is more than `max_increase` % above the
    week before, and no week after `weeks` is planned."""
    p = _params(c, {"weeks": int, "start": (int, float), "max_increase": (int, float), "unit": list})
    units = [u.strip().lower() for u in p["unit"]]
    if p["weeks"] < 2 or p["start"] <= 0 or not 0 < p["max_increase"] <= 100:
        raise BadCheck("check 'weekly_progression': weeks from 2, start above 0, max_increase a %")
    if not all(re.fullmatch(r"[a-z]+", u) for u in units):
        raise BadCheck("check 'weekly_progression': unit lists the unit's spellings, letters only")
    unit = r"\b(?:" + "|".join(sorted(units, key=len, reverse=True)) + r")\b"
    amount = re.compile(rf"{_NUM}[ -]?{unit}", re.I)
    total = re.compile(rf"\btotal\b\W*(?:of |is )?{_NUM}|{_NUM}[ -]?(?:{unit})?\s*(?:in )?total\b", re.I)
    got: dict[int, float] = {}
    for head, _, body in _tables(text):
        cols = [i for i, h in enumerate(head) if re.search(r"\b(?:total|weekly)\b", h, re.I)]
        cols = cols or [i for i, h in enumerate(head) if re.search(unit, h, re.I)]
        for row in body if cols else []:
            m = re.fullmatch(r"\W*(?:(?:week|wk)\.?\s*)?(\d{1,2})\W*", row[0], re.I) if row else None
            found = numbers(row[cols[0]]) if m and cols[0] < len(row) else []
            if found:
                got.setdefault(int(m.group(1)), found[0])
    week = None
    for ln in lines(text):
        if "|" in ln:
            continue
        body = _line_body(ln).strip("*_ ")
        m = _WEEK.match(body)
        rest = body[m.end() :] if m else body
        if m:
            week = int(m.group(1))
        hits = [x for pair in total.findall(rest) for x in pair if x]
        sums = re.findall(rf"=\s*{_NUM}", rest)
        first = amount.search(rest)
        value = hits[0] if hits else sums[-1] if sums and m else first.group(1) if first and m else None
        if week is not None and value is not None:
            got.setdefault(week, float(value))
    n, rate = p["weeks"], 1 + p["max_increase"] / 100
    if sorted(k for k in got if k > 0) != list(range(1, n + 1)):
        return False
    plan = [got[k] for k in range(1, n + 1)]
    ok = abs(plan[0] - p["start"]) <= 0.01 and all(b <= a * rate + 0.05 for a, b in pairwise(plan))
    return ok and bool(words(text))


_RACI_WORDS = {"responsible": "R", "accountable": "A", "consulted": "C", "informed": "I"}


def _raci(cell: str) -> list[str] | None:
    """A RACI cell's letters (R, A, C, I, or the words; "-" or empty for none), None if it holds
    anything else."""
    out = []
    for tok in re.findall(r"[A-Za-z]+", cell):
        if tok.lower() in _RACI_WORDS:
            out.append(_RACI_WORDS[tok.lower()])
        elif re.fullmatch(r"[RACI]{1,4}", tok) and len(set(tok)) == len(tok):
            out += list(tok)
        else:
            return None
    return out


def raci_matrix(c: dict, text: str) -> bool:
    """A RACI chart: a table with a column for each of `roles` (a header naming it) and one row for
    each of `tasks` (its first cell naming it), each role's cell R, A, C, I (or the words, several
    together, or none), every task with exactly one A and at least one R."""
    p = _params(c, {"roles": list, "tasks": list})
    if len({r.lower() for r in p["roles"]}) < 2 or len({t.lower() for t in p["tasks"]}) < 1:
        raise BadCheck("check 'raci_matrix': at least 2 different roles and a task")
    for head, _, body in _tables(text) if words(text) else []:
        cols = [[i for i, h in enumerate(head) if i > 0 and _has_word(h, r)] for r in p["roles"]]
        if not all(len(x) == 1 for x in cols):
            continue
        ok = True
        for task in p["tasks"]:
            rows = [row for row in body if row and _has_word(row[0], task)]
            row = rows[0] if len(rows) == 1 else None
            cells = [_raci(row[x[0]]) if x[0] < len(row) else [] for x in cols] if row else [None]
            letters = Counter(ch for cell in cells if cell for ch in cell)
            ok &= None not in cells and letters["A"] == 1 and letters["R"] >= 1
        if ok:
            return True
    return False


def weighted_scores(c: dict, text: str) -> bool:
    """A weighted decision table: a table with a column for each of `criteria` (name -> weight in
    %, adding up to 100; a header naming it, not "total") and a total column (headed total,
    weighted or overall), one row for each of `options` (its first cell naming it), each score 1
    to `scale` (default 10), the total the weighted mean (within 0.05) or that out of 100."""
    p = _params(c, {"options": list, "criteria": dict}, {"scale": int})
    crit = {str(k).strip(): w for k, w in p["criteria"].items()}
    scale = p.get("scale", 10)
    bad = [w for w in crit.values() if isinstance(w, bool) or not isinstance(w, (int, float)) or w <= 0]
    if not crit or bad or abs(sum(crit.values()) - 100) > 1e-6 or scale < 2:
        raise BadCheck(
            "check 'weighted_scores': criteria map names to weights (%) adding up to 100; scale from 2"
        )
    for head, _, body in _tables(text) if words(text) else []:
        cols = {k: [i for i, h in enumerate(head) if i > 0 and _has_word(h, k) and "total" not in h.lower()]
                for k in crit}  # fmt: skip
        tot = [i for i, h in enumerate(head) if re.search(r"\b(?:total|weighted|overall)\b", h, re.I)]
        tot = [i for i in tot if all(i not in x for x in cols.values())]
        if not all(cols.values()) or not tot:
            continue
        ok = True
        for option in p["options"]:
            rows = [row for row in body if row and _has_word(row[0], option)]
            row = rows[0] if len(rows) == 1 else []
            cells = [numbers(row[x[0]]) if x[0] < len(row) else [] for x in cols.values()]
            have = numbers(row[tot[-1]]) if tot[-1] < len(row) else []
            if not have or not all(cells) or not all(1 <= s[0] <= scale for s in cells):
                ok = False
                break
            mean = sum(w * s[0] for w, s in zip(crit.values(), cells)) / 100
            ok &= min(abs(have[0] - mean), abs(have[0] - mean * 100 / scale) / 10) <= 0.051
        if ok:
            return True
    return False


# ------------------------------------------------------------------ lists

_SUFFIX = {"aisle", "section", "items", "list", "department"}


def _group_head(line: str, names: list[str]) -> tuple[str | None, str]:
    """(the group a heading line names, the items after its colon), or (None, "")."""
    body = _line_body(line).strip().strip("*_").strip()
    head, sep, rest = body.partition(":")
    core = [w.lower() for w in words(re.sub(r"\([^)]*\)", "", head))]
    if len(core) > 1 and core[-1] in _SUFFIX:
        core = core[:-1]
    for g in names:
        if core == [w.lower() for w in words(g)]:
            return g, rest.strip().strip("*_").strip() if sep else ""
    return None, ""


def _item_rx(kw: str) -> re.Pattern:
    """A keyword, whole words, any case, singular or plural."""
    forms = {kw, kw[:-1] if kw.endswith("s") else kw, kw[:-2] if kw.endswith("es") else kw}
    alt = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z])(?:{alt})(?:e?s)?(?![A-Za-z])", re.I)


def grouped_items(c: dict, text: str) -> bool:
    """Items sorted under headings: each of `groups` (heading -> keywords) has a heading line (a
    line that is just its name, bold or # or a list item or not, maybe with "aisle", a count or a
    colon and items after it); each keyword (any case, singular or plural) is among the items
    under its heading (list items, or the lines of its block) and under no other heading."""
    p = _params(c, {"groups": dict})
    groups = {str(g).strip(): v for g, v in p["groups"].items()}
    kws = [k.strip().lower() for v in groups.values() if isinstance(v, list) for k in v if isinstance(k, str)]
    if len(groups) < 2 or not all(isinstance(v, list) and v for v in groups.values()) or not all(kws):
        raise BadCheck("check 'grouped_items': groups map at least 2 headings to keywords")
    if len(set(kws)) != len(kws) or set(kws) & {g.lower() for g in groups}:
        raise BadCheck("check 'grouped_items': each keyword once, none a heading")
    names = list(groups)
    sections: dict[str, list[str]] = {g: [] for g in names}
    current, gap = None, False
    for ln in text.splitlines():
        if not ln.strip():
            gap = True
            continue
        g, rest = _group_head(ln, names)
        if g:
            current, gap = g, False
            sections[g] += [rest] if rest else []
            continue
        if current is not None and (_ITEM.match(ln) or not gap or not sections[current]):
            sections[current].append(ln)
        else:
            current = None
        gap = False
    for g, want in groups.items():
        for kw in want:
            rx = _item_rx(kw.strip())
            mine = any(rx.search(x) for x in sections[g])
            if not mine or any(rx.search(x) for h, xs in sections.items() if h != g for x in xs):
                return False
    return bool(words(text))


def deduplicated_list(c: dict, text: str) -> bool:
    """A list with its repeats taken out: each different item of `items` (any case) is in the
    answer exactly once (whole, as a name or an address), in the order of its first appearance
    unless `keep_order` is "false"."""
    p = _params(c, {"items": list}, {"keep_order": str})
    items = [" ".join(x.split()) for x in p["items"]]
    once = list(dict.fromkeys(x.lower() for x in items))
    if len(once) == len(items) or len(once) < 2 or p.get("keep_order", "true") not in ("true", "false"):
        raise BadCheck("check 'deduplicated_list': 2 items or more, some repeated; keep_order true or false")
    flat = " ".join(text.split())
    at = []
    for item in once:
        hits = [m.start() for m in re.finditer(rf"(?<![\w@.+-]){re.escape(item)}(?![\w@-]|\.\w)", flat, re.I)]
        if len(hits) != 1:
            return False
        at.append(hits[0])
    return bool(words(text)) and (p.get("keep_order") == "false" or at == sorted(at))


def unit_prices(c: dict, text: str) -> bool:
    """Prices per unit: for each of `items` (name -> [price, quantity]), a line naming it (whole
    words, any case) holds the price of `per` of the quantity's unit, to the cent (within 0.006)."""
    p = _params(c, {"items": dict, "per": (int, float)})
    items = _number_map(c, p["items"], "items", 2)
    if p["per"] <= 0:
        raise BadCheck("check 'unit_prices': per is above 0")
    for name, (price, qty) in items.items():
        value = price / qty * p["per"]
        if not any(
            _has_word(ln, name) and any(abs(x - value) <= 0.006 for x in numbers(ln)) for ln in lines(text)
        ):
            return False
    return bool(words(text))


_PCT = re.compile(r"([-−–+]?)(\d+(?:\.\d+)?)\s?(?:%|percent\b|per cent\b)", re.I)
_DOWN = re.compile(r"\b(?:down|decreas|declin|drop|fell|fall|lower|loss|shr[au]nk)\w*|[↓🔻📉]", re.I)


def percent_changes(c: dict, text: str) -> bool:
    """Percentage changes: for each of `items` (name -> [before, after]), a line naming it (whole
    words, any case) gives the change as a percentage (a number before % or "percent") rounded to
    `decimals` (default 1) places, a fall with a minus sign or a word like "down" or "decrease",
    a rise without a minus."""
    p = _params(c, {"items": dict}, {"decimals": int})
    items = _number_map(c, p["items"], "items", 2)
    d = p.get("decimals", 1)
    if d > 4:
        raise BadCheck("check 'percent_changes': decimals is 0 to 4")
    for name, (old, new) in items.items():
        want = (new - old) / old * 100
        ok = False
        for ln in (x for x in lines(text) if _has_word(x, name)):
            for sign, num in _PCT.findall(ln):
                minus = sign in ("-", "−", "–")
                fall = minus or bool(_DOWN.search(ln))
                ok |= abs(float(num) - abs(want)) <= 0.5 * 10**-d + 1e-9 and (fall if want < 0 else not minus)
        if not ok:
            return False
    return bool(words(text))


# ------------------------------------------------------------------ word games

_ENUM = re.compile(r"\((\d{1,2}(?:\s?[,-]\s?\d{1,2})*)\)")
_LABEL = re.compile(r"^[\s\-–—:=|>→*_~\"'“”‘’]*(?:(?:answer|ans|a)\s*[:=\-–—]\s*)?[\s*_|\"'“”‘’]*", re.I)


def _clue_answer(after: str) -> str:
    s = _LABEL.sub("", after)
    caps = re.match(r"[A-Z][A-Z'\- ]*[A-Z]\b|[A-Z]\b", s)
    if caps and not re.match(r"[A-Z][a-z]", s):
        return caps.group(0).strip()
    m = re.match(r"[A-Za-z][A-Za-z'\- ]*[A-Za-z]|[A-Za-z]", s)
    return m.group(0).strip() if m else ""


def crossword_clues(c: dict, text: str) -> bool:
    """Crossword clues: exactly `n` lines hold a clue (two words or more) with its enumeration in
    brackets, like (5) or (4,3), and the answer after it (on the line, or on the next line after
    "Answer:"), whose word lengths are the enumeration's; no answer is repeated."""
    p = _params(c, {"n": int})
    if p["n"] < 1:
        raise BadCheck("check 'crossword_clues': n is at least 1")
    rows = lines(text)
    answers = []
    for i, ln in enumerate(rows):
        found = list(_ENUM.finditer(ln))
        if not found or len(words(_line_body(ln[: found[-1].start()]))) < 2:
            continue
        m = found[-1]
        answer = _clue_answer(ln[m.end() :])
        if not answer and i + 1 < len(rows) and re.match(r"\W*(?:answer|ans)\b", rows[i + 1], re.I):
            answer = _clue_answer(re.sub(r"^\W*(?:answer|ans)\b", "", rows[i + 1], flags=re.I))
        want = [int(x) for x in re.split(r"\s?[,-]\s?", m.group(1))]
        if [len(w) for w in re.split(r"[\s-]+", answer.replace("'", "")) if w] != want:
            return False
        answers.append(answer.upper())
    return bool(words(text)) and len(answers) == p["n"] == len(set(answers))


def letter_set_words(c: dict, text: str) -> bool:
    """Words from a set of letters: `n` different list items, each one word of `letters` only
    (any case, a letter used again as often as wanted), holding each of `required` where given,
    at least `min_length` letters long where given."""
    p = _params(c, {"letters": str, "n": int}, {"required": str, "min_length": int})
    letters, need = set(p["letters"].lower()), set(p.get("required", "").lower())
    if not re.fullmatch(r"[a-z]+", p["letters"].lower()) or need - letters or p["n"] < 1:
        raise BadCheck("check 'letter_set_words': letters are letters, required among them, n at least 1")
    if p.get("min_length", 1) < 1:
        raise BadCheck("check 'letter_set_words': min_length is at least 1")
    found = [_name(x).lower() for x in _list_items(text)]
    if len(found) != p["n"] or len(set(found)) != len(found):
        return False
    least = p.get("min_length", 1)
    return all(w.isascii() and w.isalpha() and need <= set(w) <= letters and len(w) >= least for w in found)


# ------------------------------------------------------------------ the numbers game

_OPS = {"+": "+", "-": "-", "−": "-", "–": "-", "×": "*", "x": "*", "X": "*", "*": "*", "·": "*", "÷": "/",
        "/": "/"}  # fmt: skip
_EXPR_END = re.compile(r"[\d\s()+\-−–×xX*·÷/]*$")
_RHS = re.compile(r"^[\s*_`]*(\d+(?:/\d+)?)(?![\d.])")


_AST_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}


def _evaluate(expr: str, literal: bool) -> tuple[Fraction, list[Fraction]] | None:
    """An arithmetic expression's exact value and the numbers in it, or None if it is no such
    expression (a leading minus, a division by zero, a stray token); with `literal`, an a/b
    written without spaces is one number (a fraction carried over from a step before)."""
    raw = expr.strip().strip("*_`").strip()
    raw = re.sub(r"(?<![\d)])(\d+)/(\d+)(?![\d(])", r"q\1_\2", raw) if literal else raw
    s = "".join(_OPS.get(t, t) for t in re.findall(r"q\d+_\d+|\d+|\S", raw))
    leaves: list[Fraction] = []

    def value(node):
        if isinstance(node, ast.BinOp) and type(node.op) in _AST_OPS:
            return _AST_OPS[type(node.op)](value(node.left), value(node.right))
        if isinstance(node, ast.Constant) and type(node.value) is int:
            leaves.append(Fraction(node.value))
        elif isinstance(node, ast.Name) and re.fullmatch(r"q\d+_\d+", node.id):
            leaves.append(Fraction(*map(int, node.id[1:].split("_"))))
        else:
            raise ValueError
        return leaves[-1]

    try:
        ok = re.fullmatch(r"(?:q\d+_\d+|[\d+*/()-])+", s)
        got = value(ast.parse(s, mode="eval").body) if ok else None
    except (SyntaxError, ValueError, ZeroDivisionError):
        return None
    return (got, leaves) if got is not None and len(leaves) >= 2 else None


def number_puzzle(c: dict, text: str) -> bool:
    """The numbers game: working lines "expression = result" (chained a + b = c × d = e too; a
    fraction result like 8/3 carried on as one number), in the answer's order, reach `target` from
    `numbers` (given as a string, spaces or commas between): each step right, using only the
    numbers not yet used and the results before it, each once, and (`use` "all") every one of the
    numbers, or (`use` "some", default) any of them."""
    p = _params(c, {"numbers": str, "target": int}, {"use": str})
    given = [int(x) for x in re.findall(r"\d+", p["numbers"])]
    if not 2 <= len(given) <= 8 or re.search(r"[^\d\s,]", p["numbers"]) or p["target"] < 1:
        raise BadCheck("check 'number_puzzle': numbers are 2 to 8 whole numbers, target above 0")
    if p.get("use", "some") not in ("all", "some"):
        raise BadCheck("check 'number_puzzle': use is 'all' or 'some'")
    steps = []
    for ln in text.splitlines():
        for left, right in pairwise(ln.split("=")):
            rhs, left = _RHS.match(right), _EXPR_END.search(left).group(0)
            readings = [r for r in (_evaluate(left, False), _evaluate(left, True)) if r] if rhs else []
            steps += [(readings, Fraction(rhs.group(1)))] if readings else []
    target = Fraction(p["target"])
    for s in range(len(steps)):
        pool = Counter(map(Fraction, given))
        for readings, result in steps[s:]:
            fit = [n for value, leaves in readings if value == result and not (n := Counter(leaves)) - pool]
            if not fit:
                break
            pool = pool - fit[0]
            pool[result] += 1
            if result == target and (p.get("use", "some") == "some" or +pool == Counter({target: 1})):
                return bool(words(text))
    return False


# ------------------------------------------------------------------ cards and chords

_RANKS = {**{str(v): v for v in range(2, 11)}, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
_SUIT = {"♠": "s", "♤": "s", "♥": "h", "♡": "h", "♦": "d", "♢": "d", "♣": "c", "♧": "c"}
_CARD = re.compile(r"(?<![A-Za-z0-9])(10|[2-9TJQKA])([♠♤♥♡♦♢♣♧]|[shdc](?![A-Za-z]))")
_HAND_NAMES = {
    "royal flush": "royal flush", "straight flush": "straight flush", "four of a kind": "four of a kind",
    "quads": "four of a kind", "full house": "full house", "flush": "flush", "straight": "straight",
    "three of a kind": "three of a kind", "trips": "three of a kind", "two pairs": "two pair",
    "two pair": "two pair", "one pair": "one pair", "pair": "one pair", "high card": "high card",
}  # fmt: skip
_HAND_RX = re.compile(r"\b(" + "|".join(sorted(_HAND_NAMES, key=len, reverse=True)) + r")\b", re.I)


def _category(cards: list[tuple[str, str]]) -> str:
    vals = [_RANKS[r] for r, _ in cards]
    counts = sorted(Counter(vals).values(), reverse=True)
    flush = len({s for _, s in cards}) == 1
    run = sorted(set(vals))
    straight = len(run) == 5 and (run[-1] - run[0] == 4 or run == [2, 3, 4, 5, 14])
    if straight and flush:
        return "royal flush" if run[0] == 10 else "straight flush"
    if counts[0] == 4:
        return "four of a kind"
    if counts == [3, 2]:
        return "full house"
    if flush or straight:
        return "flush" if flush else "straight"
    return {3: "three of a kind", 2: "two pair" if counts[1] == 2 else "one pair"}.get(counts[0], "high card")


def poker_hands(c: dict, text: str) -> bool:
    """Example poker hands: for each of `hands` (category names like "full house"), a line first
    naming that category holds five different cards (rank 2-10, J, Q, K, A, then a suit symbol or
    s h d c; else the next line does) that make exactly that hand (a royal flush counts as a
    straight flush)."""
    p = _params(c, {"hands": list})
    want = [" ".join(h.lower().split()) for h in p["hands"]]
    if not set(want) <= set(_HAND_NAMES.values()):
        raise BadCheck("check 'poker_hands': hands are categories like 'full house' or 'two pair'")
    rows = lines(text.replace("\ufe0f", ""))
    shown: dict[str, list[str]] = {}
    for i, ln in enumerate(rows):
        m = _HAND_RX.search(ln.replace("-", " "))
        if not m:
            continue
        cards = [(r, _SUIT.get(s, s)) for r, s in _CARD.findall(ln[m.end() :])]
        if not cards and i + 1 < len(rows):
            cards = [(r, _SUIT.get(s, s)) for r, s in _CARD.findall(rows[i + 1])]
        if len(cards) == 5 == len(set(cards)):
            shown.setdefault(_HAND_NAMES[m.group(1).lower()], []).append(_category(cards))
    ok = {"straight flush": {"straight flush", "royal flush"}}
    return bool(words(text)) and all(any(got in ok.get(h, {h}) for got in shown.get(h, [])) for h in want)


_PC = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
_NOTE = re.compile(
    r"(?<![A-Za-z0-9#])([A-G])(##|#|bb(?![a-z])|b(?![a-z])|[- ]?sharp\b|[- ]?flat\b)?(?![A-Za-z0-9#])"
)
_SYMBOL = re.compile(r"(?<![A-Za-z0-9#])[A-G][#b]?(?=maj|min|m|M|dim|aug|sus|add|°|ø|\+|\d)[^\s,;:|/()]*")


def _pitches(s: str) -> set[int]:
    out = set()
    for letter, acc in _NOTE.findall(_SYMBOL.sub(" ", s)):
        shift = acc.count("#") - acc.count("b") + ("sharp" in acc) - ("flat" in acc)
        out.add((_PC[letter] + shift) % 12)
    return out


def chord_spellings(c: dict, text: str) -> bool:
    """The notes of chords: for each of `chords` (name -> its notes), a line naming the chord (as
    written, ♯ and ♭ read as # and b) gives exactly its notes (enharmonic spellings alike, each
    once or more): the line's notes, those after the separator that follows the name, a table
    cell's, or the next line's."""
    p = _params(c, {"chords": dict})
    want = {}
    for name, notes in p["chords"].items():
        ok = re.fullmatch(r"[A-G][#b]?\S*", str(name)) and isinstance(notes, list) and notes
        if not ok or not all(isinstance(x, str) and re.fullmatch(r"[A-G](?:##|#|bb|b)?", x) for x in notes):
            raise BadCheck("check 'chord_spellings': chords map names to notes like ['C', 'E', 'G']")
        want[str(name)] = _pitches(" ".join(notes))
    rows = lines(text.replace("♯", "#").replace("♭", "b"))
    for name, pcs in want.items():
        rx = re.compile(rf"(?<![A-Za-z0-9#]){re.escape(name)}(?![A-Za-z0-9#])")
        found = False
        for i, ln in enumerate(rows):
            m = rx.search(ln)
            if not m:
                continue
            after = re.split(r"[:=→–—]", ln[m.end() :], maxsplit=1)
            nxt = rows[i + 1] if i + 1 < len(rows) else ""
            readings = [ln, after[-1], nxt, *(_cells(ln) if "|" in ln else [])]
            found |= any(_pitches(r) == pcs for r in readings)
        if not found:
            return False
    return bool(words(text))


TEST16_CHECKS = {
    f.__name__: f
    for f in (
        weekly_progression, raci_matrix, weighted_scores, grouped_items, deduplicated_list, unit_prices,
        percent_changes, crossword_clues, letter_set_words, number_puzzle, poker_hands, chord_spellings,
        braille_text, latin_square, naming_style, details_blocks, docker_run, ffmpeg_trim, chmod_commands,
        strftime_formats, set_cookie_header, json_schema, recurrence_rule, dmarc_record,
    )
}  # fmt: skip
