"""The generic task's `test16` function rows (see generic_test16, which writes them with the rest):
the first 11 here, then generic_test16_functions2's MORE (one module would pass 450 lines). Each
row's expected values are its reference's answers (generic_test16_functions2._row).
**Do not read these requests while tuning**: they are a blind test split."""

from __future__ import annotations

from selfrefine.tasks.tools.generic_test16_functions2 import MORE, _code, _row

_CRIBBAGE = _code("""
    from itertools import combinations


    def cribbage_fifteens(hand):
        values = [1 if r == "A" else 10 if r in ("J", "Q", "K") else int(r) for r in hand]
        ways = 0
        for k in range(2, len(values) + 1):
            ways += sum(1 for combo in combinations(values, k) if sum(combo) == 15)
        return 2 * ways
""")

_POINTER = _code("""
    import re


    def resolve_pointer(doc, pointer):
        if pointer == "":
            return doc
        if not pointer.startswith("/"):
            return None
        node = doc
        for token in pointer[1:].split("/"):
            token = token.replace("~1", "/").replace("~0", "~")
            if isinstance(node, dict):
                if token not in node:
                    return None
                node = node[token]
            elif isinstance(node, list):
                if not re.fullmatch(r"0|[1-9][0-9]*", token) or int(token) >= len(node):
                    return None
                node = node[int(token)]
            else:
                return None
        return node
""")

_TIMECODE = _code("""
    def frames_to_timecode(frames, fps):
        seconds, ff = divmod(frames, fps)
        minutes, ss = divmod(seconds, 60)
        hh, mm = divmod(minutes, 60)
        return f"{hh:02d}:{mm:02d}:{ss:02d}:{ff:02d}"
""")

_PERCENTILE = _code("""
    def nearest_rank_percentile(values, p):
        if not values:
            return None
        ordered = sorted(values)
        rank = max(1, -(-p * len(ordered) // 100))
        return ordered[int(rank) - 1]
""")

_ABV = _code("""
    def abv_from_gravity(og, fg):
        if fg >= og:
            return 0.0
        return round((og - fg) * 131.25, 2)
""")

_POINT_BUY = _code("""
    COST = {8: 0, 9: 1, 10: 2, 11: 3, 12: 4, 13: 5, 14: 7, 15: 9}


    def point_buy_cost(scores):
        if any(s not in COST for s in scores):
            return None
        return sum(COST[s] for s in scores)
""")

_PLANTS = _code("""
    def plants_that_fit(length_cm, width_cm, spacing_cm):
        return (length_cm // spacing_cm) * (width_cm // spacing_cm)
""")

_BEARING = _code("""
    import math


    def initial_bearing(lat1, lon1, lat2, lon2):
        p1, p2 = math.radians(lat1), math.radians(lat2)
        dl = math.radians(lon2 - lon1)
        y = math.sin(dl) * math.cos(p2)
        x = math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl)
        return round((math.degrees(math.atan2(y, x)) + 360) % 360, 1)
""")

_EXPAND = _code("""
    import re

    PATTERN = re.compile(r"\\$\\$|\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\\}")


    def expand_vars(template, env):
        def fill(m):
            if m.group(0) == "$$":
                return "$"
            value = env.get(m.group(1), "")
            if m.group(2) is not None and value == "":
                return m.group(2)
            return value

        return PATTERN.sub(fill, template)
""")

_MERGE = _code("""
    def deep_merge(base, override):
        out = dict(base)
        for key, value in override.items():
            if isinstance(out.get(key), dict) and isinstance(value, dict):
                out[key] = deep_merge(out[key], value)
            else:
                out[key] = value
        return out
""")

_RACE = _code("""
    POINTS = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]


    def race_points(position, fastest_lap):
        if position is None or not 1 <= position <= 10:
            return 0
        return POINTS[position - 1] + (1 if fastest_lap else 0)
""")

_DOC = {"a": {"b": [10, 20]}}

# fmt: off
FUNCTIONS = [
    _row(
        "Cribbage scoring helper for our family games night:\n\n"
        "```python\ndef cribbage_fifteens(hand):\n"
        '    """Points scored for fifteens in a cribbage hand.\n\n'
        "    hand is a list of card ranks as strings: 'A', '2' to '10', 'J', 'Q' or 'K'\n"
        "    (suits don't matter here). An ace counts 1, J, Q and K count 10, and the\n"
        "    other cards their number. Every different combination of two or more cards\n"
        "    that adds up to exactly 15 scores 2 points; two cards of the same rank are\n"
        "    still different cards, so combinations using one or the other both count.\n"
        "    An empty hand scores 0.\n\n"
        "    >>> cribbage_fifteens(['5', '5', '5', 'J', '5'])\n    16\n"
        "    >>> cribbage_fifteens(['A', '2', '3', '4', '6'])\n    2\n"
        '    """\n```',
        "cribbage_fifteens",
        [(["5", "5", "5", "J", "5"],), (["A", "2", "3", "4", "6"],), (["10", "5", "J", "Q", "K"],),
         (["7", "8", "7", "8", "A"],), ([],), (["A", "A", "A", "A", "K"],), (["6", "9", "3", "3", "J"],),
         (["9", "6"],), (["4", "4", "7", "7", "A"],), (["2", "3", "10", "K", "Q"],)],
        [0, 1],
        _CRIBBAGE,
    ),
    _row(
        "Config tooling at work, I need a small JSON Pointer resolver:\n\n"
        "```python\ndef resolve_pointer(doc, pointer):\n"
        '    """Return the value in `doc` (parsed JSON: dicts, lists, strings, numbers,\n'
        "    booleans) that the JSON Pointer `pointer` (RFC 6901) refers to, or None if\n"
        "    there is none.\n\n"
        "    The empty string refers to the whole document. Any other pointer must start\n"
        "    with '/' (if not, return None), and each '/'-separated token after it steps\n"
        "    one level in. In a token, '~1' stands for '/' and '~0' for '~' (replace ~1\n"
        "    first, then ~0). In a dict a token is a key; in a list it must be a decimal\n"
        "    index with no leading zeros ('0' itself is fine) that is in range. A missing\n"
        "    key, a bad or out-of-range index, or a step into a string, number or boolean\n"
        "    gives None.\n\n"
        f"    >>> resolve_pointer({_DOC!r}, '/a/b/1')\n    20\n"
        "    >>> resolve_pointer({'a/b': 1, 'm~n': 2}, '/a~1b')\n    1\n"
        '    """\n```',
        "resolve_pointer",
        [(_DOC, "/a/b/1"), ({"a/b": 1, "m~n": 2}, "/a~1b"), (_DOC, ""), ({"a": 1}, "/x"),
         ({"m~n": 2}, "/m~0n"), ({"list": [1, 2, 3]}, "/list/01"), ({"list": [1, 2, 3]}, "/list/3"),
         ({"a": "text"}, "/a/0"), ({"a": 1}, "a"), ({"x": {"y": {"z": [True, False]}}}, "/x/y/z/1"),
         ({"~1": "tricky"}, "/~01")],
        [0, 1],
        _POINTER,
    ),
    _row(
        "For my video editing scripts:\n\n"
        "```python\ndef frames_to_timecode(frames, fps):\n"
        '    """Turn a frame count into a non-drop-frame timecode \'HH:MM:SS:FF\'.\n\n'
        "    fps is a whole number of frames per second (24, 25, 30, 50, 60...) and\n"
        "    frames is 0 or more. FF is the frame within the second (0 to fps - 1).\n"
        "    Every field has at least two digits, with leading zeros, and the hours just\n"
        "    keep counting past 24.\n\n"
        "    >>> frames_to_timecode(90, 30)\n    '00:00:03:00'\n"
        "    >>> frames_to_timecode(1499, 25)\n    '00:00:59:24'\n"
        '    """\n```',
        "frames_to_timecode",
        [(90, 30), (1499, 25), (0, 24), (24, 24), (90000, 25), (2160000, 25), (12345, 30), (59, 60),
         (216000, 60), (100, 50)],
        [0, 1],
        _TIMECODE,
    ),
    _row(
        "Stats helper for our API latency dashboard:\n\n"
        "```python\ndef nearest_rank_percentile(values, p):\n"
        '    """The p-th percentile of `values` by the nearest-rank method.\n\n'
        "    Sort the values in ascending order; the result is the value at rank\n"
        "    ceil(p / 100 * n), where n is the number of values and ranks count from 1,\n"
        "    except that p = 0 gives the smallest value. p is a number from 0 to 100.\n"
        "    Return the value itself (no interpolation); an empty list gives None.\n\n"
        "    >>> nearest_rank_percentile([15, 20, 35, 40, 50], 40)\n    20\n"
        "    >>> nearest_rank_percentile([3, 1, 2], 100)\n    3\n"
        '    """\n```',
        "nearest_rank_percentile",
        [([15, 20, 35, 40, 50], 40), ([3, 1, 2], 100), ([15, 20, 35, 40, 50], 5), ([15, 20, 35, 40, 50], 30),
         ([15, 20, 35, 40, 50], 50), ([15, 20, 35, 40, 50], 0), ([], 50), ([7], 99),
         ([1.5, 2.5, 0.5], 50), ([100, 200, 300, 400], 75), ([5, 1, 4, 2, 3], 99.9)],
        [0, 1],
        _PERCENTILE,
    ),
    _row(
        "Homebrew log: abv_from_gravity(og, fg) estimates alcohol by volume from the original and final "
        "specific gravity with the usual formula ABV = (og - fg) * 131.25, rounded to 2 decimal places. "
        "If fg isn't lower than og (a stuck or mistyped reading), return 0.0.\n\n"
        "abv_from_gravity(1.05, 1.01) == 5.25\nabv_from_gravity(1.04, 1.04) == 0.0",
        "abv_from_gravity",
        [(1.05, 1.01), (1.04, 1.04), (1.06, 1.012), (1.045, 1.008), (1.08, 1.015), (1.1, 1.02),
         (1.035, 1.0), (1.052, 1.011), (1.01, 1.012), (1.072, 1.018)],
        [0, 1],
        _ABV,
    ),
    _row(
        "D&D character builder: point_buy_cost(scores) takes a list of ability scores and returns their "
        "total point-buy cost from the 5th edition table: 8 costs 0, 9 costs 1, 10 costs 2, 11 costs 3, "
        "12 costs 4, 13 costs 5, 14 costs 7 and 15 costs 9. If any score is below 8 or above 15, return "
        "None. Just add up the costs, don't check them against the 27-point budget.\n\n"
        "point_buy_cost([15, 14, 13, 12, 10, 8]) == 27\npoint_buy_cost([16, 8, 8, 8, 8, 8]) == None",
        "point_buy_cost",
        [([15, 14, 13, 12, 10, 8],), ([16, 8, 8, 8, 8, 8],), ([8, 8, 8, 8, 8, 8],),
         ([15, 15, 15, 15, 15, 15],), ([13, 13, 13, 12, 12, 12],), ([10, 10],), ([],), ([7, 15],),
         ([14, 14, 14, 8, 8, 8],), ([9, 11, 13, 15],)],
        [0, 1],
        _POINT_BUY,
    ),
    _row(
        "Veg patch planner: plants_that_fit(length_cm, width_cm, spacing_cm) returns how many plants fit "
        "in a rectangular bed planted on a square grid, each plant getting a spacing_cm by spacing_cm "
        "square of its own: length_cm // spacing_cm plants along each row, times width_cm // spacing_cm "
        "rows (whole squares only). All measurements are whole centimetres above 0.\n\n"
        "plants_that_fit(240, 120, 30) == 32\nplants_that_fit(100, 25, 30) == 0",
        "plants_that_fit",
        [(240, 120, 30), (100, 25, 30), (300, 100, 45), (90, 90, 30), (29, 200, 30), (1000, 120, 15),
         (50, 50, 50), (400, 80, 25), (125, 125, 40)],
        [0, 1],
        _PLANTS,
    ),
    _row(
        "Hiking app: initial_bearing(lat1, lon1, lat2, lon2) gives the compass bearing in degrees (0 is "
        "north, clockwise) to set off on along the great circle from point 1 to point 2, with the "
        "coordinates in decimal degrees. Use the standard formula theta = atan2(sin(dlon) * cos(lat2), "
        "cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dlon)), with the latitudes and dlon = lon2 - "
        "lon1 in radians, then convert theta to degrees in the range 0 to 360 (0 included, 360 not) and "
        "round to 1 decimal place.\n\n"
        "initial_bearing(51.5, 0.0, 51.5, 1.0) == 89.6\ninitial_bearing(0.0, 0.0, 10.0, 0.0) == 0.0",
        "initial_bearing",
        [(51.5, 0.0, 51.5, 1.0), (0.0, 0.0, 10.0, 0.0), (0.0, 0.0, 0.0, 10.0), (0.0, 0.0, -10.0, 0.0),
         (0.0, 0.0, 0.0, -10.0), (40.7128, -74.006, 51.5074, -0.1278), (51.5074, -0.1278, 40.7128, -74.006),
         (-33.8688, 151.2093, -37.8136, 144.9631), (48.8566, 2.3522, 41.9028, 12.4964),
         (35.6762, 139.6503, 35.6762, 139.6503)],
        [0, 1],
        _BEARING,
    ),
    _row(
        "Writing a little deploy script. expand_vars(template, env) fills in variables in a template "
        "string from the dict env:\n"
        "- ${NAME} is replaced by env['NAME'], or by an empty string if NAME isn't in env\n"
        "- ${NAME:-fallback} is replaced by env['NAME'] if it's there and not empty, otherwise by the "
        "fallback text (everything up to the closing brace)\n"
        "- $$ is a literal $, so $${NAME} comes out as ${NAME}\n"
        "- anything else stays as it is, including a $ not followed by { or $ (so $NAME without braces "
        "is left alone) and a ${ with no valid name or no closing brace\n"
        "NAME is letters, digits and underscores, not starting with a digit. Replaced text is not "
        "expanded again.\n\n"
        "expand_vars('Hi ${NAME}!', {'NAME': 'Ana'}) -> 'Hi Ana!'\n"
        "expand_vars('${PORT:-8080}', {}) -> '8080'",
        "expand_vars",
        [("Hi ${NAME}!", {"NAME": "Ana"}), ("${PORT:-8080}", {}), ("${A}${B}", {"A": "1", "B": "2"}),
         ("cost: $$5", {}), ("$${HOME}", {"HOME": "/root"}), ("${MISSING}!", {}), ("${X:-def}", {"X": ""}),
         ("${X:-def}", {"X": "set"}), ("$HOME and ${HOME", {"HOME": "/h"}), ("${1BAD}", {"1BAD": "x"}),
         ("${A}", {"A": "${B}", "B": "no"})],
        [0, 1],
        _EXPAND,
    ),
    _row(
        "Settings loader: deep_merge(base, override) merges two dicts into a new one. Keys from both end "
        "up in the result. When a key is in both and both values are dicts, those are merged "
        "recursively the same way; otherwise the override's value wins (lists are replaced, not "
        "concatenated, and an override value of None wins too). Don't modify the inputs.\n\n"
        "deep_merge({'a': 1, 'b': {'x': 1}}, {'b': {'y': 2}}) -> {'a': 1, 'b': {'x': 1, 'y': 2}}",
        "deep_merge",
        [({"a": 1, "b": {"x": 1}}, {"b": {"y": 2}}), ({}, {}), ({"a": [1, 2]}, {"a": [3]}),
         ({"a": {"b": {"c": 1, "d": 2}}}, {"a": {"b": {"d": 3}, "e": 4}}), ({"a": {"x": 1}}, {"a": 5}),
         ({"a": 5}, {"a": {"x": 1}}), ({"a": 1}, {"a": None}), ({"log": {"level": "info"}}, {}),
         ({}, {"new": {"k": "v"}})],
        [0],
        _MERGE,
    ),
    _row(
        "Fantasy F1 league scoring: race_points(position, fastest_lap) returns a driver's points for one "
        "race. Finishing positions 1 to 10 score 25, 18, 15, 12, 10, 8, 6, 4, 2 and 1; anything lower "
        "scores 0. position is None if the driver didn't finish, which also scores 0. fastest_lap is "
        "True if they set the fastest lap, worth 1 bonus point, but only when they finished in the top "
        "10.\n\n"
        "race_points(1, True) -> 26\nrace_points(11, True) -> 0",
        "race_points",
        [(1, True), (11, True), (1, False), (2, False), (10, True), (10, False), (None, True), (20, False),
         (5, True), (3, False)],
        [0, 1],
        _RACE,
    ),
    *MORE,
]
# fmt: on
