@testable import DaybookSite
import Foundation
import Testing

/// The journal and lock behind every write to content/ (issue 39). The
/// crash itself, a real SIGKILL at 50 points of a large merge and import,
/// is Tests/site/test_crashsafe.py; here are the states a crash can leave.
@Suite struct ContentJournalTests {
    let root: URL
    var content: URL { root.appendingPathComponent("content") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: content.appendingPathComponent("vocab"), withIntermediateDirectories: true)
        try write("vocab/reviews.md", "## 2026-11-22\n- toeic: candid\n")
        try write("inbox/phone.jsonl", "{}\n")
    }

    func write(_ relative: String, _ text: String) throws {
        let url = content.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func text(_ relative: String) -> String? {
        (try? Data(contentsOf: content.appendingPathComponent(relative))).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every name below the site's root, hidden ones and the cache too.
    func names() -> Set<String> {
        let files = FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []
        return Set(files.filter { !$0.hasSuffix(".lock") && $0 != ".daybook-cache" })
    }

    var reviews: [UInt8] { Array("## 2026-11-22\n- toeic: candid\n".utf8) }
    var merged: [UInt8] { Array("## 2026-11-22\n- toeic: candid\n\n## 2026-11-23\n- toeic: revenue\n".utf8) }

    /// A merge: reviews.md changed, a new entry in a new folder, the inbox file moved to merged/.
    var changes: [ContentChange] {
        [ContentChange("vocab/reviews.md", before: reviews, after: .bytes(merged)),
         ContentChange("diary/2026/2026-11-23.md", before: nil, after: .bytes(Array("---\ntitle: Snow\n---\n".utf8))),
         ContentChange("inbox/phone.jsonl", before: Array("{}\n".utf8), after: nil),
         ContentChange("inbox/merged/phone.jsonl", before: nil, after: .bytes(Array("{}\n".utf8)))]
    }

    func commit(_ changes: [ContentChange]) throws {
        try ContentLock.holding(content: content, displayRoot: "content", by: "test", report: { Issue.record("nothing to recover: \($0)") }) { lock in
            try ContentJournal.commit(changes, lock: lock, what: "daybook inbox")
        }
    }

    let done: Set<String> = ["content", "content/vocab", "content/vocab/reviews.md", "content/inbox", "content/inbox/merged",
                             "content/inbox/merged/phone.jsonl", "content/diary", "content/diary/2026", "content/diary/2026/2026-11-23.md"]

    @Test func aChangeWritesEveryFileAndLeavesNoHiddenFileNorJournal() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try commit(changes)
        #expect(text("vocab/reviews.md") == String(decoding: merged, as: UTF8.self))
        #expect(text("diary/2026/2026-11-23.md") == "---\ntitle: Snow\n---\n")
        #expect(text("inbox/phone.jsonl") == nil && text("inbox/merged/phone.jsonl") == "{}\n")
        #expect(names() == done)
        #expect(ContentJournal.pending(content: content) == nil)
    }

    @Test func aFileEditedAfterTheChangeWasDecidedStopsItAndNothingIsWritten() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        // The person saved the inbox file again after the merge read it; reviews.md comes first in the change.
        try write("inbox/phone.jsonl", "{}\n{\"edited\":1}\n")
        #expect(throws: ContentJournal.Changed.self) { try commit(changes) }
        #expect(text("vocab/reviews.md") == String(decoding: reviews, as: UTF8.self), "put back")
        #expect(text("inbox/phone.jsonl") == "{}\n{\"edited\":1}\n", "the edit is kept")
        #expect(names() == ["content", "content/vocab", "content/vocab/reviews.md", "content/inbox", "content/inbox/phone.jsonl",
                            "content/diary", "content/diary/2026"])
    }

    /// The journal as a crash left it, `installed` files of it already in place.
    func crashed(committed: Bool, installed: Int) throws -> ContentLock {
        let lock = try ContentLock.acquire(content: content, displayRoot: "content", by: "test", wait: 1)
        let disk = JournalDisk(lock)
        var record = ContentJournal.Record(command: "daybook inbox", committed: false, files: changes.map(disk.file))
        try disk.save(record)
        for (index, change) in changes.enumerated() {
            guard case let .bytes(bytes)? = change.after else { continue }
            record.files[index].sha256 = try disk.stage(record.files[index], bytes)
        }
        record.committed = committed
        try disk.save(record)
        for file in record.files.prefix(installed) { try disk.forward(file) }
        return lock
    }

    @Test(arguments: 0...4)
    func aCommittedChangeIsFinishedByTheNextRun(installed: Int) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try crashed(committed: true, installed: installed).release()
        #expect(ContentJournal.pending(content: content) == "daybook inbox")
        var told: [Diagnostic] = []
        try ContentLock.holding(content: content, displayRoot: "content", by: "test", report: { told = $0 }) { _ in }
        #expect(told.map(\.message) == ["'daybook inbox' was interrupted; its 4 file changes are finished now"])
        #expect(text("vocab/reviews.md") == String(decoding: merged, as: UTF8.self))
        #expect(names() == done)
    }

    @Test func aChangeNotCommittedIsUndoneWithItsStagedFiles() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try crashed(committed: false, installed: 0).release()
        #expect(names().contains { $0.hasSuffix(".daybook-staged") })
        var told: [Diagnostic] = []
        try ContentLock.holding(content: content, displayRoot: "content", by: "test", report: { told = $0 }) { _ in }
        #expect(told.first?.message.contains("interrupted before it changed anything") == true)
        #expect(text("vocab/reviews.md") == String(decoding: reviews, as: UTF8.self) && text("inbox/phone.jsonl") == "{}\n")
        #expect(!names().contains { $0.contains("daybook-") || $0.hasSuffix(".md") && $0.contains("diary") })
        #expect(ContentJournal.pending(content: content) == nil)
    }

    @Test func aFileEditedSinceTheCrashUndoesTheChangeAndKeepsTheEdit() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try crashed(committed: true, installed: 2).release()
        // The new entry, written before the crash, was edited by the person since.
        try write("diary/2026/2026-11-23.md", "---\ntitle: Snow, edited\n---\n")
        var told: [Diagnostic] = []
        try ContentLock.holding(content: content, displayRoot: "content", by: "test", report: { told = $0 }) { _ in }
        #expect(told.map(\.location.path) == ["content/diary/2026/2026-11-23.md"])
        #expect(text("vocab/reviews.md") == String(decoding: reviews, as: UTF8.self), "the rest is undone")
        #expect(text("inbox/phone.jsonl") == "{}\n", "so the inbox file waits to be merged again")
        #expect(text("diary/2026/2026-11-23.md") == "---\ntitle: Snow, edited\n---\n")
        #expect(!names().contains { $0.contains("daybook-") } && ContentJournal.pending(content: content) == nil)
    }

    @Test func aSecondWriterWaitsThenSaysWhoHoldsTheLock() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try ContentLock.acquire(content: content, displayRoot: "content", by: "daybook serve", wait: 0)
        let started = Date()
        #expect {
            try ContentLock.acquire(content: content, displayRoot: "content", by: "daybook inbox", wait: 0.3)
        } throws: { error in
            let message = (error as? ContentErrors)?.diagnostics.first?.message ?? ""
            return message.contains("is being changed by another run of Daybook (pid \(getpid()): daybook serve, since ")
        }
        #expect(Date().timeIntervalSince(started) >= 0.3, "it waited")
        first.release()
        let second = try ContentLock.acquire(content: content, displayRoot: "content", by: "daybook inbox", wait: 0)
        second.release()
    }
}
