"""The generic task's test9 rows (k01-k60, written blind to the observers on 2026-12-07) and the
scorer parts written for them: the check kinds of TEST9_CHECKS (each on passing and failing
answers, and refusing bad parameters), a hand-written answer meeting every constraint row, every
reference passing its hidden tests and its shown examples, no shown example among the hidden
tests, the shown tests never counting, and the generator keeping every other line of data.jsonl
as it is, test9 right before test10 to test18 (no engine)."""

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
from selfrefine.tasks.tools import generic_rows, generic_test8, generic_test9
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
    *TEST8_CHECKS,
}  # fmt: skip


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:test9")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows() if r["split"] == "test9"}


# ------------------------------------------------------------------ the rows


def test_rows_are_the_generators_in_order(by_id):
    rows = generic_test9.rows()
    assert list(by_id) == [f"k{i:02d}" for i in range(1, 61)] == [r["id"] for r in rows]
    assert list(by_id.values()) == json.loads(json.dumps(rows))
    kinds = [r["kind"] for r in rows]
    assert kinds == ["constraints"] * 32 + ["function"] * 22 + ["everyday"] * 6
    assert len({r["request"] for r in rows}) == 60


def test_test9_follows_test8_in_the_file_and_its_requests_are_new():
    every = registry.load("generic:all").rows()
    assert len(every) == 1182
    assert Counter(r["split"] for r in every)["test9"] == 60
    test8 = registry.load("generic:test8").rows()
    assert every[-660:-600] == test8 and [r["split"] for r in every[-600:-540]] == ["test9"] * 60
    # test10 to test18 (tests/test_generic_test10.py ... _test18.py) follow test9 at the end of the file
    splits = [f"test{i}" for i in range(10, 19) for _ in range(60)]
    assert [r["split"] for r in every[-540:]] == splits
    # no request repeats an older one (only ids are shown when one does, never the texts)
    seen, ids = Counter(r["request"] for r in every), Counter(r["id"] for r in every)
    assert [r["id"] for r in every if seen[r["request"]] > 1] == []
    assert [i for i, n in ids.items() if n > 1] == []
    older = {r["entry"] for r in every if r["kind"] == "function" and r["split"] != "test9"}
    mine = [r["entry"] for r in every if r["kind"] == "function" and r["split"] == "test9"]
    assert len(set(mine)) == 22 and not set(mine) & older


def test_constraint_rows_use_the_new_kinds(by_id):
    assert_constraint_rows_use(by_id, TEST9_CHECKS, OLDER)


def test_the_new_kinds_are_new_and_reached_through_the_scorer():
    assert_new_kinds_reached(TEST9_CHECKS, OLDER)


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
        "k55": ("Three and a half hours is 210 minutes.", "About 180 minutes."),
        "k56": ("You spend $10.00 in total.", "You spend $12."),
        "k57": ("You arrive at 3:50 pm.", "You arrive at 3:30 pm."),
        "k58": ("That's $0.35 per egg.", "About 40 cents an egg."),
        "k59": ("Spiders have eight legs.", "They have six legs."),
        "k60": ("Jupiter is the largest.", "Saturn is the largest."),
    }
    for rid, (good, bad) in right.items():
        assert by_id[rid]["kind"] == "everyday"
        assert scorer.score(by_id[rid], good)["score"] == 1.0, rid
        assert scorer.score(by_id[rid], bad)["score"] == 0.0, rid


# ------------------------------------------------------------------ the new kinds

_SQL_GOOD = "```sql\nSELECT m.name, COUNT(*) AS n\nFROM members m\nJOIN loans l ON l.member_id = m.id\n```"
_TREE = (
    "```\nFamily Photos/\n├── 2025/\n│   ├── Raw/\n│   └── Edited/  # touched up\n└── 2026/\n"
    "    └── Raw/\n```"
)
_QUIZ = "1. Meals?\nA) $10\nB) $20\n\n2. Receipts?\nA) Yes\nB) No\n\n"

# kind: (params, answers that meet it, answers that do not)
KIND_CASES = {
    "regex_matches": (
        {"match": ["AB12", "ZZ99"], "reject": ["ab12", "AB1"]},
        [
            "```\n^[A-Z]{2}\\d{2}$\n```",
            "Use `[A-Z]{2}[0-9]{2}` for it.",
            'Pattern: `r"[A-Z]{2}\\d\\d"`',
            "```regex\n/^[A-Z]{2}\\d{2}$/\n```",
        ],
        [
            "```\n[A-Za-z]{2}\\d{2}\n```",
            "```\n[A-Z]+\\d+\n```",
            "```\n[A-Z]{2}(\\d{2}\n```",
            "Use [A-Z]{2}\\d{2} for it.",
            "```python\nimport re\nrx = re.compile('[A-Z]{2}\\d{2}')\n```",
        ],
    ),
    "sql_keywords_upper": (
        {"min": 3},
        [_SQL_GOOD, "```sql\nSELECT * FROM t WHERE note = 'select from where' -- from here\n```"],
        [
            "```sql\nselect m.name FROM members m WHERE 1\n```",
            "```sql\nSELECT x FROM t\n```",
            "```sql\nSELECT x From t WHERE y\n```",
        ],
    ),
    "front_matter": (
        {"keys": ["title", "tags"]},
        [
            '---\ntitle: "Repotting"\ntags:\n  - plants\n---\n\nBody text here.',
            "Here you go:\n```markdown\n---\nTitle: Repotting\ntags: [a, b]\n---\nBody.\n```",
        ],
        [
            "---\ntitle: Repotting\n---\nBody.",
            "title: Repotting\ntags: [a]\n\nBody.",
            '---\ntitle: ""\ntags: [a]\n---\nBody.',
            "---\ntitle: A\ntags: [a]\n---\n",
            "---\ntitle: A\ntags: [a]\nBody.",
        ],
    ),
    "env_file": (
        {"keys": ["DB_URL", "SECRET_KEY"]},
        [
            "```\n# the database\nDB_URL=postgres://u:p@localhost/db\nSECRET_KEY=change-me\n```",
            'DB_URL="postgres://x"\n\n# keep it secret\nSECRET_KEY=\n',
            "Copy it:\n```bash\ncp .env.example .env\n```\n```\nDB_URL=x\nSECRET_KEY=y # rotate\n```",
        ],
        [
            "```\nDB_URL = postgres://x\nSECRET_KEY=x\n```",
            "```\nDB_URL=x\n```",
            "```\nDB_URL=x\nDB_URL=y\nSECRET_KEY=z\n```",
            "Here is the file:\nDB_URL=x\nSECRET_KEY=y",
            "```\ndb_url=x\nSECRET_KEY=y\n```",
        ],
    ),
    "json_lines": (
        {"keys": ["id", "priority"], "n": 2},
        [
            '```jsonl\n{"id": 1, "priority": "low"}\n{"id": 2, "priority": "high", "x": 0}\n```',
            '{"id": 1, "priority": "low"}\n\n{"id": 2, "priority": "high"}',
        ],
        [
            '{"id": 1, "priority": "low"}',
            '{"id": 1, "priority": "low"}\n{"id": 2}',
            '[{"id": 1, "priority": "low"}, {"id": 2, "priority": "high"}]',
            'Here:\n{"id": 1, "priority": "low"}\n{"id": 2, "priority": "high"}',
        ],
    ),
    "file_tree": (
        {"names": ["Family Photos", "Raw", "Edited"], "min": 4},
        [_TREE, "photos\n├── Family Photos\n│   ├── raw\n│   └── edited (retouched)\n└── misc"],
        [
            _TREE.replace("Edited", "Final"),
            "Family Photos/\n  Raw/\n  Edited/\n  Shared/",
            "```\nFamily Photos/\n├── Raw/\n└── Edited/\n```",
        ],
    ),
    "key_combos": (
        {"min": 2},
        [
            "- Ctrl+C: copy\n- Ctrl+Shift+T: reopen a tab\n- Win+PrtScn: screenshot",
            "Press **Alt+F4**, then `Cmd+Option+Esc`.",
        ],
        [
            "- ctrl+c: copy\n- Ctrl+V: paste",
            "- Ctrl + C: copy\n- Ctrl+V: paste",
            "- Ctrl-C: copy\n- Ctrl+V: paste",
            "- Ctrl+c: copy\n- Ctrl+V: paste",
            "- ⌘C: copy\n- Ctrl+V: paste",
            "- Ctrl+V: paste",
        ],
    ),
    "user_stories": (
        {"n": 2},
        [
            "1. As a patron, I want to book a room online so that I don't have to call.\n"
            "2. **As a librarian**, I'd like to see bookings so that I can plan the day.",
            "As an organizer I need a recurring booking so that our group meets weekly\n"
            "As a patron, I want reminders, so I don't forget",
        ],
        [
            "As a patron, I want to book a room online so that I don't have to call.",
            "As a patron, I want to book a room online.\nAs a librarian, I want lists so that I plan.",
            "- As a patron, I want x so that y\n- As a member, I want z so that w\n"
            "- As a guest, I want a so that b",
        ],
    ),
    "gherkin_scenarios": (
        {"min": 2},
        [
            "Feature: Coupons\n  Background:\n    Given a cart\n\n  Scenario: Valid code\n"
            "    Given a cart with $50\n"
            "    And the code SAVE10\n    When I apply it\n    Then the total is $45\n\n  Scenario: Expired\n"
            "    Given an expired code\n    When I apply it\n    Then I see an error\n"
            "    But the total stays",
            "```gherkin\nScenario Outline: codes\n  Given a code <c>\n  When applied\n  Then <r>\n"
            "Scenario: b\n  Given x\n  When y\n  Then z\n```",
        ],
        [
            "Scenario: a\n  Given x\n  When y\n  Then z",
            "Scenario: a\n  Given x\n  Then z\nScenario: b\n  Given x\n  When y\n  Then z",
            "Scenario: a\n  When y\n  Then z\nScenario: b\n  Given x\n  When y\n  Then z",
            "Scenario: a\n  given x\n  when y\n  then z\nScenario: b\n  Given x\n  When y\n  Then z",
            "Scenario: a\n  Given x\n  When y\n  Then z\nScenario: b",
        ],
    ),
    "unit_spacing": (
        {"min": 2},
        ["The loop is 25 km with 600 m of climb.", "Mix 500 g flour, 350 ml water, rest 45 min at 1,200 m."],
        [
            "The loop is 25km with 600 m of climb.",
            "The loop is 25 km long.",
            "Rest 45min, then bake 500 g.",
            "Drink 500 ml every 30min and 10 km.",
        ],
    ),
    "bold_numbers": (
        {"min": 2},
        ["In 2026 we lent **412** tools to **87** new members.", "1. **1,200** visits and **35%** growth"],
        ["We lent **412** tools to 87 new members.", "We lent **412** tools.", "We lent many tools."],
    ),
    "discounts_consistent": (
        {"min": 2},
        [
            "- Tent: was $200, now $150 (25% off)\n- Stove: $40 -> $30, save 25%",
            "Jacket: £120 now £90 (-25%)\nBoots €80 → €60 (25 % off)\nFree socks!",
        ],
        [
            "- Tent: was $200, now $150 (20% off)\n- Stove: $40 -> $30, save 25%",
            "- Tent: was $200, now $150 (25% off)",
            "- Tent: 25% off\n- Stove: 25% off",
        ],
    ),
    "heading_levels": (
        {"min_level": 2, "max_level": 3, "min": 2},
        ["## Booking\nText\n### Guests\nText", "## A\n```\n# a comment\n```\n## B"],
        ["# Title\n## Booking", "## Booking\n#### Deep", "## Only one", "**Booking**\n**Guests**"],
    ),
    "table_of_contents": (
        {"min": 2},
        [
            "# Help\n\n## Contents\n- [Booking a desk](#booking)\n- Guest passes\n\n## Booking a desk\nx\n"
            "### Details\ny\n## Guest passes\nz",
            "Contents:\n1. Booking\n   1. Sub\n2. Rooms\n\n## 1. Booking\n### 1.1 Sub\n## 2. Rooms",
        ],
        [
            "- Booking\n- Rooms\n\n## Booking\n## Rooms\n## Guests",
            "- Booking\n- Rooms\n\n## Rooms\n## Booking",
            "## Booking\n- a\n- b\n## Rooms",
            "- Booking\n\n## Booking",
        ],
    ),
    "section_words": (
        {"titles": ["Dates", "Reminders"], "min": 3, "max": 8},
        [
            "## Dates\nMonday is picture day.\n\n## Reminders\nBring a coat and boots.",
            "**Dates:**\nFriday: fun run at ten.\n**Reminders:**\nLabel every water bottle please.",
        ],
        [
            "## Dates\nMonday.\n## Reminders\nBring a coat and boots.",
            "## Dates\nMonday is picture day.\n## Other\nBring a coat and boots.",
            "## Dates\nMonday is picture day and Tuesday is a trip to the zoo.\n## Reminders\nBring a coat.",
        ],
    ),
    "fill_in_blanks": (
        {"n": 2},
        [
            "Name: ______\n\n1. We ___ (walk) home.\n2. She \\_\\_\\_ (sing) well.\n\n"
            "Answer key\n1. walked\n2. sang",
            "**1.** I ____ (go) out.\n**2.** They _____ (eat) lunch.",
        ],
        [
            "1. We ___ (walk) home.",
            "1. We ___ (walk) ___ home.\n2. She ___ (sing).",
            "1. We ___ (walk) home.\n3. She ___ (sing).",
            "- We ___ (walk) home.\n- She ___ (sing).",
        ],
    ),
    "answer_key": (
        {"n": 2},
        [
            _QUIZ + "## Answer key\n1. B\n2. A",
            _QUIZ + "**Answer Key:** 1-B, 2-A",
            _QUIZ + "Answers:\nQ1: (b) $20\nQ2: A) Yes",
        ],
        [
            _QUIZ + "## Answer key\n1. B",
            _QUIZ + "## Answer key\n2. A\n1. B",
            _QUIZ + "## Answer key\n1. The second\n2. A",
            "## Answer key\n1. B\n2. A\n\n" + _QUIZ,
            _QUIZ + "1. B\n2. A",
        ],
    ),
    "dates_in_order": (
        {"min": 3},
        [
            "- March 3, 2027: design sign-off\n- Mar 20: permits\n- 2027-04-02: demolition",
            "| Date | Task |\n|---|---|\n| 6 March 2027 | Sow |\n| 6 March | Label |\n| June 1st | Plant |",
        ],
        [
            "- March 3, 2027: design\n- Feb 20: permits\n- April 2: demolition",
            "- March 3: design\n- March 20: permits",
            "March 3: a\nMarch 4: b\nMarch 5: c",
            "- March 3: a\n- Feb 30: b\n- April 2: c\n- April 1: d",
        ],
    ),
    "back_to_back_slots": (
        {"start": "09:00", "end": "10:00"},
        [
            "- 09:00-09:20 Welcome\n- **09:20 – 09:45** Coding\n- 09:45 to 10:00 Wrap-up",
            "| Time | What |\n|---|---|\n| 9:00-9:30 | Warm-up |\n| 9:30 to 10:00 | Games |",
            "9:00-9:30 am Intro\n9:30-10 am Games",
        ],
        [
            "- 09:00-09:20 Welcome\n- 09:25-10:00 Coding",
            "- 09:00-09:30 Welcome\n- 09:20-10:00 Coding",
            "- 09:10-09:30 Welcome\n- 09:30-10:00 Coding",
            "- 09:00-10:00 Everything",
            "- 09:00-09:30 A\n- 09:30-09:50 B",
        ],
    ),
    "listicle_count": (
        {},
        [
            "**3 lessons from year one**\n\n1. Rates.\n2. Contracts.\n3. Rest.",
            "# 2 things I learned in 2026\n## 1. Say no\nText\n## 2. Invoice early\nText",
        ],
        [
            "3 lessons from year one\n1. Rates.\n2. Contracts.",
            "Lessons from year one\n1. Rates.\n2. Contracts.",
            "1 lesson\n1. Rest.",
            "3 lessons\n1. A\n2. B\n3. C\n4. D",
        ],
    ),
    "trademark_first": (
        {"name": "WeighMate"},
        ["Meet WeighMate™, the scale. WeighMate pairs with your phone.", "Try weighmate™ today."],
        [
            "Meet WeighMate, the scale. WeighMate™ pairs.",
            "Meet WeighMate™. WeighMate™ pairs.",
            "Meet the scale™.",
        ],
    ),
    "labeled_length": (
        {"label": "Meta description", "min": 10, "max": 40},
        [
            "Meta description: A warm merino scarf, hand-knit.",
            '- **Meta description:** "Soft scarf, knit by hand" (24 characters)',
        ],
        [
            "Meta description: A very warm merino scarf, hand-knit in Scotland.",
            "Meta description: Scarf.",
            "Description: A warm merino scarf, hand-knit.",
            "Meta description:\nA warm merino scarf.",
        ],
    ),
    "url_slug": (
        {"max_words": 4},
        ["Slug: merino-scarf-hand-knit", "**URL slug:** `/night-trains-europe/`"],
        [
            "Slug: Merino-Scarf",
            "Slug: merino scarf",
            "Slug: merino-scarf-hand-knit-in-wool",
            "Slug: https://shop.example/merino-scarf",
            "The slug is merino-scarf",
        ],
    ),
    "league_points": (
        {"min": 2},
        [
            "| Team | P | W | D | L | Pts |\n|---|---|---|---|---|---|\n| Lions | 8 | 6 | 1 | 1 | **19** |\n"
            "| Tigers | 8 | 5 | 2 | 1 | 17 |",
            "| Club | Won | Drawn | Points |\n|:--|--:|--:|--:|\n| A | 1 | 0 | 3 |\n| B | 0 | 3 | 3 |",
        ],
        [
            "| Team | W | D | Pts |\n|---|---|---|---|\n| Lions | 6 | 1 | 18 |\n| Tigers | 5 | 2 | 17 |",
            "| Team | W | D | Pts |\n|---|---|---|---|\n| Lions | 5 | 2 | 17 |\n| Tigers | 6 | 1 | 19 |",
            "| Team | W | Pts |\n|---|---|---|\n| Lions | 6 | 18 |\n| Tigers | 5 | 15 |",
            "| Team | W | D | Pts |\n|---|---|---|---|\n| Lions | 6 | 1 | 19 |",
        ],
    ),
    "sets_reps": (
        {"min": 2},
        [
            "- Squats: 3 x 12\n- Rows: 2×10\n- Rest well",
            "1. Plank, 3 sets of 30 s\n2. Lunges 3 sets x 8 each leg",
        ],
        [
            "- Squats: 3 x 12\n- Rows until tired",
            "Squats 3 x 12, rows 2 x 10.",
            "- Squats: three sets of twelve",
        ],
    ),
}

# kind: parameter sets each refused, whatever the answer
BAD_PARAMS = {
    "regex_matches": [{}, {"match": []}, {"match": "AB12"}, {"match": ["AB12"], "reject": [""]}],
    "sql_keywords_upper": [{"min": 0}, {"min": "3"}],
    "front_matter": [{}, {"keys": []}, {"keys": "title"}],
    "env_file": [{}, {"keys": [" "]}],
    "json_lines": [
        {},
        {"keys": ["id"], "n": 0},
        {"keys": ["id"], "n": 2, "min": 1},
        {"keys": ["id"], "min": 3, "max": 2},
    ],
    "file_tree": [{}, {"names": ["a"], "min": 0}],
    "key_combos": [{"min": 0}, {"min": True}],
    "user_stories": [{"n": 0}, {"n": 2, "max": 3}, {"min": 4, "max": 2}],
    "gherkin_scenarios": [{"min": 0}, {"min": 1.5}],
    "unit_spacing": [{"min": 0}],
    "bold_numbers": [{"min": -1}],
    "discounts_consistent": [{"min": 0}],
    "heading_levels": [
        {},
        {"min_level": 0, "max_level": 2},
        {"min_level": 3, "max_level": 2},
        {"min_level": 1, "max_level": 7},
        {"min_level": 1, "max_level": 2, "min": 0},
    ],
    "table_of_contents": [{"min": 0}],
    "section_words": [{}, {"titles": []}, {"titles": ["A"], "min": 5, "max": 2}],
    "fill_in_blanks": [{}, {"n": 0}],
    "answer_key": [{}, {"n": 0}, {"n": "5"}],
    "dates_in_order": [{"min": 0}],
    "back_to_back_slots": [
        {},
        {"start": "9am", "end": "10:00"},
        {"start": "09:00", "end": "25:00"},
        {"start": "09:00", "end": "10:00", "min": 0},
    ],
    "listicle_count": [{"min": 0}],
    "trademark_first": [{}, {"name": ""}, {"name": "X", "mark": "TM"}],
    "labeled_length": [
        {},
        {"label": "Title"},
        {"label": "Title", "max": 0},
        {"label": "Title", "min": 9, "max": 5},
    ],
    "url_slug": [{"max_words": 0}],
    "league_points": [{"min": 0}, {"win": "3"}],
    "sets_reps": [{"min": 0}],
}


def test_every_new_kind_has_cases():
    assert set(KIND_CASES) == set(TEST9_CHECKS) == set(BAD_PARAMS)


@pytest.mark.parametrize("kind", sorted(TEST9_CHECKS))
def test_each_new_kind_on_passing_and_failing_answers(kind):
    params, good, bad = KIND_CASES[kind]
    c = {"check": kind, **params}
    for text in good:
        assert S.check(c, text) is True, (kind, text)
    for text in bad:
        assert S.check(c, text) is False, (kind, text)
    for text in ("", "   ", "... !!! ???", "- \n* \n#"):  # no word meets none
        assert S.check(c, text) is False, (kind, text)


@pytest.mark.parametrize("kind", sorted(TEST9_CHECKS))
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
    # back_to_back_slots: a pm time with no mark before the range's end reads as the morning's
    slots = {"check": "back_to_back_slots", "start": "11:30", "end": "13:00"}
    assert check(slots, "- 11:30-12:15 pm Lunch\n- 12:15-1 pm Games")
    assert check(slots, "- 11:30 - 12:15 Lunch\n- 12:15 - 13:00 Games\n\nKids aged 9-12 welcome.")
    # bold_numbers: times and dates are numbers too; a heading's numbers and a list's own are aside
    assert not check({"check": "bold_numbers"}, "We meet at **9**:30 on June 3.")
    assert check({"check": "bold_numbers"}, "## Q3 in 2 minutes\n1. **40** new members")
    # unit_spacing: a decade or an ordinal is no unit; a word starting with a unit letter is none
    assert check({"check": "unit_spacing"}, "Since the 1990s, the 3rd leg has been 12 km over 100 meters.")
    # dates_in_order: a date with no year takes the year before it, so December to January goes back
    assert not check({"check": "dates_in_order"}, "- Dec 1, 2026: order\n- Jan 5: fit")
    assert check({"check": "dates_in_order"}, "- Dec 1, 2026: order\n- Jan 5, 2027: fit")
    # key_combos: "Shift+Click" and a named key are whole combos; a hyphen between words is no combo
    assert check(
        {"check": "key_combos", "min": 2}, "Shift+Click to select, Ctrl+Alt+Delete for the menu. A win-win."
    )
    # trademark_first: another mark may be asked for
    assert check(
        {"check": "trademark_first", "name": "Brew Buddy", "mark": "®"},
        "Brew Buddy® brews. Brew Buddy pours.",
    )
    # answer_key: the key is the last "Answer key" line's, its entries may carry explanations
    quiz = "1. Meals?\nA) $10\nB) $20\n\n2. Receipts?\nA) Yes\nB) No\n\nAnswer key\n"
    assert check({"check": "answer_key", "n": 2}, quiz + "1. B, because the limit is $20\n2. A")
    # regex_matches: a multi-line block is no single pattern, and the pattern must match whole strings
    assert not check({"check": "regex_matches", "match": ["AB12"]}, "```\n[A-Z]{2}\n\\d{2}\n```")
    assert not check({"check": "regex_matches", "match": ["AB12"]}, "`[A-Z]{2}`")
    # labeled_length: every line with the label is held to it
    two = "Meta description: A warm scarf.\nMeta description: Far too long for the forty-character limit."
    assert not check({"check": "labeled_length", "label": "Meta description", "max": 40}, two)
    # listicle_count: keycap emoji count as numbers; file_tree: an icon before a name is aside
    assert check({"check": "listicle_count"}, "🚀 2 lessons\n1️⃣ Say no.\n2️⃣ Rest.")
    assert check(
        {"check": "file_tree", "names": ["Family Photos", "Raw"]},
        "📁 Family Photos\n├── 📁 Raw\n├── a\n└── b",
    )
    # user_stories: a label before a story is aside
    assert check(
        {"check": "user_stories", "n": 1}, "- **Patron:** As a patron, I want alerts so that I come on time."
    )
    # answer_key: numbers in an explanation are read past
    assert check({"check": "answer_key", "n": 2}, quiz + "1. B (meals up to $20, 30 days to claim)\n2. A")
    # url_slug: a path is fine when each part is a slug
    assert check({"check": "url_slug", "max_words": 3}, "Slug: /episodes/night-trains-europe/")
    # section_words: a section ends at the next markdown heading too
    text = (
        "## Dates\nMonday is picture day.\n## Notes\nLots of other words that are not in the dates section."
    )
    assert check({"check": "section_words", "titles": ["Dates"], "max": 6}, text)


# ------------------------------------------------------------------ a hand-written answer per row

_POST = " ".join(["Slide the plant out, loosen the circling roots and give it a pot one size up."] * 25)
_KITCHEN = [
    "March 1, 2027",
    "March 15, 2027",
    "April 1, 2027",
    "April 12, 2027",
    "May 3, 2027",
    "May 24, 2027",
    "June 14, 2027",
    "June 28, 2027",
]
_MILESTONES = [
    "design sign-off",
    "permits approved",
    "demolition",
    "plumbing and wiring",
    "cabinets installed",
    "countertops",
    "backsplash and paint",
    "final inspection",
]

ANSWERS = {
    "k01": "```\n^[A-Z]{2}\\d{4}-[A-Z]$\n```",
    "k02": (
        "```sql\nSELECT m.name, m.email, COUNT(l.id) AS overdue_loans\nFROM members AS m\nJOIN loans AS l ON "
        "l.member_id = m.id\nWHERE l.due_date < CURRENT_DATE\n  AND l.returned_at IS NULL\nGROUP BY m.id, "
        "m.name, m.email\nORDER BY overdue_loans DESC;\n```"
    ),
    "k03": (
        '---\ntitle: "How to Repot a Root-Bound Monstera"\ndate: 2027-03-14\ntags:\n  - houseplants\n  - '
        "monstera\ndraft: false\n---\n\n" + _POST
    ),
    "k04": (
        "```\n# Postgres connection string\nDATABASE_URL=postgres://user:password@localhost:5432/reminders\n"
        "# Twilio account SID\nTWILIO_ACCOUNT_SID=ACxxxxxxxxxxxxxxxx\n# Twilio auth token\n"
        "TWILIO_AUTH_TOKEN=your-auth-token\n# How many hours before the visit to "
        "text\nREMINDER_HOURS_BEFORE=24\n"
        "# Secret used to sign sessions\nSECRET_KEY=change-me\n```"
    ),
    "k05": "```jsonl\n"
    + "\n".join(
        json.dumps({"id": i, "subject": f"Ticket {i}", "body": "The app crashes.", "priority": "normal"})
        for i in range(1, 7)
    )
    + "\n```",
    "k06": (
        "Subject: Riverside Trail 25K race info\n\nHi runners,\n\nThe course is 25 km with 640 m of total "
        "climb. Water stations sit at 5 km, 10 km, 15 km and 20 km, each with 500 ml cups. The cut-off is "
        "four hours. Pack a light jacket, a soft flask and your bib.\n\nSee you at the start!"
    ),
    "k07": (
        "What a quarter for the tool library! Members borrowed **1,284** tools, and **63** neighbors joined. "
        "The cordless drill was the star again with **97** loans. Our repair café drew **41** people across "
        "**3** evenings. Thank you all."
    ),
    "k08": (
        "Dear Sam,\n\nThank you for covering my weekend shifts while I recovered. The dogs clearly "
        "loved you. Please enjoy these chocolates, you earned every one.\n\nWith thanks,\nPriya"
    ),
    "k09": (
        "# Desk Booking Help\n\n## Contents\n- [Booking a desk](#booking-a-desk)\n- [Changing or cancelling "
        "a "
        "booking](#changing)\n- [Meeting rooms](#meeting-rooms)\n- [Guest passes](#guest-passes)\n\n## "
        "Booking a "
        "desk\nOpen the app and pick a day.\n\n### Choosing a zone\nQuiet or social.\n\n## Changing or "
        "cancelling "
        "a booking\nTap the booking.\n\n## Meeting rooms\nRooms hold up to eight people.\n\n## Guest "
        "passes\nAsk "
        "at the desk."
    ),
    "k10": (
        "## Dates\nMonday is picture day, so send your child in a clean uniform. Thursday brings the Year 3 "
        "trip to the science museum, and the bus leaves at half past eight sharp.\n\n## Reminders\nPlease "
        "label every coat, lunchbox and water bottle. The lost property box is overflowing again and will "
        "be emptied on Friday afternoon, so have a look if anything has gone missing.\n\n## "
        "Celebrations\nCongratulations to our chess club for winning "
        "the district cup, and a big thank you to every parent who baked, sold or tidied up at the autumn "
        "fair last weekend."
    ),
    "k11": "\n".join(
        f"{i}. Yesterday we ___ ({v}) to the park."
        for i, v in enumerate(["walk", "run", "skip", "drive", "cycle", "hurry", "race", "wander"], 1)
    )
    + "\n\nAnswer key\n1. walked\n2. ran\n3. skipped\n4. drove\n5. cycled\n6. hurried\n7. raced\n8. wandered",
    "k12": "\n\n".join(
        f"{i}. Question {i} about meals?\nA) One\nB) Two\nC) Three\nD) Four" for i in range(1, 6)
    )
    + "\n\n## Answer key\n1. B\n2. A\n3. D\n4. C\n5. B",
    "k13": "\n".join(f"- {d}: {m}" for d, m in zip(_KITCHEN, _MILESTONES)),
    "k14": (
        "- 09:00-09:20 Welcome and name games\n- 09:20-10:15 Build a maze game\n- 10:15-10:35 Snack break\n- "
        "10:35-11:45 Add sounds and scores\n- 11:45-12:30 Show and tell"
    ),
    "k15": (
        "4 lessons from my first year as a freelance translator\n\n1. Charge by the word, not the hour.\n2. "
        "Put every deadline in writing.\n3. Specialize early; legal work pays.\n4. Rest is part of the job."
    ),
    "k16": "\n".join(
        f"- [ ] {x}"
        for x in [
            "Tent",
            "Sleeping bags",
            "Toddler sleeping bag",
            "Headlamps",
            "Diapers",
            "Wipes",
            "Snacks",
            "Water jugs",
            "Camp stove",
            "First aid kit",
            "Sun hat",
            "Rain jackets",
        ]
    ),
    "k17": (
        "Subject: End-of-season sale\n\nEverything must go:\n- Trail tent: was $300, now $225 (25% off)\n- "
        "Down "
        "jacket: was $180, now $126 (30% off)\n- Hiking boots: was $150, now $120 (20% off)\n- Camp stove: "
        "was "
        "$60, now $45 (25% off)\n\nSee you in store!"
    ),
    "k18": (
        "Meet WeighMate™, the kitchen scale that keeps up with you. "
        + " ".join(["WeighMate weighs to the gram, pairs with your phone and tares in a tap."] * 8)
    ),
    "k19": (
        "Title: Hand-Knitted Merino Wool Scarf, Charcoal Grey\nMeta description: A soft, warm merino scarf "
        "knitted by hand in small batches. Generous length, gentle on skin, and made to last for winters.\n"
        "Slug: hand-knitted-merino-wool-scarf"
    ),
    "k20": (
        "```\nFamily Photos/\n├── 2024/\n│   ├── Raw/\n│   ├── Edited/\n│   └── Shared/\n└── 2025/\n    ├── "
        "Raw/\n"
        "    ├── Edited/\n    └── Shared/\n```"
    ),
    "k21": "\n".join(
        f"- {k}: {v}"
        for k, v in [
            ("Ctrl+C", "copy"),
            ("Ctrl+V", "paste"),
            ("Ctrl+Z", "undo"),
            ("Ctrl+Y", "redo"),
            ("Alt+Tab", "switch windows"),
            ("Win+D", "show the desktop"),
            ("Ctrl+F", "find"),
            ("Win+Shift+S", "take a screenshot"),
        ]
    ),
    "k22": (
        "- Squats to a box: 3 x 12\n- Push-ups: 3 x 10\n- Bent-over rows: 3 x 12\n- Lunges: 2 x 10 each "
        "leg\n- "
        "Plank: 3 x 30 seconds\n- Glute bridges: 3 x 15\n\nSafety: stop if anything hurts sharply."
    ),
    "k23": "\n".join(
        f"{i}. As a {who}, I want to {what} so that {why}."
        for i, (who, what, why) in enumerate(
            [
                ("patron", "book a room online", "I don't have to call"),
                ("patron", "get a reminder", "I don't miss my slot"),
                ("librarian", "see today's bookings", "I can plan the desk"),
                ("librarian", "block rooms for events", "nobody double-books"),
                ("community group leader", "book a room every week", "our club has a home"),
            ],
            1,
        )
    ),
    "k24": "fixed right, ridden far.",
    "k25": (
        "Feature: Coupon codes\n\n  Scenario: A valid code\n    Given a cart worth $60\n    When I apply "
        "SAVE10\n"
        "    Then the total is $54\n\n  Scenario: An expired code\n    Given the code OLD5 expired "
        "yesterday\n"
        '    When I apply OLD5\n    Then I see "This code has expired"\n\n  Scenario: Below the minimum '
        "order\n"
        "    Given a cart worth $20\n    And the code BIG20 needs $50\n    When I apply BIG20\n    Then I "
        "see "
        "the minimum order message"
    ),
    "k26": (
        "| Team | P | W | D | L | Pts |\n|---|---|---|---|---|---|\n| Real Ale Madrid | 8 | 6 | 1 | 1 | 19 "
        "|\n"
        "| Inter Your Name | 8 | 5 | 2 | 1 | 17 |\n| Sporting Lesbeerian | 8 | 4 | 2 | 2 | 14 |\n| Borussia "
        "Teeth | 8 | 3 | 1 | 4 | 10 |\n| Bayern Bru | 8 | 2 | 1 | 5 | 7 |\n| Nottingham Forrest Gump | 8 | 0 "
        "| "
        "3 | 5 | 3 |"
    ),
    "k27": (
        "Basic sourdough loaf\n\n- 500 g bread flour\n- 350 ml water\n- 100 g active starter\n- 10 g salt\n\n"
        "Mix, rest 45 min, fold four times, then shape. Bake at 250 °C in a lidded pot for 20 min, then 25 "
        "min "
        "uncovered."
    ),
    "k28": (
        "Seed-starting calendar 2027\n\n- March 1: peppers indoors\n- March 15: tomatoes indoors\n- March "
        "22: "
        "basil indoors\n- April 1: marigolds indoors\n- April 5: lettuce outdoors\n- May 17: squash outdoors"
    ),
    "k29": (
        "Subject: Jazz, late nights and half-price art\nPreheader: Our first late opening: Friday 6-10 pm "
        "with "
        "live jazz.\n\nHi there,\n\nThis Friday the galleries stay open until 10 pm. Entry is half price and "
        "a jazz trio plays in the atrium.\n\nSee you there!"
    ),
    "k30": (
        "- 19:00-19:15 Warm-ups\n- 19:15-19:45 Sectionals\n- 19:45-20:15 Run of 'Down to the River'\n- "
        "20:15-20:25 Break\n- 20:25-20:50 Run of 'Hallelujah'\n- 20:50-21:00 Notes"
    ),
    "k31": (
        "Episode 42: Europe by night train on a budget\n\nWe ride sleepers from Brussels to Vienna and "
        "beyond "
        "and share how to book cheap couchettes.\n\nSlug: europe-night-trains-budget\n\nChapters\n0:00 "
        "Intro\n"
        "4:30 Why night trains\n15:10 Booking tips\n31:45 What to pack\n41:20 Listener questions"
    ),
    "k32": (
        "A fixed-rate mortgage is a home loan whose interest rate stays the same for a set period. Your "
        "monthly payment does not change during that time, which makes budgeting easier.\n\nEach payment "
        "covers some interest and some of the loan itself. Early on, most of it goes to interest; later, "
        "more "
        "of it pays down the balance.\n\nWhen the fixed period ends, you can usually switch to a new deal. "
        "Compare the rate, the fees and the length of the term before you sign."
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
        asked = [c for c in r["checks"] if c["check"] in TEST9_CHECKS]
        for rid, text in ANSWERS.items():
            if asked and rid != r["id"]:
                met += all(S.check(c, text) for c in asked)
                pairs += 1
    assert met / pairs < 0.05, met


# ------------------------------------------------------------------ the generator


def _before_test10(task):
    """data.jsonl as it was before the test10 to test18 rows were appended after test9's."""
    later = tuple(f'"split": "test{i}"' for i in range(10, 19))
    return "".join(
        ln for ln in task.data_path.read_text().splitlines(True) if not any(s in ln for s in later)
    )


def test_data_jsonl_ends_with_the_generators_test9_rows(task):
    text = _before_test10(task)
    assert text.endswith(generic_test9.render())
    tail = text.splitlines()[-60:]
    assert [json.loads(ln)["split"] for ln in tail] == ["test9"] * 60
    assert '"split": "test9"' not in text[: len(text) - len(generic_test9.render())]
    before = text[: len(text) - len(generic_test9.render())]
    assert before.endswith(generic_test8.render())  # right after test8's rows


def test_the_generator_keeps_every_other_line(task, tmp_path, monkeypatch):
    data = tmp_path / "data.jsonl"
    original = _before_test10(task)
    older = original[: len(original) - len(generic_test9.render())]
    monkeypatch.setattr(generic_test9, "DATA", data)
    for start in (older, original, older + '{"id": "k99", "kind": "everyday", "split": "test9"}\n'):
        data.write_text(start)
        generic_test9.main()
        assert data.read_text() == original
    first, rest = older.split("\n", 1)  # a test9 line out of place is dropped, the rows written once
    data.write_text(first + "\n" + generic_test9.render() + rest)
    generic_rows.rewrite(data, generic_test9.SPLIT, generic_test9.render())
    assert data.read_text() == original
