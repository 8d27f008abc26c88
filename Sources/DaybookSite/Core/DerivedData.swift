import Foundation

/// A value a kind's pages share, made once per build from what was read: a
/// workout rotation, statistics, a routine plan, the diary's index. It is
/// declared in its kind's folder and listed by its feature
/// (`SiteFeature.derivedData`); `SiteData` makes each listed one and keeps
/// it under its type (`site[WorkoutStats.self]`), so that `SiteData` names
/// no kind. The kind's folder names it too for readable call sites
/// (`site.workoutStats`, `site.diary`).
///
/// One may read another (`build[DiaryIndex.self]`, `build.published`): each
/// is made once, when first asked for, so what depends on what is said where
/// it is used, not by an order in `SiteData`.
protocol DerivedData: Sendable {
    /// Makes it for this build (`Derivation.memoized` keeps it from one `serve` build to the next).
    static func derive(_ build: Derivation) -> Self
    /// What making it found wrong that the build goes on with (links that lead nowhere), reported in the order values are made.
    var warnings: [Diagnostic] { get }
    /// What making it found that stops the build (missing photos).
    var errors: [Diagnostic] { get }
}

extension DerivedData {
    var warnings: [Diagnostic] { [] }
    var errors: [Diagnostic] { [] }
}

/// Derived data that each view of the site (`SiteData.published`,
/// `SiteData.publicView`) holds for its own audience, made from the items
/// that view shows (the review schedule of its decks alone:
/// `published.vocab`): what is made from private content too is reached
/// through a view only. Listed by its feature (`SiteFeature.audienceData`).
protocol AudienceData: Sendable {
    static func derive(_ build: Derivation, for view: PublishedContent) -> Self
}

/// Values kept by their type (`DerivedData`, `AudienceData`), each in a box
/// of its own so that reading one copies no other.
struct ValuesByType: Sendable {
    final class Box<Value: Sendable>: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var values: [ObjectIdentifier: any AnyObject & Sendable] = [:]

    /// `type`'s box: pages read its value in place (`_read`), as they read a stored property, without copying all of it.
    func box<Value: Sendable>(_ type: Value.Type) -> Box<Value>? {
        // Kept under its own type's identifier: the box holds a `Value`.
        values[ObjectIdentifier(type)].map { unsafeDowncast($0, to: Box<Value>.self) }
    }

    func value<Value: Sendable>(_ type: Value.Type) -> Value? { box(type)?.value }

    mutating func keep<Value: Sendable>(_ value: Value) { values[ObjectIdentifier(Value.self)] = Box(value) }
}

/// What derived data is made from, while `SiteData` is made: the content
/// (private items too, for what counts them, as the workout rotation does:
/// whatever shows it must show no item of it), the build's audience-filtered
/// views, today, `serve`'s memo, and the derived values made so far.
final class Derivation {
    let content: Content
    let today: LocalDate
    let visibility: Visibility
    let memo: DerivedMemo
    /// The features of this build: what derived data and views they list.
    let features: [any SiteFeature]
    /// Says on the terminal while a file's Markdown is slow to parse.
    let watch: SlowParseWatch
    /// What every page is made of besides the navigation (`SiteData.sharedKey`).
    let shared: PageKey
    private let cacheDirectory: URL
    private let io: FileIO

    init(content: Content, today: LocalDate, visibility: Visibility, memo: DerivedMemo, features: [any SiteFeature], watch: SlowParseWatch,
         shared: PageKey, cacheDirectory: URL, io: FileIO) {
        self.content = content
        self.today = today
        self.visibility = visibility
        self.memo = memo
        self.features = features
        self.watch = watch
        self.shared = shared
        self.cacheDirectory = cacheDirectory
        self.io = io
    }

    var config: SiteConfig { content.config }

    /// What pages show (`SiteData.published`).
    private(set) lazy var published = PublishedContent(content, showing: visibility, build: self)
    /// What feeds show (`SiteData.publicView`): without --include-private the pages show just that.
    private(set) lazy var publicView = visibility.includePrivate
        ? PublishedContent(content, showing: Visibility(includePrivate: false, includeDrafts: visibility.includeDrafts), build: self)
        : published
    /// The photos pages show, resized through the cache (`SiteData.photos`).
    private(set) lazy var photos = PhotoLibrary(assets: content.assets, shown: published, settings: content.config.images,
                                                cacheDirectory: cacheDirectory, io: io)

    /// The derived values made so far.
    private(set) var made = ValuesByType()
    /// What they found, in the order they were made (`DerivedData.warnings`, `errors`).
    private(set) var warnings: [Diagnostic] = []
    private(set) var errors: [Diagnostic] = []
    /// What is being made: one that needs itself, through others, is a mistake in the code.
    private var making: Set<ObjectIdentifier> = []

    /// `type`'s value, made when first asked for.
    subscript<Value: DerivedData>(_ type: Value.Type) -> Value { value(type) }

    func value<Value: DerivedData>(_ type: Value.Type) -> Value {
        if let value = made.value(type) { return value }
        precondition(making.insert(ObjectIdentifier(type)).inserted, "\(type) is derived from itself")
        let value = type.derive(self)
        making.remove(ObjectIdentifier(type))
        made.keep(value)
        warnings += value.warnings
        errors += value.errors
        return value
    }

    /// What `kind` read (`SiteData.filesKey(of:)`).
    func filesKey(of kind: any ContentKind) -> PageKey { SiteData.filesKey(of: kind, content.kindKeys) }

    /// `make`'s value, made again only when `kind`'s files, `site.yml`, today
    /// or the audience changed since `serve`'s last build.
    func memoized<T: DerivedData>(from kind: any ContentKind, _ make: () -> T) -> T {
        let key = PageKey {
            $0.combine(filesKey(of: kind))
            $0.combine(content.textHashes["site.yml"])
            $0.combine(today)
            $0.combine(visibility.includePrivate)
            $0.combine(visibility.includeDrafts)
        }
        // `_typeName`, not `String(describing:)`: that one first asks the runtime whether
        // the type describes itself (1.2 M instructions, a search of every conformance).
        return memo.value(_typeName(T.self, qualified: false), key: key, make)
    }
}
