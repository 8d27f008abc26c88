"""The command line as a person uses it: exit codes, messages, scaffolds
(the preview server is in test_serve.py)."""
import shutil

from conftest import daybook, ROOT, TODAY


def copy_content(tmp_path):
    shutil.copytree(ROOT / "content", tmp_path / "content")
    return tmp_path


def test_content_errors_exit_1_with_located_messages_and_leave_output(tmp_path):
    site = copy_content(tmp_path)
    daybook("build", "--today", TODAY, cwd=site)
    before = {p: p.read_bytes() for p in (site / "public").rglob("*") if p.is_file()}
    (site / "content/diary/2026/2026-11-24.md").write_text("---\nweather: snwo\nmod: happy\n---\nx\n")
    result = daybook("build", "--today", TODAY, cwd=site, check=False)
    assert result.returncode == 1
    assert "content/diary/2026/2026-11-24.md:2:10: error: unknown weather 'snwo'" in result.stderr
    assert "did you mean 'snow'?" in result.stderr
    assert "content/diary/2026/2026-11-24.md:3:1: warning: unknown key 'mod'" in result.stderr
    after = {p: p.read_bytes() for p in (site / "public").rglob("*") if p.is_file()}
    assert after == before


def test_usage_errors_exit_2(tmp_path):
    assert daybook("build", "--today", "2026-13-01", cwd=tmp_path, check=False).returncode == 2
    assert daybook("frobnicate", cwd=tmp_path, check=False).returncode == 2


def test_piped_build_prints_one_summary_line_and_no_progress(tmp_path):
    site = copy_content(tmp_path)
    result = daybook("build", "--today", TODAY, cwd=site)
    assert len(result.stdout.strip().splitlines()) == 1
    assert result.stdout.startswith("Built ") and " pages " in result.stdout
    assert "\r" not in result.stderr and "\x1b" not in result.stderr


def test_check_writes_nothing(tmp_path):
    site = copy_content(tmp_path)
    result = daybook("check", "--today", TODAY, cwd=site)
    assert result.returncode == 0
    assert not (site / "public").exists()


def test_new_scaffolds_files_that_build(tmp_path):
    site = copy_content(tmp_path)
    offline = {"DAYBOOK_OPEN_METEO_URL": "http://127.0.0.1:9"}  # the sample site has a location: never ask the real service
    for kind in ("entry", "deck", "workout"):
        result = daybook("new", kind, "Scaffolded", "--today", "2026-11-24", cwd=site, env=offline)
        assert (site / result.stdout.strip()).exists()
        if kind == "entry":  # no weather was fetched, so none is written: never an invented condition
            assert "weather" not in (site / result.stdout.strip()).read_text()
    assert daybook("new", "workout", "--today", "2026-11-24", cwd=site, check=False).returncode != 0  # never overwrites
    daybook("build", "--today", "2026-11-24", cwd=site)


def test_new_workout_and_deck_left_as_they_are_hold_no_invented_data(tmp_path):
    site = copy_content(tmp_path)
    workout = site / daybook("new", "workout", "--date", "2026-11-01", "--today", "2026-11-24", cwd=site).stdout.strip()
    assert workout.name == "2026-11-01.md"
    deck = site / daybook("new", "deck", "scratch", "--today", "2026-11-24", cwd=site).stdout.strip()
    out = tmp_path / "public"
    daybook("build", "--today", "2026-11-24", "--output", str(out), cwd=site)
    page = (out / "workouts/2026/2026-11-01/index.html").read_text()
    assert "Bench press" not in page and "Plank" not in page  # the examples are comments, not sets
    assert "another meaning" not in (out / "vocab/scratch/index.html").read_text()  # the example word is a comment
    assert "- " not in deck.read_text().split("\n---\n", 1)[1]
