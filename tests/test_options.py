"""The table of loop options (engine.core.options) drives every surface: the CLI's run and eval, SelfRefine's
keyword arguments, the server's `selfrefine` field and task.yaml, with one name and one default each."""

from __future__ import annotations

import inspect

import pytest
import typer
from typer.testing import CliRunner

from selfrefine import SelfRefine, cli
from selfrefine.engine.core import options as table
from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.errors import InvalidParameter
from selfrefine.engine.server.errors import error_response
from selfrefine.engine.server.metrics import Metrics
from selfrefine.engine.server.protocol import SelfRefineOptions
from selfrefine.engine.server.serving import LoopGate, Serving
from selfrefine.engine.types import LoopError, Sampling
from selfrefine.tasks import registry
from tests.fakes import ScriptedEngine

# A value other than the default for every option (checked to be complete below), chosen so
# that all of them fit in one loop: 2 aspects on 0-10 allow a threshold of 5 and a flag minimum of 3.
SAMPLES = {
    "rounds": 2,
    "examples_decide": False,
    "review_faults": True,
    "review_clean": True,
    "code_candidates": 3,
    "feedback": "text",
    "aspects": ("brevity", "tone"),
    "scale": (0, 10),
    "feedback_points": 2,
    "feedback_point_words": 9,
    "feedback_point_chars": 40,
    "feedback_form": "grounded",
    "verdict": "met",
    "spans": "lines",
    "threshold": 5,
    "stop_flag": False,
    "stop_flag_min": 3,
    "stop_on_top": False,
    "stop_on_no_problems": False,
    "reject": False,
    "substance": False,
    "stop_repeats": False,
    "verify": "pairwise",
    "stop_phrase": "DONE",
    "selection": "best",
    "exclude_draft": True,
    "refine_mode": "append",
    "append_separator": "\n",
    "retries": 1,
    "retry_on": ("guard", "identical"),
    "candidates": 2,
    "stated_checks": "catalog",
    "run_code": False,
    "feedback_temperature": 0.5,
    "temperature": 0.2,
    "top_p": 0.9,
    "max_tokens": 64,
    "seed": 3,
}
COMMANDS = {c.name: c for c in typer.main.get_command(cli.app).commands.values()}


def _read(cfg: RefineConfig, o: table.Option):
    obj = cfg
    for part in o.target.split("."):
        obj = getattr(obj, part)
    return obj


def _params(command: str) -> dict:
    return {p.name: p for p in COMMANDS[command].params}


def _task(tmp_path, loop: str = "", feedback: str = "aspects: [brevity]", sampling: str = "", top: str = ""):
    f = tmp_path / "t"
    f.mkdir(exist_ok=True)
    (f / "task.yaml").write_text(
        f"name: t\nscorer: s.py:S\nfeedback: {{{feedback}}}\nloop: {{{loop}}}\n"
        f"sampling: {{{sampling}}}\n{top}"
    )
    (f / "input.j2").write_text("Say {{ word }}")
    (f / "data.jsonl").write_text('{"id": "a", "word": "hi"}\n')
    (f / "s.py").write_text("class S:\n    def score(self, row, out):\n        return {'score': 1.0}\n")
    return registry.load(str(f))


def _yaml(value) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(map(str, value)) + "]"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return repr(value) if value.strip() == value else '"\\n"'
    return str(value)


def test_every_option_has_a_sample_a_kind_and_a_known_surface():
    assert set(SAMPLES) == set(table.BY_NAME)
    for o in table.OPTIONS:
        assert o.surfaces <= set(table.SURFACES) and o.surfaces, o.name
        assert SAMPLES[o.name] != o.default, o.name
        assert o.section in ("loop", "feedback", "sampling")
        assert not set(o.aliases) & set(table.BY_NAME), o.name  # an alias is never another option's name


@pytest.mark.parametrize("o", table.OPTIONS, ids=lambda o: o.name)
def test_each_option_has_one_name_and_default_on_every_surface(o, tmp_path):
    # CLI: `run` has the loop options of the CLI surface, defaulting to the table's value
    run = _params("run")
    assert (o.name in run) == (table.CLI in o.surfaces)
    if table.CLI in o.surfaces:
        assert table.normal(o.name, run[o.name].default) == o.default
        assert o.flag() in run[o.name].opts
    # `eval` has the overrides of a task's value, defaulting to the task's (None)
    ev = _params("eval")
    assert (o.name in ev) == (table.OVERRIDE in o.surfaces)
    if table.OVERRIDE in o.surfaces:
        assert ev[o.name].default is None and o.flag() in ev[o.name].opts
    assert o.name not in _params("serve")  # the server takes its loop options per request
    # Python API
    sig = inspect.signature(SelfRefine).parameters
    assert (o.name in sig) == (table.API in o.surfaces)
    if table.API in o.surfaces:
        assert sig[o.name].default == o.default and sig[o.name].kind is inspect.Parameter.KEYWORD_ONLY
    # server: the `selfrefine` field's model
    fields = SelfRefineOptions.model_fields
    assert (o.name in fields) == (table.SERVER in o.surfaces)
    if table.SERVER in o.surfaces:
        assert table.normal(o.name, getattr(SelfRefineOptions(), o.name)) == o.default
        assert fields[o.name].description == o.doc()
    # task.yaml: a task that leaves the option out has the table's default; one that sets it, its value
    if o.target is not None:
        assert (
            table.normal(
                o.name,
                _read(_task(tmp_path).cfg if o.name != "aspects" else _task(tmp_path, feedback="").cfg, o),
            )
            == o.default
        )
    sections = {"loop": "", "feedback": "aspects: [brevity]", "sampling": ""}
    extra = f"{o.name}: {_yaml(SAMPLES[o.name])}"
    sections[o.section] = ", ".join(
        x
        for x in (sections[o.section], extra)
        if x and not (o.name == "aspects" and x.startswith("aspects: [brevity]"))
    )
    if table.TASK in o.surfaces:
        assert table.normal(o.name, _read(_task(tmp_path, *sections.values()).cfg, o)) == SAMPLES[o.name]
    else:
        with pytest.raises(registry.TaskError, match=f"unknown key '{o.name}'"):
            _task(tmp_path, *sections.values())


def test_the_values_reach_the_refine_config_on_every_surface(tmp_path, monkeypatch):
    def check(cfg: RefineConfig, surface: str) -> None:
        for o in table.on(surface):
            if o.target is not None:
                assert table.normal(o.name, _read(cfg, o)) == SAMPLES[o.name], (surface, o.name)

    check(SelfRefine(**{o.name: SAMPLES[o.name] for o in table.on(table.API)}).config, table.API)
    server = {o.name: SAMPLES[o.name] for o in table.on(table.SERVER) if o.name != "feedback_point_chars"}
    check(SelfRefineOptions(**server).to_config(Sampling(), None), table.SERVER)
    chars = SelfRefineOptions(feedback_point_chars=40).to_config(Sampling(), None)
    assert chars.spec.item_words == 7  # the deprecated bound in characters, one word per 6
    t = _task(tmp_path)
    check(
        registry.with_overrides(t, **{o.name: SAMPLES[o.name] for o in table.on(table.OVERRIDE)}).cfg,
        table.OVERRIDE,
    )
    assert registry.with_overrides(t, rounds=None).cfg == t.cfg  # None keeps the task's value

    # the CLI's flags, through `selfrefine run` up to the loops (no engine: they are faked)
    seen = {}

    async def fake_run(name, path, critic, options, items, cfg, *args, **kwargs):
        seen["cfg"] = cfg
        return [LoopError(input="x", id="0", error="faked", error_type="test")]

    monkeypatch.setattr(cli.batch, "run_ordered", fake_run)
    monkeypatch.setattr(cli, "resolve", lambda spec: (spec, "/nowhere"))
    monkeypatch.setattr(cli.opts, "check_backend", lambda backend, options=None: backend)
    args = ["run", "hi"]
    for o in table.on(table.CLI):
        v = SAMPLES[o.name]
        if o.kind == "bool":
            args.append(o.flag() if v else f"--no-{o.name.replace('_', '-')}")
        else:
            args += [
                o.flag(),
                ",".join(v) if o.kind == "names" else "{}-{}".format(*v) if o.kind == "scale" else str(v),
            ]
    r = CliRunner().invoke(cli.app, args)
    assert "faked" in r.output, r.output
    check(seen["cfg"], table.CLI)


def test_unknown_keys_are_refused_with_their_name(tmp_path):
    with pytest.raises(registry.TaskError, match="loop: unknown key 'rouns'"):
        _task(tmp_path, loop="rouns: 2")
    with pytest.raises(registry.TaskError, match="feedback: unknown key 'aspect'"):
        _task(tmp_path, feedback="aspect: [x]")
    with pytest.raises(registry.TaskError, match="sampling: unknown key 'temprature'"):
        _task(tmp_path, sampling="temprature: 0.1")
    with pytest.raises(registry.TaskError, match="unknown key 'scorer_option'"):
        _task(tmp_path, top="scorer_option: {}\n")
    with pytest.raises(registry.TaskError, match="unknown key 'variant'"):  # a variant's keys too
        _task(tmp_path, top="variants: {v: {variant: 1}}\n")
    with pytest.raises(registry.TaskError, match="unknown key 'rouns'"):
        _task(tmp_path, top="variants: {v: {loop: {rouns: 1}}}\n")
    with pytest.raises(InvalidParameter) as e:
        SelfRefineOptions(rouns=2)
    assert e.value.param == "selfrefine.rouns" and "rounds" in str(e.value)
    with pytest.raises(InvalidParameter) as e:
        SelfRefine(rouns=2)
    assert e.value.param == "rouns"
    with pytest.raises(registry.TaskError, match="rouns"):
        registry.with_overrides(_task(tmp_path), rouns=2)


def test_an_unknown_selfrefine_field_is_a_400_naming_it():
    serving = Serving(ScriptedEngine([]), "m", LoopGate(4, 0, Metrics()), Metrics())
    body = {
        "model": "m-selfrefine",
        "messages": [{"role": "user", "content": "hi"}],
        "selfrefine": {"rounds": 1, "stop_flg": False},
    }
    with pytest.raises(InvalidParameter) as e:
        serving.plan_chat(body)
    status, out = error_response(e.value)
    assert status == 400 and out["error"]["param"] == "selfrefine.stop_flg"
    assert out["error"]["type"] == "invalid_request_error"


def test_aliases_map_to_the_name_and_two_spellings_are_refused(tmp_path):
    assert SelfRefineOptions(max_rounds=2).rounds == 2
    assert SelfRefineOptions.model_validate({"max_rounds": 3}).to_config(Sampling(), None).rounds == 3
    assert SelfRefine(max_rounds=2).config.rounds == 2
    t = _task(
        tmp_path,
        loop="max_rounds: 2",
        feedback="aspects: [brevity], max_items: 2, item_words: 9, form: grounded",
    )
    spec = t.cfg.spec
    assert (t.cfg.rounds, spec.max_items, spec.item_words, spec.form) == (2, 2, 9, "grounded")
    with pytest.raises(InvalidParameter) as e:
        SelfRefineOptions(rounds=1, max_rounds=2)
    assert e.value.param == "selfrefine.max_rounds"
    with pytest.raises(registry.TaskError, match="max_rounds.*another spelling"):
        _task(tmp_path, loop="rounds: 1, max_rounds: 2")
    # the aliases are named in the help / field descriptions
    assert "max_rounds" in SelfRefineOptions.model_fields["rounds"].description


def test_the_readme_lists_every_option_with_its_default_and_old_spellings():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    section = readme[readme.index("### Loop options") :]
    rows = {line.split("|")[1].strip(" `"): line for line in section.splitlines() if line.startswith("| `")}
    for o in table.OPTIONS:
        assert o.name in rows, o.name
        assert all(f"`{a}`" in rows[o.name] for a in o.aliases), o.name
