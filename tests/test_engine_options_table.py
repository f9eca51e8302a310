"""The engine options table (engine.backends.engine_options.OPTIONS) is the one place an engine option is
declared: every option in it reaches the CLI (--help and the parsed value), `SelfRefine`, the
server's settings and `engine-args`, and a bad value is named as the user wrote it."""

from __future__ import annotations

import inspect
import json
import re
import types

import pytest
from typer.testing import CliRunner

from selfrefine import SelfRefine, bench_options, cli
from selfrefine.engine.backends import engine_options as table
from selfrefine.engine.backends import settings
from selfrefine.engine.errors import InvalidParameter


def _other(o: table.Option):
    """A valid value of `o` other than its default."""
    if o.choices:
        return next(c for c in o.choices if c not in (o.default, "suffix"))  # suffix needs a package
    base = o.base
    if base is bool:
        return not o.default
    if base is int:
        return int(o.high) if o.high is not None else int(o.low or 0) + 64
    if base is float:
        return 0.5
    return f"{o.name}-value"


def _argv(o: table.Option, value) -> list[str]:
    """The command line that sets `o` to `value` (a short alias where the option has one)."""
    if isinstance(value, bool):
        on, _, off = (o.flags[0] if o.flags else f"{o.flag()}/--no-{o.flag()[2:]}").partition("/")
        return [on if value else off]
    return [o.flags[-1] if o.flags else o.flag(), str(value)]


@pytest.fixture
def quiet_cli(monkeypatch):
    """The CLI with no model resolved, no environment touched and every backend accepted."""
    monkeypatch.setattr(cli, "resolve", lambda spec: (spec, f"/nowhere/{spec}"))
    monkeypatch.setattr(cli, "resolve_critic", lambda critic, model, path: None)
    monkeypatch.setattr(cli.quiet, "configure", lambda verbose: None)
    monkeypatch.setattr(cli.opts, "check_backend", lambda backend, options=None: backend)
    monkeypatch.setattr(settings, "check_backend", lambda backend, options=None: backend)
    return CliRunner()


def test_every_option_is_a_flag_of_every_engine_command():
    runner = CliRunner()
    for command in ("run", "serve", "eval", "engine-args"):
        r = runner.invoke(cli.app, [command, "--help"], env={"COLUMNS": "300"})
        assert r.exit_code == 0, r.output
        flags = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", r.output))
        missing = [o.flag() for o in table.OPTIONS if o.flag() not in flags]
        assert not missing, f"{command} --help lacks {missing}"


@pytest.mark.parametrize("o", table.OPTIONS, ids=lambda o: o.name)
def test_an_option_reaches_the_server_engine_args_and_the_api(o, quiet_cli, monkeypatch):
    value = _other(o)
    assert getattr(table.EngineOptions(), o.field) == o.default  # the table's default is the field's

    # serve: the EngineOptions the server starts its engine with
    from selfrefine.engine.server import app as server_app

    served = {}
    monkeypatch.setattr(server_app, "serve", lambda path, name, options, **kw: served.update(options=options))
    r = quiet_cli.invoke(cli.app, ["serve", *_argv(o, value)])
    assert r.exit_code == 0, r.output
    assert getattr(served["options"], o.field) == value

    # engine-args: the EngineOptions it builds vLLM's arguments from (it takes --backend vllm only)
    from selfrefine.engine.backends import vllm_engine

    built = {}

    class Engine:
        def __init__(self, path, name, options):
            built["options"] = options

        def engine_args(self):
            return types.SimpleNamespace()

    monkeypatch.setattr(vllm_engine, "VLLMEngine", Engine)
    r = quiet_cli.invoke(cli.app, ["engine-args", "--model", "some/model", *_argv(o, value)])
    if o.name == "backend":
        assert r.exit_code == 2 and "--backend vllm only" in r.output
    else:
        assert r.exit_code == 0, r.output
        assert getattr(built["options"], o.field) == value

    # the Python API: a keyword of SelfRefine with the table's default
    param = inspect.signature(SelfRefine).parameters[o.name]
    assert param.kind is inspect.Parameter.KEYWORD_ONLY and param.default == o.default
    assert getattr(SelfRefine(**{o.name: value}).options, o.field) == value


def test_engine_args_prints_a_value_given_on_the_command_line():
    r = CliRunner().invoke(
        cli.app,
        ["engine-args", "--model", "some/model", "--speculation", "ngram", "--speculative-tokens", "3"],
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["speculative_config"]["num_speculative_tokens"] == 3


@pytest.mark.parametrize(
    "argv,flag,keyword,bad",
    [
        (["--max-model-len", "10"], "--max-model-len", "max_model_len", 10),
        (["-tp", "0"], "--tensor-parallel-size", "tensor_parallel_size", 0),
        (["--speculative-tokens", "17"], "--speculative-tokens", "speculative_tokens", 17),
        (["--structured-backend", "regex"], "--structured-backend", "structured_backend", "regex"),
        (["--gpu-memory-utilization", "1.5"], "--gpu-memory-utilization", "gpu_memory_utilization", 1.5),
    ],
)
def test_a_bad_value_is_named_as_the_user_wrote_it(argv, flag, keyword, bad, quiet_cli):
    commands = [["serve"], ["engine-args"]] + ([["bench"]] if keyword in bench_options.ENGINE else [])
    for command in commands:
        r = quiet_cli.invoke(cli.app, [*command, *argv])
        assert r.exit_code == 2 and f"{flag}: must be" in r.output, (command, r.output)
    with pytest.raises(InvalidParameter) as e:
        SelfRefine(**{keyword: bad})
    assert e.value.param == keyword


def test_the_api_names_its_own_spelling_and_lists_the_engine_options_when_one_is_unknown():
    with pytest.raises(InvalidParameter) as e:
        SelfRefine(eager="yes")
    assert e.value.param == "eager" and "true or false" in str(e.value)
    with pytest.raises(InvalidParameter) as e:
        SelfRefine(max_model_length=4096)
    assert e.value.param == "max_model_length" and "max_model_len" in str(e.value)


def test_bench_takes_its_engine_options_from_the_table_with_its_own_defaults(quiet_cli, monkeypatch):
    from selfrefine.bench import report, run

    seen = {}
    monkeypatch.setattr(run, "run_bench", lambda cfg, console: (seen.update(cfg=cfg), ([], []))[1])
    monkeypatch.setattr(report, "markdown", lambda r: "")
    r = quiet_cli.invoke(cli.app, ["bench", "--quick", "--max-model-len", "2048", "-tp", "2"])
    assert r.exit_code == 0, r.output
    cfg = seen["cfg"]
    assert cfg.max_model_len == 2048 and cfg.extra_engine["tensor_parallel_size"] == 2
    assert cfg.speculation == run.BenchConfig.speculation  # bench's own default, not the engine's
    assert cfg.structured_backend == table.default("structured_backend")
