import Foundation
import Testing
@testable import DaybookSite

/// `daybook inbox` as pure functions: inbox files' and content files' bytes in, files' bytes out.
@Suite struct InboxMergeTests {
    static let toeic = VocabParsingTests.deck("""
    ## 2026-11-20
    - abandon :: 버리다
    - benevolent :: 자비로운
    - candid :: 솔직한
    - diligent :: 부지런한
    """).0!
    static let jlpt = VocabParsingTests.deck("## 2026-11-20\n- 諦める :: 포기하다\n- 迷う :: 헤매다\n", name: "jlpt-n3").0!
    static let site = InboxMerge.Site(
        decks: [toeic, jlpt], routines: [Routine(id: "wake", name: "Wake"), Routine(id: "reading", name: "Reading"), Routine(id: "stretch", name: "Stretch")],
        timeZone: TimeZone(identifier: "Asia/Seoul")!, today: LocalDate(iso: "2026-11-27")!)

    static func line(_ id: String, _ at: String, _ fields: String) -> String {
        "{\"v\":1,\"id\":\"\(id)\",\"at\":\"2026-11-27T\(at)+09:00\",\(fields)}"
    }

    /// The spec's example file, from one phone.
    static let phoneA = [
        line("a-1", "21:02:11", "\"type\":\"test\",\"deck\":\"toeic\",\"word\":\"candid\",\"result\":\"missed\""),
        line("a-2", "21:02:15", "\"type\":\"test\",\"deck\":\"toeic\",\"word\":\"abandon\",\"result\":\"passed\""),
        line("a-3", "07:31:00", "\"type\":\"routine\",\"routine\":\"reading\",\"minutes\":12"),
        line("a-4", "18:40:00", "\"type\":\"workout\",\"split\":\"Legs\",\"sets\":[\"Squat: 100kg x 5 x 3\"]"),
        line("a-5", "22:10:00", "\"type\":\"entry\",\"title\":\"눈\",\"text\":\"첫눈이 왔다.\""),
    ].joined(separator: "\n") + "\n"

    /// Another phone, the same day, overlapping the first.
    static let phoneB = [
        line("b-1", "20:00:00", "\"type\":\"test\",\"deck\":\"toeic\",\"word\":\"abandon\",\"result\":\"missed\""),
        line("b-2", "20:00:05", "\"type\":\"test\",\"deck\":\"jlpt-n3\",\"word\":\"迷う\",\"result\":\"passed\""),
        line("b-3", "06:10:00", "\"type\":\"routine\",\"routine\":\"wake\""),
        line("b-4", "19:00:00", "\"type\":\"workout\",\"sets\":[\"Lunge: 20kg x 10 x 2\"]"),
        line("b-5", "23:00:00", "\"type\":\"entry\",\"text\":\"밤 산책.\""),
    ].joined(separator: "\n") + "\n"

    static let startFiles: [String: [UInt8]] = [
        "vocab/reviews.md": Array("# 결과\n\n## 2026-11-26\n- toeic: diligent\n".utf8),
        "routines/log.md": Array("- 2026-11-26: wake\n".utf8),
    ]

    /// The content as a user's folder holds it between runs, and the merged inbox files.
    struct Folder {
        var files = InboxMergeTests.startFiles
        var merged: [InboxEvent] = []

        /// One `daybook inbox` run over these inbox files.
        @discardableResult
        mutating func merge(_ inbox: [(String, String)]) throws -> InboxMerge.Result {
            var site = InboxMergeTests.site
            site.takenPaths = Set(files.keys)
            for path in files.keys.sorted() where path.hasPrefix("workouts/") {
                let date = LocalDate(iso: path.split(separator: "/").last!.prefix(10))!
                if site.workoutFiles[date] == nil { site.workoutFiles[date] = path }
            }
            let given = files
            let result = try InboxMerge.merge(inbox.map { InboxMerge.InboxFile(displayPath: "content/inbox/\($0.0)", bytes: Array($0.1.utf8)) },
                                              site: site, merged: merged) { given[$0] }
            files.merge(result.files) { $1 }
            for path in result.removed { files[path] = nil }
            for (name, text) in inbox {
                var ignored = Diagnostics()
                merged += InboxParser.parse(Array(text.utf8), displayPath: name, into: &ignored)
            }
            return result
        }

        func text(_ path: String) -> String? { files[path].map { String(decoding: $0, as: UTF8.self) } }
    }

    static func errors(_ inbox: String, files: [String: [UInt8]] = startFiles) -> [Diagnostic] {
        do {
            _ = try InboxMerge.merge([InboxMerge.InboxFile(displayPath: "content/inbox/x.jsonl", bytes: Array(inbox.utf8))], site: site) { files[$0] }
            return []
        } catch let errors as ContentErrors {
            return errors.diagnostics
        } catch {
            return [Diagnostic(SourceLocation(path: "?"), "\(error)")]
        }
    }

    @Test func theSpecsEventsGoIntoTheirFiles() throws {
        var folder = Folder()
        let result = try folder.merge([("a.jsonl", Self.phoneA)])
        #expect(result.merged == 5)
        #expect(folder.text("vocab/reviews.md") == "# 결과\n\n## 2026-11-26\n- toeic: diligent\n\n## 2026-11-27\n- toeic: candid\n")
        #expect(folder.text("routines/log.md") == "- 2026-11-26: wake\n- 2026-11-27: reading 12 min\n")
        #expect(folder.text("workouts/2026/2026-11-27.md") == "---\ndate: 2026-11-27\nsplit: \"Legs\"\n---\n- Squat: 100kg x 5 x 3\n")
        #expect(folder.text("diary/2026/2026-11-27-2210.md") == "---\ntitle: \"눈\"\ndate: 2026-11-27 22:10\n---\n첫눈이 왔다.\n")
        #expect(result.created == ["workouts/2026/2026-11-27.md", "diary/2026/2026-11-27-2210.md"])
    }

    @Test func aDeckTestedWithNothingMissedIsRecorded() throws {
        var folder = Folder()
        try folder.merge([("b.jsonl", Self.line("x", "21:00:00", "\"type\":\"test\",\"deck\":\"jlpt-n3\",\"word\":\"迷う\",\"result\":\"passed\""))])
        #expect(folder.text("vocab/reviews.md")!.hasSuffix("\n## 2026-11-27\n- jlpt-n3:\n"))
        var diagnostics = Diagnostics()
        let log = ReviewLogParser.parse(SourceFile(displayPath: "r", relativePath: "vocab/reviews.md", text: folder.text("vocab/reviews.md")!),
                                        decks: Self.site.decks, into: &diagnostics)
        #expect(diagnostics.items.isEmpty)
        #expect(log.days.last?.decks == ["jlpt-n3"] && log.days.last?.misses.isEmpty == true)
    }

    @Test func mergingTheSameFileTwiceChangesNothing() throws {
        var folder = Folder()
        try folder.merge([("a.jsonl", Self.phoneA)])
        let once = folder.files
        let again = try folder.merge([("a.jsonl", Self.phoneA)])
        #expect(again.merged == 0 && again.alreadyMerged == 5)
        #expect(folder.files == once)
        // The same events twice in one run are one.
        var fresh = Folder()
        try fresh.merge([("a.jsonl", Self.phoneA), ("a-copy.jsonl", Self.phoneA)])
        #expect(fresh.files == once)
    }

    @Test func twoDevicesInEitherOrderGiveTheSameFiles() throws {
        var aThenB = Folder(), bThenA = Folder(), together = Folder(), togetherReversed = Folder()
        try aThenB.merge([("a.jsonl", Self.phoneA)])
        try aThenB.merge([("b.jsonl", Self.phoneB)])
        try bThenA.merge([("b.jsonl", Self.phoneB)])
        try bThenA.merge([("a.jsonl", Self.phoneA)])
        try together.merge([("a.jsonl", Self.phoneA), ("b.jsonl", Self.phoneB)])
        try togetherReversed.merge([("b.jsonl", Self.phoneB), ("a.jsonl", Self.phoneA)])
        #expect(aThenB.files == bThenA.files)
        #expect(aThenB.files == together.files)
        #expect(together.files == togetherReversed.files)
        #expect(aThenB.text("vocab/reviews.md")!.hasSuffix("## 2026-11-27\n- jlpt-n3:\n- toeic: abandon, candid\n"))
        #expect(aThenB.text("routines/log.md") == "- 2026-11-26: wake\n- 2026-11-27: wake, reading 12 min\n")
        #expect(aThenB.text("workouts/2026/2026-11-27.md")!.hasSuffix("- Squat: 100kg x 5 x 3\n- Lunge: 20kg x 10 x 2\n"))
        #expect(aThenB.files.keys.filter { $0.hasPrefix("diary/") }.sorted() == ["diary/2026/2026-11-27-2210.md", "diary/2026/2026-11-27-2300.md"])
    }

    @Test func timedMinutesAddUpOnTheLogLineInAnyOrder() throws {
        let timedA = Self.line("ta", "07:00:00", "\"type\":\"routine\",\"routine\":\"wake\",\"minutes\":12")
        let timedB = Self.line("tb", "07:30:00", "\"type\":\"routine\",\"routine\":\"wake\",\"minutes\":3") + "\n"
            + Self.line("tc", "08:00:00", "\"type\":\"routine\",\"routine\":\"stretch\",\"minutes\":0")
        func folder() -> Folder {
            var folder = Folder()
            // Written by hand: minutes already on the line, and a routine without any.
            folder.files["routines/log.md"] = Array("- 2026-11-27: reading, wake 5 min\n".utf8)
            return folder
        }
        var aThenB = folder(), bThenA = folder()
        try aThenB.merge([("a.jsonl", timedA)])
        try aThenB.merge([("b.jsonl", timedB)])
        try bThenA.merge([("b.jsonl", timedB)])
        try bThenA.merge([("a.jsonl", timedA)])
        let twice = try bThenA.merge([("a.jsonl", timedA), ("b.jsonl", timedB)])
        #expect(twice.merged == 0)
        #expect(aThenB.text("routines/log.md") == "- 2026-11-27: reading, wake 20 min, stretch 0 min\n")
        #expect(bThenA.files == aThenB.files)
        // What the merge wrote reads back with every minute.
        var diagnostics = Diagnostics()
        let log = RoutineParser.parseLog(SourceFile(displayPath: "l", relativePath: "routines/log.md", text: aThenB.text("routines/log.md")!),
                                         routines: Self.site.routines, into: &diagnostics)
        #expect(diagnostics.items.isEmpty)
        let day = LocalDate(iso: "2026-11-27")!
        #expect([log.minutes(of: "wake", on: day), log.minutes(of: "stretch", on: day), log.minutes(of: "reading", on: day)] == [20, 0, nil])
    }

    @Test func everyOtherByteIsKept() throws {
        // CRLF, a byte order mark and no final newline stay as they were.
        var folder = Folder()
        folder.files["vocab/reviews.md"] = [0xEF, 0xBB, 0xBF] + Array("## 2026-11-27\r\n- toeic: diligent\r\n\r\n## 2026-11-28\r\n- toeic: benevolent".utf8)
        folder.files["routines/log.md"] = Array("# log\r\n- 2026-11-26: wake\r\n<!-- kept -->".utf8)
        try folder.merge([("a.jsonl", Self.phoneA)])
        #expect(folder.files["vocab/reviews.md"]! == [0xEF, 0xBB, 0xBF]
            + Array("## 2026-11-27\r\n- toeic: candid, diligent\r\n\r\n## 2026-11-28\r\n- toeic: benevolent".utf8))
        #expect(folder.text("routines/log.md") == "# log\r\n- 2026-11-26: wake\r\n<!-- kept -->\r\n- 2026-11-27: reading 12 min")
    }

    /// Its split joins a front matter without one; the lines go after the exercises, before the note.
    @Test func aWorkoutJoinsTheDaysFileBeforeItsNote() throws {
        var folder = Folder()
        folder.files["workouts/2026/2026-11-27-0700.md"] = Array("---\ndate: 2026-11-27 07:00\n---\n- Bench press: 60kg x 8\nFelt strong.\n".utf8)
        try folder.merge([("a.jsonl", Self.phoneA)])
        #expect(folder.text("workouts/2026/2026-11-27-0700.md") == "---\ndate: 2026-11-27 07:00\nsplit: \"Legs\"\n---\n- Bench press: 60kg x 8\n- Squat: 100kg x 5 x 3\nFelt strong.\n")
        #expect(folder.files["workouts/2026/2026-11-27.md"] == nil)
    }

    @Test func theEventsDateIsTheSitesDay() throws {
        // 23:30 in Los Angeles on the 26th is the 27th in Seoul.
        var folder = Folder()
        try folder.merge([("a.jsonl", "{\"v\":1,\"id\":\"z\",\"at\":\"2026-11-26T07:30:00-08:00\",\"type\":\"routine\",\"routine\":\"wake\"}\n")])
        #expect(folder.text("routines/log.md") == "- 2026-11-26: wake\n- 2026-11-27: wake\n")
    }

    // MARK: - Hostile inbox files

    @Test func errorsAreAtTheInboxFilesLinesAllTogether() {
        let inbox = [
            Self.line("1", "10:00:00", "\"type\":\"test\",\"deck\":\"toeic\",\"word\":\"candid\",\"result\":\"missed\""),
            Self.line("2", "10:00:00", "\"type\":\"tset\",\"deck\":\"toeic\""),
            "not json",
            Self.line("4", "10:00:00", "\"type\":\"test\",\"deck\":\"toiec\",\"word\":\"candid\",\"result\":\"missed\""),
            Self.line("5", "10:00:00", "\"type\":\"test\",\"deck\":\"toeic\",\"word\":\"迷う\",\"result\":\"missed\""),
            Self.line("6", "10:00:00", "\"type\":\"routine\",\"routine\":\"wkae\""),
            Self.line("7", "10:00:00", "\"type\":\"test\",\"deck\":\"toeic\",\"word\":\"candid\",\"result\":\"missed\",\"extra\":1"),
        ].joined(separator: "\n")
        let errors = Self.errors(inbox)
        #expect(errors.map(\.location.line) == [2, 3, 4, 5, 6, 7])
        #expect(errors.allSatisfy { $0.severity == .error })
        #expect(errors.allSatisfy { $0.location.path == "content/inbox/x.jsonl" })
        #expect(errors[0].message.contains("unknown event type 'tset'") && errors[0].hint == "did you mean 'test'?")
        #expect(errors[0].location.column == 1 + Self.line("2", "10:00:00", "\"type\":\"tset\"").distance(of: "\"type\""))
        #expect(errors[2].message == "unknown deck 'toiec'" && errors[2].hint == "did you mean 'toeic'?")
        #expect(errors[3].message == "'迷う' is not a word of deck 'toeic'" && errors[3].hint == "it is a word of deck 'jlpt-n3'")
        #expect(errors[4].hint == "did you mean 'wake'?")
        #expect(errors[5].message.contains("unknown field 'extra'"))
    }

    /// One event of a deck the site does not have: an error, and nothing is merged.
    @Test func anUnknownDeckAloneIsAnError() {
        let errors = Self.errors(Self.line("1", "10:00:00", "\"type\":\"test\",\"deck\":\"toiec\",\"word\":\"candid\",\"result\":\"missed\""))
        #expect(errors.map(\.severity) == [.error])
        #expect(errors.first?.message == "unknown deck 'toiec'")
    }

    @Test func datesFarAwayAreRefused() {
        for at in ["2026-11-29T09:00:00+09:00", "2025-10-01T09:00:00+09:00", "1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z"] {
            let errors = Self.errors("{\"v\":1,\"id\":\"x\",\"at\":\"\(at)\",\"type\":\"routine\",\"routine\":\"wake\"}")
            #expect(errors.count == 1, "\(at)")
        }
        #expect(Self.errors("{\"v\":1,\"id\":\"x\",\"at\":\"2026-11-28T09:00:00+09:00\",\"type\":\"routine\",\"routine\":\"wake\"}").isEmpty)
        // A word tested before the day it was added.
        let early = Self.errors("{\"v\":1,\"id\":\"x\",\"at\":\"2026-11-19T09:00:00+09:00\",\"type\":\"test\",\"deck\":\"toeic\",\"word\":\"candid\",\"result\":\"missed\"}")
        #expect(early.first?.message == "'candid' is tested on 2026-11-19 but only added on 2026-11-20")
        for at in ["2026-11-27", "2026-11-27T10:00:00", "2026-11-27T25:00:00+09:00", "2026-02-30T10:00:00Z", "2026-11-27T10:00:00+9:00"] {
            #expect(Self.errors("{\"v\":1,\"id\":\"x\",\"at\":\"\(at)\",\"type\":\"routine\",\"routine\":\"wake\"}").count == 1, "\(at)")
        }
    }

    @Test func hugeLinesDeepNestingAndBadBytesAreRefused() {
        let huge = Self.line("h", "10:00:00", "\"type\":\"entry\",\"text\":\"" + String(repeating: "가", count: 30_000) + "\"")
        #expect(Self.errors(huge).first?.message.contains("longer than 64 KB") == true)
        let nested = "{\"v\":1,\"sets\":" + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + "}"
        #expect(Self.errors(nested).first?.message.contains("nests JSON deeper") == true)
        #expect(Self.errors(String(decoding: [0xFF, 0xFE, 0x41], as: UTF8.self)).count == 1)
        #expect(Self.errors("[1,2]\n\"text\"\nnull\n{\"v\":2,\"id\":\"x\"}\n{\"v\":true}").map(\.location.line) == [1, 2, 3, 4, 5])
    }

    @Test func controlCharactersAndPathTricksAreRefused() {
        let cases = [
            "\"type\":\"test\",\"deck\":\"toeic\u{0}\",\"word\":\"candid\",\"result\":\"missed\"",
            "\"type\":\"test\",\"deck\":\"toeic\",\"word\":\"can\\u001b[2Jdid\",\"result\":\"missed\"",
            "\"type\":\"test\",\"deck\":\"../../etc/passwd\",\"word\":\"candid\",\"result\":\"missed\"",
            "\"type\":\"routine\",\"routine\":\"wake\\nprivate: false\"",
            "\"type\":\"entry\",\"title\":\"a\\u2028b\",\"text\":\"x\"",
            "\"type\":\"entry\",\"text\":\"nul \\u0000 in the text\"",
            "\"type\":\"workout\",\"sets\":[\"Squat: 100kg x 5\\n---\"]",
            "\"type\":\"workout\",\"split\":\"Legs\\r\\ntitle: x\"",
        ]
        for fields in cases {
            #expect(Self.errors(Self.line("x", "10:00:00", fields)).count == 1, "\(fields)")
        }
        // The id is no file name, but only a plain one is taken.
        #expect(Self.errors("{\"v\":1,\"id\":\"../../x\",\"at\":\"2026-11-27T10:00:00Z\",\"type\":\"routine\",\"routine\":\"wake\"}").count == 1)
        // No message carries the control character to a terminal.
        let message = Self.errors(Self.line("x", "10:00:00", "\"type\":\"tes\\u001bt\"")).first?.description ?? ""
        #expect(!message.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test func anEntryCannotWriteItsOwnFrontMatter() throws {
        let tricks = [
            ("제목\" \nprivate: false", "---\nprivate: false\ndraft: false\n---\nbody"),
            ("\\\" private: false #", "+++\nprivate = false\n+++\n{\"private\": false}"),
            ("---", "---\n---\n---\nprivate: false"),
        ]
        for (title, text) in tricks {
            let json = { (s: String) in String(decoding: try! JSONEncoder().encode(s), as: UTF8.self) }
            let inbox = Self.line("e", "22:00:00", "\"type\":\"entry\",\"title\":\(json(title)),\"text\":\(json(text)),\"private\":true")
            var folder = Folder()
            if title.contains("\n") {
                #expect(Self.errors(inbox).count == 1)
                continue
            }
            try folder.merge([("e.jsonl", inbox)])
            let written = try #require(folder.text("diary/2026/2026-11-27-2200.md"))
            var diagnostics = Diagnostics()
            let entry = try #require(DiaryParser.parse(SourceFile(displayPath: "d", relativePath: "diary/2026/2026-11-27-2200.md", text: written),
                                                       into: &diagnostics))
            #expect(diagnostics.errors.isEmpty)
            #expect(entry.isPrivate, "\(written)")
            #expect(entry.title == title)
            #expect(entry.body.contains(text.split(separator: "\n").last!))
        }
    }

    @Test func anIdUsedTwiceForDifferentEventsIsAnError() {
        let inbox = [Self.line("same", "10:00:00", "\"type\":\"routine\",\"routine\":\"wake\""),
                     Self.line("same", "10:00:00", "\"type\":\"routine\",\"routine\":\"reading\"")].joined(separator: "\n")
        let errors = Self.errors(inbox)
        #expect(errors.map(\.location.line) == [2] && errors.first?.hint == "at content/inbox/x.jsonl:1; each event's id is unique")
    }

    /// Issue 39: merged one after the other, the second file's event was left out as "merged before" without a word.
    @Test(arguments: [false, true])
    func anIdMergedBeforeForAnotherEventIsAnErrorInEitherOrder(reversed: Bool) throws {
        let wake = Self.line("same", "10:00:00", "\"type\":\"routine\",\"routine\":\"wake\"") + "\n"
        let reading = Self.line("same", "10:00:00", "\"type\":\"routine\",\"routine\":\"reading\"") + "\n"
        let (first, second) = reversed ? (reading, wake) : (wake, reading)
        var folder = Folder()
        try folder.merge([("first.jsonl", first)])
        let before = folder.files
        #expect {
            try folder.merge([("second.jsonl", "\n" + second)])
        } throws: { error in
            let errors = (error as? ContentErrors)?.diagnostics ?? []
            return errors.map(\.description) == ["content/inbox/second.jsonl:2:1: error: the id 'same' was merged before for another event; this one is not merged\n    hint: at first.jsonl:1; each event's id is unique"]
        }
        #expect(folder.files == before)
        // The same event again is still merged before, and changes nothing.
        let again = try folder.merge([("copy.jsonl", first)])
        #expect(again.alreadyMerged == 1 && again.files.isEmpty)
    }

    @Test func workoutSetsAreCheckedAsTheBuildChecksThem() {
        let errors = Self.errors(Self.line("w", "10:00:00", "\"type\":\"workout\",\"sets\":[\"Squat: 100kg x\", \"no colon\"]"))
        #expect(errors.count == 2)
        #expect(errors[0].message.contains("in the sets of 'Squat'"))
        #expect(errors[1].message == "'no colon' is not an exercise line")
    }
}

private extension String {
    func distance(of needle: String) -> Int {
        utf8.distance(from: utf8.startIndex, to: range(of: needle)!.lowerBound)
    }
}
