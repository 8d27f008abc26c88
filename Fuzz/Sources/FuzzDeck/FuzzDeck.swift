import DaybookSite
import FuzzSupport

/// A vocabulary deck: front matter, day headings, word lines.
@main
enum Main {
    static func main() { FuzzDriver.run(fuzzDeck) }
}

func fuzzDeck(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let file = FuzzInput.file(data, size, path: "vocab/toeic.md") else { return 0 }
    var diagnostics = Diagnostics()
    _ = DeckParser.parse(file, settings: SiteConfig.Vocab(), into: &diagnostics)
    FuzzInput.render(diagnostics)
    return 0
}
