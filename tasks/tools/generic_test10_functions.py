"""The generic task's `test10` function rows (see generic_test10, which writes them with the rest):
the first 11 here, then generic_test10_functions2's MORE (one module would pass 450 lines). Each
row's expected values are its reference's answers (generic_test10_functions2._row).
**Do not read these requests while tuning**: they are the blind test split of 2026-12-07."""

from __future__ import annotations

from selfrefine.tasks.tools.generic_test10_functions2 import MORE, _code, _row

_DICE = _code("""
    import re


    def dice_range(notation):
        m = re.fullmatch(r"(\\d*)[dD](\\d+)([+-]\\d+)?", notation)
        n = int(m.group(1) or 1)
        sides = int(m.group(2))
        bonus = int(m.group(3) or 0)
        return [n + bonus, n * sides + bonus]
""")

_CHORD = _code("""
    NOTES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
    BASE = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


    def _note(text, semitones):
        value = BASE[text[0]]
        rest = text[1:]
        if rest[:1] == "#":
            value, rest = value + 1, rest[1:]
        elif rest[:1] == "b":
            value, rest = value - 1, rest[1:]
        return NOTES[(value + semitones) % 12], rest


    def transpose_chord(chord, semitones):
        main, slash, bass = chord.partition("/")
        root, suffix = _note(main, semitones)
        out = root + suffix
        if slash:
            out += "/" + _note(bass, semitones)[0]
        return out
""")

_FIT = _code("""
    def fit_within(width, height, max_width, max_height):
        if width <= max_width and height <= max_height:
            return [width, height]
        if width * max_height >= height * max_width:
            return [max_width, max(1, height * max_width // width)]
        return [max(1, width * max_height // height), max_height]
""")

_TENNIS = _code("""
    def tennis_score(a, b):
        if max(a, b) >= 4 and abs(a - b) >= 2:
            return "Game A" if a > b else "Game B"
        if a >= 3 and b >= 3:
            if a == b:
                return "Deuce"
            return "Advantage A" if a > b else "Advantage B"
        calls = ["Love", "15", "30", "40"]
        return calls[a] + "-" + calls[b]
""")

_NICKEL = _code("""
    from decimal import ROUND_HALF_UP, Decimal


    def round_to_nickel(amount):
        steps = (Decimal(str(amount)) / Decimal("0.05")).quantize(Decimal("1"), rounding=ROUND_HALF_UP)
        return float(steps * Decimal("0.05"))
""")

_BATTING = _code("""
    def batting_average(hits, at_bats):
        if at_bats == 0:
            return ".000"
        thousandths = (2 * 1000 * hits + at_bats) // (2 * at_bats)
        if thousandths >= 1000:
            return "1.000"
        return "." + f"{thousandths:03d}"
""")

_ISBN = _code("""
    def isbn13_check_digit(first12):
        digits = [int(ch) for ch in first12 if ch != "-"]
        total = sum(d * (1 if i % 2 == 0 else 3) for i, d in enumerate(digits))
        return (10 - total % 10) % 10
""")

_RENTAL = _code("""
    import datetime


    def rental_days(pickup, dropoff):
        fmt = "%Y-%m-%d %H:%M"
        start = datetime.datetime.strptime(pickup, fmt)
        end = datetime.datetime.strptime(dropoff, fmt)
        minutes = int((end - start).total_seconds() // 60)
        days, rest = divmod(minutes, 24 * 60)
        if rest > 59:
            days += 1
        return max(1, days)
""")

_BEDTIMES = _code("""
    def bedtimes(wake):
        minutes = int(wake[:2]) * 60 + int(wake[3:])
        out = []
        for cycles in (6, 5, 4):
            t = (minutes - 15 - 90 * cycles) % (24 * 60)
            out.append(f"{t // 60:02d}:{t % 60:02d}")
        return out
""")

_ELO = _code("""
    import math


    def elo_update(rating_a, rating_b, score_a, k):
        expected_a = 1 / (1 + 10 ** ((rating_b - rating_a) / 400))
        new_a = rating_a + k * (score_a - expected_a)
        new_b = rating_b + k * ((1 - score_a) - (1 - expected_a))
        return [math.floor(new_a + 0.5), math.floor(new_b + 0.5)]
""")

_SHOPPING = _code("""
    def merge_shopping_lists(lists):
        totals = {}
        for items in lists:
            for name, qty in items:
                key = name.strip().lower()
                totals[key] = totals.get(key, 0) + qty
        return [[name, totals[name]] for name in sorted(totals)]
""")

# fmt: off
FUNCTIONS = [
    _row(
        "For our D&D group's bot, please write this:\n\n"
        "```python\ndef dice_range(notation):\n"
        '    """The lowest and highest total a dice roll can give, as [low, high].\n\n'
        "    notation is like '2d6+3': the number of dice, a 'd' (or 'D'), the number of sides, then\n"
        "    optionally +N or -N added to the total. The number of dice may be left out and then\n"
        "    means 1. There are never spaces.\n\n"
        "    >>> dice_range('2d6+3')\n    [5, 15]\n"
        "    >>> dice_range('d20')\n    [1, 20]\n"
        '    """\n```',
        "dice_range",
        [("2d6+3",), ("d20",), ("1d4",), ("3D8-2",), ("10d10",), ("d6+0",), ("4d6-4",), ("2d12+10",),
         ("100d2",), ("D100",)],
        [0, 1],
        _DICE,
    ),
    _row(
        "I play guitar in a band and our singer keeps changing keys. Can you implement this?\n\n"
        "```python\ndef transpose_chord(chord, semitones):\n"
        '    """Move a chord name up by `semitones` (negative moves it down, any size).\n\n'
        "    A chord is a root note, A to G, optionally followed by # or b (a sharp or flat\n"
        "    right after the letter belongs to the root), then a suffix that stays as it is\n"
        "    ('m', '7', 'maj7', 'sus4', or nothing). It may end with a slash and a bass note,\n"
        "    like 'D/F#', and the bass note moves too. Always write the new notes with\n"
        "    sharps: C C# D D# E F F# G G# A A# B.\n\n"
        "    >>> transpose_chord('C', 2)\n    'D'\n"
        "    >>> transpose_chord('Bbm7', 1)\n    'Bm7'\n"
        '    """\n```',
        "transpose_chord",
        [("C", 2), ("Bbm7", 1), ("E", 1), ("B", 1), ("F#m", -1), ("Ab", 0), ("D/F#", 2), ("Cmaj7", 13),
         ("Gsus4", -14), ("Eb7/Bb", 3)],
        [0, 1],
        _CHORD,
    ),
    _row(
        "Our upload service resizes photos. Fill this in:\n\n"
        "```python\ndef fit_within(width, height, max_width, max_height):\n"
        '    """Shrink an image to fit inside a max_width x max_height box, keeping its shape.\n\n'
        "    All values are positive ints. An image that already fits is returned unchanged\n"
        "    (never enlarge). Otherwise the side that limits the scaling becomes exactly its\n"
        "    maximum and the other side is scaled by the same factor and rounded down, but it\n"
        "    is never less than 1. Return [new_width, new_height].\n\n"
        "    >>> fit_within(4000, 3000, 1600, 1600)\n    [1600, 1200]\n"
        "    >>> fit_within(800, 600, 1920, 1080)\n    [800, 600]\n"
        '    """\n```',
        "fit_within",
        [(4000, 3000, 1600, 1600), (800, 600, 1920, 1080), (3000, 4000, 1600, 1600),
         (1920, 1080, 1280, 1280), (1000, 1000, 500, 300), (1001, 333, 100, 100), (5000, 10, 100, 100),
         (1600, 1600, 1600, 1600), (1280, 720, 1280, 719), (333, 1000, 100, 100)],
        [0, 1],
        _FIT,
    ),
    _row(
        "Scoreboard for our tennis club's livestream:\n\n"
        "```python\ndef tennis_score(a, b):\n"
        '    """The score call in one game, given the points won by player A (a) and B (b).\n\n'
        "    A player with at least 4 points and 2 or more ahead has won: 'Game A' or 'Game B'.\n"
        "    Otherwise, if both have at least 3 points: 'Deuce' when level, else 'Advantage A'\n"
        "    or 'Advantage B'. Otherwise the two calls joined by a hyphen, A's first, where\n"
        "    0, 1, 2, 3 points are called Love, 15, 30, 40 (so level scores are just '15-15',\n"
        "    no 'all').\n\n"
        "    >>> tennis_score(0, 0)\n    'Love-Love'\n"
        "    >>> tennis_score(3, 3)\n    'Deuce'\n"
        '    """\n```',
        "tennis_score",
        [(0, 0), (3, 3), (2, 1), (3, 0), (4, 2), (4, 3), (5, 6), (6, 8), (2, 2), (4, 0), (1, 3)],
        [0, 1],
        _TENNIS,
    ),
    _row(
        "We stopped using 1 and 2 cent coins at our cafe, so cash totals get rounded to the nearest "
        "5 cents. Write round_to_nickel(amount): amount is a non-negative number of dollars, return "
        "it rounded to the nearest multiple of 0.05 as a float; an amount exactly halfway between two "
        "(like 1.025) rounds up.\n\n"
        "round_to_nickel(1.02) == 1.0\nround_to_nickel(1.03) == 1.05",
        "round_to_nickel",
        [(1.02,), (1.03,), (0,), (1.025,), (2.075,), (9.99,), (0.01,), (12.34,), (7.5,), (3.124,)],
        [0, 1],
        _NICKEL,
    ),
    _row(
        "little league stats: batting_average(hits, at_bats) should return the average as a string "
        "the way baseball writes it: hits / at_bats with exactly three decimals, rounded half up, "
        "and without the leading zero, like '.333'. A perfect 1.000 is written '1.000'. With 0 at "
        "bats return '.000'.\n\n"
        "batting_average(1, 3) == '.333'\nbatting_average(0, 0) == '.000'",
        "batting_average",
        [(1, 3), (0, 0), (4, 4), (2, 3), (1, 8), (1, 16), (0, 5), (37, 120), (1, 400), (123, 500)],
        [0, 1],
        _BATTING,
    ),
    _row(
        "I'm cataloguing my book collection and some ISBNs lost their last digit. Write "
        "isbn13_check_digit(first12): first12 is a string with the first 12 digits of an ISBN-13, "
        "possibly with hyphens in it (ignore them). Multiply the digits alternately by 1 and 3, "
        "starting with 1 for the first digit, add them up, and the check digit is (10 - total mod "
        "10) mod 10. Return it as an int.\n\n"
        "isbn13_check_digit('978030640615') == 7\nisbn13_check_digit('978-1-86197-876') == 9",
        "isbn13_check_digit",
        [("978030640615",), ("978-1-86197-876",), ("000000000000",), ("978316148410",),
         ("979-10-90636-07",), ("111111111111",), ("978-0-13-110362",), ("978059652068",),
         ("123456789012",), ("999-9-99-999999",)],
        [0, 1],
        _ISBN,
    ),
    _row(
        "Car rental billing: rental_days(pickup, dropoff), both 'YYYY-MM-DD HH:MM', dropoff never "
        "before pickup. The customer pays for every started 24-hour period counted from the pickup "
        "time, but there is a grace period: if the time past the last full 24 hours is 59 minutes or "
        "less, that part is free. The minimum charge is 1 day. Return the number of days to "
        "charge.\n\n"
        "rental_days('2026-05-01 10:00', '2026-05-03 10:00') == 2\n"
        "rental_days('2026-05-01 10:00', '2026-05-03 11:30') == 3",
        "rental_days",
        [("2026-05-01 10:00", "2026-05-03 10:00"), ("2026-05-01 10:00", "2026-05-03 11:30"),
         ("2026-05-01 10:00", "2026-05-01 12:00"), ("2026-05-01 10:00", "2026-05-02 10:59"),
         ("2026-05-01 10:00", "2026-05-02 11:00"), ("2026-01-31 09:00", "2026-02-02 08:00"),
         ("2028-02-28 12:00", "2028-03-01 12:00"), ("2026-12-31 23:00", "2027-01-01 00:30"),
         ("2026-05-01 10:00", "2026-05-01 10:00"), ("2026-03-28 10:00", "2026-04-04 10:45")],
        [0, 1],
        _RENTAL,
    ),
    _row(
        "Sleep app idea. bedtimes(wake) takes a wake-up time 'HH:MM' (24-hour) and returns when to "
        "go to bed to get 6, 5 or 4 full sleep cycles of 90 minutes, allowing 15 minutes to fall "
        "asleep: wake time minus 15 minutes minus the cycles. Return the three times as 'HH:MM' "
        "strings, 6 cycles first, wrapping around midnight where needed.\n\n"
        "bedtimes('07:00') -> ['21:45', '23:15', '00:45']",
        "bedtimes",
        [("07:00",), ("06:30",), ("00:00",), ("12:00",), ("23:59",), ("05:15",), ("09:45",), ("03:00",),
         ("08:20",)],
        [0],
        _BEDTIMES,
    ),
    _row(
        "Chess club ratings. elo_update(rating_a, rating_b, score_a, k): score_a is 1 if A won, 0 "
        "if A lost and 0.5 for a draw. A's expected score is 1 / (1 + 10 ** ((rating_b - rating_a) "
        "/ 400)) and B's is 1 minus that. Each new rating is the old one plus k times (actual score "
        "minus expected score), where B's actual score is 1 - score_a. Return [new_a, new_b], each "
        "rounded to the nearest whole number with halves rounding up.\n\n"
        "elo_update(1500, 1500, 1, 32) -> [1516, 1484]",
        "elo_update",
        [(1500, 1500, 1, 32), (1600, 1400, 0, 20), (1400, 1600, 1, 20), (2000, 2000, 0.5, 16),
         (1500, 1500, 1, 25), (1200, 1800, 0.5, 32), (1850, 1700, 1, 10), (1000, 2400, 0, 40),
         (1650, 1650, 0, 24)],
        [0],
        _ELO,
    ),
    _row(
        "My partner and I each keep a shopping list. merge_shopping_lists(lists) gets a list of "
        "lists, each a list of [item, quantity] pairs. Items are the same if their names match "
        "ignoring upper/lower case and spaces at the start or end. Add up the quantities of the same "
        "item and return a list of [name, total] with the name stripped and in lower case, sorted "
        "alphabetically by name.\n\n"
        "merge_shopping_lists([[['Milk', 2], ['eggs', 12]], [['milk', 1]]]) -> [['eggs', 12], ['milk', 3]]\n"
        "merge_shopping_lists([]) -> []",
        "merge_shopping_lists",
        [([[["Milk", 2], ["eggs", 12]], [["milk", 1]]],), ([],), ([[], []],),
         ([[[" Bread ", 1]], [["bread", 2], ["Butter", 1]]],), ([[["apples", 6]]],),
         ([[["Tea", 1], ["tea", 1], ["TEA", 1]]],), ([[["rice", 0.5]], [["Rice", 1.5]]],),
         ([[["zucchini", 2]], [["apples", 3]], [["Mango", 1]]],),
         ([[["olive oil", 1]], [["Olive Oil ", 2]]],)],
        [0, 1],
        _SHOPPING,
    ),
    *MORE,
]
# fmt: on
