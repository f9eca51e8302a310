"""`selfrefine` command line: models list / pull, run one task or a JSONL batch."""

from __future__ import annotations

import asyncio
import json
import signal
import sys
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from selfrefine import batch, bench_options, records
from selfrefine import cli_options as opts
from selfrefine.console import PullBar, err, fail, out, print_result, resolve, resolve_critic
from selfrefine.engine.backends import models, quiet, settings
from selfrefine.engine.core import options as loop_table
from selfrefine.engine.core.generic import make_item
from selfrefine.engine.errors import SelfRefineError
from selfrefine.engine.types import LoopError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Self-Refine on vLLM: draft, grammar-constrained feedback, refine.",
)
models_app = typer.Typer(no_args_is_help=True, help="Embedded model catalog.")
app.add_typer(models_app, name="models")


@models_app.command("list")
def models_list() -> None:
    """Show the embedded catalog and which models are pulled."""
    table = Table("name", "size", "pulled", "license", "description")
    for m in models.CATALOG.values():
        default = " (default)" if m.name == models.DEFAULT_MODEL else ""
        table.add_row(
            m.name + default,
            f"{m.size_mb} MB",
            "yes" if models.is_pulled(m.name) else "no",
            m.license,
            m.description,
        )
    out.print(table)
    out.print(f"cache: {models.cache_root()} (set ${models.CACHE_ENV} to move it)")


@models_app.command("pull")
def models_pull(
    name: Annotated[str, typer.Argument(help="catalog name, see `selfrefine models list`")],
    force: Annotated[bool, typer.Option(help="download and convert again")] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="show transformers' log and bars")] = False,
) -> None:
    """Download, verify (sha256) and convert a catalog model into the cache."""
    quiet.configure(verbose)
    t0 = time.perf_counter()
    try:
        with PullBar() as bar:
            path = models.pull(name, bar, force=force)
    except SelfRefineError as exc:
        fail(exc)
    out.print(f"{name}: {path} ({time.perf_counter() - t0:.1f} s)")


@app.command()
@opts.engine_command
@opts.loop_command(loop_table.CLI)
def run(
    task: Annotated[str | None, typer.Argument(help="the task text (omit with --file)")] = None,
    model: Annotated[
        str, typer.Option(help="catalog name, local HF folder or hub id")
    ] = models.DEFAULT_MODEL,
    critic_model: Annotated[str | None, typer.Option(help="a second model for feedback and refine")] = None,
    from_task: Annotated[
        str | None,
        typer.Option(
            help="refine one row of a task (NAME[:VARIANT]) with its own prompts, feedback schema, loop "
            "and sampling, and score each output with its scorer (--rounds, if given, caps its rounds); "
            "see --row"
        ),
    ] = None,
    row: Annotated[int, typer.Option(help="with --from-task: the row's index in the task's data")] = 0,
    json_out: Annotated[bool, typer.Option("--json", help="print the whole result as JSON")] = False,
    file: Annotated[Path | None, typer.Option(help='JSONL batch: one {"input": ...} per line')] = None,
    out_path: Annotated[Path | None, typer.Option("--out", help="JSONL output for --file")] = None,
    concurrency: Annotated[int, typer.Option(help="loops in flight at once")] = 32,
    *,
    loop: opts.LoopValues,
    engine: dict,
) -> None:
    """Refine an answer to TASK (or every line of --file) and print it with its trace."""
    quiet.configure(engine["verbose"])  # before a first-use pull imports transformers
    if from_task is not None:
        if task is not None or file is not None:
            fail(ValueError("--from-task takes its input from the task's row: give no TASK or --file"))
        # the task's own loop, but an explicit --rounds still caps it
        rounds = loop["rounds"] if "rounds" in loop.given else None
        return _run_task_row(from_task, row, model, critic_model, rounds, json_out, engine)
    if (task is None) == (file is None):
        fail(ValueError("give either TASK or --file (or --from-task)"))
    if file is not None and out_path is None:
        fail(ValueError("--file needs --out"))
    try:
        cfg = settings.refine_config(**loop)
        options, backend = opts.engine_settings(engine)
        if file is not None and not file.is_file():
            raise ValueError(f"--file {file}: no such file")
        if concurrency < 1:
            raise ValueError("--concurrency must be >= 1")
        run_code = loop["run_code"]
        items = (
            records.read_jsonl(file, run_code=run_code)
            if file is not None
            else [make_item(task, run_code=run_code)]
        )
        if task is not None and not task.strip():
            raise ValueError("TASK is empty")
        name, path = resolve(model)
        critic = resolve(critic_model) if critic_model else None
    except (SelfRefineError, ValueError) as exc:
        fail(exc)
    try:
        results = asyncio.run(
            batch.run_ordered(
                name,
                path,
                critic,
                options,
                items,
                cfg,
                concurrency,
                out_path,
                show_bar=file is not None,
                console=err,
                backend=backend,
            )
        )
    except SelfRefineError as exc:
        fail(exc, 1)
    if file is not None:
        n_err = sum(isinstance(r, LoopError) for r in results)
        err.print(f"wrote {len(results)} records to {out_path} ({n_err} errors)")
        err.print(records.summarize(results))
        return
    res = results[0]
    if isinstance(res, LoopError):
        if json_out:
            print(json.dumps(records.record(res), indent=2))
        fail(res.error, 1)
    print_result(res, json_out)


def _run_task_row(
    spec: str,
    index: int,
    model: str,
    critic_model: str | None,
    rounds: int | None,
    json_out: bool,
    engine: dict,
) -> None:
    """`selfrefine run --from-task`: one row of a task through the task's own loop, with the
    scorer's verdict on every output (the scorer never sees the loop's feedback)."""
    from selfrefine.tasks import registry

    try:
        task = registry.with_overrides(registry.load(spec), rounds=rounds)
        if task.scorer_needs_judge:
            raise ValueError(f"{task.label}'s scorer needs a judge model: use selfrefine eval")
        rows = task.rows()
        if not 0 <= index < len(rows):
            raise ValueError(f"--row must be in [0, {len(rows) - 1}] for {task.label}")
        data_row = rows[index]
        item = task.item(data_row)
        options, backend = opts.engine_settings(engine)
        name, path = resolve(model)
        critic = resolve(critic_model) if critic_model and critic_model != model else None
    except (SelfRefineError, ValueError) as exc:
        fail(exc)
    err.print(f"{task.label} row {index} ({item.id}): {task.description.strip()}")
    try:
        res = asyncio.run(
            batch.run_ordered(
                name,
                path,
                critic,
                options,
                [item],
                task.cfg,
                1,
                None,
                show_bar=False,
                console=err,
                backend=backend,
            )
        )[0]
    except SelfRefineError as exc:
        fail(exc, 1)
    if isinstance(res, LoopError):
        fail(res.error, 1)
    scores = [task.scorer.score(data_row, y).get("score") for y in res.outputs]
    shown = " -> ".join("n/a" if v is None else f"{v:.3f}" for v in scores)
    print_result(
        res,
        json_out,
        {"task": task.label, "row": index, "scores": scores},
        footer=f"scorer ({task.metric}), by output y0..y{len(scores) - 1}: {shown}; "
        f"returned y{res.selected_round}",
    )


@app.command("engine-args")
@opts.engine_command
def engine_args_cmd(
    model: Annotated[
        str, typer.Option(help="catalog name, local HF folder or hub id")
    ] = models.DEFAULT_MODEL,
    *,
    engine: dict,
) -> None:
    """Print, as JSON, the vLLM engine arguments the other commands would use (starts nothing)."""
    quiet.configure(engine["verbose"])
    from selfrefine.engine.backends.vllm_engine import VLLMEngine

    try:
        options = opts.engine_options(engine)
        if engine["backend"] != "vllm":
            raise ValueError("engine-args prints vLLM's engine arguments: it takes --backend vllm only")
        path = models.resolve(model, auto_pull=False)[1] if model in models.CATALOG else model
    except (SelfRefineError, ValueError) as exc:
        fail(exc)
    args = VLLMEngine(path, model, options).engine_args()
    keys = (
        "model",
        "dtype",
        "max_model_len",
        "block_size",
        "enable_prefix_caching",
        "enforce_eager",
        "kv_cache_memory_bytes",
        "gpu_memory_utilization",
        "tensor_parallel_size",
        "pipeline_parallel_size",
        "data_parallel_size",
        "distributed_executor_backend",
        "structured_outputs_config",
        "speculative_config",
        "seed",
    )
    print(json.dumps({k: getattr(args, k, None) for k in keys}, indent=2, default=str))


@app.command()
@opts.engine_command
def serve(
    model: Annotated[
        str, typer.Option(help="catalog name, local HF folder or hub id")
    ] = models.DEFAULT_MODEL,
    host: Annotated[
        str, typer.Option(help="address to bind (localhost unless told otherwise)")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option()] = 8000,
    api_key: Annotated[
        str | None,
        typer.Option(envvar="SELFREFINE_API_KEY", help="require Authorization: Bearer KEY on /v1"),
    ] = None,
    max_concurrent_loops: Annotated[
        int, typer.Option(help="loops (or plain generations) running at once")
    ] = 64,
    max_queued_loops: Annotated[
        int, typer.Option(help="admitted loops waiting for a slot; beyond: 429")
    ] = 256,
    debug_faults: Annotated[
        bool, typer.Option(hidden=True, help="allow selfrefine.debug_fault (tests)")
    ] = False,
    allow_run_code: Annotated[
        bool,
        typer.Option(
            "--run-code/--no-run-code",
            help="let loops run answers' "
            "Python code on the request's examples in the sandbox (a request can opt out "
            "with selfrefine.run_code false); off by default: a server runs others' requests",
        ),
    ] = False,
    critic_model: opts.ServeCritic = None,
    *,
    engine: dict,
) -> None:
    """OpenAI-compatible server: MODEL (plain) and MODEL-selfrefine (Self-Refine loops; with
    --critic-model, critiqued and rewritten by that model)."""
    quiet.configure(engine["verbose"])
    try:
        options, backend = opts.engine_settings(engine)
        if max_concurrent_loops < 1 or max_queued_loops < 0:
            raise ValueError("--max-concurrent-loops must be >= 1 and --max-queued-loops >= 0")
        if not 0 < port < 65536:
            raise ValueError("--port must be in 1..65535")
        name, path = resolve(model)
        critic = resolve_critic(critic_model, model, path)
    except (SelfRefineError, ValueError) as exc:
        fail(exc)
    from selfrefine.engine.server.app import serve as run_server

    also = f" (critic: {critic[0]})" if critic else ""
    err.print(f"serving {name} and {name}-selfrefine{also} on http://{host}:{port}/v1 ", end="")
    err.print(f"(engine{'s' if critic else ''} starting; see /health)")
    run_server(
        path,
        name,
        options,
        host=host,
        port=port,
        api_key=api_key,
        max_concurrent_loops=max_concurrent_loops,
        max_queued_loops=max_queued_loops,
        debug_faults=debug_faults,
        run_code=allow_run_code,
        log_level="info" if engine["verbose"] else "warning",
        backend=backend,
        critic=critic,
    )


@app.command("eval")
@opts.engine_command
@opts.loop_command(loop_table.OVERRIDE)
def eval_cmd(
    task: Annotated[
        str, typer.Argument(help="task name, or name:variant (e.g. gsm8k:oracle); `list` shows them")
    ],
    model: Annotated[
        str, typer.Option(help="catalog name, local HF folder or hub id")
    ] = models.DEFAULT_MODEL,
    limit: Annotated[int, typer.Option(help="first N items of the task (after --offset)")] = 20,
    offset: Annotated[int, typer.Option(help="skip this many items first (e.g. a held-out slice)")] = 0,
    critic_model: Annotated[str | None, typer.Option(help="a second model for feedback and refine")] = None,
    judge_model: Annotated[str | None, typer.Option(help="judge for judged tasks (default: --model)")] = None,
    out_dir: Annotated[
        Path | None, typer.Option("--out", help="run folder (default results/eval/<task>-<model>)")
    ] = None,
    restart: Annotated[bool, typer.Option(help="discard earlier records in the run folder")] = False,
    concurrency: Annotated[int, typer.Option(help="loops in flight at once")] = 16,
    *,
    loop: dict,
    engine: dict,
) -> None:
    """Score a task's first draft and every refine round with the task's own scorer."""
    quiet.configure(engine["verbose"])
    from selfrefine.tasks import eval as ev
    from selfrefine.tasks import registry

    if task == "list":
        table = Table("task", "variants", "items", "metric")
        for name in registry.available():
            t = registry.load(name)
            table.add_row(name, ", ".join(registry.variants(name)) or "-", str(len(t.rows())), t.metric)
        out.print(table)
        return
    try:
        if concurrency < 1:
            raise ValueError("--concurrency must be >= 1")
        t = registry.with_overrides(registry.load(task), **loop)
        if offset < 0:
            raise ValueError("--offset must be >= 0")
        rows = t.rows(limit + offset)[offset:]
        options, backend = opts.engine_settings(engine)
        name, path = resolve(model)
        judge = (
            resolve(judge_model) if (judge_model and t.scorer_needs_judge and judge_model != model) else None
        )
        critic = resolve(critic_model) if critic_model and critic_model != model else None
        tag = name + (f"+{critic[0]}" if critic else "")
        folder = out_dir or Path("results") / "eval" / f"{t.label.replace('/', '-')}-{tag}"
        if restart:  # only the run's own files: --out may be a folder with other things in it
            for f in (ev.RECORDS, ev.SETTINGS, ev.SUMMARY, ev.PLOT):
                (folder / f).unlink(missing_ok=True)
        meta = {
            "settings": {
                **ev.settings(t, name, judge[0] if judge else name, limit),
                "offset": offset,
                "critic": critic[0] if critic else None,
            }
        }
        ev.load_done(folder, meta["settings"], [str(r["id"]) for r in rows])  # settings check up front
    except (SelfRefineError, ValueError) as exc:
        fail(exc)

    async def go():
        def start(spec):
            return settings.make_engine(backend, spec[1], spec[0], options).start()

        t0 = time.perf_counter()
        engine = critic_engine = judge_engine = None
        try:  # the starts too: a critic or judge that fails to start must not leave the main engine up
            err.print(f"starting engine for {name} ...")
            engine = start((name, path))
            critic_engine = start(critic) if critic else None
            # A judge that is the critic's model shares its engine (one copy of the weights).
            same = judge and critic and judge[0] == critic[0]
            judge_engine = critic_engine if same else start(judge) if judge else None
            err.print(
                f"engine ready in {time.perf_counter() - t0:.1f} s; {t.label}: {len(rows)} items -> {folder}"
            )
            with Progress(
                TextColumn(t.label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=err
            ) as bar:
                tid = bar.add_task("items", total=len(rows))
                return await ev.run_eval(
                    t,
                    rows,
                    engine,
                    folder,
                    meta,
                    concurrency=concurrency,
                    judge=judge_engine,
                    critic=critic_engine,
                    on_progress=lambda n: bar.update(tid, advance=n),
                )
        finally:
            for e in (engine, judge_engine, critic_engine):  # shutdown() is idempotent
                if e is not None:
                    e.shutdown()

    done = asyncio.run(go())
    summary = ev.summarize(t, done, meta)
    ev.write_outputs(folder, summary)
    table = Table(
        "",
        t.metric,
        title=f"{t.label} on {name}: {summary['ok']} items "
        f"({summary['errors']} errors, {summary['unscored']} unscored)",
    )
    for label, value in ev.table_rows(summary):
        table.add_row(label, value)
    out.print(table)
    tok = summary["tokens_per_item"]
    out.print(f"stop reasons {summary['stop_reasons']}; checks fired {summary['checks'] or 'none'}")
    if summary.get("critic_vs_scorer"):
        c = summary["critic_vs_scorer"]
        f = lambda x: "n/a" if x is None else f"{x:.2f}"  # noqa: E731
        out.print(
            f"critic vs scorer over {c['reviews']} reviews: recall {f(c['recall'])}, "
            f"precision {f(c['precision'])} (tp {c['tp']}, fp {c['fp']}, fn {c['fn']})"
        )
    out.print(
        f"improved {summary['improved']}, worsened {summary['worsened']} (on the share of checks met: "
        f"{summary['improved_partial']} / {summary['worsened_partial']}); tokens/item: prompt "
        f"{tok['prompt_tokens'] or 0:.0f} (cached {tok['cached_tokens'] or 0:.0f}), completion "
        f"{tok['completion_tokens'] or 0:.0f}" + (f"; judge: {summary['judge']}" if summary["judge"] else "")
    )
    out.print(f"records: {folder / ev.RECORDS}; summary: {folder / ev.SUMMARY}; plot: {folder / ev.PLOT}")


@app.command()
@opts.engine_command(only=bench_options.ENGINE, defaults=bench_options.DEFAULTS, helps=bench_options.HELPS)
def bench(
    quick: Annotated[bool, typer.Option(help="small workload for CI (about 3 minutes)")] = False,
    natural: Annotated[
        bool,
        typer.Option(
            help="stop rules on, answers end at EOS (default model: "
            "qwen2.5-coder-0.5b-instruct); default: fixed length"
        ),
    ] = False,
    model: Annotated[str | None, typer.Option(help="default smollm2-135m-instruct (fixed mode)")] = None,
    loops: Annotated[int | None, typer.Option(help="loops in modes 1, 3, 4 (default 32)")] = None,
    rounds: Annotated[int | None, typer.Option(help="refine rounds per loop (default 2)")] = None,
    max_tokens: Annotated[int | None, typer.Option(help="tokens per draft / refine call")] = None,
    modes: Annotated[
        str,
        typer.Option(
            help="comma list of ours, sequential, no_cache, threads, "
            "http, transformers, limit, sweep, text, speculation, "
            "pressure, growth, lowload; or all"
        ),
    ] = "all",
    out_dir: Annotated[Path, typer.Option("--out", help="results folder")] = Path("results/bench"),
    sweep: Annotated[
        str | None,
        typer.Option(help="comma list of loop counts for the concurrency sweep, e.g. 1,16,64,256"),
    ] = None,
    transformers_threads: Annotated[
        int | None, typer.Option(help="torch CPU threads in mode 5 (default: torch's, every core)")
    ] = None,
    pressure_kv_gib: Annotated[
        float | None,
        typer.Option(
            help="KV cache of the pressure, growth and lowload modes (default 0.15: small enough that "
            "the loops' histories compete for it)"
        ),
    ] = None,
    pressure_loops: Annotated[
        int | None, typer.Option(help="loops in the pressure mode (default 48)")
    ] = None,
    growth_loops: Annotated[
        str | None,
        typer.Option(help="comma list of loops in flight for the growth sweep (default 1,8,32,128)"),
    ] = None,
    *,
    engine: dict,
) -> None:
    """Benchmark: ours vs sequential, no prefix cache, HTTP clients, transformers, the engine limit,
    speculation, scheduling under KV pressure, cost growth."""
    quiet.configure(engine["verbose"])
    from selfrefine.bench import report as bench_report
    from selfrefine.bench import run as bench_run

    try:
        cfg = bench_options.bench_config(locals())
        resolve(cfg.model)
    except (SelfRefineError, ValueError) as exc:
        fail(exc)
    report, paths = bench_run.run_bench(cfg, console=err)
    print(bench_report.markdown(report))
    err.print("wrote " + ", ".join(str(p) for p in paths))


def main() -> None:
    # SIGTERM unwinds like Ctrl-C: finally blocks stop engines and servers (serve: uvicorn's own)
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    try:
        app()
    except SelfRefineError as exc:
        err.print(f"[red]error:[/] {exc}")
        sys.exit(2)


if __name__ == "__main__":
    main()
