"""The generic task's `test18` function rows (see generic_test18, which writes them with the rest):
the first 11 here, then generic_test18_functions2's MORE (one module would pass 450 lines). Each
row's expected values are its reference's answers (generic_test18_functions2._row).
**Do not read these requests while tuning**: they are a blind test split."""

from __future__ import annotations

from selfrefine.tasks.tools.generic_test18_functions2 import MORE, _code, _row

_COMMIT = _code("""
    import re


    def parse_conventional_commit(message):
        first, *rest = message.split("\\n")
        m = re.fullmatch(r"([a-z]+)(?:\\(([^()]+)\\))?(!)?: +(\\S.*)", first)
        if not m:
            return None
        breaking = bool(m.group(3)) or any(
            ln.startswith(("BREAKING CHANGE:", "BREAKING-CHANGE:")) for ln in rest
        )
        return {"type": m.group(1), "scope": m.group(2), "breaking": breaking,
                "description": m.group(4).strip()}
""")

_NAISMITH = _code("""
    import math


    def naismith_minutes(distance_km, ascent_m):
        return int(math.floor(12 * distance_km + ascent_m / 10 + 0.5))
""")

_SUDOKU = _code("""
    def valid_sudoku_row(row):
        if len(row) != 9 or any(not 0 <= n <= 9 for n in row):
            return False
        filled = [n for n in row if n]
        return len(filled) == len(set(filled))
""")

_EXTENSION = _code("""
    def split_extension(filename):
        body = filename.lstrip(".")
        lead = filename[: len(filename) - len(body)]
        stem, dot, ext = body.rpartition(".")
        if not dot or not ext or not stem:
            return (filename, "")
        return (lead + stem, ext)
""")

_DOMAINS = _code("""
    def email_domain_counts(emails):
        out = {}
        for e in emails:
            user, at, domain = e.strip().rpartition("@")
            if at and domain:
                out[domain.lower()] = out.get(domain.lower(), 0) + 1
        return out
""")

_REM = _code("""
    def px_to_rem(px, base):
        s = f"{round(px / base, 4):.4f}".rstrip("0").rstrip(".")
        return ("0" if s in ("", "-0") else s) + "rem"
""")

_COUPON = _code("""
    def best_coupon(price, coupons):
        best = price
        for c in coupons:
            c = c.strip()
            new = price * (1 - float(c[:-1]) / 100) if c.endswith("%") else price - float(c)
            best = min(best, max(new, 0))
        return float(round(best, 2))
""")

_WINS = _code("""
    def win_percentage(wins, losses, ties):
        games = wins + losses + ties
        if games == 0:
            return 0.0
        return round((wins + ties / 2) / games * 100, 1)
""")

_ACRONYM = _code("""
    import re

    SMALL = {"of", "and", "the", "for", "a", "an", "in", "on", "to"}


    def acronym(phrase):
        words = [w for w in re.split(r"[ -]+", phrase) if w]
        return "".join(w[0].upper() for w in words if w.lower() not in SMALL)
""")

_FLIP = _code("""
    def flip_name(name):
        parts = name.split(",")
        if len(parts) == 1:
            return name.strip()
        if len(parts) > 2 or not parts[0].strip() or not parts[1].strip():
            return None
        return parts[1].strip() + " " + parts[0].strip()
""")

_SEASON = _code("""
    def season(month, hemisphere):
        if month not in range(1, 13) or hemisphere.upper() not in ("N", "S"):
            return None
        north = ["winter", "spring", "summer", "autumn"][month % 12 // 3]
        if hemisphere.upper() == "N":
            return north
        return {"winter": "summer", "summer": "winter", "spring": "autumn", "autumn": "spring"}[north]
""")

_FEAT = {"type": "feat", "scope": "api", "breaking": True, "description": "drop v1 endpoints"}
_FIX = {"type": "fix", "scope": None, "breaking": False, "description": "handle empty cart"}

# fmt: off
FUNCTIONS = [
    _row(
        "Writing a changelog generator for our repo:\n\n"
        "```python\ndef parse_conventional_commit(message):\n"
        '    """Parse a Conventional Commits message into a dict, or None.\n\n'
        "    The first line must be: a type of lower-case letters a-z, then optionally a\n"
        "    scope in parentheses (one or more characters, no parentheses inside), then\n"
        "    an optional '!', then ':', one or more spaces and a description that starts\n"
        "    with a non-space character. If the first line doesn't match exactly, return\n"
        "    None. Return {'type', 'scope', 'breaking', 'description'}: scope is None\n"
        "    when absent; the description has trailing spaces stripped; breaking is True\n"
        "    when there is a '!' or when any later line starts with 'BREAKING CHANGE:' or\n"
        "    'BREAKING-CHANGE:', else False.\n\n"
        "    >>> parse_conventional_commit('feat(api)!: drop v1 endpoints')\n"
        f"    {_FEAT!r}\n"
        "    >>> parse_conventional_commit('fix: handle empty cart')\n"
        f"    {_FIX!r}\n"
        '    """\n```',
        "parse_conventional_commit",
        [("feat(api)!: drop v1 endpoints",), ("fix: handle empty cart",), ("docs(readme): fix typo",),
         ("Feat: capital type",), ("chore(deps): bump lodash\n\nBREAKING CHANGE: needs node 18",),
         ("refactor!: rename config keys",), ("update stuff",), ("feat(): empty scope",),
         ("fix(ui):no space",), ("feat(auth): add OTP login  ",),
         ("test: add cases\nBREAKING CHANGE mentioned without a colon",)],
        [0, 1],
        _COMMIT,
    ),
    _row(
        "Planning hill walks with the rambling club:\n\n"
        "```python\ndef naismith_minutes(distance_km, ascent_m):\n"
        '    """Walking time in whole minutes by Naismith\'s rule.\n\n'
        "    Allow 12 minutes for every km of distance plus 1 minute for every 10 m of\n"
        "    ascent (both can be fractional, e.g. 2.5 km is 30 minutes and 155 m is 15.5\n"
        "    minutes). Round the total to the nearest whole minute, halves rounding up,\n"
        "    and return an int. Both arguments are 0 or more.\n\n"
        "    >>> naismith_minutes(10, 600)\n    180\n"
        "    >>> naismith_minutes(5, 0)\n    60\n"
        '    """\n```',
        "naismith_minutes",
        [(10, 600), (5, 0), (0, 0), (2.5, 155), (12, 1000), (7.5, 430), (1, 5), (0, 250), (21.1, 0),
         (3.2, 95)],
        [0, 1],
        _NAISMITH,
    ),
    _row(
        "Building a little sudoku helper for my dad:\n\n"
        "```python\ndef valid_sudoku_row(row):\n"
        '    """Whether a sudoku row is valid so far.\n\n'
        "    row should be a list of exactly 9 ints, each 0 to 9, where 0 means an empty\n"
        "    cell. It is valid if none of the digits 1-9 appears more than once (any\n"
        "    number of 0s is fine). A list of the wrong length, or with a number outside\n"
        "    0-9, is not valid. Return True or False.\n\n"
        "    >>> valid_sudoku_row([5, 3, 0, 0, 7, 0, 0, 0, 0])\n    True\n"
        "    >>> valid_sudoku_row([5, 3, 0, 0, 7, 0, 0, 3, 0])\n    False\n"
        '    """\n```',
        "valid_sudoku_row",
        [([5, 3, 0, 0, 7, 0, 0, 0, 0],), ([5, 3, 0, 0, 7, 0, 0, 3, 0],), ([0] * 9,), (list(range(1, 10)),),
         ([1, 2, 3, 4, 5, 6, 7, 8, 8],), ([1, 2, 3],), ([1, 2, 3, 4, 5, 6, 7, 8, 10],),
         ([9, 8, 7, 6, 5, 4, 3, 2, 1, 0],), ([0, 0, 0, 0, 0, 0, 0, 0, -1],), ([4, 0, 4, 0, 0, 0, 0, 0, 0],)],
        [0, 1],
        _SUDOKU,
    ),
    _row(
        "File upload handler, need this small piece:\n\n"
        "```python\ndef split_extension(filename):\n"
        '    """Split a file name (no folders in it) into (stem, extension).\n\n'
        "    The extension is the text after the last dot, without the dot, kept as\n"
        "    written. Dots at the very start of the name don't count as separators, so\n"
        "    '.bashrc' has no extension and '.config.json' is ('.config', 'json'). If\n"
        "    there is no separating dot, or nothing comes after the last one, return\n"
        "    (filename, '') unchanged.\n\n"
        "    >>> split_extension('report.pdf')\n    ('report', 'pdf')\n"
        "    >>> split_extension('.bashrc')\n    ('.bashrc', '')\n"
        '    """\n```',
        "split_extension",
        [("report.pdf",), (".bashrc",), ("archive.tar.gz",), ("README",), ("notes.",), ("photo.JPG",),
         ("...",), ("my.file.name.txt",), ("..env.local",), ("a.b",)],
        [0, 1],
        _EXTENSION,
    ),
    _row(
        "Newsletter list cleanup: email_domain_counts(emails) takes a list of email address strings and "
        "returns a dict mapping each domain to how many addresses use it. The domain is everything after "
        "the last '@', lower-cased, after stripping spaces around the address. Skip any string that has "
        "no '@' or nothing after its last '@'.\n\n"
        "email_domain_counts(['ana@Example.com', 'bo@example.com', 'cy@mail.org']) == "
        "{'example.com': 2, 'mail.org': 1}\n"
        "email_domain_counts([]) == {}",
        "email_domain_counts",
        [(["ana@Example.com", "bo@example.com", "cy@mail.org"],), ([],), (["not-an-email", "x@"],),
         ([" Dee@Work.IO "],), (["a@b.com", "a@b.com"],), (["weird@name@host.net"],),
         (["a@x.co", "b@X.CO", "c@y.co", "d@x.co"],), (["@solo.com"],),
         (["e@sub.domain.org", "f@domain.org"],)],
        [0, 1],
        _DOMAINS,
    ),
    _row(
        "Converting an old stylesheet: px_to_rem(px, base) turns a pixel size into a rem string for a "
        "root font size of `base` px. Divide, round to 4 decimal places, drop trailing zeros (and the "
        "decimal point if nothing is left after it), and add 'rem'. Zero is '0rem'.\n\n"
        "px_to_rem(24, 16) == '1.5rem'\npx_to_rem(16, 16) == '1rem'",
        "px_to_rem",
        [(24, 16), (16, 16), (0, 16), (10, 16), (13, 16), (1, 16), (14, 10), (100, 16), (7, 12), (2, 3),
         (12.5, 10)],
        [0, 1],
        _REM,
    ),
    _row(
        "Checkout logic for my shop: best_coupon(price, coupons) returns the lowest price the customer "
        "can pay using at most one coupon from the list. A coupon is a string: '15%' means 15 percent "
        "off, and a plain number like '5' or '7.50' means that amount off. The price never goes below 0, "
        "and with no coupons it stays the same. Return a float rounded to 2 decimal places.\n\n"
        "best_coupon(80, ['10%', '5']) == 72.0\nbest_coupon(20, []) == 20.0",
        "best_coupon",
        [(80, ["10%", "5"]), (20, []), (30, ["50%", "20"]), (15, ["20"]), (49.99, ["15%"]),
         (100, ["25%", "25"]), (9.99, ["0%"]), (60, ["5", "7.5", "10%"]), (200, ["12.5%", "30"]),
         (12, ["100%"])],
        [0, 1],
        _COUPON,
    ),
    _row(
        "Five-a-side league site: win_percentage(wins, losses, ties) returns a team's win percentage, "
        "counting each tie as half a win: (wins + ties / 2) divided by games played, times 100, rounded "
        "to 1 decimal place. A team that hasn't played yet has 0.0.\n\n"
        "win_percentage(7, 3, 0) == 70.0\nwin_percentage(0, 0, 0) == 0.0",
        "win_percentage",
        [(7, 3, 0), (0, 0, 0), (5, 5, 2), (1, 2, 0), (2, 1, 0), (0, 4, 0), (3, 0, 3), (11, 6, 3), (9, 7, 5),
         (0, 0, 3), (20, 9, 4)],
        [0, 1],
        _WINS,
    ),
    _row(
        "Glossary tool for our internal wiki: acronym(phrase) builds an acronym from the first letter of "
        "each word, upper-cased. Split the phrase into words at spaces and hyphens (ignore empty pieces), "
        "and skip the small words of, and, the, for, a, an, in, on and to (in any case) wherever they "
        "appear.\n\n"
        "acronym('Portable Network Graphics') -> 'PNG'\nacronym('Bureau of Labor Statistics') -> 'BLS'",
        "acronym",
        [("Portable Network Graphics",), ("Bureau of Labor Statistics",), ("as soon as possible",),
         ("Department of the Interior",), ("read-only memory",), ("",),
         ("  self  contained   underwater breathing apparatus ",), ("The Lord of the Rings",),
         ("frequently asked questions",), ("point-of-sale",)],
        [0, 1],
        _ACRONYM,
    ),
    _row(
        "Importing a member list where names are 'Last, First': flip_name(name) returns the name as "
        "'First Last'. If the name has exactly one comma, return the part after it, a space, then the "
        "part before it, each stripped of surrounding spaces; if either part is empty after stripping, "
        "return None. With no comma, return the name stripped of surrounding spaces. With more than one "
        "comma, return None.\n\n"
        "flip_name('Lovelace, Ada') -> 'Ada Lovelace'\nflip_name('Grace Hopper') -> 'Grace Hopper'",
        "flip_name",
        [("Lovelace, Ada",), ("Grace Hopper",), ("  van Rossum ,  Guido ",), ("King, Martin Luther, Jr.",),
         ("Curie,Marie",), ("  Turing  ",), ("Smith, ",), (", Anna",), ("O'Neil, Shaquille",)],
        [0, 1],
        _FLIP,
    ),
    _row(
        "Garden planting calendar: season(month, hemisphere) returns the meteorological season for a "
        "month number 1-12 and a hemisphere 'N' or 'S' (either case). In the north, December to "
        "February is 'winter', March to May 'spring', June to August 'summer' and September to November "
        "'autumn'; the south is the other way round (December to February is 'summer', and so on). "
        "Return None for a month outside 1-12 or any other hemisphere.\n\n"
        "season(1, 'N') -> 'winter'\nseason(1, 'S') -> 'summer'",
        "season",
        [(1, "N"), (1, "S"), (3, "n"), (8, "N"), (11, "S"), (12, "N"), (6, "s"), (9, "S"), (13, "N"),
         (4, "E"), (10, "N")],
        [0, 1],
        _SEASON,
    ),
    *MORE,
]
# fmt: on
