import DaybookContent
@testable import DaybookSite
import Foundation
import Testing

@Suite struct SiteBuildTests {
    static let entry = """
    ---
    title: 첫눈
    date: 2026-11-20 21:30
    weather: snow
    tags: [winter, Family Trip]
    ---
    Body with **bold**.
    """

    @Test func buildsEntryArchivesTagsCalendarAndFeeds() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": Self.entry,
                                 "content/site.yml": "title: T\nbase_url: https://example.org/sub\n"])
        defer { site.remove() }
        try site.build()
        for path in ["index.html", "diary/index.html", "diary/2026/index.html", "diary/2026/11/index.html",
                     "diary/2026/2026-11-20/index.html", "tags/index.html", "tags/winter/index.html", "tags/family-trip/index.html",
                     "calendar/2026/11/index.html", "calendar/2026/index.html", "feed.xml", "sitemap.xml", "404.html",
                     "search/index.html", "search/index.js", "assets/style.css"] {
            #expect(site.read(path) != nil, "missing \(path)")
        }
        let page = try #require(site.read("diary/2026/2026-11-20/index.html"))
        #expect(page.contains("<html lang=\"ko\">"))
        #expect(page.contains("2026년 11월 20일 (금)"))
        #expect(page.contains("href=\"../../../tags/winter/index.html\""))
        // On the calendar the icon says the weather and the text the title: a screen reader hears each once,
        // and no title on the link repeats them.
        let month = try #require(site.read("calendar/2026/11/index.html"))
        #expect(month.contains("index.html\"><span class=\"wx wx-snow\" role=\"img\" title=\"눈\"></span><span class=\"mark-text\">첫눈</span>"))
        let feed = try #require(site.read("feed.xml"))
        #expect(feed.contains("<link rel=\"alternate\" type=\"text/html\" href=\"https://example.org/sub/diary/2026/2026-11-20/\"/>"))
        #expect(feed.contains("<updated>2026-11-20T21:30:00+09:00</updated>"))
        #expect(try #require(site.read("sitemap.xml")).contains("<loc>https://example.org/sub/diary/2026/2026-11-20/</loc>"))
    }

    @Test func everyRelativeLinkResolves() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": Self.entry,
                                 "content/diary/2025/2025-01-02.md": "---\ntags: [x]\n---\nOld",
                                 "content/pages/about.md": "# About\nHi"])
        defer { site.remove() }
        try site.build()
        let pattern = try Regex(##"(?:href|src)="([^"#]+)"##)
        var broken: [String] = []
        for file in site.outputFiles() where file.hasSuffix(".html") {
            let html = try #require(site.read(file))
            for match in html.matches(of: pattern) {
                let href = String(match.output[1].substring!)
                if href.hasPrefix("http") || href.hasPrefix("mailto:") { continue }
                #expect(!href.hasPrefix("/"), "absolute link \(href) in \(file)")
                let target = site.output.appendingPathComponent(file).deletingLastPathComponent().appendingPathComponent(href).standardizedFileURL
                if !site.io.exists(target.path) { broken.append("\(file) → \(href)") }
            }
        }
        #expect(broken == [])
    }

    @Test func privateEntriesAppearNowhereUnlessAskedAndNeverInFeeds() throws {
        let secret = "---\ndate: 2026-11-19\nprivate: true\ntags: [secret-tag]\n---\nSECRET-MARKER"
        let site = try TestSite(["content/diary/2026/2026-11-20.md": Self.entry, "content/diary/2026/2026-11-19.md": secret,
                                 "content/diary/2026/2026-11-19-photo.jpg": "SECRET-MARKER-IMAGE"])
        defer { site.remove() }
        try site.build()
        for file in site.outputFiles() {
            #expect(!site.text(file).contains("SECRET"), "private content in \(file)")
            #expect(!file.contains("secret"), "private tag page \(file)")
        }

        try site.build(visibility: Visibility(includePrivate: true))
        #expect(site.read("diary/2026/2026-11-19/index.html")?.contains("SECRET-MARKER") == true)
        for file in ["feed.xml", "sitemap.xml"] {
            #expect(site.read(file)?.contains("SECRET") == false, "private content in \(file)")
        }
        #expect(!site.searchIndex().contains("SECRET"), "private content in the search index")
    }

    @Test func draftsNeedTheFlag() throws {
        let site = try TestSite(["content/diary/2026/2026-11-21.md": "---\ndraft: true\n---\nDRAFT"])
        defer { site.remove() }
        try site.build()
        #expect(site.read("diary/2026/2026-11-21/index.html") == nil)
        try site.build(visibility: Visibility(includeDrafts: true))
        #expect(site.read("diary/2026/2026-11-21/index.html")?.contains("DRAFT") == true)
    }

    @Test func aFailedBuildLeavesThePreviousOutputByteIdentical() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": Self.entry], onDisk: true)
        defer { site.remove() }
        try site.build()
        let before = try snapshot(site)
        try site.write("content/diary/2026/2026-11-21.md", "---\nweather: snwo\n---\nx")
        try site.write("content/site.yml", "titel: typo\n")
        let errors = site.failingBuild()
        #expect(errors.count == 2)
        #expect(try snapshot(site) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.hasPrefix(".public") }
        #expect(leftovers == [])
    }

    private func snapshot(_ site: TestSite) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for file in site.outputFiles() {
            let data = try #require(site.data(file))
            files[file] = data
        }
        return files
    }

    @Test func reportsEveryErrorWithItsPlace() throws {
        let site = try TestSite([
            "content/site.yml": "title: x\nlocale: kr\nweek_starts: monday\n",
            "content/diary/a.md": "---\ntitle: no date here\n---\n",
            "content/diary/2026-11-20.md": "---\nweather: snwo\ntagz: [a]\n---\n",
        ])
        defer { site.remove() }
        let messages = site.failingBuild().map(\.description)
        #expect(messages.contains { $0.hasPrefix("content/site.yml:2:9: error: unknown locale 'kr'") })
        #expect(messages.contains { $0.hasPrefix("content/diary/a.md:1:1: error: diary entry has no date") })
        #expect(messages.contains { $0.hasPrefix("content/diary/2026-11-20.md:2:10: error: unknown weather 'snwo'") && $0.contains("did you mean 'snow'?") })
        #expect(messages.contains { $0.hasPrefix("content/diary/2026-11-20.md:3:1: warning: unknown key 'tagz'") && $0.contains("did you mean 'tags'?") })
    }

    @Test func aThemeFolderOverridesTheBuiltInThemeFileByFile() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": Self.entry,
                                 "themes/default/pages/entry.mustache": "{{#page}}CUSTOM {{title}}{{/page}}"])
        defer { site.remove() }
        try site.build()
        #expect(site.read("diary/2026/2026-11-20/index.html") == "CUSTOM 첫눈")
        #expect(site.read("index.html")?.contains("<!doctype html>") == true)
    }

    /// Items are rendered once and copied into every list, except where
    /// the theme's item reads its page: then each page shows its own.
    @Test func aThemesListItemThatReadsItsPageShowsEachPagesOwnValue() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": Self.entry,
                                 "themes/default/partials/entry-item.mustache": "<li class=\"mine\">{{title}} @ {{heading}}</li>"])
        defer { site.remove() }
        try site.build()
        #expect(site.read("tags/winter/index.html")?.contains("<li class=\"mine\">첫눈 @ #winter</li>") == true)
        #expect(site.read("tags/family-trip/index.html")?.contains("<li class=\"mine\">첫눈 @ #Family Trip</li>") == true)
        #expect(site.read("diary/2026/11/index.html")?.contains("<li class=\"mine\">첫눈 @ 2026") == true)
    }

    @Test func aBrokenTemplateIsAnErrorAtItsLine() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": Self.entry,
                                 "themes/default/pages/entry.mustache": "ok\n{{#page}}{{title}\n",
                                 "themes/default/pages/home.mustache": "{{> partials/nope}}"])
        defer { site.remove() }
        let messages = site.failingBuild().map(\.description)
        #expect(messages.contains { $0.hasPrefix("themes/default/pages/entry.mustache:2:") })
        #expect(messages.contains { $0.hasPrefix("themes/default/pages/home.mustache:1:1: error: template 'partials/nope' not found") })
    }

    @Test func anEmptyContentFolderBuildsAnEmptyValidSite() throws {
        let site = try TestSite()
        defer { site.remove() }
        let summary = try site.build()
        #expect(summary.pages > 3)
        #expect(site.read("index.html")?.contains("</html>") == true)
    }

    @Test func englishLocaleFormatsDates() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": Self.entry, "content/site.yml": "locale: en\n"])
        defer { site.remove() }
        try site.build()
        let page = try #require(site.read("diary/2026/2026-11-20/index.html"))
        #expect(page.contains("<html lang=\"en\">"))
        #expect(page.contains("Fri, 20 November 2026"))
    }
}

@Suite struct FileNameTests {
    @Test func oddFileNamesGetWorkingLinksAndStayInsideTheOutput() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20 첫눈 #1?.md": "---\ntitle: Odd\n---\nx",
                                 "content/diary/2026/2026-11-21.md": "---\ntitle: Next\n---\ny"])
        defer { site.remove() }
        try site.build()
        #expect(site.read("diary/2026/2026-11-20 첫눈 #1?/index.html")?.contains("Odd") == true)
        let next = try #require(site.read("diary/2026/2026-11-21/index.html"))
        #expect(next.contains("href=\"../../../diary/2026/2026-11-20%20첫눈%20%231%3F/index.html\""))
        let outside = try site.rootNames()
        #expect(outside == ["content", "public"])
    }
}
