@testable import DaybookSite
import Testing

/// The print pages in a built site: where they are, which words they hold,
/// and that private decks stay out.
@Suite struct FlashcardPrintPagesTests {
    static let toeic = """
    ---
    title: TOEIC
    ---
    ## 2026-11-20
    - abandon :: 버리다; 포기하다
      - He abandoned the car in the snow.
    - candid :: 솔직한

    ## 2026-11-24
    - eloquent :: 유창한
    """
    static let diary = """
    ---
    title: Diary words
    language: ko
    meaning_language: en
    private: true
    ---
    ## 2026-11-24
    - 비밀 :: PRIVATE-MEANING
    """

    @Test func decksBooksAndTodayGetPrintPages() throws {
        let site = try TestSite(["content/vocab/toeic.md": Self.toeic, "content/vocab/diary.md": Self.diary])
        defer { site.remove() }
        try site.build(today: "2026-11-25")
        let deck = try #require(site.read("vocab/toeic/print/index.html"))
        for word in ["abandon", "candid", "eloquent"] { #expect(deck.contains(">\(word)</p>")) }
        #expect(deck.contains("<style>@page { size: 210mm 297mm; margin: 0; }</style>"))
        #expect(deck.contains("<p class=\"example\" lang=\"en\""))
        #expect(deck.contains("<div class=\"meanings\" lang=\"ko\""))
        #expect(deck.contains("href=\"../index.html\""))
        // TestSite builds with seed 1.
        #expect(deck.contains("시드 <span class=\"seed-value\">1</span> · toeic · 1/1장 · 앞면"))

        let book = try #require(site.read("vocab/toeic/2026-11-20/print/index.html"))
        #expect(book.contains(">abandon</p>") && !book.contains(">eloquent</p>"))
        #expect(site.read("vocab/toeic/2026-11-24/print/index.html") != nil)

        // On 11-25 the 11-20 book has its first review and the 11-24 book its second study day.
        let today = try #require(site.read("vocab/today/print/index.html"))
        for word in ["abandon", "candid", "eloquent"] { #expect(today.contains(">\(word)</p>")) }

        for file in site.outputFiles() {
            #expect(!(site.read(file) ?? "").contains("PRIVATE-MEANING"), "private deck in \(file)")
        }
        #expect(site.read("vocab/diary/print/index.html") == nil)
    }

    @Test func wordsNotDueTodayStayOffTodaysSheets() throws {
        let site = try TestSite(["content/vocab/toeic.md": Self.toeic])
        defer { site.remove() }
        try site.build(today: "2026-11-23")
        let today = try #require(site.read("vocab/today/print/index.html"))
        #expect(!today.contains("class=\"sheet"))
        #expect(today.contains("class=\"empty\""))
    }
}
