"""Command-line options shared by the commands: engine options (run, serve, eval, bench) and loop options.

Decorate a command with `@engine_command`: it gains every engine option of the table in
engine.backends.engine_options and receives their values as one dict parameter `engine`; build the
EngineOptions (and the checked backend) with `opts.engine_settings(engine)` inside the command's
error handling. `engine_command(only=...)` gives a command some of them.

`@loop_command(surface)` gives a command the loop options of engine.core.options on that surface
(`run`: options.CLI; `eval`: options.OVERRIDE, each defaulting to the task's value) and
delivers them as one dict parameter `loop`, keyed by option name.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Mapping
from typing import Annotated, Any

import typer

from selfrefine.engine.backends import engine_options as engine_table
from selfrefine.engine.backends import settings
from selfrefine.engine.backends.engine_options import EngineOptions
from selfrefine.engine.backends.settings import check_backend
from selfrefine.engine.core import options as loop_table

ServeCritic = Annotated[
    str | None,
    typer.Option(
        help="a second model (catalog name, local HF folder or hub id) that writes the feedback "
        "and rewrites of MODEL-selfrefine's loops (drafts stay on --model); started with the same "
        "engine options (its own KV cache), not served by its own name"
    ),
]


def engine_options(engine: Mapping[str, Any]) -> EngineOptions:
    """The EngineOptions of a command's engine values; a bad one raises InvalidParameter naming
    its flag (`--max-model-len`)."""
    with engine_table.spelled_as(engine_table.Option.flag):
        return settings.engine_options(engine)


def engine_settings(engine: Mapping[str, Any]) -> tuple[EngineOptions, str]:
    """The EngineOptions and the checked backend of a command's engine values (see
    settings.check_backend); errors name the flag."""
    options = engine_options(engine)
    with engine_table.spelled_as(engine_table.Option.flag):
        return options, check_backend(options.backend, options)


def _engine_param(o: engine_table.Option, default: Any, help: str | None) -> inspect.Parameter:
    ann = o.type | None if default is None else o.type
    return inspect.Parameter(
        o.name,
        inspect.Parameter.KEYWORD_ONLY,
        default=default,
        annotation=Annotated[ann, typer.Option(*o.flags, help=help or o.doc())],
    )


def engine_command(
    fn=None,
    *,
    only: tuple[str, ...] | None = None,
    defaults: Mapping[str, Any] | None = None,
    helps: Mapping[str, str] | None = None,
):
    """Give a typer command the engine options of engine.backends.engine_options (or those named in
    `only`), delivered as the dict parameter `engine` keyed by option name. `defaults` and
    `helps` replace a flag's default and help on this command (bench: None, its own defaults)."""
    table = [o for o in engine_table.OPTIONS if only is None or o.name in only]
    defaults, helps = defaults or {}, helps or {}

    def decorate(fn):
        sig = inspect.signature(fn, eval_str=True)  # typer reads real annotations, not strings
        own = [p for name, p in sig.parameters.items() if name != "engine"]
        added = [_engine_param(o, defaults.get(o.name, o.default), helps.get(o.name)) for o in table]

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            engine = {o.name: kwargs.pop(o.name) for o in table}
            return fn(*args, engine=engine, **kwargs)

        # typer reads the signature and the type hints: show it the command's own parameters
        # followed by the engine options.
        params = own + added
        wrapper.__annotations__ = {p.name: p.annotation for p in params}
        wrapper.__signature__ = sig.replace(parameters=params, return_annotation=None)
        return wrapper

    return decorate(fn) if fn is not None else decorate


def _loop_param(o: loop_table.Option, surface: str) -> inspect.Parameter:
    # The old spellings (max_rounds, ...) were never flags: the command line has only the name.
    decls = [f"{o.flag()}/--no-{o.name.replace('_', '-')}" if o.kind == "bool" else o.flag()]
    text = o.help + (f" ({' | '.join(o.choices)})" if o.choices else "")
    if surface == loop_table.OVERRIDE:
        text += " (default: the task's)"
    ann = Annotated[loop_table.py_type(o, surface), typer.Option(*decls, help=text)]
    return inspect.Parameter(
        o.name, inspect.Parameter.KEYWORD_ONLY, default=loop_table.surface_default(o, surface), annotation=ann
    )


class LoopValues(dict):
    """The loop option values of a command, by name; `given`: those set on the command line
    (or from the environment), not left at their defaults."""

    given: frozenset[str] = frozenset()


def loop_command(surface: str):
    """Give a typer command the loop options of `surface`, delivered as the dict parameter `loop`
    (a LoopValues)."""
    table = loop_table.on(surface)

    def decorate(fn):
        sig = inspect.signature(fn, eval_str=True)
        own = [p for name, p in sig.parameters.items() if name != "loop"]
        at = next((i for i, p in enumerate(own) if p.kind is inspect.Parameter.KEYWORD_ONLY), len(own))
        ctx = inspect.Parameter("loop_ctx", inspect.Parameter.KEYWORD_ONLY, annotation=typer.Context)
        params = own[:at] + [_loop_param(o, surface) for o in table] + [ctx] + own[at:]

        @functools.wraps(fn)
        def wrapper(*args, loop_ctx: typer.Context, **kwargs):
            loop = LoopValues((o.name, kwargs.pop(o.name)) for o in table)
            # by name: typer ships its own copy of click, whose ParameterSource is not click's
            sources = {n: getattr(loop_ctx.get_parameter_source(n), "name", None) for n in loop}
            loop.given = frozenset(n for n, src in sources.items() if src in ("COMMANDLINE", "ENVIRONMENT"))
            return fn(*args, loop=loop, **kwargs)

        wrapper.__annotations__ = {p.name: p.annotation for p in params}
        wrapper.__signature__ = sig.replace(parameters=params, return_annotation=None)
        return wrapper

    return decorate
