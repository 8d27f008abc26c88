import Foundation

/// A photo ready to publish: its sizes (narrowest first), each as WebP and JPEG.
struct Photo: Sendable, Hashable {
    /// Content-relative path of the original.
    let source: String
    let key: String
    let sizes: [Vips.Encoded]

    /// Where a size is published.
    func path(_ size: Vips.Encoded, _ suffix: String) -> String { PhotoPaths.published(source, width: size.width, suffix: suffix) }
}

/// Turns the photos pages name into published sizes, each source once per
/// build, through the cache. Shared by the threads that render entries.
final class PhotoLibrary: @unchecked Sendable {
    enum Problem: Error, Sendable {
        case missing(hint: String?)
        case hidden
        case unreadable(String)
    }

    let cache: PhotoCache
    private let hashes: PhotoHashes
    let widths: [Int]
    static let quality = 80
    /// Content-relative path → absolute path, for every file under diary/ and pages/.
    private let files: [String: String]
    /// Where libvips, which opens files by path, reads them.
    private let io: FileIO
    /// Files the build's view publishes (`PublishedContent.assets`); the others are hidden and never decoded.
    private let shownFiles: Set<String>

    private func isHidden(_ source: String) -> Bool { !shownFiles.contains(source) }

    private let lock = NSLock()
    private var done: [String: Result<Photo, Problem>] = [:]
    /// The photos of the encrypted part: published only as ciphertext, so never among `outputs`.
    private var sealed: [String: Photo] = [:]
    private var counts = (encoded: 0, cached: 0)

    /// - Parameter shown: the build's view (`SiteData.published`): which of `assets` it publishes.
    init(assets: [ContentAsset], shown: PublishedContent, settings: SiteConfig.Images, cacheDirectory: URL, io: FileIO) {
        files = Dictionary(assets.map { ($0.relativePath, $0.absolutePath) }, uniquingKeysWith: { first, _ in first })
        self.io = io
        widths = settings.widths
        cache = PhotoCache(directory: cacheDirectory, widths: settings.widths, quality: Self.quality)
        hashes = PhotoHashes(directory: cacheDirectory)
        shownFiles = Set(shown.assets.map(\.relativePath))
    }

    /// Photos encoded in this build, and photos found in the cache.
    var encodedCount: Int { lock.withLock { counts.encoded } }
    var cachedCount: Int { lock.withLock { counts.cached } }

    func hasFile(_ source: String) -> Bool { files[source] != nil }

    /// Every file (content-relative), those this build hides among them.
    var filePaths: [String] { files.keys.sorted() }

    /// Whether the build publishes the file at `source`.
    func isShown(_ source: String) -> Bool { files[source] != nil && !isHidden(source) }

    /// The published sizes of the file at `source` (content-relative).
    func photo(_ source: String) -> Result<Photo, Problem> {
        if let known = lock.withLock({ done[source] }) { return known }
        let result = process(source)
        lock.withLock { done[source] = result }
        return result
    }

    private func process(_ source: String) -> Result<Photo, Problem> {
        guard let given = files[source] else {
            let hint = Suggestion.hint(for: (source as NSString).lastPathComponent,
                                       in: PhotoPaths.siblings(of: source, in: files.keys.filter { !isHidden($0) }))
            return .failure(.missing(hint: hint))
        }
        guard !isHidden(source) else { return .failure(.hidden) }
        return encode(source, given)
    }

    /// A photo of a private item published encrypted (`SealedPhotos`), whose sizes are never published in the
    /// clear; nil for a file that is not a readable photo.
    /// - Parameter sealable: the files the encrypted part may show (those of shown and private items, not drafts).
    func sealedPhoto(_ source: String, sealable: Set<String>) -> Photo? {
        guard sealable.contains(source), PhotoPaths.isPhoto(source), let given = files[source] else { return nil }
        if let known = lock.withLock({ sealed[source] }) { return known }
        guard let photo = try? encode(source, given).get() else { return nil }
        lock.withLock { sealed[source] = photo }
        return photo
    }

    /// Its sizes, from the cache or made now.
    private func encode(_ source: String, _ given: String) -> Result<Photo, Problem> {
        guard let absolute = io.localPath(given), let sha = hashes.sha256(of: absolute) else { return .failure(.unreadable("cannot read the file")) }
        let key = cache.key(sha256: sha)
        if let sizes = cache.sizes(key) {
            lock.withLock { counts.cached += 1 }
            return .success(Photo(source: source, key: key, sizes: sizes))
        }
        do {
            let sizes = try cache.store(key) { folder in
                try Vips.encode(absolute, widths: widths, quality: Self.quality) { size, suffix in
                    folder + "/\(size.width)x\(size.height).\(suffix)"
                }
            }
            lock.withLock { counts.encoded += 1 }
            return .success(Photo(source: source, key: key, sizes: sizes))
        } catch let failure as Vips.Failure {
            return .failure(.unreadable(Self.reason(failure.message, path: absolute)))
        } catch {
            return .failure(.unreadable("\(error)"))
        }
    }

    /// libvips' message without what the diagnostic says already: the
    /// loader's name and the file's absolute path.
    static func reason(_ message: String, path: String) -> String {
        var text = message.replacingOccurrences(of: "\"\(path)\" ", with: "")
        if text.hasPrefix("Vips"), let colon = text.range(of: ": ") { text = String(text[colon.upperBound...]) }
        if text.hasPrefix("is ") { text = String(text.dropFirst(3)) }
        return text
    }

    /// A file a processed photo publishes: where, the cached file it is, and its original.
    struct Output {
        let path: String
        let cached: String
        let original: String
    }

    /// Every processed photo's files.
    var outputs: [Output] {
        let photos = lock.withLock { done.values.compactMap { try? $0.get() } }
        return photos.sorted { $0.source < $1.source }.flatMap { photo in
            photo.sizes.flatMap { size in
                ["webp", "jpg"].map { Output(path: photo.path(size, $0), cached: cache.file(photo.key, size, $0), original: photo.source) }
            }
        }
    }

    /// Forgets cached photos this build did not use.
    func prune() {
        let used = lock.withLock { Set(done.values.compactMap { try? $0.get().key } + sealed.values.map(\.key)) }
        cache.prune(keeping: used)
        hashes.save()
    }
}
