/// Each published free page rendered once a build, with its photos and
/// `[[links]]` (which may lead to entries, so after the diary's index).
struct RenderedPages: DerivedData {
    /// Each page's HTML and own links, by its slug path.
    let html: [String: String]
    let links: [String: [Backlinks.Link]]
    /// Each page's plain text and links, in `published.pages`' order (what links here).
    let made: [(text: String, links: [Backlinks.Link])]
    /// `[[links]]` that lead nowhere (the entries' are the diary index's).
    let warnings: [Diagnostic]
    /// Missing and unreadable photos.
    let errors: [Diagnostic]

    static func derive(_ build: Derivation) -> RenderedPages {
        let library = build.photos, targets = build[DiaryIndex.self].wikiTargets
        let pages = build.published.pages.map { page in
            let pass = ObsidianPass(file: page.source, firstLine: page.bodyFirstLine, page: Routes.content(page.source), targets: targets,
                                    library: library, linksTags: false, namesHeadings: true)
            let photos = PhotoPass(library: library, document: page.source, firstLine: page.bodyFirstLine, page: Routes.content(page.source),
                                   targets: targets)
            let rendered = photos.render(page.body, pass: pass, watch: build.watch)
            return (page.source.slugPath, rendered, pass.warnings, pass.errors)
        }
        return RenderedPages(html: Dictionary(pages.map { ($0.0, $0.1.html) }, uniquingKeysWith: { first, _ in first }),
                             links: Dictionary(pages.map { ($0.0, $0.1.links) }, uniquingKeysWith: { first, _ in first }),
                             made: pages.map { ($0.1.plainText, $0.1.links) },
                             warnings: WikiTargets.nameClashes(entries: build.published.entries, pages: build.published.pages) + pages.flatMap { $0.2 + $0.1.warnings },
                             errors: pages.flatMap { $0.1.diagnostics + $0.3 })
    }
}

extension SiteData {
    /// Each published free page's HTML, by its slug path.
    var pageHTML: [String: String] { _read { yield self[RenderedPages.self].html } }
    /// Each published free page's own links, by its slug path.
    var pageLinks: [String: [Backlinks.Link]] { _read { yield self[RenderedPages.self].links } }
}

extension PagesKind {
    var derivedData: [any DerivedData.Type] { [RenderedPages.self] }
}
