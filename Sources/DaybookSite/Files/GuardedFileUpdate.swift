import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Rewrites a content file that a person may be editing at the same moment
/// (`serve` saving test results into `reviews.md`, the phone's inbox events)
/// so that neither the editor's edit nor the program's is lost:
///
/// - one writer at a time among Daybook's own: an advisory lock (`flock`) on
///   a hidden lock file beside the file, removed after;
/// - the file is read only once it has been still for a moment (an editor
///   that truncates and then writes leaves it empty or half-written in
///   between), and read again if it changed while being read;
/// - just before the new bytes replace it, the file is read again and its
///   bytes and identity (inode, size, modification time) compared with what
///   was merged; the replacement swaps the two names (`RENAME_EXCHANGE`), so
///   a file put there in the last instant is not deleted but seen, put back,
///   and merged again;
/// - when the file keeps changing, it gives up with `Failure.changedMeanwhile`
///   (`serve` answers 409) and writes nothing.
///
/// The change itself is a pure function of the bytes: it may run several times.
public struct GuardedFileUpdate: Sendable {
    /// The moments between the steps of an update, where a test puts an editor's writes.
    public enum Step: Sendable, Equatable { case read, written, checked }

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// A link, a folder or anything but a plain file is at the path.
        case notPlainFile
        /// The file changed under every attempt, or another writer held the lock too long.
        case changedMeanwhile
        case failed(String)

        public var description: String {
            switch self {
            case .notPlainFile: "it is not a plain file; nothing was saved"
            case .changedMeanwhile: "it is being changed by another program; nothing was saved, try again"
            case let .failed(reason): reason
            }
        }
    }

    public enum Outcome: Sendable, Equatable { case unchanged, written }

    public let path: String
    /// Tries before giving up.
    public var attempts = 8
    /// How long the file must have been unmodified before it is read (an empty file: four times as long).
    public var stillFor = 0.05
    /// Called at each step; tests write into the file there.
    public var between: @Sendable (Step) -> Void = { _ in }

    public init(path: String) {
        self.path = path
    }

    /// Reads the file (empty when there is none), asks `change` for the new
    /// bytes (nil: leave it as it is) and puts them in its place.
    public func update(_ change: (Data) throws -> Data?) throws -> Outcome {
        let lock = try LockFile(beside: path)
        defer { lock.release() }
        for attempt in 0..<attempts {
            // A file that changed is likely still changing: it gets longer to settle each time.
            if attempt > 0 { usleep(useconds_t(stillFor * 1e6) * useconds_t(attempt)) }
            guard let snapshot = try Snapshot.read(path, stillFor: stillFor) else { continue }
            defer { snapshot.close() }
            between(.read)
            guard let new = try change(snapshot.bytes), new != snapshot.bytes else { return .unchanged }
            if try commit(new, over: snapshot) { return .written }
        }
        throw Failure.changedMeanwhile
    }

    /// Writes the new bytes beside the file and swaps them in, unless the
    /// file is no longer the snapshot; false: try again.
    private func commit(_ bytes: Data, over snapshot: Snapshot) throws -> Bool {
        let temporary = (path as NSString).deletingLastPathComponent + "/." + (path as NSString).lastPathComponent + ".daybook-" + UUID().uuidString
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, snapshot.mode)
        guard descriptor >= 0 else { throw Failure.failed("cannot write \(temporary): \(String(cString: strerror(errno)))") }
        var created = stat()
        let written = bytes.withUnsafeBytes { Self.writeAll(descriptor, $0) } && fchmod(descriptor, snapshot.mode) == 0
            && fsync(descriptor) == 0 && fstat(descriptor, &created) == 0
        let reason = String(cString: strerror(errno))
        Glibc.close(descriptor)
        guard written else {
            unlink(temporary)
            throw Failure.failed("cannot write \(temporary): \(reason)")
        }
        between(.written)
        guard snapshot.isCurrent(path) else {
            unlink(temporary)
            return false
        }
        between(.checked)
        guard snapshot.exists else {
            // Nothing was there: a file that appeared meanwhile is not replaced.
            if Rename.noReplace(temporary, path) == 0 { return true }
            let failure = errno
            unlink(temporary)
            if failure == EEXIST { return false }
            throw Failure.failed("cannot write \(path): \(String(cString: strerror(failure)))")
        }
        guard Rename.exchange(temporary, path) == 0 else {
            // No exchange on this file system: the plain rename, right after the check.
            guard rename(temporary, path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw Failure.failed("cannot write \(path): \(reason)")
            }
            return true
        }
        // The temporary name now holds what was at the path a moment ago.
        if snapshot.isCurrent(temporary) {
            unlink(temporary)
            return true
        }
        // Another program wrote the file in the last instant: its file goes back
        // (and, when it replaced ours again meanwhile, its newest one stays).
        if Rename.exchange(temporary, path) == 0 {
            var displaced = stat()
            if lstat(temporary, &displaced) == 0, displaced.st_ino == created.st_ino, displaced.st_dev == created.st_dev {
                unlink(temporary)
            } else {
                rename(temporary, path)
            }
        }
        return false
    }

    private static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let n = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}

/// The file as read: its bytes, an open descriptor of it (an editor writing
/// into it in place shows in `fstat`), and its identity when read.
private struct Snapshot {
    let exists: Bool
    let descriptor: Int32
    let bytes: Data
    let info: stat
    var mode: mode_t { exists ? info.st_mode & 0o7777 : 0o644 }

    /// nil: the file changed while it was read, or is still being written.
    static func read(_ path: String, stillFor: Double) throws(GuardedFileUpdate.Failure) -> Snapshot? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw .failed("cannot read \(path): \(String(cString: strerror(errno)))") }
            return Snapshot(exists: false, descriptor: -1, bytes: Data(), info: info)
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notPlainFile }
        // Modified a moment ago, or empty: an editor may be between truncating and writing.
        let age = Date().timeIntervalSince1970 - (Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        if age < stillFor || info.st_size == 0 {
            // Empty is what an editor leaves between truncating and writing: it must stay so longer.
            usleep(useconds_t(stillFor * (info.st_size == 0 ? 4 : 1) * 1e6))
            var again = stat()
            guard lstat(path, &again) == 0, same(info, again) else { return nil }
        }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, same(info, opened), let bytes = try? Disk.read(descriptor, path: path),
              bytes.count == Int(info.st_size), fstat(descriptor, &opened) == 0, same(info, opened) else {
            Glibc.close(descriptor)
            return nil
        }
        return Snapshot(exists: true, descriptor: descriptor, bytes: bytes, info: info)
    }

    /// Whether the file at `path` is still this one, with these bytes, and nobody wrote into it.
    func isCurrent(_ path: String) -> Bool {
        var now = stat()
        guard exists else { return lstat(path, &now) != 0 && errno == ENOENT }
        var held = stat()
        guard lstat(path, &now) == 0, Self.same(info, now), fstat(descriptor, &held) == 0, Self.same(info, held) else { return false }
        return (try? Disk.read(path)) == bytes
    }

    func close() { if descriptor >= 0 { Glibc.close(descriptor) } }

    static func same(_ a: stat, _ b: stat) -> Bool {
        a.st_dev == b.st_dev && a.st_ino == b.st_ino && a.st_size == b.st_size && a.st_mode == b.st_mode
            && a.st_mtim.tv_sec == b.st_mtim.tv_sec && a.st_mtim.tv_nsec == b.st_mtim.tv_nsec
    }
}

/// `flock` on `.NAME.daybook-lock` beside the file. The lock file is removed
/// when released; a writer that locked a lock file already removed tries again.
private struct LockFile {
    let path: String
    let descriptor: Int32

    init(beside file: String, timeout: Double = 5) throws(GuardedFileUpdate.Failure) {
        path = (file as NSString).deletingLastPathComponent + "/." + (file as NSString).lastPathComponent + ".daybook-lock"
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let descriptor = open(path, O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else { throw .failed("cannot lock \(file): \(String(cString: strerror(errno)))") }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                var held = stat(), named = stat()
                if fstat(descriptor, &held) == 0, lstat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev {
                    self.descriptor = descriptor
                    return
                }
            }
            Glibc.close(descriptor)
            guard Date() < deadline else { throw .changedMeanwhile }
            usleep(5_000)
        }
    }

    func release() {
        unlink(path)
        Glibc.close(descriptor)
    }
}

/// `renameat2`, which Glibc's Swift module does not declare (it is a GNU extension).
private enum Rename {
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
