"""`selfrefine bench`'s option checks and the BenchConfig they make (nothing starts here)."""

from __future__ import annotations

from selfrefine.engine.settings import engine_options


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

    options = engine_options(v)
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
    extra_engine = {"tensor_parallel_size": v["tensor_parallel_size"]}
    if v["gpu_memory_utilization"]:
        extra_engine["gpu_memory_utilization"] = v["gpu_memory_utilization"]
    cfg = bench_run.BenchConfig.make(
        quick=v["quick"],
        natural=v["natural"],
        model=v["model"],
        loops=v["loops"],
        rounds=v["rounds"],
        max_tokens=v["max_tokens"],
        modes=bench_run.parse_modes(v["modes"]),
        out_dir=v["out_dir"],
        kv_cache_gib=options.kv_cache_gib,
        max_model_len=options.max_model_len,
        structured_backend=options.structured_backend,
        dtype=options.dtype,
        eager=options.enforce_eager,
        sweep=sweep_n,
        extra_engine=extra_engine,
        transformers_threads=v["transformers_threads"],
        speculation=options.speculation,
        pressure_kv_gib=v["pressure_kv_gib"],
        pressure_loops=v["pressure_loops"],
        growth_loops=growth_n,
    )
    cfg.refine_config()  # validates rounds and token budgets before any engine starts
    return cfg
