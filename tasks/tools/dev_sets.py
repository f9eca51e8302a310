"""Maintainer tool: write tasks/ifeval/data.jsonl and tasks/mbpp/data.jsonl from the shared data.

Run: python -m selfrefine.tasks.tools.dev_sets ../shared/data
(the folder holding ifeval/input_data.jsonl and mbpp/mbpp.jsonl; each file's sha256 is checked,
so a rerun on the same files writes the same bytes). Nothing else reads the shared folder.

The split rule, fixed before any tuning (tasks/DATA.md, which has the counts): rows read while
the work was planned go to dev (the first 80 IFEval rows in file order, MBPP task_ids 1-60);
any other row goes to test if int(sha256(f"{set}:{id}".encode()).hexdigest()[:8], 16) % 3 == 0
(set "ifeval" or "mbpp", id the row's key / task_id), else to dev. MBPP rows show the first
assert; the hidden tests are the other and the challenge asserts, never the shown one; task 37
(three copies of one assert) is left out. Later splits: `mbpp_split`, `ifeval_split`.
"""

from __future__ import annotations

import ast
import builtins
import hashlib
import json
import re
import sys
from pathlib import Path

TASKS = Path(__file__).resolve().parents[1]

IFEVAL_FILE = "ifeval/input_data.jsonl"
IFEVAL_SHA256 = "67ffeee0fcb87c317c5b08a2de85557b4a7e96ada6178aa645b4954fe4b53d49"
MBPP_FILE = "mbpp/mbpp.jsonl"
MBPP_SHA256 = "0b7004a79cd62d9ec7ecdd5a6e5f0ef1210ff00b286df3c5d5b57bf38c58e19a"

IFEVAL_READ = 80
"""The first IFEval rows in file order, read while the work was planned: always dev."""
MBPP_READ = range(1, 61)
"""MBPP task_ids read while the work was planned: always dev."""


def _hash(key: str) -> int:
    return int(hashlib.sha256(key.encode()).hexdigest()[:8], 16)


def split_of(dataset: str, ident: int | str, read: bool) -> str:
    """The fixed rule: rows already read are dev; else a third of the rest, by a hash, is test."""
    if read:
        return "dev"
    return "test" if _hash(f"{dataset}:{ident}") % 3 == 0 else "dev"


MBPP_RUN_DEV = 304
"""The last MBPP dev task_id run or read when test3 was drawn (dev rows 1-139 in file order)."""


def mbpp_split(task_id: int) -> str:
    """MBPP's split: the first rule; then, drawn 2026-12-06 before any tuning on its rows (every
    first test row had been run and read), the dev rows never run or read (task_ids past 60) go
    to test2 if int(sha256(f"mbpp-fresh:{task_id}".encode()).hexdigest()[:8], 16) % 2 == 0; then,
    drawn 2026-12-06 later (every test2 row had been run and its changed answers read), the dev
    rows still never run or read (task_ids past MBPP_RUN_DEV) go to test3 if
    int(sha256(f"mbpp-third:{task_id}".encode()).hexdigest()[:8], 16) % 2 == 0."""
    split = split_of("mbpp", task_id, task_id in MBPP_READ)
    if split == "dev" and task_id not in MBPP_READ and _hash(f"mbpp-fresh:{task_id}") % 2 == 0:
        return "test2"
    if split == "dev" and task_id > MBPP_RUN_DEV and _hash(f"mbpp-third:{task_id}") % 2 == 0:
        return "test3"
    return split


def _read(path: Path, sha256: str) -> list[dict]:
    data = path.read_bytes()
    got = hashlib.sha256(data).hexdigest()
    if got != sha256:
        raise SystemExit(f"{path}: sha256 {got}, expected {sha256} (not the file these sets were made from)")
    return [json.loads(line) for line in data.decode("utf-8").splitlines() if line.strip()]


IFEVAL_RUN_DEV = 120
"""IFEval dev rows (in file order) run or read when test2 was drawn: dev runs a-d covered the first 120."""
_CASE_TALK = re.compile(r"capital|caps", re.I)


def ifeval_split(position: int, key: int | str, request: str, dev_before: int) -> str:
    """IFEval's split: the first rule (`position` in file order); then, drawn 2026-12-06 before
    any run on its rows (every test row had been run and its changed answers read), the dev rows
    never run (`dev_before`, the dev rows before this one, at least IFEVAL_RUN_DEV) go to test2 if
    int(sha256(f"ifeval-fresh:{key}".encode()).hexdigest()[:8], 16) % 2 == 0; except requests that
    name capitals or caps: a change to the case observers compared its reading of every dev
    request and read the 6 it changed, which are not recorded, so they all stay dev."""
    split = split_of("ifeval", key, position < IFEVAL_READ)
    fresh = split == "dev" and dev_before >= IFEVAL_RUN_DEV
    return "test2" if fresh and _drawn("ifeval-fresh", key, request) else split


def _drawn(salt: str, key: int | str, request: str) -> bool:
    """A fresh IFEval dev row goes to the split being drawn: half by the salted hash, never a
    request that names capitals or caps (those stay dev)."""
    return not _CASE_TALK.search(request) and _hash(f"{salt}:{key}") % 2 == 0


IFEVAL_RUN_DEV2 = 160
"""IFEval dev rows (in the dev order of test2's split) run when test3 was drawn: dev runs a-e
covered 160 (a run on the rest, stopped after a minute to draw test3, had 6 records, deleted
unread)."""


def ifeval_third(split: str, key: int | str, request: str, dev_only_before: int) -> str:
    """IFEval's third test split, drawn 2026-12-06 (later) before any run on its rows: the dev
    rows never run (`dev_only_before`, the dev rows before this one in dev order, at least
    IFEVAL_RUN_DEV2) go to test3 if int(sha256(f"ifeval-third:{key}".encode()).hexdigest()[:8],
    16) % 2 == 0; requests that name capitals or caps stay dev, as for test2."""
    fresh = split == "dev" and dev_only_before >= IFEVAL_RUN_DEV2
    return "test3" if fresh and _drawn("ifeval-third", key, request) else split


def ifeval_rows(src: Path) -> list[dict]:
    rows: list[dict] = []
    dev_before = 0  # dev rows (test2 included) before this one
    dev_only_before = 0  # dev rows (test2 left out, test3 included) before this one
    for i, r in enumerate(_read(src / IFEVAL_FILE, IFEVAL_SHA256)):
        split = ifeval_split(i, r["key"], r["prompt"], dev_before)
        dev_before += split != "test"
        dev_only = split == "dev"
        split = ifeval_third(split, r["key"], r["prompt"], dev_only_before)
        dev_only_before += dev_only
        rows.append(
            {
                "id": f"ifeval-{r['key']}",
                "key": int(r["key"]),
                "split": split,
                "request": r["prompt"],
                "instruction_id_list": r["instruction_id_list"],
                "kwargs": r["kwargs"],
            }
        )
    return rows


def entry_name(assertion: str) -> str:
    """The function an MBPP assert tests: the first call of a name that is not a builtin
    (`assert int(lobb_num(5, 3)) == 35` -> lobb_num), else the first call (a problem whose
    function shadows one: `assert sum(10,15) == 6`)."""
    calls = [
        node.func.id
        for node in ast.walk(ast.parse(assertion))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    ]
    if not calls:
        raise ValueError(f"no function call in {assertion!r}")
    return next((c for c in calls if not hasattr(builtins, c)), calls[0])


REQUEST = "{text}\n\nCall the function `{entry}`. For example, this should hold:\n```python\n{shown}\n```"
"""How an MBPP problem is asked: the problem text, the function's name and one example assert."""


def mbpp_rows(src: Path) -> list[dict]:
    rows = []
    for r in _read(src / MBPP_FILE, MBPP_SHA256):
        shown, *rest = (a.strip() for a in r["test_list"])
        # Hidden: the other asserts, each once and never the shown one (MBPP repeats an assert in
        # five rows: 37, 337, 508, 713, 862); a row left with none (37) cannot be scored.
        hidden = []
        for a in (*rest, *(a.strip() for a in r["challenge_test_list"])):
            if a != shown and a not in hidden:
                hidden.append(a)
        if not hidden:
            continue
        entry = entry_name(shown)
        rows.append(
            {
                "id": f"mbpp-{r['task_id']}",
                "task_id": int(r["task_id"]),
                "split": mbpp_split(int(r["task_id"])),
                "request": REQUEST.format(text=r["text"].strip(), entry=entry, shown=shown),
                "entry": entry,
                "shown": shown,
                "hidden": hidden,
                "setup": r["test_setup_code"],
            }
        )
    return rows


def _write(path: Path, rows: list[dict]) -> None:
    with path.open("w") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        raise SystemExit("usage: python -m selfrefine.tasks.tools.dev_sets SHARED_DATA_FOLDER")
    src = Path(argv[0])
    for name, rows in (("ifeval", ifeval_rows(src)), ("mbpp", mbpp_rows(src))):
        _write(TASKS / name / "data.jsonl", rows)
        counts = ", ".join(
            f"{s} {sum(r['split'] == s for r in rows)}" for s in ("dev", "test", "test2", "test3")
        )
        print(f"{name}: {len(rows)} rows, {counts} -> tasks/{name}/data.jsonl")


if __name__ == "__main__":
    main(sys.argv[1:])
