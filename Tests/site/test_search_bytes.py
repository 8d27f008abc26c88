"""What a search costs and where it works, on a diary of 1,000 generated
entries in Korean and English (the bench corpus's words) served on 127.0.0.1
by a server that logs the bytes of every response it sends:

- in a fresh Chromium, a query typed letter by letter loads a few small
  files of the index, within the bound below, and finds the right entries,
  ranked as docs/site.md says;
- the service worker never downloads again what the page has loaded, and
  once the home page has been opened the search works with the server
  stopped, saying which results the phone did not keep;
- no private entry is in any file of the index.

`scripts/search-payload.py` measures the 10,000-entry diary with the same
server and browser (docs/performance.md#search)."""
import datetime
import functools
import http.server
import random
import re
import threading
import time
import unicodedata

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import daybook, new_chromium, TODAY
from test_search import index_text

# The bench corpus's words (../shared/bench/gen-corpus).
KO = ("오늘은 아침 일찍 일어나서 산책을 했다 날씨가 생각보다 추워서 손이 시렸다 점심에는 친구와 김치찌개를 먹었다 "
      "오후에는 도서관에서 영어 단어를 외웠다 저녁에는 운동을 하고 일기를 쓴다 내일은 더 부지런하게 살고 싶다 "
      "회사에서 회의가 길어져서 피곤했다 새로운 책을 읽기 시작했다").split()
EN = ("the morning was quiet and the coffee was strong I walked along the river and thought about the week ahead "
      "work was busy but the evening was calm I practised vocabulary for twenty minutes and read a chapter before bed "
      "tomorrow I want to start earlier and keep the phone away").split()
TAGS = ["family", "work", "study", "travel", "health", "books"]
ENTRIES = 1_000
# What a query may load on the 10,000-entry diary (issue 41). What it loads
# does not grow with the diary, but for the bitmaps of common keys (a sixth of
# a byte per document, for the title and the body): of up to four keys a
# query reads, those are smaller here by 10,000 - ENTRIES documents.
BOUND = 60_000 - 4 * 2 * (10_000 - ENTRIES) // 6
QUERIES = ["산책", "김치찌개", "아침", "river", "coff", "아침 coffee"]


def fold(text):
    return unicodedata.normalize("NFKC", text).lower()


@pytest.fixture(scope="module")
def diary(tmp_path_factory):
    """The built diary, and each public entry's address with its title, folded text and date."""
    rng = random.Random(41)
    root = tmp_path_factory.mktemp("bytes")
    content = root / "content"
    (content / "diary").mkdir(parents=True)
    (content / "site.yml").write_text("title: Bytes\nlocale: ko\nbase_url: https://example.org/\ntimezone: Asia/Seoul\n")
    entries = {}
    start = datetime.date(2024, 1, 1)
    for n in range(ENTRIES):
        day = start + datetime.timedelta(days=n)
        title = " ".join(rng.choice(KO) for _ in range(rng.randint(2, 4)))
        tags = rng.sample(TAGS, rng.randint(0, 2))
        # Short enough that the index keeps the whole text (its first 500 characters).
        body = " ".join(" ".join(rng.choice(KO if rng.random() < 0.6 else EN) for _ in range(rng.randint(6, 12))) + "."
                        for _ in range(rng.randint(1, 3)))
        private = n % 50 == 7
        if private:
            body += " privatecanary 비밀단어"
        (content / "diary" / f"{day}.md").write_text(
            f"---\ntitle: \"{title}\"\ndate: {day} 21:00\ntags: [{', '.join(tags)}]\n"
            + ("private: true\n" if private else "") + f"---\n{body}\n")
        if not private:
            entries[f"diary/{day}/index.html"] = (title, fold(" ".join([title, *tags, body])), day)
    daybook("build", "--content", str(content), "--output", str(root / "public"), "--today", TODAY)
    return root / "public", entries


def expected(entries, query):
    """The addresses of the entries a query finds: Korean anywhere in a text, other words by their start."""
    found = set(entries)
    for term in fold(query).split():
        pattern = re.escape(term) if not term.isascii() else r"(?<![a-z0-9])" + re.escape(term)
        found = {url for url in found if re.search(pattern, entries[url][1])}
    return found


class LoggingServer:
    """The site at the root of a free port of 127.0.0.1; `log` is every response as [path, status, body bytes]."""

    def __init__(self, root):
        self.log = []
        lock = threading.Lock()
        log = self.log

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def send_response(self, code, message=None):
                self.entry = [self.path.split("?")[0], int(code), 0]
                with lock:
                    log.append(self.entry)
                super().send_response(code, message)

            def copyfile(self, source, output):
                data = source.read()
                output.write(data)
                with lock:
                    self.entry[2] += len(data)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def index_bytes(self, since=0):
        """Bytes of the index's files sent since the log's entry `since`, and how many files."""
        files = [entry for entry in self.log[since:] if entry[0].startswith("/search/") and entry[0].endswith(".js")]
        return sum(entry[2] for entry in files), len(files)

    def stop(self):
        if self.httpd:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None


def fresh_chromium():
    """A Chromium with a profile of its own: empty cache, no service worker."""
    driver = new_chromium("--window-size=1200,900")
    driver.set_script_timeout(60)
    return driver


def type_query(driver, url, query):
    """Opens the search page, types the query letter by letter, and waits for its results; returns their addresses and the status."""
    driver.get(url + "search/index.html")
    driver.find_element(By.ID, "q").send_keys(query)
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, ".search-results").get_attribute("data-query") == query)
    links = driver.find_elements(By.CSS_SELECTOR, ".search-results li > a")
    return [link.get_attribute("href")[len(url):] for link in links], driver.find_element(By.CSS_SELECTOR, ".search-status").text


@pytest.fixture(scope="module")
def server(diary):
    server = LoggingServer(diary[0])
    yield server
    server.stop()


@pytest.mark.parametrize("query", QUERIES)
def test_a_query_loads_a_few_kilobytes_and_finds_the_right_entries(diary, server, query):
    _, entries = diary
    driver = fresh_chromium()
    try:
        since = len(server.log)
        shown, status = type_query(driver, server.url, query)
    finally:
        driver.quit()
    sent, files = server.index_bytes(since)
    assert 0 < sent <= BOUND, f"{query}: {sent} bytes in {files} files"
    found = expected(entries, query)
    assert 10 < len(found) < len(entries)
    # Korean words of three syllables or more are checked against the text as they are shown.
    checked = any(not term.isascii() and len(term) > 2 for term in query.split())
    assert status == (f"최대 {len(found)}개 결과" if checked else f"{len(found)}개 결과")
    # The first ten: more of the words in the title first, then the newest.
    assert len(shown) == 10 and set(shown) <= found
    rank = {url: (sum(term in fold(entries[url][0]) for term in fold(query).split()), entries[url][2]) for url in found}
    assert min(rank[url] for url in shown) >= max(rank[url] for url in found - set(shown))


def test_offline_after_the_home_page_without_downloading_twice(diary, tmp_path):
    site, entries = diary
    server = LoggingServer(site)
    driver = fresh_chromium()
    try:
        # A search online, then the home page, which has the phone keep the diary's last days and the search.
        online, _ = type_query(driver, server.url, "산책")
        driver.get(server.url)
        kept = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            navigator.serviceWorker.addEventListener("message", async (event) => {
              if (event.data !== "daybook-kept") return;
              const paths = [];
              for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
              done(paths);
            });""")
        assert "/search/index.js" in kept and "/search/terms/0.js" in kept
        assert len([p for p in kept if p.startswith("/search/docs/")]) == len(list((site / "search/docs").iterdir()))
        # Nothing the browser had was sent again: every other request for it was answered "not modified".
        bodies = {}
        for path, status, sent in server.log:
            if sent:
                bodies[path] = bodies.get(path, 0) + 1
        assert {path: n for path, n in bodies.items() if n > 1} == {}
        server.stop()

        shown, status = type_query(driver, server.url, "산책")
        assert shown == online and status == f"{len(expected(entries, '산책'))}개 결과"
        for query in ("김치찌개", "river"):
            shown, status = type_query(driver, server.url, query)
            assert len(shown) == 10 and set(shown) <= expected(entries, query)
            assert driver.find_elements(By.CSS_SELECTOR, ".search-results li p mark")
        # Results whose documents the phone did not keep (here every other chunk) are counted, not shown blank.
        driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            (async () => {
              for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                for (const request of await cache.keys()) if (/search\\/docs\\/\\d*[02468]\\.js$/.test(request.url)) await cache.delete(request);
              }
            })().then(done);""")
        shown, status = type_query(driver, server.url, "river")
        assert shown and set(shown) <= expected(entries, "river")
        assert driver.execute_script("return [...document.querySelectorAll('.search-results li > a')].every((a) => a.textContent.trim())")
        assert re.fullmatch(rf"{len(expected(entries, 'river'))}개 결과 \(그중 \d+개는 이 휴대폰에 저장되어 있지 않아 인터넷에 연결하면 보입니다.\)", status)
    finally:
        driver.quit()
        server.stop()


def test_no_private_entry_in_any_file_of_the_index(diary, server):
    site, _ = diary
    files = list((site / "search").rglob("*.js"))
    text = "\n".join(index_text(p) for p in files)
    assert "산책" in text and "river" in text  # the check can fail
    assert "privatecanary" not in text and "비밀단어" not in text
    driver = fresh_chromium()
    try:
        assert type_query(driver, server.url, "privatecanary")[0] == []
        assert type_query(driver, server.url, "비밀단어")[0] == []
    finally:
        driver.quit()
