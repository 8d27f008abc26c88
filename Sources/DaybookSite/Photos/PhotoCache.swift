import Foundation

/// Processed photos outside the output (`.daybook-cache/photos/` beside
/// `content/`): one folder per source content and settings, holding its sizes
/// as `WIDTHxHEIGHT.webp` and `.jpg`, so a warm build reads sizes from names
/// and never decodes. Safe to delete.
///
/// On the disk, not behind `FileIO`: libvips reads the originals and writes
/// the sizes by path, so the cache, its index and the photos of a build in
/// memory are where libvips can reach them.
struct PhotoCache: Sendable {
    let folder: URL
    /// Widths, quality, WebP effort and a version of the processing (v2: a
    /// JPEG is shrunk while it is decoded; v3: Lanczos2): a change re-encodes everything.
    let settings: String

    init(directory: URL, widths: [Int], quality: Int) {
        folder = directory.appendingPathComponent("photos")
        settings = "w\(widths.sorted().map(String.init).joined(separator: "_"))-q\(quality)-e\(Vips.webpEffort)-v3"
    }

    /// The folder name of a source with this SHA-256.
    func key(sha256: String) -> String { "\(sha256.prefix(40))-\(settings)" }

    func file(_ key: String, _ size: Vips.Encoded, _ suffix: String) -> String {
        folder.path + "/" + key + "/\(size.width)x\(size.height).\(suffix)"
    }

    /// The sizes stored under `key`, or nil when it has none yet.
    func sizes(_ key: String) -> [Vips.Encoded]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/" + key) else { return nil }
        let sizes = names.filter { $0.hasSuffix(".jpg") }.compactMap { name -> Vips.Encoded? in
            let parts = name.dropLast(4).split(separator: "x")
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
            return Vips.Encoded(width: width, height: height)
        }
        return sizes.isEmpty ? nil : sizes.sorted { $0.width < $1.width }
    }

    /// Encodes into a private folder and renames it into place, so that a
    /// crash or a parallel build never leaves half a set under the key.
    func store(_ key: String, _ encode: (_ folder: String) throws -> [Vips.Encoded]) throws -> [Vips.Encoded] {
        let manager = FileManager.default
        let temporary = folder.appendingPathComponent(".\(key)-\(UUID().uuidString)")
        try manager.createDirectory(at: temporary, withIntermediateDirectories: true)
        do {
            let sizes = try encode(temporary.path)
            let final = folder.appendingPathComponent(key)
            if (try? manager.moveItem(at: temporary, to: final)) == nil { try? manager.removeItem(at: temporary) }
            return sizes
        } catch {
            try? manager.removeItem(at: temporary)
            throw error
        }
    }

    /// Removes every folder no key of this build names (stale photos, old settings).
    func prune(keeping used: Set<String>) {
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where !used.contains(name) {
            try? manager.removeItem(atPath: folder.path + "/" + name)
        }
    }
}

/// Each source photo's SHA-256, remembered with its size and modification
/// time (`.daybook-cache/photos.index`), so a rebuild reads a changed photo
/// only, as git does: hashing 500 phone photos would cost seconds.
final class PhotoHashes: @unchecked Sendable {
    private let file: URL
    private let lock = NSLock()
    private var known: [String: (stamp: String, sha: String)] = [:]
    private var used: [String: (stamp: String, sha: String)] = [:]

    init(directory: URL) {
        file = directory.appendingPathComponent("photos.index")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            if parts.count == 3 { known[String(parts[0])] = (String(parts[1]), String(parts[2])) }
        }
    }

    func sha256(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let stamp = "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino)"
        if let entry = lock.withLock({ known[path] }), entry.stamp == stamp {
            lock.withLock { used[path] = entry }
            return entry.sha
        }
        guard let sha = Vips.sha256(of: path) else { return nil }
        lock.withLock { used[path] = (stamp, sha) }
        return sha
    }

    /// Keeps the photos this build read, forgets the rest.
    func save() {
        let lines = lock.withLock { used.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value.stamp)\t\($0.value.sha)\n" } }
        // A site without photos gets no cache folder.
        if lines.isEmpty && !FileManager.default.fileExists(atPath: file.path) { return }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? lines.joined().write(to: file, atomically: true, encoding: .utf8)
    }
}
