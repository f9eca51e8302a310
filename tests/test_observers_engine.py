"""The generic loop's observers on the real engine (SmolLM2-135M): facts reach the review and the trace."""

import pytest

from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.generic import make_item
from selfrefine.engine.core.loop import refine
from selfrefine.engine.types import Sampling

pytestmark = pytest.mark.engine


def test_a_constrained_request_is_observed_every_review(real):
    engine, run = real
    item = make_item('Write exactly 2 sentences about the sea. Use the word "blue".')
    sampling = Sampling(temperature=0.0, max_tokens=96, seed=0)
    cfg = RefineConfig(rounds=1, selection="best", sampling=sampling)
    res = run(refine(engine, item, cfg))
    reviews = [c for c in res.trace if c.stage == "feedback"]
    assert reviews and all(c.observation and "sentences: " in c.observation for c in reviews)
    assert all('"blue" appears' in c.observation for c in reviews)
    assert res.checks["observed"] == len(reviews)
    assert res.checks["fault"] == sum(bool(c.fault) for c in reviews)


@pytest.mark.sandbox
def test_code_that_fails_an_example_is_a_fault_and_every_rewrite_prompt_shows_that_example(real, monkeypatch):
    """The answer under review is given (Item.initial), so the fault is certain; the review and the
    candidate rewrites are the real engine's. Each rewrite prompt names the failing example, its
    expected value and what the code gave."""
    engine, run = real
    request = (
        "Write a Python function add(a, b) that returns a + b, e.g. add(2, 3) == 5 and add(10, 5) == 15."
    )
    item = make_item(request)
    item.initial = "```python\ndef add(a, b):\n    return a + b if a != 10 else 0\n```"
    prompts = []
    generate = engine.generate

    async def recorded(prompt, sampling, schema=None, **kw):
        prompts.append(engine.tokenizer.decode(prompt))
        return await generate(prompt, sampling, schema, **kw)

    monkeypatch.setattr(engine, "generate", recorded)
    sampling = Sampling(temperature=0.0, max_tokens=64, seed=0)
    # the critic reviews (examples_decide off, review_faults on): its review and both rewrites see the failure
    cfg = RefineConfig(rounds=1, candidates=2, sampling=sampling, examples_decide=False, review_faults=True)
    res = run(refine(engine, item, cfg))
    review = res.trace[0]
    assert review.stage == "feedback" and "add(10, 5) == 15: expected '15', got 0" in review.fault
    rewrites = [p for p, c in zip(prompts[1:], res.trace[1:]) if c.stage in ("candidate", "refine")]
    assert len(rewrites) == 2 and all("add(10, 5) == 15: expected '15', got 0" in p for p in rewrites)
    assert res.checks["fault"] >= 1 and res.checks["candidates"] == 1
    # the default: the run decides, no review is asked, and one fresh answer is told the failure
    prompts.clear()
    cfg = RefineConfig(rounds=1, candidates=2, code_candidates=2, sampling=sampling)
    res = run(refine(engine, item, cfg))
    assert [c.stage for c in res.trace] == ["tools", "refine"] and len(prompts) == 1  # the run, recorded
    assert "add(10, 5) == 15: expected '15', got 0" in prompts[0] and "a != 10" not in prompts[0]
