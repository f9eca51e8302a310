"""The Self-Refine loop (Madaan et al. 2023, Algorithm 1 with eq. 4), and many loops at once.

One conversation per loop holds the task, every output and every feedback in order, so the
refine prompt carries the whole history (eq. 4) and each call's prompt extends the previous
call's prompt token for token (prefix cache). Many loops are plain coroutines on one engine:
vLLM's scheduler does the batching.

`_refine` is the algorithm: critique, stop?, rewrite, accept?, next round. Its pieces live
beside it: reading a review (engine.review), the stop rules (engine.stopping), how a refine
call becomes the next output (engine.rewriting), whether a rewrite is kept (engine.acceptance),
and the KV estimates that admit loops (engine.scheduling).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from selfrefine.engine import checks, scheduling
from selfrefine.engine.acceptance import GUARD, PAIRWISE, Acceptance, refusal_reason
from selfrefine.engine.config import FEEDBACK_MODES, REFINE_MODES, SELECTIONS, VERIFY_MODES, RefineConfig
from selfrefine.engine.errors import InvalidParameter, PromptTooLong, SelfRefineError
from selfrefine.engine.history import ContextFull
from selfrefine.engine.item import Event, Item, request_text, request_turn, select, start_conversation
from selfrefine.engine.review import Review, read_feedback
from selfrefine.engine.rewriting import STRATEGIES
from selfrefine.engine.stopping import DONE, FAULT, UNMET, StopPolicy, StopRule
from selfrefine.engine.types import Call, Engine, LoopError, LoopResult, Observation, Sampling
from selfrefine.grammars.feedback import (
    MAX_SEGMENTS,
    parse_requirements,
    request_clauses,
    requirements_budget,
    requirements_schema,
)

__all__ = [
    "FAULT",
    "FEEDBACK_MODES",
    "FLAG_DISAGREED",
    "GUARD",
    "MIN_ROOM",
    "OBSERVED",
    "PAIRWISE",
    "REFINE_MODES",
    "SELECTIONS",
    "STOP_REASONS",
    "UNGROUNDED",
    "VERIFY_MODES",
    "Event",
    "Item",
    "RefineConfig",
    "peak_history",
    "read_feedback",
    "refine",
    "refine_many",
    "select",
    "start_conversation",
]

STOP_REASONS = (
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
rewrite failed a check (engine.checks) or the pairwise verification; no_progress: a rewrite
repeated an earlier output. The rest as named."""
FLAG_DISAGREED = "flag_disagreed"
"""Count key: a review whose stop flag contradicted its scores (stop with a low score, or go on
with every score at the top)."""
OBSERVED = "observed"
"""Count key: reviews that showed an observation (execution feedback, or facts from tools)."""
UNGROUNDED = "ungrounded"
"""Count key: problems whose span is not in the answer (recorded, not shown to the rewrite)."""
MIN_ROOM = 16  # fewer free context tokens than this and a refine call is not worth making


def _check_counts(trace: list[Call], cfg: RefineConfig) -> dict[str, int]:
    """How often each rewrite check, the guard and the pairwise verification rejected a rewrite,
    a stop flag contradicted its scores, a problem was ungrounded, a review showed an observation,
    and an observation showed a fault: read off the trace. With the requirements form, also the
    unmet requirements of all reviews."""
    counts = dict.fromkeys(
        (*checks.REWRITE_CHECKS, GUARD, PAIRWISE, FLAG_DISAGREED, UNGROUNDED, OBSERVED, FAULT), 0
    )
    for c in trace:
        if c.rejected:
            counts[c.rejected] += 1
        counts[FLAG_DISAGREED] += bool(c.flag_disagrees)
        counts[UNGROUNDED] += len(c.ungrounded or ())
        counts[OBSERVED] += bool(c.observation)
        counts[FAULT] += bool(c.fault)
    spec = cfg.spec
    if spec.form == "requirements":
        problem = spec.verdict == "missing"
        counts[UNMET] = sum(
            v is problem
            for c in trace
            if c.stage == "feedback" and c.feedback
            for v in (c.feedback.get(spec.verdict) or {}).values()
        )
    return counts


async def refine(
    engine: Engine,
    item: Item,
    cfg: RefineConfig,
    critic: Engine | None = None,
    on_event: Callable[[Event], None] | None = None,
) -> LoopResult:
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


async def _refine(
    engine: Engine,
    item: Item,
    cfg: RefineConfig,
    critic: Engine | None,
    on_event: Callable[[Event], None] | None,
) -> LoopResult:
    t0 = time.perf_counter()
    if not item.input.strip() and not item.messages:
        raise InvalidParameter("input", "is empty")
    loop = _Loop(engine, critic or engine, item, cfg, on_event or (lambda event: None))
    await loop.draft()
    policy, reason = StopPolicy.of(cfg), "max_rounds"  # unless a rule or a refusal ends it first
    try:
        await loop.pick_requirements()  # requirements form only: the checklist of every review
        for t in policy.review_rounds():
            review = await loop.critique(t)  # run the output (execution feedback), ask the critic, read it
            stop = policy.decide(review)
            loop.reviewed(review, stop)
            if stop is not None:
                reason = stop.reason
                break
            refused = await loop.revise(review)  # rewrite, then checks -> guard (+ retries) -> verify
            if refused is not None:
                reason = refusal_reason(refused)
                break
    except ContextFull:
        reason = "context_full"
    k = select(loop.outputs, loop.scores, cfg)
    return LoopResult(
        input=item.input,
        id=item.id,
        answer=loop.outputs[k],
        selected_round=k,
        stop_reason=reason,
        rounds=len(loop.outputs) - 1,
        outputs=loop.outputs,
        scores=loop.scores,
        trace=loop.trace,
        seconds=time.perf_counter() - t0,
        checks=_check_counts(loop.trace, cfg),
    )


class _Loop:
    """One loop's state and its steps: the conversation, the trace, the outputs and their scores."""

    def __init__(
        self, engine: Engine, critic: Engine, item: Item, cfg: RefineConfig, emit: Callable[[Event], None]
    ):
        self.engine, self.critic, self.item, self.cfg, self.emit = engine, critic, item, cfg, emit
        self.strategy = STRATEGIES[cfg.refine_mode](cfg)
        self.trace: list[Call] = []
        self.outputs: list[str] = []
        self.scores: list[int | None] = []
        self.conv = start_conversation(engine, item, cfg)
        self.accept: Acceptance  # set by draft(): its checks compare against the plain answer
        self.review_cfg = cfg
        """What the reviews run under: the requirements form without requirements reviews as `points`."""
        self.requirements: tuple[str, ...] = ()
        """The request's clauses the critic picked as requirements (requirements form)."""

    async def _call(
        self, engine: Engine, stage: str, rnd: int, sampling: Sampling, schema: dict | None, need: int
    ) -> Call:
        """One engine call on the conversation, recorded in the trace; `need`: the room it needs."""
        prompt = self.conv.prompt()
        if len(prompt) + need > engine.max_model_len:
            if stage == "draft":
                raise PromptTooLong(len(prompt) + need, engine.max_model_len, "draft prompt (+ min output)")
            raise ContextFull()
        out = await engine.generate(prompt, sampling, schema)
        self.conv.add_assistant_ids(out.token_ids)
        call = Call.of(out, stage, rnd, engine.name, text=out.text.strip())
        self.trace.append(call)
        return call

    async def draft(self) -> None:
        """y0: the item's given output, or the plain answer; the critic's conversation starts from it."""
        item, cfg = self.item, self.cfg
        if item.initial is not None:
            y = item.initial
            self.conv.add_assistant_text(y)
        else:
            call = await self._call(self.engine, "draft", 0, cfg.sampling, cfg.answer_schema, MIN_ROOM)
            y = call.text
            self.emit({"type": "draft", "round": 0, "text": y, "model": call.model})
        if self.critic is not self.engine:
            self.conv = start_conversation(self.critic, item, cfg)
            self.conv.add_assistant_text(y)
        self.outputs, self.scores = [y], [None]
        request = request_text(item, cfg)
        reference = f"{request}\n{y}"  # phrases the request or the plain answer use are allowed
        self.accept = Acceptance(cfg, item, self.critic, request, reference)

    async def pick_requirements(self) -> None:
        """Requirements form: the critic picks which of the request's clauses are requirements
        (a grammar-forced choice among them), once, right after the draft; the turn stays in the
        history, so every review reuses it from the prefix cache. A request of fewer than two
        clauses (or more than MAX_SEGMENTS), free-text feedback, or no pick leaves the plain
        review: the picking turn is then taken out of the history again."""
        item, cfg = self.item, self.cfg
        if cfg.spec.form != "requirements":
            return
        self.review_cfg = replace(cfg, spec=replace(cfg.spec, form="points"))
        clauses = request_clauses(request_turn(item, cfg))
        if cfg.feedback_mode != "grammar" or not 2 <= len(clauses) <= MAX_SEGMENTS:
            return
        mark = len(self.conv.ids)
        self.conv.add_user(cfg.prompts.pick_requirements(cfg.spec, clauses, input=item.input))
        budget, schema = requirements_budget(clauses), requirements_schema(clauses)
        sampling = Sampling(
            temperature=cfg.feedback_temperature,
            top_p=cfg.sampling.top_p,
            max_tokens=budget,
            seed=cfg.sampling.seed,
        )
        call = await self._call(self.critic, "requirements", 0, sampling, schema, budget)
        try:
            picked = parse_requirements(call.text, clauses)
            call.feedback = {"requirements": list(picked)}
        except ValueError as exc:
            picked, call.feedback_error = (), str(exc)
        if not picked:
            self.conv.ids = self.conv.ids[:mark]
            return
        self.requirements, self.review_cfg = picked, cfg
        self.emit({"type": "requirements", "round": 0, "requirements": list(picked)})

    async def critique(self, t: int) -> Review:
        """Round t's review of the last output, read and recorded (its score in `scores`)."""
        item, cfg, y = self.item, self.review_cfg, self.outputs[-1]
        spec = cfg.spec
        seen = await asyncio.to_thread(item.observe, y) if item.observe else Observation("")
        seen = seen if isinstance(seen, Observation) else Observation(str(seen))
        grammar = cfg.feedback_mode == "grammar"
        choices = spec.choices(y, self.requirements or item.vocab) if grammar else ()
        schema = spec.json_schema(choices) if grammar else None
        if self.requirements:
            turn = cfg.prompts.review_requirements(
                spec, input=item.input, round=t, observation=seen.text, answer=y
            )
        else:
            turn = cfg.prompts.review(
                spec,
                cfg.feedback_mode,
                input=item.input,
                round=t,
                stop_phrase=cfg.stop_phrase,
                observation=seen.text,
                answer=y,
            )
        self.conv.add_user(turn)
        call = await self._call(
            self.critic,
            "feedback",
            t,
            cfg.feedback_sampling(choices),
            schema,
            spec.token_budget(choices) if schema else MIN_ROOM,
        )
        review = Review(t, y, read_feedback(call.text, cfg, choices, y), seen.text or None, seen.fault)
        review.record(call)
        self.scores[t] = review.feedback.total
        return review

    def reviewed(self, review: Review, stop: StopRule | None) -> None:
        """Stream the review; its stop reason is the review's own (not the round cap's)."""
        fb = review.feedback
        self.emit(
            {
                "type": "feedback",
                "round": review.round,
                "feedback": fb.data,
                "total": fb.total,
                "error": fb.error,
                "stop_reason": stop.reason if stop and stop.kind == DONE else None,
            }
        )

    async def revise(self, review: Review) -> str | None:
        """Round t+1's rewrite of the reviewed output, kept or refused; the refusing check, or None.

        A refusal that gets a retry (Acceptance.retry) is told to the model and the refine call
        made again, in the same history."""
        item, cfg, p, t, y = self.item, self.cfg, self.cfg.prompts, review.round + 1, review.answer
        points = review.problems
        which = "refine_requirements" if self.requirements and points else "refine"  # names the unmet
        self.conv.add_user(
            p.rewrite(
                cfg.spec,
                input=item.input,
                round=t,
                answer=y,
                fault=review.fault or "",
                problems="\n".join(f"- {x}" for x in points),
                which=which,
            )
        )
        self.emit({"type": "refine_started", "round": t})
        while True:
            out = await self._call(self.critic, "refine", t, cfg.sampling, cfg.answer_schema, MIN_ROOM)
            new = self.strategy.apply(y, out)
            bad = await self.accept.check(new, out, y, self.outputs, points)
            why = self.accept.retry(bad, out)
            if why is None:
                break
            out.rejected = bad
            self.emit({"type": "rejected", "round": t, "check": bad, "text": out.text, "retry": True})
            self.conv.add_user(p.render("retry", cfg.spec, input=item.input, round=t, problems=why, answer=y))
        if bad is None:
            bad = await self.accept.verify(y, new, t, self.trace)
        if bad is not None:
            out.rejected = bad
            self.emit({"type": "rejected", "round": t, "check": bad, "text": out.text})
            return bad
        self.emit({"type": "refine", "round": t, "text": new})
        self.outputs.append(new)
        self.scores.append(None)
        return None


def peak_history(engine: Engine, item: Item, cfg: RefineConfig, per_round: int, block: int = 32) -> int:
    """A loop's largest history in tokens, estimated at its start (scheduling.peak_tokens)."""
    try:
        prompt = len(start_conversation(engine, item, cfg).ids)
    except Exception:  # a bad item fails in refine() with its own clear error
        prompt = 0
    return scheduling.peak_tokens(prompt, cfg, per_round, engine.max_model_len, block)


async def refine_many(
    engine: Engine,
    items: Sequence[Item],
    cfg: RefineConfig,
    *,
    concurrency: int = 64,
    critic: Engine | None = None,
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
            room = (
                admission.reserve(peak_history(critic or engine, item, cfg, growth.per_round()))
                if admission
                else contextlib.nullcontext()
            )
            try:
                async with room:
                    res: LoopResult | LoopError = await refine(engine, item, cfg, critic)
                growth.learn(res)
            except SelfRefineError as exc:
                res = LoopError(
                    input=item.input,
                    id=item.id,
                    error=str(exc),
                    error_type=exc.code,
                    seconds=time.perf_counter() - t0,
                )
            except Exception as exc:  # never drop an item: record what broke
                res = LoopError(
                    input=item.input,
                    id=item.id,
                    error=f"{type(exc).__name__}: {exc}",
                    error_type="internal_error",
                    seconds=time.perf_counter() - t0,
                )
        if on_done is not None:
            on_done(i, res)
        return res

    return list(await asyncio.gather(*(one(i, it) for i, it in enumerate(items))))
