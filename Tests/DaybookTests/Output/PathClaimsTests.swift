@testable import DaybookSite
import Foundation
import Testing

/// Every output path has exactly one source.
@Suite struct PathClaimsTests {
    static let entry = "---\ndate: 2026-11-20\n---\nHello"
    static let workout = "---\ndate: 2026-11-20\n---\n- Squat: 100kg x 5\n"

    @Test func contentNamedLikeAGeneratedPageIsAnErrorNamingBoth() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": Self.entry,
                                 "content/diary/2026/11.md": Self.entry,
                                 "content/diary/2026.md": Self.entry,
                                 "content/workouts/stats.md": Self.workout,
                                 "content/pages/about.md": "# About",
                                 "content/pages/about/index.html": "<p>asset</p>"])
        defer { site.remove() }
        let messages = site.failingBuild().map(\.description)
        #expect(messages.count == 4)
        for (file, path) in [("content/diary/2026/11.md", "diary/2026/11/index.html"), ("content/diary/2026.md", "diary/2026/index.html"),
                             ("content/workouts/stats.md", "workouts/stats/index.html")] {
            #expect(messages.contains { $0.hasPrefix("\(file):1:1: error: '\(path)' would be written from 2 sources: \(file) and a page Daybook makes") })
        }
        #expect(messages.contains { $0.hasPrefix("content/pages/about.md:1:1: error: 'pages/about/index.html' would be written from 2 sources: content/pages/about.md and content/pages/about/index.html") })
        #expect(site.outputFiles() == [])
    }

    @Test func anAliasOnAGeneratedPageNamesItsFile() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": "---\ndate: 2026-11-20\naliases: [/diary/2026]\n---\nHello"])
        defer { site.remove() }
        let messages = site.failingBuild().map(\.description)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("content/diary/2026/2026-11-20.md:1:1: error: 'diary/2026/index.html' would be written from 2 sources: content/diary/2026/2026-11-20.md and a page Daybook makes") == true)
    }

    @Test func namesDifferingOnlyInNormalizationAreOneNameAndAnError() throws {
        let composed = "\u{D55C}\u{AE00}"  // 한글
        let decomposed = composed.decomposedStringWithCanonicalMapping
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        let site = try TestSite(["content/pages/\(decomposed).md": "# NFD page", "content/diary/2026/2026-11-20.md": Self.entry],
                                onDisk: true)
        defer { site.remove() }
        try site.build()
        let written = site.outputFiles().filter { $0.hasPrefix("pages/") }
        #expect(written.map { Array($0.utf8) } == [Array("pages/\(composed)/index.html".utf8)])

        try site.write("content/pages/\(composed).md", "# NFC page")
        let messages = site.failingBuild().map(\.description)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("have the same name, written once composed (NFC) and once decomposed (NFD)") == true)
    }

    @Test func filesWithOnePageAreNamedBoth() {
        let claims = PathClaims.collisions([
            .init(path: "diary/2026/11/index.html", source: "content/diary/2026/11.md"),
            .init(path: "diary/2026/11/index.html", source: nil),
            .init(path: "pages/a/index.html", source: "content/pages/a.md"),
            .init(path: "pages/a/index.html", source: "content/pages/a/index.html"),
            .init(path: "pages/b", source: "content/pages/b"),
            .init(path: "pages/b/index.html", source: "content/pages/b.md"),
            .init(path: "feed.xml", source: nil),
        ]).map(\.description)
        #expect(claims.count == 3)
        #expect(claims.contains { $0.hasPrefix("content/diary/2026/11.md:1:1: error: 'diary/2026/11/index.html' would be written from 2 sources: content/diary/2026/11.md and a page Daybook makes") })
        #expect(claims.contains { $0.hasPrefix("content/pages/a.md:1:1: error: 'pages/a/index.html' would be written from 2 sources: content/pages/a.md and content/pages/a/index.html") })
        #expect(claims.contains { $0.contains("'pages/b' is written as a file and is also the folder of 'pages/b/index.html'") })
    }

    @Test func pathsDifferingOnlyInCaseAreAnErrorNamingBoth() throws {
        let site = try TestSite(["content/pages/About.md": "# Upper", "content/pages/about.md": "# Lower",
                                 "content/pages/Notes.TXT": "a", "content/pages/notes.txt": "b",
                                 "content/diary/2026/2026-11-20.md": "---\ndate: 2026-11-20\ntags: [Rust]\n---\nHello",
                                 "content/diary/2026/2026-11-21.md": "---\ndate: 2026-11-21\ntags: [rust]\n---\nHello"])
        defer { site.remove() }
        let messages = site.failingBuild().map(\.description)
        #expect(messages.count == 2, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("content/pages/About.md:1:1: error: 'pages/About/index.html' and 'pages/about/index.html' would be one file (differing only in case, they are one name on a case-insensitive disk or host), from 2 sources: content/pages/About.md and content/pages/about.md") })
        #expect(messages.contains { $0.hasPrefix("content/pages/Notes.TXT:1:1: error: 'pages/Notes.TXT' and 'pages/notes.txt' would be one file") })
        #expect(site.outputFiles() == [])
    }

    @Test func tagsDifferingOnlyInCaseShareAPage() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": "---\ndate: 2026-11-20\ntags: [Rust]\n---\nHello",
                                 "content/diary/2026/2026-11-21.md": "---\ndate: 2026-11-21\ntags: [rust]\n---\nHello"])
        defer { site.remove() }
        try site.build()
        #expect(site.outputFiles().filter { $0.hasPrefix("tags/") && $0 != "tags/index.html" } == ["tags/rust/index.html"])
    }

    /// Every path below a file is reported, however many paths share its
    /// folders and in whatever order; letters beyond ASCII fold too.
    @Test func everyPathBelowAFileIsReported() {
        let claims = PathClaims.collisions([
            .init(path: "pages/x/a/index.html", source: nil),
            .init(path: "pages/y/index.html", source: nil),
            .init(path: "pages/x", source: "content/pages/x"),
            .init(path: "pages/x/b/index.html", source: nil),
            .init(path: "pages/Ärger/index.html", source: "content/pages/Ärger.md"),
            .init(path: "pages/ärger/index.html", source: "content/pages/ärger.md"),
        ]).map(\.description)
        #expect(claims.count == 3, "\(claims)")
        #expect(claims.contains { $0.contains("'pages/x' is written as a file and is also the folder of 'pages/x/a/index.html'") })
        #expect(claims.contains { $0.contains("'pages/x' is written as a file and is also the folder of 'pages/x/b/index.html'") })
        #expect(claims.contains { $0.contains("'pages/Ärger/index.html' and 'pages/ärger/index.html' would be one file") })
    }

    @Test func aFileAndAFolderDifferingOnlyInCaseCollide() {
        let claims = PathClaims.collisions([
            .init(path: "pages/Notes", source: "content/pages/Notes"),
            .init(path: "pages/notes/index.html", source: "content/pages/notes.md"),
        ]).map(\.description)
        #expect(claims.count == 1)
        #expect(claims.first?.contains("'pages/Notes' is written as a file and is also the folder of 'pages/notes/index.html' (differing only in case") == true)
    }

    /// Folders of paths in other scripts are compared by their folded letters, as ASCII ones by their bytes.
    @Test func aFileAndAFolderInOtherLettersDifferingOnlyInCaseCollide() {
        let claims = PathClaims.collisions([
            .init(path: "일기/Ärger", source: "content/일기/Ärger"),
            .init(path: "일기/ärger/index.html", source: "content/일기/ärger.md"),
            .init(path: "일기/ärger/b/index.html", source: nil),
        ]).map(\.description)
        #expect(claims.count == 2, "\(claims)")
        #expect(claims.contains { $0.contains("'일기/Ärger' is written as a file and is also the folder of '일기/ärger/index.html' (differing only in case") })
        #expect(claims.contains { $0.contains("'일기/Ärger' is written as a file and is also the folder of '일기/ärger/b/index.html' (differing only in case") })
    }
}
