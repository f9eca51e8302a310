"""The generic task's `test15` rows (n01-n60), written blind to the observers, before any tuning on them.

Written by someone who had not read engine/ (the observers and their tests), grammars/, docs/, the
README, the results, the commit history or any older generic row's request outside test14, before
any tuning on them: 32 constraint rows (28 use at least one of the check kinds added to the scorer
for them, TEST15_CHECKS in test15_kinds.py; 4 only older kinds), 22 "write this function" rows
(generic_test15_functions: doctest in a fenced docstring, `f(x) == y`, `f(x) -> y`, Input /
Output, `assert` lines, or prose with its examples in words; `shown` lists the tests the request
shows, which never count) and 6 everyday questions. **Do not read these requests or their outputs
while tuning**: a change made after looking at them spends this split.
`python -m selfrefine.tasks.tools.generic_test15` rewrites the test15 lines at the end of
tasks/generic/data.jsonl from rows() (every other line is kept byte for byte)."""

from __future__ import annotations

from selfrefine.tasks.tools import generic_rows
from selfrefine.tasks.tools.generic_rows import DATA
from selfrefine.tasks.tools.generic_rows import constraints as _c
from selfrefine.tasks.tools.generic_rows import everyday as _e
from selfrefine.tasks.tools.generic_test15_functions import FUNCTIONS

SPLIT = "test15"

# fmt: off
CONSTRAINTS = [
    _c(
        "I'm testing the VIN field on our dealership's trade-in form. Can you give me 5 made-up "
        "17-character VINs that pass the check digit validation? They don't need to decode to real cars.",
        {"check": "vin_numbers", "n": 5},
    ),
    _c(
        "need 3 fake VINs with valid check digits for a unit test, just the list",
        {"check": "vin_numbers", "n": 3},
    ),
    _c(
        "For a network diagram in our wiki I need 4 example IPv6 addresses for servers. Please take them "
        "from the documentation range 2001:db8::/32 so nobody mistakes them for real ones.",
        {"check": "ipv6_addresses", "prefix": "2001:db8::/32", "n": 4},
    ),
    _c(
        "Can you write a Kubernetes Deployment manifest for our recipe-api service? Name it recipe-api, "
        "run 3 replicas of the image ghcr.io/acme/recipe-api:2.4.1, and the container listens on port "
        "8080.",
        {"check": "k8s_deployment", "name": "recipe-api", "image": "ghcr.io/acme/recipe-api:2.4.1",
         "replicas": 3, "port": 8080},
    ),
    _c(
        "What Content-Security-Policy header should my site send? I want everything restricted to my own "
        "origin, except scripts can also load from https://cdn.jsdelivr.net and images can also be data: "
        "URIs.",
        {"check": "csp_header", "directives": {"default-src": ["'self'"],
                                               "script-src": ["'self'", "https://cdn.jsdelivr.net"],
                                               "img-src": ["'self'", "data:"]}},
    ),
    _c(
        "Just set up a fresh Ubuntu VPS. Which ufw commands do I run so incoming traffic is blocked by "
        "default, but SSH (22), HTTP (80) and HTTPS (443) are allowed?",
        {"check": "ufw_rules", "allow": ["22", "80", "443"], "default_incoming": "deny"},
    ),
    _c(
        "Can you write the HTML for a newsletter signup form? Fields: name (text), email (an email "
        "input, required) and a checkbox named consent that is also required. It should POST to "
        "/subscribe.",
        {"check": "html_form", "action": "/subscribe", "method": "post",
         "fields": {"name": "text", "email": "email", "consent": "checkbox"},
         "required": ["email", "consent"]},
    ),
    _c(
        "I'd like JSON-LD on my bakery's homepage so Google can show our details. We're a Bakery (that "
        "schema.org type) called Crumb & Co, phone +1-503-555-0142, at 12 Alder St, Portland, OR 97205.",
        {"check": "json_ld", "type": "Bakery",
         "properties": {"name": "Crumb & Co", "telephone": "+1-503-555-0142"}},
    ),
    _c(
        "Make me a GeoJSON FeatureCollection with a point for each stop of our walking tour: Big Ben "
        "(51.5007, -0.1246), the London Eye (51.5033, -0.1196) and Tower Bridge (51.5055, -0.0754), "
        "lat/long. Put each stop's name in a \"name\" property.",
        {"check": "geojson_points", "points": {"Big Ben": [51.5007, -0.1246],
                                               "London Eye": [51.5033, -0.1196],
                                               "Tower Bridge": [51.5055, -0.0754]}},
    ),
    _c(
        "Sketch an OpenAPI 3 spec in YAML for a tiny todo API: GET and POST on /todos, and GET, PUT and "
        "DELETE on /todos/{id}. Nothing else.",
        {"check": "openapi_paths",
         "paths": {"/todos": ["get", "post"], "/todos/{id}": ["get", "put", "delete"]}},
    ),
    _c(
        "My daughter's maths homework wants a 3x3 magic square using the numbers 1 to 9. Could you show "
        "one?",
        {"check": "magic_square", "size": 3},
    ),
    _c(
        "make me a 4x4 magic square with the numbers 1-16, every row, column and both diagonals adding "
        "up to 34",
        {"check": "magic_square", "size": 4},
    ),
    _c(
        "For the kids' treasure hunt I want to encode the clue LOOK UNDER THE BLUE POT with a Caesar "
        "shift of 3. What does it become?",
        {"check": "caesar_text", "text": "LOOK UNDER THE BLUE POT", "shift": 3},
    ),
    _c(
        "Encrypt \"Happy birthday Sam\" with a Caesar cipher, shifting each letter 5 places forward. It's "
        "going inside a puzzle card.",
        {"check": "caesar_text", "text": "Happy birthday Sam", "shift": 5},
    ),
    _c(
        "List 8 animals, ordered from the shortest name to the longest.",
        {"check": "length_order", "order": "ascending", "n": 8},
    ),
    _c(
        "Give me 6 baby girl names, longest name first down to the shortest, as a numbered list.",
        {"check": "length_order", "order": "descending", "n": 6},
        {"check": "numbered", "n": 6},
    ),
    _c(
        "I need 10 English words with no repeated letters (isograms), at least 6 letters each, for a "
        "word game I'm making. Bullet points please.",
        {"check": "isograms", "n": 10, "min_length": 6},
        {"check": "bullets", "n": 10},
    ),
    _c(
        "5 words with no letter used twice, 8 letters or longer?",
        {"check": "isograms", "n": 5, "min_length": 8},
    ),
    _c(
        "Scrabble night! List 6 words that have a Q in them with their Scrabble scores (just the letter "
        "values, no bonus squares), one per line like WORD - score.",
        {"check": "scrabble_values", "n": 6, "contains": "q"},
    ),
    _c(
        "I need 5 hex colours that step evenly from #1E3A8A to #F59E0B (both ends included) for a chart "
        "legend.",
        {"check": "color_gradient", "start": "#1E3A8A", "end": "#F59E0B", "n": 5},
    ),
    _c(
        "7-step grayscale ramp from #000000 to #FFFFFF, evenly spaced, hex codes please",
        {"check": "color_gradient", "start": "#000000", "end": "#FFFFFF", "n": 7},
    ),
    _c(
        "If I put $10,000 in a savings account paying 4.5% a year, compounded annually, what will the "
        "balance be at the end of each year for the next 5 years? Round to the cent.",
        {"check": "compound_growth", "principal": 10000, "rate": 4.5, "years": 5},
    ),
    _c(
        "My nan wants to put £2,500 away at 3% a year, compounded once a year. Can you show what it'll be "
        "worth after each of the next 10 years, to the penny, in a table?",
        {"check": "compound_growth", "principal": 2500, "rate": 3, "years": 10},
    ),
    _c(
        "Write an outline for an onboarding guide for new warehouse staff. Use numbered headings and "
        "subheadings (1, 1.1, 1.2, 2, ...) with at least 4 main sections, and a sentence or two under "
        "each.",
        {"check": "numbered_headings", "min": 4},
    ),
    _c(
        "Brainstorm 10 .com domain names for a dog-walking business in Leeds. No hyphens or numbers, "
        "and keep the bit before .com to 14 letters max.",
        {"check": "domain_names", "tld": "com", "n": 10, "max_length": 14, "letters_only": "true"},
    ),
    _c(
        "Suggest 6 short .io domains for a habit-tracking app, each under 10 characters before the .io",
        {"check": "domain_names", "tld": "io", "n": 6, "max_length": 9},
    ),
    _c(
        "What's the FEN string after 1. e4 e5 2. Nf3? I want to paste the position into a chess app.",
        {"check": "fen_position", "board": "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R",
         "to_move": "b"},
    ),
    _c(
        "Write a package.json for my small Vite project called trail-notes, version 0.1.0, with the "
        "scripts dev (vite), build (vite build) and preview (vite preview).",
        {"check": "package_scripts", "fields": {"name": "trail-notes", "version": "0.1.0"},
         "scripts": {"dev": "vite", "build": "vite build", "preview": "vite preview"}},
    ),
    _c(
        "Two-sentence bio for my pottery Instagram, under 40 words please, and no hashtags.",
        {"check": "sentences", "min": 2, "max": 2},
        {"check": "words", "max": 39},
        {"check": "hashtags", "n": 0},
    ),
    _c(
        "Give me 5 tips for keeping a basil plant alive on a windowsill. Bullet points, nothing else.",
        {"check": "bullets", "n": 5},
    ),
    _c(
        "Could you write a thank-you note to my neighbour Priya for watering my plants while I was away? "
        "Sign it from Dan.",
        {"check": "include", "words": ["Priya"]},
        {"check": "last_word", "word": "Dan"},
    ),
    _c(
        "ALL CAPS please: a short sign for the office fridge asking people to put their name on their "
        "food.",
        {"check": "uppercase"},
    ),
]

EVERYDAY = [
    _e("How many minutes are there in a day?", number=1440),
    _e("What's the chemical symbol for gold? Settling a pub quiz argument.", any=["Au"]),
    _e("my son needs to know how many sides a hexagon has for his homework, quick answer?", number=6,
       any=["six"]),
    _e("Which planet do people call the Red Planet?", any=["Mars"]),
    _e("Quick one: how many ounces are in a pound?", number=16, any=["sixteen"]),
    _e("What's the capital of Canada? My kid says Toronto.", any=["Ottawa"]),
]
# fmt: on


def rows() -> list[dict]:
    """The 60 rows in file order, ids n01-n60: constraints, then functions, then everyday."""
    return generic_rows.numbered("n", SPLIT, CONSTRAINTS + FUNCTIONS + EVERYDAY)


def render() -> str:
    return generic_rows.render(rows())


def main() -> None:
    generic_rows.rewrite(DATA, SPLIT, render())
    print(f"wrote {len(rows())} {SPLIT} rows at the end of {DATA}")


if __name__ == "__main__":
    main()
