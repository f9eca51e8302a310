"""The examples a code request shows, read as checks: doctest `>>>` examples (read by doctest's
parser from the docstrings of the request's code and from its prose), `f(x) == y` / `f(x) -> y` /
`f(x) ➞ y` / `f(x) returns y`, "Input: f(x) / Output: y" calls, and "Input: / Output:" pairs for
programs that read stdin. Examples come from the request only, never from the answer."""

from __future__ import annotations

import ast
import builtins
import doctest
import re
from dataclasses import dataclass

MAX_EXAMPLES = 20
BLOCK = re.compile(r"```[ \t]*([\w+-]*)[ \t]*\n(.*?)```", re.S)
"""A fenced code block: its language tag and its body."""
_CODE_REQUEST = re.compile(
    r"\bpython\b|\bcode\b|\bfunction\b|\bscript\b|\bprogram\b|\bimplement\b|>>>|```|"
    r"\bdef\s+\w",
    re.I,
)
_SHOWS = (
    r"play|movie|film|video|youtube|podcast|sales|phone|call|radio|tv|commercial|ad|stage|comedy|speech|"
    r"interview|presentation|webinar|tiktok|reel|voice[- ]?over|skit|wedding|toast|episode|scene|show"
)
_NOT_CODE = re.compile(
    rf"\b(?:{_SHOWS})\s+(?:\w+\s+)?script\b|"
    rf"\bscript\s+for\s+(?:a|an|my|the|our|your)\s+(?:[\w'-]+\s+){{0,2}}?(?:{_SHOWS})s?\b|"
    r"\b(?:dress|zip|postal|area|promo|promotional|discount|coupon|voucher|qr|country|access|door|gift|"
    r"referral|confirmation|booking|tracking|colou?r)\s+codes?\b|\bcodes?\s+of\s+(?:conduct|ethics|practice)\b",
    re.I,
)
"""Where "script" or "code" names no program: a play script, a discount code, a code of conduct."""
_UNQUOTED = re.compile(r"(?<!\w)'[^'\n]{1,40}'(?!\w)|\"[^\"\n]{1,40}\"|“[^”\n]{1,40}”")
_ARROW = (
    r"==|->|=>|→|➞|➜|➔|⇒|⟶|\breturns?\b|\bshould\s+(?:return|give|output|be)\b|\bmust\s+return\b|\bgives\b|"
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
_ASKS_SIGNATURE = re.compile(
    r"\b(?:write|implement|complete|create|define|code\s+up|fix|need|want)\s+(?:me\s+)?(?:a\s+|an\s+|the\s+)?"
    r"`?[A-Za-z_]\w*\([\w\s,=*:\[\]|.]*\)",
    re.I,
)
"""Asks for a function by its signature: "Write parse_duration(text) that ...", "I need mask(number):"."""
_SHOWS_EXAMPLES = re.compile(
    r"\bfor\s+(?:example|instance)\b|\be\.g\.|\bexamples?\s*\d*\s*:|^\W*examples?\W*$|"
    r"\b(?:sample|example)\s+(?:inputs?|outputs?|calls?|usage)\b|\b(?:input|output)\s*\d*\s*:|>>>",
    re.I | re.M,
)


def is_code_request(request: str) -> bool:
    """The request asks for code (its text facts are then about code, not about the answer's prose):
    it names code ("function", "python", a fence, ...; quoted words do not count: "without the word
    'function'" asks for none), asks for a signature ("Write parse(text) that ...", "I need
    mask(number):"), or shows calls with their results (`f(x) == y`, `>>>`)."""
    unquoted = _UNQUOTED.sub(" ", request)
    prose = [n.span() for n in _NOT_CODE.finditer(unquoted)]  # "a play script", "the discount code"
    named = any(not any(s <= m.start() < e for s, e in prose) for m in _CODE_REQUEST.finditer(unquoted))
    if named or _ASKS_SIGNATURE.search(request):
        return True
    return any(e.kind != "io" for e in examples(request))


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
            return f"input {short(self.source)!r}"
        return (
            f"{self.source.strip()} == {self.want.strip()}"
            if self.kind == "call"
            else f">>> {self.source.strip()}"
        )


class Examples(list):
    """The request's examples (a list of Example); `unread`: the request shows examples (see
    _SHOWS_EXAMPLES) but none could be read as a check, so a run without them checked nothing."""

    unread: bool = False


def short(text: str, n: int = 120) -> str:
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


def examples(request: str) -> Examples:
    """The request's examples, in order (at most MAX_EXAMPLES): doctests in its code's docstrings,
    doctests in its prose, calls ("f(x) -> y", "Input: f(x) Output: y") and stdin Input/Output
    pairs; only those with literal arguments and a literal expected value, so that each is a
    check, not a sketch. `unread` is set where it shows examples but none could be read."""
    docs, rest = _docstrings(request)
    found = [
        *(e for doc in docs for e in _doctests(doc, whole=True)),
        *_doctests(rest, whole=False),
        *_call_examples(request),
        *_io_examples(request),
    ]
    out = Examples(list(dict.fromkeys(found))[:MAX_EXAMPLES])
    out.unread = not out and bool(_SHOWS_EXAMPLES.search(request))
    return out


def _doctests(text: str, whole: bool) -> list[Example]:
    """The `>>>` examples in `text`, each read by doctest's own parser from its own chunk (see
    _chunks), so that what follows one example cannot lose the others. whole: the want is all
    that doctest reads (a docstring); else its first line only (a request goes on in prose after
    its example), a traceback whole."""
    out = []
    for chunk in _chunks(text):
        try:
            parsed = doctest.DocTestParser().get_examples(chunk)
        except ValueError:  # a malformed example (">>>x", inconsistent indentation): not a check
            continue
        for ex in parsed:
            keep = whole or ex.want.startswith("Traceback")
            want = ex.want if keep else "".join(ex.want.splitlines(keepends=True)[:1])
            if want.strip():
                out.append(Example("doctest", ex.source, want if want.endswith("\n") else want + "\n"))
    return out


_CLOSING = re.compile(r"(?:\"\"\"|''')\s*$")


def _chunks(text: str) -> list[str]:
    """Each `>>>` example of `text` with its `...` lines and its want: the lines after it up to a
    blank line, the next `>>>`, a fence, a line indented less than the prompt or a closing triple
    quote (cut off a want line that ends with one)."""
    chunks: list[list[str]] = []
    current: list[str] | None = None
    prompt = 0
    for line in text.expandtabs().splitlines():
        body = line.lstrip()
        indent = len(line) - len(body)
        if body.startswith(">>>"):
            current, prompt = [line], indent
            chunks.append(current)
        elif current is not None:
            closing = None if body.startswith("...") else _CLOSING.search(line)
            if (
                not body
                or indent < prompt
                or body.startswith("```")
                or (closing and closing.start() == indent)
            ):
                current = None
                continue
            current.append(line[: closing.start()] if closing else line)
            current = None if closing else current
    return ["\n".join(c) + "\n" for c in chunks]


def _docstrings(request: str) -> tuple[list[str], str]:
    """The docstrings of the request's code (see _code_pieces), and the request without their
    lines (its prose, read on its own: a docstring's want ends at its closing quotes)."""
    docs, rest = [], request
    for piece in _code_pieces(request):
        lines = piece.splitlines()
        for node in ast.walk(ast.parse(piece)):
            doc = _docstring(node)
            if doc is not None:
                docs.append(ast.get_docstring(node) or "")
                lines[doc.lineno - 1 : doc.end_lineno] = [""] * (doc.end_lineno - doc.lineno + 1)
        rest = rest.replace(piece, "\n".join(lines), 1)
    return docs, rest


def _docstring(node: ast.AST) -> ast.Expr | None:
    """The docstring statement of a module, class or function node, if it has one."""
    if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    first = node.body[0] if node.body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
        return first if isinstance(first.value.value, str) else None
    return None


_DEF_LINE = re.compile(r"(?:async\s+def|def|class)\s+\w")


def _code_pieces(request: str) -> list[str]:
    """The pieces of the request that parse as Python, verbatim: each ```python (or untagged)
    block that parses whole, and elsewhere (a bare "complete this function" request, a block
    that does not parse) each definition found by _definitions."""
    pieces = []
    for lang, body in BLOCK.findall(request):
        if lang.lower() in ("", "python", "py", "python3"):
            pieces += [body] if _parses(body) else _definitions(body)
    return pieces + _definitions(BLOCK.sub("\n", request))


def _definitions(text: str) -> list[str]:
    """Each def / class line of `text` at column 0 with the lines after it that are blank or
    indented, where that parses as Python (a function stub with its docstring)."""
    lines, out, i = text.splitlines(), [], 0
    while i < len(lines):
        j = i + 1
        if not _DEF_LINE.match(lines[i]) or lines[i][:1].isspace():
            i = j
            continue
        while j < len(lines) and (not lines[j].strip() or lines[j][:1].isspace()):
            j += 1
        piece = "\n".join(lines[i:j]).rstrip()
        out += [piece] if _parses(piece) else []
        i = j
    return out


def _parses(code: str) -> bool:
    try:
        ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def _called(text: str) -> str | None:
    """The name called where `text` is one call of a name the answer may define (not a builtin)
    with literal arguments, e.g. "add(2, [3])" -> "add"; else None."""
    try:
        call = ast.parse(text.strip(), mode="eval").body
        if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
            return None
        if hasattr(builtins, call.func.id) or call.func.id in ("assert", "print"):
            return None
        for a in (*call.args, *(k.value for k in call.keywords)):
            ast.literal_eval(a)
    except (ValueError, SyntaxError, TypeError, AttributeError, RecursionError, MemoryError):
        return None
    return call.func.id


_BARE_ASSERT = re.compile(r"^\s*assert\s+(?P<neg>not\s+)?(?P<call>[A-Za-z_]\w*\(.*\))\s*(?:,.*)?$")
"""`assert f(x)` / `assert not f(x)` (with or without a message): f(x) is truthy / falsy."""


def _call_examples(request: str) -> list[Example]:
    """Each `f(x) == y` / `f(x) -> y` / `f(x) ➞ y` / "f(x) returns y" in the request's lines (not
    its `>>>` lines), the want read up to the next such example on the line."""
    out = []
    for line in request.splitlines():
        if line.lstrip().startswith((">>>", "...")):
            continue
        line = line.replace("`", " ")
        bare = _BARE_ASSERT.match(line)
        if bare and (name := _called(bare["call"])):  # `assert f(x)`: truthy; `assert not f(x)`
            want = "False" if bare["neg"] else "True"
            out.append(Example("call", f"bool({bare['call']})", want, name))
            continue
        found = list(_CALL.finditer(line))
        for m, after in zip(found, [*found[1:], None], strict=False):
            name = _called(m["call"])
            want = _literal(line[m.end() : after.start() if after else len(line)])
            if name is not None and want is not None:
                out.append(Example("call", m["call"], want, name))
    return out


_PARAM = r"[A-Za-z_]\w*(?:\s*[:=][^(),\n]*)?"
_SIGNATURE = re.compile(rf"(?<![\w.])`?(?:def\s+)?([A-Za-z_]\w*)\(\s*(?:{_PARAM}(?:\s*,\s*{_PARAM})*)?\s*\)")
"""A function named with its parameters ("is_balanced(s)", "def add(a, b=0)"), not called with values."""
_STDIN_ASKED = re.compile(
    r"\bstandard\s+input\b|\bstdin\b|\binput\(|\bcommand[-\s]line\b|\breads?\s+(?:from\s+)?(?:the\s+)?input\b",
    re.I,
)
_PLURAL = re.compile(r"[A-Za-z]+\((?:e?s)\)")
"""An English plural written "name(s)", "match(es)": not a signature."""


def _signature_name(request: str, plural: bool = False) -> str | None:
    """The one function the request asks for by its signature (not a builtin), or None where it
    names none or several, or asks for a program that reads input. `plural`: instead, the one
    "name(s)" set aside above as an English plural: "Write headline(s) to put a title in headline
    case" asks for a function of a string s (generic test8 z36), though "name(s)" is also how
    English writes a plural; so it is read only for Input / Output pairs whose input is a quoted
    string or a container (_io_examples)."""
    if _STDIN_ASKED.search(request):
        return None
    found = (m for m in _SIGNATURE.finditer(request) if bool(_PLURAL.fullmatch(m[0].strip("`"))) == plural)
    names = {m[1] for m in found if not hasattr(builtins, m[1]) and (not plural or m[0] == f"{m[1]}(s)")}
    return names.pop() if len(names) == 1 else None


def _as_call(name: str | None, args: str) -> str | None:
    """`name(args)` where `args` are literals ("'(]'", "[1, 2], 3", "nums = [1, 2], k = 3": named
    ones are passed in order, as the parameters' names may differ), else None."""
    if name is None or "\n" in args.strip():
        return None
    try:
        call = ast.parse(f"f({args.strip()})", mode="eval").body
        values = [*call.args, *(k.value for k in call.keywords)]
        for v in values:
            ast.literal_eval(v)
    except (ValueError, SyntaxError, TypeError, AttributeError, RecursionError, MemoryError):
        return None
    if any(isinstance(v, ast.Starred) for v in call.args) or not values:
        return None
    return f"{name}({', '.join(ast.unparse(v) for v in values)})"


def _io_examples(request: str) -> list[Example]:
    """Each "Input: ... Output: ..." pair: a call example where the input is a call of the
    function ("Input: add(2, 3) / Output: 5"; none if its output is not a literal) or the
    arguments of the one function the request asks for by its signature ("Write is_balanced(s)
    ... Input: '(]' / Output: False", or a quoted or container input for a "name(s)"), else an io
    example (the input is stdin)."""
    out, asked = [], _signature_name(request)
    plural = None if asked else _signature_name(request, plural=True)
    for m in _IO.finditer(request):
        stdin, want = _unfence(m["i"]), _unfence(m["o"])
        call = stdin.rstrip(" \t/,;|").strip()
        name = _called(call) if "\n" not in call else None
        if name is None and (as_call := _as_call(asked, call)) and _literal(want) is not None:
            call, name = as_call, asked
        elif name is None and plural and call[:1] in "'\"[{(" and _literal(want) is not None:
            if as_call := _as_call(plural, call):
                call, name = as_call, plural
        if name is not None:
            value = _literal(want)
            out += [Example("call", call, value, name)] if value is not None else []
        elif stdin and want:
            out.append(Example("io", stdin + "\n", want))
    return out


def _unfence(text: str) -> str:
    text = re.sub(r"^```\w*\n?|```$", "", text.strip()).strip()
    return text
