"""The server's error classes, and `error_response`: the one place exceptions become OpenAI error bodies."""

from __future__ import annotations

import re

from pydantic import ValidationError

from selfrefine.engine.errors import EngineDead, EngineFault, InvalidParameter, PromptTooLong, SelfRefineError

_TYPE_TAG = re.compile(r"^(str|int|float|bool|none|list\[.*\]|dict\[.*\]|tuple\[.*\]|[A-Z]\w*|function-.*)$")


class QueueFull(SelfRefineError):
    code = "queue_full"


class ModelNotFound(SelfRefineError):
    code = "model_not_found"


class NotReady(SelfRefineError):
    code = "engine_not_ready"


class Unauthorized(SelfRefineError):
    code = "invalid_api_key"


_STATUS = [  # (error class, HTTP status, OpenAI error type)
    (InvalidParameter, 400, "invalid_request_error"),
    (PromptTooLong, 400, "invalid_request_error"),
    (Unauthorized, 401, "authentication_error"),
    (ModelNotFound, 404, "invalid_request_error"),
    (QueueFull, 429, "rate_limit_error"),
    (NotReady, 503, "service_unavailable_error"),
    (EngineDead, 503, "service_unavailable_error"),
    (EngineFault, 500, "server_error"),
]


def error_response(exc: BaseException) -> tuple[int, dict]:
    """Map any exception to (HTTP status, {"error": {message, type, param, code}})."""
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        # drop pydantic's union-branch tags ("str", "list[str]", ...) from the location
        loc = [str(p) for p in first.get("loc", ()) if p != "body" and not _TYPE_TAG.match(str(p))]
        param = ".".join(loc) or None
        return 400, _body(
            f"{param}: {first.get('msg')}" if param else str(first.get("msg")),
            "invalid_request_error",
            param,
            "invalid_parameter",
        )
    for cls, status, kind in _STATUS:
        if isinstance(exc, cls):
            return status, _body(str(exc), kind, getattr(exc, "param", None), exc.code)
    if isinstance(exc, SelfRefineError):
        return 500, _body(str(exc), "server_error", None, exc.code)
    return 500, _body(f"internal error: {type(exc).__name__}: {exc}", "server_error", None, "internal_error")


def _body(message: str, kind: str, param: str | None, code: str) -> dict:
    return {"error": {"message": message, "type": kind, "param": param, "code": code}}
