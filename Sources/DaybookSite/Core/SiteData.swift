import Foundation

/// Everything the pages are made from, computed once for "today" and then
/// only read (concurrently) while pages render.
struct SiteData: Sendable {
    let config: SiteConfig
    /// What page families show: private content only with --include-private, drafts only with --drafts.
    private(set) var published: PublishedContent
    /// What feeds, the search index and the calendar feed show: never private content.
    let publicView: PublishedContent
    /// Every content file, hidden ones too: a hidden file's page path is still taken (`PathClaims`).
    let sources: [SourceFile]
    /// How many entries were read, hidden ones too.
    let entriesRead: Int
    let today: LocalDate
    let translation: Translation
    /// The flashcard shuffle seed of this build.
    let seed: UInt64
    /// What the registered features' pages share, by its type (`DerivedData`).
    private let derived: ValuesByType
    /// The photos pages show, resized through the cache.
    let photos: PhotoLibrary
    /// Says on the terminal while a file's Markdown is slow to parse.
    let slowParseWatch: SlowParseWatch
    /// What making the derived data found, in the order it was made: warnings, and errors (missing photos) that stop the build.
    let derivedWarnings: [Diagnostic]
    let derivedErrors: [Diagnostic]
    /// What every page is made of besides the navigation (`site.yml`, the
    /// theme, today, the seed, what is shown, the files beside entries),
    /// and what the vocabulary and the workout pages are made of: their
    /// files. Pages keep their bytes in `serve` while these stay the same (`PageKey`).
    let sharedKey: PageKey
    /// The text of every content file besides entries, hashed, by path (`Content.textHashes`).
    let textHashes: [String: Int]
    /// What each kind read (`Content.kindKeys`).
    private let kindKeys: [ObjectIdentifier: PageKey]
    /// What `serve`'s last build made from the content.
    let memo: DerivedMemo
    /// The layout's links and navigation at each depth of this build's pages.
    let layouts = ByDepth<Layout.Shared>()

    /// The site as the calendars and their heatmaps see it: what it publishes is the public view, even with
    /// --include-private, so that no kind's layer can count a private item (`SiteFeature.calendarLayers`).
    var forCalendars: SiteData {
        var site = self
        site.published = publicView
        return site
    }

    /// The encrypted part, when `site.yml` publishes private items encrypted: ciphertext only (`SealedPart`).
    var sealed: SealedPart?

    /// With --include-private: the pages a build without it lists in the sitemap, the only ones this one lists.
    var sitemapPaths: Set<String>?

    /// What this site is made of (`SiteFeatures.all`, in tests with a kind of their own).
    let features: [any SiteFeature]

    var locale: String { config.locale.rawValue }

    /// A key (`PageKey`) that only a next build compares: a page's, or a
    /// memo's (`DerivedMemo.value`); nil in a clean build
    /// (`DerivedMemo.makesKeys`), which skips the hashing.
    func rememberedKey(_ combine: (inout StableHasher) -> Void) -> PageKey? { memo.makesKeys ? PageKey(combine) : nil }

    /// What a kind's pages are made of: every file it read, as it read them
    /// (`ContentLoad.load`), so that `serve` keeps them while those stay the same (`PageKey`).
    func filesKey(of kind: any ContentKind) -> PageKey { Self.filesKey(of: kind, kindKeys) }

    static func filesKey(of kind: any ContentKind, _ kindKeys: [ObjectIdentifier: PageKey]) -> PageKey {
        kindKeys[ObjectIdentifier(type(of: kind))] ?? PageKey(0)
    }

    /// A registered feature's derived data (`site[WorkoutStats.self]`; the kind's folder names it too, as `site.workoutStats`).
    subscript<Value: DerivedData>(_ type: Value.Type) -> Value {
        _read {
            guard let box = derived.box(type) else { fatalError("no registered feature derives \(type)") }
            yield box.value
        }
    }

    /// - Parameter memo: what `serve`'s last build made from the content, to take again where its inputs are the same.
    init(content: Content, today: LocalDate, translation: Translation, visibility: Visibility, seed: UInt64,
         cacheDirectory: URL = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-cache"), io: FileIO = .disk,
         slowParseWatch: SlowParseWatch = SlowParseWatch(), themeFingerprint: Int = 0, memo: DerivedMemo = DerivedMemo(),
         features: [any SiteFeature] = SiteFeatures.all) {
        self.features = features
        self.slowParseWatch = slowParseWatch
        self.memo = memo
        textHashes = content.textHashes
        kindKeys = content.kindKeys
        self.config = content.config
        self.today = today
        self.translation = translation
        self.seed = seed
        sources = content.itemSources(features.contentKinds)
        entriesRead = content.entries.count
        let shared = PageKey { hasher in
            hasher.combine(content.textHashes["site.yml"])
            hasher.combine(themeFingerprint)
            hasher.combine(text: today.iso)
            hasher.combine(seed)
            hasher.combine(visibility.includePrivate)
            hasher.combine(visibility.includeDrafts)
            hasher.combine(content.assets.count)
            for asset in content.assets { hasher.combine(text: asset.relativePath) }
        }
        sharedKey = shared
        // Each listed value is made once, and what it reads first (`Derivation`).
        let derivation = Derivation(content: content, today: today, visibility: visibility, memo: memo, features: features, watch: slowParseWatch,
                                    shared: shared, cacheDirectory: cacheDirectory, io: io)
        published = derivation.published
        publicView = derivation.publicView
        photos = derivation.photos
        for type in features.flatMap(\.derivedData) { _ = derivation.value(type) }
        derived = derivation.made
        derivedWarnings = derivation.warnings
        derivedErrors = derivation.errors
    }
}
