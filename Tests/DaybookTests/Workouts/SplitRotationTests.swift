import Testing
@testable import DaybookSite

/// A session on a day with an optional logged split and exercises.
func workout(_ iso: String, split: String? = nil, _ exercises: [Exercise] = []) -> WorkoutSession {
    let path = "workouts/\(iso).md"
    return WorkoutSession(source: SourceFile(displayPath: "content/\(path)", relativePath: path, text: ""),
                          date: LocalDate(iso: iso)!, split: split, exercises: exercises)
}

@Suite struct SplitRotationTests {
    func rotation(_ rotate: SiteConfig.Workouts.Rotation, split: [String] = ["Chest", "Back", "Legs"], start: String? = "2026-11-01",
                  sessions: [WorkoutSession] = [], today: String = "2026-11-07") -> SplitRotation {
        var settings = SiteConfig.Workouts()
        settings.split = split
        settings.start = start.flatMap { LocalDate(iso: $0) }
        settings.rotate = rotate
        return SplitRotation(settings: settings, sessions: sessions, today: LocalDate(iso: today)!)
    }

    func plan(_ rotation: SplitRotation, from: String, days: Int) -> [String] {
        (0..<days).map { rotation.planned(on: LocalDate(iso: from)!.adding(days: $0)) ?? "-" }
    }

    @Test func dailyFollowsTheCalendar() {
        let daily = rotation(.daily)
        #expect(plan(daily, from: "2026-10-30", days: 7) == ["-", "-", "Chest", "Back", "Legs", "Chest", "Back"])
        // Day 29 after the start: 29 mod 3 = 2.
        #expect(daily.planned(on: LocalDate(iso: "2026-11-30")!) == "Legs")
        #expect(daily.plannedToday == "Chest") // 2026-11-07 is day 6
    }

    @Test func dailyIgnoresMissedDaysAndLoggedSplits() {
        let sessions = [workout("2026-11-01"), workout("2026-11-04", split: "Legs")]
        #expect(plan(rotation(.daily, sessions: sessions), from: "2026-11-01", days: 7) == plan(rotation(.daily), from: "2026-11-01", days: 7))
    }

    /// The worked example of the docs: Chest, Back, Legs from 1 November, today the 7th.
    @Test func sessionPausesOnMissedDaysAndContinuesAfterTheLoggedSplit() {
        let sessions = [
            workout("2026-11-01"),                 // Chest as planned
            workout("2026-11-03"),                 // Back (the 2nd was missed, the plan waited)
            workout("2026-11-04", split: "Chest"), // Legs was planned, Chest was done
            workout("2026-11-06", split: "Cardio"), // not in the rotation: the plan stays
        ]
        let session = rotation(.session, sessions: sessions)
        #expect(plan(session, from: "2026-10-31", days: 11) == [
            "-", "Chest", "Back", "Back", "Legs", "Back", "Back", "Back", // up to today, the 7th
            "Legs", "Chest", "Back",                                       // forecast
        ])
        #expect(session.split(of: sessions[0]) == "Chest")
        #expect(session.split(of: sessions[1]) == "Back")
        #expect(session.split(of: sessions[2]) == "Chest")
    }

    @Test func sessionForecastStartsTomorrowOnceTodayIsDone() {
        let notYet = rotation(.session, sessions: [workout("2026-11-01")], today: "2026-11-02")
        #expect(plan(notYet, from: "2026-11-02", days: 3) == ["Back", "Legs", "Chest"])
        let done = rotation(.session, sessions: [workout("2026-11-01"), workout("2026-11-02")], today: "2026-11-02")
        #expect(plan(done, from: "2026-11-02", days: 3) == ["Back", "Legs", "Chest"])
        let other = rotation(.session, sessions: [workout("2026-11-01"), workout("2026-11-02", split: "Legs")], today: "2026-11-02")
        #expect(plan(other, from: "2026-11-02", days: 3) == ["Back", "Chest", "Back"])
    }

    @Test func twoSessionsOnADayMoveThePlanOnce() {
        let sessions = [workout("2026-11-01"), workout("2026-11-01"), workout("2026-11-02")]
        #expect(plan(rotation(.session, sessions: sessions), from: "2026-11-01", days: 3) == ["Chest", "Back", "Legs"])
    }

    @Test func loggedSplitsMatchIgnoringCaseAndTheNearestRepeatAhead() {
        let split = ["Push", "Pull", "Legs", "Push", "Pull", "Rest"]
        let sessions = [workout("2026-11-01"), workout("2026-11-02"), workout("2026-11-03"), workout("2026-11-04", split: "pull")]
        // Position 3 (the second Push) on the 4th; Pull ahead of it is index 4, so Rest follows
        // and waits on the days without a workout.
        #expect(plan(rotation(.session, split: split, sessions: sessions), from: "2026-11-01", days: 8)
            == ["Push", "Pull", "Legs", "Push", "Rest", "Rest", "Rest", "Push"])
    }

    @Test func startDefaultsToTheFirstWorkout() {
        let daily = rotation(.daily, start: nil, sessions: [workout("2026-11-03"), workout("2026-11-05")])
        #expect(daily.start?.iso == "2026-11-03")
        #expect(plan(daily, from: "2026-11-02", days: 3) == ["-", "Chest", "Back"])
        let fresh = rotation(.session, start: nil)
        #expect(fresh.start?.iso == "2026-11-07")
        #expect(fresh.plannedToday == "Chest")
        // A workout dated after today does not count yet: without one before, the plan starts today.
        let ahead = rotation(.session, start: nil, sessions: [workout("2026-11-09", split: "Legs")])
        #expect(ahead.start?.iso == "2026-11-07")
        #expect(plan(ahead, from: "2026-11-07", days: 3) == ["Chest", "Back", "Legs"])
    }

    @Test func sessionsBeforeStartAndAfterTodayDoNotCount() {
        let sessions = [workout("2026-10-20", split: "Legs"), workout("2026-11-09")]
        let session = rotation(.session, sessions: sessions)
        #expect(plan(session, from: "2026-11-07", days: 3) == ["Chest", "Back", "Legs"])
    }

    @Test func aStartInTheFutureBeginsThere() {
        let session = rotation(.session, start: "2026-11-10")
        #expect(plan(session, from: "2026-11-09", days: 3) == ["-", "Chest", "Back"])
    }

    @Test func noSplitsMeansNoPlan() {
        let empty = rotation(.session, split: [], sessions: [workout("2026-11-01")])
        #expect(empty.start == nil)
        #expect(empty.plannedToday == nil)
        #expect(empty.upcoming().isEmpty)
        #expect(empty.split(of: workout("2026-11-01", split: "Arms")) == "Arms")
    }

    @Test func upcomingListsSixtyDaysFromToday() {
        let upcoming = rotation(.daily).upcoming()
        #expect(upcoming.count == 60)
        #expect(upcoming.first == SplitRotation.PlannedDay(date: LocalDate(iso: "2026-11-07")!, split: "Chest"))
        #expect(upcoming.last?.date.iso == "2027-01-05")
        // Not before the start.
        #expect(rotation(.daily, start: "2026-11-10").upcoming(days: 5).map(\.date.iso) == ["2026-11-10", "2026-11-11"])
    }
}
