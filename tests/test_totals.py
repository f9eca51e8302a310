"""Parts that must add up to a whole the request states (engine.observe.totals): a 45-minute plan's
parts, percentages adding up to 100; a sum off the whole is a fault, the last part moved by the
difference where the sum is near and every part stays above zero; rates and plurals are no whole."""

import pytest

from selfrefine.engine.observe.totals import total_checks

WORKOUT = "Make me a 45-minute workout as a list, with the minutes for each part."
AGENDA = "Agenda for our one-hour meeting: give each item its time in minutes."
BUDGET = "Split my pay into categories with a percentage for each; the percentages must add up to 100%."


def facts(request, answer):
    return [x for check in total_checks(request) for x in check(answer)]


def test_parts_that_fill_the_whole_are_a_fact():
    plan = "1. Warm-up: 5 minutes\n2. Squats - 10 min\n3. Rows (15 mins)\n4. Lunges: 10 minutes\n"
    plan += "5. Cool-down: 5 min"
    (ok,) = facts(WORKOUT, plan + "\n\nTotal: 45 minutes")  # the Total line is no part
    assert ok.fault is None and "5 parts, 45 minutes" in ok.text
    assert facts(AGENDA, "- Welcome: 10 min\n- Numbers: 30 min\n- Plans: 20 min")[0].fault is None


def test_a_sum_off_the_whole_is_fixed_on_the_last_part():
    plan = "- Warm-up: 5 minutes\n- Squats: 15 minutes\n- Rows: 15 minutes\n- Cool-down: 5 minutes"
    (bad,) = facts(WORKOUT, plan)
    assert (
        bad.fault
        == "The request asks for parts adding up to 45 minutes; the answer's 4 parts add up to 40 minutes."
    )
    fixed = bad.repair(plan)
    assert fixed.endswith("- Cool-down: 10 minutes") and facts(WORKOUT, fixed)[0].fault is None
    split = "- Rent: 40%\n- Food: 20%\n- Savings: 15%\n- Fun: 15%"
    (bad,) = facts(BUDGET, split)
    assert bad.repair(split).endswith("- Fun: 25%")


@pytest.mark.parametrize(
    "answer",
    [
        "- Rent: 0%\n- Food: 0%\n- Fun: 0%",  # parts at 0%: no part to move
        "- Rent: 10%\n- Food: 10%\n- Fun: 10%",  # far off: not the tools' to fill
    ],
)
def test_the_tools_leave_a_sum_far_off_or_parts_at_zero_to_the_rewrite(answer):
    (bad,) = facts(BUDGET, answer)
    assert bad.fault and bad.repair(answer) == answer


@pytest.mark.parametrize(
    "request_",
    [
        "Invoice my client: 12 hours of design at £45 an hour, with a total at the bottom.",
        "Remind me every 45 minutes to stretch; list the total reminders.",
        "Write a 45-minute workout.",  # no parts asked to add up
    ],
)
def test_rates_plurals_and_a_whole_with_no_parts_asked_are_no_total(request_):
    assert total_checks(request_) == []
