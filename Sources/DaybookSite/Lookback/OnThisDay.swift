
/// "On this day": the entries written on today's month and day in earlier
/// years, or, when there are none, those within a few days of it (a week's
/// window). A pure rule over dates, so the home page can ask it for each of
/// the days the phone may open the site on.
enum OnThisDay {
    /// Days either side of the anniversary that the fallback window takes: a week in all.
    static let windowDays = 3

    struct Hit: Equatable, Sendable {
        /// An index into the dates given.
        let index: Int
        /// How many years before today the anniversary nearest to it is.
        let yearsAgo: Int
    }

    struct Match: Equatable, Sendable {
        /// The latest year first, within a year by date.
        let hits: [Hit]
        /// True when no entry falls on the day itself and these are the week's window around it.
        let isWindow: Bool
    }

    /// `date`'s day in `year`: 29 February falls on the 28th in a common year.
    static func anniversary(of date: LocalDate, in year: Int) -> LocalDate {
        LocalDate(year: year, month: date.month, day: date.day) ?? LocalDate(year: year, month: date.month, day: date.day - 1)!
    }

    /// The entries of `dates` (any order) on `today`'s day in earlier years, or within
    /// `windowDays` of it when none is; at most `limit` of them.
    static func match(_ dates: [LocalDate], today: LocalDate, limit: Int = 10) -> Match {
        Index(dates).match(today: today, limit: limit)
    }

    /// Dates by month and day, made once: the home page asks about several
    /// days, and each then reads only the dates near its anniversary instead
    /// of every entry.
    struct Index: Sendable {
        let dates: [LocalDate]
        /// Indexes into `dates` by `month * 32 + day`.
        let byMonthDay: [[Int]]

        init(_ dates: [LocalDate]) {
            self.dates = dates
            var byMonthDay = [[Int]](repeating: [], count: 13 * 32)
            for (index, date) in dates.enumerated() { byMonthDay[date.month * 32 + date.day].append(index) }
            self.byMonthDay = byMonthDay
        }

        /// `OnThisDay.match(dates, today:limit:)`.
        func match(today: LocalDate, limit: Int = 10) -> Match {
            var exact: [Hit] = []
            var near: [Hit] = []
            // A date within `windowDays` of an anniversary has a month and day within one
            // more day than that of today's in a leap year (the extra day for 29 February).
            let reference = anniversary(of: today, in: 2000)
            for offset in -(windowDays + 1)...(windowDays + 1) {
                let day = reference.adding(days: offset)
                for index in byMonthDay[day.month * 32 + day.day] {
                    let date = dates[index]
                    guard date.year <= today.year else { continue }
                    // The nearest anniversary may be in the year before or after the date's (30 December against 2 January).
                    var nearest: (year: Int, distance: Int)?
                    for year in date.year - 1...date.year + 1 where year < today.year {
                        let distance = abs(anniversary(of: today, in: year).days(until: date))
                        if distance < nearest?.distance ?? .max { nearest = (year, distance) }
                    }
                    guard let nearest, nearest.distance <= windowDays else { continue }
                    let hit = Hit(index: index, yearsAgo: today.year - nearest.year)
                    if nearest.distance == 0 { exact.append(hit) } else { near.append(hit) }
                }
            }
            let order: (Hit, Hit) -> Bool = { a, b in
                a.yearsAgo != b.yearsAgo ? a.yearsAgo < b.yearsAgo : (dates[a.index], a.index) < (dates[b.index], b.index)
            }
            let hits = exact.isEmpty ? near : exact
            return Match(hits: Array(hits.sorted(by: order).prefix(limit)), isWindow: exact.isEmpty && !near.isEmpty)
        }
    }
}
