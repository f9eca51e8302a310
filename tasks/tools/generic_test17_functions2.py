"""The generic task's `test17` function rows, second part (generic_test17_functions holds the first
11 and FUNCTIONS): the last 11 rows, and the two helpers both parts build their rows with. Each
row's expected values are its reference's answers (`_row`).
**Do not read these requests while tuning**: they are a blind test split."""

from __future__ import annotations

import copy
import textwrap

from selfrefine.tasks.tools.generic_rows import function


def _code(text: str) -> str:
    """A reference's source: `text` dedented, without its first blank line."""
    return textwrap.dedent(text).lstrip("\n")


def _row(request: str, entry: str, args: list[tuple], shown: list[int], reference: str) -> dict:
    """A function row whose tests are `args` with the answers `reference` gives them."""
    ns: dict = {}
    exec(reference, ns)
    fn = ns[entry]
    cases = [(list(a), fn(*copy.deepcopy(list(a)))) for a in args]
    return function(request, entry, cases, shown, reference)


_PARCEL = _code("""
    def parcel_size(length, width, height, weight_kg):
        dims = sorted([length, width, height], reverse=True)
        for name, limits, most in (("small", [45, 35, 16], 2), ("medium", [61, 46, 46], 20)):
            if all(d <= m for d, m in zip(dims, limits)) and weight_kg <= most:
                return name
        return None
""")

_SOCKS = _code("""
    from collections import Counter


    def sock_pairs(socks):
        return sum(n // 2 for n in Counter(socks).values())
""")

_BYES = _code("""
    def tournament_byes(n):
        size = 1
        while size < n:
            size *= 2
        return size - n
""")

_HEX = _code("""
    import re


    def is_hex_color(s):
        return re.fullmatch(r"#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})", s) is not None
""")

_LATLON = _code("""
    import re


    def parse_latlon(s):
        m = re.fullmatch(r"(\\d+(?:\\.\\d+)?) ?([NSns]), *(\\d+(?:\\.\\d+)?) ?([EWew])", s)
        if not m:
            return None
        lat, lon = float(m.group(1)), float(m.group(3))
        if lat > 90 or lon > 180:
            return None
        if m.group(2).upper() == "S":
            lat = -lat
        if m.group(4).upper() == "W":
            lon = -lon
        return (lat, lon)
""")

_STRIKE = _code("""
    def cricket_strike_rate(runs, balls):
        if balls == 0:
            return None
        return round(runs / balls * 100, 2)
""")

_WATER = _code("""
    import math


    def water_intake_ml(weight_kg, exercise_minutes):
        ml = 35 * weight_kg + 12 * exercise_minutes
        return int(math.floor(ml / 50 + 0.5)) * 50
""")

_VISITORS = _code("""
    def unique_visitors(log):
        seen = {}
        for ip, date in log:
            seen.setdefault(date, set()).add(ip)
        return {date: len(ips) for date, ips in seen.items()}
""")

_RUGBY = _code("""
    def rugby_union_points(tries, conversions, penalties, drop_goals):
        return 5 * tries + 2 * conversions + 3 * penalties + 3 * drop_goals
""")

_INVOICES = _code("""
    def missing_invoice_numbers(numbers):
        have = set(numbers)
        if len(have) < 2:
            return []
        return [n for n in range(min(have), max(have) + 1) if n not in have]
""")

_STEPS = _code("""
    def steps_to_km(steps, stride_cm):
        return round(steps * stride_cm / 100000, 2)
""")

_LOG = [["10.0.0.1", "2027-05-01"], ["10.0.0.2", "2027-05-01"], ["10.0.0.1", "2027-05-01"],
        ["10.0.0.1", "2027-05-02"]]  # fmt: skip

# fmt: off
MORE = [
    _row(
        "Shipping helper for my Etsy shop: parcel_size(length, width, height, weight_kg) returns the "
        "postage band for a box. The dimensions are in cm and the box can be turned any way, so sort "
        "them from largest to smallest and compare them with the band's limits in the same order. "
        "'small' is up to 45 x 35 x 16 cm and up to 2 kg; 'medium' is up to 61 x 46 x 46 cm and up to "
        "20 kg (limits included). Return the first band that fits, or None if neither does.\n\n"
        "parcel_size(30, 20, 10, 1.5) -> 'small'\nparcel_size(50, 40, 30, 12) -> 'medium'",
        "parcel_size",
        [(30, 20, 10, 1.5), (50, 40, 30, 12), (16, 45, 35, 2), (45, 35, 16, 2.01), (46, 30, 10, 1),
         (61, 46, 46, 20), (62, 40, 40, 5), (10, 10, 10, 21), (35, 16, 45, 0.2), (20, 20, 20, 3)],
        [0, 1],
        _PARCEL,
    ),
    _row(
        "Laundry day joke app for my kids: sock_pairs(socks) takes a list of sock colours (strings) and "
        "returns how many complete pairs can be made. Two socks pair up only if their strings are "
        "exactly the same (so 'Red' and 'red' don't match), and a leftover single sock doesn't count.\n\n"
        "Input: ['red', 'blue', 'red', 'green', 'red']\nOutput: 1",
        "sock_pairs",
        [(["red", "blue", "red", "green", "red"],), ([],), (["black"],), (["a", "a", "a", "a"],),
         (["Red", "red"],), (["x", "y", "x", "y", "z", "z"],), (["grey"] * 7,),
         (["spots", "stripes", "spots", "stripes", "spots"],), (["blue", "navy", "blue "],)],
        [0],
        _SOCKS,
    ),
    _row(
        "I run a knockout chess tournament at our club. tournament_byes(n) should return how many byes "
        "the first round needs for n players (n is at least 1): the bracket size is the smallest power "
        "of two that is at least n (1, 2, 4, 8, 16, ...), and the byes are that size minus n.\n\n"
        "Input: 6\nOutput: 2",
        "tournament_byes",
        [(6,), (1,), (2,), (3,), (8,), (9,), (17,), (32,), (100,)],
        [0],
        _BYES,
    ),
    _row(
        "Validating a settings form: is_hex_color(s) returns True if the string s is a CSS hex colour "
        "written as '#' followed by exactly 3 or exactly 6 hex digits (0-9, a-f, A-F, either case), and "
        "False otherwise. No spaces allowed anywhere, no missing '#', and the 4- and 8-digit forms with "
        "transparency count as invalid here.\n\n"
        "Input: '#1e90FF'\nOutput: True",
        "is_hex_color",
        [("#1e90FF",), ("#abc",), ("1e90ff",), ("#abcd",), ("#12345g",), ("#1e90ff80",), ("# abc",),
         ("#ABC ",), ("",), ("#000000",)],
        [0],
        _HEX,
    ),
    _row(
        "Geocaching notes parser: parse_latlon(s) turns a string like '51.5074 N, 0.1278 W' into a "
        "(latitude, longitude) tuple of floats, with south and west as negative numbers. The format is: "
        "a number (digits, optionally a decimal point and more digits), an optional single space, the "
        "hemisphere letter N or S, a comma, any number of spaces, a second number, an optional single "
        "space, then E or W. The letters may be upper or lower case. Return None if the string doesn't "
        "match that format exactly or if the latitude is above 90 or the longitude above 180.\n\n"
        "Input: '51.5074 N, 0.1278 W'\nOutput: (51.5074, -0.1278)",
        "parse_latlon",
        [("51.5074 N, 0.1278 W",), ("33.87S,151.21E",), ("0 N, 0 E",), ("90 s, 180 w",), ("91 N, 10 E",),
         ("45 N, 181 E",), ("45N 10E",), ("-45 N, 10 E",), ("48.8566 N,   2.3522 E",), ("12.5 X, 3 E",)],
        [0],
        _LATLON,
    ),
    _row(
        "Cricket stats for our village team's website. cricket_strike_rate(runs, balls) gives a batter's "
        "strike rate, which is runs per 100 balls faced; return it rounded to 2 decimal places, or None "
        "if the batter faced no balls.\n\n"
        "assert cricket_strike_rate(50, 40) == 125.0\n"
        "assert cricket_strike_rate(3, 0) is None",
        "cricket_strike_rate",
        [(50, 40), (3, 0), (0, 12), (100, 100), (7, 3), (152, 97), (1, 6), (0, 0), (36, 17)],
        [0, 1],
        _STRIKE,
    ),
    _row(
        "Fitness app feature: water_intake_ml(weight_kg, exercise_minutes) gives a daily water target "
        "of 35 ml per kg of body weight plus 12 ml per minute of exercise, rounded to the nearest "
        "multiple of 50 ml (exactly halfway rounds up). Return it as an int.\n\n"
        "assert water_intake_ml(70, 30) == 2800\n"
        "assert water_intake_ml(60, 0) == 2100",
        "water_intake_ml",
        [(70, 30), (60, 0), (55, 45), (80, 0), (62.5, 10), (90, 60), (50, 25), (0, 0), (75, 15)],
        [0, 1],
        _WATER,
    ),
    _row(
        "Quick analytics for my blog's access log. unique_visitors(log) takes a list of [ip, date] pairs "
        "(both strings, date like '2027-05-01') and returns a dict mapping each date that appears to the "
        "number of different IP addresses seen on that date. An empty log gives {}.\n\n"
        f"assert unique_visitors({_LOG!r}) == {{'2027-05-01': 2, '2027-05-02': 1}}",
        "unique_visitors",
        [(_LOG,), ([],), ([["1.1.1.1", "2027-01-01"]],),
         ([["a", "2027-01-01"], ["b", "2027-01-02"], ["a", "2027-01-02"], ["c", "2027-01-02"]],),
         ([["x", "2027-02-03"]] * 4,), ([["1", "d1"], ["2", "d2"], ["3", "d3"]],),
         ([["10.0.0.1", "2027-05-01"], ["10.0.0.10", "2027-05-01"]],),
         ([["ip", "2027-03-01"], ["IP", "2027-03-01"]],), ([["a", "2027-12-31"], ["a", "2028-01-01"]],)],
        [0],
        _VISITORS,
    ),
    _row(
        "Rugby union scoring for our league spreadsheet: write rugby_union_points(tries, conversions, "
        "penalties, drop_goals) that returns a team's total points. A try is worth 5, a conversion 2, "
        "a penalty goal 3 and a drop goal 3. All four counts are whole numbers, 0 or more. For example 2 "
        "tries, 1 conversion, 3 penalties and no drop goals make 21 points.",
        "rugby_union_points",
        [(0, 0, 0, 0), (1, 1, 0, 0), (3, 3, 2, 1), (0, 0, 5, 0), (4, 2, 1, 0), (7, 7, 0, 0), (0, 0, 0, 2),
         (5, 0, 0, 0)],
        [],
        _RUGBY,
    ),
    _row(
        "Bookkeeping audit: write missing_invoice_numbers(numbers) that takes a list of invoice numbers "
        "(ints, in any order, possibly with duplicates) and returns, sorted ascending, every whole "
        "number between the smallest and the largest of them that isn't in the list. If there are "
        "fewer than two different numbers, return an empty list. For example with 101, 104, 102 and "
        "107 the missing ones are 103, 105 and 106.",
        "missing_invoice_numbers",
        [([],), ([5],), ([5, 5, 5],), ([1, 2, 3],), ([10, 7],), ([20, 15, 15, 18],), ([1000, 1003, 1001],),
         ([3, 1, 2, 5, 9],)],
        [],
        _INVOICES,
    ),
    _row(
        "Pedometer app: write steps_to_km(steps, stride_cm) that turns a step count into kilometres "
        "walked, given the stride length in centimetres: steps times stride, converted from cm to km, "
        "rounded to 2 decimal places (a float). For example 10000 steps with a 75 cm stride is 7.5 km.",
        "steps_to_km",
        [(0, 70), (12345, 70), (8000, 80), (1, 65), (25000, 72.5), (5432, 68), (100000, 75), (333, 33)],
        [],
        _STEPS,
    ),
]
# fmt: on
