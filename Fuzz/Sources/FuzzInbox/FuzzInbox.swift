import DaybookSite
import Foundation
import FuzzSupport

/// An inbox file merged into a small site; when it merges, the merged
/// reviews.md and routines log read without an error, and merging it again
/// changes nothing (a violated property stops the run as a crash).
let deck: Deck = {
    let text = "## 2026-11-20\n- abandon :: 버리다\n- candid :: 솔직한\n- a, b :: 쉼표\n"
    var diagnostics = Diagnostics()
    return DeckParser.parse(SourceFile(displayPath: "content/vocab/toeic.md", relativePath: "vocab/toeic.md", text: text),
                            settings: SiteConfig.Vocab(), into: &diagnostics)!
}()
let routines = [Routine(id: "wake", name: "Wake"), Routine(id: "reading", name: "Reading")]
let site = InboxMerge.Site(decks: [deck], routines: routines, timeZone: TimeZone(identifier: "Asia/Seoul")!,
                           today: LocalDate(iso: "2026-11-27")!, workoutFiles: [LocalDate(iso: "2026-11-26")!: "workouts/2026/2026-11-26.md"])
let files: [String: [UInt8]] = [
    "vocab/reviews.md": Array("# r\r\n\r\n## 2026-11-26\r\n- toeic: candid\r\n".utf8),
    "routines/log.md": Array("- 2026-11-26: wake".utf8),
    "workouts/2026/2026-11-26.md": Array("---\ndate: 2026-11-26\n---\n- Squat: 100kg x 5\nnote\n".utf8),
]

@main
enum Main {
    static func main() { FuzzDriver.run(fuzzInbox) }
}

func fuzzInbox(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let inbox = [InboxMerge.InboxFile(displayPath: "content/inbox/x.jsonl", bytes: bytes)]
    guard let once = try? InboxMerge.merge(inbox, site: site, read: { files[$0] }) else { return 0 }
    let after = files.merging(once.files) { $1 }
    var diagnostics = Diagnostics()
    let reviews = String(decoding: after["vocab/reviews.md"]!, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    _ = ReviewLogParser.parse(SourceFile(displayPath: "r", relativePath: "vocab/reviews.md", text: reviews), decks: [deck], into: &diagnostics)
    let log = String(decoding: after["routines/log.md"]!, as: UTF8.self)
    _ = RoutineParser.parseLog(SourceFile(displayPath: "l", relativePath: "routines/log.md", text: log), routines: routines, into: &diagnostics)
    precondition(!diagnostics.hasErrors, "the merged files do not read: \(diagnostics.errors)")
    var ignored = Diagnostics()
    let events = InboxParser.parse(bytes, displayPath: "x", into: &ignored)
    let twice = try! InboxMerge.merge(inbox, site: site, merged: events, read: { after[$0] })
    precondition(twice.files.allSatisfy { after[$0.key] == $0.value }, "merging twice changed the files")
    return 0
}
