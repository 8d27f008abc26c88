"""Home in one tap (issue 40, docs/phone.md): a 390 px phone records the day, one
tap on *Send home* puts the inbox file where the computer syncs
`content/inbox/` (here: the download folder is that folder), a `daybook
publish --watch` running in the test merges it, builds, and publishes with
its configured command (rsync, to a folder served on 127.0.0.1), and the
phone, reloaded, shows the merged state and has dropped its sent records by
itself. The actions between "the day's records are on the phone" and "they
are on the published site" are counted: one on the phone, none at the
computer. A publish command that fails, hangs past its timeout or prints
escape sequences is reported and retried, and nothing is lost."""
import json
import re
import subprocess
import threading
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import DAYBOOK
from test_phone import Server, events, open_page, start_phone

DAY = "2026-12-08"  # a Tuesday: the phone's day and the build's (--today)

SITE = {
    "site.yml": """title: Pocket
locale: en
timezone: Asia/Seoul
workouts:
  split: [Push, Pull, Legs]
  start: 2026-12-01
publish:
  command: "rsync -a --delete public/ {www}/daybook/"
  timeout: 60
""",
    "vocab/toeic.md": "---\ntitle: TOEIC\n---\n## 2026-12-01\n- abandon :: 버리다\n- candid :: 솔직한\n",
    "routines.yml": "- id: wake\n  name: Wake at 6:30\n  days: daily\n  minutes: 10\n- id: stretch\n  name: Stretching\n  days: daily\n",
    "routines/log.md": "# Routine log\n",
}


class Watch:
    """`daybook publish --watch` in a site folder, its output lines collected as they come."""

    def __init__(self, site, *args):
        self.process = subprocess.Popen([DAYBOOK, "publish", "--watch", "--today", DAY, *args], cwd=site,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
        self.lines = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def rounds(self):
        """The one-line outcome of each round: a time, then what happened."""
        return [line for line in self.lines if re.match(r"^\d\d:\d\d:\d\d ", line)]

    def wait_rounds(self, n, timeout=60):
        deadline = time.time() + timeout
        while len(self.rounds()) < n:
            assert self.process.poll() is None, "\n".join(self.lines)
            assert time.time() < deadline, "\n".join(self.lines)
            time.sleep(0.1)
        return self.rounds()[n - 1]

    def stop(self):
        self.process.terminate()
        self.process.wait(10)


def make_site(tmp_path, command=None, timeout=None):
    site, www = tmp_path / "site", tmp_path / "www"
    (www / "daybook").mkdir(parents=True)
    for path, text in SITE.items():
        file = site / "content" / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text.replace("{www}", str(www)))
    if command:
        yml = site / "content/site.yml"
        yml.write_text(re.sub(r'command: ".*"', f'command: "{command}"', yml.read_text()).replace("timeout: 60", f"timeout: {timeout}"))
    return site, www


@pytest.fixture
def home(tmp_path):
    site, www = make_site(tmp_path)
    server = Server(www)
    watch = Watch(site)
    yield site, www, server, watch
    watch.stop()
    server.stop()


def published_ids(www):
    """The event ids the published site says are merged; none while the file is missing or half copied."""
    try:
        merged = json.loads((www / "daybook/inbox-merged.json").read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return set()
    return {f"{device}-{n}" for device, ranges in merged["devices"].items() for low, high in ranges for n in range(low, high + 1)}


def routine_row(phone, routine):
    return phone.find_element(By.CSS_SELECTOR, f'[data-routine="{routine}"]')


def test_one_tap_on_the_phone_brings_the_day_to_the_published_site(home):
    site, www, server, watch = home
    assert "published by rsync" in watch.wait_rounds(1)
    assert (www / "daybook/index.html").exists()

    # The phone: the download folder stands for the folder a sync app fills, content/inbox/.
    phone = start_phone(site / "content/inbox", DAY)
    try:
        open_page(phone, server.url)
        routine_row(phone, "wake").find_element(By.CSS_SELECTOR, '[data-timer="done"]').click()
        split = phone.find_element(By.ID, "workout-split").get_attribute("value")
        assert split == "Pull"  # 2026-12-08 is day 8 of a daily Push, Pull, Legs from 2026-12-01
        phone.find_element(By.ID, "workout-sets").send_keys("Bench press: 60kg x 8, 8, 6")
        phone.find_element(By.CSS_SELECTOR, '.workout-form [type="submit"]').click()
        # Done means done: what was recorded, and an Undo.
        assert "✓" in routine_row(phone, "wake").find_element(By.CLASS_NAME, "done-note").text
        done = phone.find_element(By.CLASS_NAME, "workout-done")
        assert split in done.text and "Bench press: 60kg x 8, 8, 6" in done.text
        # Recording the same routine again asks first; declined, nothing more is recorded.
        again = routine_row(phone, "wake").find_element(By.CSS_SELECTOR, '[data-timer="done"]')
        assert again.text == "Again"
        again.click()
        alert = WebDriverWait(phone, 5).until(lambda d: d.switch_to.alert)
        assert "Wake at 6:30" in alert.text
        alert.dismiss()
        # A routine recorded by mistake and undone before it left the phone leaves nothing.
        routine_row(phone, "stretch").find_element(By.CSS_SELECTOR, '[data-timer="done"]').click()
        routine_row(phone, "stretch").find_element(By.CSS_SELECTOR, ".done-note .undo").click()
        assert not routine_row(phone, "stretch").find_elements(By.CLASS_NAME, "done-note")
        recorded = events(phone)
        assert [event["type"] for event in recorded] == ["routine", "workout"]

        # The day's records are on the phone. From here every action is counted.
        actions = {"phone": 0, "computer": 0}
        phone.find_element(By.CSS_SELECTOR, '[data-inbox="send"]').click()  # no share sheet in headless Chromium: the download
        actions["phone"] += 1
        # Nothing is done at the computer: the watcher merges, builds and publishes.
        ids = {event["id"] for event in recorded}
        deadline = time.time() + 60
        while not ids <= published_ids(www):
            assert time.time() < deadline, "\n".join(watch.lines)
            time.sleep(0.2)
        assert actions == {"phone": 1, "computer": 0}
        line = watch.wait_rounds(2)
        assert "merged 2 events from 1 inbox file" in line and "published by rsync" in line, watch.lines
        log = (site / "content/routines/log.md").read_text()
        assert f"- {DAY}: wake" in log and "stretch" not in log
        assert "- Bench press: 60kg x 8, 8, 6" in (site / f"content/workouts/2026/{DAY}.md").read_text()
        assert not list((site / "content/inbox").glob("*.jsonl"))

        # The phone, reloaded, drops what it sees merged by itself, and still shows the day done.
        open_page(phone, server.url)
        WebDriverWait(phone, 10).until(lambda d: events(d) == [])
        seen = phone.find_element(By.CLASS_NAME, "inbox-seen")
        WebDriverWait(phone, 5).until(lambda d: seen.is_displayed() and "2 cleared" in seen.text)
        assert "Nothing waits" in phone.find_element(By.CLASS_NAME, "inbox-count").text
        assert routine_row(phone, "wake").find_elements(By.CLASS_NAME, "done-note")
        # The published pages hold the merged day.
        open_page(phone, server.url + f"workouts/2026/{DAY}/")
        assert "Bench press" in phone.find_element(By.TAG_NAME, "main").text

        # Undo after the merge: the undo goes home the same way, and the pair leaves no line.
        open_page(phone, server.url)
        routine_row(phone, "wake").find_element(By.CSS_SELECTOR, ".done-note .undo").click()
        [undo] = events(phone)
        assert undo["type"] == "undo" and undo["of"] in ids
        assert not routine_row(phone, "wake").find_elements(By.CLASS_NAME, "done-note")
        phone.find_element(By.CSS_SELECTOR, '[data-inbox="send"]').click()
        deadline = time.time() + 60
        while undo["id"] not in published_ids(www):
            assert time.time() < deadline, "\n".join(watch.lines)
            time.sleep(0.2)
        assert "wake" not in (site / "content/routines/log.md").read_text()
        open_page(phone, server.url)
        WebDriverWait(phone, 10).until(lambda d: events(d) == [])
    finally:
        phone.quit()


FLAKY = """import pathlib, shutil, sys, time
count = pathlib.Path("rounds.txt")
n = int(count.read_text()) + 1 if count.exists() else 1
count.write_text(str(n))
if n == 1:
    print("\\x1b]0;owned title\\x07\\x1b[2J\\x1b[31mremote says no\\x1b[0m", flush=True)
    sys.exit(3)
if n == 2:
    print("hanging", flush=True)
    time.sleep(120)
shutil.copytree("public", sys.argv[1], dirs_exist_ok=True)
print("copied")
"""


def drop_inbox(site, name, event_id):
    line = json.dumps({"v": 1, "id": event_id, "at": f"{DAY}T07:00:00+09:00", "type": "routine", "routine": "wake"})
    (site / "content/inbox" / name).write_text(line + "\n")


def test_a_failing_hanging_or_noisy_publish_command_is_reported_and_retried_and_nothing_is_lost(tmp_path):
    site, www = make_site(tmp_path, command=f"python3 flaky.py {tmp_path / 'www/daybook'}", timeout=3)
    (site / "flaky.py").write_text(FLAKY)
    (site / "content/inbox").mkdir()
    drop_inbox(site, "one.jsonl", "aaaaaa-1")
    watch = Watch(site)
    try:
        first = watch.wait_rounds(1)
        assert "merged 1 event from 1 inbox file" in first
        assert "publish failed: python3 exited with status 3; tried again on the next change" in first
        # Its output is shown, without the escape sequences that would retitle or clear the terminal.
        assert "  | remote says no" in watch.lines
        assert not any("\x1b" in line or "\x07" in line for line in watch.lines)
        # Merged all the same: the record is in the files; nothing is published yet.
        assert "wake" in (site / "content/routines/log.md").read_text()
        assert not (www / "daybook/index.html").exists()

        # The next change (the merge's own writes, or a new file) tries again: the command hangs and is stopped.
        drop_inbox(site, "two.jsonl", "aaaaaa-2")
        second = watch.wait_rounds(2)
        assert "publish failed: python3 ran past publish.timeout (3 s) and was stopped; tried again on the next change" in second
        assert not (www / "daybook/index.html").exists()

        # And again: now it publishes, and every record that came home is on the site.
        drop_inbox(site, "three.jsonl", "aaaaaa-3")
        deadline = time.time() + 60
        while published_ids(www) != {"aaaaaa-1", "aaaaaa-2", "aaaaaa-3"} \
                or not watch.rounds()[-1].endswith(" s") or "published by python3" not in watch.rounds()[-1]:
            assert time.time() < deadline, "\n".join(watch.lines)
            time.sleep(0.2)
        assert not list((site / "content/inbox").glob("*.jsonl"))
        assert (site / "rounds.txt").read_text() in {"3", "4"}
        # The hung command was stopped with everything it started.
        assert subprocess.run(["pgrep", "-f", "flaky.py"], capture_output=True).stdout == b""
    finally:
        watch.stop()


def test_publish_once_fails_with_status_1_when_the_build_fails_and_runs_no_command(tmp_path):
    site, www = make_site(tmp_path)
    (site / "content/routines.yml").write_text("- id: wake\n  nme: typo\n")
    result = subprocess.run([DAYBOOK, "publish", "--today", DAY], cwd=site, capture_output=True, text=True)
    assert result.returncode == 1
    assert "build failed" in result.stdout and "nothing published" in result.stdout
    assert not (www / "daybook/index.html").exists()
    assert not (site / "public").exists()
