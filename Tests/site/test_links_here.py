"""What links here and the link preview, in a real browser: a small site
with a cycle and a self-link, opened from disk and served under a sub-path;
the preview opens on hover, on keyboard focus and on a long press, closes
with Escape, and the page stays free of serious WCAG findings with it open."""
import functools
import http.server
import shutil
import threading
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import TODAY, daybook
from test_accessibility import axe_findings

FILES = {
    "site.yml": "title: Links\nlocale: en\n",
    "diary/2026/2026-11-01.md": "---\ntitle: Frost\n---\nThe frost came early. I wrote about it again in [[Thaw]]. Here I am: [[Frost]].\n",
    "diary/2026/2026-11-02.md": "---\ntitle: Thaw\n---\nAfter [[Frost]] the thaw came, and the ice left the river.\n\n"
                                "Also [the garden](../../../pages/garden/).\n",
    "diary/2026/2026-11-03.md": "---\ntitle: Secret\nprivate: true\n---\nA secret note on [[Thaw]].\n",
    "pages/garden.md": "---\ntitle: Garden\n---\nThe garden remembers [the frost](../../diary/2026/2026-11-01/).\n",
}


@pytest.fixture(scope="module")
def links_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("links")
    for path, text in FILES.items():
        (root / "content" / path).parent.mkdir(parents=True, exist_ok=True)
        (root / "content" / path).write_text(text)
    daybook("build", "--content", str(root / "content"), "--output", str(root / "public"), "--today", TODAY)
    return root / "public"


@pytest.fixture(scope="module")
def served_links_site(links_site, tmp_path_factory):
    """The site at http://127.0.0.1:PORT/sub/path/."""
    www = tmp_path_factory.mktemp("links-www")
    shutil.copytree(links_site, www / "sub" / "path")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(www))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/sub/path/"
    server.shutdown()


def popover(browser):
    """The preview's text while it is shown, else None."""
    return browser.execute_script(
        "const box = document.querySelector('.link-popover'); return box && !box.hidden ? box.innerText : null;")


def wait_for(condition, seconds=3):
    end = time.time() + seconds
    while time.time() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def body_link(browser, text):
    return browser.find_element("xpath", f"//div[contains(@class,'entry-body')]//a[normalize-space()='{text}']")


def test_linked_from_lists_the_linking_pages(links_site, browser):
    browser.get((links_site / "diary/2026/2026-11-01/index.html").as_uri())
    section = browser.find_element("css selector", ".linked-from")
    assert section.find_element("css selector", "h2").text == "Linked from"
    items = [item.text for item in section.find_elements("css selector", "li")]
    assert len(items) == 2, items
    assert items[0].startswith("Thaw") and "After Frost the thaw came, and the ice left the river." in items[0]
    assert items[1].startswith("Garden") and "The garden remembers the frost." in items[1]
    # Its own link and the private entry's are not listed; the links lead to the pages.
    assert "Secret" not in section.text and "Here I am" not in section.text
    section.find_element("link text", "Thaw").click()
    assert browser.current_url.endswith("/diary/2026/2026-11-02/index.html")
    assert "Frost" in browser.find_element("css selector", ".linked-from").text


@pytest.mark.parametrize("where", ["disk", "sub-path"])
def test_hovering_a_link_shows_its_preview(links_site, served_links_site, browser, where):
    page = "diary/2026/2026-11-01/index.html"
    browser.get((links_site / page).as_uri() if where == "disk" else served_links_site + page)
    assert popover(browser) is None
    ActionChains(browser).move_to_element(body_link(browser, "Thaw")).perform()
    assert wait_for(lambda: popover(browser) is not None)
    assert popover(browser).startswith("Thaw") and "After Frost the thaw came" in popover(browser)
    link = body_link(browser, "Thaw")
    assert link.get_attribute("aria-describedby") == "link-popover"
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    assert popover(browser) is None and link.get_attribute("aria-describedby") is None
    # A Markdown link (written without index.html) has its preview too.
    browser.get((links_site / "pages/garden/index.html").as_uri() if where == "disk" else served_links_site + "pages/garden/index.html")
    ActionChains(browser).move_to_element(body_link(browser, "the frost")).perform()
    assert wait_for(lambda: (popover(browser) or "").startswith("Frost"))


def test_keyboard_focus_shows_the_preview_and_escape_closes_it(links_site, browser):
    browser.get((links_site / "diary/2026/2026-11-02/index.html").as_uri())
    browser.execute_script("arguments[0].focus()", body_link(browser, "the garden"))
    assert wait_for(lambda: (popover(browser) or "").startswith("Garden"))
    assert "The garden remembers the frost." in popover(browser)
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    assert popover(browser) is None


def test_a_long_press_shows_the_preview_and_does_not_follow_the_link(links_site, browser):
    url = (links_site / "diary/2026/2026-11-01/index.html").as_uri()
    browser.get(url)
    place = browser.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];",
        body_link(browser, "Thaw"))
    point = [{"x": place[0], "y": place[1]}]
    browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    assert wait_for(lambda: (popover(browser) or "").startswith("Thaw"))
    browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    time.sleep(0.3)
    assert browser.current_url == url
    assert (popover(browser) or "").startswith("Thaw")


def test_without_javascript_the_previews_stay_hidden(links_site, browser):
    browser.get((links_site / "diary/2026/2026-11-01/index.html").as_uri())
    # The templates are inert: nothing of them shows, and no box exists until a link is pointed at.
    assert browser.execute_script("return document.querySelectorAll('template.link-preview').length") == 1
    assert "After Frost the thaw came" not in browser.find_element("tag name", "main").text.replace(
        browser.find_element("css selector", ".linked-from").text, "")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_wcag_finding_with_a_preview_open(links_site, browser, scheme):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        browser.get((links_site / "diary/2026/2026-11-01/index.html").as_uri())
        ActionChains(browser).move_to_element(body_link(browser, "Thaw")).perform()
        assert wait_for(lambda: popover(browser) is not None)
        findings = axe_findings(browser)
        assert popover(browser) is not None
        assert findings == [], findings
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
