"""Generic task scorer: a row's hidden checker (constraints, function tests, a plain answer) on an output."""

from __future__ import annotations

import json
import math
import re
import secrets

from selfrefine.tasks.sandbox import Limits, SandboxUnavailable, run_python
from selfrefine.tasks.scoring import extract_code, parse_python

KINDS = ("constraints", "function", "everyday")

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


def check(c: dict, text: str) -> bool:
    """One constraint of a row on an output."""
    kind = c["check"]
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
    raise ValueError(f"unknown check {kind!r}")


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


class GenericScorer:
    """1.0 when every constraint holds / every hidden test passes / the answer matches, else 0.0.
    Never asks a model; function outputs run only in the sandbox."""

    needs_judge = False

    def __init__(self, wall_s: float = 10.0):
        self.limits = Limits(wall_s=wall_s, cpu_s=int(wall_s), memory_mb=512)

    def run_tests(self, row: dict, output: str) -> tuple[list[bool] | None, str | None]:
        """(one pass / fail per hidden test, None), or (None, why nothing could be run)."""
        # lone surrogates cannot be written to the sandbox's file: replace them
        code = extract_code(output).encode("utf-8", "replace").decode("utf-8")
        try:
            _, err = parse_python(code)
        except (RecursionError, MemoryError):  # nesting too deep for the parser
            err = "not a Python program (nested too deeply)"
        if err:
            return None, err
        mark = f"@@RESULT-{secrets.token_hex(8)}@@"
        cases = json.dumps([[t["args"], t["expect"]] for t in row["tests"]])
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
                except (ValueError, TypeError, KeyError, RecursionError) as exc:
                    if "unknown check" in str(exc):
                        raise
                    met.append(False)
            share = sum(met) / len(met)
            score = 1.0 if all(met) else 0.0
            return {
                "score": score,
                "kind": kind,
                "constraints_met": round(share, 4),
                f"score_{kind}": score,
                "failed": [c["check"] for c, ok in zip(row["checks"], met, strict=True) if not ok],
            }
        if kind == "function":
            try:
                results, err = self.run_tests(row, text)
            except SandboxUnavailable as exc:
                return {"score": None, "kind": kind, "error": f"sandbox unavailable: {exc}"}
            if results is None:
                return {"score": 0.0, "kind": kind, "tests_passed": 0.0, f"score_{kind}": 0.0, "error": err}
            share = sum(results) / len(row["tests"])
            score = 1.0 if len(results) == len(row["tests"]) and all(results) else 0.0
            return {"score": score, "kind": kind, "tests_passed": round(share, 4), f"score_{kind}": score}
        if kind == "everyday":
            score = 1.0 if matches(row["answer"], text) else 0.0
            return {"score": score, "kind": kind, f"score_{kind}": score}
        raise ValueError(f"row {row.get('id')}: unknown kind {kind!r}")
