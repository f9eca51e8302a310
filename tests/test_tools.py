"""Tool calling on the plain model name: tools, tool_choice, tool_calls, role "tool" messages.

The first part needs no engine: request validation, the schemas that force a call, the readers
of the model's output (whole and streamed), and the server's responses over a scripted engine
whose tokenizer has a Hermes-style template. The last part runs `selfrefine serve` on
Qwen2.5-Coder-0.5B (SmolLM2's template has no tools) and asks it through the official `openai`
client.
"""

import asyncio
import json

import openai
import pytest
from pydantic import ValidationError

from selfrefine.engine.errors import InvalidParameter
from selfrefine.engine.server.errors import error_response
from selfrefine.engine.server.metrics import Metrics
from selfrefine.engine.server.protocol import ChatCompletionRequest
from selfrefine.engine.server.serving import ANSWER_FROM_RESULTS, LoopGate, Serving
from selfrefine.engine.server.tools import EMPTY_PARAMETERS, ToolStream, ToolUse, parse, tool_template
from tests.fakes import CharTokenizer, ScriptedEngine

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Current weather in a city.",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string"}, "unit": {"type": "string", "enum": ["C", "F"]}},
            "required": ["city"],
        },
    },
}
CITY = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
TIME = {
    "type": "function",
    "function": {"name": "get_time", "description": "The time in a city.", "parameters": CITY},
}
ASK = [{"role": "user", "content": "What is the weather in Paris?"}]
NAMED = {"type": "function", "function": {"name": "get_weather"}}
CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'


class HermesTokenizer(CharTokenizer):
    """The character tokenizer with a Qwen-like template: tools in the system turn, calls in
    <tool_call> tags, tool results in <tool_response> tags."""

    chat_template = "... <tool_call> ..."

    def apply_chat_template(self, messages, tokenize=False, add_generation_prompt=False, tools=None):
        s = "".join(f"<tools>{json.dumps(t)}</tools>\n" for t in tools or [])
        for m in messages:
            if m["role"] == "tool":
                s += f"<tool_response>{m['content']}</tool_response>\n"
                continue
            calls = "".join(
                f"<tool_call>{json.dumps(c['function'])}</tool_call>" for c in m.get("tool_calls", [])
            )
            s += f"<{m['role']}>{m['content']}{calls}</>\n"
        return s + ("<assistant>" if add_generation_prompt else "")


def _serving(script: list[str], template: bool = True) -> tuple[Serving, ScriptedEngine]:
    engine = ScriptedEngine(script)
    if template:
        engine.tokenizer = HermesTokenizer()
    return Serving(engine, "m", LoopGate(4, 0, Metrics()), Metrics()), engine


def _body(**kw) -> dict:
    return {"model": "m", "messages": ASK, "tools": [WEATHER], **kw}


def _complete(serving: Serving, body: dict) -> dict:
    return asyncio.run(serving.complete(serving.plan_chat(body)))


def _stream(serving: Serving, body: dict) -> list[dict]:
    async def go():
        return [c async for c in serving.stream(serving.plan_chat({**body, "stream": True}))]

    chunks = asyncio.run(go())
    assert chunks[-1] == "data: [DONE]\n\n"
    return [json.loads(c[6:]) for c in chunks[:-1]]


def _assemble(deltas: list[dict]) -> tuple[str, list[dict]]:
    """Content and tool calls put together from streamed deltas, as OpenAI clients do: a call's
    first delta has its id, type and name; every delta adds to its arguments."""
    content, calls = "", {}
    for d in deltas:
        content += d.get("content") or ""
        for c in d.get("tool_calls", []):
            if c["index"] not in calls:
                assert c["id"] and c["type"] == "function" and c["function"]["name"], c
                calls[c["index"]] = {"id": c["id"], "name": c["function"]["name"], "arguments": ""}
            else:
                assert "id" not in c and "name" not in c["function"], c
            calls[c["index"]]["arguments"] += c["function"].get("arguments") or ""
    assert sorted(calls) == list(range(len(calls)))
    return content, [calls[k] for k in sorted(calls)]


# ------------------------------------------------------------------ validation (no engine)


@pytest.mark.parametrize(
    "body,param,words",
    [
        (_body(tools=[]), "tools", "must not be empty"),
        (_body(tools=[{"type": "function"}]), "tools.0.function", "required"),
        (_body(tools=[{"type": "retrieval", "function": WEATHER["function"]}]), "tools.0.type", "function"),
        (
            _body(tools=[{"type": "function", "function": {"name": "get weather"}}]),
            "tools.0.function.name",
            "pattern",
        ),
        (_body(tools=[WEATHER, TIME, WEATHER]), "tools.2.function.name", "already the name of tools.0"),
        (
            _body(tools=[{"type": "function", "function": {"name": "f", "parameters": {"type": "array"}}}]),
            "tools.0.function.parameters",
            "object",
        ),
        (
            _body(tools=[{"type": "function", "function": {"name": "f", "parameters": "x"}}]),
            "tools.0.function.parameters",
            "dictionary",
        ),
        ({"model": "m", "messages": ASK, "tool_choice": "required"}, "tool_choice", "no tools"),
        ({"model": "m", "messages": ASK, "tool_choice": "auto"}, "tool_choice", "no tools"),
        ({"model": "m", "messages": ASK, "tool_choice": NAMED}, "tool_choice", "no tools"),
        (_body(tool_choice="sometimes"), "tool_choice", "unsupported value"),
        (_body(tool_choice=5), "tool_choice", "unsupported value"),
        (_body(tool_choice={"type": "function"}), "tool_choice", "unsupported value"),
        (_body(tool_choice={"type": "custom", "custom": {"name": "x"}}), "tool_choice", "unsupported value"),
        (
            _body(tool_choice={"type": "function", "function": {}}),
            "tool_choice.function.name",
            "function name",
        ),
        (
            _body(tool_choice={"type": "function", "function": {"name": "get_time"}}),
            "tool_choice.function.name",
            "no tool is named 'get_time'; the tools are ['get_weather']",
        ),
        (_body(parallel_tool_calls="no"), "parallel_tool_calls", "boolean"),
        (_body(messages=[*ASK, {"role": "tool", "content": "22 C"}]), "messages.1.tool_call_id", "required"),
        (
            _body(messages=[{"role": "user", "content": "hi", "tool_calls": []}]),
            "messages.0.tool_calls",
            "only assistant",
        ),
        (
            _body(
                messages=[
                    *ASK,
                    {
                        "role": "assistant",
                        "tool_calls": [
                            {
                                "id": "c1",
                                "type": "function",
                                "function": {"name": "get_weather", "arguments": "Paris"},
                            }
                        ],
                    },
                ]
            ),
            "messages.1.tool_calls.0.function.arguments",
            "JSON object",
        ),
        (
            _body(
                messages=[
                    *ASK,
                    {
                        "role": "assistant",
                        "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "get_weather"}}],
                    },
                ]
            ),
            "messages.1.tool_calls.0.function.arguments",
            "required",
        ),
        (_body(messages=[*ASK, {"role": "tool", "tool_call_id": "c1"}]), "messages.1.content", "required"),
        (_body(functions=[WEATHER["function"]]), "functions", "use tools"),
        (_body(function_call="auto"), "function_call", "use tools"),
        # served only on the plain name; needs a template that writes Hermes-style calls
        (_body(model="m-selfrefine"), "tools", "plain model 'm' only"),
        (
            _body(tool_choice="required", response_format={"type": "json_object"}),
            "response_format",
            "cannot be combined",
        ),
        (
            _body(tool_choice=NAMED, response_format={"type": "json_object"}),
            "response_format",
            "cannot be combined",
        ),
    ],
)
def test_bad_tool_requests_get_400_naming_the_field(body, param, words):
    serving, engine = _serving([])
    with pytest.raises((InvalidParameter, ValidationError)) as e:
        serving.plan_chat(body)
    status, err = error_response(e.value)
    assert status == 400 and err["error"]["param"] == param, err
    assert words in err["error"]["message"] and err["error"]["type"] == "invalid_request_error"
    assert engine.prompts == []


def test_tools_on_completions_and_on_a_model_without_a_tool_template_get_400():
    serving, _ = _serving([])
    with pytest.raises(InvalidParameter) as e:
        serving.plan_completion({"model": "m", "prompt": "hi", "tools": [WEATHER]})
    assert e.value.param == "tools" and "/v1/chat/completions" in str(e.value)
    serving, _ = _serving([], template=False)  # the plain character template renders no tools
    with pytest.raises(InvalidParameter) as e:
        serving.plan_chat(_body())
    assert e.value.param == "tools" and "<tool_call>" in str(e.value)
    # tool_choice "none" asks for no tools: fine there, and the tools are left out of the prompt
    serving.plan_chat(_body(tool_choice="none"))
    serving.plan_chat({"model": "m", "messages": ASK, "tool_choice": "none"})


def test_tool_use_reads_tool_choice():
    def use(**kw):
        return ChatCompletionRequest.model_validate(_body(**kw)).tool_use()

    assert use().choice == "auto" and use(tool_choice="auto").choice == "auto" and use().parallel
    assert use(tool_choice="none") is None
    assert ChatCompletionRequest.model_validate({"model": "m", "messages": ASK}).tool_use() is None
    named = use(tool_choice=NAMED, parallel_tool_calls=False)
    assert (named.choice, named.function, named.parallel, named.forced) == (
        "function",
        "get_weather",
        False,
        True,
    )
    assert use(tool_choice="required").tools == [WEATHER]


# ------------------------------------------------------------------ the schemas that force a call


def test_required_schema_is_an_array_of_calls_to_the_given_tools():
    schema = ToolUse([WEATHER, TIME], "required").schema()
    assert schema["type"] == "array" and schema["minItems"] == 1 and "maxItems" not in schema
    calls = schema["items"]["anyOf"]
    assert [c["properties"]["name"] for c in calls] == [
        {"type": "string", "enum": ["get_weather"]},
        {"type": "string", "enum": ["get_time"]},
    ]
    assert calls[0]["properties"]["parameters"] == WEATHER["function"]["parameters"]
    assert all(c["required"] == ["name", "parameters"] and c["additionalProperties"] is False for c in calls)
    assert ToolUse([WEATHER], "required", parallel=False).schema()["maxItems"] == 1
    assert ToolUse([WEATHER], "auto").schema() is None


def test_named_schema_is_the_functions_parameters_and_defs_move_to_the_top():
    assert ToolUse([WEATHER, TIME], "function", "get_time").schema() == TIME["function"]["parameters"]
    bare = {"type": "function", "function": {"name": "ping"}}
    assert ToolUse([bare], "function", "ping").schema() == EMPTY_PARAMETERS
    with_defs = {
        "type": "function",
        "function": {
            "name": "f",
            "parameters": {
                "type": "object",
                "properties": {"p": {"$ref": "#/$defs/P"}},
                "$defs": {"P": {"type": "integer"}},
            },
        },
    }
    schema = ToolUse([with_defs], "required").schema()
    assert schema["$defs"] == {"P": {"type": "integer"}}
    assert "$defs" not in schema["items"]["anyOf"][0]["properties"]["parameters"]
    assert "$defs" in with_defs["function"]["parameters"]  # the request's tool is left as it was
    clash = {
        "type": "function",
        "function": {"name": "g", "parameters": {"type": "object", "$defs": {"P": {"type": "string"}}}},
    }
    with pytest.raises(InvalidParameter) as e:
        ToolUse([with_defs, clash], "required").schema()
    assert e.value.param == "tools" and "$defs.P" in str(e.value)


# ------------------------------------------------------------------ reading the output


def _args(call: dict) -> dict:
    return json.loads(call["function"]["arguments"])


def test_auto_reads_hermes_calls_and_the_text_around_them():
    out = parse(ToolUse([WEATHER], "auto"), "Let me check. " + CALL, "stop")
    assert out.content == "Let me check. " and out.finish_reason == "tool_calls"
    [call] = out.tool_calls
    assert call["id"].startswith("chatcmpl-tool-") and call["type"] == "function"
    assert call["function"]["name"] == "get_weather" and _args(call) == {"city": "Paris"}
    assert out.message() == {"role": "assistant", "content": "Let me check. ", "tool_calls": out.tool_calls}

    two = CALL + "\n" + CALL.replace("get_weather", "get_time").replace("Paris", "Rome")
    out = parse(ToolUse([WEATHER, TIME], "auto"), two, "stop")
    assert out.content is None
    assert [c["function"]["name"] for c in out.tool_calls] == ["get_weather", "get_time"]
    assert len({c["id"] for c in out.tool_calls}) == 2
    out = parse(ToolUse([WEATHER, TIME], "auto", parallel=False), two, "stop")
    assert [c["function"]["name"] for c in out.tool_calls] == ["get_weather"]

    out = parse(ToolUse([WEATHER], "auto"), "It is sunny.", "stop")
    assert (out.content, out.tool_calls, out.finish_reason) == ("It is sunny.", [], "stop")
    assert out.message() == {"role": "assistant", "content": "It is sunny."}
    # a whole output that is the call object without its tags (Qwen2.5-Coder-0.5B writes calls so)
    bare = '\n{"name": "get_weather", "arguments": {"city": "Paris"}}'
    out = parse(ToolUse([WEATHER], "auto"), bare, "stop")
    assert out.content is None and out.finish_reason == "tool_calls"
    assert _args(out.tool_calls[0]) == {"city": "Paris"}
    for text in (
        '{"name": "get_time", "arguments": {}}',
        '{"name": "get_weather", "arguments": {}, "x": 1}',
        '{"name": "get_weather", "arguments": "Paris"}',
        'See {"name": "get_weather", "arguments": {}}',
    ):
        out = parse(ToolUse([WEATHER], "auto"), text, "stop")  # no tool of that name, or not the object
        assert (out.content, out.tool_calls, out.finish_reason) == (text, [], "stop")
    cut = '<tool_call>\n{"name": "get_weather", "argu'  # cut off by max_tokens: no call, the text stays
    out = parse(ToolUse([WEATHER], "auto"), cut, "length")
    assert (out.content, out.tool_calls, out.finish_reason) == (cut, [], "length")


BARE = '{"name": "get_weather", "arguments": {"city": "Paris"}}'


def test_auto_reads_several_bare_lines_fences_and_tag_blocks():
    use = ToolUse([WEATHER, TIME], "auto")
    rome = BARE.replace("get_weather", "get_time").replace("Paris", "Rome")
    out = parse(use, BARE + "\n" + rome, "stop")
    assert out.content is None and out.finish_reason == "tool_calls"
    assert [(c["function"]["name"], _args(c)) for c in out.tool_calls] == [
        ("get_weather", {"city": "Paris"}),
        ("get_time", {"city": "Rome"}),
    ]
    # the same call over and over until max_tokens: one call; the cut-off last one is dropped
    out = parse(use, "\n".join([BARE] * 3) + '\n{"name": "get_wea', "length")
    assert out.content is None and out.finish_reason == "tool_calls"
    assert [_args(c) for c in out.tool_calls] == [{"city": "Paris"}]
    # a ``` fence around a pretty-printed object (how Qwen2.5-Coder-0.5B often writes its call), or an array
    pretty = json.dumps(json.loads(BARE), indent=2)
    for text in (f"```json\n{pretty}\n```", f"```\n[{BARE}, {rome}]\n```"):
        out = parse(use, text, "stop")
        assert out.content is None and out.finish_reason == "tool_calls", text
        assert out.tool_calls[0]["function"]["name"] == "get_weather"
    # several tag blocks with text after them; "parameters" for "arguments"; arguments as JSON text
    tags = (
        f"{CALL}\n<tool_call>\n" + '{"name": "get_time", "parameters": {"city": "Rome"}}</tool_call>\nDone.'
    )
    out = parse(use, tags, "stop")
    assert out.content == "\n\nDone." and [c["function"]["name"] for c in out.tool_calls] == [
        "get_weather",
        "get_time",
    ]
    out = parse(use, '{"name": "get_time", "arguments": "{\\"city\\": \\"Rome\\"}"}', "stop")
    assert _args(out.tool_calls[0]) == {"city": "Rome"}
    # a fence of other code, or an object that is no call, stays content
    for text in ("```python\nprint(1)\n```", '{"temperature_c": 22}', '```json\n{"a": 1}\n```'):
        assert parse(use, text, "stop").message() == {"role": "assistant", "content": text}


def test_auto_drops_calls_the_history_already_answered():
    body = {
        "model": "m",
        "tools": [WEATHER],
        "messages": [
            *ASK,
            {"role": "assistant", "tool_calls": [_history_call("c1", {"city": "Paris"})]},
            {"role": "tool", "tool_call_id": "c1", "content": '{"temperature_c": 17}'},
            {"role": "assistant", "tool_calls": [_history_call("c2", {"city": "Rome"})]},  # not answered
        ],
    }
    use = ChatCompletionRequest.model_validate(body).tool_use()
    assert use.answered == {("get_weather", '{"city":"Paris"}')}
    # the 0.5B's answer after a result: the same call again, then the result echoed: the echo is the answer
    out = parse(
        use, '{"name": "get_weather", "arguments": {"city":  "Paris"}}\n{"temperature_c": 17}', "stop"
    )
    assert (out.content, out.tool_calls, out.finish_reason) == ('\n{"temperature_c": 17}', [], "stop")
    out = parse(use, CALL, "stop")  # only the repeat: an empty text answer, not the call again
    assert out.message() == {"role": "assistant", "content": ""} and out.finish_reason == "stop"
    out = parse(use, CALL.replace("Paris", "Rome"), "stop")  # a new call (or an unanswered one) is made
    assert out.finish_reason == "tool_calls" and _args(out.tool_calls[0]) == {"city": "Rome"}
    # a forced call is never dropped: that is how a client asks for the same call again
    forced = ToolUse(use.tools, "function", "get_weather", answered=use.answered)
    assert parse(forced, '{"city": "Paris"}', "stop").tool_calls


def test_a_reply_with_no_new_call_and_no_text_is_asked_again_without_the_tools():
    """The 1.5B given a tool's result writes the same call again (an empty answer once the repeat
    is dropped) or stops at once; with the tools out of the prompt it answers from the result."""
    history = [
        *ASK,
        {"role": "assistant", "tool_calls": [_history_call("c1", {"city": "Paris"})]},
        {"role": "tool", "tool_call_id": "c1", "content": '{"temperature_c": 17}'},
    ]
    body = {"model": "m", "tools": [WEATHER], "messages": history}
    answer = "It is 17 C in Paris."
    serving, engine = _serving([CALL, answer])
    out = _complete(serving, body)
    c = out["choices"][0]
    assert c["message"] == {"role": "assistant", "content": answer} and c["finish_reason"] == "stop"
    first, second = (engine.tokenizer.decode(p) for p in engine.prompts)
    assert "<tools>" in first and "<tools>" not in second and '{"temperature_c": 17}' in second
    assert second.endswith(f"<system>{ANSWER_FROM_RESULTS}</>\n<assistant>")  # told to answer
    assert out["usage"]["completion_tokens"] == len(CALL) + len(answer)  # both calls are paid for

    serving, engine = _serving(["", answer])  # the 1.5B after two results: an empty output
    assert _complete(serving, body)["choices"][0]["message"]["content"] == answer
    assert len(engine.prompts) == 2

    serving, engine = _serving([CALL, answer])  # streamed: the answer comes as content
    deltas = [ch["choices"][0]["delta"] for ch in _stream(serving, body) if ch.get("choices")]
    assert "".join(d.get("content") or "" for d in deltas) == answer
    assert not any(d.get("tool_calls") for d in deltas) and len(engine.prompts) == 2

    # one call only: text beside the repeat is the answer, and a new call is made
    for script, content in [(CALL + "\nIt is 17 C.", "\nIt is 17 C."), (CALL.replace("Paris", "Rome"), None)]:
        serving, engine = _serving([script])
        assert _complete(serving, body)["choices"][0]["message"]["content"] == content
        assert len(engine.prompts) == 1
    serving, engine = _serving([CALL])  # nothing answered yet: the call is made, once
    assert _complete(serving, {**body, "messages": ASK})["choices"][0]["finish_reason"] == "tool_calls"
    assert len(engine.prompts) == 1


def _history_call(call_id: str, args: dict) -> dict:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": "get_weather", "arguments": json.dumps(args)},
    }


def test_a_template_that_shows_the_call_in_doubled_braces_is_rendered_with_single_ones():
    """Qwen2.5-Coder-1.5B's GGUF template prints `{{"name": <function-name>, ...}}` to the model
    (a Jinja escape inside a string), and the model then doubles the braces of its calls."""
    import jinja2

    class Tok:
        chat_template = (
            '{{- "<tool_call>\\n{{\\"name\\": <function-name>, \\"arguments\\": '
            '<args-json-object>}}\\n</tool_call>" }}{{ messages[0]["content"] }}'
        )

    fixed = tool_template(Tok())
    assert fixed is not None
    shown = jinja2.Template(fixed).render(messages=[{"content": "hi"}])
    assert shown == '<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>hi'
    assert jinja2.Template(Tok.chat_template).render(messages=[{"content": "hi"}]).count("{{") == 1
    Tok.chat_template = fixed  # a template that is fine, or none, is left alone
    assert tool_template(Tok()) is None
    Tok.chat_template = {"default": "x"}
    assert tool_template(Tok()) is None


def test_history_renders_calls_as_objects_with_ids_and_null_content_as_empty():
    body = {
        "model": "m",
        "messages": [
            *ASK,
            {"role": "assistant", "content": None, "tool_calls": [_history_call("c1", {"city": "Paris"})]},
            {"role": "tool", "tool_call_id": "c1", "content": "17"},
        ],
    }
    assistant, tool = ChatCompletionRequest.model_validate(body).chat()[1:]
    assert assistant == {
        "role": "assistant",
        "content": "",
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {"name": "get_weather", "arguments": {"city": "Paris"}},
            }
        ],
    }
    assert tool == {"role": "tool", "content": "17", "tool_call_id": "c1"}


def test_required_and_named_read_the_forced_json():
    text = (
        '[{"name":"get_weather","parameters":{"city":"Paris","unit":"C"}},'
        '{"name":"get_time","parameters":{}}]'
    )
    out = parse(ToolUse([WEATHER, TIME], "required"), text, "stop")
    assert out.content is None and out.finish_reason == "tool_calls"
    assert [(c["function"]["name"], _args(c)) for c in out.tool_calls] == [
        ("get_weather", {"city": "Paris", "unit": "C"}),
        ("get_time", {}),
    ]
    # cut off: the calls so far, and finish_reason says so
    out = parse(ToolUse([WEATHER], "required"), text[:40], "length")
    assert out.finish_reason == "length" and out.tool_calls[0]["function"]["name"] == "get_weather"

    out = parse(ToolUse([WEATHER], "function", "get_weather"), '{"city":"Oslo"}', "stop")
    assert out.content is None and out.finish_reason == "stop"  # OpenAI's finish for a forced function
    assert out.tool_calls[0]["function"] == {"name": "get_weather", "arguments": '{"city":"Oslo"}'}


@pytest.mark.parametrize(
    "use,text",
    [
        (ToolUse([WEATHER], "auto"), "Sure. " + CALL),
        (ToolUse([WEATHER, TIME], "auto"), CALL + "\n" + CALL.replace("get_weather", "get_time")),
        (ToolUse([WEATHER], "auto"), "No call, but a < sign and a <tool"),
        (ToolUse([WEATHER], "auto"), ' {"name": "get_weather", "arguments": {"city": "Paris"}}'),
        (ToolUse([WEATHER], "auto"), '{"name": "get_time", "arguments": {"city": "Paris"}}'),
        (ToolUse([WEATHER], "auto"), '{"answer": 42}'),
        (ToolUse([WEATHER], "auto"), "{"),
        (ToolUse([WEATHER], "auto"), "Checking.\n" + BARE + "\n" + BARE + '\n{"temp": 1}'),
        (ToolUse([WEATHER], "auto"), "```json\n" + BARE + "\n```"),
        (ToolUse([WEATHER], "auto"), "Some `code` and ``` fences:\n```py\nx = 1\n```\nend"),
        (ToolUse([WEATHER], "auto"), "a\n\n  b <tool_c"),
        (
            ToolUse([WEATHER], "auto", answered=frozenset({("get_weather", '{"city":"Paris"}')})),
            BARE + "\nok",
        ),
        (
            ToolUse([WEATHER, TIME], "required"),
            '[{"name":"get_weather","parameters":{"city":"Paris"}},'
            '{"name":"get_time","parameters":{"city":"Rome"}}]',
        ),
        (ToolUse([WEATHER], "function", "get_weather"), '{"city":"Oslo","unit":"F"}'),
    ],
)
@pytest.mark.parametrize("step", [1, 3, 7])
def test_streamed_deltas_assemble_into_the_whole_reading(use, text, step):
    reader = ToolStream(use)
    deltas = []
    for k in range(0, len(text), step):
        deltas += reader.feed(text[k : k + step])
    deltas += reader.finish()
    content, calls = _assemble(deltas)
    whole = parse(use, text, "stop")
    assert content == (whole.content or "")
    assert [(c["name"], json.loads(c["arguments"])) for c in calls] == [
        (c["function"]["name"], _args(c)) for c in whole.tool_calls
    ]


# ------------------------------------------------------------------ serving over a scripted engine


def test_auto_call_is_a_tool_calls_response_and_the_prompt_has_the_tools():
    serving, engine = _serving([CALL])
    out = _complete(serving, _body())
    c = out["choices"][0]
    assert c["finish_reason"] == "tool_calls" and c["message"]["content"] is None
    [call] = c["message"]["tool_calls"]
    assert call["function"]["name"] == "get_weather" and _args(call) == {"city": "Paris"}
    prompt = engine.tokenizer.decode(engine.prompts[0])
    assert prompt.startswith(f"<tools>{json.dumps(WEATHER)}</tools>") and engine.schemas == [None]
    assert out["usage"]["completion_tokens"] == len(CALL)


def test_forced_calls_go_through_structured_outputs():
    serving, engine = _serving(['[{"name":"get_weather","parameters":{"city":"Paris"}}]', '{"city":"Rome"}'])
    out = _complete(serving, _body(tool_choice="required", parallel_tool_calls=False))
    assert engine.schemas[0] == ToolUse([WEATHER], "required", parallel=False).schema()
    c = out["choices"][0]
    assert c["finish_reason"] == "tool_calls" and _args(c["message"]["tool_calls"][0]) == {"city": "Paris"}
    out = _complete(serving, _body(tool_choice=NAMED))
    assert engine.schemas[1] == WEATHER["function"]["parameters"]
    c = out["choices"][0]
    assert c["finish_reason"] == "stop" and c["message"]["content"] is None
    assert c["message"]["tool_calls"][0]["function"] == {
        "name": "get_weather",
        "arguments": '{"city":"Rome"}',
    }


def test_tool_choice_none_answers_in_text_without_the_tools_in_the_prompt():
    serving, engine = _serving(["Sunny, 22 C."])
    out = _complete(serving, _body(tool_choice="none"))
    assert out["choices"][0]["message"] == {"role": "assistant", "content": "Sunny, 22 C."}
    assert out["choices"][0]["finish_reason"] == "stop"
    assert "<tools>" not in engine.tokenizer.decode(engine.prompts[0]) and engine.schemas == [None]


def test_tool_results_in_the_history_go_through_the_template():
    history = [
        *ASK,
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "22 C, sunny"},
    ]
    serving, engine = _serving(["It is 22 C and sunny in Paris."])
    out = _complete(serving, _body(messages=history))
    assert out["choices"][0]["message"]["content"] == "It is 22 C and sunny in Paris."
    assert out["choices"][0]["finish_reason"] == "stop" and "tool_calls" not in out["choices"][0]["message"]
    prompt = engine.tokenizer.decode(engine.prompts[0])
    # the arguments reach the template as an object, the result as the tool turn
    call = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>'
    assert f"<assistant>{call}</>" in prompt
    assert prompt.endswith("<tool_response>22 C, sunny</tool_response>\n<assistant>")
    # the same history without tools (a follow-up need not repeat them), and on the refining name
    serving, engine = _serving(["ok"])
    _complete(serving, {"model": "m", "messages": history})
    assert "<tool_response>22 C, sunny" in engine.tokenizer.decode(engine.prompts[0])


def test_streamed_tool_calls_have_openais_delta_shape():
    serving, _ = _serving(["Let me look. " + CALL])
    chunks = _stream(serving, _body(stream_options={"include_usage": True}))
    assert chunks[0]["choices"][0]["delta"] == {"role": "assistant", "content": ""}
    body = [c for c in chunks[1:] if c["choices"]]
    finish = [c["choices"][0]["finish_reason"] for c in body]
    assert finish[-1] == "tool_calls" and set(finish[:-1]) == {None}
    content, calls = _assemble([c["choices"][0]["delta"] for c in body])
    assert content == "Let me look. " and [c["name"] for c in calls] == ["get_weather"]
    assert json.loads(calls[0]["arguments"]) == {"city": "Paris"}
    assert not any("<tool_call>" in (c["choices"][0]["delta"].get("content") or "") for c in body)
    assert chunks[-1]["choices"] == []
    assert chunks[-1]["usage"]["completion_tokens"] == len("Let me look. " + CALL)


def test_streamed_forced_calls_and_n_choices():
    serving, _ = _serving(['{"city":"Paris"}', '{"city":"Rome"}'])
    chunks = _stream(serving, _body(tool_choice=NAMED, n=2))
    for i, city in enumerate(["Paris", "Rome"]):
        mine = [c["choices"][0] for c in chunks[1:] if c["choices"][0]["index"] == i]
        _, calls = _assemble([m["delta"] for m in mine])
        assert calls[0]["name"] == "get_weather" and json.loads(calls[0]["arguments"]) == {"city": city}
        assert mine[-1]["finish_reason"] == "stop"


def test_streamed_logprobs_with_tools_cover_every_token_once():
    text = "Hm. " + CALL
    serving, _ = _serving([text])
    chunks = _stream(serving, _body(logprobs=True, top_logprobs=1))
    entries = [
        e for c in chunks[1:] if c["choices"][0]["logprobs"] for e in c["choices"][0]["logprobs"]["content"]
    ]
    assert "".join(e["token"] for e in entries) == text
    out = _complete(_serving([text])[0], _body(logprobs=True))
    assert "".join(e["token"] for e in out["choices"][0]["logprobs"]["content"]) == text


# ------------------------------------------------------------------ the real server (engine)

QWEN = "qwen2.5-coder-0.5b-instruct"
WEATHER_Q = [{"role": "user", "content": "What is the weather like in Paris today?"}]


@pytest.fixture(scope="module")
def qwen_server(tmp_path_factory):
    from selfrefine.engine.backends import models
    from tests.test_server import KEY, launch, stop, wait_ready

    models.pull(QWEN)  # first use: before the server, whose start-up wait is bounded
    srv = launch(tmp_path_factory, "--api-key", KEY, model=QWEN)
    try:
        wait_ready(srv)
        yield srv
    finally:
        stop(srv)


def _check_call(call, names=("get_weather", "get_time")) -> dict:
    """A call in OpenAI's shape to one of the tools, with arguments that fit its schema (both
    tools take a city). Which tool and which city the model picks is its own greedy path, which
    differs between CPU and GPU kernels, so neither is checked."""
    assert call.type == "function" and call.id and call.function.name in names
    args = json.loads(call.function.arguments)
    assert isinstance(args, dict) and isinstance(args.get("city"), str)
    assert args.get("unit", "C") in ("C", "F")
    return args


@pytest.mark.engine
def test_forced_tool_calls_on_the_real_engine(qwen_server):
    client = qwen_server.client()
    r = client.chat.completions.create(
        model=QWEN,
        messages=WEATHER_Q,
        tools=[WEATHER, TIME],
        tool_choice="required",
        max_tokens=64,
        temperature=0,
    )
    c = r.choices[0]
    assert c.finish_reason == "tool_calls" and c.message.content is None and c.message.tool_calls
    assert all(t.function.name in ("get_weather", "get_time") for t in c.message.tool_calls)
    _check_call(c.message.tool_calls[0])

    r = client.chat.completions.create(
        model=QWEN, messages=WEATHER_Q, tools=[WEATHER, TIME], tool_choice=NAMED, max_tokens=64, temperature=0
    )
    c = r.choices[0]
    assert c.finish_reason == "stop" and len(c.message.tool_calls) == 1
    named = _check_call(c.message.tool_calls[0], names=("get_weather",))

    # streamed: OpenAI's deltas, which put together make the same call
    chunks = list(
        client.chat.completions.create(
            model=QWEN,
            messages=WEATHER_Q,
            tools=[WEATHER, TIME],
            tool_choice=NAMED,
            max_tokens=64,
            temperature=0,
            stream=True,
        )
    )
    deltas = [ch.choices[0].delta for ch in chunks if ch.choices and ch.choices[0].delta.tool_calls]
    first = deltas[0].tool_calls[0]
    assert first.index == 0 and first.id and first.type == "function" and first.function.name == "get_weather"
    assert all(d.tool_calls[0].function.name is None for d in deltas[1:]) and len(deltas) > 1
    args = "".join(d.tool_calls[0].function.arguments or "" for d in deltas)
    assert json.loads(args) == named
    assert chunks[-1].choices[0].finish_reason == "stop"


def _check_auto_reply(c) -> None:
    """With tool_choice "auto" the model may call or answer (its greedy choice is not checked):
    either way the reply has the shape that its finish reason says."""
    if c.finish_reason == "tool_calls":
        assert c.message.tool_calls, c.message
        for call in c.message.tool_calls:
            _check_call(call, names=("get_weather",))
    else:
        assert c.finish_reason in ("stop", "length") and not c.message.tool_calls, c.message
        assert c.message.content and "<tool_call>" not in c.message.content


@pytest.mark.engine
def test_auto_tool_call_then_the_result_then_a_text_answer_on_the_real_engine(qwen_server):
    """Structural checks only: whether this 0.5B model calls the tool and what it says with the
    result are its greedy path, which differs between CPU and GPU kernels."""
    client = qwen_server.client()
    # warm the prefix cache: the two requests compared below are then computed alike (a cache hit
    # can change the numerics and so the greedy path on some CPUs)
    client.chat.completions.create(
        model=QWEN, messages=WEATHER_Q, tools=[WEATHER], max_tokens=1, temperature=0
    )
    r = client.chat.completions.create(
        model=QWEN, messages=WEATHER_Q, tools=[WEATHER], max_tokens=64, temperature=0
    )
    c = r.choices[0]
    _check_auto_reply(c)

    # the same request streamed reads the same: Hermes text arrives as tool-call deltas, never
    # as content, and a text answer as content
    chunks = list(
        client.chat.completions.create(
            model=QWEN, messages=WEATHER_Q, tools=[WEATHER], max_tokens=64, temperature=0, stream=True
        )
    )
    calls = {}
    for ch in chunks:
        for t in (ch.choices[0].delta.tool_calls or []) if ch.choices else []:
            got = calls.setdefault(t.index, {"id": t.id, "name": t.function.name, "arguments": ""})
            got["arguments"] += t.function.arguments or ""
    content = "".join(ch.choices[0].delta.content or "" for ch in chunks if ch.choices)
    assert chunks[-1].choices[0].finish_reason == c.finish_reason
    assert [(v["name"], json.loads(v["arguments"])) for v in calls.values()] == [
        (t.function.name, json.loads(t.function.arguments)) for t in c.message.tool_calls or []
    ]
    assert all(v["id"] for v in calls.values()) and list(calls) == list(range(len(calls)))
    assert content.strip() == (c.message.content or "").strip()

    # the follow-up: an assistant call (the model's, else one written here) and the tool's result
    # in the history, tool_choice "none" (no more calls): the result message is accepted, goes
    # into the prompt, and a text answer comes back
    if c.message.tool_calls:
        assistant, call_id = c.message.model_dump(exclude_none=True), c.message.tool_calls[0].id
    else:
        call_id = "call_0"
        assistant = {
            "role": "assistant",
            "tool_calls": [
                {
                    "id": call_id,
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": json.dumps({"city": "Paris"})},
                }
            ],
        }
    system = (
        "You are a helpful assistant. When a tool result arrives, answer the user's question in one "
        "plain English sentence."
    )
    asked = [{"role": "system", "content": system}, *WEATHER_Q, assistant]
    result = {"role": "tool", "tool_call_id": call_id, "content": '{"temperature_c": 22, "sky": "sunny"}'}
    r = client.chat.completions.create(
        model=QWEN,
        messages=[*asked, result],
        tools=[WEATHER],
        tool_choice="none",
        max_tokens=48,
        temperature=0,
    )
    c = r.choices[0]
    assert c.finish_reason in ("stop", "length") and not c.message.tool_calls, c.message
    assert c.message.content and "<tool_call>" not in c.message.content
    without = client.chat.completions.create(
        model=QWEN, messages=asked, tools=[WEATHER], tool_choice="none", max_tokens=1, temperature=0
    )
    assert r.usage.prompt_tokens > without.usage.prompt_tokens  # the result is in the prompt

    # tool_choice "none": a text answer, though the tools were sent
    r = client.chat.completions.create(
        model=QWEN, messages=WEATHER_Q, tools=[WEATHER], tool_choice="none", max_tokens=32, temperature=0
    )
    c = r.choices[0]
    assert c.message.content and not c.message.tool_calls and "<tool_call>" not in c.message.content
    assert c.finish_reason in ("stop", "length")


@pytest.mark.engine
def test_tool_errors_on_the_real_server(qwen_server):
    client = qwen_server.client()
    with pytest.raises(openai.BadRequestError) as e:
        client.chat.completions.create(model=QWEN + "-selfrefine", messages=WEATHER_Q, tools=[WEATHER])
    assert e.value.param == "tools" and "plain model" in e.value.message
    with pytest.raises(openai.BadRequestError) as e:
        client.chat.completions.create(
            model=QWEN,
            messages=WEATHER_Q,
            tools=[WEATHER],
            tool_choice={"type": "function", "function": {"name": "get_time"}},
        )
    assert e.value.param == "tool_choice.function.name" and "get_time" in e.value.message
    with pytest.raises(openai.BadRequestError) as e:
        client.chat.completions.create(model=QWEN, messages=WEATHER_Q, tool_choice="required")
    assert e.value.param == "tool_choice"


@pytest.mark.engine
def test_a_pydantic_ai_agent_calls_its_tool_and_answers_from_the_result(qwen_server):
    """The issue's agent: pydantic-ai's Agent with one plain tool, asked to use it."""
    from pydantic_ai import Agent
    from pydantic_ai.models.openai import OpenAIChatModel
    from pydantic_ai.providers.openai import OpenAIProvider

    from tests.test_server import KEY

    provider = OpenAIProvider(base_url=qwen_server.url + "/v1", api_key=KEY)
    agent = Agent(
        OpenAIChatModel(QWEN, provider=provider), model_settings={"temperature": 0, "max_tokens": 96}
    )
    calls = []

    @agent.tool_plain
    def multiply(a: float, b: float) -> float:
        """Multiply two numbers."""
        calls.append((a, b))
        return a * b

    result = agent.run_sync("Use the multiply tool to compute 6 times 7.")
    assert calls == [(6, 7)]
    assert "42" in result.output, result.all_messages()


@pytest.mark.engine
def test_a_langchain_tool_calling_agent_calls_its_tool_and_answers_from_the_result(qwen_server):
    """LangChain's create_agent (a LangGraph tool loop) over langchain-openai's ChatOpenAI."""
    from langchain.agents import create_agent
    from langchain_core.tools import tool
    from langchain_openai import ChatOpenAI

    from tests.test_server import KEY

    asked = []

    @tool
    def get_population(town: str) -> dict:
        """Population of a town or city."""
        asked.append(town)
        return {"population": 48917} if "westerholm" in town.lower() else {"error": "unknown town"}

    llm = ChatOpenAI(model=QWEN, base_url=qwen_server.url + "/v1", api_key=KEY, temperature=0, max_tokens=96)
    agent = create_agent(llm, tools=[get_population])
    question = "What is the population of the town of Westerholm? Use the tool."
    out = agent.invoke({"messages": [{"role": "user", "content": question}]})
    kinds = [type(m).__name__ for m in out["messages"]]
    assert kinds == ["HumanMessage", "AIMessage", "ToolMessage", "AIMessage"], out["messages"]
    assert [t.lower() for t in asked] == ["westerholm"]
    assert out["messages"][1].tool_calls[0]["name"] == "get_population"
    final = out["messages"][-1]
    assert not final.tool_calls and "48917" in final.content.replace(",", ""), final


@pytest.mark.engine
def test_the_agent_tasks_end_to_end_with_the_success_share_printed(qwen_server, capsys):
    """bench/agents.py's 25 tasks against the server on the 0.5B, eight at a time. Measured here:
    19/25, most answers the result's JSON echoed (README, Agents; the 1.5B, recommended for tools,
    25/25). The floor below is far under that: it fails when the round trip breaks, not when a
    greedy path moves. The 14 held-out tasks measure generalisation, which is the bench tool's
    job (`--tasks bench/agent_tasks_holdout.json`; 13/14 on the 0.5B); test_agents checks that
    they load and that each names its tools and facts. Running them here too took 30 s more of a
    worker's time for no claim this test makes."""
    from selfrefine.bench.agents import load_tasks, run_all
    from tests.test_server import KEY

    client = openai.OpenAI(base_url=qwen_server.url + "/v1", api_key=KEY, max_retries=0, timeout=600)
    tasks = load_tasks()
    outcomes = run_all(client, QWEN, tasks, workers=8, log=lambda s: None)
    ok = sum(o.ok for o in outcomes)
    with capsys.disabled():
        print(f"\nagent tasks on {QWEN}: {ok}/{len(outcomes)} = {ok / len(outcomes):.2f}")
    assert [o.id for o in outcomes] == [t["id"] for t in tasks]
    assert all(o.ok or o.why for o in outcomes)
    assert not [o.why for o in outcomes if "Error" in o.why]  # no HTTP failure
    assert sum(bool(o.calls) for o in outcomes) >= 0.9 * len(tasks)  # the model calls tools
    assert ok >= 0.5 * len(tasks), [(o.id, o.why) for o in outcomes if not o.ok]
