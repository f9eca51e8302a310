"""Acronym scorer: a transparent rubric, no model involved.

score = mean of three parts, each in [0, 1]:
- letters: the acronym's letters matched in order against the title, 1 for a word's first
  letter, 0.5 for a letter inside a word (skipping words is allowed), 0 for an unmatched one;
  the part is the mean over letters.
- pronounceable: 1 if it has a vowel (a, e, i, o, u, y) and no run of more than 3 consonants.
- length: 1 for 3-8 letters, 0.5 for 2 or 9-10, else 0.
"""

from __future__ import annotations

import re

from selfrefine.tasks.scoring import keywords

VOWELS = set("aeiouy")


def extract(output: str) -> str:
    """The acronym in an answer: the first word of the first non-empty line, letters and digits."""
    for line in output.splitlines():
        line = re.sub(r"^(acronym|answer)\s*[:\-]\s*", "", line.strip(), flags=re.I)
        words = re.findall(r"[A-Za-z0-9][A-Za-z0-9.\-]*", line)
        if words:
            return re.sub(r"[^A-Za-z0-9]", "", words[0])
    return ""


def letters_part(acronym: str, title: str) -> float:
    words = [w.lower() for w in re.findall(r"[A-Za-z0-9]+", title)]
    wi, ci, credit = 0, 0, 0.0  # position: word index, char index inside it
    for ch in acronym.lower():
        got = 0.0
        # next word starting with ch (a first letter), from the word after the current one
        for j in range(wi + (1 if ci > 0 else 0), len(words)):
            if words[j].startswith(ch):
                got, wi, ci = 1.0, j, 1
                break
        else:
            # a letter inside the current or a later word
            for j in range(wi, len(words)):
                k = words[j].find(ch, ci if j == wi else 1)
                if k >= 0:
                    got, wi, ci = 0.5, j, k + 1
                    break
        credit += got
    return credit / len(acronym) if acronym else 0.0


def pronounceable(acronym: str) -> float:
    a = acronym.lower()
    if not any(c in VOWELS for c in a):
        return 0.0
    runs = re.findall(r"[^aeiouy0-9]+", a)
    return 1.0 if all(len(r) <= 3 for r in runs) else 0.0


def length_part(acronym: str) -> float:
    n = len(acronym)
    return 1.0 if 3 <= n <= 8 else 0.5 if n in (2, 9, 10) else 0.0


class RubricScorer:
    needs_judge = False

    def score(self, row: dict, output: str) -> dict:
        acr = extract(output)
        if not acr:
            return {"score": 0.0, "acronym": "", "error": "no acronym in the output"}
        parts = {
            "letters": letters_part(acr, row["title"]),
            "pronounceable": pronounceable(acr),
            "length": length_part(acr),
        }
        return {"score": sum(parts.values()) / 3, "acronym": acr, **parts}

    def truth(self, row: dict, output: str, verdict: dict) -> set[str]:
        """The title's main words whose first letter the acronym does not have."""
        acr = extract(output).lower()
        return {w for w in keywords(row["title"]) if w[0].lower() not in acr}
