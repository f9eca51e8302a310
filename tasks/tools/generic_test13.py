"""The generic task's `test13` rows (r01-r60), written blind to the observers, before any tuning on them.

Written by someone who had not read engine/ (the observers and their tests), grammars/, docs/, the
README, the results, the commit history or any older generic row's request outside test12, before
any tuning on them: 32 constraint rows (28 use at least one of the check kinds added to the scorer
for them, TEST13_CHECKS in test13_kinds.py; 4 only older kinds), 22 "write this function" rows
(generic_test13_functions: doctest in a fenced docstring, `f(x) == y`, `f(x) -> y`, Input /
Output, `assert` lines, or prose with its examples in words; `shown` lists the tests the request
shows, which never count) and 6 everyday questions. **Do not read these requests or their outputs
while tuning**: a change made after looking at them spends this split.
`python -m selfrefine.tasks.tools.generic_test13` rewrites the test13 lines at the end of
tasks/generic/data.jsonl from rows() (every other line is kept byte for byte)."""

from __future__ import annotations

from selfrefine.tasks.tools import generic_rows
from selfrefine.tasks.tools.generic_rows import DATA
from selfrefine.tasks.tools.generic_rows import constraints as _c
from selfrefine.tasks.tools.generic_rows import everyday as _e
from selfrefine.tasks.tools.generic_test13_functions import FUNCTIONS

SPLIT = "test13"

_BOOKS = (
    "CREATE TABLE books (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, author TEXT, "
    "year INTEGER, finished INTEGER NOT NULL DEFAULT 0);\n"
    "INSERT INTO books (title, author, year, finished) VALUES ('Dune', 'Frank Herbert', 1965, 1);"
)

# fmt: off
CONSTRAINTS = [
    _c(
        "I need a regex for a time input field. It should accept 24-hour times written HH:MM with two "
        "digits each, so 00:00 up to 23:59. Things like 9:30 (missing the leading zero), 24:00 or "
        "12:60 must not match.",
        {"check": "regex_tests", "match": ["00:00", "09:30", "23:59", "12:05", "19:45"],
         "reject": ["24:00", "9:30", "12:60", "7:5", "23:5", "2359", "25:10", " 09:30"]},
    ),
    _c(
        "regex to validate a css hex colour please: a # followed by exactly 3 or 6 hex digits, upper or "
        "lower case. no 4 or 8 digit ones with alpha",
        {"check": "regex_tests", "match": ["#fff", "#A1B2C3", "#09f", "#ffffff", "#C0FFEE"],
         "reject": ["fff", "#abcd", "#ggg", "#12345", "#1234567", "#aabbccdd", "#"]},
    ),
    _c(
        "Can you write the SQL to add these to my reading log? It's SQLite, the table is books(id, "
        "title, author, year, finished), id autoincrements and finished is 0 or 1. The books: The Left "
        "Hand of Darkness by Ursula K. Le Guin (1969, finished), Piranesi by Susanna Clarke (2020, "
        "finished) and The Overstory by Richard Powers (2018, not finished yet).",
        {"check": "sql_inserts", "setup": _BOOKS, "table": "books",
         "columns": ["title", "author", "year", "finished"],
         "rows": [["Dune", "Frank Herbert", 1965, 1],
                  ["The Left Hand of Darkness", "Ursula K. Le Guin", 1969, 1],
                  ["Piranesi", "Susanna Clarke", 2020, 1], ["The Overstory", "Richard Powers", 2018, 0]]},
    ),
    _c(
        "Make me a markdown table of what moving house cost us: van hire $180, packing boxes $45.50, "
        "end of tenancy cleaning $120, pizza for the friends who helped $62.75 and the first month of "
        "the storage unit $95. Two columns, Item and Cost. Right-align the Cost column and put a Total "
        "row at the bottom.",
        {"check": "table_total_row", "column": "Cost", "items": 5},
        {"check": "column_alignment", "columns": {"Cost": "right"}},
    ),
    _c(
        "I'm keeping track of what I've spent restoring my old road bike: new chain £24, brake pads "
        "£18.99, tyres £55 for the pair, bar tape £12.50 and cables £9.80. Could you put that in a table "
        "(columns Part and Price) with the total at the bottom?",
        {"check": "table_total_row", "column": "Price", "items": 5},
    ),
    _c(
        "I'm writing the Further reading section of our team wiki page on accessibility, in markdown. "
        "Three short bullet points linking to https://www.w3.org/WAI/standards-guidelines/wcag/, "
        "https://webaim.org/resources/contrastchecker/ and "
        "https://developer.mozilla.org/en-US/docs/Web/Accessibility. Please use reference-style links "
        "(the [text][1] kind with the URLs listed underneath), our wiki renderer mangles inline ones.",
        {"check": "reference_links", "min": 3,
         "urls": ["https://www.w3.org/WAI/standards-guidelines/wcag/",
                  "https://webaim.org/resources/contrastchecker/",
                  "https://developer.mozilla.org/en-US/docs/Web/Accessibility"]},
        {"check": "bullets", "n": 3},
    ),
    _c(
        "Give me a bare-bones HTML5 starter for a new page: English, UTF-8, the mobile viewport meta "
        "tag, the title Plant Swap Signup, and link css/main.css and js/form.js. The body can stay "
        "empty for now.",
        {"check": "html_boilerplate", "title": "Plant Swap Signup", "lang": "en",
         "meta": ["charset", "viewport"], "stylesheets": ["css/main.css"], "scripts": ["js/form.js"]},
    ),
    _c(
        "CSS for a .btn-primary class: background #2563eb, white text, no border, 8px rounded corners "
        "and 10px 18px of padding. On hover the background should darken to #1d4ed8.",
        {"check": "css_declarations", "rules": {
            ".btn-primary": {"background-color": "#2563eb", "color": "#ffffff", "border": "none|0",
                             "border-radius": "8px", "padding": "10px 18px"},
            ".btn-primary:hover": {"background-color": "#1d4ed8"}}},
    ),
    _c(
        "Set up CSS custom properties on :root for my site's theme: --brand is #2e7d32, --brand-light "
        "#a5d6a7, --text #1b1b1b and --radius 6px. Then add a dark mode block with the "
        "prefers-color-scheme media query that changes --text to #f1f1f1 and --brand to #81c784.",
        {"check": "css_declarations",
         "rules": {":root": {"--brand": "#2e7d32", "--brand-light": "#a5d6a7", "--text": "#1b1b1b",
                             "--radius": "6px"}},
         "media": {"(prefers-color-scheme: dark)": {":root": {"--text": "#f1f1f1", "--brand": "#81c784"}}}},
    ),
    _c(
        "We restructured our website and I need the .htaccess lines to permanently redirect "
        "/about-us.html to /about, /blog/2019/moving-day to /blog/moving-day and /contact.php to "
        "/contact. It's on shared hosting with Apache.",
        {"check": "apache_redirects", "redirects": {"/about-us.html": "/about",
                                                    "/blog/2019/moving-day": "/blog/moving-day",
                                                    "/contact.php": "/contact"}, "status": 301},
    ),
    _c(
        "What do I add to /etc/hosts so that shop.test and api.shop.test both go to my own machine "
        "(127.0.0.1), and nas.home points at my NAS on 192.168.1.40?",
        {"check": "hosts_entries", "hosts": {"127.0.0.1": ["shop.test", "api.shop.test"],
                                             "192.168.1.40": ["nas.home"]}},
    ),
    _c(
        "Make me a .desktop file so my AppImage shows up in the app menu on Linux. The app is called "
        "Logseq, it lives at /home/sam/Apps/Logseq.AppImage and the icon is "
        "/home/sam/Apps/logseq.png. Put it in the Office category and don't open a terminal.",
        {"check": "desktop_entry", "keys": {"Type": "Application", "Name": "Logseq",
                                            "Exec": "/home/sam/Apps/Logseq.AppImage",
                                            "Icon": "/home/sam/Apps/logseq.png", "Categories": "Office;",
                                            "Terminal": "false"}},
    ),
    _c(
        "I need a LaTeX table for my physics lab report. Columns: Trial, Time (s), Distance (m). The "
        "data: trial 1 took 2.31 s for 1.20 m, trial 2 2.45 s for 1.32 m, trial 3 2.28 s for 1.18 m, "
        "trial 4 2.50 s for 1.36 m and trial 5 2.39 s for 1.27 m. First column left-aligned, the two "
        "number columns right-aligned. Just the tabular is fine, I'll wrap it in a table myself.",
        {"check": "latex_tabular", "columns": 3, "rows": 5, "header": ["Trial", "Time (s)", "Distance (m)"],
         "align": "lrr"},
    ),
    _c(
        "I need 6 valid EAN-13 barcode numbers for made-up products in our shop's test database. They "
        "should all start with 200 (the in-store range) and the check digits have to be right or the "
        "scanner app rejects them.",
        {"check": "ean13_codes", "n": 6, "prefix": "200"},
    ),
    _c(
        "Can you give me 4 random MAC addresses for my KVM virtual machines? They need to be locally "
        "administered unicast addresses so they can never clash with real hardware. Colon-separated "
        "please.",
        {"check": "mac_addresses", "n": 4, "admin": "local"},
    ),
    _c(
        "Make a worksheet of 12 addition and subtraction problems for my 6 year old, with the answers "
        "written in (like 7 + 5 = 12). Keep every number between 0 and 20 and no negative answers.",
        {"check": "worksheet_sums", "n": 12, "ops": ["+", "-"], "min": 0, "max": 20},
    ),
    _c(
        "My daughter is practising division. Can you write 10 division problems with the answers, where "
        "each one divides evenly and no number is bigger than 100?",
        {"check": "worksheet_sums", "n": 10, "ops": ["÷"], "min": 0, "max": 100},
    ),
    _c(
        "I'm going for a sub-55 10k on Sunday at an even 5:25 per km. What elapsed time should my watch "
        "show at each kilometre marker? I want to write them on my wrist.",
        {"check": "split_times", "distance": 10, "pace": "5:25", "unit": "km"},
    ),
    _c(
        "Write out a Tabata session for me: 8 rounds of 20 seconds work and 10 seconds rest. List the "
        "start time of every work and rest interval (m:ss from 0:00) so I can follow it with a "
        "stopwatch.",
        {"check": "interval_schedule", "rounds": 8, "work": 20, "rest": 10},
    ),
    _c(
        "Generate 5 passphrases for our new starters' laptop accounts, each made of 4 random lowercase "
        "words joined by hyphens, in the spirit of correct-horse-battery-staple. One per line.",
        {"check": "passphrases", "n": 5, "words": 4, "separator": "-", "case": "lower"},
    ),
    _c(
        "pick 6 lottery numbers for me, 1 to 49, no repeats, sorted low to high. just the numbers on one "
        "line",
        {"check": "random_picks", "n": 6, "low": 1, "high": 49, "order": "ascending"},
        {"check": "lines", "n": 1},
    ),
    _c(
        "We sold raffle tickets numbered 1 to 150 at the school fair. Pick 3 different winning ticket "
        "numbers at random for me, comma separated.",
        {"check": "random_picks", "n": 3, "low": 1, "high": 150},
    ),
    _c(
        "Split these 10 kids into two teams of 5 for Saturday's football: Ava, Ben, Chloe, Dev, Ella, "
        "Finn, Grace, Hugo, Isla and Jack. Ben and Finn are brothers and fight constantly, so put them on "
        "different teams.",
        {"check": "team_split", "names": ["Ava", "Ben", "Chloe", "Dev", "Ella", "Finn", "Grace", "Hugo",
                                          "Isla", "Jack"], "teams": 2, "size": 5, "apart": ["Ben/Finn"]},
    ),
    _c(
        "Pub quiz night! Make 3 teams of 4 out of Ana, Bilal, Carmen, Dmitri, Erin, Femi, Gus, Hana, Ivo, "
        "Jun, Kasia and Liam. Erin and Gus are a couple and want to be together, and Ana and Carmen "
        "shouldn't be on the same team (they're our two quiz nerds).",
        {"check": "team_split", "names": ["Ana", "Bilal", "Carmen", "Dmitri", "Erin", "Femi", "Gus", "Hana",
                                          "Ivo", "Jun", "Kasia", "Liam"], "teams": 3, "size": 4,
         "apart": ["Ana/Carmen"], "together": ["Erin/Gus"]},
    ),
    _c(
        "Give me a word chain of 10 animals for a car game with the kids: each animal has to start with "
        "the last letter of the one before, and the first one starts with T.",
        {"check": "word_chain", "n": 10, "start": "t"},
    ),
    _c(
        "Country chain for my geography club: a numbered list of 8 countries where each one starts with "
        "the letter the previous one ended with. No repeats.",
        {"check": "word_chain", "n": 8},
        {"check": "numbered", "n": 8},
    ),
    _c(
        "What are the Unix timestamps (in seconds) for midnight UTC on 1 January 2027 and for 14:30 UTC "
        "on 15 March 2027? I need them for an API query.",
        {"check": "unix_timestamps", "times": ["2027-01-01T00:00:00+00:00", "2027-03-15T14:30:00+00:00"]},
    ),
    _c(
        "Suggest git branch names for these Jira tickets: SHOP-142 (add a wishlist button), SHOP-157 "
        "(fix the cart total rounding) and SHOP-163 (fix the broken Stripe webhook). Our convention is "
        "feature/ or fix/, then the ticket key, then a short lowercase kebab-case description, and "
        "names stay under 40 characters.",
        {"check": "branch_names", "tickets": ["SHOP-142", "SHOP-157", "SHOP-163"],
         "prefixes": ["feature", "fix"], "max_length": 39},
    ),
    _c(
        "Write a short thank-you note to my neighbour Priya for watering my plants while I was away. "
        "Under 50 words, friendly.",
        {"check": "words", "max": 49},
        {"check": "include", "words": ["Priya"]},
    ),
    _c(
        "Give me 5 name ideas for my sourdough starter. Numbered list, nothing else.",
        {"check": "numbered", "n": 5},
        {"check": "lines", "n": 5},
    ),
    _c(
        "Write a product description for the handmade beeswax candles I sell on Etsy. Two paragraphs, "
        "and please don't use the word eco-friendly, everyone says that.",
        {"check": "paragraphs", "n": 2},
        {"check": "exclude", "words": ["eco-friendly"]},
    ),
    _c(
        "slack message to the team saying the release is pushed to thursday because QA found a payment "
        "bug. all lowercase, under 40 words",
        {"check": "lowercase"},
        {"check": "words", "max": 39},
        {"check": "include", "words": ["thursday"]},
    ),
]

EVERYDAY = [
    _e("how many centimetres are in an inch? roughly is fine", number=2.54, tol=0.01),
    _e("I'm filling in a spreadsheet, how many minutes are there in a whole day?", number=1440),
    _e("What's the capital of Canada? I always mix it up with Toronto.", any=["Ottawa"]),
    _e("Settling a bet with my brother: what's the chemical symbol for gold on the periodic table?",
       any=["Au"]),
    _e("how many strings does a standard guitar have", number=6, any=["six"]),
    _e("Quiz night question: which planet in our solar system is famous for its big bright rings?",
       any=["Saturn"]),
]
# fmt: on


def rows() -> list[dict]:
    """The 60 rows in file order, ids r01-r60: constraints, then functions, then everyday."""
    return generic_rows.numbered("r", SPLIT, CONSTRAINTS + FUNCTIONS + EVERYDAY)


def render() -> str:
    return generic_rows.render(rows())


def main() -> None:
    generic_rows.rewrite(DATA, SPLIT, render())
    print(f"wrote {len(rows())} {SPLIT} rows at the end of {DATA}")


if __name__ == "__main__":
    main()
