"""`SelfRefine`: Self-Refine loops from Python, on one engine that starts once and is reused.

vLLM's AsyncLLM belongs to the event loop it was started on, so the engine lives on an event
loop in a background thread of its own; `run` / `run_batch` wait on it from any thread and
`arun` / `arun_batch` await it from any event loop. The options and their checks are those
of `selfrefine run` (`engine.backends.settings`), so a bad value raises InvalidParameter naming it
before anything starts.
"""

from __future__ import annotations

import ast
import asyncio
import concurrent.futures
import inspect
import sys
import threading
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from selfrefine.engine.backends import engine_options as engine_table
from selfrefine.engine.backends import models, quiet, settings
from selfrefine.engine.core import options as loop_options
from selfrefine.engine.core.generic import make_item
from selfrefine.engine.core.item import Item
from selfrefine.engine.core.loop import refine
from selfrefine.engine.core.many import refine_many
from selfrefine.engine.errors import EngineFault, InvalidParameter
from selfrefine.engine.types import Engine, LoopError, LoopResult

Record = LoopResult | LoopError


class SelfRefine:
    """Refine answers with a local model: draft, grammar-constrained feedback, rewrite.

    `model` drafts (a catalog name, pulled on first use, a local Hugging Face folder or a hub id);
    `critic_model` writes the feedback and rewrites. Loop and engine options are `selfrefine run`'s
    flags without dashes (`rounds=2`, `stop_flag=False`, `eager=True`; old spellings accepted, an
    unknown name raises InvalidParameter). `concurrency` bounds one `run_batch`'s loops in flight;
    `backend="transformers"` runs without vLLM; `verbose=False` quiets vLLM, torch and transformers.

    The engine starts on first use, `start()` or `with`, and `close()` shuts it down (a later call
    starts it again); `engine=` takes an engine you started, used as is and never closed here.
    vLLM starts new processes: a script using this at import level needs the `__main__` guard.
    """

    def __init__(
        self,
        model: str = models.DEFAULT_MODEL,
        critic_model: str | None = None,
        *,
        concurrency: int = 32,
        engine: Engine | None = None,
        **options: Any,
    ) -> None:
        # `options`: the loop options of engine.core.options and the engine options of
        # engine.backends.engine_options (the signature below lists them)
        given = {k: options.pop(k) for k in list(options) if k in engine_table.BY_NAME}
        loop = loop_options.canonical(options, loop_options.API, also=list(engine_table.BY_NAME))
        self.config = loop_options.to_config(loop)  # the RefineConfig every loop runs with
        self.run_code = bool(loop.get("run_code", loop_options.BY_NAME["run_code"].default))
        self.options = settings.engine_options(given)  # the EngineOptions the engine starts with
        backend = self.options.backend
        self.backend = settings.check_backend(backend, self.options) if engine is None else backend
        for name, spec in (("model", model), ("critic_model", critic_model)):
            if spec is not None and (not isinstance(spec, str) or not spec.strip()):
                raise InvalidParameter(name, "must be a catalog name, a model folder or a hub id")
        if isinstance(concurrency, bool) or not isinstance(concurrency, int) or concurrency < 1:
            raise InvalidParameter("concurrency", "must be an integer >= 1")
        self.model, self.critic_model = model, critic_model
        self.concurrency = concurrency
        self.options.expected_concurrency = concurrency  # speculation auto drafts only at 1
        self.verbose = self.options.verbose
        self._given = engine
        self._engine: Engine | None = None
        self._critic: Engine | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        critic = f", critic_model={self.critic_model!r}" if self.critic_model else ""
        state = "started" if self.started else "not started"
        return f"SelfRefine(model={self.model!r}{critic}, rounds={self.config.rounds}) [{state}]"

    # ------------------------------------------------------------------ engine lifetime

    @property
    def started(self) -> bool:
        return self._engine is not None

    def start(self) -> SelfRefine:
        """Start the engine (and the critic's) now, pulling a catalog model on first use;
        a no-op when it runs already. Raises ModelError / EngineFault if it cannot."""
        with self._lock:
            if self._engine is not None:
                return self
            if self._given is None:
                _check_main_guard(sys.modules.get("__main__"))
            quiet.configure(self.verbose)  # before vLLM, torch or transformers load
            loop = asyncio.new_event_loop()
            thread = threading.Thread(target=loop.run_forever, name="selfrefine-engine", daemon=True)
            thread.start()
            try:
                if self._given is not None:
                    engine, critic = self._given, None
                else:
                    main = models.resolve(self.model)
                    other = self.critic_model not in (None, self.model)
                    critic_spec = models.resolve(self.critic_model) if other else None

                    async def boot():
                        return settings.start_engines(main, critic_spec, self.options, self.backend)

                    engine, critic = asyncio.run_coroutine_threadsafe(boot(), loop).result()
            except BaseException:
                _stop_loop(loop, thread)
                raise
            self._loop, self._thread, self._engine, self._critic = loop, thread, engine, critic
        return self

    def close(self) -> None:
        """Shut the engine down (not one given as `engine=`). Safe to call twice."""
        with self._lock:
            loop, thread, engines = self._loop, self._thread, (self._critic, self._engine)
            self._loop = self._thread = self._engine = self._critic = None
        if loop is None or thread is None:
            return

        async def down() -> None:
            for e in engines:
                if e is not None and e is not self._given:
                    e.shutdown()

        try:
            asyncio.run_coroutine_threadsafe(down(), loop).result(120)
        finally:
            _stop_loop(loop, thread)

    def __enter__(self) -> SelfRefine:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()

    async def __aenter__(self) -> SelfRefine:
        await asyncio.to_thread(self.start)
        return self

    async def __aexit__(self, *exc) -> None:
        await asyncio.to_thread(self.close)

    # ------------------------------------------------------------------ loops

    def run(self, text: str, *, id: str | None = None, initial: str | None = None) -> LoopResult:
        """Refine one answer to `text`; `initial` gives the first answer instead of a draft.

        Returns the LoopResult (answer, stop_reason, rounds, outputs, scores, trace, usage());
        raises the error (InvalidParameter, PromptTooLong, EngineFault, ...) if the loop fails."""
        item = _item(text, id, initial, self.run_code)
        return self._wait(lambda: self._one(item))

    def run_batch(self, texts: Sequence[str | Item]) -> list[Record]:
        """Refine many answers at once (their loops batch together in vLLM). Returns one record
        per input, in input order: a LoopResult, or a LoopError (`error`, `error_type`) where
        that item failed; an item is never dropped."""
        items = _items(texts, self.run_code)
        return self._wait(lambda: self._many(items))

    async def arun(self, text: str, *, id: str | None = None, initial: str | None = None) -> LoopResult:
        """`run`, awaitable from any event loop (many `arun`s at once batch together)."""
        item = _item(text, id, initial, self.run_code)
        return await self._await(lambda: self._one(item))

    async def arun_batch(self, texts: Sequence[str | Item]) -> list[Record]:
        """`run_batch`, awaitable from any event loop."""
        items = _items(texts, self.run_code)
        return await self._await(lambda: self._many(items))

    async def _one(self, item: Item) -> LoopResult:
        return await refine(self._engine, item, self.config, self._critic)

    async def _many(self, items: list[Item | LoopError]) -> list[Record]:
        todo = [(i, it) for i, it in enumerate(items) if isinstance(it, Item)]
        done = await refine_many(
            self._engine,
            [it for _, it in todo],
            self.config,
            concurrency=self.concurrency,
            critic=self._critic,
        )
        out: list[Any] = list(items)
        for (i, _), res in zip(todo, done, strict=True):
            out[i] = res
        return out

    def _submit(self, make: Callable[[], Coroutine]) -> concurrent.futures.Future:
        self.start()
        loop = self._loop
        if loop is None:
            raise RuntimeError("SelfRefine was closed while starting")
        return asyncio.run_coroutine_threadsafe(make(), loop)

    def _wait(self, make: Callable[[], Coroutine]):
        future = self._submit(make)
        try:
            return future.result()
        except BaseException:
            future.cancel()  # e.g. Ctrl-C: abort the loop's engine requests too
            raise

    async def _await(self, make: Callable[[], Coroutine]):
        if not self.started:
            await asyncio.to_thread(self.start)
        return await asyncio.wrap_future(self._submit(make))


def _signature() -> inspect.Signature:
    """SelfRefine.__init__'s signature with the loop and engine options of their tables in place
    of **options (what help(), IDEs and inspect show)."""
    sig = inspect.signature(SelfRefine.__init__)
    params = [p for p in sig.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
    at = next(i for i, p in enumerate(params) if p.name == "concurrency")

    def keyword(name: str, default: Any, annotation: Any) -> inspect.Parameter:
        return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation)

    api = loop_options.API
    loop = [keyword(o.name, o.default, loop_options.py_type(o, api)) for o in loop_options.on(api)]
    engine = [keyword(o.name, o.default, o.type) for o in engine_table.OPTIONS]
    # model, critic_model, the loop options, concurrency, the engine options, engine
    return sig.replace(parameters=params[:at] + loop + [params[at]] + engine + params[at + 1 :])


SelfRefine.__init__.__signature__ = _signature()


def _stop_loop(loop: asyncio.AbstractEventLoop, thread: threading.Thread) -> None:
    loop.call_soon_threadsafe(loop.stop)
    thread.join(30)
    if not thread.is_alive():
        loop.close()


def _item(text: str, id: str | None, initial: str | None, run_code: bool = True) -> Item:
    if not isinstance(text, str):
        raise InvalidParameter("text", f"must be a string, not {type(text).__name__}")
    if not text.strip():
        raise InvalidParameter("text", "is empty")
    if initial is not None and not isinstance(initial, str):
        raise InvalidParameter("initial", f"must be a string, not {type(initial).__name__}")
    return make_item(text, run_code=run_code, id=id, initial=initial)


def _items(texts: Sequence[str | Item], run_code: bool = True) -> list[Item | LoopError]:
    """Items for a batch; an input that is not text becomes an error record in its place."""
    if isinstance(texts, (str, bytes)):
        raise InvalidParameter("texts", "must be a list of strings, not one string (use run())")
    out: list[Item | LoopError] = []
    for i, t in enumerate(texts):
        if isinstance(t, Item):
            out.append(t)
        elif isinstance(t, str):
            out.append(make_item(t, run_code=run_code, id=str(i)))
        else:
            out.append(
                LoopError(
                    input=repr(t)[:200],
                    id=str(i),
                    error_type="invalid_parameter",
                    error=f"texts.{i}: must be a string, not {type(t).__name__}",
                )
            )
    return out


MAIN_GUARD = (
    "SelfRefine starts its engine in spawned processes, which import your script again: start it "
    'under `if __name__ == "__main__":` (see `help(selfrefine)`), or the re-imported script starts '
    "another engine while the first is booting"
)


def _check_main_guard(main) -> None:
    """Refuse to start from a script whose top level starts SelfRefine outside the `__main__`
    guard, before any engine process is spawned: otherwise each spawned process re-runs the
    script and Python fails it with a bootstrapping traceback that does not name the fix. The
    re-imported script itself (`__mp_main__`) gets the same error."""
    if getattr(main, "__name__", None) == "__mp_main__":
        raise EngineFault(MAIN_GUARD)
    path = getattr(main, "__file__", None)
    if not path:
        return  # python -c, a REPL, a notebook: nothing is re-imported
    try:
        source = open(path, encoding="utf-8").read()
    except OSError:
        return
    if starts_unguarded(source):
        raise EngineFault(MAIN_GUARD)


def starts_unguarded(source: str) -> bool:
    """Whether a script's top level (outside `if __name__ == "__main__":`, functions and
    classes) calls SelfRefine(...)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False

    def guarded(node: ast.stmt) -> bool:
        return isinstance(node, ast.If) and "__name__" in ast.unparse(node.test)

    for stmt in tree.body:
        if guarded(stmt) or isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for node in ast.walk(stmt):
            if isinstance(node, ast.Call):
                f = node.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
                if name == "SelfRefine":
                    return True
    return False
