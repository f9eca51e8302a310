"""The real server when its engine dies after start-up: /health must say so, and requests,
in flight or new, must get a 503 that says what happened, within a bounded time; a stream in
flight must end with the error event and [DONE], not hang and not stop as if it had finished.

A server of its own (the one in test_server.py must keep working), so it runs after that
module's server has stopped: one engine at a time. Its engine is killed once, by the module's
fixture, with three loops in flight (one plain request, two streams); each test reads what its
own requests got, so they pass in any order or alone.
"""

import json
import signal
import threading
import time
from types import SimpleNamespace

import httpx
import openai
import psutil
import pytest

from tests.test_server import HI, PLAIN, REFINE, _vllm, start_server

pytestmark = pytest.mark.engine
# A loop that runs for minutes on this model (16 rounds, no early stop): still in flight at the kill.
LONG_LOOP = {
    "model": REFINE,
    "messages": HI,
    "max_tokens": 256,
    "selfrefine": {
        "max_rounds": 16,
        "stop_flag": False,
        "stop_on_top": False,
        "stop_on_no_problems": False,
        "reject": False,
    },
}
KILLED_WITHIN = 90  # seconds from the kill for every request in flight to have ended


def _engine_worker(server_pid: int) -> psutil.Process:
    """The vLLM process that runs the model: the server's descendant titled VLLM::Worker where
    vLLM spawned one, else (one CPU worker, run in the engine core: cpu_one_process_env) the one
    titled VLLM::EngineCore."""
    titled: dict[str, psutil.Process] = {}
    for p in psutil.Process(server_pid).children(recursive=True):
        try:
            titled.setdefault(" ".join(p.cmdline()).split(" ")[0], p)
        except psutil.Error:
            continue
    found = titled.get("VLLM::Worker") or titled.get("VLLM::EngineCore")
    assert found, f"the server has no engine process: {sorted(titled)}"
    return found


def _post(server, got: dict) -> None:
    """The long loop, not streamed: `got` gets the response (or the transport error)."""
    try:
        got["response"] = server.post("/chat/completions", LONG_LOOP, timeout=120)
    except httpx.HTTPError as exc:
        got["error"] = exc
    got["ended"] = time.time()


def _raw_stream(server, got: dict) -> None:
    """The long loop streamed, read as raw SSE: `got["events"]` gets (time, data) per event;
    `got["draft"]` is set once the draft's event came."""
    try:
        with server.stream("/chat/completions", {**LONG_LOOP, "stream": True}) as r:
            got["status"] = r.status_code
            for line in r.iter_lines():
                if line.startswith("data: "):
                    got["events"].append((time.time(), line[len("data: ") :]))
                    if '"type": "draft"' in line:
                        got["draft"].set()
    except httpx.HTTPError as exc:
        got["error"] = exc
    got["ended"] = time.time()


def _client_stream(server, got: dict) -> None:
    """The long loop streamed through the official client: `got["chunks"]`, then what it raised."""
    body = {k: v for k, v in LONG_LOOP.items() if k != "selfrefine"}
    try:
        for chunk in server.client().chat.completions.create(
            **body, stream=True, extra_body={"selfrefine": LONG_LOOP["selfrefine"]}
        ):
            got["chunks"].append(chunk)
            if (getattr(chunk, "selfrefine", None) or {}).get("type") == "draft":
                got["draft"].set()
    except Exception as exc:
        got["error"] = exc
    got["ended"] = time.time()


@pytest.fixture(scope="module")
def killed(tmp_path_factory):
    """A server whose vLLM worker was SIGKILLed while a plain request and two streams ran long
    loops (each stream past its draft, all three with a call in vLLM's scheduler), once all
    three ended or KILLED_WITHIN passed: (server, killed_at, post, raw, client, threads)."""
    with start_server(tmp_path_factory.mktemp("faults"), "--kv-cache-gib", "0.5") as server:
        ok = server.post("/chat/completions", {"model": PLAIN, "messages": HI, "max_tokens": 2})
        assert ok.status_code == 200, ok.text
        post: dict = {}
        raw: dict = {"events": [], "draft": threading.Event()}
        client: dict = {"chunks": [], "draft": threading.Event()}
        threads = [
            threading.Thread(target=fn, args=(server, got), daemon=True)
            for fn, got in ((_post, post), (_raw_stream, raw), (_client_stream, client))
        ]
        for t in threads:
            t.start()
        # kill once both streams are under way and vLLM's scheduler runs a call of each loop
        # (the ok request above has finished)
        deadline = time.time() + 180
        while not (
            raw["draft"].is_set()
            and client["draft"].is_set()
            and _vllm(server.metrics(), "vllm:num_requests_running") >= 3
        ):
            assert time.time() < deadline, "the three loops were not all in vLLM's scheduler within 180 s"
            assert all(t.is_alive() for t in threads), (post, raw, client)
            time.sleep(0.05)
        _engine_worker(server.proc.pid).send_signal(signal.SIGKILL)
        killed_at = time.time()
        for t in threads:
            t.join(max(0.0, killed_at + KILLED_WITHIN - time.time()))
        yield SimpleNamespace(
            server=server, killed_at=killed_at, post=post, raw=raw, client=client, threads=threads
        )


def test_engine_death_turns_health_and_requests_into_503s(killed):
    server = killed.server
    deadline = killed.killed_at + 90
    while True:
        h = httpx.get(server.url + "/health", timeout=10)
        if h.status_code == 503:
            break
        assert time.time() < deadline, f"/health still {h.status_code} 90 s after the kill: {h.text}"
        time.sleep(1)
    health = h.json()
    assert health["status"] == "failed" and "engine" in health["error"] and "restart" in health["error"]

    for model in (PLAIN, REFINE):
        t0 = time.time()
        body = {"model": model, "messages": HI, "max_tokens": 4}
        r = server.post("/chat/completions", body, timeout=30)
        assert r.status_code == 503, r.text
        err = r.json()["error"]
        assert err["code"] == "engine_dead" and err["type"] == "service_unavailable_error"
        assert "stopped" in err["message"] and time.time() - t0 < 10
    r = server.post("/completions", {"model": PLAIN, "prompt": "hi", "max_tokens": 2}, timeout=30)
    assert r.status_code == 503 and r.json()["error"]["code"] == "engine_dead"

    # the loop in flight at the engine's death ended with the 503, it did not hang
    assert not killed.threads[0].is_alive(), "the request in flight at the engine's death hung"
    assert "error" not in killed.post, killed.post.get("error")
    resp = killed.post["response"]
    assert resp.status_code == 503, resp.text
    assert resp.json()["error"]["code"] == "engine_dead"
    assert server.proc.poll() is None  # the server itself stays up to report the failure
    assert "engine died" in server.log.read_text()


def test_engine_death_mid_stream_ends_the_stream_with_an_error_event(killed):
    """The README (Server, Streaming): the stream sends `data: {"error": {...}}` and then
    `data: [DONE]`; the official client raises it as an APIError."""
    raw, client = killed.raw, killed.client
    assert not killed.threads[1].is_alive(), f"the raw stream still open {KILLED_WITHIN} s after the kill"
    assert "error" not in raw, raw.get("error")  # the stream ended, the connection did not break
    assert raw["status"] == 200
    times, data = zip(*raw["events"])
    draft = next(i for i, d in enumerate(data) if '"type": "draft"' in d)
    assert times[draft] < killed.killed_at  # the stream was under way at the kill
    assert data[-1] == "[DONE]"
    last = json.loads(data[-2])
    assert set(last) == {"error"} and set(last["error"]) == {"message", "type", "param", "code"}
    err = last["error"]
    assert err["code"] == "engine_dead" and err["type"] == "service_unavailable_error"
    assert "stopped" in err["message"] and "restart" in err["message"]
    assert times[-2] - killed.killed_at < KILLED_WITHIN
    # not cut short as if it had finished: no choice came to an end before the error
    chunks = [json.loads(d) for d in data[:-2]]
    assert chunks and all("error" not in c for c in chunks)
    assert all(ch["finish_reason"] is None for c in chunks for ch in c["choices"])

    assert not killed.threads[2].is_alive(), (
        f"the client's stream still open {KILLED_WITHIN} s after the kill"
    )
    exc = client.get("error")
    assert type(exc) is openai.APIError, repr(exc)  # the error event itself, not a broken connection
    assert exc.body["code"] == "engine_dead" and "restart" in exc.message
    assert any((getattr(c, "selfrefine", None) or {}).get("type") == "draft" for c in client["chunks"])
    assert all(ch.finish_reason is None for c in client["chunks"] for ch in c.choices)
