"""Generic task scorer: a row's hidden checker (constraints, function tests, a plain answer) on an output."""

from __future__ import annotations

import functools
import json
import math
import re
import secrets

from selfrefine.tasks.sandbox import Limits, SandboxUnavailable, run_python
from selfrefine.tasks.scoring import program

KINDS = ("constraints", "function", "everyday")


class BadCheck(ValueError):
    """A constraint whose name is unknown or whose parameters are wrong: a data bug, never an
    output's fault, so the scorer raises it instead of counting the constraint unmet."""


_WORD = re.compile(r"[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*")
_BULLET = re.compile(r"^\s*[-*•]\s+\S")
_NUMBERED = re.compile(r"^\s*\d+[.)]\s+\S")
_NUMBER = re.compile(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?")
_JSON_FENCE = re.compile(r"^```[ \t]*(?:json)?[ \t]*\n(.*?)\n?```$", re.S | re.I)


def words(text: str) -> list[str]:
    return _WORD.findall(text)


def sentences(text: str) -> list[str]:
    """Sentences: runs of text ending in . ! ? (or the text's end) that hold a word."""
    parts = re.split(r"(?<=[.!?])[\"')\]]*\s+", text.strip())
    return [p for p in parts if _WORD.search(p)]


def paragraphs(text: str) -> list[str]:
    return [p for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]


def lines(text: str) -> list[str]:
    return [ln for ln in text.strip().splitlines() if ln.strip()]


def _has_word(text: str, word: str) -> int:
    """How often `word` (a word or phrase) occurs in `text`, whole words only, any case."""
    return len(re.findall(r"(?<![A-Za-z0-9])" + re.escape(word) + r"(?![A-Za-z0-9])", text, re.I))


def _heading(line: str) -> str:
    """A line as a possible section title: markdown marks, bold and a trailing colon removed."""
    t = line.strip().lstrip("#").strip().strip("*_").strip()
    return t.rstrip(":").strip().strip("*_").strip().lower()


def _json(text: str):
    t = text.strip()
    m = _JSON_FENCE.match(t)
    if m:
        t = m.group(1).strip()
    try:
        return json.loads(t), True
    except (ValueError, RecursionError):
        return None, False


def _edge(text: str) -> str:
    """The text for start / end checks: markdown emphasis and quotes around it do not count."""
    return text.strip().strip("*_\"'“”‘’`").strip().lower()


def _json_shape(text: str, c: dict) -> bool:
    value, ok = _json(text)
    if not ok:
        return False
    if c.get("type") == "object":
        if not isinstance(value, dict):
            return False
        if any(k not in value for k in c.get("keys", ())):
            return False
        if c.get("exact_keys") and set(value) != set(c.get("keys", ())):
            return False
        for k, typ in (c.get("types") or {}).items():
            if not _is_type(value.get(k), typ):
                return False
        for k, n in (c.get("lengths") or {}).items():
            if not isinstance(value.get(k), list) or len(value[k]) != n:
                return False
    if c.get("type") == "array":
        if not isinstance(value, list):
            return False
        if "length" in c and len(value) != c["length"]:
            return False
        if c.get("items") and not all(_is_type(v, c["items"]) for v in value):
            return False
        if c.get("sorted") and value != sorted(value):
            return False
        if "range" in c and not all(c["range"][0] <= v <= c["range"][1] for v in value):
            return False
    return True


def _is_type(v, typ: str) -> bool:
    if typ == "number":
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    if typ == "integer":
        return isinstance(v, int) and not isinstance(v, bool)
    return {"string": str, "boolean": bool, "array": list, "object": dict}[typ] is type(v)


# ------------------------------------------------------------------ check kinds added on 2026-12-05
# (for the blind test2 rows). Each is a pure function of (params, text); wrong params raise
# BadCheck whatever the text, so `score(row, "")` finds them. An answer with no word meets none.

_LINE_MARK = re.compile(r"^\s*(?:[-*•>#]+|\d+[.)])?\s*[*_\"“'‘(]*")
_HASHTAG = re.compile(r"(?<![\w#&])#[A-Za-z][A-Za-z0-9_]*")
_PLACEHOLDER = re.compile(r"\[([^\[\]\n]{1,40})\](?!\()")


def _params(c: dict, required: dict, optional: dict | None = None) -> dict:
    """c's parameters, checked: `required` / `optional` map a name to its type (a type or a tuple of
    types); an unknown, missing or mistyped one raises BadCheck."""
    optional = optional or {}
    kind = c.get("check")
    extra = set(c) - {"check"} - set(required) - set(optional)
    if extra:
        raise BadCheck(f"check {kind!r}: unknown parameter(s) {sorted(extra)}")
    out = {}
    for name, typ in {**required, **optional}.items():
        if name not in c:
            if name in required:
                raise BadCheck(f"check {kind!r}: missing parameter {name!r}")
            continue
        v = c[name]
        if isinstance(v, bool) or not isinstance(v, typ):
            raise BadCheck(f"check {kind!r}: parameter {name!r} has the wrong type ({v!r})")
        if isinstance(v, int) and v < 0:
            raise BadCheck(f"check {kind!r}: parameter {name!r} is negative")
        if isinstance(v, str) and not v.strip():
            raise BadCheck(f"check {kind!r}: parameter {name!r} is empty")
        if isinstance(v, list) and not (v and all(isinstance(w, str) and w.strip() for w in v)):
            raise BadCheck(f"check {kind!r}: parameter {name!r} must be a list of words")
        out[name] = v
    return out


def _positive(c: dict, p: dict, name: str) -> int:
    if name in p and p[name] < 1:
        raise BadCheck(f"check {c['check']!r}: parameter {name!r} must be at least 1")
    return p.get(name)


def _line_body(line: str) -> str:
    """A line without its list marker, heading marks, emphasis or opening quote."""
    return _LINE_MARK.sub("", line, count=1).strip()


def _all_sentences(text: str) -> list[str]:
    """Sentences of each line in turn (a line break ends a sentence too), list markers aside."""
    return [s for ln in lines(text) for s in sentences(_line_body(ln))]


def capitalized_lines(c: dict, text: str) -> bool:
    """Every non-empty line starts with a capital letter (list markers and emphasis aside)."""
    _params(c, {})
    found = lines(text)
    return bool(found) and all(_line_body(ln)[:1].isupper() for ln in found)


def line_words(c: dict, text: str) -> bool:
    """Every non-empty line has at most `max` (and at least `min`) words."""
    p = _params(c, {"max": int}, {"min": int})
    hi, lo = _positive(c, p, "max"), p.get("min", 0)
    if lo > hi:
        raise BadCheck("check 'line_words': min is above max")
    found = lines(text)
    return bool(found) and all(lo <= len(words(ln)) <= hi for ln in found)


def no_digits(c: dict, text: str) -> bool:
    """No digit anywhere (numbers written out in words are fine)."""
    _params(c, {})
    return bool(words(text)) and not any(ch.isdigit() for ch in text)


def word_times(c: dict, text: str) -> bool:
    """`word` (whole word, any case) occurs exactly `n` times."""
    p = _params(c, {"word": str, "n": int})
    return bool(words(text)) and _has_word(text, p["word"]) == p["n"]


def title(c: dict, text: str) -> bool:
    """The first line is a title: a heading, a bold line or a short line that is not a sentence
    ending in '.', with at most `max_words` words (default 12), and text follows it."""
    p = _params(c, {}, {"max_words": int})
    most = _positive(c, p, "max_words") or 12
    found = lines(text)
    if len(found) < 2 or _BULLET.match(found[0]) or _NUMBERED.match(found[0]):
        return False
    head = found[0].strip().lstrip("#").strip().strip("*_").strip()
    head = head.removeprefix("<<").removesuffix(">>").strip()
    head = re.sub(r"^title\s*:\s*", "", head, flags=re.I)
    return 1 <= len(words(head)) <= most and not head.endswith((".", ",", ";"))


def paragraph_sentences(c: dict, text: str) -> bool:
    """Every paragraph has at most `max` sentences."""
    p = _params(c, {"max": int})
    most = _positive(c, p, "max")
    found = paragraphs(text)
    return bool(found) and all(len(sentences(para)) <= most for para in found)


def no_repeats(c: dict, text: str) -> bool:
    """No word occurs twice (any case); `ignore` lists words that may."""
    p = _params(c, {}, {"ignore": list})
    skip = {w.lower() for w in p.get("ignore", ())}
    found = [w.lower() for w in words(text) if w.lower() not in skip]
    return bool(words(text)) and len(found) == len(set(found))


def first_sentence_includes(c: dict, text: str) -> bool:
    """`word` (whole word, any case) is in the first sentence (a title line without a full stop
    joins it, as in `sentences`)."""
    p = _params(c, {"word": str})
    found = sentences(text)
    return bool(found) and _has_word(found[0], p["word"]) > 0


def keywords(c: dict, text: str) -> bool:
    """At least `min` of the different `words` occur."""
    p = _params(c, {"words": list, "min": int})
    need = _positive(c, p, "min")
    if need > len({w.lower() for w in p["words"]}):
        raise BadCheck("check 'keywords': min is above the number of different words")
    return sum(_has_word(text, w) > 0 for w in dict.fromkeys(w.lower() for w in p["words"])) >= need


def all_questions(c: dict, text: str) -> bool:
    """Every sentence (a line break ends one) is a question."""
    _params(c, {})
    found = _all_sentences(text)
    return bool(found) and all(s.strip().rstrip("\"')]*_”’").endswith("?") for s in found)


def acrostic(c: dict, text: str) -> bool:
    """The first letters of consecutive lines spell `word` (a title or sign-off around them is fine)."""
    p = _params(c, {"word": str})
    want = p["word"].replace(" ", "").lower()
    if not want.isalpha():
        raise BadCheck(f"check 'acrostic': {p['word']!r} is not letters only")
    initials = "".join((_line_body(ln)[:1] or " ").lower() for ln in lines(text))
    return want in initials


def sentence_words(c: dict, text: str) -> bool:
    """No sentence (a line break ends one) has more than `max` words."""
    p = _params(c, {"max": int})
    most = _positive(c, p, "max")
    found = _all_sentences(text)
    return bool(found) and all(len(words(s)) <= most for s in found)


def hashtags(c: dict, text: str) -> bool:
    """Hashtags (#word): exactly `n`, or between `min` and `max`."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    if not p or ("n" in p and len(p) > 1):
        raise BadCheck("check 'hashtags': give n, or min and / or max")
    k = len(_HASHTAG.findall(text))
    ok = k == p["n"] if "n" in p else p.get("min", 0) <= k <= p.get("max", math.inf)
    return ok and bool(words(text))


def placeholders(c: dict, text: str) -> bool:
    """At least `min` different placeholders in square brackets, like [name] (links aside)."""
    p = _params(c, {"min": int})
    need = _positive(c, p, "min")
    return len({m.strip().lower() for m in _PLACEHOLDER.findall(text)}) >= need


def same_initial(c: dict, text: str) -> bool:
    """Every word starts with `letter` (any case)."""
    p = _params(c, {"letter": str})
    letter = p["letter"].lower()
    if len(letter) != 1 or not letter.isalpha():
        raise BadCheck(f"check 'same_initial': {p['letter']!r} is not one letter")
    found = words(text)
    return bool(found) and all(w[0].lower() == letter for w in found)


NEW_CHECKS = {
    f.__name__: f
    for f in (
        capitalized_lines, line_words, no_digits, word_times, title, paragraph_sentences, no_repeats,
        first_sentence_includes, keywords, all_questions, acrostic, sentence_words, hashtags,
        placeholders, same_initial,
    )
}  # fmt: skip


@functools.cache
def _split_checks() -> dict:
    """The check kinds added with the test3 to test18 rows, loaded on first use (their modules use
    this one's parts); where two named one kind, the earlier split's would win."""
    from selfrefine.tasks.generic.test3_kinds import TEST3_CHECKS
    from selfrefine.tasks.generic.test4_kinds import TEST4_CHECKS
    from selfrefine.tasks.generic.test5_kinds import TEST5_CHECKS
    from selfrefine.tasks.generic.test6_kinds import TEST6_CHECKS
    from selfrefine.tasks.generic.test7_kinds import TEST7_CHECKS
    from selfrefine.tasks.generic.test8_kinds import TEST8_CHECKS
    from selfrefine.tasks.generic.test9_kinds import TEST9_CHECKS
    from selfrefine.tasks.generic.test10_kinds import TEST10_CHECKS
    from selfrefine.tasks.generic.test11_kinds import TEST11_CHECKS
    from selfrefine.tasks.generic.test12_kinds import TEST12_CHECKS
    from selfrefine.tasks.generic.test13_kinds import TEST13_CHECKS
    from selfrefine.tasks.generic.test14_kinds import TEST14_CHECKS
    from selfrefine.tasks.generic.test15_kinds import TEST15_CHECKS
    from selfrefine.tasks.generic.test16_kinds import TEST16_CHECKS
    from selfrefine.tasks.generic.test17_kinds import TEST17_CHECKS
    from selfrefine.tasks.generic.test18_kinds import TEST18_CHECKS

    older = {
        **TEST12_CHECKS, **TEST11_CHECKS, **TEST10_CHECKS, **TEST9_CHECKS, **TEST8_CHECKS, **TEST7_CHECKS,
        **TEST6_CHECKS, **TEST5_CHECKS, **TEST4_CHECKS, **TEST3_CHECKS,
    }  # fmt: skip
    newer = {**TEST18_CHECKS, **TEST17_CHECKS, **TEST16_CHECKS, **TEST15_CHECKS, **TEST14_CHECKS}
    return {**newer, **TEST13_CHECKS, **older}


def check(c: dict, text: str) -> bool:
    """One constraint of a row on an output."""
    kind = c["check"]
    if kind in NEW_CHECKS:
        return NEW_CHECKS[kind](c, text)
    if kind in _split_checks():
        return _split_checks()[kind](c, text)
    if kind == "words":
        n = len(words(text))
        return c.get("min", 0) <= n <= c.get("max", math.inf)
    if kind == "sentences":
        n = len(sentences(text))
        return c.get("min", 0) <= n <= c.get("max", math.inf)
    if kind == "paragraphs":
        return len(paragraphs(text)) == c["n"]
    if kind == "lines":
        n = len(lines(text))
        return n == c["n"] if "n" in c else c.get("min", 0) <= n <= c.get("max", math.inf)
    if kind == "each_line_starts":
        found = lines(text)
        return bool(found) and all(ln.strip().lower().startswith(tuple(c["any"])) for ln in found)
    if kind == "paragraph_starts":
        found = paragraphs(text)
        return len(found) > c["index"] and _edge(found[c["index"]]).startswith(c["text"])
    if kind == "questions":
        return sum(ln.strip().endswith("?") for ln in lines(text)) == c["n"]
    if kind == "last_word":
        found = words(text)
        return bool(found) and found[-1].lower() == c["word"].lower()
    if kind == "chars":
        n = len(text.strip())
        return c.get("min", 0) <= n <= c.get("max", math.inf)
    if kind == "bullets":
        found = [ln for ln in text.splitlines() if _BULLET.match(ln)]
        return len(found) == c["n"]
    if kind == "numbered":
        found = [ln for ln in text.splitlines() if _NUMBERED.match(ln)]
        return len(found) == c["n"]
    if kind == "include":
        return all(_has_word(text, w) >= c.get("times", 1) for w in c["words"])
    if kind == "exclude":
        return not any(_has_word(text, w) for w in c["words"])
    if kind == "exclude_chars":
        return not any(ch in text for ch in c["chars"])
    if kind == "uppercase":
        return bool(re.search(r"[A-Za-z]", text)) and text == text.upper()
    if kind == "lowercase":
        return bool(re.search(r"[A-Za-z]", text)) and text == text.lower()
    if kind == "json":
        return _json_shape(text, c)
    if kind == "sections":
        heads = [_heading(ln) for ln in text.splitlines()]
        want = [t.lower() for t in c["titles"]]
        at = [heads.index(t) if t in heads else -1 for t in want]
        return -1 not in at and at == sorted(at) and sum(h in want for h in heads) == len(want)
    if kind == "starts_with":
        return _edge(text).startswith(c["text"].lower())
    if kind == "ends_with":
        return _edge(text).endswith(c["text"].lower())
    if kind == "ends_with_question":
        return text.strip().endswith("?")
    raise BadCheck(f"unknown check {kind!r}")


def numbers(text: str) -> list[float]:
    out = []
    for m in _NUMBER.findall(text):
        try:
            out.append(float(m.replace(",", "")))
        except ValueError:
            continue
    return out


def matches(answer: dict, text: str) -> bool:
    """The everyday matcher: any of the accepted phrases, or the number among the output's numbers."""
    if any(_has_word(text, p) for p in answer.get("any", ())):
        return True
    if "number" in answer:
        tol = answer.get("tol", 1e-6)
        return any(abs(x - answer["number"]) <= tol for x in numbers(text))
    return False


_HARNESS = """\
import json, math
MARK = {mark!r}
CASES = json.loads({cases!r})
NAME = {name!r}

def norm(v):
    if isinstance(v, (list, tuple)):
        return [norm(x) for x in v]
    if isinstance(v, dict):
        return {{k: norm(x) for k, x in v.items()}}
    return v

def same(got, want):
    if isinstance(want, float) and isinstance(got, (int, float)) and not isinstance(got, bool):
        return math.isclose(got, want, rel_tol=1e-6, abs_tol=1e-9)
    if isinstance(want, list) and isinstance(got, (list, tuple)):
        return len(got) == len(want) and all(same(g, w) for g, w in zip(got, want))
    return type(norm(got)) is type(norm(want)) and norm(got) == norm(want)

results = []
try:
    # isolated mode (-I) leaves the script's folder off sys.path: load the answer by its path
    import importlib.util, os
    spec = importlib.util.spec_from_file_location(
        "solution", os.path.join(os.path.dirname(os.path.abspath(__file__)), "solution.py"))
    solution = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(solution)
    fn = getattr(solution, NAME)
except BaseException as exc:
    fn = None
    print(MARK + json.dumps({{"load": type(exc).__name__ + ": " + str(exc)[:200]}}))
for args, want in CASES if fn else ():
    try:
        ok = bool(same(fn(*args), want))
    except BaseException:
        ok = False
    results.append(ok)
if fn:
    print(MARK + json.dumps({{"results": results}}))
"""


def hidden_tests(row: dict) -> list[dict]:
    """The tests a function row scores: those whose index is not in its "shown" list (the
    examples its request shows never count). Rows without "shown" (f01-f42, written before
    2026-12-05) score all their tests, and their first tests are the ones their request shows:
    those shown examples are included in their score, as they always were."""
    if "shown" not in row:
        return list(row["tests"])
    shown = row["shown"]
    if not isinstance(shown, list) or not all(
        isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(row["tests"]) for i in shown
    ):
        raise ValueError(f"row {row.get('id')}: shown must list indices into tests, not {shown!r}")
    hidden = [t for i, t in enumerate(row["tests"]) if i not in set(shown)]
    if not hidden:
        raise ValueError(f"row {row.get('id')}: every test is shown, none is hidden")
    return hidden


class GenericScorer:
    """1.0 when every constraint holds / every hidden test passes / the answer matches, else 0.0
    (constraint rows also carry `partial`, the share of their constraints met; function rows
    `tests_passed`, the share of their hidden tests passed). Never asks a model; function
    outputs run only in the sandbox."""

    needs_judge = False

    def __init__(self, wall_s: float = 10.0):
        self.limits = Limits(wall_s=wall_s, cpu_s=int(wall_s), memory_mb=512)

    def run_tests(self, row: dict, output: str) -> tuple[list[bool] | None, str | None]:
        """(one pass / fail per hidden test, None), or (None, why nothing could be run)."""
        code, err = program(output)
        if err:
            return None, err
        mark = f"@@RESULT-{secrets.token_hex(8)}@@"
        cases = json.dumps([[t["args"], t["expect"]] for t in hidden_tests(row)])
        harness = _HARNESS.format(mark=mark, cases=cases, name=row["entry"])
        res = run_python(harness, files={"solution.py": code}, limits=self.limits)
        got = [ln[len(mark) :] for ln in res.stdout.splitlines() if ln.startswith(mark)]
        if not got:
            return None, f"the program failed: {res.describe()}"
        try:
            verdict = json.loads(got[-1])
        except ValueError:
            return None, "the program's output could not be read"
        if "results" not in verdict:
            return None, f"{row['entry']} could not be loaded ({verdict.get('load', '?')})"
        return [bool(x) for x in verdict["results"]], None

    def score(self, row: dict, output: str) -> dict:
        kind = row["kind"]
        text = output if isinstance(output, str) else ""
        if kind == "constraints":
            met = []
            for c in row["checks"]:
                try:
                    met.append(check(c, text))
                except BadCheck:  # the row is wrong, not the output
                    raise
                except (ValueError, TypeError, KeyError, RecursionError):
                    met.append(False)
            share = sum(met) / len(met)
            score = 1.0 if all(met) else 0.0
            # score stays all-or-nothing; `partial` (the share met, as constraints_met) lets a
            # maintainer count a fall from 2 of 3 to 0 of 3 as a regression
            return {
                "score": score,
                "kind": kind,
                "constraints_met": round(share, 4),
                "partial": round(share, 4),
                f"score_{kind}": score,
                "failed": [c["check"] for c, ok in zip(row["checks"], met, strict=True) if not ok],
            }
        if kind == "function":
            hidden = hidden_tests(row)  # a bad "shown" raises: the row is wrong, not the output
            try:
                results, err = self.run_tests(row, text)
            except SandboxUnavailable as exc:
                return {"score": None, "kind": kind, "error": f"sandbox unavailable: {exc}"}
            if results is None:
                return {"score": 0.0, "kind": kind, "tests_passed": 0.0, f"score_{kind}": 0.0, "error": err}
            # tests_passed: the share of the hidden tests (every test for rows without "shown")
            share = sum(results) / len(hidden)
            score = 1.0 if len(results) == len(hidden) and all(results) else 0.0
            return {"score": score, "kind": kind, "tests_passed": round(share, 4), f"score_{kind}": score}
        if kind == "everyday":
            score = 1.0 if matches(row["answer"], text) else 0.0
            return {"score": score, "kind": kind, f"score_{kind}": score}
        raise ValueError(f"row {row.get('id')}: unknown kind {kind!r}")
