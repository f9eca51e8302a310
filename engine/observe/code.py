"""Code facts: the answer's ```python blocks compiled and run in the sandbox (engine.sandbox), with
the request's own examples as checks: doctest `>>>` lines, `f(x) == y` / `f(x) -> y` /
`f(x) returns y`, and "Input: / Output:" pairs for programs that read stdin."""

from __future__ import annotations

import ast
import builtins
import doctest
import json
import re
import sys
import threading
from dataclasses import dataclass

from selfrefine.engine.observe.facts import Fact
from selfrefine.engine.sandbox import Limits, SandboxUnavailable, run_python

LIMITS = Limits(wall_s=5.0, cpu_s=5, memory_mb=512)
MAX_EXAMPLES = 20
_CODE_REQUEST = re.compile(
    r"\bpython\b|\bcode\b|\bfunction\b|\bscript\b|\bprogram\b|\bimplement\b|>>>|```|"
    r"\bdef\s+\w",
    re.I,
)
_BLOCK = re.compile(r"```[ \t]*([\w+-]*)[ \t]*\n(.*?)```", re.S)
_UNQUOTED = re.compile(r"(?<!\w)'[^'\n]{1,40}'(?!\w)|\"[^\"\n]{1,40}\"|“[^”\n]{1,40}”")
_READS_STDIN = re.compile(r"\binput\s*\(|\bsys\.stdin\b|\bstdin\b|\bfileinput\b")
_ARROW = (
    r"==|->|=>|→|\breturns?\b|\bshould\s+(?:return|give|output|be)\b|\bmust\s+return\b|\bgives\b|"
    r"\boutputs\b|\bevaluates\s+to\b|\bequals\b"
)
_CALL = re.compile(
    rf"(?<![\w.])(?P<call>(?P<name>[A-Za-z_]\w*)\((?P<args>[^()\n]*(?:\([^()\n]*\)[^()\n]*)*)\))"
    rf"\s*(?:{_ARROW})\s*"
)
_IO = re.compile(
    r"(?:sample\s+|example\s+)?input\s*\d*\s*:\s*(?P<i>.*?)\s*(?:sample\s+|example\s+|expected\s+)?"
    r"output\s*\d*\s*:\s*(?P<o>.*?)(?=\n\s*\n|\n\s*(?:sample\s+|example\s+)?input\s*\d*\s*:|"
    r"\n\s*(?:explanation|note)\b|\Z)",
    re.I | re.S,
)
_MARK = "@@selfrefine-observe@@"


def is_code_request(request: str) -> bool:
    """The request asks for code (its text facts are then about code, not about the answer's prose).
    Quoted words do not count: "without the word 'function'" asks for none."""
    return bool(_CODE_REQUEST.search(_UNQUOTED.sub(" ", request)))


def python_blocks(answer: str) -> list[str]:
    """The answer's Python code blocks: ```python / ```py, or an untagged block that compiles."""
    out = []
    for lang, body in _BLOCK.findall(answer):
        if lang.lower() in ("python", "py", "python3"):
            out.append(body)
        elif not lang and body.strip():
            try:
                compile(body, "<block>", "exec")
            except (SyntaxError, ValueError):
                continue
            out.append(body)
    return out


@dataclass(frozen=True)
class Example:
    """One of the request's examples. kind: call (`source` == `want`, both expressions),
    doctest (`want` is the printed output) or io (`source` is stdin, `want` the stdout)."""

    kind: str
    source: str
    want: str
    name: str | None = None

    @property
    def label(self) -> str:
        if self.kind == "io":
            return f"input {_short(self.source)!r}"
        return (
            f"{self.source.strip()} == {self.want.strip()}"
            if self.kind == "call"
            else f">>> {self.source.strip()}"
        )


def _short(text: str, n: int = 120) -> str:
    text = text.strip()
    return text if len(text) <= n else text[:n] + "..."


def _literal(text: str) -> str | None:
    """The longest leading piece of `text` that is a Python literal ("5." -> "5", "[1] for x" -> "[1]")."""
    text = text.strip().strip("`").strip()
    text = re.sub(r"(?:,|;|\band\b|\bor\b)\s*$", "", text).strip()
    cuts = [
        text.rstrip(".,;:"),
        text,
        re.split(
            r"`|\s+(?:and|but|because|since|for|when|if|as|since)\b|;|\.\s|,\s+(?=[A-Za-z_]\w*\()", text
        )[0].rstrip(".,;: "),
    ]
    for c in cuts:
        try:
            ast.literal_eval(c)
            return c
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
    return None


def examples(request: str) -> list[Example]:
    """The request's examples, in order (at most MAX_EXAMPLES): only those with literal arguments
    and a literal expected value, so that each is a check, not a sketch ("f(x) -> y")."""
    out: list[Example] = []
    try:
        for ex in doctest.DocTestParser().get_examples(request):
            # A request goes on in prose after its example, which doctest would read as more of
            # the expected output: keep the first line (a traceback whole).
            want = (
                ex.want
                if ex.want.startswith("Traceback")
                else ex.want.splitlines()[0] + "\n"
                if ex.want
                else ""
            )
            if want.strip():
                out.append(Example("doctest", ex.source, want))
    except ValueError:
        pass
    for line in request.splitlines():
        if line.lstrip().startswith((">>>", "...")):
            continue
        line = line.replace("`", " ")
        found = list(_CALL.finditer(line))
        for m, after in zip(found, [*found[1:], None], strict=False):
            name = m["name"]
            if hasattr(builtins, name) or name in ("assert", "print"):
                continue
            try:
                call = ast.parse(m["call"], mode="eval").body
                for a in (*call.args, *(k.value for k in call.keywords)):
                    ast.literal_eval(a)
            except (ValueError, SyntaxError, TypeError, AttributeError, RecursionError):
                continue
            want = _literal(line[m.end() : after.start() if after else len(line)])  # up to the next example
            if want is not None:
                out.append(Example("call", m["call"], want, name))
    for m in _IO.finditer(request):
        stdin, want = _unfence(m["i"]), _unfence(m["o"])
        if stdin and want:
            out.append(Example("io", stdin + "\n", want))
    unique = list(dict.fromkeys(out))
    return unique[:MAX_EXAMPLES]


def _unfence(text: str) -> str:
    text = re.sub(r"^```\w*\n?|```$", "", text.strip()).strip()
    return text


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


@dataclass
class _Run:
    """What running one answer's code gave: its facts, and each example's (passed, what it gave)."""

    facts: list[Fact]
    results: dict[Example, tuple[bool, str]]


class CodeCheck:
    """Runs the answer's code with the request's examples; `observe` gives the facts, `guard`
    refuses a rewrite that fails an example the previous observed answer passed."""

    def __init__(self, request_examples: list[Example], limits: Limits = LIMITS):
        self.examples, self.limits = request_examples, limits
        self._cache: dict[str, _Run] = {}
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
            f"expected {_short(e.want)!r}, {got or 'no result'}."
        )

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
                    [Fact(f"code: {why} -- NOT MET", f"The code does not run: {why}.")],
                    {e: (False, "it does not compile") for e in self.examples},
                )
        code = "\n\n".join(blocks)  # notebook style: a later block may use an earlier one's names
        try:
            return self._run_code(code)
        except SandboxUnavailable:
            return _Run([], {})  # the code could not be run here: no fact either way

    def _run_code(self, code: str) -> _Run:
        calls = [e for e in self.examples if e.kind != "io"]
        ios = [e for e in self.examples if e.kind == "io"] if _READS_STDIN.search(code) else []
        facts, results = [], {}
        defined = {
            e.name
            for e in calls
            if e.name
            and not re.search(
                rf"^\s*(?:async\s+def|def|class)\s+{e.name}\b|^\s*{e.name}\s*[:=]|^\s*(?:from|import)\b.*\b{e.name}\b",
                code,
                re.M,
            )
        }
        if calls:
            r = run_python(
                _HARNESS,
                limits=self.limits,
                files={"answer.py": code, "cases.json": json.dumps([e.__dict__ for e in calls])},
            )
            line = next((x for x in reversed(r.stdout.splitlines()) if x.startswith(_MARK)), None)
            if line is None:
                return _Run(
                    [
                        Fact(
                            f"code: running it failed ({r.describe()}) -- NOT MET",
                            f"Running the code with the request's examples failed: {r.describe()}.",
                        )
                    ],
                    {e: (False, r.describe()) for e in self.examples},
                )
            out = json.loads(line[len(_MARK) :])
            if out["load"]:
                missing = _missing_module(out["load"])
                if missing:
                    return _Run(
                        [Fact(f"code: not run (it needs the module {missing}, not installed here)")], {}
                    )
                why = f"running the code raised {out['load']}"
                return _Run(
                    [Fact(f"code: {why} -- NOT MET", f"The code does not run: {why}.")],
                    {e: (False, why) for e in self.examples},
                )
            for e, got in zip(calls, out["cases"], strict=False):
                if e.name in defined:
                    results[e] = (False, f"the code defines no `{e.name}`")
                else:
                    results[e] = (got["ok"], ("it raised " if got.get("raised") else "got ") + got["got"])
        for e in ios:
            r = run_python(code, stdin=e.source, limits=self.limits)
            if r.ok:
                results[e] = (_same_stdout(r.stdout, e.want), f"it printed {_short(r.stdout)!r}")
            else:
                results[e] = (False, f"it failed: {r.describe()}")
        if not self.examples or not (calls or ios):
            if _READS_STDIN.search(code):
                return _Run([Fact("code: compiles (not run: it reads input and the request gives none)")], {})
            r = run_python(code, limits=self.limits)
            missing = _missing_module(r.stderr)
            if missing:
                return _Run([Fact(f"code: not run (it needs the module {missing}, not installed here)")], {})
            if not r.ok:
                return _Run(
                    [
                        Fact(
                            f"code: running it failed: {r.describe()} -- NOT MET",
                            f"The code does not run: {r.describe()}.",
                        )
                    ],
                    {},
                )
            return _Run([Fact("code: runs without error")], {})
        failed = [(e, got) for e, (ok, got) in results.items() if not ok]
        facts.append(
            Fact(
                f"code: {len(results) - len(failed)} of {len(results)} of the request's examples pass"
                + (" -- NOT MET" if failed else "")
            )
        )
        for e, got in failed:
            text = f"example {e.label}: expected {_short(e.want)!r}, {got}"
            facts.append(Fact(f"FAILED {text}", f"The code fails the request's {text}."))
        return _Run(facts, results)
