"""Search as a person uses it, from disk (file://) in headless Chromium:
Korean inside words, Japanese without spaces, English by prefix, titles
above bodies, highlighted snippets, the kind and year filters, a large site
whose index is cut into many shards, nothing private in any file of the
index, and the page without JavaScript."""
import json
import random
import re
import string
import unicodedata
import zlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import daybook, new_chromium, TODAY

SITE = "title: Search test\nlocale: en\nbase_url: https://example.org/\n"

FILES = {
    "site.yml": SITE,
    "diary/2026/2026-11-20.md": "---\ntitle: 첫눈\ndate: 2026-11-20 21:30\ntags: [winter]\n---\n퇴근길에 **첫눈**이 내렸다.\n",
    "diary/2026/2026-11-18.md": "---\ntitle: 회의\ndate: 2026-11-18\n---\n회의가 길었다. 창밖으로 첫눈이 보였다.\n",
    "diary/2025/2025-12-01.md": "---\ntitle: 겨울 산책\ndate: 2025-12-01\n---\n작년 첫눈이 생각났다.\n",
    "diary/2025/2025-06-01.md": "---\ntitle: 東京\ndate: 2025-06-01\n---\n週末に祖母を訪ねました。\n",
    "diary/2024/2024-05-02.md": "---\ntitle: Coffee\ndate: 2024-05-02\n---\nWe talked about walking shoes.\n",
    "diary/2024/2024-05-01.md": "---\ntitle: Morning Walk\ndate: 2024-05-01\n---\nA quiet morning.\n",
    "diary/2024/2024-05-03.md": "---\ntitle: Rain\ndate: 2024-05-03\n---\nI walked along the river in the rain.\n",
    "diary/2026/2026-11-19.md": "---\ntitle: Secret\ndate: 2026-11-19\nprivate: true\n---\nPrivateword 첫눈 hidden.\n",
    "diary/2026/2026-11-21.md": "---\ntitle: Unfinished\ndate: 2026-11-21\ndraft: true\n---\nDraftword 첫눈 unfinished.\n",
    "workouts/2026/2026-11-20.md": "---\ndate: 2026-11-20 07:00\ntitle: Legs\n---\n- Squat: 60kg x 5\n\n첫눈 오는 날 운동.\n",
    "vocab/winter.md": "---\ntitle: Winter words\n---\n## 2026-11-20\n- first snow :: 첫눈\n- blizzard :: 눈보라\n",
    "pages/about.md": "---\ntitle: About\n---\nThis diary starts with the first snow.\n",
}


def write_site(root, files):
    for path, text in files.items():
        target = root / "content" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    return root / "content"


@pytest.fixture(scope="module")
def search_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("search")
    content = write_site(root, FILES)
    daybook("build", "--content", str(content), "--output", str(root / "public"), "--today", TODAY)
    return root / "public"


def search(browser, site, query, **filters):
    """Opens the search page from disk, sets the filters, types the query, and
    returns the results once they are shown (or the page says none)."""
    browser.get((site / "search/index.html").as_uri())
    for name, value in filters.items():
        browser.execute_script("const s = document.querySelector(`select[name=${arguments[0]}]`); s.value = arguments[1];"
                               "s.dispatchEvent(new Event('change'))", name, value)
    browser.find_element(By.ID, "q").send_keys(query)
    # The list names the query it shows: wait for the last one typed.
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.CSS_SELECTOR, ".search-results").get_attribute("data-query") == query)
    return browser.find_elements(By.CSS_SELECTOR, ".search-results li")


def titles(results):
    return [r.find_element(By.TAG_NAME, "a").text for r in results]


def test_korean_matches_inside_words_titles_first(search_site, browser):
    """첫눈 is found inside 첫눈이; the entry titled 첫눈 comes before those
    that only say it, and those are newest first."""
    results = search(browser, search_site, "첫눈")
    # Newest first by month; within a month diary, words, workouts, pages.
    assert titles(results) == ["첫눈", "회의", "first snow", "Fri, 20 November 2026 · Legs", "겨울 산책"]
    assert browser.find_element(By.CSS_SELECTOR, ".search-status").text == "5 results"
    meeting = results[titles(results).index("회의")]
    assert [m.text for m in meeting.find_elements(By.TAG_NAME, "mark")] == ["첫눈"]
    assert "창밖으로 첫눈이 보였다" in meeting.find_element(By.TAG_NAME, "p").text


def test_a_longer_korean_query_is_checked_against_the_text(search_site, browser):
    """첫눈이 has the pairs 첫눈 and 눈이; only texts that hold the whole word are shown."""
    results = search(browser, search_site, "첫눈이")
    assert sorted(titles(results)) == sorted(["첫눈", "회의", "겨울 산책"])
    assert browser.find_element(By.CSS_SELECTOR, ".search-status").text == "3 results"


def test_japanese_without_spaces(search_site, browser):
    results = search(browser, search_site, "祖母")
    assert titles(results) == ["東京"]
    assert [m.text for m in results[0].find_elements(By.TAG_NAME, "mark")] == ["祖母"]
    assert titles(search(browser, search_site, "訪ね")) == ["東京"]


def test_english_by_prefix_title_above_body(search_site, browser):
    results = search(browser, search_site, "walk")
    # The title match first, then body matches newest first.
    assert titles(results) == ["Morning Walk", "Rain", "Coffee"]
    assert [m.text for m in results[0].find_elements(By.CSS_SELECTOR, "a mark")] == ["Walk"]
    assert [m.text for m in results[1].find_elements(By.CSS_SELECTOR, "p mark")] == ["walk"]
    assert "I walked along the river" in results[1].text
    # A prefix is matched at the start of a word only, and whole words of one letter.
    assert titles(search(browser, search_site, "alk")) == []
    assert browser.find_element(By.CSS_SELECTOR, ".search-status").text == "Nothing found."


def test_kind_and_year_filters(search_site, browser):
    assert titles(search(browser, search_site, "첫눈", kind="workout")) == ["Fri, 20 November 2026 · Legs"]
    assert titles(search(browser, search_site, "첫눈", kind="word")) == ["first snow"]
    assert titles(search(browser, search_site, "첫눈", year="2025")) == ["겨울 산책"]
    assert titles(search(browser, search_site, "snow", kind="page")) == ["About"]
    assert titles(search(browser, search_site, "첫눈", kind="diary", year="2026")) == ["첫눈", "회의"]
    options = browser.find_elements(By.CSS_SELECTOR, "select[name=year] option")
    assert [o.text for o in options] == ["All years", "2026", "2025", "2024"]
    kinds = browser.find_elements(By.CSS_SELECTOR, "select[name=kind] option")
    assert [o.text for o in kinds] == ["All", "Diary", "Word", "Workout", "Page"]


def test_a_result_leads_to_its_page(search_site, browser):
    results = search(browser, search_site, "blizzard")
    assert titles(results) == ["blizzard"]
    results[0].find_element(By.TAG_NAME, "a").click()
    assert browser.current_url.endswith("vocab/winter/index.html#w-blizzard")


def test_a_browser_that_cannot_inflate_still_shows_the_results(search_site, browser):
    """Snippets need DecompressionStream (2023 browsers); without it the results are listed without them."""
    browser.get((search_site / "search/index.html").as_uri())
    browser.execute_script("delete window.DecompressionStream")
    browser.find_element(By.ID, "q").send_keys("walk")
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.CSS_SELECTOR, ".search-results").get_attribute("data-query") == "walk")
    results = browser.find_elements(By.CSS_SELECTOR, ".search-results li")
    assert titles(results) == ["Morning Walk", "Rain", "Coffee"]
    assert [len(r.find_elements(By.TAG_NAME, "p")) for r in results] == [0, 0, 0]


def index_files(site):
    return [p for p in (site / "search").rglob("*.js")]


Z85 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"


def from_z85(text):
    """ZeroMQ's Z85; a last group of n + 1 characters is n bytes, read padded with the highest digit."""
    data = bytearray()
    for start in range(0, len(text), 5):
        group = text[start:start + 5]
        value = 0
        for character in group.ljust(5, Z85[-1]):
            value = value * 85 + Z85.index(character)
        data += value.to_bytes(5, "big")[1:][:len(group) - 1]
    return bytes(data)


def index_text(path):
    """A file of the index as text, with the deflated texts of a chunk of documents inflated."""
    text = path.read_text()
    packed = re.fullmatch(r'(DaybookSearch\.docs\(\d+, .*, )"([^"\\]*)"\);\n', text, re.S)
    if not packed:
        return text
    texts = json.loads(zlib.decompress(from_z85(packed.group(2)), -15))
    return packed.group(1) + json.dumps(texts, ensure_ascii=False)


def test_the_texts_of_a_chunk_are_deflated(search_site):
    chunks = list((search_site / "search/docs").glob("*.js"))
    assert chunks and all(index_text(p) != p.read_text() for p in chunks)
    assert "퇴근길에 첫눈이 내렸다." in "".join(index_text(p) for p in chunks)


def test_nothing_private_or_draft_in_any_file_of_the_index(search_site, tmp_path, browser):
    files = index_files(search_site)
    assert len(files) >= 3
    text = "\n".join(index_text(p) for p in files).lower()
    assert "snow" in text and "첫눈" in text  # the check can fail
    for word in ("privateword", "draftword", "secret", "unfinished"):
        assert word not in text
    # Not even when the owner previews private entries locally.
    preview = tmp_path / "preview"
    daybook("build", "--content", str(search_site.parent / "content"), "--output", str(preview), "--today", TODAY,
            "--include-private")
    assert "Privateword" in (preview / "diary/2026/2026-11-19/index.html").read_text()
    assert not any("privateword" in index_text(p).lower() for p in index_files(preview))
    assert titles(search(browser, preview, "privateword")) == []


def test_without_javascript_the_page_says_so_and_links_the_archives(search_site):
    driver = new_chromium(prefs={"profile.managed_default_content_settings.javascript": 2})
    try:
        driver.get((search_site / "search/index.html").as_uri())
        main = driver.find_element(By.TAG_NAME, "main")
        assert "Search needs JavaScript" in main.text
        assert not driver.find_element(By.ID, "q").is_displayed()
        links = {a.text: a.get_attribute("href") for a in main.find_elements(By.TAG_NAME, "a")}
        assert links["Diary"].endswith("/diary/index.html") and links["Tags"].endswith("/tags/index.html")
        driver.get(links["Diary"])
        assert "2026" in driver.find_element(By.TAG_NAME, "main").text
    finally:
        driver.quit()


# A site large enough that its index is cut into many shards: every query
# finds exactly what a plain search through the texts finds.
KOREAN = "산책 김치찌개 도서관 첫눈이 눈사람 퇴근길 회의가 운동을 친구와 영어 단어를 일기를 아침 저녁에는 부지런하게".split()
JAPANESE = "週末 祖母 訪ねる 確かめる 天気 出かける 約束 諦める 勘違い 東京 電車 散歩".split()
ENGLISH = ("walk walked walking river morning coffee quiet strong chapter vocabulary evening harbour "
           "bridge window garden kitchen letter market station summer winter yellow").split()


def fold(text):
    return unicodedata.normalize("NFKC", text).lower()


@pytest.fixture(scope="module")
def large_site(tmp_path_factory):
    rng = random.Random(8)
    files = {"site.yml": SITE}
    texts = {}
    for n in range(400):
        words = [rng.choice(KOREAN + ENGLISH) for _ in range(rng.randint(1, 6))]
        words += [rng.choice(JAPANESE) + rng.choice(JAPANESE) for _ in range(rng.randint(0, 2))]
        # Rare words, so that the index needs many shards.
        words += [rng.choice(string.ascii_lowercase) + rng.choice(string.ascii_lowercase) + f"{n}x{k}" for k in range(40)]
        title, body = f"Entry {n}", " ".join(words)
        day = f"20{20 + n % 7}-{1 + n % 12:02d}-{1 + n % 28:02d}"
        files[f"diary/e{n}.md"] = f"---\ntitle: {title}\ndate: {day} {n % 24:02d}:{n % 60:02d}\n---\n{body}\n"
        texts[title] = fold(title + " " + body)
    root = tmp_path_factory.mktemp("large")
    daybook("build", "--content", str(write_site(root, files)), "--output", str(root / "public"), "--today", TODAY)
    return root / "public", texts


def all_results(browser, site, query):
    results = search(browser, site, query)
    more = browser.find_element(By.CSS_SELECTOR, ".search-more")
    while more.is_displayed():
        count = len(results)
        more.click()
        WebDriverWait(browser, 10).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, ".search-results li")) > count
                                         or not more.is_displayed())
        results = browser.find_elements(By.CSS_SELECTOR, ".search-results li")
    return titles(results)


@pytest.mark.parametrize("query", ["산책", "첫눈이", "김치찌개", "祖母", "確か", "walk", "riv", "Harbour"])
def test_a_sharded_index_finds_what_the_texts_hold(large_site, browser, query):
    site, texts = large_site
    assert len(list((site / "search/terms").glob("*.js"))) >= 8
    if re.fullmatch(r"[a-zA-Z]+", query):
        expected = {t for t, text in texts.items() if re.search(r"(?<![a-z0-9])" + fold(query), text)}
    else:
        expected = {t for t, text in texts.items() if fold(query) in text}
    assert 10 < len(expected) < 400
    found = all_results(browser, site, query)
    assert sorted(found) == sorted(expected)
    assert browser.find_element(By.CSS_SELECTOR, ".search-status").text == f"{len(expected)} results"
