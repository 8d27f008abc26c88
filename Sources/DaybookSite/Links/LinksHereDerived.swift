/// What links here is made once a build, from the diary's index and the
/// free pages' renderings (`RenderedPages`).
extension LinksHere: DerivedData {
    static func derive(_ build: Derivation) -> LinksHere {
        let published = build.published, rendered = build[RenderedPages.self].made
        let publicPages = Set(build.publicView.pages.map(\.source.relativePath))
        return LinksHere(diary: build[DiaryIndex.self], pages: zip(published.pages, rendered).map { page, made in
            (page, made.text, publicPages.contains(page.source.relativePath), made.links)
        }, decks: published.decks)
    }
}

extension SiteData {
    /// What links to each entry and page, and what their links' previews show.
    var linksHere: LinksHere { _read { yield self[LinksHere.self] } }
}
