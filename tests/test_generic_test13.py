"""The generic task's test13 rows (r01-r60, written blind to the observers) and the scorer parts
written for them: the check kinds of TEST13_CHECKS (each on passing and failing
answers, and refusing bad parameters), a hand-written answer meeting every constraint row, every
reference passing its hidden tests and its shown examples, no shown example among the hidden
tests, the shown tests never counting, and the generator keeping every other line of data.jsonl
as it is, test13 right before test14 to test18 (no engine)."""

import json
from collections import Counter

import pytest

from selfrefine.tasks import registry
from selfrefine.tasks.generic import scorer as S
from selfrefine.tasks.generic.test3_kinds import TEST3_CHECKS
from selfrefine.tasks.generic.test4_kinds import TEST4_CHECKS
from selfrefine.tasks.generic.test5_kinds import TEST5_CHECKS
from selfrefine.tasks.generic.test6_kinds import TEST6_CHECKS
from selfrefine.tasks.generic.test7_kinds import TEST7_CHECKS
from selfrefine.tasks.generic.test8_kinds import TEST8_CHECKS
from selfrefine.tasks.generic.test9_kinds import TEST9_CHECKS
from selfrefine.tasks.generic.test10_kinds import TEST10_CHECKS
from selfrefine.tasks.generic.test11_kinds import TEST11_CHECKS
from selfrefine.tasks.generic.test12_kinds import TEST12_CHECKS
from selfrefine.tasks.generic.test13_kinds import TEST13_CHECKS
from selfrefine.tasks.tools import generic_rows, generic_test12, generic_test13
from tests.generic_split import (
    assert_constraint_rows_use,
    assert_function_rows,
    assert_new_kinds_reached,
    assert_no_hidden_test_repeats_a_shown,
    assert_references_pass,
    assert_shown_examples_never_count,
    functions,
)

INLINE = {
    "words", "sentences", "paragraphs", "lines", "each_line_starts", "paragraph_starts", "questions",
    "last_word", "chars", "bullets", "numbered", "include", "exclude", "exclude_chars", "uppercase",
    "lowercase", "json", "sections", "starts_with", "ends_with", "ends_with_question",
}  # fmt: skip
OLDER = {
    *S.NEW_CHECKS, *INLINE, *TEST3_CHECKS, *TEST4_CHECKS, *TEST5_CHECKS, *TEST6_CHECKS, *TEST7_CHECKS,
    *TEST8_CHECKS, *TEST9_CHECKS, *TEST10_CHECKS, *TEST11_CHECKS, *TEST12_CHECKS,
}  # fmt: skip


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:test13")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows() if r["split"] == "test13"}


# ------------------------------------------------------------------ the rows


def test_rows_are_the_generators_in_order(by_id):
    rows = generic_test13.rows()
    assert list(by_id) == [f"r{i:02d}" for i in range(1, 61)] == [r["id"] for r in rows]
    assert list(by_id.values()) == json.loads(json.dumps(rows))
    kinds = [r["kind"] for r in rows]
    assert kinds == ["constraints"] * 32 + ["function"] * 22 + ["everyday"] * 6
    assert len({r["request"] for r in rows}) == 60


def test_test13_follows_test12_in_the_file_and_its_requests_are_new():
    every = registry.load("generic:all").rows()
    assert len(every) == 1182
    assert Counter(r["split"] for r in every)["test13"] == 60
    test12 = registry.load("generic:test12").rows()
    assert every[-420:-360] == test12 and [r["split"] for r in every[-360:-300]] == ["test13"] * 60
    # test14 to test18 (tests/test_generic_test14.py ... _test18.py) follow test13 at the end of the file
    assert [r["split"] for r in every[-300:]] == [f"test{i}" for i in range(14, 19) for _ in range(60)]
    # no request repeats an older one (only ids are shown when one does, never the texts)
    seen, ids = Counter(r["request"] for r in every), Counter(r["id"] for r in every)
    assert [r["id"] for r in every if seen[r["request"]] > 1] == []
    assert [i for i, n in ids.items() if n > 1] == []
    older = {r["entry"] for r in every if r["kind"] == "function" and r["split"] != "test13"}
    mine = [r["entry"] for r in every if r["kind"] == "function" and r["split"] == "test13"]
    assert len(set(mine)) == 22 and not set(mine) & older


def test_constraint_rows_use_the_new_kinds(by_id):
    assert_constraint_rows_use(by_id, TEST13_CHECKS, OLDER)


def test_the_new_kinds_are_new_and_reached_through_the_scorer():
    assert_new_kinds_reached(TEST13_CHECKS, OLDER)


def test_function_rows_shape_and_example_styles(by_id):
    assert_function_rows(by_id)


def test_no_hidden_test_repeats_a_shown_example(by_id):
    assert_no_hidden_test_repeats_a_shown(by_id)


def test_shown_examples_give_their_expected_values(by_id):
    for r in functions(by_id):
        for i in r["shown"]:
            want = r["tests"][i]["expect"]
            # a tuple comes back from the file as a list: the request shows it as a tuple
            as_tuple = repr(tuple(want)) if isinstance(want, list) else None
            assert (
                repr(want) in r["request"]
                or json.dumps(want) in r["request"]
                or (as_tuple is not None and as_tuple in r["request"])
            ), (r["id"], i)


def test_every_reference_passes_its_hidden_tests(by_id):
    assert_references_pass(by_id)


def test_shown_examples_never_count(by_id):
    assert_shown_examples_never_count(by_id)


def test_everyday_rows(by_id):
    scorer = S.GenericScorer()
    right = {
        "r55": ("An inch is 2.54 cm.", "An inch is about 3 cm."),
        "r56": ("There are 1,440 minutes in a day.", "There are 1,400 minutes in a day."),
        "r57": ("It's Ottawa, not Toronto.", "It's Toronto."),
        "r58": ("Gold's symbol is Au.", "Gold's symbol is Ag."),
        "r59": ("A standard guitar has six strings.", "It has 4 strings."),
        "r60": ("That's Saturn.", "That's Jupiter."),
    }
    for rid, (good, bad) in right.items():
        assert by_id[rid]["kind"] == "everyday"
        assert scorer.score(by_id[rid], good)["score"] == 1.0, rid
        assert scorer.score(by_id[rid], bad)["score"] == 0.0, rid


# ------------------------------------------------------------------ the new kinds

_TIME_RX = "```\n^([01]\\d|2[0-3]):[0-5]\\d$\n```"
_BOOK_SETUP = (
    "CREATE TABLE b (title TEXT, year INTEGER, done INTEGER DEFAULT 0);\n"
    "INSERT INTO b VALUES ('Dune', 1965, 1);"
)
_INSERT = (
    "```sql\nINSERT INTO b (title, year, done) VALUES\n  ('Emma', 1815, 0),\n  ('Beloved', 1987, 1);\n```"
)
_COSTS = (
    "| Item | Cost |\n|:-----|-----:|\n| Van | $180.00 |\n| Boxes | $45.50 |\n| **Total** | **$225.50** |"
)
_REFS = (
    "- The [WCAG overview][wcag]\n- WebAIM's [contrast checker][2]\n\n"
    "[wcag]: https://www.w3.org/WAI/standards-guidelines/wcag/\n[2]: https://webaim.org/resources/contrastchecker/"
)
_PAGE = (
    '```html\n<!DOCTYPE html>\n<html lang="en">\n<head>\n  <meta charset="utf-8">\n'
    '  <meta name="viewport" content="width=device-width, initial-scale=1">\n  <title>Plant Swap</title>\n'
    '  <link rel="stylesheet" href="css/main.css">\n  <script src="js/form.js" defer></script>\n</head>\n'
    "<body>\n</body>\n</html>\n```"
)
_CSS = (
    "```css\n.btn {\n  background: #2563EB;\n  color: #fff;\n  border: none;\n  border-radius: 8px;\n}\n"
    ".btn:hover,\n.btn:focus { background-color: #1d4ed8; }\n```"
)
_HTACCESS = (
    "```apache\nRedirect 301 /about-us.html /about\n"
    "RewriteEngine On\nRewriteRule ^contact\\.php$ /contact [R=301,L]\n```"
)
_HOSTS = (
    "```\n127.0.0.1   localhost\n127.0.0.1   shop.test api.shop.test\n192.168.1.40  nas.home  # the NAS\n```"
)
_DESKTOP = (
    "```ini\n[Desktop Entry]\nType=Application\nName=Logseq\nExec=/home/sam/Apps/Logseq.AppImage %U\n"
    "Icon=/home/sam/Apps/logseq.png\nCategories=Office;\nTerminal=false\n```"
)
_TABULAR = (
    "```latex\n\\begin{tabular}{l r r}\n\\hline\n\\textbf{Trial} & Time (s) & Distance (m) \\\\\n\\hline\n"
    "1 & 2.31 & 1.20 \\\\\n2 & 2.45 & 1.32 \\\\\n\\hline\n\\end{tabular}\n```"
)
_EANS = "2000000000015\n2001234567893\n200 9999 00000 6"
_MACS = "- 02:1a:2b:3c:4d:5e\n- 52:54:00:12:34:56\n- 06:AA:BB:CC:DD:EE"
_SUMS = "1. 7 + 5 = 12\n2. 15 − 9 = 6\n3. 3 + 0 = 3\n4. 20 - 20 = 0"
_SPLITS = "| Km | Time |\n|---|---|\n| 1 | 5:25 |\n| 2 | 10:50 |\n| 3 | 16:15 |"
_TABATA = "0:00 work\n0:20 rest\n0:30 work\n0:50 rest\n1:00 work\n1:20 rest\n1:30 done!"
_PHRASES = (
    "Here you go:\n\n1. `maple-orbit-canyon-tulip`\n2. `velvet-harbor-pickle-drum`\n"
    "3. `quartz-lemon-falcon-attic`"
)
_TEAMS = "**Team Red:** Ava, Ben, Chloe\n**Team Blue:** Dev, Ella, Finn"
_TEAMS2 = (
    "### Team 1\n- Ava\n- Ben\n- Chloe\n\n### Team 2\n- Dev\n- Ella\n- Finn\n\n"
    "Ben and Finn are apart, as asked."
)
_CHAIN = "1. Tiger\n2. Rabbit\n3. Tortoise\n4. Elephant\n5. Toucan"
_STAMPS = "- 2027-01-01 00:00 UTC: `1798761600`\n- 2027-03-15 14:30 UTC: `1805121000`"
_BRANCHES = "- `feature/SHOP-142-wishlist-button`\n- `fix/SHOP-157-cart-total-rounding`"

# kind: (params, answers that meet it, answers that do not)
KIND_CASES = {
    "regex_tests": (
        {"match": ["00:00", "09:30", "23:59"], "reject": ["24:00", "9:30", "12:60"]},
        [
            _TIME_RX,
            "Use `/^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/` in JavaScript.",
            '```python\nTIME = re.compile(r"([01]\\d|2[0-3]):[0-5]\\d")\n```',
            "Pattern: ^(?<h>[01]\\d|2[0-3]):(?<m>[0-5]\\d)$ works.",
        ],
        [
            "```\n^\\d{2}:\\d{2}$\n```",
            "```\n^([01]?\\d|2[0-3]):[0-5]\\d$\n```",
            "```\n^([01]\\d|2[0-4]):[0-5]\\d$\n```",
            "Use a regex that allows 00 to 23 and 00 to 59.",
            "```\n^([01]\\d|2[0-3]:[0-5]\\d$\n```",
        ],
    ),
    "sql_inserts": (
        {
            "setup": _BOOK_SETUP,
            "table": "b",
            "columns": ["title", "year", "done"],
            "rows": [["Dune", 1965, 1], ["Emma", 1815, 0], ["Beloved", 1987, 1]],
        },
        [
            _INSERT,
            "INSERT INTO b (title, year) VALUES ('Emma', 1815);\n"
            "INSERT INTO b (title, year, done) VALUES ('Beloved', 1987, 1); -- finished",
            "```sql\nCREATE TABLE b (title TEXT, year INTEGER, done INTEGER DEFAULT 0);\n"
            "INSERT INTO b VALUES ('Beloved', 1987, 1), ('Emma', 1815, 0);\n```",
        ],
        [
            _INSERT.replace("1815, 0", "1815, 1"),
            _INSERT.replace("  ('Emma', 1815, 0),\n", ""),
            "```sql\nDELETE FROM b;\nINSERT INTO b VALUES ('Emma', 1815, 0), ('Beloved', 1987, 1);\n```",
            _INSERT.replace("INSERT INTO b", "INSERT INTO books"),
            "Add Emma (1815) and Beloved (1987) to the table.",
        ],
    ),
    "table_total_row": (
        {"column": "Cost", "items": 2},
        [_COSTS, "| Item | Cost (USD) |\n|---|---|\n| Van | 180 |\n| Boxes | 45.5 |\n| Total | 225.50 |"],
        [
            _COSTS.replace("225.50", "225.00"),
            _COSTS.replace("| **Total** | **$225.50** |", ""),
            _COSTS.replace("| **Total** | **$225.50** |", "| **Total** | **$225.50** |\n| Tip | $10 |"),
            "Van: $180\nBoxes: $45.50\nTotal: $225.50",
            _COSTS.replace("| Boxes | $45.50 |", "| Boxes | $45.50 |\n| Tape | $0 |"),
        ],
    ),
    "column_alignment": (
        {"columns": {"Cost": "right", "Item": "left"}},
        [_COSTS, "| Item | Cost |\n| --- | ---: |\n| Van | 180 |"],
        [
            _COSTS.replace("-----:", ":----:"),
            _COSTS.replace("-----:", "------"),
            "| Item | Price |\n| --- | ---: |\n| Van | 180 |",
            _COSTS.replace(":-----|", "-----:|"),
        ],
    ),
    "reference_links": (
        {"min": 2, "urls": ["https://www.w3.org/WAI/standards-guidelines/wcag/"]},
        [
            _REFS,
            "See [WCAG] and the [checker][].\n\n[WCAG]: https://www.w3.org/WAI/standards-guidelines/wcag\n"
            '[checker]: <https://webaim.org/resources/contrastchecker/> "WebAIM"',
        ],
        [
            _REFS.replace(
                "[contrast checker][2]", "[contrast checker](https://webaim.org/resources/contrastchecker/)"
            ),
            _REFS.replace("[2]: ", "[3]: "),
            _REFS.replace("- WebAIM's [contrast checker][2]\n", ""),
            _REFS.replace("https://www.w3.org/WAI/standards-guidelines/wcag/", "https://www.w3.org/WAI/"),
        ],
    ),
    "html_boilerplate": (
        {
            "title": "Plant Swap",
            "lang": "en",
            "meta": ["charset", "viewport"],
            "stylesheets": ["css/main.css"],
            "scripts": ["js/form.js"],
        },
        [
            _PAGE,
            _PAGE.replace('lang="en"', 'lang="en-GB"')
            .replace('charset="utf-8"', 'charset="UTF-8"')
            .replace('href="css/main.css"', 'href="./css/main.css"'),
        ],
        [
            _PAGE.replace("<!DOCTYPE html>\n", ""),
            _PAGE.replace('lang="en"', 'lang="fr"'),
            _PAGE.replace("Plant Swap", "Plant Swap Signup"),
            _PAGE.replace('  <meta name="viewport" content="width=device-width, initial-scale=1">\n', ""),
            _PAGE.replace('<script src="js/form.js" defer></script>', ""),
            _PAGE.replace('rel="stylesheet" ', ""),
        ],
    ),
    "css_declarations": (
        {
            "rules": {
                ".btn": {
                    "background-color": "#2563eb",
                    "color": "white",
                    "border": "none|0",
                    "border-radius": "8px",
                },
                ".btn:hover": {"background-color": "#1D4ED8"},
            }
        },
        [
            _CSS,
            ".btn{background-color:rgb(37, 99, 235);color:#FFFFFF;border:0;border-radius:8px !important}\n"
            ".btn:hover{background-color:#1d4ed8}",
        ],
        [
            _CSS.replace("8px", "6px"),
            _CSS.replace("  border: none;\n", ""),
            _CSS.replace(".btn:hover,\n", ""),
            _CSS.replace("  color: #fff;\n", "  color: #fff;\n  color: #000;\n"),
            _CSS.replace("/* */", "")
            .replace(".btn {", "@media print {\n.btn {")
            .replace("}\n.btn:hover", "}}\n.btn:hover"),
        ],
    ),
    "apache_redirects": (
        {"redirects": {"/about-us.html": "/about", "/contact.php": "/contact"}, "status": 301},
        [
            _HTACCESS,
            "RedirectPermanent /about-us.html https://example.com/about\n"
            "RedirectMatch 301 ^/contact\\.php$ /contact",
        ],
        [
            _HTACCESS.replace("Redirect 301", "Redirect 302"),
            _HTACCESS.replace("Redirect 301 ", "Redirect "),
            _HTACCESS.replace("[R=301,L]", "[L]"),
            _HTACCESS.replace("/contact [", "/contact-us ["),
            _HTACCESS.replace(
                "Redirect 301 /about-us.html /about\n", "# Redirect 301 /about-us.html /about\n"
            ),
        ],
    ),
    "hosts_entries": (
        {"hosts": {"127.0.0.1": ["shop.test", "api.shop.test"], "192.168.1.40": ["nas.home"]}},
        [_HOSTS, "127.0.0.1 shop.test\n127.0.0.1 API.shop.test\n192.168.1.40 nas.home"],
        [
            _HOSTS.replace(" api.shop.test", ""),
            _HOSTS.replace("192.168.1.40", "192.168.1.4"),
            _HOSTS + "\n10.0.0.5 shop.test",
            _HOSTS.replace("127.0.0.1   shop.test", "# 127.0.0.1   shop.test"),
        ],
    ),
    "desktop_entry": (
        {
            "keys": {
                "Type": "Application",
                "Name": "Logseq",
                "Exec": "/home/sam/Apps/Logseq.AppImage",
                "Categories": "Office",
                "Terminal": "false",
            }
        },
        [_DESKTOP, _DESKTOP.replace("Terminal=false", "Terminal=False").replace(" %U", "")],
        [
            _DESKTOP.replace("[Desktop Entry]", "[Desktop Action]"),
            _DESKTOP.replace("Terminal=false", "Terminal=true"),
            _DESKTOP.replace("Categories=Office;", "Categories=Office;Utility;"),
            _DESKTOP.replace("Exec=/home/sam/Apps/Logseq.AppImage", "Exec=/home/sam/Logseq.AppImage"),
            _DESKTOP.replace("Name=Logseq\n", ""),
        ],
    ),
    "latex_tabular": (
        {"columns": 3, "rows": 2, "header": ["Trial", "Time (s)", "Distance (m)"], "align": "lrr"},
        [_TABULAR, _TABULAR.replace("{l r r}", "{|l|r|r|}").replace("\\hline", "\\toprule", 1)],
        [
            _TABULAR.replace("{l r r}", "{l c c}"),
            _TABULAR.replace("2 & 2.45 & 1.32 \\\\\n", ""),
            _TABULAR.replace("1 & 2.31 & 1.20", "1 & 2.31"),
            _TABULAR.replace("Distance (m)", "Dist."),
            _TABULAR.replace("\\end{tabular}", ""),
        ],
    ),
    "ean13_codes": (
        {"n": 3, "prefix": "200"},
        [_EANS, "1. 2000000000015 (mug)\n2. 2001234567893\n3. 2009999000006"],
        [
            _EANS.replace("2000000000015", "2000000000016"),
            _EANS.replace("2000000000015", "4006381333931"),
            _EANS.replace("2000000000015", "2001234567893"),
            _EANS.rsplit("\n", 1)[0],
        ],
    ),
    "mac_addresses": (
        {"n": 3, "admin": "local"},
        [_MACS, "02-1A-2B-3C-4D-5E, 52-54-00-12-34-56 and 06-AA-BB-CC-DD-EE"],
        [
            _MACS.replace("52:54:00", "00:16:3e"),
            _MACS.replace("02:1a", "03:1a"),
            _MACS.replace("06:AA:BB:CC:DD:EE", "02:1A:2B:3C:4D:5E"),
            _MACS.rsplit("\n", 1)[0],
        ],
    ),
    "worksheet_sums": (
        {"n": 4, "ops": ["+", "-"], "max": 20},
        [_SUMS, "a) 7+5=12   b) 15-9=6\nc) 3 + 0 = 3   d) 20 – 20 = 0"],
        [
            _SUMS.replace("= 12", "= 13"),
            _SUMS.replace("7 + 5 = 12", "17 + 5 = 22"),
            _SUMS.replace("15 − 9 = 6", "3 × 2 = 6"),
            _SUMS.replace("3 + 0 = 3", "7 + 5 = 12"),
            _SUMS.rsplit("\n", 1)[0],
        ],
    ),
    "split_times": (
        {"distance": 3, "pace": "5:25"},
        [_SPLITS, "Km 1 — 5:25\nKm 2 — 10:50\nKm 3 — 16:15", "1 km: 0:05:25\n2 km: 0:10:50\n3 km: 0:16:15"],
        [
            _SPLITS.replace("16:15", "16:25"),
            _SPLITS.replace("| 3 | 16:15 |", ""),
            "Km 1 — 5:25\nKm 2 — 5:25\nKm 3 — 5:25",
            "Mile 1 — 5:25\nMile 2 — 10:50\nMile 3 — 16:15",
        ],
    ),
    "interval_schedule": (
        {"rounds": 3, "work": 20, "rest": 10},
        [
            _TABATA,
            _TABATA.replace("\n1:20 rest\n1:30 done!", ""),
            "- Round 1 work: 0:00\n- Rest: 0:20\n- Round 2 work: 0:30\n- Rest: 0:50\n- Round 3 work: 1:00",
        ],
        [
            _TABATA.replace("0:50 rest", "0:55 rest"),
            _TABATA.replace("1:00 work\n1:20 rest\n", ""),
            _TABATA.replace("0:20 rest", "0:20 work"),
            _TABATA + "\n1:30 work",
        ],
    ),
    "passphrases": (
        {"n": 3, "words": 4, "case": "lower"},
        [
            _PHRASES,
            "- maple-orbit-canyon-tulip\n- velvet-harbor-pickle-drum\n- quartz-lemon-falcon-attic\n\n"
            "Each one is four words long.",
        ],
        [
            _PHRASES.replace("maple-orbit-canyon-tulip", "maple-orbit-canyon"),
            _PHRASES.replace("velvet", "Velvet"),
            _PHRASES.replace("quartz-lemon-falcon-attic", "maple-orbit-canyon-tulip"),
            _PHRASES.replace("pickle", "p1ckle"),
            _PHRASES.replace("drum", "velvet"),
            _PHRASES.rsplit("\n", 1)[0],
        ],
    ),
    "random_picks": (
        {"n": 6, "low": 1, "high": 49, "order": "ascending"},
        [
            "4, 11, 19, 23, 38, 47",
            "Your numbers: 4 - 11 - 19 - 23 - 38 - 47",
            "4\n11\n19\n23\n38\n47",
            "- #4\n- #11\n- #19\n- #23\n- #38\n- #47",
        ],
        [
            "4, 11, 19, 23, 38, 50",
            "11, 4, 19, 23, 38, 47",
            "4, 11, 19, 19, 38, 47",
            "4, 11, 19, 23, 38",
            "Here are six numbers from 1 to 49, all different.",
        ],
    ),
    "team_split": (
        {
            "names": ["Ava", "Ben", "Chloe", "Dev", "Ella", "Finn"],
            "teams": 2,
            "size": 3,
            "apart": ["Ben/Finn"],
        },
        [_TEAMS, _TEAMS2],
        [
            "**Team Red:** Ava, Ben, Finn\n**Team Blue:** Chloe, Dev, Ella",
            _TEAMS.replace("Chloe\n", "Chloe, Dev\n").replace("Dev, ", ""),
            "**Team Red:** Ava, Ben\n**Team Blue:** Dev, Ella, Finn, Chloe",
            _TEAMS.replace("Ava, ", ""),
            _TEAMS + "\n**Team Green:** Ava",
        ],
    ),
    "word_chain": (
        {"n": 5, "start": "t"},
        [
            _CHAIN,
            "Tiger → Rabbit → Tortoise → Elephant → Toucan",
            "- Tiger (T)\n- Rabbit\n- Tortoise\n- Elephant: big\n- Toucan",
        ],
        [
            _CHAIN.replace("Rabbit", "Lion"),
            _CHAIN.replace("Tiger", "Emu").replace("Rabbit", "Unicorn"),
            _CHAIN.replace("5. Toucan", "5. Tiger"),
            _CHAIN.rsplit("\n", 1)[0],
        ],
    ),
    "unix_timestamps": (
        {"times": ["2027-01-01T00:00:00+00:00", "2027-03-15T14:30:00Z"]},
        [_STAMPS, "1798761600 and 1805121000"],
        [
            _STAMPS.replace("1805121000", "1805125600"),
            _STAMPS.replace("1798761600", "1798761600000"),
            _STAMPS + "\n- and in your time zone: 1798758000",
            _STAMPS.rsplit("\n", 1)[0],
        ],
    ),
    "branch_names": (
        {"tickets": ["SHOP-142", "SHOP-157"], "prefixes": ["feature", "fix"], "max_length": 39},
        [
            _BRANCHES,
            "git checkout -b feature/SHOP-142-wishlist\ngit push -u origin feature/SHOP-142-wishlist\n"
            "and fix/SHOP-157-rounding.",
        ],
        [
            _BRANCHES.replace("wishlist-button", "Wishlist-Button"),
            _BRANCHES.replace("feature/", "feat/"),
            _BRANCHES.replace("cart-total-rounding", "cart-total-rounding-on-checkout-page"),
            _BRANCHES.replace("- `fix/SHOP-157-cart-total-rounding`", ""),
            _BRANCHES.replace("wishlist-button", "wishlist_button"),
            _BRANCHES + "\n- `feature/SHOP-142-wishlist`",
        ],
    ),
}

# kind: parameter sets each refused, whatever the answer
BAD_PARAMS = {
    "regex_tests": [{}, {"match": []}, {"match": "09:30"}, {"match": ["a"], "reject": []}],
    "sql_inserts": [
        {},
        {"setup": _BOOK_SETUP, "table": "b", "columns": ["title"]},
        {"setup": "CREATE TABL b (a);", "table": "b", "columns": ["a"], "rows": [["x"]]},
        {"setup": _BOOK_SETUP, "table": "nope", "columns": ["title"], "rows": [["x"]]},
        {"setup": _BOOK_SETUP, "table": "b", "columns": ["title", "year"], "rows": [["x"]]},
    ],
    "table_total_row": [{}, {"column": ""}, {"column": "Cost", "items": 0}, {"column": "Cost", "label": 3}],
    "column_alignment": [{}, {"columns": {}}, {"columns": {"Cost": "justify"}}, {"columns": ["Cost"]}],
    "reference_links": [{"min": 0}, {"urls": []}, {"min": "2"}],
    "html_boilerplate": [
        {},
        {"title": ""},
        {"title": "x", "meta": ["refresh"]},
        {"title": "x", "scripts": []},
    ],
    "css_declarations": [
        {},
        {"rules": {}},
        {"rules": {".a": {}}},
        {"rules": {".a": "color: red"}},
        {"media": {"print": {".a": {"color": 1}}}},
    ],
    "apache_redirects": [
        {},
        {"redirects": {}},
        {"redirects": {"old": "/new"}},
        {"redirects": {"/old": "/new"}, "status": 200},
    ],
    "hosts_entries": [{}, {"hosts": {}}, {"hosts": {"300.1.1.1": ["a"]}}, {"hosts": {"127.0.0.1": "a"}}],
    "desktop_entry": [{}, {"keys": {}}, {"keys": {"Name": 3}}, {"keys": ["Name"]}],
    "latex_tabular": [
        {},
        {"columns": 0, "rows": 2},
        {"columns": 3, "rows": 2, "header": ["a"]},
        {"columns": 3, "rows": 2, "align": "lr"},
    ],
    "ean13_codes": [{"n": 0}, {"prefix": "x"}, {"n": 2, "min": 1}, {"min": 3, "max": 2}],
    "mac_addresses": [{"n": 0}, {"admin": "global"}, {"n": 2, "max": 3}, {"min": 3, "max": 2}],
    "worksheet_sums": [
        {},
        {"n": 0, "ops": ["+"]},
        {"n": 3, "ops": ["^"]},
        {"n": 3, "ops": ["+"], "min": 5, "max": 2},
    ],
    "split_times": [
        {},
        {"distance": 0, "pace": "5:00"},
        {"distance": 5, "pace": "fast"},
        {"distance": 5, "pace": "5:00", "unit": "lap"},
    ],
    "interval_schedule": [
        {},
        {"rounds": 0, "work": 20, "rest": 10},
        {"rounds": 8, "work": 20},
        {"rounds": 8, "work": 20, "rest": 0},
    ],
    "passphrases": [
        {},
        {"n": 0, "words": 4},
        {"n": 2, "words": 1},
        {"n": 2, "words": 3, "case": "upper"},
        {"n": 2, "words": 3, "separator": "a"},
    ],
    "random_picks": [
        {},
        {"n": 0, "low": 1, "high": 49},
        {"n": 3, "low": 10, "high": 1},
        {"n": 10, "low": 1, "high": 5},
        {"n": 3, "low": 1, "high": 9, "order": "descending"},
    ],
    "team_split": [
        {},
        {"names": ["A", "B"], "teams": 1},
        {"names": ["A", "a", "B"], "teams": 2},
        {"names": ["A", "B", "C", "D"], "teams": 2, "size": 3},
        {"names": ["A", "B", "C", "D"], "teams": 2, "apart": ["A/Z"]},
    ],
    "word_chain": [{}, {"n": 1}, {"n": 5, "start": "tt"}, {"n": 5, "start": "3"}],
    "unix_timestamps": [{}, {"times": []}, {"times": ["1 Jan 2027"]}, {"times": ["2027-01-01T00:00:00"]}],
    "branch_names": [
        {},
        {"tickets": ["SHOP-1"], "prefixes": []},
        {"tickets": ["SHOP 1"], "prefixes": ["feature"]},
        {"tickets": ["SHOP-1"], "prefixes": ["feature"], "max_length": 0},
    ],
}


def test_every_new_kind_has_cases():
    assert set(KIND_CASES) == set(TEST13_CHECKS) == set(BAD_PARAMS)


@pytest.mark.parametrize("kind", sorted(TEST13_CHECKS))
def test_each_new_kind_on_passing_and_failing_answers(kind):
    params, good, bad = KIND_CASES[kind]
    c = {"check": kind, **params}
    for text in good:
        assert S.check(c, text) is True, (kind, text)
    for text in bad:
        assert S.check(c, text) is False, (kind, text)
    for text in ("", "   ", "... !!! ???", "- \n* \n#"):  # no word meets none
        assert S.check(c, text) is False, (kind, text)


@pytest.mark.parametrize("kind", sorted(TEST13_CHECKS))
def test_each_new_kind_refuses_bad_parameters(kind):
    params = KIND_CASES[kind][0]
    for bad in [*BAD_PARAMS[kind], {**params, "unknown": 1}]:
        for text in ("", KIND_CASES[kind][1][0]):
            with pytest.raises(S.BadCheck):
                S.check({"check": kind, **bad}, text)
    # the scorer raises it too: the row is wrong, not the output
    with pytest.raises(S.BadCheck):
        S.GenericScorer().score({"kind": "constraints", "checks": [{"check": kind, "unknown": 1}]}, "x")


def test_some_finer_points():
    check = S.check
    # css_declarations: rules inside @media count only where the row names that media query
    theme = {
        "check": "css_declarations",
        "rules": {":root": {"--text": "#1b1b1b"}},
        "media": {"(prefers-color-scheme: dark)": {":root": {"--text": "#f1f1f1"}}},
    }
    css = ":root { --text: #1b1b1b; }\n@media (prefers-color-scheme:dark) {\n  :root { --text: #F1F1F1; }\n}"
    assert check(theme, css)
    assert not check(theme, ":root { --text: #1b1b1b; }\n:root { --text: #f1f1f1; }")
    # apache_redirects: the first rule that applies decides, and a Redirect covers only its own path
    moved = {"check": "apache_redirects", "redirects": {"/a": "/b"}}
    assert not check(moved, "Redirect 301 /a /c\nRedirect 301 /a /b")
    assert not check(moved, "Redirect 301 /ab /b")
    # regex_tests: a regex that only searches (no anchors) still has to match the whole string
    assert check({"check": "regex_tests", "match": ["#fff"], "reject": ["#ffff"]}, "`#[0-9a-f]{3}`")
    # team_split: sizes at most one apart when no size is given
    odd = {"check": "team_split", "names": ["A1", "B1", "C1", "D1", "E1"], "teams": 2}
    assert check(odd, "Team 1: A1, B1, C1\nTeam 2: D1, E1")
    assert not check(odd, "Team 1: A1, B1, C1, D1\nTeam 2: E1")
    # worksheet_sums: a division that leaves a remainder is wrong
    div = {"check": "worksheet_sums", "n": 2, "ops": ["÷"], "max": 100}
    assert check(div, "84 ÷ 7 = 12\n90 / 9 = 10") and not check(div, "85 ÷ 7 = 12\n90 / 9 = 10")
    # random_picks: a line of prose holding numbers is not a line of picks
    raffle = {"check": "random_picks", "n": 3, "low": 1, "high": 150}
    assert not check(raffle, "I picked 3 tickets from 1 to 150 for you.")
    assert check(raffle, "I picked 3 tickets from 1 to 150 for you:\n\n17, 88, 142")
    # word_chain: a note after a dash does not count as the animal's last letter
    assert check({"check": "word_chain", "n": 3}, "1. Tiger - fast\n2. Rat - small\n3. Tapir")
    # interval_schedule: a table row of two times is a work start and a rest start; a total is no phase
    tabata = {"check": "interval_schedule", "rounds": 2, "work": 20, "rest": 10}
    table = "| Round | Work | Rest |\n|---|---|---|\n| 1 | 0:00 | 0:20 |\n| 2 | 0:30 | 0:50 |\n\nTotal: 1:00"
    assert check(tabata, table) and not check(tabata, table.replace("0:50", "0:55"))
    spans = "| 1 | 0:00–0:20 | 0:20–0:30 |\n| 2 | 0:30–0:50 | 0:50–1:00 |"
    assert check(tabata, spans)
    # random_picks: labelled lines of one number each
    assert check({"check": "random_picks", "n": 3, "low": 1, "high": 150}, "1st: 17\n2nd: 88\n3rd: 142")
    # hosts_entries: an IPv6 loopback line beside the IPv4 one is fine, another IPv4 address is not
    hosts = {"check": "hosts_entries", "hosts": {"127.0.0.1": ["shop.test"]}}
    assert check(hosts, "127.0.0.1 shop.test\n::1 shop.test")
    assert not check(hosts, "127.0.0.1 shop.test\n127.0.0.2 shop.test")
    # sql_inserts: an explicit transaction in the answer
    books = {"check": "sql_inserts", "setup": _BOOK_SETUP, "table": "b", "columns": ["title"],
             "rows": [["Dune"], ["Emma"]]}  # fmt: skip
    assert check(books, "BEGIN TRANSACTION;\nINSERT INTO b (title, year) VALUES ('Emma', 1815);\nCOMMIT;")
    # interval_schedule: a phase missing in the middle fails
    assert not check(
        {"check": "interval_schedule", "rounds": 2, "work": 20, "rest": 10}, "0:00 work\n0:30 work"
    )


# ------------------------------------------------------------------ a hand-written answer per row

_RESTORE = (
    "| Part | Price |\n|---|---:|\n| Chain | £24.00 |\n| Brake pads | £18.99 |\n| Tyres (pair) | £55.00 |\n"
    "| Bar tape | £12.50 |\n| Cables | £9.80 |\n| **Total** | **£120.29** |"
)
_TABATA8 = "\n".join(
    f"{i // 2}:{i % 2 * 30:02d} work (round {i + 1})\n{i // 2}:{i % 2 * 30 + 20:02d} rest" for i in range(8)
)

ANSWERS = {
    "r01": (
        "```regex\n^([01]\\d|2[0-3]):[0-5]\\d$\n```\n\n"
        "`[01]\\d|2[0-3]` allows hours 00-23 and `[0-5]\\d` minutes 00-59; the anchors make sure nothing "
        "else is in the field."
    ),
    "r02": "```js\nconst HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;\n```",
    "r03": (
        "```sql\nINSERT INTO books (title, author, year, finished) VALUES\n"
        "  ('The Left Hand of Darkness', 'Ursula K. Le Guin', 1969, 1),\n"
        "  ('Piranesi', 'Susanna Clarke', 2020, 1),\n  ('The Overstory', 'Richard Powers', 2018, 0);\n```"
    ),
    "r04": (
        "| Item | Cost |\n|:--|--:|\n| Van hire | $180.00 |\n| Packing boxes | $45.50 |\n"
        "| End of tenancy cleaning | $120.00 |\n| Pizza for the helpers | $62.75 |\n"
        "| Storage unit (first month) | $95.00 |\n| **Total** | **$503.25** |"
    ),
    "r05": _RESTORE,
    "r06": (
        "## Further reading\n\n- The [WCAG standards overview][wcag] from the W3C\n"
        "- WebAIM's [colour contrast checker][contrast]\n- MDN's [accessibility guide][mdn]\n\n"
        "[wcag]: https://www.w3.org/WAI/standards-guidelines/wcag/\n"
        "[contrast]: https://webaim.org/resources/contrastchecker/\n"
        "[mdn]: https://developer.mozilla.org/en-US/docs/Web/Accessibility"
    ),
    "r07": (
        '```html\n<!DOCTYPE html>\n<html lang="en">\n<head>\n  <meta charset="UTF-8">\n'
        '  <meta name="viewport" content="width=device-width, initial-scale=1.0">\n'
        "  <title>Plant Swap Signup</title>\n"
        '  <link rel="stylesheet" href="css/main.css">\n  <script src="js/form.js" defer></script>\n</head>\n'
        "<body>\n\n</body>\n</html>\n```"
    ),
    "r08": (
        "```css\n.btn-primary {\n  background-color: #2563eb;\n  color: #fff;\n  border: none;\n"
        "  border-radius: 8px;\n  padding: 10px 18px;\n  cursor: pointer;\n}\n\n"
        ".btn-primary:hover {\n  background-color: #1d4ed8;\n}\n```"
    ),
    "r09": (
        "```css\n:root {\n  --brand: #2e7d32;\n  --brand-light: #a5d6a7;\n  --text: #1b1b1b;\n"
        "  --radius: 6px;\n}\n\n@media (prefers-color-scheme: dark) {\n  :root {\n    --text: #f1f1f1;\n"
        "    --brand: #81c784;\n  }\n}\n```"
    ),
    "r10": (
        "Add these to the `.htaccess` in your site's root:\n\n```apache\nRedirect 301 /about-us.html /about\n"
        "Redirect 301 /blog/2019/moving-day /blog/moving-day\nRedirect 301 /contact.php /contact\n```"
    ),
    "r11": (
        "Open it with `sudo nano /etc/hosts` and add:\n\n```\n127.0.0.1       shop.test api.shop.test\n"
        "192.168.1.40    nas.home\n```"
    ),
    "r12": (
        "Save this as `~/.local/share/applications/logseq.desktop`:\n\n```ini\n[Desktop Entry]\n"
        "Type=Application\nName=Logseq\nExec=/home/sam/Apps/Logseq.AppImage %U\n"
        "Icon=/home/sam/Apps/logseq.png\n"
        "Categories=Office;\nTerminal=false\n```"
    ),
    "r13": (
        "```latex\n\\begin{tabular}{lrr}\n\\hline\nTrial & Time (s) & Distance (m) \\\\\n\\hline\n"
        "1 & 2.31 & 1.20 \\\\\n2 & 2.45 & 1.32 \\\\\n3 & 2.28 & 1.18 \\\\\n4 & 2.50 & 1.36 \\\\\n"
        "5 & 2.39 & 1.27 \\\\\n\\hline\n\\end{tabular}\n```"
    ),
    "r14": (
        "1. 2000000000015\n2. 2001234567893\n3. 2009999000006\n4. 2000000000022\n5. 2005555123455\n"
        "6. 2004242424240"
    ),
    "r15": "- 02:1a:2b:3c:4d:5e\n- 06:4f:a1:22:9c:10\n- 0a:00:27:be:ef:01\n- 52:54:00:7d:3e:91",
    "r16": "\n".join(
        f"{i}. {p}"
        for i, p in enumerate(
            [
                "7 + 5 = 12",
                "9 - 4 = 5",
                "13 + 6 = 19",
                "20 - 8 = 12",
                "3 + 14 = 17",
                "11 - 11 = 0",
                "8 + 8 = 16",
                "15 - 7 = 8",
                "2 + 9 = 11",
                "18 - 5 = 13",
                "6 + 4 = 10",
                "17 - 9 = 8",
            ],
            1,
        )
    ),
    "r17": "\n".join(
        f"{i}. {p}"
        for i, p in enumerate(
            [
                "84 ÷ 7 = 12",
                "36 ÷ 4 = 9",
                "100 ÷ 5 = 20",
                "63 ÷ 9 = 7",
                "48 ÷ 6 = 8",
                "72 ÷ 8 = 9",
                "55 ÷ 11 = 5",
                "90 ÷ 3 = 30",
                "28 ÷ 2 = 14",
                "64 ÷ 16 = 4",
            ],
            1,
        )
    ),
    "r18": "\n".join(f"- Km {k}: {k * 325 // 60}:{k * 325 % 60:02d}" for k in range(1, 11))
    + "\n\nThat finishes in 54:10.",
    "r19": _TABATA8 + "\n4:00 done, well done!",
    "r20": (
        "tundra-pepper-lantern-oak\nribbon-copper-moss-violin\nharbor-quiet-mango-stencil\n"
        "glacier-biscuit-ember-fig\nwalnut-comet-pillow-ridge"
    ),
    "r21": "4 11 19 23 38 47",
    "r22": "17, 88, 142",
    "r23": (
        "**Team 1:** Ava, Ben, Dev, Grace, Isla\n**Team 2:** Chloe, Ella, Finn, Hugo, Jack\n\n"
        "Ben and Finn are on different teams."
    ),
    "r24": (
        "### Team A\n- Ana\n- Bilal\n- Dmitri\n- Femi\n\n### Team B\n- Carmen\n- Erin\n- Gus\n- Hana\n\n"
        "### Team C\n- Ivo\n- Jun\n- Kasia\n- Liam\n\n"
        "Erin and Gus are together, and Ana and Carmen are split up."
    ),
    "r25": (
        "1. Tiger\n2. Rabbit\n3. Tortoise\n4. Eagle\n5. Elephant\n6. Tapir\n7. Rhino\n8. Ostrich\n9. Hyena\n"
        "10. Antelope"
    ),
    "r27": ("- Midnight UTC, 1 January 2027: **1798761600**\n- 14:30 UTC, 15 March 2027: **1805121000**"),
    "r28": (
        "- `feature/SHOP-142-wishlist-button`\n- `fix/SHOP-157-cart-total-rounding`\n"
        "- `fix/SHOP-163-stripe-webhook`"
    ),
    "r26": (
        "1. Canada\n2. Austria\n3. Argentina\n4. Angola\n5. Albania\n6. Algeria\n7. Armenia\n8. Afghanistan"
    ),
    "r29": (
        "Dear Priya, thank you so much for watering my plants while I was away! They look happier than "
        "ever. I owe you a coffee (or a cake) this week. Thanks again for being such a great neighbour!"
    ),
    "r30": "1. Doughy Parton\n2. Clint Yeastwood\n3. Bread Pitt\n4. Obi-Wan Kenobread\n5. Rye-an Gosling",
    "r31": (
        "Each candle is poured by hand in small batches from pure beeswax, with a cotton wick that burns "
        "clean and slow. The wax keeps its natural honey scent, so there is nothing artificial to hide.\n\n"
        "They come in three sizes and make a warm gift for birthdays, housewarmings or a quiet evening at "
        "home. Trim the wick before each burn and your candle will glow for hours."
    ),
    "r32": (
        "heads up team: the release moves to thursday. qa found a bug in the payment flow and we want "
        "it fixed and retested first. thanks for your patience!"
    ),
}


def test_a_hand_written_answer_meets_every_constraint_row(by_id):
    scorer = S.GenericScorer()
    rows = [r for r in by_id.values() if r["kind"] == "constraints"]
    assert set(ANSWERS) == {r["id"] for r in rows}
    for r in rows:
        got = scorer.score(r, ANSWERS[r["id"]])
        assert got["score"] == 1.0, (r["id"], got["failed"])
        assert scorer.score(r, "")["score"] == 0.0, r["id"]  # and an empty answer meets none


def test_answers_for_other_rows_fail_the_new_kinds(by_id):
    """The hand-written answers seldom meet another row's new kinds: the kinds are not met by chance."""
    rows = [r for r in by_id.values() if r["kind"] == "constraints"]
    met = pairs = 0
    for r in rows:
        asked = [c for c in r["checks"] if c["check"] in TEST13_CHECKS]
        for rid, text in ANSWERS.items():
            if asked and rid != r["id"]:
                met += all(S.check(c, text) for c in asked)
                pairs += 1
    assert met / pairs < 0.05, met


# ------------------------------------------------------------------ the generator


def _before_test14(task):
    """data.jsonl as it was before the test14 to test18 rows were appended after test13's."""
    later = (
        '"split": "test14"',
        '"split": "test15"',
        '"split": "test16"',
        '"split": "test17"',
        '"split": "test18"',
    )
    return "".join(
        ln for ln in task.data_path.read_text().splitlines(True) if not any(s in ln for s in later)
    )


def test_data_jsonl_ends_with_the_generators_test13_rows(task):
    text = _before_test14(task)
    assert text.endswith(generic_test13.render())
    tail = text.splitlines()[-60:]
    assert [json.loads(ln)["split"] for ln in tail] == ["test13"] * 60
    assert '"split": "test13"' not in text[: len(text) - len(generic_test13.render())]
    before = text[: len(text) - len(generic_test13.render())]
    assert before.endswith(generic_test12.render())  # right after test12's rows


def test_the_generator_keeps_every_other_line(task, tmp_path, monkeypatch):
    data = tmp_path / "data.jsonl"
    original = _before_test14(task)
    older = original[: len(original) - len(generic_test13.render())]
    monkeypatch.setattr(generic_test13, "DATA", data)
    for start in (older, original, older + '{"id": "r99", "kind": "everyday", "split": "test13"}\n'):
        data.write_text(start)
        generic_test13.main()
        assert data.read_text() == original
    first, rest = older.split("\n", 1)  # a test13 line out of place is dropped, the rows written once
    data.write_text(first + "\n" + generic_test13.render() + rest)
    generic_rows.rewrite(data, generic_test13.SPLIT, generic_test13.render())
    assert data.read_text() == original
