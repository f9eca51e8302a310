"""Command-line options shared by the commands: engine options (run, serve, eval, bench) and loop options.

Decorate a command with `@engine_command`: it gains every engine option (and `--verbose`)
and receives their values as one dict parameter `engine`; build the EngineOptions with
`opts.engine_options(engine)` inside the command's error handling. A command that needs only
some of them declares them itself with the Annotated aliases below.

`@loop_command(surface)` gives a command the loop options of engine.options on that surface
(`run`: options.CLI; `eval`: options.OVERRIDE, each defaulting to the task's value) and
delivers them as one dict parameter `loop`, keyed by option name.
"""

from __future__ import annotations

import functools
import inspect
from typing import Annotated

import typer

from selfrefine.engine import options as loop_table

# the commands' helpers
from selfrefine.engine.settings import ENGINE_PARAMS, check_backend, engine_options  # noqa: F401

Backend = Annotated[
    str,
    typer.Option(
        help="vllm, or transformers: plain model.generate with Outlines "
        "for the grammar, where vLLM cannot be installed (slower)"
    ),
]
MaxModelLen = Annotated[int | None, typer.Option(help="context window (CPU default 4096)")]
KvCacheGib = Annotated[float | None, typer.Option(help="CPU KV cache in GiB (default 2)")]
StructuredBackend = Annotated[str, typer.Option(help="xgrammar, guidance or outlines")]
PrefixCaching = Annotated[bool, typer.Option(help="vLLM automatic prefix caching")]
TensorParallel = Annotated[int, typer.Option("--tensor-parallel-size", "-tp", help="GPUs per model replica")]
PipelineParallel = Annotated[int, typer.Option("--pipeline-parallel-size", "-pp", help="pipeline stages")]
DataParallel = Annotated[int, typer.Option("--data-parallel-size", "-dp", help="model replicas")]
ExecutorBackend = Annotated[str | None, typer.Option(help="vLLM distributed executor: mp or ray")]
GpuMemory = Annotated[float | None, typer.Option(help="GPU memory share for vLLM (0-1]")]
Dtype = Annotated[str, typer.Option(help="auto, bfloat16, float16, float32")]
Eager = Annotated[bool | None, typer.Option("--eager/--compile", help="skip torch.compile (CPU default)")]
Speculation = Annotated[
    str,
    typer.Option(
        help="speculative decoding from the prompt: auto (drafts while "
        "few requests decode), ngram, suffix or off"
    ),
]
SpeculativeTokens = Annotated[int, typer.Option(help="draft tokens per step when speculating (1-16)")]
Scheduling = Annotated[
    str,
    typer.Option(
        help="priority of each call from its loop: loop (oldest loop "
        "first), las (least attained service) or fcfs (vLLM's, by call)"
    ),
]
Verbose = Annotated[bool, typer.Option("--verbose", "-v", help="show vLLM's log")]
ServeCritic = Annotated[
    str | None,
    typer.Option(
        help="a second model (catalog name, local HF folder or hub id) that writes the feedback "
        "and rewrites of MODEL-selfrefine's loops (drafts stay on --model); started with the same "
        "engine options (its own KV cache), not served by its own name"
    ),
]

# (name, annotation, default) of every shared engine option, in --help order.
_SHARED = (
    ("backend", Backend, "vllm"),
    ("max_model_len", MaxModelLen, None),
    ("kv_cache_gib", KvCacheGib, None),
    ("structured_backend", StructuredBackend, "xgrammar"),
    ("prefix_caching", PrefixCaching, True),
    ("tensor_parallel_size", TensorParallel, 1),
    ("pipeline_parallel_size", PipelineParallel, 1),
    ("data_parallel_size", DataParallel, 1),
    ("distributed_executor_backend", ExecutorBackend, None),
    ("gpu_memory_utilization", GpuMemory, None),
    ("dtype", Dtype, "auto"),
    ("eager", Eager, None),
    ("speculation", Speculation, "auto"),
    ("speculative_tokens", SpeculativeTokens, 4),
    ("scheduling", Scheduling, "loop"),
    ("verbose", Verbose, False),
)


def engine_command(fn):
    """Give a typer command the shared engine options, delivered as the dict parameter `engine`."""
    sig = inspect.signature(fn, eval_str=True)  # typer reads real annotations, not strings
    own = [p for name, p in sig.parameters.items() if name != "engine"]
    added = [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=ann)
        for name, ann, default in _SHARED
    ]

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


def _loop_param(o: loop_table.Option, surface: str) -> inspect.Parameter:
    # The old spellings (max_rounds, ...) were never flags: the command line has only the name.
    decls = [f"{o.flag()}/--no-{o.name.replace('_', '-')}" if o.kind == "bool" else o.flag()]
    text = o.help + (f" ({' | '.join(o.choices)})" if o.choices else "")
    if surface == loop_table.OVERRIDE:
        text += " (default: the task's)"
    ann = Annotated[loop_table.py_type(o, surface), typer.Option(*decls, help=text)]
    return inspect.Parameter(
        o.name, inspect.Parameter.KEYWORD_ONLY, default=loop_table.surface_default(o, surface), annotation=ann
    )


class LoopValues(dict):
    """The loop option values of a command, by name; `given`: those set on the command line
    (or from the environment), not left at their defaults."""

    given: frozenset[str] = frozenset()


def loop_command(surface: str):
    """Give a typer command the loop options of `surface`, delivered as the dict parameter `loop`
    (a LoopValues)."""
    table = loop_table.on(surface)

    def decorate(fn):
        sig = inspect.signature(fn, eval_str=True)
        own = [p for name, p in sig.parameters.items() if name != "loop"]
        at = next((i for i, p in enumerate(own) if p.kind is inspect.Parameter.KEYWORD_ONLY), len(own))
        ctx = inspect.Parameter("loop_ctx", inspect.Parameter.KEYWORD_ONLY, annotation=typer.Context)
        params = own[:at] + [_loop_param(o, surface) for o in table] + [ctx] + own[at:]

        @functools.wraps(fn)
        def wrapper(*args, loop_ctx: typer.Context, **kwargs):
            loop = LoopValues((o.name, kwargs.pop(o.name)) for o in table)
            # by name: typer ships its own copy of click, whose ParameterSource is not click's
            sources = {n: getattr(loop_ctx.get_parameter_source(n), "name", None) for n in loop}
            loop.given = frozenset(n for n, src in sources.items() if src in ("COMMANDLINE", "ENVIRONMENT"))
            return fn(*args, loop=loop, **kwargs)

        wrapper.__annotations__ = {p.name: p.annotation for p in params}
        wrapper.__signature__ = sig.replace(parameters=params, return_annotation=None)
        return wrapper

    return decorate
