"""Whether the server's engines are up: their start in the background, /health's states, and the
readiness check every API route depends on.

The engines start after the socket is bound; until they are ready (and again once one has died)
API requests get 503. With a critic engine (`serve --critic-model`) it starts after the main one,
the server is ready once both are, and either one's failure or death is the server's.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from contextlib import asynccontextmanager

from fastapi import FastAPI

from selfrefine.engine.errors import EngineDead
from selfrefine.engine.server import REFINE_SUFFIX
from selfrefine.engine.server.errors import NotReady

log = logging.getLogger("selfrefine.server")
_CRITIC_DEAD = (
    "the critic's inference engine ({}) has stopped (its engine process exited; see the server "
    "log); restart the server"
)


class Readiness:
    """The engines by role (main, and critic with one), and how far each has come."""

    def __init__(
        self,
        engines: dict,
        model: str,
        *,
        start: bool = True,
        on_start_failed: Callable[[], None] | None = None,
    ) -> None:
        self.engines = engines
        self.model = model
        """The served model's name (its Self-Refine name adds REFINE_SUFFIX)."""
        self.starts = start
        """Whether the app starts the engines (and shuts them down at exit); False: they are up."""
        self.on_start_failed = on_start_failed
        self.ready = not start
        self.error: str | None = None
        self.dead = False
        self.status = {role: "starting" if role == "main" else "waiting" for role in engines}
        """Each engine's state: waiting (the critic, while the main engine loads), starting, ok,
        failed, not_started (the critic, after the main engine failed), stopped (the main engine,
        shut down after the critic failed), dead."""
        if self.ready:
            self.status = dict.fromkeys(engines, "ok")

    async def start(self) -> None:
        """Start each engine in a worker thread, the critic's after the main one's. A critic that
        fails to start shuts the started main engine down before the failure is told."""
        for role, e in self.engines.items():
            try:
                self.status[role] = "starting"
                await asyncio.to_thread(e.start)
                self.status[role] = "ok"
            except Exception as exc:
                self._failed(role, e, exc)
                return
        self.ready = True
        critic = self.engines.get("critic")
        also = f" (critic: {critic.name})" if critic is not None else ""
        log.warning("engine ready: serving %s and %s%s", self.model, self.model + REFINE_SUFFIX, also)

    def _failed(self, role: str, engine, exc: Exception) -> None:
        self.status[role] = "failed"
        self.error = f"{type(exc).__name__}: {exc}"
        if role == "critic":
            self.error = f"critic engine ({engine.name}): {self.error}"
            self.engines["main"].shutdown()  # the main engine must not outlive a failed critic
            self.status["main"] = "stopped"
        elif "critic" in self.engines:
            self.status["critic"] = "not_started"
        log.error("engine failed to start: %s", self.error)
        if self.on_start_failed:
            self.on_start_failed()

    def shutdown(self) -> None:
        for e in self.engines.values():  # shutdown() is idempotent
            e.shutdown()

    def gone(self) -> EngineDead | None:
        """The error of a started engine (main or critic) that has stopped since, else None;
        logged once, when first seen."""
        if not self.ready:
            return None
        for role, e in self.engines.items():
            if e.dead:
                exc = EngineDead() if role == "main" else EngineDead(_CRITIC_DEAD.format(e.name))
                if not self.dead:
                    self.dead = True
                    log.error("engine died: %s", exc)
                return exc
        return None

    def check(self) -> None:
        """Raise NotReady while the engines start (or after one failed to), EngineDead once one died."""
        if not self.ready:
            raise NotReady(
                self.error
                and f"engine failed to start: {self.error}"
                or "the engine is still starting; poll /health"
            )
        dead = self.gone()
        if dead is not None:
            raise dead

    def health(self) -> tuple[int, dict]:
        """/health's status code and body; with a critic, each engine's model and state too."""
        dead = self.gone()
        if dead is not None:
            code, body = 503, {"status": "failed", "error": str(dead)}
        elif self.ready:
            code, body = 200, {"status": "ok", "model": self.model}
        else:
            code, body = 503, {"status": "failed" if self.error else "starting", "error": self.error}
        if "critic" in self.engines:
            body["engines"] = {
                role: {"model": e.name, "status": "dead" if self.ready and e.dead else self.status[role]}
                for role, e in self.engines.items()
            }
        return code, body


@asynccontextmanager
async def lifespan(app: FastAPI):
    """Start the engines in the background when the app starts (so /health answers meanwhile),
    and shut them down at exit."""
    readiness: Readiness = app.state.readiness
    task = asyncio.create_task(readiness.start()) if readiness.starts else None
    try:
        yield
    finally:
        if task is not None and not task.done():
            task.cancel()
        if readiness.starts:
            readiness.shutdown()
