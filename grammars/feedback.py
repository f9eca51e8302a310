"""Feedback as a typed schema: problems first, then aspect scores and a stop flag.

The pydantic model built here is turned into a JSON schema that vLLM's structured outputs
enforce while the model writes, so feedback always parses. Four forms:

- `points`: a list of short problem statements (the original form);
- `grounded`: each problem names the exact span of the answer it concerns (a choice among
  the answer's own sentences or lines, an enum built per call), what is wrong and the fix;
- `checklist`: one true/false per item of a vocabulary the task gives (the item's concepts,
  the title's words, the answer's sentences): no empty list to hide behind;
- `requirements`: one true/false per requirement of the request, the requirements being spans
  of the request itself that the critic picked once per loop (`request_clauses`,
  `requirements_schema`), so it cannot invent one.

Problems come before the scores (evidence before the verdict). Text fields are bounded in
words, never in characters: a bound in characters made the grammar close a point in the
middle of a word ("'crk"), and xgrammar and outlines compile a word bound in a fraction of the
time a character bound takes. No text field can be empty or start with a blank.

The free-text mode (stop phrase, scores written as `aspect: N/5` lines) is kept for
comparison; its parser reports failures instead of dropping them.
"""

from __future__ import annotations

import json
import re
import string
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, create_model

from selfrefine.grammars.errors import InvalidParameter

ASPECT_RE = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
DEFAULT_ASPECTS = ("correctness", "completeness", "clarity")
DEFAULT_SCALE = (1, 5)
FEEDBACK_MAX_ITEMS = 4
FEEDBACK_ITEM_WORDS = 20
FORMS = ("points", "grounded", "checklist", "requirements")
VERDICTS = ("missing", "met")
"""requirements form: the question asked of each requirement, also the verdict's key (see
FeedbackSpec.verdict)."""
REQUIREMENT_LABEL = "Requirement not met"
MAX_REQUIREMENTS = 8
"""At most this many requirements are picked; a request with more clauses than MAX_SEGMENTS
has no checklist (the plain review)."""
SPAN_SOURCES = ("sentences", "lines")
MAX_SEGMENTS = 40
"""An answer with more segments than this gets a free `span` (checked afterwards) instead of an enum."""
MAX_SEGMENT_CHARS = 240

WORD_CHARS = 20
"""For the token budget: a word costs at most WORD_CHARS + 1 tokens on average (a real word
costs one or two). A word of many runs of digits can still reach max_tokens; that call is then
a recorded feedback error (`feedback_error`), never a silently dropped one."""
_SEP = r"\-.,/:;_=+*|~`，。、：；"
"""Characters that glue runs of letters into one word ("a-b", "x.y", "3.8.5", "12,000")."""
_RUN = rf'[^\s"\\\x00-\x1f{_SEP}]'
WORD_RUNS, RUN_CHARS = 5, 20
_WORD = (
    rf"(?:[{_SEP}]{{1,3}}|[{_SEP}]{{0,3}}{_RUN}{{1,{RUN_CHARS}}}"
    rf"(?:[{_SEP}]{{1,3}}{_RUN}{{1,{RUN_CHARS}}}){{0,{WORD_RUNS - 1}}}[{_SEP}]{{0,3}})"
)
"""A word: at most WORD_RUNS runs of at most RUN_CHARS characters, joined by one to three
punctuation marks (or one to three marks alone, as in "a - b"). A free-length word lets a weak
critic at temperature 0 glue a repetition into one endless word and run to max_tokens with the
JSON open; a bounded word ends, so the point ends within its word bound and the JSON closes.
Bounding runs, not the whole word, also keeps xgrammar's compile fast (tasks/README, "Bounded
words", has the measurements)."""
_FREE_WORD = r'[^\s"\\\x00-\x1f]+'  # no blank, quote, backslash or control character


def words_pattern(n: int, word: str = _WORD) -> str:
    """1..n words separated by single spaces: never empty; a word longer than the word bound
    allows has to end."""
    return rf"^{word}(?: {word}){{0,{n - 1}}}$"


def free_words(schema):
    """The schema with every bounded word made free in length, for Outlines: outlines-core
    builds a full automaton, and the bounded word took it 4-20 s per feedback schema (Qwen's
    vocabulary) against vLLM's regex-compile timeout. Only the bound of a single word goes;
    the words per point and the points stay bounded, and the token budget catches a runaway."""
    if isinstance(schema, list):
        return [free_words(x) for x in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: free_words(v) for k, v in schema.items()}
    if isinstance(out.get("pattern"), str):
        out["pattern"] = out["pattern"].replace(_WORD, _FREE_WORD)
    return out


@dataclass(frozen=True)
class Checklist:
    """A task's checklist: one boolean per item, under `key`; the items whose value equals
    `problem_when` are the problems, shown to the rewrite as "`label`: a, b, c"."""

    key: str = "used"
    problem_when: bool = False
    label: str = "missing"
    items: str = "row"
    """Where the items come from: "row" (the item's own vocabulary, Item.vocab), or the
    answer's "sentences" / "lines" (built per call)."""
    skip: str | None = None
    """A regular expression: answer sentences / lines it matches (from the start) are not
    items, e.g. prompt labels a model echoes ("Target sentiment: Very positive")."""

    def __post_init__(self) -> None:
        if not ASPECT_RE.match(self.key):
            raise InvalidParameter("checklist.key", "must be lower_snake_case")
        if self.items not in ("row", *SPAN_SOURCES):
            raise InvalidParameter("checklist.items", "must be row, sentences or lines")
        if self.skip is not None:
            try:
                re.compile(self.skip)
            except re.error as exc:
                raise InvalidParameter("checklist.skip", f"is not a regular expression: {exc}") from exc


@dataclass(frozen=True)
class FeedbackSpec:
    """Which aspects the critic scores, on which integer scale, and in which form it names problems."""

    aspects: tuple[str, ...] = DEFAULT_ASPECTS
    scale: tuple[int, int] = DEFAULT_SCALE
    max_items: int = FEEDBACK_MAX_ITEMS
    item_words: int = FEEDBACK_ITEM_WORDS
    form: str = "points"
    spans: str = "sentences"
    """grounded form: the answer's sentences (prose) or lines (code) are the spans to choose from."""
    checklist: Checklist | None = None
    verdict: str = "missing"
    """requirements form: what each requirement's true/false answers. "missing": is it missing or
    broken (true = a problem, as CommonGen-Hard asks); "met": is it met (false = a problem).
    Measured on the generic task's 21 dev constraint rows (tasks/README.md), each wording run on
    the same drafts: the 0.5B says false whatever it is asked (26 of 27 verdicts under
    "missing", 17 of 25 under "met"), the 1.5B mostly true (21 of 30, 25 of 28). A wrong
    "unmet" costs tokens, not answers: the tools refuse a rewrite they find no better, and no
    answer got worse in the four runs. So the wording where the bias flags problems is the
    cheaper one: "missing" for the 1.5B (recall 1.00 against 0.60; 0.476 -> 0.810 against
    0.762), "met" for the 0.5B (recall 0.35 against 0.06, the same 3 rows fixed either way).
    The default stays "missing": it is the better wording for the 1.5B, the critic that
    gains, and a tie for the 0.5B."""

    def __post_init__(self) -> None:
        if not self.aspects:
            raise InvalidParameter("aspects", "at least one aspect is needed")
        if len(set(self.aspects)) != len(self.aspects):
            raise InvalidParameter("aspects", "aspects must be unique")
        for a in self.aspects:
            if not ASPECT_RE.match(a):
                raise InvalidParameter("aspects", f"{a!r} must be lower_snake_case, at most 40 chars")
        lo, hi = self.scale
        if not (0 <= lo < hi <= 100):
            raise InvalidParameter("scale", "must be two integers 0 <= low < high <= 100")
        if not 1 <= self.max_items <= 16:
            raise InvalidParameter("max_items", "must be in [1, 16]")
        if not 2 <= self.item_words <= 60:
            raise InvalidParameter("item_words", "must be in [2, 60]")
        if self.form not in FORMS:
            raise InvalidParameter("form", f"must be one of {', '.join(FORMS)}")
        if self.spans not in SPAN_SOURCES:
            raise InvalidParameter("spans", f"must be one of {', '.join(SPAN_SOURCES)}")
        if (self.form == "checklist") != (self.checklist is not None):
            raise InvalidParameter("checklist", "the checklist form needs a checklist, and only it")
        if self.verdict not in VERDICTS:
            raise InvalidParameter("verdict", f"must be one of {', '.join(VERDICTS)}")

    @property
    def max_total(self) -> int:
        return self.scale[1] * len(self.aspects)

    # -------------------------------------------------------------- per-call vocabulary

    def choices(self, answer: str = "", vocab: tuple[str, ...] | list[str] | None = None) -> tuple[str, ...]:
        """What this call's schema lets the critic choose from: spans of the answer (grounded),
        checklist items (checklist), the loop's requirements, given as `vocab` (requirements),
        or nothing (points)."""
        if self.form == "requirements":
            return tuple(dict.fromkeys(v for v in (vocab or ()) if v))
        if self.form == "grounded":
            return segments(answer, self.spans)
        if self.form == "checklist":
            if self.checklist.items == "row":
                return tuple(dict.fromkeys(v for v in (vocab or ()) if v))
            found = segments(answer, self.checklist.items)
            skip = self.checklist.skip
            return tuple(x for x in found if not re.match(skip, x)) if skip else found
        return ()

    def token_budget(self, choices: tuple[str, ...] = ()) -> int:
        """max_tokens for one feedback call, so that the grammar's bounds close the JSON first
        (at worst one token per character, of a choice or of a bounded word)."""
        text = self.item_words * (WORD_CHARS + 1) + 8
        scores = 24 * len(self.aspects) + 64
        if self.form == "points":
            return self.max_items * text + scores
        if self.form == "grounded":
            span = max((len(c) for c in choices), default=0) + 8 if len(choices) <= MAX_SEGMENTS else text
            return self.max_items * (span + 2 * text + 16) + scores
        return sum(len(c) + 10 for c in choices) + scores

    def model(self, choices: tuple[str, ...] = ()) -> type[BaseModel]:
        return _feedback_model(self, tuple(choices))

    def json_schema(self, choices: tuple[str, ...] = ()) -> dict:
        return _schema(self, tuple(choices))

    def parse_json(self, text: str, choices: tuple[str, ...] = ()) -> dict:
        """Validate a structured feedback; raises ValueError with the reason on failure."""
        try:
            return self.model(choices).model_validate_json(text).model_dump(by_alias=True)
        except ValidationError as exc:
            raise ValueError(f"feedback does not match the schema: {exc.errors()[0]['msg']}") from exc

    def problems(self, fb: dict, answer: str = "") -> tuple[list[str], list[dict]]:
        """(problems to show the rewrite, ungrounded problems) of a parsed feedback.

        Grounded problems whose span is not in the answer are ungrounded: recorded, not shown.
        """
        if self.form == "points":
            return [p.strip() for p in fb.get("feedback") or [] if any(ch.isalnum() for ch in p)], []
        if self.form == "grounded":
            shown, ungrounded = [], []
            for p in fb.get("problems") or []:
                if p["span"].strip() and p["span"] in answer:
                    shown.append(f'In "{p["span"]}": {p["issue"]}. Fix: {p["fix"]}')
                else:
                    ungrounded.append(p)
            return shown, ungrounded
        if self.form == "requirements":  # one line each: a requirement may hold commas
            problem = self.verdict == "missing"
            return [
                f'{REQUIREMENT_LABEL}: "{k}"' for k, v in (fb.get(self.verdict) or {}).items() if v is problem
            ], []
        c = self.checklist
        flagged = [k for k, v in (fb.get(c.key) or {}).items() if v is c.problem_when]
        if not flagged:
            return [], []
        if c.items == "row":  # words: one line
            return [f"{c.label}: {', '.join(flagged)}"], []
        return [f'{c.label}: "{x}"' for x in flagged], []  # sentences or lines: one each


def segments(answer: str, how: str) -> tuple[str, ...]:
    """The answer's sentences or non-blank lines, each an exact substring (at most
    MAX_SEGMENT_CHARS characters, deduplicated, in order)."""
    if how == "lines":  # a markdown fence is not a line of the program
        parts = [ln.strip() for ln in answer.splitlines() if not ln.strip().startswith("```")]
    else:
        parts = [s.strip() for ln in answer.splitlines() for s in re.split(r"(?<=[.!?])\s+", ln)]
    out = []
    for p in parts:
        p = p[:MAX_SEGMENT_CHARS].strip()
        if p and any(ch.isalnum() for ch in p) and p not in out:
            out.append(p)
    return tuple(out)


_LIST_MARK = re.compile(r"\s*(?:[-*+\u2022]|\d{1,2}[.)]|[a-zA-Z][.)])\s+")
_CLAUSE_BREAK = re.compile(r"(?<=[.!?])\s+|\s*;\s*|,\s+(?:and then|and|but|then)\s+")
_AND = " and "
_CLAUSE_WORDS = 3
"""Both sides of a bare " and " need this many words to be two clauses: "write a haiku and
make it rhyme" is two requirements, "use salt and pepper" one."""


def request_clauses(request: str) -> tuple[str, ...]:
    """The request's clauses, each an exact substring of it, in order, deduplicated: its lines
    (list markers dropped), their sentences, the parts joined by ";" or ", and" / ", but" /
    ", then", and the parts joined by a bare " and " when both have _CLAUSE_WORDS words. A
    clause has at least two words and at most MAX_SEGMENT_CHARS characters."""
    out: list[str] = []
    for line in request.splitlines():
        mark = _LIST_MARK.match(line)
        line = line[mark.end() :] if mark else line
        for part in _CLAUSE_BREAK.split(line):
            groups: list[str] = []
            for piece in part.split(_AND):
                if groups and (len(groups[-1].split()) < _CLAUSE_WORDS or len(piece.split()) < _CLAUSE_WORDS):
                    groups[-1] += _AND + piece  # rejoined exactly as written
                else:
                    groups.append(piece)
            for g in groups:
                g = g[:MAX_SEGMENT_CHARS].strip().rstrip(",:").strip()
                if len(g.split()) >= 2 and any(ch.isalnum() for ch in g) and g not in out:
                    out.append(g)
    return tuple(out)


@lru_cache(maxsize=256)
def _requirements_model(clauses: tuple[str, ...]) -> type[BaseModel]:
    pick = Literal.__getitem__(clauses)
    return create_model(
        "PickedRequirements",
        __config__=ConfigDict(extra="forbid"),
        requirements=(
            list[pick],
            Field(
                max_length=min(len(clauses), MAX_REQUIREMENTS),
                description="The parts of the request that an answer must meet, copied exactly.",
            ),
        ),
    )


def requirements_schema(clauses: tuple[str, ...]) -> dict:
    """The requirement-picking call's schema: a list of the request's own clauses (an enum),
    possibly empty, at most MAX_REQUIREMENTS."""
    return _requirements_model(tuple(clauses)).model_json_schema()


def requirements_budget(clauses: tuple[str, ...]) -> int:
    """max_tokens for the picking call: the longest clauses, JSON-quoted, at one token a character."""
    longest = sorted((len(json.dumps(c)) + 2 for c in clauses), reverse=True)[:MAX_REQUIREMENTS]
    return sum(longest) + 32


def parse_requirements(text: str, clauses: tuple[str, ...]) -> tuple[str, ...]:
    """The picked requirements, deduplicated, in the request's order; raises ValueError when
    the text does not match the schema."""
    try:
        picked = _requirements_model(tuple(clauses)).model_validate_json(text).requirements
    except ValidationError as exc:
        raise ValueError(f"requirements do not match the schema: {exc.errors()[0]['msg']}") from exc
    return tuple(c for c in clauses if c in picked)


def _text(n: int, description: str):
    return Annotated[str, StringConstraints(pattern=words_pattern(n))], Field(description=description)


@lru_cache(maxsize=256)
def _feedback_model(spec: FeedbackSpec, choices: tuple[str, ...]) -> type[BaseModel]:
    lo, hi = spec.scale
    # An enum, not minimum/maximum: the outlines backend does not enforce integer bounds.
    score = Literal.__getitem__(tuple(range(lo, hi + 1)))
    scores = create_model(
        "Scores",
        __config__=ConfigDict(extra="forbid"),
        **{
            a: (score, Field(description=f"{a.replace('_', ' ')}: {lo} (bad) to {hi} (excellent)"))
            for a in spec.aspects
        },
    )
    tail = {
        "scores": (scores, Field(description="One integer score per aspect.")),
        "stop": (bool, Field(description="true only if the answer needs no further change.")),
    }
    # The problem list may be empty: "no problem" is a legitimate review, and it stops the loop.
    if spec.form == "grounded":
        if choices and len(choices) <= MAX_SEGMENTS:
            span = (Literal.__getitem__(choices), Field(description="The exact part of the answer."))
        else:  # too long an answer for an enum: a free quote, checked against the answer afterwards
            span = _text(spec.item_words, "The exact part of the answer, quoted.")
        problem = create_model(
            "Problem",
            __config__=ConfigDict(extra="forbid"),
            span=span,
            issue=_text(spec.item_words, "What is wrong there."),
            fix=_text(spec.item_words, "Exactly what to write instead."),
        )
        head = {"problems": (list[problem], Field(max_length=spec.max_items))}
    elif spec.form == "checklist":
        c = spec.checklist
        items = create_model(
            "Checklist",
            __config__=ConfigDict(extra="forbid"),
            **{f"f{i}": (bool, Field(alias=v)) for i, v in enumerate(choices)},
        )
        head = {c.key: (items, Field(description=f"{c.key.replace('_', ' ')}: true or false for each"))}
    elif spec.form == "requirements":
        items = create_model(
            "Requirements",
            __config__=ConfigDict(extra="forbid"),
            **{f"f{i}": (bool, Field(alias=v)) for i, v in enumerate(choices)},
        )
        verdict = Field(description=f"{spec.verdict}: true or false for each requirement")
        head = {spec.verdict: (items, verdict)}
    else:
        point = Annotated[str, StringConstraints(pattern=words_pattern(spec.item_words))]
        head = {
            "feedback": (
                list[point],
                Field(
                    min_length=0,
                    max_length=spec.max_items,
                    description=(
                        "Specific, actionable points: each names one problem and exactly what to change."
                    ),
                ),
            )
        }
    return create_model("Feedback", __config__=ConfigDict(extra="forbid"), **head, **tail)


@lru_cache(maxsize=256)
def _schema(spec: FeedbackSpec, choices: tuple[str, ...]) -> dict:
    return _feedback_model(spec, choices).model_json_schema(by_alias=True)


def verdict_schema() -> dict:
    """The pairwise verification's answer: which of two texts is better, "A" or "B"."""
    return {
        "type": "object",
        "properties": {"better": {"type": "string", "enum": ["A", "B"]}},
        "required": ["better"],
        "additionalProperties": False,
    }


def schema_json(spec: FeedbackSpec) -> str:
    return json.dumps(spec.json_schema(), indent=2)


# ---------------------------------------------------------------- free-text mode

_MD = str.maketrans("", "", string.punctuation + "*_`#>~")


def normalize_phrase(text: str) -> str:
    """Lowercase, drop markdown and punctuation, collapse whitespace."""
    return " ".join(text.lower().translate(_MD).split())


def matches_stop_phrase(feedback: str, phrase: str) -> bool:
    """True when the whole feedback, or its first non-empty line, *is* the stop phrase.

    A feedback that merely mentions the phrase ("it is not yet correct") does not stop.
    """
    target = normalize_phrase(phrase)
    if not target:
        return False
    if normalize_phrase(feedback) == target:
        return True
    first = next((ln for ln in feedback.splitlines() if ln.strip()), "")
    return normalize_phrase(first) == target


def parse_free_text(text: str, spec: FeedbackSpec) -> tuple[dict[str, int] | None, str | None]:
    """Find `aspect: N` (or `N/M`) scores in free text. Returns (scores, None) or (None, reason)."""
    lo, hi = spec.scale
    scores: dict[str, int] = {}
    for a in spec.aspects:
        name = re.escape(a).replace("_", "[ _]")
        m = re.search(rf"(?im)^[\s*\-#>]*{name}[\s*]*[:=\-]\s*\**\s*(\d+)(?:\s*/\s*\d+)?", text)
        if not m:
            return None, f"no score for aspect {a!r}"
        value = int(m.group(1))
        if not lo <= value <= hi:
            return None, f"score {value} for {a!r} is outside {lo}..{hi}"
        scores[a] = value
    return scores, None
