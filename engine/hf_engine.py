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
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from importlib.util import find_spec

from selfrefine.engine.errors import EngineFault, InvalidParameter
from selfrefine.engine.types import Completion, Sampling, TokenLogprob, TopLogprob
from selfrefine.engine.vllm_engine import LOGPROB_FLOOR, EngineOptions, check_request, finite_logprob
from selfrefine.grammars.feedback import free_words, verdict_schema

PACKAGES = ("torch", "transformers", "outlines")
"""What this backend needs (`pip install 'selfrefine[transformers]'`)."""
WHITESPACE = ""
"""JSON without whitespace between tokens, as the vLLM engine asks of xgrammar: a weak model
cannot pad the feedback with blanks, and every token it writes is content."""
MAX_ENUM_VALUES = 1000
"""Integer bounds spanning at most this many values become an enum (see `outlines_schema`)."""
SCHEMA_CACHE = 64
"""Compiled schemas kept (the grounded and checklist forms build one per answer)."""
_DTYPES = ("auto", "bfloat16", "float16", "float32")


def missing_packages() -> list[str]:
    """The packages of this backend that are not installed."""
    return [p for p in PACKAGES if find_spec(p) is None]


def check_options(options: EngineOptions) -> None:
    """Refuse vLLM-only settings this backend cannot honour (rather than ignore them silently).

    `--structured-backend` and `--prefix-caching` are accepted and have no effect: the
    grammar is always Outlines' and there is no cache to turn off."""
    o = options
    vllm_only = {
        "tensor_parallel_size": o.tensor_parallel_size != 1,
        "pipeline_parallel_size": o.pipeline_parallel_size != 1,
        "data_parallel_size": o.data_parallel_size != 1,
        "distributed_executor_backend": o.distributed_executor_backend is not None,
        "gpu_memory_utilization": o.gpu_memory_utilization is not None,
        "kv_cache_gib": o.kv_cache_gib is not None,
        "block_size": o.block_size is not None,
        "max_num_seqs": o.max_num_seqs is not None,
        "speculation": o.speculation in ("ngram", "suffix"),  # auto means: where the engine can
    }
    for name, given in vllm_only.items():
        if given:
            raise InvalidParameter(name, "is a vLLM option; the transformers backend does not support it")
    if o.enforce_eager is False:
        raise InvalidParameter("eager", "the transformers backend runs eagerly only (no --compile)")
    if o.extra:
        raise InvalidParameter(next(iter(o.extra)), "is a vLLM engine argument; the transformers backend "
                                                    "does not use it")
    if o.dtype not in _DTYPES:
        raise InvalidParameter("dtype", f"must be one of {', '.join(_DTYPES)}")


# ------------------------------------------------------------------ schema preparation

def _json_key(name: str) -> str:
    return json.dumps(name, ensure_ascii=False)[1:-1]


def _bounded_integer(node: dict) -> dict:
    """An integer with bounds as an enum of its values; outlines-core ignores minimum / maximum
    (it would let the model write any number of digits)."""
    bounds = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
    if not any(k in node for k in bounds):
        return node
    lo = node.get("minimum", node.get("exclusiveMinimum", None))
    hi = node.get("maximum", node.get("exclusiveMaximum", None))
    if lo is None or hi is None:
        raise InvalidParameter("json_schema", "an integer bound on one side only cannot be enforced by "
                                              "Outlines on the transformers backend; give both bounds "
                                              "or an enum")
    lo = int(lo) + (1 if "exclusiveMinimum" in node and "minimum" not in node else 0)
    hi = int(hi) - (1 if "exclusiveMaximum" in node and "maximum" not in node else 0)
    step = node.get("multipleOf", 1)
    values = [v for v in range(lo, hi + 1) if v % step == 0] if hi - lo < MAX_ENUM_VALUES else None
    if not values:
        raise InvalidParameter("json_schema", f"integer bounds [{lo}, {hi}] cannot be enforced by Outlines "
                                              f"(more than {MAX_ENUM_VALUES} values, or none); use an enum")
    rest = {k: v for k, v in node.items() if k not in (*bounds, "type")}
    return {**rest, "enum": values}


def outlines_schema(schema):
    """The schema as outlines-core must see it to enforce exactly what it says.

    Two gaps of outlines-core 0.2.14 are closed here: property names go into its regex without
    JSON escaping (a key with a quote or a backslash, such as a checklist sentence that quotes
    someone, would produce invalid JSON), so they are passed escaped; and integer minimum /
    maximum are not enforced, so a bounded integer becomes an enum. Number bounds cannot be
    enforced and are refused. Everything else is passed unchanged."""
    if isinstance(schema, list):
        return [outlines_schema(x) for x in schema]
    if not isinstance(schema, dict):
        return schema
    node = dict(schema)
    if node.get("type") == "integer" and "enum" not in node:
        node = _bounded_integer(node)
    if node.get("type") == "number" and any(k in node for k in ("minimum", "maximum", "exclusiveMinimum",
                                                                 "exclusiveMaximum", "multipleOf")):
        raise InvalidParameter("json_schema", "number bounds cannot be enforced by Outlines on the "
                                              "transformers backend; use an integer enum or no bounds")
    out = {}
    for key, value in node.items():
        if key == "properties" and isinstance(value, dict):
            out[key] = {_json_key(k): outlines_schema(v) for k, v in value.items()}
        elif key == "required" and isinstance(value, list) and isinstance(node.get("properties"), dict):
            out[key] = [_json_key(k) if isinstance(k, str) else k for k in value]
        else:
            out[key] = outlines_schema(value)
    return out


def schema_regex(schema: dict) -> str:
    """The regex outlines-core enforces for `schema` (after `outlines_schema`)."""
    from outlines_core.json_schema import build_regex_from_schema

    try:
        return build_regex_from_schema(json.dumps(outlines_schema(free_words(schema))), WHITESPACE)
    except InvalidParameter:
        raise
    except Exception as exc:  # outlines-core refuses the schema (an unsupported keyword, ...)
        raise InvalidParameter("json_schema", f"Outlines cannot compile it: {exc}") from exc


# ------------------------------------------------------------------ generation helpers

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
                row.masked_fill_(~allowed[:row.shape[-1]].to(row.device), float("-inf"))
                if self.blocked is not None:
                    row[self.blocked.to(row.device)] = float("-inf")
            return logits

    _EAGER_MASK = EagerMask
    return EagerMask


class _Watcher:
    """A transformers streamer: sees each generated token as it is chosen, turns it into a
    logprob entry (when asked) and releases text to `on_text` (when streaming).

    Released text never includes what may still become a stop string or an unfinished
    character; entries go out just before the text their tokens start in."""

    def __init__(self, engine: HFEngine, stop: tuple[str, ...], k: int | None, raw: _RawLogprobs | None,
                 emit_text: Callable[[str], None] | None,
                 emit_tokens: Callable[[list[TokenLogprob]], None] | None):
        self.engine, self.stop, self.k, self.raw = engine, stop, k, raw
        self.emit_text, self.emit_tokens = emit_text, emit_tokens
        self.prompt_seen = False
        self.ids: list[int] = []
        self.entries: list[TokenLogprob] = []
        self.starts: list[int] = []  # where each token's text starts in the stable text
        self.stable = ""
        self.sent = 0  # characters released
        self.sent_entries = 0

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
        self.starts.append(len(self.stable))
        if self.k is not None:
            row = self.raw.last
            chosen = finite_logprob(float(row[tid])) if row is not None else LOGPROB_FLOOR
            top = []
            if row is not None and self.k > 0:
                values, idx = row.topk(self.k)
                top = [TopLogprob(int(i), self.engine.decode([int(i)]), finite_logprob(float(v)))
                       for v, i in zip(values.tolist(), idx.tolist())]
            piece = stable[len(self.stable):] if stable.startswith(self.stable) else self.engine.decode([tid])
            self.entries.append(TokenLogprob(tid, piece, chosen, tuple(top)))
        self.stable = stable
        self._release(final=False)

    def visible(self, final: bool) -> str:
        """The text so far, cut at a stop string; unless final, minus what may begin one."""
        text = self.stable
        cut = min((i for i in (text.find(s) for s in self.stop) if i >= 0), default=-1)
        if cut >= 0:
            return text[:cut]
        if not final:
            hold = max((n for s in self.stop for n in range(1, len(s)) if text.endswith(s[:n])), default=0)
            text = text[:len(text) - hold]
        return text

    def _release(self, final: bool, text: str | None = None) -> None:
        if self.emit_text is None:
            return
        text = self.visible(final) if text is None else text
        if len(text) <= self.sent and not final:
            return
        if self.emit_tokens is not None:
            n = sum(1 for s in self.starts if s < len(text)) if not final else len(self.entries)
            if n > self.sent_entries:
                self.emit_tokens(self.entries[self.sent_entries:n])
                self.sent_entries = n
        if len(text) > self.sent:
            self.emit_text(text[self.sent:])
            self.sent = len(text)

    def end(self) -> None:
        pass


# ------------------------------------------------------------------ the engine

class HFEngine:
    """Async generation over token-id prompts with transformers and Outlines; one call at a time."""

    backend = "transformers"

    def __init__(self, model_path: str, name: str | None = None, options: EngineOptions | None = None,
                 device: str | None = None, threads: int | None = None):
        """`device`: cuda, mps or cpu (default: the first available). `threads`: torch's CPU
        threads (default: torch's own choice, which honours OMP_NUM_THREADS)."""
        if threads is not None and threads < 1:
            raise InvalidParameter("threads", "must be >= 1")
        self.options = options or EngineOptions()
        self.threads = threads
        check_options(self.options)
        self.model_path = model_path
        self.name = name or model_path
        self.device = device
        self.tokenizer = None
        self.max_model_len = 0
        self.model = None
        self._grammar = None  # outlines' backend for this tokenizer
        self._compiled: OrderedDict[str, object] = OrderedDict()
        self._eos: set[int] = set()
        self._lock: asyncio.Lock | None = None
        self._worker: concurrent.futures.ThreadPoolExecutor | None = None
        self.counters = {"requests": 0, "aborted": 0, "prompt_tokens": 0, "cached_tokens": 0,
                         "completion_tokens": 0}
        self.dead = False  # never: the model runs in this process; a failure is one request's error

    def start(self) -> HFEngine:
        """Load tokenizer and model, and Outlines' vocabulary index for the grammar."""
        missing = missing_packages()
        if missing:
            raise EngineFault(f"the transformers backend needs {', '.join(missing)}: "
                              "pip install 'selfrefine[transformers]'")
        import torch
        from outlines.backends.outlines_core import OutlinesCoreBackend
        from outlines.models.transformers import Transformers
        from transformers import AutoModelForCausalLM, AutoTokenizer

        device = self.device or ("cuda" if torch.cuda.is_available()
                                 else "mps" if torch.backends.mps.is_available() else "cpu")
        if self.threads is not None:
            torch.set_num_threads(self.threads)
        dtype = self.options.dtype if self.options.dtype == "auto" else getattr(torch, self.options.dtype)
        try:
            tokenizer = AutoTokenizer.from_pretrained(self.model_path)
            model = AutoModelForCausalLM.from_pretrained(self.model_path, dtype=dtype).to(device).eval()
            # Outlines' wrapper only supplies the vocabulary to its grammar backend; generation
            # stays ours. It sets left padding on the tokenizer, which one-prompt calls never use.
            self._grammar = OutlinesCoreBackend(Transformers(model, tokenizer))
        except Exception as exc:
            detail = " ".join(str(exc).split())[:600]
            raise EngineFault(f"transformers could not load {self.name}: {type(exc).__name__}: "
                              f"{detail}") from exc
        limit = getattr(model.config, "max_position_embeddings", None) or 4096
        if self.options.max_model_len is not None and self.options.max_model_len > limit:
            raise InvalidParameter("max_model_len", f"must be <= {limit} for {self.name}")
        self.max_model_len = self.options.max_model_len or limit
        self.device, self.model, self.tokenizer, self._torch = device, model, tokenizer, torch
        eos = model.generation_config.eos_token_id
        self._eos = {*([] if eos is None else [eos] if isinstance(eos, int) else eos)}
        if tokenizer.eos_token_id is not None:
            self._eos.add(tokenizer.eos_token_id)
        pad = tokenizer.pad_token_id
        self._pad = pad if pad is not None else min(self._eos, default=0)
        # Outlines' vocabulary keeps special tokens as plain strings ("<|im_start|>"), so a
        # grammar's free text would admit them: they decode to nothing (an empty point breaks
        # the schema) or end the call mid-JSON (Qwen's <|endoftext|> is a stop token). Only
        # the tokenizer's EOS, which closes the grammar, stays allowed.
        special = set(tokenizer.all_special_ids)
        special |= {i for i, t in tokenizer.added_tokens_decoder.items() if t.special}
        self._blocked = torch.tensor(sorted(special - {tokenizer.eos_token_id}), dtype=torch.long)
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

    async def generate(self, prompt_ids: list[int], sampling: Sampling,
                       json_schema: dict | None = None,
                       on_text: Callable[[str], None] | None = None,
                       logprobs: int | None = None,
                       on_tokens: Callable[[list[TokenLogprob]], None] | None = None) -> Completion:
        """Generate one completion for a token-id prompt; `json_schema` constrains the output.

        The same contract as `VLLMEngine.generate`: `on_text` streams the text, `logprobs`
        (0-20) adds per-token log-probabilities (the model's own, before grammar and
        sampling), `on_tokens` streams their entries just before the text they make."""
        if self.model is None:
            raise EngineFault("engine not started")
        room = check_request(prompt_ids, self.max_model_len, logprobs)
        n_prompt = len(prompt_ids)
        loop = asyncio.get_running_loop()
        if self._lock is None:
            self._lock = asyncio.Lock()

        def threadsafe(fn):
            return None if fn is None else (lambda x: loop.call_soon_threadsafe(fn, x))

        abort = _Abort()
        self.counters["requests"] += 1
        async with self._lock:  # one request at a time, in arrival order
            t0 = time.perf_counter()
            job = loop.run_in_executor(self._worker, self._generate, prompt_ids, sampling, json_schema,
                                       min(sampling.max_tokens, room), logprobs, threadsafe(on_text),
                                       threadsafe(on_tokens), abort)
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
                raise EngineFault(f"{type(exc).__name__}: {exc}") from exc
        self.counters["prompt_tokens"] += n_prompt
        self.counters["completion_tokens"] += len(ids)
        return Completion(text=text, token_ids=ids, prompt_tokens=n_prompt, cached_tokens=0,
                          completion_tokens=len(ids), seconds=time.perf_counter() - t0,
                          finish_reason=finish, logprobs=entries)

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
            max_new_tokens=max_new, do_sample=not greedy,
            temperature=1.0 if greedy else sampling.temperature, top_p=1.0 if greedy else sampling.top_p,
            top_k=0, min_p=0.0, typical_p=1.0, repetition_penalty=1.0, no_repeat_ngram_size=0,
            num_beams=1, pad_token_id=self._pad,
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
        inputs = torch.tensor([prompt_ids], device=self.device)
        with torch.inference_mode():
            out = self.model.generate(
                input_ids=inputs, attention_mask=torch.ones_like(inputs), generation_config=config,
                logits_processor=LogitsProcessorList(processors),
                stopping_criteria=StoppingCriteriaList([abort]), streamer=watcher, **kwargs)
        ids = out[0, len(prompt_ids):].tolist()
        text = self.decode(ids)
        stopped = min((i for i in (text.find(s) for s in sampling.stop) if i >= 0), default=None)
        if stopped is not None:  # the text ends before the stop string, as in vLLM
            text = text[:stopped]
        if stopped is not None or (ids and ids[-1] in self._eos and config.eos_token_id):
            finish = "stop"
        else:
            finish = "length" if len(ids) >= max_new else "stop"
        entries = None
        if k is not None:
            # The entries of the tokens that make the text: not the EOS that ended the call,
            # not the tokens of a matched stop string (as the vLLM engine reports them).
            keep = len(watcher.entries)
            if finish == "stop" and stopped is None and ids and ids[-1] in self._eos:
                keep -= 1
            elif stopped is not None:
                keep = sum(1 for s in watcher.starts if s < len(text))
            entries = watcher.entries[:keep]
        if watcher is not None and on_text is not None:
            watcher.entries = entries if entries is not None else watcher.entries
            watcher._release(final=True, text=text)
        return ids, text, finish, entries

    def shutdown(self) -> None:
        if self._worker is not None:
            self._worker.shutdown(wait=True)
            self._worker = None
        self.model = None
        self._compiled.clear()
