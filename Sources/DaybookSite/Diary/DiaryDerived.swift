/// The diary's index is made once a build from the published entries, the
/// free pages and decks their `[[links]]` may name, and the photos.
extension DiaryIndex: DerivedData {
    static func derive(_ build: Derivation) -> DiaryIndex {
        let published = build.published
        let publicEntries = build.visibility.includePrivate ? Set(build.publicView.entries.map(\.source.relativePath)) : nil
        return DiaryIndex(entries: published.entries, pages: published.pages, decks: published.decks,
                          isPublic: { publicEntries?.contains($0.source.relativePath) ?? true }, photos: build.photos, watch: build.watch,
                          memo: build.memo, shared: build.shared)
    }

    /// Missing and unreadable photos.
    var errors: [Diagnostic] { photoErrors }
}

extension SiteData {
    /// The published diary entries and the ways pages look them up.
    var diary: DiaryIndex { _read { yield self[DiaryIndex.self] } }
}

extension DiaryKind {
    /// What links here is shown on entries, free pages and words alike.
    var derivedData: [any DerivedData.Type] { [DiaryIndex.self, LinksHere.self] }
}
