"""The generic task's `test7` rows (y01-y60), written on 2026-12-06 blind to the observers.

Written by someone who had not read engine/ (the observers and their tests), docs/, the results or
any other generic row's request, before any tuning on them: 32 constraint rows (28 use at least one
of the check kinds added to the scorer for them, TEST7_CHECKS in test7_kinds.py; 4 only older
kinds), 22 "write this function" rows (generic_test7_functions: doctest in a fenced docstring,
`f(x) == y`, `f(x) -> y`, Input / Output, `assert` lines, or prose with no example; `shown` lists
the tests the request shows, which never count) and 6 everyday questions.
**Do not read these requests or their outputs while tuning**: a change made after looking at them
spends this split. `python -m selfrefine.tasks.tools.generic_test7` rewrites the test7 lines at
the end of tasks/generic/data.jsonl from rows() (every other line is kept byte for byte).
"""

from __future__ import annotations

from selfrefine.tasks.tools import generic_rows
from selfrefine.tasks.tools.generic_rows import DATA
from selfrefine.tasks.tools.generic_rows import constraints as _c
from selfrefine.tasks.tools.generic_rows import everyday as _e
from selfrefine.tasks.tools.generic_test7_functions import FUNCTIONS

SPLIT = "test7"

# fmt: off
CONSTRAINTS = [
    _c(
        "can you write an email to my landlord Mr. Okafor? the heater in my apartment (unit 4B) hasn't "
        "worked since Monday and it's getting really cold at night, I'd like it fixed this week. Give "
        "it a subject line, open with a greeting that uses his name, and keep the whole thing under "
        "150 words.",
        {"check": "subject_line"},
        {"check": "greeting_name", "name": "Okafor"},
        {"check": "words", "max": 149},
    ),
    _c(
        "Write a quick Slack message to my team: starting next week our Monday check-in moves from "
        "9:30 am to 11 am New York time. A few people are in Lisbon and a few in Denver, so every time "
        "you mention needs its time zone next to it.",
        {"check": "time_zones", "min": 2},
    ),
    _c(
        "I'm redoing the website for my little bakery and want a warm, cozy color palette. Suggest 5 "
        "colors - for each one give me the hex code and a few words on where to use it (buttons, "
        "background etc).",
        {"check": "hex_colors", "n": 5},
    ),
    _c(
        "Help me write a post for r/personalfinance about how I paid off $18,000 of credit card debt "
        "in 2 years on a teacher's salary (avalanche method, tutoring on weekends, basically no eating "
        "out). Put a TL;DR at the bottom, no more than 25 words.",
        {"check": "tldr_last", "max_words": 25},
    ),
    _c(
        "Need gift ideas for my dad's 60th. He's into fishing, grilling and old westerns. Give me 8 "
        "ideas, none over $40, with a rough price for each one",
        {"check": "price_cap", "max": 40, "min": 8},
    ),
    _c(
        "give me 15 SEO keywords for a dog grooming salon in Austin TX. one line, comma separated, "
        "I'm pasting it straight into a form",
        {"check": "comma_list", "n": 15},
    ),
    _c(
        "Can you help me write a cover letter for a junior accountant job at Brightwell & Co? I just "
        "finished my accounting degree and did an internship doing accounts payable at a car "
        "dealership. My career advisor says every sentence in my letters starts with \"I\" so please "
        "don't begin ANY sentence with I. Keep it under 300 words.",
        {"check": "avoid_openers", "words": ["I"]},
        {"check": "words", "max": 299},
    ),
    _c(
        "What are the steps to repot a snake plant? Format them as a bulleted list using hyphens (-), "
        "not asterisks and not numbers, my notes app messes those up.",
        {"check": "bullet_marker", "marker": "-"},
        {"check": "numbered", "n": 0},
    ),
    _c(
        "Write one short paragraph for our book club newsletter recommending our next three reads: "
        "Piranesi, The Overstory and Homegoing. Put the book titles in italics.",
        {"check": "italicized", "phrases": ["Piranesi", "The Overstory", "Homegoing"]},
        {"check": "paragraphs", "n": 1},
    ),
    _c(
        "Make me a simple vegetarian meal plan for next week as a CSV with the columns "
        "day,breakfast,lunch,dinner. One row per day, Monday through Sunday. I'll import it into "
        "Google Sheets.",
        {"check": "csv_rows", "columns": ["day", "breakfast", "lunch", "dinner"], "n": 7},
    ),
    _c(
        "I'm starting a beginner running group that meets every Saturday in March 2027. List each of "
        "those Saturdays with its date written out with the weekday (like \"Saturday, March 6\") and a "
        "short workout for that day, building up week by week.",
        {"check": "weekday_dates", "year": 2027, "min": 4},
    ),
    _c(
        "write a youtube description for my video \"Building a home gym for under $500\" (it's about "
        "14 minutes long). include chapter timestamps starting at 0:00, at least 5 chapters, and end "
        "with 3 hashtags",
        {"check": "video_chapters", "min": 5},
        {"check": "hashtags", "n": 3},
    ),
    _c(
        "Write a short article for our middle school newsletter about the robotics team winning the "
        "regional championship last Saturday. Headline at the top, and a byline under it with my "
        "name, Dana Whitfield.",
        {"check": "byline", "name": "Dana Whitfield"},
        {"check": "title"},
    ),
    _c(
        "Write a job ad for a part-time barista at our coffee shop (weekends, $17/hr, some experience "
        "preferred). Keep the language gender neutral: no he/she, him/her or his/hers anywhere. "
        "Max 250 words.",
        {"check": "gender_neutral"},
        {"check": "words", "max": 250},
    ),
    _c(
        "I need an \"About us\" blurb for the website of our bike repair shop. My two brothers and I "
        "have run it since 2012 and we fix everything from kids' bikes to e-bikes. Write it in the "
        "\"we\" voice, no I/me/my, somewhere between 80 and 150 words.",
        {"check": "we_voice"},
        {"check": "words", "min": 80, "max": 150},
    ),
    _c(
        "making a menu board for my kids lemonade stand this weekend. can you list about 6 drinks and "
        "snacks with prices? write every price with the cents, like $1.50 or $2.00, it looks nicer",
        {"check": "decimal_places", "places": 2, "scope": "money", "min": 5},
    ),
    _c(
        "I need placeholder data for a slide mockup. Invent results for a customer satisfaction survey "
        "with 4 or 5 questions and the percentage of people who answered 'satisfied' for each. Give "
        "all percentages to one decimal place (e.g. 87.5%).",
        {"check": "decimal_places", "places": 1, "scope": "percent", "min": 4},
    ),
    _c(
        "My grandma is buying a laptop and the salesperson keeps saying SSD and RAM. Explain what they "
        "are in simple terms, and spell out what each abbreviation stands for the first time you use "
        "it. Under 200 words.",
        {"check": "expanded_acronyms", "acronyms": ["SSD", "RAM"]},
        {"check": "words", "max": 199},
    ),
    _c(
        "Make a note for the fridge for our babysitter with emergency contacts: me (Jess), my husband "
        "Tom, Grandma Lu, Dr. Patel's office and our neighbor Carl. Use made-up 555 numbers for now, "
        "and format every phone number as (555) 123-4567.",
        {"check": "phone_numbers", "format": "(NNN) NNN-NNNN", "min": 5},
    ),
    _c(
        "Help me write a Facebook post telling friends that we had to say goodbye to our dog Biscuit "
        "last week. He was 14. I want to thank everyone who checked in on us. Start it with a content "
        "warning for pet loss, and please no exclamation points, it doesn't fit the mood.",
        {"check": "content_warning"},
        {"check": "exclamation_marks", "n": 0},
    ),
    _c(
        "Write a short pep talk I can read to my under-12 soccer team before Saturday's final. "
        "Include one quote from a famous athlete and say who said it. Under 120 words, they won't sit "
        "still for longer than that.",
        {"check": "attributed_quote"},
        {"check": "words", "max": 119},
    ),
    _c(
        "Write a LinkedIn post announcing that I'm starting a new role as a data analyst at Northwind "
        "Health next month. Don't put any links in it (LinkedIn buries posts with links) and no more "
        "than 3 hashtags.",
        {"check": "no_urls"},
        {"check": "hashtags", "max": 3},
    ),
    _c(
        "Give me a recipe for a vegetarian black bean chili that serves 6. Say the number of servings "
        "near the top and keep the whole recipe under 350 words.",
        {"check": "servings", "n": 6},
        {"check": "words", "max": 349},
    ),
    _c(
        "product description for a handmade stoneware mug (speckled glaze, 12 oz, dishwasher safe) "
        "for my online shop. It's a calm, upscale brand so AT MOST one exclamation mark. 60-120 "
        "words",
        {"check": "exclamation_marks", "max": 1},
        {"check": "words", "min": 60, "max": 120},
    ),
    _c(
        "Draft an invitation to our online book launch for \"The Salt Road\". It's on Thursday, June "
        "10, 2027 at 7 pm London time. Lots of readers are in the US, so also give the time in US "
        "Eastern and Pacific, with the time zone next to each time, and mention the day and date.",
        {"check": "time_zones", "min": 3},
        {"check": "weekday_dates", "year": 2027},
    ),
    _c(
        "Write show notes for episode 14 of our gardening podcast (about 40 min, the topic is growing "
        "tomatoes in containers). Include a timestamp for each segment starting from 00:00. No links "
        "please, I'll add those myself.",
        {"check": "video_chapters", "min": 4},
        {"check": "no_urls"},
    ),
    _c(
        "For my wedding stationery I want a sage green palette. Give me 4 colors as CSV with two "
        "columns, name and hex, I'm loading it into a design tool.",
        {"check": "csv_rows", "columns": ["name", "hex"], "n": 4},
        {"check": "hex_colors", "n": 4},
    ),
    _c(
        "Write a short flyer blurb for my lawn mowing business, Green Acres Mowing. Free quotes, weekly "
        "or every other week. Put my number in (555 867 5309) but written with dashes between the "
        "groups. Keep it under 60 words.",
        {"check": "phone_numbers", "format": "NNN-NNN-NNNN"},
        {"check": "words", "max": 59},
    ),
    _c(
        "what should I pack for a 3 day hike with one night of camping? give me a checklist of exactly "
        "12 items as bullet points",
        {"check": "bullets", "n": 12},
    ),
    _c(
        "Write a 2-paragraph shop bio for my Etsy page. I make hand-poured beeswax candles in Vermont "
        "and started during the pandemic. Use the word beeswax at least twice.",
        {"check": "paragraphs", "n": 2},
        {"check": "include", "words": ["beeswax"], "times": 2},
    ),
    _c(
        "write a limerick about my cat who keeps stealing socks. just the 5 lines, no title",
        {"check": "lines", "n": 5},
    ),
    _c(
        "Text to my coworker Priya asking if she could cover my Saturday closing shift at the store, I "
        "have a family thing. Keep it under 40 words and end with a question so she actually replies.",
        {"check": "words", "max": 39},
        {"check": "ends_with_question"},
    ),
]

EVERYDAY = [
    _e("How many minutes are there in a week?", number=10080),
    _e("what's the chemical symbol for sodium", any=["Na"]),
    _e("If I put away $35 every week, how much will I have saved after 18 weeks?", number=630),
    _e("Which planet in our solar system is the largest?", any=["Jupiter"]),
    _e("how many days are in a leap year", number=366),
    _e("Roughly how many miles is a 5K run?", number=3.107, tol=0.02),
]
# fmt: on


def rows() -> list[dict]:
    """The 60 rows in file order, ids y01-y60: constraints, then functions, then everyday."""
    return generic_rows.numbered("y", SPLIT, CONSTRAINTS + FUNCTIONS + EVERYDAY)


def render() -> str:
    return generic_rows.render(rows())


def main() -> None:
    generic_rows.rewrite(DATA, SPLIT, render())
    print(f"wrote {len(rows())} {SPLIT} rows at the end of {DATA}")


if __name__ == "__main__":
    main()
