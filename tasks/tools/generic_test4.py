"""The generic task's `test4` rows (v01-v60), written on 2026-12-06 blind to the observers.

Written by someone who had not read engine/ (the observers and their tests), docs/, the generic
rows' requests or the other generic_*.py texts, before any tuning on them: 34 constraint rows (30
use at least one of the check kinds added to the scorer for them, TEST4_CHECKS in test4_kinds.py; 4
only older kinds), 20 "write this function" rows (generic_test4_functions: doctest in a fenced
docstring, `f(x) == y`, `f(x) -> y`, Input / Output, `assert` lines, or prose with no example;
`shown` lists the tests the request shows, which never count) and 6 everyday questions.
**Do not read these requests or their outputs while tuning**: a change made after looking at them
spends this split. `python -m selfrefine.tasks.tools.generic_test4` rewrites the test4 lines at
the end of tasks/generic/data.jsonl from rows() (every other line is kept byte for byte).
"""

from __future__ import annotations

from selfrefine.tasks.tools import generic_rows
from selfrefine.tasks.tools.generic_rows import DATA
from selfrefine.tasks.tools.generic_rows import constraints as _c
from selfrefine.tasks.tools.generic_rows import everyday as _e
from selfrefine.tasks.tools.generic_test4_functions import FUNCTIONS

SPLIT = "test4"


CONSTRAINTS = [
    # ---------------------------------------------------------------- rows using the new kinds
    _c(
        "Our cat Biscuit slipped out last night. Can you write the text for a small poster I'll "
        "tape to lampposts? The poster is narrow, so no line can be longer than 60 characters. "
        "Sign it from Marta at the bottom.",
        {"check": "line_chars", "max": 60},
        {"check": "signoff", "name": "Marta"},
    ),
    _c(
        "Does a heat pump make sense for a drafty 1970s bungalow in a cold climate? Open with a "
        'one-line summary that starts with "TL;DR:" (25 words max), then explain. Whole answer '
        "under 250 words.",
        {"check": "summary_first", "label": "TL;DR:", "max_words": 25},
        {"check": "words", "max": 250},
    ),
    _c(
        "is it ok to put my cast iron pan in the dishwasher?? start your reply with yes or no and "
        "keep it to 4 sentences tops",
        {"check": "first_word", "words": ["yes", "no"]},
        {"check": "sentences", "max": 4},
    ),
    _c(
        "Give me the top 5 reasons to visit Lisbon in winter, late-night-TV style: a numbered "
        "countdown from 5 down to 1, with the best reason last. Keep it under 200 words.",
        {"check": "countdown", "n": 5},
        {"check": "words", "max": 200},
    ),
    _c(
        "Write a tiny poem about the first snow of the year. Exactly three lines: 3 words, then 5 "
        "words, then 3 words. No title, nothing else.",
        {"check": "line_shape", "counts": [3, 5, 3]},
    ),
    _c(
        "I finally baked a sourdough loaf that didn't collapse!! Write an Instagram caption for the "
        "photo, under 60 words, and put exactly three hashtags on their own final line (none "
        "anywhere else in the caption).",
        {"check": "hashtag_line", "n": 3},
        {"check": "words", "max": 60},
    ),
    _c(
        "My students love tongue twisters. Make up a new one about a sailor and the sea, with at "
        "least 8 words beginning with the letter s. One or two sentences.",
        {"check": "initial_count", "letter": "s", "min": 8},
        {"check": "sentences", "min": 1, "max": 2},
    ),
    _c(
        "Please draft a formal email to my landlord about the boiler, which has been broken for "
        'nine days. Because it is formal, do not use any contractions at all (write "do not", not '
        '"don\'t"). Under 200 words, signed Daniel Okafor.',
        {"check": "no_contractions"},
        {"check": "signoff", "name": "Daniel Okafor"},
        {"check": "words", "max": 200},
    ),
    _c(
        "Explain the 50/30/20 budgeting rule for someone who takes home 3,200 a month, with the "
        'amount for each bucket. Write percentages with the % symbol, never the word "percent". '
        "Max 180 words.",
        {"check": "percent_sign", "min": 3},
        {"check": "words", "max": 180},
    ),
    _c(
        "my daughter is running a lemonade stand on saturday. can you make a price board with 4 "
        "items as a bullet list? prices in dollars with cents, like $1.50 (even whole amounts, so "
        "$2.00 not $2)",
        {"check": "money_format", "symbol": "$", "min": 4},
        {"check": "bullets", "n": 4},
    ),
    _c(
        "Write a short blog intro about switching to a standing desk for a month. Put the title on "
        "the first line, in title case, and keep everything (title included) under 220 words.",
        {"check": "title_case"},
        {"check": "words", "max": 220},
    ),
    _c(
        "I teach 5th grade. Give me one multiple-choice question about the water cycle with four "
        "answer options labelled A, B, C and D (each on its own line), and tell me which is right. "
        "Under 100 words.",
        {"check": "lettered", "n": 4},
        {"check": "words", "max": 100},
    ),
    _c(
        "How do I jump-start a car with jumper cables? Write it one sentence per line. No bullet "
        "points, no numbers in front of the lines, no headings.",
        {"check": "sentence_per_line"},
        {"check": "prose"},
    ),
    _c(
        "Reply with only a code block containing a .gitignore for a Python project that uses a "
        "virtualenv and pytest. No explanation before or after the block.",
        {"check": "fenced"},
    ),
    _c(
        "what's the crontab line to run /home/pi/backup.sh every weekday at 6:30 in the morning? "
        "answer with just the line inside a ```bash code block, nothing else",
        {"check": "fenced", "lang": "bash"},
    ),
    _c(
        "Can you recommend three free websites for learning to touch type? Format each one as a "
        "markdown link ([name](url)) in a bullet list with a few words on why it's good.",
        {"check": "markdown_links", "n": 3},
        {"check": "bullets", "n": 3},
    ),
    _c(
        "I'm applying for a barista job at a small independent café. Write just the body of the "
        "cover letter (no greeting, no sign-off): exactly 3 paragraphs, each between 40 and 80 "
        "words.",
        {"check": "paragraphs", "n": 3},
        {"check": "paragraph_words", "min": 40, "max": 80},
    ),
    _c(
        "Explain how compound interest works to my 15-year-old son, who just opened his first "
        "savings account. Two paragraphs, each with two to four sentences.",
        {"check": "paragraphs", "n": 2},
        {"check": "paragraph_sentence_range", "min": 2, "max": 4},
    ),
    _c(
        "Write a short bedtime story for my toddler where a girl counts sheep from one up to ten. "
        "Spell out every number as a word, no digits anywhere please.",
        {"check": "spelled_numbers", "min": 10},
        {"check": "no_digits"},
    ),
    _c(
        "Write a cheer for my son's under-9 soccer team, the Hornets. Six lines, every line ends "
        "with an exclamation mark, and say the team name somewhere.",
        {"check": "line_endings", "chars": ["!"]},
        {"check": "lines", "n": 6},
        {"check": "include", "words": ["Hornets"]},
    ),
    _c(
        "I need house rules for our holiday rental: a bullet list of exactly 7 rules, each one a "
        "complete sentence that ends with a full stop.",
        {"check": "bullets", "n": 7},
        {"check": "item_endings", "chars": ["."]},
    ),
    _c(
        "Write a Slack update on our office survey: 62 of the 80 staff prefer hybrid work, 11 want "
        "to be fully remote and the rest want to be in the office every day. First line has to be "
        "a TL;DR, and any percentages use the % sign.",
        {"check": "summary_first", "label": "TL;DR"},
        {"check": "percent_sign", "min": 2},
    ),
    _c(
        "We have a scrolling LED sign in the shop window that fits 20 characters per line. Write "
        "4 lines announcing our weekend sale on winter coats.",
        {"check": "line_chars", "max": 20},
        {"check": "lines", "n": 4},
    ),
    _c(
        "What's the difference between a Roth IRA and a traditional IRA? Please just write normal "
        "paragraphs - no bullet points, numbered lists or headings. Under 200 words.",
        {"check": "prose"},
        {"check": "words", "max": 200},
    ),
    _c(
        "Write a thank-you card for my son Leo's kindergarten teacher, Anna, at the end of the "
        "year. Under 80 words, signed from the Nguyen family.",
        {"check": "signoff", "name": "the Nguyen family"},
        {"check": "words", "max": 80},
    ),
    _c(
        "need 3 team name ideas for the pub quiz on thursday, label them a), b), c), with a short "
        "reason for each. keep it short, 90 words max",
        {"check": "lettered", "n": 3},
        {"check": "words", "max": 90},
    ),
    _c(
        "Write a newsletter blurb for the library's summer reading challenge: a catchy headline in "
        "title case, then one short paragraph, and include a markdown link to "
        "https://example.org/summer so people can sign up. Under 120 words total.",
        {"check": "title_case"},
        {"check": "markdown_links", "min": 1},
        {"check": "words", "max": 120},
    ),
    _c(
        "Write a pep message for my running group's chat before Saturday's 10K. The first word has "
        'to be "Morning", keep it under 50 words, and end with a line of exactly 2 hashtags.',
        {"check": "first_word", "words": ["Morning"]},
        {"check": "words", "max": 50},
        {"check": "hashtag_line", "n": 2},
    ),
    _c(
        "Two-line birthday card verse for my friend Bella, please! Make it bouncy with lots of b "
        "sounds: at least 10 words that start with b.",
        {"check": "initial_count", "letter": "b", "min": 10},
        {"check": "lines", "n": 2},
    ),
    _c(
        "My class is writing diamond poems. Write one about the ocean shaped like a diamond: five "
        "lines with 1, 2, 3, 2 and 1 words. Only the poem.",
        {"check": "line_shape", "counts": [1, 2, 3, 2, 1]},
    ),
    # ---------------------------------------------------------------- rows using older kinds only
    _c(
        "Give me a recipe card for pancakes as a JSON object with the keys title, servings (a "
        "number) and ingredients (a list of exactly 5 strings). Only the JSON.",
        {
            "check": "json",
            "type": "object",
            "keys": ["title", "servings", "ingredients"],
            "types": {"title": "string", "servings": "number", "ingredients": "array"},
            "lengths": {"ingredients": 5},
        },
    ),
    _c(
        'tagline for my bakery "Crumb & Co" - all lowercase, no more than 8 words',
        {"check": "lowercase"},
        {"check": "words", "max": 8},
    ),
    _c(
        "Compare three e-readers for me in a markdown table with the columns Model, Price and "
        "Battery life, one row per e-reader.",
        {"check": "table", "columns": ["Model", "Price", "Battery life"], "rows": 3},
    ),
    _c(
        "How do I reset my home router to factory settings? Numbered steps please, between 5 and 7 "
        "of them, and don't go over 150 words.",
        {"check": "steps", "min": 5, "max": 7},
        {"check": "words", "max": 150},
    ),
]

EVERYDAY = [
    _e("How many seconds are there in one day?", number=86400),
    _e(
        "My flight leaves at 22:40 and the flight time is 7 hours 35 minutes. Same time zone at "
        "both ends. What time is it when I land?",
        any=["06:15", "6:15"],
    ),
    _e("Dinner came to $48. How much is a 15% tip?", number=7.2, tol=0.01),
    _e("If today is a Wednesday, what day of the week will it be 10 days from now?", any=["Saturday"]),
    _e(
        "A pasta recipe uses 300 g of pasta for 4 people. How many grams do I need for 10 people?",
        number=750,
    ),
    _e("How many legs do 3 spiders and 2 ants have altogether?", number=36),
]


def rows() -> list[dict]:
    """The 60 rows in file order, ids v01-v60: constraints, then functions, then everyday."""
    return generic_rows.numbered("v", SPLIT, CONSTRAINTS + FUNCTIONS + EVERYDAY)


def render() -> str:
    return generic_rows.render(rows())


def main() -> None:
    generic_rows.rewrite(DATA, SPLIT, render())
    print(f"wrote {len(rows())} {SPLIT} rows at the end of {DATA}")


if __name__ == "__main__":
    main()
