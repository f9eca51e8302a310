"""`selfrefine bench`'s option checks and the BenchConfig they make (nothing starts here)."""

from __future__ import annotations

from selfrefine.cli_options import engine_options

ENGINE = (
    "max_model_len",
    "kv_cache_gib",
    "structured_backend",
    "tensor_parallel_size",
    "gpu_memory_utilization",
    "dtype",
    "eager",
    "speculation",
    "verbose",
)
"""The engine options `selfrefine bench` takes; the others are the benchmark's own choice."""
DEFAULTS = {"speculation": None}
"""Left out (None), an engine option takes BenchConfig's default: no speculation."""
HELPS = {
    "speculation": "speculation of the engines and vLLM's server in modes 1-6 (auto, ngram, suffix, "
    "off; default off); the speculation mode compares off and auto"
}


def _counts(text: str | None, flag: str, example: str) -> tuple[int, ...] | None:
    """A comma list of loop counts, each >= 1 (None when not given)."""
    if not text:
        return None
    counts = tuple(int(x) for x in text.split(",") if x.strip())
    if not counts or min(counts) < 1:
        raise ValueError(f"{flag} needs loop counts >= 1, e.g. {example}")
    return counts


def bench_config(v: dict):
    """The bench.run.BenchConfig of `selfrefine bench`'s option values (its parameters by name),
    or ValueError / InvalidParameter naming the option that is wrong."""
    from selfrefine.bench import run as bench_run

    given = {name: value for name, value in v["engine"].items() if value is not None}
    options = engine_options(given)  # checks them, naming the flag
    if v["loops"] is not None and v["loops"] < 1:
        raise ValueError("--loops must be >= 1")
    if v["transformers_threads"] is not None and v["transformers_threads"] < 1:
        raise ValueError("--transformers-threads must be >= 1")
    sweep_n = _counts(v["sweep"], "--sweep", "1,16,64")
    growth_n = _counts(v["growth_loops"], "--growth-loops", "1,8,32,128")
    if v["pressure_loops"] is not None and v["pressure_loops"] < 1:
        raise ValueError("--pressure-loops must be >= 1")
    if v["pressure_kv_gib"] is not None and v["pressure_kv_gib"] <= 0:
        raise ValueError("--pressure-kv-gib must be > 0")
    extra_engine = {"tensor_parallel_size": options.tensor_parallel_size}
    if options.gpu_memory_utilization:
        extra_engine["gpu_memory_utilization"] = options.gpu_memory_utilization
    cfg = bench_run.BenchConfig.make(
        quick=v["quick"],
        natural=v["natural"],
        model=v["model"],
        loops=v["loops"],
        rounds=v["rounds"],
        max_tokens=v["max_tokens"],
        modes=bench_run.parse_modes(v["modes"]),
        out_dir=v["out_dir"],
        kv_cache_gib=given.get("kv_cache_gib"),
        max_model_len=given.get("max_model_len"),
        structured_backend=given.get("structured_backend"),
        dtype=given.get("dtype"),
        eager=given.get("eager"),
        sweep=sweep_n,
        extra_engine=extra_engine,
        transformers_threads=v["transformers_threads"],
        speculation=given.get("speculation"),
        pressure_kv_gib=v["pressure_kv_gib"],
        pressure_loops=v["pressure_loops"],
        growth_loops=growth_n,
    )
    cfg.refine_config()  # validates rounds and token budgets before any engine starts
    return cfg
