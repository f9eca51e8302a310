"""A text the request asks to encode (ROT13, a Caesar shift, Morse, the NATO alphabet, 8-bit binary,
base64): the tools compute the encoding exactly. An answer that does not write it is a fault whose
fix is the encoding itself, the whole of what was asked. The text is the request's quoted text, else
what follows its last colon, else its run of capitals ("spell QHR7WZ", "write SEE YOU SOON")."""

from __future__ import annotations

import base64
import codecs
import re
from collections.abc import Callable

from selfrefine.engine.observe.facts import NUM, WHOLE_ANSWER, Fact, number
from selfrefine.engine.observe.text import Check

_MORSE = dict(
    zip(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
        ".- -... -.-. -.. . ..-. --. .... .. .--- -.- .-.. -- -. --- .--. --.- .-. ... - ..- ...- .-- -..- "
        "-.-- --.. ----- .---- ..--- ...-- ....- ..... -.... --... ---.. ----.".split(),
    )
)
_NATO = dict(
    zip(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
        "Alfa Bravo Charlie Delta Echo Foxtrot Golf Hotel India Juliett Kilo Lima Mike November Oscar Papa "
        "Quebec Romeo Sierra Tango Uniform Victor Whiskey X-ray Yankee Zulu Zero One Two Three Four Five Six "
        "Seven Eight Nine".split(),
    )
)
_SAME_WORD = {"alpha": "alfa", "juliet": "juliett", "xray": "x-ray", "whisky": "whiskey", "niner": "nine"}
"""Other spellings of the NATO words, read as the same."""


def _caesar(text: str, shift: int) -> str:
    def one(c: str) -> str:
        if "a" <= c.lower() <= "z":
            base = ord("A") if c.isupper() else ord("a")
            return chr((ord(c) - base + shift) % 26 + base)
        return c

    return "".join(map(one, text))


def _morse(text: str) -> str | None:
    words = [w for w in text.upper().split() if w]
    if not all(c in _MORSE for w in words for c in w):
        return None
    return " / ".join(" ".join(_MORSE[c] for c in w) for w in words)


def _nato(text: str) -> str | None:
    chars = [c for c in text.upper() if not c.isspace()]
    return " ".join(_NATO[c] for c in chars) if chars and all(c in _NATO for c in chars) else None


def _binary(text: str) -> str | None:
    return " ".join(f"{ord(c):08b}" for c in text) if text.isascii() else None


_SCHEMES: tuple[tuple[str, re.Pattern, Callable[[str, str], str | None]], ...] = (
    ("ROT13", re.compile(r"\brot-?13\b", re.I), lambda t, r: codecs.encode(t, "rot13")),
    ("the Caesar cipher", re.compile(r"\bcaesar\b", re.I), lambda t, r: _shifted(t, r)),
    (
        "Morse code",
        re.compile(r"\b(?:in|into|to|as)\s+morse\b|\bmorse\s+(?:code\s+)?(?:for|of)\b", re.I),
        lambda t, r: _morse(t),
    ),
    (
        "the NATO alphabet",
        re.compile(r"\b(?:nato|phonetic)\s+(?:phonetic\s+)?alphabet\b", re.I),
        lambda t, r: _nato(t),
    ),
    (
        "8-bit binary",
        re.compile(
            r"\b(?:in|into|to)\s+(?:8-bit\s+)?binary\b(?!\s+(?:files?|format|mode|data|executables?)\b)|"
            r"\b(?:write|spell|encode|convert|translate|show|type)\w*\b"
            r"(?:(?!\b(?:that|which|treats?|marks?|handles?|files?|images?)\b)[^.?!\n]){0,60}?"
            r"\bas\s+(?:8-bit\s+)?binary\b|"
            r"\bbinary\s+(?:ascii|code)\b|\b8-bit\s+binary\b",  # not "treat .png files as binary"
            re.I,
        ),
        lambda t, r: _binary(t),
    ),
    (
        "base64",
        re.compile(
            r"\bbase-?64[\s-]*encod|\b(?:in|into|to|as)\s+base-?64\b|"
            r"\bencod\w*\s+(?:[\w'-]+\s+){0,5}?(?:in|as|to|into|with)\s+base-?64\b",
            re.I,
        ),
        lambda t, r: base64.b64encode(t.encode()).decode() if t.isascii() else None,
    ),
)
_ACRONYMS = frozenset("NATO ASCII ROT ROT13 BASE64 UTF UTF-8 URL SMS ID OK PS I A".split())
_DECODE = re.compile(r"\b(?:decode|decrypt|decipher|translate\s+(?:this|it)\s+(?:back|from))\b", re.I)


def _shifted(text: str, request: str) -> str | None:
    m = re.search(
        rf"\bshift(?:ing|ed)?\s+(?:of\s+|by\s+)?(?:each\s+letter\s+)?(?P<n>{NUM})\b|\b(?P<m>{NUM})\s+(?:places|positions|letters)\b",
        request,
        re.I,
    )
    if not m:
        return None
    n = number(m["n"] or m["m"])
    back = re.search(r"\b(?:back(?:wards?)?|left)\b", request[m.start() : m.end() + 30], re.I)
    return _caesar(text, -n if back else n)


def source(request: str) -> str | None:
    """The text the request asks to encode: quoted, else after the last colon, else the one text in
    capitals."""
    quoted = re.findall(r"\"([^\"\n]{1,120})\"|“([^”\n]{1,120})”", request)
    if quoted:
        return next(a or b for a, b in reversed(quoted))
    tail = re.search(r":\s*([^:\n]{1,120}?)\s*$", request.strip())
    if tail and len(tail[1].split()) <= 20:
        return tail[1]
    caps = [
        m.group()
        for m in re.finditer(r"\b[A-Z0-9][A-Z0-9'!?,]*(?:\s+[A-Z0-9][A-Z0-9'!?,]*)*\b", request)
        if not set(m.group().split()) <= _ACRONYMS
        and re.search(r"[A-Z]", m.group())
        and len(re.sub(r"\W", "", m.group())) >= 2
    ]
    return caps[0] if len(set(caps)) == 1 else None  # "LF ... CRLF": no one text in capitals


def encode_checks(request: str) -> list[Check]:
    """The check for a request that asks for its text in one of the encodings (not to decode one)."""
    if _DECODE.search(request):
        return []
    for name, asked, encode in _SCHEMES:
        if asked.search(request) and (text := source(request)):
            want = encode(text, request)
            if want and want != text:
                return [_encode_check(name, text, want)]
    return []


_NATO_WORDS = frozenset(w.lower() for w in _NATO.values())
_UNITS: dict[str, Callable[[str], list[str]]] = {
    "the NATO alphabet": lambda s: [
        w
        for w in (_SAME_WORD.get(x, x) for x in re.findall(r"[a-z]+(?:-[a-z]+)?", s.lower()))
        if w in _NATO_WORDS
    ],
    "8-bit binary": lambda s: re.findall(r"(?<![01])[01]{8}(?![01])", s),
    "Morse code": lambda s: re.findall(r"(?<![\w.-])[.-]{1,6}(?![\w.-])", s.translate(_DOTS)),
}
"""Encodings written unit by unit: the answer's units in order (labels like "Q - " between them are
no matter); the others are looked for as written (spaces aside)."""
_DOTS = str.maketrans({"·": ".", "•": ".", "—": "-", "–": "-", "−": "-"})


def _writes(name: str, want: str, answer: str) -> bool:
    units = _UNITS.get(name)
    if units is None:
        return " ".join(want.split()) in " ".join(answer.split())
    need, have = units(want), units(answer)
    return any(have[i : i + len(need)] == need for i in range(len(have) - len(need) + 1))


def _encode_check(name: str, text: str, want: str) -> Check:
    def check(answer: str) -> list[Fact]:
        if _writes(name, want, answer):
            return [Fact(f"{name}: the answer writes it right (asked: {text!r} in {name})")]
        return [
            Fact(
                f"{name}: the answer does not write {text!r} in {name} -- NOT MET",
                f'The request asks for "{text}" in {name}; the answer does not write it. '
                f'{WHOLE_ANSWER} "{want}".',
                lambda _answer: want,
            )
        ]

    return check
