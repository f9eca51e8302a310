"""The generic task's test5 rows (w01-w60, written blind to the observers on 2026-12-06) and the
scorer parts written for them: the check kinds of TEST5_CHECKS (each on passing and failing
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
from selfrefine.tasks.tools import generic_rows, generic_test5
from tests.generic_split import (
    assert_references_pass,
    assert_row_shape,
    assert_shown_examples_never_count,
    functions,
    style,
)

# kinds with a table before test5 (the older ones are inline in scorer.check)
BEFORE = set(S.NEW_CHECKS) | set(TEST3_CHECKS) | set(TEST4_CHECKS)
INLINE = {
    "words", "sentences", "paragraphs", "lines", "each_line_starts", "paragraph_starts", "questions",
    "last_word", "chars", "bullets", "numbered", "include", "exclude", "exclude_chars", "uppercase",
    "lowercase", "json", "sections", "starts_with", "ends_with", "ends_with_question",
}  # fmt: skip


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:test5")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows()}


# ------------------------------------------------------------------ the rows


def test_the_test5_rows(task):
    rows = task.rows()
    assert [r["id"] for r in rows] == [f"w{i:02d}" for i in range(1, 61)]
    assert {r["split"] for r in rows} == {"test5"}
    assert Counter(r["kind"] for r in rows) == {"constraints": 32, "function": 22, "everyday": 6}
    assert rows == json.loads(json.dumps(generic_test5.rows()))
    every = registry.load("generic:all").rows()
    assert len({r["request"] for r in every}) == len(every)  # no request repeats an older one
    assert len({r["id"] for r in every}) == len(every)
    # test6 to test18 (tests/test_generic_test6.py ... _test18.py) follow test5 at the end of the file
    later = registry.load("generic:test6").rows() + registry.load("generic:test7").rows()
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
    assert every[-840:-780] == rows and every[-780:] == later


def test_constraint_rows_use_the_new_kinds(task):
    rows = [r for r in task.rows() if r["kind"] == "constraints"]
    assert all(1 <= len(r["checks"]) <= 3 for r in rows)
    uses = Counter(c["check"] for r in rows for c in r["checks"] if c["check"] in TEST5_CHECKS)
    assert set(uses) == set(TEST5_CHECKS) and all(1 <= n <= 3 for n in uses.values()), uses
    assert sum(any(c["check"] in TEST5_CHECKS for c in r["checks"]) for r in rows) == 28
    assert not set(TEST5_CHECKS) & (BEFORE | INLINE)  # new names, none shadowing an older kind
    for r in rows:
        S.GenericScorer().score(r, "")  # every kind known, every parameter valid


def test_the_inline_kinds_are_the_scorers():
    for kind in INLINE:  # each is known: a check with no parameters fails or raises KeyError only
        try:
            S.check({"check": kind}, "x")
        except KeyError:
            pass
    with pytest.raises(S.BadCheck):
        S.check({"check": "no_such_kind"}, "x")


# ------------------------------------------------------------------ an answer meeting each row

ANSWERS = {
    "w01": "Hi Ms. Alvarez,\n\nThe heater in the bedroom has stopped working again. It ran fine for about "
    "a week after the last repair, but since Sunday night it only blows cold air.\n\nCould someone come "
    "and take a look at it this week? I am home most afternoons, and I can leave a key at the front "
    "desk if that is easier.\n\nThank you,\nJordan",
    "w02": "This handmade ceramic mug holds a generous 12 ounces of coffee or tea. Its speckled blue glaze "
    "makes every piece a little different from the next. The thick walls keep drinks warm for longer. "
    "The handle is wide enough for a relaxed grip. It is fully dishwasher safe, so cleanup takes no effort.",
    "w03": "Dana Whitfield founded the Tucson Community Seed Library eight years ago and has helped "
    "hundreds of local growers find seeds suited to the desert. She teaches workshops on dry-climate "
    "vegetable growing, with a focus on water-wise beds and heat-tolerant varieties. Her talk shares "
    "what the seed library has learned from many Sonoran summers.",
    "w04": "Proposal: let's move to two-week sprints. Right now we spend about 3 hours every week on "
    "planning and review, which is 12 hours a month. With two-week sprints that drops to roughly 7 "
    "hours. Our last 8 sprints also carried over 40% of their tickets, because one week is too short "
    "for most of our stories. Longer sprints give us room to finish work instead of splitting it.",
    "w05": "1. Mia has 12 stickers. She gives 5 to her brother. How many stickers does she have left?\n"
    "2. There are 9 birds on a fence. 4 fly away. How many birds are still on the fence?\n"
    "3. Leo baked 15 cookies and ate 3. How many cookies are left?\n"
    "4. A box holds 20 crayons. 7 are broken. How many crayons are not broken?\n"
    "5. Sam had 10 balloons. 6 popped. How many balloons does Sam have now?",
    "w06": "Every runner who reaches a finish line started with a single slow mile. Training for your "
    "first half marathon is not about speed; it is about showing up, week after week, even when the "
    "weather or your legs protest. Trust the plan, rest when you need it, and celebrate the small wins. "
    "On race day, remember every early morning that brought you here, and run proudly to the finish.",
    "w07": "Both are retirement accounts with tax perks; the difference is when you pay the tax.\n\n"
    "With a **traditional** IRA, contributions may be tax-deductible now, the money grows "
    "tax-deferred, and you pay income tax when you withdraw it in retirement.\n\n"
    "With a **Roth** IRA, you contribute money you have already paid tax on, and qualified "
    "withdrawals in retirement are tax-free.\n\nRule of thumb: if you expect a higher tax bracket "
    "later, a Roth often makes sense early in your career.",
    "w08": "Did you get a vaccine? Watch for side effects. These include fever, swelling where you got "
    "the shot, or feeling very tired. If this happens, call your doctor or nurse soon.",
    "w09": "- **Frame:** Look for cracks, dents or rust, especially around the welds.\n"
    "- Fit: Make sure the frame size matches your height and reach.\n"
    "- Drivetrain wear: Check the chain stretch and the teeth on the cassette.\n"
    "- **Brakes**: Squeeze both levers and confirm the bike stops firmly.\n"
    "- Wheels: Spin them and watch for wobbles or loose spokes.",
    "w10": "Packing checklist:\n\n"
    + "\n".join(
        f"- [ ] {x}"
        for x in (
            "Order boxes and tape",
            "Label a box for each room",
            "Pack books",
            "Pack winter clothes",
            "Wrap dishes in towels",
            "Empty the fridge",
            "Defrost the freezer",
            "Pack a night bag",
            "Photograph the TV cables",
            "Take down curtains",
            "Collect spare keys",
            "Confirm the movers",
        )
    ),  # fmt: skip
    "w11": "- Day 1: Lower body\n  - Goblet squats, 3 x 10\n  - Romanian deadlifts, 3 x 10\n"
    "- Day 2: Upper body\n  - Push-ups, 3 x 8\n  - Dumbbell rows, 3 x 10\n"
    "- Day 3: Full body\n  - Lunges, 3 x 8 per leg\n  - Overhead press, 3 x 10\n  - Plank, 3 x 30 seconds",
    "w12": "Hi [NAME], this is a reminder of your dental appointment tomorrow at [TIME]. Reply C to "
    "confirm or call us to reschedule. - Bright Smile Dental",
    "w13": "My cat sat on the kitchen table,\nStaring at my cup of tea.\nShe gave a push, as she was able,\n"
    "And looked straight back at me.\n\nNot the mug again!\n\n"
    "The salt went first, the pepper after,\nThe spoon went clattering down.\n"
    "She watched it fall with silent laughter,\nThe proudest cat in town.\n\n"
    "Chorus: Not the mug, again!\n\n"
    "I moved my things up to the shelf,\nI thought I'd won the day.\n"
    "She climbed up there all by herself\nAnd swatted it away.\n\n*Not the mug again!*",
    "w14": "The sky went quiet overnight,\nThe streetlights wore a crown,\nAnd every roof was softly white\n"
    "When morning wandered down.\n\nThe garden lost its muddy brown,\nThe fence posts gained a hat,\n"
    "A sparrow shook its feathers down\nAnd puffed up, round and fat.\n\n"
    "The children ran out, boots untied,\nTo shape the year's first snow,\n"
    "Their breath like ghosts on every side,\nTheir cheeks a rosy glow.\n\n"
    "By noon the footprints crossed the lawn,\nThe quiet slipped away,\nBut something of that silver dawn\n"
    "Stayed with us all the day.",
    "w15": "1. Click the network icon in the corner of your screen.\n2. Choose the Wi-Fi network named "
    "Office-Guest.\n3. Enter the password from your welcome sheet.\n4. Check that the Wi-Fi icon shows "
    "full bars.",
    "w16": "Hi Priya,\n\nThanks for checking in. We moved the launch from March 3 to March 17 because the "
    "payment integration did not pass our final testing. Orders went through, but a few card payments "
    "were charged twice in our test runs, and we are not willing to launch with that risk.\n\nThe fix is "
    "in progress, and we will run the full test suite again next week. If everything passes, March 17 "
    "stands.\n\nBest regards,\nSam",
    "w17": "Summary: The card reader at register 2 stopped accepting payments at around 2:00 pm.\n"
    "Impact: Register 2 could not take card payments for about 1 hour 40 minutes.\n"
    "**Cause:** A firmware issue on the card reader, confirmed by the vendor.\n"
    "Resolution: Two restarts did not help; the vendor's firmware fix restored service by 3:40 pm.",
    "w18": "1. Plan 5 dinners before you shop so nothing goes to waste.\n"
    "2. Set a weekly budget, for example $80, and stick to it.\n"
    "3. Tip 3: Buy store brands, which often cost 20% less.\n"
    "4. Buy rice and oats in 5 kg bags.\n"
    "5. Shop after 7 pm, when bakeries mark bread down.\n"
    "6. Limit takeout to 1 night a week.",
    "w19": "Pros:\n- You skip the commute and gain back time every day.\n"
    "- You can set up your workspace exactly how you like it.\n"
    "- Quiet hours at home make deep focus easier.\n\nCons:\n"
    "- It is easy to feel cut off from your team.\n- Work and home life can blur together.\n"
    "- Quick questions take longer to settle over chat.",
    "w20": "Run `git reset --soft HEAD~1` to undo the commit and keep its changes staged. If you want "
    "them unstaged as well, run:\n\n```bash\ngit restore --staged .\n```\n\nThe changes stay in your "
    "working tree either way.",
    "w21": "Early in my career, my first manager told me something I still repeat:\n\n"
    "> Ship it, then make it better.\n\nI used to hold work back until it felt perfect. Her advice "
    "taught me that real feedback beats imagined polish, and that shipping is how you learn what "
    "better means.\n\nWhat advice from a manager stuck with you?",
    "w22": "The five boxing wizards jump quickly.",
    "w23": "Starting June 1, the Riverside Public Library will be open on Saturdays from 9 am to 5 pm. "
    "The new hours give families, students and working readers a full day to browse, study and join "
    "weekend programs. All services, including the children's room and the computer lab, will be "
    "available.",
    "w24": "Honeybees are remarkable workers. A single colony can hold up to 60,000 bees in summer. To make "
    "1 pound of honey, the bees of a hive visit about 2 million flowers. A worker bee lives only around 6 "
    "weeks in the busy season, yet she can fly at roughly 15 miles per hour.",
    "w25": "Pip was a little green turtle. He lived by a quiet pond. Every night, the sky turned dark. Pip "
    'did not like the dark at all. One night, a firefly came to visit. "Hello," it said with a soft '
    "glow. Pip smiled a tiny smile.",
    "w26": "- **Hola** is the all-purpose hello you can use with anyone.\n"
    "- **Buenos días** is the polite greeting for the morning.\n"
    "- **Buenas noches** works as both good evening and good night.\n"
    "- **Hasta luego** is a casual see-you-later when you leave.\n"
    "- **Adiós** is a clear goodbye when you will not see someone soon.",
    "w27": "- [ ] Proofread the post in the WordPress editor\n- [ ] Add a featured image\n"
    "- [ ] Set the category and tags\n- [ ] Write a meta description\n- [ ] Check every link\n"
    "- [ ] Preview the post on mobile in WordPress\n- [ ] Schedule or publish",
    "w28": "LOST CAT\nName: Biscuit\nBreed: Grey tabby, 3 years old\nLast seen: Near Elm Park on Tuesday "
    "evening\nContact: Please call 555-0142",
    "w29": "1. Spoke Signals\n2. The Bike Lane\n3. Urban Pedal Pushers",
    "w30": "new on the menu: our oat milk honey latte. smooth, lightly sweet and dairy free. come try one "
    "today! #oatmilk",
    "w31": '```json\n{"city": "Sydney", "country": "Australia", "population": 5450000}\n```',
    "w32": "A heat pump does not make heat from nothing. It moves heat that is already in the outdoor "
    "air into your home, much like a fridge moves heat out of its box.\n\nEven cold winter air holds "
    "some heat. The heat pump runs a special fluid that boils at very low temperatures, so it can "
    "soak up that heat outside and carry it in.\n\nInside, a compressor squeezes the fluid, which "
    "makes it hotter, and a fan blows air across it to warm your rooms.",
}


def test_every_constraint_row_has_a_passing_answer(by_id):
    rows = [r for r in by_id.values() if r["kind"] == "constraints"]
    assert set(ANSWERS) == {r["id"] for r in rows}
    scorer = S.GenericScorer()
    failed = {rid: scorer.score(by_id[rid], text)["failed"] for rid, text in ANSWERS.items()}
    assert {rid: f for rid, f in failed.items() if f} == {}


def test_partial_counts_the_checks_met(by_id):
    got = S.GenericScorer().score(by_id["w23"], ANSWERS["w23"].replace("Saturdays from", "Saturdays — from"))
    assert got["score"] == 0.0 and got["partial"] == round(2 / 3, 4) and got["failed"] == ["no_dashes"]


# ------------------------------------------------------------------ each new kind: pass, fail

CASES = [  # (check, an answer meeting it, an answer missing it)
    ({"check": "no_second_person"}, "The mug holds 12 oz. Young cats love it.", "Enjoy it with your tea."),
    ({"check": "no_second_person"}, "York and youth are fine; so is Young.", "Thank you."),
    ({"check": "no_second_person"}, "Dogs bark.", "You’re welcome."),
    ({"check": "no_first_person"}, "She runs the seed library in Iowa; items, mimes.", "I run it."),
    ({"check": "no_first_person"}, "Items in the list.", "Here is what I’m doing."),
    ({"check": "no_first_person"}, "The team met.", "The team and me."),
    (
        {"check": "number_count", "min": 3},
        "1. Save 5 dollars\n2. Spend 20%\n3. Keep 1,200.50",
        "1. a\n2. b\n3. c 4",
    ),
    ({"check": "number_count", "n": 2}, "Meet at 7:30.", "Meet at 7."),
    ({"check": "number_count", "max": 1}, "Version mp3 of COVID-19.", "Version 2 and 3."),
    (
        {"check": "max_number", "max": 20},
        "1. Mia has 12 apples and eats 3.\n2. Then 20.",
        "She has 21 apples.",
    ),
    ({"check": "max_number", "max": 20}, "Add 19.5 and 0.5.", "No numbers here."),
    (
        {"check": "bookend_word", "word": "finish"},
        "Finish strong.\nAnd then you finish.",
        "Finish strong. Rest.",
    ),
    ({"check": "bookend_word", "word": "Pip"}, "Pip ran. Pip’s mom smiled.", "Pip ran."),
    (
        {"check": "bolded_words", "words": ["Roth", "traditional"]},
        "A **Roth IRA** and a __traditional__ one.",
        "A **Roth** and a traditional one.",
    ),
    (
        {"check": "bolded_words", "words": ["hasta luego"]},
        "Say **Hasta luego!** later.",
        "Say hasta **luego**.",
    ),
    (
        {"check": "avg_sentence_words", "max": 4},
        "One two three four five six. Go now.",
        "One two three four five.",
    ),
    (
        {"check": "bullet_labels", "max_words": 2},
        "Intro\n- **Frame:** cracks\n- Fit: size",
        "- Frame: ok\n- Fit it",
    ),
    (
        {"check": "bullet_labels"},
        "1. Brakes: check them\n2. Tire wear: look",
        "- A B C D E: too long a label",
    ),
    ({"check": "bullet_labels"}, "- Frame: x", "- Frame:"),
    ({"check": "checklist", "min": 2}, "- [ ] Boxes\n- [x] Tape\n[ ] Keys\n☐ Lamp", "- Boxes\n- Tape"),
    ({"check": "checklist", "n": 1}, "Todo:\n* [X] Done", "- [ ] One\n- [ ] Two"),
    (
        {"check": "nested_bullets", "min": 2, "n": 2},
        "- A\n  - a1\n  - a2\n- B\n\t* b1\n\t* b2",
        "- A\n  - a1\n  - a2\n- B\n  - b1",
    ),
    (
        {"check": "nested_bullets", "min": 1},
        "Plan:\n1. Day\n   - squats\n2. Day\n   - rows",
        "  - a\n- b\n  - c",
    ),
    ({"check": "ascii_only"}, "Hi [NAME], see you at 5 - thanks!", "Hi 😊"),
    ({"check": "ascii_only"}, "Plain 'quotes'.", "Curly ‘quotes’."),
    (
        {"check": "refrain", "text": "Not the mug again!", "n": 2},
        "Verse one.\nNOT THE MUG AGAIN\nVerse two.\n(Chorus) Not the mug, again!",
        "Verse.\nNot the mug again!\nVerse.\nOh no, not the mug again!",
    ),
    ({"check": "refrain", "text": "La la", "n": 1}, "Song\nla la", "la la"),
    ({"check": "stanzas", "lines": 2, "n": 2}, "a\nb\n\nc\nd", "a\nb\n\nc\nd\ne"),
    ({"check": "stanzas", "lines": 2}, "a\nb\n\nc\nd\n\ne\nf", "Title\n\na\nb"),
    (
        {"check": "exact_case", "word": "Wi-Fi"},
        "Join the Wi-Fi. Wi-Fi's fine; see wifi.example.com.",
        "Join the Wi-Fi, or the WiFi.",
    ),
    ({"check": "exact_case", "word": "WordPress"}, "Open WordPress.", "Open Wordpress."),
    ({"check": "exact_case", "word": "Wi-Fi"}, "Join the Wi\u2011Fi.", "Join the WI-FI."),
    ({"check": "exact_case", "word": "WordPress"}, "WordPress, WordPress.", "Open word press."),
    ({"check": "exact_case", "word": "WordPress"}, "In WordPress.", "Nothing about it."),
    ({"check": "no_markdown"}, "Hi Ana,\n\n1. First point.\n2) Second - point.\n\nBest,\nSam", "Hi **Ana**"),
    ({"check": "no_markdown"}, "Plain text.", "# Reply\nPlain text."),
    ({"check": "no_markdown"}, "Plain text.", "- one\n- two"),
    ({"check": "no_markdown"}, "Plain text.", "Run `ls`."),
    (
        {"check": "fields", "keys": ["Name", "Last seen"]},
        "LOST\nName: Biscuit\n- **Last  seen:** Elm Park",
        "Last seen: park\nName: Biscuit",
    ),
    ({"check": "fields", "keys": ["Name"]}, "Name: Bo", "Name:\nBo"),
    ({"check": "fields", "keys": ["Name"]}, "Name: Bo\nAge: 3", "Name: Bo\nName: Al"),
    (
        {"check": "items_with_numbers", "n": 2},
        "1. Tip 1: Buy 5 kg bags.\n2. Save $80.",
        "1. Tip 1: Buy bulk.\n2. Save $80.",
    ),
    ({"check": "items_with_numbers"}, "- Cut 20% of snacks", "- Cut snacks\n- Save 5"),
    ({"check": "items_with_numbers", "min": 3}, "- a 1\n- b 2\n- c 3", "- a 1\n- b 2"),
    (
        {"check": "item_sentences", "n": 1},
        "Pros:\n- Fast. \n- Cheap!\n1. **Quick:** no wait.",
        "- Fast. Cheap.",
    ),
    ({"check": "item_sentences", "max": 2}, "- One. Two.", "Just prose."),
    (
        {"check": "inline_code", "words": ["git reset", "git restore"]},
        "Use `git reset --soft HEAD~1`.\n\n```\ngit restore --staged .\n```",
        "Use git reset and `git restore`.",
    ),
    ({"check": "blockquote", "n": 1}, "Quote:\n\n> Ship it,\n> then fix it.\n\nDone.", "> One\n\n> Two"),
    ({"check": "blockquote", "min": 1}, "  > Ship it.", "Ship it."),
    ({"check": "pangram"}, "Sphinx of black quartz, judge my vow.", "Sphinx of black quartz."),
    ({"check": "no_dashes"}, "A well-known fact.\n- a bullet\n  - nested\n---\nEnd.", "Fact — known."),
    ({"check": "no_dashes"}, "Range 5-10.", "Now -- then."),
    ({"check": "no_dashes"}, "Range 5-10.", "Now - then."),
    ({"check": "no_dashes"}, "Range 5-10.", "Pages 5–10."),
]


@pytest.mark.parametrize("c, good, bad", CASES)
def test_each_new_kind_on_a_passing_and_a_failing_answer(c, good, bad):
    assert S.check(c, good) is True
    assert S.check(c, bad) is False
    assert S.check(c, "") is False and S.check(c, "   \n ") is False


def test_every_new_kind_has_cases():
    assert {c["check"] for c, _, _ in CASES} == set(TEST5_CHECKS)


BAD = [
    {"check": "no_second_person", "strict": 1},
    {"check": "no_first_person", "words": ["I"]},
    {"check": "number_count"},
    {"check": "number_count", "n": -1},
    {"check": "number_count", "min": 5, "max": 2},
    {"check": "max_number"},
    {"check": "max_number", "max": "20"},
    {"check": "bookend_word"},
    {"check": "bookend_word", "word": " "},
    {"check": "bolded_words", "words": "Roth"},
    {"check": "bolded_words", "words": []},
    {"check": "avg_sentence_words", "max": 0},
    {"check": "avg_sentence_words"},
    {"check": "bullet_labels", "max_words": 0},
    {"check": "bullet_labels", "label": "x"},
    {"check": "checklist"},
    {"check": "checklist", "min": 3, "max": 1},
    {"check": "nested_bullets"},
    {"check": "nested_bullets", "min": 0},
    {"check": "nested_bullets", "min": 2, "n": 0},
    {"check": "ascii_only", "max": 3},
    {"check": "refrain", "text": "!!!", "n": 2},
    {"check": "refrain", "text": "La"},
    {"check": "refrain", "text": "La", "n": 0},
    {"check": "stanzas"},
    {"check": "stanzas", "lines": 0},
    {"check": "stanzas", "lines": True},
    {"check": "exact_case", "word": "A"},
    {"check": "exact_case"},
    {"check": "no_markdown", "allow": ["#"]},
    {"check": "fields", "keys": ["Name", "name:"]},
    {"check": "fields", "keys": ["::"]},
    {"check": "fields", "keys": "Name"},
    {"check": "items_with_numbers", "n": 3, "min": 1},
    {"check": "items_with_numbers", "digits": 1},
    {"check": "item_sentences"},
    {"check": "inline_code", "words": [""]},
    {"check": "inline_code"},
    {"check": "blockquote"},
    {"check": "blockquote", "n": 1, "max": 2},
    {"check": "pangram", "letters": "abc"},
    {"check": "no_dashes", "allow": "-"},
]


@pytest.mark.parametrize("c", BAD, ids=[f"{c['check']}-{i}" for i, c in enumerate(BAD)])
def test_bad_parameters_are_refused_whatever_the_answer(c):
    for text in ("", "Some answer.\nWith lines! #tag $1.00 50%\n- [ ] a\n> q"):
        with pytest.raises(S.BadCheck):
            S.check(c, text)
    with pytest.raises(S.BadCheck):
        S.GenericScorer().score({"id": "x", "kind": "constraints", "checks": [c]}, "An answer.")


def test_every_new_kind_has_a_bad_parameter_case():
    assert {c["check"] for c in BAD} == set(TEST5_CHECKS)


def test_the_new_kinds_take_garbage():
    for garbage in ("\n\n", "\x00\ud800", "[" * 500, "`" * 301, "> " * 300, "-" * 400, "1. " * 400):
        for c, _, _ in CASES:
            assert S.check(c, garbage) in (True, False)


# ------------------------------------------------------------------ function rows


def test_function_rows_shapes(by_id):
    rows = functions(by_id)
    for r in rows:
        assert_row_shape(r)
    assert len({r["entry"] for r in rows}) == len(rows)
    styles = Counter(style(r) for r in rows)
    assert styles == {"doctest": 4, "==": 4, "->": 4, "input/output": 4, "assert": 3, "prose": 3}


def test_every_reference_passes_its_hidden_tests(by_id):
    assert_references_pass(by_id)


def test_the_shown_examples_never_count(by_id):
    """An answer wrong on exactly the shown examples still scores 1; wrong on one hidden test, 0."""
    assert_shown_examples_never_count(by_id)


# ------------------------------------------------------------------ everyday rows


def test_everyday_rows_match_a_right_answer_only(by_id):
    right = {
        "w55": ("3 pounds is 48 ounces.", "3 pounds is 36 ounces."),
        "w56": ("You'll get in at 1:35 pm.", "You'll get in at 12:35 pm."),
        "w57": ("The Pacific Ocean.", "The Atlantic Ocean."),
        "w58": ("340 / 28 × $3.50 comes to $42.50.", "About $40."),
        "w59": ("There are 10,080 minutes in a week.", "There are 1,440 minutes in a day."),
        "w60": ("100 km/h is about 62 mph.", "100 km/h is about 60 mph."),
    }
    rows = [r for r in by_id.values() if r["kind"] == "everyday"]
    assert {r["id"] for r in rows} == set(right)
    scorer = S.GenericScorer()
    for rid, (good, bad) in right.items():
        assert scorer.score(by_id[rid], good)["score"] == 1.0, rid
        assert scorer.score(by_id[rid], bad)["score"] == 0.0, rid


# ------------------------------------------------------------------ the generator


def _before_test6(task):
    """data.jsonl as it was before the test6 to test18 rows were appended after test5's."""
    later = (
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


def test_data_jsonl_ends_with_the_generators_test5_rows(task):
    text = _before_test6(task)
    assert text.endswith(generic_test5.render())
    tail = text.splitlines()[-60:]
    assert [json.loads(ln)["split"] for ln in tail] == ["test5"] * 60
    assert '"split": "test5"' not in text[: len(text) - len(generic_test5.render())]


def test_the_generator_keeps_every_other_line(task, tmp_path, monkeypatch):
    data = tmp_path / "data.jsonl"
    original = _before_test6(task)
    older = original[: len(original) - len(generic_test5.render())]
    monkeypatch.setattr(generic_test5, "DATA", data)
    for start in (older, original, older + '{"id": "w99", "kind": "everyday", "split": "test5"}\n'):
        data.write_text(start)
        generic_test5.main()
        assert data.read_text() == original
    first, rest = older.split("\n", 1)  # a test5 line out of place is dropped, the rows written once
    data.write_text(first + "\n" + generic_test5.render() + rest)
    generic_rows.rewrite(data, generic_test5.SPLIT, generic_test5.render())
    assert data.read_text() == original
