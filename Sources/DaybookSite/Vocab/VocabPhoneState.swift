import Foundation

/// What phone.js needs to work out the vocabulary plan of a day from
/// today on (docs/content.md#the-review-schedule, as `ComingDays`): the settings, each shown deck's
/// books with a session left at the start of `from` (`PhonePlan.pastDays` before
/// today) — its start, the first review not taken before then, the day
/// that falls due, its words — reviews.md's tests from `from` on, and the
/// labels and links of `TodayPage.plan`. Dates are days after today
/// (negative before), to keep it small.
struct VocabPhoneState: Encodable {
    struct Book: Encodable {
        let start: Int
        let review: Int
        let due: Int?
        let words: [String]

        /// `[start, review, due, word…]`
        func encode(to encoder: any Encoder) throws {
            var list = encoder.unkeyedContainer()
            try list.encode(start)
            try list.encode(review)
            try list.encode(due)
            for word in words { try list.encode(word) }
        }
    }

    struct Deck: Encodable {
        let id: String
        let title: String
        /// A book's link is `href[0] + YYYY-MM-DD + href[1]`.
        let href: [String]
        /// The deck's page, and its cards page, where a book made on the phone opens (no page of its own until it is built).
        let page, cards: String
        let books: [Book]
    }

    /// `[day, deck, [missed…]]`
    struct Test: Encodable {
        let day: Int
        let deck: String
        let missed: [String]

        func encode(to encoder: any Encoder) throws {
            var list = encoder.unkeyedContainer()
            try list.encode(day)
            try list.encode(deck)
            try list.encode(missed)
        }
    }

    let today: String
    /// How many days from today on the site carries (`PhonePlan.dayCount`).
    let days: Int
    /// The day the phone's replay starts from, before today: the tests before it are not counted on the phone.
    let from: Int
    let study: Int
    let intervals: [Int]
    let rule: String
    let decks: [Deck]
    let tests: [Test]
    let links: [String: String]
    let t: [String: String]
    let months: [String]
    let weekdays: [String]
    let weekdaysShort: [String]

    static let labels = ["vocab_book_title", "vocab_session_study", "vocab_session_review", "vocab_session_overdue", "vocab_late_day",
                         "vocab_late_days", "vocab_word_count", "vocab_plan_study", "vocab_plan_study_count", "vocab_plan_review_count",
                         "vocab_plan_overdue_count", "vocab_open_today", "vocab_open_test", "vocab_nothing_today", "vocab_all_decks",
                         // vocab/today/ on the phone's day
                         "date_long", "vocab_today_study", "vocab_today_review", "vocab_cards", "vocab_test"]

    /// The state as JSON for the home page, or nil when the site has no decks.
    static func json(_ site: SiteData, _ context: PageContext) throws(Diagnostic) -> String? {
        guard !site.published.decks.isEmpty else { return nil }
        let (coming, decks) = site.published.vocab.comingStart
        let today = site.today
        let t = context.t
        let titles = Dictionary(site.published.decks.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        let shown = Set(decks.map(\.id))
        let state = VocabPhoneState(
            today: today.iso, days: PhonePlan.dayCount, from: today.days(until: coming.from), study: max(1, coming.settings.studyDays), intervals: coming.settings.reviewIntervals.map { max(1, $0) },
            rule: coming.settings.unrecorded.rawValue,
            decks: decks.map { deck in
                let link = context.link(Routes.wordBook(deck.id, today))
                let date = link.range(of: today.iso, options: .backwards)!
                return Deck(id: deck.id, title: titles[deck.id] ?? deck.id,
                            href: [String(link[..<date.lowerBound]), String(link[date.upperBound...])],
                            page: context.link(Routes.deck(deck.id)), cards: context.link(Routes.deckCards(deck.id)),
                            books: coming.bookStarts(deck).map { book in
                    Book(start: today.days(until: book.start), review: book.review, due: book.due.map { today.days(until: $0) },
                         words: book.words.map(\.text))
                })
            },
            tests: coming.results.flatMap { day in
                day.decks.filter(shown.contains).map { deck in
                    Test(day: today.days(until: day.date), deck: deck, missed: day.misses.filter { $0.deckID == deck }.map(\.word))
                }
            },
            links: ["today": context.link(Routes.vocabToday), "test": context.link(Routes.vocabTodayCards, fragment: Routes.testFragment),
                    "all": context.link(Routes.vocab)],
            t: Dictionary(uniqueKeysWithValues: (labels + labels.map { $0 + "_one" }).compactMap { key in t.strings[key].map { (key, $0) } })
                .merging(["date_short": t.strings["date_short"] ?? "{month}/{day}"]) { $1 },
            months: t.months, weekdays: t.weekdays, weekdaysShort: t.weekdaysShort)
        // Sorted keys: the same content gives the same bytes. Slashes stay escaped, so no `</script>` ends the element early.
        return String(decoding: try PublishedJSON.encode(state, escapingSlashes: true, for: context.path), as: UTF8.self)
    }
}
