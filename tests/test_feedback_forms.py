"""Feedback forms: grounded spans, task checklists, whole-word bounds, execution observations,
append-mode refinement. Schema tests use xgrammar itself (the backend vLLM runs by default);
loop tests use the scripted engine; the last test runs the real engine."""

import asyncio
import json
import re

import pytest

from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.item import Item
from selfrefine.engine.core.loop import refine
from selfrefine.engine.core.prompts import Prompts
from selfrefine.engine.errors import InvalidParameter
from selfrefine.grammars.feedback import (
    MAX_SEGMENTS,
    RUN_CHARS,
    WORD_RUNS,
    Checklist,
    FeedbackSpec,
    free_words,
    segments,
    words_pattern,
)
from selfrefine.tasks import registry
from tests.fakes import ScriptedEngine


@pytest.fixture(scope="module")
def xg_compile():
    """Whether xgrammar's compiled schema accepts a text. Acceptance of a string does not depend
    on the vocabulary, so a vocabulary of the 256 single bytes stands in for a model's: no model
    is needed (make test-fast)."""
    import xgrammar as xg

    compiler = xg.GrammarCompiler(xg.TokenizerInfo([bytes([i]) for i in range(256)]))

    def accepts(schema: dict, text: str) -> bool:
        m = xg.GrammarMatcher(compiler.compile_json_schema(json.dumps(schema), any_whitespace=False))
        return m.accept_string(text)

    return accepts


def _scores(spec: FeedbackSpec, v: int = 3) -> dict:
    return {a: v for a in spec.aspects}


def test_commongen_schema_admits_only_the_items_concepts(xg_compile):
    task = registry.load("commongen_hard")
    row = task.rows(1)[0]
    spec, vocab = task.cfg.spec, task.item(row).vocab
    assert vocab == tuple(row["concepts"])
    choices = spec.choices("", vocab)
    schema = spec.json_schema(choices)
    used = {c: i % 2 == 0 for i, c in enumerate(row["concepts"])}
    good = {"missing": {c: not u for c, u in used.items()}, "scores": _scores(spec), "stop": False}
    assert xg_compile(schema, json.dumps(good))
    # a concept of another item, a missing concept, or an empty checklist: refused by the grammar
    missing = good["missing"]
    other = dict(list(missing.items())[:-1]) | {"broom": True}
    for bad in (
        {**good, "missing": other},
        {**good, "missing": dict(list(missing.items())[1:])},
        {**good, "missing": {}},
    ):
        assert not xg_compile(schema, json.dumps(bad)), bad
    fb = spec.parse_json(json.dumps(good), choices)
    shown, _ = spec.problems(fb)
    assert shown == ["missing: " + ", ".join(c for c, u in used.items() if not u)]


def test_grounded_spans_are_an_enum_of_the_answers_own_lines(xg_compile):
    spec = FeedbackSpec(form="grounded", spans="lines", aspects=("correctness",))
    answer = "def solution():\n    eggs = 16 - 3\n    return eggs * 2\n"
    choices = spec.choices(answer)
    assert choices == ("def solution():", "eggs = 16 - 3", "return eggs * 2")
    schema = spec.json_schema(choices)
    ok = {
        "problems": [
            {"span": "eggs = 16 - 3", "issue": "forgets the four muffin eggs", "fix": "eggs = 16 - 3 - 4"}
        ],
        "scores": {"correctness": 2},
        "stop": False,
    }
    assert xg_compile(schema, json.dumps(ok))
    not_in_answer = {**ok, "problems": [{**ok["problems"][0], "span": "eggs = 12"}]}
    assert not xg_compile(schema, json.dumps(not_in_answer))
    # problems come before the scores: evidence before the verdict
    assert list(schema["properties"]) == ["problems", "scores", "stop"]


def test_ungrounded_spans_are_detected_recorded_and_not_shown():
    spec = FeedbackSpec(form="grounded", aspects=("clarity",))
    long_answer = " ".join(f"Sentence number {i} is here." for i in range(MAX_SEGMENTS + 5))
    choices = spec.choices(long_answer)
    schema = spec.json_schema(choices)
    assert "enum" not in json.dumps(schema["$defs"]["Problem"]["properties"]["span"])  # a free quote
    fb = {
        "problems": [
            {"span": "Sentence number 3 is here.", "issue": "dull", "fix": "say more"},
            {"span": "Sentence number 999 is here.", "issue": "made up", "fix": "drop it"},
        ],
        "scores": {"clarity": 2},
        "stop": False,
    }
    parsed = spec.parse_json(json.dumps(fb), choices)
    shown, ungrounded = spec.problems(parsed, long_answer)
    assert shown == ['In "Sentence number 3 is here.": dull. Fix: say more']
    assert [u["span"] for u in ungrounded] == ["Sentence number 999 is here."]
    # in a loop: counted in the trace, and the rewrite turn never sees it
    eng = ScriptedEngine([long_answer, json.dumps(fb), long_answer + " More."])
    cfg = RefineConfig(rounds=1, spec=spec, prompts=Prompts(refine="Fix:\n{problems}"))
    res = asyncio.run(refine(eng, Item("Write sentences."), cfg))
    assert (
        res.checks["ungrounded"] == 1 and res.trace[1].ungrounded[0]["span"] == "Sentence number 999 is here."
    )
    rewrite_turn = eng.tokenizer.decode(eng.prompts[2]).rsplit("<user>", 1)[1]
    assert "Sentence number 3" in rewrite_turn and "999" not in rewrite_turn


def test_word_bound_never_ends_a_point_inside_a_word(xg_compile):
    spec = FeedbackSpec(item_words=3, aspects=("clarity",))
    schema = spec.json_schema()
    head = '{"feedback": ["one two thre'
    # at the bound's last word the grammar still lets the word go on; only a new word is barred
    assert xg_compile(schema, head + "e")
    assert xg_compile(schema, head + 'e"')
    assert not xg_compile(schema, head + "e four")
    for bad in ('{"feedback": [""', '{"feedback": [" ', '{"feedback": ["a  b'):
        assert not xg_compile(schema, bad), bad
    assert re.fullmatch(words_pattern(3)[1:-1], "Rename x, please.")


def test_a_word_cannot_run_away(xg_compile):
    """A weak critic at temperature 0 glued a degenerate repetition into one endless word and
    ran to max_tokens with the JSON open; the grammar now ends a word after WORD_RUNS runs of at
    most RUN_CHARS characters, so the point and then the JSON close."""
    spec = FeedbackSpec(item_words=12, aspects=("clarity",))
    schema = spec.json_schema()
    head = '{"feedback": ["It does not name the lighthouse'
    assert xg_compile(schema, head + "-related" * (WORD_RUNS - 1))
    assert not xg_compile(schema, head + "-related" * WORD_RUNS)
    assert xg_compile(schema, '{"feedback": ["' + "x" * RUN_CHARS)
    assert not xg_compile(schema, '{"feedback": ["' + "x" * (RUN_CHARS + 1))
    for runaway in ("3.8.5/3.8.5/3.8.5/3.8.5", "threes," * WORD_RUNS + "threes", "that.////Python"):
        assert not xg_compile(schema, '{"feedback": ["' + runaway), runaway
    # ordinary text stays writable: punctuation inside words, a lone dash, a path, a number
    point = "Use e.g., self.items() - see https://docs.python.org/3/ for 12,000 rows."
    assert xg_compile(schema, '{"feedback": ["' + point + '"], "scores": {"clarity": 3}, "stop": false}')
    assert re.fullmatch(words_pattern(12)[1:-1], point)
    # Outlines gets the free word (the bounded one is a large automaton there); other patterns stay
    free = free_words(schema)
    assert xg_compile(free, head + "-related" * 50)
    assert free_words({"type": "string", "pattern": "^[a-z]+$"}) == {"type": "string", "pattern": "^[a-z]+$"}
    assert free_words(free) == free and schema == spec.json_schema()  # no mutation


def test_segments_are_exact_substrings():
    text = "First one. Second one!  Third?\n\n  indented line\nFirst one."
    assert segments(text, "sentences") == ("First one.", "Second one!", "Third?", "indented line")
    assert all(s in text for s in segments(text, "lines"))


def test_checklist_over_the_answers_sentences_is_built_per_call():
    spec = FeedbackSpec(
        form="checklist",
        aspects=("fluency",),
        checklist=Checklist(
            key="keeps_old_opinion", problem_when=True, label="old opinion", items="sentences"
        ),
    )
    answer = "The food was awful. The staff were lovely."
    choices = spec.choices(answer)
    fb = spec.parse_json(
        json.dumps(
            {
                "keeps_old_opinion": {"The food was awful.": False, "The staff were lovely.": True},
                "scores": {"fluency": 4},
                "stop": False,
            }
        ),
        choices,
    )
    assert spec.problems(fb)[0] == ['old opinion: "The staff were lovely."']


def test_append_mode_adds_to_the_previous_output():
    spec = FeedbackSpec(form="checklist", aspects=("coverage",), checklist=Checklist())
    first = json.dumps({"used": {"dog": True, "key": False}, "scores": {"coverage": 2}, "stop": False})
    second = json.dumps({"used": {"dog": True, "key": True}, "scores": {"coverage": 5}, "stop": False})
    eng = ScriptedEngine(["A dog ran.", first, "It found a key.", second])
    cfg = RefineConfig(
        rounds=3,
        spec=spec,
        refine_mode="append",
        stop_on_top=False,
        prompts=Prompts(
            guide_grammar=None, feedback_grammar="Now: {answer}\nCheck.", refine="Add: {problems}"
        ),
    )
    res = asyncio.run(refine(eng, Item("dog, key", vocab=("dog", "key")), cfg))
    assert res.outputs == ["A dog ran.", "A dog ran. It found a key."] and res.stop_reason == "no_problems"
    prompts = [eng.tokenizer.decode(p) for p in eng.prompts]
    assert "Add: - missing: key" in prompts[2] and "Now: A dog ran. It found a key." in prompts[3]


@pytest.mark.sandbox
def test_exec_variant_shows_the_run_result_and_never_the_target():
    task = registry.load("gsm8k:exec")
    row = {**task.rows(1)[0], "target": 777123}
    wrong = "```python\ndef solution():\n    return 16 - 3 - 4\n```"
    fb = json.dumps(
        {
            "correct": {"def solution():": True, "return 16 - 3 - 4": False},
            "scores": {"correctness": 2, "arithmetic": 2, "units": 2},
            "stop": False,
        }
    )
    eng = ScriptedEngine([wrong, fb, "```python\ndef solution():\n    return (16 - 3 - 4) * 2\n```"])
    res = asyncio.run(refine(eng, task.item(row), registry.with_overrides(task, rounds=1).cfg))
    review_turn = eng.tokenizer.decode(eng.prompts[1])
    assert "solution() returned 9" in review_turn and "777123" not in review_turn
    assert res.trace[1].observation == "Running it, solution() returned 9."
    assert res.trace[1].problems == ['wrong line: "return 16 - 3 - 4"']
    crash = task.item(row).observe("def solution():\n    return 1 / 0\n")
    assert "ZeroDivisionError" in crash.text and "ZeroDivisionError" in crash.fault
    assert "777123" not in crash.text + crash.fault
    assert "whole" in task.item(row).observe("def solution():\n    return 7 / 2\n").fault
    assert "whole" in task.item(row).observe("def solution():\n    return 3 - 5\n").fault
    assert "not a number" in task.item(row).observe("def solution():\n    return 'x'\n").fault
    assert task.item(row).observe("def solution():\n    return 7 / 7 * 3\n").fault is None
    for name in ("code_optimization:exec", "code_readability:exec"):
        t = registry.load(name)
        r = t.rows(1)[0]
        seen = t.item(r).observe("print('hello')\n")
        seen = getattr(seen, "text", seen)
        assert "differs from the original" in seen, seen
        same = t.item(r).observe(r["program"])
        assert "same output as the original" in getattr(same, "text", same)
        assert getattr(same, "fault", None) is None


@pytest.mark.sandbox
def test_an_execution_fault_is_a_problem_the_critic_cannot_clear():
    """The critic approves every line of a program that crashes: the run's fault still reaches
    the rewrite, no stop rule fires on that review, and the trace counts the fault."""
    task = registry.load("gsm8k:exec")
    row = task.rows(1)[0]
    crash = "```python\ndef solution():\n    total = 12\n    return totl / 3\n```"
    fixed = "```python\ndef solution():\n    total = 12\n    return total // 3\n```"

    def approve(lines):
        return json.dumps(
            {
                "correct": dict.fromkeys(lines, True),
                "stop": True,
                "scores": {"correctness": 5, "arithmetic": 5, "units": 5},
            }
        )

    lines = ["def solution():", "total = 12", "return totl / 3"]
    eng = ScriptedEngine(
        [crash, approve(lines), fixed, approve(["def solution():", "total = 12", "return total // 3"])]
    )
    res = asyncio.run(refine(eng, task.item(row), registry.with_overrides(task, rounds=2).cfg))
    assert res.outputs == [crash, fixed] and res.stop_reason == "no_problems"
    assert "NameError" in res.trace[1].fault and res.trace[1].problems[0] == res.trace[1].fault
    assert res.trace[3].fault is None and res.checks["fault"] == 1
    rewrite_turn = eng.tokenizer.decode(eng.prompts[2])
    assert "running it failed" in rewrite_turn and "NameError" in rewrite_turn


@pytest.mark.engine
def test_no_point_is_empty_or_cut_in_50_samples_at_temperature_one(real):
    """Real engine, sampling at temperature 1.0 under the word-bounded grammar: every point is
    whole words (no blank, empty or whitespace-only point, never more words than the bound).
    A sample whose gibberish "word" runs past the token budget cannot close its JSON: it is a
    parse failure the loop records; measured here 1 of 50 at most, bounded at 3."""
    from selfrefine.engine.core.history import ChatFormat, Conversation
    from selfrefine.engine.types import Sampling

    engine, run = real
    spec = FeedbackSpec(item_words=6, max_items=3)
    fmt = ChatFormat.from_tokenizer(engine.tokenizer)
    conv = Conversation(engine.tokenizer, fmt, "Explain why the sky is blue in two sentences.")
    conv.add_assistant_text("The sky is blue because air scatters blue light more than red light.")
    conv.add_user(Prompts().review(spec))
    schema = spec.json_schema()
    sampling = Sampling(temperature=1.0, max_tokens=spec.token_budget(), seed=None)

    async def many():
        return await asyncio.gather(*(engine.generate(conv.prompt(), sampling, schema) for _ in range(50)))

    outs = run(many())
    pattern = re.compile(words_pattern(spec.item_words))
    points, broken = [], 0
    for out in outs:
        try:
            fb = spec.parse_json(out.text)
        except ValueError:
            assert out.finish_reason == "length", out.text  # only a budget overrun may break it
            broken += 1
            continue
        points += fb["feedback"]
    assert broken <= 3, f"{broken} of 50 samples ran past the token budget"
    assert points, "the critic never named a point in 50 samples"
    for p in points:
        assert pattern.fullmatch(p) and p.strip() == p and len(p.split(" ")) <= spec.item_words, repr(p)
    print(f"{len(points)} points in 50 samples; longest {max(len(p.split()) for p in points)} words")


def test_a_guard_refusal_keeps_the_previous_output():
    eng = ScriptedEngine(
        [
            "print(1)",
            json.dumps({"feedback": ["rename"], "scores": {"clarity": 2}, "stop": False}),
            "print(2)",
        ]
    )
    item = Item(
        "Make it readable.", initial=None, guard=lambda out: None if out == "print(1)" else "prints 2"
    )
    res = asyncio.run(refine(eng, item, RefineConfig(rounds=1, spec=FeedbackSpec(aspects=("clarity",)))))
    assert res.answer == "print(1)" and res.stop_reason == "rejected" and res.checks["guard"] == 1
    assert res.trace[-1].rejected == "guard" and res.trace[-1].guard == "prints 2"


def test_a_guard_retry_shows_why_and_keeps_a_fixed_rewrite():
    """retries=1 (on the guard): the refused rewrite's reason is the next turn, the second try is kept;
    a second refusal (no retries left) ends the loop with the previous output."""
    review = json.dumps({"feedback": ["rename x"], "scores": {"clarity": 2}, "stop": False})

    def guard(out):
        return None if out in ("n = 1\nprint(n)", "print(1)") else f"it prints {out[-2]}"

    cfg = RefineConfig(
        rounds=1,
        spec=FeedbackSpec(aspects=("clarity",)),
        retries=1,
        prompts=Prompts(retry="Refused: {problems}. Again."),
    )
    eng = ScriptedEngine(["print(1)", review, "print(2)", "n = 1\nprint(n)"])
    res = asyncio.run(refine(eng, Item("Make it readable.", guard=guard), cfg))
    assert res.answer == "n = 1\nprint(n)" and res.rounds == 1 and res.checks["guard"] == 1
    assert [c.stage for c in res.trace] == ["draft", "feedback", "refine", "refine"]
    assert res.trace[2].rejected == "guard" and res.trace[3].rejected is None
    assert "Refused: it prints 2. Again." in eng.tokenizer.decode(eng.prompts[3])
    eng = ScriptedEngine(["print(1)", review, "print(2)", "print(3)"])
    res = asyncio.run(refine(eng, Item("Make it readable.", guard=guard), cfg))
    assert res.answer == "print(1)" and res.stop_reason == "rejected" and res.checks["guard"] == 2
    with pytest.raises(InvalidParameter):
        RefineConfig(retries=9)
    with pytest.raises(InvalidParameter):
        RefineConfig(retry_on=("echo",))


def test_an_identical_rewrite_can_get_one_retry():
    review = json.dumps({"feedback": ["say why"], "scores": {"clarity": 2}, "stop": False})
    cfg = RefineConfig(
        rounds=1,
        spec=FeedbackSpec(aspects=("clarity",)),
        retries=1,
        retry_on=("identical",),
        prompts=Prompts(retry="No: {problems}"),
    )
    eng = ScriptedEngine(["Tea is good.", review, "Tea is good.", "Tea is good: it is warm and calming."])
    res = asyncio.run(refine(eng, Item("Is tea good?"), cfg))
    assert res.answer == "Tea is good: it is warm and calming." and res.checks["identical"] == 1
    assert "No: it is word for word your previous answer" in eng.tokenizer.decode(eng.prompts[3])


@pytest.mark.sandbox
def test_code_tasks_guard_rewrites_by_running_them_on_the_items_inputs():
    for name in ("code_readability", "code_optimization"):
        t = registry.load(name)
        row = t.rows(1)[0]
        guard = t.item(row).guard
        assert guard is not None and guard(row["program"]) is None
        assert "differs from the original" in guard("print('hello')\n")
        assert "SyntaxError" in guard("def broken(:\n")


def test_a_checklist_can_skip_echoed_prompt_labels():
    spec = registry.load("sentiment_reversal").cfg.spec
    answer = "Target sentiment: Very positive\nReview: Fantastic. The staff were kind.\nRewritten: Great."
    assert spec.choices(answer) == ("Review: Fantastic.", "The staff were kind.", "Rewritten: Great.")
    with pytest.raises(InvalidParameter):
        Checklist(items="sentences", skip="(unclosed")


@pytest.mark.engine  # a real model's tokenizer (the rule itself: test_backend, no model)
def test_constrained_calls_ban_special_tokens_but_not_the_end():
    """xgrammar reads a special token as its literal text ("<|im_start|>" fits a word of the
    feedback grammar) and the detokenized text drops it, so a review passed the grammar and
    failed the schema (10 of 32 code_readability reviews, 1.5B, 20 loops in flight). The engine
    biases those tokens away in constrained calls; the tokenizer's EOS, which ends the grammar, stays."""
    from transformers import AutoTokenizer

    from selfrefine.engine.backends import models
    from selfrefine.engine.backends.backend import grammar_banned_ids

    path = models.pull("smollm2-135m-instruct")
    tok = AutoTokenizer.from_pretrained(path)
    banned = grammar_banned_ids(tok)
    assert tok.convert_tokens_to_ids("<|im_start|>") in banned
    assert tok.eos_token_id not in banned and banned == sorted(set(banned))
    assert all(i in tok.all_special_ids or tok.added_tokens_decoder[i].special for i in banned)
