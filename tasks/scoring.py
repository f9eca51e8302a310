"""Helpers shared by the task scorers: pulling a program out of a model's answer, running it.

A scorer is a class with `score(row, output) -> dict` holding at least "score" (a float, or
None with "error" saying why the output could not be scored). Optional: `truth(row, output,
verdict) -> set[str]`, what is really wrong with an output (the concepts it misses, "wrong"
for a wrong answer), against which eval measures the critic's recall and precision; and
`observe(row, output) -> str`, execution feedback for `:exec` variants. Scorers that need a model (a
judge) set `needs_judge = True` and implement `async score_async(row, output, judge)`. A
scorer never asks the refining loop's feedback for its number.
"""

from __future__ import annotations

import ast
import re

FUNCTION_WORDS = frozenset("a an and as at by for from in into of on or the to with".split())


def keywords(title: str) -> list[str]:
    """A title's main words: the ones an acronym would take a letter from."""
    return [w for w in re.findall(r"[\w'-]+", title) if w.lower() not in FUNCTION_WORDS]


_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[ \t]*\n(.*?)(?:```|\Z)", re.S)


def extract_code(text: str) -> str:
    """The program in a model answer: the longest fenced block if there is one, else the text."""
    blocks = [body for lang, body in _FENCE.findall(text) if lang.lower() in ("", "python", "py", "python3")]
    code = max(blocks, key=len) if blocks else text
    return code.strip("\n") + "\n"


def parse_python(code: str) -> tuple[ast.Module | None, str | None]:
    """(tree, None) or (None, reason) for code that is not valid Python."""
    if not code.strip():
        return None, "empty output"
    try:
        return ast.parse(code), None
    except SyntaxError as exc:
        return None, f"not a Python program (SyntaxError line {exc.lineno}: {exc.msg})"
    except ValueError as exc:  # e.g. null bytes
        return None, f"not a Python program ({exc})"


def program(output: str) -> tuple[str, str | None]:
    """(the program in a model answer, None) or (it, why it is not valid Python): extract_code with
    lone surrogates replaced (the sandbox writes it to a file), then parse_python."""
    code = extract_code(output).encode("utf-8", "replace").decode("utf-8")
    try:
        _, err = parse_python(code)
    except (RecursionError, MemoryError):  # nesting too deep for the parser
        err = "not a Python program (nested too deeply)"
    return code, err


def first_line(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return ""


def same_output(a: str, b: str) -> bool:
    """Program outputs compared line by line, ignoring trailing whitespace."""
    return [ln.rstrip() for ln in a.rstrip().splitlines()] == [ln.rstrip() for ln in b.rstrip().splitlines()]


def _clip(text: str, n: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[:n] + "..."


def describe_outputs(got: list[str], expected: list[str]) -> str:
    """One sentence on how a program's outputs compare with the original's, input by input."""
    bad = [i for i, (g, e) in enumerate(zip(got, expected)) if not same_output(g, e)]
    if not bad:
        return f"On all {len(expected)} test inputs it prints the same output as the original."
    i = bad[0]
    printed = (
        f"got {_clip(got[i])!r}"
        if got[i].strip()
        else "it printed nothing: is the code that reads the input and prints still called?"
    )
    return (
        f"On {len(bad)} of {len(expected)} test inputs its output differs from the original's "
        f"(input {i + 1}: expected {_clip(expected[i])!r}, {printed})."
    )
