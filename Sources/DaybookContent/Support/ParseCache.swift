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
        let entry: DiaryEntry?
        /// What reading and parsing the file said, given again each time it is used.
        let diagnostics: Diagnostics
    }

    private let lock = NSLock()
    private var entries: [String: Parsed] = [:]
    private var others: [String: (key: Int, value: any Sendable, diagnostics: Diagnostics)] = [:]
    /// Files other than entries as last read, and which of them this load asked for.
    private var files: [String: (stamp: Stamp, file: SourceFile?, diagnostics: Diagnostics)] = [:]
    private var filesAsked: Set<String> = []
    private var reads = 0

    public init() {}

    /// How many files the last load read and parsed (the others came from the cache).
    public var filesParsed: Int { lock.withLock { reads } }

    func entry(_ relative: String, stamp: Stamp?) -> (DiaryEntry?, Diagnostics)? {
        guard let stamp else { return nil }
        return lock.withLock { entries[relative].flatMap { $0.stamp == stamp ? ($0.entry, $0.diagnostics) : nil } }
    }

    func store(_ relative: String, stamp: Stamp?, entry: DiaryEntry?, diagnostics: Diagnostics) {
        lock.withLock {
            reads += 1
            if let stamp { entries[relative] = Parsed(stamp: stamp, entry: entry, diagnostics: diagnostics) }
        }
    }

    /// What `parse` gives for a file other than an entry (or a theme), parsed again only when `key` (its text and settings) changed.
    public func parsed<T: Sendable>(_ relative: String, key: Int, _ parse: (inout Diagnostics) -> T) -> (T, Diagnostics) {
        if let kept = lock.withLock({ others[relative] }), kept.key == key, let value = kept.value as? T { return (value, kept.diagnostics) }
        var diagnostics = Diagnostics()
        let value = parse(&diagnostics)
        lock.withLock { others[relative] = (key, value, diagnostics) }
        return (value, diagnostics)
    }

    /// A file other than an entry as `read` gives it, read again only when its stamp changed.
    func file(_ relative: String, stamp: Stamp?, read: (inout Diagnostics) -> SourceFile?) -> (SourceFile?, Diagnostics) {
        let kept = lock.withLock {
            filesAsked.insert(relative)
            return files[relative]
        }
        if let stamp, let kept, kept.stamp == stamp { return (kept.file, kept.diagnostics) }
        var local = Diagnostics()
        let file = read(&local)
        lock.withLock { files[relative] = stamp.map { ($0, file, local) } }
        return (file, local)
    }

    func beginFiles() { lock.withLock { filesAsked = [] } }

    /// Forgets the files this load did not ask for (gone, or no longer read).
    func endFiles() {
        lock.withLock { files = files.filter { filesAsked.contains($0.key) } }
    }

    /// Starts a load: forgets files that are gone, counts reads afresh.
    func begin(keeping paths: [String]) {
        let kept = Set(paths)
        lock.withLock {
            for gone in entries.keys.filter({ !kept.contains($0) }) { entries[gone] = nil }
            reads = 0
        }
    }
}
