import Testing
@testable import DaybookSite

@Suite struct LocalDateTests {
    @Test func roundTripsCivilDates() {
        for (y, m, d) in [(1970, 1, 1), (2000, 2, 29), (2024, 12, 31), (2026, 11, 20), (1969, 12, 31), (2100, 3, 1)] {
            let date = LocalDate(year: y, month: m, day: d)!
            #expect(date.year == y && date.month == m && date.day == d)
        }
    }

    @Test func rejectsDaysThatDoNotExist() {
        #expect(LocalDate(iso: "2026-02-29") == nil)
        #expect(LocalDate(iso: "2024-02-29") != nil)
        #expect(LocalDate(iso: "2100-02-29") == nil)
        #expect(LocalDate(iso: "2026-13-01") == nil)
        #expect(LocalDate(iso: "2026-1-01") == nil)
    }

    @Test func knowsWeekdays() {
        #expect(LocalDate(iso: "2026-11-20")!.weekday == 5) // a Friday
        #expect(LocalDate(iso: "2026-11-23")!.weekday == 1) // a Monday
        #expect(LocalDate(iso: "1969-12-28")!.weekday == 7) // a Sunday before the epoch
    }

    @Test func countsDaysAcrossMonthsAndLeapYears() {
        let start = LocalDate(iso: "2024-02-28")!
        #expect(start.adding(days: 1).iso == "2024-02-29")
        #expect(start.adding(days: 2).iso == "2024-03-01")
        #expect(start.days(until: LocalDate(iso: "2025-02-28")!) == 366)
    }

    /// `iso` writes `YYYY-MM-DD` for years 0–9999, and reads back as the same day.
    @Test func writesISODates() {
        #expect(LocalDate(year: 0, month: 1, day: 1)!.iso == "0000-01-01")
        #expect(LocalDate(year: 987, month: 7, day: 9)!.iso == "0987-07-09")
        #expect(LocalDate(year: 9999, month: 12, day: 31)!.iso == "9999-12-31")
        let first = LocalDate(year: 1899, month: 12, day: 25)!
        for offset in 0..<50_000 {
            let date = first.adding(days: offset)
            let expected = "\(date.year)-\(date.month < 10 ? "0" : "")\(date.month)-\(date.day < 10 ? "0" : "")\(date.day)"
            #expect(date.iso == expected)
            #expect(LocalDate(iso: date.iso) == date)
            if date.iso != expected { break }
        }
    }
}
