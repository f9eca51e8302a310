"""`selfrefine run`'s batch: loops on freshly started engines, records written in input order as they end."""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from selfrefine.engine.backends import settings
from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.item import Item
from selfrefine.engine.core.many import refine_many
from selfrefine.engine.types import LoopError
from selfrefine.records import record


async def run_ordered(
    name: str,
    path: str,
    critic: tuple[str, str] | None,
    options,
    items: list[Item | LoopError],
    cfg: RefineConfig,
    concurrency: int,
    out_path: Path | None,
    show_bar: bool,
    console: Console,
    backend: str | None = None,
) -> list:
    """Start the engine of model `name` at `path` (and the critic's, (name, path)) on `backend`
    (default: `options.backend`), refine every Item of `items` (error records stay in place), and
    return one result per input in order; with `out_path`, each record is written as soon as every
    earlier one is. The engines are shut down at the end, whatever happens."""
    t0 = time.perf_counter()
    # speculation auto drafts only when one loop runs at a time (EngineOptions.speculation)
    options = dataclasses.replace(options, expected_concurrency=min(len(items), concurrency))
    backend = backend or options.backend
    console.print(
        f"starting engine for {name} ..."
        if backend == "vllm"
        else f"starting engine for {name} ({backend} backend) ..."
    )
    engine, critic_engine = settings.start_engines((name, path), critic, options, backend)
    console.print(f"engine ready in {time.perf_counter() - t0:.1f} s")
    todo = [(i, it) for i, it in enumerate(items) if isinstance(it, Item)]
    results: list = list(items)
    fh = out_path.open("w") if out_path else None
    written = 0

    def flush_ready() -> None:
        # Write in input order as soon as a contiguous prefix is finished.
        nonlocal written
        while fh and written < len(results) and not isinstance(results[written], Item):
            fh.write(json.dumps(record(results[written])) + "\n")
            written += 1
        if fh:
            fh.flush()

    try:
        with Progress(
            TextColumn("refining"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            disable=not show_bar,
        ) as bar:
            task_id = bar.add_task("loops", total=len(items))
            bar.update(task_id, advance=len(items) - len(todo))

            def done(k: int, res) -> None:
                results[todo[k][0]] = res
                bar.update(task_id, advance=1)
                flush_ready()

            flush_ready()
            await refine_many(
                engine,
                [it for _, it in todo],
                cfg,
                concurrency=concurrency,
                critic=critic_engine,
                on_done=done,
            )
    finally:
        if fh:
            fh.close()
        engine.shutdown()
        if critic_engine:
            critic_engine.shutdown()
    return results
