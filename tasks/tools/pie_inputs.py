"""Maintainer tool: pick PIE (CodeNet, Python) programs and write stdin test inputs for them.

The shipped PIE rows have no test inputs. Each input below was written for this project by
reading how the program parses stdin (and, for the AtCoder / AOJ problem id, the problem's
input format); some are generated with a fixed seed to make the slow program do real work.
Run: python -m selfrefine.tasks.tools.pie_inputs /path/to/shared/data
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

TASKS = Path(__file__).resolve().parents[1]


def _ints(rng: random.Random, n: int, lo: int, hi: int) -> str:
    return " ".join(str(rng.randint(lo, hi)) for _ in range(n))


def inputs() -> dict[int, list[str]]:
    """Row index in pie_codenet_python.jsonl -> test inputs.

    Left out after trying them: rows whose program reads strings through `eval(input())`
    (a PIE preprocessing artefact that makes them crash on their own problem's input) and one
    that is a syntax error in Python 3.11.
    """
    r = random.Random(3)
    tri = "\n".join(
        " ".join(map(str, t))
        for t in [(3, 4, 5), (4, 3, 6), (8, 8, 8)]
        + [(r.randint(1, 1000), r.randint(1, 1000), r.randint(1, 1000)) for _ in range(1000)]
    )
    return {
        284: [f"1003\n{tri}\n", "3\n4 3 5\n4 3 6\n8 8 8\n"],
        64: ["600\n300\n220\n420\n", "555\n555\n400\n200\n"],
        428: ["999999999989\n", "10000000019\n"],
        399: ["13 3 1\n", "100000 1 1\n"],
        511: [
            "5\n10 10 10 10 10\n5\n1 5 8 9 11\n7\n11 34 83 47 59 29 70\n"
            + "".join(f"1000\n{_ints(r, 1000, 0, 10**6)}\n" for _ in range(4))
            + "0\n"
        ],
        285: ["33\n", "2101\n"],
        553: ["\n".join(str(r.randint(0, 10000)) for _ in range(10)) + "\n"],
        266: ["5\n1 3 5 4 2\n", f"5000\n{' '.join(map(str, r.sample(range(1, 5001), 5000)))}\n"],
        412: ["86\n", "5\n"],
        83: ["1200 1800\n", "2 2\n"],
        481: [f"4000\n{' '.join(str(r.randint(1, 2**20) * 2 ** r.randint(0, 9)) for _ in range(4000))}\n"],
        457: ["1500 2000 1600 3 2\n", "1500 2000 500 90000 100000\n"],
        676: ["10000 99999\n", "11009 11332\n"],
        708: ["5 4 2 2 1\n", "5 4 2 4 1\n"],
        720: ["60000 1000 50000\n", "3 2 1\n"],
        75: ["3000 5\n" + "\n".join(str(r.randint(0, 60)) for _ in range(3000)) + "\n"],
        586: ["4\n3\n", "10\n10\n"],
        120: [f"5001\n{_ints(r, 5000, 0, 10**5)}\n", "3\n2 5\n"],
        111: [
            "3\n2 1 4\n2\n1 1\n2 3\n",
            f"100\n{_ints(r, 100, 1, 10**5)}\n2000\n"
            + "".join(f"{r.randint(1, 100)} {r.randint(1, 10**5)}\n" for _ in range(2000)),
        ],
        465: [
            "6\n12300\n5600\n33800\n0\n26495\n52000\n",
            "4000\n" + "\n".join(str(r.randint(0, 10**6)) for _ in range(4000)) + "\n",
        ],
        270: ["6\n1 3 -4 2 2 -2\n", f"5000\n{_ints(r, 5000, -10, 10)}\n"],
        400: ["20 12 6\n", "1000 1 1000\n"],
        1: ["1900\n", "3000\n"],
        615: [
            "4 5\n0 5\n-2 4\n3 4\n4 -4\n",
            "3000 1000\n"
            + "".join(f"{r.randint(-2000, 2000)} {r.randint(-2000, 2000)}\n" for _ in range(3000)),
        ],
        558: ["3 1\n4 1 5\n", f"4000 1000\n{_ints(r, 4000, 1, 10**9)}\n"],
        420: ["6\nG W Y P Y W\n", f"4000\n{' '.join(r.choice('PWG') for _ in range(4000))}\n"],
        785: ["3\n10 2 5\n6 3 4\n", f"4000\n{_ints(r, 4000, 1, 50)}\n{_ints(r, 4000, 1, 50)}\n"],
        452: ["10000000\n", "4\n"],
        215: ["2 2 2\n", "1000 1000 999999\n"],
        646: [
            "3 4\n2 1 3\n3 1 2 3\n2 3 2\n",
            "30 30\n" + "".join(f"30 {' '.join(map(str, range(1, 31)))}\n" for _ in range(30)),
        ],
    }


def main(src: Path) -> None:
    rows = [json.loads(line) for line in (src / "pie_codenet_python.jsonl").read_text().splitlines()]
    out = []
    for idx, tests in inputs().items():
        row = rows[idx]
        out.append(
            {
                "id": f"pie-{row['problem_id']}-{idx}",
                "problem_id": row["problem_id"],
                "program": row["input"].replace("\n\n", "\n").strip() + "\n",
                "reference_fast": row["target"],
                "tests": tests,
            }
        )
    d = TASKS / "code_optimization"  # code_readability reads the same file
    with (d / "data.jsonl").open("w") as f:
        for o in out:
            f.write(json.dumps(o) + "\n")
    (d / "LICENSE-self-refine-data.txt").write_text((src / "LICENSE-self-refine-data.txt").read_text())
    print(f"wrote {len(out)} programs")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
