
/// Statistics over workout sessions. Weights are compared and summed in kg.
///
/// - Exercises are grouped by name ignoring case and repeated spaces
///   (`Bench press` = `bench  Press`) and shown as first written.
/// - Volume is Σ weight × reps of the weighted sets; bodyweight and timed sets add none.
/// - The estimated one-rep max is Epley's w × (1 + reps / 30), and w itself for a single.
/// - Streaks count only days up to today. The day streak is consecutive calendar
///   days with a workout; the week streak is consecutive weeks (from `week_starts`)
///   with at least one, which suits a split with rest days. A current streak is
///   still alive when its last day (week) is yesterday (last week): today is not over.
struct WorkoutStats: Sendable {
    struct MonthCount: Hashable, Sendable {
        let month: YearMonth
        let sessions: Int
    }

    let totalSessions: Int
    /// Every month from the first workout's to today's (or the last workout's, if later), zeros included.
    let months: [MonthCount]
    let dayStreak: Streak
    let weekStreak: Streak
    /// Sorted by name, ignoring case.
    let exercises: [ExerciseHistory]

    init(sessions: [WorkoutSession], today: LocalDate, weekStart: SiteConfig.WeekStart) {
        let sessions = sessions.sorted { ($0.date, $0.source.relativePath) < ($1.date, $1.source.relativePath) }
        totalSessions = sessions.count
        months = Self.months(sessions.map(\.date), today: today)

        let days = Set(sessions.map(\.date).filter { $0 <= today }).map(\.daysSinceEpoch)
        dayStreak = Streak(days, current: today.daysSinceEpoch, step: 1)
        let weeks = Set(days.map { weekStart.startOfWeek(containing: LocalDate(daysSinceEpoch: $0)).daysSinceEpoch })
        weekStreak = Streak(weeks, current: weekStart.startOfWeek(containing: today).daysSinceEpoch, step: 7)

        var order: [String] = []
        var names: [String: String] = [:]
        var performances: [String: [ExercisePerformance]] = [:]
        for session in sessions {
            // An exercise on two lines of one session is one performance.
            var sets: [String: [WorkoutSet]] = [:]
            var sessionOrder: [String] = []
            for exercise in session.exercises {
                let key = Self.key(exercise.name)
                if names[key] == nil {
                    names[key] = exercise.name
                    order.append(key)
                }
                if sets[key] == nil { sessionOrder.append(key) }
                sets[key, default: []] += exercise.sets
            }
            for key in sessionOrder {
                performances[key, default: []].append(ExercisePerformance(date: session.date, source: session.source, sets: sets[key]!))
            }
        }
        exercises = order.map { ExerciseHistory(name: names[$0]!, key: $0, performances: performances[$0]!) }
            .sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
    }

    /// The history of an exercise by any spelling of its name.
    func history(of name: String) -> ExerciseHistory? {
        let key = Self.key(name)
        return exercises.first { $0.key == key }
    }

    /// Epley: w × (1 + reps / 30); a single is its own weight.
    static func estimatedOneRepMax(kilograms: Double, reps: Int) -> Double {
        reps == 1 ? kilograms : kilograms * (1 + Double(reps) / 30)
    }

    /// The grouping key of an exercise name: lowercased, single spaces.
    static func key(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func months(_ dates: [LocalDate], today: LocalDate) -> [MonthCount] {
        guard let first = dates.min(), let last = dates.max() else { return [] }
        var counts: [YearMonth: Int] = [:]
        for date in dates { counts[date.monthKey, default: 0] += 1 }
        var result: [MonthCount] = []
        var month = first.monthKey
        let end = max(last.monthKey, today.monthKey)
        while month <= end {
            result.append(MonthCount(month: month, sessions: counts[month] ?? 0))
            month = month.next
        }
        return result
    }
}

/// One exercise across sessions.
struct ExerciseHistory: Sendable {
    /// As first written.
    let name: String
    /// `WorkoutStats.key(name)`.
    let key: String
    /// One per session that did it, oldest first.
    let performances: [ExercisePerformance]
    let records: PersonalRecords

    init(name: String, key: String, performances: [ExercisePerformance]) {
        self.name = name
        self.key = key
        self.performances = performances
        records = PersonalRecords(performances)
    }
}

/// What one session did of one exercise.
struct ExercisePerformance: Sendable {
    let date: LocalDate
    /// The session's file (its `slugPath` is the session page's URL path).
    let source: SourceFile
    let sets: [WorkoutSet]
    /// Σ kg × reps of the weighted sets.
    let volume: Double
    /// Best Epley estimate over the weighted sets with reps, in kg.
    let bestOneRepMax: Double?
    /// Heaviest weight lifted, in kg.
    let heaviest: Double?

    init(date: LocalDate, source: SourceFile, sets: [WorkoutSet]) {
        self.date = date
        self.source = source
        self.sets = sets
        let lifts = sets.compactMap { set in set.weight.flatMap { w in set.reps.map { (w.kilograms, $0) } } }
        volume = lifts.reduce(0) { $0 + $1.0 * Double($1.1) }
        bestOneRepMax = lifts.filter { $0.0 > 0 }.map { WorkoutStats.estimatedOneRepMax(kilograms: $0.0, reps: $0.1) }.max()
        heaviest = sets.compactMap { $0.weight?.kilograms }.max()
    }
}

/// A best value and when it was first reached.
struct PersonalRecord: Hashable, Sendable {
    /// kg for weights, e1RM and volume; a count for reps; seconds for holds.
    let value: Double
    let date: LocalDate
    /// The set that made it; nil for a session's volume.
    let set: WorkoutSet?
}

struct PersonalRecords: Hashable, Sendable {
    var heaviest: PersonalRecord?
    var bestOneRepMax: PersonalRecord?
    /// Most reps in one bodyweight set.
    var mostReps: PersonalRecord?
    /// Longest timed set.
    var longestHold: PersonalRecord?
    /// Most volume in one session.
    var mostVolume: PersonalRecord?

    init(_ performances: [ExercisePerformance]) {
        // Strictly greater replaces, so a tie keeps the day it was first reached.
        func better(_ record: PersonalRecord?, _ value: Double?, _ date: LocalDate, _ set: WorkoutSet?) -> PersonalRecord? {
            guard let value, value > 0, value > (record?.value ?? 0) else { return record }
            return PersonalRecord(value: value, date: date, set: set)
        }
        for performance in performances {
            let date = performance.date
            for set in performance.sets {
                heaviest = better(heaviest, set.weight?.kilograms, date, set)
                if let weight = set.weight, let reps = set.reps {
                    bestOneRepMax = better(bestOneRepMax, WorkoutStats.estimatedOneRepMax(kilograms: weight.kilograms, reps: reps), date, set)
                }
                if set.weight == nil { mostReps = better(mostReps, set.reps.map(Double.init), date, set) }
                longestHold = better(longestHold, set.seconds.map(Double.init), date, set)
            }
            mostVolume = better(mostVolume, performance.volume, date, nil)
        }
    }
}
