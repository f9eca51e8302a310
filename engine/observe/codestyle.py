"""How code asked for must be written, where the request says so: lines at most n characters, type
hints on every function, a shebang opening the script. Read from the answer's code blocks (else the
whole answer); the text observers skip requests for code, so these hold there.
"""

from __future__ import annotations

import ast
import re

from selfrefine.engine.observe.facts import BLOCKS, NUM, Fact, number
from selfrefine.engine.observe.text import Check

_UNIT = r"(?:characters?|chars?|columns?|cols?)"
_LINE_LIMIT = re.compile(
    rf"\b(?:no|none\s+of\s+the|not\s+a)\s+lines?\s+(?:\w+\s+){{0,3}}?(?:longer|more|wider)\s+than\s+(?P<a>{NUM})\s*{_UNIT}|"
    rf"\blines?\s+(?:\w+\s+){{0,2}}?(?P<rel>under|below|within|at\s+most|no\s+(?:more|longer)\s+than|up\s+to|"
    rf"max(?:imum)?(?:\s+of)?|shorter\s+than|less\s+than|<=?)\s+(?P<b>{NUM})\s*{_UNIT}|"
    rf"\b(?P<c>{NUM})[- ](?:character|char|column)\s+(?:line\s+)?(?:limit|lines|max(?:imum)?|width)\b",
    re.I,
)
_HINTS = re.compile(
    r"(?<!without\s)(?<!no\s)\b(?:type\s+(?:hints?|annotations?)|type[- ](?:hinted|annotated))\b", re.I
)
_SHEBANG = re.compile(r"\bshebang\b", re.I)
_SHELLS = re.compile(r"\b(bash|zsh|python3?|sh|node|ruby|perl)\b", re.I)


def _code(answer: str, python: bool = False) -> list[str]:
    blocks = BLOCKS.findall(answer)
    if python:
        blocks = [(lang, body) for lang, body in blocks if lang.lower() in ("python", "py", "python3", "")]
    return [body for _, body in blocks] or ([] if blocks else [answer.strip()])


def _line_check(most: int) -> Check:
    def check(answer: str) -> list[Fact]:
        lines = [ln.rstrip() for body in _code(answer) for ln in body.splitlines()]
        long = [ln for ln in lines if len(ln) > most]
        if not long:
            longest = max(map(len, lines), default=0)
            return [Fact(f"code lines: the longest has {longest} characters (asked: at most {most})")]
        worst = max(long, key=len)
        lines_over = f"{len(long)} code line{'s' * (len(long) > 1)} over {most} characters"
        why = f"{lines_over}, the longest {len(worst)}: '{worst.strip()[:60]}'"
        return [
            Fact(
                f"code lines: {why} -- NOT MET",
                f"The request asks for lines of at most {most} characters; {why}.",
            )
        ]

    return check


def _unhinted(source: str) -> list[str] | None:
    """Each function missing a hint, with what it misses (None: the code does not parse)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        params = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
        params += [p for p in (node.args.vararg, node.args.kwarg) if p]
        bare = [
            p.arg
            for i, p in enumerate(params)
            if p.annotation is None and not (i == 0 and p.arg in ("self", "cls"))
        ]
        missing = ([f"no hint on {', '.join(bare)}"] if bare else []) + (
            ["no return hint"] if node.returns is None else []
        )
        if missing:
            out.append(f"{node.name}() has {' and '.join(missing)}")
    return out


def _hints_check(answer: str) -> list[Fact]:
    sources = _code(answer, python=True)
    found = [_unhinted(s) for s in sources]
    if not sources or all(f is None for f in found):
        return []  # no Python that parses: the code observers say so
    missing = [m for f in found if f for m in f]
    if not missing:
        return [Fact("type hints: on every parameter and return")]
    why = "; ".join(missing[:4])
    return [Fact(f"type hints: {why} -- NOT MET", f"The request asks for type hints on everything; {why}.")]


def _shebang_check(shell: str | None) -> Check:
    def check(answer: str) -> list[Fact]:
        code = _code(answer)
        first = next((ln.strip() for ln in code[0].splitlines() if ln.strip()), "") if code else ""
        if first.startswith("#!") and (shell is None or re.search(rf"[/ ]{shell}\b", first)):
            return [Fact(f"shebang: the script opens with {first[:40]}")]
        want = f"#!/usr/bin/env {shell}" if shell else "#! and its interpreter"
        why = f"the script's first line is '{first[:40]}', not {want}"
        return [Fact(f"shebang: {why} -- NOT MET", f"The request asks for a shebang; {why}.")]

    return check


def code_style_checks(request: str) -> list[Check]:
    """The line length, type hints and shebang a request for code asks its code to have."""
    out: list[Check] = []
    m = _LINE_LIMIT.search(request)
    if m:
        n = number(m["a"] or m["b"] or m["c"])
        strict = (m["rel"] or "").lower() in ("under", "below", "shorter than", "less than", "<")
        out.append(_line_check(n - 1 if strict else n))
    if _HINTS.search(request):
        out.append(_hints_check)
    s = _SHEBANG.search(request)
    if s:
        near = _SHELLS.search(request[max(0, s.start() - 40) : s.end() + 40])
        out.append(_shebang_check(near[1].lower() if near else None))
    return out
