"""Whether a count in a request bounds one part of the answer rather than all of it: "open with a
one-line summary (25 words max), then explain", "finish with a one-line safety note", "then one
line with your take", "needs a subject line (short, 8 words max)", "put a TL;DR at the bottom, no
more than 25 words", "subject line 50 chars max", "a body wrapped at 72 characters". Counted on
the whole answer, such a bound faults every answer that also has the rest the request asks for."""

from __future__ import annotations

import re

PART_BOUND = re.compile(
    r"\b(?:opening|first|last|closing|final|second|third)\s+(?:question|sentence|line|paragraph|bullet|item|"
    r"stanza|verse)\s+(?:\w+\s+){0,2}?(?:(?:should|must|can|may|will|has\s+to|needs?\s+to)\s+)?"
    r"(?:be|is|are|stay|of|under|with|in|at)\b[^,:]{0,24}$",
    re.I,
)
"""Before "N words": the count is of one part ("that opening question should be 10 words or fewer")."""
PART_OF = re.compile(r"\b(?:label|title|heading|headline|subject\s+line|name)s?\s+(?:of|with)\s+$", re.I)
"""Right before "N words": a part's own length ("a short label of 1-3 words")."""
_COMPONENT = re.compile(
    r"\b(?:(?:open|start|begin|finish|end|close|wrap)\w*\s+(?:up\s+)?(?:it\s+|(?:the|your)\s+\w+\s+)?with|"
    r"then(?:\s+(?:add|give|write|put|include))?|followed\s+by|after\s+(?:that|it))\s+"
    r"(?:(?:a|an|one|your)\s+)?(?:(?:short|brief|single|quick|final)\s+)?$",
    re.I,
)
"""Right before the count: it introduces one component of the answer ("open with a one-line ...",
", then one short paragraph")."""
_PART_NOUN = (
    r"(?:subject(?:\s+line)?|tl;\s?dr|headline|title|heading|caption|tagline|greeting|sign-?off|"
    r"p\.\s?s\.?|postscript)"
)
_IN_PARENS = re.compile(rf"\b{_PART_NOUN}\W[^()\n]{{0,50}}\([^()\n]*$", re.I)
"""The count is in parentheses after a part ("a subject line (short, 8 words max)")."""
_AFTER_PART = re.compile(
    rf"\b{_PART_NOUN}\s+(?:(?:of|is|should\s+be|must\s+be|kept\s+to|under)\s+)?$|\bwrap(?:ped)?\s+(?:at|to)\s+$",
    re.I,
)
"""Right after a part, or a line width: "subject line 50 chars max", "wrapped at 72 characters"."""
_PUT_PART = re.compile(
    rf"^\s*(?:please\s+)?(?:put|add|include|give|end\s+with|finish\s+with|start\s+with|open\s+with)\s+"
    rf"(?:(?:a|an|the|one)\s+)?(?:(?:short|brief|quick)\s+)?{_PART_NOUN}\W[^,.!?\n]{{0,40}},\s*$",
    re.I,
)
"""The sentence puts a part in the answer and the count follows it after a comma ("Put a TL;DR at
the bottom, no more than 25 words")."""


_EACH_OF_MANY = re.compile(
    r"\b(?!(?:this|was|is|has|does|its|us|as|his|yes|always|perhaps|less|unless|across|plus|thanks|"
    r"replies|responses|answers|messages|posts|emails)\b)"
    r"[a-z]{2,}s\s+(?:(?:should|must|can|need\s+to)\s+)?(?:stay|be|are|remain|kept)\s+$",
    re.I,
)
"""Right before the count, things in the plural it bounds ("names stay under 40 characters"): each
one's length, not the answer's."""


def _sentence_before(request: str, start: int) -> str:
    """The words of the sentence that `start` stands in, up to it (at most 160 characters back)."""
    return re.split(r"[.!?](?=\s)|\n", request[max(0, start - 160) : start])[-1]


def of_a_part(request: str, start: int, spans: bool = True) -> bool:
    """Whether the count written at `start` in `request` (its qualifier included) bounds a part of
    the answer, not the whole of it; only a length (`spans`: words, lines, ...) is a part's here,
    since a count of bullets or hashtags is the same in the part as in the whole."""
    if not spans:
        return False
    sentence = _sentence_before(request, start)
    clause = re.split(r"[,;:(]", sentence)[-1]
    return bool(
        _COMPONENT.search(clause)
        or _IN_PARENS.search(sentence)
        or _AFTER_PART.search(sentence)
        or _PUT_PART.search(sentence)
        or _EACH_OF_MANY.search(clause)
    )


_LABELS = (("TL;DR", r"\btl;\s?dr\b"), ("Subject", r"\bsubject\b"), ("P.S.", r"\bp\.\s?s\b|\bpostscript\b"))


def part_label(request: str, start: int) -> str | None:
    """The label a part bounded by the count at `start` opens its line with, where its sentence
    names one ("a TL;DR ... no more than 25 words": the line after "TL;DR:"); None otherwise."""
    sentence = _sentence_before(request, start)
    return next((label for label, word in _LABELS if re.search(word, sentence, re.I)), None)


_OPENS_EACH = re.compile(
    r"\b(?:each|every|any|all)\b[^.;!?\n]{0,40}\b(?:start|begin|open|end)(?:s|ing)?\s+with\s*$", re.I
)
"""Right before a quoted term: how each sentence or line starts or ends ("every sentence in my
letters starts with "I""), a pattern of each part, not a count of the term in the answer."""


def opens_each(before: str) -> bool:
    """Whether the words `before` a quoted term say that each part starts or ends with it."""
    return bool(_OPENS_EACH.search(before))
