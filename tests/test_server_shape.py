"""The shape of engine/server/, read with `ast`: short functions, and stream events that are typed
(dataclasses put on the queue, one handler per kind) rather than tuples read by position."""

import ast
from pathlib import Path

import pytest

SERVER = Path(__file__).resolve().parent.parent / "engine" / "server"
MODULES = sorted(SERVER.glob("*.py"))
MAX_FUNCTION_LINES = 60
HANDLERS = {"on_loop_event", "on_text", "on_choice_done", "on_end", "on_failed"}


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), filename=str(path))


def _functions(tree: ast.AST):
    return [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def test_the_server_modules_are_found():
    names = {p.name for p in MODULES}
    assert {"app.py", "serving.py", "streaming.py", "responses_api.py", "events.py"} <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_function_is_over_60_lines(path):
    """Counted from the `def` line to the last line of the body, nested functions included."""
    long = {
        f"{f.name} (line {f.lineno})": f.end_lineno - f.lineno + 1
        for f in _functions(_tree(path))
        if f.end_lineno - f.lineno + 1 > MAX_FUNCTION_LINES
    }
    assert long == {}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_nothing_puts_a_tuple_on_a_queue(path):
    puts = [
        n.lineno
        for n in ast.walk(_tree(path))
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr in ("put", "put_nowait")
        and any(isinstance(a, ast.Tuple) for a in n.args)
    ]
    assert puts == []


def _queue_item_names(fn: ast.AST) -> set[str]:
    """Names bound in `fn` to what a queue's `get()` returns (`x = await queue.get()`)."""
    names = set()
    for n in ast.walk(fn):
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.Await):
            call = n.value.value
            if (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr == "get"
            ):
                names |= {t.id for t in n.targets if isinstance(t, ast.Name)}
    return names


def _subscripted(fn: ast.AST, names: set[str]) -> list[str]:
    return [
        f"{n.value.id}[...] at line {n.lineno}"
        for n in ast.walk(fn)
        if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name) and n.value.id in names
    ]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_stream_consumer_indexes_into_a_queue_item(path):
    """Neither what comes off a queue nor the event a handler is given is read by position."""
    bad = []
    for fn in _functions(_tree(path)):
        bad += _subscripted(fn, _queue_item_names(fn))
        if fn.name in HANDLERS:
            bad += _subscripted(fn, {a.arg for a in fn.args.args[1:]})
    assert bad == []


def test_each_consumer_handles_events_with_one_method_per_kind():
    """The chat / completions and the Responses renderers subclass events.Renderer, whose
    dispatch names every event dataclass once."""
    from selfrefine.engine.server import events
    from selfrefine.engine.server.responses_api import ResponsesRenderer
    from selfrefine.engine.server.streaming import ChunkRenderer

    kinds = {events.LoopEvent, events.TextDelta, events.ChoiceDone, events.StreamEnd, events.StreamFailed}
    assert set(events.StreamEvent.__args__) == kinds
    assert {name for name in vars(events.Renderer) if name.startswith("on_")} == HANDLERS
    for renderer in (ChunkRenderer, ResponsesRenderer):
        assert issubclass(renderer, events.Renderer)
        assert {"on_end", "on_failed"} <= set(vars(renderer))
