"""One installed name: the wheel adds only `selfrefine`, works from a fresh venv, and the layers
import downwards only (engine and grammars below tasks and bench, the CLI and API on top)."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("engine", "grammars", "tasks", "bench")

# What each layer may import from this project (besides itself).
ALLOWED = {
    "engine": {"engine", "grammars"},
    "grammars": {"grammars"},  # nothing from the engine, which imports grammars
    "tasks": {"tasks", "engine", "grammars"},
    "bench": {"bench", "engine", "grammars"},
}


def _project_imports(path: Path) -> list[str]:
    """Absolute module names this file imports from the project (`selfrefine...`) or under a
    bare layer name (`engine...`, which the wheel does not install)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            mods = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        else:
            continue
        names += [m for m in mods if m.split(".")[0] in ("selfrefine", *LAYERS)]
    return names


def test_no_bare_layer_imports_anywhere():
    files = [p for d in (*LAYERS, "selfrefine", "tests", "scripts") for p in (ROOT / d).rglob("*.py")]
    bare = [
        f"{p.relative_to(ROOT)}: {m}" for p in files for m in _project_imports(p) if m.split(".")[0] in LAYERS
    ]
    assert len(files) > 40 and bare == []


@pytest.mark.parametrize("layer", LAYERS)
def test_layers_import_downwards_only(layer):
    wrong = []
    for p in (ROOT / layer).rglob("*.py"):
        for m in _project_imports(p):
            parts = m.split(".")
            if parts[0] != "selfrefine" or len(parts) < 2:
                continue
            if parts[1] not in ALLOWED[layer]:
                wrong.append(f"{p.relative_to(ROOT)}: {m}")
    assert wrong == []


def test_modules_stay_small_enough_to_read():
    """The house rule: the loop reads on a few screens (at most 350 lines) and no module of the
    project grows past 550 lines; a module that does is holding several things."""
    sizes = {
        str(p.relative_to(ROOT)): len(p.read_text().splitlines())
        for p in [*(q for d in LAYERS for q in (ROOT / d).rglob("*.py")), *(ROOT / "selfrefine").glob("*.py")]
    }
    assert sizes["engine/core/loop.py"] <= 350
    assert {p: n for p, n in sizes.items() if n > 550} == {}


def test_checkout_layout_is_plain_symlinks():
    """In a checkout each layer is a committed symlink selfrefine/<layer> -> ../<layer>, which
    Python and static tools follow alike; the package does not extend its own search path, so
    nothing but the four layers imports as selfrefine.<name>."""
    for layer in LAYERS:
        link = ROOT / "selfrefine" / layer
        assert link.is_symlink() and os.readlink(link) == f"../{layer}", layer
    assert "__path__" not in (ROOT / "selfrefine" / "__init__.py").read_text()
    code = (
        "import importlib.util as u, selfrefine.engine.core.loop as l; "
        "print(l.__file__); print([n for n in ('tests', 'docs', 'selfrefine', 'scripts') "
        "if u.find_spec('selfrefine.' + n) is not None])"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd="/", env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    where, extra = out.stdout.split("\n")[:2]
    assert Path(where).resolve() == ROOT / "engine" / "core" / "loop.py" and extra == "[]"


def _copy_source(dst: Path) -> None:
    """The tracked files only (no build/, egg-info, caches or venv left by a checkout)."""
    try:
        files = (
            subprocess.run(
                ["git", "ls-files", "-z"],
                cwd=ROOT,
                capture_output=True,
                check=True,
            )
            .stdout.decode()
            .split("\0")
        )
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("needs a git checkout to list the tracked files")
    for f in filter(None, files):
        if (ROOT / f).is_symlink():  # selfrefine/<layer> -> ../<layer>
            (dst / f).parent.mkdir(parents=True, exist_ok=True)
            (dst / f).symlink_to(os.readlink(ROOT / f))
        elif (ROOT / f).is_file():
            (dst / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / f, dst / f)


def test_wheel_installs_one_name_and_runs_from_a_fresh_venv(tmp_path):
    src, dist, venv = tmp_path / "src", tmp_path / "dist", tmp_path / "venv"
    _copy_source(src)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(dist),
            str(src),
        ],
        check=True,
        capture_output=True,
        timeout=600,
    )
    (wheel,) = dist.glob("selfrefine-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    top = {n.split("/")[0] for n in names if not n.split("/")[0].endswith((".dist-info", ".data"))}
    assert top == {"selfrefine"}
    for must in (
        "selfrefine/cli.py",
        "selfrefine/engine/core/loop.py",
        "selfrefine/grammars/feedback.py",
        "selfrefine/tasks/commongen_hard/task.yaml",
        "selfrefine/tasks/commongen_hard/data.jsonl",
        "selfrefine/tasks/generic/task.yaml",
        "selfrefine/tasks/generic/data.jsonl",
        "selfrefine/bench/run.py",
        "selfrefine/engine/server/app.py",
        "selfrefine/engine/server/static/index.html",  # the loop watcher page at /
        "selfrefine/engine/server/static/page.js",
        "selfrefine/engine/server/static/page.css",
    ):
        assert must in names, must

    # A fresh venv with the wheel; its dependencies come from this interpreter's site-packages,
    # appended as a plain path (the .pth files there, this checkout's editable install among
    # them, are not processed), so `selfrefine` can only come from the wheel.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    vpy = venv / "bin" / "python"
    purelib = subprocess.run(
        [str(vpy), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (Path(purelib) / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(vpy), "install", "-q", "--no-deps", str(wheel)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, "COLUMNS": "200"}

    def run(*a):
        return subprocess.run(
            a,
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,  # noqa: E731
            timeout=300,
        )

    where = run(
        str(vpy),
        "-c",
        "import selfrefine, selfrefine.engine.core.loop as l, selfrefine.tasks.registry as r;"
        "print(selfrefine.__file__); print(l.__file__); print(len(r.available()))",
    )
    assert where.returncode == 0, where.stderr
    lines = where.stdout.split()
    assert all(line.startswith(purelib) for line in lines[:2]) and lines[2] == "10"
    for bare in LAYERS:  # nothing installed a top-level engine / tasks / ...
        assert not (Path(purelib) / bare).exists()
    exe = str(venv / "bin" / "selfrefine")
    helped = run(exe, "--help")
    assert helped.returncode == 0 and "refine" in helped.stdout and "serve" in helped.stdout
    listed = run(exe, "models", "list")
    assert listed.returncode == 0, listed.stderr
    assert "qwen2.5-coder-0.5b-instruct" in listed.stdout and "smollm2-135m-instruct" in listed.stdout


def test_every_package_folder_is_in_the_wheels_package_list():
    """pyproject lists the packages by name: a new folder left off the list is missing from an
    installed copy (as engine/observe once was) while the checkout works."""
    import tomllib

    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(setuptools["packages"])
    found = {"selfrefine"} | {
        "selfrefine." + ".".join(p.parent.relative_to(ROOT).parts)
        for layer in LAYERS
        for p in (ROOT / layer).rglob("__init__.py")
    }
    # data folders (the page's static files) are listed with their files in package-data
    data = {name for name in setuptools["package-data"] if name != "*" and name not in found}
    assert data == {"selfrefine.engine.server.static"}
    assert all((ROOT / "/".join(name.split(".")[1:])).is_dir() for name in data)
    assert found | data == listed


# The loop's tools (what the loop observes in an answer and what it refuses) and the scorers that
# grade the loop's answers stay apart, so a score is never the loop's own opinion of its answer
# (tests/test_never_worse.py relies on it).
LOOP_TOOLS = ("selfrefine.engine.observe", "selfrefine.engine.core.substance")
SCORERS = ("tasks/*/scorer.py", "tasks/eval.py", "tasks/scoring.py")
SCORING = ("selfrefine.tasks", "if_verifiable")  # the task layer's scorers and IFEval's verifiers


def _imports(path: Path) -> set[str]:
    """Every module `path` imports, relative imports resolved (the file's module being
    selfrefine.<its path>) and module names given as strings (importlib) included, each with the
    names it takes from it (`from a import b` gives a and a.b)."""
    parts = ["selfrefine", *path.relative_to(ROOT).with_suffix("").parts]
    package = parts[:-1]  # a module's package, or for __init__ the package itself
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            names |= {module} | {f"{module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if any(node.value.startswith(m) for m in (*LOOP_TOOLS, *SCORING)):
                names.add(node.value)
    return names


def _under(name: str, modules: tuple[str, ...]) -> bool:
    return any(name == m or name.startswith(m + ".") for m in modules)


def test_scorers_never_import_the_loops_tools():
    files = sorted({p for pattern in SCORERS for p in ROOT.glob(pattern)})
    assert len(files) >= 12 and ROOT / "tasks" / "ifeval" / "scorer.py" in files
    wrong = [
        f"{p.relative_to(ROOT)}: {m}" for p in files for m in sorted(_imports(p)) if _under(m, LOOP_TOOLS)
    ]
    assert wrong == []


def test_the_engine_never_imports_a_scorer():
    files = sorted((ROOT / "engine").rglob("*.py"))
    assert (
        ROOT / "engine" / "core" / "loop.py" in files and ROOT / "engine" / "observe" / "format.py" in files
    )
    wrong = [f"{p.relative_to(ROOT)}: {m}" for p in files for m in sorted(_imports(p)) if _under(m, SCORING)]
    assert wrong == []


def test_the_import_check_sees_relative_and_string_imports(tmp_path, monkeypatch):
    # the check above would pass on files it cannot read right: it must see each form of import
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    f = tmp_path / "tasks" / "demo" / "scorer.py"
    f.parent.mkdir(parents=True)
    f.write_text(
        "from ...engine.observe import format\n"
        "from selfrefine.engine.core import substance\n"
        "import importlib\nimportlib.import_module('selfrefine.engine.observe.text')\n"
    )
    seen = {m for m in _imports(f) if _under(m, LOOP_TOOLS)}
    assert seen == {
        "selfrefine.engine.observe",
        "selfrefine.engine.observe.format",
        "selfrefine.engine.core.substance",
        "selfrefine.engine.observe.text",
    }
