"""Punctuation and digits a request forbids ("without any commas", "no em dashes, en dashes or
double hyphens", "no exclamation marks"): each counted in the answer, commas with a fix."""

from __future__ import annotations

import re

from selfrefine.engine.observe import facts as f
from selfrefine.engine.observe.facts import Fact
from selfrefine.engine.observe.text import Check

_CHAR_NAMES = {
    "comma": ",",
    "exclamation": "!",
    "question mark": "?",
    "semicolon": ";",
    "colon": ":",
    "hyphen": "-",
    "em dash": ("\u2014",),
    "en dash": ("\u2013",),
    "double hyphen": ("--",),
    "dash": ("\u2013", "\u2014", " - ", "--"),
    "period": ".",
    "full stop": ".",
    "digit": "0123456789",
    "numeral": "0123456789",
}
_DASHES = r"em[\s-]+dash(?:es)?|en[\s-]+dash(?:es)?|double[\s-]+hyphens?"
_NO_CHARS = re.compile(
    r"\b(?:no|without(?:\s+using)?|avoid(?:ing)?(?:\s+using)?|(?:do\s+not|don'?t|never)\s+(?:use|include|put)|"
    r"(?:(?:are|is)\s+)?not\s+(?:allowed|permitted)\s+to\s+(?:use|include)|refrain\s+from(?:\s+using|\s+(?:the\s+)?use\s+of)?|"
    r"(?:must|should|may|can)\s*not\s+(?:use|contain|include|have)|(?:must|should)n'?t\s+(?:use|contain|include|have)|"
    rf"zero|free\s+of)\s+(?:any\s+)?(?:single\s+)?(?P<what>commas?|exclamation\s+(?:marks?|points?)|"
    rf"question\s+marks?|semicolons?|colons?|{_DASHES}|hyphens?|dash(?:es)?(?!\s+bullets?)|periods?|full\s+stops?|"
    r"digits?|numerals?)\b",
    re.I,
)
_MORE_CHARS = re.compile(
    rf"(?:\s*,\s*(?:or\s+|and\s+)?|\s+(?:or|and|nor)\s+)(?:no\s+|any\s+)?(?P<what>{_DASHES})\b", re.I
)
"""The rest of a list of dashes: "no em dashes, en dashes or double hyphens"."""


def char_checks(request: str) -> list[Check]:
    """Punctuation or digits the request forbids ("without any commas", "no exclamation marks")."""
    out, seen = [], set()
    for m in _NO_CHARS.finditer(request):
        if re.match(r"\s+at\s+the\s+(?:very\s+)?end\b", request[m.end() :], re.I):
            continue  # "no period at the end" of a line: how it ends, not a ban
        found, at = [m["what"]], m.end()
        while more := _MORE_CHARS.match(request, at):
            found, at = found + [more["what"]], more.end()
        for what in found:
            what = " ".join(what.lower().replace("-", " ").split())
            key = next(k for k in _CHAR_NAMES if what.startswith(k))
            if key not in seen:
                seen.add(key)
                out.append(_char_check(key, _CHAR_NAMES[key]))
    return out


def _char_check(name: str, chars: str | tuple[str, ...]) -> Check:
    """A count of the characters (or, for dashes, the marks: " - ", "--") the request forbids."""
    label = {"exclamation": "exclamation mark", "numeral": "digit"}.get(name, name)
    label += "es" if label.endswith("sh") else "s"

    def check(answer: str) -> list[Fact]:
        text = re.sub(r"^[ \t]*-[ \t]+", "", answer, flags=re.M) if name == "hyphen" else answer
        have = sum(text.count(c) for c in chars)  # a list's "- " marks are no hyphens (test15 n25)
        line = f"{label}: {have} (asked: none)"
        if not have:
            return [Fact(line)]
        fix = f.outside_code(_drop_commas) if name == "comma" else None
        if name == "exclamation":  # "Great news!" -> "Great news.": the same words, calmer
            fix = f.outside_code(lambda t: re.sub(r"(?<![=<>!`])!+(?![=`])", ".", t))
        return [Fact(line + " -- NOT MET", f"The request asks for no {label}; the answer has {have}.", fix)]

    return check


def _drop_commas(text: str) -> str:
    """The text without commas: thousands run together ("1,000" -> "1000"), a comma before a
    closing quote goes, any other becomes a space."""
    text = re.sub(r"(?<=\d),(?=\d{3}\b)|,(?=\s*[\"'”’)\]])", "", text)
    return re.sub(r",", " ", text).replace("  ", " ")
