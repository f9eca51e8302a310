"""The agent tasks of bench/agents.py (`python -m selfrefine.bench.agents --base-url URL --model M`),
which measure tool-using agents end to end against a server: here, that the tasks and the scoring
helpers are what the harness needs. The success share on a real model is a measurement, not yet a
test: see README, "Tool calling"."""

from selfrefine.bench.agents import TOOLS, has_facts, load_tasks, valid_arguments


def test_the_tasks_are_well_formed():
    tasks = load_tasks()
    assert len(tasks) >= 20 and len({t["id"] for t in tasks}) == len(tasks)
    assert all(t["facts"] and set(t["expect"]) <= set(t["tools"]) for t in tasks)
    assert valid_arguments(TOOLS["multiply"], '{"a": 6, "b": 7}') == {"a": 6, "b": 7}
    assert valid_arguments(TOOLS["multiply"], '{"a": "6"}') is None
    assert has_facts("It has 48917 people.", ["48,917", "people"]) == []
    # numbers by value: the tool's JSON writes 18.4, a model may write a minus sign
    assert has_facts("It costs 18.4 euros; it is \u22124 \u00b0C.", ["18.40", "-4"]) == []
    assert has_facts("It costs 18.45 euros, 118.4 in all.", ["18.40"]) == ["18.40"]
    assert has_facts("Flight SR-2048 is late.", ["delayed", "2048"]) == ["delayed"]
