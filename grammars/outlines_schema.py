"""JSON schemas as outlines-core must see them to enforce exactly what they say, and their regex."""

from __future__ import annotations

import json
from functools import lru_cache

from selfrefine.grammars.errors import InvalidParameter
from selfrefine.grammars.feedback import free_words

WHITESPACE = ""
"""JSON without whitespace between tokens, as the vLLM engine asks of xgrammar: a weak model
cannot pad the feedback with blanks, and every token it writes is content."""
MAX_ENUM_VALUES = 1000
"""Integer bounds spanning at most this many values become an enum (see `outlines_schema`)."""
REGEX_CACHE = 256
"""Regexes kept, by schema (the grounded and checklist forms build a schema per answer)."""
_BOUNDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")


def _json_key(name: str) -> str:
    return json.dumps(name, ensure_ascii=False)[1:-1]


def _bounded_integer(node: dict) -> dict:
    """An integer with bounds as an enum of its values; outlines-core ignores minimum / maximum
    (it would let the model write any number of digits)."""
    if not any(k in node for k in _BOUNDS):
        return node
    lo = node.get("minimum", node.get("exclusiveMinimum", None))
    hi = node.get("maximum", node.get("exclusiveMaximum", None))
    if lo is None or hi is None:
        raise InvalidParameter(
            "json_schema",
            "an integer bound on one side only cannot be enforced by "
            "Outlines on the transformers backend; give both bounds "
            "or an enum",
        )
    lo = int(lo) + (1 if "exclusiveMinimum" in node and "minimum" not in node else 0)
    hi = int(hi) - (1 if "exclusiveMaximum" in node and "maximum" not in node else 0)
    step = node.get("multipleOf", 1)
    values = [v for v in range(lo, hi + 1) if v % step == 0] if hi - lo < MAX_ENUM_VALUES else None
    if not values:
        raise InvalidParameter(
            "json_schema",
            f"integer bounds [{lo}, {hi}] cannot be enforced by Outlines "
            f"(more than {MAX_ENUM_VALUES} values, or none); use an enum",
        )
    rest = {k: v for k, v in node.items() if k not in (*_BOUNDS, "type")}
    return {**rest, "enum": values}


def outlines_schema(schema):
    """The schema as outlines-core must see it to enforce exactly what it says.

    Two gaps of outlines-core 0.2.14 are closed here: property names go into its regex without
    JSON escaping (a key with a quote or a backslash, such as a checklist sentence that quotes
    someone, would produce invalid JSON), so they are passed escaped; and integer minimum /
    maximum are not enforced, so a bounded integer becomes an enum. Number bounds cannot be
    enforced and are refused. Everything else is passed unchanged."""
    if isinstance(schema, list):
        return [outlines_schema(x) for x in schema]
    if not isinstance(schema, dict):
        return schema
    node = dict(schema)
    if node.get("type") == "integer" and "enum" not in node:
        node = _bounded_integer(node)
    if node.get("type") == "number" and any(k in node for k in _BOUNDS):
        raise InvalidParameter(
            "json_schema",
            "number bounds cannot be enforced by Outlines on the "
            "transformers backend; use an integer enum or no bounds",
        )
    out = {}
    for key, value in node.items():
        if key == "properties" and isinstance(value, dict):
            out[key] = {_json_key(k): outlines_schema(v) for k, v in value.items()}
        elif key == "required" and isinstance(value, list) and isinstance(node.get("properties"), dict):
            out[key] = [_json_key(k) if isinstance(k, str) else k for k in value]
        else:
            out[key] = outlines_schema(value)
    return out


def schema_regex(schema: dict) -> str:
    """The regex outlines-core enforces for `schema` (its words made free in length by
    `free_words`, then `outlines_schema`), cached per schema as the feedback schemas are."""
    # Keyed by the JSON text in its own key order: the order of the properties is the order
    # the regex writes them in, so two schemas that differ only there are two regexes.
    return _regex(json.dumps(schema))


@lru_cache(maxsize=REGEX_CACHE)
def _regex(schema_json: str) -> str:
    from outlines_core.json_schema import build_regex_from_schema

    try:
        return build_regex_from_schema(
            json.dumps(outlines_schema(free_words(json.loads(schema_json)))), WHITESPACE
        )
    except InvalidParameter:
        raise
    except Exception as exc:  # outlines-core refuses the schema (an unsupported keyword, ...)
        raise InvalidParameter("json_schema", f"Outlines cannot compile it: {exc}") from exc
