import DaybookContent
import DaybookRender
import DaybookSchedule

/// Everything the pages are made from, computed once for "today" and then
/// only read (concurrently) while pages render.
public struct SiteData: Sendable {
    public let config: SiteConfig
    public let content: Content
    public let today: LocalDate
    public let translation: Translation
    public let visibility: Visibility
    /// The flashcard shuffle seed of this build.
    public let seed: UInt64
    public let diary: DiaryIndex
    /// Every deck's word books and stages for today (private decks included,
    /// since reviews.md may name them; pages hide them).
    public let vocab: VocabSchedule
    /// Published workout sessions (private ones only with --include-private), by date.
    public let workouts: [WorkoutSession]
    /// The planned split of any day; it counts every session, private ones too,
    /// since they moved the rotation.
    public let rotation: SplitRotation
    public let workoutStats: WorkoutStats
    public let routines: RoutinePlan

    public var locale: String { config.locale.rawValue }

    /// Decks shown in this build (private ones only with --include-private).
    public var publishedDecks: [Deck] { content.decks.filter { visibility.shows(isPrivate: $0.isPrivate, isDraft: false) } }

    init(content: Content, today: LocalDate, translation: Translation, visibility: Visibility, seed: UInt64) {
        self.config = content.config
        self.content = content
        self.today = today
        self.translation = translation
        self.visibility = visibility
        self.seed = seed
        self.diary = DiaryIndex(entries: content.entries.filter { visibility.shows(isPrivate: $0.isPrivate, isDraft: $0.isDraft) })
        self.vocab = VocabSchedule(decks: content.decks, reviews: content.reviews, settings: content.config.vocab, today: today)
        self.workouts = content.workouts.filter { visibility.shows(isPrivate: $0.isPrivate, isDraft: false) }
        self.rotation = SplitRotation(settings: content.config.workouts, sessions: content.workouts, today: today)
        self.workoutStats = WorkoutStats(sessions: workouts, today: today, weekStart: content.config.weekStarts)
        self.routines = RoutinePlan(routines: content.routines, log: content.routineLog, today: today)
    }
}

/// The published diary entries and the ways pages look them up.
public struct DiaryIndex: Sendable {
    /// Chronological.
    public let entries: [DiaryEntry]
    /// Each entry's body, parsed once on all cores for its page, the feed and the search index.
    public let bodies: [RenderedBody]
    public let byDate: [LocalDate: [Int]]
    public let byMonth: [YearMonth: [Int]]
    public let byYear: [Int: [Int]]
    /// Tag → entry indexes; keyed by the tag's slug so `Winter` and `winter` share a page.
    public let byTag: [String: (name: String, indexes: [Int])]

    init(entries: [DiaryEntry]) {
        self.entries = entries
        bodies = entries.parallelMap { entry in SlowParseWatch.shared.watch(entry.source.displayPath) { RenderedBody(Markdown.render(entry.body)) } }
        var byDate: [LocalDate: [Int]] = [:], byMonth: [YearMonth: [Int]] = [:], byYear: [Int: [Int]] = [:]
        var byTag: [String: (name: String, indexes: [Int])] = [:]
        for (index, entry) in entries.enumerated() {
            byDate[entry.date, default: []].append(index)
            byMonth[entry.date.monthKey, default: []].append(index)
            byYear[entry.date.year, default: []].append(index)
            for tag in entry.tags {
                byTag[Slug.make(tag), default: (tag, [])].indexes.append(index)
            }
        }
        self.byDate = byDate
        self.byMonth = byMonth
        self.byYear = byYear
        self.byTag = byTag
    }

    public static func path(of entry: DiaryEntry) -> SitePath { SitePath(entry.source.slugPath + "/") }
    public static func tagPath(_ slug: String) -> SitePath { .folder("tags", slug) }
}

/// An entry's body as its page shows it, and the start of its text for the search index.
public struct RenderedBody: Sendable {
    public let html: String
    public let searchText: String

    init(_ rendered: (html: String, plainText: String)) {
        html = rendered.html
        searchText = String(rendered.plainText.prefix(SearchPages.textLength))
    }
}
