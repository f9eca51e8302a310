"""The engine options, declared once: each is a field of EngineOptions made with `option(...)`.

The CLI's engine flags (selfrefine.cli_options), `SelfRefine`'s keyword arguments, `serve`,
`bench` and `engine-args` are all built from OPTIONS, and EngineOptions validates every value
when it is made, naming the option (InvalidParameter). `spelled_as` renames such an error to
the spelling of the surface that took the value (the CLI's `--max-model-len`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib.util
import typing
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from selfrefine.engine.backends.scheduling import SCHEDULING
from selfrefine.engine.errors import InvalidParameter

BACKENDS = ("vllm", "transformers")
"""vllm: the vLLM engine (prefix cache, continuous batching). transformers: plain
`model.generate` with Outlines for the grammar, where vLLM cannot be installed (engine.backends.hf_engine)."""
STRUCTURED_BACKENDS = ("xgrammar", "guidance", "outlines")
SPECULATION = ("auto", "ngram", "suffix", "off")
"""auto: n-gram drafts from the prompt when the engine serves one loop at a time
(`EngineOptions.expected_concurrency` 1, as `selfrefine run` on one input), else none; ngram:
always; suffix: SuffixDecoding (needs arctic-inference); off: none.

A rewrite mostly copies the previous output, which is in its prompt, so prompt-lookup drafts are
often accepted; speculation pays while few requests decode and costs once decoding is
compute-bound (`selfrefine bench --modes speculation`). auto goes by expected concurrency, not by
vLLM's per-batch-size switch: with vLLM 0.32 on CPU, speculation with structured outputs ended
requests ("grammar rejected tokens") whenever several loops ran side by side, and never with one
loop at a time. So `ngram` with many loops in flight is for free-text use only."""


@dataclass(frozen=True)
class Option:
    """One engine option: its name (the API's keyword, the CLI's flag without dashes), the
    EngineOptions field it sets, its type, default, help, bounds and choices."""

    name: str
    field: str
    type: Any
    """The annotation: `int`, `float | None`, ... (what typer and the API signature declare)."""
    default: Any
    help: str
    low: float | None = None
    high: float | None = None
    low_open: bool = False
    """The low bound is excluded (`> low`)."""
    choices: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()
    """The CLI's declarations when not the default `--name` (`("--eager/--compile",)`, a short alias)."""

    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def doc(self) -> str:
        """The help text with the accepted choices or bounds."""
        if self.choices:
            return f"{self.help} ({' | '.join(self.choices)})"
        return f"{self.help}; {self.bounds()}" if self.bounds() else self.help

    def bounds(self) -> str:
        """`in [1, 16]`, `in (0, 1]`, `>= 64`, `> 0`, or empty without bounds."""
        lo, hi, open_ = self.low, self.high, self.low_open
        if lo is not None and hi is not None:
            return f"in {'(' if open_ else '['}{lo:g}, {hi:g}]"
        if lo is not None:
            return f"{'>' if open_ else '>='} {lo:g}"
        return f"<= {hi:g}" if hi is not None else ""

    @property
    def base(self) -> type:
        """The type without None: `int` for `int | None`."""
        return next(t for t in typing.get_args(self.type) or (self.type,) if t is not type(None))

    def check(self, value: Any) -> None:
        """InvalidParameter naming the option unless `value` has its type, choices and bounds."""
        if value is None and type(None) in typing.get_args(self.type):
            return
        base = self.base
        if not isinstance(value, float | int if base is float else base) or (
            base is not bool and isinstance(value, bool)
        ):
            what = {bool: "true or false", int: "an integer", float: "a number", str: "a string"}[base]
            raise InvalidParameter(self.name, f"must be {what} (got {value!r})")
        if self.choices and value not in self.choices:
            raise InvalidParameter(self.name, f"must be one of {', '.join(self.choices)} (got {value!r})")
        lo, hi = self.low, self.high
        if (lo is not None and (value <= lo if self.low_open else value < lo)) or (
            hi is not None and value > hi
        ):
            bounds = self.bounds()
            raise InvalidParameter(
                self.name, f"must be {'in ' * (bounds[0] in '([')}{bounds} (got {value!r})"
            )


def option(default: Any, help: str, *, name: str | None = None, **spec: Any) -> Any:
    """Declare a field of EngineOptions as an option (`name`: its spelling when not the field's;
    `spec`: Option's low, high, low_open, choices and flags)."""
    return field(default=default, metadata={"option": {"name": name, "help": help, **spec}})


@dataclass
class EngineOptions:
    """Engine settings: the options first, each declared once with `option` (None: the device
    default chosen in `engine_args`), then fields set by code. Every option is validated here."""

    backend: str = option(
        "vllm",
        "the engine; transformers: plain model.generate with Outlines for the grammar, where vLLM "
        "cannot be installed (slower)",
        choices=BACKENDS,
    )
    max_model_len: int | None = option(
        None, "context window in tokens (CPU default 4096, else the model's own)", low=64
    )
    kv_cache_gib: float | None = option(
        None,
        "KV cache in GiB (CPU default 2; on GPUs only when given, else the memory share)",
        low=0,
        low_open=True,
    )
    structured_backend: str = option("xgrammar", "structured-output backend", choices=STRUCTURED_BACKENDS)
    enable_prefix_caching: bool = option(True, "vLLM automatic prefix caching", name="prefix_caching")
    tensor_parallel_size: int = option(
        1, "GPUs per model replica", low=1, flags=("--tensor-parallel-size", "-tp")
    )
    pipeline_parallel_size: int = option(
        1, "pipeline stages", low=1, flags=("--pipeline-parallel-size", "-pp")
    )
    data_parallel_size: int = option(1, "model replicas", low=1, flags=("--data-parallel-size", "-dp"))
    distributed_executor_backend: str | None = option(
        None, "vLLM distributed executor: mp, ray, uni or external_launcher (default: vLLM's choice)"
    )
    gpu_memory_utilization: float | None = option(
        None, "GPU memory share for vLLM", low=0, high=1, low_open=True
    )
    dtype: str = option("auto", "auto, bfloat16, float16, float32")
    enforce_eager: bool | None = option(
        None,
        "skip torch.compile and CUDA graphs (CPU default: a 20 s start instead of 100 s)",
        name="eager",
        flags=("--eager/--compile",),
    )
    speculation: str = option(
        "auto",
        "speculative decoding from the prompt (SPECULATION); auto: drafts while one loop runs at a time",
        choices=SPECULATION,
    )
    speculative_tokens: int = option(4, "draft tokens per step when speculating", low=1, high=16)
    scheduling: str = option(
        "loop",
        "priority of each call from its loop; loop: the oldest loop first, las: least attained "
        "service, fcfs: vLLM's, by call",
        choices=SCHEDULING,
    )
    verbose: bool = option(False, "show vLLM's log", flags=("--verbose", "-v"))

    block_size: int | None = None
    """KV block size in tokens; prefix caching works in whole blocks (CPU default 32, the smallest
    the CPU attention accepts)."""
    seed: int = 0
    max_num_seqs: int | None = None
    expected_concurrency: int | None = None
    """How many requests the caller will keep in flight (None: unknown, many); `auto` speculates
    only at 1."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Any other AsyncEngineArgs field, passed through unchanged."""

    def __post_init__(self) -> None:
        for o in OPTIONS:
            o.check(getattr(self, o.field))
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


def _table() -> tuple[Option, ...]:
    hints = typing.get_type_hints(EngineOptions)
    return tuple(
        Option(
            **{**f.metadata["option"], "name": f.metadata["option"]["name"] or f.name},
            field=f.name,
            type=hints[f.name],
            default=f.default,
        )
        for f in dataclasses.fields(EngineOptions)
        if "option" in f.metadata
    )


OPTIONS: tuple[Option, ...] = _table()
"""Every engine option, in the CLI's --help order."""
BY_NAME = {o.name: o for o in OPTIONS}


def default(name: str) -> Any:
    """The default of the option `name`."""
    return BY_NAME[name].default


def from_values(values: Mapping[str, Any]) -> EngineOptions:
    """The EngineOptions of option values keyed by name (`prefix_caching`, `eager`, ...); missing
    ones take their defaults, keys that name no option are ignored (pass a command's `locals()`).
    A bad value raises InvalidParameter naming the option."""
    return EngineOptions(**{o.field: values[o.name] for o in OPTIONS if o.name in values})


@contextlib.contextmanager
def spelled_as(spell: Callable[[Option], str]) -> Iterator[None]:
    """Inside: an InvalidParameter about an option (by name or field) is raised again under
    `spell(option)`, e.g. `Option.flag` on the command line."""
    try:
        yield
    except InvalidParameter as exc:
        o = BY_NAME.get(exc.param) or next((o for o in OPTIONS if o.field == exc.param), None)
        if o is None:
            raise
        raise InvalidParameter(spell(o), str(exc).removeprefix(f"{exc.param}: ")) from None
