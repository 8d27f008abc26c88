"""The site on a phone (docs/phone.md), in real Chromium against a static server on
127.0.0.1 that the tests start and stop: installable, offline once opened,
"today" by the phone's clock, the test kept answer by answer, a routine timed
by the clock, a workout checked as the build checks it, and everything
recorded leaving as one JSON Lines inbox file."""
import datetime
import functools
import http.server
import json
import re
import shutil
import threading
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import daybook, new_chromium, pinned_clock, ROOT, TODAY

CASES = json.loads((ROOT / "Tests/DaybookTests/Fixtures/set-notation/cases.json").read_text())["cases"]
RFC3339 = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$")
KINDS = {"test": {"deck", "word", "result"}, "routine": {"routine"}, "workout": {"sets"}, "entry": {"text"}}


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class Server:
    """The built site under /daybook/ on a free port of 127.0.0.1 (or `port`, to publish again at the
    same address), which a test may stop."""

    def __init__(self, root, port=0):
        handler = functools.partial(Quiet, directory=str(root))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/daybook/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        if self.httpd:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None


@pytest.fixture
def site(sample_site, tmp_path):
    root = tmp_path / "www"
    shutil.copytree(sample_site, root / "daybook")
    server = Server(root)
    yield server
    server.stop()


@pytest.fixture
def phone(tmp_path):
    driver = start_phone(tmp_path / "downloads", TODAY)
    yield driver
    driver.quit()


def start_phone(downloads, day):
    """A fresh Chromium of its own (service workers and storage start empty) with a 390 px wide
    touch screen, in Seoul's time zone, its clock set to `day` at 20:00 and movable by `window.__shift`
    milliseconds; what it downloads lands in `downloads`."""
    driver = new_chromium("--window-size=390,844")
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Seoul"})
    # Headless Chromium's window is never narrower than 500 px: the phone's screen is emulated.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
    # A touch screen, without a mouse to hover.
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    downloads.mkdir()
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    driver.downloads = downloads
    driver.set_script_timeout(20)
    set_clock(driver, day)
    return driver


def set_clock(driver, day, hour=20):
    """Pages opened from now on see `day` at `hour`:00 in Seoul, the clock running on from there."""
    if getattr(driver, "clock_script", None):
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": driver.clock_script})
    driver.clock_script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": pinned_clock(day, hour)})["identifier"]


def advance(driver, minutes):
    driver.execute_script("window.__shift += arguments[0]; sessionStorage.setItem('__shift', window.__shift)", minutes * 60_000)


def open_page(driver, url):
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


def wait_for_worker(driver):
    """Waits until the service worker is active and controls the page; returns its scope and state."""
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        navigator.serviceWorker.ready.then(async (registration) => {
          if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r, { once: true }));
          const worker = registration.active;
          if (worker.state !== "activated") await new Promise((r) => worker.addEventListener("statechange", () => worker.state === "activated" && r()));
          done({ scope: registration.scope, state: registration.active.state });
        });""")


def events(driver):
    return driver.execute_script("return window.DaybookInbox.events()")


def todays_decks(driver):
    """The test's cards of the phone's day by deck, in the test's order: {deck: [word, ...]}."""
    return driver.execute_script("""
        const decks = {};
        for (const card of document.querySelectorAll('.card:not(.other-day)')) (decks[card.dataset.deck] ||= []).push(card.dataset.word);
        return decks;""")


def answer(driver, n, action="pass"):
    """Marks the next `n` cards of the test."""
    for _ in range(n):
        driver.find_element(By.CSS_SELECTOR, f'[data-action="{action}"]').click()


def check_inbox_text(text):
    """The inbox file as docs/phone.md has it: one JSON object a line, each with v, a unique id, an RFC 3339 time and its type's fields."""
    assert text.endswith("\n")
    lines = text.splitlines()
    parsed = [json.loads(line) for line in lines]
    for event in parsed:
        assert list(event)[:4] == ["v", "id", "at", "type"], event
        assert event["v"] == 1
        assert re.fullmatch(r"[0-9a-f]{6}-\d+", event["id"]), event
        assert RFC3339.match(event["at"]) and event["at"].endswith("+09:00"), event
        assert KINDS[event["type"]] <= set(event), event
    assert len({event["id"] for event in parsed}) == len(parsed)
    return parsed


def test_the_site_is_an_installable_app_with_an_active_service_worker(site, phone):
    open_page(phone, site.url)
    manifest_href = phone.find_element(By.CSS_SELECTOR, 'link[rel="manifest"]').get_attribute("href")
    assert manifest_href == site.url + "manifest.webmanifest"
    manifest = phone.execute_async_script("fetch(arguments[0]).then((r) => r.json()).then(arguments[1])", manifest_href)
    assert manifest["name"] and manifest["start_url"] == "./" and manifest["scope"] == "./" and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        size = phone.execute_async_script("""
            const image = new Image(); image.onload = () => arguments[1](image.naturalWidth + "x" + image.naturalHeight);
            image.onerror = () => arguments[1]("broken"); image.src = new URL(arguments[0], document.querySelector('link[rel=manifest]').href);""",
                                          icon["src"])
        assert size == icon["sizes"]
        sizes.add(size)
    assert {"192x192", "512x512"} <= sizes
    worker = wait_for_worker(phone)
    assert worker == {"scope": site.url, "state": "activated"}


def test_todays_pages_and_the_test_open_with_the_server_stopped(site, phone):
    open_page(phone, site.url)
    wait_for_worker(phone)
    site.stop()
    for path, heading in [("", "today-title"), ("vocab/today/", None), ("vocab/today/cards/#test", None), ("workouts/", None),
                          ("routines/", None), ("vocab/toeic/cards/", None)]:
        open_page(phone, site.url + path)
        assert phone.find_elements(By.CSS_SELECTOR, "main h1"), path
        if heading:
            assert phone.find_elements(By.CLASS_NAME, heading)
    # The offline test works: a deck's cards are answered and recorded.
    open_page(phone, site.url + "vocab/today/cards/#test")
    first = next(iter(todays_decks(phone).values()))
    answer(phone, len(first))
    assert len(events(phone)) == len(first)
    # The styles came from the cache too.
    assert phone.execute_script("return getComputedStyle(document.body).fontFamily") != ""
    assert phone.execute_script("return document.styleSheets[0].cssRules.length") > 10


def download(driver):
    """Downloads the inbox file from the page's panel; returns its events."""
    driver.find_element(By.CSS_SELECTOR, '[data-inbox="download"]').click()
    WebDriverWait(driver, 10).until(lambda d: [p for p in driver.downloads.iterdir() if p.suffix == ".jsonl"])
    (path,) = [p for p in driver.downloads.iterdir() if p.suffix == ".jsonl"]
    return path


def test_a_decks_answers_are_kept_and_recorded_once_all_its_cards_are_marked(site, phone, tmp_path):
    """Issue 27: a card not reached is not passed, so a deck's test is recorded only when every card of it is marked."""
    open_page(phone, site.url + "vocab/today/cards/#test")
    deck, words = next(iter(todays_decks(phone).items()))
    assert len(words) > 4
    answer(phone, 1, "miss")
    answer(phone, 3)
    pending = phone.find_element(By.CLASS_NAME, "test-pending")
    numbers = lambda element: set(re.findall(r"\d+", element.text))
    # The deck named by its title, as the rest of the page names it.
    assert pending.is_displayed() and pending.text.startswith({"jlpt-n3": "JLPT N3", "toeic": "TOEIC"}[deck] + ":")
    assert {"4", str(len(words))} <= numbers(pending)
    assert events(phone) == []
    # Killed mid-test and opened again: the answers and the place are kept, and still nothing waits to go home.
    open_page(phone, site.url + "vocab/today/cards/#test")
    assert "4" in phone.find_element(By.CLASS_NAME, "cards-progress").text
    assert {"4", str(len(words))} <= numbers(phone.find_element(By.CLASS_NAME, "test-pending"))
    assert events(phone) == []
    open_page(phone, site.url)
    phone.find_element(By.ID, "entry-text").send_keys("첫눈이 왔다.")
    phone.find_element(By.CSS_SELECTOR, '.entry-form [type="submit"]').click()
    assert "1" in phone.find_element(By.CLASS_NAME, "inbox-count").text
    assert [e["type"] for e in check_inbox_text(download(phone).read_text())] == ["entry"]
    # The rest answered: the deck's answers go into the inbox together.
    open_page(phone, site.url + "vocab/today/cards/#test")
    answer(phone, len(words) - 4)
    recorded = {e["word"]: e["result"] for e in events(phone) if e["type"] == "test"}
    assert recorded == {word: "missed" if word == words[0] else "passed" for word in words}
    assert not phone.find_element(By.CLASS_NAME, "test-pending").is_displayed()
    # Undone, the deck is partway again: its answers are taken back until it is whole.
    phone.find_element(By.CSS_SELECTOR, '[data-action="undo"]').click()
    assert [e for e in events(phone) if e["type"] == "test"] == []
    answer(phone, 1)
    assert len([e for e in events(phone) if e["type"] == "test"]) == len(words)
    # Merged, the day's line is the deck's with its miss, as before.
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    (content / "inbox").mkdir()
    open_page(phone, site.url)
    for old in phone.downloads.iterdir():
        old.unlink()
    shutil.copy(download(phone), content / "inbox" / "phone.jsonl")
    daybook("inbox", "--content", str(content), "--today", TODAY)
    assert f"## {TODAY}\n- {deck}: {words[0]}\n" in (content / "vocab/reviews.md").read_text()
    # The next day's page does not wipe what waits to go home.
    set_clock(phone, (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=1)).isoformat())
    open_page(phone, site.url + "vocab/today/cards/#test")
    assert len([e for e in events(phone) if e["type"] == "test"]) == len(words)


def test_a_deck_left_partway_at_days_end_stays_due_and_the_page_says_so_once(site, phone):
    open_page(phone, site.url + "vocab/today/cards/#test")
    decks = todays_decks(phone)
    assert list(decks)[-1] == "toeic"
    answer(phone, sum(len(words) for deck, words in decks.items() if deck != "toeic") + 5)
    assert {e["deck"] for e in events(phone)} == set(decks) - {"toeic"}
    tomorrow = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=1)).isoformat()
    set_clock(phone, tomorrow)
    # The toeic reviews due today were not taken: tomorrow they are overdue, first in the plan.
    open_page(phone, site.url)
    (plan,) = [b for b in phone.find_elements(By.CLASS_NAME, "plan-grid") if b.is_displayed()]
    first = plan.find_elements(By.CSS_SELECTOR, ".plan-section")[0]
    assert "vocab-overdue" in first.get_attribute("class") and "TOEIC" in first.text
    # The cards page says once that the test was not recorded.
    open_page(phone, site.url + "vocab/today/cards/")
    earlier = phone.find_element(By.CLASS_NAME, "test-earlier")
    # The deck and the day named as the page names them elsewhere: "TOEIC", "11월 23일 (월)".
    assert earlier.is_displayed() and "TOEIC" in earlier.text and "11월 23일 (월)" in earlier.text
    assert {"5", str(len(decks["toeic"]))} <= set(re.findall(r"\d+", earlier.text))
    open_page(phone, site.url + "vocab/today/cards/")
    assert not phone.find_element(By.CLASS_NAME, "test-earlier").is_displayed()


def test_a_test_with_nothing_missed_is_recorded(site, phone):
    open_page(phone, site.url + "vocab/toeic/cards/#test")
    total = len(phone.find_elements(By.CSS_SELECTOR, ".card"))
    for _ in range(total):
        phone.find_element(By.CSS_SELECTOR, '[data-action="pass"]').click()
    recorded = events(phone)
    assert len(recorded) == total and {e["result"] for e in recorded} == {"passed"}
    assert {e["deck"] for e in recorded} == {"toeic"}


def test_the_phones_date_picks_the_day_among_those_carried(site, phone, sample_site):
    blocks = re.findall(r'<div class="plan-grid" data-plan-day="([\d-]+)"[^>]*?( hidden)?>', (sample_site / "index.html").read_text())
    assert [day for day, _ in blocks][0] == TODAY and len(blocks) == 8
    # Without JavaScript the build's day shows, the others are hidden.
    phone.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    open_page(phone, site.url)
    shown = [b.get_attribute("data-plan-day") for b in phone.find_elements(By.CLASS_NAME, "plan-grid") if b.is_displayed()]
    assert shown == [TODAY]
    assert not phone.find_element(By.CLASS_NAME, "recorder").is_displayed()
    phone.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    later = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=3)).isoformat()
    set_clock(phone, later)
    open_page(phone, site.url)
    shown = [b.get_attribute("data-plan-day") for b in phone.find_elements(By.CLASS_NAME, "plan-grid") if b.is_displayed()]
    assert shown == [later]
    assert phone.find_element(By.CSS_SELECTOR, ".today-title time").get_attribute("datetime") == later
    assert not phone.find_element(By.CLASS_NAME, "stale-site").is_displayed()
    # The test page takes that day's cards.
    open_page(phone, site.url + "vocab/today/cards/")
    days = [c.get_attribute("data-days").split() for c in phone.find_elements(By.CSS_SELECTOR, ".card") if c.is_displayed()]
    assert days and all(later in d for d in days)
    # Past the days carried, the page says the site is too old and how to rebuild.
    set_clock(phone, (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=9)).isoformat())
    open_page(phone, site.url)
    stale = phone.find_element(By.CLASS_NAME, "stale-site")
    assert stale.is_displayed() and "daybook build" in stale.text


def test_a_routine_timer_keeps_time_by_the_clock(site, phone):
    open_page(phone, site.url)
    routine = phone.find_element(By.CSS_SELECTOR, ".routine-timers [data-routine]")
    routine.find_element(By.CSS_SELECTOR, '[data-timer="start"]').click()
    # Twelve minutes pass in a moment: a timer counting ticks would show seconds.
    advance(phone, 12)
    WebDriverWait(phone, 3).until(lambda d: routine.find_element(By.CLASS_NAME, "timer").text.startswith("12:"))
    # A reload (the app killed) keeps the running timer.
    open_page(phone, site.url)
    routine = phone.find_element(By.CSS_SELECTOR, ".routine-timers [data-routine]")
    assert routine.find_element(By.CLASS_NAME, "timer").text.startswith("12:")
    advance(phone, 1)
    routine.find_element(By.CSS_SELECTOR, '[data-timer="done"]').click()
    logged = [e for e in events(phone) if e["type"] == "routine"]
    assert logged == [{**logged[0], "routine": routine.get_attribute("data-routine"), "minutes": 13}]


def test_set_check_reads_every_shared_case_as_the_build_does(site, phone):
    open_page(phone, site.url)
    results = phone.execute_script("return arguments[0].map((c) => window.DaybookSets.check(c.text, c.unit))", CASES)
    for case, result in zip(CASES, results):
        if "sets" in case:
            assert result == {"groups": case["sets"]}, case
        else:
            assert result == {"column": case["column"], "message": case["message"], "hint": case["hint"]}, case


def test_a_workout_is_checked_as_typed_and_marked_done(site, phone):
    open_page(phone, site.url)
    sets = phone.find_element(By.ID, "workout-sets")
    sets.send_keys("Squat: 100kg x 5 x 3\nBench press: 60kgs x 8")
    problems = phone.find_element(By.CLASS_NAME, "sets-check").text
    assert "2" in problems and "unknown unit 'kgs' in the sets of 'Bench press'" in problems and "did you mean 'kg'?" in problems
    phone.find_element(By.CSS_SELECTOR, '.workout-form [type="submit"]').click()
    assert [e for e in events(phone) if e["type"] == "workout"] == []
    sets.clear()
    sets.send_keys("- Squat: 100kg x 5 x 3\nPush-up: 20, 20, 15")
    assert phone.find_element(By.CLASS_NAME, "sets-check").text == ""
    phone.find_element(By.CSS_SELECTOR, '.workout-form [type="submit"]').click()
    workout = [e for e in events(phone) if e["type"] == "workout"]
    split = phone.find_element(By.ID, "workout-split").get_attribute("value")
    assert len(workout) == 1 and workout[0]["sets"] == ["Squat: 100kg x 5 x 3", "Push-up: 20, 20, 15"]
    assert workout[0].get("split") == (split or None)


def test_everything_recorded_leaves_as_one_json_lines_file(site, phone):
    open_page(phone, site.url + "vocab/today/cards/#test")
    first = len(next(iter(todays_decks(phone).values())))
    answer(phone, 1, "miss")
    answer(phone, first - 1)
    open_page(phone, site.url)
    phone.find_element(By.ID, "entry-title").send_keys("눈")
    phone.find_element(By.ID, "entry-text").send_keys("첫눈이 왔다.\n---\nprivate: false")
    phone.find_element(By.CSS_SELECTOR, '.entry-form [type="submit"]').click()
    routine = phone.find_element(By.CSS_SELECTOR, ".routine-timers [data-routine]")
    routine.find_element(By.CSS_SELECTOR, '[data-timer="done"]').click()
    count = phone.find_element(By.CLASS_NAME, "inbox-count").text
    assert str(first + 2) in count
    parsed = check_inbox_text(download(phone).read_text())
    assert [e["type"] for e in parsed] == ["test"] * first + ["entry", "routine"]
    assert [e["result"] for e in parsed[:2]] == ["missed", "passed"]
    assert parsed[first]["title"] == "눈" and parsed[first]["text"] == "첫눈이 왔다.\n---\nprivate: false"
    # What went home can be cleared; what came after stays.
    phone.find_element(By.ID, "entry-text").send_keys("later")
    phone.find_element(By.CSS_SELECTOR, '.entry-form [type="submit"]').click()
    clear = phone.find_element(By.CSS_SELECTOR, '[data-inbox="clear"]')
    assert clear.is_displayed()
    clear.click()
    phone.switch_to.alert.accept()
    left = events(phone)
    assert [e["text"] for e in left] == ["later"]
    assert "1" in phone.find_element(By.CLASS_NAME, "inbox-count").text


def test_from_disk_the_site_works_without_a_service_worker(sample_site, phone):
    open_page(phone, (sample_site / "index.html").as_uri())
    time.sleep(0.5)
    assert phone.execute_script("return 'serviceWorker' in navigator && navigator.serviceWorker.controller") in (None, False)
    assert phone.find_element(By.CLASS_NAME, "today-title").is_displayed()
    assert phone.find_element(By.CLASS_NAME, "recorder").is_displayed()


def test_a_new_build_has_a_new_worker_and_the_same_build_the_same_bytes(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    builds = []
    for name in ("one", "two", "three"):
        if name == "three":
            deck = content / "vocab/toeic.md"
            deck.write_text(deck.read_text().replace("버리다", "버리다; 그만두다", 1))
        daybook("build", "--content", str(content), "--output", str(tmp_path / name), "--today", TODAY, "--seed", "7")
        builds.append((tmp_path / name / "sw.js").read_text())
    build_id = lambda text: re.search(r'DAYBOOK_BUILD = "([0-9a-f]+)"', text).group(1)
    assert builds[0] == builds[1]
    assert build_id(builds[2]) != build_id(builds[0])
    assert f'importScripts("assets/sw.js?build={build_id(builds[2])}")' in builds[2]


def test_the_pages_inbox_file_merges_twice_without_change_and_in_either_order_with_another_phones(site, phone, tmp_path):
    """What the page downloads is what `daybook inbox` reads: merged into the
    plain files, the same again after a second merge, and the same whichever
    of two phones' files comes first."""
    open_page(phone, site.url + "vocab/today/cards/#test")
    missed = phone.find_element(By.CSS_SELECTOR, ".card:not([hidden])").get_attribute("data-word")
    answer(phone, 1, "miss")
    answer(phone, len(next(iter(todays_decks(phone).values()))) - 1)
    open_page(phone, site.url)
    routine = phone.find_element(By.CSS_SELECTOR, ".routine-timers [data-routine]")
    routine.find_element(By.CSS_SELECTOR, '[data-timer="start"]').click()
    advance(phone, 9)
    routine.find_element(By.CSS_SELECTOR, '[data-timer="done"]').click()
    phone.find_element(By.ID, "entry-text").send_keys("첫눈이 왔다.")
    phone.find_element(By.CSS_SELECTOR, '.entry-form [type="submit"]').click()
    phone.find_element(By.CSS_SELECTOR, '[data-inbox="download"]').click()
    WebDriverWait(phone, 10).until(lambda d: [p for p in phone.downloads.iterdir() if p.suffix == ".jsonl"])
    (mine,) = [p for p in phone.downloads.iterdir() if p.suffix == ".jsonl"]
    check_inbox_text(mine.read_text())
    other = tmp_path / "other.jsonl"
    other.write_text('{"v":1,"id":"0a0b0c-1","at":"%sT07:31:00+09:00","type":"routine","routine":"%s","minutes":12}\n'
                     % (TODAY, routine.get_attribute("data-routine")))

    def merged(order, twice=False):
        content = tmp_path / ("content-" + "-".join(p.stem for p in order) + ("-twice" if twice else ""))
        shutil.copytree(ROOT / "content", content)
        for rounds in range(2 if twice else 1):
            for file in order:
                (content / "inbox").mkdir(exist_ok=True)
                shutil.copy(file, content / "inbox" / file.name)
                daybook("inbox", "--content", str(content), "--today", TODAY)
        return {p.relative_to(content).as_posix(): p.read_bytes() for p in content.rglob("*")
                if p.is_file() and "inbox" not in p.parts}

    once = merged([mine, other])
    assert f"{missed}" in once["vocab/reviews.md"].decode().split(f"## {TODAY}")[-1]
    # The minutes both phones timed are on the day's line, added up: none dropped.
    day_line = [line for line in once["routines/log.md"].decode().splitlines() if line.startswith(f"- {TODAY}:")]
    assert day_line and f"{routine.get_attribute('data-routine')} 21 min" in day_line[0]
    assert [path for path in once if path.startswith("diary/") and "첫눈이 왔다.".encode() in once[path]]
    assert merged([mine, other], twice=True) == once
    assert merged([other, mine]) == once
