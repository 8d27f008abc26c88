"""Public Obsidian vaults, written by other people, built as a person would
drop them into content/pages/ (issue 42). Their files are not in this
repository: each is read from a git copy of its repository at the commit
below, found in $DAYBOOK_VAULTS or ../shared/vaults as `owner+name` (a bare
repository or a clone's .git). A vault that is not there is skipped.

What a reader would check: the build has no error; no page shows raw `[[`
or `[!` outside code; no link has an empty address or leads to a file that
is not there; no `#anchor` of a link is missing on its page."""
import os
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from conftest import ROOT, daybook

VAULTS = {
    # A personal vault template (Web Clipper front matter, properties, bases).
    "kepano+kepano-obsidian": "473697347a0eaac790a6596229c741b3915f3b77",
    # A student's course notes: callouts, highlights, embeds, HTML, LaTeX.
    "AglaiaNorza+obsidian-vault": "002e4b038255b8c354451482447141444569fc82",
}
STORE = Path(os.environ.get("DAYBOOK_VAULTS", ROOT.parent / "shared" / "vaults"))
CODE = {"code", "pre", "script", "style", "template", "textarea"}


def extract(git_dir, commit, dest):
    """Writes the files of `commit` into `dest`, leaving out blobs the copy lacks (large files kept elsewhere)."""
    listing = subprocess.run(["git", "--git-dir", str(git_dir), "ls-tree", "-r", "-z", commit],
                             capture_output=True, check=True).stdout
    for entry in filter(None, listing.split(b"\0")):
        meta, path = entry.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind != b"blob" or mode == b"120000":
            continue
        blob = subprocess.run(["git", "--git-dir", str(git_dir), "cat-file", "blob", sha], capture_output=True)
        if blob.returncode == 0:
            target = dest / os.fsdecode(path)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(blob.stdout)


class Page(HTMLParser):
    """A page's ids, its links and any raw wikilink or callout text outside code."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.ids, self.links, self.raw, self.code, self.counted = set(), [], [], 0, []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "id" in attributes:
            self.ids.add(attributes["id"])
        # Code, and math (its TeX, as written, until KaTeX draws it), is no prose.
        if tag in CODE or "math" in (attributes.get("class") or "").split():
            self.code += 1
            self.counted.append(tag)
        if tag == "a" and "href" in attributes and not self.code:
            self.links.append(attributes["href"] or "")

    def handle_endtag(self, tag):
        if self.counted and self.counted[-1] == tag:
            self.counted.pop()
            self.code -= 1

    def handle_data(self, data):
        if not self.code and ("[[" in data or "[!" in data):
            self.raw.append(data.strip()[:80])


def problems(public):
    """Raw `[[`, empty or broken links, and dead #anchors of a built site."""
    pages = {path: Page(path.read_text(encoding="utf-8")) for path in public.rglob("*.html")}
    raw, empty, broken, dead = [], [], [], []
    for path, page in pages.items():
        raw += [f"{path}: {text}" for text in page.raw]
        for href in page.links:
            if not href.strip():
                empty.append(str(path))
                continue
            parts = urlsplit(href)
            if parts.scheme or href.startswith("//"):
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{path}: {href}")
            elif parts.fragment and target in pages and unquote(parts.fragment) not in pages[target].ids:
                dead.append(f"{path}: {href}")
    return raw, empty, broken, dead


def vault_site(tmp_path, name, commit):
    git_dir = next((d for d in (STORE / name, STORE / name / ".git", STORE / name / "repo") if (d / "HEAD").exists()), None)
    if git_dir is None or subprocess.run(["git", "--git-dir", str(git_dir), "cat-file", "-e", commit + "^{commit}"]).returncode:
        pytest.skip(f"vault {name} at {commit[:12]} is not in {STORE}")
    content = tmp_path / "content"
    (content / "pages").mkdir(parents=True)
    (content / "site.yml").write_text("title: Vault\n")
    extract(git_dir, commit, content / "pages" / name.split("+")[1])
    return content


# What does not hold yet for the course notes, counted on its commit (docs/writing.md):
# a wikilink whose heading holds `code` is split by cmark (1 raw `[[`), and a fence in
# a callout that cmark reads to the end of the note hides the headings after it (1 dead #anchor).
GAPS = {"AglaiaNorza+obsidian-vault": "wikilinks spanning Markdown and fences in tab-indented callouts are not read yet"}


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=GAPS[name])) if name in GAPS else name
                                  for name in sorted(VAULTS)])
def test_a_public_vault_builds_as_obsidian_shows_it(tmp_path, name):
    content = vault_site(tmp_path, name, VAULTS[name])
    public = tmp_path / "public"
    result = daybook("build", "--content", str(content), "--output", str(public), "--today", "2026-12-07", check=False)
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert result.returncode == 0 and not errors, result.stderr[-3000:]
    raw, empty, broken, dead = problems(public)
    assert not empty and not broken, (empty[:10], broken[:10])
    assert not dead, dead[:10]
    assert not raw, raw[:10]
