"""The generic task's `test2` function rows (see generic_test2, which writes them with the rest).
**Do not read these requests while tuning**: they are the blind test split."""

from __future__ import annotations

from selfrefine.tasks.tools.generic_rows import function as _f

FUNCTIONS = [
    _f(
        "Can you write this function for me? Words are separated by single spaces. The small words "
        "a, an, the, and, of, in, on stay lowercase unless they are the first word; every other "
        "word gets a capital first letter and the rest lowercase.\n\n"
        "```python\ndef title_case(s: str) -> str:\n"
        '    """Turn a book title into title case.\n\n'
        "    >>> title_case('the lord of the rings')\n    'The Lord of the Rings'\n"
        "    >>> title_case('HARRY POTTER AND THE CHAMBER OF SECRETS')\n"
        "    'Harry Potter and the Chamber of Secrets'\n"
        '    """\n```',
        "title_case",
        [
            (["the lord of the rings"], "The Lord of the Rings"),
            (["HARRY POTTER AND THE CHAMBER OF SECRETS"], "Harry Potter and the Chamber of Secrets"),
            (["a tale of two cities"], "A Tale of Two Cities"),
            ([""], ""),
            (["of mice and men"], "Of Mice and Men"),
            (["in the heat of the night"], "In the Heat of the Night"),
            (["gone with the wind"], "Gone With the Wind"),
            (["an apple a day"], "An Apple a Day"),
            (["one"], "One"),
        ],
        [0, 1],
        "def title_case(s):\n"
        "    small = {'a', 'an', 'the', 'and', 'of', 'in', 'on'}\n"
        "    out = []\n"
        "    for i, w in enumerate(s.split(' ')):\n"
        "        w = w.lower()\n"
        "        out.append(w if i > 0 and w in small else w[:1].upper() + w[1:])\n"
        "    return ' '.join(out)\n",
    ),
    _f(
        "I keep getting phone numbers typed in every format imaginable. Write a Python function "
        "normalize_phone(s) that keeps only the digits; if there are 10 digits, return them "
        "formatted as '(XXX) XXX-XXXX', if there are 11 digits and the first is 1, drop the 1 and "
        "format the rest the same way, and otherwise return None.\n\n"
        "normalize_phone('555-123-4567') == '(555) 123-4567'\n"
        "normalize_phone('12345') == None",
        "normalize_phone",
        [
            (["555-123-4567"], "(555) 123-4567"),
            (["(555)1234567"], "(555) 123-4567"),
            (["1 555 123 4567"], "(555) 123-4567"),
            (["+1 (800) 555-0199"], "(800) 555-0199"),
            (["12345"], None),
            (["2 555 123 4567"], None),
            (["555.987.6543"], "(555) 987-6543"),
            ([""], None),
            (["5551234567890"], None),
        ],
        [0, 4],
        "def normalize_phone(s):\n"
        "    d = ''.join(c for c in s if c in '0123456789')\n"
        "    if len(d) == 11 and d[0] == '1':\n"
        "        d = d[1:]\n"
        "    if len(d) != 10:\n"
        "        return None\n"
        "    return f'({d[:3]}) {d[3:6]}-{d[6:]}'\n",
    ),
    _f(
        "Write a Python function running_total(nums) that takes a list of numbers and returns a new "
        "list where each element is the sum of everything up to and including that position.\n\n"
        "Input: running_total([1, 2, 3])\nOutput: [1, 3, 6]\n\n"
        "Input: running_total([])\nOutput: []",
        "running_total",
        [
            ([[1, 2, 3]], [1, 3, 6]),
            ([[]], []),
            ([[5]], [5]),
            ([[-1, 1, -1]], [-1, 0, -1]),
            ([[0, 0]], [0, 0]),
            ([[1.5, 2.5]], [1.5, 4.0]),
            ([[10, -20, 30, -40]], [10, -10, 20, -20]),
            ([[7, 7, 7, 7]], [7, 14, 21, 28]),
        ],
        [0, 1],
        "def running_total(nums):\n"
        "    out, acc = [], 0\n"
        "    for x in nums:\n"
        "        acc += x\n"
        "        out.append(acc)\n"
        "    return out\n",
    ),
    _f(
        'need a helper that checks whether a string is a valid 24-hour time like "09:30". It has '
        "to be exactly two digits, a colon, two digits, hours 00-23 and minutes 00-59. Call it "
        "is_valid_time and make these pass:\n\n"
        "assert is_valid_time('09:30')\n"
        "assert not is_valid_time('24:00')",
        "is_valid_time",
        [
            (["09:30"], True),
            (["24:00"], False),
            (["23:59"], True),
            (["7:05"], False),
            (["12:60"], False),
            (["00:00"], True),
            (["ab:cd"], False),
            (["12:345"], False),
            ([""], False),
            (["12-30"], False),
        ],
        [0, 1],
        "def is_valid_time(s):\n"
        "    if len(s) != 5 or s[2] != ':':\n"
        "        return False\n"
        "    hh, mm = s[:2], s[3:]\n"
        "    if not all(c in '0123456789' for c in hh + mm):\n"
        "        return False\n"
        "    return int(hh) < 24 and int(mm) < 60\n",
    ),
    _f(
        "We always split the restaurant bill evenly, tip included. Write a Python function "
        "split_bill(total, people, tip_percent) that returns how much each person pays: the total "
        "plus the tip percentage, divided by the number of people, rounded to 2 decimal places.",
        "split_bill",
        [
            ([100, 4, 20], 30.0),
            ([50, 2, 0], 25.0),
            ([84.5, 3, 10], 30.98),
            ([10, 3, 0], 3.33),
            ([200, 5, 15], 46.0),
            ([0, 3, 18], 0.0),
            ([99.99, 1, 0], 99.99),
            ([60, 4, 10], 16.5),
        ],
        [],
        "def split_bill(total, people, tip_percent):\n"
        "    return round(total * (1 + tip_percent / 100) / people, 2)\n",
    ),
    _f(
        "Please fill in this function. Words are whatever is separated by whitespace (so a "
        "hyphenated name counts as one word).\n\n"
        "```python\ndef initials(name):\n"
        '    """Return the initials of a name, upper case, each followed by a dot.\n\n'
        "    >>> initials('John Ronald Reuel Tolkien')\n    'J.R.R.T.'\n"
        "    >>> initials('ada lovelace')\n    'A.L.'\n"
        '    """\n```',
        "initials",
        [
            (["John Ronald Reuel Tolkien"], "J.R.R.T."),
            (["ada lovelace"], "A.L."),
            (["Cher"], "C."),
            (["  mary   jane watson "], "M.J.W."),
            ([""], ""),
            (["jean-luc picard"], "J.P."),
            (["x"], "X."),
            (["Anne Marie"], "A.M."),
        ],
        [0, 1],
        "def initials(name):\n    return ''.join(w[0].upper() + '.' for w in name.split())\n",
    ),
    _f(
        "Write seconds_to_hms(n) in Python: it turns a number of seconds into a string 'H:MM:SS'. "
        "Hours are not padded and can go past 24, minutes and seconds always have two digits.\n\n"
        "seconds_to_hms(3661) == '1:01:01'\n"
        "seconds_to_hms(59) == '0:00:59'",
        "seconds_to_hms",
        [
            ([3661], "1:01:01"),
            ([59], "0:00:59"),
            ([0], "0:00:00"),
            ([86399], "23:59:59"),
            ([90000], "25:00:00"),
            ([600], "0:10:00"),
            ([3600], "1:00:00"),
            ([45296], "12:34:56"),
        ],
        [0, 1],
        "def seconds_to_hms(n):\n"
        "    h, rest = divmod(n, 3600)\n"
        "    m, s = divmod(rest, 60)\n"
        "    return f'{h}:{m:02d}:{s:02d}'\n",
    ),
    _f(
        "I have a list of words and want them grouped by their first letter. Write "
        "group_by_first_letter(words) returning a dict from the lowercase first letter to the list "
        "of words starting with it, in their original order. Empty strings are skipped.\n\n"
        "Input: group_by_first_letter(['apple', 'banana', 'avocado'])\n"
        "Output: {'a': ['apple', 'avocado'], 'b': ['banana']}\n\n"
        "Input: group_by_first_letter(['Cherry', 'cranberry'])\n"
        "Output: {'c': ['Cherry', 'cranberry']}",
        "group_by_first_letter",
        [
            ([["apple", "banana", "avocado"]], {"a": ["apple", "avocado"], "b": ["banana"]}),
            ([[]], {}),
            ([["Cherry", "cranberry"]], {"c": ["Cherry", "cranberry"]}),
            ([["", "kiwi"]], {"k": ["kiwi"]}),
            ([["fig"]], {"f": ["fig"]}),
            ([["b", "a", "b"]], {"b": ["b", "b"], "a": ["a"]}),
            ([["Date", "date"]], {"d": ["Date", "date"]}),
            ([["Zebra", "ant", "Ape"]], {"z": ["Zebra"], "a": ["ant", "Ape"]}),
        ],
        [0, 2],
        "def group_by_first_letter(words):\n"
        "    out = {}\n"
        "    for w in words:\n"
        "        if w:\n"
        "            out.setdefault(w[0].lower(), []).append(w)\n"
        "    return out\n",
    ),
    _f(
        "Write a Python function median(nums) that returns the median of a list of numbers (the "
        "average of the two middle values when the count is even), or None for an empty list. "
        "Don't change the list that's passed in.\n\n"
        "assert median([3, 1, 2]) == 2\n"
        "assert median([4, 1, 3, 2]) == 2.5",
        "median",
        [
            ([[3, 1, 2]], 2.0),
            ([[4, 1, 3, 2]], 2.5),
            ([[]], None),
            ([[5]], 5.0),
            ([[1, 1, 1, 1]], 1.0),
            ([[-5, 0, 5, 10]], 2.5),
            ([[7, 3]], 5.0),
            ([[2, 2, 3]], 2.0),
            ([[10, 1, 9, 2, 8]], 8.0),
        ],
        [0, 1],
        "def median(nums):\n"
        "    if not nums:\n"
        "        return None\n"
        "    s = sorted(nums)\n"
        "    k = len(s) // 2\n"
        "    return s[k] if len(s) % 2 else (s[k - 1] + s[k]) / 2\n",
    ),
    _f(
        "Write a Python function most_common_word(text) that returns the word that appears most "
        "often in text, in lowercase. Treat upper and lower case as the same word, count only runs "
        "of letters as words (punctuation and digits are not part of words), and if there's a tie, "
        "return the tied word that appears first in the text. Return None if there are no words.",
        "most_common_word",
        [
            (["the cat and the hat"], "the"),
            (["Apple apple BANANA banana"], "apple"),
            ([""], None),
            (["Hello, hello! HELLO?"], "hello"),
            (["one two three"], "one"),
            (["b a b a c"], "b"),
            (["Dogs, cats; dogs."], "dogs"),
            (["123 !!"], None),
        ],
        [],
        "import re\n\n\n"
        "def most_common_word(text):\n"
        "    found = re.findall('[a-z]+', text.lower())\n"
        "    if not found:\n"
        "        return None\n"
        "    counts = {}\n"
        "    for w in found:\n"
        "        counts[w] = counts.get(w, 0) + 1\n"
        "    best = max(counts.values())\n"
        "    return next(w for w in found if counts[w] == best)\n",
    ),
    _f(
        "I need this for batching API calls:\n\n"
        "```python\ndef chunk(items, size):\n"
        '    """Split items into consecutive lists of length size; the last one may be shorter.\n\n'
        "    >>> chunk([1, 2, 3, 4, 5], 2)\n    [[1, 2], [3, 4], [5]]\n"
        "    >>> chunk([], 3)\n    []\n"
        '    """\n```\n\n'
        "size is always at least 1.",
        "chunk",
        [
            ([[1, 2, 3, 4, 5], 2], [[1, 2], [3, 4], [5]]),
            ([[], 3], []),
            ([[1, 2, 3], 3], [[1, 2, 3]]),
            ([[1], 5], [[1]]),
            ([["a", "b", "c", "d"], 1], [["a"], ["b"], ["c"], ["d"]]),
            ([[1, 2, 3, 4], 2], [[1, 2], [3, 4]]),
            ([[0, 0, 0, 0, 0, 0, 0], 3], [[0, 0, 0], [0, 0, 0], [0]]),
            ([[1, 2, 3, 4, 5, 6], 4], [[1, 2, 3, 4], [5, 6]]),
        ],
        [0, 1],
        "def chunk(items, size):\n    return [items[i : i + size] for i in range(0, len(items), size)]\n",
    ),
    _f(
        "Write a Python function roman_to_int(s) that converts a Roman numeral (uppercase, standard "
        "subtractive form, 1 to 3999) to an integer.\n\n"
        "roman_to_int('III') == 3\n"
        "roman_to_int('MCMXCIV') == 1994",
        "roman_to_int",
        [
            (["III"], 3),
            (["IX"], 9),
            (["LVIII"], 58),
            (["MCMXCIV"], 1994),
            (["XL"], 40),
            (["MMXXVI"], 2026),
            (["CDXLIV"], 444),
            (["I"], 1),
        ],
        [0, 3],
        "def roman_to_int(s):\n"
        "    v = {'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100, 'D': 500, 'M': 1000}\n"
        "    total = 0\n"
        "    for i, c in enumerate(s):\n"
        "        if i + 1 < len(s) and v[c] < v[s[i + 1]]:\n"
        "            total -= v[c]\n"
        "        else:\n"
        "            total += v[c]\n"
        "    return total\n",
    ),
    _f(
        "Write compress_spaces(s): collapse every run of whitespace (spaces, tabs, newlines) into a "
        "single space and remove whitespace at both ends.\n\n"
        "Input: compress_spaces('  hello   world  ')\nOutput: 'hello world'\n"
        "Input: compress_spaces('one')\nOutput: 'one'",
        "compress_spaces",
        [
            (["  hello   world  "], "hello world"),
            (["a\tb\nc"], "a b c"),
            ([""], ""),
            (["   "], ""),
            (["one"], "one"),
            (["x  y"], "x y"),
            (["\n\nline\n"], "line"),
            (["tabs\t\tand  spaces"], "tabs and spaces"),
        ],
        [0, 4],
        "def compress_spaces(s):\n    return ' '.join(s.split())\n",
    ),
    _f(
        "Write a function day_after(day, n) that takes an English day name like 'Monday' and a "
        "whole number of days n (which can be negative, meaning days before) and returns the name "
        "of the day n days later.\n\n"
        "assert day_after('Monday', 1) == 'Tuesday'\n"
        "assert day_after('Sunday', 1) == 'Monday'",
        "day_after",
        [
            (["Monday", 1], "Tuesday"),
            (["Sunday", 1], "Monday"),
            (["Friday", 10], "Monday"),
            (["Wednesday", 0], "Wednesday"),
            (["Saturday", 7], "Saturday"),
            (["Tuesday", -1], "Monday"),
            (["Thursday", 365], "Friday"),
            (["Sunday", -7], "Sunday"),
        ],
        [0, 1],
        "DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']\n\n\n"
        "def day_after(day, n):\n    return DAYS[(DAYS.index(day) + n) % 7]\n",
    ),
    _f(
        "Write a Python function is_anagram(a, b) that tells me whether two phrases are anagrams "
        "of each other, ignoring capital letters and spaces.",
        "is_anagram",
        [
            (["listen", "silent"], True),
            (["Dormitory", "dirty room"], True),
            (["abc", "abd"], False),
            (["", ""], True),
            (["a", ""], False),
            (["The eyes", "They see"], True),
            (["aab", "abb"], False),
            (["Astronomer", "Moon starer"], True),
        ],
        [],
        "def is_anagram(a, b):\n"
        "    def key(s):\n"
        "        return sorted(s.replace(' ', '').lower())\n\n"
        "    return key(a) == key(b)\n",
    ),
    _f(
        "I need a Python function days_in_month(year, month) that returns how many days that month "
        "has in that year (month is 1-12), getting February right in leap years.",
        "days_in_month",
        [
            ([2024, 2], 29),
            ([2023, 2], 28),
            ([1900, 2], 28),
            ([2000, 2], 29),
            ([2025, 4], 30),
            ([2025, 12], 31),
            ([2025, 1], 31),
            ([2100, 2], 28),
            ([2025, 9], 30),
        ],
        [],
        "def days_in_month(year, month):\n"
        "    if month == 2:\n"
        "        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)\n"
        "        return 29 if leap else 28\n"
        "    return 30 if month in (4, 6, 9, 11) else 31\n",
    ),
]
