"""The requirements feedback form: the request's clauses, the critic's pick among them, a verdict
per picked requirement, and the loop around them (scripted engine; the grammar checks use
xgrammar itself; the last test runs the real engine)."""

import asyncio
import json

import pytest

from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.item import Item
from selfrefine.engine.core.loop import refine
from selfrefine.engine.core.prompts import VERDICT_QUESTIONS, Prompts
from selfrefine.engine.core.review import Review, read_feedback
from selfrefine.engine.core.stopping import StopPolicy
from selfrefine.engine.errors import InvalidParameter
from selfrefine.grammars.feedback import (
    MAX_REQUIREMENTS,
    REQUIREMENT_LABEL,
    FeedbackSpec,
    parse_requirements,
    request_clauses,
    requirements_budget,
    requirements_schema,
)
from tests.fakes import ScriptedEngine, fb

HAIKU = "Write a haiku about autumn and make it rhyme. End with a question."
HAIKU_CLAUSES = ("Write a haiku about autumn", "make it rhyme.", "End with a question.")
SPEC = FeedbackSpec(form="requirements")


@pytest.fixture(scope="module")
def xg_compile():
    import xgrammar as xg
    from transformers import AutoTokenizer

    from selfrefine.engine.backends import models

    tok = AutoTokenizer.from_pretrained(models.pull("smollm2-135m-instruct"))
    compiler = xg.GrammarCompiler(xg.TokenizerInfo.from_huggingface(tok))

    def accepts(schema: dict, text: str) -> bool:
        m = xg.GrammarMatcher(compiler.compile_json_schema(json.dumps(schema), any_whitespace=False))
        return m.accept_string(text)

    return accepts


def _valid(schema: dict, value) -> bool:
    """The value against the schema, by jsonschema where it is installed, else by the schema's
    enums and keys alone (the xgrammar checks beside it are the ones vLLM enforces)."""
    try:
        import jsonschema
    except ImportError:
        return _enums_admit(schema, value, schema.get("$defs", {}))
    try:
        jsonschema.validate(value, schema)
    except jsonschema.ValidationError:
        return False
    return True


def _enums_admit(schema: dict, value, defs: dict) -> bool:
    if "$ref" in schema:
        schema = defs[schema["$ref"].rsplit("/", 1)[-1]]
    if "enum" in schema:
        return value in schema["enum"]
    if schema.get("type") == "object":
        props = schema.get("properties", {})
        return (
            isinstance(value, dict)
            and set(value) == set(props)
            and all(_enums_admit(props[k], v, defs) for k, v in value.items())
        )
    if schema.get("type") == "array":
        return (
            isinstance(value, list)
            and len(value) <= schema.get("maxItems", len(value))
            and all(_enums_admit(schema["items"], v, defs) for v in value)
        )
    return True


def _verdict(spec: FeedbackSpec, marks: dict[str, bool], score: int = 3, stop: bool = False) -> str:
    return json.dumps({spec.verdict: marks, "scores": dict.fromkeys(spec.aspects, score), "stop": stop})


# ---------------------------------------------------------------- the clause splitter


@pytest.mark.parametrize(
    "request_, clauses",
    [
        (HAIKU, HAIKU_CLAUSES),
        (
            "Summarize the text; keep it under 50 words, and use plain English.",
            ("Summarize the text", "keep it under 50 words", "use plain English."),
        ),
        (
            "Write a story:\n- about a cat\n2. under 100 words\nb) in French",
            ("Write a story", "about a cat", "under 100 words", "in French"),
        ),
        (
            "Explain recursion, then give an example, but keep it short!",
            ("Explain recursion", "give an example", "keep it short!"),
        ),
    ],
)
def test_clauses_are_sentences_items_and_joined_parts(request_, clauses):
    assert request_clauses(request_) == clauses
    assert all(c in request_ for c in clauses)  # spans of the request itself


def test_a_bare_and_splits_only_between_clauses():
    # "salt and pepper" is one thing; "... and make it rhyme" a second requirement
    assert request_clauses("Use salt and pepper") == ("Use salt and pepper",)
    assert request_clauses("Use salt and pepper and write three short paragraphs") == (
        "Use salt and pepper",
        "write three short paragraphs",
    )


def test_clauses_drop_one_word_parts_and_repeats_and_are_deterministic():
    text = "Requirements:\n- Be concise.\n- Be concise.\nThanks!"
    assert request_clauses(text) == ("Be concise.",)
    assert request_clauses("What is 2 + 2?") == ("What is 2 + 2?",)
    assert request_clauses("") == ()
    assert request_clauses(HAIKU) == request_clauses(HAIKU)


# ---------------------------------------------------------------- the pick and the verdict schemas


def test_the_pick_admits_only_the_requests_own_spans(xg_compile):
    schema = requirements_schema(HAIKU_CLAUSES)
    good = [{"requirements": ["make it rhyme.", "End with a question."]}, {"requirements": []}]
    bad = [
        {"requirements": ["make it rhyme"]},  # not exactly as written
        {"requirements": ["Use only five words."]},  # invented
        {"requirements": ["make it rhyme."], "extra": 1},
        {},
    ]
    for value in good:
        assert _valid(schema, value) and xg_compile(schema, json.dumps(value)), value
    for value in bad:
        assert not _valid(schema, value) and not xg_compile(schema, json.dumps(value)), value
    many = tuple(f"clause number {i}" for i in range(MAX_REQUIREMENTS + 3))
    assert not _valid(requirements_schema(many), {"requirements": list(many[: MAX_REQUIREMENTS + 1])})
    assert requirements_budget(HAIKU_CLAUSES) >= len(json.dumps(good[0]))


def test_a_pick_is_read_in_the_requests_order_without_repeats():
    text = json.dumps({"requirements": ["End with a question.", "make it rhyme.", "End with a question."]})
    assert parse_requirements(text, HAIKU_CLAUSES) == ("make it rhyme.", "End with a question.")
    with pytest.raises(ValueError, match="requirements do not match the schema"):
        parse_requirements(json.dumps({"requirements": ["rhyme"]}), HAIKU_CLAUSES)


@pytest.mark.parametrize("verdict", ["missing", "met"])
def test_the_verdict_has_one_key_per_requirement(xg_compile, verdict):
    spec = FeedbackSpec(form="requirements", verdict=verdict)
    choices = spec.choices("any answer", HAIKU_CLAUSES)
    assert choices == HAIKU_CLAUSES
    schema = spec.json_schema(choices)
    assert list(schema["properties"]) == [verdict, "scores", "stop"]  # evidence before the verdict
    marks = dict.fromkeys(HAIKU_CLAUSES, False)
    ok = json.loads(_verdict(spec, marks))
    assert _valid(schema, ok) and xg_compile(schema, json.dumps(ok))
    dropped = {**ok, verdict: dict(list(marks.items())[1:])}
    invented = {**ok, verdict: {**marks, "be funny": True}}
    for value in (dropped, invented, {**ok, verdict: {}}):
        assert not _valid(schema, value) and not xg_compile(schema, json.dumps(value)), value


def test_unmet_requirements_become_the_rewrites_problems_in_either_polarity():
    missing = FeedbackSpec(form="requirements", verdict="missing")
    met = FeedbackSpec(form="requirements", verdict="met")
    want = [f'{REQUIREMENT_LABEL}: "make it rhyme."']
    fb_missing = missing.parse_json(
        _verdict(missing, {HAIKU_CLAUSES[0]: False, HAIKU_CLAUSES[1]: True, HAIKU_CLAUSES[2]: False}),
        HAIKU_CLAUSES,
    )
    fb_met = met.parse_json(
        _verdict(met, {HAIKU_CLAUSES[0]: True, HAIKU_CLAUSES[1]: False, HAIKU_CLAUSES[2]: True}),
        HAIKU_CLAUSES,
    )
    assert missing.problems(fb_missing) == (want, []) and met.problems(fb_met) == (want, [])
    cfg = RefineConfig(spec=missing)
    read = read_feedback(_verdict(missing, dict.fromkeys(HAIKU_CLAUSES, True), 5, True), cfg, HAIKU_CLAUSES)
    assert len(read.unmet) == 3 and read.top and read.flag


def test_the_verdict_wording_follows_the_polarity_setting():
    for verdict, question in VERDICT_QUESTIONS.items():
        turn = Prompts().review_requirements(FeedbackSpec(form="requirements", verdict=verdict))
        assert question in turn and "{" not in turn
    assert "Review your new answer" in Prompts().review_requirements(SPEC, round=1)
    with pytest.raises(InvalidParameter, match="verdict"):
        FeedbackSpec(form="requirements", verdict="ok")
    assert FeedbackSpec().form == "points" and FeedbackSpec().verdict == "missing"  # off by default


def test_the_run_options_select_the_form():
    from selfrefine.engine.backends.settings import refine_config

    cfg = refine_config(feedback_form="requirements")
    assert cfg.spec.form == "requirements" and cfg.spec.verdict == "missing"
    assert refine_config().spec == FeedbackSpec()


def test_the_picking_turn_lists_the_clauses_verbatim():
    turn = Prompts().pick_requirements(SPEC, ("use {braces}", "make it rhyme."))
    assert "\n- use {braces}\n- make it rhyme.\n" in turn


def test_an_unmet_requirement_vetoes_blind_top_scores_and_the_flag():
    cfg = RefineConfig(spec=SPEC)
    policy = StopPolicy.of(cfg)
    blind = read_feedback(_verdict(SPEC, {"make it rhyme.": True}, 5, True), cfg, ("make it rhyme.",))
    assert policy.decide(Review(0, "y", blind)) is None
    done = read_feedback(_verdict(SPEC, {"make it rhyme.": False}, 3), cfg, ("make it rhyme.",))
    assert policy.stop_reason(Review(0, "y", done)) == "no_problems"
    # the plain review (fallback) keeps today's rules: blind top scores stop it
    plain = RefineConfig()
    top = read_feedback(fb({"correctness": 5, "completeness": 5, "clarity": 5}), plain)
    assert StopPolicy.of(cfg).stop_reason(Review(0, "y", top)) == "top_scores"


# ---------------------------------------------------------------- the loop


def test_the_loop_picks_requirements_once_and_rewrites_until_all_are_met():
    pick = json.dumps({"requirements": list(HAIKU_CLAUSES)})
    # the critic's blind top scores and stop flag, with one requirement marked missing
    blind = _verdict(SPEC, dict(zip(HAIKU_CLAUSES, (False, True, False), strict=True)), 5, True)
    passed = _verdict(SPEC, dict.fromkeys(HAIKU_CLAUSES, False), 4)
    eng = ScriptedEngine(["Leaves fall.", pick, blind, "Leaves fall, trees call; is it fall?", passed])
    events = []
    res = asyncio.run(refine(eng, Item(HAIKU), RefineConfig(spec=SPEC), on_event=events.append))

    assert [c.stage for c in res.trace] == ["draft", "requirements", "feedback", "refine", "feedback"]
    assert res.stop_reason == "no_problems" and res.answer == "Leaves fall, trees call; is it fall?"
    assert res.trace[1].feedback == {"requirements": list(HAIKU_CLAUSES)} and res.checks["unmet"] == 1
    assert res.trace[2].problems == [f'{REQUIREMENT_LABEL}: "make it rhyme."'] and res.trace[4].problems == []
    picked = [e for e in events if e["type"] == "requirements"]  # events also carry their calls
    assert len(picked) == 1 and picked[0]["round"] == 0 and picked[0]["requirements"] == list(HAIKU_CLAUSES)

    prompts = [eng.tokenizer.decode(p) for p in eng.prompts]
    assert "- make it rhyme.\n" in prompts[1] and prompts[1].startswith(prompts[0])
    # the pick stays in the history: every later call extends it (prefix cache)
    assert all(p.startswith(prompts[1] + pick) for p in prompts[2:])
    assert VERDICT_QUESTIONS["missing"] in prompts[2]
    assert 'Requirement not met: "make it rhyme."' in prompts[3]
    assert "against the same requirements" in prompts[4]
    assert eng.schemas[1] == requirements_schema(HAIKU_CLAUSES)
    for k in (2, 4):
        assert list(eng.schemas[k]["$defs"]["Requirements"]["properties"]) == list(HAIKU_CLAUSES)
    assert res.trace[3].cached_tokens >= len(eng.prompts[2])


def _plain_and_requirements_runs(request: str, script: list[str], pick: str | None):
    plain = ScriptedEngine(list(script))
    base = asyncio.run(refine(plain, Item(request), RefineConfig(rounds=2)))
    req_script = [script[0], *([pick] if pick is not None else []), *script[1:]]
    eng = ScriptedEngine(req_script)
    res = asyncio.run(refine(eng, Item(request), RefineConfig(rounds=2, spec=SPEC)))
    return plain, base, eng, res


def test_a_request_of_one_clause_gets_todays_review_exactly():
    script = ["4", fb(), "Four.", fb(stop=True)]
    plain, base, eng, res = _plain_and_requirements_runs("What is 2 + 2?", script, None)
    assert eng.prompts == plain.prompts and eng.schemas == plain.schemas
    assert [c.stage for c in res.trace] == [c.stage for c in base.trace]
    assert res.stop_reason == base.stop_reason
    assert res.checks == {**base.checks, "unmet": 0}


@pytest.mark.parametrize("pick", [json.dumps({"requirements": []}), "not json"])
def test_no_pick_takes_the_turn_back_out_and_reviews_as_today(pick):
    script = ["Leaves fall.", fb(), "Red leaves fall.", fb(stop=True)]
    plain, base, eng, res = _plain_and_requirements_runs(HAIKU, script, pick)
    assert [c.stage for c in res.trace] == ["draft", "requirements", *[c.stage for c in base.trace[1:]]]
    assert eng.prompts[2:] == plain.prompts[1:] and eng.schemas[2:] == plain.schemas[1:]
    assert res.outputs == base.outputs and res.stop_reason == base.stop_reason
    assert (res.trace[1].feedback_error is not None) == (pick == "not json")


def test_the_met_polarity_flags_the_false_ones():
    spec = FeedbackSpec(form="requirements", verdict="met")
    pick = json.dumps({"requirements": ["make it rhyme."]})
    eng = ScriptedEngine(
        [
            "Leaves fall.",
            pick,
            _verdict(spec, {"make it rhyme.": False}, 5, True),
            "Leaves fall, trees call.",
            _verdict(spec, {"make it rhyme.": True}, 5, True),
        ]
    )
    res = asyncio.run(refine(eng, Item(HAIKU), RefineConfig(spec=spec)))
    assert res.stop_reason == "top_scores" and res.rounds == 1 and res.checks["unmet"] == 1
    assert VERDICT_QUESTIONS["met"] in eng.tokenizer.decode(eng.prompts[2])


def test_free_text_feedback_has_no_requirement_pick():
    eng = ScriptedEngine(["Leaves fall.", "correctness: 5/5\ncompleteness: 5/5\nclarity: 5/5"])
    res = asyncio.run(refine(eng, Item(HAIKU), RefineConfig(feedback="text", spec=SPEC)))
    assert [c.stage for c in res.trace] == ["draft", "feedback"] and res.stop_reason == "top_scores"


@pytest.mark.engine
def test_the_real_grammar_forces_the_pick_to_be_spans_of_the_request(real):
    """Real engine (xgrammar): whatever the 135M critic picks is a clause of the request."""
    from selfrefine.engine.core.history import ChatFormat, Conversation
    from selfrefine.engine.types import Sampling

    engine, run = real
    request = (
        "Write a short poem about the sea and make every line rhyme. Use at most four lines; "
        "avoid the word blue."
    )
    clauses = request_clauses(request)
    conv = Conversation(engine.tokenizer, ChatFormat.from_tokenizer(engine.tokenizer), request)
    conv.add_assistant_text("The sea is wide,\nthe sea is blue.")
    conv.add_user(Prompts().pick_requirements(SPEC, clauses))
    sampling = Sampling(temperature=1.0, max_tokens=requirements_budget(clauses), seed=None)
    # Allowed an empty pick, the 135M writes [] every time (the loop then reviews as today):
    # here it must pick at least one, so the enum is what shapes what it writes.
    schema = requirements_schema(clauses)
    schema["properties"]["requirements"] = {**schema["properties"]["requirements"], "minItems": 1}

    async def many():
        return await asyncio.gather(*(engine.generate(conv.prompt(), sampling, schema) for _ in range(8)))

    picks = [parse_requirements(out.text, clauses) for out in run(many())]
    assert all(pick and all(p in clauses and p in request for p in pick) for pick in picks), picks
