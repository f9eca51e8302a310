"""The file, markup and code formats among the check kinds added to the generic scorer for the
test13 rows (tasks/generic/test13_kinds.py has the rest and TEST13_CHECKS): a regex tried on
strings, SQL INSERTs run on a table, markdown tables (a total row, column alignment), CSS
declarations, Apache redirects, a hosts file, a .desktop launcher and a LaTeX tabular, on the
terms of the scorer's own kinds: bad parameters raise BadCheck whatever the text, and an answer
with no word meets none. Kept apart so that no module passes 550 lines; test13_kinds imports
them."""

from __future__ import annotations

import ipaddress
import re
import sqlite3
import time
from urllib.parse import urlsplit

from selfrefine.tasks.generic.scorer import BadCheck, _params, words
from selfrefine.tasks.generic.test12_kinds2 import _SQL_COMMENT, _list_of_lists, _same_cell


def _fenced(text: str) -> list[str]:
    """The bodies of the answer's fenced code blocks."""
    return re.findall(r"```[^\n`]*\n(.*?)```", text, re.S)


def _texts(c: dict, p: dict, name: str) -> dict[str, str]:
    """p[name], a non-empty mapping of non-empty names to texts ("" allowed as a value)."""
    v = p[name]
    if not v or not all(str(k).strip() and isinstance(x, str) for k, x in v.items()):
        raise BadCheck(f"check {c['check']!r}: {name} maps names to texts")
    return {str(k).strip(): x.strip() for k, x in v.items()}


# ------------------------------------------------------------------ a regular expression

_JS_REGEX = re.compile(r"^/(.+)/([a-z]*)$")
_QUOTED = re.compile(r"""^(?:re\.compile\()?[rRbBuU]?(["'])(.+)\1\)?[;,]?$""")


def _candidates(text: str) -> list[tuple[str, int]]:
    """Possible regexes in an answer: inline code, code-block lines, tokens with regex marks."""
    raw = re.findall(r"`([^`\n]+)`", text)
    for block in _fenced(text):
        raw += [ln.strip() for ln in block.splitlines() if ln.strip()]
        for ln in block.splitlines():
            raw += [m.group(2) for m in re.finditer(r"""[rR]?(["'])(.+?)\1""", ln)]
            raw += re.findall(r"(?<![\w)])/(?:\\.|[^/\n])+/[gimsuy]*", ln)
    for ln in text.splitlines():
        raw += [t for t in ln.split() if re.search(r"[\\^$\[\]()|]", t)]
    out = []
    for s in raw:
        s = s.strip().strip("`")
        flags = 0
        m = _JS_REGEX.match(s)
        if m:
            s, flags = m.group(1), re.I if "i" in m.group(2) else 0
        m = _QUOTED.match(s)
        if m:
            raw_string = re.match(r"^(?:re\.compile\()?[rR]", s)
            s = m.group(2) if raw_string else m.group(2).replace("\\\\", "\\")
        out.append((re.sub(r"\(\?<(?=[A-Za-z_])", "(?P<", s), flags))
    return out


def regex_tests(c: dict, text: str) -> bool:
    """A regular expression: some regex in the answer (inline code, a code-block line or a quoted
    string in one, /.../flags, a token with regex marks) matches each string of `match` whole and
    none of `reject` (Python's re; JavaScript (?<name>) groups read as Python's)."""
    p = _params(c, {"match": list}, {"reject": list})
    if not words(text):
        return False
    for pattern, flags in _candidates(text):
        try:
            rx = re.compile(pattern, flags)
        except (re.error, RecursionError, ValueError):
            continue
        if all(rx.fullmatch(s) for s in p["match"]) and not any(rx.fullmatch(s) for s in p.get("reject", ())):
            return True
    return False


# ------------------------------------------------------------------ SQL inserts


def sql_inserts(c: dict, text: str) -> bool:
    """SQL that fills a table: the statements of the answer's code blocks (else the whole answer),
    run on an SQLite database made by `setup` (a CREATE TABLE of a table that exists already is
    skipped), leave `table` holding exactly `rows` (its `columns`, in any row order; numbers within
    half a cent)."""
    p = _params({k: v for k, v in c.items() if k != "rows"}, {"setup": str, "table": str, "columns": list})
    want = _list_of_lists(c, "rows")
    if any(len(r) != len(p["columns"]) for r in want):
        raise BadCheck("check 'sql_inserts': each row has a value per column")
    cols = ", ".join(f'"{x.strip()}"' for x in p["columns"])
    select = f'SELECT {cols} FROM "{p["table"].strip()}"'
    try:
        probe = sqlite3.connect(":memory:")
        probe.executescript(p["setup"])
        probe.execute(select).fetchall()
        probe.close()
    except sqlite3.Error as exc:
        raise BadCheck(f"check 'sql_inserts': setup or table fails ({exc})") from None
    if not words(text):
        return False
    source = "\n".join(_fenced(text)) or text
    statements, buf = [], ""
    for ln in _SQL_COMMENT.sub(" ", source).splitlines(keepends=True):
        buf += ln
        if sqlite3.complete_statement(buf):
            statements.append(buf.strip())
            buf = ""
    if buf.strip():
        statements.append(buf.strip())
    db = sqlite3.connect(":memory:", isolation_level=None)  # the answer's own BEGIN / COMMIT work
    deadline = time.monotonic() + 2
    db.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
    try:
        db.executescript(p["setup"])
        for s in statements:
            try:
                db.execute(s)
            except sqlite3.OperationalError as exc:
                if re.match(r"CREATE\s+TABLE\b", s, re.I) and "already exists" in str(exc):
                    continue
                return False
        got = [list(r) for r in db.execute(select).fetchall()]
    except (sqlite3.Error, sqlite3.Warning):
        return False
    finally:
        db.close()
    if len(got) != len(want):
        return False
    got, want = sorted(got, key=repr), sorted(want, key=repr)
    rest = list(got)
    for w in want:
        hit = next((g for g in rest if all(_same_cell(a, b) for a, b in zip(g, w))), None)
        if hit is None:
            return False
        rest.remove(hit)
    return True


# ------------------------------------------------------------------ markdown tables

_SEP_CELL = re.compile(r"^:?-+:?$")


def _cells(line: str) -> list[str]:
    body = line.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") and not body.endswith("\\|") else body
    return [x.strip().strip("*_").strip() for x in re.split(r"(?<!\\)\|", body)]


def _tables(text: str) -> list[tuple[list[str], list[str], list[list[str]]]]:
    """Each markdown table: its header cells, its separator cells and its body rows."""
    rows, out, i = text.splitlines(), [], 0
    while i < len(rows) - 1:
        seps = _cells(rows[i + 1]) if "|" in rows[i + 1] or "-" in rows[i + 1] else []
        if "|" in rows[i] and seps and all(_SEP_CELL.match(s.replace(" ", "")) for s in seps):
            head, body, j = _cells(rows[i]), [], i + 2
            while j < len(rows) and "|" in rows[j] and rows[j].strip():
                body.append(_cells(rows[j]))
                j += 1
            if len(seps) == len(head):
                out.append((head, seps, body))
            i = j
        else:
            i += 1
    return out


def _column(head: list[str], name: str) -> int:
    low = [h.lower() for h in head]
    want = name.strip().lower()
    if want in low:
        return low.index(want)
    return next((i for i, h in enumerate(low) if re.search(rf"\b{re.escape(want)}\b", h)), -1)


def _amount(cell: str) -> float | None:
    nums = re.findall(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?", cell)
    if len(nums) != 1:
        return None
    value = float(nums[0].replace(",", ""))
    return -value if re.search(r"(?:^|[^\w])[-−]\s*[$£€]?\s*\d", cell) or "(" in cell else value


def table_total_row(c: dict, text: str) -> bool:
    """A markdown table whose last row is its total: that row names `label` (default "total",
    a whole word) and its `column` cell is the sum of that column over the rows above it (within
    a cent), which hold one amount each and do not name the label; `items` such rows where given."""
    p = _params(c, {"column": str}, {"label": str, "items": int})
    if p.get("items") == 0:
        raise BadCheck("check 'table_total_row': items is at least 1")
    label = re.compile(rf"\b{re.escape(p.get('label', 'total').strip())}\b", re.I)
    if not words(text):
        return False
    for head, _, body in _tables(text):
        col = _column(head, p["column"])
        if col < 0 or len(body) < 2 or any(len(r) != len(head) for r in body):
            continue
        *items, last = body
        if not any(label.search(x) for i, x in enumerate(last) if i != col):
            continue
        if any(label.search(" ".join(r)) for r in items) or len(items) != p.get("items", len(items)):
            continue
        values = [_amount(r[col]) for r in items]
        total = _amount(last[col])
        if None in values or total is None:
            continue
        if abs(sum(values) - total) <= 0.011:
            return True
    return False


_ALIGN = {"left": ("left", "none"), "right": ("right",), "center": ("center",)}


def _alignment(sep: str) -> str:
    s = sep.replace(" ", "")
    left, right = s.startswith(":"), s.endswith(":")
    return "center" if left and right else "right" if right else "left" if left else "none"


def column_alignment(c: dict, text: str) -> bool:
    """A markdown table with the columns of `columns` (name -> left, right or center), each
    aligned so in its separator row (---: right, :---: center, :--- or plain --- left)."""
    p = _params(c, {"columns": dict})
    cols = _texts(c, p, "columns")
    if not all(v.lower() in _ALIGN for v in cols.values()):
        raise BadCheck("check 'column_alignment': each column is left, right or center")
    if not words(text):
        return False
    for head, seps, _ in _tables(text):
        at = {name: _column(head, name) for name in cols}
        if -1 in at.values():
            continue
        if all(_alignment(seps[i]) in _ALIGN[cols[name].lower()] for name, i in at.items()):
            return True
    return False


_NAMED = {"white": "#ffffff", "black": "#000000"}


def _css_value(v: str) -> str:
    v = re.sub(r"\s*!important\s*$", "", v.strip(), flags=re.I)
    v = re.sub(r"\s*,\s*", ",", " ".join(v.lower().split()))
    v = re.sub(r"#([0-9a-f])([0-9a-f])([0-9a-f])\b", r"#\1\1\2\2\3\3", v)
    v = re.sub(
        r"\brgb\((\d{1,3}),(\d{1,3}),(\d{1,3})\)",
        lambda m: "#" + "".join(f"{int(x):02x}" for x in m.groups()),
        v,
    )
    return _NAMED.get(v, v).replace("'", '"')


def _selector(s: str) -> str:
    return re.sub(r"\s*([>+~,])\s*", r"\1", " ".join(s.split())).lower()


def _css_blocks(source: str) -> dict[tuple[str, str], dict[str, str]]:
    """(media query, selector) -> {property: its last value}; "" for rules outside @media."""
    out: dict[tuple[str, str], dict[str, str]] = {}
    stack: list[str] = []
    buf = ""
    for ch in source:
        if ch == "{":
            stack.append(buf.strip())
            buf = ""
        elif ch == "}":
            prelude = stack.pop() if stack else ""
            if prelude and not prelude.startswith("@"):
                media = "".join(x for x in stack if x.lower().startswith("@media"))
                media = re.sub(r"\s+", "", media.lower().removeprefix("@media"))
                for decl in buf.split(";"):
                    if ":" not in decl:
                        continue
                    prop, value = (x.strip() for x in decl.split(":", 1))
                    for name in (_selector(x) for x in prelude.split(",")):
                        got = out.setdefault((media, name), {})
                        got[prop.lower()] = _css_value(value)
                        if prop.lower() == "background" and " " not in _css_value(value):
                            got["background-color"] = _css_value(value)
            buf = ""
        elif ch == ";" and not stack:
            buf = ""
        else:
            buf += ch
    return out


def _rule_map(c: dict, rules) -> dict:
    if (
        not isinstance(rules, dict)
        or not rules
        or not all(
            str(s).strip()
            and isinstance(d, dict)
            and d
            and all(str(k).strip() and isinstance(v, str) for k, v in d.items())
            for s, d in rules.items()
        )
    ):
        raise BadCheck("check 'css_declarations': rules map a selector to {property: value}")
    return rules


def css_declarations(c: dict, text: str) -> bool:
    """CSS rules: for each selector of `rules` (selector -> {property: value}; those of `media`,
    query -> rules, inside that @media), the blocks whose selector lists name it give each property
    that value in the end (the last one wins; a one-word background counts as background-color;
    any case and spacing, #abc, #aabbcc, rgb() and white / black alike; "a|b" for either, "" for
    any value)."""
    p = _params(c, {}, {"rules": dict, "media": dict})
    if not p:
        raise BadCheck("check 'css_declarations': give rules and / or media")
    wanted = [("", sel, d) for sel, d in _rule_map(c, p["rules"]).items()] if "rules" in p else []
    for query, rules in p.get("media", {}).items():
        wanted += [(re.sub(r"\s+", "", query.lower()), sel, d) for sel, d in _rule_map(c, rules).items()]
    if not words(text):
        return False
    blocks = _css_blocks(re.sub(r"/\*.*?\*/", " ", "\n".join(_fenced(text)) or text, flags=re.S))
    for media, sel, decls in wanted:
        got = blocks.get((media, _selector(sel)), {})
        for prop, value in decls.items():
            have = got.get(prop.strip().lower())
            if not have or (value.strip() and have not in {_css_value(v) for v in value.split("|")}):
                return False
    return True


# ------------------------------------------------------------------ server and desktop files

_STATUS = {"permanent": 301, "temp": 302, "seeother": 303}


def _redirect(line: str, path: str) -> tuple[int, str] | None:
    """(status, target) where this .htaccess line redirects `path`, else None."""
    t = [x.strip("\"'") for x in line.split()]
    if not t:
        return None
    kind = t[0].lower()
    try:
        if kind in ("redirect", "redirectpermanent", "redirecttemp", "redirectmatch"):
            args = t[1:]
            status = {"redirectpermanent": 301, "redirecttemp": 302}.get(kind, 302)
            if args and (args[0].lower() in _STATUS or args[0].isdigit()):
                status = _STATUS.get(args[0].lower()) or int(args[0])
                args = args[1:]
            if len(args) < 2:
                return None
            if kind == "redirectmatch":
                m = re.search(args[0], path)
                return (status, m.expand(args[1].replace("$", "\\"))) if m else None
            src = args[0].rstrip("/") or "/"
            return (status, args[1]) if path.rstrip("/") == src or path == args[0] else None
        if kind == "rewriterule" and len(t) >= 3:
            flags = t[3].strip("[]").split(",") if len(t) > 3 else []
            r = next((f for f in flags if f.upper().startswith("R")), None)
            if (
                r is None
                or r.upper() not in ("R", "REDIRECT")
                and not re.match(r"(?i)R(?:EDIRECT)?=\d{3}$", r)
            ):
                return None
            status = int(r.split("=")[1]) if "=" in r else 302
            for sub in (path.lstrip("/"), path):
                m = re.search(t[1], sub)
                if m:
                    return status, m.expand(t[2].replace("$", "\\"))
    except (re.error, IndexError, ValueError):
        return None
    return None


def _same_target(got: str, want: str) -> bool:
    if got == want or got.rstrip("/") == want.rstrip("/"):
        return True
    if want.startswith("/") and re.match(r"https?://", got):
        u = urlsplit(got)
        return (u.path + (f"?{u.query}" if u.query else "")).rstrip("/") == want.rstrip("/")
    return False


def apache_redirects(c: dict, text: str) -> bool:
    """Apache redirects (.htaccess): for each path of `redirects` (old path -> new path or URL),
    the first Redirect, RedirectMatch or RewriteRule [R] line that applies to it sends it there
    with `status` (default 301)."""
    p = _params(c, {"redirects": dict}, {"status": int})
    redirects = _texts(c, p, "redirects")
    status = p.get("status", 301)
    if not all(k.startswith("/") and v for k, v in redirects.items()) or not 300 <= status <= 308:
        raise BadCheck("check 'apache_redirects': paths start with /, status is 300 to 308")
    if not words(text):
        return False
    rows = [ln.split("#", 1)[0].strip() if not ln.strip().startswith("#") else "" for ln in text.splitlines()]
    for old, new in redirects.items():
        hit = next((r for r in (_redirect(ln, old) for ln in rows) if r), None)
        if hit is None or hit[0] != status or not _same_target(hit[1], new):
            return False
    return True


def hosts_entries(c: dict, text: str) -> bool:
    """A hosts file: each hostname of `hosts` (address -> hostnames) is on a line starting with its
    address, and no line maps it to another address of that IP version (::1 beside 127.0.0.1 is
    fine; comments aside; any case)."""
    p = _params(c, {"hosts": dict})
    if not p["hosts"]:
        raise BadCheck("check 'hosts_entries': hosts maps an address to hostnames")
    want = {}
    for ip, names in p["hosts"].items():
        try:
            addr = ipaddress.ip_address(str(ip).strip())
        except ValueError:
            raise BadCheck(f"check 'hosts_entries': {ip!r} is not an address") from None
        if (
            not isinstance(names, list)
            or not names
            or not all(isinstance(n, str) and n.strip() for n in names)
        ):
            raise BadCheck("check 'hosts_entries': each address maps to a list of hostnames")
        want.update({n.strip().lower(): addr for n in names})
    if not want or not words(text):
        return False
    seen: dict[str, set] = {}
    for ln in text.splitlines():
        tokens = ln.split("#", 1)[0].split()
        try:
            addr = ipaddress.ip_address(tokens[0]) if tokens else None
        except ValueError:
            continue
        for name in tokens[1:]:
            seen.setdefault(name.lower(), set()).add(addr)
    return all({x for x in seen.get(n, ()) if x.version == a.version} == {a} for n, a in want.items())


_LIST_KEYS = ("categories", "keywords", "mimetype", "actions", "onlyshowin", "notshowin")


def desktop_entry(c: dict, text: str) -> bool:
    """A freedesktop .desktop launcher: a [Desktop Entry] group whose keys give each value of
    `keys` (Categories and other ;-lists as sets, true / false in any case, "" for any value)."""
    p = _params(c, {"keys": dict})
    keys = _texts(c, p, "keys")
    if not words(text):
        return False
    got, inside = {}, False
    for ln in text.splitlines():
        s = ln.strip()
        if s.startswith("["):
            inside = s == "[Desktop Entry]"
        elif s.startswith("```"):
            inside = False
        elif inside and "=" in s and not s.startswith("#"):
            k, v = s.split("=", 1)
            got.setdefault(k.strip(), v.strip())
    for k, want in keys.items():
        have = got.get(k)
        if not have:
            return False
        if k.lower() in _LIST_KEYS:
            ok = {x for x in have.split(";") if x} == {x for x in want.split(";") if x}
        elif want.lower() in ("true", "false"):
            ok = have.lower() == want.lower()
        else:
            ok = not want or have == want or (k == "Exec" and have.startswith(want + " "))
        if not ok:
            return False
    return True


def _braced(s: str, at: int) -> tuple[str, int] | None:
    """The text of the {...} group starting at s[at], and the index after it."""
    if at >= len(s) or s[at] != "{":
        return None
    depth = 0
    for i in range(at, len(s)):
        depth += {"{": 1, "}": -1}.get(s[i], 0)
        if depth == 0:
            return s[at + 1 : i], i + 1
    return None


def _spec_columns(spec: str) -> str:
    spec = re.sub(r"[@!><]\{[^{}]*\}", "", spec)
    while (m := re.search(r"\*\{(\d+)\}\{([^{}]*)\}", spec)) is not None:
        spec = spec[: m.start()] + m.group(2) * int(m.group(1)) + spec[m.end() :]
    spec = re.sub(r"([pmbX])\{[^{}]*\}", r"\1", spec)
    return "".join(ch for ch in spec if ch in "lcrpmbX")


def _latex_cell(cell: str) -> str:
    cell = re.sub(r"\\(?:textbf|textit|emph|bfseries)\s*", "", cell)
    return " ".join(cell.replace("{", "").replace("}", "").split()).lower()


_RULES = re.compile(r"\\(?:hline|toprule|midrule|bottomrule|cline\{[^}]*\}|cmidrule(?:\([^)]*\))?\{[^}]*\})")


def latex_tabular(c: dict, text: str) -> bool:
    """A LaTeX tabular: its column spec has `columns` columns (aligned as `align`, like "lrr",
    where given), and it holds `header` as its first row where given, then `rows` more rows
    (all rows where no header is given), each with `columns` cells (rules like \\hline aside)."""
    p = _params(c, {"columns": int, "rows": int}, {"header": list, "align": str})
    if not p["columns"] or not p["rows"]:
        raise BadCheck("check 'latex_tabular': columns and rows at least 1")
    if (
        "header" in p
        and len(p["header"]) != p["columns"]
        or len(p.get("align", "x" * p["columns"])) != p["columns"]
    ):
        raise BadCheck("check 'latex_tabular': header and align give one entry per column")
    if not words(text):
        return False
    for m in re.finditer(r"\\begin\{tabular\}\s*(?:\[[^\]]*\])?\s*", text):
        spec = _braced(text, m.end())
        end = text.find("\\end{tabular}", spec[1]) if spec else -1
        if end < 0:
            continue
        cols = _spec_columns(spec[0])
        if len(cols) != p["columns"] or cols != p.get("align", cols):
            continue
        body = _RULES.sub(" ", text[spec[1] : end])
        rows = [r for r in re.split(r"\\\\(?:\[[^\]]*\])?", body) if r.strip()]
        cells = [[x.strip() for x in re.split(r"(?<!\\)&", r)] for r in rows]
        if any(len(r) != p["columns"] for r in cells):
            continue
        if "header" in p:
            if not cells or [_latex_cell(x) for x in cells[0]] != [h.strip().lower() for h in p["header"]]:
                continue
            cells = cells[1:]
        if len(cells) == p["rows"]:
            return True
    return False
