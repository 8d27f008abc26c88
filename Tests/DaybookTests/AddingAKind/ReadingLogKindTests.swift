@testable import DaybookSite
import Foundation
import Testing

/// A kind of content made entirely here, with no line of `Sources/` for it:
/// a reading log, a book per file below `content/reading/`. It proves the
/// `ContentKind` seam is open: registered beside the built-in kinds, its
/// files are read with located errors, its pages, calendar marks and search
/// records are made, a private book stays out of the output, and `serve`'s
/// rebuilds equal clean builds after random edits of its files.
/// docs/architecture.md walks through it.
extension Section {
    static let reading = Section("reading")
}

extension SearchKind {
    static let reading = SearchKind("reading", rank: 4)
}

@Suite struct ReadingLogKindTests {
    /// A book finished: `content/reading/NAME.md` with `title`, `author`, `finished` and maybe `private: true`.
    struct Book: ContentItem {
        let source: SourceFile
        let audience: Audience
        let title: String
        let author: String
        let finished: LocalDate
    }

    /// The kind, one type: which files and how they are read, then what it
    /// makes of them: its pages, calendar layer and search records, each from
    /// an audience-filtered view.
    struct ReadingLog: ContentKind, ItemsKey {
        typealias Item = Book
        var files: [String] { ["reading"] }

        func load(_ load: ContentLoad) {
            let books = load.markdown(under: "reading").compactMap { file in load.reparsed(file) { Self.parse(file, into: &$0) } }
            load.reportUnread(under: "reading", readsSubfolders: true)
            load.content[ReadingLog.self] = books.sorted { ($0.finished, $0.source.relativePath) < ($1.finished, $1.source.relativePath) }
        }

        static func parse(_ file: SourceFile, into diagnostics: inout Diagnostics) -> Book? {
            guard let (_, fields) = FrontMatterDocument.read(file, known: ["title", "author", "finished", "private", "draft"], into: &diagnostics)
            else { return nil }
            let audience = fields?.audience(drafts: true, into: &diagnostics) ?? Audience()
            let title = fields?["title"]?.string("title", into: &diagnostics) ?? file.baseName
            guard let author = fields?["author"]?.string("author", into: &diagnostics) else {
                diagnostics.error(file.location(line: 1), "a book needs an author", hint: "add 'author: NAME' to its front matter")
                return nil
            }
            guard let finished = fields?["finished"]?.date("finished", into: &diagnostics) else {
                diagnostics.error(file.location(line: 1), "a book needs the day it was finished", hint: "add 'finished: YYYY-MM-DD'")
                return nil
            }
            return Book(source: file, audience: audience, title: title, author: author, finished: finished)
        }

        static func books(_ view: PublishedContent) -> [Book] { view[ReadingLog.self] }
        static func path(_ book: Book) -> SitePath { .folder("reading", book.source.baseName) }

        /// In the navigation once there is a book to show.
        func navigation(_ site: SiteData) -> [NavigationEntry] {
            Self.books(site.published).isEmpty ? [] : [NavigationEntry(section: .reading, path: .folder("reading"), label: "Reading")]
        }

        /// Its own templates (`ReadingLogKindTests.templates`), in a theme folder beside the content.
        func pages(_ site: SiteData) -> [Page] {
            let books = Self.books(site.published)
            // Made of its files alone (and what every page shares): serve keeps them while those are the same.
            let key = site.filesKey(of: ReadingLog())
            let list = Page(.folder("reading"), template: "reading/list", key: key) { context in
                PageViewModel(title: "Reading", section: .reading,
                              page: BookList(books: books.map { BookLink(title: $0.title, href: context.link(Self.path($0))) }))
            }
            return [list] + books.map { book in
                Page(Self.path(book), template: "reading/book", key: key) { _ in
                    PageViewModel(title: book.title, section: .reading,
                                  page: BookView(title: book.title, author: book.author, finished: book.finished.iso))
                }
            }
        }

        func calendarLayers(_ site: SiteData) -> [any CalendarLayer] { [Layer(books: Self.books(site.published), key: site.filesKey(of: ReadingLog()))] }

        /// Public books only, even with --include-private.
        func searchRecords(_ site: PublicSite) -> [SearchPages.Record] {
            Self.books(site.content).map { book in
                SearchPages.Record(title: book.title, url: Self.path(book).filePath, date: book.finished, kind: .reading, tags: [], text: book.author)
            }
        }

        struct Layer: CalendarLayer {
            let books: [Book]
            let key: PageKey
            var days: [LocalDate] { books.map(\.finished) }
            func marks(on date: LocalDate, _ context: PageContext) -> [DayMark] {
                books.filter { $0.finished == date }.map { book in
                    DayMark(cssClass: "mark reading", icon: nil, text: book.title, href: context.link(ReadingLog.path(book)),
                            label: "\(book.title), \(book.author)")
                }
            }
            func combineKey(_ dates: ClosedRange<LocalDate>, into hasher: inout StableHasher) { hasher.combine(key) }
        }
    }

    struct BookList: TemplateData {
        let books: [BookLink]
    }

    struct BookLink: TemplateData {
        let title: String
        let href: String
    }

    struct BookView: TemplateData {
        let title: String
        let author: String
        let finished: String
    }

    /// Its templates, beside the content as a theme's own files (`themes/default/` overrides the built-in theme file by file).
    static let templates = [
        "themes/default/reading/list.mustache":
            "{{<layout}}{{$content}}{{#page}}<h1>Reading</h1><ul>{{#books}}<li><a href=\"{{href}}\">{{title}}</a></li>{{/books}}</ul>{{/page}}{{/content}}{{/layout}}\n",
        "themes/default/reading/book.mustache":
            "{{<layout}}{{$content}}{{#page}}<article class=\"book\"><h1>{{title}}</h1><p>{{author}}, {{finished}}</p></article>{{/page}}{{/content}}{{/layout}}\n",
    ]

    /// The registry with the reading log: one line.
    static let features: [any SiteFeature] = SiteFeatures.all + [ReadingLog()]

    /// Registers the reading log in `site`: its line in the registry and its templates.
    static func register(in site: inout TestSite) throws {
        site.features = features
        for (path, text) in templates { try site.write(path, text) }
    }

    static func book(_ title: String, by author: String, finished: String, private isPrivate: Bool = false) -> String {
        "---\ntitle: \(title)\nauthor: \(author)\nfinished: \(finished)\n" + (isPrivate ? "private: true\n" : "") + "---\nNotes.\n"
    }

    static func site() throws -> TestSite {
        var site = try TestSite([
            "content/site.yml": "title: Books\nbase_url: https://example.org/\n",
            "content/diary/2026/2026-11-20.md": "---\ndate: 2026-11-20\n---\nA day.\n",
            "content/reading/dune.md": book("Dune", by: "Frank Herbert", finished: "2026-11-02"),
            "content/reading/secret.md": book("Quietbook", by: "Hiddenauthor", finished: "2026-11-12", private: true),
        ].merging(templates) { $1 })
        site.features = features
        return site
    }

    @Test func aRegisteredKindHasItsPagesCalendarAndSearch() throws {
        let site = try Self.site()
        try site.build()
        #expect(site.read("reading/index.html")?.contains("Dune") == true)
        #expect(site.read("reading/dune/index.html")?.contains("Frank Herbert, 2026-11-02") == true)
        #expect(site.read("calendar/2026/11/index.html")?.contains("mark reading") == true)
        #expect(site.read("reading/dune/index.html")?.contains("<article class=\"book\">") == true)
        // Its own navigation item, current on its pages, and its own kind in the search filter.
        #expect(site.read("reading/index.html")?.contains("aria-current=\"page\">Reading</a>") == true)
        #expect(site.read("index.html")?.contains(">Reading</a>") == true)
        #expect(site.searchIndex().contains("Frank Herbert"))
        #expect(site.read("search/index.js")?.contains("\"reading\"") == true)
        // Without it in the registry, its folder is a file Daybook does not read.
        var plain = site
        plain.features = SiteFeatures.all
        let warnings = try plain.build().warnings.map(\.message)
        #expect(warnings.contains("'reading' is not part of a Daybook site and is not read"))
    }

    @Test func aPrivateBookIsNowhereInTheOutput() throws {
        let site = try Self.site()
        try site.build()
        #expect(PrivacyPropertyTests.leaks(site, of: ["quietbook", "hiddenauthor", "secret"]) == [])
        try site.build(visibility: Visibility(includePrivate: true))
        #expect(site.read("reading/secret/index.html")?.contains("Hiddenauthor") == true)
        let search = site.outputFiles().filter { $0.hasPrefix("search/") && $0.hasSuffix(".js") }
        #expect(PrivacyPropertyTests.leaks(site, of: ["quietbook", "hiddenauthor"], in: ["feed.xml", "calendar.ics"] + search) == [])
    }

    @Test func itsErrorsAreLocated() throws {
        var site = try Self.site()
        try site.write("content/reading/bad.md", "---\ntitle: No author\nfinished: 2026-11-03\n---\n")
        site.features = Self.features
        let errors = site.failingBuild()
        #expect(errors.map(\.location) == [SourceLocation(path: "content/reading/bad.md", line: 1, column: 1)])
        #expect(errors.map(\.message) == ["a book needs an author"])
    }

    /// `serve` after random edits of the kind's own files (`ContentKind.files`) builds what a clean build does.
    @Test func randomEditsOfItsFilesEndAsACleanBuild() throws {
        let site = try Self.site()
        let memory = ServeMemory()
        try SiteBuilder.build(site.options(), memory: memory)
        let watcher = IncrementalBuildTests.SimulatedWatcher(site, memory)
        var random = SystemRandomNumberGenerator()
        for step in 0..<16 {
            let (said, undo) = try KindEdits.apply(kind: ReadingLog(), in: site, step: step, random: &random)
            #expect(IncrementalBuildTests.compare(site, memory, step: "\(step): \(said)", watcher: watcher))
            if Bool.random(using: &random) {
                try undo()
                #expect(IncrementalBuildTests.compare(site, memory, step: "\(step): undone", watcher: watcher))
            }
        }
    }
}
