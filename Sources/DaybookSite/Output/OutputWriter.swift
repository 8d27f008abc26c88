import Foundation

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
    static func write(_ files: [(path: String, bytes: [UInt8])], into staging: URL) throws {
        let folders = Set(files.map { ($0.path as NSString).deletingLastPathComponent }).sorted()
        for folder in folders where !folder.isEmpty {
            try FileManager.default.createDirectory(at: staging.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let failures = ResultBox()
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            guard Self.isContained(file.path) else {
                failures.add("refusing to write outside the output folder: \(file.path)")
                return
            }
            let url = staging.appendingPathComponent(file.path)
            if !FileManager.default.createFile(atPath: url.path, contents: Data(file.bytes)) {
                failures.add("cannot write \(url.path)")
            }
        }
        if let first = failures.messages.first { throw OutputError(message: first) }
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
