"""Maintainer tool: print the markdown results table from eval run folders' summary.json.

Run: python -m selfrefine.tasks.tools.results_table RUN_DIR [RUN_DIR ...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def _f(x) -> str:
    return "n/a" if x is None else f"{x:.3f}"


def config(s: dict) -> str:
    """The model set-up of a run: the drafter, and the critic when it is another model."""
    name = s["model"].replace("qwen2.5-coder-", "").replace("-instruct", "")
    if isinstance(s.get("critic_model"), str):
        name += " + " + s["critic_model"].replace("qwen2.5-coder-", "").replace("-instruct", "") + " critic"
    return name + (" (pairwise)" if s.get("verify") == "pairwise" else "")


def critic(s: dict) -> str:
    c = s.get("critic_vs_scorer") or (s.get("critic") if isinstance(s.get("critic"), dict) else None)
    return f"{_f(c['recall'])} / {_f(c['precision'])}" if c else "-"


def row(s: dict) -> str:
    tok = s["tokens_per_item"]
    rounds = " / ".join(_f(x) for x in s["score_by_round"][1:])
    reasons = ", ".join(f"{k} {v}" for k, v in (s.get("stop_reasons") or {}).items())
    fired = ", ".join(f"{k} {v}" for k, v in (s.get("checks") or {}).items() if k != "flag_disagreed")
    return (
        f"| `{s['task']}` | {config(s)} | {s['ok']}"
        + (f" (+{s['errors']} err)" if s["errors"] else "")
        + f" | {_f(s['base'])} | {rounds} | **{_f(s['refined'])}** | {s['improved']} / {s['worsened']} | "
        f"{(tok['prompt_tokens'] or 0):.0f} / {(tok['cached_tokens'] or 0):.0f} / "
        f"{(tok['completion_tokens'] or 0):.0f} | {critic(s)} | {reasons} | {fired or '-'} |"
    )


HEADER = (
    "| task | models | N | base | round 1 / 2 | refined | improved / worsened | tokens/item prompt / "
    "cached / completion | critic recall / precision | stop reasons | rewrite checks fired |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|"
)


def main(dirs: list[str]) -> None:
    print(HEADER)
    for d in dirs:
        p = Path(d) / "summary.json"
        if p.exists():
            s = json.loads(p.read_text())
            settings = Path(d) / "run.json"  # the critic model's name is in the run's settings
            s["critic_model"] = json.loads(settings.read_text()).get("critic") if settings.exists() else None
            print(row(s))


if __name__ == "__main__":
    main(sys.argv[1:])
