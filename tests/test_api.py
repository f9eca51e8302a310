"""The Python API, `from selfrefine import SelfRefine`: option checks and the engine's lifetime
without an engine (a scripted one), then run / run_batch / arun on the real engine."""

import asyncio
import subprocess
import sys
import threading

import pytest

from selfrefine import SelfRefine
from selfrefine.engine.core.item import Item
from selfrefine.engine.errors import InvalidParameter, SelfRefineError
from selfrefine.engine.types import LoopError, LoopResult
from tests.conftest import TEST_MODEL
from tests.fakes import ScriptedEngine, fb


@pytest.mark.parametrize(
    "options,param",
    [
        ({"rounds": 99}, "rounds"),
        ({"scale": "5-1"}, "scale"),
        ({"scale": "one-five"}, "scale"),
        ({"scale": (1, 2, 3)}, "scale"),
        ({"aspects": "Not Snake"}, "aspects"),
        ({"aspects": ["ok", 3]}, "aspects"),
        ({"selection": "worst"}, "selection"),
        ({"feedback": "vibes"}, "feedback"),
        ({"verify": "thrice"}, "verify"),
        ({"feedback_form": "essay"}, "form"),
        ({"threshold": 999}, "threshold"),
        ({"temperature": 3.0}, "temperature"),
        ({"max_tokens": 0}, "max_tokens"),
        ({"concurrency": 0}, "concurrency"),
        ({"structured_backend": "regex"}, "structured_backend"),
        ({"tensor_parallel_size": 0}, "tensor_parallel_size"),
        ({"model": ""}, "model"),
    ],
)
def test_bad_options_raise_invalid_parameter_before_anything_starts(options, param):
    with pytest.raises(InvalidParameter) as e:
        SelfRefine(**options)
    assert e.value.param == param


def test_options_mirror_the_cli_and_nothing_heavy_is_imported():
    sr = SelfRefine(
        rounds=2,
        aspects="clarity,style",
        scale="0-10",
        stop_flag=False,
        reject=False,
        selection="best",
        temperature=0.0,
        max_tokens=64,
        seed=7,
        kv_cache_gib=1.5,
        eager=True,
    )
    c = sr.config
    got = (c.rounds, c.spec.aspects, c.spec.scale, c.stop_flag, c.reject, c.selection)
    assert got == (2, ("clarity", "style"), (0, 10), False, False, "best")
    assert (c.sampling.temperature, c.sampling.max_tokens, c.sampling.seed) == (0.0, 64, 7)
    assert (sr.options.kv_cache_gib, sr.options.enforce_eager) == (1.5, True)
    assert SelfRefine(aspects=["a_b"], scale=(1, 3)).config.spec.scale == (1, 3)
    assert not sr.started and "not started" in repr(sr)
    # the API module loads without vLLM or torch (they load when an engine starts)
    code = "import sys, selfrefine; print(sorted(m for m in ('vllm', 'torch') if m in sys.modules))"
    assert (
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.strip()
        == "[]"
    )


def _scripted(reply: str = "a draft") -> ScriptedEngine:
    """Every draft is `reply`; every review gives top scores (the loop stops after one review)."""
    top = fb({"correctness": 5, "completeness": 5, "clarity": 5}, points=())

    def respond(prompt: str) -> str:
        return top if "review" in prompt.rsplit("<user>", 1)[-1].lower() else reply

    return ScriptedEngine(respond=respond)


def test_run_and_batch_on_a_given_engine_keep_order_and_records_failures():
    engine = _scripted()
    with SelfRefine(engine=engine, rounds=1) as sr:
        assert sr.started
        res = sr.run("Say hi.")
        assert isinstance(res, LoopResult) and res.answer == "a draft" and res.stop_reason == "top_scores"
        assert [c.stage for c in res.trace] == ["draft", "feedback"] and res.rounds == 0
        out = sr.run_batch(["one", "   ", 3, Item(input="two", id="mine")])
        assert len(out) == 4
        assert isinstance(out[0], LoopResult) and out[0].input == "one" and out[0].id == "0"
        assert isinstance(out[1], LoopError) and out[1].error_type == "invalid_parameter"  # empty input
        assert isinstance(out[2], LoopError) and "texts.2" in out[2].error
        assert isinstance(out[3], LoopResult) and out[3].id == "mine"
        assert sr.run_batch([]) == []
        with pytest.raises(InvalidParameter) as e:
            sr.run_batch("one string")
        assert e.value.param == "texts"
        with pytest.raises(InvalidParameter):
            sr.run("")
        with pytest.raises(InvalidParameter):
            sr.run(None)
        # a given first answer skips the draft
        res = sr.run("Say hi.", initial="hello")
        assert res.outputs[0] == "hello" and [c.stage for c in res.trace] == ["feedback"]
    assert not sr.started


def test_async_twins_run_from_another_event_loop_and_batch_together():
    sr = SelfRefine(engine=_scripted("ok"), rounds=1)

    async def main():
        async with sr:
            one, many = await asyncio.gather(sr.arun("a"), sr.arun_batch(["b", "c"]))
            return one, many

    one, many = asyncio.run(main())
    assert one.answer == "ok" and [r.answer for r in many] == ["ok", "ok"]
    assert not sr.started
    # lazily started by the first call, reused by later ones, closed by close(); close() twice is fine
    assert sr.run("x").answer == "ok" and sr.started
    loop = sr._loop
    assert asyncio.run(sr.arun("y")).answer == "ok" and sr._loop is loop
    sr.close()
    sr.close()
    assert not sr.started and not any(t.name == "selfrefine-engine" for t in threading.enumerate())


def test_an_engine_that_fails_to_start_raises_and_leaves_nothing_running(tmp_path):
    sr = SelfRefine(model=str(tmp_path))  # a folder without config.json: not a model
    with pytest.raises(SelfRefineError, match="config.json"):
        sr.start()
    assert not sr.started and not any(t.name == "selfrefine-engine" for t in threading.enumerate())


# ------------------------------------------------------------------ the real engine


@pytest.mark.engine
def test_selfrefine_on_the_real_engine(test_model_path, real, monkeypatch):
    """run / run_batch / arun, close, then a lazy restart under `async with`. The first start is
    the session's real engine seen through conftest.Shared (the API's own start path, its engine
    not started again: a vLLM start is ~35 s here); the restart starts a VLLMEngine of its own,
    so the API's real start and shutdown run too."""
    from selfrefine.engine.backends import settings
    from tests.conftest import Shared

    session, run_there = real
    first_start = settings.make_engine
    made: list = []

    def make_engine(backend, path, name, options):
        made.append(
            Shared(session, run_there.__self__.loop, name)
            if not made
            else first_start(backend, path, name, options)
        )
        return made[-1]

    monkeypatch.setattr(settings, "make_engine", make_engine)
    loop = {
        "rounds": 1,
        "aspects": ["clarity"],
        "stop_flag": False,
        "stop_on_top": False,
        "stop_on_no_problems": False,
        "reject": False,
        "candidates": 1,  # one rewrite even if a tool finds the draft has two sentences
        "temperature": 0.0,
        "max_tokens": 24,
    }
    with SelfRefine(model=TEST_MODEL, kv_cache_gib=0.5, max_model_len=2048, **loop) as sr:
        engine = sr._engine
        assert engine is made[0] and isinstance(engine, Shared)
        res = sr.run("Say hello to Ada in one short sentence.")
        assert isinstance(res, LoopResult) and res.stop_reason == "max_rounds"
        assert res.rounds == 1 and len(res.outputs) == 2 and res.answer == res.outputs[-1]
        assert [c.stage for c in res.trace] == ["draft", "feedback", "refine"]
        assert res.trace[0].text == res.outputs[0] and res.trace[2].text == res.outputs[1]
        assert res.trace[1].feedback is not None and set(res.trace[1].feedback["scores"]) == {"clarity"}
        assert res.usage()["completion_tokens"] == sum(c.completion_tokens for c in res.trace) > 0
        # a batch gives one record per input, in order, with an error record in place of a bad
        # input (that the draft is the plain answer is checked in test_server and test_refine_safety)
        texts = ["Name a color.", "", "Name a fruit."]
        out = sr.run_batch(texts)
        assert [type(r) for r in out] == [LoopResult, LoopError, LoopResult]
        assert [r.input for r in out] == texts and out[1].error_type == "invalid_parameter"
        # The async twin runs the same loop on the same engine. Its outputs are not compared
        # with the batch's: on CPU a request decoded next to others (run_batch) can take another
        # greedy path than the same request alone ("...the planet Neptune." vs "...Venus.").
        again = asyncio.run(sr.arun("Name a color."))
        assert isinstance(again, LoopResult) and again.input == "Name a color." and again.outputs[0].strip()
        assert [c.stage for c in again.trace][:2] == ["draft", "feedback"]
        assert sr._engine is engine  # one engine for every call
        with pytest.raises(SelfRefineError) as e:  # fits neither the session's 4096 nor 2048 tokens
            sr.run("word " * 5000)
        assert e.value.code == "context_length_exceeded"
    assert not sr.started and engine.shutdowns == 1  # close shut it down, once

    # closed, then started again lazily by the next call, under `async with`: a new engine, and
    # gathered `arun` calls run side by side in it (vLLM's scheduler holds several at once)
    async def gathered():
        async with sr:
            peak = 0.0

            async def watch():
                nonlocal peak
                while True:
                    if sr._engine is not None:
                        peak = max(peak, sr._engine.vllm_value("vllm:num_requests_running"))
                    await asyncio.sleep(0.02)

            watcher = asyncio.ensure_future(watch())
            try:
                prompts = ["Name a color.", "Name a fruit.", "Name a tree.", "Name a river."]
                got = await asyncio.gather(*(sr.arun(p) for p in prompts))
            finally:
                watcher.cancel()
            return got, peak, sr._engine

    assert not sr.started
    got, peak, restarted = asyncio.run(gathered())
    assert [r.input for r in got] == ["Name a color.", "Name a fruit.", "Name a tree.", "Name a river."]
    assert all(isinstance(r, LoopResult) and r.outputs[0].strip() for r in got)
    assert restarted is made[1] and not isinstance(restarted, Shared) and len(made) == 2
    assert peak >= 2, peak
    assert not sr.started and restarted._llm is None  # `async with` closed it


@pytest.mark.parametrize(
    "source,unguarded",
    [
        ("from selfrefine import SelfRefine\nsr = SelfRefine()\n", True),
        ("import selfrefine\nwith selfrefine.SelfRefine(rounds=2) as sr:\n    sr.run('x')\n", True),
        ("from selfrefine import SelfRefine\nif __name__ == '__main__':\n    SelfRefine().run('x')\n", False),
        ("from selfrefine import SelfRefine\ndef main():\n    SelfRefine().run('x')\n", False),
        ("def main(): ...\nif __name__ == '__main__':\n    main()\n", False),
        ("this is not python (", False),
    ],
)
def test_scripts_that_start_selfrefine_outside_the_main_guard(source, unguarded):
    from selfrefine.api import starts_unguarded

    assert starts_unguarded(source) is unguarded


def test_an_unguarded_script_gets_one_clear_error_before_any_engine_starts(tmp_path):
    """Without the guard, the spawned engine processes would re-run the script and Python would
    fail them with a bootstrapping traceback that does not name the fix."""
    import subprocess
    import sys

    script = tmp_path / "app.py"
    script.write_text(
        'from selfrefine import SelfRefine\nwith SelfRefine(model="smollm2-135m-instruct") as sr:\n'
        '    print(sr.run("hi").answer)\n'
    )
    p = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert p.returncode != 0
    assert 'if __name__ == "__main__":' in p.stderr and "bootstrapping" not in p.stderr
