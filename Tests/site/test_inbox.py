"""`daybook inbox` with the real binary on a copy of the sample site: what a
phone recorded merges into the plain files, twice without change, in either
order with a second phone's file; hostile inbox files are refused or written
safely; a build never writes content/ and publishes nothing of the inbox."""
import json
import os
import shutil

from conftest import daybook, ROOT, TODAY


def event(id, time, **fields):
    return json.dumps({"v": 1, "id": id, "at": f"{TODAY}T{time}+09:00", **fields}, ensure_ascii=False)


PHONE_A = "\n".join([
    event("a-1", "21:02:11", type="test", deck="toeic", word="candid", result="missed"),
    event("a-2", "21:02:15", type="test", deck="toeic", word="abandon", result="passed"),
    event("a-3", "22:31:00", type="routine", routine="stretch", minutes=12),
    event("a-4", "18:40:00", type="workout", split="Legs", sets=["Squat: 100kg x 5 x 3"]),
    event("a-5", "22:10:00", type="entry", title="눈", text="첫눈이 왔다."),
]) + "\n"

PHONE_B = "\n".join([
    event("b-1", "20:00:00", type="test", deck="toeic", word="abandon", result="missed"),
    event("b-2", "20:01:00", type="test", deck="jlpt-n3", word="諦める", result="passed"),
    event("b-3", "19:00:00", type="workout", sets=["Lunge: 20kg x 10 x 2"]),
    event("b-4", "23:00:00", type="entry", text="밤 산책.", private=True),
]) + "\n"


def site_copy(tmp_path, name="site"):
    site = tmp_path / name
    shutil.copytree(ROOT / "content", site / "content")
    return site


def files_of(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*")
            if p.is_file() and "inbox" not in p.relative_to(folder).parts}


def drop(site, name, text):
    inbox = site / "content/inbox"
    inbox.mkdir(exist_ok=True)
    (inbox / name).write_text(text, encoding="utf-8")


def merge(site, *args, check=True):
    return daybook("inbox", "--today", TODAY, *args, cwd=site, check=check)


def test_build_warns_while_inbox_files_wait_writes_no_content_and_publishes_no_inbox(tmp_path):
    site = site_copy(tmp_path)
    drop(site, "phone.jsonl", PHONE_A)
    before = files_of(site / "content")
    built = daybook("build", "--today", TODAY, cwd=site)
    assert "content/inbox:1:1: warning: 1 inbox file is waiting to be merged" in built.stderr
    assert "daybook inbox" in built.stderr
    assert "not part of a Daybook site" not in built.stderr
    assert files_of(site / "content") == before
    assert (site / "content/inbox/phone.jsonl").read_text(encoding="utf-8") == PHONE_A
    assert not any("inbox" in p.relative_to(site / "public").parts for p in (site / "public").rglob("*"))
    assert not any("첫눈이 왔다" in p.read_text(errors="ignore") for p in (site / "public").rglob("*") if p.is_file())


def test_dry_run_shows_the_lines_and_writes_nothing(tmp_path):
    site = site_copy(tmp_path)
    drop(site, "phone.jsonl", PHONE_A)
    before = files_of(site / "content")
    dry = merge(site, "--dry-run")
    assert "Dry run: would merge 5 events from 1 inbox file; nothing was written." in dry.stdout
    assert "  + - toeic: candid" in dry.stdout
    assert f"  - - {TODAY}: wake\n  + - {TODAY}: wake, stretch 12 min" in dry.stdout
    assert files_of(site / "content") == before
    assert (site / "content/inbox/phone.jsonl").exists()


def test_merge_twice_and_two_phones_in_either_order_give_the_same_files(tmp_path):
    sites = {name: site_copy(tmp_path, name) for name in ("ab", "ba", "together")}
    drop(sites["ab"], "a.jsonl", PHONE_A)
    first = merge(sites["ab"])
    assert "Merged 5 events from 1 inbox file, moved to content/inbox/merged/." in first.stdout
    assert not (sites["ab"] / "content/inbox/a.jsonl").exists()
    assert (sites["ab"] / "content/inbox/merged/a.jsonl").read_text(encoding="utf-8") == PHONE_A
    once = files_of(sites["ab"] / "content")
    # The same file again (a copy the sync brought back): nothing changes.
    drop(sites["ab"], "a.jsonl", PHONE_A)
    again = merge(sites["ab"])
    assert "0 events" in again.stdout and "5 merged before" in again.stdout
    assert files_of(sites["ab"] / "content") == once
    drop(sites["ab"], "b.jsonl", PHONE_B)
    merge(sites["ab"])

    drop(sites["ba"], "b.jsonl", PHONE_B)
    merge(sites["ba"])
    drop(sites["ba"], "a.jsonl", PHONE_A)
    merge(sites["ba"])

    drop(sites["together"], "a.jsonl", PHONE_A)
    drop(sites["together"], "b.jsonl", PHONE_B)
    merge(sites["together"])

    ab, ba, together = (files_of(sites[name] / "content") for name in ("ab", "ba", "together"))
    assert ab == ba == together
    reviews = ab["vocab/reviews.md"].decode()
    assert reviews.endswith(f"## {TODAY}\n- jlpt-n3:\n- toeic: abandon, candid\n")
    assert ab["workouts/2026/2026-11-23.md"].decode() == (
        "---\ndate: 2026-11-23\nsplit: \"Legs\"\n---\n- Squat: 100kg x 5 x 3\n- Lunge: 20kg x 10 x 2\n")
    # The merged site builds, with the public entry and without the private one.
    daybook("build", "--today", TODAY, cwd=sites["ab"])
    assert "첫눈이 왔다." in (sites["ab"] / "public/diary/2026/2026-11-23-2210/index.html").read_text()
    assert not (sites["ab"] / "public/diary/2026/2026-11-23-2300").exists()
    assert not any("밤 산책" in p.read_text(errors="ignore") for p in (sites["ab"] / "public").rglob("*") if p.is_file())


def test_hostile_inbox_files_are_refused_at_their_lines_and_nothing_is_written(tmp_path):
    site = site_copy(tmp_path)
    huge = event("h", "10:00:00", type="entry", text="가" * 30000)
    lines = [
        event("1", "10:00:00", type="test", deck="toeic", word="candid", result="missed"),
        event("2", "10:00:00", type="unknown"),
        huge,
        event("4", "10:00:00", type="test", deck="toeic", word="諦める", result="missed"),
        json.dumps({"v": 1, "id": "5", "at": "2031-01-01T10:00:00+09:00", "type": "routine", "routine": "wake"}),
        event("6", "10:00:00", type="routine", routine="wkae"),
        event("7", "10:00:00", type="test", deck="toeic\u001b]0;pwned\u0007", word="candid", result="missed"),
        "{\"v\":1",
    ]
    drop(site, "bad.jsonl", "\n".join(lines) + "\n")
    before = files_of(site / "content")
    refused = merge(site, check=False)
    assert refused.returncode == 1
    errors = [line for line in refused.stderr.splitlines() if ": error: " in line]
    assert [line.split(":")[1] for line in errors] == ["2", "3", "4", "5", "6", "7", "8"], refused.stderr
    assert all(line.startswith("content/inbox/bad.jsonl:") for line in errors)
    assert "it is a word of deck 'jlpt-n3'" in refused.stderr
    assert "did you mean 'wake'?" in refused.stderr
    assert "\u001b" not in refused.stderr and "\u0007" not in refused.stderr
    assert "nothing was written" in refused.stderr
    assert files_of(site / "content") == before
    assert (site / "content/inbox/bad.jsonl").exists()


def test_an_entry_cannot_make_itself_public_or_write_front_matter(tmp_path):
    site = site_copy(tmp_path)
    text = "---\nprivate: false\n---\n+++\nprivate = false\n+++\nsecret words"
    drop(site, "e.jsonl", event("e", "21:00:00", type="entry", title="\" private: false", text=text, private=True) + "\n")
    merge(site)
    written = (site / "content/diary/2026/2026-11-23-2100.md").read_text(encoding="utf-8")
    assert written.startswith("---\ntitle: \"\\\" private: false\"\ndate: 2026-11-23 21:00\nprivate: true\n---\n---\n")
    daybook("build", "--today", TODAY, cwd=site)
    assert not any("secret words" in p.read_text(errors="ignore") for p in (site / "public").rglob("*") if p.is_file())
    built = daybook("build", "--today", TODAY, "--include-private", "--output", "private", cwd=site)
    assert built.returncode == 0
    assert "secret words" in (site / "private/diary/2026/2026-11-23-2100/index.html").read_text()


def test_a_link_that_leads_out_of_content_is_never_written_through(tmp_path):
    site = site_copy(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (site / "content/inbox").mkdir()
    os.symlink(outside, site / "content/inbox/merged")
    drop(site, "a.jsonl", PHONE_A)
    refused = merge(site, check=False)
    assert refused.returncode == 1
    assert list(outside.iterdir()) == []
    assert (site / "content/inbox/a.jsonl").exists()
