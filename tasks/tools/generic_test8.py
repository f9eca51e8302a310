"""The generic task's `test8` rows (z01-z60), written on 2026-12-07 blind to the observers.

Written by someone who had not read engine/ (the observers and their tests), docs/, the results or
any other generic row's request, before any tuning on them: 32 constraint rows (28 use at least one
of the check kinds added to the scorer for them, TEST8_CHECKS in test8_kinds.py; 4 only older
kinds), 22 "write this function" rows (generic_test8_functions: doctest in a fenced docstring,
`f(x) == y`, `f(x) -> y`, Input / Output, `assert` lines, or prose with no example; `shown` lists
the tests the request shows, which never count) and 6 everyday questions.
**Do not read these requests or their outputs while tuning**: a change made after looking at them
spends this split. `python -m selfrefine.tasks.tools.generic_test8` rewrites the test8 lines at
the end of tasks/generic/data.jsonl from rows() (every other line is kept byte for byte).
"""

from __future__ import annotations

from selfrefine.tasks.tools import generic_rows
from selfrefine.tasks.tools.generic_rows import DATA
from selfrefine.tasks.tools.generic_rows import constraints as _c
from selfrefine.tasks.tools.generic_rows import everyday as _e
from selfrefine.tasks.tools.generic_test8_functions import FUNCTIONS

SPLIT = "test8"

# fmt: off
CONSTRAINTS = [
    _c(
        "My partner and I are doing 3 days in Lisbon in April, first time there. Can you sketch an "
        "itinerary? Label it Day 1, Day 2, Day 3 with at least two bullet points under each day. "
        "Under 350 words please, we'll print it.",
        {"check": "day_plan", "n": 3, "min_items": 2},
        {"check": "words", "max": 350},
    ),
    _c(
        "Make me a 45 minute full-body workout I can do at home with just dumbbells. Put it as a list "
        "with the minutes for each part (warm-up and cool-down included) and make sure the parts add "
        "up to exactly 45 minutes. At least 5 parts.",
        {"check": "minutes_total", "n": 45},
        {"check": "item_durations", "min": 5},
    ),
    _c(
        "I'm throwing my daughter's 7th birthday party at home (about 12 kids). Can you put together a "
        "budget: a list of what we need with a price for each line (at least 5 lines), and a Total "
        "line at the bottom that adds them up. The whole party has to stay under $400.",
        {"check": "budget_total", "min": 5},
        {"check": "price_cap", "max": 400},
    ),
    _c(
        "write an email to my son's teacher, Ms. Okonkwo, letting her know he'll miss school next "
        "thursday and friday for his grandfather's 80th birthday and asking if there's any homework he "
        "should take with him. needs a subject line (short, 8 words max), and keep it under 150 words",
        {"check": "subject_line", "max_words": 8},
        {"check": "greeting_name", "name": "Okonkwo"},
        {"check": "words", "max": 150},
    ),
    _c(
        "Write a blog post for our gardening site on getting started with composting in a small "
        "backyard, 400 to 700 words. Like Medium does, put an estimated reading time right under the "
        "title (assume people read about 200 words a minute).",
        {"check": "read_time"},
        {"check": "words", "min": 400, "max": 700},
    ),
    _c(
        "I need a short reflective essay (200-300 words) on what I learned from my first part-time job "
        "working at a grocery store. At the very end, on its own line, write the word count so I can "
        "check it against the limit.",
        {"check": "stated_word_count"},
        {"check": "words", "min": 200, "max": 310},
    ),
    _c(
        "Write a git commit message for this change: I fixed a bug where the login form accepted "
        "passwords with trailing spaces and then failed on the server, so now the client trims the "
        "input and shows an error if it's empty. Follow the usual conventions: subject line 50 chars "
        "max with no period at the end, blank line, then a body wrapped at 72 characters.",
        {"check": "commit_message", "max_subject": 50, "wrap": 72},
    ),
    _c(
        "can you give me the HTML for a simple newsletter signup form? it needs a label, an email input "
        "and a submit button. just plain HTML, no CSS or JS, I'll paste it into our site builder.",
        {"check": "html_balanced", "tags": ["form", "label", "input", "button"]},
    ),
    _c(
        "Write a short scene in proper screenplay format: two old friends run into each other at a "
        "bus stop in the rain, and then the scene moves into the diner across the street. Use real "
        "scene headings for both locations. Keep it under 450 words.",
        {"check": "scene_headings", "min": 2},
        {"check": "words", "max": 450},
    ),
    _c(
        "Draft a CHANGELOG for our little CLI tool covering the last three releases (make up "
        "plausible version numbers, newest release first, each with its own heading). Every entry is "
        "a bullet starting with a tag: [Added], [Fixed], [Changed] or [Removed]. At least 6 entries "
        "in total.",
        {"check": "versions_descending", "min": 3},
        {"check": "bracket_tags", "tags": ["Added", "Fixed", "Changed", "Removed"], "min": 6},
    ),
    _c(
        "instagram caption for our bakery's new cardamom buns, launching saturday. fun but not cringe. "
        "add 3 to 5 hashtags, and capitalize each word inside the hashtags so screen readers can read "
        "them properly",
        {"check": "camel_hashtags", "min": 3},
        {"check": "hashtags", "min": 3, "max": 5},
    ),
    _c(
        "Write a little five-line poem about autumn where the first letters of the lines spell MAPLE. "
        "Keep every line to 8 words or fewer.",
        {"check": "acrostic", "word": "maple"},
        {"check": "line_words", "max": 8},
    ),
    _c(
        "Write a very short story (under 300 words) about a lighthouse keeper who finds a message in a "
        "bottle. My writing teacher has banned adverbs ending in -ly, so please don't use any of them.",
        {"check": "no_ly_adverbs"},
        {"check": "words", "max": 300},
    ),
    _c(
        "Write a short news brief (under 200 words) for our neighborhood newsletter about last "
        "weekend's school bake sale: how many volunteers, how many tables, how much was raised, etc. "
        "Follow AP style for numbers: spell out one through nine, use figures for 10 and above.",
        {"check": "small_numbers_spelled", "min": 3},
        {"check": "words", "max": 200},
    ),
    _c(
        "Give me a recipe for a weeknight chicken curry that serves 4. Put the ingredients as a "
        "bulleted list where every ingredient has an amount (no 'salt to taste' without a quantity), "
        "then numbered steps. At least 6 ingredients.",
        {"check": "item_quantities", "min": 6},
        {"check": "servings", "n": 4},
    ),
    _c(
        "I'm leading my book club's discussion of Kazuo Ishiguro's Klara and the Sun next week. Write "
        "me 4 short paragraphs to read aloud, each one touching on a theme and each ending with a "
        "question for the group to discuss.",
        {"check": "paragraphs_end_with_question", "min": 4},
        {"check": "paragraphs", "n": 4},
    ),
    _c(
        "Write a letter from our clinic to elderly patients explaining that the pharmacy is moving to "
        "the ground floor next month. Many of them struggle with long sentences, so keep every "
        "sentence simple with at most one comma. Under 200 words.",
        {"check": "sentence_commas", "max": 1},
        {"check": "words", "max": 200},
    ),
    _c(
        "text to my friend Jess cancelling our dinner tonight because my kid is sick, suggest next "
        "week instead. keep it under 60 words and DON'T use ... anywhere, she always reads it as "
        "passive aggressive lol",
        {"check": "no_ellipsis"},
        {"check": "words", "max": 60},
    ),
    _c(
        "Draft this month's newsletter for our climbing gym: new bouldering wall, a members' night, "
        "and updated opening hours. Start with a title, and mark where the two or more photos should "
        "go with notes in square brackets like [Photo: ...] describing the shot, so our designer knows.",
        {"check": "image_notes", "min": 2},
        {"check": "title"},
    ),
    _c(
        "I'm stuck naming my baby girl. Give me 5 name ideas that are classic but not too common, as "
        "a JSON array of strings and nothing else.",
        {"check": "json", "type": "array", "length": 5, "items": "string"},
    ),
    _c(
        "Should I get an e-bike for my 8 km commute? Give me exactly 3 pros and 3 cons, as two lists "
        "with a Pros heading and a Cons heading, then one line with your take. Under 250 words.",
        {"check": "pros_cons", "n": 3},
        {"check": "words", "max": 250},
    ),
    _c(
        "We're opening a small office in Manchester and I'm writing the welcome note for the new "
        "team there (about how we organize our days, our favorite lunch spots etc). Please write it "
        "in British English spelling, not American, the team will notice. Around 150 words, max 180.",
        {"check": "british_spelling", "min": 2},
        {"check": "words", "max": 180},
    ),
    _c(
        "My relatives in Ohio want my grandma's oatmeal cookie recipe but they don't have a kitchen "
        "scale. Write it with US measurements only (cups, tablespoons, ounces, Fahrenheit), nothing "
        "metric. Ingredients as a bullet list, each with its amount, then the steps.",
        {"check": "us_units", "min": 4},
        {"check": "item_quantities", "min": 5},
    ),
    _c(
        "We sell a design tool to clients in several countries. Write a short pricing blurb with our "
        "three plans (Starter, Team, Enterprise). Write every price with its currency code like "
        "USD 49 or 45 EUR instead of symbols, and write big numbers with commas (the Enterprise plan "
        "is over a thousand a year).",
        {"check": "currency_codes", "min": 3},
        {"check": "thousands_commas", "min": 1},
    ),
    _c(
        "Summarize our food bank's year for the annual report in at most 8 sentences. Make up "
        "realistic figures: meals served, pounds of food collected, volunteer hours, families helped. "
        "Write large numbers with commas as thousands separators.",
        {"check": "thousands_commas", "min": 3},
        {"check": "sentences", "max": 8},
    ),
    _c(
        "I have 5 days until my chemistry final. Make me a study plan: Day 1 to Day 5, with a bulleted "
        "list of tasks under each day and how long each task should take.",
        {"check": "day_plan", "n": 5},
        {"check": "item_durations", "min": 5},
    ),
    _c(
        "Put together an agenda for our one-hour quarterly planning meeting as a numbered list of 6 "
        "items. Give each item its time in minutes; together they have to fill exactly 60 minutes.",
        {"check": "minutes_total", "n": 60},
        {"check": "numbered", "n": 6},
    ),
    _c(
        "We're planning a small wedding (40 guests) and need a realistic budget. List each expense on "
        "its own line with its cost, at least 6 of them, and end with a Total line that is the sum. "
        "Use commas in the numbers over a thousand.",
        {"check": "budget_total", "min": 6},
        {"check": "thousands_commas", "min": 2},
    ),
    _c(
        "For our app's 'What's new' page, write the version history for the last four releases of a "
        "habit-tracking app. Each release starts with its version number on its own line, newest at "
        "the top, followed by a sentence or two about what changed. Under 250 words.",
        {"check": "versions_descending", "min": 4},
        {"check": "words", "max": 250},
    ),
    _c(
        "Write a product description for a handmade ceramic coffee mug, 80 to 150 words. Our brand "
        "voice is plain and direct, so no more than two commas per sentence and no adverbs that end "
        "in -ly.",
        {"check": "sentence_commas", "max": 2},
        {"check": "no_ly_adverbs"},
        {"check": "words", "min": 80, "max": 150},
    ),
    _c(
        "Write a Facebook post inviting neighbors to our river cleanup on Sunday morning (gloves and "
        "bags provided). Add a couple of hashtags in CamelCase, at most 2 exclamation marks, and no "
        "ellipses.",
        {"check": "camel_hashtags", "min": 2},
        {"check": "exclamation_marks", "max": 2},
        {"check": "no_ellipsis"},
    ),
    _c(
        "give me three icebreaker questions for a remote team meeting, one per line, no intro or "
        "anything else, just the questions",
        {"check": "all_questions"},
        {"check": "lines", "n": 3},
    ),
]

EVERYDAY = [
    _e("How many seconds are there in one hour?", number=3600),
    _e("what's the capital of australia", any=["Canberra"]),
    _e("A recipe needs 3 eggs per batch and I'm making 4 batches. How many eggs do I need?", number=12),
    _e("At sea level, water boils at how many degrees Fahrenheit?", number=212),
    _e("how many sides does a hexagon have", number=6, any=["six"]),
    _e("What's 15% of 80?", number=12),
]
# fmt: on


def rows() -> list[dict]:
    """The 60 rows in file order, ids z01-z60: constraints, then functions, then everyday."""
    return generic_rows.numbered("z", SPLIT, CONSTRAINTS + FUNCTIONS + EVERYDAY)


def render() -> str:
    return generic_rows.render(rows())


def main() -> None:
    generic_rows.rewrite(DATA, SPLIT, render())
    print(f"wrote {len(rows())} {SPLIT} rows at the end of {DATA}")


if __name__ == "__main__":
    main()
