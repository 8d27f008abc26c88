import Foundation

/// What `serve` keeps between its builds: the entries it parsed, a digest of
/// every file it wrote and the key of every page it rendered, so that a
/// rebuild re-reads only changed entries, renders only pages whose inputs
/// changed, writes only the files whose bytes changed (each replaced in one
/// step), and deletes those no longer made. The result is the tree a clean
/// build makes.
public final class BuildMemory: @unchecked Sendable {
    public let parsed = ParseCache()
    /// What the last build made from the content (rendered entry bodies, the words of the decks…).
    let memo = BuildMemo()
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

    /// The pages to render again: all when nothing was written yet; else
    /// those without a key, or whose key differs from the one their file was
    /// last made with.
    /// - Parameter paths: the build's output files, the pages' first.
    /// - Parameter samePaths: whether `paths` are the last build's.
    func stalePages(_ pages: [Page], keys: [PageKey?], paths: [String], samePaths: Bool) -> [Page] {
        guard let written else { return pages }
        // The same files as last time: each page's key is where it was.
        if samePaths && pageKeys.count == keys.count {
            return keys.indices.filter { keys[$0] == nil || keys[$0] != pageKeys[$0] }.map { pages[$0] }
        }
        let before = Dictionary(zip(self.paths, pageKeys).compactMap { path, key in key.map { (path, $0) } },
                                uniquingKeysWith: { first, _ in first })
        return keys.indices.filter { index in
            guard let key = keys[index], before[paths[index]] == key, written[paths[index]] != nil else { return true }
            return false
        }.map { pages[$0] }
    }

    /// A page kept from the last build keeps its bytes, and their digest for
    /// the service worker (read again if the last build did not keep it).
    func notePrecachedKept(_ precached: PrecacheDigests, output: URL, io: FileIO) {
        for file in precached.files where precached.digests[file.filePath] == nil {
            if let digest = self.precached[file.filePath] {
                precached.note(file.filePath, digest: digest)
            } else if let bytes = try? io.read(output.appendingPathComponent(file.filePath).path) {
                precached.note(file.filePath, Array(bytes))
            }
        }
    }

    /// What the next build starts from, after a build that succeeded.
    func remember(_ update: OutputUpdate, keys: [PageKey?], paths: [String], precached digests: PrecacheDigests, pagesRendered: Int) {
        written = update.digests
        pageKeys = keys
        self.paths = paths
        precached = digests.digests
        filesChanged = update.changed
        self.pagesRendered = pagesRendered
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
