"""Letter case the request asks of the whole answer ("in all caps", "all lowercase"), checked on
the answer's prose; a case phrase about some words ("no words in all caps") or negated ("don't
write in all caps") asks nothing of the whole answer."""

from __future__ import annotations

import re

from selfrefine.engine.observe import facts as f
from selfrefine.engine.observe.facts import Fact
from selfrefine.engine.observe.text import Check

_UPPER = re.compile(
    r"\ball\s+(?:in\s+)?(?:caps|capitals|capital letters|upper\s?case)\b|\bin\s+(?:all\s+)?"
    r"(?:caps|capital letters|upper\s?case(?:\s+letters)?)\b|\bentirely\s+in\s+upper\s?case\b|"
    r"\b(?:only|just)\s+(?:use\s+)?(?:capital|upper\s?case)(?:\s+letters)?\b|"
    r"\b(?:capital|upper\s?case)\s+letters\s+only\b|\bin\s+capitals\b",
    re.I,
)
_LOWER = re.compile(
    r"\ball\s+(?:in\s+)?lower\s?case\b|\bin\s+(?:all\s+)?lower\s?case(?:\s+letters)?\b|"
    r"\bentirely\s+in\s+lower\s?case\b|\bno\s+(?:capital|capitalized|upper\s?case)\s+letters\b|\bno\s+capitals\b|"
    r"\b(?:only|just)\s+(?:use\s+)?lower\s?case(?:\s+letters)?\b|\blower\s?case\s+(?:letters\s+)?only\b|"
    r"\bwithout\s+(?:any\s+)?(?:capital|upper\s?case)\s+letters\b|\b(?:do\s+not|don'?t|never)\s+capitali[sz]e\b",
    re.I,
)


def case_checks(request: str) -> list[Check]:
    """ "in all caps" / "all lowercase": every letter of the answer in that case (not "words with
    all capital letters", which is about some words)."""
    out = []
    for pattern, case in ((_UPPER, "upper"), (_LOWER, "lower")):
        if any(_asks_case(request, m) for m in pattern.finditer(request)):
            out.append(_case_check(case))
    return out


def _asks_case(request: str, m: re.Match) -> bool:
    """The case phrase `m` asks for the whole answer in that case: not about some words ("no words
    in all caps") and not negated ("don't write in all caps")."""
    before = request[max(0, m.start() - 30) : m.start()]
    if re.match(r"in\b", m.group(), re.I):  # "words in all caps": the "in" belongs to the words
        before += "in "
    if re.search(r"\bin\s+\w+\s+words\s+in\s*$", before, re.I):  # "in 30 words in all caps": the answer's
        return True
    return not (_SOME_WORDS.search(before) or _NOT_CASE.search(before))


_SOME_WORDS = re.compile(r"\bwords?\s+(?:with|in|that\s+are(?:\s+in)?|written\s+in|using)\s*$", re.I)
"""Before "all capital letters": the request is about some words ("use words with all capital
letters at most 4 times"), not the whole answer's case."""
_NOT_CASE = re.compile(
    r"(?:\b(?:not|never|avoid(?:ing)?|without)|n't)(?:\s+(?:be|use|write|written|type|typed|put|all))*\s+(?:in\s+)?$",
    re.I,
)
"""Before the case phrase: it is negated ("do not write in all caps", "avoid all caps")."""


def _case_check(case: str) -> Check:
    def check(answer: str) -> list[Fact]:
        text = f.prose(answer)
        wrong = [
            w
            for w in re.findall(r"[^\W\d_]+", text)
            if (w != w.upper() if case == "upper" else w != w.lower())
        ]
        asked = "all capital letters" if case == "upper" else "all lowercase letters"
        if not wrong:
            return [Fact(f"letter case: {asked} (asked: {asked})")]
        return [
            Fact(
                f"letter case: {f.plural(len(wrong), 'word')} not in {case}case (asked: {asked}) -- NOT MET",
                f"The request asks for {asked}; {f.plural(len(wrong), 'word')} of the answer "
                f'{"is" if len(wrong) == 1 else "are"} not, e.g. "{wrong[0]}".',
                f.outside_code(str.upper if case == "upper" else str.lower),
            )
        ]

    return check
