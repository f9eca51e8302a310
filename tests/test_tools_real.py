"""The re-ask of tool_choice "auto" on the real server: `selfrefine serve` on Qwen2.5-Coder-0.5B,
asked through the official `openai` client.

Given a tool's result, the 0.5B writes the call it already made again (and nothing else). The
server drops a call the history already answered, and where that leaves no new call and no text
it asks the model again with the tools out of the prompt, told to answer from the results
(`Serving._plain_job`); tests/test_tools.py checks that over a scripted engine. Here the real model
makes the repeat, and the answer, the engine calls and the tokens the server counts show the
second generation.
"""

import json

import pytest

from selfrefine.engine.server.serving import ANSWER_FROM_RESULTS
from selfrefine.engine.server.tools import read_auto
from tests import test_tools
from tests.test_tools import QWEN

# one parameter only: the repeat is then the very same call (with the optional unit of
# tests/test_tools.py's tool the 0.5B adds `"unit": "C"`, which is a new call)
CITY_WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Current weather in a city.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}
QUESTION = {"role": "user", "content": "What is the weather in Paris?"}
PARIS = {"city": "Paris"}
# A result in words: given a JSON result, the 0.5B repeats the call and then echoes the JSON, and
# the echo (text) is its answer, with no second generation.
RESULT = "Sunny, 22 degrees Celsius."
ANSWERED = [
    QUESTION,
    {
        "role": "assistant",
        "content": "",
        "tool_calls": [
            {
                "id": "call_1",
                "type": "function",
                "function": {"name": "get_weather", "arguments": json.dumps(PARIS)},
            }
        ],
    },
    {"role": "tool", "tool_call_id": "call_1", "content": RESULT},
]
PLAIN_CALLS = f'selfrefine_model_calls_total{{model="{QWEN}",stage="plain"}}'
ENGINE_REQUESTS = "selfrefine_engine_requests_total"

qwen_server = test_tools.qwen_server  # `selfrefine serve` on the 0.5B, started once for this module


def _with_object_arguments(message: dict) -> dict:
    """`message` as the server hands it to the chat template: a call's arguments as an object."""
    calls = message.get("tool_calls")
    if not calls:
        return message
    return {
        **message,
        "tool_calls": [
            {**c, "function": {**c["function"], "arguments": json.loads(c["function"]["arguments"])}}
            for c in calls
        ],
    }


def _prompt_tokens(client, messages, **kw) -> int:
    """The prompt's length in tokens as the server renders `messages` (one generated token)."""
    r = client.chat.completions.create(model=QWEN, messages=messages, max_tokens=1, temperature=0, **kw)
    return r.usage.prompt_tokens


@pytest.mark.engine
def test_auto_after_a_result_repeated_by_the_model_is_asked_again_and_answers_in_text(qwen_server):
    from transformers import AutoTokenizer

    from selfrefine.engine.backends import models

    client = qwen_server.client()
    # the first prompt (with the tools): its length, and in the prefix cache, so that the raw
    # completion and the chat request below are computed alike (a cache hit can change the
    # numerics, and so the greedy path, on some CPUs)
    with_tools = _prompt_tokens(client, ANSWERED, tools=[CITY_WEATHER], tool_choice="required")
    # the second prompt: no tools, and the server's instruction to answer from the results last
    reask = _prompt_tokens(client, [*ANSWERED, {"role": "system", "content": ANSWER_FROM_RESULTS}])

    # what the model writes to the first prompt: only the answered call again (as the server reads
    # calls), which "auto" must not hand back to the client, who would run it again
    tok = AutoTokenizer.from_pretrained(str(models.pull(QWEN)))
    rendered = tok.apply_chat_template(
        [_with_object_arguments(m) for m in ANSWERED],
        tools=[CITY_WEATHER],
        tokenize=False,
        add_generation_prompt=True,
    )
    raw = client.completions.create(model=QWEN, prompt=rendered, max_tokens=40, temperature=0)
    assert raw.usage.prompt_tokens == with_tools  # the chat request's first prompt, token for token
    content, calls = read_auto(raw.choices[0].text, {"get_weather"})
    assert content is None and calls, raw.choices[0].text
    assert all(call == ("get_weather", PARIS) for call in calls), raw.choices[0].text

    before = qwen_server.metrics()
    r = client.chat.completions.create(
        model=QWEN, messages=ANSWERED, tools=[CITY_WEATHER], tool_choice="auto", max_tokens=40, temperature=0
    )
    after = qwen_server.metrics()
    c = r.choices[0]
    # a text answer from the result, not the call again
    assert c.finish_reason == "stop" and c.message.tool_calls is None, c.message
    text = c.message.content
    assert text and text.strip() and "22" in text, c.message
    assert "get_weather" not in text and "<tool_call>" not in text and '"name"' not in text, text
    # the server asked twice: two engine calls for one request, both prompts paid for
    assert after[PLAIN_CALLS] - before.get(PLAIN_CALLS, 0) == 2
    assert after[ENGINE_REQUESTS] - before[ENGINE_REQUESTS] == 2
    assert r.usage.prompt_tokens == with_tools + reask
    assert r.usage.completion_tokens > raw.usage.completion_tokens  # the repeat and the answer
