"""What the `selfrefine` command line prints: model-pull progress, errors, a loop's trace table
and its result. The answer goes to stdout verbatim; everything else goes to stderr."""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from selfrefine import records
from selfrefine.engine.backends import models
from selfrefine.engine.types import LoopResult

out = Console()
err = Console(stderr=True, soft_wrap=True)


class PullBar:
    """Rich progress for `models.pull`, shown on stderr."""

    def __init__(self) -> None:
        self.progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=err,
            transient=False,
        )
        self.task = None
        self.stage = None

    def __enter__(self):
        self.progress.__enter__()
        return self

    def __exit__(self, *exc):
        self.progress.__exit__(*exc)

    def __call__(self, stage: str, done: int, total: int | None) -> None:
        scale = 1 << 20 if total and total > 10_000 else 1
        if stage != self.stage:
            if self.task is not None:
                self.progress.update(self.task, completed=self.progress.tasks[self.task].total or 1)
            label = stage + (" (MiB)" if scale > 1 else "")
            self.task = self.progress.add_task(label, total=(total // scale) if total else None)
            self.stage = stage
        self.progress.update(self.task, completed=done // scale)


def resolve(spec: str) -> tuple[str, str]:
    if spec in models.CATALOG and not models.is_pulled(spec):
        err.print(f"[bold]pulling {spec}[/] (first use)")
        with PullBar() as bar:
            return models.resolve(spec, bar)
    return models.resolve(spec)


def resolve_critic(spec: str | None, model: str, model_path: str) -> tuple[str, str] | None:
    """The critic's (name, path), or None without one or when it is the main model itself."""
    if not spec or spec == model:
        return None
    critic = resolve(spec)
    return None if critic[1] == model_path else critic


def fail(exc: Exception, code: int = 2) -> None:
    err.print(f"[red]error:[/] {exc}")
    raise typer.Exit(code)


TRACE_LOG_WIDTH = 160


def print_trace(res: LoopResult) -> None:
    table = Table(
        "round",
        "stage",
        "prompt",
        "cached",
        "out",
        "s",
        "scores / stop",
        "text",
        title=f"stop: {res.stop_reason}, rounds: {res.rounds}, selected: y{res.selected_round}",
    )
    for c in res.trace:
        fb = ""
        if c.feedback is not None:
            sc = c.feedback.get("scores")
            fb = " ".join(f"{k[:4]}={v}" for k, v in sc.items()) if sc else "no scores"
            fb += " stop" if c.feedback.get("stop") else ""
        elif c.feedback_error:
            fb = c.feedback_error
        if c.rejected:
            fb = f"rejected: {c.rejected}"
        # A review shows what it flagged (and any fault the run proved), not its raw JSON.
        if c.problems:
            preview = " ".join("; ".join(c.problems).split())
        elif c.feedback is not None:
            preview = "(no problem flagged)"
        else:
            preview = " ".join(c.text.split())
        table.add_row(
            str(c.round),
            c.stage,
            str(c.prompt_tokens),
            str(c.cached_tokens),
            str(c.completion_tokens),
            f"{c.seconds:.1f}",
            fb,
            preview[:70] + ("..." if len(preview) > 70 else ""),
        )
    # Piped (make demo | tee log), rich would fit the table to 80 columns and squeeze the text
    # column to a few characters; a log is read wide.
    if not err.is_terminal and err.width < TRACE_LOG_WIDTH:
        err.width = TRACE_LOG_WIDTH
    err.print(table)


def print_result(res: LoopResult, json_out: bool, extra: dict | None = None, footer: str = "") -> None:
    if json_out:
        print(json.dumps({**records.record(res), **(extra or {})}, indent=2))
        if footer:
            err.print(footer)
        return
    print_trace(res)
    if footer:
        err.print(footer)
    u = res.usage()
    err.print(
        f"tokens: prompt {u['prompt_tokens']} (cached {u['cached_tokens']}), "
        f"completion {u['completion_tokens']}; {res.seconds:.1f} s"
    )
    print(res.answer)  # verbatim: no rich wrapping or markup
