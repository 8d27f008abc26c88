import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a build puts its files, handed over on all cores as they are made;
/// nothing shows in the output before `finish`, so a failed build changes
/// nothing. A first build writes a new folder (`FreshOutput`); a later one
/// updates the output in place (`OutputUpdate`), `serve`'s with its memory.
protocol SiteOutput: AnyObject, Sendable {
    /// The pages to render: all, or those whose inputs (`keys`, the plan's
    /// `pageKeys`) changed since their files were written, by what `serve`
    /// remembers or what the last `daybook build` recorded (`PageRecord`).
    func pagesToRender(_ plan: SitePlan, keys: [PageKey?]) -> [Page]
    /// The files kept as the record says they were, with how the disk describes them now.
    var kept: [String: PageRecord.Stamp] { get }
    /// Whether the last build made exactly these files (`serve`): then no two of them collide.
    func madeBefore(_ paths: [String]) -> Bool
    /// Takes one file's bytes; the reason when it cannot.
    func add(_ path: String, _ bytes: [UInt8]) -> OutputError?
    /// Takes a file that exists already (a resized photo in the cache).
    func add(_ path: String, copyOf source: String) -> OutputError?
    /// Puts the files in place once all are made.
    func finish(_ plan: SitePlan) throws
    /// Forgets the files handed over (a failed build).
    func discard()
}

extension OutputWriter {
    /// The writer of a build into `options`' output: `serve`'s (with `memory`) and a build into an earlier output update
    /// it in place; a first build writes a new folder.
    /// - Parameter record: the last `daybook build`'s record of the output, if it holds.
    static func output(for options: BuildOptions, plan: SitePlan, memory: PageMemory?, record: PageRecord? = nil) throws -> any SiteOutput {
        let writer = OutputWriter(output: options.outputDirectory, io: options.io)
        guard memory != nil || OutputUpdate.applies(to: options.outputDirectory, io: options.io) else { return try FreshOutput(writer) }
        return try OutputUpdate(writer.resolved, memory: memory, record: record)
    }
}

/// A first build: the site is written into a new folder beside the output,
/// which takes the output's place once every file is written.
final class FreshOutput: SiteOutput, @unchecked Sendable {
    private let writer: OutputWriter
    private let staging: URL
    private let folders: FolderMaker

    init(_ writer: OutputWriter) throws {
        self.writer = writer
        staging = try writer.makeStaging()
        folders = FolderMaker(root: staging.path, io: writer.io)
    }

    func pagesToRender(_ plan: SitePlan, keys: [PageKey?]) -> [Page] { plan.pages }
    var kept: [String: PageRecord.Stamp] { [:] }
    func madeBefore(_ paths: [String]) -> Bool { false }

    func add(_ path: String, _ bytes: [UInt8]) -> OutputError? { writer.write(bytes, to: path, in: folders) }

    func add(_ path: String, copyOf source: String) -> OutputError? {
        if let failure = folders.make(parentOf: path) { return failure }
        do throws(FileIOError) { try writer.io.copy(source, folders.root + "/" + path) } catch {
            return OutputError(message: "cannot write \(error)")
        }
        return nil
    }

    func finish(_ plan: SitePlan) throws {
        if let failure = add(OutputGuard.marker, OutputGuard.markerText()) { throw failure }
        try writer.swap(in: staging)
    }

    func discard() { writer.discard(staging) }
}

/// An output Daybook wrote before, brought up to date in place: each file
/// made is compared with what the output holds, and only one that differs is
/// written — at its path in a folder beside the output until every file is made, then
/// renamed over the old one, so a web server never sees half a file. Folders
/// stay; files no longer made are removed, and folders they leave empty.
/// While files are being replaced the marker says so (`OutputGuard.unfinishedMark`),
/// and the next build, which compares every file again, finishes the work.
final class OutputUpdate: SiteOutput, @unchecked Sendable {
    let output: String
    private let writer: OutputWriter
    private let staging: URL
    /// `serve`'s: what the output holds as it wrote it last (a digest of each
    /// file, each page's key); without it, or before its first build, the
    /// files on disk are read and compared.
    private let memory: PageMemory?
    private let known: [String: PageMemory.Digest]?
    /// Without `memory`: the last `daybook build`'s record, by which pages
    /// whose key and file are as recorded are neither rendered nor compared.
    private let record: PageRecord?
    private(set) var kept: [String: PageRecord.Stamp] = [:]
    /// Every file and empty folder of the output, listed on another core while pages render (without `known`).
    private let listing: Background<(files: [String], emptyFolders: [String])>?
    private let lock = NSLock()
    /// The files that differ, each at its own path in the staging folder:
    /// a name the disk refuses fails the build before the output changes.
    private var staged: [String] = []
    private let stagedFolders: FolderMaker
    /// Each file's digest after the update, for `memory`.
    private var digests: [String: PageMemory.Digest]
    private var keys: [PageKey?] = []
    private var rendered = 0

    init(_ writer: OutputWriter, memory: PageMemory?, record: PageRecord? = nil) throws {
        self.writer = writer
        output = writer.output.path
        self.memory = memory
        self.record = record
        // An output deleted since `serve`'s last build is written whole again.
        if !writer.io.isFolder(output) { memory?.written = nil }
        known = memory?.written
        digests = known ?? [:]
        staging = try writer.makeStaging()
        stagedFolders = FolderMaker(root: staging.path, io: writer.io)
        listing = known == nil ? Background { [output, io = writer.io] in try Self.list(output, io: io) } : nil
    }

    /// Whether `folder` is an output to update in place: a folder with something in it.
    static func applies(to folder: URL, io: FileIO) -> Bool {
        io.isFolder(folder.path) && !((try? io.list(folder.path)) ?? []).isEmpty
    }

    func pagesToRender(_ plan: SitePlan, keys: [PageKey?]) -> [Page] {
        guard let memory else {
            guard let record else { return plan.pages }
            let stale: [Int]
            (stale, kept) = record.stalePages(plan, keys: keys, output: output, io: writer.io)
            return stale.map { plan.pages[$0] }
        }
        self.keys = keys
        let pages = memory.stalePages(plan, keys: keys, output: writer.output, io: writer.io)
        rendered = pages.count
        return pages
    }

    func madeBefore(_ paths: [String]) -> Bool { known != nil && memory?.paths == paths }

    func add(_ path: String, _ bytes: [UInt8]) -> OutputError? {
        let digest = memory != nil ? PageMemory.Digest(bytes) : nil
        let same = known.map { $0[path] == digest } ?? writer.io.holds(output + "/" + path, bytes)
        return take(path, digest: digest, same: same) { staged throws(FileIOError) in try writer.io.write(staged, bytes) }
    }

    func add(_ path: String, copyOf source: String) -> OutputError? {
        let digest = PageMemory.digest(ofCached: source, io: writer.io)
        let same = known.map { $0[path] == digest }
            ?? (writer.io.linkAttributes(output + "/" + path).map { $0.kind == .file && $0.identity == writer.io.attributes(source)?.identity } ?? false)
        return take(path, digest: digest, same: same) { staged throws(FileIOError) in try writer.io.copy(source, staged) }
    }

    /// Notes a file made; one that differs from the output's is put into the staging folder by `stage`.
    private func take(_ path: String, digest: PageMemory.Digest?, same: Bool,
                      stage: (String) throws(FileIOError) -> Void) -> OutputError? {
        guard OutputWriter.isContained(path) else { return OutputError(message: "refusing to write outside the output folder: \(path)") }
        let differs: Bool = lock.withLock {
            if let digest, memory != nil { digests[path] = digest }
            if !same { staged.append(path) }
            return !same
        }
        guard differs else { return nil }
        if let failure = stagedFolders.make(parentOf: path) { return failure }
        do throws(FileIOError) { try stage(staging.path + "/" + path) } catch { return OutputError(message: "cannot write \(error)") }
        return nil
    }

    func finish(_ plan: SitePlan) throws {
        let made = Set(plan.paths)
        let markerPath = output + "/" + OutputGuard.marker
        var changed = 0
        do {
            let present = try listing?.value() ?? (files: known.map { Array($0.keys) } ?? [], emptyFolders: [])
            let gone = present.files.filter { !made.contains($0) && $0 != OutputGuard.marker }
            for path in gone { digests[path] = nil }
            changed = staged.count + gone.count
            if changed > 0 || !present.emptyFolders.isEmpty || !writer.io.holds(markerPath, OutputGuard.markerText()) {
                try writer.makeFolders(output)
                try writer.io.replace(markerPath, with: OutputGuard.markerText(unfinished: true))
                try remove(gone, emptyFolders: present.emptyFolders)
                let folders = FolderMaker(root: output, io: writer.io)
                for path in staged {
                    if let failure = folders.make(parentOf: path) { throw failure }
                    try writer.io.move(staging.path + "/" + path, output + "/" + path)
                }
                try writer.io.replace(markerPath, with: OutputGuard.markerText())
            }
        } catch {
            // Half updated: the next build compares every file on disk.
            memory?.written = nil
            let said = (error as? OutputError)?.message ?? "cannot update the output folder: \(error)"
            throw OutputError(message: said + "; the next build finishes the update")
        }
        discard()
        memory?.remember(digests, keys: keys, paths: plan.paths, precached: plan.precached.digests,
                         filesChanged: changed, pagesRendered: rendered)
    }

    /// Removes files no longer made, then each folder left empty, deepest first.
    private func remove(_ gone: [String], emptyFolders: [String]) throws(FileIOError) {
        for path in gone { try writer.io.remove(output + "/" + path) }
        // Each folder that held a file removed or was empty, and the folders around it.
        var folders = Set<String>()
        for path in gone.map({ ($0 as NSString).deletingLastPathComponent }) + emptyFolders {
            var folder = path
            while !folder.isEmpty, folders.insert(folder).inserted { folder = (folder as NSString).deletingLastPathComponent }
        }
        for folder in folders.sorted(by: { $0.utf8.count > $1.utf8.count }) {
            let path = output + "/" + folder
            if writer.io.isFolder(path), (try writer.io.list(path)).isEmpty { try writer.io.remove(path) }
        }
    }

    func discard() { writer.discard(staging) }

    /// The files (and links) of an output, relative to it, and its empty
    /// folders; a git checkout's `.git` is left out (`OutputWriter.kept`).
    static func list(_ root: String, io: FileIO) throws(FileIOError) -> (files: [String], emptyFolders: [String]) {
        var files: [String] = [], empty: [String] = []
        // `serve` may start before there is an output.
        var folders = io.isFolder(root) ? [""] : []
        while let folder = folders.popLast() {
            let entries = try io.list(folder.isEmpty ? root : root + "/" + folder)
            if entries.isEmpty && !folder.isEmpty { empty.append(folder) }
            for entry in entries where !(folder.isEmpty && entry.name == OutputWriter.kept) {
                let path = folder.isEmpty ? entry.name : folder + "/" + entry.name
                let kind = entry.kind ?? io.linkAttributes(root + "/" + path)?.kind
                if kind == .folder { folders.append(path) } else { files.append(path) }
            }
        }
        return (files, empty)
    }
}
