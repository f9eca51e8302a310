"""Load test for `selfrefine serve`: N chat requests from C concurrent clients; latency and errors.

Run: .venv/bin/python -m selfrefine.bench.load_server --spawn smollm2-135m-instruct \
     --requests 256 --concurrency 64

Against a running server, drop --spawn and pass --url (default http://127.0.0.1:8000/v1).
`--refine` sends every request to the `-selfrefine` model (a loop of `--rounds` rewrites).
Prints requests, concurrency, p50 / p95 / max latency, throughput and errors by HTTP status
code ("transport" for connections that failed without a status).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    k = min(len(s) - 1, max(0, round(q / 100 * (len(s) - 1))))
    return s[k]


async def run_load(
    base: str,
    model: str,
    requests: int,
    concurrency: int,
    max_tokens: int,
    api_key: str | None,
    refine: dict | None = None,
    timeout: float = 600,
) -> dict:
    """Send `requests` chat completions, at most `concurrency` at once; return the figures."""
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    latencies: list[float] = []
    codes: Counter = Counter()
    tokens = 0
    todo = iter(range(requests))

    async def worker(client: httpx.AsyncClient) -> None:
        nonlocal tokens
        for i in todo:
            body = {
                "model": model,
                "max_tokens": max_tokens,
                "temperature": 0.7,
                "seed": i,
                "messages": [{"role": "user", "content": f"Write one sentence about the number {i}."}],
            }
            if refine is not None:
                body["selfrefine"] = refine
            t0 = time.perf_counter()
            try:
                r = await client.post(base + "/chat/completions", json=body)
            except httpx.HTTPError:
                codes["transport"] += 1
                continue
            codes[str(r.status_code)] += 1
            if r.status_code == 200:
                latencies.append(time.perf_counter() - t0)
                tokens += r.json()["usage"]["completion_tokens"]

    t0 = time.perf_counter()
    async with httpx.AsyncClient(timeout=timeout, limits=limits, headers=headers) as client:
        await asyncio.gather(*(worker(client) for _ in range(concurrency)))
    wall = time.perf_counter() - t0
    return {
        "requests": requests,
        "concurrency": concurrency,
        "model": model,
        "max_tokens": max_tokens,
        "ok": len(latencies),
        "wall_s": round(wall, 2),
        "req_per_s": round(len(latencies) / wall, 2),
        "completion_tok_per_s": round(tokens / wall, 1),
        "p50_s": round(_percentile(latencies, 50), 3),
        "p95_s": round(_percentile(latencies, 95), 3),
        "max_s": round(max(latencies), 3) if latencies else None,
        "errors_by_code": {k: v for k, v in sorted(codes.items()) if k != "200"},
    }


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _spawn(model: str, extra: list[str]) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    cli = str(Path(sys.executable).parent / "selfrefine")
    cmd = [cli, "serve", "--model", model, "--port", str(port), *extra]
    log = Path(tempfile.mkstemp(prefix="load_server_", suffix=".log")[1])
    with log.open("w") as fh:  # a file, not a pipe: a full pipe would stall the server
        proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 600
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server exited (log {log}):\n{log.read_text()[-2000:]}")
        try:
            if httpx.get(url + "/health", timeout=5).status_code == 200:
                return proc, url + "/v1"
        except httpx.TransportError:
            pass
        time.sleep(1)
    proc.kill()
    raise SystemExit("server did not become ready")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--url", default="http://127.0.0.1:8000/v1", help="the server's /v1 base URL")
    ap.add_argument("--spawn", metavar="MODEL", help="start `selfrefine serve --model MODEL` on a free port")
    ap.add_argument(
        "--serve-args", default="--kv-cache-gib 1", help="extra arguments for the spawned server (one string)"
    )
    ap.add_argument("--model", help="model name to call (default: the server's plain model)")
    ap.add_argument("--refine", action="store_true", help="call the -selfrefine model")
    ap.add_argument("--rounds", type=int, default=1, help="with --refine: max_rounds")
    ap.add_argument("--requests", type=int, default=256)
    ap.add_argument("--concurrency", type=int, default=64)
    ap.add_argument("--max-tokens", type=int, default=32)
    ap.add_argument("--api-key", default=os.environ.get("SELFREFINE_API_KEY"))
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    a = ap.parse_args()
    if a.requests < 1 or a.concurrency < 1:
        ap.error("--requests and --concurrency must be >= 1")
    proc = None
    base = a.url.rstrip("/")
    try:
        if a.spawn:
            proc, base = _spawn(
                a.spawn, a.serve_args.split() + (["--api-key", a.api_key] if a.api_key else [])
            )
        headers = {"Authorization": f"Bearer {a.api_key}"} if a.api_key else {}
        model = a.model or httpx.get(base + "/models", headers=headers, timeout=30).json()["data"][0]["id"]
        refine = None
        if a.refine:
            model = model if model.endswith("-selfrefine") else model + "-selfrefine"
            refine = {"max_rounds": a.rounds, "stop_flag": False}
        res = asyncio.run(run_load(base, model, a.requests, a.concurrency, a.max_tokens, a.api_key, refine))
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
    if a.json:
        print(json.dumps(res))
        return
    print(
        f"requests {res['requests']}  concurrency {res['concurrency']}  model {res['model']}  "
        f"max_tokens {res['max_tokens']}"
    )
    print(
        f"ok {res['ok']}  wall {res['wall_s']} s  {res['req_per_s']} req/s  "
        f"{res['completion_tok_per_s']} completion tok/s"
    )
    print(f"latency p50 {res['p50_s']} s  p95 {res['p95_s']} s  max {res['max_s']} s")
    print(f"errors by code: {res['errors_by_code'] or 'none'}")


if __name__ == "__main__":
    main()
