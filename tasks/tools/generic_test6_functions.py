"""The generic task's `test6` function rows (see generic_test6, which writes them with the rest):
the first 11 here, then generic_test6_functions2's MORE (one module would pass 550 lines).
**Do not read these requests while tuning**: they are the blind test split of 2026-12-06."""

from __future__ import annotations

from selfrefine.tasks.tools.generic_rows import function as _f
from selfrefine.tasks.tools.generic_test6_functions2 import MORE, _code

# fmt: off
FUNCTIONS = [
    _f(
        "I need a Python function `luhn_valid(number)` that checks a card number with the Luhn "
        "checksum. The input is a string. Spaces and dashes can appear anywhere and should just be "
        "ignored, but any other character that isn't a digit makes it invalid, and so does having "
        "fewer than 2 digits. Return True or False.\n\n```python\ndef luhn_valid(number):\n"
        "    \"\"\"\n    >>> luhn_valid('79927398713')\n    True\n"
        "    >>> luhn_valid('79927398710')\n    False\n"
        "    >>> luhn_valid('4111-1111-1111-1111')\n    True\n    \"\"\"\n```",
        "luhn_valid",
        [(["79927398713"], True), (["79927398710"], False), (["4111-1111-1111-1111"], True),
         (["4111 1111 1111 1112"], False), (["4539 1488 0343 6467"], True), (["0"], False), ([""], False),
         (["12a4"], False), (["059"], True), (["00"], True), ([" 4242424242424242 "], True)],
        [0, 1, 2],
        _code("""
            def luhn_valid(number):
                digits = []
                for ch in number:
                    if ch in "0123456789":
                        digits.append(int(ch))
                    elif ch not in " -":
                        return False
                if len(digits) < 2:
                    return False
                total = 0
                for i, d in enumerate(reversed(digits)):
                    if i % 2 == 1:
                        d = d * 2 - 9 if d * 2 > 9 else d * 2
                    total += d
                return total % 10 == 0
        """),
    ),
    _f(
        "write truncate_words(text, limit) for the preview snippets in our app. Words are separated by "
        "any whitespace. If the text has more than limit words, return the first limit words joined by "
        "single spaces with '...' stuck on the end (no space before it); otherwise return all the words "
        "joined by single spaces. A limit of 0 on text that has words gives just '...'.\n\n"
        "truncate_words('the quick brown fox jumps', 3) == 'the quick brown...'\n"
        "truncate_words('hello   world', 5) == 'hello world'",
        "truncate_words",
        [(["the quick brown fox jumps", 3], "the quick brown..."), (["hello   world", 5], "hello world"),
         (["", 3], ""), (["one two three", 3], "one two three"), (["one two three four", 0], "..."),
         (["  leading and trailing  ", 2], "leading and..."),
         (["line\nbreaks\tand tabs", 10], "line breaks and tabs"), (["a b c d e f", 1], "a..."),
         (["Wait, what? Really.", 2], "Wait, what?..."), (["", 0], "")],
        [0, 1],
        _code("""
            def truncate_words(text, limit):
                found = text.split()
                if len(found) > limit:
                    return " ".join(found[:limit]) + "..."
                return " ".join(found)
        """),
    ),
    _f(
        "Write letter_grade(score) that turns a percentage (a number from 0 to 100, maybe a float) into "
        "a letter grade. 90 and up is A, 80 up to 90 is B, the 70s are C, the 60s are D and below 60 is "
        "F. Inside the B, C and D bands the bottom 3 points get a minus (80 up to 83 is B-) and the top 3 "
        "points get a plus (87 up to 90 is B+). A only gets the minus (90 up to 93 is A-, there's no A+), "
        "and F never gets either.\n\n"
        "letter_grade(95) -> 'A'\nletter_grade(88) -> 'B+'\nletter_grade(80) -> 'B-'",
        "letter_grade",
        [([95], "A"), ([88], "B+"), ([80], "B-"), ([91.5], "A-"), ([85], "B"), ([79.99], "C+"),
         ([72], "C-"), ([65], "D"), ([59.9], "F"), ([100], "A"), ([0], "F"), ([67], "D+")],
        [0, 1, 2],
        _code("""
            def letter_grade(score):
                if score < 60:
                    return "F"
                if score >= 90:
                    return "A-" if score < 93 else "A"
                band = int(score // 10) * 10
                letter = {80: "B", 70: "C", 60: "D"}[band]
                if score < band + 3:
                    return letter + "-"
                if score >= band + 7:
                    return letter + "+"
                return letter
        """),
    ),
    _f(
        "I need valid_ipv4(s): return True if the string is a valid dotted IPv4 address and False "
        "otherwise. That means exactly four parts separated by dots, each part only digits with a "
        "value from 0 to 255, and no leading zeros (a lone 0 is fine, 01 is not). No spaces allowed "
        "anywhere.\n\nInput: '192.168.1.1'\nOutput: True\n\nInput: '256.1.1.1'\nOutput: False\n\n"
        "Input: '01.2.3.4'\nOutput: False",
        "valid_ipv4",
        [(["192.168.1.1"], True), (["256.1.1.1"], False), (["01.2.3.4"], False), (["0.0.0.0"], True),
         (["255.255.255.255"], True), (["1.2.3"], False), (["1.2.3.4.5"], False), (["a.b.c.d"], False),
         ([""], False), (["1..2.3"], False), ([" 1.2.3.4"], False), (["10.0.0.-1"], False)],
        [0, 1, 2],
        _code("""
            import re


            def valid_ipv4(s):
                parts = s.split(".")
                if len(parts) != 4:
                    return False
                for part in parts:
                    if not re.fullmatch(r"[0-9]+", part) or int(part) > 255:
                        return False
                    if len(part) > 1 and part[0] == "0":
                        return False
                return True
        """),
    ),
    _f(
        "Can you write moving_average(nums, k)? It should return the average of every run of k "
        "consecutive numbers in the list, in order, each rounded to 2 decimal places. If k is 0 or "
        "negative, or bigger than the list, return an empty list.\n\n```python\n"
        "assert moving_average([1, 2, 3, 4, 5], 3) == [2.0, 3.0, 4.0]\n"
        "assert moving_average([10, 20], 1) == [10.0, 20.0]\n```",
        "moving_average",
        [([[1, 2, 3, 4, 5], 3], [2.0, 3.0, 4.0]), ([[10, 20], 1], [10.0, 20.0]), ([[1, 2], 3], []),
         ([[], 1], []), ([[1, 2, 3], 0], []), ([[1, 2, 4], 2], [1.5, 3.0]), ([[1, 1, 2], 3], [1.33]),
         ([[5, 5, 5, 5], 4], [5.0]), ([[2.5, 3.5, -1], 2], [3.0, 1.25]), ([[1, 2, 3], -2], []),
         ([[0.1, 0.2, 0.3], 2], [0.15, 0.25])],
        [0, 1],
        _code("""
            def moving_average(nums, k):
                if k <= 0 or k > len(nums):
                    return []
                return [round(sum(nums[i : i + k]) / k, 2) for i in range(len(nums) - k + 1)]
        """),
    ),
    _f(
        "Write a Python function business_days(start, end) that counts the weekdays (Monday to Friday) "
        "between two dates given as 'YYYY-MM-DD' strings, counting both the start date and the end date "
        "themselves. Don't worry about public holidays. If the end date is before the start date, "
        "return 0.",
        "business_days",
        [(["2026-12-07", "2026-12-11"], 5), (["2026-12-05", "2026-12-06"], 0),
         (["2026-12-04", "2026-12-07"], 2), (["2026-12-07", "2026-12-07"], 1),
         (["2026-12-06", "2026-12-06"], 0), (["2026-12-11", "2026-12-07"], 0),
         (["2026-01-01", "2026-01-31"], 22), (["2024-02-26", "2024-03-04"], 6),
         (["2026-12-01", "2027-01-01"], 24)],
        [],
        _code("""
            from datetime import date, timedelta


            def business_days(start, end):
                day, last = date.fromisoformat(start), date.fromisoformat(end)
                count = 0
                while day <= last:
                    count += day.weekday() < 5
                    day += timedelta(days=1)
                return count
        """),
    ),
    _f(
        "Write hex_to_rgb(color) for a little color picker I'm building. It takes a hex color string "
        "and returns an (r, g, b) tuple of ints. It should accept the '#RRGGBB' form and the short "
        "'#RGB' form (each digit doubled, so '#f80' means '#ff8800'), with or without the '#', in any "
        "letter case, ignoring whitespace around it. Anything else gives None.\n\n```python\n"
        "def hex_to_rgb(color):\n    \"\"\"\n    >>> hex_to_rgb('#ff8800')\n    (255, 136, 0)\n"
        "    >>> hex_to_rgb('FFF')\n    (255, 255, 255)\n    \"\"\"\n```",
        "hex_to_rgb",
        [(["#ff8800"], [255, 136, 0]), (["FFF"], [255, 255, 255]), (["#f80"], [255, 136, 0]),
         (["00ff7f"], [0, 255, 127]), ([" #123456 "], [18, 52, 86]), (["#12345"], None),
         (["#gg0000"], None), ([""], None), (["#000"], [0, 0, 0]), (["##fff"], None),
         (["#AbCdEf"], [171, 205, 239])],
        [0, 1],
        _code("""
            import re


            def hex_to_rgb(color):
                t = color.strip()
                t = t[1:] if t.startswith("#") else t
                if not re.fullmatch(r"[0-9a-fA-F]{3}|[0-9a-fA-F]{6}", t):
                    return None
                if len(t) == 3:
                    t = "".join(ch * 2 for ch in t)
                return tuple(int(t[i : i + 2], 16) for i in (0, 2, 4))
        """),
    ),
    _f(
        "Write find_duplicates(items): given a list, return a list of the values that occur more than "
        "once, each listed only once, in the order in which they first appear in the input. Compare "
        "values exactly (so 'a' and 'A' are different).\n\n"
        "find_duplicates([3, 1, 3, 2, 1]) == [3, 1]\nfind_duplicates(['a', 'b', 'c']) == []",
        "find_duplicates",
        [([[3, 1, 3, 2, 1]], [3, 1]), ([["a", "b", "c"]], []), ([[]], []), ([["x", "X", "x"]], ["x"]),
         ([[1, 2, 2, 1, 2, 3, 3]], [1, 2, 3]), ([[5, 5, 5, 5]], [5]),
         ([["pear", "apple", "fig", "apple", "pear"]], ["pear", "apple"]), ([[0, 1, 0, 2, 2]], [0, 2]),
         ([[7]], []), ([["b", "a", "a", "b"]], ["b", "a"])],
        [0, 1],
        _code("""
            from collections import Counter


            def find_duplicates(items):
                counts = Counter(items)
                out = []
                for x in items:
                    if counts[x] > 1 and x not in out:
                        out.append(x)
                return out
        """),
    ),
    _f(
        "write simplify_path(path) that cleans up an absolute Unix-style path: collapse repeated "
        "slashes, drop '.' parts, let '..' remove the part before it ('..' at the root does nothing), "
        "and remove any trailing slash. The result always starts with '/', and the root by itself is "
        "just '/'.\n\nsimplify_path('/home//user/./docs/') -> '/home/user/docs'\n"
        "simplify_path('/a/b/../c') -> '/a/c'",
        "simplify_path",
        [(["/home//user/./docs/"], "/home/user/docs"), (["/a/b/../c"], "/a/c"), (["/"], "/"),
         (["/../"], "/"), (["/a/./b/../../c/"], "/c"), (["//x///y"], "/x/y"), (["/a/.../b"], "/a/.../b"),
         (["/.hidden/file"], "/.hidden/file"), (["/a/b/c/../../.."], "/"),
         (["/usr/local/../bin/./python3"], "/usr/bin/python3")],
        [0, 1],
        _code("""
            def simplify_path(path):
                stack = []
                for part in path.split("/"):
                    if part in ("", "."):
                        continue
                    if part == "..":
                        if stack:
                            stack.pop()
                    else:
                        stack.append(part)
                return "/" + "/".join(stack)
        """),
    ),
    _f(
        "Write pluralize(word) for lowercase English nouns, using these rules in this order: the "
        "irregular words child, person and mouse become children, people and mice; words ending in s, "
        "x, z, ch or sh add 'es'; a consonant followed by a final y becomes 'ies'; a final 'fe' turns "
        "into 'ves'; and everything else just gets an 's'.\n\nInput: 'box'\nOutput: 'boxes'\n\n"
        "Input: 'city'\nOutput: 'cities'\n\nInput: 'person'\nOutput: 'people'",
        "pluralize",
        [(["box"], "boxes"), (["city"], "cities"), (["person"], "people"), (["day"], "days"),
         (["church"], "churches"), (["knife"], "knives"), (["bus"], "buses"), (["mouse"], "mice"),
         (["cat"], "cats"), (["dish"], "dishes"), (["buzz"], "buzzes"), (["child"], "children")],
        [0, 1, 2],
        _code("""
            def pluralize(word):
                irregular = {"child": "children", "person": "people", "mouse": "mice"}
                if word in irregular:
                    return irregular[word]
                if word.endswith(("s", "x", "z", "ch", "sh")):
                    return word + "es"
                if word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
                    return word[:-1] + "ies"
                if word.endswith("fe"):
                    return word[:-2] + "ves"
                return word + "s"
        """),
    ),
    _f(
        "I need knight_moves(square) for a chess helper: given a square like 'e4' (file a to h, rank 1 "
        "to 8), return every square a knight standing there could jump to on an empty board, as a list "
        "sorted alphabetically.\n\n"
        "assert knight_moves('a1') == ['b3', 'c2']\nassert knight_moves('h8') == ['f7', 'g6']",
        "knight_moves",
        [(["a1"], ["b3", "c2"]), (["h8"], ["f7", "g6"]),
         (["e4"], ["c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5"]), (["b1"], ["a3", "c3", "d2"]),
         (["d5"], ["b4", "b6", "c3", "c7", "e3", "e7", "f4", "f6"]), (["g2"], ["e1", "e3", "f4", "h4"]),
         (["a8"], ["b6", "c7"]), (["h1"], ["f2", "g3"]), (["b2"], ["a4", "c4", "d1", "d3"])],
        [0, 1],
        _code("""
            def knight_moves(square):
                f, r = ord(square[0]) - ord("a"), int(square[1]) - 1
                jumps = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
                out = [
                    chr(ord("a") + f + df) + str(r + dr + 1)
                    for df, dr in jumps
                    if 0 <= f + df < 8 and 0 <= r + dr < 8
                ]
                return sorted(out)
        """),
    ),
    *MORE,
]
# fmt: on
