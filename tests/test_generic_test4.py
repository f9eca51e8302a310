"""The generic task's test4 rows (v01-v60, written blind to the observers on 2026-12-06) and the
scorer parts written for them: the check kinds of TEST4_CHECKS (each on passing and failing
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
from selfrefine.tasks.tools import generic_rows, generic_test4
from tests.generic_split import assert_shown_examples_never_count, fenced, functions, shown_in_request, style

BEFORE = set(S.NEW_CHECKS) | set(TEST3_CHECKS)  # kinds with a table before test4 (older ones inline)


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:test4")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows()}


# ------------------------------------------------------------------ the rows


def test_the_test4_rows(task):
    rows = task.rows()
    assert [r["id"] for r in rows] == [f"v{i:02d}" for i in range(1, 61)]
    assert {r["split"] for r in rows} == {"test4"}
    assert Counter(r["kind"] for r in rows) == {"constraints": 34, "function": 20, "everyday": 6}
    assert rows == json.loads(json.dumps(generic_test4.rows()))
    every = registry.load("generic:all").rows()
    assert len({r["request"] for r in every}) == len(every)  # no request repeats an older one
    # test5 to test18 (tests/test_generic_test5.py ... _test18.py) follow test4 at the end of the file
    later = [r for s in ("test5", "test6", "test7") for r in registry.load(f"generic:{s}").rows()]
    after7 = (
        "test8",
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
    later += [r for s in after7 for r in every if r["split"] == s]
    assert every[-900:-840] == rows and every[-840:] == later


def test_constraint_rows_use_the_new_kinds(task):
    rows = [r for r in task.rows() if r["kind"] == "constraints"]
    assert all(1 <= len(r["checks"]) <= 3 for r in rows)
    uses = Counter(c["check"] for r in rows for c in r["checks"] if c["check"] in TEST4_CHECKS)
    assert set(uses) == set(TEST4_CHECKS) and all(1 <= n <= 3 for n in uses.values()), uses
    assert sum(any(c["check"] in TEST4_CHECKS for c in r["checks"]) for r in rows) >= 26
    assert not set(TEST4_CHECKS) & BEFORE  # new names, none shadowing an older kind
    for r in rows:
        S.GenericScorer().score(r, "")  # every kind known, every parameter valid


# ------------------------------------------------------------------ an answer meeting each row

ANSWERS = {
    "v01": "MISSING CAT: BISCUIT\nOrange tabby with a white chest and one bent ear.\n"
    "Last seen Tuesday night near Elm Street and 4th Avenue.\n"
    "She is friendly but shy, so please do not chase her.\n"
    "If you see her, call or text 555-0142 any time.\nThank you for looking out for her!\n- Marta",
    "v02": "TL;DR: Probably yes, but seal the worst drafts first or it will struggle on the coldest "
    "nights.\n\nA modern cold-climate heat pump keeps working well below freezing. In a leaky house "
    "it has to run hard to replace lost heat, so bills stay high. Weatherstripping, attic insulation "
    "and sealing gaps around windows are cheap and make a big difference. After that, a correctly "
    "sized unit is usually cheaper to run than oil or resistance heat.",
    "v03": "No. The dishwasher strips the seasoning and the long wet cycle invites rust. Wash it "
    "by hand with hot water and a brush. Dry it on the stove and wipe on a thin layer of oil.",
    "v04": "Here is the countdown:\n\n5. Fewer crowds at the viewpoints.\n4. Mild sunny days.\n"
    "3. Roasted chestnuts on every corner.\n2. Cosy fado bars.\n1. Cheap flights and hotels.",
    "v05": "Soft white hush\nfalls on every sleeping roof\nmorning wakes new",
    "v06": "Three failed attempts, one very patient starter, and finally a loaf that stood tall. "
    "The crumb is open and the crust crackles.\n#sourdough #homebaking #breadlover",
    "v07": "Seven salty sailors sang sweet songs while the silver sea swelled softly.",
    "v08": "Subject: Broken boiler at Flat 3\n\nDear Mr. Evans,\n\nI am writing to let you know "
    "that the boiler in my flat has not worked for nine days. There is no heating and no hot "
    "water. I reported the fault by phone last week, but nobody has been in touch since.\n\n"
    "Please arrange for an engineer to visit this week. I can give access at short notice.\n\n"
    "Yours sincerely,\nDaniel Okafor",
    "v09": "The rule splits your take-home pay into three buckets:\n"
    "- Needs (50%): 1,600 for rent, groceries and transport.\n"
    "- Wants (30%): 960 for eating out and hobbies.\n"
    "- Savings and debt (20%): 640 for an emergency fund and loan payments.",
    "v10": "- Classic lemonade: $1.50\n- Pink lemonade: $1.75\n- Giant cup: $2.00\n- Cookie: $0.75",
    "v11": "Standing Up for a Month: What Changed\n\nThirty days ago I raised my desk and stopped "
    "sitting. My back thanked me within a week, my feet did not. Here is what I learned.",
    "v12": "Which step of the water cycle turns liquid water into vapor?\nA) Condensation\n"
    "B) Evaporation\nC) Precipitation\nD) Collection\nCorrect answer: B (evaporation).",
    "v13": "Park the working car close to the dead one without letting them touch.\n"
    "Turn both engines off.\nClip one red clamp to the dead battery's positive terminal.\n"
    "Clip the other red clamp to the good battery's positive terminal.\n"
    "Connect the black clamp to the good battery's negative terminal.\n"
    "Attach the last black clamp to bare metal on the dead car.\n"
    "Start the working car and wait a few minutes.\nNow try to start the dead car.",
    "v14": "```\n# virtual environments\n.venv/\nvenv/\n\n# bytecode\n__pycache__/\n*.pyc\n\n"
    "# pytest\n.pytest_cache/\n```",
    "v15": "```bash\n30 6 * * 1-5 /home/pi/backup.sh\n```",
    "v16": "- [Keybr](https://www.keybr.com): adapts lessons to your weakest keys.\n"
    "- [TypingClub](https://www.typingclub.com): short guided lessons.\n"
    "- [Monkeytype](https://monkeytype.com): clean tests to track your speed.",
    "v17": "I would love to join your team as a barista. I have spent two years working weekend "
    "shifts at a busy bakery counter, where I learned to stay calm during the morning rush, to "
    "remember regulars and their orders, and to keep the counter spotless between customers.\n\n"
    "Coffee is more than a job for me. I practise latte art at home, I have taken a short "
    "course on espresso extraction, and I enjoy talking with customers about where the beans "
    "come from and how each roast tastes.\n\n"
    "I am reliable, friendly and happy to work early mornings or weekends. I would welcome the "
    "chance to come in for a trial shift and show you what I can do. Thank you for considering "
    "my application, and I hope to hear from you soon.",
    "v18": "Compound interest means you earn interest on your interest, not just on the money you "
    "put in. If your account pays five percent, a hundred dollars becomes a hundred and five after "
    "a year.\n\nThe next year, you earn five percent on the whole hundred and five. Over many years "
    "this snowballs, so starting early matters more than starting big. Leave the money alone and "
    "let time do the work.",
    "v19": "Once upon a time, a little girl named Rosie could not fall asleep. So she counted "
    "sheep. One sheep hopped over the fence. Two sheep followed. Three, four, five sheep came "
    "skipping by. Six, seven and eight sheep trotted past. Nine sheep yawned. Ten sheep curled up, "
    "and so did Rosie. Goodnight!",
    "v20": "Buzz buzz, here we come!\nHornets fly and Hornets sting!\nPass the ball and run!\n"
    "Shoot and score, we want more!\nWin or lose, we play as one!\nGo, go, go, Hornets!",
    "v21": "House rules:\n- Please take off your shoes at the door.\n- Quiet hours are from 10 pm to "
    "8 am.\n- No smoking anywhere inside.\n- Pets are not allowed.\n- Sort the recycling into the "
    "blue bin.\n- Check-out is at 11 am.\n- Leave the keys on the kitchen table.",
    "v22": "TL;DR: Most of us (77.5%) want hybrid work.\n\nResults from all 80 staff:\n"
    "- Hybrid: 62 people (77.5%)\n- Fully remote: 11 people (13.75%)\n"
    "- Office every day: 7 people (8.75%)",
    "v23": "WINTER COAT SALE\nThis weekend only\n30% off all coats\nCome in and warm up",
    "v24": "Both are individual retirement accounts; the difference is when you pay tax. With a "
    "traditional IRA you may deduct contributions now, and you pay income tax when you withdraw in "
    "retirement. With a Roth IRA you contribute money that has already been taxed, and qualified "
    "withdrawals later are tax-free.\n\nA Roth often suits people who expect a higher tax rate in "
    "retirement, while a traditional IRA suits those who want the deduction today.",
    "v25": "Dear Anna,\n\nThank you for a wonderful year. Leo comes home every day full of stories "
    "about what he learned with you, and he has grown so much in confidence. We are very grateful "
    "for your patience and kindness.\n\nWith love,\nThe Nguyen family",
    "v26": "a) Quizteama Aguilera: a pun everyone will groan at.\nb) Les Quizerables: classy "
    "and dramatic.\nc) The Know-It-Ales: perfect for a pub.",
    "v27": "Summer Reading Challenge: Read, Explore and Win\n\nThis summer, every book you finish "
    "earns a stamp and a chance to win prizes. Readers of all ages are welcome. "
    "[Sign up here](https://example.org/summer) and pick up your reading log at the front desk.",
    "v28": "Morning, runners! Saturday is 10K day. Sleep well, drink water and trust your "
    "training. See you at the start line!\n#SaturdayRun #TenK",
    "v29": "Bella, big bright balloons bounce by, bringing birthday bliss!\n"
    "Be bold, be brilliant, be beautifully you!",
    "v30": "Ocean\nendless blue\nwaves crash loudly\nsalty breeze\nDeep",
    "v31": '{"title": "Fluffy Pancakes", "servings": 4, "ingredients": ["flour", "milk", "eggs", '
    '"sugar", "baking powder"]}',
    "v32": "warm bread, good company, crumb & co",
    "v33": "| Model | Price | Battery life |\n|---|---|---|\n| Kindle Paperwhite | $160 | 10 weeks |\n"
    "| Kobo Clara | $140 | 6 weeks |\n| PocketBook Verse | $110 | 4 weeks |",
    "v34": "1. Find the small reset hole on the back of the router.\n2. Leave the router plugged "
    "in and switched on.\n3. Press and hold the button with a paperclip for 10 seconds.\n"
    "4. Release it and wait for the lights to settle.\n5. Log in with the default password on "
    "the label.\n6. Set a new Wi-Fi name and password.",
}


def test_every_constraint_row_has_a_passing_answer(by_id):
    rows = [r for r in by_id.values() if r["kind"] == "constraints"]
    assert set(ANSWERS) == {r["id"] for r in rows}
    scorer = S.GenericScorer()
    failed = {rid: scorer.score(by_id[rid], text)["failed"] for rid, text in ANSWERS.items()}
    assert {rid: f for rid, f in failed.items() if f} == {}


def test_partial_counts_the_checks_met(by_id):
    got = S.GenericScorer().score(by_id["v08"], ANSWERS["v08"].replace("I am writing", "I'm writing"))
    assert got["score"] == 0.0 and got["partial"] == round(2 / 3, 4) and got["failed"] == ["no_contractions"]


# ------------------------------------------------------------------ each new kind: pass, fail

CASES = [  # (check, an answer meeting it, an answer missing it)
    ({"check": "line_endings", "chars": ["!"]}, "Go team!\n**We win!**", "Go team!\nWe win."),
    ({"check": "line_endings", "chars": [".", "?"]}, 'Hi there.\nHe said "ok."\nWhy?', "Hi.\nBye"),
    ({"check": "signoff", "name": "Sam Lee"}, "Thanks!\n\nBest wishes,\n*Sam Lee.*", "Thanks!\nBest, Sam"),
    ({"check": "signoff", "name": "Sam"}, "See you soon.\n- Sam", "Sam"),
    ({"check": "signoff", "name": "Sam"}, "Bye.\nWith all my love and wishes, Sam", "Sam says hi.\nBye"),
    ({"check": "first_word", "words": ["yes", "no"]}, "**No**, it is not safe.", "Well, no."),
    ({"check": "first_word", "words": ["Morning"]}, "Morning all!", "Good morning all!"),
    ({"check": "countdown", "n": 3}, "Top three:\n3. C\n2. B\n1. A\nDone.", "1. A\n2. B\n3. C"),
    ({"check": "countdown", "n": 2}, "2) B\n1) A", "3. C\n2. B\n1. A"),
    ({"check": "countdown", "n": 2}, "### 2. Sun\n**1.** Food", "2. Sun\n1.5 hours\n0. None"),
    ({"check": "paragraph_words", "min": 2, "max": 4}, "One two three.\n\nFour five.", "One two.\n\nSix"),
    ({"check": "paragraph_words", "n": 2}, "Hello there.", "Hello there, you."),
    (
        {"check": "paragraph_sentence_range", "min": 2, "max": 3},
        "A b. C d.\n\nE f. G h. I j.",
        "A b.\n\nC d. E f.",
    ),
    (
        {"check": "markdown_links", "n": 1},
        "See [the docs](https://x.org/a).",
        "See https://x.org/a or [x]().",
    ),
    ({"check": "markdown_links", "min": 2}, "[a](http://a.io) and [b](https://b.io)", "[a](http://a.io)"),
    ({"check": "hashtag_line", "n": 2}, "Great run today.\n#run #fun", "Great #run today.\n#run #fun"),
    ({"check": "hashtag_line", "n": 2}, "Loaf!\n\n#bread #home 🍞", "Loaf!\n#bread #home and more"),
    ({"check": "hashtag_line", "n": 1}, "Ok.\n#yes", "Ok.\n#yes #no"),
    ({"check": "initial_count", "letter": "s", "min": 3}, "Sam sees Sue.", "Sam sees you."),
    ({"check": "line_shape", "counts": [1, 2]}, "Snow\nfalls softly", "Snow falls\nsoftly"),
    ({"check": "line_shape", "counts": [2]}, "Hello there.", "Title\nHello there."),
    ({"check": "no_contractions"}, "It is Sam's dog. I do not know.", "It's late."),
    ({"check": "no_contractions"}, "We will see.", "We’ll see."),
    ({"check": "no_contractions"}, "Let us go.", "Let's go."),
    ({"check": "summary_first", "label": "TL;DR:"}, "**TL;DR:** yes.\nMore here.", "TL;DR: yes."),
    (
        {"check": "summary_first", "label": "TL;DR", "max_words": 3},
        "tl;dr - buy it\nWhy: ...",
        "Hi.\nTL;DR: buy it",
    ),
    (
        {"check": "summary_first", "label": "TL;DR", "max_words": 3},
        "TL;DR: buy it now\nok",
        "TL;DR: buy it now, really\nok",
    ),
    ({"check": "percent_sign", "min": 2}, "Up 40% and down 12.5 %.", "Up 40 percent and 12%."),
    ({"check": "percent_sign"}, "About 5% of us.", "About five per cent of us."),
    ({"check": "spelled_numbers", "min": 3}, "One, two, twenty-five.", "One, 2, 3."),
    (
        {"check": "item_endings", "chars": ["."]},
        "Rules:\n- No shoes.\n- Be kind.\n1. Quiet.",
        "- No shoes.\n- Be kind",
    ),
    ({"check": "item_endings", "chars": ["."]}, "- **Be kind.**", "No list here."),
    ({"check": "fenced"}, "```\n*.pyc\n```", "Here you go:\n```\n*.pyc\n```"),
    ({"check": "fenced", "lang": "bash"}, "```bash\nls -la\n```", "```sh\nls -la\n```"),
    ({"check": "fenced"}, "```python\nx = 1\n```", "```\na\n```\n```\nb\n```"),
    ({"check": "money_format", "symbol": "$", "min": 2}, "Tea $1.50, cake $2.00.", "Tea $1.50, cake $2."),
    (
        {"check": "money_format", "symbol": "$"},
        "A TV for $1,299.00",
        "A TV for $1,299.00 (about 1300 dollars)",
    ),
    ({"check": "money_format", "symbol": "£"}, "Entry £5.00", "Entry 5.00£"),
    ({"check": "title_case"}, "# Standing Up for a Month\nText.", "# Standing up for a month\nText."),
    ({"check": "title_case"}, "**Title: Why I Run**\nBecause.", "Why I Run"),
    ({"check": "lettered", "n": 3}, "Pick one:\nA) x\nB) y\nC) z\nAnswer: B", "A) x\nC) y\nB) z"),
    ({"check": "lettered", "n": 2}, "(a) x\n(b) y", "a) x\nb) y\nc) z"),
    ({"check": "lettered", "n": 2}, "Q?\n- **A)** x\n- **B)** y", "Q?\nA)x\nB) y"),
    ({"check": "sentence_per_line"}, "Turn it off.\n- Wait a minute.\nTry again!", "Turn it off. Wait.\nGo."),
    ({"check": "sentence_per_line"}, "One.\nTwo.", "Only one line."),
    ({"check": "prose"}, "Plain text.\n\nMore plain text.", "Intro:\n- a bullet"),
    ({"check": "prose"}, "Also plain.", "## Heading\nText"),
    ({"check": "prose"}, "It costs 5. Cheap.", "1. First\n2. Second"),
    ({"check": "line_chars", "max": 10}, "Short one\nTwo", "This line is too long"),
]


@pytest.mark.parametrize("c, good, bad", CASES)
def test_each_new_kind_on_a_passing_and_a_failing_answer(c, good, bad):
    assert S.check(c, good) is True
    assert S.check(c, bad) is False
    assert S.check(c, "") is False and S.check(c, "   \n ") is False


def test_every_new_kind_has_cases():
    assert {c["check"] for c, _, _ in CASES} == set(TEST4_CHECKS)


BAD = [
    {"check": "line_endings"},
    {"check": "line_endings", "chars": ["ab"]},
    {"check": "line_endings", "chars": ["x"]},
    {"check": "line_endings", "chars": "!"},
    {"check": "signoff", "name": "  "},
    {"check": "signoff", "name": "--"},
    {"check": "signoff", "name": "Sam", "max": 3},
    {"check": "first_word", "words": ["good morning"]},
    {"check": "first_word", "words": []},
    {"check": "countdown"},
    {"check": "countdown", "n": 0},
    {"check": "countdown", "n": True},
    {"check": "paragraph_words"},
    {"check": "paragraph_words", "min": 5, "max": 2},
    {"check": "paragraph_words", "n": 2, "max": 4},
    {"check": "paragraph_sentence_range", "min": -1},
    {"check": "markdown_links", "n": "2"},
    {"check": "hashtag_line", "n": 0},
    {"check": "initial_count", "letter": "st", "min": 2},
    {"check": "initial_count", "letter": "3", "min": 2},
    {"check": "initial_count", "letter": "s"},
    {"check": "line_shape"},
    {"check": "line_shape", "counts": []},
    {"check": "line_shape", "counts": [3, 0]},
    {"check": "line_shape", "counts": [3, "5"]},
    {"check": "line_shape", "counts": [3, 5], "n": 2},
    {"check": "no_contractions", "words": ["it's"]},
    {"check": "summary_first"},
    {"check": "summary_first", "label": ":"},
    {"check": "summary_first", "label": "TL;DR", "max_words": 0},
    {"check": "percent_sign", "min": 0},
    {"check": "spelled_numbers"},
    {"check": "item_endings", "chars": ["1"]},
    {"check": "fenced", "lang": ""},
    {"check": "money_format", "symbol": "USD"},
    {"check": "money_format", "symbol": "$", "min": 0},
    {"check": "title_case", "max_words": 5},
    {"check": "lettered", "n": 27},
    {"check": "lettered"},
    {"check": "sentence_per_line", "n": 1},
    {"check": "prose", "strict": True},
    {"check": "line_chars"},
    {"check": "line_chars", "max": 0},
]


@pytest.mark.parametrize("c", BAD, ids=[f"{c['check']}-{i}" for i, c in enumerate(BAD)])
def test_bad_parameters_are_refused_whatever_the_answer(c):
    for text in ("", "Some answer.\nWith lines! #tag $1.00 50%"):
        with pytest.raises(S.BadCheck):
            S.check(c, text)
    with pytest.raises(S.BadCheck):
        S.GenericScorer().score({"id": "x", "kind": "constraints", "checks": [c]}, "An answer.")


def test_every_new_kind_has_a_bad_parameter_case():
    assert {c["check"] for c in BAD} == set(TEST4_CHECKS)


# ------------------------------------------------------------------ function rows


def test_function_rows_shapes(by_id):
    rows = functions(by_id)
    for r in rows:
        n, shown = len(r["tests"]), r["shown"]
        assert 8 <= n <= 12, r["id"]
        assert len(set(shown)) == len(shown) <= 3 and all(0 <= i < n for i in shown), r["id"]
        assert len(S.hidden_tests(r)) == n - len(shown) >= 6, r["id"]
        for i, t in enumerate(r["tests"]):  # a shown case is in the request, a hidden one is not
            assert shown_in_request(r, t["args"]) == (i in shown), (r["id"], i)
    styles = Counter(style(r) for r in rows)
    assert styles == {"doctest": 5, "==": 3, "->": 3, "input/output": 3, "assert": 3, "prose": 3}


def test_every_reference_passes_its_hidden_tests(by_id):
    scorer = S.GenericScorer()
    for r in functions(by_id):
        got = scorer.score(r, fenced(r["reference"]))
        assert got["score"] == 1.0 and got["tests_passed"] == 1.0, (r["id"], got)


def test_the_shown_examples_never_count(by_id):
    """An answer wrong on exactly the shown examples still scores 1; wrong on one hidden test, 0."""
    assert_shown_examples_never_count(by_id)


# ------------------------------------------------------------------ everyday rows


def test_everyday_rows_match_a_right_answer_only(by_id):
    right = {
        "v55": ("There are 86,400 seconds in a day.", "There are 3,600 seconds in an hour."),
        "v56": ("You land at 6:15 the next morning.", "You land at 5:15."),
        "v57": ("A 15% tip on $48 is $7.20.", "About $7."),
        "v58": ("Ten days after a Wednesday is a Saturday.", "It will be a Friday."),
        "v59": ("You need 750 g.", "You need 700 g."),
        "v60": ("3 × 8 + 2 × 6 = 36 legs.", "They have 30 legs."),
    }
    rows = [r for r in by_id.values() if r["kind"] == "everyday"]
    assert {r["id"] for r in rows} == set(right)
    scorer = S.GenericScorer()
    for rid, (good, bad) in right.items():
        assert scorer.score(by_id[rid], good)["score"] == 1.0, rid
        assert scorer.score(by_id[rid], bad)["score"] == 0.0, rid


# ------------------------------------------------------------------ the generator


def _before_test5(task):
    """data.jsonl as it was before the test5 to test18 rows were appended after test4's."""
    later = (
        '"split": "test5"',
        '"split": "test6"',
        '"split": "test7"',
        '"split": "test8"',
        '"split": "test9"',
        '"split": "test10"',
        '"split": "test11"',
        '"split": "test12"',
        '"split": "test13"',
        '"split": "test14"',
        '"split": "test15"',
        '"split": "test16"',
        '"split": "test17"',
        '"split": "test18"',
    )
    return "".join(
        ln for ln in task.data_path.read_text().splitlines(True) if not any(s in ln for s in later)
    )


def test_data_jsonl_ends_with_the_generators_test4_rows(task):
    text = _before_test5(task)
    assert text.endswith(generic_test4.render())
    tail = text.splitlines()[-60:]
    assert [json.loads(ln)["split"] for ln in tail] == ["test4"] * 60


def test_the_generator_keeps_every_other_line(task, tmp_path):
    data = tmp_path / "data.jsonl"
    original = _before_test5(task)
    older = original[: len(original) - len(generic_test4.render())]
    data.write_text(older + '{"id": "v99", "kind": "everyday", "split": "test4"}\n')
    generic_rows.rewrite(data, generic_test4.SPLIT, generic_test4.render())
    assert data.read_text() == original
