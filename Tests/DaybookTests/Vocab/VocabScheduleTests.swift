import PropertyBased
import Testing
@testable import DaybookSite

/// The schedule of the original app (docs/content.md#the-review-schedule), checked on the spec's own example.
@Suite struct VocabScheduleTests {
    static let deckText = """
    ## 2026-11-20
    - abandon :: 버리다; 포기하다
    - benevolent :: 자비로운, 인정 많은

    ## 2026-11-21
    - candid :: 솔직한
    """

    static func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    static func settings(study: Int = 3, intervals: [Int] = [3, 7, 14], unrecorded: SiteConfig.Vocab.Unrecorded = .overdue) -> SiteConfig.Vocab {
        var settings = SiteConfig.Vocab()
        settings.studyDays = study
        settings.reviewIntervals = intervals
        settings.unrecorded = unrecorded
        return settings
    }

    static func schedule(reviews: String = "", today: String, settings: SiteConfig.Vocab = settings(), deck: String = deckText) -> VocabSchedule {
        var diagnostics = Diagnostics()
        let file = SourceFile(displayPath: "content/vocab/toeic.md", relativePath: "vocab/toeic.md", text: deck)
        let decks = [DeckParser.parse(file, settings: settings, into: &diagnostics)!]
        let log = ReviewLogParser.parse(SourceFile(displayPath: "content/vocab/reviews.md", relativePath: "vocab/reviews.md", text: reviews),
                                        decks: decks, into: &diagnostics)
        #expect(diagnostics.items.isEmpty)
        return VocabSchedule(decks: decks, reviews: log, settings: settings, today: date(today))
    }

    static func texts(_ words: [VocabWord]) -> [String] { words.map(\.text) }

    // MARK: The spec's example

    @Test func aBookStudiesThreeDaysAndReviewsOnDayFiveTwelveAndTwentySix() {
        let plan = WordBookPlan(start: Self.date("2026-11-20"), settings: Self.settings())
        #expect(plan.studyDays.map(\.iso) == ["2026-11-20", "2026-11-21", "2026-11-22"])
        #expect(plan.reviewDays.map(\.iso) == ["2026-11-25", "2026-12-02", "2026-12-16"]) // D+5, D+12, D+26
        #expect(plan.masteredOn.iso == "2026-12-16")

        let stages = ["2026-11-19", "2026-11-20", "2026-11-22", "2026-11-23", "2026-11-25", "2026-11-26", "2026-12-16", "2026-12-17"]
            .map { plan.stage(on: Self.date($0)) }
        #expect(stages == [
            .upcoming(startsOn: Self.date("2026-11-20")),
            .studying(day: 1, of: 3),
            .studying(day: 3, of: 3),
            .waiting(review: 1, on: Self.date("2026-11-25")),
            .reviewDue(review: 1, of: 3),
            .waiting(review: 2, on: Self.date("2026-12-02")),
            .reviewDue(review: 3, of: 3),
            .mastered(on: Self.date("2026-12-16")),
        ])
    }

    @Test func withUnrecordedPassedAndNoResultsEveryPastTestCountsAsPassed() {
        let schedule = Self.schedule(today: "2026-12-20", settings: Self.settings(unrecorded: .passed))
        let books = schedule.books(of: "toeic")
        #expect(books.map(\.start.iso) == ["2026-11-20", "2026-11-21"])
        #expect(books.map { Self.texts($0.words) } == [["abandon", "benevolent"], ["candid"]])
        #expect(books[0].stage == .mastered(on: Self.date("2026-12-16")))
        #expect(books[1].stage == .mastered(on: Self.date("2026-12-17")))
        #expect(schedule.word("abandon", in: "toeic")?.nextReview == nil)
        #expect(schedule.diagnostics.isEmpty)
    }

    @Test func todaysPlanListsStudyBooksAndReviewsDue() throws {
        let schedule = Self.schedule(today: "2026-11-22")
        let plan = schedule.todayPlan
        #expect(plan.date.iso == "2026-11-22")
        let toeic = try #require(plan.deck("toeic"))
        #expect(toeic.studies.map(\.start.iso) == ["2026-11-20", "2026-11-21"])
        #expect(toeic.studies.map(\.activity) == [.study(day: 3), .study(day: 2)])
        #expect(toeic.studies.map { Self.texts($0.words) } == [["abandon", "benevolent"], ["candid"]])
        #expect(toeic.reviews.isEmpty)
        #expect(plan.studyCount == 3 && plan.reviewCount == 0)

        let reviewDay = try #require(schedule.day(Self.date("2026-11-25")).deck("toeic"))
        #expect(reviewDay.reviews.map(\.activity) == [.review(number: 1)])
        #expect(reviewDay.reviews.map { Self.texts($0.words) } == [["abandon", "benevolent"]])
        #expect(reviewDay.studies.isEmpty)
    }

    // MARK: Misses

    @Test func aMissOnAReviewDayMovesTheWordToThatDaysBook() throws {
        let schedule = Self.schedule(reviews: "## 2026-11-25\n- toeic: abandon\n", today: "2026-11-25")
        let books = schedule.books(of: "toeic")
        #expect(books.map(\.start.iso) == ["2026-11-20", "2026-11-21", "2026-11-25"])
        #expect(books.map { Self.texts($0.words) } == [["benevolent"], ["candid"], ["abandon"]])
        #expect(Self.texts(books[0].added) == ["abandon", "benevolent"])
        #expect(books[2].day == nil && Self.texts(books[2].joined) == ["abandon"])
        #expect(books[2].stage == .studying(day: 1, of: 3))
        #expect(books[0].stage == .reviewDue(review: 1, of: 3))

        let abandon = try #require(schedule.word("abandon", in: "toeic"))
        #expect(abandon.stage == .studying(day: 1, of: 3))
        #expect(abandon.book.start.iso == "2026-11-25")
        #expect(abandon.added.iso == "2026-11-20")
        #expect(abandon.missedOn.map(\.iso) == ["2026-11-25"])
        #expect(abandon.bookHistory.map(\.iso) == ["2026-11-20", "2026-11-25"])
        #expect(abandon.nextReview?.number == 1 && abandon.nextReview?.date.iso == "2026-11-30")

        // Today it was due and missed, and it is studied again from day 1.
        let today = try #require(schedule.todayPlan.deck("toeic"))
        #expect(today.reviews.map { Self.texts($0.words) } == [["abandon", "benevolent"]])
        #expect(today.reviews.map { Self.texts($0.missed) } == [["abandon"]])
        #expect(today.studies.map(\.start.iso) == ["2026-11-25"])
        #expect(Self.texts(today.joined) == ["abandon"] && Self.texts(today.missed) == ["abandon"])

        // Its next review is projected on the new book's dates only.
        #expect(schedule.day(Self.date("2026-11-30")).deck("toeic")?.reviews.map { Self.texts($0.words) } == [["abandon"]])
        #expect(schedule.day(Self.date("2026-12-02")).deck("toeic")?.reviews.map { Self.texts($0.words) } == [["benevolent"]])
    }

    @Test func aMissDuringItsOwnStudyDaysChangesNothing() throws {
        let schedule = Self.schedule(reviews: "## 2026-11-21\n- toeic: abandon, candid\n", today: "2026-11-23")
        #expect(schedule.books(of: "toeic").map { Self.texts($0.words) } == [["abandon", "benevolent"], ["candid"]])
        let abandon = try #require(schedule.word("abandon", in: "toeic"))
        #expect(abandon.book.start.iso == "2026-11-20")
        #expect(abandon.stage == .waiting(review: 1, on: Self.date("2026-11-25")))
        #expect(abandon.missedOn.map(\.iso) == ["2026-11-21"])
        #expect(abandon.bookHistory.count == 1)
        let studied = try #require(schedule.day(Self.date("2026-11-21")).deck("toeic"))
        #expect(studied.studies.map { Self.texts($0.missed) } == [["abandon"], ["candid"]])
        #expect(studied.joined.isEmpty)
    }

    @Test func aMissOnADayWithoutAReviewAlsoRestarts() throws {
        let schedule = Self.schedule(reviews: "## 2026-11-23\n- toeic: abandon\n", today: "2026-11-25")
        let abandon = try #require(schedule.word("abandon", in: "toeic"))
        #expect(abandon.book.start.iso == "2026-11-23")
        #expect(abandon.stage == .studying(day: 3, of: 3))
        #expect(abandon.book.reviewDays.first?.iso == "2026-11-28")
        // It left before review 1 of its first book, so that review holds only the other word.
        let review = try #require(schedule.todayPlan.deck("toeic"))
        #expect(review.reviews.map { Self.texts($0.words) } == [["benevolent"]])
        #expect(review.studies.map { Self.texts($0.words) } == [["abandon"]])
    }

    /// Missed the day before its book's review, the word has left the book: the review does not hold it.
    @Test func aWordMissedTheDayBeforeAReviewIsNotInIt() throws {
        let schedule = Self.schedule(reviews: "## 2026-11-24\n- toeic: abandon\n", today: "2026-11-25")
        #expect(schedule.word("abandon", in: "toeic")?.book.start.iso == "2026-11-24")
        let review = try #require(schedule.todayPlan.deck("toeic"))
        #expect(review.reviews.map { Self.texts($0.words) } == [["benevolent"]])
        #expect(review.studies.map { Self.texts($0.words) } == [["abandon"]])
    }

    @Test func aMasteredWordMissedLaterGoesBackToThatDaysBook() throws {
        let passed = Self.settings(unrecorded: .passed)
        let before = Self.schedule(reviews: "## 2027-01-05\n- toeic: abandon\n", today: "2027-01-04", settings: passed)
        #expect(before.word("abandon", in: "toeic")?.stage == .mastered(on: Self.date("2026-12-16")))
        #expect(before.diagnostics.count == 1)

        let after = Self.schedule(reviews: "## 2027-01-05\n- toeic: abandon\n", today: "2027-01-10", settings: passed)
        let abandon = try #require(after.word("abandon", in: "toeic"))
        #expect(abandon.book.start.iso == "2027-01-05")
        #expect(abandon.stage == .reviewDue(review: 1, of: 3))
        #expect(after.books(of: "toeic").last?.start.iso == "2027-01-05")
        #expect(after.diagnostics.isEmpty)
    }

    @Test func chainsOfMissesFollowEachOtherInDateOrder() throws {
        // Written out of order: the schedule replays them by date.
        let reviews = """
        ## 2026-11-30
        - toeic: abandon
        ## 2026-12-01
        - toeic: abandon
        ## 2026-11-25
        - toeic: abandon, benevolent
        """
        let schedule = Self.schedule(reviews: reviews, today: "2026-12-02")
        let abandon = try #require(schedule.word("abandon", in: "toeic"))
        // 25: review 1 → book 25 (study 25–27, review 1 on 30); 30: missed → book 30; 1 Dec: study day 2, no change.
        #expect(abandon.bookHistory.map(\.iso) == ["2026-11-20", "2026-11-25", "2026-11-30"])
        #expect(abandon.missedOn.map(\.iso) == ["2026-11-25", "2026-11-30", "2026-12-01"])
        #expect(abandon.stage == .studying(day: 3, of: 3))
        let benevolent = try #require(schedule.word("benevolent", in: "toeic"))
        #expect(benevolent.stage == .waiting(review: 2, on: Self.date("2026-12-07")))
        #expect(schedule.books(of: "toeic").map { "\($0.start.iso):\(Self.texts($0.words).joined(separator: ","))" } == [
            "2026-11-20:", "2026-11-21:candid", "2026-11-25:benevolent", "2026-11-30:abandon",
        ])
        #expect(Self.texts(schedule.book(of: "toeic", startingOn: Self.date("2026-11-25"))?.joined ?? []) == ["abandon", "benevolent"])
    }

    @Test func resultsDatedAfterTodayDoNotCountYet() throws {
        let schedule = Self.schedule(reviews: "## 2026-11-20\n\n## 2026-11-25\n- toeic: abandon\n", today: "2026-11-24")
        #expect(schedule.word("abandon", in: "toeic")?.book.start.iso == "2026-11-20")
        #expect(schedule.word("abandon", in: "toeic")?.missedOn.isEmpty == true)
        #expect(schedule.books(of: "toeic").count == 2)
        let warning = try #require(schedule.diagnostics.first)
        #expect(schedule.diagnostics.count == 1)
        #expect(warning.severity == .warning)
        #expect("\(warning.location.line):\(warning.location.column)" == "3:1")
        #expect(warning.message == "review results dated 2026-11-25 are after today (2026-11-24) and do not count yet")
    }

    // MARK: Overdue reviews

    /// The issue's report: a book of the 24th, nothing recorded for its review
    /// on the 29th, moved on to "review 2 on 6 December" on the 30th.
    @Test func aReviewWithNoRecordedTestStaysOverdueInsteadOfPromotingItsWords() throws {
        let deck = "## 2026-11-24\n- abandon :: 버리다\n- candid :: 솔직한\n"
        let overdue = Self.schedule(today: "2026-11-30", deck: deck)
        let book = try #require(overdue.books(of: "toeic").first)
        #expect(book.stage == .overdue(review: 1, of: 3, daysLate: 1))
        #expect(book.plan.dueDays.first?.iso == "2026-11-29" && book.plan.reviewDays.first?.iso == "2026-11-30")
        #expect(overdue.word("abandon", in: "toeic")?.nextReview.map { "\($0.number) \($0.date.iso)" } == "1 2026-11-30")
        let today = try #require(overdue.todayPlan.deck("toeic"))
        #expect(today.reviews.map(\.daysLate) == [1])
        #expect(today.reviews.map { Self.texts($0.words) } == [["abandon", "candid"]])
        // Nothing happens on the 29th: the review was not taken then.
        #expect(overdue.day(Self.date("2026-11-29")).isEmpty)
        // Review 2 is planned from today, the earliest the review can be taken.
        #expect(overdue.day(Self.date("2026-12-07")).deck("toeic")?.reviews.map(\.activity) == [.review(number: 2)])

        let passed = Self.schedule(today: "2026-11-30", settings: Self.settings(unrecorded: .passed), deck: deck)
        #expect(passed.books(of: "toeic").first?.stage == .waiting(review: 2, on: Self.date("2026-12-06")))
    }

    @Test func theNextIntervalCountsFromTheDayTheReviewWasTaken() throws {
        // Review 1 of the 20th's book fell due on the 25th, of the 21st's on the 26th; both taken on the 27th.
        let schedule = Self.schedule(reviews: "## 2026-11-27\n- toeic:\n", today: "2026-11-28")
        let books = schedule.books(of: "toeic")
        #expect(books.map(\.stage) == [.waiting(review: 2, on: Self.date("2026-12-04")), .waiting(review: 2, on: Self.date("2026-12-04"))])
        #expect(books.map { $0.plan.daysLate(review: 1) } == [2, 1])
        #expect(books[0].plan.reviewDays.map(\.iso) == ["2026-11-27", "2026-12-04", "2026-12-18"])
        let taken = try #require(schedule.day(Self.date("2026-11-27")).deck("toeic"))
        #expect(taken.reviews.map { "\($0.start.iso) \($0.daysLate)" } == ["2026-11-20 2", "2026-11-21 1"])
        #expect(schedule.todayPlan.isEmpty)
    }

    @Test func overdueReviewsComeFirstTheLatestFirst() throws {
        // The 20th's book is due on the 25th, the 21st's on the 26th, the 27th's book studies on the 28th.
        let deck = Self.deckText + "\n## 2026-11-27\n- eligible :: 자격이 있는\n"
        let schedule = Self.schedule(today: "2026-11-28", deck: deck)
        let today = try #require(schedule.todayPlan.deck("toeic"))
        #expect(today.reviews.map { "\($0.start.iso) \($0.daysLate)" } == ["2026-11-20 3", "2026-11-21 2"])
        #expect(today.planOrder.map(\.start.iso) == ["2026-11-20", "2026-11-21", "2026-11-27"])
        #expect(schedule.book(of: "toeic", startingOn: Self.date("2026-11-21"))?.stage == .overdue(review: 1, of: 3, daysLate: 2))
    }

    @Test func aTestBeforeTheReviewFallsDueDoesNotTakeIt() throws {
        // A line on the 24th (study days over, review 1 due the 25th) takes nothing; a miss that day still moves its word.
        let schedule = Self.schedule(reviews: "## 2026-11-24\n- toeic: benevolent\n", today: "2026-11-26")
        let book = try #require(schedule.books(of: "toeic").first)
        #expect(book.stage == .overdue(review: 1, of: 3, daysLate: 1))
        #expect(Self.texts(book.words) == ["abandon"])
        #expect(schedule.word("benevolent", in: "toeic")?.book.start.iso == "2026-11-24")
    }

    @Test func aMissOnALateReviewDayIsThatReviewsMiss() throws {
        let schedule = Self.schedule(reviews: "## 2026-11-28\n- toeic: abandon\n", today: "2026-11-28")
        let session = try #require(schedule.todayPlan.deck("toeic")?.reviews.first)
        #expect(session.daysLate == 3 && session.start.iso == "2026-11-20")
        #expect(Self.texts(session.words) == ["abandon", "benevolent"] && Self.texts(session.missed) == ["abandon"])
        #expect(schedule.word("abandon", in: "toeic")?.book.start.iso == "2026-11-28")
        #expect(schedule.word("benevolent", in: "toeic")?.stage == .overdue(review: 1, of: 3, daysLate: 3))
        #expect(schedule.word("benevolent", in: "toeic")?.book.nextReview(onOrAfter: Self.date("2026-11-29"))?.date.iso == "2026-12-05")
    }

    // MARK: Settings

    @Test func oneStudyDayAndOneInterval() {
        let plan = WordBookPlan(start: Self.date("2026-11-20"), settings: Self.settings(study: 1, intervals: [1]))
        #expect(plan.dates.map(\.iso) == ["2026-11-20", "2026-11-21"])
        #expect(plan.stage(on: Self.date("2026-11-21")) == .reviewDue(review: 1, of: 1))
        #expect(plan.stage(on: Self.date("2026-11-22")) == .mastered(on: Self.date("2026-11-21")))
    }

    @Test func fiveStudyDaysAndLongIntervals() {
        let plan = WordBookPlan(start: Self.date("2026-11-20"), settings: Self.settings(study: 5, intervals: [2, 30, 1, 90]))
        #expect(plan.dates.map(\.iso) == ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24",
                                          "2026-11-26", "2026-12-26", "2026-12-27", "2027-03-27"])
        #expect(plan.stage(on: Self.date("2026-11-24")) == .studying(day: 5, of: 5))
        #expect(plan.stage(on: Self.date("2026-12-27")) == .reviewDue(review: 3, of: 4))
    }

    @Test func noIntervalsMeansMasteredAfterStudying() throws {
        let plan = WordBookPlan(start: Self.date("2026-11-20"), settings: Self.settings(study: 2, intervals: []))
        #expect(plan.reviewDays.isEmpty)
        #expect(plan.stage(on: Self.date("2026-11-21")) == .studying(day: 2, of: 2))
        #expect(plan.stage(on: Self.date("2026-11-22")) == .mastered(on: Self.date("2026-11-21")))

        // A miss after that still sends the word back to study.
        let schedule = Self.schedule(reviews: "## 2026-11-24\n- toeic: abandon\n", today: "2026-11-25", settings: Self.settings(study: 2, intervals: []))
        let abandon = try #require(schedule.word("abandon", in: "toeic"))
        #expect(abandon.stage == .studying(day: 2, of: 2))
        #expect(schedule.word("benevolent", in: "toeic")?.stage == .mastered(on: Self.date("2026-11-21")))
    }

    // MARK: Calendar

    @Test func reviewDaysForTheCalendarFeed() {
        let schedule = Self.schedule(today: "2026-11-20")
        let days = schedule.reviewDays(from: Self.date("2026-11-20"))
        #expect(days.map { "\($0.date.iso) \($0.deckID) \($0.wordCount)" } == [
            "2026-11-25 toeic 2", "2026-11-26 toeic 1",
            "2026-12-02 toeic 2", "2026-12-03 toeic 1",
            "2026-12-16 toeic 2", "2026-12-17 toeic 1",
        ])
        #expect(schedule.reviewDays(from: Self.date("2026-12-03")).count == 3)
    }

    @Test func calendarDaysInARange() {
        let schedule = Self.schedule(reviews: "## 2026-11-23\n- toeic: candid\n## 2026-11-25\n- toeic:\n## 2026-11-26\n- toeic:\n", today: "2026-11-30")
        let days = schedule.days(in: Self.date("2026-11-20")...Self.date("2026-11-26"))
        // Nothing happens on the 24th; candid's miss on its study day 3 (23rd) changes nothing.
        #expect(days.map(\.date.iso) == ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-25", "2026-11-26"])
        #expect(days.map(\.addedCount) == [2, 1, 0, 0, 0, 0])
        #expect(days.map(\.studyCount) == [2, 3, 3, 1, 0, 0])
        #expect(days.map(\.reviewCount) == [0, 0, 0, 0, 2, 1])
        #expect(days[3].deck("toeic")?.missed.map(\.text) == ["candid"])
    }
}

/// Invariants of the schedule over random decks, results and days.
@Suite struct VocabSchedulePropertyTests {
    struct Scenario: Sendable, CustomStringConvertible {
        var settings: SiteConfig.Vocab
        var decks: [Deck]
        var reviews: ReviewLog
        var today: LocalDate
        var later: LocalDate

        var description: String {
            let decksText = decks.map { deck in
                "\(deck.id): " + deck.words.map { "\($0.text)@\($0.added.iso)" }.joined(separator: " ")
            }.joined(separator: "; ")
            let missText = reviews.misses.map { "\($0.date.iso) \($0.deckID):\($0.word)" }.joined(separator: ", ")
            let testText = reviews.days.filter(\.misses.isEmpty).map { "\($0.date.iso) \($0.decks.joined(separator: ","))" }.joined(separator: ", ")
            return "study \(settings.studyDays) intervals \(settings.reviewIntervals) unrecorded \(settings.unrecorded) | \(decksText) | misses \(missText) "
                + "| tests \(testText) | today \(today.iso) later \(later.iso)"
        }
    }

    static let base = LocalDate(iso: "2026-01-01")!

    static let scenarios = Generator<Scenario, Shrink.None<Scenario>> { rng in
        var settings = SiteConfig.Vocab()
        settings.studyDays = Int.random(in: 1...5, using: &rng)
        settings.reviewIntervals = (0..<Int.random(in: 0...4, using: &rng)).map { _ in Int.random(in: 1...20, using: &rng) }
        settings.unrecorded = Bool.random(using: &rng) ? .overdue : .passed
        var decks: [Deck] = []
        var days: [ReviewLog.Day] = []
        for deckNumber in 0..<Int.random(in: 1...3, using: &rng) {
            let id = "deck\(deckNumber)"
            let file = SourceFile(displayPath: "content/vocab/\(id).md", relativePath: "vocab/\(id).md", text: "")
            let offsets = Set((0..<Int.random(in: 1...5, using: &rng)).map { _ in Int.random(in: 0...60, using: &rng) })
            var wordNumber = 0
            var deckDays: [DeckDay] = []
            for offset in offsets.sorted() {
                let date = base.adding(days: offset)
                let words = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                    wordNumber += 1
                    return VocabWord(text: "w\(wordNumber)", meanings: ["m"], added: date, line: wordNumber)
                }
                deckDays.append(DeckDay(date: date, line: 1, words: words))
            }
            let deck = Deck(source: file, days: deckDays)
            decks.append(deck)
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                let word = deck.words.randomElement(using: &rng)!
                let date = word.added.adding(days: Int.random(in: 0...120, using: &rng))
                let location = SourceLocation(path: "content/vocab/reviews.md")
                days.append(ReviewLog.Day(date: date, location: location, decks: [id],
                                          misses: [ReviewLog.Miss(date: date, deckID: id, word: word.text, location: location)]))
            }
            // Tests with every word passed: `- deck:`.
            for _ in 0..<Int.random(in: 0...15, using: &rng) {
                let date = base.adding(days: Int.random(in: 0...200, using: &rng))
                days.append(ReviewLog.Day(date: date, location: SourceLocation(path: "content/vocab/reviews.md"), decks: [id]))
            }
        }
        let today = base.adding(days: Int.random(in: 0...200, using: &rng))
        let later = today.adding(days: Int.random(in: 0...120, using: &rng))
        return Scenario(settings: settings, decks: decks, reviews: ReviewLog(days: days), today: today, later: later)
    }

    static func schedule(_ scenario: Scenario, on today: LocalDate) -> VocabSchedule {
        VocabSchedule(decks: scenario.decks, reviews: scenario.reviews, settings: scenario.settings, today: today)
    }

    @Test func everyWordIsInExactlyOneBook() async {
        await propertyCheck(input: Self.scenarios) { scenario in
            let schedule = Self.schedule(scenario, on: scenario.today)
            for deck in scenario.decks {
                let placed = schedule.books(of: deck.id).flatMap { book in book.words.map { ($0.text, book.start) } }
                #expect(placed.map(\.0).sorted() == deck.words.map(\.text).sorted(), "\(scenario)")
                for (text, start) in placed {
                    #expect(schedule.word(text, in: deck.id)?.book.start == start, "\(scenario)")
                }
            }
        }
    }

    @Test func aBooksDatesStrictlyIncrease() async {
        await propertyCheck(input: Self.scenarios) { scenario in
            let schedule = Self.schedule(scenario, on: scenario.today)
            for deck in scenario.decks {
                for book in schedule.books(of: deck.id) {
                    let dates = book.plan.dates
                    #expect(dates.count == scenario.settings.studyDays + scenario.settings.reviewIntervals.count)
                    #expect(zip(dates, dates.dropFirst()).allSatisfy { $0 < $1 }, "\(scenario)")
                    #expect(dates.first == book.start)
                }
            }
        }
    }

    @Test func aLaterDayNeverUnmastersAWordWithoutAMiss() async {
        await propertyCheck(input: Self.scenarios) { scenario in
            let now = Self.schedule(scenario, on: scenario.today)
            let later = Self.schedule(scenario, on: scenario.later)
            for deck in scenario.decks {
                for status in now.words(of: deck.id) where status.isMastered {
                    let missedBetween = scenario.reviews.misses.contains {
                        $0.deckID == deck.id && $0.word == status.word.text && $0.date > scenario.today && $0.date <= scenario.later
                    }
                    #expect(missedBetween || later.word(status.word.text, in: deck.id)?.isMastered == true, "\(scenario)")
                }
            }
        }
    }

    @Test func aWordWithoutMissesIsMasteredRightAfterItsLastReview() async {
        await propertyCheck(input: Self.scenarios) { scenario in
            let schedule = Self.schedule(scenario, on: scenario.today)
            for deck in scenario.decks {
                let taking = ReviewTaking(rule: scenario.settings.unrecorded, today: scenario.today,
                                          tested: scenario.reviews.testDays(through: scenario.today)[deck.id] ?? [])
                for word in deck.words where !scenario.reviews.misses.contains(where: { $0.deckID == deck.id && $0.word == word.text }) {
                    let plan = WordBookPlan(start: word.added, settings: scenario.settings, taking: taking)
                    let status = schedule.word(word.text, in: deck.id)
                    #expect(status?.book.start == word.added)
                    if scenario.today > plan.masteredOn {
                        #expect(status?.stage == .mastered(on: plan.masteredOn), "\(scenario)")
                    } else {
                        #expect(status?.isMastered == false, "\(scenario)")
                    }
                }
            }
        }
    }

    /// docs/content.md#the-review-schedule: a review not recorded stays where it is. Every review the
    /// schedule counts as taken before today was taken on a day with a line
    /// for the deck, on or after it fell due, and the next fell due its
    /// interval after that day; the stage today is the first review not taken.
    @Test func aBookReviewedLateNeverSkipsAStage() async {
        await propertyCheck(input: Self.scenarios) { scenario in
            var settings = scenario.settings
            settings.unrecorded = .overdue
            let schedule = VocabSchedule(decks: scenario.decks, reviews: scenario.reviews, settings: settings, today: scenario.today)
            let tests = scenario.reviews.testDays(through: scenario.today)
            for deck in scenario.decks {
                let tested = Set(tests[deck.id] ?? [])
                for book in schedule.books(of: deck.id) {
                    let plan = book.plan
                    var previous = plan.lastStudyDay
                    for (index, interval) in settings.reviewIntervals.enumerated() {
                        #expect(plan.dueDays[index] == previous.adding(days: interval), "\(scenario)")
                        #expect(plan.reviewDays[index] >= plan.dueDays[index], "\(scenario)")
                        if plan.reviewDays[index] < scenario.today {
                            #expect(tested.contains(plan.reviewDays[index]), "review \(index + 1) of \(book.id) taken with no test: \(scenario)")
                        } else if plan.dueDays[index] <= scenario.today {
                            #expect(plan.reviewDays[index] == scenario.today, "\(scenario)")
                        }
                        previous = plan.reviewDays[index]
                    }
                    guard scenario.today > plan.lastStudyDay else { continue }
                    let taken = plan.reviewDays.filter { $0 < scenario.today }.count
                    switch book.stage {
                    case .mastered: #expect(taken == plan.reviewDays.count, "\(scenario)")
                    case let .reviewDue(review, _), let .overdue(review, _, _), let .waiting(review, _):
                        #expect(review == taken + 1, "\(book.id) is at review \(review) after \(taken) taken: \(scenario)")
                    default: Issue.record("\(book.id) is \(book.stage) after its study days: \(scenario)")
                    }
                }
            }
        }
    }

    /// `unrecorded: passed` keeps the rule from before overdue reviews: every
    /// book's reviews fall on the dates planned on its first day, whatever
    /// reviews.md records, as the schedule computed them before.
    @Test func withUnrecordedPassedEveryReviewIsOnItsPlannedDay() async {
        await propertyCheck(input: Self.scenarios) { scenario in
            var settings = scenario.settings
            settings.unrecorded = .passed
            let schedule = VocabSchedule(decks: scenario.decks, reviews: scenario.reviews, settings: settings, today: scenario.today)
            for deck in scenario.decks {
                for book in schedule.books(of: deck.id) {
                    let planned = WordBookPlan(start: book.start, settings: settings)
                    #expect(book.plan == planned, "\(scenario)")
                    #expect(book.stage == planned.stage(on: scenario.today), "\(scenario)")
                    if case .overdue = book.stage { Issue.record("overdue with unrecorded: passed: \(scenario)") }
                }
            }
        }
    }

    /// A test recorded every day leaves nothing overdue: the two rules then agree on everything.
    @Test func withATestEveryDayBothRulesAgree() async {
        await propertyCheck(input: Self.scenarios) { scenario in
            let location = SourceLocation(path: "content/vocab/reviews.md")
            let ids = scenario.decks.map(\.id)
            let misses = Dictionary(grouping: scenario.reviews.misses, by: \.date)
            let everyDay = (0...Self.base.days(until: scenario.today)).map { Self.base.adding(days: $0) }
            let dates = Set(everyDay).union(misses.keys)
            let recorded = ReviewLog(days: dates.map { ReviewLog.Day(date: $0, location: location, decks: ids, misses: misses[$0] ?? []) })
            var overdue = scenario.settings, passed = scenario.settings
            overdue.unrecorded = .overdue
            passed.unrecorded = .passed
            let a = VocabSchedule(decks: scenario.decks, reviews: recorded, settings: overdue, today: scenario.today)
            let b = VocabSchedule(decks: scenario.decks, reviews: recorded, settings: passed, today: scenario.today)
            #expect(Self.lines(a, scenario.decks) == Self.lines(b, scenario.decks), "\(scenario)")
        }
    }

    /// Everything a schedule says, as lines of text: what every page reads of it.
    static func lines(_ schedule: VocabSchedule, _ decks: [Deck]) -> [String] {
        func texts(_ words: [VocabWord]) -> String { words.map(\.text).joined(separator: ",") }
        var lines: [String] = []
        for deck in decks {
            for book in schedule.books(of: deck.id) {
                lines.append("book \(book.id) \(book.stage) \(book.plan.dueDays) \(book.plan.reviewDays) \(book.day?.date.iso ?? "-") "
                             + "\(texts(book.added)) \(texts(book.joined)) \(texts(book.words))")
            }
            for status in schedule.words(of: deck.id) {
                lines.append("word \(deck.id) \(status.word.text) \(status.book.start) \(status.stage) \(status.missedOn) \(status.bookHistory) "
                             + "\(status.nextReview.map { "\($0.number) \($0.date)" } ?? "-")")
            }
        }
        for day in schedule.days(in: base.adding(days: -1)...base.adding(days: 1000)) {
            for activity in day.decks {
                let sessions = activity.planOrder.map { "\($0.start) \($0.activity) \($0.daysLate) \(texts($0.words)) \(texts($0.missed))" }
                lines.append("day \(day.date) \(activity.deckID) \(texts(activity.added)) \(texts(activity.joined)) \(texts(activity.missed)) "
                             + sessions.joined(separator: " | "))
            }
        }
        lines += schedule.reviewDays(from: base).map { "review \($0.date) \($0.deckID) \($0.wordCount)" }
        lines += schedule.diagnostics.map(\.message)
        return lines
    }

    /// `serve` makes each schedule from the last one, taking the decks whose
    /// words and misses are the same: it must say exactly what one made afresh
    /// says, whatever changed in between (results, words, today, settings).
    @Test func aScheduleMadeFromTheLastOneIsTheOneMadeAfresh() async {
        await propertyCheck(input: Self.scenarios) { scenario in
            // Before: every other day of results, and the last deck without its last day of words;
            // or as many misses, each a day later.
            let earlier = ReviewLog(days: scenario.reviews.days.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
            var decks = scenario.decks
            let last = decks.removeLast()
            decks.append(Deck(source: last.source, days: Array(last.days.dropLast())))
            let shifted = ReviewLog(days: scenario.reviews.days.map { day in
                ReviewLog.Day(date: day.date.adding(days: 1), location: day.location, decks: day.decks, misses: day.misses.map {
                    ReviewLog.Miss(date: $0.date.adding(days: 1), deckID: $0.deckID, word: $0.word, location: $0.location)
                })
            })
            let befores = [VocabSchedule(decks: decks, reviews: earlier, settings: scenario.settings, today: scenario.today),
                           VocabSchedule(decks: scenario.decks, reviews: shifted, settings: scenario.settings, today: scenario.today)]
            var longer = scenario.settings
            longer.studyDays += 1
            var otherRule = scenario.settings
            otherRule.unrecorded = otherRule.unrecorded == .overdue ? .passed : .overdue
            let changes = [(scenario.reviews, scenario.settings, scenario.today), (earlier, scenario.settings, scenario.today),
                           (scenario.reviews, scenario.settings, scenario.later), (scenario.reviews, longer, scenario.today),
                           (scenario.reviews, otherRule, scenario.today)]
            for before in befores {
                for (reviews, settings, today) in changes {
                    let fresh = VocabSchedule(decks: scenario.decks, reviews: reviews, settings: settings, today: today)
                    let reused = VocabSchedule(decks: scenario.decks, reviews: reviews, settings: settings, today: today, reusing: before)
                    #expect(Self.lines(reused, scenario.decks) == Self.lines(fresh, scenario.decks), "\(scenario)")
                }
            }
        }
    }

    @Test func everyDueWordIsInTheCalendar() async {
        await propertyCheck(input: Self.scenarios) { scenario in
            let schedule = Self.schedule(scenario, on: scenario.today)
            for deck in scenario.decks {
                for status in schedule.words(of: deck.id) {
                    guard let next = status.nextReview else {
                        #expect(status.isMastered || status.book.reviewDays.isEmpty, "\(scenario)")
                        continue
                    }
                    #expect(next.date >= scenario.today)
                    let sessions = schedule.day(next.date).deck(deck.id)?.reviews ?? []
                    #expect(sessions.contains { $0.activity == .review(number: next.number) && $0.words.contains(status.word) }, "\(scenario)")
                }
            }
        }
    }
}
