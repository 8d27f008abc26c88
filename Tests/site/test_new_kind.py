"""`scripts/new-kind NAME` makes a kind as docs/architecture.md's checklist says (issue 38).

The kind it writes for "books" is checked in as Tests/DaybookTests/AddingAKind/BooksKind.swift,
where the Swift tests compile it, register it with one line and check its pages, navigation,
calendar marks, search records, year count and privacy (BooksKindTests). Here: the script's
output is that file, and the script adds the registry line."""
import shutil
import subprocess

from conftest import ROOT

SCRIPT = ROOT / "scripts/new-kind"
REGISTRY = "Sources/DaybookSite/Core/SiteFeature.swift"


def test_the_tested_kind_is_what_the_script_writes():
    printed = subprocess.run([SCRIPT, "books", "--print"], capture_output=True, text=True, check=True).stdout
    fixture = (ROOT / "Tests/DaybookTests/AddingAKind/BooksKind.swift").read_text()
    assert fixture == "@testable import DaybookSite\n\n" + printed


def copy_of_the_repository(tmp_path):
    root = tmp_path / "repo"
    (root / "scripts").mkdir(parents=True)
    shutil.copy(SCRIPT, root / "scripts/new-kind")
    (root / REGISTRY).parent.mkdir(parents=True)
    shutil.copy(ROOT / REGISTRY, root / REGISTRY)
    return root


def test_the_script_writes_the_kind_and_its_registry_line(tmp_path):
    root = copy_of_the_repository(tmp_path)
    made = subprocess.run([root / "scripts/new-kind", "trips"], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    kind = (root / "Sources/DaybookSite/Trips/TripsKind.swift").read_text()
    assert "struct Trip: ListedItem" in kind and "struct TripsKind: ListedKind" in kind and 'static let folder = "trips"' in kind
    registry = (root / REGISTRY).read_text()
    assert registry.count("TripsKind()") == 1
    assert registry.index("RoutinesKind()") < registry.index("TripsKind()") < registry.index("SearchPages()")
    original = (ROOT / REGISTRY).read_text()
    assert registry.replace("TripsKind(), ", "") == original, "only the one line changes"

    again = subprocess.run([root / "scripts/new-kind", "trips"], capture_output=True, text=True)
    assert again.returncode == 1 and "already exists" in again.stderr
    assert (root / REGISTRY).read_text() == registry


def test_a_name_that_is_not_a_folder_name_is_refused(tmp_path):
    root = copy_of_the_repository(tmp_path)
    for name in ["Books", "../x", "my books", ""]:
        refused = subprocess.run([root / "scripts/new-kind", name], capture_output=True, text=True)
        assert refused.returncode == 1, name
    assert (root / REGISTRY).read_text() == (ROOT / REGISTRY).read_text()
    assert not list((root / "Sources/DaybookSite").glob("*/*Kind.swift"))


def test_a_name_without_a_plural_s_gets_an_item_type_of_its_own(tmp_path):
    printed = subprocess.run([SCRIPT, "film", "--print"], capture_output=True, text=True, check=True).stdout
    assert "struct FilmItem: ListedItem" in printed and "struct FilmKind: ListedKind" in printed
