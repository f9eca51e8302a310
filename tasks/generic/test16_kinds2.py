"""Check kinds added to the generic scorer for the test16 rows (test16_kinds.py has the rest and
TEST16_CHECKS): <details> blocks, docker run, an ffmpeg trim, chmod, strftime formats, Set-Cookie,
JSON Schema, an RRULE, DMARC, braille, a Latin square and naming styles. Bad parameters raise
BadCheck whatever the text; an answer with no word meets none (braille_text aside: braille is no
word). Kept apart so that no module passes 550 lines; test16_kinds imports them."""

from __future__ import annotations

import re
import shlex
from datetime import datetime

from selfrefine.tasks.generic.scorer import BadCheck, _line_body, _params, lines, words
from selfrefine.tasks.generic.test13_kinds2 import _cells, _fenced
from selfrefine.tasks.generic.test14_kinds2 import _norm
from selfrefine.tasks.generic.test15_kinds import _ITEM, _name
from selfrefine.tasks.generic.test15_kinds2 import _json_docs, _texts_map


def _commands(text: str, program: str) -> list[list[str]]:
    """Each command the answer runs with `program` (a regex), as shell words: the rest of its line
    (a backslash at a line's end joins the next) up to a backtick, &&, ||, ;, | or a # comment."""
    joined = re.sub(r"\\[ \t]*\n", " ", text)
    out = []
    for m in re.finditer(rf"(?<![\w./-]){program}(?![\w-])", joined):
        rest = joined[m.end() :].split("\n", 1)[0]
        rest = re.split(r"`|&&|\|\||;|\s\|\s|\s#", rest)[0]
        try:
            out.append(shlex.split(rest))
        except ValueError:
            continue
    return out


def _list_items(text: str) -> list[str]:
    """A list's items: its bulleted or numbered lines, else its lines but those ending in ':' (an
    intro), a single line left split at its commas (and 'and') after any colon; each without its
    marker."""
    found = [ln for ln in text.splitlines() if _ITEM.match(ln)]
    if not found:
        found = [ln for ln in lines(text) if not ln.rstrip().rstrip("*_").endswith(":")]
        if len(found) == 1:
            found = [x for x in re.split(r",\s*|\s+and\s+", found[0].rsplit(":", 1)[-1]) if x.strip()]
    return [_line_body(ln) for ln in found]


def _strip_tags(s: str) -> str:
    return re.sub(r"<[^>]+>", " ", s)


# ------------------------------------------------------------------ collapsible sections


def details_blocks(c: dict, text: str) -> bool:
    """Collapsible sections: exactly `n` <details> blocks (none nested, each closed), each opening
    with a <summary> that has words and holding more words after it; each of `summaries` (where
    given) is in one of the summaries (any case, spaces aside)."""
    p = _params(c, {"n": int}, {"summaries": list})
    if p["n"] < 1:
        raise BadCheck("check 'details_blocks': n is at least 1")
    opens = len(re.findall(r"<details\b", text, re.I))
    closes = len(re.findall(r"</details\s*>", text, re.I))
    blocks = re.findall(r"<details\b[^>]*>(.*?)</details\s*>", text, re.I | re.S)
    if not words(text) or not opens == closes == len(blocks) == p["n"]:
        return False
    heads = []
    for body in blocks:
        m = re.match(r"\s*<summary\b[^>]*>(.*?)</summary\s*>(.*)$", body, re.I | re.S)
        if not m or not words(_strip_tags(m.group(1))) or not words(_strip_tags(m.group(2))):
            return False
        heads.append(_norm(_strip_tags(m.group(1))))
    return all(any(_norm(s) in h for h in heads) for s in p.get("summaries", []))


# ------------------------------------------------------------------ docker run

_DOCKER_FLAGS = {"--detach", "--rm", "--init", "--privileged", "--interactive", "--tty", "--read-only",
                 "--publish-all", "--sig-proxy", "--no-healthcheck", "--oom-kill-disable"}  # fmt: skip
_DOCKER_SAME = {"--publish": "-p", "--env": "-e", "--volume": "-v"}


def _docker_run(ws: list[str]) -> dict:
    """What a `docker run` command's words set: its options (-p, -e, -v, --name, --restart and the
    rest, each -> its values; short flags together like -dit), then its image."""
    got: dict = {"detach": False}
    i = 0
    while i < len(ws) and ws[i].startswith("-"):
        key, eq, val = ws[i].partition("=")
        key = _DOCKER_SAME.get(key, key)
        if key in _DOCKER_FLAGS or re.fullmatch(r"-[ditP]+", key):
            got["detach"] |= key == "--detach" or "d" in key[1:] and not key.startswith("--")
        else:
            if not eq:
                i += 1
                val = ws[i] if i < len(ws) else ""
            got.setdefault(key, []).append(val)
        i += 1
    got["image"] = ws[i] if i < len(ws) else None
    return got


def _port(spec: str) -> str:
    parts = spec.strip().removesuffix("/tcp").split(":")
    return ":".join(parts[-2:])


def _image_ok(got: str | None, want: str) -> bool:
    if not got:
        return False
    got = re.sub(r"^(?:docker\.io/)?(?:library/)?", "", got)
    want = re.sub(r"^(?:docker\.io/)?(?:library/)?", "", want)
    repo, _, tag = want.partition(":")
    g_repo, _, g_tag = got.partition(":")
    if g_repo != repo:
        return False
    return not tag or g_tag == tag or g_tag.startswith((tag + ".", tag + "-"))


def docker_run(c: dict, text: str) -> bool:
    """A `docker run` command (or `docker container run`): its image is `image` (docker.io/library/
    aside; a tag like 16 also matches 16.4 or 16-alpine), it publishes each of `ports`
    ("host:container", an address before them and /tcp aside), sets each of `env` (name -> value),
    and where given is named `name`, runs detached (`detach` "true"), mounts each of `volumes` and
    has restart policy `restart`."""
    p = _params(c, {"image": str}, {"ports": list, "env": dict, "name": str, "detach": str, "volumes": list,
                                    "restart": str})  # fmt: skip
    if not all(re.fullmatch(r"\d{1,5}:\d{1,5}", x.strip()) for x in p.get("ports", [])):
        raise BadCheck("check 'docker_run': ports are host:container port numbers")
    if p.get("detach", "true") not in ("true", "false") or any(" " in x for x in p.get("volumes", [])):
        raise BadCheck("check 'docker_run': detach is 'true' or 'false', volumes have no spaces")
    want_env = _texts_map(c, p["env"], "env") if "env" in p else {}
    for ws in _commands(text, r"docker\s+(?:container\s+)?run") if words(text) else []:
        got = _docker_run(ws)
        env = dict(x.partition("=")[::2] for x in got.get("-e", []) if "=" in x)
        ok = _image_ok(got["image"], p["image"].strip()) and all(env.get(k) == v for k, v in want_env.items())
        ok &= all(any(_port(g) == x.strip() for g in got.get("-p", [])) for x in p.get("ports", []))
        ok &= all(p[k] in got.get("--" + k, []) for k in ("name", "restart") if k in p)
        ok &= got["detach"] == (p.get("detach", str(got["detach"]).lower()) == "true")
        ok &= all(
            any(g == v or g.startswith(v + ":") for g in got.get("-v", [])) for v in p.get("volumes", [])
        )
        if ok:
            return True
    return False


# ------------------------------------------------------------------ ffmpeg


def _seconds(s: str) -> float | None:
    """An ffmpeg time: [[HH:]MM:]SS[.m], or a number of seconds with s, ms or us after it."""
    s = s.strip()
    m = re.fullmatch(r"(\d+(?:\.\d+)?)(s|ms|us)?", s)
    if m:
        return float(m.group(1)) / {None: 1, "s": 1, "ms": 1e3, "us": 1e6}[m.group(2)]
    if not re.fullmatch(r"\d+(?::\d{1,2}){1,2}(?:\.\d+)?", s):
        return None
    total = 0.0
    for part in s.split(":"):
        total = total * 60 + float(part)
    return total


_FF_FLAGS = {"-y", "-n", "-an", "-vn", "-sn", "-dn", "-hide_banner", "-nostdin", "-copyts", "-shortest",
             "-stats", "-nostats", "-accurate_seek", "-noaccurate_seek", "-re"}  # fmt: skip
_VIDEO = {"-c:v", "-codec:v", "-vcodec"}
_AUDIO = {"-c:a", "-codec:a", "-acodec"}


def _ffmpeg(ws: list[str]) -> tuple | None:
    """An ffmpeg command's input, output, source start and end (None for the end of the file) and
    whether it copies the streams. An -ss before -i seeks the input and, without -copyts, starts
    the output's clock at 0, so an output -to after it counts from there."""
    inputs, positional, copy = [], [], set()
    opts: dict[str, dict[str, float]] = {"in": {}, "out": {}}
    i = 0
    while i < len(ws):
        w = ws[i]
        val = ws[i + 1] if i + 1 < len(ws) else ""
        if w == "-i":
            inputs.append(val)
        elif w in ("-ss", "-to", "-t"):
            t = _seconds(val)
            if t is None:
                return None
            opts["out" if inputs else "in"][w] = t
        elif w in {"-c", "-codec"} | _VIDEO | _AUDIO:
            if val == "copy":
                copy.add("all" if w in ("-c", "-codec") else "video" if w in _VIDEO else "audio")
        elif w.startswith("-"):
            i += 1 if w in _FF_FLAGS else 2
            continue
        else:
            positional.append(w)
            i += 1
            continue
        i += 2
    pre, post = opts["in"], opts["out"]
    start = pre.get("-ss", 0.0) + post.get("-ss", 0.0)
    ends = [pre.get("-ss", 0.0) + pre["-t"]] if "-t" in pre else [pre["-to"]] if "-to" in pre else []
    if "-t" in post or "-to" in post:  # -t wins; an input -ss sets the output's clock to 0
        shift = 0.0 if "-copyts" in ws else pre.get("-ss", 0.0)
        ends.append(start + post["-t"] if "-t" in post else shift + post["-to"])
    copied = "all" in copy or {"video", "audio"} <= copy
    return inputs, positional[-1] if positional else None, start, min(ends) if ends else None, copied


def ffmpeg_trim(c: dict, text: str) -> bool:
    """An ffmpeg command cutting `input` from `start` to `end` (times as HH:MM:SS, MM:SS or seconds)
    into `output`: -ss / -to / -t before or after -i as ffmpeg reads them (an input -ss resets the
    output's clock unless -copyts), within 0.01 s; with `copy` "true", the streams are copied
    (-c copy, or -c:v copy and -c:a copy) rather than re-encoded."""
    p = _params(c, {"input": str, "output": str, "start": str, "end": str}, {"copy": str})
    start, end = _seconds(p["start"]), _seconds(p["end"])
    if start is None or end is None or end <= start or p.get("copy", "true") not in ("true", "false"):
        raise BadCheck("check 'ffmpeg_trim': start before end, as times; copy is 'true' or 'false'")
    for ws in _commands(text, "ffmpeg") if words(text) else []:
        inputs, output, s, e, copied = _ffmpeg(ws) or ([], None, 0, None, False)
        if inputs == [p["input"]] and output == p["output"] and e is not None and abs(s - start) <= 0.01:
            if abs(e - end) <= 0.01 and (p.get("copy") != "true" or copied):
                return True
    return False


# ------------------------------------------------------------------ chmod


def _mode(spec: str) -> int | None:
    """A chmod mode as permission bits: octal, or symbolic clauses that settle u, g and o (each set
    with = before any + or - on it); None when the result depends on the file's mode before."""
    if re.fullmatch(r"0?[0-7]{3}", spec):
        return int(spec[-3:], 8)
    bits: dict[str, int | None] = {"u": None, "g": None, "o": None}
    for clause in spec.split(","):
        m = re.fullmatch(r"([ugoa]+)([=+-])([rwx]*)", clause)
        if not m:
            return None
        who = "ugo" if "a" in m.group(1) else m.group(1)
        val = sum(v for ch, v in (("r", 4), ("w", 2), ("x", 1)) if ch in m.group(3))
        for w in who:
            if m.group(2) == "=":
                bits[w] = val
            elif bits[w] is None:
                return None
            else:
                bits[w] = bits[w] | val if m.group(2) == "+" else bits[w] & ~val
    if any(v is None for v in bits.values()):
        return None
    return bits["u"] << 6 | bits["g"] << 3 | bits["o"]


def _path(s: str) -> str:
    s = s.strip()
    return (s[2:] if s.startswith("./") else s).rstrip("/") or s


def chmod_commands(c: dict, text: str) -> bool:
    """chmod commands: for each file of `modes` (path -> octal mode like "755"), the last chmod
    naming it (options like -R aside; ./ and a trailing / aside) sets exactly that mode, written
    in octal or as symbolic clauses that settle it (u=rwx,go=rx)."""
    p = _params(c, {"modes": dict})
    modes = _texts_map(c, p["modes"], "modes")
    if not all(re.fullmatch(r"0?[0-7]{3}", m) for m in modes.values()):
        raise BadCheck("check 'chmod_commands': modes maps a path to an octal mode like 755")
    last: dict[str, int | None] = {}
    for ws in _commands(text, "chmod") if words(text) else []:
        args = [w for w in ws if not re.fullmatch(r"-[RvcfH]+|--\w[\w-]*", w)]
        if len(args) < 2:
            continue
        for f in args[1:]:
            last[_path(f)] = _mode(args[0])
    return bool(last) and all(last.get(_path(f)) == int(m[-3:], 8) for f, m in modes.items())


# ------------------------------------------------------------------ strftime


def _format_candidates(text: str) -> set[str]:
    """Possible format strings: the pieces between backticks or quotes, each code line, and runs of
    %-directives with at most 3 other characters between them, those holding a %."""
    out = set()
    for ln in text.splitlines():
        for q in ("`", '"', "'"):
            out.update(ln.split(q))
        out.add(ln.strip())
    out.update(re.findall(r"%[-#]?[A-Za-z](?:[^%\n`\"']{0,3}%[-#]?[A-Za-z])*", text))
    for block in _fenced(text):
        out.update(block.splitlines())
    return {s for s in out if "%" in s}


def strftime_formats(c: dict, text: str) -> bool:
    """strftime format strings: for each of `outputs`, the answer writes a format (in backticks,
    quotes, a code line or a run of %-directives) that formats `date` (ISO date and time) exactly
    as that output with Python's datetime.strftime."""
    p = _params(c, {"date": str, "outputs": list})
    try:
        when = datetime.fromisoformat(p["date"].strip())
    except ValueError:
        raise BadCheck("check 'strftime_formats': date is an ISO date and time") from None
    made = set()
    for fmt in _format_candidates(text) if words(text) else ():
        try:
            made.add(when.strftime(fmt))
        except (ValueError, UnicodeError):
            continue
    return all(o in made for o in p["outputs"])


# ------------------------------------------------------------------ Set-Cookie


def _cookies(text: str) -> list[tuple[str, dict[str, str]]]:
    """Each cookie written after a Set-Cookie name (a header line, or a setHeader call's next
    argument): its name and its attributes (lower-case name -> value, "" for a flag)."""
    out = []
    for m in re.finditer(r"Set-Cookie", text, re.I):
        rest = text[m.end() :].split("\n", 1)[0]
        rest = re.sub(r"""^["'`]?\s*[:,=]?\s*["'`]?\s*""", "", rest)
        rest = re.split(r"""["'`]""", rest)[0]
        parts = [x.strip() for x in rest.split(";")]
        name, eq, _ = parts[0].partition("=")
        if not eq or not re.fullmatch(r"[\w.-]+", name.strip()):
            continue
        attrs = {}
        for part in parts[1:]:
            k, _, v = part.partition("=")
            if k.strip():
                attrs.setdefault(k.strip().lower(), v.strip())
        out.append((name.strip(), attrs))
    return out


def set_cookie_header(c: dict, text: str) -> bool:
    """A Set-Cookie header: a cookie named `name` with each of `flags` (like HttpOnly, any case),
    each of `attributes` (name -> value; SameSite and Domain in any case, a leading dot of the
    domain aside) and, where given, Max-Age `max_age` (an Expires with no Max-Age also does)."""
    p = _params(c, {"name": str}, {"flags": list, "attributes": dict, "max_age": int})
    attrs = (
        {k.lower(): v for k, v in _texts_map(c, p["attributes"], "attributes").items()}
        if "attributes" in p
        else {}
    )
    if "max-age" in attrs or "expires" in attrs or p.get("max_age", 1) < 1:
        raise BadCheck("check 'set_cookie_header': give the lifetime as max_age, at least 1")
    loose = {"samesite", "domain"}
    for name, got in _cookies(text) if words(text) else []:
        if name != p["name"].strip() or not all(f.strip().lower() in got for f in p.get("flags", [])):
            continue
        if not all(
            (got.get(k, "").lower().lstrip(".") == v.lower().lstrip(".")) if k in loose else got.get(k) == v
            for k, v in attrs.items()
        ):
            continue
        age = got.get("max-age")
        if "max_age" not in p or (age == str(p["max_age"])) or (age is None and "expires" in got):
            return True
    return False


# ------------------------------------------------------------------ JSON Schema


def _holds(got, want) -> bool:
    """`got` has `want`: equal values, a dict holding each of want's keys with such a value."""
    if isinstance(want, dict):
        return isinstance(got, dict) and all(k in got and _holds(got[k], v) for k, v in want.items())
    if isinstance(want, (int, float)) and not isinstance(want, bool):
        return isinstance(got, (int, float)) and not isinstance(got, bool) and got == want
    return got == want


def _typed(got, want: str) -> bool:
    return got == want or (isinstance(got, list) and want in got)


_TYPES = {"string", "number", "integer", "boolean", "array", "object", "null"}


def json_schema(c: dict, text: str) -> bool:
    """A JSON Schema (a code block's or the answer's JSON): an object schema whose properties have
    each of `properties` (name -> JSON type; a list of types holding it also does), whose required
    list is exactly `required` where given, and whose properties hold each of `constraints` (name
    -> keywords and values, like {"minimum": 0}); other properties and keywords are free."""
    p = _params(c, {"properties": dict}, {"required": list, "constraints": dict})
    props = _texts_map(c, p["properties"], "properties")
    cons = p.get("constraints", {})
    if set(props.values()) - _TYPES or set(p.get("required", [])) - set(props) or set(cons) - set(props):
        raise BadCheck(
            "check 'json_schema': properties map names to JSON types; required and constraints name them"
        )
    if "constraints" in p and not (cons and all(isinstance(v, dict) and v for v in cons.values())):
        raise BadCheck("check 'json_schema': constraints map a property to keywords and values")
    for doc in _json_docs(text) if words(text) else []:
        if (
            not isinstance(doc, dict)
            or doc.get("type") != "object"
            or not isinstance(doc.get("properties"), dict)
        ):
            continue
        got = doc["properties"]
        ok = all(isinstance(got.get(k), dict) and _typed(got[k].get("type"), t) for k, t in props.items())
        ok &= "required" not in p or (
            isinstance(doc.get("required"), list)
            and sorted(map(str, doc["required"])) == sorted(p["required"])
        )
        if ok and all(_holds(got.get(k), v) for k, v in cons.items()):
            return True
    return False


# ------------------------------------------------------------------ RRULE and DMARC

_RRULE = re.compile(r"(?<![A-Za-z])((?:[A-Z]+=[^;\s\"'`]+;)*FREQ=[A-Z]+(?:;[A-Z]+=[^;\s\"'`]+)*)")
_FREQS = {"SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"}


def _rule(pairs) -> dict:
    out = {}
    for k, v in pairs:
        k, v = k.strip().upper(), str(v).strip().upper()
        if k == "WKST" or (k == "INTERVAL" and v == "1"):
            continue
        out[k] = frozenset(v.split(",")) if k.startswith("BY") else v
    return out


def recurrence_rule(c: dict, text: str) -> bool:
    """An iCalendar recurrence rule: an RRULE (FREQ=...;KEY=VALUE;...) in the answer with exactly the
    parts of `rule` (name -> value; BY* lists in any order, INTERVAL=1 the same as none, WKST
    aside)."""
    p = _params(c, {"rule": dict})
    want = p["rule"]
    if not all(re.fullmatch(r"[A-Z]+", str(k)) and isinstance(v, (str, int)) and str(v).strip()
               for k, v in want.items()) or str(want.get("FREQ", "")).upper() not in _FREQS:  # fmt: skip
        raise BadCheck("check 'recurrence_rule': rule maps RRULE parts like FREQ to values")
    want = _rule(want.items())
    for m in _RRULE.finditer(text) if words(text) else []:
        pairs = [part.split("=", 1) for part in m.group(1).split(";")]
        if _rule(pairs) == want:
            return True
    return False


def dmarc_record(c: dict, text: str) -> bool:
    """A DMARC record: the answer names the _dmarc host and writes a v=DMARC1 record whose policy p
    is `policy`, whose rua lists mailto:`rua`, and, where given, whose pct is `pct` (absent is 100)
    and whose sp is `subdomain_policy`."""
    p = _params(c, {"policy": str, "rua": str}, {"pct": int, "subdomain_policy": str})
    policies = ("none", "quarantine", "reject")
    if p["policy"] not in policies or p.get("subdomain_policy", "none") not in policies:
        raise BadCheck("check 'dmarc_record': policy and subdomain_policy are none, quarantine or reject")
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.\w+", p["rua"]) or not 0 < p.get("pct", 100) <= 100:
        raise BadCheck("check 'dmarc_record': rua is an email address, pct 1 to 100")
    if not words(text) or not re.search(r"(?<![\w-])_dmarc(?![\w-])", text, re.I):
        return False
    for m in re.finditer(r"v\s*=\s*DMARC1\b([^\"\n`]*)", text):
        tags: dict[str, str] = {}
        for part in m.group(1).split(";"):
            k, eq, v = part.partition("=")
            if eq:
                tags.setdefault(k.strip().lower(), v.strip())
        ruas = [re.sub(r"!\d+[kmgt]?$", "", u.strip().lower()) for u in tags.get("rua", "").split(",")]
        ok = tags.get("p") == p["policy"] and "mailto:" + p["rua"].lower() in ruas
        ok &= tags.get("pct", "100") == str(p.get("pct", 100))
        ok &= "subdomain_policy" not in p or tags.get("sp") == p["subdomain_policy"]
        if ok:
            return True
    return False


# ------------------------------------------------------------------ braille, squares, names

_BRAILLE = dict(zip("abcdefghijklmnopqrstuvwxyz", "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵"))


def braille_text(c: dict, text: str) -> bool:
    """Uncontracted (grade 1) braille: `text` (letters and spaces) in Unicode braille cells is in the
    answer as a whole (capital signs ⠠ aside, the blank cell or any space between words), no
    braille cell right before or after it."""
    p = _params(c, {"text": str})
    src = " ".join(p["text"].lower().split())
    if not re.fullmatch(r"[a-z]+(?: [a-z]+)*", src):
        raise BadCheck("check 'braille_text': text is letters and spaces")
    want = " ".join("".join(_BRAILLE[ch] for ch in w) for w in src.split())
    have = re.sub(r"[\s\u2800]+", " ", text.replace("\u2820", ""))
    return bool(re.search(rf"(?<![\u2801-\u28ff]){re.escape(want)}(?![\u2801-\u28ff])", have))


def _square_row(ln: str, syms: list[str]) -> list[str] | None:
    if "|" in ln:
        cells = [x.strip().strip("*_`").strip().upper() for x in _cells(ln)]
        cells = cells[1:] if cells and cells[0] not in syms else cells
    else:
        body = re.sub(r"^\W*(?:[A-Za-z]+\.?\s*\d*\s*[:)]|\d+\s*[:.)])\s*", "", ln)
        cells = [x.strip("*_`.").upper() for x in re.split(r"[\s,;|\-–—]+", body) if x.strip("*_`.")]
    return cells if cells and all(x in syms for x in cells) else None


def latin_square(c: dict, text: str) -> bool:
    """A Latin square: as many lines in a row as there are `symbols` (rule lines aside), each
    those symbols (any case; spaces, commas, dashes or | between them, a row label before them
    aside), every symbol once in each row and each column."""
    p = _params(c, {"symbols": list})
    syms = [s.strip().upper() for s in p["symbols"]]
    n = len(syms)
    if not 3 <= n <= 9 or len(set(syms)) != n:
        raise BadCheck("check 'latin_square': 3 to 9 different symbols")
    rows: list[list[str]] = []
    for ln in text.splitlines():
        if not re.search(r"[^\W_]", ln):
            continue
        cells = _square_row(ln, syms)
        if cells is None or len(cells) != n:
            rows = []
            continue
        rows.append(cells)
        grid = rows[-n:]
        if len(grid) == n and all(sorted(r) == sorted(syms) for r in [*grid, *map(list, zip(*grid))]):
            return bool(words(text))
    return False


_STYLES = {
    "snake_case": r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*",
    "camelCase": r"[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*",
    "PascalCase": r"(?:[A-Z][a-z0-9]*)+",
    "kebab-case": r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*",
    "SCREAMING_SNAKE_CASE": r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*",
}


def naming_style(c: dict, text: str) -> bool:
    """Names in one naming style: `n` different list items, each (what comes before a dash, colon,
    parenthesis or comma, backticks aside) one identifier in `style` (snake_case, camelCase,
    PascalCase, kebab-case or SCREAMING_SNAKE_CASE)."""
    p = _params(c, {"style": str, "n": int})
    if p["style"] not in _STYLES or p["n"] < 1:
        raise BadCheck("check 'naming_style': style is one of " + ", ".join(_STYLES) + "; n at least 1")
    found = [_name(x).strip("`") for x in _list_items(text)]
    if len(found) != p["n"] or len(set(found)) != len(found):
        return False
    return all(re.fullmatch(_STYLES[p["style"]], x) for x in found)
