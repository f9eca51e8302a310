"""The import graph of engine/: no circle of imports (type-only imports included), and the loop
module is no hub: what is imported from engine.core.loop is defined there. Static: no engine."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "engine"


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return "selfrefine." + ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for p in ENGINE.rglob("*.py")}


def _imports(path: Path) -> set[str]:
    """The engine modules `path` imports, wherever the import stands (under TYPE_CHECKING too);
    `from package import submodule` counts as the submodule, not the package."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                out.add(sub if sub in MODULES else node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {m for m in out if m in MODULES}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_no_circle_of_imports_inside_engine():
    graph = {m: _imports(p) - {m} for m, p in MODULES.items()}
    assert _circles(graph) == []
    # the check sees a circle where there is one
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def _defined(path: Path) -> set[str]:
    names = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return names


def test_nothing_is_imported_from_the_loop_that_the_loop_does_not_define():
    own = _defined(ENGINE / "core" / "loop.py")
    assert {"refine", "MIN_ROOM"} <= own and "Item" not in own and "RefineConfig" not in own
    borrowed = []
    layers = ("engine", "grammars", "tasks", "bench", "tests")
    for path in [*(p for d in layers for p in (ROOT / d).rglob("*.py")), *(ROOT / "selfrefine").glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "selfrefine.engine.core.loop":
                borrowed += [f"{path.relative_to(ROOT)}: {a.name}" for a in node.names if a.name not in own]
    assert borrowed == []
