import Foundation

/// Reads a `content/` folder into `Content`, collecting every diagnostic.
public enum ContentLoader {
    /// - Parameter displayRoot: how the content folder is named in messages (`content`).
    /// - Parameter cache: entries parsed by an earlier load of the same folder (`serve`).
    /// - Parameter watched: the load takes the changes the watcher noted in
    ///   `cache` since the last such load, and examines only the files they
    ///   name (`serve`'s rebuilds); otherwise it examines every file.
    /// - Parameter kinds: the registered kinds of content (`SiteBuilder.contentKinds`), asked in this order to read their files.
    static func load(directory: URL, displayRoot: String, io: FileIO = .disk, kinds: [any ContentKind], cache: ParseCache? = nil,
                     watched: Bool = false) -> (Content, Diagnostics) {
        guard let cache else { return load(directory: directory, displayRoot: displayRoot, io: io, kinds: kinds, cache: nil, changes: nil) }
        // One load at a time: a file one load reads must not be kept as another examined it before.
        return cache.loading {
            load(directory: directory, displayRoot: displayRoot, io: io, kinds: kinds, cache: cache, changes: watched ? cache.takeChanges() : nil)
        }
    }

    /// The theme `site.yml` names, and where: read alone, so that the theme
    /// can load while the content does (`load` reads the file again and says what is wrong with it).
    static func theme(directory: URL, displayRoot: String, io: FileIO = .disk) -> (name: String, location: SourceLocation?) {
        let config = settings(directory: directory, displayRoot: displayRoot, io: io)
        return (config.theme, config.themeLocation)
    }

    /// `site.yml` read alone, its problems left to the load that says them (`daybook publish` reads `publish:` after a good build).
    public static func settings(directory: URL, displayRoot: String, io: FileIO = .disk) -> SiteConfig {
        var ignored = Diagnostics()
        let files = FileWalker(root: directory, displayRoot: displayRoot, io: io)
        return SiteConfig.parse(files.exists ? files.read("site.yml", into: &ignored) : nil, into: &ignored)
    }

    private static func load(directory: URL, displayRoot: String, io: FileIO, kinds: [any ContentKind], cache: ParseCache?,
                             changes: ContentChanges?) -> (Content, Diagnostics) {
        let files = FileWalker(root: directory, displayRoot: displayRoot, io: io, cache: cache, changes: changes)
        let load = ContentLoad(files: files, cache: cache)
        guard files.exists else { return (load.content, load.diagnostics) }
        cache?.beginFiles()
        defer { cache?.endFiles() }

        load.content.config = SiteConfig.parse(load.read("site.yml"), into: &load.diagnostics)
        if files.read("site.yaml", into: &load.diagnostics) != nil {
            load.diagnostics.warning(SourceLocation(path: "\(displayRoot)/site.yaml"), "site.yaml is not read", hint: "rename it to site.yml")
        }
        for kind in kinds { load.load(kind) }

        for relative in load.sources {
            let kept = cache?.keptIdentity(relative, changes)
            if let identity = kept ?? io.attributes(files.root.appendingPathComponent(relative).path)?.identity {
                load.content.sourceIdentities[identity] = files.display(relative)
            }
        }
        load.content.assets = files.assets(files.assetPaths(beside: load.assetListing), into: &load.diagnostics)
        files.reportUnknownTopLevel(known: ["site.yml"] + kinds.flatMap(\.files) + [InboxFolder.folder], into: &load.diagnostics)
        InboxFolder.reportWaiting(in: files.folder, into: &load.diagnostics)
        return (load.content, load.diagnostics)
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
            // Markdown under another name is text a person wrote: never copied out as it is.
            if MarkdownName.isLookalike(relative) {
                diagnostics.warning(SourceLocation(path: display(relative)), MarkdownName.notRead(relative, in: display(String(relative.prefix { $0 != "/" })) + "/"))
                return nil
            }
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
            } else if MarkdownName.isLookalike(path) {
                diagnostics.warning(SourceLocation(path: display(path)), MarkdownName.notRead(path, in: display(folder) + "/"))
            } else if !MarkdownName.isMarkdown(path) {
                diagnostics.warning(SourceLocation(path: display(path)), "only Markdown files (\(MarkdownName.read)) are read in \(display(folder))/; this file is not")
            }
        }
    }

    /// A file or folder Daybook does not read is a warning, not silence.
    /// - Parameter known: the names directly below the content folder that are read (the kinds' `files`).
    func reportUnknownTopLevel(known: [String], into diagnostics: inout Diagnostics) {
        for name in ((try? io.list(root.path)) ?? []).map(\.name).sorted() where !name.hasPrefix(".") {
            guard !known.contains(name), name != "site.yaml" else { continue }
            diagnostics.warning(SourceLocation(path: display(name)), "'\(name)' is not part of a Daybook site and is not read",
                                hint: Suggestion.hint(for: name, in: known) ?? "expected: \(known.joined(separator: ", "))")
        }
    }
}
