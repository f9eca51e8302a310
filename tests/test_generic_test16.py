"""The generic task's test16 rows (g01-g60, written blind to the observers) and the scorer parts
written for them: the check kinds of TEST16_CHECKS (each on passing and failing
answers, and refusing bad parameters), a hand-written answer meeting every constraint row, every
reference passing its hidden tests and its shown examples, no shown example among the hidden
tests, the shown tests never counting, and the generator keeping every other line of data.jsonl
as it is, test16 right before test17 and test18 (no engine)."""

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
from selfrefine.tasks.generic.test15_kinds import TEST15_CHECKS
from selfrefine.tasks.generic.test16_kinds import TEST16_CHECKS
from selfrefine.tasks.tools import generic_rows, generic_test15, generic_test16
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
    *TEST14_CHECKS, *TEST15_CHECKS,
}  # fmt: skip


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:test16")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows() if r["split"] == "test16"}


# ------------------------------------------------------------------ the rows


def test_rows_are_the_generators_in_order(by_id):
    rows = generic_test16.rows()
    assert list(by_id) == [f"g{i:02d}" for i in range(1, 61)] == [r["id"] for r in rows]
    assert list(by_id.values()) == json.loads(json.dumps(rows))
    kinds = [r["kind"] for r in rows]
    assert kinds == ["constraints"] * 32 + ["function"] * 22 + ["everyday"] * 6
    assert len({r["request"] for r in rows}) == 60


def test_test16_follows_test15_in_the_file_and_its_requests_are_new():
    every = registry.load("generic:all").rows()
    assert len(every) == 1182
    assert Counter(r["split"] for r in every)["test16"] == 60
    test15 = registry.load("generic:test15").rows()
    assert every[-240:-180] == test15 and [r["split"] for r in every[-180:-120]] == ["test16"] * 60
    # test17 and test18 (tests/test_generic_test17.py, _test18.py) follow test16 at the end of the file
    assert [r["split"] for r in every[-120:]] == ["test17"] * 60 + ["test18"] * 60
    # no request repeats an older one (only ids are shown when one does, never the texts)
    seen, ids = Counter(r["request"] for r in every), Counter(r["id"] for r in every)
    assert [r["id"] for r in every if seen[r["request"]] > 1] == []
    assert [i for i, n in ids.items() if n > 1] == []
    older = {r["entry"] for r in every if r["kind"] == "function" and r["split"] != "test16"}
    mine = [r["entry"] for r in every if r["kind"] == "function" and r["split"] == "test16"]
    assert len(set(mine)) == 22 and not set(mine) & older


def test_constraint_rows_use_the_new_kinds(by_id):
    assert_constraint_rows_use(by_id, TEST16_CHECKS, OLDER)


def test_the_new_kinds_are_new_and_reached_through_the_scorer():
    assert_new_kinds_reached(TEST16_CHECKS, OLDER)


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
        "g55": ("There are 52 weeks in a year, plus a day or two.", "There are 12 months in a year."),
        "g56": ("Water boils at 212°F at sea level.", "Water boils at 100°C."),
        "g57": ("The Pacific is the biggest by far.", "The Indian Ocean is the third largest."),
        "g58": ("Pride and Prejudice was written by Jane Austen.", "It was Charlotte Brontë."),
        "g59": ("Eleven players per side are on the pitch.", "A squad has 23 players."),
        "g60": ("15% of 80 is 12.", "15% of 80 is 1.2."),
    }
    for rid, (good, bad) in right.items():
        assert by_id[rid]["kind"] == "everyday"
        assert scorer.score(by_id[rid], good)["score"] == 1.0, rid
        assert scorer.score(by_id[rid], bad)["score"] == 0.0, rid


# ------------------------------------------------------------------ the new kinds

_PLAN = "Week 1: 10 km\nWeek 2: 11 km\nWeek 3: 12 km\nWeek 4: 9 km (easy week)"
_PLAN_TABLE = (
    "| Week | Mon | Wed | Sat | Total (km) |\n|---|---|---|---|---|\n| Week 1 | 3 | 3 | 4 | 10 |\n"
    "| Week 2 | 3 | 3 | 5 | 11 |\n| Week 3 | 3 | 4 | 5 | 12 |\n| Week 4 | 4 | 4 | 5 | 13 |"
)
_RACI = (
    "| Task | PM | Dev | QA |\n|---|---|---|---|\n| Write the spec | A/R | C | I |\n"
    "| Ship the release | A | R | C |"
)
_SCORES = (
    "| Option | Cost (60%) | Speed (40%) | Weighted total |\n|---|---|---|---|\n| Alpha | 8 | 5 | 6.8 |\n"
    "| Beta | 6 | 9 | 7.2 |"
)
_GROUPS = "**Fruit**\n- Apples\n- Pears\n\n**Veg**\n- Carrots\n- Leeks"
_CLUES = "1. Feline pet (3) - CAT\n2. Opposite of night (3) - DAY\n3. Where ships dock (7) - HARBOUR"
_HANDS = "Full house: K♠ K♥ K♦ 4♣ 4♠\nStraight flush: 5♥ 6♥ 7♥ 8♥ 9♥"
_DETAILS = (
    "<details>\n<summary>How do I install it?</summary>\n\nRun the installer.\n</details>\n\n"
    "<details><summary>Is it free?</summary>Yes, it is.</details>"
)
_DOCKER = "docker run -d --name cache -p 6380:6379 redis:7"
_FF = "ffmpeg -ss 00:00:30 -to 00:01:45 -i in.mp4 -c copy out.mp4"
_COOKIE = "Set-Cookie: sid=abc123; Path=/; Max-Age=3600; HttpOnly; Secure; SameSite=Strict"
_SCHEMA = (
    '{"type": "object", "properties": {"title": {"type": "string"}, '
    '"year": {"type": "integer", "minimum": 1900}}, "required": ["title"]}'
)
_DMARC = "Host: _dmarc.example.com\nValue: v=DMARC1; p=reject; pct=50; rua=mailto:reports@example.com"

# kind: (params, answers that meet it, answers that do not)
KIND_CASES = {
    "weekly_progression": (
        {"weeks": 4, "start": 10, "max_increase": 10, "unit": ["km"]},
        [
            _PLAN,
            _PLAN_TABLE,
            "**Week 1**\n- Mon 3 km\n- Sat 7 km\n- Total: 10 km\n\n**Week 2**\n- Mon 4 km\n- Sat 7 km\n"
            "- Total: 11 km\n\n**Week 3**\n- Total: 12 km\n\n**Week 4**\n- Total: 12 km",
            "Week 1: Mon 3 km, Wed 3 km, Sat 4 km = 10 km\nWeek 2: 11 km total\nWeek 3: 12 km\nWeek 4: 13 km",
        ],
        [
            _PLAN.replace("Week 2: 11 km", "Week 2: 12 km"),
            _PLAN.replace("Week 1: 10 km", "Week 1: 11 km"),
            _PLAN.rsplit("\n", 1)[0],
            _PLAN + "\nWeek 5: 9.5 km",
            _PLAN_TABLE.replace("| 13 |", "| 14 |"),
            "Build up slowly over four weeks from 10 km.",
        ],
    ),
    "raci_matrix": (
        {"roles": ["PM", "Dev", "QA"], "tasks": ["spec", "release"]},
        [
            _RACI,
            "| Task | PM | Dev | QA |\n|---|---|---|---|\n"
            "| Spec | Accountable, Responsible | Consulted | - |\n"
            "| Release | **A** | R | |",
        ],
        [
            _RACI.replace("| A | R | C |", "| A | A/R | C |"),
            _RACI.replace("| A | R | C |", "| A | C | C |"),
            _RACI.replace("| A/R | C | I |", "| R | C | I |"),
            _RACI.replace("| QA |", "| Ops |"),
            _RACI.replace("Ship the release", "Ship it"),
            _RACI.replace("| C | I |", "| Yes | I |"),
            "PM is accountable for the spec and the release.",
        ],
    ),
    "weighted_scores": (
        {"options": ["Alpha", "Beta"], "criteria": {"cost": 60, "speed": 40}},
        [
            _SCORES,
            _SCORES.replace("Weighted total", "Total (out of 100)").replace("6.8", "68").replace("7.2", "72"),
        ],
        [
            _SCORES.replace("7.2", "7.6"),
            _SCORES.replace("| 8 | 5 |", "| 11 | 5 |"),
            _SCORES.replace(" | Weighted total", "").replace("|---|---|---|---|", "|---|---|---|"),
            _SCORES.rsplit("\n", 1)[0],
            _SCORES.replace("Speed", "Pace"),
            "Alpha scores 6.8 and Beta 7.2.",
        ],
    ),
    "grouped_items": (
        {"groups": {"Fruit": ["apples", "pears"], "Veg": ["carrots", "leeks"]}},
        [
            _GROUPS,
            "Fruit: apples, pears\nVeg: carrots, leeks",
            "## Fruit (2)\n\napple\npear\n\n## Veg aisle\n\n"
            "- carrot\n- leek\n\nEnjoy the apples and carrots!",
        ],
        [
            _GROUPS.replace("- Pears\n", "").replace("- Leeks", "- Leeks\n- Pears"),
            _GROUPS.replace("- Leeks", ""),
            _GROUPS.replace("**Veg**", "**Vegetables**"),
            _GROUPS.replace("- Leeks", "- Leeks\n- Apples"),
            "Apples, pears, carrots and leeks.",
        ],
    ),
    "deduplicated_list": (
        {"items": ["Ann Lee", "Bo Park", "Ann Lee", "Cy Diaz", "Bo Park"]},
        ["Ann Lee\nBo Park\nCy Diaz", "1. Ann Lee\n2. Bo Park\n3. Cy Diaz", "Ann Lee, Bo Park, Cy Diaz"],
        [
            "Ann Lee\nBo Park\nAnn Lee\nCy Diaz",
            "Bo Park\nAnn Lee\nCy Diaz",
            "Ann Lee\nCy Diaz",
            "Removed the repeat of Ann Lee:\nAnn Lee\nBo Park\nCy Diaz",
        ],
    ),
    "unit_prices": (
        {"items": {"Brand A": [2.0, 500], "Brand B": [3.3, 1000]}, "per": 1000},
        [
            "Brand A: £4.00/kg\nBrand B: £3.30/kg",
            "| Brand | Price per kg |\n|---|---|\n| Brand A | 4 |\n| Brand B | 3.3 |",
        ],
        [
            "Brand A: £4.10/kg\nBrand B: £3.30/kg",
            "Brand A: £4.00/kg",
            "Brand A: £2.00 per 500 g\nBrand B: £3.30/kg",
            "Brand A costs more per kilo.",
        ],
    ),
    "percent_changes": (
        {"items": {"Rent": [1000, 1100], "Food": [400, 350], "Fuel": [200, 200]}},
        [
            "Rent: +10.0%\nFood: -12.5%\nFuel: 0.0%",
            "Rent went up 10%.\nFood fell 12.5 percent.\nFuel: no change (0%).",
            "| Item | Change |\n|---|---|\n| Rent | 10.0% |\n| Food | −12.5% |\n| Fuel | 0.0% |",
        ],
        [
            "Rent: +10.0%\nFood: +12.5%\nFuel: 0.0%",
            "Rent: -10.0%\nFood: -12.5%\nFuel: 0.0%",
            "Rent: +10.5%\nFood: -12.5%\nFuel: 0.0%",
            "Rent: +10.0%\nFood: -12.5%",
            "Rent: 1,100\nFood: 350\nFuel: 200",
        ],
    ),
    "crossword_clues": (
        {"n": 3},
        [
            _CLUES,
            "Feline pet (3): **cat**\nLarge body of salt water (5,3)\n"
            "Answer: North Sea\nOpposite of night (3) — DAY",
        ],
        [
            _CLUES.replace("(3) - CAT", "(4) - CAT"),
            _CLUES.rsplit("\n", 1)[0],
            _CLUES.replace("DAY", "CAT"),
            _CLUES.replace(" - CAT", ""),
            _CLUES + "\n4. Frozen water (3) - ICE",
        ],
    ),
    "letter_set_words": (
        {"letters": "aelpst", "required": "p", "n": 3, "min_length": 4},
        ["- pale\n- leap\n- slept", "Pale, leap and slept", "Here you go:\n1. PALE (4)\n2. LEAP\n3. SLEPT"],
        [
            "- pale\n- leap\n- slipt",
            "- pale\n- seat\n- leap",
            "- pal\n- leap\n- slept",
            "- pale\n- leap",
            "- pale\n- leap\n- Pale",
        ],
    ),
    "number_puzzle": (
        {"numbers": "4 7 8 8", "target": 24, "use": "all"},
        [
            "(7 − 8 ÷ 8) × 4 = 24",
            "8 / 8 = 1\n7 - 1 = 6\n6 * 4 = 24",
            "**8 × (4 + 7 − 8) = 24**",
            "7 - 8/8 = 6 = 6 x 4 = 24",
        ],
        [
            "8 × 4 − 8 = 24",
            "(7 − 8 ÷ 8) × 4 = 25",
            "(7 − 8 ÷ 8) × 4 + 0 = 24",
            "8 / 8 = 1\n7 - 1 = 6\n6 * 4 * 1 = 24",
            "(7 − 8 ÷ 8) × 4",
        ],
    ),
    "poker_hands": (
        {"hands": ["full house", "straight flush"]},
        [_HANDS, "**Full house**\nKs Kh Kd 4c 4s\n\n**Straight flush**\n10♠️ J♠️ Q♠️ K♠️ A♠️"],
        [
            _HANDS.replace("K♦ 4♣", "K♦ 5♣"),
            _HANDS.replace("9♥", "9♣"),
            _HANDS.replace(" 9♥", ""),
            _HANDS.replace("4♠", "4♣"),
            _HANDS.split("\n")[0],
            "Full house: three of one rank and two of another.",
        ],
    ),
    "chord_spellings": (
        {"chords": {"Am": ["A", "C", "E"], "G7": ["G", "B", "D", "F"]}},
        [
            "Am: A C E\nG7: G B D F",
            "| Chord | Notes |\n|---|---|\n| Am | A – C – E |\n| G7 | G – B – D – F |",
            "**Am** (A minor)\nA, C, E\n\n**G7** (G dominant seventh)\nG, B, D, F",
        ],
        [
            "Am: A C# E\nG7: G B D F",
            "Am: A C E\nG7: G B D",
            "Am: A C E",
            "Am: A C E\nG7: G B D F#",
            "A minor: A C E\nG7: G B D F",
        ],
    ),
    "braille_text": (
        {"text": "hi mum"},
        ["⠓⠊ ⠍⠥⠍", "With a capital sign: ⠠⠓⠊⠀⠍⠥⠍"],
        ["⠓⠊⠍⠥⠍", "⠓⠑ ⠍⠥⠍", "⠓⠊ ⠍⠥⠍⠎", "hi mum"],
    ),
    "latin_square": (
        {"symbols": ["A", "B", "C"]},
        [
            "A B C\nB C A\nC A B",
            "| | 1 | 2 | 3 |\n|---|---|---|---|\n| Row 1 | A | B | C |\n| Row 2 | C | A | B |\n"
            "| Row 3 | B | C | A |",
            "Row 1: a, b, c\nRow 2: b, c, a\nRow 3: c, a, b",
        ],
        [
            "A B C\nB C A\nB C A",
            "A B C\nB C A",
            "A B D\nB D A\nD A B",
            "A A B\nB B A\nC C C",
            "ABC\nBCA\nCAB",
        ],
    ),
    "naming_style": (
        {"style": "camelCase", "n": 3},
        [
            "- isDarkMode\n- fontSize\n- autoSave",
            "`isDarkMode` – toggles the theme\n`fontSize` – text size\n`autoSave` – saves as you type",
        ],
        [
            "- is_dark_mode\n- fontSize\n- autoSave",
            "- IsDarkMode\n- fontSize\n- autoSave",
            "- isDarkMode\n- fontSize",
            "- isDarkMode\n- isDarkMode\n- autoSave",
            "- is dark mode\n- fontSize\n- autoSave",
        ],
    ),
    "details_blocks": (
        {"n": 2, "summaries": ["install"]},
        [_DETAILS, _DETAILS.replace("<details>\n<summary>", "<details open>\n<summary><b>")],
        [
            _DETAILS + "\n\n<details><summary>More?</summary>Sure.</details>",
            _DETAILS.replace("<summary>Is it free?</summary>", ""),
            _DETAILS.replace("</details>\n\n", "\n\n"),
            _DETAILS.replace("Yes, it is.", ""),
            _DETAILS.replace("How do I install it?", "How do I set it up?"),
        ],
    ),
    "docker_run": (
        {"image": "redis:7", "name": "cache", "ports": ["6380:6379"], "detach": "true"},
        [
            _DOCKER,
            "```\ndocker run --detach \\\n  --name=cache \\\n  --publish 127.0.0.1:6380:6379/tcp \\\n"
            "  redis:7.2-alpine\n```",
            "`docker container run -dit --rm --name cache -p 6380:6379 docker.io/library/redis:7`",
        ],
        [
            _DOCKER.replace(" -d", ""),
            _DOCKER.replace("6380:6379", "6379:6380"),
            _DOCKER.replace("redis:7", "redis:6"),
            _DOCKER.replace("redis:7", "redis:72"),
            _DOCKER.replace("--name cache ", ""),
            "Run Redis 7 in the background on port 6380.",
        ],
    ),
    "ffmpeg_trim": (
        {"input": "in.mp4", "output": "out.mp4", "start": "0:30", "end": "1:45", "copy": "true"},
        [
            _FF,
            "ffmpeg -i in.mp4 -ss 30 -to 105 -c:v copy -c:a copy out.mp4",
            "```\nffmpeg -ss 30 -i in.mp4 -t 75 -c copy out.mp4\n```",
            "ffmpeg -y -ss 0:30 -i in.mp4 -to 75 -c copy out.mp4",
            "ffmpeg -ss 30 -i in.mp4 -to 105 -copyts -c copy out.mp4",
        ],
        [
            "ffmpeg -ss 30 -i in.mp4 -to 105 -c copy out.mp4",
            _FF.replace(" -c copy", ""),
            _FF.replace("out.mp4", "clip.mp4"),
            "ffmpeg -i in.mp4 -ss 30 -t 105 -c copy out.mp4",
            _FF.replace(" -to 00:01:45", ""),
            "Use ffmpeg to cut from 0:30 to 1:45 without re-encoding.",
        ],
    ),
    "chmod_commands": (
        {"modes": {"run.sh": "750", "secret.key": "400"}},
        [
            "chmod 750 run.sh\nchmod 400 secret.key",
            "`chmod u=rwx,g=rx,o= run.sh && chmod 0400 ./secret.key`",
            "chmod 644 run.sh\nchmod 750 run.sh\nchmod u=r,go= secret.key",
        ],
        [
            "chmod 755 run.sh\nchmod 400 secret.key",
            "chmod +x run.sh\nchmod 400 secret.key",
            "chmod 750 run.sh",
            "chmod 400 secret.key\nchmod 750 run.sh\nchmod 600 secret.key",
            "Make run.sh 750 and secret.key 400.",
        ],
    ),
    "strftime_formats": (
        {"date": "2027-12-25T08:30:00", "outputs": ["25/12/2027", "Saturday 08:30"]},
        [
            "Use `%d/%m/%Y` and `%A %H:%M`.",
            "```python\nd.strftime('%d/%m/%Y')\nd.strftime(\"%A %H:%M\")\n```",
            "The formats are %d/%m/%Y for the first and %A %H:%M for the second.",
        ],
        [
            "Use `%m/%d/%Y` and `%A %H:%M`.",
            "Use `%d/%m/%Y` and `%a %H:%M`.",
            "Use `%d/%m/%Y`.",
            "Use `%d/%m/%y` and `%A %H:%M`.",
        ],
    ),
    "set_cookie_header": (
        {
            "name": "sid",
            "flags": ["HttpOnly", "Secure"],
            "attributes": {"SameSite": "Strict", "Path": "/"},
            "max_age": 3600,
        },  # fmt: skip
        [
            _COOKIE,
            "res.setHeader('Set-Cookie', 'sid=abc; Secure; httponly; "
            "samesite=strict; path=/; Max-Age=3600');",
            "Set-Cookie: sid=x; Expires=Wed, 21 Oct 2027 07:28:00 GMT; Path=/; "
            "HttpOnly; Secure; SameSite=Strict",
        ],
        [
            _COOKIE.replace(" Secure;", ""),
            _COOKIE.replace("Strict", "Lax"),
            _COOKIE.replace("3600", "60"),
            _COOKIE.replace("sid=", "session="),
            _COOKIE.replace("Path=/", "Path=/app"),
            "Send sid with HttpOnly, Secure, SameSite=Strict, Path=/ and Max-Age=3600.",
        ],
    ),
    "json_schema": (
        {
            "properties": {"title": "string", "year": "integer"},
            "required": ["title"],
            "constraints": {"year": {"minimum": 1900}},
        },  # fmt: skip
        [
            _SCHEMA,
            '```json\n{\n  "$schema": "https://json-schema.org/draft/2020-12/schema",\n  "type": "object",\n'
            '  "properties": {\n    "title": {"type": "string"},\n    "year": {"type": ["integer", "null"], '
            '"minimum": 1900},\n    "isbn": {"type": "string"}\n  },\n  "required": ["title"]\n}\n```',
        ],
        [
            _SCHEMA.replace('"integer"', '"number"'),
            _SCHEMA.replace('["title"]', '["title", "year"]'),
            _SCHEMA.replace("1900", "1800"),
            _SCHEMA.replace('"object"', '"array"'),
            _SCHEMA.replace(', "required": ["title"]', ""),
            "title: string (required), year: integer from 1900",
        ],
    ),
    "recurrence_rule": (
        {"rule": {"FREQ": "MONTHLY", "BYDAY": "1MO", "COUNT": "6"}},
        ["RRULE:FREQ=MONTHLY;BYDAY=1MO;COUNT=6", "Use `FREQ=MONTHLY;COUNT=6;BYDAY=1MO;INTERVAL=1;WKST=MO`."],
        [
            "RRULE:FREQ=MONTHLY;BYDAY=MO;COUNT=6",
            "RRULE:FREQ=MONTHLY;BYDAY=1MO;COUNT=6;UNTIL=20271231T000000Z",
            "RRULE:FREQ=WEEKLY;BYDAY=1MO;COUNT=6",
            "RRULE:FREQ=MONTHLY;INTERVAL=2;BYDAY=1MO;COUNT=6",
            "On the first Monday of each month, six times.",
        ],
    ),
    "dmarc_record": (
        {"policy": "reject", "rua": "reports@example.com", "pct": 50},
        [
            _DMARC,
            '_dmarc  IN  TXT  "v=DMARC1; p=reject; '
            'rua=mailto:reports@example.com,mailto:x@example.net; pct=50"',
        ],
        [
            _DMARC.replace("p=reject", "p=quarantine"),
            _DMARC.replace("Host: _dmarc.example.com\n", ""),
            _DMARC.replace(" pct=50;", ""),
            _DMARC.replace("mailto:", ""),
            "Publish a DMARC policy of reject at _dmarc.",
        ],
    ),
}

# kind: parameter sets each refused, whatever the answer
BAD_PARAMS = {
    "weekly_progression": [
        {},
        {"weeks": 1, "start": 10, "max_increase": 10, "unit": ["km"]},
        {"weeks": 4, "start": 0, "max_increase": 10, "unit": ["km"]},
        {"weeks": 4, "start": 10, "max_increase": 0, "unit": ["km"]},
        {"weeks": 4, "start": 10, "max_increase": 10, "unit": ["k m"]},
        {"weeks": 4, "start": 10, "max_increase": 10, "unit": "km"},
    ],
    "raci_matrix": [
        {},
        {"roles": ["PM"], "tasks": ["spec"]},
        {"roles": ["PM", "pm"], "tasks": ["spec"]},
        {"roles": ["PM", "Dev"], "tasks": []},
    ],  # fmt: skip
    "weighted_scores": [
        {},
        {"options": ["A"], "criteria": {}},
        {"options": ["A"], "criteria": {"cost": 60, "speed": 30}},
        {"options": ["A"], "criteria": {"cost": 100, "speed": 0}},
        {"options": ["A"], "criteria": {"cost": "100"}},
        {"options": ["A"], "criteria": {"cost": 100}, "scale": 1},
    ],
    "grouped_items": [
        {},
        {"groups": {"Fruit": ["apples"]}},
        {"groups": {"Fruit": ["apples"], "Veg": []}},
        {"groups": {"Fruit": ["apples"], "Veg": ["apples"]}},
        {"groups": {"Fruit": ["veg"], "Veg": ["leeks"]}},
        {"groups": {"Fruit": "apples", "Veg": ["leeks"]}},
    ],
    "deduplicated_list": [
        {},
        {"items": ["a", "b"]},
        {"items": ["a", "A"]},
        {"items": ["a", "b", "a"], "keep_order": "yes"},
    ],  # fmt: skip
    "unit_prices": [
        {},
        {"items": {"A": [1.0, 500]}},
        {"items": {"A": [1.0]}, "per": 1000},
        {"items": {"A": [1.0, 0]}, "per": 1000},
        {"items": {}, "per": 1000},
        {"items": {"A": [1.0, 500]}, "per": 0},
    ],
    "percent_changes": [
        {},
        {"items": {"A": [0, 10]}},
        {"items": {"A": [10]}},
        {"items": {"A": [10, 20]}, "decimals": 5},
        {"items": {"A": ["10", "20"]}},
    ],
    "crossword_clues": [{}, {"n": 0}, {"n": "3"}],
    "letter_set_words": [
        {},
        {"letters": "abc", "n": 0},
        {"letters": "ab1", "n": 3},
        {"letters": "abc", "n": 3, "required": "z"},
        {"letters": "abc", "n": 3, "min_length": 0},
    ],
    "number_puzzle": [
        {},
        {"numbers": "4", "target": 24},
        {"numbers": "4 7 8 x", "target": 24},
        {"numbers": "4 7 8 8", "target": 0},
        {"numbers": "4 7 8 8", "target": 24, "use": "every"},
        {"numbers": ["4", "7"], "target": 24},
    ],
    "poker_hands": [{}, {"hands": ["full boat"]}, {"hands": []}],
    "chord_spellings": [
        {},
        {"chords": {"H7": ["B", "D#"]}},
        {"chords": {"C": []}},
        {"chords": {"C": ["C", "E", "X"]}},
        {"chords": {"C": "C E G"}},
    ],
    "braille_text": [{}, {"text": "abc1"}, {"text": "  "}],
    "latin_square": [
        {},
        {"symbols": ["A", "B"]},
        {"symbols": ["A", "B", "A"]},
        {"symbols": [str(i) for i in range(10)]},
    ],
    "naming_style": [{}, {"style": "snake", "n": 3}, {"style": "snake_case", "n": 0}],
    "details_blocks": [{}, {"n": 0}, {"n": 2, "summaries": []}],
    "docker_run": [
        {},
        {"image": ""},
        {"image": "redis", "ports": ["6380"]},
        {"image": "redis", "detach": "yes"},
        {"image": "redis", "env": {}},
        {"image": "redis", "volumes": ["my data:/data"]},
    ],
    "ffmpeg_trim": [
        {},
        {"input": "a.mp4", "output": "b.mp4", "start": "1:00", "end": "0:30"},
        {"input": "a.mp4", "output": "b.mp4", "start": "one", "end": "0:30"},
        {"input": "a.mp4", "output": "b.mp4", "start": "0:10", "end": "0:30", "copy": "yes"},
    ],
    "chmod_commands": [{}, {"modes": {}}, {"modes": {"a.sh": "rwx"}}, {"modes": {"a.sh": "789"}}],
    "strftime_formats": [{}, {"date": "25/12/2027", "outputs": ["x"]}, {"date": "2027-12-25", "outputs": []}],
    "set_cookie_header": [
        {},
        {"name": "sid", "attributes": {"Max-Age": "60"}},
        {"name": "sid", "max_age": 0},
        {"name": "sid", "attributes": {}},
        {"name": "sid", "flags": "Secure"},
    ],
    "json_schema": [
        {},
        {"properties": {"a": "text"}},
        {"properties": {"a": "string"}, "required": ["b"]},
        {"properties": {"a": "string"}, "constraints": {"b": {"minLength": 1}}},
        {"properties": {"a": "string"}, "constraints": {"a": {}}},
    ],
    "recurrence_rule": [
        {},
        {"rule": {"COUNT": "3"}},
        {"rule": {"FREQ": "FORTNIGHTLY"}},
        {"rule": {"FREQ": "WEEKLY", "count": "3"}},
    ],  # fmt: skip
    "dmarc_record": [
        {},
        {"policy": "block", "rua": "a@example.com"},
        {"policy": "none", "rua": "example.com"},
        {"policy": "none", "rua": "a@example.com", "pct": 0},
        {"policy": "none", "rua": "a@example.com", "subdomain_policy": "drop"},
    ],
}


def test_every_new_kind_has_cases():
    assert set(KIND_CASES) == set(TEST16_CHECKS) == set(BAD_PARAMS)


@pytest.mark.parametrize("kind", sorted(TEST16_CHECKS))
def test_each_new_kind_on_passing_and_failing_answers(kind):
    params, good, bad = KIND_CASES[kind]
    c = {"check": kind, **params}
    for text in good:
        assert S.check(c, text) is True, (kind, text)
    for text in bad:
        assert S.check(c, text) is False, (kind, text)
    for text in ("", "   ", "... !!! ???", "- \n* \n#"):  # no word meets none
        assert S.check(c, text) is False, (kind, text)


@pytest.mark.parametrize("kind", sorted(TEST16_CHECKS))
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
    # weekly_progression: a cutback week is fine, but the next week counts from it
    plan = {"check": "weekly_progression", "weeks": 3, "start": 20, "max_increase": 10, "unit": ["miles"]}
    assert check(plan, "Week 1: 20 miles\nWeek 2: 16 miles\nWeek 3: 17.5 miles")
    assert not check(plan, "Week 1: 20 miles\nWeek 2: 16 miles\nWeek 3: 20 miles")
    # number_puzzle: a fraction carried on as one number, and "some" of the numbers
    hard = {"check": "number_puzzle", "numbers": "1 3 4 6", "target": 24, "use": "all"}
    assert check(hard, "3 ÷ 4 = 3/4\n1 − 3/4 = 1/4\n6 ÷ (1/4) = 24")
    assert check(hard, "6 / (1 - 3/4) = 24") and not check(hard, "6 × 4 × 1 = 24")
    some = {"check": "number_puzzle", "numbers": "75 50 6 3 2 1", "target": 458}
    assert check(some, "2 + 6 × (1 + 3 × (75 − 50)) = 458")
    assert not check(some, "75 × 6 = 450\n450 + 8 = 458") and not check(some, "75 × 6 + 6 + 2 = 458")
    # ffmpeg_trim: an input -ss resets the clock an output -to counts on
    ff = {"check": "ffmpeg_trim", "input": "a.mp4", "output": "b.mp4", "start": "10", "end": "20"}
    assert check(ff, "ffmpeg -ss 10 -i a.mp4 -to 10 b.mp4") and not check(
        ff, "ffmpeg -ss 10 -i a.mp4 -to 20 b.mp4"
    )
    # chord_spellings: enharmonic spellings are the same notes
    db = {"check": "chord_spellings", "chords": {"Db": ["Db", "F", "Ab"]}}
    assert check(db, "Db: C#, F, G#") and check(db, "D♭: D♭ – F – A♭") and not check(db, "Db: D F A")
    # percent_changes: within half of the last decimal place of the exact change
    pc = {"check": "percent_changes", "items": {"Tea": [8, 9]}, "decimals": 2}
    assert check(pc, "Tea: +12.50%") and not check(pc, "Tea: +12.6%")
    # poker_hands: a flush that is also a straight is a straight flush, not a flush
    flush = {"check": "poker_hands", "hands": ["flush"]}
    assert check(flush, "Flush: 2♥ 7♥ 9♥ J♥ A♥") and not check(flush, "Flush: 5♥ 6♥ 7♥ 8♥ 9♥")
    # chmod_commands: symbolic modes count once u, g and o are settled
    assert check({"check": "chmod_commands", "modes": {"a": "644"}}, "chmod a=r,u+w a")
    # docker_run: -e VALUE without = takes the value from the shell, which is not the one asked
    dr = {"check": "docker_run", "image": "postgres", "env": {"POSTGRES_PASSWORD": "pw"}}
    assert check(dr, "docker run -e POSTGRES_PASSWORD=pw postgres") and not check(
        dr, "docker run -e POSTGRES_PASSWORD postgres"
    )
    # grouped_items: singular or plural, and a heading followed by its items on one line
    fruit = {"check": "grouped_items", "groups": {"Fruit": ["tomatoes"], "Dairy": ["eggs"]}}
    assert check(fruit, "Fruit: tomato\nDairy: egg")
    # deduplicated_list: names are whole, so Ann does not turn up inside Annabel
    dd = {"check": "deduplicated_list", "items": ["Ann", "Annabel", "Ann"]}
    assert check(dd, "Ann\nAnnabel") and not check(dd, "Annabel")


# ------------------------------------------------------------------ a hand-written answer per row

ANSWERS = {
    "g01": (
        "Here's a gentle 8-week build. Each week stays within 10% of the one before.\n\n"
        "| Week | Runs | Total |\n|---|---|---|\n| 1 | 3 + 4 + 5 | 12 miles |\n| 2 | 3 + 4 + 6 | 13 miles |\n"
        "| 3 | 3 + 5 + 6 | 14 miles |\n| 4 | 3 + 4 + 5 | 12 miles (cutback) |\n| 5 | 3 + 4 + 6 | 13 miles |\n"
        "| 6 | 3 + 5 + 6 | 14 miles |\n| 7 | 4 + 5 + 6 | 15 miles |\n| 8 | 4 + 5 + 7.5 | 16.5 miles |"
    ),
    "g02": (
        "week 1: 90 minutes total\nweek 2: 100 minutes total\nweek 3: 115 minutes total\n"
        "week 4: 130 minutes total\nweek 5: 145 minutes total\nweek 6: 165 minutes total\n\n"
        "each week is under a 15% jump on the last one."
    ),
    "g03": (
        "| Task | Office Manager | IT Lead | Finance | CEO |\n|---|---|---|---|---|\n"
        "| Choose the new location | R | C | C | A |\n| Sign the lease | C | I | R | A |\n"
        "| Set up the network | I | A/R | C | I |\n| Organise moving day | A/R | C | I | I |\n\n"
        "R = Responsible, A = Accountable, C = Consulted, I = Informed."
    ),
    "g04": (
        "| Laptop | Price (40%) | Battery life (35%) | Screen (25%) | Weighted total |\n"
        "|---|---|---|---|---|\n"
        "| Dell XPS 14 | 6 | 7 | 9 | 7.10 |\n| MacBook Air 15 | 7 | 9 | 8 | 7.95 |\n"
        "| ThinkPad X1 Carbon | 5 | 8 | 7 | 6.55 |\n\n"
        "The MacBook Air comes out on top, mostly thanks to its battery."
    ),
    "g05": (
        "**Produce**\n- Bananas\n- Spinach\n- Tomatoes\n\n**Dairy**\n- Milk\n- Cheddar\n- Butter\n\n"
        "**Bakery**\n- Sourdough loaf\n- Bagels\n\n**Frozen**\n- Frozen peas\n- Ice cream\n\n"
        "Grab the frozen stuff last so it stays cold!"
    ),
    "g06": (
        "### Today\n- Pay the electricity bill\n- Call mum back\n"
        "\n### This Week\n- Book a dentist appointment\n"
        "- Clean the gutters\n\n### Later\n- Renew passport\n- Learn Spanish"
    ),
    "g07": "Priya Shah\nTom Becker\nAna Lima\nJoe Park\nMei Chen\nSam Ortiz",
    "g08": (
        "- Lidl: £4.50 for 0.5 kg = £9.00 per kg\n- Union: £6.75 for 0.25 kg = £27.00 per kg\n"
        "- Costco: £13.20 for 1.2 kg = £11.00 per kg\n- Pact: £12.30 for 0.75 kg = £16.40 per kg\n\n"
        "Lidl is the best deal by price, Union the priciest."
    ),
    "g09": (
        "| Region | Q1 | Q2 | Change |\n|---|---|---|---|\n| North | 48,000 | 52,800 | +10.0% |\n"
        "| South | 61,500 | 55,350 | -10.0% |\n"
        "| East | 30,200 | 30,200 | 0.0% |\n| West | 22,000 | 27,500 | +25.0% |"
    ),
    "g10": (
        "## Installation FAQ\n\n<details>\n<summary>How do I install it with pip?</summary>\n\n"
        "Run `pip install ourtool` in a terminal.\n</details>\n\n"
        "<details>\n<summary>Which Python versions are supported?</summary>\n"
        "\nPython 3.10 and newer.\n</details>\n\n"
        "<details>\n<summary>Can I install it with Homebrew?</summary>\n"
        "\nYes: `brew install ourtool`.\n</details>\n\n"
        "<details>\n<summary>How do I upgrade to the latest version?</summary>\n\n"
        "Run `pip install --upgrade ourtool`.\n</details>"
    ),
    "g11": (
        "1. Eight-armed swimmer of the deep (7) - OCTOPUS\n2. Reef builder in warm seas (5) - CORAL\n"
        "3. Giant blue mammal that sings (5) - WHALE\n4. Rise and fall of the sea each day (4) - TIDE\n"
        "5. Ship's weight that keeps it in place (6) - ANCHOR\n"
        "6. Sea creature shaped like a star (8) - STARFISH"
    ),
    "g12": ("Here are 8:\n\n1. TAIL\n2. RAIL\n3. NAIL\n4. TRAIL\n5. GRAIL\n6. TRIAL\n7. GILT\n8. RATLING"),
    "g13": "plate, plane, panel, petal, leapt, eaten, latte, tenet, appeal, nettle",
    "g14": "Yes: (7 − 8 ÷ 8) × 4 = 24",
    "g15": "75 − 50 = 25\n25 × 3 = 75\n75 + 1 = 76\n76 × 6 = 456\n456 + 2 = 458",
    "g16": (
        "- Full house: K♠ K♥ K♦ 4♣ 4♠\n- Flush: 2♥ 7♥ 9♥ J♥ A♥\n- Straight: 5♣ 6♦ 7♠ 8♥ 9♣\n"
        "- Two pair: Q♠ Q♦ 6♣ 6♥ 10♠"
    ),
    "g17": "Dmaj7: D, F#, A, C#\nBm: B, D, F#\nF#7: F#, A#, C#, E\nEb: Eb, G, Bb",
    "g18": 'In uncontracted braille, "garden" is:\n\n⠛⠁⠗⠙⠑⠝\n\n(g a r d e n)',
    "g19": "```\nA B C D\nB C D A\nC D A B\nD A B C\n```",
    "g20": (
        "```bash\ndocker run -d \\\n  --name pg-dev \\\n"
        "  -e POSTGRES_PASSWORD=devpass \\\n  -p 5433:5432 \\\n"
        "  postgres:16\n```\n\nThen connect with `psql -h localhost -p 5433 -U postgres`."
    ),
    "g21": (
        "```bash\nffmpeg -ss 00:01:15 -to 00:02:40 -i interview.mp4 -c copy clip.mp4\n```\n\n"
        "Putting `-ss` and `-to` before `-i` seeks fast, and `-c copy` skips re-encoding."
    ),
    "g22": "```bash\nchmod 755 deploy.sh\nchmod 600 config.env\nchmod 644 notes.txt\n```",
    "g23": (
        "```python\nfrom datetime import datetime\n\nd = datetime(2027, 3, 9, 14, 5)\n"
        "d.strftime(\"%a %d %b %Y, %H:%M\")   # 'Tue 09 Mar 2027, 14:05'\n"
        "d.strftime(\"%Y-%m-%d %I:%M %p\")    # '2027-03-09 02:05 PM'\n```"
    ),
    "g24": "```\nSet-Cookie: sid=<session-id>; Max-Age=604800; Path=/; HttpOnly; Secure; SameSite=Lax\n```",
    "g25": (
        '```json\n{\n  "$schema": "https://json-schema.org/draft/2020-12/schema",\n  "title": "Product",\n'
        '  "type": "object",\n  "properties": {\n'
        '    "id": {"type": "integer"},\n    "name": {"type": "string"},\n'
        '    "price": {"type": "number", "minimum": 0},\n'
        '    "tags": {"type": "array", "items": {"type": "string"}}\n  },\n'
        '  "required": ["id", "name", "price"]\n}\n```'
    ),
    "g26": "```\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=10\n```",
    "g27": (
        "Add a TXT record at `_dmarc.example.org` with this value:\n\n"
        "```\nv=DMARC1; p=quarantine; rua=mailto:dmarc-reports@example.org\n```"
    ),
    "g28": "booking_id\nmember_id\nclass_id\nclass_date\nstart_time\nbooked_at\nstatus\ncancelled_at",
    "g29": (
        "Hi Marcus,\n\nWelcome to the food bank team! We're so glad you're joining us. Your first shift is "
        "on Saturday at 9am; just come to the side door and ask for me.\n\n"
        "Wear comfy shoes, and don't worry about knowing everything on day one.\n\nSee you soon,\nLena"
    ),
    "g30": (
        "1. Rise & Shine\n2. The Daily Crumb\n3. Wild Yeast Co.\n4. Slow Rise Bakehouse\n5. Crust & Crumb\n"
        "6. Starter Culture\n7. The Proving Drawer"
    ),
    "g31": (
        "made from sustainable bamboo, this cutting board is tough on prep and gentle on your knives. "
        "it resists stains and odours, cleans up with warm soapy water, and looks good enough to serve "
        "cheese on."
    ),
    "g32": (
        "- What does a typical week look like for someone in this role?\n"
        "- Which tools and databases does the team use most?\n"
        "- How do you measure success for a data analyst here?\n"
        "- What's the biggest data challenge the team is facing right now?\n"
        "- What are the next steps in the hiring process?"
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
        asked = [c for c in r["checks"] if c["check"] in TEST16_CHECKS]
        for rid, text in ANSWERS.items():
            if asked and rid != r["id"]:
                met += all(S.check(c, text) for c in asked)
                pairs += 1
    assert met / pairs < 0.05, met


# ------------------------------------------------------------------ the generator


def _before_test17(task):
    """data.jsonl as it was before the test17 and test18 rows were appended after test16's."""
    later = ('"split": "test17"', '"split": "test18"')
    return "".join(
        ln for ln in task.data_path.read_text().splitlines(True) if not any(x in ln for x in later)
    )


def test_data_jsonl_ends_with_the_generators_test16_rows(task):
    text = _before_test17(task)
    assert text.endswith(generic_test16.render())
    tail = text.splitlines()[-60:]
    assert [json.loads(ln)["split"] for ln in tail] == ["test16"] * 60
    assert '"split": "test16"' not in text[: len(text) - len(generic_test16.render())]
    before = text[: len(text) - len(generic_test16.render())]
    assert before.endswith(generic_test15.render())  # right after test15's rows


def test_the_generator_keeps_every_other_line(task, tmp_path, monkeypatch):
    data = tmp_path / "data.jsonl"
    original = _before_test17(task)
    older = original[: len(original) - len(generic_test16.render())]
    monkeypatch.setattr(generic_test16, "DATA", data)
    for start in (older, original, older + '{"id": "g99", "kind": "everyday", "split": "test16"}\n'):
        data.write_text(start)
        generic_test16.main()
        assert data.read_text() == original
    first, rest = older.split("\n", 1)  # a test16 line out of place is dropped, the rows written once
    data.write_text(first + "\n" + generic_test16.render() + rest)
    generic_rows.rewrite(data, generic_test16.SPLIT, generic_test16.render())
    assert data.read_text() == original
