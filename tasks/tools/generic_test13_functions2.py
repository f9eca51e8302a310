"""The generic task's `test13` function rows, second part (generic_test13_functions holds the first
11 and FUNCTIONS): the last 11 rows, and the two helpers both parts build their rows with. Each
row's expected values are its reference's answers (`_row`).
**Do not read these requests while tuning**: they are a blind test split."""

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


_HANGMAN = _code("""
    def hangman_mask(word, guesses):
        guessed = set(guesses.lower())
        out = []
        for ch in word:
            if ch == " ":
                out.append("/")
            elif ch.isalpha() and ch.lower() not in guessed:
                out.append("_")
            else:
                out.append(ch)
        return " ".join(out)
""")

_TABLE = _code("""
    def markdown_table(rows):
        def cell(v):
            return "" if v is None else str(v).replace("|", "\\\\|")

        def line(r):
            return "| " + " | ".join(cell(v) for v in r) + " |"

        out = [line(rows[0]), "| " + " | ".join("---" for _ in rows[0]) + " |"]
        out += [line(r) for r in rows[1:]]
        return "\\n".join(out)
""")

_MINES = _code("""
    def minesweeper_counts(grid):
        out = []
        for r, row in enumerate(grid):
            line = ""
            for c, ch in enumerate(row):
                if ch == "*":
                    line += "*"
                    continue
                n = 0
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        rr, cc = r + dr, c + dc
                        if (dr or dc) and 0 <= rr < len(grid) and 0 <= cc < len(grid[rr]):
                            n += grid[rr][cc] == "*"
                line += str(n) if n else "."
            out.append(line)
        return out
""")

_TRACKING = _code("""
    def strip_tracking_params(url):
        url, hash_, fragment = url.partition("#")
        base, q, query = url.partition("?")
        if not q:
            return url + hash_ + fragment
        kept = []
        for part in query.split("&"):
            name = part.split("=", 1)[0].lower()
            if name.startswith("utm_") or name in ("fbclid", "gclid"):
                continue
            kept.append(part)
        return base + ("?" + "&".join(kept) if kept else "") + hash_ + fragment
""")

_PLATES = _code("""
    def plates_per_side(target):
        side = (target - 20) / 2
        if side < 0:
            return None
        plates = []
        for p in (25, 20, 15, 10, 5, 2.5, 1.25):
            while side >= p - 1e-9:
                plates.append(float(p))
                side -= p
        return plates if abs(side) < 1e-9 else None
""")

_TICTACTOE = _code("""
    def tic_tac_toe_winner(board):
        lines = [list(row) for row in board]
        lines += [[board[r][c] for r in range(3)] for c in range(3)]
        lines += [[board[i][i] for i in range(3)], [board[i][2 - i] for i in range(3)]]
        for line in lines:
            if line[0] != "." and line.count(line[0]) == 3:
                return line[0]
        return "draw" if all("." not in row for row in board) else None
""")

_STAIRS = _code("""
    import math


    def stair_steps(total_rise, max_riser):
        steps = math.ceil(total_rise / max_riser)
        return (steps, round(total_rise / steps, 1))
""")

_CROSSWORD = _code("""
    def crossword_matches(pattern, words):
        def fits(word):
            if len(word) != len(pattern):
                return False
            for p, w in zip(pattern.lower(), word.lower()):
                if p == "?":
                    if not w.isalpha():
                        return False
                elif p != w:
                    return False
            return True

        return [w for w in words if fits(w)]
""")

_DOG = _code("""
    def dog_years(age):
        if age == 0:
            return 0
        if age == 1:
            return 15
        return 24 + 5 * (age - 2)
""")

_RIEGEL = _code("""
    def riegel_prediction(time, from_km, to_km):
        seconds = 0
        for part in time.split(":"):
            seconds = seconds * 60 + int(part)
        t = round(seconds * (to_km / from_km) ** 1.06)
        return f"{t // 3600}:{t // 60 % 60:02d}:{t % 60:02d}"
""")

_PPI = _code("""
    import math


    def pixels_per_inch(width_px, height_px, diagonal_in):
        return round(math.hypot(width_px, height_px) / diagonal_in)
""")

# fmt: off
MORE = [
    _row(
        "Little word game for my nephew. hangman_mask(word, guesses) shows the word with the letters "
        "not guessed yet as '_'. guesses is a string of the letters guessed so far; letters match in "
        "any case, and a revealed letter keeps the case it has in word. Each character of word becomes "
        "one symbol: a guessed letter itself, an unguessed letter '_', a space '/', and anything else "
        "(hyphens, apostrophes, digits) itself. The symbols are joined with single spaces.\n\n"
        "hangman_mask('banana', 'an') -> '_ a n a n a'\n"
        "hangman_mask('Ice cream', 'EC') -> '_ c e / c _ e _ _'",
        "hangman_mask",
        [("banana", "an"), ("Ice cream", "EC"), ("python", ""), ("python", "xyz"), ("Mississippi", "s"),
         ("rock-n-roll", "ro"), ("o'clock", "ck"), ("Zebra", "ZEBRA"), ("a b", "b"), ("", "abc"),
         ("SQUARE", "qu")],
        [0, 1],
        _HANGMAN,
    ),
    _row(
        "I keep pasting spreadsheet data into our docs. Write markdown_table(rows): rows is a list of "
        "lists, the first one the header, all with the same number of cells. Return the markdown table "
        "as one string, lines joined with '\\n' and no newline at the end: each row as '| a | b |' "
        "(cells between '| ' and ' | ' and ' |'), and after the header a separator line with '---' for "
        "every column, like '| --- | --- |'. A cell is str() of its value, except None, which is an "
        "empty cell, and any '|' inside a cell is written as '\\\\|'.\n\n"
        "Input: [['Name', 'Qty'], ['Apples', 3], ['Pears', 10]]\n"
        "Output: '| Name | Qty |\\n| --- | --- |\\n| Apples | 3 |\\n| Pears | 10 |'",
        "markdown_table",
        [([["Name", "Qty"], ["Apples", 3], ["Pears", 10]],), ([["A"]],), ([["Item", "Price"], ["Tea", 2.5]],),
         ([["x", "y"], ["a|b", "c"]],), ([["k", "v"], [True, None]],),
         ([["a", "b", "c"], [1, 2, 3], [4, 5, 6], [7, 8, 9]],), ([["Name"], ["  padded  "]],),
         ([["h1", "h2"], ["", "x"]],), ([["Fruit", "Emoji"], ["pear", "🍐"]],), ([["n"], [-1.25], [0]],)],
        [0],
        _TABLE,
    ),
    _row(
        "I'm writing a Minesweeper clone. minesweeper_counts(grid) takes the board as a list of strings, "
        "'*' for a mine and '.' for an empty square (rows may be empty, the list may be empty). Return "
        "the board with every empty square replaced by the number of mines in the up to 8 squares "
        "around it (as a digit), or left as '.' when there are none. Mines stay '*'.\n\n"
        "Input: ['*..', '...', '..*']\nOutput: ['*1.', '121', '.1*']",
        "minesweeper_counts",
        [(["*..", "...", "..*"],), ([],), ([""],), (["*"],), (["."],), (["***", "*.*", "***"],), ([".*.*."],),
         ([".", "*", ".", "."],), (["*****", ".....", "*****"],), (["..*..", ".....", "*...*"],)],
        [0],
        _MINES,
    ),
    _row(
        "Links people paste into our newsletter are full of tracking junk. strip_tracking_params(url) "
        "removes every query parameter whose name (the part before '=', or the whole parameter if it has "
        "no '=') starts with 'utm_' or is 'fbclid' or 'gclid', in any case. The other parameters stay "
        "exactly as written and in their order; if none are left, drop the '?' too. Anything from '#' "
        "on (the fragment) is kept at the end.\n\n"
        "Input: 'https://shop.example/p/42?utm_source=news&color=red&fbclid=abc'\n"
        "Output: 'https://shop.example/p/42?color=red'",
        "strip_tracking_params",
        [("https://shop.example/p/42?utm_source=news&color=red&fbclid=abc",), ("https://a.example/",),
         ("https://a.example/x?utm_medium=email",), ("https://a.example/x?q=1&UTM_Campaign=spring#top",),
         ("https://a.example/?gclid=1#sec",), ("https://a.example/s?q=utm_source&page=2",),
         ("https://a.example/p?utm=1&utmost=2",), ("http://x.example/path?fbclid",),
         ("https://a.example/p?ref=tw&utm_source=tw&ref2=x",), ("https://a.example/p?b=2&a=1&mc_eid=5",)],
        [0],
        _TRACKING,
    ),
    _row(
        "Gym helper: plates_per_side(target) says which plates to put on each side of a 20 kg barbell to "
        "reach target kg in total. The plates are 25, 20, 15, 10, 5, 2.5 and 1.25 kg and there are as "
        "many of each as needed. Use the biggest plates first: keep adding the largest plate that still "
        "fits on the weight left for one side. Return that side's plates as a list of floats, largest "
        "first ([] for just the bar), or None when target is below 20 or the weight per side cannot be "
        "made exactly.\n\n"
        "Input: 100\nOutput: [25.0, 15.0]\n\n"
        "Input: 20\nOutput: []",
        "plates_per_side",
        [(100,), (20,), (60,), (142.5,), (17.5,), (21,), (225,), (47.5,), (185,), (72.5,), (22.5,)],
        [0, 1],
        _PLATES,
    ),
    _row(
        "For a tic-tac-toe bot I need tic_tac_toe_winner(board). board is a list of 3 strings of 3 "
        "characters each, 'X', 'O' or '.' for an empty square. Return 'X' or 'O' if that player has "
        "three in a row (a row, a column or a diagonal; at most one player ever has), 'draw' if the "
        "board is full and nobody has, and None if the game is still going.\n\n"
        "assert tic_tac_toe_winner(['XXX', 'OO.', '...']) == 'X'\n"
        "assert tic_tac_toe_winner(['XOX', 'XOO', 'OXX']) == 'draw'",
        "tic_tac_toe_winner",
        [(["XXX", "OO.", "..."],), (["XOX", "XOO", "OXX"],), (["...", "...", "..."],),
         (["O..", "O.X", "OX."],), (["X.O", ".XO", "..X"],), (["..O", ".O.", "O.X"],),
         (["XOX", "OXO", "OXO"],), (["XX.", "OO.", "..."],), (["OOO", "XX.", "X.."],),
         (["XOX", "XOO", "XX."],)],
        [0, 1],
        _TICTACTOE,
    ),
    _row(
        "Building a staircase. stair_steps(total_rise, max_riser) takes the floor-to-floor height and the "
        "highest a single step may be (both in mm) and returns a tuple (steps, riser): the fewest steps "
        "whose equal risers are each at most max_riser, and the height of each riser, total_rise / steps "
        "rounded to 1 decimal.\n\n"
        "assert stair_steps(2650, 180) == (15, 176.7)\n"
        "assert stair_steps(1800, 180) == (10, 180.0)",
        "stair_steps",
        [(2650, 180), (1800, 180), (2700, 190), (1000, 175), (150, 180), (2999, 170), (440, 220), (2575, 185),
         (3600, 165), (1234, 199), (2000, 181)],
        [0, 1],
        _STAIRS,
    ),
    _row(
        "Crossword helper: crossword_matches(pattern, words) returns the words that fit a pattern like "
        "'c?t'. A word fits when it has exactly as many characters as the pattern, each '?' of the "
        "pattern lines up with a letter, and every other pattern character is the same letter as the "
        "word's in that place, in any case. Return the fitting words as written, in the order of words.\n\n"
        "assert crossword_matches('c?t', ['cat', 'Cut', 'coat', 'cot']) == ['cat', 'Cut', 'cot']",
        "crossword_matches",
        [("c?t", ["cat", "Cut", "coat", "cot"]), ("?", ["a", "I", "an", ""]),
         ("b??k", ["book", "Back", "bank", "brook", "bk"]), ("????", []),
         ("PL?NT", ["plant", "plane", "PLINT", "plants"]), ("a?", ["a1", "a-", "ab"]), ("", ["", "a"]),
         ("?a?e", ["cake", "bare", "care", "acre", "cafe", "face"]),
         ("s?ng", ["sing", "song", "sung", "sang", "sign"]), ("z??", ["zip", "zap", "zoo", "zest", "Zen"])],
        [0],
        _CROSSWORD,
    ),
    _row(
        "My kids keep asking how old our dogs are in human years, so I want dog_years(age) for a whole "
        "number of dog years (0 or more). A dog's first year counts as 15 human years, its second year "
        "adds 9 more, and every year after that adds 5. A dog of 0 years is 0. So a 1-year-old dog is "
        "15, a 2-year-old is 24 and a 5-year-old is 39. Return an int.",
        "dog_years",
        [(0,), (3,), (4,), (6,), (7,), (10,), (12,), (15,), (20,)],
        [],
        _DOG,
    ),
    _row(
        "I want to predict race times with Riegel's formula: T2 = T1 * (D2 / D1) ** 1.06. Write "
        "riegel_prediction(time, from_km, to_km): time is the known race time over from_km kilometres, "
        "written 'MM:SS' or 'H:MM:SS', and the result is the predicted time over to_km, rounded to the "
        "nearest second and always written 'H:MM:SS' (hours not zero-padded, minutes and seconds two "
        "digits). For example 25 minutes over 5 km predicts 0:52:07 over 10 km.",
        "riegel_prediction",
        [("50:00", 10, 21.0975), ("1:45:00", 21.0975, 42.195), ("20:00", 5, 5), ("3:30:00", 42.195, 21.0975),
         ("7:30", 1.609, 5), ("45:30", 10, 5), ("1:02:03", 15, 25), ("18:45", 5, 42.195),
         ("2:59:59", 42.195, 50)],
        [],
        _RIEGEL,
    ),
    _row(
        "Comparing monitors and phones: pixels_per_inch(width_px, height_px, diagonal_in) gives the pixel "
        "density, the length of the screen's diagonal in pixels (from the width and height in pixels, "
        "by Pythagoras) divided by the diagonal in inches, rounded to the nearest whole number and "
        "returned as an int. A 1920 by 1080 screen with a 24 inch diagonal comes to 92, and a 2560 by "
        "1440 one at 27 inches to 109.",
        "pixels_per_inch",
        [(3840, 2160, 27), (1366, 768, 15.6), (2532, 1170, 6.1), (1280, 800, 13.3), (3024, 1964, 14.2),
         (1920, 1200, 15.4), (7680, 4320, 65), (800, 480, 7), (2560, 1600, 13.3)],
        [],
        _PPI,
    ),
]
# fmt: on
