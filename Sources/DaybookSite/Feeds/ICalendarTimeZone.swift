import Foundation

/// VTIMEZONE rules read from Foundation's time zone database, and local → UTC.
extension ICalendarTimeZone {
    /// How many years after `ruleYear` a yearly rule must keep matching the database.
    static let checkedYears = 10

    /// The observances of `identifier` from January 1 of `firstYear` on:
    /// - the first one starts then, with the offset in force (for a zone without
    ///   daylight saving time, such as Asia/Seoul, it is the only one);
    /// - the transitions of `ruleYear` become yearly rules (`BYMONTH=3;BYDAY=-1SU`)
    ///   when the rules give every transition of the database through
    ///   `ruleYear + checkedYears`; they start in the earliest year since
    ///   `firstYear` they hold for, and earlier transitions are listed one by one;
    /// - a zone whose dates follow no such rule (Africa/Casablanca follows
    ///   Ramadan) gets every transition through `ruleYear + checkedYears` listed.
    /// nil for an identifier Foundation does not know.
    init?(identifier: String, from firstYear: Int, ruleYear: Int) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        let firstYear = min(firstYear, ruleYear), lastYear = ruleYear + Self.checkedYears
        let firstDay = ICalendarDateTime(LocalDate(year: firstYear, month: 1, day: 1)!)
        let begin = Self.instant(Self.utc(firstDay, in: zone))
        let end = Self.instant(ICalendarDateTime(LocalDate(year: lastYear + 1, month: 1, day: 1)!))

        func kind(_ instant: Date) -> Observance.Kind { zone.isDaylightSavingTime(for: instant) ? .daylight : .standard }
        let initialOffset = zone.secondsFromGMT(for: begin)
        let initial = Observance(kind: kind(begin), start: firstDay, offsetFrom: initialOffset, offsetTo: initialOffset)

        var transitions: [Observance] = []
        var moment = begin
        while let next = zone.nextDaylightSavingTimeTransition(after: moment), next > moment, next < end {
            let from = zone.secondsFromGMT(for: next.addingTimeInterval(-1)), to = zone.secondsFromGMT(for: next)
            transitions.append(Observance(kind: kind(next), start: Self.local(next, offset: from), offsetFrom: from, offsetTo: to))
            moment = next
        }

        let byYear = Dictionary(grouping: transitions, by: \.start.date.year)
        let current = byYear[ruleYear] ?? []
        func holds(_ rules: [YearlyRule], in year: Int) -> Bool {
            let actual = byYear[year] ?? []
            return actual.count == current.count && zip(current, rules).allSatisfy { template, rule in
                actual.contains { $0.kind == template.kind && $0.offsetFrom == template.offsetFrom && $0.offsetTo == template.offsetTo
                    && $0.start.seconds == template.start.seconds && $0.start.date == rule.date(in: year) }
            }
        }
        var rules: [YearlyRule] = []
        for template in current {
            guard let rule = Self.candidateRules(template.start.date).first(where: { rule in
                (ruleYear...lastYear).allSatisfy { year in
                    (byYear[year] ?? []).contains { $0.kind == template.kind && $0.start.date == rule.date(in: year) }
                }
            }) else { break }
            rules.append(rule)
        }
        guard !current.isEmpty, rules.count == current.count, (ruleYear...lastYear).allSatisfy({ holds(rules, in: $0) }) else {
            self.init(identifier: identifier, observances: [initial] + transitions)
            return
        }
        var ruleFrom = ruleYear
        while ruleFrom > firstYear, holds(rules, in: ruleFrom - 1) { ruleFrom -= 1 }
        let listed = transitions.filter { $0.start.date.year < ruleFrom }
        let repeating = zip(current, rules).map { template, rule in
            Observance(kind: template.kind, start: ICalendarDateTime(rule.date(in: ruleFrom)!, seconds: template.start.seconds),
                       offsetFrom: template.offsetFrom, offsetTo: template.offsetTo, rule: rule)
        }
        self.init(identifier: identifier, observances: [initial] + listed + repeating)
    }

    /// The UTC time of a local time in `identifier` (taken as UTC when the zone is unknown).
    /// A time skipped by a change to daylight saving time counts with the offset before it.
    static func utc(_ local: ICalendarDateTime, in identifier: String) -> ICalendarDateTime {
        utc(local, in: TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0)!)
    }

    private static func utc(_ local: ICalendarDateTime, in zone: TimeZone) -> ICalendarDateTime {
        let guess = zone.secondsFromGMT(for: instant(local))
        return local.adding(seconds: -zone.secondsFromGMT(for: instant(local.adding(seconds: -guess))))
    }

    /// The last weekday of the month when the day is in its last week, and the
    /// nth weekday, in that order: "last Sunday of October" is the usual rule.
    private static func candidateRules(_ date: LocalDate) -> [YearlyRule] {
        let nth = YearlyRule(month: date.month, week: (date.day - 1) / 7 + 1, weekday: date.weekday)
        return date.day + 7 > date.daysInMonth ? [YearlyRule(month: date.month, week: -1, weekday: date.weekday), nth] : [nth]
    }

    /// A UTC date and time as an instant.
    private static func instant(_ utc: ICalendarDateTime) -> Date {
        Date(timeIntervalSince1970: Double(utc.date.daysSinceEpoch) * 86_400 + Double(utc.seconds))
    }

    private static func local(_ instant: Date, offset: Int) -> ICalendarDateTime {
        ICalendarDateTime(LocalDate(daysSinceEpoch: 0), seconds: Int(instant.timeIntervalSince1970.rounded()) + offset)
    }
}
