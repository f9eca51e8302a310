"""Plain data types shared by the engine, the loop and their callers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from selfrefine.engine.errors import InvalidParameter


@dataclass(frozen=True)
class Sampling:
    """Sampling settings for one call."""

    temperature: float = 0.7
    top_p: float = 1.0
    max_tokens: int = 512
    seed: int | None = None
    stop: tuple[str, ...] = ()
    ignore_eos: bool = False
    """Generate exactly max_tokens (fixed-length benchmarks)."""
    stop_repeats: bool = False
    """End the call once it writes a sentence or line of 5 words or more a third time (finish
    reason "repeat"): a rewrite caught in a loop (engine.backends.repeats)."""

    def __post_init__(self) -> None:
        if not 0.0 <= self.temperature <= 2.0:
            raise InvalidParameter("temperature", "must be in [0, 2]")
        if not 0.0 < self.top_p <= 1.0:
            raise InvalidParameter("top_p", "must be in (0, 1]")
        if self.max_tokens < 1:
            raise InvalidParameter("max_tokens", "must be >= 1")


@dataclass(frozen=True)
class Observation:
    """What running an output gave, for execution feedback.

    `text` fills `{observation}` in the review turn. `fault`, when set, is a problem the run
    itself proves (an exception, no number where one is due): the rewrite is always told it
    and no stop rule ends the loop while it stands, whatever the critic's review says."""

    text: str
    fault: str | None = None
    faults: int = 0
    """How many facts show a fault (the generic observers count them; 0 leaves it to `fault`)."""
    repairs: tuple = ()
    """Mechanical fixes of its faults (functions of the answer), tried before any rewrite."""
    examples: tuple[int, int] = (0, 0)
    """(passed, run): the request's own examples the tools ran on the answer's code."""
    probe: Callable[[], str | None] | None = field(default=None, repr=False, compare=False)
    """Where the code passes every example: the check of whether it is fitted to one, run only when
    `fitted` is asked (a sandbox run that only a rewrite's judgement needs)."""

    @property
    def fitted(self) -> str | None:
        """Why the code looks fitted to one example (it returns the example's answer for every
        nearby input; engine.observe.probes), else None."""
        return self.probe() if self.probe is not None else None

    @property
    def decided(self) -> bool:
        """The request's examples ran on the answer's code: their result decides the answer."""
        return self.examples[1] > 0

    @property
    def verified(self) -> bool:
        """The request's examples ran and every one passed, with no fault."""
        passed, run = self.examples
        return self.decided and passed == run and not self.fault_count

    @property
    def fault_count(self) -> int:
        """The faults this observation shows: `faults`, or 1 for a fault it does not count."""
        return self.faults or (1 if self.fault else 0)


@dataclass(frozen=True)
class TopLogprob:
    """One candidate token at a position: its id, its text and its log-probability."""

    token_id: int
    token: str
    logprob: float


@dataclass(frozen=True)
class TokenLogprob:
    """The log-probability of one generated token, and the most likely tokens at its position
    (`top`, most likely first; empty when none were asked for)."""

    token_id: int
    token: str
    logprob: float
    top: tuple[TopLogprob, ...] = ()


@dataclass
class Completion:
    """What one engine call produced and what it cost."""

    text: str
    token_ids: list[int]
    prompt_tokens: int
    cached_tokens: int
    completion_tokens: int
    seconds: float
    finish_reason: str = "stop"
    logprobs: list[TokenLogprob] | None = None
    """One entry per generated token, when the call asked for logprobs (None otherwise)."""


class Tokenizer(Protocol):
    eos_token_id: int | None
    all_special_ids: list[int]
    added_tokens_decoder: dict
    """Added tokens by id; each says whether it is `special`."""

    def encode(self, text: str, add_special_tokens: bool = ...) -> list[int]: ...

    def apply_chat_template(self, conversation, **kwargs): ...


class Engine(Protocol):
    """What the loop, the server and the CLI use of an engine. Both backends get it from
    `engine.backends.backend.Backend` (`VLLMEngine`, `HFEngine`); tests script it (tests.fakes)."""

    name: str
    backend: str
    """vllm or transformers (as `--backend` spells it)."""
    tokenizer: Tokenizer
    max_model_len: int
    counters: dict[str, int]
    """Requests, aborted requests and tokens since start (engine.backends.backend.COUNTERS)."""

    @property
    def dead(self) -> bool:
        """True once a started engine can no longer serve."""

    @property
    def kv_capacity_tokens(self) -> int | None:
        """Tokens the KV cache holds (None: unknown, or no shared cache)."""

    def vllm_metrics(self) -> list:
        """vLLM's own Prometheus metric families (empty without vLLM)."""

    def start(self) -> Engine: ...

    def shutdown(self) -> None: ...

    async def reset_prefix_cache(self) -> None:
        """Empty the prefix cache (a no-op where there is none)."""

    async def generate(
        self,
        prompt_ids: list[int],
        sampling: Sampling,
        json_schema: dict | None = None,
        on_text: Callable[[str], None] | None = None,
        logprobs: int | None = None,
        on_tokens: Callable[[list[TokenLogprob]], None] | None = None,
    ) -> Completion: ...


@dataclass
class Call:
    """One engine call inside a loop, as recorded in the trace."""

    stage: str  # draft | requirements | feedback | tools (decided by the tools: no call) | refine | candidate
    round: int
    model: str
    text: str
    prompt_tokens: int
    cached_tokens: int
    completion_tokens: int
    seconds: float
    finish_reason: str
    feedback: dict | None = None  # parsed feedback for stage == feedback
    feedback_error: str | None = None  # why a free-text feedback gave no scores
    flag_disagrees: bool | None = None  # feedback: the stop flag contradicted the scores
    rejected: str | None = None  # refine: the check it failed (the loop kept the previous output)
    guard: str | None = None  # refine: why the item's acceptance test refused it
    trimmed: bool | None = None  # refine (append mode): the added text was cut where it began to loop
    problems: list[str] | None = None  # feedback: the problems shown to the rewrite
    ungrounded: list | None = None  # feedback: problems whose span is not in the answer (not shown)
    observation: str | None = None  # feedback: the execution result shown in the review turn
    fault: str | None = None  # feedback: what the execution showed to be wrong, whatever the critic said
    overruled: list[str] | None = None  # feedback: problems about a count the tools find met (not shown)

    @classmethod
    def of(cls, out: Completion, stage: str, round: int, model: str, text: str | None = None) -> Call:
        """The trace record of one engine completion (`text` defaults to the completion's own)."""
        return cls(
            stage=stage,
            round=round,
            model=model,
            text=out.text if text is None else text,
            prompt_tokens=out.prompt_tokens,
            cached_tokens=out.cached_tokens,
            completion_tokens=out.completion_tokens,
            seconds=out.seconds,
            finish_reason=out.finish_reason,
        )

    @classmethod
    def repair(cls, text: str, round: int) -> Call:
        """The trace record of a rewrite the tools made themselves (no engine call, no tokens)."""
        return cls("candidate", round, "tools", text, 0, 0, 0, 0.0, "repair")

    @classmethod
    def tools_review(cls, round: int) -> Call:
        """The trace record of a round the tools decided without a review (their fault or their
        run of the request's examples; `RefineConfig.tools_decide`): no engine call, no tokens."""
        return cls("tools", round, "tools", "", 0, 0, 0, 0.0, "tools")

    def brief(self) -> dict:
        """What a streamed loop event says of this call: its stage, model, tokens and seconds."""
        keys = ("stage", "round", "model", "prompt_tokens", "cached_tokens", "completion_tokens")
        return {
            **{k: getattr(self, k) for k in keys},
            "seconds": round(self.seconds, 3),
            "finish_reason": self.finish_reason,
            "rejected": self.rejected,
        }


@dataclass
class LoopResult:
    """The outcome of one Self-Refine loop."""

    input: str
    answer: str
    selected_round: int
    stop_reason: str  # one of engine.core.stopping.STOP_REASONS
    rounds: int  # accepted refine steps (a rejected rewrite is in the trace, not in outputs)
    outputs: list[str] = field(default_factory=list)
    scores: list[int | None] = field(default_factory=list)  # total feedback score per output
    trace: list[Call] = field(default_factory=list)
    seconds: float = 0.0
    id: str | None = None
    error: None = None
    checks: dict[str, int] = field(default_factory=dict)
    """How often each rewrite check (engine.core.checks), the guard, the pairwise verification and a
    stop flag contradicting the scores fired in this loop, how many reviews showed an observation
    (`observed`) and how many a fault (`fault`)."""

    def usage(self) -> dict[str, int]:
        keys = ("prompt_tokens", "cached_tokens", "completion_tokens")
        return {k: sum(getattr(c, k) for c in self.trace) for k in keys}


@dataclass
class LoopError:
    """An item that could not be refined: kept in place so batches never drop items."""

    input: str
    error: str
    error_type: str
    id: str | None = None
    seconds: float = 0.0
