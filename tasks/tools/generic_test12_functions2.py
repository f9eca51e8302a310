"""The generic task's `test12` function rows, second part (generic_test12_functions holds the first
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


_RENT = _code("""
    import calendar


    def prorate_rent(monthly_rent, move_in):
        year, month, day = (int(x) for x in move_in.split("-"))
        days = calendar.monthrange(year, month)[1]
        return round(monthly_rent * (days - day + 1) / days, 2)
""")

_TITLE = _code("""
    def title_from_filename(filename):
        stem = filename[: filename.rfind(".")]
        parts = stem.replace("_", " ").replace("-", " ").split()
        return " ".join(w[:1].upper() + w[1:].lower() for w in parts)
""")

_EXTENSIONS = _code("""
    def file_extension_counts(paths):
        counts = {}
        for path in paths:
            name = path.rsplit("/", 1)[-1]
            dot = name.rfind(".")
            ext = name[dot + 1 :].lower() if dot > 0 else ""
            counts[ext] = counts.get(ext, 0) + 1
        return counts
""")

_JOIN = _code("""
    def join_names(names):
        if not names:
            return ""
        if len(names) == 1:
            return names[0]
        if len(names) == 2:
            return f"{names[0]} and {names[1]}"
        if len(names) == 3:
            return f"{names[0]}, {names[1]} and {names[2]}"
        return f"{names[0]}, {names[1]} and {len(names) - 2} others"
""")

_TAPS = _code("""
    def bpm_from_taps(taps):
        if len(taps) < 2:
            return None
        interval = (taps[-1] - taps[0]) / (len(taps) - 1)
        return round(60 / interval)
""")

_FREE = _code("""
    def free_slots(busy, day_start, day_end):
        def minutes(t):
            return int(t[:2]) * 60 + int(t[3:])

        def clock(m):
            return f"{m // 60:02d}:{m % 60:02d}"

        start, end = minutes(day_start), minutes(day_end)
        free, at = [], start
        for a, b in sorted((minutes(a), minutes(b)) for a, b in busy):
            if a > at and at < end:
                free.append([clock(at), clock(min(a, end))])
            at = max(at, b)
        if at < end:
            free.append([clock(at), clock(end)])
        return free
""")

_QUARTER = _code("""
    def round_to_quarter_hour(time):
        t = int(time[:2]) * 60 + int(time[3:])
        q = (t + 7) // 15 * 15 % (24 * 60)
        return f"{q // 60:02d}:{q % 60:02d}"
""")

_POMODORO = _code("""
    def pomodoro_schedule(start, rounds):
        t = int(start[:2]) * 60 + int(start[3:])
        starts = []
        for i in range(1, rounds + 1):
            starts.append(f"{t // 60 % 24:02d}:{t % 60:02d}")
            t += 25 + (15 if i % 4 == 0 else 5)
        return starts
""")

_MET = _code("""
    def met_calories(met, weight_kg, minutes):
        return round(met * 3.5 * weight_kg / 200 * minutes)
""")

_BADMINTON = _code("""
    def badminton_winner(rallies):
        a = b = 0
        for r in rallies:
            if r == "A":
                a += 1
            else:
                b += 1
            if (max(a, b) >= 21 and abs(a - b) >= 2) or max(a, b) == 30:
                return "A" if a > b else "B"
        return None
""")

_POSTS = _code("""
    import math


    def fence_posts(length_m, spacing_m):
        return math.ceil(length_m / spacing_m) + 1
""")

# fmt: off
MORE = [
    _row(
        "Landlord admin: prorate_rent(monthly_rent, move_in) for tenants who move in part way "
        "through a month. move_in is 'YYYY-MM-DD'. They pay for the days from the move-in day to the "
        "end of that month, both counted, at the monthly rent divided by the number of days in that "
        "month (leap years count). Round to 2 decimals.\n\n"
        "prorate_rent(1200, '2027-04-21') -> 400.0\nprorate_rent(950, '2027-02-01') -> 950.0",
        "prorate_rent",
        [(1200, "2027-04-21"), (950, "2027-02-01"), (1500, "2027-01-31"), (1000, "2028-02-15"),
         (1000, "2027-02-15"), (875.5, "2027-07-10"), (2000, "2027-12-01"), (640, "2027-06-30"),
         (1333, "2027-09-17")],
        [0, 1],
        _RENT,
    ),
    _row(
        "I want to turn photo and document file names into readable titles for my gallery page. "
        "title_from_filename(filename): drop the extension (the last '.' and everything after it; "
        "every name I pass has one), turn underscores and hyphens into spaces, squeeze runs of "
        "spaces into one and trim the ends, then write each word with its first character upper "
        "case and the rest lower case.\n\n"
        "Input: 'summer_trip-ITALY.jpg'\nOutput: 'Summer Trip Italy'",
        "title_from_filename",
        [("summer_trip-ITALY.jpg",), ("archive.tar.gz",), ("__init__.py",), ("2027_tax-RETURN.pdf",),
         ("final  draft  v2.docx",), ("a.b",), ("mIxEd_CaSe-name.PNG",), ("--hello--world--.txt",),
         ("Q3 board-deck.final.pptx",)],
        [0],
        _TITLE,
    ),
    _row(
        "Cleaning up a shared drive, I want to know what kinds of files are in it. "
        "file_extension_counts(paths) takes a list of paths with '/' between folders and returns a "
        "dict from extension to how many files have it. The extension is what comes after the last "
        "dot of the file name (the part after the last '/'), in lower case and without the dot. A "
        "file name with no dot, or whose only dot is its first character (like .gitignore), is "
        "counted under ''. An empty list gives {}.\n\n"
        "Input: ['a/b/photo.JPG', 'notes.txt', 'c/photo2.jpg']\nOutput: {'jpg': 2, 'txt': 1}\n\n"
        "Input: []\nOutput: {}",
        "file_extension_counts",
        [(["a/b/photo.JPG", "notes.txt", "c/photo2.jpg"],), ([],), ([".gitignore", "Makefile", "src/.env"],),
         (["v1.2/README", "v1.2/setup.py"],), (["archive.tar.gz", "x.GZ", "y.Gz"],),
         (["docs/a.md", "docs/b.MD", "docs/c.Md", "d.rst"],), (["weird.name.with.dots.JSON"],),
         (["a/.config/settings.ini", "b/.bashrc"],), (["one", "two", "three.3"],)],
        [0, 1],
        _EXTENSIONS,
    ),
    _row(
        "For the 'liked by' line under posts in our club app, write join_names(names). names is a "
        "list of strings. No names gives an empty string, one name is just that name, two are "
        "joined with ' and ', three are 'A, B and C', and with four or more show the first two and "
        "then the count of the rest: 'A, B and 3 others'.\n\n"
        "Input: ['Ana', 'Ben', 'Cy']\nOutput: 'Ana, Ben and Cy'\n\n"
        "Input: ['Ana', 'Ben', 'Cy', 'Dee']\nOutput: 'Ana, Ben and 2 others'",
        "join_names",
        [(["Ana", "Ben", "Cy"],), (["Ana", "Ben", "Cy", "Dee"],), ([],), (["Solo"],), (["Kim", "Lee"],),
         (["A", "B", "C", "D", "E", "F", "G"],), (["Zoë", "Émile", "Ola", "Pat", "Quin"],),
         (["Same", "Same"],), (["x", "y", "z", "w", "v", "u", "t", "s", "r", "q"],)],
        [0, 1],
        _JOIN,
    ),
    _row(
        "I'm adding a tap-tempo button to my practice app. bpm_from_taps(taps) gets the times of the "
        "taps in seconds (a list of floats, in increasing order). The beat length is the average gap "
        "between taps, which is (last tap - first tap) / (number of taps - 1), and the tempo is 60 "
        "divided by that, rounded to the nearest whole number (an int). With fewer than two taps "
        "there is no tempo yet: return None.\n\n"
        "Input: [0.0, 0.5, 1.0, 1.5]\nOutput: 120\n\n"
        "Input: [3.2]\nOutput: None",
        "bpm_from_taps",
        [([0.0, 0.5, 1.0, 1.5],), ([3.2],), ([],), ([1.0, 1.75],), ([0.0, 0.45, 0.93, 1.41, 1.88],),
         ([10.0, 11.0, 12.0],), ([0.0, 0.3, 0.6, 0.9, 1.2, 1.5],), ([2.0, 2.61, 3.24, 3.85],),
         ([0.0, 1.5],), ([5.5, 5.86, 6.21, 6.57],)],
        [0, 1],
        _TAPS,
    ),
    _row(
        "For booking meetings I need free_slots(busy, day_start, day_end). Times are 'HH:MM' "
        "(24-hour, same day). busy is a list of [start, end] pairs, in any order, that may overlap "
        "each other or reach outside the day. Return the free periods between day_start and day_end "
        "as a list of [start, end] pairs in time order, leaving out empty ones (where one busy "
        "period ends exactly when the next starts, there is no gap).\n\n"
        "assert free_slots([['10:00', '11:00'], ['13:00', '14:30']], '09:00', '17:00') == "
        "[['09:00', '10:00'], ['11:00', '13:00'], ['14:30', '17:00']]\n"
        "assert free_slots([], '09:00', '12:00') == [['09:00', '12:00']]",
        "free_slots",
        [([["10:00", "11:00"], ["13:00", "14:30"]], "09:00", "17:00"), ([], "09:00", "12:00"),
         ([["08:00", "18:00"]], "09:00", "17:00"),
         ([["09:00", "10:00"], ["10:00", "11:00"]], "09:00", "12:00"),
         ([["11:00", "12:00"], ["10:30", "11:30"]], "09:00", "13:00"),
         ([["16:00", "19:00"]], "09:00", "17:00"),
         ([["07:00", "09:30"], ["12:00", "12:15"]], "09:00", "13:00"),
         ([["14:00", "15:00"], ["09:00", "09:45"], ["10:00", "10:30"]], "09:00", "17:00"),
         ([["12:00", "13:00"], ["12:15", "12:45"]], "11:00", "14:00"),
         ([["18:00", "19:00"]], "09:00", "17:00")],
        [0, 1],
        _FREE,
    ),
    _row(
        "We bill in quarter hours. round_to_quarter_hour(time) takes 'HH:MM' (24-hour) and rounds "
        "it to the nearest quarter hour (:00, :15, :30 or :45), returned as 'HH:MM'. Rounding up "
        "from 23:53 or later goes to '00:00'.\n\n"
        "assert round_to_quarter_hour('09:07') == '09:00'\n"
        "assert round_to_quarter_hour('09:08') == '09:15'",
        "round_to_quarter_hour",
        [("09:07",), ("09:08",), ("00:00",), ("23:53",), ("23:52",), ("12:38",), ("12:37",), ("17:45",),
         ("06:59",), ("13:22",), ("13:23",)],
        [0, 1],
        _QUARTER,
    ),
    _row(
        "I study with the Pomodoro technique: 25 minutes of work, then a 5 minute break, but after "
        "every fourth work block the break is 15 minutes instead. pomodoro_schedule(start, rounds) "
        "returns the start times of the first `rounds` work blocks (rounds is 1 or more) as 'HH:MM' "
        "strings, the first one at start ('HH:MM', 24-hour). Times past midnight wrap around to "
        "00:00.\n\n"
        "assert pomodoro_schedule('09:00', 3) == ['09:00', '09:30', '10:00']",
        "pomodoro_schedule",
        [("09:00", 3), ("09:00", 6), ("14:10", 1), ("23:00", 4), ("22:50", 9), ("07:05", 5), ("12:00", 8),
         ("00:00", 2), ("19:45", 10)],
        [0],
        _POMODORO,
    ),
    _row(
        "I log workouts in a spreadsheet and want a helper for it. Write met_calories(met, weight_kg, "
        "minutes): the calories burned are the activity's MET value times 3.5 times the body weight "
        "in kg, divided by 200, times the minutes, and I want it rounded to the nearest whole number "
        "and returned as an int. For example an hour of running at MET 9.8 for someone of 70 kg "
        "is 720 calories, and half an hour of walking at MET 3.5 for 60 kg comes to 110.",
        "met_calories",
        [(6, 80, 45), (8.3, 55, 30), (2.3, 90, 120), (4, 72.5, 21), (11, 64, 15), (1.3, 100, 62),
         (7, 68, 0), (5.5, 83.4, 37), (12.3, 59, 50)],
        [],
        _MET,
    ),
    _row(
        "Our badminton club app needs badminton_winner(rallies) for one game. rallies is a string "
        "of 'A' and 'B', the player who won each rally in order. Every rally won is a point. A game "
        "is won by the first player to reach 21 points with a lead of at least 2; if it gets to 29 "
        "all, whoever wins the next point (reaching 30) wins. Return 'A' or 'B' for the winner as "
        "soon as the game is decided (ignore any rallies after that), or None if the game is not "
        "finished yet. So twenty-one A's in a row is a win for A, 20-20 is not decided, and from "
        "29 all one more point for B is a win for B.",
        "badminton_winner",
        [("B" * 21,), ("AB" * 20,), ("",), ("AB" * 20 + "AA",), ("AB" * 20 + "AB",), ("AB" * 29 + "A",),
         ("A" * 20 + "B" * 19 + "A",), ("A" * 21 + "B" * 5,), ("AB" * 21 + "BB",)],
        [],
        _BADMINTON,
    ),
    _row(
        "Planning a garden fence: fence_posts(length_m, spacing_m) returns how many posts a straight "
        "fence needs. There is a post at each end, and the gap between two posts next to each other "
        "may be at most spacing_m, so use as few posts as that allows. The length is always above "
        "0. A 12 m fence with posts at most 3 m apart needs 5 posts, and with 2.5 m it needs 6.",
        "fence_posts",
        [(10, 2.5), (12.5, 3), (100, 2.4), (7, 7), (0.5, 2), (30, 1.5), (9, 4.5), (25, 1.8),
         (48, 4)],
        [],
        _POSTS,
    ),
]
# fmt: on
