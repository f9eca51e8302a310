"""The generic task's `test17` function rows (see generic_test17, which writes them with the rest):
the first 11 here, then generic_test17_functions2's MORE (one module would pass 450 lines). Each
row's expected values are its reference's answers (generic_test17_functions2._row).
**Do not read these requests while tuning**: they are a blind test split."""

from __future__ import annotations

from selfrefine.tasks.tools.generic_test17_functions2 import MORE, _code, _row

_BINGO = _code("""
    def has_bingo(card, called):
        marked = [[n == 0 or n in called for n in row] for row in card]
        lines = [row for row in marked]
        lines += [[marked[r][c] for r in range(5)] for c in range(5)]
        lines.append([marked[i][i] for i in range(5)])
        lines.append([marked[i][4 - i] for i in range(5)])
        return any(all(line) for line in lines)
""")

_CROP = _code("""
    from math import gcd


    def crop_to_aspect(width, height, ratio_w, ratio_h):
        g = gcd(ratio_w, ratio_h)
        rw, rh = ratio_w // g, ratio_h // g
        k = min(width // rw, height // rh)
        return (k * rw, k * rh)
""")

_SORT_TITLE = _code("""
    def library_sort_title(title):
        t = title.strip()
        for article in ("the", "an", "a"):
            n = len(article)
            if t.lower().startswith(article + " ") and t[n:].strip():
                return t[n:].strip() + ", " + t[:n]
        return t
""")

_DIMENSIONS = _code("""
    import re

    FACTOR = {"mm": 0.1, "cm": 1.0, "m": 100.0, "in": 2.54}


    def parse_dimensions(text):
        number = r"(\\d+(?:\\.\\d+)?)"
        m = re.fullmatch(r"\\s*" + number + r"\\s*[xX×]\\s*" + number + r"\\s*(mm|cm|m|in)?\\s*", text, re.I)
        if not m:
            return None
        f = FACTOR[(m.group(3) or "cm").lower()]
        return (round(float(m.group(1)) * f, 2), round(float(m.group(2)) * f, 2))
""")

_HAMMING = _code("""
    def hamming_distance(a, b):
        if len(a) != len(b):
            return None
        return sum(x != y for x, y in zip(a, b))
""")

_MILEAGE = _code("""
    def mileage_allowance(miles):
        return round(min(miles, 10000) * 0.45 + max(miles - 10000, 0) * 0.25, 2)
""")

_SNOOKER = _code("""
    VALUES = {"red": 1, "yellow": 2, "green": 3, "brown": 4, "blue": 5, "pink": 6, "black": 7}


    def snooker_points(balls):
        total = 0
        for ball in balls:
            if ball.lower() not in VALUES:
                return None
            total += VALUES[ball.lower()]
        return total
""")

_LUGGAGE = _code("""
    def luggage_fits(bag, limit):
        return all(b <= m for b, m in zip(sorted(bag), sorted(limit)))
""")

_EXPIRED = _code("""
    def card_expired(expiry, today):
        month, year = expiry.split("/")
        return (int(today[:4]), int(today[5:7])) > (2000 + int(year), int(month))
""")

_TREND = _code("""
    def temperature_trend(temps):
        steps = [b - a for a, b in zip(temps, temps[1:])]
        if all(s == 0 for s in steps):
            return "flat"
        if all(s > 0 for s in steps):
            return "rising"
        if all(s < 0 for s in steps):
            return "falling"
        return "mixed"
""")

_SHELVES = _code("""
    def shelves_needed(widths, shelf_cm):
        if any(w > shelf_cm for w in widths):
            return None
        shelves, used = 0, 0
        for w in widths:
            if shelves == 0 or used + w > shelf_cm:
                shelves, used = shelves + 1, 0
            used += w
        return shelves
""")

_CARD = [[5, 18, 33, 48, 64], [12, 21, 40, 51, 70], [3, 27, 0, 59, 61], [9, 16, 38, 46, 73],
         [14, 29, 44, 55, 68]]  # fmt: skip

# fmt: off
FUNCTIONS = [
    _row(
        "Making a bingo night app for my gran's social club:\n\n"
        "```python\ndef has_bingo(card, called):\n"
        '    """Whether a 5x5 bingo card has a winning line.\n\n'
        "    card is a list of 5 rows, each a list of 5 ints. The centre square\n"
        "    card[2][2] is always 0: the free space, which counts as marked. Any other\n"
        "    square is marked if its number is in the list `called`. The card wins if\n"
        "    every square of at least one row, one column or one of the two corner-to-\n"
        "    corner diagonals is marked. Numbers called that aren't on the card don't\n"
        "    matter.\n\n"
        f"    >>> has_bingo({_CARD!r}, [5, 18, 33, 48, 64])\n    True\n"
        f"    >>> has_bingo({_CARD!r}, [5, 18, 33, 48])\n    False\n"
        '    """\n```',
        "has_bingo",
        [(_CARD, [5, 18, 33, 48, 64]), (_CARD, [5, 18, 33, 48]), (_CARD, [33, 40, 38, 44]),
         (_CARD, [5, 21, 46, 68]), (_CARD, [64, 51, 16, 14]), (_CARD, []), (_CARD, [3, 27, 59, 61]),
         (_CARD, [5, 21, 40, 59, 73, 14]), (_CARD, [1, 2, 75]), (_CARD, [14, 9, 3, 12, 5])],
        [0, 1],
        _BINGO,
    ),
    _row(
        "Photo export script, need this one:\n\n"
        "```python\ndef crop_to_aspect(width, height, ratio_w, ratio_h):\n"
        '    """The biggest crop of a width x height image with the aspect ratio\n'
        "    ratio_w:ratio_h, as a (crop_width, crop_height) tuple of ints.\n\n"
        "    All four arguments are positive ints. The crop's width and height must be\n"
        "    whole numbers of pixels in exactly that ratio (so reduce the ratio first:\n"
        "    32:18 behaves like 16:9) and must fit inside the image. If even the\n"
        "    smallest such crop doesn't fit, return (0, 0).\n\n"
        "    >>> crop_to_aspect(4000, 3000, 16, 9)\n    (4000, 2250)\n"
        "    >>> crop_to_aspect(1080, 1920, 1, 1)\n    (1080, 1080)\n"
        '    """\n```',
        "crop_to_aspect",
        [(4000, 3000, 16, 9), (1080, 1920, 1, 1), (1920, 1080, 4, 3), (6000, 4000, 3, 2), (100, 100, 32, 18),
         (10, 10, 16, 9), (3000, 4000, 4, 5), (5472, 3648, 5, 4), (1366, 768, 21, 9), (800, 600, 2, 4)],
        [0, 1],
        _CROP,
    ),
    _row(
        "Cataloguing my record and book collection:\n\n"
        "```python\ndef library_sort_title(title):\n"
        '    """The title as a library files it: a leading article moved to the end.\n\n'
        "    First strip the spaces around the title. If it then starts with the word\n"
        "    'The', 'An' or 'A' (in any case) followed by a space and more text, move that\n"
        "    word to the end after a comma and a space, keeping it exactly as it was\n"
        "    written. Otherwise return the stripped title unchanged. Only whole words\n"
        "    count, so 'Anna Karenina' and 'Theory of Everything' stay as they are.\n\n"
        "    >>> library_sort_title('The Hobbit')\n    'Hobbit, The'\n"
        "    >>> library_sort_title('A Tale of Two Cities')\n    'Tale of Two Cities, A'\n"
        '    """\n```',
        "library_sort_title",
        [("The Hobbit",), ("A Tale of Two Cities",), ("An Unexpected Journey",), ("Anna Karenina",),
         ("the road",), ("  The Martian  ",), ("The",), ("Dune",), ("THE END",), ("Theory of Everything",),
         ("A",)],
        [0, 1],
        _SORT_TITLE,
    ),
    _row(
        "For a picture-framing quote form:\n\n"
        "```python\ndef parse_dimensions(text):\n"
        '    """Parse a size like \'30x40 cm\' into a (width, height) tuple in centimetres.\n\n'
        "    The text is a number, then 'x', 'X' or '×', then a second number, then an\n"
        "    optional unit: mm, cm, m or in (any case). Spaces are allowed around the\n"
        "    separator, before the unit and at either end. A number is digits with an\n"
        "    optional decimal part like 12.5. No unit means cm. Convert both numbers to\n"
        "    cm (1 in = 2.54 cm), round each to 2 decimal places and return them as\n"
        "    floats. Anything else (another unit, another separator, a missing number)\n"
        "    returns None.\n\n"
        "    >>> parse_dimensions('30x40 cm')\n    (30.0, 40.0)\n"
        "    >>> parse_dimensions('210 × 297 mm')\n    (21.0, 29.7)\n"
        '    """\n```',
        "parse_dimensions",
        [("30x40 cm",), ("210 × 297 mm",), ("8x10in",), ("1.2 x 0.8 m",), ("50X70",), ("30 by 40 cm",),
         ("x40 cm",), ("12.5x18 CM",), ("30x40 ft",), ("  20 x 30  ",)],
        [0, 1],
        _DIMENSIONS,
    ),
    _row(
        "DNA class exercise checker: hamming_distance(a, b) counts the positions at which two strings "
        "differ (case-sensitive). If the strings have different lengths, return None.\n\n"
        "hamming_distance('karolin', 'kathrin') == 3\nhamming_distance('abc', 'abcd') == None",
        "hamming_distance",
        [("karolin", "kathrin"), ("abc", "abcd"), ("", ""), ("GATTACA", "GATTACA"), ("abc", "ABC"),
         ("1011101", "1001001"), ("a", "b"), ("short", "longer"), ("night", "nacht")],
        [0, 1],
        _HAMMING,
    ),
    _row(
        "Expenses form: mileage_allowance(miles) returns what I can claim for business miles driven "
        "in my own car in one tax year: 45p a mile for the first 10,000 miles and 25p a mile for every "
        "mile after that. miles is a whole number, 0 or more. Return pounds as a float rounded to 2 "
        "decimal places.\n\n"
        "mileage_allowance(8000) == 3600.0\nmileage_allowance(12000) == 5000.0",
        "mileage_allowance",
        [(8000,), (12000,), (0,), (10000,), (10001,), (250,), (15500,), (1,), (9999,), (30000,)],
        [0, 1],
        _MILEAGE,
    ),
    _row(
        "Snooker practice tracker: snooker_points(balls) adds up the value of the balls potted in a "
        "break. balls is a list of colour names in any case: red 1, yellow 2, green 3, brown 4, blue 5, "
        "pink 6, black 7. If any name isn't one of those seven colours, return None. An empty list "
        "scores 0.\n\n"
        "snooker_points(['red', 'black', 'red', 'pink']) == 15\n"
        "snooker_points(['red', 'purple']) == None",
        "snooker_points",
        [(["red", "black", "red", "pink"],), (["red", "purple"],), ([],), (["RED", "Black"],),
         (["yellow", "green", "brown", "blue", "pink", "black"],), (["red"] * 15 + ["black"] * 15,),
         (["white"],), (["Blue"],), (["pink", "pink"],)],
        [0, 1],
        _SNOOKER,
    ),
    _row(
        "Travel checklist app: luggage_fits(bag, limit) says whether a bag fits an airline's cabin size "
        "limit. Both are lists of three dimensions in cm. The bag can be turned any way, so it fits when, "
        "after sorting both lists, each bag dimension is at most the matching limit dimension (equal "
        "is fine). Return True or False.\n\n"
        "luggage_fits([50, 35, 20], [55, 40, 23]) == True\n"
        "luggage_fits([56, 30, 20], [55, 40, 23]) == False",
        "luggage_fits",
        [([50, 35, 20], [55, 40, 23]), ([56, 30, 20], [55, 40, 23]), ([20, 35, 50], [55, 40, 23]),
         ([40, 40, 40], [55, 40, 23]), ([55, 40, 23], [55, 40, 23]), ([24, 10, 10], [55, 40, 23]),
         ([60, 10, 5], [55, 40, 23]), ([45, 45, 10], [55, 40, 23]), ([30, 20, 10], [30, 20, 10]),
         ([10.5, 20, 30], [30, 20, 10])],
        [0, 1],
        _LUGGAGE,
    ),
    _row(
        "Subscription billing: card_expired(expiry, today) tells me if a payment card has expired. "
        "expiry is the 'MM/YY' printed on the card (the year is 20YY) and the card works up to and "
        "including the last day of that month. today is a date string 'YYYY-MM-DD'. Return True if "
        "today is after the card's last valid day, else False.\n\n"
        "card_expired('05/27', '2027-05-31') -> False\ncard_expired('05/27', '2027-06-01') -> True",
        "card_expired",
        [("05/27", "2027-05-31"), ("05/27", "2027-06-01"), ("12/26", "2027-01-01"), ("01/30", "2027-06-15"),
         ("06/27", "2027-06-01"), ("06/27", "2026-12-31"), ("11/27", "2027-12-01"), ("02/28", "2028-02-29"),
         ("09/25", "2031-01-01"), ("10/27", "2027-10-15")],
        [0, 1],
        _EXPIRED,
    ),
    _row(
        "Greenhouse sensor dashboard: temperature_trend(temps) describes a list of readings (ints or "
        "floats) in time order. Return 'rising' if every reading is strictly higher than the one before, "
        "'falling' if every reading is strictly lower than the one before, 'flat' if all readings are "
        "equal, and 'mixed' for anything else. A list with fewer than two readings is 'flat'.\n\n"
        "temperature_trend([12, 14, 15.5]) -> 'rising'\ntemperature_trend([20, 20, 19]) -> 'mixed'",
        "temperature_trend",
        [([12, 14, 15.5],), ([20, 20, 19],), ([],), ([5],), ([3, 3, 3],), ([10, 8, 2, -1],), ([1, 2, 1],),
         ([0.5, 0.6],), ([7, 7, 8],), ([-3, -5],), ([4, 4],)],
        [0, 1],
        _TREND,
    ),
    _row(
        "Bookshelf planning: shelves_needed(widths, shelf_cm) returns how many shelves my books take "
        "when I shelve them in the given order, left to right: a book goes on the current shelf if the "
        "widths on that shelf still add up to at most shelf_cm with it, otherwise it starts a new shelf "
        "(never go back to an earlier shelf, never reorder). No books need 0 shelves. If any single "
        "book is wider than a shelf, return None.\n\n"
        "shelves_needed([3, 4, 5, 2], 10) -> 2\nshelves_needed([], 80) -> 0",
        "shelves_needed",
        [([3, 4, 5, 2], 10), ([], 80), ([10, 10, 10], 10), ([12], 10), ([5, 5, 5, 5], 10),
         ([2.5, 2.5, 2.5, 2.5], 5), ([9, 2, 9, 2], 10), ([1] * 30, 10), ([4, 3, 3, 11], 10),
         ([6, 4, 6, 4, 6], 10)],
        [0, 1],
        _SHELVES,
    ),
    *MORE,
]
# fmt: on
