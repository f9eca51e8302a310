"""The generic task's test12 rows (q01-q60, written blind to the observers) and the scorer parts
written for them: the check kinds of TEST12_CHECKS (each on passing and failing
answers, and refusing bad parameters), a hand-written answer meeting every constraint row, every
reference passing its hidden tests and its shown examples, no shown example among the hidden
tests, the shown tests never counting, and the generator keeping every other line of data.jsonl
as it is, test12 right before test13 to test18 (no engine)."""

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
from selfrefine.tasks.tools import generic_rows, generic_test11, generic_test12
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
    *TEST8_CHECKS, *TEST9_CHECKS, *TEST10_CHECKS, *TEST11_CHECKS,
}  # fmt: skip


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:test12")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows() if r["split"] == "test12"}


# ------------------------------------------------------------------ the rows


def test_rows_are_the_generators_in_order(by_id):
    rows = generic_test12.rows()
    assert list(by_id) == [f"q{i:02d}" for i in range(1, 61)] == [r["id"] for r in rows]
    assert list(by_id.values()) == json.loads(json.dumps(rows))
    kinds = [r["kind"] for r in rows]
    assert kinds == ["constraints"] * 32 + ["function"] * 22 + ["everyday"] * 6
    assert len({r["request"] for r in rows}) == 60


def test_test12_follows_test11_in_the_file_and_its_requests_are_new():
    every = registry.load("generic:all").rows()
    assert len(every) == 1182
    assert Counter(r["split"] for r in every)["test12"] == 60
    test11 = registry.load("generic:test11").rows()
    assert every[-480:-420] == test11 and [r["split"] for r in every[-420:-360]] == ["test12"] * 60
    # test13 to test18 (tests/test_generic_test13.py ... _test18.py) follow test12 at the end of the file
    later = [f"test{i}" for i in range(13, 19) for _ in range(60)]
    assert [r["split"] for r in every[-360:]] == later
    # no request repeats an older one (only ids are shown when one does, never the texts)
    seen, ids = Counter(r["request"] for r in every), Counter(r["id"] for r in every)
    assert [r["id"] for r in every if seen[r["request"]] > 1] == []
    assert [i for i, n in ids.items() if n > 1] == []
    older = {r["entry"] for r in every if r["kind"] == "function" and r["split"] != "test12"}
    mine = [r["entry"] for r in every if r["kind"] == "function" and r["split"] == "test12"]
    assert len(set(mine)) == 22 and not set(mine) & older


def test_constraint_rows_use_the_new_kinds(by_id):
    assert_constraint_rows_use(by_id, TEST12_CHECKS, OLDER)


def test_the_new_kinds_are_new_and_reached_through_the_scorer():
    assert_new_kinds_reached(TEST12_CHECKS, OLDER)


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
        "q55": ("There are 16 ounces in a pound.", "About 14 ounces."),
        "q56": ("A leap year has 366 days.", "It has 365 days."),
        "q57": ("Jane Austen wrote it, in 1813.", "Charlotte Brontë wrote it."),
        "q58": ("Spiders have eight legs.", "They have six legs."),
        "q59": ("The Pacific Ocean is the largest.", "The Atlantic is the biggest."),
        "q60": ("You'll need 12 eggs.", "You'll need 7 eggs."),
    }
    for rid, (good, bad) in right.items():
        assert by_id[rid]["kind"] == "everyday"
        assert scorer.score(by_id[rid], good)["score"] == 1.0, rid
        assert scorer.score(by_id[rid], bad)["score"] == 0.0, rid


# ------------------------------------------------------------------ the new kinds

_COMPOSE = (
    "```yaml\nservices:\n  web:\n    image: nginx:alpine\n    ports:\n      - 8080:80\n"
    "    restart: unless-stopped\nvolumes:\n  data:\n```"
)
_PACKAGE = (
    '```json\n{\n  "name": "habit-api",\n  "private": true,\n  "scripts": {"test": "jest"},\n'
    '  "devDependencies": {"jest": "^29.7.0"}\n}\n```'
)
_T = "CREATE TABLE t (name TEXT, n INT); INSERT INTO t VALUES ('a', 1), ('b', 2), ('c', 3);"
_CURL = (
    '```bash\ncurl -X POST https://api.example.com/v1/todos \\\n  -H "Authorization: Bearer TOKEN" \\\n'
    '  -H \'Content-Type: application/json\' \\\n  -d \'{"title": "Buy milk", "done": false}\'\n```'
)
_NGINX = (
    "```nginx\nserver {\n    listen 80;\n    server_name notes.example.org;\n\n    location / {\n"
    "        proxy_pass http://127.0.0.1:3000/;\n        proxy_set_header Host $host;\n"
    "        proxy_set_header X-Real-IP $remote_addr; # the client\n    }\n}\n```"
)
_SSH = (
    "```\nHost pi\n    HostName 192.168.1.50\n    User pi\n"
    "    Port 2222\n\nHost work\n    HostName w.example\n```"
)
_SPF = "Add a TXT record on @:\n\n```\nv=spf1 include:_spf.google.com include:servers.mcsv.net -all\n```"
_SITEMAP = (
    '```xml\n<?xml version="1.0" encoding="UTF-8"?>\n'
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
    "  <url><loc>https://a.example/</loc><lastmod>2027-02-01</lastmod></url>\n"
    "  <url><loc>https://a.example/about</loc><lastmod>2027-02-01</lastmod></url>\n</urlset>\n```"
)
_SVG = (
    '```svg\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor">\n'
    '  <circle cx="12" cy="12" r="10"/>\n  <path d="M7 12l3 3 7-7"/>\n</svg>\n```'
)
_SEQ = (
    "```mermaid\nsequenceDiagram\n    participant B as Browser\n    participant API\n"
    "    B->>API: POST /login\n    API->>+AuthService: verify(credentials)\n"
    "    AuthService-->>-API: token\n    API-->>B: 200 OK + token\n```"
)
_REQ = "```\nfastapi==0.115.0\nuvicorn[standard]==0.30.6  # server\nSQLAlchemy==2.0.35\n```"
_OG = (
    '<meta property="og:title" content="Ten Years of Sourdough">\n'
    '<meta property="og:image" content="https://x.example/a.jpg" />\n'
    '<meta name="twitter:card" content="summary_large_image">'
)
_TABLE = (
    "<table>\n  <tr><th>Day</th><th>Hours</th></tr>\n  <tr><td>Saturday</td><td>10:00-16:00</td></tr>\n"
    "  <tr><td>Sunday</td><td>Closed</td></tr>\n</table>"
)
_ALERTS = (
    "## Install\n\n> [!NOTE]\n> Needs Python 3.11 or newer.\n\n```\npip install dataclean\n```\n\n"
    "> [!WARNING]\n> `--force` wipes the cache."
)
_UUIDS = (
    "87751d4c-a850-4e2c-84dc-da6a797d76de\n"
    "61b339ff-2481-44e5-998b-88dbaa99e079\n7b87a9e2-5fef-4911-bf22-a27b02c7bff2"
)
_SETTLE = "- Priya pays Maya $60\n- Sam pays Maya $90\n\nJon is already square."
_PLAN = "Day 1: pages 1-25\nDay 2: pages 26-50\nDay 3: pages 51–75\nDay 4: pages 76 to 100"

# kind: (params, answers that meet it, answers that do not)
KIND_CASES = {
    "yaml_keys": (
        {
            "keys": [
                "services.web.image",
                "services.web.ports=8080:80",
                "services.*.restart=unless-stopped",
                "volumes=data",
            ]
        },
        [
            _COMPOSE,
            "services:\n  web:\n    image: 'nginx'\n    restart: unless-stopped\n    ports: [\"8080:80\"]\n"
            "volumes: {data: {}}",
        ],
        [
            _COMPOSE.replace("8080:80", "8081:80"),
            _COMPOSE.replace("unless-stopped", "always"),
            _COMPOSE.replace("volumes:\n  data:\n", ""),
            _COMPOSE.replace("  web:\n", "  web:\n\t"),
            _COMPOSE.replace("    image: nginx:alpine\n", ""),
        ],
    ),
    "json_paths": (
        {"keys": ["name=habit-api", "private=true", "scripts.test=jest", "devDependencies.jest"]},
        [_PACKAGE, _PACKAGE.replace("```json\n", "").replace("\n```", "")],
        [
            _PACKAGE.replace("true", "false"),
            _PACKAGE.replace('"jest"}', '"mocha"}'),
            _PACKAGE.replace('"jest": "^29.7.0"', '"vitest": "^2.0.0"'),
            _PACKAGE.replace('"^29.7.0"}', '"^29.7.0"},'),
            _PACKAGE.replace("habit-api", "habits"),
        ],
    ),
    "sql_query_result": (
        {"setup": _T, "rows": [["c", 3], ["b", 2]]},
        [
            "```sql\nSELECT name, n FROM t WHERE n > 1 ORDER BY n DESC;\n```",
            "SELECT name, n\nFROM t -- the big ones\nWHERE n >= 2\nORDER BY n DESC",
            "```sql\nCREATE TABLE x (a);\nSELECT name, n FROM t WHERE n > 1 ORDER BY name DESC;\n```",
        ],
        [
            "```sql\nSELECT name, n FROM t WHERE n > 1 ORDER BY n;\n```",
            "```sql\nSELECT name FROM t WHERE n > 1 ORDER BY n DESC;\n```",
            "```sql\nSELECT name, n FROM t ORDER BY n DESC;\n```",
            "```sql\nSELEC name, n FROM t;\n```",
            "Filter t on n and sort it.",
        ],
    ),
    "curl_command": (
        {
            "url": "https://api.example.com/v1/todos",
            "method": "POST",
            "headers": ["Authorization: Bearer", "Content-Type: application/json"],
            "json": {"title": "Buy milk", "done": False},
        },
        [
            _CURL,
            '$ curl --json \'{"done": false, "title": "Buy milk"}\' -H \'authorization: bearer TOKEN\' '
            "https://api.example.com/v1/todos",
        ],
        [
            _CURL.replace("false", "true"),
            _CURL.replace("-X POST", "-X PUT"),
            _CURL.replace('  -H "Authorization: Bearer TOKEN" \\\n', ""),
            _CURL.replace("/v1/todos", "/v2/todos"),
            _CURL.replace('\'{"title": "Buy milk", "done": false}\'', "'title=Buy milk&done=false'"),
            _CURL.replace("  -H 'Content-Type: application/json' \\\n", ""),
        ],
    ),
    "nginx_server": (
        {
            "server_name": "notes.example.org",
            "listen": 80,
            "proxy_pass": "http://localhost:3000",
            "headers": ["Host", "X-Real-IP"],
        },
        [
            _NGINX,
            "http {\n  server {\n    listen [::]:80;\n"
            "    server_name notes.example.org www.notes.example.org;\n"
            "    proxy_set_header Host $host;\n    location / {\n"
            "      proxy_set_header X-Real-IP $remote_addr;\n"
            "      proxy_pass http://localhost:3000;\n    }\n  }\n}",
        ],
        [
            _NGINX.replace("    }\n}\n```", "    }\n\n```"),
            _NGINX.replace("listen 80;", "listen 8080;"),
            _NGINX.replace(":3000/", ":3001/"),
            _NGINX.replace("        proxy_set_header X-Real-IP $remote_addr; # the client\n", ""),
            _NGINX.replace("server_name notes.example.org", "server_name example.org"),
        ],
    ),
    "ssh_config_hosts": (
        {"hosts": {"pi": {"HostName": "192.168.1.50", "User": "pi", "Port": "2222"}}},
        [_SSH, 'host pi raspberry\n  hostname=192.168.1.50\n  user "pi"\n  port=2222  # custom'],
        [
            _SSH.replace("Port 2222", "Port 22"),
            _SSH.replace("User pi", "User root"),
            _SSH.replace("Host pi", "Host raspberry"),
            _SSH.replace("    HostName 192.168.1.50\n", ""),
        ],
    ),
    "spf_record": (
        {"includes": ["_spf.google.com", "servers.mcsv.net"], "all": "-all"},
        [_SPF, 'Value: "v=spf1 ip4:203.0.113.5 include:_spf.google.com include:servers.mcsv.net -all"'],
        [
            _SPF.replace("-all", "~all"),
            _SPF.replace(" include:servers.mcsv.net", ""),
            _SPF.replace("-all", "all -all"),
            _SPF.replace("include:_spf.google.com", "include _spf.google.com"),
            "v=spf1 -all include:_spf.google.com include:servers.mcsv.net",
        ],
    ),
    "sitemap_urls": (
        {"urls": ["https://a.example/", "https://a.example/about"], "lastmod": "2027-02-01"},
        [
            _SITEMAP,
            _SITEMAP.replace(
                "about</loc><lastmod>2027-02-01", "about/</loc><lastmod>2027-02-01T10:00:00+00:00"
            ),
        ],
        [
            _SITEMAP.replace(' xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"', ""),
            _SITEMAP.replace(
                "  <url><loc>https://a.example/about</loc><lastmod>2027-02-01</lastmod></url>\n", ""
            ),
            _SITEMAP.replace("</urlset>", "<url><loc>https://a.example/x</loc></url></urlset>"),
            _SITEMAP.replace("2027-02-01", "2027-01-01"),
            _SITEMAP.replace("</urlset>", ""),
        ],
    ),
    "svg_image": (
        {
            "viewbox": "0 0 24 24",
            "elements": ["circle", "path|polyline"],
            "attrs": ["stroke=currentColor", "fill=none"],
        },
        [
            _SVG,
            _SVG.replace('viewBox="0 0 24 24"', 'viewBox="0,0,24,24"').replace(
                "<path d=", "<polyline points="
            ),
        ],
        [
            _SVG.replace("0 0 24 24", "0 0 32 32"),
            _SVG.replace('  <circle cx="12" cy="12" r="10"/>\n', ""),
            _SVG.replace('fill="none"', 'fill="#000"'),
            _SVG.replace('<path d="M7 12l3 3 7-7"/>', '<path d="M7 12l3 3 7-7">'),
            _SVG.replace("<svg ", "<g ").replace("</svg>", "</g>"),
        ],
    ),
    "mermaid_sequence": (
        {"messages": ["Browser>API", "API>AuthService", "AuthService>API", "API>Browser"]},
        [
            _SEQ,
            "sequenceDiagram\nBrowser->>API: creds\nAPI->>AuthService: check\nAuthService->>API: token\n"
            "API->>Browser: token",
        ],
        [
            _SEQ.replace("sequenceDiagram", "flowchart LR"),
            _SEQ.replace("    API-->>B: 200 OK + token\n", ""),
            _SEQ.replace(
                "API->>+AuthService: verify(credentials)\n    AuthService-->>-API: token",
                "AuthService-->>API: token\n    API->>AuthService: verify(credentials)",
            ),
            _SEQ.replace("participant B as Browser", "participant B as Client"),
        ],
    ),
    "requirements_pins": (
        {"packages": ["fastapi", "uvicorn", "sqlalchemy"]},
        [
            _REQ,
            "Here you go:\nfastapi==0.115.0\nuvicorn==0.30.6\nsqlalchemy==2.0.35\n\n"
            "Install with pip install -r requirements.txt.",
        ],
        [
            _REQ.replace("uvicorn[standard]==0.30.6", "uvicorn[standard]>=0.30"),
            _REQ.replace("SQLAlchemy==2.0.35\n", ""),
            _REQ.replace("fastapi==0.115.0", "fastapi"),
            _REQ.replace("==0.115.0", "==latest"),
        ],
    ),
    "open_graph_tags": (
        {
            "tags": {
                "og:title": "Ten Years of Sourdough",
                "og:image": "https://x.example/a.jpg",
                "twitter:card": "summary_large_image",
            }
        },
        [
            _OG,
            _OG.replace(
                'property="og:title" content="Ten Years of Sourdough"',
                "name='og:title' content='Ten Years of Sourdough | Crumb Notes'",
            ),
        ],
        [
            _OG.replace("summary_large_image", "summary"),
            _OG.replace('<meta property="og:image" content="https://x.example/a.jpg" />\n', ""),
            _OG.replace('content="Ten Years of Sourdough"', 'content=""'),
            _OG.replace("a.jpg", "b.jpg"),
        ],
    ),
    "html_table": (
        {"headers": ["Day", "Hours"], "rows": 2, "first_column": ["Saturday", "Sunday"]},
        [
            _TABLE,
            _TABLE.replace(
                "<table>\n  <tr><th>Day</th><th>Hours</th></tr>",
                "<table>\n<thead><tr><th>Day</th> <th>Hours</th></tr></thead><tbody>",
            ).replace("</table>", "</tbody></table>"),
        ],
        [
            _TABLE.replace("<th>", "<td>").replace("</th>", "</td>"),
            _TABLE.replace("</table>", "<tr><td>Monday</td><td>9-5</td></tr></table>"),
            _TABLE.replace("<td>Closed</td>", "<td></td>"),
            _TABLE.replace("Saturday", "X").replace("Sunday", "Saturday").replace("X", "Sunday"),
            "| Day | Hours |\n|---|---|\n| Saturday | 10-16 |\n| Sunday | Closed |",
        ],
    ),
    "gfm_alerts": (
        {"types": ["NOTE", "WARNING"]},
        [_ALERTS, _ALERTS.replace("[!NOTE]", "[!note]")],
        [
            _ALERTS.replace("[!WARNING]", "**Warning:**"),
            _ALERTS.replace("[!WARNING]", "[!DANGER]"),
            _ALERTS.replace("> [!NOTE]\n> Needs", "> **Note**\n> Needs"),
            _ALERTS.replace(
                "> [!NOTE]\n> Needs Python 3.11 or newer.", "> [!NOTE]\n\nNeeds Python 3.11 or newer."
            ),
        ],
    ),
    "descriptive_links": (
        {"min": 2},
        [
            "See the [dataclean docs](https://docs.dataclean.dev) and the [changelog](CHANGELOG.md).",
            '<a href="https://docs.dataclean.dev">dataclean documentation</a> and '
            '<a href="CHANGELOG.md"><b>release notes</b></a>',
        ],
        [
            "See the docs [here](https://docs.dataclean.dev) and the [changelog](CHANGELOG.md).",
            "[Click here!](https://docs.dataclean.dev) or read the [changelog](CHANGELOG.md).",
            "Read the [dataclean docs](https://docs.dataclean.dev).",
            "![docs](docs.png) and ![changes](changes.png)",
        ],
    ),
    "uuids": (
        {"n": 3},
        [_UUIDS, _UUIDS.upper().replace("\n", ", ")],
        [
            _UUIDS.replace("a850-4e2c", "a850-1e2c"),
            _UUIDS.replace("61b339ff-2481-44e5-998b-88dbaa99e079", "87751d4c-a850-4e2c-84dc-da6a797d76de"),
            _UUIDS.rsplit("\n", 1)[0],
            _UUIDS.replace("-84dc-", "-c4dc-"),
        ],
    ),
    "luhn_numbers": (
        {"n": 2, "digits": 16, "prefix": "4"},
        [
            "4111 1111 1111 1111\n4012-8888-8888-1881",
            "1. 4111111111111111 (expiry 12/29, CVV 123)\n2. 4012888888881881",
        ],
        [
            "4111 1111 1111 1112\n4012-8888-8888-1881",
            "4111 1111 1111 1111\n5555 5555 5555 4444",
            "4111 1111 1111 1111\n4222222222222",
            "4111 1111 1111 1111\n4111 1111 1111 1111",
            "4111 1111 1111 1111",
        ],
    ),
    "ips_in_subnet": (
        {"cidr": "10.20.30.0/26", "n": 3, "exclude": ["10.20.30.1"]},
        [
            "10.20.30.10\n10.20.30.11\n10.20.30.62",
            "In 10.20.30.0/26:\n- 10.20.30.2\n- 10.20.30.3\n- 10.20.30.4",
        ],
        [
            "10.20.30.10\n10.20.30.11\n10.20.30.63",
            "10.20.30.10\n10.20.30.11\n10.20.30.64",
            "10.20.30.1\n10.20.30.11\n10.20.30.12",
            "10.20.30.10\n10.20.30.10\n10.20.30.12",
            "10.20.30.10\n10.20.30.11",
            "10.20.30.10\n10.20.30.11\n10.20.30.256",
        ],
    ),
    "base64_text": (
        {"text": "A candle"},
        ["`QSBjYW5kbGU=`", "echo -n 'A candle' | base64 gives QSBjYW5kbGU"],
        ["QSBjYW5kbGUK", "YSBjYW5kbGU=", "A candle", "QSBjYW5kbGU=x"],
    ),
    "rgb_conversions": (
        {"colors": ["#1E88E5", "#FFC107"]},
        [
            "#1E88E5 → rgb(30, 136, 229)\n#FFC107 → rgb(255, 193, 7)",
            "--blue: rgb(30 136 229); /* #1e88e5 */\n--amber: rgba(255, 193, 7, 1); /* #ffc107 */",
        ],
        [
            "#1E88E5 → rgb(30, 136, 228)\n#FFC107 → rgb(255, 193, 7)",
            "#1E88E5 → rgb(30, 136, 229)",
            "#1E88E5\nrgb(30, 136, 229)\n#FFC107\nrgb(255, 193, 7)",
        ],
    ),
    "scale_notes": (
        {"tonic": "Eb", "mode": "major"},
        [
            "E♭ – F – G – A♭ – B♭ – C – D – E♭",
            "Eb, F, G, Ab, Bb, C, D",
            "E flat, F, G, A flat, B flat, C and D",
        ],
        ["D# F G G# A# C D", "Eb F G A Bb C D", "Eb F G Ab Bb C"],
    ),
    "transposed_chords": (
        {"chords": ["G", "Em", "C", "D7"], "semitones": 10},
        ["F Dm Bb C7", "G → F\nEm → Dm\nC → B♭\nD7 → C7", "F - Dm - A# - C7"],
        ["A F#m D E7", "F Dm Bb C", "F Dm C7"],
    ),
    "settle_up": (
        {"paid": {"Maya": 240, "Jon": 90, "Priya": 30, "Sam": 0}, "max": 2},
        [
            _SETTLE,
            "| From | To | Amount |\n|---|---|---|\n| Priya | Maya | $60.00 |\n| Sam | Maya | $90.00 |",
            "Maya gets $60 from Priya and $90 from Sam.",
        ],
        [
            _SETTLE.replace("$90", "$80"),
            _SETTLE.replace("- Priya pays Maya $60\n", ""),
            "Priya pays Jon $30\nJon pays Maya $30\nPriya pays Maya $30\nSam pays Maya $90",
            _SETTLE.replace("Priya pays Maya", "Maya pays Priya"),
        ],
    ),
    "scaled_amounts": (
        {"items": {"flour": 500, "egg": 5, "sugar": 2.5}},
        [
            "- 500 g flour\n- 5 eggs\n- 2½ tbsp sugar",
            "Flour: 200 g → 500 g\nEggs: 2 → 5\nSugar: 1 tbsp → 2 1/2 tbsp",
        ],
        [
            "- 200 g flour\n- 2 eggs\n- 1 tbsp sugar",
            "- 500 g flour\n- 4 eggs\n- 2.5 tbsp sugar",
            "- 500 g flour\n- 5 eggs",
        ],
    ),
    "reading_plan": (
        {"pages": 100, "days": 4},
        [
            _PLAN,
            "| Day | Pages |\n|---|---|\n| Day 1 | 1–26 |\n"
            "| Day 2 | 27–51 |\n| Day 3 | 52–76 |\n| Day 4 | 77–100 |",
        ],
        [
            _PLAN.replace("51–75", "52–75"),
            _PLAN.replace("76 to 100", "70 to 100"),
            _PLAN.replace("76 to 100", "76 to 99"),
            _PLAN + "\nDay 5: pages 101-110",
            "Day 1: pages 1-10\nDay 2: pages 11-20\nDay 3: pages 21-30\nDay 4: pages 31-100",
        ],
    ),
}

# kind: parameter sets each refused, whatever the answer
BAD_PARAMS = {
    "yaml_keys": [{}, {"keys": []}, {"keys": ["a..b"]}, {"keys": ["a="]}],
    "json_paths": [{}, {"keys": []}, {"keys": ["a..b"]}, {"keys": "name"}],
    "sql_query_result": [
        {},
        {"setup": _T},
        {"setup": "CREATE TABL t (a);", "rows": [["a"]]},
        {"setup": _T, "rows": []},
        {"setup": _T, "rows": [["a"]], "ordered": "maybe"},
        {"setup": _T, "rows": [[True]]},
    ],
    "curl_command": [
        {},
        {"url": ""},
        {"url": "https://x", "headers": ["Bad Header: x"]},
        {"url": "https://x", "json": "x"},
    ],
    "nginx_server": [
        {},
        {"server_name": ""},
        {"server_name": "a", "listen": 0},
        {"server_name": "a", "listen": 70000},
        {"server_name": "a", "headers": []},
    ],
    "ssh_config_hosts": [{}, {"hosts": {}}, {"hosts": {"pi": "x"}}, {"hosts": {"pi": {"User": ""}}}],
    "spf_record": [{"all": "all"}, {"includes": []}, {"includes": "x"}],
    "sitemap_urls": [{}, {"urls": []}, {"urls": ["https://a.example/"], "lastmod": "Feb 1"}],
    "svg_image": [{"viewbox": "0 0 24"}, {"elements": []}, {"attrs": ["stroke"]}, {"viewbox": "a b c d"}],
    "mermaid_sequence": [{}, {"messages": []}, {"messages": ["A-B"]}, {"messages": ["A>"]}],
    "requirements_pins": [{}, {"packages": []}, {"packages": "fastapi"}],
    "open_graph_tags": [{}, {"tags": {}}, {"tags": {"og:title": 3}}, {"tags": ["og:title"]}],
    "html_table": [
        {},
        {"headers": ["a"], "rows": 0},
        {"headers": ["a"], "rows": 2, "first_column": ["x"]},
        {"headers": [], "rows": 1},
    ],
    "gfm_alerts": [{}, {"types": []}, {"types": ["DANGER"]}],
    "descriptive_links": [{"min": 0}, {"avoid": []}, {"min": "2"}],
    "uuids": [{"n": 0}, {"n": 2, "min": 1}, {"min": 3, "max": 2}, {"version": 9}],
    "luhn_numbers": [{"n": 0}, {"digits": 11}, {"prefix": "x"}, {"min": 3, "max": 2}],
    "ips_in_subnet": [
        {},
        {"cidr": "10.20.30.5/26"},
        {"cidr": "10.0.0.0/24", "exclude": ["10.0.0.300"]},
        {"cidr": "10.0.0.0/24", "n": 0},
    ],
    "base64_text": [{}, {"text": ""}, {"text": 3}],
    "rgb_conversions": [{}, {"colors": []}, {"colors": ["#12345"]}, {"colors": ["red"]}],
    "scale_notes": [{}, {"tonic": "H", "mode": "major"}, {"tonic": "Eb", "mode": "dorian"}, {"tonic": "Eb"}],
    "transposed_chords": [
        {},
        {"chords": ["G"], "semitones": 12},
        {"chords": ["Xm"], "semitones": 2},
        {"chords": ["G"], "semitones": -2},
    ],
    "settle_up": [
        {},
        {"paid": {"A": 10}},
        {"paid": {"A": -1, "B": 2}},
        {"paid": {"A": 1, "a": 2}},
        {"paid": {"A": 1, "B": 1}, "max": 0},
    ],
    "scaled_amounts": [
        {},
        {"items": {}},
        {"items": {"flour": 0}},
        {"items": {"flour": 5}, "tolerance": 2.0},
        {"items": {"flour": "5"}},
    ],
    "reading_plan": [
        {},
        {"pages": 10, "days": 0},
        {"pages": 3, "days": 5},
        {"pages": 10, "days": 2, "spread": -1},
    ],
}


def test_every_new_kind_has_cases():
    assert set(KIND_CASES) == set(TEST12_CHECKS) == set(BAD_PARAMS)


@pytest.mark.parametrize("kind", sorted(TEST12_CHECKS))
def test_each_new_kind_on_passing_and_failing_answers(kind):
    params, good, bad = KIND_CASES[kind]
    c = {"check": kind, **params}
    for text in good:
        assert S.check(c, text) is True, (kind, text)
    for text in bad:
        assert S.check(c, text) is False, (kind, text)
    for text in ("", "   ", "... !!! ???", "- \n* \n#"):  # no word meets none
        assert S.check(c, text) is False, (kind, text)


@pytest.mark.parametrize("kind", sorted(TEST12_CHECKS))
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
    # yaml_keys: YAML 1.2 as CI tools read it, so `on:` is a key and not true
    workflow = {"check": "yaml_keys", "keys": ["on=push", "on=pull_request", "jobs.*.runs-on=ubuntu-latest"]}
    assert check(workflow, "on: [push, pull_request]\njobs:\n  test:\n    runs-on: ubuntu-latest\n")
    assert check(
        workflow,
        "on:\n  push:\n    branches: [main]\n  pull_request:\njobs:\n  t:\n    runs-on: ubuntu-latest",
    )
    assert not check(workflow, "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n")
    # sql_query_result: a query that never ends is stopped and fails; order may not matter
    loop = "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT x FROM r"
    assert not check({"check": "sql_query_result", "setup": _T, "rows": [[1]]}, loop)
    unordered = {"check": "sql_query_result", "setup": _T, "rows": [["b", 2], ["c", 3]], "ordered": "no"}
    assert check(unordered, "SELECT name, n FROM t WHERE n > 1 ORDER BY n DESC")
    # settle_up: one payer to two payees on one line, and a summary of what was paid read past
    bills = {"check": "settle_up", "paid": {"Ana": 84, "Ben": 96, "Chloe": 45}}
    assert check(bills, "Ana paid £84, Ben paid £96, Chloe paid £45.\nChloe owes Ana £9 and Ben £21.")
    assert not check(bills, "Chloe owes Ana £21 and Ben £9.")
    # scaled_amounts: a unicode or mixed fraction, and a plural
    half = {"check": "scaled_amounts", "items": {"stock": 1.5, "rice": 0.5}}
    assert check(half, "- 1½ cups stock\n- ½ cup rice") and check(half, "1 1/2 cups stock, 1/2 cup rice")
    assert not check(half, "- 3 cups stock\n- 1 cup rice")
    # ips_in_subnet: the network written with its prefix is not an address
    assert check({"check": "ips_in_subnet", "cidr": "10.0.0.0/30", "n": 2}, "10.0.0.0/30: 10.0.0.1, 10.0.0.2")
    # scale_notes: a minor key is spelled from its own letters
    assert check({"check": "scale_notes", "tonic": "F#", "mode": "minor"}, "F# G# A B C# D E")
    assert not check({"check": "scale_notes", "tonic": "F#", "mode": "minor"}, "F# Ab A B Db D E")
    # transposed_chords: slash chords move their bass too
    assert check({"check": "transposed_chords", "chords": ["C/G"], "semitones": 2}, "D/A")
    assert not check({"check": "transposed_chords", "chords": ["C/G"], "semitones": 2}, "D/G")
    # curl_command: a JSON body over several lines inside its quotes
    multi = "curl -X POST https://x.example/a \\\n  -d '{\n    \"done\": false\n  }'\nThat's it."
    assert check({"check": "curl_command", "url": "https://x.example/a", "json": {"done": False}}, multi)
    # nginx_server: proxy_pass to an upstream block naming the address
    upstream = "upstream app { server 127.0.0.1:3000; }\nserver { listen 80; server_name a.example;\n"
    upstream += "  location / { proxy_pass http://app; proxy_set_header Host $host; } }"
    site = {"check": "nginx_server", "server_name": "a.example", "proxy_pass": "http://localhost:3000"}
    assert check(site, upstream) and not check(site, upstream.replace("3000", "4000"))
    # spf_record: a record in a markdown table cell, or ending a sentence
    spf = {"check": "spf_record", "includes": ["_spf.google.com"]}
    assert check(spf, "| TXT | @ | v=spf1 include:_spf.google.com -all |")
    assert check(spf, "Use v=spf1 include:_spf.google.com -all.")
    # mermaid_sequence: a participant named by its id or by its "as" name
    seq = {"check": "mermaid_sequence", "messages": ["API>Browser"]}
    assert check(seq, "sequenceDiagram\nparticipant API as API server\nparticipant B as Browser\nAPI->>B: ok")
    # descriptive_links: an autolink or a bare URL names itself
    assert check(
        {"check": "descriptive_links", "min": 2}, "Docs: <https://d.example>, and https://e.example/x"
    )
    # requirements_pins: a bare package line in a code block is not pinned
    assert not check({"check": "requirements_pins", "packages": ["a"]}, "```\na==1.0\nb\n```")


# ------------------------------------------------------------------ a hand-written answer per row

_WORDPRESS = (
    '```yaml\nservices:\n  wordpress:\n    image: wordpress:latest\n    ports:\n      - "8080:80"\n'
    "    environment:\n      WORDPRESS_DB_HOST: db\n      WORDPRESS_DB_USER: wp\n"
    "      WORDPRESS_DB_PASSWORD: change-me\n"
    "      WORDPRESS_DB_NAME: wordpress\n    depends_on:\n      - db\n"
    "    restart: unless-stopped\n\n  db:\n    image: mysql:8.0\n    environment:\n"
    "      MYSQL_DATABASE: wordpress\n      MYSQL_USER: wp\n      MYSQL_PASSWORD: change-me\n"
    "      MYSQL_ROOT_PASSWORD: change-me-too\n    volumes:\n      - db_data:/var/lib/mysql\n"
    "    restart: unless-stopped\n\nvolumes:\n  db_data:\n```"
)
_WORKFLOW = (
    "Save this as `.github/workflows/tests.yml`:\n\n```yaml\nname: tests\n\non:\n  push:\n  pull_request:\n\n"
    "jobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
    '      - uses: actions/setup-python@v5\n        with:\n          python-version: "3.12"\n'
    "      - run: pip install -r requirements.txt\n      - run: pytest\n```"
)
_PACKAGE_JSON = (
    '```json\n{\n  "name": "habit-api",\n  "version": "1.0.0",\n'
    '  "private": true,\n  "main": "src/index.js",\n'
    '  "scripts": {\n    "start": "node src/index.js",\n'
    '    "dev": "nodemon src/index.js",\n    "test": "jest"\n'
    '  },\n  "dependencies": {\n    "dotenv": "^16.4.5",\n    "express": "^4.19.2"\n  },\n'
    '  "devDependencies": {\n    "jest": "^29.7.0",\n    "nodemon": "^3.1.4"\n  }\n}\n```'
)
_ICON = (
    '```svg\n<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none"\n'
    '     stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">\n'
    '  <circle cx="12" cy="12" r="10"/>\n  <polyline points="7.5 12.5 10.5 15.5 16.5 9"/>\n</svg>\n```'
)
_README = (
    "## Install\n\n```bash\npip install dataclean\n```\n\n"
    "> [!NOTE]\n> dataclean needs Python 3.11 or newer.\n\n"
    "> [!WARNING]\n> Running with `--force` wipes the cache, so the next run starts from scratch.\n\n"
    "Read the [dataclean documentation](https://docs.dataclean.dev) for the options, and the "
    "[changelog](CHANGELOG.md) for what changed in each release."
)
_HOURS = "\n".join(
    f"    <tr><td>{day}</td><td>{hours}</td></tr>"
    for day, hours in [
        ("Monday", "9:00-18:00"), ("Tuesday", "9:00-18:00"), ("Wednesday", "9:00-18:00"),
        ("Thursday", "9:00-18:00"), ("Friday", "9:00-18:00"), ("Saturday", "10:00-16:00"),
        ("Sunday", "Closed"),
    ]
)  # fmt: skip

ANSWERS = {
    "q01": _WORDPRESS,
    "q02": _WORKFLOW,
    "q03": _PACKAGE_JSON,
    "q04": (
        "```sql\nSELECT customer, SUM(amount) AS total\nFROM orders\n"
        "WHERE ordered_at >= '2027-01-01' AND ordered_at < '2028-01-01'\nGROUP BY customer\n"
        "HAVING SUM(amount) > 100\nORDER BY total DESC;\n```"
    ),
    "q05": (
        "```sql\nSELECT e.name AS employee, m.name AS manager\nFROM employees AS e\n"
        "JOIN employees AS m ON m.id = e.manager_id\nORDER BY e.name;\n```\n\n"
        "The inner join drops the CEO, whose manager_id is NULL."
    ),
    "q06": (
        '```bash\ncurl -X POST https://api.example.com/v1/todos \\\n  -H "Authorization: Bearer TOKEN" \\\n'
        '  -H "Content-Type: application/json" \\\n  -d \'{"title": "Buy milk", "done": false}\'\n```'
    ),
    "q07": (
        "```nginx\nserver {\n    listen 80;\n    listen [::]:80;\n    server_name notes.example.org;\n\n"
        "    location / {\n        proxy_pass http://localhost:3000;\n        proxy_http_version 1.1;\n"
        "        proxy_set_header Host $host;\n        proxy_set_header X-Real-IP $remote_addr;\n"
        "        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;\n    }\n}\n```\n\n"
        "Then `sudo nginx -t && sudo systemctl reload nginx`."
    ),
    "q08": (
        "```\nHost pi\n    HostName 192.168.1.50\n    User pi\n    Port 2222\n\nHost work\n"
        "    HostName work.example.com\n    User jdoe\n"
        "    IdentityFile ~/.ssh/id_work\n    IdentitiesOnly yes\n```"
    ),
    "q09": (
        "Add one TXT record on the root of the domain (@):\n\n```\n"
        "v=spf1 include:_spf.google.com include:servers.mcsv.net -all\n```\n\n"
        "Make sure it is the only SPF record on the domain."
    ),
    "q10": (
        '```xml\n<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
        + "".join(
            f"  <url>\n    <loc>https://janedoe.design/{p}</loc>\n"
            f"    <lastmod>2027-02-01</lastmod>\n  </url>\n"
            for p in ("", "about", "work", "work/brand-refresh", "contact")
        )
        + "</urlset>\n```"
    ),
    "q11": _ICON,
    "q12": (
        "```mermaid\nsequenceDiagram\n    participant Browser\n"
        "    participant API\n    participant AuthService\n"
        "    Browser->>API: POST /login (username, password)\n    API->>AuthService: verify credentials\n"
        "    AuthService-->>API: token\n    API-->>Browser: 200 OK with token\n```"
    ),
    "q13": "```\nfastapi==0.115.0\nuvicorn[standard]==0.30.6\nsqlalchemy==2.0.35\npydantic==2.9.2\n```",
    "q14": (
        '```html\n<meta property="og:type" content="article">\n'
        '<meta property="og:title" content="Ten Years of Sourdough">\n'
        '<meta property="og:url" content="https://crumbnotes.blog/ten-years">\n'
        '<meta property="og:image" content="https://crumbnotes.blog/img/loaf.jpg">\n'
        '<meta name="twitter:card" content="summary_large_image">\n'
        '<meta name="twitter:title" content="Ten Years of Sourdough">\n'
        '<meta name="twitter:image" content="https://crumbnotes.blog/img/loaf.jpg">\n```'
    ),
    "q15": (
        "```html\n<table>\n  <thead>\n    <tr><th>Day</th><th>Hours</th></tr>\n  </thead>\n  <tbody>\n"
        + _HOURS
        + "\n  </tbody>\n</table>\n```"
    ),
    "q16": _README,
    "q17": (
        "87751d4c-a850-4e2c-84dc-da6a797d76de\n61b339ff-2481-44e5-998b-88dbaa99e079\n"
        "7b87a9e2-5fef-4911-bf22-a27b02c7bff2\n75d0dd66-cf72-4858-a4b6-6f8c462804db\n"
        "3a46e6b0-99f9-46b1-9d45-af1cb0caae1c\n9fcdb9e1-a94c-46b9-806d-2cc78ee58b06"
    ),
    "q18": (
        "Here are five made-up numbers that pass the Luhn check:\n\n1. 4532 0151 1283 0366\n"
        "2. 4485 0623 6713 4455\n3. 4716 0432 8925 1776\n4. 4024 0071 5522 8413\n5. 4556 7375 8669 1989"
    ),
    "q19": (
        "10.20.30.10\n10.20.30.11\n10.20.30.12\n10.20.30.13\n"
        "10.20.30.14\n10.20.30.15\n10.20.30.16\n10.20.30.17"
    ),
    "q20": (
        "`c3RhZ2luZy1kYi1wYXNzLTQy`\n\nIn the Secret's `data:` field that is:\n\n```yaml\n"
        "data:\n  password: c3RhZ2luZy1kYi1wYXNzLTQy\n```"
    ),
    "q21": (
        "```css\n:root {\n  --blue: rgb(30, 136, 229);   /* #1E88E5 */\n"
        "  --amber: rgb(255, 193, 7);   /* #FFC107 */\n"
        "  --green: rgb(67, 160, 71);   /* #43A047 */\n  --red: rgb(229, 57, 53);    /* #E53935 */\n}\n```"
    ),
    "q22": "E♭ major: E♭ – F – G – A♭ – B♭ – C – D – E♭ (three flats: B♭, E♭ and A♭).",
    "q23": "A whole step down:\n\nVerse: F Dm Bb C\nChorus: Gm Bb F C7",
    "q24": (
        "The total is $360, so each share is $90.\n\n- Priya pays Maya $60\n- Sam pays Maya $90\n\n"
        "Jon paid exactly his share, so he is already square."
    ),
    "q25": (
        "Total: £225, so £75 each. Ana paid £84 (£9 over), Ben £96 (£21 over), Chloe £45 (£30 under).\n\n"
        "- Chloe pays Ana £9\n- Chloe pays Ben £21"
    ),
    "q26": (
        "For 10 (2.5 times the recipe):\n\n- 500 g flour\n"
        "- 5 eggs\n- 750 ml milk\n- 2½ tbsp sugar\n- 62.5 g butter"
    ),
    "q27": (
        "- 1½ cups chicken stock\n- ½ cup arborio rice\n- 30 g parmesan\n- 1 clove garlic\n- 2 tbsp butter"
    ),
    "q28": "\n".join(f"Day {d}: pages {32 * d - 31}-{32 * d}" for d in range(1, 13)),
    "q29": (
        "My cat has a passion for socks,\nShe raids the laundry in flocks,\nShe sneaks and she steals,\n"
        "Then hides them with squeals,\nIn a pile by the old cardboard box."
    ),
    "q30": (
        "Big news: from this weekend we're open on Sundays, 8am to 2pm! Fresh croissants, sourdough and "
        "coffee waiting for you. See you Sunday! #SundayBakes #FreshBread"
    ),
    "q31": "\n".join(
        f"- {x}"
        for x in (
            "Backpack",
            "Tent",
            "Sleeping bag",
            "Sleeping pad",
            "Stove and fuel",
            "Water filter",
            "Rain jacket",
            "Warm layer",
            "Headlamp",
            "First aid kit",
            "Map and compass",
            "Food for three days",
        )
    ),  # fmt: skip
    "q32": (
        "Thanks for your email. I'm out of the office until 14 July and will reply when I'm back. "
        "For anything urgent, please contact my colleague Sam at sam.ortiz@example.com."
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
        asked = [c for c in r["checks"] if c["check"] in TEST12_CHECKS]
        for rid, text in ANSWERS.items():
            if asked and rid != r["id"]:
                met += all(S.check(c, text) for c in asked)
                pairs += 1
    assert met / pairs < 0.05, met


# ------------------------------------------------------------------ the generator


def _before_test13(task):
    """data.jsonl as it was before the test13 to test18 rows were appended after test12's."""
    later = tuple(f'"split": "test{i}"' for i in range(13, 19))
    return "".join(
        ln for ln in task.data_path.read_text().splitlines(True) if not any(s in ln for s in later)
    )


def test_data_jsonl_ends_with_the_generators_test12_rows(task):
    text = _before_test13(task)
    assert text.endswith(generic_test12.render())
    tail = text.splitlines()[-60:]
    assert [json.loads(ln)["split"] for ln in tail] == ["test12"] * 60
    assert '"split": "test12"' not in text[: len(text) - len(generic_test12.render())]
    before = text[: len(text) - len(generic_test12.render())]
    assert before.endswith(generic_test11.render())  # right after test11's rows


def test_the_generator_keeps_every_other_line(task, tmp_path, monkeypatch):
    data = tmp_path / "data.jsonl"
    original = _before_test13(task)
    older = original[: len(original) - len(generic_test12.render())]
    monkeypatch.setattr(generic_test12, "DATA", data)
    for start in (older, original, older + '{"id": "q99", "kind": "everyday", "split": "test12"}\n'):
        data.write_text(start)
        generic_test12.main()
        assert data.read_text() == original
    first, rest = older.split("\n", 1)  # a test12 line out of place is dropped, the rows written once
    data.write_text(first + "\n" + generic_test12.render() + rest)
    generic_rows.rewrite(data, generic_test12.SPLIT, generic_test12.render())
    assert data.read_text() == original
