"""The generic task's `test8` function rows (see generic_test8, which writes them with the rest):
the first 11 here, then generic_test8_functions2's MORE (one module would pass 450 lines). Each
row's expected values are its reference's answers (generic_test8_functions2._row).
**Do not read these requests while tuning**: they are the blind test split of 2026-12-07."""

from __future__ import annotations

from selfrefine.tasks.tools.generic_test8_functions2 import MORE, _code, _row

_SPLIT_BILL = _code("""
    def split_bill(total, people, tip_percent):
        cents = round(total * 100) * (100 + tip_percent)
        cents = (cents + 50) // 100
        base, extra = divmod(cents, people)
        return [(base + (1 if i < extra else 0)) / 100 for i in range(people)]
""")

_RLE = _code("""
    def rle_encode(s):
        out = []
        i = 0
        while i < len(s):
            j = i
            while j < len(s) and s[j] == s[i]:
                j += 1
            out.append(s[i] + (str(j - i) if j - i > 1 else ""))
            i = j
        return "".join(out)
""")

_DURATION = _code("""
    import re


    def parse_duration(s):
        m = re.fullmatch(r"\\s*(?:(\\d+)\\s*h)?\\s*(?:(\\d+)\\s*m)?\\s*(?:(\\d+)\\s*s)?\\s*", s.lower())
        if not m or not any(m.groups()):
            return None
        hours, minutes, seconds = (int(g) if g else 0 for g in m.groups())
        return hours * 3600 + minutes * 60 + seconds
""")

_HEADLINE = _code("""
    SMALL = {"a", "an", "the", "and", "but", "or", "for", "nor", "of", "in", "on", "at", "to", "by"}


    def headline(s):
        words = s.split(" ") if s else []
        out = []
        for i, w in enumerate(words):
            if w.lower() in SMALL and 0 < i < len(words) - 1:
                out.append(w.lower())
            else:
                out.append(w[:1].upper() + w[1:])
        return " ".join(out)
""")

_MASK = _code("""
    def mask_card(number):
        digits = sum(c.isdigit() for c in number)
        to_mask = max(digits - 4, 0)
        out = []
        for c in number:
            if c.isdigit() and to_mask > 0:
                out.append("*")
                to_mask -= 1
            else:
                out.append(c)
        return "".join(out)
""")

_MERGE = _code("""
    def merge_intervals(intervals):
        merged = []
        for start, end in sorted(intervals):
            if merged and start <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([start, end])
        return merged
""")

_ROMAN = _code("""
    VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


    def roman_to_int(s):
        s = s.upper()
        total = 0
        for i, ch in enumerate(s):
            v = VALUES[ch]
            if i + 1 < len(s) and VALUES[s[i + 1]] > v:
                total -= v
            else:
                total += v
        return total
""")

_BUSINESS = _code("""
    import datetime


    def next_business_day(date_str, holidays):
        day = datetime.date.fromisoformat(date_str)
        off = set(holidays)
        while True:
            day += datetime.timedelta(days=1)
            if day.weekday() < 5 and day.isoformat() not in off:
                return day.isoformat()
""")

_WRAP = _code("""
    def wrap_text(text, width):
        lines, current = [], ""
        for word in text.split():
            if not current:
                current = word
            elif len(current) + 1 + len(word) <= width:
                current += " " + word
            else:
                lines.append(current)
                current = word
        if current:
            lines.append(current)
        return lines
""")

_COMMON = _code("""
    import re


    def most_common_word(text):
        found = re.findall(r"[a-z]+(?:'[a-z]+)*", text.lower())
        if not found:
            return None
        counts = {}
        for w in found:
            counts[w] = counts.get(w, 0) + 1
        best = max(counts.values())
        return next(w for w in found if counts[w] == best)
""")

_RANGES = _code("""
    def compress_ranges(nums):
        parts = []
        values = sorted(set(nums))
        i = 0
        while i < len(values):
            j = i
            while j + 1 < len(values) and values[j + 1] == values[j] + 1:
                j += 1
            parts.append(str(values[i]) if i == j else f"{values[i]}-{values[j]}")
            i = j + 1
        return ",".join(parts)
""")

# fmt: off
FUNCTIONS = [
    _row(
        "we always split the dinner bill in our group chat and I want to automate it. Write this:\n\n"
        "```python\ndef split_bill(total, people, tip_percent):\n"
        '    """Add a tip of tip_percent percent (a whole number) to total, round the grand total to\n'
        "    the nearest cent (half a cent rounds up), and split it evenly between people. Leftover\n"
        "    cents go one each to the first people in the list. Returns the amounts in dollars.\n\n"
        "    >>> split_bill(100, 3, 15)\n    [38.34, 38.33, 38.33]\n"
        "    >>> split_bill(60, 4, 0)\n    [15.0, 15.0, 15.0, 15.0]\n"
        '    """\n```',
        "split_bill",
        [(100, 3, 15), (60, 4, 0), (10, 3, 0), (0.1, 1, 15), (99.99, 2, 20), (1, 7, 0), (250, 1, 18),
         (0, 3, 20), (45.5, 2, 10), (0.05, 1, 10)],
        [0, 1],
        _SPLIT_BILL,
    ),
    _row(
        "Write a run-length encoder rle_encode(s): each run of the same character repeated more than "
        "once becomes the character followed by how many times it repeats; a character on its own "
        "stays as it is. It's case-sensitive ('a' and 'A' are different).\n\n"
        "rle_encode('aaabcc') == 'a3bc2'\nrle_encode('abc') == 'abc'",
        "rle_encode",
        [("aaabcc",), ("abc",), ("",), ("aaaaaaaaaaaa",), ("aAaa",), ("  ",), ("zzzyzzz",), ("x",),
         ("abba",), ("mississippi",)],
        [0, 1],
        _RLE,
    ),
    _row(
        "I have config values like '1h30m' or '45s' and need parse_duration(s) to turn them into a "
        "number of seconds. Parts are hours (h), minutes (m) and seconds (s), each a whole number with "
        "its letter, any of them can be left out but they always come in that order. Upper or lower "
        "case is fine, and spaces around or between the parts are ok. Anything else (empty string, "
        "unknown letters, parts out of order) returns None.\n\n"
        "parse_duration('1h30m') -> 5400\nparse_duration('45s') -> 45\nparse_duration('30m1h') -> None",
        "parse_duration",
        [("1h30m",), ("45s",), ("30m1h",), ("2h",), ("1h 5s",), ("90m",), ("",), ("5x",), ("1H15M",),
         ("0h0m0s",), ("h",), (" 10m ",)],
        [0, 1, 2],
        _DURATION,
    ),
    _row(
        "Write headline(s) to put a title in headline case. Words are separated by single spaces. "
        "Capitalize the first letter of every word and leave its other letters as they are, except "
        "the small words a, an, the, and, but, or, for, nor, of, in, on, at, to, by, which are all "
        "lowercase, unless they are the first or the last word. Empty string in, empty string out.\n\n"
        "Input: 'the lord of the rings'\nOutput: 'The Lord of the Rings'\n\n"
        "Input: 'what are you looking at'\nOutput: 'What Are You Looking At'",
        "headline",
        [("the lord of the rings",), ("what are you looking at",), ("a tale of two cities",),
         ("NASA and the moon",), ("",), ("of",), ("war AND peace",), ("to be or not to be",),
         ("mother-in-law for a day",), ("iPhone tips for beginners",)],
        [0, 1],
        _HEADLINE,
    ),
    _row(
        "For receipts I need mask_card(number): replace every digit of a card number with '*' except "
        "the last four digits, and leave spaces, dashes and any other characters exactly where they "
        "are. If there are four digits or fewer, nothing gets masked.\n\n"
        "Input: '4111 1111 1111 1234'\nOutput: '**** **** **** 1234'\n\n"
        "Input: '1234'\nOutput: '1234'",
        "mask_card",
        [("4111 1111 1111 1234",), ("1234",), ("5500-0000-0000-0004",), ("",), ("378282246310005",),
         ("12 34 56",), ("abc",), ("9",), (" 4000 0566 5566 5556 ",), ("12345",)],
        [0, 1],
        _MASK,
    ),
    _row(
        "implement merge_intervals(intervals). intervals is a list of [start, end] pairs in any order. "
        "Return the merged intervals as a list of [start, end] lists sorted by start; intervals that "
        "overlap or just touch (one ends where the next starts) become one.\n\n"
        "assert merge_intervals([[1, 3], [2, 6], [8, 10]]) == [[1, 6], [8, 10]]\n"
        "assert merge_intervals([[1, 3], [3, 5]]) == [[1, 5]]",
        "merge_intervals",
        [([[1, 3], [2, 6], [8, 10]],), ([[1, 3], [3, 5]],), ([],), ([[5, 7], [1, 2]],),
         ([[1, 10], [2, 3], [4, 5]],), ([[1, 2], [2, 3], [3, 4]],), ([[0, 0]],),
         ([[4, 5], [1, 4], [0, 0]],), ([[-3, -1], [-2, 2]],), ([[1, 2], [1, 2]],)],
        [0, 1],
        _MERGE,
    ),
    _row(
        "Please write the body of this function:\n\n"
        "```python\ndef roman_to_int(s):\n"
        '    """Convert a valid Roman numeral (upper or lower case, 1 to 3999) to an int.\n\n'
        "    >>> roman_to_int('XIV')\n    14\n"
        "    >>> roman_to_int('MCMXCIV')\n    1994\n"
        '    """\n```',
        "roman_to_int",
        [("XIV",), ("MCMXCIV",), ("iv",), ("MMXXVI",), ("I",), ("XL",), ("CDXLIV",), ("MMMCMXCIX",),
         ("xc",), ("LVIII",)],
        [0, 1],
        _ROMAN,
    ),
    _row(
        "I need next_business_day(date_str, holidays) for an invoicing tool. date_str is 'YYYY-MM-DD' "
        "and holidays is a list of dates in the same format. Return the first day AFTER date_str that "
        "is a Monday to Friday and not a holiday, as 'YYYY-MM-DD'.\n\n"
        "next_business_day('2026-03-04', []) == '2026-03-05'\n"
        "next_business_day('2026-03-06', []) == '2026-03-09'",
        "next_business_day",
        [("2026-03-04", []), ("2026-03-06", []), ("2026-03-06", ["2026-03-09"]),
         ("2026-12-24", ["2026-12-25"]), ("2026-12-31", ["2027-01-01"]), ("2027-01-02", []),
         ("2028-02-28", []), ("2026-04-02", ["2026-04-03", "2026-04-06"]),
         ("2026-11-25", ["2026-11-26", "2026-11-27"]), ("2026-03-05", ["2026-03-05"])],
        [0, 1],
        _BUSINESS,
    ),
    _row(
        "Write wrap_text(text, width) that word-wraps text into a list of lines, each at most width "
        "characters. Fill each line greedily with as many words as fit, one space between words. "
        "Any run of whitespace in the input (spaces, newlines) just separates words. A word longer than "
        "width goes on a line of its own, unbroken. Empty or blank text gives [].\n\n"
        "wrap_text('the quick brown fox', 10) -> ['the quick', 'brown fox']\n"
        "wrap_text('', 5) -> []",
        "wrap_text",
        [("the quick brown fox", 10), ("", 5), ("hello world", 11), ("hello world", 10),
         ("a b c d e", 3), ("supercalifragilistic is long", 8), ("   ", 4), ("one\ntwo  three", 9),
         ("the quick brown fox jumps over the lazy dog", 15), ("x", 1)],
        [0, 1],
        _WRAP,
    ),
    _row(
        "write most_common_word(text): the word that appears most often, in lowercase. Words are runs "
        "of letters, case-insensitive, and an apostrophe between letters stays part of the word "
        "(\"don't\" is one word). If several words tie, return the one that appears first in the text. "
        "No words at all -> None.\n\n"
        "assert most_common_word('the cat and the hat') == 'the'\n"
        "assert most_common_word('Dog dog CAT cat') == 'dog'",
        "most_common_word",
        [("the cat and the hat",), ("Dog dog CAT cat",), ("",), ("123 456",), ("It's what it's",),
         ("b a b a",), ("Hello, hello! HELLO?",), ("one two three",), ("x-ray x ray",),
         ("don't stop, don't STOP, do stop",)],
        [0, 1],
        _COMMON,
    ),
    _row(
        "Write compress_ranges(nums): take a list of non-negative whole numbers (any order, duplicates "
        "possible) and describe them as a compact string. Sort them, drop duplicates, write each run "
        "of two or more consecutive numbers as 'first-last' and a lone number as itself, joined with "
        "commas and no spaces. Empty list gives ''.\n\n"
        "Input: [1, 2, 3, 5, 7, 8]\nOutput: '1-3,5,7-8'\n\n"
        "Input: [4]\nOutput: '4'",
        "compress_ranges",
        [([1, 2, 3, 5, 7, 8],), ([4],), ([],), ([3, 1, 2],), ([1, 1, 2, 2],), ([10, 12, 14],), ([0, 1],),
         ([5, 4, 3, 2, 1, 9],), ([100, 101, 102, 200],), ([7, 7, 7],)],
        [0, 1],
        _RANGES,
    ),
    *MORE,
]
# fmt: on
