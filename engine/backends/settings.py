"""Loop and engine settings from plain option values: what `selfrefine run` and the Python API
(`selfrefine.SelfRefine`) both build, with the same names, defaults and checks (the loop
options are declared in engine.core.options).

No typer and no vLLM here: every bad value raises InvalidParameter naming the option (the
engine options are declared in engine.backends.engine_options).
"""

from __future__ import annotations

from importlib.util import find_spec

from selfrefine.engine.backends.engine_options import BY_NAME, EngineOptions, from_values
from selfrefine.engine.backends.vllm_engine import VLLMEngine
from selfrefine.engine.core import options as loop_options
from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.options import parse_aspects, parse_scale  # noqa: F401  (their old home)
from selfrefine.engine.errors import InvalidParameter

engine_options = from_values
"""EngineOptions from option values keyed by option name (pass a command's `locals()`)."""


def refine_config(**values) -> RefineConfig:
    """The RefineConfig of loop option values named as in `engine.core.options` (`selfrefine run`'s
    options without the dashes: `--rounds` is `rounds`, `--no-stop-flag` is `stop_flag=False`);
    the rest take the table's defaults. An unknown name or a bad value raises InvalidParameter."""
    with loop_options.named_as(loop_options.spelled(values, loop_options.API)):
        return loop_options.to_config(loop_options.canonical(values, loop_options.API))


def check_backend(backend: str, options: EngineOptions | None = None) -> str:
    """`backend` if it is known, installed and (with `options`) able to honour the options;
    else InvalidParameter naming what is wrong and how to fix it. Starts nothing."""
    BY_NAME["backend"].check(backend)
    if backend == "vllm":
        if find_spec("vllm") is None:
            raise InvalidParameter(
                "backend",
                "vLLM is not installed (pip install 'selfrefine[cpu]' or "
                "'selfrefine[gpu]'); without it use --backend transformers",
            )
        return backend
    from selfrefine.engine.backends import hf_engine

    missing = hf_engine.missing_packages()
    if missing:
        raise InvalidParameter(
            "backend",
            f"the transformers backend needs {', '.join(missing)}: pip install 'selfrefine[transformers]'",
        )
    if options is not None:
        hf_engine.check_options(options)
    return backend


def make_engine(backend: str, path: str, name: str, options: EngineOptions):
    """An engine of `backend` for the model at `path`, not yet started."""
    check_backend(backend, options)
    if backend == "transformers":
        from selfrefine.engine.backends.hf_engine import HFEngine

        return HFEngine(path, name, options)
    return VLLMEngine(path, name, options)


def start_engines(
    model: tuple[str, str], critic: tuple[str, str] | None, options: EngineOptions, backend: str | None = None
):
    """Start the engine of `model` (name, path) and, when given, the critic's, on `backend`
    (default: `options.backend`); returns both (the critic None without one). Call on the event
    loop that will use them."""
    backend = backend or options.backend
    engine = make_engine(backend, model[1], model[0], options).start()
    try:
        critic_engine = make_engine(backend, critic[1], critic[0], options).start() if critic else None
    except BaseException:
        engine.shutdown()
        raise
    return engine, critic_engine
