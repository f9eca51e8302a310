"""`selfrefine eval` runner: records, per-round scores, oracle stop, summary, and resume after a
real kill (SIGKILL of a running eval process) with no lost and no duplicated item."""

import asyncio
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from selfrefine.tasks import eval as ev
from selfrefine.tasks import registry
from selfrefine.tasks.registry import TaskError
from tests.fakes import ScriptedEngine

ROOT = Path(__file__).resolve().parents[1]


def _commongen_responder(prompt: str) -> str:
    """Draft / checklist feedback / appended sentences for commongen_hard, by the last user turn."""
    last = prompt.rsplit("<user>", 1)[1]
    concepts = prompt[prompt.rfind("Concepts:") :].split("\n")[0][len("Concepts: ") :].split(", ")
    if "Check it against the concept list" in last:
        text = last.split("The paragraph is now:\n", 1)[1].split("\n\nCheck it", 1)[0]
        return json.dumps(
            {
                "missing": {c: c not in text.split() for c in concepts},
                "scores": {"concept_coverage": 2, "coherence": 3},
                "stop": False,
            }
        )
    if "not in the paragraph yet" in last:  # append mode: new sentences for 7 missing concepts
        missing = last.split("- missing: ", 1)[1].split("\n")[0].split(", ")
        return "Then " + " and ".join(missing[:7]) + " ."
    return "A story with " + " and ".join(concepts[:3]) + " ."


def test_records_scores_by_round_and_summary(tmp_path):
    t = registry.with_overrides(registry.load("commongen_hard"), rounds=2)
    rows = t.rows(3)
    engine = ScriptedEngine(respond=_commongen_responder, name="fake")
    meta = {"settings": ev.settings(t, "fake", None, 3)}
    records = asyncio.run(ev.run_eval(t, rows, engine, tmp_path, meta, concurrency=3))
    assert [r["id"] for r in records] == [r["id"] for r in rows]
    for rec, row in zip(records, rows):
        assert rec["status"] == "ok" and len(rec["outputs"]) == 3
        n = len(row["concepts"])
        assert rec["score_by_round"] == pytest.approx([3 / n, 10 / n, min(17, n) / n])
        assert rec["base"] == pytest.approx(3 / n) and rec["final"] == pytest.approx(min(17, n) / n)
        assert len(rec["feedback"]) == 2 and rec["feedback"][0]["scores"]["coherence"] == 3
        assert rec["usage"]["completion_tokens"] > 0 and rec["trace"][0]["stage"] == "draft"
    s = ev.summarize(t, records, meta)
    assert s["items"] == 3 and s["ok"] == 3 and s["improved"] == 3 and s["worsened"] == 0
    assert s["refined"] > s["base"]
    # the scripted critic marks exactly the concepts that are absent: perfect against the scorer
    c = s["critic_vs_scorer"]
    assert c["recall"] == 1.0 and c["precision"] == 1.0 and c["reviews"] == 6
    ev.write_outputs(tmp_path, s)
    assert (tmp_path / ev.PLOT).read_bytes()[:4] == b"\x89PNG"
    assert json.loads((tmp_path / ev.SUMMARY).read_text())["score_by_round"] == pytest.approx(
        s["score_by_round"]
    )
    assert ev.table_rows(s)[0][0] == "round 0 (base)"


@pytest.mark.sandbox
def test_gsm8k_oracle_stops_at_the_first_correct_answer(tmp_path):
    wrong = "```python\ndef solution():\n    return 17\n```"
    right = "```python\ndef solution():\n    return (16 - 3 - 4) * 2\n```"
    wrong2 = "```python\ndef solution():\n    return 16 - 3 - 4\n```"

    def fb(program: str) -> str:  # the critic flags the return line and wants to stop
        lines = [
            ln.strip() for ln in program.strip("`\n").removeprefix("python\n").splitlines() if ln.strip()
        ]
        return json.dumps(
            {
                "correct": {ln: not ln.startswith("return") for ln in lines},
                "scores": {"correctness": 4, "arithmetic": 4, "units": 4},
                "stop": True,
            }
        )  # the oracle variant ignores the flag

    script = [wrong, fb(wrong), right, fb(right), wrong2]
    t = registry.with_overrides(registry.load("gsm8k:oracle"), rounds=2)
    engine = ScriptedEngine(script=list(script), name="fake")
    meta = {"settings": ev.settings(t, "fake", None, 1)}
    [rec] = asyncio.run(ev.run_eval(t, t.rows(1), engine, tmp_path, meta, concurrency=1))
    assert rec["task"] == "gsm8k/oracle"
    assert [s["score"] for s in rec["scores"]] == [0.0, 1.0, 0.0]
    assert rec["oracle_stop"] == 1 and rec["score_by_round"] == [0.0, 1.0, 1.0] and rec["final"] == 1.0
    assert rec["usage"]["completion_tokens"] < rec["usage_all_calls"]["completion_tokens"]
    # the same script under self-feedback follows the critic's checklist past the right answer
    t2 = registry.with_overrides(registry.load("gsm8k"), rounds=2)
    [rec2] = asyncio.run(
        ev.run_eval(
            t2,
            t2.rows(1),
            ScriptedEngine(script=list(script)),
            tmp_path / "sf",
            {"settings": ev.settings(t2, "fake", None, 1)},
        )
    )
    assert rec2["stop_reason"] == "max_rounds" and rec2["score_by_round"] == [0.0, 1.0, 0.0]


def test_bad_row_and_failed_loop_become_error_records(tmp_path):
    t = registry.with_overrides(registry.load("commongen_hard"), rounds=1)
    rows = t.rows(2) + [{"id": "broken"}]  # no "concepts": the input template cannot render
    engine = ScriptedEngine(script=[], name="fake")  # every call fails: empty script
    meta = {"settings": ev.settings(t, "fake", None, 3)}
    records = asyncio.run(ev.run_eval(t, rows, engine, tmp_path, meta))
    assert [r["id"] for r in records] == [r["id"] for r in rows]
    assert all(r["status"] == "error" for r in records)
    assert records[2]["error_type"] == "invalid_input" and "bad row" in records[2]["error"]
    assert records[0]["error_type"] == "internal_error"
    # a re-run retries error records and does not duplicate them
    ok = ScriptedEngine(respond=_commongen_responder)
    records = asyncio.run(ev.run_eval(t, rows[:2], ok, tmp_path, meta))
    lines = [json.loads(x) for x in (tmp_path / ev.RECORDS).read_text().splitlines()]
    assert sorted(r["id"] for r in lines) == sorted(r["id"] for r in rows[:2])
    assert all(r["status"] == "ok" for r in lines)


def test_resume_refuses_other_settings(tmp_path):
    t = registry.load("commongen_hard")
    ev.load_done(tmp_path, ev.settings(t, "m1", None, 5), ["a"])
    with pytest.raises(TaskError, match="other settings.*model"):
        ev.load_done(tmp_path, ev.settings(t, "m2", None, 5), ["a"])
    ev.load_done(tmp_path, ev.settings(t, "m1", None, 9), ["a"])  # a larger --limit is a resume


SLOW_RUN = textwrap.dedent("""
    import asyncio, json, sys
    from pathlib import Path
    from selfrefine.tasks import eval as ev, registry
    from tests.fakes import ScriptedEngine
    from tests.test_eval import _commongen_responder

    class Slow(ScriptedEngine):
        async def generate(self, prompt_ids, sampling, json_schema=None):
            await asyncio.sleep(0.15)
            out = await super().generate(prompt_ids, sampling, json_schema)
            with open(sys.argv[2], "a") as f:
                f.write("call\\n")
            return out

    t = registry.with_overrides(registry.load("commongen_hard"), rounds=1)
    rows = t.rows(int(sys.argv[3]))
    meta = {"settings": ev.settings(t, "slow", None, len(rows))}
    asyncio.run(ev.run_eval(t, rows, Slow(respond=_commongen_responder, name="slow"), Path(sys.argv[1]), meta,
                            concurrency=2))
""")


def _start(out: Path, calls: Path, n: int) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", SLOW_RUN, str(out), str(calls), str(n)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def test_resume_after_kill_loses_and_duplicates_nothing(tmp_path):
    n = 12
    out, calls1, calls2 = tmp_path / "run", tmp_path / "calls1", tmp_path / "calls2"
    p = _start(out, calls1, n)
    recs = out / ev.RECORDS
    deadline = time.time() + 60
    while time.time() < deadline:  # wait until some, but not all, items are written
        if recs.exists() and 3 <= len(recs.read_text().splitlines()) < n:
            break
        time.sleep(0.05)
    p.send_signal(signal.SIGKILL)
    p.wait(10)
    before = [json.loads(x) for x in recs.read_text().splitlines()]
    assert 3 <= len(before) < n, "the kill must land mid-run"
    with recs.open("a") as f:
        f.write('{"id": "cg-11", "status": "ok", "outp')  # a line torn by the kill
    p = _start(out, calls2, n)
    assert p.wait(120) == 0
    after = [json.loads(x) for x in recs.read_text().splitlines()]
    ids = [r["id"] for r in after]
    assert sorted(ids) == sorted(f"cg-{i}" for i in range(n))  # none lost
    assert len(ids) == len(set(ids)) == n  # none duplicated
    assert all(r["status"] == "ok" and len(r["outputs"]) == 2 for r in after)
    kept = {r["id"]: r for r in before}
    for r in after:  # finished items were not redone
        if r["id"] in kept:
            assert r == kept[r["id"]]
    # the second run only made calls for the unfinished items (3 calls per item)
    assert len(calls2.read_text().splitlines()) == 3 * (n - len(before))


@pytest.mark.parametrize(
    "args,message",
    [
        (["nope"], "unknown task 'nope'"),
        (["gsm8k:nope"], "no variant 'nope'"),
        (["gsm8k", "--limit", "0"], "--limit must be >= 1"),
        (["code_optimization", "--limit", "31"], "only 30 items"),
        (["gsm8k", "--rounds", "99"], "rounds"),
        (["gsm8k", "--concurrency", "0"], "--concurrency must be >= 1"),
    ],
)
def test_cli_rejects_bad_requests_before_starting_an_engine(tmp_path, args, message):
    r = subprocess.run(
        [sys.executable, "-m", "selfrefine.cli", "eval", *args, "--out", str(tmp_path / "o")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 2
    assert message in " ".join(r.stderr.split()), r.stderr
    assert "starting engine" not in r.stderr


def test_cli_lists_the_tasks():
    r = subprocess.run(
        [sys.executable, "-m", "selfrefine.cli", "eval", "list"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0
    for name in (
        "gsm8k",
        "sentiment_reversal",
        "commongen_hard",
        "acronym",
        "dialogue",
        "code_readability",
        "code_optimization",
        "oracle",
    ):
        assert name in r.stdout


def test_a_resume_after_the_task_files_changed_is_refused(tmp_path):
    import shutil

    folder = tmp_path / "task"
    shutil.copytree(registry.TASKS_DIR / "commongen_hard", folder)
    t = registry.load(str(folder))
    out = tmp_path / "run"
    ev.load_done(out, ev.settings(t, "m", None, 2), ["cg-0"])
    ev.load_done(out, ev.settings(registry.load(str(folder)), "m", None, 2), ["cg-0"])  # unchanged: fine
    (folder / "refine.txt").write_text("Add sentences for: {problems}")
    with pytest.raises(TaskError, match="task_files"):
        ev.load_done(out, ev.settings(registry.load(str(folder)), "m", None, 2), ["cg-0"])


def test_selfrefine_eval_refuses_to_resume_after_the_task_files_changed(tmp_path, monkeypatch):
    """Through the command: a run of a task folder, then one of its templates changes; the next
    `selfrefine eval` into the same run folder stops before any engine starts, says which
    setting differs and what to do, and leaves the records as they were. --restart runs."""
    import shutil

    from typer.testing import CliRunner

    from selfrefine import cli

    folder = tmp_path / "task"
    shutil.copytree(registry.TASKS_DIR / "commongen_hard", folder)
    out = tmp_path / "run"
    started: list[str] = []

    def make_engine(backend, path, name, options):
        started.append(name)
        return ScriptedEngine(respond=_commongen_responder, name=name)

    monkeypatch.setattr(cli, "resolve", lambda spec: (spec, f"/nowhere/{spec}"))
    monkeypatch.setattr(cli.opts, "check_backend", lambda backend, options=None: backend)
    monkeypatch.setattr(cli.settings, "make_engine", make_engine)
    args = ["eval", str(folder), "--limit", "2", "--rounds", "1", "--model", "fake", "--out", str(out)]

    first = CliRunner().invoke(cli.app, args)
    assert first.exit_code == 0, first.output
    lines = (out / ev.RECORDS).read_text().splitlines()
    assert [json.loads(x)["status"] for x in lines] == ["ok", "ok"] and started == ["fake"]

    again = CliRunner().invoke(cli.app, args)  # unchanged: a resume, nothing left to do
    assert again.exit_code == 0, again.output
    records = (out / ev.RECORDS).read_text()  # the resume rewrote them in row order
    assert sorted(records.splitlines()) == sorted(lines)

    (folder / "refine.txt").write_text("Add sentences for: {problems}")
    refused = CliRunner().invoke(cli.app, args)
    assert refused.exit_code == 2, refused.output
    message = " ".join(refused.output.split())  # rich wraps long lines
    assert f"{out} holds a run with other settings" in message, message
    assert "task_files:" in message and "use another --out or --restart" in message
    assert started == ["fake", "fake"]  # refused up front: no engine started for it
    assert (out / ev.RECORDS).read_text() == records

    # mark the finished records: --restart redoes them (tests/test_cli.py's real run resumes only)
    planted = [json.dumps({**json.loads(x), "planted": True}) for x in records.splitlines()]
    (out / ev.RECORDS).write_text("\n".join(planted) + "\n")
    restarted = CliRunner().invoke(cli.app, [*args, "--restart"])
    assert restarted.exit_code == 0, restarted.output
    redone = [json.loads(x) for x in (out / ev.RECORDS).read_text().splitlines()]
    assert len(redone) == 2 and all(r["status"] == "ok" and "planted" not in r for r in redone)
    now = ev.task_fingerprint(registry.load(str(folder)))
    assert json.loads((out / ev.SETTINGS).read_text())["task_files"] == now
