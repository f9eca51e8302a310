"""The base both inference backends build on: what every engine call shares, written once."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from dataclasses import dataclass

from selfrefine.engine.backends.engine_options import EngineOptions
from selfrefine.engine.errors import EngineDead, EngineFault, InvalidParameter, PromptTooLong
from selfrefine.engine.types import Completion, Sampling, Tokenizer, TokenLogprob

MAX_LOGPROBS = 20
"""The most alternatives per token a call may ask for (vLLM's own default `max_logprobs`)."""
LOGPROB_FLOOR = -9999.0
"""Log-probabilities below this (-inf included) are reported as this: JSON has no infinity."""
COUNTERS = ("requests", "aborted", "prompt_tokens", "cached_tokens", "completion_tokens")
"""What every engine counts since start (`Backend.counters`; the server's /metrics reads them)."""


# ------------------------------------------------------------------ special tokens


def special_token_ids(tokenizer: Tokenizer) -> frozenset[int]:
    """Every special token of the tokenizer: its named ones (EOS, pad, chat markers, ...) and
    every added token flagged special (fill-in-the-middle markers, ...). Every end token of a
    generation is one of them."""
    special = set(tokenizer.all_special_ids)
    special |= {i for i, t in tokenizer.added_tokens_decoder.items() if t.special}
    if tokenizer.eos_token_id is not None:
        special.add(tokenizer.eos_token_id)
    return frozenset(special)


def end_token_ids(tokenizer: Tokenizer, generation_eos: int | Iterable[int] | None = None) -> frozenset[int]:
    """The tokens that end a generation: the tokenizer's EOS and the EOS ids of the model's
    generation config (`generation_eos`: one id, several or none)."""
    ends = {
        *(
            []
            if generation_eos is None
            else [generation_eos]
            if isinstance(generation_eos, int)
            else generation_eos
        )
    }
    if tokenizer.eos_token_id is not None:
        ends.add(tokenizer.eos_token_id)
    return frozenset(ends)


# Why special tokens are banned under a grammar. A grammar backend reads a special token as
# its literal text: xgrammar lets "<|im_start|>" fit a word of the feedback grammar, and Outlines'
# vocabulary keeps every special token as a plain string that a JSON string admits. The detokenized
# text then drops the token (the review passes the grammar and fails the schema), or the token ends
# the call in the middle of the JSON (Qwen's "<|endoftext|>" is an end token of its generation
# config). So a grammar-constrained call may write no special token but one: the tokenizer's EOS,
# the only token both grammar backends know as the end of the grammar (Outlines' vocabulary has just
# that EOS; vLLM hands xgrammar its stop tokens, which include it) and the one the chat template
# closes an assistant turn with, so the turn `engine.core.history` re-closes is the template's own. The
# generation config's other end tokens are banned too, on both backends alike: on the transformers
# backend they would be literal text inside the JSON; on vLLM, which used to allow them, they could
# only stand where the tokenizer's EOS stands, at the grammar's end.
def grammar_banned_ids(tokenizer: Tokenizer) -> list[int]:
    """The ids a grammar-constrained call may not write, ascending: every special token but the
    tokenizer's EOS (why: the comment above)."""
    return sorted(special_token_ids(tokenizer) - {tokenizer.eos_token_id})


# ------------------------------------------------------------------ requests and logprobs


def finite_logprob(logprob: float) -> float:
    return logprob if logprob == logprob and logprob > LOGPROB_FLOOR else LOGPROB_FLOOR


def check_request(prompt_ids: list[int], max_model_len: int, logprobs: int | None) -> int:
    """The room a prompt leaves for output tokens; raises on an empty prompt, one that fills
    the context, or logprobs out of range. Every engine checks its requests with this."""
    n_prompt = len(prompt_ids)
    if n_prompt == 0:
        raise InvalidParameter("prompt", "is empty")
    room = max_model_len - n_prompt
    if room < 1:
        raise PromptTooLong(n_prompt, max_model_len)
    if logprobs is not None and not 0 <= logprobs <= MAX_LOGPROBS:
        raise InvalidParameter("logprobs", f"must be in [0, {MAX_LOGPROBS}]")
    return room


def token_starts(entries: list[TokenLogprob]) -> list[int]:
    """Where each entry's token starts in the text its tokens spell."""
    return list(itertools.accumulate((len(e.token) for e in entries[:-1]), initial=0)) if entries else []


def text_logprobs(
    entries: list[TokenLogprob], text_len: int, ended_by: str | None, starts: list[int] | None = None
) -> list[TokenLogprob]:
    """The entries of the tokens that make the returned text (`text_len` characters). A call
    also generates the token that ended it (EOS, a stop token id) or the tokens of a matched
    stop string; the text holds none of them, and neither does OpenAI's API, so they are left
    out (`completion_tokens` still counts them: they were generated).

    `ended_by`: "token" (EOS or a stop token id, always the last token), "string" (a stop
    string) or None (the call did not stop: length). `starts`: where each token starts in the
    text (default: `token_starts`)."""
    if ended_by == "token":
        return entries[:-1]
    if ended_by == "string":  # keep the tokens that start in the text
        starts = token_starts(entries) if starts is None else starts
        return entries[: sum(1 for s in starts if s < text_len)]
    return entries


class LogprobRelease:
    """A streamed call's logprob entries, released with the text they make: an entry goes out
    once the text released so far reaches past where its token starts (text that may still
    become a stop string, or an unfinished character, is held back), and at the end exactly
    the entries of the returned text (`text_logprobs`) have gone out."""

    def __init__(self) -> None:
        self.entries: list[TokenLogprob] = []
        self.starts: list[int] = []  # where each entry's token starts in the text
        self.sent = 0  # entries released
        self._end = 0  # where the last entry's token ends, for entries added without a start

    def add(self, entry: TokenLogprob, start: int | None = None) -> None:
        """One more entry; `start` defaults to where the previous entry's token ends."""
        start = self._end if start is None else start
        self.entries.append(entry)
        self.starts.append(start)
        self._end = start + len(entry.token)

    def upto(self, text_len: int) -> list[TokenLogprob]:
        """The entries not yet released whose token starts within the first `text_len`
        characters (the text released with them)."""
        return self._release(self.entries[self.sent : sum(1 for s in self.starts if s < text_len)])

    def rest(self, final: list[TokenLogprob]) -> list[TokenLogprob]:
        """At the end: the entries of the returned text (`final`) not yet released."""
        return self._release(final[self.sent :])

    def _release(self, out: list[TokenLogprob]) -> list[TokenLogprob]:
        self.sent += len(out)
        return out


# ------------------------------------------------------------------ the base


@dataclass(frozen=True)
class Request:
    """One checked call, as `Backend.generate` hands it to the backend's `_run`."""

    prompt_ids: list[int]
    sampling: Sampling
    json_schema: dict | None
    max_tokens: int
    """`sampling.max_tokens`, cut to the room the prompt leaves in the context."""
    on_text: Callable[[str], None] | None
    logprobs: int | None
    on_tokens: Callable[[list[TokenLogprob]], None] | None


class Backend:
    """The engine protocol (engine.types.Engine) as both backends implement it. A backend sets
    `tokenizer` and `max_model_len` in `start()`, says whether it has started (`started`) and
    runs checked calls (`_run`); what it does not override has the defaults here.

    What `VLLMEngine` (backends.vllm_engine) and `HFEngine` (backends.hf_engine) share is written
    here once: the checks every call passes before it runs, the counters the server's /metrics
    reads, how a failed load is reported, which special tokens a grammar-constrained call may
    not write (`grammar_banned_ids`), which logprob entries belong to the returned text
    (`text_logprobs`) and when streamed entries are released (`LogprobRelease`). Nothing here
    imports vLLM or torch: the transformers backend must load without them."""

    backend = "?"
    """The backend's name, as `--backend` spells it."""
    dead = False
    """True once a started engine can no longer serve (only vLLM's engine process can die)."""
    kv_capacity_tokens: int | None = None
    """Tokens the KV cache holds (None: no shared cache to plan admissions against)."""

    def __init__(self, model_path: str, name: str | None = None, options: EngineOptions | None = None):
        self.options = options or EngineOptions()
        self.model_path = model_path
        self.name = name or model_path
        self.tokenizer = None
        self.max_model_len = 0
        self.counters = dict.fromkeys(COUNTERS, 0)

    @property
    def started(self) -> bool:
        raise NotImplementedError

    def start(self) -> Backend:
        raise NotImplementedError

    def shutdown(self) -> None:
        raise NotImplementedError

    def vllm_metrics(self) -> list:
        """vLLM's own Prometheus metric families (`vllm:` names); none without vLLM."""
        return []

    async def reset_prefix_cache(self) -> None:
        """Empty the prefix cache, so the next calls are computed cold (no cache: nothing to do)."""

    async def generate(
        self,
        prompt_ids: list[int],
        sampling: Sampling,
        json_schema: dict | None = None,
        on_text: Callable[[str], None] | None = None,
        logprobs: int | None = None,
        on_tokens: Callable[[list[TokenLogprob]], None] | None = None,
    ) -> Completion:
        """Generate one completion for a token-id prompt; `json_schema` constrains the output
        (and then no special token but the tokenizer's EOS is written: `grammar_banned_ids`).

        `on_text`, when given, receives each new piece of text as it is generated (streaming).
        `logprobs` (0-20), when given, asks for the log-probability of each generated token
        (the model's own, before grammar and sampling) and the `logprobs` most likely tokens at
        its position (`Completion.logprobs`, the entries of the returned text: `text_logprobs`);
        while streaming, `on_tokens` receives the new tokens' entries just before the text they
        make (a token whose text is still held back arrives with the next piece). Without
        `logprobs` the call is what it always was: none are computed.
        """
        if not self.started:
            raise EngineFault("engine not started")
        if self.dead:
            raise EngineDead()
        room = check_request(prompt_ids, self.max_model_len, logprobs)
        return await self._run(
            Request(
                prompt_ids,
                sampling,
                json_schema,
                min(sampling.max_tokens, room),
                on_text,
                logprobs,
                on_tokens,
            )
        )

    async def _run(self, request: Request) -> Completion:
        raise NotImplementedError

    def _counted(self, out: Completion) -> Completion:
        """A finished call's tokens, added to the counters."""
        self.counters["prompt_tokens"] += out.prompt_tokens
        self.counters["cached_tokens"] += out.cached_tokens
        self.counters["completion_tokens"] += out.completion_tokens
        return out

    def _fault(self, exc: Exception) -> EngineFault:
        """The error to raise for an engine-side failure of a call."""
        if self.dead:
            return EngineDead()
        return EngineFault(f"{type(exc).__name__}: {exc}")

    @contextmanager
    def _loading(self, what: str, hint: str = ""):
        """Reports any failure inside as an EngineFault that says `what` failed for this model,
        with the error's first 600 characters on one line (and `hint`)."""
        try:
            yield
        except Exception as exc:
            detail = " ".join(str(exc).split())[:600]
            raise EngineFault(f"{what} {self.name}: {type(exc).__name__}: {detail}{hint}") from exc
