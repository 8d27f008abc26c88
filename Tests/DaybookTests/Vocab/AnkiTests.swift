import Testing
@testable import DaybookSite

/// Anki's plain-text notes in and out.
@Suite struct AnkiTests {
    /// The notes, then header errors, bad rows, left-out notes and warnings.
    static func notes(_ text: String) -> ([AnkiNote], [Diagnostic]) {
        let file = SourceFile(displayPath: "export.txt", relativePath: "export.txt", text: text)
        let reading = AnkiImport.read(file)
        return (reading.notes, reading.diagnostics.errors + reading.badRows.items + reading.leftOut
                    + reading.diagnostics.items.filter { $0.severity == .warning })
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

    @Test func leavesOutNotesThatCannotBecomeWordsAndListsThem() {
        let text = """
        \t버리다
        candid
        a :: b\tc
        many\t1; 2; 3; 4
        extra\tmeaning\texample\taudio.mp3
        open\t"never closed
        """
        let (notes, diagnostics) = Self.notes(text)
        #expect(Self.positions(diagnostics) == [
            "6:6 error: quoted field is never closed",
            "1:1 warning: a note with no word in its first field",
            "2:1 warning: 'candid' has an empty back (no meaning)",
            "3:1 warning: 'a :: b': ' :: ' separates word and meaning in a deck",
            "5:23 warning: only three fields are imported (word, meanings, example sentences); later fields are left out",
        ])
        // A note with more meanings than max_meanings is kept; the importer fits it.
        #expect(Self.summary(notes) == ["many = 1 | 2 | 3 | 4", "extra = meaning / example"])
    }

    @Test func joinsExtraMeaningsIntoTheLastInsteadOfRefusing() {
        let note = AnkiNote(word: "run", meanings: ["달리다", "운영하다", "흐르다", "출마하다"])
        #expect(AnkiImport.fitted(note, maxMeanings: 3).meanings == ["달리다", "운영하다", "흐르다, 출마하다"])
        #expect(AnkiImport.fitted(note, maxMeanings: 1).meanings == ["달리다, 운영하다, 흐르다, 출마하다"])
        #expect(AnkiImport.fitted(note, maxMeanings: 4) == note)
    }

    @Test func mergesNotesOfTheSameWordInOrder() {
        let (notes, _) = Self.notes("猫\tcat\tThe cat sleeps.\n犬\tdog\n猫\tcat; kitty\tThe cat sleeps.\n")
        let (merged, merges) = AnkiImport.merged(notes)
        #expect(Self.summary(merged) == ["猫 = cat | kitty / The cat sleeps.", "犬 = dog"])
        #expect(merges == ["'猫' (lines 1, 3)"])
    }

    @Test func clozeNotesBecomeTheQuestionAndItsAnswers() {
        let (notes, diagnostics) = Self.notes("""
        #separator:tab
        #html:true
        Ich {{c1::habe}} Hunger, {{c2::weil::conjunction}} ich nichts gegessen {{c1::habe}}.\tI am hungry
        {{c1::Berlin}} ist die Hauptstadt.\t
        """)
        #expect(diagnostics.isEmpty)
        #expect(Self.summary(notes) == [
            "Ich […] Hunger, [conjunction] ich nichts gegessen […]. = habe | weil | I am hungry / Ich habe Hunger, weil ich nichts gegessen habe.",
            "[…] ist die Hauptstadt. = Berlin / Berlin ist die Hauptstadt.",
        ])
    }

    @Test func leavesOutSoundsAndImagesWithOneWarning() {
        let (notes, diagnostics) = Self.notes("""
        #html:true
        hola[sound:hola.mp3]\thello <img src="wave.png">\t
        adiós\tbye[sound:adios.mp3]
        """)
        #expect(Self.summary(notes) == ["hola = hello", "adiós = bye"])
        #expect(Self.positions(diagnostics) == ["2:1 warning: 2 sounds ([sound:…]) and 1 image (<img>) left out: a deck holds text only"])
    }

    @Test func htmlBecomesMarkdownTextAndRubyBecomesFurigana() {
        let (notes, _) = Self.notes("""
        #html:true
        <b>食べる</b>\t<i>to eat</i>\t<ruby>寿司<rp>(</rp><rt>すし</rt><rp>)</rp></ruby>を<b>食べる</b>。
        """)
        #expect(Self.summary(notes) == ["食べる = *to eat* / 寿司[すし]を**食べる**。"])
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
        let (notes, diagnostics) = Self.notes(AnkiExport.text(of: deck))
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

/// Anki's furigana shown as ruby on vocabulary pages.
@Suite struct FuriganaTests {
    @Test func readingsBecomeRuby() {
        #expect(Furigana.ruby(inHTML: "日本[にほん]語[ご]") == "<ruby>日本<rt>にほん</rt></ruby><ruby>語<rt>ご</rt></ruby>")
        #expect(Furigana.ruby(inHTML: "今日 天気[てんき]") == "今日<ruby>天気<rt>てんき</rt></ruby>")
        #expect(Markdown.vocabHTML("**漢字[かんじ]**") == "<strong><ruby>漢字<rt>かんじ</rt></ruby></strong>")
    }

    @Test func otherBracketsStay() {
        #expect(Furigana.ruby(inHTML: "array[i] and [x]") == "array[i] and [x]")
        #expect(Furigana.ruby(inHTML: "[…] ist") == "[…] ist")
    }
}
