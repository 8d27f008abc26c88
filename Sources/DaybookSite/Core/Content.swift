/// Everything read from `content/`: the parsed model the site is built from.
public struct Content: Sendable {
    public var config = SiteConfig()
    /// Sorted chronologically (see `DiaryEntry.chronologicalOrder`).
    public var entries: [DiaryEntry] = []
    public var pages: [FreePage] = []
    public var decks: [Deck] = []
    public var reviews = ReviewLog()
    /// Sorted by date.
    public var workouts: [WorkoutSession] = []
    public var routines: [Routine] = []
    public var routineLog = RoutineLog()
    /// Files that are copied as they are (images beside entries and pages).
    public var assets: [ContentAsset] = []
    /// Every file read as content (Markdown, `site.yml`, routines), by
    /// identity → display path: an asset that is one of them under another
    /// name, linked hard or symbolically, must not be copied out.
    public var sourceIdentities: [FileIdentity: String] = [:]
    /// The same for diary entries, apart so that `serve` keeps it from load to load.
    public var entryIdentities: [FileIdentity: String] = [:]
    /// The text of every file read besides diary entries, hashed, by path
    /// below `content/` (`Hasher.hash(text:)`): `serve` tells by them which
    /// pages an edit can change. Valid within one process.
    public var textHashes: [String: Int] = [:]
    /// Each kind's files as it read them, hashed in one key (`ContentLoad.load`), by kind.
    var kindKeys: [ObjectIdentifier: PageKey] = [:]
    /// What the kinds that are not built into this type read, by kind (`items(of:)`).
    public var items: [ObjectIdentifier: [any ContentItem]] = [:]

    public init() {}

    /// The items a kind read (`ContentItem`), in its order.
    public func items<Kind: ContentKind>(of kind: Kind.Type) -> [any ContentItem] { items[ObjectIdentifier(kind)] ?? [] }
    public mutating func setItems<Kind: ContentKind>(_ items: [any ContentItem], of kind: Kind.Type) { self.items[ObjectIdentifier(kind)] = items }

    /// The content file that is `identity`, by its display path (a file
    /// besides the entries first, as it was read after them).
    public func source(_ identity: FileIdentity) -> String? { sourceIdentities[identity] ?? entryIdentities[identity] }
}

/// A non-Markdown file under `diary/` or `pages/`, copied to the same path in the output.
public struct ContentAsset: Sendable {
    public let absolutePath: String
    public let relativePath: String
    /// Which file it is, through links; nil when it cannot be examined.
    public var identity: FileIdentity?
    /// The real file, every link resolved, relative to the content folder
    /// (links that leave it are errors before this); the same as
    /// `relativePath` for a file that is no link.
    public var realPath: String

    public init(absolutePath: String, relativePath: String, identity: FileIdentity? = nil, realPath: String? = nil) {
        self.absolutePath = absolutePath
        self.relativePath = relativePath
        self.identity = identity
        self.realPath = realPath ?? relativePath
    }
}

/// Which entries a build includes.
public struct Visibility: Sendable {
    public var includePrivate = false
    public var includeDrafts = false
    public init(includePrivate: Bool = false, includeDrafts: Bool = false) {
        self.includePrivate = includePrivate
        self.includeDrafts = includeDrafts
    }

    public func shows(isPrivate: Bool, isDraft: Bool) -> Bool {
        (includePrivate || !isPrivate) && (includeDrafts || !isDraft)
    }

    public func shows(_ audience: Audience) -> Bool { shows(isPrivate: audience.isPrivate, isDraft: audience.isDraft) }
}
