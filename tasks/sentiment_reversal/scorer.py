"""Sentiment reversal scorer: VADER (as in the paper's appendix P) decides if the target was reached."""

from __future__ import annotations

import re
from functools import lru_cache

from selfrefine.engine.types import Observation
from selfrefine.grammars.feedback import segments

# Prompt labels a model may echo around its review ("Target sentiment: Very negative",
# "Review:", "Rewritten:"). They are not the review, and "Very negative" alone would tip VADER.
_TARGET_LINE = re.compile(r"(?im)^\s*target sentiment\s*:[^\n]*$")
_LABEL = re.compile(r"(?im)^\s*(?:rewritten review|rewritten|review)\s*:\s*")


def review_text(output: str) -> str:
    """The review in an answer, without echoed prompt labels."""
    return _LABEL.sub("", _TARGET_LINE.sub("", output)).strip()


@lru_cache(maxsize=1)
def _vader():
    from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer

    return SentimentIntensityAnalyzer()


def compound(text: str) -> float:
    return _vader().polarity_scores(text)["compound"]


def _flat(text: str) -> str:
    return " ".join(text.split())


def copied_sentences(review: str, output: str, min_words: int = 4) -> tuple[list[str], int]:
    """The original review's sentences (of at least `min_words` words) that the output repeats
    word for word, and how many such sentences the review has."""
    out = _flat(review_text(output))
    long = [s for s in segments(review, "sentences") if len(s.split()) >= min_words]
    return [s for s in long if _flat(s) in out], len(long)


class VaderScorer:
    """1.0 when VADER's compound score is on the target side of +-threshold, else 0.0.

    The default threshold 0.05 is VADER's own cut between neutral and positive / negative.
    """

    needs_judge = False

    def __init__(self, threshold: float = 0.05):
        self.threshold = threshold

    def observe(self, row: dict, output: str) -> Observation:
        """A check of the rewrite against the review it had to change (no VADER, no target
        outcome): when it repeats at least half of the review's sentences word for word, that
        is a fault the critic cannot clear, and the rewrite is told which sentences."""
        copied, total = copied_sentences(row["review"], output)
        text = f"It repeats {len(copied)} of the original's {total} sentences unchanged."
        if not (total and len(copied) * 2 >= total):
            return Observation(text)
        shown = "; ".join(f'"{s}"' for s in copied[:3])
        return Observation(
            text,
            f"{len(copied)} of the original review's {total} sentences are copied "
            f"unchanged (for example {shown}): rewrite each so it expresses the "
            "target opinion",
        )

    def score(self, row: dict, output: str) -> dict:
        text = review_text(output)
        if not text:
            return {"score": 0.0, "compound": None, "error": "empty output"}
        c = compound(text)
        positive = "positive" in row["target_sentiment"].lower()
        ok = c >= self.threshold if positive else c <= -self.threshold
        return {"score": 1.0 if ok else 0.0, "compound": c}
