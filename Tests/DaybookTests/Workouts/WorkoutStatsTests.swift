import Testing
@testable import DaybookSite

@Suite struct WorkoutStatsTests {
    func exercise(_ name: String, _ notation: String) -> Exercise {
        let groups = try! SetNotation.parse(notation, defaultUnit: .kg).get()
        return Exercise(name: name, notation: notation, groups: groups, line: 1)
    }

    func stats(_ sessions: [WorkoutSession], today: String = "2026-11-30", weekStart: SiteConfig.WeekStart = .monday) -> WorkoutStats {
        WorkoutStats(sessions: sessions, today: LocalDate(iso: today)!, weekStart: weekStart)
    }

    func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

    @Test func epley() {
        #expect(close(WorkoutStats.estimatedOneRepMax(kilograms: 100, reps: 1), 100))
        #expect(close(WorkoutStats.estimatedOneRepMax(kilograms: 60, reps: 8), 76))
        #expect(close(WorkoutStats.estimatedOneRepMax(kilograms: 90, reps: 3), 99))
    }

    @Test func volumeAndBestOneRepMaxPerSession() throws {
        let s = stats([workout("2026-11-20", [exercise("Bench press", "60kg x 8, 8, 6; 70kg x 3")])])
        let bench = try #require(s.history(of: "bench press"))
        let day = try #require(bench.performances.first)
        #expect(close(day.volume, 60 * 22 + 70 * 3))
        #expect(close(day.bestOneRepMax, 77)) // 70 × 1.1 beats 60 × 1.2667
        #expect(close(day.heaviest, 70))
    }

    @Test func poundsCountInKilograms() throws {
        let s = stats([workout("2026-11-20", [exercise("Squat", "135lb x 5")])])
        let squat = try #require(s.history(of: "Squat")?.performances.first)
        #expect(close(squat.volume, 135 * 0.45359237 * 5))
        #expect(close(squat.heaviest, 135 * 0.45359237))
    }

    @Test func bodyweightAndTimedSetsAddNoVolume() throws {
        let s = stats([workout("2026-11-20", [exercise("Push-up", "20, 20, 15"), exercise("Plank", "60s x 3")])])
        #expect(s.history(of: "Push-up")?.performances.first?.volume == 0)
        #expect(s.history(of: "Push-up")?.performances.first?.bestOneRepMax == nil)
        #expect(s.history(of: "Plank")?.records.longestHold?.value == 60)
    }

    @Test func groupsNamesIgnoringCaseAndShowsTheFirstSpelling() {
        let s = stats([
            workout("2026-11-01", [exercise("Bench press", "60kg x 8")]),
            workout("2026-11-03", [exercise("bench  Press", "62.5kg x 8")]),
            workout("2026-11-05", [exercise("BENCH PRESS", "65kg x 5"), exercise("Bench press", "50kg x 10")]),
        ])
        #expect(s.exercises.map(\.name) == ["Bench press"])
        let history = s.exercises[0]
        #expect(history.performances.map(\.date.iso) == ["2026-11-01", "2026-11-03", "2026-11-05"])
        // Two lines of one session are one performance.
        #expect(history.performances[2].sets.count == 2)
        #expect(close(history.performances[2].volume, 65 * 5 + 50 * 10))
    }

    @Test func personalRecordsAndWhenTheyWereSet() throws {
        let s = stats([
            workout("2026-11-01", [exercise("Deadlift", "100kg x 5 x 3"), exercise("Pull-up", "8, 6"), exercise("Plank", "60s")]),
            workout("2026-11-08", [exercise("Deadlift", "120kg x 1"), exercise("Pull-up", "10"), exercise("Plank", "45s, 90s")]),
            workout("2026-11-15", [exercise("Deadlift", "110kg x 3; 120kg x 1"), exercise("Pull-up", "bw x 10"), exercise("Plank", "90s")]),
        ])
        let deadlift = try #require(s.history(of: "deadlift")?.records)
        #expect(deadlift.heaviest?.value == 120)
        #expect(deadlift.heaviest?.date.iso == "2026-11-08") // the tie on the 15th does not move it
        #expect(close(deadlift.bestOneRepMax?.value, 121)) // 110 × 1.1
        #expect(deadlift.bestOneRepMax?.date.iso == "2026-11-15")
        #expect(deadlift.bestOneRepMax?.set == WorkoutSet(weight: Weight(110, .kg), reps: 3))
        #expect(deadlift.mostVolume?.value == 1500)
        #expect(deadlift.mostVolume?.date.iso == "2026-11-01")
        #expect(deadlift.mostReps == nil)

        let pullUp = try #require(s.history(of: "Pull-up")?.records)
        #expect(pullUp.mostReps?.value == 10)
        #expect(pullUp.mostReps?.date.iso == "2026-11-08")
        #expect(pullUp.heaviest == nil)
        #expect(pullUp.mostVolume == nil)

        let plank = try #require(s.history(of: "plank")?.records)
        #expect(plank.longestHold?.value == 90)
        #expect(plank.longestHold?.date.iso == "2026-11-08")
    }

    @Test func countsWorkoutsPerMonthUpToToday() {
        let s = stats([workout("2026-09-30"), workout("2026-11-01"), workout("2026-11-02"), workout("2026-11-02")], today: "2027-01-10")
        #expect(s.totalSessions == 4)
        #expect(s.months.map { "\($0.month.path) \($0.sessions)" } == ["2026/09 1", "2026/10 0", "2026/11 3", "2026/12 0", "2027/01 0"])
        #expect(stats([]).months.isEmpty)
    }

    @Test func dayStreaks() {
        let days = ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-05", "2026-11-06", "2026-11-06"].map { workout($0) }
        #expect(stats(days, today: "2026-11-06").dayStreak == .init(current: 2, longest: 3))
        // Today is not over: yesterday's workout keeps the streak.
        #expect(stats(days, today: "2026-11-07").dayStreak == .init(current: 2, longest: 3))
        #expect(stats(days, today: "2026-11-08").dayStreak == .init(current: 0, longest: 3))
        // A workout dated after today does not count yet.
        #expect(stats(days + [workout("2026-11-07")], today: "2026-11-06").dayStreak == .init(current: 2, longest: 3))
        #expect(stats([], today: "2026-11-06").dayStreak == .init(current: 0, longest: 0))
    }

    @Test func weekStreaksFollowTheWeekStart() {
        // Sundays 1, 8, 15 and Monday 16 November 2026.
        let days = ["2026-11-01", "2026-11-08", "2026-11-15", "2026-11-16"].map { workout($0) }
        // Weeks from Monday: Oct 26, Nov 2, Nov 9, Nov 16: four in a row.
        #expect(stats(days, today: "2026-11-20", weekStart: .monday).weekStreak == .init(current: 4, longest: 4))
        // Weeks from Sunday: Nov 1, Nov 8, Nov 15 (15 and 16 share it): three.
        #expect(stats(days, today: "2026-11-20", weekStart: .sunday).weekStreak == .init(current: 3, longest: 3))
        // Last week's workout keeps the streak alive this week; two weeks ago does not.
        #expect(stats(days, today: "2026-11-25", weekStart: .monday).weekStreak.current == 4)
        #expect(stats(days, today: "2026-11-30", weekStart: .monday).weekStreak.current == 0)
    }
}
