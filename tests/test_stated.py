"""Stated checks (`stated_checks`, engine.core.stated): the catalog of constraint kinds, the reading of
what the critic stated (bad parameters, invented quotes, duplicates of the observers dropped), the
loop turning a stated constraint into a fault, and model-written predicates that count only when
two written independently agree (scripted engine; the predicates run in the sandbox)."""

import asyncio
import json

import pytest

from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.generic import make_item
from selfrefine.engine.core.loop import refine
from selfrefine.engine.core.stated import (
    CHECKS_TURN,
    PREDICATE_TURN,
    Predicate,
    Stated,
    StatedCheck,
    combine,
    in_request,
    read_checks,
    read_predicate,
    run_predicates,
    same_words,
)
from selfrefine.engine.errors import InvalidParameter
from selfrefine.engine.observe import catalog, observe_request
from selfrefine.engine.sandbox import Limits
from selfrefine.engine.types import Observation
from selfrefine.grammars import stated as grammar
from selfrefine.tasks.tools.stated_precision import count, count_stated, tally, wrong
from tests.fakes import ScriptedEngine, fb

TOP = {"correctness": 5, "completeness": 5, "clarity": 5}
TITLE = "Write a title for a blog post about gardening. Capitalize every word."
RAIN = "Write a short poem about rain. Each line must have fewer than eight syllables."
LONG_LINE = "The rain falls softly on the old tin roof tonight\nand I listen"
SHORT_LINES = "Rain on the roof\nI listen"


# ---------------------------------------------------------------- the catalog

CASES = [
    ("word_count", {"relation": "at_most", "n": "5"}, "One two three.", "One two three four five six."),
    ("word_count", {"relation": "at_least", "n": "3"}, "One two three.", "One two."),
    ("sentence_count", {"relation": "exactly", "n": "2"}, "It rains. It pours.", "It rains."),
    ("paragraph_count", {"relation": "exactly", "n": "2"}, "One.\n\nTwo.", "One.\nTwo."),
    ("line_count", {"relation": "at_most", "n": "2"}, "a\nb", "a\nb\nc"),
    ("char_count", {"relation": "at_most", "n": "10"}, "short", "far too long a text"),
    ("lowercase", {}, "all quiet here.", "All quiet here."),
    ("uppercase", {}, "ALL QUIET 2 HERE!", "ALL quiet"),
    ("include_phrase", {"phrase": "Dawn"}, "At dawn we rode.", "At noon we rode."),
    ("include_phrase", {"phrase": "sea", "relation": "at_least", "n": "2"}, "sea, sea", "the sea, seas"),
    ("exclude_phrase", {"phrase": "very"}, "It is quite good.", "It is Very good."),
    ("starts_with", {"phrase": "Dear"}, "**Dear** Anna,", "Dearest Anna,"),
    ("ends_with", {"phrase": "goodbye"}, "Well, goodbye!", "Goodbye, then."),
    ("ends_with", {"phrase": "Any questions?"}, "That is all. Any questions?", "Any questions? No."),
    ("no_character", {"phrase": ","}, "No commas here.", "One, two."),
    ("no_character", {"phrase": "exclamation marks"}, "Calm.", "Wow!"),
    ("no_character", {"phrase": "digits"}, "two cats", "2 cats"),
    ("letter_frequency", {"letter": "q", "relation": "at_least", "n": "2"}, "Quick quiz", "Quick one"),
    ("every_word", {"property": "capitalized"}, "Ten Tips For 2 Gardens", "Ten tips for gardens"),
    ("every_line", {"property": "ends_with_punctuation"}, "One.\nTwo!", "One.\nTwo"),
    ("every_line", {"property": "lowercase"}, "one\ntwo", "one\nTwo"),
    ("quoted", {}, '"Just this."', 'Just "this".'),
    ("title", {}, "<<My Poem>>\nRoses...", "My Poem\nRoses..."),
    ("bullet_list", {}, "- a\n- b", "a, b"),
    ("bullet_list", {"relation": "exactly", "n": "3"}, "* a\n* b\n* c", "* a\n* b"),
    ("numbered_list", {"relation": "at_least", "n": "2"}, "1. a\n2. b", "1. a"),
    ("json", {}, '```json\n{"a": 1}\n```', "{a: 1}"),
]


@pytest.mark.parametrize("kind, raw, good, bad", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_kind_holds_on_one_answer_and_fails_on_another(kind, raw, good, bad):
    params = catalog.validate(kind, raw)
    assert catalog.run(kind, good, params)[0] is True
    ok, found = catalog.run(kind, bad, params)
    assert ok is False and found
    assert catalog.asked(kind, params)


def test_every_kind_has_a_case_and_is_named_in_the_prompt():
    assert {c[0] for c in CASES} == set(catalog.KINDS)
    assert all(kind in CHECKS_TURN for kind in catalog.KINDS)
    assert "null" in PREDICATE_TURN


@pytest.mark.parametrize(
    "kind, raw, reason",
    [
        ("limerick", {}, "unknown kind"),
        ("word_count", {"relation": "at_most"}, "needs n"),
        ("word_count", {"n": "50"}, "needs relation"),
        ("word_count", {"relation": "around", "n": "50"}, "relation must be"),
        ("word_count", {"relation": "at_most", "n": "fifty"}, "n must be digits"),
        ("word_count", {"relation": "at_most", "n": "99999"}, "n must be digits"),
        ("word_count", {"relation": "at_most", "n": True}, "whole number"),
        ("bullet_list", {"n": "3"}, "relation and n together"),
        ("every_word", {"property": "ends_with_punctuation"}, "takes property"),
        ("no_character", {"phrase": "bananas"}, "names no character"),
        ("letter_frequency", {"letter": "7", "relation": "exactly", "n": "1"}, "one letter"),
        ("include_phrase", {"phrase": "  "}, "not blank"),
    ],
)
def test_bad_parameters_raise_a_reason_never_crash(kind, raw, reason):
    with pytest.raises(ValueError, match=reason):
        catalog.validate(kind, raw)


def test_parameters_a_kind_does_not_take_are_ignored():
    assert catalog.validate("json", {"phrase": "x", "n": "3"}) == {}
    assert catalog.validate("include_phrase", {"phrase": "cat"}) == {
        "phrase": "cat",
        "relation": "at_least",
        "n": 1,
    }


# ---------------------------------------------------------------- reading the stated checks


def test_the_schema_bounds_the_list_and_types_each_field():
    schema = grammar.checks_schema(*_vocab())
    check = schema["$defs"]["StatedCheck"]
    assert schema["properties"]["checks"]["maxItems"] == grammar.MAX_CHECKS
    assert check["properties"]["kind"]["enum"] == list(catalog.KINDS)
    assert check["required"] == ["quote", "kind"] and check["additionalProperties"] is False
    assert {"pattern": grammar.N_PATTERN, "type": "string"} in check["properties"]["n"]["anyOf"]
    text = json.dumps(
        {"checks": [{"quote": "at most 5 words", "kind": "word_count", "relation": "at_most", "n": "5"}]}
    )
    assert grammar.parse_checks(text, *_vocab()) == [
        {"quote": "at most 5 words", "kind": "word_count", "relation": "at_most", "n": "5"}
    ]
    with pytest.raises(ValueError, match="schema"):
        grammar.parse_checks('{"checks": [{"quote": "x y", "kind": "haiku"}]}', *_vocab())
    assert grammar.parse_predicate('{"predicate": null}') is None
    assert grammar.parse_predicate('{"predicate": {"quote": "a b", "expr": "len(answer) < 9"}}')["expr"]
    with pytest.raises(ValueError):
        grammar.parse_predicate('{"predicate": {"quote": "a b", "expr": "answer.count(\\"a\\")"}}')
    assert grammar.checks_budget() < 4000 and grammar.predicate_budget() < 1000


@pytest.fixture(scope="module")
def xg_accepts():
    import xgrammar as xg
    from transformers import AutoTokenizer

    from selfrefine.engine.backends import models

    tok = AutoTokenizer.from_pretrained(models.pull("smollm2-135m-instruct"))
    compiler = xg.GrammarCompiler(xg.TokenizerInfo.from_huggingface(tok))

    def accepts(schema: dict, value) -> bool:
        m = xg.GrammarMatcher(compiler.compile_json_schema(json.dumps(schema), any_whitespace=False))
        return m.accept_string(json.dumps(value))

    return accepts


def test_xgrammar_admits_what_the_parser_reads_and_nothing_untyped(xg_accepts):
    checks = grammar.checks_schema(*_vocab())
    good = {"checks": [{"quote": "at most 5 words", "kind": "word_count", "relation": "at_most", "n": "5"}]}
    assert xg_accepts(checks, good) and xg_accepts(checks, {"checks": []})
    assert xg_accepts(checks, {"checks": [{"quote": "no commas", "kind": "no_character", "phrase": ","}]})
    for bad in (
        {"checks": [{"quote": "at most 5 words", "kind": "word_count", "n": 5}]},  # n is digits, as a string
        {"checks": [{"quote": "a haiku", "kind": "haiku"}]},
        {"checks": [{"kind": "json", "quote": "as JSON"}]},  # the quote comes first
    ):
        assert not xg_accepts(checks, bad), bad
    predicate = grammar.predicate_schema()
    assert xg_accepts(predicate, {"predicate": None})
    assert xg_accepts(predicate, {"predicate": {"quote": "each line", "expr": SHORT}})
    assert not xg_accepts(predicate, {"predicate": {"quote": "each line", "expr": 'answer.count("a") > 1'}})


def _vocab():
    return tuple(catalog.KINDS), catalog.RELATIONS, catalog.LETTERS, catalog.PROPERTIES


def test_a_quote_not_in_the_request_is_dropped_as_invented():
    request = "Describe your town. Use no more than 50 words."
    raw = [
        {"quote": "use no more than 50 words", "kind": "word_count", "relation": "at_most", "n": "50"},
        {"quote": "in exactly three paragraphs", "kind": "paragraph_count", "relation": "exactly", "n": "3"},
        {"quote": "town", "kind": "lowercase"},  # one word: too little to state a constraint
    ]
    stated = read_checks(raw, request)
    assert [c.kind for c in stated.checks] == ["word_count"]
    assert [d["reason"] for d in stated.dropped] == ["the quote is not in the request"] * 2
    assert in_request("Use NO more than 50 words!", request) and not in_request("no more than 60", request)


def test_a_check_whose_quote_does_not_state_its_parameters_is_dropped():
    request = "Answer in fewer than 5 sentences and mention Paris."
    raw = [
        {"quote": "fewer than 5 sentences", "kind": "sentence_count", "relation": "at_most", "n": "4"},
        {"quote": "fewer than 5 sentences", "kind": "sentence_count", "relation": "at_most", "n": "40"},
        {"quote": "mention Paris", "kind": "include_phrase", "phrase": "London"},
        {"quote": "mention Paris", "kind": "word_count", "relation": "at_most"},
        {"quote": "mention Paris", "kind": "include_phrase", "phrase": "Paris"},
        {"quote": "mention Paris", "kind": "include_phrase", "phrase": "paris"},
    ]
    stated = read_checks(raw, request)
    assert [(c.kind, c.params.get("n")) for c in stated.checks] == [
        ("sentence_count", 4),
        ("include_phrase", 1),
    ]
    assert [d["reason"] for d in stated.dropped] == [
        "the quote has no 40",
        'the quote has no "London"',
        "word_count needs n",
        "repeats another check",
    ]


def test_a_check_the_observers_already_make_is_skipped():
    request = "Describe your town in at most 50 words, without commas, and use the word river."
    observe, _ = observe_request(request)
    observed = observe("A town, by a river.").text
    raw = [
        {"quote": "in at most 50 words", "kind": "word_count", "relation": "at_most", "n": "50"},
        {"quote": "without commas", "kind": "no_character", "phrase": "commas"},
        {"quote": "use the word river", "kind": "include_phrase", "phrase": "river"},
        {"quote": "Describe your town", "kind": "every_word", "property": "capitalized"},
    ]
    stated = read_checks(raw, request, observed)
    assert [c.kind for c in stated.checks] == ["every_word"]
    assert {d["reason"] for d in stated.dropped} == {"the observers check it already"}
    assert len(read_checks(raw, request).checks) == 4  # without the observers' facts, all stay


def test_a_stated_fact_names_the_request_and_adds_its_fault_to_the_observation():
    check = StatedCheck(
        "every_word", catalog.validate("every_word", {"property": "capitalized"}), "Capitalize every word"
    )
    seen = Observation("Facts:\n- words: 3", "Too long.", 1)
    out = combine(seen, [check.fact("Ten Tips"), check.fact("Ten tips")])
    assert out.text.startswith("Facts:\n- words: 3\n- every word capitalized")
    assert out.faults == 2 and out.fault.startswith("Too long. The request asks for every word capitalized")
    assert '("Capitalize every word")' in out.fault
    assert combine(Observation(""), []) == Observation("")


# ---------------------------------------------------------------- in the loop


def _constraints(*checks) -> str:
    return json.dumps({"checks": list(checks)})


CAPITALIZED = {"quote": "Capitalize every word", "kind": "every_word", "property": "capitalized"}


def run(script, request=TITLE, **cfg):
    eng = ScriptedEngine(script)
    cfg.setdefault("rounds", 1)
    cfg.setdefault("review_clean", True)  # these scripts have the critic review answers with no fault
    res = asyncio.run(refine(eng, make_item(request), RefineConfig(**cfg)))
    return eng, res


def test_a_stated_constraint_is_a_fault_that_drives_candidates():
    draft, fixed = "Ten tips for a greener garden", "Ten Tips For A Greener Garden"
    script = [draft, _constraints(CAPITALIZED), fb(TOP, stop=True, points=()), "Ten tips again", fixed]
    eng, res = run(script, stated_checks="catalog", candidates=2, review_faults=True)  # the fault recorded
    assert res.answer == fixed and res.outputs == [draft, fixed]
    assert [c.stage for c in res.trace] == ["draft", "constraints", "feedback", "candidate", "refine"]
    stated = res.trace[1]
    assert stated.feedback["checks"] == [
        {"kind": "every_word", "quote": "Capitalize every word", "property": "capitalized"}
    ]
    review = res.trace[2]
    assert review.fault and "every word capitalized" in review.fault and res.checks["fault"] == 1
    prompt = eng.tokenizer.decode(eng.prompts[2])
    assert "every word capitalized" in prompt and "NOT MET" in prompt
    assert CHECKS_TURN not in prompt  # the stating turn left the conversation
    assert eng.tokenizer.decode(eng.prompts[1]).endswith(f"<user>{CHECKS_TURN}</>\n<assistant>")
    assert eng.schemas[1]["properties"]["checks"]["maxItems"] == grammar.MAX_CHECKS


def test_the_constraints_event_and_trace_record_what_was_kept_and_dropped():
    events = []
    invented = {"quote": "in three lines", "kind": "line_count", "relation": "exactly", "n": "3"}
    script = ["Ten Tips", _constraints(CAPITALIZED, invented), fb(TOP, stop=True, points=())]
    eng = ScriptedEngine(script)
    cfg = RefineConfig(rounds=1, stated_checks="catalog")
    res = asyncio.run(refine(eng, make_item(TITLE), cfg, on_event=events.append))
    event = next(e for e in events if e["type"] == "constraints")
    assert [c["kind"] for c in event["checks"]] == ["every_word"] and event["calls"][0][
        "stage"
    ] == "constraints"
    assert event["dropped"] == [{"check": invented, "reason": "the quote is not in the request"}]
    assert res.trace[1].feedback["dropped"] == event["dropped"] and res.stop_reason != "rejected"
    assert res.trace[2].fault is None  # "Ten Tips" holds


def test_off_a_request_for_code_and_a_broken_answer_state_nothing():
    _, res = run(["Ten tips", fb(TOP, stop=True, points=())])  # off: the script has no stating call
    assert [c.stage for c in res.trace] == ["draft", "feedback"]
    code = "Write a Python function that adds two numbers. Capitalize every word."
    _, res = run(
        ["def add(a, b): return a + b", fb(TOP, stop=True, points=())], code, stated_checks="catalog"
    )
    assert "constraints" not in [c.stage for c in res.trace]
    _, res = run(["Ten tips", '{"checks": [', fb(TOP, stop=True, points=())], stated_checks="catalog")
    assert res.trace[1].feedback_error and res.trace[2].fault is None and res.trace[2].observation is None


def test_a_bad_mode_is_a_clear_error():
    with pytest.raises(InvalidParameter, match="stated_checks"):
        RefineConfig(stated_checks="always")


# ---------------------------------------------------------------- model-written predicates

SHORT = "all(len(line.split()) < 8 for line in answer.splitlines() if line.strip())"
SHORT2 = "max(len(x.split()) for x in answer.splitlines()) <= 7"


def _predicate(quote: str | None, expr: str = SHORT) -> str:
    return json.dumps({"predicate": None if quote is None else {"quote": quote, "expr": expr}})


def test_reading_a_predicate_checks_its_quote_and_its_expression():
    checks = (StatedCheck("word_count", {"relation": "at_most", "n": 9}, "short poem about rain"),)
    assert read_predicate({"quote": "Each line must have", "expr": SHORT}, RAIN, ())[0] == Predicate(
        "Each line must have", SHORT
    )
    assert read_predicate(None, RAIN, ())[1] == "no constraint named"
    assert (
        read_predicate({"quote": "each stanza rhymes", "expr": SHORT}, RAIN, ())[1]
        == "the quote is not in the request"
    )
    assert (
        read_predicate({"quote": "a short poem", "expr": SHORT}, RAIN, checks)[1]
        == "a catalog check states it"
    )
    assert read_predicate({"quote": "Each line must", "expr": "len(answer) <"}, RAIN, ())[1].startswith(
        "not a Python"
    )
    assert read_predicate({"quote": "Each line must", "expr": "x = 1"}, RAIN, ())[1].startswith(
        "not a Python"
    )
    assert (
        read_predicate({"quote": "Each line must", "expr": "True"}, RAIN, ())[1]
        == "the expression does not read `answer`"
    )
    assert same_words("Each line must have", "must have fewer than eight syllables", RAIN)
    assert not same_words("Write a short poem", "Each line must have", RAIN)


@pytest.mark.sandbox
def test_a_predicate_that_crashes_loops_or_gives_no_bool_is_stopped_and_no_fault():
    values = run_predicates([SHORT, "answer.split()[99] == 'x'", "len(answer)"], LONG_LINE)
    assert values[0] is False and values[1].startswith("IndexError") and values[2] == "gave int, not a bool"
    # a loop stops the whole program at the wall-clock limit: every value of that run is lost
    assert run_predicates([SHORT, "sum(range(10**12)) > 0"], LONG_LINE) == ["timed out"] * 2
    assert run_predicates(["any(c in answer for c in 'é')"], "café") == [True]
    pair = (
        Predicate("Each line must have", SHORT),
        Predicate("Each line must have", "answer.split()[99] == 'x'"),
    )
    verdict = Stated(predicates=pair, backed=True).judge(LONG_LINE)
    assert verdict.faults == 0 and verdict.crashed == 1 and "unconfirmed" in verdict.facts[0].text
    looping = Stated(
        predicates=(pair[0], Predicate("Each line must have", "sum(range(10**12)) > 0")), backed=True
    )
    verdict = looping.judge(LONG_LINE)
    assert verdict.faults == 0 and verdict.crashed == 2 and verdict.facts == []
    assert run_predicates([SHORT], LONG_LINE, Limits(wall_s=0.01))[0] == "timed out"


@pytest.mark.sandbox
def test_an_unbacked_predicate_is_a_note_never_a_fault():
    script = [
        LONG_LINE,
        _constraints(),
        _predicate("Each line must have fewer than eight syllables"),
        _predicate("a short poem about rain", "'rain' in answer.lower()"),
        fb(TOP, stop=True, points=()),
    ]
    eng, res = run(script, RAIN, stated_checks="catalog+predicate")
    assert [c.stage for c in res.trace] == ["draft", "constraints", "constraints", "constraints", "feedback"]
    review = res.trace[-1]
    assert review.fault is None and res.checks["fault"] == 0 and res.answer == LONG_LINE
    assert "not met? (a model-written check, unconfirmed)" in review.observation
    first, second = (eng.samplings[i] for i in (2, 3))
    assert (first.temperature, second.temperature) == (0.7, 0.7) and first.seed != second.seed
    assert eng.prompts[2] == eng.prompts[3]  # the second written without seeing the first
    assert PREDICATE_TURN not in eng.tokenizer.decode(eng.prompts[4])
    assert res.trace[3].feedback == {
        "predicate": {"quote": "a short poem about rain", "expr": "'rain' in answer.lower()"},
        "dropped": None,
    }


@pytest.mark.sandbox
def test_two_agreeing_predicates_are_a_fault_that_drives_candidates():
    script = [
        LONG_LINE,
        _constraints(),
        _predicate("Each line must have fewer than eight syllables"),
        _predicate("must have fewer than eight syllables", SHORT2),
        fb(TOP, stop=True, points=()),
        LONG_LINE + " again",
        SHORT_LINES,
    ]
    _, res = run(script, RAIN, stated_checks="catalog+predicate", candidates=2, review_faults=True)
    review = next(c for c in res.trace if c.stage == "feedback")
    assert review.fault and "two checks written independently agree" in review.fault
    assert res.answer == SHORT_LINES and res.checks["fault"] == 1


# ---------------------------------------------------------------- the maintainer's counts


def test_the_precision_tool_counts_faults_against_the_checker():
    assert wrong({"failed": ["punctuation:no_comma"], "instructions_met": 1, "instructions": 2}) is True
    assert wrong({"failed": [], "instructions_met": 2, "instructions": 2}) is False
    assert wrong(None) is None and wrong({"score": 1.0}) is None
    rows = [
        {"stated": True, "observers": False, "wrong": True, "crashed": 0},
        {"stated": True, "observers": False, "wrong": False, "crashed": 2},  # a false fault
        {"stated": False, "observers": True, "wrong": True, "crashed": 0},
        {"stated": False, "observers": False, "wrong": False, "crashed": 0},
        {"stated": True, "observers": True, "wrong": None, "crashed": 1},  # unscored
    ]
    out = count(rows)
    assert (out["outputs"], out["unscored"], out["crashed"]) == (5, 1, 3)
    assert out["stated"] == {
        "tp": 1,
        "fp": 1,
        "fn": 1,
        "tn": 1,
        "precision": 0.5,
        "recall": 0.5,
        "false_faults": 1,
    }
    assert out["either"]["recall"] == 1.0 and out["observers"]["precision"] == 1.0
    assert tally([]) == {
        "tp": 0,
        "fp": 0,
        "fn": 0,
        "tn": 0,
        "precision": None,
        "recall": None,
        "false_faults": 0,
    }
    stated = Stated(
        checks=(StatedCheck("json", {}, "as JSON"),), dropped=[{"check": {}, "reason": "x"}]
    ).record()
    assert count_stated([stated, None]) == {
        "requests": 2,
        "stated": 1,
        "kept": {"json": 1},
        "dropped": {"x": 1},
        "predicates": 0,
        "backed": 0,
    }


def test_predicates_that_name_nothing_or_do_not_parse_are_dropped_with_the_reason():
    events = []
    script = [
        LONG_LINE,
        _constraints(),
        _predicate(None),
        '{"predicate": {"quote": "Each',
        fb(TOP, stop=True, points=()),
    ]
    eng = ScriptedEngine(script)
    cfg = RefineConfig(rounds=1, stated_checks="catalog+predicate")
    res = asyncio.run(refine(eng, make_item(RAIN), cfg, on_event=events.append))
    event = next(e for e in events if e["type"] == "constraints")
    assert [d["reason"] for d in event["dropped"]] == ["no constraint named", "does not parse"]
    assert event["predicates"] == [] and event["backed"] is False
    assert res.trace[3].feedback_error and res.trace[-1].observation is None  # nothing kept: no facts


def test_quotes_are_checked_against_the_system_text_and_the_last_user_turn_only():
    from selfrefine.engine.core.item import Item
    from selfrefine.engine.core.stated import stated_request

    chat = [
        {"role": "system", "content": "Always answer in lowercase."},
        {"role": "user", "content": "Name a fruit in exactly two words."},
        {"role": "assistant", "content": "Use three bullet points."},
        {"role": "user", "content": "Now a vegetable."},
    ]
    request = stated_request(Item(input="Now a vegetable.", messages=chat), RefineConfig())
    assert in_request("answer in lowercase", request) and in_request("Now a vegetable", request)
    assert not in_request("Use three bullet points", request) and not in_request("exactly two words", request)
    assert stated_request(make_item(TITLE), RefineConfig()) == TITLE


def test_covered_reads_the_observers_fact_lines_of_the_same_constraint():
    def covered(kind, raw, observed):
        return catalog.covered(kind, catalog.validate(kind, raw), observed)

    facts = (
        '- the letter "q": 1 time (asked: at least 2)\n'
        "- wrapped in double quotation marks: no\n- dashs: 1 (asked: none)"
    )
    assert covered("letter_frequency", {"letter": "q", "relation": "at_least", "n": "2"}, facts)
    assert not covered("letter_frequency", {"letter": "z", "relation": "at_least", "n": "2"}, facts)
    assert covered("quoted", {}, facts) and covered("no_character", {"phrase": "dashes"}, facts)
    assert not covered("no_character", {"phrase": ";"}, facts) and not covered("json", {}, facts)
    assert not covered("title", {}, facts) and not covered("quoted", {}, "")
