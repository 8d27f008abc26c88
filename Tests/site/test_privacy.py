"""The encrypted part (`private: { publish: encrypted }`, docs/privacy.md):
a private entry with unique markers is published as ciphertext only (every
other file is byte for byte what the site publishes without that entry),
Python's `cryptography` reads it back to the exact bytes of its file with
the manual's own script, a rebuild keeps the ciphertext of what did not
change and gives an edited entry a new nonce, the passphrase rules hold,
and in Chromium the right passphrase shows the entry and its photo, a
wrong one nothing, and a changed byte is reported. The entry's photo, with
GPS and camera tags, is sealed as a JPEG without them."""
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from PIL import Image

from conftest import ROOT, TODAY, daybook, serving
from test_accessibility import axe_findings
from test_phone import wait_for_worker
from test_photos import photo, revealing_tags

PASSPHRASE = "the heron waits by the cold river"
# What a stranger must never find: the private entry's title, a word of its body, its date (as ISO and as
# its year-month: no archive of that month exists publicly), its tag and its file name.
TITLE = "Zephyrine midnight letter"
MARKER = "quokkamarker4471"
TAG = "hushtag9923"
DATE = "2019-03-14"
FILE_NAME = "2019-03-14-owlbox"
PRIVATE = f"diary/2019/{FILE_NAME}.md"
# Its photo, beside it: GPS and camera tags, and a description with a marker of its own.
PHOTO, PHOTO_MARKER = f"diary/2019/{FILE_NAME}-photo.jpg", "exifmarker7781"
PRIVATE_TEXT = (f"---\ntitle: {TITLE}\ndate: {DATE} 23:40\ntags: [{TAG}]\nprivate: true\n---\n"
                f"Dear diary, the {MARKER} is under the floor.\r\n\nA second paragraph, 한글도 있다.\n"
                f"\n![An owl at dusk]({FILE_NAME}-photo.jpg)\n")
# A private free page and a private deck, each with markers of its own.
PAGE_TITLE, PAGE_MARKER = "Wombatine recipes", "pagemarker5521"
PRIVATE_PAGE = "pages/secret-pantry.md"
DECK_TITLE, WORD, MEANING = "Narwhalish deck", "glimmerwordq", "반짝임뜻표시"
PRIVATE_DECK = "vocab/hidden-deck.md"
# A private entry of the month today is in, whose calendar page exists publicly (its date is on that page either way).
NOVEMBER, NOVEMBER_TITLE, NOVEMBER_MARKER = "diary/2026/2026-11-18-hush.md", "Quietly kept evening", "novembermarker3306"
# One of today's day two years before: on this day. It links to a public entry: what links here.
ANNIVERSARY, ANNIVERSARY_TITLE = "diary/2024/2024-11-23-tollbell.md", "Bell of two winters"
LINK_SENTENCE = "Snow then, as on the hailstone path"
PRIVATE_FILES = {
    PRIVATE: PRIVATE_TEXT,
    PRIVATE_PAGE: f"---\ntitle: {PAGE_TITLE}\nprivate: true\n---\nThe {PAGE_MARKER} soup.\n",
    NOVEMBER: f"---\ntitle: {NOVEMBER_TITLE}\ndate: 2026-11-18 21:00\nprivate: true\n---\nThe {NOVEMBER_MARKER} stays.\n",
    ANNIVERSARY: f"---\ntitle: {ANNIVERSARY_TITLE}\ndate: 2024-11-23 07:00\nprivate: true\n---\n"
                 "Snow then, as on [the hailstone path](../../2026/2026-11-20/).\n",
    PRIVATE_DECK: f"---\ntitle: {DECK_TITLE}\nlanguage: en\nmeaning_language: ko\nprivate: true\n---\n## 2026-11-18\n- {WORD} :: {MEANING}\n",
}
SECRETS = [TITLE, MARKER, TAG, DATE, "2019-03", FILE_NAME, "owlbox", PHOTO_MARKER, "An owl at dusk", PAGE_TITLE, PAGE_MARKER, "secret-pantry",
           DECK_TITLE, WORD, MEANING, "hidden-deck", NOVEMBER_TITLE, NOVEMBER_MARKER, "hush",
           ANNIVERSARY_TITLE, "tollbell", "2024-11-23", "2024-11", "hailstone"]
FILES = {
    "site.yml": "title: Sealed\nlocale: en\nprivate:\n  publish: encrypted\n",
    "diary/2026/2026-11-20.md": "---\ntitle: Public morning\n---\nA walk by the river.\n",
    "diary/2026/2026-11-21.md": "---\ntitle: Another public day\ntags: [walk]\n---\nRain.\n",
    **PRIVATE_FILES,
}
ENV = {"DAYBOOK_PASSPHRASE": PASSPHRASE}


def write_site(root, files):
    for path, text in files.items():
        (root / "content" / path).parent.mkdir(parents=True, exist_ok=True)
        (root / "content" / path).write_bytes(text.encode())
    if PRIVATE in files:
        photo(root / "content" / PHOTO, (1200, 900))
        subprocess.run(["exiftool", "-q", "-overwrite_original", f"-ImageDescription={PHOTO_MARKER}", str(root / "content" / PHOTO)], check=True)
    return root


def build(root, out="public", env=ENV, check=True):
    return daybook("build", "--content", str(root / "content"), "--output", str(root / out), "--today", TODAY, env=env, check=check)


def published(folder):
    """Every published file by its path, as bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def sealed_files(folder):
    return {path: data for path, data in published(folder).items() if path.startswith("sealed/")}


@pytest.fixture(scope="module")
def sealed_site(tmp_path_factory):
    root = write_site(tmp_path_factory.mktemp("sealed"), FILES)
    build(root)
    return root


def test_nothing_private_reaches_a_file_in_the_clear(sealed_site, tmp_path):
    """Every file but the encrypted part, the unlock page and sw.js (which names the index's digest) is byte for byte
    what the same site publishes when its private entry, page and deck do not exist at all; those differ only in ciphertext."""
    without = write_site(tmp_path, {path: text for path, text in FILES.items() if path not in PRIVATE_FILES})
    build(without)
    mine, theirs = published(sealed_site / "public"), published(without / "public")
    differing = sorted(path for path in set(mine) | set(theirs) if mine.get(path) != theirs.get(path))
    assert [p for p in differing if not p.startswith("sealed/")] == ["sw.js", "unlock/index.html"]
    # The index, the three entries, the page, the deck and the entry's photo.
    assert len([p for p in mine if p.startswith("sealed/")]) == 8 and {"sealed/index.bin", "sealed/search.bin"} <= set(mine)
    for path, data in mine.items():
        name_and_text = path.encode() + b"\n" + data
        for secret in SECRETS:
            assert secret.encode() not in name_and_text, f"{secret!r} in {path}"
    # Sizes are padded to buckets: powers of two from 1 KiB, plus the nonce and the tag.
    for path, data in sealed_files(sealed_site / "public").items():
        size = len(data) - 28
        assert size >= 1024 and size & (size - 1) == 0, (path, len(data))
    assert re.fullmatch(r"sealed/[0-9a-f]{32}\.bin", next(p for p in mine if p.startswith("sealed/") and p != "sealed/index.bin"))
    # The cache keeps hashes and nonces, never the text.
    state = (sealed_site / ".daybook-cache" / "sealed.json").read_text()
    assert all(secret not in state for secret in SECRETS) and PASSPHRASE not in state


def manual_script():
    """The reader script of docs/privacy.md, as the manual shows it."""
    text = (ROOT / "docs" / "privacy.md").read_text()
    return re.search(r"```python\n(.*?)```", text, re.S).group(1)


def test_the_manuals_python_reader_restores_the_exact_file(sealed_site, tmp_path):
    script = tmp_path / "read-private.py"
    script.write_text(manual_script())
    restored = tmp_path / "restored"
    result = subprocess.run([sys.executable, str(script), str(sealed_site / "public"), str(restored)],
                            capture_output=True, text=True, env={**os.environ, **ENV})
    assert result.returncode == 0, result.stderr
    for path, text in PRIVATE_FILES.items():
        assert (restored / path).read_bytes() == text.encode()
    assert sorted(str(p.relative_to(restored)) for p in restored.rglob("*.md")) == sorted(PRIVATE_FILES)
    # The photo as the entry shows it: 960 pixels wide, without the camera's tags or the description.
    photos = sorted(restored.rglob("*.jpg"))
    assert [str(p.relative_to(restored)) for p in photos] == [f"diary/2019/{FILE_NAME}-photo-960.jpg"]
    assert Image.open(photos[0]).size == (960, 720)
    assert revealing_tags([ROOT / "content/diary/2026/2026-11-20-snowman.jpg"]), "exiftool should find the sample's GPS"
    assert revealing_tags(photos) == [] and PHOTO_MARKER.encode() not in photos[0].read_bytes()
    wrong = subprocess.run([sys.executable, str(script), str(sealed_site / "public"), str(tmp_path / "nothing")],
                           capture_output=True, text=True, env={**os.environ, "DAYBOOK_PASSPHRASE": "not the right one at all"})
    assert wrong.returncode != 0 and "InvalidTag" in wrong.stderr
    assert not (tmp_path / "nothing").exists()


def test_a_rebuild_keeps_unchanged_ciphertext_and_an_edit_gets_a_new_nonce(tmp_path):
    root = write_site(tmp_path, {**FILES, "diary/2019/2019-03-15.md": "---\ntitle: Second secret\nprivate: true\n---\nMore.\n"})
    build(root)
    first = sealed_files(root / "public")
    build(root)
    assert sealed_files(root / "public") == first, "a rebuild with nothing changed rewrote an encrypted file"
    (root / "content" / PRIVATE).write_bytes(PRIVATE_TEXT.replace("floor", "stairs").encode())
    build(root)
    second = sealed_files(root / "public")
    assert set(second) == set(first)
    changed = sorted(path for path in first if first[path] != second[path])
    # The edited entry's file and the private search index, which holds its text; not the index (whose plaintext did
    # not change, so it kept its bytes).
    assert len(changed) == 2 and "sealed/search.bin" in changed and "sealed/index.bin" not in changed
    nonces = [data[:12] for data in list(first.values()) + [second[path] for path in changed]]
    assert len(set(nonces)) == len(nonces), "a nonce was used for two plaintexts"


def test_the_passphrase_rules(tmp_path):
    root = write_site(tmp_path, FILES)
    missing = build(root, env={"DAYBOOK_PASSPHRASE": ""}, check=False)
    assert missing.returncode == 1
    assert re.search(r"content/site\.yml:4:\d+: error: private items are published encrypted, but no passphrase was given", missing.stderr)
    assert not (root / "public").exists()
    short = build(root, env={"DAYBOOK_PASSPHRASE": "short pass"}, check=False)
    assert short.returncode == 1 and "the passphrase has 10 characters; at least 12 are needed" in short.stderr
    (root / "content" / "pass.txt").write_text(PASSPHRASE + "\n")
    inside = daybook("build", "--content", str(root / "content"), "--output", str(root / "public"),
                     "--passphrase-file", str(root / "content" / "pass.txt"), check=False, env={"DAYBOOK_PASSPHRASE": ""})
    assert inside.returncode != 0 and "inside the content folder" in inside.stderr
    (root / "content" / "pass.txt").unlink()
    (tmp_path / "pass.txt").write_text(PASSPHRASE + "\n")
    daybook("build", "--content", str(root / "content"), "--output", str(root / "public"), "--today", TODAY,
            "--passphrase-file", str(tmp_path / "pass.txt"), env={"DAYBOOK_PASSPHRASE": ""})
    # The file's passphrase is the environment's: the Python reader opens the site with it.
    assert len(sealed_files(root / "public")) == 8


@pytest.fixture(scope="module")
def served_sealed_site(sealed_site, tmp_path_factory):
    """The site at http://127.0.0.1:PORT/sub/path/, with a copy whose item files each have one byte changed at /changed/."""
    www = tmp_path_factory.mktemp("sealed-www")
    shutil.copytree(sealed_site / "public", www / "sub" / "path")
    shutil.copytree(sealed_site / "public", www / "changed")
    # One byte of each item's file (their names do not say which is the entry's).
    for item in (p for p in (www / "changed" / "sealed").glob("*.bin") if p.name != "index.bin"):
        data = bytearray(item.read_bytes())
        data[100] ^= 1
        item.write_bytes(bytes(data))
    with serving(www) as url:
        yield url


def wait_for(condition, seconds=20):
    end = time.time() + seconds
    while time.time() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    return condition()


def status(browser):
    return browser.execute_script("return document.querySelector('.unlock-status').textContent")


def unlock(browser, url, passphrase):
    browser.get("about:blank")
    browser.get(url + "404.html")
    # A device that never unlocked the site: no key kept.
    browser.execute_async_script("""
        const done = arguments[arguments.length - 1], request = indexedDB.deleteDatabase("daybook-sealed");
        request.onsuccess = request.onerror = request.onblocked = () => done();""")
    browser.get(url + "unlock/index.html")
    assert wait_for(lambda: browser.execute_script("return !document.querySelector('.unlock-form').hidden"))
    field = browser.find_element("id", "passphrase")
    field.send_keys(passphrase)
    browser.find_element("css selector", ".unlock-form button").click()


def unlock_wrongly(browser, url):
    """A wrong passphrase given on a device that never unlocked the site: the page says so."""
    unlock(browser, url, "a wrong passphrase, long enough")
    assert wait_for(lambda: "Wrong passphrase" in status(browser))


def photo_shown(browser):
    """The opened entry's photo, decrypted and decoded: its width as the browser drew it."""
    return browser.execute_script(
        "const i = document.querySelector('.sealed-entry img[data-sealed]'); return i && i.complete && i.naturalWidth")


def visible_text(browser):
    return browser.execute_script("return document.body.innerText")


def test_the_right_passphrase_shows_the_entry_and_a_wrong_one_nothing(browser, served_sealed_site):
    url = served_sealed_site + "sub/path/"
    unlock(browser, url, "a wrong passphrase, long enough")
    assert wait_for(lambda: "Wrong passphrase" in status(browser))
    assert TITLE not in visible_text(browser) and MARKER not in browser.page_source
    assert axe_findings(browser) == [], "the locked unlock page"

    unlock(browser, url, PASSPHRASE)
    assert wait_for(lambda: TITLE in visible_text(browser)), status(browser)
    browser.find_element("link text", TITLE).click()
    assert wait_for(lambda: MARKER in visible_text(browser)), status(browser)
    assert "한글도 있다" in visible_text(browser) and TAG in visible_text(browser)
    assert wait_for(lambda: photo_shown(browser) == 960), status(browser)
    assert axe_findings(browser) == [], "an entry opened on the unlock page"

    # The key stays on the device: the diary's front page lists the entry, linking to it.
    browser.get(url + "diary/index.html")
    assert wait_for(lambda: TITLE in visible_text(browser))
    browser.find_element("link text", TITLE).click()
    assert wait_for(lambda: MARKER in visible_text(browser))

    # The unlock page lists the private page and deck too, and opens them.
    browser.get(url + "unlock/index.html")
    assert wait_for(lambda: DECK_TITLE in visible_text(browser)), status(browser)
    browser.find_element("link text", PAGE_TITLE).click()
    assert wait_for(lambda: PAGE_MARKER in visible_text(browser)), status(browser)
    browser.find_element("link text", DECK_TITLE).click()
    assert wait_for(lambda: WORD in visible_text(browser) and MEANING in visible_text(browser)), status(browser)
    browser.get(url + "diary/index.html")
    assert wait_for(lambda: TITLE in visible_text(browser))
    assert PAGE_TITLE not in visible_text(browser), "the diary lists entries only"

    # Lock: the key is gone; the diary no longer shows the entry.
    browser.get(url + "unlock/index.html")
    assert wait_for(lambda: TITLE in visible_text(browser))
    browser.find_element("css selector", ".lock-button").click()
    assert wait_for(lambda: "Locked" in status(browser) and MARKER not in visible_text(browser))
    browser.get(url + "diary/index.html")
    time.sleep(1)
    assert TITLE not in visible_text(browser)


def test_a_changed_byte_is_reported_and_nothing_of_it_shown(browser, served_sealed_site):
    url = served_sealed_site + "changed/"
    unlock(browser, url, PASSPHRASE)
    assert wait_for(lambda: TITLE in visible_text(browser)), status(browser)
    browser.find_element("link text", TITLE).click()
    assert wait_for(lambda: "was changed" in status(browser)), status(browser)
    assert MARKER not in visible_text(browser)


def test_an_opened_entry_reads_offline_with_the_server_stopped(browser, sealed_site, tmp_path):
    shutil.copytree(sealed_site / "public", tmp_path / "off")
    with serving(tmp_path) as base:
        url = base + "off/"
        unlock(browser, url, PASSPHRASE)
        assert wait_for(lambda: TITLE in visible_text(browser)), status(browser)
        wait_for_worker(browser)
        browser.find_element("link text", TITLE).click()
        assert wait_for(lambda: MARKER in visible_text(browser)), status(browser)
        entry = browser.current_url
        # Every listed item's file is kept once the list has been opened.
        assert wait_for(lambda: browser.execute_async_script("""
            const done = arguments[arguments.length - 1];
            caches.open("daybook-sealed").then((c) => c.keys()).then((keys) => done(keys.length));""") >= 3)
    browser.get("about:blank")
    browser.get(entry)
    assert wait_for(lambda: MARKER in visible_text(browser)), status(browser)
    assert "한글도 있다" in visible_text(browser)
    assert wait_for(lambda: photo_shown(browser) == 960), "the photo offline"


def sealed_marks(browser, day):
    """The titles of the private entries' marks on a day of the calendar shown."""
    return browser.execute_script(
        f"return [...document.querySelectorAll('td[data-day=\"{day}\"] .sealed-mark')].map((m) => m.textContent).join('|')")


def on_this_day(browser):
    """Today's on this day as shown: nothing while its section is hidden."""
    return browser.execute_script(f"""const day = document.querySelector('[data-lookback-day="{TODAY}"]');
        return day && !day.closest(".on-this-day").hidden ? day.innerText : "";""")


def test_unlocked_the_calendars_and_on_this_day_show_the_private_entries_offline_too(browser, sealed_site, tmp_path):
    """The month's page and the home page's month mark the private entry on its day once unlocked, nothing before;
    the mark opens it; the home page's on this day lists today's private entry of two years ago; with the server
    stopped, the pages opened before still show them."""
    shutil.copytree(sealed_site / "public", tmp_path / "cal")
    month = "calendar/2026/11/index.html"
    with serving(tmp_path) as base:
        url = base + "cal/"
        unlock_wrongly(browser, url)
        browser.get(url + month)
        time.sleep(1)
        assert NOVEMBER_TITLE not in visible_text(browser) and sealed_marks(browser, "2026-11-18") == ""
        browser.get(url + "index.html")
        time.sleep(1)
        assert ANNIVERSARY_TITLE not in browser.page_source
        assert on_this_day(browser) == ""
        unlock(browser, url, PASSPHRASE)
        assert wait_for(lambda: NOVEMBER_TITLE in visible_text(browser)), status(browser)
        wait_for_worker(browser)
        for page in [month, "index.html"]:
            browser.get(url + page)
            assert wait_for(lambda: sealed_marks(browser, "2026-11-18") == NOVEMBER_TITLE), page
            # The public entries' marks are where they were, and no other day has a private one.
            assert "Public morning" in visible_text(browser)
            assert browser.execute_script("return document.querySelectorAll('.sealed-mark').length") == 1
        browser.get(url + "index.html")
        assert wait_for(lambda: ANNIVERSARY_TITLE in on_this_day(browser)), status(browser)
        assert "2 years ago" in on_this_day(browser) and NOVEMBER_TITLE not in on_this_day(browser)
        browser.get(url + month)
        assert wait_for(lambda: sealed_marks(browser, "2026-11-18") == NOVEMBER_TITLE)
        browser.find_element("link text", NOVEMBER_TITLE).click()
        assert wait_for(lambda: NOVEMBER_MARKER in visible_text(browser)), status(browser)
    for page in [month, "index.html"]:
        browser.get("about:blank")
        browser.get(url + page)
        assert wait_for(lambda: sealed_marks(browser, "2026-11-18") == NOVEMBER_TITLE), f"{page} offline"
    assert wait_for(lambda: ANNIVERSARY_TITLE in on_this_day(browser)), "on this day offline"


def search_results(browser, query):
    """The search page's results for a query typed into it, once they have settled: each one's text."""
    field = browser.find_element("id", "q")
    field.clear()
    field.send_keys(query)
    time.sleep(0.5)
    assert wait_for(lambda: browser.execute_script("return document.querySelector('.search-results').dataset.query") == query)
    return browser.execute_script("return [...document.querySelectorAll('.search-results li')].map((li) => li.innerText)")


def test_unlocked_search_finds_the_private_items_offline_too(browser, sealed_site, tmp_path):
    """Search finds a word only a private entry holds once unlocked, with the server stopped too, and the result opens
    it; a private deck's word and a private page are found; before unlocking, with a wrong passphrase and after Lock,
    nothing private is found, while public entries are found throughout."""
    shutil.copytree(sealed_site / "public", tmp_path / "find")
    search = "search/index.html"
    with serving(tmp_path) as base:
        url = base + "find/"
        unlock_wrongly(browser, url)
        browser.get(url + search)
        time.sleep(1)
        assert search_results(browser, MARKER) == [] and search_results(browser, TITLE.split()[0]) == []
        assert any("Public morning" in r for r in search_results(browser, "river"))

        unlock(browser, url, PASSPHRASE)
        assert wait_for(lambda: TITLE in visible_text(browser)), status(browser)
        wait_for_worker(browser)
        browser.get(url + search)
        assert wait_for(lambda: any(TITLE in r for r in search_results(browser, MARKER)))
        # Found by a word of its title as by its text, with the public results for a word both have.
        assert any(TITLE in r for r in search_results(browser, "zephyr"))
        assert any(WORD in r and DECK_TITLE in r for r in search_results(browser, WORD))
        assert any(PAGE_TITLE in r for r in search_results(browser, PAGE_MARKER))
        assert any("Public morning" in r for r in search_results(browser, "river"))
        # The year filter offers a year only private entries have.
        assert "2019" in browser.execute_script("return [...document.querySelector('select[name=year]').options].map((o) => o.value)")
        search_results(browser, MARKER)
        browser.find_element("link text", TITLE).click()
        assert wait_for(lambda: MARKER in visible_text(browser)), status(browser)
        browser.get(url + search)
        assert wait_for(lambda: any(TITLE in r for r in search_results(browser, MARKER)))

    # Offline: the page, the index and the private one as the phone kept them.
    browser.get("about:blank")
    browser.get(url + search)
    assert wait_for(lambda: any(TITLE in r for r in search_results(browser, MARKER))), "offline"
    assert any("Public morning" in r for r in search_results(browser, "river")), "offline"

    # Lock (on the unlock page, kept offline): search finds nothing private again.
    browser.get(url + "unlock/index.html")
    assert wait_for(lambda: TITLE in visible_text(browser))
    browser.find_element("css selector", ".lock-button").click()
    assert wait_for(lambda: "Locked" in status(browser))
    browser.get(url + search)
    time.sleep(1)
    assert search_results(browser, MARKER) == [] and search_results(browser, WORD) == []
    assert any("Public morning" in r for r in search_results(browser, "river"))


def heat_day(browser, day):
    """A day of the year's heatmap: its shade (0–4), its label, and its month's count."""
    return browser.execute_script(f"""const cell = document.querySelector('.heatmap td[data-day="{day}"]');
        return [Number(/\\bl(\\d)\\b/.exec(cell.className)[1]), cell.title, cell.closest(".heat-month").querySelector(".count").textContent];""")


def figures(browser):
    """The year in review's figures as shown: label → value."""
    return browser.execute_script("""return Object.fromEntries([...document.querySelectorAll('.figures li')].map((li) =>
        [li.querySelector('.figure-label').textContent, li.querySelector('.figure-value').textContent]));""")


def test_unlocked_the_year_heatmap_and_the_year_in_review_count_the_private_entries(browser, sealed_site, tmp_path):
    """The calendar's year shades the private entry's day, names it and counts it in its month once unlocked; the year
    in review counts it and its words; with a wrong passphrase and after Lock they show the public counts only."""
    shutil.copytree(sealed_site / "public", tmp_path / "year")
    year, review = "calendar/2026/index.html", "year/2026/index.html"
    with serving(tmp_path) as base:
        url = base + "year/"
        unlock_wrongly(browser, url)
        browser.get(url + year)
        time.sleep(1)
        level, label, november = heat_day(browser, "2026-11-18")
        assert level == 0 and NOVEMBER_TITLE not in label and NOVEMBER_TITLE not in browser.page_source
        assert heat_day(browser, "2026-11-20")[0] == 1 and "Public morning" in heat_day(browser, "2026-11-20")[1]
        browser.get(url + review)
        time.sleep(1)
        public = figures(browser)
        assert public["Entries"] == "2", public

        unlock(browser, url, PASSPHRASE)
        assert wait_for(lambda: NOVEMBER_TITLE in visible_text(browser)), status(browser)
        browser.get(url + year)
        assert wait_for(lambda: heat_day(browser, "2026-11-18")[0] == 1)
        assert heat_day(browser, "2026-11-18")[1].endswith(": " + NOVEMBER_TITLE)
        assert int(heat_day(browser, "2026-11-18")[2]) == int(november) + 1
        # The other days are as they were.
        assert heat_day(browser, "2026-11-20")[0] == 1 and NOVEMBER_TITLE not in heat_day(browser, "2026-11-20")[1]
        browser.get(url + review)
        assert wait_for(lambda: figures(browser)["Entries"] == "3")
        # "The novembermarker3306 stays.": three words more.
        assert int(figures(browser)["Words written"]) == int(public["Words written"]) + 3

        browser.get(url + "unlock/index.html")
        assert wait_for(lambda: NOVEMBER_TITLE in visible_text(browser))
        browser.find_element("css selector", ".lock-button").click()
        assert wait_for(lambda: "Locked" in status(browser))
        browser.get(url + year)
        time.sleep(1)
        assert heat_day(browser, "2026-11-18") == [0, label, november]
        browser.get(url + review)
        time.sleep(1)
        assert figures(browser) == public


def linked_from(browser):
    """What links here as shown: each linker's text."""
    return browser.execute_script("return [...document.querySelectorAll('.linked-from li')].map((li) => li.innerText)")


def test_unlocked_what_links_here_lists_the_private_entry_that_links_to_a_public_one(browser, sealed_site, tmp_path):
    """A public entry that a private one links to lists it under what links here, with the sentence around the link,
    once unlocked, and the link opens it; with a wrong passphrase and after Lock, the page lists nothing."""
    shutil.copytree(sealed_site / "public", tmp_path / "links")
    linked = "diary/2026/2026-11-20/index.html"
    with serving(tmp_path) as base:
        url = base + "links/"
        unlock_wrongly(browser, url)
        browser.get(url + linked)
        time.sleep(1)
        assert linked_from(browser) == [] and ANNIVERSARY_TITLE not in browser.page_source

        unlock(browser, url, PASSPHRASE)
        assert wait_for(lambda: ANNIVERSARY_TITLE in visible_text(browser)), status(browser)
        browser.get(url + linked)
        assert wait_for(lambda: linked_from(browser) != [])
        [shown] = linked_from(browser)
        assert ANNIVERSARY_TITLE in shown and LINK_SENTENCE in shown and "2024-11-23" in shown
        assert "Linked from" in visible_text(browser)
        assert axe_findings(browser) == [], "what links here, unlocked"
        browser.find_element("link text", ANNIVERSARY_TITLE).click()
        assert wait_for(lambda: "hailstone path" in visible_text(browser)), status(browser)
        # A public entry no private one links to lists nothing.
        browser.get(url + "diary/2026/2026-11-21/index.html")
        time.sleep(1)
        assert linked_from(browser) == []

        browser.get(url + "unlock/index.html")
        assert wait_for(lambda: ANNIVERSARY_TITLE in visible_text(browser))
        browser.find_element("css selector", ".lock-button").click()
        assert wait_for(lambda: "Locked" in status(browser))
        browser.get(url + linked)
        time.sleep(1)
        assert linked_from(browser) == [] and ANNIVERSARY_TITLE not in browser.page_source
