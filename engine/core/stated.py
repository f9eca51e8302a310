"""Stated checks (the `stated_checks` loop option): once, right after the draft, the critic states
the request's checkable constraints under a grammar (grammars.stated) as typed checks of a
catalog (engine.observe.catalog); code checks each on every answer beside the item's observers
(Item.observe), so a stated check that fails is a fault like theirs.

A check is dropped, with the reason recorded, when its quote is not in the request (invented),
its parameters are bad or not in its quote, or the observers already check it (one constraint,
one fault). "catalog+predicate": the critic may also write one constraint outside the catalog
as a Python expression over `answer`, twice, independently (two sampled calls, other seeds); run
in the sandbox, they make a fault only when both quote the same words, both run and both find
it unmet. Any other verdict is an unconfirmed note. The stating turns leave the conversation.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING

from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.history import ContextFull
from selfrefine.engine.core.item import Item, request_turn
from selfrefine.engine.observe import HEADER
from selfrefine.engine.observe import catalog as cat
from selfrefine.engine.observe.examples import is_code_request
from selfrefine.engine.observe.facts import Fact
from selfrefine.engine.sandbox import Limits, SandboxUnavailable, run_python
from selfrefine.engine.types import Observation, Sampling
from selfrefine.grammars.feedback import normalize_phrase
from selfrefine.grammars.stated import (
    checks_budget,
    checks_schema,
    parse_checks,
    parse_predicate,
    predicate_budget,
    predicate_schema,
)

if TYPE_CHECKING:
    from selfrefine.engine.core.steps import Steps

STAGE = "constraints"
"""The trace stage of the stating calls, and the type of their loop event."""
MIN_QUOTE_WORDS = 2
PREDICATE_TEMPERATURE = 0.7
PREDICATE_LIMITS = Limits(wall_s=2.0, cpu_s=2)
VOCAB = (tuple(cat.KINDS), cat.RELATIONS, cat.LETTERS, cat.PROPERTIES)

CHECKS_TURN = """Before any review: which constraints of my request can a program check in an answer? \
State each as a check of one of these kinds, filling in only the fields that kind takes \
(relation: at_least, at_most or exactly; n: a number):
- word_count, sentence_count, paragraph_count, line_count, char_count: relation, n
- include_phrase: phrase, and relation, n for how many times; exclude_phrase, starts_with, ends_with: phrase
- no_character: phrase (the character, e.g. ,)
- letter_frequency: letter, relation, n
- every_word, every_line: property (capitalized, lowercase, uppercase or ends_with_punctuation)
- bullet_list, numbered_list: relation, n for how many items, or none
- lowercase, uppercase, json, quoted (the whole answer in double quotes), title (a title in <<double \
angular brackets>>): no field
For each, quote the words of my request that state it. Only what my request states, at most 6; \
none is a fine answer."""

PREDICATE_TURN = """Does my request state one more constraint that none of those kinds can check? \
If so, quote the words of my request that state it, and write one line of Python: an expression \
over the string `answer` that is True exactly when the answer meets it (single quotes only; re \
and string are imported). If not, give null."""

_PROGRAM = r"""import json, math, re, string, sys
answer = sys.stdin.buffer.read().decode("utf-8", "replace")
out = []
for expr in json.load(open("checks.json")):
    scope = {"answer": answer, "re": re, "string": string, "math": math}
    try:
        value = eval(compile(expr, "<check>", "eval"), scope)
        out.append(value if isinstance(value, bool) else f"gave {type(value).__name__}, not a bool")
    except BaseException as exc:
        out.append(f"{type(exc).__name__}: {str(exc)[:120]}")
print(json.dumps(out))
"""


@dataclass(frozen=True)
class StatedCheck:
    """A catalog check the critic stated: its kind, validated parameters and the request's words."""

    kind: str
    params: dict
    quote: str

    def fact(self, answer: str) -> Fact:
        """The fact line of this check on `answer`; a failed check's fault quotes the request."""
        ok, found = cat.run(self.kind, answer, self.params)
        asked = cat.asked(self.kind, self.params)
        line = f'{asked} (the request: "{self.quote}"): {found}'
        if ok:
            return Fact(line)
        return Fact(line + " -- NOT MET", f'The request asks for {asked} ("{self.quote}"); {found}.')

    def record(self) -> dict:
        return {
            "kind": self.kind,
            "quote": self.quote,
            **{k: self.params[k] for k in cat.PARAMS if k in self.params},
        }

    def key(self) -> tuple:
        """What makes two checks the same: the kind and its parameters, case aside."""
        return self.kind, tuple((k, str(self.params[k]).lower()) for k in cat.PARAMS if k in self.params)


@dataclass(frozen=True)
class Predicate:
    """A model-written check: the request's words and a Python expression over `answer`."""

    quote: str
    expr: str


@dataclass
class Verdict:
    """What the stated checks find in one answer: fact lines (faults among them) and how many
    model-written checks crashed, looped or gave no boolean."""

    facts: list[Fact]
    crashed: int = 0

    @property
    def faults(self) -> int:
        return sum(1 for x in self.facts if x.fault)


@dataclass
class Stated:
    """A loop's stated checks: catalog checks, model-written predicates (`backed` when two written
    independently quote the same words), and what was dropped, with why."""

    checks: tuple[StatedCheck, ...] = ()
    predicates: tuple[Predicate, ...] = ()
    backed: bool = False
    dropped: list[dict] = field(default_factory=list)

    def judge(self, answer: str) -> Verdict:
        """Every check on `answer` (a catalog check that raises gives no fact); the predicates
        run in one sandbox program, a fault only when backed, both run and both say False."""
        facts = []
        for c in self.checks:
            try:
                facts.append(c.fact(answer))
            except Exception:  # a catalog bug must not fail the loop: no fact
                continue
        if not self.predicates:
            return Verdict(facts)
        values = run_predicates([p.expr for p in self.predicates], answer)
        return Verdict(facts + self._predicate_facts(values), sum(not isinstance(v, bool) for v in values))

    def _predicate_facts(self, values: list) -> list[Fact]:
        quote = self.predicates[0].quote
        if (
            self.backed
            and len(values) == 2
            and all(isinstance(v, bool) for v in values)
            and values[0] == values[1]
        ):
            agree = "two checks written independently agree"
            if values[0]:
                return [Fact(f'"{quote}": met ({agree})')]
            why = f'The request says "{quote}"; {agree} that the answer does not meet it.'
            return [Fact(f'"{quote}": not met ({agree}) -- NOT MET', why)]
        notes = {
            (p.quote, v): Fact(
                f'"{p.quote}": {"met" if v else "not met"}? (a model-written check, unconfirmed)'
            )
            for p, v in zip(self.predicates, values)
            if isinstance(v, bool)
        }
        return list(notes.values())

    def record(self) -> dict:
        return {
            "checks": [c.record() for c in self.checks],
            "predicates": [asdict(p) for p in self.predicates],
            "backed": self.backed,
            "dropped": self.dropped,
        }


# ---------------------------------------------------------------- reading what the critic stated


def in_request(quote: str, request: str) -> bool:
    """The quote is words of the request (case, punctuation and spacing aside), at least
    MIN_QUOTE_WORDS of them."""
    q = normalize_phrase(quote)
    return len(q.split()) >= MIN_QUOTE_WORDS and f" {q} " in f" {normalize_phrase(request)} "


def ungrounded(kind: str, raw: dict, params: dict, quote: str) -> str | None:
    """Why the quote does not state this check's parameters, or None: a number stated (n, or one
    next to it) must be in the quote, and so must a phrase to include, avoid, start or end with
    (unless it is all punctuation) and a letter to count."""
    words = normalize_phrase(quote).split()
    if raw.get("n") is not None and not (kind == "include_phrase" and params["n"] <= 1):
        if not set(words) & cat.number_words(params["n"]):
            return f"the quote has no {params['n']}"
    phrase = normalize_phrase(params.get("phrase", "")) if kind != "no_character" else ""
    if phrase and f" {phrase} " not in f" {' '.join(words)} ":
        return f'the quote has no "{params["phrase"]}"'
    if "letter" in params and params["letter"] not in words:
        return f'the quote has no letter "{params["letter"]}"'
    return None


def read_checks(raw: list[dict], request: str, observed: str = "") -> Stated:
    """The stated checks kept from the critic's raw ones: each must quote the request, have
    valid parameters its quote states, not repeat another and not be checked already by the
    observers (whose facts are `observed`); the rest are `dropped` with the reason."""
    out = Stated()
    kept: list[StatedCheck] = []
    for r in raw:
        why, check = _read_check(r, request, observed)
        if check is not None and any(c.key() == check.key() for c in kept):
            why, check = "repeats another check", None
        if check is None:
            out.dropped.append({"check": r, "reason": why})
        else:
            kept.append(check)
    out.checks = tuple(kept)
    return out


def _read_check(r: dict, request: str, observed: str) -> tuple[str | None, StatedCheck | None]:
    quote, kind = str(r.get("quote", "")), str(r.get("kind", ""))
    if not in_request(quote, request):
        return "the quote is not in the request", None
    try:
        params = cat.validate(kind, r)
    except ValueError as exc:
        return str(exc), None
    why = ungrounded(kind, r, params, quote)
    if why:
        return why, None
    if cat.covered(kind, params, observed):
        return "the observers check it already", None
    return None, StatedCheck(kind, params, quote)


def read_predicate(
    p: dict | None, request: str, checks: tuple[StatedCheck, ...]
) -> tuple[Predicate | None, str | None]:
    """(the predicate, None) or (None, why not): its quote must be in the request and not be a
    catalog check's, and its expression a Python expression that reads `answer`."""
    if p is None:
        return None, "no constraint named"
    quote, expr = p["quote"], p["expr"]
    if not in_request(quote, request):
        return None, "the quote is not in the request"
    if any(same_words(quote, c.quote, request) for c in checks):
        return None, "a catalog check states it"
    try:
        tree = ast.parse(expr, mode="eval")
    except SyntaxError as exc:
        return None, f"not a Python expression: {exc.msg}"
    if not any(isinstance(n, ast.Name) and n.id == "answer" for n in ast.walk(tree)):
        return None, "the expression does not read `answer`"
    return Predicate(quote, expr), None


def same_words(a: str, b: str, request: str) -> bool:
    """Whether two quotes are overlapping words of the request (normalized as in in_request)."""
    req, spans = f" {normalize_phrase(request)} ", []
    for q in (a, b):
        q = normalize_phrase(q)
        at = req.find(f" {q} ") if q else -1
        if at < 0:
            return False
        spans.append((at, at + len(q) + 2))
    return spans[0][0] < spans[1][1] - 1 and spans[1][0] < spans[0][1] - 1


def run_predicates(exprs: list[str], answer: str, limits: Limits = PREDICATE_LIMITS) -> list[bool | str]:
    """Each expression's value on `answer`: True or False, or why it gave none (an exception, not
    a bool; all of them when the program timed out or the sandbox is unavailable). One sandbox
    program runs them all, the answer on its stdin."""
    try:
        res = run_python(_PROGRAM, stdin=answer, limits=limits, files={"checks.json": json.dumps(exprs)})
    except SandboxUnavailable as exc:
        return [f"sandbox unavailable: {exc}"] * len(exprs)
    if not res.ok:
        return [res.describe()] * len(exprs)
    try:
        values = json.loads(res.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        values = None
    if not isinstance(values, list) or len(values) != len(exprs):
        return ["no result"] * len(exprs)
    return [v if isinstance(v, bool) else str(v) for v in values]


# ---------------------------------------------------------------- the loop's step


def stated_request(item: Item, cfg: RefineConfig) -> str:
    """What quotes are checked against: the chat's system texts and the request itself (its last
    user turn, or the draft turn), as the observers read a chat (engine.core.generic)."""
    system = [
        m["content"]
        for m in item.messages or []
        if m.get("role") == "system" and isinstance(m.get("content"), str)
    ]
    return "\n".join([*system, request_turn(item, cfg)])


async def state_checks(loop: Steps) -> Stated | None:
    """With `stated_checks` on, grammar feedback and a request that is not for code: the critic
    states the request's checks (one call; with predicates, two more), recorded in the trace as
    stage "constraints" and sent as a "constraints" event; the turns leave the conversation. The
    caller joins the kept ones to the item's observe (`observer`). None when off or when the
    context has no room for the call."""
    item, cfg = loop.item, loop.cfg
    if cfg.stated_checks == "off" or cfg.feedback != "grammar":
        return None
    request = stated_request(item, cfg)
    if is_code_request(request):
        return None
    observed = (await loop.observe(loop.outputs[0])).text
    mark = len(loop.conv.ids)
    try:
        stated = await ask(loop, request, observed)
    except ContextFull:
        return None
    finally:
        loop.conv.ids = loop.conv.ids[:mark]
    loop.emit({"type": STAGE, "round": 0, **stated.record()})
    return stated


async def ask(loop: Steps, request: str, observed: str) -> Stated:
    """The stating calls on the loop's conversation (left in it: the caller takes them out)."""
    cfg = loop.cfg
    loop.conv.add_user(CHECKS_TURN)
    budget = checks_budget()
    sampling = Sampling(
        temperature=cfg.feedback_temperature,
        top_p=cfg.sampling.top_p,
        max_tokens=budget,
        seed=cfg.sampling.seed,
    )
    call = await loop.call(loop.critic, STAGE, 0, sampling, checks_schema(*VOCAB), budget)
    try:
        raw = parse_checks(call.text, *VOCAB)
    except ValueError as exc:
        raw, call.feedback_error = [], str(exc)
    stated = read_checks(raw, request, observed)
    call.feedback = {"checks": [c.record() for c in stated.checks], "dropped": stated.dropped}
    if cfg.stated_checks == "catalog+predicate":
        try:
            await _ask_predicates(loop, request, stated)
        except ContextFull:
            pass
    return stated


async def _ask_predicates(loop: Steps, request: str, stated: Stated) -> None:
    """Two predicate calls from one prompt, sampled with different seeds; sets `stated.predicates`
    (the valid ones) and `stated.backed` (two that quote the same words)."""
    cfg, budget = loop.cfg, predicate_budget()
    loop.conv.add_user(PREDICATE_TURN)
    mark, found = len(loop.conv.ids), []
    for k in (1, 2):
        seed = (cfg.sampling.seed or 0) + k
        sampling = Sampling(
            temperature=PREDICATE_TEMPERATURE, top_p=cfg.sampling.top_p, max_tokens=budget, seed=seed
        )
        call = await loop.call(loop.critic, STAGE, 0, sampling, predicate_schema(), budget)
        loop.conv.ids = loop.conv.ids[:mark]  # the second is written without seeing the first
        try:
            raw = parse_predicate(call.text)
            p, why = read_predicate(raw, request, stated.checks)
        except ValueError as exc:
            raw, p, why, call.feedback_error = call.text, None, "does not parse", str(exc)
        call.feedback = {"predicate": asdict(p) if p else None, "dropped": why}
        found += [p] if p else []
        if why:
            stated.dropped.append({"predicate": raw, "reason": why})
    stated.predicates = tuple(found)
    stated.backed = len(found) == 2 and same_words(found[0].quote, found[1].quote, request)


def observer(base: Callable | None, stated: Stated) -> Callable[[str], Observation]:
    """The item's observe with the stated checks' facts after its own (and their faults added)."""

    def observe(answer: str) -> Observation:
        seen = base(answer) if base is not None else Observation("")
        seen = seen if isinstance(seen, Observation) else Observation(str(seen))
        return combine(seen, stated.judge(answer).facts)

    return observe


def combine(seen: Observation, facts: list[Fact]) -> Observation:
    """`seen` with `facts` as more lines of its fact list (under HEADER when it has none) and
    their faults added; its other fields (e.g. the tools' repairs) kept."""
    if not facts:
        return seen
    lines = "\n".join(f"- {x.text}" for x in facts)
    faults = [x.fault for x in facts if x.fault]
    fault = " ".join(x for x in (seen.fault, *faults) if x) or None
    text = f"{seen.text}\n{lines}" if seen.text else f"{HEADER}\n{lines}"
    return replace(seen, text=text, fault=fault, faults=seen.fault_count + len(faults))
