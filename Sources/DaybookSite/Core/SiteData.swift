import Foundation

/// Everything the pages are made from, computed once for "today" and then
/// only read (concurrently) while pages render.
public struct SiteData: Sendable {
    public let config: SiteConfig
    /// What page families show: private content only with --include-private, drafts only with --drafts.
    public let published: PublishedContent
    /// What feeds, the search index and the calendar feed show: never private content.
    public let publicView: PublishedContent
    /// Every content file, hidden ones too: a hidden file's page path is still taken (`PathClaims`).
    let sources: [SourceFile]
    /// How many entries were read, hidden ones too.
    public let entriesRead: Int
    public let today: LocalDate
    public let translation: Translation
    /// The flashcard shuffle seed of this build.
    public let seed: UInt64
    public let diary: DiaryIndex
    /// What the review schedule says is wrong with reviews.md (its books and
    /// days are reached through `published.vocab` and `publicView.vocab` only).
    public let vocabDiagnostics: [Diagnostic]
    /// What the registered features' pages share, by its type (`DerivedData`).
    private let derived: [ObjectIdentifier: any Sendable]
    /// The photos pages show, resized through the cache.
    public let photos: PhotoLibrary
    /// Each published free page's HTML, by its slug path.
    let pageHTML: [String: String]
    /// Says on the terminal while a file's Markdown is slow to parse.
    let slowParseWatch: SlowParseWatch
    /// Missing and unreadable photos.
    let photoErrors: [Diagnostic]
    /// Free pages' `[[links]]` that lead nowhere (the entries' are in `diary.warnings`).
    let pageWarnings: [Diagnostic]
    /// What links to each entry and page, and what their links' previews show.
    let linksHere: LinksHere
    /// Each published free page's own links, by its slug path.
    let pageLinks: [String: [Backlinks.Link]]
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
    let memo: BuildMemo
    /// The layout's links and navigation at each depth of this build's pages.
    let layouts = ByDepth<Layout.Shared>()

    /// What this site is made of (`SiteFeatures.all`, in tests with a kind of their own).
    let features: [any SiteFeature]

    public var locale: String { config.locale.rawValue }

    /// A key (`PageKey`) that only a next build compares: a page's, or a
    /// memo's (`BuildMemo.value`); nil in a clean build
    /// (`BuildMemo.remembers`), which skips the hashing.
    func rememberedKey(_ combine: (inout Hasher) -> Void) -> PageKey? { memo.remembers ? PageKey(combine) : nil }

    /// What a kind's pages are made of: every file it read, as it read them
    /// (`ContentLoad.load`), so that `serve` keeps them while those stay the same (`PageKey`).
    func filesKey(of kind: any ContentKind) -> PageKey { Self.filesKey(of: kind, kindKeys) }

    static func filesKey(of kind: any ContentKind, _ kindKeys: [ObjectIdentifier: PageKey]) -> PageKey {
        kindKeys[ObjectIdentifier(type(of: kind))] ?? PageKey(0)
    }

    /// A registered feature's derived data (`site[WorkoutStats.self]`; the kind's folder names it too, as `site.workoutStats`).
    subscript<Value: DerivedData>(_ type: Value.Type) -> Value {
        guard let value = derived[ObjectIdentifier(type)] as? Value else { fatalError("no registered feature derives \(type)") }
        return value
    }

    /// - Parameter memo: what `serve`'s last build made from the content, to take again where its inputs are the same.
    init(content: Content, today: LocalDate, translation: Translation, visibility: Visibility, seed: UInt64,
         cacheDirectory: URL = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-cache"), io: FileIO = .disk,
         slowParseWatch: SlowParseWatch = SlowParseWatch(), themeFingerprint: Int = 0, memo: BuildMemo = BuildMemo(),
         features: [any SiteFeature] = SiteFeatures.all) {
        self.features = features
        self.slowParseWatch = slowParseWatch
        self.memo = memo
        textHashes = content.textHashes
        kindKeys = content.kindKeys
        self.config = content.config
        let vocabFiles = Self.filesKey(of: VocabKind(), content.kindKeys)
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
        // The plans of the days after today for the phone (SPEC §8), from today's replay; made when the phone's pages are.
        let comingVocab = OnFirstUse { memo.value("coming vocab", key: scheduleKey) { ComingDays(vocab, from: vocab.today.adding(days: -PhonePlan.pastDays), days: PhonePlan.dayCount) } }
        vocabDiagnostics = vocab.diagnostics
        published = PublishedContent(content, showing: visibility, schedule: vocab, coming: comingVocab)
        // Without --include-private the pages show just what feeds show.
        publicView = visibility.includePrivate
            ? PublishedContent(content, showing: Visibility(includePrivate: false, includeDrafts: visibility.includeDrafts), schedule: vocab,
                               coming: comingVocab)
            : published
        let derivation = Derivation(content: content, published: published, today: today, visibility: visibility, memo: memo)
        derived = Dictionary(features.flatMap(\.derivedData).map { (ObjectIdentifier($0), $0.derive(derivation) as any Sendable) },
                             uniquingKeysWith: { first, _ in first })
        sources = content.itemSources(features.contentKinds)
        entriesRead = content.entries.count
        self.today = today
        self.translation = translation
        self.seed = seed
        let library = PhotoLibrary(assets: content.assets, shown: published, settings: content.config.images, cacheDirectory: cacheDirectory, io: io)
        photos = library
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
        let publicEntries = visibility.includePrivate ? Set(publicView.entries.map(\.source.relativePath)) : nil
        let diary = DiaryIndex(entries: published.entries, pages: published.pages, decks: published.decks,
                               isPublic: { publicEntries?.contains($0.source.relativePath) ?? true }, photos: library, watch: slowParseWatch,
                               memo: memo, shared: shared)
        self.diary = diary
        let pages = published.pages.map { page in
            let pass = ObsidianPass(file: page.source, firstLine: page.bodyFirstLine, page: Routes.content(page.source), targets: diary.wikiTargets,
                                    library: library, linksTags: false, namesHeadings: true)
            let photos = PhotoPass(library: library, document: page.source, firstLine: page.bodyFirstLine, page: Routes.content(page.source),
                                   targets: diary.wikiTargets)
            let rendered = photos.render(page.body, pass: pass, watch: slowParseWatch)
            return (page.source.slugPath, rendered, pass.warnings, pass.errors)
        }
        pageHTML = Dictionary(pages.map { ($0.0, $0.1.html) }, uniquingKeysWith: { first, _ in first })
        pageLinks = Dictionary(pages.map { ($0.0, $0.1.links) }, uniquingKeysWith: { first, _ in first })
        let publicPages = Set(publicView.pages.map(\.source.relativePath))
        linksHere = LinksHere(diary: diary, pages: zip(published.pages, pages).map { page, made in
            (page, made.1.plainText, publicPages.contains(page.source.relativePath), made.1.links)
        }, decks: published.decks)
        photoErrors = diary.photoErrors + pages.flatMap { $0.1.diagnostics + $0.3 }
        pageWarnings = pages.flatMap(\.2)
    }
}
