"""Does a function that passes the request's examples only return their answer? Each example call
with literal arguments (`f(10) == 271`, `>>> f('abc')`) is re-run with nearby arguments (a number
plus or minus a little, a string or list cut, doubled or reversed, ...). A function that gives the
example's expected value for every one of them computes nothing from its input: it was fitted to
the example (MBPP: a rewrite told "expected 1, got 5" that answers `sum(1 for i in range(n+1) if
not bin(i)[2:].count('1'))`, which is 1 for every n). Run in the sandbox like the examples. Code
that holds each example's input beside its answer (`if n == 60: return 'C4'`) is fitted too, read
from its syntax tree.
"""

from __future__ import annotations

import ast
import json

from selfrefine.engine.observe.examples import Example, short
from selfrefine.engine.sandbox import Limits, run_python

MIN_PROBES = 3
"""Fewer nearby calls that return than this and nothing is said."""
MAX_PROBES = 12
"""Nearby calls per example, at most."""
PROBE_SECONDS = 0.5
"""Each nearby call's time limit (a slow one counts as not returning)."""

_TRUTH = ("True", "False")
"""Answers not probed: a predicate's answer often holds for every nearby input (a scalene
triangle's sides moved by one stay scalene), so the same answer there says nothing (MBPP: a right
`a != b and a != c and b != c` would have been refused)."""

_MARK = "@@selfrefine-probes@@"

_HARNESS = """import contextlib, doctest, io, json, runpy, signal
cases = json.load(open("probes.json"))
class Slow(BaseException):
    pass
def _slow(*_):
    raise Slow()
signal.signal(signal.SIGALRM, _slow)
checker = doctest.OutputChecker()
try:
    with contextlib.redirect_stdout(io.StringIO()):
        ns = runpy.run_path("answer.py", run_name="answer")
except BaseException:
    ns = None
res = []
for c in cases if ns is not None else ():
    same = []
    for source in c["probes"]:
        signal.setitimer(signal.ITIMER_REAL, SECONDS)
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                got = eval(source, ns)
                if c["kind"] == "call":
                    ok = got == eval(c["want"], ns)
                else:
                    ok = checker.check_output(c["want"], repr(got) + "\\n", doctest.NORMALIZE_WHITESPACE)
            same.append(bool(ok))
        except BaseException:
            same.append(None)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    res.append(same)
print(MARK + json.dumps(res))
""".replace("MARK", repr(_MARK)).replace("SECONDS", repr(PROBE_SECONDS))


def _nearby(value) -> list:
    """Arguments near `value`, of its type (none for a type it does not know)."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, value * 2 + 1, value + 5, 3 if value == 0 else 0, value * 3 + 2]
    if isinstance(value, float):
        return [value + 1.5, value * 2, -value, value / 3]
    if isinstance(value, str):
        return [value[1:], value[: len(value) // 2], value + value, value[::-1], "", value + "ab1 Z"]
    if isinstance(value, (list, tuple)):
        kind = type(value)
        near = [
            kind(value[1:]),
            kind(value[: len(value) // 2]),
            kind([*value, *value]),
            kind(value[::-1]),
            kind(),
        ]
        if value and all(type(x) is int for x in value):
            near += [kind(x + 1 for x in value), kind(x * 3 - 1 for x in value)]
        return near
    return []


def nearby_calls(example: Example) -> list[str]:
    """`example`'s call re-written with one argument moved to a nearby value, at most MAX_PROBES
    and none equal to the example's own call; [] where the example is not a plain call of a
    name with literal arguments."""
    if example.kind not in ("call", "doctest"):
        return []
    try:
        call = ast.parse(example.source.strip(), mode="eval").body
        if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name) or call.keywords:
            return []
        args = [ast.literal_eval(a) for a in call.args]
    except (SyntaxError, ValueError, TypeError, MemoryError, RecursionError):
        return []
    per_arg = [[near for near in _nearby(value) if near != value] for value in args]
    calls: list[str] = []
    for j in range(max(map(len, per_arg), default=0)):  # each argument in turn, so all are moved
        for i, near in enumerate(per_arg):
            if j < len(near):
                moved = [*args[:i], near[j], *args[i + 1 :]]
                source = f"{call.func.id}({', '.join(map(repr, moved))})"
                if source not in calls:
                    calls.append(source)
    return calls[:MAX_PROBES]


def _answered(code: str, most: int) -> set[tuple]:
    """(input, answer) pairs the code spells out: `if x == 60: return 'C4'`, or a dict of at most
    `most` entries (`{60: 'C4'}`; a full table such as the roman numerals' is no list of answers)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return set()
    pairs: set[tuple] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and len(node.keys) <= most:
            pairs |= {
                (k.value, v.value)
                for k, v in zip(node.keys, node.values, strict=True)
                if isinstance(k, ast.Constant) and isinstance(v, ast.Constant)
            }
        elif isinstance(node, ast.If) and isinstance(node.test, ast.Compare) and len(node.test.ops) == 1:
            sides = [node.test.left, node.test.comparators[0]]
            given = [x.value for x in sides if isinstance(x, ast.Constant)]
            named = any(isinstance(x, ast.Name) for x in sides)
            if isinstance(node.test.ops[0], ast.Eq) and named and len(given) == 1:
                pairs |= {
                    (given[0], r.value.value)
                    for r in node.body
                    if isinstance(r, ast.Return) and isinstance(r.value, ast.Constant)
                }
    return pairs


def hardcoded(code: str, examples: list[Example]) -> str | None:
    """Why `code` answers the request's examples by name: for each of them (two or more, each a call
    of one literal argument with a literal answer) it holds that input and that answer as a pair
    (`if number == 60: return 'C4'`, a dict from the inputs to the answers) -- generic test12's q42,
    a MIDI namer written as the two examples and two guesses, raising for every other note."""
    pairs = []
    for e in examples:
        try:
            call = ast.parse(e.source.strip(), mode="eval").body
            if not isinstance(call, ast.Call) or len(call.args) != 1 or call.keywords:
                return None
            pairs.append((ast.literal_eval(call.args[0]), ast.literal_eval(e.want.strip())))
        except (SyntaxError, ValueError, TypeError, MemoryError, RecursionError):
            return None
    if len(pairs) < 2 or not all(
        isinstance(x, int | float | str) and isinstance(w, int | float | str) for x, w in pairs
    ):
        return None
    spelled = _answered(code, len(pairs) + 2)
    if not all(p in spelled for p in pairs):
        return None
    first = f"{short(examples[0].source, 40)} -> {short(examples[0].want, 30)}"
    return (
        f"it holds each example's input with its answer ({first}): it answers the examples, not the request"
    )


def fitted(code: str, examples: list[Example], limits: Limits) -> str | None:
    """Why `code` (which passes `examples`) looks fitted to one of them: it returns that example's
    expected value for every nearby call that returns (at least MIN_PROBES); None otherwise, and
    where nothing could be run."""
    if why := hardcoded(code, [e for e in examples if e.kind in ("call", "doctest")]):
        return why
    cases = [(e, nearby_calls(e)) for e in examples if e.want.strip() not in _TRUTH]
    cases = [(e, calls) for e, calls in cases if calls]
    if not cases:
        return None
    wire = [{"kind": e.kind, "want": e.want, "probes": calls} for e, calls in cases]
    r = run_python(_HARNESS, limits=limits, files={"answer.py": code, "probes.json": json.dumps(wire)})
    line = next((x for x in reversed(r.stdout.splitlines()) if x.startswith(_MARK)), None)
    if line is None:
        return None
    for (e, calls), same in zip(cases, json.loads(line[len(_MARK) :]), strict=False):
        ran = [(call, s) for call, s in zip(calls, same, strict=False) if s is not None]
        if len(ran) >= MIN_PROBES and all(s for _, s in ran):
            return (
                f"it returns the example's answer {short(e.want, 60)} for every other input tried "
                f"({len(ran)} of them, e.g. {short(ran[0][0], 60)}): it fits the example, not the request"
            )
    return None
