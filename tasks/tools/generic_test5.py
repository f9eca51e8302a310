"""The generic task's `test5` rows (w01-w60), written on 2026-12-06 blind to the observers.

Written by someone who had not read engine/ (the observers and their tests), docs/, the generic
rows' requests or the other generic_*.py texts, before any tuning on them: 32 constraint rows (28
use at least one of the check kinds added to the scorer for them, TEST5_CHECKS in test5_kinds.py;
4 only older kinds), 22 "write this function" rows (generic_test5_functions: doctest in a fenced
docstring, `f(x) == y`, `f(x) -> y`, Input / Output, `assert` lines, or prose with no example;
`shown` lists the tests the request shows, which never count) and 6 everyday questions.
**Do not read these requests or their outputs while tuning**: a change made after looking at them
spends this split. `python -m selfrefine.tasks.tools.generic_test5` rewrites the test5 lines at
the end of tasks/generic/data.jsonl from rows() (every other line is kept byte for byte).
"""

from __future__ import annotations

from selfrefine.tasks.tools import generic_rows
from selfrefine.tasks.tools.generic_rows import DATA
from selfrefine.tasks.tools.generic_rows import constraints as _c
from selfrefine.tasks.tools.generic_rows import everyday as _e
from selfrefine.tasks.tools.generic_test5_functions import FUNCTIONS

SPLIT = "test5"


CONSTRAINTS = [
    _c(
        "can you write a short email to my landlord saying the heater in the bedroom stopped working "
        "again and asking when someone can come look at it? under 150 words. and please no em dashes, "
        "en dashes or double hyphens anywhere (also no ' - ' used as a dash), every AI email has them "
        "and it's a dead giveaway",
        {"check": "no_dashes"},
        {"check": "words", "max": 150},
    ),
    _c(
        "Write a product description for a handmade ceramic mug (12 oz, speckled blue glaze, dishwasher "
        "safe). Describe the mug itself without talking to the reader: the words you, your, yours and "
        "yourself (and you're, you'll etc.) must not appear at all. 4 to 6 sentences.",
        {"check": "no_second_person"},
        {"check": "sentences", "min": 4, "max": 6},
    ),
    _c(
        "I need a short bio for the speaker page of a local gardening conference. The speaker is Dana "
        "Whitfield, who started a community seed library in Tucson eight years ago and teaches "
        "dry-climate vegetable growing. Third person only, so no I, me, my, mine or myself (and no I'm, "
        "I've...). Make sure her name and the seed library are mentioned.",
        {"check": "no_first_person"},
        {"check": "include", "words": ["Dana", "seed library"]},
    ),
    _c(
        "Give me a quick pitch I can post in our team channel for switching from weekly to two-week "
        "sprints. Back it up with at least 4 concrete numbers written as digits (numbering a list "
        "doesn't count toward that). Keep it under 120 words.",
        {"check": "number_count", "min": 4},
        {"check": "words", "max": 120},
    ),
    _c(
        "Make up 5 subtraction word problems for my kid who's just starting first grade. Every number "
        "in them has to be 20 or less, written as digits, and number the problems 1. to 5. Just the "
        "problems, no answers.",
        {"check": "max_number", "max": 20},
        {"check": "numbered", "n": 5},
    ),
    _c(
        "Write a short motivational paragraph for our running club's newsletter, for people training "
        "for their first half marathon. The word 'finish' has to be in the very first sentence and in "
        "the last sentence. One paragraph only.",
        {"check": "bookend_word", "word": "finish"},
        {"check": "paragraphs", "n": 1},
    ),
    _c(
        "Explain the difference between a Roth IRA and a traditional IRA to someone who just got their "
        "first job. Put the words Roth and traditional in bold (markdown **bold**) at least once each, "
        "and stay under 200 words.",
        {"check": "bolded_words", "words": ["Roth", "traditional"]},
        {"check": "words", "max": 200},
    ),
    _c(
        "Rewrite this for a plain-language clinic leaflet: 'Patients are advised that, in the event of "
        "experiencing any adverse reactions subsequent to vaccination, including but not limited to "
        "fever, swelling at the injection site, or fatigue, they should promptly contact their "
        "healthcare provider.' Use short sentences, on average no more than 10 words per sentence, and "
        "keep the word fever in it.",
        {"check": "avg_sentence_words", "max": 10},
        {"check": "include", "words": ["fever"]},
    ),
    _c(
        "What should I look at when buying a used road bike? Give me 5 bullet points, and start each "
        "bullet with a short label of 1-3 words followed by a colon, like 'Frame: ...'.",
        {"check": "bullet_labels", "max_words": 3},
        {"check": "bullets", "n": 5},
    ),
    _c(
        "moving apartments next saturday, can you make me a packing checklist? use markdown checkboxes "
        "(- [ ] item) so i can tick things off in obsidian. at least 12 items",
        {"check": "checklist", "min": 12},
    ),
    _c(
        "Outline a 3-day beginner strength routine. Use a bulleted list with one top-level bullet per "
        "day (so 3 of them) and at least 2 indented sub-bullets under each day listing the exercises.",
        {"check": "nested_bullets", "n": 3, "min": 2},
    ),
    _c(
        "Write the SMS reminder our dental office sends the day before an appointment. It goes out "
        "through an old gateway that only handles plain ASCII, so no emoji, no curly quotes, no accented "
        "letters or special symbols. 160 characters max, and use the placeholders [NAME] and [TIME].",
        {"check": "ascii_only"},
        {"check": "chars", "max": 160},
        {"check": "placeholders", "min": 2},
    ),
    _c(
        "Write a silly song about my cat knocking things off the kitchen table. After each of the 3 "
        'verses, put the line "Not the mug again!" on a line of its own as the chorus, so it shows up '
        "exactly 3 times. Under 200 words total.",
        {"check": "refrain", "text": "Not the mug again!", "n": 3},
        {"check": "words", "max": 200},
    ),
    _c(
        "A poem about the first snow of the year: 4 stanzas of exactly 4 lines each, a blank line "
        "between stanzas, and no title.",
        {"check": "stanzas", "n": 4, "lines": 4},
    ),
    _c(
        "Write a quick how-to for new hires on connecting their laptop to the office Wi-Fi. Our style "
        "guide says it's always written Wi-Fi (capital W, capital F, with the hyphen), never wifi, WiFi "
        "or Wifi, so stick to that every time. Use numbered steps.",
        {"check": "exact_case", "word": "Wi-Fi"},
        {"check": "steps", "min": 3},
    ),
    _c(
        "I'm pasting this into a plain-text email that shows every symbol literally, so no markdown at "
        "all: no asterisks, no # headings, no backticks, no dash bullets. It's a reply to a client "
        "asking why their website launch moved from March 3 to March 17 (the payment integration "
        "failed testing). Under 180 words.",
        {"check": "no_markdown"},
        {"check": "words", "max": 180},
    ),
    _c(
        "Turn this into a short incident report: 'around 2pm the card reader at register 2 stopped "
        "taking payments, we restarted it twice, vendor said it was a firmware issue, fixed by 3:40'. "
        "Use exactly these four lines in this order, each label followed by its text on the same line: "
        "Summary:, Impact:, Cause:, Resolution:. No more than 6 lines in total.",
        {"check": "fields", "keys": ["Summary", "Impact", "Cause", "Resolution"]},
        {"check": "lines", "max": 6},
    ),
    _c(
        "Give me 6 tips for spending less on groceries, as a list. Each tip needs a specific number "
        "written in digits (a price, a percentage, a quantity, whatever fits), and a 'Tip 1:' style "
        "label doesn't count as that number.",
        {"check": "items_with_numbers", "n": 6},
    ),
    _c(
        "Pros and cons of working from home, as a bulleted list: 3 pros and 3 cons, 6 bullets in "
        "total, and exactly one sentence per bullet.",
        {"check": "item_sentences", "n": 1},
        {"check": "bullets", "n": 6},
    ),
    _c(
        "How do I undo my last git commit but keep the changes in my working tree? Mention both git "
        "reset and git restore, and put every command in backticks so I can copy them.",
        {"check": "inline_code", "words": ["git reset", "git restore"]},
    ),
    _c(
        'Write a short LinkedIn post about the best advice my first manager ever gave me: "Ship it, '
        'then make it better." Put that quote in a markdown blockquote (a line starting with >), just '
        "once, and keep the whole post under 150 words.",
        {"check": "blockquote", "n": 1},
        {"check": "words", "max": 150},
    ),
    _c(
        "Challenge for you: write one sentence of at most 25 words that uses every letter of the "
        "alphabet at least once. No quick brown fox, make up your own.",
        {"check": "pangram"},
        {"check": "words", "max": 25},
    ),
    _c(
        "Write a short announcement for our public library's new Saturday hours (9 to 5, starting "
        "June 1). Write it in third person, so no I, me, my, mine or myself, and don't use em dashes, en "
        "dashes or double hyphens. Under 130 words.",
        {"check": "no_first_person"},
        {"check": "no_dashes"},
        {"check": "words", "max": 130},
    ),
    _c(
        "Fun-facts blurb about honeybees for a museum placard. Include at least 3 numbers written as "
        "digits, don't address the reader (no you, your, yours, yourself), and keep it under 90 words.",
        {"check": "number_count", "min": 3},
        {"check": "no_second_person"},
        {"check": "words", "max": 90},
    ),
    _c(
        "Write the opening of a bedtime story for a 4-year-old about a turtle named Pip who is scared of "
        "the dark. Keep the sentences really short (8 words or fewer on average) and use the name Pip "
        "in the first sentence and in the last sentence.",
        {"check": "avg_sentence_words", "max": 8},
        {"check": "bookend_word", "word": "Pip"},
    ),
    _c(
        "heading to madrid next month. can you give me 5 spanish greetings or goodbyes as a bullet "
        "list, exactly one sentence per bullet explaining when to use it? hola and hasta luego need to "
        "be in there, in bold.",
        {"check": "bolded_words", "words": ["hola", "hasta luego"]},
        {"check": "item_sentences", "n": 1},
        {"check": "bullets", "n": 5},
    ),
    _c(
        "Make a pre-publish checklist for posts on our company WordPress blog, with markdown checkboxes "
        "(- [ ]) and between 6 and 10 items. Spell WordPress exactly like that (capital W, capital P) "
        "every single time it comes up.",
        {"check": "checklist", "min": 6, "max": 10},
        {"check": "exact_case", "word": "WordPress"},
    ),
    _c(
        "Help me write a lost pet notice. Details: our grey tabby Biscuit, 3 years old, last seen near "
        "Elm Park on Tuesday evening, call 555-0142. Use these four lines in this order, each with its "
        "text on the same line: Name:, Breed:, Last seen:, Contact:. The print shop's system only takes "
        "plain ASCII, so no emoji or fancy symbols.",
        {"check": "fields", "keys": ["Name", "Breed", "Last seen", "Contact"]},
        {"check": "ascii_only"},
    ),
    _c(
        "Three name ideas for a podcast about city cycling. Just a numbered list of the 3 names, "
        "nothing before or after it.",
        {"check": "numbered", "n": 3},
        {"check": "lines", "n": 3},
    ),
    _c(
        "write a tweet announcing that our coffee shop has a new oat milk honey latte. all lowercase, "
        "under 200 characters, and include the hashtag #oatmilk",
        {"check": "lowercase"},
        {"check": "chars", "max": 200},
        {"check": "include", "words": ["#oatmilk"]},
    ),
    _c(
        'Reply with JSON only, no other text: an object with the keys "city", "country" and '
        '"population" (a number) for the most populous city in Australia.',
        {
            "check": "json",
            "type": "object",
            "keys": ["city", "country", "population"],
            "types": {"population": "number"},
        },
    ),  # fmt: skip
    _c(
        "Explain how a heat pump can warm a house even when it's cold outside, for a homeowner with no "
        "technical background. Exactly 3 paragraphs, and don't use the words basically or simply.",
        {"check": "paragraphs", "n": 3},
        {"check": "exclude", "words": ["basically", "simply"]},
    ),
]

EVERYDAY = [
    _e("quick one: how many ounces are in 3 pounds?", number=48),
    _e(
        "My train leaves at 10:45 am and the trip takes 2 hours 50 minutes. What time do I get in?",
        any=["1:35", "13:35"],
    ),
    _e("Which ocean is the largest by area?", any=["Pacific"]),
    _e(
        "I'm driving 340 miles, my car gets 28 miles per gallon and gas is $3.50 a gallon. How much "
        "will the gas cost?",
        number=42.5,
        tol=0.01,
    ),
    _e("how many minutes are there in a week", number=10080),
    _e("What's 100 km/h in miles per hour, rounded to the nearest whole number?", number=62, tol=0.5),
]


def rows() -> list[dict]:
    """The 60 rows in file order, ids w01-w60: constraints, then functions, then everyday."""
    return generic_rows.numbered("w", SPLIT, CONSTRAINTS + FUNCTIONS + EVERYDAY)


def render() -> str:
    return generic_rows.render(rows())


def main() -> None:
    generic_rows.rewrite(DATA, SPLIT, render())
    print(f"wrote {len(rows())} {SPLIT} rows at the end of {DATA}")


if __name__ == "__main__":
    main()
