@testable import DaybookSite
import Foundation
import Testing

/// What made big imports fast (issue 29) keeps what they prove: the check
/// before writing still refuses what a build would, and the byte-wise text
/// helpers read lines and spaces as the Character-wise code they replaced.
@Suite struct ImportSpeedTests {
    static let deck = "---\ntitle: TOEIC\nlanguage: en\nmeaning_language: ko\n---\n## 2026-11-20\n- candid :: 솔직한\n"

    /// The check no longer renders pages: rendering finds no error of its own
    /// (a theme's templates are parsed and their partials found when it loads,
    /// a value a page lacks renders empty, and a page names a template the
    /// built-in theme always has, `Theme.checkRenders`). So `daybook check`,
    /// which an import runs before writing, must refuse every site a build
    /// refuses, with the same errors.
    @Test(arguments: [
        ["themes/mine/pages/vocab-deck.mustache": "{{#page}}\n", "content/vocab/toeic.md": deck],
        ["themes/mine/pages/vocab-deck.mustache": "{{> partials/nope}}\n", "content/vocab/toeic.md": deck],
        ["themes/mine/layout.mustache": "{{/x}}", "content/diary/2026/2026-11-20.md": "x\n"],
        ["content/diary/2026/2026-11-20.md": "![a](nope.jpg)\n"],
        ["content/vocab/toeic.md": deck + "- candid :: 솔직한\n- :: x\n"],
        ["content/diary/2026/2026-11-20.md": "---\nweather: snwo\n---\nx\n"],
    ])
    func checkRefusesWhatTheBuildRefusesWithItsErrors(_ files: [String: String]) throws {
        let site = try TestSite(files.merging(["content/site.yml": "title: T\ntheme: mine\n", "themes/mine/assets/x.css": "x"]) { $1 })
        defer { site.remove() }
        let built = site.failingBuild().map(\.description)
        var checked: [String] = []
        do { _ = try SiteBuilder.check(site.options()) } catch let errors as ContentErrors { checked = errors.diagnostics.map(\.description) }
        #expect(!built.isEmpty)
        #expect(checked == built)
    }

    /// A page naming a template no theme has is the one error rendering
    /// could find; the check finds it by name.
    @Test func aPageTemplateNoThemeHasIsAnError() throws {
        let site = try TestSite()
        defer { site.remove() }
        var diagnostics = Diagnostics()
        let theme = Theme.load(name: "default", themesDirectory: site.root.appendingPathComponent("themes"), io: site.io, into: &diagnostics)
        #expect(throws: Diagnostic.self) { try theme.checkRenders("pages/nowhere") }
        try theme.checkRenders("pages/vocab-deck")
    }

    static let texts = ["", "\n", "a", "a\nb", "a\n", "\na", "a\r\nb\nc", "\r\n", "a\rb\n\n", "한글\n\u{301}x\n", "x\r\n\r\n\ny",
                        "e\u{301}\nf", "\n\n\n", "tail\r"]

    @Test(arguments: texts)
    func linesAreTheLinesOfASplitByCharacters(_ text: String) {
        #expect(text.lineFeedLines().map(String.init) == text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    @Test(arguments: texts + ["  a ", "\t\u{3000}가\u{00A0}\n", " ", "\u{85}x\u{2028}", "a b", "\u{200B}x"])
    func trimmingIsFoundationsTrimming(_ text: String) {
        #expect(text.trimmedWhitespace == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
