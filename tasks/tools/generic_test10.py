"""The generic task's `test10` rows (m01-m60), written on 2026-12-07 blind to the observers.

Written by someone who had not read engine/ (the observers and their tests), docs/, the results,
the commit history or any older generic row's request outside test9, before any tuning on them:
32 constraint rows (28 use at least one of the check kinds added to the scorer for them,
TEST10_CHECKS in test10_kinds.py; 4 only older kinds), 22 "write this function" rows
(generic_test10_functions: doctest in a fenced docstring, `f(x) == y`, `f(x) -> y`, Input /
Output, `assert` lines, or prose with its examples in words; `shown` lists the tests the request
shows, which never count) and 6 everyday questions. **Do not read these requests or their outputs
while tuning**: a change made after looking at them spends this split.
`python -m selfrefine.tasks.tools.generic_test10` rewrites the test10 lines at the end of
tasks/generic/data.jsonl from rows() (every other line is kept byte for byte)."""

from __future__ import annotations

from selfrefine.tasks.tools import generic_rows
from selfrefine.tasks.tools.generic_rows import DATA
from selfrefine.tasks.tools.generic_rows import constraints as _c
from selfrefine.tasks.tools.generic_rows import everyday as _e
from selfrefine.tasks.tools.generic_test10_functions import FUNCTIONS

SPLIT = "test10"

_MILES = ["miles", "mile", "mi"]
_KM = ["kilometres", "kilometers", "kilometre", "kilometer", "km"]
_CUPS = ["cups", "cup"]
_ML = ["millilitres", "milliliters", "millilitre", "milliliter", "ml"]

# fmt: off
CONSTRAINTS = [
    _c(
        "Can you make me an .ics file I can import into my calendar? Dentist appointment on Tuesday, "
        "March 9, 2027 from 14:30 to 15:15 at Bright Smile Dental, 12 Elm Road. Put the file contents "
        "in a code block.",
        {"check": "ics_event", "dates": ["20270309"]},
    ),
    _c(
        "Our book club meets on the first Thursday of the month, 7 to 9 pm. I'd like a calendar file "
        "(.ics) with the January, February and March 2027 meetings as three separate events, not a "
        "recurring rule, so people can import it. Location: Willow Street Library, room B.",
        {"check": "ics_event", "min": 3, "dates": ["20270107", "20270204", "20270304"]},
    ),
    _c(
        "I want a QR code on my business card that adds me to people's contacts. Give me the vCard "
        "text for it: Dr. Lena Hoffmann, physiotherapist at Hoffmann Physio, mobile +49 151 2345 6789, "
        "email lena@hoffmann-physio.de, website https://hoffmann-physio.de",
        {"check": "vcard", "fields": ["FN", "TEL", "EMAIL", "URL"]},
    ),
    _c(
        "crontab lines for my raspberry pi please: run /home/pi/backup.sh every night at 2:30, and "
        "/home/pi/cleanup.sh at 6 in the morning on Sundays. Only the entries, in a code block.",
        {"check": "crontab", "min": 2, "schedules": ["30 2 * * *", "0 6 * * 0"]},
    ),
    _c(
        "I look after the office NAS. I need two cron jobs: /usr/local/bin/smart-check should run at "
        "8:15 am every weekday (Monday to Friday), and /usr/local/bin/rotate-logs at midnight on the "
        "first day of every month. Write the crontab entries with a short comment above each.",
        {"check": "crontab", "min": 2, "schedules": ["15 8 * * 1-5", "0 0 1 * *"]},
    ),
    _c(
        "Write a Dockerfile for my small Flask app (app.py plus requirements.txt). Base it on the "
        "official Python 3.12 slim image, install the requirements, expose port 5000 and start it "
        "with gunicorn.",
        {"check": "dockerfile", "base": "python", "needs": ["COPY", "RUN", "EXPOSE"]},
    ),
    _c(
        "My home weather station logger reads its settings from a config.ini. Write one for me with a "
        "[station] section (name, latitude, longitude, altitude), an [mqtt] section (host, port, "
        "topic) and a [logging] section (level, file). Fill in sensible example values and put it in "
        "a code block.",
        {"check": "ini_config", "keys": ["station.name", "station.latitude", "station.longitude",
                                         "station.altitude", "mqtt.host", "mqtt.port", "mqtt.topic",
                                         "logging.level", "logging.file"]},
    ),
    _c(
        "Write me a short out-of-office reply for while I'm at a conference from December 14 to 18. "
        "Keep it under 60 words and tell people to contact my colleague Ines for anything urgent.",
        {"check": "words", "max": 60},
        {"check": "include", "words": ["Ines"]},
    ),
    _c(
        "Could you write the sitemap.xml for our bakery's website? Pages: home, about, menu, "
        "wholesale, catering, contact (the domain is https://www.crumbandcrust.com). Each URL needs "
        "its loc, and add lastmod too.",
        {"check": "xml_document", "root": "urlset", "child": "url", "min": 6, "each": "loc"},
    ),
    _c(
        "Draw our online shop's returns process as a Mermaid flowchart I can paste into our wiki. "
        "The customer requests a return; if it's more than 30 days since delivery we decline; "
        "otherwise we send a label, receive the parcel and inspect it; if it's damaged we offer a "
        "partial refund, else a full refund. Use decision diamonds for the two checks.",
        {"check": "mermaid_flowchart", "min": 6, "decisions": 2},
    ),
    _c(
        "mermaid flowchart (left to right) of our new-hire onboarding: offer signed, laptop ordered, "
        "accounts created, first-day welcome, buddy assigned, 30-day check-in",
        {"check": "mermaid_flowchart", "min": 5},
    ),
    _c(
        "Write a Python function that reads my running log CSV (columns: date as YYYY-MM-DD, "
        "distance_km, minutes) and returns the total distance per month as a dict like "
        "{'2026-03': 42.5}. Type hints on everything please, and keep every line under 80 "
        "characters, our linter is strict.",
        {"check": "type_hints"},
        {"check": "code_line_length", "max": 79},
    ),
    _c(
        "I need a bash script that renames every .jpeg file in the current folder to .jpg and "
        "prints each rename. Start it with a proper bash shebang, and no line longer than 100 "
        "characters.",
        {"check": "shebang_line", "shell": "bash"},
        {"check": "code_line_length", "max": 100},
    ),
    _c(
        "Make a chore chart for my two kids, Ella and Sam, for Monday to Sunday, one chore per day, "
        "as tab-separated text with the columns Day, Child, Chore so I can paste it straight into "
        "Google Sheets. Put it in a code block so the tabs survive, header row first.",
        {"check": "tsv_rows", "header": ["Day", "Child", "Chore"], "n": 7},
    ),
    _c(
        "Write a 4-line poem for my grandmother's 90th birthday card. All lowercase, it's her style.",
        {"check": "lines", "n": 4},
        {"check": "lowercase"},
    ),
    _c(
        "I keep a bird log in a spreadsheet. Invent a sample of at least 5 sightings from a weekend "
        "at the coast as tab-separated lines with the header Date, Species, Count, Location, in a "
        "code block.",
        {"check": "tsv_rows", "header": ["Date", "Species", "Count", "Location"], "min": 5},
    ),
    _c(
        "We're doing Secret Santa at work: Maya, Theo, Priscilla, Jonah, Ruth and Omar. Do the draw "
        "for me and list it as one line per person like 'Maya → Jonah'. Maya and Theo are married, "
        "and so are Ruth and Omar, so they shouldn't get each other. Everyone gives one gift and "
        "gets one.",
        {"check": "gift_exchange", "names": ["Maya", "Theo", "Priscilla", "Jonah", "Ruth", "Omar"],
         "apart": ["Maya & Theo", "Ruth & Omar"]},
    ),
    _c(
        "Our pickleball league has 5 teams: Dink Dynasty, Net Ninjas, Kitchen Crew, Lob Stars and Spin "
        "Doctors. Make a round-robin schedule where every team plays every other team once, in 5 "
        "rounds labelled Round 1 to Round 5 (two games per round, one team sits out). Write games as "
        "'Team A vs Team B'.",
        {"check": "round_robin", "teams": ["Dink Dynasty", "Net Ninjas", "Kitchen Crew", "Lob Stars",
                                           "Spin Doctors"], "rounds": 5},
    ),
    _c(
        "For my son's puzzle sheet: a word ladder from COLD to WARM, changing one letter at a time, "
        "every step a real English word, 5 steps at most.",
        {"check": "word_ladder", "start": "cold", "end": "warm", "max_steps": 5},
    ),
    _c(
        "I always have to read my booking reference out over the phone. How do I spell QHR7WZ with the "
        "NATO phonetic alphabet?",
        {"check": "nato_spelling", "text": "QHR7WZ"},
    ),
    _c(
        "My nephew is learning Morse code. Write SEE YOU SOON in Morse for his birthday card, letters "
        "separated by spaces and words by a slash.",
        {"check": "morse_code", "text": "SEE YOU SOON"},
    ),
    _c(
        "Give me 6 palindromes for a word puzzle page, each a phrase of at least two words (like "
        "'never odd or even'). One per line, nothing else.",
        {"check": "palindrome_lines", "n": 6, "min_words": 2},
    ),
    _c(
        "Quick cheat sheet for my running group: 6 common race or training distances in miles with "
        "the kilometre equivalent, one per line, like '3 miles = 4.83 km'.",
        {"check": "conversions", "source": _MILES, "target": _KM, "factor": 1.609344, "min": 6,
         "tolerance": 1},
    ),
    _c(
        "I'm baking from an American cookbook. Give me US cups to millilitres for 1/4, 1/3, 1/2, 2/3, "
        "3/4 and 1 cup, one per line.",
        {"check": "conversions", "source": _CUPS, "target": _ML, "factor": 236.588, "min": 6,
         "tolerance": 2.5},
    ),
    _c(
        "Give me 5 tips for a first-time dog sitter as bullet points, under 120 words in total.",
        {"check": "bullets", "n": 5},
        {"check": "words", "max": 120},
    ),
    _c(
        "Write a short explainer for our school newsletter on why teenagers need more sleep. Cite at "
        "least 3 real sources with numbered citations like [1] in the text, numbered in the order they "
        "first appear, and a References list at the end. Under 350 words in total.",
        {"check": "numbered_citations", "min": 3},
        {"check": "words", "max": 350},
    ),
    _c(
        "I'm preparing a one-page brief for our city council on e-scooter safety. Back up the claims "
        "with at least 4 sources: number them [1], [2]... in the order they're first cited, and list "
        "them under a 'Sources' heading at the bottom.",
        {"check": "numbered_citations", "min": 4},
    ),
    _c(
        "Planning a hiking trip in the Scottish Highlands. List 5 good trailheads with their GPS "
        "coordinates in decimal degrees (at least 4 decimal places) so I can paste them into Google "
        "Maps.",
        {"check": "coordinates", "min": 5, "decimals": 4, "south": 55.5, "north": 59.0, "west": -8.0,
         "east": -1.5},
    ),
    _c(
        "Going to Lisbon with my parents. Suggest 4 viewpoints (miradouros) in the city, each with "
        "latitude and longitude in decimal degrees, 4 decimals or more, and one sentence on why it's "
        "worth it.",
        {"check": "coordinates", "min": 4, "decimals": 4, "south": 38.6, "north": 38.85, "west": -9.35,
         "east": -9.0},
    ),
    _c(
        "Write the HTML for a simple gallery section showing 6 pieces from our pottery class's spring "
        "show. Every image needs proper descriptive alt text for screen readers. Use placeholder "
        "image paths.",
        {"check": "img_alt", "min": 6},
    ),
    _c(
        "Write a CHANGELOG.md for my open-source recipe app following the Keep a Changelog format: "
        "versions 1.0.0, 1.1.0 and 1.2.0 with dates in 2026, newest first, using the standard "
        "Added / Changed / Fixed sections.",
        {"check": "changelog_entries", "min": 3},
    ),
    _c(
        "Explain what a heat pump does to my dad in exactly 2 paragraphs, no jargon, and finish with "
        "a question he could ask an installer.",
        {"check": "paragraphs", "n": 2},
        {"check": "ends_with_question"},
    ),
]

EVERYDAY = [
    _e("How many hours are there in 2 days and 6 hours?", number=54),
    _e("what's 15% of 80", number=12),
    _e("If I put away $25 every week, how much have I saved after 52 weeks?", number=1300),
    _e("What's the capital city of Canada?", any=["Ottawa"]),
    _e("At sea level, what temperature does water boil at in Fahrenheit?", number=212),
    _e("How many strings does a standard violin have?", number=4, any=["four"]),
]
# fmt: on


def rows() -> list[dict]:
    """The 60 rows in file order, ids m01-m60: constraints, then functions, then everyday."""
    return generic_rows.numbered("m", SPLIT, CONSTRAINTS + FUNCTIONS + EVERYDAY)


def render() -> str:
    return generic_rows.render(rows())


def main() -> None:
    generic_rows.rewrite(DATA, SPLIT, render())
    print(f"wrote {len(rows())} {SPLIT} rows at the end of {DATA}")


if __name__ == "__main__":
    main()
