import Foundation
import Testing
@testable import DaybookSite

/// The phone's Undo (docs/phone.md, issue 40): a routine or workout recorded and
/// then undone leaves no line, whether the undo comes home with it or after it
/// was merged, and in whatever order the files come.
@Suite struct InboxUndoTests {
    typealias Folder = InboxMergeTests.Folder
    static func line(_ id: String, _ at: String, _ fields: String) -> String { InboxMergeTests.line(id, at, fields) }

    static let routine = line("a-1", "07:31:00", "\"type\":\"routine\",\"routine\":\"reading\",\"minutes\":12")
    static let workout = line("a-2", "18:40:00", "\"type\":\"workout\",\"split\":\"Legs\",\"sets\":[\"Squat: 100kg x 5 x 3\",\"Lunge: 20kg x 10\"]")
    static let undoRoutine = line("a-3", "07:40:00", "\"type\":\"undo\",\"of\":\"a-1\"")
    static let undoWorkout = line("a-4", "18:45:00", "\"type\":\"undo\",\"of\":\"a-2\"")

    @Test func anUndoInTheSameFileLeavesNoLine() throws {
        var folder = Folder()
        let result = try folder.merge([("a.jsonl", [Self.routine, Self.workout, Self.undoRoutine, Self.undoWorkout].joined(separator: "\n") + "\n")])
        #expect(folder.files == InboxMergeTests.startFiles)
        #expect(result.merged == 4)
        #expect(result.summary.filter { $0.contains("taken back before it was merged") }.count == 2)
    }

    @Test func anUndoAfterTheMergeTakesTheLinesBackOut() throws {
        var folder = Folder()
        try folder.merge([("a.jsonl", Self.routine + "\n" + Self.workout + "\n")])
        #expect(folder.text("routines/log.md")!.contains("2026-11-27: reading 12 min"))
        #expect(folder.files.keys.contains("workouts/2026/2026-11-27.md"))
        try folder.merge([("b.jsonl", Self.undoRoutine + "\n" + Self.undoWorkout + "\n")])
        #expect(folder.files == InboxMergeTests.startFiles)
        // Merged again, nothing changes.
        let again = try folder.merge([("b.jsonl", Self.undoRoutine + "\n" + Self.undoWorkout + "\n")])
        #expect(again.files.isEmpty && again.removed.isEmpty && again.alreadyMerged == 2)
    }

    /// A workout added to a file the person wrote loses only its own lines; the file stays.
    @Test func anUndoKeepsThePersonsOwnLines() throws {
        var folder = Folder()
        folder.files["workouts/2026/2026-11-27.md"] = Array("---\ndate: 2026-11-27\n---\n- Bench: 60kg x 5\n".utf8)
        try folder.merge([("a.jsonl", Self.workout + "\n")])
        try folder.merge([("b.jsonl", Self.undoWorkout + "\n")])
        #expect(folder.text("workouts/2026/2026-11-27.md") == "---\ndate: 2026-11-27\nsplit: \"Legs\"\n---\n- Bench: 60kg x 5\n")
    }

    @Test func anUndoOfAnEventNotHomeYetIsAnErrorAndWritesNothing() throws {
        var folder = Folder()
        #expect(throws: ContentErrors.self) { try folder.merge([("b.jsonl", Self.undoRoutine + "\n")]) }
        #expect(folder.files == InboxMergeTests.startFiles)
        let errors = InboxMergeTests.errors(Self.line("a-9", "08:00:00", "\"type\":\"undo\",\"of\":\"zz-1\"") + "\n")
        #expect(errors.map(\.message) == ["undoes 'zz-1', an event that is neither in the inbox files nor merged before"])
        #expect(errors.first?.location.line == 1)
    }

    @Test func onlyRoutinesAndWorkoutsAreUndone() throws {
        let test = Self.line("a-1", "21:00:00", "\"type\":\"test\",\"deck\":\"toeic\",\"word\":\"candid\",\"result\":\"missed\"")
        let errors = InboxMergeTests.errors(test + "\n" + Self.undoRoutine + "\n")
        #expect(errors.map(\.message) == ["undoes 'a-1', which is not a routine or a workout"])
    }

    /// Two minutes logged for one routine that day (another phone's): the undo takes back only its own.
    @Test func anUndoTakesBackOnlyItsOwnMinutes() throws {
        var folder = Folder()
        let other = Self.line("b-1", "08:31:00", "\"type\":\"routine\",\"routine\":\"reading\",\"minutes\":5")
        try folder.merge([("a.jsonl", Self.routine + "\n"), ("b.jsonl", other + "\n")])
        #expect(folder.text("routines/log.md")!.contains("2026-11-27: reading 17 min"))
        try folder.merge([("c.jsonl", Self.undoRoutine + "\n")])
        #expect(folder.text("routines/log.md")!.contains("2026-11-27: reading 5 min"))
    }
}

/// docs/phone.md: the same id seen again with different content is an error, in whatever order the files come.
@Suite struct InboxIdentityTests {
    @Test func anIdMergedBeforeWithOtherContentIsAnError() throws {
        var folder = InboxMergeTests.Folder()
        try folder.merge([("a.jsonl", InboxUndoTests.routine + "\n")])
        let other = InboxMergeTests.line("a-1", "07:31:00", "\"type\":\"routine\",\"routine\":\"wake\"")
        let before = folder.files
        do {
            try folder.merge([("b.jsonl", other + "\n")])
            Issue.record("merged")
        } catch let errors as ContentErrors {
            #expect(errors.diagnostics.map(\.message) == ["the id 'a-1' was merged before for another event; this one is not merged"])
        }
        #expect(folder.files == before)
        // The same line again is no error: it was merged once.
        #expect(try folder.merge([("a.jsonl", InboxUndoTests.routine + "\n")]).alreadyMerged == 1)
    }
}
