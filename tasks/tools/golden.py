"""Golden records: a fixed set of greedy loops, run as one batch on the real engine, written or
compared, so a change meant to keep behaviour (a refactor) can show that it does.

    python -m selfrefine.tasks.tools.golden --out before.jsonl
    python -m selfrefine.tasks.tools.golden --out after.jsonl --compare before.jsonl

The set: generic requests picked to reach the loop's stop paths (examples pass, a failing example,
counts, case, commas, a plain question, an overlong request that fills the context, the critic's
flag and a threshold alone), two MBPP dev rows and the first row of seven paper tasks, each with
its own configuration. Exit 1 when a record differs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

GENERIC = (
    "Write a Python function `add(a, b)` that returns the sum of two numbers. For example, add(2, 3) == 5.",
    "Write a python function to find the volume of a triangular prism.\n\nCall the function "
    "`find_Volume`. For example, this should hold:\n```python\nassert find_Volume(10,8,6) == 240\n```",
    "Write a message of at most 200 characters announcing a bake sale at a school.",
    "Describe a rainy morning in the city in at most 20 words.",
    "Write a letter to a friend in all lowercase letters asking them to vote.",
    "List three benefits of exercise as bullet points, without using any commas.",
    "Write a haiku about the sea.",
    "What is the capital of France? Answer in exactly 2 sentences.",
    "Write a short story about a lighthouse keeper in exactly 3 paragraphs separated by ***.",
    "Write a tweet about coffee in all capital letters, with no commas, ending with the phrase "
    '"Any other questions?"',
    "Explain recursion to a child in at least 120 words.",
)
CRITIC_ONLY = ("Write a haiku about the sea.", "Give three tips for sleeping well.")
MBPP_ROWS = ("mbpp-15", "mbpp-21")  # dev rows whose rewrites the tools refuse (stop `rejected`)
TASK_ROWS = (
    "gsm8k",
    "commongen_hard",
    "sentiment_reversal",
    "acronym",
    "dialogue",
    "code_readability",
    "code_optimization",
)
ROUNDS = 2
LONG_WORDS = 3900  # a request this long leaves the review no room in the CPU default 4096 context


def _record(res) -> dict:
    """What must not change: the answer, how the loop ended, and every call's stage and text."""
    if not hasattr(res, "trace"):
        return {"id": res.id, "error": res.error}
    return {
        "id": res.id,
        "answer": res.answer,
        "stop_reason": res.stop_reason,
        "rounds": res.rounds,
        "outputs": res.outputs,
        "calls": [[c.stage, c.round, c.text, c.rejected] for c in res.trace],
    }


async def _run(engine) -> list[dict]:
    from selfrefine.engine.core.generic import make_item
    from selfrefine.engine.core.many import refine_many
    from selfrefine.engine.core.options import to_config
    from selfrefine.tasks import registry

    cfg = to_config({"rounds": ROUNDS, "temperature": 0.0})
    long = "Summarise this text in one sentence: " + " ".join(["word"] * LONG_WORDS)
    items = [make_item(r, id=f"generic-{i}") for i, r in enumerate([*GENERIC, long])]
    groups = [(items, cfg)]
    # the critic's own stop rules, each alone: its flag, then a score threshold
    for extra in (
        {"stop_on_top": False, "stop_on_no_problems": False},
        {"threshold": 12, "stop_flag": False, "stop_on_no_problems": False},
    ):
        only = to_config({"rounds": ROUNDS, "temperature": 0.0, "stop_on_top": False, **extra})
        name = next(iter(extra))
        groups.append(([make_item(r, id=f"{name}-{i}") for i, r in enumerate(CRITIC_ONLY)], only))
    mbpp = registry.with_overrides(registry.load("mbpp", "dev"), rounds=ROUNDS, temperature=0.0)
    rows = [r for r in mbpp.rows() if str(r["id"]) in MBPP_ROWS]
    groups.append(([replace(mbpp.item(r), id=str(r["id"])) for r in rows], mbpp.cfg))
    for name in TASK_ROWS:
        task = registry.with_overrides(registry.load(name), rounds=ROUNDS, temperature=0.0)
        groups.append(([replace(task.item(task.rows(1)[0]), id=f"{name}-0")], task.cfg))
    done = await asyncio.gather(*(refine_many(engine, its, c) for its, c in groups))
    return [_record(r) for results in done for r in results]


def run(model: str) -> list[dict]:
    """The golden records of `model` (greedy, one engine, every loop in one batch)."""
    from selfrefine.engine.backends import models, settings
    from selfrefine.engine.backends.engine_options import EngineOptions

    name, path = models.resolve(model)
    options = EngineOptions()

    async def go() -> list[dict]:
        engine, _ = settings.start_engines((name, path), None, options)
        try:
            return await _run(engine)
        finally:
            engine.shutdown()

    return asyncio.run(go())


def differences(before: list[dict], after: list[dict]) -> list[str]:
    """One line per record that is not the same in both runs (by id), empty when none."""
    old = {r["id"]: r for r in before}
    out = [f"{r['id']}: not in the earlier run" for r in after if r["id"] not in old]
    for r in after:
        if r["id"] in old and r != old[r["id"]]:
            keys = [k for k in r if r.get(k) != old[r["id"]].get(k)]
            out.append(f"{r['id']}: differs in {', '.join(keys)}")
    out += [f"{i}: missing" for i in old if i not in {r["id"] for r in after}]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True, help="where to write the records (JSON lines)")
    ap.add_argument("--compare", type=Path, help="an earlier run's records: exit 1 if any differs")
    ap.add_argument("--model", default="qwen2.5-coder-0.5b-instruct")
    args = ap.parse_args(argv)
    records = run(args.model)
    args.out.write_text("".join(json.dumps(r) + "\n" for r in records))
    print(
        f"{len(records)} records -> {args.out}; stop reasons:",
        dict(Counter(r.get("stop_reason") for r in records)),
    )
    if args.compare is None:
        return 0
    before = [json.loads(x) for x in args.compare.read_text().splitlines() if x.strip()]
    diff = differences(before, records)
    print("\n".join(diff) if diff else f"identical to {args.compare}")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
