"""The real `selfrefine` CLI: in a subprocess, as a user runs it, where start-up, the output
streams and the engines' own options are under test (the progress and critic tests), and
in-process on the session's real engine (`cli_on_real`) where the command's logic is: a vLLM
start costs ~35 s here, and each subprocess run paid one or two."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from selfrefine.engine.backends import quiet
from tests.conftest import TEST_MODEL

CLI = str(Path(sys.executable).parent / "selfrefine")
FAST = ["--model", TEST_MODEL, "--max-tokens", "48", "--seed", "0", "--temperature", "0"]


def cli(*args, timeout=600, env=None):
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=timeout, env=env)


def user_env() -> dict:
    """The environment of a user who set none of the output variables (conftest sets some)."""
    ours = set(quiet.QUIET_ENV) | {"VLLM_LOGGING_STREAM", "VLLM_CONFIGURE_LOGGING", "TORCH_LOGS"}
    return {k: v for k, v in os.environ.items() if k not in ours}


# What the first run printed before the answer, issue 12: Python warnings from torch / vLLM,
# torch's glog-style "W1130 ... Triton not available", c10's "[W... utils.cpp] NUMA binding",
# vLLM's INFO lines, and tqdm bars ("Loading safetensors checkpoint shards: 100% ... it/s]").
NOISE = re.compile(
    r"FutureWarning|DeprecationWarning|UserWarning|Triton|NUMA|^\[?W\d{4} |"
    r"\d+%( Completed)? ?\||\d+(\.\d+)?(it/s|s/it)|Loading safetensors|\bINFO \d\d-\d\d",
    re.M,
)
VLLM_LOG = re.compile(r"INFO \d\d-\d\d [\d:]+ \[\w+\.py:\d+\]")


def test_models_list_shows_the_catalog():
    p = cli("models", "list")
    assert p.returncode == 0
    for name in ("smollm2-135m-instruct", "qwen2.5-coder-0.5b-instruct", "qwen2.5-coder-1.5b-instruct"):
        assert name[:15] in p.stdout


@pytest.mark.parametrize(
    "args,message",
    [
        (["run", "hi", "--model", "no-such-model"], "unknown model"),
        (["run", "hi", "--rounds", "-1"], "rounds"),
        (["run", "hi", "--feedback", "yaml"], "feedback"),
        (["run", "  "], "empty"),
        (["run"], "either TASK or --file"),
        (["run", "hi", "--from-task", "commongen_hard"], "give no TASK"),
        (["run", "--from-task", "no_such_task"], "no_such_task"),
        (["run", "--from-task", "commongen_hard", "--row", "100000"], "--row must be in [0, 149]"),
        (["run", "--from-task", "dialogue"], "needs a judge"),
        (["run", "--file", "missing.jsonl", "--out", "o.jsonl"], "no such file"),
        (["run", "hi", "--aspects", "Not Snake"], "snake_case"),
        (["models", "pull", "gpt-17"], "unknown model"),
    ],
)
def test_bad_input_gets_a_clear_error_and_no_traceback(args, message):
    p = cli(*args)
    assert p.returncode == 2
    assert message in p.stderr and "Traceback" not in p.stderr


@pytest.mark.engine
def test_run_from_task_uses_the_tasks_schema_and_scores_every_output(cli_on_real):
    p = cli_on_real(
        "run", "--from-task", "commongen_hard", "--row", "3", "--rounds", "1", "--json", "--model", TEST_MODEL
    )
    assert p.exit_code == 0, p.output[-3000:]
    assert cli_on_real.started == [TEST_MODEL]
    res = json.loads(p.stdout)
    assert res["task"] == "commongen_hard" and res["row"] == 3
    assert len(res["scores"]) == len(res["outputs"]) and all(0 <= v <= 1 for v in res["scores"])
    data = Path(__file__).resolve().parents[1] / "tasks" / "commongen_hard" / "data.jsonl"
    concepts = json.loads(data.read_text().splitlines()[3])["concepts"]
    assert set(res["trace"][1]["feedback"]["missing"]) == set(concepts)  # the item's own checklist
    assert "scorer (" in " ".join(p.stderr.split())


@pytest.mark.engine
def test_run_batch_file_writes_one_record_per_line_in_order(tmp_path, cli_on_real):
    src = tmp_path / "in.jsonl"
    lines = [
        json.dumps({"id": "a", "input": "Name a color."}),
        "{not json",
        json.dumps({"input": "Name a fruit."}),
        json.dumps({"text": "no input field"}),
    ]
    src.write_text("\n".join(lines) + "\n")
    dst = tmp_path / "out.jsonl"
    p = cli_on_real("run", "--file", src, "--out", dst, "--rounds", "1", *FAST)
    assert p.exit_code == 0, p.output[-3000:]
    rows = [json.loads(line) for line in dst.read_text().splitlines()]
    assert [r["id"] for r in rows] == ["a", "line-2", "line-3", "line-4"]
    assert rows[0]["answer"] and rows[2]["answer"]
    assert rows[1]["error_type"] == rows[3]["error_type"] == "invalid_input"
    said = " ".join(p.stderr.split())  # rich wraps long lines
    assert "wrote 4 records" in said and "2 errors" in said


def test_quiet_env_only_without_verbose_and_never_over_the_users_own(monkeypatch):
    for key in (*quiet.QUIET_ENV, "VLLM_LOGGING_STREAM"):
        monkeypatch.delenv(key, raising=False)
    quiet.configure(verbose=True)
    assert os.environ["VLLM_LOGGING_LEVEL"] == "INFO" and "PYTHONWARNINGS" not in os.environ
    assert "TQDM_DISABLE" not in os.environ and quiet.load_progress_bar()
    monkeypatch.delenv("VLLM_LOGGING_LEVEL")
    monkeypatch.setenv("TORCH_CPP_LOG_LEVEL", "INFO")  # the user's choice stays
    with monkeypatch.context() as m:
        m.setattr("warnings.simplefilter", lambda *a, **k: None)  # keep pytest's own filters
        quiet.configure(verbose=False)
    assert os.environ["TORCH_CPP_LOG_LEVEL"] == "INFO"
    assert all(os.environ[k] == v for k, v in quiet.QUIET_ENV.items() if k != "TORCH_CPP_LOG_LEVEL")
    assert os.environ["VLLM_LOGGING_STREAM"] == "ext://sys.stderr" and not quiet.load_progress_bar()


@pytest.mark.engine
def test_run_prints_only_progress_trace_and_answer():
    """Without -v, a user's first run prints progress, the compact trace and the answer, no
    library noise. With -v vLLM's own log shows: the critic run below is that run."""
    p = cli("run", "Say hi.", *FAST, "--rounds", "1", env=user_env())
    assert p.returncode == 0, p.stderr[-3000:]
    noise = [m.group(0) for m in NOISE.finditer(p.stdout + p.stderr)]
    assert not noise, f"non-verbose run printed {noise}:\n{p.stderr[-3000:]}"
    assert "starting engine" in p.stderr and "engine ready" in p.stderr and "stop:" in p.stderr
    assert "draft" in p.stderr and "feedback" in p.stderr  # the compact trace, on stderr
    assert p.stdout.strip()  # the answer alone on stdout


def _model_copy(tmp_path: Path, name: str) -> str:
    """The test model under another folder name (links, no copy): a second engine that the
    traces and summaries can tell apart from the first."""
    from selfrefine.engine.backends import models

    src = models.model_dir(TEST_MODEL)
    dst = tmp_path / name
    dst.mkdir()
    for f in src.iterdir():
        (dst / f.name).symlink_to(f.resolve())
    return str(dst)


NO_EARLY_STOP = ["--no-stop-flag", "--no-stop-on-top", "--no-stop-on-no-problems", "--no-reject"]
SMALL_KV = ["--kv-cache-gib", "0.5"]


@pytest.mark.engine
def test_critic_model_writes_feedback_and_rewrites_with_the_outlines_backend_and_v_shows_vllms_log(tmp_path):
    """--critic-model on the real engine: the draft comes from --model, the feedback (a JSON
    schema, here through the outlines backend) and the rewrite from the critic. Also `run
    --json`'s record: trace, usage, stop reason (the one-engine `--json` run was folded in here),
    and -v in a user's environment: vLLM's log and bars on stderr, stdout still the bare record
    (the -v run of test_run_prints_only_progress_trace_and_answer was folded in here)."""
    critic = _model_copy(tmp_path, "critic-smol")
    p = cli(
        "run",
        "Give one tip for writing clear emails.",
        "--rounds",
        "1",
        *NO_EARLY_STOP,
        "--json",
        "-v",
        "--critic-model",
        critic,
        "--structured-backend",
        "outlines",
        *SMALL_KV,
        *FAST,
        env=user_env(),
    )
    assert p.returncode == 0, p.stderr[-3000:]
    assert len(VLLM_LOG.findall(p.stderr)) >= 5, p.stderr[-3000:]  # vLLM's own log, on stderr
    assert "Loading safetensors checkpoint shards" in p.stderr  # and its bars
    assert not VLLM_LOG.search(p.stdout)
    res = json.loads(p.stdout)  # stdout stays the record alone
    assert [(c["stage"], c["model"]) for c in res["trace"]] == [
        ("draft", TEST_MODEL),
        ("feedback", "critic-smol"),
        ("refine", "critic-smol"),
    ]
    fb = res["trace"][1]["feedback"]
    assert fb is not None and set(fb["scores"]) == {"correctness", "completeness", "clarity"}
    assert isinstance(fb["stop"], bool)
    assert res["rounds"] == 1 and res["answer"].strip() and res["stop_reason"] == "max_rounds"
    assert res["usage"]["completion_tokens"] == sum(c["completion_tokens"] for c in res["trace"])
    assert res["trace"][2]["cached_tokens"] > 0  # the rewrite extends the review's prompt


EVAL_FAST = [
    "--model",
    TEST_MODEL,
    "--rounds",
    "1",
    "--max-tokens",
    "16",
    "--seed",
    "0",
    "--temperature",
    "0",
    *SMALL_KV,
]


def _records(folder: Path) -> list[dict]:
    return [json.loads(x) for x in (folder / "records.jsonl").read_text().splitlines()]


@pytest.mark.engine
def test_eval_judge_model_scores_a_judged_task(tmp_path, cli_on_real):
    judge = _model_copy(tmp_path, "judge-smol")
    out = tmp_path / "run"
    p = cli_on_real("eval", "dialogue", "--limit", "1", "--judge-model", judge, "--out", out, *EVAL_FAST)
    assert p.exit_code == 0, p.output[-3000:]
    assert cli_on_real.started == [TEST_MODEL, "judge-smol"]  # an engine for the judge, by its name
    [rec] = _records(out)
    assert rec["status"] == "ok" and rec["scores"]
    assert all(s["judge"] == "judge-smol" for s in rec["scores"])  # not the --model
    assert json.loads((out / "summary.json").read_text())["judge"] == "judge-smol"
    assert "judge: judge-smol" in " ".join(p.stdout.split())


@pytest.mark.engine
def test_eval_resumes_when_the_command_is_repeated(tmp_path, cli_on_real):
    out = tmp_path / "run"
    args = ["eval", "commongen_hard", "--out", str(out), *EVAL_FAST]
    p = cli_on_real(*args, "--limit", "1")
    assert p.exit_code == 0, p.output[-3000:]
    [first] = _records(out)
    assert first["status"] == "ok"
    # mark the finished record: a resumed run keeps it as it is, a restarted one redoes it
    (out / "records.jsonl").write_text(json.dumps({**first, "planted": True}) + "\n")
    p = cli_on_real(*args, "--limit", "2")  # the same command, one more item: only that one runs
    assert p.exit_code == 0, p.output[-3000:]
    resumed = _records(out)
    assert [r["id"] for r in resumed] == [first["id"], resumed[1]["id"]] and resumed[1]["id"] != first["id"]
    assert resumed[0] == {**first, "planted": True} and "planted" not in resumed[1]
    assert json.loads((out / "summary.json").read_text())["items"] == 2
    # --restart redoing planted records: test_eval's test_selfrefine_eval_refuses_to_resume_...
