import DaybookContent
import DaybookSchedule

/// The calendar's vocabulary layer: per deck and day, the words added (a new
/// book, or words that joined it by a miss) and the reviews due, past days as
/// they happened and future ones as planned. Each mark links to a book page.
struct VocabLayer: CalendarLayer {
    private let titles: [String: String]
    private let byDate: [LocalDate: [DeckActivity]]
    private let today: LocalDate

    init(_ site: SiteData) {
        today = site.today
        titles = Dictionary(site.published.decks.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        var first: LocalDate?, last: LocalDate?
        for id in titles.keys {
            for book in site.vocab.books(of: id) {
                if first.map({ book.start < $0 }) ?? true { first = book.start }
                if last.map({ book.plan.masteredOn > $0 }) ?? true { last = book.plan.masteredOn }
            }
        }
        var byDate: [LocalDate: [DeckActivity]] = [:]
        if let first, let last {
            for day in site.vocab.days(in: first...last) {
                let shown = day.decks.filter { [titles] activity in
                    titles[activity.deckID] != nil && !(activity.added.isEmpty && activity.joined.isEmpty && activity.reviews.isEmpty)
                }
                if !shown.isEmpty { byDate[day.date] = shown }
            }
        }
        self.byDate = byDate
    }

    var days: [LocalDate] { Array(byDate.keys) }

    /// What `marks` reads of each day: the decks' titles, the words added and
    /// joined, and each review session's book, words and misses counted
    /// (the settings and today are in every page's key).
    func combineKey(_ dates: ClosedRange<LocalDate>, into hasher: inout Hasher) {
        for date in dates.days {
            guard let activities = byDate[date] else { continue }
            hasher.combine(date)
            hasher.combine(activities.count)
            for activity in activities {
                hasher.combine(text: titles[activity.deckID] ?? activity.deckID)
                hasher.combine(activity.added.count)
                hasher.combine(activity.joined.count)
                hasher.combine(activity.reviews.count)
                for session in activity.reviews {
                    hasher.combine(session.start)
                    hasher.combine(session.activity)
                    hasher.combine(session.words.count)
                    hasher.combine(session.missed.count)
                }
            }
        }
    }

    func marks(on date: LocalDate, _ context: PageContext) -> [DayMark] {
        let t = context.t
        let timing = date < today ? " past" : date == today ? " today" : " future"
        return (byDate[date] ?? []).flatMap { activity -> [DayMark] in
            let title = titles[activity.deckID] ?? activity.deckID
            var marks: [DayMark] = []
            let newWords = activity.added.count + activity.joined.count
            if newWords > 0 {
                let counts = ["deck": title, "n": String(activity.added.count), "joined": String(activity.joined.count)]
                let label = activity.joined.isEmpty ? t.format("vocab_mark_added", counts)
                    : activity.added.isEmpty ? t.format("vocab_mark_joined", counts) : t.format("vocab_mark_added_joined", counts)
                marks.append(DayMark(cssClass: "mark vocab added" + timing, icon: nil, text: "\(title) +\(newWords)",
                                     href: context.link(Routes.book(activity.deckID, date)), label: label, isPlan: date > today))
            }
            // One mark per deck and day for its reviews, linking to the first book due.
            if let first = activity.reviews.first {
                let sessions = activity.reviews.map { session in
                    "\(bookTitle(session.start, t)) \(sessionLabel(session.activity, plan: session.plan, t)) (\(t.format("vocab_word_count", ["n": String(session.words.count)])))"
                }
                let missed = activity.reviews.reduce(0) { $0 + $1.missed.count }
                var label = "\(title): " + sessions.joined(separator: ", ")
                if missed > 0 { label += " · " + t.format("vocab_mark_missed", ["n": String(missed)]) }
                marks.append(DayMark(cssClass: "mark vocab review" + timing, icon: nil,
                                     text: t.format("vocab_mark_review", ["deck": title, "n": String(activity.reviewCount)]),
                                     href: context.link(Routes.book(activity.deckID, first.start)), label: label,
                                     isPlan: date > today))
            }
            return marks
        }
    }
}
