"""The generic task's `test14` rows (s01-s60), written blind to the observers, before any tuning on them.

Written by someone who had not read engine/ (the observers and their tests), grammars/, docs/, the
README, the results, the commit history or any older generic row's request outside test13, before
any tuning on them: 32 constraint rows (28 use at least one of the check kinds added to the scorer
for them, TEST14_CHECKS in test14_kinds.py; 4 only older kinds), 22 "write this function" rows
(generic_test14_functions: doctest in a fenced docstring, `f(x) == y`, `f(x) -> y`, Input /
Output, `assert` lines, or prose with its examples in words; `shown` lists the tests the request
shows, which never count) and 6 everyday questions. **Do not read these requests or their outputs
while tuning**: a change made after looking at them spends this split.
`python -m selfrefine.tasks.tools.generic_test14` rewrites the test14 lines at the end of
tasks/generic/data.jsonl from rows() (every other line is kept byte for byte)."""

from __future__ import annotations

from selfrefine.tasks.tools import generic_rows
from selfrefine.tasks.tools.generic_rows import DATA
from selfrefine.tasks.tools.generic_rows import constraints as _c
from selfrefine.tasks.tools.generic_rows import everyday as _e
from selfrefine.tasks.tools.generic_test14_functions import FUNCTIONS

SPLIT = "test14"

_SUDOKU = [
    "3..4.9.7.", "4...7....", "7...83..6", ".......8.", ".6....73.", "173.264.5", "29.7.186.", "837...1..",
    ".4.5..3.7",
]  # fmt: skip

_DOCSTRING_CODE = (
    "```python\ndef shipping_cost(weight_kg, zone, express=False):\n"
    '    if weight_kg <= 0:\n        raise ValueError("weight must be positive")\n'
    "    if zone not in RATES:\n        raise KeyError(zone)\n"
    "    cost = RATES[zone] * weight_kg\n"
    "    return round(cost * 1.5 if express else cost, 2)\n```"
)

# fmt: off
CONSTRAINTS = [
    _c(
        "Could you write me a docker-compose.yml for a small self-hosted Gitea? I want a `db` service "
        "running postgres:16 with a named volume pgdata mounted at /var/lib/postgresql/data, and a "
        "`gitea` service running gitea/gitea:1.22 that depends on db. Map port 3000 on my machine to "
        "3000 in the container, and 2222 to 22 for SSH.",
        {"check": "compose_services", "services": {
            "db": {"image": "postgres:16", "volumes": ["pgdata:/var/lib/postgresql/data"]},
            "gitea": {"image": "gitea/gitea:1.22", "ports": ["3000:3000", "2222:22"], "depends_on": ["db"]}}},
    ),
    _c(
        "Set up a GitHub Actions workflow for my Node project please. It should run on pushes to main "
        "and on pull requests, on ubuntu-latest: check out the code, set up Node 20 with "
        "actions/setup-node, then run npm ci and npm test.",
        {"check": "actions_workflow", "events": ["push", "pull_request"], "branches": {"push": ["main"]},
         "runs_on": "ubuntu-latest", "uses": ["actions/checkout", "actions/setup-node"],
         "with": {"actions/setup-node": {"node-version": "20|20.x"}}, "run": ["npm ci", "npm test"]},
    ),
    _c(
        "Add these aliases to my .zshrc: gs for `git status`, gp for `git pull --rebase`, ll for "
        "`ls -lah` and .. for `cd ..`",
        {"check": "shell_aliases", "aliases": {"gs": "git status", "gp": "git pull --rebase", "ll": "ls -lah",
                                               "..": "cd .."}},
    ),
    _c(
        "I type the same docker commands all day long. Can you give me bash aliases for them? dcu for "
        "`docker compose up -d`, dcd for `docker compose down` and dlogs for "
        "`docker compose logs -f --tail=100`.",
        {"check": "shell_aliases", "aliases": {"dcu": "docker compose up -d", "dcd": "docker compose down",
                                               "dlogs": "docker compose logs -f --tail=100"}},
    ),
    _c(
        "My external backup drive is ext4 with UUID 6c1f2a9e-8b3d-4e7a-9f10-2b5c7d8e9a01. What line do I "
        "add to /etc/fstab so it mounts at /mnt/backup on boot? Use the UUID, and include nofail so the "
        "Pi still boots when the drive isn't plugged in.",
        {"check": "fstab_entries", "mounts": {"/mnt/backup": {
            "device": "UUID=6c1f2a9e-8b3d-4e7a-9f10-2b5c7d8e9a01", "type": "ext4", "options": ["nofail"]}}},
    ),
    _c(
        "We've been given 10.40.0.0/22 for the new office. Split it into 4 equal subnets (staff, guests, "
        "printers, cameras) and give me each one in CIDR notation.",
        {"check": "subnet_split", "network": "10.40.0.0/22", "n": 4},
    ),
    _c(
        "how do i split 192.168.8.0/24 into 8 equal subnets? list them in cidr",
        {"check": "subnet_split", "network": "192.168.8.0/24", "n": 8},
    ),
    _c(
        "Our checkout form validates IBANs and I need test data: 4 made-up German IBANs that pass the "
        "checksum (obviously not real accounts).",
        {"check": "iban_numbers", "country": "DE", "n": 4},
    ),
    _c(
        "For our staging environment I need 3 fake UK IBANs that still validate, so the right length and "
        "the right check digits. Any bank code is fine.",
        {"check": "iban_numbers", "country": "GB", "n": 3},
    ),
    _c(
        "Write the text message our dental clinic sends the day before an appointment. Use {first_name} "
        "and {time} as placeholders, and it has to fit in a single SMS. Just the message please, "
        "nothing around it.",
        {"check": "single_sms"},
        {"check": "include", "words": ["{first_name}", "{time}"]},
    ),
    _c(
        "Need a short SMS telling customers their order has shipped, with the tracking link "
        "https://trk.example.com/AB12CD in it. It must go out as one text message, not two.",
        {"check": "single_sms"},
        {"check": "include", "words": ["https://trk.example.com/AB12CD"]},
    ),
    _c(
        "Can you make a Mermaid gantt chart for our bathroom renovation? Demolition starts on 2027-05-03 "
        "and takes 2 days. Plumbing (4 days) and Electrics (3 days) both start right after demolition. "
        "Tiling (5 days) starts once plumbing and electrics are both done, and Painting takes 2 days "
        "after tiling. The crew works weekends too, so plain calendar days.",
        {"check": "mermaid_gantt", "tasks": {"Demolition": ["2027-05-03", 2], "Plumbing": ["2027-05-05", 4],
                                             "Electrics": ["2027-05-05", 3], "Tiling": ["2027-05-09", 5],
                                             "Painting": ["2027-05-14", 2]}},
    ),
    _c(
        "Can you turn our monthly household budget into a mermaid pie chart? Rent 1450, groceries 620, "
        "transport 180, utilities 210, savings 400 and 340 for Other. Title it Monthly budget.",
        {"check": "mermaid_pie", "title": "Monthly budget",
         "slices": {"Rent": 1450, "Groceries": 620, "Transport": 180, "Utilities": 210, "Savings": 400,
                    "Other": 340}},
    ),
    _c(
        "Our team voted on where to hold the offsite: Lisbon got 14 votes, Edinburgh 9, Kraków 6, and 3 "
        "people picked Stay home. Mermaid pie chart of the results please, titled Offsite vote.",
        {"check": "mermaid_pie", "slices": {"Lisbon": 14, "Edinburgh": 9, "Kraków": 6, "Stay home": 3},
         "title": "Offsite vote"},
    ),
    _c(
        "I'm stuck on this sudoku from the weekend paper, can you solve it? Dots are the blanks:\n\n"
        + "\n".join(_SUDOKU),
        {"check": "sudoku_grid", "givens": _SUDOKU},
    ),
    _c(
        "Make a 10x10 word search for my class's space topic. Hide PLANET, COMET, ORBIT, GALAXY, ROCKET "
        "and MOON, only going across (left to right) or down since the kids are 7, and fill the rest "
        "with random capital letters.",
        {"check": "word_search", "size": 10, "directions": "across_down",
         "words": ["PLANET", "COMET", "ORBIT", "GALAXY", "ROCKET", "MOON"]},
    ),
    _c(
        "Roll a new D&D character for me: 4d6, drop the lowest, six times. Show the four dice for each "
        "roll and its total.",
        {"check": "dice_rolls", "n": 6, "dice": 4, "sides": 6, "keep": 3},
    ),
    _c(
        "Can you make an amortization table for a $6,000 personal loan at 7.2% a year, paid monthly over "
        "12 months? Columns: month, payment, interest, principal and remaining balance.",
        {"check": "amortization_table", "principal": 6000, "rate": 7.2, "months": 12},
    ),
    _c(
        "Print me a calendar for September 2027 with the weeks starting on Monday, like the output of "
        "`cal`. Only that month's days please, I'm pasting it into my notes.",
        {"check": "month_calendar", "year": 2027, "month": 9, "week_start": "monday"},
    ),
    _c(
        "Make a markdown table of the eight planets with their average distance from the Sun in millions "
        "of km, sorted from farthest to closest.",
        {"check": "table_sorted_by", "column": "distance", "order": "descending", "rows": 8},
    ),
    _c(
        "Parkrun times from Saturday: Maya 27:41, Jon 24:05, Priti 31:12, Sam 22:58, Olu 25:30, Kate "
        "29:03. Could you put them in a table (Name, Time), fastest first?",
        {"check": "table_sorted_by", "column": "Time", "order": "ascending", "rows": 6},
        {"check": "include", "words": ["Maya", "Jon", "Priti", "Sam", "Olu", "Kate"]},
    ),
    _c(
        "I need an RSS 2.0 feed for my sewing blog, Slow Stitches (https://slowstitches.example/). Three "
        "posts so far: \"Darning socks the easy way\" published 4 March 2027, \"My first quilt\" on 18 March "
        "2027 and \"Choosing embroidery floss\" on 1 April 2027. Each item needs a title, a link and a "
        "pubDate.",
        {"check": "rss_items", "title": "Slow Stitches",
         "items": ["Darning socks the easy way", "My first quilt", "Choosing embroidery floss"],
         "dates": ["2027-03-04", "2027-03-18", "2027-04-01"]},
    ),
    _c(
        "Can you add a Google-style docstring to this function? It needs Args, Returns and Raises "
        "sections.\n\n" + _DOCSTRING_CODE,
        {"check": "google_docstring", "function": "shipping_cost", "args": ["weight_kg", "zone", "express"],
         "sections": ["Args", "Returns", "Raises"], "raises": ["ValueError", "KeyError"]},
    ),
    _c(
        "Can you draft an invoice for my client Harbour Lane Cafe? 12 hours of menu design at £45 an "
        "hour, 1 domain renewal at £14.99 and 3 stock photos at £9.50 each. Show each line's amount, "
        "then the subtotal, VAT at 20% and the total.",
        {"check": "invoice_totals", "items": [["menu design", 12, 45], ["domain renewal", 1, 14.99],
                                              ["stock photo", 3, 9.5]], "tax_rate": 20},
    ),
    _c(
        "Make a receipt for this bake sale order: 2 dozen cupcakes at $18 a dozen, 3 loaves of sourdough "
        "at $7.50 each and 1 lemon tart for $22. Then the subtotal, sales tax at 8.875% and the total.",
        {"check": "invoice_totals", "tax_rate": 8.875,
         "items": [["cupcake", 2, 18], ["sourdough", 3, 7.5], ["lemon tart", 1, 22]]},
    ),
    _c(
        "Make me a wa.me click-to-chat link for our restaurant's WhatsApp number, +44 7700 900123, that "
        "opens with the message \"Hi! I'd like to book a table for Friday.\"",
        {"check": "url_params", "url": "https://wa.me/447700900123",
         "params": {"text": "Hi! I'd like to book a table for Friday."}},
    ),
    _c(
        "give me a youtube link that searches for sourdough shaping tutorial",
        {"check": "url_params", "url": "https://www.youtube.com/results",
         "params": {"search_query": "sourdough shaping tutorial"}},
    ),
    _c(
        "What exact text do I turn into a QR code so guests can join our wifi by scanning it? Network: "
        "Casa Lopez 5G, password: tortilla;2027!, security WPA2.",
        {"check": "wifi_qr", "ssid": "Casa Lopez 5G", "password": "tortilla;2027!", "security": "WPA"},
    ),
    _c(
        "Write a short toast for my parents' 40th wedding anniversary. Their names are Rosa and Tom. Keep "
        "it under 120 words.",
        {"check": "words", "max": 119},
        {"check": "include", "words": ["Rosa", "Tom"]},
    ),
    _c(
        "6 ideas for a rainy sunday with a 3 year old? bullet points please",
        {"check": "bullets", "n": 6},
    ),
    _c(
        "LinkedIn post announcing I've started as a data analyst at Northwind Logistics. Keep it humble, "
        "and end with 3 hashtags.",
        {"check": "hashtags", "n": 3},
        {"check": "include", "words": ["Northwind"]},
    ),
    _c(
        "a haiku about my cat Miso knocking things off the table. all lowercase",
        {"check": "lowercase"},
        {"check": "lines", "n": 3},
    ),
]

EVERYDAY = [
    _e("How many teaspoons make one tablespoon? I'm using US measuring spoons.", number=3, any=["three"]),
    _e("Quick one: at sea level, water boils at what temperature in Fahrenheit?", number=212),
    _e("Doing a crossword, 7 letters: the largest ocean on Earth?", any=["Pacific"]),
    _e("Who wrote Pride and Prejudice? My book club can't agree.", any=["Austen"]),
    _e("how many days are there in a leap year", number=366),
    _e("What gas do plants take in from the air for photosynthesis?", any=["carbon dioxide", "CO2"]),
]
# fmt: on


def rows() -> list[dict]:
    """The 60 rows in file order, ids s01-s60: constraints, then functions, then everyday."""
    return generic_rows.numbered("s", SPLIT, CONSTRAINTS + FUNCTIONS + EVERYDAY)


def render() -> str:
    return generic_rows.render(rows())


def main() -> None:
    generic_rows.rewrite(DATA, SPLIT, render())
    print(f"wrote {len(rows())} {SPLIT} rows at the end of {DATA}")


if __name__ == "__main__":
    main()
