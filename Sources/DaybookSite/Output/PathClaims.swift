
/// Every file of the output has exactly one source. A diary entry named
/// like an archive (`diary/2026/11.md`), a workout named `stats.md`, an
/// image named like a page's `index.html`, two names that differ only in
/// case: each would silently replace another page (or race with it), so
/// each is an error naming both sources.
enum PathClaims {
    /// The assets this build publishes. Photos go out resized (`site.photos`); their originals only when asked.
    static func publishedAssets(_ site: SiteData) -> [ContentAsset] {
        site.published.assets.filter { site.config.images.originals || !PhotoPaths.isPhoto($0.relativePath) }
    }

    /// Throws every collision of the build's output paths.
    static func check(pages: [Page], site: SiteData, theme: Theme, assets: [ContentAsset], contentDisplayName: String) throws {
        let themeAssets = theme.assets.keys.sorted()
        let photos = site.photos.outputs
        // `serve`: the same paths claimed by the same files as last time collide as they did.
        let key = site.rememberedKey { hasher in
            hasher.combine(text: contentDisplayName)
            hasher.combine(pages.count)
            for page in pages { hasher.combine(text: page.path.value) }
            hasher.combine(site.sources.count)
            for source in site.sources {
                hasher.combine(text: source.relativePath)
                hasher.combine(text: source.displayPath)
            }
            func combine(_ aliases: [String]) {
                hasher.combine(aliases.count)
                for alias in aliases { hasher.combine(text: alias) }
            }
            for entry in site.published.entries { combine(entry.frontMatter.aliases) }
            for page in site.published.pages { combine(page.frontMatter.aliases) }
            hasher.combine(assets.count)
            for asset in assets { hasher.combine(text: asset.relativePath) }
            hasher.combine(photos.count)
            for photo in photos {
                hasher.combine(text: photo.path)
                hasher.combine(text: photo.original)
            }
            for asset in themeAssets { hasher.combine(text: asset) }
        }
        let contested = site.memo.value("path claims", key: key) {
            collisions(writers(pages: pages, site: site, assets: assets, photos: photos, themeAssets: themeAssets, contentDisplayName: contentDisplayName))
        }
        if !contested.isEmpty { throw ContentErrors(contested) }
    }

    /// Who writes a file: a content file (by its display path) or Daybook itself.
    struct Writer: Hashable {
        let path: String
        let source: String?
    }

    /// - Parameters:
    ///   - writers: every output file with the content file it comes from, if any.
    /// - Returns: one error per contested path, at the first content source.
    ///   Paths are compared ignoring case: the site is published to hosts and
    ///   disks (macOS, Windows) where `About.html` and `about.html` are one file.
    static func collisions(_ writers: [Writer]) -> [Diagnostic] {
        let folded = writers.map { caseFolded($0.path) }
        var byPath = [PathBytes: [Writer]](minimumCapacity: writers.count)
        for (writer, key) in zip(writers, folded) { byPath[key, default: []].append(writer) }
        var diagnostics: [Diagnostic] = []
        for (_, claims) in byPath where claims.count > 1 {
            diagnostics.append(collision(claims[0].path, claims))
        }
        // A file where another path needs a folder (`diary/x` beside `diary/x/index.html`).
        // Folders that are no file, nor is any folder above them: most paths share them.
        var clear = Set<PathBytes>(minimumCapacity: writers.count)
        for (writer, key) in zip(writers, folded) {
            var walked: [PathBytes] = []
            for (folder, key) in Folders(of: writer.path, folded: key) {
                if clear.contains(key) { break }
                walked.append(key)
                if let file = byPath[key] {
                    diagnostics.append(collision(file[0].path, file + [writer], asFolder: (writer.path, String(folder))))
                    walked = []
                }
            }
            clear.formUnion(walked)
        }
        return diagnostics.sorted { $0.location < $1.location }
    }

    /// The folders above a path, the nearest first, each with its key (`caseFolded`).
    struct Folders: Sequence, IteratorProtocol {
        private var folder: Substring
        /// An ASCII path's key, whose beginnings are its folders' keys; nil for another path.
        private let folded: [UInt8]?

        /// - Parameter folded: the key of `path`.
        init(of path: String, folded: PathBytes) {
            folder = Substring(path)
            self.folded = path.utf8.allSatisfy { $0 < 0x80 } ? folded.bytes : nil
        }

        mutating func next() -> (folder: Substring, key: PathBytes)? {
            guard let folded else {
                guard let slash = folder.lastIndex(of: "/") else { return nil }
                folder = folder[..<slash]
                return (folder, caseFolded(folder))
            }
            // By bytes: one byte is one character.
            guard let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
            folder = folder[..<slash]
            return (folder, PathBytes(bytes: Array(folded[..<folder.utf8.count])))
        }
    }

    /// A path's bytes as a dictionary key, hashed in one call (an array of bytes hashes byte by byte).
    struct PathBytes: Hashable {
        let bytes: [UInt8]

        init(_ text: some StringProtocol) { bytes = Array(text.utf8) }
        init(bytes: [UInt8]) { self.bytes = bytes }

        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    }

    /// The key under which a case-insensitive file system stores a path.
    static func caseFolded(_ path: some StringProtocol) -> PathBytes {
        var bytes = Array(path.utf8)
        // ASCII, as nearly every path is, folds byte by byte, as `lowercased()` would fold it.
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return PathBytes(path.lowercased()) }
        for index in bytes.indices where bytes[index] >= UInt8(ascii: "A") && bytes[index] <= UInt8(ascii: "Z") { bytes[index] += 32 }
        return PathBytes(bytes: bytes)
    }

    /// - Parameter asFolder: the path that needs `path` as a folder, and that folder as it spells it.
    private static func collision(_ path: String, _ claims: [Writer], asFolder: (path: String, folder: String)? = nil) -> Diagnostic {
        let named = claims.compactMap(\.source).sorted()
        let generated = claims.count - named.count
        var sources = named
        if generated > 0 { sources.append(generated == 1 ? "a page Daybook makes" : "\(generated) pages Daybook makes") }
        let spellings = Set(claims.map(\.path) + [asFolder?.folder].compactMap { $0 }).sorted()
        let caseOnly = spellings.count > 1 ? " (differing only in case, they are one name on a case-insensitive disk or host)" : ""
        let what: String
        if let asFolder {
            what = "'\(path)' is written as a file and is also the folder of '\(asFolder.path)'\(caseOnly)"
        } else if spellings.count > 1 {
            what = "\(spellings.map { "'\($0)'" }.joined(separator: " and ")) would be one file\(caseOnly),"
        } else {
            what = "'\(path)' would be written"
        }
        let location = named.first.map { SourceLocation(path: $0) } ?? SourceLocation(path: path)
        return Diagnostic(location, "\(what) from \(sources.count) sources: \(sources.joined(separator: " and "))",
                          hint: named.isEmpty ? nil : "rename \(named.last!) so that every output path has one source")
    }

    /// The writers of a build: pages (named by the content file whose page
    /// it is), published assets and the theme's assets.
    static func writers(pages: [Page], site: SiteData, assets: [ContentAsset], photos: [PhotoLibrary.Output], themeAssets: [String],
                        contentDisplayName: String) -> [Writer] {
        var owners = [PathBytes: [String]](minimumCapacity: site.sources.count)
        for source in site.sources { owners[PathBytes(Routes.content(source).filePath), default: []].append(source.displayPath) }
        // An old URL (`aliases:`) is claimed by the file that names it.
        let aliases = site.published.entries.map { ($0.frontMatter.aliases, $0.source) } + site.published.pages.map { ($0.frontMatter.aliases, $0.source) }
        for (paths, source) in aliases {
            for alias in paths { owners[PathBytes(Routes.alias(alias).filePath), default: []].append(source.displayPath) }
        }
        // Two content files with one page each name themselves, in turn.
        var named: [PathBytes: Int] = [:]
        var writers: [Writer] = []
        writers.reserveCapacity(pages.count + assets.count + photos.count + themeAssets.count)
        for page in pages {
            let path = page.path.filePath
            let key = PathBytes(path)
            guard let candidates = owners[key] else {
                writers.append(Writer(path: path, source: nil))
                continue
            }
            let index = named[key, default: 0]
            named[key] = index + 1
            writers.append(Writer(path: path, source: index < candidates.count ? candidates[index] : nil))
        }
        writers += assets.map { Writer(path: $0.relativePath, source: "\(contentDisplayName)/\($0.relativePath)") }
        writers += photos.map { Writer(path: $0.path, source: "\(contentDisplayName)/\($0.original)") }
        writers += themeAssets.map { Writer(path: Routes.asset($0), source: "the theme's assets/\($0)") }
        return writers
    }
}
