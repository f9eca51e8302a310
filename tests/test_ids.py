"""Identifiers with a check digit (engine.observe.ids): IBANs, card numbers, EAN-13 / UPC-A barcodes
and ISBNs asked for are checked by their standards' rules, a wrong check digit is fixed by the tools
(spacing kept), an answer with none of those it counts fails, and a request for invalid ones, or a
number of another kind, is left alone."""

import asyncio

import pytest

from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.generic import make_item
from selfrefine.engine.core.loop import refine
from selfrefine.engine.observe import observe_request
from selfrefine.engine.observe.ids import id_checks
from tests.fakes import ScriptedEngine


def facts(request, answer):
    return [x for check in id_checks(request) for x in check(answer)]


@pytest.mark.parametrize(
    "request_, good, bad, fixed",
    [
        (
            "Give me 2 test IBANs for the UK and Germany.",
            "- GB82 WEST 1234 5698 7654 32\n- DE89 3704 0044 0532 0130 00",
            "- GB82 WEST 1234 5698 7654 32\n- DE12 3704 0044 0532 0130 00",
            "- GB82 WEST 1234 5698 7654 32\n- DE89 3704 0044 0532 0130 00",
        ),
        (
            "I need 2 Visa test card numbers.",
            "1. 4111 1111 1111 1111\n2. 4242-4242-4242-4242",
            "1. 4111 1111 1111 1111\n2. 4242-4242-4242-4241",
            "1. 4111 1111 1111 1111\n2. 4242-4242-4242-4242",
        ),
        (
            "Make up 2 EAN-13 barcodes for my shop.",
            "Tea: 4006381333931\nJam: 036000291452",
            "Tea: 4006381333937\nJam: 036000291452",
            "Tea: 4006381333931\nJam: 036000291452",
        ),
        (
            "List 2 ISBNs of books on baking.",
            "978-0-306-40615-7 and 0-306-40615-2",
            "978-0-306-40615-7 and 0-306-40615-9",
            "978-0-306-40615-7 and 0-306-40615-2",
        ),
    ],
)
def test_check_digits_are_checked_and_fixed_in_place(request_, good, bad, fixed):
    (ok,) = facts(request_, good)
    assert ok.fault is None and "every check digit right" in ok.text
    (wrong,) = facts(request_, bad)
    assert wrong.fault and "check digit" in wrong.fault and "NOT MET" in wrong.text
    assert wrong.repair(bad) == fixed


def test_an_answer_with_none_of_those_the_request_counts_fails():
    (none,) = facts("I need 4 made-up German IBANs for our tests.", "You can use an IBAN generator library.")
    assert none.fault == (
        "The request asks for 4 IBANs; the answer writes none "
        "(an IBAN of the right length and form, not a way to make one)."
    )
    assert facts("What is an IBAN and where do I find mine?", "It is on your bank statement.") == []


def test_phone_numbers_years_and_requests_for_invalid_ones_are_left_alone():
    assert facts("Do books still print their ISBNs?", "Yes. Call 555-123-4567, open 1999-2005.") == []
    assert id_checks("Give me 3 invalid IBANs that fail validation, for negative tests.") == []
    assert id_checks("Write a cover letter for a bank job.") == []


def test_the_loop_keeps_the_tools_fixed_numbers_without_a_call():
    ask = "Give me 2 test card numbers for our checkout page."
    draft = "- 4111 1111 1111 1112\n- 4242 4242 4242 4242"
    eng = ScriptedEngine([draft])
    res = asyncio.run(refine(eng, make_item(ask), RefineConfig(rounds=1)))
    assert res.answer == "- 4111 1111 1111 1111\n- 4242 4242 4242 4242"
    assert len(eng.prompts) == 1
    observe, _ = observe_request(ask)
    assert observe(draft).fault and observe(res.answer).fault is None
