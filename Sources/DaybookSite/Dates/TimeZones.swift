import Foundation

/// Zone names and "today" in a zone; Foundation's TimeZone knows the IANA database.
public enum TimeZones {
    public static func isKnown(_ identifier: String) -> Bool { TimeZone(identifier: identifier) != nil }

    /// The current date in `identifier` (UTC when unknown).
    public static func today(in identifier: String, now: Date = Date()) -> LocalDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: identifier) ?? TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        return LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)!
    }

    /// Offset from UTC in seconds for that zone at that day (for feed timestamps).
    static func secondsFromGMT(_ identifier: String, on date: LocalDate) -> Int {
        let zone = TimeZone(identifier: identifier) ?? TimeZone(identifier: "UTC")!
        let instant = Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400 + 43_200)
        return zone.secondsFromGMT(for: instant)
    }
}
