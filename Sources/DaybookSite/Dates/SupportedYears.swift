import Foundation

/// The dates Daybook accepts. Everything a site shows is counted in days and
/// months between its dates, so one far-off date (a typo like 2626) would make
/// pages for every month in between; outside this range a date is an error.
extension LocalDate {
    static let supportedYears = 1900...2200

    /// Nil when the year is supported; otherwise the message and a hint that
    /// names the likely typo (2626 → 2026).
    public var yearProblem: (message: String, hint: String)? {
        guard !LocalDate.supportedYears.contains(year) else { return nil }
        let range = "dates must lie between \(LocalDate.supportedYears.lowerBound)-01-01 and \(LocalDate.supportedYears.upperBound)-12-31"
        let hint = LocalDate.likelyYear(for: year).map { "did you mean \($0.zeroPadded(4))? \(range)" } ?? range
        return ("the year \(year.zeroPadded(4)) is outside the supported years", hint)
    }

    /// The date when its year is supported; else nil and an error at `location`.
    func checkedYear(at location: SourceLocation, into diagnostics: inout Diagnostics) -> LocalDate? {
        guard let problem = yearProblem else { return self }
        diagnostics.error(location, "\(problem.message) (\(iso))", hint: problem.hint)
        return nil
    }

    /// A supported year one mistyped digit away, the one nearest to this year.
    static func likelyYear(for year: Int, now: Int = Calendar(identifier: .gregorian).component(.year, from: Date())) -> Int? {
        guard (0...9999).contains(year) else { return nil }
        var candidates: [Int] = []
        for place in [1, 10, 100, 1000] {
            let digit = year / place % 10
            for replacement in 0...9 where replacement != digit {
                let candidate = year + (replacement - digit) * place
                if supportedYears.contains(candidate) { candidates.append(candidate) }
            }
        }
        return candidates.min { abs($0 - now) < abs($1 - now) }
    }
}
