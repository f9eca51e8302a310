"""The file and code formats among the check kinds added to the generic scorer for the test10 rows
(tasks/generic/test10_kinds.py has the rest and TEST10_CHECKS): a calendar file, a contact card,
crontab lines, a Dockerfile, TOML, XML, a Mermaid flowchart, type hints, code line length, a
script's shebang and tab-separated rows, on the terms of the scorer's own kinds: bad parameters
raise BadCheck whatever the text, and an answer with no word meets none. Kept apart so that no
module passes 550 lines; test10_kinds imports them."""

from __future__ import annotations

import ast
import configparser
import re
import xml.etree.ElementTree as ET

from selfrefine.tasks.generic.scorer import BadCheck, _params, _positive, words
from selfrefine.tasks.generic.test9_kinds2 import _FENCE, _counted, _min, _sources

_BLOCK = re.compile(r"```([^\n`]*)\n(.*?)```", re.S)


def _blocks_or_text(text: str) -> list[str]:
    """The answer's fenced code blocks where it has any, else the whole answer."""
    return _FENCE.findall(text) or [text]


# ------------------------------------------------------------------ calendar and contact files


def _props(lines: list[str]) -> list[tuple[str, str]]:
    """(NAME, value) of each "NAME;params:value" line, the name in capitals."""
    out = []
    for ln in lines:
        m = re.match(r"^([A-Za-z][A-Za-z0-9-]*)((?:;[^:\n]*)?):(.*)$", ln.strip())
        if m:
            out.append((m.group(1).upper(), m.group(3).strip()))
    return out


def _objects(source: str, kind: str) -> list[list[str]] | None:
    """The lines inside each BEGIN:kind ... END:kind of `source` (any case), None when a BEGIN /
    END is out of balance."""
    found, current = [], None
    for ln in source.splitlines():
        s = ln.strip().upper()
        if s == f"BEGIN:{kind}":
            if current is not None:
                return None
            current = []
        elif s == f"END:{kind}":
            if current is None:
                return None
            found.append(current)
            current = None
        elif current is not None:
            current.append(ln)
    return None if current is not None else found


_ICS_TIME = re.compile(r"^(\d{8})(?:T(\d{6})Z?)?$")


def ics_event(c: dict, text: str) -> bool:
    """An iCalendar (.ics) file, in a code block or as the whole answer: BEGIN:VCALENDAR ...
    END:VCALENDAR holding at least `min` (default 1) VEVENTs, each with a SUMMARY and a DTSTART
    written YYYYMMDD or YYYYMMDDTHHMMSS (Z or a TZID aside), and a DTEND, if any, of the same form
    and not before it; with `dates` ("YYYYMMDD"), the events start on exactly those days."""
    p = _params(c, {}, {"min": int, "dates": list})
    need = _min(c, p)
    want = sorted(d.strip() for d in p.get("dates", ()))
    if any(not re.fullmatch(r"\d{8}", d) for d in want):
        raise BadCheck("check 'ics_event': dates are written YYYYMMDD")
    if not words(text):
        return False
    for source in _blocks_or_text(text):
        cals = _objects(source, "VCALENDAR")
        events = _objects(source, "VEVENT")
        if not cals or len(cals) != 1 or events is None or len(events) < need:
            continue
        starts, ok = [], True
        for ev in events:
            props = dict(_props(ev))
            start = _ICS_TIME.match(props.get("DTSTART", ""))
            end = props.get("DTEND")
            if not start or not words(props.get("SUMMARY", "")):
                ok = False
            elif end is not None and (
                not _ICS_TIME.match(end) or len(end.rstrip("Z")) != len(props["DTSTART"].rstrip("Z"))
                or end.rstrip("Z") < props["DTSTART"].rstrip("Z")
            ):  # fmt: skip
                ok = False
            else:
                starts.append(start.group(1))
        if ok and (not want or sorted(starts) == want):
            return True
    return False


def vcard(c: dict, text: str) -> bool:
    """A vCard, in a code block or as the whole answer: BEGIN:VCARD, a VERSION line (2.1, 3.0 or
    4.0), END:VCARD, and each property of `fields` (FN, TEL, EMAIL ...; any case, parameters such
    as TEL;TYPE=cell aside) with a value."""
    p = _params(c, {"fields": list})
    if not words(text):
        return False
    for source in _blocks_or_text(text):
        cards = _objects(source, "VCARD")
        if not cards or len(cards) != 1:
            continue
        props = _props(cards[0])
        have = {name for name, value in props if value}
        versions = [value for name, value in props if name == "VERSION"]
        if versions in (["2.1"], ["3.0"], ["4.0"]) and all(f.strip().upper() in have for f in p["fields"]):
            return True
    return False


# ------------------------------------------------------------------ crontab

_CRON_FIELDS = [(0, 59, {}), (0, 23, {}), (1, 31, {}), (1, 12, {}), (0, 7, {})]
_MONTH_NAMES = "jan feb mar apr may jun jul aug sep oct nov dec".split()
_DAY_NAMES = "sun mon tue wed thu fri sat".split()
_CRON_FIELDS[3][2].update({n: i for i, n in enumerate(_MONTH_NAMES, 1)})
_CRON_FIELDS[4][2].update({n: i for i, n in enumerate(_DAY_NAMES)})
_MACROS = {
    "@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *", "@weekly": "0 0 * * 0",
    "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *",
}  # fmt: skip


def _cron_field(field: str, lo: int, hi: int, names: dict) -> frozenset | None:
    """The values a crontab field stands for, None if it is not one."""
    out = set()
    for part in field.lower().split(","):
        m = re.fullmatch(r"(\*|[a-z0-9]+)(?:-([a-z0-9]+))?(?:/(\d+))?", part)
        if not m:
            return None
        a, b, step = m.groups()

        def value(s):
            v = names.get(s, int(s) if s.isdigit() else None)
            return v if v is not None and lo <= v <= hi else None

        if a == "*":
            if b:
                return None
            first, last = lo, hi
        else:
            first = value(a)
            last = value(b) if b else (hi if step else first)
            if first is None or last is None or first > last:
                return None
        n = int(step) if step else 1
        if n < 1:
            return None
        out.update(range(first, last + 1, n))
    if hi == 7:
        out = {v % 7 for v in out}
    return frozenset(out)


def _cron(schedule: str) -> tuple | None:
    """A schedule's meaning: each field's values, and whether day-of-month and day-of-week are *."""
    schedule = _MACROS.get(schedule.strip().lower(), schedule)
    fields = schedule.split()
    if len(fields) != 5:
        return None
    sets = [_cron_field(f, lo, hi, names) for f, (lo, hi, names) in zip(fields, _CRON_FIELDS)]
    if None in sets:
        return None
    return (*sets, fields[2].startswith("*"), fields[4].startswith("*"))


def crontab(c: dict, text: str) -> bool:
    """Crontab entries: in one code block (else the whole answer), every line that is not blank, a
    # comment or a VAR=value setting is five schedule fields (numbers, *, ranges, lists, steps,
    month and day names) or an @daily-style macro, then a command; at least `min` (default 1) of
    them, and each of `schedules` ("30 7 * * 1-5") is the schedule of one of them (compared by the
    times it stands for, so MON-FRI is 1-5)."""
    p = _params(c, {}, {"min": int, "schedules": list})
    need = _min(c, p)
    want = [_cron(s) for s in p.get("schedules", ())]
    if None in want:
        raise BadCheck("check 'crontab': a schedule is not five crontab fields")
    if not words(text):
        return False
    for source in _sources(text):
        entries, ok = [], True
        for ln in source:
            if ln.startswith("#") or re.match(r"^[A-Za-z_][A-Za-z0-9_]*\s*=", ln):
                continue
            parts = ln.split()
            if parts[0].startswith("@"):
                sched, command = parts[0], parts[1:]
                meaning = _cron(sched) if sched.lower() != "@reboot" else ()
            else:
                sched, command = " ".join(parts[:5]), parts[5:]
                meaning = _cron(sched)
            if meaning is None or not command:
                ok = False
                break
            entries.append(meaning)
        if ok and len(entries) >= need and all(w in entries for w in want):
            return True
    return False


# ------------------------------------------------------------------ Dockerfile, INI, XML

_DOCKER = (
    "FROM RUN CMD LABEL MAINTAINER EXPOSE ENV ADD COPY ENTRYPOINT VOLUME USER WORKDIR ARG ONBUILD "
    "STOPSIGNAL HEALTHCHECK SHELL"
).split()


def dockerfile(c: dict, text: str) -> bool:
    """A Dockerfile, in one code block (else the whole answer): every line that is not blank, a #
    comment or the continuation of a line ending in \\ opens with an instruction in capitals
    (FROM, RUN, COPY ...), the first one FROM (ARG lines may come before it), and each of `needs`
    is used; with `base`, the first FROM's image name starts with it (any case)."""
    p = _params(c, {}, {"base": str, "needs": list})
    needs = [n.strip() for n in p.get("needs", ())]
    if any(n not in _DOCKER for n in needs):
        raise BadCheck(f"check 'dockerfile': {needs} are not all Dockerfile instructions")
    if not words(text):
        return False
    for source in _blocks_or_text(text):
        used, go_on, ok = [], False, True
        for raw in source.splitlines():
            ln = raw.strip()
            if go_on:
                go_on = ln.endswith("\\")
                continue
            if not ln or ln.startswith("#"):
                continue
            word = ln.split()[0]
            if word not in _DOCKER:
                ok = False
                break
            used.append((word, ln))
            go_on = ln.endswith("\\")
        head = [w for w, _ in used if w != "ARG"]
        if not ok or not head or head[0] != "FROM" or any(n not in head for n in needs):
            continue
        if "base" in p:
            image = next(ln for w, ln in used if w == "FROM").split()[1:]
            image = [x for x in image if not x.startswith("--")]
            if not image or not image[0].lower().startswith(p["base"].strip().lower()):
                continue
        return True
    return False


def ini_config(c: dict, text: str) -> bool:
    """An INI file: one code block (else the whole answer) reads as [section] headers and
    key = value (or key: value) lines, no key set twice, and has each of `keys`, written
    "section.key" (any case), with a value."""
    p = _params(c, {"keys": list})
    want = []
    for key in p["keys"]:
        section, dot, name = key.strip().rpartition(".")
        if not dot or not section.strip() or not name.strip():
            raise BadCheck(f"check 'ini_config': {key!r} is not section.key")
        want.append((section.strip(), name.strip().lower()))
    if not words(text):
        return False
    for source in _blocks_or_text(text):
        parser = configparser.ConfigParser(interpolation=None)
        try:
            parser.read_string(source)
        except configparser.Error:
            continue
        lower = {s.lower(): s for s in parser.sections()}
        if all(s.lower() in lower and parser.get(lower[s.lower()], k, fallback="").strip() for s, k in want):
            return True
    return False


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def xml_document(c: dict, text: str) -> bool:
    """A well-formed XML document, in a code block or as the whole answer, whose root element is
    `root` (a namespace aside); with `child`, at least `min` (default 1) elements of that name right
    under the root, and with `each`, every one of them holds an element `each` with text."""
    p = _params(c, {"root": str}, {"child": str, "min": int, "each": str})
    need = _min(c, p)
    if "each" in p and "child" not in p:
        raise BadCheck("check 'xml_document': each needs child")
    if not words(text):
        return False
    for source in _blocks_or_text(text):
        try:
            root = ET.fromstring(source.strip())
        except ET.ParseError:
            continue
        if _local(root.tag) != p["root"].strip():
            continue
        if "child" not in p:
            return True
        kids = [k for k in root if _local(k.tag) == p["child"].strip()]
        if len(kids) < need:
            continue
        if "each" in p and not all(
            any(_local(g.tag) == p["each"].strip() and (g.text or "").strip() for g in k) for k in kids
        ):
            continue
        return True
    return False


# ------------------------------------------------------------------ diagrams and code


def mermaid_flowchart(c: dict, text: str) -> bool:
    """A Mermaid flowchart in a ```mermaid code block: its first line is "flowchart" or "graph"
    (a direction such as TD or LR after it), with at least `min` (default 1) links (-->, ---, ==>,
    -.->, with or without a label) and at least `decisions` (default 0) decision nodes {like this}."""
    p = _params(c, {}, {"min": int, "decisions": int})
    need, choices = _min(c, p), p.get("decisions", 0)
    for lang, body in _BLOCK.findall(text):
        found = [ln.strip() for ln in body.splitlines() if ln.strip() and not ln.strip().startswith("%%")]
        if lang.strip().lower() != "mermaid" or not found:
            continue
        if not re.fullmatch(r"(?:flowchart|graph)(?:\s+(?:TD|TB|BT|LR|RL))?;?", found[0], re.I):
            continue
        links = sum(len(re.findall(r"-->|==>|-\.+->|---", ln)) for ln in found[1:])
        diamonds = sum(len(re.findall(r"\w\{[^{}]*\w[^{}]*\}", ln)) for ln in found[1:])
        if links >= need and diamonds >= choices and words(body):
            return True
    return False


def _python_sources(text: str) -> list[str]:
    """The answer's ```python (or ```py) blocks, else its unlabelled blocks."""
    found = _BLOCK.findall(text)
    py = [b for lang, b in found if lang.strip().lower() in ("python", "py", "python3")]
    return py or [b for lang, b in found if not lang.strip()]


def type_hints(c: dict, text: str) -> bool:
    """Python with type hints: the answer's python code blocks parse, and hold at least `min`
    (default 1) functions, every one with a return annotation and an annotation on each parameter
    (*args and **kwargs too; a method's self or cls aside)."""
    p = _params(c, {}, {"min": int})
    need, count = _min(c, p), 0
    sources = _python_sources(text)
    if not sources or not words(text):
        return False
    for source in sources:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            return False
        methods = {
            id(f) for cls in ast.walk(tree) if isinstance(cls, ast.ClassDef) for f in cls.body
        }  # fmt: skip
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            a = fn.args
            params = [*a.posonlyargs, *a.args, *a.kwonlyargs, *(x for x in (a.vararg, a.kwarg) if x)]
            if (
                id(fn) in methods
                and a.posonlyargs + a.args
                and (a.posonlyargs + a.args)[0].arg in ("self", "cls")
            ):
                params.remove((a.posonlyargs + a.args)[0])
            if fn.returns is None or any(x.annotation is None for x in params):
                return False
            count += 1
    return count >= need


def code_line_length(c: dict, text: str) -> bool:
    """The answer has a code block with a line in it, and no line in its code blocks is longer than
    `max` characters (trailing spaces aside)."""
    p = _params(c, {"max": int})
    most = _positive(c, p, "max")
    found = "\n".join(_FENCE.findall(text)).splitlines()
    return any(ln.strip() for ln in found) and all(len(ln.rstrip()) <= most for ln in found)


def shebang_line(c: dict, text: str) -> bool:
    """A script that opens with a shebang: the first line of the first code block (else of the
    answer) is "#!" and an interpreter path, and more lines follow; with `shell` (bash, sh, zsh,
    python3 ...) the interpreter is it, as /bin/bash, /usr/bin/bash or /usr/bin/env bash."""
    p = _params(c, {}, {"shell": str})
    blocks = _FENCE.findall(text)
    found = [ln for ln in (blocks[0] if blocks else text.strip()).splitlines() if ln.strip()]
    if len(found) < 2 or not words("\n".join(found[1:])):
        return False
    m = re.fullmatch(r"#!\s*(/\S+)(?:\s+(\S+))?(?:\s+\S+)*", found[0].strip())
    if not m:
        return False
    if "shell" not in p:
        return True
    shell = p["shell"].strip()
    name = m.group(2) if m.group(1).endswith("/env") else m.group(1).rsplit("/", 1)[-1]
    return name == shell


def tsv_rows(c: dict, text: str) -> bool:
    """Tab-separated rows: in one code block (else the whole answer), the first non-blank line is
    `header` (fields split by tabs, any case) and every other non-blank line has exactly as many
    tab-separated fields, none of them blank: `n`, or `min` (default 1) to `max`, such rows."""
    p = _params(c, {"header": list}, {"n": int, "min": int, "max": int})
    lo, hi = _counted(c, p)
    head = [h.strip().lower() for h in p["header"]]
    for block in _blocks_or_text(text):
        found = [ln.strip(" \r") for ln in block.splitlines() if ln.strip()]
        if not found or [x.strip().lower() for x in found[0].split("\t")] != head:
            continue
        rows = [ln.split("\t") for ln in found[1:]]
        if all(len(r) == len(head) and all(x.strip() for x in r) for r in rows) and lo <= len(rows) <= hi:
            return True
    return False
