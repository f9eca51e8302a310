"""What complete and streamed responses share: a request's plan, choice results, usage, logprobs, loops."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field

from selfrefine.engine.server.tools import ToolOutcome, ToolUse
from selfrefine.engine.types import Call, LoopResult, TokenLogprob


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


def usage_by_model(calls: list[Call]) -> dict[str, dict]:
    """The tokens of `calls` per model that made them (the main model's drafts, a critic's
    feedback and rewrites): {model: {prompt_tokens, completion_tokens, cached_tokens, calls}}."""
    out: dict[str, dict] = {}
    for c in calls:
        u = out.setdefault(
            c.model, {"prompt_tokens": 0, "completion_tokens": 0, "cached_tokens": 0, "calls": 0}
        )
        u["prompt_tokens"] += c.prompt_tokens
        u["completion_tokens"] += c.completion_tokens
        u["cached_tokens"] += c.cached_tokens
        u["calls"] += 1
    return out


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
                "top_logprobs": [
                    {"token": t.token, "logprob": t.logprob, "bytes": _bytes(t.token)} for t in e.top
                ],
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


def loop_summary(index: int, r: ChoiceResult, trace: bool) -> dict:
    lr = r.loop
    d = {
        "index": index,
        "stop_reason": lr.stop_reason,
        "rounds": lr.rounds,
        "selected_round": lr.selected_round,
        "scores": lr.scores,
        "checks": {k: v for k, v in lr.checks.items() if v},
        "seconds": round(lr.seconds, 3),
        "usage_by_model": usage_by_model(lr.trace),
    }
    if trace:
        d["outputs"] = lr.outputs
        d["trace"] = [asdict(c) for c in lr.trace]
    return d


def plan_logprobs(plan: Plan, entries: list[TokenLogprob] | None, offset: int = 0) -> dict | None:
    """The `logprobs` of a choice or chunk in the shape of the plan's endpoint (None: not asked for)."""
    if plan.logprobs is None:
        return None
    entries = entries or []
    return chat_logprobs(entries) if plan.kind == "chat" else completion_logprobs(entries, offset)
