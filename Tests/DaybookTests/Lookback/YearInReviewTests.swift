import PropertyBased
@testable import DaybookSite
import Testing

/// The year in review's sums: pure, over values, no files.
@Suite struct YearInReviewTests {
    static func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    @Test func countsOnlyTheYearsEntriesAndWorkouts() {
        let entries = [
            YearInReview.Entry(date: Self.date("2025-12-31"), words: 100, tags: ["winter"], condition: "snow", temperature: -9),
            YearInReview.Entry(date: Self.date("2026-01-02"), words: 12, tags: ["winter", "family"], condition: "snow", temperature: -3),
            YearInReview.Entry(date: Self.date("2026-07-30"), words: 30, tags: ["travel", "winter"], condition: "clear", temperature: 31.5),
            YearInReview.Entry(date: Self.date("2026-08-01"), words: 5, tags: ["family"], condition: "snow"),
        ]
        let workouts = ["2025-12-30", "2026-01-05", "2026-01-06", "2026-12-01"].map(Self.date)
        let review = YearInReview(year: 2026, entries: entries, workouts: workouts)
        #expect(review.entries == 3)
        #expect(review.words == 47)
        // Equally used tags by name.
        let tags: [YearInReview.Count] = [YearInReview.Count(name: "family", count: 2), YearInReview.Count(name: "winter", count: 2),
                                          YearInReview.Count(name: "travel", count: 1)]
        #expect(review.tags == tags)
        let weather: [YearInReview.Count] = [YearInReview.Count(name: "snow", count: 2), YearInReview.Count(name: "clear", count: 1)]
        #expect(review.weather == weather)
        let warmest = YearInReview.Extreme(date: Self.date("2026-07-30"), temperature: 31.5)
        let coldest = YearInReview.Extreme(date: Self.date("2026-01-02"), temperature: -3)
        #expect(review.warmest == warmest)
        #expect(review.coldest == coldest)
        let perMonth: [Int] = [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]
        #expect(review.workoutsPerMonth == perMonth)
        #expect(review.workouts == 3)
    }

    @Test func aYearWithoutEntriesHasNoWeatherExtremes() {
        let review = YearInReview(year: 2030, entries: [], workouts: [])
        #expect(review.entries == 0)
        #expect(review.words == 0)
        #expect(review.tags.isEmpty)
        #expect(review.weather.isEmpty)
        #expect(review.warmest == nil)
        #expect(review.coldest == nil)
        let perMonth = [Int](repeating: 0, count: 12)
        #expect(review.workoutsPerMonth == perMonth)
    }

    @Test func theFirstOfEquallyWarmDaysIsTheWarmest() {
        let entries = ["2026-05-02", "2026-05-01", "2026-05-03"].map { YearInReview.Entry(date: Self.date($0), words: 0, temperature: 20) }
        let review = YearInReview(year: 2026, entries: entries, workouts: [])
        #expect(review.warmest?.date == Self.date("2026-05-01"))
        #expect(review.coldest?.date == Self.date("2026-05-01"))
    }

    @Test func wordsAreRunsOfLettersAndDigits() {
        #expect(YearInReview.words("") == 0)
        #expect(YearInReview.words("첫눈이 왔다. It's 3 o'clock!") == 5)
        #expect(YearInReview.words("it\u{2019}s — “quoted” … 雪、降る。") == 4)
        #expect(YearInReview.words("  **bold**, [link text](https://example.com/a-b)  ") == 3)
    }

    @Test func imagesEmbedsAddressesAndTagsAreNotWords() {
        #expect(YearInReview.words("Hot day at the sea.\n\n![The sea](sea.jpg)") == 5)
        #expect(YearInReview.words("![[photo one.jpg]] and <span class=\"x\">two</span> < 3") == 3)
        // An unclosed image runs to the end, as cmark would not show it as text either.
        #expect(YearInReview.words("one ![alt") == 1)
    }

    static func exercise(_ name: String, _ notation: String) -> Exercise {
        Exercise(name: name, notation: notation, groups: try! SetNotation.parse(notation, defaultUnit: .kg).get(), line: 1)
    }

    @Test func aRecordIsBeatenWhenASessionPassesEveryEarlierOne() throws {
        let sessions = [
            workout("2025-12-01", [Self.exercise("Bench press", "65kg x 5")]),
            workout("2026-01-10", [Self.exercise("Bench press", "60kg x 5"), Self.exercise("Push-up", "20, 25")]),
            workout("2026-03-03", [Self.exercise("Bench press", "70kg x 5"), Self.exercise("Push-up", "30")]),
            workout("2026-04-01", [Self.exercise("Bench press", "72kg x 5")]),
            workout("2027-01-01", [Self.exercise("Bench press", "90kg x 5")]),
        ]
        let stats = WorkoutStats(sessions: sessions, today: Self.date("2027-02-01"), weekStart: .monday)
        let records = YearRecords(year: 2026, exercises: stats.exercises)
        let perMonth: [Int] = [0, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0]
        #expect(records.beatenPerMonth == perMonth)
        let bench = try #require(records.bests.first { $0.exercise.name == "Bench press" })
        #expect(bench.measure == .oneRepMax)
        #expect(bench.record.date == Self.date("2026-04-01"))
        #expect(abs(bench.record.value - 72 * (1 + 5.0 / 30)) < 1e-9)
        #expect(bench.isPersonalRecord)
        let pushUps = try #require(records.bests.first { $0.exercise.name == "Push-up" })
        #expect(pushUps.measure == .reps)
        #expect(pushUps.record.value == 30)
        // A year below an earlier best has bests but no personal record.
        let later = YearRecords(year: 2025, exercises: WorkoutStats(sessions: [sessions[0], workout("2024-05-05", [Self.exercise("Bench press", "80kg x 5")])],
                                                                     today: Self.date("2027-02-01"), weekStart: .monday).exercises)
        #expect(later.bests.map(\.isPersonalRecord) == [false])
        #expect(later.beatenPerMonth.reduce(0, +) == 0)
    }

    @Test func aRoutinesShareCountsItsDueDaysOfTheYear() throws {
        let wake = Routine(id: "wake", name: "Wake", weekdays: [1], from: Self.date("2026-12-21"))
        let never = Routine(id: "later", name: "Later", weekdays: [1], from: Self.date("2027-03-01"))
        let log = RoutineLog(days: [Self.date("2026-12-21"): ["wake"], Self.date("2027-01-04"): ["wake"]])
        let plan = RoutinePlan(routines: [wake, never], log: log, today: Self.date("2027-01-20"))
        // 2026: Dec 21 done, Dec 28 missed. 2027: Jan 4 done, Jan 11 and 18 missed; "later" not due yet.
        let y2026 = YearRoutines(year: 2026, plan: plan).shares
        #expect(y2026.map(\.routine.id) == ["wake"])
        #expect(y2026.first?.counts.done == 1)
        #expect(y2026.first?.counts.missed == 1)
        let y2027 = YearRoutines(year: 2027, plan: plan).shares
        #expect(y2027.first?.counts.done == 1)
        #expect(y2027.first?.counts.missed == 2)
    }

    @Test func photosAreSpreadOverTheYear() {
        #expect(YearInReview.spread(3, limit: 48) == [0, 1, 2])
        #expect(YearInReview.spread(100, limit: 5) == [0, 24, 49, 74, 99])
        #expect(YearInReview.spread(10, limit: 1) == [0])
        #expect(YearInReview.spread(10, limit: 0).isEmpty)
    }

    @Test func studyCountsTheYearsWordsAndTakenReviews() {
        let words = [
            YearStudy.Word(learnedOn: Self.date("2026-01-07"), masteredOn: Self.date("2026-01-31")),
            YearStudy.Word(learnedOn: Self.date("2026-12-30"), masteredOn: nil),
            YearStudy.Word(learnedOn: Self.date("2025-12-31"), masteredOn: Self.date("2026-02-01")),
        ]
        let reviews = [YearStudy.Review(date: Self.date("2026-01-10"), words: 3, missed: 1),
                       YearStudy.Review(date: Self.date("2025-12-10"), words: 5, missed: 5)]
        let study = YearStudy(year: 2026, words: words, reviews: reviews, today: Self.date("2026-11-23"))
        #expect(study == YearStudy(year: 2026, words: words, reviews: reviews, today: Self.date("2026-11-23")))
        #expect(study.learned == 1)
        #expect(study.mastered == 2)
        #expect(study.reviewed == 3)
        #expect(study.recalled == 2)
        let none = YearStudy(year: 2027, words: words, reviews: reviews, today: Self.date("2026-11-23"))
        #expect(none.recallRate == nil)
    }
}

/// The year's study over random decks and reviews.md (the schedule's own generator).
@Suite struct YearStudyPropertyTests {
    typealias Scenario = VocabSchedulePropertyTests.Scenario

    static func study(_ scenario: Scenario) -> (schedule: VocabSchedule, years: [YearStudy]) {
        let schedule = VocabSchedulePropertyTests.schedule(scenario, on: scenario.today)
        let words = YearStudy.words(of: scenario.decks.map(\.id), in: schedule, settings: scenario.settings)
        let years = (2025...2027).map { year in
            YearStudy(year: year, words: words, reviews: YearStudy.reviews(year, in: schedule, today: scenario.today), today: scenario.today)
        }
        return (schedule, years)
    }

    @Test func theYearsMasteredAddUpToTheWordsMasteredToday() async {
        await propertyCheck(input: VocabSchedulePropertyTests.scenarios) { scenario in
            let (schedule, years) = Self.study(scenario)
            let masteredToday = scenario.decks.reduce(0) { $0 + schedule.words(of: $1.id).count(where: \.isMastered) }
            #expect(years.reduce(0) { $0 + $1.mastered } == masteredToday, "\(scenario)")
        }
    }

    @Test func aWordIsMasteredNoEarlierThanItIsLearned() async {
        await propertyCheck(input: VocabSchedulePropertyTests.scenarios) { scenario in
            let years = Self.study(scenario).years
            var learned = 0, mastered = 0
            for year in years {
                learned += year.learned
                mastered += year.mastered
                #expect(mastered <= learned, "\(scenario)")
            }
        }
    }

    @Test func noMissIsCountedTwiceNorARecallAboveTheTests() async {
        await propertyCheck(input: VocabSchedulePropertyTests.scenarios) { scenario in
            let years = Self.study(scenario).years
            let missesSoFar = scenario.reviews.misses.count { $0.date <= scenario.today }
            #expect(years.reduce(0) { $0 + $1.reviewed - $1.recalled } <= missesSoFar, "\(scenario)")
            for year in years {
                #expect(year.recalled <= year.reviewed)
                #expect(year.recallRate.map { (0...1).contains($0) } ?? (year.reviewed == 0))
            }
        }
    }

    @Test func withoutAMissEveryReviewIsRecalled() async {
        await propertyCheck(input: VocabSchedulePropertyTests.scenarios) { scenario in
            var clean = scenario
            clean.reviews = ReviewLog(days: scenario.reviews.days.map { ReviewLog.Day(date: $0.date, location: $0.location, decks: $0.decks) })
            for year in Self.study(clean).years {
                #expect(year.recalled == year.reviewed, "\(clean)")
            }
        }
    }
}
