"""What a loop's side steps (engine.core.requirements, engine.core.stated) may use of the loop: read its
item, configuration and conversation, make a recorded call, observe an answer, send an event.
They return what they found; the loop decides what to keep."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from selfrefine.engine.core.config import RefineConfig
    from selfrefine.engine.core.history import Conversation
    from selfrefine.engine.core.item import Event, Item
    from selfrefine.engine.types import Call, Engine, Observation, Sampling


class Steps(Protocol):
    item: Item
    cfg: RefineConfig
    conv: Conversation
    critic: Engine
    outputs: list[str]

    async def call(
        self, engine: Engine, stage: str, rnd: int, sampling: Sampling, schema: dict | None, need: int
    ) -> Call: ...

    async def observe(self, y: str) -> Observation: ...

    def emit(self, event: Event) -> None: ...
