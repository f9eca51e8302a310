"""The file, config and markup formats among the check kinds added to the generic scorer for the
test14 rows (tasks/generic/test14_kinds.py has the rest and TEST14_CHECKS): a docker-compose file,
a GitHub Actions workflow, shell aliases, /etc/fstab lines, an RSS feed, a Google-style docstring
and a Mermaid gantt chart, on the terms of the scorer's own kinds: bad parameters raise BadCheck
whatever the text, and an answer with no word meets none. Kept apart so that no module passes 550
lines; test14_kinds imports them."""

from __future__ import annotations

import ast
import re
from datetime import date, datetime, timedelta
from email.utils import parsedate_to_datetime

import yaml
from defusedxml import ElementTree

from selfrefine.tasks.generic.scorer import BadCheck, _params, words
from selfrefine.tasks.generic.test13_kinds2 import _fenced


def _strings(c: dict, v, what: str) -> list[str]:
    if not isinstance(v, list) or not v or not all(isinstance(x, str) and x.strip() for x in v):
        raise BadCheck(f"check {c['check']!r}: {what} is a list of texts")
    return [x.strip() for x in v]


def _yaml_docs(text: str) -> list:
    """The YAML documents of the answer's code blocks (else of the whole answer), every scalar
    read as a string (so `on:` stays "on" and 3.10 stays "3.10")."""
    out = []
    for source in _fenced(text) or [text]:
        try:
            out += list(yaml.load_all(source, Loader=yaml.BaseLoader))
        except (yaml.YAMLError, RecursionError, ValueError):
            continue
    return out


def _norm(s: str | None) -> str:
    return " ".join((s or "").split()).lower()


def _as_list(v) -> list:
    return v if isinstance(v, list) else []


# ------------------------------------------------------------------ docker compose

_SERVICE = {"image": str, "ports": list, "volumes": list, "depends_on": list}


def _services(c: dict, specs: dict) -> dict:
    if not specs:
        raise BadCheck("check 'compose_services': services maps a name to its settings")
    for name, spec in specs.items():
        if not str(name).strip() or not isinstance(spec, dict) or not spec or set(spec) - set(_SERVICE):
            raise BadCheck(f"check 'compose_services': settings are among {sorted(_SERVICE)}")
        for k, v in spec.items():
            if k != "image":
                _strings(c, v, k)
            elif not isinstance(v, str) or not v.strip():
                raise BadCheck("check 'compose_services': image is a text")
        if not all(re.fullmatch(r"\d+:\d+", x) for x in spec.get("ports", ())):
            raise BadCheck("check 'compose_services': ports are 'host:container'")
        if not all(":" in x for x in spec.get("volumes", ())):
            raise BadCheck("check 'compose_services': volumes are 'source:target'")
    return specs


def _image(s) -> str:
    return str(s).strip().lower().removeprefix("docker.io/").removeprefix("library/")


def _port(entry) -> tuple[str, str, str] | None:
    if isinstance(entry, dict):
        proto = str(entry.get("protocol", "tcp")).lower()
        return str(entry.get("published", "")).strip(), str(entry.get("target", "")).strip(), proto
    if not isinstance(entry, str):
        return None
    body, _, proto = entry.strip().partition("/")
    parts = body.split(":")
    return (parts[-2], parts[-1], (proto or "tcp").lower()) if len(parts) >= 2 else None


def _volume(entry) -> tuple[str, str] | None:
    if isinstance(entry, dict):
        return str(entry.get("source", "")).strip(), str(entry.get("target", "")).strip().rstrip("/")
    if not isinstance(entry, str):
        return None
    parts = entry.strip().split(":")
    return (parts[0], parts[1].rstrip("/")) if len(parts) >= 2 else ("", parts[0].rstrip("/"))


def _compose_ok(doc, specs: dict) -> bool:
    services = doc.get("services") if isinstance(doc, dict) else None
    if not isinstance(services, dict):
        return False
    declared = doc.get("volumes") if isinstance(doc.get("volumes"), dict) else {}
    for name, spec in specs.items():
        got = services.get(name)
        if not isinstance(got, dict):
            return False
        if "image" in spec and _image(got.get("image", "")) != _image(spec["image"]):
            return False
        ports = {_port(x) for x in _as_list(got.get("ports"))}
        vols = {_volume(x) for x in _as_list(got.get("volumes"))} - {None}
        deps = got.get("depends_on")
        deps = {str(d) for d in deps} if isinstance(deps, (list, dict)) else set()
        if (
            not all(_port(x) in ports for x in spec.get("ports", ()))
            or not set(spec.get("depends_on", ())) <= deps
        ):
            return False
        if not all(_volume(x) in vols for x in spec.get("volumes", ())):
            return False
        if any(s and not s.startswith(("/", ".", "~", "$")) and s not in declared for s, _ in vols):
            return False  # a named volume nobody declared: compose refuses the file
    return True


def compose_services(c: dict, text: str) -> bool:
    """A docker-compose file: a YAML document (a code block's, else the answer's) whose `services`
    hold each service of `services` (name -> {image, ports ["host:container"], volumes
    ["source:target"], depends_on [names]}) with those settings among its own (short or long
    syntax; docker.io/library/ aside), every named volume it mounts declared in the top-level
    volumes."""
    p = _params(c, {"services": dict})
    specs = _services(c, p["services"])
    return bool(words(text)) and any(_compose_ok(doc, specs) for doc in _yaml_docs(text))


# ------------------------------------------------------------------ GitHub Actions

_RUNNERS = re.compile(r"^(?:python3?\s+-m|py\s+-m|uv\s+run|poetry\s+run|pipenv\s+run)\s+")


def _commands(run) -> list[str]:
    out = []
    for part in re.split(r"\n|&&|;", str(run)):
        cmd = _RUNNERS.sub("", " ".join(part.split()))
        cmd = re.sub(r"^npm run (test|start)\b", r"npm \1", cmd)
        if cmd:
            out.append(cmd)
    return out


def _in_order(found: list[list[str]], want: list[str], same) -> bool:
    """Each of `want` matched (by same(item, wanted)) in turn, later in `found` than the one before."""
    at = (-1, -1)
    for w in want:
        hits = [
            (i, j) for i, items in enumerate(found) for j, x in enumerate(items) if same(x, w) and (i, j) > at
        ]
        if not hits:
            return False
        at = hits[0]
    return True


def _workflow_ok(doc, p: dict) -> bool:
    if not isinstance(doc, dict) or not isinstance(doc.get("jobs"), dict):
        return False
    on = doc.get("on")
    events = {on} if isinstance(on, str) else set(on) if isinstance(on, (list, dict)) else set()
    if not {e.strip() for e in p["events"]} <= events:
        return False
    for event, branches in p.get("branches", {}).items():
        got = on.get(event) if isinstance(on, dict) else None
        have = got.get("branches") if isinstance(got, dict) else None
        have = [have] if isinstance(have, str) else _as_list(have)
        if not set(branches) <= set(have):
            return False
    for job in doc["jobs"].values():
        if not isinstance(job, dict):
            continue
        runs_on = job.get("runs-on")
        if "runs_on" in p and p["runs_on"].strip() not in (
            [runs_on] if isinstance(runs_on, str) else _as_list(runs_on)
        ):
            continue
        steps = [s for s in _as_list(job.get("steps")) if isinstance(s, dict)]
        uses = [[str(s.get("uses", "")).split("@")[0].strip().lower()] for s in steps]
        if not _in_order(uses, [u.lower() for u in p.get("uses", ())], str.__eq__):
            continue
        runs = [_commands(s.get("run", "")) for s in steps]
        if not _in_order(
            runs, [" ".join(r.split()) for r in p.get("run", ())], lambda x, w: (x + " ").startswith(w + " ")
        ):
            continue
        ok = True
        for action, inputs in p.get("with", {}).items():
            given = [
                s.get("with")
                for s in steps
                if str(s.get("uses", "")).split("@")[0].strip().lower() == action.lower()
            ]
            ok &= any(
                isinstance(g, dict)
                and all(str(g.get(k, "")).strip() in v.split("|") for k, v in inputs.items())
                for g in given
            )
        if ok:
            return True
    return False


def actions_workflow(c: dict, text: str) -> bool:
    """A GitHub Actions workflow: a YAML document whose `on` names each event of `events` (with the
    branches of `branches`, event -> [branch], in that event's branches filter) and a job (on
    `runs_on` where given) whose steps use the actions of `uses` (any @version) in that order, give
    the inputs of `with` (action -> {input: value, "a|b" for either}) and run the commands of `run`
    in that order (a line or &&-part of a run step starting with it; "python -m", "npm run test" and
    the like read as the plain command)."""
    p = _params(
        c, {"events": list}, {"branches": dict, "runs_on": str, "uses": list, "run": list, "with": dict}
    )
    for event, branches in p.get("branches", {}).items():
        _strings(c, branches, f"branches of {event}")
    for inputs in p.get("with", {}).values():
        if not isinstance(inputs, dict) or not inputs or not all(isinstance(v, str) for v in inputs.values()):
            raise BadCheck("check 'actions_workflow': with maps an action to {input: value}")
    return bool(words(text)) and any(_workflow_ok(doc, p) for doc in _yaml_docs(text))


# ------------------------------------------------------------------ shell aliases and fstab

_ALIAS = re.compile(r"""^\s*alias\s+([^\s=]+)=(?:'([^']*)'|"((?:\\.|[^"\\])*)"|([^\s;#]+))""")


def shell_aliases(c: dict, text: str) -> bool:
    """Shell aliases (bash / zsh): for each name of `aliases` (name -> command), the last line
    `alias name='command'` (or "command", or one unquoted word) defines it as that command
    (spacing aside)."""
    p = _params(c, {"aliases": dict})
    if not p["aliases"] or not all(
        str(k).strip() and isinstance(v, str) and v.strip() for k, v in p["aliases"].items()
    ):
        raise BadCheck("check 'shell_aliases': aliases maps a name to a command")
    got = {}
    for ln in text.replace("`", "\n").splitlines():
        m = _ALIAS.match(ln)
        if m:
            value = (
                m.group(2) if m.group(2) is not None else m.group(3) if m.group(3) is not None else m.group(4)
            )
            got[m.group(1)] = " ".join(value.replace('\\"', '"').split())
    return bool(words(text)) and all(
        got.get(k.strip()) == " ".join(v.split()) for k, v in p["aliases"].items()
    )


_FSTAB = {"device": str, "type": str, "options": list, "dump": int, "pass": int}


def _device(s: str) -> str:
    s = s.strip()
    m = re.fullmatch(r"(?i)(?:uuid=|/dev/disk/by-uuid/)\"?([0-9a-f-]+)\"?", s)
    return f"UUID={m.group(1).lower()}" if m else s


def fstab_entries(c: dict, text: str) -> bool:
    """/etc/fstab lines: for each mount point of `mounts` (mount point -> {device, type, options
    [that must be among the line's], dump, pass}), every line mounting there (4 to 6 fields,
    comments aside) has that device (UUID=x, UUID="x" and /dev/disk/by-uuid/x alike, any case),
    type, options and dump / pass numbers (0 when left out), and there is one."""
    p = _params(c, {"mounts": dict})
    if not p["mounts"]:
        raise BadCheck("check 'fstab_entries': mounts maps a mount point to its settings")
    for point, spec in p["mounts"].items():
        if (
            not str(point).startswith("/")
            or not isinstance(spec, dict)
            or "device" not in spec
            or set(spec) - set(_FSTAB)
        ):
            raise BadCheck("check 'fstab_entries': a mount point starts with / and names its device")
        for k, v in spec.items():
            if k == "options":
                _strings(c, v, "options")
            elif (
                isinstance(v, bool) or not isinstance(v, _FSTAB[k]) or (isinstance(v, str) and not v.strip())
            ):
                raise BadCheck(f"check 'fstab_entries': {k} has the wrong type")
    found: dict[str, list[list[str]]] = {}
    for ln in text.replace("`", " ").splitlines():
        f = ln.split("#", 1)[0].split()
        if 4 <= len(f) <= 6 and all(x.isdigit() for x in f[4:]):
            found.setdefault(f[1].rstrip("/") or "/", []).append(f)
    if not words(text):
        return False
    for point, spec in p["mounts"].items():
        lines = found.get(point.rstrip("/") or "/", [])
        for f in lines:
            nums = [int(x) for x in f[4:]] + [0] * (6 - len(f))
            if _device(f[0]) != _device(spec["device"]) or f[2] != spec.get("type", f[2]):
                return False
            if not set(spec.get("options", ())) <= set(f[3].split(",")):
                return False
            if nums != [spec.get("dump", nums[0]), spec.get("pass", nums[1])]:
                return False
        if not lines:
            return False
    return True


# ------------------------------------------------------------------ an RSS feed


def rss_items(c: dict, text: str) -> bool:
    """An RSS 2.0 feed: XML (a code block's, else the answer's from <?xml or <rss on) whose root is
    <rss version="2.0"> with one <channel> that has a link, a description and the title `title`
    (any case), and whose <item>s have the titles of `items` (any order and case), each with a link
    and an RFC 822 pubDate (its weekday, if written, right), on the dates of `dates` (YYYY-MM-DD, in
    the order of `items`) where given."""
    p = _params(c, {"title": str, "items": list}, {"dates": list})
    try:
        dates = [date.fromisoformat(d.strip()) for d in p.get("dates", ())]
    except ValueError:
        raise BadCheck("check 'rss_items': dates are YYYY-MM-DD") from None
    if dates and len(dates) != len(p["items"]):
        raise BadCheck("check 'rss_items': one date per item")
    if not words(text):
        return False
    sources = [b for b in _fenced(text) if "<rss" in b]
    if not sources:
        starts = [i for i in (text.find("<?xml"), text.find("<rss")) if i >= 0]
        sources = [text[min(starts) :]] if starts else []
    for source in sources:
        end = source.find("</rss>")
        try:
            root = ElementTree.fromstring((source[: end + 6] if end >= 0 else source).strip())
        except Exception:  # any parse failure (defusedxml raises kinds of its own) is no feed
            continue
        channels = root.findall("channel")
        if root.tag != "rss" or root.get("version") != "2.0" or len(channels) != 1:
            continue
        ch = channels[0]
        if (
            _norm(ch.findtext("title")) != _norm(p["title"])
            or not _norm(ch.findtext("link"))
            or ch.find("description") is None
        ):
            continue
        items = {_norm(i.findtext("title")): i for i in ch.findall("item")}
        if sorted(items) != sorted(_norm(t) for t in p["items"]) or len(items) != len(ch.findall("item")):
            continue
        ok = True
        for k, title in enumerate(p["items"]):
            item = items[_norm(title)]
            stamp = (item.findtext("pubDate") or "").strip()
            try:
                when = parsedate_to_datetime(stamp)
            except (TypeError, ValueError, IndexError):
                ok = False
                break
            day = re.match(r"(Mon|Tue|Wed|Thu|Fri|Sat|Sun),", stamp)
            ok &= bool(_norm(item.findtext("link"))) and (not day or day.group(1) == when.strftime("%a"))
            ok &= not dates or when.date() == dates[k]
        if ok:
            return True
    return False


# ------------------------------------------------------------------ a Google-style docstring

_SECTIONS = {"args": "args", "arguments": "args", "returns": "returns", "return": "returns",
             "yields": "yields", "raises": "raises", "example": "examples", "examples": "examples",
             "note": "note", "notes": "note", "attributes": "attributes"}  # fmt: skip


def _doc_sections(doc: str) -> dict[str, list[str]] | None:
    """A Google-style docstring's sections (name -> body lines), None if it opens with one."""
    out: dict[str, list[str]] = {}
    current, first = None, True
    for ln in doc.splitlines():
        head = re.fullmatch(r"(\w+):\s*", ln)
        if head and head.group(1).lower() in _SECTIONS:
            if first:
                return None
            current = out.setdefault(_SECTIONS[head.group(1).lower()], [])
        elif ln.strip() and not ln[:1].isspace():
            first, current = False, None
        elif current is not None and ln.strip():
            current.append(ln)
    return out


def _listed(found: dict[str, list[str]], section: str, name: str) -> bool:
    rx = rf"\s+\*{{0,2}}{re.escape(name)}\s*(?:\([^)]*\))?\s*:"
    return any(re.match(rx, ln) for ln in found.get(section, ()))


def google_docstring(c: dict, text: str) -> bool:
    """A Google-style docstring: Python code (a code block's, else the answer's) defining
    `function` with the arguments of `args`, whose docstring opens with a summary and has the
    sections of `sections` (default Args and Returns), Args listing each of `args` ("name:" or
    "name (type):") and Raises each of `raises` ("ValueError: ...")."""
    p = _params(c, {"function": str}, {"args": list, "sections": list, "raises": list})
    sections = [s.strip().lower() for s in p.get("sections", ["Args", "Returns"])]
    if not all(s in _SECTIONS for s in sections):
        raise BadCheck(f"check 'google_docstring': sections are among {sorted(_SECTIONS)}")
    if not words(text):
        return False
    for source in _fenced(text) or [text]:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError, RecursionError):
            continue
        for node in ast.walk(tree):
            if (
                not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                or node.name != p["function"].strip()
            ):
                continue
            a = node.args
            names = {x.arg for x in a.posonlyargs + a.args + a.kwonlyargs}
            doc = ast.get_docstring(node)
            found = _doc_sections(doc) if doc else None
            if found is None or not set(p.get("args", ())) <= names:
                continue
            if not all(found.get(_SECTIONS[s]) for s in sections):
                continue
            if all(_listed(found, "args", x) for x in p.get("args", ())) and all(
                _listed(found, "raises", x) for x in p.get("raises", ())
            ):
                return True
    return False


# ------------------------------------------------------------------ a Mermaid gantt chart


def _mermaid(text: str, header: str) -> list[list[str]]:
    """The lines of each Mermaid diagram opening with `header` (to the end of its code block)."""
    out, block = [], None
    for ln in text.splitlines():
        s = ln.strip()
        if block is None and re.match(rf"{header}\b", s):
            block = [s]
            out.append(block)
        elif block is not None and s.startswith("```"):
            block = None
        elif block is not None and s and not s.startswith("%%"):
            block.append(s)
    return out


def _gantt(block: list[str]) -> dict[str, tuple[date, date]] | None:
    """A gantt block's tasks: name -> (start, end), or None where it cannot be read as calendar days."""
    tasks, ids, prev_end = {}, {}, None
    for ln in block[1:]:
        key = ln.split(None, 1)[0].lower()
        if (
            key == "dateformat"
            and ln.split(None, 1)[1:] != ["YYYY-MM-DD"]
            or key in ("excludes", "inclusiveenddates")
        ):
            return None
        if key in ("dateformat", "title", "section", "axisformat", "tickinterval", "todaymarker", "weekday",
                   "displaymode", "acctitle", "accdescr", "includes", "weekend"):  # fmt: skip
            continue
        if ":" not in ln:
            return None
        name, meta = ln.split(":", 1)
        items = [
            x.strip()
            for x in meta.split(",")
            if x.strip().lower() not in ("crit", "done", "active", "milestone")
        ]
        if not 1 <= len(items) <= 3:
            return None
        tid = items[0] if len(items) == 3 else None
        start_s = items[-2] if len(items) >= 2 else None
        if start_s is None:
            start = prev_end
        elif start_s.lower().startswith("after "):
            ends = [ids.get(x) for x in start_s.split()[1:]]
            start = max(e[1] for e in ends) if ends and None not in ends else None
        else:
            start = _iso(start_s)
        end_s = items[-1]
        dur = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([dwh])", end_s)
        if start is None:
            return None
        if dur:
            end = start + timedelta(days=float(dur.group(1)) * {"d": 1, "w": 7, "h": 1 / 24}[dur.group(2)])
        elif end_s.lower().startswith("until ") and end_s.split()[1] in ids:
            end = ids[end_s.split()[1]][0]
        else:
            end = _iso(end_s)
        if end is None:
            return None
        tasks.setdefault(" ".join(name.split()).lower(), (start, end))
        if tid:
            ids[tid] = (start, end)
        prev_end = end
    return tasks


def _iso(s: str) -> datetime | None:
    try:
        return datetime.combine(date.fromisoformat(s.strip()), datetime.min.time())
    except ValueError:
        return None


def mermaid_gantt(c: dict, text: str) -> bool:
    """A Mermaid gantt chart in calendar days (dateFormat YYYY-MM-DD, no excludes): for each task
    of `tasks` (name -> [start YYYY-MM-DD, days]), the one task whose name is it (or holds it as
    whole words; any case) starts that day and lasts that many days, however its start is written
    (a date, "after id ...", or after the task before) and its end (a date, or a length in d, w or h)."""
    _params({k: v for k, v in c.items() if k != "tasks"}, {})
    want = c.get("tasks")
    if not isinstance(want, dict) or not want:
        raise BadCheck("check 'mermaid_gantt': tasks maps a name to [start, days]")
    for name, spec in want.items():
        ok = isinstance(spec, list) and len(spec) == 2 and isinstance(spec[0], str) and _iso(spec[0])
        if (
            not ok
            or isinstance(spec[1], bool)
            or not isinstance(spec[1], int)
            or spec[1] < 1
            or not str(name).strip()
        ):
            raise BadCheck("check 'mermaid_gantt': tasks maps a name to [start YYYY-MM-DD, days]")
    for block in _mermaid(text, "gantt") if words(text) else []:
        tasks = _gantt(block)
        if not tasks:
            continue
        ok = True
        for name, (start, days) in want.items():
            key = " ".join(name.split()).lower()
            hits = [v for k, v in tasks.items() if k == key] or [
                v for k, v in tasks.items() if re.search(rf"\b{re.escape(key)}\b", k)
            ]
            ok &= len(hits) == 1 and hits[0] == (_iso(start), _iso(start) + timedelta(days=days))
        if ok:
            return True
    return False
