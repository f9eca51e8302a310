"""The generic task: its data and splits, its loop being `selfrefine run`'s, and its hidden checkers
on hand-written answers and on garbage (no engine)."""

import json
from collections import Counter

import pytest

from selfrefine.engine.backends import settings
from selfrefine.engine.core.generic import make_item
from selfrefine.tasks import registry
from selfrefine.tasks.generic.scorer import hidden_tests
from selfrefine.tasks.registry import TaskError
from selfrefine.tasks.tools import (
    generic_data,
    generic_test2,
    generic_test3,
    generic_test4,
    generic_test5,
    generic_test6,
    generic_test7,
    generic_test8,
    generic_test9,
    generic_test10,
    generic_test11,
    generic_test12,
    generic_test13,
    generic_test14,
    generic_test15,
    generic_test16,
    generic_test17,
    generic_test18,
)

KINDS = {"constraints": 60, "function": 40, "everyday": 20}


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:all")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows()}


def _score(task, by_id, rid, output):
    return task.scorer.score(by_id[rid], output)


# ------------------------------------------------------------------ data and splits


def test_loads_with_enough_rows_of_each_kind(task):
    rows = task.rows()
    assert len(rows) >= 120
    kinds = Counter(r["kind"] for r in rows)
    assert all(kinds[k] >= n for k, n in KINDS.items()) and set(kinds) == set(KINDS)
    assert len({r["id"] for r in rows}) == len(rows)
    assert len({r["request"] for r in rows}) == len(rows)


def test_splits_are_deterministic_stratified_and_select_the_rows(task):
    rows = task.rows()
    assert {r["split"] for r in rows} == {"dev", "holdout", *(f"test{i}" for i in range(2, 19))}
    # the first 126 rows are dev: positions 0, 3, 6, ... of each kind always were, the others were
    # `test` until 2026-12-05 (read while the observers were tuned, so dev now)
    tuned = [r for r in rows if r["split"] == "dev"]
    assert rows[: len(tuned)] == tuned and len(tuned) == 126
    for kind in KINDS:
        assert (
            sum(r["kind"] == kind for r in tuned) == {"constraints": 63, "function": 42, "everyday": 21}[kind]
        )
    # the holdout (written blind to the observers) comes after every dev row: constraints only
    held = [r for r in rows if r["split"] == "holdout"]
    assert rows[len(tuned) : len(tuned) + 36] == held and len(held) == 36
    assert [r["id"] for r in held] == [f"h{i:02d}" for i in range(1, 37)]
    assert {r["kind"] for r in held} == {"constraints"}
    # then test2 (t01-t60, written blind on 2026-12-05; tests/test_generic_test2.py checks its rows)
    fresh = [r for r in rows if r["split"] == "test2"]
    assert rows[len(tuned) + 36 : len(tuned) + 96] == fresh and [r["id"] for r in fresh] == [
        f"t{i:02d}" for i in range(1, 61)
    ]
    # then test3 (u01-u60, written blind on 2026-12-06; tests/test_generic_test3.py checks its rows)
    third = [r for r in rows if r["split"] == "test3"]
    assert rows[len(tuned) + 96 : len(tuned) + 156] == third and [r["id"] for r in third] == [
        f"u{i:02d}" for i in range(1, 61)
    ]
    # then test4 (v01-v60, written blind on 2026-12-06; tests/test_generic_test4.py checks its rows)
    fourth = [r for r in rows if r["split"] == "test4"]
    assert rows[len(tuned) + 156 : len(tuned) + 216] == fourth and [r["id"] for r in fourth] == [
        f"v{i:02d}" for i in range(1, 61)
    ]
    # then test5 (w01-w60, written blind on 2026-12-06; tests/test_generic_test5.py checks its rows)
    fifth = [r for r in rows if r["split"] == "test5"]
    assert rows[len(tuned) + 216 : len(tuned) + 276] == fifth and [r["id"] for r in fifth] == [
        f"w{i:02d}" for i in range(1, 61)
    ]
    # then test6 (x01-x60, written blind on 2026-12-06; tests/test_generic_test6.py checks its rows)
    sixth = [r for r in rows if r["split"] == "test6"]
    assert rows[len(tuned) + 276 : len(tuned) + 336] == sixth and [r["id"] for r in sixth] == [
        f"x{i:02d}" for i in range(1, 61)
    ]
    # then test7 (y01-y60, written blind on 2026-12-06; tests/test_generic_test7.py checks its rows)
    seventh = [r for r in rows if r["split"] == "test7"]
    assert rows[len(tuned) + 336 : len(tuned) + 396] == seventh and [r["id"] for r in seventh] == [
        f"y{i:02d}" for i in range(1, 61)
    ]
    # then test8 (z01-z60, written blind on 2026-12-07; tests/test_generic_test8.py checks its rows)
    eighth = [r for r in rows if r["split"] == "test8"]
    assert rows[len(tuned) + 396 : len(tuned) + 456] == eighth and [r["id"] for r in eighth] == [
        f"z{i:02d}" for i in range(1, 61)
    ]
    # then test9 (k01-k60, written blind on 2026-12-07; tests/test_generic_test9.py checks its rows)
    ninth = [r for r in rows if r["split"] == "test9"]
    assert rows[len(tuned) + 456 : len(tuned) + 516] == ninth and [r["id"] for r in ninth] == [
        f"k{i:02d}" for i in range(1, 61)
    ]
    # then test10 (m01-m60, written blind on 2026-12-07; tests/test_generic_test10.py checks its rows)
    tenth = [r for r in rows if r["split"] == "test10"]
    assert rows[len(tuned) + 516 : len(tuned) + 576] == tenth and [r["id"] for r in tenth] == [
        f"m{i:02d}" for i in range(1, 61)
    ]
    # then test11 (p01-p60, written blind; tests/test_generic_test11.py checks its rows)
    eleventh = [r for r in rows if r["split"] == "test11"]
    assert rows[len(tuned) + 576 : len(tuned) + 636] == eleventh and [r["id"] for r in eleventh] == [
        f"p{i:02d}" for i in range(1, 61)
    ]
    # then test12 (q01-q60, written blind; tests/test_generic_test12.py checks its rows)
    twelfth = [r for r in rows if r["split"] == "test12"]
    assert rows[len(tuned) + 636 : len(tuned) + 696] == twelfth and [r["id"] for r in twelfth] == [
        f"q{i:02d}" for i in range(1, 61)
    ]
    # then test13 (r01-r60, written blind; tests/test_generic_test13.py checks its rows)
    thirteenth = [r for r in rows if r["split"] == "test13"]
    assert rows[len(tuned) + 696 : len(tuned) + 756] == thirteenth and [r["id"] for r in thirteenth] == [
        f"r{i:02d}" for i in range(1, 61)
    ]
    # then test14 (s01-s60, written blind; tests/test_generic_test14.py checks its rows)
    fourteenth = [r for r in rows if r["split"] == "test14"]
    assert rows[len(tuned) + 756 : len(tuned) + 816] == fourteenth and [r["id"] for r in fourteenth] == [
        f"s{i:02d}" for i in range(1, 61)
    ]
    # then test15 (n01-n60, written blind; tests/test_generic_test15.py checks its rows)
    fifteenth = [r for r in rows if r["split"] == "test15"]
    assert rows[len(tuned) + 816 : len(tuned) + 876] == fifteenth and [r["id"] for r in fifteenth] == [
        f"n{i:02d}" for i in range(1, 61)
    ]
    # then test16 (g01-g60, written blind; tests/test_generic_test16.py checks its rows)
    sixteenth = [r for r in rows if r["split"] == "test16"]
    assert rows[len(tuned) + 876 : len(tuned) + 936] == sixteenth and [r["id"] for r in sixteenth] == [
        f"g{i:02d}" for i in range(1, 61)
    ]
    # then test17 (j01-j60, written blind; tests/test_generic_test17.py checks its rows)
    seventeenth = [r for r in rows if r["split"] == "test17"]
    assert rows[len(tuned) + 936 : len(tuned) + 996] == seventeenth and [r["id"] for r in seventeenth] == [
        f"j{i:02d}" for i in range(1, 61)
    ]
    # then test18 (b01-b60, written blind; tests/test_generic_test18.py checks its rows)
    eighteenth = [r for r in rows if r["split"] == "test18"]
    assert rows[len(tuned) + 996 :] == eighteenth and [r["id"] for r in eighteenth] == [
        f"b{i:02d}" for i in range(1, 61)
    ]
    dev, test2 = registry.load("generic:dev").rows(), registry.load("generic:test2").rows()
    holdout = registry.load("generic:holdout").rows()
    assert [r["id"] for r in dev] == [r["id"] for r in tuned]
    assert [r["id"] for r in test2] == [r["id"] for r in fresh]
    assert [r["id"] for r in holdout] == [r["id"] for r in held]
    assert registry.load("generic").variant == "dev"  # tuning runs see dev unless told otherwise
    # data.jsonl is the generators' output: generic_data's rows (it still writes the old `test`
    # split: those rows are dev here), then generic_test2's, generic_test3's, generic_test4's,
    # generic_test5's, generic_test6's, generic_test7's, generic_test8's, generic_test9's,
    # generic_test10's, generic_test11's, generic_test12's, generic_test13's, generic_test14's,
    # generic_test15's, generic_test16's, generic_test17's and generic_test18's.
    # Compared without printing the texts.
    text = task.data_path.read_text().splitlines(keepends=True)
    older = [json.loads(ln) for ln in generic_data.render().splitlines()]
    older = [{**r, "split": "dev"} if r["split"] == "test" else r for r in older]
    same = "".join(json.dumps(r) + "\n" for r in older) == "".join(text[: len(older)])
    assert same and len(older) == 162, "data.jsonl's first 162 rows are not generic_data's"
    assert generic_test2.render() == "".join(text[len(older) : len(older) + 60]), (
        "data.jsonl's test2 rows are not generic_test2's"
    )
    assert generic_test3.render() == "".join(text[len(older) + 60 : len(older) + 120]), (
        "data.jsonl's test3 rows are not generic_test3's"
    )
    assert generic_test4.render() == "".join(text[len(older) + 120 : len(older) + 180]), (
        "data.jsonl's test4 rows are not generic_test4's"
    )
    assert generic_test5.render() == "".join(text[len(older) + 180 : len(older) + 240]), (
        "data.jsonl's test5 rows are not generic_test5's"
    )
    assert generic_test6.render() == "".join(text[len(older) + 240 : len(older) + 300]), (
        "data.jsonl's test6 rows are not generic_test6's"
    )
    assert generic_test7.render() == "".join(text[len(older) + 300 : len(older) + 360]), (
        "data.jsonl's test7 rows are not generic_test7's"
    )
    assert generic_test8.render() == "".join(text[len(older) + 360 : len(older) + 420]), (
        "data.jsonl's test8 rows are not generic_test8's"
    )
    assert generic_test9.render() == "".join(text[len(older) + 420 : len(older) + 480]), (
        "data.jsonl's test9 rows are not generic_test9's"
    )
    assert generic_test10.render() == "".join(text[len(older) + 480 : len(older) + 540]), (
        "data.jsonl's test10 rows are not generic_test10's"
    )
    assert generic_test11.render() == "".join(text[len(older) + 540 : len(older) + 600]), (
        "data.jsonl's test11 rows are not generic_test11's"
    )
    assert generic_test12.render() == "".join(text[len(older) + 600 : len(older) + 660]), (
        "data.jsonl's test12 rows are not generic_test12's"
    )
    assert generic_test13.render() == "".join(text[len(older) + 660 : len(older) + 720]), (
        "data.jsonl's test13 rows are not generic_test13's"
    )
    assert generic_test14.render() == "".join(text[len(older) + 720 : len(older) + 780]), (
        "data.jsonl's test14 rows are not generic_test14's"
    )
    assert generic_test15.render() == "".join(text[len(older) + 780 : len(older) + 840]), (
        "data.jsonl's test15 rows are not generic_test15's"
    )
    assert generic_test16.render() == "".join(text[len(older) + 840 : len(older) + 900]), (
        "data.jsonl's test16 rows are not generic_test16's"
    )
    assert generic_test17.render() == "".join(text[len(older) + 900 : len(older) + 960]), (
        "data.jsonl's test17 rows are not generic_test17's"
    )
    assert generic_test18.render() == "".join(text[len(older) + 960 :]), (
        "data.jsonl's test18 rows are not generic_test18's"
    )


def test_every_row_is_checkable(task):
    scorer = task.scorer
    for r in task.rows():
        if r["kind"] == "constraints":
            assert r["checks"]
            scorer.score(r, "")  # every check name is known (an unknown one raises)
        elif r["kind"] == "function" and "shown" in r:  # test2-18: tests/test_generic_test{2,...,18}.py
            assert len(hidden_tests(r)) >= 6, r["id"]
        elif r["kind"] == "function":
            shown = r["request"].count(r["entry"] + "(") - 1  # the signature names it once
            assert 1 <= shown < len(r["tests"]), r["id"]  # hidden tests: more cases than shown
        else:
            assert r["answer"].get("any") or "number" in r["answer"]


# ------------------------------------------------------------------ the loop is `selfrefine run`'s


def test_config_and_prompts_are_those_of_run(task, by_id):
    assert task.generic
    assert task.cfg == settings.refine_config()  # run's options at their defaults
    assert task.cfg.prompts == type(task.cfg.prompts)()  # the default engine.core.prompts.Prompts
    for variant in (
        "dev", "test2", "test3", "test4", "test5", "test6", "test7", "test8", "test9", "test10", "test11",
        "test12", "test13", "test14", "test15", "test16", "test17", "test18", "holdout", "all",
    ):  # fmt: skip
        assert registry.load("generic", variant).cfg == task.cfg
    for rid in ("c01", "f01", "e01"):
        row = by_id[rid]
        item, as_run = task.item(row), make_item(row["request"], id=rid)
        assert item.input == row["request"] == as_run.input and item.id == rid
        assert (item.initial, item.messages, item.vocab) == (None,) * 3
        # the same tools as run's: observers where the request states something checkable
        assert (item.observe is None, item.guard is None) == (as_run.observe is None, as_run.guard is None)
        spec = task.cfg.spec
        assert (
            task.cfg.prompts.opening(spec, item.input)
            == settings.refine_config().prompts.opening(spec, as_run.input)
            == [{"role": "user", "content": row["request"]}]
        )


def test_overrides_change_the_generic_config_like_run_flags(task):
    t = registry.with_overrides(task, rounds=2, temperature=0.0)
    assert t.cfg == settings.refine_config(rounds=2, temperature=0.0)


def test_the_observer_hook_builds_observe_and_guard(task, by_id, monkeypatch):
    seen = []

    def builder(request):
        seen.append(request)
        return (lambda out: "observed"), (lambda out: None)

    monkeypatch.setattr(registry, "GENERIC_HOOKS", builder)
    item = task.item(by_id["f02"])
    assert seen == [by_id["f02"]["request"]] and item.observe("x") == "observed" and item.guard("x") is None
    assert registry.generic_item_hooks("r", hooks=lambda r: (None, print)) == (None, print)


def test_generic_refuses_keys_that_would_change_the_loop(tmp_path):
    f = tmp_path / "g"
    f.mkdir()
    (f / "data.jsonl").write_text('{"id": "a", "request": "Say hi.", "split": "dev"}\n')
    (f / "s.py").write_text("class S:\n    def score(self, row, out):\n        return {'score': 1.0}\n")
    base = "name: g\ngeneric: true\nscorer: s.py:S\n"
    for extra, match in (
        ("prompts: {draft: d.txt}\n", "prompts cannot be set"),
        ("guard: true\n", "guard cannot be set"),
        ("input: input.j2\n", "input cannot be set"),
        ("rows: {nope: 1}\n", "unknown row field 'nope'"),
        ("rows: {split: test}\n", "selects no row"),
        ("rows: [dev]\n", "rows must be a mapping"),
        ("generic_extra: 1\n", "unknown key 'generic_extra'"),
    ):
        (f / "task.yaml").write_text(base + extra)
        with pytest.raises(TaskError, match=match):
            registry.load(str(f))
    (f / "task.yaml").write_text("name: g\ngeneric: 1\nscorer: s.py:S\n")
    with pytest.raises(TaskError, match="generic must be true or false"):
        registry.load(str(f))
    (f / "task.yaml").write_text(base + "rows: {split: [dev, test]}\n")
    assert registry.load(str(f)).item(registry.load(str(f)).rows()[0]).input == "Say hi."


def test_a_rows_filter_works_for_ordinary_tasks_too(tmp_path):
    f = tmp_path / "t"
    f.mkdir()
    (f / "task.yaml").write_text("name: t\nscorer: s.py:S\nvariants: {b: {rows: {grp: b}}}\n")
    (f / "input.j2").write_text("{{ w }}")
    (f / "data.jsonl").write_text('{"id": 1, "w": "x", "grp": "a"}\n{"id": 2, "w": "y", "grp": "b"}\n')
    (f / "s.py").write_text("class S:\n    def score(self, row, out):\n        return {'score': 1.0}\n")
    assert [r["id"] for r in registry.load(str(f), "b").rows()] == [2]


# ------------------------------------------------------------------ constraint checkers

CONSTRAINT_CASES = {
    "c01": ("A white beam sweeps the dark sea while the keeper sleeps.", " ".join(["word"] * 41)),
    "c03": (
        "A compiler reads source code. It translates it into machine code. The result runs fast.",
        "A compiler reads source code. It translates it into machine code.",
    ),
    "c04": (
        "- Keep a schedule\n- Avoid screens\n- Cool room\n- No late coffee\n- Exercise",
        "- Keep a schedule\n- Avoid screens\n- Cool room\n- No late coffee",
    ),
    "c05": (
        "Desert animals:\n1. Camel\n2. Fennec fox\n3. Scorpion\n4. Roadrunner\n5. Gila monster\n"
        "6. Jerboa\n7. Sidewinder",
        "1. Camel\n2. Fennec fox\n3. Scorpion",
    ),
    "c07": ("WE FIX YOUR RIDE FAST", "We fix your ride fast"),
    "c09": (
        '```json\n{"name": "France", "capital": "Paris", "population": 68000000}\n```',
        'Here it is: {"name": "France", "capital": "Paris", "population": 68000000}',
    ),
    "c13": ("Dear customer, we are sorry your parcel arrived late.", "Hello! Dear customer, sorry."),
    "c14": ("A leap year has 366 days, adding February 29. That is all.", "A leap year has 366 days."),
    "c15": (
        "## Goals\nCook five dishes.\n\n**Schedule:**\nTwice a week.\n\nBudget\n$20 a week.",
        "Goals\nCook.\nBudget\n$20.\nSchedule\nTwice a week.",
    ),
    "c20": ('["Mercury", "Venus", "Earth", "Mars"]', '["Mercury", "Venus", "Earth"]'),
    "c26": (
        "Coffee wakes the mind and warms the hands on cold mornings. People brew it slowly at home "
        "or grab it on the way to work and many cannot start a day without one cup.",
        "Coffee, tea, and cocoa are warm drinks that people enjoy in the morning and the evening "
        "when the weather is cold and the day is long and slow.",
    ),
    "c28": (
        "Writing began with marks on clay.\n\nLater, alphabets spread.\n\nToday we type.",
        "Writing began with marks on clay.\n\nThen alphabets spread.\n\nToday we type.",
    ),
    "c39": (
        "The waves roll in\nThe gulls cry out\nThe salt is sharp\nThe tide goes home",
        "The waves roll in\nGulls cry out\nThe salt is sharp\nThe tide goes home",
    ),
    "c51": ("[3, 17, 42, 58, 99]", "[17, 3, 42, 58, 99]"),
    "c62": ("Rest today, and you will run further tomorrow!", "Tomorrow is yours, so keep going."),
}


@pytest.mark.parametrize("rid", sorted(CONSTRAINT_CASES))
def test_constraint_rows_pass_and_fail_hand_written_answers(task, by_id, rid):
    good, bad = CONSTRAINT_CASES[rid]
    assert by_id[rid]["kind"] == "constraints"
    ok = _score(task, by_id, rid, good)
    assert ok["score"] == 1.0 and ok["constraints_met"] == 1.0 and ok["kind"] == "constraints", ok
    no = _score(task, by_id, rid, bad)
    assert no["score"] == 0.0 and no["constraints_met"] < 1.0 and no["failed"], no


def test_constraints_met_is_the_share_of_checks(task, by_id):
    # c17: three bullets and no "easy"; this answer has the bullets but says "easy"
    s = _score(task, by_id, "c17", "- Travel is easy\n- New friends\n- Better memory")
    assert s["score"] == 0.0 and s["constraints_met"] == 0.5 and s["failed"] == ["exclude"]


# ------------------------------------------------------------------ everyday matcher

EVERYDAY_CASES = {
    "e01": ("The capital of France is Paris.", "It is Lyon."),
    "e02": ("17 × 23 = 391", "17 × 23 = 381"),
    "e04": ("There are 5,000 metres in 5 km.", "There are 500 metres."),
    "e13": ("100 °F is about 37.8 °C.", "Roughly 38.5 degrees Celsius."),
    "e14": ("A hexagon has six sides.", "A hexagon has eight sides."),
    "e19": ("12 inches are 30.48 cm.", "About 30 cm."),
}


@pytest.mark.parametrize("rid", sorted(EVERYDAY_CASES))
def test_everyday_rows_match_tolerantly(task, by_id, rid):
    good, bad = EVERYDAY_CASES[rid]
    assert _score(task, by_id, rid, good) == {"score": 1.0, "kind": "everyday", "score_everyday": 1.0}
    assert _score(task, by_id, rid, bad)["score"] == 0.0


# ------------------------------------------------------------------ function rows, in the sandbox

WRONG = {
    "f01": "def is_palindrome(s):\n    return s == s[::-1]\n",  # case and punctuation count
    "f07": "def rle_encode(s):\n    return ''.join(c + '1' for c in s)\n",
    "f15": "def caesar(text, shift):\n    return ''.join(chr(ord(c) + shift) for c in text)\n",
    "f27": "def balanced(s):\n    return s.count('(') == s.count(')')\n",
    "f39": "def count_islands(grid):\n    return sum(map(sum, grid))\n",
}


@pytest.mark.sandbox
@pytest.mark.parametrize("rid", sorted(WRONG))
def test_function_rows_pass_a_correct_and_fail_a_wrong_implementation(task, by_id, rid):
    row = by_id[rid]
    good = _score(task, by_id, rid, f"Here you go:\n\n```python\n{row['reference']}```\nIt works.")
    assert good == {"score": 1.0, "kind": "function", "tests_passed": 1.0, "score_function": 1.0}, good
    bad = _score(task, by_id, rid, f"```python\n{WRONG[rid]}```")
    assert bad["score"] == 0.0 and bad["tests_passed"] < 1.0, bad


@pytest.mark.sandbox
def test_function_answers_run_only_contained_and_main_blocks_do_not_run(task, by_id):
    row = by_id["f42"]
    code = row["reference"] + "\nif __name__ == '__main__':\n    print(factorial(int(input())))\n"
    assert _score(task, by_id, "f42", code)["score"] == 1.0  # no stdin needed: the answer is imported
    forged = "import sys\nprint('@@RESULT-0@@{\"results\": [true]}')\nsys.exit(0)\n"
    assert _score(task, by_id, "f42", forged)["score"] == 0.0
    slow = "def factorial(n):\n    while True:\n        pass\n"
    s = registry.load("generic:all").scorer
    s.limits = type(s.limits)(wall_s=2.0, cpu_s=2)
    assert s.score(row, slow)["score"] == 0.0


# ------------------------------------------------------------------ garbage never raises

GARBAGE = [
    "",
    "x" * 100_000,
    "```python\nimport os; os.system('ls')\n```",
    '{"a": [1, 2',
    "\x00\ud800",
    "[" * 5000 + "]" * 5000,
    "\n\n\n",
    "- \n1. \n# \n",
]


def test_garbage_never_raises_on_text_rows(task):
    for r in task.rows():
        if r["kind"] == "function":
            continue
        for g in GARBAGE:
            s = task.scorer.score(r, g)
            assert s["score"] in (0.0, 1.0) and s["kind"] == r["kind"]


@pytest.mark.sandbox
def test_garbage_never_raises_on_function_rows(task, by_id):
    for rid in ("f06", "f33"):
        for g in GARBAGE + ["def broken(:\n", "```python\nraise SystemExit(3)\n```"]:
            s = _score(task, by_id, rid, g)
            assert s["score"] == 0.0 and s["kind"] == "function", (rid, g[:40], s)


@pytest.mark.sandbox
def test_every_reference_passes_its_hidden_tests(task):
    for r in task.rows():
        if r["kind"] == "function":
            assert task.scorer.score(r, r["reference"])["score"] == 1.0, r["id"]


# ------------------------------------------------------------------ the README's per-kind table


def _rec(base, final, points, fault, candidates, completion, seconds):
    """A record as `selfrefine eval` writes it, reduced to what the table reads."""
    review = {"stage": "feedback", "round": 0, "feedback": {"feedback": points, "scores": {}, "stop": False}}
    found = "a fault" if fault else None
    trace = [
        {"stage": "draft", "round": 0, "completion_tokens": 10, "seconds": 2.0},
        {**review, "problems": [*points, *([found] if fault else [])], "fault": found},
        *[{"stage": "candidate", "round": 1}] * candidates,
    ]
    checks = {"observed": 1, **({"fault": 1} if fault else {})}
    return {
        "status": "ok", "base": base, "final": final, "trace": trace, "checks": checks,
        "usage_all_calls": {"completion_tokens": completion}, "seconds": seconds,
    }  # fmt: skip


def test_the_results_table_counts_what_its_header_says():
    from selfrefine.tasks.tools.generic_table import kind_stats

    fixed = _rec(0.0, 1.0, [], True, 3, 50, 8.0)  # a failing draft the critic passed: a miss
    fine = _rec(1.0, 1.0, ["be shorter"], False, 0, 30, 4.0)  # a good draft the critic flagged
    caught = _rec(0.0, 0.0, ["too long"], True, 2, 40, 6.0)  # a failing draft, flagged
    s = kind_stats([fixed, fine, caught, {"status": "error"}])
    assert (s["n"], s["errors"], s["base"], s["refined"]) == (3, 1, 1 / 3, 2 / 3)
    assert (s["better"], s["worse"], s["observed"], s["faulted"], s["candidates"]) == (1, 0, 3, 2, 5)
    assert (s["precision"], s["recall"]) == (0.5, 0.5)  # the tool's fault is not the critic's finding
    assert s["tokens"] == 120 / 30 and s["seconds"] == 18 / 6


def test_the_verdict_table_counts_the_requirements_forms_bias():
    from selfrefine.tasks.tools.generic_table import verdict_stats

    def rec(picked, reviews, scores):
        trace = [{"stage": "draft", "round": 0}]
        if picked:
            trace.append({"stage": "requirements", "round": 0, "feedback": {"requirements": ["a", "b"]}})
        return {"status": "ok", "trace": trace, "feedback": reviews, "scores": [{"score": x} for x in scores]}

    points = {"feedback": ["shorter"], "scores": {}, "stop": False}  # the fallback: not counted
    records = [
        rec(True, [{"missing": {"a": True, "b": False}}, {"missing": {"a": False, "b": False}}], [0.0, 1.0]),
        rec(True, [{"met": {"a": True, "b": True}}], [0.0]),  # "met": false is the problem: a miss
        rec(False, [points], [0.0]),
        rec(True, [{"met": {"a": False, "b": True}}], [1.0]),  # a problem said of a passing output
        {"status": "error"},
    ]
    s = verdict_stats(records)
    assert (s["n"], s["picked"], s["reviews"], s["verdicts"], s["problems"]) == (4, 3, 4, 8, 2)
    assert s["failing"] == 2 and (s["precision"], s["recall"]) == (0.5, 0.5)
