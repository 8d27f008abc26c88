"""Fixtures for the tests of what a person sees: the built sample site,
served over HTTP under a sub-path, and a headless Chromium."""
import contextlib
import functools
import http.server
import os
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DAYBOOK = os.environ.get("DAYBOOK", str(ROOT / ".build/debug/daybook"))
TODAY = "2026-11-23"


@functools.cache
def makes_once(rootpath, module):
    """Whether the test module (its path below `rootpath`) has a module-scoped fixture: a site it
    builds, a week it walks on the phone, once for all its tests."""
    return 'scope="module"' in (rootpath / module).read_text(encoding="utf-8")


def pytest_xdist_make_scheduler(config, log):
    """Under `--dist loadscope` (scripts/test), the pytest-xdist workers take
    the tests one by one, whichever worker is free the next, except that the
    tests of a module that makes something once for all of them run in one
    worker, so that it is made once. (pytest-xdist's own `--dist loadgroup`
    does not group under pytest 9.2: it renames the test's id, which pytest
    no longer reads.)"""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ByTestOrModule(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            module = nodeid.split("::", 1)[0]
            return module if makes_once(config.rootpath, module) else nodeid

    return ByTestOrModule(config, log)


def pytest_collection_modifyitems(config, items):
    """A test that uses a module-scoped fixture its module does not define
    would have the fixture made again in each worker that runs it: refused."""
    for item in items:
        module = item.nodeid.split("::", 1)[0]
        definitions = [d for ds in item._fixtureinfo.name2fixturedefs.values() for d in ds]
        if any(d.scope == "module" for d in definitions) and not makes_once(config.rootpath, module):
            raise pytest.UsageError(f"{item.nodeid} uses a module-scoped fixture that {module} does not define")


def daybook(*args, cwd=ROOT, check=True, env=None):
    """Runs the daybook binary, with `env` added to the environment; returns the completed process."""
    result = subprocess.run([DAYBOOK, *args], cwd=cwd, capture_output=True, text=True,
                            env={**os.environ, **env} if env else None)
    if check and result.returncode != 0:
        raise AssertionError(f"daybook {' '.join(args)} failed ({result.returncode}):\n{result.stderr}")
    return result


def sample_content(folder):
    """A copy of the sample content/ in `folder`, returned. A build keeps its
    photo cache beside its content: each build of the sample has its own, as
    the tests run side by side (pytest-xdist) and a build prunes its cache."""
    shutil.copytree(ROOT / "content", folder / "content")
    return folder / "content"


@pytest.fixture(scope="session")
def sample_site(tmp_path_factory):
    """The sample content/ built for a fixed day and seed; its photo cache is `sample_site.parent / ".daybook-cache"`."""
    root = tmp_path_factory.mktemp("site")
    out = root / "public"
    daybook("build", "--content", str(sample_content(root)), "--output", str(out), "--today", TODAY, "--seed", "7")
    return out


@pytest.fixture(scope="session")
def served_site(sample_site, tmp_path_factory):
    """The sample site served at http://127.0.0.1:PORT/daybook/ (a sub-path)."""
    root = tmp_path_factory.mktemp("www")
    shutil.copytree(sample_site, root / "daybook")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/daybook/"
    server.shutdown()


@contextlib.contextmanager
def serving(folder):
    """`folder` served at http://127.0.0.1:PORT/ while the block runs."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


def pinned_clock(day, hour=12):
    """A script that sets a page's clock to `day` at `hour`:00 local time, running on from there;
    `window.__shift` milliseconds (kept in sessionStorage over a reload) move it on."""
    start = f"new Real({day[:4]}, {int(day[5:7]) - 1}, {int(day[8:10])}, {hour}).getTime()"
    return f"""(() => {{
      const Real = Date, realNow = Real.now.bind(Real), key = "__offset:{day}:{hour}";
      const offset = Number(sessionStorage.getItem(key) ?? {start} - realNow());
      sessionStorage.setItem(key, offset);
      window.__shift = Number(sessionStorage.getItem("__shift") || 0);
      const now = () => realNow() + offset + window.__shift;
      class PinnedDate extends Real {{ constructor(...args) {{ super(...(args.length ? args : [now()])); }} static now() {{ return now(); }} }}
      window.Date = PinnedDate;
    }})();"""


def new_chromium(*flags, prefs=None):
    """A headless Chromium with a profile of its own (empty cache, storage and service workers), with these flags added."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", *flags):
        options.add_argument(flag)
    if prefs:
        options.add_experimental_option("prefs", prefs)
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)


@pytest.fixture(scope="session")
def browser():
    driver = new_chromium("--window-size=1200,900", "--allow-file-access-from-files")
    driver.implicitly_wait(0)
    # The pages pick "today" by the browser's clock among the days a build
    # carries (docs/phone.md): the browser lives on the day the sample site is built for.
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": pinned_clock(TODAY)})
    yield driver
    driver.quit()
