"""Text facts a small model cannot compute: counts the request constrains, the words it quotes or
names, how the answer must start or end, and its letter case. Each reader takes the request and
returns the checks it states; each check takes the answer and returns its `Fact`s."""

from __future__ import annotations

import re
from collections.abc import Callable

from selfrefine.engine.observe import facts as f
from selfrefine.engine.observe.facts import NUM, Fact, number
from selfrefine.engine.observe.facts import QUAL as _QUAL
from selfrefine.engine.observe.facts import QUALIFIERS as _QUALIFIERS
from selfrefine.engine.observe.scope import PART_BOUND, PART_OF, of_a_part, opens_each, part_label

Check = Callable[[str], list[Fact]]

# unit as written -> (what is counted, how it is named, needs a cue: a qualifier, "in N ..." or "N-...")
_UNITS = {
    "words?": ("words", "word", True),
    "sentences?": ("sentences", "sentence", False),
    "paragraphs?": ("paragraphs", "paragraph", False),
    "lines?": ("lines", "line", False),
    "characters?|chars": ("characters", "character", True),
    "bullet[ -]points?|bullets?|bulleted items?|bullet items?": ("bullets", "bullet point", False),
    "numbered (?:items?|points?|steps?)": ("numbered", "numbered item", False),
    "(?:list )?items?": ("items", "list item", True),
    "hashtags?": ("hashtags", "hashtag", False),
    "emojis?|emoji": ("emojis", "emoji", False),
}
_COUNT = re.compile(
    rf"(?P<q>\b(?:{_QUAL})\s+)?(?P<n>\b{NUM})(?:\s*(?P<join>[-–—]|to|and|or)\s*(?P<n2>{NUM}))?(?:\s+or\s+(?P<orm>more|fewer|less))?(?P<sep>[\s-]+)(?:(?:short|brief|concise|long|separate|distinct|full|simple|clear)\s+)?"
    rf"(?P<unit>{'|'.join(f'(?:{u})' for u in _UNITS)})\b(?=(?P<after>[^.;\n]{{0,16}}))",
    re.I,
)
_FIELD = re.compile(r"['\"“‘`](?P<label>[A-Za-z][\w ./&-]{0,30}?)\s*:\s*['\"”’`][^()'\"“”\n]{0,40}\([^()]*$")
"""Before "N words", in parentheses after a quoted label: that line's length ("'Subject:' (8 words max)")."""
_DENIED = re.compile(
    r"\b(?:don'?t|do\s+not|never|not|shouldn'?t|mustn'?t|can'?t|cannot)\s+(?:go|run|be|get|write|use)?\s*$",
    re.I,
)
"""Before "over / more than N": the bound is denied ("don't go over 150 words" is at most 150)."""
_CLAUSE_END = re.compile(r"[.;!?\n]|,\s*(?:and|but|then|so|while)\b", re.I)
"""Where a clause ends: "each" in "at least once each, and stay under 200 words" is not the count's."""
_AVERAGE = re.compile(r"\b(?:on\s+)?average\b|\bmean\b", re.I)
"""Near "N words": a mean ("8 words or fewer on average"), not the answer's length."""
_PARTS_BEFORE = re.compile(
    r"\b(?:lines|sentences|bullets|bullet\s+points|paragraphs|items|steps|tips|points)\s+(?:(?:of|that\s+are|are|"
    r"should\s+be|must\s+be|must\s+have|should\s+have|stay|kept|staying)\s+)?$",
    re.I,
)
_PER = re.compile(
    r"\b(?:each|every|per)\b(?!\s+(?:(?:single|other)\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday|morning|evening|night|day|week|month|year|weekend|time|hour|minute)s?\b)",
    re.I,
)
"""A count per item ("each with 3 sentences"), not a time ("a check-in every Monday, under 120 words")."""
_PER_AFTER = re.compile(
    r"\s+(?:(?:under|for|in|within|inside|to|on|of)\s+)?(?:each|every|per|apiece)\b", re.I
)
"""Right after "N units": the count is per item ("two sentences each", "5 words per line"); after a
comma, "each" opens a clause of its own ("3 paragraphs, each under 80 words": 3 is the answer's)."""
_EACH_WITH = re.compile(r"\beach\s+(?:with|having|including|containing)\b.*\band\s+(?:\w+\s+)?$", re.I)
"""Before a count in its sentence: one more thing each item has ("4 viewpoints, each with its
coordinates and one sentence on why"), not the answer's length."""
_WHICH_WORDS = re.compile(
    r"\s*(?:written\b|in\s+(?:all\s+)?(?:caps|capitals?|capital\s+letters|upper\s?case|bold|italics?)\b|"
    r"(?:starting|beginning|ending)\s+with\b)",
    re.I,
)
"""After "N words": which words are counted, so the count is not the answer's length."""
COUNTERS = {
    "words": f.words,
    "sentences": f.sentences,
    "paragraphs": lambda t: len(f.paragraphs(t)),
    "lines": f.lines,
    "characters": f.characters,
    "bullets": f.bullets,
    "numbered": f.numbered,
    "items": lambda t: f.bullets(t) + f.numbered(t),
    "hashtags": lambda t: len(f.HASHTAG.findall(t)),
    "emojis": lambda t: len(re.findall("[\U0001f300-\U0001faff\u2600-\u27bf\U0001f000-\U0001f2ff]", t)),
}


def _asked(rel: str, n: int, n2: int | None, name: str) -> str:
    if rel == "..":
        return f"between {min(n, n2)} and {max(n, n2)} {name}s"
    return f"{f.ASKED[rel]} {f.plural(n, name)}"


def count_checks(request: str) -> list[Check]:
    """The counts the request constrains ("in exactly 3 sentences", "at most 50 words", "5 bullet
    points"); a count per item or per paragraph ("two sentences each", "each with 3 sentences" in
    the same sentence) is not read."""
    out, seen = [], set()
    for m in _COUNT.finditer(request):
        unit = next(v for k, v in _UNITS.items() if re.fullmatch(k, m["unit"], re.I))
        key, name, needs_cue = unit
        field = _FIELD.search(request[max(0, m.start() - 90) : m.start()])
        before = request[max(0, m.start() - 24) : m.start()]
        clause = _CLAUSE_END.split(before)[-1]
        sentence = re.split(r"[.;!?\n]", request[max(0, m.start() - 120) : m.start()])[-1]
        if _PER_AFTER.match(m["after"]) or _PER.search(clause) or _EACH_WITH.search(sentence):
            continue
        if PART_BOUND.search(
            _CLAUSE_END.split(request[max(0, m.start() - 60) : m.start()])[-1]
        ) or PART_OF.search(before):
            continue  # "the first sentence should be under 10 words": a part's length, not the answer's
        ahead = re.split(r"[.;!?\n,(]", request[m.end() : m.end() + 30])[0]
        if key == "words" and _PARTS_BEFORE.search(before):
            continue  # "keep the lines shorter than 8 words": each line's bound (engine.observe.parts)
        if re.match(r"\s*(?:a|an|per|each|every)\s+(?:minute|hour|second|day|week|page)\b", m["after"], re.I):
            continue  # "people read about 200 words a minute": a rate, not the answer's length
        if _AVERAGE.search(ahead) or _AVERAGE.search(clause):
            continue  # "8 words or fewer on average": a mean per sentence, not the answer's length
        if "-" in m["sep"] and re.match(r"\s*(?:[a-z]+\s+)?[a-z]{2,}(?<![si])s\b", m["after"], re.I):
            continue  # "5 made-up 17-character VINs", "two 500-word essays": each one's length
        if re.match(r"\s*(?:of code|long\b)", m["after"], re.I) and key == "lines":
            continue
        if key == "words" and _WHICH_WORDS.match(m["after"]) and not re.search(r"\bin\s+$", before, re.I):
            continue  # "at most one word written in capitals": some words, not the answer's length
        q = (m["q"] or "").strip().lower()
        cue = (
            bool(q)
            or "-" in m["sep"]
            or (m["n2"] and m["join"].lower() not in ("and", "or"))  # "80 to 150 words": a range is a count
            or m["orm"]
            or re.search(r"\bin\s+(?:about\s+|around\s+|roughly\s+)?$", before, re.I)
            or re.match(
                r"\s*(?:or (?:less|fewer|more)|max(?:imum)?|min(?:imum)?|long|tops)\b", m["after"], re.I
            )
        )
        if needs_cue and not cue:
            continue  # "list three characters", "three words that rhyme": not a count of the answer
        n, n2 = number(m["n"]), number(m["n2"]) if m["n2"] else None
        rel = _QUALIFIERS.get(q, "==")
        if rel in (">", ">=") and _DENIED.search(before):
            rel = "<=" if rel == ">" else "<"  # "don't go over 150 words": at most 150
        if n2 is not None:
            rel = ".."
        elif m["orm"]:  # "17 or more sentences"
            rel = ">=" if m["orm"].lower() == "more" else "<="
        elif not q:
            after = m["after"].lower()
            default = {"characters": "<=", "words": "~"}.get(key, "==")
            rel = (
                "<="
                if re.search(r"or less|or fewer|max|^\s*tops\b", after)
                else ">="
                if re.search(r"or more|min", after)
                else default
            )
        label = field["label"] if field else None
        scoped = of_a_part(request, m.start(), key in _SPANS and not label)  # "a one-line summary"
        if scoped and key in ("words", "characters") and (label := part_label(request, m.start())):
            scoped = False  # "a TL;DR at the bottom, no more than 25 words": that line's length
        if (key, rel, n, n2, label) in seen:
            continue
        seen.add((key, rel, n, n2, label))
        out.append((key, name, rel, n, n2, label, not (q or m["n2"] or m["orm"]), scoped))
    whole = [c for c in out if c[5] is None]  # bounds no count meets together: a bare number gives way
    parts = {
        c for c in whole for d in whole if c[0] == d[0] and (c[6] or not d[6]) and f.clash(c[2:5], d[2:5])
    }
    return [_count_check(*c[:6]) for c in out if c not in parts and not c[7]]  # clashes as before


def _count_check(key: str, name: str, rel: str, n: int, n2: int | None, label: str | None = None) -> Check:
    asked = _asked(rel, n, n2, name)

    def check(answer: str) -> list[Fact]:
        text = f.prose(answer) if label is None else f.field(answer, label)
        if text is None:
            return []  # no line starts with the label: its length is not counted
        slug = label is not None and key == "words" and "-" in text and not re.search(r"\s", text)
        have = len(text.split("-")) if slug else COUNTERS[key](text)  # "6 words max" in a slug: its parts
        ok = f.holds(rel, have, n, n2)
        if label is not None:
            fault = f"The request asks for {asked} after '{label}:'; that line has {have}."
            return [Fact(f"'{label}:' {name}s: {have} (asked: {asked})", None if ok else fault)]
        line = f"{name}s: {have} (asked: {asked}){'' if ok else ' -- NOT MET'}"
        fix = _cut(key, rel, n) if not ok and rel in ("<=", "<") and key in _CUTTABLE else None
        other = {"bullets": ("numbered", "bulleted"), "numbered": ("bullets", "numbered")}.get(key)
        if not ok and other and f.holds(rel, COUNTERS[other[0]](f.prose(answer)), n, n2):
            fix = f.marked_as(other[1])  # "5 bullet points" written as 1. to 5.: the same list re-marked
        if not ok and key == "paragraphs":  # the same sentences regrouped
            fix = f.regrouped(f.nearest(rel, have, n, n2))
        if not ok and key == "hashtags" and rel in ("<=", "<", "==", ".."):
            fix = f.keep_hashtags(max(n, n2 or 0) - (rel == "<"))
        return [Fact(line, None if ok else f"The request asks for {asked}; the answer has {have}.", fix)]

    return check


_CUTTABLE = ("words", "sentences", "characters")
_SPANS = (*_CUTTABLE, "lines", "paragraphs")
_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*(?=\s|$)")
KEEP_AT_LEAST = 0.5
"""A sentence cut is the tools' fix only where it keeps this share of the answer's words; a
bigger cut would drop what was asked for, and is left to a rewrite."""
_WRAPS = {'"': '"', "“": "”"}


def _cut(key: str, rel: str, n: int) -> Callable[[str], str]:
    """The repair of an upper bound on words, sentences or characters: the answer up to its last
    whole sentence within the bound, inside its quotes if it is quoted (unchanged where no such
    cut keeps KEEP_AT_LEAST of its words)."""

    def cut(answer: str) -> str:
        if "```" in answer or f.listed(answer):
            return answer  # code or a list: a prefix is not the same answer made shorter
        text = answer.strip()
        wrap = text[:1] in _WRAPS and len(text) > 1 and text[-1] == _WRAPS[text[0]]
        body = text[1:-1] if wrap else text
        total = f.words(body)
        for end in reversed([m.end() for m in _SENTENCE_END.finditer(body)]):
            head = body[:end].rstrip()
            if f.words(head) < KEEP_AT_LEAST * total:
                break
            head = f"{text[0]}{head}{text[-1]}" if wrap and not head.endswith(text[-1]) else head
            if f.holds(rel, COUNTERS[key](head), n):
                return head
        return answer

    return cut


_QUOTED = re.compile(r"\"([^\"\n]{1,60})\"|“([^”\n]{1,60})”|(?<!\w)'([^'\n]{1,60})'(?!\w)|`([^`\n]{1,60})`")
# "mention X" is read only for a capitalised X (a name): "mention how ..." names no term.
_NAMED = re.compile(
    r"(?i:\bthe\s+(?:word|term|phrase|name|keyword)\s+)([^\W\d_][\w'-]*)|"
    r"(?i:\bmention(?:s|ing)?\s+)(?!The\b|A\b|An\b|It\b|That\b|This\b)([A-Z][\w'-]*)"
)
_NEGATIVE = re.compile(
    r"\b(?:don'?t|do not|never|without|avoid|avoiding|not|no|exclude|excluding|omit|omitting)\b", re.I
)
_COMPARATIVE = re.compile(r"\bno(?:t)?\s+(?:more|fewer|less|longer|shorter|later|earlier)\s+than\b", re.I)
"""A bound's "no more than N", not a ban: "no more than 10 words per sentence, and keep the word fever"."""
_KEPT_OUT = re.compile(r"[\"'”’`]?\s*(?:out\s+of\b|out\s*[.,;!?)]|out\s*$|away\s+from\b)", re.I)
"""Right after the term: "keep the word X out of it", "leave 'Y' out.": a ban, whatever came before."""
_POSITIVE = re.compile(
    r"\b(?:use|uses|using|include|including|includes|mention|mentions|mentioning|contain|"
    r"containing|contains|feature|featuring|with|keep|keeping)\b",
    re.I,
)
_TIMES = re.compile(
    rf"^[\"'”’`]?\s*(?:\w+\s+){{0,2}}?(?P<q>\b(?:{_QUAL})\s+)?"
    rf"(?:(?P<n>\b{NUM})\s+times?\b|(?P<w>\bonce|\btwice|\bthrice)\b)",
    re.I,
)


def terms(request: str) -> list[tuple[str, int, int]]:
    """Every word or phrase the request quotes ("...", '...', `...`) or names ("the word X",
    "mention X"), with where it stands in the request; at most 6 words each (a longer quote
    is content to work on, not a term to count)."""
    found = []
    for m in _QUOTED.finditer(request):
        term = next(g for g in m.groups() if g is not None).strip()
        if term and len(term.split()) <= 6 and re.search(r"\w", term):
            found.append((term, m.start(), m.end()))
    for m in _NAMED.finditer(request):
        term = m[1] or m[2]
        if not any(s <= m.start(1 if m[1] else 2) < e for _, s, e in found):
            found.append((term, m.start(1 if m[1] else 2), m.end(1 if m[1] else 2)))
    for m in _WORD_LIST.finditer(request):  # "the words basically or simply", "no I, me or my"
        for w in re.finditer(r"[^\W\d_][\w'-]*", m["list"] or m["list2"]):
            if w[0].lower() not in _LIST_JOINS:
                at = m.start("list" if m["list"] else "list2") + w.start()
                if not any(s <= at < e for _, s, e in found):
                    found.append((w[0], at, at + len(w[0])))
    unique, seen = [], set()
    for t in sorted(found, key=lambda x: x[1]):
        if t[0].lower() not in seen:
            seen.add(t[0].lower())
            unique.append(t)
    return unique


def occurrences(term: str, answer: str) -> int:
    """How often `term` stands in the answer as a whole word or phrase, ignoring case."""
    pattern = r"\s+".join(map(re.escape, term.split()))
    return len(re.findall(rf"(?<!\w){pattern}(?!\w)", answer, re.I))


_LIST_SEP = re.compile(r"\s*(?:,|,?\s*(?:and|or|nor|as well as)\b)?\s*", re.I)
_LIST_JOINS = frozenset({"and", "or", "nor"})
_PRONOUN = r"(?:I|me|my|mine|myself|you|your|yours|yourself|yourselves|we|us|our|ours|ourselves)"
_WORD_LIST = re.compile(
    r"\b(?i:the\s+(?:following\s+)?(?:key)?words|keywords)\s*:?\s+(?P<list>[^\W\d_][\w'-]*(?:(?:\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|nor)\s+)"
    r"[^\W\d_][\w'-]*){1,7})(?=\s*(?:[,.;:!?()]|$|\s(?:must|should|can|may|are|is|anywhere|at\s+all|in)\b))|"
    rf"\b(?i:no|without|never\s+use|don'?t\s+use|not)\s+(?P<list2>{_PRONOUN}(?:(?:\s*,\s*(?:(?:and|or)\s+)?|"
    rf"\s+(?:and|or|nor)\s+){_PRONOUN}){{1,12}})\b"
)
"""Unquoted lists of words: after "the words" ("don't use the words basically or simply"), and of
pronouns after a no ("no I, me, my, mine or myself")."""
_BANNED_AFTER = re.compile(
    r"\s*(?:\([^)\n]{0,60}\)\s*)?(?:(?:must|should|can|may|are\s+to|is\s+to)\s*(?:not|never)\s+"
    r"(?:appear|be\s+used|show\s+up|be\s+in)|(?:are|is)\s+(?:not\s+allowed|banned|forbidden|off[- ]limits))",
    re.I,
)
"""After a list of words: "... (and you're, you'll etc.) must not appear at all" bans them."""
_EXAMPLE = re.compile(
    r"(?:\blike|\bsuch\s+as|\be\.g\.|\bfor\s+(?:example|instance)|\bsimilar\s+to|\bin\s+the\s+style\s+of|"
    r"\blike\s+(?:the|a|an)\s+(?:output|style|format|layout|look|result)\s+(?:of|from))\s*[,:]?\s*$",
    re.I,
)
"""Right before a quoted term: it shows what is meant ("a short label, like 'Frame: ...'", "like
the output of `cal`"), unless the clause bans ("no negative words such as 'sad'")."""


def term_checks(request: str) -> list[Check]:
    """A count for each quoted or named term; where the request says to use it (or how often) or
    not to, a count that breaks that is a fault."""
    out, spans, out_rel = [], terms(request), []
    for i, (term, start, end) in enumerate(spans):
        clause_start = max(
            [0, start - 60]
            + [m.end() for m in re.finditer(r"[.;!?\n]|(?<!words)(?<!terms):|\bbut\b", request[:start])]
            + [e for _, _, e in spans[:i]]
        )
        before = request[clause_start:start]
        times = _TIMES.match(request[end : end + 40])
        listed = i > 0 and _LIST_SEP.fullmatch(request[spans[i - 1][2] : start])
        last = i
        while last + 1 < len(spans) and _LIST_SEP.fullmatch(request[spans[last][2] : spans[last + 1][1]]):
            last += 1
        if listed and not times:
            rel, n = out_rel[-1]  # "without the words 'a', 'b' or 'c'": the list shares its head's ask
        elif (_EXAMPLE.search(before) or opens_each(before)) and not times and not _NEGATIVE.search(before):
            rel, n = None, 0  # "a label followed by a colon, like 'Frame: ...'": a model, not an ask
        elif (
            _NEGATIVE.search(_COMPARATIVE.sub(" ", before))
            or _KEPT_OUT.match(request[end : end + 20])
            or _BANNED_AFTER.match(request[spans[last][2] : spans[last][2] + 90])
        ):
            rel, n = "==", 0
        elif times:
            rel = _QUALIFIERS.get((times["q"] or "").strip().lower(), "==")
            n = number(times["n"] or times["w"])
        elif _POSITIVE.search(before):
            rel, n = ">=", 1
        else:
            rel, n = None, 0
        out_rel.append((rel, n))
        out.append(_term_check(term, rel, n))
    return out


def _term_check(term: str, rel: str | None, n: int) -> Check:
    def check(answer: str) -> list[Fact]:
        have = occurrences(term, answer)
        line = f'"{term}" appears {f.plural(have, "time")}'
        if rel is None:
            return [Fact(line)]
        asked = "not at all" if (rel, n) == ("==", 0) else f"{f.ASKED[rel]} {f.plural(n, 'time')}"
        if f.holds(rel, have, n):
            return [Fact(f"{line} (asked: {asked})")]
        wants = f'not to use "{term}"' if asked == "not at all" else f'for "{term}" {asked}'
        return [
            Fact(
                f"{line} (asked: {asked}) -- NOT MET",
                f"The request asks {wants}; the answer has it {f.plural(have, 'time')}.",
            )
        ]

    return check


_TERM = (
    r"(?:\"(?P<a>[^\"\n]{1,80})\"|“(?P<b>[^”\n]{1,80})”|'(?P<c>[^'\n]{1,80})'|`(?P<d>[^`\n]{1,80})`|"
    r"the\s+(?:word|phrase)\s+(?P<e>[\w'-]+))"
)
_OBJ = (
    r"(?:(?:your|the|each|it|this)\s+(?:(?:entire|whole|full|complete)\s+)?(?:answer|reply|response|text|poem|"
    r"story|email|letter|essay|post|message|note|speech|song)\s+)?"
)
_EXACT = (
    r"(?:(?:exactly\s+)?(?:this|the|these|a)\s+(?:exact\s+|following\s+|precise\s+)*(?:phrase|sentence|words?|line)"
    r"\s*:?\s*)?(?:" + _TERM + r"|(?:(?<=phrase )|(?<=phrase: )|(?<=line: )|(?<=sentence: ))"
    r"(?P<f>[A-Z][^\n\"]{1,80}?[?!.])(?=\.?\s|\.?$))"
)
_EDGE = {
    "start": (re.compile(r"\b(?:start|begin|open)(?:s|ning|ing)?\s+" + _OBJ + r"with\s+" + _EXACT, re.I),),
    "end": (
        re.compile(r"\b(?:end|finish|close|conclude)(?:s|ing)?\s+" + _OBJ + r"with\s+" + _EXACT, re.I),
        re.compile(
            r"\b(?:very\s+)?(?:last|final)\s+(?:sentence|line)\s+of\s+(?:your|the)\s+(?:answer|reply|response|"
            r"text)\s+(?:must|should|has\s+to|needs\s+to|will)\s+be\s+" + _EXACT,
            re.I,
        ),
    ),
}
_TRIM = " \t\n*_#>\"'“”‘’"


_BARE = _TERM.replace("the\\s+(?:word|phrase)\\s+", "")
_WORD_EDGE = {
    "start": re.compile(
        r"\b(?:very\s+)?first\s+word\s+(?:is|must be|should be|has to be|needs to be)\s+" + _BARE, re.I
    ),
    "end": re.compile(
        r"\b(?:very\s+)?(?:last|final)\s+word\s+(?:of\s+(?:your|the)\s+(?:\w+\s+)?(?:reply|answer|response|text|"
        r"message)\s+)?(?:is|must be|should be|has to be|needs to be|be)?\s*" + _BARE,
        re.I,
    ),
}
_MARKS = {"exclamation": "!", "question": "?", "period": ".", "full stop": "."}
_END_MARK = re.compile(
    r"\b(?:end|finish|close)(?:s|ing)?\s+(?:(?:your|the|it)\s+(?:\w+\s+){0,2})?with\s+(?:an?\s+|one\s+)?"
    r"(?P<mark>exclamation|question|period\b|full stop\b)(?:\s+(?:mark|point))?",
    re.I,
)
_ORDINALS = {
    "first": 0,
    "opening": 0,
    "second": 1,
    "third": 2,
    "fourth": 3,
    "fifth": 4,
    "last": -1,
    "final": -1,
}
_PARA_START = re.compile(
    r"\b(?P<ord>first|opening|second|third|fourth|fifth|last|final)\s+paragraph\s+(?:must\s+|should\s+|"
    r"has\s+to\s+|needs\s+to\s+|will\s+|to\s+)?(?:begin|start|open)s?\s+with\s+" + _TERM,
    re.I,
)


def _clause_before(request: str, at: int) -> str:
    return _CLAUSE_END.split(request[max(0, at - 80) : at])[-1]


def edge_checks(request: str) -> list[Check]:
    """How the request says the answer must start or end ("start with 'Dear'", "end with the word
    goodbye", "whose last word is 'tomorrow'", "ending with an exclamation mark"), and how a
    given paragraph must start ("the second paragraph must begin with 'Later'"); only quoted text
    or "the word X" is read, and nothing asked of each line or item."""
    out, paras = [], []
    for m in _PARA_START.finditer(request):
        phrase = next(g for g in m.group("a", "b", "c", "d", "e") if g is not None).strip(_TRIM)
        paras.append(m.span())
        out.append(_paragraph_start_check(m["ord"].lower(), phrase))
    for side in ("start", "end"):
        for pattern in (*_EDGE[side], _WORD_EDGE[side]):
            for m in pattern.finditer(request):
                if any(s <= m.start() < e for s, e in paras) or _PER.search(
                    _clause_before(request, m.start())
                ):
                    continue
                phrase = next(g for k, g in m.groupdict().items() if k in "abcdef" and g is not None).strip()
                out.append(_edge_check(side, phrase, word=pattern is _WORD_EDGE[side]))
    for m in _END_MARK.finditer(request):
        if not _PER.search(_clause_before(request, m.start())):
            out.append(_edge_check("end", _MARKS[m["mark"].lower()], mark=True))
    if any(not _PER.search(_clause_before(request, m.start())) for m in _OPEN_QUESTION.finditer(request)):
        out.append(_opens_with_question)
    return out


_OPEN_QUESTION = re.compile(
    r"\b(?:start|begin|open|lead)(?:s|ing)?\s+(?:(?:your|the|it|this)\s+(?:\w+\s+)?)?(?:with|by\s+asking)\s+"
    r"(?:an?\s+|one\s+)?(?:\w+\s+)?question\b",
    re.I,
)
""""open with a question to hook people": the answer's first sentence asks one."""


def _opens_with_question(answer: str) -> list[Fact]:
    text = f.prose(answer).strip().lstrip("#*_>\"'“ \t\n")
    end = re.search(r"[.!?](?=[\s\"'”)*_]|$)", text)
    ok = bool(end) and end.group(0) == "?"
    line = f"first sentence is a question: {'yes' if ok else 'no'}"
    if ok:
        return [Fact(line)]
    got = text[: end.end() if end else 80][:120]
    return [
        Fact(
            line + " -- NOT MET",
            f'The request asks the answer to open with a question; it opens with "{got}".',
        )
    ]


def _paragraph_start_check(ordinal: str, phrase: str) -> Check:
    index = _ORDINALS[ordinal]

    def check(answer: str) -> list[Fact]:
        found = f.paragraphs(f.prose(answer))
        name = f"the {ordinal} paragraph"
        if len(found) <= index or -len(found) > index:
            return [
                Fact(
                    f'{name} starts with "{phrase}": there is none -- NOT MET',
                    f'The request asks {name} to start with "{phrase}"; the answer has '
                    f"{f.plural(len(found), 'paragraph')}.",
                )
            ]
        text = found[index].strip(_TRIM)
        ok = text.lower().startswith(phrase.lower()) and not text[len(phrase) : len(phrase) + 1].isalnum()
        if ok:
            return [Fact(f'{name} starts with "{phrase}": yes')]
        return [
            Fact(
                f'{name} starts with "{phrase}": no -- NOT MET',
                f'The request asks {name} to start with "{phrase}"; '
                f'it starts with "{text[: len(phrase) + 20]}".',
            )
        ]

    return check


def _edge_check(side: str, phrase: str, word: bool = False, mark: bool = False) -> Check:
    def check(answer: str) -> list[Fact]:
        text = answer.strip(_TRIM)
        want = phrase if mark else phrase.strip(_TRIM).lower()
        if side == "start":
            ok, got = text.lower().startswith(want), text[: len(want) + 20]
            ok = ok and not (word and text[len(want) : len(want) + 1].isalnum())
        else:
            text = text.rstrip(".!?" + _TRIM) if want[-1:] not in ".!?" else text
            tail = want.rstrip(".!?") if want[-1:] not in ".!?" else want
            ok, got = text.lower().endswith(tail), text[-(len(want) + 20) :]
            ok = ok and not (word and text[-len(tail) - 1 : -len(tail)].isalnum())
        if mark:
            what = {"!": "an exclamation mark", "?": "a question mark", ".": "a period"}[phrase]
            line = f"ends with {what}: {'yes' if ok else 'no'}"
            if ok:
                return [Fact(line)]
            return [
                Fact(
                    line + " -- NOT MET",
                    f'The request asks the answer to end with {what}; it ends with "{got}".',
                )
            ]
        line = (
            f'{"first" if side == "start" else "last"} word is "{phrase}": {"yes" if ok else "no"}'
            if word
            else f'{side}s with "{phrase}": {"yes" if ok else "no"}'
        )
        fault = (
            None if ok else f'The request asks the answer to {side} with "{phrase}"; it {side}s with "{got}".'
        )
        fix = (lambda a: a.rstrip() + "\n\n" + phrase) if side == "end" and not word and not ok else None
        return [Fact(line + ("" if ok else " -- NOT MET"), fault, fix)]

    return check
