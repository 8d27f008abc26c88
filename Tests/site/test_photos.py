"""Photos as a reader meets them: resized, upright, without location or
camera data, HEIC shown by a browser, cached between builds, and a private
entry's photo nowhere. Test photos are made here with Pillow, exiftool
(GPS, orientation and camera tags) and heif-enc (HEIC)."""
import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import unquote

import pytest
from PIL import Image

from conftest import daybook, ROOT, TODAY

PHOTO_SUFFIXES = {".jpg", ".jpeg", ".png", ".webp", ".heic", ".heif", ".avif", ".tif", ".tiff", ".gif"}
# What would tell where the writer lives or which phone they own.
REVEALING = re.compile(r"^(GPS|Make$|Model$|SerialNumber|InternalSerialNumber|BodySerialNumber|LensModel|LensMake|"
                       r"LensSerialNumber|OwnerName|CameraOwnerName|MakerNote|UniqueCameraModel)")


def photo(path, size=(4000, 3000), color=(200, 120, 60), *, gps=True, orientation=None):
    """A JPEG with a pattern, GPS and camera tags and, if given, an EXIF orientation."""
    path.parent.mkdir(parents=True, exist_ok=True)
    image = Image.new("RGB", size, color)
    image.paste((30, 60, 200), (0, 0, size[0] // 2, size[1] // 3))
    image.save(path, quality=80)
    tags = []
    if gps:
        tags += ["-GPSLatitude=37.5665", "-GPSLatitudeRef=N", "-GPSLongitude=126.978", "-GPSLongitudeRef=E",
                 "-Make=Apple", "-Model=iPhone 15 Pro", "-SerialNumber=F2LXQ0Z1"]
    if orientation:
        tags.append(f"-Orientation#={orientation}")
    if tags:
        subprocess.run(["exiftool", "-q", "-overwrite_original", *tags, str(path)], check=True)
    return path


def revealing_tags(files):
    """(file, tag) for every GPS or camera tag exiftool finds in the files."""
    if not files:
        return []
    out = subprocess.run(["exiftool", "-j", "-a", "-G1", "-s", *map(str, files)], capture_output=True, text=True)
    found = []
    for record in json.loads(out.stdout or "[]"):
        for key in record:
            tag = key.split(":")[-1]
            if REVEALING.match(tag):
                found.append((record["SourceFile"], key))
    return found


def published_photos(site):
    return sorted(p for p in site.rglob("*") if p.suffix.lower() in PHOTO_SUFFIXES)


def entry(root, name, body, front=""):
    path = root / "content/diary/2026" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\ndate: {name[:10]}\n{front}---\n{body}\n")
    return path


def build(root, *args, check=True):
    return daybook("build", "--content", "content", "--output", "public", "--today", TODAY, *args, cwd=root, check=check)


# --- the sample site ---------------------------------------------------------

def test_sample_photos_carry_no_location_or_camera(sample_site):
    """The sample snowman has GPS, an iPhone's make, model and serial number; no published file keeps any."""
    assert revealing_tags([ROOT / "content/diary/2026/2026-11-20-snowman.jpg"]), "the sample photo should carry GPS"
    files = published_photos(sample_site)
    assert len(files) >= 8
    assert revealing_tags(files) == []


def test_originals_are_not_published(sample_site):
    assert not (sample_site / "diary/2026/2026-11-20-snowman.jpg").exists()
    assert not list(sample_site.rglob("*.heic"))


def test_photo_turned_by_exif_comes_out_upright(sample_site):
    """The snowman is stored 1200×900 with orientation 6 (turn 90°): published portrait, never enlarged."""
    sizes = {Image.open(p).size for p in sample_site.glob("diary/2026/2026-11-20-snowman-*.*")}
    assert sizes and all(height > width for width, height in sizes)
    assert (900, 1200) in sizes
    assert max(width for width, _ in sizes) == 900


def test_entry_page_has_responsive_picture(sample_site):
    html = (sample_site / "diary/2026/2026-11-20/index.html").read_text()
    figure = re.search(r'<figure class="photo">(.*?)</figure>', html, re.S).group(1)
    assert '<source type="image/webp" srcset="' in figure
    img = re.search(r"<img [^>]*>", figure).group(0)
    attrs = dict(re.findall(r'(\w+)="([^"]*)"', img))
    assert attrs["alt"] == "아파트 앞 화단의 작은 눈사람"
    assert "sizes" in attrs
    widths = [int(w) for w in re.findall(r" (\d+)w", attrs["srcset"])]
    assert len(widths) >= 2 and widths == sorted(widths)
    src = (sample_site / "diary/2026/2026-11-20" / attrs["src"]).resolve()
    assert Image.open(src).size == (int(attrs["width"]), int(attrs["height"]))
    assert "<figcaption>누가 만들었는지 모를 눈사람</figcaption>" in figure
    # The first photo of a page loads at once; only later ones wait.
    assert "loading" not in attrs


def test_heic_photo_shows_in_chromium(served_site, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(served_site + "diary/2026/2026-11-21/index.html")
    img = browser.find_element(By.CSS_SELECTOR, "figure.photo img")
    browser.execute_script("arguments[0].scrollIntoView()", img)
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return arguments[0].complete", img))
    assert browser.execute_script("return arguments[0].naturalWidth", img) > 0
    assert browser.execute_script("return arguments[0].currentSrc", img).endswith(".webp")


def test_lists_calendar_and_media_page_show_thumbnails(sample_site):
    """The cover of 2026-11-21 and the first photo of 2026-11-20 stand for them in lists and on the calendar."""
    for page in ["diary/index.html", "diary/2026/11/index.html", "calendar/2026/11/index.html"]:
        html = (sample_site / page).read_text()
        assert 'class="thumb" src="../' in html and "stream-" in html and "snowman-" in html, page
    media = (sample_site / "diary/2026/11/photos/index.html").read_text()
    assert media.count("<img ") == 2
    assert 'href="../../2026-11-20/index.html"' in media
    assert 'href="photos/index.html"' in (sample_site / "diary/2026/11/index.html").read_text()


def test_private_entry_photo_appears_nowhere(sample_site):
    """The private entry's cat photo is neither published nor even resized into the cache."""
    cat = ROOT / "content/diary/2026/2026-11-19-secret-cat.jpg"
    assert cat.exists()
    assert not [p for p in sample_site.rglob("*") if "secret" in p.name]
    assert not [p for p in sample_site.rglob("*") if p.is_file() and b"secret-cat" in p.read_bytes()]
    digest = hashlib.sha256(cat.read_bytes()).hexdigest()[:40]
    cache = sample_site.parent / ".daybook-cache/photos"
    assert any(cache.iterdir()), "the sample's public photos are in its cache"
    assert not [p for p in cache.iterdir() if p.name.startswith(digest)]
    # Nothing published has the cat's shape (800×600 scaled).
    assert not [p for p in published_photos(sample_site) if Image.open(p).size in {(800, 600), (480, 360)}]


def test_feed_photos_and_links_load_from_a_feed_reader(sample_site):
    """A feed reader shows an entry's text away from its page: every photo and link in it is absolute and leads to a published file."""
    import xml.etree.ElementTree as ET
    base = "https://example.github.io/daybook/"
    atom = "{http://www.w3.org/2005/Atom}"
    contents = [e.find(atom + "content").text for e in ET.parse(sample_site / "feed.xml").getroot().iter(atom + "entry")]
    urls = []
    for html in contents:
        urls += re.findall(r' (?:href|src)="([^"]*)"', html)
        for srcset in re.findall(r' srcset="([^"]*)"', html):
            urls += [candidate.split()[0] for candidate in srcset.split(",")]
    photos = [u for u in urls if u.endswith((".webp", ".jpg"))]
    assert len(photos) >= 8, "the sample entries' photos should be in the feed"
    for url in urls:
        assert re.match(r"[a-z]+:", url), f"relative address in the feed: {url}"
        if url.startswith(base):
            path = unquote(url[len(base):].split("#")[0])
            assert (sample_site / (path + "index.html" if path.endswith("/") or not path else path)).exists(), url


# --- sites made here ---------------------------------------------------------

def test_missing_and_broken_photos_are_located_errors(tmp_path):
    photo(tmp_path / "content/diary/2026/2026-11-20-snowman.jpg", (400, 300), gps=False)
    (tmp_path / "content/diary/2026/empty.jpg").write_bytes(b"")
    good = (tmp_path / "content/diary/2026/2026-11-20-snowman.jpg").read_bytes()
    (tmp_path / "content/diary/2026/cut.jpg").write_bytes(good[: len(good) // 2])
    (tmp_path / "content/diary/2026/notes.png").write_text("not a picture")
    entry(tmp_path, "2026-11-20.md", "Text.\n\n![snow](2026-11-20-snowmen.jpg)\n\n![a](empty.jpg) ![b](cut.jpg)\n\n![c](notes.png)",
          front="cover: nowhere.jpg\n")
    result = build(tmp_path, check=False)
    assert result.returncode == 1
    err = result.stderr
    md = "content/diary/2026/2026-11-20.md"
    assert f"{md}:7:1: error: image '2026-11-20-snowmen.jpg' not found" in err
    assert "did you mean '2026-11-20-snowman.jpg'?" in err
    assert f"{md}:3:8: error: image 'nowhere.jpg' not found" in err
    for name, column in [("empty.jpg", 1), ("cut.jpg", 17)]:
        assert f"{md}:9:{column}: error: 'content/diary/2026/{name}' is not a readable image" in err
    assert f"{md}:11:1: error: 'content/diary/2026/notes.png' is not a readable image" in err
    assert "Premature end" in err and "not a known file format" in err
    assert "WARNING" not in err and not (tmp_path / "public").exists()


def test_obsidian_embed_errors_point_at_the_embed(tmp_path):
    """`![[photo]]` embeds are reported where they stand (here in a quote, after an escape), not at the body's first line."""
    photo(tmp_path / "content/diary/2026/2026-11-20-snowman.jpg", (400, 300), gps=False)
    entry(tmp_path, "2026-11-20.md", "First line.\n\n> Walk \\* ![[2026-11-20-snowmen.jpg]] and ![[gone.png|x]]")
    result = build(tmp_path, check=False)
    assert result.returncode == 1
    md = "content/diary/2026/2026-11-20.md"
    assert f"{md}:6:11: error: '2026-11-20-snowmen.jpg' not found" in result.stderr
    assert "did you mean '2026-11-20-snowman.jpg'?" in result.stderr
    assert f"{md}:6:43: error: 'gone.png' not found" in result.stderr


def test_warm_cache_skips_encoding_and_stale_entries_go(tmp_path):
    source = photo(tmp_path / "content/diary/2026/2026-11-20/walk.jpg", (2000, 1500))
    entry(tmp_path, "2026-11-20.md", "![walk](2026-11-20/walk.jpg)")
    first = build(tmp_path)
    assert "photos: 1 resized, 0 from .daybook-cache/" in first.stdout
    cache = tmp_path / ".daybook-cache/photos"
    [folder] = list(cache.iterdir())
    times = {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}

    second = build(tmp_path)
    assert "photos: 0 resized, 1 from .daybook-cache/" in second.stdout
    assert {p.name: p.stat().st_mtime_ns for p in folder.iterdir()} == times
    assert sorted(p.name for p in (tmp_path / "public/diary/2026/2026-11-20").iterdir()) == [
        "index.html", "walk-1600.jpg", "walk-1600.webp", "walk-480.jpg", "walk-480.webp", "walk-960.jpg", "walk-960.webp"]

    photo(source, (2000, 1500), color=(10, 200, 10))
    third = build(tmp_path)
    assert "photos: 1 resized, 0 from .daybook-cache/" in third.stdout
    assert [p.name for p in cache.iterdir()] != [folder.name] and not folder.exists()


def test_originals_published_only_when_asked(tmp_path):
    photo(tmp_path / "content/diary/2026/2026-11-20-a.jpg", (300, 200), gps=False)
    entry(tmp_path, "2026-11-20.md", "![a](2026-11-20-a.jpg)")
    build(tmp_path)
    files = sorted(p.name for p in (tmp_path / "public/diary/2026").iterdir() if p.is_file() and p.suffix != ".html")
    # A small photo is never enlarged: one size, not three.
    assert files == ["2026-11-20-a-300.jpg", "2026-11-20-a-300.webp"]
    (tmp_path / "content/site.yml").write_text("images:\n  originals: true\n")
    build(tmp_path)
    assert (tmp_path / "public/diary/2026/2026-11-20-a.jpg").exists()


def test_heic_and_exif_rotation_from_a_phone(tmp_path):
    """A HEIC made by heif-enc and a JPEG turned by EXIF orientation 8 both come out as upright WebP and JPEG."""
    png = tmp_path / "src.png"
    Image.new("RGB", (1600, 1200), (90, 150, 200)).save(png)
    heic = tmp_path / "content/diary/2026/2026-11-20-phone.heic"
    heic.parent.mkdir(parents=True)
    subprocess.run(["heif-enc", "-q", "50", "-o", str(heic), str(png)], check=True, capture_output=True)
    photo(tmp_path / "content/diary/2026/2026-11-20-turned.jpg", (1600, 1200), orientation=8)
    entry(tmp_path, "2026-11-20.md", "![phone](2026-11-20-phone.heic)\n\n![turned](2026-11-20-turned.jpg)")
    build(tmp_path)
    out = tmp_path / "public/diary/2026"
    assert Image.open(out / "2026-11-20-phone-960.webp").size == (960, 720)
    assert Image.open(out / "2026-11-20-phone-960.jpg").format == "JPEG"
    assert Image.open(out / "2026-11-20-turned-1200.jpg").size == (1200, 1600)
    assert revealing_tags(published_photos(tmp_path / "public")) == []
