"""Maintainer tool: a run folder's figures against the plain answer, and the answers the loop changed.

Run: python -m selfrefine.tasks.tools.dev_table RUN_DIR [RUN_DIR ...]
     python -m selfrefine.tasks.tools.dev_table --changed RUN_DIR   (every changed answer, to read)

Per folder (an `selfrefine eval` run: records.jsonl): items, errors and unscored items (never
dropped silently), the checker's mean score of the draft (the plain answer) and of the answer
returned, better / worse per item on the share of its checks met (tasks.eval.share: 2 of 3 met ->
0 of 3 is worse), a two-sided sign test on better against worse, the loop's completion tokens and seconds per
answer against the draft call's, and how often each of the loop's checks refused a rewrite.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from selfrefine.tasks.eval import share

SUBSTANCE = (
    "declined",
    "talks_about_request",
    "restated_request",
    "placeholder",
    "invented",
    "dropped_source",
    "refusal",
    "fitted",
)


def sign_test(better: int, worse: int) -> float:
    """Two-sided exact sign test: the chance of a split at least this uneven if neither side wins."""
    n = better + worse
    if n == 0:
        return 1.0
    k = min(better, worse)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def load(folder: Path) -> list[dict]:
    path = folder / "records.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _pooled(records: list[dict], which: str) -> float | None:
    """IFEval's instruction-level share over all instructions (rows with more count more)."""
    met = total = 0
    for r in records:
        s = r["scores"][0] if which == "base" else r["scores"][r["selected_round"]]
        if "instructions" not in s:
            return None
        met, total = met + s["instructions_met"], total + s["instructions"]
    return met / total if total else None


def stats(records: list[dict]) -> dict:
    ok = [r for r in records if r["status"] == "ok"]
    scored = [r for r in ok if r["base"] is not None and r["final"] is not None]
    better = sum(share(r, "final") > share(r, "base") for r in scored)
    worse = sum(share(r, "final") < share(r, "base") for r in scored)
    drafts = [next(c for c in r["trace"] if c["stage"] == "draft") for r in ok]
    checks: dict[str, int] = {}
    for r in ok:
        for k, v in (r.get("checks") or {}).items():
            checks[k] = checks.get(k, 0) + v
    n = max(1, len(scored))
    return {
        "items": len(records),
        "errors": len(records) - len(ok),
        "unscored": len(ok) - len(scored),
        "base": sum(r["base"] for r in scored) / n,
        "refined": sum(r["final"] for r in scored) / n,
        "pooled_base": _pooled(scored, "base"),
        "pooled_refined": _pooled(scored, "final"),
        "better": better,
        "worse": worse,
        "sign_p": sign_test(better, worse),
        "changed": sum(r["outputs"][r["selected_round"]] != r["outputs"][0] for r in ok),
        "tokens": sum(r["usage_all_calls"]["completion_tokens"] for r in ok)
        / max(1, sum(d["completion_tokens"] for d in drafts)),
        "seconds": sum(r["seconds"] for r in ok) / max(1e-9, sum(d["seconds"] for d in drafts)),
        "tokens_per_answer": sum(r["usage_all_calls"]["completion_tokens"] for r in ok) / max(1, len(ok)),
        "plain_tokens_per_answer": sum(d["completion_tokens"] for d in drafts) / max(1, len(ok)),
        "checks": dict(sorted(checks.items())),
        **_kept(ok),
    }


def _kept(ok: list[dict]) -> dict:
    """Rewrites kept (outputs after the draft), how many the tools made themselves, and how many
    rewrote more than half the words of the output they replaced (more than most faults need)."""
    from selfrefine.engine.core.rewriting import change

    kept = tools = big = 0
    for r in ok:
        made = {c["round"]: c for c in r["trace"] if c["stage"] == "refine" and not c.get("rejected")}
        for t in range(1, len(r["outputs"])):
            kept += 1
            tools += made.get(t, {}).get("model") == "tools"
            big += change(r["outputs"][t - 1], r["outputs"][t]) > 0.5
    return {"kept": kept, "kept_by_tools": tools, "kept_changed_over_half": big}


def row(name: str, s: dict) -> str:
    f = lambda x: "-" if x is None else f"{x:.3f}"  # noqa: E731
    pooled = f" (instructions {f(s['pooled_base'])} -> {f(s['pooled_refined'])})" if s["pooled_base"] else ""
    return (
        f"| {name} | {s['items']} ({s['errors']} errors, {s['unscored']} unscored) | "
        f"{f(s['base'])} -> {f(s['refined'])}{pooled} | {s['changed']} | {s['better']} / {s['worse']} | "
        f"{s['sign_p']:.3g} | {s['tokens']:.2f}x ({s['tokens_per_answer']:.0f} / "
        f"{s['plain_tokens_per_answer']:.0f}) | {s['seconds']:.2f}x |"
    )


def changed(records: list[dict]) -> str:
    """Each item whose returned answer is not its draft: the request, both answers and scores."""
    out = []
    for r in records:
        if r["status"] != "ok" or r["outputs"][r["selected_round"]] == r["outputs"][0]:
            continue
        out.append(
            f"=== {r['id']}  {r['base']} -> {r['final']}  stop {r['stop_reason']}  checks {r.get('checks')}\n"
            f"REQUEST: {r['input']}\n--- DRAFT\n{r['outputs'][0]}\n--- RETURNED\n"
            f"{r['outputs'][r['selected_round']]}\n"
        )
    return "\n".join(out)


def main(argv: list[str]) -> None:
    if argv[:1] == ["--changed"]:
        for folder in argv[1:]:
            print(changed(load(Path(folder))))
        return
    print(
        "| run | items | plain -> refined | changed | better / worse | sign test p | "
        "completion tokens loop / plain | seconds loop / plain |"
    )
    print("|---|---|---|---|---|---|---|---|")
    checks = {}
    for folder in argv:
        s = stats(load(Path(folder)))
        print(row(Path(folder).name, s))
        checks[Path(folder).name] = s["checks"]
    for name, c in checks.items():
        subst = {k: c.get(k, 0) for k in SUBSTANCE}
        print(f"{name}: substance checks {subst}; all checks {c}")
    for folder in argv:
        s = stats(load(Path(folder)))
        print(
            f"{Path(folder).name}: {s['kept']} rewrites kept, {s['kept_by_tools']} made by the tools, "
            f"{s['kept_changed_over_half']} changed over half the words of the output they replaced"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
