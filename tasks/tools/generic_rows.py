"""The parts the generic task's blind test splits are written with (generic_test2, generic_test3):
one builder per row kind, the numbering of a split's rows and the rewrite of its lines at the end
of tasks/generic/data.jsonl (every other line kept byte for byte)."""

from __future__ import annotations

import json
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "generic" / "data.jsonl"


def constraints(request: str, *checks: dict) -> dict:
    return {"kind": "constraints", "request": request, "checks": list(checks)}


def everyday(request: str, **answer) -> dict:
    return {"kind": "everyday", "request": request, "answer": answer}


def function(request: str, entry: str, cases: list, shown: list[int], reference: str) -> dict:
    """`cases`: (args, expected) pairs; `shown`: the indices of those the request shows."""
    tests = [{"args": list(args), "expect": expect} for args, expect in cases]
    return {"kind": "function", "request": request, "entry": entry, "tests": tests, "shown": shown,
            "reference": reference}  # fmt: skip


def numbered(prefix: str, split: str, rows: list[dict]) -> list[dict]:
    """`rows` in order with ids prefix01, prefix02, ... and `split`, each field in the file's order."""
    return [
        {
            "id": f"{prefix}{i:02d}",
            "kind": r["kind"],
            "split": split,
            **{k: v for k, v in r.items() if k != "kind"},
        }
        for i, r in enumerate(rows, 1)
    ]


def render(rows: list[dict]) -> str:
    return "".join(json.dumps(r) + "\n" for r in rows)


def rewrite(data: Path, split: str, text: str) -> None:
    """Keep every line of `data` that is not `split`'s as it is, then write `text` after them."""
    kept = [ln for ln in data.read_text().splitlines(keepends=True) if json.loads(ln)["split"] != split]
    data.write_text("".join(kept) + text)
