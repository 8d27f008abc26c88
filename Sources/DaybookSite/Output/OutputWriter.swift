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
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).building-\(getpid())")
        if manager.fileExists(atPath: staging.path) { try manager.removeItem(at: staging) }
        try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        return staging
    }

    /// Writes files into the staging folder on all cores. Paths come from the
    /// site's own `SitePath`s, and any that would leave the folder are refused.
    /// Plain POSIX calls: Foundation's file writing costs milliseconds a file.
    static func write(_ files: [(path: String, bytes: [UInt8])], into staging: URL) throws {
        if let outside = files.first(where: { !isContained($0.path) }) {
            throw OutputError(message: "refusing to write outside the output folder: \(outside.path)")
        }
        var folders = Set<String>()
        for file in files {
            var folder = (file.path as NSString).deletingLastPathComponent
            while !folder.isEmpty, folders.insert(folder).inserted {
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        // Sorted, a parent comes before its children.
        for folder in folders.sorted() {
            let path = staging.path + "/" + folder
            if mkdir(path, 0o755) != 0 && errno != EEXIST { throw OutputError(message: "cannot create \(path): \(String(cString: strerror(errno)))") }
        }
        let failures = ResultBox()
        let root = staging.path
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            let path = root + "/" + file.path
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard descriptor >= 0 else {
                failures.add("cannot write \(path): \(String(cString: strerror(errno)))")
                return
            }
            defer { close(descriptor) }
            let written = file.bytes.withUnsafeBytes { buffer -> Int in
                var offset = 0
                while offset < buffer.count {
                    let n = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if n <= 0 { return -1 }
                    offset += n
                }
                return offset
            }
            if written < 0 { failures.add("cannot write \(path): \(String(cString: strerror(errno)))") }
        }
        if let first = failures.messages.first { throw OutputError(message: first) }
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

struct OutputError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ message: String) { lock.lock(); list.append(message); lock.unlock() }
    var messages: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
