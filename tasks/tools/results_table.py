"""Maintainer tool: print the markdown results table from eval run folders' summary.json.

Run: python -m tasks.tools.results_table RUN_DIR [RUN_DIR ...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def row(s: dict) -> str:
    def f(x):
        return "n/a" if x is None else f"{x:.3f}"

    tok = s["tokens_per_item"]
    rounds = " / ".join(f(x) for x in s["score_by_round"])
    return (f"| `{s['task']}` | {s['metric']} | {s['ok']}" + (f" (+{s['errors']} err)" if s["errors"] else "")
            + f" | {f(s['base'])} | {rounds} | {f(s['refined'])} | {s['improved']} / {s['worsened']} | "
            f"{(tok['prompt_tokens'] or 0):.0f} / {(tok['completion_tokens'] or 0):.0f} | "
            f"{(s['seconds_per_item'] or 0):.0f} |")


def main(dirs: list[str]) -> None:
    print("| task | metric | N | base (round 0) | score after round 0 / 1 / 2 ... | refined | improved / worsened "
          "| tokens/item prompt / completion | s/item (wall, concurrent) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for d in dirs:
        p = Path(d) / "summary.json"
        if p.exists():
            print(row(json.loads(p.read_text())))


if __name__ == "__main__":
    main(sys.argv[1:])
