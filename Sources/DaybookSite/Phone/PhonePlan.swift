import Foundation

/// "Today" on the phone is the phone's date (docs/phone.md): the home page carries
/// the plan of today and the week after, and the page's script shows the day
/// of the phone's clock. Beyond the last day it says the site is too old.
/// Today's plan is the build's, in HTML; the vocabulary of the days after it
/// the phone works out itself (phone.js, `DaybookPlan`) from `VocabPhoneState`,
/// where each book is sent once, adding the tests it recorded and has not sent home.
enum PhonePlan {
    /// Today and the seven days after it: a week away from the computer.
    static let dayCount = 8
    /// How far before today the phone's tests not yet merged still count on
    /// the phone as the merged build will count them (`VocabPhoneState.from`): four
    /// weeks of a phone not sent home. Older ones count once merged.
    static let pastDays = 28

    struct Day: TemplateData {
        let iso, label: String
        let isToday: Bool
        let plan: [PlanSection]
        /// Its vocabulary part is the phone's to work out (from `VocabPhoneState`).
        let vocabOnPhone: Bool
    }

    static func days(_ site: SiteData, _ context: PageContext) -> [Day] {
        let vocabOnPhone = !site.published.decks.isEmpty
        return (0..<dayCount).map { offset in
            let date = site.today.adding(days: offset)
            return Day(iso: date.iso, label: context.t.longDate(date), isToday: offset == 0,
                       plan: offset == 0 ? site.features.plan(site, on: date, context) : site.features.planAhead(site, on: date, context),
                       vocabOnPhone: offset > 0 && vocabOnPhone)
        }
    }

    /// What the phone's messages name as the rest of the page does: each deck
    /// by its title ("TOEIC", not `toeic`) and a day in words ("Tue 8
    /// December"), as JSON for a `data-names` attribute.
    static func names(_ decks: [Deck], _ context: PageContext) throws(Diagnostic) -> String {
        let t = context.t
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
        return String(decoding: try PublishedJSON.encode(names, escapingSlashes: true, for: context.path), as: UTF8.self)
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
