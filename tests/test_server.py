"""The real OpenAI-compatible server (`selfrefine serve`) in a subprocess, on the real engine,
driven by the official `openai` client (and raw httpx where the wire format itself matters).

One server for the whole module: SmolLM2-135M, a 1 GiB KV cache, at most 16 loops running
and 48 waiting (so 64 concurrent clients fit and a full queue gets 429s). Tests that need work in
flight use loops long enough on any hardware and hang up on them, so they hold on a fast GPU and
when run alone. tests/test_server_modes.py starts servers without the test flags.
"""

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import openai
import pytest

from selfrefine.engine.errors import EngineDead, EngineFault, InvalidParameter, PromptTooLong
from selfrefine.engine.server.app import MAX_JSON_DEPTH, parse_body
from selfrefine.engine.server.errors import ModelNotFound, QueueFull, Unauthorized, error_response
from selfrefine.engine.server.metrics import Metrics
from selfrefine.engine.server.protocol import ChatCompletionRequest, SelfRefineOptions
from selfrefine.engine.server.serving import LoopGate, Serving
from selfrefine.engine.types import Sampling
from tests.conftest import TEST_MODEL
from tests.fakes import ScriptedEngine, fb

CLI = str(Path(sys.executable).parent / "selfrefine")
PLAIN = TEST_MODEL
REFINE = TEST_MODEL + "-selfrefine"
KEY = "test-key-123"
RUNNING, QUEUED = 16, 48
# A short loop: one rewrite, one aspect, one short feedback point, no early stop (no stop rule
# and no rewrite check may end it: these tests are about the plumbing, not the answers).
FAST_LOOP = {
    "max_rounds": 1,
    "aspects": ["clarity"],
    "feedback_points": 1,
    "feedback_point_words": 7,
    "stop_flag": False,
    "stop_on_top": False,
    "stop_on_no_problems": False,
    "reject": False,
    "candidates": 1,  # one refine call per round, whatever the tools find in the answer
}
# A loop that runs long on any hardware (16 rounds, no early stop): for tests that hang up on it
# or hold admission slots with it, and then cancel it.
LONG_LOOP = {
    **FAST_LOOP,
    "max_rounds": 16,
    "aspects": ["correctness", "clarity"],
    "feedback_points": 4,
    "feedback_point_words": 20,
}
HI = [{"role": "user", "content": "Say hello to Ada in a short sentence."}]  # no count: the review loop runs
CITY_SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string", "enum": ["Paris", "Rome", "Oslo"]}},
    "required": ["city"],
    "additionalProperties": False,
}
BAD_SCHEMA = {"type": "json_schema", "json_schema": {"name": "x", "schema": {"type": "no-such-type"}}}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, port: int, proc: subprocess.Popen, log: Path):
        self.url = f"http://127.0.0.1:{port}"
        self.base = self.url + "/v1"
        self.proc, self.log = proc, log

    def client(self, **kw) -> openai.OpenAI:
        return openai.OpenAI(base_url=self.base, api_key=KEY, max_retries=0, timeout=300, **kw)

    def aclient(self, **kw) -> openai.AsyncOpenAI:
        return openai.AsyncOpenAI(base_url=self.base, api_key=KEY, max_retries=0, timeout=300, **kw)

    def stream(self, path: str, body: dict):
        """An open streaming POST (a context manager), for raw SSE lines and hanging up mid-stream."""
        return httpx.stream(
            "POST", self.base + path, timeout=300, headers={"Authorization": f"Bearer {KEY}"}, json=body
        )

    def post(self, path: str, body, key: str | None = KEY, timeout: float = 300, **kw) -> httpx.Response:
        headers = {"Authorization": f"Bearer {key}"} if key is not None else {}
        data = body if isinstance(body, str) else json.dumps(body)
        return httpx.post(
            self.base + path,
            content=data,
            headers={**headers, "Content-Type": "application/json"},
            timeout=timeout,
            **kw,
        )

    def metrics(self) -> dict[str, float]:
        text = httpx.get(self.url + "/metrics", timeout=30).text
        out = {}
        for line in text.splitlines():
            if line and not line.startswith("#"):
                name, value = line.rsplit(" ", 1)
                out[name] = float(value)
        return out


def launch(
    tmp_path_factory,
    *args: str,
    env: dict | None = None,
    model: str = TEST_MODEL,
    kv_cache_gib: str | None = "1",
) -> Server:
    """`selfrefine serve` on `model` (default: the test model) in a subprocess (not yet ready);
    `env` adds to the environment (a None value removes the variable). `kv_cache_gib` None
    passes no `--kv-cache-gib` (the transformers backend refuses that vLLM option)."""
    port = _free_port()
    log = tmp_path_factory.mktemp("server") / "server.log"
    kv = ["--kv-cache-gib", kv_cache_gib] if kv_cache_gib is not None else []
    cmd = [CLI, "serve", "--model", model, "--port", str(port), *kv, *args]
    full_env = {**os.environ, "TOKENIZERS_PARALLELISM": "false"}
    for k, v in (env or {}).items():  # None: unset
        if v is None:
            full_env.pop(k, None)
        else:
            full_env[k] = v
    with log.open("w") as fh:
        proc = subprocess.Popen(
            cmd, stdout=fh, stderr=subprocess.STDOUT, start_new_session=True, env=full_env
        )
    return Server(port, proc, log)


def wait_ready(srv: Server, on_answer=None) -> None:
    """Poll /health until 200; `on_answer(response)` sees every answer before that."""
    deadline = time.time() + 600  # generous: the machine may be shared with other engines
    while True:
        assert srv.proc.poll() is None, f"server exited early:\n{srv.log.read_text()[-3000:]}"
        assert time.time() < deadline, f"server not ready in time:\n{srv.log.read_text()[-3000:]}"
        try:
            h = httpx.get(srv.url + "/health", timeout=5)
            if h.status_code == 200:
                return
            if on_answer is not None:
                on_answer(h)
        except httpx.TransportError:
            pass
        time.sleep(0.2)


def stop(srv: Server) -> None:
    srv.proc.send_signal(signal.SIGTERM)
    try:
        srv.proc.wait(60)
    except subprocess.TimeoutExpired:
        os.killpg(srv.proc.pid, signal.SIGKILL)
        srv.proc.wait(30)


@pytest.fixture
def server(key_server):
    """The session's shared server (conftest.key_server): the test key, RUNNING / QUEUED loop
    limits and --debug-faults."""
    return key_server


@contextlib.contextmanager
def start_server(folder: Path, *extra: str):
    """`selfrefine serve` on the test model with the test key, as a context manager: yields the
    Server once /health says ok, and stops it afterwards."""

    class _Factory:  # launch() takes a tmp_path_factory; here the folder is given
        @staticmethod
        def mktemp(_name):
            return folder

    srv = launch(_Factory, "--api-key", KEY, *extra)
    try:
        wait_ready(srv)
        yield srv
    finally:
        stop(srv)


def _refine_calls(body: dict) -> list[dict]:
    return [c for loop in body["selfrefine"]["loops"] for c in loop["trace"]]


# ------------------------------------------------------------------ basics


def test_health_and_models_list_both_names(server):
    h = httpx.get(server.url + "/health", timeout=10)
    assert h.status_code == 200 and h.json()["status"] == "ok"
    ids = {m.id for m in server.client().models.list()}
    assert ids == {PLAIN, REFINE}
    assert server.client().models.retrieve(REFINE).id == REFINE


def test_chat_sync_plain(server):
    r = server.client().chat.completions.create(model=PLAIN, messages=HI, max_tokens=8, temperature=0, seed=1)
    assert r.model == PLAIN and r.object == "chat.completion"
    assert isinstance(r.choices[0].message.content, str) and r.choices[0].message.content
    assert r.choices[0].finish_reason in ("stop", "length")
    assert r.usage.prompt_tokens > 0 and 0 < r.usage.completion_tokens <= 8
    assert r.usage.total_tokens == r.usage.prompt_tokens + r.usage.completion_tokens
    assert not hasattr(r, "selfrefine") or r.selfrefine is None


def test_refine_draft_equals_the_plain_answer(server):
    """The refining name's draft is what the plain name answers to the same messages (greedy),
    on 20 varied prompts, a system message included: the loop adds nothing to the draft prompt.

    Both are computed alike: with the prefix cache on, a request whose prompt blocks come from the
    cache runs other kernels' shapes than a cold one, and on some CPUs (AVX512-BF16) that flips
    near-tied tokens of this 135M model. So each prompt is sent once to fill the cache (one token:
    the prompt's blocks are cached at prefill), and the plain answer that is compared is the
    second one, served from the same cached blocks as the loop's draft."""
    prompts = json.loads((Path(__file__).parent / "data" / "everyday_prompts.json").read_text())[:20]
    client = server.client()
    mismatched = []
    for i, text in enumerate(prompts):
        msgs = [{"role": "user", "content": text}]
        if i % 5 == 4:
            msgs.insert(0, {"role": "system", "content": "You are a friendly assistant. Keep replies short."})
        common = {"messages": msgs, "max_tokens": 32, "temperature": 0, "seed": 0}
        # fills the cache with the prompt's blocks: the plain answer and the draft below hit it
        client.chat.completions.create(model=PLAIN, **{**common, "max_tokens": 1})
        plain = client.chat.completions.create(model=PLAIN, **common).choices[0].message.content
        r = client.chat.completions.create(
            model=REFINE,
            **common,
            extra_body={
                # no rounds: the draft call is the same with rounds or without, and the reviews
                # and rewrites of one round took half this test's time
                "selfrefine": {"rounds": 0, "return_trace": True}
            },
        )
        loop = r.model_dump()["selfrefine"]["loops"][0]
        assert [c["stage"] for c in loop["trace"]] == ["draft"]
        if loop["trace"][0]["text"] != plain.strip():
            mismatched.append((text, plain, loop["trace"][0]["text"]))
    assert not mismatched, mismatched[:3]


ENGINE_COUNTERS = (
    "vllm:prompt_tokens_total",
    "vllm:generation_tokens_total",
    "vllm:prompt_tokens_cached_total",
    "selfrefine_engine_prompt_tokens_total",
    "selfrefine_engine_completion_tokens_total",
    "selfrefine_engine_cached_tokens_total",
)


def _vllm(m: dict[str, float], name: str) -> float:
    """A vLLM metric from /metrics, summed over its labels."""
    return sum(v for k, v in m.items() if k == name or k.startswith(name + "{"))


def _counted_by_the_engine(server, before: dict[str, float], usage) -> bool:
    """True once vLLM's own token counters (and the engine's) moved by exactly `usage`."""
    m = server.metrics()
    d = {k: _vllm(m, k) - _vllm(before, k) for k in ENGINE_COUNTERS}
    cached = usage.prompt_tokens_details.cached_tokens if usage.prompt_tokens_details else 0
    return (
        d["vllm:prompt_tokens_total"] == d["selfrefine_engine_prompt_tokens_total"] == usage.prompt_tokens
        and d["vllm:generation_tokens_total"]
        == d["selfrefine_engine_completion_tokens_total"]
        == usage.completion_tokens
        and d["vllm:prompt_tokens_cached_total"] == d["selfrefine_engine_cached_tokens_total"] == cached
    )


def test_chat_sync_refine_usage_adds_up_over_the_trace(server):
    before = server.metrics()
    r = server.client().chat.completions.create(
        model=REFINE,
        messages=HI,
        max_completion_tokens=12,
        temperature=0,
        extra_body={"selfrefine": {**FAST_LOOP, "return_trace": True}},
    )
    body = r.model_dump()
    loop = body["selfrefine"]["loops"][0]
    assert [c["stage"] for c in loop["trace"]] == ["draft", "feedback", "refine"]
    assert loop["stop_reason"] == "max_rounds" and loop["rounds"] == 1 and len(loop["outputs"]) == 2
    assert set(loop["trace"][1]["feedback"]["scores"]) == {"clarity"}
    assert r.choices[0].message.content == loop["outputs"][loop["selected_round"]]
    assert all(c["completion_tokens"] <= 12 for c in loop["trace"] if c["stage"] != "feedback")
    calls = _refine_calls(body)
    assert r.usage.prompt_tokens == sum(c["prompt_tokens"] for c in calls)
    assert r.usage.completion_tokens == sum(c["completion_tokens"] for c in calls)
    assert r.usage.prompt_tokens_details.cached_tokens == sum(c["cached_tokens"] for c in calls) > 0
    # not only self-consistent: vLLM's own counters moved by exactly the reported usage
    assert _wait_for(lambda: _counted_by_the_engine(server, before, r.usage), 10), (r.usage, server.metrics())


def test_chat_async_on_both_models(server):
    async def go():
        client = server.aclient()
        return await asyncio.gather(
            client.chat.completions.create(model=PLAIN, messages=HI, max_tokens=8),
            client.chat.completions.create(
                model=REFINE, messages=HI, max_tokens=8, extra_body={"selfrefine": FAST_LOOP}
            ),
        )

    plain, refined = asyncio.run(go())
    assert plain.choices[0].message.content and refined.choices[0].message.content is not None
    assert refined.model == REFINE and refined.selfrefine["loops"][0]["rounds"] == 1
    assert "trace" not in refined.selfrefine["loops"][0]  # only when asked for
    assert refined.usage.prompt_tokens > plain.usage.prompt_tokens  # three calls, not one


def test_chat_stream_plain_sends_token_deltas_then_usage(server):
    chunks = list(
        server.client().chat.completions.create(
            model=PLAIN,
            messages=HI,
            max_tokens=12,
            temperature=0,
            stream=True,
            stream_options={"include_usage": True},
        )
    )
    assert chunks[0].choices[0].delta.role == "assistant"
    pieces = [c.choices[0].delta.content for c in chunks if c.choices and c.choices[0].delta.content]
    assert len(pieces) >= 2  # streamed as generated, not in one piece
    finish = [c.choices[0].finish_reason for c in chunks if c.choices and c.choices[0].finish_reason]
    assert finish in (["stop"], ["length"])
    assert chunks[-1].choices == [] and chunks[-1].usage.completion_tokens >= len(pieces)


def test_chat_stream_refine_sends_round_events_then_the_answer(server):
    before = server.metrics()
    chunks = list(
        server.client().chat.completions.create(
            model=REFINE,
            messages=HI,
            max_tokens=12,
            temperature=0,
            stream=True,
            stream_options={"include_usage": True},
            extra_body={"selfrefine": {**FAST_LOOP, "return_trace": True}},
        )
    )
    events = [c.selfrefine for c in chunks if getattr(c, "selfrefine", None) and "type" in c.selfrefine]
    assert [e["type"] for e in events] == ["draft", "feedback", "refine_started", "refine"]
    assert set(events[1]["feedback"]["scores"]) == {"clarity"} and isinstance(events[1]["total"], int)
    # event chunks carry an empty delta, so plain clients see no text from them
    kinds = [
        "event"
        if getattr(c, "selfrefine", None) and "type" in c.selfrefine
        else "content"
        if c.choices and c.choices[0].delta.content
        else "other"
        for c in chunks
    ]
    assert kinds.index("content") > max(i for i, k in enumerate(kinds) if k == "event")
    answer = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert answer == events[-1]["text"]
    summary = [
        c.selfrefine
        for c in chunks
        if getattr(c, "selfrefine", None) and "stop_reason" in c.selfrefine and "type" not in c.selfrefine
    ][0]
    usage = chunks[-1].usage
    assert usage.completion_tokens == sum(c["completion_tokens"] for c in summary["trace"])
    assert usage.prompt_tokens == sum(c["prompt_tokens"] for c in summary["trace"])
    # the round events carry each call's tokens as they happen (the page's per-call figures)
    streamed = [c for e in events for c in e.get("calls", [])]
    assert [c["stage"] for c in streamed] == [c["stage"] for c in summary["trace"]]
    assert sum(c["completion_tokens"] for c in streamed) == usage.completion_tokens
    assert isinstance(events[1]["problems"], list) and "observation" in events[1]
    assert _wait_for(lambda: _counted_by_the_engine(server, before, usage), 10), (usage, server.metrics())


def test_raw_sse_ends_with_done_and_completions_work_on_both_models(server):
    for model, extra in ((PLAIN, {}), (REFINE, {"selfrefine": FAST_LOOP})):
        with server.stream(
            "/completions",
            {
                "model": model,
                "prompt": "The capital of France is",
                "max_tokens": 6,
                "stream": True,
                **extra,
            },
        ) as r:
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
            lines = [ln for ln in r.iter_lines() if ln]
        assert all(ln.startswith("data: ") for ln in lines) and lines[-1] == "data: [DONE]"
        chunks = [json.loads(ln[6:]) for ln in lines[:-1]]
        assert all(c["object"] == "text_completion" for c in chunks)
        assert any(ch["finish_reason"] for c in chunks for ch in c["choices"])
    c = server.client().completions.create(
        model=REFINE, prompt="Name a fruit.", max_tokens=6, extra_body={"selfrefine": FAST_LOOP}
    )
    assert c.object == "text_completion" and c.selfrefine["loops"][0]["rounds"] == 1
    p = server.client().completions.create(model=PLAIN, prompt=["One,", "Two,"], max_tokens=4, n=2)
    assert [ch.index for ch in p.choices] == [0, 1, 2, 3] and all(ch.text for ch in p.choices)


@pytest.mark.parametrize("model", [PLAIN, REFINE])
def test_response_format_json_schema_gives_valid_json(server, model):
    extra = {"extra_body": {"selfrefine": {**FAST_LOOP, "return_trace": True}}} if model == REFINE else {}
    r = server.client().chat.completions.create(
        model=model,
        max_tokens=40,
        messages=[{"role": "user", "content": "Which city is the capital of France?"}],
        response_format={"type": "json_schema", "json_schema": {"name": "city", "schema": CITY_SCHEMA}},
        **extra,
    )
    assert json.loads(r.choices[0].message.content)["city"] in ("Paris", "Rome", "Oslo")
    if model == REFINE:  # the schema binds every output of the loop, not just the last
        for out in r.selfrefine["loops"][0]["outputs"]:
            assert json.loads(out)["city"] in ("Paris", "Rome", "Oslo")


@pytest.mark.parametrize("model", [PLAIN, REFINE])
def test_response_format_json_object_gives_a_json_object(server, model):
    extra = {"extra_body": {"selfrefine": {**FAST_LOOP, "return_trace": True}}} if model == REFINE else {}
    r = server.client().chat.completions.create(
        model=model,
        max_tokens=48,
        temperature=0,
        seed=0,
        messages=[{"role": "user", "content": "Give the capital of France as JSON."}],
        response_format={"type": "json_object"},
        **extra,
    )
    outputs = r.selfrefine["loops"][0]["outputs"] if model == REFINE else [r.choices[0].message.content]
    for out in outputs:  # the draft and the rewrite alike
        assert isinstance(json.loads(out), dict), out


@pytest.mark.parametrize("model", [PLAIN, REFINE])
def test_stream_with_n_2_interleaves_two_tagged_choices(server, model):
    extra = {"selfrefine": {**FAST_LOOP, "max_rounds": 0}} if model == REFINE else {}
    chunks = list(
        server.client().chat.completions.create(
            model=model,
            messages=HI,
            max_tokens=8,
            n=2,
            seed=5,
            stream=True,
            stream_options={"include_usage": True},
            extra_body=extra,
        )
    )
    text = {0: "", 1: ""}
    finished = []
    for c in chunks:
        for ch in c.choices:
            text[ch.index] += ch.delta.content or ""
            if ch.finish_reason:
                finished.append(ch.index)
    assert sorted(finished) == [0, 1] and text[0] and text[1]
    roles = [ch.index for c in chunks for ch in c.choices if ch.delta.role == "assistant"]
    assert sorted(roles) == [0, 1]
    if model == REFINE:  # one draft event and one loop summary per choice
        events = [c.selfrefine for c in chunks if getattr(c, "selfrefine", None)]
        assert sorted(e["index"] for e in events if e.get("type") == "draft") == [0, 1]
        summaries = [e for e in events if "stop_reason" in e and "type" not in e]
        assert len(summaries) == 2
    assert chunks[-1].choices == [] and chunks[-1].usage.completion_tokens >= 2


def test_n_runs_independent_loops(server):
    r = server.client().chat.completions.create(
        model=REFINE,
        messages=HI,
        max_tokens=8,
        n=2,
        seed=3,
        extra_body={"selfrefine": {**FAST_LOOP, "max_rounds": 0}},
    )
    assert [c.index for c in r.choices] == [0, 1] and len(r.selfrefine["loops"]) == 2
    assert all(lp["rounds"] == 0 for lp in r.selfrefine["loops"])


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize(
    "body,param",
    [
        ({"model": PLAIN, "messages": HI, "temperature": 5}, "temperature"),
        ({"model": PLAIN, "messages": HI, "max_tokens": 0}, "max_tokens"),
        ({"model": PLAIN, "messages": []}, "messages"),
        ({"model": PLAIN, "messages": [{"role": "robot", "content": "hi"}]}, "messages.0.role"),
        ({"model": PLAIN, "messages": HI, "n": 99}, "n"),
        ({"model": PLAIN, "messages": HI, "tools": [{"type": "function"}]}, "tools.0.function"),
        ({"model": PLAIN, "messages": HI, "selfrefine": {"max_rounds": 1}}, "selfrefine"),
        ({"model": REFINE, "messages": HI, "selfrefine": {"max_rounds": 99}}, "max_rounds"),
        ({"model": REFINE, "messages": HI, "selfrefine": {"no_such_option": 1}}, "selfrefine.no_such_option"),
        ({"model": REFINE, "messages": HI, "selfrefine": {"aspects": ["Not Snake"]}}, "aspects"),
        ({"model": REFINE, "messages": [{"role": "assistant", "content": "hi"}]}, "messages"),
        (
            {"model": PLAIN, "messages": HI, "response_format": {"type": "json_schema"}},
            "response_format.json_schema",
        ),
        ({"model": PLAIN, "messages": HI, "stop": 5}, "stop"),
        ({"model": PLAIN, "messages": HI, "seed": 2**70}, "seed"),
        # refused by the engine itself (xgrammar cannot compile it): still a 400, not a 500
        ({"model": PLAIN, "messages": HI, "max_tokens": 4, "response_format": BAD_SCHEMA}, "request"),
        ({"model": REFINE, "messages": HI, "max_tokens": 4, "response_format": BAD_SCHEMA}, "request"),
        ("{not json", "body"),
        ("[1, 2]", "body"),
        # 100,000 levels deep: Python's parser raises RecursionError, which was a 500
        ('{"a": ' * 100_000 + "1" + "}" * 100_000, "body"),
        # valid JSON, but a lone surrogate is no text: the tokenizer raised TypeError, a 500
        (
            f'{{"model": "{PLAIN}", "messages": [{{"role": "user", "content": "ab\\udcff"}}]}}',
            "messages.0.content",
        ),
        (
            f'{{"model": "{REFINE}", "messages": [{{"role": "user", "content": "\\ud800 hi"}}]}}',
            "messages.0.content",
        ),
    ],
)
def test_invalid_parameters_get_400_naming_the_parameter(server, body, param):
    r = server.post("/chat/completions", body)
    assert r.status_code == 400, r.text
    err = r.json()["error"]
    assert set(err) == {"message", "type", "param", "code"}
    assert err["param"] == param and err["type"] == "invalid_request_error" and err["message"]


def test_lone_surrogate_in_a_completion_prompt_gets_400_and_a_valid_pair_works(server):
    r = server.post("/completions", f'{{"model": "{PLAIN}", "prompt": ["ok", "x\\udcff"], "max_tokens": 2}}')
    assert r.status_code == 400 and r.json()["error"]["param"] == "prompt.1", r.text
    assert "surrogate" in r.json()["error"]["message"]
    # a surrogate *pair* escapes one real character (an emoji): that is text, and served
    r = server.post("/completions", f'{{"model": "{PLAIN}", "prompt": "Hi \\ud83d\\ude00", "max_tokens": 2}}')
    assert r.status_code == 200, r.text


@pytest.mark.parametrize(
    "field,value",
    [("logit_bias", {"50256": -100}), ("echo", True), ("suffix", " end."), ("best_of", 2)],
)
def test_unsupported_openai_fields_get_400_naming_the_field(server, field, value):
    before = server.metrics()["selfrefine_engine_requests_total"]
    with pytest.raises(openai.BadRequestError) as e:  # through the official client, as users send them
        server.client().completions.create(model=PLAIN, prompt="Hi", max_tokens=4, **{field: value})
    assert e.value.status_code == 400 and e.value.code == "invalid_parameter"
    assert e.value.param == field and "not supported" in e.value.message
    r = server.post("/chat/completions", {"model": REFINE, "messages": HI, field: value})
    assert r.status_code == 400 and r.json()["error"]["param"] == field
    assert server.metrics()["selfrefine_engine_requests_total"] == before  # refused before any engine call


@pytest.mark.parametrize("model", [PLAIN, REFINE])
def test_prompt_over_the_context_gets_400_through_the_client(server, model):
    long = [{"role": "user", "content": "word " * 5000}]
    with pytest.raises(openai.BadRequestError) as e:
        server.client().chat.completions.create(model=model, messages=long, max_tokens=4)
    assert e.value.status_code == 400 and e.value.code == "context_length_exceeded"


def test_missing_or_wrong_key_gets_401(server):
    with pytest.raises(openai.AuthenticationError) as e:
        openai.OpenAI(base_url=server.base, api_key="wrong", max_retries=0).models.list()
    assert e.value.code == "invalid_api_key" and e.value.type == "authentication_error"
    r = server.post("/chat/completions", {"model": PLAIN, "messages": HI}, key=None)
    assert r.status_code == 401 and r.json()["error"]["code"] == "invalid_api_key"
    assert httpx.get(server.base + "/models", timeout=10).status_code == 401


def test_unknown_model_gets_404(server):
    with pytest.raises(openai.NotFoundError) as e:
        server.client().chat.completions.create(model="gpt-17", messages=HI)
    assert e.value.status_code == 404 and e.value.code == "model_not_found"
    with pytest.raises(openai.NotFoundError):
        server.client().completions.create(model="nope-selfrefine", prompt="x")
    with pytest.raises(openai.NotFoundError):
        server.client().models.retrieve("gpt-17")


def test_engine_fault_gets_500_and_the_server_keeps_serving(server):
    before = server.metrics()["selfrefine_engine_requests_total"]
    with pytest.raises(openai.InternalServerError) as e:
        server.client().chat.completions.create(
            model=REFINE,
            messages=HI,
            max_tokens=8,
            extra_body={"selfrefine": {**FAST_LOOP, "debug_fault": "feedback"}},
        )
    assert e.value.status_code == 500 and e.value.code == "engine_error" and e.value.type == "server_error"
    assert server.metrics()["selfrefine_engine_requests_total"] == before + 1  # the real draft ran
    # mid-stream, the fault arrives as an error event before [DONE]
    with server.stream(
        "/chat/completions",
        {
            "model": REFINE,
            "messages": HI,
            "max_tokens": 8,
            "stream": True,
            "selfrefine": {**FAST_LOOP, "debug_fault": "refine"},
        },
    ) as r:
        lines = [ln for ln in r.iter_lines() if ln]
    assert lines[-1] == "data: [DONE]" and json.loads(lines[-2][6:])["error"]["code"] == "engine_error"
    ok = server.client().chat.completions.create(model=PLAIN, messages=HI, max_tokens=4)
    assert ok.choices[0].message.content
    assert httpx.get(server.url + "/health", timeout=10).status_code == 200


def test_debug_fault_hook_is_refused_without_the_flag_value(server):
    r = server.post(
        "/chat/completions", {"model": REFINE, "messages": HI, "selfrefine": {"debug_fault": "everything"}}
    )
    assert r.status_code == 400 and r.json()["error"]["param"] == "selfrefine.debug_fault"


# ------------------------------------------------------------------ disconnects and load


def _wait_for(cond, timeout: float = 30.0) -> bool:
    end = time.time() + timeout
    while time.time() < end:
        if cond():
            return True
        time.sleep(0.2)
    return False


def _engine_idle(server) -> bool:
    """vLLM's scheduler holds no request. Its gauges are refreshed by engine steps, so run one
    short request first: its last step reports the queues as they are."""
    r = server.client().completions.create(model=PLAIN, prompt="One", max_tokens=1)
    assert r.choices[0].text is not None
    m = server.metrics()
    return _vllm(m, "vllm:num_requests_running") == 0 and _vllm(m, "vllm:num_requests_waiting") == 0


def _hung_up_and_stopped(server, before: dict[str, float]) -> None:
    """After a client hung up on a loop: our abort ran, the loop is gone, and vLLM itself holds
    no request any more (its own scheduler count, not our counter)."""
    assert _wait_for(
        lambda: (
            server.metrics()["selfrefine_engine_aborted_total"] > before["selfrefine_engine_aborted_total"]
        )
    )
    assert _wait_for(lambda: server.metrics()["selfrefine_loops_in_flight"] == 0)
    after = server.metrics()
    assert after["selfrefine_loops_queued"] == 0
    key = 'selfrefine_loops_total{kind="refine",outcome="cancelled"}'
    assert after[key] >= before.get(key, 0) + 1
    assert _wait_for(lambda: _engine_idle(server))
    assert _wait_for(lambda: _vllm_dropped_the_aborted(server.metrics(), before)), _finishes(server.metrics())


def _finishes(m: dict[str, float]) -> dict[str, float]:
    """vLLM's finished requests by reason (`vllm:request_success_total{finished_reason=...}`)."""
    out: dict[str, float] = {}
    for k, v in m.items():
        if k.startswith("vllm:request_success_total{"):
            reason = re.search(r'finished_reason="([^"]*)"', k).group(1)
            out[reason] = out.get(reason, 0) + v
    return out


def _vllm_dropped_the_aborted(m: dict[str, float], before: dict[str, float]) -> bool:
    """vLLM's own request accounting agrees that our aborted calls were ended there: it finished
    (stop, length, ...) every call the engine sent except aborted ones, and at least one it did
    not finish. This vLLM counts a client's abort under no finish reason (the front end drops the
    request's state before the engine core's output could be counted), so the proof is the
    finish that is missing; an "abort" finish, where a vLLM counts one, is not a normal finish."""

    def normal(x: dict[str, float]) -> float:
        return sum(v for reason, v in _finishes(x).items() if reason != "abort")

    sent = m["selfrefine_engine_requests_total"] - before["selfrefine_engine_requests_total"]
    aborted = m["selfrefine_engine_aborted_total"] - before["selfrefine_engine_aborted_total"]
    finished = normal(m) - normal(before)
    return aborted >= 1 and sent - aborted <= finished <= sent - 1


def test_disconnect_mid_stream_aborts_the_engine_requests(server):
    before = server.metrics()
    with server.stream(
        "/chat/completions",
        {
            "model": REFINE,
            "messages": HI,
            "max_tokens": 64,
            "stream": True,
            "selfrefine": LONG_LOOP,
        },
    ) as r:
        assert r.status_code == 200
        for line in r.iter_lines():
            if '"type": "draft"' in line:
                # the feedback call follows, 15 more rounds to go: once vLLM's scheduler runs it,
                # hang up (leaving this loop closes the connection)
                assert _wait_for(lambda: _vllm(server.metrics(), "vllm:num_requests_running") >= 1)
                break
    _hung_up_and_stopped(server, before)


def test_disconnect_without_streaming_aborts_the_engine_requests(server):
    """A non-streaming client that goes away (here: hangs up once its loop's first engine call
    is running, whatever the machine's speed) is aborted the same way."""
    before = server.metrics()

    async def go():
        async with httpx.AsyncClient(timeout=300, headers={"Authorization": f"Bearer {KEY}"}) as c:
            post = asyncio.create_task(
                c.post(
                    server.base + "/chat/completions",
                    json={"model": REFINE, "messages": HI, "max_tokens": 64, "selfrefine": LONG_LOOP},
                )
            )
            for _ in range(600):  # until vLLM's scheduler runs one of the loop's calls
                m = server.metrics()
                if (
                    m["selfrefine_engine_requests_total"] > before["selfrefine_engine_requests_total"]
                    and _vllm(m, "vllm:num_requests_running") >= 1
                ):
                    break
                await asyncio.sleep(0.05)
            assert not post.done(), "a 16-round loop ended before its second engine call"
            post.cancel()  # closes the connection mid-request
            await asyncio.gather(post, return_exceptions=True)

    asyncio.run(go())
    _hung_up_and_stopped(server, before)


async def _post_many(server, bodies: list[dict]) -> list[httpx.Response]:
    limits = httpx.Limits(max_connections=len(bodies), max_keepalive_connections=len(bodies))
    async with httpx.AsyncClient(timeout=300, limits=limits, headers={"Authorization": f"Bearer {KEY}"}) as c:
        return await asyncio.gather(*(c.post(server.base + "/chat/completions", json=b) for b in bodies))


def test_burst_over_the_loop_limit_gets_only_200s_and_429s(server):
    """128 requests at once: on a slow machine many get 429s, on a fast one maybe none; either
    way no 5xx, at least the admitted ones succeed and the counters add up."""
    rejected = server.metrics().get("selfrefine_requests_rejected_total", 0)
    bodies = [{"model": PLAIN, "messages": HI, "max_tokens": 8} for _ in range(2 * (RUNNING + QUEUED))]
    responses = asyncio.run(_post_many(server, bodies))
    codes = [r.status_code for r in responses]
    assert set(codes) <= {200, 429}, codes
    assert codes.count(200) >= RUNNING + QUEUED  # the first RUNNING + QUEUED always fit
    for r in responses:
        if r.status_code == 429:
            err = r.json()["error"]
            assert err["code"] == "queue_full" and err["type"] == "rate_limit_error"
    m = server.metrics()
    assert m["selfrefine_requests_rejected_total"] == rejected + codes.count(429)
    assert _wait_for(lambda: server.metrics()["selfrefine_loops_in_flight"] == 0)
    assert server.metrics()["selfrefine_loops_queued"] == 0


def test_full_queue_gets_429_for_every_request_until_a_slot_frees(server):
    """Every admission slot held by long loops: then each new request is refused with a 429
    (raw and through the official client), whatever the machine's speed."""
    before = server.metrics()

    async def go():
        limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
        async with httpx.AsyncClient(
            timeout=300, limits=limits, headers={"Authorization": f"Bearer {KEY}"}
        ) as c:
            blockers = [
                asyncio.create_task(
                    c.post(
                        server.base + "/chat/completions",
                        json={
                            "model": REFINE,
                            "messages": HI,
                            "max_tokens": 64,
                            "n": 16,
                            "selfrefine": LONG_LOOP,
                        },
                    )
                )
                for _ in range((RUNNING + QUEUED) // 16)
            ]
            try:
                admitted = 0
                for _ in range(600):  # until every slot is taken
                    m = server.metrics()
                    admitted = m["selfrefine_loops_in_flight"] + m["selfrefine_loops_queued"]
                    if admitted >= RUNNING + QUEUED:
                        break
                    await asyncio.sleep(0.05)
                assert admitted == RUNNING + QUEUED and not any(b.done() for b in blockers)
                burst = await asyncio.gather(
                    *(
                        c.post(
                            server.base + "/chat/completions",
                            json={"model": PLAIN, "messages": HI, "max_tokens": 1},
                        )
                        for _ in range(8)
                    )
                )
                with pytest.raises(openai.RateLimitError) as e:
                    await server.aclient().chat.completions.create(model=PLAIN, messages=HI, max_tokens=1)
                return burst, e.value
            finally:
                for b in blockers:
                    b.cancel()  # hang up: the server cancels the 64 loops
                await asyncio.gather(*blockers, return_exceptions=True)

    burst, err = asyncio.run(go())
    assert [r.status_code for r in burst] == [429] * 8
    assert all(r.json()["error"]["code"] == "queue_full" for r in burst)
    assert err.status_code == 429 and err.code == "queue_full"
    m = server.metrics()
    assert m["selfrefine_requests_rejected_total"] == before.get("selfrefine_requests_rejected_total", 0) + 9
    assert _wait_for(lambda: server.metrics()["selfrefine_loops_in_flight"] == 0, 120)
    assert server.metrics()["selfrefine_loops_queued"] == 0 and _wait_for(lambda: _engine_idle(server))


def test_64_concurrent_clients_all_get_answers(server):
    async def one(i: int):
        client = server.aclient()  # a separate client (own connection pool) per user
        try:
            if i % 8 == 0:
                return await client.chat.completions.create(
                    model=REFINE, messages=HI, max_tokens=8, extra_body={"selfrefine": FAST_LOOP}
                )
            return await client.chat.completions.create(
                model=PLAIN, max_tokens=8, messages=[{"role": "user", "content": f"Count to {i}."}]
            )
        finally:
            await client.close()

    async def go():
        return await asyncio.gather(*(one(i) for i in range(64)), return_exceptions=True)

    results = asyncio.run(go())
    errors = [r for r in results if isinstance(r, BaseException)]
    assert not errors, errors[:3]
    assert all(r.choices[0].message.content is not None and r.usage.completion_tokens > 0 for r in results)
    assert sum(r.model == REFINE for r in results) == 8


def test_metrics_expose_loop_figures(server):
    """Each series checked here comes from requests made in this test, so it holds run alone."""
    before = server.metrics()
    server.client().chat.completions.create(model=PLAIN, messages=HI, max_tokens=4)
    server.client().chat.completions.create(
        model=REFINE, messages=HI, max_tokens=8, extra_body={"selfrefine": FAST_LOOP}
    )
    with pytest.raises(openai.NotFoundError):
        server.client().chat.completions.create(model="gpt-17", messages=HI)
    m = server.metrics()
    for name in (
        "selfrefine_loops_in_flight",
        "selfrefine_loops_queued",
        "selfrefine_prefix_cache_hit_share",
        "vllm:num_requests_running",
    ):
        assert name in m or any(k.startswith(name + "{") for k in m), name

    def grew(name: str, by: float = 1) -> bool:
        return m.get(name, 0) >= before.get(name, 0) + by

    assert grew("selfrefine_loop_rounds_count")
    assert grew('selfrefine_loop_stop_reasons_total{reason="max_rounds"}')
    assert grew('selfrefine_loops_total{kind="plain",outcome="ok"}')
    assert grew('selfrefine_loops_total{kind="refine",outcome="ok"}')
    assert grew('selfrefine_tokens_total{kind="completion",stage="plain"}')
    assert grew('selfrefine_tokens_total{kind="cached",stage="feedback"}')  # the feedback reuses the draft
    assert grew('selfrefine_errors_total{code="model_not_found",status="404"}')
    assert 0 < m["selfrefine_prefix_cache_hit_share"] < 1


# ------------------------------------------------------------------ logic without an engine (fast)
# Every test above that uses the `server` fixture runs the real engine: mark those `engine`.
for _name, _test in list(globals().items()):
    if _name.startswith("test_") and "server" in _test.__code__.co_varnames[: _test.__code__.co_argcount]:
        globals()[_name] = pytest.mark.engine(_test)


def test_loop_gate_refuses_a_request_that_does_not_fit_and_gives_room_back():
    metrics = Metrics()
    gate = LoopGate(running=2, queued=1, metrics=metrics)
    release = gate.admit(2)
    with pytest.raises(QueueFull):
        gate.admit(2)  # all or nothing
    release_one = gate.admit(1)
    assert metrics.loops_queued._value.get() == 3 and metrics.rejected._value.get() == 1
    release()
    release()  # idempotent
    release_one()
    assert gate.admitted == 0 and metrics.loops_queued._value.get() == 0


@pytest.mark.parametrize(
    "exc,status,code",
    [
        (InvalidParameter("temperature", "bad"), 400, "invalid_parameter"),
        (PromptTooLong(5000, 4096), 400, "context_length_exceeded"),
        (Unauthorized("no"), 401, "invalid_api_key"),
        (ModelNotFound("no"), 404, "model_not_found"),
        (QueueFull("full"), 429, "queue_full"),
        (EngineFault("boom"), 500, "engine_error"),
        (EngineDead(), 503, "engine_dead"),
        (RuntimeError("bug"), 500, "internal_error"),
    ],
)
def test_error_response_is_openai_shaped(exc, status, code):
    got, body = error_response(exc)
    assert got == status and set(body["error"]) == {"message", "type", "param", "code"}
    assert body["error"]["code"] == code and body["error"]["message"]


def test_request_models_turn_into_engine_settings():
    req = ChatCompletionRequest.model_validate(
        {"model": "m", "messages": HI, "max_completion_tokens": 7, "seed": 5, "stop": "END", "n": 2}
    )
    s0, s1 = req.to_sampling(512, 0), req.to_sampling(512, 1)
    assert (s0.max_tokens, s0.seed, s1.seed, s0.stop) == (7, 5, 6, ("END",))
    cfg = SelfRefineOptions(rounds=2, aspects=["style"], selection="best").to_config(s0, {"type": "object"})
    assert cfg.rounds == 2 and cfg.spec.aspects == ("style",) and cfg.answer_schema == {"type": "object"}
    with pytest.raises(InvalidParameter) as e:
        SelfRefineOptions(task={"refine": "{nope}"}).to_config(s0, None)
    assert e.value.param == "selfrefine.task.refine"


def test_serving_runs_a_loop_and_streams_events_then_answer_then_done():
    script = ["draft", fb(), "better", "draft2", fb(), "better2"]
    serving = Serving(ScriptedEngine(script), "m", LoopGate(4, 0, Metrics()), Metrics())
    body = {"model": "m-selfrefine", "messages": HI, "selfrefine": {"max_rounds": 1, "return_trace": True}}
    out = asyncio.run(serving.complete(serving.plan_chat(body)))
    assert out["choices"][0]["message"]["content"] == "better"
    calls = out["selfrefine"]["loops"][0]["trace"]
    assert out["usage"]["prompt_tokens"] == sum(c["prompt_tokens"] for c in calls)

    async def stream():
        return [chunk async for chunk in serving.stream(serving.plan_chat({**body, "stream": True}))]

    chunks = asyncio.run(stream())
    assert chunks[-1] == "data: [DONE]\n\n"
    events = [json.loads(c[6:]).get("selfrefine", {}).get("type") for c in chunks[:-1]]
    assert [e for e in events if e] == ["draft", "feedback", "refine_started", "refine"]
    assert serving.gate.admitted == 0


def test_task_prompts_can_turn_the_guide_off_or_replace_it():
    from selfrefine.engine.server.protocol import SelfRefineOptions

    s0 = Sampling()
    on = SelfRefineOptions().to_config(s0, None).prompts
    off = SelfRefineOptions(task={"guide": ""}).to_config(s0, None).prompts
    mine = (
        SelfRefineOptions(task={"guide": "Judge {aspects} from {low} to {high}."}).to_config(s0, None).prompts
    )
    spec = SelfRefineOptions().to_config(s0, None).spec
    assert "strict reviewer" in on.review(spec, round=0) and on.system_text() is None
    assert off.guide(spec) is None and off.review(spec, round=0) == off.render("feedback_grammar", spec)
    assert mine.review(spec, round=0) == "Judge correctness, completeness, clarity from 1 to 5."
    assert mine.review(spec, round=1) == on.review(spec, round=1)  # later rounds: the short turn
    opts = SelfRefineOptions(
        stop_flag_min=3, stop_on_top=False, stop_on_no_problems=False, reject=False, verify="pairwise"
    ).to_config(s0, None)
    assert (
        opts.flag_min,
        opts.stop_on_top,
        opts.stop_on_no_problems,
        opts.reject,
        opts.verify,
    ) == (3, False, False, False, "pairwise")
    with pytest.raises(InvalidParameter) as e:
        SelfRefineOptions(task={"guide": "{nope}"}).to_config(s0, None)
    assert e.value.param == "selfrefine.task.guide"


def _nested(levels: int) -> bytes:
    return ('{"a": ' * (levels - 1) + "[]" + "}" * (levels - 1)).encode()


def test_parse_body_bounds_depth_and_refuses_lone_surrogates_by_field():
    assert parse_body(_nested(MAX_JSON_DEPTH))  # the limit itself is fine
    for raw in (_nested(MAX_JSON_DEPTH + 1), _nested(100_000), b"[" * 100_000 + b"]" * 100_000):
        with pytest.raises(InvalidParameter, match="nested more than") as e:
            parse_body(raw)
        assert e.value.param == "body"
    with pytest.raises(InvalidParameter, match="lone surrogate") as e:
        parse_body(b'{"selfrefine": {"aspects": ["ok", "b\\udcffd"]}}')
    assert e.value.param == "selfrefine.aspects.1"
    with pytest.raises(InvalidParameter, match="a key here") as e:
        parse_body(b'{"metadata": {"\\ud800": 1}}')
    assert e.value.param == "metadata"
    # raw UTF-8 bytes of a surrogate decode (json uses surrogatepass) to the same lone surrogate
    with pytest.raises(InvalidParameter, match="lone surrogate"):
        parse_body('{"prompt": "\udcff"}'.encode("utf-8", "surrogatepass"))
    assert parse_body(b'{"prompt": "\\ud83d\\ude00"}') == {"prompt": "\U0001f600"}


# DSPy's chat adapter asks for its fields between `[[ ## name ## ]]` markers, in the system turn,
# and shows demos as earlier turns; its parser reads the fields back from the answer. The text
# below is our own wording of that protocol (DSPy itself is not a dependency).
DSPY_SYSTEM = (
    "Inputs: `question` (text). Outputs: `answer` (text).\n"
    "Write each output field under its marker, then the end marker, like this:\n\n"
    "[[ ## answer ## ]]\n<the answer>\n\n[[ ## completed ## ]]\n\n"
    "Task: answer the question."
)


def _dspy_messages(question: str) -> list[dict]:
    def ask(q):
        return {
            "role": "user",
            "content": f"[[ ## question ## ]]\n{q}\n\nReply with the `[[ ## answer ## ]]` field, "
            "then `[[ ## completed ## ]]`.",
        }

    demo = {"role": "assistant", "content": "[[ ## answer ## ]]\nRome\n\n[[ ## completed ## ]]"}
    return [
        {"role": "system", "content": DSPY_SYSTEM},
        ask("What is the capital of Italy?"),
        demo,
        ask(question),
    ]


def _dspy_answer(text: str) -> str | None:
    """The `answer` field as DSPy's chat adapter reads it back: None when it cannot."""
    parts = re.split(r"\[\[ ## (\w+) ## \]\]", text)
    fields = dict(zip(parts[1::2], (p.strip() for p in parts[2::2]), strict=True))
    return fields.get("answer") or None


def test_a_dspy_style_format_survives_the_loop_on_the_real_server(server):
    """The rewrite keeps the form the caller's prompt asked for: wherever the draft can be read
    back by DSPy's adapter, so can the answer the refining name returns (a rewrite into prose is
    refused as `form`)."""
    client = server.client()
    questions = [
        "What is the capital of France?",
        "How many legs does a spider have?",
        "What colour is the sky?",
    ]
    drafts_in_form = 0
    for q in questions:
        r = client.chat.completions.create(
            model=REFINE,
            messages=_dspy_messages(q),
            max_completion_tokens=40,
            temperature=0,
            extra_body={"selfrefine": {"max_rounds": 1, "return_trace": True}},
        )
        loop = r.model_dump()["selfrefine"]["loops"][0]
        draft, final = loop["outputs"][0], r.choices[0].message.content
        if _dspy_answer(draft) is not None:
            drafts_in_form += 1
            assert _dspy_answer(final) is not None, (draft, final, loop["checks"])
    assert drafts_in_form >= 2  # the demo turn makes even the test model answer in the format
