"""The transformers backend: the engine protocol on plain `model.generate`, grammar included.

For machines where vLLM cannot be installed (macOS, Windows, a GPU vLLM does not support):
the whole loop runs here, and the critic's feedback is still forced by the schema, through
Outlines' logits processor (outlines-core builds a regex automaton from the JSON schema and
masks every token the schema does not allow). vLLM is never imported.

What it gives up: one request runs at a time (a lock; concurrent loops queue), and nothing is
cached between calls: every prompt is computed in full (`cached_tokens` is always 0). It is
therefore much slower than the vLLM engine on the same machine; `selfrefine bench` measures
by how much (mode 5).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from importlib.util import find_spec

from selfrefine.engine.backends.backend import (
    LOGPROB_FLOOR,
    Backend,
    LogprobRelease,
    Request,
    end_token_ids,
    finite_logprob,
    grammar_banned_ids,
    text_logprobs,
)
from selfrefine.engine.backends.engine_options import EngineOptions
from selfrefine.engine.backends.repeats import REPEAT, RepeatWatch, repeat_end
from selfrefine.engine.errors import EngineFault, InvalidParameter
from selfrefine.engine.types import Completion, Sampling, TokenLogprob, TopLogprob
from selfrefine.grammars.feedback import verdict_schema
from selfrefine.grammars.outlines_schema import schema_regex

PACKAGES = ("torch", "transformers", "outlines")
"""What this backend needs (`pip install 'selfrefine[transformers]'`)."""
SCHEMA_CACHE = 64
"""Compiled schemas kept (the grounded and checklist forms build one per answer)."""
_DTYPES = ("auto", "bfloat16", "float16", "float32")


def missing_packages() -> list[str]:
    """The packages of this backend that are not installed."""
    return [p for p in PACKAGES if find_spec(p) is None]


VLLM_ONLY = (
    "tensor_parallel_size",
    "pipeline_parallel_size",
    "data_parallel_size",
    "distributed_executor_backend",
    "gpu_memory_utilization",
    "kv_cache_gib",
    "block_size",
    "max_num_seqs",
)
"""EngineOptions fields only vLLM honours: any value but the field's default is refused here."""


def check_options(options: EngineOptions) -> None:
    """Refuse vLLM-only settings this backend cannot honour (rather than ignore them silently).

    `--structured-backend` and `--prefix-caching` are accepted and have no effect: the
    grammar is always Outlines' and there is no cache to turn off."""
    o = options
    default = {f.name: f.default for f in dataclasses.fields(EngineOptions)}
    vllm_only = {name: getattr(o, name) != default[name] for name in VLLM_ONLY}
    vllm_only["speculation"] = o.speculation in ("ngram", "suffix")  # auto means: where the engine can
    for name, given in vllm_only.items():
        if given:
            raise InvalidParameter(name, "is a vLLM option; the transformers backend does not support it")
    if o.enforce_eager is False:
        raise InvalidParameter("eager", "the transformers backend runs eagerly only (no --compile)")
    if o.extra:
        raise InvalidParameter(
            next(iter(o.extra)), "is a vLLM engine argument; the transformers backend does not use it"
        )
    if o.dtype not in _DTYPES:
        raise InvalidParameter("dtype", f"must be one of {', '.join(_DTYPES)}")


# ------------------------------------------------------------------ generation helpers


class _Repeats:
    """A stopping criterion that ends generation once the text loops (`Sampling.stop_repeats`)."""

    def __init__(self, decode, start: int) -> None:
        self.decode, self.start, self.watch, self.hit = decode, start, RepeatWatch(), False

    def __call__(self, input_ids, scores, **kwargs):
        import torch

        if not self.hit and self.watch.due(input_ids.shape[1] - self.start):  # decode only when due
            self.hit = repeat_end(self.decode(input_ids[0, self.start :].tolist())) is not None
        return torch.full((input_ids.shape[0],), self.hit, dtype=torch.bool, device=input_ids.device)


class _Abort:
    """A stopping criterion that ends generation when the request was cancelled."""

    def __init__(self) -> None:
        self.event = threading.Event()

    def __call__(self, input_ids, scores, **kwargs):
        import torch

        done = self.event.is_set()
        return torch.full((input_ids.shape[0],), done, dtype=torch.bool, device=input_ids.device)


class _RawLogprobs:
    """A logits processor that records the log-softmax of the model's scores at each step
    (before the grammar, temperature and top-p: vLLM's raw logprobs) and changes nothing."""

    def __init__(self) -> None:
        self.last = None

    def __call__(self, input_ids, scores):
        import torch

        self.last = torch.log_softmax(scores[0].float(), dim=-1)
        return scores


_EAGER_MASK = None


def _eager_mask_processor():
    """Outlines' logits processor for outlines-core, with the mask applied in plain torch.

    outlines-core's own torch kernel is wrapped in `torch.compile`: its first call compiles
    (seconds, and a C++ compiler on CPUs; where none is found torch falls back with a warning)
    for a step that takes a fraction of a millisecond either way. The guide, the index and
    the bitmask are Outlines' own; only the last step, setting the disallowed logits to -inf,
    is done here."""
    global _EAGER_MASK
    if _EAGER_MASK is not None:
        return _EAGER_MASK
    import torch
    from outlines.backends.outlines_core import OutlinesCoreLogitsProcessor
    from outlines_core.kernels.torch import fill_next_token_bitmask

    shifts = torch.arange(32, dtype=torch.int32)

    class EagerMask(OutlinesCoreLogitsProcessor):
        blocked = None
        """Token ids never allowed under a grammar (special tokens other than EOS)."""

        def _bias_logits_torch(self, batch_size: int, logits):
            for i in range(batch_size):
                fill_next_token_bitmask(self._guides[i], self._bitmasks[i])
                allowed = ((self._bitmasks[i].unsqueeze(-1) >> shifts) & 1).bool().view(-1)
                row = logits[i]
                row.masked_fill_(~allowed[: row.shape[-1]].to(row.device), float("-inf"))
                if self.blocked is not None:
                    row[self.blocked.to(row.device)] = float("-inf")
            return logits

    _EAGER_MASK = EagerMask
    return EagerMask


class _Watcher:
    """A transformers streamer: sees each generated token as it is chosen, turns it into a
    logprob entry (when asked) and releases text to `on_text` (when streaming).

    Released text never includes what may still become a stop string or an unfinished
    character; entries go out just before the text their tokens start in (`LogprobRelease`)."""

    def __init__(
        self,
        engine: HFEngine,
        stop: tuple[str, ...],
        k: int | None,
        raw: _RawLogprobs | None,
        emit_text: Callable[[str], None] | None,
        emit_tokens: Callable[[list[TokenLogprob]], None] | None,
    ):
        self.engine, self.stop, self.k, self.raw = engine, stop, k, raw
        self.emit_text, self.emit_tokens = emit_text, emit_tokens
        self.prompt_seen = False
        self.ids: list[int] = []
        self.tokens = LogprobRelease()  # entries, and where each token's text starts in the stable text
        self.stable = ""
        self.sent = 0  # characters released

    def put(self, value) -> None:
        if not self.prompt_seen:  # generate first hands over the prompt
            self.prompt_seen = True
            return
        for tid in value.reshape(-1).tolist():
            self._token(int(tid))

    def _token(self, tid: int) -> None:
        self.ids.append(tid)
        text = self.engine.decode(self.ids)
        stable = text[:-1] if text.endswith("\ufffd") else text
        if self.k is not None:
            row = self.raw.last
            chosen = finite_logprob(float(row[tid])) if row is not None else LOGPROB_FLOOR
            top = []
            if row is not None and self.k > 0:
                values, idx = row.topk(self.k)
                top = [
                    TopLogprob(int(i), self.engine.decode([int(i)]), finite_logprob(float(v)))
                    for v, i in zip(values.tolist(), idx.tolist())
                ]
            piece = (
                stable[len(self.stable) :] if stable.startswith(self.stable) else self.engine.decode([tid])
            )
            self.tokens.add(TokenLogprob(tid, piece, chosen, tuple(top)), len(self.stable))
        self.stable = stable
        self._release()

    def visible(self, final: bool) -> str:
        """The text so far, cut at a stop string; unless final, minus what may begin one."""
        text = self.stable
        cut = min((i for i in (text.find(s) for s in self.stop) if i >= 0), default=-1)
        if cut >= 0:
            return text[:cut]
        if not final:
            hold = max((n for s in self.stop for n in range(1, len(s)) if text.endswith(s[:n])), default=0)
            text = text[: len(text) - hold]
        return text

    def _release(self, final: list[TokenLogprob] | None = None, text: str | None = None) -> None:
        """Release what is new; `final`, at the end: the returned text's entries, with its `text`."""
        if self.emit_text is None:
            return
        text = self.visible(False) if text is None else text
        if len(text) <= self.sent and final is None:
            return
        if self.emit_tokens is not None:
            entries = self.tokens.upto(len(text)) if final is None else self.tokens.rest(final)
            if entries:
                self.emit_tokens(entries)
        if len(text) > self.sent:
            self.emit_text(text[self.sent :])
            self.sent = len(text)

    def finish(self, text: str, entries: list[TokenLogprob] | None) -> None:
        """The returned text and its entries: release what has not gone out."""
        self._release(self.tokens.entries if entries is None else entries, text)

    def end(self) -> None:
        pass


# ------------------------------------------------------------------ the engine


class HFEngine(Backend):
    """Async generation over token-id prompts with transformers and Outlines; one call at a time.

    Never `dead`: the model runs in this process, and a failure is one request's error."""

    backend = "transformers"

    def __init__(
        self,
        model_path: str,
        name: str | None = None,
        options: EngineOptions | None = None,
        device: str | None = None,
        threads: int | None = None,
    ):
        """`device`: cuda, mps or cpu (default: the first available). `threads`: torch's CPU
        threads (default: torch's own choice, which honours OMP_NUM_THREADS)."""
        if threads is not None and threads < 1:
            raise InvalidParameter("threads", "must be >= 1")
        super().__init__(model_path, name, options)
        self.threads = threads
        check_options(self.options)
        self.device = device
        self.model = None
        self._grammar = None  # outlines' backend for this tokenizer
        self._compiled: OrderedDict[str, object] = OrderedDict()
        self._eos: set[int] = set()
        self._lock: asyncio.Lock | None = None
        self._worker: concurrent.futures.ThreadPoolExecutor | None = None

    def start(self) -> HFEngine:
        """Load tokenizer and model, and Outlines' vocabulary index for the grammar."""
        missing = missing_packages()
        if missing:
            raise EngineFault(
                f"the transformers backend needs {', '.join(missing)}: pip install 'selfrefine[transformers]'"
            )
        import torch
        from outlines.backends.outlines_core import OutlinesCoreBackend
        from outlines.models.transformers import Transformers
        from transformers import AutoModelForCausalLM, AutoTokenizer

        device = self.device or (
            "cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu"
        )
        if self.threads is not None:
            torch.set_num_threads(self.threads)
        dtype = self.options.dtype if self.options.dtype == "auto" else getattr(torch, self.options.dtype)
        with self._loading("transformers could not load"):
            tokenizer = AutoTokenizer.from_pretrained(self.model_path)
            model = AutoModelForCausalLM.from_pretrained(self.model_path, dtype=dtype).to(device).eval()
            # Outlines' wrapper only supplies the vocabulary to its grammar backend; generation
            # stays ours. It sets left padding on the tokenizer, which one-prompt calls never use.
            self._grammar = OutlinesCoreBackend(Transformers(model, tokenizer))
        limit = getattr(model.config, "max_position_embeddings", None) or 4096
        if self.options.max_model_len is not None and self.options.max_model_len > limit:
            raise InvalidParameter("max_model_len", f"must be <= {limit} for {self.name}")
        self.max_model_len = self.options.max_model_len or limit
        self.device, self.model, self.tokenizer, self._torch = device, model, tokenizer, torch
        self._eos = set(end_token_ids(tokenizer, model.generation_config.eos_token_id))
        pad = tokenizer.pad_token_id
        self._pad = pad if pad is not None else min(self._eos, default=0)
        # Outlines' vocabulary keeps special tokens as plain strings ("<|im_start|>"): the
        # grammar's mask alone would admit them (which ones stay allowed: engine.backends.backend.Backend).
        self._blocked = torch.tensor(grammar_banned_ids(tokenizer), dtype=torch.long)
        self._worker = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="selfrefine-hf")
        if self.threads is not None:  # OpenMP keeps the setting per thread: set it where torch runs
            self._worker.submit(torch.set_num_threads, self.threads).result()
        self._processor(verdict_schema())  # one-off imports and a first index, before any request
        return self

    def decode(self, ids: list[int]) -> str:
        return self.tokenizer.decode(ids, skip_special_tokens=True)

    def _processor(self, schema: dict):
        """A fresh Outlines logits processor for `schema`; the compiled index is cached."""
        from outlines_core import Index

        key = json.dumps(schema, sort_keys=True)
        index = self._compiled.get(key)
        if index is None:
            regex = schema_regex(schema)
            try:
                index = Index(regex, self._grammar.vocabulary)
            except Exception as exc:
                raise InvalidParameter("json_schema", f"Outlines cannot build its index: {exc}") from exc
            self._compiled[key] = index
            while len(self._compiled) > SCHEMA_CACHE:
                self._compiled.popitem(last=False)
        else:
            self._compiled.move_to_end(key)
        processor = _eager_mask_processor()(index, self._grammar.tensor_library_name)
        processor.blocked = self._blocked
        return processor

    @property
    def started(self) -> bool:
        return self.model is not None

    async def _run(self, r: Request) -> Completion:
        n_prompt = len(r.prompt_ids)
        loop = asyncio.get_running_loop()
        if self._lock is None:
            self._lock = asyncio.Lock()

        def threadsafe(fn):
            return None if fn is None else (lambda x: loop.call_soon_threadsafe(fn, x))

        abort = _Abort()
        self.counters["requests"] += 1
        async with self._lock:  # one request at a time, in arrival order
            t0 = time.perf_counter()
            job = loop.run_in_executor(
                self._worker,
                self._generate,
                r.prompt_ids,
                r.sampling,
                r.json_schema,
                r.max_tokens,
                r.logprobs,
                threadsafe(r.on_text),
                threadsafe(r.on_tokens),
                abort,
            )
            try:
                ids, text, finish, entries = await asyncio.shield(job)
            except asyncio.CancelledError:
                # Stop the model at its next token and keep the lock until it has: the next
                # request must not run beside it.
                self.counters["aborted"] += 1
                abort.event.set()
                await asyncio.wait([job])
                raise
            except (InvalidParameter, EngineFault):
                raise
            except Exception as exc:
                raise self._fault(exc) from exc
        return self._counted(
            Completion(
                text=text,
                token_ids=ids,
                prompt_tokens=n_prompt,
                cached_tokens=0,
                completion_tokens=len(ids),
                seconds=time.perf_counter() - t0,
                finish_reason=finish,
                logprobs=entries,
            )
        )

    def _generate(self, prompt_ids, sampling: Sampling, schema, max_new: int, k, on_text, on_tokens, abort):
        """One call, in the worker thread: (token ids, text, finish reason, logprob entries)."""
        torch = self._torch
        from transformers import GenerationConfig, LogitsProcessorList, StoppingCriteriaList

        raw = _RawLogprobs() if k is not None else None
        processors = [raw] if raw is not None else []
        if schema:
            processors.append(self._processor(schema))
        greedy = sampling.temperature < 1e-5  # vLLM's rule for greedy decoding
        # Every sampling knob is set explicitly: left unset, generate takes the model's
        # generation_config (Qwen's says top_k 20, repetition_penalty 1.1) and then its own
        # defaults (top_k 50), which the vLLM engine never applies.
        config = GenerationConfig(
            max_new_tokens=max_new,
            do_sample=not greedy,
            temperature=1.0 if greedy else sampling.temperature,
            top_p=1.0 if greedy else sampling.top_p,
            top_k=0,
            min_p=0.0,
            typical_p=1.0,
            repetition_penalty=1.0,
            no_repeat_ngram_size=0,
            num_beams=1,
            pad_token_id=self._pad,
            # ignore_eos as in vLLM: EOS does not end the call (it may still be generated). With
            # a grammar the schema decides where the output ends.
            eos_token_id=sorted(self._eos) if (schema or not sampling.ignore_eos) else [],
        )
        watcher = None
        if on_text is not None or k is not None:
            watcher = _Watcher(self, sampling.stop, k, raw, on_text, on_tokens)
        kwargs = {}
        if sampling.stop:
            kwargs.update(stop_strings=list(sampling.stop), tokenizer=self.tokenizer)
        if sampling.seed is not None:
            torch.manual_seed(sampling.seed)  # only this thread generates: per-call seeds are exact
        repeats = _Repeats(self.decode, len(prompt_ids)) if sampling.stop_repeats and k is None else None
        inputs = torch.tensor([prompt_ids], device=self.device)
        with torch.inference_mode():
            out = self.model.generate(
                input_ids=inputs,
                attention_mask=torch.ones_like(inputs),
                generation_config=config,
                logits_processor=LogitsProcessorList(processors),
                stopping_criteria=StoppingCriteriaList([abort, *([repeats] if repeats else [])]),
                streamer=watcher,
                **kwargs,
            )
        ids = out[0, len(prompt_ids) :].tolist()
        text = self.decode(ids)
        stopped = min((i for i in (text.find(s) for s in sampling.stop) if i >= 0), default=None)
        if stopped is not None:  # the text ends before the stop string, as in vLLM
            text = text[:stopped]
        if stopped is not None or (ids and ids[-1] in self._eos and config.eos_token_id):
            finish = "stop"
        else:
            finish = "length" if len(ids) >= max_new else "stop"
        if repeats is not None and repeats.hit:
            finish = REPEAT
        entries = None
        if k is not None:
            if stopped is not None:
                ended_by = "string"
            elif finish == "stop" and ids and ids[-1] in self._eos:
                ended_by = "token"
            else:
                ended_by = None
            entries = text_logprobs(watcher.tokens.entries, len(text), ended_by, watcher.tokens.starts)
        if watcher is not None and on_text is not None:
            watcher.finish(text, entries)
        return ids, text, finish, entries

    def shutdown(self) -> None:
        if self._worker is not None:
            self._worker.shutdown(wait=True)
            self._worker = None
        self.model = None
        self._compiled.clear()
