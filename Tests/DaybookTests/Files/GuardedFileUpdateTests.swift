import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PropertyBased
import Testing
@testable import DaybookSite

/// Saving into a file a person is editing at the same moment (issue 25): no
/// edit of theirs and no save of ours is ever lost, whatever the editor does.
@Suite struct GuardedFileUpdateTests {
    static let history = "## 2026-11-20\n- toeic: abandon\n\n## 2026-11-21\n- toeic: candid\n"

    /// A folder of the test's own, removed after.
    final class Folder {
        let path: String
        var file: String { path + "/reviews.md" }
        init() {
            path = NSTemporaryDirectory() + "daybook-guard-" + UUID().uuidString
            mkdir(path, 0o755)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        /// The file's text, a byte order mark kept (Foundation's reading drops it).
        var text: String { String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self) }
        /// Names in the folder besides the file: lock and temporary files left behind.
        var leftovers: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0 != "reviews.md" } }
    }

    /// How an editor saves: into the file (truncate, write), or a new file renamed over it.
    enum Saving: CaseIterable, Sendable { case inPlace, byRename }

    static func editorWrites(_ text: String, to path: String, _ saving: Saving) {
        switch saving {
        case .inPlace:
            let descriptor = open(path, O_WRONLY | O_TRUNC | O_CREAT, 0o644)
            _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        case .byRename:
            let temporary = path + ".editor~"
            _ = FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8))
            rename(temporary, path)
        }
    }

    /// The editor appends a line to what is on disk now.
    static func editorAppends(_ line: String, to path: String, _ saving: Saving) {
        let now = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        editorWrites(now + line + "\n", to: path, saving)
    }

    /// Every word the saves write, in one deck.
    static let deck = VocabParsingTests.deck("## 2026-11-01\n" + (["abandon", "candid", "diligent", "meticulous"] + (0..<14).map { "w\($0)" }
        + (0..<2).flatMap { writer in (0..<15).map { "w\(writer)-\($0)" } }).map { "- \($0) :: x\n" }.joined()).0!
    static let rank = Dictionary(deck.words.enumerated().map { ($1.text, $0) }, uniquingKeysWith: { first, _ in first })

    /// `serve`'s inbox merge of a test: a word missed on a day merged into reviews.md.
    @discardableResult
    static func save(_ word: String, on day: String = "2026-11-22", into path: String, stillFor: Double = 0.05,
                     between: @escaping @Sendable (GuardedFileUpdate.Step) -> Void = { _ in }) throws -> GuardedFileUpdate.Outcome {
        var update = GuardedFileUpdate(path: path)
        update.stillFor = stillFor
        update.between = between
        return try update.update { old in
            var text = TextLines(String(decoding: old, as: UTF8.self))
            _ = InboxMerge.addReviews([word], deck: deck, rank: rank, on: LocalDate(iso: day)!, to: &text)
            return Data(text.text.utf8)
        }
    }

    /// Runs `action` the first time `step` comes.
    final class Once: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false
        let step: GuardedFileUpdate.Step
        let action: @Sendable () -> Void
        init(_ step: GuardedFileUpdate.Step, _ action: @escaping @Sendable () -> Void) {
            self.step = step
            self.action = action
        }
        func callAsFunction(_ now: GuardedFileUpdate.Step) {
            let fire = lock.withLock { () -> Bool in
                guard now == step, !done else { return false }
                done = true
                return true
            }
            if fire { action() }
        }
    }

    @Test(arguments: [GuardedFileUpdate.Step.read, .written, .checked], Saving.allCases)
    func anEditorsSaveWhileTheSaveIsUnderWayIsKept(step: GuardedFileUpdate.Step, saving: Saving) throws {
        let folder = Folder()
        Self.editorWrites(Self.history, to: folder.file, .inPlace)
        let file = folder.file
        let editor = Once(step) { Self.editorAppends("<!-- edited -->", to: file, saving) }
        try Self.save("meticulous", into: folder.file, stillFor: 0.001) { editor($0) }
        #expect(folder.text == Self.history + "<!-- edited -->\n\n## 2026-11-22\n- toeic: meticulous\n")
        #expect(folder.leftovers.isEmpty)
    }

    /// The issue's case: the editor truncated the file, and writes it a moment later.
    @Test(arguments: [false, true])
    func anEditorBetweenTruncatingAndWritingIsWaitedFor(halfFirst: Bool) throws {
        let folder = Folder()
        Self.editorWrites(Self.history, to: folder.file, .inPlace)
        let edited = Self.history + "\n## 2026-11-21\n- toeic: diligent\n"
        let descriptor = open(folder.file, O_WRONLY | O_TRUNC)
        let bytes = Array(edited.utf8)
        if halfFirst { _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count / 2) } }
        let finished = DispatchSemaphore(value: 0)
        // A thread of its own: the test's pool may be busy waiting.
        Thread {
            usleep(15_000)
            _ = bytes.withUnsafeBytes { buffer in
                let start = halfFirst ? buffer.count / 2 : 0
                return write(descriptor, buffer.baseAddress! + start, buffer.count - start)
            }
            close(descriptor)
            finished.signal()
        }.start()
        try Self.save("meticulous", into: folder.file)
        finished.wait()
        #expect(folder.text == edited + "\n## 2026-11-22\n- toeic: meticulous\n")
    }

    @Test func aFileThatKeepsChangingIsRefusedAndKeepsEveryEdit() throws {
        let folder = Folder()
        Self.editorWrites(Self.history, to: folder.file, .inPlace)
        let file = folder.file
        let counter = Counter()
        #expect(throws: GuardedFileUpdate.Failure.changedMeanwhile) {
            try Self.save("meticulous", into: file, stillFor: 0.001) { step in
                guard step == .checked else { return }
                Self.editorAppends("<!-- edit \(counter.next()) -->", to: file, counter.value.isMultiple(of: 2) ? .inPlace : .byRename)
            }
        }
        #expect(folder.text == Self.history + (1...counter.value).map { "<!-- edit \($0) -->\n" }.joined())
        #expect(folder.leftovers.isEmpty)
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func next() -> Int { lock.withLock { count += 1; return count } }
    }

    @Test func aLinkIsNotReplacedNorItsTarget() throws {
        let folder = Folder()
        let target = folder.path + "/elsewhere.md"
        Self.editorWrites(Self.history, to: target, .inPlace)
        symlink(target, folder.file)
        #expect(throws: GuardedFileUpdate.Failure.notPlainFile) { try Self.save("meticulous", into: folder.file) }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == Self.history)
    }

    @Test func aMissingFileIsCreatedAndAnUnchangedOneNotWritten() throws {
        let folder = Folder()
        #expect(try Self.save("meticulous", into: folder.file) == .written)
        #expect(folder.text == "## 2026-11-22\n- toeic: meticulous\n")
        #expect(try Self.save("meticulous", into: folder.file) == .unchanged)
        #expect(folder.leftovers.isEmpty)
    }

    /// `serve` and `daybook inbox` saving at once: each waits for the other's lock.
    @Test func twoWritersAtOnceLoseNothing() async throws {
        let folder = Folder()
        Self.editorWrites(Self.history, to: folder.file, .inPlace)
        let file = folder.file
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    for n in 0..<15 { try Self.save("w\(writer)-\(n)", into: file, stillFor: 0.001) }
                }
            }
            try await group.waitForAll()
        }
        let words = Self.words(folder.text)
        for writer in 0..<2 { for n in 0..<15 { #expect(words.contains("w\(writer)-\(n)")) } }
        #expect(folder.leftovers.isEmpty)
    }

    @Test func theFilesPermissionsStay() throws {
        let folder = Folder()
        Self.editorWrites(Self.history, to: folder.file, .inPlace)
        chmod(folder.file, 0o600)
        try Self.save("meticulous", into: folder.file)
        var info = stat()
        stat(folder.file, &info)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    /// The words of a file's lines ("\r\n" is one Character: split by scalars).
    static func words(_ text: String) -> Set<String> {
        Set(text.unicodeScalars.split { ", \r\n".unicodeScalars.contains($0) }.map { String(String.UnicodeScalarView($0)) })
    }

    // MARK: - The property

    /// How an editor writes the whole file: its line ending, byte order mark and final newline.
    struct Format: CustomStringConvertible {
        var ending: String
        var mark: Bool
        var finalNewline: Bool
        var description: String { "\(ending.debugDescription)\(mark ? " BOM" : "")\(finalNewline ? "" : " no-final")" }

        func render(_ lines: [String]) -> String {
            (mark ? "\u{FEFF}" : "") + lines.joined(separator: ending) + (finalNewline && !lines.isEmpty ? ending : "")
        }
    }

    /// An editor's save: it rewrites the file in its format with one more line;
    /// `.inPlace` may stop between truncating and writing until the next step.
    struct Edit: CustomStringConvertible {
        var number: Int
        var format: Format
        var saving: Saving
        var pauses: Bool
        var description: String { "edit \(number) \(format) \(saving)\(pauses ? " pausing" : "")" }
    }

    enum Action: CustomStringConvertible {
        case edit(Edit)
        /// A save, with editor saves at some of its steps.
        case save(word: String, day: Int, during: [(GuardedFileUpdate.Step, Edit)])
        var description: String {
            switch self {
            case let .edit(edit): "\(edit)"
            case let .save(word, day, during): "save \(word) on \(day)" + during.map { " [\($0.0): \($0.1)]" }.joined()
            }
        }
    }

    struct Script: CustomStringConvertible {
        var actions: [Action]
        var description: String { actions.map(\.description).joined(separator: "; ") }
    }

    static let scripts = Generator<Script, Shrink.None<Script>> { rng in
        var number = 0
        func edit() -> Edit {
            number += 1
            let format = Format(ending: ["\n", "\r\n", "\r"].randomElement(using: &rng)!, mark: Bool.random(using: &rng),
                                finalNewline: Bool.random(using: &rng))
            let saving = Saving.allCases.randomElement(using: &rng)!
            return Edit(number: number, format: format, saving: saving, pauses: saving == .inPlace && Bool.random(using: &rng))
        }
        var actions: [Action] = [.edit(edit())]
        for word in 0..<Int.random(in: 4...14, using: &rng) {
            if Bool.random(using: &rng) { actions.append(.edit(edit())) }
            let steps: [GuardedFileUpdate.Step] = [.read, .written, .checked]
            let during = steps.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }.map { ($0, edit()) }
            actions.append(.save(word: "w\(word)", day: Int.random(in: 20...25, using: &rng), during: during))
        }
        return Script(actions: actions)
    }

    /// The editor: what it writes, and a write it has begun (truncated) but not finished.
    final class Editor: @unchecked Sendable {
        let path: String
        private var pending: (descriptor: Int32, bytes: [UInt8])?
        private(set) var last: Format?
        private(set) var performed: [Int] = []
        init(path: String) { self.path = path }

        func perform(_ edit: Edit) {
            finish()
            let now = (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) } ?? ""
            var lines = TextLines(now).lines
            lines.append("<!-- edit \(edit.number) -->")
            let text = edit.format.render(lines)
            last = edit.format
            performed.append(edit.number)
            if edit.pauses {
                let descriptor = open(path, O_WRONLY | O_TRUNC | O_CREAT, 0o644)
                pending = (descriptor, Array(text.utf8))
            } else {
                GuardedFileUpdateTests.editorWrites(text, to: path, edit.saving)
            }
        }

        func finish() {
            guard let (descriptor, bytes) = pending else { return }
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            pending = nil
        }
    }

    /// The editor's saves at the save's steps, in order, each once.
    final class Interleaving: @unchecked Sendable {
        private var queue: [(GuardedFileUpdate.Step, Edit)]
        let editor: Editor
        init(_ queue: [(GuardedFileUpdate.Step, Edit)], editor: Editor) {
            self.queue = queue
            self.editor = editor
        }
        func callAsFunction(_ step: GuardedFileUpdate.Step) {
            // A paused write goes on at the next step, as an editor's would a moment later.
            editor.finish()
            guard let first = queue.first, first.0 == step else { return }
            queue.removeFirst()
            editor.perform(first.1)
        }
    }

    @Test func randomEditorSavesInterleavedWithSavesLoseNothingAndKeepTheEditorsFormat() async {
        await propertyCheck(count: 40, input: Self.scripts) { script in
            let folder = Folder()
            // (A file of one line without an ending says nothing of its line ending: it starts with a few.)
            Self.editorWrites(Self.history, to: folder.file, .inPlace)
            let editor = Editor(path: folder.file)
            var words: [String] = []
            for action in script.actions {
                switch action {
                case let .edit(edit):
                    editor.perform(edit)
                case let .save(word, day, during):
                    let interleaving = Interleaving(during, editor: editor)
                    #expect(throws: Never.self, "\(script)") {
                        try Self.save(word, on: "2026-11-\(day)", into: folder.file, stillFor: 0.0005) { interleaving($0) }
                    }
                    editor.finish()
                    words.append(word)
                }
            }
            let text = folder.text
            let file = TextLines(text)
            for number in editor.performed { #expect(file.lines.contains("<!-- edit \(number) -->"), "\(script)\n\(text.debugDescription)") }
            let saved = Self.words(text)
            for word in words { #expect(saved.contains(word), "\(script)\n\(text.debugDescription)") }
            // The editor's last format holds for the whole file, the saves' lines too.
            let format = editor.last!
            #expect(file.byteOrderMark == format.mark, "\(script)")
            #expect(file.endings.dropLast().allSatisfy { $0 == format.ending }, "\(script)\n\(text.debugDescription)")
            #expect(file.endings.last == (format.finalNewline ? format.ending : ""), "\(script)\n\(text.debugDescription)")
            // Only "\r\n" pairs and ending CRs: no bare LF inside a CRLF file, no lone CR elsewhere.
            #expect(format.render(file.lines) == text, "\(script)\n\(text.debugDescription)")
            #expect(folder.leftovers.isEmpty)
        }
    }
}
