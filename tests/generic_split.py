"""The function-row parts the blind generic splits' tests share (tests/test_generic_test4.py to
test_generic_test7.py): the rows, how a request shows a case, its example style, an answer fenced
as a user would get it, a row's shape, its reference passing, and the shown cases never counting."""

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
