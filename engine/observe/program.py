"""A program in place of the answer: a request for a result (numbers, a list, an encoding, a sum),
not for code, answered with a Python program that would make it. That is a fault; the tools run the
program in the sandbox (random seeded, so a run repeats) and, where it prints something, their fix
writes what it prints under it: the result the request asked for, computed by the model's own
program. An answer that writes that output out meets the request; one that writes another output
for it ("```output 72.0" where it prints 7.2) has it wrong, and the fix corrects it."""

from __future__ import annotations

import re
from functools import lru_cache, partial

from selfrefine.engine.observe.code import LIMITS, python_blocks
from selfrefine.engine.observe.facts import BLOCKS, Fact
from selfrefine.engine.observe.text import Check
from selfrefine.engine.sandbox import SandboxUnavailable, run_python

_ASKS_CODE = re.compile(
    r"\b(?:code|script|program|function|python|snippet|class|module|regex|api|implement\w*|algorithm|"
    r"library|command|notebook|pandas|numpy|automate|returns?)\b|\b[a-z_]\w*\([^()]*\)",
    re.I,
)
"""A request that names code in any way, or a call like `fence_posts(length_m)`: a program may well
be what it wants."""
_READS = re.compile(r"\binput\s*\(|\bsys\.(?:stdin|argv)\b|\bopen\s*\(|\brequests\.|\burllib\b|\bsocket\b")
MAX_OUTPUT = 3000
_SEED = "import random as _selfrefine_random\n_selfrefine_random.seed(0)\n"


def program_checks(request: str) -> list[Check]:
    """The check for a request that names no code (engine.observe.observe_request asks it only of a
    request for prose that states something else checkable)."""
    return [] if _ASKS_CODE.search(request) else [_program_check]


_OUTPUT = re.compile(r"```[ \t]*(?:output|text|console|stdout|plaintext)?[ \t]*\n(.*?)```", re.S)
_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")
_FAULT = (
    "The request asks for the result itself, not a program that makes it; the answer gives a Python program"
)
_LINE = "program: the answer gives a Python program{} -- NOT MET"


def _program_check(answer: str) -> list[Fact]:
    python = python_blocks(answer)
    blocks = [m for m in BLOCKS.finditer(answer) if m[2] in python and _STATEMENT.search(m[2])]
    if not blocks:
        return []
    block = max(blocks, key=lambda m: len(m[2]))
    printed = _printed(block[2])
    if printed is None:
        return []  # what it would print is not known: whether the answer states it neither
    after = answer[block.end() :]
    if _norm(printed) in _norm(answer[: block.start()] + after):
        return [Fact("program: the answer's Python program, and what it prints written out")]
    claimed = _OUTPUT.match(after.lstrip("\n"))
    first = printed.splitlines()[0][:80] + (" ..." if "\n" in printed else "")
    if claimed and claimed[1].strip():
        said = claimed[1].strip().splitlines()[0][:80]
        return [
            Fact(
                _LINE.format(", and the wrong output for it"),
                f'The answer says its program prints "{said}"; run by the tools, it prints "{first}".',
                partial(_output_fixed, block[2], printed),
            )
        ]
    return [
        Fact(
            _LINE.format(", not the result"),
            f'{_FAULT} (run by the tools, it prints "{first}").',
            partial(_output_fixed, block[2], printed),
        )
    ]


_STATEMENT = re.compile(r"^\s*(?:def|import|from|for|print)\b|^\s*\w+\s*=", re.M)


def _norm(text: str) -> str:
    return " ".join(text.split())


def _output_fixed(code: str, printed: str, answer: str) -> str:
    """The fix: what the program prints written under its block, in place of an output block the
    answer wrote for it; where both are one number, that number corrected in the lines after too
    ("The tip is 72" where the program prints 7.2)."""
    block = next((m for m in BLOCKS.finditer(answer) if m[2] == code), None)
    if block is None:
        return answer
    head, after = answer[: block.end()], answer[block.end() :]
    claimed = _OUTPUT.match(after.lstrip("\n"))
    if not (claimed and claimed[1].strip()):
        return f"{head}\n\nIt prints:\n\n{printed}\n{after}"
    gap = len(after) - len(after.lstrip("\n"))
    rest = after[gap + claimed.end() :]
    said = claimed[1].strip()
    if _NUMBER.match(said) and _NUMBER.match(printed):
        right = f"{round(float(printed), 6):g}"
        rest = re.sub(
            r"(?<![\d.])-?\d+(?:\.\d+)?(?![\d.]*\d)",
            lambda m: right if float(m.group()) == float(said) else m.group(),
            rest,
        )
    return f"{head}{after[:gap]}```output\n{printed}\n```{rest}"


@lru_cache(maxsize=64)
def _printed(code: str) -> str | None:
    """What the program prints, run once in the sandbox; None where it reads input, files or the
    network, fails, prints nothing or too much."""
    if _READS.search(code):
        return None
    try:
        r = run_python(_SEED + code, limits=LIMITS)
    except SandboxUnavailable:
        return None
    out = r.stdout.strip()
    return out if r.ok and out and len(out) <= MAX_OUTPUT else None
