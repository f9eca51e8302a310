"""FastAPI routes of the OpenAI-compatible server, `build_app` which wires them, and `serve()` which
runs it with uvicorn.

Routes are module-level functions and thin: parse the JSON body and hand it to `Serving` (the
app's, through a dependency). The /v1 routes depend on the key check and on readiness
(readiness.py), and `OpenAIRoute` turns any exception of theirs, dependencies included, into an
OpenAI-shaped error through `errors.error_response`.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response, StreamingResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from prometheus_client import CONTENT_TYPE_LATEST

from selfrefine.engine.errors import InvalidParameter
from selfrefine.engine.server.errors import ModelNotFound, Unauthorized
from selfrefine.engine.server.metrics import Metrics
from selfrefine.engine.server.readiness import Readiness, lifespan
from selfrefine.engine.server.serving import LoopGate, Serving

log = logging.getLogger("selfrefine.server")
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


# ------------------------------------------------------------------ cross-cutting: errors, key, readiness


def fail(request: Request, exc: BaseException) -> JSONResponse:
    """The OpenAI error response of `exc`, counted, and logged when it is the server's fault."""
    status, body = request.app.state.serving.metrics.error_response(exc)
    if status >= 500:
        internal = body["error"]["code"] == "internal_error"
        log.error("%s", body["error"]["message"], exc_info=exc if internal else None)
    return JSONResponse(body, status_code=status)


class OpenAIRoute(APIRoute):
    """A route whose every exception, its dependencies' included, is answered as an OpenAI error."""

    def get_route_handler(self) -> Callable[[Request], Awaitable[Response]]:
        handle = super().get_route_handler()

        async def guarded(request: Request) -> Response:
            try:
                return await handle(request)
            except Exception as exc:
                return fail(request, exc)

        return guarded


def authorized(request: Request) -> None:
    """Unauthorized unless the request carries the server's API key (when it has one)."""
    key = request.app.state.api_key
    if key is None:
        return
    got = request.headers.get("authorization", "")
    token = got[7:].strip() if got[:7].lower() == "bearer " else ""
    if not hmac.compare_digest(token.encode(), key.encode()):
        raise Unauthorized("missing or wrong API key (send Authorization: Bearer KEY)")


def ready(request: Request) -> None:
    """NotReady while the engines start, EngineDead once one has died."""
    request.app.state.readiness.check()


def get_serving(request: Request) -> Serving:
    return request.app.state.serving


async def json_body(request: Request) -> dict:
    return parse_body(await request.body())


ServingDep = Annotated[Serving, Depends(get_serving)]
JsonBody = Annotated[dict, Depends(json_body)]

# ------------------------------------------------------------------ routes

site = APIRouter()
"""What answers without a key: /health, /metrics and the watcher page."""
api = APIRouter(route_class=OpenAIRoute, dependencies=[Depends(authorized), Depends(ready)])
"""The OpenAI API: the key is checked first, then readiness."""
SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


@site.get("/health")
async def health(request: Request) -> JSONResponse:
    code, body = request.app.state.readiness.health()
    return JSONResponse(body, status_code=code)


@site.get("/", include_in_schema=False)
async def page() -> FileResponse:
    # no key: the page loads without one and sends the key the user types with each API call
    return FileResponse(STATIC / "index.html", headers={"Content-Security-Policy": PAGE_POLICY})


@site.get("/metrics")
async def prometheus(request: Request) -> Response:
    return Response(request.app.state.serving.metrics.render(), media_type=CONTENT_TYPE_LATEST)


@api.get("/v1/models")
async def list_models(serving: ServingDep):
    return {"object": "list", "data": serving.models()}


@api.get("/v1/models/{model_id:path}")
async def get_model(model_id: str, serving: ServingDep):
    for m in serving.models():
        if m["id"] == model_id:
            return m
    raise ModelNotFound(f"model {model_id!r} does not exist")


@api.post("/v1/chat/completions")
async def chat_completions(request: Request, body: JsonBody, serving: ServingDep) -> Response:
    plan = serving.plan_chat(body)
    return await respond(request, body, lambda: serving.stream(plan), lambda: serving.complete(plan))


@api.post("/v1/completions")
async def completions(request: Request, body: JsonBody, serving: ServingDep) -> Response:
    plan = serving.plan_completion(body)
    return await respond(request, body, lambda: serving.stream(plan), lambda: serving.complete(plan))


@api.post("/v1/responses")
async def responses(request: Request, body: JsonBody, serving: ServingDep) -> Response:
    plan, shape = serving.plan_response(body)
    return await respond(
        request,
        body,
        lambda: serving.stream_response(plan, shape),
        lambda: serving.complete_response(plan, shape),
    )


async def respond(
    request: Request,
    body: dict,
    stream: Callable[[], AsyncIterator[str]],
    complete: Callable[[], Awaitable[dict]],
) -> Response:
    """With `stream` asked for, the SSE stream `stream()` starts; else the JSON of `complete()`,
    or 499 (and the work cancelled) when the client goes away first."""
    if body.get("stream"):
        return StreamingResponse(stream(), media_type="text/event-stream", headers=SSE_HEADERS)
    result = await _until_disconnect(request, complete())
    if result is None:
        return Response(status_code=499)  # nobody is listening any more
    return JSONResponse(result)


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


# ------------------------------------------------------------------ the app


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
    With `start_engine`, the engines start in a worker thread when the app starts (so /health
    can answer meanwhile) and shut down at exit (readiness.py)."""
    metrics = Metrics(engine, critic)
    gate = LoopGate(max_concurrent_loops, max_queued_loops, metrics)
    engines = {"main": engine, **({"critic": critic} if critic is not None else {})}
    app = FastAPI(title="selfrefine", lifespan=lifespan)
    app.state.serving = Serving(
        engine, model_name, gate, metrics, debug_faults=debug_faults, run_code=run_code, critic=critic
    )
    app.state.readiness = Readiness(engines, model_name, start=start_engine, on_start_failed=on_start_failed)
    app.state.api_key = api_key
    app.include_router(site)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(api)
    return app


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
    backend: str | None = None,
    critic: tuple[str, str] | None = None,
) -> None:
    """Start the engine (on `backend`: vllm or transformers; default `options.backend`), and with
    `critic` (name, path) a critic's engine with the same options for the loops' feedback and
    rewrites, and serve until SIGINT / SIGTERM."""
    import uvicorn

    from selfrefine.engine.backends.settings import make_engine

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    backend = backend or options.backend
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
    if app.state.readiness.error:
        raise SystemExit(1)
