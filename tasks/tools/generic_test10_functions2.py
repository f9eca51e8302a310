"""The generic task's `test10` function rows, second part (generic_test10_functions holds the first
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


_SANITIZE = _code("""
    def sanitize_filename(name):
        for ch in '\\\\/:*?"<>|':
            name = name.replace(ch, "_")
        name = name.lstrip(" ").rstrip(" .")
        return name or "untitled"
""")

_PHOTO = _code("""
    import re

    NAME = re.compile(r"(?:IMG|VID)_(\\d{4})(\\d{2})(\\d{2})_(\\d{2})(\\d{2})(\\d{2})\\.([A-Za-z0-9]+)")


    def photo_name(filename):
        m = NAME.fullmatch(filename)
        if not m:
            return filename
        y, mo, d, h, mi, s, ext = m.groups()
        return f"{y}-{mo}-{d} {h}.{mi}.{s}.{ext.lower()}"
""")

_PAGES = _code("""
    def expand_page_ranges(text):
        pages = set()
        for part in text.replace(" ", "").split(","):
            if not part:
                continue
            if "-" in part:
                a, b = (int(x) for x in part.split("-"))
                pages.update(range(min(a, b), max(a, b) + 1))
            else:
                pages.add(int(part))
        return sorted(pages)
""")

_LAPS = _code("""
    def lap_times(splits):
        laps, before = [], 0
        for s in splits:
            laps.append(round(float(s - before), 2))
            before = s
        return laps
""")

_IBAN = _code("""
    def iban_valid(iban):
        s = iban.replace(" ", "").upper()
        if not 15 <= len(s) <= 34 or not s.isalnum() or not s.isascii():
            return False
        if not (s[:2].isalpha() and s[2:4].isdigit()):
            return False
        digits = "".join(str(int(ch, 36)) for ch in s[4:] + s[:4])
        return int(digits) % 97 == 1
""")

_UTM = _code("""
    def utm_url(url, source, medium, campaign):
        base, hash_, fragment = url.partition("#")
        values = [v.lower().replace(" ", "-") for v in (source, medium, campaign)]
        query = "&".join(f"utm_{k}={v}" for k, v in zip(("source", "medium", "campaign"), values))
        if "?" not in base:
            base += "?"
        elif not base.endswith(("?", "&")):
            base += "&"
        return base + query + hash_ + fragment
""")

_DARKEN = _code("""
    def darken_hex(color, percent):
        digits = color.lstrip("#")
        if len(digits) == 3:
            digits = "".join(ch * 2 for ch in digits)
        channels = [int(digits[i : i + 2], 16) for i in (0, 2, 4)]
        return "#" + "".join(f"{c * (100 - percent) // 100:02x}" for c in channels)
""")

_SAVINGS = _code("""
    def savings_after(monthly, annual_rate, months):
        balance = 0.0
        for _ in range(months):
            balance += balance * annual_rate / 12 / 100
            balance += monthly
        return round(balance, 2)
""")

_FARES = _code("""
    def daily_fares(taps, fare, cap):
        per_day = {}
        for tap in taps:
            day = tap.split()[0]
            per_day[day] = per_day.get(day, 0) + 1
        return round(float(sum(min(n * fare, cap) for n in per_day.values())), 2)
""")

_WALLPAPER = _code("""
    def wallpaper_rolls(wall_width_cm, wall_height_cm, roll_width_cm, roll_length_cm, pattern_repeat_cm):
        if wall_width_cm == 0:
            return 0
        drop = wall_height_cm
        if pattern_repeat_cm:
            drop = -(-wall_height_cm // pattern_repeat_cm) * pattern_repeat_cm
        per_roll = roll_length_cm // drop
        if per_roll == 0:
            return None
        strips = -(-wall_width_cm // roll_width_cm)
        return -(-strips // per_roll)
""")

_GPA = _code("""
    POINTS = {"A": 4.0, "A-": 3.7, "B+": 3.3, "B": 3.0, "B-": 2.7, "C+": 2.3, "C": 2.0, "C-": 1.7,
              "D+": 1.3, "D": 1.0, "F": 0.0}


    def grade_point_average(courses):
        total = credits = 0
        for letter, n in courses:
            if letter == "P" or n == 0:
                continue
            total += POINTS[letter] * n
            credits += n
        return round(total / credits, 2) if credits else 0.0
""")

# fmt: off
MORE = [
    _row(
        "Grade tracker for my uni courses. grade_point_average(courses): courses is a list of "
        "[letter, credits] pairs. Letters are worth A 4.0, A- 3.7, B+ 3.3, B 3.0, B- 2.7, C+ 2.3, C "
        "2.0, C- 1.7, D+ 1.3, D 1.0, F 0.0; 'P' is a pass/fail course and doesn't count at all, and "
        "neither does a course with 0 credits. Return the credit-weighted average rounded to 2 "
        "decimals, or 0.0 when nothing counts.\n\n"
        "grade_point_average([['A', 3], ['B', 3]]) -> 3.5",
        "grade_point_average",
        [([["A", 3], ["B", 3]],), ([],), ([["A-", 4], ["B+", 3]],), ([["F", 2], ["A", 2]],),
         ([["P", 3], ["B", 3]],), ([["C+", 1], ["D", 2], ["B-", 3]],), ([["A", 0], ["C", 3]],),
         ([["P", 2]],), ([["D+", 3], ["C-", 3], ["A", 1]],)],
        [0],
        _GPA,
    ),
    _row(
        "I need sanitize_filename(name) for a script that saves email attachments on Windows. Replace "
        "every one of these characters with an underscore: \\ / : * ? \" < > |. Then remove spaces "
        "at the start, and spaces and dots at the end (Windows doesn't allow trailing ones). If "
        "nothing is left, return 'untitled'.\n\n"
        "Input: 'Report: Q3/Q4?'\nOutput: 'Report_ Q3_Q4_'\n\n"
        "Input: '   '\nOutput: 'untitled'",
        "sanitize_filename",
        [("Report: Q3/Q4?",), ("   ",), ("notes.txt",), ("a<b>c|d",), ("file. . .",), ("  draft  ",),
         ("...",), ("C:\\temp\\x.doc",), ('"quoted"',), ("ok name.",)],
        [0, 1],
        _SANITIZE,
    ),
    _row(
        "Sorting my phone photos. Write photo_name(filename): a name exactly like "
        "IMG_YYYYMMDD_HHMMSS.ext or VID_YYYYMMDD_HHMMSS.ext (IMG or VID in capitals, 8 digits, "
        "underscore, 6 digits, a dot and an extension of letters or digits) becomes "
        "'YYYY-MM-DD HH.MM.SS.ext' with the extension in lower case. Any other name comes back "
        "unchanged.\n\n"
        "Input: 'IMG_20260314_153045.jpg'\nOutput: '2026-03-14 15.30.45.jpg'\n\n"
        "Input: 'holiday.png'\nOutput: 'holiday.png'",
        "photo_name",
        [("IMG_20260314_153045.jpg",), ("holiday.png",), ("VID_20251231_235959.MP4",),
         ("IMG_20260314_153045.JPG",), ("img_20260314_153045.jpg",), ("IMG_2026031_153045.jpg",),
         ("IMG_20260314_153045",), ("IMG_20260101_000000.jpeg",), ("PXL_20260314_153045.jpg",),
         ("IMG_20260314_153045_1.jpg",)],
        [0, 1],
        _PHOTO,
    ),
    _row(
        "For a print dialog: expand_page_ranges(text) turns a page selection like '1-3, 5, 8-9' into "
        "the list of page numbers. Parts are separated by commas, spaces can appear anywhere and "
        "don't matter, a part is one page or a range 'a-b' with both ends included, and a range "
        "written backwards ('5-3') means the same as '3-5'. Return the pages sorted, each only once. "
        "An empty or all-space string gives [].\n\n"
        "Input: '1-3, 5'\nOutput: [1, 2, 3, 5]",
        "expand_page_ranges",
        [("1-3, 5",), ("",), ("7",), ("2,2,1",), ("5-3",), (" 10 - 12 ,1",), ("1-4,3-6",), ("9, 8-8",),
         ("  ",)],
        [0],
        _PAGES,
    ),
    _row(
        "My stopwatch app exports cumulative split times in seconds (the total time when I pressed "
        "the lap button each time). Write lap_times(splits) returning each lap's own time: the "
        "first lap is the first split, every other lap is its split minus the one before. Return "
        "floats rounded to 2 decimals; an empty list gives [].\n\n"
        "Input: [62.5, 125.0, 190.25]\nOutput: [62.5, 62.5, 65.25]",
        "lap_times",
        [([62.5, 125.0, 190.25],), ([],), ([30],), ([10.1, 20.3],), ([0.0, 0.0],), ([59.99, 120, 180.01],),
         ([1, 2, 3, 4],), ([100.456, 200.999],), ([3600, 7250.5],)],
        [0],
        _LAPS,
    ),
    _row(
        "Can you write iban_valid(iban) for our supplier form? Spaces may appear anywhere and are "
        "ignored, letters may be lower or upper case. Without the spaces it must be 15 to 34 "
        "characters, only letters and digits, starting with two letters and then two digits. Then "
        "the usual check: move the first four characters to the end, replace each letter with two "
        "digits (A=10, B=11, ..., Z=35), and the resulting number mod 97 must be 1. Return True or "
        "False.\n\n"
        "assert iban_valid('GB82 WEST 1234 5698 7654 32') == True\n"
        "assert iban_valid('GB82 WEST 1234 5698 7654 33') == False",
        "iban_valid",
        [("GB82 WEST 1234 5698 7654 32",), ("GB82 WEST 1234 5698 7654 33",), ("DE89370400440532013000",),
         ("de89 3704 0044 0532 0130 00",), ("NL91ABNA0417164300",), ("NL91ABNA0417164301",),
         ("GB82-WEST-1234-5698-7654-32",), ("",), ("82GBWEST12345698765432",),
         ("FR1420041010050500013M02606",), ("BE68539007547034",)],
        [0, 1],
        _IBAN,
    ),
    _row(
        "Marketing keeps asking me to tag links by hand. utm_url(url, source, medium, campaign) "
        "should add utm_source, utm_medium and utm_campaign to the url, in that order. Each value is "
        "lower-cased and every space in it becomes a hyphen. Join with '?' if the url has no query "
        "string yet, otherwise with '&' (but if the url already ends in '?' or '&', add nothing "
        "extra). A '#fragment' must stay at the very end.\n\n"
        "assert utm_url('https://shop.example/sale', 'newsletter', 'email', 'Spring Sale') == "
        "'https://shop.example/sale?utm_source=newsletter&utm_medium=email&utm_campaign=spring-sale'",
        "utm_url",
        [("https://shop.example/sale", "newsletter", "email", "Spring Sale"),
         ("https://x.io/p?id=3", "FB", "social", "launch"), ("https://x.io/a#top", "ig", "social", "promo"),
         ("https://x.io/a?", "google", "cpc", "brand"), ("https://x.io/a?b=1&", "x", "y", "z"),
         ("https://x.io/a?b=1#c", "mail", "email", "Winter Deals 2026"),
         ("https://x.io", "Partner Site", "referral", "Black  Friday"),
         ("https://x.io/path/", "a", "b", "c"), ("https://x.io/#", "s", "m", "c")],
        [0],
        _UTM,
    ),
    _row(
        "For our design tokens I need darken_hex(color, percent). color is '#' plus 6 hex digits, "
        "or the 3-digit shorthand like '#abc' (which means '#aabbcc'), in upper or lower case. "
        "percent is a whole number from 0 to 100. Multiply each of the red, green and blue values "
        "by (100 - percent) / 100 and round down, then return '#' and 6 lower-case hex digits.\n\n"
        "assert darken_hex('#336699', 20) == '#28517a'\nassert darken_hex('#FFFFFF', 50) == '#7f7f7f'",
        "darken_hex",
        [("#336699", 20), ("#FFFFFF", 50), ("#000000", 30), ("#abc", 0), ("#ff8000", 100), ("#FF8000", 10),
         ("#123456", 33), ("#fff", 25), ("#0a0B0c", 1)],
        [0, 1],
        _DARKEN,
    ),
    _row(
        "I'd like a savings calculator: savings_after(monthly, annual_rate, months). I pay in "
        "`monthly` at the end of every month. At the end of each month the balance first earns "
        "interest at annual_rate / 12 percent (annual_rate is a yearly percentage like 4.5), and "
        "then that month's payment goes in. Start from 0 and return the balance after `months` "
        "months, rounded to 2 decimals only at the very end. So paying 100 a month at 0% for a "
        "year gives 1200.0, and at 12% a year for two months you get 100 after the first month and "
        "100 + 1 of interest + 100 = 201.0 after the second. Zero months gives 0.0.",
        "savings_after",
        [(100, 0, 24), (50, 6, 12), (200, 12, 1), (0, 5, 10), (100, 12, 3), (250, 3.5, 60), (10, 100, 12),
         (100, 12, 0), (75.5, 2, 6)],
        [],
        _SAVINGS,
    ),
    _row(
        "Our transit card has a daily cap and I want to check my statement. Please write "
        "daily_fares(taps, fare, cap): taps is a list of tap-in times as 'YYYY-MM-DD HH:MM' strings, "
        "not necessarily in order. Every tap costs fare, but what you pay on one calendar day "
        "never goes over cap. Return the total over all days, rounded to 2 decimals. For example, "
        "three taps on the same day with a fare of 2.80 and a cap of 7.00 cost 7.00 in total, not "
        "8.40, and no taps at all cost nothing.",
        "daily_fares",
        [([], 2.8, 7.0), (["2026-05-01 08:00"], 2.8, 7.0),
         (["2026-05-01 08:00", "2026-05-01 17:30"], 2.8, 7.0),
         (["2026-05-01 07:00", "2026-05-01 09:00", "2026-05-01 12:00", "2026-05-01 18:00"], 2.5, 6.0),
         (["2026-05-01 08:00", "2026-05-01 12:00", "2026-05-01 18:00", "2026-05-02 09:00"], 2.8, 7.0),
         (["2026-05-01 23:59", "2026-05-02 00:01"], 3.0, 5.0),
         (["2026-05-03 10:00", "2026-05-01 10:00", "2026-05-03 11:00"], 2.0, 3.5),
         (["2026-06-10 08:00", "2026-06-10 09:00"], 3.3, 5.0),
         (["2026-07-01 08:00", "2026-07-01 09:00", "2026-07-01 10:00"], 1.9, 20.0)],
        [],
        _FARES,
    ),
    _row(
        "Help me estimate wallpaper for a room, as a function wallpaper_rolls(wall_width_cm, "
        "wall_height_cm, roll_width_cm, roll_length_cm, pattern_repeat_cm), all whole centimetres. "
        "Each strip (a drop) is the wall height rounded up to a whole number of pattern repeats; a "
        "repeat of 0 means a plain paper and the drop is just the wall height. A roll gives as many "
        "whole drops as fit in its length (the leftover is wasted, drops are never joined). You need "
        "the wall width divided by the roll width, rounded up, strips, and the rolls needed is that "
        "many strips divided by drops per roll, rounded up. A wall of width 0 needs 0 rolls; if a "
        "roll is too short for even one drop, return None. For instance, a plain paper on a wall "
        "400 wide and 250 high with rolls 53 wide and 1005 long needs 8 strips, each roll gives 4 "
        "drops, so 2 rolls.",
        "wallpaper_rolls",
        [(300, 240, 53, 1005, 0), (300, 240, 53, 1005, 64), (530, 260, 53, 1000, 0), (0, 250, 53, 1005, 0),
         (100, 1100, 53, 1005, 0), (53, 250, 53, 1005, 0), (1000, 270, 68, 1000, 27),
         (250, 240, 70, 1000, 53), (54, 250, 53, 1005, 0)],
        [],
        _WALLPAPER,
    ),
]
# fmt: on
