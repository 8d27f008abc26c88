"""`daybook serve` as a person uses it beside their editor: a save reloads the
open page by a push, a failed rebuild shows its errors over the page, and the
pages record into the content's inbox (the flip-card test's results into
reviews.md) — but nothing else can."""
import http.client
import json
import shutil
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

from conftest import DAYBOOK, ROOT, TODAY
from test_vocab import css, take_test


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            return urllib.request.urlopen(url, timeout=2).read().decode()
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"{url} never answered")


def until(condition, timeout=60, what="the page"):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            value = condition()
        except StaleElementReferenceException:  # the live reload replaced the page meanwhile
            value = None
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"{what} never changed as expected")


class Served:
    def __init__(self, site, port, process):
        self.site, self.port, self.process = site, port, process
        self.base = f"http://127.0.0.1:{port}/"


@pytest.fixture
def served(tmp_path):
    """A copy of the sample content served by `daybook serve` on a free port."""
    shutil.copytree(ROOT / "content", tmp_path / "content")
    port = free_port()
    process = subprocess.Popen([DAYBOOK, "serve", "--port", str(port), "--today", TODAY], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(f"http://127.0.0.1:{port}/")
        yield Served(tmp_path, port, process)
    finally:
        process.terminate()
        process.wait(timeout=10)


def build_number(browser):
    return browser.execute_script("return window.daybookServe && window.daybookServe.build")


def test_a_save_reloads_the_open_page_by_a_push_and_only_serve_adds_the_script(served, browser):
    page = "diary/2026/2026-11-21/"
    assert "daybookServe" in wait_for(served.base + page)
    assert "daybookServe" not in (served.site / "public" / page / "index.html").read_text()
    browser.get(served.base + page)
    # The page listens for server-sent events; it does not poll.
    assert "setInterval" not in browser.page_source
    entry = served.site / "content/diary/2026/2026-11-21.md"
    entry.write_text(entry.read_text().replace("# A bright Saturday", "# A brighter Saturday"))
    until(lambda: css(browser, "h1").text == "A brighter Saturday")
    assert build_number(browser) == 2


def test_a_reload_hears_its_style_sheet_still_holds_until_a_rebuild_changes_it(served):
    """Pages are made afresh for every request; style sheets, scripts and images carry a validator,
    so a reloading page asks and hears "not modified" instead of getting the bytes again."""
    page = urllib.request.urlopen(served.base + "diary/2026/2026-11-21/")
    assert page.headers["Cache-Control"] == "no-store"
    url = served.base + "assets/style.css"
    first = urllib.request.urlopen(url)
    tag, body = first.headers["ETag"], first.read()
    assert tag and first.headers["Cache-Control"] == "no-cache"

    def asked_again():
        try:
            return urllib.request.urlopen(urllib.request.Request(url, headers={"If-None-Match": tag}))
        except urllib.error.HTTPError as answer:
            return answer
    assert asked_again().code == 304
    # A theme's own style sheet replaces the file: the reload gets the new bytes.
    override = served.site / "themes/default/assets/style.css"
    override.parent.mkdir(parents=True)
    override.write_bytes(body + b"\n/* edited */\n")
    # (themes/ was not there to watch when serve started: a save in the content rebuilds.)
    entry = served.site / "content/diary/2026/2026-11-21.md"
    entry.write_text(entry.read_text() + "\nA line.\n")
    until(lambda: asked_again().code == 200, what="the new style sheet")
    assert asked_again().read().endswith(b"/* edited */\n")


def test_a_failed_rebuild_shows_every_error_over_the_page_until_it_is_fixed(served, browser):
    page = served.base + "diary/2026/2026-11-21/"
    browser.get(page)
    diary = served.site / "content/diary/2026"
    (diary / "2026-11-24.md").write_text("---\nweather: <b>snwo</b>\n---\nx\n")
    (diary / "2026-11-25.md").write_text("---\nweather: snwo\n---\ny\n")
    overlay = until(lambda: browser.find_elements(By.ID, "daybook-errors"), what="the error overlay")[0]
    lines = [e.text for e in overlay.find_elements(By.CSS_SELECTOR, ".daybook-error-line")]
    assert lines == ["content/diary/2026/2026-11-24.md:2:10: unknown weather '<b>snwo</b>'",
                     "content/diary/2026/2026-11-25.md:2:10: unknown weather 'snwo'"]
    # The message is shown as text, never as markup.
    assert not overlay.find_elements(By.TAG_NAME, "b")
    hints = [e.text for e in overlay.find_elements(By.CSS_SELECTOR, ".daybook-error-hint")]
    assert hints[1] == "hint: did you mean 'snow'?"
    # The last good pages are still served, and a page opened now shows the errors too.
    assert "A bright Saturday" in wait_for(page)
    browser.get(served.base)
    until(lambda: browser.find_elements(By.ID, "daybook-errors"), what="the error overlay of a new page")
    # The terminal says it too.
    (diary / "2026-11-24.md").write_text("---\nweather: snow\n---\nx\n")
    (diary / "2026-11-25.md").unlink()
    until(lambda: build_number(browser) >= 2 and not browser.find_elements(By.ID, "daybook-errors"),
          what="the fixed page")
    served.process.terminate()
    _, errors = served.process.communicate(timeout=10)
    assert "content/diary/2026/2026-11-24.md:2:10: error: unknown weather '<b>snwo</b>'" in errors


def test_test_results_save_into_reviews_md_and_the_word_comes_back_today(served, browser):
    reviews = served.site / "content/vocab/reviews.md"
    before = reviews.read_text()
    cards = served.base + "vocab/today/cards/index.html"
    assert take_test(browser, cards, {"meticulous"}) == "## 2026-11-23\n- jlpt-n3:\n- toeic: meticulous"
    save = css(browser, '[data-action="save"]')
    assert save.is_displayed() and save.text == "reviews.md에 저장"
    save.click()
    until(lambda: build_number(browser) == 2, what="the reload after saving")
    # The reloaded page still says it was saved.
    until(lambda: "저장했습니다" in css(browser, ".copy-status").text, what="the saved note after the reload")
    assert reviews.read_text() == before + "\n## 2026-11-23\n- jlpt-n3:\n- toeic: meticulous\n"
    browser.get(served.base + "vocab/today/")
    today_book = css(browser, '.today-session:has(a[href$="toeic/2026-11-23/index.html"])')
    assert css(today_book, "li.missed .word-text").text == "meticulous"
    # Saving again adds nothing twice.
    browser.get(cards + "#test")
    css(browser, '[data-action="save"]').click()
    until(lambda: "저장했습니다" in css(browser, ".copy-status").text, what="the saved status")
    assert reviews.read_text() == before + "\n## 2026-11-23\n- jlpt-n3:\n- toeic: meticulous\n"


def test_the_copy_flow_stays_from_disk(browser, sample_site):
    take_test(browser, (sample_site / "vocab/today/cards/index.html").as_uri(), {"meticulous"})
    assert not css(browser, '[data-action="save"]').is_displayed()
    assert css(browser, '[data-action="copy"]').is_displayed()


def post(served, body, path="/__daybook/inbox", token=None, origin=None, host=None, headers=None):
    """Sends a request like a page would, with any part of it forged; returns (status, reply)."""
    if token is None:
        token = urllib.request.urlopen(served.base).read().decode().split('token:"')[1].split('"')[0]
    sent = {"Host": f"127.0.0.1:{served.port}" if host is None else host,
            "Origin": f"http://127.0.0.1:{served.port}" if origin is None else origin,
            "X-Daybook-Token": token, "Content-Type": "application/x-ndjson"}
    sent.update(headers or {})
    sent = {k: v for k, v in sent.items() if v != ""}
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    connection.request("POST", path, body=data, headers=sent)
    response = connection.getresponse()
    return response.status, response.read().decode()


def snapshot(folder: Path):
    return {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def missed(word="meticulous", deck="toeic", at=f"{TODAY}T21:00:00+09:00", id="g-1"):
    """One test answer as the page sends it to the inbox."""
    return (json.dumps({"v": 1, "id": id, "at": at, "type": "test", "deck": deck, "word": word, "result": "missed"}) + "\n").encode()


GOOD = missed()


@pytest.mark.parametrize("forgery", [
    dict(token=""), dict(token="0" * 64), dict(origin="http://evil.example"), dict(origin=""),
    dict(host="evil.example"), dict(headers={"Content-Type": "text/plain"}),
    dict(path="/__daybook/inbox/../../content/site.yml"), dict(path="/__daybook/inbox%2F..%2Fsite.yml"),
    dict(path="/__daybook/reviews"),
    dict(body=missed(deck="../site", word="x")),
    dict(body=missed(deck="toeic/../../site")),
    dict(body=missed(word="meticulos")),
    dict(body=missed(word="meticulous\n## 2026-11-01\n- toeic: x")),
    dict(body=missed(at="2026-11-26T21:00:00+09:00")),
    dict(body=missed(at="2026-11-31T21:00:00+09:00")),
    dict(body=missed(at="2000-01-01T21:00:00+09:00")),
    dict(body=b"not json"),
    dict(body=GOOD + b'{"v":1,"id":"g-2","at":"' + TODAY.encode() + b'T21:00:00+09:00","type":"test","deck":"toeic","word":"' + b"x" * 2_000_000 + b'","result":"missed"}\n'),
])
def test_forged_or_invalid_saves_are_refused_and_write_nothing(served, forgery):
    before = snapshot(served.site / "content")
    status, reply = post(served, forgery.pop("body", GOOD), **forgery)
    assert 400 <= status < 500, reply
    assert snapshot(served.site / "content") == before


def test_a_huge_or_unsized_body_is_refused_unread(served):
    before = snapshot(served.site / "content")
    page = urllib.request.urlopen(served.base).read().decode()
    token = page.split('token:"')[1].split('"')[0]
    for framing in ("Content-Length: 1000000000", "Transfer-Encoding: chunked"):
        with socket.create_connection(("127.0.0.1", served.port), timeout=10) as s:
            s.sendall((f"POST /__daybook/inbox HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n"
                       f"Origin: http://127.0.0.1:{served.port}\r\nX-Daybook-Token: {token}\r\n"
                       f"Content-Type: application/x-ndjson\r\n{framing}\r\n\r\n").encode())
            status = s.recv(200).decode().split(" ")[1]
            assert status in ("411", "413")
    assert snapshot(served.site / "content") == before


def test_a_valid_save_from_the_pages_origin_is_accepted(served):
    status, reply = post(served, GOOD, host=f"localhost:{served.port}", origin=f"http://localhost:{served.port}")
    assert status == 200, reply
    assert (served.site / "content/vocab/reviews.md").read_text().endswith("\n## 2026-11-23\n- toeic: meticulous\n")


def status_for(served, path, host):
    """The status line's code of a GET sent with this Host header (None: no Host header at all)."""
    with socket.create_connection(("127.0.0.1", served.port), timeout=10) as s:
        head = f"GET {path} HTTP/1.1\r\n" + (f"Host: {host}\r\n" if host is not None else "") + "Connection: close\r\n\r\n"
        s.sendall(head.encode())
        return int(s.recv(200).decode().split(" ")[1])


@pytest.mark.parametrize("path", ["/", "/diary/2026/2026-11-21/", "/assets/style.css", "/__daybook/events", "/missing"])
def test_every_request_must_name_the_preview_in_host(served, path):
    """A DNS-rebinding page sends its own name as Host: it reads nothing, not even the event stream or a 404."""
    port = served.port
    for host in ("evil.example", f"evil.example:{port}", f"127.0.0.1:{port + 1}", f"127.0.0.2:{port}",
                 f"localhost.evil.example:{port}", f"127.0.0.1:{port}.evil.example", "127.0.0.1", None):
        assert status_for(served, path, host) == 421, host
    expected = 404 if path == "/missing" else 200
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LocalHost:{port}", f"[::1]:{port}"):
        assert status_for(served, path, host) == expected, host


def test_a_link_planted_in_the_output_folder_leads_nowhere(served):
    secret = served.site / "secret.txt"
    secret.write_text("the secret\n")
    public = served.site / "public"
    (public / "leak.txt").symlink_to(secret)
    (public / "out").symlink_to(served.site)
    (public / "style-link.css").symlink_to(public / "assets/style.css")
    for path in ("leak.txt", "out/secret.txt", "out/", "out/content/site.yml"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(served.base + path)
        assert refused.value.code == 404
        assert "the secret" not in refused.value.read().decode()
    # A link that stays inside the folder is served.
    assert urllib.request.urlopen(served.base + "style-link.css").read() == (public / "assets/style.css").read_bytes()


@pytest.mark.parametrize("ending", ["\r\n", "\r"])
def test_a_save_keeps_the_files_line_endings_mark_and_missing_final_newline(served, ending):
    reviews = served.site / "content/vocab/reviews.md"
    text = reviews.read_text().rstrip("\n").replace("\n", ending)
    reviews.write_bytes("\ufeff".encode() + text.encode())
    status, reply = post(served, GOOD)
    assert status == 200, reply
    expected = text + ending + ending + "## 2026-11-23" + ending + "- toeic: meticulous"
    assert reviews.read_bytes() == "\ufeff".encode() + expected.encode()


def test_a_save_waits_for_an_editor_between_truncating_and_writing(served):
    """The issue's case: the save came while the editor's file was empty; the history must not become one line."""
    reviews = served.site / "content/vocab/reviews.md"
    edited = reviews.read_text() + "\n<!-- edited -->\n"
    page = urllib.request.urlopen(served.base).read().decode()
    token = page.split('token:"')[1].split('"')[0]
    answers = []
    with open(reviews, "w") as editor:  # truncated
        saving = threading.Thread(target=lambda: answers.append(post(served, GOOD, token=token)))
        saving.start()
        time.sleep(0.01)
        editor.write(edited)
    saving.join()
    # Merged into the editor's text, or refused (the page keeps the answer to send again): never lost over it.
    if answers[0][0] == 200:
        assert reviews.read_text() == edited + "\n## 2026-11-23\n- toeic: meticulous\n"
    else:
        assert answers[0][0] == 422 and "changed while the inbox was merged" in answers[0][1], answers
        assert reviews.read_text() == edited


def test_a_save_into_a_file_that_keeps_changing_is_refused_and_writes_nothing(served):
    reviews = served.site / "content/vocab/reviews.md"
    history = reviews.read_text()
    page = urllib.request.urlopen(served.base).read().decode()
    token = page.split('token:"')[1].split('"')[0]
    stop = threading.Event()
    written = []

    def editor():  # saves by rename every few milliseconds, as an editor's autosave gone wild
        n = 0
        while not stop.is_set():
            n += 1
            text = history + f"<!-- autosave {n} -->\n"
            (served.site / "content/vocab/.reviews.md.swp").write_text(text)
            (served.site / "content/vocab/.reviews.md.swp").replace(reviews)
            written.append(text)
            time.sleep(0.005)
    saving = threading.Thread(target=editor)
    saving.start()
    try:
        status, reply = post(served, GOOD, token=token)
    finally:
        stop.set()
        saving.join()
    assert status == 422, reply
    assert "changed while the inbox was merged; it was not written" in reply
    # What to do: the records were never in content/inbox, so 'daybook inbox' would find nothing.
    assert "send again from the page, where the records still wait" in reply and "daybook inbox" not in reply
    assert reviews.read_text() == written[-1]
    assert not [p.name for p in reviews.parent.iterdir() if "daybook" in p.name]


def test_a_taken_port_is_named_with_a_free_one_suggested(tmp_path):
    shutil.copytree(ROOT / "content", tmp_path / "content")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([DAYBOOK, "serve", "--port", str(port), "--today", TODAY], cwd=tmp_path,
                                capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert "Serving" not in result.stdout
    assert f"port {port} is taken" in result.stderr
    suggested = int(result.stderr.split("--port ")[1].split()[0])
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", suggested))  # the suggestion is free


INBOX = (json.dumps({"v": 1, "id": "s-1", "at": f"{TODAY}T21:00:00+09:00", "type": "test", "deck": "toeic",
                     "word": "meticulous", "result": "missed"}) + "\n"
         + json.dumps({"v": 1, "id": "s-2", "at": f"{TODAY}T22:31:00+09:00", "type": "routine", "routine": "stretch"}) + "\n").encode()


def test_the_pages_events_merge_through_the_inbox_once_and_forgeries_write_nothing(served):
    ndjson = {"Content-Type": "application/x-ndjson"}
    before = snapshot(served.site / "content")
    for forgery in (dict(token="0" * 64), dict(origin="http://evil.example"), dict(host="evil.example"),
                    dict(body=INBOX.replace(b"meticulous", b"meticulos")), dict(body=b"not json\n")):
        status, reply = post(served, forgery.pop("body", INBOX), path="/__daybook/inbox", headers=ndjson, **forgery)
        assert 400 <= status < 500, reply
    assert snapshot(served.site / "content") == before
    status, reply = post(served, INBOX, path="/__daybook/inbox", headers=ndjson)
    assert status == 200, reply
    assert json.loads(reply)["merged"] == "2"
    assert (served.site / "content/vocab/reviews.md").read_text().endswith(f"\n## {TODAY}\n- toeic: meticulous\n")
    assert f"- {TODAY}: wake, stretch\n" in (served.site / "content/routines/log.md").read_text()
    merged = snapshot(served.site / "content")
    # Sent again (a page that did not hear the answer): nothing changes.
    status, reply = post(served, INBOX, path="/__daybook/inbox", headers=ndjson)
    assert status == 200 and json.loads(reply)["merged"] == "0"
    assert snapshot(served.site / "content") == merged


def test_an_inbox_file_that_appears_is_merged_and_moved(served):
    inbox = served.site / "content/inbox"
    inbox.mkdir()
    (inbox / "phone.jsonl").write_bytes(INBOX)
    until(lambda: (inbox / "merged/phone.jsonl").exists(), what="the merged inbox file")
    assert not (inbox / "phone.jsonl").exists()
    assert (served.site / "content/vocab/reviews.md").read_text().endswith(f"\n## {TODAY}\n- toeic: meticulous\n")


def test_the_served_page_records_into_the_inbox_and_serve_merges_it(served, browser):
    """In Chromium, the home page served by `daybook serve`: a routine timed on
    the page, a workout and an entry go through POST /__daybook/inbox into the
    content — recorded in content/inbox/merged/, merged into routines/log.md,
    the day's workout file and a new diary file — and leave the page's inbox."""
    log = served.site / "content/routines/log.md"
    browser.get(served.base)
    routine = until(lambda: browser.find_elements(By.CSS_SELECTOR, '.routine-timers [data-routine="stretch"]'), what="the routine timers")[0]
    routine.find_element(By.CSS_SELECTOR, '[data-timer="start"]').click()
    # Twelve minutes pass on the page's clock (kept over the reloads the rebuilds bring).
    browser.execute_script("window.__shift += 12 * 60000; sessionStorage.setItem('__shift', window.__shift)")
    routine.find_element(By.CSS_SELECTOR, '[data-timer="done"]').click()
    until(lambda: f"stretch 12 min" in log.read_text(), what="routines/log.md")
    assert [line for line in log.read_text().splitlines() if line.startswith(f"- {TODAY}:")] == [f"- {TODAY}: wake, stretch 12 min"]
    until(lambda: build_number(browser) and build_number(browser) >= 2, what="the reload after the merge")

    def fill(selector, text):
        field = until(lambda: browser.find_elements(By.CSS_SELECTOR, selector), what=selector)[0]
        field.clear()
        field.send_keys(text)
    fill("#entry-text", "서버로 바로 간 일기.")
    browser.find_element(By.CSS_SELECTOR, '.entry-form [type="submit"]').click()
    entries = lambda: [p for p in (served.site / "content/diary").rglob("*.md") if "서버로 바로 간 일기." in p.read_text()]
    assert until(entries, what="the new diary entry")[0].name.startswith(TODAY)
    until(lambda: build_number(browser) >= 3, what="the reload after the entry")
    fill('.workout-form [name="sets"]', "Squat: 100kg x 5 x 3")
    browser.find_element(By.CSS_SELECTOR, '.workout-form [type="submit"]').click()
    workouts = lambda: [p for p in (served.site / "content/workouts").rglob(f"{TODAY}*.md") if "Squat: 100kg x 5 x 3" in p.read_text()]
    until(workouts, what="the day's workout file")

    # What the page sent is recorded as an inbox file of serve's, once, and nothing waits on the page.
    recorded = [json.loads(line) for line in (served.site / f"content/inbox/merged/serve-{TODAY}.jsonl").read_text().splitlines()]
    assert [event["type"] for event in recorded] == ["routine", "entry", "workout"]
    assert recorded[0]["routine"] == "stretch" and recorded[0]["minutes"] == 12
    assert len({event["id"] for event in recorded}) == 3
    until(lambda: browser.execute_script("return window.DaybookInbox.events().length") == 0, what="the page's inbox emptied")
    assert not [p for p in (served.site / "content/inbox").iterdir() if p.is_file()]
