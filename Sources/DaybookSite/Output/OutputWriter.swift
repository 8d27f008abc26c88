import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a whole site beside the output folder and swaps it in only when
/// every file is written, so a failed build leaves the previous `public/`
/// exactly as it was.
struct OutputWriter {
    let output: URL
    private let manager = FileManager.default

    init(output: URL) { self.output = output.standardizedFileURL }

    /// A fresh staging folder next to the output (same file system, so the swap is a rename).
    func makeStaging() throws -> URL {
        let parent = output.deletingLastPathComponent()
        return try explained {
            try Self.makeFolders(parent.path)
            removeStaleFolders(in: parent)
            let staging = parent.appendingPathComponent(".\(output.lastPathComponent).building-\(getpid())")
            if manager.fileExists(atPath: staging.path) { try manager.removeItem(at: staging) }
            try Self.makeFolders(staging.path)
            return staging
        }
    }

    /// A build killed while writing leaves `.public.building-PID/` (or
    /// `.public.old-PID/`) behind, an import killed while checking
    /// `.content.importing-PID/`; later runs remove those of processes that
    /// no longer run.
    func removeStaleFolders(in parent: URL) {
        for name in (try? manager.contentsOfDirectory(atPath: parent.path)) ?? [] {
            guard let pid = Self.stalePID(name, output: output.lastPathComponent), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? manager.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    /// The process id in `.NAME.building-PID` or `.NAME.old-PID`, else nil.
    static func stalePID(_ name: String, output: String) -> pid_t? {
        for kind in ["building", "old", "importing"] {
            let prefix = ".\(output).\(kind)-"
            if name.hasPrefix(prefix), let pid = pid_t(name.dropFirst(prefix.count)), pid > 0 { return pid }
        }
        return nil
    }

    /// `mkdir -p`, failing with the system's reason (`Not a directory`).
    static func makeFolders(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return }
            throw OutputError(message: "cannot create the folder '\(URL(fileURLWithPath: path).relativeToWorkingFolder)': a file has that name")
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeFolders(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw OutputError(message: "cannot create the folder '\(URL(fileURLWithPath: path).relativeToWorkingFolder)': \(String(cString: strerror(errno)))")
        }
    }

    /// One line a person can act on instead of a Foundation error dump.
    private func explained<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as OutputError {
            throw error
        } catch {
            throw OutputError(message: "cannot write the output folder '\(output.relativeToWorkingFolder)': \(OutputError.reason(error))")
        }
    }

    /// Writes files into the staging folder on all cores. Paths come from the
    /// site's own `SitePath`s, and any that would leave the folder are refused.
    /// Plain POSIX calls: Foundation's file writing costs milliseconds a file.
    static func write(_ files: [(path: String, bytes: [UInt8])], into staging: URL) throws {
        try makeFolders(for: files.map(\.path), in: staging)
        let failures = ResultBox()
        let root = staging.path
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            if let failure = write(files[index].bytes, to: root + "/" + files[index].path) { failures.add(failure) }
        }
        if let first = failures.messages.first { throw OutputError(message: first) }
    }

    /// Checks every path a build will write (inside the folder, each once)
    /// and makes their folders in the staging folder.
    static func makeFolders(for files: [String], in staging: URL) throws {
        if let outside = files.first(where: { !isContained($0) }) {
            throw OutputError(message: "refusing to write outside the output folder: \(outside)")
        }
        // Two writers on one path would race; PathClaims reports these first.
        var paths = Set<[UInt8]>()
        if let twice = files.first(where: { !paths.insert(Array($0.utf8)).inserted }) {
            throw OutputError(message: "two files would be written to \(twice)")
        }
        var folders = Set<String>()
        for file in files {
            var folder = (file as NSString).deletingLastPathComponent
            while !folder.isEmpty, folders.insert(folder).inserted {
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        // Sorted, a parent comes before its children.
        for folder in folders.sorted() {
            let path = staging.path + "/" + folder
            if mkdir(path, 0o755) != 0 && errno != EEXIST { throw OutputError(message: "cannot create \(path): \(String(cString: strerror(errno)))") }
        }
    }

    /// Writes one file whose folder exists; the reason when it cannot.
    static func write(_ bytes: [UInt8], to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return "cannot write \(path): \(String(cString: strerror(errno)))" }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { buffer -> Int in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 { return -1 }
                offset += n
            }
            return offset
        }
        return written < 0 ? "cannot write \(path): \(String(cString: strerror(errno)))" : nil
    }

    /// Puts files that already exist (resized photos in the cache) into the
    /// staging folder: a hard link where the file system allows, else a copy.
    static func copy(_ files: [(path: String, source: String)], into staging: URL) throws {
        if let outside = files.first(where: { !isContained($0.path) }) {
            throw OutputError(message: "refusing to write outside the output folder: \(outside.path)")
        }
        let manager = FileManager.default
        for file in files {
            let path = staging.path + "/" + file.path
            try manager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if link(file.source, path) != 0 {
                do { try manager.copyItem(atPath: file.source, toPath: path) } catch {
                    throw OutputError(message: "cannot write \(path): \(error.localizedDescription)")
                }
            }
        }
    }

    static func isContained(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.split(separator: "/").contains { $0 == ".." || $0 == "." }
    }

    /// Replaces the output with the staging folder.
    func swap(in staging: URL) throws {
        try explained { try swapFolders(staging) }
    }

    private func swapFolders(_ staging: URL) throws {
        let old = output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).old-\(getpid())")
        if manager.fileExists(atPath: old.path) { try manager.removeItem(at: old) }
        if manager.fileExists(atPath: output.path) { try manager.moveItem(at: output, to: old) }
        do {
            try manager.moveItem(at: staging, to: output)
        } catch {
            if manager.fileExists(atPath: old.path) { try? manager.moveItem(at: old, to: output) }
            throw error
        }
        if manager.fileExists(atPath: old.path) { try? manager.removeItem(at: old) }
    }

    func discard(_ staging: URL) { try? manager.removeItem(at: staging) }
}

struct OutputError: Error, Sendable, CustomStringConvertible {
    let message: String
    var description: String { message }

    /// The system's reason (`Permission denied`) inside a Foundation error.
    static func reason(_ error: Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileWriteNoPermission, .fileReadNoPermission: return String(cString: strerror(EACCES))
        case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
        case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
        case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
        default: return error.localizedDescription
        }
    }
}

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ message: String) { lock.lock(); list.append(message); lock.unlock() }
    var messages: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
