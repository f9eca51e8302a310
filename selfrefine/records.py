"""JSONL batches of `selfrefine run --file`: reading the inputs, each result's record, a batch summary."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from selfrefine.engine.core.generic import make_item
from selfrefine.engine.core.item import Item
from selfrefine.engine.types import LoopError, LoopResult


def read_jsonl(path: Path, run_code: bool = True) -> list[Item | LoopError]:
    """Parse a batch file; a malformed line becomes an error record in its place."""
    items: list[Item | LoopError] = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            text = row["input"] if isinstance(row, dict) else None
            if not isinstance(text, str):
                raise ValueError('each line needs a string field "input"')
            rid = row.get("id")
            items.append(
                make_item(
                    text,
                    run_code=run_code,
                    id=str(rid) if rid is not None else f"line-{n}",
                    initial=row.get("initial"),
                )
            )
        except (ValueError, KeyError, TypeError) as exc:
            items.append(
                LoopError(
                    input=line[:200], id=f"line-{n}", error=f"line {n}: {exc}", error_type="invalid_input"
                )
            )
    return items


def record(res: LoopResult | LoopError) -> dict:
    """The JSON form of a result: the whole trace, plus usage for results."""
    d = asdict(res)
    if isinstance(res, LoopResult):
        d["usage"] = res.usage()
    return d


def summarize(results: list) -> str:
    """One paragraph of batch figures: stop reasons, rounds, tokens, prefix-cache share."""
    ok = [r for r in results if isinstance(r, LoopResult)]
    if not ok:
        return "no successful loops"
    reasons: dict[str, int] = {}
    for r in ok:
        reasons[r.stop_reason] = reasons.get(r.stop_reason, 0) + 1
    calls = [c for r in ok for c in r.trace]
    later = [c for c in calls if c.stage != "draft"]  # prompts that carry history
    p_later = sum(c.prompt_tokens for c in later)
    c_later = sum(c.cached_tokens for c in later)
    comp = sum(c.completion_tokens for c in calls)
    share = f"{c_later / p_later:.1%}" if p_later else "n/a"
    fired = {k: sum(r.checks.get(k, 0) for r in ok) for k in (ok[0].checks or {})}
    fired = {k: v for k, v in fired.items() if v}
    return (
        f"loops: {len(ok)} ok; rounds/loop {sum(r.rounds for r in ok) / len(ok):.2f}; "
        f"stop reasons {reasons}; checks fired {fired or 'none'}; tokens/answer: prompt "
        f"{sum(c.prompt_tokens for c in calls) / len(ok):.0f}, completion {comp / len(ok):.0f}; "
        f"prompt tokens after the draft served from prefix cache: {c_later}/{p_later} ({share})"
    )
