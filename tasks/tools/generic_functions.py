"""The generic task's "write this function" requests (written for this project): signature, what
it does, a reference implementation and the calls its hidden tests make (expected values come
from the reference; the first `SHOWN` calls appear in the request as examples)."""

from __future__ import annotations

SHOWN = 3

# (name, signature, what it does, reference, calls: each a list of arguments)
FUNCTIONS: list[tuple[str, str, str, str, list[list]]] = [
    (
        "is_palindrome",
        "is_palindrome(s: str) -> bool",
        "returns True when s reads the same forwards and backwards, ignoring case and every character "
        "that is not a letter or a digit",
        "def is_palindrome(s):\n    t = [c.lower() for c in s if c.isalnum()]\n    return t == t[::-1]\n",
        [
            ["Racecar"],
            ["hello"],
            ["A man, a plan, a canal: Panama"],
            [""],
            ["ab"],
            ["No 'x' in Nixon"],
            ["12321"],
            ["123a"],
        ],
    ),
    (
        "count_vowels",
        "count_vowels(s: str) -> int",
        "counts the vowels (a, e, i, o, u, in either case) in s",
        "def count_vowels(s):\n    return sum(c in 'aeiouAEIOU' for c in s)\n",
        [["banana"], ["SKY"], ["Education"], [""], ["xyz AEIOU"], ["queue"]],
    ),
    (
        "fizzbuzz",
        "fizzbuzz(n: int) -> list[str]",
        "returns the strings for 1..n: 'Fizz' for multiples of 3, 'Buzz' for multiples of 5, "
        "'FizzBuzz' for multiples of both, else the number itself as a string",
        "def fizzbuzz(n):\n    out = []\n    for i in range(1, n + 1):\n"
        "        out.append('FizzBuzz' if i % 15 == 0 else 'Fizz' if i % 3 == 0 else 'Buzz' if i % 5 == 0 "
        "else str(i))\n"
        "    return out\n",
        [[5], [1], [15], [0], [16]],
    ),
    (
        "second_largest",
        "second_largest(nums: list[int]) -> int | None",
        "returns the second largest distinct value in nums, or None when there are fewer than two "
        "distinct values",
        "def second_largest(nums):\n    u = sorted(set(nums))\n    return u[-2] if len(u) >= 2 else None\n",
        [[[3, 1, 4, 1, 5]], [[7, 7, 7]], [[10, 20]], [[]], [[-1, -5, -3]], [[5, 5, 4, 4]], [[2]]],
    ),
    (
        "flatten",
        "flatten(items: list) -> list",
        "flattens arbitrarily nested lists into one flat list, keeping the order of the elements",
        "def flatten(items):\n    out = []\n    for x in items:\n"
        "        out.extend(flatten(x) if isinstance(x, list) else [x])\n    return out\n",
        [
            [[1, [2, 3], [4, [5]]]],
            [[]],
            [[[[[]]]]],
            [["a", ["b", ["c"]]]],
            [[1, 2, 3]],
            [[[1], [], [2, [3, [4]]]]],
        ],
    ),
    (
        "word_frequencies",
        "word_frequencies(text: str) -> dict[str, int]",
        "counts how often each word occurs in text; words are runs of letters, counted in lowercase",
        "import re\ndef word_frequencies(text):\n    out = {}\n"
        "    for w in re.findall('[A-Za-z]+', text):\n        out[w.lower()] = out.get(w.lower(), 0) + 1\n"
        "    return out\n",
        [["the cat and the hat"], ["Hi hi HI"], [""], ["one, two; two... three!"], ["It's a dog"]],
    ),
    (
        "rle_encode",
        "rle_encode(s: str) -> str",
        "run-length encodes s: each run of one character becomes the character followed by the length "
        "of the run",
        "def rle_encode(s):\n    out, i = [], 0\n    while i < len(s):\n        j = i\n"
        "        while j < len(s) and s[j] == s[i]:\n            j += 1\n"
        "        out.append(s[i] + str(j - i))\n        i = j\n    return ''.join(out)\n",
        [["aaabcc"], ["x"], [""], ["abab"], ["zzzzzzzzzzzz"], ["aAa"]],
    ),
    (
        "rle_decode",
        "rle_decode(s: str) -> str",
        "decodes a run-length string in which each letter is followed by how many times it repeats "
        "(the count may have several digits)",
        "import re\ndef rle_decode(s):\n"
        "    return ''.join(c * int(n) for c, n in re.findall(r'(\\D)(\\d+)', s))\n",
        [["a3b1c2"], ["x1"], [""], ["z12"], ["a1b2a1"]],
    ),
    (
        "is_prime",
        "is_prime(n: int) -> bool",
        "returns True when n is a prime number",
        "def is_prime(n):\n    if n < 2:\n        return False\n    i = 2\n    while i * i <= n:\n"
        "        if n % i == 0:\n            return False\n        i += 1\n    return True\n",
        [[7], [1], [10], [2], [0], [-7], [97], [7919], [7917]],
    ),
    (
        "primes_below",
        "primes_below(n: int) -> list[int]",
        "returns all prime numbers smaller than n, in increasing order",
        "def primes_below(n):\n"
        "    return [p for p in range(2, n) if all(p % d for d in range(2, int(p ** 0.5) + 1))]\n",
        [[10], [2], [3], [30], [0], [50]],
    ),
    (
        "lcm_list",
        "lcm_list(nums: list[int]) -> int",
        "returns the least common multiple of a non-empty list of positive integers",
        "from math import gcd\ndef lcm_list(nums):\n    out = 1\n    for x in nums:\n"
        "        out = out * x // gcd(out, x)\n    return out\n",
        [[[4, 6]], [[5]], [[1, 2, 3, 4, 5]], [[7, 11]], [[12, 18, 30]], [[2, 4, 8]]],
    ),
    (
        "roman_to_int",
        "roman_to_int(s: str) -> int",
        "converts a Roman numeral (I, V, X, L, C, D, M, with subtractive pairs such as IV and CM) to an "
        "integer",
        "def roman_to_int(s):\n    v = {'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100, 'D': 500, 'M': 1000}\n"
        "    total = 0\n    for i, c in enumerate(s):\n"
        "        total += -v[c] if i + 1 < len(s) and v[s[i + 1]] > v[c] else v[c]\n    return total\n",
        [["XIV"], ["III"], ["MCMXCIV"], ["IX"], ["MMXXVI"], ["CDXLIV"], ["I"]],
    ),
    (
        "int_to_roman",
        "int_to_roman(n: int) -> str",
        "converts an integer from 1 to 3999 to a Roman numeral using subtractive notation",
        "def int_to_roman(n):\n"
        "    vals = [(1000, 'M'), (900, 'CM'), (500, 'D'), (400, 'CD'), (100, 'C'), (90, 'XC'),\n"
        "            (50, 'L'), (40, 'XL'), (10, 'X'), (9, 'IX'), (5, 'V'), (4, 'IV'), (1, 'I')]\n"
        "    out = ''\n    for v, r in vals:\n        while n >= v:\n"
        "            out += r\n            n -= v\n"
        "    return out\n",
        [[14], [3], [1994], [40], [3999], [1], [444]],
    ),
    (
        "to_binary",
        "to_binary(n: int) -> str",
        "returns the binary digits of a non-negative integer n, without any prefix",
        "def to_binary(n):\n    return format(n, 'b')\n",
        [[5], [0], [1], [255], [1024], [6]],
    ),
    (
        "caesar",
        "caesar(text: str, shift: int) -> str",
        "shifts every letter of text by shift places in the alphabet, wrapping around and keeping its "
        "case; other characters stay as they are (shift may be negative or larger than 26)",
        "def caesar(text, shift):\n    out = []\n    for c in text:\n"
        "        if c.isascii() and c.isalpha():\n            base = ord('A') if c.isupper() else ord('a')\n"
        "            out.append(chr((ord(c) - base + shift) % 26 + base))\n        else:\n"
        "            out.append(c)\n    return ''.join(out)\n",
        [["abc", 1], ["xyz", 3], ["Hello, World!", 13], ["abc", -1], ["Zz", 27], ["", 5], ["Mix 9", 52]],
    ),
    (
        "are_anagrams",
        "are_anagrams(a: str, b: str) -> bool",
        "returns True when a and b use exactly the same letters the same number of times, ignoring "
        "spaces and case",
        "def are_anagrams(a, b):\n    f = lambda s: sorted(s.replace(' ', '').lower())\n"
        "    return f(a) == f(b)\n",
        [
            ["listen", "silent"],
            ["apple", "pale"],
            ["Dormitory", "dirty room"],
            ["", ""],
            ["aab", "abb"],
            ["Astronomer", "Moon starer"],
        ],
    ),
    (
        "chunk",
        "chunk(items: list, size: int) -> list[list]",
        "splits items into consecutive pieces of length size; the last piece may be shorter",
        "def chunk(items, size):\n    return [items[i:i + size] for i in range(0, len(items), size)]\n",
        [[[1, 2, 3, 4, 5], 2], [[], 3], [[1, 2, 3], 3], [[1, 2, 3], 5], [["a", "b", "c", "d"], 1]],
    ),
    (
        "rotate_right",
        "rotate_right(items: list, k: int) -> list",
        "returns a new list with the elements of items rotated k places to the right (k may exceed the "
        "length)",
        "def rotate_right(items, k):\n    if not items:\n        return []\n    k %= len(items)\n"
        "    return items[-k:] + items[:-k] if k else list(items)\n",
        [[[1, 2, 3, 4, 5], 2], [[1, 2, 3], 0], [[], 4], [[1, 2, 3], 3], [[1, 2, 3], 7], [["a"], 100]],
    ),
    (
        "merge_sorted",
        "merge_sorted(a: list[int], b: list[int]) -> list[int]",
        "merges two lists that are each sorted in increasing order into one sorted list",
        "def merge_sorted(a, b):\n    return sorted(a + b)\n",
        [[[1, 3, 5], [2, 4, 6]], [[], [1, 2]], [[], []], [[1, 1, 2], [1, 3]], [[-5, 0], [-6, 10]]],
    ),
    (
        "digit_sum",
        "digit_sum(n: int) -> int",
        "returns the sum of the decimal digits of n (of its absolute value for negative n)",
        "def digit_sum(n):\n    return sum(int(d) for d in str(abs(n)))\n",
        [[123], [0], [-45], [9999], [1000001]],
    ),
    (
        "camel_to_snake",
        "camel_to_snake(name: str) -> str",
        "turns a camelCase or PascalCase identifier made of letters into snake_case, all lowercase",
        "import re\ndef camel_to_snake(name):\n    return re.sub(r'(?<!^)(?=[A-Z])', '_', name).lower()\n",
        [["camelCase"], ["PascalCase"], ["already"], ["getHttpResponse"], ["x"], ["aBC"]],
    ),
    (
        "snake_to_camel",
        "snake_to_camel(name: str) -> str",
        "turns a lowercase snake_case identifier into camelCase (the first word stays lowercase)",
        "def snake_to_camel(name):\n    first, *rest = name.split('_')\n"
        "    return first + ''.join(w.capitalize() for w in rest)\n",
        [["snake_case"], ["already"], ["get_http_response"], ["a_b_c"], ["x"]],
    ),
    (
        "median",
        "median(nums: list[float]) -> float",
        "returns the median of a non-empty list of numbers (the mean of the two middle values when the "
        "length is even)",
        "def median(nums):\n    s = sorted(nums)\n    m = len(s) // 2\n"
        "    return float(s[m]) if len(s) % 2 else (s[m - 1] + s[m]) / 2\n",
        [[[3, 1, 2]], [[4, 1, 3, 2]], [[5]], [[1, 1, 1, 1]], [[-3, 10, 2.5]], [[7, 8]]],
    ),
    (
        "most_common",
        "most_common(nums: list[int]) -> int",
        "returns the value that occurs most often in a non-empty list; on a tie, the smallest such value",
        "def most_common(nums):\n    return min(set(nums), key=lambda v: (-nums.count(v), v))\n",
        [[[1, 2, 2, 3]], [[4, 4, 1, 1]], [[7]], [[3, 3, 2, 2, 1, 1]], [[-1, -1, 5]]],
    ),
    (
        "running_sum",
        "running_sum(nums: list[int]) -> list[int]",
        "returns the list of running totals: element i is the sum of nums[0..i]",
        "def running_sum(nums):\n    out, t = [], 0\n    for x in nums:\n        t += x\n"
        "        out.append(t)\n"
        "    return out\n",
        [[[1, 2, 3]], [[]], [[5]], [[1, -1, 1, -1]], [[10, 0, 0]]],
    ),
    (
        "dedupe_runs",
        "dedupe_runs(items: list) -> list",
        "removes consecutive duplicates, keeping the first element of each run",
        "def dedupe_runs(items):\n"
        "    return [x for i, x in enumerate(items) if i == 0 or items[i - 1] != x]\n",
        [[[1, 1, 2, 2, 2, 3, 1]], [[]], [["a", "a", "a"]], [[1, 2, 3]], [[1, 2, 1, 2]]],
    ),
    (
        "balanced",
        "balanced(s: str) -> bool",
        "returns True when the brackets (), [] and {} in s are balanced and properly nested (other "
        "characters are ignored)",
        "def balanced(s):\n    pairs, stack = {')': '(', ']': '[', '}': '{'}, []\n    for c in s:\n"
        "        if c in '([{':\n            stack.append(c)\n        elif c in pairs:\n"
        "            if not stack or stack.pop() != pairs[c]:\n                return False\n"
        "    return not stack\n",
        [["(a[b]{c})"], ["(]"], [""], ["(("], ["{[()()]}"], ["())("], ["x)"]],
    ),
    (
        "longest_word",
        "longest_word(sentence: str) -> str",
        "returns the longest word of a sentence (words are separated by spaces); on a tie, the first one",
        "def longest_word(sentence):\n    return max(sentence.split(), key=len, default='')\n",
        [["the quick brown fox"], ["a bb cc"], ["one"], ["hi there you"], ["  spaced   out  "]],
    ),
    (
        "fibonacci",
        "fibonacci(n: int) -> int",
        "returns the n-th Fibonacci number, where fibonacci(0) == 0 and fibonacci(1) == 1",
        "def fibonacci(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\n",
        [[10], [0], [1], [2], [30], [90]],
    ),
    (
        "pascal_row",
        "pascal_row(n: int) -> list[int]",
        "returns row n of Pascal's triangle, where row 0 is [1]",
        "def pascal_row(n):\n    row = [1]\n    for _ in range(n):\n"
        "        row = [a + b for a, b in zip([0] + row, row + [0])]\n    return row\n",
        [[3], [0], [1], [5], [10]],
    ),
    (
        "transpose",
        "transpose(matrix: list[list[int]]) -> list[list[int]]",
        "returns the transpose of a rectangular matrix given as a list of rows",
        "def transpose(matrix):\n    return [list(r) for r in zip(*matrix)]\n",
        [[[[1, 2, 3], [4, 5, 6]]], [[[1]]], [[[1, 2]]], [[[1], [2], [3]]], [[]]],
    ),
    (
        "max_subarray",
        "max_subarray(nums: list[int]) -> int",
        "returns the largest sum of a contiguous, non-empty slice of a non-empty list",
        "def max_subarray(nums):\n    best = cur = nums[0]\n    for x in nums[1:]:\n"
        "        cur = max(x, cur + x)\n        best = max(best, cur)\n    return best\n",
        [[[-2, 1, -3, 4, -1, 2, 1, -5, 4]], [[1]], [[-3, -1, -2]], [[5, -1, 5]], [[2, 3, -10, 4]]],
    ),
    (
        "two_sum",
        "two_sum(nums: list[int], target: int) -> list[int] | None",
        "returns the indices [i, j] with i < j of the first pair (smallest j, then smallest i) whose "
        "values add up to target, or None when there is none",
        "def two_sum(nums, target):\n    for j in range(len(nums)):\n        for i in range(j):\n"
        "            if nums[i] + nums[j] == target:\n                return [i, j]\n    return None\n",
        [[[2, 7, 11, 15], 9], [[1, 2, 3], 7], [[3, 3], 6], [[], 1], [[1, 5, 1, 5], 6], [[0, -1, 1], 0]],
    ),
    (
        "parse_duration",
        "parse_duration(text: str) -> int",
        "converts a duration such as '1h30m', '45m' or '2h' into a number of minutes",
        "import re\ndef parse_duration(text):\n    h = re.search(r'(\\d+)h', text)\n"
        "    m = re.search(r'(\\d+)m', text)\n"
        "    return (int(h.group(1)) * 60 if h else 0) + (int(m.group(1)) if m else 0)\n",
        [["1h30m"], ["45m"], ["2h"], ["0h5m"], ["10h0m"], ["12h59m"]],
    ),
    (
        "format_seconds",
        "format_seconds(seconds: int) -> str",
        "formats a non-negative number of seconds as HH:MM:SS with two digits each (hours may exceed 99)",
        "def format_seconds(seconds):\n    h, rest = divmod(seconds, 3600)\n    m, s = divmod(rest, 60)\n"
        "    return f'{h:02d}:{m:02d}:{s:02d}'\n",
        [[3661], [0], [59], [86399], [360000], [600]],
    ),
    (
        "is_leap_year",
        "is_leap_year(year: int) -> bool",
        "returns True for leap years of the Gregorian calendar",
        "def is_leap_year(year):\n    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)\n",
        [[2024], [1900], [2000], [2023], [2100], [2400], [4]],
    ),
    (
        "day_of_year",
        "day_of_year(year: int, month: int, day: int) -> int",
        "returns which day of the year a Gregorian date is, 1 for January 1st",
        "def day_of_year(year, month, day):\n    days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]\n"
        "    if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):\n        days[1] = 29\n"
        "    return sum(days[:month - 1]) + day\n",
        [[2023, 1, 1], [2023, 3, 1], [2024, 3, 1], [2024, 12, 31], [1900, 12, 31], [2000, 2, 29]],
    ),
    (
        "squeeze_spaces",
        "squeeze_spaces(text: str) -> str",
        "replaces every run of whitespace in text by a single space and removes leading and trailing "
        "whitespace",
        "def squeeze_spaces(text):\n    return ' '.join(text.split())\n",
        [["  a   b  "], ["one\ttwo\nthree"], [""], ["x"], ["   "]],
    ),
    (
        "count_islands",
        "count_islands(grid: list[list[int]]) -> int",
        "counts the groups of 1s in a grid of 0s and 1s, where cells belong to one group when they touch "
        "horizontally or vertically",
        "def count_islands(grid):\n    seen, n = set(), 0\n    for r in range(len(grid)):\n"
        "        for c in range(len(grid[r])):\n            if grid[r][c] == 1 and (r, c) not in seen:\n"
        "                n += 1\n                todo = [(r, c)]\n                while todo:\n"
        "                    y, x = todo.pop()\n"
        "                    if (y, x) in seen or not (0 <= y < len(grid) and 0 <= x < len(grid[y])) "
        "or grid[y][x] != 1:\n"
        "                        continue\n                    seen.add((y, x))\n"
        "                    todo += [(y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)]\n    return n\n",
        [
            [[[1, 1, 0], [0, 1, 0], [0, 0, 1]]],
            [[[0, 0], [0, 0]]],
            [[]],
            [[[1]]],
            [[[1, 0, 1], [0, 1, 0], [1, 0, 1]]],
            [[[1, 1, 1], [1, 0, 1], [1, 1, 1]]],
        ],
    ),
    (
        "capitalize_words",
        "capitalize_words(text: str) -> str",
        "makes the first letter of every space-separated word uppercase and the rest of it lowercase, "
        "keeping the spaces as they are",
        "def capitalize_words(text):\n"
        "    return ' '.join(w[:1].upper() + w[1:].lower() for w in text.split(' '))\n",
        [["hello world"], ["hELLO wORLD"], [""], ["a  b"], ["123abc def"]],
    ),
    (
        "count_words",
        "count_words(text: str) -> int",
        "counts the words of text, where a word is a maximal run of characters that are not whitespace",
        "def count_words(text):\n    return len(text.split())\n",
        [["hello world"], [""], ["  one  "], ["a\tb\nc"], ["well-known, isn't it?"]],
    ),
    (
        "factorial",
        "factorial(n: int) -> int",
        "returns n! for a non-negative integer n (0! is 1)",
        "def factorial(n):\n    out = 1\n    for i in range(2, n + 1):\n        out *= i\n    return out\n",
        [[5], [0], [1], [10], [20]],
    ),
]
