"""The second half of the generic task's `test7` function rows (generic_test7_functions holds the
first; generic_test7 writes them with the rest), and the helper both use. **Do not read these
requests while tuning**: they are the blind test split of 2026-12-06."""

from __future__ import annotations

import copy
import json
from textwrap import dedent

from selfrefine.tasks.tools.generic_rows import function as _f


def _code(text: str) -> str:
    """A reference implementation written indented in this file, as its own module's text."""
    return dedent(text).lstrip("\n")


def _row(request: str, entry: str, calls: list[tuple], shown: list[int], reference: str) -> dict:
    """A function row whose expected values are the reference's answers to `calls` (as JSON has
    them: a tuple is a list); `shown` indexes the calls the request shows."""
    ns: dict = {}
    exec(reference, ns)
    cases = [(list(args), json.loads(json.dumps(ns[entry](*copy.deepcopy(args))))) for args in calls]
    return _f(request, entry, cases, shown, reference)


_MASK_EMAIL = _code("""
    def mask_email(email):
        if "@" not in email:
            return email
        local, domain = email.rsplit("@", 1)
        if len(local) <= 2:
            masked = "*" * len(local)
        else:
            masked = local[0] + "*" * (len(local) - 2) + local[-1]
        return masked + "@" + domain
""")

_NEXT_PALINDROME = _code("""
    def next_palindrome(n):
        n += 1
        while str(n) != str(n)[::-1]:
            n += 1
        return n
""")

_PIG_LATIN = _code("""
    def _pig(word):
        if word[0] in "aeiou":
            return word + "way"
        i = 0
        while i < len(word):
            if word[i] == "u" and i > 0 and word[i - 1] == "q":
                i += 1
                continue
            if word[i] in "aeiou" or (word[i] == "y" and i > 0):
                break
            i += 1
        return word[i:] + word[:i] + "ay"


    def pig_latin(sentence):
        return " ".join(_pig(w) for w in sentence.split())
""")

_TALLY_VOTES = _code("""
    from collections import Counter


    def tally_votes(ballots):
        counts = Counter(b.strip().lower() for b in ballots if b.strip())
        if not counts:
            return None
        best = max(counts.values())
        return min(name for name, n in counts.items() if n == best)
""")

_LEVENSHTEIN = _code("""
    def levenshtein(a, b):
        prev = list(range(len(b) + 1))
        for i, ca in enumerate(a, 1):
            cur = [i]
            for j, cb in enumerate(b, 1):
                cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
            prev = cur
        return prev[-1]
""")

_INVERT_DICT = _code("""
    def invert_dict(d):
        out = {}
        for key, value in d.items():
            out.setdefault(value, []).append(key)
        return {value: sorted(keys) for value, keys in out.items()}
""")

_MIN_COINS = _code("""
    def min_coins(amount, coins):
        best = [0] + [None] * amount
        for total in range(1, amount + 1):
            options = [best[total - c] for c in coins if c <= total and best[total - c] is not None]
            best[total] = min(options) + 1 if options else None
        return -1 if best[amount] is None else best[amount]
""")

_READING_TIME = _code("""
    def reading_time(text, wpm=200):
        n = len(text.split())
        return -(-n // wpm)
""")

_MONTHLY_PAYMENT = _code("""
    def monthly_payment(principal, annual_rate, years):
        months = years * 12
        r = annual_rate / 100 / 12
        if r == 0:
            return round(principal / months, 2)
        return round(principal * r / (1 - (1 + r) ** -months), 2)
""")

_TRAPPED_WATER = _code("""
    def trapped_water(heights):
        left, right = 0, len(heights) - 1
        left_max = right_max = water = 0
        while left < right:
            if heights[left] < heights[right]:
                left_max = max(left_max, heights[left])
                water += left_max - heights[left]
                left += 1
            else:
                right_max = max(right_max, heights[right])
                water += right_max - heights[right]
                right -= 1
        return water
""")

# fmt: off
MORE = [
    _row(
        "Write a Python function mask_email(email) that hides most of an email address for display. "
        "Keep the first and last character of the part before the @ and replace every character in "
        "between with *, one star per character. If that part is only 1 or 2 characters long, "
        "replace all of it with stars. The domain (everything after the LAST @) stays as it is, and "
        "a string with no @ at all is returned unchanged.\n\n"
        "Input: 'john.doe@example.com'\nOutput: 'j******e@example.com'\n\n"
        "Input: 'al@site.org'\nOutput: '**@site.org'",
        "mask_email",
        [("john.doe@example.com",), ("al@site.org",), ("x@y.io",), ("abc@d.com",), ("not-an-email",),
         ("Mary.Jane+news@mail.co.uk",), ("weird@name@host.com",), ("",), ("bob@",)],
        [0, 1],
        _MASK_EMAIL,
    ),
    _row(
        "need a function next_palindrome(n): given a non-negative int n, return the smallest "
        "palindromic number that is strictly bigger than n (reads the same forwards and backwards).\n"
        "\nInput: 123\nOutput: 131\n\nInput: 99\nOutput: 101",
        "next_palindrome",
        [(123,), (99,), (0,), (999,), (808,), (1221,), (12921,), (1999,), (5,), (123456,)],
        [0, 1],
        _NEXT_PALINDROME,
    ),
    _row(
        "Can you write pig_latin(sentence) in Python? The sentence is lowercase words separated by "
        "spaces. Rules:\n"
        "- a word starting with a vowel (a, e, i, o, u) just gets \"way\" added\n"
        "- otherwise move all the consonants before the first vowel to the end and add \"ay\"\n"
        "- \"qu\" stays together, so the u after a q moves with the consonants (quiet -> ietquay)\n"
        "- y is a consonant at the start of a word but counts as a vowel anywhere else\n"
        "- a word with no vowels at all just gets \"ay\"\n"
        "Return the translated words joined by single spaces.\n\n"
        "Input: 'hello world'\nOutput: 'ellohay orldway'\n\n"
        "Input: 'eat apples'\nOutput: 'eatway applesway'",
        "pig_latin",
        [("hello world",), ("eat apples",), ("quiet square",), ("yellow rhythm",), ("string",), ("tsk",),
         ("my queen",), ("a",), ("school is out",), ("",)],
        [0, 1],
        _PIG_LATIN,
    ),
    _row(
        "I'm counting votes for our club election from a list of names people wrote down. Write "
        "tally_votes(ballots) that returns the winner. People wrote names inconsistently, so compare "
        "them ignoring case and spaces around them, and skip blank ballots. Return the winning name "
        "stripped and in lowercase. If two or more names tie for the most votes, return the one that "
        "comes first alphabetically; if there are no real votes at all, return None.\n\n"
        "Input: ['Ana', 'Ben', 'ana']\nOutput: 'ana'\n\nInput: []\nOutput: None",
        "tally_votes",
        [(["Ana", "Ben", "ana"],), ([],), (["Ben", "Ana"],), ([" Cy ", "cy", "Dee", "dee", "DEE"],),
         (["", "   "],), (["Zoe"],), (["b", "a", "b", "a", "c"],), (["Mary Ann", "mary ann", "Mary"],),
         (["x", "", "y", " ", "y"],)],
        [0, 1],
        _TALLY_VOTES,
    ),
    _row(
        "Write levenshtein(a, b) returning the edit distance between two strings: the minimum number "
        "of single-character insertions, deletions or substitutions to turn a into b. Case matters. "
        "It should pass these:\n\n```python\nassert levenshtein('kitten', 'sitting') == 3\n"
        "assert levenshtein('', 'abc') == 3\n```",
        "levenshtein",
        [("kitten", "sitting"), ("", "abc"), ("abc", "abc"), ("flaw", "lawn"), ("intention", "execution"),
         ("a", "b"), ("", ""), ("book", "back"), ("Saturday", "Sunday"), ("abc", ""), ("ab", "ba")],
        [0, 1],
        _LEVENSHTEIN,
    ),
    _row(
        "I have a dict mapping names to categories and I need it flipped. Write invert_dict(d) that "
        "returns a new dict from each value to a list of the keys that had that value, each list "
        "sorted. Don't change the input.\n\n"
        "assert invert_dict({'apple': 'red', 'banana': 'yellow', 'cherry': 'red'}) == "
        "{'red': ['apple', 'cherry'], 'yellow': ['banana']}\nassert invert_dict({}) == {}",
        "invert_dict",
        [({"apple": "red", "banana": "yellow", "cherry": "red"},), ({},), ({"x": "1"},),
         ({"b": "v", "a": "v", "c": "v"},), ({"Tom": "math", "ann": "art", "Bob": "math"},),
         ({"k1": "a", "k2": "b", "k3": "c"},),
         ({"dog": "pet", "cat": "pet", "cow": "farm", "hen": "farm", "fox": "wild"},),
         ({"z": "", "y": ""},)],
        [0, 1],
        _INVERT_DICT,
    ),
    _row(
        "Python: min_coins(amount, coins) should give the fewest coins needed to make exactly "
        "`amount` from the coin values in `coins` (you can use each value as many times as you "
        "like), or -1 if it can't be done. Note greedy doesn't always work.\n\n"
        "assert min_coins(11, [1, 2, 5]) == 3\nassert min_coins(3, [2]) == -1\n"
        "assert min_coins(0, [1]) == 0",
        "min_coins",
        [(11, [1, 2, 5]), (3, [2]), (0, [1]), (6, [1, 3, 4]), (7, [2, 4]), (100, [1, 5, 10, 25]),
         (63, [1, 5, 10, 21, 25]), (1, [2, 5]), (27, [5, 10, 3]), (12, [1, 6, 10])],
        [0, 1, 2],
        _MIN_COINS,
    ),
    _row(
        "For my blog I want to show an estimated reading time. Please write reading_time(text, "
        "wpm=200) in Python: count the words (anything separated by whitespace), divide by the "
        "words-per-minute rate and round UP to a whole number of minutes. Text with no words at all "
        "should give 0.",
        "reading_time",
        [("",), ("   ",), ("hello",), ("word " * 200,), ("word " * 201,), ("a b c d e", 2),
         ("x " * 1000, 250), ("one\ntwo\tthree", 1), ("x " * 450,)],
        [],
        _READING_TIME,
    ),
    _row(
        "Write a function monthly_payment(principal, annual_rate, years) for a fixed-rate loan. "
        "annual_rate is a percentage (6 means 6% a year), interest is charged monthly at "
        "annual_rate / 12, and there are years * 12 equal monthly payments. Use the standard "
        "amortization formula and return the payment rounded to 2 decimals. A 0% rate should just "
        "split the principal evenly over the months.",
        "monthly_payment",
        [(200000, 6, 30), (10000, 0, 5), (15000, 4.5, 5), (1000, 12, 1), (350000, 7.25, 30),
         (5000, 3, 2), (250000, 5, 15), (0, 5, 10)],
        [],
        _MONTHLY_PAYMENT,
    ),
    _row(
        "Classic interview one: write trapped_water(heights). heights is a list of non-negative "
        "integers giving the height of bars of width 1 side by side. After it rains, how many units "
        "of water are trapped between the bars? Return an int; an empty list traps nothing.",
        "trapped_water",
        [([],), ([1],), ([0, 1, 0, 2, 1, 0, 1, 3, 2, 1, 2, 1],), ([4, 2, 0, 3, 2, 5],), ([3, 3, 3],),
         ([5, 4, 3, 2, 1],), ([2, 0, 2],), ([3, 0, 0, 2, 0, 4],), ([1, 0, 1, 0, 1],)],
        [],
        _TRAPPED_WATER,
    ),
]
# fmt: on
