"""Free-text feedback at equal tokens: mode 1's loops without the grammar, on the same engine."""

from __future__ import annotations

from dataclasses import replace

from selfrefine.bench.harness import Harness
from selfrefine.bench.summary import ModeRun
from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.item import Item, start_conversation
from selfrefine.engine.types import LoopResult


class ExactTextFeedback:
    """Engine view for the free-text variant at equal tokens.

    Each free-text feedback call generates exactly as many tokens as the grammar feedback of the
    same item and round did in mode 1, so both variants have the same loop shapes and the same
    work; only the grammar differs. Calls are matched to items by their draft prompt (a prefix
    of every later prompt of the loop).
    """

    def __init__(self, engine, cfg: RefineConfig, items: list[Item], lengths: list[list[int]], default: int):
        self.inner, self._answer, self._default = engine, cfg.sampling, default
        self.name, self.tokenizer, self.max_model_len = engine.name, engine.tokenizer, engine.max_model_len
        self.kv_capacity_tokens = None  # the Engine protocol's; this view never admitted loops by KV budget
        self._drafts = [start_conversation(engine, it, cfg).prompt() for it in items]
        self._lengths = lengths
        self._seen = [0] * len(items)

    def _tokens(self, prompt_ids: list[int]) -> int:
        for i, d in enumerate(self._drafts):
            if prompt_ids[: len(d)] == d:
                k, self._seen[i] = self._seen[i], self._seen[i] + 1
                return self._lengths[i][k] if k < len(self._lengths[i]) else self._default
        return self._default

    async def generate(self, prompt_ids, sampling, json_schema=None):
        if json_schema is None and sampling != self._answer:
            sampling = replace(sampling, max_tokens=self._tokens(prompt_ids), ignore_eos=True)
        return await self.inner.generate(prompt_ids, sampling, json_schema)


class TextBench(Harness):
    async def _text_run(self, engine, first: ModeRun) -> None:
        """Mode 1's loops with free-text feedback; in the fixed workload each feedback call as long
        as the grammar feedback of the same item and round in `first` (a mode 1 run)."""
        cfg, n = self.cfg, self.cfg.loops
        tcfg = cfg.refine_config("text")
        lengths = [
            [c.completion_tokens for c in r.trace if c.stage == "feedback"]
            if isinstance(r, LoopResult)
            else []
            for r in first.results
        ]
        view = (
            engine
            if cfg.natural
            else ExactTextFeedback(engine, tcfg, self.items[:n], lengths, self.budget.feedback_tokens)
        )
        await self._loops(
            view,
            "ours_text",
            "1 ours, free-text feedback",
            self.items[:n],
            n,
            tcfg,
            note=""
            if cfg.natural
            else "each feedback call generates exactly as many tokens as mode 1's grammar "
            "feedback of the same item and round",
        )
