"""The check kinds added to the generic scorer for the test5 rows (tasks/tools/generic_test5.py),
written on 2026-12-06 with those rows, blind to the observers: each takes the row's check dict and
the answer and says whether it holds, on the terms of the scorer's own kinds: bad parameters raise
BadCheck whatever the text, and an answer with no word meets none of them. scorer.check dispatches
here after TEST4_CHECKS."""

from __future__ import annotations

import math
import re

from selfrefine.tasks.generic.scorer import (
    BadCheck,
    _all_sentences,
    _has_word,
    _line_body,
    _params,
    _positive,
    lines,
    paragraphs,
    sentences,
    words,
)
from selfrefine.tasks.generic.test3_kinds import _BOLD, _apos, _list_items, _range

_SECOND = {"you", "your", "yours", "yourself", "yourselves", "y'all"}
_FIRST = {"i", "me", "my", "mine", "myself"}
# a number written with digits, not glued to a letter before it: 7, 3.5, 1,200, the 19 of COVID-19
_DIGITS = re.compile(r"(?<![A-Za-z0-9.,])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")
# a list item's numbering ("3.", "(3)", "**3.**"), maybe after a bullet or heading mark
_ITEM_NUMBER = re.compile(r"^\s*(?:[-*•+>]\s+|#{1,6}\s+)?(?:[*_]{0,2}\(?\d{1,3}[.)][*_]{0,2}\s+)?")
# an item's own label with a number in it: "Tip 3:", "Step 2 -", "#4."
_ITEM_LABEL = re.compile(
    r"^[*_]*(?:tip|step|item|idea|point|no\.?|number|#)\s*#?\d{1,3}[*_]*\s*[:.)–—-]", re.I
)
_ITEM = re.compile(r"^(\s*)(?:[-*•+]|\d{1,3}[.)])\s+\S")
_BOX = re.compile(r"^\s*(?:[-*•+]\s+|\d{1,3}[.)]\s+)?(?:\[[ xX✓✔]?\]|[☐☑☒])\s+\S")
_QUOTE_LINE = re.compile(r"^\s{0,3}>")
_INLINE_CODE = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
_FENCED_CODE = re.compile(r"^[ \t]*```[^\n]*\n(.*?)^[ \t]*```", re.S | re.M)
_LABEL = re.compile(r"^([^:\n]{1,60}?)[*_]*\s*:\s*[*_]*\s*(.*)$")
_CHORUS = re.compile(r"^\s*[\[(]?(?:chorus|refrain)[\])]?\s*:?\s*", re.I)
_SPACED_HYPHEN = re.compile(r"(?<=\S)[ \t]+-[ \t]+(?=\S)")
_RULE_LINE = re.compile(r"^\s*-{3,}\s*$")
_MARKDOWN_LINE = re.compile(r"^\s{0,3}#{1,6}\s|^\s*[-+•]\s+\S|^\s*>|^\s*\|.*\|\s*$")


def _digit_numbers(text: str) -> list[float]:
    """The numbers written with digits, line by line, a list item's own numbering aside."""
    found = []
    for ln in lines(text):
        body = _ITEM_NUMBER.sub("", ln, count=1)
        found += [float(m.replace(",", "")) for m in _DIGITS.findall(body)]
    return found


def _word_parts(text: str) -> list[str]:
    """The words in lower case, straight apostrophes, a hyphenated word split into its parts."""
    return [part for w in words(_apos(text)) for part in w.lower().split("-")]


def no_second_person(c: dict, text: str) -> bool:
    """No you, your, yours, yourself, yourselves, y'all, nor a contraction of you (you're, you'll)."""
    _params(c, {})
    found = _word_parts(text)
    return bool(found) and not any(w in _SECOND or w.startswith("you'") for w in found)


def no_first_person(c: dict, text: str) -> bool:
    """No I, me, my, mine, myself, nor a contraction of I (I'm, I've, I'd, I'll)."""
    _params(c, {})
    found = _word_parts(text)
    return bool(found) and not any(w in _FIRST or w.startswith("i'") for w in found)


def number_count(c: dict, text: str) -> bool:
    """Numbers written with digits (a list item's own numbering aside; 7:30 is two): `n`, or `min`
    to `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    lo, hi = _range(c, p)
    return bool(words(text)) and lo <= len(_digit_numbers(text)) <= hi


def max_number(c: dict, text: str) -> bool:
    """There is a number written with digits, and none is above `max` (a list item's own
    numbering aside; a minus sign is not read, so -30 counts as 30)."""
    p = _params(c, {"max": int})
    found = _digit_numbers(text)
    return bool(words(text)) and bool(found) and max(found) <= p["max"]


def bookend_word(c: dict, text: str) -> bool:
    """At least 2 sentences (a line break ends one), and `word` (whole word or phrase, any case) is
    in the first and in the last."""
    p = _params(c, {"word": str})
    found, w = _all_sentences(_apos(text)), _apos(p["word"].strip())
    return len(found) >= 2 and _has_word(found[0], w) > 0 and _has_word(found[-1], w) > 0


def bolded_words(c: dict, text: str) -> bool:
    """Each of `words` (whole word or phrase, any case) is inside a bold span (**x** or __x__)."""
    p = _params(c, {"words": list})
    spans = _BOLD.findall(text)
    return bool(words(text)) and all(any(_has_word(s, w.strip()) for s in spans) for w in p["words"])


def avg_sentence_words(c: dict, text: str) -> bool:
    """The sentences (a line break ends one) have at most `max` words on average."""
    p = _params(c, {"max": int})
    most = _positive(c, p, "max")
    found = _all_sentences(text)
    return bool(found) and sum(len(words(s)) for s in found) / len(found) <= most


def bullet_labels(c: dict, text: str) -> bool:
    """There are list items (bullet or numbered lines), and each starts with a label of 1 to
    `max_words` (default 4) words and a colon ("Frame: ...", "**Frame:** ..."), then text."""
    p = _params(c, {}, {"max_words": int})
    most = _positive(c, p, "max_words") or 4
    found = _list_items(text)
    if not found:
        return False
    for body in found:
        m = _LABEL.match(body)
        if not m or not 1 <= len(words(m.group(1).strip("*_ "))) <= most or not words(m.group(2)):
            return False
    return True


def checklist(c: dict, text: str) -> bool:
    """Checkbox lines ("- [ ] item", "- [x] item", "[ ] item", "☐ item"): `n`, or `min` to `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    lo, hi = _range(c, p)
    return bool(words(text)) and lo <= sum(bool(_BOX.match(ln)) for ln in text.splitlines()) <= hi


def nested_bullets(c: dict, text: str) -> bool:
    """The list items (bullet or numbered lines) that are least indented each have at least `min`
    more indented items under them (before the next one); `n`, if given, is how many there are."""
    p = _params(c, {"min": int}, {"n": int})
    need, tops = _positive(c, p, "min"), _positive(c, p, "n")
    depth = [len(m.group(1).expandtabs(4)) for ln in text.splitlines() if (m := _ITEM.match(ln))]
    if not depth:
        return False
    if depth[0] != min(depth):
        return False
    under: list[int] = []
    for d in depth:
        if d == depth[0]:
            under.append(0)
        else:
            under[-1] += 1
    return all(k >= need for k in under) and (tops is None or len(under) == tops)


def ascii_only(c: dict, text: str) -> bool:
    """Every character is plain ASCII: no emoji, curly quotes, dashes like — or accented letters."""
    _params(c, {})
    return bool(words(text)) and text.isascii()


def refrain(c: dict, text: str) -> bool:
    """`text` is a line of its own (the same words in any case and punctuation, maybe after a
    "Chorus:" label) exactly `n` times, and there are other lines with words."""
    p = _params(c, {"text": str, "n": int})
    want, n = _word_parts(p["text"]), _positive(c, p, "n")
    if not want:
        raise BadCheck(f"check 'refrain': text {p['text']!r} has no word")
    found = [_word_parts(_CHORUS.sub("", _line_body(ln), count=1)) for ln in lines(text)]
    hits = sum(f == want for f in found)
    return hits == n and any(f and f != want for f in found)


def stanzas(c: dict, text: str) -> bool:
    """Every paragraph (stanza) has exactly `lines` non-empty lines; `n`, if given, is how many
    paragraphs there are (a title line is a paragraph of its own)."""
    p = _params(c, {"lines": int}, {"n": int})
    size, n = _positive(c, p, "lines"), _positive(c, p, "n")
    found = paragraphs(text)
    return bool(found) and all(len(lines(s)) == size for s in found) and (n is None or len(found) == n)


def exact_case(c: dict, text: str) -> bool:
    """`word` occurs, and every occurrence is written exactly so: any other case or spacing of its
    letters and digits ("wifi", "Wi Fi" for "Wi-Fi") fails (a Unicode hyphen counts as -); a web or
    mail address is not read."""
    p = _params(c, {"word": str})
    word = p["word"].strip()
    core = [ch for ch in word if ch.isalnum()]
    if len(core) < 2:
        raise BadCheck(f"check 'exact_case': word {p['word']!r} has fewer than 2 letters")
    loose = re.compile(
        r"(?<![A-Za-z0-9./@])" + r"[-‐‑. ]?".join(re.escape(ch) for ch in core) + r"(?![A-Za-z0-9]|\.[a-z])",
        re.I,
    )
    found = [m.group(0).replace("‐", "-").replace("‑", "-") for m in loose.finditer(text)]
    return bool(found) and all(f == word for f in found)


def no_markdown(c: dict, text: str) -> bool:
    """Plain text: no * ` or __, no markdown link, and no heading, bullet (-, +, •), quote or table
    line (numbered lines are fine)."""
    _params(c, {})
    if not words(text) or any(mark in text for mark in ("*", "`", "__", "](")):
        return False
    return not any(_MARKDOWN_LINE.match(ln) for ln in text.splitlines())


def fields(c: dict, text: str) -> bool:
    """Each of `keys` starts exactly one line as "Key: value" (any case, emphasis and list marker
    aside, a value with words after the colon), in the order given; other lines may come too."""
    p = _params(c, {"keys": list})
    want = [" ".join(k.strip().rstrip(":").lower().split()) for k in p["keys"]]
    if len(set(want)) != len(want) or not all(words(k) for k in want):
        raise BadCheck(f"check 'fields': keys must be different labels, not {p['keys']!r}")
    seen = []
    for ln in lines(text):
        m = _LABEL.match(_line_body(ln))
        key = " ".join(m.group(1).strip("*_ ").lower().split()) if m else None
        if key in want:
            if not words(m.group(2)):
                return False
            seen.append(key)
    return seen == want


def items_with_numbers(c: dict, text: str) -> bool:
    """Every list item (bullet or numbered line) has a number written with digits, its own
    numbering or label ("Tip 3:") aside; `n`, or `min` to `max`, is how many items there are
    (at least 1 when none is given)."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    lo, hi = _range(c, p) if p else (1, math.inf)
    found = [_ITEM_LABEL.sub("", body, count=1) for body in _list_items(text)]
    return bool(found) and lo <= len(found) <= hi and all(_DIGITS.search(b) for b in found)


def item_sentences(c: dict, text: str) -> bool:
    """There are list items (bullet or numbered lines), and each has `n` sentences, or `min` to
    `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    lo, hi = _range(c, p)
    found = _list_items(text)
    return bool(found) and all(lo <= len(sentences(b)) <= hi for b in found)


def inline_code(c: dict, text: str) -> bool:
    """Each of `words` (whole word or phrase, any case) is inside code: an `inline span` or a
    fenced block."""
    p = _params(c, {"words": list})
    spans = _INLINE_CODE.findall(text) + _FENCED_CODE.findall(text)
    return bool(words(text)) and all(any(_has_word(s, w.strip()) for s in spans) for w in p["words"])


def blockquote(c: dict, text: str) -> bool:
    """Blockquotes (runs of lines starting with >, with words in them): `n`, or `min` to `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    lo, hi = _range(c, p)
    k, run = 0, []
    for ln in [*text.splitlines(), ""]:
        if _QUOTE_LINE.match(ln):
            run.append(ln)
            continue
        k, run = k + bool(words("\n".join(run))), []
    return bool(words(text)) and lo <= k <= hi


def pangram(c: dict, text: str) -> bool:
    """Every letter a-z occurs (any case)."""
    _params(c, {})
    return set("abcdefghijklmnopqrstuvwxyz") <= set(text.lower())


def no_dashes(c: dict, text: str) -> bool:
    """No em dash, en dash or horizontal bar (— – ―), no double hyphen (a line of only hyphens, a
    markdown rule, aside) and no hyphen with spaces around it used as a dash ("now - then")."""
    _params(c, {})
    if not words(text) or any(ch in text for ch in "—–―"):
        return False
    body = [ln for ln in text.splitlines() if not _RULE_LINE.match(ln)]
    return not any("--" in ln or _SPACED_HYPHEN.search(ln) for ln in body)


TEST5_CHECKS = {
    f.__name__: f
    for f in (
        no_second_person, no_first_person, number_count, max_number, bookend_word, bolded_words,
        avg_sentence_words, bullet_labels, checklist, nested_bullets, ascii_only, refrain, stanzas,
        exact_case, no_markdown, fields, items_with_numbers, item_sentences, inline_code, blockquote,
        pangram, no_dashes,
    )
}  # fmt: skip
