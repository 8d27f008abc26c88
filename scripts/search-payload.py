#!/usr/bin/env python3
"""What a search costs a reader: serves a built site over HTTP, opens
search/ in headless Chromium with an empty cache, types each query letter by
letter, and prints a Markdown table: the bytes transferred for everything the
page loaded (the page, its style sheet and script, the index files), how many
index files that was, and the milliseconds from the last letter typed to the
first results shown (read in the page, from the input event to the list
naming the query).

    scripts/search-payload.py SITE QUERY...

Used by scripts/bench; needs selenium and chromium (scripts/test installs both).
"""
import functools
import http.server
import shutil
import sys
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

WATCH = """
const query = arguments[0], list = document.querySelector(".search-results");
window.lastInput = 0;
window.shownAt = 0;
document.getElementById("q").addEventListener("input", () => { window.lastInput = performance.now(); }, true);
new MutationObserver(() => {
  if (list.dataset.query === query && !window.shownAt) window.shownAt = performance.now();
}).observe(list, { attributes: true, attributeFilter: ["data-query"] });
"""
RESULT = """
const entries = [performance.getEntriesByType("navigation")[0], ...performance.getEntriesByType("resource")];
return {
  bytes: entries.reduce((sum, entry) => sum + entry.transferSize, 0),
  files: entries.filter((entry) => entry.name.includes("/search/terms/") || entry.name.includes("/search/docs/")).length,
  status: document.querySelector(".search-status").textContent,
};
"""


def main():
    site, queries = sys.argv[1], sys.argv[2:]
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or ""
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    print("| query | results | index files loaded | KB transferred (page included) | ms to first results |")
    print("|---|---|---|---|---|")
    try:
        for query in queries:
            driver.execute_cdp_cmd("Network.clearBrowserCache", {})
            driver.get(f"http://127.0.0.1:{server.server_address[1]}/search/index.html")
            driver.execute_script(WATCH, query)
            driver.find_element(By.ID, "q").send_keys(query)
            # The list names the query it shows once its first results are in.
            WebDriverWait(driver, 30).until(lambda d: d.execute_script("return window.shownAt"))
            ms = driver.execute_script("return window.shownAt - window.lastInput")
            result = driver.execute_script(RESULT)
            print(f"| {query} | {result['status']} | {result['files']} | {result['bytes'] / 1000:.0f} | {ms:.0f} |")
    finally:
        driver.quit()
        server.shutdown()


if __name__ == "__main__":
    main()
