"""What a loop's checks did, counted off its trace: the `checks` field of a LoopResult."""

from __future__ import annotations

from typing import TYPE_CHECKING

from selfrefine.engine.core import checks
from selfrefine.engine.core.checks import FAULTS, FITTED, GUARD, PAIRWISE
from selfrefine.engine.core.stopping import FAULT, UNMET

if TYPE_CHECKING:
    from selfrefine.engine.core.config import RefineConfig
    from selfrefine.engine.types import Call

FLAG_DISAGREED = "flag_disagreed"
"""Count key: a review whose stop flag contradicted its scores (stop with a low score, or go on
with every score at the top)."""
OBSERVED = "observed"
"""Count key: reviews that showed an observation (execution feedback, or facts from tools)."""
UNGROUNDED = "ungrounded"
"""Count key: problems whose span is not in the answer (recorded, not shown to the rewrite)."""
OVERRULED = "overruled"
"""Count key: problems about a count the tools find met (recorded, not shown to the rewrite)."""
CANDIDATES = "candidates"
"""Count key: rewrites written beside the one the loop kept, after a fault (`RefineConfig.candidates`)."""


def check_counts(trace: list[Call], cfg: RefineConfig) -> dict[str, int]:
    """How often each rewrite check, the guard and the pairwise verification rejected a rewrite,
    a stop flag contradicted its scores, a problem was ungrounded or overruled, a review showed an
    observation, an observation showed a fault, and how many candidate rewrites were not kept: read
    off the trace. With the requirements form, also the unmet requirements of all reviews."""
    counts = dict.fromkeys(
        (
            *checks.REWRITE_CHECKS,
            GUARD,
            FAULTS,
            FITTED,
            PAIRWISE,
            FLAG_DISAGREED,
            UNGROUNDED,
            OVERRULED,
            OBSERVED,
            FAULT,
            CANDIDATES,
        ),
        0,
    )
    for c in trace:
        if c.rejected:
            counts[c.rejected] += 1
        counts[FLAG_DISAGREED] += bool(c.flag_disagrees)
        counts[UNGROUNDED] += len(c.ungrounded or ())
        counts[OVERRULED] += len(c.overruled or ())
        counts[OBSERVED] += bool(c.observation)
        counts[FAULT] += bool(c.fault)
        counts[CANDIDATES] += c.stage == "candidate"
    spec = cfg.spec
    if spec.form == "requirements":
        problem = spec.verdict == "missing"
        counts[UNMET] = sum(
            v is problem
            for c in trace
            if c.stage == "feedback" and c.feedback
            for v in (c.feedback.get(spec.verdict) or {}).values()
        )
    return counts
