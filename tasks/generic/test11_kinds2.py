"""The file and code formats among the check kinds added to the generic scorer for the test11 rows
(tasks/generic/test11_kinds.py has the rest and TEST11_CHECKS): an SQLite schema, a Makefile, TOML,
a .gitignore, robots.txt, a systemd unit, a LaTeX document, BibTeX entries, a Graphviz graph and
SRT subtitles, on the terms of the scorer's own
kinds: bad parameters raise BadCheck whatever the text, and an answer with no word meets none. Kept
apart so that no module passes 550 lines; test11_kinds imports them, and the helpers both use."""

from __future__ import annotations

import re
import sqlite3

import tomllib

from selfrefine.tasks.generic.scorer import BadCheck, _params, _positive, words

_FENCED = re.compile(r"```[^\n`]*\n(.*?)```", re.S)
_MARK = re.compile(r"^\s*(?:[-*•+]\s+|\d+[.)]\s+|#+\s+|>\s*)?")


def _blocks_or_text(text: str) -> list[str]:
    """The answer's fenced code blocks where it has any (each, then all of them joined), else the
    whole answer."""
    found = _FENCED.findall(text)
    if len(found) > 1:
        found.append("\n".join(found))
    return found or [text]


def _min(c: dict, p: dict, name: str = "min") -> int:
    """p[name], at least 1, or 1 when it is not given."""
    return _positive(c, p, name) or 1


def _counted(c: dict, p: dict) -> tuple[int, float]:
    """(lowest, highest) from `n`, or `min` (default 1) and `max`."""
    if "n" in p and ("min" in p or "max" in p):
        raise BadCheck(f"check {c['check']!r}: give n, or min and / or max")
    if "n" in p:
        n = _positive(c, p, "n")
        return n, n
    lo, hi = _min(c, p), p.get("max", float("inf"))
    if hi < lo:
        raise BadCheck(f"check {c['check']!r}: max is below min")
    return lo, hi


def _unmark(line: str) -> str:
    """A line without its list marker, heading marks, quote mark or bold / italic marks."""
    return _MARK.sub("", line, count=1).replace("**", "").replace("__", "").strip().strip("*_").strip()


def _dotted(c: dict, keys: list[str]) -> list[tuple[list[str], str | None]]:
    """ "a.b.c" or "a.b.c=value" as (["a", "b", "c"], value or None)."""
    out = []
    for key in keys:
        path, eq, value = key.partition("=")
        parts = [x.strip() for x in path.split(".")]
        if not all(parts) or (eq and not value.strip()):
            raise BadCheck(f"check {c['check']!r}: {key!r} is not a dotted key (=value)")
        out.append((parts, value.strip() if eq else None))
    return out


# ------------------------------------------------------------------ SQL and build files


def sql_schema(c: dict, text: str) -> bool:
    """An SQLite schema: one code block (or all of them together, else the whole answer) runs in
    SQLite as it is, and makes each table of `tables`; each "table.column" of `columns` exists,
    and each "child>parent" of `links` is a foreign key from child to parent."""
    p = _params(c, {"tables": list}, {"columns": list, "links": list})
    tables = [t.strip().lower() for t in p["tables"]]
    cols = [x.strip().lower().partition(".") for x in p.get("columns", ())]
    links = [x.strip().lower().partition(">") for x in p.get("links", ())]
    if any(not a or not dot or not b for a, dot, b in cols + links):
        raise BadCheck("check 'sql_schema': columns are table.column, links child>parent")
    if not words(text):
        return False
    for source in _blocks_or_text(text):
        db = sqlite3.connect(":memory:")
        try:
            db.executescript(source)
            have = {r[0].lower() for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not set(tables) <= have or not all(a in have for a, _, _ in cols + links):
                continue
            ok = all(b in {r[1].lower() for r in db.execute(f'PRAGMA table_info("{a}")')} for a, _, b in cols)
            ok = ok and all(
                b in {r[2].lower() for r in db.execute(f'PRAGMA foreign_key_list("{a}")')}
                for a, _, b in links
            )
            if ok:
                return True
        except sqlite3.Error:
            continue
        finally:
            db.close()
    return False


_MAKE_DIRECTIVE = re.compile(r"^(?:-?include|ifeq|ifneq|ifdef|ifndef|else|endif|export|unexport|vpath)\b")
_MAKE_ASSIGN = re.compile(r"^[A-Za-z_.][A-Za-z0-9_.-]*\s*(?:=|:=|::=|\?=|\+=|!=)")
_MAKE_RULE = re.compile(r"^([^:=#\t][^:=#]*?)\s*::?(?!=)(.*)$")


def makefile_targets(c: dict, text: str) -> bool:
    """A Makefile, in one code block (else the whole answer): every line is blank, a # comment, a
    variable, a directive, a rule "target: prerequisites" or a recipe line opening with a tab right
    under a rule (never spaces), and each of `targets` is a rule's target."""
    p = _params(c, {"targets": list})
    want = {t.strip() for t in p["targets"]}
    if not words(text):
        return False
    for source in _blocks_or_text(text):
        targets, in_rule, go_on, define, ok = set(), False, False, False, True
        for ln in source.splitlines():
            if go_on:
                go_on = ln.rstrip().endswith("\\")
                continue
            go_on = ln.rstrip().endswith("\\")
            s = ln.strip()
            if define:
                define = s != "endef"
                continue
            if not s or s.startswith("#"):
                continue
            if ln.startswith("\t"):
                if not in_rule:
                    ok = False
                continue
            if ln[0] == " ":
                ok = False
            elif s.startswith("define "):
                define, in_rule = True, False
            elif _MAKE_DIRECTIVE.match(s) or _MAKE_ASSIGN.match(s):
                in_rule = False
            elif m := _MAKE_RULE.match(s):
                targets.update(m.group(1).split())
                in_rule = True
            else:
                ok = False
        if ok and want <= targets:
            return True
    return False


def toml_keys(c: dict, text: str) -> bool:
    """A TOML file: one code block (else the whole answer) parses as TOML and has each of `keys`,
    a dotted path ("project.name", "tool.ruff.line-length") to a value that is not empty; a key
    written "path=value" must hold that value (a string as it is, other values as TOML writes
    them: 100, true)."""
    p = _params(c, {"keys": list})
    want = _dotted(c, p["keys"])
    if not words(text):
        return False

    def found(node, path: list[str]) -> list:
        if not path:
            return [node]
        if isinstance(node, list):
            return [x for n in node for x in found(n, path)]
        if isinstance(node, dict) and path[0] in node:
            return found(node[path[0]], path[1:])
        return []

    def shown(v) -> str:
        return v if isinstance(v, str) else str(v).lower() if isinstance(v, bool) else str(v)

    for source in _blocks_or_text(text):
        try:
            doc = tomllib.loads(source)
        except (tomllib.TOMLDecodeError, ValueError):
            continue
        ok = True
        for path, value in want:
            got = [v for v in found(doc, path) if v not in ("", [], {}, None)]
            if not got or (value is not None and value not in [shown(v) for v in got]):
                ok = False
        if ok:
            return True
    return False


def _glob_rx(pattern: str) -> str:
    """A .gitignore glob as a regex over a path (no leading or trailing slash)."""
    out, i = "", 0
    while i < len(pattern):
        ch = pattern[i]
        if pattern.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif pattern.startswith("/**", i) and i + 3 == len(pattern):
            out, i = out + "/.*", i + 3
        elif ch == "*":
            out, i = out + "[^/]*", i + 1
        elif ch == "?":
            out, i = out + "[^/]", i + 1
        elif ch == "[" and "]" in pattern[i + 1 :]:
            j = pattern.index("]", i + 1)
            body = pattern[i + 1 : j]
            out, i = out + "[" + ("^" + body[1:] if body[:1] == "!" else body) + "]", j + 1
        else:
            out, i = out + re.escape(ch), i + 1
    return out


def _ignored(rules: list[tuple[bool, bool, re.Pattern]], path: str, is_dir: bool) -> bool | None:
    verdict = None
    for negate, dir_only, rx in rules:
        if (is_dir or not dir_only) and rx.fullmatch(path):
            verdict = not negate
    return verdict


def _path_ignored(rules: list, path: str) -> bool:
    """A path is ignored when a folder above it is, or else by the last rule that matches it."""
    parts = path.split("/")
    if any(_ignored(rules, "/".join(parts[:k]), True) for k in range(1, len(parts))):
        return True
    return bool(_ignored(rules, path, False))


def gitignore_rules(c: dict, text: str) -> bool:
    """A .gitignore, in one code block (else the whole answer), read as git reads it (globs, **,
    a leading / anchoring, a trailing / for folders only, ! to re-include, the last match winning,
    nothing re-included under an ignored folder): each path of `ignored` is ignored and each of
    `kept` is not. Prose lines ("Ignore the build folder") make it no .gitignore."""
    p = _params(c, {"ignored": list}, {"kept": list})
    paths = [x.strip().strip("/") for x in p["ignored"] + p.get("kept", [])]
    if not all(paths):
        raise BadCheck("check 'gitignore_rules': a path is empty")
    if not words(text):
        return False
    for source in _blocks_or_text(text):
        rules, ok = [], True
        for ln in source.splitlines():
            s = ln.strip()
            if not s or s.startswith("#"):
                continue
            if re.search(r"\s", s):
                ok = False
                break
            negate = s.startswith("!")
            s = s[1:] if negate else s
            dir_only = s.endswith("/")
            s = s.rstrip("/")
            anchored = "/" in s
            s = s.lstrip("/")
            rx = _glob_rx(s) if anchored else "(?:.*/)?" + _glob_rx(s)
            rules.append((negate, dir_only, re.compile(rx)))
        if not ok or not rules:
            continue
        n = len(p["ignored"])
        if all(_path_ignored(rules, x) for x in paths[:n]) and not any(
            _path_ignored(rules, x) for x in paths[n:]
        ):
            return True
    return False


def robots_txt(c: dict, text: str) -> bool:
    """A robots.txt, in one code block (else the whole answer): every line that is not blank or a
    # comment is "Field: value" (User-agent, Disallow, Allow, Sitemap, Crawl-delay, Host; any case),
    the first one a User-agent; the group for * disallows each path of `disallow` (a trailing /
    aside) and not /, the group of each agent in `blocked` disallows /, and with `sitemap` a
    Sitemap line gives that URL."""
    p = _params(c, {}, {"disallow": list, "blocked": list, "sitemap": str})
    if not p:
        raise BadCheck("check 'robots_txt': give disallow, blocked or sitemap")
    if not words(text):
        return False
    fields = ("user-agent", "disallow", "allow", "sitemap", "crawl-delay", "host")
    for source in _blocks_or_text(text):
        groups: dict[str, set] = {}
        current: list[str] = []
        sitemaps, ok, last = [], True, None
        for ln in source.splitlines():
            s = ln.split("#", 1)[0].strip()
            if not s:
                continue
            m = re.fullmatch(r"([A-Za-z-]+)\s*:\s*(.*)", s)
            if not m or m.group(1).lower() not in fields:
                ok = False
                break
            field, value = m.group(1).lower(), m.group(2).strip()
            if field == "sitemap":
                sitemaps.append(value)
                continue
            if field == "user-agent":
                current = current if last == "user-agent" else []
                current.append(value.lower())
                groups.setdefault(value.lower(), set())
            elif not current:
                ok = False
                break
            elif field == "disallow" and value:
                for agent in current:
                    groups[agent].add(value.rstrip("/") or "/")
            last = field
        if not ok:
            continue
        star = groups.get("*", set())
        if "disallow" in p and (
            "/" in star or not {x.strip().rstrip("/") or "/" for x in p["disallow"]} <= star
        ):
            continue
        if any("/" not in groups.get(a.strip().lower(), set()) for a in p.get("blocked", ())):
            continue
        if "sitemap" in p and p["sitemap"].strip() not in sitemaps:
            continue
        return True
    return False


def systemd_unit(c: dict, text: str) -> bool:
    """A systemd unit file, in one code block (else the whole answer): [Unit], [Service] and
    [Install] sections, the first line that is not blank or a comment a section header, every other
    a Key=Value line; ExecStart holds an absolute path and contains `exec` if given, and each
    "Section.Key" of `keys` is set (to exactly the value after "=" where one is given, a trailing
    / aside)."""
    p = _params(c, {}, {"exec": str, "keys": list})
    want = _dotted(c, p.get("keys", []))
    if any(len(path) != 2 for path, _ in want):
        raise BadCheck("check 'systemd_unit': keys are Section.Key")
    if not words(text):
        return False
    for source in _blocks_or_text(text):
        values: dict[tuple[str, str], list[str]] = {}
        section, ok = None, True
        for ln in source.splitlines():
            s = ln.strip()
            if not s or s.startswith(("#", ";")):
                continue
            head = re.fullmatch(r"\[([A-Za-z]+)\]", s)
            if head:
                section = head.group(1).lower()
                continue
            m = re.fullmatch(r"([A-Za-z][A-Za-z0-9]*)\s*=\s*(.*)", s)
            if not m or section is None:
                ok = False
                break
            values.setdefault((section, m.group(1).lower()), []).append(m.group(2).strip())
        if not ok or not {"unit", "service", "install"} <= {s for s, _ in values}:
            continue
        starts = values.get(("service", "execstart"), [])
        if not starts or not all(re.match(r"[-@:+!]*/", v) for v in starts):
            continue
        if "exec" in p and not any(p["exec"].strip() in v for v in starts):
            continue
        got = [[x.rstrip("/") or x for x in values.get((a.lower(), b.lower()), [])] for (a, b), _ in want]
        if all(g and (v is None or (v.rstrip("/") or v) in g) for g, (_, v) in zip(got, want)):
            return True
    return False


# ------------------------------------------------------------------ documents


def _strip_tex_comments(source: str) -> str:
    return "\n".join(re.sub(r"(?<!\\)%.*", "", ln) for ln in source.splitlines())


def latex_document(c: dict, text: str) -> bool:
    """A LaTeX document, in one code block (else the whole answer): \\documentclass before
    \\begin{document}, the text ending with \\end{document}, every \\begin{x} closed by its \\end{x}
    in order and the braces balanced (comments and \\{ aside); each package of `packages` loaded by
    \\usepackage, each environment of `environments` used, and at least `sections` \\section
    commands if given."""
    p = _params(c, {}, {"packages": list, "environments": list, "sections": int})
    most = _positive(c, p, "sections") or 0
    if not words(text):
        return False
    for raw in _blocks_or_text(text):
        source = _strip_tex_comments(raw)
        cls, begin = source.find("\\documentclass"), source.find("\\begin{document}")
        if cls < 0 or begin < cls or not source.rstrip().endswith("\\end{document}"):
            continue
        stack, ok = [], True
        for m in re.finditer(r"\\(begin|end)\s*\{([^{}]+)\}", source):
            if m.group(1) == "begin":
                stack.append(m.group(2))
            elif not stack or stack.pop() != m.group(2):
                ok = False
                break
        bare = re.sub(r"\\[{}]", "", source)
        depth = 0
        for ch in bare:
            depth += {"{": 1, "}": -1}.get(ch, 0)
            ok = ok and depth >= 0
        if not ok or stack or depth:
            continue
        loaded = {x.strip() for m in re.findall(r"\\usepackage\s*(?:\[[^\]]*\])?\s*\{([^}]*)\}", source)
                  for x in m.split(",")}  # fmt: skip
        used = set(re.findall(r"\\begin\s*\{([^{}]+)\}", source))
        if not {x.strip() for x in p.get("packages", ())} <= loaded:
            continue
        if not {x.strip() for x in p.get("environments", ())} <= used:
            continue
        if len(re.findall(r"\\section\*?\s*\{", source)) >= most:
            return True
    return False


def _bib_entries(source: str) -> list[tuple[str, str, dict]] | None:
    """(type, key, {field: value}) of each @type{key, field = value, ...}, None if one is broken."""
    out, i = [], 0
    for m in re.finditer(r"@\s*([A-Za-z]+)\s*([{(])", source):
        if m.start() < i or m.group(1).lower() in ("comment", "preamble", "string"):
            continue
        depth, j, quoted = 1, m.end(), False
        while j < len(source) and depth:
            ch = source[j]
            if ch == '"' and source[j - 1] != "\\":
                quoted = not quoted
            elif not quoted and ch in "{(":
                depth += 1
            elif not quoted and ch in "})":
                depth -= 1
            j += 1
        if depth:
            return None
        body, i = source[m.end() : j - 1], j
        parts, depth, quoted, cur = [], 0, False, ""
        for ch in body:
            if ch == '"' and not depth:
                quoted = not quoted
            elif ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            if ch == "," and not depth and not quoted:
                parts, cur = parts + [cur], ""
            else:
                cur += ch
        parts.append(cur)
        key, fields = parts[0].strip(), {}
        for part in parts[1:]:
            if not part.strip():
                continue
            f = re.fullmatch(r"\s*([A-Za-z][\w-]*)\s*=\s*(.+?)\s*", part, re.S)
            if not f:
                return None
            value = f.group(2).strip()
            if value[:1] in '{"':
                value = value[1:-1]
            fields[f.group(1).lower()] = value.strip()
        if not re.fullmatch(r"[^\s,{}]+", key):
            return None
        out.append((m.group(1).lower(), key, fields))
    return out


def bibtex_entries(c: dict, text: str) -> bool:
    """BibTeX entries (@book{key, author = {...}, ...}): at least `min` (default 1), every one
    well formed with a key of its own and a value for each field of `fields`; each entry type of
    `types` (book, article ...) used at least once."""
    p = _params(c, {}, {"min": int, "fields": list, "types": list})
    need = _min(c, p)
    fields = [f.strip().lower() for f in p.get("fields", ())]
    if not words(text):
        return False
    for source in _blocks_or_text(text):
        found = _bib_entries(source)
        if not found or len(found) < need or len({k for _, k, _ in found}) != len(found):
            continue
        if not all(f.get(x) for _, _, f in found for x in fields):
            continue
        if {t.strip().lower() for t in p.get("types", ())} <= {t for t, _, _ in found}:
            return True
    return False


_DOT_HEAD = re.compile(r"^\s*(?:strict\s+)?(digraph|graph)\b[^{]*\{", re.I)


def graphviz_dot(c: dict, text: str) -> bool:
    """A Graphviz graph, in one code block (else the whole answer): "graph" or "digraph" (as `kind`
    says, if given), an opening brace and its closing brace at the end, edges written -> in a
    digraph and -- in a graph (never the other): at least `min` (default 1) edges (a -> b -> c is
    two), and each name of `nodes` appears in it (any case)."""
    p = _params(c, {}, {"kind": str, "min": int, "nodes": list})
    need = _min(c, p)
    kind = p.get("kind", "").strip().lower()
    if kind not in ("", "graph", "digraph"):
        raise BadCheck("check 'graphviz_dot': kind is graph or digraph")
    if not words(text):
        return False
    for raw in _blocks_or_text(text):
        source = re.sub(r"//[^\n]*|/\*.*?\*/|^\s*#[^\n]*", "", raw, flags=re.S | re.M)
        m = _DOT_HEAD.match(source)
        if not m or (kind and m.group(1).lower() != kind):
            continue
        bare = re.sub(r'"(?:[^"\\]|\\.)*"', '""', source)
        if bare.count("{") != bare.count("}") or not bare.rstrip().endswith("}"):
            continue
        edge, other = ("->", "--") if m.group(1).lower() == "digraph" else ("--", "->")
        if other in bare:
            continue
        if bare.count(edge) >= need and all(n.strip().lower() in source.lower() for n in p.get("nodes", ())):
            return True
    return False


_SRT_TIME = re.compile(r"(\d{2}):(\d{2}):(\d{2}),(\d{3})")


def srt_cues(c: dict, text: str) -> bool:
    """SubRip (.srt) subtitles, in one code block (else the whole answer): cues apart by blank
    lines, each a number (1, 2, 3 ... in order), a "00:00:01,000 --> 00:00:03,500" line ending after
    it starts and never before the last cue ended, then 1 to `max_lines` (default 2) text lines of
    at most `max_chars` characters if given: `n`, or `min` (default 1) to `max`, cues."""
    p = _params(c, {}, {"n": int, "min": int, "max": int, "max_lines": int, "max_chars": int})
    lo, hi = _counted(c, {k: v for k, v in p.items() if k in ("n", "min", "max")})
    most_lines = _positive(c, p, "max_lines") or 2
    most_chars = _positive(c, p, "max_chars")

    def ms(m: re.Match) -> int:
        h, mi, s, f = (int(x) for x in m.groups())
        return ((h * 60 + mi) * 60 + s) * 1000 + f if mi < 60 and s < 60 else -1

    if not words(text):
        return False
    for source in _blocks_or_text(text):
        cues = [b.strip().splitlines() for b in re.split(r"\n\s*\n", source.strip()) if b.strip()]
        ok, last = bool(cues), 0
        for i, cue in enumerate(cues, 1):
            times = list(_SRT_TIME.finditer(cue[1])) if len(cue) > 1 else []
            timing = len(times) == 2 and re.fullmatch(r"\S+\s*-->\s*\S+", cue[1].strip())
            if cue[0].strip() != str(i) or not timing or not 1 <= len(cue) - 2 <= most_lines:
                ok = False
                break
            start, end = ms(times[0]), ms(times[1])
            if start < last or end <= start:
                ok = False
                break
            last = end
            if most_chars and any(len(x.strip()) > most_chars for x in cue[2:]):
                ok = False
                break
        if ok and lo <= len(cues) <= hi:
            return True
    return False
