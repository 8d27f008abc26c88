@testable import DaybookSite
import Foundation
import Testing

/// A build with any error writes nothing (SPEC: `public/` byte-identical),
/// however the error arrives: among warnings, from a write while pages
/// render, from a template a page names.
@Suite struct FailedBuildTests {
    static let entry = "---\nweather: sunny\n---\nA day.\n"

    /// Every file below `public/` with its bytes.
    func snapshot(_ site: TestSite) -> [String: Data] {
        Dictionary(uniqueKeysWithValues: site.outputFiles().map { ($0, site.data($0) ?? Data()) })
    }

    @Test func anErrorAfterWarningsStillFailsTheRun() {
        var diagnostics = Diagnostics()
        diagnostics.warning(SourceLocation(path: "content/a.md"), "first a warning")
        #expect(!diagnostics.hasErrors)
        diagnostics.warning(SourceLocation(path: "content/b.md"), "another")
        diagnostics.error(SourceLocation(path: "content/c.md"), "then an error")
        #expect(diagnostics.hasErrors)
        #expect(diagnostics.errors.map(\.message) == ["then an error"])
    }

    /// A file the content loader warns of, then a template error found when the theme loads.
    @Test func aBuildWithWarningsAndOneErrorWritesNothing() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": Self.entry])
        try site.build()
        let before = snapshot(site)
        try site.write("content/vocab/notes.txt", "not a deck")
        try site.write("themes/default/pages/home.mustache", "{{#page}}\n")
        let messages = site.failingBuild().map(\.description)
        #expect(messages.contains { $0.hasPrefix("themes/default/pages/home.mustache:1:1: error: ") }, "\(messages)")
        #expect(snapshot(site) == before)
    }

    /// The disk refuses one page (full, read-only): the build fails naming
    /// it, and neither a first build nor a later one leaves a site without it.
    @Test func aPageTheDiskRefusesFailsTheBuild() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": Self.entry, "content/diary/2026/2026-11-21.md": Self.entry])
        var options = site.options()
        let write = options.io.write
        options.io.write = { path, bytes throws(FileIOError) in
            if path.hasSuffix("diary/2026/2026-11-21/index.html") { throw FileIOError(path: path, reason: "No space left on device") }
            try write(path, bytes)
        }
        #expect { try SiteBuilder.build(options) } throws: { "\($0)".contains("No space left on device") }
        #expect(!site.outputHas(""), "a first build that failed leaves no output folder")
        #expect(try site.rootNames() == ["content"])

        try site.build()
        let before = snapshot(site)
        try site.write("content/diary/2026/2026-11-21.md", "---\nweather: rain\n---\nAnother day.\n")
        #expect { try SiteBuilder.build(options) } throws: { "\($0)".contains("No space left on device") }
        #expect(snapshot(site) == before)
        #expect(try site.rootNames() == ["content", "public"])
    }

    /// A page naming a template the theme lacks is an error at the template,
    /// reported like every content error (`path:line:column: error:`), alone or with others.
    @Test func aTemplateAPageNamesAndTheThemeLacksIsAContentError() throws {
        var site = try TestSite(["content/diary/2026/2026-11-20.md": Self.entry])
        try site.build()
        let before = snapshot(site)
        site.features = SiteFeatures.all + [PagesOfNoTemplate(count: 1)]
        let one = site.failingBuild().map(\.description)
        #expect(one == ["themes/default/nowhere.mustache:1:1: error: template 'nowhere' not found\n    hint: the theme must provide nowhere.mustache"])
        site.features = SiteFeatures.all + [PagesOfNoTemplate(count: 3)]
        #expect(site.failingBuild().count == 1, "the same missing template, once")
        #expect(snapshot(site) == before)
    }

    /// A kind whose pages name a template no theme has.
    struct PagesOfNoTemplate: SiteFeature {
        let count: Int
        func pages(_ site: SiteData) -> [Page] {
            (0..<count).map { index in
                Page(.folder("nowhere", "\(index)"), template: "nowhere") { _ in
                    PageViewModel(title: "Nowhere", section: nil,
                                  page: ReadingLogKindTests.BookView(title: "Nowhere", author: "Nobody", finished: "2026-11-20"))
                }
            }
        }
    }
}
