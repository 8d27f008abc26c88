import DaybookContent

/// The content a view of the site may show, decided once when the site data
/// is made: the privacy rule in one place. Page families read
/// `SiteData.published`; feeds, the search index and the calendar feed read
/// `SiteData.publicView`, which never holds private content, even with
/// --include-private.
public struct PublishedContent: Sendable {
    /// Chronological, as in the content.
    public let entries: [DiaryEntry]
    public let pages: [FreePage]
    public let decks: [Deck]
    public let workouts: [WorkoutSession]
    /// Images and other files, without those of hidden entries and pages (see `AssetPrivacy`).
    public let assets: [ContentAsset]
    /// What kinds not built into `Content` read, each as its `Audience` allows.
    let items: [ObjectIdentifier: [any ContentItem]]

    /// The items a kind read that this view may show.
    func items<Kind: ContentKind>(of kind: Kind.Type) -> [any ContentItem] { items[ObjectIdentifier(kind)] ?? [] }

    init(_ content: Content, showing visibility: Visibility) {
        entries = content.entries.filter { visibility.shows(isPrivate: $0.isPrivate, isDraft: $0.isDraft) }
        pages = content.pages.filter { visibility.shows(isPrivate: $0.isPrivate, isDraft: $0.isDraft) }
        decks = content.decks.filter { visibility.shows(isPrivate: $0.isPrivate, isDraft: false) }
        workouts = content.workouts.filter { visibility.shows(isPrivate: $0.isPrivate, isDraft: false) }
        items = content.items.mapValues { $0.filter { visibility.shows($0.audience) } }
        // Which entries hide their files matters only when there are files.
        if content.assets.isEmpty {
            assets = []
        } else {
            let privacy = AssetPrivacy(content: content, visibility: visibility)
            assets = content.assets.filter { privacy.isPublished($0.relativePath) }
        }
    }
}
