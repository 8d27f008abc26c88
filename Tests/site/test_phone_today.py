"""The phone's day on every page that says "today" (issue 40, docs/phone.md): a
site built on day 1 is opened once on a 390 px touch phone, then used
offline for a week whose clock moves day by day — misses that start a new
word book on the phone, a day skipped, a reload in the middle of a test, a
workout and routines recorded. Each morning, before the day's test, every
"today" surface the phone shows (the home plan, the home calendar's box and
marks, vocab/today/, today's cards and their header, the workouts page) is
compared with the same page of a site built that day after merging what the
phone had recorded (`daybook inbox`, then `daybook build --today`). Every
link on every page the phone reaches leads to a page the site has, and the
phone-made books open offline with their cards and test.

The week is walked once (a module fixture); the tests read what it saw."""
import json
import re
import shutil
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import daybook
from test_phone import Server, events, open_page, set_clock, start_phone, wait_for_worker
from test_phone_week import WEEK, take_test, write_site

# What the person does each day; day 4 (index 3) is skipped entirely.
ACTS = {
    # Two misses in review 1 of the book of 2 December: they start again in a book of 7 December, made on the phone.
    WEEK[0]: {"missed": {"abandon", "candid"}, "workout": True, "routine": "wake"},
    WEEK[1]: {"missed": set(), "reload": True},
    WEEK[2]: {"missed": {"frugal"}, "workout": True},
    WEEK[4]: {"missed": set(), "routine": "wake"},
    WEEK[5]: {"missed": set()},
}
MORNINGS = WEEK[:7]

SURFACES = """
const text = (node) => node ? node.textContent.replace(/\\s+/g, " ").trim() : null;
const shown = (node) => node && !node.closest("[hidden]");
const path = location.pathname;
if (document.querySelector(".today-plan")) {
  const grid = document.querySelector(".this-month .month-grid");
  const days = (selector) => Array.from(grid.querySelectorAll("td.day")).filter((td) => td.querySelector(selector))
    .map((td) => Number(text(td.querySelector(".day-number"))));
  return {
    today: document.querySelector(".today-title time").getAttribute("datetime"),
    plan: Array.from(document.querySelectorAll(".plan-grid")).filter(shown).flatMap((g) => Array.from(g.querySelectorAll("li"), (li) =>
      text(li).replace(/ ✓ .*$/, ""))).sort(),
    box: Array.from(grid.querySelectorAll("td.today .day-number"), text),
    workouts: days(".marks li.workout.stamp"),
    routines: days(".marks li.dot.done"),
  };
}
if (document.querySelector(".today-decks")) {
  return {
    today: document.querySelector("h1 time").getAttribute("datetime"),
    counts: text(document.querySelector(".today-counts")),
    decks: Array.from(document.querySelectorAll(".today-decks .today-deck"), (deck) => ({
      title: text(deck.querySelector("h2")),
      sessions: Array.from(deck.querySelectorAll(".today-session"), (s) => ({
        heading: text(s.querySelector("h3")), words: Array.from(s.querySelectorAll(".word-text"), text) })) })),
  };
}
if (document.querySelector(".cards")) {
  return {
    count: text(document.querySelector("h1 .count")),
    cards: Array.from(document.querySelectorAll(".card:not(.other-day)"), (c) => c.dataset.deck + "/" + c.dataset.word).sort(),
    contexts: Array.from(document.querySelectorAll(".card:not(.other-day)"), (c) => c.dataset.word + ": " + text(c.querySelector(".card-context"))).sort(),
  };
}
const card = document.querySelector(".workout-today");
return {
  day: card.querySelector(".detail time").getAttribute("datetime"),
  split: Array.from(card.querySelectorAll(".split-today .split-name, .split-today.done li"), (n) => text(n).replace(/ Done.*$/, "")),
};
"""

PAGES = ["", "vocab/today/", "vocab/today/cards/", "workouts/"]

LINKS = "return Array.from(document.querySelectorAll('a[href]'), (a) => a.href)"


def surfaces(driver, base, hidden_cards=False):
    """What each "today" page shows, read in the browser."""
    seen = {}
    for page in PAGES:
        open_page(driver, base + page + ("index.html" if base.startswith("file:") else ""))
        seen[page] = driver.execute_script(SURFACES)
    return seen


def missing_targets(hrefs, base, root):
    """The links under `base` whose file is not in `root` (a folder's index.html for a folder)."""
    missing = []
    for href in hrefs:
        address = urllib.parse.urlsplit(href)
        if not href.startswith(base) or address.scheme not in ("http", "https"):
            continue
        relative = urllib.parse.unquote(address.path[len(urllib.parse.urlsplit(base).path):])
        target = root / relative
        if relative == "" or relative.endswith("/"):
            target = target / "index.html"
        if not target.is_file():
            missing.append(href)
    return missing


def merged_build(site, base, phone_events, day, n):
    """A copy of the site with the phone's records merged and built for `day`."""
    copy = base / f"merged-{n}"
    shutil.copytree(site / "content", copy / "content")
    if phone_events:
        (copy / "content/inbox").mkdir()
        (copy / "content/inbox/phone.jsonl").write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in phone_events))
        daybook("inbox", "--today", day, cwd=copy)
    daybook("build", "--today", day, "--seed", "7", cwd=copy)
    return copy / "public"


@pytest.fixture(scope="module")
def week(tmp_path_factory):
    base = tmp_path_factory.mktemp("today")
    site = base / "site"
    write_site(site)
    daybook("build", "--today", WEEK[0], "--seed", "7", cwd=site)
    www = base / "www"
    shutil.copytree(site / "public", www / "daybook")
    server = Server(www)
    url = server.url
    phone = start_phone(base / "downloads", WEEK[0])
    seen = {"phone": {}, "merged": {}, "links": {}, "missing": [], "books": {}, "touch": None}
    try:
        open_page(phone, url)
        wait_for_worker(phone)
        seen["touch"] = phone.execute_script("return matchMedia('(pointer: coarse)').matches")
        seen["footer"] = phone.find_element(By.CSS_SELECTOR, ".site-footer p").text
        # Online, every link of every page the phone reaches leads to a page the site has.
        for page in PAGES + ["vocab/toeic/cards/"]:
            open_page(phone, url + page)
            seen["missing"] += missing_targets(phone.execute_script(LINKS), url, www / "daybook")
        # The home page has the phone keep the diary's last days, this month and the search too, and says how much it keeps.
        open_page(phone, url)
        WebDriverWait(phone, 30).until(lambda d: "KB" in d.find_element(By.CLASS_NAME, "offline-kept").text)
        seen["kept"] = phone.find_element(By.CLASS_NAME, "offline-kept").text
        server.stop()
        # Offline beyond today: the diary's last entry, this month's calendar, a search.
        open_page(phone, url + "diary/2026/2026-12-06/")
        seen["offline"] = {"entry": phone.find_element(By.TAG_NAME, "h1").text}
        open_page(phone, url + "calendar/2026/12/")
        seen["offline"]["calendar"] = phone.find_element(By.CSS_SELECTOR, ".month-grid caption").text
        open_page(phone, url + "search/")
        phone.find_element(By.ID, "q").send_keys("packed")
        WebDriverWait(phone, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results a"))
        seen["offline"]["search"] = [a.text for a in phone.find_elements(By.CSS_SELECTOR, ".search-results a")]
        for n, day in enumerate(MORNINGS):
            set_clock(phone, day, hour=7)
            seen["phone"][day] = surfaces(phone, url)
            public = merged_build(site, base, [e for e in events(phone)], day, n)
            seen["merged"][day] = surfaces(phone, public.as_uri() + "/")
            # Offline, every link on the pages of the day: to the site's pages, and a book made on the phone opens with its cards.
            for page in PAGES:
                open_page(phone, url + page)
                hrefs = phone.execute_script(LINKS)
                seen["missing"] += missing_targets(hrefs, url, www / "daybook")
                for href in hrefs:
                    if "?book=" in href and href not in seen["books"]:
                        seen["books"][href] = None
            for href in [h for h, v in seen["books"].items() if v is None]:
                open_page(phone, href)
                query = urllib.parse.parse_qs(urllib.parse.urlsplit(href).query)
                seen["books"][href] = {
                    "words": sorted(query["w"]),
                    "cards": sorted(c.get_attribute("data-word") for c in phone.find_elements(By.CSS_SELECTOR, ".card:not(.other-day)")),
                    "heading": phone.find_element(By.TAG_NAME, "h1").text,
                    "test": bool(phone.find_elements(By.CSS_SELECTOR, '[data-mode="test"]')),
                }
            acts = ACTS.get(day)
            if acts is None:
                continue
            set_clock(phone, day, hour=20)
            take_test(phone, url, acts["missed"], reload_after=1 if acts.get("reload") else None)
            if acts["missed"] is not None and day == WEEK[0]:
                seen["result"] = {
                    "help": phone.find_element(By.CLASS_NAME, "keys-help").is_displayed(),
                    "lines": phone.find_element(By.CLASS_NAME, "result-lines").is_displayed(),
                    "kept": phone.find_element(By.CLASS_NAME, "result-kept").text,
                }
            open_page(phone, url)
            if acts.get("workout"):
                phone.find_element(By.CSS_SELECTOR, '.workout-form [type="submit"]').click()
            if acts.get("routine"):
                phone.find_element(By.CSS_SELECTOR, f'.routine-timers [data-routine="{acts["routine"]}"] [data-timer="done"]').click()
                seen.setdefault("routine_status", phone.find_element(By.CLASS_NAME, "routine-status").text)
    finally:
        phone.quit()
        server.stop()
    return seen


@pytest.mark.parametrize("day", MORNINGS)
def test_every_today_surface_on_the_phone_agrees_with_a_build_made_after_merging(week, day):
    phone, merged = week["phone"][day], week["merged"][day]
    assert phone[""]["today"] == merged[""]["today"] == day
    assert phone[""]["plan"] == merged[""]["plan"]
    # The home calendar boxes the phone's day and marks what it recorded as the merged build does.
    assert phone[""]["box"] == merged[""]["box"] == [str(int(day[8:]))]
    assert phone[""]["workouts"] == merged[""]["workouts"]
    assert phone[""]["routines"] == merged[""]["routines"]
    assert phone["vocab/today/"] == merged["vocab/today/"]
    assert phone["vocab/today/cards/"] == merged["vocab/today/cards/"]
    assert phone["workouts/"] == merged["workouts/"]


def test_a_book_made_on_the_phone_opens_offline_from_the_decks_cards(week):
    books = week["books"]
    # The misses of day 1 started a book of 7 December, listed by the phone before any merge.
    assert any("book=2026-12-07" in href for href in books), list(books)
    for href, book in books.items():
        assert book["cards"] == book["words"], (href, book)
        assert "Book of" in book["heading"] and book["test"], book


def test_no_link_leads_to_a_missing_page_online_or_offline(week):
    assert week["missing"] == []


def test_a_phone_gets_phone_words(week):
    assert week["touch"] is True
    result = week["result"]
    # No keyboard help on a touch screen, no lines to paste into a file the phone has not got.
    assert result == {"help": False, "lines": False, "kept": result["kept"]}
    assert "Waiting to go home" in result["kept"]
    assert week["routine_status"] == "Wake at 6:30 logged."
    # The site names no author: the footer leaves no empty part between separators.
    assert week["footer"] == "Pocket week · Feed · Calendar (ics) · Search"


def test_the_diary_this_month_and_the_search_open_offline_within_a_stated_budget(week):
    assert week["offline"] == {"entry": "Before the week", "calendar": "December 2026", "search": ["Before the week"]}
    size = re.search(r"(\d+) KB", week["kept"])
    assert size and 0 < int(size.group(1)) < 2000, week["kept"]


def test_todays_workout_starts_from_the_last_session_of_its_split_set_by_set(tmp_path):
    """Issue 40 item 5: the phone's workout starts from the last session of today's split (7 December plans Push),
    each set pre-filled with last time's numbers beside it; what is ticked, changed in place by the steppers, is what
    the inbox records, in the notation of docs/content.md#workouts, with the free-text box for anything else."""
    site = tmp_path / "site"
    write_site(site)
    (site / "content/workouts/2026/2026-12-04.md").write_text(
        "---\ndate: 2026-12-04\nsplit: Push\n---\n- Bench press: 60kg x 8, 8, 6\n- Push-up: 20, 20\n")
    daybook("build", "--today", WEEK[0], "--seed", "7", cwd=site)
    phone = start_phone(tmp_path / "downloads", WEEK[0])
    try:
        open_page(phone, (site / "public").as_uri() + "/index.html")
        rows = phone.find_elements(By.CSS_SELECTOR, ".set-list .set-row")
        shown = [(r.find_element(By.XPATH, "ancestor::fieldset/legend").text,
                  [i.get_attribute("value") for i in r.find_elements(By.CSS_SELECTOR, "input[type=number]")],
                  r.find_element(By.CLASS_NAME, "detail").text) for r in rows]
        assert shown == [("Bench press", ["60", "8"], "last time 60 kg × 8"), ("Bench press", ["60", "8"], "last time 60 kg × 8"),
                         ("Bench press", ["60", "6"], "last time 60 kg × 6"), ("Push-up", ["20"], "last time 20"),
                         ("Push-up", ["20"], "last time 20")]
        # Big enough for a thumb, and nothing wider than the phone.
        for element in phone.find_elements(By.CSS_SELECTOR, ".set-list button, .set-list .set-tick"):
            assert element.size["height"] >= 44 and element.size["width"] >= 44, element.get_attribute("outerHTML")
        assert phone.execute_script("return document.documentElement.scrollWidth") <= 390
        bench = rows[:3]
        bench[0].find_element(By.CLASS_NAME, "set-done").click()
        bench[1].find_element(By.CSS_SELECTOR, '.set-weight ~ [data-step]').click()   # + 2.5 kg
        bench[1].find_element(By.CLASS_NAME, "set-done").click()
        rows[3].find_element(By.CSS_SELECTOR, '[data-step="-1"]').click()              # 19 push-ups
        rows[3].find_element(By.CLASS_NAME, "set-done").click()
        phone.find_element(By.ID, "workout-sets").send_keys("Plank: 60s x 3")
        phone.find_element(By.CSS_SELECTOR, '.workout-form [type="submit"]').click()
        (workout,) = [e for e in events(phone) if e["type"] == "workout"]
        inbox = phone.execute_script("return window.DaybookInbox.text()")
    finally:
        phone.quit()
    assert workout["split"] == "Push"
    assert workout["sets"] == ["Bench press: 60kg x 8; 62.5kg x 8", "Push-up: 19", "Plank: 60s x 3"]
    # Merged, the day's workout file holds those lines and the site builds with them.
    (site / "content/inbox").mkdir()
    (site / "content/inbox/phone.jsonl").write_text(inbox)
    daybook("inbox", "--today", WEEK[0], cwd=site)
    (made,) = [p for p in (site / "content/workouts").rglob(f"{WEEK[0]}*.md")]
    text = made.read_text()
    assert "- Bench press: 60kg x 8; 62.5kg x 8\n- Push-up: 19\n- Plank: 60s x 3\n" in text, text
    daybook("build", "--today", WEEK[0], cwd=site)
