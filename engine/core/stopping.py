"""When a Self-Refine loop stops: every stop rule in one ordered table (`StopPolicy`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from selfrefine.engine.core.checks import IDENTICAL
from selfrefine.engine.core.review import Review

if TYPE_CHECKING:
    from selfrefine.engine.core.config import RefineConfig

FAULT = "fault"
"""Count key: reviews of an output whose run showed a fault (an `Observation.fault`)."""
UNMET = "unmet"
"""Count key (requirements form only): requirements the reviews found unmet, summed over reviews."""

STOP_REASONS = (
    "examples_pass",
    "no_fault",
    "top_scores",
    "no_problems",
    "stop_flag",
    "stop_phrase",
    "threshold",
    "rejected",
    "no_progress",
    "max_rounds",
    "context_full",
)
"""Why a loop ended. top_scores: every aspect at the top of the scale; no_problems: the review
listed nothing to fix; stop_flag: the critic's flag, agreeing with its scores; rejected: a
rewrite failed a check (engine.core.checks) or the pairwise verification; no_progress: a rewrite
repeated an earlier output; examples_pass: the request's own examples ran and all passed
(RefineConfig.examples_decide), no critic review asked; no_fault: the tools observed the output
and found no fault, no critic review asked (RefineConfig.review_clean off). The rest as named."""

DONE, VETO, CAP = "done", "veto", "cap"
"""Kinds of rule. done: the review says the output is finished; veto: while it fires, no later
done rule may stop the loop; cap: a budget, which stops the loop whatever the review says."""


@dataclass(frozen=True)
class StopRule:
    """One stop rule: `fires(review, earlier)` on a round's review and the loop's earlier reviews
    (oldest first), then the loop ends as `reason` (see the kinds)."""

    reason: str
    fires: Callable[[Review, tuple[Review, ...]], bool]
    kind: str = DONE


def _flag_agrees(r: Review, earlier: tuple[Review, ...] = ()) -> bool:
    return r.feedback.flag and r.feedback.agrees


@dataclass(frozen=True)
class StopPolicy:
    """The stop rules, tried in order after each review: the first that fires ends the loop."""

    rules: tuple[StopRule, ...]
    rounds: int
    review_final: bool = False
    """Review the last rewrite too (selection=best scores every output); otherwise its review
    could change nothing and the loop ends with the rewrite."""

    @classmethod
    def of(cls, cfg: RefineConfig) -> StopPolicy:
        """The policy a RefineConfig asks for; the table's order is the order the rules are tried."""
        grammar, threshold = cfg.feedback == "grammar", cfg.threshold
        table = (
            (True, StopRule(FAULT, lambda r, _: bool(r.fault), VETO)),  # the run proved a problem
            # A requirement the checklist marks unmet outweighs the critic's blind top scores or flag.
            (cfg.spec.form == "requirements", StopRule(UNMET, lambda r, _: bool(r.feedback.unmet), VETO)),
            (cfg.examples_decide, StopRule("examples_pass", lambda r, _: r.verified)),
            (not cfg.review_clean, StopRule("no_fault", lambda r, _: r.unreviewed and not r.fault)),
            (cfg.stop_on_top, StopRule("top_scores", lambda r, _: r.feedback.top)),
            (
                grammar and cfg.stop_on_no_problems,
                StopRule("no_problems", lambda r, _: r.feedback.data is not None and not r.feedback.points),
            ),
            (grammar and cfg.stop_flag, StopRule("stop_flag", _flag_agrees)),
            (not grammar, StopRule("stop_phrase", _flag_agrees)),
            (
                threshold is not None,
                StopRule(
                    "threshold", lambda r, _: r.feedback.total is not None and r.feedback.total >= threshold
                ),
            ),
            (True, StopRule("max_rounds", lambda r, _: r.round >= cfg.rounds, CAP)),
        )
        return cls(tuple(rule for on, rule in table if on), cfg.rounds, cfg.selection == "best")

    def review_rounds(self) -> range:
        """The rounds that get a review."""
        return range(self.rounds + 1 if self.review_final else self.rounds)

    out_of_rounds = "max_rounds"
    """The reason when every round was run and no rule fired."""
    context_full = "context_full"
    """The reason when the history no longer leaves room for a call."""

    def decide(self, review: Review, earlier: tuple[Review, ...] = ()) -> StopRule | None:
        """The rule that ends the loop after this review (`earlier`: the loop's earlier reviews,
        oldest first), or None to rewrite."""
        vetoed = False
        for rule in self.rules:
            if vetoed and rule.kind == DONE:
                continue
            if rule.fires(review, earlier):
                if rule.kind != VETO:
                    return rule
                vetoed = True
        return None

    def stop_reason(self, review: Review, earlier: tuple[Review, ...] = ()) -> str | None:
        """The stop reason the review itself gives (a round cap is not the review's), or None."""
        rule = self.decide(review, earlier)
        return rule.reason if rule is not None and rule.kind == DONE else None

    def refused(self, check: str) -> str:
        """The reason when a rewrite is refused by `check`: a copy is no progress."""
        return "no_progress" if check == IDENTICAL else "rejected"
