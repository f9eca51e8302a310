"""The server as started without the test flags: no API key, default host, no --debug-faults,
the guidance structured-output backend; its start-up states; a server whose engine fails to load;
and the key from SELFREFINE_API_KEY. Real `selfrefine serve` subprocesses on the real engine,
except the in-process checks of /health's states at the bottom (a stub engine, no vLLM)."""

import json
import threading
import time

import httpx
import openai
import psutil
import pytest

from tests.fakes import StartingEngine
from tests.test_server import (
    CITY_SCHEMA,
    FAST_LOOP,
    HI,
    PLAIN,
    REFINE,
    launch,
    stop,
    wait_ready,
)

ENV_KEY = "env-key-456"


@pytest.fixture(scope="module")
def open_server(tmp_path_factory):
    """No --api-key (and no SELFREFINE_API_KEY), no --host, no --debug-faults; guidance backend.
    Records what the server answered while its engine was still loading."""
    srv = launch(
        tmp_path_factory,
        "--structured-backend",
        "guidance",
        "--max-concurrent-loops",
        "8",
        env={"SELFREFINE_API_KEY": None},
    )
    early: dict = {"health": [], "request": None}
    sent: list[tuple] = []  # the early request's answer, before a /health answer after it says 503

    def seen(h: httpx.Response) -> None:
        # one real request while the engine loads: it counts only once a /health answer after it
        # still says 503 (the engine becomes ready once and stays so: the request was answered
        # while it loaded). One that raced the end of the start (the next /health says 200) is
        # never taken for an early answer; the test then says no request fitted the window.
        early["health"].append((h.status_code, h.json()))
        if sent and early["request"] is None:
            early["request"] = sent[-1]
        if early["request"] is None:
            r = httpx.post(
                srv.base + "/chat/completions",
                timeout=30,
                json={"model": PLAIN, "messages": HI, "max_tokens": 2},
            )
            sent.append((r.status_code, r.json()))

    try:
        wait_ready(srv, on_answer=seen)
        srv.early = early
        yield srv
    finally:
        stop(srv)


@pytest.mark.engine
def test_health_answers_starting_then_ok_and_requests_get_503_meanwhile(open_server):
    early = open_server.early
    assert early["health"], "the socket should answer while the engine loads"
    assert all(
        code == 503 and body == {"status": "starting", "error": None} for code, body in early["health"]
    )
    assert early["request"], "no request fitted between two /health answers while the engine loaded"
    status, body = early["request"]
    assert status == 503 and body["error"]["code"] == "engine_not_ready"
    assert "still starting" in body["error"]["message"]
    h = httpx.get(open_server.url + "/health", timeout=10)
    assert h.status_code == 200 and h.json() == {"status": "ok", "model": PLAIN}


@pytest.mark.engine
def test_without_a_key_v1_needs_no_authorization(open_server):
    r = httpx.post(
        open_server.base + "/chat/completions",
        timeout=300,
        json={"model": PLAIN, "messages": HI, "max_tokens": 4},
    )  # no Authorization header
    assert r.status_code == 200 and r.json()["choices"][0]["message"]["content"] is not None
    client = openai.OpenAI(base_url=open_server.base, api_key="any string", max_retries=0, timeout=300)
    assert {m.id for m in client.models.list()} == {PLAIN, REFINE}


@pytest.mark.engine
def test_binds_to_localhost_by_default(open_server):
    port = int(open_server.url.rsplit(":", 1)[1])
    listening = [
        c.laddr
        for c in psutil.Process(open_server.proc.pid).net_connections(kind="inet")
        if c.status == psutil.CONN_LISTEN
    ]
    assert [a.ip for a in listening if a.port == port] == ["127.0.0.1"], listening
    assert all(a.ip in ("127.0.0.1", "::1") for a in listening), listening  # nothing on other interfaces


@pytest.mark.engine
def test_debug_fault_is_refused_without_the_debug_flag(open_server):
    requests = httpx.get(open_server.url + "/metrics", timeout=30).text
    r = httpx.post(
        open_server.base + "/chat/completions",
        timeout=300,
        json={
            "model": REFINE,
            "messages": HI,
            "max_tokens": 4,
            "selfrefine": {**FAST_LOOP, "debug_fault": "feedback"},
        },
    )
    assert r.status_code == 400, r.text
    err = r.json()["error"]
    assert err["param"] == "selfrefine.debug_fault" and "--debug-faults" in err["message"]
    after = httpx.get(open_server.url + "/metrics", timeout=30).text
    count = [ln for ln in requests.splitlines() if ln.startswith("selfrefine_engine_requests_total ")]
    assert count == [ln for ln in after.splitlines() if ln.startswith("selfrefine_engine_requests_total ")]


@pytest.mark.engine
def test_guidance_backend_constrains_answers_and_feedback_at_run_time(open_server):
    client = openai.OpenAI(base_url=open_server.base, api_key="x", max_retries=0, timeout=300)
    r = client.chat.completions.create(
        model=REFINE,
        max_tokens=40,
        temperature=0,
        messages=[{"role": "user", "content": "Which city is the capital of France?"}],
        response_format={"type": "json_schema", "json_schema": {"name": "city", "schema": CITY_SCHEMA}},
        extra_body={"selfrefine": {**FAST_LOOP, "return_trace": True}},
    )
    loop = r.selfrefine["loops"][0]
    for out in loop["outputs"]:  # the answer schema, through guidance
        assert json.loads(out)["city"] in ("Paris", "Rome", "Oslo")
    [feedback] = [c for c in loop["trace"] if c["stage"] == "feedback"]  # the feedback schema too
    assert feedback["feedback"] is not None and set(feedback["feedback"]["scores"]) == {"clarity"}


@pytest.mark.engine
def test_failed_engine_load_makes_the_server_exit_and_the_env_key_guards_it_meanwhile(tmp_path_factory):
    """The key comes from SELFREFINE_API_KEY. The engine cannot load (a context longer than the
    model's), so the process exits with status 1 after saying why. While it was up, /health
    answered 503 and /v1 checked the key first."""
    srv = launch(tmp_path_factory, "--max-model-len", "100000", env={"SELFREFINE_API_KEY": ENV_KEY})
    seen: list[tuple] = []
    try:
        deadline = time.time() + 600
        while srv.proc.poll() is None and time.time() < deadline:
            try:
                h = httpx.get(srv.url + "/health", timeout=5)
                no_key = httpx.get(srv.base + "/models", timeout=5)
                with_key = httpx.get(
                    srv.base + "/models", timeout=5, headers={"Authorization": f"Bearer {ENV_KEY}"}
                )
                seen.append(
                    (
                        h.status_code,
                        h.json()["status"],
                        no_key.status_code,
                        no_key.json()["error"]["code"],
                        with_key.status_code,
                        with_key.json()["error"]["code"],
                    )
                )
            except httpx.TransportError:
                pass  # not listening yet, or already gone
            time.sleep(0.05)
        code = srv.proc.wait(120)
    finally:
        if srv.proc.poll() is None:
            stop(srv)
    log = srv.log.read_text()
    assert code == 1, log[-3000:]
    assert "engine failed to start" in log and "max_model_len" in log.replace(
        "max-model-len", "max_model_len"
    )
    assert seen, "the server should answer while its engine loads"
    for health, state, no_key, no_key_code, keyed, keyed_code in seen:
        assert health == 503 and state in ("starting", "failed")
        assert (no_key, no_key_code) == (401, "invalid_api_key")
        assert (keyed, keyed_code) == (503, "engine_not_ready")


# ------------------------------------------------------------------ /health states in-process (fast)


@pytest.mark.parametrize("fail", [True, False])
def test_health_reports_starting_then_failed_or_ok(fail):
    from fastapi.testclient import TestClient

    from selfrefine.engine.server.app import build_app

    engine, failed = StartingEngine(fail=fail), threading.Event()
    app = build_app(engine, "m", api_key=ENV_KEY, on_start_failed=failed.set)
    auth = {"Authorization": f"Bearer {ENV_KEY}"}
    with TestClient(app) as client:
        h = client.get("/health")
        assert (h.status_code, h.json()) == (503, {"status": "starting", "error": None})
        r = client.get("/v1/models", headers=auth)
        assert r.status_code == 503 and r.json()["error"]["code"] == "engine_not_ready"
        engine.go.set()
        if fail:
            assert failed.wait(30)  # told after the failure is recorded
            h = client.get("/health")
            assert (h.status_code, h.json()) == (
                503,
                {"status": "failed", "error": "RuntimeError: weights are missing"},
            )
            assert failed.is_set()  # serve() uses this to stop the process, which then exits 1
            r = client.get("/v1/models", headers=auth)
            assert r.status_code == 503 and "engine failed to start" in r.json()["error"]["message"]
        else:  # the app tells nothing when it turns ready: poll, with a deadline
            deadline = time.monotonic() + 30
            while (h := client.get("/health")).json()["status"] == "starting":
                assert time.monotonic() < deadline, h.json()
                time.sleep(0.02)
            assert (h.status_code, h.json()) == (200, {"status": "ok", "model": "m"}) and not failed.is_set()
            assert client.get("/v1/models", headers=auth).status_code == 200
    assert engine.stopped
