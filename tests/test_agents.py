"""Agents through the server's tool calling, on the model README recommends for tools: the agent
tasks of bench/agents.py (their success share), a pydantic-ai Agent and a LangChain agent. The
model's greedy path differs between CPU and GPU kernels, so only the success share has a
threshold; the rest is structural."""

import time

import pytest

from selfrefine.bench.agents import TOOLS, has_facts, load_tasks, run_all, valid_arguments
from tests.conftest import TOOLS_MODEL


def test_the_tasks_are_well_formed():
    tasks = load_tasks()
    assert len(tasks) >= 20 and len({t["id"] for t in tasks}) == len(tasks)
    assert all(t["facts"] and set(t["expect"]) <= set(t["tools"]) for t in tasks)
    assert valid_arguments(TOOLS["multiply"], '{"a": 6, "b": 7}') == {"a": 6, "b": 7}
    assert valid_arguments(TOOLS["multiply"], '{"a": "6"}') is None
    assert has_facts("It has 48917 people.", ["48,917", "people"]) == []


@pytest.mark.engine
def test_agent_tasks_succeed_with_the_recommended_model(tools_server):
    t0 = time.time()
    outcomes = run_all(tools_server.client(), TOOLS_MODEL, load_tasks(), steps=4, max_tokens=128, workers=5)
    share = sum(o.ok for o in outcomes) / len(outcomes)
    print(f"\nagent tasks on {TOOLS_MODEL}: {share:.2f} in {time.time() - t0:.0f}s")
    for o in outcomes:
        print(f"  {o.id}: {'ok' if o.ok else o.why} {o.calls}")
    assert share >= 0.8


@pytest.mark.engine
def test_a_pydantic_ai_agent_calls_the_tool_and_answers(tools_server):
    from openai import AsyncOpenAI
    from pydantic_ai import Agent
    from pydantic_ai.models.openai import OpenAIChatModel
    from pydantic_ai.providers.openai import OpenAIProvider

    client = AsyncOpenAI(base_url=tools_server.base, api_key="test-key-123", max_retries=0, timeout=300)
    model = OpenAIChatModel(TOOLS_MODEL, provider=OpenAIProvider(openai_client=client))
    agent = Agent(model, model_settings={"temperature": 0, "max_tokens": 128})
    called = []

    @agent.tool_plain
    def multiply(a: int, b: int) -> int:
        """Multiply two integers."""
        called.append((a, b))
        return a * b

    result = agent.run_sync("Use the multiply tool to compute 6 times 7.")
    assert called and "42" in str(result.output), (called, result.output)


@pytest.mark.engine
def test_a_langchain_agent_calls_the_tool_and_answers(tools_server):
    from langchain.agents import create_agent
    from langchain_core.tools import tool
    from langchain_openai import ChatOpenAI

    called = []

    @tool
    def lookup_employee(name: str) -> str:
        """Look a person up in the staff directory: office, phone extension, team."""
        called.append(name)
        return '{"office": "B-214", "extension": "2290", "team": "billing"}'

    llm = ChatOpenAI(
        model=TOOLS_MODEL, base_url=tools_server.base, api_key="test-key-123", temperature=0, max_tokens=128
    )
    agent = create_agent(llm, [lookup_employee])
    out = agent.invoke({"messages": [{"role": "user", "content": "Which office is Alice Moreau in?"}]})
    answer = out["messages"][-1].content
    assert called and "B-214" in answer, (called, answer)
