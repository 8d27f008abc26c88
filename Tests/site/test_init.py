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
