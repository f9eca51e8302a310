"""The generic task's `test11` function rows, second part (generic_test11_functions holds the first
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


_BEAT = _code("""
    def beat_ms(bpm, note):
        factor = 1.0
        if note.endswith("."):
            factor, note = 1.5, note[:-1]
        elif note.endswith("T"):
            factor, note = 2 / 3, note[:-1]
        division = int(note.split("/")[1])
        return round(60000 / bpm * 4 / division * factor, 2)
""")

_CENTS = _code("""
    def money_to_cents(text):
        s = text.strip()
        negative = False
        if s.startswith("(") and s.endswith(")"):
            negative, s = True, s[1:-1].strip()
        if s.startswith("-"):
            negative, s = True, s[1:]
        s = s.lstrip("$").replace(",", "")
        whole, _, frac = s.partition(".")
        cents = int(whole) * 100 + int((frac + "00")[:2])
        return -cents if negative else cents
""")

_CHMOD = _code("""
    def chmod_string(mode):
        out = ""
        for digit in mode:
            d = int(digit)
            out += ("r" if d & 4 else "-") + ("w" if d & 2 else "-") + ("x" if d & 1 else "-")
        return out
""")

_POSTCODE = _code("""
    def uk_postcode(text):
        s = "".join(text.split()).upper()
        if not 5 <= len(s) <= 7 or not s.isalnum() or not s.isascii():
            return None
        if not s[0].isalpha() or not (s[-3].isdigit() and s[-2:].isalpha()):
            return None
        return s[:-3] + " " + s[-3:]
""")

_STARS = _code("""
    import math


    def star_rating(avg):
        halves = math.floor(avg * 2 + 0.5)
        full, half = divmod(halves, 2)
        return "★" * full + "½" * half + "☆" * (5 - full - half)
""")

_SEMVER = _code("""
    def semver_bump(version, part):
        core = version.split("+")[0].split("-")[0]
        major, minor, patch = (int(x) for x in core.split("."))
        if part == "major":
            return f"{major + 1}.0.0"
        if part == "minor":
            return f"{major}.{minor + 1}.0"
        return f"{major}.{minor}.{patch + 1}"
""")

_HANDICAP = _code("""
    def handicap_differential(score, course_rating, slope):
        return round(113 / slope * (score - course_rating), 1)
""")

_OVERS = _code("""
    import re


    def overs_to_balls(overs):
        m = re.fullmatch(r"(\\d+)(?:\\.([0-5]))?", overs)
        if not m:
            return None
        return int(m.group(1)) * 6 + int(m.group(2) or 0)
""")

_PAINT = _code("""
    import math


    def paint_tins(area_m2, coats, coverage, tin_litres):
        litres = area_m2 * coats / coverage
        return math.ceil(litres / tin_litres)
""")

_SLEEP = _code("""
    def sleep_debt(hours, target):
        return round(float(sum(max(0, target - h) for h in hours)), 2)
""")

_ROAST = _code("""
    import math


    def roast_start_time(weight_kg, serve_time):
        steps = math.ceil(weight_kg * 2)
        minutes = steps * 20 + 20 + 30
        serve = int(serve_time[:2]) * 60 + int(serve_time[3:])
        t = (serve - minutes) % (24 * 60)
        return f"{t // 60:02d}:{t % 60:02d}"
""")

# fmt: off
MORE = [
    _row(
        "I make music and set my delay pedal by hand. beat_ms(bpm, note) gives the length of a note "
        "in milliseconds: a quarter note ('1/4') lasts 60000 / bpm ms, '1/1' is four times that, "
        "'1/2' twice, '1/8' half and '1/16' a quarter. A note may end with '.' (dotted: 1.5 times as "
        "long) or 'T' (triplet: 2/3 as long). Round to 2 decimals.\n\n"
        "beat_ms(120, '1/4') -> 500.0\nbeat_ms(120, '1/8.') -> 375.0",
        "beat_ms",
        [(120, "1/4"), (120, "1/8."), (100, "1/4T"), (90, "1/16"), (128, "1/4"), (60, "1/1"), (140, "1/2."),
         (75, "1/8T"), (174, "1/16."), (200, "1/2")],
        [0, 1],
        _BEAT,
    ),
    _row(
        "I'm importing bank exports into my budget app. Write money_to_cents(text) that turns an "
        "amount written as text into a whole number of cents. Spaces around it are ignored. It may "
        "start with '-' or be wrapped in parentheses (accounting style), both meaning negative; then "
        "an optional '$', digits with optional thousands commas, and optionally a '.' with one or two "
        "decimal digits. Return an int.\n\n"
        "Input: '$1,234.50'\nOutput: 123450\n\n"
        "Input: '(12.05)'\nOutput: -1205",
        "money_to_cents",
        [("$1,234.50",), ("(12.05)",), ("0",), ("$0.5",), ("-$3",), ("1,000,000",), (" $7.99 ",),
         ("($1,000.00)",), ("12.3",), ("-0.07",)],
        [0, 1],
        _CENTS,
    ),
    _row(
        "Helper for our server docs: chmod_string(mode) takes a Unix permission mode as a string of "
        "exactly three octal digits (owner, group, others) and returns the ls -l style string of 9 "
        "characters: for each digit r if it has 4, w if it has 2, x if it has 1, and '-' for each "
        "one missing.\n\n"
        "Input: '755'\nOutput: 'rwxr-xr-x'\n\n"
        "Input: '640'\nOutput: 'rw-r-----'",
        "chmod_string",
        [("755",), ("640",), ("000",), ("777",), ("644",), ("600",), ("711",), ("421",), ("750",), ("007",)],
        [0, 1],
        _CHMOD,
    ),
    _row(
        "Our shop's checkout needs uk_postcode(text) to tidy what customers type. Remove all "
        "whitespace and make it upper case. It is valid only if it is then 5 to 7 characters, all "
        "letters A-Z or digits, starting with a letter, and its last three characters are a digit "
        "followed by two letters. Return it with one space before the last three characters, or "
        "None if it is not valid.\n\n"
        "Input: 'sw1a1aa'\nOutput: 'SW1A 1AA'\n\n"
        "Input: '12345'\nOutput: None",
        "uk_postcode",
        [("sw1a1aa",), ("12345",), (" ec1a  1bb ",), ("B33 8TH",), ("M1 1AE",), ("DN55 1PT",),
         ("SW1A1A",), ("W1A0AX",), ("ABCDEFGH",), ("X",), ("cr2-6xh",)],
        [0, 1],
        _POSTCODE,
    ),
    _row(
        "Review widget for my recipe blog. star_rating(avg) takes an average rating from 0 to 5 and "
        "returns 5 characters: first round avg to the nearest half star (exactly a quarter above a "
        "half or whole number rounds up), then one '★' per full star, a '½' for a half star and '☆' "
        "for each remaining empty star.\n\n"
        "Input: 3.7\nOutput: '★★★½☆'\n\n"
        "Input: 4.8\nOutput: '★★★★★'",
        "star_rating",
        [(3.7,), (4.8,), (0,), (5,), (2.25,), (2.74,), (2.75,), (0.2,), (0.25,), (4.5,)],
        [0, 1],
        _STARS,
    ),
    _row(
        "Release script helper: semver_bump(version, part). version is 'MAJOR.MINOR.PATCH' (whole "
        "numbers), possibly followed by a pre-release part starting with '-' and/or build metadata "
        "starting with '+'; just drop those suffixes, then bump. part is 'major', 'minor' or 'patch': "
        "add 1 to that number and set the numbers after it to 0. Return the new version string.\n\n"
        "assert semver_bump('1.4.2', 'minor') == '1.5.0'\n"
        "assert semver_bump('2.0.0-rc.1', 'patch') == '2.0.1'",
        "semver_bump",
        [("1.4.2", "minor"), ("2.0.0-rc.1", "patch"), ("0.0.1", "major"), ("1.9.9", "patch"),
         ("1.9.9", "minor"), ("3.2.1+build.7", "major"), ("10.20.30", "patch"), ("0.1.0-alpha", "minor"),
         ("1.2.3-beta+exp.sha", "patch"), ("7.0.0", "minor")],
        [0, 1],
        _SEMVER,
    ),
    _row(
        "For my golf stats: handicap_differential(score, course_rating, slope) is (113 / slope) * "
        "(score - course_rating), rounded to one decimal place. It can be negative for a round "
        "below the course rating.\n\n"
        "assert handicap_differential(85, 72.1, 125) == 11.7\n"
        "assert handicap_differential(70, 71.5, 113) == -1.5",
        "handicap_differential",
        [(85, 72.1, 125), (70, 71.5, 113), (90, 70.3, 130), (72, 72.0, 140), (100, 68.9, 55), (79, 69.8, 118),
         (68, 70.2, 131), (95, 74.6, 155), (81, 67.4, 113)],
        [0, 1],
        _HANDICAP,
    ),
    _row(
        "Cricket scoring app: overs_to_balls(overs) converts overs notation to the number of balls. "
        "The text is a whole number of overs, optionally followed by a '.' and a single digit 0 to 5 "
        "for the balls bowled in the next over (6 balls an over). Anything else (a ball digit of 6 "
        "or more, two digits after the dot, a sign, letters, an empty string) returns None.\n\n"
        "assert overs_to_balls('12.3') == 75\nassert overs_to_balls('4.6') is None",
        "overs_to_balls",
        [("12.3",), ("4.6",), ("0",), ("0.1",), ("50",), ("19.5",), ("3.7",), ("",), ("abc",), ("2.10",),
         ("-1.2",)],
        [0, 1],
        _OVERS,
    ),
    _row(
        "I'm redecorating and keep doing the paint maths by hand. Please write paint_tins(area_m2, "
        "coats, coverage, tin_litres): the litres needed are the area times the number of coats "
        "divided by the coverage (square metres one litre covers), and I can only buy whole tins "
        "of tin_litres each, so return how many tins to buy. For example 30 square metres with two "
        "coats of a paint covering 12 square metres per litre needs 5 litres, which in 2.5 litre "
        "tins is 2 tins; 31 square metres would already need a third tin. No wall at all (an area "
        "of 0) needs no tins.",
        "paint_tins",
        [(30, 2, 12, 2.5), (31, 2, 12, 2.5), (0, 2, 12, 2.5), (14.4, 2, 12, 0.75), (36, 1, 12, 1),
         (100, 3, 10, 5), (7, 1, 13, 2.5), (45.5, 2, 11, 1), (64, 2, 16, 4)],
        [],
        _PAINT,
    ),
    _row(
        "I'm tracking my sleep. Write sleep_debt(hours, target): hours is a list of the hours I slept "
        "each night and target is how much I should sleep a night. Each night short of the target "
        "adds the shortfall to the debt; a night above the target does not pay anything back. "
        "Return the total as a float rounded to 2 decimals. So with a target of 8, nights of 7, 9 "
        "and 6.5 hours give a debt of 2.5, and no nights at all give 0.0.",
        "sleep_debt",
        [([7, 9, 6.5], 8), ([], 8), ([8, 8, 8], 8), ([5], 7.5), ([10, 10, 4], 8), ([7.25, 6.75, 7.9], 8),
         ([6, 6, 6, 6, 6, 6, 6], 8), ([9.5, 7.2], 7), ([0, 8.33], 8.33)],
        [],
        _SLEEP,
    ),
    _row(
        "Sunday roast planner: roast_start_time(weight_kg, serve_time). The meat roasts 20 minutes "
        "for every started 500 g (so 1.2 kg counts as three 500 g steps) plus 20 minutes extra, and "
        "then rests 30 minutes before serving. serve_time is 'HH:MM' (24-hour); return the time it "
        "has to go in the oven as 'HH:MM', going back past midnight if it must. For example a 2 kg "
        "chicken to be served at 19:00 roasts 80 + 20 minutes and rests 30, so it goes in at "
        "16:50.",
        "roast_start_time",
        [(2, "19:00"), (1.2, "13:00"), (0.4, "12:30"), (3.5, "18:15"), (2.25, "20:00"), (5, "01:00"),
         (1.5, "00:40"), (0.5, "09:05"), (4.1, "17:45")],
        [],
        _ROAST,
    ),
]
# fmt: on
