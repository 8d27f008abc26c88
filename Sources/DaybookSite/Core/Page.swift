import Foundation

/// One file of the output: a path and how to make its bytes. Making is
/// deferred so that all pages render on all cores at once.
struct Page: Sendable {
    enum Body: Sendable {
        /// A theme template rendered with the view model the closure makes.
        /// Either may throw a `Diagnostic`: a page that cannot be made fails the build, never goes out empty.
        case template(String, @Sendable (PageContext) throws -> PageViewModel)
        /// Bytes made directly (feeds, the search index, the calendar feed).
        case bytes(@Sendable (PageContext) throws -> [UInt8])
    }

    let path: SitePath
    let body: Body
    /// Listed in sitemap.xml (public HTML pages only).
    let inSitemap: Bool
    /// Roughly how many items the page lists (1 for a plain page). The
    /// costliest pages render first, so that no core is left alone with a
    /// long archive at the end of the build.
    let cost: Int
    /// What the page is made of, where its feature can say so cheaply
    /// (`PageKey`); nil: the page renders in every build.
    private(set) var key: PageKey?

    init(_ path: SitePath, template: String, inSitemap: Bool = true, cost: Int = 1, key: PageKey? = nil,
                _ make: @escaping @Sendable (PageContext) throws -> PageViewModel) {
        self.path = path
        self.body = .template(template, make)
        self.inSitemap = inSitemap
        self.cost = cost
        self.key = key
    }

    init(file path: SitePath, cost: Int = 1, key: PageKey? = nil, _ make: @escaping @Sendable (PageContext) throws -> [UInt8]) {
        self.path = path
        self.body = .bytes(make)
        self.inSitemap = false
        self.cost = cost
        self.key = key
    }

    /// The page with a key: for a feature whose pages are all made of the same few files.
    func keyed(_ key: PageKey) -> Page {
        var page = self
        page.key = key
        return page
    }
}

/// What a template gets: the page's own model and the layout around it.
struct PageViewModel {
    var title: String
    /// The page's model, read by the template as `{{#page}}…{{/page}}`:
    /// it answers its template's names by name (`TemplateFields`).
    var page: any TemplateFields
    /// Which navigation item is current; nil on pages outside the navigation (free pages, 404, redirects).
    var section: Section?
    /// Extra classes for <body>, e.g. "print-sheet".
    var bodyClass: String = ""
    /// Override of `<html lang>`, for pages in another language than the site.
    var lang: String?
    /// What the page shows depends on the day it is built for, so its footer
    /// names that day. An entry or an archive does not: a new day leaves
    /// its bytes as they were (a deploy by rsync copies none of them).
    var showsToday: Bool

    init(title: String, section: Section?, page: any TemplateFields, bodyClass: String = "", lang: String? = nil,
                showsToday: Bool = true) {
        self.title = title
        self.page = page
        self.section = section
        self.bodyClass = bodyClass
        self.lang = lang
        self.showsToday = showsToday
    }
}

/// The parts of the site the navigation names.
/// A navigation item a page marks as current: each feature declares its own
/// (`Section.diary` in `Diary/DiaryPages.swift`), so a new one edits no list.
struct Section: Hashable, Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

/// Values that are the same on every page at one depth (links to the
/// site's own files), made by the first page at that depth that needs them.
final class ByDepth<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: Value] = [:]

    func value(_ context: PageContext, _ make: () -> Value) -> Value {
        let depth = context.path.depth
        if let kept = lock.withLock({ values[depth] }) { return kept }
        let made = make()
        return lock.withLock {
            if let kept = values[depth] { return kept }
            values[depth] = made
            return made
        }
    }
}

/// The page being made: links relative to it, and the site's shared values.
struct PageContext: Sendable {
    let path: SitePath
    let site: SiteData

    func link(_ target: SitePath, fragment: String? = nil) -> String { path.link(to: target, fragment: fragment) }
    var root: String { path.rootPrefix }
    /// The same from every page at this depth (`SitePath.linkThroughRoot`).
    func linkThroughRoot(_ target: SitePath) -> String { path.linkThroughRoot(to: target) }
    var t: Translation { site.translation }
}
