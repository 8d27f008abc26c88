@testable import DaybookSite
import Foundation
import Testing

/// The title and the lines of a body are found by bytes; they must be what
/// reading by `Character`s finds (the code before, kept here as the oracle),
/// whatever the text: CRLF, Unicode spaces, combining marks after a `#`.
@Suite struct BodyLinesTests {
    enum Oracle {
        static func titleAndBody(_ given: String?, _ body: String, fallback: String) -> (String, String) {
            var start = body.startIndex
            while start < body.endIndex {
                let end = body[start...].firstIndex(of: "\n") ?? body.endIndex
                let line = body[start..<end]
                if !line.allSatisfy(\.isWhitespace) {
                    guard let heading = firstHeading(in: String(line)) else { break }
                    let title = given ?? heading
                    guard title == heading else { return (title, body) }
                    return (title, end < body.endIndex ? String(body[body.index(after: end)...]) : "")
                }
                guard end < body.endIndex else { break }
                start = body.index(after: end)
            }
            return (given ?? firstHeading(in: body) ?? fallback, body)
        }

        static func firstHeading(in body: String) -> String? {
            var inFence = false
            for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.drop { $0 == " " }
                if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle(); continue }
                guard !inFence, line.count - trimmed.count < 4, trimmed.hasPrefix("# ") || trimmed == "#" else { continue }
                var text = trimmed.dropFirst(1).trimmingTrailingSpaces()
                while text.last == "#" { text = text.dropLast() }
                let heading = String(text).trimmingCharacters(in: " ")
                if !heading.isEmpty { return heading }
            }
            return nil
        }
    }

    static let pieces = ["# ", "#", "## ", "# Title", "#\u{301} x", " # Indented", "    # Code", "```", "~~~", "``\u{301}`", " ```", "Text",
                         "오늘", "\u{3000}", "\u{00A0}", "\u{0085}", "\t", " ", "\r", "\r\n", "\n", "\n", "\n", "# 제목 #", "# a ## ", "e\u{301}",
                         " \u{301}#", "\u{FEFF}", "x\u{1F}", "#\t"]

    @Test func titlesAndHeadingsAreFoundAsCharactersFindThem() {
        var random = SeededShuffle.SplitMix64(seed: 8)
        for _ in 0..<20_000 {
            let body = (0..<Int.random(in: 0..<12, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            let given = [nil, "Title", "제목"].randomElement(using: &random)!
            #expect(DiaryParser.firstHeading(in: body) == Oracle.firstHeading(in: body), "\(body.debugDescription)")
            let (title, rest, _) = DiaryParser.titleAndBody(given, body, fallback: "2026-11-24")
            let expected = Oracle.titleAndBody(given, body, fallback: "2026-11-24")
            #expect(title == expected.0 && rest == expected.1, "\(body.debugDescription)")
        }
    }

    @Test func aFileIsReadWholeWhateverSizeItSays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for size in [0, 1, 4095, 200_000] {
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let path = folder.appendingPathComponent("f\(size)").path
            try bytes.write(to: URL(fileURLWithPath: path))
            #expect(try FileIO.disk.read(path) == bytes)
        }
        // The kernel says 0 bytes for /proc files, yet they have text.
        #expect(try String(decoding: FileIO.disk.read("/proc/self/status"), as: UTF8.self).contains("Name:"))
    }
}
