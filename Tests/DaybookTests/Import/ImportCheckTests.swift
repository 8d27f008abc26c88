@testable import DaybookSite
import Foundation
import Testing

/// The whole site is checked with an import's files before any is written.
@Suite struct ImportCheckTests {
    static func errors(_ run: () throws -> ImportSummary) -> [String] {
        do {
            _ = try run()
            return []
        } catch let errors as ContentErrors {
            return errors.diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    static func leftovers(_ site: TestSite) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("importing") }
    }

    @Test func aPhotoTheBuildCannotReadStopsTheImport() throws {
        let site = try TestSite(onDisk: true)
        defer { site.remove() }
        let export = site.root.appendingPathComponent("export")
        try FileManager.default.createDirectory(at: export.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: DayOneImportTests.sample.appendingPathComponent("Journal.json"),
                                         to: export.appendingPathComponent("Journal.json"))
        try Data("not a photo".utf8).write(to: export.appendingPathComponent("photos/0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpeg"))
        let errors = Self.errors {
            try DayOneImport.run(export, displayPath: "export", content: site.content, contentDisplayName: "content", verify: site.verify)
        }
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("content/diary/2024/2024-08-31-2.md:") == true)
        #expect(errors.first?.contains("is not a readable image") == true)
        #expect(!FileManager.default.fileExists(atPath: site.content.appendingPathComponent("diary").path), "nothing written")
        #expect(try Self.leftovers(site).isEmpty, "the mirror the check ran on is removed")
    }

    @Test func contentWithErrorsAlreadyGetsNothingAndSaysSo() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": "---\nweather: snwo\n---\nx\n"], onDisk: true)
        defer { site.remove() }
        let errors = Self.errors {
            try JrnlImport.run(JrnlImportTests.samples.appendingPathComponent("journal.txt"), displayPath: "journal.txt",
                               content: site.content, contentDisplayName: "content", verify: site.verify)
        }
        #expect(errors.first?.hasPrefix("content:1:1: error: content/ has errors already") == true)
        #expect(errors.contains { $0.hasPrefix("content/diary/2026/2026-11-20.md:2:10: error: unknown weather 'snwo'") })
        #expect(!FileManager.default.fileExists(atPath: site.content.appendingPathComponent("diary/2024").path))
        #expect(try Self.leftovers(site).isEmpty)
    }

    /// The check reads the content with the import laid over it, so an
    /// import runs in memory like a build: a deck replaced, the site checked
    /// with it, an entry with an error stopping the import before anything is written.
    @Test func anImportIsCheckedThroughTheSeamInMemory() throws {
        let deck = "---\ntitle: TOEIC\nlanguage: en\nmeaning_language: ko\n---\n## 2026-11-20\n- candid :: 솔직한\n"
        let site = try TestSite(["content/vocab/toeic.md": deck, "anki.txt": "meticulous\t꼼꼼한\n",
                                 "journal.txt": "[2024-03-02 07:00] Cold. ![snow](nope.jpg)\n"])
        defer { site.remove() }
        let summary = try AnkiFiles.importNotes(from: site.root.appendingPathComponent("anki.txt"), displayPath: "anki.txt", deck: "toeic",
                                                date: LocalDate(iso: "2026-11-23")!, content: site.content, contentDisplayName: "content",
                                                verify: site.verify, io: site.io)
        #expect(summary.added == 1)
        #expect(site.io.text(site.content.appendingPathComponent("vocab/toeic.md").path)?.contains("- meticulous :: 꼼꼼한") == true)
        try site.build()
        #expect(site.read("vocab/toeic/index.html")?.contains("meticulous") == true)

        let before = site.memory?.files(under: site.content.path)
        let errors = Self.errors {
            try JrnlImport.run(site.root.appendingPathComponent("journal.txt"), displayPath: "journal.txt",
                               content: site.content, contentDisplayName: "content", verify: site.verify, io: site.io)
        }
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("content/diary/2024/2024-03-02.md:") == true)
        #expect(site.memory?.files(under: site.content.path) == before, "nothing written")
    }

    @Test func aDryRunChecksTooAndTheUsersFilesAreNeverWrittenThrough() throws {
        let deck = "---\ntitle: TOEIC\nlanguage: en\nmeaning_language: ko\n---\n## 2026-11-20\n- candid :: 솔직한\n"
        let site = try TestSite(["content/vocab/toeic.md": deck, "anki.txt": "meticulous\t꼼꼼한\n"], onDisk: true)
        defer { site.remove() }
        let summary = try AnkiFiles.importNotes(from: site.root.appendingPathComponent("anki.txt"), displayPath: "anki.txt", deck: "toeic",
                                                date: LocalDate(iso: "2026-11-23")!, content: site.content, contentDisplayName: "content",
                                                dryRun: true, verify: site.verify)
        #expect(summary.added == 1)
        // The check replaced the deck in its mirror, where the deck is a hard link to this file.
        #expect(try String(contentsOf: site.content.appendingPathComponent("vocab/toeic.md"), encoding: .utf8) == deck)
    }
}
