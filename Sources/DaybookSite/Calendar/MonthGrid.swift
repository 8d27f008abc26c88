
/// A month laid out as calendar rows: each week is 7 cells in the site's
/// weekday order, nil where the cell belongs to the month before or after.
struct MonthGrid: Sendable {
    let month: YearMonth
    let weekStart: SiteConfig.WeekStart
    /// 4 to 6 rows of exactly 7 cells.
    let weeks: [[LocalDate?]]

    init(month: YearMonth, weekStart: SiteConfig.WeekStart) {
        self.month = month
        self.weekStart = weekStart
        let first = month.firstDay
        let leading = weekStart.column(of: first)
        let cells: [LocalDate?] = Array(repeating: nil, count: leading)
            + (0..<first.daysInMonth).map { first.adding(days: $0) }
        let padded = cells + Array(repeating: nil, count: (7 - cells.count % 7) % 7)
        weeks = stride(from: 0, to: padded.count, by: 7).map { Array(padded[$0..<$0 + 7]) }
    }

    /// ISO weekdays (1 = Monday … 7 = Sunday) in column order, for the header row.
    var weekdays: [Int] { weekStart.weekdays }
}

extension SiteConfig.WeekStart {
    /// ISO weekday of the first column.
    var firstWeekday: Int { self == .monday ? 1 : 7 }

    /// ISO weekdays in column order: Monday first, or Sunday first.
    var weekdays: [Int] { (0..<7).map { (firstWeekday - 1 + $0) % 7 + 1 } }

    /// 0-based column of a day in a week that starts on this weekday.
    func column(of date: LocalDate) -> Int { (date.weekday - firstWeekday + 7) % 7 }

    /// The first day of the week that contains `date`.
    func startOfWeek(containing date: LocalDate) -> LocalDate { date.adding(days: -column(of: date)) }
}
