"""The generic task's test15 rows (n01-n60, written blind to the observers) and the scorer parts
written for them: the check kinds of TEST15_CHECKS (each on passing and failing
answers, and refusing bad parameters), a hand-written answer meeting every constraint row, every
reference passing its hidden tests and its shown examples, no shown example among the hidden
tests, the shown tests never counting, and the generator keeping every other line of data.jsonl
as it is, test15 right before test16, test17 and test18 (no engine)."""

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
from selfrefine.tasks.tools import generic_rows, generic_test14, generic_test15
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
    *TEST14_CHECKS,
}  # fmt: skip


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:test15")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows() if r["split"] == "test15"}


# ------------------------------------------------------------------ the rows


def test_rows_are_the_generators_in_order(by_id):
    rows = generic_test15.rows()
    assert list(by_id) == [f"n{i:02d}" for i in range(1, 61)] == [r["id"] for r in rows]
    assert list(by_id.values()) == json.loads(json.dumps(rows))
    kinds = [r["kind"] for r in rows]
    assert kinds == ["constraints"] * 32 + ["function"] * 22 + ["everyday"] * 6
    assert len({r["request"] for r in rows}) == 60


def test_test15_follows_test14_in_the_file_and_its_requests_are_new():
    every = registry.load("generic:all").rows()
    assert len(every) == 1182
    assert Counter(r["split"] for r in every)["test15"] == 60
    test14 = registry.load("generic:test14").rows()
    assert every[-300:-240] == test14 and [r["split"] for r in every[-240:-180]] == ["test15"] * 60
    # test16 to test18 (tests/test_generic_test16.py ... _test18.py) follow test15 at the end of the file
    assert [r["split"] for r in every[-180:]] == ["test16"] * 60 + ["test17"] * 60 + ["test18"] * 60
    # no request repeats an older one (only ids are shown when one does, never the texts)
    seen, ids = Counter(r["request"] for r in every), Counter(r["id"] for r in every)
    assert [r["id"] for r in every if seen[r["request"]] > 1] == []
    assert [i for i, n in ids.items() if n > 1] == []
    older = {r["entry"] for r in every if r["kind"] == "function" and r["split"] != "test15"}
    mine = [r["entry"] for r in every if r["kind"] == "function" and r["split"] == "test15"]
    assert len(set(mine)) == 22 and not set(mine) & older


def test_constraint_rows_use_the_new_kinds(by_id):
    assert_constraint_rows_use(by_id, TEST15_CHECKS, OLDER)


def test_the_new_kinds_are_new_and_reached_through_the_scorer():
    assert_new_kinds_reached(TEST15_CHECKS, OLDER)


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
        "n55": ("There are 1,440 minutes in a day.", "There are 24 hours in a day."),
        "n56": ("Gold's symbol is Au, from the Latin aurum.", "Gold's symbol is Ag."),
        "n57": ("A hexagon has six sides.", "A hexagon has eight sides."),
        "n58": ("That's Mars, because of the iron oxide dust.", "That's Jupiter."),
        "n59": ("There are 16 ounces in a pound.", "There are 14 pounds in a stone."),
        "n60": ("It's Ottawa, not Toronto.", "Toronto is the biggest city."),
    }
    for rid, (good, bad) in right.items():
        assert by_id[rid]["kind"] == "everyday"
        assert scorer.score(by_id[rid], good)["score"] == 1.0, rid
        assert scorer.score(by_id[rid], bad)["score"] == 0.0, rid


# ------------------------------------------------------------------ the new kinds

_K8S = (
    "```yaml\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: shop\nspec:\n  replicas: 2\n"
    "  selector:\n    matchLabels:\n      app: shop\n  template:\n    metadata:\n      labels:\n"
    "        app: shop\n        tier: web\n    spec:\n      containers:\n        - name: shop\n"
    "          image: nginx:1.27\n          ports:\n            - containerPort: 80\n```"
)
_CSP = (
    "Content-Security-Policy: default-src 'self'; script-src 'self' https://cdn.example.com; "
    "img-src 'self' data:"
)
_UFW = (
    "```bash\nsudo ufw default deny incoming\nsudo ufw default allow outgoing\nsudo ufw allow 22/tcp\n"
    "sudo ufw allow 443/tcp\nsudo ufw enable\n```"
)
_FORM = (
    '```html\n<form action="/join" method="post">\n  <input type="text" name="name">\n'
    '  <input type="email" name="email" required>\n  <button>Join</button>\n</form>\n```'
)
_LD = (
    '<script type="application/ld+json">\n{"@context": "https://schema.org", "@type": "Cafe", '
    '"name": "Bean There", "telephone": "+44 20 7946 0000"}\n</script>'
)
_GEO = (
    '```json\n{"type": "FeatureCollection", "features": [\n'
    '  {"type": "Feature", "properties": {"name": "Big Ben"}, '
    '"geometry": {"type": "Point", "coordinates": [-0.1246, 51.5007]}},\n'
    '  {"type": "Feature", "properties": {"name": "The London Eye"}, '
    '"geometry": {"type": "Point", "coordinates": [-0.1196, 51.5033]}}\n]}\n```'
)
_OPENAPI = (
    "```yaml\nopenapi: 3.0.3\ninfo:\n  title: Notes\n  version: '1.0'\npaths:\n  /notes:\n    get:\n"
    "      responses:\n        '200':\n          description: OK\n    post:\n      responses:\n"
    "        '201':\n          description: Created\n  /notes/{id}:\n    parameters:\n      - name: id\n"
    "        in: path\n        required: true\n        schema:\n          type: string\n    delete:\n"
    "      responses:\n        '204':\n          description: Deleted\n```"
)
_PKG = (
    '```json\n{\n  "name": "demo",\n  "version": "1.0.0",\n  "scripts": {\n    "dev": "vite",\n'
    '    "build": "vite build",\n    "lint": "eslint ."\n  }\n}\n```'
)
_VINS = "- 1M8GDM9AXKP042788\n- XK2DEG0D4PCF43ESF\n- 4DHRD2DR5JV3KHWMG"
_V6S = "- 2001:db8::1\n- 2001:db8:0:1::20\n- 2001:0db8:acad:0002:0000:0000:0000:0001"
_MAGIC = "```\n2 7 6\n9 5 1\n4 3 8\n```"
_HEADINGS = (
    "# Guide\n\n## 1. Welcome\nHello.\n\n### 1.1 The team\nWho we are.\n\n### 1.2 Your week\nPlans.\n\n"
    "## 2. Safety\nBoots on.\n\n## 3. Help\nAsk us."
)
_DOMAINS = "- tailtrails.com\n- wagwalkers.com\n- www.goodboywalks.com"
_FEN = "`rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2`"
_FEN_BOARD = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"
_GRAY = "#000000, #555555, #AAAAAA, #FFFFFF"
_SAVINGS = "- Year 1: $1,050.00\n- Year 2: $1,102.50\n- Year 3: $1,157.63"

# kind: (params, answers that meet it, answers that do not)
KIND_CASES = {
    "k8s_deployment": (
        {"name": "shop", "image": "nginx:1.27", "replicas": 2, "port": 80},
        [_K8S, _K8S.replace("```yaml\n", "Save as shop.yaml:\n\n```yaml\n---\n")],
        [
            _K8S.replace("replicas: 2", "replicas: 3"),
            _K8S.replace("nginx:1.27", "nginx:latest"),
            _K8S.replace("containerPort: 80", "containerPort: 8080"),
            _K8S.replace("      app: shop\n  template", "      app: store\n  template"),
            _K8S.replace("kind: Deployment", "kind: Pod"),
            _K8S.replace("apps/v1", "extensions/v1beta1"),
        ],
    ),
    "csp_header": (
        {
            "directives": {
                "default-src": ["'self'"],
                "script-src": ["'self'", "https://cdn.example.com"],
                "img-src": ["'self'", "data:"],
            }
        },
        [
            _CSP,
            "```nginx\nadd_header Content-Security-Policy \"img-src data: 'self'; default-src 'self'; "
            "script-src https://cdn.example.com/ 'self'; object-src 'none'\" always;\n```",
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'self' "
            "https://cdn.example.com; img-src 'self' data:\">",
        ],
        [
            _CSP.replace("'self'; script", "self; script"),
            _CSP.replace(" https://cdn.example.com", ""),
            _CSP.replace("data:", "data: https:"),
            _CSP.replace("; img-src 'self' data:", ""),
            "Use default-src 'self'; script-src 'self' https://cdn.example.com; img-src 'self' data:",
            _CSP.replace("Content-Security-Policy", "Content-Security-Policy-Report-Only"),
        ],
    ),
    "ufw_rules": (
        {"allow": ["22", "443"], "default_incoming": "deny"},
        [
            _UFW,
            "Run `sudo ufw default deny incoming`, then `sudo ufw allow OpenSSH` and `sudo ufw allow https`, "
            "and finally `sudo ufw enable`.",
            "```\nufw default deny\nufw limit 22/tcp\nufw allow proto tcp from any to any port 443\n```",
        ],
        [
            _UFW.replace("deny incoming", "allow incoming"),
            _UFW.replace("sudo ufw allow 443/tcp\n", ""),
            _UFW.replace("sudo ufw allow 443/tcp\n", "sudo ufw allow 443/tcp\nsudo ufw allow 80/tcp\n"),
            _UFW.replace("sudo ufw default deny incoming\n", ""),
            "Block everything incoming and allow ports 22 and 443.",
        ],
    ),
    "html_form": (
        {
            "action": "/join",
            "method": "post",
            "fields": {"name": "text", "email": "email"},
            "required": ["email"],
        },
        [
            _FORM,
            '<FORM METHOD="POST" action="/join"><label>Name <input name="name"></label>'
            '<input name="email" type="email" required="required"/></FORM>',
        ],
        [
            _FORM.replace(' method="post"', ""),
            _FORM.replace('action="/join"', 'action="/signup"'),
            _FORM.replace('type="email" name="email" required', 'type="email" name="email"'),
            _FORM.replace('type="email"', 'type="text"'),
            _FORM.replace('name="name"', 'name="fullname"'),
            '<input type="text" name="name">\n<input type="email" name="email" required>',
        ],
    ),
    "json_ld": (
        {"type": "Cafe", "properties": {"name": "Bean There", "telephone": "+44 20 7946 0000"}},
        [
            _LD,
            '```json\n{"@context": {"@vocab": "https://schema.org/"}, '
            '"@graph": [{"@type": ["Cafe", "Place"], "name": "bean  there", '
            '"telephone": "+44 20 7946 0000"}]}\n```',
        ],
        [
            _LD.replace('"Cafe"', '"Restaurant"'),
            _LD.replace("Bean There", "Bean Here"),
            _LD.replace("https://schema.org", "https://example.org"),
            _LD.replace(', "telephone": "+44 20 7946 0000"', ""),
            _LD.replace('"name": "Bean There",', '"name": "Bean There"'),
        ],
    ),
    "geojson_points": (
        {"points": {"Big Ben": [51.5007, -0.1246], "London Eye": [51.5033, -0.1196]}},
        [_GEO, _GEO.replace("[-0.1246, 51.5007]", "[-0.12462, 51.50071, 0]")],
        [
            _GEO.replace("[-0.1246, 51.5007]", "[51.5007, -0.1246]"),
            _GEO.replace("The London Eye", "Millennium Wheel"),
            _GEO.replace(
                "]}\n```",
                ', {"type": "Feature", "properties": {"name": "Extra"}, '
                '"geometry": {"type": "Point", "coordinates": [0, 51]}}]}\n```',
            ),
            _GEO.replace("FeatureCollection", "GeometryCollection"),
            _GEO.replace("51.5033", "51.5133"),
        ],
    ),
    "openapi_paths": (
        {"paths": {"/notes": ["get", "post"], "/notes/{id}": ["delete"]}},
        [_OPENAPI, _OPENAPI.replace("openapi: 3.0.3", "openapi: '3.1.0'")],
        [
            _OPENAPI.replace("openapi: 3.0.3", "swagger: '2.0'"),
            _OPENAPI.replace("    delete:\n", "    remove:\n"),
            _OPENAPI.replace("  /notes/{id}:\n", "  /notes/{noteId}:\n"),
            _OPENAPI.replace(
                "    post:\n      responses:\n        '201':\n          description: Created\n", ""
            ),
            _OPENAPI.replace("    delete:\n", "    get:\n      responses: {}\n    delete:\n"),
        ],
    ),
    "package_scripts": (
        {"fields": {"name": "demo"}, "scripts": {"dev": "vite", "build": "vite build"}},
        [_PKG, _PKG.replace('"vite build"', '"vite  build"').replace("```json\n", "").replace("```", "")],
        [
            _PKG.replace('"vite build"', '"tsc && vite build"'),
            _PKG.replace('"name": "demo"', '"name": "demo-app"'),
            _PKG.replace('    "dev": "vite",\n', ""),
            _PKG.replace('"lint": "eslint ."\n', '"lint": "eslint .",\n'),
        ],
    ),
    "vin_numbers": (
        {"n": 3},
        [_VINS, "1M8GDM9AXKP042788, XK2DEG0D4PCF43ESF and 4DHRD2DR5JV3KHWMG (model year 2019)."],
        [
            _VINS.replace("1M8GDM9AX", "1M8GDM9A1"),
            _VINS.replace("XK2DEG0D4PCF43ESF", "1M8GDM9AXKP042788"),
            _VINS.rsplit("\n", 1)[0],
            _VINS + "\n- 11111111111111111\n- 1M8GDM9AXKP042789",
            _VINS.replace("XK2DEG0D4", "XK2DEGOD4"),
            "Three VINs: ask the DMV.",
        ],
    ),
    "ipv6_addresses": (
        {"prefix": "2001:db8::/32", "n": 3},
        [_V6S, "Use 2001:db8::1, 2001:db8:0:1::20 and 2001:db8:acad:2::1 (all in 2001:db8::/32)."],
        [
            _V6S.replace("2001:db8::1", "2001:db9::1"),
            _V6S.replace("2001:0db8:acad:0002:0000:0000:0000:0001", "2001:db8:acad:2::1:2:3:4:5"),
            _V6S.replace("2001:0db8:acad:0002:0000:0000:0000:0001", "2001:db8::1"),
            _V6S.rsplit("\n", 1)[0],
            "Three addresses from the 2001:db8::/32 range.",
        ],
    ),
    "magic_square": (
        {"size": 3},
        [
            _MAGIC,
            "| 8 | 1 | 6 |\n|---|---|---|\n| 3 | 5 | 7 |\n| 4 | 9 | 2 |\n\nEvery line adds up to 15.",
            "Row 1: 2, 9, 4\nRow 2: 7, 5, 3\nRow 3: 6, 1, 8",
        ],
        [
            _MAGIC.replace("9 5 1", "9 1 5"),
            _MAGIC.replace("4 3 8", "4 3 8 1"),
            "```\n1 2 3\n4 5 6\n7 8 9\n```",
            "```\n5 5 5\n5 5 5\n5 5 5\n```",
            _MAGIC.replace("9 5 1", "9 5 1\nsum 15"),
        ],
    ),
    "caesar_text": (
        {"text": "Meet at noon", "shift": 3},
        ["Your clue: **PHHW DW QRRQ**", "Meet at noon -> phhw dw  qrrq", "```\nPhhw dw qrrq\n```"],
        [
            "Your clue: PHHW DW QRRP",
            "Your clue: JBBQ XQ KLLK",
            "Your clue: PHHWDWQRRQ",
            "Your clue: XPHHW DW QRRQ",
        ],
    ),
    "length_order": (
        {"order": "ascending", "n": 4},
        [
            "1. Ox\n2. Cat\n3. Bear\n4. Horse",
            "- **Ox** - a big cow\n- Emu: a bird\n- Wolf (grey)\n- Horse, a fast one",
            "Ox, Cat, Bear and Horse",
        ],
        [
            "1. Ox\n2. Bear\n3. Cat\n4. Horse",
            "1. Ox\n2. Cat\n3. Bear",
            "1. Horse\n2. Bear\n3. Cat\n4. Ox",
        ],
    ),
    "isograms": (
        {"n": 3, "min_length": 6},
        [
            "- planet\n- garden\n- wizard",
            "Planet, garden and wizard",
            "1. **Planet** (6)\n2. Garden\n3. Wizard",
        ],
        [
            "- planet\n- gardens\n- balloon",
            "- planet\n- garden",
            "- planet\n- garden\n- wizard\n- market",
            "- planet\n- Planet\n- wizard",
            "- plant\n- garden\n- wizard",
            "- planet\n- garden\n- wiz-ard",
        ],
    ),
    "scrabble_values": (
        {"n": 3, "contains": "q"},
        [
            "QUIZ - 22\nQUEEN - 14\nQUILT - 14",
            "Here are three words:\n\n1. **QUIZ** – 22 points\n"
            "2. Queen: Q(10) + U(1) + E(1) + E(1) + N(1) = 14\n3. quilt (14)",
        ],
        [
            "QUIZ - 22\nQUEEN - 15\nQUILT - 14",
            "QUIZ - 22\nQUEEN - 14",
            "QUIZ - 22\nQUEEN - 14\nQUILT - 14\nCAT - 5",
            "QUIZ - 22\nQUEEN - 14\nQUIZ - 22",
            "QUIZ - 22\nQUEEN - 14\nHELLO - 8",
        ],
    ),
    "color_gradient": (
        {"start": "#000000", "end": "#FFFFFF", "n": 4},
        [_GRAY, "From #000 to #fff:\n\n1. #000000\n2. #565656\n3. #A9A9A9\n4. #FFFFFF"],
        [
            _GRAY.replace("#555555", "#444444"),
            _GRAY.replace(", #FFFFFF", ""),
            _GRAY.replace("#AAAAAA", "#AAAAAA, #CCCCCC"),
            _GRAY.replace("#000000", "#111111"),
            "black to white in four steps",
        ],
    ),
    "compound_growth": (
        {"principal": 1000, "rate": 5, "years": 3},
        [
            _SAVINGS,
            "| Year | Interest | Balance |\n|---|---|---|\n| 1 | $50.00 | $1,050.00 |\n"
            "| 2 | $52.50 | $1,102.50 |\n| 3 | $55.13 | $1,157.63 |",
            "After 1 year you'd have $1,050.00, after 2 years $1,102.50 and after 3 years $1,157.63.",
        ],
        [
            _SAVINGS.replace("1,157.63", "1,150.00"),
            _SAVINGS.rsplit("\n", 1)[0],
            _SAVINGS.replace("1,102.50", "1,100.00"),
            "After 3 years: $1,157.63",
        ],
    ),
    "numbered_headings": (
        {"min": 3},
        [
            _HEADINGS,
            "**1. Welcome**\nHi.\n\n**1.1 Team**\nUs.\n\n**2. Safety**\nCare.\n\n**3. Help**\nAsk.",
        ],
        [
            _HEADINGS.replace("### 1.2", "### 1.3"),
            _HEADINGS.replace("## 3. Help\nAsk us.", ""),
            _HEADINGS.replace("### 1.1 The team", "## 1.1 The team"),
            _HEADINGS.replace("### 1.1 The team\nWho we are.\n\n### 1.2 Your week\nPlans.\n\n", ""),
            _HEADINGS.replace("## 2. Safety", "## Safety"),
            _HEADINGS.replace("## 2. Safety", "## 4. Safety"),
        ],
    ),
    "domain_names": (
        {"tld": "com", "n": 3, "max_length": 12, "letters_only": "true"},
        [_DOMAINS, "Try TailTrails.com, wagwalkers.com or goodboywalks.com (email hello@tailtrails.com)."],
        [
            _DOMAINS.replace("tailtrails", "tail-trails"),
            _DOMAINS.replace("wagwalkers", "wagwalkers2"),
            _DOMAINS.replace("goodboywalks", "goodboywalksleeds"),
            _DOMAINS.rsplit("\n", 1)[0],
            _DOMAINS + "\n- pawsome.com",
            _DOMAINS.replace(".com", ".co.uk"),
        ],
    ),
    "fen_position": (
        {"board": _FEN_BOARD, "to_move": "w"},
        [_FEN, "FEN:\n\n```\n" + _FEN_BOARD + " w KQkq - 0 2\n```"],
        [
            _FEN.replace(" w ", " b "),
            _FEN.replace("4p3", "3p4"),
            _FEN_BOARD,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ],
    ),
}

# kind: parameter sets each refused, whatever the answer
BAD_PARAMS = {
    "k8s_deployment": [
        {},
        {"name": "shop"},
        {"name": "shop", "image": ""},
        {"name": "shop", "image": "x", "port": 0},
        {"name": "shop", "image": "x", "port": 70000},
        {"name": "shop", "image": "x", "replicas": "2"},
    ],
    "csp_header": [
        {},
        {"directives": {}},
        {"directives": {"script-src": []}},
        {"directives": {"Script Src": ["a"]}},
        {"directives": {"script-src": "'self'"}},
    ],
    "ufw_rules": [{}, {"allow": []}, {"allow": ["ssh"]}, {"allow": ["22"], "default_incoming": "block"}],
    "html_form": [
        {},
        {"fields": {}},
        {"fields": {"a": ""}},
        {"fields": {"a": "text"}, "required": ["b"]},
        {"fields": {"a": "text"}, "method": "put"},
    ],
    "json_ld": [
        {},
        {"type": ""},
        {"type": "Cafe", "properties": {}},
        {"type": "Cafe", "properties": {"name": 5}},
    ],
    "geojson_points": [
        {},
        {"points": {}},
        {"points": {"A": [1]}},
        {"points": {"A": [100, 0]}},
        {"points": {"A": ["1", "2"]}},
    ],
    "openapi_paths": [
        {},
        {"paths": {}},
        {"paths": {"todos": ["get"]}},
        {"paths": {"/todos": ["fetch"]}},
        {"paths": {"/todos": []}},
    ],
    "package_scripts": [
        {},
        {"scripts": {}},
        {"scripts": {"dev": ""}},
        {"scripts": {"dev": "vite"}, "fields": {}},
    ],
    "vin_numbers": [{"n": 0}, {"n": 2, "max": 3}, {"min": 3, "max": 2}, {"n": "3"}],
    "ipv6_addresses": [
        {},
        {"prefix": "10.0.0.0/8"},
        {"prefix": "2001:db8::1/32"},
        {"prefix": "2001:db8::/32", "n": 0},
    ],
    "magic_square": [{}, {"size": 2}, {"size": 11}, {"size": "3"}],
    "caesar_text": [
        {},
        {"text": "abc"},
        {"text": "abc", "shift": 26},
        {"text": "123", "shift": 3},
        {"text": "abc", "shift": 0},
    ],
    "length_order": [{}, {"order": "shortest"}, {"order": "ascending", "n": 1}],
    "isograms": [{}, {"n": 0}, {"n": 3, "min_length": 1}, {"n": 3, "min_length": "6"}],
    "scrabble_values": [{}, {"n": 0}, {"n": 3, "contains": "q1"}],
    "color_gradient": [
        {},
        {"start": "#000", "end": "#FFFFFF", "n": 4},
        {"start": "#000000", "end": "white", "n": 4},
        {"start": "#000000", "end": "#FFFFFF", "n": 2},
    ],
    "compound_growth": [
        {},
        {"principal": 0, "rate": 5, "years": 3},
        {"principal": 1000, "rate": 0, "years": 3},
        {"principal": 1000, "rate": 5, "years": 0},
        {"principal": 1000, "rate": 500, "years": 3},
        {"principal": "1000", "rate": 5, "years": 3},
    ],
    "numbered_headings": [{"min": 0}, {"min": "2"}],
    "domain_names": [
        {},
        {"tld": "com"},
        {"tld": "c0m", "n": 3},
        {"tld": "com", "n": 0},
        {"tld": "com", "n": 3, "letters_only": "yes"},
        {"tld": "com", "n": 3, "max_length": 0},
    ],
    "fen_position": [
        {},
        {"board": "8/8/8"},
        {"board": "9/8/8/8/8/8/8/8"},
        {"board": _FEN_BOARD, "to_move": "white"},
    ],
}


def test_every_new_kind_has_cases():
    assert set(KIND_CASES) == set(TEST15_CHECKS) == set(BAD_PARAMS)


@pytest.mark.parametrize("kind", sorted(TEST15_CHECKS))
def test_each_new_kind_on_passing_and_failing_answers(kind):
    params, good, bad = KIND_CASES[kind]
    c = {"check": kind, **params}
    for text in good:
        assert S.check(c, text) is True, (kind, text)
    for text in bad:
        assert S.check(c, text) is False, (kind, text)
    for text in ("", "   ", "... !!! ???", "- \n* \n#"):  # no word meets none
        assert S.check(c, text) is False, (kind, text)


@pytest.mark.parametrize("kind", sorted(TEST15_CHECKS))
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
    # vin_numbers: a check digit of 10 is written X
    assert check({"check": "vin_numbers", "n": 1}, "1M8GDM9AXKP042788")
    # ipv6_addresses: the same address written twice (long and short) is a repeat
    six = {"check": "ipv6_addresses", "prefix": "2001:db8::/32", "min": 1}
    assert check(six, "2001:db8::1") and not check(six, "2001:db8::1 and 2001:0db8:0:0:0:0:0:1")
    # magic_square: a 4x4 one
    square = "16 3 2 13\n5 10 11 8\n9 6 7 12\n4 15 14 1"
    assert check({"check": "magic_square", "size": 4}, square)
    assert not check({"check": "magic_square", "size": 4}, square.replace("16 3", "3 16"))
    # caesar_text: letters wrap round past z, and the case of the text is kept or not
    assert check({"check": "caesar_text", "text": "xyz", "shift": 5}, "It reads: cde")
    # length_order: descending, ties allowed
    down = {"check": "length_order", "order": "descending"}
    assert check(down, "1. Anastasia\n2. Isabella\n3. Eleanor\n4. Amelia\n5. Chloe\n6. Grace\n7. Ava")
    assert not check(down, "1. Ava\n2. Anastasia")
    # compound_growth: "Year 3" in a list, figures within a cent and a half of the exact sum
    grow = {"check": "compound_growth", "principal": 100, "rate": 10, "years": 2}
    assert check(grow, "Year 1: 110.00\nYear 2: 121.00") and not check(grow, "Year 1: 110.00\nYear 2: 120.00")
    # domain_names: without letters_only, digits and inner hyphens are fine
    dom = {"check": "domain_names", "tld": "io", "n": 2, "max_length": 9}
    assert check(dom, "habit-ly.io and streak2.io") and not check(dom, "-habit.io and streak.io")
    # ufw_rules: a port range and a comma list
    assert check({"check": "ufw_rules", "allow": ["80", "443"]}, "sudo ufw allow 80,443/tcp")
    # scrabble_values: a line of prose with a number is not a scored word
    sc = {"check": "scrabble_values", "n": 1}
    assert check(sc, "Here are 1 or 2 ideas:\n\nZAX - 19") and not check(sc, "Here are ideas:\n\nZAX - 20")
    # numbered_headings: an unnumbered heading after a numbered one breaks the outline
    outline = "## 1. A\n### 1.1 B\n## 2. C\n## Notes"
    assert not check({"check": "numbered_headings"}, outline)
    assert check({"check": "numbered_headings"}, outline.replace("## Notes", "## 3. Notes"))
    # csp_header: a host written without https:// is the same source
    csp = {"check": "csp_header", "directives": {"script-src": ["'self'", "https://cdn.example.com"]}}
    assert check(csp, "Content-Security-Policy: script-src 'self' cdn.example.com")
    # magic_square: each row's sum written after it is no part of the grid
    assert check({"check": "magic_square", "size": 3}, "2 7 6 = 15\n9 5 1 = 15\n4 3 8 = 15")
    # geojson_points: GeoJSON puts longitude first
    geo = {"check": "geojson_points", "points": {"Home": [10.0, 20.0]}}
    doc = '{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "Home"}, '
    doc += '"geometry": {"type": "Point", "coordinates": [20.0, 10.0]}}]}'
    assert check(geo, doc) and not check(geo, doc.replace("[20.0, 10.0]", "[10.0, 20.0]"))


# ------------------------------------------------------------------ a hand-written answer per row

_GEO_TOUR = (
    '```json\n{\n  "type": "FeatureCollection",\n  "features": [\n'
    '    {"type": "Feature", "properties": {"name": "Big Ben"},\n'
    '     "geometry": {"type": "Point", "coordinates": [-0.1246, 51.5007]}},\n'
    '    {"type": "Feature", "properties": {"name": "London Eye"},\n'
    '     "geometry": {"type": "Point", "coordinates": [-0.1196, 51.5033]}},\n'
    '    {"type": "Feature", "properties": {"name": "Tower Bridge"},\n'
    '     "geometry": {"type": "Point", "coordinates": [-0.0754, 51.5055]}}\n  ]\n}\n```\n\n'
    "GeoJSON puts longitude first, so the pairs are flipped from how you wrote them."
)
_TODO_API = (
    "```yaml\nopenapi: 3.0.3\ninfo:\n  title: Todo API\n  version: 1.0.0\npaths:\n  /todos:\n    get:\n"
    "      summary: List todos\n      responses:\n        '200':\n          description: A list of todos\n"
    "    post:\n      summary: Create a todo\n      responses:\n        '201':\n"
    "          description: Created\n"
    "  /todos/{id}:\n    parameters:\n      - name: id\n        in: path\n        required: true\n"
    "        schema:\n          type: string\n    get:\n      summary: Get a todo\n      responses:\n"
    "        '200':\n          description: The todo\n    put:\n      summary: Replace a todo\n"
    "      responses:\n        '200':\n          description: Updated\n    delete:\n"
    "      summary: Delete a todo\n      responses:\n        '204':\n          description: Deleted\n```"
)
_GROWTH = [2575.00, 2652.25, 2731.82, 2813.77, 2898.19, 2985.13, 3074.68, 3166.93, 3261.93, 3359.79]
ANSWERS = {
    "n01": (
        "Here are five test VINs (made up, but the 9th character is a valid check digit):\n\n"
        "1. XK2DEG0D4PCF43ESF\n2. 4DHRD2DR5JV3KHWMG\n3. N0GEDP848660WSMSF\n4. W8Y5VEH9XLYK83CEX\n"
        "5. YZ86EFU71DW5V1ZB6"
    ),
    "n02": "- ZLH8DPVJ6228FL52U\n- J4U3Z1RK2MKRRA8MT\n- VAK30XJ9562222G72",
    "n03": (
        "All four are in 2001:db8::/32, the range reserved for documentation:\n\n"
        "- web01: 2001:db8:10::10\n- web02: 2001:db8:10::11\n- db01: 2001:db8:20::5\n- backup: 2001:db8:30::1"
    ),
    "n04": (
        "```yaml\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: recipe-api\n  labels:\n"
        "    app: recipe-api\nspec:\n  replicas: 3\n  selector:\n    matchLabels:\n      app: recipe-api\n"
        "  template:\n    metadata:\n      labels:\n        app: recipe-api\n    spec:\n      containers:\n"
        "        - name: recipe-api\n          image: ghcr.io/acme/recipe-api:2.4.1\n          ports:\n"
        "            - containerPort: 8080\n```\n\nApply it with `kubectl apply -f deployment.yaml`."
    ),
    "n05": (
        "Send this header:\n\n```\nContent-Security-Policy: default-src 'self'; script-src 'self' "
        "https://cdn.jsdelivr.net; img-src 'self' data:\n```\n\nEverything else falls back to default-src."
    ),
    "n06": (
        "```bash\nsudo ufw default deny incoming\nsudo ufw default allow outgoing\nsudo ufw allow 22/tcp\n"
        "sudo ufw allow 80/tcp\nsudo ufw allow 443/tcp\nsudo ufw enable\n```\n\n"
        "Allow SSH before you enable it, or you'll lock yourself out."
    ),
    "n07": (
        '```html\n<form action="/subscribe" method="post">\n  <label for="name">Name</label>\n'
        '  <input type="text" id="name" name="name">\n\n  <label for="email">Email</label>\n'
        '  <input type="email" id="email" name="email" required>\n\n'
        '  <label>\n    <input type="checkbox" name="consent" required>\n'
        "    I agree to receive the newsletter\n  </label>\n\n"
        '  <button type="submit">Subscribe</button>\n</form>\n```'
    ),
    "n08": (
        'Put this in your page\'s `<head>`:\n\n```html\n<script type="application/ld+json">\n{\n'
        '  "@context": "https://schema.org",\n  "@type": "Bakery",\n  "name": "Crumb & Co",\n'
        '  "telephone": "+1-503-555-0142",\n  "address": {\n    "@type": "PostalAddress",\n'
        '    "streetAddress": "12 Alder St",\n    "addressLocality": "Portland",\n'
        '    "addressRegion": "OR",\n    "postalCode": "97205"\n  }\n}\n</script>\n```'
    ),
    "n09": _GEO_TOUR,
    "n10": _TODO_API,
    "n11": "Here's one where every row, column and diagonal adds up to 15:\n\n```\n2 7 6\n9 5 1\n4 3 8\n```",
    "n12": (
        "| 16 | 3 | 2 | 13 |\n|---|---|---|---|\n| 5 | 10 | 11 | 8 |\n| 9 | 6 | 7 | 12 |\n| 4 | 15 | 14 | 1 |"
    ),
    "n13": "With a shift of 3 (A becomes D), the clue reads:\n\n**ORRN XQGHU WKH EOXH SRW**",
    "n14": '"Happy birthday Sam" shifted by 5 is:\n\nMfuud gnwymifd Xfr',
    "n15": "1. Ox\n2. Cat\n3. Bear\n4. Horse\n5. Rabbit\n6. Giraffe\n7. Elephant\n8. Crocodile",
    "n16": "1. Anastasia\n2. Isabella\n3. Eleanor\n4. Amelia\n5. Chloe\n6. Ava",
    "n17": (
        "- planet\n- garden\n- wizard\n- market\n- blanket\n- jumping\n- copyright\n- dialogue\n- frosty\n"
        "- subject"
    ),
    "n18": "1. copyright\n2. dialogue\n3. ambidextrous\n4. lumberjacks\n5. trampolines",
    "n19": "QUIZ - 22\nQUACK - 20\nSQUASH - 18\nEQUIP - 16\nQUEEN - 14\nQUILT - 14",
    "n20": "1. #1E3A8A\n2. #54536A\n3. #8A6C4A\n4. #BF852B\n5. #F59E0B",
    "n21": "`#000000` `#2A2A2A` `#555555` `#808080` `#AAAAAA` `#D4D4D4` `#FFFFFF`",
    "n22": (
        "| Year | Balance |\n|---|---|\n| 1 | $10,450.00 |\n| 2 | $10,920.25 |\n| 3 | $11,411.66 |\n"
        "| 4 | $11,925.19 |\n| 5 | $12,461.82 |"
    ),
    "n23": "| Year | Value |\n|---|---|\n"
    + "\n".join(f"| {k} | £{v:,.2f} |" for k, v in enumerate(_GROWTH, 1))
    + "\n\nThat's £859.79 of interest over the ten years.",
    "n24": (
        "# Warehouse Onboarding Guide\n\n## 1. Welcome\nWhat to expect in your first days.\n\n"
        "### 1.1 Who we are\nA short history of the site and the teams you'll meet.\n\n"
        "### 1.2 Your first week\nShadow shifts, training sessions and your buddy.\n\n"
        "## 2. Safety\nSafety comes before speed, every time.\n\n"
        "### 2.1 Protective equipment\nBoots, hi-vis and gloves are required on the floor.\n\n"
        "### 2.2 Forklift zones\nStay behind the yellow lines.\n\n"
        "## 3. Daily work\nHow a normal shift runs.\n\n"
        "### 3.1 Picking and packing\nFollow the scanner's order.\n\n"
        "## 4. Getting help\nYour team leader and HR are always there to ask."
    ),
    "n25": (
        "- walkiesleeds.com\n- pawsinleeds.com\n- leedsdogwalks.com\n- leashandlead.com\n"
        "- muttstrutleeds.com\n- tailtrails.com\n- wagwalkers.com\n- yorkshirewags.com\n"
        "- strollandsniff.com\n- goodboywalks.com"
    ),
    "n26": "habitly.io, streakr.io, dailyloop.io, tickoff.io, nudgely.io and routinr.io",
    "n27": "```\nrnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n```",
    "n28": (
        '```json\n{\n  "name": "trail-notes",\n  "version": "0.1.0",\n  "private": true,\n'
        '  "type": "module",\n  "scripts": {\n    "dev": "vite",\n    "build": "vite build",\n'
        '    "preview": "vite preview"\n  },\n  "devDependencies": {\n    "vite": "^5.4.0"\n  }\n}\n```'
    ),
    "n29": (
        "I throw small-batch stoneware mugs and bowls in my garage studio in Bristol. Every piece is "
        "glazed by hand and made to be used every day."
    ),
    "n30": (
        "- Give it at least six hours of direct sun a day.\n- Water when the top of the soil feels dry.\n"
        "- Use a pot with drainage holes.\n- Pinch off flower buds as soon as they appear.\n"
        "- Harvest from the top, just above a pair of leaves."
    ),
    "n31": (
        "Hi Priya,\n\nThank you so much for watering my plants while I was away. They all look happier "
        "than when I left them!\n\nPlease let me return the favour next time you travel.\n\n"
        "Thanks again,\nDan"
    ),
    "n32": (
        "PLEASE LABEL YOUR FOOD!\n\nPUT YOUR NAME ON EVERYTHING YOU LEAVE IN THIS FRIDGE. UNLABELLED ITEMS "
        "WILL BE THROWN OUT ON FRIDAY AFTERNOON.\n\nTHANK YOU!"
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
        asked = [c for c in r["checks"] if c["check"] in TEST15_CHECKS]
        for rid, text in ANSWERS.items():
            if asked and rid != r["id"]:
                met += all(S.check(c, text) for c in asked)
                pairs += 1
    assert met / pairs < 0.05, met


# ------------------------------------------------------------------ the generator


def _before_test16(task):
    """data.jsonl as it was before the test16 to test18 rows were appended after test15's."""
    later = ('"split": "test16"', '"split": "test17"', '"split": "test18"')
    return "".join(
        ln for ln in task.data_path.read_text().splitlines(True) if not any(s in ln for s in later)
    )


def test_data_jsonl_ends_with_the_generators_test15_rows(task):
    text = _before_test16(task)
    assert text.endswith(generic_test15.render())
    tail = text.splitlines()[-60:]
    assert [json.loads(ln)["split"] for ln in tail] == ["test15"] * 60
    assert '"split": "test15"' not in text[: len(text) - len(generic_test15.render())]
    before = text[: len(text) - len(generic_test15.render())]
    assert before.endswith(generic_test14.render())  # right after test14's rows


def test_the_generator_keeps_every_other_line(task, tmp_path, monkeypatch):
    data = tmp_path / "data.jsonl"
    original = _before_test16(task)
    older = original[: len(original) - len(generic_test15.render())]
    monkeypatch.setattr(generic_test15, "DATA", data)
    for start in (older, original, older + '{"id": "n99", "kind": "everyday", "split": "test15"}\n'):
        data.write_text(start)
        generic_test15.main()
        assert data.read_text() == original
    first, rest = older.split("\n", 1)  # a test15 line out of place is dropped, the rows written once
    data.write_text(first + "\n" + generic_test15.render() + rest)
    generic_rows.rewrite(data, generic_test15.SPLIT, generic_test15.render())
    assert data.read_text() == original
