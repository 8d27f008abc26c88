import Foundation

/// One file of the output: a path and how to make its bytes. Making is
/// deferred so that all pages render on all cores at once.
public struct Page: Sendable {
    public enum Body: Sendable {
        /// A theme template rendered with the view model the closure makes.
        /// Either may throw a `Diagnostic`: a page that cannot be made fails the build, never goes out empty.
        case template(String, @Sendable (PageContext) throws -> PageViewModel)
        /// Bytes made directly (feeds, the search index, the calendar feed).
        case bytes(@Sendable (PageContext) throws -> [UInt8])
    }

    public let path: SitePath
    public let body: Body
    /// Listed in sitemap.xml (public HTML pages only).
    public let inSitemap: Bool
    /// Roughly how many items the page lists (1 for a plain page). The
    /// costliest pages render first, so that no core is left alone with a
    /// long archive at the end of the build.
    public let cost: Int
    /// What the page is made of, where its feature can say so cheaply
    /// (`PageKey`); nil: the page renders in every build.
    public private(set) var key: PageKey?

    public init(_ path: SitePath, template: String, inSitemap: Bool = true, cost: Int = 1, key: PageKey? = nil,
                _ make: @escaping @Sendable (PageContext) throws -> PageViewModel) {
        self.path = path
        self.body = .template(template, make)
        self.inSitemap = inSitemap
        self.cost = cost
        self.key = key
    }

    public init(file path: SitePath, cost: Int = 1, key: PageKey? = nil, _ make: @escaping @Sendable (PageContext) throws -> [UInt8]) {
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
public struct PageViewModel {
    public var title: String
    /// The page's model, read by the template as `{{#page}}…{{/page}}`:
    /// it answers its template's names by name (`TemplateFields`).
    public var page: any TemplateFields
    /// Which navigation item is current; nil on pages outside the navigation (free pages, 404, redirects).
    public var section: Section?
    /// Extra classes for <body>, e.g. "print-sheet".
    public var bodyClass: String = ""
    /// Override of `<html lang>`, for pages in another language than the site.
    public var lang: String?
    /// What the page shows depends on the day it is built for, so its footer
    /// names that day. An entry or an archive does not: a new day leaves
    /// its bytes as they were (a deploy by rsync copies none of them).
    public var showsToday: Bool

    public init(title: String, section: Section?, page: any TemplateFields, bodyClass: String = "", lang: String? = nil,
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
public struct Section: Hashable, Sendable {
    public let name: String
    public init(_ name: String) { self.name = name }
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
public struct PageContext: Sendable {
    public let path: SitePath
    public let site: SiteData

    public func link(_ target: SitePath, fragment: String? = nil) -> String { path.link(to: target, fragment: fragment) }
    public var root: String { path.rootPrefix }
    /// The same from every page at this depth (`SitePath.linkThroughRoot`).
    public func linkThroughRoot(_ target: SitePath) -> String { path.linkThroughRoot(to: target) }
    public var t: Translation { site.translation }
}
