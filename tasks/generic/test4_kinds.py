"""The check kinds added to the generic scorer for the test4 rows (tasks/tools/generic_test4.py),
written on 2026-12-06 with those rows, blind to the observers: each takes the row's check dict and
the answer and says whether it holds, on the terms of the scorer's own kinds: bad parameters raise
BadCheck whatever the text, and an answer with no word meets none of them. scorer.check dispatches
here after TEST3_CHECKS."""

from __future__ import annotations

import re

from selfrefine.tasks.generic.scorer import (
    _BULLET,
    _HASHTAG,
    _NUMBERED,
    BadCheck,
    _line_body,
    _params,
    _positive,
    lines,
    paragraphs,
    sentences,
    words,
)
from selfrefine.tasks.generic.test3_kinds import _apos, _plain_line, _range

# a numbered / lettered line, maybe as a heading, a bullet or in bold: "5. x", "### 5) x", "**5.** x"
_COUNTED = re.compile(r"^\s*(?:#{1,6}\s+|[-•]\s+)?[*_]{0,2}(\d+)[.)][*_]{0,2}\s+\S")
_LETTERED = re.compile(r"^\s*(?:[-•]\s+)?[*_]{0,2}\(?([A-Za-z])[.)][*_]{0,2}\s+\S")
_LINK = re.compile(r"\[[^\[\]\n]*[A-Za-z0-9][^\[\]\n]*\]\(\s*https?://[^\s()]+\s*\)")
_FENCE = re.compile(r"^```[ \t]*([\w+#.-]*)[ \t]*\n(.*?)\n[ \t]*```$", re.S)
_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+\S")
_TABLE = re.compile(r"^\s*\|.*\|\s*$")
_PERCENT_NUMBER = re.compile(r"\d(?:[\d,.]*\d)?\s?%")
_PERCENT_WORD = re.compile(r"\b(?:per\s?cent|percent|pct)\b", re.I)
_CURRENCY_WORD = re.compile(
    r"\d\s*(?:dollars?|bucks?|usd|euros?|eur|pounds?|quid|gbp|cents?|pence)\b|\d\s?[$€£]", re.I
)
_TRAILING = "*_\"'”’)]` \t"
# the suffixes (after the apostrophe) that make a contraction; 's only after these words
_CONTRACTED = ("n't", "'re", "'ve", "'ll", "'d", "'m")
_S_CONTRACTIONS = {
    "it's", "that's", "he's", "she's", "there's", "here's", "what's", "who's", "where's", "when's",
    "how's", "why's", "let's", "this's",
}  # fmt: skip
_NUMBER_WORDS = {
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred",
    "thousand", "million", "billion", "dozen",
}  # fmt: skip
# words a title in title case may leave in lower case (unless first or last)
_MINOR = {
    "a", "an", "the", "and", "but", "or", "nor", "for", "so", "yet", "as", "at", "by", "in", "of",
    "on", "to", "up", "via", "vs", "per", "off", "out", "with", "from", "into", "over", "than",
}  # fmt: skip


def _punctuation(c: dict, name: str, given: list[str]) -> tuple[str, ...]:
    """`given` as single punctuation characters, or BadCheck."""
    if not all(len(ch) == 1 and not ch.isalnum() and not ch.isspace() for ch in given):
        raise BadCheck(f"check {c['check']!r}: {name} must be single punctuation marks, not {given!r}")
    return tuple(given)


def _single_words(c: dict, given: list[str]) -> set[str]:
    if not all(words(w) == [w.strip()] for w in given):
        raise BadCheck(f"check {c['check']!r}: words must be single words, not {given!r}")
    return {_apos(w.strip()).lower() for w in given}


def _bare_end(line: str) -> str:
    """A line without the emphasis, quotes and brackets that close it."""
    return line.rstrip().rstrip(_TRAILING)


def line_endings(c: dict, text: str) -> bool:
    """Every non-empty line ends with one of `chars` (closing emphasis, quotes, brackets aside)."""
    p = _params(c, {"chars": list})
    ends = _punctuation(c, "chars", p["chars"])
    found = lines(text)
    return bool(words(text)) and all(_bare_end(ln).endswith(ends) for ln in found)


def signoff(c: dict, text: str) -> bool:
    """The last non-empty line ends with `name` (any case, emphasis and a final . or ! aside), with
    at most 6 words before it on that line ("Cheers, Sam", "- Sam"), after other text."""
    p = _params(c, {"name": str})
    want = [_apos(w).lower() for w in words(p["name"])]
    if not want:
        raise BadCheck(f"check 'signoff': name {p['name']!r} has no word")
    found = lines(text)
    if len(found) < 2 or not words("\n".join(found[:-1])):
        return False
    last = [_apos(w).lower() for w in words(_plain_line(found[-1]).rstrip(".!"))]
    return last[-len(want) :] == want and len(last) - len(want) <= 6


def first_word(c: dict, text: str) -> bool:
    """The answer's first word (emphasis, quotes, heading marks aside) is one of `words` (any case)."""
    p = _params(c, {"words": list})
    allowed = _single_words(c, p["words"])
    found = words(text)
    return bool(found) and _apos(found[0]).lower() in allowed


def countdown(c: dict, text: str) -> bool:
    """The numbered lines (5. or 5), also as a heading, a bullet or in bold) count down by one to 1,
    and there are `n` of them."""
    p = _params(c, {"n": int})
    n = _positive(c, p, "n")
    nums = [int(m.group(1)) for ln in text.splitlines() if (m := _COUNTED.match(ln))]
    return nums == list(range(n, 0, -1))


def paragraph_words(c: dict, text: str) -> bool:
    """Every paragraph has `n` words, or `min` to `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    lo, hi = _range(c, p)
    found = paragraphs(text)
    return bool(found) and all(lo <= len(words(para)) <= hi for para in found)


def paragraph_sentence_range(c: dict, text: str) -> bool:
    """Every paragraph has `n` sentences, or `min` to `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    lo, hi = _range(c, p)
    found = paragraphs(text)
    return bool(found) and all(lo <= len(sentences(para)) <= hi for para in found)


def markdown_links(c: dict, text: str) -> bool:
    """Markdown links [text](http... or https://...): `n`, or `min` to `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    lo, hi = _range(c, p)
    return bool(words(text)) and lo <= len(_LINK.findall(text)) <= hi


def hashtag_line(c: dict, text: str) -> bool:
    """The last non-empty line is `n` hashtags and nothing else that is a word, after other text,
    and no hashtag comes before that line."""
    p = _params(c, {"n": int})
    n = _positive(c, p, "n")
    found = lines(text)
    if len(found) < 2 or not words("\n".join(found[:-1])) or _HASHTAG.search("\n".join(found[:-1])):
        return False
    return len(_HASHTAG.findall(found[-1])) == n and not words(_HASHTAG.sub(" ", found[-1]))


def initial_count(c: dict, text: str) -> bool:
    """At least `min` words (each occurrence counts) start with `letter` (any case)."""
    p = _params(c, {"letter": str, "min": int})
    need, letter = _positive(c, p, "min"), p["letter"].lower()
    if len(letter) != 1 or not letter.isalpha():
        raise BadCheck(f"check 'initial_count': {p['letter']!r} is not one letter")
    return sum(w[0].lower() == letter for w in words(text)) >= need


def line_shape(c: dict, text: str) -> bool:
    """There are as many non-empty lines as `counts` has numbers, and line i has counts[i] words."""
    _params({k: v for k, v in c.items() if k != "counts"}, {})
    counts = c.get("counts")
    if not isinstance(counts, list) or not counts:
        raise BadCheck("check 'line_shape': counts must be a list of word counts")
    if not all(isinstance(k, int) and not isinstance(k, bool) and k >= 1 for k in counts):
        raise BadCheck(f"check 'line_shape': every count must be a whole number >= 1, not {counts!r}")
    return [len(words(ln)) for ln in lines(text)] == counts


def no_contractions(c: dict, text: str) -> bool:
    """No contraction: no word ending in n't, 're, 've, 'll, 'd or 'm, and no it's, that's, let's,
    there's and the like (a possessive 's is fine)."""
    _params(c, {})
    found = [_apos(w).lower() for w in words(text)]
    return bool(found) and not any(w.endswith(_CONTRACTED) or w in _S_CONTRACTIONS for w in found)


def summary_first(c: dict, text: str) -> bool:
    """The first non-empty line starts with `label` (any case, emphasis aside, its colon optional)
    and 1 to `max_words` (default 30) words after it, and other text follows that line."""
    p = _params(c, {"label": str}, {"max_words": int})
    most = _positive(c, p, "max_words") or 30
    label = p["label"].strip().rstrip(":").strip().lower()
    if not words(label):
        raise BadCheck(f"check 'summary_first': label {p['label']!r} has no word")
    found = lines(text)
    if len(found) < 2 or not words("\n".join(found[1:])):
        return False
    head = found[0].strip().lstrip("#>").strip().lstrip("*_").lower()
    if not head.startswith(label):
        return False
    return 1 <= len(words(head[len(label) :].lstrip(" :-–—*_"))) <= most


def percent_sign(c: dict, text: str) -> bool:
    """At least `min` (default 1) numbers with a % sign (40%, 12.5 %), and no "percent", "per cent"
    or "pct" written out."""
    p = _params(c, {}, {"min": int})
    need = _positive(c, p, "min") or 1
    found = _PERCENT_NUMBER.findall(text)
    return bool(words(text)) and len(found) >= need and not _PERCENT_WORD.search(text)


def spelled_numbers(c: dict, text: str) -> bool:
    """At least `min` words are numbers written out (one to nineteen, the tens, hundred, thousand,
    million, billion, dozen; each part of twenty-five counts once for the word)."""
    p = _params(c, {"min": int})
    need = _positive(c, p, "min")
    found = [w.lower() for w in words(text)]
    return sum(any(part in _NUMBER_WORDS for part in w.split("-")) for w in found) >= need


def item_endings(c: dict, text: str) -> bool:
    """There are list items (bullet or numbered lines), and each ends with one of `chars`
    (closing emphasis, quotes, brackets aside)."""
    p = _params(c, {"chars": list})
    ends = _punctuation(c, "chars", p["chars"])
    found = [ln for ln in text.splitlines() if _BULLET.match(ln) or _NUMBERED.match(ln)]
    return bool(found) and all(_bare_end(ln).endswith(ends) for ln in found)


def fenced(c: dict, text: str) -> bool:
    """The whole answer is one fenced code block (``` ... ```) with something in it; its info
    string is `lang` (any case), where given."""
    p = _params(c, {}, {"lang": str})
    m = _FENCE.match(text.strip())
    if not m or "```" in m.group(2) or not m.group(2).strip():
        return False
    return "lang" not in p or m.group(1).lower() == p["lang"].strip().lower()


def money_format(c: dict, text: str) -> bool:
    """At least `min` (default 1) amounts written as `symbol` ($, € or £) and digits with two
    decimals ($4.50, $1,200.00); no amount with that symbol written another way ($5, $ 5.00,
    $3.5) and no number followed by a currency word or sign (5 dollars, 20 cents, 5$)."""
    p = _params(c, {"symbol": str}, {"min": int})
    need, sym = _positive(c, p, "min") or 1, p["symbol"]
    if sym not in ("$", "€", "£"):
        raise BadCheck(f"check 'money_format': symbol must be $, € or £, not {sym!r}")
    good = re.compile(re.escape(sym) + r"(?:\d{1,3}(?:,\d{3})+|\d+)\.\d{2}(?![\d.,]\d)")
    every = re.findall(re.escape(sym) + r"\s*[\d.,]*\d", text)
    ok = [a for a in every if good.fullmatch(a)]
    return bool(words(text)) and len(ok) >= need and len(ok) == len(every) and not _CURRENCY_WORD.search(text)


def title_case(c: dict, text: str) -> bool:
    """The first line is a title of at least 2 words in title case (heading marks, emphasis and
    "Title:" aside): every word starts with a capital or a digit, except small words (a, the, of,
    with, ... see _MINOR) that are not first or last; text follows it."""
    _params(c, {})
    found = lines(text)
    if len(found) < 2 or not words("\n".join(found[1:])):
        return False
    head = found[0].strip().lstrip("#").strip().strip("*_").strip()
    head = re.sub(r"^title\s*:\s*", "", head, flags=re.I).strip("*_ ")
    ws = words(head)
    if len(ws) < 2:
        return False
    return all(
        w[0].isupper() or w[0].isdigit() or (0 < i < len(ws) - 1 and w.lower() in _MINOR)
        for i, w in enumerate(ws)
    )


def lettered(c: dict, text: str) -> bool:
    """The lines labelled with a letter (A. / a) / (a), also as a bullet or in bold) go a, b, c,
    ... in order (any case), and there are `n` of them."""
    p = _params(c, {"n": int})
    n = _positive(c, p, "n")
    if n > 26:
        raise BadCheck("check 'lettered': n is above 26")
    labels = [m.group(1).lower() for ln in text.splitlines() if (m := _LETTERED.match(ln))]
    return labels == [chr(ord("a") + i) for i in range(n)]


def sentence_per_line(c: dict, text: str) -> bool:
    """At least 2 non-empty lines, and each holds exactly one sentence (list markers aside)."""
    _params(c, {})
    found = lines(text)
    return len(found) >= 2 and all(len(sentences(_line_body(ln))) == 1 for ln in found)


def prose(c: dict, text: str) -> bool:
    """Plain prose: words, and no bullet or numbered line, no markdown heading and no table row."""
    _params(c, {})
    marked = (_BULLET, _NUMBERED, _HEADING, _TABLE)
    return bool(words(text)) and not any(r.match(ln) for ln in text.splitlines() for r in marked)


def line_chars(c: dict, text: str) -> bool:
    """Every non-empty line has at most `max` characters (spaces at its ends aside)."""
    p = _params(c, {"max": int})
    most = _positive(c, p, "max")
    found = lines(text)
    return bool(words(text)) and all(len(ln.strip()) <= most for ln in found)


TEST4_CHECKS = {
    f.__name__: f
    for f in (
        line_endings, signoff, first_word, countdown, paragraph_words, paragraph_sentence_range,
        markdown_links, hashtag_line, initial_count, line_shape, no_contractions, summary_first,
        percent_sign, spelled_numbers, item_endings, fenced, money_format, title_case, lettered,
        sentence_per_line, prose, line_chars,
    )
}  # fmt: skip
