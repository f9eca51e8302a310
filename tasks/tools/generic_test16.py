"""The generic task's `test16` rows (g01-g60), written blind to the observers, before any tuning on them.

Written by someone who had not read engine/ (the observers and their tests), grammars/, docs/, the
README, the results, the commit history or any older generic row's request outside test15, before
any tuning on them: 32 constraint rows (28 use at least one of the check kinds added to the scorer
for them, TEST16_CHECKS in test16_kinds.py; 4 only older kinds), 22 "write this function" rows
(generic_test16_functions: doctest in a fenced docstring, `f(x) == y`, `f(x) -> y`, Input /
Output, `assert` lines, or prose with its examples in words; `shown` lists the tests the request
shows, which never count) and 6 everyday questions. **Do not read these requests or their outputs
while tuning**: a change made after looking at them spends this split.
`python -m selfrefine.tasks.tools.generic_test16` rewrites the test16 lines at the end of
tasks/generic/data.jsonl from rows() (every other line is kept byte for byte)."""

from __future__ import annotations

from selfrefine.tasks.tools import generic_rows
from selfrefine.tasks.tools.generic_rows import DATA
from selfrefine.tasks.tools.generic_rows import constraints as _c
from selfrefine.tasks.tools.generic_rows import everyday as _e
from selfrefine.tasks.tools.generic_test16_functions import FUNCTIONS

SPLIT = "test16"

_RSVP = ["Priya Shah", "Tom Becker", "Ana Lima", "Tom Becker", "Joe Park", "Priya Shah", "Mei Chen",
         "Ana Lima", "Sam Ortiz"]  # fmt: skip

# fmt: off
CONSTRAINTS = [
    _c(
        "I'm getting back into running after a winter off. Could you build me an 8-week plan? Week 1 "
        "should be 12 miles in total, and the weekly mileage should never go up by more than 10% on the "
        "week before. Please show each week's total.",
        {"check": "weekly_progression", "weeks": 8, "start": 12, "max_increase": 10,
         "unit": ["miles", "mile", "mi", "mileage"]},
    ),
    _c(
        "help me plan 6 weeks of piano practice. week 1 is 90 minutes in total and i don't want to add "
        "more than 15% per week. give me the total minutes for each week",
        {"check": "weekly_progression", "weeks": 6, "start": 90, "max_increase": 15,
         "unit": ["minutes", "minute", "mins", "min"]},
    ),
    _c(
        "We're moving offices in March. Can you make a RACI chart for it as a table? Roles: Office "
        "Manager, IT Lead, Finance, CEO. Tasks: choose the new location, sign the lease, set up the "
        "network, organise moving day.",
        {"check": "raci_matrix", "roles": ["Office Manager", "IT Lead", "Finance", "CEO"],
         "tasks": ["location", "lease", "network", "moving day"]},
    ),
    _c(
        "Help me pick a laptop. Options: Dell XPS 14, MacBook Air 15, ThinkPad X1 Carbon. Score each "
        "from 1 to 10 on price (40%), battery life (35%) and screen (25%), and work out a weighted total "
        "for each. Put it in a table with one row per laptop.",
        {"check": "weighted_scores", "options": ["XPS", "MacBook", "ThinkPad"],
         "criteria": {"price": 40, "battery": 35, "screen": 25}},
    ),
    _c(
        "Can you sort my shopping list by section so I'm not running back and forth? Sections: Produce, "
        "Dairy, Bakery, Frozen. The list: bananas, milk, sourdough loaf, frozen peas, spinach, cheddar, "
        "bagels, ice cream, tomatoes, butter",
        {"check": "grouped_items", "groups": {"Produce": ["bananas", "spinach", "tomatoes"],
                                              "Dairy": ["milk", "cheddar", "butter"],
                                              "Bakery": ["sourdough", "bagels"],
                                              "Frozen": ["peas", "ice cream"]}},
    ),
    _c(
        "brain dump incoming, please sort these under Today, This Week and Later: pay the electricity "
        "bill (due today), book a dentist appointment (this week), renew my passport (later, it's valid "
        "till next year), call mum back (today), clean the gutters (this week), learn Spanish (later)",
        {"check": "grouped_items", "groups": {"Today": ["electricity", "mum"],
                                              "This Week": ["dentist", "gutters"],
                                              "Later": ["passport", "Spanish"]}},
    ),
    _c(
        "I merged two RSVP lists and now there are repeats. Can you give me the list with the duplicates "
        "removed, keeping the order they first appear in? Just the names: " + ", ".join(_RSVP),
        {"check": "deduplicated_list", "items": _RSVP},
    ),
    _c(
        "Which of these coffee beans is the best deal? Work out the price per kg for each, to the penny: "
        "Lidl 500g for £4.50, Union 250g for £6.75, Costco 1.2kg for £13.20, Pact 750g for £12.30.",
        {"check": "unit_prices", "items": {"Lidl": [4.5, 500], "Union": [6.75, 250], "Costco": [13.2, 1200],
                                           "Pact": [12.3, 750]}, "per": 1000},
    ),
    _c(
        "Quick one for my report. Sales by region, Q1 then Q2: North 48,000 then 52,800, South 61,500 "
        "then 55,350, East 30,200 then 30,200, West 22,000 then 27,500. What's the percentage change for "
        "each region, to one decimal place?",
        {"check": "percent_changes", "items": {"North": [48000, 52800], "South": [61500, 55350],
                                               "East": [30200, 30200], "West": [22000, 27500]}},
    ),
    _c(
        "I'm adding an FAQ to the README of our command-line tool on GitHub. Write 4 questions about "
        "installing it, with each answer tucked inside a collapsible <details> block and the question "
        "as its <summary>.",
        {"check": "details_blocks", "n": 4},
    ),
    _c(
        "Write 6 crossword clues with an ocean theme for our club newsletter. Put the letter count in "
        "brackets after each clue, like (5), and the answer straight after that.",
        {"check": "crossword_clues", "n": 6},
    ),
    _c(
        "Stuck on today's Spelling Bee. The letters are A, G, I, N, R, T with L in the middle. Can you "
        "give me 8 words of 4 or more letters that only use those letters and always include the L?",
        {"check": "letter_set_words", "letters": "agilnrt", "required": "l", "n": 8, "min_length": 4},
    ),
    _c(
        "word game: using only the letters in PLANET (letters can be reused), list 10 words with at "
        "least 5 letters each",
        {"check": "letter_set_words", "letters": "planet", "n": 10, "min_length": 5},
    ),
    _c(
        "Can you make 24 out of 4, 7, 8 and 8? Each number used exactly once, with + − × ÷ and brackets.",
        {"check": "number_puzzle", "numbers": "4 7 8 8", "target": 24, "use": "all"},
    ),
    _c(
        "Countdown numbers round from last night: 75, 50, 6, 3, 2, 1 and the target was 458. How do you "
        "get it? Show the working. You don't have to use every number, but each one only once.",
        {"check": "number_puzzle", "numbers": "75 50 6 3 2 1", "target": 458, "use": "some"},
    ),
    _c(
        "I'm teaching my kids poker. Can you give an example five-card hand for a full house, a flush, a "
        "straight and two pair? Write the cards like K♠ K♥ 3♦ 3♣ 9♠.",
        {"check": "poker_hands", "hands": ["full house", "flush", "straight", "two pair"]},
    ),
    _c(
        "What notes are in Dmaj7, Bm, F#7 and Eb? Just list the notes for each chord.",
        {"check": "chord_spellings", "chords": {"Dmaj7": ["D", "F#", "A", "C#"], "Bm": ["B", "D", "F#"],
                                                "F#7": ["F#", "A#", "C#", "E"], "Eb": ["Eb", "G", "Bb"]}},
    ),
    _c(
        "My daughter is learning braille at school. How would you write the word \"garden\" in Unicode "
        "braille characters? Uncontracted (grade 1), please.",
        {"check": "braille_text", "text": "garden"},
    ),
    _c(
        "For a blind taste test I need a 4x4 Latin square using A, B, C and D, so each letter appears "
        "once in every row and every column.",
        {"check": "latin_square", "symbols": ["A", "B", "C", "D"]},
    ),
    _c(
        "What's the docker run command to start Postgres 16 in the background for local dev? Container "
        "name pg-dev, POSTGRES_PASSWORD set to devpass, and port 5433 on my machine mapped to 5432 in the "
        "container.",
        {"check": "docker_run", "image": "postgres:16", "name": "pg-dev", "ports": ["5433:5432"],
         "env": {"POSTGRES_PASSWORD": "devpass"}, "detach": "true"},
    ),
    _c(
        "How do I cut the part from 1:15 to 2:40 out of interview.mp4 and save it as clip.mp4 with "
        "ffmpeg, without re-encoding?",
        {"check": "ffmpeg_trim", "input": "interview.mp4", "output": "clip.mp4", "start": "1:15",
         "end": "2:40", "copy": "true"},
    ),
    _c(
        "Setting up a deploy folder on our server. deploy.sh should be readable, writable and executable "
        "by me and only readable and executable by everyone else, config.env readable and writable by "
        "me only, and notes.txt readable by everyone but writable only by me. What chmod commands do I "
        "run?",
        {"check": "chmod_commands", "modes": {"deploy.sh": "755", "config.env": "600", "notes.txt": "644"}},
    ),
    _c(
        "In Python, what strftime format strings turn datetime(2027, 3, 9, 14, 5) into 'Tue 09 Mar 2027, "
        "14:05' and into '2027-03-09 02:05 PM'?",
        {"check": "strftime_formats", "date": "2027-03-09T14:05:00",
         "outputs": ["Tue 09 Mar 2027, 14:05", "2027-03-09 02:05 PM"]},
    ),
    _c(
        "What should the Set-Cookie header look like for our session cookie? It's called sid, needs "
        "HttpOnly and Secure, SameSite=Lax, path /, and it should last 7 days.",
        {"check": "set_cookie_header", "name": "sid", "flags": ["HttpOnly", "Secure"],
         "attributes": {"SameSite": "Lax", "Path": "/"}, "max_age": 604800},
    ),
    _c(
        "Write a JSON Schema for a product object: id (integer), name (string), price (a number that "
        "can't be negative) and tags (an array of strings). id, name and price are required.",
        {"check": "json_schema", "properties": {"id": "integer", "name": "string", "price": "number",
                                                "tags": "array"},
         "required": ["id", "name", "price"],
         "constraints": {"price": {"minimum": 0}, "tags": {"items": {"type": "string"}}}},
    ),
    _c(
        "What's the iCalendar RRULE for a class that meets every other week on Tuesday and Thursday, 10 "
        "sessions in total?",
        {"check": "recurrence_rule", "rule": {"FREQ": "WEEKLY", "INTERVAL": "2", "BYDAY": "TU,TH",
                                              "COUNT": "10"}},
    ),
    _c(
        "We keep getting spoofed emails that look like they come from example.org. Give me a DMARC record "
        "that quarantines mail failing the checks and sends aggregate reports to "
        "dmarc-reports@example.org.",
        {"check": "dmarc_record", "policy": "quarantine", "rua": "dmarc-reports@example.org"},
    ),
    _c(
        "Suggest 8 snake_case column names for a table of gym class bookings. Just the names, one per "
        "line.",
        {"check": "naming_style", "style": "snake_case", "n": 8},
        {"check": "lines", "n": 8},
    ),
    _c(
        "Write a welcome email to Marcus, our new food bank volunteer, under 150 words. Sign it from "
        "Lena.",
        {"check": "include", "words": ["Marcus"]},
        {"check": "words", "max": 149},
        {"check": "last_word", "word": "Lena"},
    ),
    _c(
        "give me 7 name ideas for my sourdough microbakery, numbered, no explanations",
        {"check": "numbered", "n": 7},
    ),
    _c(
        "Product description for a bamboo cutting board, all lowercase, 60 words max.",
        {"check": "lowercase"},
        {"check": "words", "max": 60},
    ),
    _c(
        "What are 5 good questions to ask at the end of a data analyst job interview? Bullet points, one "
        "question each.",
        {"check": "bullets", "n": 5},
        {"check": "questions", "n": 5},
    ),
]

EVERYDAY = [
    _e("Roughly how many weeks are in a year? Planning my holidays.", number=52, tol=0.2,
       any=["fifty-two", "fifty two"]),
    _e("What's the boiling point of water in Fahrenheit at sea level?", number=212),
    _e("Settle a bet for us: which ocean is the biggest?", any=["Pacific"]),
    _e("who wrote Pride and Prejudice? it's on the tip of my tongue", any=["Austen"]),
    _e("How many players does a football team have on the pitch at once? Soccer, I mean.", number=11,
       any=["eleven"]),
    _e("Quick maths check: what's 15% of 80?", number=12, any=["twelve"]),
]
# fmt: on


def rows() -> list[dict]:
    """The 60 rows in file order, ids g01-g60: constraints, then functions, then everyday."""
    return generic_rows.numbered("g", SPLIT, CONSTRAINTS + FUNCTIONS + EVERYDAY)


def render() -> str:
    return generic_rows.render(rows())


def main() -> None:
    generic_rows.rewrite(DATA, SPLIT, render())
    print(f"wrote {len(rows())} {SPLIT} rows at the end of {DATA}")


if __name__ == "__main__":
    main()
