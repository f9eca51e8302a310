"""The file and code formats among the check kinds added to the generic scorer for the test12 rows
(tasks/generic/test12_kinds.py has the rest and TEST12_CHECKS): YAML and JSON keys, an SQLite
query's result, a curl command, an nginx server block, an ssh config, a sitemap, an SVG image, a
Mermaid sequence diagram and a pinned requirements.txt, on the terms of the scorer's own kinds:
bad parameters raise BadCheck whatever the text, and an answer with no word meets none. Kept apart
so that no module passes 550 lines; test12_kinds imports them."""

from __future__ import annotations

import json
import math
import re
import shlex
import sqlite3
import time
import xml.etree.ElementTree as ET

import yaml

from selfrefine.tasks.generic.scorer import BadCheck, _params, words
from selfrefine.tasks.generic.test11_kinds2 import _blocks_or_text, _dotted


def _list_of_lists(c: dict, name: str) -> list[list]:
    """c[name], a non-empty list of non-empty lists of numbers and strings."""
    v = c.get(name)
    if not isinstance(v, list) or not v or not all(isinstance(r, list) and r for r in v):
        raise BadCheck(f"check {c['check']!r}: {name} must be a list of rows")
    if not all(isinstance(x, (int, float, str)) and not isinstance(x, bool) for r in v for x in r):
        raise BadCheck(f"check {c['check']!r}: a cell of {name} is not a number or a string")
    return v


# ------------------------------------------------------------------ YAML and JSON keys

_BOOL, _INT, _FLOAT = (f"tag:yaml.org,2002:{t}" for t in ("bool", "int", "float"))


class _Yaml12(yaml.SafeLoader):
    """YAML read as YAML 1.2 tools read it: `on`, `yes` and `no` are strings, 8080:80 is not a
    base-60 number."""


_Yaml12.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag not in (_BOOL, _INT, _FLOAT)]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Yaml12.add_implicit_resolver(_BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
_Yaml12.add_implicit_resolver(_INT, re.compile(r"^[-+]?[0-9]+$"), list("-+0123456789"))
_Yaml12.add_implicit_resolver(
    _FLOAT, re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)(?:[eE][-+]?[0-9]+)?$"), list("-+0123456789.")
)


def _scalar(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return "null" if v is None else str(v).strip()


def _find(node, parts: list[str]) -> list:
    """The values at a dotted path ("*" stands for any key or any item of a list)."""
    if not parts:
        return [node]
    head, rest = parts[0], parts[1:]
    if isinstance(node, dict):
        found = list(node.values()) if head == "*" else [v for k, v in node.items() if _scalar(k) == head]
    elif isinstance(node, list) and head == "*":
        found = node
    else:
        return []
    return [x for ch in found for x in _find(ch, rest)]


def _holds(node, want: str) -> bool:
    """A value is `want`: a scalar written so, a list with it as an item, a mapping with it as a key."""
    if isinstance(node, dict):
        return want in {_scalar(k) for k in node}
    if isinstance(node, list):
        return want in {_scalar(x) for x in node if not isinstance(x, (dict, list))}
    return _scalar(node) == want


def _has_keys(doc, keys: list[tuple[list[str], str | None]]) -> bool:
    return isinstance(doc, dict) and all(
        (found := _find(doc, parts)) and (want is None or any(_holds(x, want) for x in found))
        for parts, want in keys
    )


def yaml_keys(c: dict, text: str) -> bool:
    """A YAML file (docker-compose.yml, a CI workflow), in one code block (else the whole answer),
    read as YAML 1.2 reads it, with each "a.b.c" of `keys` ("*" for any key or list item) set; with
    "=value", one of the values there is that scalar, a list holding it or a mapping with it as a
    key."""
    p = _params(c, {"keys": list})
    keys = _dotted(c, p["keys"])
    if not words(text):
        return False
    for source in _blocks_or_text(text):
        try:
            doc = yaml.load(source, Loader=_Yaml12)  # noqa: S506 - a SafeLoader
        except yaml.YAMLError:
            continue
        if _has_keys(doc, keys):
            return True
    return False


def json_paths(c: dict, text: str) -> bool:
    """A JSON file (package.json, a settings file), in one code block (else the whole answer), that
    parses as one JSON object with each "a.b.c" of `keys` set; with "=value", to that value (true,
    false and numbers as JSON writes them), a list holding it or an object with it as a key."""
    p = _params(c, {"keys": list})
    keys = _dotted(c, p["keys"])
    if not words(text):
        return False
    for source in _blocks_or_text(text):
        try:
            doc = json.loads(source)
        except (ValueError, RecursionError):
            continue
        if _has_keys(doc, keys):
            return True
    return False


# ------------------------------------------------------------------ SQL and HTTP

_SQL_COMMENT = re.compile(r"--[^\n]*|/\*.*?\*/", re.S)


def _same_cell(got, want) -> bool:
    if isinstance(want, (int, float)):
        return isinstance(got, (int, float)) and math.isclose(got, want, abs_tol=0.005)
    return isinstance(got, str) and got.strip() == want.strip()


def sql_query_result(c: dict, text: str) -> bool:
    """An SQLite query: the first SELECT (or WITH) statement of the answer's code blocks (else of
    the whole answer), run on a database made by `setup`, gives exactly `rows` (numbers within half
    a cent), in that order unless `ordered` is "no"."""
    p = _params({k: v for k, v in c.items() if k != "rows"}, {"setup": str}, {"ordered": str})
    want = _list_of_lists(c, "rows")
    if p.get("ordered", "yes") not in ("yes", "no"):
        raise BadCheck("check 'sql_query_result': ordered is yes or no")
    try:
        probe = sqlite3.connect(":memory:")
        probe.executescript(p["setup"])
        probe.close()
    except sqlite3.Error as exc:
        raise BadCheck(f"check 'sql_query_result': setup fails ({exc})") from None
    if not words(text):
        return False
    blocks = re.findall(r"```[^\n`]*\n(.*?)```", text, re.S) or [text]
    statements = [s.strip() for b in blocks for s in _SQL_COMMENT.sub(" ", b).split(";")]
    query = next((s for s in statements if re.match(r"(?:SELECT|WITH)\b", s, re.I)), None)
    if query is None:
        return False
    db = sqlite3.connect(":memory:")
    deadline = time.monotonic() + 2
    db.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
    try:
        db.executescript(p["setup"])
        got = [list(r) for r in db.execute(query).fetchall()]
    except (sqlite3.Error, sqlite3.Warning):
        return False
    finally:
        db.close()
    if len(got) != len(want) or any(len(g) != len(w) for g, w in zip(got, want)):
        return False
    if p.get("ordered", "yes") == "no":
        got, want = sorted(got, key=repr), sorted(want, key=repr)
    return all(_same_cell(g, w) for gr, wr in zip(got, want) for g, w in zip(gr, wr))


def _curl_commands(text: str) -> list[list[str]]:
    """Each curl command of the answer as its words (continued lines and quoted line breaks joined)."""
    rows = re.sub(r"\\\r?\n", " ", text).splitlines()
    out = []
    for i, ln in enumerate(rows):
        m = re.search(r"(?:^|[\s`$>])(curl\s.*)$", ln)
        if not m:
            continue
        for j in range(i, min(i + 30, len(rows))):
            try:
                out.append(shlex.split("\n".join([m.group(1), *rows[i + 1 : j + 1]]).rstrip("`")))
                break
            except ValueError:
                continue
    return out


def curl_command(c: dict, text: str) -> bool:
    """A curl command: to `url`, with the method `method` (given with -X, or POST when it sends
    data and gives none), each header of `headers` ("Name" or "Name: start of the value", the name
    in any case; --json counts as a JSON Content-Type), and with `json` a body (-d, --data,
    --data-raw, --json) that is a JSON object holding each of its keys with that value."""
    p = _params(c, {"url": str}, {"method": str, "headers": list, "json": dict})
    heads = [h.partition(":") for h in p.get("headers", ())]
    if any(not n.strip() or re.search(r"\s", n.strip()) for n, _, _ in heads):
        raise BadCheck("check 'curl_command': a header is 'Name' or 'Name: value'")
    if not words(text):
        return False
    for argv in _curl_commands(text):
        method, url, headers, body = None, None, [], None
        it = iter(argv[1:])
        for a in it:
            if a in ("-X", "--request"):
                method = next(it, "").upper()
            elif a in ("-H", "--header"):
                name, _, value = next(it, "").partition(":")
                headers.append((name.strip().lower(), value.strip()))
            elif a in ("-d", "--data", "--data-raw", "--data-binary", "--json"):
                body = next(it, "")
                if a == "--json":
                    headers += [("content-type", "application/json"), ("accept", "application/json")]
            elif re.match(r"https?://", a):
                url = a
        method = method or ("POST" if body is not None else "GET")
        if url is None or url.rstrip("/") != p["url"].strip().rstrip("/"):
            continue
        if "method" in p and method != p["method"].strip().upper():
            continue
        if not all(
            any(n == name.strip().lower() and v.lower().startswith(val.strip().lower()) for n, v in headers)
            for name, _, val in heads
        ):
            continue
        if "json" in p:
            try:
                data = json.loads(body or "")
            except ValueError:
                continue
            if not isinstance(data, dict) or any(k not in data or data[k] != v for k, v in p["json"].items()):
                continue
        return True
    return False


# ------------------------------------------------------------------ server configuration


def _nginx_tree(source: str) -> list | None:
    """An nginx config as [(name, args, children or None)], None when its braces do not match."""
    tokens = re.findall(r"\"[^\"]*\"|'[^']*'|[{};]|[^\s{};\"']+", re.sub(r"#[^\n]*", "", source))
    stack: list[list] = [[]]
    current: list[str] = []
    for t in tokens:
        if t == ";":
            if current:
                stack[-1].append((current[0], current[1:], None))
            current = []
        elif t == "{":
            if not current:
                return None
            block: list = []
            stack[-1].append((current[0], current[1:], block))
            stack.append(block)
            current = []
        elif t == "}":
            if len(stack) == 1 or current:
                return None
            stack.pop()
        else:
            current.append(t.strip("\"'"))
    return stack[0] if len(stack) == 1 and not current else None


def _walk(tree: list, name: str) -> list:
    out = []
    for n, args, kids in tree:
        if n == name:
            out.append((args, kids))
        if kids:
            out += _walk(kids, name)
    return out


def _upstream(url: str, upstreams: dict[str, list[str]]) -> set[str]:
    """Where a proxy_pass sends to: the address, or the servers of the upstream block it names."""
    url = url.strip().rstrip("/").lower()
    scheme, _, host = url.partition("://")
    out = {f"{scheme}://{x}" for x in upstreams.get(host, [])} | {url}
    return {x.replace("://localhost", "://127.0.0.1") for x in out}


def nginx_server(c: dict, text: str) -> bool:
    """An nginx server block, in one code block (else the whole answer), its braces matching: it
    listens on port `listen` (default 80), names `server_name`, and with `proxy_pass` has a
    location that passes to that address (localhost and 127.0.0.1 alike, a trailing / aside) and
    sets each header of `headers` with proxy_set_header there or in the server."""
    p = _params(c, {"server_name": str}, {"listen": int, "proxy_pass": str, "headers": list})
    port = p.get("listen", 80)
    if not 1 <= port <= 65535:
        raise BadCheck("check 'nginx_server': listen is a port")
    if not words(text):
        return False
    for source in _blocks_or_text(text):
        tree = _nginx_tree(source) or []
        upstreams = {
            args[0].lower(): [a[0].lower() for n, a, _ in kids or [] if n == "server" and a]
            for args, kids in _walk(tree, "upstream")
            if args
        }
        for _, kids in _walk(tree, "server"):
            kids = kids or []
            listens = [a for args, _ in _walk(kids, "listen") for a in args[:1]]
            if not any(re.fullmatch(rf"(?:.*:)?{port}", a) for a in listens):
                continue
            if p["server_name"].strip().lower() not in {
                a.lower() for args, _ in _walk(kids, "server_name") for a in args
            }:
                continue
            if "proxy_pass" not in p:
                return True
            own = {a[0].lower() for n, a, k in kids if n == "proxy_set_header" and a}
            for _, loc in _walk(kids, "location"):
                loc = loc or []
                passes = [a[0] for n, a, _ in loc if n == "proxy_pass" and a]
                heads = own | {a[0].lower() for n, a, _ in loc if n == "proxy_set_header" and a}
                if _upstream(p["proxy_pass"], {}) & {
                    y for x in passes for y in _upstream(x, upstreams)
                } and all(h.strip().lower() in heads for h in p.get("headers", ())):
                    return True
    return False


def ssh_config_hosts(c: dict, text: str) -> bool:
    """An ~/.ssh/config, in one code block (else the whole answer): "Host alias" lines, each
    followed by "Key value" (or Key=value) lines; every alias of `hosts` (alias -> {Key: value})
    has a Host line naming it, under which each Key (any case) has that value (quotes aside)."""
    p = _params(c, {"hosts": dict})
    hosts = p["hosts"]
    if not hosts or not all(
        isinstance(v, dict) and all(isinstance(x, (str, int)) and str(x).strip() for x in v.values())
        for v in hosts.values()
    ):
        raise BadCheck("check 'ssh_config_hosts': hosts maps an alias to {Key: value}")
    if not words(text):
        return False
    for source in _blocks_or_text(text):
        found: dict[str, dict] = {}
        current: list[str] = []
        for ln in source.splitlines():
            m = re.match(r"\s*([A-Za-z]+)\s*(?:=|\s)\s*(.+?)\s*$", ln.split("#", 1)[0])
            if not m:
                continue
            key, value = m.group(1).lower(), m.group(2).strip().strip("\"'")
            if key == "host":
                current = value.split()
                for alias in current:
                    found.setdefault(alias, {})
            elif key == "match":
                current = []
            else:
                for alias in current:
                    found[alias].setdefault(key, value)
        if all(
            alias in found and all(found[alias].get(k.lower()) == str(v).strip() for k, v in want.items())
            for alias, want in hosts.items()
        ):
            return True
    return False


# ------------------------------------------------------------------ XML, diagrams and pins

_SITEMAP_NS = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


def _xml(source: str) -> ET.Element | None:
    try:
        return ET.fromstring(source.strip())
    except ET.ParseError:
        return None


def sitemap_urls(c: dict, text: str) -> bool:
    """A sitemap.xml, in one code block (else the whole answer): a <urlset> in the sitemaps
    namespace whose <url> entries' <loc>s are exactly `urls` (a trailing / aside), each with a
    <lastmod> on the date `lastmod` where one is given."""
    p = _params(c, {"urls": list}, {"lastmod": str})
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", p.get("lastmod", "2000-01-01").strip()):
        raise BadCheck("check 'sitemap_urls': lastmod is YYYY-MM-DD")
    want = sorted(u.strip().rstrip("/") for u in p["urls"])
    if not words(text):
        return False
    for source in _blocks_or_text(text):
        root = _xml(source)
        if root is None or root.tag != _SITEMAP_NS + "urlset":
            continue
        entries = root.findall(_SITEMAP_NS + "url")
        locs = [(e.findtext(_SITEMAP_NS + "loc") or "").strip().rstrip("/") for e in entries]
        if sorted(locs) != want:
            continue
        if "lastmod" in p and not all(
            (e.findtext(_SITEMAP_NS + "lastmod") or "").strip().startswith(p["lastmod"].strip())
            for e in entries
        ):
            continue
        return True
    return False


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def svg_image(c: dict, text: str) -> bool:
    """An SVG image, in one code block (else the whole answer): well-formed XML with an <svg> root
    whose viewBox is `viewbox` (spaces or commas apart), holding an element of each of `elements`
    ("path|polyline" for either), and each "name=value" of `attrs` set on the root or an element."""
    p = _params(c, {}, {"viewbox": str, "elements": list, "attrs": list})
    box = p.get("viewbox", "").replace(",", " ").split()
    if "viewbox" in p and (len(box) != 4 or not all(re.fullmatch(r"-?\d+(?:\.\d+)?", x) for x in box)):
        raise BadCheck("check 'svg_image': viewbox is four numbers")
    attrs = [a.partition("=") for a in p.get("attrs", ())]
    if any(not n.strip() or not eq for n, eq, _ in attrs):
        raise BadCheck("check 'svg_image': attrs are name=value")
    if not words(text):
        return False
    for source in _blocks_or_text(text):
        root = _xml(source)
        if root is None or _local(root.tag) != "svg":
            continue
        if "viewbox" in p and [float(x) for x in box] != [
            float(x) if re.fullmatch(r"-?\d+(?:\.\d+)?", x) else math.nan
            for x in root.get("viewBox", "").replace(",", " ").split()
        ]:
            continue
        tags = {_local(e.tag) for e in root.iter()}
        if not all(set(alts.split("|")) & tags for alts in p.get("elements", ())):
            continue
        if all(any((e.get(n.strip()) or "").strip() == v.strip() for e in root.iter()) for n, _, v in attrs):
            return True
    return False


_ARROW = re.compile(r"^\s*([^:\n]+?)\s*(--?>>|--?>|--?x|--?\))\s*[+-]?\s*([^:\n]+?)\s*:(.*)$")


def mermaid_sequence(c: dict, text: str) -> bool:
    """A Mermaid sequence diagram, in one code block (else the whole answer): "sequenceDiagram"
    first (%% comments and a --- front matter block aside), and its messages ("A->>B: text", any
    arrow; a participant named by its id or its "as" name, any case) hold each "from>to" of
    `messages`, in that order."""
    p = _params(c, {"messages": list})
    want = [tuple(x.strip().lower() for x in m.split(">")) for m in p["messages"]]
    if any(len(w) != 2 or not all(w) for w in want):
        raise BadCheck("check 'mermaid_sequence': messages are from>to")
    if not words(text):
        return False
    for source in _blocks_or_text(text):
        body = [ln.strip() for ln in source.splitlines() if ln.strip() and not ln.strip().startswith("%%")]
        if body and body[0] == "---" and "---" in body[1:]:
            body = body[body.index("---", 1) + 1 :]
        if not body or body[0] != "sequenceDiagram":
            continue
        names: dict[str, set] = {}
        sent = []
        for ln in body[1:]:
            m = re.match(r"(?:participant|actor)\s+(.+?)(?:\s+as\s+(.+))?$", ln, re.I)
            if m:
                key = m.group(1).strip().lower()
                names[key] = {key, (m.group(2) or key).strip().strip("\"'").lower()}
                continue
            m = _ARROW.match(ln)
            if m:
                ends = [x.strip().lower() for x in (m.group(1), m.group(3))]
                sent.append([names.get(x, {x}) for x in ends])
        at = 0
        for a, b in want:
            at = next((i + 1 for i in range(at, len(sent)) if a in sent[i][0] and b in sent[i][1]), -1)
            if at < 0:
                break
        if at >= 0:
            return True
    return False


_PIN = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*(===?|>=|<=|~=|!=|<|>)?\s*([^\s;#]*)")


def _norm_pkg(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirements_pins(c: dict, text: str) -> bool:
    """A requirements.txt, in one code block (else the answer's requirement-like lines): every
    requirement line is pinned to an exact version ("name==1.2.3"; comments, markers and -r / --
    options aside), and each package of `packages` (any case, - _ . alike) is one of them."""
    p = _params(c, {"packages": list})
    if not words(text):
        return False
    wanted = {_norm_pkg(x.strip()) for x in p["packages"]}
    blocks = re.findall(r"```[^\n`]*\n(.*?)```", text, re.S)
    for source in blocks or [text]:
        pinned, ok = set(), True
        for ln in source.splitlines():
            s = ln.split(" #", 1)[0].strip()
            if not s or s.startswith(("#", "-")):
                continue
            m = _PIN.fullmatch(s.split(";", 1)[0].strip())
            if not m and blocks:
                ok = False
                break
            if not m or (not blocks and not m.group(3) and _norm_pkg(m.group(1)) not in wanted):
                continue
            if m.group(3) != "==" or not re.fullmatch(
                r"\d+(?:\.\d+)*(?:[a-z]+\d*)?(?:\.post\d+)?", m.group(4)
            ):
                ok = False
                break
            pinned.add(_norm_pkg(m.group(1)))
        if ok and wanted <= pinned:
            return True
    return False
