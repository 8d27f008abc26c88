import Testing
@testable import DaybookSite

@Suite struct MonthGridTests {
    /// Rows as day numbers, 0 for padding: easy to compare with a printed calendar.
    func rows(_ year: Int, _ month: Int, _ start: SiteConfig.WeekStart) -> [[Int]] {
        MonthGrid(month: YearMonth(year: year, month: month), weekStart: start).weeks.map { $0.map { $0?.day ?? 0 } }
    }

    @Test func novemberStartingMonday() {
        // November 2026 begins on a Sunday.
        #expect(rows(2026, 11, .monday) == [
            [0, 0, 0, 0, 0, 0, 1],
            [2, 3, 4, 5, 6, 7, 8],
            [9, 10, 11, 12, 13, 14, 15],
            [16, 17, 18, 19, 20, 21, 22],
            [23, 24, 25, 26, 27, 28, 29],
            [30, 0, 0, 0, 0, 0, 0],
        ])
    }

    @Test func novemberStartingSundayBeginsOnTheFirstCell() {
        #expect(rows(2026, 11, .sunday) == [
            [1, 2, 3, 4, 5, 6, 7],
            [8, 9, 10, 11, 12, 13, 14],
            [15, 16, 17, 18, 19, 20, 21],
            [22, 23, 24, 25, 26, 27, 28],
            [29, 30, 0, 0, 0, 0, 0],
        ])
    }

    @Test func februaryOfANonLeapYearCanFillExactlyFourWeeks() {
        // 1 February 2027 is a Monday.
        #expect(rows(2027, 2, .monday) == [
            [1, 2, 3, 4, 5, 6, 7],
            [8, 9, 10, 11, 12, 13, 14],
            [15, 16, 17, 18, 19, 20, 21],
            [22, 23, 24, 25, 26, 27, 28],
        ])
    }

    @Test func februaryOfALeapYear() {
        // 1 February 2024 is a Thursday; 29 days.
        #expect(rows(2024, 2, .sunday) == [
            [0, 0, 0, 0, 1, 2, 3],
            [4, 5, 6, 7, 8, 9, 10],
            [11, 12, 13, 14, 15, 16, 17],
            [18, 19, 20, 21, 22, 23, 24],
            [25, 26, 27, 28, 29, 0, 0],
        ])
        #expect(rows(2100, 2, .monday).flatMap { $0 }.max() == 28)
    }

    @Test func aMonthCanNeedSixRows() {
        // August 2026 begins on a Saturday and has 31 days.
        #expect(rows(2026, 8, .monday).count == 6)
        #expect(rows(2026, 8, .monday).last == [31, 0, 0, 0, 0, 0, 0])
        #expect(rows(2026, 8, .sunday).count == 6)
    }

    @Test func everyDayOfTheMonthSitsUnderItsWeekday() {
        for month in 1...12 {
            for start in [SiteConfig.WeekStart.monday, .sunday] {
                let grid = MonthGrid(month: YearMonth(year: 2026, month: month), weekStart: start)
                #expect(grid.weeks.allSatisfy { $0.count == 7 })
                #expect(grid.weeks.flatMap { $0 }.compactMap { $0 }.count == YearMonth(year: 2026, month: month).lastDay.day)
                for week in grid.weeks {
                    for (column, day) in week.enumerated() {
                        if let day { #expect(day.weekday == grid.weekdays[column]) }
                    }
                }
            }
        }
    }

    @Test func weekdayOrder() {
        #expect(SiteConfig.WeekStart.monday.weekdays == [1, 2, 3, 4, 5, 6, 7])
        #expect(SiteConfig.WeekStart.sunday.weekdays == [7, 1, 2, 3, 4, 5, 6])
        let friday = LocalDate(iso: "2026-11-20")!
        #expect(SiteConfig.WeekStart.monday.startOfWeek(containing: friday).iso == "2026-11-16")
        #expect(SiteConfig.WeekStart.sunday.startOfWeek(containing: friday).iso == "2026-11-15")
        let sunday = LocalDate(iso: "2026-11-22")!
        #expect(SiteConfig.WeekStart.monday.startOfWeek(containing: sunday).iso == "2026-11-16")
        #expect(SiteConfig.WeekStart.sunday.startOfWeek(containing: sunday).iso == "2026-11-22")
    }
}
