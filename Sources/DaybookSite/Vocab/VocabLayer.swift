
/// The calendar's vocabulary layer: per deck and day, the words added (a new
/// book, or words that joined it by a miss) and the reviews due, past days as
/// they happened and future ones as planned. Each mark links to a book page.
struct VocabLayer: CalendarLayer {
    /// A mark as every page shows it but for its link, which is relative to
    /// the page: the month page, the year heatmap and the home page show the
    /// same day's marks, and their labels are made once.
    private struct Mark: Sendable {
        let cssClass: String
        let text: String
        let target: SitePath
        let label: String
        let isPlan: Bool
    }

    private let titles: [String: String]
    private let byDate: [LocalDate: [DeckActivity]]
    private let marksByDate: [LocalDate: [Mark]]

    init(_ site: SiteData) {
        let titles = Dictionary(site.publicView.decks.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        var first: LocalDate?, last: LocalDate?
        for id in titles.keys {
            for book in site.publicView.vocab.books(of: id) {
                if first.map({ book.start < $0 }) ?? true { first = book.start }
                if last.map({ book.plan.masteredOn > $0 }) ?? true { last = book.plan.masteredOn }
            }
        }
        var byDate: [LocalDate: [DeckActivity]] = [:]
        if let first, let last {
            for day in site.publicView.vocab.days(in: first...last) {
                let shown = day.decks.filter { !($0.added.isEmpty && $0.joined.isEmpty && $0.reviews.isEmpty) }
                if !shown.isEmpty { byDate[day.date] = shown }
            }
        }
        let days = Array(byDate)
        let marks = days.parallelMap { day in Self.marks(day.value, on: day.key, titles: titles, today: site.today, site.translation) }
        self.titles = titles
        self.byDate = byDate
        marksByDate = Dictionary(uniqueKeysWithValues: zip(days.map(\.key), marks))
    }

    var days: [LocalDate] { Array(byDate.keys) }

    /// What `marks` reads of each day: the decks' titles, the words added and
    /// joined, and each review session's book, lateness, words and misses counted
    /// (the settings and today are in every page's key).
    func combineKey(_ dates: ClosedRange<LocalDate>, into hasher: inout StableHasher) {
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
                    hasher.combine(session.daysLate)
                    hasher.combine(session.words.count)
                    hasher.combine(session.missed.count)
                }
            }
        }
    }

    func marks(on date: LocalDate, _ context: PageContext) -> [DayMark] {
        (marksByDate[date] ?? []).map { mark in
            DayMark(cssClass: mark.cssClass, icon: nil, text: mark.text, href: context.link(mark.target), label: mark.label, isPlan: mark.isPlan)
        }
    }

    /// Per deck: a mark for the words added, and one for its reviews, linking to the first book due.
    private static func marks(_ activities: [DeckActivity], on date: LocalDate, titles: [String: String], today: LocalDate,
                              _ t: Translation) -> [Mark] {
        let timing = date < today ? " past" : date == today ? " today" : " future"
        return activities.flatMap { activity -> [Mark] in
            let title = titles[activity.deckID] ?? activity.deckID
            var marks: [Mark] = []
            let newWords = activity.added.count + activity.joined.count
            if newWords > 0 {
                let counts = ["deck": title, "n": String(activity.added.count), "joined": String(activity.joined.count)]
                let label = activity.joined.isEmpty ? t.format("vocab_mark_added", counts)
                    : activity.added.isEmpty ? t.format("vocab_mark_joined", counts) : t.format("vocab_mark_added_joined", counts)
                marks.append(Mark(cssClass: "mark vocab added" + timing, text: "\(title) +\(newWords)",
                                  target: Routes.wordBook(activity.deckID, date), label: label, isPlan: date > today))
            }
            if let first = activity.reviews.first {
                let sessions = activity.reviews.map { session in
                    "\(bookTitle(session.start, t)) \(sessionLabel(session.activity, plan: session.plan, t)) (\(t.count("vocab_word_count", session.words.count)))"
                }
                let missed = activity.reviews.reduce(0) { $0 + $1.missed.count }
                var label = "\(title): " + sessions.joined(separator: ", ")
                if missed > 0 { label += " · " + t.format("vocab_mark_missed", ["n": String(missed)]) }
                let late = activity.reviews.contains { $0.daysLate > 0 } ? " overdue" : ""
                marks.append(Mark(cssClass: "mark vocab review" + late + timing,
                                  text: t.format("vocab_mark_review", ["deck": title, "n": String(activity.reviewCount)]),
                                  target: Routes.wordBook(activity.deckID, first.start), label: label, isPlan: date > today))
            }
            return marks
        }
    }
}
