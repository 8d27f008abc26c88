"""Importing from other apps as a person does it: import, build, import again."""
import datetime
import os
import pty
import subprocess
import zipfile

from conftest import daybook, DAYBOOK, ROOT, TODAY

SAMPLES = ROOT / "Tests/Samples"


def new_site(tmp_path):
    daybook("init", str(tmp_path / "site"))
    return tmp_path / "site"


def files_of(folder):
    return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_jrnl_journal_imports_builds_and_a_second_import_writes_nothing(tmp_path):
    site = new_site(tmp_path)
    journal = str(SAMPLES / "jrnl/journal.txt")
    first = daybook("import", "jrnl", journal, cwd=site)
    assert "Imported 4 entries into 4 files." in first.stdout
    daybook("build", "--today", TODAY, cwd=site)
    month = (site / "public/diary/2024/03/index.html").read_text()
    assert "Rain on the window." in month and "Evening walk by the river." in month
    walk = (site / "public/diary/2024/2024-03-02-2/index.html").read_text()
    assert "The air smelled of spring!" in walk
    assert (site / "public/tags/writing/index.html").exists()
    before = files_of(site / "content")
    again = daybook("import", "jrnl", journal, cwd=site)
    assert again.returncode == 0
    assert "Nothing new to import: all 4 entries already imported." in again.stdout
    assert files_of(site / "content") == before


def test_jrnl_other_time_format_needs_timeformat_and_dry_run_writes_nothing(tmp_path):
    site = new_site(tmp_path)
    journal = str(SAMPLES / "jrnl/journal-custom.txt")
    refused = daybook("import", "jrnl", journal, cwd=site, check=False)
    assert refused.returncode == 1
    assert "journal-custom.txt:1:1: error: not a jrnl journal" in refused.stderr
    assert "--timeformat" in refused.stderr
    before = files_of(site / "content")
    dry = daybook("import", "jrnl", journal, "--timeformat", "%d/%m/%Y %H:%M", "--dry-run", cwd=site)
    assert "Would import 1 entry into content/diary/2023/2023-12-31.md." in dry.stdout
    assert files_of(site / "content") == before


def test_day_one_zip_imports_with_its_photo_and_a_second_import_writes_nothing(tmp_path):
    site = new_site(tmp_path)
    export = tmp_path / "Day One export.zip"
    with zipfile.ZipFile(export, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted((SAMPLES / "dayone").rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(SAMPLES / "dayone").as_posix())
    first = daybook("import", "dayone", str(export), cwd=site)
    assert "Imported 3 entries into 3 files." in first.stdout
    assert "fields left out:" in first.stderr and "location.latitude" in first.stderr
    photo = site / "content/diary/2024/2024-08-31-2-0a1b2c3d.jpeg"
    assert photo.read_bytes() == (SAMPLES / "dayone/photos/0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg").read_bytes()
    daybook("build", "--today", TODAY, cwd=site)
    page = (site / "public/diary/2024/2024-08-31-2/index.html").read_text()
    assert "Busan at night" in page and "<picture>" in page
    before = files_of(site / "content")
    again = daybook("import", "dayone", str(export), cwd=site)
    assert again.returncode == 0 and "Nothing new to import" in again.stdout
    assert files_of(site / "content") == before


def test_import_into_content_with_errors_writes_nothing_and_says_why(tmp_path):
    site = new_site(tmp_path)
    (site / "content/diary/2026/2026-11-20.md").write_text("---\nweather: snwo\n---\nx\n")
    before = files_of(site / "content")
    result = daybook("import", "jrnl", str(SAMPLES / "jrnl/journal.txt"), cwd=site, check=False)
    assert result.returncode == 1
    assert "content/ has errors already" in result.stderr
    assert "content/diary/2026/2026-11-20.md:2:10: error: unknown weather 'snwo'" in result.stderr
    assert files_of(site / "content") == before
    assert not [p for p in site.iterdir() if "importing" in p.name]


def big_journal(path, entries=300):
    """A made-up journal of `entries` entries, one a day from 2020-01-01."""
    lines = []
    for n in range(entries):
        day = datetime.date(2020, 1, 1) + datetime.timedelta(days=n)
        lines.append(f"[{day.isoformat()} 07:30] Entry number {n}.\nA line of text for day {n}. @made-up\n")
    path.write_text("\n".join(lines))
    return path


def test_progress_is_shown_on_a_terminal_and_never_in_a_pipe(tmp_path):
    journal = big_journal(tmp_path / "big.txt")
    site = new_site(tmp_path)
    piped = daybook("import", "jrnl", str(journal), "--dry-run", cwd=site)
    assert "Would import 300 entries into 300 files." in piped.stdout
    assert "\r" not in piped.stderr and "\x1b" not in piped.stderr and "Importing" not in piped.stderr

    master, terminal = pty.openpty()
    process = subprocess.Popen([DAYBOOK, "import", "jrnl", str(journal)], cwd=site, stdout=subprocess.PIPE, stderr=terminal)
    os.close(terminal)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the import ended and closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    output = process.communicate()[0].decode()
    os.close(master)
    assert process.returncode == 0
    assert "Imported 300 entries into 300 files." in output
    text = shown.decode()
    assert "\rImporting 100/300 entries" in text.replace("\x1b[K", "")
    assert "Importing 300/300 entries" in text
    assert "Checking the site with the 300 new files" in text
    assert "Writing 300/300 files" in text
    assert text.endswith("\r\x1b[K"), "the line is cleared before the summary"
