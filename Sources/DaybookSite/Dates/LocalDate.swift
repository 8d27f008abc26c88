/// A calendar day with no time or zone: the unit every schedule counts in.
/// Stored as days since 1970-01-01 so that adding days and comparing are
/// integer operations.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    let daysSinceEpoch: Int

    init(daysSinceEpoch: Int) { self.daysSinceEpoch = daysSinceEpoch }

    /// nil when the day does not exist (2026-02-30).
    init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: year) else { return nil }
        daysSinceEpoch = LocalDate.days(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public var year: Int { civil.year }
    var month: Int { civil.month }
    var day: Int { civil.day }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    var weekday: Int {
        let w = (daysSinceEpoch + 3) % 7 // 1970-01-01 was a Thursday
        return (w < 0 ? w + 7 : w) + 1
    }

    func adding(days: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + days) }
    func days(until other: LocalDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    var daysInMonth: Int { LocalDate.daysIn(month: month, year: year) }
    var monthKey: YearMonth { YearMonth(year: year, month: month) }

    /// `2026-11-20`
    public var iso: String {
        let c = civil
        guard (0...9999).contains(c.year) else { return "\(c.year.zeroPadded(4))-\(c.month.zeroPadded(2))-\(c.day.zeroPadded(2))" }
        // Ten ASCII digits and dashes, written in place: pages ask for
        // thousands of dates, and interpolation costs ten times as much.
        return String(unsafeUninitializedCapacity: 10) { bytes in
            func digits(_ value: Int, _ count: Int, at start: Int) {
                var value = value
                for index in (start..<start + count).reversed() {
                    bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            digits(c.year, 4, at: 0)
            bytes[4] = UInt8(ascii: "-")
            digits(c.month, 2, at: 5)
            bytes[7] = UInt8(ascii: "-")
            digits(c.day, 2, at: 8)
            return 10
        }
    }

    public var description: String { iso }

    public static func < (a: LocalDate, b: LocalDate) -> Bool { a.daysSinceEpoch < b.daysSinceEpoch }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days-from-civil and civil-from-days algorithms.
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private var civil: (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

/// A month of a year, the key of archives and month calendars.
struct YearMonth: Hashable, Comparable, Sendable {
    let year: Int
    let month: Int

    init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    var firstDay: LocalDate { LocalDate(year: year, month: month, day: 1)! }
    var lastDay: LocalDate { firstDay.adding(days: LocalDate.daysIn(month: month, year: year) - 1) }
    var next: YearMonth { month == 12 ? YearMonth(year: year + 1, month: 1) : YearMonth(year: year, month: month + 1) }
    var previous: YearMonth { month == 1 ? YearMonth(year: year - 1, month: 12) : YearMonth(year: year, month: month - 1) }
    /// `2026/11`, the month's URL path segment.
    var path: String { "\(year)/\(month.zeroPadded(2))" }

    static func < (a: YearMonth, b: YearMonth) -> Bool { (a.year, a.month) < (b.year, b.month) }
}

/// A time of day in minutes since midnight.
public struct LocalTime: Hashable, Comparable, Sendable {
    let minutes: Int
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        minutes = hour * 60 + minute
    }

    /// Parses `HH:MM` or `H:MM`.
    public init?(text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, (1...2).contains(parts[0].count),
              let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        self.init(hour: h, minute: m)
    }

    var hour: Int { minutes / 60 }
    var minute: Int { minutes % 60 }
    /// `21:30`
    public var text: String { "\(hour.zeroPadded(2)):\(minute.zeroPadded(2))" }
    public static func < (a: LocalTime, b: LocalTime) -> Bool { a.minutes < b.minutes }
}

extension Int {
    /// `7` → `07` (width 2): the one zero-padding of dates, times, offsets and URLs.
    func zeroPadded(_ width: Int) -> String {
        let digits = String(self)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
