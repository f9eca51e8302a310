"""Rewrite strategies (`RefineConfig.refine_mode`): how a refine call's text becomes the next output."""

from __future__ import annotations

import asyncio
import difflib
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from selfrefine.engine.backends.repeats import REPEAT, without_repeats
from selfrefine.engine.core import checks
from selfrefine.engine.core.substance import asks_to_repeat
from selfrefine.engine.observe.facts import WHOLE_ANSWER
from selfrefine.engine.types import Call, Completion, Engine

if TYPE_CHECKING:
    from selfrefine.engine.core.config import RefineConfig


class Rewrite:
    """The refine call writes the whole new output."""

    def apply(self, previous: str, call: Call) -> str:
        return call.text


@dataclass(frozen=True)
class Append:
    """The refine call writes text added to the previous output (e.g. a sentence for the missing
    concepts), so it can only add to what the output has. Sentences it repeats are cut first
    (checks.trim_loop), and an unfinished last one where the call hit its cap or ended in a loop;
    the call records whether any were (`Call.trimmed`)."""

    separator: str = " "

    def apply(self, previous: str, call: Call) -> str:
        added = checks.trim_loop(call.text, call.finish_reason not in ("length", REPEAT), seen=previous)
        call.trimmed = added != call.text or None
        return f"{previous}{self.separator}{added}" if added else previous


STRATEGIES = {"rewrite": lambda cfg: Rewrite(), "append": lambda cfg: Append(cfg.append_separator)}
"""Each refine mode's strategy, built from a RefineConfig."""


async def candidates(
    critic: Engine,
    prompts: list[list[int]],
    cfg: RefineConfig,
    rnd: int,
    strategy: Rewrite | Append,
    previous: str,
    which: Sequence[int],
) -> tuple[list[Completion], list[Call], list[str]]:
    """Candidate rewrites number `which` (of `cfg.candidates`) at once (vLLM batches them on their
    shared prefixes), taking the `prompts` in turn: their completions, their `candidate` calls and
    the outputs they make of `previous`, an announcing first line cut (checks.strip_preamble).
    Candidate i < len(prompts) has the loop's own sampling, the rest `cfg.candidate_temperature`
    with seed + i, so a greedy loop stays reproducible. The loop's prompts: an edit (the request,
    `previous` and the fault turn, no reviews) and a fresh answer told the fault."""
    base, n = cfg.sampling, len(prompts)
    samplings = [
        base if i < n else replace(base, temperature=cfg.candidate_temperature, seed=(base.seed or 0) + i)
        for i in which
    ]
    outs = list(
        await asyncio.gather(
            *(critic.generate(prompts[i % n], s, cfg.answer_schema) for i, s in zip(which, samplings))
        )
    )
    calls = [Call.of(o, "candidate", rnd, critic.name, text=o.text.strip()) for o in outs]
    return outs, calls, [checks.strip_preamble(strategy.apply(previous, c)) for c in calls]


def waves(prompts: int, k: int) -> tuple[range, list[int]]:
    """The candidate numbers of the two waves, out of `k`, on the loop's `prompts` (taken in turn):
    one greedy per prompt, then the sampled ones. With an edit and a fresh prompt (prose), the
    sampled ones are fresh answers only: on every recorded run a sampled edit of prose won 3 rows
    (generic f27, ifeval-1561, 1619) and lost 3 answers (ifeval-374, 2736, generic u35), where
    sampled fresh answers won most rows the sampled wave wins."""
    fresh = prompts - 1
    return range(min(prompts, k)), [i for i in range(prompts, k) if i % prompts == fresh]


def change(previous: str, new: str) -> float:
    """How much of `previous` a rewrite changes: 1 - the similarity of their words, letter case and
    punctuation aside (0: the same words; a text set in lowercase changes nothing of substance)."""
    a, b = re.findall(r"\w+", previous.lower()), re.findall(r"\w+", new.lower())
    return 1.0 - difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


_CUT_ASKED = re.compile(
    r"\b(?:at most|no more than|not more than|fewer than|less than|up to|under|maximum|exactly|between|"
    r"about)\b",
    re.I,
)


def fault_asks_to_cut(fault: str | None, new: str = "") -> bool:
    """The tools' fault names an upper bound (at most, exactly, ...) that the answer is over: a much
    shorter rewrite `new` may be its fix, unless it keeps under checks.CUT_FLOOR of the words or
    characters the bound allows (content dropped, not cut to fit). Any other fault (a comma, a
    missing word, too few paragraphs) is never fixed by dropping the answer."""
    if fault and WHOLE_ANSWER in fault:  # the tools computed what was asked: it alone is the answer
        return True
    if not (fault and _CUT_ASKED.search(fault)):
        return False
    counts = checks.bounds([fault])
    return not counts or all(have > n and not checks.under_floor(new, n, unit) for n, unit, have in counts)


def repaired(answer: str, repairs: tuple, request: str = "") -> str:
    """`answer` with the tools' mechanical fixes applied in turn (a fix that fails is skipped),
    written once first where it loops (repeats.without_repeats) and the request asks for no
    repeats: a draft that says one sentence forty times is over every bound for nothing."""
    if not asks_to_repeat(request):
        answer = without_repeats(answer)
    for fix in repairs:
        try:
            answer = fix(answer)
        except Exception:  # a fixer's bug must not fail the loop: that fix is not made
            continue
    return answer


def ranked(judged: list[tuple[int, float, str | None]]) -> list[int]:
    """Candidates' indices, best first, from their (faults, change, failed check): those the checks
    pass first, then fewer faults, then the least change to the answer (its substance kept)."""
    return sorted(range(len(judged)), key=lambda i: (judged[i][2] is not None, judged[i][0], judged[i][1], i))


Judged = tuple[int, float, "str | None"]
"""A candidate's (faults the tools find, change from the answer, first check it fails or None)."""


FIXABLE = (None, checks.FAULTS, checks.REPETITIVE, checks.PLACEHOLDER, checks.IDENTICAL)
"""A written candidate's verdicts that the tools' fix may change ("[Your Name]" left, a loop); one
refused as a refusal, an echo, review talk or dropped content is not fixed into an answer."""


@dataclass
class Candidates:
    """One round's candidate rewrites as they are written, each judged by `judge(new, call)`."""

    judge: Callable[[str, Call], Awaitable[Judged]]
    fix: Callable[[str], Awaitable[str]] | None = None
    outs: list[Completion | None] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    news: list[str] = field(default_factory=list)
    judged: list[Judged] = field(default_factory=list)

    async def add(self, outs: list, calls: list[Call], news: list[str]) -> None:
        """Judge written candidates, each followed by its own tools' fix where `fix` changes it (a
        rewrite that cured the fault asked about and left "[Your Name]" or a loop is fixed too)."""
        for out, call, new in zip(outs, calls, news):
            self.outs, self.calls, self.news = [*self.outs, out], [*self.calls, call], [*self.news, new]
            self.judged.append(await self.judge(new, call))
            fixable = self.fix and out is not None and self.judged[-1][2] in FIXABLE
            fixed = await self.fix(new) if fixable else new
            if fixed not in self.news:
                await self.add([None], [Call.repair(fixed, call.round)], [fixed])

    @property
    def settled(self) -> bool:
        """One passes every check with no fault left: later waves are not written."""
        return any(bad is None and n == 0 for n, _, bad in self.judged)

    def best(self) -> int:
        """The index of the one kept (`ranked`); its call becomes the round's `refine`, the others'
        calls record the check that refused them."""
        i, *rest = ranked(self.judged)
        for j in rest:
            self.calls[j].rejected = self.judged[j][2]
        self.calls[i].stage = "refine"
        return i


async def tools_fixed(observe: Callable[[str], Awaitable], text: str, request: str) -> str:
    """`text` with the tools' mechanical fixes for what they observe in it (`repaired`); a
    non-answer (checks.is_non_answer) as it is."""
    if checks.is_non_answer(text, request):
        return text
    return repaired(text, (await observe(text)).repairs, request)
