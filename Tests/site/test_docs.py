"""The manual in docs/ says what the program does: the pages read off the
binary and the theme are current, and every link in the manual leads somewhere."""
import os
import re
import subprocess
import sys

from conftest import DAYBOOK, ROOT



def test_generated_pages_match_the_binary_and_the_theme():
    """docs/commands.md is `daybook help` for every command; the template
    names in docs/themes.md are those the default theme reads."""
    result = subprocess.run([sys.executable, str(ROOT / "scripts/docs"), "--check"],
                            env=dict(os.environ, DAYBOOK=DAYBOOK), capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_links_in_the_manual_lead_to_files_and_headings():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    broken = []
    for page in pages:
        text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
        text = re.sub(r"`[^`\n]*`", "", text)  # code spans show syntax, they link nowhere
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            file = (page.parent / path).resolve() if path else page
            if not file.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
            elif anchor and file.suffix == ".md" and anchor not in anchors(file):
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    assert broken == []


def anchors(file):
    """GitHub's ids for a Markdown file's headings."""
    ids = set()
    for heading in re.findall(r"^#+ (.+)$", file.read_text(encoding="utf-8"), flags=re.M):
        ids.add(re.sub(r"[^\w\- ]", "", heading.lower().replace("`", "")).replace(" ", "-"))
    return ids


def test_every_file_the_architecture_names_exists():
    """docs/architecture.md names the real places (a newcomer follows it to the file); a move that
    forgets it fails here. The example kind `books` is what `scripts/new-kind books` would write."""
    text = (ROOT / "docs/architecture.md").read_text()
    bases = ["", "Sources/DaybookSite/", "Sources/", "Tests/DaybookTests/", "Tests/site/", "themes/default/", "themes/default/i18n/", "content/", "docs/"]
    named = set(re.findall(r"`([A-Za-z][\w+./-]*\.(?:swift|mustache|yml|css|js|py|md))`", text))
    named |= set(re.findall(r"`((?:scripts|Sources|Tests|themes)/[\w+./-]+)`", text))
    examples = [p for p in named if "books" in p.lower() or "NAME" in p]
    assert examples, "the checklist's example kind is named"
    missing = [p for p in sorted(set(named) - set(examples)) if not any((ROOT / (base + p)).exists() for base in bases)]
    assert len(named) > 40 and missing == []
