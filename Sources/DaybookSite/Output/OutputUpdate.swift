import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a build puts its files, handed over on all cores as they are made;
/// nothing shows in the output before `finish`, so a failed build changes nothing.
protocol SiteOutput: AnyObject, Sendable {
    /// Takes one file's bytes; the reason when it cannot.
    func add(_ path: String, _ bytes: [UInt8]) -> OutputError?
    /// Takes a file that exists already (a resized photo in the cache).
    func add(_ path: String, copyOf source: String) -> OutputError?
    /// Puts the files in place once all are made: `made` names every file of the build.
    func finish(made: [String]) throws
    /// Forgets the files handed over (a failed build).
    func discard()
}

/// A first build: the site is written into a new folder beside the output,
/// which is swapped in whole once every file is written.
final class FreshOutput: SiteOutput, @unchecked Sendable {
    private let writer: OutputWriter
    private let staging: URL
    private let folders: FolderMaker

    init(_ writer: OutputWriter) throws {
        self.writer = writer
        staging = try writer.makeStaging()
        folders = FolderMaker(root: staging.path, io: writer.io)
    }

    func add(_ path: String, _ bytes: [UInt8]) -> OutputError? { writer.write(bytes, to: path, in: folders) }

    func add(_ path: String, copyOf source: String) -> OutputError? {
        if let failure = folders.make(parentOf: path) { return failure }
        do throws(FileIOError) { try writer.io.copy(source, folders.root + "/" + path) } catch {
            return OutputError(message: "cannot write \(error)")
        }
        return nil
    }

    func finish(made: [String]) throws {
        if let failure = add(OutputGuard.marker, OutputGuard.markerText()) { throw failure }
        try writer.swap(in: staging)
    }

    func discard() { writer.discard(staging) }
}

/// An output Daybook wrote before, brought up to date in place: each file
/// made is compared with what the output holds, and only one that differs is
/// written — into a folder beside the output until every file is made, then
/// renamed over the old one, so a web server never sees half a file. Folders
/// stay; files no longer made are removed, and folders they leave empty.
/// While files are being replaced the marker says so (`OutputGuard.unfinishedMark`),
/// and the next build, which compares every file again, finishes the work.
final class OutputUpdate: SiteOutput, @unchecked Sendable {
    let output: String
    private let writer: OutputWriter
    private let staging: URL
    /// What the output holds, as `serve` remembers it (a digest of each
    /// file); nil: the files on disk are read and compared.
    private let known: [String: BuildMemory.Digest]?
    /// Every file and empty folder of the output, listed on another core while pages render (without `known`).
    private let listing: Background<(files: [String], emptyFolders: [String])>?
    private let remembers: Bool
    private let lock = NSLock()
    private var staged: [(path: String, number: Int)] = []
    /// Files written (or removed) by `finish`.
    private(set) var changed = 0
    /// Each file's digest after the update, when `serve` remembers them.
    private(set) var digests: [String: BuildMemory.Digest]

    /// - Parameter known: the output's files as `serve` wrote them last; nil to compare with the disk.
    /// - Parameter remembers: keeps every file's digest for the next build (`serve`).
    init(_ writer: OutputWriter, known: [String: BuildMemory.Digest]?, remembers: Bool) throws {
        self.writer = writer
        output = writer.output.path
        self.known = known
        self.remembers = remembers
        digests = known ?? [:]
        staging = try writer.makeStaging()
        listing = known == nil ? Background { [output, io = writer.io] in try Self.list(output, io: io) } : nil
    }

    /// Whether `folder` is an output to update in place: a folder with something in it.
    static func applies(to folder: URL, io: FileIO) -> Bool {
        io.isFolder(folder.path) && !((try? io.list(folder.path)) ?? []).isEmpty
    }

    func add(_ path: String, _ bytes: [UInt8]) -> OutputError? {
        let digest = known != nil || remembers ? BuildMemory.Digest(bytes) : nil
        let same = known.map { $0[path] == digest } ?? writer.io.holds(output + "/" + path, bytes)
        return take(path, digest: digest, same: same) { number throws(FileIOError) in
            try writer.io.write(staging.path + "/\(number)", bytes)
        }
    }

    func add(_ path: String, copyOf source: String) -> OutputError? {
        let digest = BuildMemory.digest(ofCached: source, io: writer.io)
        let same = known.map { $0[path] == digest }
            ?? (writer.io.linkAttributes(output + "/" + path).map { $0.kind == .file && $0.identity == writer.io.attributes(source)?.identity } ?? false)
        return take(path, digest: digest, same: same) { number throws(FileIOError) in
            try writer.io.copy(source, staging.path + "/\(number)")
        }
    }

    /// Notes a file made; one that differs from the output's is put into the staging folder by `stage`.
    private func take(_ path: String, digest: BuildMemory.Digest?, same: Bool,
                      stage: (Int) throws(FileIOError) -> Void) -> OutputError? {
        guard OutputWriter.isContained(path) else { return OutputError(message: "refusing to write outside the output folder: \(path)") }
        let number: Int? = lock.withLock {
            if let digest, remembers { digests[path] = digest }
            if same { return nil }
            staged.append((path, staged.count))
            return staged.count - 1
        }
        guard let number else { return nil }
        do throws(FileIOError) { try stage(number) } catch { return OutputError(message: "cannot write \(error)") }
        return nil
    }

    func finish(made: [String]) throws {
        let made = Set(made)
        let markerPath = output + "/" + OutputGuard.marker
        do {
            let present = try listing?.value() ?? (files: known.map { Array($0.keys) } ?? [], emptyFolders: [])
            let gone = present.files.filter { !made.contains($0) && $0 != OutputGuard.marker }
            if remembers { for path in gone { digests[path] = nil } }
            changed = staged.count + gone.count
            guard changed > 0 || !present.emptyFolders.isEmpty || !writer.io.holds(markerPath, OutputGuard.markerText()) else {
                discard()
                return
            }
            try writer.makeFolders(output)
            try writer.io.replace(markerPath, with: OutputGuard.markerText(unfinished: true))
            try remove(gone, emptyFolders: present.emptyFolders)
            let folders = FolderMaker(root: output, io: writer.io)
            for file in staged {
                if let failure = folders.make(parentOf: file.path) { throw failure }
                try writer.io.move(staging.path + "/\(file.number)", output + "/" + file.path)
            }
            try writer.io.replace(markerPath, with: OutputGuard.markerText())
        } catch let error as OutputError {
            throw OutputError(message: "\(error.message); the next build finishes the update")
        } catch {
            throw OutputError(message: "cannot update the output folder: \(error); the next build finishes the update")
        }
        discard()
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
