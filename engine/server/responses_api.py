"""POST /v1/responses (OpenAI's Responses API) as a front end of the chat path, as vLLM's server has it.

A request becomes the chat completions body it stands for (`chat_body`): `instructions` a system
message, `input` items messages (`function_call` an assistant tool call, `function_call_output` a
tool message), `max_output_tokens` `max_tokens`, `text.format` `response_format`, flat tools chat
tools. `Serving` runs it like any chat request; the answer is rendered as a Response object
(`ResponseShape.render`) or streamed as Responses events (`ResponsesRenderer`).

Nothing is stored: `store` is accepted (answered `store: false`); `previous_response_id` and
`conversation` are a 400, as is every parameter this module does not know.
"""

from __future__ import annotations

import itertools
import json
import time
import uuid
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, StrictBool, StrictInt, ValidationError

from selfrefine.engine.errors import InvalidParameter
from selfrefine.engine.server.events import Renderer, StreamEnd, StreamFailed, TextDelta, failure_body
from selfrefine.engine.server.metrics import Metrics
from selfrefine.engine.server.responses import Plan

_NO_STORE = (
    "is not supported: this server stores no responses (nor conversations), so there is nothing "
    "to continue from; send the whole conversation in `input` (earlier messages, function_call "
    "and function_call_output items included)"
)
_QUIET = (None, False, [], {}, "", 0)
"""Values of a parameter this server does not act on that still mean "nothing asked"."""
_IGNORED_WITH_ANY_VALUE = ("user", "safety_identifier", "prompt_cache_key", "stream_options")
"""Accepted and not used (as the chat path takes `user`): hints that change no output."""
_ALLOWED_VALUES = {
    "truncation": ("disabled",),
    "service_tier": ("auto", "default"),
}
"""Parameters accepted only with these values (the ones that describe what the server does)."""
_ROLES = ("user", "system", "developer", "assistant")
_TEXT_PARTS = {"input_text", "output_text", "text"}


class ResponsesRequest(BaseModel):
    """The fields of a Responses request this server honours; the rest land in `model_extra`
    and are checked by `check_extra`."""

    model_config = ConfigDict(extra="allow")

    model: str
    input: str | list[Any]
    instructions: str | None = None
    max_output_tokens: StrictInt | None = None
    temperature: float | None = None
    top_p: float | None = None
    text: dict[str, Any] | None = None
    tools: list[Any] | None = None
    tool_choice: str | dict[str, Any] | None = None
    parallel_tool_calls: StrictBool | None = None
    stream: StrictBool | None = False
    store: StrictBool | None = None
    metadata: dict[str, str] | None = None
    selfrefine: Any = None
    """The loop options of the refining name, exactly as on chat completions."""

    def check_extra(self) -> None:
        """400 for a parameter that asks for what this server does not do, naming it."""
        for name, value in (self.model_extra or {}).items():
            if name in ("previous_response_id", "conversation"):
                if value is not None:
                    raise InvalidParameter(name, _NO_STORE)
            elif name in _IGNORED_WITH_ANY_VALUE:
                if name == "stream_options" and value is not None and not self.stream:
                    raise InvalidParameter(name, "is only allowed with stream=true")
            elif name in _ALLOWED_VALUES:
                if value is not None and value not in _ALLOWED_VALUES[name]:
                    raise InvalidParameter(
                        name, f"{value!r} is not supported; this server takes {list(_ALLOWED_VALUES[name])}"
                    )
            elif value not in _QUIET and not (name == "reasoning" and _all_none(value)):
                raise InvalidParameter(name, "is not supported by this server's /v1/responses")


def _all_none(value: Any) -> bool:
    return isinstance(value, dict) and all(v is None for v in value.values())


# ------------------------------------------------------------------ request -> chat body


def _new_id(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex}"


def _part_text(parts: Any, param: str, kinds: set[str]) -> str:
    """The text of a content given as a string or a list of text parts (`kinds`)."""
    if isinstance(parts, str):
        return parts
    if not isinstance(parts, list):
        raise InvalidParameter(param, "must be a string or a list of content parts")
    out = []
    for j, part in enumerate(parts):
        kind = part.get("type") if isinstance(part, dict) else None
        if kind not in kinds or not isinstance(part.get("text"), str):
            raise InvalidParameter(
                f"{param}.{j}",
                f"only text content parts are supported ({', '.join(sorted(kinds))} with a string `text`)",
            )
        out.append(part["text"])
    return "".join(out)


def input_messages(items: str | list[Any]) -> list[dict]:
    """The chat messages of a Responses `input`: a string (one user message) or a list of items:
    messages (role user / system / developer / assistant, content a string or text parts),
    `function_call` items (the assistant's tool calls; consecutive ones, and ones right after an
    assistant message, join that message) and `function_call_output` items (tool messages)."""
    if isinstance(items, str):
        if not items.strip():
            raise InvalidParameter("input", "is empty")
        return [{"role": "user", "content": items}]
    if not items:
        raise InvalidParameter("input", "is empty: give a string or at least one item")
    messages: list[dict] = []
    calls: dict[str, str] = {}  # call_id -> function name, for the outputs that answer them
    for i, item in enumerate(items):
        param = f"input.{i}"
        if not isinstance(item, dict):
            raise InvalidParameter(param, "must be an object (a message or a function_call(_output) item)")
        kind = item.get("type", "message" if "role" in item else None)
        if kind == "message":
            messages.append(_message(item, param))
        elif kind == "function_call":
            _add_call(messages, item, param)
            calls[item["call_id"]] = item["name"]
        elif kind == "function_call_output":
            messages.append(_call_output(item, param, calls))
        elif kind == "item_reference":
            raise InvalidParameter(f"{param}.type", "item_reference " + _NO_STORE)
        else:
            raise InvalidParameter(
                f"{param}.type",
                f"unsupported item type {kind!r}; this server takes message, function_call and "
                "function_call_output items",
            )
    return messages


def _message(item: dict, param: str) -> dict:
    role = item.get("role")
    if role not in _ROLES:
        raise InvalidParameter(f"{param}.role", f"must be one of {list(_ROLES)}, not {role!r}")
    if "content" not in item:
        raise InvalidParameter(f"{param}.content", "is required")
    return {"role": role, "content": _part_text(item["content"], f"{param}.content", _TEXT_PARTS)}


def _add_call(messages: list[dict], item: dict, param: str) -> None:
    """Add a function_call item to `messages` as a tool call of the assistant message it follows
    (or of a new one)."""
    for key in ("call_id", "name", "arguments"):
        if not isinstance(item.get(key), str) or (key != "arguments" and not item[key]):
            raise InvalidParameter(f"{param}.{key}", "is required (a string)")
    try:
        args = json.loads(item["arguments"])
    except ValueError:
        args = None
    if not isinstance(args, dict):
        raise InvalidParameter(f"{param}.arguments", "must be a JSON object, as text")
    call = {
        "id": item["call_id"],
        "type": "function",
        "function": {"name": item["name"], "arguments": item["arguments"]},
    }
    last = messages[-1] if messages else None
    if last is not None and last["role"] == "assistant":
        last.setdefault("tool_calls", []).append(call)
    else:
        messages.append({"role": "assistant", "content": "", "tool_calls": [call]})


def _call_output(item: dict, param: str, calls: dict[str, str]) -> dict:
    """The tool message of a function_call_output item (`calls`: the names of the calls so far)."""
    call_id = item.get("call_id")
    if not isinstance(call_id, str) or not call_id:
        raise InvalidParameter(f"{param}.call_id", "is required (a string)")
    if call_id not in calls:
        raise InvalidParameter(
            f"{param}.call_id",
            f"{call_id!r} answers no function_call item before it: this server stores no "
            "responses, so send the function_call item itself in `input` too",
        )
    if "output" not in item:
        raise InvalidParameter(f"{param}.output", "is required")
    output = _part_text(item["output"], f"{param}.output", _TEXT_PARTS)
    return {"role": "tool", "tool_call_id": call_id, "name": calls[call_id], "content": output}


def _response_format(text: dict | None) -> dict | None:
    """The chat `response_format` of `text.format` (None: plain text)."""
    if not text:
        return None
    unknown = set(text) - {"format", "verbosity"}
    if unknown:
        raise InvalidParameter(f"text.{sorted(unknown)[0]}", "is not supported by this server")
    if text.get("verbosity") not in (None, "medium"):
        raise InvalidParameter("text.verbosity", "is not supported by this server (only 'medium')")
    fmt = text.get("format")
    if fmt is None:
        return None
    if not isinstance(fmt, dict):
        raise InvalidParameter("text.format", "must be an object with a `type`")
    kind = fmt.get("type")
    if kind == "text":
        return None
    if kind == "json_object":
        return {"type": "json_object"}
    if kind != "json_schema":
        raise InvalidParameter("text.format.type", f"must be text, json_schema or json_object, not {kind!r}")
    schema = fmt.get("schema")
    if not isinstance(schema, dict) or not schema:
        raise InvalidParameter("text.format.schema", "is required: the JSON schema of the answer")
    spec = {"name": fmt.get("name") or "answer", "schema": schema}
    for key in ("strict", "description"):
        if fmt.get(key) is not None:
            spec[key] = fmt[key]
    return {"type": "json_schema", "json_schema": spec}


def _tools(tools: list[Any] | None) -> list[dict] | None:
    """Chat tools of the flat Responses function tools {type, name, description, parameters, strict}."""
    if tools is None:
        return None
    out = []
    for i, t in enumerate(tools):
        if not isinstance(t, dict) or t.get("type") != "function":
            kind = t.get("type") if isinstance(t, dict) else None
            raise InvalidParameter(
                f"tools.{i}.type", f"only function tools are supported on this server, not {kind!r}"
            )
        unknown = set(t) - {"type", "name", "description", "parameters", "strict"}
        if unknown:
            raise InvalidParameter(f"tools.{i}.{sorted(unknown)[0]}", "is not a field of a function tool")
        fn = {k: t[k] for k in ("name", "description", "parameters", "strict") if t.get(k) is not None}
        out.append({"type": "function", "function": fn})
    return out


def _tool_choice(choice: str | dict | None) -> str | dict | None:
    """The chat `tool_choice` of a Responses one: auto / required / none, or {type: function, name}."""
    if choice is None or isinstance(choice, str):
        if choice not in (None, "auto", "required", "none"):
            raise InvalidParameter(
                "tool_choice", f'unsupported value {choice!r}; use "auto", "required" or "none"'
            )
        return choice
    if choice.get("type") != "function" or set(choice) != {"type", "name"}:
        raise InvalidParameter(
            "tool_choice", f'unsupported value {choice!r}; use {{"type": "function", "name": ...}}'
        )
    if not isinstance(choice["name"], str) or not choice["name"]:
        raise InvalidParameter("tool_choice.name", "must be a function name")
    return {"type": "function", "function": {"name": choice["name"]}}


def chat_body(req: ResponsesRequest) -> dict:
    """The /v1/chat/completions body that `req` stands for (never streamed: streaming is the
    Responses renderer's)."""
    req.check_extra()
    messages = [{"role": "system", "content": req.instructions}] if req.instructions else []
    messages += input_messages(req.input)
    body: dict[str, Any] = {"model": req.model, "messages": messages}
    if req.max_output_tokens is not None:
        body["max_tokens"] = req.max_output_tokens
    for key in ("temperature", "top_p", "parallel_tool_calls", "selfrefine"):
        if getattr(req, key) is not None:
            body[key] = getattr(req, key)
    fmt = _response_format(req.text)
    if fmt is not None:
        body["response_format"] = fmt
    tools = _tools(req.tools)
    if tools:  # an empty list (the openai-agents SDK sends one without tools) is no tools, as on OpenAI
        body["tools"] = tools
    choice = _tool_choice(req.tool_choice)
    if choice is not None and (tools or choice != "auto"):  # "auto" without tools asks nothing
        body["tool_choice"] = choice
    return body


_PARAMS = [  # chat parameter (prefix) -> its Responses name, for errors the chat planning raises
    ("max_completion_tokens", "max_output_tokens"),
    ("max_tokens", "max_output_tokens"),
    ("response_format", "text.format"),
    ("tool_choice.function.name", "tool_choice.name"),
    ("messages", "input"),
]


def responses_param(param: str | None) -> str | None:
    """The Responses name of a chat parameter named in an error (tools.0.function.name -> tools.0.name)."""
    if param is None:
        return None
    parts = param.split(".")
    if len(parts) >= 3 and parts[0] == "tools" and parts[2] == "function":
        return ".".join(parts[:2] + parts[3:])
    for chat, ours in _PARAMS:
        if param == chat or param.startswith(chat + "."):
            return ours if chat == "messages" else ours + param[len(chat) :]
    return param


def renamed(exc: Exception) -> Exception:
    """An error of the chat planning with its parameter called by its Responses name."""
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        param = ".".join(str(p) for p in first.get("loc", ()))
        return InvalidParameter(responses_param(param) or "body", str(first.get("msg")))
    if isinstance(exc, InvalidParameter):
        new = responses_param(exc.param)
        if new != exc.param:
            message = str(exc)
            message = message[len(exc.param) + 2 :] if message.startswith(exc.param + ": ") else message
            return InvalidParameter(new, message)
    return exc


# ------------------------------------------------------------------ chat answer -> Response


def _usage(chat_usage: dict) -> dict:
    return {
        "input_tokens": chat_usage["prompt_tokens"],
        "input_tokens_details": {"cached_tokens": chat_usage["prompt_tokens_details"]["cached_tokens"]},
        "output_tokens": chat_usage["completion_tokens"],
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": chat_usage["total_tokens"],
    }


def message_item(item_id: str, text: str, status: str) -> dict:
    return {
        "id": item_id,
        "type": "message",
        "role": "assistant",
        "status": status,
        "content": [_part(text)],
    }


def function_call_item(call: dict, status: str = "completed") -> dict:
    return {
        "id": _new_id("fc"),
        "type": "function_call",
        "call_id": call["id"],
        "name": call["function"]["name"],
        "arguments": call["function"]["arguments"],
        "status": status,
    }


class ResponseShape:
    """What a Response object echoes of its request, and the rendering of the chat answer."""

    def __init__(self, req: ResponsesRequest, chat: dict):
        self.id = _new_id("resp")
        self.message_id = _new_id("msg")
        self.created_at = int(time.time())
        self.req = req
        self.chat = chat

    def shell(self, status: str, output: list[dict] | None = None, **extra) -> dict:
        """The Response object with `status` and `output` (usage None until known)."""
        req, fmt = self.req, self.chat.get("response_format")
        text_format: dict = {"type": "text"}
        if fmt is not None and fmt["type"] == "json_schema":
            text_format = {"type": "json_schema", **fmt["json_schema"]}
        elif fmt is not None:
            text_format = {"type": fmt["type"]}
        choice = req.tool_choice if req.tool_choice is not None else "auto"
        return {
            "id": self.id,
            "object": "response",
            "created_at": self.created_at,
            "model": req.model,
            "status": status,
            "background": False,
            "error": None,
            "incomplete_details": None,
            "instructions": req.instructions,
            "max_output_tokens": req.max_output_tokens,
            "metadata": req.metadata or {},
            "output": output or [],
            "parallel_tool_calls": req.parallel_tool_calls is not False,
            "previous_response_id": None,
            "store": False,
            "temperature": 0.7 if req.temperature is None else req.temperature,
            "text": {"format": text_format},
            "tool_choice": choice,
            "tools": req.tools or [],
            "top_p": 1.0 if req.top_p is None else req.top_p,
            "truncation": "disabled",
            "usage": None,
            **extra,
        }

    def render(self, answer: dict) -> dict:
        """The Response object of a chat completion body (one choice): a message item for the
        content (always, when there are no calls), a function_call item per tool call, status
        "incomplete" when the output was cut at max_output_tokens, the loop summary under
        `selfrefine` on the refining name."""
        choice = answer["choices"][0]
        msg = choice["message"]
        cut = choice["finish_reason"] == "length"
        status = "incomplete" if cut else "completed"
        output = []
        calls = msg.get("tool_calls") or []
        if msg.get("content") or not calls:
            output.append(message_item(self.message_id, msg.get("content") or "", status))
        output += [function_call_item(c, status) for c in calls]
        extra = {"selfrefine": answer["selfrefine"]} if "selfrefine" in answer else {}
        body = self.shell(status, output, **extra)
        body["usage"] = _usage(answer["usage"])
        if cut:
            body["incomplete_details"] = {"reason": "max_output_tokens"}
        return body


# ------------------------------------------------------------------ streaming


class ResponsesRenderer(Renderer):
    """The Responses events of `plan` (`answer(results)`: the chat completion body of the
    results). Without tools the message item opens at once and its text streams as it is
    generated; with tools the output is read whole first (it may be calls), then each item is
    sent. A failure ends the stream with `response.failed`, the error under `response.error`."""

    def __init__(self, plan: Plan, shape: ResponseShape, metrics: Metrics, answer: Callable[[list], dict]):
        self.shape, self.metrics, self.answer = shape, metrics, answer
        self.seq = itertools.count()
        self.live = plan.tools is None  # the text streams as it comes: it can only be the message
        self.streamed = ""
        self.ids = {"item_id": shape.message_id, "output_index": 0, "content_index": 0}

    def _event(self, kind: str, **fields) -> str:
        data = json.dumps({"type": kind, "sequence_number": next(self.seq), **fields})
        return f"event: {kind}\ndata: {data}\n\n"

    def opening(self) -> list[str]:
        out = [
            self._event("response.created", response=self.shape.shell("in_progress")),
            self._event("response.in_progress", response=self.shape.shell("in_progress")),
        ]
        if self.live:
            item = message_item(self.shape.message_id, "", "in_progress")
            out.append(
                self._event("response.output_item.added", output_index=0, item={**item, "content": []})
            )
            out.append(self._event("response.content_part.added", **self.ids, part=_part("")))
        return out

    # loop progress sends nothing: the summary comes with the final response

    def on_text(self, ev: TextDelta) -> list[str]:
        if not (self.live and ev.text):
            return []
        self.streamed += ev.text
        return [self._event("response.output_text.delta", **self.ids, delta=ev.text, logprobs=[])]

    def on_end(self, ev: StreamEnd) -> list[str]:
        final = self.shape.render(self.answer(ev.results))
        out = []
        for index, item in enumerate(final["output"]):
            if item["type"] == "function_call":
                out += self._call_events(index, item)
            else:
                text, streamed = item["content"][0]["text"], self.streamed
                rest = text[len(streamed) :] if self.live and text.startswith(streamed) else text
                out += self._text_events(index, item, delta=rest)
        return [*out, self._event("response.completed", response=final)]

    def on_failed(self, ev: StreamFailed) -> list[str]:
        body = failure_body(ev, self.metrics, self.shape.id)
        error = {"code": body["error"]["code"], "message": body["error"]["message"]}
        return [self._event("response.failed", response=self.shape.shell("failed", error=error))]

    def _text_events(self, index: int, item: dict, delta: str | None) -> list[str]:
        """The events of a message item from `output_item.added` (unless it opened live) to its done."""
        out, text = [], item["content"][0]["text"]
        ids = {"item_id": item["id"], "output_index": index, "content_index": 0}
        if not self.live:
            out.append(
                self._event("response.output_item.added", output_index=index, item={**item, "content": []})
            )
            out.append(self._event("response.content_part.added", **ids, part=_part("")))
        if delta:
            out.append(self._event("response.output_text.delta", **ids, delta=delta, logprobs=[]))
        out.append(self._event("response.output_text.done", **ids, text=text, logprobs=[]))
        out.append(self._event("response.content_part.done", **ids, part=_part(text)))
        out.append(self._event("response.output_item.done", output_index=index, item=item))
        return out

    def _call_events(self, index: int, item: dict) -> list[str]:
        ids = {"item_id": item["id"], "output_index": index}
        name, arguments = item["name"], item["arguments"]
        return [
            self._event("response.output_item.added", output_index=index, item={**item, "arguments": ""}),
            self._event("response.function_call_arguments.delta", **ids, delta=arguments),
            self._event("response.function_call_arguments.done", **ids, name=name, arguments=arguments),
            self._event("response.output_item.done", output_index=index, item=item),
        ]


def _part(text: str) -> dict:
    return {"type": "output_text", "text": text, "annotations": [], "logprobs": []}
