import Foundation

/// What `serve`'s writer (`OutputUpdate`) remembers of the output from
/// build to build: a digest of every file it wrote and the key of every page
/// it rendered, so that a rebuild renders only pages whose inputs changed
/// and compares the others' bytes without reading the disk. The result is
/// the tree a clean build makes.
final class PageMemory: @unchecked Sendable {
    /// Output path → digest of its bytes; nil until a build has written the output.
    var written: [String: Digest]?
    /// The files the last build made, its pages' first.
    private(set) var paths: [String] = []
    /// Each page's key (`PageKey`, the site's shared inputs included) when
    /// the bytes in `written` were made, in the order of `paths`: a page
    /// whose key is the same again is not rendered.
    private(set) var pageKeys: [PageKey?] = []
    /// The FNV-1a digests of the files the service worker keeps (`PrecacheDigests`), as last written.
    private var precached: [String: UInt64] = [:]
    /// Files written (or deleted) by the last build.
    private(set) var filesChanged = 0
    /// Pages the last build rendered (the others kept their bytes).
    private(set) var pagesRendered = 0

    /// The pages to render again: all when nothing was written yet; else
    /// those without a key, or whose key differs from the one their file was
    /// last made with. A page kept notes its digest for the service worker.
    func stalePages(_ plan: SitePlan, keys: [PageKey?], output: URL, io: FileIO) -> [Page] {
        guard let written else { return plan.pages }
        var stale: [Int]
        // The same files as last time: each page's key is where it was.
        if paths == plan.paths && pageKeys.count == keys.count {
            stale = keys.indices.filter { keys[$0] == nil || keys[$0] != pageKeys[$0] }
        } else {
            let before = Dictionary(zip(paths, pageKeys).compactMap { path, key in key.map { (path, $0) } },
                                    uniquingKeysWith: { first, _ in first })
            stale = keys.indices.filter { index in
                guard let key = keys[index], before[plan.paths[index]] == key, written[plan.paths[index]] != nil else { return true }
                return false
            }
        }
        var made = Set(stale.map { plan.paths[$0] })
        let pageIndex = Dictionary(plan.paths.prefix(plan.pages.count).enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for file in plan.precached.files where !made.contains(file.filePath) {
            if let digest = precached[file.filePath] {
                plan.precached.note(file.filePath, digest: digest)
            } else if let bytes = try? io.read(output.appendingPathComponent(file.filePath).path) {
                plan.precached.note(file.filePath, Array(bytes))
            } else if let index = pageIndex[file.filePath] {
                // A kept page whose file cannot be read is made again: its digest is then the new bytes'.
                stale.append(index)
                made.insert(file.filePath)
            }
        }
        return stale.sorted().map { plan.pages[$0] }
    }

    /// What the next build starts from, after a build that succeeded.
    func remember(_ digests: [String: Digest], keys: [PageKey?], paths: [String], precached: [String: UInt64],
                  filesChanged: Int, pagesRendered: Int) {
        written = digests
        pageKeys = keys
        self.paths = paths
        self.precached = precached
        self.filesChanged = filesChanged
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
