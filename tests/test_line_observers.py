"""Readers of phrasings the generic test8 rows showed unread (dev since): a stated range is a count
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
    (check,) = line_checks("give me three icebreaker questions, one per line, no intro, just the questions")
    answer = "Sure, here are three icebreaker questions:\n\n1. Tea or coffee?\n2. Best trip?\n3. First job?"
    (fact,) = check(answer)
    assert fact.fault == "The request asks for exactly 3 lines, one item per line; the answer has 4."
    fixed = fact.repair(answer)
    assert fixed == "1. Tea or coffee?\n2. Best trip?\n3. First job?" and check(fixed)[0].fault is None
    assert fact.repair("a\nb\nc\nd") == "a\nb\nc\nd"  # no introduction to drop: left to a rewrite


def test_one_per_line_without_nothing_else_is_a_lower_bound():
    (check,) = line_checks("At least 5 activities for the party, one per line, each with its time.")
    assert check("Games: tag, cake, songs, gifts, dance")[0].fault.startswith(
        "The request asks for at least 5 lines"
    )
    assert check("Here is the plan:\n" + "\n".join("abcde"))[0].fault is None
    assert check("Here is the plan:\n" + "\n".join("abcde"))[0].repair is None
    (loose,) = line_checks("Give me five slogans, one per line.")
    assert loose("Intro:\n" + "\n".join("abcde"))[0].fault is None  # an introduction is allowed


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
