"""The file, config and markup formats among the check kinds added to the generic scorer for the
test15 rows (tasks/generic/test15_kinds.py has the rest and TEST15_CHECKS): a Kubernetes
Deployment, a Content-Security-Policy header, ufw commands, an HTML form, JSON-LD, GeoJSON points,
an OpenAPI spec's paths and a package.json, on the terms of the scorer's own kinds: bad parameters
raise BadCheck whatever the text, and an answer with no word meets none. Kept apart so that no
module passes 550 lines; test15_kinds imports them."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser

from selfrefine.tasks.generic.scorer import BadCheck, _params, words
from selfrefine.tasks.generic.test13_kinds2 import _fenced
from selfrefine.tasks.generic.test14_kinds2 import _norm, _yaml_docs


def _json_docs(text: str) -> list:
    """The JSON values of the answer's code blocks, its <script type="application/ld+json">
    blocks and the whole answer, each that parses."""
    scripts = re.findall(r"<script[^>]*application/ld\+json[^>]*>(.*?)</script>", text, re.S | re.I)
    out = []
    for source in [*_fenced(text), *scripts, text]:
        try:
            out.append(json.loads(source.strip()))
        except (ValueError, RecursionError):
            continue
    return out


def _texts_map(c: dict, v, what: str) -> dict[str, str]:
    if (
        not isinstance(v, dict)
        or not v
        or not all(str(k).strip() and isinstance(x, str) and x.strip() for k, x in v.items())
    ):
        raise BadCheck(f"check {c['check']!r}: {what} maps names to texts")
    return {str(k).strip(): x.strip() for k, x in v.items()}


def _word_list(c: dict, v, what: str) -> list[str]:
    if not isinstance(v, list) or not v or not all(isinstance(x, str) and x.strip() for x in v):
        raise BadCheck(f"check {c['check']!r}: {what} is a list of texts")
    return [x.strip() for x in v]


# ------------------------------------------------------------------ Kubernetes


def _k8s_ok(doc, p: dict) -> bool:
    if not isinstance(doc, dict) or doc.get("kind") != "Deployment" or doc.get("apiVersion") != "apps/v1":
        return False
    top, spec = doc.get("metadata"), doc.get("spec")
    if not isinstance(top, dict) or top.get("name") != p["name"] or not isinstance(spec, dict):
        return False
    if "replicas" in p and spec.get("replicas") != str(p["replicas"]):
        return False
    template = spec.get("template") if isinstance(spec.get("template"), dict) else {}
    selector = spec.get("selector") if isinstance(spec.get("selector"), dict) else {}
    match = selector.get("matchLabels")
    meta = template.get("metadata") if isinstance(template.get("metadata"), dict) else {}
    labels = meta.get("labels")
    if not isinstance(match, dict) or not match or not isinstance(labels, dict):
        return False
    if any(labels.get(k) != v for k, v in match.items()):
        return False  # the API server refuses a selector that does not match the pod labels
    pod = template.get("spec") if isinstance(template.get("spec"), dict) else {}
    for box in pod.get("containers") or []:
        if not isinstance(box, dict) or box.get("image") != p["image"]:
            continue
        ports = [x.get("containerPort") for x in box.get("ports") or [] if isinstance(x, dict)]
        if "port" not in p or str(p["port"]) in ports:
            return True
    return False


def k8s_deployment(c: dict, text: str) -> bool:
    """A Kubernetes Deployment (apps/v1): a YAML document (a code block's, else the answer's) named
    `name`, with `replicas` replicas where given, a selector whose matchLabels the pod template's
    labels carry, and a container running `image` exactly that exposes containerPort `port` where
    given."""
    p = _params(c, {"name": str, "image": str}, {"replicas": int, "port": int})
    if p.get("port") == 0 or p.get("port", 1) > 65535:
        raise BadCheck("check 'k8s_deployment': port is 1 to 65535")
    return bool(words(text)) and any(_k8s_ok(doc, p) for doc in _yaml_docs(text))


# ------------------------------------------------------------------ a Content-Security-Policy


def _source(s: str) -> str:
    s = s.strip().lower().removeprefix("https://")
    return s.rstrip("/") if "." in s and "'" not in s else s


def _policies(text: str) -> list[dict[str, set[str]]]:
    """Each policy the answer writes after a Content-Security-Policy name (a header line, an nginx
    add_header, a meta tag's content): directive -> its sources."""
    out = []
    for m in re.finditer(r"Content-Security-Policy(?!-Report)", text, re.I):
        rest = text[m.end() :].split("\n", 1)[0]
        rest = re.sub(r"""^[\s:="']*(?:content\s*=\s*["'])?""", "", rest, flags=re.I).split('"')[0]
        policy: dict[str, set[str]] = {}
        for part in rest.split(";"):
            tokens = part.split()
            if tokens and tokens[0].lower() not in policy:
                policy[tokens[0].lower()] = {_source(t) for t in tokens[1:]}
        if policy:
            out.append(policy)
    return out


def csp_header(c: dict, text: str) -> bool:
    """A Content-Security-Policy: a policy written after that header's name (a header line, an
    nginx add_header or a meta tag's content, one line) whose directives of `directives` (name ->
    its sources) have exactly those sources, any order (keywords quoted like 'self'; a host's https://
    and trailing / aside); other directives are free."""
    p = _params(c, {"directives": dict})
    want = {}
    for name, sources in p["directives"].items():
        if not re.fullmatch(r"[a-z]+(?:-[a-z]+)*", str(name)):
            raise BadCheck("check 'csp_header': directives are names like script-src")
        want[str(name)] = {_source(s) for s in _word_list(c, sources, "each directive's sources")}
    if not want:
        raise BadCheck("check 'csp_header': directives maps a directive to its sources")
    return bool(words(text)) and any(all(pol.get(d) == s for d, s in want.items()) for pol in _policies(text))


# ------------------------------------------------------------------ ufw

_APPS = {"ssh": {"22"}, "openssh": {"22"}, "http": {"80"}, "https": {"443"}, "www": {"80"},
         "nginx full": {"80", "443"}, "nginx http": {"80"}, "nginx https": {"443"},
         "apache full": {"80", "443"}, "www full": {"80", "443"}}  # fmt: skip


def _ufw(text: str) -> tuple[set[str], dict[str, str]]:
    """The ports the answer's ufw allow / limit commands open, and its ufw default policies."""
    opened, defaults = set(), {}
    for m in re.finditer(r"\bufw\s+([^`\n#]*)", text):
        rest = m.group(1).strip()
        tokens = rest.split()
        if not tokens:
            continue
        if tokens[0] == "default" and len(tokens) >= 2:
            defaults[tokens[-1] if len(tokens) > 2 else "incoming"] = tokens[1]
            continue
        if tokens[0] not in ("allow", "limit"):
            continue
        body = re.sub(r"^(?:allow|limit)\s+(?:in\s+)?", "", rest)
        app = re.match(r"""["']([^"']+)["']""", body)
        if app or (body.split() and not re.search(r"\d", body.split()[0]) and "port" not in body.split()):
            name = app.group(1) if app else body.split()[0]
            opened |= _APPS.get(" ".join(name.lower().split()), {f"?{name}"})
            continue
        tokens = body.split()
        spec = tokens[tokens.index("port") + 1] if "port" in tokens[:-1] else tokens[0]
        for port in spec.split("/")[0].split(","):
            opened.add(port.strip())
    return opened, defaults


def ufw_rules(c: dict, text: str) -> bool:
    """ufw commands: the ports their allow / limit commands open (22, 22/tcp, 80,443/tcp, "port
    22", or an app name like OpenSSH, http, 'Nginx Full') are exactly `allow`, and `ufw default
    <policy> incoming` sets `default_incoming` where given."""
    p = _params(c, {"allow": list}, {"default_incoming": str})
    want = {x.strip() for x in p["allow"]}
    if not all(re.fullmatch(r"\d{1,5}", x) for x in want):
        raise BadCheck("check 'ufw_rules': allow lists port numbers")
    if p.get("default_incoming", "deny") not in ("deny", "allow", "reject"):
        raise BadCheck("check 'ufw_rules': default_incoming is deny, allow or reject")
    opened, defaults = _ufw(text)
    if "default_incoming" in p and defaults.get("incoming") != p["default_incoming"]:
        return False
    return bool(words(text)) and opened == want


# ------------------------------------------------------------------ an HTML form


class _Forms(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[dict] = []
        self.open = False

    def handle_starttag(self, tag, attrs):
        a = {k.lower(): (v if v is not None else "") for k, v in attrs}
        if tag == "form":
            self.forms.append({"action": a.get("action", ""), "method": a.get("method", "get").lower(),
                               "fields": {}})  # fmt: skip
            self.open = True
        elif self.open and tag in ("input", "select", "textarea") and a.get("name"):
            kind = a.get("type", "text").lower() if tag == "input" else tag
            self.forms[-1]["fields"].setdefault(a["name"], (kind, "required" in a))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if tag == "form":
            self.open = False


def html_form(c: dict, text: str) -> bool:
    """An HTML form: a <form> with `action` and `method` (default get) where given, holding a
    field (input, select or textarea) named for each of `fields` (name -> input type, or "select"
    / "textarea"), those of `required` with the required attribute."""
    p = _params(c, {"fields": dict}, {"action": str, "method": str, "required": list})
    fields = {k: v.lower() for k, v in _texts_map(c, p["fields"], "fields").items()}
    need = p.get("required", [])
    if set(need) - set(fields) or p.get("method", "get").lower() not in ("get", "post"):
        raise BadCheck("check 'html_form': required names fields, method is get or post")
    parser = _Forms()
    try:
        parser.feed(text)
        parser.close()
    except (ValueError, AssertionError):
        return False
    for form in parser.forms if words(text) else []:
        if "action" in p and form["action"].strip() != p["action"].strip():
            continue
        if "method" in p and form["method"].strip() != p["method"].lower():
            continue
        got = form["fields"]
        if all(name in got and got[name][0] == kind for name, kind in fields.items()) and all(
            got[name][1] for name in need
        ):
            return True
    return False


# ------------------------------------------------------------------ JSON-LD and GeoJSON


def _nodes(value) -> list[dict]:
    if isinstance(value, list):
        return [n for v in value for n in _nodes(v)]
    if not isinstance(value, dict):
        return []
    return [value, *_nodes(value.get("@graph", []))]


def json_ld(c: dict, text: str) -> bool:
    """JSON-LD structured data: a JSON object (a code block's, an ld+json script's or the
    answer's) in the schema.org @context (or under one that has it) whose @type is `type` and whose
    `properties` (name -> text) have those values (any case, spaces and HTML entities aside)."""
    p = _params(c, {"type": str}, {"properties": dict})
    props = _texts_map(c, p["properties"], "properties") if "properties" in p else {}
    for doc in _json_docs(text) if words(text) else []:
        top = doc.get("@context") if isinstance(doc, dict) else None
        for node in _nodes(doc):
            ctx = str(node.get("@context", top))
            kinds = node.get("@type")
            kinds = kinds if isinstance(kinds, list) else [kinds]
            if "schema.org" not in ctx or p["type"] not in kinds:
                continue
            if all(
                isinstance(node.get(k), (str, int, float)) and _norm(html.unescape(str(node[k]))) == _norm(v)
                for k, v in props.items()
            ):
                return True
    return False


def geojson_points(c: dict, text: str) -> bool:
    """A GeoJSON FeatureCollection of Point features, one for each of `points` (name -> [lat,
    lon]): the feature whose name property holds that name (any case) has coordinates [lon, lat]
    (GeoJSON's order) within 0.0001, and there are no other points."""
    p = _params(c, {"points": dict})
    want = {}
    for name, at in p["points"].items():
        ok = isinstance(at, list) and len(at) == 2
        ok = ok and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in at)
        if not ok or not str(name).strip() or not (-90 <= at[0] <= 90 and -180 <= at[1] <= 180):
            raise BadCheck("check 'geojson_points': points maps a name to [lat, lon]")
        want[_norm(str(name))] = at
    if not want:
        raise BadCheck("check 'geojson_points': points maps a name to [lat, lon]")
    for doc in _json_docs(text) if words(text) else []:
        if not isinstance(doc, dict) or doc.get("type") != "FeatureCollection":
            continue
        points = []
        for f in doc.get("features") if isinstance(doc.get("features"), list) else []:
            geo = f.get("geometry") if isinstance(f, dict) else None
            if isinstance(geo, dict) and geo.get("type") == "Point":
                props = f.get("properties") if isinstance(f.get("properties"), dict) else {}
                points.append((_norm(str(props.get("name", ""))), geo.get("coordinates")))
        if len(points) != len(want):
            continue
        ok = True
        for name, (lat, lon) in want.items():
            hits = [xy for n, xy in points if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", n)]
            ok &= len(hits) == 1 and isinstance(hits[0], list) and len(hits[0]) in (2, 3)
            ok = ok and all(isinstance(v, (int, float)) for v in hits[0])
            ok = ok and abs(hits[0][0] - lon) <= 1e-4 and abs(hits[0][1] - lat) <= 1e-4
        if ok:
            return True
    return False


# ------------------------------------------------------------------ OpenAPI and package.json

_METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def openapi_paths(c: dict, text: str) -> bool:
    """An OpenAPI 3 spec (YAML or JSON; a code block's, else the answer's): `openapi` is 3.x and
    each path of `paths` (path -> methods) has exactly those operations."""
    p = _params(c, {"paths": dict})
    want = {}
    for path, methods in p["paths"].items():
        got = {m.lower() for m in _word_list(c, methods, "each path's methods")}
        if not str(path).startswith("/") or got - _METHODS:
            raise BadCheck("check 'openapi_paths': paths maps /path to HTTP methods")
        want[str(path)] = got
    if not want:
        raise BadCheck("check 'openapi_paths': paths maps /path to HTTP methods")
    for doc in _yaml_docs(text) if words(text) else []:
        if not isinstance(doc, dict) or not str(doc.get("openapi", "")).startswith("3."):
            continue
        paths = doc.get("paths") if isinstance(doc.get("paths"), dict) else {}
        if all(
            isinstance(paths.get(k), dict) and {m for m in paths[k] if m in _METHODS} == v
            for k, v in want.items()
        ):
            return True
    return False


def package_scripts(c: dict, text: str) -> bool:
    """A package.json: a JSON object (a code block's, else the answer's) whose top-level `fields`
    (name -> text) have those values where given and whose scripts hold each of `scripts` (name ->
    command, spaces aside); other scripts are fine."""
    p = _params(c, {"scripts": dict}, {"fields": dict})
    scripts = _texts_map(c, p["scripts"], "scripts")
    fields = _texts_map(c, p["fields"], "fields") if "fields" in p else {}
    for doc in _json_docs(text) if words(text) else []:
        if not isinstance(doc, dict) or not isinstance(doc.get("scripts"), dict):
            continue
        got = doc["scripts"]
        if all(doc.get(k) == v for k, v in fields.items()) and all(
            isinstance(got.get(k), str) and " ".join(got[k].split()) == " ".join(v.split())
            for k, v in scripts.items()
        ):
            return True
    return False
