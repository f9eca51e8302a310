"""The server's logic without HTTP: requests in, OpenAI-shaped responses or SSE chunks out.

One engine serves every request; a request becomes one job per choice (a plain generation
or a Self-Refine loop), and jobs are coroutines on that engine, so concurrent requests batch
in vLLM's scheduler. `LoopGate` bounds how many jobs run and wait; `error_response` is the
one place where exceptions become HTTP statuses and OpenAI error bodies.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import asdict, dataclass, field

from pydantic import ValidationError

from selfrefine.engine.errors import EngineDead, EngineFault, InvalidParameter, PromptTooLong, SelfRefineError
from selfrefine.engine.loop import MIN_ROOM, Item, refine
from selfrefine.engine.server import REFINE_SUFFIX
from selfrefine.engine.server import tools as toolcalls
from selfrefine.engine.server.metrics import Metrics
from selfrefine.engine.server.protocol import (
    BaseCompletionRequest,
    ChatCompletionRequest,
    CompletionRequest,
    SelfRefineOptions,
)
from selfrefine.engine.server.tools import ToolOutcome, ToolStream, ToolUse
from selfrefine.engine.types import Call, Completion, LoopResult, Sampling, TokenLogprob

log = logging.getLogger("selfrefine.server")

DEFAULT_CHAT_MAX_TOKENS = 512
DEFAULT_COMPLETION_MAX_TOKENS = 16  # OpenAI's default for /v1/completions
_TYPE_TAG = re.compile(r"^(str|int|float|bool|none|list\[.*\]|dict\[.*\]|tuple\[.*\]|[A-Z]\w*|function-.*)$")


class QueueFull(SelfRefineError):
    code = "queue_full"


class ModelNotFound(SelfRefineError):
    code = "model_not_found"


class NotReady(SelfRefineError):
    code = "engine_not_ready"


class Unauthorized(SelfRefineError):
    code = "invalid_api_key"


_STATUS = [  # (error class, HTTP status, OpenAI error type)
    (InvalidParameter, 400, "invalid_request_error"),
    (PromptTooLong, 400, "invalid_request_error"),
    (Unauthorized, 401, "authentication_error"),
    (ModelNotFound, 404, "invalid_request_error"),
    (QueueFull, 429, "rate_limit_error"),
    (NotReady, 503, "service_unavailable_error"),
    (EngineDead, 503, "service_unavailable_error"),
    (EngineFault, 500, "server_error"),
]


def error_response(exc: BaseException) -> tuple[int, dict]:
    """Map any exception to (HTTP status, {"error": {message, type, param, code}})."""
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        # drop pydantic's union-branch tags ("str", "list[str]", ...) from the location
        loc = [str(p) for p in first.get("loc", ()) if p != "body" and not _TYPE_TAG.match(str(p))]
        param = ".".join(loc) or None
        return 400, _body(
            f"{param}: {first.get('msg')}" if param else str(first.get("msg")),
            "invalid_request_error",
            param,
            "invalid_parameter",
        )
    for cls, status, kind in _STATUS:
        if isinstance(exc, cls):
            return status, _body(str(exc), kind, getattr(exc, "param", None), exc.code)
    if isinstance(exc, SelfRefineError):
        return 500, _body(str(exc), "server_error", None, exc.code)
    return 500, _body(f"internal error: {type(exc).__name__}: {exc}", "server_error", None, "internal_error")


def _body(message: str, kind: str, param: str | None, code: str) -> dict:
    return {"error": {"message": message, "type": kind, "param": param, "code": code}}


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


class _FaultAt:
    """Debug hook (`serve --debug-faults`): the real engine serves the calls before the given
    stage, then the call of that stage fails as an engine fault would."""

    CALL_INDEX = {"draft": 0, "feedback": 1, "refine": 2}

    def __init__(self, engine, stage: str):
        self.engine, self.name = engine, engine.name
        self.tokenizer, self.max_model_len = engine.tokenizer, engine.max_model_len
        self.fail_at, self.calls = self.CALL_INDEX[stage], 0

    async def generate(self, prompt_ids, sampling, json_schema=None, **kwargs) -> Completion:
        self.calls += 1
        if self.calls - 1 == self.fail_at:
            raise EngineFault(f"injected engine fault at call {self.calls} (debug hook)")
        return await self.engine.generate(prompt_ids, sampling, json_schema, **kwargs)


@dataclass
class ChoiceResult:
    text: str
    finish_reason: str
    calls: list[Call]
    loop: LoopResult | None = None
    logprobs: list[TokenLogprob] | None = None
    tool: ToolOutcome | None = None
    """With tools: the output read as content and tool calls (`text` stays the raw output)."""


@dataclass
class Plan:
    """A validated request: one job per choice, ready to run."""

    kind: str  # chat | completion
    request_id: str
    model: str
    refine: bool
    jobs: list[Callable[[Callable[[dict], None], Callable[[str], None] | None], Awaitable[ChoiceResult]]]
    """Each job takes (on_event, on_text): loop events, and text deltas of a plain generation
    (`on_text(text, entries)`, with the logprob entries of that text's tokens when asked for)."""
    include_usage: bool = False
    return_trace: bool = False
    logprobs: int | None = None
    """Alternatives per token when the request asked for logprobs (None: it did not)."""
    tools: ToolUse | None = None
    """The request's tools (None: none, or tool_choice "none")."""
    created: int = field(default_factory=lambda: int(time.time()))


def usage(results: list[ChoiceResult]) -> dict:
    """Tokens summed over every engine call of every choice (all rounds of every loop)."""
    calls = [c for r in results for c in r.calls]
    p = sum(c.prompt_tokens for c in calls)
    c_ = sum(c.completion_tokens for c in calls)
    return {
        "prompt_tokens": p,
        "completion_tokens": c_,
        "total_tokens": p + c_,
        "prompt_tokens_details": {"cached_tokens": sum(c.cached_tokens for c in calls)},
    }


def _bytes(token: str) -> list[int]:
    return list(token.encode("utf-8", errors="replace"))


def chat_logprobs(entries: list[TokenLogprob]) -> dict:
    """A chat choice's (or chunk's) `logprobs`: {"content": [{token, logprob, bytes, top_logprobs}]}."""
    return {
        "content": [
            {
                "token": e.token,
                "logprob": e.logprob,
                "bytes": _bytes(e.token),
                "top_logprobs": [{"token": t.token, "logprob": t.logprob, "bytes": _bytes(t.token)}
                                 for t in e.top],
            }
            for e in entries
        ],
        "refusal": None,
    }


def completion_logprobs(entries: list[TokenLogprob], offset: int = 0) -> dict:
    """A text completion choice's (or chunk's) `logprobs`, in the legacy shape: parallel lists
    of tokens, their logprobs, {token: logprob} of the most likely ones (tokens that decode to
    the same text share a key) and each token's character offset in the completion's text
    (`offset`: where the first one starts)."""
    offsets = []
    for e in entries:
        offsets.append(offset)
        offset += len(e.token)
    return {
        "tokens": [e.token for e in entries],
        "token_logprobs": [e.logprob for e in entries],
        "top_logprobs": [{t.token: t.logprob for t in e.top} for e in entries],
        "text_offset": offsets,
    }


def _loop_summary(index: int, r: ChoiceResult, trace: bool) -> dict:
    lr = r.loop
    d = {
        "index": index,
        "stop_reason": lr.stop_reason,
        "rounds": lr.rounds,
        "selected_round": lr.selected_round,
        "scores": lr.scores,
        "checks": {k: v for k, v in lr.checks.items() if v},
        "seconds": round(lr.seconds, 3),
    }
    if trace:
        d["outputs"] = lr.outputs
        d["trace"] = [asdict(c) for c in lr.trace]
    return d


class Serving:
    """Chat and text completions over one shared engine."""

    def __init__(self, engine, model_name: str, gate: LoopGate, metrics: Metrics, debug_faults: bool = False):
        self.engine = engine
        self.model_name = model_name
        self.refine_name = model_name + REFINE_SUFFIX
        self.gate = gate
        self.metrics = metrics
        self.debug_faults = debug_faults

    # ------------------------------------------------------------------ models

    def models(self) -> list[dict]:
        return [
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
        try:
            text = tok.apply_chat_template(messages, tokenize=False, add_generation_prompt=True, **kwargs)
        except Exception as exc:  # jinja raises on conversations the template refuses
            raise InvalidParameter("messages", f"the chat template refused them: {exc}") from exc
        return list(tok.encode(text, add_special_tokens=False))

    def _check_fits(self, ids: list[int], room: int) -> None:
        if len(ids) + room > self.engine.max_model_len:
            raise PromptTooLong(len(ids), self.engine.max_model_len)

    def _job_engine(self, req: BaseCompletionRequest):
        fault = req.selfrefine.debug_fault if req.selfrefine else None
        if fault is None:
            return self.engine
        if not self.debug_faults:
            raise InvalidParameter("selfrefine.debug_fault", "needs a server started with --debug-faults")
        return _FaultAt(self.engine, fault)

    def _check_token_ids(self, ids: list[int], param: str) -> None:
        vocab = len(self.engine.tokenizer)
        bad = next((t for t in ids if not 0 <= t < vocab), None)
        if bad is not None:
            raise InvalidParameter(param, f"token id {bad} is outside the vocabulary [0, {vocab - 1}]")

    def _plan(self, req: BaseCompletionRequest, kind: str) -> Plan:
        refining = self._is_refine(req.model)
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
        use = self._tool_use(req, refining) if kind == "chat" else None
        schema = use.schema() if use is not None and use.forced else req.answer_schema()
        default_max = DEFAULT_CHAT_MAX_TOKENS if kind == "chat" else DEFAULT_COMPLETION_MAX_TOKENS
        opts = req.selfrefine
        if refining and opts is None:
            opts = SelfRefineOptions()
        if kind == "chat":
            assert isinstance(req, ChatCompletionRequest)
            messages = req.chat()
            if refining and messages[-1]["role"] != "user":
                raise InvalidParameter("messages", "the last message must be from the user for a refine loop")
            ids = self._render_chat(messages, use.tools if use else None)
            units = [(messages, ids)] * req.n
        else:
            assert isinstance(req, CompletionRequest)
            units = []
            for param, prompt in req.prompts():
                if isinstance(prompt, list):  # token ids, as OpenAI's API allows
                    if refining:
                        raise InvalidParameter(
                            param, f"token ids are only accepted by the plain model {self.model_name!r}: "
                            "a Self-Refine loop puts the prompt's text into a chat turn, so send text")
                    self._check_token_ids(prompt, param)
                    ids = list(prompt)
                elif refining:
                    ids = self._render_chat([{"role": "user", "content": prompt}])
                else:
                    ids = list(self.engine.tokenizer.encode(prompt))
                units += [(prompt, ids)] * req.n
        jobs = []
        for i, (source, ids) in enumerate(units):
            self._check_fits(ids, MIN_ROOM if refining else 1)
            sampling = req.to_sampling(default_max, index=i)
            if refining:
                cfg = opts.to_config(sampling, schema)
                if isinstance(source, list):
                    item = Item(input=source[-1]["content"], id=str(i), messages=source)
                else:
                    item = Item(input=source, id=str(i))
                jobs.append(self._loop_job(self._job_engine(req), item, cfg))
            else:
                jobs.append(self._plain_job(self._job_engine(req), ids, sampling, schema, logprobs, use))
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

    def _loop_job(self, engine, item: Item, cfg):
        async def job(on_event: Callable[[dict], None], on_text=None) -> ChoiceResult:
            try:
                res = await refine(engine, item, cfg, on_event=on_event)
            except BaseException as exc:
                outcome = "cancelled" if isinstance(exc, asyncio.CancelledError) else "error"
                self.metrics.loops.labels("refine", outcome).inc()
                raise
            self.metrics.record_loop(res)
            chosen = [c for c in res.trace if c.stage in ("draft", "refine") and not c.rejected
                      and c.round == res.selected_round]
            finish = chosen[0].finish_reason if chosen else "stop"
            return ChoiceResult(res.answer, finish, res.trace, res)

        return job

    def _plain_job(self, engine, ids: list[int], sampling: Sampling, schema: dict | None,
                   logprobs: int | None = None, tools: ToolUse | None = None):
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
            except BaseException as exc:
                outcome = "cancelled" if isinstance(exc, asyncio.CancelledError) else "error"
                self.metrics.loops.labels("plain", outcome).inc()
                raise
            self.metrics.loops.labels("plain", "ok").inc()
            call = Call.of(out, "plain", 0, self.model_name)
            self.metrics.record_calls([call])
            tool = (toolcalls.parse(tools, out.text, out.finish_reason, self.engine.tokenizer)
                    if tools is not None else None)
            return ChoiceResult(out.text, out.finish_reason, [call], logprobs=out.logprobs, tool=tool)

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
                "loops": [_loop_summary(i, r, plan.return_trace) for i, r in enumerate(results)]
            }
        return body

    def _logprobs(self, plan: Plan, entries: list[TokenLogprob] | None, offset: int = 0) -> dict | None:
        if plan.logprobs is None:
            return None
        entries = entries or []
        return chat_logprobs(entries) if plan.kind == "chat" else completion_logprobs(entries, offset)

    def _choice(self, plan: Plan, i: int, r: ChoiceResult) -> dict:
        if plan.kind == "chat":
            return {
                "index": i,
                "message": r.tool.message() if r.tool else {"role": "assistant", "content": r.text},
                "finish_reason": r.tool.finish_reason if r.tool else r.finish_reason,
                "logprobs": self._logprobs(plan, r.logprobs),
            }
        return {"index": i, "text": r.text, "finish_reason": r.finish_reason,
                "logprobs": self._logprobs(plan, r.logprobs)}

    # ------------------------------------------------------------------ streaming

    def stream(self, plan: Plan) -> AsyncIterator[str]:
        """Admit the request (QueueFull is raised here, before any byte is sent), start its jobs,
        and return the SSE text stream. Closing the stream early cancels the jobs, which aborts
        their in-flight engine requests."""
        release = self.gate.admit(len(plan.jobs))
        queue: asyncio.Queue = asyncio.Queue()

        async def produce() -> None:
            try:
                results = await self._run_jobs(
                    plan,
                    on_event=lambda i, ev: queue.put_nowait(("event", i, ev)),
                    on_done=lambda i, r: queue.put_nowait(("done", i, r)),
                    on_text=lambda i, t, entries: queue.put_nowait(("text", i, t, entries)),
                )
                queue.put_nowait(("end", results))
            except asyncio.CancelledError:
                raise
            except BaseException as exc:
                queue.put_nowait(("error", exc))
            finally:
                release()

        producer = asyncio.create_task(produce())
        return self._sse(plan, queue, producer)

    def _chunk(self, plan: Plan, choices: list[dict], **extra) -> str:
        obj = "chat.completion.chunk" if plan.kind == "chat" else "text_completion"
        body = {
            "id": plan.request_id,
            "object": obj,
            "created": plan.created,
            "model": plan.model,
            "choices": choices,
            **extra,
        }
        return f"data: {json.dumps(body)}\n\n"

    def _delta(
        self, plan: Plan, i: int, content: str | None = None, finish: str | None = None, role: bool = False,
        logprobs: dict | None = None, tool_calls: list[dict] | None = None,
    ) -> dict:
        if plan.kind == "chat":
            delta: dict = {"role": "assistant"} if role else {}
            if content is not None:
                delta["content"] = content
            if tool_calls:
                delta["tool_calls"] = tool_calls
            return {"index": i, "delta": delta, "finish_reason": finish, "logprobs": logprobs}
        return {"index": i, "text": content or "", "finish_reason": finish, "logprobs": logprobs}

    async def _sse(self, plan: Plan, queue: asyncio.Queue, producer: asyncio.Task) -> AsyncIterator[str]:
        streamed = [""] * len(plan.jobs)  # text already sent per choice
        sent: list[list[TokenLogprob]] = [[] for _ in plan.jobs]  # logprob entries already sent per choice

        def delta_with_logprobs(i: int, text: str, entries: list[TokenLogprob]) -> dict:
            offset = sum(len(e.token) for e in sent[i])
            sent[i] += entries
            return self._delta(plan, i, text, logprobs=self._logprobs(plan, entries, offset))

        # With tools the text is read as it grows (ToolStream) into content and tool-call deltas;
        # logprob entries wait for the next chunk sent, as a tag's tokens may make no delta yet.
        readers = [ToolStream(plan.tools, self.engine.tokenizer) for _ in plan.jobs] if plan.tools else None
        held: list[list[TokenLogprob]] = [[] for _ in plan.jobs]

        def held_logprobs(i: int) -> dict | None:
            entries, held[i] = held[i], []
            offset = sum(len(e.token) for e in sent[i])
            sent[i] += entries
            return self._logprobs(plan, entries, offset)

        def tool_chunks(i: int, text: str, entries: list[TokenLogprob], final: bool = False) -> list[str]:
            held[i] += entries
            deltas = readers[i].feed(text) + (readers[i].finish() if final else [])
            return [self._chunk(plan, [self._delta(plan, i, d.get("content"), tool_calls=d.get("tool_calls"),
                                                   logprobs=held_logprobs(i))])
                    for d in deltas]
        try:
            if plan.kind == "chat":
                yield self._chunk(plan, [self._delta(plan, i, "", role=True) for i in range(len(plan.jobs))])
            while True:
                msg = await queue.get()
                if msg[0] == "event":
                    _, i, ev = msg
                    yield self._chunk(plan, [self._delta(plan, i)], selfrefine={"index": i, **ev})
                elif msg[0] == "text":
                    _, i, text, entries = msg
                    streamed[i] += text
                    if readers is not None:
                        for chunk in tool_chunks(i, text, entries or []):
                            yield chunk
                        continue
                    yield self._chunk(plan, [delta_with_logprobs(i, text, entries or [])])
                elif msg[0] == "done":
                    _, i, r = msg
                    rest = r.text[len(streamed[i]) :] if r.text.startswith(streamed[i]) else ""
                    entries = (r.logprobs or [])[len(sent[i]) + len(held[i]) :]
                    if r.tool is not None and readers is not None:
                        for chunk in tool_chunks(i, rest, entries, final=True):
                            yield chunk
                        lp = held_logprobs(i) if held[i] else None
                        done = self._delta(plan, i, finish=r.tool.finish_reason, logprobs=lp)
                        yield self._chunk(plan, [done])
                        continue
                    if rest or entries:
                        yield self._chunk(plan, [delta_with_logprobs(i, rest, entries)])
                    extra = {"selfrefine": _loop_summary(i, r, plan.return_trace)} if plan.refine else {}
                    yield self._chunk(plan, [self._delta(plan, i, finish=r.finish_reason)], **extra)
                elif msg[0] == "end":
                    if plan.include_usage:
                        yield self._chunk(plan, [], usage=usage(msg[1]))
                    break
                else:
                    status, body = error_response(msg[1])
                    self.metrics.errors.labels(str(status), body["error"]["code"]).inc()
                    log.warning("stream %s failed: %s", plan.request_id, body["error"]["message"])
                    yield f"data: {json.dumps(body)}\n\n"
                    break
            yield "data: [DONE]\n\n"
        finally:
            if not producer.done():
                producer.cancel()
