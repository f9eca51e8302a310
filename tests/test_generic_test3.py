"""The generic task's test3 rows (u01-u60, written blind to the observers on 2026-12-06) and the
scorer parts written for them: the check kinds of TEST3_CHECKS (each on a passing and a failing
answer, and refusing bad parameters), `partial` on them, a hand-written answer meeting every
constraint row, every reference passing its hidden tests and the shown tests never counting, and
the generator keeping every other line of data.jsonl as it is (no engine)."""

import math
from collections import Counter

import pytest

from selfrefine.tasks import registry
from selfrefine.tasks.generic import scorer as S
from selfrefine.tasks.generic.test3_kinds import TEST3_CHECKS
from selfrefine.tasks.tools import generic_test3

OLD_KINDS = {
    "words", "sentences", "paragraphs", "lines", "each_line_starts", "paragraph_starts", "questions",
    "last_word", "chars", "bullets", "numbered", "include", "exclude", "exclude_chars", "uppercase",
    "lowercase", "json", "sections", "starts_with", "ends_with", "ends_with_question",
}  # fmt: skip
BEFORE = OLD_KINDS | set(S.NEW_CHECKS)  # the kinds the scorer knew before test3


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:test3")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows()}


# ------------------------------------------------------------------ the rows


def test_the_test3_rows(task):
    rows = task.rows()
    assert [r["id"] for r in rows] == [f"u{i:02d}" for i in range(1, 61)]
    assert {r["split"] for r in rows} == {"test3"}
    assert Counter(r["kind"] for r in rows) == {"constraints": 36, "function": 16, "everyday": 8}
    assert rows == generic_test3.rows()
    every = registry.load("generic:all").rows()
    assert len({r["request"] for r in every}) == len(every)  # no request repeats an older one
    assert len({r["id"] for r in every}) == len(every)
    # test4 to test18 (tests/test_generic_test4.py ... _test18.py) follow, in that order
    after = tuple(f"test{i}" for i in range(4, 19))
    older = [r for r in every if r["split"] not in after]
    later = [r for s in after[:-11] for r in registry.load(f"generic:{s}").rows()]
    later += [r for s in after[-11:] for r in every if r["split"] == s]
    assert older[-60:] == rows and every[-900:] == later


def test_the_generator_rewrites_only_the_test3_lines(task, tmp_path, monkeypatch):
    # the file as it was before the test4 to test18 rows were appended after test3's
    later = (
        '"split": "test4"',
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
    text = "".join(
        ln for ln in task.data_path.read_text().splitlines(True) if not any(s in ln for s in later)
    )
    assert text.endswith(generic_test3.render())
    older = text[: len(text) - len(generic_test3.render())]
    assert older and '"split": "test3"' not in older
    copy = tmp_path / "data.jsonl"
    monkeypatch.setattr(generic_test3, "DATA", copy)
    for start in (older, text):  # without its test3 lines, and with them: the same file after
        copy.write_text(start)
        generic_test3.main()
        assert copy.read_text() == text
    # a test3 line out of place is dropped and the rows are written once, at the end
    first, rest = older.split("\n", 1)
    copy.write_text(first + "\n" + generic_test3.render() + rest)
    generic_test3.main()
    assert copy.read_text() == text


def test_constraint_rows_use_the_new_kinds():
    assert len(TEST3_CHECKS) >= 15 and not set(TEST3_CHECKS) & BEFORE
    rows = [r for r in generic_test3.rows() if r["kind"] == "constraints"]
    assert all(1 <= len(r["checks"]) <= 3 for r in rows)
    used = [{c["check"] for c in r["checks"]} for r in rows]
    assert all(u <= BEFORE | set(TEST3_CHECKS) for u in used)
    new = [u for u in used if u & set(TEST3_CHECKS)]
    assert len(new) == 30 and len(rows) - len(new) == 6  # at least 28 asked for
    assert set().union(*used) >= set(TEST3_CHECKS)  # every new kind has a row
    assert Counter(len(r["checks"]) for r in rows) == {1: 10, 2: 24, 3: 2}


def _call(row, t):
    return f"{row['entry']}({', '.join(repr(a) for a in t['args'])})"


def test_function_rows_show_only_their_shown_tests():
    rows = [r for r in generic_test3.rows() if r["kind"] == "function"]
    styles = Counter()
    for r in rows:
        shown = r["shown"]
        assert 8 <= len(r["tests"]) <= 12 and len(S.hidden_tests(r)) >= 6, r["id"]
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
            else "arrow" if ") -> " in req
            else "?"
        )  # fmt: skip
        styles[style] += 1
    assert styles == {"doctest": 3, "equals": 3, "arrow": 2, "input-output": 3, "assert": 2, "prose": 3}


def test_everyday_rows_have_an_answer():
    for r in generic_test3.rows():
        if r["kind"] == "everyday":
            assert r["answer"].get("any") or "number" in r["answer"]


# ------------------------------------------------------------------ the new check kinds

# kind: (its parameters, an answer meeting it, an answer failing it)
NEW_KIND_CASES = {
    "no_word_forms": (
        {"stems": ["cheap"]},
        "Good value, low prices, fair deals.",
        "Cheaper than you think.",
    ),
    "closing_line": (
        {"text": "See you on the trail!"},
        "Boots on, water packed.\n*See you on the trail!*",
        "Boots on, water packed. See you on the trail!",
    ),
    "postscript": (
        {"word": "snacks"},
        "Hi Jo,\nThe hike starts at nine.\n\nP.S. Bring snacks.",
        "Hi Jo,\nThe hike starts at nine.\n\nP.S. Bring water.",
    ),
    "date_format": (
        {"format": "YYYY-MM-DD"},
        "We fly out on 2027-03-09 and return on 2027-03-16.",
        "We fly out on 2027-03-09 and return on March 16.",
    ),
    "time_format": ({}, "Doors open at 18:30, the film starts at 19:05.", "Doors open at 6:30 pm."),
    "bullet_words": (
        {"max": 4},
        "My list:\n- Buy eggs\n- Call the dentist today",
        "- Buy eggs\n- Call the dentist about the appointment",
    ),
    "bullets_start_with": (
        {"words": ["Check", "Pack"]},
        "- Check the tyres\n- **Pack** a spare\n- check the lights",
        "- Check the tyres\n- Remember a spare",
    ),
    "question_sentences": (
        {"n": 2},
        "Ready for Saturday? Bring boots. Can you drive?",
        "Ready for Saturday? Bring boots.",
    ),
    "alphabetical": (
        {"min": 3},
        "- apples\n- Bananas\n- cherries (ripe)",
        "- Bananas\n- apples\n- cherries",
    ),
    "word_repeats": (
        {"max": 1, "min_len": 4},
        "The sun and the sea and the sand.",
        "Sunny days, sunny moods.",
    ),
    "char_count": ({"char": "z", "min": 2}, "Zoe zipped up her coat.", "Zoe put on her coat."),
    "caps_words": ({"max": 1}, "A NEW range, made by me (I think).", "A NEW range, FREE today."),
    "quoted": ({}, "“Meet me at the old mill at dawn.”", "Meet me at the old mill at dawn."),
    "steps": ({"n": 3}, "How:\n1. Fill\n2. Boil\n3) Pour", "1. Fill\n3. Boil\n4. Pour"),
    "alternating": (
        {"prefixes": ["Q:", "A:"]},
        "Q: Is it free?\n**A:** Yes.\nQ: Dogs?\nA: On a lead.",
        "Q: Is it free?\nQ: Dogs?\nA: Yes.\nA: On a lead.",
    ),
    "word_length": (
        {"max": 5},
        "Don't run; it's a well-known trap.",
        "Avoid running entirely.",
    ),
    "emoji": ({"n": 2}, "Party at mine 🎉 bring cake 🍰", "Party at mine 🎉 bring cake"),
    "bold": (
        {"n": 2},
        "It is **light** and __waterproof__.",
        "It is **light** and waterproof.",
    ),
    "table": (
        {"columns": ["Day", "Task"], "rows": 2},
        "Plan:\n\n| Day | Task |\n|---|:---:|\n| Mon | Bins |\n| **Tue** | Floors |",
        "| Day | Task |\n|---|---|\n| Mon | Bins |",
    ),
    "unique_openers": (
        {},
        "We met in May. Then it rained. Still, we laughed.",
        "We met in May. We laughed.",
    ),
    "headings": ({"n": 2}, "# Plan\nText.\n## Budget\nMore. #tag", "# Plan\nText.\n**Budget**\nMore."),
    "in_order": (
        {"words": ["wash", "chop", "fry"]},
        "Wash the leeks, chop them, then fry them. Wash up after.",
        "Chop the leeks after you wash them, then fry them.",
    ),
    "each_paragraph_includes": (
        {"word": "Rosalind's"},
        "Rosalind’s opened in 1987.\n\nToday Rosalind's bakes rye.",
        "Rosalind's opened in 1987.\n\nToday the shop bakes rye.",
    ),
}

BAD_PARAMS = {
    "no_word_forms": {"stems": ["cheap er"]},
    "closing_line": {"text": ""},
    "postscript": {"word": 3},
    "date_format": {"format": "D.M.YY"},
    "time_format": {"min": 0},
    "bullet_words": {"max": 3, "min": 4},
    "bullets_start_with": {"words": ["Check the"]},
    "question_sentences": {"n": 1, "max": 2},
    "alphabetical": {"min": -2},
    "word_repeats": {"max": 0},
    "char_count": {"char": "ab", "max": 0},
    "caps_words": {},
    "quoted": {"style": "single"},
    "steps": {"min": 5, "max": 2},
    "alternating": {"prefixes": ["Q:"]},
    "word_length": {"max": "8"},
    "emoji": {"n": 1.5},
    "bold": {"n": True},
    "table": {"columns": "Day, Task"},
    "unique_openers": {"n": 1},
    "headings": {"count": 3},
    "in_order": {"words": ["wash", "Wash"]},
    "each_paragraph_includes": {},
}


def test_every_new_kind_has_cases():
    assert set(NEW_KIND_CASES) == set(BAD_PARAMS) == set(TEST3_CHECKS)


@pytest.mark.parametrize("kind", sorted(NEW_KIND_CASES))
def test_a_new_kind_passes_and_fails_and_refuses_bad_parameters(kind):
    params, good, bad = NEW_KIND_CASES[kind]
    c = {"check": kind, **params}
    assert S.check(c, good) is True
    assert S.check(c, bad) is False
    for garbage in ("\n\n", "\x00\ud800", "[" * 500, "|" * 300 + "\n" + "-|" * 300, "1. " * 400):
        assert S.check(c, garbage) in (True, False)
    with pytest.raises(S.BadCheck, match=kind):
        S.check({"check": kind, **BAD_PARAMS[kind]}, good)
    # a row with bad parameters raises from the scorer too (a data bug, not a failed constraint)
    row = {"id": "x", "kind": "constraints", "checks": [{"check": kind, **BAD_PARAMS[kind]}]}
    with pytest.raises(ValueError, match=kind):
        S.GenericScorer().score(row, good)
    # an answer with no word meets no new kind, whatever its parameters allow
    assert S.check(c, "") is False and S.check(c, "  \n\n ") is False


def test_the_count_kinds_take_n_or_a_range():
    for kind in ("question_sentences", "caps_words", "steps", "emoji", "bold", "headings"):
        with pytest.raises(S.BadCheck, match="give n, or min and / or max"):
            S.check({"check": kind}, "x")
        with pytest.raises(S.BadCheck, match="min is above max"):
            S.check({"check": kind, "min": 3, "max": 1}, "x")
    assert S.check({"check": "char_count", "char": "a", "max": 0}, "Drops drum on the roof.") is True
    assert S.check({"check": "char_count", "char": "A", "n": 2}, "Anna") is True  # either case
    assert S.check({"check": "char_count", "char": "!", "n": 1}, "Hi! Bye.") is True
    assert S.check({"check": "caps_words", "n": 0}, "I think OK is fine.") is False
    assert S.check({"check": "caps_words", "n": 0}, "I think it is fine.") is True  # "I" is one letter
    assert S.check({"check": "emoji", "max": 0}, "No emoji ★ here") is False  # a dingbat counts
    assert S.check({"check": "headings", "min": 1, "max": 2}, "# One\nx\n# Two\nx\n# Three") is False
    assert S.check({"check": "question_sentences", "max": 0}, "Fine. All good.") is True
    assert S.check({"check": "question_sentences", "n": 1}, "1. Is it safe?\n2. Yes.") is True


def test_dates_and_times_edge_cases():
    fmt = {"check": "date_format", "format": "DD/MM/YYYY"}
    assert S.check(fmt, "Due 15/11/2026, reminder sent 30/11/2026.") is True
    assert S.check(fmt, "Due 15/11/2026, invoice 2026-114.") is True  # no date there
    assert S.check(fmt, "Due 11/15/2026.") is False  # no month 15
    assert S.check(fmt, "Due 15/11/2026, then 01/12/26.") is False  # a two-digit year is another way
    assert S.check(fmt, "Due 15/11/2026, paid on the 1st of December.") is False
    assert S.check(fmt, "Due 15/11/2026; step 2 may take longer.") is True  # "may" is no month
    assert S.check(fmt, "No date at all.") is False  # at least one date
    assert S.check({**fmt, "min": 2}, "Due 15/11/2026.") is False
    us = {"check": "date_format", "format": "Month D, YYYY"}
    assert S.check(us, "Launch on March 3, 2027.") is True
    assert S.check(us, "Launch on Mar 3, 2027.") is False
    assert S.check({"check": "date_format", "format": "YYYY-MM-DD"}, "On 2027-13-01.") is False
    t = {"check": "time_format"}
    assert S.check(t, "Open 08:00-17:30 daily.") is True
    assert S.check(t, "Open 08:00 to 5pm.") is False
    assert S.check(t, "Open 08:00, lunch at noon.") is False
    assert S.check(t, "Open 08:00 until 7 o'clock.") is False
    assert S.check(t, "Open 24:10.") is False  # no hour 24
    assert S.check(t, "Open from 08:00; I am here all day.") is True  # "I am" is no time
    assert S.check({**t, "min": 2}, "Open 08:00.") is False


def test_the_other_new_kinds_edge_cases():
    ps = {"check": "postscript"}
    assert S.check(ps, "Best,\nAnn\nPS: the key is under the mat.") is True
    assert S.check(ps, "P.S. the key is under the mat.") is False  # nothing before it
    assert S.check(ps, "Hi\n\nP.S. one\n\nAnd a last paragraph.") is False  # not at the end
    assert S.check(ps, "Hi\nPSA: wash your hands.") is False
    close = {"check": "closing_line", "text": "Let's make Mondays count."}
    assert S.check(close, "Let's make Mondays count.") is False  # the line alone is no message
    assert S.check(close, 'Team,\n"LET’S MAKE MONDAYS COUNT."') is True
    assert S.check(close, "Team,\nLet's make Mondays count!") is False
    assert S.check({"check": "no_word_forms", "stems": ["Volunteer"]}, "Our volunteering day.") is False
    assert S.check({"check": "word_length", "max": 4}, "Don't stop.") is True  # the apostrophe is no letter
    assert S.check({"check": "word_repeats", "max": 1}, "Sun, sun.") is False  # any case
    tab = {"check": "table", "rows": 1}
    assert S.check(tab, "| a | b |\n|---|---|\n| 1 | 2 | 3 |") is False  # a row wider than the header
    assert S.check(tab, "a | b\n--- | ---\n1 | 2") is True  # outer pipes are optional
    assert S.check(tab, "| a | b |\n| 1 | 2 |") is False  # no rule: no table
    alt = {"check": "alternating", "prefixes": ["Q:", "A:"], "rounds": 2}
    assert S.check(alt, "Q: one\nA: two\nQ: three") is False  # half a turn
    assert S.check(alt, "Q: one\nA: two") is False  # one turn, two asked
    assert S.check({"check": "steps", "min": 2}, "1. a\n2. b\n1. c") is False  # numbering restarts
    assert S.check({"check": "alphabetical"}, "- only one") is False  # a list has two items or more
    assert S.check({"check": "alphabetical"}, "1. Apple pie\n2. Apples") is True
    assert S.check({"check": "unique_openers"}, "Hi Sam,\nHi again.") is False  # a line is a sentence
    assert S.check({"check": "in_order", "words": ["grind", "pour"]}, "Grinding first, then pour.") is False
    assert S.check({"check": "bold", "n": 1}, "A ** spaced ** pair and **one**.") is True
    assert S.check({"check": "quoted"}, '"" and more') is False
    assert S.check({"check": "bullets_start_with", "words": ["Set"]}, "1. Set a goal") is False  # no bullet


# ------------------------------------------------------------------ partial


def test_constraint_scores_carry_partial_with_the_new_kinds(task, by_id):
    # u24: 10 bullets, alphabetical, at most 8 words a bullet; this one breaks only the last
    plants = ["Aloe", "Begonia", "Cactus", "Dracaena", "Echeveria", "Fern", "Grape ivy", "Hoya", "Ivy"]
    long = (
        "\n".join(f"- {p}: easy" for p in plants) + "\n- Jade: fine with very little water and a lot of sun"
    )
    s = task.scorer.score(by_id["u24"], long)
    assert s["score"] == 0.0 and s["partial"] == round(2 / 3, 4) == s["constraints_met"]
    assert s["failed"] == ["bullet_words"]
    s = task.scorer.score(by_id["u24"], "")  # an empty answer meets none of the three
    assert s["score"] == 0.0 and s["partial"] == 0.0
    assert s["failed"] == ["bullets", "alphabetical", "bullet_words"]
    # u13: exactly 3 emojis, under 50 words: right length, one emoji short
    s = task.scorer.score(by_id["u13"], "Games at mine on Friday at 7 🎲 bring snacks 🍕")
    assert s["score"] == 0.0 and s["partial"] == 0.5 and s["failed"] == ["emoji"]


# ------------------------------------------------------------------ hand-written answers

HAND = {
    "u01": (
        "Litter Pick on Elm Street - Saturday 9 to 11am\n\n"
        "Let's give our streets a spring clean! Meet by the post box on the corner of Elm Street and "
        "Park Road. We'll bring gloves, bags and litter grabbers; you bring yourself and maybe a "
        "flask of tea. Kids are welcome with an adult. Even an hour helps, and there will be biscuits "
        "afterwards."
    ),
    "u02": (
        "- Base layers\n- Beanie\n- Charger\n- Gloves\n- Goggles\n- Helmet\n- Lip balm\n"
        "- Neck warmer\n- Ski jacket\n- Ski socks\n- Snacks\n- Sunscreen"
    ),
    "u03": (
        "Hi all,\n\n"
        "Over the last few weeks a few deadlines have slipped, mostly because it wasn't clear who owned "
        "which task. To fix that, we'll start a 15-minute check-in every Monday at 9:30. Each of us "
        "will say what we own this week, what is due and where we're stuck. I'll keep a shared list of "
        "owners and dates so nothing falls between the cracks.\n\n"
        "Let's make Mondays count."
    ),
    "u04": (
        "Subject: Dripping kitchen tap\n\n"
        "Dear Mr Patel,\n\n"
        "I'm writing to let you know that the kitchen tap in flat 3 has been dripping constantly for "
        "about a week. Tightening it hasn't helped, and the drip is getting worse. Could you let me "
        "know when a plumber could come to take a look?\n\n"
        "Thank you for your help.\n\n"
        "Kind regards,\nJamie Lee\n\n"
        "P.S. I'm home every weekday after 17:30, so any time after that works for a visit."
    ),
    "u05": (
        "How to video call us\n\n"
        "1. Press the round button to wake the tablet.\n"
        "2. Tap the green WhatsApp icon.\n"
        "3. Tap the name of the person you want to call.\n"
        "4. Tap the small camera at the top.\n"
        "5. Wait for us to answer, then smile and wave!"
    ),
    "u06": (
        "| Day | Breakfast | Lunch | Dinner |\n"
        "|---|---|---|---|\n"
        "| Monday | Greek yoghurt with berries and granola | Hummus and falafel wrap | Lentil and "
        "spinach curry with rice |\n"
        "| Tuesday | Peanut butter toast and a banana | Tomato soup with a cheese toastie | Veggie "
        "chilli with tortilla chips |\n"
        "| Wednesday | Scrambled eggs on toast | Pasta salad with chickpeas | Tofu stir-fry with "
        "noodles |"
    ),
    "u07": (
        "Each mug is thrown by hand in my small studio, so no two are quite alike. The speckled glaze "
        "is **dishwasher and microwave safe**, and the thick stoneware keeps your coffee warm for "
        "longer. A generous handle fits the whole hand, and every mug holds **a full 350 ml**."
    ),
    "u08": (
        "Hey Mia, I know your tummy feels funny about tomorrow, and that's completely normal. Every "
        "swimmer at that gala feels the same way. Remember how you learned to dive this summer, even "
        "though it scared you at first? What was the thing your coach said you did best last week? "
        "Tomorrow you only have to do what you already do in practice. Take a deep breath on the "
        "blocks, listen for the beep and swim your own race. Whatever the clock says, I'll be cheering "
        "the loudest, and I'm already proud of you."
    ),
    "u09": (
        "Q: Who can get a plot in the garden?\n"
        "A: Anyone living in the neighbourhood can join the waiting list.\n"
        "Q: How much does a plot cost?\n"
        "A: A plot costs 20 pounds a year, which pays for water and tools.\n"
        "Q: When is the garden open?\n"
        "A: The gate is open every day from sunrise to sunset.\n"
        "Q: Can I bring my children?\n"
        "A: Yes, children are very welcome as long as an adult stays with them."
    ),
    "u10": (
        "Dear all,\n\n"
        "Thank you so much for the wonderful send-off on Friday. The cake, the cards and the terrible "
        "karaoke made it a night to remember. Working with you for five years has taught me more than "
        "any course could. I will miss our Monday coffee rounds and the way this team always pulls "
        "together when things get busy. Please keep in touch.\n\n"
        "With thanks,\nPriya"
    ),
    "u11": (
        "2027-05-14: Arrive and settle in, then wander through Alfama and watch the sunset from the "
        "Miradouro da Senhora do Monte. Dinner with fado in the old town.\n\n"
        "2027-05-15: Take tram 28 in the morning, visit the castle, and spend the afternoon in Belem "
        "with a custard tart at the famous bakery.\n\n"
        "2027-05-16: Browse the LX Factory market, have a long lunch by the river, and head to the "
        "airport in the evening."
    ),
    "u12": (
        "Drops drum on the windows while we curl up by the fire with our books. The dog snores under "
        "the quilt, twitching in his sleep. Mum brews hot lemon drinks for everyone. Outside, the "
        "puddles grow deeper by the minute."
    ),
    "u13": (
        "Board game night at mine this Friday from 7! 🎲 Bring snacks and your competitive spirit, "
        "I've got Catan and Codenames ready 🍕 Loser does the washing up 😄"
    ),
    "u14": (
        "Elena Ruiz is a wedding photographer based in Bristol who has spent the last eight years "
        "telling love stories through her lens. She believes the best pictures happen between the "
        "posed shots: a shared laugh, a nervous glance, a grandmother dancing barefoot. Elena works "
        "quietly in the background, so couples can relax and enjoy their day while she captures it "
        "as it really was. Her style is natural and warm, with soft light and honest colour. When she "
        "is not photographing weddings, she can be found walking her dog along the harbour or "
        "printing albums in her small studio."
    ),
    "u15": (
        "- Set a fixed start time and get dressed properly.\n"
        "- Keep your desk away from the bed and the TV.\n"
        "- Close social media tabs before you begin a task.\n"
        "- Plan your three most important tasks the night before.\n"
        "- Take a short walk at lunch to reset your head."
    ),
    "u16": (
        '"Every night for thirty years, Tobias Wren climbed the hundred and twelve steps of the '
        "Carrick Point lighthouse and lit the lamp. He knew every crack in the stone and every mood of "
        "the sea. So when a green bottle rolled against the rocks one grey morning, its cork sealed "
        "with red wax, he almost left it for the tide. But something about the careful handwriting "
        'behind the glass made him stop, kneel down and pull it free."'
    ),
    "u17": (
        "# 1. Review of last quarter\n"
        "- Results against our goals\n"
        "- What went well and what didn't\n\n"
        "# 2. Priorities for next quarter\n"
        "- Top three objectives\n"
        "- Owners and deadlines\n"
        "- Budget needs\n\n"
        "# 3. Risks and next steps\n"
        "- Known risks and how we handle them\n"
        "- Actions to take before the next meeting"
    ),
    "u18": (
        "Start by heating water to just off the boil. Grind about 20 g of beans to a medium-fine "
        "texture, like sea salt. Put a paper filter in the dripper and rinse it with hot water, then "
        "throw that water away. Add the coffee and let it bloom: pour in roughly twice its weight in "
        "water and wait 30 seconds while it bubbles. Then pour the rest of the water slowly in small "
        "circles until you reach about 320 g in total. The whole brew should take three to four "
        "minutes. Remove the dripper, swirl the cup and enjoy."
    ),
    "u19": (
        "Rosalind's has been baking bread on Mill Lane since 1987, when Rosalind Hart opened the shop "
        "with one oven and a sourdough starter she still feeds every morning. Today her son Tom runs "
        "the ovens, and the queue for the seeded rye starts before seven.\n\n"
        "What keeps people coming back to Rosalind's is that nothing changes for the sake of it. The "
        "cinnamon buns are made to the same recipe, the prices stay fair, and regulars are greeted "
        "by name. On Saturdays the family hands out any unsold loaves to the food bank down the road."
    ),
    "u20": (
        "Dear class,\n\n"
        "Exams start soon, and I want you to know how proud I am. All year you have asked sharp "
        "questions, helped one another and kept going when topics got hard. That effort does not "
        "disappear on the day. Sleep well, eat breakfast, read each question slowly and trust what "
        "you have learned. If one paper feels tough, breathe, move on and come back later. A single "
        "result never defines who you are. Whatever happens, I believe in every one of you.\n\n"
        "Good luck,\nMs Carter"
    ),
    "u21": (
        "1. Open WhatsApp and tap the chat with your grandchild.\n"
        "2. Tap the paper clip next to the message box.\n"
        "3. Tap Gallery and choose the photo you like.\n"
        "4. Tap the green arrow to send it."
    ),
    "u22": (
        "I am thrilled to share that I passed my nursing licence exam! After three years of study, "
        "long placements and many late nights, I am now a registered nurse. Thank you to my family, my "
        "mentors and the wonderful ward team who believed in me. I cannot wait to start my new role on "
        "the children's ward next month. 🎉\n\n#Nursing #NewGrad"
    ),
    "u23": (
        "Monday: Take out the bins and wipe the kitchen counters.\n"
        "Tuesday: Vacuum the living room and hallway.\n"
        "Wednesday: Clean the bathroom sink, mirror and toilet.\n"
        "Thursday: Mop the kitchen floor.\n"
        "Friday: Clear out old food from the fridge.\n"
        "Saturday: Wash the shared towels and tea towels.\n"
        "Sunday: Water the plants and tidy the shoe rack."
    ),
    "u24": (
        "- Aloe vera: stores water, forgives forgetful owners\n"
        "- Cast iron plant: survives dark corners and neglect\n"
        "- Jade plant: thick leaves, needs little water\n"
        "- Monstera: grows fast, tolerates average light\n"
        "- Peace lily: droops when thirsty, recovers quickly\n"
        "- Pothos: trails happily in almost any light\n"
        "- Rubber plant: sturdy leaves, handles dry air\n"
        "- Snake plant: thrives on neglect and low light\n"
        "- Spider plant: tough, produces babies you can share\n"
        "- ZZ plant: glossy, drought tolerant, very forgiving"
    ),
    "u25": (
        "Good evening, everyone, and welcome to the Oakfield School Talent Show! Tonight our students "
        "have been rehearsing for weeks, and they are ready to dazzle you with singing, dancing, magic "
        "and a few surprises. Please switch your phones to silent, cheer as loudly as you like, and "
        "give every performer the support they deserve. Without further ado...\n\n"
        "Please welcome our first act!"
    ),
    "u26": (
        "Subject: Friendly reminder: invoice 2026-114\n\n"
        "Dear Ms Okafor,\n\n"
        "I hope you are well. This is a quick reminder that invoice 2026-114 for the website redesign, "
        "which was due on 15/11/2026, is still showing as unpaid on our side. If payment has already "
        "been sent, please ignore this message. Otherwise, we would be grateful if it could be settled "
        "by 30/11/2026.\n\n"
        "Please let me know if you have any questions.\n\n"
        "Best regards,\nDaniel Brooks\n\n"
        "P.S. Our bank details for the transfer are: [IBAN]"
    ),
    "u27": (
        "On Saturday we took a trip to the zoo, and it was amazing. We saw a lazy lion dozing in the "
        "sun, a zebra munching hay and a puzzled meerkat. My brother spent ages at the giraffe "
        "enclosure, and we finished with frozen yoghurt by the penguin pool."
    ),
    "u28": (
        "Forty years ago, Mum and Dad promised to stand by each other, and they have kept that promise "
        "every single day. Through three house moves, two children and one very stubborn dog, they "
        "never stopped laughing together. Their kindness taught us what love looks like in real life. "
        "Tonight we celebrate not just a marriage but a friendship. Please raise your glasses to the "
        "happiest couple we know."
    ),
    "u29": (
        "| Pros | Cons |\n"
        "|---|---|\n"
        "| Much cheaper to run per mile than petrol | Higher price to buy up front |\n"
        "| No tailpipe emissions | Public chargers can be slow or busy |\n"
        "| Quiet and smooth to drive | Range drops in cold weather |\n"
        "| Lower servicing costs | Charging at home needs a driveway or a charger |"
    ),
    "u30": (
        "1. Bath time with a favourite toy.\n"
        "2. Pyjamas on and teeth brushed.\n"
        "3. A glass of water and a last trip to the toilet.\n"
        "4. **Read one or two stories together in bed.**\n"
        "5. A cuddle and a quick chat about the best part of the day.\n"
        "6. Night light on, main light off, and goodnight."
    ),
    "u31": ("rain beads on the glass\nthe carriage hums through grey towns\nmy coffee goes cold"),
    "u32": (
        '{"name": "Overnight oats", "servings": 2, "steps": ["Mix 100 g oats with 200 ml milk in a jar.", '
        '"Stir in a spoon of chia seeds and a little honey.", "Cover and leave in the fridge overnight.", '
        '"Top with berries and serve cold."]}'
    ),
    "u33": (
        "Hi there, thanks for your email. I'm on holiday until Monday 14 July with limited access to "
        "email. For anything urgent, please contact my colleague Sam at sam@example.com. I'll reply "
        "when I'm back."
    ),
    "u34": (
        "Dear Hiring Manager, I am applying for the Junior Data Analyst role because I love turning "
        "messy data into clear answers. In my final-year project I wrote SQL queries against a "
        "million-row sales database and built a dashboard that the course team now uses every week. "
        "I am naturally curious, always asking why a number moved before deciding what to do about it."
    ),
    "u35": (
        "Bacteria are living, single-celled organisms. Each one has its own cell membrane, its own "
        "DNA and the machinery to make energy and proteins, so it can grow and divide on its own. "
        "Many bacteria are harmless or even helpful, like those in our gut.\n\n"
        "Viruses are much smaller and are not cells at all. A virus is a package of genetic material "
        "inside a protein coat, and it cannot reproduce by itself: it has to get inside a host cell "
        "and hijack that cell's machinery to make copies of itself.\n\n"
        "This difference matters for medicine. Antibiotics work by attacking parts of bacterial "
        "cells, so they can treat bacterial infections, but they do nothing against viruses. Viral "
        "infections are prevented with vaccines or treated with antiviral drugs."
    ),
    "u36": (
        "Warm-up\n"
        "Five minutes of gentle breathing, neck rolls and cat-cow stretches.\n\n"
        "Main flow\n"
        "Twenty minutes of mountain pose, downward dog, warrior one and two, and tree pose, holding "
        "each for five breaths.\n\n"
        "Cool-down\n"
        "Five minutes of child's pose, a seated forward fold and lying still in corpse pose."
    ),
}


def test_every_constraint_row_has_a_hand_answer(by_id):
    assert set(HAND) == {rid for rid, r in by_id.items() if r["kind"] == "constraints"}


@pytest.mark.parametrize("rid", sorted(HAND))
def test_a_hand_written_answer_meets_every_constraint(task, by_id, rid):
    s = task.scorer.score(by_id[rid], HAND[rid])
    assert s["score"] == 1.0 and s["partial"] == 1.0 and s["failed"] == [], (rid, s)


def test_a_garbage_answer_meets_no_row_fully(task, by_id):
    for r in by_id.values():
        if r["kind"] == "constraints":
            for g in ("", "\x00\ud800", "[" * 5000 + "]" * 5000, "|\n" * 2000, "- \n1. \n# \n" * 500):
                s = task.scorer.score(r, g)  # no word: no row is met
                assert s["score"] == 0.0 and 0.0 <= s["partial"] < 1.0, (r["id"], g[:10])
            s = task.scorer.score(r, "x" * 10_000)  # one long word: scored, whatever it meets
            assert s["score"] in (0.0, 1.0) and 0.0 <= s["partial"] <= 1.0


# ------------------------------------------------------------------ everyday

EVERYDAY = {
    "u53": ("There are 1,440 minutes in a day (24 × 60).", "There are 1,400 minutes in a day."),
    "u54": ("4 × $3.75 = $15.00", "That comes to $15.75."),
    "u55": ("It's Canberra, not Sydney.", "Your friend is right, it's Sydney."),
    "u56": ("You land at 02:15 the next morning.", "You land at 01:15."),
    "u57": ("15% of 240 is 36, so leave 36.", "15% of 240 is 34."),
    "u58": ("Water freezes at 32 °F (0 °C).", "Water freezes at 0 degrees."),
    "u59": ("3.2 m is 320 cm.", "3.2 m is 32 cm."),
    "u60": ("Gold is Au (silver is Ag).", "Gold is Ag."),
}


def test_everyday_rows_match(task, by_id):
    assert set(EVERYDAY) == {rid for rid, r in by_id.items() if r["kind"] == "everyday"}
    for rid, (good, bad) in EVERYDAY.items():
        assert task.scorer.score(by_id[rid], good)["score"] == 1.0, rid
        assert task.scorer.score(by_id[rid], bad)["score"] == 0.0, rid


# ------------------------------------------------------------------ function rows: hidden tests only


def test_hidden_tests_leave_out_the_shown_ones(by_id):
    r = by_id["u40"]  # parse_duration, shows its first three tests
    assert r["shown"] == [0, 1, 2] and S.hidden_tests(r) == r["tests"][3:] and len(r["tests"]) == 12
    for rid in ("u50", "u51", "u52"):  # prose: nothing shown, every test hidden
        assert by_id[rid]["shown"] == [] and S.hidden_tests(by_id[rid]) == by_id[rid]["tests"]


@pytest.mark.sandbox
def test_every_test3_reference_passes_its_hidden_tests(task):
    for r in task.rows():
        if r["kind"] == "function":
            s = task.scorer.score(r, f"Here you go:\n\n```python\n{r['reference']}```\n")
            want = {"score": 1.0, "kind": "function", "tests_passed": 1.0, "score_function": 1.0}
            assert s == want, r["id"]


@pytest.mark.sandbox
def test_shown_examples_never_count(task, by_id):
    row = by_id["u43"]  # snake_to_camel, shows 'hello_world' and 'user_id'
    head = "def snake_to_camel(name):\n"
    wrong_on_shown = row["reference"].replace(
        head, head + "    if name in ('hello_world', 'user_id'):\n        return 'x'\n"
    )
    assert wrong_on_shown != row["reference"]
    assert task.scorer.score(row, wrong_on_shown)["score"] == 1.0
    only_shown = (
        "def snake_to_camel(name):\n    return {'hello_world': 'helloWorld', 'user_id': 'userId'}[name]\n"
    )
    s = task.scorer.score(row, only_shown)
    assert s["score"] == 0.0 and s["tests_passed"] == 0.0  # none of the 8 hidden tests


@pytest.mark.sandbox
def test_tests_passed_is_the_share_of_hidden_tests(task, by_id):
    row = by_id["u52"]  # second_largest, nothing shown: the naive s[-2] misses the duplicates
    naive = (
        "def second_largest(numbers):\n    s = sorted(numbers)\n    return s[-2] if len(s) > 1 else None\n"
    )
    s = task.scorer.score(row, naive)
    assert s["score"] == 0.0 and math.isclose(s["tests_passed"], 0.4)
    row = by_id["u44"]  # roman_to_int, 2 of 10 shown: upper case only fails the 2 lower-case tests
    upper_only = row["reference"].replace("    s = s.upper()\n", "")
    assert upper_only != row["reference"]
    s = task.scorer.score(row, upper_only)
    assert s["score"] == 0.0 and s["tests_passed"] == round(6 / 8, 4)
