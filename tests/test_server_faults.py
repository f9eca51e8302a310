"""The real server when its engine dies after start-up: /health must say so, and requests,
in flight or new, must get a 503 that says what happened, within a bounded time.

A server of its own (the one in test_server.py must keep working), so it runs after that
module's server has stopped: one engine at a time.
"""

import signal
import threading
import time

import httpx
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


def _engine_worker(server_pid: int) -> psutil.Process:
    """The vLLM process that runs the model: a descendant of the server titled VLLM::Worker
    (the engine core's child), else the deepest descendant."""
    kids = psutil.Process(server_pid).children(recursive=True)
    assert kids, "the server has no engine processes"
    for p in kids:
        try:
            if " ".join(p.cmdline()).startswith("VLLM::Worker"):
                return p
        except psutil.Error:
            continue
    return kids[-1]


def test_engine_death_turns_health_and_requests_into_503s(tmp_path):
    with start_server(tmp_path, "--kv-cache-gib", "0.5") as server:
        ok = server.post("/chat/completions", {"model": PLAIN, "messages": HI, "max_tokens": 2})
        assert ok.status_code == 200, ok.text

        # A long loop in flight when the engine goes: it must end with an error, not hang.
        in_flight: dict = {}

        def long_request() -> None:
            t0 = time.time()
            try:
                in_flight["response"] = server.post("/chat/completions", LONG_LOOP, timeout=120)
            except httpx.HTTPError as exc:
                in_flight["error"] = exc
            in_flight["seconds"] = time.time() - t0

        t = threading.Thread(target=long_request)
        t.start()
        # kill once vLLM's scheduler runs the loop's call (the ok request above has finished)
        deadline = time.time() + 60
        while _vllm(server.metrics(), "vllm:num_requests_running") < 1:
            assert time.time() < deadline, "the long loop never reached vLLM's scheduler within 60 s"
            assert t.is_alive(), in_flight
            time.sleep(0.05)
        worker = _engine_worker(server.proc.pid)
        worker.send_signal(signal.SIGKILL)
        killed_at = time.time()

        deadline = killed_at + 90
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

        t.join(60)
        assert not t.is_alive(), "the request in flight at the engine's death hung"
        assert "error" not in in_flight, in_flight.get("error")
        resp = in_flight["response"]
        assert resp.status_code == 503, resp.text
        assert resp.json()["error"]["code"] == "engine_dead"
        assert server.proc.poll() is None  # the server itself stays up to report the failure
    assert "engine died" in server.log.read_text()
