
/// The content a view of the site may show, decided once when the site data
/// is made: the privacy rule in one place. Page families read
/// `SiteData.published`; feeds, the search index and the calendar feed read
/// `SiteData.publicView`, which never holds private content, even with
/// --include-private. The review schedule is reached only through a view
/// (`vocab`), so no publisher re-checks which decks it may show.
public struct PublishedContent: Sendable {
    /// Each kind's items this view may show, in the kind's order (`Content.items`).
    private let items: [ObjectIdentifier: any ContentItems]
    /// The review schedule of the decks this view shows alone.
    let vocab: PublishedSchedule
    /// Images and other files, without those of hidden entries and pages (see `AssetPrivacy`).
    public let assets: [ContentAsset]

    /// A kind's items this view may show (`published[DiaryKind.self]`, or as its folder names them: `published.entries`).
    public subscript<Key: ItemsKey>(key: Key.Type) -> [Key.Item] { Self.items(key, in: items) }

    private static func items<Key: ItemsKey>(_ key: Key.Type, in items: [ObjectIdentifier: any ContentItems]) -> [Key.Item] {
        items[ObjectIdentifier(key)].map { $0 as! [Key.Item] } ?? []
    }

    /// - Parameters:
    ///   - schedule: every deck's schedule, private decks too (reviews.md may name them).
    ///   - coming: today's plan and those of the days after it that the phone may open the site on (`PhonePlan.days`).
    init(_ content: Content, showing visibility: Visibility, schedule: VocabSchedule, coming: OnFirstUse<ComingDays>) {
        let items = content.items.mapValues { $0.shown(to: visibility) }
        self.items = items
        vocab = PublishedSchedule(schedule, coming: coming, decks: Self.items(VocabKind.self, in: items))
        // Which entries hide their files matters only when there are files.
        if content.assets.isEmpty {
            assets = []
        } else {
            let privacy = AssetPrivacy(content: content, visibility: visibility)
            assets = content.assets.filter { privacy.isPublished($0.relativePath) }
        }
    }
}

/// The review schedule as one view may show it: the books, words and days of
/// its decks alone (`VocabSchedule` holds every deck, private ones too).
struct PublishedSchedule: Sendable {
    private let schedule: VocabSchedule
    private let coming: OnFirstUse<ComingDays>
    private let shown: Set<String>

    fileprivate init(_ schedule: VocabSchedule, coming: OnFirstUse<ComingDays>, decks: [Deck]) {
        self.schedule = schedule
        self.coming = coming
        shown = Set(decks.map(\.id))
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

    /// Where each book of the shown decks stands at the start of today, for the phone to work out the coming days (`PhonePlan.State`).
    var comingStart: (days: ComingDays, decks: [ComingDays.DeckStart]) {
        (coming.value, coming.value.decks.filter { shown.contains($0.id) })
    }

    private func shownDecks(_ day: VocabDay) -> VocabDay { VocabDay(date: day.date, decks: day.decks.filter { shown.contains($0.deckID) }) }
}
