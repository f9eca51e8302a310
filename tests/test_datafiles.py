"""Data and config files a request names (engine.observe.datafiles): each read by its own parser,
a refusal a fault in the parser's words, and no check where the format is only talked about; and
how code asked for must be written (engine.observe.codestyle)."""

import pytest

from selfrefine.engine.observe import observe_request
from selfrefine.engine.observe.datafiles import data_file_checks


def faults(request: str, answer: str) -> list[str]:
    return [x.fault for c in data_file_checks(request) for x in c(answer) if x.fault]


def texts(request: str, answer: str) -> list[str]:
    return [x.text for c in data_file_checks(request) for x in c(answer)]


ICS_OK = """Here it is:

```ics
BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//me//cal//EN
BEGIN:VEVENT
UID:1@me
DTSTAMP:20270101T000000Z
DTSTART:20270309T143000
DTEND:20270309T151500
SUMMARY:Dentist
END:VEVENT
END:VCALENDAR
```
"""


@pytest.mark.parametrize(
    "request_,good,bad,said",
    [
        (
            "Give me our service's settings as YAML: port 8080 and debug off.",
            "```yaml\nport: 8080\ndebug: false\n```",
            "```yaml\nport: 8080\n  debug: [false\n```",
            "YAML does not parse",
        ),
        (
            "Write the pyproject.toml for a package named tiny.",
            '```toml\n[project]\nname = "tiny"\n```',
            '```toml\n[project]\nname = tiny"\n```',
            "TOML does not parse",
        ),
        (
            "Could you write the sitemap.xml for our two pages?",
            "```xml\n<urlset><url><loc>https://a.example/</loc></url><url><loc>https://a.example/b</loc></url></urlset>\n```",
            "```xml\n<urlset><url><loc>https://a.example/</loc></url>\n<url><loc>https://a.",
            "XML does not parse",
        ),
        (
            "Give me 3 fruits as CSV with the columns name,color.",
            "```csv\nname,color\napple,red\nlime,green\nplum,purple\n```",
            "```csv\nname,color\napple,red,sweet\nlime,green\n```",
            "a different number",
        ),
        (
            "Make a chore chart as tab-separated text with the columns Day, Chore.",
            "```\nDay\tChore\nMonday\tDishes\n```",
            "```\nDay, Chore\nMonday, Dishes\n```",
            "has a tab",
        ),
        (
            "Can you make me an .ics file for my dentist appointment on March 9, 2027 at 14:30?",
            ICS_OK,
            ICS_OK.replace("20270309T143000", "2027-03-09T14:30:00"),
            "DTSTART is not valid iCalendar",
        ),
        (
            "Give me the vCard text for my business card: Lena Hoffmann, lena@example.org.",
            "```\nBEGIN:VCARD\nVERSION:3.0\nFN:Lena Hoffmann\nEMAIL:lena@example.org\nEND:VCARD\n```",
            "```\nBEGIN:VCARD\nVERSION:3.0\nN:Hoffmann;Lena\nEMAIL:lena@example.org\nEND:VCARD\n```",
            "no FN line",
        ),
        (
            "Can you give me the HTML for a signup form?",
            '```html\n<form>\n<label>Email <input type="email"></label>\n'
            "<p>Thanks\n<button>Go</button>\n</form>\n```",
            "```html\n<form>\n<label>Email <input>\n<button>Go</button>\n</form>\n```",
            "</form> on line 4 comes before <label> of line 2 is closed",
        ),
        (
            "Write the HTML for a gallery of 2 photos; every image needs alt text.",
            '<div><img src="a.jpg" alt="A bowl"><img src="b.jpg" alt="A cup"/></div>',
            '<div><img src="a.jpg" alt="A bowl"><img src="b.jpg"></div>',
            "1 of its 2 <img> tags have no alt text",
        ),
        (
            "crontab lines please: run /home/pi/backup.sh every night at 2:30.",
            "```bash\n30 2 * * * /home/pi/backup.sh\n```\n\n```bash\nchmod +x /home/pi/backup.sh\n```",
            "```bash\n0 30 * * * /home/pi/backup.sh\n```",
            "hour field is 30, outside 0-23",
        ),
    ],
)
def test_a_named_format_is_read_by_its_parser(request_, good, bad, said):
    assert faults(request_, good) == []
    assert texts(request_, good)[0].split(":")[1].strip().startswith("parses")
    found = faults(request_, bad)
    assert len(found) == 1 and said in found[0]


@pytest.mark.parametrize(
    "request_",
    [
        "What is the difference between YAML and JSON?",
        "Explain the YAML syntax for lists in two sentences.",
        "Write a blog post about XML's history.",
        "Give me a comma-separated list of five fruits.",
        "Write a short story about a cron wizard.",
        "Write the YAML front matter and a short post about tea.",
        "Explain the HTML box model in two sentences.",
        "What does the HTML <br> tag do?",
        "Give me the .htaccess lines to redirect /about-us.html to /about on Apache.",
        "Write a Python script that reads sales.csv and prints the amount column's total.",
        # generic j17 (test17, read after its run): file names a glob pattern must match
        "One glob pattern that matches report_2027_01.csv and report_2026_12.csv but not report_final.csv.",
    ],
)
def test_a_format_talked_about_is_no_file_asked(request_):
    assert data_file_checks(request_) == []


def test_plain_text_is_no_yaml_and_an_untagged_block_is_read():
    request = "Put the config in YAML, please."
    assert "no mapping or list" in faults(request, "Sure, the port is 8080.")[0]
    assert faults(request, "```\nport: 8080\n```") == []
    assert "no YAML block" in faults(request, "```python\nport = 8080\n```")[0]


def test_xml_entities_are_refused_not_expanded():
    bomb = '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "bbbb">]><a>&b;&b;</a>'
    assert "XML does not parse" in faults("Reply as XML.", bomb)[0]


def test_the_file_checks_hold_for_a_request_for_code_too():
    request = "crontab lines for my raspberry pi please, in a code block: run /home/pi/backup.sh at 2:30."
    observe, _ = observe_request(request)
    assert observe is not None
    seen = observe("```bash\n0 30 * * * /home/pi/backup.sh\n```")
    assert seen.fault is not None and "outside 0-23" in seen.fault


def test_comma_rows_asked_tab_separated_are_fixed_by_the_tools():
    request = "A bird log as tab-separated lines with the header Date, Species, in a code block."
    answer = 'Here:\n\n```\nDate, Species\n2027-05-01, "Gull, herring"\n2027-05-02, Tern\n```\nEnjoy.'
    (fact,) = [x for c in data_file_checks(request) for x in c(answer)]
    assert fact.fault and fact.repair is not None
    fixed = fact.repair(answer)
    assert fixed == "Here:\n\n```\nDate\tSpecies\n2027-05-01\tGull, herring\n2027-05-02\tTern\n```\nEnjoy."
    assert faults(request, fixed) == []
    ragged = "```\nDate, Species\n2027-05-01, Gull, 3\n```"
    assert [x.repair for c in data_file_checks(request) for x in c(ragged)] == [None]


def style(request: str, answer: str) -> list[str]:
    from selfrefine.engine.observe.codestyle import code_style_checks

    return [x.fault or "" for c in code_style_checks(request) for x in c(answer)]


def test_how_the_code_must_be_written_line_length_hints_and_shebang():
    request = (
        "Write a Python function that sums a CSV column. Type hints on everything, lines under 80 characters."
    )
    good = "```python\ndef total(path: str, column: str) -> float:\n    return 0.0\n```"
    assert style(request, good) == ["", ""]
    long = (
        "```python\ndef total(path: str, column: str) -> float:\n    # " + "x" * 90 + "\n    return 0.0\n```"
    )
    assert "1 code line over 79 characters" in style(request, long)[0]
    bare = "```python\nclass Log:\n    def total(self, path, column: str):\n        return 0.0\n```"
    assert "total() has no hint on path and no return hint" in style(request, bare)[1]
    script = "I need a bash script that renames .jpeg files; start it with a proper bash shebang."
    assert style(script, "```bash\n#!/usr/bin/env bash\nmv a b\n```") == [""]
    assert "not #!/usr/bin/env bash" in style(script, "```bash\n#!/bin/sh\nmv a b\n```")[0]
    observe, _ = observe_request(request)
    assert "over 79 characters" in (observe(long).fault or "")
    assert style("Write a function without type hints.", good) == []


def test_a_file_named_as_the_answer_is_still_asked():
    asked = ("Write a docker-compose.yml for postgres.", "Save it to out.csv please: name,age")
    for request_ in (*asked, "Write a Dockerfile and a docker-compose.yml for postgres."):
        assert len(data_file_checks(request_)) == 1, request_
