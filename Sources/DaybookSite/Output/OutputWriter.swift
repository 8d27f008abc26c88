import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a whole site beside the output folder and swaps it in only when
/// every file is written, so a failed build leaves the previous `public/`
/// exactly as it was.
struct OutputWriter {
    let output: URL
    /// Every write goes through the seam; the rules (contained paths, each
    /// once, the staging folder and the swap) are here, above it.
    let io: FileIO

    init(output: URL, io: FileIO = .disk) {
        self.output = output.standardizedFileURL
        self.io = io
    }

    /// A fresh staging folder next to the output (same file system, so the swap is a rename).
    func makeStaging() throws -> URL {
        let parent = output.deletingLastPathComponent()
        return try explained {
            try makeFolders(parent.path)
            removeStaleFolders(in: parent)
            let staging = parent.appendingPathComponent(".\(output.lastPathComponent).building-\(getpid())")
            if io.exists(staging.path) { try io.remove(staging.path) }
            try makeFolders(staging.path)
            return staging
        }
    }

    /// A build killed while writing leaves `.public.building-PID/` (or
    /// `.public.old-PID/`) behind; later runs remove those of processes that
    /// no longer run.
    func removeStaleFolders(in parent: URL) {
        for entry in (try? io.list(parent.path)) ?? [] {
            guard let pid = Self.stalePID(entry.name, output: output.lastPathComponent), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            let stale = parent.appendingPathComponent(entry.name).path
            // Killed during the swap, a staging folder may hold the output's `.git`.
            guard !io.exists(stale + "/" + Self.kept) else { continue }
            try? io.remove(stale)
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

    /// Writes files into the staging folder on all cores. Paths come from the
    /// site's own `SitePath`s, and any that would leave the folder are refused.
    func write(_ files: [(path: String, bytes: [UInt8])], into staging: URL) throws {
        try makeFolders(for: files.map(\.path), in: staging)
        let failures = ResultBox()
        let root = staging.path
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            if let failure = write(files[index].bytes, to: root + "/" + files[index].path) { failures.add(failure.message) }
        }
        if let first = failures.messages.first { throw OutputError(message: first) }
    }

    /// Checks every path a build will write: inside the folder, each once.
    func check(_ files: [String]) throws {
        if let outside = files.first(where: { !Self.isContained($0) }) {
            throw OutputError(message: "refusing to write outside the output folder: \(outside)")
        }
        // Two writers on one path would race; PathClaims reports these first.
        var paths = Set<String>(minimumCapacity: files.count)
        if let twice = files.first(where: { !paths.insert($0).inserted }) {
            throw OutputError(message: "two files would be written to \(twice)")
        }
    }

    /// Checks every path a build will write (`check`) and makes their folders in the staging folder.
    func makeFolders(for files: [String], in staging: URL) throws {
        try check(files)
        var folders = Set<String>()
        for file in files {
            var folder = (file as NSString).deletingLastPathComponent
            while !folder.isEmpty, folders.insert(folder).inserted {
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        // A depth at a time, parents before their children, each depth on all cores.
        let depths = Dictionary(grouping: folders) { $0.utf8.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 } }
        let failures = ResultBox()
        for depth in depths.keys.sorted() {
            let level = depths[depth] ?? []
            DispatchQueue.concurrentPerform(iterations: level.count) { index in
                do { try io.createFolder(staging.path + "/" + level[index]) } catch { failures.add("cannot create \(error)") }
            }
            if let first = failures.messages.min() { throw OutputError(message: first) }
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

    /// Puts files that already exist (resized photos in the cache) into the
    /// staging folder: a hard link where the file system allows, else a copy.
    func copy(_ files: [(path: String, source: String)], into staging: URL) throws {
        if let outside = files.first(where: { !Self.isContained($0.path) }) {
            throw OutputError(message: "refusing to write outside the output folder: \(outside.path)")
        }
        for file in files {
            let path = staging.path + "/" + file.path
            do throws(FileIOError) {
                try io.createFolders((path as NSString).deletingLastPathComponent)
                try io.copy(file.source, path)
            } catch {
                throw OutputError(message: "cannot write \(path): \(error.reason)")
            }
        }
    }

    /// Relative, without a `.` or `..` component (`RelativePath`).
    static func isContained(_ path: String) -> Bool { RelativePath.isContained(path) }

    /// A git checkout's `.git` (a folder, or a file in a worktree): a site
    /// published by committing `public/` to a `gh-pages` branch keeps its
    /// repository from build to build. Nothing Daybook writes is called so.
    static let kept = ".git"

    /// Replaces the output with the staging folder; the output's `.git` moves
    /// into it first, and back if the swap fails.
    func swap(in staging: URL) throws {
        try explained { try swapFolders(staging) }
    }

    private func swapFolders(_ staging: URL) throws(FileIOError) {
        let git = (from: output.path + "/" + Self.kept, to: staging.path + "/" + Self.kept)
        let keepsGit = io.linkAttributes(output.path)?.kind == .folder && io.exists(git.from)
        if keepsGit { try io.move(git.from, git.to) }
        let old = output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).old-\(getpid())").path
        do throws(FileIOError) {
            if io.exists(old) { try io.remove(old) }
            if io.exists(output.path) { try io.move(output.path, old) }
            do throws(FileIOError) {
                try io.move(staging.path, output.path)
            } catch {
                if io.exists(old) { try? io.move(old, output.path) }
                throw error
            }
        } catch {
            if keepsGit { try? io.move(git.to, git.from) }
            throw error
        }
        if io.exists(old) { removeTree(old) }
    }

    /// Removes a folder tree, its parts on all cores: each folder two levels
    /// below it (a month of the diary or of the calendar) is one part, and
    /// each file above those. A site of 10,000 entries is 20,000 files and
    /// folders; one core took 0.24 s of system time to remove them.
    private func removeTree(_ path: String) {
        var parts: [String] = []
        func split(_ folder: String, depth: Int) {
            for entry in (try? io.list(folder)) ?? [] {
                let child = folder + "/" + entry.name
                if depth > 0, entry.kind == .folder { split(child, depth: depth - 1) } else { parts.append(child) }
            }
        }
        split(path, depth: 2)
        let all = parts
        DispatchQueue.concurrentPerform(iterations: all.count) { index in try? io.remove(all[index]) }
        try? io.remove(path)
    }

    /// Removes a staging folder, unless it holds a `.git` that could not be
    /// moved back (never seen; a repository is not deleted on a guess).
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

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ message: String) { lock.lock(); list.append(message); lock.unlock() }
    var messages: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
