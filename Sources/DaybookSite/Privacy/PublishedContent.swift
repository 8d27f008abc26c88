
/// The content a view of the site may show, decided once when the site data
/// is made: the privacy rule in one place. Page families read
/// `SiteData.published`; feeds, the search index and the calendar feed read
/// `SiteData.publicView`, which never holds private content, even with
/// --include-private. What is derived from private content too, as the
/// review schedule, is reached only through a view (`AudienceData`:
/// `published.vocab`), so no publisher re-checks which decks it may show.
struct PublishedContent: Sendable {
    /// Each kind's items this view may show, in the kind's order (`Content.items`).
    private let items: [ObjectIdentifier: any ContentItems]
    /// What the features derive for this view's audience alone (`AudienceData`).
    private var views = ValuesByType()
    /// Images and other files, without those of hidden entries and pages (see `AssetPrivacy`).
    let assets: [ContentAsset]

    /// A kind's items this view may show (`published[DiaryKind.self]`, or as its folder names them: `published.entries`).
    subscript<Key: ItemsKey>(key: Key.Type) -> [Key.Item] { items[ObjectIdentifier(key)].map { $0 as! [Key.Item] } ?? [] }

    /// A feature's derived data for this view's audience (`published[PublishedSchedule.self]`, or as its folder names it: `published.vocab`).
    subscript<Value: AudienceData>(type: Value.Type) -> Value {
        _read {
            guard let box = views.box(type) else { fatalError("no registered feature derives \(type) for a view") }
            yield box.value
        }
    }

    /// - Parameter build: what the features' `AudienceData` of this view is made from.
    init(_ content: Content, showing visibility: Visibility, build: Derivation) {
        items = content.items.mapValues { $0.shown(to: visibility) }
        // Which entries hide their files matters only when there are files.
        if content.assets.isEmpty {
            assets = []
        } else {
            let privacy = AssetPrivacy(content: content, visibility: visibility)
            assets = content.assets.filter { privacy.isPublished($0.relativePath) }
        }
        for type in build.features.flatMap(\.audienceData) { keep(type, build) }
    }

    private mutating func keep<Value: AudienceData>(_ type: Value.Type, _ build: Derivation) { views.keep(type.derive(build, for: self)) }
}
