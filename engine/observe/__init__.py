"""Observers for generic requests: facts tools compute about an answer (counts, quoted words, letter
case, structure, running its code), shown in the review turn; a broken constraint is a fault.

`observe_request` reads the request once and returns the item's `observe` and `guard` (None when
the request states nothing checkable, so the loop's prompts stay exactly as without observers).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from selfrefine.engine.observe.arithmetic import arithmetic_checks
from selfrefine.engine.observe.case import case_checks
from selfrefine.engine.observe.chars import char_checks
from selfrefine.engine.observe.code import CodeCheck
from selfrefine.engine.observe.codestyle import code_style_checks
from selfrefine.engine.observe.datafiles import data_file_checks
from selfrefine.engine.observe.encode import encode_checks
from selfrefine.engine.observe.examples import examples, is_code_request
from selfrefine.engine.observe.facts import Fact
from selfrefine.engine.observe.format import format_checks
from selfrefine.engine.observe.ids import id_checks
from selfrefine.engine.observe.lines import line_checks
from selfrefine.engine.observe.order import order_checks
from selfrefine.engine.observe.parts import part_checks
from selfrefine.engine.observe.program import program_checks
from selfrefine.engine.observe.structure import structure_checks
from selfrefine.engine.observe.text import (
    Check,
    count_checks,
    edge_checks,
    term_checks,
)
from selfrefine.engine.observe.totals import total_checks
from selfrefine.engine.types import Observation

__all__ = ["HEADER", "Fact", "observation", "observe_request", "text_checks"]

HEADER = "Facts about your answer, computed by a tool (exact; trust them over your own count or reading):"


def text_checks(request: str) -> list[Check]:
    """The text and structure checks a request states (none for a request for code: its counts and
    quotes are about the program, not about the answer's prose)."""
    if is_code_request(request):
        return []
    return [
        *count_checks(request),
        *term_checks(request),
        *edge_checks(request),
        *case_checks(request),
        *char_checks(request),
        *structure_checks(request),
        *format_checks(request),
        *line_checks(request),
        *part_checks(request),
        *order_checks(request),
        *id_checks(request),
        *encode_checks(request),
        *total_checks(request),
        *arithmetic_checks(request),  # sums and totals the answer states, asked for or not
    ]


def observation(
    found: list[Fact], examples: tuple[int, int] = (0, 0), probe: Callable[[], str | None] | None = None
) -> Observation:
    """The review turn's text for these facts (empty for none) and their faults joined into one;
    `examples`: (passed, run) of the request's examples run on the answer's code; `probe`: asks
    whether code that passes them is fitted to one (Observation.probe)."""
    if not found:
        return Observation("", examples=examples, probe=probe)
    faults = [x.fault for x in found if x.fault]
    text = HEADER + "\n" + "\n".join(f"- {x.text}" for x in found)
    repairs = tuple(x.repair for x in found if x.fault and x.repair)
    # code that does not load fails every example: at least as many faults as code that runs and
    # fails them all (generic test3: code stopped by its own failing test was kept over code that
    # ran and failed both examples, 1 fault against 2)
    count = max(len(faults), examples[1] - examples[0])
    return Observation(text, " ".join(faults) or None, count, repairs, examples, probe)


def observe_request(
    request: str, *, run_code: bool = True
) -> tuple[Callable[[str], Observation] | None, Callable[[str], str | None] | None]:
    """(observe, guard) for a generic request, for `Item.observe` / `Item.guard`: observe gives
    the facts its checks find in an answer; guard (only where the request has code examples)
    refuses a rewrite that fails an example the previous answer passed. (None, None) when the
    request states nothing checkable (and, for code, when `run_code` is off)."""
    checks = [*text_checks(request), *data_file_checks(request)]  # a file's format, code or not
    for_code = is_code_request(request)
    if checks and not for_code:  # a program in place of the result: looked for only where
        checks += program_checks(request)  # something else is checkable (else no observer)
    if for_code:  # how the code must be written: line length, type hints, shebang
        checks += code_style_checks(request)
    code = CodeCheck(examples(request), request=request) if run_code and for_code else None
    if not checks and code is None:
        return None, None

    def observe(answer: str) -> Observation:
        found: list[Fact] = []
        for check in [*checks, *([code.observe] if code is not None else [])]:
            try:
                found += check(answer)
            except Exception:  # an observer's own bug must not fail the user's request: no fact
                continue
        try:  # cached: the run `code.observe` made
            results = code.run(answer).results if code is not None and code.examples else {}
        except Exception:
            results = {}
        probe = partial(fitted, answer) if results else None
        return observation(found, (sum(ok for ok, _ in results.values()), len(results)), probe)

    def fitted(answer: str) -> str | None:
        try:  # run when a rewrite is judged (Observation.fitted); cached by the CodeCheck
            return code.fitted(answer)
        except Exception:  # as above: a probe that cannot tell says nothing
            return None

    def guard(answer: str) -> str | None:
        try:
            return code.guard(answer)
        except Exception:  # as above: a guard that cannot tell refuses nothing
            return None

    return observe, (guard if code is not None and code.examples else None)
