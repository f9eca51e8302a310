"""The benchmark report's rendering: bench.md, the PNG plots and bench.json / calls.json from the figures."""

from __future__ import annotations

import json
from pathlib import Path

from selfrefine.bench.summary import STAGES, ModeRun, calls_table, recompute

MODE_ORDER = (
    "ours",
    "sequential",
    "no_cache",
    "http",
    "transformers",
    "limit",
    "limit_c1",
    "limit_short",
    "ours_text",
)


def _f(v, nd=1) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:.{nd}f}"
    return str(v)


def _share(v: float | None) -> str:
    return "-" if v is None else f"{v:.1%}"


def _table(header: list[str], rows: list[list]) -> list[str]:
    """A markdown table: the header, its rule, then one line per row of cells (every table of bench.md)."""
    lines = ["| " + " | ".join(str(c) for c in cells) + " |" for cells in (header, *rows)]
    return [lines[0], "|---" * len(header) + "|", *lines[1:]]


def markdown(report: dict) -> str:
    cfg = report["config"]
    fixed = cfg.get("workload") == "fixed"
    lines = [
        f"## selfrefine bench: {cfg.get('model')}, {cfg.get('workload', '?')} workload",
        "",
        f"{cfg.get('loops')} loops, {cfg.get('rounds')} rounds, {cfg.get('max_tokens')} tokens per "
        f"draft/refine call{' (exactly)' if fixed else ' (at most)'}, feedback: {cfg.get('feedback')}; "
        f"{cfg.get('cpu_count')} CPUs; load average at start {cfg.get('loadavg_start')}, at end "
        f"{report.get('loadavg_end')}; started {cfg.get('started_utc')}; "
        f"total {report.get('total_s', '?')} s.",
        "",
        "Start-up (not in throughput): " + ", ".join(f"{k} {v} s" for k, v in report["startup_s"].items()),
        "",
    ]
    modes = report["modes"]
    keys = [k for k in MODE_ORDER if k in modes] + [
        k for k in modes if k not in MODE_ORDER and not k.startswith("grow_")
    ]
    rows = []
    for k in keys:
        m = modes[k]
        kind, st = m["tokens_per_answer"]["by_kind"], m["tokens_per_answer"]["by_stage"]
        reuse = m["history_cache_share_of_reusable"]
        err = f" ({m['errors']} err)" if m["errors"] else ""
        rows.append(
            [
                m["label"],
                m["concurrency"],
                f"{m['answers']}{err}",
                _f(m["answers_per_s"], 3),
                _f(m["gen_tok_per_s"]),
                _f(m["ratio_to_ours_tok_s"], 2),
                f"{_f(kind['prompt'], 0)} / {_f(kind['cached'], 0)} / {_f(kind['completion'], 0)}",
                " / ".join(_f(st.get(s, {}).get("completion"), 0) for s in STAGES),
                _share(m["history_cache_share"]) + ("" if reuse is None else f" ({reuse:.0%})"),
                f"{_f(m['latency_p50_s'])} / {_f(m['latency_p95_s'])}",
                _f(m["peak_rss_gb"], 2),
            ]
        )
    lines += _table(
        [
            "mode",
            "conc.",
            "answers",
            "answers/s",
            "gen tok/s",
            "x mode 1",
            "tokens/answer prompt / cached / completion",
            "completion draft / feedback / refine",
            "history cache share (of reusable)",
            "p50 / p95 loop s",
            "peak mem GB",
        ],
        rows,
    )
    reviews = [
        f"{modes[k]['label']}: {modes[k]['feedback_unparsed']}/{modes[k]['feedback_calls']}"
        for k in keys
        if modes[k].get("feedback_calls")
    ]
    if reviews:
        lines += [
            "",
            "Feedback calls without usable feedback (unparsed JSON; free text: no scores and "
            "no stop phrase): " + "; ".join(reviews) + ".",
        ]
    rep_lines = [
        f"{m['label']}: {' / '.join(_f(x) for x in m['samples_tok_s'])}"
        for k in keys
        if len((m := modes[k]).get("samples_tok_s") or []) > 1
    ]
    if rep_lines:
        lines += [
            "",
            "Repeated modes, generated tok/s of each run in order (the table keeps the fastest): "
            + "; ".join(rep_lines)
            + ".",
        ]
    if report["sweep"]:
        lines += [
            "",
            "Concurrency sweep (ours vs one loop at a time; limit = same calls as a flat batch):",
            "",
        ]
        lines += _table(
            [
                "loops in flight",
                "ours tok/s",
                "ours answers/s",
                "sequential tok/s",
                "gain",
                "engine limit tok/s",
            ],
            [
                [
                    s["concurrency"],
                    _f(s["ours_tok_s"]),
                    _f(s["ours_answers_s"], 3),
                    _f(s["sequential_tok_s"]),
                    _f(s["gain_vs_sequential"], 2),
                    _f(s["limit_tok_s"]),
                ]
                for s in report["sweep"]
            ],
        )
    g = report.get("grammar_cost")
    if g and g["cost"] is not None and not fixed:
        lines += [
            "",
            f"Grammar vs free-text feedback (natural workload, stop rules on: not equal work, so "
            f"not a cost): {g['grammar_tok_s']} vs {g['text_tok_s']} tok/s, "
            f"{g['grammar_completion_per_answer']} vs {g['text_completion_per_answer']} completion "
            f"tokens per answer.",
        ]
    elif g and g["cost"] is not None:
        per = g.get("cost_per_repeat") or []
        lines += [
            "",
            f"Grammar vs free-text feedback: {g['grammar_tok_s']} vs {g['text_tok_s']} tok/s, fastest runs "
            f"({g['grammar_completion_per_answer']} vs {g['text_completion_per_answer']} completion "
            f"tokens per answer): throughput cost {g['cost']:.1%} (mean of the interleaved repeats: "
            f"{', '.join(format(x, '.1%') for x in per) or '-'}); feedback calls alone "
            f"(seconds per token, where the grammar acts): "
            f"{'-' if g['feedback_call_cost'] is None else format(g['feedback_call_cost'], '.1%')}.",
        ]
    th = report.get("threads")
    if th:
        lines += [
            "",
            f"CPU threads for the engine, mode 1's workload: every core (bind {th['all_cores_bind']}) "
            f"{th['all_cores_tok_s']} tok/s vs vLLM's own choice (bind auto: one core, one reserved) "
            f"{th['one_core_tok_s']} tok/s: {th['ratio']}x; the engine default is {th['default']}.",
        ]
    u = base["uncached_after_draft_per_answer"] if (base := modes.get("ours")) else None
    if u:
        lines += [
            "",
            f"Mode 1's uncached prompt tokens after the draft, per answer: {u['new_turns']} in new user "
            f"turns (text and turn markers), {u['block_rounding']} from block rounding (the prefix "
            f"cache keeps whole {cfg.get('block_size', 32)}-token blocks only).",
        ]
    lines += _kv_sections(report)
    lines += [""] + _table(
        ["target", "want", "measured", "met"],
        [
            [
                t["target"],
                t["want"],
                _f(t["measured"], 3),
                "n/a" if t["met"] is None else ("yes" if t["met"] else "**no**"),
            ]
            for t in report["targets"]
        ],
    )
    return "\n".join(lines) + "\n"


def _kv_sections(report: dict) -> list[str]:
    modes, lines = report["modes"], []
    cap = report.get("kv_capacity_tokens")
    kv = report["config"].get("pressure_kv_gib")
    rows = [k for k in modes if k.startswith(("kv_", "low_"))]
    if rows:
        lines += [
            "",
            f"KV pressure and low load (KV cache {kv} GiB = {cap or '?'} tokens; loop latency from "
            "submission; the fastest of the repeats):",
            "",
        ]
        cells = []
        for k in rows:
            m = modes[k]
            st = m.get("engine_stats") or {}
            cells.append(
                [
                    m["label"],
                    m["concurrency"],
                    _f(m["gen_tok_per_s"]),
                    _f(m["answers_per_s"], 3),
                    f"{_f(m['latency_p50_s'])} / {_f(m['latency_p95_s'])}",
                    _f(st.get("preemptions")),
                    _share(m["history_cache_share"]),
                    _f(st.get("admission_peak_in_flight", m["concurrency"] if st else None)),
                    m["errors"],
                ]
            )
        lines += _table(
            [
                "run",
                "loops",
                "gen tok/s",
                "answers/s",
                "p50 / p95 loop s",
                "preemptions",
                "history cache share",
                "loops in flight at most",
                "errors",
            ],
            cells,
        )
    p = report.get("pressure")
    if p:
        lines += [
            "",
            f"Under KV pressure, ours = {p['ours']}: FCFS p95 / ours {_f(p['p95_fcfs_over_ours'], 2)}x, "
            f"p50 {_f(p['p50_fcfs_over_ours'], 2)}x, tok/s ours / FCFS {_f(p['tok_s_ours_over_fcfs'], 2)}x "
            f"(means of the interleaved repeats' ratios); FCFS p95 / each variant: "
            + ", ".join(f"{k} {_f(v, 2)}x" for k, v in p["by_variant"].items())
            + f". Ours / HTTP clients: tok/s {_f(p.get('tok_s_ours_over_http'), 2)}x, answers/s "
            f"{_f(p.get('answers_s_ours_over_http'), 2)}x, "
            f"HTTP p95 / ours {_f(p.get('p95_http_over_ours'), 2)}x.",
        ]
    g = report.get("growth") or []
    if g:
        lines += [
            "",
            f"Cost growth (KV cache {cap or '?'} tokens, loop priority; admission where the estimated "
            "histories do not fit):",
            "",
        ]
        lines += _table(
            [
                "loops",
                "rounds",
                "admission",
                "gen tok/s",
                "answers/s",
                "history cache share",
                "p50 / p95 loop s",
                "preemptions",
                "loops in flight at most",
            ],
            [
                [
                    r["loops"],
                    r["rounds"],
                    "yes" if r["admission"] else "no",
                    _f(r["tok_s"]),
                    _f(r["answers_s"], 3),
                    _share(r["cache_share"]),
                    f"{_f(r['p50_s'])} / {_f(r['p95_s'])}",
                    _f(r["preemptions"]),
                    _f(r["peak_in_flight"] or r["loops"]),
                ]
                for r in g
            ],
        )
    return lines


def plots(report: dict, out_dir: Path) -> list[Path]:
    """throughput_vs_concurrency.png and tokens_by_stage.png."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    paths = []
    fig, ax = plt.subplots(figsize=(6, 4))
    sw = report["sweep"]
    if sw:
        xs = [s["concurrency"] for s in sw]
        ax.plot(xs, [s["ours_tok_s"] for s in sw], "o-", label="ours (concurrent loops)")
        if sw[0]["sequential_tok_s"] is not None:
            ax.plot(xs, [sw[0]["sequential_tok_s"]] * len(xs), "--", label="sequential (one loop at a time)")
        lim = [(s["concurrency"], s["limit_tok_s"]) for s in sw if s["limit_tok_s"] is not None]
        if lim:
            ax.plot(*zip(*lim), "s", label="engine limit (flat batch)")
        ax.set_xscale("log", base=2)
        ax.set_xticks(xs, [str(x) for x in xs])
    ax.set_xlabel("loops in flight")
    ax.set_ylabel("generated tokens / s")
    ax.set_title(f"{report['config']['model']}: throughput vs concurrency")
    ax.grid(alpha=0.3)
    if sw:
        ax.legend()
    else:
        ax.text(
            0.5, 0.5, "no concurrency sweep in this run", ha="center", va="center", transform=ax.transAxes
        )
    fig.tight_layout()
    p = out_dir / "throughput_vs_concurrency.png"
    fig.savefig(p, dpi=110)
    plt.close(fig)
    paths.append(p)

    modes = report["modes"]
    keys = [k for k in MODE_ORDER if k in modes and k != "limit_c1"]
    fig, ax = plt.subplots(figsize=(7, 4))
    bottom = [0.0] * len(keys)
    for s in STAGES:
        vals = [modes[k]["tokens_per_answer"]["by_stage"].get(s, {}).get("completion") or 0 for k in keys]
        ax.bar(keys, vals, bottom=bottom, label=f"{s} (completion)")
        bottom = [b + v for b, v in zip(bottom, vals)]
    unc = [
        (modes[k]["tokens_per_answer"]["by_kind"]["prompt"] or 0)
        - (modes[k]["tokens_per_answer"]["by_kind"]["cached"] or 0)
        for k in keys
    ]
    ax.bar(keys, unc, bottom=bottom, label="uncached prompt", alpha=0.4)
    ax.set_ylabel("tokens per refined answer")
    ax.set_title("tokens per answer by stage")
    ax.legend(fontsize=8)
    plt.setp(ax.get_xticklabels(), rotation=20)
    fig.tight_layout()
    p = out_dir / "tokens_by_stage.png"
    fig.savefig(p, dpi=110)
    plt.close(fig)
    paths.append(p)
    g = report.get("growth") or []
    if g:
        fig, axes = plt.subplots(1, 3, figsize=(13, 4))
        for r in sorted({x["rounds"] for x in g}):
            for admit, style in ((False, "o-"), (True, "s--")):
                pts = [x for x in g if x["rounds"] == r and x["admission"] == admit]
                if not pts:
                    continue
                xs = [x["loops"] for x in pts]
                lab = f"{r} round{'s' if r > 1 else ''}{' + admission' if admit else ''}"
                axes[0].plot(xs, [x["tok_s"] for x in pts], style, label=lab)
                axes[1].plot(xs, [x["p95_s"] for x in pts], style, label=lab)
                axes[2].plot(xs, [x["preemptions"] or 0 for x in pts], style, label=lab)
        for ax, title in zip(axes, ("generated tok/s", "p95 loop latency (s)", "preemptions")):
            ax.set_xscale("log", base=2)
            ax.set_xlabel("loops in flight")
            ax.set_title(title)
            ax.grid(alpha=0.3)
        axes[1].set_yscale("log")
        axes[0].legend(fontsize=7)
        fig.suptitle(
            f"{report['config']['model']}: cost growth at {report.get('kv_capacity_tokens')} KV tokens"
        )
        fig.tight_layout()
        p = out_dir / "cost_growth.png"
        fig.savefig(p, dpi=110)
        plt.close(fig)
        paths.append(p)
    return paths


def write(report: dict, out_dir: Path, runs: dict[str, ModeRun] | None = None) -> list[Path]:
    """bench.json, bench.md, the two PNGs (and calls.json with every call, given the runs) in out_dir."""
    out_dir.mkdir(parents=True, exist_ok=True)
    extra = []
    if runs is not None:
        c = out_dir / "calls.json"
        c.write_text(json.dumps(calls_table(runs)))
        extra.append(c)
    j = out_dir / "bench.json"
    j.write_text(json.dumps(report, indent=2))
    md = out_dir / "bench.md"
    md.write_text(markdown(report))
    return [j, md, *plots(report, out_dir), *extra]


def rerender(path: Path) -> str:
    """Recompute the derived figures and targets of a saved bench.json; returns the markdown."""
    return markdown(recompute(json.loads(Path(path).read_text())))


if __name__ == "__main__":  # python -m selfrefine.bench.report results/bench/bench.json
    import sys

    print(rerender(Path(sys.argv[1])))
