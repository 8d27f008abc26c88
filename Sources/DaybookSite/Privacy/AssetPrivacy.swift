
/// Which images and other files beside entries and pages may be published.
/// An asset belongs to a hidden (private or draft) entry or page when
/// - it shares the hidden file's name: `2026-11-20-photo.jpg` or
///   `2026-11-20/photo.jpg` beside a private `2026-11-20.md`; or
/// - the nearest folder above it that holds any entry holds only hidden
///   ones: `trip/map.png` beside a private `trip/day1.md` and nothing else; or
/// - hidden files link to or embed it by Obsidian's rules (`![[map.png]]` of
///   a vault's shared `Attachments/` folder) and no shown file does.
/// When in doubt an asset stays private: publishing is the irreversible side.
struct AssetPrivacy {
    /// Hidden files' paths without extension, by length in bytes, so that
    /// each asset costs one lookup per distinct length, not one per entry.
    private let hiddenNames: [Int: Set<String>]
    /// Folder (`diary/2026`) → whether any entry or page in it is shown.
    private let folderShowsAny: [String: Bool]
    /// Files only hidden entries and pages link to or embed.
    private let linkedByHiddenOnly: Set<String>

    /// - Parameter sources: every entry and page, with whether this build hides it.
    /// - Parameter files: every asset (content-relative), for `[[links]]` to find.
    init(sources: [(file: SourceFile, hidden: Bool)], files: [String] = []) {
        var names: [Int: Set<String>] = [:]
        var folders: [String: Bool] = [:]
        for (file, hidden) in sources {
            if hidden { names[file.slugPath.utf8.count, default: []].insert(file.slugPath) }
            let folder = Self.folder(of: file.relativePath)
            folders[folder] = (folders[folder] ?? false) || !hidden
        }
        hiddenNames = names
        folderShowsAny = folders
        linkedByHiddenOnly = Self.linkedByHiddenOnly(sources, files: files)
    }

    /// The files hidden sources name in `[[…]]` or `![[…]]` (read in the
    /// whole text, code too: when in doubt a file stays private) that no shown
    /// source names.
    private static func linkedByHiddenOnly(_ sources: [(file: SourceFile, hidden: Bool)], files: [String]) -> Set<String> {
        guard !files.isEmpty, sources.contains(where: { $0.hidden && $0.file.text.contains("[[") }) else { return [] }
        let targets = WikiTargets(entries: [], pages: [], files: files)
        func named(by file: SourceFile) -> [String] {
            guard file.text.contains("[[") else { return [] }
            return file.text.split(separator: "\n").filter { $0.contains("[[") }.flatMap { line in
                (ObsidianText.pieces(String(line)) ?? []).compactMap { piece -> String? in
                    switch piece {
                    case let .link(link, _), let .embed(link, _): targets.file(link.target, from: file.relativePath)
                    default: nil
                    }
                }
            }
        }
        var hiddenOnly = Set(sources.filter(\.hidden).flatMap { named(by: $0.file) })
        guard !hiddenOnly.isEmpty else { return [] }
        for (file, hidden) in sources where !hidden { hiddenOnly.subtract(named(by: file)) }
        return hiddenOnly
    }

    init(content: Content, visibility: Visibility) {
        self.init(sources: content.entries.map { ($0.source, !visibility.shows($0.audience)) }
            + content.pages.map { ($0.source, !visibility.shows($0.audience)) },
                  files: content.assets.map(\.relativePath))
    }

    func isPublished(_ relativePath: String) -> Bool {
        if linkedByHiddenOnly.contains(relativePath) { return false }
        let bytes = relativePath.utf8
        for (length, names) in hiddenNames where length <= bytes.count {
            if names.contains(String(decoding: bytes.prefix(length), as: UTF8.self)) { return false }
        }
        var folder = Self.folder(of: relativePath)
        while !folder.isEmpty {
            if let showsAny = folderShowsAny[folder] { return showsAny }
            folder = Self.folder(of: folder)
        }
        return true
    }

    /// `diary/2026/x.jpg` → `diary/2026`; `diary` → "".
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
