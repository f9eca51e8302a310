"""Command-line options shared by every command that starts an engine (run, serve, eval, bench).

Decorate a command with `@engine_command`: it gains every engine option (and `--verbose`)
and receives their values as one dict parameter `engine`; build the EngineOptions with
`opts.engine_options(engine)` inside the command's error handling. A command that needs only
some of them declares them itself with the Annotated aliases below.
"""

from __future__ import annotations

import functools
import inspect
from typing import Annotated, Optional

import typer

# the commands' helpers
from selfrefine.engine.settings import ENGINE_PARAMS, check_backend, engine_options  # noqa: F401

Backend = Annotated[str, typer.Option(help="vllm, or transformers: plain model.generate with Outlines "
                                              "for the grammar, where vLLM cannot be installed (slower)")]
MaxModelLen = Annotated[Optional[int], typer.Option(help="context window (CPU default 4096)")]
KvCacheGib = Annotated[Optional[float], typer.Option(help="CPU KV cache in GiB (default 2)")]
StructuredBackend = Annotated[str, typer.Option(help="xgrammar, guidance or outlines")]
PrefixCaching = Annotated[bool, typer.Option(help="vLLM automatic prefix caching")]
TensorParallel = Annotated[int, typer.Option("--tensor-parallel-size", "-tp", help="GPUs per model replica")]
PipelineParallel = Annotated[int, typer.Option("--pipeline-parallel-size", "-pp", help="pipeline stages")]
DataParallel = Annotated[int, typer.Option("--data-parallel-size", "-dp", help="model replicas")]
ExecutorBackend = Annotated[Optional[str], typer.Option(help="vLLM distributed executor: mp or ray")]
GpuMemory = Annotated[Optional[float], typer.Option(help="GPU memory share for vLLM (0-1]")]
Dtype = Annotated[str, typer.Option(help="auto, bfloat16, float16, float32")]
Eager = Annotated[Optional[bool], typer.Option("--eager/--compile", help="skip torch.compile (CPU default)")]
Speculation = Annotated[str, typer.Option(help="speculative decoding from the prompt: auto (drafts while "
                                                 "few requests decode), ngram, suffix or off")]
SpeculativeTokens = Annotated[int, typer.Option(help="draft tokens per step when speculating (1-16)")]
Scheduling = Annotated[str, typer.Option(help="priority of each call from its loop: loop (oldest loop "
                                                "first), las (least attained service) or fcfs (vLLM's, by call)")]
Verbose = Annotated[bool, typer.Option("--verbose", "-v", help="show vLLM's log")]

# (name, annotation, default) of every shared engine option, in --help order.
_SHARED = (
    ("backend", Backend, "vllm"),
    ("max_model_len", MaxModelLen, None), ("kv_cache_gib", KvCacheGib, None),
    ("structured_backend", StructuredBackend, "xgrammar"), ("prefix_caching", PrefixCaching, True),
    ("tensor_parallel_size", TensorParallel, 1), ("pipeline_parallel_size", PipelineParallel, 1),
    ("data_parallel_size", DataParallel, 1), ("distributed_executor_backend", ExecutorBackend, None),
    ("gpu_memory_utilization", GpuMemory, None), ("dtype", Dtype, "auto"), ("eager", Eager, None),
    ("speculation", Speculation, "auto"), ("speculative_tokens", SpeculativeTokens, 4),
    ("scheduling", Scheduling, "loop"),
    ("verbose", Verbose, False),
)


def engine_command(fn):
    """Give a typer command the shared engine options, delivered as the dict parameter `engine`."""
    sig = inspect.signature(fn, eval_str=True)  # typer reads real annotations, not strings
    own = [p for name, p in sig.parameters.items() if name != "engine"]
    added = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=ann)
             for name, ann, default in _SHARED]

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        engine = {name: kwargs.pop(name) for name, _, _ in _SHARED}
        return fn(*args, engine=engine, **kwargs)

    # typer reads the signature and the type hints: show it the command's own parameters
    # followed by the engine options.
    params = own + added
    wrapper.__annotations__ = {p.name: p.annotation for p in params}
    wrapper.__signature__ = sig.replace(parameters=params, return_annotation=None)
    return wrapper
