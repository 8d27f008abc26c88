/// What the world is shown whatever the build's audience: the feeds, the
/// sitemap, the search index and `calendar.ics` are made from this alone,
/// the site's public content (`SiteData.publicView`, never private even with
/// --include-private) and the build's shared means (settings, today,
/// translation, memo, keys). A publisher handed a `PublicSite` cannot reach
/// `SiteData.published`, the diary's private entries or a private deck's
/// schedule: it has no `SiteData` to read them from.
struct PublicSite: Sendable {
    private let site: SiteData

    init(_ site: SiteData) { self.site = site }

    /// Public content only; the review schedule of its decks is `content.vocab`.
    var content: PublishedContent { site.publicView }
    /// The diary's public entries, oldest first, with what was rendered of them.
    var diary: [PublicEntry] { site.diary.publicIndexes.map { PublicEntry(diary: site.diary, index: $0) } }
    var config: SiteConfig { site.config }
    var today: LocalDate { site.today }
    var locale: String { site.locale }
    var memo: DerivedMemo { site.memo }
    var translation: Translation { site.translation }
    /// The planned splits: what the public calendar shows of workouts (`SplitRotation`).
    var rotation: SplitRotation { site.rotation }
    /// Routines, which have no private ones.
    var routinePlan: RoutinePlan { site.routinePlan }
    var workoutsKey: PageKey { site.workoutsKey }
    var sharedKey: PageKey { site.sharedKey }
    func decksKey(_ decks: [Deck]) -> PageKey { site.decksKey(decks) }
    func wordFragments(_ deck: Deck) -> WordAnchors { site.wordFragments(deck) }
    func rememberedKey(_ combine: (inout StableHasher) -> Void) -> PageKey? { site.rememberedKey(combine) }

    /// A public entry of the diary, read where it is.
    struct PublicEntry {
        fileprivate let diary: DiaryIndex
        fileprivate let index: Int
        var entry: DiaryEntry { diary.entries[index] }
        var body: RenderedBody { diary.bodies[index] }
        /// What a list shows of it (`DiaryIndex.itemKeys`).
        var itemKey: PageKey { diary.itemKeys[index] }
        /// What its page shows (`DiaryIndex.pageKeys`).
        var pageKey: PageKey { diary.pageKeys[index] }
        /// What the search index keeps of its text, hashed (`DiaryIndex.searchTextKeys`).
        var searchTextKey: PageKey? { diary.searchTextKeys[index] }
    }
}

/// A file published to the world, made from a `PublicSite` without a page's
/// context (whose `SiteData` holds the build's audience): `feed.xml`,
/// `sitemap.xml`, `calendar.ics` (`SiteFeature.publicFiles`).
struct PublicFile {
    let path: SitePath
    var cost = 1
    let key: PageKey?
    let make: @Sendable () -> [UInt8]

    var page: Page {
        let make = make
        return Page(file: path, cost: cost, key: key) { _ in make() }
    }
}
