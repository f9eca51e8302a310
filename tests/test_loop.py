"""Loop logic on a scripted engine: stop rules, selection, history order, error records."""

import asyncio

import pytest

from engine.errors import InvalidParameter
from engine.loop import Item, RefineConfig, refine, refine_many
from engine.types import LoopError, LoopResult, Sampling
from tests.fakes import ScriptedEngine, fb


def run(coro):
    return asyncio.run(coro)


def scores(c, m, k):
    return {"correctness": c, "completeness": m, "clarity": k}


def test_stop_flag_stops_after_first_feedback():
    eng = ScriptedEngine(["draft answer", fb(stop=True)])
    res = run(refine(eng, Item("task"), RefineConfig()))
    assert res.stop_reason == "stop_flag"
    assert res.rounds == 0 and res.answer == "draft answer"
    assert [c.stage for c in res.trace] == ["draft", "feedback"]
    assert eng.schemas[1] is not None and eng.schemas[0] is None  # only feedback is constrained


def test_stop_flag_can_be_ignored():
    eng = ScriptedEngine(["y0", fb(stop=True), "y1"])
    res = run(refine(eng, Item("task"), RefineConfig(max_rounds=1, use_stop_flag=False)))
    assert res.stop_reason == "max_rounds" and res.answer == "y1"


def test_threshold_stops_when_total_reached():
    eng = ScriptedEngine(["y0", fb(scores(2, 2, 2)), "y1", fb(scores(4, 4, 4))])
    res = run(refine(eng, Item("task"), RefineConfig(threshold=12)))
    assert res.stop_reason == "threshold"
    assert res.outputs == ["y0", "y1"] and res.scores == [6, 12] and res.answer == "y1"


def test_round_cap_with_last_selection_skips_useless_final_feedback():
    eng = ScriptedEngine(["y0", fb(), "y1", fb(), "y2"])
    res = run(refine(eng, Item("task"), RefineConfig(max_rounds=2)))
    assert res.stop_reason == "max_rounds" and res.rounds == 2
    assert [c.stage for c in res.trace] == ["draft", "feedback", "refine", "feedback", "refine"]
    assert res.answer == "y2" and res.selected_round == 2


def test_zero_rounds_returns_the_draft():
    eng = ScriptedEngine(["y0"])
    res = run(refine(eng, Item("task"), RefineConfig(max_rounds=0)))
    assert res.answer == "y0" and res.rounds == 0 and len(res.trace) == 1


def test_best_selection_scores_every_output_and_picks_the_highest():
    eng = ScriptedEngine(["y0", fb(scores(1, 1, 1)), "y1", fb(scores(5, 5, 4)), "y2", fb(scores(3, 3, 3))])
    res = run(refine(eng, Item("task"), RefineConfig(max_rounds=2, selection="best")))
    assert res.scores == [3, 14, 9]
    assert res.answer == "y1" and res.selected_round == 1
    assert res.trace[-1].stage == "feedback"


def test_best_selection_can_exclude_the_draft():
    script = ["y0", fb(scores(5, 5, 5)), "y1", fb(scores(2, 2, 2)), "y2", fb(scores(3, 3, 3))]
    cfg = RefineConfig(max_rounds=2, selection="best", use_stop_flag=False)
    assert run(refine(ScriptedEngine(script), Item("t"), cfg)).answer == "y0"
    cfg = RefineConfig(max_rounds=2, selection="best", exclude_draft=True, use_stop_flag=False)
    res = run(refine(ScriptedEngine(script), Item("t"), cfg))
    assert res.answer == "y2" and res.selected_round == 2


def test_best_selection_ties_go_to_the_later_output():
    eng = ScriptedEngine(["y0", fb(scores(3, 3, 3)), "y1", fb(scores(3, 3, 3))])
    res = run(refine(eng, Item("t"), RefineConfig(max_rounds=1, selection="best")))
    assert res.answer == "y1"


@pytest.mark.parametrize("feedback,stops", [
    ("NO CHANGES NEEDED", True),
    ("**No changes needed.**", True),
    ("No changes needed!\n(the answer is fine)", True),
    ("There are changes needed: the answer is not NO CHANGES NEEDED yet.", False),
    ("Fix the second line.\nNO CHANGES NEEDED", False),
])
def test_stop_phrase_in_text_mode(feedback, stops):
    eng = ScriptedEngine(["y0", feedback, "y1"])
    res = run(refine(eng, Item("t"), RefineConfig(max_rounds=1, feedback_mode="text")))
    assert (res.stop_reason == "stop_phrase") is stops
    assert eng.schemas[1] is None  # free text is not constrained


def test_text_mode_records_scores_or_the_parse_failure():
    eng = ScriptedEngine(["y0", "Add units.\ncorrectness: 2/5\ncompleteness: 3/5\nclarity: 4/5", "y1",
                          "Looks odd to me.", "y2"])
    res = run(refine(eng, Item("t"), RefineConfig(max_rounds=2, feedback_mode="text")))
    first, second = res.trace[1], res.trace[3]
    assert first.feedback["scores"] == scores(2, 3, 4) and first.feedback_error is None
    assert second.feedback["scores"] is None and "no score" in second.feedback_error
    assert res.scores[:2] == [9, None]


def test_history_is_append_only_and_in_paper_order():
    eng = ScriptedEngine(["DRAFT0", fb(points=("FB0",)), "OUT1", fb(points=("FB1",)), "OUT2"])
    run(refine(eng, Item("THE TASK"), RefineConfig(max_rounds=2)))
    texts = [eng.tokenizer.decode(p) for p in eng.prompts]
    for prev, cur in zip(eng.prompts, eng.prompts[1:]):
        assert cur[:len(prev)] == prev  # each prompt extends the previous one token for token
    last = texts[-1]
    order = [last.index(s) for s in ("THE TASK", "DRAFT0", "FB0", "OUT1", "FB1")]
    assert order == sorted(order)  # eq. 4: input, y0, fb0, y1, fb1 ... all in the refine prompt


def test_cached_tokens_are_reported_per_call():
    eng = ScriptedEngine(["y0", fb(), "y1"])
    res = run(refine(eng, Item("t"), RefineConfig(max_rounds=1)))
    fb_call, refine_call = res.trace[1], res.trace[2]
    assert fb_call.cached_tokens == res.trace[0].prompt_tokens + res.trace[0].completion_tokens
    assert refine_call.cached_tokens == fb_call.prompt_tokens + fb_call.completion_tokens
    assert res.usage()["cached_tokens"] == sum(c.cached_tokens for c in res.trace)


def test_given_initial_output_skips_the_draft():
    eng = ScriptedEngine([fb(stop=True)])
    res = run(refine(eng, Item("t", initial="given program"), RefineConfig()))
    assert res.answer == "given program" and [c.stage for c in res.trace] == ["feedback"]


def test_critic_model_writes_feedback_and_refinements():
    drafter = ScriptedEngine(["y0"], name="small")
    critic = ScriptedEngine([fb(), "y1"], name="big")
    res = run(refine(drafter, Item("t"), RefineConfig(max_rounds=1), critic=critic))
    assert [(c.stage, c.model) for c in res.trace] == [("draft", "small"), ("feedback", "big"),
                                                       ("refine", "big")]
    assert "y0" in critic.tokenizer.decode(critic.prompts[0])


def test_context_full_stops_with_what_it_has():
    cfg = RefineConfig()
    guide = len(cfg.prompts.system_text(cfg.spec))  # one token per character here
    eng = ScriptedEngine(["y0" * 30], max_model_len=200 + guide)
    res = run(refine(eng, Item("t"), cfg))
    assert res.stop_reason == "context_full" and res.answer == "y0" * 30


def test_batch_keeps_order_and_turns_failures_into_error_records():
    def respond(prompt: str) -> str:
        if "BOOM" in prompt:
            raise RuntimeError("engine exploded")
        if prompt.rstrip().endswith("<assistant>") and prompt.count("<user>") == 1:
            return "draft for " + prompt.split("<user>")[1].split("</>")[0]
        return fb(stop=True)

    items = [Item(f"task {i}", id=str(i)) for i in range(5)]
    items[2] = Item("BOOM", id="2")
    items[3] = Item("   ", id="3")
    res = run(refine_many(ScriptedEngine(respond=respond), items, RefineConfig(), concurrency=2))
    assert len(res) == 5 and [r.id for r in res] == ["0", "1", "2", "3", "4"]
    assert isinstance(res[2], LoopError) and "engine exploded" in res[2].error
    assert isinstance(res[3], LoopError) and res[3].error_type == "invalid_parameter"
    for i in (0, 1, 4):
        assert isinstance(res[i], LoopResult) and res[i].answer == f"draft for task {i}"


@pytest.mark.parametrize("kwargs,param", [
    ({"max_rounds": -1}, "max_rounds"),
    ({"feedback_mode": "yaml"}, "feedback_mode"),
    ({"selection": "random"}, "selection"),
    ({"threshold": 99}, "threshold"),
])
def test_invalid_config_names_the_parameter(kwargs, param):
    with pytest.raises(InvalidParameter) as exc:
        RefineConfig(**kwargs)
    assert exc.value.param == param


def test_invalid_sampling_names_the_parameter():
    with pytest.raises(InvalidParameter, match="temperature"):
        Sampling(temperature=-1)
    with pytest.raises(InvalidParameter, match="max_tokens"):
        Sampling(max_tokens=0)


def test_events_are_emitted_in_order():
    eng = ScriptedEngine(["y0", fb(), "y1"])
    events = []
    run(refine(eng, Item("t"), RefineConfig(max_rounds=1), on_event=events.append))
    assert [(e["type"], e["round"]) for e in events] == [("draft", 0), ("feedback", 0),
                                                        ("refine_started", 1), ("refine", 1)]
    assert events[1]["total"] == 3


def test_answer_schema_constrains_draft_and_rewrites_only():
    eng = ScriptedEngine(['{"a": 1}', fb(), '{"a": 2}'])
    schema = {"type": "object"}
    run(refine(eng, Item("t"), RefineConfig(max_rounds=1, answer_schema=schema)))
    assert eng.schemas[0] == schema and eng.schemas[2] == schema
    assert eng.schemas[1] != schema and "scores" in eng.schemas[1]["properties"]


def test_chat_messages_start_the_conversation():
    eng = ScriptedEngine(["y0", fb(stop=True)])
    msgs = [{"role": "system", "content": "SYS"}, {"role": "user", "content": "Q1"},
            {"role": "assistant", "content": "A1"}, {"role": "user", "content": "Q2"}]
    res = run(refine(eng, Item("Q2", messages=msgs), RefineConfig()))
    first = eng.tokenizer.decode(eng.prompts[0])
    guide = RefineConfig().prompts.guide(RefineConfig().spec)
    with_guide = [{"role": "system", "content": "SYS\n\n" + guide}, *msgs[1:]]
    assert first == eng.tokenizer.apply_chat_template(with_guide, add_generation_prompt=True)
    # without a system message of the client's, the guide becomes the first message
    eng2 = ScriptedEngine(["y0", fb(stop=True)])
    run(refine(eng2, Item("Q2", messages=msgs[1:]), RefineConfig()))
    assert eng2.tokenizer.decode(eng2.prompts[0]) == eng2.tokenizer.apply_chat_template(
        [{"role": "system", "content": guide}, *msgs[1:]], add_generation_prompt=True)
    assert res.answer == "y0"
    with pytest.raises(InvalidParameter, match="messages"):
        run(refine(eng, Item("x", messages=[{"role": "assistant", "content": "hi"}]), RefineConfig()))


def test_guide_is_stated_once_and_round_turns_stay_short():
    """The rubric lives in the system turn; each round adds only the outputs and a short turn."""
    eng = ScriptedEngine(["y0", fb(), "y1", fb(), "y2"])
    cfg = RefineConfig(max_rounds=2, use_stop_flag=False)
    run(refine(eng, Item("task"), cfg))
    texts = [eng.tokenizer.decode(p) for p in eng.prompts]
    guide = cfg.prompts.guide(cfg.spec)
    assert "correctness, completeness, clarity" in guide and texts[0].startswith("<system>" + guide)
    for a, b in zip(texts, texts[1:]):
        assert b.startswith(a)  # append-only
        assert b.count(guide) == 1
    # what a round adds besides the model's own output: the turn markers and a short request
    added = [len(b) - len(a) for a, b in zip(texts, texts[1:])]
    outputs = [len("y0"), len(fb()), len("y1"), len(fb())]
    assert all(n - o < 80 for n, o in zip(added, outputs)), added  # the full instruction: 250+


def test_standalone_prompts_have_no_guide_and_full_turns():
    from engine.prompts import Prompts

    eng = ScriptedEngine(["y0", fb(stop=True)])
    cfg = RefineConfig(prompts=Prompts.standalone())
    run(refine(eng, Item("task"), cfg))
    first, second = (eng.tokenizer.decode(p) for p in eng.prompts)
    assert "<system>" not in first and "strict reviewer" in second and "correctness" in second


def test_text_mode_names_the_stop_phrase_in_the_review_turn_only():
    # In the system turn, a 0.5B model answered the first request with the phrase itself.
    eng = ScriptedEngine(["y0", "ALL GOOD HERE"])
    cfg = RefineConfig(feedback_mode="text", stop_phrase="ALL GOOD HERE")
    res = run(refine(eng, Item("task"), cfg))
    draft, review = (eng.tokenizer.decode(p) for p in eng.prompts)
    assert "ALL GOOD HERE" not in draft and "aspect: N/5" in draft
    assert review[len(draft):].count("reply only with: ALL GOOD HERE") == 1
    assert res.stop_reason == "stop_phrase"
