"""The order a request asks a list in (engine.observe.order): read from how people phrase it, checked
on list items, table rows, sections and a line of numbers, and fixed by the tools (the same items
sorted, markers and ranks left in place); no order asked, or no key in the items, says nothing."""

import asyncio

import pytest

from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.generic import make_item
from selfrefine.engine.core.loop import refine
from selfrefine.engine.observe import observe_request
from selfrefine.engine.observe.order import _asked, order_checks
from tests.fakes import ScriptedEngine


@pytest.mark.parametrize(
    "request_, key, desc",
    [
        ("Packing list for a ski trip, in alphabetical order please.", "alpha", False),
        ("Sort my spice names alphabetically.", "alpha", False),
        ("List the rivers from Z to A.", "alpha", True),
        ("Give me 8 animals, ordered from the shortest name to the longest.", "length", False),
        ("6 baby names, longest name first down to the shortest.", "length", True),
        ("Six houseplants with prices, from cheapest to most expensive.", "number", False),
        ("A table of the planets sorted from farthest to closest.", "number", True),
        ("Lottery numbers, sorted low to high.", "number", False),
        ("Five milestones of the internet, oldest first.", "date", False),
        ("The changelog, newest release first.", "date", True),
        ("Put the events in chronological order.", "date", False),
        ("Parkrun times in a table, fastest first.", "number", True),
    ],
)
def test_the_order_is_read_as_people_phrase_it(request_, key, desc):
    found = _asked(request_)
    assert found is not None and (found.key, found.desc) == (key, desc)


@pytest.mark.parametrize(
    "request_",
    [
        "It doesn't need to be in alphabetical order.",
        "Tips for sleeping better, most important first.",  # no number to order by
        "Write at least 5 items, with the shortest one at the end.",
        "Write an email to my landlord about the boiler.",
    ],
)
def test_no_order_asked_says_nothing(request_):
    assert order_checks(request_) == []


def facts(request_, answer):
    (check,) = order_checks(request_)
    return check(answer)


ANIMALS = "Give me 5 animals in alphabetical order."


def test_a_sorted_list_is_a_fact_and_an_unsorted_one_a_fault_the_tools_fix():
    ok = facts(ANIMALS, "1. Ant\n2. **Bear**: big\n3. cat\n4. Dog\n5. Eel")
    assert len(ok) == 1 and ok[0].fault is None and "5 items" in ok[0].text
    answer = "Here they are:\n\n1. **Zebra**: striped\n2. Ant\n   (tiny)\n3. Mole\n4. Cat\n5. Bee\n\nEnjoy!"
    (bad,) = facts(ANIMALS, answer)
    assert bad.fault and '"Zebra" comes before "Ant"' in bad.fault and "NOT MET" in bad.text
    fixed = bad.repair(answer)
    assert (
        fixed
        == "Here they are:\n\n1. Ant\n   (tiny)\n2. Bee\n3. Cat\n4. Mole\n5. **Zebra**: striped\n\nEnjoy!"
    )
    assert facts(ANIMALS, fixed)[0].fault is None


def test_each_level_of_a_nested_list_is_its_own_list():
    answer = "- Clothes\n  - hat\n  - boots\n  - gloves\n- Gear\n  - skis\n  - poles\n  - goggles"
    (bad,) = facts("A ski packing list, in alphabetical order.", answer)
    fixed = bad.repair(answer)
    assert fixed.startswith("- Clothes\n  - boots\n  - gloves\n  - hat\n- Gear")  # the sub-items sorted
    sorted_each = "- Clothes\n  - boots\n  - gloves\n  - hat\n- Gear\n  - goggles\n  - poles\n  - skis"
    assert facts("A ski packing list, in alphabetical order.", sorted_each)[0].fault is None


def test_a_table_is_sorted_by_its_number_column_its_rank_kept_in_place():
    ask = "The tallest buildings with their heights, tallest first, as a table."
    table = (
        "| Rank | Building | Height |\n|---|---|---|\n| 1 | A | 828 m |\n| 2 | B | 632 m |\n| 3 | C | 679 m |"
    )
    (bad,) = facts(ask, table)
    assert '"B" comes before "C"' in bad.fault
    assert bad.repair(table).endswith("| 1 | A | 828 m |\n| 2 | C | 679 m |\n| 3 | B | 632 m |")


def test_times_fastest_first_put_the_least_time_first():
    ask = "Saturday's parkrun times as a table, fastest first."
    table = "| Name | Time |\n|---|---|\n| Sam | 22:58 |\n| Jon | 24:05 |\n| Olu | 25:30 |"
    assert facts(ask, table)[0].fault is None
    assert facts(ask, table.replace("22:58", "26:58"))[0].fault


def test_sections_under_headings_and_a_line_of_numbers():
    log = "# Changelog\n\n## 1.0.0\n- first\n\n## 1.1.0\n- more\n\n## 1.2.0\n- latest"
    (bad,) = facts("A changelog for 1.0.0 to 1.2.0, newest first.", log)
    assert bad.repair(log) == "# Changelog\n\n## 1.2.0\n- latest\n## 1.1.0\n- more\n\n## 1.0.0\n- first\n"
    (line,) = facts("6 lottery numbers, sorted low to high, on one line.", "4 38 11 19 23 47")
    assert line.repair("4 38 11 19 23 47") == "4 11 19 23 38 47"
    assert facts("6 lottery numbers, sorted low to high.", "4, 11, 19")[0].fault is None


def test_dates_without_a_year_roll_over_new_year_and_a_cut_off_last_item_is_left_out():
    plan = "- November 20: garlic\n- December 15: onions\n- January 10: peppers\n- February 2: tom"
    assert facts("A sowing plan, in chronological order.", plan + "\n- March")[0].fault is None


@pytest.mark.parametrize(
    "request_, answer",
    [
        ("Five films, highest rated first.", "- Alien (1979)\n- Heat (1995)\n- Up (2009)"),  # years no rating
        ("Three snacks in alphabetical order.", "Apples, pears and nuts are all good."),  # no list
        ("Three tools from cheapest to most expensive.", "- hammer\n- saw\n- drill"),  # no prices
    ],
)
def test_items_that_state_no_key_say_nothing(request_, answer):
    assert facts(request_, answer) == []


def test_the_loop_keeps_the_tools_sorted_list_without_a_call():
    ask = "List 4 fruits in alphabetical order, as a numbered list."
    draft = "1. Pear\n2. Apple\n3. Mango\n4. Banana"
    eng = ScriptedEngine([draft])
    res = asyncio.run(refine(eng, make_item(ask), RefineConfig(rounds=1)))
    assert res.answer == "1. Apple\n2. Banana\n3. Mango\n4. Pear"
    assert len(eng.prompts) == 1
    observe, _ = observe_request(ask)
    assert observe(draft).fault and observe(res.answer).fault is None


def test_items_on_their_own_lines_or_paragraphs_without_list_marks():
    ask = "The version history of my app, newest release first, each version on its own line."
    log = "v3.1.0\nWeekly reminders.\n\nv3.2.0\nDark mode.\n\nv2.9.1\nA crash fixed."
    (bad,) = facts(ask, log)
    assert bad.repair(log) == "v3.2.0\nDark mode.\n\nv3.1.0\nWeekly reminders.\n\nv2.9.1\nA crash fixed."
    lines = "Here they are:\nZucchini\nApple\nMango"
    (bad,) = facts("Three fruits, one per line, in alphabetical order.", lines)
    assert bad.repair(lines) == "Here they are:\nApple\nMango\nZucchini"
    prose = "Fruit is good.\n\nBananas are sweet.\n\nApples are crisp."
    assert facts("Describe three fruits in alphabetical order.", prose) == []  # paragraphs: not by name
