"""The stated-checks schemas (engine.core.stated): the request's checkable constraints as typed checks
of a catalog, and optionally one constraint outside it as a Python expression over `answer`.

A check is a flat object: `quote` (the request's words that state it, checked against the request
afterwards), `kind` (the catalog's kinds, an enum) and the optional parameters of any kind
(`relation`, `letter`, `property` enums, `n` digits, `phrase` a few words). As in
grammars.feedback, strings are bounded in words and numbers are digit patterns, not integer bounds.

The expression is single-quoted Python (no double quote, backslash or control character: no JSON
escape), at most EXPR_RUNS runs of non-blank characters joined by single spaces. A run is free in
length: runs bounded {1,40} took xgrammar 2.2 s to compile against 0.19 s (SmolLM2's vocabulary,
2 loaded cores); a run that does not end is cut at max_tokens and recorded as an error, never run.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, create_model

from selfrefine.grammars.feedback import WORD_CHARS, words_pattern

MAX_CHECKS = 6
QUOTE_WORDS = 12
PHRASE_WORDS = 6
N_PATTERN = r"^[0-9]{1,4}$"
EXPR_RUNS, EXPR_TOKENS = 24, 320
_EXPR_RUN = r'[^\s"\\\x00-\x1f]+'
EXPR_PATTERN = rf"^{_EXPR_RUN}(?: {_EXPR_RUN}){{0,{EXPR_RUNS - 1}}}$"
"""A one-line expression: runs of non-blank characters (no double quote or backslash) joined by
single spaces."""


def _words(n: int, description: str):
    return Annotated[str, StringConstraints(pattern=words_pattern(n))], Field(description=description)


@lru_cache(maxsize=16)
def _checks_model(
    kinds: tuple[str, ...], relations: tuple[str, ...], letters: tuple[str, ...], properties: tuple[str, ...]
) -> type[BaseModel]:
    opt = {"default": None}
    check = create_model(
        "StatedCheck",
        __config__=ConfigDict(extra="forbid"),
        quote=_words(QUOTE_WORDS, "The words of the request that state the constraint, copied."),
        kind=(Literal.__getitem__(kinds), Field(description="Which kind of check.")),
        relation=(Literal.__getitem__(relations) | None, Field(**opt)),
        n=(Annotated[str, StringConstraints(pattern=N_PATTERN)] | None, Field(**opt)),
        phrase=(Annotated[str, StringConstraints(pattern=words_pattern(PHRASE_WORDS))] | None, Field(**opt)),
        letter=(Literal.__getitem__(letters) | None, Field(**opt)),
        property=(Literal.__getitem__(properties) | None, Field(**opt)),
    )
    return create_model(
        "StatedChecks",
        __config__=ConfigDict(extra="forbid"),
        checks=(list[check], Field(max_length=MAX_CHECKS)),
    )


@lru_cache(maxsize=1)
def _predicate_model() -> type[BaseModel]:
    predicate = create_model(
        "StatedPredicate",
        __config__=ConfigDict(extra="forbid"),
        quote=_words(QUOTE_WORDS, "The words of the request that state the constraint, copied."),
        expr=(
            Annotated[str, StringConstraints(pattern=EXPR_PATTERN)],
            Field(description="A Python expression over the string `answer`, True when it is met."),
        ),
    )
    return create_model(
        "StatedPredicateAnswer", __config__=ConfigDict(extra="forbid"), predicate=(predicate | None, ...)
    )


def checks_schema(kinds, relations, letters, properties) -> dict:
    """The stated-checks call's schema: {"checks": [at most MAX_CHECKS checks]}, possibly empty."""
    return _checks_model(
        tuple(kinds), tuple(relations), tuple(letters), tuple(properties)
    ).model_json_schema()


def predicate_schema() -> dict:
    """The predicate call's schema: {"predicate": {"quote", "expr"} or null}."""
    return _predicate_model().model_json_schema()


def checks_budget() -> int:
    """max_tokens for the checks call: at worst a token per character of every bounded field."""
    word = WORD_CHARS + 1
    return MAX_CHECKS * ((QUOTE_WORDS + PHRASE_WORDS) * word + 120) + 16


def predicate_budget() -> int:
    """max_tokens for one predicate call: the quote at worst a token per character, the
    expression EXPR_TOKENS (its runs are free in length)."""
    return QUOTE_WORDS * (WORD_CHARS + 1) + EXPR_TOKENS + 48


def parse_checks(text: str, kinds, relations, letters, properties) -> list[dict]:
    """The stated checks as dicts without their unset (None) parameters; raises ValueError when
    the text does not match the schema."""
    model = _checks_model(tuple(kinds), tuple(relations), tuple(letters), tuple(properties))
    try:
        checks = model.model_validate_json(text).checks
    except ValidationError as exc:
        raise ValueError(f"stated checks do not match the schema: {exc.errors()[0]['msg']}") from exc
    return [{k: v for k, v in c.model_dump().items() if v is not None} for c in checks]


def parse_predicate(text: str) -> dict | None:
    """{"quote", "expr"} or None (the critic named no constraint); ValueError when the text does
    not match the schema."""
    try:
        p = _predicate_model().model_validate_json(text).predicate
    except ValidationError as exc:
        raise ValueError(f"the predicate does not match the schema: {exc.errors()[0]['msg']}") from exc
    return None if p is None else p.model_dump()
