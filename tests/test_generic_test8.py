"""The generic task's test8 rows (z01-z60, written blind to the observers on 2026-12-07) and the
scorer parts written for them: the check kinds of TEST8_CHECKS (each on passing and failing
answers, and refusing bad parameters), a hand-written answer meeting every constraint row, every
reference passing its hidden tests, the shown tests never counting, and the generator keeping
every other line of data.jsonl as it is (no engine)."""

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
from selfrefine.tasks.tools import generic_rows, generic_test8
from tests.generic_split import (
    assert_references_pass,
    assert_row_shape,
    assert_shown_examples_never_count,
    functions,
    style,
)

INLINE = {
    "words", "sentences", "paragraphs", "lines", "each_line_starts", "paragraph_starts", "questions",
    "last_word", "chars", "bullets", "numbered", "include", "exclude", "exclude_chars", "uppercase",
    "lowercase", "json", "sections", "starts_with", "ends_with", "ends_with_question",
}  # fmt: skip
OLDER = {*S.NEW_CHECKS, *INLINE, *TEST3_CHECKS, *TEST4_CHECKS, *TEST5_CHECKS, *TEST6_CHECKS, *TEST7_CHECKS}


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:test8")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows() if r["split"] == "test8"}


# ------------------------------------------------------------------ the rows


def test_rows_are_the_generators_in_order(by_id):
    rows = generic_test8.rows()
    assert list(by_id) == [f"z{i:02d}" for i in range(1, 61)] == [r["id"] for r in rows]
    assert list(by_id.values()) == rows
    kinds = [r["kind"] for r in rows]
    assert kinds == ["constraints"] * 32 + ["function"] * 22 + ["everyday"] * 6
    assert len({r["request"] for r in rows}) == 60


def test_constraint_rows_use_the_new_kinds(by_id):
    rows = [r for r in by_id.values() if r["kind"] == "constraints"]
    assert all(1 <= len(r["checks"]) <= 3 for r in rows)
    names = [[c["check"] for c in r["checks"]] for r in rows]
    with_new = [n for n in names if any(k in TEST8_CHECKS for k in n)]
    assert len(with_new) == 28
    assert all(set(n) <= OLDER for n in names if n not in with_new)
    assert all(set(n) <= OLDER | set(TEST8_CHECKS) for n in names)
    used = Counter(k for n in names for k in n if k in TEST8_CHECKS)
    assert set(used) == set(TEST8_CHECKS) and all(1 <= k <= 3 for k in used.values()), used


def test_the_new_kinds_are_new_and_reached_through_the_scorer():
    assert len(TEST8_CHECKS) >= 20
    assert not set(TEST8_CHECKS) & OLDER
    for name, fn in TEST8_CHECKS.items():
        assert S._split_checks()[name] is fn
        assert fn.__doc__ and fn.__name__ == name


def test_function_rows_shape_and_example_styles(by_id):
    rows = functions(by_id)
    assert len(rows) == 22
    for r in rows:
        assert_row_shape(r)
        assert f"{r['entry']}(" in r["request"] and f"def {r['entry']}(" in r["reference"]
    styles = Counter(style(r) for r in rows)
    assert styles == {"doctest": 4, "==": 4, "->": 4, "input/output": 4, "assert": 3, "prose": 3}


def test_every_reference_passes_its_hidden_tests(by_id):
    assert_references_pass(by_id)


def test_shown_examples_never_count(by_id):
    assert_shown_examples_never_count(by_id)


def test_everyday_rows(by_id):
    scorer = S.GenericScorer()
    right = {
        "z55": ("There are 3,600 seconds in an hour.", "About 60 minutes."),
        "z56": ("Canberra is the capital.", "It's Sydney."),
        "z57": ("You need 12 eggs.", "You need 7 eggs."),
        "z58": ("It boils at 212 °F.", "It boils at 100 °C."),
        "z59": ("A hexagon has six sides.", "It has 8 sides."),
        "z60": ("15% of 80 is 12.", "It is 15."),
    }
    for rid, (good, bad) in right.items():
        assert by_id[rid]["kind"] == "everyday"
        assert scorer.score(by_id[rid], good)["score"] == 1.0, rid
        assert scorer.score(by_id[rid], bad)["score"] == 0.0, rid


# ------------------------------------------------------------------ the new kinds

_WORDS_200 = " ".join(["Compost needs greens and browns."] * 40)

# kind: (params, answers that meet it, answers that do not)
KIND_CASES = {
    "item_durations": (
        {"min": 2},
        ["- Stretch (5 min)\n- Run 20 minutes", "1. A 10-minute walk\n2. Rest 90s\n3. Swim 1.5 hours"],
        ["- Stretch (5 min)\n- Run a bit", "- Stretch (5 min)", "Stretch for 5 min and run 20 min."],
    ),
    "minutes_total": (
        {"n": 30},
        ["1. Warm-up 10 min\n2. Run 0.25 hours\n3. Stretch 300 seconds\nTotal: 30 min",
         "- Circuit, 4 x 40 s work: 20 min\n- Cool-down: 10 min\n- Total: 30 min"],
        ["- Warm-up 5-10 min\n- Run 20 min", "- Warm-up 10 min\n- Run 25 min", "- Run 30 min",
         "- Warm-up 10 min\n- Run\n- Stretch 20 min"],
    ),
    "budget_total": (
        {},
        ["- Tent: $120.50\n- Stove: $39.50\n\nTotal: $160",
         "| Item | Cost |\n|---|---|\n| Hall (2 x $100) | $200 |\n| Band | $1,000 |\n"
          "| **Total** | **$1,200** |"],
        ["- Tent: $120\n- Stove: $40\nTotal: $150", "- Tent: $120\n- Stove: $40", "- Tent: $120\nTotal: $120",
         "- Tent: $120\n- Stove: $40\nTotal: about 160 dollars"],
    ),
    "thousands_commas": (
        {"min": 2},
        ["We raised $12,500 in 2025 from 1,204 donors.", "It costs 3,499.99 EUR, or 1,000,000 yen."],
        ["We raised $12500 from 1,204 donors.", "We raised 12,50 from 1,204 donors.", "We raised $12,500.",
         "In $2025 we raised $12,500 from 1,204 donors."],
    ),
    "currency_codes": (
        {"min": 2},
        ["Starter is USD 49 and Team is 199 EUR.", "Plans: GBP 10, GBP 1,200 a year."],
        ["Starter is $49 and Team is USD 199.", "Starter is USD 49.", "Starter is 49 dollars and 199 euros."],
    ),
    "us_units": (
        {"min": 2},
        ["Add 2 cups flour and bake at 350°F for 12 minutes.", "Use 1 lb beef and 2 tbsp oil."],
        ["Add 2 cups flour (250 g) and bake at 350°F.", "Add 2 cups flour and 200 grams sugar.",
         "Bake at 180°C with 2 cups flour.", "Add 2 cups flour."],
    ),
    "british_spelling": (
        {},
        ["Our favourite colour is grey.", "We organised the travelling centre."],
        ["Our favourite color is grey.", "Our favorite room.", "A nice day out.", "We realize it, mum."],
    ),
    "small_numbers_spelled": (
        {"min": 2},
        ["Three kids ate 14 cookies at 5 p.m. on May 4.", "Two of them, 12%, paid $3, a 7-year-old too.",
         "1. Nine volunteers came\n2. They ran 12 tables"],
        ["3 kids ate 14 cookies.", "Three kids ate fourteen cookies.", "Three kids ate twenty-two cookies.",
         "Our bake sale raised money."],
    ),
    "commit_message": (
        {},
        ["Fix login trim\n\nTrim the password on the client before sending it.\n",
         "Here you go:\n\n```\nAdd dark mode toggle\n\nStore the choice in local storage.\n```"],
        ["Fix login trim.\n\nBody text here.", "Fix login trim\nBody text here.", "Fix login trim\n\n",
         "Fix login trim\n\n"
          "" + "word " * 20, "A subject that is much too long to be a git subject line\n\nBody."],
    ),
    "html_balanced": (
        {"tags": ["ul", "li"]},
        ["<ul><li>One</li><li>Two<br></li></ul>",
         '```html\n<ul class="x">\n  <li><img src="a.png"/>Hi</li>\n</ul>\n```'],
        ["<ul><li>One</ul>", "<ul><li>One</li></ul></li>", "<ol><li>One</li></ol>", "<ul><li>One</li>"],
    ),
    "read_time": (
        {},
        ["Compost 101\n1 min read\n" + _WORDS_200, "Compost 101\n**Reading time:** 2 minutes\n\n"
          "" + _WORDS_200],
        ["Compost 101\n5 min read\n" + _WORDS_200, "Compost 101\nBy Ana\n" + _WORDS_200 + "\n1 min read",
         "Compost 101\n" + _WORDS_200],
    ),
    "stated_word_count": (
        {},
        [_WORDS_200 + "\n\nWord count: 200", _WORDS_200 + "\n(205 words)"],
        [_WORDS_200 + "\n\nWord count: 100", _WORDS_200, "Word count: 200\n" + _WORDS_200, "Word count: 3"],
    ),
    "scene_headings": (
        {"min": 2},
        ["EXT. BUS STOP - NIGHT\nRain.\n\n**INT. JOE'S DINER - NIGHT (LATER)**\nThey sit.",
         "INT./EXT. CAR - DAY\nShe drives.\nINT. HOUSE - CONTINUOUS\nShe runs in."],
        ["INT. KITCHEN - NIGHT\nShe waits.", "Int. kitchen, night\nShe waits.\nINT. HALL - DAY",
         "INT. KITCHEN\nShe waits.\nINT. HALL - DAY"],
    ),
    "versions_descending": (
        {},
        ["## [1.2.0] - 2026-05-01\n- x\n## [1.1.3] - 2026-04-01\n- y",
         "v2.0.0\nBig.\n\nVersion 1.10.0\nSmall."],
        ["## 1.1.3\n## 1.2.0", "## 1.2.0\n- fixed 1.1.0 bug", "## 1.2.0\n## 1.2.0"],
    ),
    "camel_hashtags": (
        {},
        ["Fun day out #BeachDay", "New buns! #CardamomBuns #Summer2026"],
        ["#beachday fun", "Fun #BeachDay #beach_day", "Fun day #NYC", "Fun day out"],
    ),
    "no_ly_adverbs": (
        {},
        ["She ran fast and only stopped at the lovely hill in July.", "My family replied early."],
        ["She ran quickly.", "Honestly, it was fine.", "She smiled happily."],
    ),
    "bracket_tags": (
        {"tags": ["Fixed", "Added"], "min": 2},
        ["- [Fixed] crash on start\n- [added] a flag",
         "## 1.0.0\n* **[Fixed]** the crash\n* [Added]: dark mode"],
        ["- [Fixed] crash\n- Added flag", "- [Fixed] crash\n- [Removed] flag", "- [Fixed] crash",
         "- [Fixed]\n- [Added]"],
    ),
    "item_quantities": (
        {"min": 2},
        ["- 2 cups flour\n- ½ tsp salt\n\n1. Mix.", "* 1 1/2 lb chicken\n* two onions\n* 2-3 garlic cloves"],
        ["- 2 cups flour\n- Salt to taste", "- 2 cups flour", "1. 2 cups flour\n2. 1 egg",
         "- A pinch of salt\n- 1 egg"],
    ),
    "pros_cons": (
        {"n": 2},
        ["Pros:\n- a\n- b\n\nCons:\n- c\n- d",
         "# Pros and cons\n\n## Cons of renting\n1. c\n2. d\n\n**Pros**\n- a\n- b"],
        ["Pros:\n- a\n\nCons:\n- c\n- d", "Pros:\n- a\n- b", "Pros and cons:\n- a\n- b\n- c\n- d",
         "Pros:\nIt is good.\n- a\n- b\nCons:\n- c\n- d"],
    ),
    "paragraphs_end_with_question": (
        {"min": 2},
        ["Why does Klara care?\n\nHow would you act?", "## Theme one\n\nWho is she?\n\nWhat is \"love\"?\""],
        ["Why?\n\nBecause.", "Why does it matter?", "Is it? Yes.\n\nWhy?"],
    ),
    "sentence_commas": (
        {"max": 1},
        ["One, two. Three 1,000 four.", "- Hi, there\n- Next, please"],
        ["One, two, three.", "Hi, there. A, b, c and d."],
    ),
    "day_plan": (
        {"n": 2, "min_items": 1},
        ["Day 1: Arrive\n- Check in\n\n**Day 2**\n- Leave",
         "## Day 1 - Alfama\n* Castle\n## Day 2 - Belem\n* Tower"],
        ["Day 1: Arrive\n- x\nDay 3: Leave\n- y", "Day 1\n- x", "Day 1: Arrive\n- x\nDay 2: Leave",
         "Day 1: x\n- a\nDay 2: y\n- b\nDay 3: z\n- c"],
    ),
    "no_ellipsis": (
        {},
        ["Fine. See you next week.", "Wait - what?"],
        ["Fine…", "Fine... see you", "Fine. . . see you"],
    ),
    "image_notes": (
        {"min": 2},
        ["[Photo: the new wall]\nText\n[image - members at the social]",
         "[**Visual**: a chart of sales] and [GIF: a cat]"],
        ["[Photo]\nText [Image: the wall]", "[Photo: the new wall] only", "(Photo: the wall) (Image: us)"],
    ),
}  # fmt: skip

# kind: parameter sets each refused, whatever the answer
BAD_PARAMS = {
    "item_durations": [{"min": 0}, {"min": "2"}],
    "minutes_total": [{}, {"n": 0}, {"n": 4.5}],
    "budget_total": [{"min": 0}, {"min": True}],
    "thousands_commas": [{"min": -1}],
    "currency_codes": [{"min": 0}, {"codes": ["USD"]}],
    "us_units": [{"min": "1"}],
    "british_spelling": [{"min": 0}],
    "small_numbers_spelled": [{"min": 1.5}],
    "commit_message": [{"max_subject": 0}, {"wrap": "72"}],
    "html_balanced": [{}, {"tags": []}, {"tags": ["<div class>"]}, {"tags": "ul"}],
    "read_time": [{"wpm": 0}],
    "stated_word_count": [{"tolerance": -1}, {"tolerance": "5"}],
    "scene_headings": [{"min": 0}],
    "versions_descending": [{"min": 0}],
    "camel_hashtags": [{"min": None}],
    "no_ly_adverbs": [{"allow": []}, {"allow": "only"}],
    "bracket_tags": [{}, {"tags": [""]}, {"tags": ["Fixed"], "min": 0}],
    "item_quantities": [{"min": 0}],
    "pros_cons": [{"n": 2, "min": 1}, {"min": 3, "max": 2}, {"n": "2"}],
    "paragraphs_end_with_question": [{"min": 0}],
    "sentence_commas": [{}, {"max": -1}],
    "day_plan": [{}, {"n": 0}, {"n": 3, "min_items": "2"}],
    "no_ellipsis": [{"max": 1}],
    "image_notes": [{"min": 0}],
}


def test_every_new_kind_has_cases():
    assert set(KIND_CASES) == set(TEST8_CHECKS) == set(BAD_PARAMS)


@pytest.mark.parametrize("kind", sorted(TEST8_CHECKS))
def test_each_new_kind_on_passing_and_failing_answers(kind):
    params, good, bad = KIND_CASES[kind]
    c = {"check": kind, **params}
    for text in good:
        assert S.check(c, text) is True, (kind, text)
    for text in bad:
        assert S.check(c, text) is False, (kind, text)
    for text in ("", "   ", "... !!! ???", "- \n* \n#"):  # no word meets none
        assert S.check(c, text) is False, (kind, text)


@pytest.mark.parametrize("kind", sorted(TEST8_CHECKS))
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
    # minutes_total: the longest duration of an item is its time; a "Total" item is aside
    assert check({"check": "minutes_total", "n": 15}, "- Circuit, 40 s on / 20 s off: 10 min\n- Rest 5 min")
    assert not check({"check": "minutes_total", "n": 15}, "- Circuit: 10 min\n- Rest 5 min\n- Extra 1 min")
    # budget_total: the last price of each item line, the total line's first
    assert check(
        {"check": "budget_total"}, "- Hotel: 3 nights at $120 = $360\n- Food: $140\nTotal: $500 ($20 spare)"
    )
    # budget_total: a short line ending with its price is an item line, a sentence is not
    text = "Here is a plan for about $500 in all, give or take a little bit depending on the caterer.\n"
    assert check({"check": "budget_total"}, text + "Venue: $300\nFood - $150\n\n**Total: $450**")
    assert not check({"check": "budget_total"}, "Venue: $300\nFood: $150\nBand: $50\nTotal: $450")
    # html_balanced: code blocks are read, the prose around them (or inline code) is not
    html = "```html\n<ul><li>a</li></ul>\n```\nThe <li> items sit in the <ul>."
    assert check({"check": "html_balanced", "tags": ["ul"]}, html)
    assert check({"check": "html_balanced", "tags": ["ul"]}, "<ul><li>a</li></ul> Each `<li>` is an item.")
    # thousands_commas: a year may go without, an amount may not
    assert check({"check": "thousands_commas"}, "In 2026 we sold 4,500 mugs.")
    assert not check({"check": "thousands_commas"}, "In 2026 we sold 4500 mugs.")
    # british_spelling: every -ize form of the listed verbs is American
    assert not check({"check": "british_spelling"}, "The organization of the colour scheme.")
    # pros_cons: a title naming both is not a side's heading
    assert not check({"check": "pros_cons"}, "Pros and cons\n- a\n\nCons\n- b")
    # commit_message: a fenced message is read from its block, the chat around it aside
    assert check(
        {"check": "commit_message", "max_subject": 20, "wrap": 30},
        "Sure!\n```\nFix it\n\nShort body.\n```\nBye",
    )
    assert not check({"check": "commit_message", "wrap": 10}, "Fix it\n\nThis body line is long.")
    # no_ly_adverbs: `allow` lets a word through
    assert check({"check": "no_ly_adverbs", "allow": ["quickly"]}, "She ran quickly.")
    # day_plan: a day with nothing planned fails
    assert not check({"check": "day_plan", "n": 2}, "Day 1:\nDay 2: Leave")
    # small_numbers_spelled: a list's own numbers are aside, a bullet's quantity is not
    assert not check({"check": "small_numbers_spelled"}, "- 3 eggs\n- 12 cookies")
    assert check({"check": "small_numbers_spelled"}, "Nine of us sold pies from 9 to 11 a.m. on June 6.")


# ------------------------------------------------------------------ a hand-written answer per row

_COMPOST = " ".join(["A small bin in a sunny corner is all you need to start."] * 36)
_ESSAY = " ".join(["Working the register taught me patience with people."] * 31) + " I grew a lot there."

ANSWERS = {
    "z01": (
        "Lisbon in three days\n\nDay 1: Alfama and the castle\n- Morning walk up to the castle\n- Fado "
        "dinner in Alfama\n\nDay 2: Belem\n- Jeronimos Monastery and the tower\n- Pasteis de Belem\n\n"
        "Day 3: Sintra day trip\n- Train from Rossio\n- Pena Palace"
    ),
    "z02": (
        "45-minute dumbbell workout\n\n- Warm-up: 5 min\n- Goblet squats and rows: 10 min\n- Lunges "
        "and shoulder press: 10 min\n- Circuit, 3 rounds of 40 s work: 12 min\n- Core finisher: 4 "
        "min\n- Cool-down stretch: 4 min"
    ),
    "z03": (
        "- Pizza for 12 kids: $60\n- Cake: $45\n- Decorations: $35\n- Goodie bags: $48\n- Craft "
        "supplies: $40\n- Drinks and snacks: $30\n\nTotal: $258"
    ),
    "z04": (
        "Subject: Leo away Thursday and Friday\n\nHi Ms. Okonkwo,\n\nLeo will miss school next "
        "Thursday and Friday for his grandfather's 80th birthday. Is there any homework he should "
        "take with him so he does not fall behind?\n\nThank you,\nDana"
    ),
    "z05": "Composting in a small backyard\n3 min read\n\n" + _COMPOST,
    "z06": _ESSAY + "\n\nWord count: " + str(len(S.words(_ESSAY))),
    "z07": (
        "```\nTrim login password input on the client\n\nThe login form accepted passwords with "
        "trailing spaces, which then\nfailed on the server. The client now trims the input and "
        "shows an\nerror when the password is empty.\n```"
    ),
    "z08": (
        '```html\n<form action="/subscribe" method="post">\n  <label for="email">Email</label>\n  '
        '<input type="email" id="email" name="email" required>\n  <button '
        'type="submit">Subscribe</button>\n</form>\n```'
    ),
    "z09": (
        "EXT. BUS STOP - NIGHT\n\nRain hammers the shelter. MAYA shakes out an umbrella.\n\nTOM\nMaya? "
        "Is that you?\n\nINT. DINER - NIGHT\n\nThey slide into a booth, dripping."
    ),
    "z10": (
        "# Changelog\n\n## [2.1.0] - 2026-11-02\n- [Added] A --json flag\n- [Fixed] Crash on an empty "
        "config\n\n## [2.0.1] - 2026-09-14\n- [Fixed] Wrong exit code on timeouts\n- [Changed] Clearer "
        "missing-file error\n\n## [2.0.0] - 2026-08-01\n- [Removed] The old --legacy option\n- "
        "[Changed] Config moved to TOML"
    ),
    "z11": (
        "Soft, fragrant and just a little extra: our new cardamom buns land this Saturday. Come "
        "early, they will not last.\n\n#CardamomBuns #FreshBaked #SaturdayTreats"
    ),
    "z12": (
        "Morning frost on the garden gate\nAmber leaves drift past the window\nPumpkins line the "
        "quiet porch steps\nLate light turns the hills to gold\nEvening smells of woodsmoke and rain"
    ),
    "z13": (
        "The keeper climbed the stairs each night. One morning he found a green bottle in the "
        "rocks. Inside was a note: keep the light on, we are still out here. He never learned who "
        "wrote it, but he never let the lamp go dark."
    ),
    "z14": (
        "Last Saturday's bake sale at Elm Street School raised $1,240 for the library. Nine "
        "volunteers ran 12 tables from 9 a.m. to noon, and about 150 neighbors stopped by. Three "
        "classes baked, and the lemon bars sold out in two hours."
    ),
    "z15": (
        "Weeknight chicken curry (serves 4)\n\n- 1 1/2 lb chicken thighs\n- 2 tbsp oil\n- 1 onion, "
        "chopped\n- 3 garlic cloves\n- 2 tbsp curry powder\n- 1 can coconut milk\n- 1/2 tsp salt\n\n1. "
        "Brown the chicken.\n2. Add the onion, garlic and curry powder.\n3. Pour in the coconut milk "
        "and simmer for 20 minutes."
    ),
    "z16": (
        "Klara watches the family closely. What does her patience tell us?\n\nThe Sun is almost a "
        "god to her. Is her faith naive or wise?\n\nJosie is ill. How far would you go for someone "
        "you love?\n\nThe ending is quiet. Did it feel fair to Klara?"
    ),
    "z17": (
        "Dear patient,\n\nOur pharmacy is moving next month. It will be on the ground floor. The "
        "entrance is next to the main desk. Staff will be there to help you. Your prescriptions "
        "will not change. Please call us if you have questions.\n\nKind regards,\nThe clinic team"
    ),
    "z18": (
        "Hey Jess, so sorry but I have to cancel tonight. Milo is sick and I need to stay home "
        "with him. Could we do dinner next week instead? Maybe Tuesday or Wednesday?"
    ),
    "z19": (
        "# November at Summit Climbing\n\n[Photo: the new bouldering wall with a climber mid-route]\n\n"
        "Our new bouldering wall is open.\n\n[Photo: members laughing at last month's social]\n\n"
        "Members' night is back on the 20th, and we now open at 7 on weekdays."
    ),
    "z20": '["Eleanor", "Margaret", "Josephine", "Vivian", "Beatrice"]',
    "z21": (
        "**Pros**\n- Faster than a normal bike on hills\n- Cheaper than driving\n- You still get "
        "exercise\n\n**Cons**\n- High upfront cost\n- The battery needs charging\n- Heavy to carry\n\nMy "
        "take: for 8 km it is worth it if you can store it safely."
    ),
    "z22": (
        "Welcome to the Manchester team! Here is how we organise our days: stand-up at half nine, "
        "focus time until lunch and meetings after. Our favourite lunch spots are near the city "
        "centre, and the team will happily show you round."
    ),
    "z23": (
        "Grandma's oatmeal cookies\n\n- 1 cup butter, softened\n- 1 cup brown sugar\n- 2 eggs\n- 1 1/2 "
        "cups flour\n- 3 cups rolled oats\n- 1 teaspoon cinnamon\n\nHeat the oven to 350°F. Cream the "
        "butter and sugar, beat in the eggs, then stir in the rest. Drop tablespoons of dough on a "
        "sheet and bake 10 to 12 minutes."
    ),
    "z24": (
        "Starter: USD 49 a month for one designer. Team: USD 199 a month for up to 10 seats. "
        "Enterprise: USD 2,400 a year with SSO. In euros: 45 EUR, 185 EUR and 2,200 EUR."
    ),
    "z25": (
        "This year our food bank served 148,500 meals. Volunteers collected 312,000 pounds of "
        "food. They gave 9,850 hours of their time. We helped 2,300 families across the county."
    ),
    "z26": "\n\n".join(
        f"Day {d}\n- Review chapter {d} (45 min)\n- Practice problems: 1 hour" for d in range(1, 6)
    ),
    "z27": (
        "1. Welcome and goals - 5 min\n2. Last quarter review - 15 min\n3. Priorities for next "
        "quarter - 15 min\n4. Budget - 10 min\n5. Risks and blockers - 10 min\n6. Next steps - 5 min"
    ),
    "z28": (
        "| Expense | Cost |\n|---|---|\n| Venue | $3,500 |\n| Catering (40 guests) | $2,800 |\n| "
        "Photographer | $1,500 |\n| Flowers | $600 |\n| Attire | $1,200 |\n| Music | $800 |\n| "
        "**Total** | **$10,400** |"
    ),
    "z29": (
        "v3.2.0\nStreaks now survive time zone changes.\n\nv3.1.0\nAdded weekly reminders.\n\nv3.0.0\nA "
        "fresh new look and a dark mode.\n\nv2.9.1\nFixed a crash when deleting a habit."
    ),
    "z30": (
        "This mug is made by hand in our small studio in Portland. Each one is thrown on the "
        "wheel, trimmed and glazed in small batches. The glaze is a warm speckled white with a "
        "soft satin finish. It holds 12 ounces of coffee or tea. The handle fits two fingers and "
        "sits well in the hand. No two mugs are the same, so yours will carry its own marks from "
        "the kiln. It is safe for the dishwasher and the microwave. Fill it with your morning "
        "coffee and take a minute for yourself."
    ),
    "z31": (
        "Join us this Sunday morning for the Mill River cleanup! We bring gloves and bags, you "
        "bring the good energy. Meet at the boat launch.\n\n#MillRiverCleanup #LoveYourRiver"
    ),
    "z32": (
        "What was the best meal you had this year?\nIf you could work from anywhere for a month, "
        "where would it be?\nWhat small thing made you smile this week?"
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
    """The hand-written answers seldom meet another row's new kinds that ask for something (those
    that only forbid something aside): the kinds are not met by chance."""
    forbidding = {"no_ellipsis", "no_ly_adverbs", "sentence_commas"}
    rows = [r for r in by_id.values() if r["kind"] == "constraints"]
    met = pairs = 0
    for r in rows:
        asked = [c for c in r["checks"] if c["check"] in set(TEST8_CHECKS) - forbidding]
        for rid, text in ANSWERS.items():
            if asked and rid != r["id"]:
                met += all(S.check(c, text) for c in asked)
                pairs += 1
    assert met / pairs < 0.05, met


# ------------------------------------------------------------------ the generator


def _before_test9(task):
    """data.jsonl as it was before the test9 to test18 rows were appended after test8's."""
    splits = (
        "test9",
        "test10",
        "test11",
        "test12",
        "test13",
        "test14",
        "test15",
        "test16",
        "test17",
        "test18",
    )
    later = tuple(f'"split": "{s}"' for s in splits)
    return "".join(
        ln for ln in task.data_path.read_text().splitlines(True) if not any(s in ln for s in later)
    )


def test_data_jsonl_ends_with_the_generators_test8_rows(task):
    text = _before_test9(task)
    assert text.endswith(generic_test8.render())
    tail = text.splitlines()[-60:]
    assert [json.loads(ln)["split"] for ln in tail] == ["test8"] * 60
    assert '"split": "test8"' not in text[: len(text) - len(generic_test8.render())]


def test_the_generator_keeps_every_other_line(task, tmp_path, monkeypatch):
    data = tmp_path / "data.jsonl"
    original = _before_test9(task)
    older = original[: len(original) - len(generic_test8.render())]
    monkeypatch.setattr(generic_test8, "DATA", data)
    for start in (older, original, older + '{"id": "z99", "kind": "everyday", "split": "test8"}\n'):
        data.write_text(start)
        generic_test8.main()
        assert data.read_text() == original
    first, rest = older.split("\n", 1)  # a test8 line out of place is dropped, the rows written once
    data.write_text(first + "\n" + generic_test8.render() + rest)
    generic_rows.rewrite(data, generic_test8.SPLIT, generic_test8.render())
    assert data.read_text() == original
