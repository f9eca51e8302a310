"""A scripted engine and a character-level chat tokenizer, for fast tests of the loop logic only."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable

from selfrefine.engine.backends.backend import Backend
from selfrefine.engine.backends.repeats import REPEAT, repeat_end
from selfrefine.engine.types import Completion, Sampling, TokenLogprob, TopLogprob


class CharTokenizer:
    """One token per character; a ChatML-like template; no special ids."""

    eos_token_id = None
    all_special_ids: list[int] = []
    added_tokens_decoder: dict = {}

    def __len__(self) -> int:
        return 0x110000  # every code point is a token id

    def encode(self, text: str, add_special_tokens: bool = False) -> list[int]:
        return [ord(c) for c in text]

    def decode(self, ids: list[int]) -> str:
        return "".join(chr(i) for i in ids)

    def apply_chat_template(self, messages, tokenize=False, add_generation_prompt=False):
        s = "".join(f"<{m['role']}>{m['content']}</>\n" for m in messages)
        return s + ("<assistant>" if add_generation_prompt else "")


def fb(scores: dict[str, int] | None = None, stop: bool = False, points=("fix it",)) -> str:
    """A grammar-mode feedback text. Default scores: all 1 (go on), or 5/5/4 with stop=True
    (a flag that agrees with the scores, below the top so that the flag itself stops)."""
    default = (5, 5, 4) if stop else (1, 1, 1)
    scores = scores or dict(zip(("correctness", "completeness", "clarity"), default))
    return json.dumps({"feedback": list(points), "scores": scores, "stop": stop})


class ScriptedEngine(Backend):
    """Answers each call with the next scripted text, or with `respond(stage_prompt_text)`.

    Records every prompt, and reports as "cached" the longest prefix shared with anything
    it has seen, like a prefix cache with one-token blocks. The rest of the engine protocol
    (counters, dead, ...) is the base's defaults; it is started from the outset.
    """

    backend = "scripted"
    started = True

    def __init__(
        self,
        script: list[str] | None = None,
        respond: Callable[[str], str] | None = None,
        name: str = "fake",
        max_model_len: int = 100_000,
    ):
        super().__init__(name, name)
        self.script = list(script or [])
        self.respond = respond
        self.tokenizer = CharTokenizer()
        self.max_model_len = max_model_len
        self.prompts: list[list[int]] = []
        self.schemas: list[dict | None] = []
        self.samplings: list[Sampling] = []
        self._seen: list[list[int]] = []

    async def generate(
        self,
        prompt_ids: list[int],
        sampling: Sampling,
        json_schema: dict | None = None,
        on_text=None,
        logprobs: int | None = None,
        on_tokens=None,
    ) -> Completion:
        """Like `Backend.generate`. With `logprobs`, each character (token) gets logprob -0.5
        and alternatives: itself, then "?" and "!" at -2 and -3; streaming goes a token at a time."""
        self.prompts.append(list(prompt_ids))
        self.schemas.append(json_schema)
        self.samplings.append(sampling)
        text = self.respond(self.tokenizer.decode(prompt_ids)) if self.respond else self.script.pop(0)
        finish = "stop"
        if sampling.stop_repeats and (end := repeat_end(text)) is not None:  # as both backends do
            text, finish = text[:end], REPEAT
        ids = self.tokenizer.encode(text)
        entries = None
        if logprobs is not None:
            alternatives = [(-0.5, None), (-2.0, "?"), (-3.0, "!")]
            entries = [
                TokenLogprob(
                    ord(c),
                    c,
                    -0.5,
                    tuple(TopLogprob(ord(a or c), a or c, lp) for lp, a in alternatives[:logprobs]),
                )
                for c in text
            ]
        for k, c in enumerate(text if on_text else ""):
            if on_tokens is not None and entries is not None:
                on_tokens(entries[k : k + 1])
            on_text(c)
        cached = 0
        for seen in self._seen:
            n = 0
            for a, b in zip(seen, prompt_ids):
                if a != b:
                    break
                n += 1
            cached = max(cached, n)
        self._seen.append(list(prompt_ids) + ids)
        return Completion(
            text=text,
            token_ids=ids,
            prompt_tokens=len(prompt_ids),
            cached_tokens=cached,
            completion_tokens=len(ids),
            seconds=0.0,
            finish_reason=finish,
            logprobs=entries,
        )

    def start(self) -> ScriptedEngine:
        return self

    def shutdown(self) -> None:
        pass


class StartingEngine:
    """Stands in for VLLMEngine at start-up (for /health states): `start()` waits for `go`, then
    fails or succeeds; `stopped` counts shutdowns."""

    def __init__(self, name: str = "m", fail: bool = False):
        self.name, self.fail, self.go = name, fail, threading.Event()
        self.counters, self.max_model_len, self.dead, self.stopped = {}, 4096, False, 0

    def start(self):
        self.go.wait(30)
        if self.fail:
            raise RuntimeError("weights are missing")
        return self

    def shutdown(self):
        self.stopped += 1

    def vllm_metrics(self):
        return []
