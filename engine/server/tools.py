"""Tool calling on the plain model name, as vLLM's own OpenAI server does it.

The tools are rendered into the prompt by the model's chat template. What the model writes is
read back into OpenAI `tool_calls` according to `tool_choice`:

- "auto": the model decides. Its text is read with vLLM's Hermes parser (`<tool_call>{"name":
  ..., "arguments": ...}</tool_call>`, the format of Qwen2.5's template): text outside the tags
  is the message content. An output that is nothing but that JSON object, naming one of the
  tools, is a call too: Qwen2.5-Coder-0.5B writes its calls so, without the tags.
- "required": the output is forced by structured outputs to a JSON array of
  `{"name": <one of the tools>, "parameters": <its arguments>}`, read with vLLM's parser of that
  array (the schema is the one vLLM builds).
- a named function: the output is forced to that function's arguments (its `parameters`
  schema); the whole output is the call's arguments.

vLLM is imported on first use, so code that never sees tools does not pay for the import.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from selfrefine.engine.errors import InvalidParameter

HERMES_TAG = "<tool_call>"
_BARE_NAME = re.compile(r'\{\s*"name"\s*:\s*"([^"\\]*)"')
EMPTY_PARAMETERS = {"type": "object", "properties": {}}


def template_parses_tools(tokenizer) -> bool:
    """Whether the tokenizer's chat template writes tool calls in the format this server reads
    (Hermes-style `<tool_call>` tags, as in Qwen2.5's template)."""
    template = getattr(tokenizer, "chat_template", None)
    if isinstance(template, Mapping):  # named templates (e.g. "default", "tool_use")
        template = "\n".join(str(t) for t in template.values())
    return isinstance(template, str) and HERMES_TAG in template


@dataclass(frozen=True)
class ToolUse:
    """A request's tools and what it asks of them; None stands for no tools or tool_choice "none"."""

    tools: list[dict]
    """OpenAI tool dicts, as the chat template takes them."""
    choice: str
    """auto | required | function (a named function, `function`)."""
    function: str | None = None
    parallel: bool = True
    """False: at most one call per answer (OpenAI's parallel_tool_calls=false)."""

    @property
    def forced(self) -> bool:
        """Whether structured outputs force a call (required or a named function)."""
        return self.choice != "auto"

    @property
    def names(self) -> set[str]:
        return {t["function"]["name"] for t in self.tools}

    def _parameters(self) -> dict[str, dict]:
        return {
            t["function"]["name"]: t["function"].get("parameters") or EMPTY_PARAMETERS for t in self.tools
        }

    def schema(self) -> dict | None:
        """The JSON schema that forces a call, as vLLM builds it; None for "auto"."""
        params = self._parameters()
        if self.choice == "function":
            return params[self.function]
        if self.choice != "required":
            return None
        defs: dict[str, Any] = {}
        calls = []
        for name, p in params.items():
            p = copy.deepcopy(p)
            # each schema's $defs move to the top, where the array's "#/$defs/..." references point
            for key, d in (p.pop("$defs", None) or {}).items():
                if key in defs and defs[key] != d:
                    raise InvalidParameter("tools", f"two tools define $defs.{key} differently")
                defs[key] = d
            calls.append(
                {
                    "type": "object",
                    "properties": {"name": {"type": "string", "enum": [name]}, "parameters": p},
                    "required": ["name", "parameters"],
                    "additionalProperties": False,
                }
            )
        schema: dict[str, Any] = {"type": "array", "minItems": 1, "items": {"anyOf": calls}}
        if not self.parallel:
            schema["maxItems"] = 1
        if defs:
            schema["$defs"] = defs
        return schema


@dataclass
class ToolOutcome:
    """A finished choice read as an assistant message: its text content and its tool calls."""

    content: str | None
    tool_calls: list[dict] = field(default_factory=list)
    finish_reason: str = "stop"

    def message(self) -> dict:
        msg: dict[str, Any] = {"role": "assistant", "content": self.content}
        if self.tool_calls:
            msg["tool_calls"] = self.tool_calls
        return msg


def _call(tool_id: str | None, name: str, arguments: str) -> dict:
    return {
        "id": tool_id or _new_id(),
        "type": "function",
        "function": {"name": name, "arguments": arguments},
    }


def _new_id() -> str:
    from vllm.renderers.chat_utils import make_tool_call_id

    return make_tool_call_id()


def _hermes(tokenizer):
    from vllm.tool_parsers.hermes_tool_parser import Hermes2ProToolParser

    return Hermes2ProToolParser(tokenizer)


def _required_calls(previous: str, current: str) -> list:
    """vLLM's reading of a tool_choice="required" array: the calls (as deltas) whose text lies
    in `current` past `previous`."""
    from vllm.tool_parsers.streaming import extract_required_tool_call_streaming

    delta, _ = extract_required_tool_call_streaming(
        previous_text=previous, current_text=current, tool_call_idx=None, tool_call_id_type="random"
    )
    return delta.tool_calls if delta is not None else []


def parse(use: ToolUse, text: str, finish_reason: str, tokenizer) -> ToolOutcome:
    """Read a whole output. The finish reason becomes "tool_calls" when "auto" or "required"
    made calls (for "required": when the grammar ran to its end); a named function keeps the
    engine's ("stop", as OpenAI answers a forced function)."""
    if use.choice == "function":
        return ToolOutcome(None, [_call(None, use.function, text)], finish_reason)
    if use.choice == "required":
        calls = [_call(d.id, d.function.name, d.function.arguments or "") for d in _required_calls("", text)]
        return ToolOutcome(None, calls, "tool_calls" if calls and finish_reason == "stop" else finish_reason)
    info = _hermes(tokenizer).extract_tool_calls(text, None)
    if not info.tools_called:
        bare = _bare_call(text, use.names)
        if bare is None:
            return ToolOutcome(text, [], finish_reason)
        arguments = json.dumps(bare["arguments"], ensure_ascii=False)
        return ToolOutcome(None, [_call(None, bare["name"], arguments)], "tool_calls")
    calls = [_call(c.id, c.function.name, c.function.arguments) for c in info.tool_calls]
    return ToolOutcome(info.content or None, calls if use.parallel else calls[:1], "tool_calls")


def _bare_call(text: str, names: set[str]) -> dict | None:
    """The call when the whole output is one Hermes call object without its tags:
    {"name": <one of `names`>, "arguments": {...}}; else None."""
    try:
        obj = json.loads(text)
    except ValueError:
        return None
    if (
        isinstance(obj, dict)
        and set(obj) == {"name", "arguments"}
        and obj["name"] in names
        and isinstance(obj["arguments"], dict)
    ):
        return obj
    return None


def _bare_start(text: str, names: set[str]) -> bool | None:
    """Whether an output that begins with `text` is a tagless call (see `_bare_call`): True once
    it has named one of the tools, False once it cannot, None while it is too short to tell."""
    t = text.lstrip()
    if not t:
        return None
    m = _BARE_NAME.match(t)
    if m:
        return m.group(1) in names
    compact = re.sub(r"\s+", "", t)
    head = '{"name":"'
    if head.startswith(compact) or (compact.startswith(head) and '"' not in compact[len(head) :]):
        return None
    return False


def _delta_call(d) -> dict:
    """A vLLM DeltaToolCall as OpenAI's streamed tool call: index, then (first chunk of a call)
    id, type and function.name, and the next piece of function.arguments."""
    out: dict[str, Any] = {"index": d.index}
    if d.id:
        out["id"] = d.id
        out["type"] = "function"
    fn = d.function
    if isinstance(fn, Mapping):
        name, arguments = fn.get("name"), fn.get("arguments")
    else:
        name, arguments = (fn.name, fn.arguments) if fn is not None else (None, None)
    out["function"] = {**({"name": name} if name else {}), "arguments": arguments or ""}
    return out


class ToolStream:
    """One choice's growing text turned into OpenAI chat deltas (`content` and `tool_calls`)
    by the same readers as `parse`, as it is generated."""

    def __init__(self, use: ToolUse, tokenizer):
        self.use = use
        self.text = ""
        self.content_sent = ""
        self.named_started = False
        self.parser = _hermes(tokenizer) if use.choice == "auto" else None
        self.bare: bool | None = None
        """auto: whether the output is a tagless call (None: not known yet, text held back)."""
        self.fed = ""
        """auto: the text the Hermes parser has read (a tagless call behind a virtual tag)."""

    def feed(self, piece: str) -> list[dict]:
        """The deltas that `piece`, the text generated next, makes (possibly none)."""
        previous, self.text = self.text, self.text + piece
        if not piece:
            return []
        if self.use.choice == "function":
            if self.named_started:
                return [{"tool_calls": [{"index": 0, "function": {"arguments": piece}}]}]
            self.named_started = True
            return [{"tool_calls": [{"index": 0, **_call(None, self.use.function, self.text)}]}]
        if self.use.choice == "required":
            calls = [_delta_call(d) for d in _required_calls(previous, self.text)]
            return [{"tool_calls": calls}] if calls else []
        if self.bare is None:
            self.bare = _bare_start(self.text, self.use.names)
            if self.bare is None:
                return []
        current = (HERMES_TAG if self.bare else "") + self.text
        previous, self.fed = self.fed, current
        piece = current[len(previous) :]
        d = self.parser.extract_tool_calls_streaming(previous, current, piece, [], [], [], None)
        if d is None:
            return []
        delta: dict[str, Any] = {}
        if d.content:
            self.content_sent += d.content
            delta["content"] = d.content
        calls = [_delta_call(c) for c in d.tool_calls if self.use.parallel or c.index == 0]
        if calls:
            delta["tool_calls"] = calls
        return [delta] if delta else []

    def finish(self) -> list[dict]:
        """Deltas for what is left once generation has ended: text the parser held back because
        it could have begun a `<tool_call>` tag."""
        if (
            self.parser is not None
            and not self.bare
            and HERMES_TAG not in self.text
            and self.text.startswith(self.content_sent)
        ):
            rest = self.text[len(self.content_sent) :]
            if rest:
                self.content_sent += rest
                return [{"content": rest}]
        return []
