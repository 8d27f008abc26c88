import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One writer of a content folder at a time, across processes: `daybook
/// inbox`, `serve`'s merges, every importer, `daybook new` and anything
/// else that changes `content/` hold it from before they read what they
/// change until their changes are in place. It is an advisory lock
/// (`flock`) on `.daybook-cache/CONTENT.lock` beside the content folder,
/// whose text names the holder; the system drops it when the holder ends,
/// even by a crash, and the holder removes the file when it lets go. Taking it finishes a change an earlier run left half
/// done (`ContentJournal`) before anything else happens.
///
/// Usage (from any command that writes `content/`):
///
///     try ContentLock.holding(content: url, displayRoot: "content", by: "daybook publish", report: Terminal.report) { lock in
///         // read what you change, decide, then:
///         try ContentJournal.commit(changes, lock: lock)
///     }
public final class ContentLock: @unchecked Sendable {
    let content: URL
    let displayRoot: String
    private var descriptor: Int32

    /// How long a second writer waits for the first before it says who holds the lock.
    public static let defaultWait = 5.0

    /// The hidden folder beside the content folder where the lock and the journal live.
    static func folder(of content: URL) -> URL {
        content.standardizedFileURL.deletingLastPathComponent().appendingPathComponent(".daybook-cache")
    }

    static func path(of content: URL, suffix: String) -> String {
        folder(of: content).appendingPathComponent(content.standardizedFileURL.lastPathComponent + suffix).path
    }

    private init(content: URL, displayRoot: String, descriptor: Int32) {
        self.content = content.standardizedFileURL
        self.displayRoot = displayRoot
        self.descriptor = descriptor
    }

    /// Takes the lock (waiting up to `wait` seconds for another holder),
    /// finishes a change an earlier run left half done, runs `body`, and lets go.
    /// - Parameter holder: what holds it, as a person would name it (`daybook inbox`).
    /// - Parameter report: told what was finished or undone of an earlier run (warnings), before `body` runs.
    /// Within a `holding` of the same folder on the same thread, `body` runs under the lock already held.
    public static func holding<T>(content: URL, displayRoot: String, by holder: String, wait: Double = defaultWait,
                                  report: ([Diagnostic]) -> Void = ContentLock.toStandardError, _ body: (ContentLock) throws -> T) throws -> T {
        // Per thread: another thread of this process waits for the lock as another process does.
        let key = "\(pthread_self()) \(content.standardizedFileURL.path)"
        if let held = held.withLock({ $0[key] }) { return try body(held) }
        let lock = try acquire(content: content, displayRoot: displayRoot, by: holder, wait: wait)
        held.withLock { $0[key] = lock }
        defer {
            held.withLock { $0[key] = nil }
            lock.release()
        }
        let recovered = try ContentJournal.recover(lock)
        if !recovered.isEmpty { report(recovered) }
        return try body(lock)
    }

    /// The locks this process holds, by thread and content folder: `flock` would make a nested `holding` wait for itself.
    private static let held = Mutex<[String: ContentLock]>([:])

    /// Where a caller without a terminal of its own has what recovery did said.
    public static func toStandardError(_ diagnostics: [Diagnostic]) {
        FileHandle.standardError.write(Data(diagnostics.map { $0.description.split(separator: "\n").map { TerminalText.plain(String($0)) + "\n" }.joined() }.joined().utf8))
    }

    /// Finishes a change an earlier run left half done, if there is one (`serve` at its start).
    public static func finishInterrupted(content: URL, displayRoot: String, by holder: String, report: ([Diagnostic]) -> Void) throws {
        guard ContentJournal.pending(content: content) != nil else { return }
        try holding(content: content, displayRoot: displayRoot, by: holder, report: report) { _ in }
    }

    /// The lock alone; `holding` is what a command calls.
    static func acquire(content: URL, displayRoot: String, by holder: String, wait: Double) throws -> ContentLock {
        let root = SourceLocation(path: displayRoot)
        let lockPath = path(of: content, suffix: ".lock")
        do { try FileIO.disk.createFolders(folder(of: content).path) } catch {
            throw ContentErrors([Diagnostic(root, "cannot make the lock folder \(error.path): \(error.reason); nothing was written")])
        }
        let deadline = Date().addingTimeInterval(wait)
        var descriptor: Int32 = -1
        while true {
            descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else {
                throw ContentErrors([Diagnostic(root, "cannot open the lock \(lockPath): \(String(cString: strerror(errno))); nothing was written")])
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                // The holder before removed the file as it let go: a lock on that file locks nothing, so again.
                var locked = stat(), named = stat()
                if fstat(descriptor, &locked) == 0, lstat(lockPath, &named) == 0, locked.st_ino == named.st_ino, locked.st_dev == named.st_dev { break }
            } else if errno != EWOULDBLOCK, errno != EINTR {
                let failure = errno
                close(descriptor)
                throw ContentErrors([Diagnostic(root, "cannot lock \(lockPath): \(String(cString: strerror(failure))); nothing was written")])
            } else if Date() >= deadline {
                let held = heldBy(descriptor)
                close(descriptor)
                throw ContentErrors([Diagnostic(root, "\(displayRoot)/ is being changed by another run of Daybook (\(held)); nothing was written",
                                                hint: "try again when it is done; the lock is \(lockPath), and the system lets go of it when that run ends")])
            }
            close(descriptor)
            usleep(20_000)
        }
        // Who holds it, for the next one that waits.
        let text = Array("pid \(getpid()): \(TerminalText.plain(holder)), since \(ISO8601DateFormatter().string(from: Date()))\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return ContentLock(content: content, displayRoot: displayRoot, descriptor: descriptor)
    }

    private static func heldBy(_ descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        let text = count > 0 ? String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : ""
        return text.isEmpty ? "it has not said which" : TerminalText.plain(text)
    }

    /// Lets go, removing the lock file first (a waiter that locked it then sees it gone and opens the next): a
    /// completed run leaves nothing behind.
    func release() {
        guard descriptor >= 0 else { return }
        unlink(Self.path(of: content, suffix: ".lock"))
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
