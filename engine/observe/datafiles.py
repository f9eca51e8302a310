"""Data and config files a request names (YAML, TOML, XML, CSV, tab-separated rows, an iCalendar
event, a vCard, crontab entries), each read by that format's own parser: PyYAML, tomllib,
defusedxml, csv, icalendar, croniter. A text the parser refuses is a fault carrying the parser's
own words; one it reads is a fact saying what it found (root element, rows and columns, events).

The file is the answer's fenced block tagged with the format, else its one untagged block, else the
whole answer. These checks hold for requests for code too: an .ics file is asked "in a code block".
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from html.parser import HTMLParser

import tomllib
import yaml
from defusedxml import ElementTree

from selfrefine.engine.observe.facts import BLOCKS, Fact
from selfrefine.engine.observe.text import Check

_ASK = r"(?:in|as|into|to)\s+(?:(?:an?|valid|proper|plain|strict|well-formed)\s+)*"
_FILE = r"(?:file|format|document|config(?:uration)?|snippet|block|output|entr(?:y|ies)|lines?|text)"


def _asked(names: str, file_words: bool = True) -> re.Pattern:
    """The format named as the answer's form: "as YAML", "a .toml file", "the YAML config"."""
    tail = rf"\s+{_FILE}\b" if file_words else ""
    return re.compile(
        rf"\b{_ASK}(?:{names})\b(?!\s+(?:parser|library|module|schema|spec)s?\b)|"
        rf"(?<![\w.])(?:{names}){tail}|(?<![\w/])[\w-]*\.(?:{names})\b",
        re.I,
    )


def _files(answer: str, langs: tuple[str, ...]) -> list[str]:
    """The answer's blocks tagged with one of `langs`; else its untagged ones; else the answer."""
    blocks = BLOCKS.findall(answer)
    tagged = [body for lang, body in blocks if lang.lower().lstrip(".") in langs]
    if tagged:
        return tagged
    bare = [body for lang, body in blocks if not lang or lang.lower() in ("text", "txt", "plaintext")]
    return bare or ([answer.strip()] if not blocks else [])


def _short(msg: object) -> str:
    return " ".join(str(msg).split())[:160]


def _fact(name: str, found: str, why: str | None, asked: str) -> list[Fact]:
    if why is None:
        return [Fact(f"{name}: parses ({found})")]
    return [Fact(f"{name}: {why} -- NOT MET", f"The request asks for {asked}; {why}.")]


def _yaml(text: str) -> tuple[str, str | None]:
    try:
        docs = [d for d in yaml.safe_load_all(text) if d is not None]
    except yaml.YAMLError as exc:
        return "", f"its YAML does not parse ({_short(exc)})"
    if not docs or not all(isinstance(d, dict | list) for d in docs):
        return "", "its YAML is no mapping or list (plain text parses as one string)"
    first = docs[0]
    if isinstance(first, dict):
        return f"keys {', '.join(map(str, list(first)[:8]))}", None
    return f"a list of {len(first)}", None


def _toml(text: str) -> tuple[str, str | None]:
    try:
        value = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return "", f"its TOML does not parse ({_short(exc)})"
    if not value:
        return "", "its TOML has no key"
    return f"keys {', '.join(list(value)[:8])}", None


def _xml(text: str) -> tuple[str, str | None]:
    try:
        root = ElementTree.fromstring(text.strip().encode("utf-8"))
    except Exception as exc:  # ParseError, or defusedxml refusing entities
        return "", f"its XML does not parse ({_short(exc)})"
    kids: dict[str, int] = {}
    for child in root:
        tag = child.tag.rsplit("}", 1)[-1]
        kids[tag] = kids.get(tag, 0) + 1
    inside = ", ".join(f"{n} <{t}>" for t, n in list(kids.items())[:5]) or "no children"
    return f"root <{root.tag.rsplit('}', 1)[-1]}> with {inside}", None


def _rows(text: str, sep: str) -> tuple[str, str | None]:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if sep == "\t" and lines and not any("\t" in ln for ln in lines):
        return "", f"none of its {len(lines)} lines has a tab between values"
    rows = list(csv.reader(io.StringIO("\n".join(lines)), delimiter=sep))
    if len(rows) < 2:
        return "", f"it has {len(rows)} row{'s' * (len(rows) != 1)}"
    width = len(rows[0])
    odd = [i + 1 for i, row in enumerate(rows) if len(row) != width]
    if width < 2:
        return "", "its header row has one column"
    if odd:
        rows_at = f"row{'s' * (len(odd) > 1)} {', '.join(map(str, odd[:6]))}"
        return "", f"its header has {width} columns and {rows_at} a different number"
    return f"a header of {width} columns and {len(rows) - 1} rows", None


def _tabbed(answer: str) -> str:
    """The answer with each block of comma-separated rows, all of one width, written with tabs."""

    def fix(m: re.Match) -> str:
        rows = list(csv.reader(io.StringIO(m[2]), skipinitialspace=True))
        rows = [r for r in rows if r]
        if len(rows) < 2 or len({len(r) for r in rows}) > 1 or len(rows[0]) < 2 or "\t" in m[2]:
            return m[0]
        body = "\n".join("\t".join(cell.strip() for cell in r) for r in rows)
        return f"{m[1]}{body}\n```"

    return re.sub(r"(```[^\n]*\n)(.*?)```", fix, answer, flags=re.S)


def _ics(text: str) -> tuple[str, str | None]:
    import icalendar  # imported here: parsing calendars is rare, the import is not free

    try:
        cal = icalendar.Calendar.from_ical(text.strip())
    except Exception as exc:
        return "", f"its iCalendar text does not parse ({_short(exc)})"
    events = [c for c in cal.walk() if c.name in ("VEVENT", "VTODO")]
    if cal.name != "VCALENDAR" or not events:
        return "", "it has no BEGIN:VCALENDAR ... END:VCALENDAR around a BEGIN:VEVENT ... END:VEVENT"
    for comp in cal.walk():
        for prop, why in getattr(comp, "errors", []):
            why = f"{_short(why)}; a date-time is written 20270309T143000"
            return "", f"its {prop} is not valid iCalendar ({why})"
    for ev in events:
        if "DTSTART" not in ev:
            return "", f"its {ev.name} has no DTSTART"
    return f"{len(events)} event{'s' * (len(events) > 1)}", None


_CONTENT_LINE = re.compile(r"^([A-Za-z][\w-]*)(?:;[^:]*)?:(.*)$")


def _vcard(text: str) -> tuple[str, str | None]:
    lines = [ln.strip() for ln in re.sub(r"\r?\n[ \t]", "", text.strip()).splitlines()]  # unfolded
    begin = next((i for i, ln in enumerate(lines) if ln.upper() == "BEGIN:VCARD"), None)
    end = next((i for i, ln in enumerate(lines) if ln.upper() == "END:VCARD"), None)
    if begin is None or end is None or end < begin:
        return "", "it is not one BEGIN:VCARD ... END:VCARD"
    card = [ln for ln in lines[begin + 1 : end] if ln]
    odd = next((ln for ln in card if not _CONTENT_LINE.match(ln)), None)
    if odd is not None:
        return "", f"its line '{odd[:60]}' is no property (NAME:value, e.g. EMAIL:ann@example.org)"
    names = [m[1].upper().split(".")[-1] for ln in card if (m := _CONTENT_LINE.match(ln))]
    props = names
    missing = [p for p in ("VERSION", "FN") if p not in props]
    if missing:
        return "", f"it has no {' or '.join(missing)} line, which every vCard needs (FN: the name as shown)"
    return "properties " + ", ".join(dict.fromkeys(props)), None


_VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
_OPTIONAL_END = frozenset("p li dt dd tr td th thead tbody tfoot option colgroup caption".split())


class _Tags(HTMLParser):
    """Open elements as the parser meets them; the first tag closed out of order; <img> without alt."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, int]] = []
        self.wrong: str | None = None
        self.images = self.no_alt = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            self.images += 1
            self.no_alt += not any(k == "alt" and (v or "").strip() for k, v in attrs)
        if tag not in _VOID:
            self.stack.append((tag, self.getpos()[0]))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack[-1][0] != tag and self.stack[-1][0] in _OPTIONAL_END:
            self.stack.pop()
        if self.stack and self.stack[-1][0] == tag:
            self.stack.pop()
        elif tag not in _VOID and self.wrong is None:
            line = self.getpos()[0]
            if any(t == tag for t, _ in self.stack):
                top, at = self.stack[-1]
                self.wrong = f"</{tag}> on line {line} comes before <{top}> of line {at} is closed"
            else:
                self.wrong = f"</{tag}> on line {line} closes no open <{tag}>"


def _html(text: str, alt: bool = False) -> tuple[str, str | None]:
    tags = _Tags()
    tags.feed(text)
    tags.close()
    left = [(t, line) for t, line in tags.stack if t not in _OPTIONAL_END]
    if tags.wrong:
        return "", f"in its HTML {tags.wrong}"
    if left:
        return "", f"in its HTML <{left[-1][0]}> opened on line {left[-1][1]} is never closed"
    if tags.images == 0 and not tags.stack and "<" not in text:
        return "", "it has no HTML tags"
    if alt and tags.no_alt:
        return "", f"{tags.no_alt} of its {tags.images} <img> tags have no alt text"
    return "tags closed in order" + (
        f", {tags.images} images with alt text" if alt and tags.images else ""
    ), None


_CRON_FIELDS = (
    ("minute", 0, 59),
    ("hour", 0, 23),
    ("day of month", 1, 31),
    ("month", 1, 12),
    ("day of week", 0, 7),
)
_NAMES = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun"
_FIELD = re.compile(rf"^(?:[\d*?/,-]|{_NAMES})+$", re.I)


def _time_fields(line: str) -> int:
    """How many schedule fields open the line before its command (0: no crontab entry)."""
    tokens = line.split()
    if tokens[:1] == ["-"]:  # a list item
        tokens = tokens[1:]
    k = next((i for i, t in enumerate(tokens) if not _FIELD.match(t)), len(tokens))
    timed = any(re.search(r"[\d*]", t) for t in tokens[:k])
    return k if k >= 3 and k < len(tokens) and timed else 0


def _cron(text: str) -> tuple[str, str | None]:
    from croniter import croniter  # as icalendar: rare

    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    entries = [ln for ln in lines if ln.startswith("@") or _time_fields(ln)]
    if not entries:
        return "", "it has no crontab entry (five time fields, then the command)"
    for ln in entries:
        if ln.startswith("@"):
            continue
        k = _time_fields(ln)
        if k != 5:
            return "", f"'{ln[:80]}' has {k} time fields; an entry has 5 (minute, hour, day, month, weekday)"
        fields = ln.removeprefix("- ").split()[:5]
        for (name, low, high), field in zip(_CRON_FIELDS, fields, strict=True):
            for num in re.findall(r"\d+", field.split("/")[0]):
                if not low <= int(num) <= high:
                    return "", f"in '{ln[:80]}' the {name} field is {num}, outside {low}-{high}"
        if not croniter.is_valid(" ".join(fields)):
            return "", f"'{' '.join(fields)}' in '{ln[:80]}' is not a valid schedule"
    return f"{len(entries)} entr{'ies' if len(entries) > 1 else 'y'}", None


_CRON_ASKED = re.compile(r"\bcrontab\b|\bcron\s+(?:job|line|entr(?:y|ies)|schedule|expression)s?\b", re.I)
_HTML_ASKED = re.compile(
    r"\b(?:write|give|make|create|build|generate|draft|send|need|want|paste|code)\b[^.?!\n]{0,40}?\bhtml\b"
    r"(?!\s+(?:parser|library|spec|tags?\s+(?:do|does|mean|means)))|\b(?:in|as|plain)\s+html\b|"
    r"\bhtml\s+(?:file|page|snippet|template|markup|code|email|form|table|for)\b|(?<![\w/.-])[\w-]*\.html?\b",
    re.I,
)
_ALT = re.compile(r"\balt(?:\s+|-)(?:text|attributes?|tags?)\b", re.I)
Parse = Callable[[str], tuple[str, str | None]]
_FORMATS: tuple[tuple[str, re.Pattern, tuple[str, ...], Parse, str], ...] = (
    ("YAML", _asked(r"ya?ml"), ("yaml", "yml"), _yaml, "YAML"),
    ("TOML", _asked(r"toml"), ("toml",), _toml, "TOML"),
    ("XML", _asked(r"xml"), ("xml",), _xml, "XML"),
    ("CSV", _asked(r"csv|comma[- ]separated\s+values"), ("csv",), lambda t: _rows(t, ","), "CSV"),
    (
        "TSV",
        _asked(r"tsv|tab[- ]separated(?:\s+values)?|tab[- ]delimited", False),
        ("tsv",),
        lambda t: _rows(t, "\t"),
        "tab-separated rows",
    ),
    ("iCalendar", _asked(r"ics|icalendar|ical"), ("ics", "ical", "icalendar"), _ics, "an iCalendar event"),
    ("vCard", _asked(r"vcard|vcf", False), ("vcard", "vcf"), _vcard, "a vCard"),
    ("HTML", _HTML_ASKED, ("html", "htm"), _html, "HTML"),
    ("crontab", _CRON_ASKED, ("cron", "crontab", "bash", "sh", "shell"), _cron, "crontab entries"),
)


def _file_check(name: str, langs: tuple[str, ...], parse: Parse, asked: str) -> Check:
    def check(answer: str) -> list[Fact]:
        files = _files(answer, langs)
        if not files:
            return _fact(name, "", f"it has no {name} block (its code blocks are tagged otherwise)", asked)
        if parse is _cron:  # entries may sit in several blocks beside other shell lines
            files = ["\n".join(files)]
        found, why = "", None
        for text in files:
            found, why = parse(text)
            if why:
                break
        facts = _fact(name, found, why, asked)
        if why and name == "TSV":
            fixed = _tabbed(answer)
            if fixed != answer and not check(fixed)[0].fault:
                facts = [replace(facts[0], repair=lambda _answer, fixed=fixed: fixed)]
        return facts

    return check


def data_file_checks(request: str) -> list[Check]:
    """A check for each data or config format the request asks its answer to be written in."""
    return [
        _file_check(
            name, langs, partial(_html, alt=True) if parse is _html and _ALT.search(request) else parse, asked
        )
        for name, pattern, langs, parse, asked in _FORMATS
        if any(not _an_input(request, m) for m in pattern.finditer(request))
    ]


_INPUT = re.compile(
    r"\b(?:reads?|reading|parses?|parsing|loads?|loading|opens?|opening|imports?|from|takes?|process(?:es)?|"
    r"match(?:es|ing)?)\W+(?:\S+\W+){0,2}(?:[\w-]+\.\w+\W+(?:(?:and|or|but|not)\W+)*)*$",
    re.I,
)
"""Words that give or match a file, then at most two words, then any earlier files of the same list
("matches a.csv and b.csv but not c.csv or d.csv"): not "a Dockerfile and a compose.yml"."""


def _an_input(request: str, m: re.Match) -> bool:
    """The match names a file the request gives or matches, not the answer's format: "a script that
    reads sales.csv", "matches report_2027_01.csv but not report_final.csv" (generic j17)."""
    before = request[max(0, m.start() - 300) : m.start()]
    return bool(re.match(r"[\w-]+\.\w+$", m.group(0))) and bool(_INPUT.search(before))
