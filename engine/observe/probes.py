"""Does a function that passes the request's examples only return their answer? Each example call
with literal arguments (`f(10) == 271`, `>>> f('abc')`) is re-run with nearby arguments (a number
plus or minus a little, a string or list cut, doubled or reversed, ...). A function that gives the
example's expected value for every one of them computes nothing from its input: it was fitted to
the example (MBPP: a rewrite told "expected 1, got 5" that answers `sum(1 for i in range(n+1) if
not bin(i)[2:].count('1'))`, which is 1 for every n). Run in the sandbox like the examples.
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


def fitted(code: str, examples: list[Example], limits: Limits) -> str | None:
    """Why `code` (which passes `examples`) looks fitted to one of them: it returns that example's
    expected value for every nearby call that returns (at least MIN_PROBES); None otherwise, and
    where nothing could be run."""
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
