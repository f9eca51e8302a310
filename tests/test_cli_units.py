"""CLI commands with faked engines and models (no model loads): engine lifetimes and option plumbing."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from selfrefine import cli, console
from selfrefine.engine.errors import EngineFault


class FakeEngine:
    def __init__(self, name: str, log: list, fail: bool) -> None:
        self.name, self.log, self.fail = name, log, fail

    def start(self):
        if self.fail:
            raise EngineFault(f"{self.name} could not start")
        self.log.append(("start", self.name))
        return self

    def shutdown(self) -> None:
        self.log.append(("shutdown", self.name))


@pytest.mark.parametrize("failing", ["critic", "judge"])
def test_a_failed_critic_or_judge_start_shuts_the_started_engines_down(tmp_path, monkeypatch, failing):
    log: list = []
    monkeypatch.setattr(cli, "resolve", lambda spec: (spec, f"/nowhere/{spec}"))
    monkeypatch.setattr(cli.opts, "check_backend", lambda backend, options=None: backend)
    monkeypatch.setattr(
        cli.settings,
        "make_engine",
        lambda backend, path, name, options: FakeEngine(name, log, fail=name == failing),
    )
    # dialogue's scorer needs a judge: main, critic and judge engines are three models here
    args = [
        "eval",
        "dialogue",
        "--limit",
        "1",
        "--model",
        "main",
        "--critic-model",
        "critic",
        "--judge-model",
        "judge",
        "--out",
        str(tmp_path / "run"),
    ]
    r = CliRunner().invoke(cli.app, args)
    assert isinstance(r.exception, EngineFault), r.output
    started = [n for what, n in log if what == "start"]
    assert started == (["main"] if failing == "critic" else ["main", "critic"])
    assert sorted(n for what, n in log if what == "shutdown") == sorted(started)


@pytest.mark.parametrize("args,rounds", [([], None), (["--rounds", "2"], 2), (["--rounds", "4"], 4)])
def test_run_from_task_caps_the_tasks_rounds_only_with_an_explicit_rounds(monkeypatch, args, rounds):
    seen = {}

    def fake_row(spec, index, model, critic_model, rounds, json_out, engine):
        seen["rounds"] = rounds

    monkeypatch.setattr(cli, "_run_task_row", fake_row)
    r = CliRunner().invoke(cli.app, ["run", "--from-task", "gsm8k", *args])
    assert r.exit_code == 0, r.output
    assert seen["rounds"] == rounds


def test_the_trace_table_stays_readable_when_piped(monkeypatch):
    """`make demo | tee log`: stderr is no terminal, and the trace still shows each call's text
    on one row (rich alone would fit 80 columns and wrap the text into an 11-character column).
    A review shows what it flagged, or that it flagged nothing, never its raw JSON."""
    import io

    from rich.console import Console

    from selfrefine.engine.types import Call, LoopResult

    text = "A lighthouse keeper writes the weather in a book every single morning."
    calls = [
        Call("draft", 0, "m", text, 40, 0, 20, 1.0, "stop"),
        Call(
            "feedback",
            0,
            "m",
            "{}",
            60,
            40,
            10,
            0.5,
            "stop",
            feedback={"scores": {"clarity": 3}},
            problems=["name the book"],
        ),
        Call(
            "feedback",
            1,
            "m",
            '{"feedback":[],"scores":{"clarity":5}}',
            60,
            40,
            10,
            0.5,
            "stop",
            feedback={"feedback": [], "scores": {"clarity": 5}},
        ),
    ]
    res = LoopResult(
        input="q",
        id=None,
        answer=text,
        selected_round=0,
        stop_reason="max_rounds",
        rounds=0,
        outputs=[text],
        scores=[None],
        trace=calls,
        seconds=1.5,
        checks={},
    )
    buf = io.StringIO()
    monkeypatch.setattr(console, "err", Console(file=buf))  # a file: not a terminal
    console.print_trace(res)
    shown = buf.getvalue()
    assert text[:60] in shown and "name the book" in shown
    assert "(no problem flagged)" in shown and '{"feedback"' not in shown
    assert max(len(line) for line in shown.splitlines()) > 80


def test_sigterm_unwinds_a_command_so_its_cleanup_runs(tmp_path):
    """A SIGTERM'd command runs its `finally` blocks (engines shut, bench's servers stopped)."""
    import signal
    import subprocess
    import sys
    import time

    done = tmp_path / "cleaned"
    script = (
        "import time\n"
        "from selfrefine import cli\n"
        "@cli.app.command('nap')\n"
        "def nap():\n"
        "    try:\n"
        "        print('started', flush=True)\n"
        "        time.sleep(60)\n"
        "    finally:\n"
        f"        open({str(done)!r}, 'w').write('yes')\n"
        "import sys; sys.argv = ['selfrefine', 'nap']\n"
        "cli.main()\n"
    )
    p = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "started"
    p.send_signal(signal.SIGTERM)
    t0 = time.monotonic()
    assert p.wait(timeout=30) == 128 + signal.SIGTERM
    assert done.read_text() == "yes" and time.monotonic() - t0 < 30
