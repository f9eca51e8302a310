"""A function-tool round trip on POST /v1/responses against the real server: `selfrefine serve` on
Qwen2.5-Coder-0.5B (SmolLM2's template, the one tests/test_responses_api.py serves, has no tool
calls, so there function tools are a 400), asked through the official `openai` client.

The first request forces the call (tool_choice "required": structured outputs, so greedy
decoding makes the same call on every machine) and gets a `function_call` output item; the
second sends that item back with its `function_call_output`, as a client that runs the tool
does, and gets a message item with the answer.
"""

import json

import pytest

from tests import test_tools
from tests.test_tools import QWEN

WEATHER = {  # the flat Responses form of a function tool
    "type": "function",
    "name": "get_weather",
    "description": "Current weather in a city.",
    "parameters": {
        "type": "object",
        "properties": {"city": {"type": "string"}},
        "required": ["city"],
        "additionalProperties": False,
    },
    "strict": True,
}
QUESTION = {"role": "user", "content": "What is the weather in Paris?"}


qwen_server = test_tools.qwen_server  # `selfrefine serve` on the 0.5B, started once for this module


@pytest.mark.engine
def test_a_function_call_item_then_its_output_then_a_text_answer(qwen_server):
    client = qwen_server.client()
    r = client.responses.create(
        model=QWEN,
        input=[QUESTION],
        tools=[WEATHER],
        tool_choice="required",
        max_output_tokens=48,
        temperature=0,
    )
    assert r.status == "completed" and r.tool_choice == "required", r
    assert [t.name for t in r.tools] == ["get_weather"]
    (call,) = r.output  # the call alone: no message item beside it
    assert call.type == "function_call" and call.status == "completed", call
    assert call.name == "get_weather" and call.call_id and call.id.startswith("fc_")
    assert json.loads(call.arguments) == {"city": "Paris"}
    assert r.usage.output_tokens > 0 and r.output_text == ""

    # the client ran the tool: the call item goes back as it came, followed by its output
    result = {"type": "function_call_output", "call_id": call.call_id, "output": "Sunny, 22 degrees Celsius."}
    r2 = client.responses.create(
        model=QWEN,
        input=[QUESTION, *r.output, result],
        tools=[WEATHER],
        tool_choice="auto",
        max_output_tokens=48,
        temperature=0,
    )
    assert r2.status == "completed", r2
    (message,) = r2.output  # a message, and the answered call not made again
    assert message.type == "message" and message.role == "assistant" and message.status == "completed"
    (part,) = message.content
    assert part.type == "output_text" and part.text == r2.output_text
    text = r2.output_text
    assert text.strip() and "22" in text, text
    assert "get_weather" not in text and "<tool_call>" not in text and '"name"' not in text, text
    # the call and its result are in the prompt: more of it than the question with the tools alone
    assert r2.usage.input_tokens > r.usage.input_tokens
