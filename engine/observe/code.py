"""Code facts: the answer's ```python blocks compiled and run in the sandbox (engine.sandbox),
with the request's own examples (engine.observe.examples) as checks. A request whose examples
cannot be read says so as a fact; it is never reported as checked."""

from __future__ import annotations

import ast
import json
import re
import sys
import threading
from dataclasses import dataclass

from selfrefine.engine.observe.examples import BLOCK, Example, short
from selfrefine.engine.observe.facts import Fact
from selfrefine.engine.observe.probes import fitted
from selfrefine.engine.sandbox import Limits, SandboxUnavailable, run_python

LIMITS = Limits(wall_s=5.0, cpu_s=5, memory_mb=512)
_READS_STDIN = re.compile(r"\binput\s*\(|\bsys\.stdin\b|\bstdin\b|\bfileinput\b")
_MARK = "@@selfrefine-observe@@"


def python_blocks(answer: str) -> list[str]:
    """The answer's Python code blocks: ```python / ```py, or an untagged block that compiles."""
    out = []
    for lang, body in BLOCK.findall(answer):
        if lang.lower() in ("python", "py", "python3"):
            out.append(body)
        elif not lang and body.strip() and _compiles(body):
            out.append(body)
    return out


def _compiles(code: str) -> bool:
    try:
        compile(code, "<block>", "exec")
    except (SyntaxError, ValueError):
        return False
    return True


_HARNESS = """import contextlib, doctest, io, json, runpy, sys, traceback
cases = json.load(open("cases.json"))
def describe(e):
    line = [f.lineno for f in traceback.extract_tb(e.__traceback__) if f.filename.endswith("answer.py")]
    return f"{type(e).__name__}: {e}" + (f" (line {line[-1]})" if line else "")
res = {"load": None, "cases": []}
try:
    with contextlib.redirect_stdout(io.StringIO()):
        ns = runpy.run_path("answer.py", run_name="answer")
except BaseException as e:
    res["load"] = describe(e)
    ns = None
checker = doctest.OutputChecker()
for c in cases if ns is not None else ():
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            if c["kind"] == "call":
                got = eval(c["source"], ns)
                want = eval(c["want"], ns)
                ok = got == want or (isinstance(got, float) and isinstance(want, (int, float))
                                     and abs(got - want) <= 1e-9 * max(1.0, abs(want)))
                shown = repr(got)
            else:
                try:
                    code, single = compile(c["source"], "<example>", "eval"), True
                except SyntaxError:
                    code, single = compile(c["source"], "<example>", "exec"), False
                value = eval(code, ns)
        if c["kind"] != "call":
            text = out.getvalue() + ("" if not single or value is None else repr(value) + "\\n")
            if single and value is None and not text and c["want"].strip() == "None":
                text = "None\\n"  # doctest shows nothing for None; requests write it out
            ok = checker.check_output(c["want"], text, doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
            shown = text.strip()
        res["cases"].append({"ok": bool(ok), "got": shown[:300]})
    except BaseException as e:
        want = c["want"].strip()
        ok = c["kind"] == "doctest" and want.startswith("Traceback") and \\
            want.splitlines()[-1].startswith(type(e).__name__)
        res["cases"].append({"ok": ok, "got": describe(e)[:300], "raised": True})
print(MARK + json.dumps(res))
""".replace("MARK", repr(_MARK))


def _same_stdout(got: str, want: str) -> bool:
    def norm(s: str) -> list[str]:
        return [x.rstrip() for x in s.strip().splitlines()]

    return norm(got) == norm(want) or got.split() == want.split()


def _missing_module(stderr: str) -> str | None:
    """A module the sandbox lacks that is not the standard library's (the user's machine may have it)."""
    m = re.search(r"ModuleNotFoundError: No module named '([\w.]+)'", stderr)
    if m and m[1].split(".")[0] not in sys.stdlib_module_names:
        return m[1]
    return None


def _reads_stdin(code: str) -> bool:
    """The code reads standard input (input(), sys.stdin, fileinput, open(0)) in its statements;
    its docstrings and comments do not count ("Return the input (a list)" reads nothing)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return bool(_READS_STDIN.search(code))
    return any(_reads(node) for node in ast.walk(tree))


def _reads(node: ast.AST) -> bool:
    """This node reads standard input: a call of input() or open(0), `.stdin`, a `stdin` or
    `fileinput` import, or the name fileinput."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        zero = bool(node.args) and _is_zero(node.args[0])
        return node.func.id == "input" or (node.func.id == "open" and zero)
    if isinstance(node, ast.Attribute):
        return node.attr == "stdin"
    if isinstance(node, ast.alias):
        return node.name in ("stdin", "fileinput")
    return isinstance(node, ast.Name) and node.id == "fileinput"


def _is_zero(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value == 0 and not isinstance(node.value, bool)


def _bound(code: str) -> set[str] | None:
    """The names the code binds anywhere (def, class, assignment, import), or None where it does
    not parse (then no name is said to be missing)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.alias):
            names.add(node.asname or node.name.split(".")[0])
    return names


_ALIASES = {"bs4": "beautifulsoup", "sklearn": "scikit", "cv2": "opencv", "pil": "pillow", "yaml": "pyyaml"}
"""A module's import name -> the name a request calls it by."""


def _not_met(text: str, fault: str) -> Fact:
    return Fact(f"code: {text} -- NOT MET", fault)


@dataclass
class _Run:
    """What running one answer's code gave: its facts, and each example's (passed, what it gave)."""

    facts: list[Fact]
    results: dict[Example, tuple[bool, str]]


def _summary(results: dict[Example, tuple[bool, str]]) -> _Run:
    """The facts for these example results: how many pass, and each failure with what it gave."""
    failed = [(e, got) for e, (ok, got) in results.items() if not ok]
    facts = [
        Fact(
            f"code: {len(results) - len(failed)} of {len(results)} of the request's examples pass"
            + (" -- NOT MET" if failed else "")
        )
    ]
    for e, got in failed:
        text = f"example {e.label}: expected {short(e.want)!r}, {got}"
        facts.append(Fact(f"FAILED {text}", f"The code fails the request's {text}."))
    return _Run(facts, results)


_ARGS_NEEDED = re.compile(r"^usage: .*\n(?:.*\n)*?.*error: the following arguments are required", re.M)


class CodeCheck:
    """Runs the answer's code with the request's examples; `observe` gives the facts, `guard`
    refuses a rewrite that fails an example the previous observed answer passed. With no
    example to run, the code is run alone, and where the request showed examples that could not
    be read (`Examples.unread`) or that do not apply, the fact says they were not checked."""

    def __init__(self, request_examples: list[Example], limits: Limits = LIMITS, request: str = ""):
        self.examples, self.limits, self.request = request_examples, limits, request.lower()
        self.unread = bool(getattr(request_examples, "unread", False))
        self._cache: dict[str, _Run] = {}
        self._fitted: dict[str, str | None] = {}
        self._passed: set[Example] = set()  # examples the last observed answer passed
        self._lock = threading.Lock()

    def observe(self, answer: str) -> list[Fact]:
        run = self.run(answer)
        with self._lock:
            self._passed = {e for e, (ok, _) in run.results.items() if ok}
        return run.facts

    def guard(self, answer: str) -> str | None:
        with self._lock:
            passed = set(self._passed)
        if not passed:
            return None
        run = self.run(answer)
        broken = [
            (e, got)
            for e in self.examples
            if e in passed
            for ok, got in [run.results.get(e, (False, ""))]
            if not ok
        ]
        if not broken:
            return None
        e, got = broken[0]
        return (
            f"it breaks the request's example {e.label}, which the previous answer passed: "
            f"expected {short(e.want)!r}, {got or 'no result'}."
        )

    def fitted(self, answer: str) -> str | None:
        """Why the answer's code, which passes every example of the request, looks fitted to one
        (engine.observe.probes); None where it does not, or where it fails an example."""
        run = self.run(answer)
        if not run.results or not all(ok for ok, _ in run.results.values()):
            return None
        with self._lock:
            if answer in self._fitted:
                return self._fitted[answer]
        try:
            why = fitted("\n\n".join(python_blocks(answer)), list(run.results), self.limits)
        except SandboxUnavailable:
            why = None
        with self._lock:
            self._fitted[answer] = why
        return why

    def run(self, answer: str) -> _Run:
        with self._lock:
            if answer in self._cache:
                return self._cache[answer]
        run = self._run(answer)
        with self._lock:
            self._cache[answer] = run
        return run

    def _run(self, answer: str) -> _Run:
        blocks = python_blocks(answer)
        if not self.examples:  # a one-line block that is no Python (a regex, a command) is no program
            blocks = [b for b in blocks if len(b.strip().splitlines()) > 1 or _compiles(b)]
        if not blocks:
            if not self.examples:
                return _Run([], {})
            return _Run(
                [
                    Fact(
                        "code: the answer has no ```python block -- NOT MET",
                        "The answer has no ```python code block to run the request's examples on.",
                    )
                ],
                {e: (False, "no code") for e in self.examples},
            )
        for i, block in enumerate(blocks, 1):
            try:
                compile(block, f"block {i}", "exec")
            except (SyntaxError, ValueError) as exc:
                where = f" (line {exc.lineno})" if getattr(exc, "lineno", None) else ""
                why = f"code block {i} does not compile: {getattr(exc, 'msg', exc)}{where}"
                return _Run(
                    [_not_met(why, f"The code does not run: {why}.")],
                    {e: (False, "it does not compile") for e in self.examples},
                )
        code = "\n\n".join(blocks)  # notebook style: a later block may use an earlier one's names
        try:
            return self._run_code(code)
        except SandboxUnavailable:
            return _Run([], {})  # the code could not be run here: no fact either way

    def _missing(self, module: str) -> _Run:
        """Code that imports a module the sandbox lacks: a fact, and a fault where the request has
        examples and names no such module (a rewrite importing bs4 was kept over code that ran and
        failed its example, generic test15 n36; drafts imported made-up `natural_sort`)."""
        text = f"not run (it needs the module {module}, not installed here)"
        top = module.split(".")[0].lower()
        if not self.examples or top in self.request or _ALIASES.get(top, top) in self.request:
            return _Run([Fact(f"code: {text}")], {})
        why = f"the module {module} is not installed here"
        fault = (
            f"The code needs the module {module}, which is not installed here, so the request's "
            "examples could not be run on it; write it with Python's standard library."
        )
        return _Run([_not_met(text, fault)], {e: (False, why) for e in self.examples})

    def _run_code(self, code: str) -> _Run:
        """Runs `code` with the examples it can take: calls and doctests, and Input/Output pairs
        where it reads standard input; alone (see _run_alone) where it can take none."""
        stdin = _reads_stdin(code)
        calls = [e for e in self.examples if e.kind != "io"]
        ios = [e for e in self.examples if e.kind == "io"] if stdin else []
        if not (calls or ios):
            return self._run_alone(code, stdin)
        results: dict[Example, tuple[bool, str]] = {}
        if calls:
            got = self._run_calls(code, calls)
            if isinstance(got, _Run):
                return got
            results.update(got)
        for e in ios:
            r = run_python(code, stdin=e.source, limits=self.limits)
            ok = r.ok and _same_stdout(r.stdout, e.want)
            results[e] = (ok, f"it printed {short(r.stdout)!r}" if r.ok else f"it failed: {r.describe()}")
        return _summary(results)

    def _run_calls(self, code: str, calls: list[Example]) -> dict[Example, tuple[bool, str]] | _Run:
        """Each call / doctest example's (passed, what it gave), run in the harness on the code;
        a _Run with the fault where the code itself fails to load or the harness to report."""
        files = {"answer.py": code, "cases.json": json.dumps([e.__dict__ for e in calls])}
        r = run_python(_HARNESS, limits=self.limits, files=files)
        line = next((x for x in reversed(r.stdout.splitlines()) if x.startswith(_MARK)), None)
        if line is None:
            why = r.describe()
            fact = _not_met(
                f"running it failed ({why})", f"Running the code with the request's examples failed: {why}."
            )
            return _Run([fact], {e: (False, why) for e in self.examples})
        out = json.loads(line[len(_MARK) :])
        if out["load"]:
            missing = _missing_module(out["load"])
            if missing:
                return self._missing(missing)
            why = f"running the code raised {out['load']}"
            return _Run(
                [_not_met(why, f"The code does not run: {why}.")], {e: (False, why) for e in self.examples}
            )
        bound = _bound(code)
        return {
            e: (False, f"the code defines no `{e.name}`")
            if e.name and bound is not None and e.name not in bound
            else (got["ok"], ("it raised " if got.get("raised") else "got ") + got["got"])
            for e, got in zip(calls, out["cases"], strict=False)
        }

    def _run_alone(self, code: str, stdin: bool) -> _Run:
        """The code run without examples (not run where it reads input): whether it runs, and
        why the request's examples, if it showed any, were not checked."""
        unread = "the request's examples are not in a form the tool can run"
        if stdin:  # then any Input/Output examples were run: there were none
            why = unread if self.unread else "the request gives none"
            return _Run([Fact(f"code: compiles (not run: it reads input and {why})")], {})
        unchecked = (
            "; the request's Input/Output examples were not run (the code reads no standard input)"
            if self.examples
            else f"; {unread}, so they were not checked"
            if self.unread
            else ""
        )
        r = run_python(code, limits=self.limits)
        missing = _missing_module(r.stderr)
        if missing:
            return self._missing(missing)
        if r.returncode == 2 and _ARGS_NEEDED.search(r.stderr or ""):  # argparse: a CLI given no arguments
            return _Run([Fact("code: compiles (not run: it needs command-line arguments)" + unchecked)], {})
        if not r.ok:
            return _Run(
                [_not_met(f"running it failed: {r.describe()}", f"The code does not run: {r.describe()}.")],
                {},
            )
        return _Run([Fact("code: runs without error" + unchecked)], {})
