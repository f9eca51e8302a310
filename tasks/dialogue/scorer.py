"""Dialogue scorer: a judge model rates the response (1-5); the judge is named in every result.

The judge gets the context and the candidate response only (not the refining loop's
feedback) and must answer with a JSON object forced by a schema.
"""

from __future__ import annotations

from selfrefine.engine.core.history import ChatFormat, Conversation
from selfrefine.engine.types import Sampling

JUDGE_PROMPT = (
    "You grade replies in open-domain chat.\n\n"
    "Conversation so far:\n{context}\n\n"
    "Candidate next reply from the System:\n{response}\n\n"
    "Rate the candidate reply from 1 to 5, where 1 means off-topic, rude, wrong or unreadable "
    "and 5 means relevant, specific, engaging, consistent with the conversation and fluent. "
    'Answer with JSON: {{"score": N}}.'
)
SCHEMA = {
    "type": "object",
    "properties": {"score": {"enum": [1, 2, 3, 4, 5]}},
    "required": ["score"],
    "additionalProperties": False,
}


def strip_speaker(text: str) -> str:
    t = text.strip()
    for p in ("System:", "system:", "Response:", "Reply:"):
        if t.startswith(p):
            return t[len(p) :].strip()
    return t


class JudgeScorer:
    needs_judge = True

    def __init__(self, max_chars: int = 1500):
        self.max_chars = max_chars

    def score(self, row: dict, output: str) -> dict:
        raise TypeError("the dialogue scorer needs a judge model: use score_async")

    async def score_async(self, row: dict, output: str, judge) -> dict:
        import json

        reply = strip_speaker(output)[: self.max_chars]
        if not reply:
            return {"score": 1.0, "judge": judge.name, "error": "empty reply (scored 1)"}
        fmt = ChatFormat.from_tokenizer(judge.tokenizer, None)
        conv = Conversation(judge.tokenizer, fmt, JUDGE_PROMPT.format(context=row["context"], response=reply))
        out = await judge.generate(conv.prompt(), Sampling(temperature=0.0, max_tokens=16), SCHEMA)
        try:
            value = float(json.loads(out.text)["score"])
        except (ValueError, KeyError, TypeError):
            return {
                "score": None,
                "judge": judge.name,
                "error": f"judge answer not parsed: {out.text[:80]!r}",
            }
        return {
            "score": value,
            "judge": judge.name,
            "judge_tokens": out.prompt_tokens + out.completion_tokens,
        }
