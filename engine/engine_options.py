"""Engine settings shared by both backends (the transformers one refuses those it cannot honour)."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field
from typing import Any

from selfrefine.engine import scheduling
from selfrefine.engine.errors import InvalidParameter

STRUCTURED_BACKENDS = ("xgrammar", "guidance", "outlines")


@dataclass
class EngineOptions:
    """Engine settings. `None` means: the device default chosen in `engine_args`."""

    max_model_len: int | None = None
    """Context window in tokens (CPU default 4096, else the model's own)."""
    kv_cache_gib: float | None = None
    """KV cache size in GiB (CPU default 2; on GPUs only when given, else the memory share)."""
    block_size: int | None = None
    """KV block size in tokens; prefix caching works in whole blocks (CPU default 32, the smallest
    the CPU attention accepts)."""
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
            raise InvalidParameter("structured_backend", f"must be one of {', '.join(STRUCTURED_BACKENDS)}")
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
            raise InvalidParameter(
                "speculation",
                "suffix needs the arctic-inference package, which is not "
                "installed (it ships no wheel for this platform); use ngram or auto",
            )

    def speculative_config(self) -> dict | None:
        """vLLM's speculative_config for `speculation` (None when off)."""
        if self.speculation == "off":
            return None
        k = self.speculative_tokens
        if self.speculation == "suffix":
            return {"method": "suffix", "num_speculative_tokens": k}
        if self.speculation == "auto" and self.expected_concurrency != 1:
            return None
        return {
            "method": "ngram",
            "num_speculative_tokens": k,
            "prompt_lookup_min": 2,
            "prompt_lookup_max": 5,
        }


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
