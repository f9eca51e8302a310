"""The generic task's `test4` function rows (see generic_test4, which writes them with the rest).
**Do not read these requests while tuning**: they are the blind test split of 2026-12-06."""

from __future__ import annotations

from selfrefine.tasks.tools.generic_rows import function as _f

FUNCTIONS = [
    # ---------------------------------------------------------------- doctest in a fenced docstring
    _f(
        "I'm building a tiny static blog generator and need URL slugs from post titles. Only ASCII letters "
        "and digits survive; any run of other characters (spaces, punctuation, underscores) becomes a single "
        "hyphen, and there should never be a hyphen at the start or end.\n\n"
        "```python\n"
        "def slugify(title: str) -> str:\n"
        '    """Turn a post title into a lower-case URL slug.\n\n'
        "    >>> slugify('Hello, World!')\n"
        "    'hello-world'\n"
        "    >>> slugify('  Top 10 Tips  ')\n"
        "    'top-10-tips'\n"
        '    """\n'
        "```",
        "slugify",
        [
            (("Hello, World!",), "hello-world"),
            (("  Top 10 Tips  ",), "top-10-tips"),
            (("",), ""),
            (("---",), ""),
            (("C++ & Python",), "c-python"),
            (("snake_case_title",), "snake-case-title"),
            (("Already-Slugged",), "already-slugged"),
            (("a   b",), "a-b"),
            (("What's New in 2026?",), "what-s-new-in-2026"),
            (("!!!Wow!!!",), "wow"),
        ],
        [0, 1],
        "import re\n\n\ndef slugify(title):\n"
        "    return re.sub(r'[^a-z0-9]+', '-', title.lower()).strip('-')\n",
    ),
    _f(
        "Please implement this, my timesheet app stores durations as short strings.\n\n"
        "```python\n"
        "def to_minutes(duration: str) -> int:\n"
        '    """Total minutes in a duration such as "1h30m", "2h" or "45m".\n\n'
        "    Parts may be separated by spaces and the letters can be upper or lower case.\n"
        "    An empty (or blank) string means no time at all.\n\n"
        "    >>> to_minutes('1h30m')\n"
        "    90\n"
        "    >>> to_minutes('45m')\n"
        "    45\n"
        '    """\n'
        "```",
        "to_minutes",
        [
            (("1h30m",), 90),
            (("45m",), 45),
            (("2h",), 120),
            (("",), 0),
            (("   ",), 0),
            (("1H 5M",), 65),
            (("0h0m",), 0),
            (("90m",), 90),
            ((" 3h 15m ",), 195),
            (("10h",), 600),
        ],
        [0, 1],
        "import re\n\n\ndef to_minutes(duration):\n    total = 0\n"
        "    for n, unit in re.findall(r'(\\d+)\\s*([hm])', duration.lower()):\n"
        "        total += int(n) * (60 if unit == 'h' else 1)\n"
        "    return total\n",
    ),
    _f(
        "```python\n"
        "def most_common_word(text: str) -> str:\n"
        '    """Return the word that occurs most often in text, in lower case.\n\n'
        "    Case doesn't matter (The and the are the same word) and punctuation is not part of a\n"
        "    word; words are runs of letters. If several words are tied, return the one that\n"
        "    appears first in the text. If there are no words, return ''.\n\n"
        "    >>> most_common_word('the cat and the hat')\n"
        "    'the'\n"
        '    """\n'
        "```\n"
        "Could you write the body? Standard library only please.",
        "most_common_word",
        [
            (("the cat and the hat",), "the"),
            (("",), ""),
            (("...!?",), ""),
            (("Dog dog DOG cat",), "dog"),
            (("apple banana banana apple",), "apple"),
            (("one two three",), "one"),
            (("Hi! hi? HI. bye",), "hi"),
            (("red, blue; blue: red - green green green",), "green"),
            (("x",), "x"),
        ],
        [0],
        "import re\n\n\ndef most_common_word(text):\n"
        "    found = re.findall(r'[a-z]+', text.lower())\n    if not found:\n"
        "        return ''\n    counts = {}\n    for w in found:\n"
        "        counts[w] = counts.get(w, 0) + 1\n"
        "    best = max(counts.values())\n"
        "    return next(w for w in found if counts[w] == best)\n",
    ),
    _f(
        "We get phone numbers from a web form in every format imaginable. Can you finish this function? US "
        "numbers only.\n\n"
        "```python\n"
        "def format_phone(raw: str):\n"
        '    """Format a US phone number as (XXX) XXX-XXXX.\n\n'
        "    Everything that is not a digit is ignored. A leading country code 1 (11 digits\n"
        "    starting with 1) is dropped. If what is left is not exactly 10 digits, return None.\n\n"
        "    >>> format_phone('555-123-4567')\n"
        "    '(555) 123-4567'\n"
        "    >>> format_phone('+1 (555) 123 4567')\n"
        "    '(555) 123-4567'\n"
        "    >>> format_phone('123') is None\n"
        "    True\n"
        '    """\n'
        "```",
        "format_phone",
        [
            (("555-123-4567",), "(555) 123-4567"),
            (("+1 (555) 123 4567",), "(555) 123-4567"),
            (("123",), None),
            (("555.987.6543",), "(555) 987-6543"),
            (("15559876543",), "(555) 987-6543"),
            (("25559876543",), None),
            (("",), None),
            (("phone: 212 555 0100",), "(212) 555-0100"),
            (("1-800-555-01234",), None),
            (("(312)5550199",), "(312) 555-0199"),
        ],
        [0, 1, 2],
        "def format_phone(raw):\n"
        "    d = ''.join(ch for ch in raw if ch.isdigit())\n"
        "    if len(d) == 11 and d[0] == '1':\n        d = d[1:]\n"
        "    if len(d) != 10:\n        return None\n"
        "    return f'({d[:3]}) {d[3:6]}-{d[6:]}'\n",
    ),
    _f(
        "Meeting-room booking tool: I need to merge overlapping time ranges.\n\n"
        "```python\n"
        "def merge_ranges(ranges: list[list[int]]) -> list[list[int]]:\n"
        '    """Merge overlapping [start, end] ranges and return them sorted by start.\n\n'
        "    The input may be in any order. Ranges that only touch ([1, 3] and [3, 5]) count as\n"
        "    overlapping and are merged too.\n\n"
        "    >>> merge_ranges([[1, 3], [2, 6], [8, 10]])\n"
        "    [[1, 6], [8, 10]]\n"
        '    """\n'
        "```",
        "merge_ranges",
        [
            (([[1, 3], [2, 6], [8, 10]],), [[1, 6], [8, 10]]),
            (([],), []),
            (([[5, 7]],), [[5, 7]]),
            (([[8, 10], [1, 3]],), [[1, 3], [8, 10]]),
            (([[1, 3], [3, 5]],), [[1, 5]]),
            (([[1, 10], [2, 3], [4, 5]],), [[1, 10]]),
            (([[6, 8], [1, 2], [2, 4], [9, 12]],), [[1, 4], [6, 8], [9, 12]]),
            (([[0, 0], [0, 1]],), [[0, 1]]),
            (([[4, 5], [1, 2]],), [[1, 2], [4, 5]]),
        ],
        [0],
        "def merge_ranges(ranges):\n    out = []\n"
        "    for s, e in sorted(ranges):\n        if out and s <= out[-1][1]:\n"
        "            out[-1][1] = max(out[-1][1], e)\n        else:\n"
        "            out.append([s, e])\n    return out\n",
    ),
    # ---------------------------------------------------------------- f(x) == y lines
    _f(
        "write days_in_month(year, month) in python, month is 1-12, and leap years have to be right (proper "
        "Gregorian rules). should behave like:\n"
        "days_in_month(2023, 1) == 31\n"
        "days_in_month(2024, 2) == 29",
        "days_in_month",
        [
            ((2023, 1), 31),
            ((2024, 2), 29),
            ((2023, 2), 28),
            ((1900, 2), 28),
            ((2000, 2), 29),
            ((2023, 4), 30),
            ((2023, 12), 31),
            ((2100, 2), 28),
            ((2024, 9), 30),
        ],
        [0, 1],
        "import calendar\n\n\ndef days_in_month(year, month):\n"
        "    return calendar.monthrange(year, month)[1]\n",
    ),
    _f(
        "Quick one: I want a Python function compress(s) that does run-length encoding where a run of one "
        "character is written as just the character, and longer runs get the count after it. Upper and lower "
        "case are different characters.\n\n"
        "compress('aaabcc') == 'a3bc2'\n"
        "compress('abc') == 'abc'",
        "compress",
        [
            (("aaabcc",), "a3bc2"),
            (("abc",), "abc"),
            (("",), ""),
            (("a",), "a"),
            (("aaaaaaaaaaaa",), "a12"),
            (("aA",), "aA"),
            (("aabbaa",), "a2b2a2"),
            (("  x",), " 2x"),
            (("zzzzY",), "z4Y"),
        ],
        [0, 1],
        "def compress(s):\n    out, i = [], 0\n    while i < len(s):\n"
        "        j = i\n        while j < len(s) and s[j] == s[i]:\n"
        "            j += 1\n"
        "        out.append(s[i] + (str(j - i) if j - i > 1 else ''))\n"
        "        i = j\n    return ''.join(out)\n",
    ),
    _f(
        "Need second_largest(nums): the second largest *distinct* value in a list of ints, or None when "
        "there aren't two different values. Examples:\n\n"
        "second_largest([4, 1, 7, 3]) == 4\n"
        "second_largest([2, 2]) == None\n\n"
        "Don't sort the caller's list in place please.",
        "second_largest",
        [
            (([4, 1, 7, 3],), 4),
            (([2, 2],), None),
            (([],), None),
            (([9],), None),
            (([5, 5, 3],), 3),
            (([-1, -5, -3],), -3),
            (([7, 7, 7, 6, 6],), 6),
            (([0, -2],), -2),
            (([1, 2, 3, 4, 5, 5],), 4),
        ],
        [0, 1],
        "def second_largest(nums):\n    vals = sorted(set(nums))\n"
        "    return vals[-2] if len(vals) >= 2 else None\n",
    ),
    # ---------------------------------------------------------------- f(x) -> y lines
    _f(
        "Converting a JS codebase's names for a Python port. camel_to_snake(name) should put an underscore "
        "before every capital letter and lower-case it, except that a capital at the very start gets no "
        "underscore. Anything else stays as it is.\n\n"
        "camel_to_snake('parseHttpResponse') -> 'parse_http_response'\n"
        "camel_to_snake('Total') -> 'total'",
        "camel_to_snake",
        [
            (("parseHttpResponse",), "parse_http_response"),
            (("Total",), "total"),
            (("",), ""),
            (("already_snake",), "already_snake"),
            (("getX",), "get_x"),
            (("CamelCase",), "camel_case"),
            (("version2Name",), "version2_name"),
            (("getURL",), "get_u_r_l"),
            (("x",), "x"),
        ],
        [0, 1],
        "def camel_to_snake(name):\n    out = []\n"
        "    for i, ch in enumerate(name):\n        if ch.isupper():\n"
        "            out.append(('_' if i else '') + ch.lower())\n"
        "        else:\n            out.append(ch)\n    return ''.join(out)\n",
    ),
    _f(
        "hey, can you write weekday_name(date_str) for me? takes an ISO date string and gives back the "
        "English day name.\n\n"
        "weekday_name('2026-12-06') -> 'Sunday'\n"
        "weekday_name('2026-12-07') -> 'Monday'",
        "weekday_name",
        [
            (("2026-12-06",), "Sunday"),
            (("2026-12-07",), "Monday"),
            (("2024-02-29",), "Thursday"),
            (("2000-01-01",), "Saturday"),
            (("1999-12-31",), "Friday"),
            (("2026-01-01",), "Thursday"),
            (("1970-01-01",), "Thursday"),
            (("2030-07-04",), "Thursday"),
            (("2025-06-15",), "Sunday"),
        ],
        [0, 1],
        "import datetime\n\n\ndef weekday_name(date_str):\n"
        "    return datetime.date.fromisoformat(date_str).strftime('%A')\n",
    ),
    _f(
        "Write chunk(items, size) that splits a list into consecutive pieces of length size; the last piece "
        "can be shorter. It returns a list of lists and leaves the input alone.\n\n"
        "chunk([1, 2, 3, 4, 5], 2) -> [[1, 2], [3, 4], [5]]",
        "chunk",
        [
            (([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]),
            (([], 3), []),
            (([1, 2], 5), [[1, 2]]),
            (([1, 2, 3, 4], 2), [[1, 2], [3, 4]]),
            (([1, 2, 3], 1), [[1], [2], [3]]),
            ((["a", "b", "c"], 3), [["a", "b", "c"]]),
            (([0, 0, 0, 0, 0, 0, 0], 3), [[0, 0, 0], [0, 0, 0], [0]]),
            (([None], 2), [[None]]),
        ],
        [0],
        "def chunk(items, size):\n"
        "    return [list(items[i : i + size]) for i in range(0, len(items), size)]\n",
    ),
    # ---------------------------------------------------------------- Input / Output pairs
    _f(
        "I'm practising for interviews. Write is_balanced(s) in Python: True if every bracket in the string "
        "— (), [] and {} — is closed in the right order, False otherwise. Characters that aren't brackets "
        "are ignored.\n\n"
        "Input: '(a[b]{c})'\n"
        "Output: True\n\n"
        "Input: '(]'\n"
        "Output: False",
        "is_balanced",
        [
            (("(a[b]{c})",), True),
            (("(]",), False),
            (("",), True),
            ((")(",), False),
            (("([)]",), False),
            (("no brackets here",), True),
            (("(((",), False),
            (("{[()()]}",), True),
            (("}",), False),
            (("x = f(a[0]) + {1: 2}[1]",), True),
        ],
        [0, 1],
        "def is_balanced(s):\n"
        "    pairs, stack = {')': '(', ']': '[', '}': '{'}, []\n"
        "    for ch in s:\n        if ch in '([{':\n"
        "            stack.append(ch)\n        elif ch in pairs:\n"
        "            if not stack or stack.pop() != pairs[ch]:\n"
        "                return False\n    return not stack\n",
    ),
    _f(
        "My kid's history homework has a lot of Roman numerals, so I'd like a small Python helper "
        "roman_to_int(s) that turns one into an integer. It should accept lower-case numerals too, and "
        "handle the subtractive ones like IV and CM.\n\n"
        "Input: 'XIV'\n"
        "Output: 14\n\n"
        "Input: 'mmxxvi'\n"
        "Output: 2026",
        "roman_to_int",
        [
            (("XIV",), 14),
            (("mmxxvi",), 2026),
            (("I",), 1),
            (("IV",), 4),
            (("IX",), 9),
            (("MCMXCIV",), 1994),
            (("xlii",), 42),
            (("CDXLIV",), 444),
            (("MMMCMXCIX",), 3999),
            (("LVIII",), 58),
        ],
        [0, 1],
        "def roman_to_int(s):\n"
        "    v = {'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100, 'D': 500, 'M': 1000}\n"
        "    s = s.upper()\n    total = 0\n    for i, ch in enumerate(s):\n"
        "        if i + 1 < len(s) and v[ch] < v[s[i + 1]]:\n"
        "            total -= v[ch]\n        else:\n"
        "            total += v[ch]\n    return total\n",
    ),
    _f(
        "For our board-game night scoreboard: top_scorers(scores) gets a dict of player name -> points and "
        "returns a list of the name(s) with the highest score, sorted alphabetically (there can be a tie). "
        "No players means an empty list.\n\n"
        "Input: {'Ana': 12, 'Ben': 9, 'Cy': 12}\n"
        "Output: ['Ana', 'Cy']",
        "top_scorers",
        [
            (({"Ana": 12, "Ben": 9, "Cy": 12},), ["Ana", "Cy"]),
            (({},), []),
            (({"Solo": 3},), ["Solo"]),
            (({"Zed": 5, "Amy": 5, "Kim": 5},), ["Amy", "Kim", "Zed"]),
            (({"a": -4, "b": -2, "c": -9},), ["b"]),
            (({"Max": 0, "Lia": 0},), ["Lia", "Max"]),
            (({"P1": 10, "P2": 11},), ["P2"]),
            (({"Eve": 1, "Dan": 3, "Cat": 3, "Bo": 2},), ["Cat", "Dan"]),
        ],
        [0],
        "def top_scorers(scores):\n    if not scores:\n        return []\n"
        "    best = max(scores.values())\n"
        "    return sorted(n for n, s in scores.items() if s == best)\n",
    ),
    # ---------------------------------------------------------------- assert lines
    _f(
        "For receipts we print card numbers masked. mask_card(number) should replace every digit except the "
        "last four digits with '*', keeping spaces and dashes where they are. If there are four digits or "
        "fewer, nothing gets masked. These should pass:\n\n"
        "assert mask_card('1234 5678 9012 3456') == '**** **** **** 3456'\n"
        "assert mask_card('987') == '987'",
        "mask_card",
        [
            (("1234 5678 9012 3456",), "**** **** **** 3456"),
            (("987",), "987"),
            (("",), ""),
            (("1234",), "1234"),
            (("12345",), "*2345"),
            (("1234-5678-9012-3456",), "****-****-****-3456"),
            (("4111111111111111",), "************1111"),
            (("12-34",), "12-34"),
            (("3782 822463 10005",), "**** ****** *0005"),
        ],
        [0, 1],
        "def mask_card(number):\n"
        "    total = sum(ch.isdigit() for ch in number)\n"
        "    out, seen = [], 0\n    for ch in number:\n"
        "        if ch.isdigit():\n            seen += 1\n"
        "            out.append('*' if seen <= total - 4 else ch)\n"
        "        else:\n            out.append(ch)\n    return ''.join(out)\n",
    ),
    _f(
        "Can you write ordinal(n) that returns the number with its English ordinal suffix, for any "
        "non-negative integer? Remember the teens are special.\n\n"
        "```\n"
        "assert ordinal(1) == '1st'\n"
        "assert ordinal(23) == '23rd'\n"
        "assert ordinal(12) == '12th'\n"
        "```",
        "ordinal",
        [
            ((1,), "1st"),
            ((23,), "23rd"),
            ((12,), "12th"),
            ((0,), "0th"),
            ((2,), "2nd"),
            ((11,), "11th"),
            ((13,), "13th"),
            ((111,), "111th"),
            ((112,), "112th"),
            ((101,), "101st"),
            ((22,), "22nd"),
            ((1004,), "1004th"),
        ],
        [0, 1, 2],
        "def ordinal(n):\n    if n % 100 in (11, 12, 13):\n"
        "        return f'{n}th'\n"
        "    suffix = {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')\n"
        "    return f'{n}{suffix}'\n",
    ),
    _f(
        "flatten(nested) in python: takes a list that can contain lists nested to any depth and returns one "
        "flat list with all the non-list values, in order. my tests:\n\n"
        "assert flatten([1, [2, [3, 4]], 5]) == [1, 2, 3, 4, 5]\n"
        "assert flatten([]) == []",
        "flatten",
        [
            (([1, [2, [3, 4]], 5],), [1, 2, 3, 4, 5]),
            (([],), []),
            (([[[]]],), []),
            (([[[[[7]]]]],), [7]),
            ((["a", ["b", ["c"]]],), ["a", "b", "c"]),
            (([1, [], 2, [[], 3]],), [1, 2, 3]),
            (([[1, 2], [3, [4, [5, [6]]]]],), [1, 2, 3, 4, 5, 6]),
            (([0, [None, [False]]],), [0, None, False]),
        ],
        [0, 1],
        "def flatten(nested):\n    out = []\n    for x in nested:\n"
        "        if isinstance(x, list):\n            out.extend(flatten(x))\n"
        "        else:\n            out.append(x)\n    return out\n",
    ),
    # ---------------------------------------------------------------- prose, no example
    _f(
        "I need a Python function median(values) for a little stats script. It takes a list of numbers in "
        "any order and returns the median: the middle value when the count is odd, the average of the two "
        "middle values when it's even. For an empty list it should return None. Please don't modify the list "
        "that's passed in.",
        "median",
        [
            (([3, 1, 2],), 2.0),
            (([4, 1, 3, 2],), 2.5),
            (([],), None),
            (([7],), 7.0),
            (([1, 3],), 2.0),
            (([-5, -1, -3],), -3.0),
            (([2, 2, 2, 9],), 2.0),
            (([1.5, 2.5],), 2.0),
            (([10, 0, 5, 5, 100],), 5.0),
        ],
        [],
        "def median(values):\n    v = sorted(values)\n    if not v:\n"
        "        return None\n    m = len(v) // 2\n"
        "    return v[m] if len(v) % 2 else (v[m - 1] + v[m]) / 2\n",
    ),
    _f(
        "Our kiosk logs times like '7:45 PM'. Write minutes_since_midnight(t) that converts a 12-hour clock "
        "time in the form h:mm followed by AM or PM into the number of minutes since midnight, as an int. "
        "The AM/PM part might be lower case and there might or might not be a space before it. Midnight and "
        "noon should come out right.",
        "minutes_since_midnight",
        [
            (("7:45 PM",), 1185),
            (("12:00 AM",), 0),
            (("12:30 PM",), 750),
            (("12:15 am",), 15),
            (("1:05am",), 65),
            (("11:59 PM",), 1439),
            (("9:00 AM",), 540),
            (("6:30pm",), 1110),
            (("10:10 Pm",), 1330),
        ],
        [],
        "def minutes_since_midnight(t):\n    t = t.strip().lower()\n"
        "    pm = t.endswith('pm')\n    h, m = t[:-2].strip().split(':')\n"
        "    h = int(h) % 12 + (12 if pm else 0)\n    return h * 60 + int(m)\n",
    ),
    _f(
        "Write a function dedupe_emails(emails) for cleaning up a newsletter list. It gets a list of email "
        "strings and returns a new list without duplicates, keeping the order of first appearance. Two "
        "addresses are the same if they match ignoring case and surrounding whitespace; keep the first one's "
        "spelling, but with the surrounding whitespace stripped.",
        "dedupe_emails",
        [
            ((["a@x.com", "b@x.com", "a@x.com"],), ["a@x.com", "b@x.com"]),
            (([],), []),
            ((["Ann@Mail.com", "ann@mail.com"],), ["Ann@Mail.com"]),
            ((["  bob@y.org ", "bob@y.org"],), ["bob@y.org"]),
            ((["c@z.io"],), ["c@z.io"]),
            ((["x@a.com", "X@A.COM", "y@a.com", " x@a.com"],), ["x@a.com", "y@a.com"]),
            ((["b@q.net", "a@q.net"],), ["b@q.net", "a@q.net"]),
            ((["Z@w.com", "z@W.com", "z@w.com"],), ["Z@w.com"]),
        ],
        [],
        "def dedupe_emails(emails):\n    seen, out = set(), []\n"
        "    for e in emails:\n        key = e.strip().lower()\n"
        "        if key not in seen:\n            seen.add(key)\n"
        "            out.append(e.strip())\n    return out\n",
    ),
]
