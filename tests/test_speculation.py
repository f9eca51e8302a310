"""Speculative decoding from the prompt (EngineOptions.speculation): the options vLLM gets, and on
the real engine that greedy loops are unchanged by it and grammar feedback still always parses."""

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from selfrefine.engine.backends.engine_options import SPECULATION, EngineOptions
from selfrefine.engine.errors import InvalidParameter
from selfrefine.engine.types import LoopError

CLI = str(Path(sys.executable).parent / "selfrefine")


def test_speculative_config_per_mode():
    assert EngineOptions().speculation == "auto"  # the default
    assert EngineOptions(speculation="off", expected_concurrency=1).speculative_config() is None
    ngram = EngineOptions(speculation="ngram", speculative_tokens=3).speculative_config()
    assert ngram == {
        "method": "ngram",
        "num_speculative_tokens": 3,
        "prompt_lookup_min": 2,
        "prompt_lookup_max": 5,
    }
    # auto drafts only for one loop at a time (see SPECULATION for why not by batch size)
    assert EngineOptions(expected_concurrency=1).speculative_config() == {
        **ngram,
        "num_speculative_tokens": 4,
    }
    assert EngineOptions(expected_concurrency=2).speculative_config() is None
    assert EngineOptions().speculative_config() is None  # unknown: many


@pytest.mark.parametrize(
    "bad",
    [{"speculation": "medusa"}, {"speculation": ""}, {"speculative_tokens": 0}, {"speculative_tokens": 17}],
)
def test_bad_speculation_options_are_refused(bad):
    with pytest.raises(InvalidParameter):
        EngineOptions(**bad)


def test_suffix_needs_arctic_inference():
    import importlib.util

    if importlib.util.find_spec("arctic_inference") is None:
        with pytest.raises(InvalidParameter, match="arctic-inference"):
            EngineOptions(speculation="suffix")
    else:
        assert EngineOptions(speculation="suffix").speculative_config()["method"] == "suffix"
    assert "suffix" in SPECULATION


def test_auto_drafts_nothing_on_cpu_and_ngram_is_kept(test_model_path):
    # vLLM 0.32's CPU build corrupts sampled completions under n-gram drafts (measured: "The quick
    # brown foxationToken" at temperature 0.8, alone or batched), so `auto` leaves them off there
    from vllm.platforms import current_platform

    from selfrefine.engine.backends.vllm_engine import VLLMEngine

    auto = VLLMEngine(test_model_path, "t", EngineOptions(expected_concurrency=1)).engine_args()
    if current_platform.is_cpu():
        assert auto.speculative_config is None
    else:
        assert auto.speculative_config["method"] == "ngram"
    forced = VLLMEngine(test_model_path, "t", EngineOptions(speculation="ngram")).engine_args()
    assert forced.speculative_config["method"] == "ngram"


def test_cli_speculation_option():
    # the test model (pulled by make test / test-fast), not the default one, which a fresh machine lacks
    p = subprocess.run(
        [
            CLI,
            "engine-args",
            "--model",
            "smollm2-135m-instruct",
            "--speculation",
            "ngram",
            "--speculative-tokens",
            "2",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 0, p.stderr
    spec = json.loads(p.stdout)["speculative_config"]
    assert spec["method"] == "ngram" and spec["num_speculative_tokens"] == 2
    bad = subprocess.run(
        [CLI, "engine-args", "--speculation", "warp"], capture_output=True, text=True, timeout=120
    )
    assert bad.returncode != 0 and "speculation" in bad.stderr and "Traceback" not in bad.stderr


ITEMS = [
    "Rewrite this sentence more formally: the cat sat on the mat and did not want to move at all.",
    "Write two sentences about a lighthouse keeper who writes the weather in a book every morning.",
    "List three tips for keeping houseplants alive in winter.",
]


def _engine(path: str, speculation: str):
    """A float32 engine (see the greedy test) for one loop at a time, the n-gram drafter on or off."""
    from selfrefine.engine.backends.vllm_engine import VLLMEngine

    options = EngineOptions(
        kv_cache_gib=1.0, dtype="float32", speculation=speculation, expected_concurrency=1
    )
    return VLLMEngine(path, "smollm2-135m-instruct", options).start()


@pytest.fixture(scope="module")
def ngram(test_model_path):
    """(engine, run): one n-gram engine for both engine tests of this file (one start, not two)."""
    from tests.conftest import hosted

    yield from hosted(lambda: _engine(test_model_path, "ngram"))


ACCEPTED = "vllm:spec_decode_num_accepted_tokens_total"


def _run_loops(engine, items: list[str], temperature: float, max_tokens: int = 96):
    """Grammar-feedback loops (the feedback greedy, as by default) on `engine`, from a cold prefix
    cache: (results, draft tokens the verifier accepted meanwhile)."""
    from selfrefine.engine.backends import settings
    from selfrefine.engine.core.item import Item
    from selfrefine.engine.core.many import refine_many

    async def go():
        await engine.reset_prefix_cache()  # a greedy run compared across engines starts cold in each
        before = engine.vllm_value(ACCEPTED)
        cfg = settings.refine_config(
            rounds=2,
            temperature=temperature,
            max_tokens=max_tokens,
            seed=0,
            stop_flag=False,
            stop_on_top=False,
            stop_on_no_problems=False,
            reject=False,
        )
        res = await refine_many(engine, [Item(input=t) for t in items], cfg, concurrency=1)
        return res, engine.vllm_value(ACCEPTED) - before

    return go()


@pytest.mark.engine
def test_greedy_loops_identical_with_and_without_speculation(test_model_path, ngram):
    # float32: in bfloat16 the verify step's several positions per forward round differently from
    # one at a time, and near-ties can flip (as they can between batch sizes without speculation)
    async def without():
        engine = _engine(test_model_path, "off")
        try:
            return await _run_loops(engine, ITEMS[:1], 0.0)
        finally:
            engine.shutdown()

    off, accepted_off = asyncio.run(without())
    engine, run = ngram
    on, accepted_on = run(_run_loops(engine, ITEMS[:1], 0.0))
    assert accepted_off == 0 and accepted_on > 0  # drafts were proposed and accepted
    (a,), (b,) = off, on
    assert a.rounds == b.rounds == 2
    assert a.outputs == b.outputs  # token for token: the verifier keeps only what greedy would pick
    assert [c.text for c in a.trace] == [c.text for c in b.trace]  # feedback included


@pytest.mark.engine
def test_grammar_feedback_always_parses_with_speculation(ngram):
    # drafts forced (auto drafts nothing on CPU): answers sampled at 1.0, feedback greedy; one loop
    # at a time (sampled completions batched under n-gram drafts are corrupted on CPU, see auto).
    # Answers of up to 48 tokens: the reviews under test are as long whatever the answer's length.
    engine, run = ngram
    res, accepted = run(_run_loops(engine, ITEMS, 1.0, max_tokens=48))
    assert not any(isinstance(r, LoopError) for r in res), [r.error for r in res if isinstance(r, LoopError)]
    feedback = [c for r in res for c in r.trace if c.stage == "feedback"]
    assert accepted > 0 and len(res) == 3 and len(feedback) >= 3 * 2
    for c in feedback:
        assert c.feedback_error is None, c.text
        parsed = json.loads(c.text)
        assert isinstance(parsed["scores"], dict) and isinstance(parsed["stop"], bool)
    # with drafts the special-token ban goes through bad_words (vLLM refuses a logit bias), and holds
    from selfrefine.engine.backends.backend import grammar_banned_ids
    from selfrefine.engine.types import Sampling

    banned = set(grammar_banned_ids(engine.tokenizer))
    assert set(engine._grammar_ban) == {"bad_words"} and banned
    schema = {"type": "object", "properties": {"word": {"type": "string"}}, "required": ["word"]}
    ids = engine.tokenizer("<|im_start|>user\nGive a JSON word.<|im_end|>\n<|im_start|>assistant\n").input_ids
    for seed in range(2):  # one at a time, as above
        out = run(
            engine.generate(ids, Sampling(temperature=1.0, seed=seed, max_tokens=24), json_schema=schema)
        )
        assert not set(out.token_ids) & banned
