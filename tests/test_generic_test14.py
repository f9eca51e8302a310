"""The generic task's test14 rows (s01-s60, written blind to the observers) and the scorer parts
written for them: the check kinds of TEST14_CHECKS (each on passing and failing
answers, and refusing bad parameters), a hand-written answer meeting every constraint row, every
reference passing its hidden tests and its shown examples, no shown example among the hidden
tests, the shown tests never counting, and the generator keeping every other line of data.jsonl
as it is, test14 right before test15 to test18 (no engine)."""

import json
from collections import Counter

import pytest

from selfrefine.tasks import registry
from selfrefine.tasks.generic import scorer as S
from selfrefine.tasks.generic.test3_kinds import TEST3_CHECKS
from selfrefine.tasks.generic.test4_kinds import TEST4_CHECKS
from selfrefine.tasks.generic.test5_kinds import TEST5_CHECKS
from selfrefine.tasks.generic.test6_kinds import TEST6_CHECKS
from selfrefine.tasks.generic.test7_kinds import TEST7_CHECKS
from selfrefine.tasks.generic.test8_kinds import TEST8_CHECKS
from selfrefine.tasks.generic.test9_kinds import TEST9_CHECKS
from selfrefine.tasks.generic.test10_kinds import TEST10_CHECKS
from selfrefine.tasks.generic.test11_kinds import TEST11_CHECKS
from selfrefine.tasks.generic.test12_kinds import TEST12_CHECKS
from selfrefine.tasks.generic.test13_kinds import TEST13_CHECKS
from selfrefine.tasks.generic.test14_kinds import TEST14_CHECKS
from selfrefine.tasks.tools import generic_rows, generic_test13, generic_test14
from tests.generic_split import (
    assert_constraint_rows_use,
    assert_function_rows,
    assert_new_kinds_reached,
    assert_no_hidden_test_repeats_a_shown,
    assert_references_pass,
    assert_shown_examples_never_count,
    functions,
)

INLINE = {
    "words", "sentences", "paragraphs", "lines", "each_line_starts", "paragraph_starts", "questions",
    "last_word", "chars", "bullets", "numbered", "include", "exclude", "exclude_chars", "uppercase",
    "lowercase", "json", "sections", "starts_with", "ends_with", "ends_with_question",
}  # fmt: skip
OLDER = {
    *S.NEW_CHECKS, *INLINE, *TEST3_CHECKS, *TEST4_CHECKS, *TEST5_CHECKS, *TEST6_CHECKS, *TEST7_CHECKS,
    *TEST8_CHECKS, *TEST9_CHECKS, *TEST10_CHECKS, *TEST11_CHECKS, *TEST12_CHECKS, *TEST13_CHECKS,
}  # fmt: skip


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:test14")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows() if r["split"] == "test14"}


# ------------------------------------------------------------------ the rows


def test_rows_are_the_generators_in_order(by_id):
    rows = generic_test14.rows()
    assert list(by_id) == [f"s{i:02d}" for i in range(1, 61)] == [r["id"] for r in rows]
    assert list(by_id.values()) == json.loads(json.dumps(rows))
    kinds = [r["kind"] for r in rows]
    assert kinds == ["constraints"] * 32 + ["function"] * 22 + ["everyday"] * 6
    assert len({r["request"] for r in rows}) == 60


def test_test14_follows_test13_in_the_file_and_its_requests_are_new():
    every = registry.load("generic:all").rows()
    assert len(every) == 1182
    assert Counter(r["split"] for r in every)["test14"] == 60
    test13 = registry.load("generic:test13").rows()
    assert every[-360:-300] == test13 and [r["split"] for r in every[-300:-240]] == ["test14"] * 60
    # test15 to test18 (tests/test_generic_test15.py ... _test18.py) follow test14 at the end of the file
    assert [r["split"] for r in every[-240:]] == ["test15"] * 60 + ["test16"] * 60 + ["test17"] * 60 + [
        "test18"
    ] * 60
    # no request repeats an older one (only ids are shown when one does, never the texts)
    seen, ids = Counter(r["request"] for r in every), Counter(r["id"] for r in every)
    assert [r["id"] for r in every if seen[r["request"]] > 1] == []
    assert [i for i, n in ids.items() if n > 1] == []
    older = {r["entry"] for r in every if r["kind"] == "function" and r["split"] != "test14"}
    mine = [r["entry"] for r in every if r["kind"] == "function" and r["split"] == "test14"]
    assert len(set(mine)) == 22 and not set(mine) & older


def test_constraint_rows_use_the_new_kinds(by_id):
    assert_constraint_rows_use(by_id, TEST14_CHECKS, OLDER)


def test_the_new_kinds_are_new_and_reached_through_the_scorer():
    assert_new_kinds_reached(TEST14_CHECKS, OLDER)


def test_function_rows_shape_and_example_styles(by_id):
    assert_function_rows(by_id)


def test_no_hidden_test_repeats_a_shown_example(by_id):
    assert_no_hidden_test_repeats_a_shown(by_id)


def test_shown_examples_give_their_expected_values(by_id):
    for r in functions(by_id):
        for i in r["shown"]:
            want = r["tests"][i]["expect"]
            # a tuple comes back from the file as a list: the request shows it as a tuple
            as_tuple = repr(tuple(want)) if isinstance(want, list) else None
            assert (
                repr(want) in r["request"]
                or json.dumps(want) in r["request"]
                or (as_tuple is not None and as_tuple in r["request"])
            ), (r["id"], i)


def test_every_reference_passes_its_hidden_tests(by_id):
    assert_references_pass(by_id)


def test_shown_examples_never_count(by_id):
    assert_shown_examples_never_count(by_id)


def test_everyday_rows(by_id):
    scorer = S.GenericScorer()
    right = {
        "s55": ("A tablespoon is three teaspoons.", "A tablespoon is 4 teaspoons."),
        "s56": ("It boils at 212 °F (100 °C).", "It boils at 100 degrees."),
        "s57": ("PACIFIC: the Pacific Ocean.", "ATLANTIC fits there."),
        "s58": ("Jane Austen wrote it, in 1813.", "Charlotte Brontë wrote it."),
        "s59": ("A leap year has 366 days.", "A leap year has 365 days plus a leap second."),
        "s60": ("They take in carbon dioxide (CO2) and give off oxygen.", "They take in oxygen."),
    }
    for rid, (good, bad) in right.items():
        assert by_id[rid]["kind"] == "everyday"
        assert scorer.score(by_id[rid], good)["score"] == 1.0, rid
        assert scorer.score(by_id[rid], bad)["score"] == 0.0, rid


# ------------------------------------------------------------------ the new kinds

_COMPOSE = (
    "```yaml\nservices:\n  db:\n    image: postgres:16\n    volumes:\n"
    "      - pgdata:/var/lib/postgresql/data\n"
    '  web:\n    image: nginx:1.27\n    ports:\n      - "8080:80"\n    depends_on:\n      - db\n'
    "volumes:\n  pgdata:\n```"
)
_COMPOSE_LONG = (
    "version: '3.8'\nservices:\n  web:\n    image: docker.io/library/nginx:1.27\n    ports:\n"
    "      - target: 80\n        published: 8080\n    depends_on:\n      db:\n"
    "        condition: service_healthy\n"
    "  db:\n    image: postgres:16\n    volumes:\n      - type: volume\n        source: pgdata\n"
    "        target: /var/lib/postgresql/data/\nvolumes:\n  pgdata: {}\n"
)
_WORKFLOW = (
    "```yaml\nname: CI\non:\n  push:\n    branches: [main]\n  pull_request:\njobs:\n  test:\n"
    "    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
    "      - uses: actions/setup-python@v5\n"
    "        with:\n          python-version: '3.12'\n      - run: pip install -r requirements.txt\n"
    "      - run: pytest -q\n```"
)
_ALIASES = "```bash\nalias gs='git status'\nalias ll='ls -lah'\nalias ..='cd ..'\n```"
_UUID = "6c1f2a9e-8b3d-4e7a-9f10-2b5c7d8e9a01"
_FSTAB = f"```\nUUID={_UUID}  /mnt/backup  ext4  defaults,nofail  0  2\n```"
_GANTT = (
    "```mermaid\ngantt\n  dateFormat YYYY-MM-DD\n  Demo :d, 2027-05-03, 2d\n  Plumbing :p, after d, 4d\n"
    "  Tiling :after p, 5d\n```"
)
_PIE = '```mermaid\npie title Budget\n    "Rent" : 1450\n    "Food" : 620\n    "Other" : 340\n```'
_IBANS = "- DE89 3704 0044 0532 0130 00\n- DE02 1203 0000 0000 2020 51\n- DE12 5001 0517 0648 4898 90"
_SMS = "Hi {name}, your table for {size} is booked for Friday at 7pm. Reply STOP to cancel."
_SUDOKU = [
    "3..4.9.7.", "4...7....", "7...83..6", ".......8.", ".6....73.", "173.264.5", "29.7.186.", "837...1..",
    ".4.5..3.7",
]  # fmt: skip
_SOLVED = [
    "312469578", "486275913", "759183246", "924357681", "568914732", "173826495", "295731864", "837642159",
    "641598327",
]  # fmt: skip
_GRID = "```\n" + "\n".join(" ".join(r) for r in _SOLVED) + "\n```"
_SEARCH = (
    "```\nP L A N E T Q W Z K\nX C O M E T R B D O\nG A L A X Y H J U R\nM F V T S R O C K E\n"
    "O R B I T N E W P I\nO L T Y U I O P A S\nN D F G H J K L Z C\nX C V B N M Q W E R\n"
    "R O C K E T A S D F\nT Y U I O P L K J H\n```"
)
_SPACE = ["PLANET", "COMET", "ORBIT", "GALAXY", "ROCKET", "MOON"]
_ROLLS = (
    "1. 6, 5, 3, 1 → 14\n2. 4, 4, 2, 6 → 14\n3. 3, 2, 5, 5 → 13\n4. 6, 6, 1, 4 → 16\n5. 2, 3, 1, 3 → 8\n"
    "6. 5, 4, 4, 6 → 15"
)
_LOAN = (
    "| Month | Payment | Interest | Principal | Balance |\n|---|---|---|---|---|\n"
    "| 1 | $404.01 | $6.00 | $398.01 | $801.99 |\n| 2 | $404.01 | $4.01 | $400.00 | $401.99 |\n"
    "| 3 | $404.00 | $2.01 | $401.99 | $0.00 |"
)
_CAL = (
    "```\n   September 2027\nMo Tu We Th Fr Sa Su\n       1  2  3  4  5\n 6  7  8  9 10 11 12\n"
    "13 14 15 16 17 18 19\n20 21 22 23 24 25 26\n27 28 29 30\n```"
)
_CAL_TABLE = (
    "| Mon | Tue | Wed | Thu | Fri | Sat | Sun |\n|---|---|---|---|---|---|---|\n"
    "|  |  | 1 | 2 | 3 | 4 | 5 |\n"
    "| 6 | 7 | 8 | 9 | 10 | 11 | 12 |\n| 13 | 14 | 15 | 16 | 17 | 18 | 19 |\n"
    "| 20 | 21 | 22 | 23 | 24 | 25 | 26 |\n"
    "| 27 | 28 | 29 | 30 |  |  |  |"
)
_CAL3 = (
    "September 2027\n\nMon Tue Wed Thu Fri Sat Sun\n          1   2   3   4   5\n"
    "  6   7   8   9  10  11  12\n"
    " 13  14  15  16  17  18  19\n 20  21  22  23  24  25  26\n 27  28  29  30\n\nHave a good month!"
)
_TIMES = "| Name | Time |\n|---|---|\n| Sam | 22:58 |\n| Jon | 24:05 |\n| Priti | 1:02:10 |"
_INVOICE = (
    "| Item | Qty | Price | Amount |\n|---|---|---|---|\n| Design work | 12 | £45.00 | £540.00 |\n"
    "| Domain renewal | 1 | £14.99 | £14.99 |\n\nSubtotal: £554.99\nVAT (20%): £111.00\n**Total: £665.99**"
)
_SUBNETS = "- 10.40.0.0/24\n- 10.40.1.0/24\n- 10.40.2.0/24\n- 10.40.3.0/24"
_WIFI = "```\nWIFI:T:WPA;S:Casa Lopez 5G;P:tortilla\\;2027!;;\n```"
_WA = "https://wa.me/447700900123?text=Hi%21%20I%27d%20like%20to%20book%20a%20table%20for%20Friday."
_DOC = (
    "```python\ndef shipping_cost(weight_kg, zone, express=False):\n"
    '    """Work out what a parcel costs to send.\n\n'
    "    Args:\n        weight_kg (float): Weight in kg.\n        zone (str): A key of RATES.\n"
    "        express: Ship express (1.5 times the price).\n\n    Returns:\n        float: The cost.\n\n"
    '    Raises:\n        ValueError: If weight_kg is not positive.\n    """\n'
    "    if weight_kg <= 0:\n        raise ValueError('weight must be positive')\n"
    "    return round(RATES[zone] * weight_kg * (1.5 if express else 1), 2)\n```"
)
_RSS = (
    '```xml\n<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0">\n<channel>\n'
    "  <title>Slow Stitches</title>\n  <link>https://slowstitches.example/</link>\n"
    "  <description>Sewing</description>\n"
    "  <item>\n    <title>My first quilt</title>\n    <link>https://slowstitches.example/quilt</link>\n"
    "    <pubDate>Thu, 18 Mar 2027 09:00:00 +0000</pubDate>\n  </item>\n"
    "  <item>\n    <title>Darning socks the easy way</title>\n"
    "    <link>https://slowstitches.example/socks</link>\n"
    "    <pubDate>Thu, 04 Mar 2027 09:00:00 GMT</pubDate>\n  </item>\n</channel>\n</rss>\n```"
)

# kind: (params, answers that meet it, answers that do not)
KIND_CASES = {
    "compose_services": (
        {
            "services": {
                "db": {"image": "postgres:16", "volumes": ["pgdata:/var/lib/postgresql/data"]},
                "web": {"image": "nginx:1.27", "ports": ["8080:80"], "depends_on": ["db"]},
            }
        },
        [_COMPOSE, _COMPOSE_LONG, _COMPOSE.replace('"8080:80"', "127.0.0.1:8080:80")],
        [
            _COMPOSE.replace("postgres:16", "postgres:15"),
            _COMPOSE.replace('"8080:80"', '"80:8080"'),
            _COMPOSE.replace("volumes:\n  pgdata:\n", ""),
            _COMPOSE.replace("    depends_on:\n      - db\n", ""),
            _COMPOSE.replace("  db:", "  database:"),
            _COMPOSE.replace('"8080:80"', '"8080:80/udp"'),
            "Use postgres:16 for db and nginx:1.27 for web, with 8080:80 and db depending.",
        ],
    ),
    "actions_workflow": (
        {
            "events": ["push", "pull_request"],
            "branches": {"push": ["main"]},
            "runs_on": "ubuntu-latest",
            "uses": ["actions/checkout", "actions/setup-python"],
            "with": {"actions/setup-python": {"python-version": "3.12"}},
            "run": ["pip install -r requirements.txt", "pytest"],
        },
        [
            _WORKFLOW,
            _WORKFLOW.replace(
                "pip install -r requirements.txt",
                "|\n          python -m pip install -U pip\n"
                "          python -m pip install -r requirements.txt",
            ).replace("pytest -q", "python -m pytest"),
            _WORKFLOW.replace(
                "on:\n  push:\n    branches: [main]\n  pull_request:\n",
                "on:\n  push:\n    branches:\n      - main\n      - 'release/**'\n  pull_request: {}\n",
            ),
        ],
        [
            _WORKFLOW.replace("[main]", "[develop]"),
            _WORKFLOW.replace("  pull_request:\n", ""),
            _WORKFLOW.replace("ubuntu-latest", "macos-latest"),
            _WORKFLOW.replace("'3.12'", "'3.11'"),
            _WORKFLOW.replace("pip install -r requirements.txt", "PLACEHOLDER")
            .replace("pytest -q", "pip install -r requirements.txt")
            .replace("PLACEHOLDER", "pytest -q"),
            _WORKFLOW.replace("pip install -r requirements.txt", "pip install pytest"),
            _WORKFLOW.replace(
                "on:\n  push:\n    branches: [main]\n  pull_request:\n", "on: [push, pull_request]\n"
            ),
        ],
    ),
    "shell_aliases": (
        {"aliases": {"gs": "git status", "ll": "ls -lah", "..": "cd .."}},
        [
            _ALIASES,
            'alias gs="git  status"   # short status\nalias ll="ls -lah"\nalias ..="cd .."',
            "Add `alias gs='git status'`, `alias ll='ls -lah'` and `alias ..='cd ..'` to your .zshrc.",
        ],
        [
            _ALIASES.replace("'git status'", "git status"),
            _ALIASES.replace("git status", "git status -s"),
            _ALIASES.replace("alias ..='cd ..'\n", ""),
            _ALIASES.replace("alias ll=", "# alias ll="),
            _ALIASES.replace("alias ..='cd ..'\n", "alias ..='cd ..'\nalias ll='ls -l'\n"),
            "alias gs 'git status'\nalias ll 'ls -lah'\nalias .. 'cd ..'",
        ],
    ),
    "fstab_entries": (
        {"mounts": {"/mnt/backup": {"device": f"UUID={_UUID}", "type": "ext4", "options": ["nofail"]}}},
        [
            _FSTAB,
            f"/dev/disk/by-uuid/{_UUID.upper()} /mnt/backup/ ext4 nofail,x-systemd.device-timeout=10 0 0",
            f"Run `sudo mkdir -p /mnt/backup`, then add:\n\n`UUID={_UUID} /mnt/backup ext4 defaults,nofail`",
        ],
        [
            _FSTAB.replace("defaults,nofail", "defaults"),
            _FSTAB.replace("ext4", "ntfs"),
            _FSTAB.replace(f"UUID={_UUID}", "/dev/sda1"),
            _FSTAB.replace("/mnt/backup ", "/mnt/backups "),
            _FSTAB.replace("```\n", f"```\nUUID={_UUID} /mnt/backup ext4 defaults 0 2\n", 1),
            f"# UUID={_UUID} /mnt/backup ext4 defaults,nofail 0 2",
        ],
    ),
    "mermaid_gantt": (
        {"tasks": {"Demo": ["2027-05-03", 2], "Plumbing": ["2027-05-05", 4], "Tiling": ["2027-05-09", 5]}},
        [
            _GANTT,
            "```mermaid\ngantt\n    title Reno\n    section Work\n    Demo : 2027-05-03, 2027-05-05\n"
            "    Plumbing work : crit, 2027-05-05, 2027-05-09\n    Tiling : 2027-05-09, 2027-05-14\n```",
            "```mermaid\ngantt\ndateFormat YYYY-MM-DD\nDemo :2027-05-03, 48h\nPlumbing :4d\nTiling :5d\n```",
        ],
        [
            _GANTT.replace("5d", "4d"),
            _GANTT.replace("after d, 4d", "2027-05-06, 4d"),
            _GANTT.replace("  dateFormat YYYY-MM-DD\n", "  dateFormat YYYY-MM-DD\n  excludes weekends\n"),
            _GANTT.replace("YYYY-MM-DD", "DD-MM-YYYY"),
            _GANTT.replace("  Tiling :after p, 5d\n", ""),
            _GANTT.replace("2027-05-03", "2027-05-04"),
            _GANTT.replace("```mermaid\ngantt", "```mermaid\nflowchart"),
        ],
    ),
    "mermaid_pie": (
        {"slices": {"Rent": 1450, "Food": 620, "Other": 340}, "title": "Budget"},
        [
            _PIE,
            'pie showData\n  title budget\n  "rent" : 1450.0\n  "Food": 620\n  %% the rest\n  "Other" : 340',
            _PIE.replace('"Food"', '"Fóod"'),
        ],
        [
            _PIE.replace("620", "600"),
            _PIE.replace('    "Other" : 340\n', ""),
            _PIE.replace('    "Other" : 340\n', '    "Other" : 340\n    "Fun" : 50\n'),
            _PIE.replace("title Budget", "title Spending"),
            _PIE.replace('"Rent" : 1450', "Rent : 1450"),
            _PIE.replace("```mermaid\npie", "```mermaid\nbar"),
        ],
    ),
    "iban_numbers": (
        {"country": "DE", "n": 3},
        [_IBANS, "DE89370400440532013000, DE02120300000000202051 and DE12500105170648489890"],
        [
            _IBANS.replace("DE89", "DE88"),
            _IBANS.replace("DE12 5001 0517 0648 4898 90", "DE89 3704 0044 0532 0130 00"),
            _IBANS.rsplit("\n", 1)[0],
            _IBANS.replace("0130 00", "0130 0"),
            _IBANS + "\n- DE75 5121 0800 1245 1261 99",
            _IBANS.replace("DE", "GB"),
        ],
    ),
    "single_sms": (
        {},
        [
            _SMS,
            "Here it is:\n\n```\n" + _SMS + "\n```\n\n(86 characters, one SMS.)",
            "> Hi Sam, your parcel’s on its way: https://t.example/9X",
        ],
        [
            _SMS + " " + "We look forward to seeing you, and please do let us know about allergies. " * 2,
            "Hi Sam, your parcel’s on its way and should arrive tomorrow between 9am and 1pm. Track it"
            " online.",
            "Hi! Your order has shipped 🎉 and will arrive tomorrow. Track it at https://t.example/9X."
            " Thanks!",
            "[Name] " * 23,
        ],
    ),
    "sudoku_grid": (
        {"givens": _SUDOKU},
        [
            "Solved:\n\n" + _GRID,
            "\n".join(_SOLVED),
            "| | | | | | | | | |\n|---|---|---|---|---|---|---|---|---|\n"
            + "\n".join("| " + " | ".join(r) + " |" for r in _SOLVED),
            "\n".join(_SOLVED[:4] + ["───┼───"] + ["**Row 5:** " + _SOLVED[4]] + _SOLVED[5:]),
            _GRID.replace("3 1 2 4 6 9", "**3** 1 2 **4** 6 **9**"),
            "\n".join(
                f"{i}. " + " ║ ".join(r[j : j + 3] for j in (0, 3, 6)) for i, r in enumerate(_SOLVED, 1)
            ),
        ],
        [
            _GRID.replace("3 1 2 4", "1 3 2 4", 1),
            _GRID.translate(str.maketrans("12", "21")),
            "\n".join(_SOLVED[:8]),
            "\n".join(_SUDOKU),
            "\n".join(_SOLVED[:4] + [_SOLVED[3]] + _SOLVED[5:]),
            "\n".join(_SOLVED[:4] + ["Row five is the hard one:"] + _SOLVED[4:]),
        ],
    ),
    "word_search": (
        {"size": 10, "words": _SPACE, "directions": "across_down"},
        [_SEARCH, _SEARCH.replace(" ", "").lower()],
        [
            _SEARCH.replace("M F V", "X F V"),
            _SEARCH.replace("R O C K E T", "R O C K E D"),
            _SEARCH.replace("T Y U I O P L K J H", "T Y U I O P L K J"),
            _SEARCH.replace("P L A N E T", "T E N A L P"),
        ],
    ),
    "dice_rolls": (
        {"n": 6, "dice": 4, "sides": 6, "keep": 3},
        [
            _ROLLS,
            "| Roll | Dice | Dropped | Total |\n|---|---|---|---|\n| 1 | 6, 5, 3, 1 | 1 | 14 |\n"
            "| 2 | 4 4 2 6 | 2 | 14 |\n"
            "| 3 | 3, 2, 5, 5 | 2 | 13 |\n| 4 | 6+6+1+4 | 1 | 16 |\n| 5 | 2, 3, 1, 3 | 1 | 8 |\n"
            "| 6 | 5, 4, 4, 6 | 4 | 15 |",
            "Strength: [6, 5, 3, 1] = 14 (+2)\nDexterity: [4, 4, 2, 6] = 14 (+2)\n"
            "Constitution: [3, 2, 5, 5] = 13 (+1)\n"
            "Intelligence: [6, 6, 1, 4] = 16 (+3)\nWisdom: [2, 3, 1, 3] = 8 (-1)\n"
            "Charisma: [5, 4, 4, 6] = 15 (+2)",
        ],
        [
            _ROLLS.replace("→ 13", "→ 12"),
            _ROLLS.replace("6, 6, 1, 4 → 16", "6, 7, 1, 4 → 17"),
            _ROLLS.rsplit("\n", 1)[0],
            _ROLLS + "\n7. 3, 3, 3, 3 → 9",
            _ROLLS.replace("→ 14\n2.", "→ 15\n2."),
            "Your six scores: 14, 14, 13, 16, 8 and 15.",
        ],
    ),
    "amortization_table": (
        {"principal": 1200, "rate": 6, "months": 3},
        [_LOAN, _LOAN.replace("|---|", "|:-:|") + "\n| **Total** | $1,212.02 | $12.02 | $1,200.00 | |"],
        [
            _LOAN.replace("$4.01", "$4.50"),
            _LOAN.replace("| 2 | $404.01 | $4.01 | $400.00 | $401.99 |\n", ""),
            _LOAN.replace("$801.99", "$798.00"),
            _LOAN.replace("| 3 |", "| 4 |"),
            "Month 1: pay $404.01 ($6.00 interest), balance $801.99.",
        ],
    ),
    "month_calendar": (
        {"year": 2027, "month": 9, "week_start": "monday"},
        [
            _CAL,
            _CAL_TABLE,
            _CAL3,
        ],
        [
            _CAL.replace("Mo Tu We Th Fr Sa Su", "Su Mo Tu We Th Fr Sa"),
            _CAL.replace("       1  2  3  4  5", "    1  2  3  4  5"),
            _CAL.replace("27 28 29 30", "27 28 29"),
            _CAL.replace("27 28 29 30", "27 28 29 30  1  2  3"),
            _CAL_TABLE.replace("|  |  | 1 |", "|  | 1 | 2 |").replace("| 2 | 3 | 4 | 5 |", "| 3 | 4 | 5 |"),
        ],
    ),
    "table_sorted_by": (
        {"column": "Time", "order": "ascending", "rows": 3},
        [
            _TIMES,
            "| Runner | Finish time |\n|:--|--:|\n| **Sam** | ~22:58 |\n| Jon | 24:05 |\n| Jon | 24:05 |",
        ],
        [
            _TIMES.replace("| Sam | 22:58 |\n| Jon | 24:05 |", "| Jon | 24:05 |\n| Sam | 22:58 |"),
            _TIMES.replace("1:02:10", "21:00"),
            _TIMES + "\n| Kate | 1:05:00 |",
            _TIMES.replace("Time", "Finish"),
            "Sam 22:58, Jon 24:05, Priti 1:02:10",
        ],
    ),
    "invoice_totals": (
        {"items": [["design", 12, 45], ["domain", 1, 14.99]], "tax_rate": 20},
        [
            _INVOICE,
            "- Design: 12 h x £45 = £540\n- Domain: £14.99\n\n"
            "Sub-total £554.99, VAT £111.00, grand total £665.99",
        ],
        [
            _INVOICE.replace("£111.00", "£110.90"),
            _INVOICE.replace("£665.99", "£664.99"),
            _INVOICE.replace("Subtotal: £554.99\n", ""),
            _INVOICE.replace("£540.00", "£450.00"),
            _INVOICE.replace("| Domain renewal | 1 | £14.99 | £14.99 |\n", ""),
        ],
    ),
    "subnet_split": (
        {"network": "10.40.0.0/22", "n": 4},
        [
            _SUBNETS,
            "Your 10.40.0.0/22 splits into 10.40.0.0/24, 10.40.1.0/24, 10.40.2.0/24 and 10.40.3.0/24 "
            "(gateways 10.40.0.1/24 and so on; 192.168.0.0/16 stays untouched).",
        ],
        [
            _SUBNETS.replace("/24", "/23"),
            _SUBNETS.rsplit("\n", 1)[0],
            _SUBNETS.replace("10.40.3.0/24", "10.40.2.0/24"),
            _SUBNETS.replace("10.40.3.0/24", "10.40.3.0/25\n- 10.40.3.128/25"),
            "Four /24 networks, one per VLAN.",
        ],
    ),
    "wifi_qr": (
        {"ssid": "Casa Lopez 5G", "password": "tortilla;2027!", "security": "WPA"},
        [
            _WIFI,
            "Use `WIFI:S:Casa Lopez 5G;T:WPA2;P:tortilla\\;2027!;H:false;;` in any QR generator.",
            "The format is `WIFI:T:<type>;S:<network>;P:<password>;;`, so yours is:\n\n" + _WIFI,
        ],
        [
            _WIFI.replace("\\;", ";"),
            _WIFI.replace("!;;", "!;"),
            _WIFI.replace("T:WPA", "T:WEP"),
            _WIFI.replace("Casa Lopez 5G", "CasaLopez5G"),
            _WIFI + "\nor WIFI:T:WPA;S:Casa Lopez 5G;P:tortilla2027!;;",
            "Network Casa Lopez 5G, password tortilla;2027!, WPA.",
        ],
    ),
    "url_params": (
        {"url": "https://wa.me/447700900123", "params": {"text": "Hi! I'd like to book a table for Friday."}},
        [
            _WA,
            "[Book on WhatsApp](https://wa.me/447700900123/?text=Hi!+I'd+like+to+book+a+table+for+Friday.)",
            f"Link: <{_WA}>.",
        ],
        [
            "https://wa.me/447700900123?text=Hi! I'd like to book a table for Friday.",
            _WA.replace("447700900123", "447700900124"),
            _WA.replace("%20Friday.", "%20Friday"),
            _WA.replace("wa.me/447700900123?", "api.whatsapp.com/send?phone=447700900123&"),
            _WA + "&text=Hello",
            _WA + "\n\nor https://wa.me/447700900123?text=Hi",
        ],
    ),
    "google_docstring": (
        {
            "function": "shipping_cost",
            "args": ["weight_kg", "zone", "express"],
            "sections": ["Args", "Returns", "Raises"],
            "raises": ["ValueError"],
        },
        [
            _DOC,
            _DOC.replace("```python\n", "")
            .replace("```", "")
            .replace("Args:", "Arguments:")
            .replace("Returns:", "Return:"),
        ],
        [
            _DOC.replace("\n    Raises:\n        ValueError: If weight_kg is not positive.", ""),
            _DOC.replace("        zone (str): A key of RATES.\n", ""),
            _DOC.replace("Work out what a parcel costs to send.\n\n    ", ""),
            _DOC.replace(
                "Args:\n        weight_kg (float): Weight in kg.",
                ":param weight_kg: Weight in kg.\n    Args:",
            ),
            _DOC.replace("def shipping_cost(weight_kg, zone", "def shipping_cost(weight, zone"),
            _DOC.replace("    if weight_kg <= 0:", "  if weight_kg <= 0:"),
        ],
    ),
    "rss_items": (
        {
            "title": "Slow Stitches",
            "items": ["My first quilt", "Darning socks the easy way"],
            "dates": ["2027-03-18", "2027-03-04"],
        },
        [
            _RSS,
            _RSS.replace("```xml\n", "Here's the feed:\n\n")
            .replace("```", "Save it as feed.xml.")
            .replace("<title>My first quilt</title>", "<title><![CDATA[My First Quilt]]></title>")
            .replace("Thu, 18 Mar", "18 Mar"),
        ],
        [
            _RSS.replace(' version="2.0"', ""),
            _RSS.replace("Thu, 18 Mar", "Fri, 18 Mar"),
            _RSS.replace("Thu, 18 Mar 2027 09:00:00 +0000", "2027-03-18"),
            _RSS.replace("    <link>https://slowstitches.example/quilt</link>\n", ""),
            _RSS.replace("Darning socks the easy way", "Darning socks & more"),
            _RSS.replace("Thu, 04 Mar", "Fri, 05 Mar"),
            _RSS.replace("</channel>", "  <item><title>Extra</title><link>x</link></item>\n</channel>"),
        ],
    ),
}

# kind: parameter sets each refused, whatever the answer
BAD_PARAMS = {
    "compose_services": [
        {},
        {"services": {}},
        {"services": {"db": {}}},
        {"services": {"db": {"image": ""}}},
        {"services": {"web": {"ports": ["8080"]}}},
        {"services": {"web": {"volumes": ["data"]}}},
        {"services": {"web": {"network": "x"}}},
    ],
    "actions_workflow": [
        {},
        {"events": []},
        {"events": ["push"], "branches": {"push": "main"}},
        {"events": ["push"], "with": {"actions/setup-node": "20"}},
        {"events": ["push"], "with": {"actions/setup-node": {"node-version": 20}}},
    ],
    "shell_aliases": [{}, {"aliases": {}}, {"aliases": {"gs": ""}}, {"aliases": ["gs"]}],
    "fstab_entries": [
        {},
        {"mounts": {}},
        {"mounts": {"mnt/x": {"device": "/dev/sda1"}}},
        {"mounts": {"/mnt/x": {"type": "ext4"}}},
        {"mounts": {"/mnt/x": {"device": "/dev/sda1", "options": "nofail"}}},
        {"mounts": {"/mnt/x": {"device": "/dev/sda1", "pass": True}}},
    ],
    "mermaid_gantt": [
        {},
        {"tasks": {}},
        {"tasks": {"A": ["2027-05-03"]}},
        {"tasks": {"A": ["3 May", 2]}},
        {"tasks": {"A": ["2027-05-03", 0]}},
        {"tasks": ["A"]},
    ],
    "mermaid_pie": [
        {},
        {"slices": {}},
        {"slices": {"A": 0}},
        {"slices": {"A": "5"}},
        {"slices": {"A": True}},
    ],
    "iban_numbers": [{}, {"country": "XX"}, {"country": "DE", "n": 0}, {"country": "DE", "n": 2, "max": 3}],
    "single_sms": [{"segments": 0}, {"segments": "1"}],
    "sudoku_grid": [{}, {"givens": _SUDOKU[:8]}, {"givens": [g.replace(".", "x") for g in _SUDOKU]}],
    "word_search": [
        {},
        {"size": 1, "words": ["A"]},
        {"size": 5, "words": ["TOOLONGWORD"]},
        {"size": 5, "words": ["CAT"], "directions": "diagonal"},
    ],
    "dice_rolls": [
        {},
        {"n": 0, "dice": 4, "sides": 6},
        {"n": 6, "dice": 4, "sides": 1},
        {"n": 6, "dice": 4, "sides": 6, "keep": 5},
        {"n": 6, "dice": 4, "sides": 6, "keep": 0},
    ],
    "amortization_table": [
        {},
        {"principal": 0, "rate": 5, "months": 12},
        {"principal": 1000, "rate": 5, "months": 0},
        {"principal": 1000, "rate": 500, "months": 12},
        {"principal": "1000", "rate": 5, "months": 12},
        {"principal": -1000.0, "rate": 5, "months": 12},
        {"principal": 1000, "rate": -5.0, "months": 12},
    ],
    "month_calendar": [
        {},
        {"year": 2027, "month": 13},
        {"year": 2027, "month": 0},
        {"year": 2027, "month": 9, "week_start": "saturday"},
    ],
    "table_sorted_by": [
        {},
        {"column": "Time", "order": "fastest"},
        {"column": "Time", "order": "ascending", "rows": 1},
        {"column": "", "order": "ascending"},
    ],
    "invoice_totals": [
        {},
        {"items": []},
        {"items": [["design", 12]]},
        {"items": [["design", 0, 45]]},
        {"items": [["", 1, 45]]},
        {"items": [["design", 1, 45]], "tax_rate": "20"},
        {"items": [["design", 1, 45]], "tax_rate": 120},
    ],
    "subnet_split": [
        {},
        {"network": "10.40.0.1/22", "n": 4},
        {"network": "10.40.0.0/22", "n": 3},
        {"network": "10.40.0.0/31", "n": 4},
        {"network": "not a network", "n": 2},
    ],
    "wifi_qr": [
        {},
        {"ssid": "Home", "security": "WPA"},
        {"ssid": "Home", "security": "nopass", "password": "x"},
        {"ssid": "Home", "security": "WPA9", "password": "x"},
        {"ssid": "Home", "security": "WPA", "password": "x", "hidden": "maybe"},
    ],
    "url_params": [
        {},
        {"url": "wa.me/447700900123", "params": {"text": "Hi"}},
        {"url": "https://wa.me/447700900123", "params": {}},
        {"url": "https://wa.me/447700900123", "params": {"text": 5}},
    ],
    "google_docstring": [
        {},
        {"function": ""},
        {"function": "f", "sections": ["Parameters"]},
        {"function": "f", "args": []},
    ],
    "rss_items": [
        {},
        {"title": "Blog", "items": []},
        {"title": "Blog", "items": ["A"], "dates": ["March 4"]},
        {"title": "Blog", "items": ["A", "B"], "dates": ["2027-03-04"]},
    ],
}


def test_every_new_kind_has_cases():
    assert set(KIND_CASES) == set(TEST14_CHECKS) == set(BAD_PARAMS)


@pytest.mark.parametrize("kind", sorted(TEST14_CHECKS))
def test_each_new_kind_on_passing_and_failing_answers(kind):
    params, good, bad = KIND_CASES[kind]
    c = {"check": kind, **params}
    for text in good:
        assert S.check(c, text) is True, (kind, text)
    for text in bad:
        assert S.check(c, text) is False, (kind, text)
    for text in ("", "   ", "... !!! ???", "- \n* \n#"):  # no word meets none
        assert S.check(c, text) is False, (kind, text)


@pytest.mark.parametrize("kind", sorted(TEST14_CHECKS))
def test_each_new_kind_refuses_bad_parameters(kind):
    params = KIND_CASES[kind][0]
    for bad in [*BAD_PARAMS[kind], {**params, "unknown": 1}]:
        for text in ("", KIND_CASES[kind][1][0]):
            with pytest.raises(S.BadCheck):
                S.check({"check": kind, **bad}, text)
    # the scorer raises it too: the row is wrong, not the output
    with pytest.raises(S.BadCheck):
        S.GenericScorer().score({"kind": "constraints", "checks": [{"check": kind, "unknown": 1}]}, "x")


def test_some_finer_points():
    check = S.check
    # compose_services: a bind mount needs no top-level volume, a named one does
    web = {
        "check": "compose_services",
        "services": {"web": {"image": "nginx", "volumes": ["./site:/usr/share/nginx/html"]}},
    }
    assert check(
        web, "services:\n  web:\n    image: nginx\n    volumes:\n      - ./site:/usr/share/nginx/html:ro\n"
    )
    named = {"check": "compose_services", "services": {"web": {"image": "nginx", "volumes": ["site:/srv"]}}}
    assert not check(named, "services:\n  web:\n    image: nginx\n    volumes:\n      - site:/srv\n")
    # actions_workflow: a bare `on: push` has no branches filter, so it runs on every branch
    wf = {"check": "actions_workflow", "events": ["push"], "branches": {"push": ["main"]}}
    assert not check(wf, "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make\n")
    assert check(wf, "on:\n  push:\n    branches: main\njobs:\n  a:\n    runs-on: ubuntu-latest\n")
    # fstab_entries: dump and pass are 0 when a line leaves them out
    fs = {"check": "fstab_entries", "mounts": {"/data": {"device": "LABEL=data", "pass": 2}}}
    assert check(fs, "LABEL=data /data ext4 defaults 0 2") and not check(fs, "LABEL=data /data ext4 defaults")
    # mermaid_gantt: "after a b" starts when the later of the two ends; "until" ends where one starts
    plan = {"check": "mermaid_gantt", "tasks": {"Tiling": ["2027-05-09", 5], "Prep": ["2027-05-01", 4]}}
    chart = (
        "gantt\n  A :a, 2027-05-05, 4d\n  B :b, 2027-05-05, 3d\n  Tiling :t, after a b, 5d\n"
        "  Prep :2027-05-01, until a\n  Prep work 2 :1d"
    )
    assert check(plan, chart) and not check(plan, chart.replace("after a b", "after b"))
    # dice_rolls: signed modifiers are no dice, and a line of scores alone is no roll
    roll = {"check": "dice_rolls", "n": 2, "dice": 2, "sides": 20, "keep": 1}
    assert check(roll, "Attack: 17 and 4, keep 17 (+5 = 22)\nSave: 2, 11 → 11\nTotals: 22, 11")
    # single_sms: ^ { } [ ] ~ | € take two septets; segments counts the parts of a longer message
    assert check({"check": "single_sms"}, "x" * 160) and not check({"check": "single_sms"}, "x" * 159 + "€")
    assert check({"check": "single_sms", "segments": 2}, "Hi " * 100) and not check(
        {"check": "single_sms"}, "Hi " * 100
    )
    # month_calendar: a Sunday-first grid
    sunday = {"check": "month_calendar", "year": 2027, "month": 2, "week_start": "sunday"}
    feb = "Su Mo Tu We Th Fr Sa\n    1  2  3  4  5  6\n 7  8  9 10 11 12 13\n14 15 16 17 18 19 20\n"
    feb += "21 22 23 24 25 26 27\n28"
    assert check(sunday, feb) and not check({**sunday, "week_start": "monday"}, feb)
    # table_sorted_by: numbers with thousands commas, descending
    far = {"check": "table_sorted_by", "column": "distance", "order": "descending"}
    assert check(
        far, "| Planet | Distance (million km) |\n|---|---|\n| Neptune | 4,495.1 |\n| Mars | 227.9 |"
    )
    assert not check(
        far, "| Planet | Distance (million km) |\n|---|---|\n| Mars | 227.9 |\n| Neptune | 4,495.1 |"
    )
    # word_search: diagonals and backwards words count unless directions is across_down
    grid = "C A X\nZ A Q\nW E T"
    assert check({"check": "word_search", "size": 3, "words": ["CAT", "TEW"]}, grid)
    assert not check({"check": "word_search", "size": 3, "words": ["CAT"], "directions": "across_down"}, grid)
    # url_params: + reads as a space, other parameters are fine, a parameter twice is not
    yt = {
        "check": "url_params",
        "url": "https://www.youtube.com/results",
        "params": {"search_query": "bread"},
    }
    assert check(yt, "https://youtube.com/results?search_query=bread&sp=EgIQAQ%253D%253D")
    assert not check(yt, "https://www.youtube.com/results?search_query=bread&search_query=cake")
    # wifi_qr: an open network has no password
    open_net = {"check": "wifi_qr", "ssid": "Cafe Guest", "security": "nopass"}
    assert check(open_net, "WIFI:T:nopass;S:Cafe Guest;;") and not check(
        open_net, "WIFI:T:nopass;S:Cafe Guest;P:x;;"
    )
    # iban_numbers: a UK IBAN has a four-letter bank code
    uk = {"check": "iban_numbers", "country": "GB", "n": 1}
    assert check(uk, "GB33 BUKB 2020 1555 5555 55") and not check(uk, "GB33 1234 2020 1555 5555 55")
    # invoice_totals: with no tax rate the total is the items' sum
    bill = {"check": "invoice_totals", "items": [["tea", 2, 3.5], ["cake", 1, 4]]}
    assert check(bill, "Tea x2: 7.00\nCake: 4.00\nTotal: 11.00") and not check(
        bill, "Tea x2: 7.00\nCake: 4.00\nTotal: 12.00"
    )
    # subnet_split: an address with host bits (a gateway) is no subnet
    nets = {"check": "subnet_split", "network": "192.168.8.0/24", "n": 2}
    assert check(nets, "192.168.8.0/25 (gateway 192.168.8.1/25) and 192.168.8.128/25")
    # google_docstring: an async function counts too
    doc = {"check": "google_docstring", "function": "fetch", "args": ["url"]}
    assert check(
        doc,
        'async def fetch(url):\n    """Fetch a page.\n\n    Args:\n        url: Where.\n\n    Returns:\n'
        '        The body.\n    """\n',
    )


# ------------------------------------------------------------------ a hand-written answer per row

_SUDOKU_SOLVED = (
    "```\n3 1 2 | 4 6 9 | 5 7 8\n4 8 6 | 2 7 5 | 9 1 3\n7 5 9 | 1 8 3 | 2 4 6\n------+-------+------\n"
    "9 2 4 | 3 5 7 | 6 8 1\n5 6 8 | 9 1 4 | 7 3 2\n1 7 3 | 8 2 6 | 4 9 5\n------+-------+------\n"
    "2 9 5 | 7 3 1 | 8 6 4\n8 3 7 | 6 4 2 | 1 5 9\n6 4 1 | 5 9 8 | 3 2 7\n```"
)
_WORDSEARCH = _SEARCH + "\n\nWords: PLANET, COMET, ORBIT, GALAXY, ROCKET, MOON"
_AMORT = (
    "| Month | Payment | Interest | Principal | Balance |\n|---:|---:|---:|---:|---:|\n"
    "| 1 | $519.71 | $36.00 | $483.71 | $5,516.29 |\n| 2 | $519.71 | $33.10 | $486.61 | $5,029.68 |\n"
    "| 3 | $519.71 | $30.18 | $489.53 | $4,540.15 |\n| 4 | $519.71 | $27.24 | $492.47 | $4,047.68 |\n"
    "| 5 | $519.71 | $24.29 | $495.42 | $3,552.26 |\n| 6 | $519.71 | $21.31 | $498.40 | $3,053.86 |\n"
    "| 7 | $519.71 | $18.32 | $501.39 | $2,552.47 |\n| 8 | $519.71 | $15.31 | $504.40 | $2,048.07 |\n"
    "| 9 | $519.71 | $12.29 | $507.42 | $1,540.65 |\n| 10 | $519.71 | $9.24 | $510.47 | $1,030.18 |\n"
    "| 11 | $519.71 | $6.18 | $513.53 | $516.65 |\n| 12 | $519.75 | $3.10 | $516.65 | $0.00 |\n"
    "| **Total** | **$6,236.56** | **$236.56** | **$6,000.00** | |\n\n"
    "The last payment is 4 cents higher to clear the rounding."
)
ANSWERS = {
    "s01": (
        "```yaml\nservices:\n  db:\n    image: postgres:16\n    restart: unless-stopped\n    environment:\n"
        "      POSTGRES_USER: gitea\n      POSTGRES_PASSWORD: change-me\n      POSTGRES_DB: gitea\n"
        "    volumes:\n      - pgdata:/var/lib/postgresql/data\n\n  gitea:\n    image: gitea/gitea:1.22\n"
        "    restart: unless-stopped\n    depends_on:\n      - db\n    environment:\n"
        "      - GITEA__database__DB_TYPE=postgres\n      - GITEA__database__HOST=db:5432\n"
        '    ports:\n      - "3000:3000"\n      - "2222:22"\n    volumes:\n      - ./gitea:/data\n\n'
        "volumes:\n  pgdata:\n```\n\nStart it with `docker compose up -d`."
    ),
    "s02": (
        "Save this as `.github/workflows/test.yml`:\n\n```yaml\nname: Tests\n\non:\n  push:\n"
        "    branches: [main]\n"
        "  pull_request:\n\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n      - uses: actions/setup-node@v4\n        with:\n"
        "          node-version: 20\n          cache: npm\n      - run: npm ci\n      - run: npm test\n```"
    ),
    "s03": (
        "```zsh\n# git\nalias gs='git status'\nalias gp='git pull --rebase'\n\n# files\nalias ll='ls -lah'\n"
        "alias ..='cd ..'\n```\n\nRun `source ~/.zshrc` to use them straight away."
    ),
    "s04": (
        'Add these to `~/.bashrc`:\n\n```bash\nalias dcu="docker compose up -d"\n'
        'alias dcd="docker compose down"\n'
        'alias dlogs="docker compose logs -f --tail=100"\n```'
    ),
    "s05": (
        "Add this line to `/etc/fstab` (after `sudo mkdir -p /mnt/backup`):\n\n```\n"
        "UUID=6c1f2a9e-8b3d-4e7a-9f10-2b5c7d8e9a01  /mnt/backup  ext4  defaults,nofail  0  2\n```\n\n"
        "Then test it with `sudo mount -a` before rebooting."
    ),
    "s06": (
        "| Subnet | CIDR | Usable hosts |\n|---|---|---|\n"
        "| Staff | 10.40.0.0/24 | 10.40.0.1 - 10.40.0.254 |\n"
        "| Guests | 10.40.1.0/24 | 10.40.1.1 - 10.40.1.254 |\n"
        "| Printers | 10.40.2.0/24 | 10.40.2.1 - 10.40.2.254 |\n"
        "| Cameras | 10.40.3.0/24 | 10.40.3.1 - 10.40.3.254 |"
    ),
    "s07": (
        "Borrow 3 bits (2^3 = 8), so each subnet is a /27 with 32 addresses:\n\n1. 192.168.8.0/27\n"
        "2. 192.168.8.32/27\n3. 192.168.8.64/27\n4. 192.168.8.96/27\n5. 192.168.8.128/27\n"
        "6. 192.168.8.160/27\n7. 192.168.8.192/27\n8. 192.168.8.224/27"
    ),
    "s08": (
        "- DE89 3704 0044 0532 0130 00\n- DE02 1203 0000 0000 2020 51\n- DE12 5001 0517 0648 4898 90\n"
        "- DE75 5121 0800 1245 1261 99"
    ),
    "s09": "1. GB33 BUKB 2020 1555 5555 55\n2. GB29 NWBK 6016 1331 9268 19\n3. GB94 BARC 1020 1530 0934 59",
    "s10": (
        "Hi {first_name}, this is a reminder of your appointment at Bright Smile Dental tomorrow at {time}. "
        "Reply C to confirm or R to reschedule."
    ),
    "s11": "Good news! Your order is on its way. Track it here: https://trk.example.com/AB12CD",
    "s12": (
        "```mermaid\ngantt\n    title Bathroom renovation\n    dateFormat YYYY-MM-DD\n    section Prep\n"
        "    Demolition :demo, 2027-05-03, 2d\n    section Services\n    Plumbing :plumb, after demo, 4d\n"
        "    Electrics :elec, after demo, 3d\n    section Finish\n    Tiling :tile, after plumb elec, 5d\n"
        "    Painting :after tile, 2d\n```"
    ),
    "s13": (
        '```mermaid\npie title Monthly budget\n    "Rent" : 1450\n    "Groceries" : 620\n'
        '    "Transport" : 180\n'
        '    "Utilities" : 210\n    "Savings" : 400\n    "Other" : 340\n```'
    ),
    "s14": (
        '```mermaid\npie showData\n    title Offsite vote\n    "Lisbon" : 14\n    "Edinburgh" : 9\n'
        '    "Kraków" : 6\n    "Stay home" : 3\n```'
    ),
    "s15": "Here's the solved grid:\n\n" + _SUDOKU_SOLVED,
    "s16": _WORDSEARCH,
    "s17": (
        "1. 6, 5, 3, 1 → drop 1 → **14**\n2. 4, 4, 2, 6 → drop 2 → **14**\n3. 3, 2, 5, 5 → drop 2 → **13**\n"
        "4. 6, 6, 1, 4 → drop 1 → **16**\n5. 2, 3, 1, 3 → drop 1 → **8**\n6. 5, 4, 4, 6 → drop 4 → **15**\n\n"
        "Your scores: 14, 14, 13, 16, 8 and 15."
    ),
    "s18": _AMORT,
    "s19": _CAL,
    "s20": (
        "| Planet | Average distance from the Sun (million km) |\n|---|---:|\n| Neptune | 4,495.1 |\n"
        "| Uranus | 2,872.5 |\n| Saturn | 1,433.5 |\n| Jupiter | 778.5 |\n| Mars | 227.9 |\n"
        "| Earth | 149.6 |\n"
        "| Venus | 108.2 |\n| Mercury | 57.9 |"
    ),
    "s21": (
        "| Name | Time |\n|---|---|\n| Sam | 22:58 |\n| Jon | 24:05 |\n| Olu | 25:30 |\n| Maya | 27:41 |\n"
        "| Kate | 29:03 |\n| Priti | 31:12 |"
    ),
    "s22": (
        '```xml\n<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0">\n  <channel>\n'
        "    <title>Slow Stitches</title>\n    <link>https://slowstitches.example/</link>\n"
        "    <description>Mending, quilting and embroidery at a gentle pace.</description>\n"
        "    <item>\n      <title>Choosing embroidery floss</title>\n"
        "      <link>https://slowstitches.example/choosing-embroidery-floss/</link>\n"
        "      <pubDate>Thu, 01 Apr 2027 09:00:00 +0000</pubDate>\n    </item>\n"
        "    <item>\n      <title>My first quilt</title>\n"
        "      <link>https://slowstitches.example/my-first-quilt/</link>\n"
        "      <pubDate>Thu, 18 Mar 2027 09:00:00 +0000</pubDate>\n    </item>\n"
        "    <item>\n      <title>Darning socks the easy way</title>\n"
        "      <link>https://slowstitches.example/darning-socks/</link>\n"
        "      <pubDate>Thu, 04 Mar 2027 09:00:00 +0000</pubDate>\n    </item>\n  </channel>\n</rss>\n```"
    ),
    "s23": (
        "```python\ndef shipping_cost(weight_kg, zone, express=False):\n"
        '    """Work out the shipping cost of a parcel.\n\n    Args:\n'
        "        weight_kg (float): The parcel's weight in kilograms.\n"
        "        zone (str): The delivery zone, a key of RATES.\n"
        "        express (bool): Whether to ship express, at 1.5 times the price. Defaults to False.\n\n"
        "    Returns:\n        float: The cost, rounded to 2 decimals.\n\n    Raises:\n"
        "        ValueError: If weight_kg is not positive.\n        KeyError: If zone is not in RATES.\n"
        '    """\n    if weight_kg <= 0:\n        raise ValueError("weight must be positive")\n'
        "    if zone not in RATES:\n        raise KeyError(zone)\n    cost = RATES[zone] * weight_kg\n"
        "    return round(cost * 1.5 if express else cost, 2)\n```"
    ),
    "s24": (
        "**INVOICE**\n\nBill to: Harbour Lane Cafe\n\n| Description | Qty | Unit price | Amount |\n"
        "|---|---:|---:|---:|\n"
        "| Menu design (hours) | 12 | £45.00 | £540.00 |\n| Domain renewal | 1 | £14.99 | £14.99 |\n"
        "| Stock photos | 3 | £9.50 | £28.50 |\n\n**Subtotal:** £583.49\n**VAT (20%):** £116.70\n"
        "**Total:** £700.19"
    ),
    "s25": (
        "Bake sale receipt\n\n- Cupcakes: 2 dozen x $18.00 = $36.00\n- Sourdough loaves: 3 x $7.50 = $22.50\n"
        "- Lemon tart: 1 x $22.00 = $22.00\n\nSubtotal: $80.50\nSales tax (8.875%): $7.14\nTotal: $87.64"
    ),
    "s26": (
        "Here's your link:\n\nhttps://wa.me/447700900123?text=Hi%21%20I%27d%20like%20to%20book%20a%20table%20for%20Friday."
        "\n\nAnyone who taps it gets a chat with that message ready to send."
    ),
    "s27": "[Sourdough shaping tutorials on YouTube](https://www.youtube.com/results?search_query=sourdough+shaping+tutorial)",
    "s28": (
        "Encode this exact text:\n\n```\nWIFI:T:WPA;S:Casa Lopez 5G;P:tortilla\\;2027!;;\n```\n\n"
        "The semicolon in the password has to be escaped with a backslash, and WPA covers WPA2."
    ),
    "s29": (
        "Good evening everyone! Forty years ago, Rosa and Tom promised each other a lifetime, and they have "
        "kept that promise with patience, laughter and more Sunday dinners than any of us can count. "
        "They taught us that love is a habit, not just a feeling. So please raise your glasses: to Rosa "
        "and Tom, and to the next forty years!"
    ),
    "s30": (
        "- Build a blanket fort and read stories inside it\n- Have an indoor teddy bear picnic\n"
        "- Bake and decorate simple cookies together\n"
        "- Make a kitchen band with pots, pans and wooden spoons\n"
        "- Do a treasure hunt with picture clues\n- Put on wellies and go puddle jumping for ten minutes"
    ),
    "s31": (
        "Some personal news: I've started as a Data Analyst at Northwind Logistics! I'm grateful to everyone "
        "who helped me get here, and I'm excited to learn from a great team while turning shipment data "
        "into better decisions.\n\n#DataAnalytics #NewBeginnings #Logistics"
    ),
    "s32": "a paw on the shelf\none slow push, the mug tips, falls\nmiso yawns, unmoved",
}


def test_a_hand_written_answer_meets_every_constraint_row(by_id):
    scorer = S.GenericScorer()
    rows = [r for r in by_id.values() if r["kind"] == "constraints"]
    assert set(ANSWERS) == {r["id"] for r in rows}
    for r in rows:
        got = scorer.score(r, ANSWERS[r["id"]])
        assert got["score"] == 1.0, (r["id"], got["failed"])
        assert scorer.score(r, "")["score"] == 0.0, r["id"]  # and an empty answer meets none


def test_answers_for_other_rows_fail_the_new_kinds(by_id):
    """The hand-written answers seldom meet another row's new kinds: the kinds are not met by chance."""
    rows = [r for r in by_id.values() if r["kind"] == "constraints"]
    met = pairs = 0
    for r in rows:
        asked = [c for c in r["checks"] if c["check"] in TEST14_CHECKS]
        for rid, text in ANSWERS.items():
            if asked and rid != r["id"]:
                met += all(S.check(c, text) for c in asked)
                pairs += 1
    assert met / pairs < 0.05, met


# ------------------------------------------------------------------ the generator


def _before_test15(task):
    """data.jsonl as it was before the test15 to test18 rows were appended after test14's."""
    later = ('"split": "test15"', '"split": "test16"', '"split": "test17"', '"split": "test18"')
    return "".join(
        ln for ln in task.data_path.read_text().splitlines(True) if not any(s in ln for s in later)
    )


def test_data_jsonl_ends_with_the_generators_test14_rows(task):
    text = _before_test15(task)
    assert text.endswith(generic_test14.render())
    tail = text.splitlines()[-60:]
    assert [json.loads(ln)["split"] for ln in tail] == ["test14"] * 60
    assert '"split": "test14"' not in text[: len(text) - len(generic_test14.render())]
    before = text[: len(text) - len(generic_test14.render())]
    assert before.endswith(generic_test13.render())  # right after test13's rows


def test_the_generator_keeps_every_other_line(task, tmp_path, monkeypatch):
    data = tmp_path / "data.jsonl"
    original = _before_test15(task)
    older = original[: len(original) - len(generic_test14.render())]
    monkeypatch.setattr(generic_test14, "DATA", data)
    for start in (older, original, older + '{"id": "s99", "kind": "everyday", "split": "test14"}\n'):
        data.write_text(start)
        generic_test14.main()
        assert data.read_text() == original
    first, rest = older.split("\n", 1)  # a test14 line out of place is dropped, the rows written once
    data.write_text(first + "\n" + generic_test14.render() + rest)
    generic_rows.rewrite(data, generic_test14.SPLIT, generic_test14.render())
    assert data.read_text() == original
