"""A streamed request's events (one dataclass per kind), and the renderer base that writes them as SSE."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass

from selfrefine.engine.server.metrics import Metrics
from selfrefine.engine.server.responses import ChoiceResult
from selfrefine.engine.types import TokenLogprob

log = logging.getLogger("selfrefine.server")


@dataclass(frozen=True)
class LoopEvent:
    """A loop's progress (draft, feedback, refine_started, ...) in choice `index`."""

    index: int
    event: dict


@dataclass(frozen=True)
class TextDelta:
    """New text of a plain generation in choice `index`, with its tokens' logprob entries
    (None: none were asked for)."""

    index: int
    text: str
    logprobs: list[TokenLogprob] | None = None


@dataclass(frozen=True)
class ChoiceDone:
    """Choice `index` has finished with `result`."""

    index: int
    result: ChoiceResult


@dataclass(frozen=True)
class StreamEnd:
    """Every choice has finished: the last event of a stream that did not fail."""

    results: list[ChoiceResult]


@dataclass(frozen=True)
class StreamFailed:
    """The request failed (its other jobs are cancelled): the last event of the stream."""

    error: BaseException


StreamEvent = LoopEvent | TextDelta | ChoiceDone | StreamEnd | StreamFailed


class Renderer:
    """The SSE text of one stream: `opening()`, then one handler per event kind, then, after
    StreamEnd or StreamFailed, `closing()`. Each returns the chunks to send (possibly none)."""

    def opening(self) -> list[str]:
        return []

    def on_loop_event(self, ev: LoopEvent) -> list[str]:
        return []

    def on_text(self, ev: TextDelta) -> list[str]:
        return []

    def on_choice_done(self, ev: ChoiceDone) -> list[str]:
        return []

    def on_end(self, ev: StreamEnd) -> list[str]:
        raise NotImplementedError

    def on_failed(self, ev: StreamFailed) -> list[str]:
        raise NotImplementedError

    def closing(self) -> list[str]:
        return []

    def handle(self, ev: StreamEvent) -> list[str]:
        match ev:
            case LoopEvent():
                return self.on_loop_event(ev)
            case TextDelta():
                return self.on_text(ev)
            case ChoiceDone():
                return self.on_choice_done(ev)
            case StreamEnd():
                return self.on_end(ev)
            case StreamFailed():
                return self.on_failed(ev)
        raise TypeError(f"not a stream event: {ev!r}")


async def render(renderer: Renderer, queue: asyncio.Queue, producer: asyncio.Task) -> AsyncIterator[str]:
    """The SSE text of the events `producer` puts on `queue`, as `renderer` writes it; cancels
    `producer` when the stream closes before it is done."""
    try:
        for chunk in renderer.opening():
            yield chunk
        while True:
            ev = await queue.get()
            for chunk in renderer.handle(ev):
                yield chunk
            if isinstance(ev, (StreamEnd, StreamFailed)):
                break
        for chunk in renderer.closing():
            yield chunk
    finally:
        if not producer.done():
            producer.cancel()


def failure_body(ev: StreamFailed, metrics: Metrics, request_id: str) -> dict:
    """The OpenAI error body of a failed stream, counted and logged."""
    _, body = metrics.error_response(ev.error)
    log.warning("stream %s failed: %s", request_id, body["error"]["message"])
    return body
