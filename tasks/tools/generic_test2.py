"""The generic task's `test2` rows (t01-t60), written on 2026-12-05 blind to the observers.

Written by someone who had not read engine/ (the observers and their tests), the generic rows'
requests or the other generic_*.py texts, before any tuning on them: 36 constraint rows (28 use
at least one of the check kinds added to tasks/generic/scorer.py for them, 8 only the older
kinds), 16 "write this function" rows (doctest in a fenced docstring, `f(x) == y` lines,
Input / Output pairs, `assert` lines, or prose with no example; `shown` lists the indices of the
tests the request shows, which never count) and 8 everyday questions.
**Do not read these requests or their outputs while tuning**: a change made after looking at them
spends this split, as the earlier `test` rows (now dev) were spent.
`python -m selfrefine.tasks.tools.generic_test2` rewrites the test2 lines at the end of
tasks/generic/data.jsonl from ROWS (every other line is kept as it is).
"""

from __future__ import annotations

from selfrefine.tasks.tools import generic_rows
from selfrefine.tasks.tools.generic_rows import DATA
from selfrefine.tasks.tools.generic_rows import constraints as _c
from selfrefine.tasks.tools.generic_rows import everyday as _e
from selfrefine.tasks.tools.generic_test2_functions import FUNCTIONS

SPLIT = "test2"


CONSTRAINTS = [
    _c(
        "Can you write me a shopping list for a picnic in the park? One item per line, every line "
        "starting with a capital letter, and no more than 8 lines please.",
        {"check": "capitalized_lines"},
        {"check": "lines", "max": 8},
    ),
    _c(
        "My daughter is running a lemonade stand on Saturday and wants a few slogans for her sign. "
        "Give me five, one per line and nothing else around them, none longer than six words.",
        {"check": "line_words", "max": 6},
        {"check": "lines", "n": 5},
    ),
    _c(
        "How do I make a proper cup of tea? Please don't use any digits in your answer, write "
        "numbers out as words instead.",
        {"check": "no_digits"},
    ),
    _c(
        "Write a short thank-you note to my neighbour for watering my plants while I was on "
        'holiday. Use the word "plants" exactly twice and keep the whole thing under 80 words.',
        {"check": "word_times", "word": "plants", "n": 2},
        {"check": "words", "max": 79},
    ),
    _c(
        "I'm starting a little blog about rainy-day activities. Write the first post for me. Put a "
        "title on the first line, and keep every paragraph to three sentences or fewer.",
        {"check": "title"},
        {"check": "paragraph_sentences", "max": 3},
    ),
    _c(
        "Explain to a ten-year-old why the sky is blue. No paragraph should be longer than two "
        "sentences, and make sure you mention sunlight.",
        {"check": "paragraph_sentences", "max": 2},
        {"check": "include", "words": ["sunlight"]},
    ),
    _c(
        "Describe a cozy mountain cabin in exactly six words, and don't repeat any word.",
        {"check": "no_repeats"},
        {"check": "words", "min": 6, "max": 6},
    ),
    _c(
        "Could you write a product description for a reusable water bottle we're selling online? "
        'Say "leak-proof" in the very first sentence and keep it to five sentences at most.',
        {"check": "first_sentence_includes", "word": "leak-proof"},
        {"check": "sentences", "max": 5},
    ),
    _c(
        "I need a paragraph for our gym newsletter about staying active over the winter. Work in "
        "at least three of these words: treadmill, yoga, snowshoeing, stretching, hydration.",
        {
            "check": "keywords",
            "words": ["treadmill", "yoga", "snowshoeing", "stretching", "hydration"],
            "min": 3,
        },
    ),
    _c(
        "What should I ask my son's teacher at the parent-teacher meeting next week? Give me "
        "exactly five questions and nothing but questions, no intro or closing lines.",
        {"check": "all_questions"},
        {"check": "questions", "n": 5},
    ),
    _c(
        "write an acrostic poem about summer where the first letters of the lines spell SUMMER",
        {"check": "acrostic", "word": "SUMMER"},
    ),
    _c(
        "Give me four tips for a first job interview as bullet points. Keep it punchy: no sentence "
        "over 12 words.",
        {"check": "bullets", "n": 4},
        {"check": "sentence_words", "max": 12},
    ),
    _c(
        "Write an Instagram caption for a photo of my first homemade sourdough loaf. Under 50 "
        "words, with exactly three hashtags.",
        {"check": "words", "max": 49},
        {"check": "hashtags", "n": 3},
    ),
    _c(
        "Draft an email template I can send to landlords asking whether their apartment is still "
        "available. Leave the details I'll fill in as placeholders in square brackets like "
        "[Your Name] - I need at least four of them.",
        {"check": "placeholders", "min": 4},
    ),
    _c(
        "Make up a silly tongue twister for my kids where every single word starts with the letter "
        "S. At least eight words, please.",
        {"check": "same_initial", "letter": "s"},
        {"check": "words", "min": 8},
    ),
    _c(
        "Write a tiny three-line poem about my morning coffee (just the three lines, no title), with "
        "no line longer than seven words.",
        {"check": "lines", "n": 3},
        {"check": "line_words", "max": 7},
    ),
    _c(
        "What should I pack for a weekend camping trip? Give me one item per line, start each line "
        "with a capital letter, and don't use any digits - spell quantities out.",
        {"check": "capitalized_lines"},
        {"check": "no_digits"},
    ),
    _c(
        'Describe your ideal lazy Sunday morning in a single paragraph. The word "coffee" should '
        'appear exactly once, and please avoid the word "slow" entirely.',
        {"check": "paragraphs", "n": 1},
        {"check": "word_times", "word": "coffee", "n": 1},
        {"check": "exclude", "words": ["slow"]},
    ),
    _c(
        "Write a short review of a neighborhood pizza place for a local food blog. Give it a "
        "title, keep it under 150 words, and don't use the word \"delicious\", it's so overused.",
        {"check": "title"},
        {"check": "words", "max": 149},
        {"check": "exclude", "words": ["delicious"]},
    ),
    _c(
        "I'm thinking about buying my first car. What questions should I ask myself before I do? "
        'Reply only with questions, and use the word "budget" in the first one.',
        {"check": "all_questions"},
        {"check": "first_sentence_includes", "word": "budget"},
    ),
    _c(
        "Help me write a wedding toast for my best friend. Use at least two of these words: "
        "laughter, adventure, patience, home. Keep paragraphs to three sentences max and the whole "
        "toast under 150 words.",
        {"check": "keywords", "words": ["laughter", "adventure", "patience", "home"], "min": 2},
        {"check": "paragraph_sentences", "max": 3},
        {"check": "words", "max": 149},
    ),
    _c(
        "Can you write an acrostic for the name LUCY? It's for my niece's birthday card. Every line "
        "should begin with a capital letter.",
        {"check": "acrostic", "word": "LUCY"},
        {"check": "capitalized_lines"},
    ),
    _c(
        "Write a tweet announcing that our bakery now sells cinnamon rolls. It has to fit in 280 "
        "characters and should have one or two hashtags, not more.",
        {"check": "chars", "max": 280},
        {"check": "hashtags", "min": 1, "max": 2},
    ),
    _c(
        "I organise a team lunch every month. Write me a reusable invitation with placeholders in "
        "square brackets for the details that change (at least three, like [Date]). Keep each "
        "sentence under 15 words.",
        {"check": "placeholders", "min": 3},
        {"check": "sentence_words", "max": 14},
    ),
    _c(
        "Describe autumn in one sentence without using any word twice, not even little words like "
        '"the" or "a".',
        {"check": "no_repeats"},
        {"check": "sentences", "min": 1, "max": 1},
    ),
    _c(
        "Write a note for the fridge reminding my roommates that the trash goes out on Thursday "
        "nights. No digits anywhere, and no more than four lines.",
        {"check": "no_digits"},
        {"check": "lines", "max": 4},
    ),
    _c(
        'Write a short paragraph on the history of the bicycle in which the word "wheel" appears '
        "exactly three times.",
        {"check": "word_times", "word": "wheel", "n": 3},
        {"check": "paragraphs", "n": 1},
    ),
    _c(
        "Write a pep talk for my running club before Sunday's race. Keep every line to ten words or "
        "fewer, and end the whole message with an exclamation mark.",
        {"check": "line_words", "max": 10},
        {"check": "ends_with", "text": "!"},
    ),
    # the older kinds only
    _c(
        "Make me a checklist for a day at the beach: a bulleted list with exactly six things. Skip "
        "sunscreen, I've already got that covered.",
        {"check": "bullets", "n": 6},
        {"check": "exclude", "words": ["sunscreen"]},
    ),
    _c(
        "explain compound interest to me in under 60 words, all lowercase please",
        {"check": "words", "max": 59},
        {"check": "lowercase"},
    ),
    _c(
        "Recommend three board games for a family game night as a numbered list, and make the very "
        'last word of your reply "enjoy".',
        {"check": "numbered", "n": 3},
        {"check": "last_word", "word": "enjoy"},
    ),
    _c(
        'Give me a pancake recipe as a JSON object with the keys "name", "ingredients" (a list) '
        'and "minutes" (a number). Only the JSON, nothing else.',
        {
            "check": "json",
            "type": "object",
            "keys": ["name", "ingredients", "minutes"],
            "types": {"ingredients": "array", "minutes": "number"},
        },
    ),  # fmt: skip
    _c(
        'Write two paragraphs on why dogs make great pets. Begin the second paragraph with "However".',
        {"check": "paragraphs", "n": 2},
        {"check": "paragraph_starts", "index": 1, "text": "however"},
    ),
    _c(
        "Write a quick text apologizing to my friend for missing her birthday party. Start it with "
        '"Hey" and keep it between 20 and 50 words.',
        {"check": "starts_with", "text": "hey"},
        {"check": "words", "min": 20, "max": 50},
    ),
    _c(
        "Plan a simple weekly workout for me with three sections titled Monday, Wednesday and "
        'Friday, in that order. Please don\'t use the word "cardio".',
        {"check": "sections", "titles": ["Monday", "Wednesday", "Friday"]},
        {"check": "exclude", "words": ["cardio"]},
    ),
    _c(
        "Write a limerick about a cat who is obsessed with cheese. Just the five lines, no title, "
        'and the word "cheese" needs to show up at least twice.',
        {"check": "lines", "n": 5},
        {"check": "include", "words": ["cheese"], "times": 2},
    ),
]

EVERYDAY = [
    _e("How many days are in a leap year?", number=366),
    _e("I'm buying 3 notebooks at $2.40 each. How much is that altogether?", number=7.2, tol=0.001),
    _e("Which planet in our solar system is the biggest?", any=["Jupiter"]),
    _e(
        "My flight takes off at 14:35 and the trip takes 2 hours 50 minutes. What time do I land? "
        "Use the 24-hour clock.",
        any=["17:25", "5:25 pm", "5:25 p.m."],
    ),
    _e("how many grams is 2.5 kg", number=2500),
    _e("What gas do plants take in from the air to make their food?", any=["carbon dioxide", "CO2"]),
    _e(
        "A soup recipe for 4 people uses 300 g of lentils. How many grams do I need to make it for 6?",
        number=450,
    ),
    _e("How many sides does an octagon have?", any=["eight"], number=8),
]


def rows() -> list[dict]:
    """The test2 rows in file order, ids t01-t60, each field in the file's order."""
    return generic_rows.numbered("t", SPLIT, CONSTRAINTS + FUNCTIONS + EVERYDAY)


def render() -> str:
    return generic_rows.render(rows())


def main() -> None:
    """Keep every line that is not test2 as it is, then write the test2 rows after them."""
    generic_rows.rewrite(DATA, SPLIT, render())


if __name__ == "__main__":
    main()
