"""The plan the phone works out (docs/content.md#the-review-schedule, docs/phone.md) is the build's: for random
histories (seeded) the phone takes the day's test in headless Chromium under
an injected clock over a few days — misses, a test with nothing missed, a
skipped day, several decks — and the plan its home page shows for day N is
the one `daybook inbox` (merging the inbox the page produced) and
`daybook build --today dayN` give. The site is opened from disk (file://)."""
import datetime
import random

import pytest
from selenium.webdriver.common.by import By

from conftest import daybook
from test_phone import events, open_page, phone, set_clock  # noqa: F401 (the fixture)

START = datetime.date(2026, 12, 7)
DECKS = {"toeic": ("TOEIC", "en"), "jlpt": ("JLPT N3", "ja"), "gre": ("GRE", "en")}

# Each vocabulary section of the shown day: its class, heading, and each item's class, text, link and what it records
# (without the phone's own mark of what it recorded and has not sent home, which a build never shows).
# A book made on the phone opens on its deck's cards page (vocab/toeic/cards/index.html?book=DATE&w=…) until a build
# after the merge gives it a page of its own (vocab/toeic/DATE/index.html): the two are the same book.
SHOWN_VOCAB = """const unmarked = (li) => { const copy = li.cloneNode(true); copy.querySelector('.recorded-note')?.remove();
  copy.classList.remove('recorded'); return copy; };
const book = (href) => { const m = href && /^(.*\\/)cards\\/index\\.html\\?book=(\\d{4}-\\d{2}-\\d{2})&/.exec(href); return m ? m[1] + m[2] + '/index.html' : href; };
return Array.from(document.querySelectorAll('.plan-grid:not([hidden]) .plan-section.vocab'), (s) => [s.className,
  s.querySelector('h3').textContent, Array.from(s.querySelectorAll('li'), unmarked).map((li) => [li.className, li.textContent,
  book(li.querySelector('a')?.getAttribute('href')) ?? null, li.dataset.record ?? null]), s.querySelector('.more a')?.getAttribute('href') ?? null])"""

# The cards today's cards page shows (deck and word), in order.
TODAYS_CARDS = "return Array.from(document.querySelectorAll('.card:not(.other-day)'), (card) => card.dataset.key)"


def day(offset):
    return (START + datetime.timedelta(days=offset)).isoformat()


def write_site(folder, rng, rule):
    """Three decks with books started over the last month (some overdue, one still in study) and one a day ahead, and a few results."""
    content = folder / "content"
    (content / "vocab").mkdir(parents=True)
    (content / "site.yml").write_text(f"title: Plan\nlocale: en\ntimezone: Asia/Seoul\nvocab:\n  unrecorded: {rule}\n")
    results = {}
    for deck, (title, language) in DECKS.items():
        lines = [f"---\ntitle: {title}\nlanguage: {language}\nmeaning_language: ko\n---"]
        starts = sorted(rng.sample(range(-30, 0), 5)) + [1]
        for start in starts:
            lines.append(f"## {day(start)}")
            words = [f"{deck}{start + 40}w{n}" for n in range(rng.randint(1, 3))]
            lines += [f"- {word} :: 뜻" for word in words]
            for word in words:
                if start < -6 and rng.random() < 0.3:
                    results.setdefault(start + rng.randint(3, 6), {}).setdefault(deck, []).append(word)
        (content / "vocab" / f"{deck}.md").write_text("\n".join(lines) + "\n")
    for offset in rng.sample(range(-25, 0), 6):
        results.setdefault(offset, {}).setdefault(rng.choice(list(DECKS)), [])
    text = "".join(f"## {day(offset)}\n" + "".join(f"- {deck}: {', '.join(words)}\n" for deck, words in sorted(decks.items()))
                   for offset, decks in sorted(results.items()))
    (content / "vocab" / "reviews.md").write_text(text)


def take_test(driver, url, rng, all_passed):
    """Answers the day's cards on the test page, each missed at random (none when `all_passed`); returns the answers."""
    open_page(driver, url + "vocab/today/cards/index.html#test")
    answers = []
    for _ in range(100):
        current = driver.find_elements(By.CSS_SELECTOR, ".card:not([hidden])")
        if not current or current[0].get_attribute("data-word") in [word for _, word, _ in answers]:
            break
        card = current[0]
        missed = not all_passed and rng.random() < 0.35
        answers.append((card.get_attribute("data-deck"), card.get_attribute("data-word"), missed))
        driver.find_element(By.CSS_SELECTOR, '[data-action="%s"]' % ("miss" if missed else "pass")).click()
    return answers


@pytest.mark.parametrize("seed,rule", [(3, "overdue"), (11, "overdue"), (29, "overdue"), (5, "passed")])
def test_the_phones_plan_of_each_day_is_what_the_merged_build_shows(tmp_path, phone, seed, rule):  # noqa: F811
    rng = random.Random(seed)
    write_site(tmp_path, rng, rule)
    daybook("build", "--today", day(0), "--seed", "7", cwd=tmp_path)
    url = (tmp_path / "public").as_uri() + "/"
    days = 5
    skipped = {rng.choice([1, 2, 3])}
    all_passed = rng.choice(sorted(set(range(days - 1)) - skipped))
    history, shown = [], {}
    for offset in range(days):
        set_clock(phone, day(offset))
        if offset not in skipped and offset < days - 1:
            history += [(offset, *answer) for answer in take_test(phone, url, rng, offset == all_passed)]
        open_page(phone, url + "index.html")
        shown[offset] = phone.execute_script(SHOWN_VOCAB)
    # What the random history holds: misses, a test with nothing missed, a skipped day, several decks.
    assert any(missed for *_, missed in history), history
    assert any(o == all_passed for o, *_ in history) and not any(missed for o, *_, missed in history if o == all_passed)
    assert len({deck for _, deck, *_ in history}) >= 2, history
    recorded = [e for e in events(phone) if e["type"] == "test"]
    assert len(recorded) == len(history)

    merge(tmp_path, phone, day(days - 1))
    for offset in range(days):
        built = built_plan(tmp_path, phone, offset)
        assert shown[offset] == built, f"day {day(offset)} (seed {seed}, history {history})"
        # The site rebuilt in its own place after the merge, while the phone still holds the events it sent (not cleared):
        # what is both in reviews.md and on the phone counts once.
        daybook("build", "--today", day(offset), "--seed", "7", cwd=tmp_path)
        open_page(phone, url + "index.html")
        assert len(events(phone)) == len(recorded)
        assert phone.execute_script(SHOWN_VOCAB) == built, f"day {day(offset)} again (seed {seed}, history {history})"


def merge(folder, driver, today):
    """`daybook inbox` merges the inbox file the phone's page makes."""
    inbox = folder / "content" / "inbox"
    inbox.mkdir()
    (inbox / "phone.jsonl").write_text(driver.execute_script("return window.DaybookInbox.text()"))
    daybook("inbox", "--today", today, cwd=folder)


def built_plan(folder, driver, offset):
    """The plan a build for day `offset` shows on its own day, opened on the phone (which has recorded nothing for that site)."""
    daybook("build", "--today", day(offset), "--seed", "7", "--output", str(folder / f"built-{offset}"), cwd=folder)
    set_clock(driver, day(offset))
    open_page(driver, (folder / f"built-{offset}").as_uri() + "/index.html")
    return driver.execute_script(SHOWN_VOCAB)


@pytest.mark.parametrize("seed,rule", [(3, "overdue"), (17, "overdue"), (5, "passed")])
def test_a_test_recorded_before_the_builds_day_counts_on_the_phone_as_the_merge_will(tmp_path, phone, seed, rule):  # noqa: F811
    """The phone tests on day 1 and sends nothing home; the site is rebuilt on day 3 (without those tests); on days 3
    and 4 the phone's plan is what a build after merging its inbox shows."""
    rng = random.Random(seed)
    write_site(tmp_path, rng, rule)
    daybook("build", "--today", day(1), "--seed", "7", cwd=tmp_path)
    url = (tmp_path / "public").as_uri() + "/"
    set_clock(phone, day(1))
    history = take_test(phone, url, rng, False)
    assert any(missed for *_, missed in history), history
    daybook("build", "--today", day(3), "--seed", "7", cwd=tmp_path)
    shown, cards = {}, {}
    for offset in (3, 4):
        set_clock(phone, day(offset))
        open_page(phone, url + "index.html")
        shown[offset] = phone.execute_script(SHOWN_VOCAB)
        open_page(phone, url + "vocab/today/cards/index.html")
        cards[offset] = phone.execute_script(TODAYS_CARDS)
    merge(tmp_path, phone, day(4))
    for offset in (3, 4):
        assert shown[offset] == built_plan(tmp_path, phone, offset), f"day {day(offset)} (seed {seed}, history {history})"
        open_page(phone, (tmp_path / f"built-{offset}").as_uri() + "/vocab/today/cards/index.html")
        assert sorted(cards[offset]) == sorted(phone.execute_script(TODAYS_CARDS)), f"cards of {day(offset)} (seed {seed}, history {history})"
