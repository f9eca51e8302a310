"""Code optimization scorer: "% optimized" as in the paper. A program counts as optimized when
it prints the same output as the original on every test input and is at least 10% faster.

Time is the program's own CPU time (interpreter start-up excluded), the best of `repeats`
runs per input, summed over the inputs. Differences under `min_gain_s` are treated as noise.
"""

from __future__ import annotations

import ast

from selfrefine.engine.types import Observation
from selfrefine.tasks.sandbox import Limits, SandboxUnavailable, run_python
from selfrefine.tasks.scoring import describe_outputs, extract_code, parse_python, same_output


class SpeedScorer:
    needs_judge = False
    defer = True
    """Score after all loops finished, so that timings do not compete with the engine."""

    def __init__(
        self, repeats: int = 3, min_speedup: float = 1 / 0.9, min_gain_s: float = 0.002, wall_s: float = 10.0
    ):
        self.repeats = repeats
        self.min_speedup = min_speedup
        self.min_gain_s = min_gain_s
        self.limits = Limits(wall_s=wall_s, cpu_s=int(wall_s), memory_mb=1024)
        self._base: dict[str, tuple[list[str], float] | str] = {}

    def measure(
        self, code: str, tests: list[str], repeats: int | None = None
    ) -> tuple[list[str], float] | str:
        outs, total = [], 0.0
        for t in tests:
            best = None
            for _ in range(repeats or self.repeats):
                r = run_python(code, stdin=t, limits=self.limits, timed=True)
                if not r.ok:
                    return r.describe()
                dt = r.program_s if r.program_s is not None else r.cpu_s
                best = dt if best is None else min(best, dt)
            outs.append(r.stdout)
            total += best
        return outs, total

    def _faster(self, t0: float, t1: float) -> bool:
        speedup = t0 / max(t1, 1e-4)  # CPU clock resolution: below 0.1 ms counts as 0.1 ms
        return speedup >= self.min_speedup and t0 - t1 >= self.min_gain_s

    def baseline(self, row: dict):
        if row["id"] not in self._base:
            self._base[row["id"]] = self.measure(row["program"], row["tests"])
        return self._base[row["id"]]

    def compare(self, row: dict, output: str) -> tuple[bool | None, str]:
        """Does the program print what the original prints on the shipped inputs? (True, False,
        or None when that cannot be told here), and a sentence on what running it gave, with the
        CPU time of both (one run each: indicative while the engine shares the machine)."""
        code = extract_code(output)
        _, err = parse_python(code)
        if err:
            return False, f"The program does not run: {err}."
        try:
            base = self.measure(row["program"], row["tests"], repeats=1)
            got = self.measure(code, row["tests"], repeats=1)
        except SandboxUnavailable as exc:
            return None, f"The program could not be run here ({exc})."
        if isinstance(base, str):
            return None, "The original program itself fails on the test inputs."
        if isinstance(got, str):
            return False, f"On the test inputs the program failed: {got}."
        same = all(same_output(g, e) for g, e in zip(got[0], base[0]))
        return same, describe_outputs(got[0], base[0]) + (
            f" CPU time: {got[1] * 1000:.1f} ms, the original's {base[1] * 1000:.1f} ms."
        )

    def guard(self, row: dict, output: str) -> str | None:
        """Acceptance test for a rewrite: it must print what the original prints on the shipped
        inputs (run like unit tests; speed is not judged here). None when it does, or when that
        cannot be told (the scorer reports it)."""
        same, text = self.compare(row, output)
        return text if same is False else None

    def observe(self, row: dict, output: str) -> Observation:
        """Execution feedback: output equality with the original on the shipped inputs, and the
        CPU time of both. A program that fails or prints something else is a fault the critic
        cannot clear (speed is not: one timed run under load is too noisy to be a fact)."""
        same, text = self.compare(row, output)
        return Observation(text, fault=f"it is not correct: {text}" if same is False else None)

    def score(self, row: dict, output: str) -> dict:
        code = extract_code(output)
        _, err = parse_python(code)
        if err:
            return {"score": 0.0, "correct": False, "speedup": None, "error": err}
        try:
            base = self.baseline(row)
            if isinstance(base, str):
                return {
                    "score": None,
                    "correct": None,
                    "speedup": None,
                    "error": f"the original program fails on its test input: {base}",
                }
            if _same_program(code, row["program"]):
                # The original handed back (comments and layout aside) is not optimized, and is
                # not timed: on a busy CI machine it once timed 11% faster than itself.
                return {
                    "score": 0.0,
                    "correct": True,
                    "speedup": 1.0,
                    "seconds": round(base[1], 4),
                    "original_seconds": round(base[1], 4),
                }
            got = self.measure(code, row["tests"])
        except SandboxUnavailable as exc:
            return {"score": None, "correct": None, "speedup": None, "error": f"sandbox unavailable: {exc}"}
        if isinstance(got, str):
            return {"score": 0.0, "correct": False, "speedup": None, "error": f"program failed: {got}"}
        correct = all(same_output(a, b) for a, b in zip(got[0], base[0]))
        t0, t1 = base[1], got[1]
        fast = self._faster(t0, t1)
        if correct and fast:
            # Confirm a speedup against the original timed in the same minutes, runs alternating,
            # so that a change of load between the two measurements cannot make it. Best of all.
            for _ in range(self.repeats):
                again = self.measure(row["program"], row["tests"], repeats=1)
                mine = self.measure(code, row["tests"], repeats=1)
                if not isinstance(again, str):
                    t0 = min(t0, again[1])
                if not isinstance(mine, str):
                    t1 = min(t1, mine[1])
            self._base[row["id"]] = (base[0], t0)
            fast = self._faster(t0, t1)
        speedup = t0 / max(t1, 1e-4)
        return {
            "score": 1.0 if (correct and fast) else 0.0,
            "correct": correct,
            "speedup": round(speedup, 3),
            "seconds": round(t1, 4),
            "original_seconds": round(t0, 4),
        }


def _same_program(code: str, original: str) -> bool:
    """The same syntax tree: only comments, blank lines and layout differ."""
    try:
        return ast.dump(ast.parse(code)) == ast.dump(ast.parse(original))
    except (SyntaxError, ValueError):
        return False
