"""FastAPI routes of the OpenAI-compatible server, and `serve()` which runs it with uvicorn.

Routes are thin: check the key and readiness, parse the JSON body, hand it to `Serving`,
and turn any exception into an OpenAI-shaped error through `errors.error_response`.
The engine starts in the background after the socket is bound; /health answers 503 until
it is ready, and again (with every request) once the engine has died. With a critic engine
(`serve --critic-model`) it starts after the main one, the server is ready once both are, and
either one's failure or death is the server's.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from prometheus_client import CONTENT_TYPE_LATEST

from selfrefine.engine.errors import EngineDead, InvalidParameter
from selfrefine.engine.server.errors import ModelNotFound, NotReady, Unauthorized, error_response
from selfrefine.engine.server.metrics import Metrics
from selfrefine.engine.server.serving import LoopGate, Serving

log = logging.getLogger("selfrefine.server")
_CRITIC_DEAD = (
    "the critic's inference engine ({}) has stopped (its engine process exited; see the server "
    "log); restart the server"
)
STATIC = Path(__file__).parent / "static"
"""The loop watcher page served at `/` (plain HTML, CSS and JavaScript; no build step)."""
PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""The page's Content-Security-Policy: only its own files and this server's endpoints, so model
text that slipped into the DOM as markup still could not run or load anything."""
MAX_BODY_BYTES = 16 << 20
MAX_JSON_DEPTH = 64
"""Nesting levels a request body may have; OpenAI bodies (with JSON schemas) need far fewer."""


def parse_body(raw: bytes) -> dict:
    """The request's JSON object, or InvalidParameter naming what is wrong with it: too big,
    not JSON, nested too deeply, not an object, or a string that is not valid Unicode (a lone
    surrogate such as "\\udcff" is valid JSON but no tokenizer can take it)."""
    if len(raw) > MAX_BODY_BYTES:
        raise InvalidParameter("body", f"is larger than {MAX_BODY_BYTES >> 20} MiB")
    try:
        body = json.loads(raw)
    except RecursionError as exc:  # the C parser gives up near the recursion limit
        raise InvalidParameter("body", f"is nested more than {MAX_JSON_DEPTH} levels deep") from exc
    except (ValueError, UnicodeDecodeError) as exc:
        raise InvalidParameter("body", f"is not valid JSON: {exc}") from exc
    if not isinstance(body, dict):
        raise InvalidParameter("body", "must be a JSON object")
    # Iterative, so a deep body cannot exhaust the stack here either.
    todo: list[tuple[object, tuple]] = [(body, ())]
    while todo:
        value, path = todo.pop()
        if isinstance(value, str):
            _check_text(value, path)
        elif len(path) >= MAX_JSON_DEPTH and isinstance(value, (dict, list)):
            where = _where(path)
            where = where if len(where) <= 60 else where[:60] + "..."
            raise InvalidParameter("body", f"is nested more than {MAX_JSON_DEPTH} levels deep (at {where})")
        elif isinstance(value, dict):
            for k, v in value.items():
                _check_text(k, path, key=True)
                todo.append((v, path + (k,)))
        elif isinstance(value, list):
            todo.extend((v, path + (i,)) for i, v in enumerate(value))
    return body


def _where(path: tuple) -> str:
    return ".".join(map(str, path)) or "body"


def _check_text(text: str, path: tuple, key: bool = False) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidParameter(
            _where(path),
            f"{'a key here' if key else 'the text'} holds a lone surrogate {text[exc.start]!r} at "
            f"character {exc.start}, which is not text (send a valid UTF-16 pair or the character itself)",
        ) from None


class _State:
    def __init__(self, engines: dict) -> None:
        self.ready = False
        self.error: str | None = None
        self.dead = False
        self.engines = engines
        """The engines by role (main, and critic with one)."""
        self.status = {role: "starting" if role == "main" else "waiting" for role in engines}
        """Each engine's state: waiting (the critic, while the main engine loads), starting, ok,
        failed, not_started (the critic, after the main engine failed), stopped (the main engine,
        shut down after the critic failed), dead."""

    def health(self) -> dict:
        """Each engine's model and state, for /health (with a critic only)."""
        return {
            role: {"model": e.name, "status": "dead" if self.ready and e.dead else self.status[role]}
            for role, e in self.engines.items()
        }


def build_app(
    engine,
    model_name: str,
    *,
    api_key: str | None = None,
    max_concurrent_loops: int = 64,
    max_queued_loops: int = 256,
    debug_faults: bool = False,
    run_code: bool = False,
    start_engine: bool = True,
    on_start_failed=None,
    critic=None,
) -> FastAPI:
    """The app for one engine (and `critic`, the engine of the loops' feedback and rewrites).
    With `start_engine`, the engines' `start()` runs in a worker thread when the app starts (so
    /health can answer meanwhile), the critic's after the main one's, and `shutdown()` at exit.
    A critic that fails to start shuts the started main engine down before the failure is told."""
    metrics = Metrics(engine, critic)
    gate = LoopGate(max_concurrent_loops, max_queued_loops, metrics)
    serving = Serving(
        engine, model_name, gate, metrics, debug_faults=debug_faults, run_code=run_code, critic=critic
    )
    engines = {"main": engine, **({"critic": critic} if critic is not None else {})}
    state = _State(engines)
    state.ready = not start_engine
    if state.ready:
        state.status = dict.fromkeys(engines, "ok")

    async def start() -> None:
        for role, e in engines.items():
            try:
                state.status[role] = "starting"
                await asyncio.to_thread(e.start)
                state.status[role] = "ok"
            except Exception as exc:
                state.status[role] = "failed"
                state.error = f"{type(exc).__name__}: {exc}"
                if role == "critic":
                    state.error = f"critic engine ({e.name}): {state.error}"
                    engine.shutdown()  # the main engine must not outlive a failed critic
                    state.status["main"] = "stopped"
                elif critic is not None:
                    state.status["critic"] = "not_started"
                log.error("engine failed to start: %s", state.error)
                if on_start_failed:
                    on_start_failed()
                return
        state.ready = True
        also = f" (critic: {critic.name})" if critic is not None else ""
        log.warning("engine ready: serving %s and %s%s", serving.model_name, serving.refine_name, also)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        task = asyncio.create_task(start()) if start_engine else None
        try:
            yield
        finally:
            if task is not None and not task.done():
                task.cancel()
            if start_engine:
                for e in engines.values():  # shutdown() is idempotent
                    e.shutdown()

    app = FastAPI(title="selfrefine", lifespan=lifespan)
    app.state.serving = serving
    app.state.status = state

    def fail(exc: BaseException) -> JSONResponse:
        status, body = error_response(exc)
        metrics.errors.labels(str(status), body["error"]["code"]).inc()
        if status >= 500:
            log.error(
                "%s",
                body["error"]["message"],
                exc_info=exc if body["error"]["code"] == "internal_error" else None,
            )
        return JSONResponse(body, status_code=status)

    def check(request: Request) -> None:
        if api_key is not None:
            got = request.headers.get("authorization", "")
            token = got[7:].strip() if got[:7].lower() == "bearer " else ""
            if not hmac.compare_digest(token.encode(), api_key.encode()):
                raise Unauthorized("missing or wrong API key (send Authorization: Bearer KEY)")
        if not state.ready:
            raise NotReady(
                state.error
                and f"engine failed to start: {state.error}"
                or "the engine is still starting; poll /health"
            )
        dead = gone()
        if dead is not None:
            raise dead

    def gone() -> EngineDead | None:
        """The error of a started engine (main or critic) that has stopped since, else None;
        logged once, when first seen."""
        if not state.ready:
            return None
        for role, e in engines.items():
            if e.dead:
                exc = EngineDead() if role == "main" else EngineDead(_CRITIC_DEAD.format(e.name))
                if not state.dead:
                    state.dead = True
                    log.error("engine died: %s", exc)
                return exc
        return None

    def with_engines(body: dict) -> dict:
        return {**body, "engines": state.health()} if critic is not None else body

    @app.get("/health")
    async def health() -> JSONResponse:
        dead = gone()
        if dead is not None:
            return JSONResponse(with_engines({"status": "failed", "error": str(dead)}), status_code=503)
        if state.ready:
            return JSONResponse(with_engines({"status": "ok", "model": model_name}))
        return JSONResponse(
            with_engines({"status": "failed" if state.error else "starting", "error": state.error}),
            status_code=503,
        )

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        # no key: the page loads without one and sends the key the user types with each API call
        return FileResponse(STATIC / "index.html", headers={"Content-Security-Policy": PAGE_POLICY})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/metrics")
    async def prometheus() -> Response:
        return Response(metrics.render(), media_type=CONTENT_TYPE_LATEST)

    @app.get("/v1/models")
    async def list_models(request: Request):
        try:
            check(request)
            return {"object": "list", "data": serving.models()}
        except Exception as exc:
            return fail(exc)

    @app.get("/v1/models/{model_id:path}")
    async def get_model(model_id: str, request: Request):
        try:
            check(request)
            for m in serving.models():
                if m["id"] == model_id:
                    return m
            raise ModelNotFound(f"model {model_id!r} does not exist")
        except Exception as exc:
            return fail(exc)

    async def handle(request: Request, kind: str):
        try:
            check(request)
            body = parse_body(await request.body())
            plan = serving.plan_chat(body) if kind == "chat" else serving.plan_completion(body)
            if body.get("stream"):
                return StreamingResponse(
                    serving.stream(plan),
                    media_type="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
                )
            result = await _until_disconnect(request, serving.complete(plan))
            if result is None:
                return Response(status_code=499)  # nobody is listening any more
            return JSONResponse(result)
        except Exception as exc:
            return fail(exc)

    @app.post("/v1/responses")
    async def responses(request: Request):
        try:
            check(request)
            body = parse_body(await request.body())
            plan, shape = serving.plan_response(body)
            if body.get("stream"):
                return StreamingResponse(
                    serving.stream_response(plan, shape),
                    media_type="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
                )
            result = await _until_disconnect(request, serving.complete_response(plan, shape))
            if result is None:
                return Response(status_code=499)
            return JSONResponse(result)
        except Exception as exc:
            return fail(exc)

    @app.post("/v1/chat/completions")
    async def chat_completions(request: Request):
        return await handle(request, "chat")

    @app.post("/v1/completions")
    async def completions(request: Request):
        return await handle(request, "completion")

    return app


async def _until_disconnect(request: Request, coro):
    """Await `coro`, but cancel it (aborting its engine requests) if the client goes away.
    Returns None in that case."""
    work = asyncio.create_task(coro)

    async def gone() -> None:
        while (await request.receive())["type"] != "http.disconnect":
            pass

    watcher = asyncio.create_task(gone())
    try:
        await asyncio.wait({work, watcher}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for t in (work, watcher):
            if not t.done():
                t.cancel()
        await asyncio.gather(work, watcher, return_exceptions=True)
    if work.cancelled():
        return None
    return work.result()


def serve(
    model_path: str,
    model_name: str,
    options,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    api_key: str | None = None,
    max_concurrent_loops: int = 64,
    max_queued_loops: int = 256,
    debug_faults: bool = False,
    run_code: bool = False,
    log_level: str = "warning",
    backend: str = "vllm",
    critic: tuple[str, str] | None = None,
) -> None:
    """Start the engine (on `backend`: vllm or transformers), and with `critic` (name, path) a
    critic's engine with the same options for the loops' feedback and rewrites, and serve until
    SIGINT / SIGTERM."""
    import uvicorn

    from selfrefine.engine.settings import make_engine

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    engine = make_engine(backend, model_path, model_name, options)
    critic_engine = make_engine(backend, critic[1], critic[0], options) if critic else None
    server: uvicorn.Server | None = None

    def stop() -> None:
        if server is not None:
            server.should_exit = True

    app = build_app(
        engine,
        model_name,
        api_key=api_key,
        max_concurrent_loops=max_concurrent_loops,
        max_queued_loops=max_queued_loops,
        debug_faults=debug_faults,
        run_code=run_code,
        on_start_failed=stop,
        critic=critic_engine,
    )
    config = uvicorn.Config(
        app, host=host, port=port, log_level=log_level, timeout_graceful_shutdown=5, access_log=False
    )
    server = uvicorn.Server(config)
    server.run()
    if app.state.status.error:
        raise SystemExit(1)
