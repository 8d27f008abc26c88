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


def on_a_terminal(command, cwd):
    """Runs `command` with its stderr on a terminal: its return code, stdout, and what the terminal was sent."""
    master, terminal = pty.openpty()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=terminal)
    os.close(terminal)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the command ended and closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    output = process.communicate()[0].decode()
    os.close(master)
    return process.returncode, output, shown.decode()


def test_progress_is_shown_on_a_terminal_and_never_in_a_pipe(tmp_path):
    journal = big_journal(tmp_path / "big.txt")
    site = new_site(tmp_path)
    piped = daybook("import", "jrnl", str(journal), "--dry-run", cwd=site)
    assert "Would import 300 entries into 300 files." in piped.stdout
    assert "\r" not in piped.stderr and "\x1b" not in piped.stderr and "Importing" not in piped.stderr

    returncode, output, text = on_a_terminal([DAYBOOK, "import", "jrnl", str(journal)], cwd=site)
    assert returncode == 0
    assert "Imported 300 entries into 300 files." in output
    assert "\rImporting 100/300 entries" in text.replace("\x1b[K", "")
    assert "Importing 300/300 entries" in text
    assert "Checking the site with the 300 new files" in text
    assert "Writing 300/300 files" in text
    assert text.endswith("\r\x1b[K"), "the line is cleared before the summary"


def test_a_big_import_says_each_long_step_on_one_terminal_line_and_its_file_name_cannot_drive_the_terminal(tmp_path):
    """A 20,000-note Anki export (one file written) and a workout export with a 5 MB note (issue 29):
    each step that takes long is named while it runs, on one line that is cleared, and the export's name,
    escape sequence and all, reaches the terminal as plain text."""
    site = new_site(tmp_path)
    deck = tmp_path / "deck\x1b[31m\x07.txt"
    deck.write_text("#separator:tab\n#html:true\n" + "".join(f"word{n:05d}\tmeaning {n}<br>other\texample {n}\n" for n in range(20000)))
    strong = tmp_path / "strong.csv"
    strong.write_text("Date,Workout Name,Exercise Name,Set Order,Weight (kg),Reps,Distance (km),Seconds,Notes,Workout Notes\n"
                      f'2016-02-10 17:12:55,Evening,Bench Press (Barbell),0,60,10,0,0,"{"x" * 5_000_000}",\n')
    for command, done in (([DAYBOOK, "import", "anki", str(deck), "--deck", "big", "--date", "2026-11-20"], "Imported 20000 words"),
                          ([DAYBOOK, "import", "strong", str(strong)], "Imported 1 session")):
        returncode, output, text = on_a_terminal(command, cwd=site)
        assert returncode == 0 and done in output
        steps = [step for step in text.split("\r\x1b[K") if step]
        assert steps[0].startswith("Reading ") and steps[0].endswith((".txt…", ".csv…")), steps
        if "anki" in command:
            # The notes are counted as they are read, on the same line, a sensible number of times.
            counted = [step for step in steps if step.startswith("Reading ") and step.endswith(" notes…")]
            assert counted[0].endswith(": 100/20,000 notes…") and counted[-1].endswith(": 20,000/20,000 notes…"), counted
            assert len(counted) == 200, len(counted)
        assert any(step.startswith("Checking the site with the new file") for step in steps), steps
        assert steps[-1] == "Writing 1/1 files…", steps
        assert text.endswith("\r\x1b[K"), "the line is cleared before the summary"
        sent = text.replace("\r\x1b[K", "")
        assert not any(ord(c) < 32 or 0x7f <= ord(c) < 0xa0 for c in sent), repr(sent[:200])
    assert "- word19999 :: meaning 19999; other" in (site / "content/vocab/big.md").read_text()


def test_a_day_one_import_says_it_reads_the_export_on_a_terminal_as_the_other_imports_do(tmp_path):
    site = new_site(tmp_path)
    returncode, output, text = on_a_terminal([DAYBOOK, "import", "dayone", str(SAMPLES / "dayone")], cwd=site)
    assert returncode == 0 and "Imported 3 entries into 3 files." in output
    steps = [step for step in text.split("\r\x1b[K") if step]
    assert steps[0] == f"Reading {SAMPLES / 'dayone'}…", steps
    after = text.rsplit("\r\x1b[K", 1)[1]
    assert after.startswith(f"{SAMPLES / 'dayone'}:1:1: warning:") and "…" not in after, "the line is cleared before the warnings"
