"""More of the check kinds added to the generic scorer for the test9 rows (tasks/generic/test9_kinds.py
has the rest and TEST9_CHECKS): the code and file formats people ask for (a regex, SQL, front
matter, a .env file, JSON Lines, a folder tree, keyboard shortcuts, user stories, Gherkin), on the
same terms: bad parameters raise BadCheck whatever the text, and an answer with no word meets none.
Kept apart so that no module passes 550 lines; test9_kinds imports them."""

from __future__ import annotations

import json
import math
import re

from selfrefine.tasks.generic.scorer import BadCheck, _params, _positive, words

_FENCE = re.compile(r"```[^\n]*\n(.*?)```", re.S)


def _min(c: dict, p: dict) -> int:
    return _positive(c, p, "min") or 1


def _counted(c: dict, p: dict) -> tuple[float, float]:
    """(lowest, highest) from `n`, or `min` (default 1) and / or `max`."""
    if "n" in p and ("min" in p or "max" in p):
        raise BadCheck(f"check {c['check']!r}: give n, or min and / or max")
    if "n" in p:
        return _positive(c, p, "n"), p["n"]
    lo, hi = p.get("min", 1), p.get("max", math.inf)
    if lo > hi:
        raise BadCheck(f"check {c['check']!r}: min is above max")
    return lo, hi


def _code_lines(text: str) -> list[str]:
    """The lines of the answer's code blocks where it has any, else of the whole answer."""
    blocks = _FENCE.findall(text)
    return "\n".join(blocks).splitlines() if blocks else text.splitlines()


def _sources(text: str) -> list[list[str]]:
    """The non-blank lines (stripped) of each code block of the answer, else of the whole answer."""
    return [[ln.strip() for ln in b.splitlines() if ln.strip()] for b in _FENCE.findall(text) or [text]]


def _unmark(line: str) -> str:
    """A line without its list marker, quote mark, heading marks or emphasis signs."""
    line = re.sub(r"^\s*(?:[-*•+>]|\d+[.)]|#{1,6})?\s*", "", line)
    return line.replace("**", "").replace("__", "").strip().strip("*_").strip()


# ------------------------------------------------------------------ code


def _pattern(text: str) -> str | None:
    """The regex an answer gives: the one line of its first code block, else its first `code span`;
    /slashes/ and a quoted r"..." string around it are taken off."""
    blocks = _FENCE.findall(text)
    if blocks:
        found = [ln.strip() for ln in blocks[0].splitlines() if ln.strip()]
        if len(found) != 1:
            return None
        pattern = found[0]
    else:
        m = re.search(r"`([^`\n]+)`", text)
        if not m:
            return None
        pattern = m.group(1).strip()
    m = re.fullmatch(r"/(.+)/[a-z]*", pattern) or re.fullmatch(r"r?([\"'])(.+)\1", pattern)
    return m.group(m.lastindex) if m else pattern


def regex_matches(c: dict, text: str) -> bool:
    """The answer's regex (the one line of its first code block, else its first `code span`; /.../
    or r"..." around it aside) compiles in Python and matches the whole of each of `match` and
    of none of `reject` (re.fullmatch)."""
    p = _params(c, {"match": list}, {"reject": list})
    pattern = _pattern(text)
    if not pattern:
        return False
    try:
        rx = re.compile(pattern)
    except (re.error, RecursionError, OverflowError):
        return False
    return all(rx.fullmatch(s) for s in p["match"]) and not any(rx.fullmatch(s) for s in p.get("reject", ()))


_SQL_WORDS = (
    "select from where join inner left right outer full cross on group by order having limit offset "
    "insert into values update set delete create table alter drop as and or not null is in between "
    "like distinct union all case when then else end asc desc exists with"
).split()
_SQL_WORD = re.compile(r"(?<![\w.])(" + "|".join(_SQL_WORDS) + r")(?![\w.])", re.I)
_SQL_NOISE = re.compile(r"'(?:[^']|'')*'|\"[^\"]*\"|`[^`]*`|--[^\n]*|/\*.*?\*/", re.S)


def sql_keywords_upper(c: dict, text: str) -> bool:
    """SQL keywords in capitals: in the code blocks (else the whole answer), string literals,
    quoted names and comments aside, at least `min` (default 1) keywords from a fixed list (SELECT,
    FROM, WHERE, JOIN, ON, GROUP BY, ORDER BY, AND, AS, ...) and none written in another case."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    code = _SQL_NOISE.sub(" ", "\n".join(_code_lines(text)))
    found = _SQL_WORD.findall(code)
    return len(found) >= need and all(w.isupper() for w in found)


def _front(text: str) -> dict | None:
    """The keys of the YAML front matter that opens `text` ("---", key: value lines, "---") and
    their values (a key with nothing after it takes the list under it), None if there is none or
    nothing follows it."""
    found = text.strip().splitlines()
    if not found or found[0].strip() != "---":
        return None
    end = next((i for i in range(1, len(found)) if found[i].strip() == "---"), None)
    if end is None or not words("\n".join(found[end + 1 :])):
        return None
    block, keys = found[1:end], {}
    for i, ln in enumerate(block):
        m = re.match(r"^([A-Za-z_][\w-]*)\s*:(.*)$", ln)
        if m:
            value = m.group(2).strip().strip("\"'").strip()
            after = block[i + 1] if i + 1 < len(block) else ""
            if not value and after[:1] in (" ", "\t", "-") and words(after):
                value = after.strip()
            keys[m.group(1).lower()] = value
    return keys


def front_matter(c: dict, text: str) -> bool:
    """The answer (or its first code block) opens with YAML front matter, a "---" line, key: value
    lines and another "---" line, with text after it; each of `keys` (any case) is in it with a
    value (on its line, or a list under it)."""
    p = _params(c, {"keys": list})
    blocks = _FENCE.findall(text)
    for source in [text, *blocks[:1]]:
        keys = _front(source)
        if keys is not None and all(keys.get(k.strip().lower()) for k in p["keys"]):
            return True
    return False


_ENV_LINE = re.compile(
    r"(?:export\s+)?([A-Z][A-Z0-9_]*)=(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s\"'][^\n]*)?(?:\s+#.*)?"
)


def env_file(c: dict, text: str) -> bool:
    """A .env file: in one code block (else the whole answer), every line that is not blank or a
    # comment is KEY=value (the key in capitals, digits and _, no space around the =), and each of
    `keys` is set exactly once."""
    p = _params(c, {"keys": list})
    for source in _sources(text):
        matched = [_ENV_LINE.fullmatch(ln) for ln in source if not ln.startswith("#")]
        if matched and all(matched):
            names = [m.group(1) for m in matched]
            if all(names.count(k.strip()) == 1 for k in p["keys"]):
                return True
    return False


def json_lines(c: dict, text: str) -> bool:
    """JSON Lines: in one code block (else the whole answer), every non-blank line is a JSON
    object holding each of `keys`; `n`, or `min` (default 1) to `max`, such lines."""
    p = _params(c, {"keys": list}, {"n": int, "min": int, "max": int})
    lo, hi = _counted(c, p)
    return any(_records(source, p["keys"]) and lo <= len(source) <= hi for source in _sources(text))


def _records(found: list[str], keys: list[str]) -> bool:
    """Every line of `found` is a JSON object holding each of `keys`."""
    for ln in found:
        try:
            value = json.loads(ln)
        except (ValueError, RecursionError):
            return False
        if not isinstance(value, dict) or any(k not in value for k in keys):
            return False
    return True


_TREE = re.compile(r"^[\s│|]*(?:├──|└──|├─|└─|\|--|`--|\+--)\s*(.*\S)")


def _entry(name: str) -> str:
    """A tree entry's name: a comment after it (#, <-, ←, " (", " - ", " — ") and a final / aside."""
    name = re.split(r"\s+(?:#|<-|←|\(|-\s|–\s|—\s)|\s{2,}", name.replace("**", "").replace("`", ""))[0]
    return re.sub(r"^[^\w.]+", "", name.strip()).rstrip("/").strip().lower()


def file_tree(c: dict, text: str) -> bool:
    """A folder tree as the `tree` command draws it (├── / └── lines, in the code blocks or else
    the whole answer): at least `min` (default 3) entries, and each of `names` (any case, a final /
    aside) is an entry or the top folder on the line above the first entry."""
    p = _params(c, {"names": list}, {"min": int})
    need = _positive(c, p, "min") or 3
    found = [ln for ln in _code_lines(text) if ln.strip()]
    at = [i for i, ln in enumerate(found) if _TREE.match(ln)]
    if len(at) < need:
        return False
    names = {_entry(_TREE.match(found[i]).group(1)) for i in at}
    if at[0] > 0:
        names.add(_entry(found[at[0] - 1].strip().lstrip("│|").strip()))
    return all(n.strip().rstrip("/").lower() in names for n in p["names"])


_MODS = "Ctrl|Control|Shift|Alt|Cmd|Command|Option|Opt|Win|Windows|Fn|Super|Meta"
_KEY = (
    r"F(?:1[0-2]|[1-9])|[A-Z0-9]|Enter|Return|Tab|Esc|Space|Delete|Del|Backspace|Home|End|PageUp|"
    r"PageDown|Up|Down|Left|Right|Insert|Click|Scroll|Wheel|Plus|Minus|Pause|Break|Menu|CapsLock|NumLock|"
    r"PrtScn|PrtSc|PrintScreen|[←↑→↓/\\.,;'\[\]`=+-]"
)
_COMBO = re.compile(rf"(?<![\w+])(?:{_MODS})(?:\+(?:{_MODS}))*\+(?:{_KEY})(?![\w])")
_PLUS = re.compile(rf"(?<![\w])(?:{_MODS})\s*\+", re.I)
_DASHED = re.compile(rf"(?<![\w-])(?:{_MODS})-(?:[A-Za-z0-9]|F\d+|Enter|Tab|Esc|Space)(?![\w])", re.I)


def key_combos(c: dict, text: str) -> bool:
    """Keyboard shortcuts written as capitalized keys joined by + with no spaces (Ctrl+Shift+T,
    Cmd+Option+Esc, Alt+F4): at least `min` (default 1), and none written otherwise (ctrl+c,
    Ctrl + C, Ctrl-C, Ctrl+c) nor with the Mac symbols ⌘ ⌥ ⇧ ⌃."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    if any(s in text for s in "⌘⌥⇧⌃") or _DASHED.search(text):
        return False
    spans = [(m.start(), m.end()) for m in _COMBO.finditer(text)]
    for m in _PLUS.finditer(text):
        if not any(a <= m.start() < b for a, b in spans):
            return False
    return len(spans) >= need


# ------------------------------------------------------------------ product and test formats

_STORY = re.compile(
    r"as an?\s+(.*?\w.*?),?\s+i(?:\s+(?:want|need|would\s+like)|'d\s+like)\s+(.*?\w.*?),?\s+so\s+(?:that\s+)?"
    r"(.*\w.*)",
    re.I,
)


def user_stories(c: dict, text: str) -> bool:
    """User stories "As a <role>, I want <goal> so that <benefit>" (I need / I'd like too; one per
    line, list markers, emphasis and a "Label:" before it aside): `n`, or `min` (default 1) to
    `max`, of them, and every line that starts "As a" / "As an" is a whole one."""
    p = _params(c, {}, {"n": int, "min": int, "max": int})
    lo, hi = _counted(c, p)
    count = 0
    for ln in text.splitlines():
        body = _unmark(ln).replace("’", "'").strip('"“”')
        body = re.sub(r"^[^:]{1,40}:\s*(?=as\s)", "", body, flags=re.I)  # a "Patron:" label before it
        if re.match(r"as an?\s", body, re.I):
            if not _STORY.fullmatch(body.rstrip(".!").strip()):
                return False
            count += 1
    return lo <= count <= hi


_SCENARIO = re.compile(r"^(?:Scenario(?: Outline| Template)?|Example)\s*:\s*\S")
_STEP = re.compile(r"^(Given|When|Then|And|But)\s+\S")


def gherkin_scenarios(c: dict, text: str) -> bool:
    """At least `min` (default 1) Gherkin scenarios ("Scenario: name", "Scenario Outline: ..."), and
    in every one the steps start with Given, then come to When, then to Then (And / But lines
    between them; keywords capitalized, list markers and emphasis aside)."""
    p = _params(c, {}, {"min": int})
    need = _min(c, p)
    scenarios: list[list[str]] = []
    current = None
    for ln in text.splitlines():
        body = _unmark(ln)
        if _SCENARIO.match(body):
            current = []
            scenarios.append(current)
        elif re.match(r"^(?:Feature|Background|Rule)\s*:", body):
            current = None  # the steps under it are no scenario's
        elif current is not None and (m := _STEP.match(body)):
            current.append(m.group(1))
    for steps in scenarios:
        order = [s for s in steps if s not in ("And", "But")]
        if not steps or steps[0] != "Given" or "When" not in order or "Then" not in order:
            return False
        if order.index("When") > order.index("Then") or order[-1] != "Then":
            return False
    return len(scenarios) >= need
