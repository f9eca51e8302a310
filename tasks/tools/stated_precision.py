"""Maintainer tool: how often stated checks (the `stated_checks` option, engine.core.stated) find a
fault the IFEval checker confirms, on the outputs of a `selfrefine eval ifeval` run folder.

Run (starts an engine): python -m selfrefine.tasks.tools.stated_precision RUN_DIR
    [--mode catalog|catalog+predicate] [--model M] [--backend vllm] [--limit N] [--max-model-len L]

Per ok record, the critic (--model; default the run's critic, else its model) states the checks
of its request with the loop's own step (state_checks, the record's first output as the draft)
and they run on each of its outputs. Per output, "wrong" is the checker's verdict (scores[i]
"failed" not empty), counted against three flags: a stated fault, an observer fault, either.
Printed: precision, recall, false faults (a fault on an output the checker passes), the crashes
of model-written checks, and the checks kept by kind and dropped by reason.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

FLAGS = ("stated", "observers", "either")


def wrong(score: dict | None) -> bool | None:
    """The checker's verdict on one output: True when an instruction is unmet; None unscored."""
    if not isinstance(score, dict) or "failed" not in score:
        return None
    met, total = score.get("instructions_met"), score.get("instructions")
    return bool(score["failed"]) or (isinstance(met, int) and isinstance(total, int) and met < total)


def tally(pairs: Iterable[tuple[bool, bool]]) -> dict:
    """(flagged, wrong) pairs -> tp / fp / fn / tn, precision and recall (None where undefined)
    and false_faults (fp: a fault on an output the checker passes)."""
    c = Counter((bool(f), bool(w)) for f, w in pairs)
    tp, fp, fn, tn = c[True, True], c[True, False], c[False, True], c[False, False]
    return {
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "tn": tn,
        "precision": tp / (tp + fp) if tp + fp else None,
        "recall": tp / (tp + fn) if tp + fn else None,
        "false_faults": fp,
    }


def count(outputs: list[dict]) -> dict:
    """Per-output rows {"stated": bool, "observers": bool, "wrong": bool | None, "crashed": int}
    -> {"outputs", "unscored", "crashed", and a tally per flag of FLAGS}; unscored rows count
    only in `outputs`, `unscored` and `crashed`."""
    scored = [o for o in outputs if o["wrong"] is not None]
    rows = [{**o, "either": o["stated"] or o["observers"]} for o in scored]
    return {
        "outputs": len(outputs),
        "unscored": len(outputs) - len(scored),
        "crashed": sum(o.get("crashed", 0) for o in outputs),
        **{flag: tally((r[flag], r["wrong"]) for r in rows) for flag in FLAGS},
    }


def count_stated(records: list[dict | None]) -> dict:
    """Stated.record() dicts (None: no stating, e.g. no room) -> requests, kept checks by kind,
    dropped ones by reason, predicates written and backed pairs."""
    done = [r for r in records if r is not None]
    return {
        "requests": len(records),
        "stated": len(done),
        "kept": dict(Counter(c["kind"] for r in done for c in r["checks"]).most_common()),
        "dropped": dict(Counter(d["reason"] for r in done for d in r["dropped"]).most_common()),
        "predicates": sum(len(r["predicates"]) for r in done),
        "backed": sum(bool(r["backed"]) for r in done),
    }


# ---------------------------------------------------------------- with an engine


async def judge_record(engine, cfg, record: dict) -> tuple[dict | None, list[dict]]:
    """(the stated checks' record, one row per output for `count`) of one eval record."""
    from selfrefine.engine.core.generic import make_item
    from selfrefine.engine.core.loop import _Loop
    from selfrefine.engine.core.stated import state_checks

    outputs, scores = record["outputs"], record.get("scores") or []
    item = make_item(record["input"], initial=outputs[0], id=str(record.get("id")))
    base = item.observe
    loop = _Loop(engine, engine, item, cfg, lambda event: None)
    await loop.draft()
    stated = await state_checks(loop)
    rows = []
    for i, out in enumerate(outputs):
        seen = await asyncio.to_thread(base, out) if base is not None else None
        verdict = await asyncio.to_thread(stated.judge, out) if stated is not None else None
        rows.append(
            {
                "stated": bool(verdict and verdict.faults),
                "observers": bool(seen is not None and seen.fault_count),
                "wrong": wrong(scores[i] if i < len(scores) else None),
                "crashed": verdict.crashed if verdict else 0,
            }
        )
    return (stated.record() if stated is not None else None), rows


async def measure(engine, cfg, records: list[dict], concurrency: int = 16) -> dict:
    """count() and count_stated() over the records, `concurrency` at once."""
    gate = asyncio.Semaphore(concurrency)

    async def one(r):
        async with gate:
            return await judge_record(engine, cfg, r)

    done = await asyncio.gather(*(one(r) for r in records))
    return {**count([row for _, rows in done for row in rows]), "checks": count_stated([s for s, _ in done])}


def _config(folder: Path, mode: str):
    """The run task's loop config with `stated_checks` = mode (defaults when the task won't load)."""
    from selfrefine.engine.core.config import RefineConfig
    from selfrefine.tasks import registry

    task = (
        json.loads((folder / "run.json").read_text()).get("task", "ifeval")
        if (folder / "run.json").exists()
        else "ifeval"
    )
    try:
        cfg = registry.load(task).cfg
    except Exception:
        cfg = RefineConfig()
    return replace(cfg, stated_checks=mode)


def _records(folder: Path, limit: int | None) -> list[dict]:
    rows = [json.loads(x) for x in (folder / "records.jsonl").read_text().splitlines() if x.strip()]
    ok = [r for r in rows if r.get("status") == "ok" and r.get("outputs")]
    return ok[:limit] if limit else ok


def _f(x) -> str:
    return "n/a" if x is None else f"{x:.2f}"


def report(result: dict) -> str:
    lines = [
        f"outputs {result['outputs']} (unscored {result['unscored']}); model-written checks crashed "
        f"{result['crashed']} times"
    ]
    for flag in FLAGS:
        t = result[flag]
        lines.append(
            f"{flag:>9}: precision {_f(t['precision'])}, recall {_f(t['recall'])}, false faults "
            f"{t['false_faults']} (tp {t['tp']}, fp {t['fp']}, fn {t['fn']}, tn {t['tn']})"
        )
    lines.append("checks: " + json.dumps(result["checks"]))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("run_dir", type=Path)
    ap.add_argument("--mode", default="catalog", choices=("catalog", "catalog+predicate"))
    ap.add_argument("--model", default=None, help="the critic (default: the run's critic, else its model)")
    ap.add_argument("--backend", default="vllm")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--max-model-len", type=int, default=None)
    ap.add_argument("--concurrency", type=int, default=16)
    args = ap.parse_args(argv)
    from selfrefine.engine.backends import models, settings

    meta = json.loads((args.run_dir / "run.json").read_text()) if (args.run_dir / "run.json").exists() else {}
    name, path = models.resolve(args.model or meta.get("critic") or meta.get("model") or models.DEFAULT_MODEL)
    options = settings.engine_options({"max_model_len": args.max_model_len})
    cfg, records = _config(args.run_dir, args.mode), _records(args.run_dir, args.limit)

    async def go():
        engine = settings.make_engine(args.backend, path, name, options).start()
        try:
            return await measure(engine, cfg, records, args.concurrency)
        finally:
            engine.shutdown()

    print(report(asyncio.run(go())))


if __name__ == "__main__":
    main()
