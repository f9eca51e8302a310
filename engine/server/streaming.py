"""Server-sent events: a running request's loop events, text deltas and results as OpenAI chunks."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator

from selfrefine.engine.server.errors import error_response
from selfrefine.engine.server.metrics import Metrics
from selfrefine.engine.server.responses import Plan, loop_summary, plan_logprobs, usage, usage_by_model
from selfrefine.engine.server.tools import ToolStream
from selfrefine.engine.types import TokenLogprob

log = logging.getLogger("selfrefine.server")


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


async def sse(
    plan: Plan,
    queue: asyncio.Queue,
    producer: asyncio.Task,
    metrics: Metrics,
) -> AsyncIterator[str]:
    """The SSE text of `plan` as its jobs report to `queue` (messages put by `Serving.stream`);
    cancels `producer` when the stream closes before it is done."""
    streamed = [""] * len(plan.jobs)  # text already sent per choice
    sent: list[list[TokenLogprob]] = [[] for _ in plan.jobs]  # logprob entries already sent per choice

    def delta_with_logprobs(i: int, text: str, entries: list[TokenLogprob]) -> dict:
        offset = sum(len(e.token) for e in sent[i])
        sent[i] += entries
        return _delta(plan, i, text, logprobs=plan_logprobs(plan, entries, offset))

    # With tools the text is read as it grows (ToolStream) into content and tool-call deltas;
    # logprob entries wait for the next chunk sent, as a tag's tokens may make no delta yet.
    readers = [ToolStream(plan.tools) for _ in plan.jobs] if plan.tools else None
    held: list[list[TokenLogprob]] = [[] for _ in plan.jobs]

    def held_logprobs(i: int) -> dict | None:
        entries, held[i] = held[i], []
        offset = sum(len(e.token) for e in sent[i])
        sent[i] += entries
        return plan_logprobs(plan, entries, offset)

    def tool_chunks(i: int, text: str, entries: list[TokenLogprob], final=None) -> list[str]:
        # final: the whole output's ToolOutcome, once it is done
        held[i] += entries
        deltas = readers[i].feed(text) + (readers[i].finish(final) if final is not None else [])
        return [
            _chunk(
                plan,
                [
                    _delta(
                        plan, i, d.get("content"), tool_calls=d.get("tool_calls"), logprobs=held_logprobs(i)
                    )
                ],
            )
            for d in deltas
        ]

    try:
        if plan.kind == "chat":
            yield _chunk(plan, [_delta(plan, i, "", role=True) for i in range(len(plan.jobs))])
        while True:
            msg = await queue.get()
            if msg[0] == "event":
                _, i, ev = msg
                yield _chunk(plan, [_delta(plan, i)], selfrefine={"index": i, **ev})
            elif msg[0] == "text":
                _, i, text, entries = msg
                streamed[i] += text
                if readers is not None:
                    for chunk in tool_chunks(i, text, entries or []):
                        yield chunk
                    continue
                yield _chunk(plan, [delta_with_logprobs(i, text, entries or [])])
            elif msg[0] == "done":
                _, i, r = msg
                rest = r.text[len(streamed[i]) :] if r.text.startswith(streamed[i]) else ""
                entries = (r.logprobs or [])[len(sent[i]) + len(held[i]) :]
                if r.tool is not None and readers is not None:
                    for chunk in tool_chunks(i, rest, entries, final=r.tool):
                        yield chunk
                    lp = held_logprobs(i) if held[i] else None
                    done = _delta(plan, i, finish=r.tool.finish_reason, logprobs=lp)
                    yield _chunk(plan, [done])
                    continue
                if rest or entries:
                    yield _chunk(plan, [delta_with_logprobs(i, rest, entries)])
                extra = {"selfrefine": loop_summary(i, r, plan.return_trace)} if plan.refine else {}
                yield _chunk(plan, [_delta(plan, i, finish=r.finish_reason)], **extra)
            elif msg[0] == "end":
                if plan.include_usage:
                    extra = (
                        {
                            "selfrefine": {
                                "usage_by_model": usage_by_model([c for r in msg[1] for c in r.calls])
                            }
                        }
                        if plan.refine
                        else {}
                    )
                    yield _chunk(plan, [], usage=usage(msg[1]), **extra)
                break
            else:
                status, body = error_response(msg[1])
                metrics.errors.labels(str(status), body["error"]["code"]).inc()
                log.warning("stream %s failed: %s", plan.request_id, body["error"]["message"])
                yield f"data: {json.dumps(body)}\n\n"
                break
        yield "data: [DONE]\n\n"
    finally:
        if not producer.done():
            producer.cancel()
