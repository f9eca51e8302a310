"""The requirements feedback form's first step: the critic picks which of the request's clauses
are requirements, once per loop; every review then gives a verdict on each."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from selfrefine.engine.core.item import request_turn
from selfrefine.engine.types import Sampling
from selfrefine.grammars.feedback import (
    MAX_SEGMENTS,
    parse_requirements,
    request_clauses,
    requirements_budget,
    requirements_schema,
)

if TYPE_CHECKING:
    from selfrefine.engine.core.config import RefineConfig
    from selfrefine.engine.core.steps import Steps


async def pick_requirements(loop: Steps) -> tuple[tuple[str, ...], RefineConfig]:
    """Requirements form: the critic picks which of the request's clauses are requirements
    (a grammar-forced choice among them), once, right after the draft; the turn stays in the
    history, so every review reuses it from the prefix cache. Returns (the requirements, the
    configuration reviews run under). A request of fewer than two clauses (or more than
    MAX_SEGMENTS), free-text feedback, or no pick gives none and the plain `points` review: the
    picking turn is then taken out of the history again. Other forms: (), the loop's own."""
    item, cfg = loop.item, loop.cfg
    if cfg.spec.form != "requirements":
        return (), cfg
    points = replace(cfg, spec=replace(cfg.spec, form="points"))
    clauses = request_clauses(request_turn(item, cfg))
    if cfg.feedback != "grammar" or not 2 <= len(clauses) <= MAX_SEGMENTS:
        return (), points
    mark = len(loop.conv.ids)
    loop.conv.add_user(cfg.prompts.pick_requirements(cfg.spec, clauses, input=item.input))
    budget, schema = requirements_budget(clauses), requirements_schema(clauses)
    sampling = Sampling(
        temperature=cfg.feedback_temperature,
        top_p=cfg.sampling.top_p,
        max_tokens=budget,
        seed=cfg.sampling.seed,
    )
    call = await loop.call(loop.critic, "requirements", 0, sampling, schema, budget)
    try:
        picked = parse_requirements(call.text, clauses)
        call.feedback = {"requirements": list(picked)}
    except ValueError as exc:
        picked, call.feedback_error = (), str(exc)
    if not picked:
        loop.conv.ids = loop.conv.ids[:mark]
        return (), points
    loop.emit({"type": "requirements", "round": 0, "requirements": list(picked)})
    return picked, cfg
