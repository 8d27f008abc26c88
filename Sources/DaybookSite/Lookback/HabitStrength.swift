import Foundation

/// How strong a habit is, from 0 to 1, by Loop Habit Tracker's formula: a
/// streak breaks on one missed day, a strength only dips. Each day from the
/// first one counted,
///
///     strength = strength × m + (counted ? 1 − m : 0),   m = 0.5 ^ (√f / 13)
///
/// where f is how often the habit is meant to be done (1 for every day,
/// 3/7 for three times a week). For a daily habit a missed day keeps about
/// 95 % of the strength, and 13 days without one halve it. A habit meant
/// fewer than seven times a week counts a day as done when the week ending
/// that day (its seven days) already has the times it asks for, so three
/// workouts a week build the same strength as writing every day.
enum HabitStrength {
    /// The share of yesterday's strength a day keeps: 0.5 ^ (√f / 13).
    static func multiplier(frequency: Double) -> Double { pow(0.5, frequency.squareRoot() / 13) }

    /// The strength on `today` of a habit done on `done` (any order, repeats
    /// allowed), meant `timesPerWeek` times a week (1–7), counted from `start`.
    static func strength(done: some Sequence<LocalDate>, from start: LocalDate, through today: LocalDate,
                                timesPerWeek: Int = 7) -> Double {
        guard start <= today else { return 0 }
        let target = min(max(timesPerWeek, 1), 7)
        let first = start.daysSinceEpoch
        let count = today.daysSinceEpoch - first + 1
        var isDone = [Bool](repeating: false, count: count)
        for day in done where day >= start && day <= today { isDone[day.daysSinceEpoch - first] = true }
        let m = multiplier(frequency: Double(target) / 7)
        var strength = 0.0
        var inWeek = 0
        for index in 0..<count {
            if isDone[index] { inWeek += 1 }
            if index >= 7, isDone[index - 7] { inWeek -= 1 }
            let counted = isDone[index] || (target < 7 && inWeek >= target)
            strength = strength * m + (counted ? 1 - m : 0)
        }
        return strength
    }
}
