"""Prompt texts for the generic loop (`selfrefine run`); tasks bring their own."""

from __future__ import annotations

from dataclasses import dataclass

from grammars.feedback import FeedbackSpec

DEFAULT_STOP_PHRASE = "NO CHANGES NEEDED"


@dataclass(frozen=True)
class Prompts:
    """Templates for the three kinds of user turn. `{input}`, `{aspects}`, `{low}`, `{high}`,
    `{stop_phrase}` and `{round}` are filled in with str.format."""

    draft: str = "{input}"
    feedback_grammar: str = (
        "Act as a strict reviewer of your latest answer above. Judge it on {aspects}, each "
        "from {low} (bad) to {high} (excellent). Reply in JSON: \"feedback\" lists short points, "
        "each naming one problem and exactly what to change; \"scores\" gives one integer per "
        "aspect; \"stop\" is true only if the answer needs no change at all."
    )
    feedback_text: str = (
        "Act as a strict reviewer of your latest answer above. Say exactly what is wrong and "
        "what to change. Then write one line per aspect in the form `aspect: N/{high}` for "
        "{aspects} ({low} = bad, {high} = excellent). If the answer needs no change at all, "
        "reply only with: {stop_phrase}"
    )
    refine: str = (
        "Rewrite your answer so that it fixes every point of the feedback above. "
        "Reply with the improved answer only."
    )
    system: str | None = None

    def render(self, which: str, spec: FeedbackSpec, input: str = "", round: int = 0,
               stop_phrase: str = DEFAULT_STOP_PHRASE) -> str:
        template = getattr(self, which)
        return template.format(
            input=input, aspects=", ".join(spec.aspects), low=spec.scale[0], high=spec.scale[1],
            stop_phrase=stop_phrase, round=round,
        )
