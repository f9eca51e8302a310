"""The generic task's `test15` function rows, second part (generic_test15_functions holds the first
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


_ERA = _code("""
    def earned_run_average(earned_runs, innings):
        whole, _, outs = innings.partition(".")
        thirds = int(whole) * 3 + int(outs or 0)
        if thirds == 0:
            return None
        return round(9 * earned_runs * 3 / thirds, 2)
""")

_MORSE = _code("""
    CODE = {
        ".-": "A", "-...": "B", "-.-.": "C", "-..": "D", ".": "E", "..-.": "F", "--.": "G", "....": "H",
        "..": "I", ".---": "J", "-.-": "K", ".-..": "L", "--": "M", "-.": "N", "---": "O", ".--.": "P",
        "--.-": "Q", ".-.": "R", "...": "S", "-": "T", "..-": "U", "...-": "V", ".--": "W", "-..-": "X",
        "-.--": "Y", "--..": "Z", "-----": "0", ".----": "1", "..---": "2", "...--": "3", "....-": "4",
        ".....": "5", "-....": "6", "--...": "7", "---..": "8", "----.": "9",
    }


    def morse_to_text(code):
        if not code:
            return ""
        return " ".join("".join(CODE[c] for c in word.split(" ")) for word in code.split(" / "))
""")

_MAC = _code("""
    import re

    HEX = "[0-9A-Fa-f]"


    def normalize_mac(text):
        s = text.strip()
        forms = (
            rf"{HEX}{{2}}([:-]){HEX}{{2}}(?:\\1{HEX}{{2}}){{4}}",
            rf"{HEX}{{4}}\\.{HEX}{{4}}\\.{HEX}{{4}}",
            rf"{HEX}{{12}}",
        )
        if not any(re.fullmatch(f, s) for f in forms):
            return None
        digits = re.sub(r"[^0-9A-Fa-f]", "", s).lower()
        return ":".join(digits[i : i + 2] for i in range(0, 12, 2))
""")

_LEVELS = _code("""
    LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


    def count_log_levels(lines):
        out = {}
        for line in lines:
            parts = line.split()
            if len(parts) >= 3 and parts[2] in LEVELS:
                out[parts[2]] = out.get(parts[2], 0) + 1
        return out
""")

_FLAG = _code("""
    def flag_emoji(code):
        if len(code) != 2 or not all("a" <= ch.lower() <= "z" for ch in code):
            return ""
        return "".join(chr(0x1F1E6 + ord(ch.upper()) - ord("A")) for ch in code)
""")

_HYDRATION = _code("""
    def dough_hydration(flour_g, water_g, starter_g, starter_hydration):
        starter_flour = starter_g * 100 / (100 + starter_hydration)
        starter_water = starter_g - starter_flour
        return round((water_g + starter_water) / (flour_g + starter_flour) * 100, 1)
""")

_CHARGE = _code("""
    import math


    def charge_minutes(capacity_kwh, from_pct, to_pct, charger_kw):
        if to_pct <= from_pct:
            return 0
        energy = capacity_kwh * (to_pct - from_pct) / 100
        return math.ceil(energy / (charger_kw * 0.9) * 60)
""")

_SHUTTER = _code("""
    def shutter_label(seconds):
        if seconds >= 1:
            text = str(float(seconds))
            return (text[:-2] if text.endswith(".0") else text) + '"'
        return f"1/{round(1 / seconds)}"
""")

_BEAUFORT = _code("""
    import math

    TOPS = (0, 3, 6, 10, 16, 21, 27, 33, 40, 47, 55, 63)


    def beaufort_number(knots):
        k = math.floor(knots + 0.5)
        for force, top in enumerate(TOPS):
            if k <= top:
                return force
        return 12
""")

_REFUND = _code("""
    def delay_refund(fare, minutes_late):
        if minutes_late >= 60:
            share = 1.0
        elif minutes_late >= 30:
            share = 0.5
        elif minutes_late >= 15:
            share = 0.25
        else:
            share = 0.0
        return round(fare * share, 2)
""")

_CUPS = _code("""
    import math

    GRAMS = {"flour": 120, "sugar": 200, "brown sugar": 220, "butter": 227, "rice": 185, "oats": 90,
             "water": 240, "milk": 240}


    def cups_to_grams(cups, ingredient):
        per_cup = GRAMS.get(ingredient.strip().lower())
        if per_cup is None:
            return None
        return math.floor(cups * per_cup + 0.5)
""")

_LOG = [
    "2027-05-01 09:00:01 INFO Server started",
    "2027-05-01 09:00:05 WARNING Disk 81% full",
    "2027-05-01 09:01:12 INFO Request served",
]

# fmt: off
MORE = [
    _row(
        "Baseball stats for our league site: earned_run_average(earned_runs, innings) is the ERA, 9 times "
        "the earned runs divided by the innings pitched, rounded to 2 decimals. innings is a string in "
        "the usual box-score notation: '6.2' means 6 innings and 2 outs, i.e. 6 and 2/3 innings, and the "
        "part after the dot is always 0, 1 or 2; it can also be a whole number with no dot, like '7'. "
        "If no outs were recorded at all ('0.0' or '0') return None.\n\n"
        "earned_run_average(3, '7.0') -> 3.86\nearned_run_average(2, '6.1') -> 2.84",
        "earned_run_average",
        [(3, "7.0"), (2, "6.1"), (0, "9.0"), (5, "4.2"), (1, "0.1"), (4, "0.0"), (10, "3"), (7, "200.1"),
         (3, "1.2"), (12, "8.1"), (0, "0")],
        [0, 1],
        _ERA,
    ),
    _row(
        "Decoding messages from my ham radio practice. morse_to_text(code) turns International Morse "
        "code into text: letters (A-Z) and digits (0-9) are written with dots and dashes, the letters "
        "of a word are separated by a single space, and words are separated by ' / ' (space, slash, "
        "space). Return the text in upper case with one space between words; an empty string gives an "
        "empty string.\n\n"
        "Input: '.... .. / - .... . .-. .'\nOutput: 'HI THERE'",
        "morse_to_text",
        [(".... .. / - .... . .-. .",), ("... --- ...",), (".---- ..--- ...--",),
         ("-- --- .-. ... . / -.-. --- -.. .",), (".",), ("",), ("--.. --.- -..-",),
         ("-.... ----- / ...-- ----.",), (".-- .- - . .-. / ..-. .- .-.. .-.. ...",)],
        [0],
        _MORSE,
    ),
    _row(
        "Our asset inventory has MAC addresses typed every which way. normalize_mac(text) should return "
        "the address as lower-case hex pairs joined by colons, like 'aa:bb:cc:dd:ee:ff'. Accepted inputs "
        "(letters in any case, spaces around the whole thing ignored): six 2-digit hex pairs separated "
        "by ':' or by '-' (the same separator throughout), three 4-digit hex groups separated by '.' "
        "(Cisco style, like '0011.2233.4455'), or 12 hex digits with no separator. Anything else returns "
        "None.\n\n"
        "Input: 'AA-BB-CC-DD-EE-FF'\nOutput: 'aa:bb:cc:dd:ee:ff'",
        "normalize_mac",
        [("AA-BB-CC-DD-EE-FF",), ("0011.2233.4455",), ("001122334455",), ("00:1A:2b:3C:4d:5E",),
         ("00:11:22:33:44",), ("00:11:22:33:44:GG",), ("00-11:22-33:44-55",), (" 00:11:22:33:44:55 ",),
         ("0:11:22:33:44:55",), ("0011.2233.445",)],
        [0],
        _MAC,
    ),
    _row(
        "I want a quick summary of our app logs. count_log_levels(lines) takes a list of log lines like "
        "'2027-05-01 09:00:01 INFO Server started' (date, time, level, message, separated by spaces) and "
        "returns a dict mapping each level to how many lines have it. The level is the third "
        "space-separated field and only counts when it is exactly one of DEBUG, INFO, WARNING, ERROR or "
        "CRITICAL (upper case); other lines are skipped. Levels that never appear are left out of the "
        "dict.\n\n"
        f"Input: {_LOG!r}\nOutput: {{'INFO': 2, 'WARNING': 1}}",
        "count_log_levels",
        [(_LOG,), ([],), (["2027-05-01 10:00:00 ERROR Disk full", "2027-05-01 10:00:01 ERROR Disk full"],),
         (["2027-05-01 10:00:00 error lower case", "", "just text", "2027-05-01 10:00:02 WARN short"],),
         (["2027-05-02 00:00:00 DEBUG a", "2027-05-02 00:00:01 INFO b", "2027-05-02 00:00:02 CRITICAL c",
           "2027-05-02 00:00:03 DEBUG d"],),
         (["2027-05-02 00:00:00", "2027-05-02 00:00:05 INFO"],),
         (["2027-05-03 11:11:11 INFO ERROR in the message", "ERROR at the start 2027"],),
         (["2027-05-03 12:00:00 WARNING x"] * 4,)],
        [0],
        _LEVELS,
    ),
    _row(
        "Little helper for a travel blog: flag_emoji(code) turns a two-letter country code (like 'gb' or "
        "'US', any case) into its flag emoji, which is the two regional indicator symbols for those "
        "letters (U+1F1E6 is A, U+1F1E7 is B, and so on). Any two letters A-Z are converted, whether or "
        "not they are a real country. If the input isn't exactly two ASCII letters, return an empty "
        "string.\n\n"
        "Input: 'gb'\nOutput: '🇬🇧'",
        "flag_emoji",
        [("gb",), ("US",), ("jp",), ("De",), ("GBR",), ("",), ("g1",), ("UK",), ("éa",), ("z ",)],
        [0],
        _FLAG,
    ),
    _row(
        "Sourdough maths. dough_hydration(flour_g, water_g, starter_g, starter_hydration) gives the "
        "overall hydration of a dough in percent: total water divided by total flour times 100, rounded "
        "to 1 decimal. The starter counts too: a starter at hydration h percent is made of flour and "
        "water in the ratio 100 : h, so a 100% starter is half flour and half water by weight.\n\n"
        "assert dough_hydration(500, 350, 100, 100) == 72.7\n"
        "assert dough_hydration(1000, 700, 0, 100) == 70.0",
        "dough_hydration",
        [(500, 350, 100, 100), (1000, 700, 0, 100), (450, 320, 90, 100), (500, 375, 150, 80),
         (300, 210, 60, 125), (1000, 780, 200, 100), (250, 200, 50, 50), (800, 600, 0, 100),
         (400, 260, 120, 100)],
        [0, 1],
        _HYDRATION,
    ),
    _row(
        "EV road trip planning: charge_minutes(capacity_kwh, from_pct, to_pct, charger_kw) estimates how "
        "long a charge takes. The energy needed is capacity times (to_pct - from_pct) / 100, the car "
        "actually receives 90% of the charger's power, and the answer is whole minutes rounded up. If "
        "to_pct isn't above from_pct, return 0.\n\n"
        "assert charge_minutes(60, 20, 80, 11) == 219\n"
        "assert charge_minutes(75, 50, 50, 7.4) == 0",
        "charge_minutes",
        [(60, 20, 80, 11), (75, 50, 50, 7.4), (40, 10, 90, 7.4), (82, 5, 100, 50), (64, 30, 80, 22),
         (100, 80, 20, 11), (58, 15, 85, 3.7), (77.4, 12, 97, 11), (52, 40, 41, 2.3)],
        [0, 1],
        _CHARGE,
    ),
    _row(
        "For my photo EXIF viewer: shutter_label(seconds) formats an exposure time the way cameras show "
        "it. For 1 second or longer it's the number of seconds followed by a double quote character, "
        "with no trailing '.0' (so 2 and 2.0 both give '2\"', and 2.5 gives '2.5\"'). Below 1 second it's "
        "'1/N', where N is 1 divided by seconds rounded to the nearest whole number.\n\n"
        "assert shutter_label(0.004) == '1/250'\n"
        "assert shutter_label(2) == '2\"'",
        "shutter_label",
        [(0.004,), (2,), (0.5,), (1,), (30,), (1 / 3,), (0.001,), (0.0125,), (2.5,), (0.0166,), (15.0,)],
        [0, 1],
        _SHUTTER,
    ),
    _row(
        "Sailing app: write beaufort_number(knots) returning the Beaufort force (an int from 0 to 12) for "
        "a wind speed in knots. First round the speed to the nearest whole knot, halves going up. Then: "
        "below 1 knot is force 0, 1 to 3 is 1, 4 to 6 is 2, 7 to 10 is 3, 11 to 16 is 4, 17 to 21 is "
        "5, 22 to 27 is 6, 28 to 33 is 7, 34 to 40 is 8, 41 to 47 is 9, 48 to 55 is 10, 56 to 63 is 11 "
        "and 64 or more is 12. So a 5 knot breeze is force 2 and a 30 knot wind is force 7.",
        "beaufort_number",
        [(0,), (0.4,), (0.5,), (3.4,), (3.5,), (10,), (11,), (47.6,), (64,)],
        [],
        _BEAUFORT,
    ),
    _row(
        "Train delay compensation: delay_refund(fare, minutes_late) works out the refund for a ticket. "
        "Under 15 minutes late there's no refund; from 15 up to 29 minutes it's 25% of the fare, from 30 "
        "up to 59 minutes it's 50%, and 60 minutes or more gets the whole fare back. Return the amount "
        "rounded to 2 decimals. For example a 40 pound ticket that was 35 minutes late gets 20 back, "
        "and one that was 10 minutes late gets nothing.",
        "delay_refund",
        [(40, 14), (40, 15), (12.6, 29), (60, 60), (60, 59), (7.8, 45), (100, 0), (33.2, 15), (19.99, 120)],
        [],
        _REFUND,
    ),
    _row(
        "US recipes drive me mad. Can you write cups_to_grams(cups, ingredient)? It converts a number of "
        "cups to grams using these weights per cup: flour 120, sugar 200, brown sugar 220, butter 227, "
        "rice 185, oats 90, water 240 and milk 240. The ingredient name can be in any case. Round to the "
        "nearest whole gram (halves go up) and return an int; for an ingredient not in the list return "
        "None. For example 2 cups of flour is 240 grams and half a cup of butter is 114 grams.",
        "cups_to_grams",
        [(1, "sugar"), (0.75, "Brown Sugar"), (1.5, "oats"), (0.33, "rice"), (3, "milk"), (0.25, "butter"),
         (1, "cocoa"), (2.5, "water"), (0.5, "FLOUR")],
        [],
        _CUPS,
    ),
]
# fmt: on
