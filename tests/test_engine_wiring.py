"""What the engine options become in vLLM's own arguments, and what `run`, the API and batches tell
the engine about how many loops will run (speculation `auto` depends on it). README claims that no
other test would catch breaking (issue 23, findings 14-17)."""

import asyncio

import pytest

from selfrefine.engine.backends import settings
from selfrefine.engine.backends.backend import grammar_banned_ids
from selfrefine.engine.backends.engine_options import EngineOptions
from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.item import Item


def _args(path, **options):
    from selfrefine.engine.backends.vllm_engine import VLLMEngine

    return VLLMEngine(path, "t", EngineOptions(**options)).engine_args()


@pytest.mark.parametrize(("policy", "vllm"), [("loop", "priority"), ("las", "priority"), ("fcfs", "fcfs")])
def test_each_scheduling_policy_reaches_vllm(test_model_path, policy, vllm):
    assert _args(test_model_path, scheduling=policy).scheduling_policy == vllm


def test_the_api_tells_the_engine_its_concurrency():
    from selfrefine.api import SelfRefine

    assert SelfRefine(concurrency=1).options.expected_concurrency == 1  # auto may draft (on a GPU)
    assert SelfRefine(concurrency=6).options.expected_concurrency == 6
    assert SelfRefine(concurrency=1).options.speculative_config() is not None
    assert SelfRefine(concurrency=6).options.speculative_config() is None


@pytest.mark.parametrize(("inputs", "concurrency", "told"), [(1, 16, 1), (5, 16, 5), (40, 16, 16)])
def test_run_and_batches_tell_the_engine_how_many_loops_run_at_once(monkeypatch, inputs, concurrency, told):
    from rich.console import Console

    from selfrefine import batch

    seen = {}

    class Stop(Exception):
        pass

    def start_engines(model, critic, options, backend):
        seen["options"] = options
        raise Stop

    monkeypatch.setattr(settings, "start_engines", start_engines)
    items = [Item(input=f"Say hi to {i}.") for i in range(inputs)]
    with pytest.raises(Stop):
        asyncio.run(
            batch.run_ordered(
                "m",
                "/no/model",
                None,
                EngineOptions(),
                items,
                RefineConfig(),
                concurrency,
                None,
                False,
                Console(),
            )
        )
    assert seen["options"].expected_concurrency == told


@pytest.mark.engine
def test_kv_admission_sees_the_real_engines_capacity(real):
    engine, _ = real
    cache = engine._llm.vllm_config.cache_config
    assert engine.kv_capacity_tokens == cache.num_gpu_blocks * cache.block_size > 0


@pytest.mark.engine
def test_the_special_token_ban_is_logit_bias_without_drafts_and_no_banned_id_is_written(real):
    from selfrefine.engine.types import Sampling

    engine, run = real
    banned = grammar_banned_ids(engine.tokenizer)
    assert banned and set(engine._grammar_ban) == {"logit_bias"}
    assert set(engine._grammar_ban["logit_bias"]) == set(banned)
    schema = {"type": "object", "properties": {"word": {"type": "string"}}, "required": ["word"]}
    ids = engine.tokenizer("<|im_start|>user\nGive a JSON word.<|im_end|>\n<|im_start|>assistant\n").input_ids
    outs = [
        run(engine.generate(ids, Sampling(temperature=1.0, seed=s, max_tokens=24), json_schema=schema))
        for s in range(4)
    ]
    assert all(not set(o.token_ids) & set(banned) for o in outs)


@pytest.mark.parametrize("drafts", [False, True])
def test_the_ban_is_logit_bias_or_bad_words_and_only_constrained_calls_carry_it(test_model_path, drafts):
    """Which ban `start()` picks with and without speculation, and what vLLM is handed: the
    SamplingParams of a constrained call carry it, those of an unconstrained call do not."""
    from types import SimpleNamespace

    from transformers import AutoTokenizer

    from selfrefine.engine.backends.backend import Request
    from selfrefine.engine.backends.vllm_engine import (
        MAX_BAD_WORDS,
        SPECIAL_TOKEN_BIAS,
        VLLMEngine,
        grammar_ban,
    )
    from selfrefine.engine.types import Sampling

    tokenizer = AutoTokenizer.from_pretrained(test_model_path)
    banned = grammar_banned_ids(tokenizer)
    ban = grammar_ban(tokenizer, drafts=drafts)
    if drafts:
        assert ban == {"bad_words": tokenizer.convert_ids_to_tokens(banned[:MAX_BAD_WORDS])}
        assert all(tokenizer.convert_tokens_to_ids(w) in banned for w in ban["bad_words"])
    else:
        assert ban == {"logit_bias": dict.fromkeys(banned, SPECIAL_TOKEN_BIAS)}

    seen = []

    class Handed:  # stands in for AsyncLLM: records the params, answers one finished output
        errored = False

        async def generate(self, prompt, params, request_id, priority):
            seen.append(params)
            seq = SimpleNamespace(text="{}", token_ids=[1], finish_reason="stop")
            yield SimpleNamespace(outputs=[seq], num_cached_tokens=0, finished=True)

    engine = VLLMEngine(test_model_path, "t", EngineOptions())
    engine._llm, engine._grammar_ban = Handed(), ban
    schema = {"type": "object", "properties": {"word": {"type": "string"}}, "required": ["word"]}
    for json_schema in (schema, None):
        request = Request([1, 2, 3], Sampling(max_tokens=4), json_schema, 4, None, None, None)
        asyncio.run(engine._run(request))
    constrained, plain = seen
    if drafts:
        assert constrained.bad_words == ban["bad_words"] and not constrained.logit_bias
    else:
        assert constrained.logit_bias == ban["logit_bias"] and not constrained.bad_words
    assert not plain.logit_bias and not plain.bad_words and plain.structured_outputs is None


def test_serve_starts_with_speculation_auto_and_drafts_nothing(monkeypatch, test_model_path):
    """`serve` runs many loops at once: its default `auto` names no loop count, so no drafts."""
    from typer.testing import CliRunner

    from selfrefine import cli
    from selfrefine.engine.server import app as server_app
    from tests.conftest import TEST_MODEL

    seen = {}
    monkeypatch.setattr(server_app, "serve", lambda path, name, options, **kw: seen.update(options=options))
    r = CliRunner().invoke(cli.app, ["serve", "--model", TEST_MODEL])
    assert r.exit_code == 0, r.output
    options = seen["options"]
    assert options.speculation == "auto" and options.expected_concurrency is None
    assert options.speculative_config() is None
