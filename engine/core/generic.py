"""The loop's item for a user's own request (`selfrefine run`, `SelfRefine.run`, the server's
`-selfrefine` model): the request, with the observers its text calls for (engine.observe)."""

from __future__ import annotations

from selfrefine.engine.core.item import Item
from selfrefine.engine.observe import observe_request


def request_text(messages: list[dict]) -> str:
    """What a chat asks, for the observers: its system text and its last user turn (constraints
    stated in earlier turns were for earlier answers)."""
    text = [m["content"] for m in messages if m.get("role") == "system" and isinstance(m.get("content"), str)]
    users = [m["content"] for m in messages if m.get("role") == "user" and isinstance(m.get("content"), str)]
    return "\n".join(text + users[-1:])


def make_item(
    request: str | list[dict],
    *,
    run_code: bool = True,
    id: str | None = None,
    system: str | None = None,
    initial: str | None = None,
) -> Item:
    """One generic loop's Item: `request` is the user's text or an OpenAI-style chat; its
    `observe` / `guard` come from `observe_request` (both None when the request states nothing
    checkable, and the loop then runs exactly as without them). `run_code` off: the answer's
    code is not run. `system`: the caller's system text, which may state constraints too;
    `initial`: a given first answer (no draft call)."""
    if isinstance(request, str):
        text, item = "\n".join(x for x in (system, request) if x), Item(request, id=id, initial=initial)
    else:
        text = request_text(request)
        users = [
            m["content"] for m in request if m.get("role") == "user" and isinstance(m.get("content"), str)
        ]
        item = Item(users[-1] if users else "", id=id, initial=initial, messages=list(request))
    item.observe, item.guard = observe_request(text, run_code=run_code)
    return item
