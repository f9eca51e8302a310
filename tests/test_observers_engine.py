"""The generic loop's observers on the real engine (SmolLM2-135M): facts reach the review and the trace."""

import pytest

from selfrefine.engine.generic import make_item
from selfrefine.engine.loop import RefineConfig, refine
from selfrefine.engine.types import Sampling

pytestmark = pytest.mark.engine


def test_a_constrained_request_is_observed_every_review(real):
    engine, run = real
    item = make_item('Write exactly 2 sentences about the sea. Use the word "blue".')
    sampling = Sampling(temperature=0.0, max_tokens=96, seed=0)
    cfg = RefineConfig(max_rounds=1, selection="best", sampling=sampling)
    res = run(refine(engine, item, cfg))
    reviews = [c for c in res.trace if c.stage == "feedback"]
    assert reviews and all(c.observation and "sentences: " in c.observation for c in reviews)
    assert all('"blue" appears' in c.observation for c in reviews)
    assert res.checks["observed"] == len(reviews)
    assert res.checks["fault"] == sum(bool(c.fault) for c in reviews)
