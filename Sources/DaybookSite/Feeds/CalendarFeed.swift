import DaybookContent
import DaybookRender
import DaybookSchedule
import Foundation

/// `calendar.ics` (RFC 5545), for subscribing from a calendar app: the plan,
/// nothing else.
///
/// - Reviews due per public deck and day, all-day, from `pastDays` ago on (so a
///   subscribed calendar still shows the recent ones) through the last projected
///   review. Private decks never appear, whatever the build options.
/// - The planned split of today and the next days (`splitDays` in all), all-day.
/// - Each routine as a weekly recurring event from its first scheduled day,
///   at its `time` in the site's time zone for `minutes` (15 without), or
///   all-day without a time.
///
/// Every event carries a display alarm (10 minutes before a routine, 09:00 on
/// an all-day day), but many apps ignore alarms in subscribed calendars, so the
/// summary and description say everything. UIDs name what the event is
/// (`review-toeic-2026-11-25@host`) and DTSTAMP is the build's today at
/// 00:00 UTC, so rebuilding on the same day gives the same bytes and a
/// subscriber updates events instead of duplicating them.
struct CalendarFeed: SiteFeature {
    static let pastDays = 30
    static let splitDays = 60
    static let defaultRoutineMinutes = 15
    static let routineAlarmMinutes = -10
    /// 09:00 on the day of an all-day event.
    static let allDayAlarmMinutes = 9 * 60

    func pages(_ site: SiteData) -> [Page] {
        [Page(file: Routes.calendarFeed) { _ in Array(Self.calendar(site).serialized().utf8) }]
    }

    static func calendar(_ site: SiteData) -> ICalendar {
        let routines = routineEvents(site)
        let firstYear = routines.compactMap { event -> Int? in
            if case let .timed(start, _, _) = event.when { return start.date.year }
            return nil
        }.min() ?? site.today.year
        return ICalendar(name: site.config.title, stamp: ICalendarDateTime(site.today), refreshMinutes: 12 * 60,
                         timeZone: ICalendarTimeZone(identifier: site.config.timezone, from: firstYear, ruleYear: site.today.year),
                         events: routines + reviewEvents(site) + splitEvents(site))
    }

    // MARK: Events

    static func reviewEvents(_ site: SiteData) -> [ICalendarEvent] {
        let t = site.translation
        let decks = Dictionary(site.publicView.decks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return site.vocab.reviewDays(from: site.today.adding(days: -pastDays)).compactMap { day in
            guard let deck = decks[day.deckID] else { return nil }
            let numbers = day.reviews.map(number(of:))
            let summary = t.format("ics_review_summary", ["deck": deck.title,
                                                          "words": t.format(day.wordCount == 1 ? "ics_word" : "ics_words", ["n": "\(day.wordCount)"]),
                                                          "reviews": Set(numbers).sorted().map { t.format("ics_review", ["n": "\($0)"]) }.joined(separator: ", ")])
            let description = day.reviews.map { session in
                t.format("ics_review_book", ["n": "\(number(of: session))", "date": t.shortDate(session.start),
                                            "words": session.words.map { Markdown.plainText($0.text) }.joined(separator: ", ")])
            }.joined(separator: "\n")
            return ICalendarEvent(uid: uid("review-\(deck.id)-\(day.date.iso)", site), when: .allDay(day.date), summary: summary,
                                  description: description, url: url(Routes.deck(deck.id), site),
                                  alarms: [.init(minutes: allDayAlarmMinutes, description: summary)])
        }
    }

    static func splitEvents(_ site: SiteData) -> [ICalendarEvent] {
        let t = site.translation
        let rotation = site.rotation.split.joined(separator: " → ")
        return site.rotation.upcoming(days: splitDays).map { day in
            let summary = t.format("ics_workout_summary", ["split": day.split])
            return ICalendarEvent(uid: uid("split-\(day.date.iso)", site), when: .allDay(day.date), summary: summary,
                                  description: t.format("ics_workout_description", ["split": day.split, "rotation": rotation]),
                                  url: url(Routes.workouts, site), alarms: [.init(minutes: allDayAlarmMinutes, description: summary)])
        }
    }

    /// Routines without a scheduled day left (`until` before the first weekday) are left out.
    static func routineEvents(_ site: SiteData) -> [ICalendarEvent] {
        let t = site.translation
        let zone = site.config.timezone
        return site.routinePlan.routines.compactMap { routine in
            // DTSTART must be an occurrence of the rule: the first scheduled weekday.
            let start = site.routinePlan.start(of: routine)
            guard let first = (0..<7).lazy.map({ start.adding(days: $0) }).first(where: { routine.weekdays.contains($0.weekday) }),
                  routine.until.map({ first <= $0 }) ?? true else { return nil }
            let minutes = routine.minutes ?? defaultRoutineMinutes
            let when: ICalendarEvent.When
            let until: ICalendarEvent.Weekly.Until?
            let alarm: Int
            if let time = routine.time {
                when = .timed(ICalendarDateTime(first, time), timeZone: zone, minutes: minutes)
                // Through the end of the last day, in UTC as RFC 5545 requires beside a TZID.
                until = routine.until.map { .utc(ICalendarTimeZone.utc(ICalendarDateTime($0, seconds: 86_399), in: zone)) }
                alarm = routineAlarmMinutes
            } else {
                when = .allDay(first)
                until = routine.until.map { .date($0) }
                alarm = allDayAlarmMinutes
            }
            let days = routine.weekdays.sorted().map(t.weekdayShort).joined(separator: ", ")
            // The default length is for the calendar grid only; the text gives the routine's own minutes.
            let description = t.format(routine.minutes == nil ? "ics_routine_days" : "ics_routine_description",
                                   ["name": routine.name, "minutes": "\(minutes)", "days": days])
            return ICalendarEvent(uid: uid("routine-\(routine.id)", site), when: when, summary: routine.name,
                                  description: description, url: url(Routes.routines, site),
                                  repeats: .init(weekdays: routine.weekdays, until: until),
                                  alarms: [.init(minutes: alarm, description: routine.name)])
        }
    }

    // MARK: Helpers

    private static func number(of session: BookSession) -> Int {
        if case let .review(number) = session.activity { return number }
        return 0
    }

    /// `review-toeic-2026-11-25@example.github.io`; `@daybook` without a base URL.
    static func uid(_ name: String, _ site: SiteData) -> String {
        name + "@" + (site.config.baseURL.flatMap { URL(string: $0)?.host } ?? "daybook")
    }

    /// The page's published address; nil without `base_url` (a URL property must be absolute).
    static func url(_ path: SitePath, _ site: SiteData) -> String? {
        site.config.baseURL.map { path.absolute(base: $0) }
    }
}
