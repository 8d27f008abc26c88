import DaybookContent
@testable import DaybookSchedule
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
        #expect(review.tags == [.init(name: "winter", count: 2), .init(name: "family", count: 2), .init(name: "travel", count: 1)]
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name })
        #expect(review.weather == [.init(name: "snow", count: 2), .init(name: "clear", count: 1)])
        #expect(review.warmest == .init(date: Self.date("2026-07-30"), temperature: 31.5))
        #expect(review.coldest == .init(date: Self.date("2026-01-02"), temperature: -3))
        #expect(review.workoutsPerMonth == [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
        #expect(review.workouts == 3)
    }

    @Test func aYearWithoutEntriesHasNoWeatherExtremes() {
        let review = YearInReview(year: 2030, entries: [], workouts: [])
        #expect(review.entries == 0 && review.words == 0 && review.tags.isEmpty && review.weather.isEmpty)
        #expect(review.warmest == nil && review.coldest == nil)
        #expect(review.workoutsPerMonth == Array(repeating: 0, count: 12))
    }

    @Test func theFirstOfEquallyWarmDaysIsTheWarmest() {
        let entries = ["2026-05-02", "2026-05-01", "2026-05-03"].map { YearInReview.Entry(date: Self.date($0), words: 0, temperature: 20) }
        let review = YearInReview(year: 2026, entries: entries, workouts: [])
        #expect(review.warmest?.date == Self.date("2026-05-01"))
        #expect(review.coldest?.date == Self.date("2026-05-01"))
    }

    @Test func wordsAreRunsOfLettersAndDigits() {
        #expect(YearInReview.words("") == 0)
        #expect(YearInReview.words("첫눈이 왔다. It's 3 o'clock!") == 6)
        #expect(YearInReview.words("  **bold**, [link](x)  ") == 3)
    }
}
