@testable import DaybookSite
import Foundation
import Testing

/// The checklist of docs/architecture.md, proven: `BooksKind.swift` beside
/// this file is what `scripts/new-kind books` writes (test_new_kind.py keeps
/// them the same), registered with one line, with no template, translation
/// or other file of its own. Daybook gives it its list and item pages, a
/// navigation item, calendar marks, search records, a count on the year's
/// page, located errors, and keeps its private items out.
@Suite struct BooksKindTests {
    /// The registry with the new kind, as `scripts/new-kind` adds it.
    static let features: [any SiteFeature] = SiteFeatures.all + [BooksKind()]

    static func site() throws -> TestSite {
        var site = try TestSite([
            "content/site.yml": "title: Books\nlocale: en\nbase_url: https://example.org/\n",
            "content/diary/2026/2026-11-20.md": "---\ndate: 2026-11-20\n---\nA day.\n",
            "content/books/dune.md": "---\ntitle: Dune\ndate: 2026-11-02\n---\nA *desert* planet.\n",
            "content/books/2025/emma.md": "---\ntitle: Emma\ndate: 2025-03-09\n---\nMatchmaking.\n",
            "content/books/secret.md": "---\ntitle: Quietbook\ndate: 2026-11-12\nprivate: true\n---\nHiddenwords.\n",
        ])
        site.features = features
        return site
    }

    @Test func aNewKindHasItsPagesNavigationCalendarSearchAndYearCount() throws {
        let site = try Self.site()
        try site.build()
        let list = try #require(site.read("books/index.html"))
        #expect(list.contains("href=\"dune/index.html\">Dune</a>") && list.contains("href=\"2025/emma/index.html\">Emma</a>"))
        #expect(list.firstRange(of: "Dune")!.lowerBound < list.firstRange(of: "Emma")!.lowerBound, "newest first")
        #expect(list.contains("aria-current=\"page\">Books</a>"), "its navigation item, named after its folder, current on its list")
        #expect(site.read("index.html")?.contains(">Books</a>") == true)
        let page = try #require(site.read("books/dune/index.html"))
        #expect(page.contains("<h1>Dune</h1>") && page.contains("<em>desert</em>") && page.contains("datetime=\"2026-11-02\""))
        #expect(page.contains("href=\"../index.html\">Books</a>"), "a way back to the list")
        #expect(site.read("calendar/2026/11/index.html")?.contains("mark books") == true)
        #expect(site.searchIndex().contains("desert"))
        #expect(site.read("search/index.html")?.contains("<option value=\"books\">Books</option>") == true)
        let year = try #require(site.read("year/2026/index.html"))
        #expect(year.contains("<span class=\"figure-label\">Books</span> <strong class=\"figure-value\">1</strong>"))
        #expect(site.read("year/2025/index.html")?.contains("<span class=\"figure-label\">Books</span>") == true,
                "a year with only a book has its page")
    }

    @Test func itsPrivateItemsStayOut() throws {
        let site = try Self.site()
        try site.build()
        #expect(PrivacyPropertyTests.leaks(site, of: ["quietbook", "hiddenwords", "secret"]) == [])
        try site.build(visibility: Visibility(includePrivate: true))
        #expect(site.read("books/secret/index.html")?.contains("Hiddenwords") == true)
        let search = site.outputFiles().filter { $0.hasPrefix("search/") && $0.hasSuffix(".js") }
        #expect(PrivacyPropertyTests.leaks(site, of: ["quietbook", "hiddenwords"], in: ["feed.xml", "calendar.ics", "sitemap.xml"] + search) == [])
        // Counted on the year page from public items alone, even with --include-private.
        #expect(site.read("year/2026/index.html")?.contains("<span class=\"figure-label\">Books</span> <strong class=\"figure-value\">1</strong>") == true)
        #expect(site.read("calendar/2026/11/index.html")?.contains("Quietbook") == false)
    }

    @Test func itsErrorsAreLocated() throws {
        var site = try Self.site()
        try site.write("content/books/bad.md", "---\ntitle: Bad\ndate: someday\n---\n")
        site.features = Self.features
        let errors = site.failingBuild()
        #expect(errors.map(\.location.path) == ["content/books/bad.md"])
        #expect(errors.map(\.location.line) == [3])
        // Without its line in the registry, its folder is a folder Daybook does not read.
        var plain = try Self.site()
        plain.features = SiteFeatures.all
        #expect(try plain.build().warnings.map(\.message).contains("'books' is not part of a Daybook site and is not read"))
    }

    /// A key one translation has and another lacks is shown from the one
    /// that has it, with a warning at the file that lacks it.
    @Test func aKeyMissingInOneLanguageFallsBackWithAWarning() throws {
        func parse(_ name: String, _ text: String, into diagnostics: inout Diagnostics) throws -> Translation {
            let file = SourceFile(displayPath: "themes/mine/i18n/\(name).yml", relativePath: "i18n/\(name).yml", text: text)
            return try #require(Translation.parse(file, into: &diagnostics))
        }
        let lists = "months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]\nweekdays: [1, 2, 3, 4, 5, 6, 7]\nweekdays_short: [1, 2, 3, 4, 5, 6, 7]\n"
        var diagnostics = Diagnostics()
        let english = try parse("en", lists + "nav_books: Books read\nhome: Home\n", into: &diagnostics)
        let korean = try parse("ko", lists + "home: 홈\n", into: &diagnostics)
        let filled = Translation.fillingGaps(["en": english, "ko": korean], paths: ["en": "themes/mine/i18n/en.yml", "ko": "themes/mine/i18n/ko.yml"],
                                             into: &diagnostics)
        #expect(filled["ko"]?["nav_books"] == "Books read")
        #expect(filled["ko"]?["home"] == "홈")
        #expect(diagnostics.items.map(\.location.path) == ["themes/mine/i18n/ko.yml"])
        #expect(diagnostics.items.map(\.message) == ["'nav_books' missing; shown as in en.yml"])
        #expect(diagnostics.hasErrors == false)
    }
}
