import Foundation

/// What `serve` keeps between its builds: the entries it parsed, a digest of
/// every file it wrote and the key of every page it rendered, so that a
/// rebuild re-reads only changed entries, renders only pages whose inputs
/// changed, writes only the files whose bytes changed (each replaced in one
/// step), and deletes those no longer made. The result is the tree a clean
/// build makes.
public final class ServeMemory: @unchecked Sendable {
    public let parsed = ParseCache()
    /// What the last build made from the content (rendered entry bodies, the words of the decks…).
    let memo = DerivedMemo()
    /// Output path → digest of its bytes; nil until a build has written the output.
    var written: [String: Digest]?
    /// The files the last build made, its pages' first.
    var paths: [String] = []
    /// Each page's key (`PageKey`, the site's shared inputs included) when
    /// the bytes in `written` were made, in the order of `paths`: a page
    /// whose key is the same again is not rendered.
    var pageKeys: [PageKey?] = []
    /// The FNV-1a digests of the files the service worker keeps (`PrecacheDigests`), as last written.
    var precached: [String: UInt64] = [:]
    /// Files written (or deleted) by the last build.
    public internal(set) var filesChanged = 0
    /// Pages the last build rendered (the others kept their bytes).
    public internal(set) var pagesRendered = 0
    /// The last build's values that nothing keeps (its pages, the lists it
    /// replaced), left for `freeLeftovers`.
    var leftovers: (any Sendable)?

    public init() {}

    /// Frees the last build's leftovers on another core: freeing 12,000
    /// pages takes milliseconds that the open pages need not wait for.
    public func freeLeftovers() {
        let values = leftovers
        leftovers = nil
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(values) {} }
    }

    /// Two 64-bit hashes of the bytes: a change goes unnoticed with odds of 2⁻¹²⁸.
    struct Digest: Hashable {
        let a: Int, b: Int

        init(_ bytes: [UInt8]) {
            var first = Hasher(), second = Hasher()
            first.combine(0x5EED)
            second.combine(0xD1CE)
            bytes.withUnsafeBytes { first.combine(bytes: $0); second.combine(bytes: $0) }
            a = first.finalize()
            b = second.finalize()
        }
    }

    /// A photo comes from the cache: its digest is its cached file's name, size and time.
    static func digest(ofCached path: String, io: FileIO) -> Digest {
        let stamp = io.attributes(path).map { "\($0.size) \($0.modified)" } ?? ""
        return Digest(Array((path + "\n" + stamp).utf8))
    }
}

/// Collects, from the pages rendering on all cores, each file's digest and the bytes of those that changed.
final class OutputChanges: @unchecked Sendable {
    private let lock = NSLock()
    private let before: [String: ServeMemory.Digest]
    /// Every file's digest: as before, but for the files made again (`add`, `record`) and those no longer made (`forget`).
    private(set) var digests: [String: ServeMemory.Digest]
    private(set) var changed: [(path: String, bytes: [UInt8])] = []

    init(before: [String: ServeMemory.Digest]) {
        self.before = before
        digests = before
    }

    func forget(_ gone: [String]) { lock.withLock { for path in gone { digests[path] = nil } } }

    func add(_ path: String, _ bytes: [UInt8]) {
        let digest = ServeMemory.Digest(bytes)
        lock.withLock {
            digests[path] = digest
            if before[path] != digest { changed.append((path, bytes)) }
        }
    }

    /// Records a file without keeping its bytes (a build that writes everything anyway).
    func record(_ path: String, _ digest: ServeMemory.Digest) { lock.withLock { digests[path] = digest } }
}

extension OutputWriter {
    /// Brings the output up to date in place: each changed file is written
    /// beside itself and renamed over the old one, so the preview never serves
    /// half a file; files no longer made are deleted, then their empty folders.
    func update(writing changed: [(path: String, bytes: [UInt8])], linking photos: [(path: String, source: String)],
                deleting gone: [String]) throws {
        try makeFolders(for: changed.map(\.path) + photos.map(\.path), in: output)
        let root = output.path
        do throws(FileIOError) {
            for file in changed {
                let temporary = root + "/" + file.path + ".daybook-\(getpid())~"
                try io.write(temporary, file.bytes)
                try io.move(temporary, root + "/" + file.path)
            }
            for photo in photos where io.exists(root + "/" + photo.path) { try io.remove(root + "/" + photo.path) }
            for path in gone where Self.isContained(path) && io.exists(root + "/" + path) { try io.remove(root + "/" + path) }
            // Deepest first, so a folder emptied by its children's removal goes too.
            let folders = Set(gone.map { ($0 as NSString).deletingLastPathComponent }.filter { !$0.isEmpty })
            for folder in folders.sorted(by: { $0.count > $1.count }) {
                var current = folder
                while !current.isEmpty, io.isFolder(root + "/" + current), (try? io.list(root + "/" + current))?.isEmpty == true {
                    try io.remove(root + "/" + current)
                    current = (current as NSString).deletingLastPathComponent
                }
            }
        } catch {
            throw OutputError(message: "cannot write \(error)")
        }
        try copy(photos, into: output)
    }
}
