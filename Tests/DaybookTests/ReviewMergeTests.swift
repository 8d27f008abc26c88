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
