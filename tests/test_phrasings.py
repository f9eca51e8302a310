"""Readers of phrasings users write, first seen unread on generic test8 (dev since): a stated range is a count
("80 to 150 words", "(200-300 words)"), hashtags are counted, "N things, one per line" counts the
answer's lines, and an acrostic is read off the lines' first letters. No engine."""

import pytest

from selfrefine.engine.observe import text_checks
from selfrefine.engine.observe.lines import initials, line_checks
from selfrefine.engine.observe.text import count_checks


def facts(checks, answer):
    return [x for c in checks for x in c(answer)]


def faults(checks, answer):
    return [x.fault for x in facts(checks, answer) if x.fault]


@pytest.mark.parametrize(
    "request_text",
    [
        "Write a product description for a mug, 80 to 150 words.",
        "A short reflective essay (80-150 words) on my first job.",
        "A blog post, 80–150 words, on composting.",
        "Describe the mug in between 80 and 150 words.",
    ],
)
def test_a_stated_range_of_words_is_a_count(request_text):
    checks = count_checks(request_text)
    assert len(checks) == 1
    assert faults(checks, "word " * 79) == [
        "The request asks for between 80 and 150 words; the answer has 79."
    ]
    assert faults(checks, "word " * 80) == [] and faults(checks, "word " * 150) == []
    assert faults(checks, "word " * 151)


def test_a_range_joined_by_or_and_a_parts_own_length_are_not_the_answers():
    assert count_checks("List two or three words that rhyme with cat.") == []
    assert count_checks("Start each bullet with a short label of 1-3 words followed by a colon.") == []
    assert count_checks("Give it a title of 2-4 words.") == []


def test_hashtags_are_counted_not_headings_numbers_or_anchors():
    checks = count_checks("Instagram caption for our buns. Add 3 to 5 hashtags.")
    answer = "# Buns\nFresh at 9am, issue #12, see page#top.\n#CardamomBuns #Bakery"
    assert faults(checks, answer) == ["The request asks for between 3 and 5 hashtags; the answer has 2."]
    assert faults(checks, answer + " #Saturday") == []
    assert faults(count_checks("Use exactly two hashtags."), "#A #B #C") == [
        "The request asks for exactly 2 hashtags; the answer has 3."
    ]


def test_one_per_line_and_nothing_else_is_that_many_lines_and_an_introduction_is_dropped():
    check, questions = line_checks(
        "give me three icebreaker questions, one per line, no intro, just the questions"
    )
    answer = "Sure, here are three icebreaker questions:\n\n1. Tea or coffee?\n2. Best trip?\n3. First job?"
    (fact,) = check(answer)
    assert fact.fault == "The request asks for exactly 3 lines, one item per line; the answer has 4."
    fixed = fact.repair(answer)
    assert fixed == "1. Tea or coffee?\n2. Best trip?\n3. First job?" and check(fixed)[0].fault is None
    assert fact.repair("a\nb\nc\nd") == "a\nb\nc\nd"  # no introduction to drop: left to a rewrite
    assert questions(answer)[0].fault is None


def test_one_per_line_without_nothing_else_is_a_lower_bound():
    (check,) = line_checks("At least 5 activities for the party, one per line, each with its time.")
    assert check("Games: tag, cake, songs, gifts, dance")[0].fault.startswith(
        "The request asks for at least 5 lines"
    )
    assert check("Here is the plan:\n" + "\n".join("abcde"))[0].fault is None
    assert check("Here is the plan:\n" + "\n".join("abcde"))[0].repair is None
    (loose,) = line_checks("Give me five slogans, one per line.")
    assert loose("Intro:\n" + "\n".join("abcde"))[0].fault is None  # an introduction is allowed


@pytest.mark.parametrize(
    "request_text, asked",
    [
        (
            "Give me 6 palindromes for a puzzle page (like 'never odd or even'). One per line, nothing else.",
            6,
        ),
        ("Pick 8 addresses in 10.20.30.0/26 for me. Just the addresses, one per line.", 8),
        ("Suggest 4 text colour / background colour pairs. Hex codes, one pair per line, nothing else.", 4),
        ("give me 6 random version 4 UUIDs for my test fixtures. one per line, nothing else", 6),
    ],
)
def test_one_per_line_takes_the_count_said_before_it(request_text, asked):
    (check,) = line_checks(request_text)
    intro = "Sure, here they are:\n\n```\n" + "\n".join(f"item {i}" for i in range(asked)) + "\n```"
    (fact,) = check(intro)  # the items in a fenced block are lines too; the fence's marks are not
    assert (
        fact.fault
        == f"The request asks for exactly {asked} lines, one item per line; the answer has {asked + 1}."
    )
    assert check(fact.repair(intro))[0].fault is None


def test_one_per_line_of_a_part_or_with_no_count_before_it_is_not_read():
    assert (
        line_checks("Write three sections titled Goals, Plan and Budget, each title on its own line.") == []
    )
    assert line_checks("How do I jump-start a car? Write it one sentence per line.") == []
    (check,) = line_checks("Write 5 user stories for our library app, one per line, covering patrons.")
    assert check("a\nb\nc\nd\ne")[0].fault is None and check("a b c d e")[0].fault


def test_counts_of_words_per_line_are_not_line_counts():
    assert line_checks("Write 4 lines of 6 words or fewer, one per line.") == []


@pytest.mark.parametrize(
    "request_text",
    [
        "Write a five-line poem where the first letters of the lines spell MAPLE.",
        "write an acrostic poem about autumn where the first letters of the lines spell maple",
        "Can you write an acrostic for the name MAPLE? It's for a card.",
    ],
)
def test_an_acrostic_is_read_off_the_lines_first_letters(request_text):
    (check,) = line_checks(request_text)
    good = "Maple leaves fall\n- Amber light\n**Pumpkins** glow\n3. Leaves drift\nEvening cools"
    assert initials(good) == "MAPLE" and check(good)[0].fault is None
    assert check("Autumn Poem\n\n" + good)[0].fault is None  # a title line before the acrostic
    bad = "Maple leaves whisper\nSpring's embrace\nNature's breeze"
    assert "the lines' first letters are MSN" in check(bad)[0].fault


def test_the_readers_join_the_generic_checks_and_leave_code_requests_alone():
    assert len(text_checks("Write 3 tips, one per line and nothing else, in 20 to 60 words.")) == 2
    assert text_checks("Write a Python function that returns 80 to 150 words, one per line.") == []


@pytest.mark.parametrize(
    ("request_text", "asked"),
    [
        ("Keep it under a hundred words.", "fewer than 100 words"),
        ("No longer than 120 words please.", "at most 120 words"),
        ("Write about 150 words on tea.", "about 150 words"),
        ("Word count: 250-300.", "between 250 and 300 words"),
        ("Word limit: 120.", "at most 120 words"),
        ("Limit: 50 words.", "at most 50 words"),
        ("Three short paragraphs, please.", "exactly 3 paragraphs"),
        ("Use at least 3 emojis.", "at least 3 emojis"),
    ],
)
def test_more_ways_of_stating_a_count(request_text, asked):
    found = facts(text_checks(request_text), "One two three.")
    assert len(found) == 1 and f"(asked: {asked})" in found[0].text


def test_a_rate_is_not_a_length():
    assert count_checks("Put a reading time under the title (people read about 200 words a minute).") == []


@pytest.mark.parametrize(
    "request_text",
    [
        "Keep every sentence under 12 words.",
        "no more than 11 words per sentence",
        "No sentence longer than 11 words.",
        "Write 2 sentences of at most 11 words each.",
    ],
)
def test_a_word_bound_on_each_sentence(request_text):
    (check,) = [c for c in text_checks(request_text) if "per sentence" in c("A b.")[0].text]
    short, long_ = (
        "The cat sat down. It slept.",
        "The cat sat down on the warm mat by the door for a long nap.",
    )
    assert check(short)[0].fault is None
    fault = check(short + " " + long_)[0].fault
    assert "1 of the answer's 3 sentences are not (15 words" in fault


def test_a_word_bound_per_line_or_bullet_counts_each_one():
    (check,) = text_checks("Keep every line to 4 words or fewer.")
    assert check("Maple leaves fall\nAmber light glows softly now")[0].fault.startswith(
        "The request asks for at most 4 words per line; 1 of the answer's 2 lines"
    )
    (bullets,) = text_checks("each bullet should be under 5 words")
    assert bullets("Intro line that is long enough to pass five.\n- a b c\n- d e f g")[0].fault is None
    assert text_checks("Use short sentences, on average no more than 10 words per sentence.") == []


def test_a_postscript_asked_with_no_marker_named():
    (check,) = text_checks("Write a note to my landlord. Include a P.S. at the end.")
    assert check("Dear Sam,\nThanks.\n\nP.S. The tap drips.")[0].fault is None
    assert check("Dear Sam,\nThanks.")[0].fault.startswith(
        "The request asks for a postscript starting with P.S."
    )


def test_keywords_listed_unquoted_are_terms():
    answer = "Solar panels feed the grid."
    assert faults(text_checks("Include the keywords solar, battery and grid."), answer) == [
        'The request asks for "battery" at least 1 time; the answer has it 0 times.'
    ]
    assert faults(text_checks("Do not include the following keywords: grid, meter."), answer) == [
        'The request asks not to use "grid"; the answer has it 1 time.'
    ]


def test_list_items_asked_are_counted_where_the_answer_is_one_list():
    (check,) = line_checks("Give me 5 ideas for a rainy Saturday.")
    assert (
        check("1. Bake\n2. Read\n3. Paint")[0].fault
        == "The request asks for exactly 5 ideas; the answer lists 3."
    )
    assert check("- Bake\n  - bread\n  - pie\n- Read\n- Paint\n- Nap\n- Call a friend")[0].fault is None
    assert check("Bake, read and paint.") == []  # not written as a list: not counted
    assert check("## Indoors\n1. Bake\n2. Read\n## Outdoors\n1. Walk") == []  # parts, not one list
    (most,) = line_checks("Suggest up to 3 names for a cat.")
    assert most("- Tom\n- Tib\n- Mog\n- Pud")[0].fault.startswith("The request asks for at most 3 names")
    assert line_checks("Give me 5 bullet points about tea.") == []  # count_checks reads bullets


@pytest.mark.parametrize(
    ("request_text", "asked"),
    [
        ("Keep the answer below 100 words.", "fewer than 100 words"),
        ("It must not exceed 200 words.", "at most 200 words"),
    ],
)
def test_below_and_not_exceed_are_upper_bounds(request_text, asked):
    (check,) = text_checks(request_text)
    assert f"(asked: {asked})" in check("One two.")[0].text


def test_refrain_from_the_use_of_commas():
    (check,) = text_checks("In your entire response, refrain from the use of any commas.")
    assert check("Yes, no.")[0].fault == "The request asks for no commas; the answer has 1."


def test_questions_asked_for_are_counted():
    (check,) = line_checks("Give me exactly five questions to ask my son's teacher, no intro.")
    assert check("Here you go:\n1. How is he doing?\n2. Any worries?")[0].fault == (
        "The request asks for exactly 5 questions; the answer asks 2."
    )
    (faq,) = line_checks("Write a short FAQ with exactly three questions, each followed by its answer.")
    assert faq("Q: Cost?\nA: $10.\nQ: Hours?\nA: 6-10.\nQ: Showers?\nA: Yes.")[0].fault is None


def test_a_signed_name_is_looked_for_in_the_closing_lines():
    (check,) = line_checks("Draft a formal email to my landlord. Under 200 words, signed Daniel Okafor.")
    assert check("Dear Ms Reed,\nThe boiler is broken.\nYours sincerely,\nDaniel Okafor")[0].fault is None
    assert "do not name Daniel Okafor" in check("Dear Ms Reed,\nThe boiler is broken.\nThanks")[0].fault


def test_an_ending_stated_as_a_line_or_a_mark_after_an_each():
    (line,) = text_checks(
        "Draft a short message. End the message with exactly this line: Let's make Mondays count."
    )
    assert line("Check-ins start Monday.\nLet's make Mondays count.")[0].fault is None
    assert line("Check-ins start Monday.")[0].fault
    (mark,) = [
        c for c in text_checks("Keep every line short, and end the whole message with an exclamation mark.")
    ]
    assert mark("Run well.\nSee you there!")[0].fault is None and mark("Run well.")[0].fault


def test_headings_counted_with_a_word_between():
    (check,) = text_checks("Draft an agenda. Use exactly 3 markdown headings for the sections.")
    assert check("# One\ntext\n# Two\ntext\n# Three\ntext")[0].fault is None
    assert check("# One\ntext")[0].fault


def test_a_time_said_with_every_is_not_a_count_per_item():
    (check,) = text_checks(
        "Draft a short message introducing a check-in every Monday morning, under 120 words."
    )
    assert "(asked: fewer than 120 words)" in check("See you Monday.")[0].text
    assert count_checks("Write three tips, each under 20 words.") == []


def test_the_last_word_of_your_reply():
    _, check = text_checks('Recommend three games, and make the very last word of your reply "enjoy".')
    assert check("1. Chess\n2. Go\n3. Uno. Enjoy")[0].fault is None
    assert check("1. Chess\n2. Go\n3. Uno")[0].fault


def test_the_tools_fix_too_many_hashtags_list_items_and_an_unsigned_letter():
    (tags,) = text_checks("Instagram caption for our buns. Add 3 to 5 hashtags.")
    answer = "Fresh buns Saturday! #Bakery #Buns #Bakery #Cardamom #Fresh #Local #Yum"
    fixed = tags(answer)[0].repair(answer)
    assert (
        fixed == "Fresh buns Saturday! #Bakery #Buns #Cardamom #Fresh #Local" and tags(fixed)[0].fault is None
    )
    (ideas,) = line_checks("Give me 3 ideas for a party.")
    long_list = "Ideas:\n\n1. Games\n   - tag\n2. Cake\n3. Music\n4. Dance\n   - salsa\n5. Gifts\n\nHave fun!"
    assert (
        ideas(long_list)[0].repair(long_list)
        == "Ideas:\n\n1. Games\n   - tag\n2. Cake\n3. Music\n\nHave fun!"
    )
    assert ideas("1. Games\n2. Cake")[0].repair is None  # too few: left to a rewrite
    (signed,) = line_checks("Write a formal letter to my landlord, signed Daniel Okafor.")
    slot = "Dear Ms Reed,\nThe boiler is broken.\n\nBest regards,\n[Your Name]"
    assert signed(slot)[0].repair(slot).endswith("Best regards,\nDaniel Okafor")
    assert (
        signed("Dear Ms Reed,\n\nSincerely,")[0]
        .repair("Dear Ms Reed,\n\nSincerely,")
        .endswith("Sincerely,\nDaniel Okafor")
    )
    assert signed("The boiler is broken.")[0].repair("The boiler is broken.") == "The boiler is broken."


def test_n_or_more_and_n_or_fewer_before_the_unit():
    (more,) = text_checks("Your response should contain 17 or more sentences.")
    assert "(asked: at least 17 sentences)" in more("One. Two.")[0].text and more("One. Two.")[0].fault
    (fewer,) = text_checks("Write 3 or fewer paragraphs.")
    assert fewer("One.\n\nTwo.")[0].fault is None and fewer("A.\n\nB.\n\nC.\n\nD.")[0].fault
    (cities,) = text_checks("Name two or more cities.")
    assert (
        cities("- Oslo\n- Rome\n- Lima")[0].fault is None
        and "at least 2 cities" in cities("- Oslo\n- Rome")[0].text
    )


def test_a_length_in_parentheses_after_a_quoted_label_is_that_lines_length():
    """ "Begin with 'Subject:' (8 words max)" bounds the subject line, not the whole email; a slug's
    words are its hyphen-joined parts; a missing label is no count at all."""
    request = (
        "Write the email for our late-night opening. Begin with 'Subject:' (8 words max), then "
        "'Preheader:' with the preview text (40 to 90 characters), then the email itself, and a "
        "'Slug:' line (lowercase words joined by hyphens, 6 words max)."
    )
    checks = count_checks(request)
    email = (
        "**Subject:** Jazz after dark at the museum\n\nPreheader: Live jazz and half-price entry, Friday "
        "6 to 10 pm.\n\nSlug: jazz-after-dark-at-the-museum-friday\n\nDear friends, join us for a long "
        "evening of music, talks and open galleries."
    )
    assert [x.text for x in facts(checks, email)] == [
        "'Subject:' words: 6 (asked: at most 8 words)",
        "'Preheader:' characters: 50 (asked: between 40 and 90 characters)",
        "'Slug:' words: 7 (asked: at most 6 words)",
    ]
    assert faults(checks, email) == ["The request asks for at most 6 words after 'Slug:'; that line has 7."]
    assert facts(checks, "Dear friends, join us.") == []


def test_a_greeting_that_names_the_signer_is_not_a_signature():
    """The 0.5B wrote "Dear Priya," above a note to be signed Priya (test9's k08): cut to a few
    lines, the greeting fell among the closing lines and passed for a signature."""
    (signed,) = line_checks("A short thank-you card message, under 70 words, signed Priya.")
    assert signed("Dear Priya,\n\nThank you so much for covering my shifts.")[0].fault
    assert signed("Dear Sam,\nThank you.\nBest,\nPriya")[0].fault is None


def test_a_count_among_what_each_item_has_is_each_items():
    """ "4 viewpoints, each with its coordinates ... and one sentence on why" (generic test10's m29,
    read after its run) asks one sentence of each viewpoint; a bound after a comma of its own is
    still the answer's."""
    each = (
        "Suggest 4 viewpoints, each with latitude and longitude, 4 decimals or more, and one sentence on why."
    )
    assert count_checks(each) == []
    (words,) = count_checks("Give 3 tips, each with an example, in under 80 words.")
    assert words("One tip. Two tips.")[0].text == "words: 4 (asked: fewer than 80 words)"


def test_bounds_no_count_meets_together_are_of_parts_and_a_bare_number_gives_way():
    # phrased anew from generic test11's p14 (dev since its report): a title's and a description's
    # lengths are no bound on the whole answer, which no length could meet
    both = "Give me the HTML head. Title under 60 characters, description between 120 and 155 characters."
    assert count_checks(both) == []
    # "4 to 6 sentences ... no two sentences start alike": the range stays, the bare "two" goes
    toast = "A toast, 4 to 6 sentences, and no two sentences should start with the same word."
    assert [x.text for x in facts(count_checks(toast), "One. Two. Three.")] == [
        "sentences: 3 (asked: between 4 and 6 sentences) -- NOT MET"
    ]
    assert len(count_checks("A tweet under 280 characters and at least 100 characters.")) == 2


@pytest.mark.parametrize(
    "request_text",
    [
        "Write out her 8 times table from 8 × 1 up to 8 × 12, one per line and nothing else.",
        "List the collection dates up to the end of March 2027, one per line with the weekday.",
        "Train times after 14:30, one per line.",
    ],
)
def test_a_date_a_year_a_time_or_a_factor_is_no_count_of_lines(request_text):
    assert line_checks(request_text) == []


def test_a_count_after_a_date_is_still_read():
    (check,) = line_checks("On May 3 give me 4 picnic ideas, one per line, nothing else.")
    assert "asked: exactly 4 lines" in check("a\nb\nc\nd")[0].text


def test_bullet_points_asked_in_passing_are_a_bulleted_list_and_the_fix_re_marks_it():
    from selfrefine.engine.core.rewriting import repaired
    from selfrefine.engine.observe import observe_request

    observe, _ = observe_request("6 ideas for a rainy sunday with a 3 year old? bullet points please")
    numbered = "1. Build a fort.\n2. Bake muffins.\n3. Paint rocks."
    seen = observe(numbered)
    assert "bulleted list" in seen.fault
    assert repaired(numbered, seen.repairs) == "- Build a fort.\n- Bake muffins.\n- Paint rocks."
    assert observe_request("Summarise it in bullet points.")[0]("- a\n- b").fault is None
    for asked in (
        "5 questions to ask at the end of an interview? Bullet points, one question each.",
        "Five questions to ask. Bullets.",
        "Give me 5 questions, bullet points, each under 12 words.",
    ):
        assert "bulleted list" in observe_request(asked)[0](numbered).fault, asked
    assert observe_request("No bullets.")[0] is None


def test_a_quoted_name_the_answer_should_look_like_is_no_word_to_use():
    request = "Print me a calendar for September 2027, like the output of `cal`. Only that month's days."
    assert faults(text_checks(request), "     September 2027\nMo Tu We Th Fr Sa Su") == []
    assert faults(text_checks("Write it with `cal` in the first line."), "September") != []


def test_phrasings_read_after_generic_test15():
    from selfrefine.engine.observe.chars import char_checks
    from selfrefine.engine.observe.structure import structure_checks

    vins = "Can you give me 5 made-up 17-character VINs that pass the check digit validation?"
    assert faults(text_checks(vins), "\n".join(f"{i}. " + "A" * 17 for i in range(1, 6))) == []  # each one
    assert faults(text_checks("Write a 12-word slogan for my bakery."), "x " * 30) != []
    (signed,) = line_checks("Write a thank-you note to Priya. Sign it from Dan.")
    assert signed("Thanks, Priya!\n\nDan")[0].fault is None and signed("Thanks, Priya!")[0].fault
    assert faults(text_checks("Give me 5 tips. Bullet points, nothing else."), "1. a\n2. b") != []
    assert text_checks("Write it one sentence per line. No bullet points, no numbers in front.") == []
    (sections,) = structure_checks("An outline with numbered headings, at least 4 main sections.")
    outline = "\n\n".join(f"## {i}. Part\nText." for i in range(1, 6))
    assert sections(outline)[0].fault is None and sections("## 1. Only\nText.")[0].fault
    (hyphens,) = char_checks("Brainstorm domain names. No hyphens or numbers.")
    assert hyphens("- walkies.com\n- pawsleeds.com")[0].fault is None
    assert hyphens("- dog-walks.com")[0].fault
