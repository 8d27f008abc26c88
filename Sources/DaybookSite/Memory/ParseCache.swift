import Foundation

/// Files read by an earlier load, kept by `serve` between builds: a file with
/// the same path, size, modification time and identity is not read again.
/// Diary entries are kept parsed; other files are kept as read, and one whose
/// text and settings are the same is not parsed again either.
public final class ParseCache: @unchecked Sendable {
    /// A file's size and modification time; nil when it cannot be examined (it is then read, as without a cache).
    typealias Stamp = FileIO.Attributes

    private struct Parsed {
        let stamp: Stamp
        /// A link: its target may change where no watcher sees it, so it is examined every time.
        let linked: Bool
        let entry: DiaryEntry?
        /// What reading and parsing the file said, given again each time it is used.
        let diagnostics: Diagnostics
    }

    private let lock = NSLock()
    private var entries: [String: Parsed] = [:]
    private var others: [String: (key: Int, value: any Sendable, diagnostics: Diagnostics)] = [:]
    /// Files other than entries as last read, and which of them this load asked for.
    private var files: [String: (stamp: Stamp, linked: Bool, file: SourceFile?, diagnostics: Diagnostics)] = [:]
    private var filesAsked: Set<String> = []
    private var reads = 0
    /// The diary folder as last listed, with what listing it said.
    private var diaryListing: (files: [String], diagnostics: Diagnostics)?
    private var diaryLoad: DiaryLoad?
    /// Folders other than the diary as last listed (`listing`).
    private var listings: [String: (files: [String], diagnostics: Diagnostics)] = [:]
    /// Entries read through links.
    private var linkedEntries: Set<String> = []
    /// Whether a watcher reports every change (`noteChanges`); until then every load examines every file.
    private var watched = false
    /// What changed since the last load began; nil: unknown.
    private var changes: ContentChanges?

    init() {}

    /// How many files the last load read and parsed (the others came from the cache).
    public var filesParsed: Int { lock.withLock { reads } }

    /// From now on a watcher reports every change in the content folder
    /// (`noteChanges`), so files it does not name are taken as kept without
    /// being examined. The next load still examines every file: the watcher
    /// did not see what changed before it started.
    public func startWatching() {
        lock.withLock {
            watched = true
            changes = nil
        }
    }

    /// Files of the content folder that changed, relative to it; nil when the
    /// watcher may have missed some (its queue overflowed, a folder came, went
    /// or was renamed): the next load then examines every file.
    public func noteChanges(_ paths: Set<String>?, listed: Bool) {
        lock.withLock {
            guard watched else { return }
            guard let paths else { return changes = nil }
            changes?.paths.formUnion(paths)
            if listed { changes?.listed = true }
        }
    }

    /// What changed since the last load began, and a fresh start for the
    /// next; nil when every file must be examined.
    func takeChanges() -> ContentChanges? {
        lock.withLock {
            defer { if watched { changes = ContentChanges() } }
            return changes
        }
    }

    /// The diary folder as last listed, when no file was created, deleted or renamed since.
    func keptDiaryListing(_ changes: ContentChanges?) -> (files: [String], diagnostics: Diagnostics)? {
        guard let changes, !changes.listed else { return nil }
        return lock.withLock { diaryListing }
    }

    func keepDiaryListing(_ files: [String], _ diagnostics: Diagnostics) { lock.withLock { diaryListing = (files, diagnostics) } }

    /// The diary as the last load read it, taken out so that patching it
    /// copies nothing; nil when files were created, deleted or renamed since,
    /// or an entry is a link (its target may change unseen).
    func takeDiaryLoad(_ changes: ContentChanges) -> DiaryLoad? {
        lock.withLock {
            defer { diaryLoad = nil }
            return changes.listed || !linkedEntries.isEmpty ? nil : diaryLoad
        }
    }

    func keepDiaryLoad(_ load: DiaryLoad) { lock.withLock { diaryLoad = load } }

    /// A folder's files as `list` gives them, listed again only when files
    /// were created, deleted or renamed since, or the changes are unknown.
    func listing(_ name: String, changes: ContentChanges?, _ list: () -> ([String], Diagnostics)) -> ([String], Diagnostics) {
        if let changes, !changes.listed, let kept = lock.withLock({ listings[name] }) { return kept }
        let listed = list()
        lock.withLock { listings[name] = listed }
        return listed
    }

    /// An entry as last parsed, when the watcher saw no change to its file since.
    func keptEntry(_ relative: String, _ changes: ContentChanges?) -> DiaryLoad.Read? {
        guard let changes, !changes.paths.contains(relative) else { return nil }
        return lock.withLock { entries[relative].flatMap { $0.linked ? nil : ($0.entry, $0.diagnostics, $0.stamp.identity) } }
    }

    func entry(_ relative: String, stamp: Stamp?) -> (DiaryEntry?, Diagnostics)? {
        guard let stamp else { return nil }
        return lock.withLock { entries[relative].flatMap { $0.stamp == stamp ? ($0.entry, $0.diagnostics) : nil } }
    }

    func store(_ relative: String, stamp: Stamp?, linked: Bool, entry: DiaryEntry?, diagnostics: Diagnostics) {
        lock.withLock {
            reads += 1
            if let stamp { entries[relative] = Parsed(stamp: stamp, linked: linked, entry: entry, diagnostics: diagnostics) }
            if linked { linkedEntries.insert(relative) } else { linkedEntries.remove(relative) }
        }
    }

    /// What `parse` gives for a file other than an entry (or a theme), parsed again only when `key` (its text and settings) changed.
    func parsed<T: Sendable>(_ relative: String, key: Int, _ parse: (inout Diagnostics) -> T) -> (T, Diagnostics) {
        if let kept = lock.withLock({ others[relative] }), kept.key == key, let value = kept.value as? T { return (value, kept.diagnostics) }
        var diagnostics = Diagnostics()
        let value = parse(&diagnostics)
        lock.withLock { others[relative] = (key, value, diagnostics) }
        return (value, diagnostics)
    }

    /// A file other than an entry as `read` gives it, read again only when
    /// its stamp changed, or, with `changes` known, when the watcher saw it change.
    /// - Parameter examine: the file's stamp, and whether it is a link.
    func file(_ relative: String, changes: ContentChanges?, examine: () -> (Stamp?, linked: Bool),
              read: (inout Diagnostics) -> SourceFile?) -> (SourceFile?, Diagnostics) {
        let kept = lock.withLock {
            filesAsked.insert(relative)
            return files[relative]
        }
        if let kept, !kept.linked, let changes, !changes.paths.contains(relative) { return (kept.file, kept.diagnostics) }
        let (stamp, linked) = examine()
        if let stamp, let kept, kept.stamp == stamp { return (kept.file, kept.diagnostics) }
        var local = Diagnostics()
        let file = read(&local)
        lock.withLock { files[relative] = stamp.map { ($0, linked, file, local) } }
        return (file, local)
    }

    /// Which file a file other than an entry is, as last examined, when the watcher saw no change to it since.
    func keptIdentity(_ relative: String, _ changes: ContentChanges?) -> FileIdentity?? {
        guard let changes, !changes.paths.contains(relative) else { return nil }
        return lock.withLock { files[relative].flatMap { $0.linked ? nil : $0.stamp.identity } }
    }

    func beginFiles() { lock.withLock { filesAsked = [] } }

    /// Forgets the files this load did not ask for (gone, or no longer read).
    func endFiles() {
        lock.withLock { files = files.filter { filesAsked.contains($0.key) } }
    }

    /// Forgets the entries whose files are gone.
    func begin(keeping paths: [String]) {
        let kept = Set(paths)
        lock.withLock {
            for gone in entries.keys.filter({ !kept.contains($0) }) { entries[gone] = nil }
            linkedEntries.formIntersection(kept)
        }
    }

    func resetReads() { lock.withLock { reads = 0 } }

    private let loadLock = NSLock()

    /// Runs one load, after any other load with this cache is over.
    func loading<T>(_ load: () -> T) -> T { loadLock.withLock(load) }
}

/// What a watcher saw change in the content folder between two loads (`serve`).
struct ContentChanges: Sendable {
    /// Files written, created, deleted or renamed, relative to the content folder.
    var paths: Set<String> = []
    /// Whether files were created, deleted or renamed: folders are listed again.
    var listed = false
}
