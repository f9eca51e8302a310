"""Write tasks/generic/data.jsonl from the requests written for this project (constraints,
functions, everyday questions) and assign each row its split.

Split: within each kind, in the order written, every third row (positions 0, 3, 6, ...) is dev
and the others are test, so about 1/3 of every kind is dev. After them come the holdout
constraint rows (generic_holdout.py, ids h01-h36, split `holdout`), written blind to the
observers. Run: python -m selfrefine.tasks.tools.generic_data
"""

from __future__ import annotations

import json
from pathlib import Path

from selfrefine.tasks.tools.generic_constraints import CONSTRAINTS
from selfrefine.tasks.tools.generic_functions import FUNCTIONS, SHOWN
from selfrefine.tasks.tools.generic_holdout import HOLDOUT

OUT = Path(__file__).resolve().parent.parent / "generic" / "data.jsonl"

# (question, accepted answer: {"any": phrases} and/or {"number": x, "tol": t})
EVERYDAY: list[tuple[str, dict]] = [
    ("What is the capital of France?", {"any": ["Paris"]}),
    ("What is 17 multiplied by 23?", {"number": 391}),
    ("How many minutes are there in 3.5 hours?", {"number": 210}),
    ("How many metres are in 5 kilometres?", {"number": 5000}),
    ("At sea level, at what temperature in degrees Celsius does water boil?", {"number": 100}),
    ("What is 15% of 80?", {"number": 12}),
    ("Which is the largest planet in our solar system?", {"any": ["Jupiter"]}),
    ("What is the chemical symbol for gold?", {"any": ["Au"]}),
    ("How many days does a leap year have?", {"number": 366}),
    ("Who wrote the play Romeo and Juliet?", {"any": ["Shakespeare"]}),
    ("What is the square root of 144?", {"number": 12, "any": ["twelve"]}),
    ("How many grams are in 2.5 kilograms?", {"number": 2500}),
    (
        "Convert 100 degrees Fahrenheit to Celsius, rounded to one decimal place.",
        {"number": 37.8, "tol": 0.06},
    ),
    ("How many sides does a hexagon have?", {"number": 6, "any": ["six"]}),
    ("What is 1000 minus 387?", {"number": 613}),
    ("What is the capital city of Japan?", {"any": ["Tokyo"]}),
    ("What is the freezing point of water in degrees Fahrenheit?", {"number": 32}),
    ("How many hours are there in one week?", {"number": 168}),
    ("How many centimetres are in 12 inches?", {"number": 30.48, "tol": 0.01}),
    ("Which is the largest ocean on Earth?", {"any": ["Pacific"]}),
    ("What is 2 raised to the power of 10?", {"number": 1024}),
]

_STYLES = ("doctest", "equals", "io")


def _call(name: str, args: list) -> str:
    return f"{name}({', '.join(repr(a) for a in args)})"


def function_request(i: int, name: str, sig: str, what: str, shown: list[tuple[list, object]]) -> str:
    """The request text: what to write and SHOWN examples, in one of three styles by position."""
    style = _STYLES[i % len(_STYLES)]
    head = f"Write a Python function `{sig}` that {what}."
    if style == "doctest":
        ex = "\n".join(f">>> {_call(name, a)}\n{e!r}" for a, e in shown)
        return f"{head}\n\n{ex}"
    if style == "equals":
        ex = "\n".join(f"{_call(name, a)} == {e!r}" for a, e in shown)
        return f"{head} For example:\n\n{ex}"
    ex = "\n".join(f"Input: {_call(name, a)}\nOutput: {e!r}" for a, e in shown)
    return f"{head}\n\n{ex}"


def _split(position: int) -> str:
    return "dev" if position % 3 == 0 else "test"


def build() -> list[dict]:
    rows: list[dict] = []
    for i, (request, checks) in enumerate(CONSTRAINTS):
        rows.append(
            {
                "id": f"c{i + 1:02d}",
                "kind": "constraints",
                "split": _split(i),
                "request": request,
                "checks": checks,
            }
        )
    for i, (name, sig, what, ref, calls) in enumerate(FUNCTIONS):
        env: dict = {}
        exec(ref, env)  # the reference implementations written here, never model output
        tests = [
            {"args": a, "expect": json.loads(json.dumps(env[name](*json.loads(json.dumps(a)))))}
            for a in calls
        ]
        shown = [(t["args"], env[name](*t["args"])) for t in tests[:SHOWN]]
        rows.append(
            {
                "id": f"f{i + 1:02d}",
                "kind": "function",
                "split": _split(i),
                "request": function_request(i, name, sig, what, shown),
                "entry": name,
                "tests": tests,
                "reference": ref,
            }
        )
    for i, (question, answer) in enumerate(EVERYDAY):
        rows.append(
            {
                "id": f"e{i + 1:02d}",
                "kind": "everyday",
                "split": _split(i),
                "request": question,
                "answer": answer,
            }
        )
    for i, (request, checks) in enumerate(HOLDOUT):  # appended: the rows above keep their order
        rows.append(
            {
                "id": f"h{i + 1:02d}",
                "kind": "constraints",
                "split": "holdout",
                "request": request,
                "checks": checks,
            }
        )
    return rows


def render() -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in build())


if __name__ == "__main__":
    OUT.write_text(render())
    print(f"wrote {OUT}")
