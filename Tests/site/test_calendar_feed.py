"""calendar.ics read back by a real iCalendar parser (icalendar), its
recurrences expanded with dateutil, as a calendar app subscribing to it would."""
import datetime
import shutil
import textwrap
from zoneinfo import ZoneInfo

import icalendar
import pytest
from dateutil.rrule import rrulestr

from conftest import daybook, TODAY

UTC = datetime.timezone.utc
LONDON = ZoneInfo("Europe/London")
HOST = "example.github.io"

# A site in a zone with daylight saving time, with every kind of event and a private deck.
FIXTURE = {
    "site.yml": """
        title: 지우의 하루
        base_url: https://example.github.io/daybook/
        locale: ko
        timezone: Europe/London
        workouts:
          split: [Chest, Back, Legs, Shoulders, Arms]
          start: 2026-11-01
        """,
    "vocab/toeic.md": """
        ---
        title: TOEIC
        ---
        ## 2026-11-13
        - abandon :: 버리다
        - benevolent :: 자비로운

        ## 2026-11-20
        - candid :: 솔직한
        """,
    # Review 1 of the 13th's words (due the 18th) was taken that day: docs/content.md#the-review-schedule.
    "vocab/reviews.md": """
        ## 2026-11-18
        - toeic:
        """,
    "vocab/secret.md": """
        ---
        title: 비밀 단어장
        private: true
        ---
        ## 2026-11-20
        - whisper :: 속삭이다
        """,
    "routines.yml": """
        - id: wake
          name: 6시 기상
          days: [mon, tue, wed, thu, fri]
          time: "06:00"
          minutes: 10
          from: 2026-10-01
        - id: reading
          name: Reading, slowly; with tea
          days: [sat, sun]
          time: "07:00"
          minutes: 30
          from: 2026-11-01
          until: 2026-12-31
        - id: journal
          name: 일기
          days: [daily]
          from: 2026-11-01
        """,
}


@pytest.fixture(scope="module")
def fixture_content(tmp_path_factory):
    content = tmp_path_factory.mktemp("ics") / "content"
    for path, text in FIXTURE.items():
        (content / path).parent.mkdir(parents=True, exist_ok=True)
        (content / path).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return content


def build(content, out, *extra, today=TODAY):
    daybook("build", "--content", str(content), "--output", str(out), "--today", today, *extra)
    return (out / "calendar.ics").read_bytes()


@pytest.fixture(scope="module")
def feed(fixture_content, tmp_path_factory):
    return build(fixture_content, tmp_path_factory.mktemp("ics-site") / "public")


def events(data):
    return {str(event["UID"]): event for event in icalendar.Calendar.from_ical(data).walk("VEVENT")}


def assert_well_formed(data):
    """CRLF line ends only, no physical line over 75 octets, each line valid UTF-8 on its own."""
    assert data.endswith(b"\r\n")
    assert b"\n" not in data.replace(b"\r\n", b"") and b"\r" not in data.replace(b"\r\n", b"")
    for line in data.split(b"\r\n")[:-1]:
        assert len(line) <= 75, line
        line.decode("utf-8")
    calendar = icalendar.Calendar.from_ical(data)
    assert str(calendar["VERSION"]) == "2.0"
    assert str(calendar["CALSCALE"]) == "GREGORIAN"
    assert str(calendar["PRODID"])
    return calendar


def test_sample_site_feed_is_well_formed(sample_site):
    data = (sample_site / "calendar.ics").read_bytes()
    calendar = assert_well_formed(data)
    assert str(calendar["X-WR-CALNAME"]) == "지우의 하루"
    [zone] = calendar.walk("VTIMEZONE")
    assert str(zone["TZID"]) == "Asia/Seoul"
    for event in calendar.walk("VEVENT"):
        assert str(event["UID"]).endswith("@" + HOST)
        assert event["DTSTAMP"].dt == datetime.datetime(2026, 11, 23, tzinfo=UTC)


def test_reviews_splits_and_routines_are_events(feed):
    calendar = assert_well_formed(feed)
    assert str(calendar["X-WR-CALNAME"]) == "지우의 하루"
    by_uid = events(feed)
    # DTSTAMP is the build's day at 00:00 UTC, not the wall clock.
    assert {event["DTSTAMP"].dt for event in by_uid.values()} == {datetime.datetime(2026, 11, 23, tzinfo=UTC)}

    review = by_uid[f"review-toeic-2026-11-25@{HOST}"]
    assert str(review["SUMMARY"]) == "TOEIC: 복습할 단어 3개 (1차 복습, 2차 복습)"
    assert "abandon, benevolent" in str(review["DESCRIPTION"]) and "candid" in str(review["DESCRIPTION"])
    assert review["DTSTART"].dt == datetime.date(2026, 11, 25) and review["DTEND"].dt == datetime.date(2026, 11, 26)
    assert str(review["URL"]) == "https://example.github.io/daybook/vocab/toeic/"
    # 30 days of the past stay: review 1 of the 13th's words was on the 18th.
    assert f"review-toeic-2026-11-18@{HOST}" in by_uid
    assert f"review-toeic-2026-12-16@{HOST}" in by_uid  # review 3 of the 20th's words

    splits = sorted(uid for uid in by_uid if uid.startswith("split-"))
    assert len(splits) == 60
    assert splits[0] == f"split-2026-11-23@{HOST}" and splits[-1] == f"split-2027-01-21@{HOST}"
    # Day 22 of a five-part daily rotation started on 2026-11-01.
    assert str(by_uid[f"split-2026-11-23@{HOST}"]["SUMMARY"]) == "운동: Legs"
    assert by_uid[f"split-2026-11-23@{HOST}"]["DTSTART"].dt == datetime.date(2026, 11, 23)

    routines = {uid: event for uid, event in by_uid.items() if uid.startswith("routine-")}
    assert set(routines) == {f"routine-{name}@{HOST}" for name in ("wake", "reading", "journal")}
    for event in routines.values():
        assert event["RRULE"]["FREQ"] == ["WEEKLY"] and event["RRULE"]["BYDAY"]
        [alarm] = event.walk("VALARM")
        assert str(alarm["ACTION"]) == "DISPLAY" and alarm["TRIGGER"].dt is not None
    wake = routines[f"routine-wake@{HOST}"]
    assert wake["DTSTART"].params["TZID"] == "Europe/London"
    assert wake["DURATION"].dt == datetime.timedelta(minutes=10)
    assert [alarm["TRIGGER"].dt for alarm in wake.walk("VALARM")] == [datetime.timedelta(minutes=-10)]
    assert str(routines[f"routine-reading@{HOST}"]["SUMMARY"]) == "Reading, slowly; with tea"
    assert "30분" in str(routines[f"routine-reading@{HOST}"]["DESCRIPTION"])
    journal = routines[f"routine-journal@{HOST}"]
    assert journal["DTSTART"].dt == datetime.date(2026, 11, 1)  # all-day: no time given
    assert str(journal["DESCRIPTION"]) == "일기 (월, 화, 수, 목, 금, 토, 일)"  # no minutes invented


def occurrences(event, start, end):
    """The event's start times in [start, end), as a subscribing app expands them."""
    rule = rrulestr(event["RRULE"].to_ical().decode(), dtstart=event["DTSTART"].dt)
    return rule.between(start, end, inc=True)


def test_weekly_routines_fall_on_their_days_in_the_site_time_zone(feed):
    by_uid = events(feed)
    # The week British Summer Time ends (Sunday 2026-10-25): still 06:00 in London, an hour later in UTC.
    wake = occurrences(by_uid[f"routine-wake@{HOST}"], datetime.datetime(2026, 10, 19, tzinfo=LONDON),
                       datetime.datetime(2026, 11, 1, tzinfo=LONDON))
    assert [(moment.date().isoformat(), moment.strftime("%H:%M")) for moment in wake] == [
        (f"2026-10-{day}", "06:00") for day in (19, 20, 21, 22, 23, 26, 27, 28, 29, 30)]
    assert [moment.astimezone(UTC).hour for moment in wake] == [5] * 5 + [6] * 5

    # Weekends from 2026-11-01 through the `until` day, and none after.
    reading = occurrences(by_uid[f"routine-reading@{HOST}"], datetime.datetime(2026, 10, 1, tzinfo=LONDON),
                          datetime.datetime(2027, 3, 1, tzinfo=LONDON))
    day, weekends = datetime.date(2026, 11, 1), []
    while day <= datetime.date(2026, 12, 31):
        if day.weekday() >= 5:
            weekends.append(day)
        day += datetime.timedelta(days=1)
    assert [moment.date() for moment in reading] == weekends
    assert all(moment.strftime("%H:%M") == "07:00" for moment in reading)


def test_vtimezone_agrees_with_the_time_zone_database(feed):
    [zone] = icalendar.Calendar.from_ical(feed).walk("VTIMEZONE")
    assert str(zone["TZID"]) == "Europe/London"
    ours = zone.to_tz(lookup_tzid=False)  # built from the file's own rules, not looked up by name
    moment = datetime.datetime(2026, 1, 1, 12)
    while moment < datetime.datetime(2031, 1, 1):
        assert moment.replace(tzinfo=ours).utcoffset() == moment.replace(tzinfo=LONDON).utcoffset(), moment
        moment += datetime.timedelta(hours=23)


def test_two_builds_on_the_same_day_are_identical_and_uids_last(fixture_content, feed, tmp_path):
    again = build(fixture_content, tmp_path / "again")
    assert again == feed
    tomorrow = events(build(fixture_content, tmp_path / "tomorrow", today="2026-11-24"))
    today = events(feed)
    # Tomorrow every event still in the window keeps its UID: one split day is added, none renamed.
    assert set(tomorrow) - set(today) == {f"split-2027-01-22@{HOST}"}
    assert str(tomorrow[f"routine-wake@{HOST}"]["DTSTART"].to_ical()) == str(today[f"routine-wake@{HOST}"]["DTSTART"].to_ical())


def test_private_decks_never_appear(fixture_content, feed, tmp_path):
    with_private = build(fixture_content, tmp_path / "private", "--include-private")
    for data in (feed, with_private):
        text = data.decode("utf-8").replace("\r\n ", "")
        assert "TOEIC" in text
        for secret in ("secret", "비밀", "whisper", "속삭이다"):
            assert secret not in text


def with_settings(fixture_content, tmp_path, vocab="", workouts="", reviews=None):
    """A copy of the fixture with lines added under `vocab:` and `workouts:` in site.yml."""
    content = tmp_path / "content"
    shutil.copytree(fixture_content, content)
    site = (content / "site.yml").read_text()
    site = site.replace("workouts:\n", "workouts:\n" + workouts) + ("vocab:\n" + vocab if vocab else "")
    (content / "site.yml").write_text(site)
    if reviews is not None:
        (content / "vocab/reviews.md").write_text(reviews)
    return content


def test_remind_hours_ring_at_that_hour_in_the_site_time_zone(fixture_content, tmp_path):
    """docs/site.md#feeds-and-the-calendar-feed: `vocab.remind` makes each day's reviews one event at that hour,
    naming the word books and how many words; `workouts.remind` the day's
    split; each with an alarm at the hour. Routines keep theirs."""
    content = with_settings(fixture_content, tmp_path, vocab='  remind: "21:00"\n', workouts='  remind: "18:30"\n')
    data = build(content, tmp_path / "public")
    assert_well_formed(data)
    by_uid = events(data)
    assert not [uid for uid in by_uid if uid.startswith("review-")], "the timed events replace the all-day ones"

    review = by_uid[f"reviews-2026-11-25@{HOST}"]
    assert review["DTSTART"].params["TZID"] == "Europe/London"
    start = review["DTSTART"].dt
    assert (start.replace(tzinfo=None), start.utcoffset()) == (datetime.datetime(2026, 11, 25, 21, 0), datetime.timedelta(0))
    assert review["DURATION"].dt == datetime.timedelta(minutes=30)
    assert str(review["SUMMARY"]) == "복습할 단어 3개: TOEIC (11월 13일, 11월 20일)"
    assert "abandon, benevolent" in str(review["DESCRIPTION"]) and "candid" in str(review["DESCRIPTION"])
    [alarm] = review.walk("VALARM")
    assert str(alarm["ACTION"]) == "DISPLAY" and alarm["TRIGGER"].dt == datetime.timedelta(0)
    assert str(alarm["DESCRIPTION"]) == str(review["SUMMARY"])

    split = by_uid[f"split-2026-11-23@{HOST}"]
    assert split["DTSTART"].dt.replace(tzinfo=None) == datetime.datetime(2026, 11, 23, 18, 30)
    assert split["DTSTART"].params["TZID"] == "Europe/London"
    assert len([uid for uid in by_uid if uid.startswith("split-")]) == 60
    assert [alarm["TRIGGER"].dt for alarm in split.walk("VALARM")] == [datetime.timedelta(0)]
    assert [alarm["TRIGGER"].dt for alarm in by_uid[f"routine-wake@{HOST}"].walk("VALARM")] == [datetime.timedelta(minutes=-10)]
    for secret in ("whisper", "비밀"):
        assert secret not in data.decode("utf-8").replace("\r\n ", "")

    # UIDs last from build to build: tomorrow only adds a day.
    tomorrow = events(build(content, tmp_path / "tomorrow", today="2026-11-24"))
    assert set(tomorrow) - set(by_uid) == {f"split-2027-01-22@{HOST}"}


def test_a_reminder_in_summer_time_rings_at_the_local_hour(fixture_content, tmp_path):
    content = with_settings(fixture_content, tmp_path, workouts='  remind: "18:30"\n')
    by_uid = events(build(content, tmp_path / "public", today="2027-06-01"))
    start = by_uid[f"split-2027-06-01@{HOST}"]["DTSTART"].dt
    assert start.astimezone(UTC) == datetime.datetime(2027, 6, 1, 17, 30, tzinfo=UTC)


def test_an_overdue_review_is_todays_event_with_how_many_days_late(fixture_content, tmp_path):
    """docs/content.md#the-review-schedule: with nothing recorded the 13th's review 1 (due the 18th) is
    still to be taken on the 23rd, 5 days late, and is not on the 18th."""
    for remind, uid in (("", "review-toeic-"), ('  remind: "21:00"\n', "reviews-")):
        content = with_settings(fixture_content, tmp_path / uid, vocab=remind, reviews="")
        by_uid = events(build(content, tmp_path / uid / "public"))
        assert f"{uid}2026-11-18@{HOST}" not in by_uid
        today = by_uid[f"{uid}2026-11-23@{HOST}"]
        assert "11월 13일에 추가한 단어 1차 복습 (5일 늦음): abandon, benevolent" in str(today["DESCRIPTION"])
        if not remind:
            assert str(today["SUMMARY"]) == "TOEIC: 복습할 단어 2개 (1차 복습, 5일 늦음)"
            assert today["DTSTART"].dt == datetime.date(2026, 11, 23)


def test_a_bad_hour_is_an_error_at_its_line(fixture_content, tmp_path):
    content = with_settings(fixture_content, tmp_path, vocab='  remind: "9pm"\n')
    result = daybook("build", "--content", str(content), "--output", str(tmp_path / "out"), check=False)
    assert result.returncode == 1
    lines = (content / "site.yml").read_text().splitlines()
    line = next(number for number, text in enumerate(lines, 1) if "9pm" in text)
    assert f"site.yml:{line}:11: error: invalid remind '9pm'" in result.stderr
