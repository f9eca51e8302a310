"""The generic task's `test3` rows (u01-u60), written on 2026-12-06 blind to the observers.

Written by someone who had not read engine/ (the observers and their tests), the generic rows'
requests or the other generic_*.py texts, before any tuning on them: 36 constraint rows (30 use
at least one of the check kinds added to the scorer for them, TEST3_CHECKS in test3_kinds.py; 6 only
older kinds), 16 "write this function" rows (doctest in a fenced docstring, `f(x) == y` lines,
`f(x) -> y` lines, Input / Output pairs, `assert` lines, or prose with no example; `shown` lists
the indices of the tests the request shows, which never count) and 8 everyday questions.
**Do not read these requests or their outputs while tuning**: a change made after looking at them
spends this split. `python -m selfrefine.tasks.tools.generic_test3` rewrites the test3 lines at
the end of tasks/generic/data.jsonl from rows() (every other line is kept byte for byte).
"""

from __future__ import annotations

from selfrefine.tasks.tools import generic_rows
from selfrefine.tasks.tools.generic_rows import DATA
from selfrefine.tasks.tools.generic_rows import constraints as _c
from selfrefine.tasks.tools.generic_rows import everyday as _e
from selfrefine.tasks.tools.generic_test3_functions import FUNCTIONS

SPLIT = "test3"


CONSTRAINTS = [
    # u01
    _c(
        "We're organising a neighbourhood litter pick next Saturday morning and I need a short flyer "
        "to push through letterboxes. Please don't use the word 'volunteer' in any form (volunteers, "
        "volunteering and so on) - every flyer round here says it. Keep it under 80 words.",
        {"check": "no_word_forms", "stems": ["volunteer"]},
        {"check": "words", "max": 79},
    ),
    # u02
    _c(
        "Can you make me a packing checklist for a weekend ski trip? Bullet points, at least 8 items, "
        "and put them in alphabetical order so I can find things quickly.",
        {"check": "alphabetical", "min": 8},
    ),
    # u03
    _c(
        "My team keeps missing deadlines because nobody is sure who owns what. Draft a short message "
        "introducing a 15-minute check-in every Monday morning, under 120 words. End the message "
        "with exactly this line: Let's make Mondays count.",
        {"check": "closing_line", "text": "Let's make Mondays count."},
        {"check": "words", "max": 119},
    ),
    # u04
    _c(
        "Please write an email to my landlord about the kitchen tap that has been dripping for a week "
        "and ask when a plumber can come. Add a P.S. at the end saying I'm home every weekday after "
        "17:30. Write any time in the 24-hour format, like 17:30.",
        {"check": "postscript", "word": "17:30"},
        {"check": "time_format"},
    ),
    # u05
    _c(
        "My dad wants to video call the grandkids from his new tablet. Write him a guide in exactly "
        "5 numbered steps (1 to 5). He gets lost with jargon, so please use short words only - no "
        "word longer than 8 letters.",
        {"check": "steps", "n": 5},
        {"check": "word_length", "max": 8},
    ),
    # u06
    _c(
        "I need a three-day meal plan for my vegetarian teenager. Put it in a table with the columns "
        "Day, Breakfast, Lunch and Dinner, one row per day.",
        {"check": "table", "columns": ["Day", "Breakfast", "Lunch", "Dinner"], "rows": 3},
    ),
    # u07
    _c(
        "Write a short product description for the handmade stoneware mugs I sell online. Put exactly "
        "2 of the selling points in bold, and keep the whole thing to 60 words or fewer.",
        {"check": "bold", "n": 2},
        {"check": "words", "max": 60},
    ),
    # u08
    _c(
        "My little sister has her first swimming gala tomorrow and she's really nervous. Could you "
        "write a pep talk I can read to her? Ask her exactly two questions in it, to get her thinking "
        "about what she's already good at. Under 150 words please.",
        {"check": "question_sentences", "n": 2},
        {"check": "words", "max": 149},
    ),
    # u09
    _c(
        "I'm putting together an FAQ for our community garden's noticeboard. Write 4 questions with "
        "their answers, on alternating lines that start with 'Q:' and 'A:', beginning with a Q: line. "
        "Nothing else, just those lines.",
        {"check": "alternating", "prefixes": ["Q:", "A:"], "rounds": 4},
    ),
    # u10
    _c(
        "Help me write a thank-you note to my coworkers for my leaving do. I don't want it gushing: no "
        "exclamation marks at all, and don't start two sentences with the same word.",
        {"check": "exclude_chars", "chars": ["!"]},
        {"check": "unique_openers"},
    ),
    # u11
    _c(
        "A friend is visiting Lisbon from 14 to 16 May 2027 and asked me for an itinerary. Write a "
        "short plan for each of the three days, starting each day's plan with its date, and write "
        "every date in the YYYY-MM-DD format.",
        {"check": "date_format", "format": "YYYY-MM-DD", "min": 3},
    ),
    # u12
    _c(
        "My kids and I are playing a word game tonight. Describe a rainy afternoon indoors in 3 or "
        "4 sentences without using the letter 'a' anywhere (upper or lower case).",
        {"check": "char_count", "char": "a", "max": 0},
        {"check": "sentences", "min": 3, "max": 4},
    ),
    # u13
    _c(
        "Could you write a text inviting my friends to a board game night at my flat this Friday? "
        "Make it fun, with exactly 3 emojis, and keep it under 50 words.",
        {"check": "emoji", "n": 3},
        {"check": "words", "max": 49},
    ),
    # u14
    _c(
        "Write a bio for my wedding photography website, in the third person, between 80 and 120 "
        "words. I can't stand shouty marketing copy, so use at most one word written in all capital "
        "letters (that includes words like NEW or FREE).",
        {"check": "caps_words", "max": 1},
        {"check": "words", "min": 80, "max": 120},
    ),
    # u15
    _c(
        "Give me some tips for staying focused when working from home, as bullet points. Every "
        "bullet should start with one of these verbs: Set, Take, Keep, Close, Plan. And no bullet "
        "longer than 12 words.",
        {"check": "bullets_start_with", "words": ["Set", "Take", "Keep", "Close", "Plan"]},
        {"check": "bullet_words", "max": 12},
    ),
    # u16
    _c(
        "I'm writing a radio play. Give me the opening of a story about a lighthouse keeper who finds "
        "a message in a bottle, as one paragraph, and wrap the whole thing in double quotation marks "
        "because the narrator reads it as one line of dialogue.",
        {"check": "quoted"},
        {"check": "paragraphs", "n": 1},
    ),
    # u17
    _c(
        "Draft an agenda for our quarterly planning meeting. Use exactly 3 markdown headings (lines "
        "starting with #) for the sections, with two or three bullet points under each.",
        {"check": "headings", "n": 3},
    ),
    # u18
    _c(
        "Explain how to make pour-over coffee at home, in under 120 words. Use the words grind, "
        "rinse, bloom and pour, and make sure they first appear in exactly that order.",
        {"check": "in_order", "words": ["grind", "rinse", "bloom", "pour"]},
        {"check": "words", "max": 119},
    ),
    # u19
    _c(
        "The local paper is doing a feature on small businesses. Write two paragraphs about our family "
        "bakery, and make sure the name Rosalind's appears in both paragraphs.",
        {"check": "each_paragraph_includes", "word": "Rosalind's"},
        {"check": "paragraphs", "n": 2},
    ),
    # u20
    _c(
        "Write an encouraging note for my students before their exams, 60 to 150 words. I want it to "
        "feel varied: don't use any word of four or more letters more than twice.",
        {"check": "word_repeats", "max": 2, "min_len": 4},
        {"check": "words", "min": 60, "max": 150},
    ),
    # u21
    _c(
        "My grandma wants to learn how to send photos on WhatsApp. Write it as 4 numbered steps, 1 "
        "to 4, and keep every sentence under 12 words so it's easy for her to follow.",
        {"check": "steps", "n": 4},
        {"check": "sentence_words", "max": 11},
    ),
    # u22
    _c(
        "Can you write a LinkedIn post announcing that I passed my nursing licence exam? Exactly 2 "
        "hashtags, at most one emoji, and no words in all caps please.",
        {"check": "hashtags", "n": 2},
        {"check": "emoji", "max": 1},
        {"check": "caps_words", "max": 0},
    ),
    # u23
    _c(
        "We share a flat and keep arguing about chores. Write a weekly cleaning rota as seven lines, "
        "one per day in order, starting 'Monday:', 'Tuesday:' and so on through 'Sunday:'. Just the "
        "seven lines, no intro.",
        {
            "check": "alternating",
            "prefixes": ["Monday:", "Tuesday:", "Wednesday:", "Thursday:", "Friday:", "Saturday:", "Sunday:"],
            "rounds": 1,
        },
    ),
    # u24
    _c(
        "I keep killing my plants. Give me 10 houseplants that are hard to kill, one per bullet point, "
        "in alphabetical order, each bullet just the plant's name and a few words on why it's tough "
        "(8 words at most per bullet).",
        {"check": "bullets", "n": 10},
        {"check": "alphabetical", "min": 10},
        {"check": "bullet_words", "max": 8},
    ),
    # u25
    _c(
        "I'm the host of our school's talent show. Write the opening announcement I'll read out, "
        "under 100 words, and finish with exactly this line: Please welcome our first act!",
        {"check": "closing_line", "text": "Please welcome our first act!"},
        {"check": "words", "max": 99},
    ),
    # u26
    _c(
        "I need a polite reminder email to a client whose invoice was due on 15/11/2026 and still "
        "isn't paid. Write all dates as DD/MM/YYYY, and add a P.S. at the end with our bank details "
        "left as the placeholder [IBAN].",
        {"check": "date_format", "format": "DD/MM/YYYY"},
        {"check": "postscript", "word": "IBAN"},
    ),
    # u27
    _c(
        "I'm helping my son practise for a spelling bee. Write one short paragraph about a trip to "
        "the zoo that uses the letter z at least 6 times.",
        {"check": "char_count", "char": "z", "min": 6},
        {"check": "paragraphs", "n": 1},
    ),
    # u28
    _c(
        "Write a toast for my parents' 40th wedding anniversary, 4 to 6 sentences. It sounds "
        "repetitive when every line starts with 'You', so no two sentences should start with the "
        "same word.",
        {"check": "unique_openers"},
        {"check": "sentences", "min": 4, "max": 6},
    ),
    # u29
    _c(
        "My friend is thinking of buying an electric car. Summarise the pros and cons in a table with "
        "two columns, Pros and Cons, and 4 rows under the header.",
        {"check": "table", "columns": ["Pros", "Cons"], "rows": 4},
    ),
    # u30
    _c(
        "Write a bedtime routine for my 4-year-old as a numbered list of 6 steps, from bath to lights "
        "out. Put the one step that matters most in bold, and nothing else in bold.",
        {"check": "steps", "n": 6},
        {"check": "bold", "n": 1},
    ),
    # ---------------------------------------------------------------- older check kinds only
    # u31
    _c(
        "Write a short three-line poem about commuting by train in the rain. Three lines only, all "
        "in lowercase.",
        {"check": "lines", "n": 3},
        {"check": "lowercase"},
    ),
    # u32
    _c(
        "Give me a recipe for overnight oats as a JSON object with the keys name, servings (a number) "
        "and steps (a list of exactly 4 strings). Only the JSON please, I'm loading it into my app.",
        {
            "check": "json",
            "type": "object",
            "keys": ["name", "servings", "steps"],
            "types": {"name": "string", "servings": "number", "steps": "array"},
            "lengths": {"steps": 4},
        },
    ),
    # u33
    _c(
        "I need an out-of-office auto-reply for my holiday next week. Start it with 'Hi there,' and "
        "keep it under 300 characters.",
        {"check": "starts_with", "text": "hi there,"},
        {"check": "chars", "max": 299},
    ),
    # u34
    _c(
        "Write the opening paragraph of a cover letter for a junior data analyst job. Work in the "
        "words SQL, dashboard and curious, and please don't use the word passionate.",
        {"check": "include", "words": ["SQL", "dashboard", "curious"]},
        {"check": "exclude", "words": ["passionate"]},
    ),
    # u35
    _c(
        "Explain the difference between a virus and a bacterium for a high school biology class, in "
        "exactly 3 paragraphs.",
        {"check": "paragraphs", "n": 3},
    ),
    # u36
    _c(
        "Plan a 30-minute beginner yoga session with these sections in this order: Warm-up, Main flow, "
        "Cool-down. Put each section title on its own line.",
        {"check": "sections", "titles": ["Warm-up", "Main flow", "Cool-down"]},
    ),
]

EVERYDAY = [
    # u53
    _e(
        "I'm trying to work out what share of my day goes on screens. How many minutes are there in "
        "a full day?",
        number=1440,
    ),
    # u54
    _e("If I buy 4 notebooks at $3.75 each, how much do I spend altogether?", number=15),
    # u55
    _e("What's the capital of Australia? My friend insists it's Sydney.", any=["Canberra"]),
    # u56
    _e(
        "My flight leaves at 22:40 and the flight takes 3 hours 35 minutes. Departure and arrival are "
        "in the same time zone. What time do I land?",
        any=["02:15", "2:15"],
    ),
    # u57
    _e("The bill came to 240 and I want to leave a 15% tip. How much is the tip?", number=36),
    # u58
    _e("At what temperature does water freeze, in degrees Fahrenheit?", number=32),
    # u59
    _e("I have a shelf that's 3.2 metres long. How many centimetres is that?", number=320),
    # u60
    _e("What is the chemical symbol for gold? I always mix it up with silver.", any=["Au"]),
]


def rows() -> list[dict]:
    """The test3 rows in file order, ids u01-u60, each field in the file's order."""
    return generic_rows.numbered("u", SPLIT, CONSTRAINTS + FUNCTIONS + EVERYDAY)


def render() -> str:
    return generic_rows.render(rows())


def main() -> None:
    """Keep every line that is not test3 as it is, then write the test3 rows after them."""
    generic_rows.rewrite(DATA, SPLIT, render())


if __name__ == "__main__":
    main()
