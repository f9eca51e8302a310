"""The generic task's test18 rows (b01-b60, written blind to the observers) and the scorer parts
written for them: the check kinds of TEST18_CHECKS (each on passing and failing
answers, and refusing bad parameters), a hand-written answer meeting every constraint row, every
reference passing its hidden tests and its shown examples, no shown example among the hidden
tests, the shown tests never counting, and the generator keeping every other line of data.jsonl
as it is, test18 last (no engine)."""

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
from selfrefine.tasks.generic.test18_kinds import TEST18_CHECKS
from selfrefine.tasks.tools import generic_rows, generic_test17, generic_test18
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
    *TEST14_CHECKS, *TEST15_CHECKS, *TEST16_CHECKS, *TEST17_CHECKS,
}  # fmt: skip


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:test18")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows() if r["split"] == "test18"}


# ------------------------------------------------------------------ the rows


def test_rows_are_the_generators_in_order(by_id):
    rows = generic_test18.rows()
    assert list(by_id) == [f"b{i:02d}" for i in range(1, 61)] == [r["id"] for r in rows]
    assert list(by_id.values()) == json.loads(json.dumps(rows))
    kinds = [r["kind"] for r in rows]
    assert kinds == ["constraints"] * 32 + ["function"] * 22 + ["everyday"] * 6
    assert len({r["request"] for r in rows}) == 60


def test_test18_is_last_in_the_file_and_its_requests_are_new():
    every = registry.load("generic:all").rows()
    assert len(every) == 1182
    assert Counter(r["split"] for r in every)["test18"] == 60
    test17 = registry.load("generic:test17").rows()
    assert every[-120:-60] == test17 and [r["split"] for r in every[-60:]] == ["test18"] * 60
    # no request repeats an older one (only ids are shown when one does, never the texts)
    seen, ids = Counter(r["request"] for r in every), Counter(r["id"] for r in every)
    assert [r["id"] for r in every if seen[r["request"]] > 1] == []
    assert [i for i, n in ids.items() if n > 1] == []
    older = {r["entry"] for r in every if r["kind"] == "function" and r["split"] != "test18"}
    mine = [r["entry"] for r in every if r["kind"] == "function" and r["split"] == "test18"]
    assert len(set(mine)) == 22 and not set(mine) & older


def test_constraint_rows_use_the_new_kinds(by_id):
    assert_constraint_rows_use(by_id, TEST18_CHECKS, OLDER)


def test_the_new_kinds_are_new_and_reached_through_the_scorer():
    assert_new_kinds_reached(TEST18_CHECKS, OLDER)


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
        "b55": ("There are 1,440 minutes in a day.", "There are 24 hours in a day."),
        "b56": ("Water boils at 212 °F at sea level.", "Water boils at 100 °C."),
        "b57": ("Pride and Prejudice was written by Jane Austen.", "It was Charlotte Brontë."),
        "b58": ("Eleven players a side, including the goalkeeper.", "Ten outfield players."),
        "b59": ("Gold's symbol is Au.", "Gold's symbol is Ag."),
        "b60": ("A year has 52 weeks and a day or two.", "A year has 12 months."),
    }
    for rid, (good, bad) in right.items():
        assert by_id[rid]["kind"] == "everyday"
        assert scorer.score(by_id[rid], good)["score"] == 1.0, rid
        assert scorer.score(by_id[rid], bad)["score"] == 0.0, rid


# ------------------------------------------------------------------ the new kinds

_LR = "/var/log/app/*.log {\n    weekly\n    rotate 4\n    compress\n    missingok\n}"
_SSHD = "```\nPort 2222\nPermitRootLogin no\nPasswordAuthentication no\n```"
_CADDY = "```\napp.example.com {\n    encode zstd gzip\n    reverse_proxy localhost:8080\n}\n```"
_M3U = "```\n#EXTM3U\n#EXTINF:215,Artist - One\none.mp3\n#EXTINF:-1,Two\ntwo.mp3\n```"
_PYPROJECT = (
    '```toml\n[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n\n[project]\n'
    'name = "demo-pkg"\nversion = "0.1.0"\nrequires-python = ">=3.11"\ndependencies = ["requests>=2.31", '
    '"Rich"]\n```'
)
_SELECT = (
    '<select name="colour" id="colour">\n  <option value="r">Red</option>\n  <option value="g" selected>Green'
    '</option>\n  <option value="b">Blue</option>\n</select>'
)
_CSS = (
    "```css\n@media (max-width: 768px) {\n  .nav { display: none; }\n  .content, .footer { width: 100%; }\n"
    "}\n```"
)
_VENV = "```bash\npython3 -m venv env\nsource env/bin/activate\npip install -r req.txt\n```"

# kind: (params, answers that meet it, answers that do not)
KIND_CASES = {
    "hex_to_decimal": (
        {"values": ["0xFF", "0x1A"]},
        ["0xFF = 255\n0x1A = 26", "| Hex | Decimal |\n|---|---|\n| ff | 255 |\n| 1a | 26 |"],
        ["0xFF = 256\n0x1A = 26", "0xFF = 255", "255\n26", "0xFF = 255\n0x1A = 1A"],
    ),
    "binary_conversions": (
        {"numbers": [5, 100]},
        ["5 → 101\n100 → 1100100", "- 5: 0b0101\n- 100: 0110 0100"],
        ["5 → 110\n100 → 1100100", "5 → 101", "101\n1100100", "5 → 101\n100 → 100"],
    ),
    "gcd_lcm": (
        {"numbers": [12, 18], "asks": ["gcd", "lcm"]},
        [
            "GCD: 6\nLCM: 36",
            "The highest common factor of 12 and 18 is 6, and the lowest common multiple is 36.",
        ],
        ["GCD: 6\nLCM: 216", "GCD = 36, LCM = 6", "GCD: 6", "6 and 36"],
    ),
    "fraction_decimals": (
        {"fractions": ["3/8", "5/16"], "places": 3},
        ["3/8 = 0.375\n5/16 = 0.3125", '- 3/8": .375\n- 5 / 16": 0.313'],
        ["3/8 = 0.38\n5/16 = 0.3125", "3/8 = 0.375", "0.375\n0.3125", "13/8 = 0.375\n5/16 = 0.3125"],
    ),
    "percent_of": (
        {"pairs": [[15, 80], [8.25, 19.99]]},
        ["15% of 80 is 12\n8.25% of $19.99 is $1.65", "| $80 | 12.00 |\n| $19.99 | 1.649 |"],
        ["15% of 80 is 12\n8.25% of $19.99 is $1.60", "15% of 80 is 12", "12\n1.65"],
    ),
    "note_delays": (
        {"bpm": 120, "notes": ["quarter", "dotted eighth", "eighth"]},
        [
            "Quarter: 500 ms\nDotted eighth: 375 ms\nEighth: 250 ms",
            "| Note | ms |\n|---|---|\n| 1/4 | 500 |\n| dotted 1/8 | 375 |\n| 1/8 | 250 |",
        ],
        [
            "Quarter: 500 ms\nDotted eighth: 250 ms\nEighth: 375 ms",
            "Quarter: 500 ms\nEighth: 250 ms",
            "Quarter = 250 ms, eighth = 500 ms\nDotted eighth: 375 ms",
        ],
    ),
    "fuel_cost": (
        {"distance_km": 200, "litres_per_100km": 5, "price": 1.5},
        ["10 litres at €1.50 comes to €15.00.", "About €15"],
        ["About €16.50", "10 litres"],
    ),
    "shift_hours": (
        {"shifts": [["07:00", "15:30"], ["22:00", "06:00"]]},
        [
            "07:00–15:30: 8.5 hours\n22:00–06:00: 8 hours",
            "- 7:00 to 15:30 → 8h 30m\n- 22:00 to 6:00 → 480 min",
        ],
        ["07:00–15:30: 8 hours\n22:00–06:00: 8 hours", "07:00–15:30: 8.5 hours", "8.5 hours\n8 hours"],
    ),
    "logrotate_config": (
        {"path": "/var/log/app/*.log", "directives": {"weekly": "", "rotate": "4", "compress": ""}},
        [_LR, f"```\n{_LR}\n```"],
        [
            _LR.replace("rotate 4", "rotate 5"),
            _LR.replace("    compress\n", ""),
            _LR.replace("weekly", "weekly\n    daily"),
            _LR.replace("/var/log/app/*.log", "/var/log/other/*.log"),
        ],
    ),
    "sshd_settings": (
        {"settings": {"Port": "2222", "PermitRootLogin": "no", "PasswordAuthentication": "no"}},
        [_SSHD, "Set these:\n\n    port 2222\n    PermitRootLogin No\n    PasswordAuthentication no"],
        [
            _SSHD.replace("2222", "22"),
            _SSHD.replace("PermitRootLogin no", "#PermitRootLogin no"),
            _SSHD.replace("Port 2222", "Port 22\nPort 2222"),
            _SSHD.replace("PasswordAuthentication no", "Match User bob\nPasswordAuthentication no"),
        ],
    ),
    "caddyfile": (
        {"site": "app.example.com", "upstream": "localhost:8080", "encode": ["gzip"]},
        [_CADDY, "https://app.example.com {\n\treverse_proxy http://127.0.0.1:8080\n\tencode gzip\n}"],
        [
            _CADDY.replace("8080", "3000"),
            _CADDY.replace("encode zstd gzip", "encode zstd"),
            _CADDY.replace("reverse_proxy localhost", "reverse_proxy /api/* localhost"),
            _CADDY.replace("app.example.com", "www.example.com"),
        ],
    ),
    "sql_index": (
        {"table": "orders", "columns": ["customer_id", "created_at"], "unique": "false"},
        [
            "CREATE INDEX idx_orders_cust_created ON orders (customer_id, created_at DESC);",
            '```sql\ncreate index concurrently if not exists ix on public."orders" using btree (customer_id, '
            "created_at)\n```",
        ],
        [
            "CREATE INDEX ix ON orders (created_at, customer_id);",
            "CREATE UNIQUE INDEX ix ON orders (customer_id, created_at);",
            "CREATE INDEX ix ON customers (customer_id, created_at);",
            "CREATE INDEX ix ON orders (customer_id);",
        ],
    ),
    "m3u_playlist": (
        {"tracks": ["one.mp3", "two.mp3"], "extended": "true"},
        [_M3U, "#EXTM3U\n#EXTINF:180,One\none.mp3\n#EXTINF:200,Two\ntwo.mp3"],
        [
            _M3U.replace("#EXTM3U\n", ""),
            _M3U.replace("#EXTINF:-1,Two\n", ""),
            _M3U.replace("one.mp3\n#EXTINF:-1,Two\ntwo.mp3", "two.mp3\n#EXTINF:-1,Two\none.mp3"),
            _M3U.replace("#EXTINF:215,Artist - One", "#EXTINF:215"),
        ],
    ),
    "pyproject_dependencies": (
        {
            "name": "demo_pkg",
            "dependencies": ["requests", "rich"],
            "requires_python": ">=3.11",
            "build_backend": "hatchling.build",
        },
        [_PYPROJECT, _PYPROJECT.replace('">=3.11"', '">= 3.11.0, <4"')],
        [
            _PYPROJECT.replace('"Rich"', '"click"'),
            _PYPROJECT.replace(">=3.11", ">=3.10"),
            _PYPROJECT.replace('requires = ["hatchling"]', 'requires = ["setuptools"]'),
            _PYPROJECT.replace('name = "demo-pkg"', 'name = "other"'),
            _PYPROJECT.replace("dependencies = [", "dependencies = [[").replace('"Rich"]', '"Rich"]]'),
        ],
    ),
    "html_select": (
        {"name": "colour", "options": ["Red", "Green", "Blue"], "selected": "Green"},
        [
            _SELECT,
            "```html\n<select name='colour'>\n<option>Red\n<option selected>Green\n<option>Blue\n"
            "</select>\n```",
        ],
        [
            _SELECT.replace(" selected", ""),
            _SELECT.replace('value="r"', 'value="r" selected'),
            _SELECT.replace('name="colour"', 'name="color"'),
            _SELECT.replace('  <option value="b">Blue</option>\n', ""),
        ],
    ),
    "css_media_query": (
        {"max_width": 768, "rules": {".nav": {"display": "none"}, ".content": {"width": "100%"}}},
        [
            _CSS,
            "@media screen and (width <= 768px) {\n  .nav { display: none !important }\n"
            "  .content { width:100% }\n}",
        ],
        [
            _CSS.replace("768", "600"),
            _CSS.replace("max-width", "min-width"),
            _CSS.replace("display: none", "visibility: hidden"),
            _CSS.replace(".content, ", ""),
            ".nav { display: none; }\n.content { width: 100%; }",
        ],
    ),
    "find_command": (
        {"path": "/var/log", "name": "*.log", "size": "+100M", "mtime": ["+7"], "delete": "true"},
        [
            "find /var/log -type f -name '*.log' -size +100M -mtime +7 -delete",
            '```bash\nsudo find /var/log/ -name "*.log" -mtime +7 -size +100M -exec rm {} \\;\n```',
        ],
        [
            "find /var/log -name '*.log' -size +100M -mtime +7",
            "find /var -name '*.log' -size +100M -mtime +7 -delete",
            "find /var/log -name '*.txt' -size +100M -mtime +7 -delete",
            "find /var/log -name '*.log' -size +10M -mtime -7 -delete",
        ],
    ),
    "grep_command": (
        {"pattern": "TODO", "path": "src", "flags": ["r", "i", "n"], "include": "*.py"},
        [
            "grep -rni --include='*.py' TODO src/",
            "```\ngrep -R --ignore-case -n --include '*.py' -e todo ./src\n```",
        ],
        [
            "grep -rn --include='*.py' TODO src/",
            "grep -rni TODO src/",
            "grep -rni --include='*.py' FIXME src/",
            "grep -ni --include='*.py' TODO src/",
        ],
    ),
    "symlink_command": (
        {"target": "/opt/tool/bin/tool", "link": "~/bin/tool"},
        ["ln -s /opt/tool/bin/tool ~/bin/tool", "```\nln -sfv /opt/tool/bin/tool ~/bin/tool\n```"],
        [
            "ln /opt/tool/bin/tool ~/bin/tool",
            "ln -s ~/bin/tool /opt/tool/bin/tool",
            "ln -s /opt/tool ~/bin/tool",
        ],
    ),
    "mv_commands": (
        {"renames": {"a.txt": "b.txt", "c.txt": "d.txt"}},
        ["mv a.txt b.txt\nmv c.txt d.txt", "```\nmv -v ./a.txt b.txt && git mv c.txt d.txt\n```"],
        ["mv a.txt b.txt", "mv b.txt a.txt\nmv c.txt d.txt", "cp a.txt b.txt\ncp c.txt d.txt"],
    ),
    "venv_commands": (
        {"dir": "env", "requirements": "req.txt"},
        [_VENV, "python -m venv env && . env/bin/activate && python -m pip install -r req.txt"],
        [
            _VENV.replace("source env/bin/activate\n", ""),
            _VENV.replace("-r req.txt", "req.txt"),
            _VENV.replace("venv env", "venv .venv"),
            "```bash\nsource env/bin/activate\npython3 -m venv env\npip install -r req.txt\n```",
        ],
    ),
    "git_new_branch": (
        {"branch": "feat/x", "push": "true"},
        [
            "git checkout -b feat/x\ngit push -u origin feat/x",
            "```\ngit switch -c feat/x\ngit push --set-upstream origin HEAD\n```",
            "git branch feat/x\ngit switch feat/x\ngit push -u origin feat/x",
        ],
        [
            "git checkout -b feat/x\ngit push origin feat/x",
            "git checkout -b feat/y\ngit push -u origin feat/y",
            "git branch feat/x\ngit push -u origin feat/x",
            "git checkout -b feat/x",
        ],
    ),
    "git_tag_commands": (
        {"tag": "v1.0.0", "message": "First release", "push": "true"},
        [
            'git tag -a v1.0.0 -m "First release"\ngit push origin v1.0.0',
            "```\ngit tag v1.0.0 --message='First release'\ngit push --follow-tags\n```",
        ],
        [
            'git tag -a v1.0.0 -m "First release"',
            'git tag -a v1.0.1 -m "First release"\ngit push origin v1.0.1',
            'git tag -a v1.0.0 -m "Initial"\ngit push --tags',
            "git tag v1.0.0\ngit push origin v1.0.0",
        ],
    ),
}

# kind: parameter sets each refused, whatever the answer
BAD_PARAMS = {
    "hex_to_decimal": [{}, {"values": []}, {"values": ["0xZZ"]}, {"values": "0xFF"}],
    "binary_conversions": [{}, {"numbers": []}, {"numbers": [1]}, {"numbers": ["5"]}, {"numbers": [2.5]}],
    "gcd_lcm": [
        {},
        {"numbers": [12], "asks": ["gcd"]},
        {"numbers": [12, 18], "asks": ["mean"]},
        {"numbers": [12, 36], "asks": ["gcd"]},
        {"numbers": [12, 18]},
    ],
    "fraction_decimals": [
        {},
        {"fractions": ["3/8"]},
        {"fractions": ["3/0"], "places": 3},
        {"fractions": ["0.5"], "places": 3},
        {"fractions": ["3/8"], "places": 9},
    ],
    "percent_of": [{}, {"pairs": []}, {"pairs": [[15]]}, {"pairs": [["15", 80]]}, {"pairs": [[0, 80]]}],
    "note_delays": [
        {},
        {"bpm": 120},
        {"bpm": 120, "notes": ["crotchet"]},
        {"bpm": 120, "notes": ["double dotted quarter"]},
        {"bpm": 5, "notes": ["quarter"]},
    ],
    "fuel_cost": [
        {},
        {"distance_km": 100, "litres_per_100km": 5},
        {"distance_km": 0, "litres_per_100km": 5, "price": 1.5},
        {"distance_km": 100, "litres_per_100km": 5, "price": "1.5"},
    ],
    "shift_hours": [
        {},
        {"shifts": []},
        {"shifts": [["7:00", "15:00"]]},
        {"shifts": [["07:00", "07:00"]]},
        {"shifts": [["07:00", "25:00"]]},
    ],
    "logrotate_config": [{}, {"path": "/var/log/x.log"}, {"path": "/var/log/x.log", "directives": {}}],
    "sshd_settings": [{}, {"settings": {}}, {"settings": {"Port": ""}}, {"settings": ["Port 22"]}],
    "caddyfile": [{}, {"site": "a.example"}, {"site": "a.example", "upstream": "x:1", "encode": "gzip"}],
    "sql_index": [
        {},
        {"table": "t"},
        {"table": "t", "columns": []},
        {"table": "t", "columns": ["a"], "unique": "yes"},
    ],
    "m3u_playlist": [{}, {"tracks": []}, {"tracks": ["a.mp3"], "extended": "1"}],
    "pyproject_dependencies": [
        {},
        {"name": "x"},
        {"name": "x", "dependencies": []},
        {"name": "", "dependencies": ["a"]},
    ],
    "html_select": [
        {},
        {"name": "x"},
        {"name": "x", "options": []},
        {"name": "x", "options": ["A"], "selected": "B"},
    ],
    "css_media_query": [
        {},
        {"rules": {".a": {"display": "none"}}},
        {"max_width": 600, "min_width": 300, "rules": {".a": {"display": "none"}}},
        {"max_width": 600, "rules": {}},
        {"max_width": 600, "rules": {".a": "display: none"}},
    ],
    "find_command": [
        {},
        {"path": "/x", "size": "big"},
        {"path": "/x", "mtime": ["seven"]},
        {"path": "/x", "type": "file"},
        {"path": "/x", "delete": "yes"},
    ],
    "grep_command": [{}, {"pattern": "x"}, {"pattern": "x", "path": "src", "flags": ["-r"]}],
    "symlink_command": [{}, {"target": "/a"}, {"target": "", "link": "b"}],
    "mv_commands": [{}, {"renames": {}}, {"renames": {"a": ""}}, {"renames": ["a", "b"]}],
    "venv_commands": [{}, {"dir": ""}, {"dir": ".venv", "requirements": ""}],
    "git_new_branch": [{}, {"branch": ""}, {"branch": "x", "push": "yes"}],
    "git_tag_commands": [{}, {"tag": ""}, {"tag": "v1", "push": "1"}, {"tag": "v1", "message": ""}],
}


def test_every_new_kind_has_cases():
    assert set(KIND_CASES) == set(TEST18_CHECKS) == set(BAD_PARAMS)


@pytest.mark.parametrize("kind", sorted(TEST18_CHECKS))
def test_each_new_kind_on_passing_and_failing_answers(kind):
    params, good, bad = KIND_CASES[kind]
    c = {"check": kind, **params}
    for text in good:
        assert S.check(c, text) is True, (kind, text)
    for text in bad:
        assert S.check(c, text) is False, (kind, text)
    for text in ("", "   ", "... !!! ???", "- \n* \n#"):  # no word meets none
        assert S.check(c, text) is False, (kind, text)


@pytest.mark.parametrize("kind", sorted(TEST18_CHECKS))
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
    # sshd_settings: sshd takes the first value a keyword gets, so a later line does not fix it
    ssh = {"check": "sshd_settings", "settings": {"PermitRootLogin": "no"}}
    assert check(ssh, "PermitRootLogin no\nPermitRootLogin yes")
    assert not check(ssh, "PermitRootLogin yes\nPermitRootLogin no")
    # shift_hours: a shift past midnight, written without leading zeros, in hours and minutes
    sh = {"check": "shift_hours", "shifts": [["19:30", "07:45"]]}
    assert check(sh, "19:30 to 7:45 is 12 hours 15 minutes") and check(sh, "19:30–07:45 = 12.25 h")
    assert not check(sh, "19:30–07:45 = 11.75 h")
    # gcd_lcm: a line naming both finds each value after its own name
    gl = {"check": "gcd_lcm", "numbers": [84, 126], "asks": ["gcd", "lcm"]}
    assert check(gl, "The LCM is 252 and the HCF is 42.") and not check(
        gl, "The LCM is 42 and the HCF is 252."
    )
    # note_delays: a dotted note's line does not count for the plain note
    nd = {"check": "note_delays", "bpm": 100, "notes": ["eighth"]}
    assert check(nd, "Eighth: 300 ms") and not check(nd, "Dotted eighth: 300 ms")
    # sql_index: lower() around a column is that column
    si = {"check": "sql_index", "table": "users", "columns": ["email"], "unique": "true"}
    assert check(si, "CREATE UNIQUE INDEX users_email_key ON users (lower(email));")
    # find_command: $HOME is ~, and -iname counts as -name
    fc = {"check": "find_command", "path": "~/Downloads", "name": "*.tmp"}
    assert check(fc, "find $HOME/Downloads -iname '*.tmp'") and not check(fc, "find ~ -name '*.tmp'")
    # venv_commands: pip must come after the activation
    vc = {"check": "venv_commands", "dir": ".venv", "requirements": "r.txt"}
    assert not check(vc, "pip install -r r.txt\npython3 -m venv .venv\nsource .venv/bin/activate")
    # fraction_decimals: 13/8 is no 3/8
    fd = {"check": "fraction_decimals", "fractions": ["3/8"], "places": 2}
    assert check(fd, "3/8 ≈ 0.38") and not check(fd, "13/8 = 1.625 and 0.375")


# ------------------------------------------------------------------ a hand-written answer per row

ANSWERS = {
    "b01": "- 0x1F = 31\n- 0xFF = 255\n- 0x3E8 = 1,000\n- 0xBEEF = 48,879",
    "b02": "5 = 101\n12 = 1100\n100 = 1100100\n255 = 11111111",
    "b03": (
        "The highest common factor of 84 and 126 is 42, so 84/126 simplifies to 2/3.\n"
        "Their lowest common multiple is 252."
    ),
    "b04": "GCD: 12\nLCM: 3,600",
    "b05": '- 3/8" = 0.375"\n- 5/16" = 0.313"\n- 7/32" = 0.219"\n- 11/64" = 0.172"',
    "b06": "- 15% of 80 = 12\n- 12.5% of 240 = 30\n- 7% of 1,350 = 94.50",
    "b07": "- $19.99 → $1.65 tax\n- $249 → $20.54 tax\n- $1,080 → $89.10 tax",
    "b08": (
        "At 120 BPM one beat is 500 ms:\n\n- Quarter note: 500 ms\n- Eighth note: 250 ms\n"
        "- Dotted eighth: 375 ms\n- Sixteenth note: 125 ms"
    ),
    "b09": "340 km at 6.5 L/100 km is 22.1 litres, and 22.1 × €1.85 ≈ €40.89, so about €41 one way.",
    "b10": "07:00-15:30: 8.5 hours\n22:00-06:00: 8 hours\n13:45-20:15: 6.5 hours",
    "b11": (
        "- Night shift, 19:30 to 07:45: 12 hours 15 minutes (12.25 h)\n"
        "- Long day, 07:15 to 20:00: 12.75 hours"
    ),
    "b12": "```bash\nfind /var/log -type f -name '*.log' -size +100M\n```",
    "b13": "```bash\nfind ~/Downloads -type f -name '*.tmp' -mtime +7 -delete\n```",
    "b14": "```bash\ngrep -rni --include='*.py' 'TODO' src/\n```",
    "b15": "```bash\nln -s /opt/python3.12/bin/python3 ~/bin/python\n```",
    "b16": "```bash\ngit checkout -b fix/login-timeout\ngit push -u origin fix/login-timeout\n```",
    "b17": '```bash\ngit tag -a v2.3.0 -m "Spring release"\ngit push origin v2.3.0\n```',
    "b18": (
        "```bash\nmv scan1.pdf lease-page-1.pdf\nmv scan2.pdf lease-page-2.pdf\n"
        "mv scan3.pdf lease-page-3.pdf\n```"
    ),
    "b19": "```bash\npython3 -m venv .venv\nsource .venv/bin/activate\npip install -r requirements.txt\n```",
    "b20": (
        "```\n/var/log/myapp/*.log {\n    daily\n    rotate 14\n    compress\n    delaycompress\n"
        "    missingok\n    notifempty\n}\n```"
    ),
    "b21": (
        "```\nPort 2222\nPermitRootLogin no\nPasswordAuthentication no\n```\n\n"
        "Then restart SSH, and keep your current session open until you've logged in on port 2222."
    ),
    "b22": "```\nshop.example.com {\n    encode gzip\n    reverse_proxy localhost:3000\n}\n```",
    "b23": "```sql\nCREATE INDEX idx_orders_customer_created ON orders (customer_id, created_at);\n```",
    "b24": "```sql\nCREATE UNIQUE INDEX users_email_unique ON users (email);\n```",
    "b25": (
        "```\n#EXTM3U\n#EXTINF:-1,Intro\nintro.mp3\n#EXTINF:-1,Warmup\nwarmup.mp3\n#EXTINF:-1,Tempo run\n"
        "tempo-run.mp3\n#EXTINF:-1,Cooldown\ncooldown.mp3\n```"
    ),
    "b26": (
        '```toml\n[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n\n[project]\n'
        'name = "tidyreceipts"\nversion = "0.1.0"\nrequires-python = ">=3.10"\n'
        'dependencies = ["requests", "pydantic"]\n```'
    ),
    "b27": (
        '```html\n<select name="size">\n  <option value="s">Small</option>\n'
        '  <option value="m" selected>Medium</option>\n  <option value="l">Large</option>\n'
        '  <option value="xl">Extra large</option>\n</select>\n```'
    ),
    "b28": (
        "```css\n@media (max-width: 600px) {\n  .sidebar {\n    display: none;\n  }\n"
        "  .main {\n    width: 100%;\n  }\n}\n```"
    ),
    "b29": (
        "Happy birthday, Dana, and thank you for making every Monday a little brighter. We hope your year "
        "ahead is a great one."
    ),
    "b30": (
        "1. Build a blanket fort in the living room.\n2. Have an indoor picnic on the floor.\n"
        "3. Make play dough together.\n4. Do a bath-time paint session.\n"
        "5. Put on music and have a dance party."
    ),
    "b31": (
        "cut from a single piece of english oak, this chopping board is finished by hand with food-safe oil. "
        "it is sturdy enough for daily use and handsome enough to serve on. each board has its own grain."
    ),
    "b32": (
        "Some news: I've joined Fernhill Analytics as a data engineer.\n\n"
        "I'll be building the pipelines behind our client dashboards, and I'm excited to learn from a "
        "great team.\n\n"
        "Thanks to everyone who helped along the way. #DataEngineering #NewJob #Analytics"
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
        asked = [c for c in r["checks"] if c["check"] in TEST18_CHECKS]
        for rid, text in ANSWERS.items():
            if asked and rid != r["id"]:
                met += all(S.check(c, text) for c in asked)
                pairs += 1
    assert met / pairs < 0.05, met


# ------------------------------------------------------------------ the generator


def test_data_jsonl_ends_with_the_generators_test18_rows(task):
    text = task.data_path.read_text()
    assert text.endswith(generic_test18.render())
    tail = text.splitlines()[-60:]
    assert [json.loads(ln)["split"] for ln in tail] == ["test18"] * 60
    assert '"split": "test18"' not in text[: len(text) - len(generic_test18.render())]
    before = text[: len(text) - len(generic_test18.render())]
    assert before.endswith(generic_test17.render())  # right after test17's rows


def test_the_generator_keeps_every_other_line(task, tmp_path, monkeypatch):
    data = tmp_path / "data.jsonl"
    original = task.data_path.read_text()
    older = original[: len(original) - len(generic_test18.render())]
    monkeypatch.setattr(generic_test18, "DATA", data)
    for start in (older, original, older + '{"id": "b99", "kind": "everyday", "split": "test18"}\n'):
        data.write_text(start)
        generic_test18.main()
        assert data.read_text() == original
    first, rest = older.split("\n", 1)  # a test18 line out of place is dropped, the rows written once
    data.write_text(first + "\n" + generic_test18.render() + rest)
    generic_rows.rewrite(data, generic_test18.SPLIT, generic_test18.render())
    assert data.read_text() == original
