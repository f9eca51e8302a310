"""The generic task's `test11` function rows (see generic_test11, which writes them with the rest):
the first 11 here, then generic_test11_functions2's MORE (one module would pass 450 lines). Each
row's expected values are its reference's answers (generic_test11_functions2._row).
**Do not read these requests while tuning**: they are a blind test split."""

from __future__ import annotations

from selfrefine.tasks.tools.generic_test11_functions2 import MORE, _code, _row

_WIND = _code("""
    def wind_chill(temp_c, wind_kmh):
        if temp_c > 10 or wind_kmh <= 4.8:
            return temp_c
        v = wind_kmh ** 0.16
        return round(13.12 + 0.6215 * temp_c - 11.37 * v + 0.3965 * temp_c * v, 1)
""")

_CONTRAST = _code("""
    def _luminance(color):
        digits = color.lstrip("#")
        if len(digits) == 3:
            digits = "".join(ch * 2 for ch in digits)
        out = []
        for i in (0, 2, 4):
            c = int(digits[i : i + 2], 16) / 255
            out.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
        return 0.2126 * out[0] + 0.7152 * out[1] + 0.0722 * out[2]


    def contrast_ratio(color_a, color_b):
        light, dark = sorted((_luminance(color_a), _luminance(color_b)), reverse=True)
        return round((light + 0.05) / (dark + 0.05), 2)
""")

_TAX = _code("""
    def progressive_tax(income, brackets):
        tax, lower = 0.0, 0
        for upper, rate in brackets:
            top = income if upper is None else min(income, upper)
            if top > lower:
                tax += (top - lower) * rate / 100
            if upper is None or income <= upper:
                break
            lower = upper
        return round(tax, 2)
""")

_NTH = _code("""
    import calendar
    import datetime


    def nth_weekday(year, month, weekday, n):
        last = calendar.monthrange(year, month)[1]
        days = [d for d in range(1, last + 1) if datetime.date(year, month, d).weekday() == weekday]
        if n == -1:
            day = days[-1]
        elif 1 <= n <= len(days):
            day = days[n - 1]
        else:
            return None
        return datetime.date(year, month, day).isoformat()
""")

_ISO_WEEK = _code("""
    import datetime


    def iso_week_label(date):
        year, week, _ = datetime.date.fromisoformat(date).isocalendar()
        return f"{year}-W{week:02d}"
""")

_BATCHES = _code("""
    def even_batches(total, max_size):
        if total == 0:
            return []
        count = -(-total // max_size)
        base, extra = divmod(total, count)
        return [base + 1] * extra + [base] * (count - extra)
""")

_TIMESHEET = _code("""
    def timesheet_total(entries):
        total = 0
        for entry in entries:
            start, end = entry.split("-")
            a = int(start[:2]) * 60 + int(start[3:])
            b = int(end[:2]) * 60 + int(end[3:])
            total += (b - a) % (24 * 60)
        return f"{total // 60}:{total % 60:02d}"
""")

_FISCAL = _code("""
    def fiscal_quarter(date, start_month):
        year, month = int(date[:4]), int(date[5:7])
        quarter = (month - start_month) % 12 // 3 + 1
        if start_month != 1 and month >= start_month:
            year += 1
        return f"FY{year} Q{quarter}"
""")

_CIDR = _code("""
    def cidr_hosts(cidr):
        prefix = int(cidr.split("/")[1])
        if prefix == 32:
            return 1
        if prefix == 31:
            return 2
        return 2 ** (32 - prefix) - 2
""")

_ZONES = _code("""
    def heart_rate_zones(age, resting_hr):
        reserve = 220 - age - resting_hr

        def bound(pct):
            return (100 * resting_hr + reserve * pct + 50) // 100

        return [[bound(p), bound(p + 10)] for p in (50, 60, 70, 80, 90)]
""")

_DUE = _code("""
    import calendar
    import datetime


    def invoice_due_date(issue_date, terms):
        day = datetime.date.fromisoformat(issue_date)
        if terms == "EOM":
            day = day.replace(day=calendar.monthrange(day.year, day.month)[1])
        elif terms.startswith("Net "):
            day += datetime.timedelta(days=int(terms[4:]))
        if day.weekday() >= 5:
            day += datetime.timedelta(days=7 - day.weekday())
        return day.isoformat()
""")

# fmt: off
FUNCTIONS = [
    _row(
        "For the little weather display in our hallway, please implement:\n\n"
        "```python\ndef wind_chill(temp_c, wind_kmh):\n"
        '    """The feels-like temperature in °C with the Canadian wind chill formula:\n'
        "    13.12 + 0.6215*T - 11.37*V**0.16 + 0.3965*T*V**0.16, where T is the air temperature\n"
        "    in °C and V the wind speed in km/h, rounded to 1 decimal with round().\n\n"
        "    The formula only applies when T is 10 or below and V is above 4.8; otherwise\n"
        "    return temp_c unchanged.\n\n"
        "    >>> wind_chill(-10, 20)\n    -17.9\n"
        "    >>> wind_chill(15, 30)\n    15\n"
        '    """\n```',
        "wind_chill",
        [(-10, 20), (15, 30), (0, 10), (-20, 40), (10, 4.8), (10, 5), (-5, 0), (5.5, 12.5), (-30, 60),
         (-15, 4.9)],
        [0, 1],
        _WIND,
    ),
    _row(
        "I'm checking the colours of our design system for accessibility. Can you write this?\n\n"
        "```python\ndef contrast_ratio(color_a, color_b):\n"
        '    """The WCAG 2 contrast ratio of two colours, rounded to 2 decimals.\n\n'
        "    Colours are '#' and 6 hex digits, or the 3-digit shorthand ('#abc' means\n"
        "    '#aabbcc'), in upper or lower case. For each colour, take each channel c = value /\n"
        "    255, make it c / 12.92 if c <= 0.03928, else ((c + 0.055) / 1.055) ** 2.4, and the\n"
        "    luminance is 0.2126 * R + 0.7152 * G + 0.0722 * B. The ratio is (L1 + 0.05) /\n"
        "    (L2 + 0.05) with L1 the lighter colour's luminance, so the order of the arguments\n"
        "    does not matter.\n\n"
        "    >>> contrast_ratio('#000000', '#FFFFFF')\n    21.0\n"
        "    >>> contrast_ratio('#777', '#fff')\n    4.48\n"
        '    """\n```',
        "contrast_ratio",
        [("#000000", "#FFFFFF"), ("#777", "#fff"), ("#ffffff", "#000"), ("#336699", "#ffffff"),
         ("#abc", "#ABC"), ("#FF0000", "#00FF00"), ("#1a1a1a", "#f5f5f5"), ("#0000ff", "#ffff00"),
         ("#767676", "#FFFFFF"), ("#e2e2e2", "#7f7f7f")],
        [0, 1],
        _CONTRAST,
    ),
    _row(
        "Tax estimate for my freelance budget spreadsheet:\n\n"
        "```python\ndef progressive_tax(income, brackets):\n"
        '    """Income tax with brackets, rounded to 2 decimals.\n\n'
        "    brackets is a list of [upper_limit, rate] pairs in increasing order, rate in\n"
        "    percent; the last upper_limit is None (no limit). Each bracket taxes only the part\n"
        "    of the income between the previous bracket's limit (0 for the first) and its own\n"
        "    limit. income is never negative.\n\n"
        "    >>> progressive_tax(50000, [[10000, 0], [40000, 20], [None, 40]])\n    10000.0\n"
        "    >>> progressive_tax(8000, [[10000, 0], [40000, 20], [None, 40]])\n    0.0\n"
        '    """\n```',
        "progressive_tax",
        [(50000, [[10000, 0], [40000, 20], [None, 40]]), (8000, [[10000, 0], [40000, 20], [None, 40]]),
         (0, [[10000, 0], [40000, 20], [None, 40]]), (40000, [[10000, 0], [40000, 20], [None, 40]]),
         (1234.56, [[None, 10]]), (60000, [[12570, 0], [50270, 20], [125140, 40], [None, 45]]),
         (200000, [[12570, 0], [50270, 20], [125140, 40], [None, 45]]),
         (10000.5, [[10000, 0], [40000, 20], [None, 40]]), (30000, [[5000, 10], [None, 25]]),
         (12570, [[12570, 0], [50270, 20], [125140, 40], [None, 45]])],
        [0, 1],
        _TAX,
    ),
    _row(
        "For our community calendar I keep needing dates like 'the third Tuesday'. Please write:\n\n"
        "```python\ndef nth_weekday(year, month, weekday, n):\n"
        '    """The date of the n-th given weekday of a month as \'YYYY-MM-DD\'.\n\n'
        "    weekday is 0 for Monday up to 6 for Sunday. n is 1 to 5 for the first to fifth,\n"
        "    or -1 for the last one in the month. Return None when the month has no such day\n"
        "    (a fifth one that does not exist).\n\n"
        "    >>> nth_weekday(2027, 11, 3, 4)\n    '2027-11-25'\n"
        "    >>> nth_weekday(2027, 5, 0, -1)\n    '2027-05-31'\n"
        '    """\n```',
        "nth_weekday",
        [(2027, 11, 3, 4), (2027, 5, 0, -1), (2027, 1, 0, 1), (2027, 2, 6, 4), (2027, 2, 6, 5),
         (2028, 2, 1, 5), (2026, 12, 4, -1), (2027, 9, 0, 1), (2027, 3, 6, 5), (2027, 8, 5, 2)],
        [0, 1],
        _NTH,
    ),
    _row(
        "Our timesheets are grouped by ISO week. Write iso_week_label(date): date is 'YYYY-MM-DD' "
        "and the result is the ISO 8601 week it falls in, written 'YYYY-Www' with the week number "
        "in two digits. ISO weeks start on Monday, week 1 is the week with the year's first "
        "Thursday in it, and the year in the label is the year the week belongs to, which can "
        "differ from the date's own year around New Year.\n\n"
        "iso_week_label('2027-03-15') == '2027-W11'\niso_week_label('2027-01-01') == '2026-W53'",
        "iso_week_label",
        [("2027-03-15",), ("2027-01-01",), ("2026-12-31",), ("2024-12-30",), ("2020-12-31",),
         ("2027-01-04",), ("2021-01-03",), ("2026-06-15",), ("2015-12-31",), ("2027-12-27",)],
        [0, 1],
        _ISO_WEEK,
    ),
    _row(
        "I run a small bakery and split orders over trays. even_batches(total, max_size) should "
        "split total items (an int, 0 or more) into the fewest batches of at most max_size items "
        "(max_size is at least 1), with the batch sizes as equal as possible (no two differ by "
        "more than 1), larger batches first. 0 items gives an empty list.\n\n"
        "even_batches(10, 4) == [4, 3, 3]\neven_batches(12, 4) == [4, 4, 4]",
        "even_batches",
        [(10, 4), (12, 4), (0, 5), (1, 5), (5, 5), (6, 5), (11, 3), (100, 30), (7, 1), (13, 5)],
        [0, 1],
        _BATCHES,
    ),
    _row(
        "For my freelance hours: timesheet_total(entries) takes a list of 'HH:MM-HH:MM' strings "
        "(24-hour times, start then end) and returns the total time worked as 'H:MM', the hours "
        "not zero-padded and allowed to go past 24. An end time earlier than the start means the "
        "shift went past midnight; an end equal to the start counts as 0 minutes. An empty list "
        "gives '0:00'.\n\n"
        "timesheet_total(['09:00-12:30', '13:15-17:45']) == '8:00'\n"
        "timesheet_total(['22:00-02:15']) == '4:15'",
        "timesheet_total",
        [(["09:00-12:30", "13:15-17:45"],), (["22:00-02:15"],), ([],), (["08:00-08:00"],),
         (["09:05-09:50"],), (["23:30-00:10", "00:10-06:00"],), (["00:00-23:59", "00:00-23:59"],),
         (["07:45-12:00", "12:30-16:05", "18:00-19:10"],), (["12:00-11:59"],)],
        [0, 1],
        _TIMESHEET,
    ),
    _row(
        "Our accounting uses fiscal years. Write fiscal_quarter(date, start_month): date is "
        "'YYYY-MM-DD', start_month (1-12) is the month the fiscal year starts. Quarters are the "
        "fiscal year's months 1-3, 4-6, 7-9 and 10-12, and a fiscal year is named after the "
        "calendar year it ends in (so with start_month 1 it is just the calendar year). Return "
        "'FY<year> Q<quarter>'.\n\n"
        "fiscal_quarter('2027-02-10', 4) == 'FY2027 Q4'\nfiscal_quarter('2027-05-01', 1) == 'FY2027 Q2'",
        "fiscal_quarter",
        [("2027-02-10", 4), ("2027-05-01", 1), ("2026-10-01", 10), ("2026-09-30", 10), ("2027-07-15", 7),
         ("2027-06-30", 7), ("2027-12-31", 1), ("2027-04-01", 4), ("2027-03-31", 4), ("2027-11-11", 2)],
        [0, 1],
        _FISCAL,
    ),
    _row(
        "Network planning at work: cidr_hosts(cidr) takes an IPv4 block like '192.168.1.0/24' and "
        "returns how many usable host addresses it has: 2 to the power (32 - prefix length), minus "
        "2 for the network and broadcast addresses. The exceptions: a /31 has 2 usable addresses "
        "(point-to-point links) and a /32 has 1.\n\n"
        "cidr_hosts('192.168.1.0/24') -> 254\ncidr_hosts('10.0.0.0/8') -> 16777214",
        "cidr_hosts",
        [("192.168.1.0/24",), ("10.0.0.0/8",), ("10.1.2.3/32",), ("10.1.2.2/31",), ("10.1.2.0/30",),
         ("172.16.0.0/29",), ("172.16.0.0/16",), ("0.0.0.0/0",), ("192.168.10.32/27",), ("10.8.0.0/23",)],
        [0, 1],
        _CIDR,
    ),
    _row(
        "I'm adding heart rate zones to my running app with the Karvonen method. "
        "heart_rate_zones(age, resting_hr): max HR is 220 - age, the reserve is max HR - resting_hr, "
        "and a percentage p of the reserve is the heart rate resting_hr + reserve * p / 100, "
        "rounded to the nearest whole number with halves rounding up. Return the five zones as "
        "[low, high] pairs for 50-60%, 60-70%, 70-80%, 80-90% and 90-100%.\n\n"
        "heart_rate_zones(40, 60) -> [[120, 132], [132, 144], [144, 156], [156, 168], [168, 180]]",
        "heart_rate_zones",
        [(40, 60), (30, 55), (25, 70), (55, 48), (65, 72), (18, 61), (47, 53), (33, 67), (50, 50)],
        [0],
        _ZONES,
    ),
    _row(
        "Invoices at our print shop: invoice_due_date(issue_date, terms) with issue_date as "
        "'YYYY-MM-DD' and terms exactly one of 'Net N' (N days after the issue date, N a whole "
        "number), 'EOM' (the last day of the issue month) or 'Due on receipt' (the issue date "
        "itself). If the due date falls on a Saturday or Sunday it moves to the following Monday. "
        "Return the due date as 'YYYY-MM-DD'.\n\n"
        "invoice_due_date('2027-03-01', 'Net 30') -> '2027-03-31'\n"
        "invoice_due_date('2027-01-15', 'EOM') -> '2027-02-01'",
        "invoice_due_date",
        [("2027-03-01", "Net 30"), ("2027-01-15", "EOM"), ("2027-03-06", "Due on receipt"),
         ("2027-03-05", "Due on receipt"), ("2027-02-10", "EOM"), ("2027-12-20", "Net 14"),
         ("2028-02-01", "EOM"), ("2027-06-01", "Net 60"), ("2027-04-02", "Net 1"), ("2027-07-31", "Net 0")],
        [0, 1],
        _DUE,
    ),
    *MORE,
]
# fmt: on
