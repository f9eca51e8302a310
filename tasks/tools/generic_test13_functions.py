"""The generic task's `test13` function rows (see generic_test13, which writes them with the rest):
the first 11 here, then generic_test13_functions2's MORE (one module would pass 450 lines). Each
row's expected values are its reference's answers (generic_test13_functions2._row).
**Do not read these requests while tuning**: they are a blind test split."""

from __future__ import annotations

from selfrefine.tasks.tools.generic_test13_functions2 import MORE, _code, _row

_VIGENERE = _code("""
    def vigenere_encrypt(text, key):
        shifts = [ord(k) - ord("a") for k in key.lower()]
        out, i = [], 0
        for ch in text:
            if ch.isascii() and ch.isalpha():
                base = ord("A") if ch.isupper() else ord("a")
                out.append(chr((ord(ch) - base + shifts[i % len(shifts)]) % 26 + base))
                i += 1
            else:
                out.append(ch)
        return "".join(out)
""")

_PAPER = _code("""
    def a_paper_size(n):
        width, height = 841, 1189
        for _ in range(n):
            width, height = height // 2, width
        return (width, height)
""")

_YAHTZEE = _code("""
    def yahtzee_score(dice, category):
        counts = sorted((dice.count(v) for v in set(dice)), reverse=True)
        faces = {"ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6}
        if category in faces:
            return dice.count(faces[category]) * faces[category]
        if category == "three_of_a_kind":
            return sum(dice) if counts[0] >= 3 else 0
        if category == "four_of_a_kind":
            return sum(dice) if counts[0] >= 4 else 0
        if category == "full_house":
            return 25 if counts == [3, 2] else 0
        values = set(dice)
        if category == "small_straight":
            return 30 if any(run <= values for run in ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})) else 0
        if category == "large_straight":
            return 40 if values in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) else 0
        if category == "yahtzee":
            return 50 if counts[0] == 5 else 0
        return sum(dice)
""")

_PAGES = _code("""
    def pagination_links(current, total):
        pages = {1, total} | {p for p in (current - 1, current, current + 1) if 1 <= p <= total}
        shown = sorted(pages)
        out = []
        for a, b in zip(shown, shown[1:] + [None]):
            out.append(a)
            if b is not None and b - a == 2:
                out.append(a + 1)
            elif b is not None and b - a > 2:
                out.append("…")
        return out
""")

_GEAR = _code("""
    def gear_inches(chainring, cog, wheel_in):
        return round(chainring / cog * wheel_in, 1)
""")

_ASPECT = _code("""
    import math


    def aspect_ratio(width, height):
        g = math.gcd(width, height)
        return f"{width // g}:{height // g}"
""")

_ONE_REP = _code("""
    import math


    def one_rep_max(weight, reps):
        if reps == 1:
            return float(weight)
        return math.floor(weight * (1 + reps / 30) * 2 + 0.5) / 2
""")

_BLACKJACK = _code("""
    def blackjack_value(cards):
        total = sum(11 if c == "A" else 10 if c in ("J", "Q", "K") else int(c) for c in cards)
        aces = cards.count("A")
        while total > 21 and aces:
            total -= 10
            aces -= 1
        return total
""")

_MONTHS = _code("""
    import calendar


    def add_months(date, months):
        year, month, day = (int(x) for x in date.split("-"))
        index = year * 12 + month - 1 + months
        year, month = divmod(index, 12)
        month += 1
        day = min(day, calendar.monthrange(year, month)[1])
        return f"{year:04d}-{month:02d}-{day:02d}"
""")

_SIZE = _code("""
    import re
    from decimal import Decimal


    def parse_size(text):
        m = re.fullmatch(r"\\s*(\\d+(?:\\.\\d+)?)\\s*([kmgt]?i?b)\\s*", text, re.I)
        number, unit = Decimal(m.group(1)), m.group(2).lower()
        power = "bkmgt".index(unit[0]) if unit != "b" else 0
        base = 1024 if "i" in unit else 1000
        return int(number * base**power)
""")

_NATURAL = _code("""
    import re


    def natural_sort(names):
        def key(name):
            parts = re.split(r"(\\d+)", name.lower())
            return [int(p) if i % 2 else p for i, p in enumerate(parts)]

        return sorted(names, key=key)
""")

# fmt: off
FUNCTIONS = [
    _row(
        "I'm making a puzzle hunt for my friends and want a helper for the cipher clues:\n\n"
        "```python\ndef vigenere_encrypt(text, key):\n"
        '    """Encrypt text with the Vigenère cipher.\n\n'
        "    key is one or more letters in any case (a or A shifts by 0, b by 1, ... z by 25).\n"
        "    Each ASCII letter of text is shifted forward in the alphabet (wrapping from z to a)\n"
        "    by the next letter of the key in turn, keeping its case; the key only moves on at\n"
        "    the letters it shifts, starting again from its first letter after its last. Every\n"
        "    other character (spaces, digits, punctuation, accented letters) is left as it is.\n\n"
        "    >>> vigenere_encrypt('attack at dawn', 'LEMON')\n    'lxfopv ef rnhr'\n"
        '    """\n```',
        "vigenere_encrypt",
        [("attack at dawn", "LEMON"), ("Meet me at 7pm!", "key"), ("", "abc"), ("Hello, World", "a"),
         ("xyz", "c"), ("ZEBRA stripes", "Zz"), ("Café au lait", "bee"), ("The Quick Brown Fox", "Secret"),
         ("a-b-c-d-e", "xy"), ("12345", "q")],
        [0],
        _VIGENERE,
    ),
    _row(
        "For a print-layout script I need the ISO A paper sizes:\n\n"
        "```python\ndef a_paper_size(n):\n"
        '    """The size of paper A<n> (n from 0 to 10) in mm, as a tuple (width, height)\n'
        "    with the shorter side first.\n\n"
        "    A0 is 841 x 1189. Each next size halves the longer side of the one before,\n"
        "    rounded down to a whole mm, and that becomes its shorter side, while the old\n"
        "    shorter side becomes its longer side (A1 is 594 x 841).\n\n"
        "    >>> a_paper_size(4)\n    (210, 297)\n"
        "    >>> a_paper_size(0)\n    (841, 1189)\n"
        '    """\n```',
        "a_paper_size",
        [(4,), (0,), (1,), (2,), (3,), (5,), (6,), (7,), (8,), (9,), (10,)],
        [0, 1],
        _PAPER,
    ),
    _row(
        "Our family plays Yahtzee on paper and I'm making an app to score it:\n\n"
        "```python\ndef yahtzee_score(dice, category):\n"
        '    """The score of five dice (a list of 5 ints from 1 to 6) in a category.\n\n'
        "    'ones' to 'sixes': the sum of the dice showing that number.\n"
        "    'three_of_a_kind' / 'four_of_a_kind': the sum of all five dice if at least\n"
        "    3 / 4 of them show the same number, else 0.\n"
        "    'full_house': 25 if three dice show one number and the other two another\n"
        "    number (five of a kind is not a full house), else 0.\n"
        "    'small_straight': 30 if the dice include four consecutive numbers, else 0.\n"
        "    'large_straight': 40 if the dice are five consecutive numbers, else 0.\n"
        "    'yahtzee': 50 if all five dice are the same, else 0.\n"
        "    'chance': the sum of all five dice.\n\n"
        "    >>> yahtzee_score([3, 3, 3, 5, 5], 'full_house')\n    25\n"
        "    >>> yahtzee_score([1, 2, 3, 4, 6], 'small_straight')\n    30\n"
        '    """\n```',
        "yahtzee_score",
        [([3, 3, 3, 5, 5], "full_house"), ([1, 2, 3, 4, 6], "small_straight"), ([2, 2, 5, 2, 6], "twos"),
         ([1, 1, 1, 1, 1], "full_house"), ([6, 6, 6, 6, 2], "four_of_a_kind"),
         ([4, 4, 1, 4, 2], "three_of_a_kind"), ([5, 1, 3, 2, 4], "large_straight"),
         ([3, 4, 5, 6, 3], "small_straight"), ([2, 3, 4, 5, 5], "large_straight"),
         ([5, 5, 5, 5, 5], "yahtzee"), ([1, 3, 5, 6, 6], "chance")],
        [0, 1],
        _YAHTZEE,
    ),
    _row(
        "The page links under our search results need a helper:\n\n"
        "```python\ndef pagination_links(current, total):\n"
        '    """The page links to show, as a list of page numbers (ints) and \'…\' strings.\n\n'
        "    total is the number of pages (1 or more) and current the page we are on (1 to\n"
        "    total). Show page 1, the last page, and current with the page just before and\n"
        "    just after it (where those exist), in increasing order. Where shown pages leave\n"
        "    a gap, put '…' in it, except when the gap is a single page: then show that\n"
        "    page instead.\n\n"
        "    >>> pagination_links(5, 10)\n    [1, '…', 4, 5, 6, '…', 10]\n"
        "    >>> pagination_links(1, 3)\n    [1, 2, 3]\n"
        '    """\n```',
        "pagination_links",
        [(5, 10), (1, 3), (1, 1), (10, 10), (4, 10), (1, 10), (3, 7), (6, 9), (50, 100), (2, 2), (7, 8)],
        [0, 1],
        _PAGES,
    ),
    _row(
        "Bike nerd question. gear_inches(chainring, cog, wheel_in) returns the gear in inches: the "
        "number of chainring teeth divided by the number of cog teeth, times the wheel diameter in "
        "inches, rounded to 1 decimal.\n\n"
        "gear_inches(50, 25, 27) == 54.0\ngear_inches(34, 28, 26) == 31.6",
        "gear_inches",
        [(50, 25, 27), (34, 28, 26), (53, 11, 27), (39, 21, 27), (42, 17, 26), (30, 36, 29), (44, 13, 28),
         (36, 36, 26), (48, 17, 27.5), (22, 34, 29), (52, 19, 27)],
        [0, 1],
        _GEAR,
    ),
    _row(
        "For my photo and video tool: aspect_ratio(width, height) takes two positive whole numbers of "
        "pixels and returns the ratio fully reduced, as 'W:H' (so 1920 x 1200 is '8:5', not '16:10').\n\n"
        "aspect_ratio(1920, 1080) == '16:9'\naspect_ratio(1920, 1200) == '8:5'",
        "aspect_ratio",
        [(1920, 1080), (1920, 1200), (1280, 1024), (1080, 1920), (3440, 1440), (800, 800), (4000, 3000),
         (2560, 1080), (6000, 4000), (7, 3), (1366, 768)],
        [0, 1],
        _ASPECT,
    ),
    _row(
        "I log my lifts and want estimated maxes. one_rep_max(weight, reps) uses the Epley formula, "
        "weight * (1 + reps / 30), rounded to the nearest 0.5 (exactly halfway rounds up), returned as "
        "a float. For a single rep it returns the weight itself (as a float), not the formula. reps is "
        "1 or more.\n\n"
        "one_rep_max(100, 5) == 116.5\none_rep_max(80, 1) == 80.0",
        "one_rep_max",
        [(100, 5), (80, 1), (60, 10), (140, 2), (52.5, 8), (100, 12), (75, 6), (120, 4), (90, 1), (45, 15),
         (110, 7)],
        [0, 1],
        _ONE_REP,
    ),
    _row(
        "Card game night helper: blackjack_value(cards) takes a hand as a list of strings, '2' to '10', "
        "'J', 'Q', 'K' or 'A', and returns its blackjack total as an int. Number cards count their "
        "number, J, Q and K count 10, and each ace counts 11 unless that would take the total over 21, "
        "in which case it counts 1 (as many aces as needed count 1). A bust hand still returns its "
        "total (the smallest one), and an empty hand is 0.\n\n"
        "blackjack_value(['A', 'K']) == 21\nblackjack_value(['A', 'A', '9']) == 21",
        "blackjack_value",
        [(["A", "K"],), (["A", "A", "9"],), (["10", "9"],), (["K", "Q", "5"],), (["A"],), (["A", "A"],),
         (["A", "5", "A", "A"],), (["2", "3", "4"],), ([],), (["A", "10", "A"],), (["5", "6", "A"],)],
        [0, 1],
        _BLACKJACK,
    ),
    _row(
        "Subscription billing: add_months(date, months) takes a date 'YYYY-MM-DD' and a whole number of "
        "months (may be 0 or negative) and returns the date that many months later (or earlier) in the "
        "same format. If that month is too short for the day, use its last day (leap years count).\n\n"
        "add_months('2027-01-31', 1) -> '2027-02-28'\nadd_months('2027-05-15', -6) -> '2026-11-15'",
        "add_months",
        [("2027-01-31", 1), ("2027-05-15", -6), ("2028-01-31", 1), ("2027-12-10", 1), ("2027-03-31", -1),
         ("2027-08-31", 13), ("2027-06-30", 0), ("2024-02-29", 12), ("2027-10-15", -22), ("2027-01-01", -1),
         ("2027-05-31", 4)],
        [0, 1],
        _MONTHS,
    ),
    _row(
        "Our config files have sizes like '1.5 GB'. parse_size(text) turns one into a number of bytes: "
        "a number (maybe with a decimal point), optional spaces, then a unit, which is B, KB, MB, GB or "
        "TB (powers of 1000) or KiB, MiB, GiB or TiB (powers of 1024), in any case. Return an int, "
        "rounded down to a whole byte.\n\n"
        "parse_size('1.5 GB') -> 1500000000\nparse_size('2KiB') -> 2048",
        "parse_size",
        [("1.5 GB",), ("2KiB",), ("512 B",), ("0.75 MiB",), ("10 mb",), ("3 TB",), ("1.25 gib",), ("800 kB",),
         ("7 TiB",), ("0 KB",), ("12.3456 MB",)],
        [0, 1],
        _SIZE,
    ),
    _row(
        "My photo folders sort 'img10' before 'img2'. natural_sort(names) returns the names sorted the "
        "way people expect: compare them case-insensitively, with every run of digits compared by its "
        "number value (so leading zeros make no difference) rather than letter by letter. Names that "
        "still compare equal keep their original order.\n\n"
        "natural_sort(['img12.png', 'img10.png', 'IMG2.png', 'img1.png']) -> "
        "['img1.png', 'IMG2.png', 'img10.png', 'img12.png']",
        "natural_sort",
        [(["img12.png", "img10.png", "IMG2.png", "img1.png"],), ([],), (["b", "A", "c"],),
         (["v1.10", "v1.9", "v1.2"],), (["file01", "file", "file1"],),
         (["Chapter 10", "chapter 2", "Chapter 1"],), (["a2b10", "a2b9", "a10b1"],),
         (["x", "x0", "x00", "X"],), (["2027-12-01 notes", "2027-9-15 notes"],),
         (["song 3.mp3", "Song 3.mp3"],)],
        [0],
        _NATURAL,
    ),
    *MORE,
]
# fmt: on
