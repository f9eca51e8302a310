"""The generic task's `test9` rows (k01-k60), written on 2026-12-07 blind to the observers.

Written by someone who had not read engine/ (the observers and their tests), docs/, the results,
the commit history or any other generic row's request, before any tuning on them: 32 constraint
rows (28 use at least one of the check kinds added to the scorer for them, TEST9_CHECKS in
test9_kinds.py; 4 only older kinds), 22 "write this function" rows (generic_test9_functions:
doctest in a fenced docstring, `f(x) == y`, `f(x) -> y`, Input / Output, `assert` lines, or prose
with its examples in words; `shown` lists the tests the request shows, which never count) and 6
everyday questions. **Do not read these requests or their outputs while tuning**: a change made
after looking at them spends this split. `python -m selfrefine.tasks.tools.generic_test9`
rewrites the test9 lines at the end of tasks/generic/data.jsonl from rows() (every other line is
kept byte for byte)."""

from __future__ import annotations

from selfrefine.tasks.tools import generic_rows
from selfrefine.tasks.tools.generic_rows import DATA
from selfrefine.tasks.tools.generic_rows import constraints as _c
from selfrefine.tasks.tools.generic_rows import everyday as _e
from selfrefine.tasks.tools.generic_test9_functions import FUNCTIONS

SPLIT = "test9"

# fmt: off
CONSTRAINTS = [
    _c(
        "Our lab labels sample tubes with IDs like AB1234-K: two capital letters, four digits, a "
        "hyphen, then one capital letter as a check character. I need a regular expression that "
        "matches a whole ID and nothing else, for a validation script in Python. Just put the pattern "
        "itself on one line in a code block.",
        {"check": "regex_matches", "match": ["AB1234-K", "ZZ0000-A", "QX9051-M"],
         "reject": ["ab1234-K", "AB123-K", "AB12345-K", "AB1234K", "AB1234-k", "A1234-K", "AB1234-KK"]},
    ),
    _c(
        "Can you write me a SQL query for our library system? Tables: members(id, name, email) and "
        "loans(id, member_id, book_title, due_date, returned_at). I want the name and email of every "
        "member who has at least one loan that is past its due date and not returned yet, with how "
        "many such loans they have, most overdue loans first. Keep the SQL keywords in capitals "
        "(SELECT, FROM and so on) and reply with only the query in a ```sql code block.",
        {"check": "sql_keywords_upper", "min": 6},
        {"check": "fenced", "lang": "sql"},
    ),
    _c(
        "I blog with Hugo. Write a post on how to repot a root-bound monstera, 350 to 600 words. The "
        "file has to start with YAML front matter between --- lines with title, date, tags and draft "
        "fields, then the post itself in markdown.",
        {"check": "front_matter", "keys": ["title", "date", "tags", "draft"]},
        {"check": "words", "min": 350, "max": 660},
    ),
    _c(
        "I'm open-sourcing a small app that texts patients their appointment reminders. Write the "
        ".env.example file for it: it needs DATABASE_URL, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, "
        "REMINDER_HOURS_BEFORE and SECRET_KEY, each with a placeholder value and a short # comment "
        "above it. Put the file in a code block.",
        {"check": "env_file", "keys": ["DATABASE_URL", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN",
                                       "REMINDER_HOURS_BEFORE", "SECRET_KEY"]},
    ),
    _c(
        "I'm testing a support-ticket classifier and need fake data. Give me exactly 6 lines of JSONL "
        "(one JSON object per line), each with the fields id, subject, body and priority (low, normal "
        "or high). No commentary, just the lines in a code block.",
        {"check": "json_lines", "keys": ["id", "subject", "body", "priority"], "n": 6},
    ),
    _c(
        "Write the race info email for our Riverside Trail 25K next month: the course distance, total "
        "climb, where the water stations are (roughly every 5 km), the cut-off time and what to pack. "
        "Under 250 words. Our editor is strict about units: always a space between the number and the "
        "unit (25 km, 600 m, 500 ml), never 25km.",
        {"check": "unit_spacing", "min": 3},
        {"check": "words", "max": 250},
    ),
    _c(
        "Write a short update for our neighborhood tool library's quarterly newsletter: how many tools "
        "were borrowed, new members, the most popular tool, repair workshop attendance, that sort of "
        "thing (invent the figures). Put every number in bold so people skimming catch them (years "
        "don't need it). No more than 7 sentences.",
        {"check": "bold_numbers", "min": 3},
        {"check": "sentences", "max": 7},
    ),
    _c(
        "A colleague at the animal shelter covered my weekend shifts while I was recovering from "
        "surgery. Write a short thank-you card message to go with a box of chocolates, under 70 words, "
        "signed Priya.",
        {"check": "words", "max": 70},
        {"check": "signoff", "name": "Priya"},
    ),
    _c(
        "Write a help page for our coworking space's desk booking app covering: booking a desk, "
        "changing or cancelling a booking, meeting rooms, and guest passes. Start with the page title "
        "as a # heading, then a short table of contents listing the sections, then each section under a "
        "## heading (### for any sub-sections, nothing deeper than that).",
        {"check": "heading_levels", "min_level": 1, "max_level": 3, "min": 5},
        {"check": "table_of_contents", "min": 4},
    ),
    _c(
        "Put together this week's parent bulletin for Maple Grove Primary. It has three sections with "
        "exactly these headings: Dates, Reminders, Celebrations. Keep each section between 30 and 90 "
        "words.",
        {"check": "section_words", "titles": ["Dates", "Reminders", "Celebrations"], "min": 30, "max": 90},
    ),
    _c(
        "Make a past-tense worksheet for my 4th graders: 8 numbered sentences, each with one blank (___) "
        "and the base verb in brackets after it, like: Yesterday we ___ (walk) to the park. Add an "
        "answer key at the end (the answers without blanks).",
        {"check": "fill_in_blanks", "n": 8},
    ),
    _c(
        "I'm training new staff on our travel expense policy (make the details up). Write a 5-question "
        "multiple-choice quiz, four options each labelled A) to D), about meal limits, receipts, "
        "mileage and booking rules. After the questions add an 'Answer key' section that lists the "
        "right letter for each question, like '1. B'.",
        {"check": "multiple_choice", "n": 5, "options": 4},
        {"check": "answer_key", "n": 5},
    ),
    _c(
        "We're redoing our kitchen and I'd like a timeline from March to June 2027: a bullet list of "
        "milestones (design sign-off, permits, demolition, plumbing, cabinets, countertops, final "
        "inspection...), each line starting with its date written out like March 8, 2027, in date "
        "order. At least 7 milestones.",
        {"check": "dates_in_order", "min": 7},
    ),
    _c(
        "I'm running a Saturday coding workshop for kids aged 9 to 12, from 09:00 to 12:30. Give me the "
        "schedule as a list of time blocks in 24-hour time (like 09:00-09:20), back to back with no "
        "gaps, and include a snack break.",
        {"check": "back_to_back_slots", "start": "09:00", "end": "12:30", "min": 4},
    ),
    _c(
        "LinkedIn post: lessons from my first year as a freelance translator. Start with a title line "
        "that has the number of lessons in digits (like '6 things...'), then one numbered point per "
        "lesson, a sentence or two each. Keep it under 300 words.",
        {"check": "listicle_count", "min": 3},
        {"check": "words", "max": 300},
    ),
    _c(
        "Packing checklist for a weekend camping trip with a toddler: between 12 and 20 items, each as "
        "a checkbox line (- [ ] item), grouped however you like.",
        {"check": "checklist", "min": 12, "max": 20},
    ),
    _c(
        "Write the email for our outdoor gear shop's end-of-season sale. Feature at least 4 products, "
        "each on its own line with the old price, the sale price and the percentage off, and make sure "
        "the percentages are actually right. Under 200 words.",
        {"check": "discounts_consistent", "min": 4},
        {"check": "words", "max": 200},
    ),
    _c(
        "Product description for our new smart kitchen scale, WeighMate, 100 to 160 words. Legal wants "
        "the ™ symbol right after the first mention of WeighMate only, not on the later ones.",
        {"check": "trademark_first", "name": "WeighMate"},
        {"check": "words", "min": 100, "max": 160},
    ),
    _c(
        "I'm listing a hand-knitted merino scarf in my online shop. Give me three lines: 'Title:' (60 "
        "characters max), 'Meta description:' (between 120 and 155 characters) and 'Slug:' (lowercase "
        "words joined by hyphens, 6 words max).",
        {"check": "labeled_length", "label": "Title", "min": 10, "max": 60},
        {"check": "labeled_length", "label": "Meta description", "min": 120, "max": 155},
        {"check": "url_slug", "max_words": 6},
    ),
    _c(
        "Help me organise our family photo archive on the NAS. Show the folder structure as a tree the "
        "way the `tree` command prints it (with ├── and └──): a top folder called Family Photos, one "
        "folder per year, and inside each year folders called Raw, Edited and Shared.",
        {"check": "file_tree", "names": ["Family Photos", "Raw", "Edited", "Shared"], "min": 6},
    ),
    _c(
        "My mum just switched to a Windows laptop. Make her a cheat sheet of 8 handy keyboard shortcuts "
        "(copy, paste, undo, switching windows and so on), one per line with what it does. Write each "
        "shortcut the standard way, capitalized key names joined by + with no spaces, like Ctrl+Shift+T.",
        {"check": "key_combos", "min": 8},
    ),
    _c(
        "My rowing club needs a winter land-training session for novices. List the exercises as "
        "bullets with the sets and reps written like 3 x 12, at least 6 exercises, and finish with a "
        "one-line safety note.",
        {"check": "sets_reps", "min": 6},
    ),
    _c(
        "We're building an app for booking study rooms at our public library. Write 5 user stories in "
        "the classic format 'As a ..., I want ... so that ...', one per line, covering patrons, "
        "librarians and community groups.",
        {"check": "user_stories", "n": 5},
    ),
    _c(
        "tagline for my bike repair shop, all lowercase, under 10 words",
        {"check": "lowercase"},
        {"check": "words", "max": 9},
    ),
    _c(
        "Write Gherkin acceptance tests for the coupon code field on our checkout page: a valid code, "
        "an expired code, and a code that needs a minimum order amount. At least 3 scenarios, each with "
        "Given / When / Then steps.",
        {"check": "gherkin_scenarios", "min": 3},
    ),
    _c(
        "Make up a standings table for our Sunday five-a-side league after 8 rounds, 6 teams. Markdown "
        "table with the columns Team, P, W, D, L, Pts; 3 points for a win and 1 for a draw, sorted from "
        "most points to fewest. Give the teams fun pub-league names.",
        {"check": "league_points", "min": 6},
        {"check": "table", "columns": ["Team", "P", "W", "D", "L", "Pts"], "rows": 6},
    ),
    _c(
        "Give me a recipe for a basic sourdough loaf with all amounts in grams and temperatures in "
        "Celsius. House style for our recipe cards: a space between every number and its unit (500 g, "
        "350 ml, 45 min), never 500g.",
        {"check": "unit_spacing", "min": 4},
        {"check": "metric_units", "min": 3},
    ),
    _c(
        "Our last frost date is around May 10. Make me a seed-starting calendar for 2027 for tomatoes, "
        "peppers, basil, lettuce, squash and marigolds: a bullet list that starts each line with the "
        "date to start or sow it (like 'March 8: peppers indoors'), sorted from earliest to latest.",
        {"check": "dates_in_order", "min": 6},
    ),
    _c(
        "Write the marketing email for our museum's first late-night opening (Friday, 6 to 10 pm, live "
        "jazz, half-price entry). Begin with 'Subject:' (8 words max), then 'Preheader:' with the "
        "preview text (40 to 90 characters), then the email itself.",
        {"check": "subject_line", "max_words": 8},
        {"check": "labeled_length", "label": "Preheader", "min": 40, "max": 90},
    ),
    _c(
        "Plan Thursday's choir rehearsal from 19:00 to 21:00: warm-ups, sectionals, a full run of our "
        "two concert pieces, a short break and notes at the end. List it as back-to-back time slots in "
        "24-hour time (19:00-19:15 and so on), no gaps.",
        {"check": "back_to_back_slots", "start": "19:00", "end": "21:00", "min": 5},
    ),
    _c(
        "Write the web page for episode 42 of our podcast, about travelling Europe by night train on a "
        "budget: a short summary, a 'Slug:' line for the URL, and chapter timestamps starting at 0:00 "
        "for the 45-minute episode.",
        {"check": "url_slug", "max_words": 8},
        {"check": "video_chapters", "min": 4},
    ),
    _c(
        "Explain how a fixed-rate mortgage works to a first-time buyer in exactly 3 paragraphs of plain "
        "prose, no bullet points or headings, under 220 words.",
        {"check": "paragraphs", "n": 3},
        {"check": "prose"},
        {"check": "words", "max": 220},
    ),
]

EVERYDAY = [
    _e("How many minutes are in three and a half hours?", number=210),
    _e("If I buy 4 notebooks at $2.50 each, how much do I spend in total?", number=10),
    _e("My train leaves at 2:15 pm and the trip takes 95 minutes. What time do I arrive?",
       any=["3:50", "15:50"]),
    _e("A dozen eggs costs $4.20. How much is that per egg?", number=0.35, tol=0.001),
    _e("How many legs does a spider have?", number=8, any=["eight"]),
    _e("what is the largest planet in our solar system", any=["Jupiter"]),
]
# fmt: on


def rows() -> list[dict]:
    """The 60 rows in file order, ids k01-k60: constraints, then functions, then everyday."""
    return generic_rows.numbered("k", SPLIT, CONSTRAINTS + FUNCTIONS + EVERYDAY)


def render() -> str:
    return generic_rows.render(rows())


def main() -> None:
    generic_rows.rewrite(DATA, SPLIT, render())
    print(f"wrote {len(rows())} {SPLIT} rows at the end of {DATA}")


if __name__ == "__main__":
    main()
