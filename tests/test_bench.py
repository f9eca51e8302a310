"""The benchmark: report aggregation on synthetic records, and `selfrefine bench --quick` for real.

Timings are never asserted: only that every mode ran, every figure is there and the files exist.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from selfrefine.bench import report as rep
from selfrefine.bench.summary import ModeRun, build, summarize
from selfrefine.engine.types import Call, LoopError, LoopResult

CLI = str(Path(sys.executable).parent / "selfrefine")
MODE_KEYS = {
    "ours",
    "sequential",
    "no_cache",
    "http",
    "transformers",
    "limit",
    "limit_c1",
    "limit_short",
    "ours_text",
    "ours_vllm_threads",
    "spec_off_c1",
    "spec_auto_c1",
    "spec_off_c4",
    "spec_auto_c4",
}
FIGURES = {
    "answers_per_s",
    "gen_tok_per_s",
    "tokens_per_answer",
    "history_cache_share",
    "latency_p50_s",
    "latency_p95_s",
    "peak_rss_gb",
    "ratio_to_ours_tok_s",
    "ratio_to_ours_answers_s",
}


def _loop(prompt0: int, out: int, cached: bool, seconds: float) -> LoopResult:
    trace, p = [], prompt0
    for stage, rnd in (("draft", 0), ("feedback", 0), ("refine", 1)):
        c = (p - 10) if cached and stage != "draft" else 0
        trace.append(Call(stage, rnd, "m", "x", p, c, out, 0.1, "length"))
        p += out + 20
    return LoopResult(
        input="t",
        answer="a",
        selected_round=1,
        stop_reason="max_rounds",
        rounds=1,
        outputs=["a", "b"],
        trace=trace,
        seconds=seconds,
    )


def test_report_figures_ratios_and_targets(tmp_path):
    ours = ModeRun("ours", "1 ours", 4, 2.0, results=[_loop(40, 10, True, s) for s in (1.0, 1.5, 2.0, 2.0)])
    seq = ModeRun("sequential", "2 seq", 1, 4.0, results=[_loop(40, 10, True, 1.0)] * 2)
    bad = LoopError(input="t", error="boom", error_type="internal_error")
    nc = ModeRun("no_cache", "3", 4, 4.0, results=[_loop(40, 10, False, 2.0)] * 3 + [bad])
    calls = [c for r in ours.results for c in r.trace]
    lim = ModeRun("limit", "6", 4, 1.5, calls=calls, answers=4)
    r = build(
        {"model": "m"},
        {"ours": ours, "sequential": seq, "no_cache": nc, "limit": lim},
        {"engine": 1.0},
        [1, 4],
    )
    m = r["modes"]
    assert FIGURES <= set(m["ours"])
    assert m["ours"]["answers"] == 4 and m["ours"]["calls"] == 12 and m["ours"]["completion_tokens"] == 120
    assert m["ours"]["gen_tok_per_s"] == 60.0 and m["ours"]["answers_per_s"] == 2.0
    stage = m["ours"]["tokens_per_answer"]["by_stage"]
    assert stage["draft"] == {"prompt": 40.0, "cached": 0.0, "completion": 10.0}
    assert stage["feedback"]["prompt"] == 70.0 and stage["feedback"]["cached"] == 60.0
    assert m["ours"]["history_cache_share"] == round(150 / 170, 4)
    assert m["ours"]["round1_cache_share"] == 0.9  # the refine call of round 1: 90 of 100
    # per answer: 20 + 20 prompt tokens no earlier call held (the new turns)
    assert m["ours"]["uncached_after_draft_per_answer"]["new_turns"] == 40.0
    assert m["no_cache"]["errors"] == 1 and m["no_cache"]["history_cache_share"] == 0.0
    assert m["sequential"]["ratio_to_ours_tok_s"] == 0.25
    assert m["ours"]["latency_p50_s"] == 1.75
    assert m["ours"]["feedback_calls"] == 4 and m["ours"]["feedback_unparsed"] == 0
    broken = _loop(40, 10, True, 1.0)
    broken.trace[1].feedback_error = "feedback does not match the schema"
    two = summarize(ModeRun("x", "x", 1, 1.0, results=[broken, _loop(40, 10, True, 1.0)]))
    assert (two["feedback_calls"], two["feedback_unparsed"]) == (2, 1)
    assert [s["concurrency"] for s in r["sweep"]] == [1, 4] and r["sweep"][1]["gain_vs_sequential"] == 4.0
    assert len(r["targets"]) == 11  # the speculation and KV-pressure targets are there, unmeasured (None)
    assert r["pressure"] is None and r["growth"] == []
    t = {x["target"].split(" (")[0]: x for x in r["targets"]}
    assert t["ours / engine limit"]["measured"] == 0.75 and t["ours / engine limit"]["met"] is False
    assert t["ours / HTTP clients"]["met"] is None  # not measured, not invented
    paths = rep.write(r, tmp_path, {"ours": ours, "limit": lim})
    assert {p.name for p in paths} == {
        "bench.json",
        "bench.md",
        "throughput_vs_concurrency.png",
        "tokens_by_stage.png",
        "calls.json",
    }
    assert "| 1 ours |" in (tmp_path / "bench.md").read_text()


def test_report_pressure_and_growth(tmp_path):
    def run(key, wall, seconds, preempt=0, admit=None):
        stats = {"preemptions": preempt, "admission": admit is not None}
        if admit is not None:
            stats["admission_peak_in_flight"] = admit
        return ModeRun(key, key, 4, wall, results=[_loop(40, 10, True, x) for x in seconds], stats=stats)

    runs = {
        "kv_fcfs": run("kv_fcfs", 4.0, (3.0, 3.5, 4.0, 4.0), preempt=7),
        "kv_loop_admit": run("kv_loop_admit", 3.0, (1.0, 1.5, 2.5, 3.0), admit=2),
        "kv_http_off": run("kv_http_off", 6.0, (6.0,) * 4),
        "grow_l4_r2": run("grow_l4_r2", 2.0, (2.0,) * 4, preempt=3),
        "grow_l4_r2_admit": run("grow_l4_r2_admit", 1.0, (1.0,) * 4, admit=2),
        "grow_l1_r2": run("grow_l1_r2", 1.0, (1.0,) * 4),
    }
    repeats = [
        {
            "key": k,
            "tok_s": summarize(v)["gen_tok_per_s"],
            "p95_s": summarize(v)["latency_p95_s"],
            "p50_s": summarize(v)["latency_p50_s"],
        }
        for k, v in runs.items()
        if k.startswith("kv_")
    ]
    r = build(
        {"model": "m", "pressure_kv_gib": 0.1},
        runs,
        {},
        [],
        extra={"kv_repeats": repeats, "kv_capacity_tokens": 1000},
    )
    p = r["pressure"]
    assert p["ours"] == "kv_loop_admit"
    assert p["p95_fcfs_over_ours"] == round(4.0 / summarize(runs["kv_loop_admit"])["latency_p95_s"], 3)
    assert p["tok_s_ours_over_fcfs"] == round(4.0 / 3.0, 3) and p["tok_s_ours_over_http"] == 2.0
    assert [(g["loops"], g["rounds"], g["admission"]) for g in r["growth"]] == [
        (1, 2, False),
        (4, 2, False),
        (4, 2, True),
    ]
    assert r["growth"][1]["preemptions"] == 3 and r["growth"][2]["peak_in_flight"] == 2
    t = {x["target"].split(" (")[0]: x for x in r["targets"]}
    assert t["under KV pressure: ours"]["met"] is True  # tok/s ratio 1.33 >= 0.97
    assert t["under KV pressure: FCFS p95 loop latency / ours"]["measured"] == p["p95_fcfs_over_ours"]
    paths = rep.write(r, tmp_path)
    assert "cost_growth.png" in {x.name for x in paths}
    md = (tmp_path / "bench.md").read_text()
    assert "Cost growth" in md and "| 4 | 2 | yes |" in md and "KV pressure and low load" in md


def test_bench_rejects_unknown_mode():
    p = subprocess.run([CLI, "bench", "--modes", "ours,warp"], capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and "unknown mode" in p.stderr and "Traceback" not in p.stderr


ONE_ENGINE_MODES = "ours,sequential,limit,sweep,text"
"""The modes that share the main engine: the CI-sized run starts one engine, not twelve."""


@pytest.mark.engine
def test_bench_quick_one_engine_modes_end_to_end(tmp_path):
    """`bench --quick` for real on the modes that share one engine (about 3 minutes). Every mode
    runs in `test_bench_quick_end_to_end` (`make test-bench`, 12 engine starts); what each of the
    others measures is tested on its own in the file named: no_cache (the prefix cache's effect,
    `test_engine.py::test_round_two_prompt_is_served_from_the_prefix_cache`), threads (the CPU
    thread binding, `test_deploy.py`),
    transformers (`test_hf_engine.py`), speculation (`test_speculation.py`), pressure and growth
    (`test_scheduling.py`, admission through the default path), http (`test_server.py`); the report
    of every mode's figures is `test_report_markdown_is_pinned` and the `test_report_*` tests."""
    p = subprocess.run(
        [CLI, "bench", "--quick", "--modes", ONE_ENGINE_MODES, "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert p.returncode == 0, p.stderr[-3000:]
    report = json.loads((tmp_path / "bench.json").read_text())
    m = report["modes"]
    assert set(m) == {"ours", "sequential", "limit", "limit_c1", "limit_short", "ours_text"} | {
        f"ours_c{c}" for c in report["config"]["sweep"] if f"ours_c{c}" in m
    }
    assert set(report["startup_s"]) == {"engine"}
    for key, run in m.items():
        assert FIGURES <= set(run), key
        assert run["answers"] > 0 and run["errors"] == 0, (key, run["error_types"])
        assert set(run["tokens_per_answer"]["by_stage"]) >= {"draft", "feedback", "refine"}
    k = report["config"]["max_tokens"]
    for key in ("ours", "sequential", "ours_text"):
        assert m[key]["tokens_per_answer"]["by_stage"]["draft"]["completion"] == k, key
    assert m["ours"]["feedback_calls"] > 0 and m["ours"]["feedback_unparsed"] == 0
    for kind in ("completion_tokens", "prompt_tokens", "cached_tokens"):
        assert m["limit"][kind] == m["ours"][kind], kind
    assert m["limit_short"]["completion_tokens"] == m["ours"]["completion_tokens"]
    assert m["limit_short"]["prompt_tokens"] == m["ours"]["prompt_tokens"] - m["ours"]["cached_tokens"]
    assert m["ours"]["history_cache_share"] > 0 and m["ours"]["round1_cache_share"] > 0
    assert [s["concurrency"] for s in report["sweep"]] == report["config"]["sweep"]
    for name in ("bench.md", "throughput_vs_concurrency.png", "tokens_by_stage.png", "calls.json"):
        assert (tmp_path / name).stat().st_size > 0
    assert "| target |" in p.stdout


@pytest.mark.engine
@pytest.mark.bench_full
def test_bench_quick_end_to_end(tmp_path):
    p = subprocess.run(
        [CLI, "bench", "--quick", "--out", str(tmp_path)], capture_output=True, text=True, timeout=900
    )
    assert p.returncode == 0, p.stderr[-3000:]
    report = json.loads((tmp_path / "bench.json").read_text())
    assert set(report["modes"]) >= MODE_KEYS
    for key, m in report["modes"].items():
        assert FIGURES <= set(m), key
        assert m["answers"] > 0 and m["errors"] == 0, (key, m["error_types"])
        assert m["gen_tok_per_s"] > 0 and m["completion_tokens"] > 0
        assert set(m["tokens_per_answer"]["by_stage"]) >= {"draft", "feedback", "refine"}
    m = report["modes"]
    # Same work across modes in the fixed-length workload: every answer call made exactly K tokens.
    k = report["config"]["max_tokens"]
    # (mode 5's time budget drops a whole unfinished loop, never part of a call)
    for key in ("ours", "sequential", "no_cache", "http", "ours_text", "transformers"):
        assert m[key]["tokens_per_answer"]["by_stage"]["draft"]["completion"] == k, key
    # Mode 5 runs mode 1's grammar feedback on the transformers backend: it parses as it does there.
    for key in ("ours", "transformers"):
        assert m[key]["feedback_calls"] > 0 and m[key]["feedback_unparsed"] == 0, key
    # The limit replays mode 1's calls exactly: same prompt, cached and output tokens, no dependencies
    for kind in ("completion_tokens", "prompt_tokens", "cached_tokens"):
        assert m["limit"][kind] == m["ours"][kind], kind
    assert m["limit_short"]["completion_tokens"] == m["ours"]["completion_tokens"]
    assert m["limit_short"]["prompt_tokens"] == m["ours"]["prompt_tokens"] - m["ours"]["cached_tokens"]
    assert m["no_cache"]["cached_tokens"] == 0 and m["ours"]["history_cache_share"] > 0
    assert [s["concurrency"] for s in report["sweep"]] == report["config"]["sweep"]
    assert set(report["startup_s"]) == {
        "engine",
        "engine_no_cache",
        "engine_vllm_threads",
        "http_server",
        "transformers",
        "engine_spec_off",
        "engine_spec_auto",
        "engine_spec_auto_n",
        "engine_fcfs_small_kv",
        "engine_priority_small_kv",
        "http_server_small_kv_off",
        "http_server_small_kv_ngram",
    }
    # greedy outputs compared loop by loop: speculation verifies every drafted token, so outputs
    # agree but where bf16 verify steps flip a near-tie; most loops must agree
    same = report["speculation_identical"]
    assert same["c1"]["loops"] == m["spec_off_c1"]["answers"] > 0
    assert 2 * same["c1"]["identical"] >= same["c1"]["loops"], same
    assert report["threads"]["ratio"] > 0 and m["ours"]["round1_cache_share"] > 0
    assert len(report["targets"]) == 11 and all(t["measured"] is not None for t in report["targets"])
    # KV pressure: every variant ran all its loops; the growth sweep covers its grid
    for key in (
        "kv_fcfs",
        "kv_loop",
        "kv_las",
        "kv_fcfs_admit",
        "kv_loop_admit",
        "kv_http_off",
        "kv_http_ngram",
        "low_http_off",
        "low_http_ngram",
    ):
        assert m[key]["answers"] + m[key]["errors"] == m[key]["concurrency"] or key.startswith("low_"), key
        assert m[key]["errors"] == 0 or "ngram" in key, key  # vLLM + ngram + grammar: see bench/README
    assert {(g["loops"], g["rounds"]) for g in report["growth"]} == {(1, 1), (8, 1), (1, 2), (8, 2)}
    assert all(g["errors"] == 0 for g in report["growth"])
    for name in (
        "bench.md",
        "throughput_vs_concurrency.png",
        "tokens_by_stage.png",
        "calls.json",
        "cost_growth.png",
    ):
        assert (tmp_path / name).stat().st_size > 0
    assert "| target |" in p.stdout


def _every_section(workload: str) -> tuple[dict, dict[str, ModeRun]]:
    """The report (and its runs) of records that reach every table and paragraph of bench.md: errors,
    repeats, unparsed feedback, the sweep, grammar cost, threads, KV pressure, low load, cost growth."""

    def run(key, conc, wall, seconds, cached=True, samples=(), stats=None, **kw):
        return ModeRun(
            key,
            key.replace("_", " "),
            conc,
            wall,
            samples=list(samples),
            stats=stats or {},
            results=[_loop(40, 10, cached, x) for x in seconds],
            peak_rss=2.5e9,
            **kw,
        )

    broken = _loop(40, 10, True, 1.0)
    broken.trace[1].feedback_error = "feedback does not match the schema"
    ours = run("ours", 4, 2.0, (1.0, 1.5, 2.0, 2.0), samples=(60.0, 55.0))
    runs = {
        "ours": ours,
        "sequential": run("sequential", 1, 4.0, (1.0, 1.0)),
        "no_cache": ModeRun(
            "no_cache",
            "3 no cache",
            4,
            4.0,
            results=[_loop(40, 10, False, 2.0)] * 3
            + [LoopError(input="t", error="boom", error_type="internal_error")],
        ),
        "http": run("http", 4, 3.0, (2.0,) * 4),
        "transformers": run("transformers", 1, 20.0, (10.0, 10.0)),
        "limit": ModeRun(
            "limit",
            "6 limit",
            4,
            1.5,
            calls=[c for r in ours.results for c in r.trace],
            answers=4,
            samples=[80.0, 70.0],
        ),
        "limit_c1": ModeRun("limit_c1", "6 limit c1", 1, 3.0, calls=ours.results[0].trace, answers=1),
        "ours_text": ModeRun(
            "ours_text", "ours text", 4, 2.2, results=[broken, *ours.results[1:]], samples=[58.0, 50.0]
        ),
        "ours_vllm_threads": run("ours_vllm_threads", 4, 2.5, (1.0, 2.0)),
        "ours_c8": run("ours_c8", 8, 3.0, (2.0,) * 8),
        "spec_off_c1": run("spec_off_c1", 1, 2.0, (1.0,), samples=(15.0, 14.0)),
        "spec_auto_c1": run("spec_auto_c1", 1, 1.0, (0.5,), samples=(30.0, 26.0)),
        "kv_fcfs": run("kv_fcfs", 4, 4.0, (3.0, 3.5, 4.0, 4.0), stats={"preemptions": 7}),
        "kv_loop_admit": run(
            "kv_loop_admit",
            4,
            3.0,
            (1.0, 1.5, 2.5, 3.0),
            stats={"preemptions": 0, "admission_peak_in_flight": 2},
        ),
        "kv_http_off": run("kv_http_off", 4, 6.0, (6.0,) * 4),
        "low_http_off": run("low_http_off", 1, 1.0, (1.0,), cached=False),
        "grow_l4_r2": run("grow_l4_r2", 4, 2.0, (2.0,) * 4, stats={"preemptions": 3}),
        "grow_l4_r2_admit": run(
            "grow_l4_r2_admit", 4, 1.0, (1.0,) * 4, stats={"admission_peak_in_flight": 2}
        ),
        "grow_l1_r1": run("grow_l1_r1", 1, 1.0, (1.0,)),
    }
    kv = {k: summarize(v) for k, v in runs.items() if k.startswith("kv_")}
    repeats = [
        {
            "key": k,
            "tok_s": s["gen_tok_per_s"],
            "p95_s": s["latency_p95_s"],
            "p50_s": s["latency_p50_s"],
            "answers_s": s["answers_per_s"],
        }
        for k, s in kv.items()
    ]
    config = {
        "model": "m",
        "workload": workload,
        "loops": 4,
        "rounds": 1,
        "max_tokens": 10,
        "feedback": "grammar",
        "cpu_count": 2,
        "loadavg_start": [1.0, 1.0, 1.0],
        "started_utc": "2026-01-01 00:00:00 UTC",
        "block_size": 16,
        "pressure_kv_gib": 0.1,
        "threads_env": {"VLLM_CPU_OMP_THREADS_BIND": "0-1"},
    }
    extra = {
        "kv_repeats": repeats,
        "kv_capacity_tokens": 1000,
        "loadavg_end": [2.0, 1.5, 1.0],
        "total_s": 99.5,
        "speculation_identical": {"c1": {"loops": 1, "identical": 1}},
    }
    return build(config, runs, {"engine": 12.3, "http_server": 4.5}, [1, 4, 8], extra=extra), runs


@pytest.mark.parametrize("workload", ["fixed", "natural"])
def test_report_markdown_is_pinned(workload):
    """bench.md of records that reach every section, byte for byte: tests/data/bench_report_<workload>.md
    was written by the renderer before it was split from the figures."""
    report, _ = _every_section(workload)
    pinned = Path(__file__).parent / "data" / f"bench_report_{workload}.md"
    assert rep.markdown(report) == pinned.read_text()
