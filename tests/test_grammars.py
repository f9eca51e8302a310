"""The feedback schema compiles for all three structured-output backends vLLM can use."""

import json
import re

import pytest

from selfrefine.engine.backends import models
from selfrefine.grammars.feedback import FeedbackSpec

SPEC = FeedbackSpec()
GOOD = {
    "feedback": ["Add units to the final number.", "Say why step 2 follows."],
    "scores": {"correctness": 4, "completeness": 3, "clarity": 5},
    "stop": False,
}
BAD = [
    {**GOOD, "scores": {**GOOD["scores"], "clarity": 7}},  # off the scale
    {**GOOD, "extra": True},  # unknown field
    {**GOOD, "feedback": [" ".join(["word"] * (SPEC.item_words + 1))]},  # point too long
    {**GOOD, "feedback": ["two  spaces"]},  # an empty word
    {**GOOD, "feedback": [" "]},  # blank
    {**GOOD, "feedback": ["ok"] * (SPEC.max_items + 1)},  # too many points
]


@pytest.fixture(scope="module")
def xgrammar_compiled():
    import xgrammar as xg
    from transformers import AutoTokenizer

    tok = AutoTokenizer.from_pretrained(models.pull("smollm2-135m-instruct"))
    compiler = xg.GrammarCompiler(xg.TokenizerInfo.from_huggingface(tok))
    return xg, compiler.compile_json_schema(json.dumps(SPEC.json_schema()), any_whitespace=False)


def test_xgrammar_accepts_valid_and_rejects_invalid_feedback(xgrammar_compiled):
    xg, compiled = xgrammar_compiled
    # vLLM runs xgrammar without free whitespace: its JSON uses ", " and ": " separators.
    assert xg.GrammarMatcher(compiled).accept_string(json.dumps(GOOD))
    for bad in BAD:
        assert not xg.GrammarMatcher(compiled).accept_string(json.dumps(bad)), bad


def test_outlines_regex_accepts_valid_and_rejects_invalid_feedback():
    from outlines_core.json_schema import build_regex_from_schema

    regex = build_regex_from_schema(json.dumps(SPEC.json_schema()))
    assert re.fullmatch(regex, json.dumps(GOOD, separators=(",", ":")))
    for bad in BAD:
        assert not re.fullmatch(regex, json.dumps(bad, separators=(",", ":"))), bad


def test_guidance_validates_the_schema():
    import llguidance

    grammar = llguidance.LLMatcher.grammar_from_json_schema(json.dumps(SPEC.json_schema()))
    assert llguidance.LLMatcher.validate_grammar(grammar) == ""
