"""How one Self-Refine loop runs (`RefineConfig`), and the values its options take."""

from __future__ import annotations

from dataclasses import dataclass, field

from selfrefine.engine.core.checks import GUARD, RETRYABLE
from selfrefine.engine.core.prompts import DEFAULT_STOP_PHRASE, Prompts
from selfrefine.engine.errors import InvalidParameter
from selfrefine.engine.types import Observation, Sampling
from selfrefine.grammars.feedback import FeedbackSpec

FEEDBACK_MODES = ("grammar", "text")
SELECTIONS = ("last", "best")
VERIFY_MODES = ("off", "pairwise")
REFINE_MODES = ("rewrite", "append")
"""rewrite and append: engine.core.rewriting.STRATEGIES has one strategy for each."""
STATED_CHECKS = ("off", "catalog", "catalog+predicate")


@dataclass(frozen=True)
class RefineConfig:
    """How one loop runs: round cap, feedback form, stop rules, selection, sampling."""

    rounds: int = 4
    """Refine steps after the draft (the paper's cap is 4)."""
    feedback: str = "grammar"
    """grammar: JSON feedback forced by the schema; text: free text with a stop phrase."""
    spec: FeedbackSpec = field(default_factory=FeedbackSpec)
    stop_flag: bool = True
    """grammar mode: stop when the critic sets `stop: true` and its scores agree (see stop_flag_min)."""
    stop_flag_min: int | None = None
    """The stop flag counts only when no aspect scores below this (default: one under the top)."""
    stop_on_top: bool = True
    """Stop when every aspect is at the top of the scale, whatever the flag says."""
    stop_on_no_problems: bool = True
    """grammar mode: stop when the review lists no problem, whatever the flag says."""
    reject: bool = True
    """End the loop with the previous output when a rewrite fails a check of engine.core.checks."""
    substance: bool = True
    """With `reject`: also refuse a rewrite that declines, restates or talks about the
    request, fills in placeholders or adds specifics found in neither the request nor the answer
    it rewrites (engine.core.substance). The paper's tasks turn it off: their rewrites compute numbers."""
    stop_repeats: bool = True
    """With `reject`: a rewrite call ends once it writes a sentence or line of 5+ words a third
    time (a small model caught in a loop until the token cap) and is refused as `repetitive`;
    not for a request that asks for something to be repeated (engine.backends.repeats)."""
    verify: str = "off"
    """pairwise: keep a rewrite only if the critic prefers it to the previous output in both orders."""
    refine_mode: str = "rewrite"
    """rewrite: each refine call writes the whole new output; append: it writes text that is
    added to the previous output (e.g. a sentence for the missing concepts), which can only
    add to what the output already has."""
    append_separator: str = " "
    retries: int = 0
    """When a check in `retry_on` refuses a rewrite, tell the model why (e.g. what the program
    printed instead of the original's output, or that it copied its previous answer) and ask
    once more, up to this many times per loop, before ending with the previous output: the
    Self-Debug step. Each retry is one more refine call, appended to the same history."""
    retry_on: tuple[str, ...] = (GUARD,)
    """The refusals that get a retry: `guard`, `identical`."""
    candidates: int = 4
    """Tool-checked rewriting, for items whose tools observe the answer (`Item.observe`). After a
    fault: the tools' own fix where they have one, then up to this many rewrites (two greedy, an
    edit and a fresh answer, then the rest at `candidate_temperature`, for prose fresh answers
    only: engine.core.rewriting.waves), each wave written only
    while none passes every check with no fault left. The one kept passes the checks with the
    fewest faults and, among those, changes the answer least; a rewrite with more faults than the
    answer, or after a fault not fewer, is refused (`faults`). 1: one rewrite, the tools only
    inform it. docs/transfer.md has the measured choice of 4 over 8."""
    code_candidates: int = 6
    """`candidates` for a round the request's own examples decide (`examples_decide`): code that
    failed them is rewritten as up to this many fresh answers, greedy first, while none passes. On
    the generic dev split's 44 function rows of test6 and test7, 6 lifted the 0.5B's pass@1 by 6.8
    points as 8 did (4: 2.3) at 2.6-2.8x the plain answer's tokens (8: 3.3-3.7x; docs/transfer.md)."""
    examples_decide: bool = True
    """Where the tools ran the request's own examples on the answer's code, the run decides the
    round without the critic's review: all pass stops the loop (`examples_pass`); a failure is
    rewritten as fresh answers told the failure (greedy, then sampled), the edit of the failing
    code left out (on MBPP dev it copied that code in 37 of 42 rewrites and never passed)."""
    review_faults: bool = False
    """Ask the critic's review of an output the tools found a fault in. Off (selection=last, with
    `candidates` > 1): the fault alone drives the round, as the run's failure does under
    `examples_decide`: a fault vetoes every stop rule, so such a review could only add its points to
    the edit candidate's prompt (on IFEval a fifth of the critic pairing's tokens)."""
    review_clean: bool = False
    """Ask the critic's review of an output the tools observed (facts shown) and found no fault in.
    Off (selection=last, with `candidates` > 1): such an output is final (`no_fault`). Over every
    recorded run, the rewrites such reviews asked for and the loop kept made 5 answers worse by the
    checkers and 1 better, and lost content in others (docs/transfer.md)."""
    candidate_temperature: float = 0.8
    """Sampling temperature of the candidate rewrites after the first."""
    stop_phrase: str = DEFAULT_STOP_PHRASE
    """text mode: stop when the feedback (or its first line) is exactly this phrase."""
    threshold: int | None = None
    """Stop when the total feedback score reaches this value."""
    selection: str = "last"
    """last: the final output; best: the highest total feedback score across rounds."""
    exclude_draft: bool = False
    """With selection=best, never pick the first draft (the paper's dialogue variant)."""
    sampling: Sampling = field(default_factory=Sampling)
    """Sampling for draft and refine calls."""
    feedback_temperature: float = 0.0
    prompts: Prompts = field(default_factory=Prompts)
    answer_schema: dict | None = None
    """JSON schema that constrains every output (draft and rewrites), e.g. from response_format."""
    stated_checks: str = "off"
    """catalog: once, after the draft, the critic states the request's checkable constraints as
    typed checks of a catalog, each checked by code on every answer beside the item's observers
    (a failed one is a fault); catalog+predicate: also one constraint outside the catalog as a
    Python expression, a fault only where two written independently agree (engine.core.stated)."""

    def __post_init__(self) -> None:
        if not 0 <= self.rounds <= 16:
            raise InvalidParameter("rounds", "must be in [0, 16]")
        if not 1 <= self.candidates <= 8:
            raise InvalidParameter("candidates", "must be in [1, 8]")
        if not 1 <= self.code_candidates <= 8:
            raise InvalidParameter("code_candidates", "must be in [1, 8]")
        if not 0.0 <= self.candidate_temperature <= 2.0:
            raise InvalidParameter("candidate_temperature", "must be in [0, 2]")
        if not 0 <= self.retries <= 4:
            raise InvalidParameter("retries", "must be in [0, 4]")
        if not set(self.retry_on) <= set(RETRYABLE):
            raise InvalidParameter("retry_on", f"must be among {', '.join(RETRYABLE)}")
        if self.feedback not in FEEDBACK_MODES:
            raise InvalidParameter("feedback", f"must be one of {', '.join(FEEDBACK_MODES)}")
        if self.selection not in SELECTIONS:
            raise InvalidParameter("selection", f"must be one of {', '.join(SELECTIONS)}")
        if self.threshold is not None and not 0 < self.threshold <= self.spec.max_total:
            raise InvalidParameter("threshold", f"must be in [1, {self.spec.max_total}] for these aspects")
        if self.feedback == "text" and not self.stop_phrase.strip():
            raise InvalidParameter("stop_phrase", "must not be empty in text feedback mode")
        lo, hi = self.spec.scale
        if self.stop_flag_min is not None and not lo <= self.stop_flag_min <= hi:
            raise InvalidParameter("stop_flag_min", f"must be in [{lo}, {hi}] for this scale")
        if self.verify not in VERIFY_MODES:
            raise InvalidParameter("verify", f"must be one of {', '.join(VERIFY_MODES)}")
        if self.stated_checks not in STATED_CHECKS:
            raise InvalidParameter("stated_checks", f"must be one of {', '.join(STATED_CHECKS)}")
        if self.refine_mode not in REFINE_MODES:
            raise InvalidParameter("refine_mode", f"must be one of {', '.join(REFINE_MODES)}")

    def tools_decide(self, seen: Observation) -> bool:
        """No critic review of an output the tools observed as `seen`: its examples ran and
        decide (`examples_decide`), or they found a fault (`review_faults` off) or, showing facts,
        none (`review_clean` off)."""
        if self.examples_decide and seen.decided:
            return True
        if self.candidates == 1 or self.selection != "last":
            return False
        return not self.review_faults if seen.fault else bool(seen.text) and not self.review_clean

    @property
    def flag_min(self) -> int:
        """The lowest aspect score at which the critic's stop flag still counts."""
        lo, hi = self.spec.scale
        return self.stop_flag_min if self.stop_flag_min is not None else max(lo, hi - 1)

    def feedback_sampling(self, choices: tuple[str, ...] = ()) -> Sampling:
        return Sampling(
            temperature=self.feedback_temperature,
            top_p=self.sampling.top_p,
            max_tokens=self.spec.token_budget(choices),
            seed=self.sampling.seed,
        )
