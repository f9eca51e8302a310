"""The code sandbox, importable here for tasks: it lives in engine.sandbox (the generic loop runs code)."""

from selfrefine.engine.sandbox import (
    UID_RANGE,
    Limits,
    RunResult,
    SandboxUnavailable,
    check_available,
    run_python,
)

__all__ = ["UID_RANGE", "Limits", "RunResult", "SandboxUnavailable", "check_available", "run_python"]
