"""A program in place of the answer (engine.observe.program): a request for a result answered with
a Python program is run in the sandbox; its output not written out is a fault the tools fix by
writing it under the program, a wrong output block is corrected (one number carried into the lines
after it), and requests that ask for code, or programs that print nothing, are left alone."""

import pytest

from selfrefine.engine.observe import observe_request
from selfrefine.engine.observe.program import program_checks

TIP = "Dinner came to $48. How much is a 15% tip?"
CODE = "```python\nbill = 48\nprint(bill * 15 / 100)\n```"


def facts(request, answer):
    return [x for check in program_checks(request) for x in check(answer)]


def test_a_program_whose_output_is_not_written_out_is_a_fault_the_tools_fix():
    answer = f"Let's compute it in Python.\n{CODE}\nThat gives the tip."
    (bad,) = facts(TIP, answer)
    assert bad.fault == (
        "The request asks for the result itself, not a program that makes it; the answer gives a "
        'Python program (run by the tools, it prints "7.2").'
    )
    fixed = bad.repair(answer)
    assert fixed == f"Let's compute it in Python.\n{CODE}\n\nIt prints:\n\n7.2\n\nThat gives the tip."
    (ok,) = facts(TIP, fixed)
    assert ok.fault is None


def test_a_wrong_output_block_is_corrected_and_its_number_carried_into_the_conclusion():
    answer = f"{CODE}\n```output\n72.0\n```\nThe tip on a dinner of $48 is \\(\\boxed{{72}}\\)."
    (bad,) = facts(TIP, answer)
    assert bad.fault == 'The answer says its program prints "72.0"; run by the tools, it prints "7.2".'
    assert (
        bad.repair(answer)
        == f"{CODE}\n```output\n7.2\n```\nThe tip on a dinner of $48 is \\(\\boxed{{7.2}}\\)."
    )
    right = f"{CODE}\n```output\n7.2\n```\nThe tip is $7.20."
    assert facts(TIP, right)[0].fault is None


@pytest.mark.parametrize(
    "request_",
    [
        "Write a Python script that prints the tip on $48.",
        "fence_posts(length_m, spacing_m) returns how many posts a fence needs.",
        "Give me the command to list files.",
    ],
)
def test_requests_that_ask_for_code_are_left_alone(request_):
    assert program_checks(request_) == []


@pytest.mark.parametrize(
    "code",
    [
        "```python\nname = input()\nprint(name)\n```",  # reads input: not run
        "```python\ndef tip(b):\n    return b * 0.15\n```",  # prints nothing
        "```python\nraise SystemExit(3)\n```",  # fails
    ],
)
def test_a_program_that_prints_nothing_known_says_nothing(code):
    assert facts(TIP, "Here you go:\n" + code) == []


def test_a_random_program_is_seeded_so_its_output_repeats():
    ask = "Pick 3 lottery numbers from 1 to 49, sorted low to high."
    answer = "```python\nimport random\nprint(sorted(random.sample(range(1, 50), 3)))\n```"
    first, again = facts(ask, answer)[0].repair(answer), facts(ask, answer)[0].repair(answer)
    assert first == again and "It prints:" in first
    observe, _ = observe_request(ask)  # asked of a request with something else checkable (an order)
    assert observe(answer).fault and not observe(first).fault
    assert observe_request("Pick 3 lottery numbers from 1 to 49.") == (None, None)  # alone: no observer
