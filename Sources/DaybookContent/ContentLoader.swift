import Foundation

/// Reads a `content/` folder into `Content`, collecting every diagnostic.
public enum ContentLoader {
    /// - Parameter displayRoot: how the content folder is named in messages (`content`).
    /// - Parameter cache: entries parsed by an earlier load of the same folder (`serve`).
    /// - Parameter watched: the load takes the changes the watcher noted in
    ///   `cache` since the last such load, and examines only the files they
    ///   name (`serve`'s rebuilds); otherwise it examines every file.
    public static func load(directory: URL, displayRoot: String, io: FileIO = .disk, cache: ParseCache? = nil,
                            watched: Bool = false) -> (Content, Diagnostics) {
        guard let cache else { return load(directory: directory, displayRoot: displayRoot, io: io, cache: nil, changes: nil) }
        // One load at a time: a file one load reads must not be kept as another examined it before.
        return cache.loading {
            load(directory: directory, displayRoot: displayRoot, io: io, cache: cache, changes: watched ? cache.takeChanges() : nil)
        }
    }

    /// The theme `site.yml` names, and where: read alone, so that the theme
    /// can load while the content does (`load` reads the file again and says what is wrong with it).
    public static func theme(directory: URL, displayRoot: String, io: FileIO = .disk) -> (name: String, location: SourceLocation?) {
        var ignored = Diagnostics()
        let files = FileWalker(root: directory, displayRoot: displayRoot, io: io)
        let config = SiteConfig.parse(files.exists ? files.read("site.yml", into: &ignored) : nil, into: &ignored)
        return (config.theme, config.themeLocation)
    }

    private static func load(directory: URL, displayRoot: String, io: FileIO, cache: ParseCache?, changes: ContentChanges?) -> (Content, Diagnostics) {
        var diagnostics = Diagnostics()
        var content = Content()
        let files = FileWalker(root: directory, displayRoot: displayRoot, io: io, cache: cache, changes: changes)
        guard files.exists else { return (content, diagnostics) }
        cache?.beginFiles()
        defer { cache?.endFiles() }

        func hashed(_ file: SourceFile?) -> SourceFile? {
            if let file { content.textHashes[file.relativePath] = Hasher.hash(text: file.text) }
            return file
        }
        // Files read as content other than entries (whose identities come with their parse).
        var sources: [String] = []
        // A file whose text, site.yml and the files it refers to (`after`) are
        // as last time (`serve`) is not parsed again.
        func key(_ file: SourceFile, after: [String] = []) -> Int {
            var key = Hasher()
            key.combine(content.textHashes[file.relativePath])
            key.combine(content.textHashes["site.yml"])
            for path in after {
                key.combine(text: path)
                key.combine(content.textHashes[path])
            }
            return key.finalize()
        }
        func reparsed<T: Sendable>(_ file: SourceFile, after: [String] = [], _ parse: (inout Diagnostics) -> T) -> T {
            guard let cache else { return parse(&diagnostics) }
            let (value, local) = cache.parsed(file.relativePath, key: key(file, after: after), parse)
            diagnostics.append(contentsOf: local)
            return value
        }
        /// Each file as `reparsed` would, on all cores (decks, workouts); diagnostics in the files' order.
        func reparsedAll<T: Sendable>(_ files: [SourceFile], _ parse: @escaping @Sendable (SourceFile, inout Diagnostics) -> T) -> [T] {
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
        content.config = SiteConfig.parse(hashed(files.read("site.yml", recording: &sources, into: &diagnostics)), into: &diagnostics)
        if files.read("site.yaml", into: &diagnostics) != nil {
            diagnostics.warning(SourceLocation(path: "\(displayRoot)/site.yaml"), "site.yaml is not read", hint: "rename it to site.yml")
        }

        // Diary entries are the bulk of a site: parse them on all cores.
        // Listed once for the entries and for the files beside them.
        let diaryFiles: [String]
        if let kept = cache?.keptDiaryListing(changes) {
            diaryFiles = kept.files
            diagnostics.append(contentsOf: kept.diagnostics)
        } else {
            var local = Diagnostics()
            diaryFiles = files.folder.files(under: "diary", into: &local)
            diagnostics.append(contentsOf: local)
            cache?.keepDiaryListing(diaryFiles, local)
            cache?.begin(keeping: diaryFiles.filter(MarkdownName.isMarkdown))
        }
        cache?.resetReads()
        let root = files.root.path + "/"
        let read: @Sendable (String) -> DiaryLoad.Read = { relative in
            // Examined before it is read: a file changed meanwhile is read again next time.
            let stamp = io.attributes(root + relative)
            if let (entry, local) = cache?.entry(relative, stamp: stamp) { return (entry, local, stamp?.identity) }
            var local = Diagnostics()
            let entry = files.load(relative, into: &local).flatMap { DiaryParser.parse($0, into: &local) }
            cache?.store(relative, stamp: stamp, linked: io.linkAttributes(root + relative)?.kind == .link, entry: entry, diagnostics: local)
            return (entry, local, stamp?.identity)
        }
        // Entries the watcher saw change are put in place in the last load's diary when none moved.
        let diary: DiaryLoad
        if let changes, var kept = cache?.takeDiaryLoad(changes), kept.patch(changes.paths, read: read) {
            diary = kept
        } else {
            let diaryPaths = diaryFiles.filter(MarkdownName.isMarkdown)
            let reads = diaryPaths.parallelMap { relative in cache?.keptEntry(relative, changes) ?? read(relative) }
            diary = DiaryLoad(paths: diaryPaths, reads: reads, display: files.display, patchable: cache != nil)
        }
        cache?.keepDiaryLoad(diary)
        diagnostics.append(contentsOf: diary.diagnostics)
        content.entries = diary.entries
        content.entryIdentities = diary.identities

        for file in files.markdown(under: "pages", recording: &sources, into: &diagnostics).compactMap(hashed) {
            if let page = FreePage.parse(file, into: &diagnostics) { content.pages.append(page) }
        }

        let vocabFiles = files.markdown(under: "vocab", recursive: false, recording: &sources, into: &diagnostics).compactMap(hashed)
        var deckFiles: [SourceFile] = []
        for file in vocabFiles where file.relativePath != "vocab/reviews.md" {
            if file.baseName == "today" {
                diagnostics.error(file.location(line: 1), "a deck cannot be named 'today': vocab/today/ is the page of today's words",
                                  hint: "rename the file, for example to today-words.md")
                continue
            }
            deckFiles.append(file)
        }
        let vocabSettings = content.config.vocab
        content.decks = reparsedAll(deckFiles) { DeckParser.parse($0, settings: vocabSettings, into: &$1) }.compactMap { $0 }
        files.reportUnread(under: "vocab", readsSubfolders: false, into: &diagnostics)
        if let reviews = vocabFiles.first(where: { $0.relativePath == "vocab/reviews.md" }) {
            let decks = content.decks
            content.reviews = reparsed(reviews, after: decks.map(\.source.relativePath)) { ReviewLogParser.parse(reviews, decks: decks, into: &$0) }
        }

        let workoutFiles = files.markdown(under: "workouts", recording: &sources, into: &diagnostics).compactMap(hashed)
        let workoutSettings = content.config.workouts
        content.workouts = reparsedAll(workoutFiles) { WorkoutParser.parse($0, settings: workoutSettings, into: &$1) }.compactMap { $0 }
        files.reportUnread(under: "workouts", readsSubfolders: true, into: &diagnostics)
        content.workouts.sort { ($0.date, $0.source.relativePath) < ($1.date, $1.source.relativePath) }

        if let file = hashed(files.read("routines.yml", recording: &sources, into: &diagnostics)) {
            content.routines = reparsed(file) { RoutineParser.parseRoutines(file, into: &$0) }
        }
        if let file = hashed(files.read("routines/log.md", recording: &sources, into: &diagnostics)) {
            let routines = content.routines
            content.routineLog = reparsed(file, after: ["routines.yml"]) {
                RoutineParser.parseLog(file, routines: routines, into: &$0)
            }
        }

        for relative in sources {
            let kept = cache?.keptIdentity(relative, changes)
            if let identity = kept ?? io.attributes(files.root.appendingPathComponent(relative).path)?.identity {
                content.sourceIdentities[identity] = files.display(relative)
            }
        }
        content.assets = files.assets(files.assetPaths(beside: diaryFiles), into: &diagnostics)
        files.reportUnknownTopLevel(into: &diagnostics)
        InboxFolder.reportWaiting(in: files.folder, into: &diagnostics)
        return (content, diagnostics)
    }
}

/// Lists and reads files below the content root. Paths are kept relative so
/// that nothing a file is called can point the output outside its folder;
/// `FolderWalk` keeps links from reading anything outside it.
struct FileWalker {
    let root: URL
    let displayRoot: String
    let folder: FolderWalk
    /// Files read by an earlier load (`serve`): one unchanged since is not read again.
    let cache: ParseCache?
    /// What changed since that load, when a watcher knows (`ParseCache.takeChanges`).
    let changes: ContentChanges?
    var io: FileIO { folder.io }

    init(root: URL, displayRoot: String, io: FileIO = .disk, cache: ParseCache? = nil, changes: ContentChanges? = nil) {
        self.root = root.standardizedFileURL
        self.displayRoot = displayRoot
        folder = FolderWalk(root: root, displayRoot: displayRoot, io: io)
        self.cache = cache
        self.changes = changes
    }

    var exists: Bool { io.isFolder(root.path) }

    func display(_ relative: String) -> String { folder.display(relative) }

    /// nil when the file does not exist; an unreadable file is an error.
    func read(_ relative: String, into diagnostics: inout Diagnostics) -> SourceFile? {
        var ignored: [String] = []
        return read(relative, recording: &ignored, into: &diagnostics)
    }

    /// Reads a file, adding its path to `sources` when it is there.
    func read(_ relative: String, recording sources: inout [String], into diagnostics: inout Diagnostics) -> SourceFile? {
        let url = root.appendingPathComponent(relative)
        guard io.exists(url.path) else { return nil }
        guard folder.existsInside(relative, into: &diagnostics) else { return nil }
        if let kind = io.attributes(url.path)?.kind, kind != .file {
            diagnostics.error(SourceLocation(path: display(relative)), FolderWalk.notRegular, hint: FolderWalk.notRegularHint)
            return nil
        }
        sources.append(relative)
        return loadKept(relative, into: &diagnostics)
    }

    /// Reads a file other than an entry, or takes it as `cache` kept it when it has not changed.
    private func loadKept(_ relative: String, into diagnostics: inout Diagnostics) -> SourceFile? {
        guard let cache else { return load(relative, into: &diagnostics) }
        // Examined before it is read: a file changed meanwhile is read again next time.
        let path = root.path + "/" + relative
        let (file, local) = cache.file(relative, changes: changes, examine: { (io.attributes(path), io.linkAttributes(path)?.kind == .link) }) {
            load(relative, into: &$0)
        }
        diagnostics.append(contentsOf: local)
        return file
    }

    func load(_ relative: String, into diagnostics: inout Diagnostics) -> SourceFile? {
        // The path by text: URL's joining and `path` cost more than reading a small file.
        guard let data = try? io.read(folder.root + "/" + relative) else {
            diagnostics.error(SourceLocation(path: display(relative)), "cannot read file")
            return nil
        }
        // As `String(data:encoding:)` reads UTF-8: without a byte order mark that opens it.
        let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let bad = UTF8Check.firstInvalidByte(in: data) ?? (1, 1)
            diagnostics.error(SourceLocation(path: display(relative), line: bad.line, column: bad.column), "file is not UTF-8 text",
                              hint: "save it as UTF-8 in your editor")
            return nil
        }
        let normalized = TextLines.lineFeeds(text)
        let clean = XMLText.removingForbidden(normalized, file: display(relative), into: &diagnostics)
        return SourceFile(displayPath: display(relative), relativePath: FolderWalk.normalized(relative), text: clean)
    }

    /// Relative paths of regular files below `folder`, sorted, skipping hidden ones.
    func relativeFiles(under folder: String, recursive: Bool = true) -> [String] {
        listing(folder, recursive: recursive).files
    }

    func markdownPaths(under folder: String, recursive: Bool = true, into diagnostics: inout Diagnostics) -> [String] {
        let (files, said) = listing(folder, recursive: recursive)
        diagnostics.append(contentsOf: said)
        return files.filter(MarkdownName.isMarkdown)
    }

    /// The files below `folder` and what listing them said; as `cache` kept
    /// them when the watcher saw no file created, deleted or renamed since.
    private func listing(_ folder: String, recursive: Bool) -> (files: [String], diagnostics: Diagnostics) {
        func list() -> ([String], Diagnostics) {
            var said = Diagnostics()
            return (self.folder.files(under: folder, recursive: recursive, into: &said), said)
        }
        guard let cache else { return list() }
        return cache.listing(folder + (recursive ? "/**" : "/*"), changes: changes, list)
    }

    func markdown(under folder: String, recursive: Bool = true, into diagnostics: inout Diagnostics) -> [SourceFile] {
        var ignored: [String] = []
        return markdown(under: folder, recursive: recursive, recording: &ignored, into: &diagnostics)
    }

    /// Reads the Markdown files below `folder`, adding their paths to `sources`.
    func markdown(under folder: String, recursive: Bool = true, recording sources: inout [String],
                  into diagnostics: inout Diagnostics) -> [SourceFile] {
        let paths = markdownPaths(under: folder, recursive: recursive, into: &diagnostics)
        sources += paths
        // Read on all cores (700 workouts); the diagnostics in the files' order.
        let reads = paths.parallelMap { path -> (SourceFile?, Diagnostics) in
            var local = Diagnostics()
            return (loadKept(path, into: &local), local)
        }
        for (_, local) in reads { diagnostics.append(contentsOf: local) }
        return reads.compactMap(\.0)
    }

    /// The files beside entries and free pages that are not Markdown.
    func assetPaths(beside diaryFiles: [String]) -> [String] {
        func list() -> ([String], Diagnostics) {
            ((diaryFiles + relativeFiles(under: "pages")).filter { !MarkdownName.isMarkdown($0) }, Diagnostics())
        }
        guard let cache else { return list().0 }
        return cache.listing("assets", changes: changes, list).0
    }

    /// Every other file is an asset; one that cannot be read is said so, not
    /// skipped silently. (Links were reported when the Markdown was listed.)
    /// - Parameter paths: the files that are not Markdown in the folders that hold assets (`assetPaths`).
    func assets(_ paths: [String], into diagnostics: inout Diagnostics) -> [ContentAsset] {
        paths.compactMap { relative -> ContentAsset? in
            let path = root.appendingPathComponent(relative).path
            guard io.isReadable(path) else {
                diagnostics.warning(SourceLocation(path: display(relative)), "cannot read file; it is not published")
                return nil
            }
            return ContentAsset(absolutePath: path, relativePath: FolderWalk.normalized(relative), identity: io.attributes(path)?.identity,
                                realPath: self.folder.realRelative(relative).map(FolderWalk.normalized))
        }
    }

    /// Files of a section that are not read are a warning, not silence:
    /// `vocab/sub/deck.md` (decks are read only directly in `vocab/`) and
    /// anything that is not Markdown.
    func reportUnread(under folder: String, readsSubfolders: Bool, into diagnostics: inout Diagnostics) {
        for path in relativeFiles(under: folder) {
            let nested = path.dropFirst(folder.count + 1).contains("/")
            if nested && !readsSubfolders {
                diagnostics.warning(SourceLocation(path: display(path)), "files in folders below \(display(folder))/ are not read",
                                    hint: "move it to \(display(folder))/")
            } else if !MarkdownName.isMarkdown(path) {
                diagnostics.warning(SourceLocation(path: display(path)), "only Markdown files (.md) are read in \(display(folder))/; this file is not")
            }
        }
    }

    static let knownTopLevel = ["site.yml", "diary", "vocab", "workouts", "routines.yml", "routines", "pages", InboxFolder.folder]

    /// A file or folder Daybook does not read is a warning, not silence.
    func reportUnknownTopLevel(into diagnostics: inout Diagnostics) {
        for name in ((try? io.list(root.path)) ?? []).map(\.name).sorted() where !name.hasPrefix(".") {
            guard !Self.knownTopLevel.contains(name), name != "site.yaml" else { continue }
            diagnostics.warning(SourceLocation(path: display(name)), "'\(name)' is not part of a Daybook site and is not read",
                                hint: Suggestion.hint(for: name, in: Self.knownTopLevel) ?? "expected: \(Self.knownTopLevel.joined(separator: ", "))")
        }
    }
}
