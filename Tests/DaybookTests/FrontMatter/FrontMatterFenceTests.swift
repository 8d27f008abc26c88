@testable import DaybookSite
import Testing

/// A file that was meant to have front matter never becomes body text.
@Suite struct FrontMatterFenceTests {
    func parse(_ text: String) -> (DiaryEntry?, [String]) {
        var diagnostics = Diagnostics()
        let file = SourceFile(displayPath: "content/diary/2026-11-20.md", relativePath: "diary/2026-11-20.md", text: text)
        let entry = DiaryParser.parse(file, into: &diagnostics)
        return (entry, diagnostics.errors.map(\.description))
    }

    @Test(arguments: [
        ("\n---\nprivate: true\n---\nsecret\n", 2, "must start on the first line"),
        ("\n\n  \n---\nprivate: true\n---\nsecret\n", 4, "must start on the first line"),
        ("private: true\ntitle: x\n---\nsecret\n", 1, "no opening '---'"),
        ("private: true\n\nsecret\n", 1, "no opening '---'"),
        ("—-\nprivate: true\n—-\nsecret\n", 1, "exactly '---'"),
        ("—\nprivate: true\n—\nsecret\n", 1, "exactly '---'"),
        ("----\nprivate: true\n----\nsecret\n", 1, "exactly '---'"),
        ("--- # note\nprivate: true\n---\nsecret\n", 1, "exactly '---'"),
        ("---\u{00A0}\nprivate: true\n---\nsecret\n", 1, "exactly '---'"),
        ("\u{200B}---\nprivate: true\n---\nsecret\n", 1, "exactly '---'"),
        ("  ---\nprivate: true\n---\nsecret\n", 1, "exactly '---'"),
        ("---\nprivate: true\n—-\nsecret\n", 3, "closing fence must be exactly '---'"),
        ("---\nprivate: true\n--- # end\nsecret\n", 3, "closing fence must be exactly '---'"),
        ("---\nprivate: true\n\u{200B}---\nsecret\n", 3, "closing fence must be exactly '---'"),
        ("---\nprivate: true\n\nsecret diary text\n", 1, "never closed"),
        ("+++\nprivate = true\n\nsecret\n", 1, "never closed"),
        ("{\"private\": true,\n\nsecret\n", 1, "never closed"),
    ] as [(String, Int, String)])
    func anUnreadableFenceIsAnErrorAtItsLine(text: String, line: Int, message: String) {
        let (entry, errors) = parse(text)
        #expect(entry == nil)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix("content/diary/2026-11-20.md:\(line):") == true, "\(errors)")
        #expect(errors.first?.contains(message) == true, "\(errors)")
    }

    /// Front matter hidden behind something the fence scan does not know still says `private`.
    @Test(arguments: [
        ("ーーー\ntitle: s\nprivate: true\nーーー\nsecret\n", 3),
        ("＋＋＋\ntitle = \"s\"\nprivate = true\n＋＋＋\nsecret\n", 3),
        ("- - -\ntitle: s\nprivate: true\n- - -\nsecret\n", 3),
        ("<!-- x -->\n---\ndate: 2026-11-20\nprivate: true\n---\nsecret\n", 4),
        ("title = \"s\"\n  Private = TRUE\n+++\nsecret\n", 2),
        ("\n{\n\"title\": \"s\",\n\"private\": true\n}\nsecret\n", 4),
        ("# Notes\n\ndraft: yes\n", 3),
    ] as [(String, Int)])
    func privateLinesOfAFileWithoutFrontMatterAreAnError(text: String, line: Int) {
        let (entry, errors) = parse(text)
        #expect(entry == nil)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix("content/diary/2026-11-20.md:\(line):") == true, "\(errors)")
        #expect(errors.first?.contains("looks like front matter, but the file has none that Daybook can read") == true, "\(errors)")
    }

    @Test(arguments: ["Private", "PRIVATE", "privat", "privte", "Draft", "drafts"])
    func aNearMissOfAHidingKeyIsAnError(key: String) {
        let (entry, errors) = parse("---\ndate: 2026-11-20\n\(key): true\n---\nsecret\n")
        #expect(entry == nil || !errors.isEmpty)
        #expect(errors.contains { $0.hasPrefix("content/diary/2026-11-20.md:3:1: error: unknown key '\(key)' in front matter would leave the page published") }, "\(errors)")
    }

    @Test(arguments: ["private: parts of the day", "A private: true story", "privately: true", "private: false"])
    func privateAsAWordIsText(line: String) {
        let (entry, errors) = parse("A day at home.\n\(line)\n\nBody\n")
        #expect(errors.isEmpty, "\(errors)")
        #expect(entry != nil)
    }

    @Test func theHintNamesWhatIsWrong() {
        #expect(parse("—-\nprivate: true\n—-\n").1.first?.contains("U+2014") == true)
        #expect(parse("---\u{00A0}\nprivate: true\n---\n").1.first?.contains("U+00A0") == true)
        #expect(parse("----\nprivate: true\n----\n").1.first?.contains("not 4") == true)
        #expect(parse("--- # note\nprivate: true\n---\n").1.first?.contains("comment") == true)
    }

    @Test(arguments: ["\r", "\r\n"])
    func anyLineEndingOpensFrontMatter(ending: String) throws {
        let text = ["---", "private: true", "title: Secret", "---", "body"].joined(separator: ending)
        let entry = try #require(parse(text).0)
        #expect(entry.isPrivate)
        #expect(entry.title == "Secret")
        #expect(entry.body == "body")
    }

    @Test func jsonFrontMatterIsRead() throws {
        let text = "{\n  \"title\": \"JSON\",\n  \"private\": true,\n  \"tags\": [\"a\", \"b\"]\n}\nbody\n"
        let entry = try #require(parse(text).0)
        #expect(entry.isPrivate && entry.title == "JSON" && entry.tags == ["a", "b"])
        #expect(entry.bodyFirstLine == 6 && entry.body == "body\n")
    }

    @Test(arguments: [
        "# A heading\n\nText.\n",
        "Note: the colon in prose is fine.\n\nA paragraph.\n",
        "- a list\n- of things\n",
        "Text\n\n---\n\nafter a rule\n",
        "",
        "\n\nText after blank lines\n",
        "---\ntitle: ok\nmood: |\n  ---\n  dashes inside a block\n---\nbody\n",
    ])
    func ordinaryFilesStillRead(text: String) {
        let (entry, errors) = parse(text)
        #expect(entry != nil && errors.isEmpty, "\(errors)")
    }

    /// Lines are where an editor shows them: a file split at each line feed
    /// but the one of a "\r\n", as Swift's Characters split it, found by bytes
    /// from wherever the text starts in its string.
    @Test func linesAreSplitAsCharactersSplitThem() {
        let pieces = ["a", "key: value", "\n", "\n", "\r", "\r\n", "한글", "\u{301}", "-", " ", "\u{FEFF}"]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            for slice in [Substring(text), Substring(text).dropFirst()] {
                var expected = slice.isEmpty ? [] : slice.split(separator: "\n", omittingEmptySubsequences: false)
                if slice.last == "\n" { expected.removeLast() }
                var lines = LineCursor(slice), found: [Substring] = []
                while let line = lines.next() { found.append(line) }
                #expect(found == expected, "\(text.debugDescription)")
            }
        }
    }
}
