"""`selfrefine eval`: run a task's loops concurrently on one engine, score every round with the
task's own scorer, write one JSONL record per item (resumable), and summarize by round.

Files in the run folder: run.json (the settings; a resume must match them), records.jsonl (one
record per item, appended as items finish, fsynced), summary.json and plot.png.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import os
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path

from selfrefine.engine.core.item import select
from selfrefine.engine.core.many import refine_many
from selfrefine.engine.types import LoopError, LoopResult
from selfrefine.tasks.registry import Task, TaskError

RECORDS, SETTINGS, SUMMARY, PLOT = "records.jsonl", "run.json", "summary.json", "plot.png"


def task_fingerprint(task: Task) -> str:
    """A hash of the task folder's settings and prompt files: a resume after task.yaml or a
    template changed would mix records of two set-ups, so it is refused like other changes."""
    h = hashlib.sha256()
    for f in sorted(task.folder.glob("*")):
        if f.suffix in (".yaml", ".txt", ".j2", ".py") and not f.name.startswith("LICENSE"):
            h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def settings(task: Task, model: str, judge: str | None, limit: int) -> dict:
    """What a run folder's records depend on; a resume must use the same."""
    c = task.cfg
    return {
        "task": task.label,
        "model": model,
        "judge": judge if task.scorer_needs_judge else None,
        "limit": limit,
        "max_rounds": c.rounds,
        "max_tokens": c.sampling.max_tokens,
        "temperature": c.sampling.temperature,
        "seed": c.sampling.seed,
        "selection": c.selection,
        "exclude_draft": c.exclude_draft,
        "stop_flag": c.stop_flag,
        "oracle": task.oracle,
        "task_files": task_fingerprint(task),
        "stop_flag_min": c.flag_min,
        "stop_on_top": c.stop_on_top,
        "stop_on_no_problems": c.stop_on_no_problems,
        "reject": c.reject,
        "verify": c.verify,
    }


# ------------------------------------------------------------------ resume


def load_done(out_dir: Path, want: dict, ids: list[str]) -> dict[str, dict]:
    """Finished records already in the folder, by id. Rewrites records.jsonl without torn lines,
    duplicates, error records (they are retried) and ids outside this run."""
    out_dir.mkdir(parents=True, exist_ok=True)
    sp, rp = out_dir / SETTINGS, out_dir / RECORDS
    if sp.exists():
        try:
            have = json.loads(sp.read_text())
        except json.JSONDecodeError:
            have = None
        old = {k: v for k, v in (have or {}).items() if k != "limit"}
        new = {k: v for k, v in want.items() if k != "limit"}
        if have is not None and old != new:
            diff = ", ".join(
                f"{k}: {old.get(k)!r} -> {new.get(k)!r}"
                for k in sorted(set(old) | set(new))
                if old.get(k) != new.get(k)
            )
            raise TaskError(
                f"{out_dir} holds a run with other settings ({diff}); use another --out or --restart"
            )
    sp.write_text(json.dumps(want, indent=2))
    done: dict[str, dict] = {}
    if rp.exists():
        wanted = set(ids)
        for line in rp.read_text().splitlines():
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line torn by a kill
            rid = rec.get("id") if isinstance(rec, dict) else None
            if rid in wanted and rid not in done and rec.get("status") == "ok":
                done[rid] = rec
        tmp = rp.with_suffix(".tmp")
        with tmp.open("w") as f:
            for rid in ids:
                if rid in done:
                    f.write(json.dumps(done[rid]) + "\n")
        os.replace(tmp, rp)
    return done


# ------------------------------------------------------------------ scoring


def _as_float(x) -> float | None:
    return float(x) if isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) else None


async def score_outputs(task: Task, row: dict, outputs: list[str], judge=None) -> list[dict]:
    """The scorer's verdict on every output of a loop, y0 first."""
    s = task.scorer
    out = []
    for text in outputs:
        try:
            if getattr(s, "needs_judge", False):
                if judge is None:
                    raise TaskError(f"{task.label} needs a judge model")
                out.append(await s.score_async(row, text, judge))
            else:
                out.append(await asyncio.to_thread(s.score, row, text))
        except Exception as exc:  # a scorer bug must not lose the item
            out.append({"score": None, "error": f"scorer failed: {type(exc).__name__}: {exc}"})
    return out


def by_round(task: Task, res: LoopResult, scores: list[dict]) -> tuple[list[float | None], int | None]:
    """The score the loop's answer would have with the round cap at t, for t = 0..rounds,
    and (oracle variant) the output index where the oracle stopped the loop."""
    vals = [_as_float(s.get("score")) for s in scores]
    n = len(res.outputs)
    stop_at = None
    if task.oracle:
        stop_at = next((i for i, v in enumerate(vals) if v is not None and v >= 1.0), n - 1)
    curve = []
    for t in range(task.cfg.rounds + 1):
        k = min(t, n - 1)
        if stop_at is not None:
            k = min(k, stop_at)
        else:
            k = select(res.outputs[: k + 1], res.scores[: k + 1], task.cfg)
        curve.append(vals[k])
    return curve, stop_at


def _usage(res: LoopResult, stop_at: int | None) -> dict:
    calls = res.trace
    if stop_at is not None:  # oracle: count only the calls up to the output it stopped at
        calls = [
            c
            for c in calls
            if c.stage == "draft"
            or (c.stage == "feedback" and c.round < stop_at)
            or (c.stage in ("refine", "verify") and c.round <= stop_at)
        ]
    keys = ("prompt_tokens", "cached_tokens", "completion_tokens")
    return {k: sum(getattr(c, k) for c in calls) for k in keys}


def critic_vs_scorer(task: Task, row: dict, res: LoopResult, scores: list[dict]) -> dict | None:
    """The critic's findings against the scorer's truth, over every review of the loop:
    true positives, false positives and false negatives. Item level for checklists over the
    row (each concept / word), answer level otherwise ("wrong": the review named a problem)."""
    truth_of = getattr(task.scorer, "truth", None)
    if truth_of is None:
        return None
    spec = task.cfg.spec
    counts = {"tp": 0, "fp": 0, "fn": 0, "reviews": 0}
    for c in res.trace:
        if c.stage != "feedback" or c.feedback is None or c.round >= len(res.outputs):
            continue
        truth = truth_of(row, res.outputs[c.round], scores[c.round])
        if spec.form == "checklist" and spec.checklist.items == "row":
            flagged = {
                k for k, v in c.feedback[spec.checklist.key].items() if v is spec.checklist.problem_when
            }
        else:
            flagged = {"wrong"} if c.problems else set()
            truth = {"wrong"} if truth else set()
        counts["tp"] += len(flagged & truth)
        counts["fp"] += len(flagged - truth)
        counts["fn"] += len(truth - flagged)
        counts["reviews"] += 1
    return counts


async def make_record(task: Task, row: dict, res: LoopResult | LoopError, meta: dict, judge=None) -> dict:
    base = {"id": str(row["id"]), **meta}
    if isinstance(res, LoopError):
        return {
            **base,
            "status": "error",
            "input": res.input,
            "error": res.error,
            "error_type": res.error_type,
        }
    scores = await score_outputs(task, row, res.outputs, judge)
    curve, stop_at = by_round(task, res, scores)
    final = scores[stop_at] if stop_at is not None else scores[res.selected_round]
    return {
        **base,
        "status": "ok",
        "input": res.input,
        "outputs": res.outputs,
        "feedback": [c.feedback for c in res.trace if c.stage == "feedback"],
        "feedback_errors": [
            c.feedback_error for c in res.trace if c.stage == "feedback" and c.feedback_error
        ],
        "feedback_scores": res.scores,
        "scores": scores,
        "score_by_round": curve,
        "base": curve[0],
        "final": _as_float(final.get("score")),
        "selected_round": stop_at if stop_at is not None else res.selected_round,
        "oracle_stop": stop_at,
        "stop_reason": res.stop_reason,
        "rounds": res.rounds,
        "checks": {k: v for k, v in res.checks.items() if v},
        "critic_vs_scorer": critic_vs_scorer(task, row, res, scores),
        "usage": _usage(res, stop_at),
        "usage_all_calls": res.usage(),
        "seconds": round(res.seconds, 2),
        "trace": [asdict(c) for c in res.trace],
    }


# ------------------------------------------------------------------ run


async def run_eval(
    task: Task,
    rows: list[dict],
    engine,
    out_dir: Path,
    meta: dict,
    *,
    concurrency: int = 16,
    judge=None,
    critic=None,
    on_progress: Callable[[int], None] | None = None,
) -> list[dict]:
    """Run (or resume) the task on `rows`; returns one record per row, in row order."""
    ids = [str(r["id"]) for r in rows]
    done = load_done(out_dir, meta["settings"], ids)
    todo = [r for r in rows if str(r["id"]) not in done]
    if on_progress:
        on_progress(len(rows) - len(todo))
    meta_rec = {"task": task.label, "model": meta["settings"]["model"]}
    if task.scorer_needs_judge:
        meta_rec["judge"] = judge.name if judge is not None else engine.name
    fh = (out_dir / RECORDS).open("a")
    pending: list[asyncio.Task] = []
    items, bad = [], []
    for r in todo:
        try:
            items.append((r, task.item(r)))
        except Exception as exc:  # a row the template cannot render: an error record
            bad.append(
                (
                    r,
                    LoopError(
                        input=str(r)[:200],
                        id=str(r["id"]),
                        error=f"bad row: {exc}",
                        error_type="invalid_input",
                    ),
                )
            )

    async def finish(row, res):
        rec = await make_record(task, row, res, meta_rec, judge or engine)
        fh.write(json.dumps(rec) + "\n")
        fh.flush()
        os.fsync(fh.fileno())
        done[rec["id"]] = rec
        if on_progress:
            on_progress(1)

    try:
        for row, res in bad:
            await finish(row, res)
        deferred: list = []

        def on_done(k: int, res) -> None:
            row = items[k][0]
            if getattr(task.scorer, "defer", False):
                deferred.append((row, res))  # timed scorers wait until the engine is idle
            else:
                pending.append(asyncio.ensure_future(finish(row, res)))

        if items:
            await refine_many(
                engine,
                [it for _, it in items],
                task.cfg,
                concurrency=concurrency,
                critic=critic,
                on_done=on_done,
            )
        for p in pending:
            await p
        for row, res in deferred:
            await finish(row, res)
    finally:
        for p in pending:
            if not p.done():
                p.cancel()
        fh.close()
    return [done[i] for i in ids if i in done]


# ------------------------------------------------------------------ summary


def _mean(xs):
    xs = [x for x in xs if x is not None]
    return sum(xs) / len(xs) if xs else None


def _count(xs) -> dict[str, int]:
    return dict(sorted(Counter(xs).items()))


def _sum_counts(dicts) -> dict[str, int]:
    total: Counter = Counter()
    for d in dicts:
        total.update(d)
    return dict(sorted(total.items()))


def _critic_summary(counts: list[dict | None]) -> dict | None:
    """Recall and precision of the critic against the scorer, over all reviews of the run."""
    counts = [c for c in counts if c]
    if not counts:
        return None
    tot = _sum_counts(counts)
    tp, fp, fn = tot.get("tp", 0), tot.get("fp", 0), tot.get("fn", 0)
    return {
        **tot,
        "recall": tp / (tp + fn) if tp + fn else None,
        "precision": tp / (tp + fp) if tp + fp else None,
    }


SHARES = ("partial", "tests_passed", "constraints_met")
"""Scorer fields that give the share of a row's checks met, most specific first."""


def _scored(r: dict) -> bool:
    return r["base"] is not None and r["final"] is not None


def share(r: dict, which: str) -> float:
    """A record's share of its checks met by the draft (`base`) or the answer returned (`final`):
    the scorer's share field where it has one, else its score."""
    s = r["scores"][0] if which == "base" else r["scores"][r["selected_round"]]
    value = next((s[k] for k in SHARES if isinstance(s.get(k), (int, float))), None)
    return float(value) if value is not None else float(r[which])


def summarize(task: Task, records: list[dict], meta: dict) -> dict:
    ok = [r for r in records if r["status"] == "ok"]
    rounds = task.cfg.rounds
    curve = [_mean([r["score_by_round"][t] for r in ok]) for t in range(rounds + 1)]
    details: dict[str, float] = {}
    for r in ok:
        final = r["scores"][r["selected_round"]]
        for k, v in final.items():
            if k not in ("score", "answer") and _as_float(v) is not None:
                details.setdefault(k, []).append(float(v))
    return {
        **meta["settings"],
        "metric": task.metric,
        "items": len(records),
        "ok": len(ok),
        "errors": len(records) - len(ok),
        "unscored": sum(r["final"] is None for r in ok),
        "score_by_round": curve,
        "base": curve[0] if curve else None,
        "refined": _mean([r["final"] for r in ok]),
        "improved": sum((r["final"] or 0) > (r["base"] or 0) for r in ok),
        "worsened": sum((r["final"] or 0) < (r["base"] or 0) for r in ok),
        # on the share met where the scorer gives one (2 of 3 constraints -> 0 of 3 is worse)
        "improved_partial": sum(share(r, "final") > share(r, "base") for r in ok if _scored(r)),
        "worsened_partial": sum(share(r, "final") < share(r, "base") for r in ok if _scored(r)),
        "tokens_per_item": {
            k: _mean([r["usage"][k] for r in ok])
            for k in ("prompt_tokens", "cached_tokens", "completion_tokens")
        },
        "seconds_per_item": _mean([r["seconds"] for r in ok]),
        "rounds_per_item": _mean([r["rounds"] for r in ok]),
        "stop_reasons": _count(r["stop_reason"] for r in ok),
        "checks": _sum_counts(r.get("checks") or {} for r in ok),
        "critic_vs_scorer": _critic_summary([r.get("critic_vs_scorer") for r in ok]),
        "final_details_mean": {k: sum(v) / len(v) for k, v in details.items()},
        "judge": ok[0].get("judge") if ok else None,
    }


def write_outputs(out_dir: Path, summary: dict) -> None:
    (out_dir / SUMMARY).write_text(json.dumps(summary, indent=2))
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ys = summary["score_by_round"]
    xs = [i for i, y in enumerate(ys) if y is not None]
    fig, ax = plt.subplots(figsize=(5, 3.2), dpi=120)
    ax.plot(xs, [ys[i] for i in xs], marker="o")
    ax.set_xticks(range(len(ys)))
    ax.set_xlabel("refine round (0 = first draft)")
    ax.set_ylabel(summary["metric"].split(" (")[0][:40])
    if all(0 <= ys[i] <= 1 for i in xs):
        ax.set_ylim(-0.03, 1.03)
    ax.set_title(f"{summary['task']} - {summary['model']} (N={summary['ok']})", fontsize=9)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(out_dir / PLOT)
    plt.close(fig)


def table_rows(summary: dict) -> list[tuple[str, str]]:
    def f(x):
        return "n/a" if x is None else f"{x:.3f}"

    rows = [
        (f"round {t}" + (" (base)" if t == 0 else ""), f(v)) for t, v in enumerate(summary["score_by_round"])
    ]
    rows.append(("refined (returned answer)", f(summary["refined"])))
    return rows
