import DaybookSite
import FuzzSupport

/// `vocab/reviews.md` against a small fixed deck, so that word look-ups run.
let deck: Deck? = {
    let text = "---\ntitle: TOEIC\n---\n\n## 2026-11-01\n\n- abandon :: 버리다\n- candid :: 솔직한\n- a, b :: 쉼표\n"
    var diagnostics = Diagnostics()
    return DeckParser.parse(SourceFile(displayPath: "content/vocab/toeic.md", relativePath: "vocab/toeic.md", text: text),
                            settings: SiteConfig.Vocab(), into: &diagnostics)
}()

@main
enum Main {
    static func main() { FuzzDriver.run(fuzzReviews) }
}

func fuzzReviews(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let file = FuzzInput.file(data, size, path: "vocab/reviews.md") else { return 0 }
    var diagnostics = Diagnostics()
    _ = ReviewLogParser.parse(file, decks: deck.map { [$0] } ?? [], into: &diagnostics)
    FuzzInput.render(diagnostics)
    return 0
}
