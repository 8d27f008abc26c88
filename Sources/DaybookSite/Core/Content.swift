/// Everything read from `content/`: the parsed model the site is built from.
struct Content: Sendable {
    var config = SiteConfig()
    /// Files that are copied as they are (images beside entries and pages).
    var assets: [ContentAsset] = []
    /// Every file read as content (Markdown, `site.yml`, routines), by
    /// identity → display path: an asset that is one of them under another
    /// name, linked hard or symbolically, must not be copied out.
    var sourceIdentities: [FileIdentity: String] = [:]
    /// The same for diary entries, apart so that `serve` keeps it from load to load.
    var entryIdentities: [FileIdentity: String] = [:]
    /// The text of every file read besides diary entries, hashed, by path
    /// below `content/` (`StableHasher.hash(text:)`): `serve` tells by them which
    /// pages an edit can change. Valid within one process.
    var textHashes: [String: Int] = [:]
    /// Each kind's files as it read them, hashed in one key (`ContentLoad.load`), by kind.
    var kindKeys: [ObjectIdentifier: PageKey] = [:]
    /// What each kind read that a page may show, by its key (`ItemsKey`):
    /// `PublishedContent` filters them all by their `Audience` alike.
    private(set) var items: [ObjectIdentifier: any ContentItems] = [:]
    /// What each kind read besides its items (the review log, the routines), by its key (`ContentKey`).
    private var values: [ObjectIdentifier: any Sendable] = [:]

    init() {}

    /// A kind's items, in its order (`content[DiaryKind.self]`; each kind's
    /// folder names them too, as `content.entries`).
    subscript<Key: ItemsKey>(key: Key.Type) -> [Key.Item] {
        get { items[ObjectIdentifier(key)].map { $0 as! [Key.Item] } ?? [] }
        set { items[ObjectIdentifier(key)] = newValue }
    }

    /// What a kind read besides its items.
    subscript<Key: ContentKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)].map { $0 as! Key.Value } ?? Key.empty }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// Every file a kind read as an item, hidden ones too, in the kinds' order.
    func itemSources(_ kinds: [any ContentKind]) -> [SourceFile] {
        kinds.flatMap { kind in kind.itemsKeys.flatMap { items[ObjectIdentifier($0)]?.sources ?? [] } }
    }

    /// The content file that is `identity`, by its display path (a file
    /// besides the entries first, as it was read after them).
    func source(_ identity: FileIdentity) -> String? { sourceIdentities[identity] ?? entryIdentities[identity] }
}

/// A place in `Content` for what a kind read besides items a page shows
/// (the review log, the routines and their log); declared in the kind's folder.
protocol ContentKey {
    associatedtype Value: Sendable
    /// What it holds when the kind read nothing.
    static var empty: Value { get }
}

/// A place in `Content` for a kind's items (`ContentItem`): the kind itself,
/// usually (`content[DiaryKind.self]`). Every view of the site shows them as
/// their `Audience` allows (`PublishedContent`).
protocol ItemsKey {
    associatedtype Item: ContentItem
}

/// What holds each kind's items by its key: all of them (`Content`), or
/// those one view of the site may show (`PublishedContent`). A kind's folder
/// names its items once, on both (`content.entries`, `published.entries`).
protocol ItemsByKind {
    subscript<Key: ItemsKey>(key: Key.Type) -> [Key.Item] { get }
}

extension Content: ItemsByKind {}
extension PublishedContent: ItemsByKind {}

/// A kind's items, whatever their type: what the privacy filter and the path check need of them.
protocol ContentItems: Sendable {
    /// Those `visibility` shows.
    func shown(to visibility: Visibility) -> Self
    /// Those `visibility` shows and `other` does not (the encrypted part: `SealedContent`).
    func shown(to visibility: Visibility, hiddenFrom other: Visibility) -> Self
    var sources: [SourceFile] { get }
}

extension Array: ContentItems where Element: ContentItem {
    func shown(to visibility: Visibility) -> Self { filter { visibility.shows($0.audience) } }
    func shown(to visibility: Visibility, hiddenFrom other: Visibility) -> Self {
        filter { visibility.shows($0.audience) && !other.shows($0.audience) }
    }
    var sources: [SourceFile] { map(\.source) }
}

/// A non-Markdown file under `diary/` or `pages/`, copied to the same path in the output.
struct ContentAsset: Sendable {
    let absolutePath: String
    let relativePath: String
    /// Which file it is, through links; nil when it cannot be examined.
    var identity: FileIdentity?
    /// The real file, every link resolved, relative to the content folder
    /// (links that leave it are errors before this); the same as
    /// `relativePath` for a file that is no link.
    var realPath: String

    init(absolutePath: String, relativePath: String, identity: FileIdentity? = nil, realPath: String? = nil) {
        self.absolutePath = absolutePath
        self.relativePath = relativePath
        self.identity = identity
        self.realPath = realPath ?? relativePath
    }
}

/// Which entries a build includes.
public struct Visibility: Sendable {
    var includePrivate = false
    var includeDrafts = false
    public init(includePrivate: Bool = false, includeDrafts: Bool = false) {
        self.includePrivate = includePrivate
        self.includeDrafts = includeDrafts
    }

    /// The one rule of who may see a file: everything reads it from its `Audience`.
    func shows(_ audience: Audience) -> Bool {
        (includePrivate || !audience.isPrivate) && (includeDrafts || !audience.isDraft)
    }
}
