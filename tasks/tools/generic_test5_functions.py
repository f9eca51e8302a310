"""The generic task's `test5` function rows (see generic_test5, which writes them with the rest):
the first 11 here, then generic_test5_functions2's MORE (one module would pass 550 lines).
**Do not read these requests while tuning**: they are the blind test split of 2026-12-06."""

from __future__ import annotations

from selfrefine.tasks.tools.generic_rows import function as _f
from selfrefine.tasks.tools.generic_test5_functions2 import MORE, _code

# fmt: off
FUNCTIONS = [
    _f(
        "Can you write a Python function `parse_duration(s)` that turns strings like \"1h30m\" into a "
        "number of seconds? Units are h, m and s (any case), the chunks can have spaces between them, "
        "and whitespace around the whole thing is fine. Anything that isn't a valid duration, including "
        "an empty string, should give None.\n\n```python\n>>> parse_duration('1h30m')\n5400\n"
        ">>> parse_duration('45s')\n45\n>>> parse_duration('2h 5s')\n7205\n```",
        "parse_duration",
        [(["1h30m"], 5400), (["45s"], 45), (["2h 5s"], 7205), (["90m"], 5400), (["1H15M"], 4500),
         (["0s"], 0), ([""], None), (["10x"], None), (["3h"], 10800), (["1h 1m 1s"], 3661),
         (["  20m  "], 1200), (["h30"], None)],
        [0, 1, 2],
        _code("""
            import re


            def parse_duration(s):
                t = s.strip().lower()
                if not t or not re.fullmatch(r"(\\d+[hms]\\s*)+", t):
                    return None
                unit = {"h": 3600, "m": 60, "s": 1}
                return sum(int(n) * unit[u] for n, u in re.findall(r"(\\d+)([hms])", t))
        """),
    ),
    _f(
        "write rle_decode(s) for run-length encoded strings: a count (one or more digits) followed by a "
        "character means that character repeated count times, a character with no count in front of it "
        "appears once, and a count of 0 drops the character. Any character that isn't a digit can be "
        "encoded, spaces included. e.g.\n\nrle_decode('3a2b1c') == 'aaabbc'\n"
        "rle_decode('12x') == 'xxxxxxxxxxxx'\nrle_decode('a3b') == 'abbb'",
        "rle_decode",
        [(["3a2b1c"], "aaabbc"), (["12x"], "xxxxxxxxxxxx"), (["a3b"], "abbb"), ([""], ""),
         (["abc"], "abc"), (["2 3!"], "  !!!"), (["10a1b"], "aaaaaaaaaab"), (["0z5y"], "yyyyy"),
         (["1a1a1a"], "aaa"), (["2ab2c"], "aabcc")],
        [0, 1, 2],
        _code("""
            def rle_decode(s):
                out, count = [], ""
                for ch in s:
                    if ch.isdigit():
                        count += ch
                    else:
                        out.append(ch * (int(count) if count else 1))
                        count = ""
                return "".join(out)
        """),
    ),
    _f(
        "Write compress_ranges(nums) for the page-range box of a print dialog. It takes a list of "
        "non-negative ints (any order, duplicates possible) and returns a comma-separated string in "
        "ascending order where runs of three or more consecutive numbers are written as start-end and "
        "everything else is listed on its own. No spaces.\n\n"
        "compress_ranges([1, 2, 3, 5, 7, 8]) -> '1-3,5,7,8'\n"
        "compress_ranges([10, 4, 5, 6, 11, 12]) -> '4-6,10-12'",
        "compress_ranges",
        [([[1, 2, 3, 5, 7, 8]], "1-3,5,7,8"), ([[10, 4, 5, 6, 11, 12]], "4-6,10-12"), ([[]], ""),
         ([[7]], "7"), ([[3, 3, 2, 1]], "1-3"), ([[1, 2]], "1,2"), ([[0, 1, 2, 3, 4, 100]], "0-4,100"),
         ([[5, 9, 13]], "5,9,13"), ([[2, 3, 4, 4, 5, 9, 10]], "2-5,9,10"),
         ([[1, 3, 4, 5, 6, 8]], "1,3-6,8")],
        [0, 1],
        _code("""
            def compress_ranges(nums):
                vals = sorted(set(nums))
                parts, i = [], 0
                while i < len(vals):
                    j = i
                    while j + 1 < len(vals) and vals[j + 1] == vals[j] + 1:
                        j += 1
                    if j - i >= 2:
                        parts.append(f"{vals[i]}-{vals[j]}")
                    else:
                        parts.extend(str(v) for v in vals[i : j + 1])
                    i = j + 1
                return ",".join(parts)
        """),
    ),
    _f(
        "Need a function time_to_minutes(s) that converts a 12-hour clock time to minutes after "
        "midnight. Times look like '11:05pm', '7:45 PM' or '9 am': am/pm in any case, the space before "
        "it optional, the minutes optional. 12 AM is midnight and 12 PM is noon.\n\n"
        "Input: '7:45 PM'\nOutput: 1185\n\nInput: '12:00 AM'\nOutput: 0\n\nInput: '9 am'\nOutput: 540",
        "time_to_minutes",
        [(["7:45 PM"], 1185), (["12:00 AM"], 0), (["9 am"], 540), (["12:30 PM"], 750), (["12:05 am"], 5),
         (["1:00 PM"], 780), (["11:59 PM"], 1439), (["6:07am"], 367), (["10 PM"], 1320),
         (["12 pm"], 720)],
        [0, 1, 2],
        _code("""
            import re


            def time_to_minutes(s):
                m = re.fullmatch(r"\\s*(\\d{1,2})(?::(\\d{2}))?\\s*([ap])\\.?m\\.?\\s*", s, re.I)
                hour, minute = int(m.group(1)) % 12, int(m.group(2) or 0)
                if m.group(3).lower() == "p":
                    hour += 12
                return hour * 60 + minute
        """),
    ),
    _f(
        "Write top_words(text, n) that returns the n most common words in text as [word, count] pairs, "
        "most common first, ties broken alphabetically. Words are compared in lowercase, and a word is "
        "a run of letters a-z, possibly with apostrophes inside it like don't (so digits and any other "
        "punctuation separate words).\n\n"
        "assert top_words('the cat and the hat', 1) == [['the', 2]]\n"
        "assert top_words('b a b a c', 2) == [['a', 2], ['b', 2]]",
        "top_words",
        [(["the cat and the hat", 1], [["the", 2]]), (["b a b a c", 2], [["a", 2], ["b", 2]]),
         (["", 3], []), (["Dog dog DOG cat", 2], [["dog", 3], ["cat", 1]]),
         (["don't stop, don't!", 1], [["don't", 2]]),
         (["one two three", 5], [["one", 1], ["three", 1], ["two", 1]]),
         (["x-ray x ray", 2], [["ray", 2], ["x", 2]]),
         (["Hello, hello? HELLO... world 42 world", 2], [["hello", 3], ["world", 2]]),
         (["a b c", 0], []), (["it's its it's", 2], [["it's", 2], ["its", 1]])],
        [0, 1],
        _code("""
            import re
            from collections import Counter


            def top_words(text, n):
                counts = Counter(re.findall(r"[a-z]+(?:'[a-z]+)*", text.lower()))
                ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
                return [[w, c] for w, c in ranked[:n]]
        """),
    ),
    _f(
        "I log the days I practice guitar as 'YYYY-MM-DD' strings. Write a Python function "
        "longest_streak(dates) that returns the length of my longest run of consecutive calendar days. "
        "The list isn't sorted and can contain the same day twice; an empty list means 0.",
        "longest_streak",
        [([[]], 0), ([["2026-03-01"]], 1), ([["2026-03-01", "2026-03-02", "2026-03-04"]], 2),
         ([["2026-03-03", "2026-03-01", "2026-03-02"]], 3),
         ([["2026-02-27", "2026-02-28", "2026-03-01"]], 3), ([["2028-02-28", "2028-03-01"]], 1),
         ([["2026-12-31", "2027-01-01", "2027-01-01"]], 2),
         ([["2026-05-10", "2026-05-12", "2026-05-14"]], 1),
         ([["2026-01-05", "2026-01-06", "2026-01-07", "2026-01-20", "2026-01-21", "2026-01-22",
            "2026-01-23"]], 4)],
        [],
        _code("""
            from datetime import date


            def longest_streak(dates):
                days = sorted({date.fromisoformat(d).toordinal() for d in dates})
                best = run = 0
                for i, d in enumerate(days):
                    run = run + 1 if i and d == days[i - 1] + 1 else 1
                    best = max(best, run)
                return best
        """),
    ),
    _f(
        "I need a helper for a file browser: `format_bytes(n)` takes a size in bytes (a non-negative "
        "int) and returns a human-readable string. Under 1024 it's just the number and ' B'. Otherwise "
        "keep dividing by 1024 while the value is at least 1024 and use KB, MB, GB or TB (TB is the "
        "largest unit, even for huge sizes), always with one decimal place.\n\n"
        "```\n>>> format_bytes(512)\n'512 B'\n>>> format_bytes(1536)\n'1.5 KB'\n"
        ">>> format_bytes(1048576)\n'1.0 MB'\n```",
        "format_bytes",
        [([512], "512 B"), ([1536], "1.5 KB"), ([1048576], "1.0 MB"), ([0], "0 B"), ([1023], "1023 B"),
         ([1024], "1.0 KB"), ([5368709120], "5.0 GB"), ([1099511627776], "1.0 TB"),
         ([1125899906842624], "1024.0 TB"), ([1500000], "1.4 MB"), ([10239], "10.0 KB")],
        [0, 1, 2],
        _code("""
            def format_bytes(n):
                if n < 1024:
                    return f"{n} B"
                value = float(n)
                for unit in ("KB", "MB", "GB", "TB"):
                    value /= 1024
                    if value < 1024 or unit == "TB":
                        return f"{value:.1f} {unit}"
        """),
    ),
    _f(
        "For printed receipts I need mask_card(s): replace every digit of a card number with * except "
        "the last four digits, and leave spaces, dashes and any other characters exactly where they "
        "are. If there are four digits or fewer, return it unchanged.\n\n"
        "mask_card('4111 1111 1111 1234') == '**** **** **** 1234'\n"
        "mask_card('5500-0000-0000-0004') == '****-****-****-0004'",
        "mask_card",
        [(["4111 1111 1111 1234"], "**** **** **** 1234"), (["5500-0000-0000-0004"], "****-****-****-0004"),
         (["1234"], "1234"), (["378282246310005"], "***********0005"), ([""], ""),
         (["12 34 56"], "** 34 56"), (["4111 1111 1111 1234 "], "**** **** **** 1234 "), (["98"], "98"),
         (["card: 6011000990139424"], "card: ************9424"), (["12345"], "*2345")],
        [0, 1],
        _code("""
            def mask_card(s):
                total = sum(ch.isdigit() for ch in s)
                out, seen = [], 0
                for ch in s:
                    if ch.isdigit():
                        seen += 1
                        out.append("*" if seen <= total - 4 else ch)
                    else:
                        out.append(ch)
                return "".join(out)
        """),
    ),
    _f(
        "two meetings, each given as a start and an end time in 24h 'HH:MM' on the same day. write "
        "overlap_minutes(a_start, a_end, b_start, b_end) that returns how many minutes they overlap (0 "
        "if they don't; one ending exactly when the other starts is 0 too)\n\n"
        "overlap_minutes('09:00', '10:30', '10:00', '11:00') -> 30\n"
        "overlap_minutes('13:00', '14:00', '14:00', '15:00') -> 0",
        "overlap_minutes",
        [(["09:00", "10:30", "10:00", "11:00"], 30), (["13:00", "14:00", "14:00", "15:00"], 0),
         (["08:00", "17:00", "12:00", "13:00"], 60), (["12:00", "13:00", "08:00", "17:00"], 60),
         (["09:15", "09:45", "09:00", "10:00"], 30), (["10:00", "11:00", "08:00", "09:00"], 0),
         (["00:00", "23:59", "23:00", "23:59"], 59), (["07:05", "08:55", "08:50", "09:10"], 5),
         (["10:00", "10:00", "09:00", "11:00"], 0), (["14:30", "16:00", "14:30", "16:00"], 90)],
        [0, 1],
        _code("""
            def overlap_minutes(a_start, a_end, b_start, b_end):
                def mins(t):
                    h, m = t.split(":")
                    return int(h) * 60 + int(m)

                start = max(mins(a_start), mins(b_start))
                end = min(mins(a_end), mins(b_end))
                return max(0, end - start)
        """),
    ),
    _f(
        "Write group_by_initial(names) for a contacts screen: group the names by their first letter "
        "(uppercased) into a dict of letter -> list of names, each list sorted case-insensitively. "
        "Strip whitespace around each name and skip names that are empty after that.\n\n"
        "Input: ['bob', 'Alice', 'anna', 'Carl']\n"
        "Output: {'A': ['Alice', 'anna'], 'B': ['bob'], 'C': ['Carl']}\n\nInput: []\nOutput: {}",
        "group_by_initial",
        [([["bob", "Alice", "anna", "Carl"]], {"A": ["Alice", "anna"], "B": ["bob"], "C": ["Carl"]}),
         ([[]], {}), ([["zoe"]], {"Z": ["zoe"]}),
         ([["Ben", "bea", "Bo", "al"]], {"A": ["al"], "B": ["bea", "Ben", "Bo"]}),
         ([["  Maya ", "", "mark"]], {"M": ["mark", "Maya"]}),
         ([["d", "c", "b", "a"]], {"A": ["a"], "B": ["b"], "C": ["c"], "D": ["d"]}),
         ([["Xavier", "xena", "Yusuf"]], {"X": ["Xavier", "xena"], "Y": ["Yusuf"]}), ([["   "]], {}),
         ([["Li", "Lu", "la", "LE"]], {"L": ["la", "LE", "Li", "Lu"]}),
         ([["oz", "Olu", "o"]], {"O": ["o", "Olu", "oz"]})],
        [0, 1],
        _code("""
            def group_by_initial(names):
                groups = {}
                for name in names:
                    name = name.strip()
                    if name:
                        groups.setdefault(name[0].upper(), []).append(name)
                return {k: sorted(v, key=str.lower) for k, v in groups.items()}
        """),
    ),
    _f(
        "Splitting a restaurant bill: write split_bill(total, people) that splits total (in dollars, a "
        "float) into `people` shares of whole cents that add up exactly to the total and are as equal "
        "as possible. When it doesn't divide evenly, the first people in the list pay the extra cent. "
        "Return the shares as floats in dollars.\n\n"
        "assert split_bill(10.0, 3) == [3.34, 3.33, 3.33]\n"
        "assert split_bill(100.0, 4) == [25.0, 25.0, 25.0, 25.0]",
        "split_bill",
        [([10.0, 3], [3.34, 3.33, 3.33]), ([100.0, 4], [25.0, 25.0, 25.0, 25.0]), ([0.05, 2], [0.03, 0.02]),
         ([7.0, 1], [7.0]), ([0.0, 3], [0.0, 0.0, 0.0]), ([19.99, 4], [5.0, 5.0, 5.0, 4.99]),
         ([0.01, 3], [0.01, 0.0, 0.0]), ([123.45, 6], [20.58, 20.58, 20.58, 20.57, 20.57, 20.57]),
         ([50.1, 5], [10.02, 10.02, 10.02, 10.02, 10.02]), ([33.33, 2], [16.67, 16.66])],
        [0, 1],
        _code("""
            def split_bill(total, people):
                base, extra = divmod(round(total * 100), people)
                return [(base + (1 if i < extra else 0)) / 100 for i in range(people)]
        """),
    ),
] + MORE
# fmt: on
