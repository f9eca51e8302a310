"""The Self-Refine loop (Madaan et al. 2023, Algorithm 1 with eq. 4).

One conversation per loop holds the task, every output and every feedback in order, so the
refine prompt carries the whole history (eq. 4) and each call's prompt extends the previous
call's prompt token for token (prefix cache). Many loops at once: engine.core.many.

`_refine` is the algorithm: critique, stop?, rewrite, accept?, next round. Its pieces live beside it:
reading a review (engine.core.review), the stop rules (engine.core.stopping), how a refine call becomes
the next output (engine.core.rewriting), whether a rewrite is kept (engine.core.acceptance), and what
the checks did, counted off the trace (engine.core.counts).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import replace

from selfrefine.engine.backends import scheduling
from selfrefine.engine.core import checks
from selfrefine.engine.core import rewriting as rw
from selfrefine.engine.core.acceptance import Acceptance
from selfrefine.engine.core.checks import FAULTS
from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.counts import check_counts
from selfrefine.engine.core.history import ContextFull
from selfrefine.engine.core.item import (
    Event,
    Item,
    noted_conversation,
    request_text,
    select,
    start_conversation,
)
from selfrefine.engine.core.requirements import pick_requirements
from selfrefine.engine.core.review import Review, read_feedback
from selfrefine.engine.core.rewriting import STRATEGIES, Rewrite
from selfrefine.engine.core.stated import observer, state_checks
from selfrefine.engine.core.stopping import DONE, StopPolicy, StopRule
from selfrefine.engine.errors import InvalidParameter, PromptTooLong
from selfrefine.engine.types import Call, Engine, LoopResult, Observation, Sampling

MIN_ROOM = 16  # fewer free context tokens than this and a refine call is not worth making


async def refine(
    engine: Engine,
    item: Item,
    cfg: RefineConfig,
    critic: Engine | None = None,
    on_event: Callable[[Event], None] | None = None,
    policy: StopPolicy | None = None,
) -> LoopResult:
    """Run one Self-Refine loop: draft (the plain answer), then feedback and refine until a stop
    rule fires. A rewrite that fails a check (engine.core.checks; verify="pairwise": the critic's A/B
    comparison in both orders) ends the loop with the previous output: the answer is never a
    rejected rewrite. `critic` writes the feedback and the rewrites (the paper's Vicuna-draft /
    ChatGPT-refine experiment); `on_event` gets each step's event; `policy`: the stop rules
    (default StopPolicy.of(cfg)). Calls carry the loop's priority (engine.backends.scheduling)."""
    with scheduling.loop_scope():
        return await _refine(engine, item, cfg, critic, on_event, policy)


async def _refine(
    engine: Engine,
    item: Item,
    cfg: RefineConfig,
    critic: Engine | None,
    on_event: Callable[[Event], None] | None,
    policy: StopPolicy | None,
) -> LoopResult:
    t0 = time.perf_counter()
    if not item.input.strip() and not item.messages:
        raise InvalidParameter("input", "is empty")
    loop = _Loop(engine, critic or engine, item, cfg, on_event or (lambda event: None))
    await loop.draft()
    policy = policy or StopPolicy.of(cfg)
    reason = policy.out_of_rounds  # unless a rule, a refusal or a full context ends it first
    try:
        loop.requirements, loop.review_cfg = await pick_requirements(loop)  # the requirements form's
        await loop.state_checks()  # stated_checks option: the critic's stated checks join the observers
        for t in policy.review_rounds():
            review = await loop.critique(t)  # run the output (execution feedback), ask the critic, read it
            stop = policy.decide(review, tuple(loop.reviews))
            loop.reviewed(review, stop)
            if stop is not None:
                reason = stop.reason
                break
            refused = await loop.revise(review)  # rewrite, then checks -> guard (+ retries) -> verify
            if refused is not None:
                reason = policy.refused(refused)
                break
    except ContextFull:
        reason = policy.context_full
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
        checks=check_counts(loop.trace, cfg),
    )


class _Loop:
    """One loop's state and its steps: the conversation, the trace, the outputs and their scores."""

    def __init__(
        self, engine: Engine, critic: Engine, item: Item, cfg: RefineConfig, emit: Callable[[Event], None]
    ):
        self.engine, self.critic, self.item, self.cfg, self._emit = engine, critic, item, cfg, emit
        self.told = 0  # trace calls already sent with an event
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
        self.seen: dict[str, Observation] = {}  # the tools' observations by output text, run once
        self.reviews: list[Review] = []  # every review so far, oldest first (the stop rules see them)

    def emit(self, event: Event) -> None:
        """Send `event` with the engine calls made since the last one (`calls`: tokens, seconds)."""
        new, self.told = self.trace[self.told :], len(self.trace)
        self._emit({**event, "calls": [c.brief() for c in new]} if new else event)

    async def observe(self, y: str) -> Observation:
        """What the item's tools observe in `y` (nothing without `Item.observe`), run once per text."""
        if self.item.observe is None:
            return Observation("")
        if y not in self.seen:
            seen = await asyncio.to_thread(self.item.observe, y)
            self.seen[y] = seen if isinstance(seen, Observation) else Observation(str(seen))
        return self.seen[y]

    async def call(
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
            call = await self.call(self.engine, "draft", 0, cfg.sampling, cfg.answer_schema, MIN_ROOM)
            y = call.text
            self.emit({"type": "draft", "round": 0, "text": y, "model": call.model})
        if self.critic is not self.engine:
            self.conv = start_conversation(self.critic, item, cfg)
            self.conv.add_assistant_text(y)
        self.outputs, self.scores = [y], [None]
        request = request_text(item, cfg)
        reference = f"{request}\n{y}"  # phrases the request or the plain answer use are allowed
        self.accept = Acceptance(cfg, item, self.critic, request, reference)

    async def state_checks(self) -> None:
        """The critic's stated checks (engine.core.stated), where on, join the item's observers."""
        stated = await state_checks(self)
        if stated is not None and (stated.checks or stated.predicates):
            self.item = replace(self.item, observe=observer(self.item.observe, stated))
            self.seen.clear()

    async def critique(self, t: int) -> Review:
        """Round t's review of the last output, read and recorded (its score in `scores`)."""
        item, cfg, y = self.item, self.review_cfg, self.outputs[-1]
        spec = cfg.spec
        seen = await self.observe(y)
        if self.cfg.tools_decide(seen):  # the run or the tools' fault decides: no critic review
            return Review.by_tools(t, y, seen).logged(self.trace)  # its fault in the trace
        grammar = cfg.feedback == "grammar"
        choices = spec.choices(y, self.requirements or item.vocab) if grammar else ()
        schema = spec.json_schema(choices) if grammar else None
        if self.requirements:
            turn = cfg.prompts.review_requirements(
                spec, input=item.input, round=t, observation=seen.text, answer=y
            )
        else:
            turn = cfg.prompts.review(
                spec,
                cfg.feedback,
                input=item.input,
                round=t,
                stop_phrase=cfg.stop_phrase,
                observation=seen.text,
                answer=y,
            )
        self.conv.add_user(turn)
        budget = spec.token_budget(choices) if schema else MIN_ROOM
        call = await self.call(self.critic, "feedback", t, cfg.feedback_sampling(choices), schema, budget)
        fb = read_feedback(call.text, cfg, choices, y, seen.text)  # less what the tools' counts overrule
        review = Review(t, y, fb, seen.text or None, seen.fault)
        review.record(call)
        self.scores[t] = review.feedback.total
        return review

    def reviewed(self, review: Review, stop: StopRule | None) -> None:
        """Keep the review and stream it; its stop reason is the review's own (not the round cap's)."""
        self.reviews.append(review)
        fb = review.feedback
        self.emit(
            {
                "type": "feedback",
                "round": review.round,
                "feedback": fb.data,
                "total": fb.total,
                "error": fb.error,
                "stop_reason": stop.reason if stop and stop.kind == DONE else None,
                "problems": review.problems,  # what the rewrite is shown (a fault first)
                "ungrounded": fb.ungrounded,
                "overruled": fb.overruled,
                "observation": review.observation,
                "fault": review.fault,
            }
        )

    async def revise(self, review: Review) -> str | None:
        """Round t+1's rewrite of the reviewed output, kept or refused; the refusing check, or None.

        A refusal that gets a retry (Acceptance.retry) is told to the model and the refine call
        made again, in the same history."""
        item, cfg, p, t, y = self.item, self.cfg, self.cfg.prompts, review.round + 1, review.answer
        points = review.problems
        which = "refine_requirements" if self.requirements and points else "refine"  # names the unmet
        turn = p.rewrite(
            cfg.spec,
            input=item.input,
            round=t,
            answer=y,
            fault=review.fault or "",
            problems="\n".join(f"- {x}" for x in points),
            which=which,
        )
        self.conv.add_user(turn)
        self.emit({"type": "refine_started", "round": t})
        while True:
            out, new, bad = await self.rewrite(t, y, points, turn, review.fault)
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

    async def rewrite(
        self, t: int, y: str, points: list[str], turn: str, fault: str | None
    ) -> tuple[Call, str, str | None]:
        """Round t's refine call: (its call, the new output, the first check it fails or None).
        Tool-checked (`candidates` > 1, an item with tools), after a fault: the tools' own fix
        where they have one, then rewrites, greedy first (engine.core.rewriting.candidates), each wave
        only while none passes every check with no fault left; kept as engine.core.rewriting.ranked."""
        cfg = self.accept.rewriting  # self.cfg, but a call caught in a loop ends there
        tools = cfg.candidates > 1 and self.item.observe is not None
        if not (tools and fault):
            out = await self.call(self.critic, "refine", t, cfg.sampling, cfg.answer_schema, MIN_ROOM)
            new = self.strategy.apply(y, out)
            bad = await self.accept.check(new, out, y, self.outputs, points)
            return out, new, bad if bad or not tools else await self._no_better(y, new)
        seen, rewrites = await self.observe(y), isinstance(self.strategy, Rewrite)
        decided = cfg.examples_decide and seen.decided  # no edit of failing code (config)
        edit = start_conversation(self.critic, self.item, cfg)
        edit.add_assistant_text(y)
        edit.add_user(turn)
        note = cfg.prompts.code_fault_note if decided else cfg.prompts.fault_note
        fresh = noted_conversation(self.critic, self.item, cfg, note.format(fault=fault))
        if max(len(edit.ids), len(fresh.ids)) + MIN_ROOM > self.critic.max_model_len:
            raise ContextFull()
        prompts = [fresh.prompt()] if decided else [edit.prompt(), fresh.prompt()]
        k = max(1, cfg.code_candidates - 1) if decided else cfg.candidates  # no edit's slot for code
        before = seen.fault_count
        fix = (lambda n: rw.tools_fixed(self.observe, n, self.accept.request)) if rewrites else None
        cands = rw.Candidates(lambda n, c: self._judge(n, c, y, points, before, fault), fix)
        fixed = await fix(y) if fix else y  # the tools' own fix of the answer: a candidate too
        if fixed != y:
            await cands.add([None], [Call.repair(fixed, t)], [fixed])  # no call
        for which in rw.waves(len(prompts), k):  # greedy, then sampled
            if which and not cands.settled:
                await cands.add(*await rw.candidates(self.critic, prompts, cfg, t, self.strategy, y, which))
        i = cands.best()
        if rewrites:  # the output as kept (an announcing line cut)
            self.conv.add_assistant_text(cands.news[i])
        else:
            self.conv.add_assistant_ids(cands.outs[i].token_ids)
        self.trace.extend(cands.calls)
        return cands.calls[i], cands.news[i], cands.judged[i][2]

    async def _judge(
        self, new: str, call: Call, y: str, points: list[str], before: int, fault: str | None
    ) -> tuple[int, float, str | None]:
        """A candidate's (faults, change from `y`, first check failed or None). A much shorter one
        passes the length check only with fewer faults and a fault that is an upper bound; code passing
        more of the request's examples than `y` is not judged on its prose, nor the tools' fix on figures."""
        seen = await self.observe(new)
        faults = seen.fault_count
        waive: frozenset[str] = frozenset()
        if faults < before and rw.fault_asks_to_cut(fault, new):
            waive = frozenset({checks.TRUNCATED})
        passed = (await self.observe(y)).examples[0]
        if self.cfg.examples_decide and seen.examples[0] > passed:  # more pass, more hidden (f24, u40)
            waive = checks.PROSE_CHECKS
        waive |= {checks.INVENTED} if call.finish_reason == "repair" else set()
        bad = await self.accept.check(new, call, y, self.outputs, points, waive)
        return faults, rw.change(y, new), bad or await self._no_better(y, new)

    async def _no_better(self, y: str, new: str) -> str | None:
        """FAULTS when the tools find more faults in `new` than in `y`, or, `y` faulted, not fewer,
        or a fact of `y`'s prose newly not met (checks.newly_broken); FITTED when `new` newly passes
        the examples only by giving their answer for any input."""
        if not self.cfg.reject:
            return None
        old, seen = await self.observe(y), await self.observe(new)
        before, after = old.fault_count, seen.fault_count
        traded = not (old.decided or seen.decided) and checks.newly_broken(old.text, seen.text)
        if after > before or (before and after >= before) or traded:
            return FAULTS
        fitted = not old.verified and seen.probe and await asyncio.to_thread(seen.probe)  # a sandbox run
        return checks.FITTED if fitted else None
