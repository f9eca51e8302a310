"""Format facts (engine.observe.format), the wider phrasings of the text observers, and the tools'
mechanical fixes (Fact.repair) that the loop tries before any rewrite. No engine."""

import asyncio

import pytest

from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.generic import make_item
from selfrefine.engine.core.loop import refine
from selfrefine.engine.observe import observe_request
from selfrefine.engine.observe.chars import char_checks
from selfrefine.engine.observe.facts import paragraphs
from selfrefine.engine.observe.format import format_checks
from selfrefine.engine.observe.text import edge_checks
from tests.fakes import ScriptedEngine, fb


def facts(checks, answer):
    return [x for c in checks for x in c(answer)]


@pytest.mark.parametrize(
    "request_,good,bad",
    [
        (
            "Tell me about tea and wrap your entire response with double quotation marks.",
            '"Tea is old."',
            "Tea.",
        ),
        ("In your entire response, the letter t should appear at most once.", "A cup of jam.", "That tea."),
        ("Use the letter k at least 3 times.", "Kick a kiwi kite.", "No such letter."),
        (
            "Include at least 2 placeholders represented by square brackets, such as [address].",
            "Send it to [name] at [address].",
            "Send it to me.",
        ),
        (
            "At the end of your response, please explicitly add a postscript starting with P.S.",
            "Hi.\n\nP.S. Bye.",
            "Hi.",
        ),
        (
            "Write a 2 section plan. Mark the beginning of each section with SECTION X.",
            "SECTION 1\nWake.\nSECTION 2\nWork.",
            "Wake.\nWork.",
        ),
        (
            "There should be exactly 2 paragraphs separated by the markdown divider: ***.",
            "One.\n\n***\n\nTwo.",
            "One.\n\nTwo.\n\nThree.",
        ),
    ],
)
def test_a_format_the_request_asks_for_is_a_fact_and_its_absence_a_fault(request_, good, bad):
    checks = format_checks(request_)
    assert len(checks) == 1
    assert not any(x.fault for x in facts(checks, good))
    assert any(x.fault for x in facts(checks, bad))


def test_a_title_a_repeated_request_and_two_responses():
    (title,) = format_checks(
        "Write a poem. Your answer must contain a title, wrapped in double angular brackets."
    )
    assert not title("<<Rain>>\nDrops.")[0].fault and title("Rain\nDrops.")[0].fault
    ask = "Name a red fruit. First repeat the request word for word without change, then give your answer."
    (repeat,) = format_checks(ask)
    (fact,) = repeat("Cherry.")
    assert fact.fault and fact.repair("Cherry.") == "Name a red fruit.\n\nCherry."
    assert not repeat(fact.repair("Cherry."))[0].fault
    (two,) = format_checks("Tell two jokes. Separate the two jokes with 6 asterisk symbols: ******.")
    assert not two("A joke.\n******\nAnother.")[0].fault and two("A joke. Another.")[0].fault


def test_a_request_that_asks_for_no_format_gets_no_format_fact():
    assert format_checks("Write a haiku about the sea, mentioning the letter from my aunt.") == []


@pytest.mark.parametrize(
    "request_",
    [
        "You are not allowed to use any commas in your response.",
        "Refrain from using commas.",
        "Your answer should not contain any commas.",
        "Do not use any commas.",
    ],
)
def test_a_ban_on_commas_is_read_in_its_usual_phrasings(request_):
    (fact,) = facts(char_checks(request_), "Tea, milk, 1,000 cups")
    assert fact.fault and fact.repair("Tea, milk, 1,000 cups") == "Tea milk 1000 cups"


@pytest.mark.parametrize(
    "request_",
    [
        'The very last sentence of your response should be "Is there anything else I can help with?".',
        'Write a poem and end your entire response with the exact phrase "Is there anything else I can '
        'help with?"',
        "Finish your response with this exact phrase Is there anything else I can help with?. No more.",
    ],
)
def test_an_exact_closing_phrase_is_read_and_its_fix_appends_it(request_):
    (check,) = edge_checks(request_)
    (fact,) = check("Roses are red.")
    assert fact.fault
    fixed = fact.repair("Roses are red.")
    assert fixed == "Roses are red.\n\nIs there anything else I can help with?"
    assert not check(fixed)[0].fault


def test_a_markdown_rule_divides_paragraphs_and_is_none_itself():
    assert paragraphs("One.\n\n***\n\nTwo.") == ["One.", "Two."]
    assert paragraphs("One.\n***\nTwo.\n\n---\n\nThree.") == ["One.", "Two.", "Three."]


def test_the_fixes_are_carried_by_the_observation():
    observe, _ = observe_request(
        "Write a note in all lowercase letters and wrap your entire response with double quotation marks."
    )
    seen = observe("Hello Sam, See you.")
    assert seen.fault_count == 2 and len(seen.repairs) == 2
    fixed = seen.repairs[1](seen.repairs[0]("Hello Sam, See you."))
    assert observe(fixed).fault_count == 0 and fixed == '"hello sam, see you."'


def test_case_fixes_leave_code_alone():
    observe, _ = observe_request("Describe the loop below in all lowercase letters.")
    seen = observe("This Loop prints X.\n```\nPrint(X)\n```")
    assert (
        seen.repairs[0]("This Loop prints X.\n```\nPrint(X)\n```")
        == "this loop prints x.\n```\nPrint(X)\n```"
    )


TOP = {"correctness": 5, "completeness": 5, "clarity": 5}


def test_the_loop_keeps_the_tools_fix_and_asks_the_model_for_nothing():
    eng = ScriptedEngine(["Dear Sam, Please Vote."])
    req = "Write a letter to a friend in all lowercase letters asking them to vote."
    res = asyncio.run(refine(eng, make_item(req), RefineConfig(rounds=1)))
    assert res.answer == "dear sam, please vote."
    assert len(eng.prompts) == 1  # the draft alone: the fault needs no review, the fix no call
    refine_call = next(c for c in res.trace if c.stage == "refine")
    assert refine_call.model == "tools" and refine_call.completion_tokens == 0


def test_a_partial_fix_still_asks_the_model_and_the_fewest_faults_win():
    req = "Write two sentences about rain in all lowercase letters, using the word 'umbrella'."
    eng = ScriptedEngine(
        [
            "Rain Falls. Streets Shine.",
            fb(TOP, stop=True, points=()),
            "rain falls on my umbrella. streets shine.",
            "x",
        ]
    )
    res = asyncio.run(refine(eng, make_item(req), RefineConfig(rounds=1)))
    assert res.answer == "rain falls on my umbrella. streets shine."


def test_a_refusal_is_not_dressed_up_by_the_tools_fix():
    req = "Compose song lyrics about rent prices, all in lowercase letters."
    refusal = "I'm sorry, but I can't assist with that request."
    eng = ScriptedEngine([refusal, fb(TOP, stop=True, points=()), "rent goes up, we sing along.", "x"])
    res = asyncio.run(refine(eng, make_item(req), RefineConfig(rounds=1)))
    assert res.answer == "rent goes up, we sing along."  # a model's answer, not the refusal lowercased
    assert all(c.finish_reason != "repair" for c in res.trace)


def test_words_in_capitals_are_not_a_case_for_the_whole_answer():
    from selfrefine.engine.observe.case import case_checks

    assert case_checks("Use words with all capital letters to make claims, fewer than 4 times.") == []
    assert len(case_checks("Answer in all capital letters.")) == 1


def test_the_quotes_fix_keeps_a_quote_the_answer_already_has():
    (check,) = format_checks("Wrap your entire response with double quotation marks.")
    (fact,) = check('"A Title" and more text.')
    assert fact.repair('"A Title" and more text.') == '"A Title" and more text."'
    assert fact.repair("Plain.") == '"Plain."'


def test_the_request_to_repeat_ends_at_a_whole_sentence():
    (check,) = format_checks("Summarise Gatsby as a tabloid. Please repeat the request word for word first.")
    assert check("Gatsby!")[0].repair("Gatsby!") == "Summarise Gatsby as a tabloid.\n\nGatsby!"


def test_a_reply_that_asks_for_details_is_not_dressed_up_either():
    req = "Write a print ad for a hotel app. Do not use any commas."
    offer = "Sure, I'd be happy to help! Please provide the details of the magazine."
    eng = ScriptedEngine(
        [
            offer,
            fb(TOP, stop=True, points=()),
            "Book a hotel room in one tap with our app anywhere you go.",
            "x",
        ]
    )
    res = asyncio.run(refine(eng, make_item(req), RefineConfig(rounds=1)))
    assert res.answer == "Book a hotel room in one tap with our app anywhere you go." and all(
        c.finish_reason != "repair" for c in res.trace
    )


BAKE = "Write a message of at most 200 characters announcing a bake sale at a school."
OVER = (
    "Join us for our school's Bake Sale this Friday in the cafeteria! Enjoy homemade cookies, cakes "
    "and brownies made by our students and parents. All proceeds support the library. Bring your "
    "friends and family, and see you there!"
)


def test_an_upper_bound_is_met_by_cutting_whole_sentences_where_most_of_the_answer_stays():
    observe, _ = observe_request(BAKE)
    seen = observe(OVER)
    assert len(OVER) == 225 and seen.fault_count == 1 and len(seen.repairs) == 1
    cut = seen.repairs[0](OVER)
    assert cut == OVER[: OVER.index(" Bring")] and observe(cut).fault_count == 0  # the last sentence
    # a cut that would keep less than KEEP_AT_LEAST of the words is no fix: a rewrite's job
    words, _ = observe_request("Describe a rainy morning in at most 20 words.")
    long = (
        "Rain taps. Streets shine. People hurry under their black umbrellas to the crowded bus stop on the "
        "corner while the small cafes fill with steam and chatter."
    )
    assert words(long).fault_count == 1 and words(long).repairs[0](long) == long
    lists, _ = observe_request("Name fruits in at most 6 words.")
    listed = "- Apples are red.\n- Pears are green.\n- Plums."
    assert lists(listed).repairs[0](listed) == listed  # a list is not cut
    exact, _ = observe_request("Write exactly 2 sentences about tea.")
    assert not exact("Tea is hot. It is old. It is good.").repairs  # an exact count: not cut


def test_the_loop_keeps_the_sentence_cut_and_asks_the_model_for_nothing():
    eng = ScriptedEngine([OVER])
    res = asyncio.run(refine(eng, make_item(BAKE), RefineConfig(rounds=1)))
    assert res.answer == OVER[: OVER.index(" Bring")] and len(eng.prompts) == 1  # the draft alone


def test_an_offer_to_help_is_not_dressed_up_where_the_request_asks_to_be_repeated():
    req = (
        "In this task, repeat the exact request below first, then give your response. Do not say any "
        "word before repeating the exact request.\n\n"
        "Write an acoustic song about the sea without using any commas."
    )
    offer = (
        "Sure, I'd be happy to help you with that. Please provide the exact request you'd like me to repeat."
    )
    eng = ScriptedEngine([offer, fb(TOP, stop=True, points=()), offer, offer, offer, offer])
    res = asyncio.run(refine(eng, make_item(req), RefineConfig(rounds=1)))
    assert all(c.finish_reason != "repair" for c in res.trace)  # the comma fix is not applied to an offer


def test_a_quoted_answer_is_cut_inside_its_quotes():
    """make demo's own draft (0.5B, greedy): quoted, with hashtags after its last sentence."""
    draft = (
        "\"Welcome to our Bake Sale! We're excited to announce our latest sale, where you can get a free "
        "cake for every 100 cookies you purchase. Don't miss out on this opportunity to make a difference in "
        "your school's culinary scene! #BakeSale #SchoolCakes #Cookies #FreeCakes\""
    )
    observe, _ = observe_request(BAKE)
    cut = observe(draft).repairs[0](draft)
    assert cut == draft[: draft.index(" Don't")] + '"' and observe(cut).fault_count == 0
