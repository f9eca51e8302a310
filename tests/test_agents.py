"""The agent tasks of bench/agents.py (`python -m selfrefine.bench.agents --base-url URL --model M`),
which measure tool-using agents end to end against a server: here, that the tasks and the scoring
helpers are what the harness needs. The run on a real model, with its success share printed, is
`tests/test_tools.py::test_the_agent_tasks_end_to_end_with_the_success_share_printed`."""

from selfrefine.bench.agents import HOLDOUT_PATH, TOOLS, has_facts, is_prose, load_tasks, valid_arguments


def test_the_tasks_are_well_formed():
    tasks, holdout = load_tasks(), load_tasks(HOLDOUT_PATH)
    assert len(tasks) >= 20 and len(holdout) >= 10
    assert len({t["id"] for t in tasks + holdout}) == len(tasks) + len(holdout)
    assert all(t["facts"] and set(t["expect"]) <= set(t["tools"]) for t in tasks + holdout)
    assert not {t["prompt"] for t in tasks} & {t["prompt"] for t in holdout}
    assert is_prose("It is 17 C.") and not is_prose('{"result": 42}') and not is_prose("```json\n{}```")
    assert valid_arguments(TOOLS["multiply"], '{"a": 6, "b": 7}') == {"a": 6, "b": 7}
    assert valid_arguments(TOOLS["multiply"], '{"a": "6"}') is None
    assert has_facts("It has 48917 people.", ["48,917", "people"]) == []
    # numbers by value: the tool's JSON writes 18.4, a model may write a minus sign
    assert has_facts("It costs 18.4 euros; it is \u22124 \u00b0C.", ["18.40", "-4"]) == []
    assert has_facts("It costs 18.45 euros, 118.4 in all.", ["18.40"]) == ["18.40"]
    assert has_facts("Flight SR-2048 is late.", ["delayed", "2048"]) == ["delayed"]
