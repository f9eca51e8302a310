"""Arithmetic an answer states, recomputed (engine.observe.arithmetic): wrong sums, quotients and
totals are faults with the right figure written in as the fix; right ones, times, dates, ranges,
decimal commas, remainders, bullets and quoted claims are left alone."""

import asyncio

import pytest

from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.generic import make_item
from selfrefine.engine.core.loop import refine
from selfrefine.engine.core.rewriting import repaired
from selfrefine.engine.observe import observe_request, text_checks
from selfrefine.engine.observe.arithmetic import arithmetic_checks, check_arithmetic
from tests.fakes import ScriptedEngine

BUDGET = "Put my bike parts in a table with the total at the bottom: chain £24, pads £18.99."


def fixed_by_tools(answer, request=BUDGET):
    facts = check_arithmetic(answer, request)
    return [x.fault for x in facts], repaired(answer, tuple(x.repair for x in facts if x.repair), request)


@pytest.mark.parametrize(
    "answer, want",
    [
        (
            "Total: £24 + £18.99 + £55 + £12.50 + £9.80 = £119.19",
            "Total: £24 + £18.99 + £55 + £12.50 + £9.80 = £120.29",
        ),
        ("| Total | $180 + $45.50 + $95 = $300.75 |", "| Total | $180 + $45.50 + $95 = $320.50 |"),
        ("1. 100 ÷ 10 = 10\n2. 100 ÷ 30 = 3", "1. 100 ÷ 10 = 10\n2. 100 ÷ 30 = 3.33"),
        ("100 ÷ 80 = 1.5", "100 ÷ 80 = 1.25"),  # exact where it ends, not cut to the stated places
        ("3 x 4 = 12 and 2 + 2 = 5.", "3 x 4 = 12 and 2 + 2 = 4."),
        ("$1,200 + $300 = $1,600", "$1,200 + $300 = $1,500"),
        ("Tip: $960 * 0.30 = $2880", "Tip: $960 * 0.30 = $288"),
        ("VAT: £733.49 * 0.20 = £150.98", "VAT: £733.49 * 0.20 = £146.70"),  # money to the penny
        ("- Cost (24 + 18 = 40)", "- Cost (24 + 18 = 42)"),
        (
            "| Part | Price |\n|---|---|\n| Chain | £24 |\n| Pads | £18.99 |\n| **Total** | **£40.00** |",
            "| Part | Price |\n|---|---|\n| Chain | £24 |\n| Pads | £18.99 |\n| **Total** | **£42.99** |",
        ),
        (
            "| Part | Price |\n|---|---|\n| Chain | £24 |\n| Pads | £18.99 |\n\nTotal: £40",
            "| Part | Price |\n|---|---|\n| Chain | £24 |\n| Pads | £18.99 |\n\nTotal: £42.99",
        ),
        ("- Chain: £24\n- Pads: £18.99\n**Total: £40**", "- Chain: £24\n- Pads: £18.99\n**Total: £42.99**"),
    ],
)
def test_a_wrong_result_is_a_fault_and_the_fix_writes_the_right_one(answer, want):
    faults, new = fixed_by_tools(answer)
    assert len(faults) == 1 and "wrong" in faults[0]
    assert new == want
    assert check_arithmetic(new, BUDGET) == []


def test_a_fixed_subtotal_is_carried_into_the_lines_worked_from_it():
    receipt = (
        "Subtotal:\n$36 + $22.50 + $22 = $82.70\n\nSales tax:\n8.875% of $82.70:\n"
        "$82.70 * 0.08875 = $6.70\n\nTotal:\n$82.70 + $6.70 = $89.40"
    )
    faults, fixed = fixed_by_tools(receipt)
    assert len(faults) == 2  # the subtotal and the tax; the total adds up what it was given
    assert fixed == (
        "Subtotal:\n$36 + $22.50 + $22 = $80.50\n\nSales tax:\n8.875% of $80.50:\n"
        "$80.50 * 0.08875 = $7.14\n\nTotal:\n$80.50 + $7.14 = $87.64"
    )
    assert check_arithmetic(fixed, BUDGET) == []


@pytest.mark.parametrize(
    "answer",
    [
        "24 + 18.99 = 42.99 + 55 = 97.99",  # a running total, link by link
        "£40 × 15% = £6",
        "20% + 30% = 50%",
        "1/3 = 0.33, 10 / 3 = 3.3, 100 ÷ 70 = 1.42857 and 22/7 ≈ 3.14",
        "7 ÷ 2 = 3 r 1",
        "17 ÷ 5 = 3 remainder 2",
        "At 5:25 x 10 = 54:10 you finish",  # a time, not 25 x 10
        "1,5 + 2 = 3,5",  # a decimal comma
        "The 2023-24 + 5 = 7 season",  # a span of years
        "- $24 + $36 = $60",  # a bullet, not a minus sign
        "$3,200 / 50 = $64%",
        "x = 5 + 3",
        "2^3 = 8 and 5! = 120",
        "```\n1 + 1 = 3\n```",
        "| Item | Qty | Price |\n|---|---|---|\n| Apples | 3 | $2 |\n| Bread | 2 | $3 |\n| Total | | $12 |",
        "| Item | Cost |\n|---|---|\n| Rent | $900 |\n| Tax | $90 |\n| Total | $1,100 |",  # not a plain sum
        "- Chain: £24\n- Pads: £18.99 (was £25)\nTotal: £40",  # two amounts on a line
        "- Chain: £24\n- Pads: £18.99\n\n**Total:** £42.99",
    ],
)
def test_right_arithmetic_and_what_is_not_arithmetic_are_left_alone(answer):
    assert check_arithmetic(answer, BUDGET) == []


def test_which_requests_get_the_check():
    assert arithmetic_checks("Tell me a joke about cats.") == []
    assert arithmetic_checks("Write 5 sums for kids with deliberate mistakes to spot: 3 + 4 = 7") == []
    letter = "Write an angry letter to someone who says that 1+1=3."
    assert arithmetic_checks(letter) == []  # it writes a wrong sum itself: the answer quotes it
    assert len(arithmetic_checks("Plan a budget for my trip")) == 1
    assert len(arithmetic_checks(BUDGET)) == 1
    assert text_checks("Write a Python function summing 2 numbers with a total") == []  # code: no prose sums


def test_the_loop_sees_the_fault_and_its_fix():
    observe, guard = observe_request(BUDGET)
    assert observe is not None and guard is None
    table = "| Part | Price |\n|---|---|\n| Chain | £24 |\n| Pads | £18.99 |\n| Total | {} |"
    seen = observe(table.format("£41"))
    assert seen.fault and "£42.99" in seen.fault and "arithmetic" in seen.text
    assert len(seen.repairs) == 1
    assert observe(table.format("£42.99")).fault is None


def test_the_loop_keeps_the_tools_fix_whose_figure_is_new_without_calling_it_invented():
    draft = "| Part | Price |\n|---|---|\n| Chain | £24 |\n| Pads | £18.99 |\n| Total | £41 |"
    eng = ScriptedEngine([draft])
    res = asyncio.run(refine(eng, make_item(BUDGET), RefineConfig(rounds=1)))
    assert res.answer == draft.replace("£41", "£42.99")  # £42.99 is in neither the request nor the draft
    assert len(eng.prompts) == 1  # the fault needs no review, the fix no call
    assert next(c for c in res.trace if c.stage == "refine").finish_reason == "repair"
