"""A loop's input (`Item`) and what the loop derives from it before any call: the opening
conversation, the request as text, and which output a finished loop returns."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.history import Conversation, chat_format
from selfrefine.engine.types import Engine, Observation


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
"""A loop event for streaming: {"type": draft|requirements|feedback|refine_started|refine|rejected,
"round": t, ...}; `requirements` only with the requirements feedback form."""


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
    tok, p = engine.tokenizer, cfg.prompts
    if item.messages:
        return Conversation.from_messages(tok, chat_format(tok, None), item.messages)
    return Conversation(tok, chat_format(tok, p.system_text()), p.render("draft", cfg.spec, input=item.input))


def noted_conversation(engine: Engine, item: Item, cfg: RefineConfig, note: str) -> Conversation:
    """The opening conversation with `note` after the request (the last user turn's text): the
    prompt of a fresh answer that is told what an earlier one got wrong."""
    tok, p = engine.tokenizer, cfg.prompts
    if not item.messages:
        turn = p.render("draft", cfg.spec, input=item.input)
        return Conversation(tok, chat_format(tok, p.system_text()), f"{turn}\n\n{note}")
    messages = [dict(m) for m in item.messages]
    content = messages[-1].get("content")
    if isinstance(content, list):
        messages[-1]["content"] = [*content, {"type": "text", "text": note}]
    else:
        messages[-1]["content"] = f"{content or ''}\n\n{note}"
    return Conversation.from_messages(tok, chat_format(tok, None), messages)


def request_text(item: Item, cfg: RefineConfig) -> str:
    """What the model was asked, as text: the draft turn (a task's template filled in, worked
    example included) or the client's messages."""
    if item.messages:
        return "\n".join(m["content"] for m in item.messages if isinstance(m.get("content"), str))
    return "\n".join(
        x for x in (cfg.prompts.system, cfg.prompts.render("draft", cfg.spec, input=item.input)) if x
    )


def request_turn(item: Item, cfg: RefineConfig) -> str:
    """The request itself, whose clauses can be requirements: the last user turn of the client's
    messages (its text parts), or the draft turn."""
    if item.messages:
        content = item.messages[-1].get("content")
        if isinstance(content, list):
            return "\n".join(
                p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str)
            )
        return content if isinstance(content, str) else ""
    return cfg.prompts.render("draft", cfg.spec, input=item.input)
