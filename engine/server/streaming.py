"""Server-sent events of chat and text completions: a request's loop events, text deltas and results as
OpenAI chunks."""

from __future__ import annotations

import json

from selfrefine.engine.server.events import (
    ChoiceDone,
    LoopEvent,
    Renderer,
    StreamEnd,
    StreamFailed,
    TextDelta,
    failure_body,
)
from selfrefine.engine.server.metrics import Metrics
from selfrefine.engine.server.responses import Plan, loop_summary, plan_logprobs, usage, usage_by_model
from selfrefine.engine.server.tools import ToolStream
from selfrefine.engine.types import TokenLogprob


def _chunk(plan: Plan, choices: list[dict], **extra) -> str:
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
    plan: Plan,
    i: int,
    content: str | None = None,
    finish: str | None = None,
    role: bool = False,
    logprobs: dict | None = None,
    tool_calls: list[dict] | None = None,
) -> dict:
    if plan.kind == "chat":
        delta: dict = {"role": "assistant"} if role else {}
        if content is not None:
            delta["content"] = content
        if tool_calls:
            delta["tool_calls"] = tool_calls
        return {"index": i, "delta": delta, "finish_reason": finish, "logprobs": logprobs}
    return {"index": i, "text": content or "", "finish_reason": finish, "logprobs": logprobs}


class ChunkRenderer(Renderer):
    """The chat / completions chunks of `plan`, ending in `data: [DONE]`. With tools the text is
    read as it grows (ToolStream) into content and tool-call deltas; logprob entries wait for the
    next chunk sent, as a tag's tokens may make no delta yet."""

    def __init__(self, plan: Plan, metrics: Metrics) -> None:
        self.plan, self.metrics = plan, metrics
        n = len(plan.jobs)
        self.streamed = [""] * n  # text already sent per choice
        self.sent: list[list[TokenLogprob]] = [[] for _ in range(n)]  # logprob entries already sent
        self.held: list[list[TokenLogprob]] = [[] for _ in range(n)]  # entries waiting for a delta
        self.readers = [ToolStream(plan.tools) for _ in range(n)] if plan.tools else None

    def opening(self) -> list[str]:
        if self.plan.kind != "chat":
            return []
        return [_chunk(self.plan, [_delta(self.plan, i, "", role=True) for i in range(len(self.plan.jobs))])]

    def on_loop_event(self, ev: LoopEvent) -> list[str]:
        return [_chunk(self.plan, [_delta(self.plan, ev.index)], selfrefine={"index": ev.index, **ev.event})]

    def on_text(self, ev: TextDelta) -> list[str]:
        self.streamed[ev.index] += ev.text
        if self.readers is not None:
            return self._tool_chunks(ev.index, ev.text, ev.logprobs or [])
        return [_chunk(self.plan, [self._with_logprobs(ev.index, ev.text, ev.logprobs or [])])]

    def on_choice_done(self, ev: ChoiceDone) -> list[str]:
        plan, i, r = self.plan, ev.index, ev.result
        rest = r.text[len(self.streamed[i]) :] if r.text.startswith(self.streamed[i]) else ""
        entries = (r.logprobs or [])[len(self.sent[i]) + len(self.held[i]) :]
        if r.tool is not None and self.readers is not None:
            out = self._tool_chunks(i, rest, entries, final=r.tool)
            lp = self._held_logprobs(i) if self.held[i] else None
            return [*out, _chunk(plan, [_delta(plan, i, finish=r.tool.finish_reason, logprobs=lp)])]
        out = [_chunk(plan, [self._with_logprobs(i, rest, entries)])] if rest or entries else []
        extra = {"selfrefine": loop_summary(i, r, plan.return_trace)} if plan.refine else {}
        return [*out, _chunk(plan, [_delta(plan, i, finish=r.finish_reason)], **extra)]

    def on_end(self, ev: StreamEnd) -> list[str]:
        if not self.plan.include_usage:
            return []
        extra = {}
        if self.plan.refine:
            calls = [c for r in ev.results for c in r.calls]
            extra = {"selfrefine": {"usage_by_model": usage_by_model(calls)}}
        return [_chunk(self.plan, [], usage=usage(ev.results), **extra)]

    def on_failed(self, ev: StreamFailed) -> list[str]:
        return [f"data: {json.dumps(failure_body(ev, self.metrics, self.plan.request_id))}\n\n"]

    def closing(self) -> list[str]:
        return ["data: [DONE]\n\n"]

    def _with_logprobs(self, i: int, text: str, entries: list[TokenLogprob]) -> dict:
        offset = sum(len(e.token) for e in self.sent[i])
        self.sent[i] += entries
        return _delta(self.plan, i, text, logprobs=plan_logprobs(self.plan, entries, offset))

    def _held_logprobs(self, i: int) -> dict | None:
        entries, self.held[i] = self.held[i], []
        offset = sum(len(e.token) for e in self.sent[i])
        self.sent[i] += entries
        return plan_logprobs(self.plan, entries, offset)

    def _tool_chunks(self, i: int, text: str, entries: list[TokenLogprob], final=None) -> list[str]:
        """The chunks of the content and tool-call deltas `text` completes (`final`: the whole
        output's ToolOutcome, once it is done)."""
        assert self.readers is not None
        self.held[i] += entries
        deltas = self.readers[i].feed(text) + (self.readers[i].finish(final) if final is not None else [])
        return [
            _chunk(
                self.plan,
                [
                    _delta(
                        self.plan,
                        i,
                        d.get("content"),
                        tool_calls=d.get("tool_calls"),
                        logprobs=self._held_logprobs(i),
                    )
                ],
            )
            for d in deltas
        ]
