"""GSM8K scorer: run the program's solution() in the sandbox and compare with the target."""

from __future__ import annotations

import ast
import math

from tasks.sandbox import Limits, SandboxUnavailable, run_python
from tasks.scoring import extract_code, parse_python

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

    def score(self, row: dict, output: str) -> dict:
        code = extract_code(output)
        tree, err = parse_python(code)
        if err:
            return {"score": 0.0, "answer": None, "error": err}
        if not any(isinstance(n, ast.FunctionDef) and n.name == "solution" for n in ast.walk(tree)):
            return {"score": 0.0, "answer": None, "error": "no solution() function"}
        program = code + f"\n\nprint({MARK!r}, repr(solution()))\n"
        try:
            res = run_python(program, limits=self.limits)
        except SandboxUnavailable as exc:
            return {"score": None, "answer": None, "error": f"sandbox unavailable: {exc}"}
        lines = [ln for ln in res.stdout.splitlines() if ln.startswith(MARK)]
        if not res.ok or not lines:
            return {"score": 0.0, "answer": None, "error": f"program failed: {res.describe()}"}
        answer = _number(lines[-1][len(MARK):].strip())
        target = float(row["target"])
        ok = (answer is not None and math.isfinite(answer)
              and abs(answer - target) <= 1e-4 * max(1.0, abs(target)))
        return {"score": 1.0 if ok else 0.0, "answer": answer}
