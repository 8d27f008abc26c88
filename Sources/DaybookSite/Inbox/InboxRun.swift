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

    /// Merges the inbox files waiting in `content/inbox/` (or only `events`, sent by a page of `serve`).
    /// - Parameter events: a page's events, as the bytes of an inbox file; recorded in `merged/` as `name`.
    /// - Parameter again: how the person merges again once an editor's save stopped the merge (the hint after "save it, then").
    public static func run(_ options: BuildOptions, dryRun: Bool, events: (name: String, bytes: [UInt8])? = nil,
                           again: String = "run 'daybook inbox' again") throws -> Outcome {
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
        var inbox = try waiting.map { InboxMerge.InboxFile(displayPath: walk.display($0), bytes: try bytes($0)) }
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
            let before = try? io.read(root + "/" + relative)
            reads.note(relative, before.map(Array.init))
            return before.map(Array.init)
        }
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
        try write(result.files, removing: result.removed, read: reads.bytes, walk: walk, again: again)
        if let events {
            // Only the lines not merged before: a page that sends its events again adds nothing.
            let new = events.bytes.split(separator: UInt8(ascii: "\n")).filter { InboxParser.ids(Array($0)).isDisjoint(with: mergedIDs) }
            if !new.isEmpty { try record((events.name, Array(new.joined(separator: [UInt8(ascii: "\n")]))), walk: walk) }
        } else {
            try move(waiting, walk: walk)
        }
        return outcome
    }

    /// The bytes the merge read of each file (nil: there was none).
    final class ReadLog: @unchecked Sendable {
        private(set) var bytes: [String: [UInt8]?] = [:]
        func note(_ path: String, _ read: [UInt8]?) { if bytes[path] == nil { bytes[path] = .some(read) } }
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

    /// Writes the merged files when every one is still as the merge read it;
    /// each through `GuardedFileUpdate` (a lock, the bytes and identity
    /// compared again just before the swap), so an editor saving meanwhile
    /// loses nothing: the merge stops and says so.
    static func write(_ files: [String: [UInt8]], removing removed: Set<String> = [], read: [String: [UInt8]?], walk: FolderWalk,
                      again: String) throws {
        func changed(_ relative: String) -> ContentErrors {
            ContentErrors([Diagnostic(SourceLocation(path: walk.display(relative)), "changed while the inbox was merged; it was not written",
                                      hint: "save it, then \(again)")])
        }
        let paths = files.keys.sorted()
        for relative in paths + removed.sorted() where (try? walk.io.read(walk.root + "/" + relative)).map(Array.init) != read[relative] ?? nil {
            throw changed(relative)
        }
        for relative in removed.sorted() {
            do { try walk.io.remove(walk.root + "/" + relative) } catch {
                throw ContentErrors([Diagnostic(SourceLocation(path: walk.display(relative)), "cannot remove: \(error.reason)")])
            }
        }
        for relative in paths {
            let final = walk.root + "/" + relative
            do {
                try walk.io.createFolders((final as NSString).deletingLastPathComponent)
                _ = try GuardedFileUpdate(path: final).update { current in
                    guard Array(current) == (read[relative] ?? nil) ?? [] else { throw changed(relative) }
                    return Data(files[relative]!)
                }
            } catch let errors as ContentErrors {
                throw errors
            } catch {
                throw ContentErrors([Diagnostic(SourceLocation(path: walk.display(relative)), "cannot write: \(error)")])
            }
        }
    }

    /// Moves merged inbox files into `merged/`, under a free name; one that is there already with the same bytes is removed.
    static func move(_ paths: [String], walk: FolderWalk) throws {
        let io = walk.io
        for path in paths {
            let name = String(path.dropFirst(InboxFolder.folder.count + 1))
            do {
                try io.createFolders(walk.root + "/" + InboxFolder.mergedFolder)
                let source = walk.root + "/" + path
                guard let target = try freeName(name, walk: walk, same: try io.read(source)) else {
                    try io.remove(source)
                    continue
                }
                try proveInside(target, walk: walk)
                try io.move(source, walk.root + "/" + target)
            } catch let error as FileIOError {
                throw ContentErrors([Diagnostic(SourceLocation(path: walk.display(path)), "merged, but cannot be moved to \(walk.display(InboxFolder.mergedFolder))/: \(error.reason)",
                                                hint: "move it there yourself; merging it again changes nothing")])
            }
        }
    }

    /// Events a page sent: appended to today's `merged/serve-DATE.jsonl`, so that their ids are known as merged.
    static func record(_ events: (name: String, bytes: [UInt8]), walk: FolderWalk) throws {
        let relative = InboxFolder.mergedFolder + "/" + events.name
        try proveInside(relative, walk: walk)
        let path = walk.root + "/" + relative
        do {
            try walk.io.createFolders(walk.root + "/" + InboxFolder.mergedFolder)
            var bytes = (try? walk.io.read(path)).map(Array.init) ?? []
            if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
            bytes += events.bytes
            if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
            try walk.io.replace(path, with: bytes)
        } catch {
            throw ContentErrors([Diagnostic(SourceLocation(path: walk.display(relative)), "the events are merged but cannot be recorded: \(error.reason)")])
        }
    }

    /// `name`, or `name-2.jsonl`… in `merged/`; nil when a file of that name there has the same bytes.
    static func freeName(_ name: String, walk: FolderWalk, same data: Data) throws -> String? {
        let ext = InboxFolder.extensions.first { name.lowercased().hasSuffix($0) } ?? ""
        let base = name.dropLast(ext.count)
        var candidate = name, number = 1
        while true {
            let path = walk.root + "/" + InboxFolder.mergedFolder + "/" + candidate
            guard walk.io.exists(path) else { return InboxFolder.mergedFolder + "/" + candidate }
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
