"""Prompt texts for the generic loop (`selfrefine run`, the server, the benchmark); tasks bring their own.

Layout, chosen for the prefix cache: what does not change from item to item or from round to
round (the procedure and the critic's rubric) is stated once, in a guide inside the system
turn. The guide is the same for every loop of a run, so the engine computes it once for all
loops, and each round's new user turns are short ("Review your answer.", "Now write the
improved answer itself (no JSON)."), so almost all of a round's prompt is history the cache
already holds. The grammar enforces the feedback format in every review turn, so the format
need not be spelled out at all.

`Prompts.standalone()` gives the older layout with the whole instruction in every turn and
no guide, for templates that want it (the task folders use their own per-turn texts).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from grammars.feedback import FeedbackSpec

DEFAULT_STOP_PHRASE = "NO CHANGES NEEDED"

# The guide names no output fields: a guide that spelled out the JSON ("feedback", "scores",
# "stop") made qwen2.5-coder-0.5b write its first draft in that shape (4 of 6 drafts); the
# grammar imposes the fields in review turns anyway.
_GUIDE_HEAD = (
    "You answer the user's request; later the user may ask you to review and improve your "
    "answer. A review judges your latest answer strictly on {aspects}, each from {low} (bad) "
    "to {high} (excellent), and names each problem and exactly what to change"
)
_GUIDE_TAIL = ". A rewrite is the improved answer only, fixing every point of the review."
GUIDE_GRAMMAR = _GUIDE_HEAD + _GUIDE_TAIL
GUIDE_TEXT = _GUIDE_HEAD + ", then gives one line per aspect in the form `aspect: N/{high}`" + _GUIDE_TAIL
# The stop phrase stays in the review turn: stated in the system turn, the 0.5B model answered
# the very first request with it (15 of 16 drafts were the phrase).

LONG_FEEDBACK_GRAMMAR = (
    "Act as a strict reviewer of your latest answer above. Judge it on {aspects}, each "
    "from {low} (bad) to {high} (excellent). Reply in JSON: \"feedback\" lists short points, "
    "each naming one problem and exactly what to change; \"scores\" gives one integer per "
    "aspect; \"stop\" is true only if the answer needs no change at all."
)
LONG_FEEDBACK_TEXT = (
    "Act as a strict reviewer of your latest answer above. Say exactly what is wrong and "
    "what to change. Then write one line per aspect in the form `aspect: N/{high}` for "
    "{aspects} ({low} = bad, {high} = excellent). If the answer needs no change at all, "
    "reply only with: {stop_phrase}"
)
LONG_REFINE = (
    "Rewrite your answer so that it fixes every point of the feedback above. "
    "Reply with the improved answer only."
)


@dataclass(frozen=True)
class Prompts:
    """Templates for the guide and the three kinds of user turn. `{input}`, `{aspects}`,
    `{low}`, `{high}`, `{stop_phrase}` and `{round}` are filled in with str.format."""

    draft: str = "{input}"
    feedback_grammar: str = "Review your answer."
    feedback_text: str = "Review your answer. If it needs no change at all, reply only with: {stop_phrase}"
    refine: str = "Now write the improved answer itself (no JSON)."
    system: str | None = None
    """A system text of the caller's; the guide, when there is one, follows it."""
    guide_grammar: str | None = GUIDE_GRAMMAR
    """Stated once in the system turn with grammar feedback; None: no guide."""
    guide_text: str | None = GUIDE_TEXT
    """The same for free-text feedback."""

    @classmethod
    def standalone(cls, **over) -> "Prompts":
        """Every instruction in full in its own turn, no guide (the pre-guide layout)."""
        base = cls(feedback_grammar=LONG_FEEDBACK_GRAMMAR, feedback_text=LONG_FEEDBACK_TEXT,
                   refine=LONG_REFINE, guide_grammar=None, guide_text=None)
        return replace(base, **over)

    def _fill(self, template: str, spec: FeedbackSpec, input: str = "", round: int = 0,
              stop_phrase: str = DEFAULT_STOP_PHRASE) -> str:
        return template.format(
            input=input, aspects=", ".join(spec.aspects), low=spec.scale[0], high=spec.scale[1],
            stop_phrase=stop_phrase, round=round,
        )

    def render(self, which: str, spec: FeedbackSpec, input: str = "", round: int = 0,
               stop_phrase: str = DEFAULT_STOP_PHRASE) -> str:
        return self._fill(getattr(self, which), spec, input, round, stop_phrase)

    def guide(self, spec: FeedbackSpec, feedback_mode: str = "grammar",
              stop_phrase: str = DEFAULT_STOP_PHRASE) -> str | None:
        template = self.guide_grammar if feedback_mode == "grammar" else self.guide_text
        return self._fill(template, spec, stop_phrase=stop_phrase) if template else None

    def system_text(self, spec: FeedbackSpec, feedback_mode: str = "grammar",
                    stop_phrase: str = DEFAULT_STOP_PHRASE) -> str | None:
        """The system turn of a loop: the caller's system text, then the guide."""
        parts = [p for p in (self.system, self.guide(spec, feedback_mode, stop_phrase)) if p]
        return "\n\n".join(parts) or None

    def messages_with_guide(self, messages: list[dict], spec: FeedbackSpec, feedback_mode: str = "grammar",
                            stop_phrase: str = DEFAULT_STOP_PHRASE) -> list[dict]:
        """A client's chat with the guide added to its system message (or in a new one first)."""
        guide = self.guide(spec, feedback_mode, stop_phrase)
        if not guide:
            return messages
        if messages and messages[0].get("role") == "system" and isinstance(messages[0].get("content"), str):
            head = messages[0]["content"].rstrip()
            return [{**messages[0], "content": f"{head}\n\n{guide}" if head else guide}, *messages[1:]]
        return [{"role": "system", "content": guide}, *messages]

    def opening(self, spec: FeedbackSpec, input: str, feedback_mode: str = "grammar",
                stop_phrase: str = DEFAULT_STOP_PHRASE) -> list[dict]:
        """The chat a loop starts from: the system turn (if any) and the draft request."""
        system = self.system_text(spec, feedback_mode, stop_phrase)
        first = {"role": "user", "content": self.render("draft", spec, input=input)}
        return [{"role": "system", "content": system}, first] if system else [first]
