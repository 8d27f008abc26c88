import Testing
@testable import DaybookContent

/// Saving a test's misses into reviews.md: the lines a person would have pasted, every other byte kept.
@Suite struct ReviewMergeTests {
    static let day = LocalDate(iso: "2026-11-23")!

    static func merge(_ text: String, _ misses: [(String, [String])], on date: LocalDate = day) -> String {
        ReviewMerge.merging(misses.map { ReviewMerge.Misses(deckID: $0.0, words: $0.1) }, on: date, into: text)
    }

    @Test func newDayGoesAtTheEndAfterABlankLine() {
        let text = "# 결과\n\n## 2026-11-22\n- toeic: accommodate\n"
        #expect(Self.merge(text, [("toeic", ["abandon", "candid"]), ("jlpt-n3", ["諦める"])])
            == text + "\n## 2026-11-23\n- toeic: abandon, candid\n- jlpt-n3: 諦める\n")
    }

    @Test func newDayGoesBeforeALaterDay() {
        let text = "## 2026-11-20\n- toeic: a\n\n## 2026-11-25\n- toeic: b\n"
        #expect(Self.merge(text, [("toeic", ["c"])])
            == "## 2026-11-20\n- toeic: a\n\n## 2026-11-23\n- toeic: c\n\n## 2026-11-25\n- toeic: b\n")
    }

    @Test func wordsJoinTheDaysDeckLineOnceEach() {
        let text = "## 2026-11-23\n- toeic: abandon\n- jlpt-n3:\n\n## 2026-11-24\n- toeic: x\n"
        #expect(Self.merge(text, [("toeic", ["abandon", "candid", "candid"]), ("jlpt-n3", ["迷う"])])
            == "## 2026-11-23\n- toeic: abandon, candid\n- jlpt-n3: 迷う\n\n## 2026-11-24\n- toeic: x\n")
    }

    @Test func aNewDeckLineGoesAfterTheDaysLastLine() {
        let text = "## 2026-11-23\n- toeic: abandon\n<!-- note -->\n\n## 2026-11-24\n"
        #expect(Self.merge(text, [("jlpt-n3", ["迷う"])])
            == "## 2026-11-23\n- toeic: abandon\n<!-- note -->\n- jlpt-n3: 迷う\n\n## 2026-11-24\n")
    }

    @Test func emptyFileAndNoMisses() {
        #expect(Self.merge("", [("toeic", ["abandon"])]) == "## 2026-11-23\n- toeic: abandon\n")
        #expect(Self.merge("## 2026-11-01\n", []) == "## 2026-11-01\n")
    }

    /// A test with every word known is recorded too: it takes the deck's due reviews (SPEC §4).
    @Test func aDeckWithNothingMissedGetsAnEmptyLineOnce() {
        #expect(Self.merge("## 2026-11-01\n", [("toeic", []), ("jlpt-n3", ["迷う"])]) == "## 2026-11-01\n\n## 2026-11-23\n- toeic:\n- jlpt-n3: 迷う\n")
        let recorded = "## 2026-11-23\n- toeic: abandon\n- jlpt-n3:\n"
        #expect(Self.merge(recorded, [("toeic", []), ("jlpt-n3", [])]) == recorded)
    }

    @Test func crlfFileStaysCRLF() {
        let text = "## 2026-11-23\r\n- toeic: abandon\r\n"
        #expect(Self.merge(text, [("toeic", ["candid"]), ("jlpt", ["x"])])
            == "## 2026-11-23\r\n- toeic: abandon, candid\r\n- jlpt: x\r\n")
    }

    @Test func theMergedFileReadsBackAsTheMisses() throws {
        let deck = try #require(VocabParsingTests.deck(VocabParsingTests.specDeck).0)
        let merged = Self.merge("## 2026-11-21\n- toeic: abandon\n", [("toeic", ["candid", "abandon"])], on: LocalDate(iso: "2026-11-21")!)
        var diagnostics = Diagnostics()
        let log = ReviewLogParser.parse(VocabParsingTests.file("reviews", merged), decks: [deck], into: &diagnostics)
        #expect(diagnostics.items.isEmpty)
        #expect(log.misses.map(\.word) == ["abandon", "candid"])
    }
}

/// The file's own line endings, byte order mark and final newline survive a save (issue 25).
@Suite struct ReviewMergeLayoutTests {
    static func merge(_ text: String) -> String { ReviewMergeTests.merge(text, [("toeic", ["candid"])]) }

    @Test func aNewLatestDayInACRLFFileIsCRLFThroughout() {
        #expect(Self.merge("## 2026-11-22\r\n- toeic: abandon\r\n")
            == "## 2026-11-22\r\n- toeic: abandon\r\n\r\n## 2026-11-23\r\n- toeic: candid\r\n")
        #expect(Self.merge("# 결과\r\n\r\n## 2026-11-22\r\n- toeic: abandon\r\n\r\n")
            == "# 결과\r\n\r\n## 2026-11-22\r\n- toeic: abandon\r\n\r\n## 2026-11-23\r\n- toeic: candid\r\n")
    }

    @Test func aFileWithoutAFinalNewlineKeepsItsLastWordAndGetsNoneAdded() {
        #expect(Self.merge("## 2026-11-22\n- toeic: abandon") == "## 2026-11-22\n- toeic: abandon\n\n## 2026-11-23\n- toeic: candid")
        #expect(Self.merge("## 2026-11-22\r\n- toeic: abandon")
            == "## 2026-11-22\r\n- toeic: abandon\r\n\r\n## 2026-11-23\r\n- toeic: candid")
        // The day's heading is the last line: the deck line goes under it, not onto it.
        #expect(Self.merge("## 2026-11-23") == "## 2026-11-23\n- toeic: candid")
        #expect(Self.merge("## 2026-11-23\r\n- toeic: abandon") == "## 2026-11-23\r\n- toeic: abandon, candid")
    }

    @Test func aCROnlyFileStaysCROnly() {
        #expect(Self.merge("## 2026-11-22\r- toeic: abandon\r") == "## 2026-11-22\r- toeic: abandon\r\r## 2026-11-23\r- toeic: candid\r")
        #expect(Self.merge("## 2026-11-23\r- toeic: abandon\r\r## 2026-11-24\r")
            == "## 2026-11-23\r- toeic: abandon, candid\r\r## 2026-11-24\r")
    }

    @Test func theByteOrderMarkStaysAndTheFirstHeadingIsStillFound() {
        #expect(Self.merge("\u{FEFF}## 2026-11-23\r\n- toeic: abandon\r\n") == "\u{FEFF}## 2026-11-23\r\n- toeic: abandon, candid\r\n")
        #expect(Self.merge("\u{FEFF}## 2026-11-24\n") == "\u{FEFF}## 2026-11-23\n- toeic: candid\n\n## 2026-11-24\n")
    }

    @Test func aMixedFileKeepsEachLinesEndingAndAddsItsMostCommon() {
        #expect(Self.merge("## 2026-11-22\n- toeic: a\r\n- jlpt: b\r\n") == "## 2026-11-22\n- toeic: a\r\n- jlpt: b\r\n\r\n## 2026-11-23\r\n- toeic: candid\r\n")
    }
}
