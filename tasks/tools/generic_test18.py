"""The generic task's `test18` rows (b01-b60), written blind to the observers, before any tuning on them.

Written by someone who had not read engine/ (the observers and their tests), grammars/, docs/, the
README, the results, the commit history or any older generic row's request outside test17, before
any tuning on them: 32 constraint rows (28 use at least one of the check kinds added to the scorer
for them, TEST18_CHECKS in test18_kinds.py; 4 only older kinds), 22 "write this function" rows
(generic_test18_functions: doctest in a fenced docstring, `f(x) == y`, `f(x) -> y`, Input /
Output, `assert` lines, or prose with its examples in words; `shown` lists the tests the request
shows, which never count) and 6 everyday questions. **Do not read these requests or their outputs
while tuning**: a change made after looking at them spends this split.
`python -m selfrefine.tasks.tools.generic_test18` rewrites the test18 lines at the end of
tasks/generic/data.jsonl from rows() (every other line is kept byte for byte)."""

from __future__ import annotations

from selfrefine.tasks.tools import generic_rows
from selfrefine.tasks.tools.generic_rows import DATA
from selfrefine.tasks.tools.generic_rows import constraints as _c
from selfrefine.tasks.tools.generic_rows import everyday as _e
from selfrefine.tasks.tools.generic_test18_functions import FUNCTIONS

SPLIT = "test18"

_TRACKS = ["intro.mp3", "warmup.mp3", "tempo-run.mp3", "cooldown.mp3"]

# fmt: off
CONSTRAINTS = [
    _c(
        "Reading a sensor datasheet and my brain is fried. What are 0x1F, 0xFF, 0x3E8 and 0xBEEF in "
        "decimal?",
        {"check": "hex_to_decimal", "values": ["0x1F", "0xFF", "0x3E8", "0xBEEF"]},
    ),
    _c(
        "Teaching my nephew how binary works. Can you show 5, 12, 100 and 255 in binary? One number "
        "per line please.",
        {"check": "binary_conversions", "numbers": [5, 12, 100, 255]},
    ),
    _c(
        "Helping my daughter simplify fractions. What's the highest common factor of 84 and 126? And "
        "their lowest common multiple while you're at it.",
        {"check": "gcd_lcm", "numbers": [84, 126], "asks": ["gcd", "lcm"]},
    ),
    _c(
        "gcd and lcm of 48, 180 and 300?",
        {"check": "gcd_lcm", "numbers": [48, 180, 300], "asks": ["gcd", "lcm"]},
    ),
    _c(
        "My woodworking plans are all in fractions of an inch and my calipers are digital. Convert 3/8, "
        "5/16, 7/32 and 11/64 to decimals, three decimal places is plenty.",
        {"check": "fraction_decimals", "fractions": ["3/8", "5/16", "7/32", "11/64"], "places": 3},
    ),
    _c(
        "Quick one: what's 15% of 80, 12.5% of 240 and 7% of 1,350?",
        {"check": "percent_of", "pairs": [[15, 80], [12.5, 240], [7, 1350]]},
    ),
    _c(
        "Sales tax here is 8.25%. How much tax would I pay on $19.99, $249 and $1,080? Round to the "
        "cent, and keep it short, under 50 words.",
        {"check": "percent_of", "pairs": [[8.25, 19.99], [8.25, 249], [8.25, 1080]], "decimals": 2},
        {"check": "words", "max": 49},
    ),
    _c(
        "Setting up a new delay pedal for a gig. At 120 BPM, what delay times in milliseconds do I need "
        "for a quarter note, an eighth note, a dotted eighth and a sixteenth?",
        {"check": "note_delays", "bpm": 120, "notes": ["quarter", "eighth", "dotted eighth", "sixteenth"]},
    ),
    _c(
        "Driving 340 km to my sister's this weekend. The car does about 6.5 litres per 100 km and "
        "fuel is €1.85 a litre. Roughly what will the fuel cost one way?",
        {"check": "fuel_cost", "distance_km": 340, "litres_per_100km": 6.5, "price": 1.85, "tol": 0.5},
    ),
    _c(
        "How long are these shifts? 07:00-15:30, 22:00-06:00 and 13:45-20:15. I need the hours for my "
        "timesheet, one shift per line.",
        {"check": "shift_hours", "shifts": [["07:00", "15:30"], ["22:00", "06:00"], ["13:45", "20:15"]]},
    ),
    _c(
        "Checking the ward rota: the night shift is 19:30 to 07:45 and the long day is 07:15 to 20:00. "
        "How many hours is each?",
        {"check": "shift_hours", "shifts": [["19:30", "07:45"], ["07:15", "20:00"]]},
    ),
    _c(
        "What's the find command to list every .log file bigger than 100MB under /var/log?",
        {"check": "find_command", "path": "/var/log", "name": "*.log", "size": "+100M"},
    ),
    _c(
        "need to delete .tmp files older than 7 days in ~/Downloads, one find command pls",
        {"check": "find_command", "path": "~/Downloads", "name": "*.tmp", "mtime": ["+7", "+6"],
         "delete": "true"},
    ),
    _c(
        "What grep command searches all the Python files under src/ for TODO, ignoring case and "
        "showing line numbers?",
        {"check": "grep_command", "pattern": "TODO", "path": "src", "flags": ["r", "i", "n"],
         "include": "*.py"},
    ),
    _c(
        "How do I make a symlink called ~/bin/python that points to /opt/python3.12/bin/python3?",
        {"check": "symlink_command", "target": "/opt/python3.12/bin/python3", "link": "~/bin/python"},
    ),
    _c(
        "I'm on main. How do I create a branch called fix/login-timeout, switch to it, and push it to "
        "origin so it tracks the remote?",
        {"check": "git_new_branch", "branch": "fix/login-timeout", "push": "true"},
    ),
    _c(
        "How do I tag the current commit as v2.3.0 with the message \"Spring release\" and push the tag "
        "to GitHub?",
        {"check": "git_tag_commands", "tag": "v2.3.0", "message": "Spring release", "push": "true"},
    ),
    _c(
        "Give me the mv commands to rename scan1.pdf, scan2.pdf and scan3.pdf to lease-page-1.pdf, "
        "lease-page-2.pdf and lease-page-3.pdf. One command per file, no loop.",
        {"check": "mv_commands", "renames": {"scan1.pdf": "lease-page-1.pdf", "scan2.pdf": "lease-page-2.pdf",
                                             "scan3.pdf": "lease-page-3.pdf"}},
    ),
    _c(
        "Just cloned a Python project on my Mac. What commands do I run to create a virtual environment "
        "in .venv, activate it and install requirements.txt?",
        {"check": "venv_commands", "dir": ".venv", "requirements": "requirements.txt"},
    ),
    _c(
        "Write a logrotate config for /var/log/myapp/*.log: rotate daily, keep 14 old logs, compress "
        "them but not the most recent one, and don't complain if a log file is missing.",
        {"check": "logrotate_config", "path": "/var/log/myapp/*.log",
         "directives": {"daily": "", "rotate": "14", "compress": "", "delaycompress": "", "missingok": ""}},
    ),
    _c(
        "Hardening a new server. Which lines go in /etc/ssh/sshd_config to move SSH to port 2222, "
        "disable root login and turn off password logins?",
        {"check": "sshd_settings", "settings": {"Port": "2222", "PermitRootLogin": "no",
                                                "PasswordAuthentication": "no"}},
    ),
    _c(
        "Can you write me a Caddyfile for shop.example.com that reverse proxies to my Node app on "
        "localhost:3000 and turns on gzip compression?",
        {"check": "caddyfile", "site": "shop.example.com", "upstream": "localhost:3000", "encode": ["gzip"]},
    ),
    _c(
        "Our orders table gets slow when we filter by customer_id and sort by created_at. Write the "
        "CREATE INDEX statement for a composite index on those two columns, in that order.",
        {"check": "sql_index", "table": "orders", "columns": ["customer_id", "created_at"]},
    ),
    _c(
        "sql to make email unique on the users table (postgres). as a unique index, not a constraint",
        {"check": "sql_index", "table": "users", "columns": ["email"], "unique": "true"},
    ),
    _c(
        "Make me an M3U playlist for my running mix: " + ", ".join(_TRACKS[:-1]) + " and " + _TRACKS[-1]
        + ", in that order. Use the extended format with #EXTINF lines.",
        {"check": "m3u_playlist", "tracks": _TRACKS, "extended": "true"},
    ),
    _c(
        "Write a minimal pyproject.toml for my package tidyreceipts. It needs Python 3.10 or newer, "
        "depends on requests and pydantic, and builds with hatchling.",
        {"check": "pyproject_dependencies", "name": "tidyreceipts", "dependencies": ["requests", "pydantic"],
         "requires_python": ">=3.10", "build_backend": "hatchling.build"},
    ),
    _c(
        "HTML for a dropdown named \"size\" with the options Small, Medium, Large and Extra large, "
        "Medium selected by default. Just the select element.",
        {"check": "html_select", "name": "size", "options": ["Small", "Medium", "Large", "Extra large"],
         "selected": "Medium"},
    ),
    _c(
        "CSS please: on screens 600px wide or less, hide .sidebar and make .main width 100%.",
        {"check": "css_media_query", "max_width": 600,
         "rules": {".sidebar": {"display": "none"}, ".main": {"width": "100%"}}},
    ),
    _c(
        "Write a birthday message for my coworker Dana to put in the team card. Two sentences, no "
        "exclamation marks.",
        {"check": "sentences", "min": 2, "max": 2},
        {"check": "exclude_chars", "chars": ["!"]},
        {"check": "include", "words": ["Dana"]},
    ),
    _c(
        "Give me 5 numbered ideas for a rainy Saturday at home with two toddlers.",
        {"check": "numbered", "n": 5},
    ),
    _c(
        "product description for a handmade oak chopping board, under 80 words, all lowercase, it's "
        "for our minimalist shop",
        {"check": "words", "max": 79},
        {"check": "lowercase"},
    ),
    _c(
        "Write a LinkedIn post announcing that I've joined Fernhill Analytics as a data engineer. "
        "Three short paragraphs and exactly 3 hashtags.",
        {"check": "paragraphs", "n": 3},
        {"check": "hashtags", "n": 3},
        {"check": "include", "words": ["Fernhill Analytics"]},
    ),
]

EVERYDAY = [
    _e("How many minutes are there in a day? Working out a timelapse.", number=1440),
    _e("What's the boiling point of water in Fahrenheit?", number=212),
    _e("Book club question: who wrote Pride and Prejudice?", any=["Jane Austen", "Austen"]),
    _e("How many players does a football team have on the pitch at once? The soccer kind.", number=11,
       any=["eleven"]),
    _e("What's the chemical symbol for gold?", any=["Au"]),
    _e("how many weeks are in a year", number=52, any=["fifty-two", "fifty two"]),
]
# fmt: on


def rows() -> list[dict]:
    """The 60 rows in file order, ids b01-b60: constraints, then functions, then everyday."""
    return generic_rows.numbered("b", SPLIT, CONSTRAINTS + FUNCTIONS + EVERYDAY)


def render() -> str:
    return generic_rows.render(rows())


def main() -> None:
    generic_rows.rewrite(DATA, SPLIT, render())
    print(f"wrote {len(rows())} {SPLIT} rows at the end of {DATA}")


if __name__ == "__main__":
    main()
