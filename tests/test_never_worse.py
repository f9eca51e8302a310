"""The loop never makes an answer worse, scored: real loops on the real engine (SmolLM2-135M,
greedy) whose rewrites are kept, each answer scored against its own draft by a checker the loop
never sees.

The requests ask for formats the loop's tools can fix mechanically (engine.observe: all lowercase,
wrapped in double quotation marks, no commas, an exact closing phrase), so the loop tries the
tools' fix before any model rewrite (engine.core.loop `_Loop.rewrite`) and the 135M's loops do keep
rewrites. The scorer is IFEval's own verifiers (the `if-verifiable` package, through
tasks/ifeval/scorer.py), not the loop's observers: the two are separate code
(tests/test_packaging.py keeps them apart), so a rewrite the tools like but IFEval does not
shows up here as a score no higher than its draft.
"""

import asyncio

import pytest

from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.generic import make_item
from selfrefine.engine.core.loop import refine
from selfrefine.engine.types import Sampling

pytestmark = pytest.mark.engine

pytest.importorskip("if_verifiable", reason="the scorer is IFEval's (the `eval` extra)")

from selfrefine.tasks.ifeval.scorer import IFEvalScorer  # noqa: E402

END = "Is there anything else I can help with?"
CLOSE = "Thanks for reading."

# (request, IFEval instruction ids, their kwargs): each request states its constraints in its own
# words; the ids are the IFEval instructions that check them.
REQUESTS = [
    (
        "Describe a morning walk through a city park, writing in all lowercase letters.",
        ["change_case:english_lowercase"],
        [{}],
    ),
    (
        "Write a short note to a neighbor about a lost cat, and wrap your entire response with double "
        "quotation marks.",
        ["startend:quotation"],
        [{}],
    ),
    (
        "Give three reasons to drink more water. Do not use any commas in your response.",
        ["punctuation:no_comma"],
        [{}],
    ),
    (
        f'Explain what a lighthouse keeper does. End your response with the exact phrase "{END}"',
        ["startend:end_checker"],
        [{"end_phrase": END}],
    ),
    (
        f'Tell me how bees make honey and end your response with the exact phrase "{CLOSE}"',
        ["startend:end_checker"],
        [{"end_phrase": CLOSE}],
    ),
    (
        "Describe how to brew a cup of green tea in all lowercase letters, and do not use any commas.",
        ["change_case:english_lowercase", "punctuation:no_comma"],
        [{}, {}],
    ),
    (
        "Write a few sentences about rainy days in all lowercase letters and wrap your entire response "
        "with double quotation marks.",
        ["change_case:english_lowercase", "startend:quotation"],
        [{}, {}],
    ),
    (
        "Tell me about the phases of the moon. Refrain from using commas, and wrap your entire response "
        "with double quotation marks.",
        ["punctuation:no_comma", "startend:quotation"],
        [{}, {}],
    ),
]
MIN_KEPT = 5


def test_kept_rewrites_score_above_their_drafts_and_no_answer_below(real):
    engine, run = real
    cfg = RefineConfig(rounds=1, sampling=Sampling(temperature=0.0, max_tokens=96, seed=0))

    async def loops():
        return await asyncio.gather(*(refine(engine, make_item(r), cfg) for r, _, _ in REQUESTS))

    results = run(loops())
    scorer = IFEvalScorer()
    kept, rows = 0, []
    for i, ((request, ids, kwargs), res) in enumerate(zip(REQUESTS, results, strict=True)):
        row = {"id": str(i), "key": i, "request": request, "instruction_id_list": ids, "kwargs": kwargs}
        draft, answer = res.outputs[0], res.answer
        before, after = scorer.score(row, draft)["score"], scorer.score(row, answer)["score"]
        rows.append((request[:40], before, after, len(res.outputs), res.stop_reason))
        assert after >= before, (request, draft, answer)  # never worse
        if len(res.outputs) == 2:  # one round: a kept rewrite is the second output
            kept += 1
            assert answer == res.outputs[1], (request, res.outputs)
            assert after > before, (request, draft, answer)  # a kept rewrite is better, not equal
    print("(request, draft score, answer score, outputs, stop reason):", *rows, sep="\n  ")
    # the tools' fix is kept wherever the draft breaks a format it can fix, and the 135M's greedy
    # drafts break the format in most of these (seen: all 8 kept, each from 0 or 0.5 to 1.0)
    assert kept >= MIN_KEPT, rows
