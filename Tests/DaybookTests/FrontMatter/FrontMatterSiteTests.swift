@testable import DaybookSite
import Testing

/// A site of notes from Hugo, Jekyll and Obsidian builds, and what their front matter adds shows.
@Suite struct FrontMatterSiteTests {
    @Test func mixedNotesBuildWithAliasesAndParams() throws {
        let site = try TestSite([
            "content/diary/2025-08-29-사이트-시작.md": "---\nlayout: post\ntitle: Jekyll\ndate: 2025-08-29 10:00:00 +0900\naliases: [/2025/08/29/old/]\ncomments: true\n---\nJ\n",
            "content/diary/hugo.md": "+++\ntitle = \"Hugo\"\ndate = 2016-08-23T22:35:57-04:00\ntoc = true\n+++\nH\n",
            "content/diary/Daily/2024-01-01.md": "Obsidian daily note\n",
            "content/diary/2024-01-02.md": "---\nprivate: true\naliases: [/secret-alias/]\n---\nsecret\n",
            "content/pages/about.md": "{\n  \"title\": \"About\",\n  \"aliases\": [\"/about-me/\"]\n}\nabout\n",
            "themes/default/pages/page.mustache": "{{#page}}{{title}} AUTHOR={{params.author}}{{/page}}",
            "content/pages/who.md": "---\ntitle: Who\nauthor: Kim\n---\n",
        ])
        defer { site.remove() }
        try site.build()
        let files = site.outputFiles()
        #expect(files.contains("diary/2025-08-29-사이트-시작/index.html"))
        #expect(files.contains("diary/hugo/index.html"))
        #expect(files.contains("diary/Daily/2024-01-01/index.html"))
        let redirect = try #require(site.read("2025/08/29/old/index.html"))
        #expect(redirect.contains("url=../../../../diary/2025-08-29-사이트-시작/index.html"))
        #expect(redirect.contains("noindex"))
        #expect(site.read("about-me/index.html")?.contains("../pages/about/index.html") == true)
        #expect(!files.contains("secret-alias/index.html"))
        #expect(site.read("pages/who/index.html")?.contains("AUTHOR=Kim") == true)
    }

    /// What docs/writing.md promises an entry's template: other tools' keys as
    /// `params`, `lastmod` as written, Dataview's fields; a key the entry lacks is empty.
    @Test func anEntryTemplateReadsParamsLastmodAndFields() throws {
        let site = try TestSite([
            "content/diary/2026-01-02.md": "---\nsummary: Snowed all day\ncssclasses: [wide, snow]\nlastmod: 2026-01-05\n---\nsleep:: 7h\n",
            "themes/default/pages/entry.mustache":
                "{{#page}}S={{params.summary}};C={{#params.cssclasses}}{{.}},{{/params.cssclasses}};M={{params.missing}};L={{lastmod}};F={{#fields}}{{key}}={{value}}{{/fields}}{{/page}}",
        ])
        defer { site.remove() }
        try site.build()
        #expect(site.read("diary/2026-01-02/index.html") == "S=Snowed all day;C=wide,snow,;M=;L=2026-01-05;F=sleep=7h")
    }
}

@Suite struct ObsidianSiteTests {
    @Test func linksBetweenDaysResolveAndPrivateDaysStayHidden() throws {
        let site = try TestSite([
            "content/diary/Daily/2024-01-01.md": "> [!note] New year\n> Cold.\n\nNext: [[2024-01-02]], secret: [[2024-01-03]], [[About]] #walk\n\nsleep:: 7h\n",
            "content/diary/Daily/2024-01-02.md": "Back to [[2024-01-01|yesterday]].\n",
            "content/diary/Daily/2024-01-03.md": "---\nprivate: true\n---\nSECRET #hidden\n",
            "content/pages/about.md": "# About\n\nSee [[2024-01-01]].\n",
        ])
        defer { site.remove() }
        let summary = try site.build()
        let first = try #require(site.read("diary/Daily/2024-01-01/index.html"))
        #expect(first.contains("<a href=\"../2024-01-02/index.html\">2024-01-02</a>"))
        #expect(first.contains("<a href=\"../../../pages/about/index.html\">About</a>"))
        #expect(first.contains("secret: <span class=\"unresolved-link\">2024-01-03</span>,"))
        #expect(first.contains("<aside class=\"callout callout-note\">"))
        #expect(first.contains("<dt>sleep</dt><dd>7h</dd>"))
        #expect(site.read("tags/walk/index.html")?.contains("2024-01-01") == true)
        #expect(site.read("diary/Daily/2024-01-02/index.html")?.contains("href=\"../2024-01-01/index.html\">yesterday</a>") == true)
        #expect(site.read("pages/about/index.html")?.contains("href=\"../../diary/Daily/2024-01-01/index.html\"") == true)
        #expect(site.read("tags/hidden/index.html") == nil)
        #expect(!site.outputFiles().contains { site.read($0)?.contains("SECRET") == true })
        #expect(summary.warnings.map(\.description).contains {
            $0.hasPrefix("content/diary/Daily/2024-01-01.md:4:") && $0.contains("no entry or page '2024-01-03'")
        })
    }
}
