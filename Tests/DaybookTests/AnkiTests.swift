import Testing
@testable import DaybookContent

/// Anki's plain-text notes in and out.
@Suite struct AnkiTests {
    static func notes(_ text: String, maxMeanings: Int? = nil) -> ([AnkiNote], [Diagnostic]) {
        var diagnostics = Diagnostics()
        let file = SourceFile(displayPath: "export.txt", relativePath: "export.txt", text: text)
        return (AnkiImport.parse(file, maxMeanings: maxMeanings, into: &diagnostics), diagnostics.items)
    }

    static func deck(_ text: String, name: String = "toeic") -> (Deck, [Diagnostic]) {
        var diagnostics = Diagnostics()
        let file = SourceFile(displayPath: "content/vocab/\(name).md", relativePath: "vocab/\(name).md", text: text)
        return (DeckParser.parse(file, settings: SiteConfig.Vocab(), into: &diagnostics)!, diagnostics.items)
    }

    static func summary(_ notes: [AnkiNote]) -> [String] {
        notes.map { "\($0.word) = \($0.meanings.joined(separator: " | "))" + ($0.examples.isEmpty ? "" : " / " + $0.examples.joined(separator: " / ")) }
    }

    static func positions(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.location.line):\($0.location.column) \($0.severity.rawValue): \($0.message)" }
    }

    // MARK: Import

    @Test func readsATabSeparatedExportWithMetaColumns() {
        let text = """
        #separator:tab
        #html:false
        #guid column:1
        #tags column:4
        a1B2\tabandon\t버리다; 포기하다\ttoeic
        # a comment between notes
        c3D4\t"candid"\t"솔직한, 숨김없는
        공정한"\tday1
        e5F6\t"say ""hi""\"\t"인사하다\twith a tab"\t
        """
        let (notes, diagnostics) = Self.notes(text)
        #expect(diagnostics.isEmpty)
        #expect(Self.summary(notes) == [
            "abandon = 버리다 | 포기하다",
            "candid = 솔직한, 숨김없는 | 공정한",
            "say \"hi\" = 인사하다\twith a tab",
        ])
        #expect(notes.map(\.line) == [5, 7, 9])
    }

    @Test func stripsHTMLFields() {
        let text = """
        #separator:tab
        #html:true
        <b>abandon</b>\t버리다<br>포기하다&nbsp;\t<div>He abandoned&nbsp;the car.</div><div>R&amp;B &lt;3 &#9731;</div>
        """
        let (notes, diagnostics) = Self.notes(text)
        #expect(diagnostics.isEmpty)
        #expect(Self.summary(notes) == ["abandon = 버리다 | 포기하다 / He abandoned the car. / R&B <3 ☃"])
    }

    @Test func guessesHTMLWhenTheHeaderIsMissing() {
        #expect(Self.summary(Self.notes("abandon\t버리다<br/>포기하다\n").0) == ["abandon = 버리다 | 포기하다"])
        #expect(Self.summary(Self.notes("a < b\tless than\n").0) == ["a < b = less than"])
    }

    @Test func otherSeparators() {
        #expect(Self.summary(Self.notes("#separator:comma\nabandon,\"버리다, 포기하다\"\n").0) == ["abandon = 버리다, 포기하다"])
        #expect(Self.summary(Self.notes("#separator:Semicolon\n\"abandon\";\"버리다; 포기하다\"\n").0) == ["abandon = 버리다 | 포기하다"])
        #expect(Self.summary(Self.notes("#separator:|\nabandon|버리다\n").0) == ["abandon = 버리다"])
        #expect(Self.summary(Self.notes("tags:old style\nabandon\t버리다\n").0) == ["abandon = 버리다"])
        let (_, diagnostics) = Self.notes("#separator:double tab\nabandon\t버리다\n")
        #expect(Self.positions(diagnostics) == ["1:1 error: unknown separator 'double tab'"])
    }

    @Test func reportsNotesThatCannotBecomeWords() {
        let text = """
        \t버리다
        candid
        a :: b\tc
        many\t1; 2; 3; 4
        extra\tmeaning\texample\taudio.mp3
        open\t"never closed
        """
        let (notes, diagnostics) = Self.notes(text, maxMeanings: 3)
        #expect(Self.positions(diagnostics) == [
            "6:6 error: quoted field is never closed",
            "1:1 error: note has no word in its first field",
            "2:1 error: 'candid' has no meaning in its second field",
            "3:1 error: the word 'a :: b' contains ' :: ', which separates word and meaning in a deck",
            "4:6 error: 'many' has 4 meanings, at most 3 (max_meanings)",
            "5:23 warning: only three fields are imported (word, meanings, example sentences); later fields are left out",
        ])
        #expect(Self.summary(notes) == ["extra = meaning / example", "open = never closed"])
    }

    // MARK: Export

    @Test func exportsTabSeparatedPlainText() {
        let (deck, _) = Self.deck("""
        ## 2026-11-20
        - abandon :: 버리다; 포기하다
          - He abandoned the car.
          - She said "no".
        - #hashtag :: 해시태그
        """)
        #expect(AnkiExport.text(of: deck) == """
        #separator:tab
        #html:false
        #columns:Front\tBack\tExample\tTags
        #tags column:4
        abandon\t버리다; 포기하다\t"He abandoned the car.
        She said ""no""."\ttoeic 2026-11-20
        "#hashtag"\t해시태그\t\ttoeic 2026-11-20

        """)
    }

    @Test func aRoundTripKeepsEveryWordMeaningAndExample() throws {
        let (deck, deckDiagnostics) = Self.deck(#"""
        ---
        title: TOEIC
        ---
        ## 2026-11-20
        - abandon :: 버리다; 포기하다
          - He abandoned the car in the snow.
          - Two "quoted" words.
        - benevolent :: 자비로운, 인정 많은
        - rock :: rock \; roll; R&amp;B
        ## 2026-11-21
        - #hashtag :: 해시태그
        - by the way, then :: 그런데
        """#)
        #expect(deckDiagnostics.isEmpty)
        let (notes, diagnostics) = Self.notes(AnkiExport.text(of: deck), maxMeanings: 3)
        #expect(diagnostics.isEmpty)
        #expect(notes.map(\.word) == deck.words.map(\.text))
        #expect(notes.map(\.meanings) == deck.words.map(\.meanings))
        #expect(notes.map(\.examples) == deck.words.map(\.examples))

        let rebuilt = AnkiImport.newDeck(title: "TOEIC again", date: LocalDate(iso: "2026-12-01")!, words: notes)
        let (again, againDiagnostics) = Self.deck(rebuilt, name: "toeic-again")
        #expect(againDiagnostics.isEmpty)
        #expect(again.title == "TOEIC again")
        #expect(again.words.map(\.text) == deck.words.map(\.text))
        #expect(again.words.map(\.meanings) == deck.words.map(\.meanings))
        #expect(again.words.map(\.examples) == deck.words.map(\.examples))
        #expect(Set(again.words.map(\.added.iso)) == ["2026-12-01"])
    }

    // MARK: Adding a book to a deck

    @Test func appendsANewBookAtTheEnd() {
        let deckText = "---\ntitle: TOEIC\n---\n## 2026-11-20\n- abandon :: 버리다\n"
        let words = [AnkiNote(word: "candid", meanings: ["솔직한"], examples: ["Be candid."]), AnkiNote(word: "zeal", meanings: ["열의", "열성"])]
        let text = AnkiImport.appendBook(to: deckText, date: LocalDate(iso: "2026-11-22")!, words: words)
        #expect(text == "---\ntitle: TOEIC\n---\n## 2026-11-20\n- abandon :: 버리다\n\n## 2026-11-22\n- candid :: 솔직한\n  - Be candid.\n- zeal :: 열의; 열성\n")
        let (deck, diagnostics) = Self.deck(text)
        #expect(diagnostics.isEmpty)
        #expect(deck.day(LocalDate(iso: "2026-11-22")!)?.words.map(\.text) == ["candid", "zeal"])
    }

    @Test func addsToAnExistingBookOfThatDate() {
        let deckText = "## 2026-11-20\n- abandon :: 버리다\n\n## 2026-11-21\n- candid :: 솔직한\n"
        let text = AnkiImport.appendBook(to: deckText, date: LocalDate(iso: "2026-11-20")!, words: [AnkiNote(word: "zeal", meanings: ["열의"])])
        #expect(text == "## 2026-11-20\n- abandon :: 버리다\n- zeal :: 열의\n\n## 2026-11-21\n- candid :: 솔직한\n")
    }
}
