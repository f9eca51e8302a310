"""Check kinds added to the generic scorer for the test18 rows (test18_kinds.py has the rest and
TEST18_CHECKS): shell commands (find, grep, ln -s, mv, a virtual environment, a new git branch, a
git tag). Bad parameters raise BadCheck whatever the text; an answer with no word meets none. Kept
apart so that no module passes 550 lines; test18_kinds imports them."""

from __future__ import annotations

import re
import shlex

from selfrefine.tasks.generic.scorer import BadCheck, _params, words


def _bool_param(c: dict, p: dict, name: str) -> bool | None:
    """A "true" / "false" parameter as a bool (None when not given); anything else raises."""
    if name not in p:
        return None
    if p[name] not in ("true", "false"):
        raise BadCheck(f"check {c['check']!r}: {name} is 'true' or 'false'")
    return p[name] == "true"


def _commands_at(text: str, program: str) -> list[tuple[int, list[str]]]:
    """Each command the answer runs with `program` (a regex), as (where it starts, its shell
    words): the rest of its line (a backslash at a line's end joins the next) up to a backtick,
    &&, ||, ; (find's \\; aside), | or a # comment."""
    joined = re.sub(r"\\[ \t]*\n", " ", text)
    out = []
    for m in re.finditer(rf"(?<![\w./-])(?:{program})(?![\w-])", joined):
        rest = joined[m.end() :].split("\n", 1)[0]
        rest = re.split(r"`|&&|\|\||(?<!\\);|\s\|\s|\s#", rest)[0]
        try:
            out.append((m.start(), shlex.split(rest)))
        except ValueError:
            continue
    return out


def _commands(text: str, program: str) -> list[list[str]]:
    return [ws for _, ws in _commands_at(text, program)]


def _path(p: str) -> str:
    """A path as compared: ./ and a trailing / aside, $HOME as ~."""
    p = re.sub(r"^(?:\$HOME|\$\{HOME\})(?=/|$)", "~", p.strip())
    p = p[2:] if p.startswith("./") and len(p) > 2 else p
    return p.rstrip("/") or "/"


# ------------------------------------------------------------------ find and grep


def find_command(c: dict, text: str) -> bool:
    """A find command searching `path` (among its starting points) with each test given: -name
    (or -iname) `name`, -size `size`, -mtime one of `mtime`, -type `type`, and -delete (or -exec
    rm) when `delete` is "true"."""
    p = _params(c, {"path": str}, {"name": str, "size": str, "mtime": list, "type": str, "delete": str})
    delete = _bool_param(c, p, "delete")
    if "size" in p and not re.fullmatch(r"[+-]?\d+[ckMGbw]?", p["size"]):
        raise BadCheck("check 'find_command': size is like +100M")
    if not all(re.fullmatch(r"[+-]?\d+", m) for m in p.get("mtime", [])) or p.get("type", "f") not in "fdl":
        raise BadCheck("check 'find_command': mtime values are like +7; type is f, d or l")
    for ws in _commands(text, "find") if words(text) else []:
        starts = []
        while ws and not ws[0].startswith(("-", "(", "!", "\\(")):
            starts.append(_path(ws.pop(0)))
        tests: dict[str, list[str]] = {}
        for i, w in enumerate(ws):
            if w in ("-name", "-iname", "-size", "-mtime", "-type") and i + 1 < len(ws):
                tests.setdefault(w.lstrip("-").replace("iname", "name"), []).append(ws[i + 1])
        removes = "-delete" in ws or any(
            w == "-exec" and ws[i + 1 : i + 2] == ["rm"] for i, w in enumerate(ws)
        )
        ok = _path(p["path"]) in starts
        ok &= all(p[k] in tests.get(k, []) for k in ("name", "size", "type") if k in p)
        ok &= "mtime" not in p or bool(set(p["mtime"]) & set(tests.get("mtime", [])))
        if ok and (not delete or removes):
            return True
    return False


_GREP_LONG = {"ignore-case": "i", "line-number": "n", "recursive": "r", "dereference-recursive": "r",
              "files-with-matches": "l", "word-regexp": "w", "invert-match": "v", "count": "c",
              "fixed-strings": "F", "extended-regexp": "E", "with-filename": "H"}  # fmt: skip


def _grep(ws: list[str]) -> tuple[set[str], list[str], list[str], list[str]]:
    """(a grep command's option letters, its -e patterns, its --include globs, its other words)."""
    flags, patterns, includes, rest, i = set(), [], [], [], 0
    while i < len(ws):
        w = ws[i]
        if w.startswith("--"):
            key, eq, val = w[2:].partition("=")
            if key in ("include", "regexp", "exclude", "exclude-dir") and not eq:
                i += 1
                val = ws[i] if i < len(ws) else ""
            if key == "include":
                includes.append(val)
            elif key == "regexp":
                patterns.append(val)
            flags.add(_GREP_LONG.get(key, key))
        elif w.startswith("-") and len(w) > 1:
            for k, ch in enumerate(w[1:]):
                if ch == "e":
                    val = w[k + 2 :]
                    if not val:
                        i += 1
                        val = ws[i] if i < len(ws) else ""
                    patterns.append(val)
                    break
                flags.add("r" if ch == "R" else ch)
        else:
            rest.append(w)
        i += 1
    return flags, patterns, includes, rest


def grep_command(c: dict, text: str) -> bool:
    """A grep command looking for `pattern` (any case where -i is among its options) under `path`,
    with each option letter of `flags` (-R counts as r; long names like --ignore-case count) and
    --include `include` where given."""
    p = _params(c, {"pattern": str, "path": str}, {"flags": list, "include": str})
    if not all(re.fullmatch(r"[A-Za-z]", f) for f in p.get("flags", [])):
        raise BadCheck("check 'grep_command': flags are single option letters")
    for ws in _commands(text, "grep") if words(text) else []:
        flags, patterns, includes, rest = _grep(ws)
        if not patterns and rest:
            patterns = [rest.pop(0)]
        same = (lambda a, b: a.lower() == b.lower()) if "i" in flags else (lambda a, b: a == b)
        ok = any(same(x, p["pattern"]) for x in patterns) and _path(p["path"]) in {_path(x) for x in rest}
        ok &= {f.replace("R", "r") for f in p.get("flags", [])} <= flags
        if ok and ("include" not in p or p["include"] in includes):
            return True
    return False


# ------------------------------------------------------------------ ln -s and mv


def symlink_command(c: dict, text: str) -> bool:
    """An `ln -s` command (or --symbolic) making the link `link` to `target`: its two paths in that
    order (a trailing / aside)."""
    p = _params(c, {"target": str, "link": str})
    for ws in _commands(text, "ln") if words(text) else []:
        opts = [w for w in ws if w.startswith("-")]
        args = [_path(w) for w in ws if not w.startswith("-")]
        symbolic = "--symbolic" in opts or any(not o.startswith("--") and "s" in o for o in opts)
        if symbolic and args == [_path(p["target"]), _path(p["link"])]:
            return True
    return False


def mv_commands(c: dict, text: str) -> bool:
    """Renames: for each of `renames` (an old name -> its new name), an mv command (git mv too)
    whose two paths are the old and the new name (./ aside)."""
    p = _params(c, {"renames": dict})
    if not p["renames"] or not all(str(k).strip() and isinstance(v, str) and v.strip() for k, v in
                                   p["renames"].items()):  # fmt: skip
        raise BadCheck("check 'mv_commands': renames maps old names to new ones")
    done = {tuple(_path(w) for w in ws if not w.startswith("-")) for ws in _commands(text, "mv")}
    return bool(words(text)) and all((_path(a), _path(b)) in done for a, b in p["renames"].items())


# ------------------------------------------------------------------ a virtual environment


def venv_commands(c: dict, text: str) -> bool:
    """A virtual environment: `python -m venv <dir>` (python3, python3.12, py or virtualenv too),
    then its activation (source or . <dir>/bin/activate, or <dir>\\Scripts\\activate), then, where
    `requirements` is given, pip install -r it (python -m pip too), in that order."""
    p = _params(c, {"dir": str}, {"requirements": str})
    d = _path(p["dir"])
    made = [at for at, ws in _commands_at(text, r"python[0-9.]*|py") if ws[:2] == ["-m", "venv"]
            and d in {_path(w) for w in ws[2:] if not w.startswith("-")}]  # fmt: skip
    made += [at for at, ws in _commands_at(text, "virtualenv") if d in {_path(w) for w in ws}]
    activate = {
        x.lower() for x in (f"{d}/bin/activate", f"{d}\\Scripts\\activate", f"{d}\\Scripts\\activate.bat")
    }
    on = [at for at, ws in _commands_at(text, r"source|\.") if ws and _path(ws[0]).lower() in activate]
    on += [at for at, ws in _commands_at(text, re.escape(d) + r"[\\/]Scripts[\\/]activate(?:\.bat|\.ps1)?")]
    installs = [(at, ws) for at, ws in _commands_at(text, r"pip3?")]
    installs += [
        (at, ws[2:]) for at, ws in _commands_at(text, r"python[0-9.]*|py") if ws[:2] == ["-m", "pip"]
    ]
    req = p.get("requirements")
    joined = {f"-r{req}", f"--requirement={req}"}
    put = [at for at, ws in installs if ws[:1] == ["install"] and any(
        w in ("-r", "--requirement") and ws[i + 1 : i + 2] == [req] or w in joined
        for i, w in enumerate(ws))]  # fmt: skip
    if not words(text) or not made or not on:
        return False
    first = min(made)
    later = [at for at in on if at > first]
    return bool(later) and (req is None or any(at > min(later) for at in put))


# ------------------------------------------------------------------ git


def _push_ok(ws: list[str], ref: str, tags: bool = False, upstream: bool = False) -> bool:
    """A `git push` of `ref` (HEAD counts for a branch; --tags or --follow-tags for a tag), with
    -u / --set-upstream where `upstream`."""
    if not ws or ws[0] != "push":
        return False
    opts, args = [w for w in ws[1:] if w.startswith("-")], [w for w in ws[1:] if not w.startswith("-")]
    refs = {a.split(":", 1)[0] for a in args[1:]}
    if tags:
        return ref in refs or f"refs/tags/{ref}" in refs or bool({"--tags", "--follow-tags"} & set(opts))
    tracked = not upstream or bool({"-u", "--set-upstream"} & set(opts))
    return tracked and bool({ref, "HEAD"} & refs)


def git_new_branch(c: dict, text: str) -> bool:
    """A new git branch `branch`, created and switched to (git checkout -b, git switch -c, or git
    branch then checkout / switch), then, where `push` is "true", pushed with -u (or
    --set-upstream) to a remote by its name or HEAD."""
    p = _params(c, {"branch": str}, {"push": str})
    push, b = _bool_param(c, p, "push"), p["branch"]
    cmds = _commands_at(text, "git") if words(text) else []
    made = [at for at, ws in cmds if ws[:1] == ["checkout"] and ("-b" in ws or "-B" in ws)
            and ws[ws.index("-b" if "-b" in ws else "-B") + 1 :][:1] == [b]]  # fmt: skip
    made += [at for at, ws in cmds if ws[:1] == ["switch"] and any(
        w in ("-c", "-C", "--create") and ws[i + 1 : i + 2] == [b] or w == f"--create={b}"
        for i, w in enumerate(ws))]  # fmt: skip
    branched = [at for at, ws in cmds if ws[:2] == ["branch", b]]
    made += [at for at, ws in cmds if ws[:1] in (["checkout"], ["switch"]) and ws[-1:] == [b]
             and any(x < at for x in branched)]  # fmt: skip
    if not made:
        return False
    return not push or any(at > min(made) and _push_ok(ws, b, upstream=True) for at, ws in cmds)


def git_tag_commands(c: dict, text: str) -> bool:
    """A git tag `tag` (with -m / --message `message` where given: an annotated tag), then, where
    `push` is "true", pushed (the tag by name, or --tags / --follow-tags)."""
    p = _params(c, {"tag": str}, {"message": str, "push": str})
    push, t = _bool_param(c, p, "push"), p["tag"]
    cmds = _commands_at(text, "git") if words(text) else []
    tagged = []
    for at, ws in cmds:
        if ws[:1] != ["tag"] or "-d" in ws or "--delete" in ws:
            continue
        args, msgs, i = [], [], 1
        while i < len(ws):
            w = ws[i]
            if w in ("-m", "--message") and i + 1 < len(ws):
                msgs.append(ws[i + 1])
                i += 1
            elif w.startswith("--message="):
                msgs.append(w.split("=", 1)[1])
            elif w.startswith("-m") and len(w) > 2:
                msgs.append(w[2:])
            elif w.startswith("-") and w.endswith("m") and i + 1 < len(ws):  # -am "message"
                msgs.append(ws[i + 1])
                i += 1
            elif not w.startswith("-"):
                args.append(w)
            i += 1
        if args[:1] == [t] and ("message" not in p or p["message"] in msgs):
            tagged.append(at)
    if not tagged:
        return False
    return not push or any(at > min(tagged) and _push_ok(ws, t, tags=True) for at, ws in cmds)
