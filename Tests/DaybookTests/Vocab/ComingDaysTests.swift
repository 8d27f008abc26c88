import PropertyBased
import Testing
@testable import DaybookSite

/// The phone's coming days come from today's one replay (`ComingDays`): each
/// day's plan must be what a replay made on that day gives, over random decks,
/// results (also dated after today) and both rules of docs/content.md#the-review-schedule.
@Suite struct ComingDaysTests {
    static func lines(_ day: VocabDay) -> [String] {
        func texts(_ words: [VocabWord]) -> String { words.map(\.text).joined(separator: ",") }
        return day.decks.filter { !($0.studies.isEmpty && $0.reviews.isEmpty && $0.missed.isEmpty) }.map { activity in
            "\(activity.deckID) missed \(texts(activity.missed)): " + activity.planOrder.map {
                "\($0.start) \($0.activity) of \($0.plan.studyDays.count)/\($0.plan.reviewDays.count) late \($0.daysLate) \(texts($0.words)) "
                    + "missed \(texts($0.missed))"
            }.joined(separator: " | ")
        }
    }

    @Test func eachComingDayIsThatDaysReplay() async {
        await propertyCheck(input: VocabSchedulePropertyTests.scenarios) { scenario in
            let coming = ComingDays(VocabSchedulePropertyTests.schedule(scenario, on: scenario.today), days: 12)
            #expect(Self.lines(coming.day(scenario.today)) == Self.lines(coming.plans[0]), "\(scenario)")
            for offset in 0..<12 {
                let date = scenario.today.adding(days: offset)
                let replayed = VocabSchedulePropertyTests.schedule(scenario, on: date).day(date)
                #expect(Self.lines(coming.plans[offset]) == Self.lines(replayed), "day +\(offset): \(scenario)")
            }
        }
    }

    /// The phone's replay starts weeks before today (its unsent tests may be older than the build):
    /// replaying reviews.md from an earlier day gives the same days.
    @Test func replayingFromAnEarlierDayGivesTheSameDays() async {
        await propertyCheck(input: VocabSchedulePropertyTests.scenarios) { scenario in
            let schedule = VocabSchedulePropertyTests.schedule(scenario, on: scenario.today)
            let fromToday = ComingDays(schedule, days: 12)
            for back in [1, 5, 28] {
                let earlier = ComingDays(schedule, from: scenario.today.adding(days: -back), days: 12)
                for offset in 0..<12 {
                    let date = scenario.today.adding(days: offset)
                    #expect(Self.lines(earlier.day(date)) == Self.lines(fromToday.plans[offset]), "from -\(back), day +\(offset): \(scenario)")
                }
            }
        }
    }

    /// What the phone starts from: every book with a session left, its first review not taken before today.
    @Test func theBooksSentToThePhoneAreThoseWithASessionLeft() async {
        await propertyCheck(input: VocabSchedulePropertyTests.scenarios) { scenario in
            let schedule = VocabSchedulePropertyTests.schedule(scenario, on: scenario.today)
            let coming = ComingDays(schedule, days: 1)
            for deck in coming.decks {
                let sent = coming.bookStarts(deck)
                #expect(Set(sent.flatMap(\.words).map(\.text)).count == sent.flatMap(\.words).count, "\(scenario)")
                for book in sent {
                    #expect(book.review >= 1 && book.review <= scenario.settings.reviewIntervals.count + 1, "\(scenario)")
                    #expect((book.due == nil) == (book.review > scenario.settings.reviewIntervals.count), "\(scenario)")
                }
            }
        }
    }
}
