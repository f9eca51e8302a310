"""The Self-Refine loop (Madaan et al. 2023, Algorithm 1 with eq. 4), and many loops at once.

One conversation per loop holds the task, every output and every feedback in order, so the
refine prompt carries the whole history (eq. 4) and each call's prompt extends the previous
call's prompt token for token (prefix cache). Many loops are plain coroutines on one engine:
vLLM's scheduler does the batching.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from selfrefine.engine import checks, scheduling
from selfrefine.engine.errors import InvalidParameter, PromptTooLong, SelfRefineError
from selfrefine.engine.history import ChatFormat, Conversation, chat_format
from selfrefine.engine.prompts import DEFAULT_STOP_PHRASE, Prompts
from selfrefine.engine.types import Call, Engine, LoopError, LoopResult, Observation, Sampling
from selfrefine.grammars.feedback import FeedbackSpec, matches_stop_phrase, parse_free_text, verdict_schema

FEEDBACK_MODES = ("grammar", "text")
SELECTIONS = ("last", "best")
VERIFY_MODES = ("off", "pairwise")
REFINE_MODES = ("rewrite", "append")
STOP_REASONS = ("top_scores", "no_problems", "stop_flag", "stop_phrase", "threshold", "rejected",
                "no_progress", "max_rounds", "context_full")
"""Why a loop ended. top_scores: every aspect at the top of the scale; no_problems: the review
listed nothing to fix; stop_flag: the critic's flag, agreeing with its scores; rejected: a
rewrite failed a check (engine.checks) or the pairwise verification; no_progress: a rewrite
repeated an earlier output. The rest as named."""
FLAG_DISAGREED = "flag_disagreed"
"""Count key: a review whose stop flag contradicted its scores (stop with a low score, or go on
with every score at the top)."""
GUARD = "guard"
"""Count key: a rewrite that the item's own acceptance test (Item.guard) refused."""
UNGROUNDED = "ungrounded"
"""Count key: problems whose span is not in the answer (recorded, not shown to the rewrite)."""
FAULT = "fault"
"""Count key: reviews of an output whose run showed a fault (an `Observation.fault`)."""
PAIRWISE = "pairwise"
"""Count key: a rewrite that did not win both orders of the pairwise verification."""
RETRY_REASONS = {checks.IDENTICAL: "it is word for word your previous answer, so it fixes nothing; "
                                   "change what the problems named"}
RETRYABLE = (GUARD, checks.IDENTICAL)
"""Refusals a loop may answer with a retry (`RefineConfig.retry_on`)."""
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
    """grammar mode: stop when the critic sets `stop: true` and its scores agree (see stop_flag_min)."""
    stop_flag_min: int | None = None
    """The stop flag counts only when no aspect scores below this (default: one under the top)."""
    stop_on_top: bool = True
    """Stop when every aspect is at the top of the scale, whatever the flag says."""
    stop_on_no_problems: bool = True
    """grammar mode: stop when the review lists no problem, whatever the flag says."""
    reject_bad_rewrites: bool = True
    """End the loop with the previous output when a rewrite fails a check of engine.checks."""
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
        if not 0 <= self.retries <= 4:
            raise InvalidParameter("retries", "must be in [0, 4]")
        if not set(self.retry_on) <= set(RETRYABLE):
            raise InvalidParameter("retry_on", f"must be among {', '.join(RETRYABLE)}")
        if self.feedback_mode not in FEEDBACK_MODES:
            raise InvalidParameter("feedback_mode", f"must be one of {', '.join(FEEDBACK_MODES)}")
        if self.selection not in SELECTIONS:
            raise InvalidParameter("selection", f"must be one of {', '.join(SELECTIONS)}")
        if self.threshold is not None and not 0 < self.threshold <= self.spec.max_total:
            raise InvalidParameter("threshold", f"must be in [1, {self.spec.max_total}] for these aspects")
        if self.feedback_mode == "text" and not self.stop_phrase.strip():
            raise InvalidParameter("stop_phrase", "must not be empty in text feedback mode")
        lo, hi = self.spec.scale
        if self.stop_flag_min is not None and not lo <= self.stop_flag_min <= hi:
            raise InvalidParameter("stop_flag_min", f"must be in [{lo}, {hi}] for this scale")
        if self.verify not in VERIFY_MODES:
            raise InvalidParameter("verify", f"must be one of {', '.join(VERIFY_MODES)}")
        if self.refine_mode not in REFINE_MODES:
            raise InvalidParameter("refine_mode", f"must be one of {', '.join(REFINE_MODES)}")

    @property
    def flag_min(self) -> int:
        """The lowest aspect score at which the critic's stop flag still counts."""
        lo, hi = self.spec.scale
        return self.stop_flag_min if self.stop_flag_min is not None else max(lo, hi - 1)

    def feedback_sampling(self, choices: tuple[str, ...] = ()) -> Sampling:
        return Sampling(temperature=self.feedback_temperature, top_p=self.sampling.top_p,
                        max_tokens=self.spec.token_budget(choices), seed=self.sampling.seed)


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
    vocab: tuple[str, ...] | None = None
    """The item's own vocabulary for a checklist feedback form (e.g. its concepts)."""
    observe: Callable[[str], str | Observation] | None = None
    """Execution feedback: called (in a thread) with each output before its review; the text
    it returns fills `{observation}` in the review turn (e.g. what running the program gave).
    An `Observation` with a `fault` also makes that fault a problem the critic cannot clear."""
    guard: Callable[[str], str | None] | None = None
    """A task's own acceptance test for a rewrite, called in a thread: None to accept, or why
    not (e.g. a program that no longer prints what the original printed). A refused rewrite
    ends the loop as `rejected` with check `guard`."""


Event = dict
"""A loop event for streaming: {"type": draft|feedback|refine_started|refine, "round": t, ...}."""


def _chat_format(engine: Engine, system: str | None) -> ChatFormat:
    return chat_format(engine.tokenizer, system)


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


def _read_feedback(call: Call, cfg: RefineConfig, choices: tuple[str, ...] = (),
                   answer: str = "") -> tuple[int | None, str | None, list[str]]:
    """Fill call.feedback; return (total score or None, stop reason or None, problems).

    The stop rules, in order: every aspect at the top; no problem listed; the stop flag (or
    stop phrase) when no aspect scores below `flag_min`; the total-score threshold. A flag that
    contradicts the scores is recorded on the call (`flag_disagrees`) and otherwise ignored.
    Problems whose span is not in the answer are recorded (`ungrounded`) and not returned.
    """
    spec = cfg.spec
    points: list[str] = []
    if cfg.feedback_mode == "grammar":
        try:
            fb = spec.parse_json(call.text, choices)
        except ValueError as exc:
            call.feedback_error = str(exc)
            return None, None, []
        call.feedback = fb
        scores, flag = fb["scores"], bool(fb["stop"])
        points, ungrounded = spec.problems(fb, answer)
        call.problems, call.ungrounded = points, ungrounded or None
    else:
        scores, err = parse_free_text(call.text, spec)
        flag = matches_stop_phrase(call.text, cfg.stop_phrase)
        call.feedback = {"feedback": call.text, "scores": scores, "stop": flag}
        call.feedback_error = None if (scores or flag) else err
        points = [] if flag else [call.text]
    total = sum(scores.values()) if scores else None
    top = bool(scores) and all(v == spec.scale[1] for v in scores.values())
    agrees = not scores or all(v >= cfg.flag_min for v in scores.values())
    call.flag_disagrees = bool(scores) and ((flag and not agrees) or (not flag and top))
    if cfg.stop_on_top and top:
        return total, "top_scores", points
    if cfg.feedback_mode == "grammar" and cfg.stop_on_no_problems and not points:
        return total, "no_problems", points
    if flag and agrees and (cfg.use_stop_flag or cfg.feedback_mode == "text"):
        return total, "stop_flag" if cfg.feedback_mode == "grammar" else "stop_phrase", points
    if cfg.threshold is not None and total is not None and total >= cfg.threshold:
        return total, "threshold", points
    return total, None, points


def select(outputs: Sequence[str], scores: Sequence[int | None], cfg: RefineConfig) -> int:
    """Index of the output to return: the last, or the best-scored. A tie goes to the earlier
    output: a rewrite must score strictly higher to replace what it rewrote."""
    last = len(outputs) - 1
    if cfg.selection == "last":
        return last
    first = 1 if cfg.exclude_draft and len(outputs) > 1 else 0
    scored = [(s, -i) for i, s in enumerate(scores) if i >= first and s is not None]
    return -max(scored)[1] if scored else last


def start_conversation(engine: Engine, item: Item, cfg: RefineConfig) -> Conversation:
    """The loop's conversation: exactly the prompt of a plain chat completion of the request
    (the caller's messages, or its system text and the draft template), nothing added."""
    p = cfg.prompts
    if item.messages:
        return Conversation.from_messages(engine.tokenizer, _chat_format(engine, None), item.messages)
    fmt = _chat_format(engine, p.system_text())
    return Conversation(engine.tokenizer, fmt, p.render("draft", cfg.spec, input=item.input))


def _check_counts(trace: list[Call]) -> dict[str, int]:
    """How often each rewrite check, the guard and the pairwise verification rejected a rewrite,
    a stop flag contradicted its scores, a problem was ungrounded, and a run showed a fault:
    read off the trace."""
    counts = dict.fromkeys((*checks.REWRITE_CHECKS, GUARD, PAIRWISE, FLAG_DISAGREED, UNGROUNDED, FAULT), 0)
    for c in trace:
        if c.rejected:
            counts[c.rejected] += 1
        counts[FLAG_DISAGREED] += bool(c.flag_disagrees)
        counts[UNGROUNDED] += len(c.ungrounded or ())
        counts[FAULT] += bool(c.fault)
    return counts


def _request_text(item: Item, cfg: RefineConfig) -> str:
    """What the model was asked, as text: the draft turn (a task's template filled in, worked
    example included) or the client's messages."""
    if item.messages:
        return "\n".join(m["content"] for m in item.messages if isinstance(m.get("content"), str))
    return "\n".join(x for x in (cfg.prompts.system, cfg.prompts.render("draft", cfg.spec, input=item.input)) if x)


async def _verify(critic: Engine, item: Item, cfg: RefineConfig, previous: str, rewrite: str,
                  rnd: int) -> tuple[bool, list[Call]]:
    """Ask the critic which of two outputs is better, in both orders; True if the rewrite wins both.

    Each question is a fresh one-turn chat (no history: the critic judges the two texts, not
    its own review), answered through a grammar that admits only "A" or "B"."""
    p = cfg.prompts
    fmt = _chat_format(critic, None)
    sampling = Sampling(temperature=0.0, max_tokens=16, seed=cfg.sampling.seed)
    convs = [Conversation(critic.tokenizer, fmt, p.render_verify(item.input, a, b))
             for a, b in ((previous, rewrite), (rewrite, previous))]
    for conv in convs:
        if len(conv.ids) + 16 > critic.max_model_len:
            raise _ContextFull()
    outs = await asyncio.gather(*(critic.generate(c.prompt(), sampling, verdict_schema()) for c in convs))
    calls = [Call.of(o, "verify", rnd, critic.name, text=o.text.strip()) for o in outs]
    picks = []
    for c in calls:
        try:
            picks.append(json.loads(c.text)["better"])
        except (ValueError, KeyError, TypeError):
            c.feedback_error = "verdict does not parse"
            picks.append(None)
    return picks == ["B", "A"], calls


async def refine(engine: Engine, item: Item, cfg: RefineConfig, critic: Engine | None = None,
                 on_event: Callable[[Event], None] | None = None) -> LoopResult:
    """Run one Self-Refine loop: draft, then feedback and refine until a stop rule fires.

    The draft is the plain answer (the same prompt as a plain chat completion). Each rewrite
    must pass the checks of engine.checks (and, with verify="pairwise", win the critic's A/B
    comparison in both orders); one that fails ends the loop with the previous output, so the
    returned answer is never a rejected rewrite.

    `critic`, when given, writes the feedback and the refinements (the draft comes from
    `engine`), as in the paper's Vicuna-draft / ChatGPT-refine experiment. `on_event` is
    called after each step (for streaming round events). Its engine calls carry the loop's
    priority (engine.scheduling).
    """
    with scheduling.loop_scope():
        return await _refine(engine, item, cfg, critic, on_event)


async def _refine(engine: Engine, item: Item, cfg: RefineConfig, critic: Engine | None,
                  on_event: Callable[[Event], None] | None) -> LoopResult:
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
    request = _request_text(item, cfg)
    reference = f"{request}\n{y}"  # phrases the request or the plain answer use are allowed
    grammar = cfg.feedback_mode == "grammar"
    reason = "max_rounds"
    retries = 0
    try:
        for t in range(cfg.max_rounds + 1):
            if t == cfg.max_rounds and cfg.selection == "last":
                break  # the final output's feedback could change nothing
            y = outputs[-1]
            seen = await asyncio.to_thread(item.observe, y) if item.observe else Observation("")
            seen = seen if isinstance(seen, Observation) else Observation(str(seen))
            observation = seen.text
            choices = spec.choices(y, item.vocab) if grammar else ()
            schema = spec.json_schema(choices) if grammar else None
            conv.add_user(p.review(spec, cfg.feedback_mode, input=item.input, round=t,
                                   stop_phrase=cfg.stop_phrase, observation=observation, answer=y))
            fb = await _call(critic, conv, "feedback", t, cfg.feedback_sampling(choices), schema,
                             spec.token_budget(choices) if schema else MIN_ROOM)
            fb.observation, fb.fault = observation or None, seen.fault
            trace.append(fb)
            scores[t], stop, points = _read_feedback(fb, cfg, choices, y)
            if seen.fault:  # the run proved a problem: no review can declare the output done
                points, stop = [seen.fault, *points], None
                fb.problems = points
            emit({"type": "feedback", "round": t, "feedback": fb.feedback, "total": scores[t],
                  "error": fb.feedback_error, "stop_reason": stop})
            if stop:
                reason = stop
                break
            if t == cfg.max_rounds:
                break
            conv.add_user(p.render("refine", spec, input=item.input, round=t + 1,
                                   problems="\n".join(f"- {x}" for x in points), answer=y))
            emit({"type": "refine_started", "round": t + 1})
            while True:
                out = await _call(critic, conv, "refine", t + 1, cfg.sampling, cfg.answer_schema, MIN_ROOM)
                trace.append(out)
                new = out.text
                if cfg.refine_mode == "append":
                    added = checks.trim_loop(out.text, out.finish_reason != "length", seen=y)
                    out.trimmed = added != out.text or None
                    new = f"{y}{cfg.append_separator}{added}" if added else y
                bad = None
                if cfg.reject_bad_rewrites:
                    bad = checks.judge_rewrite(new, previous=y, earlier=outputs, reference=reference,
                                               points=points, request=request)
                if bad is None and item.guard is not None:
                    out.guard = await asyncio.to_thread(item.guard, new)
                    bad = GUARD if out.guard else None
                if bad not in cfg.retry_on or retries >= cfg.retries:
                    break
                retries += 1  # Self-Debug: show why the rewrite was refused and ask again
                out.rejected = bad
                emit({"type": "rejected", "round": t + 1, "check": bad, "text": out.text, "retry": True})
                why = out.guard if bad == GUARD else RETRY_REASONS[bad]
                conv.add_user(p.render("retry", spec, input=item.input, round=t + 1, problems=why, answer=y))
            if bad is None and cfg.verify == "pairwise":
                won, calls = await _verify(critic, item, cfg, y, new, t + 1)
                trace.extend(calls)
                bad = None if won else PAIRWISE
            if bad is not None:
                out.rejected = bad
                reason = "no_progress" if bad == checks.IDENTICAL else "rejected"
                emit({"type": "rejected", "round": t + 1, "check": bad, "text": out.text})
                break
            emit({"type": "refine", "round": t + 1, "text": new})
            outputs.append(new)
            scores.append(None)
    except _ContextFull:
        reason = "context_full"
    k = select(outputs, scores, cfg)
    return LoopResult(input=item.input, id=item.id, answer=outputs[k], selected_round=k,
                      stop_reason=reason, rounds=len(outputs) - 1, outputs=outputs, scores=scores,
                      trace=trace, seconds=time.perf_counter() - t0, checks=_check_counts(trace))


def peak_history(engine: Engine, item: Item, cfg: RefineConfig, per_round: int, block: int = 32) -> int:
    """A loop's largest history in tokens, estimated at its start (scheduling.peak_tokens)."""
    try:
        prompt = len(start_conversation(engine, item, cfg).ids)
    except Exception:  # a bad item fails in refine() with its own clear error
        prompt = 0
    return scheduling.peak_tokens(prompt, cfg, per_round, getattr(engine, "max_model_len", None), block)


async def refine_many(engine: Engine, items: Sequence[Item], cfg: RefineConfig, *,
                      concurrency: int = 64, critic: Engine | None = None,
                      on_done: Callable[[int, LoopResult | LoopError], None] | None = None,
                      kv_admission: bool | scheduling.KVAdmission = True,
                      ) -> list[LoopResult | LoopError]:
    """Run one loop per item concurrently on one engine, at most `concurrency` at a time.

    With `kv_admission` (and an engine that reports its KV capacity), fewer loops run at once
    when their histories would not fit the KV cache together: a loop starts only while the
    estimated peak histories of the loops in flight fit (engine.scheduling.KVAdmission), so
    the engine is not left to preempt and recompute them. Pass a `KVAdmission` of your own
    to set the budget or to read its counters afterwards.

    Always returns exactly len(items) records in input order; a failed loop yields a
    LoopError in its place instead of failing the batch.
    """
    if concurrency < 1:
        raise InvalidParameter("concurrency", "must be >= 1")
    gate = asyncio.Semaphore(concurrency)
    if isinstance(kv_admission, scheduling.KVAdmission):
        admission: scheduling.KVAdmission | None = kv_admission
    else:
        capacity = scheduling.kv_capacity(engine, critic) if kv_admission and concurrency > 1 else None
        admission = scheduling.KVAdmission(capacity) if capacity else None
    growth = scheduling.KVGrowth(cfg)

    async def one(i: int, item: Item) -> LoopResult | LoopError:
        async with gate:
            t0 = time.perf_counter()
            room = (admission.reserve(peak_history(critic or engine, item, cfg, growth.per_round()))
                    if admission else contextlib.nullcontext())
            try:
                async with room:
                    res: LoopResult | LoopError = await refine(engine, item, cfg, critic)
                growth.learn(res)
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
