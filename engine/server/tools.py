"""Tool calling on the plain model name, as vLLM's own OpenAI server does it: the chat template
renders the tools; the output is read back into OpenAI `tool_calls` by `tool_choice`.

- "auto": a call is a JSON `{"name", "arguments"}` naming a tool, in `<tool_call>` tags (Qwen2.5's
  format), bare at a line's start, or in a ``` fence (`read_auto`); other text is the content.
- "required": structured outputs force a JSON array of `{"name", "parameters"}` (vLLM's schema),
  read with vLLM's parser of that array.
- a named function: the output is forced to that function's `parameters` schema and is the
  call's arguments.

vLLM is imported on first use: code that never sees tools does not pay for it.
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
EMPTY_PARAMETERS = {"type": "object", "properties": {}}


def template_parses_tools(tokenizer) -> bool:
    """Whether the tokenizer's chat template writes tool calls in the format this server reads
    (Hermes-style `<tool_call>` tags, as in Qwen2.5's template)."""
    template = getattr(tokenizer, "chat_template", None)
    if isinstance(template, Mapping):  # named templates (e.g. "default", "tool_use")
        template = "\n".join(str(t) for t in template.values())
    return isinstance(template, str) and HERMES_TAG in template


# Qwen2.5's template (in Qwen2.5-Coder-1.5B's GGUF among others) shows the model a call's shape as
# `{{"name": <function-name>, ...}}`: Jinja's escape for braces, but written inside a string, where
# it prints as is. The model then copies the doubled braces into its calls and its answers.
_DOUBLED_HINT = re.compile(r'\{\{(\\?"name\\?": <function-name>, \\?"arguments\\?": <args-json-object>)\}\}')


def tool_template(tokenizer) -> str | None:
    """The chat template to render a request with tools by: the tokenizer's own with the call's
    shape shown in single braces, where its own doubles them; None where it is fine as it is."""
    template = getattr(tokenizer, "chat_template", None)
    if not isinstance(template, str):
        return None
    fixed = _DOUBLED_HINT.sub(r"{\1}", template)
    return fixed if fixed != template else None


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
    answered: frozenset[tuple[str, str]] = frozenset()
    """`call_key`s of the history's calls that a tool message answered: "auto" does not return
    them again (a client would run the same call and send the same result back, in a loop)."""

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
    no_answer: bool = False
    """"auto": the output made no new call and holds no text: it was empty, or only calls the
    history had already answered. After tool results, serving then asks again with the tools left
    out of the prompt, for a text answer."""

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


def _required_calls(previous: str, current: str) -> list:
    """vLLM's reading of a tool_choice="required" array: the calls (as deltas) whose text lies
    in `current` past `previous`."""
    from vllm.tool_parsers.streaming import extract_required_tool_call_streaming

    delta, _ = extract_required_tool_call_streaming(
        previous_text=previous, current_text=current, tool_call_idx=None, tool_call_id_type="random"
    )
    return delta.tool_calls if delta is not None else []


def parse(use: ToolUse, text: str, finish_reason: str) -> ToolOutcome:
    """Read a whole output. The finish reason becomes "tool_calls" when "auto" or "required"
    made calls (for "required": when the grammar ran to its end); a named function keeps the
    engine's ("stop", as OpenAI answers a forced function)."""
    if use.choice == "function":
        return ToolOutcome(None, [_call(None, use.function, text)], finish_reason)
    if use.choice == "required":
        calls = [_call(d.id, d.function.name, d.function.arguments or "") for d in _required_calls("", text)]
        return ToolOutcome(None, calls, "tool_calls" if calls and finish_reason == "stop" else finish_reason)
    content, found = read_auto(text, use.names)
    calls, seen = [], set(use.answered)
    for name, args in found:
        key = call_key(name, args)
        if key in seen:  # the same call again in this answer, or one the history already answered
            continue
        seen.add(key)
        calls.append(_call(None, name, json.dumps(args, ensure_ascii=False)))
    if not calls:
        if found:  # only repeats: what the model wrote besides them is its answer
            return ToolOutcome(content or "", [], finish_reason, no_answer=not (content or "").strip())
        return ToolOutcome(text, [], finish_reason, no_answer=not text.strip())
    return ToolOutcome(content, calls if use.parallel else calls[:1], "tool_calls")


def call_key(name: str, arguments: dict) -> tuple[str, str]:
    """A call's identity: its name and its arguments as canonical JSON (key order and spacing
    do not matter)."""
    return name, json.dumps(arguments, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


_CANDIDATE = re.compile(r"<tool_call>|^[ \t]*(?:```|\{)", re.MULTILINE)
_FENCE = re.compile(r"```[A-Za-z]*[ \t]*\n?(.*?)```", re.DOTALL)
_DECODER = json.JSONDecoder()


def _as_call(obj: Any, names: set[str]) -> tuple[str, dict] | None:
    """(name, arguments) when `obj` is one call object: {"name": <one of `names`>, "arguments":
    {...}} ("parameters" is taken for "arguments", and arguments given as a JSON text of an
    object are read); else None."""
    if not isinstance(obj, dict) or obj.get("name") not in names:
        return None
    rest = set(obj) - {"name"}
    if len(rest) != 1 or not rest <= {"arguments", "parameters"}:
        return None
    args = obj[rest.pop()]
    if isinstance(args, str):
        try:
            args = json.loads(args)
        except ValueError:
            return None
    return (obj["name"], args) if isinstance(args, dict) else None


def _as_calls(body: str, names: set[str]) -> list[tuple[str, dict]] | None:
    """The calls in a JSON text that is one call object or an array of them; else None."""
    try:
        obj = json.loads(body)
    except ValueError:
        return None
    items = obj if isinstance(obj, list) and obj else [obj]
    calls = [_as_call(o, names) for o in items]
    return None if None in calls else calls


def read_auto(text: str, names: set[str]) -> tuple[str | None, list[tuple[str, dict]]]:
    """An "auto" output read as (content, calls). A call is a JSON call object (see `_as_call`)
    written in one of the ways small models write them: in `<tool_call>` tags (Qwen2.5's
    format), bare at the start of a line, or in a ``` fence (one object or an array); several
    may follow each other. Everything else is content, verbatim (None when it is only
    whitespace); a call cut off at the end of the output (max_tokens) after whole calls is dropped.
    With no calls at all, the content is the whole text."""
    parts: list[str] = []
    calls: list[tuple[str, dict]] = []
    pos = 0
    while (m := _CANDIDATE.search(text, pos)) is not None:
        start = m.start()
        got, end = _read_candidate(text, start, m.group(0), names)
        if end is None:  # runs to the end of the output unfinished: cut off by max_tokens
            if calls:  # after whole calls: dropped
                parts.append(text[pos:start])
                pos = len(text)
                break
            end = len(text)
        if got is None:
            parts.append(text[pos:end])
        else:
            parts.append(text[pos:start])
            calls += got
        pos = max(end, start + 1)
    parts.append(text[pos:])
    if not calls:
        return text, []
    content = "".join(parts).rstrip("\n")
    return (content if content.strip() else None), calls


def _read_candidate(text: str, start: int, head: str, names: set[str]) -> tuple[list | None, int | None]:
    """(the calls, None if it holds none; where the candidate ends, None if it runs unfinished to
    the end of the text) for the candidate that begins at `start` with `head` (a tag, a line's
    fence or brace)."""
    if head == HERMES_TAG:
        body_at = start + len(HERMES_TAG)
        close = text.find("</tool_call>", body_at)
        if close < 0:
            got = _as_calls(text[body_at:], names)
            return got, len(text) if got else None
        return _as_calls(text[body_at:close], names), close + len("</tool_call>")
    if head.endswith("`"):
        at = start + len(head) - 3  # the fence's first backtick
        fm = _FENCE.match(text, at)
        if fm is None:
            return None, None
        return _as_calls(fm.group(1), names), fm.end()
    at = start + len(head) - 1  # the brace
    try:
        obj, end = _DECODER.raw_decode(text, at)
    except ValueError:
        line_end = text.find("\n", at)
        return None, None if line_end < 0 else line_end
    call = _as_call(obj, names)
    return ([call] if call else None), end


def _partial_start(text: str) -> int:
    """Where a call could begin at the end of `text` (a tag's first characters, or a last line
    of blanks that a brace or fence may follow); len(text) when nowhere."""
    for k in range(min(len(HERMES_TAG) - 1, len(text)), 0, -1):
        if HERMES_TAG.startswith(text[-k:]):
            return len(text) - k
    line = text.rfind("\n") + 1
    return line if "```".startswith(text[line:].lstrip(" \t")) else len(text)


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
    as it is generated, reading as `parse` does. "auto": text streams as content up to where a
    call could begin (a `<tool_call>` tag, a brace or a fence at a line's start); from there it is
    held, and `finish` sends what `parse` reads in it: the rest of the content and the calls,
    each whole in one delta."""

    def __init__(self, use: ToolUse):
        self.use = use
        self.text = ""
        self.content_sent = ""
        self.named_started = False
        self.held = False
        """auto: whether a call may have begun (the rest waits for `finish`)."""

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
        if self.held:
            return []
        m = _CANDIDATE.search(self.text, len(self.content_sent))
        if m is not None:
            self.held = True
            upto = m.start()
        else:
            upto = _partial_start(self.text)
        return self._content(self.text[len(self.content_sent) : upto])

    def _content(self, piece: str) -> list[dict]:
        if not piece:
            return []
        self.content_sent += piece
        return [{"content": piece}]

    def finish(self, outcome: ToolOutcome | None = None) -> list[dict]:
        """Deltas for what is left once generation has ended: in "auto", the held text as
        `outcome` (the whole output's reading; read here when not given) has it."""
        if self.use.choice != "auto":
            return []
        if outcome is None:
            outcome = parse(self.use, self.text, "stop")
        out = []
        content = outcome.content or ""
        if content.startswith(self.content_sent):
            out += self._content(content[len(self.content_sent) :])
        calls = [{"index": k, **c} for k, c in enumerate(outcome.tool_calls)]
        if calls:
            out.append({"tool_calls": calls})
        return out
