"""Hostile exports and command lines against the real binary: an import
writes only inside content/ and reads only inside the export, its check
leaves nothing in the temporary folder, text from files never drives the
terminal, and --output never replaces what is not Daybook's."""
import json
import os
import zipfile

import pytest

from conftest import daybook, ROOT, TODAY

SAMPLES = ROOT / "Tests/Samples"
MD5 = "0a1b2c3d4e5f60718293a4b5c6d7e8f9"
PHOTO = (SAMPLES / f"dayone/photos/{MD5}.jpeg").read_bytes()


def new_site(tmp_path):
    daybook("init", str(tmp_path / "site"))
    return tmp_path / "site"


def files_of(folder):
    return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file() or p.is_symlink()}


def journal(photo):
    """One Day One entry with one photo attachment as given."""
    return json.dumps({"metadata": {"version": "1.0"}, "entries": [{
        "uuid": "A1B2C3D4E5F6478899AABBCCDDEEFF01", "creationDate": "2024-08-31T12:40:00Z", "timeZone": "Asia/Seoul",
        "text": f"Night.\n\n![](dayone-moment://{photo['identifier']})", "photos": [photo]}]})


def run_import(site, export, tmp_path, *args):
    """`daybook import dayone` with its own, empty temporary folder."""
    temporary = tmp_path / "tmp"
    temporary.mkdir(exist_ok=True)
    return daybook("import", "dayone", str(export), *args, cwd=site, check=False, env={"TMPDIR": str(temporary)})


# From content/diary/2024/NAME, five `..` reach tmp_path; from the check's
# $TMPDIR/daybook-import-check-UUID/diary/2024/NAME too.
ESCAPE = "jpeg/../../../../../escaped"


@pytest.mark.parametrize("dry_run", [False, True], ids=["import", "dry run"])
def test_a_zip_attachment_type_writes_nothing_outside_content(tmp_path, dry_run):
    site = new_site(tmp_path)
    export = tmp_path / "export.zip"
    with zipfile.ZipFile(export, "w") as archive:
        archive.writestr("Journal.json", journal({"identifier": "AB12", "md5": MD5, "type": ESCAPE}))
        archive.writestr(f"photos/{MD5}.{ESCAPE}", b"echo owned\n")
    before = files_of(site)
    result = run_import(site, export, tmp_path, *(["--dry-run"] if dry_run else []))
    assert result.returncode == 1, result.stdout + result.stderr
    assert not (tmp_path / "escaped").exists() and not list(tmp_path.rglob("escaped"))
    assert f"export.zip/Journal.json:1:1: error: entry 1 (A1B2C3D4E5F6478899AABBCCDDEEFF01): photo type '{ESCAPE}' is not a media type" in result.stderr
    assert files_of(site) == before
    assert list((tmp_path / "tmp").iterdir()) == [], "the check's temporary folder is removed"


def test_the_checks_temporary_folder_is_removed_after_a_dry_run(tmp_path):
    site = new_site(tmp_path)
    export = tmp_path / "export.zip"
    with zipfile.ZipFile(export, "w") as archive:
        archive.write(SAMPLES / "dayone/Journal.json", "Journal.json")
        archive.write(SAMPLES / f"dayone/photos/{MD5}.jpeg", f"photos/{MD5}.jpeg")
    before = files_of(site)
    result = run_import(site, export, tmp_path, "--dry-run")
    assert result.returncode == 0, result.stderr
    assert "Would import 3 entries" in result.stdout
    assert files_of(site) == before
    assert list((tmp_path / "tmp").iterdir()) == []


def test_an_export_folders_md5_cannot_pull_in_a_file_from_outside(tmp_path):
    site = new_site(tmp_path)
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside/secret.txt").write_text("my password is hunter2\n")
    export = tmp_path / "export"
    (export / "photos").mkdir(parents=True)
    (export / "Journal.json").write_text(journal({"identifier": "AB12", "md5": "../../outside/secret", "type": "txt"}))
    before = files_of(site)
    result = run_import(site, export, tmp_path)
    assert result.returncode == 1
    assert "export/Journal.json:1:1: error: entry 1 (A1B2C3D4E5F6478899AABBCCDDEEFF01): photo md5 '../../outside/secret' is not hexadecimal" in result.stderr
    assert files_of(site) == before
    assert not any(b"hunter2" in data for data in files_of(site).values())


def test_a_link_in_an_export_folder_to_a_file_outside_it_is_not_read(tmp_path):
    site = new_site(tmp_path)
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside/secret.jpeg").write_bytes(PHOTO)
    export = tmp_path / "export"
    (export / "photos").mkdir(parents=True)
    (export / f"photos/{MD5}.jpeg").symlink_to(tmp_path / "outside/secret.jpeg")
    (export / "Journal.json").write_text(journal({"identifier": "AB12", "md5": MD5, "type": "jpeg"}))
    before = files_of(site)
    result = run_import(site, export, tmp_path)
    assert result.returncode == 1
    assert f"export/photos/{MD5}.jpeg:1:1: error: symbolic link leads outside the export" in result.stderr
    assert files_of(site) == before


def test_a_linked_folder_in_content_is_not_written_through(tmp_path):
    site = new_site(tmp_path)
    (tmp_path / "elsewhere").mkdir()
    (site / "content/diary/2024").symlink_to(tmp_path / "elsewhere")
    export = tmp_path / "export"
    (export / "photos").mkdir(parents=True)
    (export / f"photos/{MD5}.jpeg").write_bytes(PHOTO)
    (export / "Journal.json").write_text(journal({"identifier": "AB12", "md5": MD5, "type": "jpeg"}))
    result = run_import(site, export, tmp_path)
    assert result.returncode == 1
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_bad_names_in_an_export_are_left_out_with_skip_bad_rows_and_said(tmp_path):
    site = new_site(tmp_path)
    export = tmp_path / "export"
    (export / "photos").mkdir(parents=True)
    (export / f"photos/{MD5}.jpeg").write_bytes(PHOTO)
    (export / "Journal.json").write_text(journal({"identifier": "AB12", "md5": MD5, "type": "jpeg/../x"}))
    result = run_import(site, export, tmp_path, "--skip-bad-rows")
    assert result.returncode == 0, result.stderr
    assert "photo type 'jpeg/../x' is not a media type" in result.stdout + result.stderr
    assert "(attachment AB12 was not in the export)" in (site / "content/diary/2024/2024-08-31.md").read_text()
    daybook("build", "--today", TODAY, cwd=site)


# An OSC (window title) and a CSI (clear screen) sequence, a C1 CSI and DEL.
CONTROL = "\x1b]0;owned\x07\x1b[2J\x9b2Jdaybook: done\x7f"


def test_text_from_an_export_reaches_the_terminal_without_control_characters(tmp_path):
    site = new_site(tmp_path)
    export = tmp_path / "export"
    export.mkdir()
    entry = {"uuid": f"A{CONTROL}", "creationDate": "2024-08-31T12:40:00Z", "text": "Night."}
    (export / "Journal.json").write_text(json.dumps({"metadata": {"version": "1.0"}, "entries": [entry]}))
    result = daybook("import", "dayone", str(export), cwd=site, check=False)
    assert result.returncode == 1
    assert "error: entry 1: uuid 'Adaybook: done' is not letters, digits and '-'" in result.stderr
    assert not any(0 < ord(c) < 32 and c not in "\n" or 0x7f <= ord(c) <= 0x9f for c in result.stderr)


def test_output_is_never_the_home_folder_even_with_force(tmp_path):
    site = new_site(tmp_path)
    home = tmp_path / "home"
    (home / "notes").mkdir(parents=True)
    (home / "notes/thesis.tex").write_text("my thesis")
    for output in (str(home), str(tmp_path), "/"):
        result = daybook("build", "--output", output, "--force", cwd=site, check=False, env={"HOME": str(home)})
        assert result.returncode == 2, output
        assert "refusing to use" in result.stderr and "nothing was written" in result.stderr
    assert (home / "notes/thesis.tex").read_text() == "my thesis"


def test_a_literal_tilde_is_a_folder_named_tilde(tmp_path):
    site = new_site(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    (home / "keep.txt").write_text("mine")
    result = daybook("build", "--output", "~", "--today", TODAY, cwd=site, check=False, env={"HOME": str(home)})
    assert result.returncode == 0, result.stderr
    assert (site / "~/index.html").exists()
    assert (home / "keep.txt").read_text() == "mine" and sorted(p.name for p in home.iterdir()) == ["keep.txt"]


def test_a_stray_marker_does_not_make_a_folder_replaceable(tmp_path):
    site = new_site(tmp_path)
    stray = tmp_path / "thesis"
    stray.mkdir()
    (stray / "thesis.tex").write_text("my thesis")
    (stray / ".daybook-output").write_text("Written by Daybook. The next build replaces this folder whole.\n")
    for force in ([], ["--force"]):
        result = daybook("build", "--output", str(stray), *force, cwd=site, check=False)
        assert result.returncode == 2, force
        assert "refusing to replace" in result.stderr
    assert (stray / "thesis.tex").read_text() == "my thesis"


def test_a_moved_site_builds_into_its_output_without_force(tmp_path):
    """The marker says the folder is Daybook's output, not where the site was:
    a site moved (or cloned) to another folder builds into its own public/."""
    site = new_site(tmp_path / "before")
    daybook("build", "--today", TODAY, cwd=site)
    (site / "public/added-by-hand.txt").write_text("x")
    moved = tmp_path / "after"
    os.rename(tmp_path / "before", moved)
    site = moved / site.name
    index = (site / "public/index.html").stat()
    daybook("build", "--today", TODAY, cwd=site)
    assert not (site / "public/added-by-hand.txt").exists()
    # Nothing changed in the site: the page was not written again.
    assert (site / "public/index.html").stat().st_mtime_ns == index.st_mtime_ns
    # The published marker says nothing of where the site is.
    assert str(tmp_path) not in (site / "public/.daybook-output").read_text()
