"""`selfrefine serve --critic-model`: the refining name drafts on the main engine and critiques and
rewrites on the critic's; usage per model in the loop summaries; per-model token counters on
/metrics; /health with both engines' states; a critic that fails to start takes the main engine
down with it. Scripted engines first (fast), then one real server on two models (`engine`)."""

import asyncio
import json
import re
import threading
import time

import httpx
import pytest
from typer.testing import CliRunner

from selfrefine import cli, console
from selfrefine.engine.server.metrics import Metrics
from selfrefine.engine.server.serving import LoopGate, Serving
from tests.fakes import ScriptedEngine, StartingEngine, fb
from tests.test_server import FAST_LOOP, HI, KEY, PLAIN, REFINE, launch, stop, wait_ready

CRITIC = "qwen2.5-coder-0.5b-instruct"
ONE_ROUND = {"max_rounds": 1, "return_trace": True}


def _serving(critic_script: list[str], main_script: list[str], **kw) -> tuple[Serving, Metrics]:
    main = ScriptedEngine(main_script, name="m")
    critic = ScriptedEngine(critic_script, name="crit")
    metrics = Metrics(main, critic)
    serving = Serving(main, "m", LoopGate(4, 0, metrics), metrics, critic=critic, **kw)
    return serving, metrics


def _stream(serving: Serving, body: dict) -> list[dict]:
    async def go():
        return [chunk async for chunk in serving.stream(serving.plan_chat({**body, "stream": True}))]

    chunks = asyncio.run(go())
    assert chunks[-1] == "data: [DONE]\n\n"
    return [json.loads(c[6:]) for c in chunks[:-1]]


def test_loops_draft_on_the_main_engine_and_critique_on_the_critic_with_usage_per_model():
    serving, metrics = _serving([fb(), "better", fb(), "better"], ["draft", "draft", "plain"])
    body = {"model": "m-selfrefine", "messages": HI, "selfrefine": ONE_ROUND}
    out = asyncio.run(serving.complete(serving.plan_chat(body)))
    assert out["choices"][0]["message"]["content"] == "better"
    loop = out["selfrefine"]["loops"][0]
    assert [(c["stage"], c["model"]) for c in loop["trace"]] == [
        ("draft", "m"),
        ("feedback", "crit"),
        ("refine", "crit"),
    ]
    by_model = loop["usage_by_model"]
    assert set(by_model) == {"m", "crit"} and (by_model["m"]["calls"], by_model["crit"]["calls"]) == (1, 2)
    for name, u in by_model.items():
        calls = [c for c in loop["trace"] if c["model"] == name]
        for key in ("prompt_tokens", "completion_tokens", "cached_tokens"):
            assert u[key] == sum(c[key] for c in calls) and u["completion_tokens"] > 0
    assert out["selfrefine"]["usage_by_model"] == by_model  # one choice: the request's sums are its loop's
    # usage stays the total over both models
    assert out["usage"]["prompt_tokens"] == sum(u["prompt_tokens"] for u in by_model.values())
    assert out["usage"]["completion_tokens"] == sum(u["completion_tokens"] for u in by_model.values())

    # streamed: the loop summary of the finishing chunk and the usage chunk carry it too
    chunks = _stream(serving, {**body, "stream_options": {"include_usage": True}})
    [summary] = [
        c["selfrefine"] for c in chunks if "usage_by_model" in c.get("selfrefine", {}) and c["choices"]
    ]
    assert set(summary["usage_by_model"]) == {"m", "crit"}
    assert chunks[-1]["usage"] and chunks[-1]["selfrefine"]["usage_by_model"] == summary["usage_by_model"]

    # plain requests stay on the main engine, whose name the critic does not take
    plain = asyncio.run(serving.complete(serving.plan_chat({"model": "m", "messages": HI})))
    assert plain["choices"][0]["message"]["content"] == "plain" and "selfrefine" not in plain
    assert [m["id"] for m in serving.models()] == ["m", "m-selfrefine"]
    assert serving.models()[1]["critic_model"] == "crit" and "critic_model" not in serving.models()[0]

    text = metrics.render().decode()
    for model, stage in (("m", "draft"), ("m", "plain"), ("crit", "feedback"), ("crit", "refine")):
        line = f'selfrefine_model_tokens_total{{kind="completion",model="{model}",stage="{stage}"}} '
        assert any(ln.startswith(line) and float(ln.split()[-1]) > 0 for ln in text.splitlines()), line
        assert f'selfrefine_model_calls_total{{model="{model}",stage="{stage}"}}' in text
    # the old series stay, and the engine counters are summed over both engines
    assert 'selfrefine_tokens_total{kind="completion",stage="feedback"}' in text
    assert re.search(r"^selfrefine_engine_prompt_tokens_total 0\.0$", text, re.M)  # scripted: no counters


def test_a_debug_fault_counts_the_loops_calls_over_both_engines():
    serving, _ = _serving([], ["draft"], debug_faults=True)
    body = {
        "model": "m-selfrefine",
        "messages": HI,
        "selfrefine": {"max_rounds": 1, "debug_fault": "feedback"},
    }
    with pytest.raises(Exception, match="injected engine fault at call 2"):
        asyncio.run(serving.complete(serving.plan_chat(body)))


class _Watched(StartingEngine):
    """A StartingEngine that tells when its start() has begun (`entered`): the app sets an
    engine's state to starting before it calls start(), so then /health says so."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.entered = threading.Event()

    def start(self):
        self.entered.set()
        return super().start()


def _until(client, cond, timeout_s: float = 30) -> dict:
    """Poll /health until `cond` holds of its body (the app says nothing when it turns ready)."""
    deadline = time.monotonic() + timeout_s
    while True:
        h = client.get("/health")
        if cond(h.json()) or time.monotonic() > deadline:
            assert cond(h.json()), h.json()
            return h
        time.sleep(0.02)


@pytest.mark.parametrize("critic_fails", [True, False])
def test_health_reports_both_engines_and_a_failed_critic_stops_the_main_engine(critic_fails):
    from fastapi.testclient import TestClient

    from selfrefine.engine.server.app import build_app

    main, critic, failed = StartingEngine("m"), _Watched("crit", fail=critic_fails), threading.Event()
    app = build_app(main, "m", on_start_failed=failed.set, critic=critic)
    with TestClient(app) as client:
        h = client.get("/health")
        assert h.status_code == 503 and h.json()["engines"] == {
            "main": {"model": "m", "status": "starting"},
            "critic": {"model": "crit", "status": "waiting"},
        }
        main.go.set()
        assert critic.entered.wait(30)  # the main engine is up and the critic's start has begun
        h = client.get("/health")
        assert h.status_code == 503 and h.json()["engines"] == {
            "main": {"model": "m", "status": "ok"},
            "critic": {"model": "crit", "status": "starting"},
        }
        critic.go.set()
        if critic_fails:
            assert failed.wait(30)  # told after every state change of the failure
            h = client.get("/health")
            assert h.status_code == 503 and h.json() == {
                "status": "failed",
                "error": "critic engine (crit): RuntimeError: weights are missing",
                "engines": {
                    "main": {"model": "m", "status": "stopped"},
                    "critic": {"model": "crit", "status": "failed"},
                },
            }
            assert failed.is_set() and main.stopped  # shut down before serve() is told to exit
            r = client.get("/v1/models")
            assert r.status_code == 503 and "critic engine (crit)" in r.json()["error"]["message"]
        else:
            h = _until(client, lambda b: b["status"] != "starting")
            assert (h.status_code, h.json()["status"], h.json()["model"]) == (200, "ok", "m")
            assert {e["status"] for e in h.json()["engines"].values()} == {"ok"}
            critic.dead = True  # its engine process is gone: the server's requests fail
            h = client.get("/health")
            assert h.status_code == 503 and "critic's inference engine (crit)" in h.json()["error"]
            assert h.json()["engines"]["critic"]["status"] == "dead"
            r = client.post("/v1/chat/completions", json={"model": "m", "messages": HI})
            assert r.status_code == 503 and r.json()["error"]["code"] == "engine_dead"
    assert main.stopped and critic.stopped


def test_serve_passes_the_critic_on_and_drops_one_that_is_the_main_model(monkeypatch):
    seen = []
    monkeypatch.setattr(console, "resolve", lambda spec: (spec, f"/nowhere/{spec}"))
    monkeypatch.setattr(cli, "resolve", lambda spec: (spec, f"/nowhere/{spec}"))
    monkeypatch.setattr(cli.opts, "check_backend", lambda backend, options=None: backend)
    monkeypatch.setattr(
        "selfrefine.engine.server.app.serve", lambda path, name, options, **kw: seen.append(kw["critic"])
    )
    for critic in ("c", "m"):
        r = CliRunner().invoke(cli.app, ["serve", "--model", "m", "--critic-model", critic])
        assert r.exit_code == 0, r.output
    assert seen == [("c", "/nowhere/c"), None]
    assert (
        "(critic: c)" in CliRunner().invoke(cli.app, ["serve", "--model", "m", "--critic-model", "c"]).output
    )


# ------------------------------------------------------------------ the real server, two models


def _samples(text: str, name: str) -> dict[str, float]:
    return {
        ln.rsplit(" ", 1)[0]: float(ln.rsplit(" ", 1)[1])
        for ln in text.splitlines()
        if ln.startswith(name + "{")
    }


@pytest.mark.engine
def test_real_server_with_a_critic_model_reports_usage_and_metrics_per_model(tmp_path_factory):
    """One server: SmolLM2-135M drafts, Qwen2.5-Coder-0.5B critiques and rewrites, each engine
    with a 1 GiB KV cache and a 2048-token context."""
    srv = launch(tmp_path_factory, "--api-key", KEY, "--critic-model", CRITIC, "--max-model-len", "2048")
    try:
        wait_ready(srv)
        health = httpx.get(srv.url + "/health", timeout=10).json()
        assert health["engines"] == {
            "main": {"model": PLAIN, "status": "ok"},
            "critic": {"model": CRITIC, "status": "ok"},
        }
        client = srv.client()
        assert {m.id for m in client.models.list()} == {PLAIN, REFINE}  # the critic is not served by name

        r = client.chat.completions.create(
            model=REFINE,
            messages=HI,
            max_tokens=12,
            temperature=0,
            extra_body={"selfrefine": {**FAST_LOOP, "return_trace": True}},
        )
        assert r.choices[0].message.content
        loop = r.selfrefine["loops"][0]
        print("selfrefine summary:", json.dumps({k: v for k, v in loop.items() if k != "trace"}, indent=1))
        models = {c["stage"]: c["model"] for c in loop["trace"]}
        assert models["draft"] == PLAIN and models["feedback"] == CRITIC
        by_model = loop["usage_by_model"]
        assert set(by_model) == {PLAIN, CRITIC}
        assert all(u["completion_tokens"] > 0 and u["calls"] >= 1 for u in by_model.values()), by_model
        assert r.usage.completion_tokens == sum(u["completion_tokens"] for u in by_model.values())
        assert r.usage.prompt_tokens == sum(u["prompt_tokens"] for u in by_model.values())

        plain = client.chat.completions.create(model=PLAIN, messages=HI, max_tokens=4)
        assert plain.usage.completion_tokens > 0 and getattr(plain, "selfrefine", None) is None

        text = httpx.get(srv.url + "/metrics", timeout=30).text
        tokens = _samples(text, "selfrefine_model_tokens_total")
        for model, stage in ((PLAIN, "draft"), (PLAIN, "plain"), (CRITIC, "feedback")):
            key = f'selfrefine_model_tokens_total{{kind="completion",model="{model}",stage="{stage}"}}'
            assert tokens.get(key, 0) > 0, (key, tokens)
        # vLLM's own counters of both engines (each labels its samples with its model path)
        generated = _samples(text, "vllm:generation_tokens_total")
        assert len(generated) >= 2 and all(v > 0 for v in generated.values()), generated
    finally:
        stop(srv)
