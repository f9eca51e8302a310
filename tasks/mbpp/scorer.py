"""MBPP scorer: the answer's code against the row's hidden asserts, run in the code sandbox."""

from __future__ import annotations

import json
import secrets

from selfrefine.tasks.sandbox import Limits, SandboxUnavailable, run_python
from selfrefine.tasks.scoring import program

# One sandbox run per answer. The answer runs as a module named "solution" (so an
# `if __name__ == "__main__":` demo does not run and wait for stdin), then the row's setup code
# (MBPP's test_setup_code, in the same namespace: rows 367 and 927 build trees with the Node class
# that the solution defines, so the code comes first), then each hidden assert on its own, then
# the shown one. A line per assert goes out as soon as it is known, so a later one that hangs
# keeps the earlier verdicts; the random marker keeps the answer's own prints from forging one.
_HARNESS = """\
import json, sys
MARK = {mark!r}
SOLUTION = json.loads({code!r})
SETUP = json.loads({setup!r})
TESTS = json.loads({tests!r})

def say(**kw):
    sys.__stdout__.write(MARK + json.dumps(kw) + "\\n")
    sys.__stdout__.flush()

def why(exc):
    return (type(exc).__name__ + ": " + str(exc))[:200]

ns = {{"__name__": "solution", "__builtins__": __builtins__}}
try:
    exec(compile(SOLUTION, "solution.py", "exec"), ns)
except BaseException as exc:
    say(load=why(exc))
    raise SystemExit(0)
if SETUP.strip():
    try:
        exec(compile(SETUP, "setup.py", "exec"), ns)
    except BaseException as exc:
        say(setup=why(exc))
        raise SystemExit(0)
for i, test in enumerate(TESTS):
    try:
        exec(compile(test, "test_%d.py" % i, "exec"), ns)
        say(i=i, ok=True)
    except BaseException as exc:
        say(i=i, ok=False, why=why(exc))
"""


class MBPPScorer:
    """score: 1.0 when every hidden assert passes, else 0.0 (pass@1 is its mean); tests_passed:
    the share that passed; shown_passes: whether the example shown in the request holds (a
    diagnostic, never in the score). Answers run only in the sandbox."""

    needs_judge = False

    def __init__(self, wall_s: float = 10.0, memory_mb: int = 512):
        self.limits = Limits(wall_s=wall_s, cpu_s=max(1, int(wall_s)), memory_mb=memory_mb)

    def run_tests(self, row: dict, output: str) -> tuple[list[bool], bool | None, str | None]:
        """(pass / fail per hidden assert, whether the shown one passes, why nothing ran or None).
        An assert with no verdict (the run stopped before it: a hang, a crash) fails."""
        hidden = list(row["hidden"])
        fail = [False] * len(hidden)
        code, err = program(output)
        if err:
            return fail, None, err
        mark = f"@@MBPP-{secrets.token_hex(8)}@@"
        tests = [*hidden, row["shown"]]
        harness = _HARNESS.format(
            mark=mark,
            code=json.dumps(code),
            setup=json.dumps(row.get("setup") or ""),
            tests=json.dumps(tests),
        )
        res = run_python(harness, limits=self.limits)
        verdicts = []
        for line in res.stdout.splitlines():
            if line.startswith(mark):
                try:
                    verdicts.append(json.loads(line[len(mark) :]))
                except ValueError:
                    continue
        for v in verdicts:
            if "load" in v:
                return fail, None, f"the code failed to run: {v['load']}"
            if "setup" in v:
                return fail, None, f"the row's setup code failed after the answer: {v['setup']}"
        ok = {v["i"]: bool(v["ok"]) for v in verdicts if isinstance(v.get("i"), int)}
        if not ok:
            return fail, None, f"the program failed: {res.describe()}"
        passed = [ok.get(i, False) for i in range(len(hidden))]
        shown = ok.get(len(hidden))
        missing = len(hidden) - sum(i in ok for i in range(len(hidden)))
        err = f"the run stopped before {missing} hidden test(s): {res.describe()}" if missing else None
        return passed, shown, err

    def score(self, row: dict, output: str) -> dict:
        text = output if isinstance(output, str) else ""
        try:
            passed, shown, err = self.run_tests(row, text)
        except SandboxUnavailable as exc:
            return {"score": None, "error": f"sandbox unavailable: {exc}"}
        out = {
            "score": 1.0 if passed and all(passed) else 0.0,
            "tests_passed": round(sum(passed) / len(passed), 4) if passed else 0.0,
            "shown_passes": 1.0 if shown else 0.0,
        }
        if err:
            out["error"] = err
        return out
