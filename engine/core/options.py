"""The loop options, declared once: the CLI, Python API, server field and task.yaml derive theirs here."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Literal, Optional

from selfrefine.engine.core.checks import GUARD
from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.prompts import DEFAULT_STOP_PHRASE
from selfrefine.engine.errors import InvalidParameter
from selfrefine.grammars.feedback import DEFAULT_ASPECTS, DEFAULT_SCALE

CLI = "cli"
"""`selfrefine run`'s options."""
API = "api"
"""`SelfRefine(...)`'s keyword arguments."""
SERVER = "server"
"""Keys of the server's `selfrefine` request field."""
TASK = "task"
"""Keys of task.yaml (under the option's `section`)."""
OVERRIDE = "override"
"""`selfrefine eval`'s (and `run --from-task`'s) overrides of a task's own value; default: the task's."""
SURFACES = (CLI, API, SERVER, TASK, OVERRIDE)
ALL = frozenset((CLI, API, SERVER, TASK))


@dataclass(frozen=True)
class Option:
    """One loop option: its one name, kind, default, help, and where it is exposed."""

    name: str
    kind: str
    """int, opt_int (int or None), float, bool, str, names (aspects: "a,b" or a list),
    scale ("1-5" or [1, 5]), strs (a list of names)."""
    default: Any
    help: str
    surfaces: frozenset[str]
    target: str | None
    """Where the value goes in RefineConfig: `field`, `spec.field` or `sampling.field`."""
    aliases: tuple[str, ...] = ()
    """Older spellings, accepted on every surface and mapped to `name`."""
    choices: tuple[str, ...] = ()
    section: str = "loop"
    """task.yaml section that holds it: loop, feedback or sampling."""

    def flag(self, name: str | None = None) -> str:
        return "--" + (name or self.name).replace("_", "-")

    def doc(self) -> str:
        """The help text with the accepted choices and old spellings."""
        text = self.help
        if self.choices:
            text += f" ({' | '.join(self.choices)})"
        if self.aliases:
            text += f"; also accepted as {', '.join(self.aliases)}"
        return text


def _o(name, kind, default, help, surfaces=ALL, target=None, **kw) -> Option:
    return Option(name, kind, default, help, frozenset(surfaces), target, **kw)


OPTIONS: tuple[Option, ...] = (
    _o(
        "rounds",
        "int",
        4,
        "refine rounds after the draft (0-16)",
        ALL | {OVERRIDE},
        "rounds",
        aliases=("max_rounds",),
    ),
    _o(
        "feedback",
        "str",
        "grammar",
        "grammar: JSON feedback forced by a schema; text: free text with a stop phrase",
        {CLI, API, SERVER},
        "feedback",
        choices=("grammar", "text"),
    ),
    _o(
        "aspects",
        "names",
        DEFAULT_ASPECTS,
        "what the critic scores (lower_snake_case names)",
        target="spec.aspects",
        section="feedback",
    ),
    _o(
        "scale",
        "scale",
        DEFAULT_SCALE,
        "integer score scale LOW-HIGH",
        target="spec.scale",
        section="feedback",
    ),
    _o(
        "feedback_points",
        "int",
        4,
        "grammar mode: at most this many problems per review (1-16)",
        target="spec.max_items",
        aliases=("max_items",),
        section="feedback",
    ),
    _o(
        "feedback_point_words",
        "int",
        20,
        "grammar mode: at most this many words per problem (2-60); never cut inside a word",
        target="spec.item_words",
        aliases=("item_words",),
        section="feedback",
    ),
    _o(
        "feedback_point_chars",
        "opt_int",
        None,
        "deprecated: a bound in characters, turned into feedback_point_words (one word per 6 characters)",
        {SERVER},
    ),
    _o(
        "feedback_form",
        "str",
        "points",
        "points; grounded: each problem names a sentence (or line) of the answer; requirements: the "
        "critic picks the request's own requirements once and gives a verdict on each every round "
        "(task.yaml: also checklist)",
        target="spec.form",
        aliases=("form",),
        choices=("points", "grounded", "requirements"),
        section="feedback",
    ),
    _o(
        "verdict",
        "str",
        "missing",
        "requirements form: the question of each requirement's true/false; missing: is it missing or "
        "broken (true = a problem); met: is it met (false = a problem)",
        target="spec.verdict",
        choices=("missing", "met"),
        section="feedback",
    ),
    _o(
        "spans",
        "str",
        "sentences",
        "grounded form: the answer's sentences or lines are the spans",
        target="spec.spans",
        choices=("sentences", "lines"),
        section="feedback",
    ),
    _o("threshold", "opt_int", None, "stop when the total score reaches this", target="threshold"),
    _o(
        "stop_flag",
        "bool",
        True,
        "grammar mode: honour the critic's stop flag (when its scores agree)",
        ALL | {OVERRIDE},
        "stop_flag",
    ),
    _o(
        "stop_flag_min",
        "opt_int",
        None,
        "the stop flag counts only if no aspect scores below this (default: one under the top)",
        target="stop_flag_min",
    ),
    _o(
        "stop_on_top", "bool", True, "stop when every aspect is at the top of the scale", target="stop_on_top"
    ),
    _o(
        "stop_on_no_problems",
        "bool",
        True,
        "grammar mode: stop when the review lists no problem",
        target="stop_on_no_problems",
    ),
    _o(
        "reject",
        "bool",
        True,
        "end with the previous output when a rewrite fails a check (review talk, "
        "feedback JSON, repetition, truncation, a copy, code that passes the request's examples "
        "only by returning their answer for every nearby input)",
        target="reject",
    ),
    _o(
        "substance",
        "bool",
        True,
        "with reject: also refuse a rewrite that declines, restates or talks about the request, fills "
        "in placeholders, or adds numbers or names found in neither the request nor the answer",
        ALL | {OVERRIDE},
        target="substance",
    ),
    _o(
        "stop_repeats",
        "bool",
        True,
        "with reject: end a rewrite once it writes a sentence or line a third time, and refuse it",
        ALL | {OVERRIDE},
        target="stop_repeats",
    ),
    _o(
        "verify",
        "str",
        "off",
        "pairwise: keep a rewrite only if the critic prefers it in both A/B orders",
        ALL | {OVERRIDE},
        "verify",
        choices=("off", "pairwise"),
    ),
    _o(
        "stop_phrase",
        "str",
        DEFAULT_STOP_PHRASE,
        "text mode: feedback that is exactly this stops",
        {CLI, API, SERVER},
        "stop_phrase",
    ),
    _o(
        "selection",
        "str",
        "last",
        "last: the final output; best: the highest total feedback score",
        target="selection",
        choices=("last", "best"),
    ),
    _o("exclude_draft", "bool", False, "with selection best, never return the draft", target="exclude_draft"),
    _o(
        "refine_mode",
        "str",
        "rewrite",
        "rewrite: each refine call writes the whole output; append: its text is added to the previous output",
        {TASK},
        "refine_mode",
        choices=("rewrite", "append"),
    ),
    _o(
        "append_separator",
        "str",
        " ",
        "append mode: what joins the added text to the output",
        {TASK},
        "append_separator",
    ),
    _o(
        "retries",
        "int",
        0,
        "a rewrite refused by a check in retry_on is told why and written again, "
        "up to this many times per loop (0-4)",
        {TASK},
        "retries",
    ),
    _o("retry_on", "strs", (GUARD,), "the refusals that get a retry: guard, identical", {TASK}, "retry_on"),
    _o(
        "candidates",
        "int",
        4,
        "after a tool proves the answer wrong (a fault), try the tools' own fix, then write up to this "
        "many rewrites (greedy first; for prose the sampled ones are fresh answers only, so 4 writes 3) "
        "and keep the one with the fewest faults that changes the answer least; a rewrite the tools "
        "find no better is refused (1-8; 1: one rewrite, the tools only inform it)",
        ALL | {OVERRIDE},
        target="candidates",
    ),
    _o(
        "code_candidates",
        "int",
        6,
        "candidates where the request's own examples ran on the answer's code and decide: code that "
        "failed them is rewritten as up to this many fresh answers, greedy first, while none passes (1-8)",
        ALL | {OVERRIDE},
        target="code_candidates",
    ),
    _o(
        "examples_decide",
        "bool",
        True,
        "where the request's own examples ran on the answer's code, they decide without the critic's "
        "review: all pass stops the loop; a failure is rewritten afresh, told the failure",
        ALL | {OVERRIDE},
        target="examples_decide",
    ),
    _o(
        "review_faults",
        "bool",
        False,
        "ask the critic's review of an answer the tools found a fault in (off: the fault alone drives "
        "the rewrite; with selection=last and candidates > 1)",
        ALL | {OVERRIDE},
        target="review_faults",
    ),
    _o(
        "review_clean",
        "bool",
        False,
        "ask the critic's review of an answer the tools observed and found no fault in (off: that "
        "answer is final, stop reason no_fault; with selection=last and candidates > 1)",
        ALL | {OVERRIDE},
        target="review_clean",
    ),
    _o(
        "stated_checks",
        "str",
        "off",
        "generic requests: once, after the draft, the critic states the request's checkable "
        "constraints as typed checks of a catalog, checked by code on every answer (a failed one is a "
        "fault); catalog+predicate: also one constraint outside the catalog as a Python expression, "
        "a fault only where two written independently agree (not a server field: predicates are "
        "model-written code, which serve --run-code governs)",
        {CLI, API, TASK, OVERRIDE},
        "stated_checks",
        choices=("off", "catalog", "catalog+predicate"),
    ),
    _o(
        "run_code",
        "bool",
        True,
        "run the answer's Python code blocks in the sandbox on the request's own examples (a failed "
        "example is a fault the rewrite must fix); on the server only where serve --run-code allows it",
        {CLI, API, SERVER},
    ),
    _o(
        "feedback_temperature",
        "float",
        0.0,
        "sampling temperature of the critic (0-2)",
        ALL,
        "feedback_temperature",
        section="sampling",
    ),
    _o(
        "temperature",
        "float",
        0.7,
        "sampling temperature of the draft and refine calls (0-2)",
        {CLI, API, TASK, OVERRIDE},
        "sampling.temperature",
        section="sampling",
    ),
    _o(
        "top_p",
        "float",
        1.0,
        "nucleus sampling of the draft and refine calls (0-1]",
        {CLI, API, TASK},
        "sampling.top_p",
        section="sampling",
    ),
    _o(
        "max_tokens",
        "int",
        512,
        "tokens per draft / refine call",
        {CLI, API, TASK, OVERRIDE},
        "sampling.max_tokens",
        section="sampling",
    ),
    _o(
        "seed",
        "opt_int",
        None,
        "sampling seed",
        {CLI, API, TASK, OVERRIDE},
        "sampling.seed",
        section="sampling",
    ),
)
BY_NAME = {o.name: o for o in OPTIONS}


def on(surface: str) -> tuple[Option, ...]:
    """The options a surface exposes, in table order."""
    return tuple(o for o in OPTIONS if surface in o.surfaces)


def aliases(surface: str) -> dict[str, str]:
    """Every accepted spelling on `surface` (names and aliases) -> the option's name."""
    return {n: o.name for o in on(surface) for n in (o.name, *o.aliases)}


def canonical(
    values: Mapping[str, Any], surface: str, where: str = "", also: Iterable[str] = ()
) -> dict[str, Any]:
    """`values` keyed by option name: aliases mapped to names; an unknown key, or an option given
    under two spellings, raises InvalidParameter naming it (`where` prefixes the name; `also`:
    the surface's other keys, named in the error)."""
    known = aliases(surface)
    out: dict[str, Any] = {}
    given: dict[str, str] = {}
    for key, value in values.items():
        if key not in known:
            raise InvalidParameter(
                f"{where}{key}", f"is not a known option; known: {', '.join([*also, *known])}"
            )
        name = known[key]
        if name in given:
            raise InvalidParameter(f"{where}{key}", f"is another spelling of {where}{given[name]}: give one")
        given[name] = key
        out[name] = value
    return out


def spelled(values: Mapping[str, Any], surface: str) -> dict[str, str]:
    """{option name: the old spelling `values` gave it under}, for the keys that are aliases."""
    known = aliases(surface)
    return {known[k]: k for k in values if k in known and known[k] != k}


@contextmanager
def named_as(spellings: Mapping[str, str], where: str = "") -> Iterator[None]:
    """Re-raise an InvalidParameter about an option under the spelling the caller wrote it in."""
    try:
        yield
    except InvalidParameter as exc:
        if exc.param not in spellings:
            raise
        message = str(exc).split(": ", 1)[-1]
        raise InvalidParameter(f"{where}{spellings[exc.param]}", message) from None


def defaults(surface: str | None = None) -> dict[str, Any]:
    """Each option's default (of the options on `surface`, or all)."""
    return {o.name: o.default for o in (on(surface) if surface else OPTIONS)}


def parse_aspects(aspects: str | Sequence[str]) -> tuple[str, ...]:
    """`"a,b,c"` or a sequence of names -> a tuple of names (FeedbackSpec checks them)."""
    if isinstance(aspects, str):
        return tuple(a.strip() for a in aspects.split(",") if a.strip())
    if not all(isinstance(a, str) for a in aspects):
        raise InvalidParameter("aspects", "must be names (strings)")
    return tuple(aspects)


def parse_scale(scale: str | Sequence[int]) -> tuple[int, int]:
    """`"1-5"` or `(1, 5)` -> (low, high) (FeedbackSpec checks the range)."""
    try:
        lo, hi = (int(x) for x in scale.split("-")) if isinstance(scale, str) else scale
    except (TypeError, ValueError):
        raise InvalidParameter("scale", f"must be LOW-HIGH, e.g. 1-5 (got {scale!r})") from None
    if isinstance(lo, bool) or isinstance(hi, bool) or not isinstance(lo, int) or not isinstance(hi, int):
        raise InvalidParameter("scale", f"must be two integers (got {scale!r})")
    return lo, hi


def normal(name: str, value: Any) -> Any:
    """A value in its canonical form (aspects a tuple, scale a pair), as RefineConfig takes it."""
    kind = BY_NAME[name].kind
    if kind == "names":
        return parse_aspects(value)
    if kind == "scale":
        return parse_scale(value)
    if kind == "strs":
        return tuple(value)
    return value


def to_config(values: Mapping[str, Any], base: RefineConfig | None = None, **fields) -> RefineConfig:
    """The RefineConfig of option values (keyed by name). Without `base`, options not in
    `values` take the table's defaults; with it, only `values` change `base`. `fields` sets
    RefineConfig fields directly (prompts, answer_schema, ...; `spec_fields` those of the spec).
    A bad value raises InvalidParameter naming it."""
    spec_fields = fields.pop("spec_fields", {})
    if base is None:
        base, values = RefineConfig(), {**defaults(), **values}
    top: dict[str, Any] = {}
    parts: dict[str, dict[str, Any]] = {"spec": dict(spec_fields), "sampling": {}}
    for name, value in values.items():
        target = BY_NAME[name].target
        if target is None:
            continue
        where, _, field = target.rpartition(".")
        (parts[where] if where else top)[field] = normal(name, value)
    ft = top.get("feedback_temperature", base.feedback_temperature)
    if not 0.0 <= ft <= 2.0:
        raise InvalidParameter("feedback_temperature", "must be in [0, 2]")
    spec = replace(base.spec, **parts["spec"])
    sampling = fields.pop("sampling", None) or replace(base.sampling, **parts["sampling"])
    return replace(base, spec=spec, sampling=sampling, **{**top, **fields})


# ------------------------------------------------------------------ surface types


def py_type(o: Option, surface: str) -> Any:
    """The annotation of `o` on `surface`: what typer, pydantic or the API signature declares."""
    if surface == OVERRIDE:
        return Optional[py_type(o, CLI)]  # noqa: UP045 (typer reads Optional)
    cli = surface == CLI
    if o.kind == "names":
        return str if cli else list[str] if surface == SERVER else str | Sequence[str]
    if o.kind == "scale":
        return str if cli else tuple[int, int] if surface == SERVER else str | Sequence[int]
    if o.kind == "strs":
        return list[str]
    if o.kind == "opt_int":
        return Optional[int]  # noqa: UP045 (typer reads Optional)
    if o.kind == "str" and o.choices and surface == SERVER:
        return Literal[o.choices]
    return {"int": int, "float": float, "bool": bool, "str": str}[o.kind]


def surface_default(o: Option, surface: str) -> Any:
    """The default as `surface` spells it (the CLI takes "a,b,c" and "1-5"); the override
    surface defaults to None, meaning the task's own value."""
    if surface == OVERRIDE:
        return None
    if surface == CLI and o.kind == "names":
        return ",".join(o.default)
    if surface == CLI and o.kind == "scale":
        return "{}-{}".format(*o.default)
    if surface == SERVER and o.kind in ("names", "strs"):
        return list(o.default)
    return o.default


def coerce(o: Option, value: Any) -> Any:
    """A task.yaml value in the option's kind (YAML gives numbers, booleans and lists already)."""
    if value is None:
        return None
    kind = {"opt_int": "int"}.get(o.kind, o.kind)
    if kind in ("names", "scale", "strs"):
        if isinstance(value, str):
            return value
        return tuple(value)
    return {"int": int, "float": float, "bool": bool, "str": str}[kind](value)


def names(options: Iterable[Option]) -> list[str]:
    return [o.name for o in options]
