"""The debug hook of `serve --debug-faults`: an engine wrapper whose call at a chosen loop stage fails."""

from __future__ import annotations

from selfrefine.engine.errors import EngineFault
from selfrefine.engine.types import Completion


class FaultAt:
    """The real engine serves the calls before the given stage, then the call of that stage fails
    as an engine fault would. A loop's main engine and
    critic wrap with one count (`shared`: the main engine's hook), so the stage is the loop's."""

    CALL_INDEX = {"draft": 0, "feedback": 1, "refine": 2}

    def __init__(self, engine, stage: str, shared: FaultAt | None = None):
        self.engine, self.name = engine, engine.name
        self.tokenizer, self.max_model_len = engine.tokenizer, engine.max_model_len
        self.fail_at = self.CALL_INDEX[stage]
        self.count = shared.count if shared is not None else [0]

    @property
    def calls(self) -> int:
        return self.count[0]

    async def generate(self, prompt_ids, sampling, json_schema=None, **kwargs) -> Completion:
        self.count[0] += 1
        if self.calls - 1 == self.fail_at:
            raise EngineFault(f"injected engine fault at call {self.calls} (debug hook)")
        return await self.engine.generate(prompt_ids, sampling, json_schema, **kwargs)
