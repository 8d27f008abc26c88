
/// What the search index is made from: the site's public content alone
/// (`SiteData.publicView`, never private even with --include-private) and
/// the build's shared means (memo, translation, keys). A feature's search
/// records are written against this, so they cannot reach
/// `SiteData.published` or an entry that is not public.
struct PublicSite {
    private let site: SiteData

    init(_ site: SiteData) { self.site = site }

    /// Public content only.
    var content: PublishedContent { site.publicView }
    /// The diary's public entries, oldest first, with what was rendered of them.
    var diary: [PublicEntry] { site.diary.publicIndexes.map { PublicEntry(diary: site.diary, index: $0) } }
    var memo: BuildMemo { site.memo }
    var translation: Translation { site.translation }
    var rotation: SplitRotation { site.rotation }
    var workoutsKey: PageKey { site.workoutsKey }
    var sharedKey: PageKey { site.sharedKey }
    func decksKey(_ decks: [Deck]) -> PageKey { site.decksKey(decks) }
    func wordFragments(_ deck: Deck) -> WordAnchors { site.wordFragments(deck) }

    /// A public entry of the diary, read where it is.
    struct PublicEntry {
        fileprivate let diary: DiaryIndex
        fileprivate let index: Int
        var entry: DiaryEntry { diary.entries[index] }
        var body: RenderedBody { diary.bodies[index] }
        /// What a list shows of it (`DiaryIndex.itemKeys`).
        var itemKey: PageKey { diary.itemKeys[index] }
        /// What the search index keeps of its text, hashed (`DiaryIndex.searchTextKeys`).
        var searchTextKey: PageKey? { diary.searchTextKeys[index] }
    }
}
