"""Code readability scorer: AST metrics of the rewritten program, which must still print what
the original prints on the item's inputs (run in the sandbox).

Metrics: share of meaningful identifiers (names the program defines: variables, functions,
arguments; meaningful = at least 3 characters and not a throwaway like `tmp` or `foo`),
comments per non-empty code line, number of functions. The headline score is the share of
meaningful identifiers, or 0 when the program no longer prints the same output.
"""

from __future__ import annotations

import ast
import io
import tokenize

from selfrefine.tasks.sandbox import Limits, SandboxUnavailable, run_python
from selfrefine.tasks.scoring import describe_outputs, extract_code, parse_python, same_output

THROWAWAY = {"tmp", "temp", "foo", "bar", "baz", "var", "val", "res", "ans", "arr", "lst", "aaa", "xxx"}


def defined_names(tree: ast.AST) -> list[str]:
    names: list[str] = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            names.append(n.id)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(n.name)
        elif isinstance(n, ast.arg):
            names.append(n.arg)
    return sorted(set(names))


def meaningful(name: str) -> bool:
    core = name.strip("_").lower()
    return len(core) >= 3 and core not in THROWAWAY and len(set(core)) > 1


def metrics(code: str) -> dict:
    tree, err = parse_python(code)
    if err:
        return {"error": err}
    names = [n for n in defined_names(tree) if n != "_"]
    comments = 0
    try:
        for tok in tokenize.generate_tokens(io.StringIO(code).readline):
            comments += tok.type == tokenize.COMMENT
    except (tokenize.TokenError, IndentationError):
        pass
    lines = [ln for ln in code.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    return {
        "meaningful_ids": (sum(map(meaningful, names)) / len(names)) if names else 1.0,
        "comments_per_line": comments / max(1, len(lines)),
        "functions": sum(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) for n in ast.walk(tree)),
    }


class ReadabilityScorer:
    needs_judge = False

    def __init__(self, wall_s: float = 10.0):
        self.limits = Limits(wall_s=wall_s, cpu_s=int(wall_s), memory_mb=1024)
        self._expected: dict[str, list[str]] = {}

    def expected(self, row: dict) -> list[str] | str:
        if row["id"] not in self._expected:
            outs = []
            for t in row["tests"]:
                r = run_python(row["program"], stdin=t, limits=self.limits)
                if not r.ok:
                    return f"the original program fails on its test input: {r.describe()}"
                outs.append(r.stdout)
            self._expected[row["id"]] = outs
        return self._expected[row["id"]]

    def compare(self, row: dict, output: str) -> tuple[bool | None, str]:
        """Does the program print what the original prints on the item's inputs? (True, False,
        or None when that cannot be told here), and a sentence saying what running it gave."""
        code = extract_code(output)
        _, err = parse_python(code)
        if err:
            return False, f"The program does not run: {err}."
        try:
            exp = self.expected(row)
            if isinstance(exp, str):
                return None, "The original program itself fails on the test inputs."
            got = [run_python(code, stdin=t, limits=self.limits).stdout for t in row["tests"]]
        except SandboxUnavailable as exc:
            return None, f"The program could not be run here ({exc})."
        return all(same_output(g, e) for g, e in zip(got, exp)), describe_outputs(got, exp)

    def guard(self, row: dict, output: str) -> str | None:
        """Acceptance test for a rewrite: it must still print what the original prints on the
        item's inputs (the task's own requirement, run like unit tests). None when it does, or
        when that cannot be told (the scorer reports it)."""
        same, text = self.compare(row, output)
        return text if same is False else None

    def observe(self, row: dict, output: str) -> str:
        """Execution feedback: whether the program still prints what the original prints."""
        return self.compare(row, output)[1]

    def score(self, row: dict, output: str) -> dict:
        code = extract_code(output)
        m = metrics(code)
        if "error" in m:
            return {"score": 0.0, "same_output": False, **m}
        if code.strip() == row["program"].strip():
            same = True
        else:
            try:
                exp = self.expected(row)
                if isinstance(exp, str):
                    return {"score": None, "same_output": None, "error": exp, **m}
                same = all(
                    same_output(run_python(code, stdin=t, limits=self.limits).stdout, e)
                    for t, e in zip(row["tests"], exp)
                )
            except SandboxUnavailable as exc:
                return {"score": None, "same_output": None, "error": f"sandbox unavailable: {exc}", **m}
        return {"score": m["meaningful_ids"] if same else 0.0, "same_output": same, **m}
