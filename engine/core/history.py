"""Append-only chat history at the token level, so every round's prompt extends the last one.

The model's chat template is rendered once with sentinel texts to learn the pieces around
each turn (`ChatFormat`). A conversation then only ever appends token ids: the exact ids the
model generated for its own turns, plus freshly tokenized pieces for new user turns. Nothing
is re-tokenized, so round t+1's prompt starts with round t's prompt token for token and
vLLM's prefix cache serves it.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from selfrefine.engine.backends.backend import special_token_ids
from selfrefine.engine.errors import InvalidParameter, ModelError
from selfrefine.engine.types import Tokenizer

_U1, _A1, _U2 = "\u2063USER-ONE\u2063", "\u2063ASSISTANT-ONE\u2063", "\u2063USER-TWO\u2063"


@dataclass(frozen=True)
class ChatFormat:
    """Template pieces: first user turn, end of an assistant turn, and a later user turn."""

    first_head: str  # everything before the first user text (system turn included)
    first_tail: str  # after the first user text, up to and including the generation prompt
    assistant_end: str  # closes an assistant turn (e.g. "<|im_end|>\n")
    user_head: str  # opens a later user turn
    user_tail: str  # closes it and opens the assistant turn

    @classmethod
    def from_tokenizer(cls, tok: Tokenizer, system: str | None = None) -> ChatFormat:
        def render(msgs, gen):
            if system:
                msgs = [{"role": "system", "content": system}, *msgs]
            return tok.apply_chat_template(msgs, tokenize=False, add_generation_prompt=gen)

        try:
            s1 = render([{"role": "user", "content": _U1}], True)
            s2 = render([{"role": "user", "content": _U1}, {"role": "assistant", "content": _A1}], False)
            s3 = render(
                [
                    {"role": "user", "content": _U1},
                    {"role": "assistant", "content": _A1},
                    {"role": "user", "content": _U2},
                ],
                True,
            )
        except Exception as exc:
            raise ModelError(f"the model's tokenizer has no usable chat template: {exc}") from exc
        if not (
            s2.startswith(s1 + _A1)
            and s3.startswith(s2)
            and s1.count(_U1) == 1
            and s3[len(s2) :].count(_U2) == 1
        ):
            raise ModelError(
                "the model's chat template is not append-only (rendering a longer conversation "
                "changes earlier turns); Self-Refine histories need an append-only template"
            )
        first_head, first_tail = s1.split(_U1)
        user_head, user_tail = s3[len(s2) :].split(_U2)
        return cls(first_head, first_tail, s2[len(s1) + len(_A1) :], user_head, user_tail)


class Conversation:
    """A growing prompt: user turns and assistant turns, kept as token ids."""

    def __init__(self, tok: Tokenizer, fmt: ChatFormat, first_user: str):
        self.tok = tok
        self.fmt = fmt
        self.ids: list[int] = self._enc(fmt.first_head + first_user + fmt.first_tail)
        self._stop_ids = special_token_ids(tok)

    @classmethod
    def from_messages(cls, tok: Tokenizer, fmt: ChatFormat, messages: list[dict]) -> Conversation:
        """Start from a whole chat (system / user / assistant turns, the last from the user)."""
        if not messages or messages[-1].get("role") != "user":
            raise InvalidParameter("messages", "must be non-empty and end with a user message")
        conv = cls.__new__(cls)
        conv.tok, conv.fmt = tok, fmt
        text = tok.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
        conv.ids = conv._enc(text)
        conv._stop_ids = special_token_ids(tok)
        return conv

    def _enc(self, text: str) -> list[int]:
        return list(self.tok.encode(text, add_special_tokens=False))

    def add_assistant_ids(self, ids: list[int]) -> None:
        """Append a turn this model generated, by its exact token ids."""
        # A turn that ended in a special token loses it, and the end-of-turn piece below re-adds
        # the end in template form. Special, not just end, tokens: the end tokens of a model
        # (engine.backends.backend.end_token_ids) are special tokens from its generation config, which the
        # tokenizer alone does not name.
        if ids and ids[-1] in self._stop_ids:
            ids = ids[:-1]
        self.ids.extend(ids)
        self.ids.extend(self._enc(self.fmt.assistant_end))

    def add_assistant_text(self, text: str) -> None:
        """Append an assistant turn written elsewhere (another model, or a given y0)."""
        self.ids.extend(self._enc(text + self.fmt.assistant_end))

    def add_user(self, text: str) -> None:
        self.ids.extend(self._enc(self.fmt.user_head + text + self.fmt.user_tail))

    def prompt(self) -> list[int]:
        return list(self.ids)


class ContextFull(Exception):
    """The history has no room for another call. Not a SelfRefineError: the loop catches it and
    ends as `context_full` with the outputs it has."""


_formats: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def chat_format(tok: Tokenizer, system: str | None = None) -> ChatFormat:
    """The tokenizer's ChatFormat with this system text, built once per tokenizer object. The
    cache holds the tokenizer weakly: a format goes with its tokenizer, and a new tokenizer at
    a freed one's id never gets the old format."""
    try:
        per_system = _formats.setdefault(tok, {})
    except TypeError:  # a tokenizer that cannot be weakly referenced (or hashed): no cache
        return ChatFormat.from_tokenizer(tok, system)
    if system not in per_system:
        per_system[system] = ChatFormat.from_tokenizer(tok, system)
    return per_system[system]
