"""Check kinds added to the generic scorer for the test17 rows (test17_kinds.py has the rest and
TEST17_CHECKS): glob patterns, percent-encoding, .editorconfig, .gitattributes, CORS headers,
rsync, tar and ssh-keygen commands, argparse options, pytest tests and HTML lists. Bad parameters
raise BadCheck whatever the text; an answer with no word meets none. Kept apart so that no module
passes 550 lines; test17_kinds imports them."""

from __future__ import annotations

import ast
import re
from fnmatch import fnmatchcase
from urllib.parse import unquote, unquote_plus

from selfrefine.tasks.generic.scorer import BadCheck, _params, words
from selfrefine.tasks.generic.test13_kinds2 import _fenced
from selfrefine.tasks.generic.test16_kinds2 import _commands


def _bool_param(c: dict, p: dict, name: str) -> bool | None:
    """A "true" / "false" parameter as a bool (None when not given); anything else raises."""
    if name not in p:
        return None
    if p[name] not in ("true", "false"):
        raise BadCheck(f"check {c['check']!r}: {name} is 'true' or 'false'")
    return p[name] == "true"


def _settings_map(c: dict, v, what: str) -> dict[str, dict[str, str]]:
    """v: a non-empty mapping of file names to non-empty mappings of keys to texts (lower case)."""
    ok = isinstance(v, dict) and bool(v)
    for name, kv in v.items() if ok else ():
        ok &= bool(str(name).strip()) and isinstance(kv, dict) and bool(kv)
        ok = ok and all(str(k).strip() and isinstance(x, str) and x.strip() for k, x in kv.items())
    if not ok:
        raise BadCheck(f"check {c['check']!r}: {what} maps file names to settings")
    return {
        str(f).strip(): {str(k).strip().lower(): x.strip().lower() for k, x in kv.items()}
        for f, kv in v.items()
    }


def _sources(text: str) -> list[str]:
    """The answer's fenced code blocks, else the whole answer."""
    return _fenced(text) or [text]


# ------------------------------------------------------------------ glob patterns


def _braces(pattern: str) -> list[str]:
    """A pattern with its {a,b} alternatives expanded (nested ones too)."""
    m = re.search(r"\{([^{}]*,[^{}]*)\}", pattern)
    if not m:
        return [pattern]
    return [
        x for alt in m.group(1).split(",") for x in _braces(pattern[: m.start()] + alt + pattern[m.end() :])
    ]


def _glob_match(pattern: str, name: str) -> bool:
    """A shell glob on a file name: * ? [...] and {a,b}, case-sensitive."""
    return any(fnmatchcase(name, p) for p in _braces(pattern))


def glob_patterns(c: dict, text: str) -> bool:
    """A glob pattern (in backticks or a code block's line, quotes aside; * ? [...] and {a,b}
    alternatives, case-sensitive) that matches every name of `match` and none of `no_match`."""
    p = _params(c, {"match": list, "no_match": list})
    if set(p["match"]) & set(p["no_match"]):
        raise BadCheck("check 'glob_patterns': a name both matches and does not")
    spans = re.findall(r"`([^`\n]+)`", text) + [ln for body in _fenced(text) for ln in body.splitlines()]
    for span in spans:
        pat = span.strip().strip("\"'").strip()
        if not pat or " " in pat:
            continue
        if all(_glob_match(pat, x) for x in p["match"]) and not any(
            _glob_match(pat, x) for x in p["no_match"]
        ):
            return bool(words(text))
    return False


# ------------------------------------------------------------------ percent-encoding

_ENCODED = re.compile(r"[A-Za-z0-9._~%+\-]+")


def percent_encoded(c: dict, text: str) -> bool:
    """Percent-encoded strings: for each of `strings`, the answer holds it encoded as one run of
    unreserved characters (letters, digits, - . _ ~) and %XX escapes (a space as %20 or +), which
    decodes (as UTF-8) back to it exactly."""
    p = _params(c, {"strings": list})
    runs = set(_ENCODED.findall(text))
    for s in p["strings"]:
        ok = False
        for run in runs:
            if re.search(r"%(?![0-9A-Fa-f]{2})", run):
                continue
            ok |= unquote(run) == s or ("+" in run and unquote_plus(run) == s)
        if not ok:
            return False
    return bool(words(text))


# ------------------------------------------------------------------ .editorconfig and .gitattributes


def _editorconfig(source: str) -> tuple[bool, list[tuple[str, dict[str, str]]]]:
    """(root = true before the first section, the sections in order: glob -> settings)."""
    root, sections = False, []
    for ln in source.splitlines():
        s = ln.strip()
        if not s or s.startswith(("#", ";")):
            continue
        m = re.fullmatch(r"\[(.+)\]", s)
        if m:
            sections.append((m.group(1).strip(), {}))
            continue
        key, eq, value = s.partition("=")
        if not eq:
            continue
        key, value = key.strip().lower(), value.split(" #")[0].split(" ;")[0].strip().lower()
        if sections:
            sections[-1][1][key] = value
        elif key == "root":
            root = value == "true"
    return root, sections


def editorconfig(c: dict, text: str) -> bool:
    """An .editorconfig (a code block, else the answer): for each of `files` (a file name -> the
    settings it must get), the sections whose glob matches the name (a glob without / matches it
    anywhere; * ? [...] {a,b}; later sections win) give it every setting (values any case), and
    `root` "true" asks for root = true before the first section."""
    p = _params(c, {"files": dict}, {"root": str})
    want, root = _settings_map(c, p["files"], "files"), _bool_param(c, p, "root")
    for source in _sources(text) if words(text) else []:
        has_root, sections = _editorconfig(source)
        if not sections or (root and not has_root):
            continue
        ok = True
        for name, settings in want.items():
            got: dict[str, str] = {}
            for glob, kv in sections:
                pat = glob.lstrip("/")
                if _glob_match(pat, name if "/" in pat else name.rsplit("/", 1)[-1]):
                    got.update(kv)
            ok &= all(got.get(k) == v for k, v in settings.items())
        if ok:
            return True
    return False


def _attributes(tokens: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for tok in tokens:
        if tok == "binary":
            out.update({"binary": "set", "text": "unset", "diff": "unset", "merge": "unset"})
        elif tok.startswith("-"):
            out[tok[1:].lower()] = "unset"
        elif tok.startswith("!"):
            out.pop(tok[1:].lower(), None)
        elif "=" in tok:
            k, _, v = tok.partition("=")
            out[k.lower()] = v.lower()
        else:
            out[tok.lower()] = "set"
    return out


def gitattributes(c: dict, text: str) -> bool:
    """A .gitattributes file (a code block, else the answer): for each of `files` (a file name ->
    attributes: "set", "unset" or a value), the lines whose pattern matches the name (a pattern
    without / matches it anywhere; later lines win; `binary` is -text -diff -merge) give it each
    attribute as asked."""
    p = _params(c, {"files": dict})
    want = _settings_map(c, p["files"], "files")
    for source in _sources(text) if words(text) else []:
        rules = []
        for ln in source.splitlines():
            parts = ln.split()
            if len(parts) >= 2 and not parts[0].startswith("#"):
                rules.append((parts[0].lstrip("/"), _attributes(parts[1:])))
        ok = bool(rules)
        for name, attrs in want.items():
            got: dict[str, str] = {}
            for pattern, kv in rules:
                if _glob_match(pattern, name if "/" in pattern else name.rsplit("/", 1)[-1]):
                    got.update(kv)
            ok &= all(got.get(k) == v for k, v in attrs.items())
        if ok:
            return True
    return False


# ------------------------------------------------------------------ CORS

_CORS = re.compile(r"\b(Access-Control-[A-Za-z-]+)[\"'*_`]*\s*[:,=|]?\s*[\"'*_`]*([^\"'`|\r\n]*)", re.I)


def cors_headers(c: dict, text: str) -> bool:
    """CORS response headers (Name: value lines, or the name and its value quoted in code):
    Access-Control-Allow-Origin is exactly `origin`, Allow-Methods lists `methods` (OPTIONS and
    HEAD may be added, nothing else), Allow-Headers includes each of `headers`, Allow-Credentials
    is true when `credentials` is "true", Max-Age is `max_age` where given."""
    p = _params(c, {"origin": str, "methods": list}, {"headers": list, "credentials": str, "max_age": int})
    cred = _bool_param(c, p, "credentials")
    if not re.fullmatch(r"https?://[^\s/]+|\*", p["origin"]) or "max_age" in p and p["max_age"] < 1:
        raise BadCheck("check 'cors_headers': origin is scheme://host (or *); max_age above 0")
    got: dict[str, list[str]] = {}
    for name, value in _CORS.findall(text):
        got.setdefault(name.lower(), []).append(value.strip().strip("*_;, "))
    origin = [v.split()[0] for v in got.get("access-control-allow-origin", []) if v.split()]
    methods = [{m.upper() for m in re.findall(r"[A-Za-z]+", v)} - {"OPTIONS", "HEAD"} for v in
               got.get("access-control-allow-methods", [])]  # fmt: skip
    want_m = {m.upper() for m in p["methods"]} - {"OPTIONS", "HEAD"}
    allowed = [
        {h.lower() for h in re.findall(r"[A-Za-z0-9-]+", v)}
        for v in got.get("access-control-allow-headers", [])
    ]
    ok = p["origin"] in origin and want_m in methods
    ok &= not p.get("headers") or any({h.lower() for h in p["headers"]} <= a for a in allowed)
    ok &= not cred or "true" in [
        v.lower().split()[0] for v in got.get("access-control-allow-credentials", []) if v
    ]
    ages = [re.match(r"\d+", v) for v in got.get("access-control-max-age", [])]
    ok &= "max_age" not in p or str(p["max_age"]) in [a.group(0) for a in ages if a]
    return ok and bool(words(text))


# ------------------------------------------------------------------ rsync, tar, ssh-keygen

_RSYNC_SHORT = {"a": "archive", "v": "verbose", "z": "compress", "n": "dry-run", "r": "recursive",
                "h": "human-readable", "u": "update", "P": "progress", "q": "quiet", "c": "checksum",
                "e": "rsh"}  # fmt: skip


def _rsync(ws: list[str]) -> tuple[set[str], list[str], list[str]]:
    """(the long names of an rsync command's options, its --exclude patterns, its paths)."""
    flags, excludes, paths, i = set(), [], [], 0
    while i < len(ws):
        w = ws[i]
        if w.startswith("--"):
            key, eq, val = w[2:].partition("=")
            if key in ("exclude", "exclude-from", "include", "rsh", "filter") and not eq:
                i += 1
                val = ws[i] if i < len(ws) else ""
            if key == "exclude":
                excludes.append(val)
            flags.add("delete" if key.startswith("delete") else key)
            flags |= {"progress"} if key == "info" and "progress" in val else set()
        elif w.startswith("-") and len(w) > 1:
            flags |= {_RSYNC_SHORT.get(ch, ch) for ch in w[1:]}
            i += "e" in w[1:]
        else:
            paths.append(w)
        i += 1
    return flags, excludes, paths


def rsync_command(c: dict, text: str) -> bool:
    """An rsync command copying `source` (a trailing / as given: the folder's contents, else the
    folder) to `dest` (a trailing / aside) with each option of `flags` (long names: archive,
    delete, dry-run, ...; short ones like -avzn count) and each pattern of `exclude`."""
    p = _params(c, {"source": str, "dest": str}, {"flags": list, "exclude": list})
    if any(f.startswith("-") for f in p.get("flags", [])):
        raise BadCheck("check 'rsync_command': flags are long names without dashes")
    for ws in _commands(text, "rsync") if words(text) else []:
        flags, excludes, paths = _rsync(ws)
        if len(paths) < 2 or paths[-2] != p["source"] or paths[-1].rstrip("/") != p["dest"].rstrip("/"):
            continue
        if set(p.get("flags", [])) <= flags and set(p.get("exclude", [])) <= set(excludes):
            return True
    return False


_TAR_LONG = {"create": "c", "extract": "x", "gzip": "z", "gunzip": "z", "bzip2": "j", "xz": "J",
             "zstd": "zstd", "auto-compress": "a", "verbose": "v", "list": "t", "directory": "C",
             "file": "f"}  # fmt: skip
_COMPRESS = {"gzip": "z", "bzip2": "j", "xz": "J", "zstd": "zstd", "none": ""}
_SUFFIX = {
    "z": (".tar.gz", ".tgz"),
    "j": (".tar.bz2", ".tbz2"),
    "J": (".tar.xz", ".txz"),
    "zstd": (".tar.zst",),
}


def _tar(ws: list[str]) -> tuple[set[str], dict[str, str], list[str]]:
    """(a tar command's option letters, its -f / -C values, its other words)."""
    flags, values, rest, i = set(), {}, [], 0
    while i < len(ws):
        w = ws[i]
        if w.startswith("--"):
            key, eq, val = w[2:].partition("=")
            letter = _TAR_LONG.get(key, key)
            if letter in ("f", "C"):
                if not eq:
                    i += 1
                    val = ws[i] if i < len(ws) else ""
                values[letter] = val
            flags.add(letter)
        elif w.startswith("-") and len(w) > 1 or i == 0 and re.fullmatch(r"[cxtzjJvfaC]+", w):
            cluster = w.lstrip("-")
            for k, ch in enumerate(cluster):
                flags.add(ch)
                if ch in ("f", "C"):
                    val = cluster[k + 1 :]
                    if not val:
                        i += 1
                        val = ws[i] if i < len(ws) else ""
                    values[ch] = val
                    break
        else:
            rest.append(w)
        i += 1
    return flags, values, rest


def tar_command(c: dict, text: str) -> bool:
    """A tar command: `mode` "create" packs each of `sources` into `archive` with `compression`
    (gzip, bzip2, xz, zstd or none; -a with the matching suffix counts); "extract" unpacks
    `archive` (any compression flag or none), into `directory` (-C) where given."""
    p = _params(c, {"archive": str, "mode": str}, {"sources": list, "compression": str, "directory": str})
    if p["mode"] not in ("create", "extract") or p.get("compression", "none") not in _COMPRESS:
        raise BadCheck(
            "check 'tar_command': mode create or extract; compression gzip, bzip2, xz, zstd or none"
        )
    if (p["mode"] == "create") != ("sources" in p) or "directory" in p and p["mode"] == "create":
        raise BadCheck(
            "check 'tar_command': sources for create only (and needed), directory for extract only"
        )
    for ws in _commands(text, "tar") if words(text) else []:
        flags, values, rest = _tar(ws)
        if values.get("f") != p["archive"]:
            continue
        if p["mode"] == "extract":
            ok = "x" in flags and "c" not in flags
            ok &= "directory" not in p or values.get("C", "").rstrip("/") == p["directory"].rstrip("/")
        else:
            want = _COMPRESS[p.get("compression", "none")]
            have = {x for x in flags if x in ("z", "j", "J", "zstd")}
            auto = "a" in flags and not have and want and p["archive"].endswith(_SUFFIX[want])
            ok = "c" in flags and "x" not in flags and (have == ({want} if want else set()) or bool(auto))
            ok &= {s.rstrip("/") for s in rest} == {s.rstrip("/") for s in p["sources"]}
        if ok:
            return True
    return False


def ssh_keygen_command(c: dict, text: str) -> bool:
    """An ssh-keygen command making a key of `type` (-t), with `bits` (-b), `comment` (-C) and the
    file `file` (-f) where given."""
    p = _params(c, {"type": str}, {"bits": int, "comment": str, "file": str})
    if p["type"] not in ("ed25519", "rsa", "ecdsa", "ed25519-sk", "ecdsa-sk") or p.get("bits", 1024) < 1024:
        raise BadCheck("check 'ssh_keygen_command': type ed25519, rsa or ecdsa (-sk); bits from 1024")
    want = {
        "-t": p["type"],
        "-b": str(p.get("bits", "")),
        "-C": p.get("comment", ""),
        "-f": p.get("file", ""),
    }
    for ws in _commands(text, "ssh-keygen") if words(text) else []:
        got, i = {}, 0
        while i < len(ws):
            if re.fullmatch(r"-[tbCfNa]", ws[i]) and i + 1 < len(ws):
                got[ws[i]] = ws[i + 1]
                i += 1
            elif re.fullmatch(r"-[tbCf].+", ws[i]):
                got[ws[i][:2]] = ws[i][2:]
            i += 1
        if all(got.get(k) == v for k, v in want.items() if v):
            return True
    return False


# ------------------------------------------------------------------ Python: argparse and pytest


def _modules(text: str) -> list[ast.Module]:
    """The answer's Python code blocks (else the whole answer) that parse."""
    out = []
    for source in _sources(text):
        try:
            out.append(ast.parse(source))
        except (SyntaxError, ValueError):
            continue
    return out


def argparse_flags(c: dict, text: str) -> bool:
    """A Python script with argparse: add_argument calls give each option of `flags` (its long or
    short form, as written) and each of `positional`; each of `store_true` (among `flags`) has
    action="store_true"."""
    p = _params(c, {"flags": list}, {"positional": list, "store_true": list})
    if not all(f.startswith("-") for f in p["flags"]) or not set(p.get("store_true", [])) <= set(p["flags"]):
        raise BadCheck("check 'argparse_flags': flags start with '-', store_true among them")
    for tree in _modules(text) if words(text) else []:
        calls = [
            n
            for n in ast.walk(tree)
            if isinstance(n, ast.Call) and getattr(n.func, "attr", "") == "add_argument"
        ]
        names: dict[str, str | None] = {}
        for call in calls:
            action = next((k.value.value for k in call.keywords if k.arg == "action"
                           and isinstance(k.value, ast.Constant)), None)  # fmt: skip
            for a in call.args:
                if isinstance(a, ast.Constant) and isinstance(a.value, str):
                    names[a.value] = action
        uses = "ArgumentParser" in ast.dump(tree)
        ok = uses and all(f in names for f in p["flags"]) and all(x in names for x in p.get("positional", []))
        if ok and all(names[f] == "store_true" for f in p.get("store_true", [])):
            return True
    return False


def _calls(node: ast.AST, name: str) -> bool:
    return any(
        isinstance(n, ast.Call)
        and (getattr(n.func, "id", None) == name or getattr(n.func, "attr", None) == name)
        for n in ast.walk(node)
    )


def pytest_functions(c: dict, text: str) -> bool:
    """pytest tests: exactly `n` test functions (test_* at module level or in a Test* class), each
    with an assert or a pytest.raises, and each calling `function` where given."""
    p = _params(c, {"n": int}, {"function": str})
    if p["n"] < 1:
        raise BadCheck("check 'pytest_functions': n is at least 1")
    for tree in _modules(text) if words(text) else []:
        tests = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test")]
        for cls in (n for n in tree.body if isinstance(n, ast.ClassDef) and n.name.startswith("Test")):
            tests += [n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test")]
        checked = [any(isinstance(x, ast.Assert) for x in ast.walk(t)) or _calls(t, "raises") for t in tests]
        called = [not p.get("function") or _calls(t, p["function"]) for t in tests]
        if len(tests) == p["n"] and all(checked) and all(called):
            return True
    return False


# ------------------------------------------------------------------ HTML lists


def html_list(c: dict, text: str) -> bool:
    """An HTML list: a <ul> (`ordered` "false") or <ol> ("true"), or either where not given, closed,
    with exactly `n` <li> items, each closed and holding words; each item holds a link (<a href>)
    when `links` is "true"; each of `items` is in one of them (any case)."""
    p = _params(c, {"n": int}, {"ordered": str, "links": str, "items": list})
    ordered, links = _bool_param(c, p, "ordered"), _bool_param(c, p, "links")
    if p["n"] < 1:
        raise BadCheck("check 'html_list': n is at least 1")
    tags = {True: ("ol",), False: ("ul",), None: ("ul", "ol")}[ordered]
    for tag, body in re.findall(r"<(ul|ol)\b[^>]*>(.*?)</\1\s*>", text, re.I | re.S):
        if tag.lower() not in tags:
            continue
        items = re.findall(r"<li\b[^>]*>(.*?)</li\s*>", body, re.I | re.S)
        if len(items) != p["n"] or len(re.findall(r"<li\b", body, re.I)) != p["n"]:
            continue
        plain = [re.sub(r"<[^>]+>", " ", x) for x in items]
        ok = all(words(x) for x in plain)
        ok &= not links or all(re.search(r"<a\b[^>]*\bhref\s*=\s*[\"'][^\"']+[\"']", x, re.I) for x in items)
        ok &= all(any(w.lower() in x.lower() for x in plain) for w in p.get("items", []))
        if ok:
            return True
    return False
