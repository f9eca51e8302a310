"""The generic task's `test12` function rows (see generic_test12, which writes them with the rest):
the first 11 here, then generic_test12_functions2's MORE (one module would pass 450 lines). Each
row's expected values are its reference's answers (generic_test12_functions2._row).
**Do not read these requests while tuning**: they are a blind test split."""

from __future__ import annotations

from selfrefine.tasks.tools.generic_test12_functions2 import MORE, _code, _row

_DEW = _code("""
    import math


    def dew_point(temp_c, humidity):
        gamma = math.log(humidity / 100) + 17.62 * temp_c / (243.12 + temp_c)
        return round(243.12 * gamma / (17.62 - gamma), 1)
""")

_EV = _code("""
    import math


    def exposure_value(aperture, shutter):
        if "/" in shutter:
            top, bottom = shutter.split("/")
            seconds = float(top) / float(bottom)
        else:
            seconds = float(shutter)
        return round(math.log2(aperture**2 / seconds), 1)
""")

_TIPS = _code("""
    from fractions import Fraction


    def split_tips(hours, total_cents):
        worked = {name: Fraction(str(h)) for name, h in hours.items()}
        all_hours = sum(worked.values())
        exact = {name: total_cents * h / all_hours for name, h in worked.items()}
        out = {name: int(share) for name, share in exact.items()}
        left = total_cents - sum(out.values())
        for name in sorted(exact, key=lambda n: (-(exact[n] - out[n]), n))[:left]:
            out[name] += 1
        return out
""")

_SPARK = _code("""
    def sparkline(values):
        bars = "▁▂▃▄▅▆▇█"
        if not values:
            return ""
        lo, hi = min(values), max(values)
        if lo == hi:
            return bars[0] * len(values)
        return "".join(bars[int((v - lo) / (hi - lo) * 7 + 0.5)] for v in values)
""")

_INCH = _code("""
    import math


    def inch_fraction(inches):
        sixteenths = math.floor(inches * 16 + 0.5)
        whole, rest = divmod(sixteenths, 16)
        if rest == 0:
            return f'{whole}"'
        g = math.gcd(rest, 16)
        frac = f"{rest // g}/{16 // g}"
        return f'{frac}"' if whole == 0 else f'{whole} {frac}"'
""")

_EU = _code("""
    def format_eu_number(x, decimals):
        text = f"{x:,.{decimals}f}"
        return text.replace(",", " ").replace(".", ",").replace(" ", ".")
""")

_MODIFIER = _code("""
    def ability_modifier(score):
        m = (score - 10) // 2
        return f"+{m}" if m >= 0 else str(m)
""")

_MIDDLE = _code("""
    def truncate_middle(text, max_len):
        if len(text) <= max_len:
            return text
        back = (max_len - 1) // 2
        front = max_len - 1 - back
        return text[:front] + "…" + text[len(text) - back :]
""")

_FREQ = _code("""
    import re


    def note_frequency(note):
        m = re.fullmatch(r"([A-G])([#b]?)(-?\\d+)", note)
        pitch = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}[m.group(1)]
        pitch += {"#": 1, "b": -1, "": 0}[m.group(2)]
        midi = pitch + 12 * (int(m.group(3)) + 1)
        return round(440 * 2 ** ((midi - 69) / 12), 2)
""")

_MIDI = _code("""
    def midi_to_note(number):
        names = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
        return f"{names[number % 12]}{number // 12 - 1}"
""")

_PER_KG = _code("""
    import re


    def price_per_kg(quantity, price):
        m = re.fullmatch(r"\\s*(\\d+(?:\\.\\d+)?)\\s*(kg|g)\\s*", quantity, re.I)
        kg = float(m.group(1)) / (1 if m.group(2).lower() == "kg" else 1000)
        return round(price / kg, 2)
""")

# fmt: off
FUNCTIONS = [
    _row(
        "My balcony weather station logs temperature and humidity, and I'd like the dew point too. "
        "Can you implement this?\n\n"
        "```python\ndef dew_point(temp_c, humidity):\n"
        '    """The dew point in °C by the Magnus formula, rounded to 1 decimal with round().\n\n'
        "    humidity is the relative humidity in percent (above 0, at most 100). With\n"
        "    a = 17.62 and b = 243.12: gamma = ln(humidity / 100) + a * T / (b + T), and the\n"
        "    dew point is b * gamma / (a - gamma), where T is temp_c.\n\n"
        "    >>> dew_point(20, 50)\n    9.3\n"
        "    >>> dew_point(25, 100)\n    25.0\n"
        '    """\n```',
        "dew_point",
        [(20, 50), (25, 100), (30, 70), (0, 80), (-5, 60), (15.5, 45.5), (35, 20), (10, 99), (22, 5),
         (-20, 90)],
        [0, 1],
        _DEW,
    ),
    _row(
        "Photography helper for my exposure notes:\n\n"
        "```python\ndef exposure_value(aperture, shutter):\n"
        '    """The exposure value EV = log2(N**2 / t), rounded to 1 decimal.\n\n'
        "    aperture is the f-number N (a float like 2.8). shutter is the shutter time t\n"
        "    as a string: either a fraction of a second like '1/125', or a number of\n"
        "    seconds like '2' or '0.5'.\n\n"
        "    >>> exposure_value(16, '1/125')\n    15.0\n"
        "    >>> exposure_value(2.8, '30')\n    -1.9\n"
        '    """\n```',
        "exposure_value",
        [(16, "1/125"), (2.8, "30"), (1.0, "1"), (8, "1/250"), (5.6, "1/60"), (11, "0.5"), (4, "1/1000"),
         (22, "4"), (1.4, "1/8000"), (2, "2.5")],
        [0, 1],
        _EV,
    ),
    _row(
        "We pool tips at the café at the end of each week. Please write:\n\n"
        "```python\ndef split_tips(hours, total_cents):\n"
        '    """Split total_cents (an int) between the staff in proportion to their hours.\n\n'
        "    hours maps each name to the hours worked (0 or more; at least one person has\n"
        "    more than 0). Each person first gets their exact share rounded down to a whole\n"
        "    cent; the cents left over then go one each to the people whose shares lost the\n"
        "    most in that rounding down, ties going to the name that sorts first. Return a\n"
        "    dict name -> cents (ints) that adds up to total_cents.\n\n"
        "    >>> split_tips({'Ana': 20, 'Ben': 10}, 10000)\n    {'Ana': 6667, 'Ben': 3333}\n"
        '    """\n```',
        "split_tips",
        [({"Ana": 20, "Ben": 10}, 10000), ({"Ana": 1, "Ben": 1, "Cy": 1}, 100), ({"Solo": 7.5}, 4321),
         ({"Ana": 8, "Ben": 0}, 5000), ({"Zed": 1, "Amy": 1}, 1), ({"A": 12.5, "B": 7.25, "C": 30}, 98765),
         ({"Kai": 3, "Lu": 3, "Mo": 3, "Ned": 3}, 10), ({"x": 0.5, "y": 1.5}, 0),
         ({"P": 40, "Q": 38, "R": 16}, 55555),
         ({"Cy": 2, "Ana": 2, "Ben": 2}, 200)],
        [0],
        _TIPS,
    ),
    _row(
        "For a little terminal dashboard I want sparklines:\n\n"
        "```python\ndef sparkline(values):\n"
        '    """A string with one bar character per value, from the 8 characters "▁▂▃▄▅▆▇█".\n\n'
        "    A value v gets the character at index (v - lo) / (hi - lo) * 7, rounded to the\n"
        "    nearest whole number (halves up), where lo and hi are the smallest and largest\n"
        '    values. If all values are equal, every one gets "▁". An empty list gives "".\n\n'
        "    >>> sparkline([1, 2, 3, 4, 5, 6, 7, 8])\n    '▁▂▃▄▅▆▇█'\n"
        "    >>> sparkline([5, 5])\n    '▁▁'\n"
        '    """\n```',
        "sparkline",
        [([1, 2, 3, 4, 5, 6, 7, 8],), ([5, 5],), ([],), ([0, 100],), ([3],), ([10, 0, 10, 0],),
         ([0, 10, 20, 33, 50, 100],), ([-5, 0, 5],), ([2.5, 2.7, 3.1, 2.6, 2.9],), ([100, 90, 80, 70, 60],)],
        [0, 1],
        _SPARK,
    ),
    _row(
        "Woodworking plans in inches drive me mad. Write inch_fraction(inches): it takes a decimal "
        "number of inches (0 or more) and rounds it to the nearest 1/16 inch, written as a whole "
        "number, a reduced fraction, or both, followed by a double quote: '3\"', '3/8\"' or '2 3/8\"'. "
        "Exactly halfway between two sixteenths rounds up, and anything that rounds to 0 is '0\"'.\n\n"
        "inch_fraction(2.375) == '2 3/8\"'\ninch_fraction(0.5) == '1/2\"'",
        "inch_fraction",
        [(2.375,), (0.5,), (3,), (0,), (0.01,), (1.99,), (5.0625,), (0.3,), (12.8,), (7.74,)],
        [0, 1],
        _INCH,
    ),
    _row(
        "Our invoices go to German customers. format_eu_number(x, decimals) formats a number with a "
        "'.' between groups of three digits and ',' as the decimal mark, rounded to `decimals` "
        "places (0 means no decimal part and no comma). Negative numbers keep their '-' in "
        "front.\n\n"
        "format_eu_number(1234567.891, 2) == '1.234.567,89'\nformat_eu_number(999, 0) == '999'",
        "format_eu_number",
        [(1234567.891, 2), (999, 0), (0, 2), (1000, 0), (-1234.5, 2), (12.3456, 3), (1000000, 1),
         (0.07, 2), (-98765.4321, 1), (100.999, 2)],
        [0, 1],
        _EU,
    ),
    _row(
        "Small helper for my D&D character sheet generator: ability_modifier(score) takes an ability "
        "score (a whole number from 1 to 30) and returns its modifier as a string: the score minus "
        "10, divided by 2 and rounded down, with a '+' in front when it is 0 or more.\n\n"
        "ability_modifier(15) == '+2'\nability_modifier(9) == '-1'",
        "ability_modifier",
        [(15,), (9,), (10,), (11,), (1,), (30,), (8,), (3,), (20,), (7,)],
        [0, 1],
        _MODIFIER,
    ),
    _row(
        "File names in my upload list are too long for the column. truncate_middle(text, max_len) "
        "returns text unchanged if it has at most max_len characters. Otherwise it returns exactly "
        "max_len characters: the start of text, the single character '…', and the end of text, "
        "where the end part gets (max_len - 1) // 2 characters and the start part the rest. max_len "
        "is at least 3.\n\n"
        "truncate_middle('holiday_photos_2027.zip', 12) == 'holida…7.zip'\n"
        "truncate_middle('notes.txt', 12) == 'notes.txt'",
        "truncate_middle",
        [("holiday_photos_2027.zip", 12), ("notes.txt", 12), ("abcdef", 5), ("abcdef", 6), ("abcdefg", 3),
         ("quarterly_report_final_v3.pdf", 20), ("", 3), ("abcdefghij", 4), ("12345678901234567890", 11)],
        [0, 1],
        _MIDDLE,
    ),
    _row(
        "I'm building a tuner. note_frequency(note) takes a note name like 'A4', 'C#5' or 'Bb3' (a "
        "letter A-G, then optionally '#' for sharp or 'b' for flat, then the octave number, which "
        "starts at C, so C4 is middle C and B3 is just below it) and returns its frequency in Hz in "
        "twelve-tone equal temperament with A4 = 440 Hz, rounded to 2 decimals.\n\n"
        "note_frequency('A4') -> 440.0\nnote_frequency('C4') -> 261.63",
        "note_frequency",
        [("A4",), ("C4",), ("A0",), ("C8",), ("C#5",), ("Db5",), ("Bb3",), ("E2",), ("B3",), ("Cb4",),
         ("G#1",)],
        [0, 1],
        _FREQ,
    ),
    _row(
        "MIDI tool: midi_to_note(number) turns a MIDI note number (0 to 127) into its name with "
        "sharps only (C, C#, D, D#, E, F, F#, G, G#, A, A#, B) followed by the octave, where 60 is "
        "C4 (middle C) and each octave starts at C, so note 0 is C-1.\n\n"
        "midi_to_note(60) -> 'C4'\nmidi_to_note(69) -> 'A4'",
        "midi_to_note",
        [(60,), (69,), (0,), (127,), (61,), (59,), (11,), (12,), (108,), (22,)],
        [0, 1],
        _MIDI,
    ),
    _row(
        "I compare supermarket prices. price_per_kg(quantity, price): quantity is a string like "
        "'500 g', '1.5kg' or '750G' (a number, an optional space, then g or kg in any case) and "
        "price is what the pack costs. Return the price per kilogram rounded to 2 decimals.\n\n"
        "price_per_kg('500 g', 2.5) -> 5.0\nprice_per_kg('1.5kg', 6) -> 4.0",
        "price_per_kg",
        [("500 g", 2.5), ("1.5kg", 6), ("750G", 3.99), ("2 KG", 7.49), ("125g", 1.85), ("1 kg", 0.89),
         ("0.4kg", 2.2), ("330 g", 1.1), ("2500g", 12.75)],
        [0, 1],
        _PER_KG,
    ),
    *MORE,
]
# fmt: on
