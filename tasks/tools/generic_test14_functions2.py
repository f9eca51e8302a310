"""The generic task's `test14` function rows, second part (generic_test14_functions holds the first
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


_DISTANCE = _code("""
    import math


    def distance_km(lat1, lon1, lat2, lon2):
        p1, p2 = math.radians(lat1), math.radians(lat2)
        dp, dl = p2 - p1, math.radians(lon2 - lon1)
        a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
        return round(2 * 6371 * math.asin(math.sqrt(a)), 1)
""")

_STATUS = _code("""
    import re


    def status_counts(lines):
        out = {}
        for line in lines:
            m = re.search(r'"[^"]*" (\\d{3})(?!\\d)', line)
            if m:
                out[m.group(1)] = out.get(m.group(1), 0) + 1
        return out
""")

_WORDS = _code("""
    NAMES = ("one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
             "fifteen sixteen seventeen eighteen nineteen").split()


    def _number(n):
        return NAMES[n - 1] if n < 20 else "twenty" + ("-" + NAMES[n - 21] if n > 20 else "")


    def time_in_words(t):
        h, m = (int(x) for x in t.split(":"))
        if m == 0 and h in (0, 12):
            return "midnight" if h == 0 else "noon"
        hour, after = _number(h % 12 or 12), _number((h + 1) % 12 or 12)
        if m == 0:
            return f"{hour} o'clock"
        if m in (15, 30):
            return f"{'quarter' if m == 15 else 'half'} past {hour}"
        if m == 45:
            return f"quarter to {after}"
        n = m if m < 30 else 60 - m
        unit = "minute" if n == 1 else "minutes"
        return f"{_number(n)} {unit} past {hour}" if m < 30 else f"{_number(n)} {unit} to {after}"
""")

_ACCENTS = _code("""
    import unicodedata


    def strip_accents(text):
        decomposed = unicodedata.normalize("NFD", text)
        kept = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
        return unicodedata.normalize("NFC", kept)
""")

_DMS = _code("""
    import re


    def dms_to_decimal(text):
        pattern = r"\\s*(\\d+)\\s*°\\s*(\\d+)\\s*['′]\\s*(\\d+(?:\\.\\d+)?)\\s*[\\"″]\\s*([NSEW])\\s*"
        m = re.fullmatch(pattern, text)
        value = int(m.group(1)) + int(m.group(2)) / 60 + float(m.group(3)) / 3600
        return round(-value if m.group(4) in "SW" else value, 6)
""")

_QUEENS = _code("""
    def queens_attack(a, b):
        df = abs(ord(a[0]) - ord(b[0]))
        dr = abs(int(a[1]) - int(b[1]))
        return df == 0 or dr == 0 or df == dr
""")

_BMR = _code("""
    import math


    def bmr(weight_kg, height_cm, age, sex):
        value = 10 * weight_kg + 6.25 * height_cm - 5 * age + (5 if sex == "male" else -161)
        return math.floor(value + 0.5)
""")

_OVERTIME = _code("""
    def overtime_pay(hours, rate):
        regular = min(hours, 40)
        extra = max(hours - 40, 0)
        return round(regular * rate + extra * rate * 1.5, 2)
""")

_GAS = _code("""
    MARKS = {1: 140, 2: 150, 3: 170, 4: 180, 5: 190, 6: 200, 7: 220, 8: 230, 9: 240}


    def gas_mark(celsius):
        return min(MARKS, key=lambda m: (abs(MARKS[m] - celsius), -m))
""")

_CAST_ON = _code("""
    import math


    def cast_on_stitches(width_cm, stitches_per_10cm):
        n = math.floor(width_cm * stitches_per_10cm / 10 + 0.5)
        return n + 1 if n % 2 else n
""")

_VOLLEY = _code("""
    def volleyball_set_winner(a, b, deciding):
        target = 15 if deciding else 25
        if max(a, b) >= target and abs(a - b) >= 2:
            return "A" if a > b else "B"
        return None
""")

_LOG = [
    '127.0.0.1 - - [10/Oct/2027:13:55:36 +0000] "GET / HTTP/1.1" 200 512',
    '10.0.0.7 - - [10/Oct/2027:13:55:40 +0000] "GET /missing HTTP/1.1" 404 153',
    '127.0.0.1 - - [10/Oct/2027:13:56:02 +0000] "POST /login HTTP/1.1" 200 87',
]
_LINE = '192.168.1.{} - - [11/Oct/2027:09:00:0{} +0000] "{} HTTP/1.1" {} {}'

# fmt: off
MORE = [
    _row(
        "For a hiking app: distance_km(lat1, lon1, lat2, lon2) gives the great-circle distance between "
        "two points given in degrees (north and east positive), using the haversine formula with an "
        "Earth radius of 6371 km, rounded to 1 decimal.\n\n"
        "distance_km(51.5007, -0.1246, 48.8584, 2.2945) -> 340.5\ndistance_km(0, 0, 0, 1) -> 111.2",
        "distance_km",
        [(51.5007, -0.1246, 48.8584, 2.2945), (0, 0, 0, 1), (40.7128, -74.006, 34.0522, -118.2437),
         (-33.8688, 151.2093, -36.8485, 174.7633), (35.6762, 139.6503, 37.5665, 126.978),
         (55.9533, -3.1883, 51.4816, -3.1791), (64.1466, -21.9426, 60.1699, 24.9384),
         (1.3521, 103.8198, -6.2088, 106.8456), (52.52, 13.405, 52.52, 13.405),
         (-22.9068, -43.1729, -34.6037, -58.3816), (45.0, 90.0, -45.0, -90.0)],
        [0, 1],
        _DISTANCE,
    ),
    _row(
        "I'm going through our web server's access logs. status_counts(lines) takes a list of log lines "
        "in the common log format, like\n\n"
        '127.0.0.1 - - [10/Oct/2027:13:55:36 +0000] "GET /index.html HTTP/1.1" 200 2326\n\n'
        "and returns a dict mapping each status code (the 3-digit number right after the quoted request, "
        "as a string) to the number of lines that have it. Lines that don't have a quoted request "
        "followed by a space and a 3-digit status are skipped.\n\n"
        f"Input: {_LOG!r}\nOutput: {{'200': 2, '404': 1}}",
        "status_counts",
        [(_LOG,), ([],), (["", "garbage line", "GET / 200"],),
         ([_LINE.format(1, 1, "GET /a", 301, 0), _LINE.format(2, 2, "GET /b", 301, "-"),
           _LINE.format(3, 3, "GET /c", 500, 20)],),
         ([_LINE.format(4, 4, "GET /x", 2000, 1), _LINE.format(5, 5, "HEAD /", 204, "-")],),
         ([_LINE.format(6, 6, "GET /api/items?id=7", 200, 1024)] * 3,),
         ([_LINE.format(7, 7, "DELETE /item/9", 403, 12), "  ", _LINE.format(8, 8, "GET /", 403, 12),
           _LINE.format(9, 9, "GET /", 304, "-")],),
         (['1.2.3.4 - bob [11/Oct/2027:10:00:00 +0000] "PUT /doc HTTP/1.1" 201 5 "-" "curl/8.0"'],),
         ([_LINE.format(1, 0, "GET /", 418, 0), 'no quotes here 200 OK'],)],
        [0],
        _STATUS,
    ),
    _row(
        "Talking clock for my grandmother. time_in_words(t) says a time the way we'd say it out loud. t is "
        "'H:MM' on the 24-hour clock (0:00 to 23:59, the hour maybe with a leading zero). 0:00 is "
        "'midnight' and 12:00 is 'noon'. Otherwise hours are said on the 12-hour clock, 'one' to "
        "'twelve' (0 and 12 are 'twelve'): on the hour it's \"<hour> o'clock\"; :15 is 'quarter past "
        "<hour>', :30 'half past <hour>' and :45 'quarter to <next hour>'. Any other minute from 1 to 29 "
        "is '<n> minutes past <hour>', and from 31 to 59 '<60 minus n> minutes to <next hour>', with the "
        "number in words ('twenty-two', hyphenated) and 'minute' instead of 'minutes' for one. The hour "
        "after twelve is one, and the hour after 11 or 23 is twelve.\n\n"
        "Input: '3:15'\nOutput: 'quarter past three'",
        "time_in_words",
        [("3:15",), ("0:00",), ("12:00",), ("19:00",), ("10:30",), ("08:45",), ("23:40",), ("0:01",),
         ("14:59",), ("6:22",)],
        [0],
        _WORDS,
    ),
    _row(
        "Cleaning up names for a search index: strip_accents(text) returns text with the accents and "
        "other combining marks taken off its letters (é becomes e, ñ n, Å A, ř r, ơ o). Characters that "
        "aren't a base letter plus marks, like ø, ß, æ or Ł, stay as they are, and so does everything "
        "else.\n\n"
        "Input: 'Crème Brûlée'\nOutput: 'Creme Brulee'",
        "strip_accents",
        [("Crème Brûlée",), ("São Paulo",), ("naïve café",), ("Ångström",), ("Øresund straße",), ("",),
         ("plain ASCII 123!",), ("Dvořák",), ("Łódź",), ("Phở bò",)],
        [0],
        _ACCENTS,
    ),
    _row(
        "Converting coordinates copied from Wikipedia: dms_to_decimal(text) turns degrees, minutes and "
        "seconds like '40°26′46″N' into decimal degrees rounded to 6 decimals. The text is the degrees "
        "and '°', the minutes and ′ (or an apostrophe '), the seconds (maybe with a decimal point) and ″ "
        "(or a double quote \"), then the hemisphere letter N, S, E or W; there may be spaces between "
        "the parts. S and W give negative numbers.\n\n"
        "Input: '40°26′46″N'\nOutput: 40.446111",
        "dms_to_decimal",
        [("40°26′46″N",), ("73°58′30″W",), ("33°51′35.9″S",), ("151°12′40″E",), ("51° 30' 26\" N",),
         ("12°00′00″S",), ("0°7′39″W",), ("35°41′22.2″N",), ("139°41′30.12″E",)],
        [0],
        _DMS,
    ),
    _row(
        "Chess puzzle helper: queens_attack(a, b) says whether queens standing on two different squares "
        "(like 'd1' and 'h5': a file letter a to h, then a rank 1 to 8) attack each other, meaning they "
        "share a rank, a file or a diagonal. Ignore any pieces in between.\n\n"
        "assert queens_attack('d1', 'h5') is True\n"
        "assert queens_attack('b3', 'c5') is False",
        "queens_attack",
        [("d1", "h5"), ("b3", "c5"), ("d1", "d8"), ("a1", "h8"), ("e4", "a4"), ("c2", "e3"), ("h1", "a8"),
         ("f6", "b2"), ("g7", "e4"), ("a2", "b4"), ("c3", "e1")],
        [0, 1],
        _QUEENS,
    ),
    _row(
        "For my fitness tracker: bmr(weight_kg, height_cm, age, sex) is the Mifflin-St Jeor basal "
        "metabolic rate, 10 x weight + 6.25 x height - 5 x age, plus 5 when sex is 'male' or minus 161 "
        "when it is 'female', rounded to the nearest whole number (halves round up) and returned as an "
        "int.\n\n"
        "assert bmr(70, 175, 30, 'male') == 1649\n"
        "assert bmr(60, 165, 45, 'female') == 1245",
        "bmr",
        [(70, 175, 30, "male"), (60, 165, 45, "female"), (82.5, 180, 52, "male"), (55, 158, 23, "female"),
         (95, 190, 40, "male"), (63, 170, 33, "female"), (100, 200, 18, "male"), (50, 152, 80, "female"),
         (77.5, 181, 29, "male"), (58, 163, 61, "female")],
        [0, 1],
        _BMR,
    ),
    _row(
        "Payroll helper: overtime_pay(hours, rate) is one week's pay, the first 40 hours at rate and "
        "every hour beyond 40 at 1.5 times rate, rounded to 2 decimals. hours can have a fraction, "
        "like 42.5.\n\n"
        "assert overtime_pay(38, 20) == 760.0\n"
        "assert overtime_pay(45, 20) == 950.0",
        "overtime_pay",
        [(38, 20), (45, 20), (40, 18.5), (42.5, 16), (0, 25), (50, 12.4), (44.25, 20), (39.5, 15.2),
         (60, 30), (47, 21.1), (40.75, 19.99)],
        [0, 1],
        _OVERTIME,
    ),
    _row(
        "Old British recipes give oven temperatures as gas marks. Please write gas_mark(celsius), which "
        "returns the gas mark (an int from 1 to 9) for a temperature in °C using this table: gas mark 1 "
        "is 140 °C, 2 is 150, 3 is 170, 4 is 180, 5 is 190, 6 is 200, 7 is 220, 8 is 230 and 9 is 240. "
        "Pick the mark whose temperature is nearest, and when two marks are equally near take the higher "
        "one; so anything below 140 is mark 1 and anything above 240 is mark 9. For example 180 °C is "
        "gas mark 4, and 210 °C is gas mark 7.",
        "gas_mark",
        [(160,), (175,), (145,), (100,), (260,), (200,), (225,), (195,), (232,)],
        [],
        _GAS,
    ),
    _row(
        "Knitting helper: cast_on_stitches(width_cm, stitches_per_10cm) works out how many stitches to "
        "cast on for a piece width_cm wide when my gauge is stitches_per_10cm stitches per 10 cm. It's "
        "the width times the gauge divided by 10, rounded to the nearest whole number (halves round up), "
        "and then, because my patterns use 1x1 rib, if that number is odd it adds one to make it even. "
        "Return an int. A 50 cm scarf at 22 stitches per 10 cm needs 110 stitches, and a 25 cm piece at "
        "21 stitches per 10 cm needs 54.",
        "cast_on_stitches",
        [(30, 18), (45, 20), (23, 22), (61, 19), (35, 25), (20, 27), (12.5, 22), (100, 17), (33, 21)],
        [],
        _CAST_ON,
    ),
    _row(
        "Volleyball scoreboard: volleyball_set_winner(a, b, deciding) gets the points of team A and team B "
        "in a set, and whether it's the deciding (fifth) set. A normal set is won by the first team to "
        "reach 25 points with a lead of at least 2, so it can go on past 25 (26-24, 30-28 and so on); "
        "the deciding set works the same way but to 15. Return 'A' or 'B' for the team that has won "
        "the set, or None if it isn't over yet. The scores are always ones that can really happen. "
        "For instance 25-20 in a normal set is a win for A, 24-25 isn't finished yet, and 15-10 in the "
        "deciding set is a win for A.",
        "volleyball_set_winner",
        [(25, 23, False), (25, 24, False), (26, 24, False), (23, 25, False), (15, 13, True), (15, 13, False),
         (14, 16, True), (0, 0, False), (31, 33, False)],
        [],
        _VOLLEY,
    ),
]
# fmt: on
