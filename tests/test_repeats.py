"""Calls that end once they loop (engine.backends.repeats): where a text counts as looping, and
what an append-mode rewrite keeps of a call that ended so. No engine (the real calls on both
backends: tests/test_hf_engine.py)."""

from selfrefine.engine.backends.repeats import EVERY, REPEAT, RepeatWatch, repeat_end, without_repeats
from selfrefine.engine.core.rewriting import Append, repaired
from selfrefine.engine.types import Call


def test_a_sentence_written_a_third_time_is_a_loop_and_its_end_is_where_the_call_stops():
    s = "The morning light is soft and bright."
    text = f"{s} Birds sing. {s} The town wakes up slowly now. {s} More"
    end = repeat_end(text)
    assert end is not None and text[:end].count(s) == 3 and text[end:] == " More"
    assert repeat_end(f"{s} {s}") is None  # twice is not a loop


def test_letter_case_spacing_and_punctuation_aside_lines_count_as_units():
    lines = ["- the OLD lighthouse keeper walks home", "- The old lighthouse keeper, walks home!", ""]
    assert repeat_end("\n".join(lines * 2)) is not None
    assert repeat_end("\n".join(lines[:2])) is None


def test_short_units_repeat_in_sound_text_and_never_count():
    assert repeat_end("- Yes\n- Yes\n- Yes\n- Yes\n") is None  # a list of short items
    code = "def f(x):\n    return x\n\ndef g(x):\n    return x\n\ndef h(x):\n    return x\n"
    assert repeat_end(code) is None
    assert (
        repeat_end("Tick tock goes the clock. " * 2 + "Tick tock goes the clock") is None
    )  # unfinished third


def test_the_watch_reads_the_text_every_few_tokens_only():
    watch = RepeatWatch()
    assert not watch.due(EVERY - 1)  # too soon to read
    assert watch.due(EVERY) and not watch.due(EVERY + 1)  # read at EVERY: the next read is at 2 * EVERY
    assert watch.due(2 * EVERY)
    assert repeat_end("The morning light is soft and bright. " * 3) is not None
    assert repeat_end("A sound text with no loop at all in it.") is None


def test_an_append_that_ended_in_a_loop_keeps_its_new_sentences_without_the_unfinished_tail():
    previous = "The cat sleeps on the mat."
    text = "The dog runs in the park. The dog runs in the park. The dog runs in the park. The bi"
    call = Call("refine", 1, "m", text, 0, 0, 30, 0.0, REPEAT)
    assert Append().apply(previous, call) == "The cat sleeps on the mat. The dog runs in the park."
    assert call.trimmed


def test_a_text_that_loops_is_written_once_and_one_that_does_not_comes_back_as_it_is():
    s = "Each bee has its own unique story to tell."
    looped = f"Bees make honey for the hive all summer long. {s} {s} {s} {s} Each bee has"
    assert without_repeats(looped) == f"Bees make honey for the hive all summer long. {s}"
    listed = "\n".join(
        ["- [ ] Check the links in the post before it goes out."] * 4 + ["- [ ] Add a tag", "-"]
    )
    assert without_repeats(listed) == "- [ ] Check the links in the post before it goes out.\n- [ ] Add a tag"
    twice = f"{s} {s} And then it ends."  # written twice is no loop: left alone
    assert without_repeats(twice) == twice


def test_the_tools_fix_writes_a_looping_answer_once_unless_the_request_asks_for_repeats():
    s = "Not the mug again, my dear cat, please!"
    looped = "\n".join([s] * 3)
    assert repaired(looped, (), "Write a song about my cat.") == s
    assert repaired(looped, (), "Repeat the line 'Not the mug again' three times.") == looped
    assert repaired(looped, (str.upper,), "Write a song about my cat.") == s.upper()  # then the fixes


def test_an_outline_label_left_bare_by_the_repeats_dropped_goes_too():
    s = "The soccer world is a place where people come together."
    looped = f"A. {s}\nB. {s}\nC. {s}\nD. {s}\nE. Keep your head up, team."
    assert without_repeats(looped) == f"A. {s}\n\nE. Keep your head up, team."
