#!/usr/bin/env python3
"""What a search costs a reader: serves a built site on 127.0.0.1 with a
server that logs the bytes of every response, and for each query starts a
fresh headless Chromium (empty cache, no service worker), opens search/,
types the query letter by letter, and prints a Markdown table: the results,
how many files of the index the server sent and their bytes (the page's own
HTML, style sheet and scripts not counted), and the milliseconds from the
last letter typed to the first results shown (read in the page, from the
input event to the list naming the query).

    scripts/search-payload.py SITE QUERY...

Used by scripts/bench; the server and browser are those of
Tests/site/test_search_bytes.py. Needs selenium and chromium (scripts/test
installs both).
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests/site"))
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from test_search_bytes import LoggingServer, fresh_chromium  # noqa: E402

WATCH = """
const query = arguments[0], list = document.querySelector(".search-results");
window.lastInput = 0;
window.shownAt = 0;
document.getElementById("q").addEventListener("input", () => { window.lastInput = performance.now(); }, true);
new MutationObserver(() => {
  if (list.dataset.query === query && !window.shownAt) window.shownAt = performance.now();
}).observe(list, { attributes: true, attributeFilter: ["data-query"] });
"""


def main():
    site, queries = sys.argv[1], sys.argv[2:]
    server = LoggingServer(site)
    print("| query | results | index files sent | index KB sent | ms to first results |")
    print("|---|---|---|---|---|")
    try:
        for query in queries:
            driver = fresh_chromium()
            try:
                since = len(server.log)
                driver.get(server.url + "search/index.html")
                driver.execute_script(WATCH, query)
                driver.find_element(By.ID, "q").send_keys(query)
                # The list names the query it shows once its first results are in.
                WebDriverWait(driver, 30).until(lambda d: d.execute_script("return window.shownAt"))
                ms = driver.execute_script("return window.shownAt - window.lastInput")
                status = driver.find_element(By.CSS_SELECTOR, ".search-status").text
            finally:
                driver.quit()
            sent, files = server.index_bytes(since)
            print(f"| {query} | {status} | {files} | {sent / 1000:.1f} | {ms:.0f} |")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
