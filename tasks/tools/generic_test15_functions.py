"""The generic task's `test15` function rows (see generic_test15, which writes them with the rest):
the first 11 here, then generic_test15_functions2's MORE (one module would pass 450 lines). Each
row's expected values are its reference's answers (generic_test15_functions2._row).
**Do not read these requests while tuning**: they are a blind test split."""

from __future__ import annotations

from selfrefine.tasks.tools.generic_test15_functions2 import MORE, _code, _row

_NETMASK = _code("""
    def netmask_prefix(mask):
        parts = mask.split(".")
        if len(parts) != 4 or not all(p.isascii() and p.isdigit() and int(p) <= 255 for p in parts):
            return None
        bits = "".join(f"{int(p):08b}" for p in parts)
        ones = bits.count("1")
        return ones if bits == "1" * ones + "0" * (32 - ones) else None
""")

_DICE = _code("""
    def dice_sum_chance(dice, target):
        counts = {0: 1}
        for _ in range(dice):
            nxt = {}
            for total, ways in counts.items():
                for face in range(1, 7):
                    nxt[total + face] = nxt.get(total + face, 0) + ways
            counts = nxt
        hits = sum(ways for total, ways in counts.items() if total >= target)
        return round(hits / 6**dice, 4)
""")

_DARTS = _code("""
    def darts_total(throws):
        total = 0
        for t in throws:
            if t == "BULL":
                total += 50
            elif t == "25":
                total += 25
            elif t == "MISS":
                continue
            else:
                total += {"S": 1, "D": 2, "T": 3}[t[0]] * int(t[1:])
        return total
""")

_LINKS = _code("""
    import re


    def extract_links(markdown):
        return re.findall(r"(?<!!)\\[[^\\[\\]]*\\]\\(([^()\\s]*)\\)", markdown)
""")

_TIRE = _code("""
    import re


    def tire_diameter_mm(size):
        width, aspect, rim = (int(x) for x in re.fullmatch(r"(\\d+)/(\\d+)R(\\d+)", size).groups())
        return round(rim * 25.4 + 2 * width * aspect / 100, 1)
""")

_COMPASS = _code("""
    POINTS = "N NNE NE ENE E ESE SE SSE S SSW SW WSW W WNW NW NNW".split()


    def compass_point(degrees):
        return POINTS[int((degrees + 11.25) // 22.5) % 16]
""")

_KEYPAD = _code("""
    KEYS = {"2": "ABC", "3": "DEF", "4": "GHI", "5": "JKL", "6": "MNO", "7": "PQRS", "8": "TUV", "9": "WXYZ"}
    DIGIT = {ch: d for d, letters in KEYS.items() for ch in letters}


    def keypad_digits(text):
        out = []
        for ch in text.upper():
            if ch.isascii() and ch.isdigit():
                out.append(ch)
            elif ch in DIGIT:
                out.append(DIGIT[ch])
        return "".join(out)
""")

_TS = _code("""
    def true_shooting(points, fga, fta):
        attempts = fga + 0.44 * fta
        if attempts == 0:
            return 0.0
        return round(points / (2 * attempts) * 100, 1)
""")

_CARD = _code("""
    def card_brand(number):
        n = number.replace(" ", "").replace("-", "")
        if not n.isdigit():
            return "unknown"
        if n[:2] in ("34", "37") and len(n) == 15:
            return "amex"
        if n[0] == "4" and len(n) in (13, 16, 19):
            return "visa"
        if len(n) == 16 and (51 <= int(n[:2]) <= 55 or 2221 <= int(n[:4]) <= 2720):
            return "mastercard"
        if len(n) == 16 and (n.startswith("6011") or n.startswith("65")):
            return "discover"
        return "unknown"
""")

_DOSES = _code("""
    def dose_times(first, per_day):
        h, m = (int(x) for x in first.split(":"))
        start, step = h * 60 + m, 1440 // per_day
        times = [(start + i * step) % 1440 for i in range(per_day)]
        return [f"{t // 60:02d}:{t % 60:02d}" for t in times]
""")

_IP = _code("""
    def ip_to_int(ip):
        value = 0
        for part in ip.split("."):
            value = value * 256 + int(part)
        return value
""")

_MD = "See [the docs](https://a.example/docs) and ![logo](logo.png)."

# fmt: off
FUNCTIONS = [
    _row(
        "Network config validator, need this one:\n\n"
        "```python\ndef netmask_prefix(mask):\n"
        '    """Return the prefix length of a dotted IPv4 netmask, or None if it isn\'t one.\n\n'
        "    A valid netmask is exactly four parts separated by dots, each a decimal number\n"
        "    from 0 to 255 (digits only), and its 32 bits are some 1s followed only by 0s.\n"
        "    The prefix length is the number of 1 bits, so 0.0.0.0 is 0 and\n"
        "    255.255.255.255 is 32. Anything else (wrong number of parts, a part above 255\n"
        "    or not a number, 1s after a 0) returns None.\n\n"
        "    >>> netmask_prefix('255.255.255.0')\n    24\n"
        "    >>> netmask_prefix('255.255.254.0')\n    23\n"
        '    """\n```',
        "netmask_prefix",
        [("255.255.255.0",), ("255.255.254.0",), ("255.255.255.255",), ("0.0.0.0",), ("255.0.0.0",),
         ("255.255.255.252",), ("255.255.0.255",), ("255.255.256.0",), ("255.255.255",),
         ("255.255.255.0.0",), ("a.b.c.d",)],
        [0, 1],
        _NETMASK,
    ),
    _row(
        "For my board game design notes:\n\n"
        "```python\ndef dice_sum_chance(dice, target):\n"
        '    """The probability that the total of `dice` fair six-sided dice is at least\n'
        "    `target`, as a float rounded to 4 decimal places.\n\n"
        "    dice is 1 or more. target can be any whole number: a target at or below the\n"
        "    smallest possible total gives 1.0, one above the largest possible total 0.0.\n\n"
        "    >>> dice_sum_chance(2, 7)\n    0.5833\n"
        "    >>> dice_sum_chance(1, 4)\n    0.5\n"
        '    """\n```',
        "dice_sum_chance",
        [(2, 7), (1, 4), (2, 12), (3, 10), (2, 2), (1, 7), (3, 18), (4, 14), (2, 0), (4, 20), (3, 5)],
        [0, 1],
        _DICE,
    ),
    _row(
        "Scoring app for our pub darts league:\n\n"
        "```python\ndef darts_total(throws):\n"
        '    """Add up the score of a list of dart throws.\n\n'
        "    Each throw is a string: 'S' plus a number 1-20 is a single (that number),\n"
        "    'D' plus a number a double (twice it), 'T' plus a number a treble (three times\n"
        "    it), '25' is the outer bull (25), 'BULL' is the bullseye (50) and 'MISS' scores\n"
        "    0. Throws are always written in upper case like that. An empty list is 0.\n\n"
        "    >>> darts_total(['T20', 'T20', 'T20'])\n    180\n"
        "    >>> darts_total(['S5', 'D16', 'MISS'])\n    37\n"
        '    """\n```',
        "darts_total",
        [(["T20", "T20", "T20"],), (["S5", "D16", "MISS"],), ([],), (["BULL", "25", "MISS"],),
         (["T19", "S7", "D16"],), (["D20"],), (["S20", "S1", "S5"],), (["T1", "D1", "S1"],),
         (["BULL", "BULL", "BULL"],), (["MISS", "MISS"],)],
        [0, 1],
        _DARTS,
    ),
    _row(
        "Link checker for my static site:\n\n"
        "```python\ndef extract_links(markdown):\n"
        '    """The URLs of the inline links in a markdown text, in the order they appear\n'
        "    (repeats included), as a list of strings.\n\n"
        "    An inline link is [text](url): a '[', link text with no square brackets in it,\n"
        "    ']', then immediately '(' , the url and ')'. The url never contains spaces or\n"
        "    parentheses; if there is anything like that inside the parentheses, it isn't a\n"
        "    link. Images, written ![alt](src), are not links and are left out. Text in\n"
        "    brackets that isn't directly followed by '(' isn't a link either.\n\n"
        f"    >>> extract_links({_MD!r})\n    ['https://a.example/docs']\n"
        '    """\n```',
        "extract_links",
        [(_MD,), ("",), ("no links here",), ("[a](x) and [b](y)",), ("[same](u) then [same](u)",),
         ("![img](p.png)[link](q.html)",), ("Reference [style][1] link",), ("[x] (y)",),
         ("Mixed: [Home](/), [Mail](mailto:me@example.com)",), ("[bad](has space) [ok](fine)",)],
        [0],
        _LINKS,
    ),
    _row(
        "Car forum tool: tire_diameter_mm(size) takes a tyre size like '205/55R16' (section width in mm, "
        "a slash, the aspect ratio in percent, 'R', the rim diameter in inches; always in exactly that "
        "form) and returns the overall diameter in mm: the rim diameter (1 inch = 25.4 mm) plus twice "
        "the sidewall height, which is width x aspect / 100. Round to 1 decimal.\n\n"
        "tire_diameter_mm('205/55R16') == 631.9\ntire_diameter_mm('225/45R17') == 634.3",
        "tire_diameter_mm",
        [("205/55R16",), ("225/45R17",), ("195/65R15",), ("245/40R18",), ("275/35R20",), ("185/60R14",),
         ("265/70R17",), ("215/60R16",), ("255/50R19",), ("155/80R13",)],
        [0, 1],
        _TIRE,
    ),
    _row(
        "Weather station display: compass_point(degrees) turns a wind bearing (0 <= degrees < 360, int or "
        "float, 0 is north, clockwise) into one of the 16 compass points N, NNE, NE, ENE, E, ESE, SE, "
        "SSE, S, SSW, SW, WSW, W, WNW, NW, NNW. The points are 22.5 degrees apart starting with N at 0, "
        "and each covers the bearings within 11.25 degrees of it; a bearing exactly halfway between two "
        "points goes to the one clockwise of it (so 11.25 is NNE).\n\n"
        "compass_point(0) == 'N'\ncompass_point(200) == 'SSW'",
        "compass_point",
        [(0,), (200,), (11.25,), (11.2,), (348.75,), (348.7,), (90,), (135,), (359.9,), (247.5,), (33.75,)],
        [0, 1],
        _COMPASS,
    ),
    _row(
        "Vanity phone numbers: keypad_digits(text) converts letters to the digits on a phone keypad (2 "
        "ABC, 3 DEF, 4 GHI, 5 JKL, 6 MNO, 7 PQRS, 8 TUV, 9 WXYZ), in any case. Digits 0-9 in the text "
        "are kept as they are, and everything else (spaces, dashes, punctuation) is dropped. Return a "
        "string.\n\n"
        "keypad_digits('HELLO') == '43556'\nkeypad_digits('1-800-FLOWERS') == '18003569377'",
        "keypad_digits",
        [("HELLO",), ("1-800-FLOWERS",), ("call me",), ("",), ("xyz",), ("Pizza 4 U",), ("qrs tuv",),
         ("ABC-DEF",), ("GoodJob!",), ("0",)],
        [0, 1],
        _KEYPAD,
    ),
    _row(
        "Basketball stats: true_shooting(points, fga, fta) is the true shooting percentage, points / (2 * "
        "(fga + 0.44 * fta)) * 100, rounded to 1 decimal. If the player took no shots at all (fga and "
        "fta both 0) return 0.0.\n\n"
        "true_shooting(30, 20, 8) == 63.8\ntrue_shooting(0, 0, 0) == 0.0",
        "true_shooting",
        [(30, 20, 8), (0, 0, 0), (10, 8, 0), (25, 18, 10), (0, 5, 0), (40, 25, 12), (3, 0, 4), (17, 15, 2),
         (55, 30, 20)],
        [0, 1],
        _TS,
    ),
    _row(
        "Checkout form: card_brand(number) guesses the card network from the number. Spaces and dashes "
        "in it are ignored. Rules: 'amex' if it starts with 34 or 37 and has 15 digits; 'visa' if it "
        "starts with 4 and has 13, 16 or 19 digits; 'mastercard' if it has 16 digits and starts with 51 "
        "to 55 or with 2221 to 2720 (first four digits); 'discover' if it has 16 digits and starts with "
        "6011 or 65. Anything else, including anything with other characters, is 'unknown'. No checksum "
        "validation.\n\n"
        "card_brand('4111 1111 1111 1111') -> 'visa'\ncard_brand('3782 822463 10005') -> 'amex'",
        "card_brand",
        [("4111 1111 1111 1111",), ("3782 822463 10005",), ("5555555555554444",), ("2223003122003222",),
         ("6011111111111117",), ("6500 0000 0000 0002",), ("4111111111111",), ("411111111111111",),
         ("2721000000000000",), ("3530111333300000",), ("5105-1051-0510-5100",)],
        [0, 1],
        _CARD,
    ),
    _row(
        "Medication reminder app: dose_times(first, per_day) spreads per_day doses evenly over 24 hours, "
        "starting at first ('HH:MM', 24-hour). The doses are 24 / per_day hours apart (per_day is 1, 2, "
        "3, 4, 6 or 8), times wrap past midnight, and the list is in the order they're taken (first "
        "dose first, not sorted by clock time), each as 'HH:MM'.\n\n"
        "dose_times('08:00', 3) -> ['08:00', '16:00', '00:00']",
        "dose_times",
        [("08:00", 3), ("07:30", 2), ("22:00", 4), ("09:15", 1), ("00:00", 6), ("13:45", 8), ("23:59", 2),
         ("06:00", 3), ("18:20", 6)],
        [0],
        _DOSES,
    ),
    _row(
        "ip_to_int(ip) converts a dotted IPv4 address (always valid, four numbers 0-255) to its 32-bit "
        "integer value, first number most significant. I need it to sort addresses in a spreadsheet "
        "export.\n\n"
        "ip_to_int('192.168.0.1') -> 3232235521\nip_to_int('0.0.0.0') -> 0",
        "ip_to_int",
        [("192.168.0.1",), ("0.0.0.0",), ("255.255.255.255",), ("10.0.0.1",), ("127.0.0.1",), ("1.2.3.4",),
         ("172.16.254.3",), ("8.8.8.8",), ("100.64.0.0",)],
        [0, 1],
        _IP,
    ),
    *MORE,
]
# fmt: on
