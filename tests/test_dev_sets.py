"""The ifeval and mbpp tasks (requests written by others): their fixed dev / test split, and their
scorers on hand-written answers to real rows (no engine)."""

import hashlib
import re
import socket

import pytest

from selfrefine.tasks import registry
from selfrefine.tasks.tools import dev_sets

COUNTS = {"ifeval": (234, 149), "mbpp": (253, 317)}
TEST2 = {"ifeval": 127, "mbpp": 286}
TEST3 = {"ifeval": 31, "mbpp": 117}


@pytest.fixture(scope="module")
def ifeval():
    return registry.load("ifeval:all")


@pytest.fixture(scope="module")
def mbpp():
    return registry.load("mbpp:all")


def _by_id(task):
    return {r["id"]: r for r in task.rows()}


def _h(key: str) -> int:
    return int(hashlib.sha256(key.encode()).hexdigest()[:8], 16)


def _rule(dataset: str, ident: int) -> str:
    """The split rules of tasks/DATA.md, written out again here: a third is test; MBPP's unread
    dev rows (past task_id 60) are halved into dev and test2 by a second hash, and the dev rows
    left unrun (past task_id 304) into dev and test3 by a third."""
    if _h(f"{dataset}:{ident}") % 3 == 0:
        return "test"
    if dataset == "mbpp" and _h(f"mbpp-fresh:{ident}") % 2 == 0:
        return "test2"
    return "test3" if dataset == "mbpp" and ident > 304 and _h(f"mbpp-third:{ident}") % 2 == 0 else "dev"


# ------------------------------------------------------------------ the split


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_split_counts_and_no_row_in_both(name):
    every = registry.load(f"{name}:all").rows()
    dev, test = registry.load(f"{name}:dev").rows(), registry.load(f"{name}:test").rows()
    test2 = registry.load(f"{name}:test2").rows() if TEST2[name] else []
    test3 = registry.load(f"{name}:test3").rows() if TEST3[name] else []
    assert (len(dev), len(test), len(test2), len(test3)) == (*COUNTS[name], TEST2[name], TEST3[name])
    assert len(every) == len(dev) + len(test) + len(test2) + len(test3) == len({r["id"] for r in every})
    assert not {r["id"] for r in test2} & ({r["id"] for r in dev} | {r["id"] for r in test})
    assert not {r["id"] for r in test3} & ({r["id"] for r in dev} | {r["id"] for r in test2})
    assert all(r.get("task_id", 305) > 304 for r in test3)  # only rows never run or read when it was drawn
    if name == "ifeval":  # only dev rows never run (past the first 120), none about capitals
        before = [r["id"] for r in every if r["split"] != "test"][:120]
        assert not {r["id"] for r in test2} & set(before)
        assert not any(re.search("capital|caps", r["request"], re.I) for r in test2)
    assert {r["split"] for r in dev} == {"dev"} and {r["split"] for r in test} == {"test"}
    assert not {r["id"] for r in dev} & {r["id"] for r in test}
    assert registry.load(name).label == f"{name}/dev"  # the default variant is dev
    variants = ["dev", "test", *(f"test{k}" for k in (2, 3) if (TEST2, TEST3)[k - 2][name]), "all"]
    assert name in registry.available() and registry.variants(name) == variants


def test_rows_read_while_planning_are_dev_and_the_rest_follow_the_hash(ifeval, mbpp):
    rows = ifeval.rows()
    assert len(rows) == 541 and all(r["split"] == "dev" for r in rows[:80])
    assert all(
        r["split"] == _rule("ifeval", r["key"]) for r in rows[80:] if r["split"] not in ("test2", "test3")
    )
    dev_before = 0  # IFEval's second test split: the fresh dev rows halved by a second hash
    for i, r in enumerate(rows):
        fresh = i >= 80 and _rule("ifeval", r["key"]) == "dev" and dev_before >= 120
        fresh = fresh and not re.search("capital|caps", r["request"], re.I)
        assert (r["split"] == "test2") == (fresh and _h(f"ifeval-fresh:{r['key']}") % 2 == 0), r["id"]
        dev_before += r["split"] != "test"
    dev_order = [r for r in rows if r["split"] in ("dev", "test3")]  # the third split: past the first 160
    for i, r in enumerate(dev_order):
        third = i >= 160 and not re.search("capital|caps", r["request"], re.I)
        assert (r["split"] == "test3") == (third and _h(f"ifeval-third:{r['key']}") % 2 == 0), r["id"]
    assert all(r["id"] == f"ifeval-{r['key']}" for r in rows)
    rows = mbpp.rows()
    assert len(rows) == 973 and [r["task_id"] for r in rows[:59]] == [*range(1, 37), *range(38, 61)]
    assert all(r["split"] == "dev" for r in rows if r["task_id"] <= 60)
    assert all(r["split"] == _rule("mbpp", r["task_id"]) for r in rows if r["task_id"] > 60)
    assert all(r["id"] == f"mbpp-{r['task_id']}" for r in rows)
    for ident in (5, 61, 62, 1234):
        assert dev_sets.mbpp_split(ident) == ("dev" if ident <= 60 else _rule("mbpp", ident))


def test_both_tasks_are_generic_with_the_request_verbatim(ifeval, mbpp):
    for task in (ifeval, mbpp):
        assert task.generic
        row = task.rows()[0]
        assert task.render_input(row) == row["request"] and task.item(row).input == row["request"]
    assert (
        registry.load("ifeval").metric == "share of the request's instructions met (IFEval strict verifiers)"
    )
    assert registry.load("mbpp").metric == "pass@1 on the hidden asserts"


def test_mbpp_shows_one_assert_and_hides_the_others(mbpp):
    for r in mbpp.rows():
        assert r["shown"] not in r["hidden"] and r["hidden"] and len(set(r["hidden"])) == len(r["hidden"])
        assert f"`{r['entry']}`" in r["request"] and r["shown"] in r["request"]
        assert not any(h in r["request"] for h in r["hidden"])
        assert re.search(rf"\b{r['entry']}\s*\(", r["shown"])
    by = _by_id(mbpp)
    assert "mbpp-37" not in by  # its three asserts are one: nothing to hide
    assert by["mbpp-912"]["entry"] == "lobb_num"  # `assert int(lobb_num(5, 3)) == 35`
    assert by["mbpp-601"]["entry"] == "max_chain_length"  # not the Pair class it also calls
    assert by["mbpp-367"]["setup"].startswith("root = Node(1)")
    assert len(by["mbpp-337"]["hidden"]) == 1  # its second assert repeats the shown one


# ------------------------------------------------------------------ the IFEval scorer


NO_COMMA = "Hark thee traveller. On the first day we walk to Kyoto and rest by the river."
WITH_COMMA = "Hark, thee traveller. On the first day we walk to Kyoto and rest by the river."


def test_ifeval_no_comma_row(ifeval):
    row = _by_id(ifeval)["ifeval-1001"]
    assert row["instruction_id_list"] == ["punctuation:no_comma"] and row["split"] == "dev"
    good = ifeval.scorer.score(row, NO_COMMA)
    assert good == {"score": 1.0, "instructions_met": 1, "instructions": 1, "failed": [], "all_met": 1.0}
    bad = ifeval.scorer.score(row, WITH_COMMA)
    assert bad == {
        "score": 0.0,
        "instructions_met": 0,
        "instructions": 1,
        "failed": ["punctuation:no_comma"],
        "all_met": 0.0,
    }


def test_ifeval_partial_answers_score_the_share_met(ifeval):
    row = _by_id(ifeval)["ifeval-1000"]  # no commas, 3 highlighted sections, at least 300 words
    ids = row["instruction_id_list"]
    assert ids == [
        "punctuation:no_comma",
        "detectable_format:number_highlighted_sections",
        "length_constraints:number_words",
    ]
    short = "*Early life* Raymond was born in 1140.\n\n*Regency* He ruled.\n\n*Hattin* He fled."
    s = ifeval.scorer.score(row, short)
    assert s["score"] == pytest.approx(2 / 3) and s["instructions_met"] == 2 and s["instructions"] == 3
    assert s["failed"] == ["length_constraints:number_words"] and s["all_met"] == 0.0
    long = short + "\n\n" + " ".join(["word"] * 300)
    assert ifeval.scorer.score(row, long)["all_met"] == 1.0
    worse = ifeval.scorer.score(row, long.replace("Hattin*", "Hattin*,").replace("*", ""))
    assert worse["score"] == pytest.approx(1 / 3) and worse["failed"] == ids[:2]
    for empty in ("", "   ", None):  # nothing written meets nothing
        e = ifeval.scorer.score(row, empty)
        assert e["score"] == 0.0 and e["failed"] == ids


def test_ifeval_sentence_and_capital_word_checks_run_offline(ifeval):
    """The two checks that use nltk's Punkt (replaced by an untrained tokenizer) on real rows."""
    by = _by_id(ifeval)
    row = by["ifeval-1268"]  # fewer than 6 sentences
    assert row["instruction_id_list"] == ["length_constraints:number_sentences"]
    three = "Dear diary. Today I breathed slowly. Mr. Smith helped."
    assert ifeval.scorer.score(row, three)["score"] == 1.0
    assert ifeval.scorer.score(row, " ".join(["It rained."] * 8))["score"] == 0.0
    row = by["ifeval-1040"]  # fewer than 10 and at least 1 all-capital words, wrapped in quotes
    quoted = '"Matthias Algiers. Skills: SQL and PYTHON. Calm under pressure."'
    assert ifeval.scorer.score(row, quoted)["all_met"] == 1.0
    shouting = " ".join(["LEAD"] * 12)
    s = ifeval.scorer.score(row, shouting)
    assert s["instructions_met"] == 1 and s["failed"] == [
        "change_case:capital_word_frequency",
        "startend:quotation",
    ]


def test_ifeval_every_row_verifies_without_the_network(ifeval, monkeypatch):
    def refuse(*a, **k):
        raise AssertionError("the IFEval scorer tried the network")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    answer = 'P.S. "Hello, World." This is a short answer.\n\n*one* *two*\n\n{"a": 1}'
    for row in ifeval.rows():
        s = ifeval.scorer.score(row, answer)
        assert 0.0 <= s["score"] <= 1.0 and s["instructions"] == len(row["instruction_id_list"])
    import nltk

    with pytest.raises(RuntimeError, match="offline"):
        nltk.download("punkt")


# ------------------------------------------------------------------ the MBPP scorer

GOOD = {
    "mbpp-2": "def similar_elements(a, b):\n    return tuple(sorted(set(a) & set(b)))\n",
    "mbpp-3": (
        "def is_not_prime(n):\n"
        "    if n < 2:\n        return True\n"
        "    return any(n % d == 0 for d in range(2, int(n ** 0.5) + 1))\n"
    ),
}
WRONG = {
    "mbpp-2": "def similar_elements(a, b):\n    return tuple(a)\n",
    "mbpp-3": "def is_not_prime(n):\n    return n % 2 == 0 and n != 2\n",  # right on 2 and 10, not 35
}


@pytest.mark.sandbox
@pytest.mark.parametrize("rid", sorted(GOOD))
def test_mbpp_a_correct_solution_passes_and_a_wrong_one_fails(mbpp, rid):
    row = _by_id(mbpp)[rid]
    good = mbpp.scorer.score(row, f"Here it is:\n\n```python\n{GOOD[rid]}```\nDone.")
    assert good == {"score": 1.0, "tests_passed": 1.0, "shown_passes": 1.0}, good
    bad = mbpp.scorer.score(row, f"```python\n{WRONG[rid]}```")
    assert bad["score"] == 0.0 and bad["tests_passed"] < 1.0 and "error" not in bad, bad


@pytest.mark.sandbox
def test_mbpp_the_shown_example_is_not_scored(mbpp):
    row = _by_id(mbpp)["mbpp-3"]  # shown: is_not_prime(2) == False; hidden: 10 and 35 are not prime
    only_hidden = "def is_not_prime(n):\n    return True\n"
    assert mbpp.scorer.score(row, only_hidden) == {"score": 1.0, "tests_passed": 1.0, "shown_passes": 0.0}
    s = mbpp.scorer.score(row, WRONG["mbpp-3"])
    assert s == {"score": 0.0, "tests_passed": 0.5, "shown_passes": 1.0}


@pytest.mark.sandbox
def test_mbpp_setup_code_runs_after_the_answer(mbpp):
    row = _by_id(mbpp)["mbpp-367"]
    code = (
        "class Node:\n    def __init__(self, data):\n        self.data = data\n"
        "        self.left = self.right = None\n\n"
        "def height(t):\n    return 0 if t is None else 1 + max(height(t.left), height(t.right))\n\n"
        "def is_tree_balanced(t):\n    if t is None:\n        return True\n"
        "    return abs(height(t.left) - height(t.right)) <= 1 and is_tree_balanced(t.left)"
        " and is_tree_balanced(t.right)\n"
    )
    assert mbpp.scorer.score(row, code) == {"score": 1.0, "tests_passed": 1.0, "shown_passes": 1.0}


@pytest.mark.sandbox
def test_mbpp_bad_answers_score_zero_with_a_reason(mbpp):
    row = _by_id(mbpp)["mbpp-2"]
    s = mbpp.scorer
    for text, why in (
        ("", "empty output"),
        ("def similar_elements(:\n", "not a Python program"),
        ("import sys\nsys.exit(3)\n", "failed to run: SystemExit"),
        ("x = undefined_name\n", "NameError"),
    ):
        got = s.score(row, text)
        assert got["score"] == 0.0 and got["tests_passed"] == 0.0 and why in got["error"], (text, got)
    # a wrong answer that prints verdict lines of its own: the harness's marker is random
    fake = "print('@@MBPP-0@@' + json.dumps({'i': %d, 'ok': True}))\n"
    forged = WRONG["mbpp-2"] + "import json\n" + "".join(fake % i for i in range(3))
    assert s.score(row, forged)["score"] == 0.0
    main_block = GOOD["mbpp-2"] + "\nif __name__ == '__main__':\n    print(similar_elements(input(), ''))\n"
    assert s.score(row, main_block)["score"] == 1.0  # imported, not run as a script: no stdin needed


@pytest.mark.sandbox
def test_mbpp_a_solution_that_loops_forever_is_stopped(mbpp):
    row = _by_id(mbpp)["mbpp-3"]
    scorer = type(mbpp.scorer)(wall_s=2.0)
    forever = "def is_not_prime(n):\n    while True:\n        pass\n"
    got = scorer.score(row, forever)
    assert got["score"] == 0.0 and got["tests_passed"] == 0.0 and "timed out" in got["error"], got
    # one hanging test: the verdicts before it are kept, and the score is still 0
    late = "def is_not_prime(n):\n    while n == 35:\n        pass\n    return n != 2\n"
    got = scorer.score(row, late)
    assert got["score"] == 0.0 and got["tests_passed"] == 0.5 and "1 hidden test" in got["error"], got


@pytest.mark.sandbox
def test_mbpp_test_variant_rows_load_and_score(mbpp):
    test = registry.load("mbpp:test")
    rows = test.rows()
    assert rows and all(r["split"] == "test" for r in rows)
    assert test.scorer.score(rows[0], "pass\n")["score"] == 0.0
