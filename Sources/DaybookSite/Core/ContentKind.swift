/// One kind of content (the diary, free pages, vocabulary, workouts, routines…),
/// all of it in one type: the names it owns directly below `content/` and how
/// it reads them, and, as the `SiteFeature` it is, what it makes of them: its
/// derived data, pages, navigation item, part of today's plan, calendar layers
/// and search records. A kind is one line in the site's registry
/// (`SiteFeatures.all`); `ContentLoader` asks the registered kinds, in that
/// order, to read their files. Its reading is declared beside this (as
/// `Diary/DiaryKind.swift`), its pages in an extension beside that
/// (`Diary/DiaryPages.swift`).
///
/// A kind reads through `ContentLoad`, which records and hashes every file
/// it reads: what a kind read, in order, is its key (`Content.kindKeys`,
/// `SiteData.filesKey`), which `serve` keys its pages on, so no kind lists
/// its inputs by hand. It keeps what it read in `Content` under a key of its
/// own (`ItemsKey`, `ContentKey`); its items say who may see them with an
/// `Audience` read by `YAMLFields.audience`, and every view filters them
/// alike (`PublishedContent`).
protocol ContentKind: SiteFeature {
    /// Folders and files directly below `content/` that belong to this kind (`diary`, `routines.yml`).
    var files: [String] { get }
    /// Reads and parses its files into `load.content`, each problem a located diagnostic in `load.diagnostics`.
    func load(_ load: ContentLoad)
    /// Where it keeps items a page shows (`ItemsKey`; itself, usually), in its order.
    var itemsKeys: [any ItemsKey.Type] { get }
}

extension ContentKind {
    var itemsKeys: [any ItemsKey.Type] { [] }
}

extension ContentKind where Self: ItemsKey {
    var itemsKeys: [any ItemsKey.Type] { [Self.self] }
}

/// What a kind read from a file that a page may show, and who may see it.
protocol ContentItem: Sendable {
    var source: SourceFile { get }
    var audience: Audience { get }
}

/// One load of the content folder as the kinds see it: the site's settings,
/// what was read so far, and reading that `serve` can follow.
final class ContentLoad {
    var content = Content()
    var diagnostics = Diagnostics()
    let files: FileWalker
    let cache: ParseCache?
    /// Files read as content other than entries (whose identities come with their parse).
    var sources: [String] = []
    /// Files listed beside which non-Markdown files are published as they are (the diary's; `ContentAsset`).
    var assetListing: [String] = []

    init(files: FileWalker, cache: ParseCache?) {
        self.files = files
        self.cache = cache
    }

    /// How `relative` (below `content/`) is named in messages.
    func display(_ relative: String) -> String { files.display(relative) }

    /// The Markdown files below `folder`, read, recorded and hashed.
    func markdown(under folder: String, recursive: Bool = true) -> [SourceFile] {
        files.markdown(under: folder, recursive: recursive, recording: &sources, into: &diagnostics).compactMap(hashed)
    }

    /// The file at `relative`, read, recorded and hashed; nil when it does not exist.
    func read(_ relative: String) -> SourceFile? {
        hashed(files.read(relative, recording: &sources, into: &diagnostics))
    }

    /// Files below `folder` that its kind does not read are a warning (`FileWalker.reportUnread`).
    func reportUnread(under folder: String, readsSubfolders: Bool) {
        files.reportUnread(under: folder, readsSubfolders: readsSubfolders, into: &diagnostics)
    }

    /// What the kind now loading has read so far: each file's path and hash, in the order read.
    private var reads: [(path: String, hash: Int)] = []

    func hashed(_ file: SourceFile?) -> SourceFile? {
        if let file {
            let hash = StableHasher.hash(text: file.text)
            content.textHashes[file.relativePath] = hash
            reads.append((file.relativePath, hash))
        }
        return file
    }

    /// Lets `kind` read its files, and keeps what it read as its key
    /// (`Content.kindKeys`): its inputs recorded as they are read, so that no
    /// one lists them, and a file it stops or starts reading changes the key too.
    func load(_ kind: any ContentKind) {
        reads = []
        kind.load(self)
        let reads = reads
        content.kindKeys[ObjectIdentifier(type(of: kind))] = PageKey { hasher in
            hasher.combine(reads.count)
            for read in reads {
                hasher.combine(text: read.path)
                hasher.combine(read.hash)
            }
        }
    }

    /// A file whose text, site.yml and the files it refers to (`after`) are
    /// as last time (`serve`) is not parsed again.
    private func key(_ file: SourceFile, after: [String] = []) -> Int {
        var key = Hasher()
        key.combine(content.textHashes[file.relativePath])
        key.combine(content.textHashes["site.yml"])
        for path in after {
            key.combine(text: path)
            key.combine(content.textHashes[path])
        }
        return key.finalize()
    }

    /// `parse` of `file`, or what it gave last time when `file`, `site.yml` and the files `after` are the same (`serve`).
    func reparsed<T: Sendable>(_ file: SourceFile, after: [String] = [], _ parse: (inout Diagnostics) -> T) -> T {
        guard let cache else { return parse(&diagnostics) }
        let (value, local) = cache.parsed(file.relativePath, key: key(file, after: after), parse)
        diagnostics.append(contentsOf: local)
        return value
    }

    /// Each file as `reparsed` would, on all cores (decks, workouts); diagnostics in the files' order.
    func reparsedAll<T: Sendable>(_ files: [SourceFile], _ parse: @escaping @Sendable (SourceFile, inout Diagnostics) -> T) -> [T] {
        let cache = cache
        let keys = cache == nil ? [] : files.map { key($0) }
        let results = Array(files.indices).parallelMap { index -> (T, Diagnostics) in
            let file = files[index]
            if let cache { return cache.parsed(file.relativePath, key: keys[index]) { parse(file, &$0) } }
            var local = Diagnostics()
            return (parse(file, &local), local)
        }
        for (_, local) in results { diagnostics.append(contentsOf: local) }
        return results.map(\.0)
    }
}
