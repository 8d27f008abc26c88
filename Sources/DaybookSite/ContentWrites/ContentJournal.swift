import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One change to a file of the content folder: what it was when the change
/// was decided, and what it becomes.
public struct ContentChange {
    public enum After {
        case bytes([UInt8])
        /// Made only when it is written (a photo out of an export), so that an import holds one at a time.
        case made(() throws -> [UInt8])
    }

    /// Below the content folder: `diary/2026/2026-12-07.md`.
    var path: String
    /// The bytes the change was decided from; nil: there was no file.
    var before: [UInt8]?
    /// nil: the file is removed.
    var after: After?

    public init(_ path: String, before: [UInt8]?, after: After?) {
        self.path = path
        self.before = before
        self.after = after
    }
}

/// Writes a set of changes to the content folder so that a crash at any
/// point leaves either none of them or, after the next run, all of them.
///
/// 1. The intent is written first: `.daybook-cache/CONTENT.journal` lists
///    every file, the bytes it had (to undo) and, once staged, the SHA-256
///    of the bytes it gets. Nothing in `content/` has changed yet.
/// 2. Each new file's bytes go to a hidden file in the deepest folder of its
///    path that exists (`.diary%2F2026%2FNAME.md.daybook-staged`; the build,
///    the walk and `serve`'s watcher skip hidden names).
/// 3. Everything is flushed to the disk, and the journal says "committed".
/// 4. The staged files take their places; a file that is not what the
///    change was decided from (a person saved it meanwhile) stops the change
///    and undoes what was done: nothing is written over an edit.
/// 5. The journal is removed. No hidden file is left.
///
/// A run that takes the `ContentLock` and finds a journal finishes it
/// first: one not committed is undone (its staged files removed); a
/// committed one is rolled forward, file by file, each step repeatable.
public enum ContentJournal {
    /// A file of the change is no longer as the change read it; nothing of the change is in place.
    public struct Changed: Error, Sendable {
        let path: String
    }

    struct Record: Codable {
        struct File: Codable {
            var path: String
            var before: Data?
            /// Whether the file gets new bytes (false: it is removed).
            var writes: Bool
            /// SHA-256 of the new bytes, once staged.
            var sha256: String?
            /// Where the new bytes wait, below the content folder: a hidden name in the deepest folder of the
            /// path that exists, so that no folder a person sees is made before the change is committed.
            var staged: String
        }

        var command: String
        var committed: Bool
        var files: [File]
    }

    /// Makes `changes` in the locked content folder, all or none.
    /// - Parameter what: the command, for the journal and the next run's note (`daybook inbox`).
    /// - Throws: `Changed` when a file was changed by someone else meanwhile; `ContentErrors` when the disk refuses.
    public static func commit(_ changes: [ContentChange], lock: ContentLock, what: String) throws {
        guard !changes.isEmpty else { return }
        let disk = JournalDisk(lock)
        var record = Record(command: what, committed: false,
                            files: changes.map { disk.file(for: $0) })
        for file in record.files where !RelativePath.isContained(file.path) || file.path.isEmpty {
            throw ContentErrors([Diagnostic(SourceLocation(path: disk.display(file.path)), "is not a path inside \(lock.displayRoot)/; nothing was written")])
        }
        guard Set(record.files.map(\.path)).count == record.files.count else {
            throw ContentErrors([Diagnostic(SourceLocation(path: lock.displayRoot), "one change names a file twice; nothing was written",
                                            hint: "this is a mistake of Daybook's; please report it")])
        }
        try disk.save(record)
        do {
            for (index, change) in changes.enumerated() {
                guard let after = change.after else { continue }
                let bytes: [UInt8]
                switch after {
                case let .bytes(given): bytes = given
                case let .made(make): bytes = try make()
                }
                record.files[index].sha256 = try disk.stage(record.files[index], bytes)
            }
            try disk.flush()
        } catch {
            try? disk.undo(record)
            throw error
        }
        record.committed = true
        try disk.save(record)
        try finish(record, disk: disk)
        CrashPoint.report()
    }

    /// The command whose change to the content folder was interrupted and waits to be finished; nil when none waits.
    /// A build reads content only once it is whole: it refuses while this is not nil.
    static func pending(content: URL) -> String? {
        let path = ContentLock.path(of: content, suffix: ".journal")
        guard FileIO.disk.exists(path) else { return nil }
        let record = (try? FileIO.disk.read(path)).flatMap { try? JSONDecoder().decode(Record.self, from: $0) }
        return TerminalText.plain(record?.command ?? "a change")
    }

    /// The error of a build or check while a change waits to be finished.
    public static func pendingError(content: URL, displayRoot: String) -> ContentErrors? {
        guard let command = pending(content: content) else { return nil }
        return ContentErrors([Diagnostic(SourceLocation(path: displayRoot), "'\(command)' was interrupted while it changed \(displayRoot)/; nothing is built from half a change",
                                         hint: "run 'daybook inbox' (or '\(command)' again): it finishes the change first")])
    }

    /// Finishes or undoes the change an earlier run left; nothing when there is none.
    /// - Returns: what it did, as warnings for the person.
    static func recover(_ lock: ContentLock) throws -> [Diagnostic] {
        let disk = JournalDisk(lock)
        guard let record = try disk.load() else { return [] }
        let root = SourceLocation(path: lock.displayRoot)
        let name = TerminalText.plain(record.command)
        guard record.committed else {
            try disk.undo(record)
            return [Diagnostic(root, "'\(name)' was interrupted before it changed anything; what it had prepared is removed", severity: .warning)]
        }
        do {
            try finish(record, disk: disk)
        } catch let changed as Changed {
            return [Diagnostic(SourceLocation(path: disk.display(changed.path)),
                               "'\(name)' was interrupted, and this file was changed since; the interrupted change is undone, run it again",
                               severity: .warning)]
        }
        return [Diagnostic(root, "'\(name)' was interrupted; its \(record.files.count) file change\(record.files.count == 1 ? " is" : "s are") finished now",
                           severity: .warning)]
    }

    /// Puts every file of a committed record in place, then removes the journal; undoes it all on a conflict.
    private static func finish(_ record: Record, disk: JournalDisk) throws {
        do {
            for file in record.files { try disk.forward(file) }
        } catch let changed as Changed {
            try disk.undo(record)
            throw changed
        }
        try disk.flush()
        try disk.remove(journal: true)
    }
}

/// The file operations of a journaled change, in the locked content folder.
struct JournalDisk {
    let content: String
    let displayRoot: String
    let journal: String

    init(_ lock: ContentLock) {
        content = lock.content.path
        displayRoot = lock.displayRoot
        journal = ContentLock.path(of: lock.content, suffix: ".journal")
    }

    func display(_ relative: String) -> String { displayRoot.isEmpty ? relative : "\(displayRoot)/\(relative)" }
    func final(_ relative: String) -> String { content + "/" + relative }
    func staged(_ file: ContentJournal.Record.File) -> String { final(file.staged) }

    /// The record of one change, with where its new bytes are staged.
    func file(for change: ContentChange) -> ContentJournal.Record.File {
        var folder = (change.path as NSString).deletingLastPathComponent
        var info = stat()
        while !folder.isEmpty, !(lstat(final(folder), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR) {
            folder = (folder as NSString).deletingLastPathComponent
        }
        // The whole path in one name ('%' and '/' escaped): two files staged in one folder never share it.
        let name = "." + change.path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "/", with: "%2F") + ".daybook-staged"
        return ContentJournal.Record.File(path: change.path, before: change.before.map { Data($0) }, writes: change.after != nil,
                                          staged: folder.isEmpty ? name : folder + "/" + name)
    }

    func failure(_ path: String, _ code: Int32 = errno) -> ContentErrors {
        ContentErrors([Diagnostic(SourceLocation(path: displayRoot), "cannot write \(path): \(String(cString: strerror(code)))",
                                  hint: "the next run of Daybook finishes or undoes the change")])
    }

    // MARK: The journal

    func load() throws -> ContentJournal.Record? {
        var info = stat()
        guard lstat(journal, &info) == 0 else { return nil }
        do {
            return try JSONDecoder().decode(ContentJournal.Record.self, from: try FileIO.disk.read(journal))
        } catch {
            // Written whole and renamed into place: unreadable means damaged by hand or by the disk.
            throw ContentErrors([Diagnostic(SourceLocation(path: journal), "the record of an interrupted change to \(displayRoot)/ cannot be read: \(FileIOError.reason(of: error))",
                                            hint: "look at the files it names; remove it only once \(displayRoot)/ is as you want it")])
        }
    }

    func save(_ record: ContentJournal.Record) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes: [UInt8]
        do { bytes = Array(try encoder.encode(record)) } catch {
            throw ContentErrors([Diagnostic(SourceLocation(path: journal), "cannot record the change: \(error); nothing was written")])
        }
        let temporary = journal + ".new"
        try write(temporary, bytes, sync: true)
        CrashPoint.reached()
        guard rename(temporary, journal) == 0 else { throw failure(journal) }
        syncFolder(of: journal)
    }

    func remove(journal _: Bool) throws {
        CrashPoint.reached()
        guard unlink(journal) == 0 || errno == ENOENT else { throw failure(journal) }
        syncFolder(of: journal)
    }

    // MARK: The files

    /// Writes the new bytes beside the file; returns their SHA-256.
    func stage(_ file: ContentJournal.Record.File, _ bytes: [UInt8]) throws -> String {
        let staged = staged(file)
        try write(staged, bytes, sync: false)
        guard let sha = Vips.sha256(of: staged) else { throw failure(staged, EIO) }
        return sha
    }

    /// Brings one file to its new state; repeatable after a crash at any point.
    func forward(_ file: ContentJournal.Record.File) throws {
        let path = final(file.path), staged = staged(file)
        let current = read(path)
        guard file.writes, let sha = file.sha256 else {
            // Removed: gone already, or still as it was.
            guard let current else { return }
            guard file.before.map(Array.init) == current else { throw ContentJournal.Changed(path: file.path) }
            CrashPoint.reached()
            guard unlink(path) == 0 else { throw failure(path) }
            return
        }
        guard exists(staged) else {
            // Put in place already, unless someone changed it since.
            guard current != nil, Vips.sha256(of: path) == sha else { throw ContentJournal.Changed(path: file.path) }
            return
        }
        if current != nil, Vips.sha256(of: path) == sha {
            try unlinkStaged(staged)
            return
        }
        guard current == file.before.map(Array.init) else { throw ContentJournal.Changed(path: file.path) }
        try install(file, replacing: file.before)
    }

    /// Moves a staged file into place; a file that appeared or changed in the last instant is kept and stops the change.
    private func install(_ file: ContentJournal.Record.File, replacing before: Data?) throws {
        let relative = file.path, path = final(relative), staged = staged(file)
        // Folders are made only now, just before the file: what watches content/ sees the change at once.
        try createFolders((path as NSString).deletingLastPathComponent)
        CrashPoint.reached()
        guard let before else {
            guard Rename.noReplace(staged, path) == 0 else {
                if errno == EEXIST { throw ContentJournal.Changed(path: relative) }
                throw failure(path)
            }
            return
        }
        guard Rename.exchange(staged, path) == 0 else {
            // No exchange on this file system: the plain rename, right after the check.
            guard rename(staged, path) == 0 else { throw failure(path) }
            return
        }
        // The staged name now holds what was at the path a moment ago.
        guard read(staged) == Array(before) else {
            CrashPoint.reached()
            _ = Rename.exchange(staged, path)
            throw ContentJournal.Changed(path: relative)
        }
        try unlinkStaged(staged)
    }

    /// Puts back what a record changed, where it is still what the record made; removes its staged files and the journal.
    func undo(_ record: ContentJournal.Record) throws {
        for file in record.files {
            let path = final(file.path), staged = staged(file)
            if exists(staged) { try unlinkStaged(staged) }
            guard record.committed else { continue }
            let current = read(path)
            let isNew = file.writes && current != nil && file.sha256 != nil && Vips.sha256(of: path) == file.sha256
            if let before = file.before {
                // Written or removed by the record: the old bytes go back.
                if isNew || (!file.writes && current == nil) {
                    try write(staged, Array(before), sync: true)
                    CrashPoint.reached()
                    guard rename(staged, path) == 0 else { throw failure(path) }
                }
            } else if isNew {
                CrashPoint.reached()
                guard unlink(path) == 0 else { throw failure(path) }
            }
        }
        try flush()
        try remove(journal: true)
    }

    // MARK: System calls

    func read(_ path: String) -> [UInt8]? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return (try? FileIO.disk.read(path)).map(Array.init)
    }

    func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private func unlinkStaged(_ staged: String) throws {
        CrashPoint.reached()
        guard unlink(staged) == 0 || errno == ENOENT else { throw failure(staged) }
    }

    private func createFolders(_ folder: String) throws {
        guard !exists(folder) else { return }
        try createFolders((folder as NSString).deletingLastPathComponent)
        CrashPoint.reached()
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { throw failure(folder) }
    }

    private func write(_ path: String, _ bytes: [UInt8], sync: Bool) throws {
        CrashPoint.reached()
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            CrashPoint.reached()
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, min($0.count - offset, 1 << 20)) }
            guard written > 0 else { throw failure(path) }
            offset += written
        }
        if sync, fsync(descriptor) != 0 { throw failure(path) }
    }

    /// Everything written so far reaches the disk (one `syncfs` rather than a `fsync` per file of a large import).
    func flush() throws {
        let descriptor = open(content, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(content) }
        defer { close(descriptor) }
        guard Rename.syncFileSystem(descriptor) == 0 else { throw failure(content) }
    }

    private func syncFolder(of path: String) {
        let descriptor = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

/// `DAYBOOK_CRASH_AT_WRITE=N`: the process kills itself (SIGKILL) just
/// before its Nth write to the content folder, as a power cut or `kill -9`
/// would stop it; with it set, each finished change says on stderr how many
/// writes it made. Only the crash tests set it.
enum CrashPoint {
    private static let limit = ProcessInfo.processInfo.environment["DAYBOOK_CRASH_AT_WRITE"].flatMap(Int.init)
    private static let count = Mutex(0)

    static func reached() {
        guard let limit else { return }
        let now = count.withLock { $0 += 1; return $0 }
        if now == limit { kill(getpid(), SIGKILL) }
    }

    static func report() {
        guard limit != nil else { return }
        let now = count.withLock { $0 }
        FileHandle.standardError.write(Data("daybook: DAYBOOK_CRASH_AT_WRITE: \(now) writes\n".utf8))
    }
}

/// `renameat2` and `syncfs`, which Glibc's Swift module does not declare (they are GNU extensions).
enum Rename {
    private typealias SyncFunction = @convention(c) (Int32) -> Int32
    private static let syncfs: SyncFunction? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs").map { unsafeBitCast($0, to: SyncFunction.self) }

    /// Flushes the file system that holds `descriptor`; the whole system's caches (`sync`) where `syncfs` is missing.
    static func syncFileSystem(_ descriptor: Int32) -> Int32 {
        guard let syncfs else {
            sync()
            return 0
        }
        return syncfs(descriptor)
    }

    private typealias Function = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let function: Function? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2").map { unsafeBitCast($0, to: Function.self) }

    /// Swaps two names atomically; -1 (with errno) where the system or file system cannot.
    static func exchange(_ a: String, _ b: String) -> Int32 { call(a, b, flags: 2) }

    /// Renames unless something is at the new name (EEXIST).
    static func noReplace(_ from: String, _ to: String) -> Int32 {
        let result = call(from, to, flags: 1)
        guard result != 0, errno == EINVAL || errno == ENOSYS else { return result }
        // Without the flag: a hard link fails when the name is taken.
        guard link(from, to) == 0 else { return -1 }
        unlink(from)
        return 0
    }

    private static func call(_ a: String, _ b: String, flags: UInt32) -> Int32 {
        guard let function else {
            errno = ENOSYS
            return -1
        }
        return function(AT_FDCWD, a, AT_FDCWD, b, flags)
    }
}
