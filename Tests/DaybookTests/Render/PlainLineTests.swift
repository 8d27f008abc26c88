import Foundation
import PropertyBased
import Testing
@testable import DaybookSite

/// The shortcut that leaves cmark-gfm out for text without Markdown syntax
/// must give exactly what cmark-gfm gives, byte for byte.
@Suite struct PlainLineTests {
    /// Checks every text the shortcut takes; returns how many it took.
    @discardableResult
    static func expectSameAsCmark(_ texts: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Int {
        var taken = 0
        for text in texts where PlainLine.isVerbatim(text) {
            taken += 1
            #expect(Markdown.inlineHTML(text).utf8.elementsEqual(Markdown.cmarkInlineHTML(text).utf8),
                    "inline HTML of \(text.debugDescription)", sourceLocation: sourceLocation)
            #expect(Markdown.plainText(text).utf8.elementsEqual(Markdown.cmarkPlainText(text).utf8),
                    "plain text of \(text.debugDescription)", sourceLocation: sourceLocation)
        }
        return taken
    }

    static func texts(of deck: Deck) -> [String] {
        deck.words.flatMap { [$0.text] + $0.meanings + $0.examples }
    }

    static func deck(_ text: String, name: String) -> Deck? {
        var diagnostics = Diagnostics()
        let file = SourceFile(displayPath: "content/vocab/\(name).md", relativePath: "vocab/\(name).md", text: text)
        return DeckParser.parse(file, settings: SiteConfig.Vocab(), into: &diagnostics)
    }

    @Test func everyWordOfTheSampleDecks() throws {
        let folder = Repository.root.appendingPathComponent("content/vocab")
        var texts: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".md") && name != "reviews.md" {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            texts += Self.deck(text, name: String(name.dropLast(3))).map(Self.texts) ?? []
        }
        #expect(texts.count > 50)
        #expect(Self.expectSameAsCmark(texts) > texts.count / 2)
    }

    /// The benchmark's deck: 4,000 words from `scripts/gen-anki-deck`, imported as `daybook import anki` does.
    @Test func everyWordOfTheGeneratedAnkiDeck() throws {
        let notes = FileManager.default.temporaryDirectory.appendingPathComponent("plain-line-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: notes) }
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", Repository.root.appendingPathComponent("scripts/gen-anki-deck").path, notes.path, "--words", "4000"]
        try python.run()
        python.waitUntilExit()
        try #require(python.terminationStatus == 0)
        let reading = AnkiImport.read(SourceFile(displayPath: "notes.txt", relativePath: "notes.txt",
                                                 text: try String(contentsOf: notes, encoding: .utf8)))
        let deckText = AnkiImport.newDeck(title: "jlpt", language: "ja", date: LocalDate(iso: "2026-11-22")!,
                                          words: AnkiImport.merged(reading.notes).notes)
        let texts = try #require(Self.deck(deckText, name: "jlpt")).words.flatMap { [$0.text] + $0.meanings + $0.examples }
        #expect(texts.count > 8000)
        #expect(Self.expectSameAsCmark(texts) > texts.count / 2)
    }

    /// Every example of cmark-gfm's own suites, whole and line by line.
    @Test func everyConformanceInputItTakes() throws {
        var texts: [String] = []
        for name in ["spec", "extensions", "smart_punct", "regression"] {
            for example in try ConformanceExample.load(name) {
                texts.append(example.markdown)
                texts += example.markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
        }
        #expect(Self.expectSameAsCmark(texts) > 100)
    }

    @Test func refusesWhatMarkdownWouldChange() {
        for text in ["a...b", "a--b", "[a](b)", "see www.example.org", "a *b*", "a_b_", "AT&T", "a: b", "x@y.org", "a\nb",
                     "a ", "1. a", "- a", "# a", "\u{FEFF}a", "a\u{00A0}", "a\u{3000}", "\"a\"", "it's", "a  \u{2028}b", "`a`", "a|b"] {
            #expect(!PlainLine.isVerbatim(text), "\(text.debugDescription)")
        }
        for text in ["_a", "a_", "a__b", "a_ b", "a _b", "한_a", "a_한", "a_.b", "a_*b*", "__init__"] {
            #expect(!PlainLine.isVerbatim(text), "\(text.debugDescription)")
        }
        for text in ["", "意番[いばん]", "곳 만듦적; 만듦이다", "図書館で本を借りた。(도서관에서 빌렸다.)", "to look forward to", "e-mail, 1.5 km/h",
                     "word7_0", "snake_case_name", "A_1 b_2"] {
            #expect(PlainLine.isVerbatim(text), "\(text.debugDescription)")
        }
    }

    /// `_` inside a word (`word7_0`, as in the benchmark's decks) is taken, and stays literal as cmark-gfm keeps it.
    @Test func underscoresInsideWords() {
        let texts = ["word7_0", "snake_case_name", "A_1 b_2", "x_y_z and a_b", "v1_000", "foo_bar.", "a_b, c_d; e_f!"]
        #expect(Self.expectSameAsCmark(texts) == texts.count)
    }

    @Test func randomLinesOfMarkdownCharacters() async {
        let characters = Array("ab wW.-[]()!*_`~<>&\"':@#|\\^1+=,;?/가漢\u{00A0}\u{3000}\u{2026}\u{FEFF}\u{0085}\t\n")
        let line = Gen<Character?>.element(of: characters).map { $0 ?? "a" }.string(of: 0...14)
        await propertyCheck(count: 3000, input: line) { text in
            Self.expectSameAsCmark([text])
        }
    }
}
