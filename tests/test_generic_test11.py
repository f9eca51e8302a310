"""The generic task's test11 rows (p01-p60, written blind to the observers) and the scorer parts
written for them: the check kinds of TEST11_CHECKS (each on passing and failing
answers, and refusing bad parameters), a hand-written answer meeting every constraint row, every
reference passing its hidden tests and its shown examples, no shown example among the hidden
tests, the shown tests never counting, and the generator keeping every other line of data.jsonl
as it is, test11 right before test12 to test18 (no engine)."""

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
from selfrefine.tasks.tools import generic_rows, generic_test10, generic_test11
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
    *TEST8_CHECKS, *TEST9_CHECKS, *TEST10_CHECKS,
}  # fmt: skip


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:test11")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows() if r["split"] == "test11"}


# ------------------------------------------------------------------ the rows


def test_rows_are_the_generators_in_order(by_id):
    rows = generic_test11.rows()
    assert list(by_id) == [f"p{i:02d}" for i in range(1, 61)] == [r["id"] for r in rows]
    assert list(by_id.values()) == json.loads(json.dumps(rows))
    kinds = [r["kind"] for r in rows]
    assert kinds == ["constraints"] * 32 + ["function"] * 22 + ["everyday"] * 6
    assert len({r["request"] for r in rows}) == 60


def test_test11_follows_test10_in_the_file_and_its_requests_are_new():
    every = registry.load("generic:all").rows()
    assert len(every) == 1182
    assert Counter(r["split"] for r in every)["test11"] == 60
    test10 = registry.load("generic:test10").rows()
    assert every[-540:-480] == test10 and [r["split"] for r in every[-480:-420]] == ["test11"] * 60
    # test12 to test18 (tests/test_generic_test12.py ... _test18.py) follow test11 at the end of the file
    splits = [f"test{i}" for i in range(12, 19) for _ in range(60)]
    assert [r["split"] for r in every[-420:]] == splits
    # no request repeats an older one (only ids are shown when one does, never the texts)
    seen, ids = Counter(r["request"] for r in every), Counter(r["id"] for r in every)
    assert [r["id"] for r in every if seen[r["request"]] > 1] == []
    assert [i for i, n in ids.items() if n > 1] == []
    older = {r["entry"] for r in every if r["kind"] == "function" and r["split"] != "test11"}
    mine = [r["entry"] for r in every if r["kind"] == "function" and r["split"] == "test11"]
    assert len(set(mine)) == 22 and not set(mine) & older


def test_constraint_rows_use_the_new_kinds(by_id):
    assert_constraint_rows_use(by_id, TEST11_CHECKS, OLDER)


def test_the_new_kinds_are_new_and_reached_through_the_scorer():
    assert_new_kinds_reached(TEST11_CHECKS, OLDER)


def test_function_rows_shape_and_example_styles(by_id):
    assert_function_rows(by_id)


def test_no_hidden_test_repeats_a_shown_example(by_id):
    assert_no_hidden_test_repeats_a_shown(by_id)


def test_shown_examples_give_their_expected_values(by_id):
    for r in functions(by_id):
        for i in r["shown"]:
            want = r["tests"][i]["expect"]
            assert repr(want) in r["request"] or json.dumps(want) in r["request"], (r["id"], i)


def test_every_reference_passes_its_hidden_tests(by_id):
    assert_references_pass(by_id)


def test_shown_examples_never_count(by_id):
    assert_shown_examples_never_count(by_id)


def test_everyday_rows(by_id):
    scorer = S.GenericScorer()
    right = {
        "p55": ("An hour and a half is 5,400 seconds.", "It's 5,000 seconds."),
        "p56": ("A 20% tip on $45 is $9.", "It's $8."),
        "p57": ("A standard piano has 88 keys.", "It has 76 keys."),
        "p58": ("Mercury is the closest planet to the sun.", "Venus is the closest."),
        "p59": ("Sodium's symbol is Na.", "It's So."),
        "p60": ("Your average speed was 60 mph.", "About 55 mph."),
    }
    for rid, (good, bad) in right.items():
        assert by_id[rid]["kind"] == "everyday"
        assert scorer.score(by_id[rid], good)["score"] == 1.0, rid
        assert scorer.score(by_id[rid], bad)["score"] == 0.0, rid


# ------------------------------------------------------------------ the new kinds

_SQL = (
    "```sql\nCREATE TABLE books (\n  isbn TEXT PRIMARY KEY,\n  title TEXT NOT NULL\n);\n"
    "CREATE TABLE loans (\n  id INTEGER PRIMARY KEY,\n  book_isbn TEXT NOT NULL REFERENCES books(isbn),\n"
    "  friend TEXT\n);\n```"
)
_MAKE = (
    "```make\nCC = gcc\n.PHONY: all clean\n\nall: calc\n\ncalc: main.c\n\t$(CC) -o calc main.c\n\n"
    "clean:\n\trm -f calc\n```"
)
_TOML = (
    '```toml\n[project]\nname = "tidyplant"\nversion = "0.3.0"\ndependencies = ["click"]\n\n'
    "[tool.ruff]\nline-length = 100\n```"
)
_IGNORE = "```gitignore\n# deps\nnode_modules/\n/dist\n.env*\n!.env.example\n*.log\n.DS_Store\n```"
_ROBOTS = (
    "```\nUser-agent: *\nDisallow: /cart/\nDisallow: /checkout/\n\nUser-agent: GPTBot\nUser-agent: CCBot\n"
    "Disallow: /\n\nSitemap: https://shop.example.com/sitemap.xml\n```"
)
_UNIT = (
    "```ini\n[Unit]\nDescription=Plant bot\nAfter=network-online.target\n\n[Service]\nUser=pi\n"
    "WorkingDirectory=/opt/plantbot\nExecStart=/opt/plantbot/venv/bin/python /opt/plantbot/bot.py\n"
    "Restart=on-failure\n\n[Install]\nWantedBy=multi-user.target\n```"
)
_TEX = (
    "```latex\n\\documentclass[11pt]{article}\n\\usepackage{amsmath, graphicx}\n% a comment with { in it\n"
    "\\begin{document}\n\\section{Introduction}\nText with \\{braces\\}.\n\\section{Method}\n"
    "\\begin{figure}[h]\n  \\centering\n  \\caption{A figure}\n\\end{figure}\n\\end{document}\n```"
)
_BIB = (
    "```bibtex\n@book{kahneman2011,\n  author = {Kahneman, Daniel},\n  title = {Thinking, Fast and Slow},\n"
    '  year = {2011},\n}\n\n@article{tversky1974,\n  author = "Tversky, Amos and Kahneman, Daniel",\n'
    "  title = {Judgment under Uncertainty: {H}euristics and Biases},\n  year = 1974\n}\n```"
)
_DOT = (
    '```dot\ndigraph family {\n  rankdir=TB;\n  "Walter" -> "Carol";\n  Walter -> Dennis;\n'
    "  Carol -> Lucy -> Max; // siblings chained\n  node [shape=box];\n}\n```"
)
_SRT = (
    "```\n1\n00:00:00,000 --> 00:00:03,000\nHi, I'm Dana and welcome back\nto my kitchen.\n\n"
    "2\n00:00:03,000 --> 00:00:06,000\nToday: one-pan lemon chicken.\n```"
)
_SEO = (
    "<title>Clay &amp; Kiln | Pottery Classes in Portland</title>\n"
    '<meta name="description" content="' + "x" * 130 + '">'
)
_MAIL = (
    '<a href="mailto:help@pantry.org?subject=Volunteer%20sign-up&amp;body=Hi%2C%20I%27d%20like">Volunteer</a>'
)
_TAB = (
    "e|-----0-----0---|\nB|---1-----1-----|\nG|-----------0---|\nD|---------------|\n"
    "A|-3-------------|\nE|---------------|"
)
_BINGO = "| B | I | N | G | O |\n|---|---|---|---|---|\n" + "\n".join(
    "| " + " | ".join("FREE" if (r, k) == (2, 2) else f"Gift {r}{k}" for k in range(5)) + " |"
    for r in range(5)
)
_SEATS = "**Table 1:** Ana, Ben\n**Table 2:** Cleo, Dev\n\nAna and Cleo are at different tables."
_ROTA = "| Week | Kitchen | Bins |\n|---|---|---|\n| Week 1 | Jess | Tom |\n| Week 2 | Tom | Jess |"

# kind: (params, answers that meet it, answers that do not)
KIND_CASES = {
    "sql_schema": (
        {"tables": ["books", "loans"], "columns": ["books.title"], "links": ["loans>books"]},
        [
            _SQL,
            "CREATE TABLE Books (isbn TEXT PRIMARY KEY, title TEXT);\nCREATE TABLE loans (book TEXT, "
            "FOREIGN KEY (book) REFERENCES books (isbn));",
            "```sql\nCREATE TABLE books (isbn TEXT PRIMARY KEY, title TEXT);\n```\nThen:\n```sql\n"
            "CREATE TABLE loans (isbn TEXT REFERENCES books);\n```",
        ],
        [
            _SQL.replace("REFERENCES books(isbn)", ""),
            _SQL.replace("  title TEXT NOT NULL\n", "  name TEXT NOT NULL\n"),
            _SQL.replace("CREATE TABLE loans", "CREATE TABLE lendings"),
            _SQL.replace("isbn TEXT PRIMARY KEY,", "isbn TEXT PRIMARY KEY"),
            "Make a books table with a title and a loans table that references books.",
        ],
    ),
    "makefile_targets": (
        {"targets": ["all", "clean"]},
        [_MAKE, "all:\n\tgcc -o calc main.c \\\n\t  parser.c\nclean:\n\trm -f calc\n# done"],
        [
            _MAKE.replace("\trm -f calc", "    rm -f calc"),
            _MAKE.replace("clean:\n\trm -f calc", ""),
            _MAKE.replace("CC = gcc", "\tCC = gcc"),
            _MAKE.replace("all: calc", "all calc"),
            "Run make all, then make clean.",
        ],
    ),
    "toml_keys": (
        {"keys": ["project.name=tidyplant", "project.dependencies", "tool.ruff.line-length=100"]},
        [
            _TOML,
            'project.name = "tidyplant"\nproject.dependencies = ["requests"]\ntool.ruff.line-length = 100',
        ],
        [
            _TOML.replace('name = "tidyplant"', 'name = "tidy"'),
            _TOML.replace('dependencies = ["click"]', "dependencies = []"),
            _TOML.replace("line-length = 100", "line-length = 88"),
            _TOML.replace('version = "0.3.0"', "version = 0.3.0"),
            _TOML.replace("[tool.ruff]", "[tool.black]"),
        ],
    ),
    "gitignore_rules": (
        {
            "ignored": [
                "node_modules/x/y.js",
                "dist/app.js",
                ".env",
                ".env.local",
                "a/b/debug.log",
                "src/.DS_Store",
            ],
            "kept": [".env.example", "src/main.js"],
        },
        [_IGNORE, "node_modules\ndist/\n.env\n.env.*\n!.env.example\n**/*.log\n**/.DS_Store"],
        [
            _IGNORE.replace("!.env.example\n", ""),
            _IGNORE.replace(".env*", ".env"),
            _IGNORE.replace("*.log", "/*.log"),
            _IGNORE.replace("node_modules/", "/src"),
            "Ignore node_modules, dist, .env files, logs and .DS_Store.",
        ],
    ),
    "robots_txt": (
        {
            "disallow": ["/cart/", "/checkout"],
            "blocked": ["GPTBot", "CCBot"],
            "sitemap": "https://shop.example.com/sitemap.xml",
        },
        [
            _ROBOTS,
            "user-agent: GPTBot\ndisallow: /\n\nuser-agent: ccbot\ndisallow: /\n\nuser-agent: *\n"
            "disallow: /cart\ndisallow: /checkout/ # checkout\nallow: /\n"
            "sitemap: https://shop.example.com/sitemap.xml",
        ],
        [
            _ROBOTS.replace("Disallow: /checkout/\n", ""),
            _ROBOTS.replace("User-agent: CCBot\n", ""),
            _ROBOTS.replace("Sitemap: https://shop.example.com/sitemap.xml", ""),
            _ROBOTS.replace("Disallow: /cart/\n", "Disallow: /cart/\nDisallow: /\n"),
            _ROBOTS.replace("User-agent: *\n", ""),
            _ROBOTS.replace("Disallow: /cart/", "Block: /cart/"),
        ],
    ),
    "systemd_unit": (
        {"exec": "/opt/plantbot/bot.py", "keys": ["Service.Restart", "Service.User=pi", "Install.WantedBy"]},
        [_UNIT, _UNIT.replace("ExecStart=/opt", "ExecStart=-/opt").replace("```ini\n", "```\n# unit\n")],
        [
            _UNIT.replace("Restart=on-failure\n", ""),
            _UNIT.replace("User=pi", "User=root"),
            _UNIT.replace("[Install]\nWantedBy=multi-user.target", ""),
            _UNIT.replace("ExecStart=/opt/plantbot/venv/bin/python", "ExecStart=python"),
            _UNIT.replace("/opt/plantbot/bot.py\n", "bot.py\n"),
            _UNIT.replace("User=pi", "User pi"),
        ],
    ),
    "latex_document": (
        {"packages": ["amsmath", "graphicx"], "environments": ["figure"], "sections": 2},
        [
            _TEX,
            _TEX.replace(
                "\\usepackage{amsmath, graphicx}",
                "\\usepackage[utf8]{inputenc}\n\\usepackage{amsmath}\n\\usepackage{graphicx}",
            ),
        ],
        [
            _TEX.replace("\\end{figure}", ""),
            _TEX.replace("\\end{document}\n", ""),
            _TEX.replace("amsmath, ", ""),
            _TEX.replace("\\section{Method}", ""),
            _TEX.replace("\\centering", "\\centering{"),
            _TEX.replace("\\documentclass[11pt]{article}\n", ""),
            _TEX.replace("\\begin{figure}[h]", "\\begin{table}[h]").replace("\\end{figure}", "\\end{table}"),
        ],
    ),
    "bibtex_entries": (
        {"min": 2, "fields": ["author", "title", "year"], "types": ["book", "article"]},
        [_BIB, _BIB.replace("@book{", "@BOOK{").replace("```bibtex\n", "").replace("\n```", "")],
        [
            _BIB.replace("  year = {2011},\n", ""),
            _BIB.replace("@article{tversky1974", "@article{kahneman2011"),
            _BIB.replace("@article", "@inproceedings"),
            _BIB.replace("  year = 1974\n}", "  year = 1974\n"),
            _BIB.replace("@book{kahneman2011,", "@book{"),
            "Kahneman, D. (2011). Thinking, Fast and Slow.",
        ],
    ),
    "graphviz_dot": (
        {"kind": "digraph", "min": 4, "nodes": ["Walter", "Carol", "Lucy", "Max"]},
        [_DOT, "digraph { Walter -> Carol -> Lucy; Carol -> Max; Walter -> Dennis }"],
        [
            _DOT.replace("digraph", "graph"),
            _DOT.replace("Carol -> Lucy -> Max;", "Carol -> Lucy;"),
            _DOT.replace("Walter -> Dennis;", "Walter -- Dennis;"),
            _DOT.replace("\n}\n```", "\n\n```"),
            _DOT.replace("Lucy", "Lucia"),
            "Walter -> Carol -> Lucy -> Max -> Dennis",
        ],
    ),
    "srt_cues": (
        {"n": 2, "max_chars": 30},
        [_SRT, _SRT.replace("```\n", "").replace("\n```", "").replace("\n\n2", "\n\n\n2")],
        [
            _SRT.replace("2\n00:00:03", "3\n00:00:03"),
            _SRT.replace("00:00:03,000 --> 00:00:06,000", "00:00:02,500 --> 00:00:06,000"),
            _SRT.replace("00:00:03,000 --> 00:00:06,000", "00:00:03,000 --> 00:00:03,000"),
            _SRT.replace("00:00:00,000 -->", "00:00:00.000 -->"),
            _SRT.replace("Hi, I'm Dana and welcome back", "Hi, I'm Dana and welcome back again"),
            _SRT.replace("to my kitchen.", "to my\nkitchen."),
            _SRT.replace("Today: one-pan lemon chicken.", ""),
        ],
    ),
    "seo_meta": (
        {"title_max": 50, "min": 120, "max": 155},
        [
            _SEO,
            "```html\n<TITLE>Pottery classes</TITLE>\n<meta content='"
            + "y" * 155
            + "' name='description' />\n```",
        ],
        [
            _SEO.replace("x" * 130, "x" * 119),
            _SEO.replace("x" * 130, "x" * 156),
            _SEO.replace("Pottery Classes in Portland", "Beginner Pottery Classes in Portland, Oregon"),
            _SEO.replace("<title>", "<h1>").replace("</title>", "</h1>"),
            _SEO.replace('name="description"', 'name="keywords"'),
        ],
    ),
    "mailto_link": (
        {"to": "help@pantry.org", "subject": "Volunteer sign-up", "fields": ["body"]},
        [
            _MAIL,
            "[Volunteer](mailto:HELP@pantry.org?body=Hi&subject=Volunteer%20sign-up)",
            "Use this: mailto:help@pantry.org?subject=Volunteer%20sign-up&body=Hello%20there",
        ],
        [
            _MAIL.replace("Volunteer%20sign-up", "Volunteer+sign-up"),
            _MAIL.replace("Volunteer%20sign-up", "Volunteer sign-up"),
            _MAIL.replace("&amp;body=Hi%2C%20I%27d%20like", ""),
            _MAIL.replace("help@pantry.org", "info@pantry.org"),
            _MAIL.replace("subject=Volunteer%20sign-up", "subject=Sign-up"),
        ],
    ),
    "guitar_tab": (
        {},
        [
            _TAB,
            "Pattern:\n\n```\ne |--0--|\nB |--1--|\nG |--0--|\nD |--2--|\nA |--3--|\nE |-----|\n```\nRepeat.",
        ],
        [
            _TAB.replace("e|-----0-----0---|", "e|-----0-----0----|"),
            _TAB.replace("\nE|---------------|", ""),
            _TAB.replace("G|", "D|", 1),
            _TAB.translate(str.maketrans("0123", "----")),
            "Play C, then Am, then F, then G.",
        ],
    ),
    "contrast_pairs": (
        {"min": 2, "ratio": 4.5},
        [
            "- Text #222222 on background #FFFFFF (15.9:1)\n- Text #fff on #1a5fb4",
            "#767676 / #ffffff\n#000 on #f5f5dc\nOur accent is #ff6600.",
        ],
        [
            "- Text #222222 on background #FFFFFF\n- Text #777777 on #FFFFFF",
            "- Text #222222 on background #FFFFFF",
            "- Text #222222 on background #FFFFFF\n- Text #ffff00 on #ffffff",
            "Dark grey on white and white on navy.",
        ],
    ),
    "bakers_percentages": (
        {"min": 4},
        [
            "- Bread flour – 450 g – 90%\n- Whole wheat flour – 50 g – 10%\n- Water – 350 g – 70%\n"
            "- Starter (100% hydration) – 100 g – 20%\n- Salt – 10 g – 2%",
            "| Ingredient | Grams | % |\n|---|---|---|\n| Flour | 500 g | 100% |\n| Water | 375 g | 75% |\n"
            "| Levain | 100 g | 20% |\n| Salt | 11 g | 2.2% |",
        ],
        [
            "- Flour – 500 g – 100%\n- Water – 350 g – 75%\n- Starter – 100 g – 20%\n- Salt – 10 g – 2%",
            "- Flour – 500 g – 100%\n- Water – 350 g – 70%\n- Salt – 10 g – 2%",
            "- Bread flour – 450 g – 90%\n- Water – 350 g – 70%\n- Starter – 100 g – 20%\n- Salt – 10 g – 2%",
            "- Water – 350 g – 70%\n- Starter – 100 g – 20%\n- Salt – 10 g – 2%\n- Honey – 5 g – 1%",
        ],
    ),
    "tip_table": (
        {"bill": 86.4, "percents": ["15", "18"]},
        [
            "| Tip | Amount | Total |\n|---|---|---|\n| 15% | $12.96 | $99.36 |\n| 18% | $15.55 | $101.95 |",
            "- 15% of $86.40 = $12.96\n- 18%: $15.56 tip",
        ],
        [
            "| 15% | $12.96 | $99.36 |\n| 18% | $15.60 | $102.00 |",
            "| 15% | $12.96 | $99.36 |\n| 18% | $15.55 | $101.55 |",
            "| 15% | $12.96 | $99.36 |",
            "At 15% it's about thirteen dollars.",
        ],
    ),
    "times_table": (
        {"number": 3, "upto": 4},
        ["3 × 1 = 3\n3 × 2 = 6\n3 × 3 = 9\n3 × 4 = 12", "1 x 3 = 3, 2 x 3 = 6, 3 times 3 is 9, 4*3=12"],
        [
            "3 × 1 = 3\n3 × 2 = 6\n3 × 3 = 9\n3 × 4 = 13",
            "3 × 1 = 3\n3 × 2 = 6\n3 × 3 = 9",
            "3, 6, 9, 12",
        ],
    ),
    "rot13_text": (
        {"text": "A candle!"},
        ["N pnaqyr!", "Here you go:\n\n>! n PNAQYR !<", "N pnaq-yr"],
        ["A candle", "N pnaqyf", "B qboqmf"],
    ),
    "binary_ascii": (
        {"text": "GRACE"},
        [
            "01000111 01010010 01000001 01000011 01000101",
            "G = 01000111\nR = 01010010\nA = 01000001\nC = 01000011\nE = 01000101",
        ],
        [
            "01000111 01010010 01000001 01000011",
            "1000111 1010010 1000001 1000011 1000101",
            "01100111 01110010 01100001 01100011 01100101",
            "GRACE",
        ],
    ),
    "anagram_pairs": (
        {"n": 3},
        [
            "listen – silent\nEvil - Vile\n**Dormitory** = dirty room",
            "Here are three:\n1. night → thing\n2. Stressed / desserts (a classic)\n3. elbow and below",
        ],
        [
            "listen – silent\nevil – vile",
            "listen – silent\nevil – vile\nangel – angle\nstate – taste",
            "listen – silent\nevil – vile\ncat – dog",
            "listen – silent\nevil – vile\nstop – stop",
            "listen, silent, evil, vile, night, thing",
        ],
    ),
    "bingo_card": (
        {"size": 3},
        [
            "| A | B | C |\n|---|---|---|\n| Bibs | **FREE** | Rattle |\n| Socks | Books | Hat |",
            "| Bibs | Rattle | Socks |\n|:-:|:-:|:-:|\n| Books | Free ⭐ | Hat |\n"
            "| Mittens | Blanket | Toy |",
        ],
        [
            "| Bibs | Rattle | Socks |\n|---|---|---|\n| Books | Hat | Free |\n| Mittens | Blanket | Toy |",
            "| Bibs | Rattle | Socks |\n|---|---|---|\n| Books | FREE | Bibs |\n| Mittens | Blanket | Toy |",
            "| Bibs | Rattle | Socks |\n|---|---|---|\n| Books | FREE | Hat |",
            "| Bibs | Rattle | Socks |\n|---|---|---|\n| Books | FREE |  |\n| Mittens | Blanket | Toy |",
            "Bibs, Rattle, Socks, Books, FREE, Hat, Mittens, Blanket, Toy",
        ],
    ),
    "table_seating": (
        {
            "names": ["Ana", "Ben", "Cleo", "Dev"],
            "tables": 2,
            "size": 2,
            "apart": ["Ana & Cleo"],
            "together": ["Ana & Ben"],
        },
        [
            _SEATS,
            "Table 1\n- Ana (host)\n- Ben\n\nTable 2\n- Cleo\n- Dev\n\nNote: Ben sits next to Ana.",
            "| Table | Guests |\n|---|---|\n| Table 1 | Ana, Ben |\n| Table 2 | Cleo and Dev |",
        ],
        [
            _SEATS.replace("Ana, Ben", "Ana, Cleo").replace("Cleo, Dev", "Ben, Dev"),
            _SEATS.replace("Cleo, Dev", "Cleo"),
            _SEATS.replace("Cleo, Dev", "Cleo, Dev, Ana"),
            _SEATS.replace("**Table 1:** Ana, Ben", "**Table 1:** Ana, Dev\n**Table 3:** Ben"),
            "Ana and Ben together, Cleo and Dev together.",
        ],
    ),
    "rota_rotation": (
        {"people": ["Jess", "Tom"], "chores": ["kitchen", "bins"], "weeks": 2},
        [
            _ROTA,
            "**Week 1**\n- Jess: kitchen\n- Tom: bins\n\n**Week 2**\n- Jess – bins\n- Tom – Kitchen",
            "Week 1: Jess does the kitchen, Tom takes the bins.\n"
            "Week 2: Tom does the kitchen, Jess the bins.",
        ],
        [
            _ROTA.replace("| Week 2 | Tom | Jess |", "| Week 2 | Jess | Tom |"),
            _ROTA.replace("| Week 2 | Tom | Jess |", ""),
            _ROTA.replace("| Week 2 | Tom | Jess |", "| Week 3 | Tom | Jess |"),
            _ROTA.replace("| Week 2 | Tom | Jess |", "| Week 2 | Tom | Tom |"),
            "Jess and Tom swap the kitchen and the bins every week.",
        ],
    ),
    "date_intervals": (
        {"start": "2027-01-07", "days": 14, "n": 3},
        [
            "- Thursday, January 7, 2027\n- Thursday, January 21, 2027\n- Thursday, February 4, 2027",
            "Starting from Thu 7 Jan 2027:\n1. 7 Jan\n2. 21 Jan\n3. 4 Feb\nThat's all before 1 March 2027.",
            "2026-12-24 was the last one, so: 2027-01-07, 2027-01-21, 2027-02-04",
        ],
        [
            "- Thursday, January 7, 2027\n- Thursday, January 21, 2027",
            "- Thursday, January 7, 2027\n- Friday, January 21, 2027\n- Thursday, February 4, 2027",
            "- January 7, 2027\n- January 14, 2027\n- January 21, 2027\n- February 4, 2027",
            "- January 7, 2027\n- January 21, 2027\n- February 4, 2027\n- February 18, 2027",
            "- January 7, 2027\n- February 4, 2027\n- January 21, 2027",
        ],
    ),
}

# kind: parameter sets each refused, whatever the answer
BAD_PARAMS = {
    "sql_schema": [
        {},
        {"tables": []},
        {"tables": ["a"], "columns": ["title"]},
        {"tables": ["a"], "links": ["a-b"]},
    ],
    "makefile_targets": [{}, {"targets": []}, {"targets": "all"}],
    "toml_keys": [{}, {"keys": []}, {"keys": ["project..name"]}, {"keys": ["project.name="]}],
    "gitignore_rules": [{}, {"ignored": []}, {"ignored": ["/"]}, {"ignored": ["a"], "kept": "b"}],
    "robots_txt": [{}, {"disallow": []}, {"sitemap": ""}, {"blocked": "GPTBot"}],
    "systemd_unit": [{"exec": ""}, {"keys": []}, {"keys": ["Restart"]}, {"keys": ["Service.Unit.Restart"]}],
    "latex_document": [{"sections": 0}, {"packages": []}, {"environments": "figure"}],
    "bibtex_entries": [{"min": 0}, {"fields": []}, {"types": "book"}],
    "graphviz_dot": [{"min": 0}, {"kind": "tree"}, {"nodes": []}],
    "srt_cues": [{"n": 0}, {"n": 2, "min": 1}, {"min": 3, "max": 2}, {"max_chars": 0}, {"max_lines": 0}],
    "seo_meta": [{"title_max": 0}, {"min": 0}, {"min": 100, "max": 50}, {"max": "160"}],
    "mailto_link": [{}, {"to": ""}, {"to": "a@b.c", "fields": []}, {"to": "a@b.c", "subject": 3}],
    "guitar_tab": [{"min": 0}, {"strings": ["e", "B", "G", "D"]}, {"strings": []}],
    "contrast_pairs": [{"min": 0}, {"ratio": 0.5}, {"ratio": 22}, {"ratio": "4.5"}],
    "bakers_percentages": [{"min": 0}, {"tolerance": -1}, {"min": "3"}],
    "tip_table": [{}, {"bill": 50}, {"bill": 0, "percents": ["15"]}, {"bill": 50, "percents": ["fifteen"]}],
    "times_table": [{}, {"number": 0}, {"number": 8, "upto": 0}, {"number": "8"}],
    "rot13_text": [{}, {"text": ""}, {"text": "123"}],
    "binary_ascii": [{}, {"text": ""}, {"text": "Ω"}],
    "anagram_pairs": [{"n": 0}, {"n": 2, "min": 1}, {"min": 3, "max": 2}, {"of": "123"}],
    "bingo_card": [{"size": 0}, {"size": 1}, {"free": ""}],
    "table_seating": [
        {},
        {"names": ["Ana", "Ben"], "tables": 1, "size": 1},
        {"names": ["Ana", "ana"], "tables": 1, "size": 2},
        {"names": ["Ana", "Ben"], "tables": 2, "size": 1, "apart": ["Ana and Ben"]},
        {"names": ["Ana", "Ben"], "tables": 2, "size": 1, "together": ["Ana & Zed"]},
        {"names": ["Ana", "Ben"], "tables": 0, "size": 2},
    ],
    "rota_rotation": [
        {},
        {"people": ["A", "B"], "chores": ["x"], "weeks": 2},
        {"people": ["A", "B"], "chores": ["x", "y"], "weeks": 0},
        {"people": ["A", "a"], "chores": ["x", "y"], "weeks": 2},
    ],
    "date_intervals": [
        {},
        {"start": "7 Jan 2027", "days": 14, "n": 3},
        {"start": "2027-01-07", "days": 0, "n": 3},
        {"start": "2027-01-07", "days": 14, "n": 0},
        {"start": "2027-02-30", "days": 14, "n": 3},
    ],
}


def test_every_new_kind_has_cases():
    assert set(KIND_CASES) == set(TEST11_CHECKS) == set(BAD_PARAMS)


@pytest.mark.parametrize("kind", sorted(TEST11_CHECKS))
def test_each_new_kind_on_passing_and_failing_answers(kind):
    params, good, bad = KIND_CASES[kind]
    c = {"check": kind, **params}
    for text in good:
        assert S.check(c, text) is True, (kind, text)
    for text in bad:
        assert S.check(c, text) is False, (kind, text)
    for text in ("", "   ", "... !!! ???", "- \n* \n#"):  # no word meets none
        assert S.check(c, text) is False, (kind, text)


@pytest.mark.parametrize("kind", sorted(TEST11_CHECKS))
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
    # sql_schema: a script that fails part way (MySQL's AUTO_INCREMENT is fine, ENUM is not) makes nothing
    schema = {"check": "sql_schema", "tables": ["t"]}
    assert check(schema, "CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY);")
    assert not check(schema, "CREATE TABLE t (kind ENUM('a', 'b'));")
    # gitignore_rules: nothing is re-included under an ignored folder
    rules = {"check": "gitignore_rules", "ignored": ["build/keep.txt"]}
    assert check(rules, "```\nbuild/\n!build/keep.txt\n```")
    # tip_table: the bill repeated on a line is read past
    tip = {"check": "tip_table", "bill": 40, "percents": ["20"]}
    assert check(tip, "20% of $40.00 is $8.00, so $48.00 in all")
    assert not check(tip, "20% of $40.00 is $8.80")
    assert check(tip, "Tip at 20% ($40.00 × 0.20): $8.00")
    # systemd_unit: a folder with a trailing slash is the same folder
    unit = {"check": "systemd_unit", "keys": ["Service.WorkingDirectory=/opt/bot"]}
    assert check(unit, "[Unit]\nA=b\n[Service]\nExecStart=/x\nWorkingDirectory=/opt/bot/\n[Install]\nC=d")
    # date_intervals: a date in another format and a year taken from the dates before it
    bins = {"check": "date_intervals", "start": "2027-12-23", "days": 14, "n": 2}
    assert check(bins, "- Thu 23 Dec 2027\n- Thu 6 Jan")
    assert not check(bins, "- Thu 23 Dec 2027\n- Thu 6 Jan 2027")
    # contrast_pairs: the WCAG ratio, #767676 on white just passes 4.5 and #777777 just fails
    pairs = {"check": "contrast_pairs"}
    assert check(pairs, "#767676 on #FFFFFF") and not check(pairs, "#777777 on #FFFFFF")
    # anagram_pairs with `of`: the word itself is no anagram of it
    assert not check({"check": "anagram_pairs", "of": "stare"}, "stare\ntears")
    assert check({"check": "anagram_pairs", "of": "stare"}, "STARE:\n- tears\n- rates (prices)\n- aster")
    # graphviz_dot: arrows inside a quoted label do not count as edges
    dot = {"check": "graphviz_dot", "kind": "graph"}
    assert check(dot, 'graph { a -- b [label="a -> b"] }')


# ------------------------------------------------------------------ a hand-written answer per row

_RECIPES_SQL = (
    "```sql\nPRAGMA foreign_keys = ON;\n\nCREATE TABLE recipes (\n  id INTEGER PRIMARY KEY AUTOINCREMENT,\n"
    "  title TEXT NOT NULL,\n  servings INTEGER NOT NULL DEFAULT 1,\n"
    "  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP\n);\n\nCREATE TABLE ingredients (\n"
    "  id INTEGER PRIMARY KEY AUTOINCREMENT,\n  name TEXT NOT NULL UNIQUE\n);\n\n"
    "CREATE TABLE recipe_ingredients (\n"
    "  recipe_id INTEGER NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,\n"
    "  ingredient_id INTEGER NOT NULL REFERENCES ingredients(id),\n  quantity REAL,\n  unit TEXT,\n"
    "  PRIMARY KEY (recipe_id, ingredient_id)\n);\n```"
)
_BOOKS_SQL = (
    "```sql\nCREATE TABLE books (\n  isbn TEXT PRIMARY KEY,\n  title TEXT NOT NULL,\n  author TEXT,\n"
    "  year INTEGER\n);\n\nCREATE TABLE loans (\n  id INTEGER PRIMARY KEY,\n"
    "  book_isbn TEXT NOT NULL,\n  friend_name TEXT NOT NULL,\n  lent_on DATE NOT NULL,\n"
    "  returned_on DATE,\n"
    "  FOREIGN KEY (book_isbn) REFERENCES books(isbn)\n);\n```"
)
_CALC_MAKE = (
    "```make\nCC = gcc\nCFLAGS = -Wall -O2\n\n.PHONY: all clean test install\n\nall: calc\n\n"
    "calc: main.c parser.c parser.h\n\t$(CC) $(CFLAGS) -o calc main.c parser.c\n\ntest: calc\n"
    "\t./calc --self-test\n\ninstall: calc\n\tcp calc /usr/local/bin/\n\nclean:\n\trm -f calc\n```"
)
_PYPROJECT = (
    '```toml\n[build-system]\nrequires = ["setuptools>=68"]\nbuild-backend = "setuptools.build_meta"\n\n'
    '[project]\nname = "tidyplant"\nversion = "0.3.0"\nrequires-python = ">=3.10"\n'
    'dependencies = ["requests", "click"]\n\n[project.scripts]\ntidyplant = "tidyplant.cli:main"\n\n'
    "[tool.ruff]\nline-length = 100\n```"
)
_FAMILY = (
    "```dot\ndigraph family {\n  rankdir=TB;\n  node [shape=box];\n  Walter; Edith; Frank;\n"
    '  we [label="Walter + Edith", shape=point];\n  cf [label="Carol + Frank", shape=point];\n'
    "  Walter -> we; Edith -> we;\n  we -> Carol; we -> Dennis;\n  Carol -> cf; Frank -> cf;\n"
    "  cf -> Lucy; cf -> Max;\n  Dennis -> Nora;\n}\n```"
)
_NETWORK = (
    '```dot\ngraph home {\n  modem -- router;\n  router -- mesh [label="upstairs"];\n  router -- NAS;\n'
    "  router -- desktop;\n  mesh -- TV;\n  mesh -- printer;\n}\n```"
)
_SUBS = [
    ("00:00:00,000", "00:00:03,000", "Hi, I'm Dana and welcome back\nto my kitchen."),
    ("00:00:03,000", "00:00:06,000", "Today we're making\na one-pan lemon chicken."),
    ("00:00:06,000", "00:00:09,000", "It takes 30 minutes and there's\nonly one pan to wash."),
    ("00:00:09,000", "00:00:12,000", "You'll need chicken thighs,\nlemons and garlic."),
    ("00:00:12,000", "00:00:15,000", "Let's get cooking!"),
]
_BINGO_GIFTS = [
    "Onesies",
    "Bibs",
    "Diapers",
    "Wipes",
    "Rattle",
    "Board books",
    "Swaddle",
    "Socks",
    "Sun hat",
    "Teether",
    "Bath towel",
    "Night light",
    "Pacifier",
    "Burp cloths",
    "Stroller toy",
    "Sleep sack",
    "Baby monitor",
    "Bottles",
    "Play mat",
    "Mittens",
    "Baby lotion",
    "Soft blocks",
    "Car seat mirror",
    "Nail clippers",
]
_GRID = _BINGO_GIFTS[:12] + ["FREE"] + _BINGO_GIFTS[12:]

ANSWERS = {
    "p01": _RECIPES_SQL,
    "p02": _BOOKS_SQL,
    "p03": _CALC_MAKE,
    "p04": _PYPROJECT,
    "p05": (
        "```gitignore\n# dependencies\nnode_modules/\n\n# build output\ndist/\n\n"
        "# test coverage\ncoverage/\n\n"
        "# environment files (keep the example)\n.env\n.env.*\n!.env.example\n\n# logs\n*.log\nlogs/\n\n"
        "# macOS\n.DS_Store\n```"
    ),
    "p06": (
        "```\nUser-agent: *\nDisallow: /cart/\nDisallow: /checkout/\nDisallow: /account/\n\n"
        "User-agent: GPTBot\nDisallow: /\n\nUser-agent: CCBot\nDisallow: /\n\n"
        "Sitemap: https://shop.example.com/sitemap.xml\n```"
    ),
    "p07": (
        "Save this as /etc/systemd/system/plantbot.service:\n\n```ini\n[Unit]\n"
        "Description=Telegram plant bot\n"
        "After=network-online.target\nWants=network-online.target\n\n[Service]\nType=simple\nUser=pi\n"
        "WorkingDirectory=/opt/plantbot\nExecStart=/opt/plantbot/venv/bin/python /opt/plantbot/bot.py\n"
        "Restart=on-failure\nRestartSec=5\n\n[Install]\nWantedBy=multi-user.target\n```\n\n"
        "Then run `sudo systemctl enable --now plantbot`."
    ),
    "p08": (
        "```latex\n\\documentclass[11pt]{article}\n\\usepackage{amsmath}\n\\usepackage{graphicx}\n"
        "\\usepackage{siunitx}\n\n\\title{Lab Report}\n\\author{Your Name}\n\\date{\\today}\n\n"
        "\\begin{document}\n\\maketitle\n\n\\section{Introduction}\nAim of the experiment.\n\n"
        "\\section{Method}\nWe heated \\SI{200}{\\milli\\litre} of water.\n\n\\section{Results}\n"
        "\\begin{figure}[htbp]\n  \\centering\n  \\includegraphics[width=0.7\\textwidth]{example-image}\n"
        "  \\caption{Placeholder figure.}\n  \\label{fig:placeholder}\n\\end{figure}\n\n"
        "\\section{Discussion}\nWhat the results mean.\n\n\\end{document}\n```"
    ),
    "p09": (
        "```bibtex\n@book{kahneman2011thinking,\n  author    = {Kahneman, Daniel},\n"
        "  title     = {Thinking, Fast and Slow},\n  publisher = {Farrar, Straus and Giroux},\n"
        "  address   = {New York},\n  year      = {2011}\n}\n\n@article{tversky1974judgment,\n"
        "  author  = {Tversky, Amos and Kahneman, Daniel},\n"
        "  title   = {Judgment under Uncertainty: Heuristics and Biases},\n  journal = {Science},\n"
        "  volume  = {185},\n  number  = {4157},\n  pages   = {1124--1131},\n  year    = {1974}\n}\n\n"
        "@book{thaler2008nudge,\n  author    = {Thaler, Richard H. and Sunstein, Cass R.},\n"
        "  title     = {Nudge: Improving Decisions About Health, Wealth, and Happiness},\n"
        "  publisher = {Yale University Press},\n  address   = {New Haven},\n  year      = {2008}\n}\n```"
    ),
    "p10": (
        "the first frost came in the night,\nit silvered every cabbage leaf,\n"
        "the leeks stood stiff and white,\nthe dahlias hung their heads in grief.\n"
        "so bring the last squash in today,\nand dream of spring, not far away."
    ),
    "p11": _FAMILY,
    "p12": _NETWORK,
    "p13": "```\n" + "\n\n".join(f"{i}\n{a} --> {b}\n{t}" for i, (a, b, t) in enumerate(_SUBS, 1)) + "\n```",
    "p14": (
        "```html\n<title>Clay &amp; Kiln | Beginner Pottery Classes in Portland</title>\n"
        '<meta name="description" content="Learn wheel-throwing at Clay &amp; Kiln in Portland. Small, '
        'friendly beginner pottery classes with all clay, tools and firing included.">\n```'
    ),
    "p15": (
        "Forty years ago, on a tram in Lisbon, Mum dropped her map and Dad picked it up. He has been "
        "helping her find her way ever since, and she has been making sure he never forgets the way home. "
        "You taught us that love is patience, good food and laughing at yourself. So please raise your "
        "glasses: to Mum and Dad, to forty years, and to many more."
    ),
    "p16": (
        '<a href="mailto:volunteers@northsidepantry.org?subject=Volunteer%20sign-up&amp;'
        'body=Hi%2C%20I%27d%20like%20to%20help%20on">Volunteer with us</a>'
    ),
    "p17": (
        "Pattern (repeat for each chord):\n\n```\n"
        "   C               Am              F               G\n"
        "e|-------0-------|-------0-------|-------1-------|-------3-------|\n"
        "B|-----1---1-----|-----1---1-----|-----1---1-----|-----0---0-----|\n"
        "G|---0-------0---|---2-------2---|---2-------2---|---0-------0---|\n"
        "D|---------------|---------------|-3-------------|---------------|\n"
        "A|-3-------------|-0-------------|---------------|---------------|\n"
        "E|---------------|---------------|---------------|-3-------------|\n```"
    ),
    "p18": "#1F2933 on #FFFFFF\n#FFFFFF on #1A5FB4\n#3D2B1F on #F5EBDD\n#F8F8F2 on #272822",
    "p19": (
        "Bread flour - 450 g - 90%\nWhole wheat flour - 50 g - 10%\nWater - 350 g - 70%\n"
        "Active starter - 100 g - 20%\nSalt - 10 g - 2%"
    ),
    "p20": (
        "| Tip | Tip amount | Total |\n|---|---|---|\n| 15% | $12.96 | $99.36 |\n| 18% | $15.55 | $101.95 |\n"
        "| 20% | $17.28 | $103.68 |\n| 25% | $21.60 | $108.00 |"
    ),
    "p21": (
        "1. What was your first job?\n2. Which app could you not live without?\n"
        "3. What's the best trip you've ever taken?\n4. What skill would you love to learn this year?\n"
        "5. What's your go-to comfort food?\n"
        "6. If you could swap jobs with anyone here for a day, who would it be?"
    ),
    "p22": "\n".join(f"8 × {i} = {8 * i}" for i in range(1, 13)),
    "p23": "Gur nafjre vf n pnaqyr, vg trgf fubegre gur ybatre vg yvirf.",
    "p24": "G = 01000111\nR = 01010010\nA = 01000001\nC = 01000011\nE = 01000101",
    "p25": (
        "listen - silent\nevil - vile\nnight - thing\nelbow - below\nangel - glean\nstate - taste\n"
        "heart - earth\ndusty - study"
    ),
    "p26": "Here are five:\n- tears\n- rates\n- aster\n- taser\n- treas",
    "p27": "| B | I | N | G | O |\n|---|---|---|---|---|\n"
    + "\n".join("| " + " | ".join(_GRID[r * 5 : r * 5 + 5]) + " |" for r in range(5)),
    "p28": (
        "**Table 1:** Ahmed, Lina, Rob, Sofia\n**Table 2:** Kate, Ben, Priya, Tom\n"
        "**Table 3:** Grace, Leo, Hannah, Yusuf\n\n"
        "Rob and Kate are at different tables, and Ahmed sits with Lina."
    ),
    "p29": (
        "| Week | Kitchen | Bathroom | Hoovering | Bins |\n|---|---|---|---|---|\n"
        "| Week 1 | Jess | Tom | Priya | Lu |\n| Week 2 | Tom | Priya | Lu | Jess |\n"
        "| Week 3 | Priya | Lu | Jess | Tom |\n| Week 4 | Lu | Jess | Tom | Priya |"
    ),
    "p30": (
        "Our bamboo toothbrush has a biodegradable handle and soft charcoal-infused bristles. It cleans "
        "gently and feels good in the hand. When it wears out, the handle can go in your compost."
    ),
    "p31": (
        "- Thursday, January 7, 2027\n- Thursday, January 21, 2027\n- Thursday, February 4, 2027\n"
        "- Thursday, February 18, 2027\n- Thursday, March 4, 2027\n- Thursday, March 18, 2027"
    ),
    "p32": "2027-05-12\n2027-05-22\n2027-06-01\n2027-06-11\n2027-06-21\n2027-07-01\n2027-07-11\n2027-07-21",
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
        asked = [c for c in r["checks"] if c["check"] in TEST11_CHECKS]
        for rid, text in ANSWERS.items():
            if asked and rid != r["id"]:
                met += all(S.check(c, text) for c in asked)
                pairs += 1
    assert met / pairs < 0.05, met


# ------------------------------------------------------------------ the generator


def _before_test12(task):
    """data.jsonl as it was before the test12 to test18 rows were appended after test11's."""
    later = tuple(
        f'"split": "{s}"' for s in ("test12", "test13", "test14", "test15", "test16", "test17", "test18")
    )
    return "".join(
        ln for ln in task.data_path.read_text().splitlines(True) if not any(s in ln for s in later)
    )


def test_data_jsonl_ends_with_the_generators_test11_rows(task):
    text = _before_test12(task)
    assert text.endswith(generic_test11.render())
    tail = text.splitlines()[-60:]
    assert [json.loads(ln)["split"] for ln in tail] == ["test11"] * 60
    assert '"split": "test11"' not in text[: len(text) - len(generic_test11.render())]
    before = text[: len(text) - len(generic_test11.render())]
    assert before.endswith(generic_test10.render())  # right after test10's rows


def test_the_generator_keeps_every_other_line(task, tmp_path, monkeypatch):
    data = tmp_path / "data.jsonl"
    original = _before_test12(task)
    older = original[: len(original) - len(generic_test11.render())]
    monkeypatch.setattr(generic_test11, "DATA", data)
    for start in (older, original, older + '{"id": "p99", "kind": "everyday", "split": "test11"}\n'):
        data.write_text(start)
        generic_test11.main()
        assert data.read_text() == original
    first, rest = older.split("\n", 1)  # a test11 line out of place is dropped, the rows written once
    data.write_text(first + "\n" + generic_test11.render() + rest)
    generic_rows.rewrite(data, generic_test11.SPLIT, generic_test11.render())
    assert data.read_text() == original
