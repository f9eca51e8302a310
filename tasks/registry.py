"""Task loader: a task is a folder `tasks/<name>/` with task.yaml, prompt templates, data and a
scorer. Adding a task is adding a folder; no engine code changes.

task.yaml's keys are `TOP_KEYS` (each with its meaning), `PROMPT_KEYS` and, in its `loop:`,
`feedback:` and `sampling:` sections, the loop options of engine.core.options on the task surface
(old spellings accepted) plus `SECTION_KEYS`. `task_yaml_keys()` lists them all, and
`python -m selfrefine.docgen` writes them to docs/task-yaml.md. An unknown key is an error naming it.
"""

from __future__ import annotations

import copy
import functools
import importlib.util
import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

import jinja2
import yaml

from selfrefine.engine.core import options
from selfrefine.engine.core.config import RefineConfig
from selfrefine.engine.core.item import Item
from selfrefine.engine.core.prompts import LONG_FEEDBACK_GRAMMAR, LONG_REFINE, Prompts
from selfrefine.engine.errors import InvalidParameter
from selfrefine.engine.observe import observe_request
from selfrefine.grammars.feedback import Checklist
from selfrefine.tasks.scoring import keywords

TASKS_DIR = Path(__file__).resolve().parent

GENERIC_FIELD = "request"
"""The row field a `generic: true` task's item input is, verbatim."""

Hooks = tuple[Callable | None, Callable | None]
GenericHooks = Callable[[str], Hooks]
GENERIC_HOOKS: GenericHooks | None = functools.partial(observe_request, run_code=True)
"""The one place the generic loop's tool observers plug in: a function of the request text that
returns the (observe, guard) pair of its Item. It is the builder `selfrefine run` uses
(engine.observe.observe_request, code run in the sandbox as `run` does by default), so the
generic task measures exactly what `run` does. None: no tools."""


def generic_item_hooks(request: str, hooks: GenericHooks | None = None) -> Hooks:
    """The (observe, guard) of a generic task's Item for `request`: from `hooks`, else
    GENERIC_HOOKS, else none."""
    builder = hooks or GENERIC_HOOKS
    if builder is None:
        return None, None
    observe, guard = builder(request)
    return observe, guard


class TaskError(ValueError):
    """A task that does not exist or whose folder is malformed; or a bad request for one."""


@dataclass
class Task:
    """One loaded task (with its variant applied)."""

    name: str
    variant: str | None
    folder: Path
    description: str
    metric: str
    cfg: RefineConfig
    scorer: object
    oracle: bool = False
    """Refine only while the scorer says the answer is wrong (gsm8k's oracle variant)."""
    initial_field: str | None = None
    vocab: str | None = None
    """The row field a checklist feedback chooses from ("concepts"; "title:words" splits a text)."""
    guard: bool = False
    """Rewrites must pass the scorer's guard(row, output) (e.g. the program still prints what
    the original prints on the item's inputs), else the loop keeps the previous output."""
    observe: bool = False
    """Execution feedback (a `:exec` variant): the scorer's observe(row, output) fills the review's
    {observation} with what running the output gave, never the target."""
    data_path: Path | None = None
    input_template: jinja2.Template | None = None
    extra: dict = field(default_factory=dict)
    row_filter: dict[str, tuple] | None = None
    """task.yaml `rows`: only rows whose field has one of these values (e.g. a split)."""
    generic: bool = False
    """The generic loop as `selfrefine run` runs it: the row's request is the input verbatim."""

    @property
    def scorer_needs_judge(self) -> bool:
        return bool(getattr(self.scorer, "needs_judge", False))

    @property
    def label(self) -> str:
        return f"{self.name}/{self.variant}" if self.variant else self.name

    def rows(self, limit: int | None = None) -> list[dict]:
        """The first `limit` rows of the task's data (all when None)."""
        if limit is not None and limit < 1:
            raise TaskError(f"--limit must be >= 1 (got {limit})")
        rows = _select(_read_rows(self.data_path), self.row_filter)
        if limit is not None and limit > len(rows):
            raise TaskError(f"{self.label} has only {len(rows)} items (asked for --limit {limit})")
        return rows[:limit] if limit else rows

    def render_input(self, row: dict) -> str:
        if self.generic:
            return row[GENERIC_FIELD]
        return self.input_template.render(**row).strip()

    def item(self, row: dict) -> Item:
        if self.generic:  # as `selfrefine run "<request>"` builds its Item, plus the tool hook
            observe, guard = generic_item_hooks(row[GENERIC_FIELD])
            return Item(input=row[GENERIC_FIELD], id=str(row["id"]), observe=observe, guard=guard)
        initial = row[self.initial_field] if self.initial_field else None
        observe = functools.partial(self.scorer.observe, row) if self.observe else None
        guard = functools.partial(self.scorer.guard, row) if self.guard else None
        return Item(
            input=self.render_input(row),
            id=str(row["id"]),
            initial=initial,
            vocab=self.row_vocab(row),
            observe=observe,
            guard=guard,
        )

    def row_vocab(self, row: dict) -> tuple[str, ...] | None:
        """The item's vocabulary for a checklist feedback, from the row field `vocab` names."""
        if not self.vocab:
            return None
        name, _, how = self.vocab.partition(":")
        value = row[name]
        if how in ("words", "keywords"):
            value = keywords(value) if how == "keywords" else re.findall(r"[\w'-]+", value)
        return tuple(str(v) for v in value)


@lru_cache(maxsize=32)
def _read_rows_cached(path: str, mtime: float) -> tuple[dict, ...]:
    rows = []
    for n, line in enumerate(Path(path).read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise TaskError(f"{path}:{n}: not JSON ({exc})") from exc
        if not isinstance(row, dict) or "id" not in row:
            raise TaskError(f'{path}:{n}: each row needs an "id"')
        rows.append(row)
    ids = [str(r["id"]) for r in rows]
    if len(set(ids)) != len(ids):
        raise TaskError(f"{path}: ids are not unique")
    return tuple(rows)


def _read_rows(path: Path) -> list[dict]:
    return [copy.deepcopy(r) for r in _read_rows_cached(str(path), path.stat().st_mtime)]


def _select(rows: list[dict], row_filter: dict[str, tuple] | None) -> list[dict]:
    if not row_filter:
        return rows
    return [r for r in rows if all(r.get(k) in want for k, want in row_filter.items())]


def _row_filter(where: str, got, data_path: Path) -> dict[str, tuple] | None:
    """task.yaml's `rows` as {field: accepted values}; a field no row has, or a filter that
    keeps no row, is an error naming it. The data is read only when there is a filter."""
    if got is None:
        return None
    rows = _read_rows(data_path)
    if not isinstance(got, dict) or not got:
        raise TaskError(f"{where}: rows must be a mapping of row field to value(s)")
    out = {}
    for k, v in got.items():
        if not any(k in r for r in rows):
            raise TaskError(f"{where} rows: unknown row field {k!r}")
        vals = tuple(v) if isinstance(v, list) else (v,)
        if not vals or not all(isinstance(x, (str, int, float, bool)) for x in vals):
            raise TaskError(f"{where} rows: {k} must be a value or a list of values")
        out[k] = vals
    if not _select(rows, out):
        raise TaskError(f"{where} rows: {got} selects no row")
    return out


def available() -> list[str]:
    """Names of the task folders (those with a task.yaml)."""
    return sorted(p.parent.name for p in TASKS_DIR.glob("*/task.yaml"))


def variants(name: str) -> list[str]:
    return list((_yaml(TASKS_DIR / name / "task.yaml").get("variants") or {}).keys())


def _yaml(path: Path) -> dict:
    try:
        data = yaml.safe_load(path.read_text())
    except yaml.YAMLError as exc:
        raise TaskError(f"{path}: bad YAML: {exc}") from exc
    if not isinstance(data, dict):
        raise TaskError(f"{path}: expected a mapping")
    return data


def _merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for k, v in over.items():
        out[k] = _merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def _load_scorer(folder: Path, spec: str, options: dict):
    file, _, cls = spec.partition(":")
    path = folder / file
    if not path.is_file() or not cls:
        raise TaskError(f"{folder.name}: scorer must be 'file.py:ClassName' (got {spec!r})")
    mod_name = f"selfrefine.tasks._loaded.{folder.name}.{path.stem}"
    module = sys.modules.get(mod_name)
    if module is None:
        s = importlib.util.spec_from_file_location(mod_name, path)
        module = importlib.util.module_from_spec(s)
        sys.modules[mod_name] = module
        s.loader.exec_module(module)
    try:
        return getattr(module, cls)(**options)
    except AttributeError as exc:
        raise TaskError(f"{path}: no class {cls}") from exc


def load(spec: str, variant: str | None = None, folder: Path | None = None) -> Task:
    """Load `name` or `name:variant` (or a task folder given by path)."""
    name, _, v = spec.partition(":")
    variant = variant or v or None
    folder = folder or (Path(name) if "/" in name else TASKS_DIR / name)
    ypath = folder / "task.yaml"
    if not ypath.is_file():
        raise TaskError(f"unknown task {name!r}; available: {', '.join(available())}")
    raw = _yaml(ypath)
    vs = raw.get("variants") or {}
    if variant is None and vs:
        variant = raw.get("default_variant") or next(iter(vs))
    if variant is not None:
        if variant not in vs:
            raise TaskError(f"task {name!r} has no variant {variant!r}; variants: {', '.join(vs) or 'none'}")
        raw = _merge(raw, vs[variant] or {})
    values = loop_values(raw, f"{folder.name}/task.yaml")
    if not isinstance(raw.get("generic", False), bool):
        raise TaskError(f"{folder.name}/task.yaml: generic must be true or false")
    if raw.get("generic"):
        return _load_generic(raw, folder, variant, values)

    def text(rel: str | None) -> str | None:
        if rel is None:
            return None
        p = folder / rel
        if not p.is_file():
            raise TaskError(f"{folder.name}: missing template {rel}")
        return p.read_text().strip()

    pr = raw.get("prompts") or {}
    # Task templates state their whole instruction in each turn (no guide) unless the task
    # folder gives a guide of its own.
    prompts = Prompts.standalone(
        draft=text(pr.get("draft")) or "{input}",
        feedback_grammar=text(pr.get("feedback")) or LONG_FEEDBACK_GRAMMAR,
        refine=text(pr.get("refine")) or LONG_REFINE,
        **({"retry": text(pr["retry"])} if pr.get("retry") else {}),
        system=text(pr.get("system")),
        guide_grammar=text(pr.get("guide")),
    )
    fb = raw.get("feedback") or {}
    try:
        cl = fb.get("checklist")
        checklist = Checklist(**{k: v for k, v in cl.items() if k != "field"}) if cl else None
        cfg = options.to_config(
            values, feedback="grammar", prompts=prompts, spec_fields={"checklist": checklist}
        )
    except Exception as exc:  # InvalidParameter etc.
        raise TaskError(f"{folder.name}: bad loop settings: {exc}") from exc
    spec_ = cfg.spec
    data_path = (folder / raw.get("data", "data.jsonl")).resolve()
    if not data_path.is_file():
        raise TaskError(f"{folder.name}: missing data file {data_path}")
    row_filter = _row_filter(f"{folder.name}/task.yaml", raw.get("rows"), data_path)
    in_path = folder / raw.get("input", "input.j2")
    if not in_path.is_file():
        raise TaskError(f"{folder.name}: missing input template {in_path.name}")
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, keep_trailing_newline=False)
    scorer = _load_scorer(folder, raw.get("scorer", ""), raw.get("scorer_options") or {})
    observe, guard = bool(raw.get("observe", False)), bool(raw.get("guard", False))
    for flag, method in ((observe, "observe"), (guard, "guard")):
        if flag and not callable(getattr(scorer, method, None)):
            raise TaskError(f"{folder.name}: {method}: true needs a scorer with {method}(row, output)")
    vocab = fb.get("vocab")
    if spec_.form == "checklist" and spec_.checklist.items == "row" and not vocab:
        raise TaskError(f"{folder.name}: a checklist over the row needs feedback.vocab (the row field)")
    return Task(
        name=raw.get("name", folder.name),
        variant=variant,
        folder=folder,
        description=raw.get("description", ""),
        metric=raw.get("metric", "score"),
        cfg=cfg,
        scorer=scorer,
        oracle=bool(raw.get("oracle", False)),
        initial_field=raw.get("initial"),
        vocab=vocab,
        observe=observe,
        guard=guard,
        data_path=data_path,
        input_template=env.from_string(in_path.read_text()),
        extra={k: raw[k] for k in ("judge",) if k in raw},
        row_filter=row_filter,
    )


GENERIC_REFUSES = ("prompts", "input", "initial", "oracle", "observe", "guard")
"""task.yaml keys a `generic: true` task cannot have: they would make its loop differ from `run`'s."""


def _load_generic(raw: dict, folder: Path, variant: str | None, values: dict) -> Task:
    """A `generic: true` task: the RefineConfig `selfrefine run` builds from the same loop values
    (settings.refine_config: the option defaults, the default Prompts), the request verbatim."""
    where = f"{folder.name}/task.yaml"
    for key in GENERIC_REFUSES:
        if key in raw:
            raise TaskError(f"{where}: {key} cannot be set with generic: true (the loop's own applies)")
    fb = raw.get("feedback") or {}
    for key in SECTION_KEYS["feedback"]:
        if key in fb:
            raise TaskError(f"{where}: feedback.{key} cannot be set with generic: true")
    try:
        cfg = options.to_config(values)
    except Exception as exc:  # InvalidParameter etc.
        raise TaskError(f"{folder.name}: bad loop settings: {exc}") from exc
    data_path = (folder / raw.get("data", "data.jsonl")).resolve()
    if not data_path.is_file():
        raise TaskError(f"{folder.name}: missing data file {data_path}")
    rows = _read_rows(data_path)
    if not all(isinstance(r.get(GENERIC_FIELD), str) and r[GENERIC_FIELD].strip() for r in rows):
        raise TaskError(f"{folder.name}: every row of a generic task needs a non-empty {GENERIC_FIELD!r}")
    row_filter = _row_filter(where, raw.get("rows"), data_path)
    scorer = _load_scorer(folder, raw.get("scorer", ""), raw.get("scorer_options") or {})
    return Task(
        name=raw.get("name", folder.name),
        variant=variant,
        folder=folder,
        description=raw.get("description", ""),
        metric=raw.get("metric", "score"),
        cfg=cfg,
        scorer=scorer,
        data_path=data_path,
        extra={k: raw[k] for k in ("judge",) if k in raw},
        row_filter=row_filter,
        generic=True,
    )


def with_overrides(task: Task, **overrides) -> Task:
    """The task with command-line overrides (`selfrefine eval`'s: the options of engine.core.options
    on its override surface, e.g. rounds, stop_flag, verify, temperature, max_tokens, seed);
    None keeps the task's value."""
    try:
        values = options.canonical({k: v for k, v in overrides.items() if v is not None}, options.OVERRIDE)
        cfg = options.to_config(values, base=task.cfg)
    except Exception as exc:
        raise TaskError(str(exc)) from exc
    return replace(task, cfg=cfg)


TOP_KEYS = {
    "name": "the task's name",
    "description": "what the task is",
    "metric": "what its score means",
    "data": 'data.jsonl: one JSON object per row, each with an "id"',
    "input": "input.j2: a Jinja template turning a row into the task text ({input})",
    "initial": "optional: the row field that is y0 (no draft call)",
    "prompts": "str.format templates (files), keyed by PROMPT_KEYS",
    "feedback": "loop options of the feedback section, and checklist: {key, problem_when, label, "
    "items: row | sentences | lines}, vocab: field | field:words",
    "loop": "loop options of the loop section",
    "sampling": "loop options of the sampling section",
    "observe": "true: execution feedback, the scorer's observe(row, output) text fills {observation} "
    "in the review template",
    "guard": "true: a rewrite must pass the scorer's guard(row, output) (None = accept), "
    "else the loop keeps the previous output",
    "oracle": "true: refine only while the scorer says the answer is wrong",
    "scorer": "scorer.py:ClassName, a class with score(row, output) -> dict (see tasks.scoring)",
    "scorer_options": "keyword arguments of the scorer class",
    "judge": "the judge model's settings, for judged tasks",
    "variants": "optional {name: {overrides...}}: the task's variants",
    "default_variant": "the variant used when none is named",
    "rows": "optional {field: value or [values]}: only the rows whose field has one of the values "
    "(e.g. a variant per split: dev: {rows: {split: dev}})",
    "generic": 'true: the generic loop exactly as `selfrefine run "<request>"` runs it: each row\'s '
    '"request" is the input as-is, with the default prompts and the loop options\' defaults (no '
    "prompts, input, initial, oracle, observe, guard or feedback checklist/vocab); items take "
    "observe / guard from generic_item_hooks",
}
"""task.yaml's top-level keys and what each holds (paths are relative to the task's folder)."""
PROMPT_KEYS = ("draft", "feedback", "refine", "retry", "system", "guide")
SECTION_KEYS = {"feedback": ("checklist", "vocab")}
"""Keys of a loop-option section that are not loop options."""


def section_options(section: str) -> tuple[options.Option, ...]:
    """The loop options task.yaml takes in `section` (loop, feedback or sampling), in table order."""
    return tuple(o for o in options.on(options.TASK) if o.section == section)


def task_yaml_keys() -> dict[str, tuple[str, ...]]:
    """Every key task.yaml accepts, by where it goes: "" (the top level), "prompts", and each
    loop-option section (its options' names, then its own keys). Built from engine.core.options."""
    keys: dict[str, tuple[str, ...]] = {"": tuple(TOP_KEYS), "prompts": PROMPT_KEYS}
    for section in ("loop", "feedback", "sampling"):
        names = tuple(o.name for o in section_options(section))
        keys[section] = names + SECTION_KEYS.get(section, ())
    return keys


def _check_keys(where: str, got: dict, known) -> None:
    unknown = [k for k in got if k not in known]
    if unknown:
        raise TaskError(f"{where}: unknown key {unknown[0]!r}; known: {', '.join(known)}")


def loop_values(raw: dict, where: str = "task.yaml") -> dict:
    """The loop option values of a task.yaml (its variant merged in), keyed by option name:
    the loop, feedback and sampling sections' option keys (old spellings mapped to the name).
    An unknown key, anywhere at the top level or in those sections, raises TaskError naming it."""
    _check_keys(where, raw, TOP_KEYS)
    if not isinstance(raw.get("prompts") or {}, dict):
        raise TaskError(f"{where}: prompts must be a mapping")
    _check_keys(f"{where} prompts", raw.get("prompts") or {}, PROMPT_KEYS)
    values: dict = {}
    for section in ("loop", "feedback", "sampling"):
        got = raw.get(section) or {}
        if not isinstance(got, dict):
            raise TaskError(f"{where}: {section} must be a mapping")
        spelled = {
            n: name
            for n, name in options.aliases(options.TASK).items()
            if options.BY_NAME[name].section == section
        }
        _check_keys(f"{where} {section}", got, (*spelled, *SECTION_KEYS.get(section, ())))
        mine = {k: v for k, v in got.items() if k in spelled}
        try:
            named = options.canonical(mine, options.TASK)
        except InvalidParameter as exc:
            raise TaskError(f"{where} {section}: {exc}") from None
        values.update({k: options.coerce(options.BY_NAME[k], v) for k, v in named.items()})
    return values
