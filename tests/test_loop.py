"""Loop logic on a scripted engine: stop rules, selection, history order, error records."""

import asyncio

import pytest

from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.item import Item
from selfrefine.engine.core.loop import refine
from selfrefine.engine.core.many import refine_many
from selfrefine.engine.errors import InvalidParameter
from selfrefine.engine.types import LoopError, LoopResult, Sampling
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
    eng = ScriptedEngine(["y0", fb(stop=True), "y1 is better"])
    res = run(refine(eng, Item("task"), RefineConfig(rounds=1, stop_flag=False)))
    assert res.stop_reason == "max_rounds" and res.answer == "y1 is better"


def test_threshold_stops_when_total_reached():
    eng = ScriptedEngine(["y0", fb(scores(2, 2, 2)), "y1", fb(scores(4, 4, 4))])
    res = run(refine(eng, Item("task"), RefineConfig(threshold=12)))
    assert res.stop_reason == "threshold"
    assert res.outputs == ["y0", "y1"] and res.scores == [6, 12] and res.answer == "y1"


def test_round_cap_with_last_selection_skips_useless_final_feedback():
    eng = ScriptedEngine(["y0", fb(), "y1", fb(), "y2"])
    res = run(refine(eng, Item("task"), RefineConfig(rounds=2)))
    assert res.stop_reason == "max_rounds" and res.rounds == 2
    assert [c.stage for c in res.trace] == ["draft", "feedback", "refine", "feedback", "refine"]
    assert res.answer == "y2" and res.selected_round == 2


def test_zero_rounds_returns_the_draft():
    eng = ScriptedEngine(["y0"])
    res = run(refine(eng, Item("task"), RefineConfig(rounds=0)))
    assert res.answer == "y0" and res.rounds == 0 and len(res.trace) == 1


def test_best_selection_scores_every_output_and_picks_the_highest():
    eng = ScriptedEngine(["y0", fb(scores(1, 1, 1)), "y1", fb(scores(5, 5, 4)), "y2", fb(scores(3, 3, 3))])
    res = run(refine(eng, Item("task"), RefineConfig(rounds=2, selection="best")))
    assert res.scores == [3, 14, 9]
    assert res.answer == "y1" and res.selected_round == 1
    assert res.trace[-1].stage == "feedback"


def test_best_selection_can_exclude_the_draft():
    script = ["y0", fb(scores(5, 5, 4)), "y1", fb(scores(2, 2, 2)), "y2", fb(scores(3, 3, 3))]
    cfg = RefineConfig(rounds=2, selection="best", stop_flag=False)
    assert run(refine(ScriptedEngine(script), Item("t"), cfg)).answer == "y0"
    cfg = RefineConfig(rounds=2, selection="best", exclude_draft=True, stop_flag=False)
    res = run(refine(ScriptedEngine(script), Item("t"), cfg))
    assert res.answer == "y2" and res.selected_round == 2


def test_best_selection_ties_go_to_the_earlier_output():
    # a rewrite must score strictly higher to replace what it rewrote (acronym: a tie at 9 once
    # replaced a fair draft with a 29-letter string)
    eng = ScriptedEngine(["y0", fb(scores(3, 3, 3)), "y1", fb(scores(3, 3, 3))])
    res = run(refine(eng, Item("t"), RefineConfig(rounds=1, selection="best")))
    assert res.answer == "y0"


@pytest.mark.parametrize(
    "feedback,stops",
    [
        ("NO CHANGES NEEDED", True),
        ("**No changes needed.**", True),
        ("No changes needed!\n(the answer is fine)", True),
        ("There are changes needed: the answer is not NO CHANGES NEEDED yet.", False),
        ("Fix the second line.\nNO CHANGES NEEDED", False),
    ],
)
def test_stop_phrase_in_text_mode(feedback, stops):
    eng = ScriptedEngine(["y0", feedback, "y1"])
    res = run(refine(eng, Item("t"), RefineConfig(rounds=1, feedback="text")))
    assert (res.stop_reason == "stop_phrase") is stops
    assert eng.schemas[1] is None  # free text is not constrained


def test_text_mode_records_scores_or_the_parse_failure():
    eng = ScriptedEngine(
        [
            "y0",
            "Add units.\ncorrectness: 2/5\ncompleteness: 3/5\nclarity: 4/5",
            "y1",
            "Looks odd to me.",
            "y2",
        ]
    )
    res = run(refine(eng, Item("t"), RefineConfig(rounds=2, feedback="text")))
    first, second = res.trace[1], res.trace[3]
    assert first.feedback["scores"] == scores(2, 3, 4) and first.feedback_error is None
    assert second.feedback["scores"] is None and "no score" in second.feedback_error
    assert res.scores[:2] == [9, None]


def test_history_is_append_only_and_in_paper_order():
    eng = ScriptedEngine(["DRAFT0", fb(points=("FB0",)), "OUT1", fb(points=("FB1",)), "OUT2"])
    run(refine(eng, Item("THE TASK"), RefineConfig(rounds=2)))
    texts = [eng.tokenizer.decode(p) for p in eng.prompts]
    for prev, cur in zip(eng.prompts, eng.prompts[1:]):
        assert cur[: len(prev)] == prev  # each prompt extends the previous one token for token
    last = texts[-1]
    order = [last.index(s) for s in ("THE TASK", "DRAFT0", "FB0", "OUT1", "FB1")]
    assert order == sorted(order)  # eq. 4: input, y0, fb0, y1, fb1 ... all in the refine prompt


def test_cached_tokens_are_reported_per_call():
    eng = ScriptedEngine(["y0", fb(), "y1"])
    res = run(refine(eng, Item("t"), RefineConfig(rounds=1)))
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
    res = run(refine(drafter, Item("t"), RefineConfig(rounds=1), critic=critic))
    assert [(c.stage, c.model) for c in res.trace] == [
        ("draft", "small"),
        ("feedback", "big"),
        ("refine", "big"),
    ]
    assert "y0" in critic.tokenizer.decode(critic.prompts[0])


def test_context_full_stops_with_what_it_has():
    cfg = RefineConfig()
    guide = len(cfg.prompts.guide(cfg.spec))  # one token per character here
    eng = ScriptedEngine(["y0" * 30], max_model_len=100 + guide)
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


@pytest.mark.parametrize(
    "kwargs,param",
    [
        ({"rounds": -1}, "rounds"),
        ({"feedback": "yaml"}, "feedback"),
        ({"selection": "random"}, "selection"),
        ({"threshold": 99}, "threshold"),
    ],
)
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
    run(refine(eng, Item("t"), RefineConfig(rounds=1), on_event=events.append))
    assert [(e["type"], e["round"]) for e in events] == [
        ("draft", 0),
        ("feedback", 0),
        ("refine_started", 1),
        ("refine", 1),
    ]
    assert events[1]["total"] == 3


def test_events_carry_their_calls_and_the_review_problems():
    """Each event with engine calls behind it names them (stage, tokens, cached, seconds), so a
    watcher sees the cost of every round; a review event says what the rewrite is shown."""
    eng = ScriptedEngine(["y0", fb(points=("say more",)), "y1"])
    events = []
    res = run(refine(eng, Item("t"), RefineConfig(rounds=1), on_event=events.append))
    calls = [c for e in events for c in e.get("calls", [])]
    assert [c["stage"] for c in calls] == [c.stage for c in res.trace] == ["draft", "feedback", "refine"]
    assert "calls" not in events[2]  # refine_started: no call made since the review
    for c, t in zip(calls, res.trace):
        assert (c["prompt_tokens"], c["cached_tokens"], c["completion_tokens"]) == (
            t.prompt_tokens,
            t.cached_tokens,
            t.completion_tokens,
        )
        assert c["seconds"] == round(t.seconds, 3) and c["model"] == t.model and c["rejected"] is None
    review = events[1]
    assert review["problems"] == ["say more"] and review["fault"] is None and review["observation"] is None


def test_answer_schema_constrains_draft_and_rewrites_only():
    eng = ScriptedEngine(['{"a": 1}', fb(), '{"a": 2}'])
    schema = {"type": "object"}
    run(refine(eng, Item("t"), RefineConfig(rounds=1, answer_schema=schema)))
    assert eng.schemas[0] == schema and eng.schemas[2] == schema
    assert eng.schemas[1] != schema and "scores" in eng.schemas[1]["properties"]


def test_chat_messages_start_the_conversation_unchanged():
    """The draft prompt is the plain chat completion's prompt: the client's messages, nothing added."""
    eng = ScriptedEngine(["y0", fb(stop=True)])
    msgs = [
        {"role": "system", "content": "SYS"},
        {"role": "user", "content": "Q1"},
        {"role": "assistant", "content": "A1"},
        {"role": "user", "content": "Q2"},
    ]
    res = run(refine(eng, Item("Q2", messages=msgs), RefineConfig()))
    first = eng.tokenizer.decode(eng.prompts[0])
    assert first == eng.tokenizer.apply_chat_template(msgs, add_generation_prompt=True)
    eng2 = ScriptedEngine(["y0", fb(stop=True)])
    run(refine(eng2, Item("Q2", messages=msgs[1:]), RefineConfig()))
    assert eng2.tokenizer.decode(eng2.prompts[0]) == eng2.tokenizer.apply_chat_template(
        msgs[1:], add_generation_prompt=True
    )
    assert res.answer == "y0"
    with pytest.raises(InvalidParameter, match="messages"):
        run(refine(eng, Item("x", messages=[{"role": "assistant", "content": "hi"}]), RefineConfig()))


def test_draft_prompt_is_the_plain_prompt_and_the_rubric_opens_the_first_review():
    """No review guide in the draft; the rubric is the first review turn, stated once, and
    later rounds add only the outputs and a short turn (the rest comes from the prefix cache)."""
    from selfrefine.engine.core.prompts import Prompts

    eng = ScriptedEngine(["y0", fb(), "y1", fb(), "y2"])
    cfg = RefineConfig(rounds=2, stop_flag=False, prompts=Prompts(system="Be brief."))
    run(refine(eng, Item("task"), cfg))
    texts = [eng.tokenizer.decode(p) for p in eng.prompts]
    plain = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "task"}]
    assert texts[0] == eng.tokenizer.apply_chat_template(plain, add_generation_prompt=True)
    guide = cfg.prompts.guide(cfg.spec)
    assert "correctness, completeness, clarity" in guide and guide not in texts[0]
    assert texts[1].startswith(texts[0]) and guide in texts[1][len(texts[0]) :]
    for a, b in zip(texts, texts[1:]):
        assert b.startswith(a)  # append-only
    assert texts[-1].count(guide) == 1
    # what a later round adds besides the model's own output: the turn markers and a short request
    added = [len(b) - len(a) for a, b in zip(texts[2:], texts[3:])]
    outputs = [len("y1"), len(fb())]
    assert all(n - o < 230 for n, o in zip(added, outputs)), added  # the rubric alone: 300+
    assert len(guide) > 300


def test_standalone_prompts_have_no_guide_and_full_turns():
    from selfrefine.engine.core.prompts import Prompts

    eng = ScriptedEngine(["y0", fb(stop=True)])
    cfg = RefineConfig(prompts=Prompts.standalone())
    run(refine(eng, Item("task"), cfg))
    first, second = (eng.tokenizer.decode(p) for p in eng.prompts)
    assert "<system>" not in first and "strict reviewer" in second and "correctness" in second


def test_text_mode_names_the_stop_phrase_in_the_review_turn_only():
    # In the system turn, a 0.5B model answered the first request with the phrase itself.
    eng = ScriptedEngine(["y0", "ALL GOOD HERE"])
    cfg = RefineConfig(feedback="text", stop_phrase="ALL GOOD HERE")
    res = run(refine(eng, Item("task"), cfg))
    draft, review = (eng.tokenizer.decode(p) for p in eng.prompts)
    assert "ALL GOOD HERE" not in draft and "aspect: N/5" not in draft
    assert review[len(draft) :].count("reply only with: ALL GOOD HERE") == 1
    assert "aspect: N/5" in review[len(draft) :]
    assert res.stop_reason == "stop_phrase"


# ------------------------------------------------------------ stop rules consistent with the scores


def test_every_aspect_at_the_top_stops_whatever_the_flag_says():
    eng = ScriptedEngine(["y0", fb(scores(5, 5, 5), stop=False)])
    res = run(refine(eng, Item("t"), RefineConfig()))
    assert res.stop_reason == "top_scores" and res.answer == "y0"
    assert [c.stage for c in res.trace] == ["draft", "feedback"]
    assert res.trace[1].flag_disagrees is True and res.checks["flag_disagreed"] == 1


def test_a_review_with_no_problem_stops():
    for points in ((), (",", "-")):  # none, or only points with nothing to say
        eng = ScriptedEngine(["y0", fb(scores(3, 2, 4), points=points)])
        res = run(refine(eng, Item("t"), RefineConfig()))
        assert res.stop_reason == "no_problems" and res.answer == "y0"


def test_stop_flag_counts_only_when_the_scores_agree():
    # stop: true with a 2 on correctness is a contradiction: the loop goes on and records it
    eng = ScriptedEngine(["y0", fb(scores(2, 5, 5), stop=True), "y1 fixed", fb(scores(4, 5, 5), stop=True)])
    res = run(refine(eng, Item("t"), RefineConfig()))
    assert res.stop_reason == "stop_flag" and res.answer == "y1 fixed"
    assert [c.flag_disagrees for c in res.trace if c.stage == "feedback"] == [True, False]
    assert res.checks["flag_disagreed"] == 1
    # a stricter level: the flag needs 5 everywhere, so the second review does not stop either
    eng = ScriptedEngine(["y0", fb(scores(2, 5, 5), stop=True), "y1 fixed", fb(scores(4, 5, 5), stop=True)])
    res = run(refine(eng, Item("t"), RefineConfig(rounds=1, stop_flag_min=5)))
    assert res.stop_reason == "max_rounds"


def test_consistent_stop_rules_can_be_turned_off():
    eng = ScriptedEngine(["y0", fb(scores(5, 5, 5), points=()), "y1 again"])
    cfg = RefineConfig(rounds=1, stop_on_top=False, stop_on_no_problems=False, stop_flag=False)
    res = run(refine(eng, Item("t"), cfg))
    assert res.stop_reason == "max_rounds" and res.answer == "y1 again"


def test_stop_flag_min_is_checked_against_the_scale():
    with pytest.raises(InvalidParameter) as exc:
        RefineConfig(stop_flag_min=9)
    assert exc.value.param == "stop_flag_min"
    with pytest.raises(InvalidParameter) as exc:
        RefineConfig(verify="majority")
    assert exc.value.param == "verify"


# ------------------------------------------------------------ bad rewrites are rejected


@pytest.mark.parametrize(
    "rewrite,check",
    [
        ('{"feedback": ["fine"], "scores": {"correctness": 5}, "stop": true}', "feedback_json"),
        ("The review is clear and concise, but it does not say which oceans.", "review_talk"),
        ("Here is the improved answer: Pacific and Atlantic.", "review_talk"),
        ("ocean ocean ocean ocean " * 30, "repetitive"),
        ("   ", "empty"),
        ("Pacific.", "truncated"),
        (
            "The two oceans are  the Pacific Ocean and the Atlantic Ocean, which border the Americas.",
            "identical",
        ),
    ],
)
def test_a_bad_rewrite_ends_the_loop_with_the_previous_output(rewrite, check):
    draft = "The two oceans are the Pacific Ocean and the Atlantic Ocean, which border the Americas."
    eng = ScriptedEngine([draft, fb(), rewrite])
    res = run(refine(eng, Item("Name two oceans."), RefineConfig(rounds=2)))
    assert res.answer == draft and res.outputs == [draft] and res.rounds == 0
    assert res.stop_reason == ("no_progress" if check == "identical" else "rejected")
    assert res.trace[-1].stage == "refine" and res.trace[-1].rejected == check
    assert res.checks[check] == 1 and sum(res.checks.values()) == 1


def test_a_shorter_rewrite_is_fine_when_the_review_asked_to_cut():
    draft = "The two oceans are the Pacific Ocean and the Atlantic Ocean, which border the Americas."
    eng = ScriptedEngine([draft, fb(points=("Too long: remove the last clause",)), "Pacific, Atlantic."])
    res = run(refine(eng, Item("Name two oceans."), RefineConfig(rounds=1)))
    assert res.answer == "Pacific, Atlantic." and res.stop_reason == "max_rounds"


def test_review_words_the_request_itself_used_are_allowed():
    eng = ScriptedEngine(["Great food.", fb(), "The review says the food is great and the service slow."])
    res = run(refine(eng, Item("Summarize the review: food great, service slow."), RefineConfig(rounds=1)))
    assert res.stop_reason == "max_rounds" and res.rounds == 1


def test_checks_can_be_turned_off():
    eng = ScriptedEngine(["y0 is here", fb(), "y0 is here"])
    res = run(refine(eng, Item("t"), RefineConfig(rounds=1, reject=False)))
    assert res.stop_reason == "max_rounds" and res.rounds == 1


def test_a_rejected_rewrite_is_never_returned_with_best_selection():
    eng = ScriptedEngine(["y0 plain", fb(scores(2, 2, 2)), '{"feedback": [], "scores": {}, "stop": true}'])
    res = run(refine(eng, Item("t"), RefineConfig(rounds=2, selection="best")))
    assert res.answer == "y0 plain" and res.stop_reason == "rejected"


# ------------------------------------------------------------ pairwise verification


def _verdicts(first: str, second: str):
    """A responder: draft, feedback, rewrite, then the two A/B verdicts."""

    def respond(prompt: str) -> str:
        if "Which answer is better" in prompt:
            # first order shows (previous, rewrite), second (rewrite, previous)
            return '{"better": "%s"}' % (first if "Answer A:\ny0 draft" in prompt else second)
        if prompt.count("<user>") == 1:
            return "y0 draft"
        if (
            prompt.rstrip().endswith("<assistant>")
            and "Now answer my request again" in prompt.split("<user>")[-1]
        ):
            return "y1 rewrite"
        return fb()

    return respond


def test_pairwise_keeps_a_rewrite_that_wins_both_orders():
    eng = ScriptedEngine(respond=_verdicts("B", "A"))
    res = run(refine(eng, Item("t"), RefineConfig(rounds=1, verify="pairwise")))
    assert res.answer == "y1 rewrite" and res.stop_reason == "max_rounds"
    verify = [c for c in res.trace if c.stage == "verify"]
    assert len(verify) == 2 and all(c.round == 1 for c in verify)
    assert all(
        s
        == {
            "type": "object",
            "properties": {"better": {"type": "string", "enum": ["A", "B"]}},
            "required": ["better"],
            "additionalProperties": False,
        }
        for s in eng.schemas[3:5]
    )


@pytest.mark.parametrize("first,second", [("A", "A"), ("B", "B"), ("A", "B")])
def test_pairwise_rejects_a_rewrite_that_loses_either_order(first, second):
    eng = ScriptedEngine(respond=_verdicts(first, second))
    res = run(refine(eng, Item("t"), RefineConfig(rounds=1, verify="pairwise")))
    assert res.answer == "y0 draft" and res.stop_reason == "rejected" and res.checks["pairwise"] == 1


def test_every_refine_mode_has_its_strategy_and_its_option_choice():
    """REFINE_MODES (config, below the strategies so config imports no rewriting) names exactly the
    strategies engine.core.rewriting has, and the option table offers exactly those."""
    from selfrefine.engine.core.config import REFINE_MODES
    from selfrefine.engine.core.options import BY_NAME
    from selfrefine.engine.core.rewriting import STRATEGIES

    assert set(REFINE_MODES) == set(STRATEGIES) == set(BY_NAME["refine_mode"].choices)
