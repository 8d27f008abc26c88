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
        #expect(YearInReview.words("  **bold**, [link](x)  ") == 3)
    }
}
