"""The generic task's `test7` function rows (see generic_test7, which writes them with the rest):
the first 12 here, then generic_test7_functions2's MORE (one module would pass 550 lines). Each
row's expected values are its reference's answers (generic_test7_functions2._row).
**Do not read these requests while tuning**: they are the blind test split of 2026-12-06."""

from __future__ import annotations

from selfrefine.tasks.tools.generic_test7_functions2 import MORE, _code, _row

_WORDLE = _code("""
    from collections import Counter


    def wordle_feedback(guess, answer):
        result = ["-"] * len(guess)
        left = Counter()
        for i, (g, a) in enumerate(zip(guess, answer)):
            if g == a:
                result[i] = "G"
            else:
                left[a] += 1
        for i, g in enumerate(guess):
            if result[i] != "G" and left[g] > 0:
                result[i] = "Y"
                left[g] -= 1
        return "".join(result)
""")

_NUMBER_TO_WORDS = _code("""
    ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
            "fifteen sixteen seventeen eighteen nineteen").split()
    TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


    def number_to_words(n):
        if n < 20:
            return ONES[n]
        if n < 100:
            tens, ones = divmod(n, 10)
            return TENS[tens] + ("-" + ONES[ones] if ones else "")
        hundreds, rest = divmod(n, 100)
        return ONES[hundreds] + " hundred" + (" " + number_to_words(rest) if rest else "")
""")

_PROGRESS_BAR = _code("""
    def progress_bar(done, total, width=10):
        if total <= 0:
            done, total = 1, 1
        done = max(0, min(done, total))
        filled = done * width // total
        return "[" + "#" * filled + "-" * (width - filled) + "] " + str(done * 100 // total) + "%"
""")

_PARSE_INGREDIENT = _code("""
    UNITS = {"cup", "cups", "tbsp", "tsp", "g", "kg", "ml", "l", "oz", "lb", "lbs", "pinch", "clove",
             "cloves"}


    def _number(token):
        try:
            if "/" in token:
                top, bottom = token.split("/")
                return int(top) / int(bottom)
            return float(token)
        except (ValueError, ZeroDivisionError):
            return None


    def parse_ingredient(line):
        parts = line.split()
        qty = _number(parts[0]) if parts else None
        i = 0 if qty is None else 1
        if qty is not None and "/" not in parts[0] and len(parts) > 1 and "/" in parts[1]:
            fraction = _number(parts[1])
            if fraction is not None:
                qty += fraction
                i = 2
        unit = ""
        if qty is not None and i < len(parts) and parts[i].lower() in UNITS:
            unit = parts[i].lower()
            i += 1
        return (qty, unit, " ".join(parts[i:]))
""")

_BMI = _code("""
    def bmi_category(weight_kg, height_m):
        bmi = weight_kg / height_m ** 2
        if bmi < 18.5:
            return "underweight"
        if bmi < 25:
            return "normal"
        if bmi < 30:
            return "overweight"
        return "obese"
""")

_COLLATZ = _code("""
    def collatz_steps(n):
        steps = 0
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            steps += 1
        return steps
""")

_INTERLEAVE = _code("""
    def interleave(a, b):
        out = []
        for i in range(max(len(a), len(b))):
            if i < len(a):
                out.append(a[i])
            if i < len(b):
                out.append(b[i])
        return out
""")

_PERCENT_CHANGE = _code("""
    def percent_change(old, new):
        if old == 0:
            return None
        return round((new - old) / abs(old) * 100, 1)
""")

_SHORT_NUMBER = _code("""
    def short_number(n):
        sign = "-" if n < 0 else ""
        n = abs(n)
        for size, suffix in ((10**9, "B"), (10**6, "M"), (10**3, "K")):
            if n >= size:
                whole, tenth = divmod(n * 10 // size, 10)
                return sign + str(whole) + ("." + str(tenth) if tenth else "") + suffix
        return sign + str(n)
""")

_MAX_DEPTH = _code("""
    def max_depth(s):
        closing = {")": "(", "]": "[", "}": "{"}
        stack, best = [], 0
        for ch in s:
            if ch in "([{":
                stack.append(ch)
                best = max(best, len(stack))
            elif ch in closing:
                if not stack or stack.pop() != closing[ch]:
                    return -1
        return -1 if stack else best
""")

_FIND_PEAKS = _code("""
    def find_peaks(nums):
        if len(nums) < 2:
            return []
        peaks = []
        for i, x in enumerate(nums):
            left = i == 0 or x > nums[i - 1]
            right = i == len(nums) - 1 or x > nums[i + 1]
            if left and right:
                peaks.append(i)
        return peaks
""")

_AGE_ON = _code("""
    from datetime import date


    def age_on(birthday, on_date):
        born, day = date.fromisoformat(birthday), date.fromisoformat(on_date)
        years = day.year - born.year
        if (day.month, day.day) < (born.month, born.day):
            years -= 1
        return years
""")

# fmt: off
FUNCTIONS = [
    _row(
        "I'm making a Wordle clone in Python. Can you write the function that scores a guess? Both "
        "words are 5 lowercase letters. Return a 5-character string: G where the letter is right and "
        "in the right spot, Y where the letter is in the answer but somewhere else, and - otherwise. "
        "Repeated letters should work like the real game: a letter only gets a Y if the answer still "
        "has an unmatched copy of it (greens are matched first).\n\n"
        "```python\ndef wordle_feedback(guess, answer):\n    \"\"\"\n"
        "    >>> wordle_feedback('crane', 'react')\n    'YYG-Y'\n"
        "    >>> wordle_feedback('speed', 'abide')\n    '--Y-Y'\n"
        "    >>> wordle_feedback('apple', 'apple')\n    'GGGGG'\n    \"\"\"\n```",
        "wordle_feedback",
        [("crane", "react"), ("speed", "abide"), ("apple", "apple"), ("robot", "floor"), ("geese", "eagle"),
         ("abbey", "babes"), ("lemon", "melon"), ("xxxxx", "apple"), ("sassy", "essay"), ("there", "three"),
         ("eerie", "rebel")],
        [0, 1, 2],
        _WORDLE,
    ),
    _row(
        "Write number_to_words(n) for 0 <= n <= 999, spelling the number in English, all lowercase. "
        "Use a hyphen for 21-99 (forty-two) and no \"and\" after hundred, so 305 is "
        "\"three hundred five\". It should satisfy:\n\n"
        "```python\ndef number_to_words(n):\n    \"\"\"\n"
        "    >>> number_to_words(0)\n    'zero'\n"
        "    >>> number_to_words(42)\n    'forty-two'\n"
        "    >>> number_to_words(115)\n    'one hundred fifteen'\n    \"\"\"\n```",
        "number_to_words",
        [(0,), (42,), (115,), (7,), (13,), (20,), (99,), (100,), (305,), (870,), (999,), (411,)],
        [0, 1, 2],
        _NUMBER_TO_WORDS,
    ),
    _row(
        "I want a little text progress bar for a CLI script. progress_bar(done, total, width=10) "
        "returns a string like \"[#####-----] 50%\": the bar is `width` cells, the number of # is "
        "done * width / total rounded down, and the percentage is also rounded down to a whole "
        "number. If done is below 0 or above total, clamp it. If total is 0, show a full bar at "
        "100%.\n\n"
        "```python\ndef progress_bar(done, total, width=10):\n    \"\"\"\n"
        "    >>> progress_bar(5, 10)\n    '[#####-----] 50%'\n"
        "    >>> progress_bar(1, 3)\n    '[###-------] 33%'\n"
        "    >>> progress_bar(7, 7, 4)\n    '[####] 100%'\n    \"\"\"\n```",
        "progress_bar",
        [(5, 10), (1, 3), (7, 7, 4), (0, 5), (12, 10), (2, 3, 20), (0, 0), (-3, 10), (999, 1000),
         (1, 8, 5)],
        [0, 1, 2],
        _PROGRESS_BAR,
    ),
    _row(
        "Help me parse recipe ingredient lines. parse_ingredient(line) returns a tuple (quantity, "
        "unit, name).\n"
        "- quantity: the number at the start as a float. It can be a whole number, a decimal, a "
        "fraction like 3/4, or a whole number plus a fraction like \"2 1/2\". If the line doesn't "
        "start with a number, quantity is None.\n"
        "- unit: the word right after the quantity if it is one of cup, cups, tbsp, tsp, g, kg, ml, "
        "l, oz, lb, lbs, pinch, clove, cloves (any case, returned lowercase), otherwise \"\".\n"
        "- name: whatever is left, with extra whitespace squeezed to single spaces.\n\n"
        "```python\ndef parse_ingredient(line):\n    \"\"\"\n"
        "    >>> parse_ingredient('2 1/2 cups flour')\n    (2.5, 'cups', 'flour')\n"
        "    >>> parse_ingredient('3 large eggs')\n    (3.0, '', 'large eggs')\n"
        "    >>> parse_ingredient('salt to taste')\n    (None, '', 'salt to taste')\n    \"\"\"\n```",
        "parse_ingredient",
        [("2 1/2 cups flour",), ("3 large eggs",), ("salt to taste",), ("1/4 tsp baking soda",),
         ("200 g  dark chocolate",), ("1.5 L milk",), ("1 pinch of salt",), ("2 Cloves garlic, minced",),
         ("12 oz",), ("  3/4 cup sugar ",), ("1 1/3 cups rolled oats",)],
        [0, 1, 2],
        _PARSE_INGREDIENT,
    ),
    _row(
        "Write bmi_category(weight_kg, height_m). BMI is weight divided by height squared. Return "
        "'underweight' below 18.5, 'normal' from 18.5 up to but not including 25, 'overweight' from "
        "25 up to but not including 30, and 'obese' at 30 or more.\n\n"
        "bmi_category(70, 1.75) == 'normal'\nbmi_category(95, 1.7) == 'obese'",
        "bmi_category",
        [(70, 1.75), (95, 1.7), (50, 1.8), (80, 1.75), (25, 1.0), (18.5, 1), (29.9, 1), (30, 1),
         (60, 1.6), (45, 1.65)],
        [0, 1],
        _BMI,
    ),
    _row(
        "collatz_steps(n) in python please - how many steps it takes to get from n down to 1, where "
        "each step halves an even number and turns an odd number into 3n + 1. n is always a positive "
        "integer.\n\ncollatz_steps(6) == 8\ncollatz_steps(1) == 0",
        "collatz_steps",
        [(6,), (1,), (2,), (3,), (7,), (27,), (97,), (16,), (19,), (1000,)],
        [0, 1],
        _COLLATZ,
    ),
    _row(
        "Write interleave(a, b) that merges two lists by alternating their items, starting with a. "
        "When one list runs out, the rest of the other one goes on the end. Return a new list.\n\n"
        "interleave([1, 2, 3], ['a', 'b']) == [1, 'a', 2, 'b', 3]\n"
        "interleave([], [4, 5]) == [4, 5]",
        "interleave",
        [([1, 2, 3], ["a", "b"]), ([], [4, 5]), ([1], [2]), ([], []), (["x"], ["a", "b", "c"]),
         ([1, 3, 5, 7], [2, 4, 6, 8]), (["a", "b"], ["c"]), ([[1], [2]], [[3]]), ([None, 1], [2.5])],
        [0, 1],
        _INTERLEAVE,
    ),
    _row(
        "I need percent_change(old, new) for a dashboard: the change from old to new as a percentage "
        "of old, rounded to 1 decimal place. Divide by the absolute value of old so a move from -50 "
        "to -25 counts as +50%. If old is 0 the change is undefined, so return None.\n\n"
        "percent_change(50, 75) == 50.0\npercent_change(200, 150) == -25.0\n"
        "percent_change(0, 10) == None",
        "percent_change",
        [(50, 75), (200, 150), (0, 10), (80, 100), (3, 4), (3, 2), (-50, -25), (7, 7), (0, 0),
         (1.5, 2.25), (120, 30), (9, 10)],
        [0, 1, 2],
        _PERCENT_CHANGE,
    ),
    _row(
        "Write short_number(n) that formats an integer the way social apps show follower counts: "
        "under 1000 it's just the number, from a thousand up use K, from a million M, from a billion "
        "B, with one decimal that is cut off (not rounded) and left out when it's 0. Negative numbers "
        "keep their minus sign.\n\n"
        "short_number(999) -> '999'\nshort_number(1250) -> '1.2K'\nshort_number(3000000) -> '3M'",
        "short_number",
        [(999,), (1250,), (3000000,), (0,), (1000,), (1999,), (15300,), (999999,), (1050000,),
         (2500000000,), (-4700,), (12345678901,)],
        [0, 1, 2],
        _SHORT_NUMBER,
    ),
    _row(
        "Python function max_depth(s): return how deeply the brackets (), [] and {} are nested in the "
        "string s. Other characters don't matter. If the brackets don't match up properly (wrong "
        "type, closing without opening, or left open) return -1.\n\n"
        "max_depth('a(b[c]d)') -> 2\nmax_depth('no brackets') -> 0\nmax_depth('(]') -> -1",
        "max_depth",
        [("a(b[c]d)",), ("no brackets",), ("(]",), ("",), ("()()()",), ("{[()]}",), ("((x)",), ("x)",),
         ("[(])",), ("f(a, g(b, [1, {2}]))",), (")(",)],
        [0, 1, 2],
        _MAX_DEPTH,
    ),
    _row(
        "write find_peaks(nums) that returns the indices of the peaks in a list of numbers, in order. "
        "A peak is strictly bigger than each neighbour it has, so the first and last items only need "
        "to beat their one neighbour. A list with fewer than 2 numbers has no peaks.\n\n"
        "find_peaks([1, 3, 2, 4, 1]) -> [1, 3]\nfind_peaks([5, 1, 1, 6]) -> [0, 3]",
        "find_peaks",
        [([1, 3, 2, 4, 1],), ([5, 1, 1, 6],), ([],), ([7],), ([2, 2, 2],), ([1, 2, 3],), ([3, 2, 1],),
         ([1, 2, 2, 1],), ([0, -1, 0, -1, 0],), ([1.5, 2.5, 2.4],)],
        [0, 1],
        _FIND_PEAKS,
    ),
    _row(
        "Write age_on(birthday, on_date) where both are 'YYYY-MM-DD' strings, returning the person's "
        "age in whole years on that date. Someone born on Feb 29 gets a year older on Mar 1 in years "
        "that aren't leap years.\n\n"
        "age_on('1990-07-15', '2024-07-14') -> 33\nage_on('1990-07-15', '2024-07-15') -> 34",
        "age_on",
        [("1990-07-15", "2024-07-14"), ("1990-07-15", "2024-07-15"), ("2000-02-29", "2023-02-28"),
         ("2000-02-29", "2023-03-01"), ("2000-02-29", "2024-02-29"), ("2010-12-31", "2011-01-01"),
         ("1985-01-01", "2025-12-31"), ("2024-05-05", "2024-05-05"), ("1969-11-20", "2026-11-19")],
        [0, 1],
        _AGE_ON,
    ),
    *MORE,
]
# fmt: on
