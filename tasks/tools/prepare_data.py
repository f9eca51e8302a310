"""Maintainer tool: copy the task data from the shared benchmark folder into tasks/<name>/data.

Run once: python -m selfrefine.tasks.tools.prepare_data /path/to/shared/data
Nothing in the product or its tests reads the shared folder; they read the copies written here.
"""

from __future__ import annotations

import csv
import json
import shutil
import sys
from pathlib import Path

TASKS = Path(__file__).resolve().parents[1]
N = 200  # rows per task: the first N, enough for --limit up to N


def _jsonl(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def _read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def main(src: Path) -> None:
    gsm = _read_jsonl(src / "gsm8k.jsonl")[:N]
    _jsonl(
        TASKS / "gsm8k/data.jsonl",
        [{"id": f"gsm8k-{i}", "question": r["input"], "target": r["target"]} for i, r in enumerate(gsm)],
    )

    cg = _read_jsonl(src / "commongen_hard.jsonl")[:N]
    _jsonl(
        TASKS / "commongen_hard/data.jsonl",
        [{"id": f"cg-{i}", "concepts": r["concepts"]} for i, r in enumerate(cg)],
    )

    # The file holds 400 negative->positive then 400 positive->negative rows: interleave so
    # that any --limit gets both directions.
    yelp = _read_jsonl(src / "yelp_extreme.jsonl")
    pos, neg = yelp[:400], yelp[400:]
    rows = []
    for i in range(N // 2):
        for r, tag in ((pos[i], "p"), (neg[i], "n")):
            rows.append(
                {
                    "id": f"yelp-{tag}{i}",
                    "review": r["review"].replace("\\n", "\n").strip(),
                    "sentiment": r["sentiment"],
                    "target_sentiment": r["target_sentiment"],
                }
            )
    _jsonl(TASKS / "sentiment_reversal/data.jsonl", rows)

    with (src / "acronyms.tsv").open() as f:
        ac = list(csv.DictReader(f, delimiter="\t"))
    _jsonl(
        TASKS / "acronym/data.jsonl",
        [
            {"id": f"acr-{i}", "title": r["Title"].strip(), "reference": r["Acronym"].strip()}
            for i, r in enumerate(ac[:N])
        ],
    )

    fed = json.loads((src / "fed_dialogues.json").read_text())
    seen, rows = set(), []
    for r in fed:
        if r["context"] in seen:
            continue
        seen.add(r["context"])
        rows.append({"id": f"fed-{len(rows)}", "context": r["context"]})
    _jsonl(TASKS / "dialogue/data.jsonl", rows[:N])

    for name in ("gsm8k", "commongen_hard", "sentiment_reversal", "acronym", "dialogue"):
        shutil.copy(src / "LICENSE-self-refine-data.txt", TASKS / name / "LICENSE-self-refine-data.txt")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
