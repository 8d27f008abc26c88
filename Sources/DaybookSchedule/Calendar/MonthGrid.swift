import DaybookContent

/// A month laid out in weeks of seven days for a calendar page.
public struct MonthGrid: Sendable {
    public let month: YearMonth
    public let weekStart: SiteConfig.WeekStart
    /// Weeks of exactly seven cells; nil pads days outside the month.
    public let weeks: [[LocalDate?]]

    public init(month: YearMonth, weekStart: SiteConfig.WeekStart) {
        self.month = month
        self.weekStart = weekStart
        let first = month.firstDay
        let leading = (first.weekday - (weekStart == .monday ? 1 : 7) + 7) % 7
        var cells: [LocalDate?] = Array(repeating: nil, count: leading)
        for offset in 0..<first.daysInMonth { cells.append(first.adding(days: offset)) }
        while cells.count % 7 != 0 { cells.append(nil) }
        weeks = stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
    }

    /// ISO weekdays (1 = Monday) in column order.
    public var weekdays: [Int] { weekStart == .monday ? Array(1...7) : [7, 1, 2, 3, 4, 5, 6] }
}
