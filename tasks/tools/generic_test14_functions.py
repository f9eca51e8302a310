"""The generic task's `test14` function rows (see generic_test14, which writes them with the rest):
the first 11 here, then generic_test14_functions2's MORE (one module would pass 450 lines). Each
row's expected values are its reference's answers (generic_test14_functions2._row).
**Do not read these requests while tuning**: they are a blind test split."""

from __future__ import annotations

from selfrefine.tasks.tools.generic_test14_functions2 import MORE, _code, _row

_ENV = _code("""
    def parse_env(text):
        out = {}
        for line in text.splitlines():
            s = line.strip()
            if not s or s.startswith("#") or "=" not in s:
                continue
            key, value = s.split("=", 1)
            key = key.strip()
            if key.startswith("export "):
                key = key[len("export ") :].strip()
            value = value.strip()
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\\"":
                value = value[1:-1]
            else:
                cut = value.find(" #")
                if cut >= 0:
                    value = value[:cut]
                value = value.strip()
            out[key] = value
        return out
""")

_PEGS = _code("""
    from collections import Counter


    def mastermind_pegs(secret, guess):
        black = sum(s == g for s, g in zip(secret, guess))
        common = Counter(secret) & Counter(guess)
        return (black, sum(common.values()) - black)
""")

_EASTER = _code("""
    def easter_date(year):
        a = year % 19
        b, c = divmod(year, 100)
        d, e = divmod(b, 4)
        f = (b + 8) // 25
        g = (b - f + 1) // 3
        h = (19 * a + b - d - g + 15) % 30
        i, k = divmod(c, 4)
        l = (32 + 2 * e + 2 * i - h - k) % 7
        m = (a + 11 * h + 22 * l) // 451
        month, day = divmod(h + l - 7 * m + 114, 31)
        return f"{year:04d}-{month:02d}-{day + 1:02d}"
""")

_OUTLINE = _code("""
    import re


    def outline_of(markdown):
        out = []
        for line in markdown.splitlines():
            m = re.match(r"(#{1,6}) (.*)$", line)
            if m:
                title = re.sub(r"\\s+#+$", "", m.group(2).strip()).strip()
                out.append([len(m.group(1)), title])
        return out
""")

_MPG = _code("""
    def mpg_to_l100km(mpg):
        return round(100 * 3.785411784 / (1.609344 * mpg), 1)
""")

_SQUARE = _code("""
    def square_color(square):
        file = ord(square[0]) - ord("a") + 1
        rank = int(square[1])
        return "dark" if (file + rank) % 2 == 0 else "light"
""")

_GOLF = _code("""
    def golf_score_name(strokes, par):
        if strokes == 1:
            return "hole in one"
        diff = strokes - par
        names = {-3: "albatross", -2: "eagle", -1: "birdie", 0: "par", 1: "bogey", 2: "double bogey",
                 3: "triple bogey"}
        return names.get(diff, f"+{diff}")
""")

_WEEKS = _code("""
    import calendar
    import datetime


    def weeks_in_month(year, month):
        offset = datetime.date(year, month, 1).weekday()
        days = calendar.monthrange(year, month)[1]
        return (offset + days - 1) // 7 + 1
""")

_CLOCK = _code("""
    import re


    def to_24_hour(text):
        m = re.fullmatch(r"\\s*(\\d{1,2})(?::(\\d{2}))?\\s*([ap])\\.?\\s*m\\.?\\s*", text, re.I)
        hour, minute = int(m.group(1)), int(m.group(2) or 0)
        hour = hour % 12 + (12 if m.group(3).lower() == "p" else 0)
        return f"{hour:02d}:{minute:02d}"
""")

_CARET = _code("""
    def caret_satisfies(spec, version):
        low = tuple(int(x) for x in spec.lstrip("^").split("."))
        v = tuple(int(x) for x in version.split("."))
        if low[0] > 0:
            high = (low[0] + 1, 0, 0)
        elif low[1] > 0:
            high = (0, low[1] + 1, 0)
        else:
            high = (0, 0, low[2] + 1)
        return low <= v < high
""")

_PANTRY = _code("""
    from datetime import date, timedelta


    def expiring_soon(items, today, days):
        start = date.fromisoformat(today)
        end = start + timedelta(days=days)
        hits = [(date.fromisoformat(d), name) for name, d in items if start <= date.fromisoformat(d) <= end]
        return [name for _, name in sorted(hits)]
""")

_ENV_EXAMPLE = 'DEBUG=true\n# comment\nNAME = "My App"\n'
_OUTLINE_EXAMPLE = "# Trip\nIntro\n## Day 1 ##\n#hashtag"

# fmt: off
FUNCTIONS = [
    _row(
        "I'm writing a tiny config loader and don't want a dependency just for this:\n\n"
        "```python\ndef parse_env(text):\n"
        '    """Parse the contents of a .env file into a dict of str to str.\n\n'
        "    One variable per line, KEY=VALUE, split at the first '='. Blank lines, lines\n"
        "    whose first non-space character is '#', and lines with no '=' are skipped, and\n"
        "    an 'export ' in front of the key is ignored. Spaces around the key and around\n"
        "    the value are stripped. If the stripped value is wrapped in a matching pair of\n"
        "    single or double quotes, the quotes are removed and everything between them is\n"
        "    kept exactly (spaces and '#' too). Otherwise a ' #' (a space, then '#') starts a\n"
        "    comment: it and everything after it are dropped, and the value is stripped\n"
        "    again. When a key appears twice, the later line wins.\n\n"
        f"    >>> parse_env({_ENV_EXAMPLE!r})\n    {{'DEBUG': 'true', 'NAME': 'My App'}}\n"
        '    """\n```',
        "parse_env",
        [(_ENV_EXAMPLE,), ("export API_KEY=abc123\nexport REGION = eu-west-1",),
         ("PORT=8080 # web port\nHOST=0.0.0.0",), ("GREETING='hello # not a comment'\nEMPTY=",), ("",),
         ("# only comments\n\n   # indented\n",), ("DSN=postgres://u:p@db/app?sslmode=require\nCOLOR=#ff0000",),
         ("LEVEL=info\nLEVEL=debug\nNOEQUALS",), ('PADDED="  two spaces  "\nPLAIN=  trimmed  ',),
         ("URL=https://example.com/#top",)],
        [0],
        _ENV,
    ),
    _row(
        "Making a Mastermind game for my kids:\n\n"
        "```python\ndef mastermind_pegs(secret, guess):\n"
        '    """Score a guess against the secret code, as a tuple (black, white).\n\n'
        "    secret and guess are strings of the same length, one letter per peg colour\n"
        "    (like 'RGBY'), and colours can repeat. black counts the positions where guess\n"
        "    has the same colour as secret. white counts the other guess pegs whose colour\n"
        "    is still left somewhere else in the secret: each secret peg can be matched only\n"
        "    once, and pegs already counted black are not matched again.\n\n"
        "    >>> mastermind_pegs('RGBY', 'RBGW')\n    (1, 2)\n"
        "    >>> mastermind_pegs('RRGG', 'GGRR')\n    (0, 4)\n"
        '    """\n```',
        "mastermind_pegs",
        [("RGBY", "RBGW"), ("RRGG", "GGRR"), ("RGBY", "RGBY"), ("RRRR", "RGBY"), ("AABB", "ABAB"),
         ("RGBY", "WWWW"), ("RRGB", "RGRR"), ("ABCDE", "EDCBA"), ("BBBA", "ABBB"), ("", "")],
        [0, 1],
        _PEGS,
    ),
    _row(
        "For our parish newsletter's calendar script:\n\n"
        "```python\ndef easter_date(year):\n"
        '    """The date of Easter Sunday in the Western (Gregorian) calendar, for a year\n'
        "    from 1583 to 4099, as a 'YYYY-MM-DD' string.\n\n"
        "    >>> easter_date(2024)\n    '2024-03-31'\n"
        "    >>> easter_date(2025)\n    '2025-04-20'\n"
        '    """\n```',
        "easter_date",
        [(2024,), (2025,), (2019,), (2038,), (2285,), (1818,), (2000,), (1943,), (2027,), (1583,), (4099,)],
        [0, 1],
        _EASTER,
    ),
    _row(
        "I want a table of contents for my markdown notes:\n\n"
        "```python\ndef outline_of(markdown):\n"
        '    """The headings of a markdown text, as a list of [level, title] lists in order.\n\n'
        "    A heading is a line that starts, at its very first character, with 1 to 6 '#'\n"
        "    followed by a space; its level is the number of '#'. The title is the rest of\n"
        "    the line, stripped, and if it then ends with a run of '#' that has a space\n"
        "    before it, that run is removed too (and the title stripped again). Any other\n"
        "    line is not a heading.\n\n"
        f"    >>> outline_of({_OUTLINE_EXAMPLE!r})\n    [[1, 'Trip'], [2, 'Day 1']]\n"
        '    """\n```',
        "outline_of",
        [(_OUTLINE_EXAMPLE,), ("",), ("No headings here\njust text",),
         ("#hashtag\n# Real\n####### too deep",), ("### Notes ###\n###### Tiny",),
         ("#1 not a heading\n# 1 is one",), ("# A\n## B\n### C\n## D",),
         ("## Tips for C#\n# Issue #42",), (" # indented\n#   Spaced   title   ",),
         ("#### Step 4: mix\ntext\n##### 5 ##   ",)],
        [0],
        _OUTLINE,
    ),
    _row(
        "Quick converter for a car forum: mpg_to_l100km(mpg) turns US miles per gallon into litres per "
        "100 km, using 1 US gallon = 3.785411784 litres and 1 mile = 1.609344 km, rounded to 1 decimal. "
        "mpg is a positive number.\n\n"
        "mpg_to_l100km(30) == 7.8\nmpg_to_l100km(50) == 4.7",
        "mpg_to_l100km",
        [(30,), (50,), (20,), (25,), (35,), (42.5,), (18,), (60,), (12.5,), (100,), (33,)],
        [0, 1],
        _MPG,
    ),
    _row(
        "For a chess trainer app: square_color(square) takes a square like 'e4' (a file letter a to h in "
        "lower case, then a rank 1 to 8) and returns 'dark' or 'light'. a1 is dark, and the colours "
        "alternate along every rank and every file.\n\n"
        "square_color('a1') == 'dark'\nsquare_color('h1') == 'light'",
        "square_color",
        [("a1",), ("h1",), ("e4",), ("d1",), ("d8",), ("h8",), ("b7",), ("g2",), ("c5",), ("f6",), ("a8",)],
        [0, 1],
        _SQUARE,
    ),
    _row(
        "Golf scorecard app. golf_score_name(strokes, par) names the score on a hole. A hole in one (1 "
        "stroke) is 'hole in one' whatever the par. Otherwise it goes by strokes minus par: -3 is "
        "'albatross', -2 'eagle', -1 'birdie', 0 'par', 1 'bogey', 2 'double bogey', 3 'triple bogey', "
        "and 4 or more is written with a plus sign, like '+4'. par is 3, 4 or 5 and strokes is 1 or "
        "more.\n\n"
        "golf_score_name(3, 4) == 'birdie'\ngolf_score_name(1, 3) == 'hole in one'",
        "golf_score_name",
        [(3, 4), (1, 3), (4, 4), (2, 5), (3, 5), (6, 4), (7, 4), (8, 4), (12, 5), (1, 5), (5, 3)],
        [0, 1],
        _GOLF,
    ),
    _row(
        "For a wall-calendar generator: weeks_in_month(year, month) returns how many rows the month "
        "needs when weeks run Monday to Sunday, that is the number of different Monday-to-Sunday weeks "
        "that contain at least one day of the month (so 4, 5 or 6).\n\n"
        "weeks_in_month(2027, 2) == 4\nweeks_in_month(2027, 9) == 5",
        "weeks_in_month",
        [(2027, 2), (2027, 9), (2026, 3), (2027, 5), (2027, 1), (2024, 2), (2021, 2), (2027, 6), (2025, 11),
         (2027, 8), (2015, 2)],
        [0, 1],
        _WEEKS,
    ),
    _row(
        "to_24_hour(text) converts a 12-hour time like '7:05 pm' into 24-hour 'HH:MM'. The hour is 1 to "
        "12 and the ':MM' part may be missing (then it's :00). There may or may not be a space before "
        "am / pm, which can be in any case and with or without dots ('p.m.'). 12 am is midnight (00:00) "
        "and 12 pm is noon (12:00).\n\n"
        "to_24_hour('7:05 pm') -> '19:05'\nto_24_hour('12am') -> '00:00'",
        "to_24_hour",
        [("7:05 pm",), ("12am",), ("12:30 PM",), ("9am",), ("11:59 p.m.",), ("1:00AM",), ("12:01 a.m.",),
         ("6 PM",), ("10:10 Pm",), ("12 P.M.",)],
        [0, 1],
        _CLOCK,
    ),
    _row(
        "npm-style version ranges for our plugin loader. caret_satisfies(spec, version): spec is "
        "'^X.Y.Z' and version is 'A.B.C', both plain MAJOR.MINOR.PATCH numbers (no pre-release tags). "
        "Return True if version is at least X.Y.Z and below the next breaking version, which is "
        "(X+1).0.0 when X > 0, 0.(Y+1).0 when X is 0 and Y > 0, and 0.0.(Z+1) when X and Y are both 0. "
        "Compare the parts as numbers, so 1.10.0 is above 1.9.0.\n\n"
        "caret_satisfies('^1.2.3', '1.4.0') -> True\ncaret_satisfies('^0.2.3', '0.3.0') -> False",
        "caret_satisfies",
        [("^1.2.3", "1.4.0"), ("^0.2.3", "0.3.0"), ("^1.2.3", "2.0.0"), ("^0.2.3", "0.2.9"),
         ("^0.0.3", "0.0.4"), ("^0.0.3", "0.0.3"), ("^1.2.3", "1.2.2"), ("^1.9.0", "1.10.0"),
         ("^2.0.0", "10.0.0"), ("^0.10.0", "0.10.12"), ("^1.2.3", "1.2.3")],
        [0, 1],
        _CARET,
    ),
    _row(
        "Pantry tracker: expiring_soon(items, today, days). items is a list of [name, date] pairs with "
        "dates written 'YYYY-MM-DD', and today is a date in the same format. Return the names of the "
        "items whose date is from today up to `days` days after today, both ends included (anything "
        "already past its date is left out), sorted by date and then by name.\n\n"
        "expiring_soon([['milk', '2027-03-05'], ['eggs', '2027-03-12'], ['yoghurt', '2027-03-02']], "
        "'2027-03-03', 7) -> ['milk']",
        "expiring_soon",
        [([["milk", "2027-03-05"], ["eggs", "2027-03-12"], ["yoghurt", "2027-03-02"]], "2027-03-03", 7),
         ([], "2027-03-03", 7),
         ([["bread", "2027-03-03"], ["cheese", "2027-03-10"], ["ham", "2027-03-11"]], "2027-03-03", 7),
         ([["tofu", "2027-04-02"], ["kale", "2027-04-01"], ["apples", "2027-04-02"]], "2027-03-30", 3),
         ([["jam", "2027-12-31"], ["cream", "2028-01-02"]], "2027-12-30", 3),
         ([["pesto", "2028-02-29"]], "2028-02-27", 2),
         ([["soup", "2027-05-01"]], "2027-05-01", 0),
         ([["old", "2027-01-01"], ["new", "2027-06-01"]], "2027-03-01", 30),
         ([["b", "2027-03-06"], ["a", "2027-03-06"], ["c", "2027-03-05"]], "2027-03-05", 5)],
        [0],
        _PANTRY,
    ),
    *MORE,
]
# fmt: on
