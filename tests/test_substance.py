"""The substance checks (engine.core.substance): rewrites that meet a count by giving up the answer are
refused. The cases named after the demo, the page and the two restated requests are the rewrites
the loop kept before these checks existed (issue 38); the drafts are written to match."""

import asyncio

import pytest

from selfrefine.engine.core import checks, substance
from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.generic import make_item
from selfrefine.engine.core.loop import refine
from tests.fakes import ScriptedEngine, fb

BAKE = "Write a message of at most 200 characters announcing a bake sale at a school."
BAKE_DRAFT = (
    "Join us for our school bake sale this Friday! Delicious cookies, cakes and brownies will be on "
    "offer, and every purchase supports our classrooms. Bring your friends and family and come hungry. "
    "We can't wait to see you there!"
)
NOTE = "Write a short note to a colleague thanking them for covering my shift, in exactly 2 sentences."
NOTE_DRAFT = "Hi Sam, thank you so much for covering my shift yesterday. I owe you one. Coffee is on me."
RAIN = "Describe a rainy morning in the city in at most 20 words."
RAIN_DRAFT = (
    "The city wakes under a grey sky as rain taps on windows, umbrellas bloom along busy streets, "
    "and puddles mirror the glow of the cafes."
)
BAKERY = "Announce the opening of a small bakery on Elm Street in no more than 120 characters."
BAKERY_DRAFT = (
    "Exciting news! Our cozy little bakery is now open on Elm Street, serving fresh bread, pastries "
    "and coffee every morning. Stop by and say hello!"
)

LOST = [
    # make demo's kept rewrite before: an invented discount and place
    (
        BAKE,
        BAKE_DRAFT,
        "Promote a sale at the school's Bake Store today, offering a 40% discount on all items in the "
        "grand hall.",
        substance.INVENTED,
    ),
    # docs/page.png's kept rewrite before: an apology and an offer instead of the note
    (
        NOTE,
        NOTE_DRAFT,
        "I'm sorry for any confusion, but I'd be happy to help with that request. Thank you for covering.",
        substance.TALKS,
    ),
    # the same, as make demo kept it on 2026-12-05 (a sentence in quotes parses as Python)
    (
        BAKE,
        '"Welcome to our Bake Sale! Get a free cake for every 100 cookies you purchase. #BakeSale"',
        '"Promote a sale at the school\u2019s Bake Store today, offering a 40% discount on all items in the '
        'grand hall."',
        substance.INVENTED,
    ),
    # the two restated requests
    (RAIN, RAIN_DRAFT, "A rainy morning in the city in at most 20 words.", substance.TALKS),
    (
        BAKERY,
        BAKERY_DRAFT,
        "Announce the opening of a small bakery, Elm Street, in no more than 120 characters.",
        substance.TALKS,
    ),
    # IFEval-style losses: a refusal, placeholders, an offer instead of the story
    (
        "Write about the weather in Paris today. Do not use any commas.",
        "Today in Paris the sky is bright, the air is warm, and the cafes are full.",
        "We cannot discuss topics unrelated to the request.",
        substance.DECLINED,
    ),
    (
        "Give me three bullet points about exercise.",
        "* Exercise lifts your mood.\n* It strengthens the heart.\n* It helps you sleep.",
        "* This is the first bullet point.\n* This is the second bullet point.\n* This is the third one.",
        substance.PLACEHOLDER,
    ),
    (
        "Write a letter of condolence to Anna, whose dog Max died, with a short story about him.",
        "Dear Anna, I am so sorry about Max. I still remember the day he chased a ball into the lake.",
        "Dear Anna, I am so sorry. Please let me know if you would like me to continue with the story.",
        substance.TALKS,
    ),
    (
        "Write a thank-you email to my landlord.",
        "Dear landlord, thank you for fixing the heater so quickly. It made a cold week much easier.",
        "Dear [Landlord's Name], thank you for fixing the heater so quickly. Best, [Your Name]",
        substance.PLACEHOLDER,
    ),
    (
        "Write a two-line ad for our bakery, which sells bread, cakes and pies, without commas.",
        "Fresh bread and cakes and pies baked daily!\nCome taste the best in town.",
        "Write a two-line ad for our bakery which sells bread and cakes and pies without commas.",
        substance.RESTATED,
    ),
    # IFEval test2 (ifeval-3335, -2078): the request's template handed back; a line about its format
    (
        "Recommend two films, separated by 6 asterisks, like below:\n[Movie 1]\n[Description]\n******\n"
        "[Movie 2]\n[Description]",
        "[Movie 1] Kaadhal\n[Description] A love story set in Madurai.",
        "[Movie 1]\n[Description]\n******\n[Movie 2]\n[Description]",
        substance.RESTATED,
    ),
    (
        "Write a riddle about a mongoose that includes exactly one bullet point.",
        "What is quick and sly and fights the snake? A mongoose.",
        "* What is quick and sly and fights the snake?\n\nThis riddle includes one bullet point.",
        substance.TALKS,
    ),
    # generic test7 y29: a checklist that ends on meeting the count, where the draft had only named it
    (
        "What should I pack for a 3 day hike? Give me a checklist of exactly 12 items as bullet points.",
        "Here's a checklist of exactly 12 items:\n1. Tent\n2. Stove",
        "- Park\n- Trekking\n- Note: This checklist gives eight activities, fulfilling your requirement.",
        substance.TALKS,
    ),
    # generic test10 m32 (read after its run), with the critic: the question asked for, asked about
    (
        "Explain what a heat pump does to my dad in exactly 2 paragraphs, and finish with a question he "
        "could ask an installer.",
        "A heat pump moves heat from outside air into the house.\n\nIt runs on electricity.",
        "A heat pump moves heat from outside air into the house.\n\nIt runs on electricity. What question "
        "could your dad ask an installer to confirm that the heat pump is installed correctly?",
        substance.TALKS,
    ),
]


@pytest.mark.parametrize("request_,previous,rewrite,check", LOST)
def test_a_rewrite_that_gives_up_the_answer_is_refused(request_, previous, rewrite, check):
    assert substance.substance_fault(rewrite, request=request_, previous=previous) == check
    judged = checks.judge_rewrite(
        rewrite,
        previous=previous,
        earlier=[previous],
        reference=f"{request_}\n{previous}",
        points=[],
        request=request_,
        substance=True,
    )
    assert judged == check


KEPT = [
    # the bake sale within 200 characters, nothing added
    (
        BAKE,
        BAKE_DRAFT,
        "Join our school bake sale this Friday! Cookies, cakes and brownies, and every purchase "
        "supports our classrooms. See you there!",
    ),
    (RAIN, RAIN_DRAFT, "Grey sky, rain on windows, umbrellas blooming, puddles mirroring cafe lights."),
    # a shorter answer that repeats the question's words is an answer
    ("What is the capital of France?", "Paris is the capital.", "The capital of France is Paris."),
    # the draft already had the number and the name
    ("Tell me about Max.", "Max was born in 2019 in Lyon.", "Max, born in 2019 in Lyon, loves the lake."),
    # a request for placeholders in square brackets may get them
    (
        "Write a template letter with placeholders in square brackets such as [name].",
        "Dear friend, see you soon.",
        "Dear [name], see you at [place] soon.",
    ),
    # numbered items and section labels are not facts
    ("List two fruits in a numbered list.", "Apples and pears.", "1. Apples\n2. Pears"),
    (
        "Write two sections, marked SECTION X.",
        "Intro text. More text.",
        "SECTION 1\nIntro text.\nSECTION 2\nMore.",
    ),
    # "I can't help but" is no refusal; a request that asks to be repeated may be repeated
    (
        "Write about a cat in at least 30 words.",
        "My cat sleeps all day.",
        "My cat sleeps all day and I can't help but smile.",
    ),
    (
        "First repeat the request word for word, then answer: name a red fruit in at most 5 words.",
        "Cherry.",
        "First repeat the request word for word, then answer: name a red fruit in at most 5 words. Cherry.",
    ),
    # the template filled in, a constrained answer, a poem about its own lines
    (
        "Recommend two films, separated by 6 asterisks, like below:\n[Movie 1]\n[Description]\n******\n"
        "[Movie 2]\n[Description]",
        "Kaadhal is a love story set in Madurai. Anbe Sivam follows two strangers on a long road trip.",
        "[Movie 1] Kaadhal\n[Description] A love story set in Madurai.\n******\n[Movie 2] Anbe Sivam\n"
        "[Description] Two strangers on a long road trip.",
    ),
    (
        "Is the sky blue? Answer with one of the following options: My answer is yes., My answer is no.",
        "My answer is yes. The air scatters blue light most.",
        "My answer is yes.",
    ),
    (
        "Write a poem about a lighthouse.",
        "The light turns slowly in the night.",
        "The light turns slowly in the night,\nthe poem has no end, the keeper has one wish.",
    ),
    # code is the code runner's business
    (
        "Write a Python function add(a, b).",
        "```python\ndef add(a, b):\n    return a + b\n```",
        "```python\ndef add(a: int, b: int) -> int:\n    return a + b  # 42\n```",
    ),
]


@pytest.mark.parametrize("request_,previous,rewrite", KEPT)
def test_a_rewrite_that_keeps_the_answer_passes(request_, previous, rewrite):
    assert substance.substance_fault(rewrite, request=request_, previous=previous) is None


def test_the_checks_run_only_where_asked():
    request_, previous, rewrite, _ = LOST[0]
    args = dict(previous=previous, earlier=[previous], reference=request_, points=[], request=request_)
    assert checks.judge_rewrite(rewrite, **args) is None
    assert checks.judge_rewrite(rewrite, **args, substance=True) == substance.INVENTED


def _loop(script, request_, **cfg):
    eng = ScriptedEngine(script)
    return asyncio.run(refine(eng, make_item(request_), RefineConfig(rounds=1, **cfg)))


TOP = {"correctness": 5, "completeness": 5, "clarity": 5}


ONE_LONG = (
    "Join us for our school bake sale this Friday, where delicious cookies, cakes, brownies and lemon "
    "bars baked by our students and their families will be on offer and every purchase supports our "
    "classrooms and library."
)


def test_the_demo_keeps_its_own_sentences_cut_to_the_limit():
    long_draft = BAKE_DRAFT + " Every dollar goes to the library fund, so please tell your neighbours too."
    res = _loop([long_draft, fb(TOP, stop=True, points=()), "never asked"], BAKE, candidates=2)
    assert res.answer == BAKE_DRAFT[: BAKE_DRAFT.index(" We can't")] and len(res.answer) <= 200
    assert [c.model for c in res.trace if c.stage == "refine"] == ["tools"]  # no rewrite written


def test_the_demo_keeps_the_faithful_cut_not_the_invented_discount():
    invented = "Promote a sale at the school's Bake Store today, offering a 40% discount on all items."
    faithful = "Join our school bake sale this Friday! Cookies, cakes and brownies; every purchase helps."
    assert len(ONE_LONG) > 200  # one sentence: the tools have no cut to offer
    res = _loop([ONE_LONG, invented, faithful], BAKE, candidates=2)  # the fault needs no review
    assert res.answer == faithful
    # the refused candidate is counted: a new text where a cut was asked, with an invented discount
    assert res.checks[checks.REPLACED] == 1 and substance.invented(invented, BAKE, ONE_LONG)


def test_with_every_candidate_giving_up_the_answer_the_draft_stays():
    res = _loop(
        [
            RAIN_DRAFT + " Cars hiss past and the bakery lights glow warm.",
            "A rainy morning in the city in at most 20 words.",
            "I'm happy to help with that request!",
        ],
        RAIN,
        candidates=2,
    )
    assert res.answer.startswith(RAIN_DRAFT) and res.stop_reason == "rejected"
    # one is refused as a text about the request, the other as no cut of the draft
    assert res.checks[substance.TALKS] == 1 and res.checks[checks.REPLACED] == 1


def test_substance_off_keeps_the_old_behaviour():
    long_draft = ONE_LONG
    invented = "Promote a sale at the school's Bake Store today, offering a 40% discount on all items."
    res = _loop(
        [long_draft, fb(TOP, stop=True, points=()), invented, "x " * 300],
        BAKE,
        candidates=2,
        substance=False,
    )
    assert res.answer == invented


def test_an_id_made_up_inside_a_link_is_invented_and_a_search_link_is_not():
    req = "give me a youtube link that searches for sourdough shaping tutorial"
    refusal = "I'm sorry, but I can't assist with that."
    made_up = "Here is a tutorial:\n\nhttps://www.youtube.com/watch?v=QwzZuQwzZuQ"
    assert substance.new_ids(made_up, f"{req}\n{refusal}") == ["QwzZuQwzZuQ"]
    assert substance.substance_fault(made_up, request=req, previous=refusal) == substance.INVENTED
    search = "https://www.youtube.com/results?search_query=sourdough+shaping+tutorial"
    assert substance.new_ids(search, req) == []
    docs = "See https://developer.mozilla.org/en-US/docs/Web/Accessibility and https://wa.me/447700900123"
    assert substance.new_ids(docs, req) == []
    assert substance.new_ids(made_up, f"{req}\n{made_up}") == []  # the answer had it already


def test_a_quotation_neither_the_request_nor_the_answer_wrote_is_invented():
    req = (
        'Rewrite the following sentence in a more formal way: "Them youngins be always on that damn phone". '
        'Avoid using the word "damn".'
    )
    head = "Rewrite the following sentence in a more formal way: "
    previous = head + '"Them youngins be always on the phone".'
    altered = head + '"We\'ll always be there to listen to your voice."'
    assert substance.new_quotes(altered, f"{req}\n{previous}") == [
        '"We\'ll always be there to listen to your voice."'
    ]
    assert substance.substance_fault(altered, request=req, previous=previous) == substance.INVENTED
    cut = head + '"Them youngins be always on that phone".'
    assert substance.substance_fault(cut, request=req, previous=previous) is None  # a quote cut to fit
    assert substance.new_quotes('She said "see you at the old mill tonight"', "") != []
    assert substance.new_quotes('print("see you at the old mill tonight")', "") != []  # prose-level rule
    assert (
        substance.invented('```python\nprint("see you at the old mill tonight")\n```', "Write code.", "")
        == []
    )


def test_a_rewrite_that_is_only_the_phrase_the_request_asks_to_end_with_is_restated():
    req = (
        'Write a rant in all capital letters. End the rant with the phrase "What would happen to human next?"'
    )
    refused = "I'm sorry, but I can't assist with that request."
    assert substance.restates_request("WHAT WOULD HAPPEN TO HUMAN NEXT?", req, refused)
    options = "Answer with one of the following options: ('My answer is yes.', 'My answer is no.')"
    assert not substance.restates_request("My answer is yes.", options, "Yes, I think so, mostly.")


def test_a_known_number_in_a_new_unit_of_time_is_invented():
    # generic test6 x06 (1.5B critic): the gym's "6am" class became "a 6-hour workout session"
    req = "instagram caption for our gym's new 6am bootcamp class. open with a question to hook people"
    previous = "What exciting new 6am bootcamp class is coming to your gym? #earlybird"
    six_hours = previous[:-11] + " Join us for a 6-hour workout session. #earlybird"
    assert substance.new_durations(six_hours, f"{req}\n{previous}") == ["6 hour"]
    assert substance.substance_fault(six_hours, request=req, previous=previous) == substance.INVENTED
    same = previous[:-11] + " Join us at 6 a.m. for a sunrise workout. #earlybird"
    assert substance.substance_fault(same, request=req, previous=previous) is None  # 6am, written out
    # a time with minutes, a unit written another way, and a number the reference never has
    assert substance.new_durations("We meet at 9:30 am.", "moves to 9:30") == []
    assert substance.new_durations("Bake 30 mins, then rest a 30-minute break.", "bake for 30 minutes") == []
    assert substance.new_durations("Rest 45 minutes.", "bake for 30 minutes") == []  # new_numbers' to report
    # generic test5 w23: "Saturday hours (9 to 5)" written "9 AM to 5 PM" is the same time; a count is not
    assert substance.new_durations("Open 9 AM to 5 PM.", "new Saturday hours (9 to 5, starting June 1)") == []
    assert substance.new_durations("Come at 3 pm.", "a party for my 3 kids") == ["3 pm"]


def test_checkbox_items_plurals_and_possessives_are_no_new_names():
    # generic test5 w27: "- [ ] Ensure ..." read as a name inside a sentence; w23's "Saturdays"
    checklist = "- [ ] Ensure the title is short.\n- [x] Proofread the post."
    assert substance.new_names(checklist, "a pre-publish checklist with - [ ] boxes") == []
    assert (
        substance.new_names("We open on Saturdays, and Maya's team helps.", "Saturday hours; ask Maya") == []
    )
    assert substance.new_names("- [ ] Ask Priya to review it.", "a checklist") == ["Priya"]


def test_the_requests_own_example_handed_back_in_the_quotes_it_asks_for_is_restated():
    # ifeval-334 (1.5B critic, a dev re-run): the example slogan of the request, as the slogan
    req = (
        "Create a slogan for my company and wrap your entire response with double quotation marks. "
        "My company's name is Color Paper. The slogan must include exactly 2 bullet points in markdown "
        'format, like below:\n"\nColor Paper\n* Colorful!\n* Eye-catching!\n"'
    )
    draft = '"Color Paper - Colorful, Eye-catching Towls"'
    example = '"Color Paper\n* Colorful!\n* Eye-catching!"'
    assert substance.substance_fault(example, request=req, previous=draft) == substance.RESTATED
    own = '"Color Paper\n* Bright colors for every kitchen\n* Towels that catch the eye"'
    assert substance.substance_fault(own, request=req, previous=draft) is None


def test_a_json_answer_is_read_for_invented_numbers():
    previous = '```json\n{"Nationality": "Argentina", "Height": "1.70 meters", "Born": "1987"}\n```'
    invented = '```json\n{"Nationality": "Argentina", "Height": "180 inches", "Weight": "73 lbs"}\n```'
    assert substance.invented(invented, "List facts about Messi in JSON.", previous) == ["180", "73"]
    assert substance.invented('{"Nationality": "Argentina", "Born": "1987"}', "In JSON.", previous) == []


def test_an_answer_that_opens_with_a_bracketed_placeholder_is_prose_not_data():
    resume = "[Your Name]\nSoftware engineer at Initech since 2019."
    assert substance._data(resume) is None and substance._data('{"a": 1}') == '{"a": 1}'
    assert "Initech" in substance.invented(resume, "Write a resume.", "[Your Name]\nSoftware engineer.")


def test_a_rewrite_that_drops_the_text_the_request_quotes_is_refused():
    # phrased anew from an IFEval dev loss: "rewrite this sentence in 3 paragraphs" became a story
    # in which the sentence's content no longer appears
    request = 'Rewrite this sentence as 2 paragraphs: "Tides are pulled by the moon and the sun."'
    answer = "Tides are pulled by the moon and the sun, twice a day."
    story = "A fisherman walked home.\n\nHe ate his supper alone by the fire."
    kept = "Tides rise and fall twice a day.\n\nBoth the moon and the sun pull on them."
    assert substance.dropped_source(story, request, answer)
    assert not substance.dropped_source(kept, request, answer)
    assert not substance.dropped_source(story, request, "A poem about the sea.")  # it had dropped it already
    assert not substance.dropped_source(
        story, "Write 2 paragraphs about a fisherman.", answer
    )  # nothing quoted
    assert (
        checks.judge_rewrite(
            story,
            previous=answer,
            earlier=[answer],
            reference=request,
            points=[],
            request=request,
            substance=True,
        )
        == substance.DROPPED
    )


def test_a_drafts_own_bracketed_name_asks_for_no_new_placeholders():
    # phrased anew from generic z22 (dev): a draft signed "[Your Name]" was rewritten to length
    # with "[list the lunch spots]" where the welcome note's content was asked for
    request = "Write a welcome note for our new Leeds team, around 120 words."
    draft = "Dear team,\n\nWelcome to Leeds. We start at nine.\n\nBest,\n[Your Name]"
    padded = draft.replace("We start at nine.", "We start at nine. Good lunch spots: [list the lunch spots].")
    assert substance.placeholders(padded, f"{request}\n{draft}", request) == ["[list the lunch spots]"]
    assert (
        substance.placeholders(draft.upper(), f"{request}\n{draft}", request) == []
    )  # the same, in capitals
    asked = "Write a form letter with placeholders in square brackets."
    assert substance.placeholders(padded, f"{asked}\n{draft}", asked) == []


def test_a_rewrite_that_loses_an_address_or_number_the_request_gave_is_refused():
    # phrased anew from generic test10's m03 (dev): a vCard rewrite that gained its FN line and lost
    # the email address the request gave
    request = "Give me the vCard text for Ann Lee, mobile +44 7700 900123, email ann@lee.example, https://lee.example"
    answer = "BEGIN:VCARD\nN:Lee;Ann\nTEL:+44 7700 900123\nEMAIL:ann@lee.example\nURL:https://lee.example\nEND:VCARD"
    lost = "BEGIN:VCARD\nFN:Ann Lee\nEMAIL;+44 7700 900123\nURL:https://lee.example\nEND:VCARD"
    kept = "BEGIN:VCARD\nFN:Ann Lee\nTEL:+447700900123\nEMAIL:ANN@lee.example\nURL:lee.example/\nEND:VCARD"
    assert substance.dropped_given(lost, request, answer)
    assert not substance.dropped_given(kept, request, answer)  # reformatted, not lost
    assert not substance.dropped_given(lost, request, "BEGIN:VCARD\nN:Lee\nEND:VCARD")  # never had it
    assert substance.substance_fault(lost, request=request, previous=answer) == substance.DROPPED
    code = "Write is_mobile(number); is_mobile('+44 7700 900123') == True"
    assert not substance.dropped_given("def is_mobile(n):\n    return True", code, "+44 7700 900123")
