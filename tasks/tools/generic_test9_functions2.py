"""The generic task's `test9` function rows, second part (generic_test9_functions holds the first
11 and FUNCTIONS): the last 11 rows, and the two helpers both parts build their rows with. Each
row's expected values are its reference's answers (`_row`).
**Do not read these requests while tuning**: they are the blind test split of 2026-12-07."""

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


_ARCHERY = _code("""
    def archery_tally(arrows):
        total = hits = xs = 0
        for a in arrows:
            a = a.upper()
            if a == "M":
                continue
            hits += 1
            if a == "X":
                xs += 1
                total += 10
            else:
                total += int(a)
        return [total, hits, xs]
""")

_INVOICE = _code("""
    import re


    def bump_invoice_number(code):
        runs = list(re.finditer(r"\\d+", code))
        if not runs:
            return code + "1"
        last = runs[-1]
        digits = last.group()
        bumped = str(int(digits) + 1).zfill(len(digits))
        return code[: last.start()] + bumped + code[last.end() :]
""")

_PICK = _code("""
    def pick_path_order(codes):
        def key(code):
            aisle, shelf = (int(x) for x in code.split("-"))
            return (aisle, shelf if aisle % 2 else -shelf)

        return sorted(codes, key=key)
""")

_LOYALTY = _code("""
    import math


    def loyalty_points(purchases):
        points = 0
        for amount, category in purchases:
            dollars = math.floor(amount)
            points += dollars * (2 if category == "books" else 1)
        if sum(amount for amount, _ in purchases) >= 100:
            points += 25
        return points
""")

_TICKETS = _code("""
    def ticket_price(ages):
        total = 0
        for age in ages:
            if age < 4:
                continue
            if age <= 12:
                total += 8
            elif age <= 64:
                total += 15
            else:
                total += 10
        adults = sum(13 <= a <= 64 for a in ages)
        children = sum(4 <= a <= 12 for a in ages)
        if adults >= 2 and children >= 2:
            total *= 0.9
        return round(float(total), 2)
""")

_DICE = _code("""
    def count_successes(rolls, target):
        successes = sum(2 if r == 10 else 1 for r in rolls if r >= target)
        ones = rolls.count(1)
        if successes == 0 and ones:
            return -1
        return max(0, successes - ones)
""")

_SRT = _code("""
    def shift_srt_timing(line, ms):
        def to_ms(t):
            hms, millis = t.split(",")
            h, m, s = (int(x) for x in hms.split(":"))
            return ((h * 60 + m) * 60 + s) * 1000 + int(millis)

        def fmt(total):
            total = max(0, total)
            h, rest = divmod(total, 3600000)
            m, rest = divmod(rest, 60000)
            s, millis = divmod(rest, 1000)
            return f"{h:02d}:{m:02d}:{s:02d},{millis:03d}"

        start, end = (p.strip() for p in line.split("-->"))
        return f"{fmt(to_ms(start) + ms)} --> {fmt(to_ms(end) + ms)}"
""")

_BOARDS = _code("""
    def boards_needed(board_length, pieces, kerf):
        if any(p + kerf > board_length for p in pieces):
            return None
        left = []
        for p in sorted(pieces, reverse=True):
            for i, room in enumerate(left):
                if p + kerf <= room:
                    left[i] = room - p - kerf
                    break
            else:
                left.append(board_length - p - kerf)
        return len(left)
""")

_SEEDS = _code("""
    def seed_packets(rows, row_length_cm, spacing_cm, seeds_per_spot, seeds_per_packet):
        spots = row_length_cm // spacing_cm + 1
        seeds = rows * spots * seeds_per_spot
        return -(-seeds // seeds_per_packet)
""")

_DEPARTURES = _code("""
    def departure_times(first, last, every):
        def minutes(t):
            h, m = t.split(":")
            return int(h) * 60 + int(m)

        out = []
        t = minutes(first)
        while t <= minutes(last):
            out.append(f"{t // 60:02d}:{t % 60:02d}")
            t += every
        return out
""")

_RUN_RATE = _code("""
    import re


    def run_rate(runs, overs):
        m = re.fullmatch(r"(\\d+)(?:\\.([0-5]))?", overs)
        if not m:
            return None
        balls = int(m.group(1)) * 6 + int(m.group(2) or 0)
        if balls == 0:
            return None
        return round(runs * 6 / balls, 2)
""")

# fmt: off
MORE = [
    _row(
        "Writing a scoring app for our archery club. I need archery_tally(arrows): arrows is a list of "
        "strings, one per arrow: 'X' (an inner ten, worth 10 and counted as an X), '10' down to '1' "
        "for that many points, or 'M' for a miss (0 points). The letters can come in lower case too. "
        "Return a list [total, hits, xs]: the total points, how many arrows were not misses, and how "
        "many were Xs.\n\n"
        "Input: ['X', '10', '9']\nOutput: [29, 3, 1]\n\n"
        "Input: ['M', 'M']\nOutput: [0, 0, 0]",
        "archery_tally",
        [(["X", "10", "9"],), (["M", "M"],), ([],), (["x", "X", "10"],), (["1", "M", "5"],), (["m"],),
         (["10"] * 6,), (["7", "8", "X", "M", "2", "X"],), (["3"],), (["X", "x", "X"],)],
        [0, 1],
        _ARCHERY,
    ),
    _row(
        "Need bump_invoice_number(code) for our billing sheet: it returns the next document number by "
        "adding 1 to the LAST run of digits in the string. Keep that run's zero-padding width, so it "
        "only gets longer when it has to ('0099' becomes '0100', '999' becomes '1000'). Everything "
        "else in the string stays exactly the same. If the string has no digits at all, just put '1' "
        "on the end.\n\n"
        "Input: 'INV-2026-0041'\nOutput: 'INV-2026-0042'\n\n"
        "Input: 'PO-999'\nOutput: 'PO-1000'",
        "bump_invoice_number",
        [("INV-2026-0041",), ("PO-999",), ("A",), ("",), ("7",), ("Q3-report-v09",), ("INV-0099-draft",),
         ("2026/0000",), ("box9a",), ("REF-09-9",)],
        [0, 1],
        _INVOICE,
    ),
    _row(
        "In our warehouse a bin code is 'aisle-shelf', both whole numbers (like '3-12'; they may have "
        "leading zeros). Pickers walk a snake path, so write pick_path_order(codes): aisles in "
        "increasing order; inside an odd-numbered aisle shelves go in increasing order, inside an "
        "even-numbered aisle in decreasing order. Compare the numbers as numbers, not text. Return the "
        "original code strings in that order; duplicates stay.\n\n"
        "Input: ['2-1', '1-5', '2-3', '1-2']\nOutput: ['1-2', '1-5', '2-3', '2-1']",
        "pick_path_order",
        [(["2-1", "1-5", "2-3", "1-2"],), ([],), (["4-1"],), (["10-2", "9-2", "2-2"],),
         (["3-10", "3-9", "3-100"],), (["2-10", "2-9", "2-100"],), (["1-1", "1-1", "2-5"],),
         (["05-3", "5-1"],), (["6-4", "5-4", "6-8", "5-8"],)],
        [0],
        _PICK,
    ),
    _row(
        "Our bookshop's loyalty card: write loyalty_points(purchases). purchases is a list of [amount, "
        "category] pairs, amount in dollars (can have cents). Each purchase earns 1 point per whole "
        "dollar (cents are dropped, so 12.99 earns 12), or 2 points per whole dollar when the category "
        "is exactly 'books'. If all the amounts together add up to 100 or more, add 25 bonus points. "
        "Return the points as an int.\n\n"
        "Input: [[12.5, 'toys'], [20, 'books']]\nOutput: 52\n\n"
        "Input: [[60, 'garden'], [40, 'books']]\nOutput: 165",
        "loyalty_points",
        [([[12.5, "toys"], [20, "books"]],), ([[60, "garden"], [40, "books"]],), ([],), ([[0.99, "toys"]],),
         ([[99.99, "food"]],), ([[50.5, "food"], [49.5, "food"]],), ([[100, "books"]],),
         ([[33.33, "toys"], [33.33, "toys"], [33.33, "toys"]],), ([[7.99, "books"], [1, "books"]],),
         ([[250, "tools"]],)],
        [0, 1],
        _LOYALTY,
    ),
    _row(
        "museum admission calculator please. ticket_price(ages) takes the ages of everyone in a group. "
        "Under 4 is free, 4 to 12 pay $8, 13 to 64 pay $15, 65 and over pay $10. If the group has at "
        "least 2 people aged 13-64 AND at least 2 aged 4-12, the whole total gets 10% off. Return the "
        "total as a float rounded to 2 decimals.\n\n"
        "assert ticket_price([30, 8]) == 23.0\nassert ticket_price([40, 38, 10, 6]) == 41.4",
        "ticket_price",
        [([30, 8],), ([40, 38, 10, 6],), ([],), ([2, 3],), ([65, 64],), ([13, 12, 4, 3],),
         ([20, 21, 5, 7, 70],), ([12, 12, 13],), ([64, 65, 4, 4, 13],), ([100],)],
        [0, 1],
        _TICKETS,
    ),
    _row(
        "For our tabletop group's dice roller: count_successes(rolls, target). rolls is a list of d10 "
        "results (ints 1-10). Every die showing target or higher is a success, and a 10 counts as two "
        "successes. Every 1 cancels one success, but the result never goes below 0. Special case: if "
        "there were no successes at all and at least one 1 was rolled, return -1 (a botch).\n\n"
        "assert count_successes([7, 8, 2], 7) == 2\nassert count_successes([1, 3], 6) == -1",
        "count_successes",
        [([7, 8, 2], 7), ([1, 3], 6), ([], 6), ([10], 8), ([10, 1], 8), ([6, 6, 1, 1, 1], 6),
         ([5, 4, 3], 6), ([1], 2), ([10, 10, 9, 1], 9), ([2, 2, 2], 2)],
        [0, 1],
        _DICE,
    ),
    _row(
        "My subtitles are out of sync. Write shift_srt_timing(line, ms) that takes an SRT timing line "
        "like '00:01:02,500 --> 00:01:05,000' (HH:MM:SS,mmm) and moves both times by ms milliseconds "
        "(negative ms moves them earlier). A time that would go below zero becomes 00:00:00,000. "
        "Return the line in exactly the same format, two digits for hours, minutes and seconds and "
        "three for milliseconds.\n\n"
        "assert shift_srt_timing('00:00:01,000 --> 00:00:02,500', 1500) == '00:00:02,500 --> 00:00:04,000'",
        "shift_srt_timing",
        [("00:00:01,000 --> 00:00:02,500", 1500), ("00:00:01,000 --> 00:00:02,500", -1200),
         ("00:59:59,999 --> 01:00:01,000", 1), ("01:02:03,004 --> 01:02:05,000", 0),
         ("00:00:10,000 --> 00:00:12,000", -60000), ("10:00:00,000 --> 10:00:00,500", 3600000),
         ("00:00:00,000 --> 00:00:00,100", 999), ("00:01:00,000 --> 00:01:30,250", -30250),
         ("00:10:00,000 --> 00:10:02,000", -1)],
        [0],
        _SRT,
    ),
    _row(
        "I do a lot of woodworking and want a quick cut-list helper, boards_needed(board_length, "
        "pieces, kerf), all lengths in whole millimetres. Each piece uses up its own length plus the "
        "kerf (the width of the saw blade) from the board it is cut from. Go through the pieces from "
        "longest to shortest and put each one on the first board (in the order the boards were "
        "started) that still has room for the piece plus the kerf; if none has, start a new board. "
        "Return how many boards that takes (no pieces means 0 boards). If any single piece plus the "
        "kerf is longer than a board, return None. For example, with 2400 mm boards, a 3 mm kerf and "
        "pieces of 1200, 1200 and 500 you need two boards, because the two 1200s with their kerfs take "
        "2406 mm.",
        "boards_needed",
        [(2400, [], 3), (2400, [1000, 1000, 1000], 3), (2400, [2397], 3), (2400, [2398], 3),
         (1000, [600, 500, 400, 300, 200], 0), (1000, [300] * 7, 5), (3000, [1200, 800, 800, 700, 500], 10),
         (500, [250, 250], 0), (500, [250, 250], 1)],
        [],
        _BOARDS,
    ),
    _row(
        "Write seed_packets(rows, row_length_cm, spacing_cm, seeds_per_spot, seeds_per_packet) for "
        "planning my allotment. Along each row there is a planting spot at 0 cm, then one every "
        "spacing_cm, up to and including the end of the row (a spot right on the end counts, and a row "
        "of length 0 still has one spot). Every spot gets seeds_per_spot seeds. Return how many whole "
        "packets I need to buy for all the rows (a part packet means buying a whole one; no rows means "
        "0). For example 3 rows of 100 cm at 25 cm spacing have 5 spots each, so with 2 seeds per spot "
        "that's 30 seeds, which is 2 packets of 25.",
        "seed_packets",
        [(0, 100, 25, 2, 25), (1, 100, 30, 1, 10), (4, 120, 40, 3, 50), (5, 300, 20, 2, 100),
         (2, 0, 10, 5, 12), (10, 250, 50, 2, 30), (1, 99, 100, 4, 4), (6, 180, 15, 1, 25),
         (3, 100, 25, 4, 20)],
        [],
        _SEEDS,
    ),
    _row(
        "For the village bus timetable I need departure_times(first, last, every): first and last are "
        "24-hour 'HH:MM' times on the same day (last is never before first) and every is a whole "
        "number of minutes. The bus leaves at first and then every `every` minutes, as long as the time "
        "is not after last. Return the departure times as a list of 'HH:MM' strings with two-digit "
        "hours and minutes. So a first bus at 06:00, a last one at 07:00 and a bus every 20 minutes "
        "give four departures: 06:00, 06:20, 06:40 and 07:00.",
        "departure_times",
        [("06:00", "06:00", 15), ("06:00", "06:59", 20), ("23:00", "23:59", 30), ("09:05", "10:05", 60),
         ("08:00", "09:00", 45), ("00:00", "01:00", 7), ("05:50", "06:10", 10), ("12:30", "12:34", 1),
         ("07:15", "07:44", 30)],
        [],
        _DEPARTURES,
    ),
    _row(
        "Cricket stats helper: run_rate(runs, overs) gives runs per over, rounded to 2 decimals. "
        "overs is a string in the usual notation: '12.3' means 12 full overs and 3 balls (an over has "
        "6 balls), and '12' means exactly 12 overs. The part after the dot must be one digit from 0 to "
        "5; for anything else (like '6.6', '6.', '6.10' or 'abc') return None. Also return None when "
        "no ball has been bowled yet.\n\n"
        "run_rate(45, '10') == 4.5\nrun_rate(50, '8.3') == 5.88",
        "run_rate",
        [(45, "10"), (50, "8.3"), (0, "0"), (0, "5"), (10, "0.1"), (100, "20.0"), (37, "6.6"), (255, "50"),
         (17, "3.4"), (8, "0.0"), (12, "abc")],
        [0, 1],
        _RUN_RATE,
    ),
]
# fmt: on
