"""Tool-checked rewriting (`RefineConfig.candidates`): after a fault, several rewrites from one prompt,
the one with the fewest faults kept; a rewrite the tools find no better is refused. Scripted engine."""

import asyncio
from dataclasses import replace

import pytest

from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.generic import make_item
from selfrefine.engine.core.loop import refine
from selfrefine.engine.errors import InvalidParameter
from selfrefine.engine.observe.facts import regrouped
from selfrefine.engine.types import Sampling
from tests.fakes import ScriptedEngine, fb

DAWN = 'Write one line that uses the word "dawn".'
TOP = {"correctness": 5, "completeness": 5, "clarity": 5}


def run(script, request=DAWN, **cfg):
    eng = ScriptedEngine(script)
    cfg.setdefault("rounds", 1)
    cfg.setdefault("review_faults", True)  # these scripts have the critic review the faulted draft
    cfg.setdefault("review_clean", True)  # and the answers with no fault
    cfg.setdefault("code_candidates", cfg.get("candidates", 4))  # code rounds written as prose ones
    res = asyncio.run(refine(eng, make_item(request), RefineConfig(**cfg)))
    return eng, res


def test_a_fault_found_by_the_tools_drives_the_round_without_a_review():
    candidates = ["The sun rose again.", "The dawn came."]
    eng, res = run(["The sun rose.", *candidates], candidates=2, review_faults=False)
    assert res.answer == "The dawn came." and [c.stage for c in res.trace] == [
        "draft",
        "tools",
        "candidate",
        "refine",
    ]
    tools = res.trace[1]
    assert tools.completion_tokens == 0 and '"dawn"' in tools.fault and res.checks["fault"] == 1
    edit = eng.tokenizer.decode(eng.prompts[1])
    assert "The sun rose." in edit and '"scores"' not in edit  # the draft and the fault, no review
    # selection=best scores every output, so the critic still reviews the faulted draft
    eng, res = run(
        ["The sun rose.", fb(TOP, stop=True, points=()), *candidates, fb(TOP, stop=True, points=())],
        candidates=2,
        review_faults=False,
        selection="best",
    )
    assert [c.stage for c in res.trace][:2] == ["draft", "feedback"]


def test_after_a_fault_the_candidate_with_the_fewest_faults_is_kept():
    candidates = ["The sun rose again.", "Night fell.", "The dawn came."]
    eng, res = run(["The sun rose.", fb(TOP, stop=True, points=()), *candidates], candidates=4)
    assert res.answer == "The dawn came." and res.outputs == ["The sun rose.", "The dawn came."]
    stages = [c.stage for c in res.trace]
    # the two greedy ones first; neither fixes the fault, so the sampled one is written too: for
    # prose a fresh answer only (rewriting.waves), so 4 candidates write 3
    assert stages == ["draft", "feedback", "candidate", "candidate", "refine"]
    assert res.checks["candidates"] == 2 and res.checks["fault"] == 1
    assert eng.prompts[2] != eng.prompts[3] == eng.prompts[4]  # edit, fresh, fresh (sampled)
    edit, fresh = (eng.tokenizer.decode(eng.prompts[i]) for i in (2, 3))
    assert edit.startswith(eng.tokenizer.decode(eng.prompts[0]) + "The sun rose.")  # no review
    assert '"scores"' not in edit and 'asks for "dawn" at least 1 time' in edit
    assert "The sun rose." not in fresh and "an earlier answer to this request failed a check" in fresh
    assert fresh.startswith("<user>" + DAWN + "\n\nNote:")
    # the kept rewrite, and only it, continues the history
    assert res.usage()["completion_tokens"] == sum(c.completion_tokens for c in res.trace)


def test_a_greedy_candidate_that_fixes_every_fault_spares_the_sampled_ones():
    script = ["The sun rose.", fb(TOP, stop=True, points=()), "The sun rose again.", "The dawn came.", "x"]
    eng, res = run(script, candidates=4)
    assert res.answer == "The dawn came." and len(eng.prompts) == 4  # draft, review, two greedy
    assert res.checks["candidates"] == 1


def test_among_candidates_as_good_the_one_that_changes_the_answer_least_is_kept():
    draft = "At sunrise the fishermen pushed their boats into the calm grey sea."
    close = "At dawn the fishermen pushed their boats into the calm grey sea."
    far = "Dawn: a new day."
    _, res = run([draft, fb(TOP, stop=True, points=()), far, close], candidates=2)
    assert res.answer == close


def test_the_first_candidate_of_each_prompt_has_the_loops_sampling_and_the_rest_their_own_seeds():
    cfg = dict(candidates=4, sampling=Sampling(temperature=0.0, seed=None), candidate_temperature=0.9)
    eng, _ = run(["The sun rose.", fb(TOP, stop=True, points=()), "a", "b", "c dawn"], **cfg)
    edit, fresh, sampled = eng.samplings[2:]
    assert eng.samplings[0] == cfg["sampling"]  # the draft: the loop's sampling as it is
    # the first of each prompt: the loop's own sampling, ended where a rewrite loops
    assert edit == fresh == replace(cfg["sampling"], stop_repeats=True)
    assert (sampled.temperature, sampled.seed) == (0.9, 3)  # candidate 3: the fresh prompt's, sampled


def test_a_candidate_the_checks_refuse_gives_way_to_the_next_by_faults():
    json_talk = '{"feedback": ["use dawn"], "scores": {"correctness": 5}, "stop": true}'
    eng, res = run(["The sun rose.", fb(TOP, stop=True, points=()), json_talk, "Dawn broke."], candidates=2)
    assert res.answer == "Dawn broke."
    assert [c.stage for c in res.trace][2:] == ["candidate", "refine"]


def test_a_rewrite_the_tools_find_no_better_is_refused_and_the_answer_stays():
    eng, res = run(
        ["The sun rose.", fb(TOP, stop=True, points=()), "The sun set.", "Night fell."], candidates=2
    )
    assert res.answer == "The sun rose." and res.stop_reason == "rejected"
    assert res.checks["faults"] == 2  # each candidate refused counts
    assert [c.rejected for c in res.trace if c.stage == "refine"] == ["faults"]


def test_a_critic_driven_rewrite_that_breaks_a_constraint_that_held_is_refused():
    script = ["The dawn came.", fb(points=("make it longer",)), "The morning came slowly over the hills."]
    eng, res = run(script)
    assert res.answer == "The dawn came." and res.checks["faults"] == 1
    assert len(eng.prompts) == 3  # no fault on the draft: one rewrite, no candidates
    _, plain = run(script, candidates=1)  # with the tools only informing, it is kept
    assert plain.answer == "The morning came slowly over the hills."


def test_a_request_without_tools_gets_one_rewrite_whatever_candidates_says():
    eng, res = run(["A joke.", fb(), "A better joke."], request="Tell me a joke.", candidates=4)
    assert res.answer == "A better joke." and len(eng.prompts) == 3 and res.checks["candidates"] == 0


def test_a_cut_past_what_the_bound_allows_or_told_to_add_paragraphs_is_refused_as_truncated():
    """An explanation asked "in under 40 words" cut to its first line keeps under a quarter of the
    words the bound allows; two paragraphs asked of a one-paragraph answer are a split, not the
    answer cut down to two lines. Both are refused; the rewrite that keeps the content is kept.
    (The paragraph draft is one long sentence, so the tools have no split of their own to offer.)"""
    request = "Explain how to brew pour-over coffee at home in under 40 words."
    draft = (
        "Grind 20 grams of coffee to a medium-fine size. Rinse the paper filter with hot water and "
        "discard it. Add the grounds, pour a little water to let them bloom for thirty seconds, then "
        "pour the rest slowly in circles until the cup is full. Wait for it to drip through and enjoy "
        "the cup while it is hot."
    )
    line = "Grind, rinse, bloom, pour."
    fit = "Grind 20 grams medium-fine. Rinse the filter. Bloom the grounds for thirty seconds, then pour "
    fit += "slowly in circles."
    _, res = run([draft, fb(TOP, stop=True, points=()), line, fit], request, candidates=2)
    assert res.answer == fit
    assert [c.rejected for c in res.trace if c.stage == "candidate"] == ["truncated"]
    request = "Write two paragraphs about our family bakery, Rosalind's."
    draft = (
        "Rosalind's is a family bakery that has baked bread on Mill Lane since 1982; every morning "
        "the ovens turn out sourdough, rye and seeded loaves, and on Saturdays the queue reaches the "
        "corner, with recipes from our grandmother and a starter as old as the shop."
    )
    cut = "Rosalind's is a family bakery.\n\nRosalind's bakes bread."
    split = draft.replace("; every morning", ".\n\nAt Rosalind's, every morning")
    _, res = run([draft, fb(TOP, stop=True, points=()), cut, split], request, candidates=2)
    assert res.answer == split
    assert [c.rejected for c in res.trace if c.stage == "candidate"] == ["truncated"]


@pytest.mark.sandbox
def test_code_that_fails_an_example_is_replaced_by_the_candidate_that_passes_it():
    request = (
        "Write a Python function add(a, b) that adds two numbers, e.g. add(10, 5) == 15 and add(1, 2) == 3."
    )

    def block(code):
        return f"```python\n{code}\n```"

    wrong = block("def add(a, b):\n    return a + b if a != 10 else 0")
    right = block("def add(a, b):\n    return a + b")
    worse = block("def add(a, b):\n    return a - b")
    script = [wrong, fb(TOP, stop=True, points=()), worse, right, wrong]
    _, res = run(script, request=request, candidates=3, examples_decide=False)
    assert res.answer == right and res.checks["fault"] == 1
    assert res.trace[1].fault and "add(10, 5)" in res.trace[1].fault


@pytest.mark.sandbox
def test_where_the_examples_decide_no_review_is_asked_and_failing_code_is_not_edited():
    """examples_decide (default): the run's verdict replaces the critic's review, the failing code
    is rewritten only afresh (greedy, then sampled), and code that passes ends the loop."""
    request = "Write a Python function add(a, b) that adds two numbers, e.g. add(10, 5) == 15."
    wrong = "```python\ndef add(a, b):\n    return a + b if a != 10 else 0\n```"
    right, worse = wrong.replace(" if a != 10 else 0", ""), wrong.replace("a + b if a != 10 else 0", "a - b")
    eng, res = run([wrong, worse, right, "never asked"], request=request, candidates=3, rounds=3)
    assert res.answer == right and res.stop_reason == "examples_pass" and res.rounds == 1
    assert [c.stage for c in res.trace] == ["draft", "tools", "candidate", "refine", "tools"]  # no review
    fresh = eng.tokenizer.decode(eng.prompts[1])
    assert eng.prompts[1] == eng.prompts[2] and "return a + b if" not in fresh and "add(10, 5)" in fresh
    assert "reply with the code alone" in fresh  # the run judges the code: no prose asked for
    assert eng.samplings[1].temperature != eng.samplings[2].temperature  # greedy, then sampled
    _, passed = run([right, "never asked"], request=request, rounds=3)
    assert passed.answer == right and passed.stop_reason == "examples_pass"
    assert [c.stage for c in passed.trace] == ["draft", "tools"]  # the run, recorded: no call


def test_code_candidates_sets_the_fresh_answers_of_a_round_the_examples_decide():
    """code_candidates (default 6), not candidates, counts the fresh answers written for code that
    failed its examples: here 3, so 2 fresh answers where candidates=2 alone would write 1."""
    request = "Write a Python function add(a, b) that adds two numbers, e.g. add(10, 5) == 15."
    wrong = "```python\ndef add(a, b):\n    return a + b if a != 10 else 0\n```"
    worse = wrong.replace("a + b if a != 10 else 0", "a - b")
    eng, res = run(
        [wrong, worse, worse.replace("-", "*"), "never asked"], request, candidates=2, code_candidates=3
    )
    assert sum(c.stage in ("candidate", "refine") for c in res.trace) == 2 and len(eng.prompts) == 3
    assert res.answer == wrong  # neither passes: the draft stays
    assert RefineConfig().code_candidates == 6
    with pytest.raises(InvalidParameter):
        RefineConfig(code_candidates=9)


def test_an_announcing_first_line_is_cut_from_a_candidate():
    from selfrefine.engine.core.checks import strip_preamble

    assert strip_preamble("Sure! Here is the revised answer:\n\nDawn broke.") == "Dawn broke."
    assert strip_preamble("Here's the new slogan:\n\nRIDE ON.") == "RIDE ON."
    assert strip_preamble("Here is a list:\n- a") == "Here is a list:\n- a"  # no blank line: content
    assert strip_preamble("Sure! Here it is:\n\n") == "Sure! Here it is:\n\n"  # nothing after it
    script = ["The sun rose.", fb(TOP, stop=True, points=()), "Sure, here is the new line:\n\nThe dawn came."]
    _, res = run([*script, "x"], candidates=2)
    assert res.answer == "The dawn came."


def test_candidates_out_of_range_is_a_clear_error():
    from selfrefine.engine.errors import InvalidParameter

    for bad in (0, 9):
        with pytest.raises(InvalidParameter, match="candidates"):
            RefineConfig(candidates=bad)


def test_a_shorter_candidate_that_fixes_a_fault_is_not_refused_as_truncated():
    request = "Describe your morning routine in at most 25 words."
    draft = (
        "I wake at six, stretch for ten minutes, drink a glass of water, make strong coffee, read the "
        "news on my phone, shower, dress, eat oatmeal with berries and walk the dog around the block "
        "before I catch the bus to work at eight, usually with a podcast playing in my headphones."
    )
    short = "I wake at six, stretch, drink water, make coffee, shower, dress and walk the dog."
    _, res = run([draft, fb(TOP, stop=True, points=()), draft + " Then work.", short], request, candidates=2)
    assert res.answer == short and res.outputs == [draft, short]  # the cut is the fix of an upper bound


def test_a_cut_that_drops_the_answer_to_fix_another_fault_stays_refused():
    request = "Give me three tips for sleeping well as a bulleted list."
    draft = (
        "1. **Keep a schedule**: go to bed and get up at the same time every day, weekends included, "
        "so that your body learns when to sleep.\n2. **Make the room dark**: heavy curtains and no "
        "screens for an hour before bed help you fall asleep.\n3. **Skip late coffee**: caffeine stays "
        "in the blood for hours, so have the last cup before noon."
    )
    bullets = "- Keep a schedule\n- Dark room\n- No late coffee"
    kept_text = draft.replace("1. ", "- ").replace("2. ", "- ").replace("3. ", "- ")
    _, res = run([draft, fb(TOP, stop=True, points=()), bullets, kept_text], request, candidates=2)
    assert res.answer == kept_text  # the bullets that keep the tips, not the three bare titles
    # the tools re-mark the numbered draft themselves (no call written), so a cut is judged on a
    # draft in prose: a cut that fixes nothing stays refused, still no bullets and a fifth as long
    prose = draft.replace("\n", " ").replace("1. ", "").replace("2. ", "").replace("3. ", "")
    _, kept = run([prose, fb(TOP, stop=True, points=()), "1. Sleep.", "1. Rest."], request, candidates=2)
    assert kept.answer == prose and kept.stop_reason == "rejected"
    assert [c.rejected for c in kept.trace if c.stage == "refine"] == ["truncated"]


@pytest.mark.sandbox
def test_code_that_passes_the_examples_its_draft_failed_is_not_judged_on_its_prose():
    """MBPP dev b (mbpp-12, 34, 55): working code refused as `truncated` (a long docstring dropped),
    as `review_talk` or for a `placeholder` in its prose. Where the request's examples ran on the
    candidate and all passed after failing on the draft, that run judges it; code that still fails
    is judged on its prose as before."""
    request = (
        "Write a Python function add(a, b) that adds two numbers.\n```python\nassert add(10, 5) == 15\n```"
    )
    doc = (
        '    """Add two numbers given as integers or floats.\n\n    The function takes a first number and a '
        "second one, and returns\n    their sum without changing either argument. Negative numbers work the\n"
        "    same way as positive ones, and zero is handled like any other value.\n"
        '    No rounding is done, so floats come back exactly as Python adds them.\n    """\n'
    )
    wrong = f"```python\ndef add(a, b):\n{doc}    return a - b\n```"
    short = "```python\ndef add(a, b):\n    return a + b\n```"
    _, res = run([wrong, short, "never asked"], request=request, candidates=3, rounds=2)
    assert res.answer == short and res.stop_reason == "examples_pass"
    short_wrong = "```python\ndef add(a, b):\n    return a * b\n```"  # shorter and still failing
    _, kept = run([wrong, short_wrong, short_wrong], request=request, candidates=3, rounds=2)
    assert kept.answer == wrong and kept.stop_reason == "rejected"
    assert [c.rejected for c in kept.trace[1:] if c.stage != "tools"] == ["truncated", "truncated"]


@pytest.mark.sandbox
def test_code_that_passes_more_of_the_examples_is_not_judged_on_its_prose():
    """generic dev f24, f30 and test3's u40, u44, u46, u48 (read): a rewrite whose code passed more
    of the shown examples than the draft's, but not all, was refused as `truncated` for dropping the
    draft's explanation; each such candidate passed more of the hidden tests too. It is kept, and
    the next round works from it; a rewrite that passes no more stays judged on its prose."""
    request = (
        "Write a Python function shout(s) that upper-cases s and adds '!'.\n"
        "```python\nassert shout('hi') == 'HI!'\nassert shout('') == '!'\n```"
    )
    talk = (
        "Here is a function for the request. It takes one string argument and hands it back, which "
        "keeps the code short and easy to read. Strings in Python cannot be changed in place, so any "
        "change makes a new string; this version makes none. You can call it from anywhere, and it "
        "has no side effects, no imports and no global state, so it is safe in tests and in threads."
    )
    wrong = f"{talk}\n```python\ndef shout(s):\n    return s\n```"
    half = "```python\ndef shout(s):\n    return s.upper() + '!' if s else ''\n```"
    right = "```python\ndef shout(s):\n    return s.upper() + '!'\n```"
    _, res = run([wrong, half, half, half, right, "never asked"], request=request, candidates=3, rounds=2)
    assert res.answer == right and res.outputs[1:] == [half, right]  # round 2 worked from the half fix
    still = "```python\ndef shout(s):\n    return s.lower()\n```"  # shorter and passes no more
    _, kept = run([wrong, still, still, still], request=request, candidates=3, rounds=1)
    assert kept.answer == wrong and kept.stop_reason == "rejected"


@pytest.mark.sandbox
def test_code_that_passes_the_example_by_returning_its_answer_for_every_input_is_refused():
    """MBPP test3 (mbpp-903): told "expected 1, got 5", a rewrite counted the numbers in 0..n with
    no set bit, which is 1 for every n. Code that passes the examples its draft failed only by
    giving their answer for every nearby input is refused as `fitted`; a real fix is kept."""
    request = "Write a Python function count_even(n) that counts the even numbers from 1 to n.\n"
    request += "```python\nassert count_even(3) == 1\n```"
    wrong = "```python\ndef count_even(n):\n    return n // 2 + 1\n```"
    fitted = "```python\ndef count_even(n):\n    return sum(1 for i in range(n + 1) if i == 0)\n```"
    right = "```python\ndef count_even(n):\n    return n // 2\n```"
    _, res = run([wrong, fitted, right, "never asked"], request=request, candidates=3, rounds=2)
    assert res.answer == right and res.stop_reason == "examples_pass"
    calls = [c for c in res.trace if c.stage != "tools"]  # the tools' rounds are recorded, no call
    assert calls[1].rejected == "fitted" and res.checks["fitted"] == 1
    _, alone = run([wrong, fitted, fitted, "never asked"], request=request, candidates=3, rounds=2)
    assert alone.answer == wrong and alone.stop_reason == "rejected"


@pytest.mark.sandbox
def test_code_that_does_not_load_is_no_better_than_code_that_fails_every_example():
    """generic test3 (read after its run): code stopped at load by its own failing test (1 fault)
    was kept over code that ran and failed both shown examples (2 faults). Code that does not load
    fails every example, so it counts as many faults and is refused as no better."""
    request = (
        "Write a Python function shout(s) that upper-cases s and adds '!'.\n"
        "```python\nassert shout('hi') == 'HI!'\nassert shout('ok') == 'OK!'\n```"
    )
    runs_wrong = "```python\ndef shout(s):\n    return s + '!'\n```"
    stops = "```python\ndef shout(s):\n    return s.upper()\n\nassert shout('a') == 'A!'\n```"
    _, res = run([runs_wrong, stops, stops, stops], request=request, candidates=3, rounds=2)
    assert res.answer == runs_wrong and res.stop_reason == "rejected"
    assert [c.rejected for c in res.trace[1:] if c.stage != "tools"] == [
        "faults",
        "faults",
    ]  # the fresh greedy and sampled ones


def test_a_candidate_caught_in_a_loop_ends_there_and_is_refused_as_repetitive():
    """The rewrite calls ask the engine to end a call that writes a sentence a third time
    (Sampling.stop_repeats); such a candidate is refused whatever its faults, the next one kept."""
    loop = "The morning light is soft and bright. " * 12
    eng, res = run(["The sun rose.", fb(TOP, stop=True, points=()), loop, "Dawn broke."], candidates=2)
    assert res.answer == "Dawn broke."
    cut = res.trace[2]
    assert cut.finish_reason == "repeat" and cut.rejected == "repetitive"
    assert cut.text.count("The morning light") == 3 and cut.completion_tokens < len(loop) / 3
    assert all(s.stop_repeats for s in eng.samplings[2:]) and not eng.samplings[1].stop_repeats  # not reviews


def test_a_request_to_repeat_something_and_stop_repeats_off_let_rewrites_repeat():
    request = 'Repeat the sentence "The dawn is soft and bright today." three times.'
    eng, _ = run(["The sun rose.", fb(TOP, stop=True, points=()), "a", "b"], request=request, candidates=2)
    assert not any(s.stop_repeats for s in eng.samplings)
    eng, _ = run(["The sun rose.", fb(TOP, stop=True, points=()), "a", "b"], candidates=2, stop_repeats=False)
    assert not any(s.stop_repeats for s in eng.samplings)


def test_paragraphs_asked_of_plain_prose_are_the_same_sentences_regrouped_by_the_tools():
    """Two paragraphs asked of a one-paragraph answer: the tools split it at the sentence nearest
    its middle, every word kept, so no rewrite is written; three asked of five join the shortest."""
    request = "Write two paragraphs about our family bakery, Rosalind's."
    draft = (
        "Rosalind's is a family bakery that has baked bread on Mill Lane since 1982. Every morning "
        "the ovens turn out sourdough, rye and seeded loaves. On Saturdays the queue reaches the "
        "corner. The recipes come from our grandmother, and the starter is as old as the shop."
    )
    eng, res = run([draft, fb(TOP, stop=True, points=())], request, candidates=2)
    first, second = res.answer.split("\n\n")
    assert (
        first.endswith("loaves.")
        and second.startswith("On Saturdays")
        and " ".join(res.answer.split()) == draft
    )
    assert [(c.stage, c.finish_reason) for c in res.trace if c.model == "tools" and c.stage != "tools"] == [
        ("refine", "repair")
    ]
    five = "\n\n".join(["One short line here.", "Two.", "Three is here.", "Four.", "Five is the last one."])
    assert regrouped(3)(five) == "One short line here.\n\nTwo. Three is here. Four.\n\nFive is the last one."
    assert regrouped(2)("Dear Sam,\n\nThanks for the loaves. See you soon.") == (
        "Dear Sam,\n\nThanks for the loaves. See you soon."  # a salutation is no sentence: left as it is
    )
    assert regrouped(3)("Dr. Lee came by. She liked it.") == "Dr. Lee came by. She liked it."  # 2 sentences


def test_a_candidate_that_fixes_the_fault_and_leaves_a_name_slot_is_signed_by_the_tools():
    """The rewrite meets "under 40 words" but signs "[Your Name]": the tools' fix for that candidate
    (the name the request gives) is a candidate of its own, and the one kept."""
    request = "Write a thank-you note to my neighbour for watering my plants, under 40 words, signed Priya."
    draft = (
        "Dear Sam,\n\nThank you so much for watering my plants while I was away for two weeks. Every "
        "single one of them is green and healthy, and the tomatoes even have their first flowers now. "
        "I really could not have managed it without your help and kindness.\n\nWarmly,\nPriya"
    )
    short = (
        "Dear Sam,\n\nThank you for watering my plants while I was away. They are all green and healthy.\n\n"
    )
    script = [draft, short + "Warmly,\n[Your Name]", draft]
    eng, res = run(script, request, candidates=2, review_faults=False)
    assert res.answer == short + "Warmly,\nPriya"
    assert [
        (c.model, c.finish_reason, c.rejected) for c in res.trace if c.stage in ("candidate", "refine")
    ] == [
        ("tools", "repair", "faults"),  # the draft cut to its sentences within 40 words: unsigned
        ("fake", "stop", "placeholder"),
        ("tools", "repair", None),
        ("fake", "stop", "identical"),
    ]
