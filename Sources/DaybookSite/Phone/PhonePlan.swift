import Foundation

/// "Today" on the phone is the phone's date (SPEC §8): the home page carries
/// the plan of today and the week after, and the page's script shows the day
/// of the phone's clock. Beyond the last day it says the site is too old.
/// Today's plan is the build's, in HTML; the vocabulary of the days after it
/// the phone works out itself (phone.js, `DaybookPlan`) from `State`, where
/// each book is sent once, adding the tests it recorded and has not sent home.
enum PhonePlan {
    /// Today and the seven days after it: a week away from the computer.
    static let dayCount = 8
    /// How far before today the phone's tests not yet merged still count on
    /// the phone as the merged build will count them (`State.from`): four
    /// weeks of a phone not sent home. Older ones count once merged.
    static let pastDays = 28

    struct Day: TemplateData {
        let iso, label: String
        let isToday: Bool
        let plan: [PlanSection]
        /// Its vocabulary part is the phone's to work out (from `State`).
        let vocabOnPhone: Bool
    }

    static func days(_ site: SiteData, _ context: PageContext) -> [Day] {
        let others = site.features.filter { !($0 is VocabKind) }
        let vocabOnPhone = !site.published.decks.isEmpty
        return (0..<dayCount).map { offset in
            let date = site.today.adding(days: offset)
            return Day(iso: date.iso, label: context.t.longDate(date), isToday: offset == 0,
                       plan: offset == 0 ? site.features.plan(site, on: date, context) : others.plan(site, on: date, context),
                       vocabOnPhone: offset > 0 && vocabOnPhone)
        }
    }

    /// What phone.js needs to work out the vocabulary plan of a day from
    /// today on (SPEC §4, as `ComingDays`): the settings, each shown deck's
    /// books with a session left at the start of `from` (`pastDays` before
    /// today) — its start, the first review not taken before then, the day
    /// that falls due, its words — reviews.md's tests from `from` on, and the
    /// labels and links of `TodayPage.plan`. Dates are days after today
    /// (negative before), to keep it small.
    struct State: Encodable {
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
        /// How many days from today on the site carries (`dayCount`).
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
        static func json(_ site: SiteData, _ context: PageContext) -> String? {
            guard !site.published.decks.isEmpty else { return nil }
            let (coming, decks) = site.published.vocab.comingStart
            let today = site.today
            let t = context.t
            let titles = Dictionary(site.published.decks.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
            let shown = Set(decks.map(\.id))
            let state = State(
                today: today.iso, days: dayCount, from: today.days(until: coming.from), study: max(1, coming.settings.studyDays), intervals: coming.settings.reviewIntervals.map { max(1, $0) },
                rule: coming.settings.unrecorded.rawValue,
                decks: decks.map { deck in
                    let link = context.link(Routes.book(deck.id, today))
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
            let encoder = JSONEncoder()
            // Sorted keys: the same content gives the same bytes. Slashes stay escaped, so no `</script>` ends the element early.
            encoder.outputFormatting = [.sortedKeys]
            return (try? encoder.encode(state)).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// What the phone's messages name as the rest of the page does: each deck
    /// by its title ("TOEIC", not `toeic`) and a day in words ("Tue 8
    /// December"), as JSON for a `data-names` attribute.
    static func names(_ decks: [Deck], _ t: Translation) -> String {
        struct Names: Encodable {
            let decks: [String: String]
            /// `date_weekday`, `date_short`, `vocab_book_title`, and the card count's patterns: `[many, one]`.
            let date, dateShort, book: String
            let cards: [String]
            let months, weekdaysShort: [String]
        }
        let names = Names(decks: Dictionary(decks.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first }),
                          date: t["date_weekday"], dateShort: t["date_short"], book: t["vocab_book_title"],
                          cards: [t["vocab_card_count"], t.strings["vocab_card_count_one"] ?? t["vocab_card_count"]],
                          months: t.months, weekdaysShort: t.weekdaysShort)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(names)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func lastDay(_ site: SiteData) -> LocalDate { site.today.adding(days: dayCount - 1) }

    /// What the page says when the phone's date is past the last day carried.
    static func staleNote(_ site: SiteData, _ t: Translation) -> String {
        t.format("phone_stale", ["built": t.longDate(site.today), "last": t.longDate(lastDay(site))])
    }

    /// What the home page offers to record on the phone (phone.js): the
    /// routines with a timer, today's workout with its planned split, an entry.
    struct Recorder: TemplateData {
        struct RoutineItem: TemplateData {
            let id: String
            let name: String
            let detail: String
        }

        let routines: [RoutineItem]
        let hasWorkouts: Bool
        let plannedSplit: String
        let splits: [String]
        let unit: String
        /// Each split's last session, set by set, for the phone to start today's workout from (phone.js), as JSON.
        let lastSessions: String?

        init(_ site: SiteData, _ context: PageContext) {
            let t = context.t
            routines = site.routinePlan.routines.map { routine in
                RoutineItem(id: routine.id, name: routine.name,
                            detail: [routine.time?.text, routine.minutes.map { t.minutes($0) }].compactMap { $0 }.joined(separator: " · "))
            }
            hasWorkouts = WorkoutsKind.hasWorkouts(site)
            plannedSplit = site.rotation.plannedToday ?? ""
            splits = site.config.workouts.split
            unit = site.config.workouts.unit.rawValue
            lastSessions = hasWorkouts ? Self.lastSessions(site, context.t) : nil
        }

        /// `{split: {date, exercises: [[name, [weight, unit, reps, seconds]…]…]}}`: the newest session of
        /// each split (its own or the planned one of its day) up to today, its sets one by one.
        static func lastSessions(_ site: SiteData, _ t: Translation) -> String? {
            struct Last: Encodable {
                let date: String
                let exercises: [[Item]]
            }
            enum Item: Encodable {
                case name(String)
                case set(WorkoutSet)

                func encode(to encoder: any Encoder) throws {
                    var value = encoder.singleValueContainer()
                    switch self {
                    case .name(let name): try value.encode(name)
                    case .set(let set): try value.encode([set.weight.map { Item.number($0.value) }, set.weight.map { $0.unit.rawValue },
                                                          set.reps.map(String.init), set.seconds.map(String.init)])
                    }
                }

                static func number(_ value: Double) -> String { NumberText.format(value, decimals: 2, .machine) }
            }
            var last: [String: Last] = [:]
            // Oldest first: a later session of the split takes the place of an earlier one.
            for session in site.published.workouts.sorted(by: { $0.date < $1.date }) where session.date <= site.today && !session.exercises.isEmpty {
                guard let split = session.split ?? site.rotation.planned(on: session.date) else { continue }
                last[split] = Last(date: t.longDate(session.date),
                                   exercises: session.exercises.map { [.name($0.name)] + $0.sets.map(Item.set) })
            }
            guard !last.isEmpty else { return nil }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return (try? encoder.encode(last)).map { String(decoding: $0, as: UTF8.self) }
        }
    }
}
