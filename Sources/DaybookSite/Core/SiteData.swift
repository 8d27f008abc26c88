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
    public let routinePlan: RoutinePlan

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
        self.diary = DiaryIndex(entries: content.entries.filter { visibility.shows(isPrivate: $0.isPrivate, isDraft: $0.isDraft) },
                                pages: content.pages.filter { visibility.shows(isPrivate: $0.isPrivate, isDraft: $0.isDraft) })
        self.vocab = VocabSchedule(decks: content.decks, reviews: content.reviews, settings: content.config.vocab, today: today)
        self.workouts = content.workouts.filter { visibility.shows(isPrivate: $0.isPrivate, isDraft: false) }
        self.rotation = SplitRotation(settings: content.config.workouts, sessions: content.workouts, today: today)
        self.workoutStats = WorkoutStats(sessions: workouts, today: today, weekStart: content.config.weekStarts)
        self.routinePlan = RoutinePlan(routines: content.routines, log: content.routineLog, today: today)
    }
}
