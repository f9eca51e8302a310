"""Task folders: every template renders, every scorer gives the right verdict on known cases,
and (real engine) every task runs two items end to end."""

import json
import os
from pathlib import Path

import pytest

from selfrefine.tasks import registry
from selfrefine.tasks.registry import TaskError

needs_sandbox = pytest.mark.sandbox  # skipped where unavailable, a failure in CI (tests/conftest.py)

DUCK_EGGS = """
def solution():
    eggs_per_day = 16
    eaten = 3
    baked = 4
    price = 2
    return (eggs_per_day - eaten - baked) * price
"""


def _row(task, i=0):
    return registry.load(task).rows()[i]


# ------------------------------------------------------------------ loader and templates

ALL = [(n, v) for n in registry.available() for v in (registry.variants(n) or [None])]


def test_all_tasks_are_present():
    assert set(registry.available()) == {
        "gsm8k",
        "sentiment_reversal",
        "commongen_hard",
        "acronym",
        "dialogue",
        "code_readability",
        "code_optimization",
        "ifeval",
        "mbpp",
        "generic",
    }
    assert registry.variants("gsm8k") == ["self_feedback", "oracle", "exec"]
    assert (
        registry.variants("code_optimization")
        == registry.variants("code_readability")
        == ["self_feedback", "exec"]
    )


@pytest.mark.parametrize("name,variant", ALL)
def test_templates_render_for_every_row(name, variant):
    t = registry.load(name, variant)
    rows = t.rows()
    assert len(rows) >= 20
    for row in rows:
        item = t.item(row)
        assert item.input.strip() and item.id == str(row["id"])
        for which in ("draft", "feedback_grammar", "refine"):
            assert t.cfg.prompts.render(which, t.cfg.spec, input=item.input).strip()
    d = t.cfg.prompts.render("draft", t.cfg.spec, input="XYZ-INPUT")
    assert "XYZ-INPUT" in d
    fb = t.cfg.prompts.review(t.cfg.spec)  # the first review: the guide, or the per-turn template
    assert all(a in fb for a in t.cfg.spec.aspects)


def test_task_settings_follow_the_paper():
    assert registry.load("gsm8k").label == "gsm8k/self_feedback"
    oracle = registry.load("gsm8k:oracle")
    assert oracle.oracle and oracle.label == "gsm8k/oracle" and not oracle.cfg.stop_flag
    assert registry.load("acronym").cfg.selection == "best"
    dlg = registry.load("dialogue")
    assert dlg.cfg.selection == "best" and not dlg.cfg.exclude_draft and len(dlg.cfg.spec.aspects) == 10
    assert dlg.scorer_needs_judge
    cr = registry.load("code_readability")
    row = cr.rows(1)[0]
    assert cr.item(row).initial == row["program"]  # y0 is the given program: no draft call


def test_bad_requests_get_clear_errors():
    with pytest.raises(TaskError, match="unknown task 'nope'.*available: acronym"):
        registry.load("nope")
    with pytest.raises(TaskError, match="no variant 'x'"):
        registry.load("gsm8k:x")
    t = registry.load("gsm8k")
    with pytest.raises(TaskError, match="--limit must be >= 1"):
        t.rows(0)
    with pytest.raises(TaskError, match="only 200 items"):
        t.rows(10_000)
    with pytest.raises(TaskError):
        registry.with_overrides(t, rounds=99)


def test_a_task_is_just_a_folder(tmp_path):
    f = tmp_path / "echo_len"
    f.mkdir()
    (f / "task.yaml").write_text(
        "name: echo_len\nmetric: length\nscorer: s.py:S\n"
        "feedback: {aspects: [brevity]}\nloop: {max_rounds: 1}\n"
    )
    (f / "input.j2").write_text("Say {{ word }}")
    (f / "data.jsonl").write_text('{"id": "a", "word": "hi"}\n')
    (f / "s.py").write_text(
        "class S:\n    def score(self, row, out):\n        return {'score': float(len(out))}\n"
    )
    t = registry.load(str(f))
    assert t.name == "echo_len" and t.item(t.rows()[0]).input == "Say hi"
    assert t.scorer.score({}, "abc") == {"score": 3.0}


def test_data_is_inside_the_project_with_provenance():
    for name in registry.available():
        t = registry.load(name)
        assert "shared" not in str(t.data_path)
        if name in ("ifeval", "mbpp"):  # public sets with their own licences
            assert (t.data_path.parent / "PROVENANCE.md").is_file()
        elif name != "generic":  # written for this project (DATA.md says so), not the paper's data
            assert (t.data_path.parent / "LICENSE-self-refine-data.txt").is_file()
    assert (registry.TASKS_DIR / "DATA.md").is_file()
    assert "generic" in (registry.TASKS_DIR / "DATA.md").read_text()


# ------------------------------------------------------------------ scorers on known cases


@needs_sandbox
def test_gsm8k_duck_egg_program_returns_18():
    s = registry.load("gsm8k").scorer
    row = _row("gsm8k", 0)
    assert row["target"] == 18
    r = s.score(row, "```python\n" + DUCK_EGGS + "```\nThis returns 18.")
    assert r["score"] == 1.0 and r["answer"] == 18.0
    wrong = s.score(row, DUCK_EGGS.replace("- baked", "+ baked"))
    assert wrong["score"] == 0.0 and wrong["answer"] == 34.0


@needs_sandbox
def test_gsm8k_bad_outputs_score_zero_with_a_reason():
    s = registry.load("gsm8k").scorer
    row = _row("gsm8k", 0)
    assert "not a Python program" in s.score(row, "The answer is 18 dollars.")["error"]
    assert "no solution()" in s.score(row, "x = 18\nprint(x)\n")["error"]
    assert "timed out" in s.score(row, "def solution():\n    while True:\n        pass\n")["error"]
    assert "program failed" in s.score(row, "def solution():\n    return 1/0\n")["error"]
    assert s.score(row, "def solution():\n    return '18'\n")["score"] == 1.0  # "18" as text counts
    # the host's files are not there: the project folder does not exist inside the sandbox
    probe = (
        "def solution():\n    import os\n    try:\n        os.listdir({!r})\n        return 0\n"
        "    except FileNotFoundError:\n        return 18\n"
    )
    here = str(Path(__file__).resolve().parents[1])
    assert os.listdir(here)  # visible on the host
    assert s.score(row, probe.format(here)) == {"score": 1.0, "answer": 18.0}
    assert s.score(row, probe.format("/"))["answer"] == 0.0  # the probe itself can tell the two apart


def test_sentiment_observation_flags_a_rewrite_that_copies_the_review():
    """The fault reads the rewrite against the original review only: no VADER, no target."""
    task = registry.load("sentiment_reversal")
    row = {
        "id": "t1",
        "review": "The soup was cold and bland. The waiter ignored us for an hour. We paid and left.",
        "target_sentiment": "Very positive",
    }
    seen = task.item(row).observe("Target sentiment: Very positive\nReview: " + row["review"])
    assert seen.fault and "3 of the original review's 3 sentences" in seen.fault
    assert '"The soup was cold and bland."' in seen.fault
    half = "The soup was hot and rich. The waiter ignored us for an hour. We paid and left happy."
    assert (
        "1 of the original" in task.item(row).observe(half).text
        and task.item(row).observe(half).fault is None
    )
    fixed = "The soup was hot and rich. The waiter checked on us often. We paid and left smiling."
    assert task.item(row).observe(fixed).fault is None


def test_vader_on_clearly_positive_and_negative_sentences():
    s = registry.load("sentiment_reversal").scorer
    to_pos = {"target_sentiment": "Very positive"}
    to_neg = {"target_sentiment": "Very negative"}
    good = "The food was wonderful, the staff were friendly and I loved every minute. Highly recommend!"
    bad = "The food was awful, the staff were rude and I hated every minute. Terrible, never again."
    assert s.score(to_pos, good)["score"] == 1.0 and s.score(to_pos, good)["compound"] > 0.5
    assert s.score(to_pos, bad)["score"] == 0.0
    assert s.score(to_neg, bad)["score"] == 1.0 and s.score(to_neg, bad)["compound"] < -0.5
    assert s.score(to_neg, good)["score"] == 0.0
    assert s.score(to_neg, "")["score"] == 0.0
    # an echoed prompt label is not part of the review: "Very negative" must not tip VADER
    neutral = "We had coffee there on Tuesday. The shop is on Main Street."
    echoed = f"Target sentiment: Very negative\nReview: {neutral}"
    assert s.score(to_neg, echoed) == s.score(to_neg, neutral) and s.score(to_neg, echoed)["score"] == 0.0


def test_coverage_counts_inflected_concepts():
    s = registry.load("commongen_hard").scorer
    row = {"concepts": ["dog", "run", "child", "throw", "ball", "mouse", "piano"]}
    text = "The children threw balls while two dogs ran past the mice."
    r = s.score(row, text)
    assert r["missing"] == ["piano"]
    assert r["score"] == pytest.approx(6 / 7)
    assert s.score(row, "Nothing relevant here.")["score"] == 0.0
    assert s.score(row, "")["score"] == 0.0


def test_coverage_does_not_count_substrings():
    s = registry.load("commongen_hard").scorer
    r = s.score({"concepts": ["dog", "pit", "art"]}, "A dogmatic spitting artist.")
    assert r["score"] == 0.0 and r["missing"] == ["dog", "pit", "art"]


def test_acronym_rubric():
    s = registry.load("acronym").scorer
    row = {"title": "Network for Ocean Vessel Analytics"}
    good = s.score(row, "NOVA")
    assert good["letters"] == 1.0 and good["pronounceable"] == 1.0 and good["length"] == 1.0
    assert good["score"] == 1.0
    unrelated = s.score(row, "QZX")
    assert unrelated["letters"] == 0.0 and unrelated["pronounceable"] == 0.0
    assert unrelated["score"] == pytest.approx(1 / 3)
    assert s.score(row, "Acronym: NOVA\nbecause ...")["acronym"] == "NOVA"
    inner = s.score(row, "NET")  # N from Network, then letters inside it
    assert 0.5 < inner["letters"] < 1.0
    assert s.score(row, "")["score"] == 0.0 and s.score(row, "")["error"]
    assert s.score(row, "N" * 14)["length"] == 0.0


@needs_sandbox
def test_readability_metrics_and_same_output():
    t = registry.load("code_readability")
    s = t.scorer
    row = {"id": "t1", "program": "a,b=map(int,input().split())\nprint(a+b)\n", "tests": ["2 3\n"]}
    base = s.score(row, row["program"])
    assert base["same_output"] and base["meaningful_ids"] == 0.0 and base["functions"] == 0
    nice = (
        "def add_numbers(first, second):\n    # sum of the two inputs\n    return first + second\n\n\n"
        "first_value, second_value = map(int, input().split())\n"
        "print(add_numbers(first_value, second_value))\n"
    )
    r = s.score(row, "```python\n" + nice + "```")
    assert r["same_output"] and r["functions"] == 1 and r["comments_per_line"] > 0
    assert r["meaningful_ids"] == 1.0 and r["score"] == 1.0
    broken = nice.replace("first + second", "first * second")
    assert s.score(row, broken)["same_output"] is False and s.score(row, broken)["score"] == 0.0
    assert s.score(row, "this is prose, not code")["score"] == 0.0


@needs_sandbox
def test_code_optimization_percent_optimized():
    t = registry.load("code_optimization")
    s = t.scorer
    row = next(r for r in t.rows() if r["problem_id"] == "p03835")  # K,S: count triples, O(K^2)
    fast = (
        "K, S = map(int, input().split())\ncount = 0\nfor x in range(K + 1):\n"
        "    rest = S - x\n    lo, hi = max(0, rest - K), min(K, rest)\n"
        "    if lo <= hi:\n        count += hi - lo + 1\nprint(count)\n"
    )
    r = s.score(row, "```python\n" + fast + "```")
    assert r["correct"] and r["speedup"] > 2 and r["score"] == 1.0
    same = s.score(row, row["program"])
    assert same["correct"] and same["score"] == 0.0 and same["speedup"] == 1.0  # not timed: the original
    commented = s.score(row, "# count the triples\n" + row["program"].replace("O=0", "O = 0  # how many"))
    assert commented["correct"] and commented["score"] == 0.0 and commented["speedup"] == 1.0
    wrong = s.score(row, "print(0)\n")
    assert not wrong["correct"] and wrong["score"] == 0.0
    assert s.score(row, "def f(:\n")["error"].startswith("not a Python program")


@needs_sandbox
def test_every_shipped_program_runs_on_its_inputs():
    from selfrefine.tasks.sandbox import Limits, run_python

    rows = registry.load("code_optimization").rows()
    assert len(rows) >= 20
    for row in rows:
        assert row["tests"]
        for stdin in row["tests"]:
            r = run_python(row["program"], stdin=stdin, limits=Limits(wall_s=20, cpu_s=20))
            assert r.ok and r.stdout.strip(), (row["id"], r.describe())


def test_dialogue_judge_on_a_scripted_judge():
    import asyncio

    from tests.fakes import ScriptedEngine

    s = registry.load("dialogue").scorer
    judge = ScriptedEngine(script=['{"score": 4}', "not json"], name="judge-x")
    row = _row("dialogue", 0)
    r = asyncio.run(s.score_async(row, "System: Sounds fun, what game?", judge))
    assert r == {"score": 4.0, "judge": "judge-x", "judge_tokens": r["judge_tokens"]}
    assert "Sounds fun" in judge.tokenizer.decode(judge.prompts[0])
    assert judge.schemas[0]["properties"]["score"]["enum"] == [1, 2, 3, 4, 5]
    bad = asyncio.run(s.score_async(row, "hello", judge))
    assert bad["score"] is None and "not parsed" in bad["error"]


# ------------------------------------------------------------------ real engine, two items each

CODE_TASKS = {"gsm8k", "gsm8k:oracle", "code_readability", "code_optimization"}


@pytest.mark.engine
@pytest.mark.parametrize(
    "name",
    [
        "gsm8k",
        "gsm8k:oracle",
        "sentiment_reversal",
        "commongen_hard",
        "acronym",
        "dialogue",
        "code_readability",
        "code_optimization",
    ],
)
def test_task_runs_two_items_end_to_end_on_the_real_engine(real, tmp_path, name):
    from selfrefine.tasks import eval as ev

    engine, run = real
    t = registry.with_overrides(registry.load(name), rounds=1, max_tokens=24)
    rows = t.rows(2)
    meta = {"settings": ev.settings(t, engine.name, engine.name, 2)}
    records = run(ev.run_eval(t, rows, engine, tmp_path, meta, concurrency=2))
    assert [r["id"] for r in records] == [r["id"] for r in rows]
    lines = [json.loads(x) for x in (tmp_path / ev.RECORDS).read_text().splitlines()]
    assert sorted(r["id"] for r in lines) == sorted(r["id"] for r in rows)
    for rec in records:
        assert rec["status"] == "ok", rec.get("error")
        assert len(rec["scores"]) == len(rec["outputs"]) >= 1
        assert len(rec["score_by_round"]) == 2
        assert rec["usage"]["completion_tokens"] > 0 or name == "code_readability"
        assert all(s["score"] is not None or "error" in s for s in rec["scores"])
        if name in CODE_TASKS:  # scored by running the code: a real number for every output
            assert all(isinstance(s["score"], (int, float)) for s in rec["scores"]), rec["scores"]
            assert not any("sandbox unavailable" in (s.get("error") or "") for s in rec["scores"])
        if t.scorer_needs_judge:
            assert all(s.get("judge") == engine.name for s in rec["scores"])
    summary = ev.summarize(t, records, meta)
    ev.write_outputs(tmp_path, summary)
    assert (tmp_path / ev.PLOT).stat().st_size > 1000
    assert json.loads((tmp_path / ev.SUMMARY).read_text())["items"] == 2


# ------------------------------------------------------------------ the CI rule for the sandbox


def test_sandbox_verdict_fails_in_ci_on_linux_and_skips_elsewhere():
    from tests.conftest import sandbox_verdict

    assert sandbox_verdict(None, {"CI": "true"}, "linux") is None
    assert sandbox_verdict("no unshare", {"CI": "true"}, "linux") == "fail"
    assert sandbox_verdict("no unshare", {}, "linux") == "skip"
    assert sandbox_verdict("no unshare", {"CI": "true"}, "darwin") == "skip"


def test_sandbox_tests_skip_only_through_the_marker():
    """A test that needs the sandbox says so with `@pytest.mark.sandbox` (conftest turns a missing
    sandbox into a failure in CI); a test file of its own that skips on the sandbox's availability
    (`skipif(check_available() ...)`, `pytest.skip` after it) would go silently green in CI."""
    import ast

    offenders = []
    for path in sorted(Path(__file__).parent.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = ast.unparse(node.func)
            if name.endswith(("skipif", "skip", "importorskip")) and "check_available" in ast.unparse(node):
                offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []


def test_missing_sandbox_fails_a_ci_run_and_only_skips_outside_ci():
    """A real pytest run with `unshare` hidden from PATH: red in CI, a skip elsewhere."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    target = "tests/test_sandbox.py::test_ordinary_program_reads_stdin_and_prints"
    base = {k: v for k, v in os.environ.items() if k != "CI"}
    base.update(PATH="", PYTHONPATH=str(root))  # no unshare on PATH: check_available says why
    runs = {}
    for ci in (True, False):
        env = {**base, "CI": "true"} if ci else base
        runs[ci] = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-rfEs", "-p", "no:cacheprovider", target],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert runs[True].returncode == 1, runs[True].stdout[-2000:]
    assert "1 error" in runs[True].stdout and "sandbox is unavailable in CI" in runs[True].stdout
    assert "`unshare` is not installed" in runs[True].stdout
    assert runs[False].returncode == 0 and "1 skipped" in runs[False].stdout, runs[False].stdout[-2000:]
