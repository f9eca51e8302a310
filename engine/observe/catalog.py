"""A catalog of generic constraint kinds a critic can state about a request (engine.core.stated): each
kind is a pure function of the answer and typed parameters, `(answer, params) -> (holds, found)`,
written for how people phrase constraints in general (lengths, counts, case, words to use or
avoid, how the answer starts or ends, characters to leave out, lists, JSON, ...).

`validate` turns a stated kind's raw parameters into typed ones or raises ValueError with the
reason (the caller drops the check and records why); a check never crashes on a bad parameter.
`covered` says whether the regex observers (engine.observe) already report the same constraint,
so that one constraint never counts as two faults.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from dataclasses import dataclass, field

from selfrefine.engine.observe import facts as f
from selfrefine.engine.observe.facts import NUMBER_WORDS
from selfrefine.engine.observe.structure import parse_json
from selfrefine.engine.observe.text import occurrences

RELATIONS = ("at_least", "at_most", "exactly")
PROPERTIES = ("capitalized", "lowercase", "uppercase", "ends_with_punctuation")
LETTERS = tuple(string.ascii_lowercase)
PARAMS = ("relation", "n", "phrase", "letter", "property")
"""Every parameter any kind takes; a kind ignores those it does not take."""
MAX_N = 9999
MAX_PHRASE_CHARS = 80
_ASKED = {"at_least": "at least", "at_most": "at most", "exactly": "exactly"}
_TRIM = " \t\n*_#>\"'“”‘’`"
CHARACTERS = {
    "comma": ",",
    "period": ".",
    "full stop": ".",
    "dot": ".",
    "exclamation mark": "!",
    "exclamation point": "!",
    "exclamation": "!",
    "question mark": "?",
    "semicolon": ";",
    "colon": ":",
    "hyphen": "-",
    "dash": "-\u2013\u2014",
    "digit": "0123456789",
    "number": "0123456789",
    "numeral": "0123456789",
    "apostrophe": "'\u2019",
    "quotation mark": "\"'\u201c\u201d",
    "asterisk": "*",
    "hashtag": "#",
    "hash": "#",
}
"""How a request names a character it forbids -> the characters (a bare symbol is itself)."""
_SEEN_CHARS = {",": "comma", ".": "period|full stop", "!": "exclamation mark", "?": "question mark"}
_SEEN_CHARS.update({";": "semicolon", ":": "colon", "-": "hyphen|dash", "0": "digit"})
"""How the observers' fact line names a forbidden character (engine.observe.text), by its first."""


@dataclass(frozen=True)
class Kind:
    """One kind of constraint: the parameters it needs and may take, its check, what it asks
    (for the fact line) and, when the observers check the same, the pattern of their fact line."""

    name: str
    run: Callable[[str, dict], tuple[bool, str]]
    asked: Callable[[dict], str]
    needs: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    seen_as: str | None = None
    properties: tuple[str, ...] = field(default=PROPERTIES)

    def signature(self) -> str:
        """How the prompt lists it: `word_count(relation, n)`, `include_phrase(phrase, [relation, n])`."""
        parts = [*self.needs, *([f"[{', '.join(self.optional)}]"] if self.optional else [])]
        return f"{self.name}({', '.join(parts)})" if parts else self.name


def holds(relation: str, have: int, n: int) -> bool:
    return {"at_least": have >= n, "at_most": have <= n, "exactly": have == n}[relation]


# ---------------------------------------------------------------- the checks


def _count(unit: str, counter: Callable[[str], int]) -> Callable[[str, dict], tuple[bool, str]]:
    def run(answer: str, p: dict) -> tuple[bool, str]:
        have = counter(f.prose(answer))
        return holds(p["relation"], have, p["n"]), f"the answer has {f.plural(have, unit)}"

    return run


def _count_asked(unit: str) -> Callable[[dict], str]:
    return lambda p: f"{_ASKED[p['relation']]} {f.plural(p['n'], unit)}"


def _case(case: str) -> Callable[[str, dict], tuple[bool, str]]:
    def run(answer: str, p: dict) -> tuple[bool, str]:
        words = re.findall(r"[^\W\d_]+", f.prose(answer))
        wrong = [w for w in words if w != (w.upper() if case == "upper" else w.lower())]
        if not wrong:
            return True, f"every word is in {case}case"
        return False, f'{f.plural(len(wrong), "word")} not in {case}case, e.g. "{wrong[0]}"'

    return run


def _include(answer: str, p: dict) -> tuple[bool, str]:
    have = occurrences(p["phrase"], answer)
    return holds(p["relation"], have, p["n"]), f'"{p["phrase"]}" appears {f.plural(have, "time")}'


def _exclude(answer: str, p: dict) -> tuple[bool, str]:
    have = occurrences(p["phrase"], answer)
    return have == 0, f'"{p["phrase"]}" appears {f.plural(have, "time")}'


def _starts(answer: str, p: dict) -> tuple[bool, str]:
    text, want = answer.strip(_TRIM), p["phrase"].strip(_TRIM)
    ok = text.lower().startswith(want.lower()) and not (
        want[-1:].isalnum() and text[len(want) : len(want) + 1].isalnum()
    )
    return ok, f'the answer starts with "{text[: len(want) + 20]}"'


def _ends(answer: str, p: dict) -> tuple[bool, str]:
    want = p["phrase"].strip(" \t\n")
    text = answer.rstrip(" \t\n*_\"'”’`")
    if want[-1:].isalnum():  # "end with the word goodbye": a final mark may follow it
        text = text.rstrip(".!?")
    ok = text.lower().endswith(want.lower()) and not (
        want[:1].isalnum() and text[-len(want) - 1 : -len(want)].isalnum()
    )
    return ok, f'the answer ends with "{text[-(len(want) + 20) :]}"'


def _no_char(answer: str, p: dict) -> tuple[bool, str]:
    have = sum(answer.count(c) for c in p["chars"])
    return have == 0, f"the answer has {have} of them"


def _letters(answer: str, p: dict) -> tuple[bool, str]:
    have = answer.lower().count(p["letter"])
    return holds(p["relation"], have, p["n"]), f'the letter "{p["letter"]}" appears {f.plural(have, "time")}'


def _has_property(text: str, prop: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    if prop == "capitalized":
        return not letters or letters[0].isupper()
    if prop == "lowercase":
        return text == text.lower()
    if prop == "uppercase":
        return text == text.upper()
    return text.rstrip(" \t*_\"'”’)")[-1:] in (".", "!", "?")


def _every(unit: str) -> Callable[[str, dict], tuple[bool, str]]:
    def run(answer: str, p: dict) -> tuple[bool, str]:
        text = f.prose(answer)
        parts = (
            re.findall(r"[^\W_]+(?:['’-][^\W_]+)*", text)
            if unit == "word"
            else [x.strip() for x in text.splitlines() if x.strip()]
        )
        wrong = [x for x in parts if not _has_property(x, p["property"])]
        if not wrong:
            return True, f"all {f.plural(len(parts), unit)} are"
        return False, f'{len(wrong)} of {f.plural(len(parts), unit)} not so, e.g. "{wrong[0][:60]}"'

    return run


def _quoted(answer: str, p: dict) -> tuple[bool, str]:
    text = answer.strip()
    ok = len(text) >= 2 and text[0] in '"“' and text[-1] in '"”'
    return ok, "the whole answer is in double quotes" if ok else f'the answer starts with "{text[:12]}"'


def _title(answer: str, p: dict) -> tuple[bool, str]:
    m = re.search(r"<<([^<>\n]+)>>", answer)
    return bool(m), f"title: <<{m[1]}>>" if m else "no title in << >>"


def _list(counter: Callable[[str], int], unit: str) -> Callable[[str, dict], tuple[bool, str]]:
    def run(answer: str, p: dict) -> tuple[bool, str]:
        have = counter(f.prose(answer))
        ok = holds(p["relation"], have, p["n"]) if "n" in p else have >= 2
        return ok, f"the answer has {f.plural(have, unit)}"

    return run


def _list_asked(unit: str, name: str) -> Callable[[dict], str]:
    return lambda p: f"{_ASKED[p['relation']]} {f.plural(p['n'], unit)}" if "n" in p else f"a {name}"


def _json(answer: str, p: dict) -> tuple[bool, str]:
    _, why = parse_json(answer)
    return why is None, "the answer parses as JSON" if why is None else f"it does not parse ({why})"


_COUNT = ("relation", "n")
KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        Kind("word_count", _count("word", f.words), _count_asked("word"), _COUNT, seen_as=r"words: "),
        Kind(
            "sentence_count",
            _count("sentence", f.sentences),
            _count_asked("sentence"),
            _COUNT,
            seen_as=r"sentences: ",
        ),
        Kind(
            "paragraph_count",
            _count("paragraph", lambda t: len(f.paragraphs(t))),
            _count_asked("paragraph"),
            _COUNT,
            seen_as=r"paragraphs: ",
        ),
        Kind("line_count", _count("line", f.lines), _count_asked("line"), _COUNT, seen_as=r"lines: "),
        Kind(
            "char_count",
            _count("character", f.characters),
            _count_asked("character"),
            _COUNT,
            seen_as=r"characters: ",
        ),
        Kind("lowercase", _case("lower"), lambda p: "all lowercase letters", seen_as=r"letter case: "),
        Kind("uppercase", _case("upper"), lambda p: "all capital letters", seen_as=r"letter case: "),
        Kind(
            "include_phrase",
            _include,
            lambda p: f'"{p["phrase"]}" {_ASKED[p["relation"]]} {f.plural(p["n"], "time")}',
            ("phrase",),
            _COUNT,
            seen_as=r'"{phrase}" appears ',
        ),
        Kind(
            "exclude_phrase",
            _exclude,
            lambda p: f'no "{p["phrase"]}"',
            ("phrase",),
            seen_as=r'"{phrase}" appears ',
        ),
        Kind(
            "starts_with",
            _starts,
            lambda p: f'starting with "{p["phrase"]}"',
            ("phrase",),
            seen_as=r"(?:starts with|first word is) ",
        ),
        Kind(
            "ends_with",
            _ends,
            lambda p: f'ending with "{p["phrase"]}"',
            ("phrase",),
            seen_as=r"(?:ends with|last word is) ",
        ),
        Kind(
            "no_character",
            _no_char,
            lambda p: f"no {p['label']}",
            ("phrase",),
            seen_as=r"{label}s: \d+ \(asked: none\)",
        ),
        Kind(
            "letter_frequency",
            _letters,
            lambda p: f'the letter "{p["letter"]}" {_ASKED[p["relation"]]} {f.plural(p["n"], "time")}',
            ("letter", "relation", "n"),
            seen_as=r'the letter "{letter}": ',
        ),
        Kind(
            "every_word",
            _every("word"),
            lambda p: f"every word {p['property'].replace('_', ' ')}",
            ("property",),
            properties=PROPERTIES[:3],
        ),
        Kind(
            "every_line",
            _every("line"),
            lambda p: f"every line {p['property'].replace('_', ' ')}",
            ("property",),
        ),
        Kind(
            "quoted",
            _quoted,
            lambda p: "the whole answer wrapped in double quotes",
            seen_as=r"wrapped in double quotation marks: ",
        ),
        Kind("title", _title, lambda p: "a title in double angular brackets, <<like this>>"),
        Kind(
            "bullet_list",
            _list(f.bullets, "bullet item"),
            _list_asked("bullet item", "bulleted list"),
            optional=_COUNT,
            seen_as=r"(?:bullet points|list items|bulleted list|list): ",
        ),
        Kind(
            "numbered_list",
            _list(f.numbered, "numbered item"),
            _list_asked("numbered item", "numbered list"),
            optional=_COUNT,
            seen_as=r"(?:numbered items|list items|numbered list|list): ",
        ),
        Kind("json", _json, lambda p: "JSON", seen_as=r"JSON: "),
    )
}
"""The catalog, by kind name (the grammar's enum, in this order)."""


# ---------------------------------------------------------------- parameters


def _n(value) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError(f"n must be a whole number, not {value!r}")
    if isinstance(value, str) and not re.fullmatch(r"[0-9]{1,4}", value.strip()):
        raise ValueError(f"n must be digits, not {value!r}")
    n = int(value)
    if not 0 <= n <= MAX_N:
        raise ValueError(f"n must be in 0..{MAX_N}")
    return n


def _chars(phrase: str) -> tuple[str, str]:
    """(the characters, their label) of a bare symbol ("," or "!") or a named character ("commas",
    "exclamation marks", "any digits"); ValueError when it names none."""
    bare = phrase.strip()
    if len(bare) == 1 and not bare.isalnum():
        return bare, f'"{bare}"'
    name = re.sub(r"^(?:any|the|a|an|no)\s+", "", " ".join(bare.lower().split()))
    for key in (name, name[:-1], name[:-2]):  # commas, dashes
        if key in CHARACTERS:
            return CHARACTERS[key], key + "s"
    raise ValueError(f"{phrase!r} names no character")


def validate(kind: str, raw: dict) -> dict:
    """The typed parameters of a stated check of `kind` from its raw ones (None = not given):
    relation in RELATIONS, n an int in 0..MAX_N, phrase a non-blank string, letter a-z, property
    one the kind allows; include_phrase defaults to at least once. Parameters the kind does not
    take are ignored. Raises ValueError with the reason for an unknown kind or a bad value."""
    k = KINDS.get(kind)
    if k is None:
        raise ValueError(f"unknown kind {kind!r}")
    given = {p: raw[p] for p in (*k.needs, *k.optional) if raw.get(p) is not None}
    if kind == "include_phrase":
        given.setdefault("relation", "at_least")
        given.setdefault("n", 1)
    missing = [p for p in k.needs if p not in given]
    if missing:
        raise ValueError(f"{kind} needs {', '.join(missing)}")
    if k.optional and ("n" in given) != ("relation" in given):
        raise ValueError(f"{kind} takes relation and n together")
    out: dict = {}
    for p, v in given.items():
        out[p] = _param(kind, k, p, v)
    if kind == "no_character":
        out["chars"], out["label"] = _chars(out["phrase"])
    return out


def _param(kind: str, k: Kind, p: str, v):
    if p == "n":
        return _n(v)
    if not isinstance(v, str):
        raise ValueError(f"{p} must be a string, not {v!r}")
    if p == "relation" and v not in RELATIONS:
        raise ValueError(f"relation must be one of {', '.join(RELATIONS)}")
    if p == "letter" and v.lower() not in LETTERS:
        raise ValueError("letter must be one letter a-z")
    if p == "property" and v not in k.properties:
        raise ValueError(f"{kind} takes property {' | '.join(k.properties)}")
    if p == "phrase" and not (v.strip() and len(v) <= MAX_PHRASE_CHARS):
        raise ValueError(f"phrase must be 1..{MAX_PHRASE_CHARS} characters, not blank")
    return v.lower() if p == "letter" else v.strip() if p == "phrase" else v


def run(kind: str, answer: str, params: dict) -> tuple[bool, str]:
    """(holds, what the answer has) of a validated check."""
    return KINDS[kind].run(answer, params)


def asked(kind: str, params: dict) -> str:
    """What a validated check asks for, in words ("at most 100 words")."""
    return KINDS[kind].asked(params)


def covered(kind: str, params: dict, observed: str) -> bool:
    """Whether the observers' fact lines (`observed`, an Observation's text) already check this
    constraint: the same count, letter case, term, edge, character or JSON."""
    pattern = KINDS[kind].seen_as
    if pattern is None or not observed:
        return False
    if "{phrase}" in pattern:
        pattern = pattern.replace("{phrase}", re.escape(params["phrase"]))
    if "{letter}" in pattern:
        pattern = pattern.replace("{letter}", re.escape(params["letter"]))
    if "{label}" in pattern:
        seen = _SEEN_CHARS.get(params["chars"][:1])
        if seen is None:
            return False
        pattern = pattern.replace("{label}", f"(?:{seen})")
    return re.search(rf"(?im)^- {pattern}", observed) is not None


def number_words(n: int) -> set[str]:
    """How a request may write n (or n +- 1: "fewer than 5" is at most 4): digits and number words."""
    out = {str(m) for m in (n - 1, n, n + 1) if m >= 0}
    return out | {w for w, v in NUMBER_WORDS.items() if abs(v - n) <= 1}
