"""Importing from other apps as a person does it: import, build, import again."""
import zipfile

from conftest import daybook, ROOT, TODAY

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
