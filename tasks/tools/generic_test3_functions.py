"""The generic task's `test3` function rows (see generic_test3, which writes them with the rest).
**Do not read these requests while tuning**: they are the blind test split of 2026-12-06."""

from __future__ import annotations

from selfrefine.tasks.tools.generic_rows import function as _f

FUNCTIONS = [
    # ---------------------------------------------------------------- doctest in a fenced docstring
    _f(
        "Can you fill in the body of this? It's for name badges at our conference. Hyphenated names "
        "should give one initial per part, and people type their names in all sorts of ways (lower "
        "case, extra spaces), so it has to cope with that.\n\n"
        "```python\n"
        "def initials(name: str) -> str:\n"
        '    """Return the initials of a name, upper-case, each followed by a dot.\n\n'
        "    >>> initials('Ada Lovelace')\n"
        "    'A.L.'\n"
        "    >>> initials('grace brewster murray hopper')\n"
        "    'G.B.M.H.'\n"
        '    """\n'
        "```",
        "initials",
        [
            (("Ada Lovelace",), "A.L."),
            (("grace brewster murray hopper",), "G.B.M.H."),
            (("Jean-Luc Picard",), "J.L.P."),
            (("  alan   turing  ",), "A.T."),
            (("Cher",), "C."),
            (("",), ""),
            (("anne  marie-louise dupont",), "A.M.L.D."),
            (("émile zola",), "É.Z."),
            (("d'arcy smith",), "D.S."),
        ],
        [0, 1],
        "def initials(name):\n"
        "    parts = [p for w in name.split() for p in w.split('-') if p]\n"
        "    return ''.join(p[0].upper() + '.' for p in parts)\n",
    ),
    _f(
        "I need a tiny compressor for log lines with lots of repeated characters. A run of the same "
        "character becomes the character followed by how many times it repeats, but a character "
        "that appears only once in a row is left alone. Upper and lower case are different "
        "characters. Here's the stub:\n\n"
        "```python\n"
        "def compress_runs(s: str) -> str:\n"
        '    """\n'
        "    >>> compress_runs('aaabcc')\n"
        "    'a3bc2'\n"
        "    >>> compress_runs('abc')\n"
        "    'abc'\n"
        '    """\n'
        "```",
        "compress_runs",
        [
            (("aaabcc",), "a3bc2"),
            (("abc",), "abc"),
            (("",), ""),
            (("zzzzzzzzzzzz",), "z12"),
            (("aAaa",), "aAa2"),
            (("  x",), " 2x"),
            (("112223",), "12233"),
            (("abbbbbbbbbbc",), "ab10c"),
            (("!!??",), "!2?2"),
        ],
        [0, 1],
        "def compress_runs(s):\n"
        "    out, i = [], 0\n"
        "    while i < len(s):\n"
        "        j = i\n"
        "        while j < len(s) and s[j] == s[i]:\n"
        "            j += 1\n"
        "        out.append(s[i] + (str(j - i) if j - i > 1 else ''))\n"
        "        i = j\n"
        "    return ''.join(out)\n",
    ),
    _f(
        "Please implement this without importing statistics (our grader doesn't allow it):\n\n"
        "```python\n"
        "def median(values: list) -> float | None:\n"
        '    """The median of a list of numbers: the middle value when there is an odd number of\n'
        "    values, the average of the two middle values when there is an even number, and None\n"
        "    for an empty list. The input doesn't have to be sorted.\n\n"
        "    >>> median([3, 1, 2])\n"
        "    2\n"
        "    >>> median([4, 1, 3, 2])\n"
        "    2.5\n"
        '    """\n'
        "```",
        "median",
        [
            (([3, 1, 2],), 2),
            (([4, 1, 3, 2],), 2.5),
            (([],), None),
            (([7],), 7),
            (([1, 1, 1, 1],), 1.0),
            (([-5, 10],), 2.5),
            (([2.5, 1.5, 3.5],), 2.5),
            (([10, 2, 38, 23, 38, 23, 21],), 23),
            (([0, 0, 1, 100],), 0.5),
        ],
        [0, 1],
        "def median(values):\n"
        "    s = sorted(values)\n"
        "    n = len(s)\n"
        "    if n == 0:\n"
        "        return None\n"
        "    if n % 2:\n"
        "        return s[n // 2]\n"
        "    return (s[n // 2 - 1] + s[n // 2]) / 2\n",
    ),
    # ---------------------------------------------------------------- f(x) == y lines
    _f(
        "Our config files give timeouts as strings like 1h30m. Write parse_duration(text) that returns "
        "the total number of seconds. A duration is made of parts with a number and a unit, h for "
        "hours, m for minutes and s for seconds, always in that order, each part optional; there "
        "may be spaces between the parts, the units can be upper case too, and an empty string means "
        "0. For example:\n"
        "parse_duration('1h30m') == 5400\n"
        "parse_duration('45s') == 45\n"
        "parse_duration('2h') == 7200",
        "parse_duration",
        [
            (("1h30m",), 5400),
            (("45s",), 45),
            (("2h",), 7200),
            (("",), 0),
            (("1h5m10s",), 3910),
            (("90m",), 5400),
            (("0h0m1s",), 1),
            (("3H",), 10800),
            (("10M20S",), 620),
            (("100s",), 100),
            (("1h1s",), 3601),
            (("1h 30m",), 5400),
        ],
        [0, 1, 2],
        "import re\n\n\n"
        "def parse_duration(text):\n"
        "    units = {'h': 3600, 'm': 60, 's': 1}\n"
        "    return sum(int(n) * units[u] for n, u in re.findall(r'(\\d+)\\s*([hms])', text.lower()))\n",
    ),
    _f(
        "For our receipts page I need mask_card(number): it takes a card number as typed by the "
        "customer and hides all but the last four digits, replacing each hidden digit with '*'. "
        "Spaces and dashes have to stay exactly where they were.\n"
        "mask_card('1234 5678 9012 3456') == '**** **** **** 3456'\n"
        "mask_card('4111-1111-1111-1111') == '****-****-****-1111'",
        "mask_card",
        [
            (("1234 5678 9012 3456",), "**** **** **** 3456"),
            (("4111-1111-1111-1111",), "****-****-****-1111"),
            (("1234567890123456",), "************3456"),
            (("1234",), "1234"),
            (("123",), "123"),
            (("12 34 56",), "** 34 56"),
            (("3782 822463 10005",), "**** ****** *0005"),
            (("  9876 5432  ",), "  **** 5432  "),
            (("5-5",), "5-5"),
        ],
        [0, 1],
        "def mask_card(number):\n"
        "    total = sum(ch.isdigit() for ch in number)\n"
        "    seen, out = 0, []\n"
        "    for ch in number:\n"
        "        if ch.isdigit():\n"
        "            seen += 1\n"
        "            out.append(ch if seen > total - 4 else '*')\n"
        "        else:\n"
        "            out.append(ch)\n"
        "    return ''.join(out)\n",
    ),
    _f(
        "Quick one for a scheduling script: next_weekday(day, n) gets a three-letter day name "
        "('Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun') and a whole number of days n, and returns "
        "the three-letter name of the day n days later. n can be 0, negative (days before) or more "
        "than a week.\n"
        "next_weekday('Mon', 3) == 'Thu'\n"
        "next_weekday('Sat', 2) == 'Mon'",
        "next_weekday",
        [
            (("Mon", 3), "Thu"),
            (("Sat", 2), "Mon"),
            (("Sun", 0), "Sun"),
            (("Wed", -1), "Tue"),
            (("Fri", 7), "Fri"),
            (("Tue", 100), "Thu"),
            (("Mon", -8), "Sun"),
            (("Thu", 365), "Fri"),
            (("Sun", 1), "Mon"),
        ],
        [0, 1],
        "DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']\n\n\n"
        "def next_weekday(day, n):\n"
        "    return DAYS[(DAYS.index(day) + n) % 7]\n",
    ),
    # ---------------------------------------------------------------- f(x) -> y lines
    _f(
        "I'm porting some Python names to JavaScript. Write snake_to_camel(name) that turns a "
        "lower-case snake_case name into camelCase: the first word stays as it is, every later word "
        "gets a capital first letter. Several underscores in a row count as one, and underscores at "
        "the start or end are just dropped.\n"
        "snake_to_camel('hello_world') -> 'helloWorld'\n"
        "snake_to_camel('user_id') -> 'userId'",
        "snake_to_camel",
        [
            (("hello_world",), "helloWorld"),
            (("user_id",), "userId"),
            (("already",), "already"),
            (("a__b",), "aB"),
            (("_private_value",), "privateValue"),
            (("trailing_",), "trailing"),
            (("http_response_code_2",), "httpResponseCode2"),
            (("",), ""),
            (("x_y_z",), "xYZ"),
            (("version_2_final",), "version2Final"),
        ],
        [0, 1],
        "def snake_to_camel(name):\n"
        "    parts = [p for p in name.split('_') if p]\n"
        "    if not parts:\n"
        "        return ''\n"
        "    return parts[0] + ''.join(p[:1].upper() + p[1:] for p in parts[1:])\n",
    ),
    _f(
        "Write roman_to_int(s) for me: it takes a valid Roman numeral between 1 and 3999 and returns "
        "its value as an int. The numerals on old documents are written in either upper or lower "
        "case, so accept both.\n"
        "roman_to_int('XIV') -> 14\n"
        "roman_to_int('MMXXVI') -> 2026",
        "roman_to_int",
        [
            (("XIV",), 14),
            (("MMXXVI",), 2026),
            (("I",), 1),
            (("IX",), 9),
            (("XL",), 40),
            (("MCMXCIV",), 1994),
            (("mmmcmxcix",), 3999),
            (("LVIII",), 58),
            (("cdxliv",), 444),
            (("DCCCXC",), 890),
        ],
        [0, 1],
        "def roman_to_int(s):\n"
        "    v = {'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100, 'D': 500, 'M': 1000}\n"
        "    s = s.upper()\n"
        "    total = 0\n"
        "    for i, ch in enumerate(s):\n"
        "        if i + 1 < len(s) and v[ch] < v[s[i + 1]]:\n"
        "            total -= v[ch]\n"
        "        else:\n"
        "            total += v[ch]\n"
        "    return total\n",
    ),
    # ---------------------------------------------------------------- Input / Output pairs
    _f(
        "I need a function rotate_list(items, k) that rotates a list to the right by k places and "
        "returns a new list (don't change the one passed in). k can be larger than the list, a "
        "negative k rotates to the left, and an empty list just comes back empty.\n\n"
        "Input: rotate_list([1, 2, 3, 4, 5], 2)\n"
        "Output: [4, 5, 1, 2, 3]\n\n"
        "Input: rotate_list(['a', 'b', 'c'], 1)\n"
        "Output: ['c', 'a', 'b']",
        "rotate_list",
        [
            (([1, 2, 3, 4, 5], 2), [4, 5, 1, 2, 3]),
            ((["a", "b", "c"], 1), ["c", "a", "b"]),
            (([1, 2, 3, 4, 5], 0), [1, 2, 3, 4, 5]),
            (([1, 2, 3], 3), [1, 2, 3]),
            (([1, 2, 3], 4), [3, 1, 2]),
            (([1, 2, 3, 4], -1), [2, 3, 4, 1]),
            (([], 5), []),
            (([7], -3), [7]),
            (([1, 2, 3, 4, 5], -7), [3, 4, 5, 1, 2]),
            (([1, 2], 101), [2, 1]),
        ],
        [0, 1],
        "def rotate_list(items, k):\n"
        "    if not items:\n"
        "        return []\n"
        "    k %= len(items)\n"
        "    return items[-k:] + items[:-k] if k else list(items)\n",
    ),
    _f(
        "Can you write balanced(text)? It should return True when the brackets in the text, that is "
        "(), [] and {}, are balanced and properly nested, and False otherwise. Every other character "
        "is ignored.\n\n"
        "Input: balanced('(a[b]{c})')\n"
        "Output: True\n\n"
        "Input: balanced('(]')\n"
        "Output: False",
        "balanced",
        [
            (("(a[b]{c})",), True),
            (("(]",), False),
            (("",), True),
            (("no brackets here",), True),
            (("((",), False),
            (("))((",), False),
            (("{[()()]}",), True),
            (("([)]",), False),
            (("print(x[0])",), True),
            (("]",), False),
            (("{a: [1, 2], b: (3)}",), True),
        ],
        [0, 1],
        "def balanced(text):\n"
        "    pairs = {')': '(', ']': '[', '}': '{'}\n"
        "    stack = []\n"
        "    for ch in text:\n"
        "        if ch in '([{':\n"
        "            stack.append(ch)\n"
        "        elif ch in pairs:\n"
        "            if not stack or stack.pop() != pairs[ch]:\n"
        "                return False\n"
        "    return not stack\n",
    ),
    _f(
        "I'm sending records to an API in batches. Write chunk(items, size) that splits a list into "
        "consecutive pieces of length size (size is at least 1; the last piece can be shorter) and "
        "returns them as a list of lists. An empty list gives an empty list.\n\n"
        "Input: chunk([1, 2, 3, 4, 5], 2)\n"
        "Output: [[1, 2], [3, 4], [5]]",
        "chunk",
        [
            (([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]),
            (([1, 2, 3, 4], 2), [[1, 2], [3, 4]]),
            (([], 3), []),
            (([1, 2, 3], 5), [[1, 2, 3]]),
            (([1, 2, 3], 1), [[1], [2], [3]]),
            ((["a", "b", "c", "d", "e", "f", "g"], 3), [["a", "b", "c"], ["d", "e", "f"], ["g"]]),
            (([0], 1), [[0]]),
            (([1, 2, 3, 4, 5, 6], 6), [[1, 2, 3, 4, 5, 6]]),
        ],
        [0],
        "def chunk(items, size):\n"
        "    return [list(items[i : i + size]) for i in range(0, len(items), size)]\n",
    ),
    # ---------------------------------------------------------------- assert lines
    _f(
        "For the library catalogue I need is_valid_isbn10(code) returning True or False. Hyphens and "
        "spaces are ignored; what's left must be 10 characters: nine digits, then a last character "
        "that is a digit or X (X means 10, and a lower-case x is fine too). Multiply the first "
        "character by 10, the second by 9 and so on down to the last by 1; the code is valid when "
        "the sum is divisible by 11. These should pass:\n\n"
        "assert is_valid_isbn10('0-306-40615-2')\n"
        "assert not is_valid_isbn10('0-306-40615-3')",
        "is_valid_isbn10",
        [
            (("0-306-40615-2",), True),
            (("0-306-40615-3",), False),
            (("080442957X",), True),
            (("080442957x",), True),
            (("0 306 40615 2",), True),
            (("X123456789",), False),
            (("030640615",), False),
            (("03064061522",), False),
            (("0-306-4O615-2",), False),
            (("",), False),
            (("1-56619-909-3",), True),
            (("0000000000",), True),
        ],
        [0, 1],
        "def is_valid_isbn10(code):\n"
        "    s = code.replace('-', '').replace(' ', '')\n"
        "    if len(s) != 10 or any(ch not in '0123456789' for ch in s[:9]):\n"
        "        return False\n"
        "    if s[9] not in '0123456789xX':\n"
        "        return False\n"
        "    digits = [int(ch) for ch in s[:9]] + [10 if s[9] in 'xX' else int(s[9])]\n"
        "    return sum((10 - i) * d for i, d in enumerate(digits)) % 11 == 0\n",
    ),
    _f(
        "Write merge_intervals(intervals) that merges overlapping intervals. Each interval is a "
        "[start, end] list with start <= end, the input can be in any order, and intervals that only "
        "touch (like [1, 3] and [3, 5]) count as overlapping. Return the merged intervals as lists, "
        "sorted by start.\n\n"
        "assert merge_intervals([[1, 3], [2, 6], [8, 10]]) == [[1, 6], [8, 10]]",
        "merge_intervals",
        [
            (([[1, 3], [2, 6], [8, 10]],), [[1, 6], [8, 10]]),
            (([],), []),
            (([[5, 7]],), [[5, 7]]),
            (([[1, 3], [3, 5]],), [[1, 5]]),
            (([[8, 10], [1, 3], [2, 6]],), [[1, 6], [8, 10]]),
            (([[1, 10], [2, 3], [4, 5]],), [[1, 10]]),
            (([[1, 2], [4, 5]],), [[1, 2], [4, 5]]),
            (([[0, 0], [0, 0]],), [[0, 0]]),
            (([[-5, -1], [-2, 3], [10, 12]],), [[-5, 3], [10, 12]]),
        ],
        [0],
        "def merge_intervals(intervals):\n"
        "    out = []\n"
        "    for start, end in sorted(intervals):\n"
        "        if out and start <= out[-1][1]:\n"
        "            out[-1][1] = max(out[-1][1], end)\n"
        "        else:\n"
        "            out.append([start, end])\n"
        "    return out\n",
    ),
    # ---------------------------------------------------------------- prose, no example
    _f(
        "Write a Python function days_between(a, b) that takes two dates as strings in YYYY-MM-DD "
        "format and returns how many days apart they are, as a non-negative integer, no matter which "
        "of the two dates comes first.",
        "days_between",
        [
            (("2026-01-01", "2026-01-02"), 1),
            (("2026-01-02", "2026-01-01"), 1),
            (("2026-03-15", "2026-03-15"), 0),
            (("2024-02-28", "2024-03-01"), 2),
            (("2025-02-28", "2025-03-01"), 1),
            (("2025-12-31", "2026-01-01"), 1),
            (("2000-01-01", "2026-01-01"), 9497),
            (("1999-12-31", "2000-12-31"), 366),
        ],
        [],
        "from datetime import date\n\n\n"
        "def days_between(a, b):\n"
        "    return abs((date.fromisoformat(a) - date.fromisoformat(b)).days)\n",
    ),
    _f(
        "I'd like a function format_bytes(n) for a file manager. It gets a file size in bytes (a "
        "non-negative integer) and returns a readable string. Below 1024 it is just the number and "
        "' B', with no decimals. From 1024 on, divide by 1024 until the value is below 1024 and show "
        "it with exactly one decimal place, a space and the unit: KB, MB, GB or TB. TB is the "
        "largest unit, so huge sizes stay in TB even when the value is 1024 or more.",
        "format_bytes",
        [
            ((0,), "0 B"),
            ((1,), "1 B"),
            ((1000,), "1000 B"),
            ((1023,), "1023 B"),
            ((1024,), "1.0 KB"),
            ((1536,), "1.5 KB"),
            ((1048576,), "1.0 MB"),
            ((123456789,), "117.7 MB"),
            ((5368709120,), "5.0 GB"),
            ((1099511627776,), "1.0 TB"),
            ((1125899906842624,), "1024.0 TB"),
        ],
        [],
        "def format_bytes(n):\n"
        "    if n < 1024:\n"
        "        return f'{n} B'\n"
        "    value = float(n)\n"
        "    for unit in ('KB', 'MB', 'GB', 'TB'):\n"
        "        value /= 1024\n"
        "        if value < 1024 or unit == 'TB':\n"
        "            return f'{value:.1f} {unit}'\n",
    ),
    _f(
        "Please write second_largest(numbers): given a list of numbers, return the second largest "
        "distinct value, or None when the list has fewer than two distinct values. Copies of the "
        "largest value don't count as the second largest.",
        "second_largest",
        [
            (([1, 2, 3],), 2),
            (([5, 5, 4],), 4),
            (([5, 5],), None),
            (([],), None),
            (([7],), None),
            (([-1, -3, -2],), -2),
            (([3, 1, 3, 2, 2],), 2),
            (([1.5, 2.5, 2.5],), 1.5),
            (([0, 0, 0, -1],), -1),
            (([10, 9, 10, 9],), 9),
        ],
        [],
        "def second_largest(numbers):\n"
        "    distinct = sorted(set(numbers), reverse=True)\n"
        "    return distinct[1] if len(distinct) > 1 else None\n",
    ),
]
