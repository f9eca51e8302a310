"""CommonGen-Hard scorer: share of the concepts present in the output, matched by lemma."""

from __future__ import annotations

import re
from functools import lru_cache

from lemminflect import getAllLemmas, getAllLemmasOOV

_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")


@lru_cache(maxsize=50_000)
def lemmas(word: str) -> frozenset[str]:
    """The word and every lemma lemminflect knows for it, lowercased."""
    w = word.lower()
    out = {w}
    found = dict(getAllLemmas(w))
    if not found:  # not in the dictionary: the rule-based lemmatizer
        for pos in ("NOUN", "VERB"):
            found.update(getAllLemmasOOV(w, pos))
    for forms in found.values():
        out.update(f.lower() for f in forms)
    return frozenset(out)


def coverage(concepts: list[str], text: str) -> tuple[float, list[str]]:
    """(share of concepts found, the missing ones). A concept is found when one of its lemmas
    equals one of a word's lemmas ("dogs" and "ran" cover "dog" and "run")."""
    seen: set[str] = set()
    for tok in _WORD.findall(text):
        seen |= lemmas(tok.split("'")[0])
    missing = [c for c in concepts if not (lemmas(c) & seen)]
    return (1 - len(missing) / len(concepts)) if concepts else 0.0, missing


class CoverageScorer:
    """Concept coverage computed from the text, never taken from the feedback."""

    needs_judge = False

    def score(self, row: dict, output: str) -> dict:
        if not output.strip():
            return {"score": 0.0, "missing": list(row["concepts"]), "error": "empty output"}
        share, missing = coverage(row["concepts"], output)
        return {"score": share, "missing": missing}

    def truth(self, row: dict, output: str, verdict: dict) -> set[str]:
        """The concepts the output misses (by lemma)."""
        return set(verdict.get("missing") or ())
