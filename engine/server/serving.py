"""Request planning and running without HTTP: requests in, jobs on the shared engine, OpenAI-shaped
response bodies out (streamed ones through streaming.py).

One engine serves every request; a request becomes one job per choice (a plain generation
or a Self-Refine loop), and jobs are coroutines on that engine, so concurrent requests batch
in vLLM's scheduler. `LoopGate` bounds how many jobs run and wait. With a critic engine
(`serve --critic-model`), loops draft on the engine and critique and rewrite on the critic.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import uuid
from collections.abc import AsyncIterator, Callable

from pydantic import ValidationError

from selfrefine.engine.core.generic import make_item
from selfrefine.engine.core.item import Item
from selfrefine.engine.core.loop import MIN_ROOM, refine
from selfrefine.engine.errors import InvalidParameter, PromptTooLong
from selfrefine.engine.server import REFINE_SUFFIX
from selfrefine.engine.server import tools as toolcalls
from selfrefine.engine.server.errors import ModelNotFound, QueueFull
from selfrefine.engine.server.events import (
    ChoiceDone,
    LoopEvent,
    Renderer,
    StreamEnd,
    StreamFailed,
    TextDelta,
    render,
)
from selfrefine.engine.server.faults import FaultAt
from selfrefine.engine.server.metrics import Metrics
from selfrefine.engine.server.protocol import (
    BaseCompletionRequest,
    ChatCompletionRequest,
    CompletionRequest,
    SelfRefineOptions,
)
from selfrefine.engine.server.responses import (
    ChoiceResult,
    Plan,
    loop_summary,
    plan_logprobs,
    usage,
    usage_by_model,
)
from selfrefine.engine.server.responses_api import (
    ResponseShape,
    ResponsesRenderer,
    ResponsesRequest,
    chat_body,
    renamed,
)
from selfrefine.engine.server.streaming import ChunkRenderer
from selfrefine.engine.server.tools import ToolUse
from selfrefine.engine.types import Call, Sampling, TokenLogprob

DEFAULT_CHAT_MAX_TOKENS = 512
DEFAULT_COMPLETION_MAX_TOKENS = 16  # OpenAI's default for /v1/completions


class LoopGate:
    """At most `running` jobs at once and `queued` more waiting; a request that does not fit
    is refused as a whole (QueueFull -> 429) before anything starts."""

    def __init__(self, running: int, queued: int, metrics: Metrics):
        if running < 1 or queued < 0:
            raise InvalidParameter("max_concurrent_loops", "must be >= 1 (and the queue >= 0)")
        self.capacity = running + queued
        self.admitted = 0
        self.running = 0
        self._slots = asyncio.Semaphore(running)
        self.metrics = metrics

    def _update(self) -> None:
        self.metrics.loops_in_flight.set(self.running)
        self.metrics.loops_queued.set(self.admitted - self.running)

    def admit(self, k: int) -> Callable[[], None]:
        """Reserve room for k jobs or raise QueueFull; returns the function that gives it back."""
        if self.admitted + k > self.capacity:
            self.metrics.rejected.inc()
            raise QueueFull(
                f"the loop queue is full ({self.admitted} of {self.capacity} admitted, "
                f"{k} more asked); retry later"
            )
        self.admitted += k
        self._update()
        released = False

        def release() -> None:
            nonlocal released
            if not released:
                released = True
                self.admitted -= k
                self._update()

        return release

    @contextlib.asynccontextmanager
    async def slot(self):
        async with self._slots:
            self.running += 1
            self._update()
            try:
                yield
            finally:
                self.running -= 1
                self._update()


ANSWER_FROM_RESULTS = "Answer the user's question in plain words from the tool results above."
"""The system message that ends the second prompt of an "auto" reply with no new call and no text
after tool results (`_plain_job`). Without it the 1.5B, the tools out of its prompt, declined
("I can't assist with that") or thanked the user for the result on 4 of the 25 agent tasks."""


class Serving:
    """Chat and text completions over one shared engine (and a critic's for the loops)."""

    def __init__(
        self,
        engine,
        model_name: str,
        gate: LoopGate,
        metrics: Metrics,
        debug_faults: bool = False,
        run_code: bool = False,
        critic=None,
    ):
        self.engine = engine
        self.critic = critic
        """`serve --critic-model`: the engine that writes the loops' feedback and rewrites (None:
        the main engine does). It is not served by a name of its own."""
        self.model_name = model_name
        self.refine_name = model_name + REFINE_SUFFIX
        self.gate = gate
        self.metrics = metrics
        self.debug_faults = debug_faults
        self.run_code = run_code
        """`serve --run-code`: whether loops may run answers' code on the request's examples (a
        request can still opt out with `selfrefine.run_code: false`). A server runs other
        people's requests, so it is the operator's choice, and off by default."""

    # ------------------------------------------------------------------ models

    def models(self) -> list[dict]:
        out = [
            {
                "id": name,
                "object": "model",
                "created": 0,
                "owned_by": "selfrefine",
                "root": self.model_name,
                "max_model_len": self.engine.max_model_len,
            }
            for name in (self.model_name, self.refine_name)
        ]
        if self.critic is not None:  # who critiques the refining name's loops
            out[1]["critic_model"] = self.critic.name
        return out

    def _is_refine(self, name: str) -> bool:
        if name == self.model_name:
            return False
        if name == self.refine_name:
            return True
        raise ModelNotFound(
            f"model {name!r} does not exist; this server has {self.model_name!r} "
            f"(plain) and {self.refine_name!r} (Self-Refine)"
        )

    # ------------------------------------------------------------------ planning

    def _render_chat(self, messages: list[dict], tools: list[dict] | None = None) -> list[int]:
        tok = self.engine.tokenizer
        kwargs = {"tools": tools} if tools else {}
        if tools and (fixed := toolcalls.tool_template(tok)) is not None:
            kwargs["chat_template"] = fixed
        try:
            text = tok.apply_chat_template(messages, tokenize=False, add_generation_prompt=True, **kwargs)
        except Exception as exc:  # jinja raises on conversations the template refuses
            raise InvalidParameter("messages", f"the chat template refused them: {exc}") from exc
        return list(tok.encode(text, add_special_tokens=False))

    def _check_fits(self, ids: list[int], room: int) -> None:
        if len(ids) + room > self.engine.max_model_len:
            raise PromptTooLong(len(ids), self.engine.max_model_len)

    def _runs_code(self, opts) -> bool:
        """Whether this request's loop runs its answers' code: the operator allows it and the
        request did not opt out."""
        return self.run_code and opts.run_code

    def _job_engines(self, req: BaseCompletionRequest) -> tuple:
        """(engine, critic) of one job: the critic None without one; with a debug fault both
        wrapped in one FaultAt count."""
        fault = req.selfrefine.debug_fault if req.selfrefine else None
        if fault is None:
            return self.engine, self.critic
        if not self.debug_faults:
            raise InvalidParameter("selfrefine.debug_fault", "needs a server started with --debug-faults")
        main = FaultAt(self.engine, fault)
        return main, FaultAt(self.critic, fault, shared=main) if self.critic is not None else None

    def _check_token_ids(self, ids: list[int], param: str) -> None:
        vocab = len(self.engine.tokenizer)
        bad = next((t for t in ids if not 0 <= t < vocab), None)
        if bad is not None:
            raise InvalidParameter(param, f"token id {bad} is outside the vocabulary [0, {vocab - 1}]")

    def _plan(self, req: BaseCompletionRequest, kind: str) -> Plan:
        refining = self._is_refine(req.model)
        logprobs = self._logprobs(req, refining)
        use = self._tool_use(req, refining) if kind == "chat" else None
        schema = use.schema() if use is not None and use.forced else req.answer_schema()
        default_max = DEFAULT_CHAT_MAX_TOKENS if kind == "chat" else DEFAULT_COMPLETION_MAX_TOKENS
        opts = req.selfrefine
        if refining and opts is None:
            opts = SelfRefineOptions()
        if kind == "chat":
            assert isinstance(req, ChatCompletionRequest)
            units, text_ids = self._chat_units(req, refining, use)
        else:
            assert isinstance(req, CompletionRequest)
            units, text_ids = self._completion_units(req, refining), None
        jobs = []
        for i, (source, ids) in enumerate(units):
            self._check_fits(ids, MIN_ROOM if refining else 1)
            sampling = req.to_sampling(default_max, index=i)
            if refining:
                cfg = opts.to_config(sampling, schema)
                item = make_item(source, run_code=self._runs_code(opts), id=str(i))
                jobs.append(self._loop_job(*self._job_engines(req), item, cfg))
            else:
                engine = self._job_engines(req)[0]
                jobs.append(self._plain_job(engine, ids, sampling, schema, logprobs, use, text_ids))
        prefix = "chatcmpl" if kind == "chat" else "cmpl"
        return Plan(
            kind=kind,
            request_id=f"{prefix}-{uuid.uuid4().hex[:24]}",
            model=req.model,
            refine=refining,
            jobs=jobs,
            include_usage=req.include_usage,
            return_trace=bool(opts and opts.return_trace),
            logprobs=logprobs,
            tools=use,
        )

    def _logprobs(self, req: BaseCompletionRequest, refining: bool) -> int | None:
        """The request's logprobs count, once loop options and logprobs are checked against the
        model name (loop options on the refining name only, logprobs on the plain one only)."""
        if req.selfrefine is not None and not refining:
            raise InvalidParameter("selfrefine", f"only applies to the model {self.refine_name!r}")
        logprobs = req.logprob_count()
        if refining and logprobs is not None:
            raise InvalidParameter(
                "logprobs",
                f"is not supported on the Self-Refine model {self.refine_name!r}: its answer is chosen "
                "among a draft and rewrites made by several engine calls, so it has no single "
                f"sequence of token probabilities; ask the plain model {self.model_name!r} for logprobs",
            )
        return logprobs

    def _chat_units(
        self, req: ChatCompletionRequest, refining: bool, use: ToolUse | None
    ) -> tuple[list[tuple], list[int] | None]:
        """(source, prompt ids) per choice, and the prompt without the tools where "auto" may
        need it (else None)."""
        messages = req.chat()
        if refining and messages[-1]["role"] != "user":
            raise InvalidParameter("messages", "the last message must be from the user for a refine loop")
        ids = self._render_chat(messages, use.tools if use else None)
        text_ids = None
        if use is not None and use.choice == "auto" and use.answered:
            # where the model writes no new call and no text, it is asked again without the
            # tools, told to answer from their results
            text_ids = self._render_chat([*messages, {"role": "system", "content": ANSWER_FROM_RESULTS}])
        return [(messages, ids)] * req.n, text_ids

    def _completion_units(self, req: CompletionRequest, refining: bool) -> list[tuple]:
        """(prompt, prompt ids) per choice: `n` of each prompt."""
        units: list[tuple] = []
        for param, prompt in req.prompts():
            if isinstance(prompt, list):  # token ids, as OpenAI's API allows
                if refining:
                    raise InvalidParameter(
                        param,
                        f"token ids are only accepted by the plain model {self.model_name!r}: "
                        "a Self-Refine loop puts the prompt's text into a chat turn, so send text",
                    )
                self._check_token_ids(prompt, param)
                ids = list(prompt)
            elif refining:
                ids = self._render_chat([{"role": "user", "content": prompt}])
            else:
                ids = list(self.engine.tokenizer.encode(prompt))
            units += [(prompt, ids)] * req.n
        return units

    def _tool_use(self, req: ChatCompletionRequest, refining: bool) -> ToolUse | None:
        """The request's tools, checked against the model name and the model's chat template."""
        if refining and req.tools:
            raise InvalidParameter(
                "tools",
                f"tool calling is served on the plain model {self.model_name!r} only: a Self-Refine "
                f"loop ({self.refine_name!r}) critiques and rewrites a text answer, and a tool call "
                "is not one; send tools to the plain model",
            )
        use = req.tool_use()
        if use is None:
            return None
        if not toolcalls.template_parses_tools(self.engine.tokenizer):
            raise InvalidParameter(
                "tools",
                f"the chat template of {self.model_name!r} has no tool-call format this server reads "
                "(it reads Hermes-style <tool_call> tags, as in Qwen2.5's template)",
            )
        if use.forced and req.answer_schema() is not None:
            raise InvalidParameter(
                "response_format",
                f"cannot be combined with tool_choice {req.tool_choice!r}: the output is then the "
                "tool call, constrained by the tool's parameters",
            )
        return use

    def _loop_job(self, engine, critic, item: Item, cfg):
        async def job(on_event: Callable[[dict], None], on_text=None) -> ChoiceResult:
            try:
                res = await refine(engine, item, cfg, critic=critic, on_event=on_event)
            except BaseException as exc:
                outcome = "cancelled" if isinstance(exc, asyncio.CancelledError) else "error"
                self.metrics.loops.labels("refine", outcome).inc()
                raise
            self.metrics.record_loop(res)
            chosen = [
                c
                for c in res.trace
                if c.stage in ("draft", "refine") and not c.rejected and c.round == res.selected_round
            ]
            finish = chosen[0].finish_reason if chosen else "stop"
            return ChoiceResult(res.answer, finish, res.trace, res)

        return job

    def _plain_job(
        self,
        engine,
        ids: list[int],
        sampling: Sampling,
        schema: dict | None,
        logprobs: int | None = None,
        tools: ToolUse | None = None,
        text_ids: list[int] | None = None,
    ):
        """One plain generation. With tools in "auto" and `text_ids` (the prompt without the
        tools, ending in ANSWER_FROM_RESULTS), an output with no new call and no text (empty, or
        only calls the history answered) is followed by a second generation from `text_ids`, whose
        text is the answer: small models given a tool's result often write their call again or
        stop at once, and answer in text once the tools are out of the prompt."""

        async def job(on_event: Callable[[dict], None], on_text=None) -> ChoiceResult:
            try:
                kwargs: dict = {"logprobs": logprobs} if logprobs is not None else {}
                if on_text is not None:
                    kwargs["on_text"] = on_text
                    if logprobs is not None:
                        # the tokens' entries come just before the text they make: send them with it
                        pending: list[TokenLogprob] = []
                        kwargs["on_tokens"] = pending.extend

                        def with_entries(text: str) -> None:
                            on_text(text, pending[:])
                            pending.clear()

                        kwargs["on_text"] = with_entries
                out = await engine.generate(ids, sampling, schema, **kwargs)
                calls = [Call.of(out, "plain", 0, self.model_name)]
                tool = toolcalls.parse(tools, out.text, out.finish_reason) if tools is not None else None
                if tool is not None and tool.no_answer and text_ids is not None:
                    kwargs.pop("on_text", None)  # streamed: the answer is sent whole at the end
                    kwargs.pop("on_tokens", None)
                    again = await engine.generate(text_ids, sampling, schema, **kwargs)
                    calls.append(Call.of(again, "plain", 0, self.model_name))
                    tool = toolcalls.ToolOutcome(again.text, [], again.finish_reason)
                    lps = out.logprobs + again.logprobs if out.logprobs is not None else None
                    out = dataclasses.replace(
                        out, text=out.text + again.text, logprobs=lps, finish_reason=again.finish_reason
                    )
            except BaseException as exc:
                outcome = "cancelled" if isinstance(exc, asyncio.CancelledError) else "error"
                self.metrics.loops.labels("plain", outcome).inc()
                raise
            self.metrics.loops.labels("plain", "ok").inc()
            self.metrics.record_calls(calls)
            return ChoiceResult(out.text, out.finish_reason, calls, logprobs=out.logprobs, tool=tool)

        return job

    # ------------------------------------------------------------------ running

    async def _run_jobs(
        self,
        plan: Plan,
        on_event: Callable[[int, dict], None] | None = None,
        on_done: Callable[[int, ChoiceResult], None] | None = None,
        on_text: Callable[[int, str, list[TokenLogprob] | None], None] | None = None,
    ) -> list[ChoiceResult]:
        """Run every job (each in a gate slot); the first failure cancels the others."""

        async def one(i: int, job) -> ChoiceResult:
            async with self.gate.slot():
                res = await job(
                    (lambda ev: on_event(i, ev)) if on_event else (lambda ev: None),
                    (lambda t, entries=None: on_text(i, t, entries)) if on_text else None,
                )
            if on_done:
                on_done(i, res)
            return res

        tasks = [asyncio.create_task(one(i, job)) for i, job in enumerate(plan.jobs)]
        try:
            return list(await asyncio.gather(*tasks))
        except BaseException:
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            raise

    def plan_chat(self, body: dict) -> Plan:
        return self._plan(ChatCompletionRequest.model_validate(body), "chat")

    def plan_completion(self, body: dict) -> Plan:
        return self._plan(CompletionRequest.model_validate(body), "completion")

    async def complete(self, plan: Plan) -> dict:
        """Run a non-streaming request and build its response body."""
        release = self.gate.admit(len(plan.jobs))
        try:
            results = await self._run_jobs(plan)
        finally:
            release()
        return self.answer(plan, results)

    def answer(self, plan: Plan, results: list[ChoiceResult]) -> dict:
        """The response body of a finished request."""
        body = {
            "id": plan.request_id,
            "object": "chat.completion" if plan.kind == "chat" else "text_completion",
            "created": plan.created,
            "model": plan.model,
            "choices": [self._choice(plan, i, r) for i, r in enumerate(results)],
            "usage": usage(results),
        }
        if plan.refine:
            body["selfrefine"] = {
                "loops": [loop_summary(i, r, plan.return_trace) for i, r in enumerate(results)],
                "usage_by_model": usage_by_model([c for r in results for c in r.calls]),
            }
        return body

    def _choice(self, plan: Plan, i: int, r: ChoiceResult) -> dict:
        if plan.kind == "chat":
            return {
                "index": i,
                "message": r.tool.message() if r.tool else {"role": "assistant", "content": r.text},
                "finish_reason": r.tool.finish_reason if r.tool else r.finish_reason,
                "logprobs": plan_logprobs(plan, r.logprobs),
            }
        return {
            "index": i,
            "text": r.text,
            "finish_reason": r.finish_reason,
            "logprobs": plan_logprobs(plan, r.logprobs),
        }

    # ------------------------------------------------------------------ streaming

    def stream(self, plan: Plan, renderer: Renderer | None = None) -> AsyncIterator[str]:
        """Admit the request (QueueFull is raised here, before any byte is sent), start its jobs,
        and return the SSE text stream of their events as `renderer` writes it (by default the
        chat / completions chunks). Closing the stream early cancels the jobs, which aborts their
        in-flight engine requests."""
        release = self.gate.admit(len(plan.jobs))
        queue: asyncio.Queue = asyncio.Queue()

        async def produce() -> None:
            try:
                results = await self._run_jobs(
                    plan,
                    on_event=lambda i, ev: queue.put_nowait(LoopEvent(i, ev)),
                    on_done=lambda i, r: queue.put_nowait(ChoiceDone(i, r)),
                    on_text=lambda i, t, entries: queue.put_nowait(TextDelta(i, t, entries)),
                )
                queue.put_nowait(StreamEnd(results))
            except asyncio.CancelledError:
                raise
            except BaseException as exc:
                queue.put_nowait(StreamFailed(exc))
            finally:
                release()

        producer = asyncio.create_task(produce())
        return render(renderer or ChunkRenderer(plan, self.metrics), queue, producer)

    # ------------------------------------------------------------------ Responses API

    def plan_response(self, body: dict) -> tuple[Plan, ResponseShape]:
        """A /v1/responses request as the chat plan it stands for, and the shape of its answer;
        the chat planning's errors name the Responses parameters."""
        req = ResponsesRequest.model_validate(body)
        chat = chat_body(req)
        try:
            plan = self.plan_chat(chat)
        except (InvalidParameter, ValidationError) as exc:
            raise renamed(exc) from exc
        shape = ResponseShape(req, chat)
        plan.request_id = shape.id
        return plan, shape

    async def complete_response(self, plan: Plan, shape: ResponseShape) -> dict:
        return shape.render(await self.complete(plan))

    def stream_response(self, plan: Plan, shape: ResponseShape) -> AsyncIterator[str]:
        return self.stream(
            plan, ResponsesRenderer(plan, shape, self.metrics, functools.partial(self.answer, plan))
        )
