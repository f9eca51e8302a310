"""Sentiment reversal scorer: VADER (as in the paper's appendix P) decides if the target was reached."""

from __future__ import annotations

import re
from functools import lru_cache

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


class VaderScorer:
    """1.0 when VADER's compound score is on the target side of +-threshold, else 0.0.

    The default threshold 0.05 is VADER's own cut between neutral and positive / negative.
    """

    needs_judge = False

    def __init__(self, threshold: float = 0.05):
        self.threshold = threshold

    def score(self, row: dict, output: str) -> dict:
        text = review_text(output)
        if not text:
            return {"score": 0.0, "compound": None, "error": "empty output"}
        c = compound(text)
        positive = "positive" in row["target_sentiment"].lower()
        ok = c >= self.threshold if positive else c <= -self.threshold
        return {"score": 1.0 if ok else 0.0, "compound": c}
