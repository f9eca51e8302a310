"""The second half of the generic task's `test6` function rows (generic_test6_functions holds the
first; generic_test6 writes them with the rest). **Do not read these requests while tuning**: they
are the blind test split of 2026-12-06."""

from __future__ import annotations

from textwrap import dedent

from selfrefine.tasks.tools.generic_rows import function as _f


def _code(text: str) -> str:
    """A reference implementation written indented in this file, as its own module's text."""
    return dedent(text).lstrip("\n")


_STRIKES = [10] * 12
_SPARES = [5] * 21

# fmt: off
MORE = [
    _f(
        "Write spiral_order(matrix) that returns the elements of a rectangular matrix (a list of rows, "
        "all the same length) in clockwise spiral order, starting at the top-left corner and going "
        "right first. An empty matrix gives an empty list.\n\n```python\ndef spiral_order(matrix):\n"
        "    \"\"\"\n    >>> spiral_order([[1, 2, 3], [4, 5, 6], [7, 8, 9]])\n"
        "    [1, 2, 3, 6, 9, 8, 7, 4, 5]\n    >>> spiral_order([[1, 2], [3, 4]])\n    [1, 2, 4, 3]\n"
        "    \"\"\"\n```",
        "spiral_order",
        [([[[1, 2, 3], [4, 5, 6], [7, 8, 9]]], [1, 2, 3, 6, 9, 8, 7, 4, 5]),
         ([[[1, 2], [3, 4]]], [1, 2, 4, 3]), ([[]], []), ([[[5]]], [5]), ([[[1, 2, 3, 4]]], [1, 2, 3, 4]),
         ([[[1], [2], [3]]], [1, 2, 3]), ([[[1, 2, 3], [4, 5, 6]]], [1, 2, 3, 6, 5, 4]),
         ([[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]], [1, 2, 3, 4, 8, 12, 11, 10, 9, 5, 6, 7]),
         ([[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]],
          [1, 2, 3, 4, 8, 12, 16, 15, 14, 13, 9, 5, 6, 7, 11, 10]),
         ([[[1, 2], [3, 4], [5, 6]]], [1, 2, 4, 6, 5, 3])],
        [0, 1],
        _code("""
            def spiral_order(matrix):
                out = []
                rows = [list(r) for r in matrix]
                while rows and rows[0]:
                    out += rows.pop(0)
                    rows = [list(r) for r in zip(*rows)][::-1]
                return out
        """),
    ),
    _f(
        "Write dense_rank(scores) for a game leaderboard: given a list of scores, return each player's "
        "rank, in the same order as the scores. The highest score is rank 1, equal scores share a rank, "
        "and the next lower score gets the next rank with no gaps.\n\n"
        "dense_rank([100, 90, 90, 80]) == [1, 2, 2, 3]\ndense_rank([50, 70, 60]) == [3, 1, 2]",
        "dense_rank",
        [([[100, 90, 90, 80]], [1, 2, 2, 3]), ([[50, 70, 60]], [3, 1, 2]), ([[]], []), ([[5]], [1]),
         ([[7, 7, 7]], [1, 1, 1]), ([[1, 2, 3, 4]], [4, 3, 2, 1]), ([[3.5, 2, 3.5, 10]], [2, 3, 2, 1]),
         ([[-1, 0, -1]], [2, 1, 2]), ([[80, 90, 80, 70, 90]], [2, 1, 2, 3, 1]), ([[0, 0, 1]], [2, 2, 1])],
        [0, 1],
        _code("""
            def dense_rank(scores):
                order = {s: i for i, s in enumerate(sorted(set(scores), reverse=True), 1)}
                return [order[s] for s in scores]
        """),
    ),
    _f(
        "write time_ago(seconds) for a feed that shows how long ago something was posted. seconds is a "
        "non-negative int. Anything under a minute is 'just now'; otherwise use the biggest unit that "
        "fits out of minutes, hours, days (for under 7 days) and weeks, rounded down, like '5 minutes "
        "ago' or '2 weeks ago', and singular when the number is 1 ('1 hour ago').\n\n"
        "time_ago(30) -> 'just now'\ntime_ago(150) -> '2 minutes ago'\ntime_ago(86400) -> '1 day ago'",
        "time_ago",
        [([30], "just now"), ([150], "2 minutes ago"), ([86400], "1 day ago"), ([0], "just now"),
         ([59], "just now"), ([60], "1 minute ago"), ([3599], "59 minutes ago"), ([3600], "1 hour ago"),
         ([86399], "23 hours ago"), ([604799], "6 days ago"), ([604800], "1 week ago"),
         ([2000000], "3 weeks ago")],
        [0, 1, 2],
        _code("""
            def time_ago(seconds):
                if seconds < 60:
                    return "just now"
                units = [("minute", 60, 3600), ("hour", 3600, 86400), ("day", 86400, 604800)]
                for unit, size, below in units + [("week", 604800, None)]:
                    if below is None or seconds < below:
                        n = seconds // size
                        return f"{n} {unit}{'' if n == 1 else 's'} ago"
        """),
    ),
    _f(
        "Write extract_hashtags(text) that pulls the hashtags out of a social media post. A hashtag is a "
        "# followed by letters, digits or underscores, and the first character after the # has to be a "
        "letter. A # that comes right after a letter or digit (as in C# or abc#def) doesn't start a "
        "hashtag. Return them lowercased, without the #, each one once, in the order they first "
        "appear.\n\nInput: 'Loving the #sunset at #Malibu #sunset'\nOutput: ['sunset', 'malibu']\n\n"
        "Input: 'no tags here'\nOutput: []",
        "extract_hashtags",
        [(["Loving the #sunset at #Malibu #sunset"], ["sunset", "malibu"]), (["no tags here"], []),
         (["#1 fan of #Tacos"], ["tacos"]), (["C# and F# are languages #coding"], ["coding"]),
         (["#ok_go! #Ok_Go"], ["ok_go"]), (["#a1b2 and #_x"], ["a1b2"]), (["end.#tag"], ["tag"]),
         ([""], []), (["#Summer2026 vibes #summer2026 #beach"], ["summer2026", "beach"]),
         (["price#1 #deal"], ["deal"])],
        [0, 1],
        _code("""
            import re


            def extract_hashtags(text):
                out = []
                for tag in re.findall(r"(?<![A-Za-z0-9])#([A-Za-z][A-Za-z0-9_]*)", text):
                    if tag.lower() not in out:
                        out.append(tag.lower())
                return out
        """),
    ),
    _f(
        "Write password_problems(password) for a signup form. It returns a list of the rules the "
        "password breaks, using these names in this order: 'length' if it's shorter than 8 characters, "
        "'upper' if it has no uppercase letter, 'lower' if it has no lowercase letter, 'digit' if it has "
        "no digit, and 'space' if it contains any whitespace. A password that breaks none of them gives "
        "an empty list.\n\n"
        "assert password_problems('Sunshine42') == []\n"
        "assert password_problems('abc') == ['length', 'upper', 'digit']",
        "password_problems",
        [(["Sunshine42"], []), (["abc"], ["length", "upper", "digit"]),
         ([""], ["length", "upper", "lower", "digit"]), (["ALLCAPS123"], ["lower"]),
         (["lowercase1"], ["upper"]), (["NoDigitsHere"], ["digit"]), (["Has Space 9"], ["space"]),
         (["Ab1"], ["length"]), (["Tab\tTab12"], ["space"]), (["12345678"], ["upper", "lower"]),
         (["passw0rd!"], ["upper"])],
        [0, 1],
        _code("""
            def password_problems(password):
                rules = [
                    ("length", len(password) >= 8),
                    ("upper", any(ch.isupper() for ch in password)),
                    ("lower", any(ch.islower() for ch in password)),
                    ("digit", any(ch.isdigit() for ch in password)),
                    ("space", not any(ch.isspace() for ch in password)),
                ]
                return [name for name, ok in rules if not ok]
        """),
    ),
    _f(
        "Write a function scrabble_score(word) that returns the Scrabble score of a word with the "
        "standard English tile values (A, E, I, O, U, L, N, S, T and R are 1; D and G are 2; B, C, M "
        "and P are 3; F, H, V, W and Y are 4; K is 5; J and X are 8; Q and Z are 10). Letters count in "
        "either case, and anything that isn't a letter from A to Z (spaces, hyphens, apostrophes, "
        "accented letters) adds nothing.",
        "scrabble_score",
        [(["cabbage"], 14), ([""], 0), (["Quiz"], 22), (["hello world"], 17), (["JAZZ"], 29),
         (["x-ray"], 14), (["don't"], 5), (["café"], 8), (["Oxyphenbutazone"], 41)],
        [],
        _code("""
            VALUES = {}
            for letters, value in (
                ("AEIOULNSTR", 1), ("DG", 2), ("BCMP", 3), ("FHVWY", 4), ("K", 5), ("JX", 8), ("QZ", 10)
            ):
                for ch in letters:
                    VALUES[ch] = value


            def scrabble_score(word):
                return sum(VALUES.get(ch, 0) for ch in word.upper())
        """),
    ),
    _f(
        "Write column_label(n) that gives the spreadsheet column name for a 1-based column number, the "
        "way Excel names columns (one letter up to Z, then two letters starting from AA, and so on).\n\n"
        "```python\ndef column_label(n):\n    \"\"\"\n    >>> column_label(1)\n    'A'\n"
        "    >>> column_label(28)\n    'AB'\n    >>> column_label(703)\n    'AAA'\n    \"\"\"\n```",
        "column_label",
        [([1], "A"), ([28], "AB"), ([703], "AAA"), ([26], "Z"), ([27], "AA"), ([52], "AZ"), ([53], "BA"),
         ([702], "ZZ"), ([16384], "XFD"), ([2], "B"), ([78], "BZ")],
        [0, 1, 2],
        _code("""
            def column_label(n):
                out = ""
                while n > 0:
                    n, rem = divmod(n - 1, 26)
                    out = chr(ord("A") + rem) + out
                return out
        """),
    ),
    _f(
        "I need longest_common_prefix(words): the longest string that every word in the list starts "
        "with. Case matters. An empty list, or words with nothing in common at the start, give ''.\n\n"
        "longest_common_prefix(['flower', 'flow', 'flight']) == 'fl'\n"
        "longest_common_prefix(['dog', 'racecar', 'car']) == ''",
        "longest_common_prefix",
        [([["flower", "flow", "flight"]], "fl"), ([["dog", "racecar", "car"]], ""), ([[]], ""),
         ([["alone"]], "alone"), ([["interview", "internet", "interval"]], "inter"),
         ([["same", "same"]], "same"), ([["Apple", "apple"]], ""), ([["", "abc"]], ""),
         ([["prefix", "pre"]], "pre"), ([["ab", "abc", "abcd"]], "ab")],
        [0, 1],
        _code("""
            import os


            def longest_common_prefix(words):
                return os.path.commonprefix(list(words)) if words else ""
        """),
    ),
    _f(
        "Write clock_angle(hour, minute) that returns the smaller angle, in degrees, between the hour "
        "and minute hands of an analog clock, as a float. The hour might be on a 24-hour clock (15 "
        "means 3), and the hour hand moves smoothly as the minutes go by.\n\n"
        "clock_angle(3, 0) -> 90.0\nclock_angle(12, 30) -> 165.0",
        "clock_angle",
        [([3, 0], 90.0), ([12, 30], 165.0), ([9, 45], 22.5), ([6, 0], 180.0), ([12, 0], 0.0),
         ([0, 0], 0.0), ([1, 5], 2.5), ([11, 59], 5.5), ([15, 15], 7.5), ([4, 20], 10.0)],
        [0, 1],
        _code("""
            def clock_angle(hour, minute):
                hour_hand = (hour % 12) * 30 + minute * 0.5
                minute_hand = minute * 6
                diff = abs(hour_hand - minute_hand) % 360
                return float(min(diff, 360 - diff))
        """),
    ),
    _f(
        "Write bowling_score(rolls) that scores one complete game of ten-pin bowling. rolls is the list "
        "of pins knocked down by each ball in order, including the extra balls in the tenth frame. A "
        "strike scores 10 plus the next two balls, a spare scores 10 plus the next ball, and the extra "
        f"balls of the tenth frame only count as those bonuses.\n\nInput: {_STRIKES!r}\nOutput: 300\n\n"
        f"Input: {_SPARES!r}\nOutput: 150",
        "bowling_score",
        [([_STRIKES], 300), ([_SPARES], 150), ([[0] * 20], 0), ([[1] * 20], 20),
         ([[10, 3, 4] + [0] * 16], 24), ([[9, 1, 5, 2] + [0] * 16], 22), ([[0] * 18 + [10, 10, 10]], 30),
         ([[0] * 18 + [7, 3, 5]], 15), ([[10, 10, 10] + [0] * 14], 60), ([[9, 0] * 10], 90)],
        [0, 1],
        _code("""
            def bowling_score(rolls):
                total, i = 0, 0
                for _ in range(10):
                    if rolls[i] == 10:
                        total += 10 + rolls[i + 1] + rolls[i + 2]
                        i += 1
                    elif rolls[i] + rolls[i + 1] == 10:
                        total += 10 + rolls[i + 2]
                        i += 2
                    else:
                        total += rolls[i] + rolls[i + 1]
                        i += 2
                return total
        """),
    ),
    _f(
        "Write a function scale_quantity(qty, factor) for scaling recipes. qty is a string holding a "
        "whole number like '2', a fraction like '3/4' or a mixed number like '1 1/2', and factor is an "
        "int or a float. Return the scaled amount as a string written the same way and reduced to "
        "lowest terms: a whole number ('3'), a proper fraction ('1/4'), or a whole number, a space and "
        "a proper fraction ('2 1/4'). Zero comes back as '0'.",
        "scale_quantity",
        [(["1 1/2", 2], "3"), (["3/4", 2], "1 1/2"), (["2", 0.5], "1"), (["2 2/3", 1.5], "4"),
         (["1/2", 0.5], "1/4"), (["3/8", 4], "1 1/2"), (["1 1/4", 3], "3 3/4"), (["2/3", 0], "0"),
         (["6/4", 1], "1 1/2")],
        [],
        _code("""
            from fractions import Fraction


            def scale_quantity(qty, factor):
                amount = sum(Fraction(part) for part in qty.split()) * Fraction(factor)
                whole, rest = divmod(amount, 1)
                if rest == 0:
                    return str(whole)
                if whole == 0:
                    return f"{rest.numerator}/{rest.denominator}"
                return f"{whole} {rest.numerator}/{rest.denominator}"
        """),
    ),
]
# fmt: on
