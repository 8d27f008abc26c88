"""Every write to content/ is crash-safe and ordered by one lock (issue 39).

A large `daybook inbox` merge and a large import are killed with SIGKILL at
50 points spread over every write they make (DAYBOOK_CRASH_AT_WRITE=N makes
the process kill itself just before its Nth write to content/; the points
are tried in 5 parts, test cases that run side by side), then run again as
a person would; the tree must be byte for byte the tree of a run
that was never interrupted, with no hidden file left and no journal. A second
writer waits for the lock and then names who holds it."""
import fcntl
import json
import os
import re
import shutil
import signal
import subprocess
import threading
import time

import pytest

from conftest import DAYBOOK, ROOT, TODAY, daybook

POINTS = 50
PARTS = 5


def tree(site):
    """Every file and folder below the site's content/ (hidden ones too), with its bytes."""
    content = site / "content"
    return {p.relative_to(content).as_posix(): (p.read_bytes() if p.is_file() else None) for p in sorted(content.rglob("*"))}


def run(site, *args, crash_at=None):
    env = dict(os.environ)
    if crash_at is not None:
        env["DAYBOOK_CRASH_AT_WRITE"] = str(crash_at)
    return subprocess.run([DAYBOOK, *args], cwd=site, capture_output=True, text=True, env=env)


def writes_of(result):
    counts = re.findall(r"DAYBOOK_CRASH_AT_WRITE: (\d+) writes", result.stderr)
    assert counts, result.stderr
    return int(counts[-1])


def killed_anywhere_gives_the_uninterrupted_tree(tmp_path, prepare, command, part):
    """Runs `command` once uninterrupted, then killed at every PARTS-th of POINTS spread writes, from the
    `part`-th on, and run again: the same tree each time."""
    pristine = tmp_path / "pristine"
    shutil.copytree(ROOT / "content", pristine / "content")
    prepare(pristine)

    reference = tmp_path / "reference"
    shutil.copytree(pristine, reference)
    counted = run(reference, *command, crash_at=10**9)
    assert counted.returncode == 0, counted.stderr
    total = writes_of(counted)
    expected = tree(reference)
    assert total >= 3 * POINTS, f"only {total} writes: too small a change to kill at {POINTS} points"
    assert not [p for p in expected if "daybook-" in p], "a completed run leaves no hidden file"

    points = sorted({1 + round(i * (total - 1) / (POINTS - 1)) for i in range(POINTS)})
    assert len(points) == POINTS
    for number, point in list(enumerate(points))[part::PARTS]:
        site = tmp_path / f"killed-{point}"
        shutil.copytree(pristine, site)
        killed = run(site, *command, crash_at=point)
        assert killed.returncode == -signal.SIGKILL, f"write {point} of {total}: not killed ({killed.returncode})\n{killed.stderr}"
        if number == POINTS // 2:
            # Half a change is never built: the build names the command and how to finish it.
            refused = run(site, "build", "--today", TODAY)
            journal = site / ".daybook-cache/content.journal"
            if journal.exists():
                assert refused.returncode == 1 and "was interrupted" in refused.stderr, refused.stderr
                assert not (site / "public").exists()
        again = run(site, *command)
        assert again.returncode == 0, f"write {point} of {total}:\n{again.stderr}"
        assert tree(site) == expected, f"killed at write {point} of {total}: " + ", ".join(
            sorted(set(tree(site)) ^ set(expected)) or [p for p in expected if tree(site).get(p) != expected[p]])
        assert not (site / ".daybook-cache/content.journal").exists()
        shutil.rmtree(site)


def event(id, at, **fields):
    return json.dumps({"v": 1, "id": id, "at": at, **fields}, ensure_ascii=False)


def large_inbox(site):
    """400 events: 300 entries over a week, tests, routines and workouts."""
    lines = []
    for n in range(400):
        day = 17 + n % 7
        at = f"2026-11-{day:02d}T{8 + n % 12:02d}:{n % 60:02d}:00+09:00"
        kind = n % 8
        if kind == 0:
            lines.append(event(f"p-{n}", at, type="test", deck="toeic", word="candid", result="missed" if n % 16 else "passed"))
        elif kind == 1:
            lines.append(event(f"p-{n}", at, type="routine", routine="stretch", minutes=5 + n % 10))
        elif kind == 2 and n % 3 == 0:
            lines.append(event(f"p-{n}", at, type="workout", split="Legs", sets=[f"Squat: {60 + n % 40}kg x 5 x 3"]))
        else:
            lines.append(event(f"p-{n}", at, type="entry", title=f"Note {n}", text=f"Entry number {n}.", private=n % 5 == 0))
    inbox = site / "content/inbox"
    inbox.mkdir(exist_ok=True)
    (inbox / "phone.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize("part", range(PARTS))
def test_a_large_merge_killed_at_any_write_gives_the_files_of_an_uninterrupted_merge(tmp_path, part):
    killed_anywhere_gives_the_uninterrupted_tree(tmp_path, large_inbox, ["inbox", "--today", TODAY], part)


def hevy_export(site):
    """200 sessions of three sets each."""
    rows = ['"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes",'
            '"set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"']
    for n in range(200):
        day, month = 1 + n % 28, 1 + n // 28
        start = f"{day:02d} {['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug'][month - 1]} 2024, 18:{n % 60:02d}"
        for index in range(3):
            rows.append(f'"Session {n}","{start}","{start}","","Squat (Barbell)",,"",{index},"normal",{60 + index * 10},5,,,')
    (site / "hevy.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")


@pytest.mark.parametrize("part", range(PARTS))
def test_a_large_import_killed_at_any_write_gives_the_files_of_an_uninterrupted_import(tmp_path, part):
    killed_anywhere_gives_the_uninterrupted_tree(tmp_path, hevy_export, ["import", "hevy", "hevy.csv"], part)


def hold_lock(site, seconds, holder="pid 1: a test holding the lock"):
    """Holds the content folder's lock as another Daybook would, for `seconds`, in a thread."""
    folder = site / ".daybook-cache"
    folder.mkdir(exist_ok=True)
    lock = open(folder / "content.lock", "a+")
    fcntl.flock(lock, fcntl.LOCK_EX)
    lock.truncate(0)
    lock.write(holder + "\n")
    lock.flush()

    def release():
        time.sleep(seconds)
        fcntl.flock(lock, fcntl.LOCK_UN)
        lock.close()
    thread = threading.Thread(target=release)
    thread.start()
    return thread


def test_a_second_writer_waits_for_the_lock_then_merges(tmp_path):
    site = tmp_path / "site"
    shutil.copytree(ROOT / "content", site / "content")
    large_inbox(site)
    holder = hold_lock(site, 1.0)
    merged = daybook("inbox", "--today", TODAY, cwd=site)
    holder.join()
    assert "Merged 400 events" in merged.stdout


def test_a_second_writer_says_who_holds_the_lock_and_writes_nothing(tmp_path):
    site = tmp_path / "site"
    shutil.copytree(ROOT / "content", site / "content")
    large_inbox(site)
    before = tree(site)
    holder = hold_lock(site, 8.0)
    # Both at once, while the lock is held longer than either waits.
    waiting = [subprocess.Popen([DAYBOOK, *args], cwd=site, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for args in (["inbox", "--today", TODAY], ["new", "workout", "--date", TODAY])]
    results = [(process.wait(), process.stderr.read()) for process in waiting]
    holder.join()
    for code, stderr in results:
        assert code == 1
        assert "is being changed by another run of Daybook (pid 1: a test holding the lock)" in stderr, stderr
    assert tree(site) == before


def test_init_killed_at_every_write_gives_the_uninterrupted_site(tmp_path):
    """`daybook init` writes its files as one journaled change: killed before any of its writes and run
    again, it makes exactly the site an uninterrupted run makes (and says so, exit 0)."""
    def site_tree(site):
        return {p.relative_to(site).as_posix(): (p.read_bytes() if p.is_file() else None) for p in sorted(site.rglob("*"))}

    def init(name, crash_at=None):
        env = dict(os.environ, TZ="UTC")
        if crash_at is not None:
            env["DAYBOOK_CRASH_AT_WRITE"] = str(crash_at)
        return subprocess.run([DAYBOOK, "init", name, "--locale", "en"], cwd=tmp_path, capture_output=True, text=True, env=env)

    counted = init("reference", crash_at=10**9)
    assert counted.returncode == 0, counted.stderr
    total = writes_of(counted)
    expected = site_tree(tmp_path / "reference")
    assert "content/site.yml" in expected and ".gitignore" in expected
    assert not [p for p in expected if "daybook-staged" in p or p.endswith((".lock", ".journal"))], expected.keys()
    assert total >= 6, f"only {total} writes"
    for point in range(1, total + 1):
        killed = init(f"killed-{point}", crash_at=point)
        assert killed.returncode == -signal.SIGKILL, f"write {point} of {total}: not killed ({killed.returncode})\n{killed.stderr}"
        again = init(f"killed-{point}")
        assert again.returncode == 0, f"write {point} of {total}:\n{again.stderr}"
        assert "Made a new site" in again.stdout
        assert site_tree(tmp_path / f"killed-{point}") == expected, f"killed at write {point} of {total}"
    # Once made, it is a site: init again refuses and changes nothing.
    refused = init("reference")
    assert refused.returncode != 0 and "already exists" in refused.stderr
    assert site_tree(tmp_path / "reference") == expected
