"""calendar.ics read back by a real iCalendar parser (icalendar), its
recurrences expanded with dateutil, as a calendar app subscribing to it would."""
import datetime
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
