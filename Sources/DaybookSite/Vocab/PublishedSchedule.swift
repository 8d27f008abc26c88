/// Every deck's review schedule, private decks too (reviews.md may name
/// them), made once a build: only a view's `PublishedSchedule`, in this
/// file, reads it, so a publisher gets the days of the decks it shows alone.
struct WholeSchedule: DerivedData {
    fileprivate let schedule: VocabSchedule
    /// Today's plan and those of the days after it that the phone may open the site on (`PhonePlan.days`).
    fileprivate let coming: OnFirstUse<ComingDays>

    /// What the schedule says is wrong with reviews.md.
    var warnings: [Diagnostic] { schedule.diagnostics }

    static func derive(_ build: Derivation) -> WholeSchedule {
        let content = build.content, today = build.today, memo = build.memo
        let vocabFiles = build.filesKey(of: VocabKind())
        // The decks' schedule is made of their files, the settings and today.
        let scheduleKey = PageKey {
            $0.combine(vocabFiles)
            $0.combine(content.textHashes["site.yml"])
            $0.combine(today)
        }
        // A deck whose file and misses are as before keeps its schedule.
        let vocab = memo.value("vocab schedule", key: scheduleKey) { previous in
            VocabSchedule(decks: content.decks, reviews: content.reviews, settings: content.config.vocab, today: today, reusing: previous)
        }
        // The plans of the days after today for the phone (docs/phone.md), from today's replay; made when the phone's pages are.
        let coming = OnFirstUse { memo.value("coming vocab", key: scheduleKey) { ComingDays(vocab, from: vocab.today.adding(days: -PhonePlan.pastDays), days: PhonePlan.dayCount) } }
        return WholeSchedule(schedule: vocab, coming: coming)
    }
}

/// The review schedule as one view may show it: the books, words and days of
/// its decks alone (`VocabSchedule` holds every deck, private ones too).
struct PublishedSchedule: AudienceData {
    private let schedule: VocabSchedule
    private let coming: OnFirstUse<ComingDays>
    private let shown: Set<String>

    static func derive(_ build: Derivation, for view: PublishedContent) -> PublishedSchedule {
        let whole = build[WholeSchedule.self]
        return PublishedSchedule(schedule: whole.schedule, coming: whole.coming, shown: Set(view.decks.map(\.id)))
    }

    func books(of deckID: String) -> [WordBook] { shown.contains(deckID) ? schedule.books(of: deckID) : [] }
    func words(of deckID: String) -> [WordStatus] { shown.contains(deckID) ? schedule.words(of: deckID) : [] }
    func word(_ text: String, in deckID: String) -> WordStatus? { shown.contains(deckID) ? schedule.word(text, in: deckID) : nil }
    func day(_ date: LocalDate) -> VocabDay { shownDecks(schedule.day(date)) }
    func isTested(_ deckID: String, on date: LocalDate) -> Bool { shown.contains(deckID) && schedule.isTested(deckID, on: date) }
    func days(in range: ClosedRange<LocalDate>) -> [VocabDay] { schedule.days(in: range).map(shownDecks) }
    func reviewDays(from start: LocalDate) -> [DeckReviewDay] { schedule.reviewDays(from: start).filter { shown.contains($0.deckID) } }

    /// The plan of `date`: today, or one of the days after it that the phone may open the site on.
    func plan(on date: LocalDate) -> VocabDay {
        let offset = date.daysSinceEpoch - schedule.today.daysSinceEpoch
        // Today's is the schedule's own: only the days after it are replayed.
        guard (1..<PhonePlan.dayCount).contains(offset) else { return day(date) }
        return shownDecks(coming.value.plans[offset])
    }

    /// Today's plan and those of the days the phone may open the site on.
    var comingPlans: [VocabDay] { coming.value.plans.map(shownDecks) }

    /// Where each book of the shown decks stands at the start of today, for the phone to work out the coming days (`VocabPhoneState`).
    var comingStart: (days: ComingDays, decks: [ComingDays.DeckStart]) {
        (coming.value, coming.value.decks.filter { shown.contains($0.id) })
    }

    private func shownDecks(_ day: VocabDay) -> VocabDay { VocabDay(date: day.date, decks: day.decks.filter { shown.contains($0.deckID) }) }
}

extension PublishedContent {
    /// The review schedule of the decks this view shows alone.
    var vocab: PublishedSchedule { _read { yield self[PublishedSchedule.self] } }
}
