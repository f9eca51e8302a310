"""The loop watcher page at `/` of `selfrefine serve`, in a real browser: headless Chromium driven
by selenium against a real server on SmolLM2-135M (with an API key).

Chromium and its driver come from Debian (`apt-get install -y chromium chromium-driver`, as
.ci/run does); where they are missing these tests fail rather than skip, as CI must run them.
With SELFREFINE_PAGE_SHOT=path the live-loop test saves a screenshot of the finished loop there
(docs/page.png is one).

tests/data/page_records.jsonl is the real CLI's output, made with
`selfrefine run --file in.jsonl --out page_records.jsonl --rounds 2 --model smollm2-135m-instruct
--max-tokens 64 --seed 0 --temperature 0` on two requests and one malformed line.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import httpx
import pytest

from tests.test_server import KEY, PLAIN, REFINE

pytestmark = pytest.mark.engine

RECORDS = Path(__file__).parent / "data" / "page_records.jsonl"
CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
LOOP_WAIT = 600  # seconds a loop may take on a machine shared with other engines


def _missing() -> list[str]:
    return [p for p in (CHROMIUM, CHROMEDRIVER) if not (os.path.exists(p) or shutil.which(Path(p).name))]


@pytest.fixture(scope="module")
def browser():
    missing = _missing()
    if missing:
        pytest.fail(
            f"the page tests need Debian's chromium and chromium-driver, and {', '.join(missing)} "
            "is missing: apt-get install -y chromium chromium-driver (.ci/run does this)",
            pytrace=False,
        )
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as exc:  # pragma: no cover - the test extra pins it
        pytest.fail(f"selenium is not installed ({exc}); pip install -e '.[test]'", pytrace=False)
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1000"):
        opts.add_argument(arg)
    driver_path = CHROMEDRIVER if os.path.exists(CHROMEDRIVER) else shutil.which("chromedriver")
    driver = webdriver.Chrome(service=Service(driver_path), options=opts)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def page_server(key_server):
    return key_server  # the session's shared server (conftest.key_server)


def _by(kind: str):
    from selenium.webdriver.common.by import By

    return getattr(By, kind)


def wait(driver, cond, timeout: float = 60):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(cond)


def css(driver, selector: str):
    return driver.find_elements(_by("CSS_SELECTOR"), selector)


def open_page(driver, srv, key: str | None) -> None:
    """Load / in a fresh tab state, then type `key` (None: none) into the key field."""
    driver.get(srv.url + "/")
    driver.execute_script("sessionStorage.clear()")
    driver.get(srv.url + "/")
    if key is not None:
        field = driver.find_element(_by("ID"), "api-key")
        field.clear()
        field.send_keys(key)
        driver.execute_script("arguments[0].dispatchEvent(new Event('change'))", field)
        wait(driver, lambda d: len(css(d, "#model option")) == 2)


def set_field(driver, element_id: str, value) -> None:
    el = driver.find_element(_by("ID"), element_id)
    if el.get_attribute("type") == "checkbox":
        if el.is_selected() != bool(value):
            el.click()
    else:
        el.clear()
        el.send_keys(str(value))


def choose_model(driver, name: str) -> None:
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element(_by("ID"), "model")).select_by_value(name)


def send_and_wait(driver) -> str:
    driver.find_element(_by("ID"), "send").click()
    live = driver.find_element(_by("ID"), "live")
    wait(driver, lambda d: live.get_attribute("data-state") in ("done", "error"), LOOP_WAIT)
    return live.get_attribute("data-state")


def test_page_loads_without_a_key_but_its_api_calls_need_one(page_server, browser):
    r = httpx.get(page_server.url + "/", timeout=30)  # no Authorization header
    assert r.status_code == 200 and "<title>selfrefine" in r.text
    assert "script-src 'self'" in r.headers["content-security-policy"]
    for f in ("page.js", "page.css"):
        assert httpx.get(page_server.url + "/static/" + f, timeout=30).status_code == 200

    open_page(browser, page_server, None)
    status = browser.find_element(_by("ID"), "models-status")
    wait(browser, lambda d: "401" in status.text)
    assert "API key" in status.text and css(browser, "#model option") == []

    # a request without the key is refused, and the page says so
    browser.execute_script(
        "const s = document.getElementById('model'); s.appendChild(new Option(arguments[0], arguments[0]));"
        "s.value = arguments[0];",
        PLAIN,
    )
    assert send_and_wait(browser) == "error"
    assert "401" in browser.find_element(_by("ID"), "run-status").text

    # with the key, the models list and a plain request work; the key stays in this tab only
    open_page(browser, page_server, KEY)
    assert [o.get_attribute("value") for o in css(browser, "#model option")] == [PLAIN, REFINE]
    assert browser.execute_script("return sessionStorage.getItem('selfrefine.apiKey')") == KEY
    assert browser.execute_script("return localStorage.length") == 0
    choose_model(browser, PLAIN)
    set_field(browser, "prompt", "Say hello to Ada in one short sentence.")
    set_field(browser, "max-tokens", 16)
    assert send_and_wait(browser) == "done"
    assert browser.find_element(_by("ID"), "answer").text.strip()
    assert css(browser, "#rounds-view .step") == []  # a plain request has no rounds


def test_page_streams_a_refine_loop_round_by_round(page_server, browser):
    open_page(browser, page_server, KEY)
    choose_model(browser, REFINE)
    set_field(browser, "prompt", "Write a two-sentence note inviting Ada to a picnic on Saturday.")
    for field, value in (("rounds", 1), ("max-tokens", 48), ("temperature", 0), ("feedback-points", 2)):
        set_field(browser, field, value)
    # no stop rule and no refusal: the one round always rewrites, so a diff renders too
    for box in ("stop-flag", "stop-on-top", "stop-on-no-problems", "reject"):
        set_field(browser, box, False)
    assert send_and_wait(browser) == "done", browser.find_element(_by("ID"), "run-status").text

    [draft] = css(browser, "#rounds-view .step.draft")
    assert draft.find_element(_by("CSS_SELECTOR"), "pre.text").text.strip()
    calls = draft.find_elements(_by("CSS_SELECTOR"), "ul.calls li")
    assert len(calls) == 1 and "prompt tokens" in calls[0].text and "cached" in calls[0].text
    reviews = css(browser, "#rounds-view .step.review")
    # the critic's scores, or (a fault the tools found: review_faults off) the tools' fault
    first = reviews[0] if reviews else None
    scores = first.find_elements(_by("CSS_SELECTOR"), "table.scores tr") if first else []
    assert scores or (first and "fault: " in first.find_element(_by("CSS_SELECTOR"), "p.fault").text)
    rewrites = css(browser, "#rounds-view .step.rewrite")
    assert rewrites and rewrites[0].find_elements(_by("CSS_SELECTOR"), "pre.diff")
    assert css(browser, "#rounds-view .step.pending") == []  # the placeholder went once it arrived
    assert css(browser, ".stop-reason")[0].text == "max_rounds"
    usage = css(browser, ".step.end .usage-line")
    assert usage and "smollm2-135m-instruct" in usage[0].text and "cached" in usage[0].text
    answer = browser.find_element(_by("ID"), "answer").text
    assert answer.strip() and "prompt tokens" in browser.find_element(_by("ID"), "usage").text
    shot = os.environ.get("SELFREFINE_PAGE_SHOT")
    if shot:  # the whole loop in one picture, at most 1500 px tall (docs/page.png: under 300 KB)
        height = browser.execute_script("return document.documentElement.scrollHeight")
        browser.set_window_size(1400, min(int(height) + 140, 1500))
        browser.save_screenshot(shot)
        browser.set_window_size(1400, 1000)


def _record_file(tmp_path: Path) -> Path:
    """The CLI's records, plus one copy of the first whose texts are markup: the page must show
    it as text (a record file is as untrusted as the model that wrote it)."""
    rows = [json.loads(x) for x in RECORDS.read_text().splitlines()]
    bad = json.loads(json.dumps(rows[0]))
    markup = '<img src="x" id="planted" onerror="document.title=\'owned\'"><b>bold</b>'
    bad["id"], bad["input"], bad["answer"] = "markup", markup, markup
    bad["outputs"] = [markup + " " + o for o in bad["outputs"]]
    for c in bad["trace"]:
        c["text"] = markup
        c["problems"] = [markup] if c["problems"] else c["problems"]
    path = tmp_path / "records.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in [*rows, bad]))
    return path


def test_page_browses_a_records_file(page_server, browser, tmp_path):
    rows = [json.loads(x) for x in RECORDS.read_text().splitlines()]
    open_page(browser, page_server, None)  # reading a local file needs no key
    browser.find_element(_by("ID"), "records-file").send_keys(str(_record_file(tmp_path)))
    wait(browser, lambda d: len(css(d, "#loop-list li")) == len(rows) + 1)
    ids = [li.find_element(_by("CSS_SELECTOR"), ".loop-id").text for li in css(browser, "#loop-list li")]
    assert ids == [r["id"] for r in rows] + ["markup"]
    assert "4 records" in browser.find_element(_by("ID"), "records-status").text

    first = rows[0]
    css(browser, "#loop-list li button")[0].click()
    wait(browser, lambda d: css(d, "#rounds-view .step.end"))
    assert len(css(browser, "#rounds-view .step.draft")) == 1
    assert len(css(browser, "#rounds-view .step.review")) == sum(
        c["stage"] == "feedback" for c in first["trace"]
    )
    assert len(css(browser, "#rounds-view .step.rewrite")) == sum(
        c["stage"] == "refine" for c in first["trace"]
    )
    assert css(browser, ".stop-reason")[0].text == first["stop_reason"]
    assert browser.find_element(_by("ID"), "answer").text == first["answer"].strip()
    shown = sum(len(li.find_elements(_by("CSS_SELECTOR"), "li.call")) for li in css(browser, ".step"))
    assert shown == len(first["trace"])  # every call of the trace, candidates included

    failed = next(i for i, r in enumerate(rows) if r.get("error"))
    css(browser, "#loop-list li button")[failed].click()
    wait(browser, lambda d: css(d, "#rounds-view p.error"))
    assert rows[failed]["error"] in css(browser, "#rounds-view p.error")[0].text

    css(browser, "#loop-list li button")[-1].click()
    wait(browser, lambda d: css(d, "#rounds-view .step.end"))
    assert css(browser, "#planted") == [] and css(browser, "#rounds-view b") == []
    assert browser.title != "owned" and "<b>bold</b>" in css(browser, "#rounds-view pre.input")[0].text
