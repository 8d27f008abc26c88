import Foundation

/// `calendar.ics` (RFC 5545), for subscribing from a calendar app: the plan,
/// nothing else.
///
/// - Reviews per public deck and day, all-day, from `pastDays` ago on (so a
///   subscribed calendar still shows the recent ones) through the last projected
///   review, an overdue one today with how many days late. With
///   `vocab.remind` the day's reviews of every deck are instead one event at
///   that hour naming the word books and how many words. Private decks never
///   appear, whatever the build options.
/// - The planned split of today and the next days (`splitDays` in all),
///   all-day, or at `workouts.remind`.
/// - Each routine as a weekly recurring event from its first scheduled day,
///   at its `time` in the site's time zone for `minutes` (15 without), or
///   all-day without a time.
///
/// Every event carries a display alarm (at the hour of a reminder, 10 minutes
/// before a routine, 09:00 on an all-day day), but many apps ignore alarms in
/// subscribed calendars, so the summary and description say everything. UIDs
/// name what the event is (`review-toeic-2026-11-25@host`,
/// `reviews-2026-11-25@host` at an hour) and DTSTAMP is the build's today at
/// 00:00 UTC, so rebuilding on the same day gives the same bytes and a
/// subscriber updates events instead of duplicating them.
struct CalendarFeed: SiteFeature {
    static let pastDays = 30
    static let splitDays = 60
    static let defaultRoutineMinutes = 15
    static let routineAlarmMinutes = -10
    /// A reminder at `remind` lasts this long in the calendar grid; its alarm rings at the hour.
    static let reminderMinutes = 30
    /// 09:00 on the day of an all-day event.
    static let allDayAlarmMinutes = 9 * 60

    /// Public content alone (`PublicSite`): private decks never appear, whatever the build options.
    func publicFiles(_ site: PublicSite) -> [PublicFile] {
        [PublicFile(path: Routes.calendarFeed, key: nil) { Array(Self.calendar(site).serialized().utf8) }]
    }

    static func calendar(_ site: PublicSite) -> ICalendar {
        let events = routineEvents(site) + reviewEvents(site) + splitEvents(site)
        let firstYear = events.compactMap { event -> Int? in
            if case let .timed(start, _, _) = event.when { return start.date.year }
            return nil
        }.min() ?? site.today.year
        return ICalendar(name: site.config.title, stamp: ICalendarDateTime(site.today), refreshMinutes: 12 * 60,
                         timeZone: ICalendarTimeZone(identifier: site.config.timezone, from: firstYear, ruleYear: site.today.year),
                         events: events)
    }

    // MARK: Events

    static func reviewEvents(_ site: PublicSite) -> [ICalendarEvent] {
        let t = site.translation
        let decks = Dictionary(site.content.decks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let days = site.content.vocab.reviewDays(from: site.today.adding(days: -pastDays))
        func words(_ count: Int) -> String { t.format(count == 1 ? "ics_word" : "ics_words", ["n": "\(count)"]) }
        /// `Review 1 of the words from 20 November (3 days late): abandon, candid`
        func bookLine(_ session: WordBookSession) -> String {
            t.format(session.daysLate > 0 ? "ics_review_book_late" : "ics_review_book", [
                "n": "\(number(of: session))", "date": t.shortDate(session.start), "late": lateLabel(session.daysLate, t),
                "words": session.words.map { Markdown.plainText($0.text) }.joined(separator: ", "),
            ])
        }
        guard let remind = site.config.vocab.remind else {
            return days.map { day in
                let deck = decks[day.deckID]!
                // `review 1, 3 days late, review 2`: each review number once, with its latest book's lateness.
                let late = Dictionary(day.reviews.map { (number(of: $0), $0.daysLate) }, uniquingKeysWith: max)
                let reviews = late.keys.sorted().map { n in
                    t.format(late[n]! > 0 ? "ics_review_late" : "ics_review", ["n": "\(n)", "late": lateLabel(late[n]!, t)])
                }
                let summary = t.format("ics_review_summary", ["deck": deck.title, "words": words(day.wordCount), "reviews": reviews.joined(separator: ", ")])
                return ICalendarEvent(uid: uid("review-\(deck.id)-\(day.date.iso)", site), when: .allDay(day.date), summary: summary,
                                      description: day.reviews.map(bookLine).joined(separator: "\n"), url: url(Routes.deck(deck.id), site),
                                      alarms: [.init(minutes: allDayAlarmMinutes, description: summary)])
            }
        }
        // One event a day at the chosen hour, every deck's books in it: one alarm, as the original app's.
        return Dictionary(grouping: days, by: \.date).sorted { $0.key < $1.key }.map { date, decksOfDay in
            let books = decksOfDay.map { day in
                t.format("ics_reviews_deck", ["deck": decks[day.deckID]!.title, "dates": day.reviews.map { t.shortDate($0.start) }.joined(separator: ", ")])
            }
            let summary = t.format("ics_reviews_summary", ["words": words(decksOfDay.reduce(0) { $0 + $1.wordCount }), "books": books.joined(separator: " · ")])
            let description = decksOfDay.flatMap { day in
                day.reviews.map { t.format("ics_reviews_line", ["deck": decks[day.deckID]!.title, "session": bookLine($0)]) }
            }.joined(separator: "\n")
            return ICalendarEvent(uid: uid("reviews-\(date.iso)", site), when: reminder(date, remind, site), summary: summary,
                                  description: description, url: url(Routes.vocabToday, site), alarms: [.init(minutes: 0, description: summary)])
        }
    }

    static func splitEvents(_ site: PublicSite) -> [ICalendarEvent] {
        let t = site.translation
        let rotation = site.rotation.split.joined(separator: " → ")
        let remind = site.config.workouts.remind
        return site.rotation.upcoming(days: splitDays).map { day in
            let summary = t.format("ics_workout_summary", ["split": day.split])
            return ICalendarEvent(uid: uid("split-\(day.date.iso)", site), when: remind.map { reminder(day.date, $0, site) } ?? .allDay(day.date),
                                  summary: summary, description: t.format("ics_workout_description", ["split": day.split, "rotation": rotation]),
                                  url: url(Routes.workouts, site), alarms: [.init(minutes: remind == nil ? allDayAlarmMinutes : 0, description: summary)])
        }
    }

    /// `date` at `time` in the site's time zone, `reminderMinutes` long.
    private static func reminder(_ date: LocalDate, _ time: LocalTime, _ site: PublicSite) -> ICalendarEvent.When {
        .timed(ICalendarDateTime(date, time), timeZone: site.config.timezone, minutes: reminderMinutes)
    }

    /// Routines without a scheduled day left (`until` before the first weekday) are left out.
    static func routineEvents(_ site: PublicSite) -> [ICalendarEvent] {
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

    private static func number(of session: WordBookSession) -> Int {
        if case let .review(number) = session.activity { return number }
        return 0
    }

    /// `review-toeic-2026-11-25@example.github.io`; `@daybook` without a base URL.
    static func uid(_ name: String, _ site: PublicSite) -> String {
        name + "@" + (site.config.baseURL.flatMap { URL(string: $0)?.host } ?? "daybook")
    }

    /// The page's published address; nil without `base_url` (a URL property must be absolute).
    static func url(_ path: SitePath, _ site: PublicSite) -> String? {
        site.config.baseURL.map { path.absolute(base: $0) }
    }
}
