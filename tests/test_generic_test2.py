"""The generic task's test2 rows (t01-t60, written blind to the observers on 2026-12-05) and the
scorer parts written for them: the new constraint kinds (each on a passing and a failing answer,
and refusing bad parameters), `partial` for constraint rows, hidden-only function tests (the
shown examples never count), a hand-written answer meeting every constraint row, and every
reference passing its hidden tests (no engine)."""

import math
from collections import Counter

import pytest

from selfrefine.tasks import registry
from selfrefine.tasks.generic import scorer as S
from selfrefine.tasks.tools import generic_test2

OLD_KINDS = {
    "words", "sentences", "paragraphs", "lines", "each_line_starts", "paragraph_starts", "questions",
    "last_word", "chars", "bullets", "numbered", "include", "exclude", "exclude_chars", "uppercase",
    "lowercase", "json", "sections", "starts_with", "ends_with", "ends_with_question",
}  # fmt: skip


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:test2")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows()}


# ------------------------------------------------------------------ the rows


def test_the_test2_rows(task):
    rows = task.rows()
    assert [r["id"] for r in rows] == [f"t{i:02d}" for i in range(1, 61)]
    assert {r["split"] for r in rows} == {"test2"}
    assert Counter(r["kind"] for r in rows) == {"constraints": 36, "function": 16, "everyday": 8}
    assert rows == generic_test2.rows()
    every = registry.load("generic:all").rows()
    assert len({r["request"] for r in every}) == len(every)  # no request repeats an older one


def test_constraint_rows_use_the_new_kinds():
    assert len(S.NEW_CHECKS) >= 10 and not set(S.NEW_CHECKS) & OLD_KINDS
    rows = [r for r in generic_test2.rows() if r["kind"] == "constraints"]
    assert all(1 <= len(r["checks"]) <= 3 for r in rows)
    used = [{c["check"] for c in r["checks"]} for r in rows]
    assert all(u <= OLD_KINDS | set(S.NEW_CHECKS) for u in used)
    new = [u for u in used if u & set(S.NEW_CHECKS)]
    assert len(new) >= len(rows) / 2 and len(rows) - len(new) <= len(rows) / 2  # 28 and 8
    assert set().union(*used) >= set(S.NEW_CHECKS)  # every new kind has a row


def _call(row, t):
    return f"{row['entry']}({', '.join(repr(a) for a in t['args'])})"


def test_function_rows_show_only_their_shown_tests():
    rows = [r for r in generic_test2.rows() if r["kind"] == "function"]
    styles = Counter()
    for r in rows:
        shown = r["shown"]
        assert len(r["tests"]) >= 6 and len(S.hidden_tests(r)) >= 6, r["id"]
        assert len(set(shown)) == len(shown) and all(0 <= i < len(r["tests"]) for i in shown), r["id"]
        for i, t in enumerate(r["tests"]):
            assert (_call(r, t) in r["request"]) == (i in shown), (r["id"], i)
        req = r["request"]
        style = (
            "prose" if not shown
            else "doctest" if ">>>" in req and "```python" in req
            else "assert" if "\nassert " in req
            else "input-output" if "\nInput: " in req
            else "equals" if ") == " in req
            else "?"
        )  # fmt: skip
        styles[style] += 1
    assert (
        set(styles) == {"prose", "doctest", "assert", "input-output", "equals"} and min(styles.values()) >= 3
    )


def test_everyday_rows_have_an_answer():
    for r in generic_test2.rows():
        if r["kind"] == "everyday":
            assert r["answer"].get("any") or "number" in r["answer"]


# ------------------------------------------------------------------ the new check kinds

# kind: (its parameters, an answer meeting it, an answer failing it)
NEW_KIND_CASES = {
    "capitalized_lines": ({}, "Apples\n- Bread\n2. **Cheese**", "Apples\nbread"),
    "line_words": ({"max": 5}, "one two three\nfour five six seven eight", "one two three four five six"),
    "no_digits": ({}, "Steep it for three minutes.", "Steep it for 3 minutes."),
    "word_times": (
        {"word": "plants", "n": 2},
        "Plants, plants and a plant.",
        "My plants, your plants, our plants.",
    ),
    "title": ({}, "## Rainy Days\n\nStay in and read.", "Rain is great. I love it.\nMore text."),
    "paragraph_sentences": ({"max": 2}, "One. Two.\n\nThree. Four.", "One. Two.\n\nThree. Four. Five."),
    "no_repeats": ({}, "Quiet snowy pines.", "The cat saw the dog."),
    "first_sentence_includes": (
        {"word": "budget"},
        "What is my budget? Do I need a car?",
        "What car do I want? What is my budget?",
    ),
    "keywords": (
        {"words": ["yoga", "treadmill", "hydration"], "min": 2},
        "Yoga and hydration.",
        "Yoga, yoga, yoga.",
    ),
    "all_questions": (
        {},
        "1. Is it safe?\n2. Is it fast? Or cheap?",
        "Here are some questions:\nIs it safe?",
    ),
    "acrostic": (
        {"word": "LUCY"},
        "For Lucy:\nLovely\nUnique\nCurious\nYoung",
        "Lovely\nUnique\nKind\nYoung",
    ),
    "sentence_words": (
        {"max": 5},
        "Short one here.\nAnother short one!",
        "This sentence has far too many words in it.",
    ),
    "hashtags": ({"n": 3}, "# Heading\nGreat bread! #a #b #c", "Great bread! #a #b"),
    "placeholders": (
        {"min": 3},
        "[Name], see you at [Time] on [Date].",
        "[Name] and [Name], see [site](http://x) [Date].",
    ),
    "same_initial": (
        {"letter": "s"},
        "Sally sells seven silly socks.",
        "Sally sells seashells by the shore.",
    ),
}

BAD_PARAMS = {
    "capitalized_lines": {"extra": 1},
    "line_words": {"max": "5"},
    "no_digits": {"n": 1},
    "word_times": {"word": "x"},
    "title": {"max_words": 0},
    "paragraph_sentences": {"max": -1},
    "no_repeats": {"ignore": "the"},
    "first_sentence_includes": {"word": " "},
    "keywords": {"words": ["a", "A"], "min": 2},
    "all_questions": {"strict": True},
    "acrostic": {"word": "A1"},
    "sentence_words": {"max": 1.5},
    "hashtags": {},
    "placeholders": {"min": 0},
    "same_initial": {"letter": "ab"},
}


def test_every_new_kind_has_cases():
    assert set(NEW_KIND_CASES) == set(BAD_PARAMS) == set(S.NEW_CHECKS)


@pytest.mark.parametrize("kind", sorted(NEW_KIND_CASES))
def test_a_new_kind_passes_and_fails_and_refuses_bad_parameters(kind):
    params, good, bad = NEW_KIND_CASES[kind]
    c = {"check": kind, **params}
    assert S.check(c, good) is True
    assert S.check(c, bad) is False
    for garbage in ("", "\n\n", "\x00\ud800", "[" * 500):
        assert S.check(c, garbage) in (True, False)
    with pytest.raises(S.BadCheck, match=kind):
        S.check({"check": kind, **BAD_PARAMS[kind]}, good)
    # a row with bad parameters raises from the scorer too (a data bug, not a failed constraint)
    row = {"id": "x", "kind": "constraints", "checks": [{"check": kind, **BAD_PARAMS[kind]}]}
    with pytest.raises(ValueError, match=kind):
        S.GenericScorer().score(row, good)
    # no answer with no word meets a new kind (an empty answer never passes)
    assert S.check(c, "") is False or kind == "placeholders"


def test_new_kinds_edge_cases():
    assert S.check({"check": "hashtags", "min": 1, "max": 2}, "Buns! #a") is True
    assert S.check({"check": "hashtags", "min": 1, "max": 2}, "Buns! #a #b #c") is False
    assert S.check({"check": "hashtags", "max": 2}, "") is False  # no word: not an answer
    with pytest.raises(S.BadCheck):
        S.check({"check": "hashtags", "n": 1, "max": 2}, "x")
    assert S.check({"check": "no_repeats", "ignore": ["the"]}, "The cat saw the dog.") is True
    assert S.check({"check": "title"}, "Title: Rainy Days\nStay in.") is True
    assert S.check({"check": "title"}, "Just one line") is False  # a title needs something below it
    assert S.check({"check": "title"}, "- A bullet\n- Another") is False
    assert S.check({"check": "title", "max_words": 3}, "A Much Longer Title Here\nText.") is False
    assert S.check({"check": "acrostic", "word": "MAY"}, "mild\nawake\nyes") is True  # any case
    assert S.check({"check": "word_times", "word": "leak-proof", "n": 1}, "Leak-proof, light.") is True
    with pytest.raises(S.BadCheck, match="unknown check"):
        S.check({"check": "nope"}, "x")


# ------------------------------------------------------------------ partial


def test_constraint_scores_carry_partial(task, by_id):
    # t21: keywords, at most 3 sentences a paragraph, under 150 words; this one has the words
    # and short paragraphs but 160 words
    long = "A toast to laughter and adventure. " + " ".join(["cheers"] * 155) + "."
    s = task.scorer.score(by_id["t21"], long)
    assert (
        s["score"] == 0.0
        and s["partial"] == round(2 / 3, 4) == s["constraints_met"]
        and s["failed"] == ["words"]
    )
    s = task.scorer.score(by_id["t21"], "")  # an empty answer is "under 150 words" only
    assert s["score"] == 0.0 and s["partial"] == round(1 / 3, 4)
    assert s["failed"] == ["keywords", "paragraph_sentences"]
    old = registry.load("generic:all").rows()[0]  # c01: one check; score keeps its meaning
    assert (
        task.scorer.score(old, "A beam.")["score"] == 1.0
        and task.scorer.score(old, "A beam.")["partial"] == 1.0
    )


# ------------------------------------------------------------------ hand-written answers

HAND = {
    "t01": "Sandwiches\nFresh strawberries\nLemonade\nCheese and crackers\nA picnic blanket\nNapkins",
    "t02": (
        "Sunshine in a cup!\nFresh squeezed, ice cold, made today\nWhen life gives lemons, stop here\n"
        "Sip, smile, repeat\nThe sweetest stand on the street"
    ),
    "t03": (
        "Boil fresh water, then pour it over one tea bag in a warm mug. Let it steep for three to five "
        "minutes, remove the bag, and add milk or sugar if you like."
    ),
    "t04": (
        "Dear Sam,\n\nThank you so much for watering my plants while I was away. They look happier than "
        "ever, and it was lovely to come home to green plants instead of dry leaves. I owe you a "
        "coffee!\n\nBest wishes,\nAnna"
    ),
    "t05": (
        "Five Cozy Things to Do When It Rains\n\nRainy days are perfect for slowing down. Put the kettle "
        "on and pick a book you have been saving.\n\nIf you feel creative, try baking bread or painting. "
        "A board game with family works too. Whatever you choose, enjoy the sound of the rain."
    ),
    "t06": (
        "Sunlight looks white, but it is really made of many colors mixed together. When it enters the "
        "air, it bumps into tiny gas molecules.\n\nThose molecules scatter blue light much more than red "
        "light. So blue light bounces all over the sky, and that is the color we see."
    ),
    "t07": "Warm fire, soft blankets, snowy pines.",
    "t08": (
        "Meet the bottle that goes everywhere you do: leak-proof, lightweight and built to last. It "
        "keeps drinks cold for 24 hours. The wide mouth makes cleaning easy. Skip the plastic and "
        "refill all day."
    ),
    "t09": (
        "Winter makes it tempting to stay on the couch, but a little movement goes a long way. Our "
        "treadmill area is open early, yoga classes run every evening, and a few minutes of stretching "
        "before you leave the house helps your body handle the cold."
    ),
    "t10": (
        "1. How is my son doing in reading and math?\n2. Does he take part in class discussions?\n"
        "3. How does he get along with his classmates?\n4. Is there anything we can practice at home?\n"
        "5. What is the best way to contact you during the year?"
    ),
    "t11": (
        "Sunshine spills across the sand\nUnder skies of endless blue\nMelting ice cream in my hand\n"
        "Morning swims, the water new\nEvenings long and warm and bright\nRed sun sinking out of sight"
    ),
    "t12": (
        "- Research the company before you go.\n- Arrive ten minutes early.\n"
        "- Prepare two questions to ask them.\n- Follow up with a thank-you email."
    ),
    "t13": (
        "After three failed tries, my first sourdough loaf finally rose! Crispy crust, soft crumb, and "
        "a kitchen that smells amazing. #sourdough #homebaking #breadlove"
    ),
    "t14": (
        "Subject: Inquiry about [Apartment Address]\n\nHello [Landlord Name],\n\nI saw your listing for "
        "the apartment at [Apartment Address] and wanted to ask if it is still available. I am hoping "
        "to move in around [Move-in Date]. Could we arrange a viewing?\n\nThank you,\n[Your Name]\n"
        "[Phone Number]"
    ),
    "t15": "Sally sells silly socks so Sam sings softly.",
    "t16": "Steam curls from my favorite mug\nBitter, warm, and wide awake\nThe whole day starts right here",
    "t17": (
        "Tent and two sleeping bags\nCamping stove with a spare gas can\nThree days of food\n"
        "Water filter\nFlashlight and extra batteries\nWarm jacket"
    ),
    "t18": (
        "My perfect Sunday morning starts late, with sunlight on the bed and nowhere to be. I make a big "
        "mug of coffee, put on a record, and read the paper by the window while the house is still "
        "quiet."
    ),
    "t19": (
        "Review: Tony's Corner Slice\n\nTony's is a tiny place with six tables and a big oven. The crust "
        "is thin and crisp, the sauce tastes of fresh tomatoes, and the toppings are generous. The "
        "margherita was my favorite. Service was friendly, though it gets busy on Friday nights. Four "
        "stars out of five."
    ),
    "t20": (
        "What is my total budget, including insurance and fuel?\nDo I need a new car, or would a used "
        "one do?\nHow many seats and how much space do I really need?\nWhere will I park it every day?"
    ),
    "t21": (
        "Good evening, everyone. I have known Maya since we were six, and every adventure I remember "
        "has her in it.\n\nShe taught me that laughter fixes almost anything. Tonight I see her with "
        "Ben, and I know she has found her home.\n\nPlease raise your glasses to Maya and Ben!"
    ),
    "t22": (
        "Lovely smile that lights the room\nUnstoppable when you dream\nCurious about everything\n"
        "You make every day brighter"
    ),
    "t23": (
        "Big news: our bakery now sells cinnamon rolls! Fresh from the oven every morning, soft, gooey "
        "and topped with cream cheese icing. Come grab one before they're gone. #CinnamonRolls "
        "#FreshBaked"
    ),
    "t24": (
        "Hi team,\n\nOur monthly lunch is on [Date] at [Time]. This month we are going to [Restaurant]. "
        "Please reply by [RSVP Date] so I can book a table.\n\nSee you there,\n[Your Name]"
    ),
    "t25": "Crisp golden leaves drift down while cool winds hum through bare branches.",
    "t26": (
        "Hi all!\nFriendly reminder: the trash goes out on Thursday nights.\n"
        "Please take the bins to the curb before bed.\nThanks!"
    ),
    "t27": (
        "The first bicycles of the early nineteenth century had no pedals; riders pushed along with "
        "their feet. Pedals were later fixed to the front wheel, which grew huge on the "
        "penny-farthing. The safety bicycle brought a chain drive to the rear wheel, and air-filled "
        "tyres made every wheel far more comfortable."
    ),
    "t28": (
        "Team, we trained through rain, heat, and early mornings.\nToday we run for every one of those "
        "miles.\nStart steady, stay together, finish strong.\nSee you at the finish line!"
    ),
    "t29": "- Beach towel\n- Sunglasses\n- Water bottle\n- Snacks\n- A good book\n- Flip-flops",
    "t30": (
        "compound interest means you earn interest on your interest. each year, the interest you "
        "earned is added to your balance, so next year you earn interest on a bigger amount. over time "
        "your money grows faster and faster."
    ),
    "t31": "1. Ticket to Ride\n2. Carcassonne\n3. Sushi Go!\n\nHave fun and enjoy!",
    "t32": (
        '{"name": "Fluffy Pancakes", "ingredients": ["flour", "milk", "eggs", "sugar", "baking powder", '
        '"butter"], "minutes": 20}'
    ),
    "t33": (
        "Dogs are loyal, playful and always happy to see you come home. They get you outside for walks "
        "and can even lower stress.\n\nHowever, they need time, training and attention every day, so "
        "they suit people who can give them that."
    ),
    "t34": (
        "Hey Jess, I'm so sorry I missed your birthday party last night. Work ran late and I completely "
        "lost track of time. Let me take you out for cake this week to make it up to you?"
    ),
    "t35": (
        "Monday\nUpper body: push-ups, rows and shoulder presses, three sets each.\n\nWednesday\nLegs: "
        "squats, lunges and calf raises.\n\nFriday\nA brisk 30-minute run followed by stretching."
    ),
    "t36": (
        "There once was a cat named Louise\nWho dreamed every night about cheese\nShe would sneak to the "
        "shelf\nAnd help her sweet self\nTo a cheese plate as big as she please"
    ),
}


def test_every_constraint_row_has_a_hand_answer(by_id):
    assert set(HAND) == {rid for rid, r in by_id.items() if r["kind"] == "constraints"}


@pytest.mark.parametrize("rid", sorted(HAND))
def test_a_hand_written_answer_meets_every_constraint(task, by_id, rid):
    s = task.scorer.score(by_id[rid], HAND[rid])
    assert s["score"] == 1.0 and s["partial"] == 1.0 and s["failed"] == [], (rid, s)


def test_a_garbage_answer_meets_no_new_kind_row_fully(task, by_id):
    for r in by_id.values():
        if r["kind"] == "constraints":
            for g in ("", "x" * 10_000, "\x00\ud800", "[" * 5000 + "]" * 5000):
                s = task.scorer.score(r, g)
                assert s["score"] in (0.0, 1.0) and 0.0 <= s["partial"] <= 1.0


# ------------------------------------------------------------------ everyday

EVERYDAY = {
    "t53": ("A leap year has 366 days.", "A leap year has 365 days."),
    "t54": ("3 × $2.40 = $7.20", "That comes to $7.40."),
    "t55": ("Jupiter is the largest planet.", "Saturn is the largest."),
    "t56": ("You land at 17:25.", "You land at 16:25."),
    "t57": ("2.5 kg is 2,500 grams.", "2.5 kg is 250 grams."),
    "t58": ("Plants take in carbon dioxide (CO2).", "Plants take in oxygen."),
    "t59": ("You need 450 g of lentils.", "You need 400 g."),
    "t60": ("An octagon has eight sides.", "An octagon has six sides."),
}


def test_everyday_rows_match(task, by_id):
    assert set(EVERYDAY) == {rid for rid, r in by_id.items() if r["kind"] == "everyday"}
    for rid, (good, bad) in EVERYDAY.items():
        assert task.scorer.score(by_id[rid], good)["score"] == 1.0, rid
        assert task.scorer.score(by_id[rid], bad)["score"] == 0.0, rid


# ------------------------------------------------------------------ function rows: hidden tests only


def test_hidden_tests_leave_out_the_shown_ones(by_id):
    r = by_id["t43"]
    assert S.hidden_tests(r) == r["tests"][2:]
    assert S.hidden_tests({k: v for k, v in r.items() if k != "shown"}) == r["tests"]  # older rows
    for bad in ([0, 99], "0", [True], list(range(len(r["tests"])))):
        with pytest.raises(ValueError, match="t43"):
            S.hidden_tests({**r, "shown": bad})


@pytest.mark.sandbox
def test_every_test2_reference_passes_its_hidden_tests(task):
    for r in task.rows():
        if r["kind"] == "function":
            s = task.scorer.score(r, f"Here you go:\n\n```python\n{r['reference']}```\n")
            assert s == {"score": 1.0, "kind": "function", "tests_passed": 1.0, "score_function": 1.0}, r[
                "id"
            ]


@pytest.mark.sandbox
def test_shown_examples_never_count(task, by_id):
    row = by_id["t43"]  # seconds_to_hms, shows 3661 and 59
    head = "def seconds_to_hms(n):\n"
    wrong_on_shown = row["reference"].replace(head, head + "    if n in (3661, 59):\n        return 'x'\n")
    assert wrong_on_shown != row["reference"]
    assert task.scorer.score(row, wrong_on_shown)["score"] == 1.0
    only_shown = "def seconds_to_hms(n):\n    return {3661: '1:01:01', 59: '0:00:59'}.get(n, '')\n"
    s = task.scorer.score(row, only_shown)
    assert s["score"] == 0.0 and s["tests_passed"] == 0.0  # none of the 6 hidden tests


@pytest.mark.sandbox
def test_tests_passed_is_the_share_of_hidden_tests(task, by_id):
    row = by_id[
        "t52"
    ]  # days_in_month, nothing shown, 9 tests; a plain every-4-years rule misses 1900 and 2100
    naive = row["reference"].replace("(year % 100 != 0 or year % 400 == 0)", "True")
    assert naive != row["reference"]
    s = task.scorer.score(row, naive)
    assert s["score"] == 0.0 and math.isclose(s["tests_passed"], round(7 / 9, 4))
    row = by_id["t37"]  # title_case, 2 of 9 shown: failing one hidden test is 6 of 7
    almost = row["reference"].replace("'on'}", "'on', 'with'}")  # "Gone With the Wind" breaks
    assert almost != row["reference"]
    s = task.scorer.score(row, almost)
    assert s["score"] == 0.0 and s["tests_passed"] == round(6 / 7, 4)
