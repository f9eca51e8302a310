"""The generic task's test10 rows (m01-m60, written blind to the observers on 2026-12-07) and the
scorer parts written for them: the check kinds of TEST10_CHECKS (each on passing and failing
answers, and refusing bad parameters), a hand-written answer meeting every constraint row, every
reference passing its hidden tests and its shown examples, no shown example among the hidden
tests, the shown tests never counting, and the generator keeping every other line of data.jsonl
as it is, test10 right before test11 to test18 (no engine)."""

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
from selfrefine.tasks.tools import generic_rows, generic_test9, generic_test10
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
    *TEST8_CHECKS, *TEST9_CHECKS,
}  # fmt: skip


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:test10")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows() if r["split"] == "test10"}


# ------------------------------------------------------------------ the rows


def test_rows_are_the_generators_in_order(by_id):
    rows = generic_test10.rows()
    assert list(by_id) == [f"m{i:02d}" for i in range(1, 61)] == [r["id"] for r in rows]
    assert list(by_id.values()) == json.loads(json.dumps(rows))
    kinds = [r["kind"] for r in rows]
    assert kinds == ["constraints"] * 32 + ["function"] * 22 + ["everyday"] * 6
    assert len({r["request"] for r in rows}) == 60


def test_test10_follows_test9_in_the_file_and_its_requests_are_new():
    every = registry.load("generic:all").rows()
    assert len(every) == 1182
    assert Counter(r["split"] for r in every)["test10"] == 60
    test9 = registry.load("generic:test9").rows()
    assert every[-600:-540] == test9 and [r["split"] for r in every[-540:-480]] == ["test10"] * 60
    # test11 to test18 (tests/test_generic_test11.py ... _test18.py) follow test10 at the end of the file
    splits = [f"test{i}" for i in range(11, 19) for _ in range(60)]
    assert [r["split"] for r in every[-480:]] == splits
    # no request repeats an older one (only ids are shown when one does, never the texts)
    seen, ids = Counter(r["request"] for r in every), Counter(r["id"] for r in every)
    assert [r["id"] for r in every if seen[r["request"]] > 1] == []
    assert [i for i, n in ids.items() if n > 1] == []
    older = {r["entry"] for r in every if r["kind"] == "function" and r["split"] != "test10"}
    mine = [r["entry"] for r in every if r["kind"] == "function" and r["split"] == "test10"]
    assert len(set(mine)) == 22 and not set(mine) & older


def test_constraint_rows_use_the_new_kinds(by_id):
    assert_constraint_rows_use(by_id, TEST10_CHECKS, OLDER)


def test_the_new_kinds_are_new_and_reached_through_the_scorer():
    assert_new_kinds_reached(TEST10_CHECKS, OLDER)


def test_function_rows_shape_and_example_styles(by_id):
    assert_function_rows(by_id)


def test_no_hidden_test_repeats_a_shown_example(by_id):
    assert_no_hidden_test_repeats_a_shown(by_id)


def test_shown_examples_give_their_expected_values(by_id):
    for r in functions(by_id):
        for i in r["shown"]:
            want = r["tests"][i]["expect"]
            assert repr(want) in r["request"] or json.dumps(want) in r["request"], (r["id"], i)


def test_every_reference_passes_its_hidden_tests(by_id):
    assert_references_pass(by_id)


def test_shown_examples_never_count(by_id):
    assert_shown_examples_never_count(by_id)


def test_everyday_rows(by_id):
    scorer = S.GenericScorer()
    right = {
        "m55": ("That's 54 hours.", "About 50 hours."),
        "m56": ("15% of 80 is 12.", "It's 10."),
        "m57": ("You'd have $1,300 saved.", "You'd have $1,200."),
        "m58": ("The capital of Canada is Ottawa.", "It's Toronto."),
        "m59": ("Water boils at 212 °F at sea level.", "It boils at 100 degrees."),
        "m60": ("A violin has four strings.", "It has 6 strings."),
    }
    for rid, (good, bad) in right.items():
        assert by_id[rid]["kind"] == "everyday"
        assert scorer.score(by_id[rid], good)["score"] == 1.0, rid
        assert scorer.score(by_id[rid], bad)["score"] == 0.0, rid


# ------------------------------------------------------------------ the new kinds

_ICS = (
    "```\nBEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//me//EN\nBEGIN:VEVENT\nSUMMARY:Dentist\n"
    "DTSTART:20270309T143000\nDTEND:20270309T151500\nLOCATION:12 Elm Road\nEND:VEVENT\nEND:VCALENDAR\n```"
)
_CARD = "```\nBEGIN:VCARD\nVERSION:3.0\nFN:Lena Hoffmann\nTEL;TYPE=cell:+49 151 2345 6789\nEND:VCARD\n```"
_FLOW = (
    "```mermaid\nflowchart TD\n  A[Request] --> B{Within 30 days?}\n  B -->|No| C[Decline]\n"
    "  B -->|Yes| D[Label]\n```"
)
_PY = "```python\ndef total(rows: list[str], *extra: int, **opts: str) -> float:\n    return 0.0\n```"
_TSV = "```\nDay\tChild\tChore\nMonday\tElla\tDishes\nTuesday\tSam\tTrash\n```"
_SANTA = "- Ana → Ben\n- Ben -> Cleo\n- **Cleo**: Dev\n- Dev gives to Ana"
_ROUNDS = "## Round 1\nA vs B\nC sits out\n## Round 2\nA v C\n**Round 3**\n- B versus C"
_REFS = (
    "Teens need sleep [1]. Screens delay it [2, 3].\n\n## References\n[1] Smith, 2020.\n[2] Lee, 2021.\n"
    "3. Kim, 2019."
)
_LOG = (
    "# Changelog\n\n## [Unreleased]\n### Added\n- Dark mode\n\n## [1.1.0] - 2026-06-01\n### Added\n"
    "- Shopping list\n### Fixed\n- Crash on empty recipe\n\n## [1.0.0] - 2026-03-01\n### Added\n"
    "- First release"
)

# kind: (params, answers that meet it, answers that do not)
KIND_CASES = {
    "ics_event": (
        {"dates": ["20270309"]},
        [
            _ICS,
            "BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART;TZID=Europe/London:20270309T143000\nSUMMARY:Dentist\n"
            "END:VEVENT\nEND:VCALENDAR",
            "begin:vcalendar\nbegin:vevent\nsummary:Dentist\ndtstart;value=date:20270309\nend:vevent\nend:vcalendar",
        ],
        [
            _ICS.replace("20270309T1430", "20270310T1430"),
            _ICS.replace("SUMMARY:Dentist\n", ""),
            _ICS.replace("DTSTART:20270309T143000", "DTSTART:2027-03-09 14:30"),
            _ICS.replace("DTEND:20270309T151500", "DTEND:20270309T140000"),
            _ICS.replace("END:VEVENT\n", ""),
            "Dentist on March 9, 2027 at 14:30.",
        ],
    ),
    "vcard": (
        {"fields": ["FN", "TEL"]},
        [_CARD, "BEGIN:VCARD\nVERSION:4.0\nfn:Lena\nN:Hoffmann;Lena;;;\ntel:+49 151\nEND:VCARD"],
        [
            _CARD.replace("TEL;TYPE=cell:+49 151 2345 6789", "EMAIL:lena@x.de"),
            _CARD.replace("VERSION:3.0\n", ""),
            _CARD.replace("FN:Lena Hoffmann", "FN:"),
            _CARD.replace("END:VCARD\n", ""),
            "Name: Lena Hoffmann\nTel: +49 151",
        ],
    ),
    "crontab": (
        {"min": 2, "schedules": ["30 2 * * *", "0 6 * * 0"]},
        [
            "```\n# nightly backup\n30 2 * * * /home/pi/backup.sh\n0 6 * * SUN /home/pi/cleanup.sh\n```",
            "```\nMAILTO=me@x.io\n30 02 * * * backup.sh >> /tmp/log 2>&1\n0 6 * * 7 cleanup.sh\n```",
        ],
        [
            "```\n30 2 * * * /home/pi/backup.sh\n0 6 * * 1 /home/pi/cleanup.sh\n```",
            "```\n30 2 * * * /home/pi/backup.sh\n0 6 * * 0\n```",
            "```\n30 2 * * * /home/pi/backup.sh\n0 6 * * 0 /home/pi/cleanup.sh\n61 1 * * * x.sh\n```",
            "```\n30 2 * * * /home/pi/backup.sh\n```",
            "Run backup.sh at 2:30 every night and cleanup.sh on Sundays at 6.",
        ],
    ),
    "dockerfile": (
        {"base": "python", "needs": ["COPY", "EXPOSE"]},
        [
            "```dockerfile\nARG PY=3.12\nFROM python:3.12-slim\nWORKDIR /app\nCOPY . .\nRUN pip install \\\n"
            '    -r requirements.txt\nEXPOSE 5000\nCMD ["gunicorn", "app:app"]\n```',
            "```\n# base\nFROM --platform=linux/amd64 Python:3.12\nCOPY app.py .\nEXPOSE 80\n```",
        ],
        [
            "```\nFROM node:20\nCOPY . .\nEXPOSE 5000\n```",
            "```\nFROM python:3.12\nCOPY . .\n```",
            "```\nfrom python:3.12\ncopy . .\nexpose 5000\n```",
            "```\nCOPY . .\nFROM python:3.12\nEXPOSE 5000\n```",
            "```\nFROM python:3.12\nCOPY . .\npip install flask\nEXPOSE 5000\n```",
        ],
    ),
    "ini_config": (
        {"keys": ["station.name", "mqtt.port"]},
        [
            "```ini\n; station\n[station]\nname = Hilltop\n\n[MQTT]\nport: 1883\n```",
            "[station]\nname=Hilltop\n[mqtt]\nhost = x\nport = 1883",
        ],
        [
            "```ini\n[station]\nname = Hilltop\n[mqtt]\nhost = x\n```",
            "```ini\nname = Hilltop\n[mqtt]\nport = 1883\n```",
            "```ini\n[station]\nname = Hilltop\nname = Other\n[mqtt]\nport = 1883\n```",
            "```ini\n[station]\nname =\n[mqtt]\nport = 1883\n```",
            '```toml\n[station]\nname = "Hilltop"\n[mqtt.x]\nport = 1883\n```',
        ],
    ),
    "xml_document": (
        {"root": "urlset", "child": "url", "min": 2, "each": "loc"},
        [
            '```xml\n<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/'
            'sitemap/0.9">\n  <url><loc>https://a.com/</loc><lastmod>2026-12-01</lastmod></url>\n'
            "  <url><loc>https://a.com/menu</loc></url>\n</urlset>\n```",
            "<urlset><url><loc>a</loc></url><url><loc>b</loc></url></urlset>",
        ],
        [
            "<urlset><url><loc>a</loc></url></urlset>",
            "<urlset><url><loc>a</loc></url><url><loc></loc></url></urlset>",
            "<urlset><url><loc>a</loc></url><url><loc>b</loc></url>",
            "<sitemap><url><loc>a</loc></url><url><loc>b</loc></url></sitemap>",
            "<urlset><url><loc>a</loc><url><loc>b</loc></url></url></urlset>",
        ],
    ),
    "mermaid_flowchart": (
        {"min": 3, "decisions": 1},
        [_FLOW, "```mermaid\ngraph LR;\n  A --> B --> C\n  C -- retry --> D{Ok?}\n```"],
        [
            _FLOW.replace("```mermaid", "```"),
            _FLOW.replace("{Within 30 days?}", "[Within 30 days?]"),
            "```mermaid\nflowchart TD\n  A --> B{x}\n```",
            "```mermaid\nsequenceDiagram\n  A->>B: hi\n  B-->>A: x\n  A-->B: y\n  B{x}\n```",
            "flowchart TD\n  A --> B{x}\n  B --> C\n  C --> D",
        ],
    ),
    "type_hints": (
        {"min": 2},
        [
            _PY + "\n```python\nclass Log:\n    def add(self, km: float) -> None:\n        pass\n```",
            "```py\nasync def f(a: int, /, b: int = 1, *, c: str) -> None: ...\n\n"
            "def g() -> int:\n    return 1\n```",
        ],
        [
            _PY,
            _PY + "\n```python\ndef g(x) -> int:\n    return x\n```",
            _PY + "\n```python\ndef g(x: int):\n    return x\n```",
            _PY + "\n```python\ndef g(x: int) -> int\n    return x\n```",
            "def total(rows: list) -> float: ...\ndef g() -> int: ...",
        ],
    ),
    "code_line_length": (
        {"max": 20},
        [
            "Here:\n```\nx = 1\nprint(x)   \n```\nA long explanation line outside the code is fine.",
            "```\n" + "a" * 20 + "\n```",
        ],
        [
            "```\n" + "a" * 21 + "\n```",
            "```\nx = 1\n```\n```\n" + "b = 'a long line of code here'\n```",
            "x = 1",
        ],
    ),
    "shebang_line": (
        {"shell": "bash"},
        [
            '```bash\n#!/usr/bin/env bash\nset -euo pipefail\nfor f in *.jpeg; do mv "$f" x; done\n```',
            "#!/bin/bash\necho hi",
        ],
        [
            "```bash\n#!/bin/sh\necho hi\n```",
            "```bash\nset -e\n#!/bin/bash\necho hi\n```",
            "```bash\n#!/bin/bash\n```",
            "```bash\n# !/bin/bash\necho hi\n```",
            "```bash\n#!/usr/bin/env python3\nprint(1)\n```",
        ],
    ),
    "tsv_rows": (
        {"header": ["Day", "Child", "Chore"], "n": 2},
        [_TSV, "day\tchild\tchore\n\nMonday\tElla\tDishes\nTuesday\tSam\tTrash"],
        [
            _TSV.replace("\t", "  "),
            _TSV.replace("Tuesday\tSam\tTrash", "Tuesday\tSam"),
            _TSV.replace("Tuesday\tSam\tTrash", "Tuesday\tSam\tTrash\nWednesday\tElla\tBeds"),
            _TSV.replace("Day\tChild\tChore\n", ""),
            _TSV.replace("Tuesday\tSam\tTrash", "Tuesday\t \tTrash"),
        ],
    ),
    "gift_exchange": (
        {"names": ["Ana", "Ben", "Cleo", "Dev"], "apart": ["Ana & Cleo"]},
        [_SANTA, "1. ana buys for ben\n2. Ben draws Cleo\n3. Cleo => Dev\n4. Dev - Ana"],
        [
            _SANTA.replace("Dev gives to Ana", "Dev gives to Ben"),
            _SANTA.replace("- Dev gives to Ana", ""),
            "- Ana → Ben\n- Ana → Cleo\n- Cleo → Dev\n- Dev → Ana",
            "- Ana → Cleo\n- Cleo → Ben\n- Ben → Dev\n- Dev → Ana",
            "- Ana → Ana\n- Ben → Cleo\n- Cleo → Dev\n- Dev → Ben",
        ],
    ),
    "round_robin": (
        {"teams": ["A", "B", "C"], "rounds": 3},
        [_ROUNDS, "Round 1: A vs B\nRound 2\n- A - C\nRound 3\n- C against B"],
        [
            _ROUNDS.replace("B versus C", "B versus A"),
            _ROUNDS.replace("## Round 2\n", ""),
            _ROUNDS.replace("- B versus C", "- B versus C\n- A vs B"),
            _ROUNDS.replace("**Round 3**", "Round 4"),
            "A vs B\nA vs C\nB vs C",
        ],
    ),
    "word_ladder": (
        {"start": "cold", "end": "warm", "max_steps": 4},
        [
            "COLD → CORD → CARD → WARD → WARM",
            "1. **COLD**\n2. CORD (change L to R)\n3. CARD\n4. WARD\n5. WARM",
            "Here you go:\ncold -> cord -> card -> ward -> warm",
        ],
        [
            "COLD → CORD → WARD → WARM",
            "COLD → CORD → CARD → WARD → WART → WARM",
            "COLD → BOLD → BOLT → BOLD → BALD → WARM",
            "COLD → CARD → WARM",
            "1. COLD\n2. CORD\n3. CARD\n4. WARD",
        ],
    ),
    "nato_spelling": (
        {"text": "QH7W"},
        [
            "Quebec, Hotel, seven, Whiskey",
            "- Q as in **quebec**\n- H as in Hotel\n- 7\n- W as in Whisky",
            "Sure! Q-H-7-W: Quebec Hotel Seven Whiskey.",
        ],
        [
            "Quebec, Hotel, seven, Victor",
            "Queen, Hotel, seven, Whiskey",
            "Hotel, Quebec, seven, Whiskey",
            "Quebec, Hotel, India, Whiskey",
            "Q H 7 W",
        ],
    ),
    "morse_code": (
        {"text": "SEE YOU"},
        [
            "... . . / -.-- --- ..-",
            "SEE YOU in Morse:\n\n`... . .` | `-.-- --- ..-`",
            "··· · ·\n−·−− −−− ··−",
            "... . .   -.-- --- ..-",
        ],
        [
            "... . . / -.-- --- .-",
            "....././-.-- --- ..-",
            "... . . -.-- --- ..-",
            "SEE YOU",
        ],
    ),
    "palindrome_lines": (
        {"n": 3, "min_words": 2},
        [
            "Never odd or even\nStep on no pets\nWas it a car or a cat I saw?",
            "Here are three:\n1. **Never odd or even**\n2. Step on no pets.\n3. No lemon, no melon",
        ],
        [
            "Never odd or even\nStep on no pets",
            "Never odd or even\nStep on no pets\nRacecar",
            "Never odd or even\nStep on no pets\nA palindrome here",
            "Never odd or even\nStep on no pets\nNo lemon no melon\nTop spot",
        ],
    ),
    "conversions": (
        {"source": ["miles", "mile", "mi"], "target": ["km", "kilometres"], "factor": 1.609344, "min": 2},
        [
            "- 1 mile = 1.61 km\n- 3.1 miles ≈ 5 km\n- Marathon: 26.2 mi (42.2 km)",
            "| Miles | Km |\n|---|---|\n| 10 miles | 16.09 kilometres |\n| 1,000 miles | 1,609 km |",
        ],
        [
            "- 1 mile = 1.61 km\n- 3 miles = 5 km",
            "- 1 mile = 1.61 km",
            "- 1 mile is a bit over one and a half km\n- 5 km is a parkrun",
        ],
    ),
    "numbered_citations": (
        {"min": 3},
        [
            _REFS,
            "Sleep matters [1]. Teens shift later [2-3], as shown [1].\n\n**Sources:**\n1) A\n2) B\n3) C",
        ],
        [
            _REFS.replace("[2, 3]", "[3, 2]").replace("Teens need sleep [1]", "Teens need sleep [1] [3]"),
            _REFS.replace("\n3. Kim, 2019.", ""),
            _REFS.replace("[2, 3]", "[2]"),
            _REFS.replace("## References\n", ""),
            _REFS.replace("[1] Smith", "[4] Smith"),
        ],
    ),
    "coordinates": (
        {"min": 2, "decimals": 4, "south": 55.5, "north": 59.0, "west": -8.0, "east": -1.5},
        [
            "- Glen Nevis: 56.7969, -5.0036\n- Cairn Gorm car park: 57.1340° N, 3.6710° W",
            "1. Ben Lomond (56.1906, -4.6320)\n2. Stac Pollaidh: 58.0420; -5.2060",
        ],
        [
            "- Glen Nevis: 56.797, -5.0036\n- Cairn Gorm: 57.1340, -3.6710",
            "- Glen Nevis: 56.7969, -5.0036",
            "- Glen Nevis: 56.7969, -5.0036\n- London: 51.5074, -0.1278",
            "- Glen Nevis: 56.7969, -5.0036\n- Cairn Gorm: 57°08'N 3°40'W, 57.1340, -3.6710",
            "- Glen Nevis: 56.7969° N, -5.0036° W\n- Cairn Gorm: 57.1340, -3.6710",
        ],
    ),
    "img_alt": (
        {"min": 2},
        [
            "<img src=\"a.jpg\" alt=\"A blue glazed bowl\">\n<IMG SRC='b.jpg' ALT='Speckled mug' />",
            '![Tall vase with a crackle glaze](vase.jpg)\n<img alt="Two cups" src="c.jpg">',
        ],
        [
            '<img src="a.jpg" alt="A blue glazed bowl">\n<img src="b.jpg" alt="">',
            '<img src="a.jpg" alt="A blue glazed bowl">\n<img src="b.jpg">',
            '<img src="a.jpg" alt="A blue glazed bowl">',
            '![](a.jpg)\n<img src="b.jpg" alt="Mug">\n<img src="c.jpg" alt="Bowl">',
            '<img alt="A bowl">\n<img src="b.jpg" alt="Mug">',
        ],
    ),
    "changelog_entries": (
        {"min": 2},
        [_LOG, "## 2.0.0 - 2026-09-01\n### Removed\n* Old API\n## 1.9.3 - 2026-09-01\n### Security\n* Patch"],
        [
            _LOG.replace("## [1.1.0] - 2026-06-01", "## [0.9.0] - 2026-06-01"),
            _LOG.replace("2026-06-01", "2025-06-01").replace("2026-03-01", "2026-08-01"),
            _LOG.replace("### Fixed", "### Bug fixes"),
            _LOG.replace("## [1.0.0] - 2026-03-01", "## Version 1.0.0"),
            _LOG.replace("### Added\n- First release", "- First release"),
            _LOG.replace("- Crash on empty recipe", ""),
            _LOG.replace("2026-03-01", "2026-02-30"),
        ],
    ),
}

# kind: parameter sets each refused, whatever the answer
BAD_PARAMS = {
    "ics_event": [{"min": 0}, {"dates": []}, {"dates": ["2027-03-09"]}],
    "vcard": [{}, {"fields": []}, {"fields": "FN"}],
    "crontab": [{"min": 0}, {"schedules": ["30 2 * *"]}, {"schedules": ["61 2 * * *"]}, {"schedules": []}],
    "dockerfile": [{"needs": ["copy"]}, {"base": ""}, {"needs": []}],
    "ini_config": [{}, {"keys": ["name"]}, {"keys": ["station."]}],
    "xml_document": [
        {},
        {"root": ""},
        {"root": "urlset", "each": "loc"},
        {"root": "a", "child": "b", "min": 0},
    ],
    "mermaid_flowchart": [{"min": 0}, {"decisions": -1}, {"min": "3"}],
    "type_hints": [{"min": 0}, {"min": 1.5}],
    "code_line_length": [{}, {"max": 0}],
    "shebang_line": [{"shell": ""}, {"shell": 3}],
    "tsv_rows": [{}, {"header": []}, {"header": ["a"], "n": 0}, {"header": ["a"], "n": 2, "min": 1}],
    "gift_exchange": [
        {},
        {"names": ["Ana"]},
        {"names": ["Ana", "ana"]},
        {"names": ["Ana", "Ben"], "apart": ["Ana and Ben"]},
        {"names": ["Ana", "Ben"], "apart": ["Ana & Zed"]},
    ],
    "round_robin": [{}, {"teams": ["A"]}, {"teams": ["A", "B"], "rounds": 0}, {"teams": ["A", "A"]}],
    "word_ladder": [
        {},
        {"start": "cold"},
        {"start": "cold", "end": "hot"},
        {"start": "cold", "end": "cold"},
        {"start": "c0ld", "end": "warm"},
        {"start": "cold", "end": "warm", "max_steps": 0},
    ],
    "nato_spelling": [{}, {"text": "123"}, {"text": "Ω"}],
    "morse_code": [{}, {"text": "..."}, {"text": "Ω"}],
    "palindrome_lines": [{"n": 0}, {"n": 2, "min": 1}, {"min": 3, "max": 2}, {"min_words": 0}],
    "conversions": [
        {},
        {"source": ["mi"], "target": ["km"]},
        {"source": ["mi"], "target": ["km"], "factor": 0},
        {"source": ["mi"], "target": ["km"], "factor": "1.6"},
        {"source": ["mi"], "target": ["km"], "factor": 1.6, "tolerance": -1.0},
    ],
    "numbered_citations": [{"min": 0}, {"min": "3"}],
    "coordinates": [
        {"min": 0},
        {"decimals": 0},
        {"south": 55.0},
        {"south": 55, "north": 59.0, "west": -8.0, "east": -1.5},
    ],
    "img_alt": [{"min": 0}, {"min": True}],
    "changelog_entries": [{"min": 0}, {"min": 2.0}],
}


def test_every_new_kind_has_cases():
    assert set(KIND_CASES) == set(TEST10_CHECKS) == set(BAD_PARAMS)


@pytest.mark.parametrize("kind", sorted(TEST10_CHECKS))
def test_each_new_kind_on_passing_and_failing_answers(kind):
    params, good, bad = KIND_CASES[kind]
    c = {"check": kind, **params}
    for text in good:
        assert S.check(c, text) is True, (kind, text)
    for text in bad:
        assert S.check(c, text) is False, (kind, text)
    for text in ("", "   ", "... !!! ???", "- \n* \n#"):  # no word meets none
        assert S.check(c, text) is False, (kind, text)


@pytest.mark.parametrize("kind", sorted(TEST10_CHECKS))
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
    # crontab: MON-FRI is 1-5, and day 7 is Sunday
    cron = {"check": "crontab", "schedules": ["15 8 * * 1-5", "0 0 * * 0"]}
    assert check(cron, "```\n15 8 * * MON-FRI /usr/local/bin/smart-check\n0 0 * * 7 x\n```")
    assert check(cron, "```\n15 8 * * 1,2,3,4,5 a\n@weekly b\n```")
    assert not check(cron, "```\n15 8 * * 1-6 a\n0 0 * * 0 b\n```")
    # crontab: another code block (the install command) does not spoil the entries
    assert check(cron, "Run:\n```bash\ncrontab -e\n```\n```\n15 8 * * 1-5 a\n0 0 * * 0 b\n```")
    # word_ladder: the ladder may sit among other lines
    assert check(
        {"check": "word_ladder", "start": "cold", "end": "warm"},
        "Here's one!\n\nCOLD\nCORD\nCARD\nWARD\nWARM\n\nFour steps.",
    )
    # morse_code: one word a line works too
    assert check({"check": "morse_code", "text": "SEE YOU"}, "... . .\n-.-- --- ..-")
    # gift_exchange: other lines around the draw are read past
    names = {"check": "gift_exchange", "names": ["Ana", "Ben"]}
    assert check(names, "Here's the draw:\n\nAna → Ben\nBen → Ana\n\nHave fun!")
    # type_hints: a method's self needs no annotation, a nested function does
    assert check(
        {"check": "type_hints"}, "```python\nclass A:\n    def f(self, x: int) -> int:\n        return x\n```"
    )
    nested = "```python\ndef f(x: int) -> int:\n    def g(y):\n        return y\n    return g(x)\n```"
    assert not check({"check": "type_hints"}, nested)
    # conversions: mixed fractions and unicode fractions are amounts
    cups = {"check": "conversions", "source": ["cup", "cups"], "target": ["ml"], "factor": 236.588}
    assert check(cups, "- 1 1/2 cups = 355 ml\n- ½ cup = 118 ml\n- 2/3 cup = 158 ml")
    assert not check(cups, "- 1 1/2 cups = 240 ml")
    # coordinates: without a box any valid pair counts
    assert check({"check": "coordinates"}, "Belém Tower: 38.6916, -9.2160")
    assert not check({"check": "coordinates"}, "Somewhere: 98.6916, -9.2160")
    # numbered_citations: a markdown link [1](url) in the body is no citation
    refs = "See [1] and [the site](https://x.io).\n\nReferences\n[1] A source."
    assert check({"check": "numbered_citations"}, refs)
    # ini_config: section names are matched in any case
    assert check({"check": "ini_config", "keys": ["Logging.Level"]}, "[logging]\nlevel = INFO")


# ------------------------------------------------------------------ a hand-written answer per row

_SITEMAP = "\n".join(
    f"  <url>\n    <loc>https://www.crumbandcrust.com/{p}</loc>\n    <lastmod>2026-12-01</lastmod>\n  </url>"
    for p in ["", "about", "menu", "wholesale", "catering", "contact"]
)
_BOOK_CLUB = "".join(
    f"BEGIN:VEVENT\nUID:bookclub-{d}@willow\nSUMMARY:Book club\nDTSTART:{d}T190000\nDTEND:{d}T210000\n"
    "LOCATION:Willow Street Library\\, room B\nEND:VEVENT\n"
    for d in ["20270107", "20270204", "20270304"]
)
_CHORES = [
    ("Monday", "Ella", "Set the table"),
    ("Tuesday", "Sam", "Feed the cat"),
    ("Wednesday", "Ella", "Water the plants"),
    ("Thursday", "Sam", "Take out recycling"),
    ("Friday", "Ella", "Tidy the shoes"),
    ("Saturday", "Sam", "Help wash the car"),
    ("Sunday", "Ella", "Fold towels"),
]
_BIRDS = [
    ("2026-10-03", "Oystercatcher", "14", "North beach"),
    ("2026-10-03", "Curlew", "3", "Salt marsh"),
    ("2026-10-03", "Little egret", "2", "Harbour"),
    ("2026-10-04", "Sanderling", "22", "North beach"),
    ("2026-10-04", "Gannet", "40", "Offshore from the cliffs"),
]

ANSWERS = {
    "m01": "```\nBEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Me//Dentist//EN\nBEGIN:VEVENT\n"
    "UID:dentist-20270309@me\n"
    "DTSTAMP:20261207T120000Z\nSUMMARY:Dentist appointment\nDTSTART:20270309T143000\nDTEND:20270309T151500\n"
    "LOCATION:Bright Smile Dental\\, 12 Elm Road\nEND:VEVENT\nEND:VCALENDAR\n```",
    "m02": "```\nBEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Willow//Book club//EN\n"
    + _BOOK_CLUB
    + "END:VCALENDAR\n```",
    "m03": (
        "```\nBEGIN:VCARD\nVERSION:3.0\nN:Hoffmann;Lena;;Dr.;\nFN:Dr. Lena Hoffmann\nORG:Hoffmann Physio\n"
        "TITLE:Physiotherapist\nTEL;TYPE=CELL:+49 151 2345 6789\nEMAIL:lena@hoffmann-physio.de\n"
        "URL:https://hoffmann-physio.de\nEND:VCARD\n```"
    ),
    "m04": "```\n30 2 * * * /home/pi/backup.sh\n0 6 * * 0 /home/pi/cleanup.sh\n```",
    "m05": (
        "```\n# SMART disk health check, weekdays at 08:15\n15 8 * * 1-5 /usr/local/bin/smart-check\n"
        "# rotate logs at midnight on the 1st\n0 0 1 * * /usr/local/bin/rotate-logs\n```"
    ),
    "m06": (
        "```dockerfile\nFROM python:3.12-slim\nWORKDIR /app\nCOPY requirements.txt .\n"
        "RUN pip install --no-cache-dir -r requirements.txt gunicorn\nCOPY . .\nEXPOSE 5000\n"
        'CMD ["gunicorn", "--bind", "0.0.0.0:5000", "app:app"]\n```'
    ),
    "m07": (
        "```ini\n[station]\nname = Hilltop Garden\nlatitude = 52.2053\nlongitude = 0.1218\naltitude = 24\n\n"
        "[mqtt]\nhost = 192.168.1.20\nport = 1883\ntopic = weather/hilltop\n\n[logging]\nlevel = INFO\n"
        "file = /var/log/weather.log\n```"
    ),
    "m08": (
        "Thanks for your email. I'm at a conference from December 14 to 18 with limited access to "
        "email and will reply when I'm back. For anything urgent, please contact my colleague Ines at "
        "ines@example.com."
    ),
    "m09": (
        '```xml\n<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + _SITEMAP + "\n</urlset>\n```"
    ),
    "m10": (
        "```mermaid\nflowchart TD\n  A[Customer requests return] --> B{More than 30 days since delivery?}\n"
        "  B -->|Yes| C[Decline return]\n  B -->|No| D[Send return label]\n  D --> E[Receive parcel]\n"
        "  E --> F[Inspect item]\n  F --> G{Damaged?}\n  G -->|Yes| H[Partial refund]\n"
        "  G -->|No| I[Full refund]\n```"
    ),
    "m11": (
        "```mermaid\nflowchart LR\n  A[Offer signed] --> B[Laptop ordered]\n  B --> C[Accounts created]\n"
        "  C --> D[First-day welcome]\n  D --> E[Buddy assigned]\n  E --> F[30-day check-in]\n```"
    ),
    "m12": (
        "```python\nimport csv\nfrom collections import defaultdict\n\n\n"
        "def distance_per_month(path: str) -> dict[str, float]:\n"
        '    """Total km per month (YYYY-MM) from the running log CSV."""\n'
        "    totals: dict[str, float] = defaultdict(float)\n"
        '    with open(path, newline="") as f:\n'
        "        for row in csv.DictReader(f):\n"
        '            totals[row["date"][:7]] += float(row["distance_km"])\n'
        "    return dict(totals)\n```"
    ),
    "m13": (
        '```bash\n#!/usr/bin/env bash\nset -euo pipefail\n\nfor f in *.jpeg; do\n  [ -e "$f" ] || continue\n'
        '  new="${f%.jpeg}.jpg"\n  mv -- "$f" "$new"\n  echo "renamed $f -> $new"\ndone\n```'
    ),
    "m14": "```\nDay\tChild\tChore\n" + "\n".join("\t".join(r) for r in _CHORES) + "\n```",
    "m15": "ninety years of sunday roasts,\nof garden roses, jam and tea,\n"
    "you taught us all to laugh the most,\n"
    "happy birthday, gran, from me.",
    "m16": "```\nDate\tSpecies\tCount\tLocation\n" + "\n".join("\t".join(r) for r in _BIRDS) + "\n```",
    "m17": "- Maya → Jonah\n- Jonah → Theo\n- Theo → Ruth\n- Ruth → Priscilla\n- Priscilla → Omar\n"
    "- Omar → Maya",
    "m18": (
        "Round 1\n- Dink Dynasty vs Net Ninjas\n- Kitchen Crew vs Lob Stars\n(Spin Doctors sit out)\n\n"
        "Round 2\n- Dink Dynasty vs Kitchen Crew\n- Lob Stars vs Spin Doctors\n(Net Ninjas sit out)\n\n"
        "Round 3\n- Dink Dynasty vs Lob Stars\n- Net Ninjas vs Spin Doctors\n(Kitchen Crew sit out)\n\n"
        "Round 4\n- Dink Dynasty vs Spin Doctors\n- Net Ninjas vs Kitchen Crew\n(Lob Stars sit out)\n\n"
        "Round 5\n- Net Ninjas vs Lob Stars\n- Kitchen Crew vs Spin Doctors\n(Dink Dynasty sit out)"
    ),
    "m19": "COLD → CORD → CARD → WARD → WARM",
    "m20": "Q - Quebec\nH - Hotel\nR - Romeo\n7 - Seven\nW - Whiskey\nZ - Zulu",
    "m21": "... . . / -.-- --- ..- / ... --- --- -.",
    "m22": "Never odd or even\nStep on no pets\nNo lemon, no melon\nWas it a car or a cat I saw\n"
    "Top spot\nMy gym",
    "m23": "1 mile = 1.61 km\n3.1 miles = 5 km\n5 miles = 8.05 km\n6.2 miles = 10 km\n13.1 miles = 21.1 km\n"
    "26.2 miles = 42.2 km",
    "m24": "1/4 cup = 59 ml\n1/3 cup = 79 ml\n1/2 cup = 118 ml\n2/3 cup = 158 ml\n3/4 cup = 177 ml\n"
    "1 cup = 237 ml",
    "m25": (
        "- Feed them at the usual times.\n- Keep the lead on near roads.\n- Write down the vet's number.\n"
        "- Stick to their walking routine.\n- Send the owner a photo each day."
    ),
    "m26": (
        "Teenagers' body clocks shift later in puberty, so they naturally fall asleep later [1]. Experts "
        "recommend 8 to 10 hours a night for 13 to 18 year olds [2]. Later school start times have been "
        "linked to better attendance and mood [3].\n\nReferences\n"
        "[1] Carskadon, M. A. (2011). Sleep in adolescents. Pediatric Clinics of North America.\n"
        "[2] Paruthi, S. et al. (2016). Recommended amount of sleep for pediatric populations. JCSM.\n"
        "[3] Wahlstrom, K. (2014). Examining the impact of later high school start times. University of "
        "Minnesota."
    ),
    "m27": (
        "# E-scooter safety brief\n\nInjuries rose as shared scooters spread [1]. Most injuries are to the "
        "head [2], and helmet use is low [2, 3]. Protected lanes cut conflicts with cars [4].\n\n"
        "## Sources\n1. CDC (2019). Dockless electric scooter injuries study.\n2. Trivedi et al. (2019). "
        "JAMA Network Open.\n3. ITF (2020). Safe micromobility.\n4. NACTO (2019). Shared micromobility "
        "guidelines."
    ),
    "m28": (
        "1. Glen Nevis (Ben Nevis path): 56.7969, -5.0036\n2. Cairn Gorm car park: 57.1340, -3.6710\n"
        "3. Glen Coe, Three Sisters: 56.6680, -5.0540\n4. Stac Pollaidh car park: 58.0420, -5.2060\n"
        "5. Ben Lomond, Rowardennan: 56.1520, -4.6430"
    ),
    "m29": (
        "- Miradouro da Senhora do Monte: 38.7191, -9.1325. The widest view over the castle and river.\n"
        "- Miradouro de Santa Luzia: 38.7118, -9.1302. Tiles, bougainvillea and Alfama rooftops.\n"
        "- Miradouro de São Pedro de Alcântara: 38.7155, -9.1443. A garden terrace facing the castle.\n"
        "- Miradouro da Graça: 38.7162, -9.1315. Pine shade and a kiosk at sunset."
    ),
    "m30": '<section class="gallery">\n'
    + "\n".join(
        f'  <img src="images/piece-{i}.jpg" alt="{alt}">'
        for i, alt in enumerate(
            [
                "Blue glazed stoneware bowl",
                "Speckled white coffee mug",
                "Tall vase with a crackle glaze",
                "Set of four small green plates",
                "Hand-built teapot with a bamboo handle",
                "Terracotta planter with carved leaves",
            ],
            1,
        )
    )
    + "\n</section>",
    "m31": (
        "# Changelog\n\nAll notable changes to this project are documented here.\n\n"
        "## [1.2.0] - 2026-10-12\n### Added\n- Meal planner\n### Fixed\n- Unit conversion for ounces\n\n"
        "## [1.1.0] - 2026-06-03\n### Added\n- Shopping list export\n### Changed\n- Faster search\n\n"
        "## [1.0.0] - 2026-02-14\n### Added\n- First public release"
    ),
    "m32": (
        "A heat pump works like a fridge running in reverse. It pulls warmth out of the outside air, "
        "even on cold days, and moves it into the house.\n\n"
        "Because it moves heat instead of making it, it uses much less electricity than a heater. So "
        "what size of heat pump would you recommend for our house?"
    ),
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
        asked = [c for c in r["checks"] if c["check"] in TEST10_CHECKS]
        for rid, text in ANSWERS.items():
            if asked and rid != r["id"]:
                met += all(S.check(c, text) for c in asked)
                pairs += 1
    assert met / pairs < 0.05, met


# ------------------------------------------------------------------ the generator


def _before_test11(task):
    """data.jsonl as it was before the test11 to test18 rows were appended after test10's."""
    later = tuple(
        f'"split": "{s}"'
        for s in ("test11", "test12", "test13", "test14", "test15", "test16", "test17", "test18")
    )
    return "".join(
        ln for ln in task.data_path.read_text().splitlines(True) if not any(s in ln for s in later)
    )


def test_data_jsonl_ends_with_the_generators_test10_rows(task):
    text = _before_test11(task)
    assert text.endswith(generic_test10.render())
    tail = text.splitlines()[-60:]
    assert [json.loads(ln)["split"] for ln in tail] == ["test10"] * 60
    assert '"split": "test10"' not in text[: len(text) - len(generic_test10.render())]
    before = text[: len(text) - len(generic_test10.render())]
    assert before.endswith(generic_test9.render())  # right after test9's rows


def test_the_generator_keeps_every_other_line(task, tmp_path, monkeypatch):
    data = tmp_path / "data.jsonl"
    original = _before_test11(task)
    older = original[: len(original) - len(generic_test10.render())]
    monkeypatch.setattr(generic_test10, "DATA", data)
    for start in (older, original, older + '{"id": "m99", "kind": "everyday", "split": "test10"}\n'):
        data.write_text(start)
        generic_test10.main()
        assert data.read_text() == original
    first, rest = older.split("\n", 1)  # a test10 line out of place is dropped, the rows written once
    data.write_text(first + "\n" + generic_test10.render() + rest)
    generic_rows.rewrite(data, generic_test10.SPLIT, generic_test10.render())
    assert data.read_text() == original
