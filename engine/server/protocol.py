"""Request models of the OpenAI-compatible API, plus the `selfrefine` extension field.

Each request model validates its own fields (pydantic) and turns itself into the engine's
types (`to_sampling`, `SelfRefineOptions.to_config`); anything out of range raises
`InvalidParameter` naming the parameter, which the server answers with a 400. The loop options
of the `selfrefine` field are those of the table in engine.core.options.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    StrictBool,
    StrictInt,
    create_model,
    model_validator,
)

from selfrefine.engine.core import options
from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.prompts import Prompts
from selfrefine.engine.errors import InvalidParameter
from selfrefine.engine.server.tools import ToolUse, call_key
from selfrefine.engine.types import Sampling
from selfrefine.grammars.feedback import FeedbackSpec

MAX_N = 16
MAX_TOP_LOGPROBS = 20
"""chat `top_logprobs`: at most this many alternatives per token (OpenAI's and vLLM's limit)."""
MAX_COMPLETION_LOGPROBS = 5
"""completions `logprobs`: at most this many alternatives per token (OpenAI's limit)."""
UNSUPPORTED = (
    "tools",  # chat declares these two (tool calling); on /v1/completions they stay unsupported
    "tool_choice",
    "functions",  # OpenAI's deprecated forerunners of tools / tool_choice
    "function_call",
    "logit_bias",
    "audio",
    "echo",
    "suffix",
    "best_of",
)


class _RequestFields(BaseModel):
    """The `selfrefine` field's own keys (not loop options), its name checks and `to_config`;
    SelfRefineOptions adds the loop options of the table in engine.core.options."""

    model_config = ConfigDict(extra="forbid")

    task: dict[str, str] | None = None
    """Task-specific prompts: any of `feedback` (grammar mode), `feedback_text`, `refine`,
    `system`, `guide` / `guide_text` (the rubric, stated once as the first review turn; "" for none);
    templates may use {input}, {aspects}, {low}, {high}, {stop_phrase}, {round}."""
    return_trace: bool = False
    """Return the loop's full trace (every call, feedback, scores, tokens) in the response."""
    debug_fault: Literal["draft", "feedback", "refine"] | None = None
    """Only with `serve --debug-faults`: make the engine call of this stage fail (tests the 500 path)."""

    _spelled: dict[str, str] = PrivateAttr(default_factory=dict)
    """Options given under an old spelling: {name: the spelling}, for errors naming them so."""

    @model_validator(mode="wrap")
    @classmethod
    def _names(cls, data: Any, handler: Any) -> Any:
        # Old spellings (max_rounds) become the option's name, and an unknown key is a 400 naming it.
        if not isinstance(data, dict):
            return handler(data)
        own = {k: v for k, v in data.items() if k in _OWN}
        rest = {k: v for k, v in data.items() if k not in _OWN}
        loop = options.canonical(rest, options.SERVER, "selfrefine.", also=_OWN)
        made = handler({**own, **loop})
        made._spelled = options.spelled(rest, options.SERVER)
        return made

    def to_config(self, sampling: Sampling, answer_schema: dict | None) -> RefineConfig:
        values = {o.name: getattr(self, o.name) for o in options.on(options.SERVER)}
        chars = values.pop("feedback_point_chars")
        if chars:
            values["feedback_point_words"] = max(2, -(-chars // 6))
        with options.named_as(self._spelled):
            cfg = options.to_config(values, sampling=sampling, answer_schema=answer_schema)
        return replace(cfg, prompts=self._prompts(cfg.spec))

    def _prompts(self, spec: FeedbackSpec) -> Prompts:
        if not self.task:
            return Prompts()
        names = {
            "feedback": "feedback_grammar",
            "feedback_text": "feedback_text",
            "refine": "refine",
            "system": "system",
            "guide": "guide_grammar",  # "" turns the guide off
            "guide_text": "guide_text",
        }
        unknown = set(self.task) - set(names)
        if unknown:
            raise InvalidParameter("selfrefine.task", f"unknown keys {sorted(unknown)}; use {sorted(names)}")
        prompts = Prompts(**{names[k]: v for k, v in self.task.items()})
        for key in ("feedback", "feedback_text", "refine", "guide", "guide_text"):
            if self.task.get(key):
                try:
                    prompts.render(names[key], spec)
                except (KeyError, IndexError, ValueError) as exc:
                    raise InvalidParameter(f"selfrefine.task.{key}", f"bad template: {exc!r}") from exc
        return prompts


_OWN = tuple(_RequestFields.model_fields)


def _field(o: options.Option):
    if isinstance(o.default, (list, tuple)) and o.kind != "scale":
        return Field(default_factory=lambda: options.surface_default(o, options.SERVER), description=o.doc())
    return Field(default=options.surface_default(o, options.SERVER), description=o.doc())


SelfRefineOptions = create_model(
    "SelfRefineOptions",
    __base__=_RequestFields,
    __doc__="""The `selfrefine` extension field: how the loop runs for a `-selfrefine` model.

    OpenAI clients send it with `extra_body={"selfrefine": {...}}`. Unknown keys are a 400.""",
    __module__=__name__,
    **{o.name: (options.py_type(o, options.SERVER), _field(o)) for o in options.on(options.SERVER)},
)


class JsonSchemaFormat(BaseModel):
    name: str = "answer"
    schema_: dict[str, Any] = Field(default_factory=dict, alias="schema")
    strict: bool | None = None
    description: str | None = None


class ResponseFormat(BaseModel):
    """`text`, `json_object` (any JSON object) or `json_schema` (this schema)."""

    type: Literal["text", "json_object", "json_schema"]
    json_schema: JsonSchemaFormat | None = None

    def schema_dict(self) -> dict | None:
        if self.type == "text":
            return None
        if self.type == "json_object":
            return {"type": "object"}
        if self.json_schema is None or not self.json_schema.schema_:
            raise InvalidParameter("response_format.json_schema", "json_schema.schema is required")
        return self.json_schema.schema_


class StreamOptions(BaseModel):
    include_usage: bool = False


class BaseCompletionRequest(BaseModel):
    """Fields shared by chat and text completions."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)

    model: str
    temperature: float | None = None
    """0-2; default 0.7."""
    top_p: float | None = None
    max_tokens: int | None = None
    """Per draft / rewrite / plain call."""
    stop: str | list[str] | None = None
    seed: int | None = None
    n: int = 1
    """n > 1: n independent generations or loops, one choice each."""
    response_format: ResponseFormat | None = None
    stream: bool = False
    stream_options: StreamOptions | None = None
    user: str | None = Field(default=None, max_length=256)
    selfrefine: SelfRefineOptions | None = None

    @model_validator(mode="after")
    def _check(self):
        for name in UNSUPPORTED:
            value = (self.model_extra or {}).get(name)
            if value not in (None, False, [], {}, 0, "", "none"):
                if name in ("tools", "tool_choice"):
                    raise InvalidParameter(name, "is only supported on /v1/chat/completions")
                if name in ("functions", "function_call"):
                    raise InvalidParameter(name, "is not supported (OpenAI deprecated it): use tools")
                raise InvalidParameter(name, "is not supported by this server")
        if not 1 <= self.n <= MAX_N:
            raise InvalidParameter("n", f"must be in [1, {MAX_N}]")
        if self.stream_options is not None and not self.stream:
            raise InvalidParameter("stream_options", "is only allowed with stream=true")
        return self

    def _max_tokens(self, default: int) -> int:
        return self.max_tokens if self.max_tokens is not None else default

    def to_sampling(self, default_max_tokens: int, index: int = 0) -> Sampling:
        """Sampling for choice `index` (seeds differ per choice so n > 1 gives n samples)."""
        if self.seed is not None and not -(2**63) <= self.seed < 2**63 - MAX_N:
            raise InvalidParameter("seed", "must fit in a signed 64-bit integer")
        stop = [self.stop] if isinstance(self.stop, str) else list(self.stop or [])
        if len(stop) > 16 or any(not s for s in stop):
            raise InvalidParameter("stop", "at most 16 non-empty strings")
        try:
            return Sampling(
                temperature=0.7 if self.temperature is None else self.temperature,
                top_p=1.0 if self.top_p is None else self.top_p,
                max_tokens=self._max_tokens(default_max_tokens),
                seed=None if self.seed is None else self.seed + index,
                stop=tuple(stop),
            )
        except InvalidParameter as exc:
            if exc.param == "max_tokens" and self.max_tokens is None:
                exc.param = "max_completion_tokens"
            raise

    def answer_schema(self) -> dict | None:
        return self.response_format.schema_dict() if self.response_format else None

    def logprob_count(self) -> int | None:
        """None when the request wants no logprobs, else how many alternatives per token (0-20)."""
        return None

    @property
    def include_usage(self) -> bool:
        return bool(self.stream_options and self.stream_options.include_usage)


class FunctionSpec(BaseModel):
    """A tool's function: its name, what it does, and a JSON schema of its arguments."""

    name: str = Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")
    description: str | None = None
    parameters: dict[str, Any] | None = None
    strict: bool | None = None


class ToolSpec(BaseModel):
    """One entry of `tools` (OpenAI's only tool type: a function)."""

    type: Literal["function"]
    function: FunctionSpec


class CalledFunction(BaseModel):
    name: str
    arguments: str
    """The arguments as a JSON text (OpenAI's shape); rendered into the chat template as an object."""


class MessageToolCall(BaseModel):
    """A tool call in an assistant message of the history."""

    id: str
    type: Literal["function"] = "function"
    function: CalledFunction


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="allow")

    role: Literal["system", "developer", "user", "assistant", "tool"]
    content: str | list[dict[str, Any]] | None = None
    name: str | None = None
    tool_calls: list[MessageToolCall] | None = None
    """assistant: the calls it made."""
    tool_call_id: str | None = None
    """tool: the call this message answers."""

    def text(self, index: int) -> str:
        if isinstance(self.content, str):
            return self.content
        if self.content is None:
            if self.role == "assistant":
                return ""
            raise InvalidParameter(f"messages.{index}.content", "is required")
        parts = []
        for part in self.content:
            if part.get("type") != "text" or not isinstance(part.get("text"), str):
                raise InvalidParameter(f"messages.{index}.content", "only text content parts are supported")
            parts.append(part["text"])
        return "".join(parts)


class ChatCompletionRequest(BaseCompletionRequest):
    """POST /v1/chat/completions."""

    messages: list[ChatMessage] = Field(min_length=1)
    max_completion_tokens: int | None = None
    """Alias of max_tokens (the newer OpenAI name); max_tokens wins when both are set."""
    logprobs: StrictBool | None = None
    """Return the log-probability of each generated token (plain model only)."""
    top_logprobs: StrictInt | None = None
    """With logprobs=true: also the 0-20 most likely tokens at each position."""
    tools: list[ToolSpec] | None = None
    """Functions the model may call (plain model only)."""
    tool_choice: Any = None
    """"auto" (default with tools), "required", "none", or {"type": "function", "function": {"name": ...}}."""
    parallel_tool_calls: StrictBool | None = None
    """false: at most one tool call per answer."""

    @model_validator(mode="after")
    def _check_logprobs(self):
        if self.top_logprobs is not None:
            if not 0 <= self.top_logprobs <= MAX_TOP_LOGPROBS:
                raise InvalidParameter("top_logprobs", f"must be in [0, {MAX_TOP_LOGPROBS}]")
            if not self.logprobs:
                raise InvalidParameter("top_logprobs", "needs logprobs=true")
        return self

    @model_validator(mode="after")
    def _check_tools(self):
        if self.tools is not None and not self.tools:
            raise InvalidParameter("tools", "must not be empty: give at least one tool or leave tools out")
        names: dict[str, int] = {}
        for i, tool in enumerate(self.tools or []):
            fn = tool.function
            if fn.name in names:
                raise InvalidParameter(
                    f"tools.{i}.function.name", f"{fn.name!r} is already the name of tools.{names[fn.name]}"
                )
            names[fn.name] = i
            if fn.parameters is not None and fn.parameters.get("type", "object") != "object":
                raise InvalidParameter(
                    f"tools.{i}.function.parameters", 'must be a JSON schema of an object ("type": "object")'
                )
        choice = self.tool_choice
        usage = 'use "auto", "required", "none" or {"type": "function", "function": {"name": ...}}'
        if isinstance(choice, dict):
            fn = choice.get("function")
            if (
                set(choice) != {"type", "function"}
                or choice["type"] != "function"
                or not isinstance(fn, dict)
            ):
                raise InvalidParameter("tool_choice", f"unsupported value {choice!r}; {usage}")
            if not isinstance(fn.get("name"), str) or not fn["name"]:
                raise InvalidParameter("tool_choice.function.name", "must be a function name")
            if self.tools is None:
                raise InvalidParameter("tool_choice", "names a function but the request has no tools")
            if fn["name"] not in names:
                raise InvalidParameter(
                    "tool_choice.function.name",
                    f"no tool is named {fn['name']!r}; the tools are {sorted(names)}",
                )
        elif choice is not None:
            if choice not in ("auto", "required", "none"):
                raise InvalidParameter("tool_choice", f"unsupported value {choice!r}; {usage}")
            if choice != "none" and self.tools is None:
                raise InvalidParameter("tool_choice", f"is {choice!r} but the request has no tools")
        for i, m in enumerate(self.messages):
            if m.tool_calls is not None and m.role != "assistant":
                raise InvalidParameter(f"messages.{i}.tool_calls", "only assistant messages carry tool calls")
            if m.role == "tool" and not m.tool_call_id:
                raise InvalidParameter(
                    f"messages.{i}.tool_call_id", "is required: the id of the tool call this message answers"
                )
            for j, call in enumerate(m.tool_calls or []):
                try:
                    args = json.loads(call.function.arguments)
                except ValueError:
                    args = None
                if not isinstance(args, dict):
                    raise InvalidParameter(
                        f"messages.{i}.tool_calls.{j}.function.arguments", "must be a JSON object, as text"
                    )
        return self

    def tool_use(self) -> ToolUse | None:
        """What the request asks of tools: None when it gives none (or says tool_choice "none")."""
        if not self.tools or self.tool_choice == "none":
            return None
        choice = self.tool_choice or "auto"
        answered_ids = {m.tool_call_id for m in self.messages if m.role == "tool"}
        answered = frozenset(
            call_key(c.function.name, json.loads(c.function.arguments))
            for m in self.messages
            for c in m.tool_calls or []
            if c.id in answered_ids
        )
        return ToolUse(
            answered=answered,
            tools=[t.model_dump(exclude_none=True) for t in self.tools],
            choice="function" if isinstance(choice, dict) else choice,
            function=choice["function"]["name"] if isinstance(choice, dict) else None,
            parallel=self.parallel_tool_calls is not False,
        )

    def logprob_count(self) -> int | None:
        return (self.top_logprobs or 0) if self.logprobs else None

    def _max_tokens(self, default: int) -> int:
        if self.max_tokens is not None:
            return self.max_tokens
        return self.max_completion_tokens if self.max_completion_tokens is not None else default

    def chat(self) -> list[dict]:
        """The conversation as plain {role, content} dicts (developer -> system), as chat templates
        take it: an assistant's tool calls with their arguments as objects, a tool result with
        the id of the call it answers."""
        out = []
        for i, m in enumerate(self.messages):
            d: dict[str, Any] = {"role": "system" if m.role == "developer" else m.role, "content": m.text(i)}
            if m.tool_calls:
                d["tool_calls"] = [
                    {
                        "id": c.id,
                        "type": "function",
                        "function": {"name": c.function.name, "arguments": json.loads(c.function.arguments)},
                    }
                    for c in m.tool_calls
                ]
            if m.role == "tool":
                d["tool_call_id"] = m.tool_call_id
                if m.name:
                    d["name"] = m.name
            out.append(d)
        return out


class CompletionRequest(BaseCompletionRequest):
    """POST /v1/completions: a plain prompt (or a list of them, one choice group each).

    As in OpenAI's API a prompt is text or token ids: a string, a list of strings, a list of
    token ids (one prompt), or a list of lists of token ids (a batch)."""

    prompt: str | list[str] | list[StrictInt] | list[list[StrictInt]]
    logprobs: StrictInt | None = None
    """Return the log-probability of each generated token and the 0-5 most likely tokens at
    each position (plain model only)."""

    @model_validator(mode="after")
    def _check_logprobs(self):
        if self.logprobs is not None and not 0 <= self.logprobs <= MAX_COMPLETION_LOGPROBS:
            raise InvalidParameter("logprobs", f"must be in [0, {MAX_COMPLETION_LOGPROBS}]")
        return self

    def logprob_count(self) -> int | None:
        return self.logprobs

    def prompts(self) -> list[tuple[str, str | list[int]]]:
        """(parameter name, prompt) of each prompt: text, or a list of token ids (the server
        checks those against the vocabulary); the name is `prompt`, or `prompt.i` in a batch."""
        p = self.prompt
        single = isinstance(p, str) or (bool(p) and isinstance(p[0], int))  # text, or one id list
        prompts = [("prompt", p)] if single else [(f"prompt.{i}", one) for i, one in enumerate(p)]
        if not prompts or len(prompts) * self.n > MAX_N:
            raise InvalidParameter("prompt", f"1 to {MAX_N} prompts (times n)")
        for param, one in prompts:
            if not (one.strip() if isinstance(one, str) else one):
                raise InvalidParameter(param, "is empty")
        return prompts
