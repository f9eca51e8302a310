"""The generic task's test17 rows (j01-j60, written blind to the observers) and the scorer parts
written for them: the check kinds of TEST17_CHECKS (each on passing and failing
answers, and refusing bad parameters), a hand-written answer meeting every constraint row, every
reference passing its hidden tests and its shown examples, no shown example among the hidden
tests, the shown tests never counting, and the generator keeping every other line of data.jsonl
as it is, test17 right before test18 (no engine)."""

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
from selfrefine.tasks.generic.test14_kinds import TEST14_CHECKS
from selfrefine.tasks.generic.test15_kinds import TEST15_CHECKS
from selfrefine.tasks.generic.test16_kinds import TEST16_CHECKS
from selfrefine.tasks.generic.test17_kinds import TEST17_CHECKS
from selfrefine.tasks.tools import generic_rows, generic_test16, generic_test17
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
    *TEST8_CHECKS, *TEST9_CHECKS, *TEST10_CHECKS, *TEST11_CHECKS, *TEST12_CHECKS, *TEST13_CHECKS,
    *TEST14_CHECKS, *TEST15_CHECKS, *TEST16_CHECKS,
}  # fmt: skip


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:test17")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows() if r["split"] == "test17"}


# ------------------------------------------------------------------ the rows


def test_rows_are_the_generators_in_order(by_id):
    rows = generic_test17.rows()
    assert list(by_id) == [f"j{i:02d}" for i in range(1, 61)] == [r["id"] for r in rows]
    assert list(by_id.values()) == json.loads(json.dumps(rows))
    kinds = [r["kind"] for r in rows]
    assert kinds == ["constraints"] * 32 + ["function"] * 22 + ["everyday"] * 6
    assert len({r["request"] for r in rows}) == 60


def test_test17_follows_test16_in_the_file_and_its_requests_are_new():
    every = registry.load("generic:all").rows()
    assert len(every) == 1182
    assert Counter(r["split"] for r in every)["test17"] == 60
    test16 = registry.load("generic:test16").rows()
    assert every[-180:-120] == test16 and [r["split"] for r in every[-120:-60]] == ["test17"] * 60
    # test18 (tests/test_generic_test18.py) follows test17 at the end of the file
    assert [r["split"] for r in every[-60:]] == ["test18"] * 60
    # no request repeats an older one (only ids are shown when one does, never the texts)
    seen, ids = Counter(r["request"] for r in every), Counter(r["id"] for r in every)
    assert [r["id"] for r in every if seen[r["request"]] > 1] == []
    assert [i for i, n in ids.items() if n > 1] == []
    older = {r["entry"] for r in every if r["kind"] == "function" and r["split"] != "test17"}
    mine = [r["entry"] for r in every if r["kind"] == "function" and r["split"] == "test17"]
    assert len(set(mine)) == 22 and not set(mine) & older


def test_constraint_rows_use_the_new_kinds(by_id):
    assert_constraint_rows_use(by_id, TEST17_CHECKS, OLDER)


def test_the_new_kinds_are_new_and_reached_through_the_scorer():
    assert_new_kinds_reached(TEST17_CHECKS, OLDER)


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
        "j55": ("A leap year has 366 days.", "A year has 365 days."),
        "j56": ("The capital of Canada is Ottawa.", "It's Toronto."),
        "j57": ("One inch is 2.54 cm.", "About 2.5 cm."),
        "j58": ("Mercury is the closest planet to the sun.", "Venus is the hottest planet."),
        "j59": ("7 × 8 = 56", "7 × 8 = 54"),
        "j60": ("A hexagon has six sides.", "A pentagon has 5 sides."),
    }
    for rid, (good, bad) in right.items():
        assert by_id[rid]["kind"] == "everyday"
        assert scorer.score(by_id[rid], good)["score"] == 1.0, rid
        assert scorer.score(by_id[rid], bad)["score"] == 0.0, rid


# ------------------------------------------------------------------ the new kinds

_EC = (
    "root = true\n\n[*]\nindent_style = space\nindent_size = 2\n\n[*.py]\nindent_size = 4\n\n"
    "[Makefile]\nindent_style = tab"
)
_GA = "* text=auto\n*.sh text eol=lf\n*.png binary"
_CORS = (
    "Access-Control-Allow-Origin: https://a.example\nAccess-Control-Allow-Methods: GET, POST, OPTIONS\n"
    "Access-Control-Allow-Headers: Authorization, Content-Type\nAccess-Control-Allow-Credentials: true\n"
    "Access-Control-Max-Age: 600"
)
_CORS_JS = (
    "```js\nres.setHeader('Access-Control-Allow-Origin', 'https://a.example');\n"
    "res.setHeader('Access-Control-Allow-Methods', 'GET,POST');\n"
    "res.setHeader('Access-Control-Allow-Headers', 'Authorization');\n"
    "res.setHeader('Access-Control-Allow-Credentials', 'true');\n"
    "res.setHeader('Access-Control-Max-Age', '600');\n```"
)
_RS = "rsync -av --delete --exclude='*.tmp' src/ /backup/src/"
_AP = (
    '```python\nimport argparse\n\nparser = argparse.ArgumentParser()\nparser.add_argument("path")\n'
    'parser.add_argument("-o", "--out")\nparser.add_argument("--dry-run", action="store_true")\n'
    "print(parser.parse_args())\n```"
)
_PT = (
    "```python\nimport pytest\n\nfrom mymod import clamp\n\n\ndef test_inside():\n"
    "    assert clamp(5, 0, 10) == 5\n\n\ndef test_bad_bounds():\n    with pytest.raises(ValueError):\n"
    "        clamp(1, 5, 0)\n```"
)
_UL = (
    '<ul>\n  <li><a href="/">Home</a></li>\n  <li><a href="/about">About</a></li>\n'
    '  <li><a href="/contact">Contact</a></li>\n</ul>'
)
_MENU = "Monday: Lentil curry\nTuesday: Veggie tacos\nWednesday: Pesto pasta"

# kind: (params, answers that meet it, answers that do not)
KIND_CASES = {
    "status_codes": (
        {"codes": {"200": ["ok"], "404": ["not found"]}},
        [
            "200 OK\n404 Not Found",
            "- Not found → **404**\n- OK: 200",
            "| Case | Code |\n|---|---|\n| OK | 200 |\n| Not found | 404 |",
        ],
        ["200 OK\n400 Not Found", "200 OK", "OK\nNot found\n200 404", "2000 OK\n404 Not Found"],
    ),
    "default_ports": (
        {"ports": {"22": ["SSH"], "5432": ["PostgreSQL", "Postgres"]}},
        ["SSH: 22\nPostgreSQL: 5432", "- Postgres → 5432/tcp\n- ssh → 22"],
        ["SSH: 2222\nPostgreSQL: 5432", "SSH: 22", "SSH: 22\nMySQL: 5432"],
    ),
    "mime_types": (
        {"types": {".svg": ["image/svg+xml"], ".js": ["text/javascript", "application/javascript"]}},
        [
            ".svg → image/svg+xml\n.js → text/javascript",
            "- SVG: `image/svg+xml`\n- JS: application/javascript",
        ],
        [
            ".svg → image/svg\n.js → text/javascript",
            ".svg → image/svg+xml",
            ".svg → image/svg+xml\n.css → text/javascript",
            ".svg: image/svg+xml\n.js: text/javascripts",
        ],
    ),
    "unicode_codepoints": (
        {"chars": ["é", "€"]},
        ["é — U+00E9\n€ — U+20AC", "| é | u+00e9 |\n| € | U+20AC |"],
        ["é — U+00E8\n€ — U+20AC", "é U+00E9", "U+00E9\nU+20AC"],
    ),
    "html_entities": (
        {"chars": {"copyright": "©", "em dash": "—"}},
        ["Copyright: &copy;\nEm dash: &mdash;", "© → &#169;\n— → &#x2014;"],
        ["Copyright: &copy\nEm dash: &mdash;", "Copyright: &reg;\nEm dash: &mdash;", "Copyright: &copy;"],
    ),
    "roman_numerals": (
        {"numbers": [1999, 44]},
        ["1999 = MCMXCIX\n44 = XLIV", "- 1999 → **mcmxcix**\n- 44 → XLIV"],
        ["1999 = MIM\n44 = XLIV", "1999 = MCMXCIX\n44 = XXXXIV", "MCMXCIX\nXLIV"],
    ),
    "prime_factorizations": (
        {"numbers": [360, 1001]},
        [
            "360 = 2³ × 3² × 5\n1001 = 7 × 11 × 13",
            "360 = 2^3 * 3^2 * 5\n1001: 7 x 11 x 13",
            "- **360** = 2 × 2 × 2 × 3 × 3 × 5\n- 1001 = 7·11·13",
            "360 = 2**3 * 3**2 * 5\n1001 = 7 × 11 × 13",
        ],
        [
            "360 = 2³ × 3² × 5\n1001 = 7 × 143",
            "360 = 8 × 45\n1001 = 7 × 11 × 13",
            "360 = 2³ × 3 × 5\n1001 = 7 × 11 × 13",
            "1001 = 7 × 11 × 13",
        ],
    ),
    "leap_years": (
        {"start": 1990, "end": 2010},
        [
            "1992, 1996, 2000, 2004, 2008",
            "Leap years from 1990 to 2010:\n- 1992\n- 1996\n- 2000 (divisible by 400)\n- 2004\n- 2008",
        ],
        ["1992, 1996, 2004, 2008", "1992, 1996, 1998, 2000, 2004, 2008", "1992, 1996, 2000, 2004"],
    ),
    "simplified_ratios": (
        {"pairs": [[1920, 1080], [1280, 1024]]},
        ["1920x1080 → 16:9\n1280x1024 → 5:4", "| 1920 × 1080 | 16 to 9 |\n| 1280 × 1024 | 5:4 |"],
        [
            "1920x1080 → 32:18\n1280x1024 → 5:4",
            "1920x1080 → 16:9",
            "16:9\n5:4",
            "1920x1080 → 16:9\n1280x1024 → 4:5",
        ],
    ),
    "summary_stats": (
        {"values": [2, 4, 4, 5, 10], "stats": ["mean", "median", "mode", "range"]},
        [
            "Mean: 5\nMedian: 4\nMode: 4\nRange: 8",
            "The average is 5.00, the median 4 and the mode 4; the range is 10 - 2 = 8.",
        ],
        [
            "Mean: 5.2\nMedian: 4\nMode: 4\nRange: 8",
            "Mean: 5\nMedian: 5\nMode: 4\nRange: 8",
            "Mean: 5\nMedian: 4\nMode: 4",
        ],
    ),
    "macro_grams": (
        {"calories": 2000, "split": {"protein": 30, "carbs": 40, "fat": 30}},
        [
            "Protein: 150 g\nCarbs: 200 g\nFat: 67 g",
            "- Protein 30% = 600 kcal = 150g\n- Carbohydrates 40% = 800 kcal = 200 grams\n"
            "- Fat 30% = 600 kcal = 66.7 g",
        ],
        [
            "Protein: 150 g\nCarbs: 200 g\nFat: 150 g",
            "Protein: 600 kcal\nCarbs: 800 kcal\nFat: 600 kcal",
            "Protein: 150 g\nCarbs: 200 g",
        ],
    ),
    "seeded_bracket": (
        {"teams": ["Ann", "Bo", "Cy", "Di"]},
        ["1. Ann vs 4. Di\n2. Bo vs 3. Cy", "Match 1: Bo v Cy\nMatch 2: Di v Ann"],
        ["Ann vs Bo\nCy vs Di", "Ann vs Di", "Ann vs Di\nBo vs Cy\nFinal: Ann vs Bo"],
    ),
    "weekly_menu": (
        {"days": ["Monday", "Tuesday", "Wednesday"]},
        [
            _MENU,
            "**Monday**\nLentil curry\n\n**Tuesday**\nVeggie tacos\n\n**Wednesday**\nPesto pasta",
            "| Day | Dinner |\n|---|---|\n| Mon | Lentil curry |\n| Tue | Tacos |\n| Wed | Pasta |",
        ],
        [
            _MENU.replace("Veggie tacos", "Lentil curry"),
            "Monday: Lentil curry\nWednesday: Pasta\nTuesday: Tacos",
            "Monday: Lentil curry\nTuesday: Tacos",
            "Monday: Lentil curry\nTuesday:\nWednesday: Pasta",
        ],
    ),
    "glob_patterns": (
        {"match": ["a1.log", "b22.log"], "no_match": ["a1.txt", "notes.log.bak"]},
        ["Use `*.log`.", "```\n*.log\n```", "`[ab]*.log`"],
        ["Use `*`.", "Use *.log without backticks", "`*.{log,txt}`"],
    ),
    "percent_encoded": (
        {"strings": ["a b&c", "é"]},
        ["a%20b%26c and %C3%A9", "`a+b%26c`, `%c3%a9`"],
        ["a b&c and é", "a%20b&c and %C3%A9", "a%20b%26c and %E9"],
    ),
    "editorconfig": (
        {
            "root": "true",
            "files": {
                "a.py": {"indent_size": "4", "indent_style": "space"},
                "Makefile": {"indent_style": "tab"},
            },
        },
        [f"```ini\n{_EC}\n```", _EC.replace("[*.py]", "[*.{py,pyi}]")],
        [
            _EC.replace("root = true\n\n", ""),
            _EC.replace("indent_size = 4", "indent_size = 3"),
            _EC.replace("[Makefile]", "[makefile]"),
            _EC.replace("[*.py]\nindent_size = 4\n\n", ""),
        ],
    ),
    "gitattributes": (
        {
            "files": {
                "x.sh": {"eol": "lf"},
                "y.png": {"text": "unset", "diff": "unset"},
                "z.md": {"text": "auto"},
            }
        },
        [_GA, "```gitattributes\n* text=auto\n*.sh eol=lf\n*.png -text -diff\n```"],
        [
            _GA.replace("eol=lf", "eol=crlf"),
            _GA.replace("*.png binary", "*.png -text"),
            _GA.replace("* text=auto\n", ""),
            _GA.replace("*.png", "*.PNG"),
        ],
    ),
    "cors_headers": (
        {
            "origin": "https://a.example",
            "methods": ["GET", "POST"],
            "headers": ["Authorization"],
            "credentials": "true",
            "max_age": 600,
        },
        [_CORS, _CORS_JS],
        [
            _CORS.replace("https://a.example", "*"),
            _CORS.replace("GET, POST", "GET, POST, PUT"),
            _CORS.replace("Authorization, ", ""),
            _CORS.replace("true", "false"),
            _CORS.replace("600", "86400"),
        ],
    ),
    "rsync_command": (
        {"source": "src/", "dest": "/backup/src", "flags": ["archive", "delete"], "exclude": ["*.tmp"]},
        [_RS, "```bash\nrsync --archive --delete-after \\\n  --exclude '*.tmp' src/ /backup/src\n```"],
        [
            _RS.replace("src/ /", "src /"),
            _RS.replace(" --delete", ""),
            _RS.replace("-av", "-rv"),
            _RS.replace("/backup/src/", "/backup/other/"),
            _RS.replace("'*.tmp'", "'*.bak'"),
        ],
    ),
    "tar_command": (
        {"mode": "create", "archive": "out.tar.gz", "sources": ["docs"], "compression": "gzip"},
        [
            "tar -czvf out.tar.gz docs/",
            "tar czf out.tar.gz docs",
            "tar --create --gzip --file=out.tar.gz docs",
            "tar -caf out.tar.gz docs",
        ],
        [
            "tar -cvf out.tar.gz docs",
            "tar -cjf out.tar.gz docs",
            "tar -xzf out.tar.gz",
            "tar -czf out.tgz docs",
            "tar -czf out.tar.gz docs notes",
        ],
    ),
    "ssh_keygen_command": (
        {"type": "ed25519", "comment": "me@example.com", "file": "~/.ssh/id_work"},
        [
            'ssh-keygen -t ed25519 -C "me@example.com" -f ~/.ssh/id_work',
            "```\nssh-keygen -f ~/.ssh/id_work -t ed25519 -C me@example.com\n```",
        ],
        [
            "ssh-keygen -t rsa -C me@example.com -f ~/.ssh/id_work",
            "ssh-keygen -t ed25519 -f ~/.ssh/id_work",
            "ssh-keygen -t ed25519 -C me@example.com",
            "ssh-keygen -t ed25519 -C you@example.com -f ~/.ssh/id_work",
        ],
    ),
    "argparse_flags": (
        {"flags": ["--out", "--dry-run"], "positional": ["path"], "store_true": ["--dry-run"]},
        [_AP, _AP.replace('"-o", "--out"', '"--out", "-o", type=str')],
        [
            _AP.replace(', action="store_true"', ""),
            _AP.replace('"--out"', '"--output"'),
            _AP.replace('parser.add_argument("path")\n', ""),
            _AP.replace("argparse.ArgumentParser()", "make_parser()"),
            "Use argparse with --out and --dry-run.",
        ],
    ),
    "pytest_functions": (
        {"n": 2, "function": "clamp"},
        [
            _PT,
            "```python\nclass TestClamp:\n    def test_low(self):\n        assert clamp(-1, 0, 3) == 0\n\n"
            "    def test_high(self):\n        assert clamp(9, 0, 3) == 3\n```",
        ],
        [
            _PT.replace("def test_inside", "def check_inside"),
            _PT.replace("    assert clamp(5, 0, 10) == 5", "    clamp(5, 0, 10)"),
            _PT.replace("assert clamp(5, 0, 10) == 5", "assert max(1, 2) == 2"),
            _PT.replace("\n```", "\n\n\ndef test_zero():\n    assert clamp(0, 0, 0) == 0\n```"),
        ],
    ),
    "html_list": (
        {"n": 3, "ordered": "false", "links": "true", "items": ["Home"]},
        [_UL, f"```html\n<nav>\n{_UL}\n</nav>\n```"],
        [
            _UL.replace("ul>", "ol>"),
            _UL.replace('<a href="/">Home</a>', "Home"),
            _UL.replace("</li>\n</ul>", '</li>\n  <li><a href="/x">X</a></li>\n</ul>'),
            _UL.replace("Home", "Start"),
            _UL.replace("</ul>", ""),
        ],
    ),
}

# kind: parameter sets each refused, whatever the answer
BAD_PARAMS = {
    "status_codes": [
        {},
        {"codes": {}},
        {"codes": {"200": []}},
        {"codes": {"999": ["x"]}},
        {"codes": {"200": "ok"}},
    ],
    "default_ports": [
        {},
        {"ports": {}},
        {"ports": {"0": ["x"]}},
        {"ports": {"70000": ["x"]}},
        {"ports": {"ssh": ["22"]}},
    ],
    "mime_types": [
        {},
        {"types": {}},
        {"types": {"svg": ["image/svg+xml"]}},
        {"types": {".svg": "image/svg+xml"}},
        {"types": {".svg": ["svg"]}},
    ],
    "unicode_codepoints": [{}, {"chars": ["ab"]}, {"chars": [" "]}, {"chars": "é"}],
    "html_entities": [{}, {"chars": {}}, {"chars": {"copyright": "(c)"}}, {"chars": ["©"]}],
    "roman_numerals": [
        {},
        {"numbers": []},
        {"numbers": [0]},
        {"numbers": [4000]},
        {"numbers": ["12"]},
        {"numbers": [1.5]},
    ],
    "prime_factorizations": [{}, {"numbers": [7]}, {"numbers": [1]}, {"numbers": []}, {"numbers": ["12"]}],
    "leap_years": [
        {},
        {"start": 2000},
        {"start": 2010, "end": 2000},
        {"start": 1000, "end": 1100},
        {"start": 1600, "end": 2100},
        {"start": "1990", "end": "2010"},
    ],
    "simplified_ratios": [
        {},
        {"pairs": []},
        {"pairs": [[16]]},
        {"pairs": [[0, 9]]},
        {"pairs": [["16", "9"]]},
        {"pairs": [[1.5, 2]]},
    ],
    "summary_stats": [
        {},
        {"values": [1], "stats": ["mean"]},
        {"values": [1, 2], "stats": ["average"]},
        {"values": [1, 2, 3], "stats": ["mode"]},
        {"values": [1, 1, 2, 2], "stats": ["mode"]},
        {"values": [1, 2], "stats": ["mean"], "decimals": 5},
        {"values": [1, 2]},
    ],
    "macro_grams": [
        {},
        {"calories": 2000, "split": {"protein": 30, "carbs": 70}},
        {"calories": 2000, "split": {"protein": 30, "carbs": 40, "fat": 20}},
        {"calories": 0, "split": {"protein": 30, "carbs": 40, "fat": 30}},
        {"calories": 2000, "split": {"protein": 30, "carbs": 40, "fibre": 30}},
    ],
    "seeded_bracket": [{}, {"teams": ["A", "B", "C"]}, {"teams": ["A", "B", "C", "a"]}, {"teams": "A B C D"}],
    "weekly_menu": [{}, {"days": ["Monday"]}, {"days": ["Monday", "Funday"]}, {"days": ["Monday", "monday"]}],
    "glob_patterns": [
        {},
        {"match": ["a.log"]},
        {"match": ["a.log"], "no_match": ["a.log"]},
        {"match": [], "no_match": ["b"]},
    ],  # fmt: skip
    "percent_encoded": [{}, {"strings": []}, {"strings": "a b"}],
    "editorconfig": [
        {},
        {"files": {}},
        {"files": {"a.py": {}}},
        {"files": {"a.py": {"indent_size": 4}}},
        {"files": {"a.py": {"indent_size": "4"}}, "root": "yes"},
    ],
    "gitattributes": [{}, {"files": {}}, {"files": {"a.sh": {"eol": ""}}}, {"files": {"a.sh": "eol=lf"}}],
    "cors_headers": [
        {},
        {"origin": "a.example", "methods": ["GET"]},
        {"origin": "https://a.example"},
        {"origin": "https://a.example", "methods": ["GET"], "credentials": "yes"},
        {"origin": "https://a.example", "methods": ["GET"], "max_age": 0},
    ],
    "rsync_command": [
        {},
        {"source": "a/"},
        {"source": "a/", "dest": "b", "flags": ["-a"]},
        {"source": "a/", "dest": "b", "exclude": "*.tmp"},
    ],
    "tar_command": [
        {},
        {"archive": "a.tar", "mode": "pack", "sources": ["x"]},
        {"archive": "a.tar", "mode": "create"},
        {"archive": "a.tar", "mode": "extract", "sources": ["x"]},
        {"archive": "a.tar", "mode": "create", "sources": ["x"], "compression": "rar"},
        {"archive": "a.tar", "mode": "create", "sources": ["x"], "directory": "d"},
    ],
    "ssh_keygen_command": [{}, {"type": "dsa"}, {"type": "rsa", "bits": 512}, {"type": "rsa", "comment": ""}],
    "argparse_flags": [
        {},
        {"flags": ["out"]},
        {"flags": ["--out"], "store_true": ["--dry-run"]},
        {"flags": []},
    ],
    "pytest_functions": [{}, {"n": 0}, {"n": "2"}, {"n": 2, "function": ""}],
    "html_list": [{}, {"n": 0}, {"n": 3, "ordered": "yes"}, {"n": 3, "links": "1"}, {"n": 3, "items": []}],
}


def test_every_new_kind_has_cases():
    assert set(KIND_CASES) == set(TEST17_CHECKS) == set(BAD_PARAMS)


@pytest.mark.parametrize("kind", sorted(TEST17_CHECKS))
def test_each_new_kind_on_passing_and_failing_answers(kind):
    params, good, bad = KIND_CASES[kind]
    c = {"check": kind, **params}
    for text in good:
        assert S.check(c, text) is True, (kind, text)
    for text in bad:
        assert S.check(c, text) is False, (kind, text)
    for text in ("", "   ", "... !!! ???", "- \n* \n#"):  # no word meets none
        assert S.check(c, text) is False, (kind, text)


@pytest.mark.parametrize("kind", sorted(TEST17_CHECKS))
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
    # editorconfig: a later section wins, so [*] after [*.py] undoes its indent size
    ec = {"check": "editorconfig", "files": {"a.py": {"indent_size": "4"}}}
    assert check(ec, "[*]\nindent_size = 2\n[*.py]\nindent_size = 4")
    assert not check(ec, "[*.py]\nindent_size = 4\n[*]\nindent_size = 2")
    # leap_years: the span's own ends may be named even when they are not leap years
    leap = {"check": "leap_years", "start": 1897, "end": 1905}
    assert check(leap, "From 1897 to 1905: 1904 only.") and not check(leap, "1904 (1900 was not one)")
    # percent_encoded: a space as + counts, an unescaped reserved character does not
    pe = {"check": "percent_encoded", "strings": ["x y=z"]}
    assert check(pe, "x+y%3Dz") and check(pe, "x%20y%3dz") and not check(pe, "x%20y=z")
    # tar_command: extracting needs no compression flag, and -C sets the folder
    tx = {"check": "tar_command", "mode": "extract", "archive": "a.tar.gz", "directory": "/opt/app"}
    assert check(tx, "tar -xf a.tar.gz -C /opt/app/") and not check(tx, "tar -xf a.tar.gz")
    # seeded_bracket: a line naming more than two teams is no match
    sb = {"check": "seeded_bracket", "teams": ["A1", "B2", "C3", "D4"]}
    assert check(sb, "A1 vs D4\nB2 vs C3\nWinners of A1/D4 and B2/C3 meet in the final")
    # cors_headers: a table's cells and bold names, a note after the value
    cors = {"check": "cors_headers", "origin": "https://a.example", "methods": ["GET"], "max_age": 600}
    table = (
        "| Header | Value |\n|---|---|\n| Access-Control-Allow-Origin | https://a.example |\n"
        "| Access-Control-Allow-Methods | GET |\n| **Access-Control-Max-Age** | 600 (10 minutes) |"
    )
    assert check(cors, table) and not check(cors, table.replace("600", "60"))
    # weekly_menu: a title naming a span of days is no day of the menu; a dish may name its day
    menu = {"check": "weekly_menu", "days": ["Saturday", "Sunday"]}
    assert check(menu, "**Saturday–Sunday plan**\nSaturday: Pizza\nSunday - Sunday roast")
    assert check(menu, "Saturday to Sunday:\n- Saturday: Pizza\n- Sunday: Roast")
    # prime_factorizations: a number's own line, after the number
    pf = {"check": "prime_factorizations", "numbers": [12]}
    assert check(pf, "12 = 2^2 × 3") and not check(pf, "2^2 × 3 = 12") and not check(pf, "12 = 4 × 3")


# ------------------------------------------------------------------ a hand-written answer per row

ANSWERS = {
    "j01": (
        "- New order created: **201 Created**\n- Book ID doesn't exist: **404 Not Found**\n"
        "- Not logged in: **401 Unauthorized**\n- Logged in but not allowed: **403 Forbidden**\n"
        "- Rate limit hit: **429 Too Many Requests**"
    ),
    "j02": "Moved Permanently: 301\nNot Modified: 304\nBad Gateway: 502\nService Unavailable: 503",
    "j03": "- SSH: 22\n- HTTPS: 443\n- PostgreSQL: 5432\n- Redis: 6379\n- MySQL: 3306",
    "j04": "- .webp: image/webp\n- .svg: image/svg+xml\n- .woff2: font/woff2\n- .json: application/json\n"
    "- .mp4: video/mp4",
    "j05": (
        "| Character | Code point |\n|---|---|\n| é | U+00E9 |\n| ß | U+00DF |\n| € | U+20AC |\n"
        "| ✓ | U+2713 |\n| 😀 | U+1F600 |"
    ),
    "j06": (
        "- Copyright sign ©: `&copy;`\n- Em dash —: `&mdash;`\n- Non-breaking space: `&nbsp;`\n"
        "- Euro sign €: `&euro;`"
    ),
    "j07": "- 2027 → MMXXVII\n- 1999 → MCMXCIX\n- 2048 → MMXLVIII\n- 1984 → MCMLXXXIV",
    "j08": "360 = 2³ × 3² × 5\n1001 = 7 × 11 × 13\n2310 = 2 × 3 × 5 × 7 × 11",
    "j09": "84 = 2² × 3 × 7\n9240 = 2³ × 3 × 5 × 7 × 11",
    "j10": "1988, 1992, 1996, 2000, 2004, 2008, 2012, 2016, 2020, 2024, 2028, 2032",
    "j11": (
        '- 1920x1080 → 16:9\n- 1280x1024 → 5:4\n- 2560x1080 → 64:27 (marketed as "21:9")\n'
        "- 1440x900 → 8:5 (often called 16:10)"
    ),
    "j12": "Mean: 9,285.7 steps\nMedian: 9,100 steps\nMode: 10,450 steps (it came up twice)",
    "j13": (
        "- Protein: 30% of 2,400 = 720 kcal ÷ 4 = 180 g\n- Carbs: 40% = 960 kcal ÷ 4 = 240 g\n"
        "- Fat: 30% = 720 kcal ÷ 9 = 80 g"
    ),
    "j14": "1 Hawks vs 8 Badgers\n2 Otters vs 7 Lynx\n3 Foxes vs 6 Owls\n4 Bears vs 5 Wolves",
    "j15": (
        "Monday: Chickpea and spinach curry\nTuesday: Mushroom risotto\nWednesday: Black bean tacos\n"
        "Thursday: Halloumi traybake\nFriday: Homemade margherita pizza"
    ),
    "j16": (
        "- Monday: ham and cheese wraps\n- Tuesday: pasta salad\n- Wednesday: hummus and veggie sticks\n"
        "- Thursday: mini pizzas\n- Friday: chicken noodle pots\n- Saturday: egg fried rice\n"
        "- Sunday: tuna sandwiches"
    ),
    "j17": "Use `report_[0-9][0-9][0-9][0-9]_[0-9][0-9].csv`.",
    "j18": (
        "- fish & chips → `fish%20%26%20chips`\n- café au lait → `caf%C3%A9%20au%20lait`\n"
        "- a=b?c → `a%3Db%3Fc`"
    ),
    "j19": (
        "```ini\nroot = true\n\n[*]\nend_of_line = lf\ninsert_final_newline = true\n\n[*.py]\n"
        "indent_style = space\nindent_size = 4\n\n[*.{yml,yaml,js}]\nindent_style = space\n"
        "indent_size = 2\n\n[Makefile]\nindent_style = tab\n```"
    ),
    "j20": "```\n* text=auto\n*.sh text eol=lf\n*.bat text eol=crlf\n*.png binary\n*.jpg binary\n```",
    "j21": (
        "```\nAccess-Control-Allow-Origin: https://app.example.com\n"
        "Access-Control-Allow-Methods: GET, POST, DELETE, OPTIONS\n"
        "Access-Control-Allow-Headers: Authorization, Content-Type\n"
        "Access-Control-Allow-Credentials: true\nAccess-Control-Max-Age: 600\n```"
    ),
    "j22": (
        "```bash\nrsync -avn --delete --exclude='*.tmp' ~/Photos/ /mnt/backup/photos/\n```\n\n"
        "Drop the `n` from `-avn` to do it for real."
    ),
    "j23": "```bash\ntar -czvf thesis-backup.tar.gz thesis/\n```",
    "j24": '```bash\nssh-keygen -t ed25519 -C "maya.r@example.com" -f ~/.ssh/id_github\n```',
    "j25": (
        "```python\nimport argparse\n\n\ndef main():\n    parser = argparse.ArgumentParser()\n"
        '    parser.add_argument("input_csv")\n    parser.add_argument("--output")\n'
        '    parser.add_argument("--limit", type=int)\n'
        '    parser.add_argument("--dry-run", action="store_true")\n    print(parser.parse_args())\n\n\n'
        'if __name__ == "__main__":\n    main()\n```'
    ),
    "j26": (
        "```python\nimport pytest\n\nfrom mymodule import clamp\n\n\ndef test_inside_range():\n"
        "    assert clamp(5, 0, 10) == 5\n\n\ndef test_below_low():\n    assert clamp(-3, 0, 10) == 0\n\n\n"
        "def test_above_high():\n    assert clamp(42, 0, 10) == 10\n\n\ndef test_low_above_high():\n"
        "    with pytest.raises(ValueError):\n        clamp(1, 10, 0)\n```"
    ),
    "j27": (
        '```html\n<ul>\n  <li><a href="/">Home</a></li>\n  <li><a href="/about">About</a></li>\n'
        '  <li><a href="/blog">Blog</a></li>\n  <li><a href="/contact">Contact</a></li>\n</ul>\n```'
    ),
    "j28": (
        "<ol>\n  <li>Water the plant a day before.</li>\n  <li>Ease it out of its old pot.</li>\n"
        "  <li>Loosen the roots gently.</li>\n  <li>Set it in fresh compost in a slightly bigger pot.</li>\n"
        "  <li>Water it well and let it drain.</li>\n</ol>"
    ),
    "j29": (
        "We are a small pottery studio based in Leeds, making everyday pieces by hand.\n\n"
        "Every mug, bowl and plate is thrown on the wheel and glazed in small batches.\n\n"
        "Drop in for a class or browse the shelves on Saturdays."
    ),
    "j30": (
        "- Water less often.\n- Move plants closer to a bright window.\n- Keep them away from radiators.\n"
        "- Wipe dust off the leaves.\n- Hold off on feeding until spring.\n"
        "- Raise the humidity with a pebble tray."
    ),
    "j31": (
        "Thanks for your email. I'm at a conference until 14 March and will reply when I'm back. For "
        "anything urgent, please contact Sam at sam@northwind.io."
    ),
    "j32": "FIXED FAST, RIDING AGAIN BY FRIDAY.",
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
        asked = [c for c in r["checks"] if c["check"] in TEST17_CHECKS]
        for rid, text in ANSWERS.items():
            if asked and rid != r["id"]:
                met += all(S.check(c, text) for c in asked)
                pairs += 1
    assert met / pairs < 0.05, met


# ------------------------------------------------------------------ the generator


def _before_test18(task):
    """data.jsonl as it was before the test18 rows were appended after test17's."""
    return "".join(ln for ln in task.data_path.read_text().splitlines(True) if '"split": "test18"' not in ln)


def test_data_jsonl_ends_with_the_generators_test17_rows(task):
    text = _before_test18(task)
    assert text.endswith(generic_test17.render())
    tail = text.splitlines()[-60:]
    assert [json.loads(ln)["split"] for ln in tail] == ["test17"] * 60
    assert '"split": "test17"' not in text[: len(text) - len(generic_test17.render())]
    before = text[: len(text) - len(generic_test17.render())]
    assert before.endswith(generic_test16.render())  # right after test16's rows


def test_the_generator_keeps_every_other_line(task, tmp_path, monkeypatch):
    data = tmp_path / "data.jsonl"
    original = _before_test18(task)
    older = original[: len(original) - len(generic_test17.render())]
    monkeypatch.setattr(generic_test17, "DATA", data)
    for start in (older, original, older + '{"id": "j99", "kind": "everyday", "split": "test17"}\n'):
        data.write_text(start)
        generic_test17.main()
        assert data.read_text() == original
    first, rest = older.split("\n", 1)  # a test17 line out of place is dropped, the rows written once
    data.write_text(first + "\n" + generic_test17.render() + rest)
    generic_rows.rewrite(data, generic_test17.SPLIT, generic_test17.render())
    assert data.read_text() == original
