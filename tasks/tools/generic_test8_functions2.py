"""The generic task's `test8` function rows, second part (generic_test8_functions holds the first
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


_CAESAR = _code("""
    def caesar(text, shift):
        out = []
        for ch in text:
            if "a" <= ch <= "z":
                out.append(chr((ord(ch) - 97 + shift) % 26 + 97))
            elif "A" <= ch <= "Z":
                out.append(chr((ord(ch) - 65 + shift) % 26 + 65))
            else:
                out.append(ch)
        return "".join(out)
""")

_BMI = _code("""
    def bmi_category(weight_kg, height_m):
        bmi = weight_kg / (height_m * height_m)
        if bmi < 18.5:
            return "underweight"
        if bmi < 25:
            return "normal"
        if bmi < 30:
            return "overweight"
        return "obese"
""")

_FLATTEN = _code("""
    def flatten(nested):
        out = []
        for item in nested:
            if isinstance(item, list):
                out.extend(flatten(item))
            else:
                out.append(item)
        return out
""")

_ADD_MINUTES = _code("""
    def add_minutes(clock, minutes):
        hours, mins = clock.split(":")
        total = (int(hours) * 60 + int(mins) + minutes) % (24 * 60)
        return f"{total // 60:02d}:{total % 60:02d}"
""")

_ANAGRAMS = _code("""
    def group_anagrams(words):
        groups = {}
        for word in words:
            groups.setdefault("".join(sorted(word.lower())), []).append(word)
        return list(groups.values())
""")

_SNAKE = _code("""
    def snake_to_camel(name):
        parts = [p for p in name.split("_") if p]
        if not parts:
            return ""
        return parts[0].lower() + "".join(p.capitalize() for p in parts[1:])
""")

_MEDIAN = _code("""
    def median(nums):
        if not nums:
            return None
        s = sorted(nums)
        mid = len(s) // 2
        if len(s) % 2:
            return s[mid]
        return (s[mid - 1] + s[mid]) / 2
""")

_SECOND = _code("""
    def second_largest(nums):
        distinct = sorted(set(nums), reverse=True)
        return distinct[1] if len(distinct) > 1 else None
""")

_PASSWORD = _code("""
    def valid_password(pw):
        return (
            len(pw) >= 8
            and any(c.isupper() for c in pw)
            and any(c.islower() for c in pw)
            and any(c.isdigit() for c in pw)
            and not any(c.isspace() for c in pw)
        )
""")

_BYTES = _code("""
    def format_bytes(n):
        if n < 1024:
            return f"{n} B"
        size = n / 1024
        for unit in ("KB", "MB", "GB"):
            if size < 1024:
                return f"{size:.1f} {unit}"
            size /= 1024
        return f"{size:.1f} TB"
""")

_ISBN = _code("""
    def is_valid_isbn10(s):
        chars = [c for c in s if c not in "- "]
        if len(chars) != 10:
            return False
        total = 0
        for i, c in enumerate(chars):
            if c.isdigit() and c.isascii():
                value = int(c)
            elif c in "Xx" and i == 9:
                value = 10
            else:
                return False
            total += value * (10 - i)
        return total % 11 == 0
""")

# fmt: off
MORE = [
    _row(
        "Can you write a Caesar cipher function caesar(text, shift)? Shift every letter a-z / A-Z by "
        "shift places, wrapping around the alphabet and keeping upper and lower case. shift can be "
        "negative or bigger than 26. Anything that isn't a plain English letter (digits, spaces, "
        "punctuation, accented letters) stays as it is.\n\n"
        "caesar('abc', 1) == 'bcd'\ncaesar('Hello, World!', 13) == 'Uryyb, Jbeyq!'",
        "caesar",
        [("abc", 1), ("Hello, World!", 13), ("xyz", 3), ("abc", -1), ("", 5), ("Zebra", 52),
         ("Mixed 123", 27), ("ABC", -27), ("café", 1), ("Attack at dawn", 100)],
        [0, 1],
        _CAESAR,
    ),
    _row(
        "I need a python function bmi_category(weight_kg, height_m). BMI is weight divided by height "
        "squared. Return 'underweight' below 18.5, 'normal' from 18.5 up to (not including) 25, "
        "'overweight' from 25 up to 30, and 'obese' for 30 and over.\n\n"
        "bmi_category(70, 1.75) -> 'normal'\nbmi_category(50, 1.8) -> 'underweight'",
        "bmi_category",
        [(70, 1.75), (50, 1.8), (74, 2.0), (100, 2.0), (120, 2.0), (95, 1.8), (110, 1.7),
         (18.4, 1.0), (29.9, 1.0), (45, 1.6)],
        [0, 1],
        _BMI,
    ),
    _row(
        "Please implement this so the doctests pass. It should work for lists nested to any depth; "
        "strings are items, not lists to split up.\n\n"
        "```python\ndef flatten(nested):\n"
        '    """Return the items of a nested list as one flat list, in order.\n\n'
        "    >>> flatten([1, [2, [3, [4]]]])\n    [1, 2, 3, 4]\n"
        "    >>> flatten([[], [[]]])\n    []\n"
        '    """\n```',
        "flatten",
        [([1, [2, [3, [4]]]],), ([[], [[]]],), ([],), (["a", ["bc", ["d"]]],), ([1, 2, 3],),
         ([[1, 2], [3, [4, 5]], 6],), ([[[[[7]]]]],), ([None, [False, [0]]],), ([["x"], "y", [["z"]]],)],
        [0, 1],
        _FLATTEN,
    ),
    _row(
        "small helper for a scheduling script: add_minutes(clock, minutes). clock is a 24-hour 'HH:MM' "
        "string, minutes can be negative or more than a whole day, and the result wraps around "
        "midnight and comes back as 'HH:MM' (two digits each).\n\n"
        "assert add_minutes('23:45', 30) == '00:15'\nassert add_minutes('09:00', 90) == '10:30'",
        "add_minutes",
        [("23:45", 30), ("09:00", 90), ("00:10", -20), ("12:00", 0), ("06:30", 1440), ("06:30", -1500),
         ("18:59", 1), ("00:00", 2879), ("11:11", -671), ("21:30", 10000)],
        [0, 1],
        _ADD_MINUTES,
    ),
    _row(
        "Write group_anagrams(words) in Python. It takes a list of words and groups the ones that are "
        "anagrams of each other (ignoring upper/lower case), returning a list of groups, each group a "
        "list of the original words. Groups come in the order their first word appears in the input, "
        "and words inside a group keep their input order. Repeated words stay in (a word is an "
        "anagram of itself). An empty list gives an empty list.",
        "group_anagrams",
        [(["eat", "tea", "tan", "ate", "nat", "bat"],), ([],), (["abc"],),
         (["Listen", "Silent", "enlist"],), (["a", "b", "a"],), (["ab", "ba", "abc", "cab", "bca", "xyz"],),
         (["Dusty", "study", "night", "thing"],), (["stop", "pots", "tops", "spot", "post"],),
         (["aab", "abb"],)],
        [],
        _ANAGRAMS,
    ),
    _row(
        "Need a function snake_to_camel(name) that turns a snake_case name into camelCase. The first "
        "part is all lowercase, every later part gets a capital first letter and lowercase after it. "
        "Leading, trailing and doubled underscores are just dropped, and an empty string or only "
        "underscores gives ''.\n\n"
        "Input: 'user_id'\nOutput: 'userId'\n\n"
        "Input: 'parse_HTTP_response'\nOutput: 'parseHttpResponse'",
        "snake_to_camel",
        [("user_id",), ("parse_HTTP_response",), ("",), ("name",), ("__init__",), ("a_b_c",),
         ("get_2nd_item",), ("total__count_",), ("___",), ("MAX_RETRY_COUNT",)],
        [0, 1],
        _SNAKE,
    ),
    _row(
        "write median(nums) for a list of numbers. Empty list -> None. With an odd count return the "
        "middle number itself, with an even count the average of the two middle ones. The list isn't "
        "sorted and shouldn't be changed.\n\n"
        "median([3, 1, 2]) -> 2\nmedian([4, 1, 3, 2]) -> 2.5",
        "median",
        [([3, 1, 2],), ([4, 1, 3, 2],), ([],), ([5],), ([1, 1, 1, 1],), ([-5, 10],), ([7, 3, 9, 1, 5],),
         ([2.5, 1.5],), ([10, 20, 30, 40, 50, 60],), ([0, -1, -2],)],
        [0, 1],
        _MEDIAN,
    ),
    _row(
        "Write second_largest(nums): the second biggest DISTINCT value in the list, or None when there "
        "are fewer than two different values.\n\n"
        "second_largest([3, 1, 4, 1, 5]) == 4\nsecond_largest([5, 5, 4]) == 4\n"
        "second_largest([2, 2]) == None",
        "second_largest",
        [([3, 1, 4, 1, 5],), ([5, 5, 4],), ([2, 2],), ([],), ([7],), ([-1, -2, -3],), ([10, 9.5],),
         ([1, 2, 3, 3, 3],), ([0, 0, -1],), ([100, 50, 100, 75],)],
        [0, 1, 2],
        _SECOND,
    ),
    _row(
        "Our signup form needs a password check. Fill this in:\n\n"
        "```python\ndef valid_password(pw):\n"
        '    """True if pw is at least 8 characters long, has an uppercase letter, a lowercase\n'
        '    letter and a digit, and contains no whitespace at all.\n\n'
        "    >>> valid_password('Passw0rd')\n    True\n"
        "    >>> valid_password('password')\n    False\n"
        '    """\n```',
        "valid_password",
        [("Passw0rd",), ("password",), ("PASSWORD1",), ("Pass word1",), ("Sh0rt",), ("abcdefG1",), ("",),
         ("Abcdefgh",), ("Abc123\t45",), ("12345678aA",)],
        [0, 1],
        _PASSWORD,
    ),
    _row(
        "Could you write format_bytes(n) that turns a byte count into a readable size? Under 1024 it's "
        "just the number and ' B'. From 1024 up, divide by 1024 as many times as needed and use KB, "
        "MB, GB or TB (TB is the biggest unit, so huge numbers stay in TB), always with exactly one "
        "digit after the decimal point and a space before the unit.",
        "format_bytes",
        [(0,), (1023,), (1024,), (1536,), (1048576,), (5 * 1024**3,), (3 * 1024**4,),
         (5000 * 1024**4,), (123456789,)],
        [],
        _BYTES,
    ),
    _row(
        "I'm cleaning up a book database and need is_valid_isbn10(s) to tell whether a string is a "
        "valid ISBN-10. Hyphens and spaces can appear anywhere and should be ignored. What's left must "
        "be exactly 10 characters: digits, except that the very last one may be an X (upper or lower "
        "case) standing for 10. It's valid when the first character times 10, plus the second times 9, "
        "and so on down to the last times 1, adds up to a multiple of 11. Return True or False.",
        "is_valid_isbn10",
        [("0-306-40615-2",), ("0306406153",), ("0-8044-2957-X",), ("0-8044-2957-x",), ("X306406152",),
         ("030640615",), ("0 306 40615 2",), ("03064061522",), ("0-306-4061X-2",)],
        [],
        _ISBN,
    ),
]
# fmt: on
