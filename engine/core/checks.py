"""Checks that keep a bad rewrite from replacing a good answer.

Small models asked to rewrite after a review often answer with the review itself (the feedback
JSON, or prose about "the review" and "the answer"), loop on one phrase until the token cap,
return a stub, paste the request back in (the review they were to reverse, the program they
were to speed up), or copy the previous answer unchanged. Each check here is a plain function of
the texts involved; `judge_rewrite` runs them in order and names the first that fires. The loop
then ends with the previous output and stop reason `rejected` (or `no_progress` for a copy).

Every check compares against what the plain answer and the request already contained, so a
request that is itself about reviews, JSON or repetition is not penalised for it.
"""

from __future__ import annotations

import json
import re
import unicodedata
import zlib
from collections import Counter
from collections.abc import Collection

from selfrefine.engine.core.substance import (
    DROPPED,
    INVENTED,
    PLACEHOLDER,
    RESTATED,
    SUBSTANCE_CHECKS,
    TALKS,
    TITLE,
    announces_change,
    asks_to_repeat,
    substance_fault,
    talks_about_request,
)

# Check names, in the order judge_rewrite applies them. Each is a key of LoopResult.checks.
_NAMES = (
    "empty",
    "feedback_json",
    "review_talk",
    "refusal",
    "form_lost",
    "script",
    "repetitive",
    "truncated",
    "replaced",
    "echo",
    "identical",
)
(
    EMPTY,
    FEEDBACK_JSON,
    REVIEW_TALK,
    REFUSAL,
    FORM_LOST,
    SCRIPT,
    REPETITIVE,
    TRUNCATED,
    REPLACED,
    ECHO,
    IDENTICAL,
) = _NAMES
REWRITE_CHECKS = (*_NAMES[:-1], *SUBSTANCE_CHECKS, IDENTICAL)
"""Checks of a rewrite; `identical` ends the loop as `no_progress`, the others as `rejected`.
The substance checks (engine.core.substance) run only where `judge_rewrite` is asked for them."""
PROSE_CHECKS = frozenset(
    {REVIEW_TALK, TRUNCATED, REPLACED, ECHO, TALKS, RESTATED, PLACEHOLDER, INVENTED, DROPPED}
)
"""Checks that read a rewrite's prose. Where the request's own examples ran on a rewrite's code
and more of them passed than on the answer it replaces, that run judges it and these are waived:
a working function is not "truncated" for dropping a long docstring, nor an "echo" for repeating
the request's assert (MBPP dev b: 4 such refusals held working code on 3 rows); code that passes
more of them but not all passed more hidden tests each time it was refused (generic dev)."""
GUARD = "guard"
"""Count key: a rewrite that the item's own acceptance test (Item.guard) refused."""
FAULTS = "faults"
"""Count key: a rewrite refused because the request's tools find it no better: more faults than the
answer it rewrote, or, after a fault, not fewer (`RefineConfig.candidates` > 1)."""
FITTED = "fitted"
"""Count key: a rewrite refused because its code, which passes the request's examples that the
answer it rewrote failed, returns their expected value for every nearby input too: fitted to the
example, not written for the request (Observation.fitted; engine.observe.probes)."""
PAIRWISE = "pairwise"
"""Count key: a rewrite that did not win both orders of the pairwise verification."""
RETRYABLE = (GUARD, IDENTICAL)
"""Refusals a loop may answer with a retry (`RefineConfig.retry_on`)."""

FEEDBACK_KEYS = frozenset({"feedback", "scores", "stop", "problems", "issues", "score"})

# Phrases with which a reviewer, not an answer, speaks. Matched case-insensitively on word
# boundaries; a phrase that the plain answer or the request already used does not count.
_REVIEW_PHRASES = (
    r"(?:the|this|that|your|my) (?:review|feedback|critique|reviewer)\b",
    # "the answer" as a thing being discussed; "the answer is 42" is an answer, not a review
    r"(?:this|that|the|your|my) (?:original |previous |above |latest |revised |improved |rewritten |"
    r"updated |new |initial |first )?(?:answer|response|rewrite)\b(?!\s*(?:is|was|to|of|for)\b|\s*[=:])",
    r"(?:this|that|the|your|my) (?:answer|response) (?:is|was) (?:clear|concise|correct|accurate|"
    r"complete|well|good|excellent|helpful|informative|perfect)",
    r"(?:the|your|my) (?:original|previous|revised|improved|rewritten|updated) (?:text|version|paragraph)\b",
    r"(?:correctness|completeness|clarity|coherence)\s*[:=]\s*\d",
    r"(?:needs|need) no (?:further )?changes?\b",
    r"no changes? (?:are |is )?needed\b",
    r"meets (?:all )?the criteria\b",
    r"(?:improved|revised|rewritten|updated|corrected) (?:answer|response|version)\b",
    # "Sure, here are the corrected Saturdays ...": a rewrite that changed a word and announces a
    # correction the user never saw (generic test7 y11, y16; test8 z32, read after its run)
    r"here(?: is| are|'s|’s) (?:the|my|a|an|your|some) (?:corrected|fixed)\b",
    # "Sure, here's the new answer:" over the same link (generic test14 s26, read after its run)
    r"here(?:'s|’s| is) (?:the|my) new (?:answer|response)\b",
)
_REVIEW_RE = [re.compile(rf"\b{p}", re.IGNORECASE) for p in _REVIEW_PHRASES]

# Words in a review that ask for a shorter text: then a much shorter rewrite is expected.
_CUT_RE = re.compile(
    r"\b(?:shorten|shorter|cut|trim|remove|delete|drop|omit|too long|verbose|wordy|concise|"
    r"redundan\w*|unnecessary|simplif\w*|brief|condense|fewer|less)\b",
    re.IGNORECASE,
)

SHRINK_RATIO = 0.35
"""A rewrite under this share of the previous output's length is truncated unless asked to cut."""
SHRINK_MIN_CHARS = 60
"""...and only when the previous output had at least this many characters."""


def normalize(text: str) -> str:
    """Case-kept text, spaces collapsed, line and paragraph breaks kept (a paragraph split is the
    tools' fix for a paragraph count): what `identical` compares."""
    rows = "\n".join(" ".join(row.split()) for row in text.strip().splitlines())
    return re.sub(r"\n{3,}", "\n\n", rows)


def is_empty(text: str) -> bool:
    """Nothing but whitespace and punctuation."""
    return not any(ch.isalnum() for ch in text)


def _json_objects(text: str):
    """Every JSON object that a text is, or that a fenced / embedded block in it is."""
    s = text.strip()
    fence = re.sub(r"^```[a-zA-Z]*\s*|\s*```$", "", s)
    candidates = [s, fence]
    start, end = s.find("{"), s.rfind("}")
    if 0 <= start < end:
        candidates.append(s[start : end + 1])
    for c in candidates:
        try:
            obj = json.loads(c)
        except (json.JSONDecodeError, ValueError):
            continue
        if isinstance(obj, dict):
            yield obj


_FEEDBACK_OPENING = re.compile(r'\{\s*"(?:' + "|".join(sorted(FEEDBACK_KEYS)) + r')"\s*:')
"""An object that opens with a feedback key: a review cut off by max_tokens is no JSON at all."""


def is_feedback_json(text: str, reference: str = "") -> bool:
    """The text is (or contains) a JSON object with feedback keys: a review, not an answer.

    A reference (request + plain answer) that has such an object itself keeps the check quiet:
    then JSON with those keys may be what the user asked for.
    """

    def has_feedback(t: str) -> bool:
        return bool(_FEEDBACK_OPENING.search(t)) or any(FEEDBACK_KEYS & set(obj) for obj in _json_objects(t))

    return has_feedback(text) and not has_feedback(reference)


# A field marker of a prompt-defined output format, e.g. DSPy's `[[ ## answer ## ]]`.
_FIELD_MARKER = re.compile(r"^\s*\[\[ ## [\w.-]+ ## \]\]\s*$", re.MULTILINE)
_FENCED = re.compile(r"^```[\w+-]*\n.*\n```$", re.DOTALL)


def _json_value(text: str) -> object | None:
    """The JSON value a whole text is (alone or in one fenced block), else None."""
    s = text.strip()
    if _FENCED.match(s):
        s = s[s.index("\n") + 1 : s.rindex("```")].strip()
    if not s or s[0] not in "[{":
        return None
    try:
        return json.loads(s)
    except (json.JSONDecodeError, ValueError):
        return None


def form(text: str) -> tuple:
    """The output form a text follows, as far as a rewrite must keep it: a JSON object (with its
    keys) or array (alone or in one fenced block), or the field markers of a prompt-defined
    format (`[[ ## answer ## ]]`, in order); () for anything else. A lone code block is not a
    form here: code tasks' scorers read the code wherever it stands."""
    value = _json_value(text)
    if isinstance(value, dict):
        return ("json_object", tuple(sorted(value)))
    if isinstance(value, list):
        return ("json_array",)
    markers = tuple(m.group(0).strip() for m in _FIELD_MARKER.finditer(text))
    return ("fields", markers) if markers else ()


def loses_form(text: str, previous: str) -> bool:
    """The previous output followed a form (JSON, a format's field markers) and the rewrite does
    not: an app that asked for that form in its prompt could not read it. The
    draft follows the request or the system message; the critic's review may say nothing of the
    form, and a rewrite into prose (`{"answer": "Paris"}` -> "The capital is Paris.") breaks the
    caller."""
    want = form(previous)
    return bool(want) and form(text) != want


def review_phrases(text: str) -> set[str]:
    """The review phrases (lowercased) found in a text."""
    found = set()
    for rx in _REVIEW_RE:
        found.update(m.group(0).lower() for m in rx.finditer(text))
    return found


def is_review_talk(text: str, reference: str = "") -> bool:
    """The text talks about the review or the answer in phrases the reference never used."""
    return bool(review_phrases(text) - review_phrases(reference))


def _grams(words: list[str], n: int = 4) -> list[tuple[str, ...]]:
    """The word n-grams of a word list, in order."""
    return [tuple(words[i : i + n]) for i in range(len(words) - n + 1)]


def repetition(text: str, n: int = 4) -> float:
    """Share of word n-grams that repeat an earlier n-gram (0: none, near 1: one phrase looped)."""
    words = text.split()
    if len(words) < n + 1:
        return 0.0
    grams = _grams(words, n)
    counts = Counter(grams)
    return sum(c - 1 for c in counts.values()) / len(grams)


def trim_loop(text: str, finished: bool = True, seen: str = "") -> str:
    """The text's new sentences: a sentence that repeats one already said (most of its word
    4-grams in the text before it or in `seen`) is dropped, and an unfinished last sentence is
    dropped when generation hit its token cap (`finished` False).

    For append-mode rewrites: a small model asked to add sentences for many concepts often
    first copies the paragraph it was given, writes one or two new sentences, and then cycles
    through them until the cap. The new sentences are kept; what it repeats adds nothing."""
    said = set(_grams(_words(seen)))
    kept: list[str] = []
    for sent in (x.strip() for x in re.split(r"(?<=[.!?])\s+", text.strip())):
        words = _words(sent)
        grams = _grams(words)
        if not words or (grams and sum(g in said for g in grams) > 0.6 * len(grams)) or sent in kept:
            continue
        kept.append(sent)
        said.update(grams)
    if kept and not finished and not re.search(r"[.!?][\"')\]]*$", kept[-1]):
        kept.pop()
    return " ".join(kept)


def is_repetitive(text: str, reference: str = "") -> bool:
    """Heavy repetition: over half the word 4-grams repeat (at least 40 words), or the text
    compresses to under a fifth of its size; and clearly more so than the reference. Or the text
    ends in a loop the reference does not end in (its last 400 characters compress to under 15%:
    "earbuds, earbuds, ..." after a sound opening, IFEval dev ifeval-2372)."""
    if len(text.split()) >= 40:
        rep = repetition(text)
        if rep > 0.5 and rep > repetition(reference) + 0.2:
            return True
    raw = text.encode()
    if len(raw) >= 400:
        ratio = len(zlib.compress(raw)) / len(raw)
        ref = reference.encode()
        ref_ratio = len(zlib.compress(ref)) / len(ref) if len(ref) >= 400 else 1.0
        if ratio < 0.2 and ratio < ref_ratio - 0.1:
            return True
    return _loops_at_end(text) and not _loops_at_end(reference)


def _loops_at_end(text: str, tail: int = 400) -> bool:
    end = text.strip()[-tail:].encode()
    return len(end) >= tail and len(zlib.compress(end)) / len(end) < 0.15


def asks_to_cut(points: list[str]) -> bool:
    """The review asks for something to be shortened or removed."""
    return any(_CUT_RE.search(p) for p in points)


_BOUND = re.compile(r"\b(\d+)\s+(\w+)[^;\d]*;\s*the answer has\s+(\d+)", re.I)
CUT_FLOOR = 0.25
"""A rewrite cut to meet a bound on words (characters) keeps at least this share of what it allows."""
ADDING_KEEP = 0.6
"""A rewrite told to add (a paragraph, a bullet) keeps at least this share of the answer's content."""


def bounds(points: list[str]) -> list[tuple[int, str, int]]:
    """(bound, unit, what the answer has) of each count the tools' faults name ("The request
    asks for exactly 2 paragraphs; the answer has 1." -> (2, "paragraphs", 1))."""
    return [(int(m[1]), m[2].lower(), int(m[3])) for p in points for m in _BOUND.finditer(p)]


def under_floor(text: str, bound: int, unit: str) -> bool:
    """`text` keeps under CUT_FLOOR of the words or characters a bound of `bound` `unit` allows."""
    if unit.startswith("word"):
        return len(_words(text)) < CUT_FLOOR * bound
    return unit.startswith("character") and len(text.strip()) < CUT_FLOOR * bound


def content_chars(text: str) -> int:
    """The text's length, or for a text that loops (over half its word 4-grams repeat, or it
    compresses under a fifth) its compressed length: a draft that cycles through "sweep the floor,
    clean the floor, ..." or writes "* * *" to the cap holds a few words, not 2,000 characters."""
    text = text.strip()
    raw = text.encode()
    packed = len(zlib.compress(raw))
    if repetition(text) > 0.5 or (len(raw) >= 400 and packed < 0.2 * len(raw)):
        return min(len(text), packed)
    return len(text)


_BANS = re.compile(r'asks not to use "|asks for no [a-z]+(?: [a-z]+)?s; the answer has \d')
"""The tools' fault for a word or mark the request bans: a word to change, not the answer to cut."""


_WORD_RE = re.compile(r"[^\W\d_]+")


def _keeps_every_word(text: str, previous: str) -> bool:
    """`text` holds every word of `previous` as often (case aside): nothing of it was dropped."""
    return not Counter(_WORD_RE.findall(previous.lower())) - Counter(_WORD_RE.findall(text.lower()))


def is_truncated(text: str, previous: str, points: list[str]) -> bool:
    """A fraction of the previous output's content (both as `content_chars`: a text that loops
    holds its compressed size) when the review asked for nothing to be cut; under ADDING_KEEP of
    it where the tools' counts all ask for more (split into paragraphs, not dropped into them) or
    a fault bans a word (three sentences on the ocean became one to lose "water", generic c12);
    under CUT_FLOOR of what a bound on words or characters allows, where the answer is over it
    (one line where an explanation in under 120 words was asked)."""
    size = content_chars(previous)
    if size < SHRINK_MIN_CHARS or (_WORD_RE.search(previous) and _keeps_every_word(text, previous)):
        return False  # re-marked, re-cased or re-spaced: what compresses better holds the same words
    counts = bounds(points)
    over = [(n, unit) for n, unit, have in counts if have > n]
    if any(under_floor(text, n, unit) for n, unit in over):
        return True
    kept = content_chars(text)  # a rewrite that loops holds its compressed size too (ifeval-2471)
    if (counts or _BANS.search(" ".join(points))) and not over:
        return kept < ADDING_KEEP * size
    return kept < SHRINK_RATIO * size and not asks_to_cut(points)


CUT_KEEP = 0.3
"""A rewrite of a sound answer over an upper bound keeps at least this share of its word pairs."""


def is_replaced(text: str, previous: str, points: list[str], request: str = "") -> bool:
    """Told by the tools' counts to cut an answer that is over an upper bound, the rewrite is a new
    text, not a cut: under CUT_KEEP of its word pairs are the answer's or the request's (an
    explanation of fraud became one sentence that explains nothing, ifeval-340; a hull-repair
    guide became a different, garbled one, ifeval-286). An answer that loops or declines may be
    written anew."""
    if not any(have > n for n, _, have in bounds(points)):
        return False
    untitled = TITLE.sub("", previous)  # "<<my title>> I'm sorry, but I can't ..."
    if content_chars(previous) < len(previous.strip()) or is_non_answer(untitled.strip(), request):
        return False
    known = set(_grams(_words(previous), 2)) | set(_grams(_words(request), 2))
    pairs = _grams(_words(text), 2)
    return bool(pairs) and sum(p in known for p in pairs) < CUT_KEEP * len(pairs)


ECHO_NGRAM = 8
ECHO_MIN_WORDS = 12
ECHO_SHARE = 0.25
ECHO_ALWAYS = 20
"""So many echoed words fire whatever their share (a worked example of the prompt pasted in)."""


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


_GIVEN = re.compile(r"[/\\@]|\w\.\w{2,4}\b")
"""A path, web address, email address, file name or decimal: a given the answer must repeat."""


def _echo_words(text: str) -> list[str | None]:
    """The words of `text`, a given (`_GIVEN`) standing as None, which no copied run crosses."""
    out: list[str | None] = []
    for token in text.lower().split():
        out += [None] if _GIVEN.search(token) else re.findall(r"\w+", token)
    return out


def echoed_words(text: str, request: str, previous: str, n: int = ECHO_NGRAM) -> int:
    """Words of `text` inside word n-grams copied from the request that `previous` did not have;
    "redirect /about-us.html to /about" repeats givens, and no run crosses one."""
    words = _echo_words(text)
    grams = lambda ws: {tuple(ws[i : i + n]) for i in range(len(ws) - n + 1) if None not in ws[i : i + n]}  # noqa: E731
    from_request = grams(_echo_words(request)) - grams(_echo_words(previous))
    covered = [False] * len(words)
    for i in range(len(words) - n + 1):
        if tuple(words[i : i + n]) in from_request:
            covered[i : i + n] = [True] * n
    return sum(covered)


def is_echo(text: str, request: str, previous: str) -> bool:
    """The rewrite brings back long verbatim runs of the request that the previous output had
    left behind: a review to reverse pasted back in, the slow program restored. At least
    ECHO_MIN_WORDS words and ECHO_SHARE of the rewrite, or ECHO_ALWAYS words."""
    n = echoed_words(text, request, previous)
    return n >= ECHO_ALWAYS or (n >= ECHO_MIN_WORDS and n >= ECHO_SHARE * max(1, len(_words(text))))


def _fact_key(line: str) -> str:
    """A tools' fact line's identity, whatever its count or verdict: its name and what was asked."""
    line = line[2:].split(" -- NOT MET")[0]
    asked = re.search(r"\(asked:[^)]*\)", line)
    return re.sub(r"\d+", "#", line.split(": ")[0]) + "|" + (asked[0] if asked else "")


def newly_broken(before: str, after: str) -> str | None:
    """The first fact the tools observed as met in `before` (an observation's text) and NOT MET in
    `after`: a rewrite that trades one check for another regresses on that one, whatever the count
    of faults (generic test9's k19: the description's length met, the title's lost)."""
    met = {_fact_key(x) for x in before.splitlines() if x.startswith("- ") and "NOT MET" not in x}
    return next((x[2:] for x in after.splitlines() if "NOT MET" in x and _fact_key(x) in met), None)


def is_identical(text: str, earlier: list[str]) -> bool:
    """The same text (up to spaces) as an earlier output: the loop made no progress."""
    t = normalize(text)
    return any(t == normalize(e) for e in earlier)


def judge_rewrite(
    text: str,
    *,
    previous: str,
    earlier: list[str],
    reference: str,
    points: list[str],
    request: str = "",
    substance: bool = False,
    waive: Collection[str] = (),
) -> str | None:
    """The first check a rewrite fails, or None if it may replace the previous output.

    `previous` is the output the rewrite would replace, `earlier` every output so far,
    `reference` the request and the plain answer (phrases they use are allowed), `points`
    the feedback that asked for the rewrite, and `request` the request alone. `substance`: also
    refuse a rewrite that gives up the request's substance (engine.core.substance). `waive`: the
    checks not run (TRUNCATED: the length check; PROSE_CHECKS: every check of the prose).
    """
    if is_empty(text):
        return EMPTY
    if is_feedback_json(text, reference):
        return FEEDBACK_JSON
    if REVIEW_TALK not in waive and (
        is_review_talk(text, reference) or announces_change(text, previous, reference)
    ):
        return REVIEW_TALK
    if is_refusal(text) and not is_refusal(previous):
        return REFUSAL
    if loses_form(text, previous):
        return FORM_LOST
    if changes_script(text, reference):
        return SCRIPT
    if is_repetitive(text, reference + "\n" + previous):
        return REPETITIVE
    if TRUNCATED not in waive and is_truncated(text, previous, points):
        return TRUNCATED
    if substance and REPLACED not in waive and is_replaced(text, previous, points, request):
        return REPLACED
    if ECHO not in waive and request and not asks_to_repeat(request) and is_echo(text, request, previous):
        return ECHO
    if ECHO not in waive and points and is_echo(text, "\n".join(points), previous):  # the review pasted
        return ECHO
    if substance and (lost := substance_fault(text, request=request, previous=previous, skip=waive)):
        return lost
    if is_identical(text, earlier):
        return IDENTICAL
    return None


_DECLINE = (
    r"(?:can(?:'|no)?t|cannot|am\s+unable\s+to|'m\s+unable\s+to|am\s+not\s+able\s+to|won'?t)\s+"
    r"(?:help|assist|fulfil|fulfill|comply|provide|do\s+that|do\s+this|write|create|answer|generate)\b"
)
_REFUSAL = re.compile(
    rf"\A\W*(?:(?:i'?m|i\s+am)\s+(?:really\s+|very\s+)?sorry,?\s+(?:but\s+)?i\s*{_DECLINE}|i\s*{_DECLINE}|"
    r"as\s+an\s+ai\b)",
    re.I,
)


def is_refusal(text: str) -> bool:
    """The text opens by declining ("I'm sorry, but I can't assist with that."): as a rewrite of an
    answer that did not, it gives up the request, though it may meet every count (a sampled 0.5B
    candidate did, for a four-line riddle)."""
    return bool(_REFUSAL.match(text.replace("\u2019", "'")))


def is_non_answer(text: str, request: str) -> bool:
    """A refusal, or a short reply that offers help or asks for details instead of answering ("Sure,
    I'd be happy to help! Please provide ..."): nothing the tools' fixes should dress up."""
    short = len(text.split()) < 80
    return is_refusal(text) or (short and talks_about_request(text, request, "", echo_ok=False))


_PREAMBLE = re.compile(
    r"\A\s*(?:sure|certainly|of course|okay|ok|here is|here's|here are)\b[^\n]{0,80}:[ \t]*\n\s*\n", re.I
)


def strip_preamble(text: str) -> str:
    """`text` without a first line that only announces it ("Sure! Here is the revised answer:"
    and a blank line), which a request's "start with ..." or length would count against it."""
    rest = _PREAMBLE.sub("", text, count=1)
    return rest if rest.strip() else text


def _latin_share(text: str) -> float | None:
    """The share of the letters of `text` that are Latin (None: no letters)."""
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return None
    return sum(c.isascii() or "LATIN" in unicodedata.name(c, "") for c in letters) / len(letters)


def changes_script(text: str, reference: str) -> bool:
    """A rewrite mostly in another script than the request and the plain answer (`reference`):
    on the generic eval a sampled 0.5B candidate answered an English request in Chinese, and
    the length checks alone would have kept it."""
    ref, new = _latin_share(reference), _latin_share(text)
    return ref is not None and new is not None and ref >= 0.9 and new < 0.5
