"""GSM8K scorer: run the program's solution() in the sandbox and compare with the target."""

from __future__ import annotations

import ast
import math

from selfrefine.engine.types import Observation
from selfrefine.tasks.sandbox import Limits, SandboxUnavailable, run_python
from selfrefine.tasks.scoring import extract_code, parse_python

MARK = "__SELFREFINE_ANSWER__"


def _number(value: str) -> float | None:
    try:
        v = ast.literal_eval(value)
    except (ValueError, SyntaxError):
        v = value.strip("'\"").replace(",", "").replace("$", "").strip()
    if isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return float(v)
    try:
        return float(str(v).replace(",", "").replace("$", "").strip())
    except ValueError:
        return None


class GSM8KScorer:
    """1.0 when solution() returns the target (to 1e-4), else 0.0. Never asks a model."""

    needs_judge = False

    def __init__(self, wall_s: float = 5.0):
        self.limits = Limits(wall_s=wall_s, cpu_s=int(wall_s) + 1, memory_mb=512)

    def run(self, output: str) -> tuple[float | None, str | None]:
        """(what solution() returned, None) or (None, why it could not run)."""
        code = extract_code(output)
        tree, err = parse_python(code)
        if err:
            return None, err
        if not any(isinstance(n, ast.FunctionDef) and n.name == "solution" for n in ast.walk(tree)):
            return None, "no solution() function"
        res = run_python(code + f"\n\nprint({MARK!r}, repr(solution()))\n", limits=self.limits)
        lines = [ln for ln in res.stdout.splitlines() if ln.startswith(MARK)]
        if not res.ok or not lines:
            return None, f"the program failed: {res.describe()}"
        return lines[-1][len(MARK) :].strip(), None

    def observe(self, row: dict, output: str) -> Observation:
        """Execution feedback for the critic: what running solution() gave. Never the target
        (this method does not read it).

        A run that fails, returns something that is not a number, or returns a negative or
        fractional number is a fault the loop will not let the critic wave through: every
        GSM8K answer is a whole, non-negative quantity (a property of the dataset, true of all
        its rows, not of any row's target)."""
        try:
            value, err = self.run(output)
        except SandboxUnavailable as exc:
            return Observation(f"The program could not be run here ({exc}).")
        if err:
            return Observation(f"Running it gave no answer: {err}.", fault=f"running it failed: {err}")
        said = f"Running it, solution() returned {value}."
        number = _number(value)
        if number is None or not math.isfinite(number):
            return Observation(said, fault=f"solution() returned {value}, which is not a number")
        if number < 0 or abs(number - round(number)) > 1e-4 * max(1.0, abs(number)):
            return Observation(
                said,
                fault=f"solution() returned {value}, but the answer to this "
                "question is a whole, non-negative number, so a step of the "
                "program is wrong (rounding the result does not fix it)",
            )
        return Observation(said)

    def score(self, row: dict, output: str) -> dict:
        try:
            value, err = self.run(output)
        except SandboxUnavailable as exc:
            return {"score": None, "answer": None, "error": f"sandbox unavailable: {exc}"}
        if err:
            return {"score": 0.0, "answer": None, "error": err}
        answer = _number(value)
        target = float(row["target"])
        ok = (
            answer is not None
            and math.isfinite(answer)
            and abs(answer - target) <= 1e-4 * max(1.0, abs(target))
        )
        return {"score": 1.0 if ok else 0.0, "answer": answer}

    def truth(self, row: dict, output: str, verdict: dict) -> set[str]:
        """{"wrong"} when the program does not return the target."""
        return {"wrong"} if verdict.get("score") == 0.0 else set()
