import DaybookContent

/// Runs of consecutive days on which something was done (writing, study, a
/// workout, a routine): the run that is still going and the longest one.
public struct Streak: Equatable, Sendable {
    /// Days in the run that ends today, or yesterday while today is not done
    /// yet (the day is not over, so it does not break the run).
    public let current: Int
    public let longest: Int

    public init(current: Int, longest: Int) {
        self.current = current
        self.longest = longest
    }

    /// The streaks of `done` (any order, repeats allowed) as of `today`; days after today do not count.
    public init(done: some Sequence<LocalDate>, today: LocalDate) {
        let days = Set(done.lazy.map(\.daysSinceEpoch).filter { $0 <= today.daysSinceEpoch }).sorted()
        var longest = 0
        var run = 0
        var previous = Int.min
        for day in days {
            run = day == previous + 1 ? run + 1 : 1
            longest = max(longest, run)
            previous = day
        }
        let last = days.last ?? Int.min
        self.init(current: last >= today.daysSinceEpoch - 1 ? run : 0, longest: longest)
    }
}
