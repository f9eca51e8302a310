"""selfrefine: Self-Refine loops on vLLM, from Python.

    from selfrefine import SelfRefine

    with SelfRefine(model="qwen2.5-coder-0.5b-instruct", rounds=2) as sr:
        print(sr.run("Write a haiku about rain.").answer)

See `SelfRefine` for the options (those of `selfrefine run`).
"""

import os as _os

# The layers live in the repository's top-level folders engine/, grammars/, tasks/ and bench/;
# a built wheel installs them inside this package (pyproject's package-dir). In a source
# checkout they sit beside this folder, so the package's search path takes in the checkout's
# root: either way they import as selfrefine.engine, selfrefine.tasks, ... and nothing installs
# or imports a top-level `engine` or `tasks`.
_here = _os.path.dirname(_os.path.abspath(__file__))
if not _os.path.isdir(_os.path.join(_here, "engine")):
    _root = _os.path.dirname(_here)
    if _os.path.isfile(_os.path.join(_root, "engine", "__init__.py")):
        __path__.append(_root)  # noqa: F821  (the package's own __path__)

from selfrefine.api import SelfRefine  # noqa: E402

__all__ = ["SelfRefine"]
