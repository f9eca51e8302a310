"""The generic task's `test17` rows (j01-j60), written blind to the observers, before any tuning on them.

Written by someone who had not read engine/ (the observers and their tests), grammars/, docs/, the
README, the results, the commit history or any older generic row's request outside test16, before
any tuning on them: 32 constraint rows (28 use at least one of the check kinds added to the scorer
for them, TEST17_CHECKS in test17_kinds.py; 4 only older kinds), 22 "write this function" rows
(generic_test17_functions: doctest in a fenced docstring, `f(x) == y`, `f(x) -> y`, Input /
Output, `assert` lines, or prose with its examples in words; `shown` lists the tests the request
shows, which never count) and 6 everyday questions. **Do not read these requests or their outputs
while tuning**: a change made after looking at them spends this split.
`python -m selfrefine.tasks.tools.generic_test17` rewrites the test17 lines at the end of
tasks/generic/data.jsonl from rows() (every other line is kept byte for byte)."""

from __future__ import annotations

from selfrefine.tasks.tools import generic_rows
from selfrefine.tasks.tools.generic_rows import DATA
from selfrefine.tasks.tools.generic_rows import constraints as _c
from selfrefine.tasks.tools.generic_rows import everyday as _e
from selfrefine.tasks.tools.generic_test17_functions import FUNCTIONS

SPLIT = "test17"

_STEPS = [8200, 10450, 7600, 10450, 12300, 6900, 9100]
_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
_WEEK = [*_WEEKDAYS, "Saturday", "Sunday"]
_SEEDS = ["Hawks", "Otters", "Foxes", "Bears", "Wolves", "Owls", "Lynx", "Badgers"]

# fmt: off
CONSTRAINTS = [
    _c(
        "Building a REST API for our bookshop. Which HTTP status code should I return when: a new order "
        "is created, the book ID in the URL doesn't exist, the user isn't logged in, they're logged in but "
        "not allowed to see that order, and they've hit the rate limit?",
        {"check": "status_codes", "codes": {
            "201": ["created", "new order"],
            "404": ["not found", "doesn't exist", "does not exist", "missing"],
            "401": ["unauthorized", "unauthorised", "not logged in", "isn't logged in", "unauthenticated"],
            "403": ["forbidden", "not allowed"],
            "429": ["too many requests", "rate limit", "rate limited", "rate-limited"]}},
    ),
    _c(
        "http status codes for moved permanently, not modified, bad gateway and service unavailable? "
        "just the numbers next to the names",
        {"check": "status_codes", "codes": {"301": ["moved permanently"], "304": ["not modified"],
                                            "502": ["bad gateway"], "503": ["service unavailable"]}},
    ),
    _c(
        "Setting up firewall rules on a new VPS. What are the default ports for SSH, HTTPS, PostgreSQL, "
        "Redis and MySQL?",
        {"check": "default_ports", "ports": {"22": ["SSH"], "443": ["HTTPS"],
                                             "5432": ["PostgreSQL", "Postgres"], "6379": ["Redis"],
                                             "3306": ["MySQL"]}},
    ),
    _c(
        "What Content-Type should my static file server send for .webp, .svg, .woff2, .json and .mp4 "
        "files? A quick list is fine.",
        {"check": "mime_types", "types": {".webp": ["image/webp"], ".svg": ["image/svg+xml"],
                                          ".woff2": ["font/woff2", "application/font-woff2"],
                                          ".json": ["application/json"], ".mp4": ["video/mp4"]}},
    ),
    _c(
        "I'm putting together a font test page and need the Unicode code points, in U+ notation, for "
        "these characters: é, ß, €, ✓ and 😀. Please show each character next to its code point.",
        {"check": "unicode_codepoints", "chars": ["é", "ß", "€", "✓", "😀"]},
    ),
    _c(
        "Hand-coding the footer of our website. Which HTML entities do I use for the copyright sign, an "
        "em dash, a non-breaking space and the euro sign?",
        {"check": "html_entities", "chars": {"copyright": "©", "em dash": "—", "non-breaking space": "\u00a0",
                                             "euro": "€"}},
    ),
    _c(
        "The end credits of our short film need years in Roman numerals. Could you convert 2027, 1999, "
        "2048 and 1984 for me?",
        {"check": "roman_numerals", "numbers": [2027, 1999, 2048, 1984]},
    ),
    _c(
        "Checking my son's maths homework. What are the prime factorisations of 360, 1001 and 2310? "
        "Write them like 12 = 2² × 3.",
        {"check": "prime_factorizations", "numbers": [360, 1001, 2310]},
    ),
    _c(
        "prime factorise 84 and 9240 pls, no long explanation",
        {"check": "prime_factorizations", "numbers": [84, 9240]},
    ),
    _c(
        "List every leap year from 1985 to 2035.",
        {"check": "leap_years", "start": 1985, "end": 2035},
    ),
    _c(
        "Can you reduce these screen resolutions to their aspect ratios in lowest terms? 1920x1080, "
        "1280x1024, 2560x1080 and 1440x900. Write each ratio like 4:3.",
        {"check": "simplified_ratios", "pairs": [[1920, 1080], [1280, 1024], [2560, 1080], [1440, 900]]},
    ),
    _c(
        "My step counts last week were " + ", ".join(f"{n:,}" for n in _STEPS) + ". What were the mean, "
        "median and mode? Round to one decimal place where needed, and keep it under 80 words.",
        {"check": "summary_stats", "values": _STEPS, "stats": ["mean", "median", "mode"], "decimals": 1},
        {"check": "words", "max": 79},
    ),
    _c(
        "I'm eating 2,400 calories a day and want to split them 30% protein, 40% carbs and 30% fat. How "
        "many grams of each is that per day?",
        {"check": "macro_grams", "calories": 2400, "split": {"protein": 30, "carbs": 40, "fat": 30}},
    ),
    _c(
        "We've got 8 players in the office ping pong tournament, seeded 1 to 8: "
        + ", ".join(f"{i} {t}" for i, t in enumerate(_SEEDS, 1))
        + ". Standard seeding, so 1 plays 8, 2 plays 7 and so on. Just list the first-round matches, one "
        "per line.",
        {"check": "seeded_bracket", "teams": _SEEDS},
    ),
    _c(
        "Can you plan dinners for Monday to Friday? Vegetarian, something different every night, one "
        "line per day.",
        {"check": "weekly_menu", "days": _WEEKDAYS},
    ),
    _c(
        "need packed lunch ideas for the kids for the whole week, monday through sunday. no repeats pls",
        {"check": "weekly_menu", "days": _WEEK},
    ),
    _c(
        "I need one glob pattern for a CI path filter that matches report_2027_01.csv and "
        "report_2026_12.csv but not report_final.csv or summary_2027_01.csv. Put the pattern in "
        "backticks.",
        {"check": "glob_patterns", "match": ["report_2027_01.csv", "report_2026_12.csv"],
         "no_match": ["report_final.csv", "summary_2027_01.csv"]},
    ),
    _c(
        "Building some query strings by hand. What do these values look like URL-encoded? 'fish & "
        "chips', 'café au lait' and 'a=b?c'",
        {"check": "percent_encoded", "strings": ["fish & chips", "café au lait", "a=b?c"]},
    ),
    _c(
        "Write me an .editorconfig for our repo. It's the top-level one. 4-space indents for Python, "
        "2 spaces for YAML and JavaScript, tabs in Makefiles, and LF line endings with a final newline "
        "for every file.",
        {"check": "editorconfig", "root": "true", "files": {
            "app.py": {"indent_style": "space", "indent_size": "4", "end_of_line": "lf",
                       "insert_final_newline": "true"},
            "ci.yml": {"indent_style": "space", "indent_size": "2", "end_of_line": "lf"},
            "main.js": {"indent_style": "space", "indent_size": "2", "insert_final_newline": "true"},
            "Makefile": {"indent_style": "tab", "end_of_line": "lf", "insert_final_newline": "true"}}},
    ),
    _c(
        "Our repo has people on Windows and Mac and the line endings are a mess. Can you write a "
        ".gitattributes that normalises text files automatically, forces LF for .sh scripts, CRLF for "
        ".bat files, and treats .png and .jpg images as binary?",
        {"check": "gitattributes", "files": {
            "README.md": {"text": "auto"}, "deploy.sh": {"eol": "lf"}, "setup.bat": {"eol": "crlf"},
            "logo.png": {"text": "unset", "diff": "unset"}, "photo.jpg": {"text": "unset", "diff": "unset"}}},
    ),
    _c(
        "Our frontend at https://app.example.com calls our API on another domain. What CORS headers "
        "should the API send back? It needs GET, POST and DELETE, the Authorization and Content-Type "
        "request headers, cookies (so credentials), and the preflight should be cached for 10 minutes.",
        {"check": "cors_headers", "origin": "https://app.example.com", "methods": ["GET", "POST", "DELETE"],
         "headers": ["Authorization", "Content-Type"], "credentials": "true", "max_age": 600},
    ),
    _c(
        "What's the rsync command to mirror the contents of ~/Photos/ into /mnt/backup/photos, deleting "
        "anything on the backup that I've removed locally and skipping *.tmp files? I want to do a dry "
        "run first so show me that version.",
        {"check": "rsync_command", "source": "~/Photos/", "dest": "/mnt/backup/photos",
         "flags": ["delete", "dry-run"], "exclude": ["*.tmp"]},
    ),
    _c(
        "how do i pack my thesis folder into thesis-backup.tar.gz from the terminal? i'm in the folder "
        "that contains it",
        {"check": "tar_command", "mode": "create", "archive": "thesis-backup.tar.gz", "sources": ["thesis"],
         "compression": "gzip"},
    ),
    _c(
        "I need a new SSH key for GitHub: Ed25519, with maya.r@example.com as the comment, saved to "
        "~/.ssh/id_github. What's the command?",
        {"check": "ssh_keygen_command", "type": "ed25519", "comment": "maya.r@example.com",
         "file": "~/.ssh/id_github"},
    ),
    _c(
        "Write a small Python CLI using argparse. It takes the input CSV path as a positional argument, "
        "an --output path, a --limit number, and a --dry-run switch that's off unless you pass it. For "
        "now it can just print the parsed arguments.",
        {"check": "argparse_flags", "flags": ["--output", "--limit", "--dry-run"],
         "store_true": ["--dry-run"]},
    ),
    _c(
        "Write 4 pytest tests for this function:\n\n```python\ndef clamp(value, low, high):\n"
        "    if low > high:\n        raise ValueError(\"low must not be above high\")\n"
        "    return max(low, min(value, high))\n```",
        {"check": "pytest_functions", "n": 4, "function": "clamp"},
    ),
    _c(
        "Give me the HTML for a simple nav menu: an unordered list with links to Home, About, Blog and "
        "Contact.",
        {"check": "html_list", "n": 4, "ordered": "false", "links": "true",
         "items": ["Home", "About", "Blog", "Contact"]},
    ),
    _c(
        "html ordered list of the 5 steps to repot a houseplant. just the <ol> please",
        {"check": "html_list", "n": 5, "ordered": "true"},
    ),
    _c(
        "Write a short bio for my pottery studio's website. Three paragraphs, under 150 words, and "
        "mention that we're based in Leeds.",
        {"check": "paragraphs", "n": 3},
        {"check": "words", "max": 149},
        {"check": "include", "words": ["Leeds"]},
    ),
    _c(
        "Give me 6 bullet-point tips for keeping houseplants alive through the winter.",
        {"check": "bullets", "n": 6},
    ),
    _c(
        "out of office reply: I'm at a conference until 14 March, anything urgent goes to Sam at "
        "sam@northwind.io. no exclamation marks, under 60 words",
        {"check": "exclude_chars", "chars": ["!"]},
        {"check": "words", "max": 59},
        {"check": "include", "words": ["sam@northwind.io"]},
    ),
    _c(
        "Tagline for a bike repair shop, all in capital letters, fewer than 10 words.",
        {"check": "uppercase"},
        {"check": "words", "max": 9},
    ),
]

EVERYDAY = [
    _e("Booking a year-long course: how many days does a leap year have again?", number=366),
    _e("What's the capital of Canada? My kid insists it's Toronto.", any=["Ottawa"]),
    _e("How many centimetres are in an inch?", number=2.54, tol=0.001),
    _e("Pub quiz argument: which planet orbits closest to the sun?", any=["Mercury"]),
    _e("what's 7 times 8, I'm blanking", number=56, any=["fifty-six", "fifty six"]),
    _e("Helping with geometry homework, how many sides has a hexagon got?", number=6, any=["six"]),
]
# fmt: on


def rows() -> list[dict]:
    """The 60 rows in file order, ids j01-j60: constraints, then functions, then everyday."""
    return generic_rows.numbered("j", SPLIT, CONSTRAINTS + FUNCTIONS + EVERYDAY)


def render() -> str:
    return generic_rows.render(rows())


def main() -> None:
    generic_rows.rewrite(DATA, SPLIT, render())
    print(f"wrote {len(rows())} {SPLIT} rows at the end of {DATA}")


if __name__ == "__main__":
    main()
