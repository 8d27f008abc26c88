import Foundation
import Testing
@testable import DaybookSite

/// jrnl's journal file and JSON export into diary files.
@Suite struct JrnlImportTests {
    static let samples = TrainingImportTests.samples.appendingPathComponent("jrnl")

    static func entries(_ name: String, format: String? = nil) throws -> [JrnlEntry] {
        let text = try String(contentsOf: samples.appendingPathComponent(name), encoding: .utf8)
        var bad = BadRows()
        let entries = try JrnlText.entries(SourceFile(displayPath: name, relativePath: name, text: text),
                                           format: format.flatMap(JrnlTimeFormat.init), badRows: &bad)
        #expect(bad.items.isEmpty)
        return entries
    }

    static func moment(_ entry: JrnlEntry) -> String { "\(entry.date.iso) \(entry.clock)" }

    @Test func theDefaultFormatGivesTitlesBodiesTagsAndStars() throws {
        let entries = try Self.entries("journal.txt")
        #expect(entries.map(Self.moment) == ["2024-03-02 08:15", "2024-03-02 21:40", "2024-03-05 19:05", "2024-03-05 07:30"])
        let rain = entries[0]
        #expect(rain.title == "Rain on the window.")
        #expect(rain.body.hasPrefix("Made tea and read for an hour with @cat on my lap.\n\nSecond paragraph:"))
        #expect(rain.body.contains("\n2024-03-02 09:00 this line looks like a jrnl 1.x date but is only text."),
                "an unbracketed date is text in a bracketed journal")
        #expect(rain.body.hasSuffix("[see below] a bracket that is not a date stays text too."), "trailing blank lines dropped")
        #expect(rain.tags == ["cat", "errands"])
        #expect(!rain.starred)

        let walk = entries[1]
        #expect(walk.starred)
        #expect(walk.title == "Evening walk by the river.", "an entry of one line is split after its first sentence")
        #expect(walk.body == "The air smelled of spring! @walk")
        #expect(walk.tags == ["walk"])

        let draft = entries[2]
        #expect(draft.starred, "a star right after the date")
        #expect(draft.title == "Finished the first draft")
        #expect(draft.body == "The chapter about the harbour is done. @writing @Writing\n\n- list item one\n- list item two")
        #expect(draft.tags == ["writing"], "tags are lowercased and counted once")

        #expect(entries[3].title == "새벽에 일어났다。", "a CJK full stop needs no space")
        #expect(entries[3].tags == ["일기"])
    }

    @Test func otherDateStylesAreFoundByThemselves() throws {
        let seconds = try Self.entries("journal-seconds.txt")
        #expect(seconds.map(Self.moment) == ["2024-04-01 06:30:15", "2024-04-01 18:02:59"])
        #expect(seconds[1].starred && seconds[1].title == "Quiet evening.")

        let twelve = try Self.entries("journal-12h.txt")
        #expect(twelve.map(Self.moment) == ["2024-05-10 09:05", "2024-05-10 23:45"])
        #expect(twelve[1].title == "Late night.")
        #expect(twelve[1].body == "Could not sleep so I wrote this. @sleep")

        let old = try Self.entries("journal-v1.txt")
        #expect(old.map(Self.moment) == ["2012-03-29 17:16", "2012-03-30 09:00"], "jrnl 1.x: no brackets")
        #expect(old[0].body == "It took all afternoon, @sunday well spent.\n[2012-03-29 18:00] this bracketed line is body text in a 1.x journal.")
        #expect(old[1].starred && old[1].title == "Called the plumber.")
    }

    @Test func aConfiguredTimeFormatIsUsedAsJrnlUsesIt() throws {
        #expect(throws: ContentErrors.self) { try Self.entries("journal-custom.txt") }
        let entries = try Self.entries("journal-custom.txt", format: "%d/%m/%Y %H:%M")
        #expect(entries.map(Self.moment) == ["2023-12-31 23:59"])
        #expect(JrnlTimeFormat("%Y-%m-%d %H:%M") != nil)
        #expect(JrnlTimeFormat("%H:%M") == nil, "a format without a date cannot start entries")
        #expect(JrnlTimeFormat("%Y-%m-%d %Q") == nil)
        let named = JrnlTimeFormat("%A, %B %d, %Y %I:%M %p")!
        let found = named.match(Array("Saturday, March 2, 2024 9:05 pm rest")[...])
        #expect(found.map { "\($0.date.iso) \($0.time.text)" } == "2024-03-02 21:05")
    }

    @Test func textBeforeTheFirstEntryIsABadRow() throws {
        var bad = BadRows()
        let file = SourceFile(displayPath: "j.txt", relativePath: "j.txt", text: "stray note\n\n[2024-01-01 10:00] Hello.\n")
        let entries = try JrnlText.entries(file, format: nil, badRows: &bad)
        #expect(entries.count == 1)
        #expect(bad.items.map(\.location.line) == [1])
    }

    @Test func sentencesSplitAsJrnlSplitsThem() {
        #expect(JrnlText.firstSentence("Called in sick. Used the time.") == ("Called in sick.", "Used the time."))
        #expect(JrnlText.firstSentence("He said \"stop!\" and left") == ("He said \"stop!\"", "and left"))
        #expect(JrnlText.firstSentence("Version 2.0 is out") == ("Version 2.0 is out", ""))
        #expect(JrnlText.firstSentence("Wait... what? Yes") == ("Wait...", "what? Yes"))
        #expect(JrnlText.tags(in: "mail a@b.c and @Tom, (@no) @work/home") == ["tom", "work/home"])
    }

    @Test func theJSONExportReadsTheSameEntries() throws {
        let text = try String(contentsOf: Self.samples.appendingPathComponent("journal.json"), encoding: .utf8)
        var bad = BadRows()
        var unknown = Set<String>()
        let entries = try JrnlJSON.entries(SourceFile(displayPath: "journal.json", relativePath: "journal.json", text: text),
                                           unknown: &unknown, badRows: &bad)
        #expect(entries.map(Self.moment) == ["2024-03-02 08:15", "2024-03-02 21:40"])
        #expect(entries[1].starred && entries[1].tags == ["walk"])
        #expect(entries[0].body == "Made tea and read for an hour with @cat on my lap.\n\nSecond paragraph.")
        #expect(unknown == ["uuid"])
    }

    @Test func anEntryFileKeepsWhatJrnlKnows() throws {
        let entry = try Self.entries("journal.txt")[1]
        #expect(JrnlImport.file(entry) == """
            ---
            date: 2024-03-02 21:40
            title: "Evening walk by the river."
            tags: ["walk"]
            starred: true
            jrnl_entry: "2024-03-02 21:40 Evening walk by the river."
            ---
            The air smelled of spring! @walk

            """)
    }

    @Test func importingTwiceWritesOnceInTimeOrderAndTheSiteBuilds() throws {
        let site = try TestSite(onDisk: true)
        defer { site.remove() }
        let run = { try JrnlImport.run(Self.samples.appendingPathComponent("journal.txt"), displayPath: "journal.txt",
                                       content: site.content, contentDisplayName: "content", verify: site.verify) }
        let first = try run()
        #expect(first.added == 4)
        #expect(first.files == ["content/diary/2024/2024-03-02.md", "content/diary/2024/2024-03-02-2.md",
                                "content/diary/2024/2024-03-05.md", "content/diary/2024/2024-03-05-2.md"])
        let early = try String(contentsOf: site.content.appendingPathComponent("diary/2024/2024-03-05.md"), encoding: .utf8)
        #expect(early.contains("title: \"새벽에 일어났다。\""), "the day's earlier entry gets the plain name")
        let second = try run()
        #expect(second.added == 0)
        #expect(second.alreadyImported.count == 4)
        // The JSON export of the same journal knows two of the entries already.
        let json = try JrnlImport.run(Self.samples.appendingPathComponent("journal.json"), displayPath: "journal.json",
                                      content: site.content, contentDisplayName: "content", verify: site.verify)
        #expect(json.added == 0 && json.alreadyImported.count == 2)
        try site.build()
    }
}
