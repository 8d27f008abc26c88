
/// The review schedule of today and the days after it that the phone may open
/// the site on (`PhonePlan`), made from today's one replay (`VocabSchedule`)
/// instead of one replay a day. It keeps where each word stands at the start
/// of a day `from` (today, or a few weeks before it for the phone, whose
/// unsent tests may be older than the build) — the book it is in, the days
/// its deck was tested before — and reviews.md's days from then on, and
/// applies the rules of the review schedule (docs/content.md#the-review-schedule) forward from there: a miss moves a word to that day's book (not during its study
/// days), a review is taken on the first tested day on or after it falls due,
/// else it is overdue on the day asked (`ReviewTaking`). The plan of a day is
/// what `VocabSchedule` of that day gives (`VocabSchedulePropertyTests`).
/// phone.js ports these rules (`DaybookPlan`) from `phoneState`, adding the
/// tests the phone recorded and has not sent home.
struct ComingDays: Sendable {
    struct DeckStart: Sendable {
        let id: String
        let words: [VocabWord]
        /// The start of the book each word is in at the start of `from`.
        let books: [LocalDate]
        let index: [String: Int]
        let testedBefore: [LocalDate]
    }

    /// A book at the start of `from`: the first review not yet taken (past the
    /// last one when none is left) and the day it falls due.
    struct WordBookStart: Sendable {
        let start: LocalDate
        let review: Int
        let due: LocalDate?
        let words: [VocabWord]
    }

    let today: LocalDate
    /// The day the replay starts from: today or before it.
    let from: LocalDate
    let settings: SiteConfig.Vocab
    let decks: [DeckStart]
    /// reviews.md's days from `from` on.
    let results: [ReviewLog.Day]
    /// The plans of today (the schedule's own) and the `count - 1` days after it.
    private(set) var plans: [VocabDay] = []

    init(_ schedule: VocabSchedule, from: LocalDate? = nil, days count: Int) {
        today = schedule.today
        let from = min(from ?? schedule.today, schedule.today)
        self.from = from
        settings = schedule.settings
        results = schedule.resultDays.filter { $0.date >= from }
        let today = schedule.today
        decks = schedule.deckIDs.map { id in
            let words = schedule.words(of: id)
            var index: [String: Int] = [:]
            for (position, status) in words.enumerated() where index[status.word.text] == nil { index[status.word.text] = position }
            // A miss on or after `from` has moved a word out of the book it was in: those tests are applied again below.
            return DeckStart(id: id, words: words.map(\.word), books: words.map { $0.bookHistory.last { $0 < from } ?? $0.bookHistory[0] },
                             index: index, testedBefore: schedule.tested(id, before: from))
        }
        plans = [schedule.todayPlan] + (1..<max(1, count)).map { day(today.adding(days: $0)) }
    }

    private var lastStudyOffset: Int { max(1, settings.studyDays) - 1 }

    /// The plan of `date`, today or later: sessions and misses of each deck with any.
    func day(_ date: LocalDate) -> VocabDay { VocabDay(date: date, decks: decks.compactMap { activity($0, on: date) }) }

    private func activity(_ deck: DeckStart, on date: LocalDate) -> DeckActivity? {
        var books = deck.books
        var tested = deck.testedBefore
        var lastMiss: [Int: LocalDate] = [:]
        // The book a word left by a miss on `date`: its review that day still lists it.
        var left: [Int: LocalDate] = [:]
        var missed: [Int] = []
        // Missed on `date` during the book's study days, where it stays.
        var missedStudying = Set<Int>()
        for day in results where day.date <= date {
            if day.decks.contains(deck.id) { tested.append(day.date) }
            for miss in day.misses where miss.deckID == deck.id {
                guard let position = deck.index[miss.word], miss.date >= deck.words[position].added, lastMiss[position] != miss.date else { continue }
                lastMiss[position] = miss.date
                if miss.date == date { missed.append(position) }
                let start = books[position]
                if start <= miss.date && miss.date <= start.adding(days: lastStudyOffset) {
                    if miss.date == date { missedStudying.insert(position) }
                    continue
                }
                if miss.date == date { left[position] = start }
                books[position] = miss.date
            }
        }
        let taking = ReviewTaking(rule: settings.unrecorded, today: date, tested: tested)
        var plans: [LocalDate: WordBookPlan] = [:]
        var sessions: [LocalDate: WordBookSession] = [:]
        for position in deck.words.indices {
            for (start, hasLeft) in [(books[position], false)] + (left[position].map { [($0, true)] } ?? []) {
                let plan = plans[start] ?? WordBookPlan(start: start, settings: settings, taking: taking)
                plans[start] = plan
                guard let activity = plan.activity(on: date) else { continue }
                let word = deck.words[position]
                sessions[start, default: WordBookSession(plan: plan, activity: activity)].words.append(word)
                if hasLeft || missedStudying.contains(position) { sessions[start]!.missed.append(word) }
            }
        }
        guard !sessions.isEmpty || !missed.isEmpty else { return nil }
        var activity = DeckActivity(deckID: deck.id)
        activity.missed = missed.map { deck.words[$0] }
        let ordered = sessions.values.sorted { $0.start < $1.start }
        activity.studies = ordered.filter { if case .study = $0.activity { true } else { false } }
        // Overdue first, the latest first, as `VocabSchedule`'s days.
        activity.reviews = ordered.filter { if case .review = $0.activity { true } else { false } }
            .sorted { ($1.daysLate, $0.start) < ($0.daysLate, $1.start) }
        return activity
    }

    /// Where each book of a deck stands at the start of `from`, for phone.js:
    /// every book with a session left, by start date, its words in deck order.
    func bookStarts(_ deck: DeckStart) -> [WordBookStart] {
        let taking = ReviewTaking(rule: settings.unrecorded, today: from, tested: deck.testedBefore)
        let byStart = Dictionary(grouping: deck.words.indices, by: { deck.books[$0] })
        return byStart.keys.sorted().compactMap { start in
            let plan = WordBookPlan(start: start, settings: settings, taking: taking)
            let pending = plan.reviewDays.firstIndex { $0 >= from }
            guard pending != nil || plan.lastStudyDay >= from else { return nil }
            return WordBookStart(start: start, review: (pending ?? plan.reviewDays.count) + 1, due: pending.map { plan.dueDays[$0] },
                             words: byStart[start]!.map { deck.words[$0] })
        }
    }
}
