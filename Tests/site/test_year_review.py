"""The year in review (`year/2026/`) as a person reads and prints it: a small
site with two years, public and private content, opened from disk in headless
Chromium; the numbers a person would check by hand, nothing private, links
between the years, the calendar and the home page, axe, and a print to A4
read back with pdfplumber."""
import base64
import re

import pdfplumber
import pytest
from PIL import Image

from conftest import daybook, TODAY
from test_accessibility import axe_findings


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def photo(path, color):
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (1200, 900), color).save(path, quality=80)


def write_site(root):
    """Two years of content; what is private would change every number if it were counted."""
    c = root / "content"
    write(c / "site.yml", "title: Two years\nlocale: en\ntimezone: Asia/Seoul\n"
                          "workouts:\n  split: [Chest, Legs]\n  start: 2025-12-01\n")
    write(c / "diary/2025/2025-12-31.md", "---\ntags: [winter]\nweather: {condition: snow, temp: -9}\n---\nThe year ends.\n")
    write(c / "diary/2026/2026-01-02.md", "---\ntitle: New year\ntags: [winter, family]\nweather: {condition: snow, temp: -3}\n---\n"
                                          "It's snowing on the first walk.\n")
    write(c / "diary/2026/2026-07-30.md", "---\ntitle: Sea\ntags: [travel, winter]\nweather: {condition: clear, temp: 31.5}\n---\n"
                                          "Hot day at the sea.\n\n![The sea](sea.jpg)\n")
    photo(c / "diary/2026/sea.jpg", (40, 90, 200))
    write(c / "diary/2026/2026-08-01.md", "---\ntitle: Rain\ntags: [family]\nweather: rain\n---\nRain all day long\n")
    write(c / "diary/2026/2026-09-09.md", "---\ntitle: Hidden\ntags: [secret]\nweather: {condition: snow, temp: -20}\nprivate: true\n---\n"
                                          "hidden words here many more\n\n![Secret](secret.jpg)\n")
    photo(c / "diary/2026/secret.jpg", (200, 30, 30))
    write(c / "vocab/toeic.md", "---\ntitle: TOEIC\nlanguage: en\nmeaning_language: ko\n---\n"
                                "## 2026-01-05\n- apple :: 사과\n- brave :: 용감한\n- candid :: 솔직한\n")
    write(c / "vocab/secret.md", "---\ntitle: Secret\nprivate: true\n---\n## 2026-01-05\n- one :: 하나\n- two :: 둘\n")
    # Jan 10: review 1 of all three, brave missed (it starts again on Jan 10);
    # Jan 17: review 2 of apple and candid, review 1 of brave; Jan 31: review 3
    # of apple and candid (mastered), review 2 of brave. Brave's review 3 is overdue.
    write(c / "vocab/reviews.md", "## 2026-01-10\n- toeic: brave\n- secret: one, two\n\n## 2026-01-17\n- toeic:\n\n"
                                  "## 2026-01-31\n- toeic:\n- secret: one\n")
    write(c / "workouts/2025/2025-12-01.md", "---\ndate: 2025-12-01\n---\n- Bench press: 65kg x 5\n")
    write(c / "workouts/2026/2026-01-10.md", "---\ndate: 2026-01-10\n---\n- Bench press: 60kg x 5\n")
    write(c / "workouts/2026/2026-02-02.md", "---\ndate: 2026-02-02\nprivate: true\n---\n- Bench press: 100kg x 5\n")
    write(c / "workouts/2026/2026-03-03.md", "---\ndate: 2026-03-03\n---\n- Bench press: 70kg x 5\n")
    write(c / "workouts/2026/2026-03-20.md", "---\ndate: 2026-03-20\n---\n- Squat: 100kg x 5\n")
    write(c / "routines.yml", "- id: wake\n  name: Early rise\n  days: [mon]\n  from: 2026-11-02\n  until: 2026-11-16\n")
    write(c / "routines/log.md", "- 2026-11-02: wake\n- 2026-11-09: wake\n")
    return c


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("years")
    content = write_site(root)
    out = root / "public"
    daybook("build", "--content", str(content), "--output", str(out), "--today", TODAY)
    # The same content built with --include-private: the year in review still counts public content only.
    private = root / "private"
    daybook("build", "--content", str(content), "--output", str(private), "--today", TODAY, "--include-private")
    return out, private


def texts(browser, selector):
    from selenium.webdriver.common.by import By
    return [e.text.strip() for e in browser.find_elements(By.CSS_SELECTOR, selector)]


def figures(browser, section):
    from selenium.webdriver.common.by import By
    return {f.find_element(By.CSS_SELECTOR, ".figure-label").text: f.find_element(By.CSS_SELECTOR, ".figure-value").text
            for f in browser.find_elements(By.CSS_SELECTOR, f"#{section} .figures li")}


def rows(browser, selector):
    from selenium.webdriver.common.by import By
    return [[cell.text for cell in row.find_elements(By.CSS_SELECTOR, "th, td")]
            for row in browser.find_elements(By.CSS_SELECTOR, f"{selector} tbody tr")]


@pytest.mark.parametrize("build", ["public", "include-private"])
def test_the_numbers_a_person_would_check(site, browser, build):
    out = site[0] if build == "public" else site[1]
    browser.get((out / "year/2026/index.html").as_uri())
    assert browser.title.startswith("2026 in review")
    assert figures(browser, "review-writing") == {"Entries": "3", "Words written": "15"}
    assert rows(browser, ".review-tags") == [["family", "2"], ["winter", "2"], ["travel", "1"]]
    weather = rows(browser, "#review-weather table")
    assert sorted(weather) == [["Clear", "1"], ["Rain", "1"], ["Snow", "1"]]
    body = browser.find_element("css selector", "main").text
    assert "Warmest day: 31.5" in body and "Coldest day: -3" in body or "Coldest day: −3" in body
    # 3 words studied by Jan 7; apple and candid passed review 3 on Jan 31;
    # 9 words tested in reviews, brave missed once.
    assert figures(browser, "review-study") == {"Words learned": "3", "Words mastered": "2", "Recall rate": "89%",
                                                "Words recalled in reviews": "8 / 9"}
    months = {row[0]: row[1:] for row in rows(browser, ".review-months")}
    assert months["January 2026"] == ["1", "0"] and months["March 2026"] == ["2", "1"] and months["February 2026"] == ["0", "0"]
    bests = {row[0]: row[1:] for row in rows(browser, ".review-bests")}
    # 70 kg × 5 → 81.7 kg estimated one-rep max, better than 2025's 65 kg × 5 (75.8 kg).
    assert bests["Bench press"][0].startswith("81.7 kg") and "personal record" in bests["Bench press"][0]
    assert bests["Squat"][0].startswith("116.7 kg")
    assert rows(browser, ".review-routines") == [["Early rise", "2", "1", "67%"]]
    photos = browser.find_elements("css selector", "#review-photos img")
    assert [p.get_attribute("alt") for p in photos] == ["Sea"]
    # It loads (lazily: once scrolled to).
    browser.execute_script("arguments[0].scrollIntoView()", photos[0])
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(browser, 10).until(lambda b: b.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", photos[0]))
    # Nothing private: no tag, temperature, photo, word or lift of it.
    html = browser.page_source
    for leak in ("secret", "Secret", "−20°", "-20°", "Hidden", "2026-02-02", "2 February"):
        assert leak not in html, leak


def test_years_link_each_other_and_the_calendar_from_disk(site, browser):
    from selenium.webdriver.common.by import By
    out = site[0]
    browser.get((out / "calendar/2026/index.html").as_uri())
    browser.find_element(By.CSS_SELECTOR, ".year-review-link a").click()
    assert browser.current_url.endswith("/year/2026/index.html")
    browser.find_element(By.CSS_SELECTOR, ".calendar-nav .prev").click()
    assert browser.current_url.endswith("/year/2025/index.html")
    assert figures(browser, "review-writing") == {"Entries": "1", "Words written": "3"}
    browser.find_element(By.CSS_SELECTOR, ".calendar-nav .next").click()
    assert browser.current_url.endswith("/year/2026/index.html")
    # Every link of the page is relative (works from disk and under a sub-path).
    html = (out / "year/2026/index.html").read_text()
    assert not re.findall(r'(?:href|src)="/', html)


@pytest.mark.parametrize("today, year", [("2026-12-05", "2026"), ("2027-01-20", "2026"), ("2026-11-23", None)])
def test_home_page_points_to_the_year_in_december_and_january(tmp_path, today, year):
    content = write_site(tmp_path)
    out = tmp_path / "public"
    daybook("build", "--content", str(content), "--output", str(out), "--today", today)
    link = re.search(r'<p class="year-review-link"><a href="([^"]+)">([^<]+)</a>', (out / "index.html").read_text())
    if year is None:
        assert link is None
    else:
        assert link.groups() == (f"year/{year}/index.html", f"{year} in review")


def test_korean_strings(tmp_path, browser):
    content = write_site(tmp_path)
    (content / "site.yml").write_text("title: 두 해\nlocale: ko\n")
    out = tmp_path / "public"
    daybook("build", "--content", str(content), "--output", str(out), "--today", TODAY)
    browser.get((out / "year/2026/index.html").as_uri())
    assert browser.find_element("css selector", "html").get_attribute("lang") == "ko"
    assert "2026년 돌아보기" in browser.title
    assert figures(browser, "review-study")["익힌 단어"] == "3"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_wcag_finding(site, browser, scheme):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        browser.get((site[0] / "year/2026/index.html").as_uri())
        assert axe_findings(browser) == []
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_prints_on_a4_without_navigation_or_cut_content(site, browser, tmp_path):
    from selenium.webdriver.common.print_page_options import PrintOptions
    browser.get((site[0] / "year/2026/index.html").as_uri())
    # In print, the chart's bars and labels are black on white.
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        fills = browser.execute_script(
            "return [...document.querySelectorAll('.chart .bar, .chart text')].map(e => getComputedStyle(e).fill)")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert fills and set(fills) == {"rgb(0, 0, 0)"}
    options = PrintOptions()
    options.page_width, options.page_height = 21.0, 29.7
    pdf = tmp_path / "year.pdf"
    pdf.write_bytes(base64.b64decode(browser.print_page(options)))
    with pdfplumber.open(pdf) as document:
        text = ""
        for page in document.pages:
            assert abs(page.width - 595.3) < 1.5 and abs(page.height - 841.9) < 1.5  # A4 in points
            for char in page.chars:
                assert 0 <= char["x0"] and char["x1"] <= page.width and 0 <= char["top"] and char["bottom"] <= page.height, char
            text += page.extract_text() + "\n"
    for expected in ("Year in review 2026", "Words learned", "89%", "Bench press", "81.7 kg", "Early rise", "67%", "family"):
        assert expected in text, expected
    # No navigation on paper.
    assert "Year calendar" not in text and "← 2025" not in text
