"""Benchmark figures from raw mode records: per-mode summaries, ratios, sweep, pressure, growth, targets."""

# Nothing here runs a model (`bench.run` measures) or renders (`bench.report` writes the files), so the
# figures are tested on synthetic records without an engine.

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from selfrefine.engine.types import Call, LoopError, LoopResult

STAGES = ("draft", "feedback", "refine")
KINDS = ("prompt", "cached", "completion")


@dataclass
class ModeRun:
    """What one mode measured: its finished loops (or flat calls) and the wall time they took."""

    key: str
    """Short id: ours, sequential, no_cache, http, transformers, limit, ours_text, ..."""
    label: str
    concurrency: int
    wall_s: float
    results: list = field(default_factory=list)
    """LoopResult / LoopError records (empty for the flat-batch limit)."""
    calls: list[Call] | None = None
    """Flat calls when there are no loops (the engine limit)."""
    answers: int | None = None
    """Refined answers the flat calls stand for (the limit replays mode 1's loops)."""
    peak_rss: int | None = None
    """Peak resident memory in bytes of this process and its children while the mode ran."""
    note: str = ""
    samples: list[float] = field(default_factory=list)
    """Generated tok/s of every repetition of this mode (the run kept is the fastest)."""
    stats: dict = field(default_factory=dict)
    """Engine-side figures of the run (preemptions, KV capacity, admission counters)."""


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def summarize(run: ModeRun) -> dict:
    """The figures the issue asks for, for one mode."""
    ok = [r for r in run.results if isinstance(r, LoopResult)]
    errors = [r for r in run.results if isinstance(r, LoopError)]
    calls = run.calls if run.calls is not None else [c for r in ok for c in r.trace]
    answers = run.answers if run.answers is not None else len(ok)
    wall = max(run.wall_s, 1e-9)
    comp = sum(c.completion_tokens for c in calls)
    by_stage = {s: {k: 0.0 for k in KINDS} for s in STAGES}
    for c in calls:
        st = by_stage.setdefault(c.stage, {k: 0.0 for k in KINDS})
        st["prompt"] += c.prompt_tokens
        st["cached"] += c.cached_tokens
        st["completion"] += c.completion_tokens
    per_answer = {
        s: {k: round(v / answers, 1) if answers else None for k, v in d.items()} for s, d in by_stage.items()
    }
    totals = {k: round(sum(d[k] for d in by_stage.values()) / answers, 1) if answers else None for k in KINDS}
    later = [c for c in calls if c.stage != "draft"]
    p_later = sum(c.prompt_tokens for c in later)
    # Of each later prompt, the part that the previous call's prompt + output already held (the
    # history): the most a prefix cache could serve, before block rounding.
    # Uncached later prompt tokens split by cause: tokens no earlier call held (the new user turn
    # and the turn markers around it) and held tokens the cache did not serve (it keeps whole
    # blocks only, so the unfilled last block of the previous call is computed again).
    reusable = cached_later = new_turn = 0
    for r in ok:
        for prev, c in zip(r.trace, r.trace[1:]):
            held = min(c.prompt_tokens, prev.prompt_tokens + prev.completion_tokens)
            reusable += held
            new_turn += c.prompt_tokens - held
            cached_later += c.cached_tokens
    r1 = [c for c in later if c.round >= 1]
    p_r1 = sum(c.prompt_tokens for c in r1)
    reviews = [c for c in calls if c.stage == "feedback"] if run.calls is None else []  # replays parse none
    lat = sorted(r.seconds for r in ok)
    return {
        "label": run.label,
        "concurrency": run.concurrency,
        "answers": answers,
        "errors": len(errors),
        "error_types": sorted({e.error_type for e in errors}),
        "calls": len(calls),
        "wall_s": round(run.wall_s, 2),
        "answers_per_s": round(answers / wall, 4),
        "gen_tok_per_s": round(comp / wall, 2),
        "completion_tokens": comp,
        "prompt_tokens": sum(c.prompt_tokens for c in calls),
        "cached_tokens": sum(c.cached_tokens for c in calls),
        "tokens_per_answer": {"by_stage": per_answer, "by_kind": totals},
        "history_cache_share": round(sum(c.cached_tokens for c in later) / p_later, 4) if p_later else None,
        "history_cache_share_of_reusable": round(cached_later / reusable, 4) if reusable else None,
        # the calls of refinement rounds 1.. (round 0 is the draft and its feedback)
        "round1_cache_share": round(sum(c.cached_tokens for c in r1) / p_r1, 4) if p_r1 else None,
        "uncached_after_draft_per_answer": (
            {
                "new_turns": round(new_turn / len(ok), 1),
                "block_rounding": round((reusable - cached_later) / len(ok), 1),
            }
            if ok and reusable
            else None
        ),
        "feedback_s_per_token": _s_per_token(calls, "feedback"),
        # review calls whose feedback gave the loop nothing to use: JSON that does not parse
        # (grammar), or neither scores nor the stop phrase (free text)
        "feedback_calls": len(reviews),
        "feedback_unparsed": sum(1 for c in reviews if c.feedback_error),
        "latency_p50_s": round(_pct(lat, 50), 2) if lat else None,
        "latency_p95_s": round(_pct(lat, 95), 2) if lat else None,
        "peak_rss_gb": round(run.peak_rss / 1e9, 2) if run.peak_rss else None,
        "note": run.note,
        "samples_tok_s": list(run.samples),
        "engine_stats": dict(run.stats),
    }


def _s_per_token(calls: list[Call], stage: str) -> float | None:
    """Mean call seconds per generated token over one stage's calls (latency view, not throughput)."""
    sel = [c for c in calls if c.stage == stage]
    toks = sum(c.completion_tokens for c in sel)
    return round(sum(c.seconds for c in sel) / toks, 5) if toks else None


def _ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 3) if a is not None and b else None


def paired_ratio(a: dict | None, b: dict | None) -> float | None:
    """a's rate over b's, for two modes run interleaved: the mean of the per-repeat ratios.

    Repeats of 1 / free text / the limit run in that order, so the i-th runs of each share a
    moment of the machine; the ratio within a repeat cancels the drift between repeats, where the
    ratio of the best runs would favour whichever mode ran when the machine was fastest.
    Falls back to the ratio of the kept (fastest) runs when there are no paired repeats.
    """
    if not a or not b:
        return None
    sa, sb = a.get("samples_tok_s") or [], b.get("samples_tok_s") or []
    if len(sa) >= 2 and len(sa) == len(sb) and all(sb):
        return round(sum(x / y for x, y in zip(sa, sb)) / len(sa), 3)
    return _ratio(a["gen_tok_per_s"], b["gen_tok_per_s"])


def grammar_cost(modes: dict) -> dict | None:
    """Mode 1 with grammar feedback vs free text at equal tokens."""
    base, text = modes.get("ours"), modes.get("ours_text")
    if not (base and text):
        return None
    return {
        "grammar_tok_s": base["gen_tok_per_s"],
        "text_tok_s": text["gen_tok_per_s"],
        "grammar_answers_s": base["answers_per_s"],
        "text_answers_s": text["answers_per_s"],
        "grammar_completion_per_answer": base["tokens_per_answer"]["by_kind"]["completion"],
        "text_completion_per_answer": text["tokens_per_answer"]["by_kind"]["completion"],
        "cost": round(1 - paired_ratio(base, text), 4) if text["gen_tok_per_s"] else None,
        "cost_per_repeat": [
            round(1 - x / y, 4)
            for x, y in zip(base.get("samples_tok_s") or [], text.get("samples_tok_s") or [])
            if y
        ],
        # The grammar only acts in feedback calls: their seconds per token, grammar vs text.
        "feedback_call_cost": (
            round(base["feedback_s_per_token"] / text["feedback_s_per_token"] - 1, 4)
            if base["feedback_s_per_token"] and text["feedback_s_per_token"]
            else None
        ),
    }


def build(
    config: dict,
    runs: dict[str, ModeRun],
    startup_s: dict[str, float],
    sweep_conc: list[int],
    extra: dict | None = None,
) -> dict:
    """The whole report: per-mode figures, ratios to mode 1, sweep, grammar cost and targets."""
    modes = {k: summarize(r) for k, r in runs.items()}
    base = modes.get("ours")
    for m in modes.values():
        m["ratio_to_ours_tok_s"] = _ratio(m["gen_tok_per_s"], base["gen_tok_per_s"]) if base else None
        m["ratio_to_ours_answers_s"] = _ratio(m["answers_per_s"], base["answers_per_s"]) if base else None

    seq = modes.get("sequential")
    lim1 = modes.get("limit_c1")
    sweep = []
    for c in sweep_conc:
        key = "sequential" if c == 1 else ("ours" if base and c == base["concurrency"] else f"ours_c{c}")
        m = modes.get(key)
        if m is None:
            continue
        lim = modes.get("limit") if base and c == base["concurrency"] else (lim1 if c == 1 else None)
        sweep.append(
            {
                "concurrency": c,
                "ours_tok_s": m["gen_tok_per_s"],
                "ours_answers_s": m["answers_per_s"],
                "sequential_tok_s": seq["gen_tok_per_s"] if seq else None,
                "gain_vs_sequential": _ratio(m["gen_tok_per_s"], seq["gen_tok_per_s"] if seq else None),
                "limit_tok_s": lim["gen_tok_per_s"] if lim else None,
            }
        )

    grammar = grammar_cost(modes)

    threads = None
    auto = modes.get("ours_vllm_threads")
    if base and auto:
        threads = {
            "all_cores_bind": config.get("threads_env", {}).get("VLLM_CPU_OMP_THREADS_BIND"),
            "all_cores_tok_s": base["gen_tok_per_s"],
            "one_core_bind": "vLLM's auto",
            "one_core_tok_s": auto["gen_tok_per_s"],
            "ratio": _ratio(base["gen_tok_per_s"], auto["gen_tok_per_s"]),
            "default": "every core"
            if base["gen_tok_per_s"] >= auto["gen_tok_per_s"]
            else "every core (but vLLM's auto was faster in this run)",
        }

    report = {
        "config": config,
        "startup_s": {k: round(v, 1) for k, v in startup_s.items()},
        "modes": modes,
        "sweep": sweep,
        "grammar_cost": grammar,
        "threads": threads,
        **(extra or {}),
    }
    report["pressure"] = pressure(modes, report.get("kv_repeats") or [])
    report["growth"] = growth(modes)
    report["targets"] = targets(report)
    return report


def targets(report: dict) -> list[dict]:
    """The issue's targets, each with what was measured and whether it was met (None: not measured)."""
    m = report["modes"]
    out = []

    def add(name, want, value, met):
        out.append({"target": name, "want": want, "measured": value, "met": met})

    ours, lim = m.get("ours"), m.get("limit")
    r = paired_ratio(ours, lim)
    add(
        "ours / engine limit (generated tok/s; mean of the interleaved repeats' ratios)",
        ">= 0.9",
        r,
        None if r is None else r >= 0.9,
    )

    seq, lim1 = m.get("sequential"), m.get("limit_c1")
    gain = _ratio(ours["gen_tok_per_s"], seq["gen_tok_per_s"]) if ours and seq else None
    engine_gain = _ratio(lim["gen_tok_per_s"], lim1["gen_tok_per_s"]) if lim and lim1 else None
    # (ours / seq) / (limit / limit_c1), with the 32-in-flight part paired as above
    share = (
        round(r * lim1["gen_tok_per_s"] / seq["gen_tok_per_s"], 3)
        if r is not None and seq and lim1 and seq["gen_tok_per_s"]
        else None
    )
    add(
        f"ours / sequential vs the engine's batching gain at {ours['concurrency'] if ours else '?'} "
        f"(ours {gain}x, engine {engine_gain}x)",
        ">= 0.9",
        share,
        None if share is None else share >= 0.9,
    )

    hs = ours["round1_cache_share"] if ours else None
    after = ours["history_cache_share"] if ours else None
    add(
        f"round >= 1 prompt tokens served from the prefix cache (every call after the draft: "
        f"{'-' if after is None else format(after, '.1%')})",
        ">= 0.90",
        hs,
        None if hs is None else hs >= 0.9,
    )

    g = report.get("grammar_cost")
    cost = g["cost"] if g else None
    if report["config"].get("workload") == "natural":  # stop rules on: the two variants do different work
        add(
            "grammar feedback throughput cost vs free text (equal tokens; not in the natural workload)",
            "<= 0.05",
            None,
            None,
        )
    else:
        add(
            "grammar feedback throughput cost vs free text (equal tokens; mean over the interleaved repeats)",
            "<= 0.05",
            cost,
            None if cost is None else cost <= 0.05,
        )

    http = m.get("http")
    r = _ratio(ours["gen_tok_per_s"], http["gen_tok_per_s"]) if ours and http else None
    add(
        "ours / HTTP clients (generated tok/s; fastest run of each)",
        ">= 1.2",
        r,
        None if r is None else r >= 1.2,
    )
    hf = m.get("transformers")
    r = _ratio(ours["gen_tok_per_s"], hf["gen_tok_per_s"]) if ours and hf else None
    add("ours / transformers backend loops (generated tok/s)", ">= 3", r, None if r is None else r >= 3)
    same = report.get("speculation_identical") or {}
    for key, want, floor in (("c1", ">= 1.8", 1.8), (None, ">= 0.97", 0.97)):
        c = key or next((k for k in same if k != "c1"), None)
        off, auto = m.get(f"spec_off_{c}"), m.get(f"spec_auto_{c}")
        r = paired_ratio(auto, off)
        ident = same.get(c, {})
        add(
            f"speculation auto / off at {c[1:] if c else '?'} loop(s) in flight (generated tok/s, "
            f"mean of the interleaved repeats' ratios; greedy outputs "
            f"identical in {ident.get('identical', '-')} of {ident.get('loops', '-')} loops)",
            want,
            r,
            None if r is None else r >= floor,
        )
    p = report.get("pressure") or {}
    lat, tput, http = (
        p.get("p95_fcfs_over_ours"),
        p.get("tok_s_ours_over_fcfs"),
        p.get("tok_s_ours_over_http"),
    )
    ours = p.get("ours", PRESSURE_OURS)
    add(
        f"under KV pressure: FCFS p95 loop latency / ours ({ours}; mean of the interleaved repeats' ratios)",
        ">= 1.3",
        lat,
        None if lat is None else lat >= 1.3,
    )
    add(
        f"under KV pressure: ours ({ours}) / FCFS generated tok/s",
        ">= 0.97",
        tput,
        None if tput is None else tput >= 0.97,
    )
    add(
        f"under KV pressure: ours ({ours}) / HTTP clients generated tok/s",
        ">= 1.3",
        http,
        None if http is None else http >= 1.3,
    )
    return out


PRESSURE_OURS = "kv_loop_admit"
"""The engine's defaults under KV pressure: loop priority and KV admission."""


def _paired(repeats: list[dict], a: str, b: str, field: str, invert: bool = False) -> float | None:
    """Mean over repeats of a[field] / b[field] (b / a with invert), the i-th run of each paired."""
    ra = [r[field] for r in repeats if r["key"] == a and r.get(field)]
    rb = [r[field] for r in repeats if r["key"] == b and r.get(field)]
    pairs = list(zip(ra, rb))
    if not pairs:
        return None
    vals = [(y / x) if invert else (x / y) for x, y in pairs]
    return round(sum(vals) / len(vals), 3)


def pressure(modes: dict, repeats: list[dict]) -> dict | None:
    """The KV-pressure comparison: ours (loop priority + admission) against FCFS and HTTP clients."""
    if "kv_fcfs" not in modes:
        return None
    ours = PRESSURE_OURS if PRESSURE_OURS in modes else "kv_loop"
    http = modes.get("kv_http_off")
    return {
        "ours": ours,
        "p95_fcfs_over_ours": _paired(repeats, ours, "kv_fcfs", "p95_s", invert=True),
        "p50_fcfs_over_ours": _paired(repeats, ours, "kv_fcfs", "p50_s", invert=True),
        "tok_s_ours_over_fcfs": _paired(repeats, ours, "kv_fcfs", "tok_s"),
        "tok_s_ours_over_http": (
            _paired(repeats, ours, "kv_http_off", "tok_s")
            or (_ratio(modes[ours]["gen_tok_per_s"], http["gen_tok_per_s"]) if http else None)
        ),
        "answers_s_ours_over_http": (
            _paired(repeats, ours, "kv_http_off", "answers_s")
            or (_ratio(modes[ours]["answers_per_s"], http["answers_per_s"]) if http else None)
        ),
        "p95_http_over_ours": (
            _paired(repeats, ours, "kv_http_off", "p95_s", invert=True)
            or (_ratio(http["latency_p95_s"], modes[ours]["latency_p95_s"]) if http else None)
        ),
        "by_variant": {
            k: _paired(repeats, k, "kv_fcfs", "p95_s", invert=True)
            for k in ("kv_loop", "kv_las", "kv_fcfs_admit", "kv_loop_admit")
            if k in modes
        },
    }


def growth(modes: dict) -> list[dict]:
    """The cost-growth sweep: one row per (loops, rounds, admission)."""
    rows = []
    for k, m in modes.items():
        if not k.startswith("grow_l"):
            continue
        parts = k.split("_")
        rows.append(
            {
                "loops": int(parts[1][1:]),
                "rounds": int(parts[2][1:]),
                "admission": k.endswith("_admit"),
                "tok_s": m["gen_tok_per_s"],
                "answers_s": m["answers_per_s"],
                "cache_share": m["history_cache_share"],
                "p50_s": m["latency_p50_s"],
                "p95_s": m["latency_p95_s"],
                "preemptions": m["engine_stats"].get("preemptions"),
                "peak_in_flight": m["engine_stats"].get("admission_peak_in_flight"),
                "errors": m["errors"],
                "note": m["note"],
            }
        )
    return sorted(rows, key=lambda r: (r["rounds"], r["loops"], r["admission"]))


def calls_table(runs: dict[str, ModeRun]) -> dict[str, list]:
    """Every call of every mode: [loop, stage, round, prompt, cached, completion, seconds]."""
    out = {}
    for k, r in runs.items():
        if r.calls is not None:
            out[k] = [
                [
                    None,
                    c.stage,
                    c.round,
                    c.prompt_tokens,
                    c.cached_tokens,
                    c.completion_tokens,
                    round(c.seconds, 3),
                ]
                for c in r.calls
            ]
        else:
            out[k] = [
                [
                    i,
                    c.stage,
                    c.round,
                    c.prompt_tokens,
                    c.cached_tokens,
                    c.completion_tokens,
                    round(c.seconds, 3),
                ]
                for i, res in enumerate(r.results)
                if isinstance(res, LoopResult)
                for c in res.trace
            ]
    return out


def recompute(report: dict) -> dict:
    """Recompute the derived figures and targets of a saved report (bench.json) in place; returns it."""
    report["grammar_cost"] = grammar_cost(report["modes"])
    report["pressure"] = pressure(report["modes"], report.get("kv_repeats") or [])
    report["growth"] = growth(report["modes"])
    report["targets"] = targets(report)
    return report
