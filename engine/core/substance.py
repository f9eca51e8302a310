"""Checks that a rewrite still answers the request: no count or format is worth the answer.

A small model told that its answer breaks a count can meet the count by giving up the answer:
declining, restating the request, talking about it ("I'd be happy to help with that request"),
filling the form with placeholders ("This is the first bullet point."), inventing a specific
(a 40% discount, a hall), keeping one quoted line of an essay or losing the email address the
request gave. A format checker scores such a rewrite better; the user asked for the answer. Each
function here compares the rewrite with the request and the answer it would replace, so what those
already contained never counts against it.
`substance_fault` names the first that fires (engine.core.checks.judge_rewrite runs it).
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Collection

from selfrefine.engine.observe.examples import is_code_request

DECLINED, TALKS, RESTATED, PLACEHOLDER, INVENTED, DROPPED = (
    "declined",
    "talks_about_request",
    "restated_request",
    "placeholder",
    "invented",
    "dropped_source",
)
SUBSTANCE_CHECKS = (DECLINED, TALKS, RESTATED, PLACEHOLDER, INVENTED, DROPPED)
"""The checks in the order substance_fault applies them; each is a LoopResult.checks key."""

_APOS = str.maketrans({"\u2019": "'", "\u2018": "'"})
_CODE = re.compile(r"```.*?(?:```|\Z)|`[^`\n]*`", re.S)
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")

_DECLINE = re.compile(
    r"\b(?:i|we)\s*(?:can(?:'|no)?t|cannot|won't|will\s+not|am\s+unable\s+to|are\s+unable\s+to|'m\s+unable\s+to|"
    r"'re\s+unable\s+to|am\s+not\s+able\s+to|are\s+not\s+able\s+to|must\s+decline\s+to)\s+"
    r"(?:help(?!\s+but\b)|assist|discuss|fulfil|fulfill|comply|provide|do\s+(?:that|this)|write|create|answer|generate|"
    r"continue|complete|share|engage|produce|support)\b|\b(?:i|we)\s+must\s+decline\b|\bas\s+an\s+ai\b",
    re.I,
)
_TALK = re.compile(
    r"\b(?:i'?d|i\s+would|i'?m|i\s+am|we'?d|we\s+would)\s+(?:be\s+)?(?:happy|glad|delighted)\s+to\s+help\b|"
    r"\b(?:let\s+me\s+know|please\s+(?:let\s+me\s+know|provide|specify|clarify|share))\b|"
    r"\b(?:if|would)\s+you(?:'d|\s+would)?\s+like\s+me\s+to\b|\bshall\s+i\b|"
    r"\b(?:could|can|would)\s+you\s+(?:please\s+)?(?:provide|specify|clarify|share|tell\s+me)\b|"
    r"\bsorry\s+for\s+(?:any|the)\s+confusion\b|\bi\s+apologi[sz]e\b|"
    r"\b(?:your|the|this|that)\s+request\b|\bas\s+(?:you\s+)?requested\b|"
    r"\b(?:fulfil+(?:s|ing|ed)?|satisf(?:y|ies|ying))\s+(?:all\s+)?(?:your|the)\s+requirements?\b|"
    r"\bhere\s+is\s+(?:a|an|the|my)\s+(?:revised|rewritten|updated|shorter|longer|new)\b|"
    r"\bwhat\s+questions?\s+(?:could|should|might|can|would)\b[^.?!\n]{0,40}\bask\b",  # a question about one
    re.I,
)
_FORMAT_TALK = re.compile(
    r"\b(?:in|with|of|using|within)?\s*(?:at\s+most|at\s+least|no\s+more\s+than|no\s+fewer\s+than|not\s+more\s+than|"
    r"fewer\s+than|less\s+than|more\s+than|exactly|under|up\s+to|a\s+maximum\s+of|a\s+minimum\s+of)\s+"
    r"(?:\d+|[a-z]+)\s+(?:words?|characters?|letters?|sentences?|paragraphs?|bullet\s+points?|bullets?|lines?|"
    r"sections?|items?)\b",
    re.I,
)
_SELF_TALK = re.compile(
    r"\b(?:this|the|my|above)\s+(?:answer|response|reply|riddle|poem|story|essay|text|list|post|letter|email|"
    r"summary|article|description)\s+(?:includes|contains|has|uses|meets|follows)\s+(?:exactly\s+|only\s+)?"
    r"(?:no|one|two|three|four|five|\d+|a|an)\s+(?:bullet|paragraph|section|placeholder|sentence|word|comma|"
    r"highlighted|title|postscript|line)",
    re.I,
)
_REPEAT_ASKED = re.compile(r"\brepeat\b|\bword\s+for\s+word\b|\brestate\b|\bverbatim\b", re.I)
_PLACEHOLDER = re.compile(
    r"\blorem\s+ipsum\b|\bthis\s+is\s+(?:the|a|an|my)\s+(?:first|second|third|fourth|fifth|sixth|last|final|next|"
    r"\d+(?:st|nd|rd|th)|sample|example|placeholder)\s+(?:bullet(?:\s+point)?|point|paragraph|section|sentence|"
    r"item|line|part)\b|^\s*(?:[-*•]|\d+[.)])\s*(?:bullet\s+point|point|item)\s+"
    r"(?:\d+|one|two|three|four|five)\s*[.:]?\s*$|\b(?:insert|add|your)\s+[^\n\]]{0,30}\s+here\b|\bTBD\b|"
    r"\bXXX+\b",
    re.I | re.M,
)
TITLE = re.compile(r"<<[^>\n]*>>")
"""A title in double angular brackets (IFEval's <<title>>): its capitals are not names."""
_BRACKET = re.compile(r"\[[^\[\]\n]{1,40}\]")
_BRACKETS_ASKED = re.compile(r"placeholder|square\s+bracket|\[", re.I)
_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,:]\d+)*%?")
_LABEL = re.compile(
    r"\b(?:section|part|paragraph|step|chapter|point|item|option|tip|stanza|verse|bullet|day|idea|reason|"
    r"p\.?s|question|example|rule|no\.?|number|#)\s*$",
    re.I,
)
_NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen twenty".split()
    )
}
_COMMON_CAPS = frozenset(
    "i i'm i've i'd i'll ok okay ai ps p.s note title summary section part paragraph step chapter "
    "yes no".split()
)


def asks_to_repeat(request: str) -> bool:
    """The request asks for itself (or a part of it) to be repeated in the answer."""
    return bool(_REPEAT_ASKED.search(request))


def _prose(text: str) -> str:
    """The text without code (fenced blocks and inline code): code facts are the code runner's."""
    return _CODE.sub(" ", text.translate(_APOS))


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def declines(text: str, previous: str) -> bool:
    """The rewrite declines the request (anywhere: "We cannot discuss ..."), and the answer it
    would replace did not."""
    return bool(_DECLINE.search(_opening(text))) and not _DECLINE.search(_opening(previous))


def _opening(text: str) -> str:
    """The first two sentences (at most 300 characters), where an answer that declines says so."""
    parts = re.split(r"(?<=[.!?])\s+", _prose(text).strip(), maxsplit=2)
    return " ".join(parts[:2])[:300]


_ANNOUNCED = re.compile(r"\bhere(?:'s|’s| is| are)\b.*\b(updated|revised|improved|amended|rewritten)\b", re.I)


def announces_change(text: str, previous: str, reference: str = "") -> bool:
    """A rewrite that changed only its opening line, to announce the change: "Sure, here's the
    updated playlist:" over the same playlist (generic test18 b25, read after its run). "Here are
    the updated opening hours" opening a new answer, or where the request asks to update, is not."""
    head, _, body = text.strip().partition("\n")
    old_head, _, old_body = previous.strip().partition("\n")
    said = _ANNOUNCED.search(head)
    if not (said and body.strip()) or said[1][:5].lower() in reference.lower():
        return False
    return head != old_head and body.split() == old_body.split()


def talks_about_request(text: str, request: str, previous: str, echo_ok: bool = True) -> bool:
    """The rewrite talks about the request or offers help instead of answering ("I'd be happy to
    help with that request", "Please let me know if ..."), or states the request's format ("in
    at most 20 words", "This riddle includes one bullet point"), in words the answer it would
    replace did not use. A request that asks for itself to be repeated may be echoed (unless
    `echo_ok` is off)."""
    if echo_ok and asks_to_repeat(request):
        return False
    new, old = _prose(text).lower(), _prose(previous).lower()
    found = lambda t: {m.group(0).strip() for p in (_TALK, _FORMAT_TALK, _SELF_TALK) for m in p.finditer(t)}  # noqa: E731
    talk = found(new) - found(old)
    # "the request" in the request's own words (e.g. a request about requests) is fine
    return any(t not in request.lower() or _FORMAT_TALK.fullmatch(t) for t in talk)


def _grams(words: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def own_share(text: str, request: str, n: int = 4) -> float:
    """The share of the text's words that lie outside every word n-gram it shares with the request."""
    words = _words(_prose(text))
    if not words:
        return 1.0
    asked = _grams(_words(request), n)
    covered = [False] * len(words)
    for i in range(len(words) - n + 1):
        if tuple(words[i : i + n]) in asked:
            covered[i : i + n] = [True] * n
    return 1 - sum(covered) / len(words)


def restates_request(text: str, request: str, previous: str) -> bool:
    """Most of the rewrite is the request's own wording ("A rainy morning in the city in at most
    20 words." for "Describe a rainy morning in the city in at most 20 words."), clearly more so
    than the answer it would replace, or it is the request's template alone, line for line. A
    request that asks to be repeated may be."""
    if asks_to_repeat(request):
        return False
    if _template_only(text, request) and not _template_only(previous, request):
        return True
    words = len(_words(_prose(text)))
    mine = own_share(text, request)
    if words < 8:  # a short answer: only the request's phrase alone, where the answer had its own
        return words >= 6 and mine == 0 and own_share(previous, request) > 0.5
    return mine < 0.3 and mine < own_share(previous, request) - 0.2


def _template_only(text: str, request: str) -> bool:
    """Every line of the text (two at least) is a line of the request: the request's own template
    ("[Movie 1]", "[Description]", "******") handed back with nothing filled in, in the double
    quotes the request may ask for (ifeval-334's example slogan handed back as the slogan)."""
    lines = [x.strip() for x in _prose(text).strip().strip('"“”').splitlines() if x.strip()]
    asked = {x.strip() for x in request.splitlines() if x.strip()}
    return len(lines) >= 2 and all(x in asked for x in lines)


def placeholders(text: str, reference: str, request: str | None = None) -> list[str]:
    """Placeholder text in the rewrite that the request and the answer it would replace did not
    have: "This is the first bullet point.", "Point 2", "[Your Name]", "lorem ipsum", "TBD".
    Square brackets count only where the `request` (else the whole `reference`) does not ask for
    placeholders or brackets: a draft's own "[Your Name]" asks for no "[list the lunch spots]"."""
    new, ref = _prose(text), _prose(reference)
    seen = {m.group(0).lower().strip() for m in _PLACEHOLDER.finditer(ref)}
    found = [m.group(0).strip() for m in _PLACEHOLDER.finditer(new) if m.group(0).lower().strip() not in seen]
    if not _BRACKETS_ASKED.search(reference if request is None else request):
        found += [
            b
            for b in _BRACKET.findall(new)
            if b.lower() not in ref.lower() and not re.fullmatch(r"\[\d+\]", b)
        ]
    return found


def _numbers(text: str) -> set[str]:
    """The numbers a text states, digits and number words alike ("three" -> "3"; "1,000" -> "1000")."""
    out = {m.group(0).rstrip("%").replace(",", "") for m in _NUMBER.finditer(text)}
    out |= {_NUMBER_WORDS[w] for w in _words(text) if w in _NUMBER_WORDS}
    return out


def new_numbers(text: str, reference: str) -> list[str]:
    """Numbers in the rewrite's prose that the reference never states: not list markers at a
    line's start, nor labels ("Section 2", "Day 3", "P.S. 1")."""
    known, found = _numbers(_prose(reference)), []
    for line in _prose(text).splitlines():
        body = re.sub(r"^\s*(?:[-*•>#]+\s*)*(?:\d{1,3}[.)]\s+)?", "", line)
        for m in _NUMBER.finditer(body):
            value = m.group(0).rstrip("%").replace(",", "")
            if value not in known and not _LABEL.search(body[: m.start()]):
                found.append(m.group(0))
    return found


_DURATION = re.compile(
    r"(?<![\w.:])(\d+(?:\.\d+)?)\s*-?\s*(hour|hr|minute|min|second|sec|day|week|month|year|a\.?m|p\.?m)s?\b\.?",
    re.I,
)
_UNIT = {"hr": "hour", "min": "minute", "sec": "second", "a.m": "am", "p.m": "pm"}


def _durations(text: str) -> set[tuple[str, str]]:
    """(number, unit) of each time the text states: "6am" -> ("6", "am"), "a 6-hour workout" ->
    ("6", "hour")."""
    return {(n, _UNIT.get(u.lower(), u.lower())) for n, u in _DURATION.findall(text)}


def new_durations(text: str, reference: str) -> list[str]:
    """Times the rewrite's prose states with a number the reference has, but not in that unit: a
    "6am bootcamp class" became "a 6-hour workout session" (generic x06). A number the reference
    never states is new_numbers' to report."""
    known, numbers = _durations(_prose(reference)), _numbers(_prose(reference))
    timed = {n for n, _ in known}
    new = [(n, u) for n, u in sorted(_durations(_prose(text)) - known) if n in numbers]
    return [f"{n} {u}" for n, u in new if not (u in ("am", "pm") and n not in timed and _clock(n, reference))]


def _clock(n: str, reference: str) -> bool:
    """`n` an hour the reference gives as a time with no am or pm: "open 9 to 5", "at 7", "from 10"."""
    return (
        n.isdigit()
        and 1 <= int(n) <= 12
        and bool(
            re.search(
                rf"\b(?:at|from|until|till|by|before|after|around)\s+{n}\b(?![.,]\d)|"
                rf"\b{n}\s*(?:to|-|–|until|till)\s*\d|\d\s*(?:to|-|–)\s*{n}\b(?![.,]\d)",
                reference,
                re.I,
            )
        )
    )


_SENTENCE_START = re.compile(
    r"(?:^\s*(?:[-*•>#]+\s*|\d{1,3}[.)]\s*|\[[ xX]?\]\s*)*|[.!?:;]\s+|[\"“(«<*_]\s*)$"
)  # after a list marker, a checkbox ("- [ ] Proofread ..."), a sentence's end or an opening mark


def _stem(word: str) -> str:
    """A word without a plural's or a possessive's s: "saturdays", "maya's" -> "saturday", "maya"."""
    return re.sub(r"(?<=\w\w)(?:['’]s|s['’]?)$", "", word)


def new_names(text: str, reference: str) -> list[str]:
    """Capitalised words inside a sentence (names, places, brands) of the rewrite's prose that
    the reference never uses in any case. Headings, titles in <<...>> and a text set in title
    case are left out: their capitals are not names."""
    known = {_stem(w) for w in _words(_prose(reference))}
    prose = TITLE.sub(" ", _prose(text))
    found = []
    for line in prose.splitlines():
        stripped = line.strip()
        if (
            stripped.startswith("#")
            or "|" in stripped
            or stripped.endswith(":")
            or (stripped and not re.search(r"[.!?]$", stripped) and len(stripped.split()) <= 8)
        ):
            continue  # a heading or a title line
        tokens = list(_WORD.finditer(line))
        caps = [t for t in tokens if t.group(0)[:1].isupper()]
        if len(tokens) >= 4 and len(caps) > 0.6 * len(tokens):
            continue  # title case or capitals throughout: asked for, not names
        for t in caps:
            w = t.group(0)
            if w.isupper() or _stem(w.lower()) in known or w.lower() in _COMMON_CAPS:
                continue  # "Saturdays" or "Maya's" where the reference names Saturday or Maya
            if _SENTENCE_START.search(line[: t.start()]):
                continue
            found.append(w)
    return found


_QUOTED = re.compile(r'"([^"\n]{8,300})"|“([^”\n]{8,300})”')


def new_quotes(text: str, reference: str, min_words: int = 4) -> list[str]:
    """Quotations of 4+ words in the rewrite's prose that the reference never wrote: fewer than
    half their word pairs are the reference's (a quote cut to fit a rule keeps most of its pairs;
    ifeval-374's line to repeat became an invented "We'll always be there to listen to your voice")."""
    known = _grams(_words(_prose(reference)), 2)
    found = []
    for m in _QUOTED.finditer(_prose(text)):
        words = _words(m.group(1) or m.group(2))
        pairs = list(zip(words, words[1:]))
        if len(words) >= min_words and 2 * sum(p in known for p in pairs) < len(pairs):
            found.append(m.group(0))
    return found


def _is_code(text: str) -> bool:
    """A fenced block, or a whole text that is a Python program: not a lone string, number or name
    (a sentence in quotes parses as a string literal, and is prose)."""
    if "```" in text:
        return True
    try:
        body = ast.parse(text).body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    lone = (
        len(body) == 1
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, (ast.Constant, ast.Name))
    )
    return bool(body) and not lone


_DATA_FENCE = re.compile(r"```(?:json|yaml|csv)[ \t]*\n(.*?)(?:```|\Z)", re.S | re.I)


def _data(text: str) -> str | None:
    """The text of a JSON, YAML or CSV answer (fenced and labelled so, or bare JSON that parses),
    or None: data states facts. "[Your Name] ..." is prose."""
    if m := _DATA_FENCE.fullmatch(text.strip()):
        return m.group(1)
    try:
        return text if isinstance(json.loads(text), (dict, list)) else None
    except ValueError:
        return None


def invented(text: str, request: str, previous: str) -> list[str]:
    """Specifics the rewrite adds that neither the request nor the answer it would replace has:
    numbers (prices, percentages, dates, counts), a known number in a new unit of time, names
    (people, places, brands) and quotations.
    An answer that is data (JSON, YAML, CSV) is read for its numbers (ifeval-3223: "180 inches");
    an answer that is code is left to the code runner."""
    if (data := _data(text)) is not None:
        return new_numbers(data, f"{request}\n{_data(previous) or previous}")
    if _is_code(previous) or _is_code(text):
        return []
    reference = f"{request}\n{previous}"
    found = new_numbers(text, reference) + new_durations(text, reference) + new_ids(text, reference)
    return found + new_names(text, reference) + new_quotes(text, reference)


_URL = re.compile(r"https?://[^\s<>()\"'`]+")


def new_ids(text: str, reference: str) -> list[str]:
    """Ids inside a web address the rewrite writes and the reference never had: a video's or a
    file's id made up to fill a link (generic test14 s27: "watch?v=QwzZuQwzZuQ" for a search link
    nobody gave). An id mixes case or letters and digits; words of a search are no id."""
    known = reference.lower()
    found = []
    for url in _URL.findall(text):
        if url.lower() not in known:
            tokens = re.findall(r"[A-Za-z0-9_-]{8,}", url.split("://", 1)[1])
            mixed = [t for t in tokens if re.search(r"[a-z][A-Z]|[A-Za-z]\d|\d[A-Za-z]", t)]
            found += [t for t in mixed if t.lower() not in known]
    return found


_REWORK = re.compile(
    r"\b(?:rewrite|re-write|rephrase|paraphrase|reword|expand|elaborate|summari[sz]e|edit|improve)\b", re.I
)
_SOURCE = re.compile(r'"([^"\n]{12,600})"|“([^”\n]{12,600})”')
_LIGHT = frozenset(
    "that this with from have what when where which there their they them then than into about would "
    "could should these those being were been your only things thing just also very more most some such "
    "each other".split()
)
SOURCE_KEEP = 0.4
"""A rewrite of a quoted text keeps at least this share of its content words (where the answer did)."""


def _keys(text: str) -> set[str]:
    """Content words, cut to 5 letters so that "grasped" and "grasps" are one."""
    return {w[:5] for w in _words(text) if len(w) >= 4 and w not in _LIGHT}


def dropped_source(text: str, request: str, previous: str) -> bool:
    """Asked to rewrite, expand or summarise a text the request quotes, the answer kept its content
    words (at least half) and the rewrite keeps under SOURCE_KEEP of them: the text asked about is
    gone ("rewrite this sentence in 3 paragraphs" became a story about punching an officer,
    ifeval-2439). A request that quotes no such text asks for nothing here."""
    if not _REWORK.search(request):
        return False
    sources = [k for a, b in _SOURCE.findall(request) if len(k := _keys(a or b)) >= 3]
    if not sources:
        return False
    source = max(sources, key=len)
    kept = len(source & _keys(text)) / len(source)
    return kept < SOURCE_KEEP and len(source & _keys(previous)) >= 0.5 * len(source)


_GIVEN = re.compile(
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|"  # an email address
    r"\bhttps?://[^\s<>()\"'`]+|\bwww\.[^\s<>()\"'`]+|"  # a web address
    r"(?<![\w/.])(?:~|\.{1,2})?/(?:[\w.-]+/)+[\w.-]+|"  # a file path
    r"\+\d[\d ().-]{6,}\d|\(\d{2,4}\)\s?\d[\d .-]{4,}\d"  # a phone number: +49 151 ..., (212) 555-0199
)


def _given(raw: str) -> str:
    """What must survive of a given: a number's digits, an address without its scheme or end dot."""
    raw = raw.rstrip(".,;:!?")
    if re.fullmatch(r"[+(]\d[\d ().-]+", raw):
        return re.sub(r"\D", "", raw)
    return re.sub(r"^https?://(?:www\.)?|^www\.|/$", "", raw.lower())


def _has(text: str, given: str) -> bool:
    if given.isdigit():
        return given in re.sub(r"\D", "", text) or given[-7:] in re.sub(r"\D", "", text)
    return given in text.lower()


def dropped_given(text: str, request: str, previous: str) -> bool:
    """The request gives an email address, web address, file path or phone number; the answer had
    it and the rewrite has lost it (a vCard given an email that comes back with none, generic
    test10 m03): what the user gave is content, not wording."""
    if is_code_request(request):  # a function's example values are no content of the answer
        return False
    wanted = {_given(m) for m in _GIVEN.findall(request)}
    return any(_has(previous, g) and not _has(text, g) for g in wanted if len(g) >= 6)


def substance_fault(text: str, *, request: str, previous: str, skip: Collection[str] = ()) -> str | None:
    """The first substance check the rewrite `text` of `previous` fails, or None; `skip`'s are not run."""
    tests = {
        DECLINED: lambda: declines(text, previous),
        TALKS: lambda: talks_about_request(text, request, previous),
        RESTATED: lambda: restates_request(text, request, previous),
        PLACEHOLDER: lambda: placeholders(text, f"{request}\n{previous}", request),
        INVENTED: lambda: invented(text, request, previous),
        DROPPED: lambda: dropped_source(text, request, previous) or dropped_given(text, request, previous),
    }
    return next((name for name, fires in tests.items() if name not in skip and fires()), None)
