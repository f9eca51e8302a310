"""The transformers backend (engine.backends.hf_engine): the loop, grammar feedback included, where vLLM
cannot be installed.

The schema tests need no model: they check the regex Outlines enforces against the loop's own
schemas. Tests marked `engine` run the loop on SmolLM2-135M; the parse checks run on both
backends, with the same loop, items and assertions.
"""

import asyncio
import json
import math
import os
import re
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import httpx
import jsonschema
import pytest

from selfrefine.engine.backends import hf_engine, settings
from selfrefine.engine.backends.engine_options import EngineOptions
from selfrefine.engine.backends.hf_engine import HFEngine
from selfrefine.engine.backends.repeats import repeat_end
from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.item import Item
from selfrefine.engine.core.many import refine_many
from selfrefine.engine.errors import InvalidParameter
from selfrefine.engine.types import LoopError, Sampling
from selfrefine.grammars.feedback import Checklist, FeedbackSpec, verdict_schema
from selfrefine.grammars.outlines_schema import outlines_schema, schema_regex
from tests.conftest import TEST_MODEL, hosted

CLI = str(Path(sys.executable).parent / "selfrefine")
SCORES = {"correctness": 5, "completeness": 1, "clarity": 3}

# A Python without vLLM, as on macOS: `import vllm` raises ModuleNotFoundError and
# importlib.util.find_spec("vllm") is None (a None entry in sys.modules does both).
NO_VLLM = textwrap.dedent("""
    import sys

    sys.modules["vllm"] = None

    def vllm_loaded():
        return sorted(m for m, mod in sys.modules.items() if m.split(".")[0] == "vllm" and mod is not None)
""")


def _compact(doc) -> str:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


# ------------------------------------------------------------------ the schema Outlines enforces


def test_outlines_enforces_the_feedback_schema_exactly():
    """Scores are an enum (outlines-core ignores integer minimum / maximum), points are bounded
    in number and words, keys are fixed and in order, and JSON has no whitespace."""
    spec = FeedbackSpec(max_items=2, item_words=4)
    assert outlines_schema(spec.json_schema()) == spec.json_schema()  # passed to Outlines unchanged
    rx = re.compile(schema_regex(spec.json_schema()))
    good = [
        {"feedback": [], "scores": SCORES, "stop": True},
        {"feedback": ["Add a title.", "Name the city, please."], "scores": SCORES, "stop": False},
    ]
    for doc in good:
        assert rx.fullmatch(_compact(doc)), doc
        spec.parse_json(_compact(doc))
    bad = [{"feedback": [], "scores": {**SCORES, "clarity": s}, "stop": True} for s in (0, 6, 10, 55, -1)]
    bad += [
        {"feedback": ["a", "b", "c"], "scores": SCORES, "stop": True},  # three points, two allowed
        {"feedback": ["one two three four five"], "scores": SCORES, "stop": True},  # five words, four allowed
        {"feedback": [""], "scores": SCORES, "stop": True},
        {"feedback": [" lead"], "scores": SCORES, "stop": True},
        {"feedback": ['a "quote"'], "scores": SCORES, "stop": True},
        {"feedback": [], "scores": SCORES},
        {"feedback": [], "scores": SCORES, "stop": True, "extra": 1},
        {"scores": SCORES, "feedback": [], "stop": True},
    ]
    for doc in bad:
        assert not rx.fullmatch(_compact(doc)), doc
    assert not rx.fullmatch(json.dumps(good[0]))  # with blanks after ':' and ','


def test_grounded_spans_and_checklist_keys_with_quotes_stay_valid_json():
    """outlines-core puts property names into its regex without JSON escaping: a checklist item
    with a quote or a backslash (a sentence that quotes someone, a line of code) would be written
    as invalid JSON. The schema handed to it escapes them; enum values (grounded spans) it
    escapes itself."""
    from outlines_core.json_schema import build_regex_from_schema

    grounded = FeedbackSpec(form="grounded", max_items=1, item_words=4)
    spans = grounded.choices('He said "stop". Then C:\\temp was gone.')
    assert spans == ('He said "stop".', "Then C:\\temp was gone.")
    rx = re.compile(schema_regex(grounded.json_schema(spans)))
    for span in spans:
        doc = _compact(
            {
                "problems": [{"span": span, "issue": "Too vague.", "fix": "Say where."}],
                "scores": SCORES,
                "stop": False,
            }
        )
        assert rx.fullmatch(doc), doc
        assert grounded.parse_json(doc, spans)["problems"][0]["span"] == span
    assert not rx.fullmatch(
        _compact(
            {"problems": [{"span": "He said", "issue": "x", "fix": "y"}], "scores": SCORES, "stop": False}
        )
    )

    checklist = FeedbackSpec(form="checklist", checklist=Checklist())
    items = checklist.choices("", ('say "hi"', "back\\slash", "rain"))
    schema = checklist.json_schema(items)
    doc = _compact({"used": {k: k == "rain" for k in items}, "scores": SCORES, "stop": False})
    assert re.fullmatch(schema_regex(schema), doc)
    assert checklist.parse_json(doc, items)["used"] == {'say "hi"': False, "back\\slash": False, "rain": True}
    # what outlines-core alone would enforce: a doc that is valid JSON does not match it
    assert not re.fullmatch(build_regex_from_schema(json.dumps(schema), ""), doc)

    assert re.fullmatch(schema_regex(verdict_schema()), '{"better":"B"}')


def test_integer_bounds_become_an_enum_and_unenforceable_bounds_are_refused():
    assert outlines_schema({"type": "integer", "minimum": 1, "maximum": 3}) == {"enum": [1, 2, 3]}
    assert outlines_schema(
        {"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 4, "multipleOf": 2}
    ) == {"enum": [2]}
    rx = re.compile(
        schema_regex(
            {
                "type": "object",
                "properties": {"n": {"type": "integer", "minimum": 0, "maximum": 10}},
                "required": ["n"],
            }
        )
    )
    assert rx.fullmatch('{"n":10}') and rx.fullmatch('{"n":0}')
    assert not rx.fullmatch('{"n":11}') and not rx.fullmatch('{"n":100}') and not rx.fullmatch('{"n":-1}')
    for schema in (
        {"type": "integer", "minimum": 0},
        {"type": "integer", "minimum": 0, "maximum": 10**6},
        {"type": "number", "maximum": 1.5},
    ):
        with pytest.raises(InvalidParameter) as e:
            schema_regex(schema)
        assert e.value.param == "json_schema"


def test_the_regex_is_cached_per_schema_in_its_own_key_order():
    from selfrefine.grammars import outlines_schema as module

    ab = {
        "type": "object",
        "properties": {"a": {"type": "boolean"}, "b": {"type": "boolean"}},
        "required": ["a", "b"],
        "additionalProperties": False,
    }
    ba = {**ab, "properties": dict(reversed(ab["properties"].items())), "required": ["b", "a"]}
    first = schema_regex(ab)
    hits = module._regex.cache_info().hits
    assert schema_regex(dict(ab)) is first and module._regex.cache_info().hits == hits + 1
    assert re.fullmatch(first, '{"a":true,"b":false}') and not re.fullmatch(first, '{"b":false,"a":true}')
    assert re.fullmatch(schema_regex(ba), '{"b":false,"a":true}')


# ------------------------------------------------------------------ choosing a backend


def test_unknown_backend_and_missing_packages_are_clear_errors(monkeypatch):
    with pytest.raises(InvalidParameter, match="must be one of vllm, transformers"):
        settings.check_backend("tensorrt")
    for name, value in (("tensor_parallel_size", 2), ("kv_cache_gib", 1.0), ("gpu_memory_utilization", 0.5)):
        with pytest.raises(InvalidParameter) as e:
            settings.check_backend("transformers", EngineOptions(**{name: value}))
        assert e.value.param == name and "vLLM option" in str(e.value)
    assert settings.check_backend("transformers", EngineOptions(max_model_len=2048)) == "transformers"

    monkeypatch.setattr(hf_engine, "missing_packages", lambda: ["outlines"])
    needs = re.escape("needs outlines: pip install 'selfrefine[transformers]'")
    with pytest.raises(InvalidParameter, match=needs):
        settings.check_backend("transformers")
    monkeypatch.setattr(settings, "find_spec", lambda name: None)
    with pytest.raises(InvalidParameter, match="vLLM is not installed .*--backend transformers"):
        settings.check_backend("vllm")


def test_cli_and_api_refuse_a_bad_backend_before_starting_anything():
    from selfrefine import SelfRefine

    def cli(*args):
        return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=120)

    p = cli("run", "hello", "--backend", "tensorrt")
    assert p.returncode == 2 and "--backend: must be one of vllm, transformers" in p.stderr
    assert "Traceback" not in p.stderr
    p = cli("serve", "--backend", "transformers", "-tp", "2")
    assert p.returncode == 2 and "--tensor-parallel-size: is a vLLM option" in p.stderr
    with pytest.raises(InvalidParameter) as e:
        SelfRefine(backend="tensorrt")
    assert e.value.param == "backend"
    assert SelfRefine(backend="transformers").backend == "transformers"


def test_the_transformers_backend_never_imports_vllm():
    """Without vllm, the backend, the settings, the API and the CLI all load; asking for the
    vllm backend there says how to get it."""
    code = NO_VLLM + textwrap.dedent("""
        from selfrefine.engine.backends import hf_engine, settings
        from selfrefine.engine.errors import InvalidParameter
        from selfrefine import SelfRefine, cli
        assert settings.check_backend("transformers") == "transformers"
        settings.make_engine("transformers", "/no/such/model", "m", settings.engine_options({}))
        SelfRefine(backend="transformers")
        try:
            settings.check_backend("vllm")
            raise SystemExit("no error for the vllm backend without vllm")
        except InvalidParameter as exc:
            assert "vLLM is not installed" in str(exc), exc
        print(vllm_loaded())
    """)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.strip() == "[]"


# ------------------------------------------------------------------ the loop on a real model


@pytest.fixture(scope="module")
def hf(test_model_path):
    """(engine, run): the transformers backend on SmolLM2-135M. One torch thread: this test
    machine runs other engines beside it, and torch threads spinning against them ran ~10x slower."""
    options = EngineOptions(max_model_len=4096)
    yield from hosted(lambda: HFEngine(test_model_path, TEST_MODEL, options, threads=1).start())


@pytest.fixture(params=["transformers", "vllm"])
def on_backend(request):
    """The same test on each backend's engine: (engine, run)."""
    return request.getfixturevalue("hf" if request.param == "transformers" else "real")


def _check_reviews(results: list, items: list[Item], cfg: RefineConfig) -> int:
    """Every loop ran and every review parsed and validates against the schema it was written
    under (checked with jsonschema, independently of the grammar); returns the review count."""
    failed = [r.error for r in results if isinstance(r, LoopError)]
    assert not failed and len(results) == len(items), failed
    n = 0
    for item, res in zip(items, results):
        for call in res.trace:
            if call.stage != "feedback":
                continue
            n += 1
            assert call.feedback_error is None and call.feedback is not None, (call.text, call.finish_reason)
            choices = cfg.spec.choices(res.outputs[call.round], item.vocab)
            jsonschema.validate(json.loads(call.text), cfg.spec.json_schema(choices))
    return n


TASKS = [
    "Write a haiku about rain.",
    "Give two tips for learning to cook.",
    "Describe a lighthouse.",
    "Explain solar panels to a child.",
    "Write a tweet about night trains.",
]


@pytest.mark.engine
def test_the_loop_with_grammar_feedback_at_temperature_zero(on_backend):
    engine, run = on_backend
    items = [Item(t, id=str(i)) for i, t in enumerate(TASKS[:3])]
    # best selection: the last rewrite is reviewed too (draft, review, rewrite, review)
    cfg = RefineConfig(rounds=1, selection="best", sampling=Sampling(temperature=0.0, max_tokens=24, seed=0))
    results = run(refine_many(engine, items, cfg, concurrency=len(items)))
    assert _check_reviews(results, items, cfg) >= len(items)
    if getattr(engine, "backend", "vllm") == "transformers":
        # One call at a time: greedy loops repeat exactly, alone or beside others. (On vLLM's CPU
        # build a request decoded in a batch can take another greedy path than alone.)
        again = run(refine_many(engine, items[:1], cfg, concurrency=1))[0]
        assert [c.text for c in again.trace] == [c.text for c in results[0].trace]


@pytest.mark.engine
def test_a_call_that_loops_ends_where_it_writes_a_line_a_third_time(on_backend):
    """Sampling.stop_repeats on each real backend: a greedy call that copies a line over and over
    ends at the line's third copy (finish reason "repeat"), where without it it runs to its cap;
    a call that does not loop is the same call with it on or off."""
    engine, run = on_backend
    line = "The old lighthouse keeper walked down to the harbour at dawn.\n"
    prompt = engine.tokenizer.encode(line * 4)
    free = Sampling(temperature=0.0, max_tokens=120, ignore_eos=True)
    whole = run(engine.generate(prompt, free))
    cut = run(engine.generate(prompt, replace(free, stop_repeats=True)))
    assert whole.finish_reason == "length" and whole.completion_tokens == 120
    assert repeat_end(whole.text) is not None  # the model does loop here
    assert cut.finish_reason == "repeat" and cut.completion_tokens < 60
    assert cut.token_ids == whole.token_ids[: len(cut.token_ids)] and cut.text == engine.tokenizer.decode(
        cut.token_ids, skip_special_tokens=True
    )
    assert cut.text.count("lighthouse keeper") >= 3
    story = engine.tokenizer.encode("Once upon a time, in a small village by the sea,")
    short = Sampling(temperature=0.0, max_tokens=20, ignore_eos=True)
    plain, watched = (run(engine.generate(story, s)) for s in (short, replace(short, stop_repeats=True)))
    assert watched.finish_reason == plain.finish_reason == "length" and watched.token_ids == plain.token_ids


@pytest.mark.engine
def test_the_loop_with_grammar_feedback_at_temperature_one(on_backend):
    engine, run = on_backend
    items = [Item(t, id=str(i)) for i, t in enumerate(TASKS)]
    cfg = RefineConfig(
        rounds=1,
        selection="best",
        feedback_temperature=1.0,
        sampling=Sampling(temperature=1.0, max_tokens=24, seed=1),
    )
    results = run(refine_many(engine, items, cfg, concurrency=len(items)))
    assert _check_reviews(results, items, cfg) >= len(items)


@pytest.mark.engine
def test_grounded_and_checklist_reviews_with_quotes_at_temperature_one(on_backend):
    """Spans and checklist keys that need JSON escaping (quotes, a backslash) stay valid JSON."""
    engine, run = on_backend
    answer = 'My aunt said "bring an umbrella". The path C:\\rain was wet. We stayed home.'
    sampling = Sampling(temperature=1.0, max_tokens=32, seed=2)
    grounded = RefineConfig(
        rounds=0,
        selection="best",
        feedback_temperature=1.0,
        sampling=sampling,
        spec=FeedbackSpec(form="grounded", max_items=2, item_words=8),
    )
    checklist = RefineConfig(
        rounds=0,
        selection="best",
        feedback_temperature=1.0,
        sampling=sampling,
        spec=FeedbackSpec(form="checklist", checklist=Checklist()),
    )
    items = [Item("Write about a rainy day.", id=f"g{i}", initial=answer) for i in range(2)]
    vocab = ('said "umbrella"', "C:\\rain", "home")
    citems = [Item("Write about a rainy day.", id=f"c{i}", initial=answer, vocab=vocab) for i in range(2)]

    async def both():
        return await asyncio.gather(
            refine_many(engine, items, grounded, concurrency=2),
            refine_many(engine, citems, checklist, concurrency=2),
        )

    g, c = run(both())
    assert _check_reviews(g, items, grounded) == 2
    assert _check_reviews(c, citems, checklist) == 2
    for res in c:
        assert set(res.trace[0].feedback["used"]) == set(vocab)


@pytest.mark.engine
def test_streaming_stop_strings_logprobs_and_seeds_on_the_transformers_backend(hf):
    """The rest of the engine contract the server uses: streamed text adds up to the answer,
    a stop string ends it (and is not in it), logprob entries spell the text, a seed repeats."""
    engine, run = hf
    chat = [{"role": "user", "content": "Write a haiku about rain."}]
    text = engine.tokenizer.apply_chat_template(chat, tokenize=False, add_generation_prompt=True)
    ids = engine.tokenizer.encode(text, add_special_tokens=False)
    pieces, entries = [], []
    out = run(
        engine.generate(
            ids,
            Sampling(temperature=0.0, max_tokens=40, stop=("\n",)),
            on_text=pieces.append,
            logprobs=2,
            on_tokens=entries.extend,
        )
    )
    assert out.finish_reason == "stop" and "\n" not in out.text and out.text
    assert "".join(pieces) == out.text and out.cached_tokens == 0
    assert [e.token_id for e in entries] == [e.token_id for e in out.logprobs]
    assert "".join(e.token for e in out.logprobs) == out.text
    assert all(e.logprob <= 0 and len(e.top) == 2 for e in out.logprobs)
    full = run(engine.generate(ids, Sampling(temperature=0.0, max_tokens=40)))
    assert full.text.startswith(out.text + "\n")  # the same greedy path, past the stop string

    fixed = run(engine.generate(ids, Sampling(temperature=0.0, max_tokens=12, ignore_eos=True)))
    assert fixed.completion_tokens == 12 and fixed.finish_reason == "length"
    a, b, c = (run(engine.generate(ids, Sampling(temperature=1.0, max_tokens=16, seed=s))) for s in (7, 7, 8))
    assert a.token_ids == b.token_ids and a.token_ids != c.token_ids


@pytest.mark.engine
def test_special_tokens_are_never_allowed_inside_the_grammar(hf):
    """Outlines' vocabulary keeps "<|im_start|>" and the like as plain strings, so inside a JSON
    string its guide admits them; they would decode to nothing or stop the call mid-JSON. The
    backend masks them: after '{"feedback":["' ordinary words are allowed, special tokens not."""
    import torch

    engine, _ = hf
    prefix = engine.tokenizer.encode('{"feedback":["', add_special_tokens=False)
    specials = set(engine.tokenizer.all_special_ids)
    word = engine.tokenizer.encode("rain", add_special_tokens=False)[0]
    vocab = engine.model.config.vocab_size

    def allowed_after_prefix(proc) -> set[int]:
        ids = [engine.tokenizer.eos_token_id]  # the processor starts on its first call
        out = proc(torch.tensor([ids]), torch.zeros(1, vocab))
        for t in prefix:
            ids.append(t)
            out = proc(torch.tensor([ids]), torch.zeros(1, vocab))
        return set(torch.isfinite(out[0]).nonzero().flatten().tolist())

    schema = FeedbackSpec().json_schema()
    allowed = allowed_after_prefix(engine._processor(schema))
    assert word in allowed and not allowed & specials
    unmasked = engine._processor(schema)
    unmasked.blocked = None
    assert allowed_after_prefix(unmasked) & specials  # what Outlines alone would let through


@pytest.mark.engine
def test_the_loop_runs_where_vllm_cannot_be_imported(test_model_path):
    """A whole loop, grammar feedback included, in a Python where `import vllm` fails."""
    code = NO_VLLM + textwrap.dedent(f"""
        import asyncio, json
        from selfrefine.engine.backends import settings
        from selfrefine.engine.core.config import RefineConfig
        from selfrefine.engine.core.item import Item
        from selfrefine.engine.core.loop import refine
        from selfrefine.engine.types import Sampling

        async def main():
            options = settings.engine_options({{}})
            engine = settings.make_engine("transformers", {test_model_path!r}, "m", options)
            engine.threads = 1
            engine.start()
            cfg = RefineConfig(rounds=1, sampling=Sampling(temperature=0.0, max_tokens=16))
            res = await refine(engine, Item("Write a haiku about rain."), cfg)
            engine.shutdown()
            return res

        res = asyncio.run(main())
        reviews = [c for c in res.trace if c.stage == "feedback"]
        print(json.dumps({{"reviews": len(reviews), "parsed": sum(c.feedback is not None for c in reviews),
                          "vllm": vllm_loaded()}}))
    """)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    out = json.loads(p.stdout.strip().splitlines()[-1])
    assert out == {"reviews": 1, "parsed": 1, "vllm": []}


# ------------------------------------------------------------------ the surfaces a user meets

# torch's threads on a CPU shared with other engines: one (the README, Backends, "Speed"). The
# CLI, the server and the API script below are new processes, so the variable reaches torch.
ONE_THREAD = {**os.environ, "OMP_NUM_THREADS": "1"}
# one round, nothing ends it early, one rewrite whatever the tools find: draft, review, rewrite
ONE_ROUND = {
    "rounds": 1,
    "stop_flag": False,
    "stop_on_top": False,
    "stop_on_no_problems": False,
    "reject": False,
    "candidates": 1,
    "temperature": 0.0,
    "seed": 0,
    "max_tokens": 24,
}
EMAIL_TIP = "Give one tip for writing clear emails."


def _flags(loop: dict) -> list[str]:
    """`selfrefine run`'s flags for the loop options of `loop` (as test_cli spells them)."""
    out = []
    for name, value in loop.items():
        flag = "--" + name.replace("_", "-")
        if value is False:
            out.append("--no-" + name.replace("_", "-"))
        else:
            out += [flag, str(value)]
    return out


@pytest.mark.engine
def test_run_and_the_python_api_on_the_transformers_backend():
    """`selfrefine run --backend transformers` and `SelfRefine(backend="transformers")` run the
    loop on HFEngine: a parsed review, no prefix cache (vLLM serves the rewrite's prompt from
    it), no vLLM loaded; at temperature 0, one call at a time, both give the same trace."""
    p = subprocess.run(
        [
            CLI,
            "run",
            EMAIL_TIP,
            "--backend",
            "transformers",
            "--model",
            TEST_MODEL,
            "--json",
            *_flags(ONE_ROUND),
        ],
        capture_output=True,
        text=True,
        timeout=900,
        env=ONE_THREAD,
    )
    assert p.returncode == 0, p.stderr[-3000:]
    cli = json.loads(p.stdout)

    script = textwrap.dedent(f"""
        import dataclasses, json, sys
        from selfrefine import SelfRefine

        if __name__ == "__main__":
            with SelfRefine(model={TEST_MODEL!r}, backend="transformers", **{ONE_ROUND!r}) as sr:
                res = sr.run({EMAIL_TIP!r})
                engine = type(sr._engine).__name__
            vllm = sorted(m for m in sys.modules if m.split(".")[0] == "vllm")
            print(json.dumps({{"engine": engine, "vllm": vllm, "result": dataclasses.asdict(res)}}))
    """)
    q = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=900, env=ONE_THREAD
    )
    assert q.returncode == 0, q.stderr[-3000:]
    api = json.loads(q.stdout.strip().splitlines()[-1])
    assert api["engine"] == "HFEngine" and api["vllm"] == []

    for res in (cli, api["result"]):
        assert res["stop_reason"] == "max_rounds" and res["rounds"] == 1 and res["answer"].strip()
        assert [c["stage"] for c in res["trace"]] == ["draft", "feedback", "refine"]
        review = res["trace"][1]
        assert review["feedback_error"] is None
        assert set(review["feedback"]["scores"]) == {"correctness", "completeness", "clarity"}
        assert all(c["cached_tokens"] == 0 for c in res["trace"])  # no prefix cache on this backend
        assert all(0 < c["completion_tokens"] <= 24 for c in res["trace"] if c["stage"] != "feedback")
    assert cli["usage"]["completion_tokens"] == sum(c["completion_tokens"] for c in cli["trace"])
    assert [c["text"] for c in cli["trace"]] == [c["text"] for c in api["result"]["trace"]]
    assert cli["answer"] == api["result"]["answer"]


@pytest.mark.engine
def test_serve_on_the_transformers_backend_streams_chat_with_logprobs(tmp_path_factory):
    """`selfrefine serve --backend transformers`, one streamed chat request with logprobs through
    the official client: each chunk's entries spell that chunk's text, every logprob is <= 0, and
    at temperature 0 the chosen token is the most likely one of the model's own distribution."""
    from tests.test_server import HI, PLAIN, launch, stop, wait_ready

    srv = launch(
        tmp_path_factory, "--backend", "transformers", kv_cache_gib=None, env={"OMP_NUM_THREADS": "1"}
    )
    try:
        wait_ready(srv)
        chunks = list(
            srv.client().chat.completions.create(
                model=PLAIN,
                messages=HI,
                max_tokens=16,
                temperature=0,
                stream=True,
                logprobs=True,
                top_logprobs=2,
                stream_options={"include_usage": True},
            )
        )
        metrics = httpx.get(srv.url + "/metrics", timeout=30).text
    finally:
        stop(srv)
    assert chunks[0].choices[0].delta.role == "assistant"
    pieces, entries = [], []
    for c in chunks[1:]:
        if not c.choices:
            continue
        text = c.choices[0].delta.content or ""
        mine = c.choices[0].logprobs.content if c.choices[0].logprobs else []
        assert "".join(e.token for e in mine) == text, (text, [e.token for e in mine])
        pieces.append(text)
        entries += mine
    content = "".join(pieces)
    assert content.strip() and len([p for p in pieces if p]) >= 2  # streamed as generated
    assert "".join(e.token for e in entries) == content
    for e in entries:
        assert e.logprob <= 0 and len(e.top_logprobs) == 2 and all(t.logprob <= 0 for t in e.top_logprobs)
        assert math.isclose(e.logprob, max(t.logprob for t in e.top_logprobs), abs_tol=1e-4), e
    finish = [c.choices[0].finish_reason for c in chunks if c.choices and c.choices[0].finish_reason]
    assert finish in (["stop"], ["length"])
    usage = chunks[-1].usage
    assert chunks[-1].choices == [] and usage.completion_tokens >= len(entries) > 0
    assert usage.prompt_tokens_details.cached_tokens == 0  # no prefix cache on this backend
    # the server ran on transformers: no vLLM engine, so none of vLLM's own metrics
    assert "selfrefine_loops_total" in metrics and "\nvllm:" not in metrics
