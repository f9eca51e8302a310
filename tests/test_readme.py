"""README.md is short, its `selfrefine` command lines parse with the CLI's own parser, and its
generated parts (the loop options table, docs/task-yaml.md) match engine.core.options."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer
import typer.core

from selfrefine import docgen
from selfrefine.cli import app
from selfrefine.engine.core import options
from selfrefine.tasks import registry

try:  # typer >= 0.26 ships its own copy of click; the CLI's errors are that copy's classes
    from typer._click.exceptions import UsageError
except ImportError:  # pragma: no cover - older typer runs on click itself
    from click.exceptions import UsageError

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
MAX_LINES = 300


def _fenced_lines(text: str) -> list[str]:
    """The lines inside ``` fences, with backslash continuations joined."""
    lines, inside, joined = [], False, ""
    for line in text.splitlines():
        if line.startswith("```"):
            inside = not inside
            continue
        if inside:
            joined += line
            if joined.endswith("\\"):
                joined = joined[:-1] + " "
                continue
            lines.append(joined)
            joined = ""
    return lines


def command_lines(text: str) -> list[list[str]]:
    """Every `selfrefine ...` command of `text` as its arguments after `selfrefine`: code-block
    lines, inline code spans, and `make demo DEMO_ARGS='...'` (run as `selfrefine run ...`)."""
    found = [line.strip() for line in _fenced_lines(text)]
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    found += [span.replace("\n", " ") for span in re.findall(r"`([^`]+)`", prose)]
    commands = []
    for line in found:
        if line.startswith("selfrefine "):
            commands.append(shlex.split(line, comments=True)[1:])
        elif line.startswith("make demo DEMO_ARGS="):
            commands.append(["run", *shlex.split(shlex.split(line)[2].split("=", 1)[1])])
    return commands


def parse(args: list[str]):
    """Parse `selfrefine ARGS` down to the leaf command, as the CLI would, without running it.
    An unknown command or option, a bad value or an extra argument raises UsageError."""
    cmd = typer.main.get_command(app)
    ctx = cmd.make_context("selfrefine", list(args), resilient_parsing=False)
    while isinstance(cmd, typer.core.TyperGroup):
        rest = [*ctx._protected_args, *ctx.args]
        if not rest:
            break
        name, sub, rest = cmd.resolve_command(ctx, rest)
        assert sub is not None and name is not None
        cmd, ctx = sub, sub.make_context(name, rest, parent=ctx, resilient_parsing=False)
    return ctx


def test_readme_is_at_most_300_lines():
    n = len(README.read_text().splitlines())
    assert n <= MAX_LINES, f"README.md has {n} lines; move reference text to docs/"


def test_readme_starts_with_the_two_commands():
    fence = _fenced_lines(README.read_text())[:2]
    assert [line.split()[:2] for line in fence] == [["make", "demo"], ["make", "test"]]


def test_every_readme_command_parses_with_the_cli_parser():
    commands = command_lines(README.read_text())
    assert len(commands) >= 10, commands  # run, serve, eval, models and the demo are all there
    assert {c[0] for c in commands} >= {"run", "serve", "eval", "models"}
    group = typer.main.get_command(app)
    for args in commands:
        if len(args) == 1:  # a command named in prose, e.g. `selfrefine eval`
            assert args[0] in group.commands, f"README: no command selfrefine {args[0]}"
            continue
        try:
            ctx = parse(args)
        except UsageError as e:
            pytest.fail(f"README: selfrefine {shlex.join(args)}: {e.format_message()}")
        assert not isinstance(ctx.command, typer.core.TyperGroup), args  # a command, not a group


@pytest.mark.parametrize(
    "args",
    [["run", "hi", "--roundz", "2"], ["frobnicate"], ["eval", "gsm8k", "--limit", "many"], ["run", "a", "b"]],
)
def test_the_parser_refuses_what_the_cli_refuses(args):
    with pytest.raises(UsageError):
        parse(args)


def test_command_lines_reads_fences_spans_and_the_demo():
    text = (
        "`selfrefine run \"x\" --rounds 1` and `make demo DEMO_ARGS='--from-task t --row 0'`\n"
        "```bash\nselfrefine serve --model M \\\n  --port 9000   # a comment\n```\n"
    )
    assert command_lines(text) == [
        ["serve", "--model", "M", "--port", "9000"],
        ["run", "x", "--rounds", "1"],
        ["run", "--from-task", "t", "--row", "0"],
    ]


def test_the_generated_docs_are_up_to_date():
    """`python -m selfrefine.docgen` rewrites them; run it after changing engine/core/options.py."""
    stale = [str(p.relative_to(ROOT)) for p, text in docgen.outputs().items() if p.read_text() != text]
    assert not stale, f"out of date: {stale}; run python -m selfrefine.docgen"


def test_task_yaml_keys_come_from_the_options_table():
    keys = registry.task_yaml_keys()
    on_task = {o.name for o in options.on(options.TASK)}
    listed = {k for section in ("loop", "feedback", "sampling") for k in keys[section]}
    assert on_task <= listed and {"candidates", "verdict"} <= listed
    assert listed - on_task == {k for ks in registry.SECTION_KEYS.values() for k in ks}
    assert set(keys[""]) == set(registry.TOP_KEYS) and keys["prompts"] == registry.PROMPT_KEYS
    page = (ROOT / "docs" / "task-yaml.md").read_text()
    assert all(f"`{k}`" in page for ks in keys.values() for k in ks)
