"""The generic task's `test9` function rows (see generic_test9, which writes them with the rest):
the first 11 here, then generic_test9_functions2's MORE (one module would pass 450 lines). Each
row's expected values are its reference's answers (generic_test9_functions2._row).
**Do not read these requests while tuning**: they are the blind test split of 2026-12-07."""

from __future__ import annotations

from selfrefine.tasks.tools.generic_test9_functions2 import MORE, _code, _row

_TILES = _code("""
    def tile_boxes(length_cm, width_cm, tile_cm, per_box, waste_percent):
        if length_cm <= 0 or width_cm <= 0:
            return 0
        tiles = -(-length_cm // tile_cm) * -(-width_cm // tile_cm)
        tiles = -(-tiles * (100 + waste_percent) // 100)
        return -(-tiles // per_box)
""")

_STABLEFORD = _code("""
    def stableford_points(strokes, pars):
        total = 0
        for s, par in zip(strokes, pars):
            if s is not None:
                total += max(0, 2 + par - s)
        return total
""")

_BOOKLET = _code("""
    def booklet_page_order(pages):
        if pages == 0:
            return []
        n = -(-pages // 4) * 4
        order = []
        for k in range(n // 4):
            order += [n - 2 * k, 1 + 2 * k, 2 + 2 * k, n - 1 - 2 * k]
        return [p if p <= pages else 0 for p in order]
""")

_VAT = _code("""
    from decimal import ROUND_HALF_UP, Decimal


    def vat_from_gross(gross, rate):
        g = Decimal(str(gross))
        net = (g * 100 / (100 + Decimal(str(rate)))).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        return [float(net), float(g - net)]
""")

_CHARGEABLE = _code("""
    import math
    from fractions import Fraction


    def chargeable_weight(weight_kg, length_cm, width_cm, height_cm):
        volumetric = Fraction(length_cm * width_cm * height_cm) / 5000
        heavier = max(Fraction(str(weight_kg)), volumetric)
        return math.ceil(heavier * 2) / 2
""")

_COPY_NAME = _code("""
    def next_copy_name(name, existing):
        taken = set(existing)
        if name not in taken:
            return name
        dot = name.rfind(".")
        if dot > 0:
            stem, ext = name[:dot], name[dot:]
        else:
            stem, ext = name, ""
        k = 1
        while f"{stem} ({k}){ext}" in taken:
            k += 1
        return f"{stem} ({k}){ext}"
""")

_RESTOCK = _code("""
    def restock_cases(stock, par, case_size):
        order = {}
        for item, level in par.items():
            short = level - stock.get(item, 0)
            if short > 0:
                order[item] = -(-short // case_size[item])
        return order
""")

_PAID = _code("""
    def paid_hours(shifts):
        total = 0
        for shift in shifts:
            start, end = shift.split("-")
            a = int(start[:2]) * 60 + int(start[3:])
            b = int(end[:2]) * 60 + int(end[3:])
            length = b - a if b > a else b + 24 * 60 - a
            if length > 6 * 60:
                length -= 30
            total += length
        return round(total / 60, 2)
""")

_WATERING = _code("""
    import datetime


    def watering_days(first, every, year, month):
        day = datetime.date.fromisoformat(first)
        out = []
        while (day.year, day.month) <= (year, month):
            if (day.year, day.month) == (year, month):
                out.append(day.day)
            day += datetime.timedelta(days=every)
        return out
""")

_PARKING = _code("""
    def parking_fee(entry, exit):
        minutes = (int(exit[:2]) * 60 + int(exit[3:])) - (int(entry[:2]) * 60 + int(entry[3:]))
        if minutes <= 30:
            return 0.0
        hours = -(-minutes // 60)
        return min(2.5 * hours, 15.0)
""")

_STANDINGS = _code("""
    import re


    def league_standings(results):
        table = {}
        for result in results:
            home, hg, ag, away = re.fullmatch(r"(.+?) (\\d+)-(\\d+) (.+)", result).groups()
            hg, ag = int(hg), int(ag)
            for team, scored, conceded in ((home, hg, ag), (away, ag, hg)):
                row = table.setdefault(team, [0, 0, 0])
                row[0] += 3 if scored > conceded else 1 if scored == conceded else 0
                row[1] += scored - conceded
                row[2] += scored
        ranked = sorted(table.items(), key=lambda kv: (-kv[1][0], -kv[1][1], -kv[1][2], kv[0]))
        return [[team, row[0]] for team, row in ranked]
""")

# fmt: off
FUNCTIONS = [
    _row(
        "Can you fill in this function for our flooring quotes?\n\n"
        "```python\ndef tile_boxes(length_cm, width_cm, tile_cm, per_box, waste_percent):\n"
        '    """How many boxes of square tiles to buy for a length_cm x width_cm floor.\n\n'
        "    Tiles of side tile_cm are laid in a grid; a cut tile counts as a whole tile, so a row\n"
        "    along the length takes length_cm / tile_cm tiles rounded up (same for the width).\n"
        "    Then add waste_percent percent (a whole number) and round up to whole tiles, then\n"
        "    round up to whole boxes of per_box tiles. A floor with zero length or width needs 0.\n\n"
        "    >>> tile_boxes(300, 200, 30, 10, 10)\n    8\n"
        "    >>> tile_boxes(60, 60, 30, 4, 0)\n    1\n"
        '    """\n```',
        "tile_boxes",
        [(300, 200, 30, 10, 10), (60, 60, 30, 4, 0), (0, 200, 30, 10, 10), (301, 200, 30, 10, 10),
         (100, 100, 25, 16, 15), (450, 320, 60, 8, 5), (90, 90, 30, 9, 0), (1000, 10, 50, 6, 12),
         (240, 180, 60, 4, 20), (59, 61, 30, 5, 0)],
        [0, 1],
        _TILES,
    ),
    _row(
        "Golf society scoring. Please implement:\n\n"
        "```python\ndef stableford_points(strokes, pars):\n"
        '    """Total Stableford points for a round.\n\n'
        "    strokes and pars are lists of the same length, one entry per hole. A hole scores 2\n"
        "    points for a par, one more for each stroke under par and one fewer for each stroke\n"
        "    over, but never less than 0. A stroke entry of None means the player picked up on\n"
        "    that hole, which scores 0.\n\n"
        "    >>> stableford_points([4, 5, 3], [4, 4, 4])\n    6\n"
        "    >>> stableford_points([7, 2], [4, 5])\n    5\n"
        '    """\n```',
        "stableford_points",
        [([4, 5, 3], [4, 4, 4]), ([7, 2], [4, 5]), ([], []), ([None, 4], [4, 4]),
         ([3, 3, 3, 3], [4, 4, 4, 4]), ([6, 6], [4, 5]), ([1], [5]),
         ([5, 4, 3, None, 9], [4, 4, 3, 5, 5]), ([2, 3], [3, 3]), ([10], [3])],
        [0, 1],
        _STABLEFORD,
    ),
    _row(
        "I print zines as folded booklets and want the page order for the printer. Write this:\n\n"
        "```python\ndef booklet_page_order(pages):\n"
        '    """Print order for a saddle-stitched booklet of pages 1..pages.\n\n'
        "    Pad the count up to a multiple of 4 (call it N); the padding pages are blank and\n"
        "    written 0. Sheet k (k = 0, 1, ...) has pages N - 2k and 1 + 2k on its front, then\n"
        "    2 + 2k and N - 1 - 2k on its back. Return all sheets' pages as one flat list in that\n"
        "    order. 0 pages gives [].\n\n"
        "    >>> booklet_page_order(8)\n    [8, 1, 2, 7, 6, 3, 4, 5]\n"
        "    >>> booklet_page_order(6)\n    [0, 1, 2, 0, 6, 3, 4, 5]\n"
        '    """\n```',
        "booklet_page_order",
        [(8,), (6,), (0,), (1,), (4,), (5,), (12,), (3,), (16,), (9,)],
        [0, 1],
        _BOOKLET,
    ),
    _row(
        "For the invoices in our shop I need the VAT pulled back out of a price that includes it:\n\n"
        "```python\ndef vat_from_gross(gross, rate):\n"
        '    """Split a VAT-inclusive price into [net, vat].\n\n'
        "    rate is the VAT rate in percent (20 means 20%). net is gross / (1 + rate / 100)\n"
        "    rounded to the nearest cent, with half a cent rounding up; vat is gross - net.\n"
        "    Both are returned as floats in whole cents.\n\n"
        "    >>> vat_from_gross(120, 20)\n    [100.0, 20.0]\n"
        "    >>> vat_from_gross(10, 20)\n    [8.33, 1.67]\n"
        '    """\n```',
        "vat_from_gross",
        [(120, 20), (10, 20), (0, 20), (59.99, 20), (100, 0), (21.5, 7.5), (1.05, 5), (9.99, 19),
         (0.15, 20), (33.33, 10)],
        [0, 1],
        _VAT,
    ),
    _row(
        "Courier pricing uses a chargeable weight. Write chargeable_weight(weight_kg, length_cm, "
        "width_cm, height_cm): the volumetric weight is length x width x height / 5000 (in kg); take "
        "whichever is larger, the actual weight or the volumetric weight, and round it UP to the next "
        "multiple of 0.5 kg (an exact multiple of 0.5 stays as it is). Return it as a float.\n\n"
        "chargeable_weight(2.0, 30, 20, 10) == 2.0\nchargeable_weight(1.0, 40, 30, 30) == 7.5",
        "chargeable_weight",
        [(2.0, 30, 20, 10), (1.0, 40, 30, 30), (0.3, 10, 10, 10), (5.1, 10, 10, 10), (0, 0, 0, 0),
         (12.5, 50, 50, 50), (3.2, 60, 40, 20), (4.0, 25, 20, 20), (7.49, 30, 30, 30), (1.01, 1, 1, 1)],
        [0, 1],
        _CHARGEABLE,
    ),
    _row(
        "I want our export tool to never overwrite files. Write next_copy_name(name, existing): if name "
        "is not in the list existing, return name unchanged. Otherwise return 'stem (k).ext' with the "
        "smallest k >= 1 that isn't in existing, where ext is everything from the LAST dot on. A name "
        "with no dot, or whose only dot is its first character (like '.env'), has no extension and "
        "just gets ' (k)' on the end. Names are compared exactly, case-sensitive.\n\n"
        "next_copy_name('notes.txt', ['notes.txt']) == 'notes (1).txt'\n"
        "next_copy_name('a.txt', []) == 'a.txt'",
        "next_copy_name",
        [("notes.txt", ["notes.txt"]), ("a.txt", []),
         ("notes.txt", ["notes.txt", "notes (1).txt", "notes (3).txt"]), ("README", ["README"]),
         (".env", [".env"]), ("photo.final.jpg", ["photo.final.jpg"]), ("Notes.txt", ["notes.txt"]),
         ("x.tar.gz", ["x.tar.gz", "x.tar (1).gz"]), ("a.txt", ["a (1).txt"]),
         (".config.json", [".config.json"])],
        [0, 1],
        _COPY_NAME,
    ),
    _row(
        "Weekly order for the corner shop: restock_cases(stock, par, case_size). All three are dicts "
        "keyed by item name: units on hand, the par level, and units per case. For every item in par "
        "whose stock is below its par level, order the fewest whole cases that bring it up to par or "
        "above. An item missing from stock counts as 0 on hand; items that aren't in par are ignored. "
        "Return a dict item -> number of cases, with only the items that need ordering.\n\n"
        "restock_cases({'milk': 4}, {'milk': 12}, {'milk': 6}) == {'milk': 2}\n"
        "restock_cases({'eggs': 30}, {'eggs': 24}, {'eggs': 12}) == {}",
        "restock_cases",
        [({"milk": 4}, {"milk": 12}, {"milk": 6}), ({"eggs": 30}, {"eggs": 24}, {"eggs": 12}),
         ({}, {"bread": 10}, {"bread": 4}), ({"a": 5, "b": 1}, {"a": 5, "b": 2}, {"a": 1, "b": 3}),
         ({"tea": 0}, {"tea": 1}, {"tea": 24}),
         ({"x": 7, "y": 0, "z": 20}, {"x": 10, "y": 5, "z": 8}, {"x": 3, "y": 5, "z": 2}),
         ({}, {}, {}), ({"cola": 11}, {"cola": 48}, {"cola": 12}),
         ({"old": 0, "tea": 1}, {"tea": 4}, {"tea": 2, "old": 5}), ({"jam": 3}, {"jam": 10}, {"jam": 7})],
        [0, 1],
        _RESTOCK,
    ),
    _row(
        "Payroll helper: paid_hours(shifts) takes a list of shifts written 'HH:MM-HH:MM' (24-hour). If "
        "a shift's end time is not after its start time, the shift runs past midnight into the next "
        "day (so '22:00-06:00' is 8 hours and '09:00-09:00' is a full 24 hours). Any shift longer than "
        "6 hours has an unpaid 30-minute break taken off (exactly 6 hours: no break). Return the total "
        "paid hours as a float rounded to 2 decimals.\n\n"
        "paid_hours(['09:00-17:00']) -> 7.5\npaid_hours(['22:00-04:00']) -> 6.0",
        "paid_hours",
        [(["09:00-17:00"],), (["22:00-04:00"],), ([],), (["09:00-15:00", "16:00-22:30"],),
         (["08:15-12:40"],), (["23:30-00:15"],), (["07:00-13:01"],), (["09:00-09:00"],),
         (["10:00-12:00", "10:00-12:00"],), (["18:45-03:15"],)],
        [0, 1],
        _PAID,
    ),
    _row(
        "I keep forgetting my watering schedule. watering_days(first, every, year, month): a plant is "
        "watered on the date first ('YYYY-MM-DD') and then every `every` days after that (never before "
        "first). Return the day-of-month numbers it gets watered in the given year and month, in order, "
        "or [] if none.\n\n"
        "watering_days('2026-04-28', 7, 2026, 5) -> [5, 12, 19, 26]\n"
        "watering_days('2026-05-20', 4, 2026, 4) -> []",
        "watering_days",
        [("2026-04-28", 7, 2026, 5), ("2026-05-20", 4, 2026, 4), ("2026-01-30", 10, 2026, 2),
         ("2028-02-27", 1, 2028, 2), ("2026-12-25", 14, 2027, 1), ("2026-06-15", 30, 2026, 6),
         ("2026-03-01", 31, 2026, 3), ("2025-05-01", 365, 2026, 5), ("2026-07-31", 2, 2026, 8),
         ("2026-09-10", 5, 2026, 8)],
        [0, 1],
        _WATERING,
    ),
    _row(
        "write parking_fee(entry, exit) for our car park's pay machine. entry and exit are 'HH:MM' "
        "(24-hour) on the same day, exit never before entry. The first 30 minutes are free: a stay of "
        "30 minutes or less costs 0.0. A longer stay pays $2.50 for every started hour of the whole "
        "stay (counted from entry, so 61 minutes is 2 hours), but never more than $15.00. Return the "
        "fee in dollars as a float.\n\n"
        "parking_fee('08:00', '08:20') -> 0.0\nparking_fee('09:15', '11:00') -> 5.0",
        "parking_fee",
        [("08:00", "08:20"), ("09:15", "11:00"), ("10:00", "10:30"), ("10:00", "10:31"), ("10:00", "11:00"),
         ("10:00", "11:01"), ("07:00", "19:00"), ("12:00", "17:59"), ("12:00", "16:30"), ("13:45", "13:45")],
        [0, 1],
        _PARKING,
    ),
    _row(
        "Our five-a-side league results come in as strings like 'Red Star 1-3 Blue Rovers' (home team, "
        "score, away team; team names are letters and spaces only). Write league_standings(results): a "
        "win is 3 points, a draw 1, a loss 0. Return a list of [team, points] for every team that "
        "played, sorted by points (highest first), then goal difference (highest first), then goals "
        "scored (highest first), then team name alphabetically.\n\n"
        "league_standings(['Lions 2-1 Tigers']) -> [['Lions', 3], ['Tigers', 0]]\n"
        "league_standings(['A 0-0 B']) -> [['A', 1], ['B', 1]]",
        "league_standings",
        [(["Lions 2-1 Tigers"],), (["A 0-0 B"],), ([],),
         (["Red Star 1-3 Blue Rovers", "Blue Rovers 2-2 Green Park"],),
         (["A 3-0 C", "B 1-0 C", "A 0-1 B"],), (["X 4-0 Z", "Y 1-0 Z"],), (["P 2-1 Q", "R 1-0 S"],),
         (["M 1-1 N", "K 1-1 L"],), (["Lions 2-1 Tigers", "Tigers 3-0 Lions"],),
         (["Old Boys 10-12 New Town"],)],
        [0, 1],
        _STANDINGS,
    ),
    *MORE,
]
# fmt: on
