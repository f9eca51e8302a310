"""The rewrite checks of engine.core.checks: plain functions of the texts, no engine."""

import json

import pytest

from selfrefine.engine.core import checks


@pytest.mark.parametrize(
    "text,expected",
    [
        ('{"feedback": ["add units"], "scores": {"correctness": 3}, "stop": false}', True),
        ('```json\n{"scores": {"clarity": 5}, "stop": true}\n```', True),
        ('Here you go: {"feedback": [], "stop": true} done', True),
        # cut off by max_tokens (seen on the 135M): no JSON, but a review all the same
        ('{"feedback":[],"scores":{"correctness":1,"correctness":1,"correctness"', True),
        ('{"city": "Paris", "scores"', False),
        ('{"city": "Paris"}', False),
        ("The Pacific and the Atlantic.", False),
        ("{not json at all}", False),
    ],
)
def test_feedback_json(text, expected):
    assert checks.is_feedback_json(text) is expected


def test_feedback_json_is_allowed_when_the_request_or_answer_had_it():
    ask = 'Return {"score": 3, "feedback": ["ok"]} with the score doubled.'
    assert not checks.is_feedback_json('{"score": 6, "feedback": ["ok"]}', ask)


@pytest.mark.parametrize(
    "text",
    [
        "The review is clear and concise, but it does not provide any information about the oceans.",
        "5 / This review is completely correct and meets the criteria for an excellent answer.",
        "Your answer is correct and needs no change.",
        "Here is the improved answer: Pacific and Atlantic.",
        "The previous answer missed the Indian Ocean.",
        "correctness: 5, completeness: 5, clarity: 5",
        "No changes needed.",
        "Sure, here are the corrected oceans: Pacific and Atlantic.",  # generic y11, y16, z32
        "Sure, here's the new answer:\n\nPacific and Atlantic.",  # generic test14 s26
        "Sure, here's the corrected chart:\n\npie\n  Pacific : 1",  # generic test14 s13, s14 (critic)
    ],
)
def test_review_talk(text):
    assert checks.is_review_talk(text, "Name two oceans.\nPacific and Atlantic.")


@pytest.mark.parametrize(
    "text",
    [
        "The answer is 391.",
        "Hello! How can I help you today?",
        "def square(x):\n    return x * x",
        "Bonjour !",
        "The two oceans are the Pacific and the Atlantic.",
        "Here are the updated opening hours of the library.",
    ],
)
def test_answers_are_not_review_talk(text):
    assert not checks.is_review_talk(text, "a request\na plain answer")


def test_a_rewrite_that_only_announces_a_change_in_its_opening_line_is_review_talk():
    # generic test18 b25 (read after its run): the same playlist under "here's the updated playlist"
    draft = "Sure, here's an M3U playlist for your run:\n\n```\n#EXTM3U\nintro.mp3\n```"
    same = "Sure, here's the updated playlist:\n\n```\n#EXTM3U\nintro.mp3\n```"
    assert checks.announces_change(same, draft, "Make me an M3U playlist.")
    ask = "Make me an M3U playlist."
    verdict = checks.judge_rewrite(
        same,
        previous=draft,
        earlier=[draft],
        reference=f"{ask}\n{draft}",
        points=["Add durations."],
        request=ask,
    )
    assert verdict == checks.REVIEW_TALK
    new = "Here are the updated opening hours:\n\nMon-Fri 9-5, Sat 10-2."
    assert not checks.announces_change(new, "The library is open Mon-Fri.\n\nSee you soon.", "Library hours?")
    assert not checks.announces_change(same, draft, "Update my playlist: intro.mp3")  # asked to update


def test_review_words_the_reference_used_are_allowed():
    fix = "Fix the grammar: me and him goes home.\nHere is the corrected sentence: He and I go home."
    assert not checks.is_review_talk("Here is the corrected sentence: He and I go home now.", fix)
    ref = "Summarize the review.\nThe review praises the food."
    assert not checks.is_review_talk("The review praises the food and the staff.", ref)
    assert checks.is_review_talk("The feedback says the review praises the food.", ref)


def test_repetition():
    looped = "I like it. " * 40
    assert checks.repetition(looped) > 0.9 and checks.is_repetitive(looped)
    prose = (
        "Rain fell on the old town while the baker opened his shop, the children ran to school "
        "with their bags, and a dog watched the street from a warm doorway near the square."
    )
    assert checks.repetition(prose) == 0 and not checks.is_repetitive(prose)
    # code with repeated lines is judged against the plain answer that had them too
    table = "\n".join(f"row {i}: 0 0 0 0 0 0 0 0" for i in range(60))
    assert not checks.is_repetitive(table, table)
    # a sound opening that ends in a one-word loop (IFEval dev ifeval-2372's kept candidate)
    opening = prose + (
        " Later the mayor walked past the fountain, greeted the fishmongers, bought two pears and a "
        "newspaper, and sat on a green bench to read about the harbour, the coming fair, the price of "
        "flour and the new bridge over the river. The headphones come with a case, a cable and "
    )
    tail = opening + "earbuds, " * 46
    assert checks.repetition(tail) < 0.5 and checks.is_repetitive(tail, opening)
    assert not checks.is_repetitive(tail, tail)  # the answer it rewrites ended in the same loop
    assert not checks.is_repetitive(opening + " ".join(f"item{i}," for i in range(80)), opening)


def test_truncated_only_when_nothing_was_asked_to_be_cut():
    prev = "A long paragraph about the sea, the wind and the boats that sail in the bay every morning."
    assert checks.is_truncated("The sea.", prev, ["add the boats' names"])
    assert not checks.is_truncated("The sea.", prev, ["too long: cut it to two words"])
    assert not checks.is_truncated("Short", "Hi there", [])  # tiny answers may shrink
    assert not checks.is_truncated(prev[:60], prev, [])


def test_a_list_re_marked_keeps_every_word_and_is_not_truncated():
    numbered = "\n".join(f"{i}. **Bulletproofs**" for i in range(1, 11))  # generic n17: a draft that loops
    bulleted = "\n".join("- **Bulletproofs**" for _ in range(10))
    assert checks.content_chars(bulleted) < checks.SHRINK_RATIO * checks.content_chars(numbered)
    assert not checks.is_truncated(bulleted, numbered, [])
    assert checks.is_truncated("\n".join("- **Bulletproofs**" for _ in range(2)), numbered, [])


def test_identical_ignores_spaces_not_breaks_and_looks_at_every_earlier_output():
    assert checks.is_identical("a  b \nc\n\n\n\nd", ["x", "a b\nc\n\nd"])
    assert not checks.is_identical("a b c d", ["a b c"])
    assert not checks.is_identical("a b.\n\nc d.", ["a b. c d."])  # a paragraph split is a change


@pytest.mark.parametrize(
    "text,check",
    [
        ("", checks.EMPTY),
        (" ... ", checks.EMPTY),
        (json.dumps({"feedback": ["x"], "scores": {"a": 1}, "stop": False}), checks.FEEDBACK_JSON),
        ("The review is right.", checks.REVIEW_TALK),
        ("go " * 200, checks.REPETITIVE),
        ("Sea.", checks.TRUNCATED),
        ("The sea is calm today and the boats are out in the bay, all of them.", checks.IDENTICAL),
        ("The sea is calm today, and every boat is out in the bay.", None),
    ],
)
def test_judge_rewrite_names_the_first_failed_check(text, check):
    prev = "The sea is calm today and the boats are out in the bay, all of them."
    got = checks.judge_rewrite(
        text,
        previous=prev,
        earlier=[prev],
        reference="Describe the sea.\n" + prev,
        points=["say more about the boats"],
    )
    assert got == check


def test_echo_of_the_request():
    review = (
        "The hotel is extremely nice, clean, and up to date. The treadmills in their fitness "
        "center are great. The staff was extremely nice and accommodating."
    )
    request = "Target sentiment: Very negative\nReview: " + review
    previous = "The hotel was dirty and the staff were rude."
    assert checks.is_echo(previous + " " + review, request, previous)
    # words the previous output already carried over are not an echo
    assert not checks.is_echo(review + " But the room smelled.", request, review)
    # a short quote is fine
    assert not checks.is_echo(
        previous + " They called it extremely nice, clean, and up to date.", request, previous
    )
    assert (
        checks.judge_rewrite(
            previous + " " + review,
            previous=previous,
            earlier=[previous],
            reference=request + "\n" + previous,
            points=["more detail"],
            request=request,
        )
        == checks.ECHO
    )


def test_a_pasted_worked_example_is_an_echo_even_in_a_long_answer():
    example = (
        "While rain tapped the window, she read under the lamp with a cup of tea, and the cat "
        "slept on her blanket."
    )
    request = f"Write a paragraph.\nExample: {example}\nNow your list: bowl, card, beat"
    previous = " ".join(f"The bowl {i} held a card and a beat number {i}." for i in range(12))
    rewrite = example + " " + previous
    assert checks.echoed_words(rewrite, request, previous) >= checks.ECHO_ALWAYS
    assert checks.is_echo(rewrite, request, previous)


def test_givens_repeated_by_an_answer_are_no_echo():
    """The .htaccess lines a request asks for repeat its paths, as an answer must (generic r10):
    no copied run crosses a path, web address, file name or decimal."""
    request = (
        "I need the .htaccess lines to permanently redirect /about-us.html to /about, "
        "/blog/2019/moving-day to /blog/moving-day and /contact.php to /contact. It's on shared hosting."
    )
    previous = "Open the .htaccess file and add Redirect 301 lines for each page."
    rewrite = (
        "To permanently redirect `/about-us.html` to `/about`, `/blog/2019/moving-day` to "
        "`/blog/moving-day`, and `/contact.php` to `/contact`, add:\n\n```apache\n"
        "Redirect 301 /about-us.html /about\nRedirect 301 /blog/2019/moving-day /blog/moving-day\n"
        "Redirect 301 /contact.php /contact\n```"
    )
    assert not checks.is_echo(rewrite, request, previous)
    words = "the staff was extremely nice and accommodating and the pool was warm all week long"
    assert checks.is_echo(f"{previous} {words} {words}", f"Review: {words} {words}", previous)


def test_trim_loop_keeps_only_the_new_sentences_of_an_appended_text():
    para = "The dog ran to the park and met a friend there."
    looped = (
        f"{para} A girl threw a red ball over the fence. A boy fixed his old bike in the yard. "
        "A girl threw a red ball over the fence. A boy fixed his old bike in the yard. A girl thr"
    )
    assert checks.trim_loop(looped, finished=False, seen=para) == (
        "A girl threw a red ball over the fence. A boy fixed his old bike in the yard."
    )
    assert (
        checks.trim_loop("It rained all day. We stayed in", finished=True)
        == "It rained all day. We stayed in"
    )
    assert checks.trim_loop("It rained all day. We stayed in", finished=False) == "It rained all day."
    assert checks.trim_loop(para, seen=para) == ""


# ------------------------------------------------------------------ the form a rewrite must keep

DSPY = "[[ ## answer ## ]]\nParis\n\n[[ ## completed ## ]]"


@pytest.mark.parametrize(
    "previous,rewrite,lost",
    [
        ('{"answer": "Paris"}', "The capital of France is Paris.", True),  # prose for JSON
        ('{"answer": "Paris"}', '{"answer": "Paris, France"}', False),
        (
            '{"answer": "Paris"}',
            '```json\n{"answer": "Paris, France"}\n```',
            False,
        ),  # a fence is the same JSON
        ('{"answer": "Paris"}', '{"city": "Paris"}', True),  # other keys: the caller reads `answer`
        ("[1, 2, 3]", "1, 2 and 3", True),
        (DSPY, "The capital of France is Paris.", True),  # DSPy's adapter cannot parse it
        (DSPY, "[[ ## answer ## ]]\nParis, France\n\n[[ ## completed ## ]]", False),
        (DSPY, "[[ ## completed ## ]]\n[[ ## answer ## ]]\nParis", True),  # markers out of order
        ("Paris is the capital.", '{"answer": "Paris"}', False),  # plain text has no form to keep
        ("```python\nprint(1)\n```", "Here it is:\n```python\nprint(2)\n```", False),  # code is not a form
    ],
)
def test_a_rewrite_keeps_the_form_of_the_output_it_replaces(previous, rewrite, lost):
    assert checks.loses_form(rewrite, previous) is lost
    got = checks.judge_rewrite(
        rewrite,
        previous=previous,
        earlier=[previous],
        reference="Q?\n" + previous,
        points=["say more"],
        request="Q?",
    )
    assert (got == checks.FORM_LOST) is lost


def test_the_loop_keeps_a_formatted_draft_when_the_rewrite_drops_the_format():
    """The DSPy case through the loop: a draft in the caller's format, a critic that invents a
    problem, a rewrite in prose. The loop ends with the draft (rejected: form_lost)."""
    import asyncio

    from selfrefine.engine.core.config import RefineConfig
    from selfrefine.engine.core.item import Item
    from selfrefine.engine.core.loop import refine
    from tests.fakes import ScriptedEngine, fb

    eng = ScriptedEngine(
        [DSPY, fb(points=("The question is incomplete",)), "The capital of France is Paris."]
    )
    res = asyncio.run(
        refine(
            eng,
            Item("What is the capital of France? Answer in the fields given."),
            RefineConfig(rounds=1),
        )
    )
    assert res.answer == DSPY and res.stop_reason == "rejected"
    assert res.checks[checks.FORM_LOST] == 1 and res.trace[-1].rejected == checks.FORM_LOST


def test_a_rewrite_that_pastes_the_reviews_problem_back_is_an_echo():
    """Seen on the generic task's dev rows (0.5B): asked to fix "5 km in metres", the rewrite was
    the critic's point itself, and the loop returned it in place of a correct answer."""
    previous = "5 kilometres is 5 x 1000 = 5000 metres."
    point = (
        "The conversion factor is incorrect. 1 kilometre is equal to 1000 meters, not 10000 meters. "
        "This is a fundamental mistake."
    )
    got = checks.judge_rewrite(
        point,
        previous=previous,
        earlier=[previous],
        reference="How many metres in 5 km?\n" + previous,
        points=[point],
        request="How many metres in 5 km?",
    )
    assert got == checks.ECHO
    fixed = "5 kilometres is 5000 metres: 1 kilometre is 1000 metres."
    assert (
        checks.judge_rewrite(
            fixed,
            previous=previous,
            earlier=[previous],
            reference="How many metres in 5 km?\n" + previous,
            points=[point],
            request="How many metres in 5 km?",
        )
        is None
    )


def test_a_rewrite_in_another_script_than_the_request_is_refused():
    request = (
        "Write the opening of a school graduation speech in under 400 characters.\nDear graduates, today..."
    )
    chinese = "毕业典礼启幕：从颁奖典礼开始，我们以热烈的掌声迎接每一位亲爱的校友。"
    assert checks.changes_script(chinese, request)
    assert not checks.changes_script("Dear graduates, welcome to a new start.", request)
    assert not checks.changes_script(chinese, "把这段话翻译成中文。\n" + chinese)  # asked in Chinese: fine
    assert not checks.changes_script("Café crème, s'il vous plaît.", request)  # accented Latin is Latin
    assert (
        checks.judge_rewrite(chinese, previous="Dear graduates.", earlier=[], reference=request, points=[])
        == checks.SCRIPT
    )


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("I'm sorry, but I can't assist with that.", True),
        ("I\u2019m sorry, but I cannot help with this request.", True),
        ("I cannot fulfil this request.", True),
        ("As an AI, I do not write riddles.", True),
        ("I'm sorry, but I can't make it to the party on Friday.", False),  # a note the user asked for
        ("I'm sorry for the late delivery; we can't wait to serve you again.", False),
        ("I can help with that: here it is.", False),
        ("In a quiet room, a silhouette whispers.", False),
    ],
)
def test_refusals_are_told_from_answers_that_apologise(text, refusal):
    assert checks.is_refusal(text) is refusal


def test_a_rewrite_that_refuses_an_answered_request_is_rejected():
    ask = "Write a riddle in at most four lines."
    riddle = (
        "In a room it whispers,\nA voice in the night,\nIt follows your steps,\nBut flees from the light."
    )
    refusal = "I'm sorry, but I can't assist with that."
    # a refusal meets a four-line limit and avoids every banned word, yet gives the request up
    got = checks.judge_rewrite(
        refusal, previous=riddle, earlier=[riddle], reference=ask, points=[], request=ask
    )
    assert got == "refusal"
    # a draft that already declined may be rewritten into another refusal by this check's lights
    again = checks.judge_rewrite(
        "I cannot help with that.", previous=refusal, earlier=[refusal], reference=ask, points=[], request=ask
    )
    assert again != "refusal"


def test_waived_checks_are_not_run_and_the_rest_still_are():
    """PROSE_CHECKS are waived for code that passed the request's examples (engine.core.loop):
    a short function is then not `truncated` nor an `echo` of the request's assert, while a
    refusal or a copy is still refused."""
    request = (
        "Write add(a, b).\n```python\nassert add(10, 5) == 15 and add(1, 2) == 3 and add(0, 0) == 0\n```"
    )
    doc = (
        "Add two numbers given as integers or floats. The function takes a first number and a second",
        "one, and it returns their sum without changing either argument. Negative numbers work the",
        "same way as positive ones, and zero is handled like any other value. No rounding is done,",
        "so floats come back exactly as Python adds them. Strings are not accepted here at all.",
    )
    previous = '```python\ndef add(a, b):\n    """' + "\n    ".join(doc) + '"""\n    return a - b\n```'
    shown = request.split("```python\n")[1].split("\n```")[0]
    short = f"```python\ndef add(a, b):\n    return a + b\n\n{shown}\n```"
    judge = lambda text, waive=(): checks.judge_rewrite(  # noqa: E731
        text,
        previous=previous,
        earlier=[previous],
        reference=request,
        points=[],
        request=request,
        substance=True,
        waive=waive,
    )
    assert judge(short) == checks.TRUNCATED
    assert judge(short, waive={checks.TRUNCATED}) == checks.ECHO
    assert judge(short, waive=checks.PROSE_CHECKS) is None
    assert judge("I'm sorry, but I can't help with that.", waive=checks.PROSE_CHECKS) == checks.REFUSAL
    assert judge(previous, waive=checks.PROSE_CHECKS) == checks.IDENTICAL


def test_the_length_check_reads_a_looping_answer_as_the_little_it_says():
    """A draft that cycles one line to the cap is a few words: a real answer a tenth its length is
    no cut. The counts a fault names bound a cut from below and ask a split not to drop content."""
    loop = "Mommy, mother,  \n" * 90
    poem = "Mom, you rise before the sun,\nMother, you care for everyone."
    assert checks.content_chars(loop) < 60 <= checks.content_chars(poem * 2)
    assert not checks.is_truncated(poem, loop, [])
    prose = (
        "The bakery opens at seven and sells bread, cakes and coffee to the whole street. Its sourdough "
        "starter is older than the shop, and the rye loaves sell out by noon on most days. On Saturdays "
        "the queue reaches the corner, and the owner hands out the broken biscuits for free."
    )
    add = ["The request asks for exactly 2 paragraphs; the answer has 1."]
    assert checks.is_truncated(prose[:120], prose, add) and not checks.is_truncated(prose[:200], prose, add)
    # a banned word or mark asks for a word changed, not for the answer cut (phrased anew from a
    # generic dev row: three sentences became one to lose the banned word)
    ban = ['The request asks not to use "bread"; the answer has it 1 time.']
    assert checks.is_truncated("The bakery opens at seven and sells cakes.", prose, ban)
    assert not checks.is_truncated(prose.replace("bread", "rolls"), prose, ban)
    marks = ["The request asks for no exclamation marks; the answer has 2."]
    assert checks.is_truncated(prose[:150], prose, marks) and not checks.is_truncated(
        prose[:200], prose, marks
    )
    cut = ["The request asks for fewer than 120 words; the answer has 233."]
    assert checks.is_truncated(
        "Grind, rinse, bloom, pour.", prose * 3, cut
    )  # 4 words: under a quarter of 120
    assert not checks.is_truncated(" ".join(["word"] * 40), prose * 3, cut)
    assert checks.bounds(["The request asks for between 50 and 80 words; the answer has 512."]) == [
        (80, "words", 512)
    ]


def test_a_rewrite_that_loops_is_measured_by_its_content_not_its_length():
    paper = (
        "The presidency carries a weight few other jobs do. Every decision is watched, argued over and "
        "remembered. Aides describe long nights, briefings at dawn and crises that arrive without warning. "
        "Historians note that the office ages its holders visibly; photographs taken four years apart show "
        "it plainly. Yet many presidents also describe a sense of purpose that sustains them, drawn from "
        "family, faith, exercise or the company of old friends outside politics."
    )
    looped = "[Address]: Washington, D.C.\n\n[Name]: Donald Trump\n\n" * 40
    assert len(looped) > len(paper) * 0.35  # as long, but a few words over and over
    assert checks.is_truncated(looped, paper, [])
    assert not checks.is_truncated(paper.replace("Point", "Part"), paper, [])


def test_a_cut_of_a_sound_answer_keeps_its_text_a_new_text_is_replaced():
    request = "Why is there so much fraud? Make your entire response less than 30 words."
    fault = ["The request asks for fewer than 30 words; the answer has 32."]
    answer = (
        "Fraud in the world is a complex issue that involves various factors such as identity theft, "
        "cybercrime, and unauthorized access. It is important to prioritize security and protect personal "
        "information and assets."
    )
    new = "Fraud is a significant threat to society, affecting millions of people worldwide."
    cut = "Fraud is a complex issue that involves identity theft, cybercrime, and unauthorized access."
    assert checks.is_replaced(new, answer, fault, request)
    assert not checks.is_replaced(cut, answer, fault, request)
    assert not checks.is_replaced(new, answer, [], request)  # no bound to cut to: not this check
    refusal = "<<my title>> I'm sorry, but I can't assist with that."
    assert not checks.is_replaced(new, refusal, fault, request)  # an answer that declines may be written anew
    verdict = checks.judge_rewrite(
        new,
        previous=answer,
        earlier=[answer],
        reference=request,
        points=fault,
        request=request,
        substance=True,
    )
    assert verdict == checks.REPLACED


def test_a_fact_met_before_and_not_met_after_is_newly_broken_whatever_the_counts():
    before = (
        "Facts about your answer:\n- 'Title:' characters: 41 (asked: at most 60 characters)\n"
        "- 'Meta description:' characters: 2357 (asked: between 120 and 155 characters) -- NOT MET\n"
        "- lines: 2 (asked: exactly 3 lines) -- NOT MET"
    )
    after = (
        "Facts about your answer:\n- 'Title:' characters: 73 (asked: at most 60 characters) -- NOT MET\n"
        "- 'Meta description:' characters: 150 (asked: between 120 and 155 characters)\n"
        "- lines: 3 (asked: exactly 3 lines)"
    )
    assert (
        checks.newly_broken(before, after)
        == "'Title:' characters: 73 (asked: at most 60 characters) -- NOT MET"
    )
    assert checks.newly_broken(after, before) == (
        "'Meta description:' characters: 2357 (asked: between 120 and 155 characters) -- NOT MET"
    )
    assert (
        checks.newly_broken("- signed Priya: yes", "- signed Priya: no -- NOT MET")
        == "signed Priya: no -- NOT MET"
    )
    assert (
        checks.newly_broken(
            "- words: 90 (asked: at most 80 words) -- NOT MET",
            "- words: 85 (asked: at most 80 words) -- NOT MET",
        )
        is None
    )
