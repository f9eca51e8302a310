"""The loop on the real vLLM engine with SmolLM2-135M: prefix cache, grammar, batches, errors."""

import pytest

from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.item import Item
from selfrefine.engine.core.loop import refine
from selfrefine.engine.core.many import refine_many
from selfrefine.engine.errors import InvalidParameter, PromptTooLong
from selfrefine.engine.types import LoopError, LoopResult, Sampling
from selfrefine.grammars.feedback import FeedbackSpec

pytestmark = pytest.mark.engine

# Free-text feedback without usable scores at temperature 1.0 on SmolLM2-135M: measured 50 of 50
# samples here with the default 4 points of 20 words, and 10 of 10 in each of two runs with the
# 2 points of 12 words the test asks for (a 656-token cap, not 1848: the half took 40 s, not 100);
# the test draws 10 (each runs to its token cap: most of the test's time) and its bound is half.
FREE_TEXT_SAMPLES = 10
FREE_TEXT_MIN_FAILURES = 5
TOPICS = ["the moon", "bread", "rivers", "trains", "owls", "glass", "tea", "maps", "snow", "clocks"]


def test_round_two_prompt_is_served_from_the_prefix_cache(real):
    engine, run = real
    cfg = RefineConfig(
        rounds=2,
        stop_flag=False,
        stop_on_top=False,
        stop_on_no_problems=False,
        reject=False,
        sampling=Sampling(temperature=0.0, max_tokens=64, seed=0),
    )
    res = run(refine(engine, Item("Explain in two sentences why ice floats on water."), cfg))
    assert res.rounds == 2 and res.stop_reason == "max_rounds"
    round1 = [c for c in res.trace if c.round == 1]
    shared = round1[-1].prompt_tokens + round1[-1].completion_tokens  # round 2 extends this
    block = engine._llm.vllm_config.cache_config.block_size  # the cache works in whole blocks
    round2 = [c for c in res.trace if c.round == 2]
    assert round2
    for call in round2:
        share = call.cached_tokens / shared
        print(
            f"round 2 {call.stage}: cached {call.cached_tokens} of {shared} shared tokens ({share:.0%}), "
            f"{block}-token blocks"
        )
        # every whole block of the shared prefix comes from the cache (measured: 416 of 433, 96%)
        assert call.cached_tokens >= shared // block * block
        assert share >= 0.9


def _feedback_calls(results):
    return [c for r in results for c in r.trace if c.stage == "feedback"]


def test_grammar_feedback_always_parses_while_free_text_often_does_not(real):
    engine, run = real
    items = [
        Item(f"Write a short {kind} about {topic}.", id=f"{kind}-{topic}")
        for kind in ("poem", "story", "fact", "riddle", "slogan")
        for topic in TOPICS
    ]
    assert len(items) == 50
    samp = Sampling(temperature=1.0, max_tokens=48, seed=None)
    # rounds=0 with best selection: one draft and one feedback per item.
    grammar = RefineConfig(rounds=0, selection="best", feedback_temperature=1.0, sampling=samp)
    g = run(refine_many(engine, items, grammar, concurrency=50))
    assert all(isinstance(r, LoopResult) for r in g), [r.error for r in g if isinstance(r, LoopError)]
    calls = _feedback_calls(g)
    assert len(calls) == 50
    # the grammar never lets a review out of its format; its one gap is the token budget
    # (grammars.feedback.WORD_CHARS, pinned in test_feedback): valid words longer than the budget
    # assumes run to max_tokens with the JSON open. Seen once in 50 in each of two whole-suite
    # runs ("EOF while parsing a string at line 1 column 2799"): a bound of one would fail about
    # one run in four, so up to 5 such cuts pass (about 1 run in 500 at 2% a review), no other failure
    cut = [c for c in calls if c.feedback is None]
    failures = [c.feedback_error for c in cut]
    assert all(c.finish_reason == "length" and "EOF while parsing" in c.feedback_error for c in cut), failures
    assert len(cut) <= 5, failures
    lo, hi = grammar.spec.scale
    assert all(lo <= v <= hi for c in calls if c.feedback is not None for v in c.feedback["scores"].values())

    # free text on 10 of the items, asked for at most 2 points of 12 words: free text runs to its
    # token cap (with the default 4 points of 20 words, a mean 636 of 1848 tokens against the
    # grammar's 55, and that half took 11x the grammar's time on 50), and this cap is 656
    text = RefineConfig(
        rounds=0,
        selection="best",
        feedback="text",
        feedback_temperature=1.0,
        sampling=samp,
        spec=FeedbackSpec(max_items=2, item_words=12),
    )
    t = run(refine_many(engine, items[:FREE_TEXT_SAMPLES], text, concurrency=FREE_TEXT_SAMPLES))
    tcalls = _feedback_calls(t)
    assert len(tcalls) == FREE_TEXT_SAMPLES
    unusable = sum(1 for c in tcalls if not c.feedback["scores"] and not c.feedback["stop"])
    no_scores = sum(1 for c in tcalls if not c.feedback["scores"])
    n = FREE_TEXT_SAMPLES
    print(
        f"\nfeedback format failures at temperature 1.0, {engine.name}: grammar {len(failures)}/50 "
        "cut at the token budget; "
        f"free text: {no_scores}/{n} without usable scores, {unusable}/{n} with neither scores nor a stop"
    )
    # "often does not": measured on SmolLM2-135M (see the print), the bound leaves room for the
    # sampling noise of its draws at temperature 1.0
    assert no_scores >= FREE_TEXT_MIN_FAILURES, (no_scores, [c.text for c in tcalls][:5])


def test_batch_of_16_with_one_poisoned_item(real):
    engine, run = real
    items = [Item(f"Name one fact about {TOPICS[i % 10]}.", id=str(i)) for i in range(16)]
    items[7] = Item("tell me about " + "very " * 6000 + "long inputs", id="7")  # > 4096 tokens
    cfg = RefineConfig(rounds=1, sampling=Sampling(temperature=0.0, max_tokens=32))
    res = run(refine_many(engine, items, cfg, concurrency=16))
    assert len(res) == 16 and [r.id for r in res] == [str(i) for i in range(16)]
    errors = [r for r in res if isinstance(r, LoopError)]
    assert len(errors) == 1 and errors[0].id == "7"
    assert errors[0].error_type == "context_length_exceeded" and "4096" in errors[0].error
    assert sum(isinstance(r, LoopResult) and r.answer.strip() != "" for r in res) == 15


def test_engine_rejects_bad_prompts_with_clear_errors(real):
    engine, run = real
    with pytest.raises(InvalidParameter, match="empty"):
        run(engine.generate([], Sampling()))
    with pytest.raises(PromptTooLong, match="context"):
        run(engine.generate([1] * 5000, Sampling()))
    out = run(engine.generate(engine.tokenizer.encode("Hello"), Sampling(max_tokens=8, temperature=0)))
    assert 1 <= out.completion_tokens <= 8 and out.prompt_tokens >= 1


def test_the_model_runs_in_the_engine_core_process_with_its_threads_on_the_bound_core(
    test_model_path, monkeypatch
):
    """One CPU worker runs in vLLM's engine-core process (cpu_one_process_env), with the OpenMP
    binding vLLM gives a worker process: no VLLM::Worker process, and every thread of the engine
    core on the one core it is bound to, as /proc has it, while this process may use every core
    the suite was given, so that a binding which did not take effect shows as the wider mask the
    engine core inherits (measured so: every thread on `0-1`). The core is this worker's own under
    make test, where no other test runs on it."""
    import os

    import psutil

    from selfrefine.engine.backends.engine_options import EngineOptions
    from selfrefine.engine.backends.vllm_engine import VLLMEngine
    from tests.conftest import TEST_MODEL, hosted
    from tests.parallel import ALL_CORES, on_all_cores, thread_cores

    if len(ALL_CORES) < 2:
        pytest.fail("a binding narrower than this process's cores needs 2 cores (CI has 2)")
    core = max(os.sched_getaffinity(0))
    monkeypatch.setenv("VLLM_CPU_OMP_THREADS_BIND", str(core))
    options = EngineOptions(max_model_len=512, kv_cache_gib=0.25)
    before = {p.pid for p in psutil.Process().children(recursive=True)}  # other tests' engines
    with on_all_cores():
        assert sorted(os.sched_getaffinity(0)) == ALL_CORES
        engine_here = hosted(lambda: VLLMEngine(test_model_path, TEST_MODEL, options).start())
        engine, run = next(engine_here)
        try:
            if not engine.is_cpu:
                pytest.skip("the one-process layout is vLLM's CPU build's")
            out = run(
                engine.generate(engine.tokenizer.encode("Hello"), Sampling(max_tokens=4, temperature=0))
            )
            assert out.completion_tokens >= 1
            titled: dict[str, list] = {}
            for p in psutil.Process().children(recursive=True):
                if p.pid in before:
                    continue
                try:
                    titled.setdefault(p.cmdline()[0], []).append(p)
                except (psutil.Error, IndexError):
                    continue
            assert "VLLM::Worker" not in titled and titled.get("VLLM::EngineCore"), sorted(titled)
            for proc in titled["VLLM::EngineCore"]:
                threads = thread_cores(proc.pid)
                assert threads and all(cores == {core} for cores in threads.values()), (core, threads)
        finally:
            engine_here.close()  # shuts the engine down


def test_cancel_aborts_the_request_inside_vllm(real):
    """Cancelling a generation stops it in vLLM itself, not just in our counter: vLLM's scheduler
    (its `vllm:num_requests_running` gauge, fed by the engine core) ran it before and holds
    nothing after, and vLLM's own front end has no unfinished request."""
    import asyncio

    engine, run = real
    before = dict(engine.counters)

    async def cancel_midway():
        task = asyncio.ensure_future(
            engine.generate(
                engine.tokenizer.encode("Count to one hundred:"),
                Sampling(max_tokens=2000, temperature=0, ignore_eos=True),
            )
        )
        for _ in range(600):  # until vLLM's scheduler reports it running
            if engine.vllm_value("vllm:num_requests_running") >= 1:
                break
            await asyncio.sleep(0.05)
        running = engine.vllm_value("vllm:num_requests_running")
        generated = engine.vllm_value("vllm:generation_tokens_total")
        await asyncio.sleep(0.5)
        grew = engine.vllm_value("vllm:generation_tokens_total") > generated  # it really generates
        assert not task.done()
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
        else:
            raise AssertionError("the generation was not cancelled")
        unfinished = engine._llm.get_num_unfinished_requests()
        # one short request afterwards: its last step reports the scheduler's queues again
        probe = await engine.generate(engine.tokenizer.encode("Hello"), Sampling(max_tokens=2, temperature=0))
        await asyncio.sleep(0.2)
        return (
            running,
            grew,
            unfinished,
            probe,
            engine.vllm_value("vllm:num_requests_running"),
            engine.vllm_value("vllm:num_requests_waiting"),
        )

    running, grew, unfinished, probe, running_after, waiting_after = run(cancel_midway())
    assert running == 1 and grew
    assert engine.counters["aborted"] == before["aborted"] + 1
    assert unfinished == 0 and probe.completion_tokens >= 1
    assert running_after == 0 and waiting_after == 0  # the engine core dropped the request


def test_eight_loops_at_once_batch_in_the_engine(real):
    """8 loops together run in one vLLM batch: vLLM's scheduler (its `vllm:num_requests_running`
    gauge) has several of their requests running at once. Judged from vLLM's own state, not from
    timings, which a shared machine makes noisy."""
    import asyncio

    engine, run = real
    cfg = RefineConfig(
        rounds=1,
        stop_flag=False,
        stop_on_top=False,
        stop_on_no_problems=False,
        reject=False,
        sampling=Sampling(temperature=0.0, max_tokens=32, seed=0, ignore_eos=True),
    )
    items = [Item(f"Write two sentences about {t}.", id=t) for t in TOPICS[:8]]
    one = run(refine(engine, Item("Write two sentences about salt."), cfg))  # also warms the grammar cache

    async def eight_while_polling():
        task = asyncio.ensure_future(refine_many(engine, items, cfg, concurrency=8))
        peak = 0.0
        while not task.done():
            peak = max(peak, engine.vllm_value("vllm:num_requests_running"))
            await asyncio.sleep(0.01)
        return await task, peak

    eight, peak = run(eight_while_polling())
    assert one.rounds == 1 and all(isinstance(r, LoopResult) and r.rounds == 1 for r in eight)
    tokens = sum(c.completion_tokens for r in eight for c in r.trace)
    print(
        f"\npeak of vLLM's running requests {peak:.0f}; {tokens} tokens vs "
        f"{sum(c.completion_tokens for c in one.trace)} for one loop"
    )
    assert tokens >= 6 * sum(c.completion_tokens for c in one.trace)  # the work really is ~8x
    assert peak >= 2  # vLLM ran several loops' requests in one batch
