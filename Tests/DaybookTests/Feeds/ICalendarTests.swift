@testable import DaybookSite
import Foundation
import PropertyBased
import Testing

/// The RFC 5545 serialiser and VTIMEZONE generation (`ICalendar.swift`), without the file system.
@Suite struct ICalendarTests {
    static func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    /// The physical lines of a serialised text, as bytes; nil unless every line ends in CRLF.
    static func physicalLines(_ text: String) -> [ArraySlice<UInt8>]? {
        let bytes = Array(text.utf8)
        var lines: [ArraySlice<UInt8>] = []
        var start = 0, index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 13:
                guard index + 1 < bytes.count, bytes[index + 1] == 10 else { return nil }
                lines.append(bytes[start..<index])
                index += 2
                start = index
            case 10:
                return nil
            default:
                index += 1
            }
        }
        return start == bytes.count ? lines : nil
    }

    /// RFC 5545 unfolding: every CRLF followed by a space removed, by octets.
    static func unfold(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            bytes.append(byte)
            let n = bytes.count
            if n >= 3, bytes[n - 3] == 13, bytes[n - 2] == 10, bytes[n - 1] == 32 { bytes.removeLast(3) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Folding

    @Test func foldsOnlyPast75Octets() {
        let exact = String(repeating: "a", count: 75)
        #expect(ICalendar.fold(exact) == exact + "\r\n")
        #expect(ICalendar.fold(exact + "b") == exact + "\r\n b\r\n")
        // 25 Hangul syllables are 75 octets: one line; one more octet moves the last syllable on whole.
        let korean = String(repeating: "가", count: 25)
        #expect(ICalendar.fold(korean) == korean + "\r\n")
        #expect(ICalendar.fold("a" + korean) == "a" + String(repeating: "가", count: 24) + "\r\n 가\r\n")
        // A decomposed syllable (as macOS writes file names) moves on whole: 3 jamo, 9 octets.
        let decomposed = "\u{1100}\u{1161}\u{11A8}"
        #expect(ICalendar.fold(String(repeating: "a", count: 70) + decomposed) == String(repeating: "a", count: 70) + "\r\n " + decomposed + "\r\n")
        // A character longer than a line is still cut, between its scalars.
        let long = "e" + String(repeating: "\u{301}", count: 40)
        #expect(Self.physicalLines(ICalendar.fold(long))?.map(\.count) == [75, 7])
    }

    @Test func foldedLinesAreAtMost75OctetsAndNeverSplitACharacter() async {
        let pool: [Character] = ["a", " ", ";", ",", "\\", "\n", "é", "가", "힣", "漢", "😀", "👩‍👩‍👧", "e\u{301}", "\u{1100}\u{1161}\u{11A8}"]
        let text = Gen<Character?>.element(of: pool).map { $0 ?? "a" }.string(of: 0...240)
        await propertyCheck(count: 500, input: text) { value in
            let line = "SUMMARY:" + ICalendar.text(value)
            let folded = ICalendar.fold(line)
            guard let lines = Self.physicalLines(folded) else {
                Issue.record("a line does not end in CRLF")
                return
            }
            #expect(lines.allSatisfy { $0.count <= 75 }, "a line is longer than 75 octets: \(lines.map(\.count))")
            #expect(lines.allSatisfy { String(validating: $0, as: UTF8.self) != nil }, "a line splits a UTF-8 sequence")
            #expect(lines.dropFirst().allSatisfy { $0.first == 32 }, "a continuation line does not start with a space")
            #expect(Self.unfold(folded) == line + "\r\n")
        }
    }

    // MARK: Values

    @Test func escapesText() {
        #expect(ICalendar.text(#"a\b;c,d"#) == #"a\\b\;c\,d"#)
        #expect(ICalendar.text("one\ntwo\r\nthree\rfour") == #"one\ntwo\nthree\nfour"#)
        #expect(ICalendar.text("tab\there\u{7}bell") == "tab\there" + "bell")
        #expect(ICalendar.text("6시 기상: 물 한 잔") == "6시 기상: 물 한 잔")
    }

    @Test func formatsDurationsOffsetsAndTimes() {
        #expect(ICalendar.duration(minutes: -10) == "-PT10M")
        #expect(ICalendar.duration(minutes: 540) == "PT9H")
        #expect(ICalendar.duration(minutes: 90) == "PT1H30M")
        #expect(ICalendar.duration(minutes: 0) == "PT0S")
        #expect(ICalendar.utcOffset(seconds: 9 * 3600) == "+0900")
        #expect(ICalendar.utcOffset(seconds: -(4 * 3600 + 30 * 60)) == "-0430")
        #expect(ICalendar.utcOffset(seconds: 0) == "+0000")
        #expect(ICalendarDateTime(Self.date("2026-11-02"), LocalTime(hour: 6, minute: 5)!).basic == "20261102T060500")
        #expect(ICalendarDateTime(Self.date("2026-12-31"), seconds: 86_400 + 61).basic == "20270101T000101")
        #expect(ICalendarDateTime(Self.date("2027-01-01"), seconds: -1).basic == "20261231T235959")
    }

    // MARK: Events and the calendar

    static func calendar(_ events: [ICalendarEvent], timeZone: ICalendarTimeZone? = nil) -> String {
        ICalendar(name: "지우의 하루", stamp: ICalendarDateTime(date("2026-11-23")), refreshMinutes: 720,
                  timeZone: timeZone, events: events).serialized()
    }

    @Test func writesTheCalendarWithCRLFEverywhere() {
        let text = Self.calendar([ICalendarEvent(uid: "split-2026-11-24@example.org", when: .allDay(Self.date("2026-11-24")),
                                                 summary: "Workout: Legs")])
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"))
        #expect(text.contains("\r\nCALSCALE:GREGORIAN\r\n"))
        #expect(text.contains("\r\nX-WR-CALNAME:지우의 하루\r\n"))
        #expect(text.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
        #expect(Self.physicalLines(text) != nil, "a bare CR or LF, or no CRLF at the end")
        #expect(Self.physicalLines("A:1\nB:2\r\n") == nil && Self.physicalLines("A:1\r\nB:2") == nil)
    }

    @Test func allDayEventsUseDatesAndEndTheNextDay() {
        let event = ICalendarEvent(uid: "review-toeic-2026-11-25@example.org", when: .allDay(Self.date("2026-11-25")),
                                   summary: "TOEIC: 12 words to review (review 2)", description: "abandon, candid",
                                   url: "https://example.org/vocab/toeic/",
                                   alarms: [.init(minutes: 540, description: "TOEIC")])
        let text = Self.unfold(Self.calendar([event]))
        #expect(text.contains("""
            BEGIN:VEVENT\r
            UID:review-toeic-2026-11-25@example.org\r
            DTSTAMP:20261123T000000Z\r
            DTSTART;VALUE=DATE:20261125\r
            DTEND;VALUE=DATE:20261126\r
            SUMMARY:TOEIC: 12 words to review (review 2)\r
            DESCRIPTION:abandon\\, candid\r
            URL;VALUE=URI:https://example.org/vocab/toeic/\r
            TRANSP:TRANSPARENT\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            TRIGGER:PT9H\r
            DESCRIPTION:TOEIC\r
            END:VALARM\r
            END:VEVENT\r

            """))
        #expect(!text.contains("TZID"))
    }

    @Test func timedRecurringEventsUseTheZoneADurationAndAWeeklyRuleUntilUTC() {
        let until = ICalendarTimeZone.utc(ICalendarDateTime(Self.date("2026-12-31"), seconds: 86_399), in: "Asia/Seoul")
        #expect(until.basic == "20261231T145959")
        let event = ICalendarEvent(uid: "routine-wake@example.org",
                                   when: .timed(ICalendarDateTime(Self.date("2026-11-02"), LocalTime(hour: 6, minute: 0)!),
                                                timeZone: "Asia/Seoul", minutes: 10),
                                   summary: "6시 기상", repeats: .init(weekdays: [5, 1, 3], until: .utc(until)),
                                   alarms: [.init(minutes: -10, description: "6시 기상")])
        let text = Self.calendar([event])
        #expect(text.contains("\r\nDTSTART;TZID=Asia/Seoul:20261102T060000\r\nDURATION:PT10M\r\n"))
        #expect(text.contains("\r\nRRULE:FREQ=WEEKLY;UNTIL=20261231T145959Z;BYDAY=MO,WE,FR\r\n"))
        #expect(text.contains("\r\nTRIGGER:-PT10M\r\n"))
        #expect(!text.contains("DTEND") && !text.contains("TRANSP"))

        let allDay = ICalendarEvent(uid: "routine-journal@x", when: .allDay(Self.date("2026-11-01")), summary: "Journal",
                                    repeats: .init(weekdays: Set(1...7), until: .date(Self.date("2026-12-31"))))
        #expect(Self.calendar([allDay]).contains("\r\nRRULE:FREQ=WEEKLY;UNTIL=20261231;BYDAY=MO,TU,WE,TH,FR,SA,SU\r\n"))
    }

    // MARK: VTIMEZONE

    typealias Observance = ICalendarTimeZone.Observance

    @Test func seoulHasOneFixedStandardOffset() throws {
        let zone = try #require(ICalendarTimeZone(identifier: "Asia/Seoul", from: 2026, ruleYear: 2026))
        #expect(zone.observances == [Observance(kind: .standard, start: ICalendarDateTime(Self.date("2026-01-01")),
                                                offsetFrom: 9 * 3600, offsetTo: 9 * 3600)])
        #expect(Self.calendar([], timeZone: zone).contains("""
            BEGIN:VTIMEZONE\r
            TZID:Asia/Seoul\r
            BEGIN:STANDARD\r
            DTSTART:20260101T000000\r
            TZOFFSETFROM:+0900\r
            TZOFFSETTO:+0900\r
            END:STANDARD\r
            END:VTIMEZONE\r

            """))
    }

    @Test func londonChangesOnTheLastSundaysOfMarchAndOctober() throws {
        let zone = try #require(ICalendarTimeZone(identifier: "Europe/London", from: 2026, ruleYear: 2026))
        let march = ICalendarTimeZone.YearlyRule(month: 3, week: -1, weekday: 7)
        let october = ICalendarTimeZone.YearlyRule(month: 10, week: -1, weekday: 7)
        #expect(zone.observances == [
            Observance(kind: .standard, start: ICalendarDateTime(Self.date("2026-01-01")), offsetFrom: 0, offsetTo: 0),
            // Onsets in local time before the change: 01:00 GMT, 02:00 BST.
            Observance(kind: .daylight, start: ICalendarDateTime(Self.date("2026-03-29"), seconds: 3600), offsetFrom: 0, offsetTo: 3600, rule: march),
            Observance(kind: .standard, start: ICalendarDateTime(Self.date("2026-10-25"), seconds: 7200), offsetFrom: 3600, offsetTo: 0, rule: october),
        ])
        let text = Self.calendar([], timeZone: zone)
        #expect(text.contains("BEGIN:DAYLIGHT\r\nDTSTART:20260329T010000\r\nTZOFFSETFROM:+0000\r\nTZOFFSETTO:+0100\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\nEND:DAYLIGHT\r\n"))
        #expect(text.contains("BEGIN:STANDARD\r\nDTSTART:20261025T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0000\r\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nEND:STANDARD\r\n"))

        // Routines that began earlier: the rules reach back to cover them.
        let earlier = try #require(ICalendarTimeZone(identifier: "Europe/London", from: 2024, ruleYear: 2026))
        #expect(earlier.observances.map(\.start.basic) == ["20240101T000000", "20240331T010000", "20241027T020000"])
    }

    @Test func newYorkUsesTheSecondAndFirstSundays() throws {
        let zone = try #require(ICalendarTimeZone(identifier: "America/New_York", from: 2026, ruleYear: 2026))
        #expect(zone.observances.compactMap(\.rule) == [.init(month: 3, week: 2, weekday: 7), .init(month: 11, week: 1, weekday: 7)])
        #expect(zone.observances.map(\.start.basic) == ["20260101T000000", "20260308T020000", "20261101T020000"])
    }

    @Test func aZoneWithoutAYearlyRuleListsEachChange() throws {
        // Morocco leaves daylight saving time for Ramadan, which moves every year.
        let zone = try #require(ICalendarTimeZone(identifier: "Africa/Casablanca", from: 2026, ruleYear: 2026))
        #expect(zone.observances.allSatisfy { $0.rule == nil })
        #expect(zone.observances.count > 2 * ICalendarTimeZone.checkedYears)
        #expect(zone.observances.map(\.start) == zone.observances.map(\.start).sorted { ($0.date, $0.seconds) < ($1.date, $1.seconds) })
    }

    @Test func rulesFindTheirDays() {
        #expect(ICalendarTimeZone.YearlyRule(month: 10, week: -1, weekday: 7).date(in: 2026)?.iso == "2026-10-25")
        #expect(ICalendarTimeZone.YearlyRule(month: 3, week: -1, weekday: 7).date(in: 2030)?.iso == "2030-03-31")
        #expect(ICalendarTimeZone.YearlyRule(month: 3, week: 2, weekday: 7).date(in: 2026)?.iso == "2026-03-08")
        #expect(ICalendarTimeZone.YearlyRule(month: 2, week: 5, weekday: 1).date(in: 2026) == nil)
        #expect(ICalendarTimeZone.utc(ICalendarDateTime(Self.date("2026-07-01"), seconds: 12 * 3600), in: "Europe/London").basic == "20260701T110000")
        #expect(ICalendarTimeZone(identifier: "Mars/Olympus_Mons", from: 2026, ruleYear: 2026) == nil)
    }
}

/// What `calendar.ics` holds for a site (`CalendarFeed`), built in memory.
@Suite struct CalendarFeedTests {
    static func site(includePrivate: Bool = false, today: String = "2026-11-23", baseURL: String? = "https://example.github.io/daybook/",
                     change: (inout Content) -> Void = { _ in }) throws -> PublicSite {
        var diagnostics = Diagnostics()
        var content = Content()
        content.config.locale = .en
        content.config.baseURL = baseURL
        content.config.timezone = "Asia/Seoul"
        content.config.workouts.split = ["Chest", "Back", "Legs"]
        content.config.workouts.start = LocalDate(iso: "2026-11-01")
        let decks = [("toeic", "---\ntitle: TOEIC\n---\n## 2026-11-13\n- abandon :: 버리다\n- benevolent :: 자비로운\n## 2026-11-20\n- candid :: 솔직한\n"),
                     ("diary-words", "---\ntitle: Secret Words\nprivate: true\n---\n## 2026-11-20\n- hush :: 쉿\n")]
        content[VocabKind.self] = decks.compactMap { name, text in
            DeckParser.parse(SourceFile(displayPath: "content/vocab/\(name).md", relativePath: "vocab/\(name).md", text: text),
                             settings: content.config.vocab, into: &diagnostics)
        }
        content.routines = [
            Routine(id: "wake", name: "6시 기상", weekdays: [1, 2, 3, 4, 5], time: LocalTime(hour: 6, minute: 0), minutes: 10,
                    from: LocalDate(iso: "2026-11-01"), until: LocalDate(iso: "2026-12-31")),
            Routine(id: "journal", name: "Journal", weekdays: [7], from: LocalDate(iso: "2026-11-02")),
        ]
        // Review 1 of the 13th's book, due on the 18th, was taken that day (docs/content.md#the-review-schedule).
        content.reviews = ReviewLog(days: [ReviewLog.Day(date: LocalDate(iso: "2026-11-18")!, location: SourceLocation(path: "content/vocab/reviews.md"),
                                                         decks: ["toeic"])])
        change(&content)
        #expect(diagnostics.items.isEmpty)
        let theme = Theme.load(name: "default", themesDirectory: URL(fileURLWithPath: "/nonexistent"), into: &diagnostics)
        let translation = try #require(theme.translations["en"])
        return PublicSite(SiteData(content: content, today: LocalDate(iso: today)!, translation: translation,
                                   visibility: Visibility(includePrivate: includePrivate), seed: 1))
    }

    static func event(_ uid: String, in calendar: ICalendar) -> ICalendarEvent? { calendar.events.first { $0.uid == uid } }

    @Test func reviewsSplitsAndRoutinesAreEvents() throws {
        let calendar = CalendarFeed.calendar(try Self.site())
        let review = try #require(Self.event("review-toeic-2026-11-25@example.github.io", in: calendar))
        #expect(review.summary == "TOEIC: 3 words to review (review 1, review 2)")
        #expect(review.description == "Review 2 of the words from 13 November: abandon, benevolent\nReview 1 of the words from 20 November: candid")
        #expect(review.url == "https://example.github.io/daybook/vocab/toeic/")
        // The recent past is kept (review 1 of the 13th was on the 18th); nothing older than 30 days.
        #expect(Self.event("review-toeic-2026-11-18@example.github.io", in: calendar) != nil)

        let splits = calendar.events.filter { $0.uid.hasPrefix("split-") }
        #expect(splits.count == CalendarFeed.splitDays)
        #expect(splits.first?.uid == "split-2026-11-23@example.github.io")
        #expect(splits.first?.summary == "Workout: Back") // day 22 of a 3-part rotation from 2026-11-01

        let wake = try #require(Self.event("routine-wake@example.github.io", in: calendar))
        // 2026-11-01 is a Sunday: the first occurrence is Monday the 2nd.
        #expect(ICalendar(stamp: calendar.stamp, events: [wake]).serialized().contains("""
            DTSTART;TZID=Asia/Seoul:20261102T060000\r
            DURATION:PT10M\r
            RRULE:FREQ=WEEKLY;UNTIL=20261231T145959Z;BYDAY=MO,TU,WE,TH,FR\r
            SUMMARY:6시 기상\r
            DESCRIPTION:6시 기상: 10 min (Mon\\, Tue\\, Wed\\, Thu\\, Fri)\r
            """))
        #expect(wake.alarms.map(\.minutes) == [-10])
        let journal = try #require(Self.event("routine-journal@example.github.io", in: calendar))
        guard case let .allDay(first, _) = journal.when else { Issue.record("journal has a time"); return }
        #expect(first.iso == "2026-11-08")
    }

    /// docs/phone.md: an all-day event rings at 09:00 of its day — a deck's review
    /// day, a planned split, a routine without a time — once each.
    @Test func allDayEventsRingAtNine() throws {
        let calendar = CalendarFeed.calendar(try Self.site())
        let review = try #require(Self.event("review-toeic-2026-11-25@example.github.io", in: calendar))
        let split = try #require(Self.event("split-2026-11-23@example.github.io", in: calendar))
        let journal = try #require(Self.event("routine-journal@example.github.io", in: calendar))
        for event in [review, split, journal] {
            guard case .allDay = event.when else { Issue.record("\(event.uid) has a time"); continue }
            #expect(event.alarms.map(\.minutes) == [9 * 60], "\(event.uid)")
            let text = ICalendar(stamp: calendar.stamp, events: [event]).serialized()
            #expect(text.components(separatedBy: "BEGIN:VALARM").count == 2, "\(event.uid)")
            #expect(text.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:PT9H\r\n"), "\(text)")
        }
        let alarmed = calendar.events.filter { $0.alarms.count == 1 }
        #expect(alarmed.count == calendar.events.count, "every event has its alarm")
    }

    /// docs/site.md#feeds-and-the-calendar-feed: with `vocab.remind` the day's reviews of every deck are one
    /// event at that hour, with an alarm at the hour; with `workouts.remind`
    /// the day's split likewise. The UIDs name the day, as before.
    @Test func remindHoursMakeTimedEventsWithAlarms() throws {
        let site = try Self.site { content in
            content.config.vocab.remind = LocalTime(hour: 21, minute: 0)
            content.config.workouts.remind = LocalTime(hour: 18, minute: 30)
        }
        let calendar = CalendarFeed.calendar(site)
        #expect(!calendar.events.contains { $0.uid.hasPrefix("review-") }, "no all-day reviews besides the timed ones")
        let review = try #require(Self.event("reviews-2026-11-25@example.github.io", in: calendar))
        #expect(review.summary == "3 words to review: TOEIC (13 November, 20 November)")
        #expect(review.description == "TOEIC: Review 2 of the words from 13 November: abandon, benevolent\nTOEIC: Review 1 of the words from 20 November: candid")
        #expect(review.alarms.map(\.minutes) == [0])
        let text = ICalendar(stamp: calendar.stamp, events: [review]).serialized()
        #expect(text.contains("DTSTART;TZID=Asia/Seoul:20261125T210000\r\nDURATION:PT30M\r\n"))
        #expect(text.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:PT0S\r\n"))
        #expect(!calendar.events.contains { $0.uid.contains("diary-words") || $0.summary.contains("Secret") })

        let split = try #require(Self.event("split-2026-11-23@example.github.io", in: calendar))
        guard case let .timed(start, zone, minutes) = split.when else { Issue.record("the split is all-day"); return }
        #expect(start == ICalendarDateTime(LocalDate(iso: "2026-11-23")!, LocalTime(hour: 18, minute: 30)!) && zone == "Asia/Seoul" && minutes == 30)
        #expect(split.alarms.map(\.minutes) == [0])
        // Routines keep their own time and alarm.
        #expect(Self.event("routine-wake@example.github.io", in: calendar)?.alarms.map(\.minutes) == [-10])
    }

    /// docs/content.md#the-review-schedule: a review not taken is in today's event with how many days late, not on its past day.
    @Test func anOverdueReviewIsTodaysEventWithHowManyDaysLate() throws {
        for remind in [nil, LocalTime(hour: 21, minute: 0)] {
            let calendar = CalendarFeed.calendar(try Self.site(today: "2026-11-27") { content in
                content.reviews = ReviewLog()
                content.config.vocab.remind = remind
            })
            let prefix = remind == nil ? "review-toeic-" : "reviews-"
            #expect(Self.event("\(prefix)2026-11-18@example.github.io", in: calendar) == nil)
            let today = try #require(Self.event("\(prefix)2026-11-27@example.github.io", in: calendar))
            #expect(today.description?.contains("Review 1 of the words from 13 November (9 days late): abandon, benevolent") == true)
            #expect(today.description?.contains("Review 1 of the words from 20 November (2 days late): candid") == true)
            if remind == nil { #expect(today.summary == "TOEIC: 3 words to review (review 1, 9 days late)") }
        }
    }

    @Test func privateDecksNeverAppear() throws {
        for includePrivate in [false, true] {
            let text = CalendarFeed.calendar(try Self.site(includePrivate: includePrivate)).serialized()
            #expect(!text.contains("diary-words") && !text.contains("Secret Words") && !text.contains("hush"))
            #expect(text.contains("TOEIC"))
        }
    }

    @Test func sameDaySameBytesAndUIDsStayAcrossDays() throws {
        let first = CalendarFeed.calendar(try Self.site()).serialized()
        #expect(CalendarFeed.calendar(try Self.site()).serialized() == first)
        let tomorrow = CalendarFeed.calendar(try Self.site(today: "2026-11-24"))
        let uids = Set(CalendarFeed.calendar(try Self.site()).events.map(\.uid))
        // Tomorrow's feed keeps every event still in its window under the same UID.
        #expect(Set(tomorrow.events.map(\.uid)).subtracting(uids) == ["split-2027-01-22@example.github.io"])
        #expect(tomorrow.stamp.basic == "20261124T000000")
    }

    @Test func withoutBaseURLTheHostIsDaybookAndThereIsNoURL() throws {
        let calendar = CalendarFeed.calendar(try Self.site(baseURL: nil))
        #expect(calendar.events.allSatisfy { $0.uid.hasSuffix("@daybook") && $0.url == nil })
    }

    @Test func fillsPlaceholdersOnce() {
        #expect(Translation.fill("{deck}: {words}", ["deck": "{words}", "words": "3"]) == "{words}: 3")
        #expect(Translation.fill("{unknown} {", [:]) == "{unknown} {")
    }
}
