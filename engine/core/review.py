"""A critic's review read into data (`read_feedback`, pure), and a round's review as the loop keeps it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from selfrefine.engine.types import Call, Observation
from selfrefine.grammars.feedback import matches_stop_phrase, parse_free_text

if TYPE_CHECKING:
    from selfrefine.engine.core.config import RefineConfig


@dataclass(frozen=True)
class Feedback:
    """What one feedback text says, read by the loop's rules (`read_feedback`)."""

    data: dict | None
    """The parsed review (`Call.feedback`); None when grammar-mode JSON did not parse."""
    error: str | None
    """Why the text gave no usable review (`Call.feedback_error`)."""
    scores: dict[str, int] | None
    flag: bool
    """The critic's stop flag (grammar mode) or the stop phrase (text mode)."""
    top: bool
    """Every aspect at the top of the scale."""
    agrees: bool
    """No aspect scores below `RefineConfig.flag_min`: the flag may count."""
    points: tuple[str, ...]
    """The problems to show the rewrite."""
    problems: list[str] | None = None
    """The problems the review listed (grammar mode; `Call.problems`)."""
    ungrounded: list | None = None
    """Problems whose span is not in the answer: recorded, not shown (`Call.ungrounded`)."""
    unmet: tuple[str, ...] = ()
    """requirements form: the problems that are unmet requirements (they veto a stop, core.stopping)."""
    overruled: list[str] | None = None
    """Problems about a count the tools find met: recorded, not shown (`Call.overruled`)."""

    @property
    def total(self) -> int | None:
        """The total score, or None without scores."""
        return sum(self.scores.values()) if self.scores else None

    @property
    def flag_disagrees(self) -> bool | None:
        """The flag contradicts the scores (stop with a low score, or go on with every score at
        the top); None when nothing parsed."""
        if self.data is None:
            return None
        return bool(self.scores) and ((self.flag and not self.agrees) or (not self.flag and self.top))


NO_FEEDBACK = Feedback(None, None, None, False, False, True, ())
"""A review the critic did not write (`Review.by_tools`): no scores, no flag, no points."""


_MET_COUNT = re.compile(r"^- ([a-z]+(?: [a-z]+)?)s: \d+ \(asked: ([^()\n]*)\)$", re.M)
"""A count fact the observers found met, as engine.observe.text writes it ("- words: 42 (asked:
fewer than 300 words)"; an unmet one ends in "-- NOT MET")."""
_POINT_COUNT = re.compile(
    r"(?<![\d.,])(\d{1,5})\s*-?\s*(words?|sentences?|paragraphs?|lines?|characters?|chars|bullets?|"
    r"bullet\s+points?|items?|numbered\s+items?)\b",
    re.I,
)


def _unit(name: str) -> str:
    """One name per counted unit: "bullet points", "list items" and "numbered items" are items."""
    last = name.lower().split()[-1]
    return "item" if last.startswith(("bullet", "item", "point")) else last[:4]


def met_counts(observation: str) -> set[tuple[int, str]]:
    """(number, unit) of every bound of a count the observers find met ("fewer than 300 words":
    (300, "word"); "between 50 and 80 words": both)."""
    return {(int(n), _unit(m[1])) for m in _MET_COUNT.finditer(observation) for n in re.findall(r"\d+", m[2])}


def overruled(points: tuple[str, ...], observation: str) -> list[str]:
    """The points that name a count bound the tools find met (its number and unit): the tools'
    count is exact, the critic's reading is not. A 1.5B critic read "under 300 words" as "should be
    at least 300 words" and its rewrite cut four interview answers to one (generic x28); others
    list "meets the requirement of fewer than 100 words" as a problem."""
    met = met_counts(observation or "")
    if not met:
        return []
    return [p for p in points if any((int(n), _unit(u)) in met for n, u in _POINT_COUNT.findall(p))]


def read_feedback(
    text: str, cfg: RefineConfig, choices: tuple[str, ...] = (), answer: str = "", observation: str = ""
) -> Feedback:
    """Read one feedback text as the loop does, changing nothing.

    Grammar mode parses the JSON review against the feedback form (`choices`: the call's own
    choices, e.g. the answer's lines, or the loop's requirements) and keeps the problems whose
    span is in `answer`, less those about a count the tools' `observation` finds met; text mode
    reads `aspect: N/M` scores and the stop phrase, and the whole text is the problem. Whether
    the loop stops on it is the stop policy's call (engine.core.stopping).
    """
    spec = cfg.spec
    if cfg.feedback == "grammar":
        try:
            data = spec.parse_json(text, choices)
        except ValueError as exc:
            return Feedback(None, str(exc), None, False, False, True, ())
        scores, flag = data["scores"], bool(data["stop"])
        points, ungrounded = spec.problems(data, answer)
        over = overruled(tuple(points), observation)
        shown = tuple(p for p in points if p not in over)
        error, listed = None, list(shown)
    else:
        scores, err = parse_free_text(text, spec)
        flag = matches_stop_phrase(text, cfg.stop_phrase)
        data = {"feedback": text, "scores": scores, "stop": flag}
        error, listed, ungrounded, over = None if (scores or flag) else err, None, None, []
        shown = () if flag else (text,)
    top = bool(scores) and all(v == spec.scale[1] for v in scores.values())
    agrees = not scores or all(v >= cfg.flag_min for v in scores.values())
    unmet = shown if spec.form == "requirements" and cfg.feedback == "grammar" else ()
    over = over or None
    return Feedback(data, error, scores, flag, top, agrees, shown, listed, ungrounded or None, unmet, over)


@dataclass(frozen=True)
class Review:
    """One round's review of `answer`: the critic's feedback and what running the answer showed."""

    round: int
    answer: str
    feedback: Feedback
    observation: str | None = None
    """The execution result shown in the review turn."""
    fault: str | None = None
    """A problem the run proved; it forbids stopping (engine.core.stopping) whatever the critic said."""
    verified: bool = False
    """The request's own examples ran on the answer and all passed (`Observation.verified`)."""

    @classmethod
    def by_tools(cls, round: int, answer: str, seen: Observation) -> Review:
        """The review when the run decides (`RefineConfig.examples_decide`): no critic call, its
        feedback empty, the run's facts, fault and verdict as observed."""
        return cls(round, answer, NO_FEEDBACK, seen.text or None, seen.fault, seen.verified)

    @property
    def unreviewed(self) -> bool:
        """The tools decided the round: no critic review was asked."""
        return self.feedback is NO_FEEDBACK

    @property
    def problems(self) -> list[str]:
        """What the rewrite is told to fix: the fault first, then the review's points."""
        return [self.fault, *self.feedback.points] if self.fault else list(self.feedback.points)

    def logged(self, trace: list[Call]) -> Review:
        """This review (by the tools) recorded on a call of no tokens added to `trace`."""
        call = Call.tools_review(self.round)
        self.record(call)
        trace.append(call)
        return self

    def record(self, call: Call) -> None:
        """Write the review onto its feedback call, the trace record."""
        fb = self.feedback
        call.feedback, call.feedback_error, call.flag_disagrees = fb.data, fb.error, fb.flag_disagrees
        call.problems = self.problems if self.fault else fb.problems
        call.ungrounded, call.observation, call.fault = fb.ungrounded, self.observation, self.fault
        call.overruled = fb.overruled
