/// The diary: Markdown entries anywhere below `diary/`, and the files beside them.
struct DiaryKind: ContentKind {
    init() {}
    var files: [String] { ["diary"] }

    /// Entries are the bulk of a site: parsed on all cores, and in `serve`
    /// only those the watcher saw change are read again.
    func load(_ load: ContentLoad) {
        let files = load.files, cache = load.cache, changes = files.changes, io = files.io
        // Listed once for the entries and for the files beside them.
        let diaryFiles: [String]
        if let kept = cache?.keptDiaryListing(changes) {
            diaryFiles = kept.files
            load.diagnostics.append(contentsOf: kept.diagnostics)
        } else {
            var local = Diagnostics()
            diaryFiles = files.folder.files(under: "diary", into: &local)
            load.diagnostics.append(contentsOf: local)
            cache?.keepDiaryListing(diaryFiles, local)
            cache?.begin(keeping: diaryFiles.filter(MarkdownName.isMarkdown))
        }
        load.assetListing = diaryFiles
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
        load.diagnostics.append(contentsOf: diary.diagnostics)
        load.content[DiaryKind.self] = diary.entries
        load.content.entryIdentities = diary.identities
    }
}

extension DiaryKind: ItemsKey {
    typealias Item = DiaryEntry
}

extension DiaryEntry: ContentItem {
    var audience: Audience { Audience(isPrivate: isPrivate, isDraft: isDraft) }
}

extension ItemsByKind {
    /// Sorted chronologically (see `DiaryEntry.chronologicalOrder`).
    var entries: [DiaryEntry] { self[DiaryKind.self] }
}
