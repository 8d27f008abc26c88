import Testing
@testable import DaybookSite

/// Deck and reviews.md parsing: what the person writes and the errors they get.
@Suite struct VocabParsingTests {
    static func file(_ name: String, _ text: String) -> SourceFile {
        SourceFile(displayPath: "content/vocab/\(name).md", relativePath: "vocab/\(name).md", text: text)
    }

    static func deck(_ text: String, name: String = "toeic", maxMeanings: Int = 3) -> (Deck?, [Diagnostic]) {
        var settings = SiteConfig.Vocab()
        settings.maxMeanings = maxMeanings
        var diagnostics = Diagnostics()
        let deck = DeckParser.parse(file(name, text), settings: settings, into: &diagnostics)
        return (deck, diagnostics.items)
    }

    /// `line:column message` of each diagnostic.
    static func positions(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    static let specDeck = """
    ---
    title: TOEIC
    language: en          # language of the word side (lang attribute)
    meaning_language: ko
    ---
    ## 2026-11-20
    - abandon :: 버리다; 포기하다
      - He abandoned the car in the snow.
    - benevolent :: 자비로운, 인정 많은

    ## 2026-11-21
    - candid :: 솔직한
    """

    // MARK: Decks

    /// A word line whose scalars each stand alone is read by scalars: the word,
    /// the meanings, the separator and the columns of errors are those the
    /// reading by Characters gives.
    @Test func wordLinesReadByScalarsAsByCharacters() {
        let alphabet: [String] = ["a", "Z", "7", " ", " ", "\t", ":", ":", ";", ";", "\\", "`", "&", "#", "-", "=", "：", "–",
                                  "가", "漢", "か", "。", "\u{3000}", "\u{00A0}", "é", "e\u{301}", "\u{1100}\u{1161}", "👍🏽", "\u{200D}"]
        var state: UInt64 = 11
        func below(_ count: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(count))
        }
        var readByScalars = 0
        for _ in 0..<20_000 {
            let line = (0..<below(24)).map { _ in alphabet[below(alphabet.count)] }.joined()
            let characters = Array(line), scalars = Array(line.unicodeScalars)
            let separator = WordLine.separator(in: characters, from: 0)
            let meanings = WordLine.meanings(in: characters, from: 0).map { "\($0.start) \($0.text)" }
            let near = WordLine.find([" : ", ": ", "：", " = ", " - ", " – ", "\t"], in: characters, from: 0)
            guard line.unicodeScalars.allSatisfy(\.standsAlone) else { continue }
            readByScalars += 1
            #expect(characters.count == scalars.count, "\(line.debugDescription)")
            #expect(WordLine.separator(in: scalars, from: 0) == separator, "\(line.debugDescription)")
            #expect(WordLine.meanings(in: scalars, from: 0).map { "\($0.start) \($0.text)" } == meanings, "\(line.debugDescription)")
            #expect(WordLine.find([" : ", ": ", "：", " = ", " - ", " – ", "\t"], in: scalars, from: 0) == near, "\(line.debugDescription)")
        }
        #expect(readByScalars > 1_000)
    }

    @Test func readsTheSpecExample() throws {
        let (parsed, diagnostics) = Self.deck(Self.specDeck)
        #expect(diagnostics.isEmpty)
        let deck = try #require(parsed)
        #expect(deck.id == "toeic")
        #expect(deck.title == "TOEIC")
        #expect(deck.language == "en" && deck.meaningLanguage == "ko" && !deck.isPrivate)
        #expect(deck.days.map(\.date.iso) == ["2026-11-20", "2026-11-21"])
        #expect(deck.days.map(\.line) == [6, 11])
        #expect(deck.words.map(\.text) == ["abandon", "benevolent", "candid"])
        #expect(deck.words.map(\.line) == [7, 9, 12])
        let abandon = try #require(deck.word("abandon"))
        #expect(abandon.meanings == ["버리다", "포기하다"])
        #expect(abandon.examples == ["He abandoned the car in the snow."])
        #expect(abandon.added.iso == "2026-11-20")
        #expect(deck.word("benevolent")?.meanings == ["자비로운, 인정 많은"])
        #expect(deck.word("candid")?.added.iso == "2026-11-21")
    }

    @Test func defaultsComeFromTheFileName() throws {
        let (parsed, diagnostics) = Self.deck("## 2026-11-20\n- 諦める :: 포기하다\n", name: "jlpt-n3")
        #expect(diagnostics.isEmpty)
        let deck = try #require(parsed)
        #expect(deck.title == "jlpt-n3" && deck.language == "en" && deck.meaningLanguage == "ko")
    }

    @Test func aWholeDeckCanBePrivate() throws {
        let (parsed, diagnostics) = Self.deck("---\nprivate: true\nlanguage: ja\n---\n## 2026-11-20\n- 諦める :: 포기하다\n")
        #expect(diagnostics.isEmpty)
        #expect(try #require(parsed).isPrivate)
    }

    @Test func rejectsUnknownFrontMatterKeysAndBadLanguageTags() {
        let (_, diagnostics) = Self.deck("---\ntitel: TOEIC\nlanguage: English language\n---\n## 2026-11-20\n- a :: b\n")
        #expect(Self.positions(diagnostics) == [
            "2:1 unknown key 'titel' in front matter",
            "3:11 language must be a language tag like en, ko, ja or zh-Hant, not 'English language'",
        ])
        #expect(diagnostics.first?.hint == "did you mean 'title'?")
    }

    @Test func tooManyMeaningsPointsAtTheFirstExtraMeaning() {
        let (parsed, diagnostics) = Self.deck("## 2026-11-20\n- a :: 1; 2; 3; 4; 5\n")
        #expect(Self.positions(diagnostics) == ["2:17 too many meanings: at most 3 (max_meanings)"])
        #expect(diagnostics.first?.hint == "join close meanings with ',', or raise vocab.max_meanings in site.yml")
        // Reported once, and the word is still known (so reviews.md gets no second error about it).
        #expect(parsed?.word("a") != nil)
        #expect(Self.deck("## 2026-11-20\n- a :: 1; 2; 3; 4; 5\n", maxMeanings: 5).1.isEmpty)
    }

    @Test func theThreeInputErrorsOfTheOriginalApp() {
        let text = """
        ## 2026-11-20
        - :: 버리다
        - abandon
        - candid ::
        """
        let (parsed, diagnostics) = Self.deck(text)
        #expect(Self.positions(diagnostics) == [
            "2:3 no word before '::'",
            "3:10 no meaning for 'abandon'",
            "4:12 no meaning after '::'",
        ])
        #expect(diagnostics.map(\.hint) == [
            "write '- word :: meaning'",
            "write '- abandon :: meaning'",
            "write the meaning after '::': '- candid :: meaning'",
        ])
        #expect(parsed?.words.isEmpty == true)
    }

    @Test func aMistypedSeparatorGetsAHint() {
        let (_, diagnostics) = Self.deck("## 2026-11-20\n- abandon : 버리다\n- candid - 솔직한\n- benevolent::자비로운\n")
        #expect(Self.positions(diagnostics) == [
            "2:11 no meaning for 'abandon : 버리다'",
            "3:10 no meaning for 'candid - 솔직한'",
            "4:13 '::' needs a space on each side",
        ])
        #expect(diagnostics.prefix(2).allSatisfy { $0.hint == "use ' :: ' between word and meaning" })
    }

    @Test func aDoubleColonInsideTheWordIsNotTheSeparator() throws {
        let (parsed, diagnostics) = Self.deck("## 2026-11-20\n- `std::vector` :: 벡터; 가변 배열\n- a::b :: c\n")
        #expect(diagnostics.isEmpty)
        #expect(try #require(parsed).words.map(\.text) == ["`std::vector`", "a::b"])
    }

    @Test func emptyMeaningBetweenSemicolons() {
        let (_, diagnostics) = Self.deck("## 2026-11-20\n- a :: x;; y\n- b :: x;\n")
        #expect(Self.positions(diagnostics) == ["2:10 empty meaning", "3:10 empty meaning"])
        #expect(diagnostics.allSatisfy { $0.hint == "remove the extra ';'" })
    }

    @Test func semicolonsThatDoNotSeparateMeanings() throws {
        let (parsed, diagnostics) = Self.deck(#"""
        ## 2026-11-20
        - rock :: rock \; roll; R&amp;B; `a;b` code
        """#)
        #expect(diagnostics.isEmpty)
        #expect(try #require(parsed).word("rock")?.meanings == [#"rock \; roll"#, "R&amp;B", "`a;b` code"])
    }

    @Test func wordsBeforeAnyDateHaveNoDay() {
        let (parsed, diagnostics) = Self.deck("Words from the textbook.\n\n- abandon :: 버리다\n## 2026-11-20\n- candid :: 솔직한\n")
        #expect(Self.positions(diagnostics) == ["3:3 'abandon' comes before any date heading, so it has no day"])
        #expect(diagnostics.first?.hint == "add a heading like '## 2026-11-20' above it")
        #expect(parsed?.words.map(\.text) == ["candid"])
        #expect(parsed?.intro == "Words from the textbook.")
    }

    @Test func theSameWordTwiceNamesBothLines() {
        let (parsed, diagnostics) = Self.deck("## 2026-11-20\n- abandon :: 버리다\n\n## 2026-11-21\n- abandon :: 포기하다\n")
        #expect(Self.positions(diagnostics) == ["5:3 'abandon' appears twice in this deck: lines 2 and 5"])
        #expect(parsed?.word("abandon")?.meanings == ["버리다"])
    }

    @Test func invalidDateHeadings() {
        let (_, diagnostics) = Self.deck("## 2026-02-30\n- a :: b\n## 2026-11-20 (Fri)\n## Idioms\n### 2026-11-22\n")
        #expect(Self.positions(diagnostics) == [
            "1:4 invalid date heading '2026-02-30'",
            "3:4 invalid date heading '2026-11-20 (Fri)'",
            "4:4 invalid date heading 'Idioms'",
            "5:1 a day's word book opens with a level-2 heading",
        ])
        #expect(diagnostics.map(\.hint) == [
            "'2026-02-30' is not a day of the calendar",
            "the heading holds only the date: '## 2026-11-20'",
            "'##' headings open a day's word book: '## 2026-11-20'",
            "write '## 2026-11-22'",
        ])
    }

    @Test func wordsUnderAnInvalidHeadingGetNoErrorOfTheirOwn() {
        let (parsed, diagnostics) = Self.deck("## 2026-11-20\n- a :: b\n## 2026-11-2l\n- c :: d\n## 2026-11-22\n- e :: f\n")
        #expect(Self.positions(diagnostics) == ["3:4 invalid date heading '2026-11-2l'"])
        #expect(parsed?.words.map(\.text) == ["a", "e"])
        let (_, reviewErrors) = Self.reviews("## 2026-11-2l\n- toeic: abandon\n")
        #expect(Self.positions(reviewErrors) == ["1:4 invalid date heading '2026-11-2l'"])
    }

    @Test func aDateOpenedTwiceIsAnError() {
        let (parsed, diagnostics) = Self.deck("## 2026-11-20\n- a :: b\n## 2026-11-20\n- c :: d\n")
        #expect(Self.positions(diagnostics) == ["3:1 the word book 2026-11-20 is opened twice: lines 1 and 3"])
        #expect(parsed?.days.count == 1)
        #expect(parsed?.words.map(\.text) == ["a", "c"])
    }

    @Test func proseUnderADayIsKeptAsNotes() throws {
        let text = """
        ## 2026-11-20
        From chapter 3, *the hard ones*.
        - abandon :: 버리다
          - He abandoned the car
            in the snow.
          * She abandoned hope.

        ### Remember
        Review these before the exam.
        ```
        - not a word
        ```
        """
        let (parsed, diagnostics) = Self.deck(text)
        #expect(diagnostics.isEmpty)
        let deck = try #require(parsed)
        #expect(deck.words.map(\.text) == ["abandon"])
        #expect(deck.word("abandon")?.examples == ["He abandoned the car in the snow.", "She abandoned hope."])
        #expect(deck.days.first?.notes == "From chapter 3, *the hard ones*.\n\n### Remember\nReview these before the exam.\n```\n- not a word\n```")
    }

    @Test func linesThatLookLikeMistypedWords() {
        let text = """
        ## 2026-11-20
        abandon :: 버리다
        1. candid :: 솔직한
        - benevolent :: 자비로운

          a second paragraph
          -
        """
        let (_, diagnostics) = Self.deck(text)
        #expect(Self.positions(diagnostics) == [
            "2:1 a word must be a list item",
            "3:1 a word must be a list item",
            "6:3 indented text under a word must be an example sentence",
            "7:3 empty example sentence",
        ])
        #expect(diagnostics[0].hint == "start the line with '- ': '- abandon :: 버리다'")
    }

    @Test func collectsEveryErrorOfAFile() {
        let (_, diagnostics) = Self.deck("---\nlanguag: en\n---\n- x :: y\n## 2026-11-20\n- :: a\n- b\n- c :: 1;2;3;4\n- c :: z\n")
        #expect(diagnostics.map(\.location.line) == [2, 4, 6, 7, 8, 9])
    }

    // MARK: reviews.md

    static let decks: [Deck] = [
        deck(Self.specDeck).0!,
        deck("## 2026-11-22\n- 諦める :: 포기하다\n- by the way, then :: 그런데\n- then :: 그때\n", name: "jlpt-n3").0!,
    ]

    static func reviews(_ text: String) -> (ReviewLog, [Diagnostic]) {
        var diagnostics = Diagnostics()
        let log = ReviewLogParser.parse(file("reviews", text), decks: decks, into: &diagnostics)
        return (log, diagnostics.items)
    }

    @Test func readsMissedWordsPerDayAndDeck() {
        let (log, diagnostics) = Self.reviews("# Reviews\n\n## 2026-11-25\n- toeic: abandon, candid\n- jlpt-n3: 諦める\n\n## 2026-11-23\n- toeic:\n")
        #expect(diagnostics.isEmpty)
        #expect(log.days.map(\.date.iso) == ["2026-11-23", "2026-11-25"])
        #expect(log.days[0].decks == ["toeic"] && log.days[0].misses.isEmpty)
        #expect(log.misses.map { "\($0.date.iso) \($0.deckID) \($0.word) \($0.location.line):\($0.location.column)" } == [
            "2026-11-25 toeic abandon 4:10",
            "2026-11-25 toeic candid 4:19",
            "2026-11-25 jlpt-n3 諦める 5:12",
        ])
    }

    @Test func aWordMayContainCommas() {
        let (log, diagnostics) = Self.reviews("## 2026-11-25\n- jlpt-n3: then, by the way, then, 諦める\n")
        #expect(diagnostics.isEmpty)
        #expect(log.misses.map(\.word) == ["then", "by the way, then", "諦める"])
    }

    @Test func unknownDecksAndWordsNameTheNearestMatch() {
        let (log, diagnostics) = Self.reviews("## 2026-11-25\n- toiec: abandon\n- toeic: abandn, candid, zzz\n- jlpt-n3: 諦める、then\n")
        #expect(Self.positions(diagnostics) == [
            "2:3 unknown deck 'toiec'",
            "3:10 'abandn' is not a word of deck 'toeic'",
            "3:26 'zzz' is not a word of deck 'toeic'",
            "4:12 '諦める、then' is not a word of deck 'jlpt-n3'",
        ])
        #expect(diagnostics.map(\.hint) == ["did you mean 'toeic'?", "did you mean 'abandon'?", nil, "separate words with ','"])
        #expect(log.misses.map(\.word) == ["candid"])
    }

    @Test func repeatedDatesAndDecksAreMerged() {
        let (log, diagnostics) = Self.reviews("## 2026-11-25\n- toeic: abandon\n\n## 2026-11-25\n- toeic: candid, abandon\n")
        #expect(diagnostics.isEmpty)
        #expect(log.days.count == 1)
        #expect(log.days[0].location.line == 1)
        #expect(log.misses.map(\.word) == ["abandon", "candid"])
    }

    @Test func malformedLines() {
        let text = """
        - toeic: abandon
        ## 2026-11-31
        ## 2026-11-25
        - toeic abandon
        - toeic: abandon,
        I forgot candid today.
        - toeic: candid
        """
        let (log, diagnostics) = Self.reviews(text)
        #expect(Self.positions(diagnostics) == [
            "1:1 missed words before any date heading",
            "2:4 invalid date heading '2026-11-31'",
            "4:16 missing ':' after the deck name",
            "5:18 empty word in the list",
            "6:1 unexpected line in reviews.md",
        ])
        #expect(log.misses.map(\.word) == ["abandon", "candid"])
    }

    @Test func aMissBeforeTheWordWasAddedIsAnError() {
        let (log, diagnostics) = Self.reviews("## 2026-11-20\n- toeic: candid\n")
        #expect(Self.positions(diagnostics) == ["2:10 'candid' is missed on 2026-11-20 but only added on 2026-11-21"])
        #expect(diagnostics.first?.hint == "check the date heading, or the word's day in content/vocab/toeic.md:12")
        #expect(log.misses.isEmpty)
    }
}
