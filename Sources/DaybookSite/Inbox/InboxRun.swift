import Foundation

/// `daybook inbox` on a content folder: the inbox files and the content
/// files they change are read, merged by `InboxMerge`, the whole site is
/// checked with the result as an import is (`ImportCheck`), and only then are
/// the files written and the inbox files moved to `content/inbox/merged/`.
/// `serve` runs the same for a new inbox file and for the events its pages send.
public enum InboxRun {
    public struct Outcome: Sendable {
        public var merge: InboxMerge.Result
        /// The inbox files (below the content folder) that were, or would be, moved to `merged/`.
        public var moved: [String] = []
        /// Per changed file: its path and the lines removed (`-`) and added (`+`).
        public var changes: [(path: String, lines: [String])] = []
        public var warnings: [Diagnostic] = []
    }

    /// Merges the inbox files waiting in `content/inbox/` (or only `events`, sent by a page of `serve`),
    /// holding the content folder's lock from before it reads until its changes are in place.
    /// - Parameter events: a page's events, as the bytes of an inbox file; recorded in `merged/` as `name`.
    /// - Parameter again: how the person merges again once an editor's save stopped the merge (the hint after "save it, then").
    public static func run(_ options: BuildOptions, dryRun: Bool, events: (name: String, bytes: [UInt8])? = nil,
                           again: String = "run 'daybook inbox' again") throws -> Outcome {
        var recovered: [Diagnostic] = []
        var outcome = try ContentLock.holding(content: options.contentDirectory, displayRoot: options.contentDisplayName,
                                              by: events == nil ? "daybook inbox" : "daybook serve, merging a page's records",
                                              report: { recovered = $0 }) { lock in
            try merge(options, dryRun: dryRun, events: events, again: again, lock: lock)
        }
        outcome.warnings = recovered + outcome.warnings
        return outcome
    }

    private static func merge(_ options: BuildOptions, dryRun: Bool, events: (name: String, bytes: [UInt8])?, again: String,
                              lock: ContentLock) throws -> Outcome {
        let io = options.io
        let walk = FolderWalk(root: options.contentDirectory, displayRoot: options.contentDisplayName, io: io)
        let root = walk.root
        var diagnostics = Diagnostics()
        let waiting = events == nil ? InboxFolder.waiting(in: walk, into: &diagnostics) : []
        let mergedPaths = InboxFolder.merged(in: walk, into: &diagnostics)
        if diagnostics.hasErrors { throw ContentErrors(diagnostics.sorted) }

        func bytes(_ relative: String) throws -> [UInt8] {
            do { return Array(try io.read(root + "/" + relative)) } catch {
                throw ContentErrors([Diagnostic(SourceLocation(path: walk.display(relative)), "cannot read file: \(error.reason)")])
            }
        }
        let waitingBytes = try waiting.map(bytes)
        var inbox = zip(waiting, waitingBytes).map { InboxMerge.InboxFile(displayPath: walk.display($0), bytes: $1) }
        if let events { inbox.append(InboxMerge.InboxFile(displayPath: events.name, bytes: events.bytes)) }
        var mergedEvents: [InboxEvent] = []
        var mergedIDs = Set<String>()
        for path in mergedPaths {
            let data = try bytes(path)
            var ignored = Diagnostics()
            mergedEvents += InboxParser.parse(data, displayPath: walk.display(path), into: &ignored)
            mergedIDs.formUnion(InboxParser.ids(data))
        }
        var outcome = Outcome(merge: InboxMerge.Result(), warnings: diagnostics.items)
        guard !inbox.isEmpty else { return outcome }

        let (content, _) = ContentLoader.load(directory: options.contentDirectory, displayRoot: options.contentDisplayName, io: io,
                                              kinds: options.features.contentKinds)
        let today = options.today ?? TimeZones.today(in: content.config.timezone)
        var ignored = Diagnostics()
        let taken = Set(walk.files(under: "diary", into: &ignored) + walk.files(under: "workouts", into: &ignored))
        // What the merge read, to see that nobody changed it before it is replaced.
        let reads = ReadLog()
        let result = try InboxMerge.merge(inbox, site: InboxMerge.Site(content, today: today, takenPaths: taken),
                                          merged: mergedEvents, mergedIDs: mergedIDs) { relative in
            let path = root + "/" + relative
            guard io.exists(path) else {
                reads.note(relative, nil)
                return nil
            }
            do throws(FileIOError) {
                let bytes = Array(try io.read(path))
                reads.note(relative, bytes)
                return bytes
            } catch {
                // Not "no file": the merge would make one over it. Said once the merge returns.
                reads.fail(Diagnostic(SourceLocation(path: walk.display(relative)), "cannot read file: \(error.reason); nothing was merged"))
                return nil
            }
        }
        if !reads.failures.isEmpty { throw ContentErrors(reads.failures) }
        outcome.merge = result
        outcome.warnings += result.warnings
        outcome.moved = waiting
        for path in result.files.keys.sorted() {
            let old = reads.bytes[path].flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) } ?? ""
            let new = String(decoding: result.files[path]!, as: UTF8.self)
            outcome.changes.append((path, lineChanges(from: old, to: new)))
        }
        for path in result.removed.sorted() { outcome.changes.append((path, ["- (the file is removed: an undo took back all that was merged into it)"])) }
        for path in result.files.keys.sorted() + result.removed.sorted() { try proveInside(path, walk: walk) }

        if !result.files.isEmpty {
            let files = result.files.map { ImportedFile($0.key, .text(String(decoding: $0.value, as: UTF8.self)), replaces: true) }
            try ImportCheck.verify(files, options: options)
        }
        guard !dryRun else { return outcome }
        // The merged files, and the record of what is merged, in one journaled change: a crash anywhere
        // leaves all or (after the next run) nothing, never the files without the record.
        var changes = result.files.keys.sorted().map { ContentChange($0, before: reads.bytes[$0] ?? nil, after: .bytes(result.files[$0]!)) }
        // Files an undo emptied of all the merge wrote go in the same change.
        changes += result.removed.sorted().map { ContentChange($0, before: reads.bytes[$0] ?? nil, after: nil) }
        if let events {
            // Only the lines not merged before: a page that sends its events again adds nothing.
            let new = events.bytes.split(separator: UInt8(ascii: "\n")).filter { InboxParser.ids(Array($0)).isDisjoint(with: mergedIDs) }
            if !new.isEmpty { changes.append(try record((events.name, Array(new.joined(separator: [UInt8(ascii: "\n")]))), walk: walk)) }
        } else {
            changes += try moves(Array(zip(waiting, waitingBytes)), walk: walk)
        }
        do {
            try ContentJournal.commit(changes, lock: lock, what: events == nil ? "daybook inbox" : "daybook serve, merging a page's records")
        } catch let changed as ContentJournal.Changed {
            throw ContentErrors([Diagnostic(SourceLocation(path: walk.display(changed.path)), "changed while the inbox was merged; it was not written",
                                            hint: "save it, then \(again)")])
        }
        return outcome
    }

    /// The bytes the merge read of each file (nil: there was none).
    final class ReadLog: @unchecked Sendable {
        private(set) var bytes: [String: [UInt8]?] = [:]
        private(set) var failures: [Diagnostic] = []
        func note(_ path: String, _ read: [UInt8]?) { if bytes[path] == nil { bytes[path] = .some(read) } }
        func fail(_ failure: Diagnostic) { failures.append(failure) }
    }

    /// A file the merge writes lies inside the content folder, through every link, and is no link itself.
    static func proveInside(_ relative: String, walk: FolderWalk) throws {
        let path = walk.root + "/" + relative
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        var parent = (path as NSString).deletingLastPathComponent
        // The deepest folder that exists already decides where the new ones go.
        while walk.io.resolve(parent) == nil, parent.count > walk.root.count { parent = (parent as NSString).deletingLastPathComponent }
        let realParent = walk.io.resolve(parent)
        let kind = walk.io.linkAttributes(path)?.kind
        guard !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }), let realParent,
              realParent == walk.realRoot || realParent.hasPrefix(walk.realRoot + "/"), kind == nil || kind == .file else {
            throw ContentErrors([Diagnostic(SourceLocation(path: walk.display(relative)), "is not a plain file inside \(walk.displayRoot)/; nothing was written",
                                            hint: "a link or folder there would send the merge elsewhere")])
        }
    }

    /// Merged inbox files go to `merged/`, under a free name; one that is there already with the same bytes is only removed.
    static func moves(_ files: [(path: String, bytes: [UInt8])], walk: FolderWalk) throws -> [ContentChange] {
        var changes: [ContentChange] = []
        var claimed = Set<String>()
        for (path, bytes) in files {
            let name = String(path.dropFirst(InboxFolder.folder.count + 1))
            changes.append(ContentChange(path, before: bytes, after: nil))
            guard let target = freeName(name, walk: walk, same: Data(bytes), claimed: claimed) else { continue }
            try proveInside(target, walk: walk)
            claimed.insert(target)
            changes.append(ContentChange(target, before: nil, after: .bytes(bytes)))
        }
        return changes
    }

    /// Events a page sent: appended to today's `merged/serve-DATE.jsonl`, so that their ids are known as merged.
    static func record(_ events: (name: String, bytes: [UInt8]), walk: FolderWalk) throws -> ContentChange {
        let relative = InboxFolder.mergedFolder + "/" + events.name
        try proveInside(relative, walk: walk)
        let path = walk.root + "/" + relative
        let before: [UInt8]?
        do { before = walk.io.exists(path) ? Array(try walk.io.read(path)) : nil } catch {
            throw ContentErrors([Diagnostic(SourceLocation(path: walk.display(relative)), "the events cannot be recorded: \(error.reason); nothing was merged")])
        }
        var bytes = before ?? []
        if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        bytes += events.bytes
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        return ContentChange(relative, before: before, after: .bytes(bytes))
    }

    /// `name`, or `name-2.jsonl`… in `merged/`; nil when a file of that name there has the same bytes.
    /// - Parameter claimed: names given to other files of the same merge.
    static func freeName(_ name: String, walk: FolderWalk, same data: Data, claimed: Set<String> = []) -> String? {
        let ext = InboxFolder.extensions.first { name.lowercased().hasSuffix($0) } ?? ""
        let base = name.dropLast(ext.count)
        var candidate = name, number = 1
        while true {
            let relative = InboxFolder.mergedFolder + "/" + candidate
            let path = walk.root + "/" + relative
            guard walk.io.exists(path) || claimed.contains(relative) else { return relative }
            if (try? walk.io.read(path)) == data { return nil }
            number += 1
            candidate = "\(base)-\(number)\(name.suffix(ext.count))"
        }
    }

    /// The lines a change removes and adds, for `--dry-run`.
    static func lineChanges(from old: String, to new: String) -> [String] {
        let before = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let after = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return after.difference(from: before).map { change in
            switch change {
            case let .remove(_, line, _): "- " + line
            case let .insert(_, line, _): "+ " + line
            }
        }
    }
}
