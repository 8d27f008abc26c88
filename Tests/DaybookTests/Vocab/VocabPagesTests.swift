@testable import DaybookSite
import Foundation
import Testing

/// The vocabulary pages as built from files, read back from the output.
/// With `--today 2026-11-23`, study 3 days, reviews after 3, 7, 14 days:
/// toeic 2026-11-18 has review 1 due, 2026-11-22 is on study day 2,
/// 2026-10-20 is mastered; revenue, missed on 2026-11-21, left 2026-11-18 for
/// a book of its own (study day 3); jlpt 2026-11-20 waits for review 1 on 11-25.
@Suite struct VocabPagesTests {
    static let files = [
        "content/vocab/toeic.md": """
        ---
        title: TOEIC
        language: en
        meaning_language: ko
        ---
        ## 2026-10-20
        - abandon :: 버리다; 포기하다

        ## 2026-11-18
        - meticulous :: 꼼꼼한, 세심한
          - She is *meticulous* about invoices.
        - revenue :: 수익

        ## 2026-11-22
        - fluctuate :: **변동**하다

        Prices notes.
        """,
        "content/vocab/jlpt.md": "---\ntitle: JLPT\nlanguage: ja\n---\n## 2026-11-20\n- 諦める :: 포기하다\n",
        "content/vocab/secret.md": "---\ntitle: SECRET-DECK\nprivate: true\n---\n## 2026-11-18\n- hush :: SECRET-MEANING\n\n## 2026-11-23\n- whisper :: SECRET-WORD\n",
        // The 10-20 book's reviews were taken on their days (10-25, 11-01, 11-15): it is mastered.
        "content/vocab/reviews.md": reviews,
    ]
    static let reviews = "## 2026-10-25\n- toeic:\n## 2026-11-01\n- toeic:\n## 2026-11-15\n- toeic:\n## 2026-11-21\n- toeic: revenue\n- secret: hush\n"

    static func built(_ extra: [String: String] = [:], visibility: Visibility = Visibility()) throws -> TestSite {
        let site = try TestSite(files.merging(extra) { $1 })
        try site.build(visibility: visibility)
        return site
    }

    @Test func pagesExistAtTheSpecURLs() throws {
        let site = try Self.built()
        defer { site.remove() }
        for path in ["vocab/index.html", "vocab/today/index.html", "vocab/today/cards/index.html",
                     "vocab/toeic/index.html", "vocab/toeic/cards/index.html", "vocab/toeic/2026-10-20/index.html",
                     "vocab/toeic/2026-11-18/index.html", "vocab/toeic/2026-11-21/index.html", "vocab/toeic/2026-11-22/index.html",
                     "vocab/jlpt/index.html", "vocab/jlpt/2026-11-20/index.html", "vocab/jlpt/cards/index.html"] {
            #expect(site.read(path) != nil, "missing \(path)")
        }
        let home = try #require(site.read("index.html"))
        #expect(home.contains("<a href=\"vocab/index.html\">단어</a>"))
        // The test is the cards page opened in test mode.
        #expect(try #require(site.read("vocab/today/index.html")).contains("href=\"cards/index.html#test\""))
        #expect(try #require(site.read("vocab/toeic/index.html")).contains("href=\"cards/index.html#test\""))
        // Links to the printable cards of the flashcards feature.
        #expect(try #require(site.read("vocab/toeic/index.html")).contains("href=\"print/index.html\""))
        #expect(try #require(site.read("vocab/toeic/2026-11-18/index.html")).contains("href=\"print/index.html\""))
        #expect(try #require(site.read("vocab/today/index.html")).contains("href=\"print/index.html\""))
    }

    @Test func noVocabularyWithoutDecks() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": "Hello"])
        defer { site.remove() }
        try site.build()
        #expect(site.read("vocab/index.html") == nil)
        #expect(try #require(site.read("index.html")).contains("vocab/") == false)
    }

    @Test func eachBookShowsItsStageAndDates() throws {
        let site = try Self.built()
        defer { site.remove() }
        let due = try #require(site.read("vocab/toeic/2026-11-18/index.html"))
        #expect(due.contains("<span class=\"stage stage-due\">오늘 복습 1/3</span>"))
        #expect(due.contains("<time datetime=\"2026-11-23\">2026년 11월 23일 (월)</time>"))
        #expect(due.contains("<time datetime=\"2026-11-30\">"), "review 2 on 11-30")
        #expect(due.contains("<time datetime=\"2026-12-14\">"), "review 3 on 12-14")
        // revenue left the book after its miss, for the book of the miss.
        #expect(due.contains("11월 21일에 틀려서 11월 21일 단어장으로"))
        #expect(due.contains("href=\"../2026-11-21/index.html\""))

        let missBook = try #require(site.read("vocab/toeic/2026-11-21/index.html"))
        #expect(missBook.contains("공부 3/3일째"))
        #expect(missBook.contains("id=\"w-revenue\""))
        #expect(missBook.contains("<span class=\"badge joined\">11월 21일에 틀려서 옮겨 옴</span>"))
        #expect(missBook.contains("그날 틀린 단어로만"))

        let studying = try #require(site.read("vocab/toeic/2026-11-22/index.html"))
        #expect(studying.contains("공부 2/3일째"))
        #expect(studying.contains("<p>Prices notes.</p>"), "the day's notes")
        #expect(try #require(site.read("vocab/toeic/2026-10-20/index.html")).contains("<span class=\"stage stage-mastered\">완료</span>"))
        #expect(try #require(site.read("vocab/jlpt/2026-11-20/index.html")).contains("복습 1 대기 · 11월 25일"))
    }

    @Test func theDeckPageListsEveryWordWithStageAndNextDate() throws {
        let site = try Self.built()
        defer { site.remove() }
        let deck = try #require(site.read("vocab/toeic/index.html"))
        #expect(deck.contains("<li class=\"word stage-mastered\" id=\"w-abandon\" data-added=\"2026-10-20\" data-order=\"0\" data-mastered=\"1\" data-missed=\"0\">"))
        #expect(deck.contains("<li class=\"word stage-studying\" id=\"w-revenue\" data-added=\"2026-11-18\" data-order=\"2\" data-mastered=\"0\" data-missed=\"1\">"))
        #expect(deck.contains("다음 11월 24일 공부 3/3일째"), "fluctuate's next session")
        #expect(deck.contains("틀린 날 11월 21일"))
        // Newest first without JavaScript.
        let fluctuate = try #require(deck.range(of: "id=\"w-fluctuate\""))
        let abandon = try #require(deck.range(of: "id=\"w-abandon\""))
        #expect(fluctuate.lowerBound < abandon.lowerBound)
        // Stage counts: studying 2 (fluctuate, revenue), waiting 0, due 1 (meticulous), mastered 1.
        #expect(deck.contains("<li class=\"stage-studying\"><span class=\"n\">2</span> 공부 중</li>"))
        #expect(deck.contains("<li class=\"stage-due\"><span class=\"n\">1</span> 오늘 복습</li>"))
        #expect(deck.contains("<li class=\"stage-mastered\"><span class=\"n\">1</span> 완료</li>"))
        // Inline Markdown in meanings and examples, rendered by cmark.
        #expect(deck.contains("<li><strong>변동</strong>하다</li>"))
        #expect(deck.contains("<li>She is <em>meticulous</em> about invoices.</li>"))
        #expect(deck.contains("<script src=\"../../assets/vocab.js\" defer></script>"))
    }

    @Test func wordsAndMeaningsCarryTheirLanguages() throws {
        let site = try Self.built()
        defer { site.remove() }
        let deck = try #require(site.read("vocab/jlpt/index.html"))
        #expect(deck.contains("<span class=\"word-text\" lang=\"ja\">諦める</span>"))
        #expect(deck.contains("<ol class=\"meanings\" lang=\"ko\"><li>포기하다</li></ol>"))
        let cards = try #require(site.read("vocab/jlpt/cards/index.html"))
        #expect(cards.contains("<span class=\"card-word\" lang=\"ja\">諦める</span>"))
        let today = try #require(site.read("vocab/today/index.html"))
        #expect(today.contains("<span class=\"word-text\" lang=\"en\">fluctuate</span>"))
    }

    @Test func todaysPlanAndCardsCoverTheStudiedAndDueWords() throws {
        let site = try Self.built()
        defer { site.remove() }
        let cards = try #require(site.read("vocab/today/cards/index.html"))
        // Today's cards; those of the coming days follow, hidden, for the phone (docs/phone.md).
        let words = cards.matches(of: try Regex(#"<li class="card" [^>]*data-word="([^"]*)""#)).map { String($0.output[1].substring!) }
        #expect(words == ["revenue", "fluctuate", "meticulous"])
        #expect(cards.contains("data-deck=\"toeic\""))
        #expect(cards.contains("data-today=\"2026-11-23\""))
        #expect(cards.contains("<li class=\"card other-day\" data-key=\"jlpt/諦める\" data-deck=\"jlpt\" data-word=\"諦める\" data-days=\"2026-11-25"))
        // Without JavaScript every card shows both sides.
        #expect(cards.components(separatedBy: "class=\"card-face card-back\"").count == cards.components(separatedBy: "<li class=\"card").count)

        let today = try #require(site.read("vocab/today/index.html"))
        #expect(today.contains("공부 2단어 · 복습 1단어"))
        #expect(today.contains("복습 1/3"))
        let home = try #require(site.read("index.html"))
        #expect(home.contains("TOEIC · 11월 22일 단어장</a> <span class=\"detail\">공부 2/3일째 · 1단어</span>"))
        #expect(home.contains("TOEIC · 11월 18일 단어장</a> <span class=\"detail\">복습 1/3 · 1단어</span>"))
        #expect(home.contains("오늘 복습 (1)"))
        #expect(home.contains("href=\"vocab/today/cards/index.html#test\""))
    }

    /// docs/content.md#the-review-schedule: on 11-26 with no line since 11-21, review 1 of toeic's 11-18 book
    /// (due 11-23) is 3 days late and jlpt's 11-20 (due 11-25) 1 day late; both come
    /// first wherever today's plan is shown, before revenue's review due today.
    @Test func anOverdueReviewIsFirstInTodaysPlanWithHowManyDaysLate() throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        try site.build(today: "2026-11-26")
        let book = try #require(site.read("vocab/toeic/2026-11-18/index.html"))
        #expect(book.contains("<span class=\"stage stage-due stage-overdue\">복습 1/3 — 3일 늦음</span>"))
        #expect(book.contains("<time datetime=\"2026-12-03\">"), "review 2 seven days after today, when review 1 is taken")

        let today = try #require(site.read("vocab/today/index.html"))
        let late = try #require(today.range(of: "복습 1/3 — 3일 늦음"))
        let onTime = try #require(today.range(of: "11월 21일 단어장"))
        #expect(late.lowerBound < onTime.lowerBound, "the overdue review is listed first")

        let home = try #require(site.read("index.html"))
        let overdue = try #require(home.range(of: "밀린 복습 (2)"))
        #expect(overdue.lowerBound < (try #require(home.range(of: "오늘 복습 (1)"))).lowerBound)
        #expect(home.contains("TOEIC · 11월 18일 단어장</a> <span class=\"detail\">복습 1/3 — 3일 늦음 · 1단어</span>"))
        #expect(home.contains("JLPT · 11월 20일 단어장</a> <span class=\"detail\">복습 1/3 — 1일 늦음 · 1단어</span>"))

        let cards = try #require(site.read("vocab/today/cards/index.html"))
        let words = cards.matches(of: try Regex(#"<li class="card" [^>]*data-word="([^"]*)""#)).map { String($0.output[1].substring!) }
        #expect(Set(words) == ["meticulous", "revenue", "諦める"])
        #expect(try #require(words.firstIndex(of: "meticulous")) < (try #require(words.firstIndex(of: "revenue"))))
        #expect(cards.contains("TOEIC · 복습 1/3 — 3일 늦음"))
        #expect(try #require(site.read("vocab/today/print/index.html")).contains("meticulous"))

        let month = try #require(site.read("calendar/2026/11/index.html"))
        func cell(_ day: String) throws -> String { try #require(month.components(separatedBy: "<td").first { $0.contains("title=\"\(day)\"") }) }
        #expect(try cell("2026년 11월 26일 (목)").contains("mark vocab review overdue today"))
        #expect(try cell("2026년 11월 26일 (목)").contains("11월 18일 단어장 복습 1/3 — 3일 늦음 (1단어)"))
        // Nothing on the day it fell due: it was not taken then.
        #expect(try cell("2026년 11월 23일 (월)").contains("TOEIC 복습") == false)

        try site.write("content/site.yml", "locale: en\n")
        try site.build(today: "2026-11-26")
        #expect(try #require(site.read("vocab/toeic/2026-11-18/index.html")).contains("Review 1 of 3 — 3 days late"))
        #expect(try #require(site.read("vocab/jlpt/2026-11-20/index.html")).contains("Review 1 of 3 — 1 day late"))
        #expect(try #require(site.read("index.html")).contains("Overdue reviews (2 words)"))
    }

    @Test func withUnrecordedPassedAPastDayWithoutALineCountsAsPassed() throws {
        let site = try Self.built(["content/vocab/reviews.md": "## 2026-11-21\n- toeic: revenue\n", "content/site.yml": "vocab:\n  unrecorded: passed\n"])
        defer { site.remove() }
        #expect(try #require(site.read("vocab/toeic/2026-10-20/index.html")).contains("<span class=\"stage stage-mastered\">완료</span>"))
        let home = try #require(site.read("index.html"))
        #expect(home.contains("<h3>밀린 복습") == false)
        // The phone works the coming days out by the same rule (`VocabPhoneState`).
        #expect(home.contains(#""rule":"passed""#))
    }

    @Test func theCalendarMarksWordsAddedAndReviewsDue() throws {
        let site = try Self.built()
        defer { site.remove() }
        let month = try #require(site.read("calendar/2026/11/index.html"))
        func cell(_ day: String) throws -> String {
            let cells = month.components(separatedBy: "<td").filter { $0.contains("title=\"\(day)\"") }
            return try #require(cells.first, "no cell for \(day)")
        }
        let added = try cell("2026년 11월 18일 (수)")
        #expect(added.contains("<li class=\"mark vocab added past\"><a href=\"../../../vocab/toeic/2026-11-18/index.html\" title=\"TOEIC: 2단어 추가\">"))
        #expect(added.contains("TOEIC +2"))
        let joined = try cell("2026년 11월 21일 (토)")
        #expect(joined.contains("title=\"TOEIC: 틀린 1단어 다시 공부\""))
        let today = try cell("2026년 11월 23일 (월)")
        #expect(today.contains("<span class=\"mark-text\">TOEIC 복습 1</span>"))
        #expect(today.contains("mark vocab review today"))
        // Future reviews are planned too.
        let future = try cell("2026년 11월 25일 (수)")
        #expect(future.contains("<a href=\"../../../vocab/jlpt/2026-11-20/index.html\""))
        #expect(future.contains("JLPT 복습 1"))
    }

    @Test func searchFindsEachWordOnItsDeckPage() throws {
        let site = try Self.built()
        defer { site.remove() }
        let index = site.searchIndex()
        #expect(index.contains(#"["meticulous","vocab/toeic/index.html#w-meticulous","2026-11-18","TOEIC"]"#))
        #expect(index.contains(#""꼼꼼한, 세심한""#))
        #expect(index.contains(#"["fluctuate","#))
    }

    @Test func aPrivateDeckAppearsNowhereUnlessAsked() throws {
        let site = try Self.built()
        defer { site.remove() }
        for file in site.outputFiles() {
            let text = site.text(file)
            #expect(!text.contains("SECRET"), "private deck in \(file)")
            #expect(!text.contains("hush") && !text.contains("whisper"), "private word in \(file)")
            #expect(!file.contains("secret"), "private deck page \(file)")
        }

        try site.build(visibility: Visibility(includePrivate: true))
        #expect(site.read("vocab/secret/index.html")?.contains("SECRET-MEANING") == true)
        #expect(site.read("vocab/today/cards/index.html")?.contains("data-word=\"whisper\"") == true)
        #expect(!site.searchIndex().contains("SECRET"), "search leaves private decks out even then")
    }

    @Test func aDeckNamedTodayIsAnError() throws {
        let site = try TestSite(["content/vocab/today.md": "## 2026-11-20\n- a :: b\n"])
        defer { site.remove() }
        let errors = site.failingBuild()
        #expect(errors.map(\.description).contains { $0.hasPrefix("content/vocab/today.md:1:1: error: a deck cannot be named 'today'") })
    }

    // MARK: import and export

    @Test func exportThenImportGivesTheSameWords() throws {
        let site = try TestSite(Self.files, onDisk: true)
        defer { site.remove() }
        let exported = try AnkiFiles.export(deck: "toeic", content: site.content, contentDisplayName: "content")
        #expect(exported.contains("meticulous\t꼼꼼한, 세심한\tShe is *meticulous* about invoices.\ttoeic 2026-11-18\n"))
        try site.write("anki.txt", exported)

        let imported = try AnkiFiles.importNotes(from: site.root.appendingPathComponent("anki.txt"), displayPath: "anki.txt",
                                                 deck: "copy", date: LocalDate(iso: "2026-11-23")!,
                                                 content: site.content, contentDisplayName: "content", verify: site.verify)
        #expect(imported.added == 4)
        #expect(imported.files == ["content/vocab/copy.md"])

        let load = { (name: String) throws -> Deck in
            let text = try String(contentsOf: site.content.appendingPathComponent("vocab/\(name).md"), encoding: .utf8)
            var diagnostics = Diagnostics()
            let deck = DeckParser.parse(SourceFile(displayPath: name, relativePath: "vocab/\(name).md", text: text),
                                        settings: SiteConfig.Vocab(), into: &diagnostics)
            #expect(!diagnostics.hasErrors)
            return try #require(deck)
        }
        let original = try load("toeic"), copy = try load("copy")
        #expect(copy.words.map(\.text) == original.words.map(\.text))
        #expect(copy.words.map(\.meanings) == original.words.map(\.meanings))
        #expect(copy.words.map(\.examples) == original.words.map(\.examples))
        #expect(copy.days.map(\.date) == [LocalDate(iso: "2026-11-23")!])

        // The imported deck is part of the next build.
        try site.build()
        #expect(site.read("vocab/copy/2026-11-23/index.html")?.contains("공부 1/3일째") == true)
    }

    @Test func importingAgainAddsOnlyNewWordsAndThenNothing() throws {
        let site = try TestSite(Self.files, onDisk: true)
        defer { site.remove() }
        try site.write("anki.txt", "#separator:tab\ncandid\t솔직한\nrevenue\t매출\n")
        let date = LocalDate(iso: "2026-11-23")!
        let deckURL = site.content.appendingPathComponent("vocab/toeic.md")
        func run(dryRun: Bool = false) throws -> ImportSummary {
            try AnkiFiles.importNotes(from: site.root.appendingPathComponent("anki.txt"), displayPath: "anki.txt", deck: "toeic",
                                      date: date, content: site.content, contentDisplayName: "content", dryRun: dryRun,
                                      verify: site.verify)
        }
        let before = try String(contentsOf: deckURL, encoding: .utf8)
        let dry = try run(dryRun: true)
        #expect(dry.lines.first == "Would import 1 word into content/vocab/toeic.md.")
        #expect(try String(contentsOf: deckURL, encoding: .utf8) == before)

        let first = try run()
        #expect(first.added == 1)
        #expect(first.alreadyImported == ["revenue"])
        #expect(first.lines == ["Imported 1 word into content/vocab/toeic.md.", "Skipped 1 word already imported: revenue."])
        let after = try String(contentsOf: deckURL, encoding: .utf8)
        #expect(after.hasSuffix("## 2026-11-23\n- candid :: 솔직한\n"))

        let second = try run()
        #expect(second.added == 0)
        #expect(second.lines == ["Nothing new to import: all 2 words already imported."])
        #expect(try String(contentsOf: deckURL, encoding: .utf8) == after)
    }

    /// Every note is accounted for: those that cannot become words are listed where they are, duplicates merged and named.
    @Test func anImportListsTheNotesItLeavesOutAndMerges() throws {
        let site = try TestSite(Self.files.merging(["anki.txt": "#separator:tab\n\t버리다\n猫\tcat\n猫\tkitty\nzeal\t\n"]) { $1 })
        defer { site.remove() }
        let summary = try AnkiFiles.importNotes(from: site.root.appendingPathComponent("anki.txt"), displayPath: "anki.txt", deck: "toeic",
                                                date: LocalDate(iso: "2026-11-23")!, content: site.content, contentDisplayName: "content",
                                                verify: site.verify, io: site.io)
        #expect(summary.lines == [
            "Imported 1 word into content/vocab/toeic.md.", "Merged 1 duplicate: '猫' (lines 3, 4).", "Left out 2:",
            "  anki.txt:2:1: a note with no word in its first field", "  anki.txt:5:6: 'zeal' has an empty back (no meaning)",
        ], "\(summary.lines)")
    }

    @Test func aBadRowStopsTheImportUnlessSkipped() throws {
        let site = try TestSite(Self.files, onDisk: true)
        defer { site.remove() }
        try site.write("anki.txt", "zeal\t열의\nopen\t\"never closed\n")
        let deckURL = site.content.appendingPathComponent("vocab/toeic.md")
        let before = try String(contentsOf: deckURL, encoding: .utf8)
        func run(skip: Bool) throws -> ImportSummary {
            try AnkiFiles.importNotes(from: site.root.appendingPathComponent("anki.txt"), displayPath: "anki.txt", deck: "toeic",
                                      date: LocalDate(iso: "2026-11-23")!, content: site.content, contentDisplayName: "content",
                                      skipBadRows: skip, verify: site.verify)
        }
        #expect { try run(skip: false) } throws: { error in
            (error as? ContentErrors)?.diagnostics.map(\.description)
                == ["anki.txt:2:6: error: quoted field is never closed\n    hint: end it with '\"'; write a quote inside it as '\"\"'; or pass --skip-bad-rows to import the other rows"]
        }
        #expect(try String(contentsOf: deckURL, encoding: .utf8) == before)
        let skipped = try run(skip: true)
        #expect(skipped.added == 1)
        #expect(skipped.lines.suffix(2) == ["Left out 1:", "  anki.txt:2:6: unreadable: quoted field is never closed"])
    }

    @Test func importAddsToAnExistingBookAndExportNamesUnknownDecks() throws {
        let site = try TestSite(Self.files, onDisk: true)
        defer { site.remove() }
        try site.write("anki.txt", "candid\t솔직한\n")
        let imported = try AnkiFiles.importNotes(from: site.root.appendingPathComponent("anki.txt"), displayPath: "anki.txt", deck: "toeic.md",
                                                 date: LocalDate(iso: "2026-11-22")!, content: site.content, contentDisplayName: "content",
                                                 verify: site.verify)
        #expect(imported.added == 1)
        let text = try String(contentsOf: site.content.appendingPathComponent("vocab/toeic.md"), encoding: .utf8)
        #expect(text.hasSuffix("## 2026-11-22\n- fluctuate :: **변동**하다\n\nPrices notes.\n- candid :: 솔직한\n"))

        #expect {
            try AnkiFiles.export(deck: "toiec", content: site.content, contentDisplayName: "content")
        } throws: { error in
            (error as? ContentErrors)?.diagnostics.map(\.description) == ["content/vocab/toiec.md:1:1: error: no deck 'toiec'\n    hint: did you mean 'toeic'?"]
        }
        #expect(AnkiFiles.deckNameProblem("reviews") != nil)
        #expect(AnkiFiles.deckNameProblem("../x") != nil)
        #expect(AnkiFiles.deckNameProblem("toeic") == nil)
    }
}
