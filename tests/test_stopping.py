"""The loop's pieces on their own: reading a review (pure), the stop policy's ordered rules, the
chat-format cache, and the HTTP baseline reading reviews with the same function."""

import asyncio
import copy
import gc
import json

import pytest

from selfrefine.bench.baselines import Budget, http_loop
from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.history import chat_format
from selfrefine.engine.core.item import Item
from selfrefine.engine.core.loop import refine
from selfrefine.engine.core.prompts import Prompts
from selfrefine.engine.core.review import Review, met_counts, overruled, read_feedback
from selfrefine.engine.core.stopping import CAP, DONE, VETO, StopPolicy, StopRule
from selfrefine.engine.observe import observe_request
from selfrefine.engine.types import Call
from selfrefine.grammars.feedback import FeedbackSpec
from tests.fakes import CharTokenizer, ScriptedEngine, fb


def scores(c, m, k):
    return {"correctness": c, "completeness": m, "clarity": k}


def review(text: str, cfg: RefineConfig, rnd: int = 0, fault: str | None = None, answer: str = "y") -> Review:
    return Review(rnd, answer, read_feedback(text, cfg, (), answer), None, fault)


# ------------------------------------------------------------ read_feedback: text in, data out


def test_grammar_feedback_is_read_into_scores_flag_and_problems():
    cfg = RefineConfig()
    f = read_feedback(fb(scores(4, 5, 3), stop=True, points=("add units", "-")), cfg)
    assert f.scores == scores(4, 5, 3) and f.total == 12 and f.flag and not f.top
    assert not f.agrees  # a 3 is below flag_min (4 on a 1-5 scale)
    assert f.flag_disagrees is True
    assert f.points == ("add units",) and f.problems == ["add units"]  # a point with no word is dropped
    assert f.error is None and f.data["stop"] is True and f.ungrounded is None


def test_unparsed_grammar_feedback_has_no_data_and_says_why():
    f = read_feedback("not json", RefineConfig())
    assert f.data is None and "does not match the schema" in f.error
    assert f.scores is None and f.total is None and not f.flag and f.points == ()
    assert f.problems is None and f.flag_disagrees is None


def test_top_scores_with_the_flag_off_disagree():
    f = read_feedback(fb(scores(5, 5, 5), stop=False), RefineConfig())
    assert f.top and f.agrees and not f.flag and f.flag_disagrees is True


def test_grounded_problems_outside_the_answer_are_recorded_not_shown():
    spec = FeedbackSpec(form="grounded")
    answer = "The sky is green. Grass is green."
    text = json.dumps(
        {
            "problems": [
                {"span": "The sky is green.", "issue": "wrong", "fix": "blue"},
                {"span": "Snow is black.", "issue": "wrong", "fix": "white"},
            ],
            "scores": scores(2, 3, 4),
            "stop": False,
        }
    )
    cfg = RefineConfig(spec=spec)
    f = read_feedback(text, cfg, (), answer)  # no choices: free quotes, checked afterwards
    assert f.points == ('In "The sky is green.": wrong. Fix: blue',)
    assert [p["span"] for p in f.ungrounded] == ["Snow is black."]


def test_text_feedback_reads_scores_and_the_stop_phrase():
    cfg = RefineConfig(feedback="text")
    f = read_feedback("Add units.\ncorrectness: 2/5\ncompleteness: 3/5\nclarity: 4/5", cfg)
    assert f.total == 9 and not f.flag and f.points == (f.data["feedback"],) and f.problems is None
    done = read_feedback("NO CHANGES NEEDED", cfg)
    assert done.flag and done.agrees and done.points == () and done.error is None
    assert done.flag_disagrees is False  # no scores: nothing to contradict
    odd = read_feedback("Looks odd to me.", cfg)
    assert odd.scores is None and "no score" in odd.error


def test_points_about_a_count_the_tools_find_met_are_overruled_not_shown():
    # generic x28: "Under 300 words" read by a 1.5B critic as "at least 300 words"
    seen = "Facts about your answer, computed by a tool:\n- words: 42 (asked: fewer than 300 words)"
    points = (
        "The answer is too short. It should be at least 300 words.",
        "Add a sample answer to each question.",
    )
    f = read_feedback(fb(scores(1, 1, 1), stop=False, points=points), RefineConfig(), (), "y", seen)
    assert f.points == (points[1],) and f.overruled == [points[0]] and f.problems == [points[1]]
    only = read_feedback(fb(scores(4, 4, 4), points=points[:1]), RefineConfig(), (), "y", seen)
    assert only.points == () and only.overruled == [points[0]]  # nothing left: no_problems stops
    # an unmet count, another unit or number, or no observation: the point stands
    for obs in (
        "- words: 420 (asked: fewer than 300 words) -- NOT MET",
        "- sentences: 4 (asked: fewer than 300 sentences)",
        "- words: 42 (asked: fewer than 30 words)",
        "",
    ):
        g = read_feedback(fb(scores(1, 1, 1), points=points[:1]), RefineConfig(), (), "y", obs)
        assert g.points == points[:1] and g.overruled is None, obs
    assert met_counts(
        "- bullet points: 5 (asked: exactly 5 bullet points)\n- words: 61 (asked: between 50 and 80 words)"
    ) == {
        (5, "item"),
        (50, "word"),
        (80, "word"),
    }
    assert overruled(
        ("It needs 5 bullets.", "Keep it to 5 items.", "Use 50-word paragraphs."),
        "- bullet points: 5 (asked: exactly 5 bullet points)",
    ) == [
        "It needs 5 bullets.",
        "Keep it to 5 items.",
    ]


def test_the_observers_count_fact_is_what_overruled_reads():
    # the observation the loop shows the critic, as engine.observe writes it, met and unmet
    observe, _ = observe_request("Describe the sea in under 300 words.")
    assert met_counts(observe("The sea is wide.").text) == {(300, "word")}
    assert met_counts(observe("sea " * 400).text) == set()


def test_read_feedback_changes_nothing_and_gives_the_same_answer_twice():
    cfg = RefineConfig()
    before = copy.deepcopy(cfg)
    text = fb(scores(2, 2, 2))
    assert read_feedback(text, cfg) == read_feedback(text, cfg)
    assert cfg == before


def test_a_review_records_itself_on_its_call():
    call = Call("feedback", 0, "m", fb(), 1, 0, 1, 0.0, "stop")
    r = Review(0, "y", read_feedback(call.text, RefineConfig(), (), "y"), "ran", "it crashed")
    r.record(call)
    assert call.problems == ["it crashed", "fix it"] == r.problems  # the fault first
    assert call.fault == "it crashed" and call.observation == "ran" and call.feedback["stop"] is False
    assert call.flag_disagrees is False and call.feedback_error is None


# ------------------------------------------------------------ the stop policy


def test_the_rules_are_tried_in_one_order():
    policy = StopPolicy.of(RefineConfig(threshold=9))
    assert [(r.reason, r.kind) for r in policy.rules] == [
        ("fault", VETO),
        ("examples_pass", DONE),
        ("no_fault", DONE),
        ("top_scores", DONE),
        ("no_problems", DONE),
        ("stop_flag", DONE),
        ("threshold", DONE),
        ("max_rounds", CAP),
    ]
    text = StopPolicy.of(RefineConfig(feedback="text", stop_flag=False, stop_on_top=False))
    assert [r.reason for r in text.rules] == [
        "fault",
        "examples_pass",
        "no_fault",
        "stop_phrase",
        "max_rounds",
    ]


@pytest.mark.parametrize(
    "text,reason",
    [
        (fb(scores(5, 5, 5), stop=True, points=()), "top_scores"),  # every rule fires: the first wins
        (fb(scores(4, 4, 4), stop=True, points=()), "no_problems"),
        (fb(scores(4, 4, 4), stop=True), "stop_flag"),
        (fb(scores(3, 4, 4), stop=True), "threshold"),  # the flag disagrees with the 3
        (fb(scores(3, 3, 3), stop=True), None),
        ("not json", None),  # an unparsed review lists no problem, but it is no review
    ],
)
def test_the_first_rule_that_fires_gives_the_reason(text, reason):
    policy = StopPolicy.of(RefineConfig(threshold=11))
    assert policy.stop_reason(review(text, RefineConfig(threshold=11))) == reason


def test_a_fault_forbids_every_stop_but_the_round_cap():
    cfg = RefineConfig(rounds=2)
    policy, done = StopPolicy.of(cfg), fb(scores(5, 5, 5), stop=True, points=())
    assert policy.decide(review(done, cfg, rnd=0)).reason == "top_scores"
    assert policy.decide(review(done, cfg, rnd=0, fault="ZeroDivisionError")) is None
    cap = policy.decide(review(done, cfg, rnd=2, fault="ZeroDivisionError"))
    assert cap.reason == "max_rounds" and cap.kind == CAP
    assert policy.stop_reason(review(fb(), cfg, rnd=2)) is None  # the cap is not the review's reason


def test_a_veto_only_holds_back_the_rules_after_it():
    first = StopRule("first", lambda r, _: True)
    veto = StopRule("veto", lambda r, _: True, VETO)
    later = StopRule("later", lambda r, _: True)
    r = review(fb(), RefineConfig())
    assert StopPolicy((first, veto, later), 4).decide(r) is first
    assert StopPolicy((veto, later), 4).decide(r) is None
    assert StopPolicy((veto, later, StopRule("cap", lambda r, _: True, CAP)), 4).decide(r).reason == "cap"


def test_a_new_rule_is_one_entry():
    policy = StopPolicy.of(RefineConfig())
    short = StopRule("short_answer", lambda r, _: len(r.answer) < 3)
    mine = StopPolicy((*policy.rules[:-1], short, policy.rules[-1]), policy.rounds)
    assert mine.stop_reason(review(fb(), RefineConfig(), answer="ok")) == "short_answer"
    assert policy.stop_reason(review(fb(), RefineConfig(), answer="ok")) is None


def test_the_final_output_is_reviewed_only_when_selection_needs_its_score():
    assert StopPolicy.of(RefineConfig(rounds=3)).review_rounds() == range(3)
    assert StopPolicy.of(RefineConfig(rounds=3, selection="best")).review_rounds() == range(4)


# ------------------------------------------------------------ chat formats


class _Template(CharTokenizer):
    def __init__(self, tag: str):
        self.tag = tag

    def apply_chat_template(self, messages, tokenize=False, add_generation_prompt=False):
        s = "".join(f"<{self.tag}:{m['role']}>{m['content']}\n" for m in messages)
        return s + (f"<{self.tag}:assistant>" if add_generation_prompt else "")


def test_a_chat_format_belongs_to_its_tokenizer_object_not_its_id():
    a = _Template("a")
    assert chat_format(a) is chat_format(a) and chat_format(a).first_head == "<a:user>"
    assert chat_format(a, "SYS") is not chat_format(a)
    freed = id(a)
    del a
    gc.collect()
    made = []
    for _ in range(200):  # try to get a new tokenizer at the freed id: CPython reuses it often
        made.append(_Template("b"))
        if id(made[-1]) == freed:
            break
    assert all(chat_format(b).first_head == "<b:user>" for b in made)


# ------------------------------------------------------------ the HTTP baseline reads reviews the same way


class _Chat:
    """An OpenAI chat endpoint answering each request with the next scripted text."""

    def __init__(self, script):
        self.script, self.turns = list(script), []

    async def post(self, url, json):
        self.turns.append(json["messages"][-1]["content"])  # the list grows after the call
        text = self.script.pop(0)

        class Response:
            status_code = 200

            @staticmethod
            def json():
                return {
                    "choices": [{"message": {"content": text}, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 1, "completion_tokens": 1},
                }

        return Response()


@pytest.mark.parametrize(
    "script,cfg",
    [
        (["y0", fb(scores(4, 4, 4), stop=True)], RefineConfig()),
        (["y0", fb(), "y1", fb(scores(5, 5, 5))], RefineConfig()),
        (
            ["y0", fb(scores(2, 2, 2)), "y1", fb(scores(4, 4, 4))],
            RefineConfig(threshold=12, stop_flag=False),
        ),
        (["y0", "Add units.", "y1", "NO CHANGES NEEDED"], RefineConfig(feedback="text")),
        (["y0", fb(), "y1", fb(), "y2"], RefineConfig(rounds=2)),
    ],
)
def test_the_http_baseline_stops_where_the_loop_does(script, cfg):
    ours = asyncio.run(refine(ScriptedEngine(list(script)), Item("task"), cfg))
    chat = _Chat(script)
    http = asyncio.run(http_loop(chat, "http://x", "m", "task", cfg, Budget(answer_tokens=32, fixed=False)))
    assert (http.stop_reason, http.outputs) == (ours.stop_reason, ours.outputs)


def test_the_http_baseline_shows_the_review_s_problems_to_the_rewrite():
    chat = _Chat(["y0", fb(points=("add units", "-", "name the oceans")), "y1"])
    cfg = RefineConfig(rounds=1, prompts=Prompts(refine="Fix:\n{problems}"))
    asyncio.run(http_loop(chat, "http://x", "m", "task", cfg, Budget(answer_tokens=32, fixed=False)))
    assert chat.turns[2] == "Fix:\n- add units\n- name the oceans"


def test_a_rule_may_read_the_earlier_reviews_and_a_loop_takes_a_policy_of_its_own():
    """A history rule ("no better than the last review") is one entry, and refine() runs it."""
    import asyncio

    from selfrefine.engine.core.item import Item
    from selfrefine.engine.core.loop import refine
    from tests.fakes import ScriptedEngine

    def no_better(r, earlier):
        return bool(earlier) and (r.feedback.total or 0) <= (earlier[-1].feedback.total or 0)

    cfg = RefineConfig(rounds=4, stop_on_top=False, stop_on_no_problems=False, stop_flag=False)
    base = StopPolicy.of(cfg)
    policy = StopPolicy((*base.rules[:-1], StopRule("plateau", no_better), base.rules[-1]), base.rounds)
    low = {"correctness": 3, "completeness": 3, "clarity": 3}
    script = ["a", fb(low), "b", fb(low), "c", fb(low), "d", fb(low), "e"]
    res = asyncio.run(refine(ScriptedEngine(script), Item("Say something."), cfg, policy=policy))
    assert res.stop_reason == "plateau" and res.outputs == ["a", "b"]
    assert (
        asyncio.run(refine(ScriptedEngine(script), Item("Say something."), cfg)).stop_reason == "max_rounds"
    )
    assert base.refused("identical") == "no_progress" and base.refused("echo") == "rejected"
