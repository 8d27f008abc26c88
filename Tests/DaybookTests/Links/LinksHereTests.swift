@testable import DaybookSite
import Foundation
import Testing

/// What links here on a built site: entries and pages list the public pages
/// linking to them (`[[links]]` and relative Markdown links alike) with the
/// sentence around each link, cycles both ways, never a page itself, never a
/// private or draft page; and each page carries the previews of the pages it links to.
@Suite struct LinksHereTests {
    static let files = [
        "content/site.yml": "title: Links\nlocale: en\n",
        "content/diary/2026/2026-11-01.md": "---\ntitle: Frost\n---\nThe frost came early. I wrote about it again in [[Thaw]]. Here I am: [[Frost]].\n",
        "content/diary/2026/2026-11-02.md": "---\ntitle: Thaw\n---\nAfter [[Frost]] the thaw. Also [the garden](../../../pages/garden/) and [a site](https://example.org/).\n",
        "content/diary/2026/2026-11-03.md": "---\ntitle: Secretmark\nprivate: true\n---\nA secretmark note on [[Thaw]] and [[Frost]].\n",
        "content/diary/2026/2026-11-04.md": "---\ntitle: Draftmark\ndraft: true\n---\nA draftmark note on [[Frost]].\n",
        "content/pages/garden.md": "---\ntitle: Garden\n---\nThe garden remembers [the frost](../../diary/2026/2026-11-01/index.html#top).\n",
    ]

    /// The "Linked from" section of a page, empty when it has none.
    static func section(_ html: String) -> String {
        guard let start = html.range(of: "<section class=\"linked-from\"") else { return "" }
        return String(html[start.lowerBound..<html[start.upperBound...].range(of: "</section>")!.upperBound])
    }

    @Test func entriesAndPagesListThePublicPagesLinkingToThem() throws {
        let site = try TestSite(Self.files)
        try site.build()
        let frost = Self.section(site.text("diary/2026/2026-11-01/index.html"))
        let thaw = Self.section(site.text("diary/2026/2026-11-02/index.html"))
        let garden = Self.section(site.text("pages/garden/index.html"))
        // A cycle: each lists the other, with the sentence of its link.
        #expect(frost.contains("<a href=\"../2026-11-02/index.html\">Thaw</a>") && frost.contains("<q>After Frost the thaw.</q>"))
        #expect(thaw.contains("<a href=\"../2026-11-01/index.html\">Frost</a>") && thaw.contains("<q>I wrote about it again in Thaw.</q>"))
        #expect(frost.contains("datetime=\"2026-11-02\""))
        // Markdown links count both ways, between entries and free pages, from and under sub-folders.
        #expect(frost.contains("<a href=\"../../../pages/garden/index.html\">Garden</a>") && frost.contains("The garden remembers the frost."))
        #expect(garden.contains("<a href=\"../../diary/2026/2026-11-02/index.html\">Thaw</a>"))
        // Never itself, never a private or draft page.
        #expect(!frost.contains("2026-11-01/index.html") && !frost.contains("Here I am"))
        #expect(Self.section(site.text("diary/2026/2026-11-02/index.html")).contains("Linked from"))
        #expect(PrivacyPropertyTests.leaks(site, of: ["secretmark", "draftmark"]) == [])
        // A page no one links to has no section.
        try site.write("content/diary/2026/2026-11-05.md", "---\ntitle: Alone\n---\nNo links.\n")
        try site.build()
        #expect(Self.section(site.text("diary/2026/2026-11-05/index.html")).isEmpty)
    }

    @Test func aPrivateLinkerIsNotListedEvenWithItsPageBuilt() throws {
        let site = try TestSite(Self.files)
        try site.build(visibility: Visibility(includePrivate: true, includeDrafts: true))
        #expect(site.outputHas("diary/2026/2026-11-03/index.html"))
        let thaw = Self.section(site.text("diary/2026/2026-11-02/index.html"))
        #expect(thaw.contains("Frost") && !thaw.contains("Secretmark"))
        // A draft shown with --drafts is a page of that build like any other.
        #expect(Self.section(site.text("diary/2026/2026-11-01/index.html")).contains("Draftmark"))
    }

    @Test func eachPageCarriesThePreviewsOfThePagesItLinksTo() throws {
        let site = try TestSite(Self.files)
        try site.build()
        let frost = site.text("diary/2026/2026-11-01/index.html")
        #expect(frost.contains("<template class=\"link-preview\" data-href=\"../2026-11-02/index.html\"><strong>Thaw</strong><span>After Frost the thaw."))
        // Not of itself, once per page, and none of a page the build leaves out.
        #expect(frost.components(separatedBy: "class=\"link-preview\"").count == 2)
        let thaw = site.text("diary/2026/2026-11-02/index.html")
        #expect(thaw.contains("data-href=\"../../../pages/garden/index.html\"><strong>Garden</strong>"))
        #expect(!thaw.contains("example.org/\"><strong>"))
        let garden = site.text("pages/garden/index.html")
        #expect(garden.contains("data-href=\"../../diary/2026/2026-11-01/index.html\"><strong>Frost</strong>"))
        let publicOnly = try TestSite(Self.files.merging(["content/diary/2026/2026-11-06.md": "Off to [that day](../2026-11-03/) and [[Secretmark]].\n"]) { $1 })
        try publicOnly.build()
        #expect(!publicOnly.text("diary/2026/2026-11-06/index.html").contains("link-preview"))
    }

    /// `[[word]]` leads to a word of a deck when no entry or page has that name, and the word lists what links to it.
    @Test func aWordListsTheEntriesLinkingToIt() throws {
        let site = try TestSite(Self.files.merging([
            "content/vocab/toeic.md": "---\ntitle: TOEIC\nlanguage: en\nmeaning_language: ko\n---\n## 2026-11-01\n- abandon :: 버리다\n- Frost :: 서리\n",
            "content/diary/2026/2026-11-05.md": "---\ntitle: Walk\n---\nWe had to [[Abandon]] the walk. The [[Frost]] again.\n",
        ]) { $1 })
        try site.build()
        let walk = site.text("diary/2026/2026-11-05/index.html")
        #expect(walk.contains("<a href=\"../../../vocab/toeic/index.html#w-abandon\">Abandon</a>"))
        // An entry's name comes before a word's.
        #expect(walk.contains("<a href=\"../2026-11-01/index.html\">Frost</a>"))
        #expect(walk.contains("data-href=\"../../../vocab/toeic/index.html#w-abandon\"><strong>abandon</strong><span>버리다</span>"))
        let deck = site.text("vocab/toeic/index.html")
        // Each word's row of the list, by its id.
        let rows = deck.components(separatedBy: "<li class=\"word ")
        let abandon = rows.first { $0.contains("id=\"w-abandon\"") } ?? "", frost = rows.first { $0.contains("id=\"w-frost\"") } ?? ""
        #expect(abandon.contains("<a href=\"../../diary/2026/2026-11-05/index.html\">Walk</a> <q>We had to Abandon the walk.</q>"))
        #expect(!frost.isEmpty && !frost.contains("Walk"))
    }
}
