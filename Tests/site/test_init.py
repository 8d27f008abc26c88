"""`daybook init` as a newcomer runs it: a site that builds with no errors,
a .gitignore for what is rebuilt, and never over an existing site."""
from conftest import daybook


def test_init_makes_a_site_that_builds_without_errors_or_warnings(tmp_path):
    daybook("init", "mysite", cwd=tmp_path)
    site = tmp_path / "mysite"
    for folder in ("diary", "vocab", "workouts", "routines", "pages"):
        assert (site / "content" / folder).is_dir(), folder
    assert (site / "content/site.yml").read_text().count("#") > 20  # every setting explained
    assert (site / ".gitignore").read_text().split() == ["public/", ".daybook-cache/", ".build/"]
    result = daybook("build", cwd=site)
    assert result.stderr == ""
    assert (site / "public/index.html").exists()
    assert list((site / "public/diary").rglob("index.html"))


def test_init_refuses_an_existing_site_and_writes_nothing(tmp_path):
    (tmp_path / "content").mkdir()
    (tmp_path / ".gitignore").write_text("*.swp")
    result = daybook("init", cwd=tmp_path, check=False)
    assert result.returncode == 2
    assert "content already exists" in result.stderr
    assert list((tmp_path / "content").iterdir()) == []
    assert (tmp_path / ".gitignore").read_text() == "*.swp"


def test_init_adds_missing_lines_to_an_existing_gitignore(tmp_path):
    (tmp_path / ".gitignore").write_text("*.swp\npublic/")
    daybook("init", "--locale", "en", cwd=tmp_path)
    assert (tmp_path / ".gitignore").read_text() == "*.swp\npublic/\n.daybook-cache/\n.build/\n"
    assert "locale: en" in (tmp_path / "content/site.yml").read_text()
    daybook("check", cwd=tmp_path)


def test_init_starts_every_feature_with_an_example_and_invents_no_weather(tmp_path, browser):
    daybook("init", "--locale", "en", "mysite", cwd=tmp_path)
    site = tmp_path / "mysite"
    [entry] = (site / "content/diary").rglob("*.md")
    assert "weather" not in entry.read_text()
    daybook("build", cwd=site)
    browser.get((site / "public/index.html").as_uri())
    menu = [a.text for a in browser.find_elements("css selector", ".site-nav a")]
    for feature in ("Workouts", "Routines", "Vocabulary"):
        assert any(feature.lower() in item.lower() for item in menu), (feature, menu)
    # A plan, not a fact (issue 40): today's split is planned, nothing is done or logged.
    workout = browser.find_element("css selector", ".plan-workouts").text
    assert "Push" in workout and "Planned" in workout and "Done" not in workout, workout
    assert not list((site / "content/workouts").rglob("*.md"))
    assert not (site / "content/vocab/reviews.md").exists()
    log = [line for line in (site / "content/routines/log.md").read_text().splitlines() if line.startswith("- ")]
    assert log == []


def test_year_heatmap_weekday_labels_stay_on_one_line(tmp_path, browser):
    daybook("init", "--locale", "en", "mysite", cwd=tmp_path)
    site = tmp_path / "mysite"
    daybook("build", "--today", "2026-11-23", cwd=site)
    try:
        for width in (1280, 390):
            browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500})
            browser.get((site / "public/calendar/2026/index.html").as_uri())
            broken = browser.execute_script("""
                return [...document.querySelectorAll('.heatmap thead th')].filter(th => {
                    const range = document.createRange(); range.selectNodeContents(th);
                    return range.getClientRects().length !== 1 || th.scrollWidth > th.clientWidth;
                }).map(th => th.textContent);""")
            labels = browser.execute_script("return [...document.querySelectorAll('.heatmap thead th')].map(th => th.textContent)")
            assert "Sun" in labels
            assert broken == [], (width, broken)
            overflow = browser.execute_script(
                "return [...document.querySelectorAll('.heat-month')].filter(m => m.scrollWidth > m.clientWidth).length")
            assert overflow == 0, width
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
