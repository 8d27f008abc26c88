"""The workout and routine pages of the sample site in a browser: charts that
are drawn, routine dots and workout stamps on the right days, and a phone."""
import io

import pytest
from PIL import Image

from conftest import TODAY  # noqa: F401 — the sample site is built for 2026-11-23

PHONE = (390, 844)
DONE_GREEN = (0x2E, 0x9D, 0x5B)


def day_cell(browser, day, scope=""):
    """The calendar cell of a day of the month shown (within `scope`, a CSS selector)."""
    xpath = f"//td[contains(@class,'day')][span[@class='day-number' and normalize-space()='{day}']]"
    if scope:
        container = browser.find_element("css selector", scope)
        return container.find_element("xpath", "." + xpath)
    return browser.find_element("xpath", xpath)


def dot_states(cell):
    return [li.get_attribute("class").replace("dot routine ", "") for li in cell.find_elements("css selector", "li.dot.routine")]


def count_near(png, colour, tolerance=40):
    """Pixels of a screenshot within `tolerance` of an RGB colour."""
    data = Image.open(io.BytesIO(png)).convert("RGB").tobytes()
    pixels = (data[i:i + 3] for i in range(0, len(data), 3))
    return sum(1 for pixel in pixels if all(abs(a - b) <= tolerance for a, b in zip(pixel, colour)))


@pytest.fixture()
def phone(browser):
    browser.set_window_size(*PHONE)
    yield browser
    browser.set_window_size(1200, 900)


def test_stats_page_draws_its_charts(sample_site, browser):
    browser.get((sample_site / "workouts/stats/index.html").as_uri())
    charts = browser.find_elements("css selector", "svg.chart")
    # The monthly bar chart and at least one line chart per exercise.
    assert len(charts) > 10
    for chart in charts:
        size = chart.size
        assert size["width"] > 100 and size["height"] > 40, chart.get_attribute("aria-label")
        assert chart.get_attribute("role") == "img" and chart.get_attribute("aria-label")
    bench = browser.find_element("css selector", "#ex-bench-press svg.line-chart")
    # One dot per session that benched, each with its value in a tooltip.
    points = bench.find_elements("css selector", "circle.point")
    assert len(points) == 8
    assert browser.find_element("css selector", "svg.bar-chart").find_elements("css selector", "rect.bar")
    # The records table links each exercise to its history.
    link = browser.find_element("css selector", ".records-table a[href='#ex-squat']")
    assert link.text == "Squat"


def test_routines_page_colours_each_dot_by_state(sample_site, browser):
    browser.get((sample_site / "routines/index.html").as_uri())
    november = "#m-2026-11"
    # Wed 11 November: woke at six, read although it was not a weekend (extra), stretched.
    assert dot_states(day_cell(browser, 11, november)) == ["done", "extra", "done"]
    # Sun 8 November: the weekend reading was missed.
    assert dot_states(day_cell(browser, 8, november)) == ["missed"]
    # Today, Mon 23: woke at six; the evening stretch is still planned. Tomorrow is planned.
    assert dot_states(day_cell(browser, 23, november)) == ["done", "planned"]
    assert dot_states(day_cell(browser, 24, november)) == ["planned"]
    # The dots are coloured by the theme, not all alike.
    cell = day_cell(browser, 11, november)
    colours = {li.value_of_css_property("background-color") for li in cell.find_elements("css selector", "li.dot")}
    assert len(colours) == 2
    title = cell.find_element("css selector", "li.dot.extra a").get_attribute("title")
    assert title == "주말 독서: 추가"
    # The month's ring chart is drawn.
    ring = browser.find_element("css selector", f"{november} .ring.total svg.pie-chart")
    assert ring.size["width"] > 50 and "%" in ring.text


def test_calendar_month_shows_the_stamp_and_dots(sample_site, browser):
    browser.get((sample_site / "calendar/2026/11/index.html").as_uri())
    friday = day_cell(browser, 20)
    stamp = friday.find_element("css selector", "li.mark.workout.stamp a")
    assert stamp.text == "Chest"
    assert stamp.get_attribute("href").endswith("workouts/2026/2026-11-20/index.html")
    assert dot_states(friday) == ["done", "done"]
    today = day_cell(browser, 23)
    assert today.find_element("css selector", "li.mark.workout.planned").text == "Legs"
    assert dot_states(today) == ["done", "planned"]
    # The private session of the 14th leaves no stamp.
    assert day_cell(browser, 14).find_elements("css selector", "li.workout") == []
    stamp.click()
    assert browser.find_element("css selector", "h1").text == "Chest"


def test_training_pages_on_a_phone(sample_site, phone):
    for page in ["workouts/index.html", "workouts/stats/index.html", "workouts/2026/2026-11-20/index.html", "routines/index.html"]:
        phone.get((sample_site / page).as_uri())
        overflow = phone.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 1, f"{page} overflows by {overflow}px"

    # The calendar still shows a stamp and dots when the split's name is hidden.
    phone.get((sample_site / "calendar/2026/11/index.html").as_uri())
    friday = day_cell(phone, 20)
    assert friday.size["width"] < 70
    assert count_near(friday.screenshot_as_png, DONE_GREEN) > 40
    assert all(li.size["width"] > 5 for li in friday.find_elements("css selector", "li"))

    # A chart fits the screen and draws its line.
    phone.get((sample_site / "workouts/stats/index.html").as_uri())
    chart = phone.find_element("css selector", "#ex-squat svg.line-chart")
    phone.execute_script("arguments[0].scrollIntoView()", chart)
    assert 250 < chart.size["width"] <= PHONE[0]
    accent = phone.execute_script("return getComputedStyle(document.querySelector('#ex-squat .line')).stroke")
    rgb = tuple(int(part) for part in accent[accent.index("(") + 1:-1].split(",")[:3])
    assert count_near(chart.screenshot_as_png, rgb) > 100
