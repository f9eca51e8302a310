"""The Self-Refine loop (Madaan et al. 2023, Algorithm 1 with eq. 4), and many loops at once.

One conversation per loop holds the task, every output and every feedback in order, so the
refine prompt carries the whole history (eq. 4) and each call's prompt extends the previous
call's prompt token for token (prefix cache). Many loops are plain coroutines on one engine:
vLLM's scheduler does the batching.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.errors import InvalidParameter, PromptTooLong, SelfRefineError
from engine.history import ChatFormat, Conversation
from engine.prompts import DEFAULT_STOP_PHRASE, Prompts
from engine.types import Call, Engine, LoopError, LoopResult, Sampling
from grammars.feedback import FeedbackSpec, matches_stop_phrase, parse_free_text

FEEDBACK_MODES = ("grammar", "text")
SELECTIONS = ("last", "best")
MIN_ROOM = 16  # fewer free context tokens than this and a refine call is not worth making


@dataclass(frozen=True)
class RefineConfig:
    """How one loop runs: round cap, feedback form, stop rules, selection, sampling."""

    max_rounds: int = 4
    """Refine steps after the draft (the paper's cap is 4)."""
    feedback_mode: str = "grammar"
    """grammar: JSON feedback forced by the schema; text: free text with a stop phrase."""
    spec: FeedbackSpec = field(default_factory=FeedbackSpec)
    use_stop_flag: bool = True
    """grammar mode: stop when the critic sets `stop: true`."""
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

    def __post_init__(self) -> None:
        if not 0 <= self.max_rounds <= 16:
            raise InvalidParameter("max_rounds", "must be in [0, 16]")
        if self.feedback_mode not in FEEDBACK_MODES:
            raise InvalidParameter("feedback_mode", f"must be one of {', '.join(FEEDBACK_MODES)}")
        if self.selection not in SELECTIONS:
            raise InvalidParameter("selection", f"must be one of {', '.join(SELECTIONS)}")
        if self.threshold is not None and not 0 < self.threshold <= self.spec.max_total:
            raise InvalidParameter("threshold", f"must be in [1, {self.spec.max_total}] for these aspects")
        if self.feedback_mode == "text" and not self.stop_phrase.strip():
            raise InvalidParameter("stop_phrase", "must not be empty in text feedback mode")

    def feedback_sampling(self) -> Sampling:
        return Sampling(temperature=self.feedback_temperature, top_p=self.sampling.top_p,
                        max_tokens=self.spec.token_budget(), seed=self.sampling.seed)


@dataclass
class Item:
    """One loop's input. `initial` is a given y0 (no draft call), as in code readability.

    `messages` (OpenAI-style chat, last one from the user) replaces the single user turn
    built from `input`; `input` is then only recorded in the result.
    """

    input: str
    id: str | None = None
    initial: str | None = None
    messages: list[dict] | None = None


Event = dict
"""A loop event for streaming: {"type": draft|feedback|refine_started|refine, "round": t, ...}."""


_formats: dict[tuple[int, str | None], ChatFormat] = {}


def _chat_format(engine: Engine, system: str | None) -> ChatFormat:
    key = (id(engine.tokenizer), system)
    if key not in _formats:
        _formats[key] = ChatFormat.from_tokenizer(engine.tokenizer, system)
    return _formats[key]


class _ContextFull(Exception):
    pass


async def _call(engine: Engine, conv: Conversation, stage: str, rnd: int, sampling: Sampling,
                schema: dict | None, need: int) -> Call:
    prompt = conv.prompt()
    if len(prompt) + need > engine.max_model_len:
        if stage == "draft":
            raise PromptTooLong(len(prompt) + need, engine.max_model_len, "draft prompt (+ min output)")
        raise _ContextFull()
    out = await engine.generate(prompt, sampling, schema)
    conv.add_assistant_ids(out.token_ids)
    return Call.of(out, stage, rnd, engine.name, text=out.text.strip())


def _read_feedback(call: Call, cfg: RefineConfig) -> tuple[int | None, str | None]:
    """Fill call.feedback; return (total score or None, stop reason or None)."""
    spec = cfg.spec
    if cfg.feedback_mode == "grammar":
        try:
            fb = spec.parse_json(call.text)
        except ValueError as exc:
            call.feedback_error = str(exc)
            return None, None
        call.feedback = fb
        total = sum(fb["scores"].values())
        if cfg.use_stop_flag and fb["stop"]:
            return total, "stop_flag"
    else:
        scores, err = parse_free_text(call.text, spec)
        stop = matches_stop_phrase(call.text, cfg.stop_phrase)
        call.feedback = {"feedback": call.text, "scores": scores, "stop": stop}
        call.feedback_error = None if (scores or stop) else err
        total = sum(scores.values()) if scores else None
        if stop:
            return total, "stop_phrase"
    if cfg.threshold is not None and total is not None and total >= cfg.threshold:
        return total, "threshold"
    return total, None


def select(outputs: Sequence[str], scores: Sequence[int | None], cfg: RefineConfig) -> int:
    """Index of the output to return: the last, or the best-scored (ties go to the later)."""
    last = len(outputs) - 1
    if cfg.selection == "last":
        return last
    first = 1 if cfg.exclude_draft and len(outputs) > 1 else 0
    scored = [(s, i) for i, s in enumerate(scores) if i >= first and s is not None]
    return max(scored)[1] if scored else last


def start_conversation(engine: Engine, item: Item, cfg: RefineConfig) -> Conversation:
    """The loop's conversation: system turn (caller's text + the guide), then the request."""
    p, mode = cfg.prompts, cfg.feedback_mode
    fmt = _chat_format(engine, p.system_text(cfg.spec, mode, cfg.stop_phrase))
    if item.messages:
        msgs = p.messages_with_guide(item.messages, cfg.spec, mode, cfg.stop_phrase)
        return Conversation.from_messages(engine.tokenizer, fmt, msgs)
    return Conversation(engine.tokenizer, fmt, p.render("draft", cfg.spec, input=item.input))


async def refine(engine: Engine, item: Item, cfg: RefineConfig, critic: Engine | None = None,
                 on_event: Callable[[Event], None] | None = None) -> LoopResult:
    """Run one Self-Refine loop: draft, then feedback and refine until a stop rule fires.

    `critic`, when given, writes the feedback and the refinements (the draft comes from
    `engine`), as in the paper's Vicuna-draft / ChatGPT-refine experiment. `on_event` is
    called after each step (for streaming round events).
    """
    t0 = time.perf_counter()
    critic = critic or engine
    p, spec = cfg.prompts, cfg.spec
    emit = on_event or (lambda event: None)
    if not item.input.strip() and not item.messages:
        raise InvalidParameter("input", "is empty")
    trace: list[Call] = []
    conv = start_conversation(engine, item, cfg)
    if item.initial is not None:
        y = item.initial
        conv.add_assistant_text(y)
    else:
        call = await _call(engine, conv, "draft", 0, cfg.sampling, cfg.answer_schema, MIN_ROOM)
        trace.append(call)
        y = call.text
        emit({"type": "draft", "round": 0, "text": y, "model": call.model})
    if critic is not engine:
        conv = start_conversation(critic, item, cfg)
        conv.add_assistant_text(y)
    outputs, scores = [y], [None]
    fb_mode = "feedback_grammar" if cfg.feedback_mode == "grammar" else "feedback_text"
    schema = spec.json_schema() if cfg.feedback_mode == "grammar" else None
    reason = "max_rounds"
    try:
        for t in range(cfg.max_rounds + 1):
            if t == cfg.max_rounds and cfg.selection == "last":
                break  # the final output's feedback could change nothing
            conv.add_user(p.render(fb_mode, spec, input=item.input, round=t, stop_phrase=cfg.stop_phrase))
            fb = await _call(critic, conv, "feedback", t, cfg.feedback_sampling(), schema,
                             spec.token_budget() if schema else MIN_ROOM)
            trace.append(fb)
            scores[t], stop = _read_feedback(fb, cfg)
            emit({"type": "feedback", "round": t, "feedback": fb.feedback, "total": scores[t],
                  "error": fb.feedback_error, "stop_reason": stop})
            if stop:
                reason = stop
                break
            if t == cfg.max_rounds:
                break
            conv.add_user(p.render("refine", spec, input=item.input, round=t + 1))
            emit({"type": "refine_started", "round": t + 1})
            out = await _call(critic, conv, "refine", t + 1, cfg.sampling, cfg.answer_schema, MIN_ROOM)
            trace.append(out)
            emit({"type": "refine", "round": t + 1, "text": out.text})
            outputs.append(out.text)
            scores.append(None)
    except _ContextFull:
        reason = "context_full"
    k = select(outputs, scores, cfg)
    return LoopResult(input=item.input, id=item.id, answer=outputs[k], selected_round=k,
                      stop_reason=reason, rounds=len(outputs) - 1, outputs=outputs, scores=scores,
                      trace=trace, seconds=time.perf_counter() - t0)


async def refine_many(engine: Engine, items: Sequence[Item], cfg: RefineConfig, *,
                      concurrency: int = 64, critic: Engine | None = None,
                      on_done: Callable[[int, LoopResult | LoopError], None] | None = None,
                      ) -> list[LoopResult | LoopError]:
    """Run one loop per item concurrently on one engine, at most `concurrency` at a time.

    Always returns exactly len(items) records in input order; a failed loop yields a
    LoopError in its place instead of failing the batch.
    """
    if concurrency < 1:
        raise InvalidParameter("concurrency", "must be >= 1")
    gate = asyncio.Semaphore(concurrency)

    async def one(i: int, item: Item) -> LoopResult | LoopError:
        async with gate:
            t0 = time.perf_counter()
            try:
                res: LoopResult | LoopError = await refine(engine, item, cfg, critic)
            except SelfRefineError as exc:
                res = LoopError(input=item.input, id=item.id, error=str(exc), error_type=exc.code,
                                seconds=time.perf_counter() - t0)
            except Exception as exc:  # never drop an item: record what broke
                res = LoopError(input=item.input, id=item.id, error=f"{type(exc).__name__}: {exc}",
                                error_type="internal_error", seconds=time.perf_counter() - t0)
        if on_done is not None:
            on_done(i, res)
        return res

    return list(await asyncio.gather(*(one(i, it) for i, it in enumerate(items))))
