"""Maintainer tool: the generic task's per-kind results rows (tasks/README.md) from eval run folders.

Run: python -m selfrefine.tasks.tools.generic_table RUN_DIR [RUN_DIR ...]
     python -m selfrefine.tasks.tools.generic_table --verdicts RUN_DIR ...  (requirements form)

Per kind (constraints, function, everyday), from each folder's records.jsonl and the rows of
tasks/generic/data.jsonl (joined by id): the columns defined in the comment below. `--verdicts`
prints, for runs of the requirements form, the critic's yes / no bias and, per reviewed output,
its precision / recall against the checker.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

# The columns:
# - base -> refined: the checker's mean score of the draft and of the answer returned;
# - better / worse: items whose returned answer scores above / below their draft;
# - loops with observations / faults: loops whose reviews showed a tool's facts / a fault;
# - critic precision / recall: the critic's own first review (did it list a problem; tool faults
#   not counted) against the checker's verdict on the draft (does it fail);
# - candidate calls: rewrites written beside the kept one after a fault;
# - completion tokens and seconds, loop / plain: summed over the kind's loops, every call of the loop
#   (candidates and reviews included) and its wall time, against the draft call alone, which is the
#   plain answer.
# `--verdicts`, for runs of the requirements form (`feedback_form: requirements`): on how many
# requests the critic picked requirements, how many verdicts it gave and how many of them say "a
# problem", and, per reviewed output, its precision / recall against the checker (the output
# fails) when any verdict says a problem.

DATA = Path(__file__).resolve().parent.parent / "generic" / "data.jsonl"
KINDS = ("constraints", "function", "everyday")


def _critic_flagged(trace: list[dict]) -> bool | None:
    """Did the loop's first review list a problem of the critic's own (not a tool's fault)?
    None when that review did not parse."""
    first = next((c for c in trace if c["stage"] == "feedback" and c["round"] == 0), None)
    if first is None or not isinstance(first.get("feedback"), dict):
        return None
    fb = first["feedback"]
    if isinstance(fb.get("feedback"), list):  # the points form
        return bool(fb["feedback"])
    for key, problem_when in (("missing", True), ("met", False)):  # the requirements form
        if isinstance(fb.get(key), dict):
            return any(v is problem_when for v in fb[key].values())
    # other forms: the review's problems, the tool's fault (one entry when it fired) not counted
    return len(first.get("problems") or []) > bool(first.get("fault"))


def kind_stats(records: list[dict]) -> dict:
    ok = [r for r in records if r["status"] == "ok"]
    n = len(ok)
    tp = fp = fn = 0
    for r in ok:
        flagged, wrong = _critic_flagged(r["trace"]), r["base"] < 1
        if flagged is None:
            continue
        tp += flagged and wrong
        fp += flagged and not wrong
        fn += wrong and not flagged
    draft = [next(c for c in r["trace"] if c["stage"] == "draft") for r in ok]
    plain_s, loop_s = sum(d["seconds"] for d in draft), sum(r["seconds"] for r in ok)
    return {
        "n": n,
        "errors": len(records) - n,
        "base": sum(r["base"] for r in ok) / n,
        "refined": sum(r["final"] for r in ok) / n,
        "better": sum(r["final"] > r["base"] for r in ok),
        "worse": sum(r["final"] < r["base"] for r in ok),
        "observed": sum(r["checks"].get("observed", 0) > 0 for r in ok),
        "faulted": sum(r["checks"].get("fault", 0) > 0 for r in ok),
        "precision": tp / (tp + fp) if tp + fp else None,
        "recall": tp / (tp + fn) if tp + fn else None,
        "candidates": sum(c["stage"] == "candidate" for r in ok for c in r["trace"]),
        "tokens": sum(r["usage_all_calls"]["completion_tokens"] for r in ok)
        / max(1, sum(d["completion_tokens"] for d in draft)),
        "seconds": loop_s / max(1e-9, plain_s),
        "plain_s": plain_s / n,
        "loop_s": loop_s / n,
    }


VERDICT_KEYS = {"missing": True, "met": False}  # the form's verdict key: the value that says a problem


def verdict_stats(records: list[dict]) -> dict:
    """The requirements form's verdicts against the checker, per reviewed output: record
    `feedback[t]` reviews `outputs[t]`, scored in `scores[t]`. Reviews of the points form (the
    fallback where the critic picked nothing) are not counted."""
    ok = [r for r in records if r["status"] == "ok"]
    picked = sum(
        any(
            c["stage"] == "requirements" and (c.get("feedback") or {}).get("requirements") for c in r["trace"]
        )
        for r in ok
    )
    verdicts = problems = reviews = tp = fp = fn = 0
    for r in ok:
        for fb, score in zip(r["feedback"], r["scores"]):
            key = next((k for k in VERDICT_KEYS if isinstance((fb or {}).get(k), dict)), None)
            if key is None:
                continue
            said = [v is VERDICT_KEYS[key] for v in fb[key].values()]
            reviews, verdicts, problems = reviews + 1, verdicts + len(said), problems + sum(said)
            flagged, wrong = any(said), score["score"] < 1
            tp, fp, fn = tp + (flagged and wrong), fp + (flagged and not wrong), fn + (wrong and not flagged)
    return {
        "n": len(ok),
        "picked": picked,
        "reviews": reviews,
        "verdicts": verdicts,
        "problems": problems,
        "failing": tp + fn,
        "precision": tp / (tp + fp) if tp + fp else None,
        "recall": tp / (tp + fn) if tp + fn else None,
    }


def _f(x, spec=".2f") -> str:
    return "-" if x is None else format(x, spec)


def rows(folder: Path) -> list[str]:
    kind_of = {r["id"]: r["kind"] for r in map(json.loads, DATA.read_text().splitlines())}
    records = [json.loads(x) for x in (folder / "records.jsonl").read_text().splitlines()]
    out = []
    for kind in KINDS:
        mine = [r for r in records if kind_of.get(r["id"]) == kind]
        if not mine:
            continue
        s = kind_stats(mine)
        out.append(
            f"| {folder.name} | {kind} | {s['n']}"
            + (f" (+{s['errors']} err)" if s["errors"] else "")
            + f" | {s['base']:.3f} -> {s['refined']:.3f} | {s['better']} / {s['worse']} | "
            f"{s['observed']} / {s['faulted']} | {_f(s['precision'])} / {_f(s['recall'])} | "
            f"{s['candidates']} | {s['tokens']:.2f}x | {s['seconds']:.2f}x | "
            f"{s['plain_s']:.0f} s / {s['loop_s']:.0f} s |"
        )
    return out


def verdict_rows(folder: Path) -> str:
    records = [json.loads(x) for x in (folder / "records.jsonl").read_text().splitlines()]
    s = verdict_stats(records)
    return (
        f"| {folder.name} | {s['n']} | {s['picked']} | {s['reviews']} | {s['problems']} of {s['verdicts']} | "
        f"{s['failing']} | {_f(s['precision'])} / {_f(s['recall'])} |"
    )


def main(dirs: list[str]) -> None:
    if dirs[:1] == ["--verdicts"]:
        print(
            "| run | requests | requirements picked | reviews with verdicts | verdicts saying a problem | "
            "failing outputs reviewed | precision / recall |"
        )
        print("|---" * 7 + "|")
        print("\n".join(verdict_rows(Path(d)) for d in dirs[1:]))
        return
    print(
        "| run | kind | n | base -> refined | better / worse | loops with observations / faults | "
        "critic precision / recall | candidate calls | completion tokens, loop / plain | "
        "seconds, loop / plain | seconds per answer, plain / loop |"
    )
    print("|---" * 11 + "|")
    for d in dirs:
        print("\n".join(rows(Path(d))))


if __name__ == "__main__":
    main(sys.argv[1:])
