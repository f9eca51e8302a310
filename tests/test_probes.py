"""engine.observe.probes: an example's call re-run with nearby arguments, and code that gives the
example's answer for every one of them read as fitted to it (sandboxed runs)."""

import pytest

from selfrefine.engine.observe import observe_request
from selfrefine.engine.observe.code import LIMITS
from selfrefine.engine.observe.examples import Example
from selfrefine.engine.observe.probes import MAX_PROBES, fitted, hardcoded, nearby_calls


def call(source, want):
    return Example("call", source, want)


def test_nearby_calls_move_one_literal_argument_at_a_time():
    calls = nearby_calls(call("f(10, 'ab')", "3"))
    # each argument in turn, so that a cap on their number still moves every one
    assert calls[:3] == ["f(11, 'ab')", "f(10, 'b')", "f(9, 'ab')"] and "f(10, '')" in calls
    many = nearby_calls(call("h(1, 2, 3)", "0"))
    assert len(many) == MAX_PROBES and {"h(1, 2, 4)", "h(1, 2, 2)"} <= set(many)
    assert "f(10, 'ab')" not in calls and len(calls) == len(set(calls)) <= MAX_PROBES
    assert "g([2], True)" in nearby_calls(call("g([1], True)", "0"))
    assert "g([1], False)" in nearby_calls(call("g([1], True)", "0"))


@pytest.mark.parametrize("source", ["f(x)", "obj.f(1)", "f(1, key=2)", "f(*args)", "not a call", "io"])
def test_an_example_that_is_not_a_plain_call_with_literals_has_no_nearby_calls(source):
    assert nearby_calls(call(source, "1")) == []
    assert nearby_calls(Example("io", "1 2", "3")) == []


@pytest.mark.sandbox
def test_code_that_returns_the_examples_answer_for_every_nearby_input_is_fitted():
    e = call("count_even(3)", "1")
    why = fitted("def count_even(n):\n    return 1\n", [e], LIMITS)
    assert why and "answer 1 for every other input tried" in why and "count_even(" in why
    assert fitted("def count_even(n):\n    return n // 2\n", [e], LIMITS) is None
    # a doctest's printed answer is compared the same way
    d = Example("doctest", "first('abc')", "'a'")
    assert fitted("def first(s):\n    return 'a'\n", [d], LIMITS)
    assert fitted("def first(s):\n    return s[:1]\n", [d], LIMITS) is None


@pytest.mark.sandbox
def test_a_predicates_true_or_false_is_not_probed():
    """A scalene triangle's sides moved by one stay scalene: the same True there says nothing (MBPP
    test3 critic run: a right `a != b and a != c and b != c` would have been refused)."""
    scalene = "def scalene(a, b, c):\n    return a != b and a != c and b != c\n"
    assert fitted(scalene, [call("scalene(6, 8, 12)", "True")], LIMITS) is None
    assert fitted("def f(n):\n    return False\n", [call("f(2)", " False ")], LIMITS) is None


@pytest.mark.sandbox
def test_calls_that_raise_or_hang_do_not_count_and_too_few_say_nothing():
    e = call("f(2)", "0")
    # raises for every nearby input but one: fewer than MIN_PROBES returned, nothing said
    assert (
        fitted("def f(n):\n    if n not in (2, 3):\n        raise ValueError\n    return 0\n", [e], LIMITS)
        is None
    )
    slow = "import time\ndef f(n):\n    if n != 2:\n        time.sleep(5)\n    return 0\n"
    assert fitted(slow, [e], LIMITS) is None
    assert fitted("this is not python", [e], LIMITS) is None


@pytest.mark.sandbox
def test_the_observation_says_fitted_only_for_code_that_passes_every_example():
    observe, _ = observe_request("Write a Python function double(n).\n```python\nassert double(2) == 4\n```")
    constant = observe("```python\ndef double(n):\n    return 4\n```")
    assert constant.verified and constant.fitted and "answer 4" in constant.fitted
    real = observe("```python\ndef double(n):\n    return 2 * n\n```")
    assert real.verified and real.fitted is None
    failing = observe("```python\ndef double(n):\n    return 5\n```")
    assert not failing.verified and failing.fitted is None


def test_code_that_holds_each_example_input_with_its_answer_answers_the_examples():
    # phrased anew from generic test12's q42 (dev since its report): a MIDI namer written as its two
    # examples and a guess, raising for every other note, passed both and was kept
    examples = [call("midi_to_note(60)", "'C4'"), call("midi_to_note(69)", "'A4'")]
    chain = (
        "def midi_to_note(n):\n    if n == 60:\n        return 'C4'\n    elif n == 69:\n"
        "        return 'A4'\n    elif n == 70:\n        return 'B4'\n    raise ValueError(n)\n"
    )
    assert "holds each example's input with its answer" in hardcoded(chain, examples)
    table = "def midi_to_note(n):\n    return {60: 'C4', 69: 'A4'}[n]\n"
    assert hardcoded(table, examples)
    names = "NAMES = 'C C# D D# E F F# G G# A A# B'.split()\n"
    general = names + "def midi_to_note(n):\n    return NAMES[n % 12] + str(n // 12 - 1)\n"
    assert hardcoded(general, examples) is None
    # a full table that holds the examples among many entries is no list of their answers
    roman = "def value(s):\n    return {'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100}[s]\n"
    assert hardcoded(roman, [call("value('V')", "5"), call("value('X')", "10")]) is None
    # one example alone says too little
    assert hardcoded(chain, examples[:1]) is None
