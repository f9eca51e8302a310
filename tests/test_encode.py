"""A text the request asks to encode (engine.observe.encode): the text read from quotes, a last colon
or capitals; ROT13, Caesar, Morse, NATO, binary and base64 computed by the tools; an answer that does
not write the encoding is a fault whose fix is the encoding, kept by the loop though much shorter."""

import asyncio

import pytest

from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.generic import make_item
from selfrefine.engine.core.loop import refine
from selfrefine.engine.observe.encode import encode_checks, source
from tests.fakes import ScriptedEngine


@pytest.mark.parametrize(
    "request_, text, want",
    [
        (
            "ROT13 this for my forum post: The answer is a candle.",
            "The answer is a candle.",
            "Gur nafjre vf n pnaqyr.",
        ),
        ('Encrypt "Hi Sam" with a Caesar cipher, shifting each letter 5 places.', "Hi Sam", "Mn Xfr"),
        ("Encode the clue LOOK UP with a Caesar shift of 3.", "LOOK UP", "ORRN XS"),
        ("Write SOS HELP in Morse code for a card.", "SOS HELP", "... --- ... / .... . .-.. .--."),
        ("How do I spell QH7 with the NATO phonetic alphabet?", "QH7", "Quebec Hotel Seven"),
        ("Write her name, ADA, in 8-bit binary ASCII.", "ADA", "01000001 01000100 01000001"),
        ('Spell "CAT" as binary, please.', "CAT", "01000011 01000001 01010100"),
        ("base64 encode this for a secret. The value is: db-pass-42", "db-pass-42", "ZGItcGFzcy00Mg=="),
    ],
)
def test_the_text_and_its_encoding(request_, text, want):
    assert source(request_) == text
    (check,) = encode_checks(request_)
    (bad,) = check("I can't do that exactly, but here is how it works.")
    assert bad.fault.endswith(f'Computed by the tools, it is: "{want}".')
    assert bad.repair("anything") == want
    assert check(f"Here it is:\n\n{want}")[0].fault is None


@pytest.mark.parametrize(
    "answer",
    [
        "Q - Quebec\nH - Hotel\n7 - Seven",  # labels between the words
        "quebec, hotel, seven",
        "Q: Quebec / H: Hotel / 7: Seven",
    ],
)
def test_unit_by_unit_encodings_are_read_with_labels_between(answer):
    (check,) = encode_checks("How do I spell QH7 with the NATO phonetic alphabet?")
    assert check(answer)[0].fault is None


@pytest.mark.parametrize(
    "request_",
    [
        "Decode this base64 for me: aGVsbG8=",
        "What is Morse code and who invented it?",
        "Explain binary numbers to a 10 year old.",
    ],
)
def test_decoding_and_questions_about_an_encoding_ask_nothing(request_):
    assert encode_checks(request_) == []


def test_the_loop_keeps_the_tools_encoding_over_a_longer_how_to():
    ask = "Can you base64 encode this for a Kubernetes secret? The value is: staging-db-pass-42"
    draft = (
        "You can use the `base64` command in a terminal:\n\n"
        "```bash\necho -n 'staging-db-pass-42' | base64\n```\n\n"
        "This command will print the base64 encoded value of the string for your secret."
    )
    eng = ScriptedEngine([draft])
    res = asyncio.run(refine(eng, make_item(ask), RefineConfig(rounds=1)))
    assert res.answer == "c3RhZ2luZy1kYi1wYXNzLTQy"
    assert len(eng.prompts) == 1


@pytest.mark.parametrize(
    "request_",
    [
        'Write a short bio for a non-binary character called "Alex".',
        "Which is faster, a binary search or a linear one?",
        'My dad was a radio operator who knew Morse; write a toast for him called "Dots and Dashes".',
        # generic j20 (test17): the .gitattributes became "CRLF" in binary
        "Can you write a .gitattributes that forces LF for .sh scripts, CRLF for .bat files, and treats "
        ".png and .jpg images as binary?",
        "Write the git config marking PNG files as binary.",
        "How do I save the export to binary format? Use the CLI: EXPORT",
    ],
)
def test_an_encoding_named_in_passing_asks_nothing(request_):
    assert encode_checks(request_) == []
