"""The parts the blind generic splits' tests share (tests/test_generic_test4.py on): the rows, how a
request shows a case, its example style, an answer fenced as a user would get it, a row's shape,
its reference passing, the shown cases never counting, and (test9 on) the constraint rows' new
kinds and the function rows' styles."""

import json
from collections import Counter

import pytest

from selfrefine.tasks.generic import scorer as S


def functions(by_id):
    return [r for r in by_id.values() if r["kind"] == "function"]


def shown_in_request(row, args) -> bool:
    """The request shows this case: its call, or an "Input:" line of its one argument."""
    call = f"{row['entry']}(" + ", ".join(repr(a) for a in args) + ")"
    return call in row["request"] or (len(args) == 1 and f"Input: {args[0]!r}" in row["request"])


def style(row):
    q = row["request"]
    if ">>> " in q and "```" in q:
        return "doctest"
    if "assert " in q:
        return "assert"
    if "Input:" in q:
        return "input/output"
    if ") -> " in q:
        return "->"
    if ") == " in q:
        return "=="
    assert not row["shown"], row["id"]
    return "prose"


def fenced(code):
    return f"Here it is:\n\n```python\n{code}```\n"


def _wrong_on(row, wrong):
    """The reference, answering 'wrong' for the argument lists in `wrong` (their reprs); it runs
    in a namespace of its own, so that its recursive calls are its own."""
    return fenced(
        f"_ns = {{}}\nexec({row['reference']!r}, _ns)\n_reference = _ns[{row['entry']!r}]\n"
        f"_WRONG = {wrong!r}\n\n\ndef {row['entry']}(*args):\n"
        "    if repr(list(args)) in _WRONG:\n        return 'wrong'\n    return _reference(*args)\n"
    )


def assert_shown_examples_never_count(by_id):
    """An answer wrong on exactly the shown examples still scores 1; wrong on one hidden test, 0."""
    scorer = S.GenericScorer()
    for r in functions(by_id):
        shown = [repr(r["tests"][i]["args"]) for i in r["shown"]]
        assert scorer.score(r, _wrong_on(r, shown))["score"] == 1.0, r["id"]
        first_hidden = next(i for i in range(len(r["tests"])) if i not in r["shown"])
        bad = scorer.score(r, _wrong_on(r, [repr(r["tests"][first_hidden]["args"])]))
        share = 1 - 1 / len(S.hidden_tests(r))
        assert bad["score"] == 0.0 and bad["tests_passed"] == pytest.approx(share, abs=1e-4), r["id"]


def assert_row_shape(r):
    """8-12 tests, at most 3 of them shown, 6-9 hidden; a shown case is in the request, a hidden one
    is not."""
    n, shown = len(r["tests"]), r["shown"]
    assert 8 <= n <= 12, r["id"]
    assert len(set(shown)) == len(shown) <= 3 and all(0 <= i < n for i in shown), r["id"]
    assert 6 <= len(S.hidden_tests(r)) == n - len(shown) <= 9, r["id"]
    for i, t in enumerate(r["tests"]):
        assert shown_in_request(r, t["args"]) == (i in shown), (r["id"], i)


def assert_references_pass(by_id):
    """Every row's reference passes its hidden tests, and its shown examples too."""
    scorer = S.GenericScorer()
    for r in functions(by_id):
        got = scorer.score(r, fenced(r["reference"]))
        assert got["score"] == 1.0 and got["tests_passed"] == 1.0, (r["id"], got)
        every = scorer.score({k: v for k, v in r.items() if k != "shown"}, fenced(r["reference"]))
        assert every["score"] == 1.0, r["id"]  # the shown examples hold too


def assert_constraint_rows_use(by_id, new, older):
    """32 constraint rows of 1-3 checks; 28 use a kind of `new` (each of them by 1-3 rows), the
    other 4 only `older` kinds."""
    rows = [r for r in by_id.values() if r["kind"] == "constraints"]
    assert len(rows) == 32 and all(1 <= len(r["checks"]) <= 3 for r in rows)
    names = [[c["check"] for c in r["checks"]] for r in rows]
    with_new = [n for n in names if any(k in new for k in n)]
    assert len(with_new) == 28
    assert all(set(n) <= older for n in names if n not in with_new)
    assert all(set(n) <= older | set(new) for n in names)
    used = Counter(k for n in names for k in n if k in new)
    assert set(used) == set(new) and all(1 <= k <= 3 for k in used.values()), used


def assert_new_kinds_reached(new, older):
    """At least 20 kinds, none an older one, each documented and the scorer's under its name."""
    assert len(new) >= 20
    assert not set(new) & older
    for name, fn in new.items():
        assert S._split_checks()[name] is fn
        assert fn.__doc__ and fn.__name__ == name


def assert_function_rows(by_id):
    """22 function rows, each of the row shape with 7-9 hidden tests and its entry named, in the six
    example styles (4 each of doctest, ==, -> and Input / Output, 3 each of assert and prose)."""
    rows = functions(by_id)
    assert len(rows) == 22
    for r in rows:
        assert_row_shape(r)
        assert 7 <= len(S.hidden_tests(r)) <= 9 and (style(r) == "prose" or 1 <= len(r["shown"]) <= 3)
        assert f"{r['entry']}(" in r["request"] and f"def {r['entry']}(" in r["reference"]
    styles = Counter(style(r) for r in rows)
    assert styles == {"doctest": 4, "==": 4, "->": 4, "input/output": 4, "assert": 3, "prose": 3}


def assert_no_hidden_test_repeats_a_shown(by_id):
    """A row's tests have distinct arguments, so no hidden test is a shown example."""
    for r in functions(by_id):
        args = [json.dumps(t["args"]) for t in r["tests"]]
        assert len(set(args)) == len(args), r["id"]
        shown = {args[i] for i in r["shown"]}
        assert not shown & {json.dumps(t["args"]) for t in S.hidden_tests(r)}, r["id"]
