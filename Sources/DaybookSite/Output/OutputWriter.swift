import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The rules of writing the output folder: contained paths, each once, the
/// staging folder beside the output and the swap of a first build
/// (`FreshOutput`); `OutputUpdate` updates an existing output in place.
struct OutputWriter {
    let output: URL
    /// Every write goes through the seam; the rules (contained paths, each
    /// once, the staging folder and the swap) are here, above it.
    let io: FileIO

    init(output: URL, io: FileIO = .disk) {
        self.output = output.standardizedFileURL
        self.io = io
    }

    /// The same writer at the output's real path: an update writes into the
    /// folder a link points to, and stages its files beside that folder.
    var resolved: OutputWriter { OutputWriter(output: URL(fileURLWithPath: io.resolve(output.path) ?? output.path), io: io) }

    /// A fresh staging folder next to the output (same file system, so the swap is a rename).
    func makeStaging() throws -> URL {
        let parent = output.deletingLastPathComponent()
        return try explained {
            try makeFolders(parent.path)
            try removeStaleFolders(in: parent)
            let staging = parent.appendingPathComponent(".\(output.lastPathComponent).building-\(getpid())")
            if io.exists(staging.path) { try io.remove(staging.path) }
            try makeFolders(staging.path)
            return staging
        }
    }

    /// A build killed while writing leaves `.public.building-PID/` (or
    /// `.public.old-PID/`) behind; later runs remove those of processes that
    /// no longer run; one that cannot be removed stops the build with the system's reason.
    func removeStaleFolders(in parent: URL) throws(FileIOError) {
        for entry in try io.list(parent.path) {
            guard let pid = Self.stalePID(entry.name, output: output.lastPathComponent), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            let stale = parent.appendingPathComponent(entry.name).path
            // An older Daybook killed during its swap left the output's `.git` in its staging folder.
            guard !io.exists(stale + "/" + Self.kept) else { continue }
            try io.remove(stale)
        }
    }

    /// The process id in `.NAME.building-PID` or `.NAME.old-PID`, else nil.
    static func stalePID(_ name: String, output: String) -> pid_t? {
        for kind in ["building", "old"] {
            let prefix = ".\(output).\(kind)-"
            if name.hasPrefix(prefix), let pid = pid_t(name.dropFirst(prefix.count)), pid > 0 { return pid }
        }
        return nil
    }

    /// `mkdir -p`, failing with the system's reason (`Not a directory`).
    func makeFolders(_ path: String) throws {
        do throws(FileIOError) { try io.createFolders(path) } catch {
            throw OutputError(message: "cannot create the folder '\(URL(fileURLWithPath: error.path).relativeToWorkingFolder)': \(error.reason)")
        }
    }

    /// One line a person can act on instead of a Foundation error dump.
    private func explained<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as OutputError {
            throw error
        } catch let error as FileIOError {
            throw OutputError(message: "cannot write the output folder '\(output.relativeToWorkingFolder)': \(error.reason)")
        }
    }

    /// Checks every path a build will write: inside the folder, each once.
    static func check(_ files: [String]) throws {
        if let outside = files.first(where: { !Self.isContained($0) }) {
            throw OutputError(message: "refusing to write outside the output folder: \(outside)")
        }
        // Two writers on one path would race; PathClaims reports these first.
        var paths = Set<String>(minimumCapacity: files.count)
        if let twice = files.first(where: { !paths.insert($0).inserted }) {
            throw OutputError(message: "two files would be written to \(twice)")
        }
    }

    /// Writes one file whose folder exists; the reason when it cannot.
    func write(_ bytes: [UInt8], to path: String) -> OutputError? {
        do { try io.write(path, bytes) } catch { return OutputError(message: "cannot write \(error)") }
        return nil
    }

    /// Writes one file of `folders`' tree, making its folder first when no
    /// file before made it: pages write on all cores as they render, and no
    /// core waits for a pass that makes every folder first.
    func write(_ bytes: [UInt8], to path: String, in folders: FolderMaker) -> OutputError? {
        if let failure = folders.make(parentOf: path) { return failure }
        return write(bytes, to: folders.root + "/" + path)
    }

    /// Relative, without a `.` or `..` component (`RelativePath`).
    static func isContained(_ path: String) -> Bool { RelativePath.isContained(path) }

    /// A git checkout's `.git` (a folder, or a file in a worktree): a site
    /// published by committing `public/` to a `gh-pages` branch keeps its
    /// repository from build to build. Nothing Daybook writes is called so.
    static let kept = ".git"

    /// Puts the staging folder where the output was missing or empty.
    func swap(in staging: URL) throws {
        try explained { try io.move(staging.path, output.path) }
    }

    /// Removes a staging folder, unless it holds a `.git` (left by an older
    /// Daybook killed while it swapped; a repository is not deleted on a guess).
    func discard(_ staging: URL) {
        guard !io.exists(staging.path + "/" + Self.kept) else { return }
        try? io.remove(staging.path)
    }
}

/// The folders made so far below `root`, shared by the cores that write
/// there (`OutputWriter.write(_:to:in:)`): each folder is made once, parents first.
final class FolderMaker: @unchecked Sendable {
    let root: String
    private let io: FileIO
    private let lock = NSLock()
    private var made: Set<Substring> = [""]

    init(root: String, io: FileIO) {
        self.root = root
        self.io = io
    }

    /// Makes the folders of `path` (relative to the root) that are not there yet; the reason when one cannot be made.
    func make(parentOf path: String) -> OutputError? {
        // By bytes: a `/` is one byte of UTF-8, and every page asks (100,000 at a time).
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        var missing: [Substring] = []
        lock.withLock {
            var folder = path[..<slash]
            while !made.contains(folder) {
                missing.append(folder)
                folder = folder.utf8.lastIndex(of: UInt8(ascii: "/")).map { folder[..<$0] } ?? ""
            }
        }
        // Two cores may make one folder at once: a folder already there is fine.
        for folder in missing.reversed() {
            do { try io.createFolder(root + "/" + folder) } catch { return OutputError(message: "cannot create \(error)") }
            lock.withLock { _ = made.insert(folder) }
        }
        return nil
    }
}

struct OutputError: Error, Sendable, CustomStringConvertible {
    let message: String
    var description: String { message }
}
