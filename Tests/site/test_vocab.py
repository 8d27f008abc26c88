"""The vocabulary pages as a person uses them, from disk: flip cards, the
test that writes the reviews.md lines, the deck's sorting and search, and
the lines pasted back into reviews.md moving a missed word into today's book."""
import re
import shutil

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import daybook, ROOT, TODAY

# The first card of today's cards is 曖昧 (jlpt-n3, missed on 11-21, so on study
# day 3 today); meticulous (toeic) is due for review 1 today.
FIRST_WORD = ("jlpt-n3", "曖昧")
EXPECTED_LINES = "## 2026-11-23\n- jlpt-n3: 曖昧\n- toeic: meticulous"


def css(browser, selector):
    return browser.find_element(By.CSS_SELECTOR, selector)


def current_card(browser):
    return css(browser, ".card:not([hidden])")


def word_of(card):
    return card.get_attribute("data-deck"), card.get_attribute("data-word")


def todays_cards(browser):
    """The cards of the day the page is used on; today's cards page carries those of the coming days too, for the phone."""
    return browser.find_elements(By.CSS_SELECTOR, f'.card:not([data-days]), .card[data-days~="{TODAY}"]')


def todays_plan(site, day):
    """The home page's plan of `day`; the page carries the coming days' too, hidden, for the phone (docs/phone.md)."""
    home = (site / "index.html").read_text()
    return re.search(f'<div class="plan-grid" data-plan-day="{day}".*?</div>', home, re.S).group(0)


def press(browser, keys):
    ActionChains(browser).send_keys(keys).perform()


def progress(browser):
    return css(browser, ".cards-progress").text


def open_fresh(browser, url):
    """Opens `url` with no saved progress from an earlier test."""
    browser.get(url)
    browser.execute_script("localStorage.clear()")
    browser.get("about:blank")
    browser.get(url)


@pytest.fixture
def today_cards(sample_site):
    return (sample_site / "vocab/today/cards/index.html").as_uri()


def take_test(browser, url, missed):
    """Marks every card of the page O, except the words in `missed` (X), and
    returns the lines the page offers for reviews.md."""
    open_fresh(browser, url + "#test")
    total = len(todays_cards(browser))
    for _ in range(total):
        press(browser, "x" if word_of(current_card(browser))[1] in missed else "o")
    assert css(browser, ".result-summary").text.startswith("다 했습니다!")
    return css(browser, ".review-lines").get_attribute("value")


def test_a_card_flips_by_click_space_and_enter(browser, today_cards):
    open_fresh(browser, today_cards)
    cards = todays_cards(browser)
    assert len(cards) > 20
    assert len(browser.find_elements(By.CSS_SELECTOR, ".card:not([hidden])")) == 1, "one card at a time"
    card = current_card(browser)
    assert word_of(card) == FIRST_WORD
    assert "flipped" not in card.get_attribute("class")
    assert progress(browser) == f"1 / {len(cards)}"

    card.click()
    assert "flipped" in card.get_attribute("class")
    press(browser, Keys.SPACE)
    assert "flipped" not in card.get_attribute("class")
    press(browser, Keys.ENTER)
    assert "flipped" in card.get_attribute("class")
    # The back is the side facing the reader once flipped.
    angle = browser.execute_script("return getComputedStyle(arguments[0].querySelector('.card-inner')).transform", card)
    assert angle != "none"

    press(browser, Keys.ARROW_RIGHT)
    assert word_of(current_card(browser)) != FIRST_WORD
    assert "flipped" not in current_card(browser).get_attribute("class"), "a new card shows its front"
    assert progress(browser) == f"2 / {len(cards)}"
    press(browser, Keys.ARROW_LEFT)
    assert word_of(current_card(browser)) == FIRST_WORD


def test_test_mode_marks_undoes_and_writes_the_reviews_lines(browser, today_cards):
    open_fresh(browser, today_cards)
    total = len(todays_cards(browser))
    css(browser, '[data-mode="test"]').click()
    assert browser.current_url.endswith("#test")
    assert css(browser, ".test-controls").is_displayed()

    first = word_of(current_card(browser))
    press(browser, "x")
    second = word_of(current_card(browser))
    assert second != first, "marking moves on to the next card"
    css(browser, ".mark-o").click()
    third = word_of(current_card(browser))
    css(browser, ".mark-x").click()
    assert progress(browser) == f"3 / {total} · O 1 · X 2"

    press(browser, "u")
    assert word_of(current_card(browser)) == third, "undo goes back to the card"
    assert progress(browser) == f"2 / {total} · O 1 · X 1"
    css(browser, ".undo").click()
    assert word_of(current_card(browser)) == second
    assert progress(browser) == f"1 / {total} · O 0 · X 1"
    # A deck partway has no line yet: pasted, it would pass the cards not reached.
    assert css(browser, ".review-lines").get_attribute("value") == ""
    assert "JLPT N3" in css(browser, ".test-pending").text

    for _ in range(total - 1):
        press(browser, "x" if word_of(current_card(browser))[1] == "meticulous" else "o")
    assert progress(browser) == f"{total} / {total} · O {total - 2} · X 2"
    assert css(browser, ".review-lines").get_attribute("value") == EXPECTED_LINES

    css(browser, '[data-action="copy"]').click()
    assert css(browser, ".copy-status").text in ("복사했습니다.", "복사하지 못했습니다. 직접 선택해서 복사하세요.")


def test_missed_filter_and_progress_survive_a_reload(browser, today_cards):
    take_test(browser, today_cards, {"曖昧", "meticulous"})
    css(browser, '[data-action="missed-only"]').click()
    seen = [word_of(current_card(browser))]
    press(browser, Keys.ARROW_RIGHT)
    seen.append(word_of(current_card(browser)))
    press(browser, Keys.ARROW_RIGHT)
    assert word_of(current_card(browser)) == seen[-1], "only two missed cards"
    assert seen == [("jlpt-n3", "曖昧"), ("toeic", "meticulous")]

    browser.refresh()
    assert browser.current_url.endswith("#test")
    assert css(browser, '[data-action="missed-only"]').is_selected()
    assert word_of(current_card(browser)) == ("toeic", "meticulous")
    assert css(browser, ".review-lines").get_attribute("value") == EXPECTED_LINES

    css(browser, '[data-mode="study"]').click()
    assert not browser.current_url.endswith("#test")
    assert not css(browser, ".test-controls").is_displayed()
    assert css(browser, ".test-result").is_displayed(), "misses stay visible in study mode"


def test_without_javascript_every_card_shows_both_sides(sample_site):
    page = (sample_site / "vocab/today/cards/index.html").read_text()
    assert page.count('class="card-face card-front"') == page.count('class="card-face card-back"') > 20
    # Those of the days after the build's, carried for the phone (docs/phone.md), wait hidden.
    tags = re.findall(r'<li class="card[ "][^>]*>', page)
    assert len(tags) > page.count(f'data-days="{TODAY}') > 20
    assert [tag for tag in tags if " hidden" in tag] == [tag for tag in tags if TODAY not in tag]


def test_deck_page_sorts_filters_and_searches(browser, sample_site):
    browser.get((sample_site / "vocab/toeic/index.html").as_uri())
    form = css(browser, ".word-tools")
    assert form.is_displayed()

    def shown():
        return [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".word:not([hidden]) .word-text")]

    newest = shown()
    assert len(newest) == 38
    assert newest[0] == "preliminary"
    Select(css(browser, "select[name=sort]")).select_by_value("alpha")
    alpha = shown()
    assert alpha[:3] == ["abandon", "accommodate", "adjacent"]
    assert alpha == sorted(alpha, key=str.lower)
    Select(css(browser, "select[name=sort]")).select_by_value("oldest")
    assert shown()[:2] == ["abandon", "benevolent"]

    search = css(browser, "input[name=q]")
    search.send_keys("협상")
    assert shown() == ["negotiate"]
    assert css(browser, ".word-count").text == "1 / 38단어"
    search.clear()
    search.send_keys("x")  # clear() fires no input event; typing does
    search.send_keys(Keys.BACKSPACE)
    assert len(shown()) == 38

    Select(css(browser, "select[name=filter]")).select_by_value("missed")
    assert sorted(shown()) == ["accommodate", "adjacent", "negotiate", "reimburse"]
    Select(css(browser, "select[name=filter]")).select_by_value("mastered")
    assert sorted(shown()) == ["abandon", "benevolent", "candid", "deteriorate", "eligible"]


def test_pasted_lines_move_the_missed_word_into_todays_book(browser, today_cards, tmp_path):
    """The real round trip: take the test in the browser, paste its lines into
    a copy of reviews.md, build again: meticulous leaves its book for today's."""
    lines = take_test(browser, today_cards, {"meticulous"})
    # jlpt-n3's cards were all known: its line records the test too.
    assert lines == "## 2026-11-23\n- jlpt-n3:\n- toeic: meticulous"

    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    reviews = content / "vocab/reviews.md"
    reviews.write_text(reviews.read_text() + "\n" + lines + "\n")
    out = tmp_path / "public"
    daybook("build", "--content", str(content), "--output", str(out), "--today", TODAY)

    today_book = (out / "vocab/toeic/2026-11-23/index.html").read_text()
    assert 'id="w-meticulous"' in today_book
    assert '<span class="badge joined">11월 23일에 틀려서 옮겨 옴</span>' in today_book
    old_book = (out / "vocab/toeic/2026-11-18/index.html").read_text()
    assert 'id="w-meticulous"' not in old_book
    assert "11월 23일에 틀려서 11월 23일 단어장으로" in old_book
    browser.get((out / "vocab/toeic/index.html").as_uri())
    meticulous = css(browser, "#w-meticulous")
    assert "공부 1/3일째" in meticulous.text and "틀린 날 11월 23일" in meticulous.text


def test_a_test_with_nothing_missed_is_recorded_and_takes_the_review(browser, today_cards, tmp_path):
    """docs/content.md#the-review-schedule: every card known gives `- deck:` lines; pasted, they take
    today's review, and the next day the book waits for review 2. Not pasted,
    the review is a day late the next day."""
    lines = take_test(browser, today_cards, set())
    assert lines == "## 2026-11-23\n- jlpt-n3:\n- toeic:"
    assert css(browser, '[data-action="copy"]').is_displayed()

    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    out = tmp_path / "public"
    daybook("build", "--content", str(content), "--output", str(out), "--today", "2026-11-24")
    book = (out / "vocab/toeic/2026-11-18/index.html").read_text()
    assert '<span class="stage stage-due stage-overdue">복습 1/3 — 1일 늦음</span>' in book
    assert "밀린 복습 (13)" in todays_plan(out, "2026-11-24"), "every word due on the 23rd"

    reviews = content / "vocab/reviews.md"
    reviews.write_text(reviews.read_text() + "\n" + lines + "\n")
    daybook("build", "--content", str(content), "--output", str(out), "--today", "2026-11-24")
    book = (out / "vocab/toeic/2026-11-18/index.html").read_text()
    assert '<span class="stage stage-waiting">복습 2 대기 · 11월 30일</span>' in book
    assert "밀린 복습" not in todays_plan(out, "2026-11-24")


@pytest.mark.parametrize("dark", [False, True])
def test_vocab_pages_fit_a_phone_in_light_and_dark(browser, sample_site, dark):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
    browser.set_window_size(390, 844)
    try:
        for page in ["vocab/index.html", "vocab/toeic/index.html", "vocab/toeic/2026-11-18/index.html",
                     "vocab/today/index.html", "vocab/today/cards/index.html"]:
            browser.get((sample_site / page).as_uri())
            overflow = browser.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 1, f"{page} overflows by {overflow}px"
        face = browser.execute_script(
            "const s = getComputedStyle(document.querySelector('.card:not([hidden]) .card-front'));"
            "const [r, g, b] = s.backgroundColor.match(/\\d+/g).map(Number); return (r + g + b) / 3")
        assert (face < 80) if dark else (face > 200)
    finally:
        browser.set_window_size(1200, 900)
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
