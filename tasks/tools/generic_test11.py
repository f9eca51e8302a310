"""The generic task's `test11` rows (p01-p60), written blind to the observers, before any tuning on them.

Written by someone who had not read engine/ (the observers and their tests), docs/, the results,
the commit history or any older generic row's request outside test10, before any tuning on them:
32 constraint rows (28 use at least one of the check kinds added to the scorer for them,
TEST11_CHECKS in test11_kinds.py; 4 only older kinds), 22 "write this function" rows
(generic_test11_functions: doctest in a fenced docstring, `f(x) == y`, `f(x) -> y`, Input /
Output, `assert` lines, or prose with its examples in words; `shown` lists the tests the request
shows, which never count) and 6 everyday questions. **Do not read these requests or their outputs
while tuning**: a change made after looking at them spends this split.
`python -m selfrefine.tasks.tools.generic_test11` rewrites the test11 lines at the end of
tasks/generic/data.jsonl from rows() (every other line is kept byte for byte)."""

from __future__ import annotations

from selfrefine.tasks.tools import generic_rows
from selfrefine.tasks.tools.generic_rows import DATA
from selfrefine.tasks.tools.generic_rows import constraints as _c
from selfrefine.tasks.tools.generic_rows import everyday as _e
from selfrefine.tasks.tools.generic_test11_functions import FUNCTIONS

SPLIT = "test11"

_GUESTS = ["Ahmed", "Lina", "Rob", "Kate", "Sofia", "Ben", "Priya", "Tom", "Grace", "Leo", "Hannah", "Yusuf"]

# fmt: off
CONSTRAINTS = [
    _c(
        "I'm building a small recipe app with Flask and SQLite. Can you write the CREATE TABLE "
        "statements? I need recipes (id, title, servings, created_at), ingredients (id, name) and a "
        "recipe_ingredients table that links the two with a quantity and a unit. Please use proper "
        "foreign keys.",
        {"check": "sql_schema", "tables": ["recipes", "ingredients", "recipe_ingredients"],
         "columns": ["recipes.title", "recipes.servings", "recipes.created_at", "ingredients.name",
                     "recipe_ingredients.quantity", "recipe_ingredients.unit"],
         "links": ["recipe_ingredients>recipes", "recipe_ingredients>ingredients"]},
    ),
    _c(
        "sqlite schema for keeping track of which friend borrowed which of my books. a books table "
        "(isbn, title, author, year) and a loans table (the book, friend's name, date lent, date "
        "returned). loans should reference books",
        {"check": "sql_schema", "tables": ["books", "loans"],
         "columns": ["books.isbn", "books.title", "books.author", "books.year"], "links": ["loans>books"]},
    ),
    _c(
        "Write a Makefile for my little C project (main.c, parser.c and parser.h, built with gcc into "
        "a binary called calc). I want the targets all, clean, test (runs ./calc --self-test) and "
        "install (copies calc to /usr/local/bin). Remember Make needs real tab characters in front of "
        "the commands.",
        {"check": "makefile_targets", "targets": ["all", "clean", "test", "install"]},
    ),
    _c(
        "Can you write the pyproject.toml for my package? Name tidyplant, version 0.3.0, needs Python "
        "3.10 or newer, depends on requests and click, and installs a command tidyplant that runs "
        "tidyplant.cli:main. Use setuptools as the build backend, and add a [tool.ruff] section with "
        "line-length 100.",
        {"check": "toml_keys", "keys": ["project.name=tidyplant", "project.version=0.3.0",
                                        "project.requires-python", "project.dependencies",
                                        "project.scripts.tidyplant=tidyplant.cli:main",
                                        "build-system.build-backend=setuptools.build_meta",
                                        "tool.ruff.line-length=100"]},
    ),
    _c(
        "I need a .gitignore for a Node project built with Vite. It should ignore node_modules, the "
        "dist folder, coverage reports, all .env files except .env.example (that one gets committed), "
        "log files, and the .DS_Store files my Mac keeps creating everywhere.",
        {"check": "gitignore_rules",
         "ignored": ["node_modules/vite/index.js", "dist/index.html", "coverage/lcov.info", ".env",
                     ".env.local", ".env.production", "npm-debug.log", ".DS_Store",
                     "src/components/.DS_Store"],
         "kept": [".env.example", "src/main.js", "package.json", "index.html", "vite.config.js"]},
    ),
    _c(
        "Write a robots.txt for shop.example.com. Normal search engines can crawl everything except "
        "/cart/, /checkout/ and /account/. Block GPTBot and CCBot from the whole site. The sitemap is "
        "at https://shop.example.com/sitemap.xml",
        {"check": "robots_txt", "disallow": ["/cart/", "/checkout/", "/account/"],
         "blocked": ["GPTBot", "CCBot"], "sitemap": "https://shop.example.com/sitemap.xml"},
    ),
    _c(
        "How do I get my Telegram plant bot to start on boot and come back up if it crashes? It runs "
        "as /opt/plantbot/venv/bin/python /opt/plantbot/bot.py from the /opt/plantbot folder, as the "
        "user pi. Just give me the systemd service file.",
        {"check": "systemd_unit", "exec": "/opt/plantbot/bot.py",
         "keys": ["Service.Restart", "Service.User=pi", "Service.WorkingDirectory=/opt/plantbot",
                  "Install.WantedBy"]},
    ),
    _c(
        "LaTeX template for my lab reports please: article class at 11pt, load amsmath, graphicx and "
        "siunitx, sections Introduction, Method, Results and Discussion, and one figure environment "
        "with a placeholder image and a caption. It should compile as it is.",
        {"check": "latex_document", "packages": ["amsmath", "graphicx", "siunitx"],
         "environments": ["figure"], "sections": 4},
    ),
    _c(
        "Can you turn these three into BibTeX entries for my thesis?\n\n"
        "Kahneman, D. (2011). Thinking, Fast and Slow. New York: Farrar, Straus and Giroux.\n"
        "Tversky, A., & Kahneman, D. (1974). Judgment under uncertainty: Heuristics and biases. "
        "Science, 185(4157), 1124-1131.\n"
        "Thaler, R. H., & Sunstein, C. R. (2008). Nudge: Improving Decisions About Health, Wealth, and "
        "Happiness. New Haven: Yale University Press.",
        {"check": "bibtex_entries", "min": 3, "fields": ["author", "title", "year"],
         "types": ["book", "article"]},
    ),
    _c(
        "Write a 6-line poem about the first frost for our allotment newsletter, all in lowercase.",
        {"check": "lines", "n": 6},
        {"check": "lowercase"},
    ),
    _c(
        "Draw my family tree in Graphviz (DOT) please. My grandparents Walter and Edith had two "
        "children, Carol and Dennis. Carol married Frank and they have Lucy and Max. Dennis has one "
        "daughter, Nora. Top to bottom.",
        {"check": "graphviz_dot", "min": 5,
         "nodes": ["Walter", "Edith", "Carol", "Dennis", "Frank", "Lucy", "Max", "Nora"]},
    ),
    _c(
        "can you give me an undirected graphviz diagram of my home network? the modem is connected to "
        "the router, the router to the mesh node upstairs, the NAS and my desktop, and the mesh node "
        "to the TV and the printer",
        {"check": "graphviz_dot", "kind": "graph", "min": 6,
         "nodes": ["modem", "router", "mesh", "NAS", "desktop", "TV", "printer"]},
    ),
    _c(
        "Make an .srt subtitle file for the intro of my cooking video. One subtitle for each line of "
        "the script below, 3 seconds each, starting at 0, and at most 2 lines of 42 characters per "
        "subtitle.\n\n"
        "Hi, I'm Dana and welcome back to my kitchen.\n"
        "Today we're making a one-pan lemon chicken.\n"
        "It takes 30 minutes and there's only one pan to wash.\n"
        "You'll need chicken thighs, lemons and garlic.\n"
        "Let's get cooking!",
        {"check": "srt_cues", "n": 5, "max_lines": 2, "max_chars": 42},
    ),
    _c(
        "I need the <title> tag and meta description for my pottery studio's homepage (Clay & Kiln in "
        "Portland, wheel-throwing classes for beginners). Title under 60 characters, description "
        "between 120 and 155 characters. Give me the HTML.",
        {"check": "seo_meta", "title_max": 59, "min": 120, "max": 155},
    ),
    _c(
        "Give me a toast for my parents' 40th wedding anniversary. Keep it under 150 words and mention "
        "Lisbon, that's where they met.",
        {"check": "words", "max": 149},
        {"check": "include", "words": ["Lisbon"]},
    ),
    _c(
        "Make me a 'Volunteer with us' link for our food bank's website (plain HTML). Clicking it "
        "should open an email to volunteers@northsidepantry.org with the subject Volunteer sign-up "
        "and the body already saying: Hi, I'd like to help on",
        {"check": "mailto_link", "to": "volunteers@northsidepantry.org", "subject": "Volunteer sign-up",
         "fields": ["body"]},
    ),
    _c(
        "write out a simple fingerpicking pattern over C - Am - F - G as guitar tab, standard tuning, "
        "the usual six lines with high e on top",
        {"check": "guitar_tab"},
    ),
    _c(
        "Suggest 4 text colour / background colour pairs for my blog that pass WCAG AA for normal text "
        "(at least 4.5:1). Hex codes, one pair per line, nothing else.",
        {"check": "contrast_pairs", "min": 4, "ratio": 4.5},
        {"check": "lines", "n": 4},
    ),
    _c(
        "Give me a sourdough recipe for one loaf with every ingredient in grams and as a baker's "
        "percentage (flour = 100%), one ingredient per line like 'Water - 350 g - 70%'.",
        {"check": "bakers_percentages", "min": 4},
    ),
    _c(
        "dinner bill came to $86.40. what's the tip at 15, 18, 20 and 25 percent? show the tip and the "
        "total for each",
        {"check": "tip_table", "bill": 86.4, "percents": ["15", "18", "20", "25"]},
    ),
    _c(
        "6 icebreaker questions for our team offsite, numbered, nothing but the questions",
        {"check": "numbered", "n": 6},
        {"check": "all_questions"},
    ),
    _c(
        "My daughter is practising her 8 times table. Can you write it out from 8 × 1 up to 8 × 12, "
        "one per line and nothing else, so I can print it for the fridge?",
        {"check": "times_table", "number": 8, "upto": 12},
        {"check": "lines", "n": 12},
    ),
    _c(
        "I'm posting a riddle on a forum and want to hide the answer from people who scroll past. "
        "ROT13 this for me: The answer is a candle, it gets shorter the longer it lives.",
        {"check": "rot13_text", "text": "The answer is a candle, it gets shorter the longer it lives."},
    ),
    _c(
        "I'm making a bead bracelet for my daughter, black beads for 1 and white ones for 0. Can you "
        "write her name, GRACE, in 8-bit binary ASCII, one group per letter?",
        {"check": "binary_ascii", "text": "GRACE"},
    ),
    _c(
        "Give me 8 pairs of anagrams for the word round of our pub quiz, like 'listen - silent'. Just "
        "the pairs, one per line.",
        {"check": "anagram_pairs", "n": 8},
    ),
    _c(
        "how many anagrams of STARE can you find? list at least 4, one per line",
        {"check": "anagram_pairs", "of": "stare", "min": 4},
    ),
    _c(
        "Make a baby shower bingo card: 5x5 as a markdown table, FREE in the middle square, and the "
        "other 24 squares things guests might bring as gifts. No repeats.",
        {"check": "bingo_card", "size": 5},
    ),
    _c(
        "Help me with the seating for my dinner party: 12 guests at 3 round tables of 4. Guests: "
        + ", ".join(_GUESTS[:-1]) + " and " + _GUESTS[-1] + ". Rob and Kate just broke up, so "
        "keep them at different tables, and Ahmed and Lina are married, so seat them together. List "
        "it as Table 1, Table 2 and Table 3 with the names.",
        {"check": "table_seating", "names": _GUESTS, "tables": 3, "size": 4, "apart": ["Rob & Kate"],
         "together": ["Ahmed & Lina"]},
    ),
    _c(
        "Can you make a cleaning rota for me and my flatmates (Jess, Tom, Priya and Lu) for the next 4 "
        "weeks? The jobs are kitchen, bathroom, hoovering and bins. One job each per week, and over "
        "the 4 weeks everyone does every job once.",
        {"check": "rota_rotation", "people": ["Jess", "Tom", "Priya", "Lu"],
         "chores": ["kitchen", "bathroom", "hoovering", "bins"], "weeks": 4},
    ),
    _c(
        "Write a product description of our bamboo toothbrush for the online shop. Exactly 3 "
        "sentences, and no exclamation marks please.",
        {"check": "sentences", "min": 3, "max": 3},
        {"check": "exclude_chars", "chars": ["!"]},
    ),
    _c(
        "our recycling goes out every other Thursday and the first one is January 7, 2027. list all "
        "the collection dates up to the end of March 2027, one per line with the weekday",
        {"check": "date_intervals", "start": "2027-01-07", "days": 14, "n": 6},
    ),
    _c(
        "I feed my tomatoes every 10 days. The first feed was on 2027-05-02. List the next 8 feeding "
        "dates (YYYY-MM-DD) so I can stick them on the shed door.",
        {"check": "date_intervals", "start": "2027-05-12", "days": 10, "n": 8},
    ),
]

EVERYDAY = [
    _e("how many seconds are in an hour and a half", number=5400),
    _e("What's a 20% tip on a $45 bill?", number=9),
    _e("How many keys does a standard piano have?", number=88, any=["eighty-eight"]),
    _e("Which planet is closest to the sun?", any=["Mercury"]),
    _e("What's the chemical symbol for sodium?", any=["Na"]),
    _e("If I drive 150 miles in 2.5 hours, what's my average speed in mph?", number=60),
]
# fmt: on


def rows() -> list[dict]:
    """The 60 rows in file order, ids p01-p60: constraints, then functions, then everyday."""
    return generic_rows.numbered("p", SPLIT, CONSTRAINTS + FUNCTIONS + EVERYDAY)


def render() -> str:
    return generic_rows.render(rows())


def main() -> None:
    generic_rows.rewrite(DATA, SPLIT, render())
    print(f"wrote {len(rows())} {SPLIT} rows at the end of {DATA}")


if __name__ == "__main__":
    main()
