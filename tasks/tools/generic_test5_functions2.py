"""The second half of the generic task's `test5` function rows (generic_test5_functions holds the
first; generic_test5 writes them with the rest). **Do not read these requests while tuning**: they
are the blind test split of 2026-12-06."""

from __future__ import annotations

from textwrap import dedent

from selfrefine.tasks.tools.generic_rows import function as _f


def _code(text: str) -> str:
    """A reference implementation written indented in this file, as its own module's text."""
    return dedent(text).lstrip("\n")


# fmt: off
MORE = [
    _f(
        "Write days_until_birthday(today, birthday) where today is a 'YYYY-MM-DD' string and birthday "
        "is 'MM-DD'. It should return the number of days until the next birthday, 0 if it's today. "
        "Someone born on February 29 celebrates on March 1 in years that aren't leap years.",
        "days_until_birthday",
        [(["2026-12-06", "12-25"], 19), (["2026-12-06", "12-06"], 0), (["2026-12-06", "12-05"], 364),
         (["2026-12-31", "01-01"], 1), (["2027-02-10", "02-29"], 19), (["2028-02-10", "02-29"], 19),
         (["2027-03-02", "02-29"], 364), (["2028-03-01", "02-29"], 365), (["2026-01-15", "07-04"], 170)],
        [],
        _code("""
            from datetime import date


            def days_until_birthday(today, birthday):
                t = date.fromisoformat(today)
                month, day = (int(x) for x in birthday.split("-"))

                def on(year):
                    try:
                        return date(year, month, day)
                    except ValueError:  # 29 February outside a leap year
                        return date(year, 3, 1)

                nxt = on(t.year)
                if nxt < t:
                    nxt = on(t.year + 1)
                return (nxt - t).days
        """),
    ),
    _f(
        "Write next_weekday(day, weekday) in Python. `day` is an ISO date string like '2026-12-06' and "
        "`weekday` is a day name in any case ('friday', 'Friday', 'FRIDAY'). Return the ISO date of the "
        "next such weekday strictly after `day`, so if `day` already falls on that weekday you get the "
        "one a week later.\n\n```python\n>>> next_weekday('2026-12-06', 'monday')\n'2026-12-07'\n"
        ">>> next_weekday('2026-12-07', 'Monday')\n'2026-12-14'\n```",
        "next_weekday",
        [(["2026-12-06", "monday"], "2026-12-07"), (["2026-12-07", "Monday"], "2026-12-14"),
         (["2026-12-31", "friday"], "2027-01-01"), (["2028-02-27", "TUESDAY"], "2028-02-29"),
         (["2027-02-27", "tuesday"], "2027-03-02"), (["2026-01-01", "thursday"], "2026-01-08"),
         (["2026-06-15", "sunday"], "2026-06-21"), (["2026-12-06", "sunday"], "2026-12-13"),
         (["1999-12-30", "saturday"], "2000-01-01"), (["2026-03-10", "wednesday"], "2026-03-11")],
        [0, 1],
        _code("""
            from datetime import date, timedelta

            DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


            def next_weekday(day, weekday):
                d = date.fromisoformat(day)
                ahead = (DAYS.index(weekday.lower()) - d.weekday()) % 7 or 7
                return (d + timedelta(days=ahead)).isoformat()
        """),
    ),
    _f(
        "Please write wrap_text(text, width) that word-wraps text into a list of lines no longer than "
        "width characters. Split on any whitespace, put as many words on each line as fit (single spaces "
        "between them), and a word longer than width gets a line of its own without being broken. "
        "Empty or blank text gives an empty list.\n\n"
        "wrap_text('the quick brown fox', 10) == ['the quick', 'brown fox']\n"
        "wrap_text('a verylongword b', 5) == ['a', 'verylongword', 'b']",
        "wrap_text",
        [(["the quick brown fox", 10], ["the quick", "brown fox"]),
         (["a verylongword b", 5], ["a", "verylongword", "b"]), (["", 10], []),
         (["one two three", 100], ["one two three"]), (["one two three", 3], ["one", "two", "three"]),
         (["  spaced   out   words ", 12], ["spaced out", "words"]), (["ab cd ef", 5], ["ab cd", "ef"]),
         (["line\nbreaks\tand tabs", 11], ["line breaks", "and tabs"]), (["x", 1], ["x"]),
         (["aaaa bb cc dddddd e", 6], ["aaaa", "bb cc", "dddddd", "e"])],
        [0, 1],
        _code("""
            def wrap_text(text, width):
                lines, current = [], ""
                for word in text.split():
                    if not current:
                        current = word
                    elif len(current) + 1 + len(word) <= width:
                        current += " " + word
                    else:
                        lines.append(current)
                        current = word
                if current:
                    lines.append(current)
                return lines
        """),
    ),
    _f(
        "Without using urllib.parse.parse_qs, write parse_query(qs) that parses a URL query string into "
        "a dict mapping each key to the list of its values, in order. Ignore a leading '?', skip empty "
        "pieces (like the ones '&&' makes), a key with no '=' gets the value '', only the first '=' "
        "splits the key from the value, '+' means a space and %XX escapes are decoded as UTF-8, in keys "
        "too (urllib.parse.unquote_plus is fine for that part).\n\n"
        "parse_query('a=1&b=2&a=3') -> {'a': ['1', '3'], 'b': ['2']}\n"
        "parse_query('?q=hello+world') -> {'q': ['hello world']}",
        "parse_query",
        [(["a=1&b=2&a=3"], {"a": ["1", "3"], "b": ["2"]}), (["?q=hello+world"], {"q": ["hello world"]}),
         ([""], {}), (["name=J%C3%BCrgen"], {"name": ["Jürgen"]}), (["flag&x=1"], {"flag": [""], "x": ["1"]}),
         (["a=1&&b=2&"], {"a": ["1"], "b": ["2"]}), (["msg=50%25+off"], {"msg": ["50% off"]}),
         (["x=1=2"], {"x": ["1=2"]}), (["tag=a&tag=b&tag=a"], {"tag": ["a", "b", "a"]}),
         (["%3Fkey=v%26w"], {"?key": ["v&w"]})],
        [0, 1],
        _code("""
            from urllib.parse import unquote_plus


            def parse_query(qs):
                out = {}
                for piece in qs.removeprefix("?").split("&"):
                    if piece:
                        key, _, value = piece.partition("=")
                        out.setdefault(unquote_plus(key), []).append(unquote_plus(value))
                return out
        """),
    ),
    _f(
        "Write ordinal(n) that returns a non-negative integer with its English ordinal suffix, as a "
        "string.\n\nInput: 1\nOutput: '1st'\n\nInput: 2\nOutput: '2nd'\n\nInput: 11\nOutput: '11th'",
        "ordinal",
        [([1], "1st"), ([2], "2nd"), ([11], "11th"), ([3], "3rd"), ([12], "12th"), ([13], "13th"),
         ([22], "22nd"), ([101], "101st"), ([111], "111th"), ([0], "0th"), ([1002], "1002nd"),
         ([213], "213th")],
        [0, 1, 2],
        _code("""
            def ordinal(n):
                if n % 100 in (11, 12, 13):
                    return f"{n}th"
                return f"{n}" + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        """),
    ),
    _f(
        "Write flatten_dict(d, sep='.') that flattens nested dicts into a single level, joining the keys "
        "with sep. Only dicts get flattened (lists and other values are kept as they are), and a nested "
        "dict that's empty just disappears.\n\n"
        "assert flatten_dict({'a': 1, 'b': {'c': 2, 'd': {'e': 3}}}) == {'a': 1, 'b.c': 2, 'b.d.e': 3}\n"
        "assert flatten_dict({'x': {'y': 1}}, '/') == {'x/y': 1}",
        "flatten_dict",
        [([{"a": 1, "b": {"c": 2, "d": {"e": 3}}}], {"a": 1, "b.c": 2, "b.d.e": 3}),
         ([{"x": {"y": 1}}, "/"], {"x/y": 1}), ([{}], {}), ([{"a": {}}], {}),
         ([{"a": [1, {"b": 2}]}], {"a": [1, {"b": 2}]}),
         ([{"k": None, "n": {"m": False}}], {"k": None, "n.m": False}),
         ([{"a": {"b": {"c": {"d": "deep"}}}}, "_"], {"a_b_c_d": "deep"}),
         ([{"a.b": 1, "c": {"d": 2}}], {"a.b": 1, "c.d": 2}),
         ([{"top": 1, "mid": {"x": 1, "y": {}}}, "-"], {"top": 1, "mid-x": 1}),
         ([{"1": {"2": 3}}], {"1.2": 3})],
        [0, 1],
        _code("""
            def flatten_dict(d, sep="."):
                out = {}

                def walk(prefix, value):
                    for k, v in value.items():
                        key = f"{prefix}{sep}{k}" if prefix else k
                        if isinstance(v, dict):
                            walk(key, v)
                        else:
                            out[key] = v

                walk("", d)
                return out
        """),
    ),
    _f(
        "Can you write parse_csv_line(line) in Python? It splits one line of CSV on commas into a list "
        "of strings. A field can be wrapped in double quotes, and then commas inside it belong to the "
        "field and two double quotes in a row stand for one literal quote. Don't trim any spaces. An "
        "empty line gives a list with one empty string, and a trailing comma means an empty last field.",
        "parse_csv_line",
        [(["a,b,c"], ["a", "b", "c"]), (['a,"b,c",d'], ["a", "b,c", "d"]), ([""], [""]),
         (["x,,y"], ["x", "", "y"]), (['"say ""hi""",2'], ['say "hi"', "2"]), ([" a , b "], [" a ", " b "]),
         (['"",end'], ["", "end"]), (["one,"], ["one", ""]), (['"a,b","c""d",e'], ["a,b", 'c"d', "e"])],
        [],
        _code("""
            def parse_csv_line(line):
                fields, cur, quoted, i = [], [], False, 0
                while i < len(line):
                    ch = line[i]
                    if quoted and ch == '"' and line[i + 1 : i + 2] == '"':
                        cur.append('"')
                        i += 1
                    elif ch == '"':
                        quoted = not quoted
                    elif ch == "," and not quoted:
                        fields.append("".join(cur))
                        cur = []
                    else:
                        cur.append(ch)
                    i += 1
                fields.append("".join(cur))
                return fields
        """),
    ),
    _f(
        "Feature for my running app: write `pace(distance_km, time)` where time is the finish time as "
        "'MM:SS' or 'H:MM:SS'. Return the average pace per km as 'M:SS', rounded to the nearest second "
        "(the minutes aren't zero-padded, the seconds are).\n\n```python\n>>> pace(5, '25:30')\n'5:06'\n"
        ">>> pace(10, '1:02:30')\n'6:15'\n```",
        "pace",
        [([5, "25:30"], "5:06"), ([10, "1:02:30"], "6:15"), ([21.1, "1:45:00"], "4:59"),
         ([1, "4:05"], "4:05"), ([3, "20:00"], "6:40"), ([42.195, "3:30:00"], "4:59"),
         ([2.5, "15:01"], "6:00"), ([0.4, "1:30"], "3:45"), ([8, "1:20:00"], "10:00"),
         ([5, "29:58"], "6:00")],
        [0, 1],
        _code("""
            def pace(distance_km, time):
                seconds = 0
                for part in time.split(":"):
                    seconds = seconds * 60 + int(part)
                per_km = round(seconds / distance_km)
                return f"{per_km // 60}:{per_km % 60:02d}"
        """),
    ),
    _f(
        "I'm porting names from a JS codebase to Python. Write camel_to_snake(name) that turns camelCase "
        "or PascalCase into snake_case. A run of capitals is an acronym and stays one word, digits stay "
        "attached to the word before them, and a name that's already snake_case comes back unchanged.\n\n"
        "camel_to_snake('parseHTTPResponse') == 'parse_http_response'\n"
        "camel_to_snake('userID') == 'user_id'\ncamel_to_snake('version2Update') == 'version2_update'",
        "camel_to_snake",
        [(["parseHTTPResponse"], "parse_http_response"), (["userID"], "user_id"),
         (["version2Update"], "version2_update"), (["HTMLParser"], "html_parser"), (["getX"], "get_x"),
         (["already_snake"], "already_snake"), (["ABC"], "abc"), ([""], ""), (["simple"], "simple"),
         (["XMLHttpRequest"], "xml_http_request"), (["SimpleXMLFile"], "simple_xml_file")],
        [0, 1, 2],
        _code("""
            import re


            def camel_to_snake(name):
                s = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\\1_\\2", name)
                s = re.sub(r"([a-z0-9])([A-Z])", r"\\1_\\2", s)
                return s.lower()
        """),
    ),
    _f(
        "version_compare(a, b) for dotted version strings like '1.2.10': return -1 if a is older, 1 if "
        "it's newer and 0 if they're the same version. Compare part by part as integers, and treat "
        "missing parts as 0.\n\nversion_compare('1.2.10', '1.2.9') -> 1\n"
        "version_compare('1.0', '1') -> 0\nversion_compare('2.0.1', '2.1') -> -1",
        "version_compare",
        [(["1.2.10", "1.2.9"], 1), (["1.0", "1"], 0), (["2.0.1", "2.1"], -1), (["1.0.0", "1.0.0"], 0),
         (["0.9", "0.10"], -1), (["10.0", "9.99.99"], 1), (["1.0.0.1", "1"], 1), (["3", "3.0.0.0"], 0),
         (["1.01", "1.1"], 0), (["4.2", "4.10"], -1)],
        [0, 1, 2],
        _code("""
            def version_compare(a, b):
                pa = [int(x) for x in a.split(".")]
                pb = [int(x) for x in b.split(".")]
                n = max(len(pa), len(pb))
                pa, pb = pa + [0] * (n - len(pa)), pb + [0] * (n - len(pb))
                return (pa > pb) - (pa < pb)
        """),
    ),
    _f(
        "Cleaning up US phone numbers from a signup form: normalize_phone(s) should return the number "
        "formatted like '(555) 123-4567', or None if it isn't a valid 10-digit number. Ignore spaces, "
        "dashes, dots, parentheses and a leading '+'; 11 digits starting with 1 is fine (drop the 1); "
        "any other character makes it invalid.\n\nInput: '555.123.4567'\nOutput: '(555) 123-4567'\n\n"
        "Input: '+1 (212) 555-0199'\nOutput: '(212) 555-0199'\n\nInput: '12345'\nOutput: None",
        "normalize_phone",
        [(["555.123.4567"], "(555) 123-4567"), (["+1 (212) 555-0199"], "(212) 555-0199"), (["12345"], None),
         (["5551234567"], "(555) 123-4567"), (["1-800-555-0000"], "(800) 555-0000"),
         (["2125550199x12"], None), ([""], None), (["22125550199"], None),
         (["(312)555 0142"], "(312) 555-0142"), ([" 415 555 2671 "], "(415) 555-2671"),
         (["+44 20 7946 0958"], None)],
        [0, 1, 2],
        _code("""
            def normalize_phone(s):
                t = s.strip().removeprefix("+")
                if any(not (ch.isdigit() or ch in " -.()") for ch in t):
                    return None
                digits = "".join(ch for ch in t if ch.isdigit())
                if len(digits) == 11 and digits[0] == "1":
                    digits = digits[1:]
                if len(digits) != 10:
                    return None
                return f"({digits[:3]}) {digits[3:6]}-{digits[6:]}"
        """),
    ),
]
# fmt: on
