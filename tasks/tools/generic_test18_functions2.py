"""The generic task's `test18` function rows, second part (generic_test18_functions holds the first
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


_MULTIBUY = _code("""
    def multibuy_total(qty, unit_price, deal_qty, deal_price):
        groups, left = divmod(qty, deal_qty)
        return float(round(groups * deal_price + left * unit_price, 2))
""")

_DOMAIN = _code("""
    import re


    def domain_of(url):
        rest = url.strip().split("://", 1)[-1]
        host = re.split(r"[/?#]", rest, maxsplit=1)[0]
        host = host.rsplit("@", 1)[-1].split(":", 1)[0].lower()
        return host[4:] if host.startswith("www.") else host
""")

_SENTENCES = _code("""
    import re


    def capitalize_sentences(text):
        up = lambda m: m.group(1) + m.group(2).upper()
        text = re.sub(r"^( *)([^\\W\\d_])", up, text)
        return re.sub(r"([.!?] +)([^\\W\\d_])", up, text)
""")

_PRIVATE = _code("""
    import re


    def is_private_ip(ip):
        parts = ip.split(".")
        if len(parts) != 4 or not all(re.fullmatch(r"[0-9]{1,3}", p) and int(p) <= 255 for p in parts):
            return None
        a, b = int(parts[0]), int(parts[1])
        return a == 10 or (a == 172 and 16 <= b <= 31) or (a == 192 and b == 168)
""")

_WEEKDAYS = _code("""
    from datetime import date


    def weekday_counts(dates):
        out = {}
        for d in dates:
            name = date.fromisoformat(d).strftime("%A")
            out[name] = out.get(name, 0) + 1
        return out
""")

_TRIMMED = _code("""
    def trimmed_mean(values, k):
        kept = sorted(values)[k : len(values) - k]
        if not kept:
            return None
        return round(sum(kept) / len(kept), 2)
""")

_RUNNING = _code("""
    def running_cost(watts, hours_per_day, days, price_per_kwh):
        return round(watts / 1000 * hours_per_day * days * price_per_kwh, 2)
""")

_CSV = _code("""
    def csv_column(text, name):
        rows = [ln for ln in text.split("\\n") if ln.strip()]
        if not rows:
            return None
        header = [h.strip() for h in rows[0].split(",")]
        if name not in header:
            return None
        i = header.index(name)
        out = []
        for ln in rows[1:]:
            cells = [x.strip() for x in ln.split(",")]
            out.append(cells[i] if i < len(cells) else "")
        return out
""")

_AGE = _code("""
    def age_group(age):
        if age < 0:
            return None
        if age <= 12:
            return "child"
        if age <= 17:
            return "teen"
        if age <= 64:
            return "adult"
        return "senior"
""")

_STATUS = _code("""
    def status_class(code):
        names = {1: "informational", 2: "success", 3: "redirect", 4: "client error", 5: "server error"}
        if not 100 <= code <= 599:
            return None
        return names[code // 100]
""")

_TANK = _code("""
    def tank_litres(length_cm, width_cm, water_depth_cm):
        if min(length_cm, width_cm, water_depth_cm) < 0:
            return None
        return round(length_cm * width_cm * water_depth_cm / 1000, 1)
""")

_DATES = ["2027-03-01", "2027-03-02", "2027-03-08"]

# fmt: off
MORE = [
    _row(
        "Corner shop till helper. multibuy_total(qty, unit_price, deal_qty, deal_price) prices qty items "
        "of one product on a deal like '3 for 2.00': every full group of deal_qty items costs deal_price, "
        "and the items left over cost unit_price each. qty and deal_qty are whole numbers (deal_qty at "
        "least 1). Return the total as a float rounded to 2 decimal places.\n\n"
        "multibuy_total(7, 0.8, 3, 2.0) -> 4.8\nmultibuy_total(2, 1.5, 3, 4.0) -> 3.0",
        "multibuy_total",
        [(7, 0.8, 3, 2.0), (2, 1.5, 3, 4.0), (0, 1.0, 2, 1.5), (3, 0.8, 3, 2.0), (10, 1.25, 4, 4.0),
         (6, 2.5, 2, 4.0), (5, 0.99, 5, 3.0), (11, 0.6, 3, 1.5), (1, 3.49, 2, 5.0), (9, 1.1, 4, 4.0)],
        [0, 1],
        _MULTIBUY,
    ),
    _row(
        "Grouping referrers in our analytics export. domain_of(url) returns the host name of a URL in "
        "lower case. The URL may start with a scheme like 'https://' or go straight into the host. The "
        "host ends at the first '/', '?' or '#'. Drop any 'user:password@' before it and any ':port' "
        "after it, and remove a leading 'www.' (only that exact prefix).\n\n"
        "Input: 'https://www.Example.com/shop?id=3'\nOutput: 'example.com'",
        "domain_of",
        [("https://www.Example.com/shop?id=3",), ("http://blog.example.org:8080/posts",),
         ("example.net/about",), ("https://user:pw@files.example.com/x",), ("HTTPS://WWW.NEWS.CO.UK",), ("ftp://www2.example.com",),
         ("https://example.com#top",), ("www.shop.example.io?ref=ad",), ("https://wwwexample.com",)],
        [0],
        _DOMAIN,
    ),
    _row(
        "Cleaning up notes I typed on my phone. capitalize_sentences(text) upper-cases the first letter "
        "of each sentence and changes nothing else: the first character of the text after any leading "
        "spaces, and every character that comes right after a '.', '!' or '?' followed by one or more "
        "spaces, in both cases only if that character is a letter.\n\n"
        "Input: 'hello there. how are you? fine!'\nOutput: 'Hello there. How are you? Fine!'",
        "capitalize_sentences",
        [("hello there. how are you? fine!",), ("",), ("already Fine. ok",), ("wait...what? no way",),
         ("  leading spaces. yes",), ("3 cats. two dogs",), ("hi!!  bye",), ("end.",), ("über cool. élan",)],
        [0],
        _SENTENCES,
    ),
    _row(
        "Firewall log triage: is_private_ip(ip) takes an IPv4 address string. If it isn't a valid "
        "dotted IPv4 address (exactly four parts separated by dots, each 1 to 3 digits 0-9 with a value "
        "of at most 255), return None. Otherwise return True if it's in one of the private ranges "
        "10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16, else False.\n\n"
        "Input: '192.168.1.20'\nOutput: True",
        "is_private_ip",
        [("192.168.1.20",), ("8.8.8.8",), ("10.255.0.1",), ("172.15.0.1",), ("172.31.255.255",),
         ("172.32.0.1",), ("256.1.1.1",), ("192.168.1",), ("192.169.0.1",), ("abc.def.ghi.jkl",)],
        [0],
        _PRIVATE,
    ),
    _row(
        "Looking at which days our customers book on. weekday_counts(dates) takes a list of date strings "
        "'YYYY-MM-DD' and returns a dict mapping English weekday names ('Monday', 'Tuesday', ...) to how "
        "many of the dates fall on that day. Only include weekdays that occur at least once.\n\n"
        f"Input: {_DATES!r}\nOutput: {{'Monday': 2, 'Tuesday': 1}}",
        "weekday_counts",
        [(_DATES,), ([],), (["2024-02-29"],), (["2027-12-25", "2027-12-26"],), (["2000-01-01"] * 3,),
         ([f"2027-05-{d:02d}" for d in range(3, 10)],), (["1999-12-31", "2000-01-01"],),
         (["2027-07-04", "2027-07-11", "2027-07-18", "2027-07-05"],), (["2030-06-15"],)],
        [0],
        _WEEKDAYS,
    ),
    _row(
        "Judging scores for a dance competition. trimmed_mean(values, k) sorts the scores, drops the k "
        "lowest and the k highest, and returns the mean of what's left rounded to 2 decimal places. If "
        "nothing is left, return None. k is a whole number, 0 or more.\n\n"
        "assert trimmed_mean([1, 2, 3, 4, 100], 1) == 3.0\n"
        "assert trimmed_mean([5, 5], 1) is None",
        "trimmed_mean",
        [([1, 2, 3, 4, 100], 1), ([5, 5], 1), ([4, 8, 15, 16, 23, 42], 0), ([3, 1, 2], 1),
         ([10, 20, 30, 40], 2), ([7.5, 2.5, 9, 1, 6], 1), ([], 0), ([1, 1, 1, 1, 50, 50], 2), ([2, 9], 0),
         ([3, -3, 6, -6, 1], 2)],
        [0, 1],
        _TRIMMED,
    ),
    _row(
        "Working out what my appliances cost to run. running_cost(watts, hours_per_day, days, "
        "price_per_kwh) returns the electricity cost of running something rated at `watts` for "
        "hours_per_day hours a day over `days` days, at price_per_kwh per kilowatt-hour (1 kWh is 1000 "
        "watts for one hour). Round to 2 decimal places.\n\n"
        "assert running_cost(2000, 3, 30, 0.25) == 45.0\n"
        "assert running_cost(10, 24, 365, 0.3) == 26.28",
        "running_cost",
        [(2000, 3, 30, 0.25), (10, 24, 365, 0.3), (0, 5, 10, 0.3), (60, 5, 7, 0.28),
         (1500, 0.5, 14, 0.32), (3000, 1.5, 90, 0.21), (8, 24, 30, 0.4), (750, 2, 1, 0.3), (120, 8, 22, 0.5),
         (2200, 0.25, 30, 0.18)],
        [0, 1],
        _RUNNING,
    ),
    _row(
        "Tiny CSV helper so I don't have to pull in pandas. csv_column(text, name) takes CSV text whose "
        "first non-blank line is the header. Lines that are empty or only spaces are skipped. Split "
        "every line on commas (no quoting to worry about) and strip the spaces around each field. Return "
        "the list of values in the first column whose header is exactly `name`, one per data row; a row "
        "with too few fields gives '' for that column. Return None if no header is `name` (or there is "
        "no header at all).\n\n"
        "assert csv_column('name,age\\nAna,31\\nBo,27', 'age') == ['31', '27']\n"
        "assert csv_column('name,age\\nAna,31', 'email') is None",
        "csv_column",
        [("name,age\nAna,31\nBo,27", "age"), ("name,age\nAna,31", "email"), ("a,b\n", "a"),
         (" id , city \n1, Oslo\n2 ,Lima\n", "city"), ("x,y\n1\n2,3", "y"), ("x,y\n\n1,2\n  \n3,4\n", "x"),
         ("Name,Qty\nTea,2", "name"), ("k\nv1\nv2", "k"), ("a,b,c\n1,2,3,4\n5,6,7", "c"), ("a,a\n1,2", "a"),
         ("", "a")],
        [0, 1],
        _CSV,
    ),
    _row(
        "Signup form for our community centre: write age_group(age) that takes a whole-number age in "
        "years and returns 'child' for ages 0 to 12, 'teen' for 13 to 17, 'adult' for 18 to 64 and "
        "'senior' for 65 and over. A negative age returns None. For example a 15-year-old is a teen and "
        "someone aged 70 is a senior.",
        "age_group",
        [(0,), (12,), (13,), (17,), (18,), (64,), (65,), (-1,), (101,)],
        [],
        _AGE,
    ),
    _row(
        "For a log dashboard: write status_class(code) that takes an HTTP status code (an int) and "
        "returns its class as a lower-case string: 'informational' for 100-199, 'success' for 200-299, "
        "'redirect' for 300-399, 'client error' for 400-499 and 'server error' for 500-599. Anything "
        "outside 100-599 returns None. For example 201 is a success and 502 is a server error.",
        "status_class",
        [(100,), (204,), (301,), (404,), (418,), (503,), (99,), (600,), (299,)],
        [],
        _STATUS,
    ),
    _row(
        "Aquarium planner: write tank_litres(length_cm, width_cm, water_depth_cm) that returns how many "
        "litres of water a rectangular tank holds when filled to water_depth_cm, where 1 litre is 1000 "
        "cubic centimetres, rounded to 1 decimal place. If any of the three measurements is negative, "
        "return None. For example a tank 60 cm long and 30 cm wide filled to 35 cm holds 63 litres.",
        "tank_litres",
        [(0, 30, 35), (100, 40, 50), (45, 25, 28), (120, 50, 45), (30, 20, 25.5), (80, 35, 40), (-5, 10, 10),
         (12.5, 12.5, 12.5), (200, 60, 55)],
        [],
        _TANK,
    ),
]
# fmt: on
