"""Prompt texts for the generic loop (`selfrefine run`, the server, the benchmark); tasks bring their own.

Layout. The draft call sees exactly what a plain chat completion would: the caller's system
text and request, nothing else, so the loop's draft is the model's plain answer (a rubric in
the system turn would leak into drafts). What the critic needs, the rubric (the guide), is
stated once, at the head of the first review turn; it is then part of the history, so every
later round's prompt reuses it from the prefix cache and adds only a short turn (the next
review request, the rewrite request). The grammar enforces the feedback format, so the format
is not spelled out.

`Prompts.standalone()` gives the older layout with the whole instruction in every turn, for
templates that want it (the task folders use their own per-turn texts).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from selfrefine.grammars.feedback import FeedbackSpec

DEFAULT_STOP_PHRASE = "NO CHANGES NEEDED"

# The rubric names no output fields: a rubric that spelled out the JSON ("feedback", "scores",
# "stop") made qwen2.5-coder-0.5b write answers in that shape; the grammar imposes the fields.
_GUIDE_HEAD = (
    "Now act as a strict reviewer of your answer above. Judge it only against my request, on "
    "{aspects}, each from {low} (bad) to {high} (excellent). Name each real problem: the exact "
    "words it concerns and what to change. If nothing needs to change, name no problem and give "
    "{high} on every aspect"
)
GUIDE_GRAMMAR = _GUIDE_HEAD + "."
GUIDE_TEXT = _GUIDE_HEAD + ", then write one line per aspect in the form `aspect: N/{high}`."

LONG_FEEDBACK_GRAMMAR = (
    "Act as a strict reviewer of your latest answer above. Judge it on {aspects}, each "
    'from {low} (bad) to {high} (excellent). Reply in JSON: "feedback" lists short points, '
    'each naming one problem and exactly what to change; "scores" gives one integer per '
    'aspect; "stop" is true only if the answer needs no change at all.'
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
REFINE_FAULT = (
    "A check of your answer found this problem: {fault}\n\nAnswer my request again and fix it. My "
    "request was: {input}\n\nReply with the new answer only, exactly as you would reply to the "
    "request; do not mention the check or the review."
)
"""The rewrite turn when a tool proved the answer wrong: the fault first, then the request
restated and the instruction last. With the fault appended after the plain rewrite request, the
0.5B copied the fault sentence or wrote feedback JSON as its "answer" on all 13 faulted
constraint rows of the generic task's first run."""
FAULT_NOTE = "Note: an earlier answer to this request failed a check: {fault} Write an answer that passes it."
"""Added after the request for the fresh candidates of a fault rewrite (engine.core.rewriting.candidates):
a new answer, told what an earlier one got wrong, instead of an edit of it."""
CODE_FAULT_NOTE = (
    "Note: an earlier answer to this request failed a check: {fault} Write code that passes it; "
    "reply with the code alone, in one code block."
)
"""The fresh candidates' note where the request's own examples ran on the answer's code and failed
(`examples_decide`): the run judges the code, so prose around it is tokens spent on nothing (MBPP
dev c: 44 words of it per candidate, a fifth of their tokens)."""
OBSERVATION_NOTE = "\n\n{observation}"
"""The facts after the review instruction: the observation text carries its own heading."""
VERIFY = (
    "Two answers to the same request follow. Decide which one serves the request better: "
    "correct first, then complete, then clear.\n\nRequest:\n{input}\n\nAnswer A:\n{a}\n\n"
    "Answer B:\n{b}\n\nWhich answer is better, A or B?"
)

# The requirements form (FeedbackSpec.form == "requirements"). The candidates are listed in the
# turn because the grammar only shows the critic, token by token, what it may not write.
PICK_REQUIREMENTS = (
    "Before you review your answer: which of these parts of my request are requirements that an "
    "answer must meet?\n{clauses}\nList each of those, copied exactly."
)
GUIDE_REQUIREMENTS = (
    "Now act as a strict reviewer of your answer above. For each requirement you listed, answer "
    "{verdict}. Then judge the answer only against my request, on {aspects}, each from {low} (bad) "
    "to {high} (excellent)."
)
VERDICT_QUESTIONS = {
    "missing": "true if your answer misses or breaks it, false if it fully meets it",
    "met": "true if your answer fully meets it, false if it misses or breaks it",
}
"""How the verdict is asked, by FeedbackSpec.verdict (why the default: its docstring)."""


@dataclass(frozen=True)
class Prompts:
    """Templates for the guide and the five kinds of user turn: the draft request, the review
    (`feedback_grammar` / `feedback_text`), the rewrite (`refine`), the retry after a refused
    rewrite (`retry`) and the pairwise check (`verify`). `{input}`, `{aspects}`, `{low}`,
    `{high}`, `{stop_phrase}` and `{round}` are filled in with str.format; review templates may
    also use `{observation}` (an execution result) and `{answer}` (the output under review),
    refine and retry templates `{problems}` (the problems, one "- " line each)."""

    draft: str = "{input}"
    feedback_grammar: str = "Review your new answer the same way."
    """Every review turn after the first (the first is the guide alone, when there is one)."""
    feedback_text: str = (
        "Review your new answer the same way. If it needs no change at all, reply only with: {stop_phrase}"
    )
    refine: str = (
        "Now answer my request again, fixing the problems you named. Write only the new answer "
        "itself, exactly as you would reply to the request; do not mention the review."
    )
    retry: str = (
        "That rewrite cannot be used: {problems}\nWrite it again so that this no longer "
        "happens, still fixing the problems named before. Reply with the new answer only."
    )
    """After a refused rewrite (`RefineConfig.retries`, `retry_on`): {problems} is why."""
    system: str | None = None
    """A system text of the caller's: the system turn of the draft, exactly as given."""
    guide_grammar: str | None = GUIDE_GRAMMAR
    """The rubric, stated once as the first review turn with grammar feedback; None: no guide,
    every review turn is `feedback_grammar`."""
    guide_text: str | None = GUIDE_TEXT + " If it needs no change at all, reply only with: {stop_phrase}"
    """The same for free-text feedback."""
    verify: str = VERIFY
    """The pairwise check (`verify="pairwise"`): fields {input}, {a}, {b}."""
    requirements: str = PICK_REQUIREMENTS
    """requirements form: the turn after the draft that has the critic pick the request's
    requirements; {clauses}: the request's clauses, one "- " line each."""
    guide_requirements: str = GUIDE_REQUIREMENTS
    """requirements form: the first review turn; {verdict} is the question asked of each
    requirement (VERDICT_QUESTIONS)."""
    feedback_requirements: str = "Review your new answer the same way, against the same requirements."
    """requirements form: every review turn after the first."""
    refine_requirements: str = (
        "Now answer my request again, fixing these problems:\n{problems}\nWrite only the new answer "
        "itself, exactly as you would reply to the request; do not mention the review."
    )
    """requirements form: the rewrite turn, which names the unmet requirements ({problems})."""
    observation_note: str | None = OBSERVATION_NOTE
    """Added to a review turn whose template has no `{observation}` field, when there is an
    observation (the generic loop's facts from tools, engine.observe); with none the turn is
    exactly the template. None: never added (a task's templates place `{observation}` themselves)."""
    refine_fault: str | None = REFINE_FAULT
    """The rewrite turn, instead of `refine`, when the reviewed answer has a fault
    (`Observation.fault`, which the critic's own review may not name) and `refine` has no
    `{problems}` field to carry it; `{fault}` is it. None: `refine` as it is."""
    fault_note: str = FAULT_NOTE
    """After the request, for the candidates of a fault rewrite written afresh; `{fault}` is it."""
    code_fault_note: str = CODE_FAULT_NOTE
    """`fault_note` where the request's examples ran on the answer's code and decide the round."""

    @classmethod
    def standalone(cls, **over) -> Prompts:
        """Every instruction in full in its own turn, no guide (the pre-guide layout)."""
        base = cls(
            feedback_grammar=LONG_FEEDBACK_GRAMMAR,
            feedback_text=LONG_FEEDBACK_TEXT,
            refine=LONG_REFINE,
            guide_grammar=None,
            guide_text=None,
            observation_note=None,
            refine_fault=None,
        )
        return replace(base, **over)

    def _fill(
        self,
        template: str,
        spec: FeedbackSpec,
        input: str = "",
        round: int = 0,
        stop_phrase: str = DEFAULT_STOP_PHRASE,
        problems: str = "",
        observation: str = "",
        answer: str = "",
        fault: str = "",
    ) -> str:
        return template.format(
            input=input,
            aspects=", ".join(spec.aspects),
            low=spec.scale[0],
            high=spec.scale[1],
            stop_phrase=stop_phrase,
            round=round,
            problems=problems,
            observation=observation,
            answer=answer,
            fault=fault,
        )

    def render(
        self,
        which: str,
        spec: FeedbackSpec,
        input: str = "",
        round: int = 0,
        stop_phrase: str = DEFAULT_STOP_PHRASE,
        **fields,
    ) -> str:
        """A template filled in; `fields` may give problems, observation and answer."""
        return self._fill(getattr(self, which), spec, input, round, stop_phrase, **fields)

    def guide(
        self, spec: FeedbackSpec, feedback_mode: str = "grammar", stop_phrase: str = DEFAULT_STOP_PHRASE
    ) -> str | None:
        template = self.guide_grammar if feedback_mode == "grammar" else self.guide_text
        return self._fill(template, spec, stop_phrase=stop_phrase) if template else None

    def review(
        self,
        spec: FeedbackSpec,
        feedback_mode: str = "grammar",
        input: str = "",
        round: int = 0,
        stop_phrase: str = DEFAULT_STOP_PHRASE,
        observation: str = "",
        answer: str = "",
    ) -> str:
        """The review turn of a round: the guide in round 0 (when there is one), else the short
        turn; `observation` (an execution result, or facts from tools) and `answer` fill the
        templates' fields. A template without `{observation}` gets `observation_note` after it
        when there is an observation."""
        template = self.guide_grammar if feedback_mode == "grammar" else self.guide_text
        if round > 0 or not template:
            template = self.feedback_grammar if feedback_mode == "grammar" else self.feedback_text
        if observation and self.observation_note and "{observation}" not in template:
            template += self.observation_note
        return self._fill(template, spec, input, round, stop_phrase, observation=observation, answer=answer)

    def pick_requirements(self, spec: FeedbackSpec, clauses: tuple[str, ...], input: str = "") -> str:
        """The requirement-picking turn (requirements form), listing the request's clauses."""
        listed = "\n".join(f"- {c}" for c in clauses).replace("{", "{{").replace("}", "}}")
        return self._fill(self.requirements.replace("{clauses}", listed), spec, input)

    def review_requirements(
        self, spec: FeedbackSpec, input: str = "", round: int = 0, observation: str = "", answer: str = ""
    ) -> str:
        """The review turn of a round with a requirement checklist: a verdict per requirement
        (asked as spec.verdict says), then the scores."""
        template = self.guide_requirements if round == 0 else self.feedback_requirements
        template = template.replace("{verdict}", VERDICT_QUESTIONS[spec.verdict])
        if observation and self.observation_note and "{observation}" not in template:
            template += self.observation_note
        return self._fill(template, spec, input, round, observation=observation, answer=answer)

    def rewrite(
        self,
        spec: FeedbackSpec,
        input: str = "",
        round: int = 0,
        problems: str = "",
        answer: str = "",
        fault: str = "",
        which: str = "refine",
    ) -> str:
        """The rewrite turn (`which`: refine, or refine_requirements); when the reviewed answer
        has a `fault` and the template has no `{problems}` to carry it, `refine_fault`."""
        template = getattr(self, which)
        if fault and self.refine_fault and "{problems}" not in template:
            template = self.refine_fault
        return self._fill(template, spec, input, round, problems=problems, answer=answer, fault=fault)

    def system_text(self) -> str | None:
        """The system turn of a loop: the caller's system text alone (None: the template's default)."""
        return self.system or None

    def opening(self, spec: FeedbackSpec, input: str) -> list[dict]:
        """The chat a loop starts from: exactly the messages of a plain chat completion."""
        first = {"role": "user", "content": self.render("draft", spec, input=input)}
        return [{"role": "system", "content": self.system}, first] if self.system else [first]

    def render_verify(self, input: str, a: str, b: str) -> str:
        return self.verify.replace("{input}", input).replace("{a}", a).replace("{b}", b)
