"""logprobs / top_logprobs on the plain model name, and token-id prompts on /v1/completions.

The first half needs no engine (request validation, response shapes over a scripted engine);
the second runs `selfrefine serve` on SmolLM2-135M and asks it through the official `openai`
client, streamed and not.
"""

import asyncio
import json
import math

import openai
import pytest
from pydantic import ValidationError

from selfrefine.engine.errors import InvalidParameter
from selfrefine.engine.server.errors import error_response
from selfrefine.engine.server.metrics import Metrics
from selfrefine.engine.server.protocol import ChatCompletionRequest, CompletionRequest
from selfrefine.engine.server.serving import LoopGate, Serving
from tests.conftest import TEST_MODEL
from tests.fakes import ScriptedEngine

PLAIN = TEST_MODEL
REFINE = TEST_MODEL + "-selfrefine"
HI = [{"role": "user", "content": "Say hello to Ada in one short sentence."}]


# ------------------------------------------------------------------ validation (no engine)


@pytest.mark.parametrize(
    "body,param,words",
    [
        ({"top_logprobs": 21, "logprobs": True}, "top_logprobs", "[0, 20]"),
        ({"top_logprobs": -1, "logprobs": True}, "top_logprobs", "[0, 20]"),
        ({"top_logprobs": 2}, "top_logprobs", "logprobs=true"),
        ({"top_logprobs": 2, "logprobs": False}, "top_logprobs", "logprobs=true"),
    ],
)
def test_chat_logprob_parameters_are_checked(body, param, words):
    with pytest.raises(InvalidParameter) as e:
        ChatCompletionRequest.model_validate({"model": "m", "messages": HI, **body})
    assert e.value.param == param and words in str(e.value)
    assert error_response(e.value)[0] == 400


def test_chat_logprob_types_are_strict_and_counts_come_out_right():
    for bad in (
        {"logprobs": 3},
        {"logprobs": "yes"},
        {"logprobs": True, "top_logprobs": 2.5},
        {"logprobs": True, "top_logprobs": True},
    ):
        with pytest.raises(ValidationError) as e:
            ChatCompletionRequest.model_validate({"model": "m", "messages": HI, **bad})
        status, body = error_response(e.value)
        assert status == 400 and body["error"]["param"] in ("logprobs", "top_logprobs")

    def count(**kw):
        return ChatCompletionRequest.model_validate({"model": "m", "messages": HI, **kw}).logprob_count()

    assert count() is None and count(logprobs=False) is None
    assert count(logprobs=True) == 0 and count(logprobs=True, top_logprobs=0) == 0
    assert count(logprobs=True, top_logprobs=20) == 20


@pytest.mark.parametrize("value", [-1, 6, 20])
def test_completion_logprobs_must_be_0_to_5(value):
    with pytest.raises(InvalidParameter) as e:
        CompletionRequest.model_validate({"model": "m", "prompt": "hi", "logprobs": value})
    assert e.value.param == "logprobs" and "[0, 5]" in str(e.value)


def test_completion_logprobs_is_an_integer_not_a_flag():
    with pytest.raises(ValidationError) as e:
        CompletionRequest.model_validate({"model": "m", "prompt": "hi", "logprobs": True})
    assert error_response(e.value)[1]["error"]["param"] == "logprobs"
    req = CompletionRequest.model_validate({"model": "m", "prompt": "hi", "logprobs": 0})
    assert req.logprob_count() == 0


@pytest.mark.parametrize(
    "prompt,expected",
    [
        ("hi", [("prompt", "hi")]),
        (["a", "b"], [("prompt.0", "a"), ("prompt.1", "b")]),
        ([1, 2, 3], [("prompt", [1, 2, 3])]),
        ([[1, 2], [3]], [("prompt.0", [1, 2]), ("prompt.1", [3])]),
    ],
)
def test_completion_prompt_forms(prompt, expected):
    assert CompletionRequest.model_validate({"model": "m", "prompt": prompt}).prompts() == expected


@pytest.mark.parametrize(
    "prompt,param",
    [
        ([], "prompt"),
        ([[]], "prompt.0"),
        ([[5], []], "prompt.1"),
        ("  ", "prompt"),
        (["a", ""], "prompt.1"),
        ([[1]] * 17, "prompt"),
    ],
)
def test_empty_prompts_and_too_many_are_refused(prompt, param):
    with pytest.raises(InvalidParameter) as e:
        CompletionRequest.model_validate({"model": "m", "prompt": prompt}).prompts()
    assert e.value.param == param


@pytest.mark.parametrize("prompt", [["a", 1], [1, "a"], [1.5], [True, 2], [[1], 2], [[1, "x"]]])
def test_mixed_or_non_integer_token_prompts_are_refused(prompt):
    with pytest.raises(ValidationError) as e:
        CompletionRequest.model_validate({"model": "m", "prompt": prompt})
    status, body = error_response(e.value)
    assert status == 400 and body["error"]["param"].startswith("prompt")


# ------------------------------------------------------------------ serving over a scripted engine


def _serving(script: list[str]) -> tuple[Serving, ScriptedEngine]:
    engine = ScriptedEngine(script)
    return Serving(engine, "m", LoopGate(4, 0, Metrics()), Metrics()), engine


def _stream(serving: Serving, plan) -> list[dict]:
    async def go():
        return [c async for c in serving.stream(plan)]

    chunks = asyncio.run(go())
    assert chunks[-1] == "data: [DONE]\n\n"
    return [json.loads(c[6:]) for c in chunks[:-1]]


def test_chat_logprobs_have_openai_shape():
    serving, _ = _serving(["Hé"])
    body = {"model": "m", "messages": HI, "logprobs": True, "top_logprobs": 2}
    out = asyncio.run(serving.complete(serving.plan_chat(body)))
    lp = out["choices"][0]["logprobs"]
    assert lp == {
        "content": [
            {
                "token": "H",
                "logprob": -0.5,
                "bytes": [72],
                "top_logprobs": [
                    {"token": "H", "logprob": -0.5, "bytes": [72]},
                    {"token": "?", "logprob": -2.0, "bytes": [63]},
                ],
            },
            {
                "token": "é",
                "logprob": -0.5,
                "bytes": [0xC3, 0xA9],
                "top_logprobs": [
                    {"token": "é", "logprob": -0.5, "bytes": [0xC3, 0xA9]},
                    {"token": "?", "logprob": -2.0, "bytes": [63]},
                ],
            },
        ],
        "refusal": None,
    }
    # without logprobs: null, as before
    serving, _ = _serving(["Hi"])
    out = asyncio.run(serving.complete(serving.plan_chat({"model": "m", "messages": HI})))
    assert out["choices"][0]["logprobs"] is None


def test_completion_logprobs_have_the_legacy_shape():
    serving, _ = _serving(["ab", "c"])
    body = {"model": "m", "prompt": ["x", "y"], "logprobs": 1}
    out = asyncio.run(serving.complete(serving.plan_completion(body)))
    assert out["choices"][0]["logprobs"] == {
        "tokens": ["a", "b"],
        "token_logprobs": [-0.5, -0.5],
        "top_logprobs": [{"a": -0.5}, {"b": -0.5}],
        "text_offset": [0, 1],
    }
    assert out["choices"][1]["logprobs"]["tokens"] == ["c"]
    serving, _ = _serving(["ab"])
    out = asyncio.run(serving.complete(serving.plan_completion({**body, "prompt": "x", "logprobs": 0})))
    assert out["choices"][0]["logprobs"]["top_logprobs"] == [{}, {}]


def test_streamed_logprobs_come_with_their_text():
    serving, _ = _serving(["Hey"])
    chunks = _stream(
        serving,
        serving.plan_chat(
            {"model": "m", "messages": HI, "logprobs": True, "top_logprobs": 1, "stream": True}
        ),
    )
    text = "".join(c["choices"][0]["delta"].get("content", "") for c in chunks)
    entries = [
        e for c in chunks if c["choices"][0]["logprobs"] for e in c["choices"][0]["logprobs"]["content"]
    ]
    assert text == "Hey" and [e["token"] for e in entries] == ["H", "e", "y"]
    for c in chunks:  # each chunk's entries are its own text's tokens
        lp = c["choices"][0]["logprobs"]
        got = "".join(e["token"] for e in lp["content"]) if lp else ""
        assert got == c["choices"][0]["delta"].get("content", "")

    serving, _ = _serving(["abc"])
    chunks = _stream(
        serving, serving.plan_completion({"model": "m", "prompt": "x", "logprobs": 2, "stream": True})
    )
    parts = [c["choices"][0]["logprobs"] for c in chunks if c["choices"][0]["logprobs"]]
    assert [p["tokens"] for p in parts] == [["a"], ["b"], ["c"]]
    assert [p["text_offset"] for p in parts] == [[0], [1], [2]]  # offsets into the whole completion


def test_refining_model_refuses_logprobs_with_a_clear_400():
    serving, engine = _serving([])
    with pytest.raises(InvalidParameter) as e:
        serving.plan_chat({"model": "m-selfrefine", "messages": HI, "logprobs": True})
    assert e.value.param == "logprobs" and "m-selfrefine" in str(e.value) and "'m'" in str(e.value)
    with pytest.raises(InvalidParameter) as e:
        serving.plan_completion({"model": "m-selfrefine", "prompt": "hi", "logprobs": 0})
    assert e.value.param == "logprobs" and error_response(e.value)[0] == 400
    # logprobs=false asks for nothing: fine on the refining name
    serving.plan_chat({"model": "m-selfrefine", "messages": HI, "logprobs": False})
    assert engine.prompts == []


def test_token_id_prompts_reach_the_engine_as_given_and_are_checked():
    serving, engine = _serving(["one", "two"])
    out = asyncio.run(serving.complete(serving.plan_completion({"model": "m", "prompt": [[72, 105], [33]]})))
    assert engine.prompts == [[72, 105], [33]] and [c["text"] for c in out["choices"]] == ["one", "two"]
    for prompt, param in (([-1], "prompt"), ([[1], [0x110000]], "prompt.1")):
        with pytest.raises(InvalidParameter) as e:
            serving.plan_completion({"model": "m", "prompt": prompt})
        assert e.value.param == param and "outside the vocabulary" in str(e.value)
    with pytest.raises(InvalidParameter) as e:
        serving.plan_completion({"model": "m-selfrefine", "prompt": [72, 105]})
    assert e.value.param == "prompt" and "plain model" in str(e.value)


# ------------------------------------------------------------------ the real server (engine)


@pytest.fixture
def server(key_server):
    return key_server  # the session's shared server (conftest.key_server)


NEAR_TIE = 0.02
"""How far below the top entry a greedy token's logprob may be (a tie in bf16 logits)."""


def _check_entries(entries, text: str, k: int, greedy: bool = True) -> None:
    """Entries consistent with the text: tokens join to it, logprobs <= 0, k alternatives sorted
    most likely first, and (greedy) the chosen token is the most likely one."""
    assert entries and "".join(e.token for e in entries) == text
    for e in entries:
        assert e.logprob <= 0 and math.isfinite(e.logprob)
        assert bytes(e.bytes) == e.token.encode()
        top = e.top_logprobs
        assert len(top) == k
        assert [t.logprob for t in top] == sorted((t.logprob for t in top), reverse=True)
        if greedy and k:
            # the chosen token is the most likely one, or tied with it: vLLM takes the argmax over
            # the model's (bf16) logits and ranks the float32 log-softmax, so two equal logits can
            # be chosen and ranked in different orders
            assert top[0].token == e.token or e.logprob >= top[0].logprob - NEAR_TIE, (e.token, top)
            assert e.logprob == pytest.approx(
                top[0].logprob, abs=NEAR_TIE if top[0].token != e.token else 1e-4
            )


@pytest.mark.engine
def test_chat_logprobs_on_the_real_engine(server):
    from tests.test_server import KEY

    client = openai.OpenAI(base_url=server.base, api_key=KEY, max_retries=0, timeout=300)
    # The requests compared below are computed alike: all served from the same cached prompt
    # blocks (a cache hit can change the numerics and so the greedy text on some CPUs).
    # one token fills the cache with the prompt's blocks
    client.chat.completions.create(model=PLAIN, messages=HI, max_tokens=1, temperature=0)
    r = client.chat.completions.create(
        model=PLAIN, messages=HI, max_tokens=24, temperature=0, logprobs=True, top_logprobs=3
    )
    c = r.choices[0]
    _check_entries(c.logprobs.content, c.message.content, 3)
    # the logprobs describe the returned text; usage also counts the end token when there is one
    assert len(c.logprobs.content) == r.usage.completion_tokens - (c.finish_reason == "stop")
    # logprobs=true alone: the chosen tokens, no alternatives
    r0 = client.chat.completions.create(model=PLAIN, messages=HI, max_tokens=24, temperature=0, logprobs=True)
    assert r0.choices[0].message.content == c.message.content
    _check_entries(r0.choices[0].logprobs.content, c.message.content, 0)
    assert [e.logprob for e in r0.choices[0].logprobs.content] == pytest.approx(
        [e.logprob for e in c.logprobs.content], abs=1e-4
    )

    # streamed: the same tokens and values, each with the text of its chunk
    chunks = list(
        client.chat.completions.create(
            model=PLAIN, messages=HI, max_tokens=24, temperature=0, logprobs=True, top_logprobs=3, stream=True
        )
    )
    text = "".join(ch.choices[0].delta.content or "" for ch in chunks if ch.choices)
    streamed = [
        e for ch in chunks if ch.choices and ch.choices[0].logprobs for e in ch.choices[0].logprobs.content
    ]
    assert text == c.message.content
    _check_entries(streamed, text, 3)
    assert [e.token for e in streamed] == [e.token for e in c.logprobs.content]
    assert [e.logprob for e in streamed] == pytest.approx([e.logprob for e in c.logprobs.content], abs=1e-4)

    # the refining name says why not
    with pytest.raises(openai.BadRequestError) as e:
        client.chat.completions.create(model=REFINE, messages=HI, logprobs=True)
    assert e.value.param == "logprobs" and "not supported" in e.value.message
    with pytest.raises(openai.BadRequestError) as e:
        client.chat.completions.create(model=PLAIN, messages=HI, logprobs=True, top_logprobs=21)
    assert e.value.param == "top_logprobs"


@pytest.mark.engine
def test_completion_logprobs_on_the_real_engine(server):
    from tests.test_server import KEY

    client = openai.OpenAI(base_url=server.base, api_key=KEY, max_retries=0, timeout=300)
    prompt = "The capital of France is"
    r = client.completions.create(model=PLAIN, prompt=prompt, max_tokens=12, temperature=0, logprobs=2)
    c = r.choices[0]
    lp = c.logprobs
    n = len(lp.tokens)
    assert n and "".join(lp.tokens) == c.text and len(lp.token_logprobs) == len(lp.top_logprobs) == n
    assert lp.text_offset == [sum(len(t) for t in lp.tokens[:j]) for j in range(n)]
    assert all(x <= 0 for x in lp.token_logprobs)
    for tok, chosen, top in zip(lp.tokens, lp.token_logprobs, lp.top_logprobs, strict=True):
        assert 1 <= len(top) <= 2 and max(top.values()) == pytest.approx(chosen, abs=1e-4)
        assert top.get(tok) == pytest.approx(chosen, abs=1e-4)  # greedy: the chosen one is the best

    # streamed, with the same prompt given as token ids: same text, tokens and offsets
    from transformers import AutoTokenizer

    from selfrefine.engine.backends import models

    ids = AutoTokenizer.from_pretrained(str(models.model_dir(TEST_MODEL))).encode(prompt)
    chunks = list(
        client.completions.create(
            model=PLAIN, prompt=ids, max_tokens=12, temperature=0, logprobs=2, stream=True
        )
    )
    text = "".join(ch.choices[0].text for ch in chunks if ch.choices)
    parts = [ch.choices[0].logprobs for ch in chunks if ch.choices and ch.choices[0].logprobs]
    assert text == c.text
    assert [t for p in parts for t in p.tokens] == lp.tokens
    assert [o for p in parts for o in p.text_offset] == lp.text_offset
    assert [x for p in parts for x in p.token_logprobs] == pytest.approx(lp.token_logprobs, abs=1e-4)

    with pytest.raises(openai.BadRequestError) as e:
        client.completions.create(model=REFINE, prompt=prompt, logprobs=1)
    assert e.value.param == "logprobs"
    with pytest.raises(openai.BadRequestError) as e:
        client.completions.create(model=PLAIN, prompt=prompt, logprobs=6)
    assert e.value.param == "logprobs" and "[0, 5]" in e.value.message


@pytest.mark.engine
def test_token_id_prompts_on_the_real_engine(server):
    from transformers import AutoTokenizer

    from selfrefine.engine.backends import models
    from tests.test_server import KEY

    tok = AutoTokenizer.from_pretrained(str(models.model_dir(TEST_MODEL)))
    client = openai.OpenAI(base_url=server.base, api_key=KEY, max_retries=0, timeout=300)
    prompts = ["The capital of France is", "One, two, three,"]
    by_text = client.completions.create(model=PLAIN, prompt=prompts, max_tokens=8, temperature=0)
    ids = [tok.encode(p) for p in prompts]
    by_ids = client.completions.create(model=PLAIN, prompt=ids, max_tokens=8, temperature=0)
    assert [c.text for c in by_ids.choices] == [c.text for c in by_text.choices]
    assert by_ids.usage.prompt_tokens == sum(len(x) for x in ids) == by_text.usage.prompt_tokens
    one = client.completions.create(model=PLAIN, prompt=ids[1], max_tokens=8, temperature=0)
    assert one.choices[0].text == by_text.choices[1].text

    for prompt, param in (
        ([], "prompt"),
        ([[]], "prompt.0"),
        ([ids[0], [len(tok) + 5]], "prompt.1"),
        ([-3], "prompt"),
    ):
        with pytest.raises(openai.BadRequestError) as e:
            client.completions.create(model=PLAIN, prompt=prompt, max_tokens=2)
        assert e.value.param == param, e.value.message
    with pytest.raises(openai.BadRequestError) as e:
        client.completions.create(model=REFINE, prompt=ids[0], max_tokens=2)
    assert e.value.param == "prompt" and "plain model" in e.value.message


@pytest.mark.engine
def test_chat_logprobs_with_a_stop_string_describe_the_trimmed_text(server):
    """vLLM also generates the tokens of a matched stop string, and the text leaves them out:
    the logprob entries must be those of the returned text only, whole and streamed."""
    client = server.client()
    # one token fills the cache with the prompt's blocks
    client.chat.completions.create(model=PLAIN, messages=HI, max_tokens=1, temperature=0)
    free = client.chat.completions.create(
        model=PLAIN, messages=HI, max_tokens=24, temperature=0, logprobs=True, top_logprobs=2
    ).choices[0]
    text, tokens = free.message.content, [e.token for e in free.logprobs.content]
    assert "".join(tokens) == text and len(tokens) >= 4, tokens
    # a stop string that starts where a token starts, past the first two tokens, and occurs nowhere
    # earlier: the same greedy path then stops right before that token
    starts = [sum(len(t) for t in tokens[:j]) for j in range(len(tokens))]
    j = next(
        (
            j
            for j in range(2, len(tokens) - 1)
            if tokens[j].strip() and text.find(tokens[j] + tokens[j + 1]) == starts[j]
        ),
        None,
    )
    assert j is not None, tokens
    stop = tokens[j] + tokens[j + 1]

    r = client.chat.completions.create(
        model=PLAIN, messages=HI, max_tokens=24, temperature=0, logprobs=True, top_logprobs=2, stop=[stop]
    )
    c = r.choices[0]
    assert c.finish_reason == "stop" and c.message.content == text[: starts[j]], (stop, c.message.content)
    _check_entries(c.logprobs.content, c.message.content, 2)  # the tokens join exactly to the text
    assert [e.token for e in c.logprobs.content] == tokens[:j]

    chunks = list(
        client.chat.completions.create(
            model=PLAIN,
            messages=HI,
            max_tokens=24,
            temperature=0,
            logprobs=True,
            top_logprobs=2,
            stop=[stop],
            stream=True,
        )
    )
    streamed = [
        e for ch in chunks if ch.choices and ch.choices[0].logprobs for e in ch.choices[0].logprobs.content
    ]
    assert "".join(ch.choices[0].delta.content or "" for ch in chunks if ch.choices) == c.message.content
    assert [e.token for e in streamed] == tokens[:j]


@pytest.mark.engine
def test_chat_logprob_bytes_join_to_the_utf8_of_a_character_split_across_tokens(server):
    """A character of several UTF-8 bytes that the vocabulary spells in several tokens (☕ is
    three byte tokens in SmolLM2's): the entries' tokens join to the text and their `bytes` to
    its UTF-8, with no replacement character in between."""
    from transformers import AutoTokenizer

    from selfrefine.engine.backends import models

    tok = AutoTokenizer.from_pretrained(str(models.model_dir(TEST_MODEL)))
    ask = [{"role": "user", "content": "Copy this line: ☕☕☕"}]  # SmolLM2-135M copies it (or writes emoji)
    client = server.client()
    r = client.chat.completions.create(
        model=PLAIN, messages=ask, max_tokens=12, temperature=0, logprobs=True, top_logprobs=2
    )
    c = r.choices[0]
    text = c.message.content
    split = [ch for ch in text if ord(ch) > 127 and len(tok.encode(ch)) > 1]
    assert split, f"no character split across tokens in {text!r}"
    assert "\ufffd" not in text
    entries = c.logprobs.content
    assert len(entries) == r.usage.completion_tokens - (c.finish_reason == "stop")
    assert "".join(e.token for e in entries) == text
    assert b"".join(bytes(e.bytes) for e in entries) == text.encode("utf-8")
