
/// The review schedule of every deck on `today`: a pure function of the decks,
/// the review results and the settings.
///
/// A word starts in the book of the day it was added. A miss on day X (X not
/// after today) moves the word out of its book into the book of day X of the
/// same deck, where it starts again at study day 1 — on a review day or any
/// other day, mastered or not — except during its own book's study days, when
/// a miss changes nothing. Misses are applied in date order, so chains of
/// misses follow each other. A review is taken on the first day on or after
/// it falls due with a line for its deck in reviews.md (`ReviewTaking`); not
/// yet taken, it is overdue and in today's plan, and the next interval counts
/// from the day it is taken (with `unrecorded: passed`, a past day without a
/// line counts as taken, every word passed). Dates after today are projected
/// assuming every test is passed on its day.
///
/// Results dated after today are not counted yet; each such day is reported
/// in `diagnostics` as a warning (not an error, so that a build for an
/// earlier day still works).
///
/// Each deck's schedule depends on nothing but its words, its misses, the
/// settings and today: a schedule made `reusing` another takes from it every
/// deck whose inputs are the same (`serve`, where one saved miss changes one deck).
struct VocabSchedule: Sendable {
    let today: LocalDate
    let settings: SiteConfig.Vocab
    /// The decks in the order given.
    let deckIDs: [String]
    /// Warnings: results dated after today, which do not count yet.
    let diagnostics: [Diagnostic]
    /// reviews.md's days, to replay them from a day before today on (`ComingDays`).
    let resultDays: [ReviewLog.Day]

    private let decks: [String: DeckState]
    private let calendar: [LocalDate: [DeckActivity]]
    private let calendarDates: [LocalDate]

    init(decks: [Deck], reviews: ReviewLog, settings: SiteConfig.Vocab, today: LocalDate, reusing previous: VocabSchedule? = nil) {
        self.today = today
        self.settings = settings
        var seen = Set<String>()
        let decks = decks.filter { seen.insert($0.id).inserted }
        deckIDs = decks.map(\.id)

        var warnings: [Diagnostic] = []
        for day in reviews.days where day.date > today && !day.decks.isEmpty {
            warnings.append(Diagnostic(day.location, "review results dated \(day.date.iso) are after today (\(today.iso)) and do not count yet",
                                       hint: "check the date, or compute the schedule for \(day.date.iso) or later", severity: .warning))
        }
        diagnostics = warnings
        resultDays = reviews.days

        let counted = reviews.misses.filter { $0.date <= today }
        let missesByDeck = Dictionary(grouping: counted, by: \.deckID)
        let testedByDeck = reviews.testDays(through: today)
        let kept = previous.flatMap { $0.today == today && $0.settings == settings ? $0.decks : nil } ?? [:]
        // Decks depend on nothing of each other: they are replayed on all cores.
        let made = decks.parallelMap { deck in
            let misses = missesByDeck[deck.id] ?? []
            let taking = ReviewTaking(rule: settings.unrecorded, today: today, tested: testedByDeck[deck.id] ?? [])
            if let state = kept[deck.id], state.isMade(of: deck, misses, taking) { return state }
            var plans = PlanCache(settings: settings, taking: taking)
            return DeckState(deck: deck, misses: misses, today: today, plans: &plans)
        }
        var states: [String: DeckState] = [:]
        var calendar: [LocalDate: [DeckActivity]] = [:]
        for state in made {
            states[state.deck.id] = state
            // Deck by deck: each day lists its decks in deck order.
            for (date, activity) in state.calendar { calendar[date, default: []].append(activity) }
        }
        self.decks = states
        self.calendar = calendar
        calendarDates = calendar.keys.sorted()
    }

    // MARK: Books and words

    /// Every word book of a deck, by start date: one per `## date` heading and
    /// one per day a word was missed into, even without a heading.
    func books(of deckID: String) -> [WordBook] { decks[deckID]?.books ?? [] }

    func book(of deckID: String, startingOn start: LocalDate) -> WordBook? {
        decks[deckID]?.books.first { $0.start == start }
    }

    /// Every word of a deck, in the deck's order.
    func words(of deckID: String) -> [WordStatus] { decks[deckID]?.words ?? [] }

    func word(_ text: String, in deckID: String) -> WordStatus? {
        guard let state = decks[deckID], let index = state.wordIndex[text] else { return nil }
        return state.words[index]
    }

    /// The days before `date` (today at the latest) with a line for the deck in reviews.md.
    func tested(_ deckID: String, before date: LocalDate) -> [LocalDate] { decks[deckID]?.taking.tested.filter { $0 < date } ?? [] }

    // MARK: Days

    /// What happens on `date` in every deck: words added, study sessions,
    /// reviews taken or due and misses. Past days as they happened (a review
    /// on the day it was taken), today with its overdue reviews, future days
    /// projected assuming every test is passed on its day.
    /// Whether reviews.md has a line for the deck on `date` (up to today): its reviews due that day are taken.
    func isTested(_ deckID: String, on date: LocalDate) -> Bool { decks[deckID]?.taking.tested.contains(date) ?? false }

    func day(_ date: LocalDate) -> VocabDay { VocabDay(date: date, decks: calendar[date] ?? []) }

    /// Today's plan.
    var todayPlan: VocabDay { day(today) }

    /// The days with any activity in `range`, in date order.
    func days(in range: ClosedRange<LocalDate>) -> [VocabDay] {
        let first = calendarDates.partitionPoint { $0 < range.lowerBound }
        return calendarDates[first...].prefix { $0 <= range.upperBound }.map(day)
    }

    /// Reviews due per deck and day from `start` on (for a calendar feed).
    func reviewDays(from start: LocalDate) -> [DeckReviewDay] {
        let first = calendarDates.partitionPoint { $0 < start }
        return calendarDates[first...].flatMap { date in
            (calendar[date] ?? []).filter { !$0.reviews.isEmpty }.map {
                DeckReviewDay(date: date, deckID: $0.deckID, reviews: $0.reviews)
            }
        }
    }
}

// MARK: - Values the pages read

/// A word book: the words of one deck that study and review on the same dates.
struct WordBook: Sendable, Identifiable {
    let deckID: String
    let plan: WordBookPlan
    var start: LocalDate { plan.start }
    /// Its stage today.
    let stage: ReviewStage
    /// The `## date` heading that opened it; nil for a book made by misses only.
    let day: DeckDay?
    /// Words the heading added, in file order (some may have left since).
    var added: [VocabWord] { day?.words ?? [] }
    /// Words moved in by a miss on its start day (some may have left since).
    let joined: [VocabWord]
    /// The words in it today: added words still there, then joined ones.
    let words: [VocabWord]

    /// `toeic/2026-11-20`
    var id: String { "\(deckID)/\(start.iso)" }
}

/// One word's place in the schedule today.
struct WordStatus: Sendable {
    let deckID: String
    let word: VocabWord
    /// The book it is in today.
    let book: WordBookPlan
    let stage: ReviewStage
    /// Every day it was listed as missed (up to today), including misses
    /// during study days, which changed nothing.
    let missedOn: [LocalDate]
    /// The start dates of the books it has been in, the first being the day it was added.
    let bookHistory: [LocalDate]

    var added: LocalDate { word.added }
    var isMastered: Bool { stage.isMastered }
    /// The next review on or after today; nil once mastered.
    let nextReview: (number: Int, date: LocalDate)?
}

/// One day across all decks.
struct VocabDay: Sendable {
    let date: LocalDate
    /// Decks with any activity that day, in deck order.
    let decks: [DeckActivity]

    init(date: LocalDate, decks: [DeckActivity]) {
        self.date = date
        self.decks = decks
    }

    var addedCount: Int { decks.reduce(0) { $0 + $1.added.count } }
    var studyCount: Int { decks.reduce(0) { $0 + $1.studyCount } }
    var reviewCount: Int { decks.reduce(0) { $0 + $1.reviewCount } }
    var isEmpty: Bool { decks.isEmpty }
    func deck(_ id: String) -> DeckActivity? { decks.first { $0.deckID == id } }
}

/// One deck on one day.
struct DeckActivity: Sendable {
    let deckID: String
    /// Words of the day's `## date` heading.
    var added: [VocabWord] = []
    /// Words moved into the day's book by a miss that day.
    var joined: [VocabWord] = []
    /// Words listed as missed that day (counted only up to today).
    var missed: [VocabWord] = []
    /// Books in their study days, by start date.
    var studies: [WordBookSession] = []
    /// Reviews taken or due: overdue ones first (the latest first), then by book start date.
    var reviews: [WordBookSession] = []

    var studyCount: Int { studies.reduce(0) { $0 + $1.words.count } }
    var reviewCount: Int { reviews.reduce(0) { $0 + $1.words.count } }
    /// Reviews taken (or still to take) after the day they fell due.
    var lateReviews: [WordBookSession] { reviews.filter { $0.daysLate > 0 } }
    /// Reviews on the day they fall due.
    var onTimeReviews: [WordBookSession] { reviews.filter { $0.daysLate == 0 } }
    /// Every session in the order of a day's plan: late reviews first, then study, then reviews on time.
    var planOrder: [WordBookSession] { lateReviews + studies + onTimeReviews }
}

/// A book's session on one day: the words studied or reviewed.
struct WordBookSession: Sendable {
    let plan: WordBookPlan
    let activity: WordBookActivity
    /// The words due in the session (on past days, the ones that were due then).
    var words: [VocabWord] = []
    /// Of those, the ones listed as missed that day.
    var missed: [VocabWord] = []
    var start: LocalDate { plan.start }
    /// How many days after it fell due a review is taken; 0 for a study session.
    var daysLate: Int {
        if case let .review(number) = activity { return plan.daysLate(review: number) }
        return 0
    }
}

/// Reviews due in one deck on one day (for `calendar.ics`).
struct DeckReviewDay: Sendable {
    let date: LocalDate
    let deckID: String
    let reviews: [WordBookSession]
    var wordCount: Int { reviews.reduce(0) { $0 + $1.words.count } }
}

// MARK: - Computing

/// Book plans by start date: every book of a deck shares the settings and the days its tests were taken.
private struct PlanCache {
    let settings: SiteConfig.Vocab
    let taking: ReviewTaking
    var plans: [LocalDate: WordBookPlan] = [:]

    mutating func plan(_ start: LocalDate) -> WordBookPlan {
        if let plan = plans[start] { return plan }
        let plan = WordBookPlan(start: start, settings: settings, taking: taking)
        plans[start] = plan
        return plan
    }
}

/// A stretch of a word's life in one book; `until` is the day a miss moved it on.
private struct Segment: Equatable {
    let start: LocalDate
    var until: LocalDate?
}

private struct WordTrack {
    let word: VocabWord
    var segments: [Segment]
    var missedOn: [LocalDate] = []
    /// Misses that changed nothing, for marking study sessions.
    var studyMisses: [LocalDate] = []

    /// Whether `other` has the same sessions, missed or not, on the same days.
    func schedulesLike(_ other: WordTrack) -> Bool {
        segments == other.segments && studyMisses == other.studyMisses
    }
}

/// One deck replayed up to today.
private struct DeckState: Sendable {
    /// What it was made of, besides the settings and today.
    let deck: Deck
    let misses: [ReviewLog.Miss]
    let taking: ReviewTaking
    let books: [WordBook]
    let words: [WordStatus]
    let wordIndex: [String: Int]
    /// Its activity on each day it has any.
    let calendar: [LocalDate: DeckActivity]

    /// Whether it is the state of `deck` with `misses` (under the same settings and today).
    func isMade(of deck: Deck, _ misses: [ReviewLog.Miss], _ taking: ReviewTaking) -> Bool {
        deck.id == self.deck.id && taking == self.taking && deck.days == self.deck.days
            && misses.elementsEqual(self.misses) { $0.date == $1.date && $0.word == $1.word }
    }

    init(deck: Deck, misses: [ReviewLog.Miss], today: LocalDate, plans: inout PlanCache) {
        self.deck = deck
        self.misses = misses
        taking = plans.taking
        var tracks = deck.words.map { WordTrack(word: $0, segments: [Segment(start: $0.added)]) }
        var index: [String: Int] = [:]
        for (position, word) in deck.words.enumerated() where index[word.text] == nil { index[word.text] = position }
        wordIndex = index

        // Misses in date order; within a day, in file order.
        var joinedOrder: [LocalDate: [Int]] = [:]
        var missedByDate: [LocalDate: [VocabWord]] = [:]
        for miss in misses.enumerated().sorted(by: { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }).map(\.element) {
            guard let position = index[miss.word], miss.date >= tracks[position].word.added,
                  tracks[position].missedOn.last != miss.date else { continue }
            tracks[position].missedOn.append(miss.date)
            missedByDate[miss.date, default: []].append(tracks[position].word)
            let current = tracks[position].segments[tracks[position].segments.count - 1]
            if plans.plan(current.start).isStudying(on: miss.date) {
                tracks[position].studyMisses.append(miss.date)
                continue
            }
            tracks[position].segments[tracks[position].segments.count - 1].until = miss.date
            tracks[position].segments.append(Segment(start: miss.date))
            joinedOrder[miss.date, default: []].append(position)
        }
        let currentStart = tracks.map { $0.segments[$0.segments.count - 1].start }
        var starts = Set(deck.days.map(\.date))
        starts.formUnion(joinedOrder.keys)
        let joinedByDate = joinedOrder.mapValues { $0.map { tracks[$0].word } }
        let addedByDate = Dictionary(deck.days.map { ($0.date, $0.words) }, uniquingKeysWith: { first, _ in first })

        var books: [WordBook] = []
        for start in starts.sorted() {
            let plan = plans.plan(start)
            let day = deck.day(start)
            let joined = joinedOrder[start] ?? []
            let stayed = (day?.words ?? []).compactMap { index[$0.text] }.filter { currentStart[$0] == start }
            let arrived = joined.filter { currentStart[$0] == start }
            books.append(WordBook(deckID: deck.id, plan: plan, stage: plan.stage(on: today), day: day,
                                  joined: joined.map { tracks[$0].word }, words: (stayed + arrived).map { tracks[$0].word }))
        }
        self.books = books

        words = tracks.map { track in
            let plan = plans.plan(track.segments[track.segments.count - 1].start)
            return WordStatus(deckID: deck.id, word: track.word, book: plan, stage: plan.stage(on: today),
                              missedOn: track.missedOn, bookHistory: track.segments.map(\.start),
                              nextReview: plan.nextReview(onOrAfter: today))
        }

        var builder = CalendarBuilder(deckID: deck.id)
        for (date, words) in addedByDate { builder.edit(date) { $0.activity.added = words } }
        for (date, words) in joinedByDate { builder.edit(date) { $0.activity.joined = words } }
        for (date, words) in missedByDate { builder.edit(date) { $0.activity.missed = words } }
        // Words of one `## date` that nothing has moved share every session:
        // each run of such neighbours is added at once, in the deck's order.
        var runStart = 0
        for end in 0...tracks.count where end > runStart && (end == tracks.count || !tracks[end].schedulesLike(tracks[runStart])) {
            builder.add(tracks[runStart], words: tracks[runStart..<end].map(\.word), plans: &plans)
            runStart = end
        }
        calendar = builder.finish()
    }
}

/// Gathers every session of every word of one deck into days.
private struct CalendarBuilder {
    struct SessionKey: Hashable {
        let start: LocalDate
        let activity: WordBookActivity
    }

    struct DeckDayBuilder {
        var activity: DeckActivity
        var sessions: [SessionKey: WordBookSession] = [:]
    }

    let deckID: String
    var days: [LocalDate: DeckDayBuilder] = [:]

    init(deckID: String) { self.deckID = deckID }

    /// Mutated in place through the defaulted subscript: no copy of a day per word.
    mutating func edit(_ date: LocalDate, _ change: (inout DeckDayBuilder) -> Void) {
        change(&days[date, default: DeckDayBuilder(activity: DeckActivity(deckID: deckID))])
    }

    /// The sessions of `track`, for `words`: it and the neighbours scheduled like it.
    mutating func add(_ track: WordTrack, words: [VocabWord], plans: inout PlanCache) {
        for segment in track.segments {
            let plan = plans.plan(segment.start)
            for (offset, date) in plan.studyDays.enumerated() {
                let missed = track.studyMisses.contains(date)
                edit(date) { $0.add(words, to: plan, .study(day: offset + 1), missed: missed) }
            }
            for (offset, date) in plan.reviewDays.enumerated() {
                if let until = segment.until, date > until { break }
                edit(date) { $0.add(words, to: plan, .review(number: offset + 1), missed: date == segment.until) }
            }
        }
    }

    func finish() -> [LocalDate: DeckActivity] {
        days.mapValues { builder in
            var activity = builder.activity
            let sessions = builder.sessions.values.sorted { $0.start < $1.start }
            activity.studies = sessions.filter { if case .study = $0.activity { return true } else { return false } }
            // Overdue first, the latest first: the plan lists them before the rest.
            activity.reviews = sessions.filter { if case .review = $0.activity { return true } else { return false } }
                .sorted { ($1.daysLate, $0.start) < ($0.daysLate, $1.start) }
            return activity
        }
    }
}

private extension CalendarBuilder.DeckDayBuilder {
    mutating func add(_ words: [VocabWord], to plan: WordBookPlan, _ activity: WordBookActivity, missed: Bool) {
        let key = CalendarBuilder.SessionKey(start: plan.start, activity: activity)
        // In place: a copy per word would make a day of many words quadratic.
        sessions[key, default: WordBookSession(plan: plan, activity: activity)].words.append(contentsOf: words)
        if missed { sessions[key]!.missed.append(contentsOf: words) }
    }
}

private extension Array where Element == LocalDate {
    /// The index of the first element for which `isBefore` is false (the array is sorted).
    func partitionPoint(_ isBefore: (LocalDate) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if isBefore(self[mid]) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
