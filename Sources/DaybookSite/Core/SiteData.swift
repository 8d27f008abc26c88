import DaybookContent
import DaybookRender
import DaybookSchedule
import Foundation

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
    /// The photos pages show, resized through the cache.
    public let photos: PhotoLibrary
    /// Each published free page's HTML, by its slug path.
    let pageHTML: [String: String]
    /// Missing and unreadable photos.
    let photoErrors: [Diagnostic]

    public var locale: String { config.locale.rawValue }

    /// Decks shown in this build (private ones only with --include-private).
    public var publishedDecks: [Deck] { content.decks.filter { visibility.shows(isPrivate: $0.isPrivate, isDraft: false) } }

    init(content: Content, today: LocalDate, translation: Translation, visibility: Visibility, seed: UInt64,
         cacheDirectory: URL = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-cache")) {
        self.config = content.config
        self.content = content
        self.today = today
        self.translation = translation
        self.visibility = visibility
        self.seed = seed
        let privacy = AssetPrivacy(sources: content.entries.map { ($0.source, !visibility.shows(isPrivate: $0.isPrivate, isDraft: $0.isDraft)) }
            + content.pages.map { ($0.source, !visibility.shows(isPrivate: $0.isPrivate, isDraft: $0.isDraft)) })
        let library = PhotoLibrary(assets: content.assets, settings: content.config.images, cacheDirectory: cacheDirectory,
                                   isHidden: { !privacy.isPublished($0) })
        photos = library
        let shownPages = content.pages.filter { visibility.shows(isPrivate: $0.isPrivate, isDraft: $0.isDraft) }
        let diary = DiaryIndex(entries: content.entries.filter { visibility.shows(isPrivate: $0.isPrivate, isDraft: $0.isDraft) },
                               pages: shownPages, photos: library)
        self.diary = diary
        let pages = shownPages.map { page in
            let pass = ObsidianPass(file: page.source, page: Routes.content(page.source), targets: diary.wikiTargets, linksTags: false)
            return (page.source.slugPath, PhotoPass(library: library, document: page.source, firstLine: page.bodyFirstLine,
                                                    page: Routes.content(page.source)).render(page.body, pass: pass))
        }
        pageHTML = Dictionary(pages.map { ($0.0, $0.1.html) }, uniquingKeysWith: { first, _ in first })
        photoErrors = diary.photoErrors + pages.flatMap(\.1.diagnostics)
        self.vocab = VocabSchedule(decks: content.decks, reviews: content.reviews, settings: content.config.vocab, today: today)
        self.workouts = content.workouts.filter { visibility.shows(isPrivate: $0.isPrivate, isDraft: false) }
        self.rotation = SplitRotation(settings: content.config.workouts, sessions: content.workouts, today: today)
        self.workoutStats = WorkoutStats(sessions: workouts, today: today, weekStart: content.config.weekStarts)
        self.routinePlan = RoutinePlan(routines: content.routines, log: content.routineLog, today: today)
    }
}
