"""The command line as a person uses it: exit codes, messages, scaffolds,
and the preview server that rebuilds and reloads."""
import shutil
import socket
import subprocess
import time
import urllib.request

from selenium.common.exceptions import StaleElementReferenceException

from conftest import daybook, DAYBOOK, ROOT, TODAY


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


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            return urllib.request.urlopen(url, timeout=2).read().decode()
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"{url} never answered")


def test_serve_rebuilds_on_change_and_reloads_the_page(tmp_path, browser):
    site = copy_content(tmp_path)
    port = free_port()
    server = subprocess.Popen([DAYBOOK, "serve", "--port", str(port), "--today", TODAY], cwd=site,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        base = f"http://127.0.0.1:{port}/"
        page = wait_for(base + "diary/2026/2026-11-21/")
        assert "A bright Saturday" in page
        browser.get(base + "diary/2026/2026-11-21/")
        entry = site / "content/diary/2026/2026-11-21.md"
        entry.write_text(entry.read_text().replace("# A bright Saturday", "# A brighter Saturday"))
        def heading():
            # The live reload can replace the page between finding the heading and reading it.
            try:
                return browser.find_element("css selector", "h1").text
            except StaleElementReferenceException:
                return None
        deadline = time.time() + 30
        while time.time() < deadline and heading() != "A brighter Saturday":
            time.sleep(0.3)
        assert heading() == "A brighter Saturday"
    finally:
        server.terminate()
        server.wait(timeout=10)
