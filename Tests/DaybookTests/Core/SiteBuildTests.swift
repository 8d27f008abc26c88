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
        // The check reads the search index's texts inflated, so it can fail.
        #expect(site.text("search/docs/0.js").contains("Body with bold"))
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

    /// A year or tag of more than `fullItemLimit` entries lists each as a line
    /// under its month, so it stays light on a phone; shorter lists and
    /// every month page show full items.
    @Test func longListsShowLinesUnderTheirMonths() throws {
        var files = ["content/diary/2025/2025-03-01.md": "---\ntitle: Old\nweather: rain\ntags: [long]\n---\nx"]
        let days = (8...11).flatMap { month in (1...28).map { String(format: "2026-%02d-%02d", month, $0) } }.prefix(DiaryKind.fullItemLimit + 1)
        for day in days { files["content/diary/2026/\(day).md"] = "---\ntitle: Day \(day)\nweather: snow\ntags: [long]\n---\nx" }
        let site = try TestSite(files)
        defer { site.remove() }
        try site.build()
        let year = try #require(site.read("diary/2026/index.html"))
        #expect(!year.contains("entry-item"))
        #expect(year.contains("<h2><a href=\"11/index.html\">2026년 11월</a> <span class=\"count\">(17)</span></h2>"))
        #expect(year.contains("<li><time datetime=\"2026-11-16\">11월 16일</time> <a href=\"2026-11-16/index.html\">Day 2026-11-16</a></li>"))
        #expect(year.components(separatedBy: "<li><time").count - 1 == DiaryKind.fullItemLimit + 1)
        let tag = try #require(site.read("tags/long/index.html"))
        #expect(tag.contains("<h2><a href=\"../../diary/2025/03/index.html\">2025년 3월</a> <span class=\"count\">(1)</span></h2>"))
        #expect(tag.contains("<a href=\"../../diary/2026/2026-08-01/index.html\">Day 2026-08-01</a></li>"))
        #expect(!tag.contains("entry-item"))
        // A year of one entry and a month show full items, with the weather.
        for page in ["diary/2025/index.html", "diary/2026/11/index.html"] {
            #expect(try #require(site.read(page)).contains("<li class=\"entry-item\">"), "\(page)")
            #expect(try #require(site.read(page)).contains("class=\"wx wx-"), "\(page)")
        }
    }

    /// Only a page that depends on the day names it: a new day rewrites no
    /// entry or archive, so a deploy by rsync copies none of them.
    @Test func aNewDayChangesNoEntryOrArchivePage() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": Self.entry])
        defer { site.remove() }
        let pages = ["diary/2026/2026-11-20/index.html", "diary/index.html", "diary/2026/index.html", "diary/2026/11/index.html",
                     "tags/index.html", "tags/winter/index.html"]
        try site.build(today: "2026-11-23")
        let before = pages.map { site.read($0) }
        #expect(before.allSatisfy { $0?.contains("class=\"built\"") == false })
        #expect(site.read("index.html")?.contains("<p class=\"built\">기준일 <time datetime=\"2026-11-23\">") == true)
        try site.build(today: "2026-11-24")
        #expect(pages.map { site.read($0) } == before)
        #expect(site.read("index.html")?.contains("<p class=\"built\">기준일 <time datetime=\"2026-11-24\">") == true)
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
        #expect(next.contains("href=\"../2026-11-20%20첫눈%20%231%3F/index.html\""))
        let outside = try site.rootNames()
        #expect(outside == ["content", "public"])
        // In the cache beside them, only the build's record of its pages (`PageRecord`).
        #expect(try site.io.list(site.root.appendingPathComponent(".daybook-cache").path).count == 1)
        #expect(try site.io.list(site.root.appendingPathComponent(".daybook-cache").path).map(\.name).allSatisfy { $0.hasPrefix("pages-") })
    }
}
