"""The generic task's `test16` function rows, second part (generic_test16_functions holds the first
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


_OFFSET = _code("""
    def _minutes(text):
        sign = -1 if text[0] == "-" else 1
        h, m = text.lstrip("+-").split(":")
        return sign * (int(h) * 60 + int(m))


    def convert_utc_offset(time, from_offset, to_offset):
        h, m = (int(x) for x in time.split(":"))
        total = h * 60 + m - _minutes(from_offset) + _minutes(to_offset)
        day, rest = divmod(total, 1440)
        return (f"{rest // 60:02d}:{rest % 60:02d}", day)
""")

_MISSING = _code("""
    import string


    def missing_letters(sentence):
        seen = {ch for ch in sentence.lower() if ch in string.ascii_lowercase}
        return "".join(ch for ch in string.ascii_lowercase if ch not in seen)
""")

_MONTHLY = _code("""
    def monthly_totals(transactions):
        sums = {}
        for date, amount in transactions:
            month = date[:7]
            sums[month] = sums.get(month, 0.0) + amount
        return {month: round(total, 2) for month, total in sums.items()}
""")

_ZODIAC = _code("""
    ANIMALS = ["Rat", "Ox", "Tiger", "Rabbit", "Dragon", "Snake", "Horse", "Goat", "Monkey", "Rooster", "Dog",
               "Pig"]


    def chinese_zodiac(year):
        return ANIMALS[(year - 2020) % 12]
""")

_KEY = _code("""
    SIGNATURES = {
        "C": 0, "G": 1, "D": 2, "A": 3, "E": 4, "B": 5, "F#": 6, "C#": 7,
        "F": -1, "Bb": -2, "Eb": -3, "Ab": -4, "Db": -5, "Gb": -6, "Cb": -7,
        "Am": 0, "Em": 1, "Bm": 2, "F#m": 3, "C#m": 4, "G#m": 5, "D#m": 6, "A#m": 7,
        "Dm": -1, "Gm": -2, "Cm": -3, "Fm": -4, "Bbm": -5, "Ebm": -6, "Abm": -7,
    }


    def key_signature(key):
        return SIGNATURES.get(key.replace("♯", "#").replace("♭", "b"))
""")

_CUTS = _code("""
    def cuts_from_board(board_mm, piece_mm, kerf_mm):
        if piece_mm > board_mm:
            return 0
        return (board_mm + kerf_mm) // (piece_mm + kerf_mm)
""")

_QUIZ = _code("""
    def _letter(x):
        return (x or "").strip().upper()


    def quiz_score(answers, key):
        total = 0
        for i, right in enumerate(key):
            given = _letter(answers[i]) if i < len(answers) else ""
            if given == "":
                continue
            total += 4 if given == _letter(right) else -1
        return total
""")

_HYPERFOCAL = _code("""
    def hyperfocal_m(focal_mm, f_number, coc_mm=0.03):
        h = focal_mm**2 / (f_number * coc_mm) + focal_mm
        return round(h / 1000, 2)
""")

_HCP = _code("""
    POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}


    def high_card_points(hand):
        return sum(POINTS.get(card[:-1], 0) for card in hand.split())
""")

_CLIMB = _code("""
    def elevation_gain(elevations):
        total = 0.0
        for before, after in zip(elevations, elevations[1:]):
            if after > before:
                total += after - before
        return round(float(total), 1)
""")

_FRET = _code("""
    def fret_distance(scale_length, fret):
        return round(float(scale_length - scale_length / 2 ** (fret / 12)), 2)
""")

_TX = [["2027-01-03", 12.5], ["2027-01-20", 30.0], ["2027-02-01", 8.25]]

# fmt: off
MORE = [
    _row(
        "Team calendar across time zones: convert_utc_offset(time, from_offset, to_offset) converts a "
        "clock time 'HH:MM' (24-hour) at UTC offset from_offset into the clock time at UTC offset "
        "to_offset. Offsets are strings like '+05:30', '-04:00' or '+00:00'. Return a tuple (new_time, "
        "day_shift): new_time as 'HH:MM', and day_shift -1, 0 or 1 when the converted time falls on the "
        "previous, the same or the next day.\n\n"
        "convert_utc_offset('09:00', '+00:00', '+05:30') -> ('14:30', 0)\n"
        "convert_utc_offset('22:15', '-04:00', '+01:00') -> ('03:15', 1)",
        "convert_utc_offset",
        [("09:00", "+00:00", "+05:30"), ("22:15", "-04:00", "+01:00"), ("01:00", "+02:00", "+00:00"),
         ("12:00", "+05:45", "+05:45"), ("23:30", "-10:00", "+14:00"), ("00:10", "+09:30", "-03:30"),
         ("06:00", "-08:00", "-05:00"), ("18:45", "+01:00", "-07:00"), ("00:00", "+00:00", "-02:30"),
         ("13:05", "+10:00", "+00:00")],
        [0, 1],
        _OFFSET,
    ),
    _row(
        "Pangram game for my kids: missing_letters(sentence) returns the letters of the English alphabet "
        "that don't appear anywhere in the sentence (upper and lower case both count), as one lower-case "
        "string in alphabetical order, so an empty string means the sentence is a pangram. Everything "
        "that isn't a plain a-z letter is ignored: digits, spaces, punctuation, and accented letters "
        "too (an é doesn't count as an e).\n\n"
        "Input: 'Hello, World!'\nOutput: 'abcfgijkmnpqstuvxyz'",
        "missing_letters",
        [("Hello, World!",), ("The quick brown fox jumps over the lazy dog",), ("",),
         ("abcdefghijklmnopqrstuvwxy",), ("ZYX",), ("été",), ("12345 !!!",),
         ("Pack my box with five dozen liquor jugs.",), ("Sphinx of black quartz",)],
        [0],
        _MISSING,
    ),
    _row(
        "Budget spreadsheet export. monthly_totals(transactions) takes a list of [date, amount] pairs, "
        "the date as 'YYYY-MM-DD' and the amount a float (refunds are negative), and returns a dict that "
        "maps each month 'YYYY-MM' that appears to the sum of its amounts, rounded to 2 decimals (as a "
        "float). No transactions gives an empty dict.\n\n"
        f"Input: {_TX!r}\nOutput: {{'2027-01': 42.5, '2027-02': 8.25}}",
        "monthly_totals",
        [(_TX,), ([],), ([["2026-12-31", 10.0], ["2027-01-01", 5.0]],),
         ([["2027-03-05", 19.99], ["2027-03-06", -19.99]],), ([["2027-04-01", 0.1], ["2027-04-02", 0.2]],),
         ([["2026-05-10", 1.0], ["2027-05-10", 2.0]],), ([["2027-06-01", 3.333], ["2027-06-02", 3.333]],),
         ([["2027-07-15", -40.0], ["2027-07-16", 15.5], ["2027-08-01", 2.25]],)],
        [0],
        _MONTHLY,
    ),
    _row(
        "For a birthday card generator: chinese_zodiac(year) returns the Chinese zodiac animal of a "
        "year. The 12 animals repeat in this order: Rat, Ox, Tiger, Rabbit, Dragon, Snake, Horse, Goat, "
        "Monkey, Rooster, Dog, Pig, and 2020 was a Rat year. Treat the whole calendar year as one "
        "animal (ignore the date of the lunar new year). It has to work for any year, including ones "
        "long before 2020.\n\n"
        "Input: 2024\nOutput: 'Dragon'",
        "chinese_zodiac",
        [(2024,), (2020,), (1990,), (1900,), (2031,), (1985,), (2000,), (1,), (1966,)],
        [0],
        _ZODIAC,
    ),
    _row(
        "Music theory app: key_signature(key) returns how many sharps (a positive int) or flats (a "
        "negative int) a key signature has. Major keys are written as the note name, minor keys with a "
        "trailing 'm'. The table:\n"
        "sharps: G and Em 1, D and Bm 2, A and F#m 3, E and C#m 4, B and G#m 5, F# and D#m 6, C# and "
        "A#m 7\n"
        "flats: F and Dm 1, Bb and Gm 2, Eb and Cm 3, Ab and Fm 4, Db and Bbm 5, Gb and Ebm 6, Cb and "
        "Abm 7\n"
        "C and Am have none (0). Sharps and flats may also be written with the symbols ♯ and ♭. Case "
        "matters (note names are upper case, the minor 'm' and the flat 'b' lower case), and anything "
        "not in the table returns None.\n\n"
        "Input: 'Bb'\nOutput: -2",
        "key_signature",
        [("Bb",), ("C",), ("Am",), ("F#m",), ("E♭",), ("C#",), ("Abm",), ("H",), ("bb",), ("G♯m",)],
        [0],
        _KEY,
    ),
    _row(
        "Woodworking: cuts_from_board(board_mm, piece_mm, kerf_mm) returns how many pieces of length "
        "piece_mm I can cut from one board of length board_mm. Every cut between two pieces turns "
        "kerf_mm of wood into sawdust, and the last piece needs no cut after it (the offcut can be any "
        "length, 0 included). All lengths are whole millimetres; a piece longer than the board gives "
        "0.\n\n"
        "assert cuts_from_board(2400, 600, 3) == 3\n"
        "assert cuts_from_board(1203, 600, 3) == 2",
        "cuts_from_board",
        [(2400, 600, 3), (1203, 600, 3), (2400, 600, 0), (599, 600, 3), (600, 600, 3), (2440, 400, 3),
         (1000, 100, 10), (3600, 450, 4), (1200, 300, 5), (5000, 1, 1)],
        [0, 1],
        _CUTS,
    ),
    _row(
        "Pub quiz app with negative marking: quiz_score(answers, key) scores a multiple-choice answer "
        "sheet. key is the list of correct letters and answers the player's letters in the same order. "
        "A right answer is worth 4, a wrong one -1 and a blank (None or an empty string) 0. Compare the "
        "letters ignoring case and any spaces around them. If answers is shorter than key, the missing "
        "ones count as blanks; answers past the end of key are ignored. The total can go negative.\n\n"
        "assert quiz_score(['A', 'c', None, 'D'], ['A', 'C', 'B', 'B']) == 7\n"
        "assert quiz_score([], ['A', 'B']) == 0",
        "quiz_score",
        [(["A", "c", None, "D"], ["A", "C", "B", "B"]), ([], ["A", "B"]), (["B", "B"], ["A", "A"]),
         ([" a ", "B "], ["A", "b"]), (["", None, "C"], ["A", "B", "C"]), (["A"], ["A", "B", "C"]),
         (["A", "B", "C", "D"], ["A", "B"]), (["D", "D", "D"], ["A", "B", "D"]), ([], [])],
        [0, 1],
        _QUIZ,
    ),
    _row(
        "Landscape photography calculator: hyperfocal_m(focal_mm, f_number, coc_mm=0.03) returns the "
        "hyperfocal distance in metres. H = focal_mm ** 2 / (f_number * coc_mm) + focal_mm gives it in "
        "millimetres; divide by 1000 and round to 2 decimal places. coc_mm, the circle of confusion, "
        "defaults to 0.03 (full frame).\n\n"
        "assert hyperfocal_m(24, 8) == 2.42\n"
        "assert hyperfocal_m(50, 2.8, 0.02) == 44.69",
        "hyperfocal_m",
        [(24, 8), (50, 2.8, 0.02), (35, 11), (16, 16), (85, 1.8), (200, 5.6, 0.02), (12, 4, 0.019),
         (100, 22), (28, 5.6), (14, 2.8, 0.015)],
        [0, 1],
        _HYPERFOCAL,
    ),
    _row(
        "Bridge club helper: write high_card_points(hand) that counts the high card points in a bridge "
        "hand. The hand is a string of cards separated by single spaces, each card its rank (A, K, Q, J, "
        "10, 9 and so on down to 2) followed by its suit letter (S, H, D or C), all upper case, like AS "
        "or 10H. An ace is worth 4 points, a king 3, a queen 2 and a jack 1; every other card is worth "
        "nothing. An empty string has no cards and scores 0. So a hand holding the ace of spades, the "
        "king of hearts and eleven small cards is worth 7, and one with all four aces and all four "
        "kings is worth 28.",
        "high_card_points",
        [("",), ("AS",), ("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",),
         ("AS AH AD AC KS KH KD KC QS QH QD QC JS",), ("2C 3D 4H 5S 6C 7D 8H 9S 10C 10D 9H 8S 7C",),
         ("QD JD 10D",), ("KH QH JH AD 5C",), ("JS JH JD JC",)],
        [],
        _HCP,
    ),
    _row(
        "GPS track stats: write elevation_gain(elevations) that returns the total climb of a route from "
        "a list of elevation readings in metres, in the order they were recorded. Add up every rise "
        "from one reading to the next and ignore the descents, then round to 1 decimal place and return "
        "it as a float. A list with fewer than two readings has no climb, 0.0. For example readings of "
        "100, 110, 105 and 120 metres give 25.0 (10 up, 5 down, 15 up).",
        "elevation_gain",
        [([],), ([50],), ([100, 90, 80],), ([0, 1000],), ([10.5, 11.3, 11.0, 12.0],),
         ([200, 210, 210, 220, 215, 230],), ([5, 4, 5, 4, 5],), ([-20, -10, -15, 0],)],
        [],
        _CLIMB,
    ),
    _row(
        "Guitar building project: write fret_distance(scale_length, fret) returning how far fret number "
        "`fret` sits from the nut on a string of length scale_length (any unit; the answer is in the "
        "same unit). Use the equal temperament rule: the distance is scale_length - scale_length / 2 ** "
        "(fret / 12). Round to 2 decimal places and return a float; fret 0 is the nut itself, 0.0. For "
        "example on a 648 mm scale the 12th fret is exactly halfway, 324.0 mm from the nut.",
        "fret_distance",
        [(648, 0), (648, 1), (635, 12), (25.5, 5), (648, 24), (650, 7), (864, 3), (330, 19), (24.75, 22)],
        [],
        _FRET,
    ),
]
# fmt: on
