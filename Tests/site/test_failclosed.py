"""Fail closed on the command line: an output folder that would destroy
the user's files, a mistyped content folder, links out of content/, stale
staging folders, unwritable outputs. Every hostile fixture is made here."""
import os
import shutil
import subprocess

import pytest

from conftest import daybook, DAYBOOK, ROOT, TODAY


def tree(folder):
    """Every file below `folder` with its bytes, links as their targets."""
    result = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        if path.is_symlink():
            result[key] = ("link", os.readlink(path))
        elif path.is_file():
            result[key] = path.read_bytes()
        else:
            result[key] = "folder"
    return result


@pytest.fixture
def site(tmp_path):
    shutil.copytree(ROOT / "content", tmp_path / "content")
    (tmp_path / "notes.txt").write_text("my notes\n")
    return tmp_path


@pytest.mark.parametrize("output, reason", [
    ("content", "it is the content folder"),
    (".", "it contains the content folder"),
    ("content/diary", "it is inside the content folder"),
    ("content/../content/", "it is the content folder"),
    ("notes.txt", "it is a file"),
    ("..", "it contains the content folder"),
    ("themes", "it is the themes folder"),
])
def test_an_output_that_would_destroy_files_is_a_usage_error_touching_nothing(site, output, reason):
    (site / "themes/default").mkdir(parents=True)
    (site / "themes/default/keep.txt").write_text("theme file\n")
    before = tree(site)
    result = daybook("build", "--today", TODAY, "--output", output, cwd=site, check=False)
    assert result.returncode == 2, result.stderr
    assert reason in result.stderr and "nothing was written" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert tree(site) == before


def test_an_output_reached_through_a_link_is_checked_where_it_leads(site):
    (site / "out").symlink_to(site / "content")
    before = tree(site)
    result = daybook("build", "--today", TODAY, "--output", "out", cwd=site, check=False)
    assert result.returncode == 2
    assert tree(site) == before


def test_a_mistyped_content_folder_is_an_error_and_keeps_the_last_site(site):
    daybook("build", "--today", TODAY, cwd=site)
    before = tree(site / "public")
    for command in (["build", "--today", TODAY], ["check"]):
        result = daybook(*command, "--content", "contnet", cwd=site, check=False)
        assert result.returncode == 2
        assert "no content folder 'contnet'" in result.stderr and "did you mean 'content'?" in result.stderr
    assert tree(site / "public") == before


def test_a_negative_seed_is_explained(site):
    result = daybook("build", "--today", TODAY, "--seed", "-1", cwd=site, check=False)
    assert result.returncode == 2
    assert "Missing value" not in result.stderr
    assert "whole number from 0" in result.stderr


def test_staging_folders_of_dead_builds_are_removed(site):
    # A pid no process has: Linux pids stay below 2^22.
    dead = site / ".public.building-4999999"
    dead.mkdir()
    (dead / "half.html").write_text("half")
    (site / ".public.old-4999998").mkdir()
    alive = site / f".public.building-{os.getpid()}"
    alive.mkdir()
    daybook("build", "--today", TODAY, cwd=site)
    leftovers = sorted(p.name for p in site.iterdir() if p.name.startswith(".public"))
    assert leftovers == [alive.name]


def test_an_unwritable_output_is_one_human_line(site):
    result = daybook("build", "--today", TODAY, "--output", "notes.txt/public", cwd=site, check=False)
    assert result.returncode == 1
    assert "NSCocoaErrorDomain" not in result.stderr and "Code=" not in result.stderr
    # A slow-parse note may come first on a loaded machine; the error itself is one line.
    errors = [line for line in result.stderr.splitlines() if ": note: " not in line]
    assert len(errors) == 1 and "notes.txt" in errors[0]
    if os.geteuid() != 0:  # root writes anywhere
        locked = site / "locked"
        locked.mkdir()
        locked.chmod(0o555)
        result = daybook("build", "--today", TODAY, "--output", "locked/public", cwd=site, check=False)
        locked.chmod(0o755)
        assert result.returncode == 1
        assert "Permission denied" in result.stderr and "NSCocoaErrorDomain" not in result.stderr


def test_a_link_out_of_content_is_an_error_and_publishes_nothing(site, tmp_path):
    secret = tmp_path / "outside.txt"
    secret.write_text("root:x:0:0:SECRET-PASSWD\n")
    (site / "content/pages").mkdir(exist_ok=True)
    (site / "content/pages/passwd.txt").symlink_to(secret)
    result = daybook("build", "--today", TODAY, cwd=site, check=False)
    assert result.returncode == 1
    assert "content/pages/passwd.txt:1:1: error: symbolic link leads outside content/" in result.stderr
    assert not (site / "public").exists()


def test_links_to_a_private_entry_are_errors_naming_both_files(site):
    """A .txt that is a symbolic or hard link to a private entry, or a photo
    hard-linked to a private entry's file, would publish it byte for byte."""
    daybook("build", "--today", TODAY, cwd=site)
    before = tree(site / "public")
    secret = site / "content/diary/2026/2026-11-19-secret.md"
    marker = secret.read_text().split("---")[-1].strip().splitlines()[0]
    (site / "content/pages/notes.txt").symlink_to("../diary/2026/2026-11-19-secret.md")
    os.link(secret, site / "content/pages/copy.txt")
    (site / "content/diary/2026/2026-11-20").mkdir(exist_ok=True)
    os.link(site / "content/diary/2026/2026-11-19-secret-cat.jpg", site / "content/diary/2026/2026-11-20/photo.jpg")
    result = daybook("build", "--today", TODAY, cwd=site, check=False)
    assert result.returncode == 1
    for link in ("content/pages/notes.txt", "content/pages/copy.txt", "content/diary/2026/2026-11-20/photo.jpg"):
        assert f"{link}:1:1: error: '{link}' is " in result.stderr
    assert result.stderr.count("'content/diary/2026/2026-11-19-secret.md'") == 2
    assert "'content/diary/2026/2026-11-19-secret-cat.jpg'" in result.stderr
    assert result.stderr.count("hint: ") >= 3
    assert tree(site / "public") == before
    assert not any(marker.encode() in data for data in before.values() if isinstance(data, bytes))


def test_a_theme_path_is_an_error_at_its_line(site):
    (site / "content/site.yml").write_text((site / "content/site.yml").read_text() + "theme: ../outside\n")
    line = len((site / "content/site.yml").read_text().splitlines())
    result = daybook("build", "--today", TODAY, cwd=site, check=False)
    assert result.returncode == 1
    assert f"content/site.yml:{line}:8: error: theme must be the name of a folder in themes/" in result.stderr


def test_control_characters_leave_every_xml_output_parseable(site):
    import xml.etree.ElementTree as ElementTree
    import icalendar

    (site / "content/diary/2026/2026-11-22.md").write_text(
        "---\ntitle: \"Bell\x07 and escape\x1b[0m\"\ntags: [ctl\x01tag]\n---\nBody\x0b with\x00 controls\n")
    result = daybook("build", "--today", TODAY, cwd=site)
    assert "control character U+0007 removed" in result.stderr
    public = site / "public"
    for name in ("feed.xml", "sitemap.xml"):
        ElementTree.parse(public / name)  # raises on a character XML 1.0 forbids
    icalendar.Calendar.from_ical((public / "calendar.ics").read_bytes())
    page = (public / "diary/2026/2026-11-22/index.html").read_text()
    assert "Bell and escape[0m" in page
    assert not any(ord(c) < 0x20 and c not in "\t\n\r" for c in page)


def test_a_folder_daybook_did_not_write_is_kept_even_with_force(site):
    docs = site / "thesis"
    (docs / "chapters").mkdir(parents=True)
    (docs / "chapters/one.tex").write_text("my thesis\n")
    before = tree(site)
    for command in ("build", "serve"):
        for force in ([], ["--force"]):
            # serve would run until stopped if it accepted the folder.
            result = subprocess.run([DAYBOOK, command, "--today", TODAY, "--output", "thesis", *force], cwd=site,
                                    capture_output=True, text=True, timeout=20)
            assert result.returncode == 2, result.stderr
            assert "refusing to replace 'thesis'" in result.stderr and "even with --force" in result.stderr
            assert len(result.stderr.strip().splitlines()) == 1
            assert tree(site) == before


def test_a_gh_pages_checkout_as_public_keeps_its_repository(site):
    """Publishing by committing public/ to a gh-pages branch: each build
    replaces the site but not .git, so git sees just what changed."""
    daybook("build", "--today", TODAY, cwd=site)
    public = site / "public"
    git = ["git", "-C", str(public), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run(git + ["init", "-q", "-b", "gh-pages"], check=True)
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-qm", "site"], check=True)
    daybook("build", "--today", TODAY, cwd=site)
    status = subprocess.run(git + ["status", "--porcelain"], capture_output=True, text=True, check=True).stdout
    assert status == ""  # same content, same bytes: nothing to commit
    (site / "content/diary/2026/2026-11-23.md").write_text("---\ndate: 2026-11-23\n---\nA new day\n")
    daybook("build", "--today", TODAY, cwd=site)
    status = subprocess.run(git + ["status", "--porcelain"], capture_output=True, text=True, check=True).stdout
    assert "?? diary/2026/2026-11-23/" in status
    log = subprocess.run(git + ["log", "--oneline"], capture_output=True, text=True, check=True).stdout
    assert log.strip().endswith("site")
    # The marker is published with the site, but no page, feed or sitemap names it.
    assert (public / ".daybook-output").read_text().startswith("Written by Daybook")
    for name in ("sitemap.xml", "feed.xml", "search/index.js"):
        assert ".daybook-output" not in (public / name).read_text()


def test_a_site_built_before_the_marker_is_replaced(site):
    daybook("build", "--today", TODAY, cwd=site)
    (site / "public/.daybook-output").unlink()
    (site / "public/stale.html").write_text("old page")
    daybook("build", "--today", TODAY, cwd=site)
    assert not (site / "public/stale.html").exists()
    assert (site / "public/.daybook-output").exists()


def test_an_unknown_theme_is_reported_at_its_line(site):
    text = (site / "content/site.yml").read_text() + "theme:  nosuch\n"
    (site / "content/site.yml").write_text(text)
    result = daybook("build", "--today", TODAY, cwd=site, check=False)
    assert result.returncode == 1
    assert f"content/site.yml:{len(text.splitlines())}:9: error: theme 'nosuch' not found in themes/" in result.stderr
    assert "themes/nosuch:1:1" not in result.stderr
