import Foundation
import ZIPFoundation

/// A file an import writes below the content folder.
public struct ImportedFile: Sendable {
    enum Contents: Sendable {
        case text(String)
        /// A photo or other attachment copied from the export.
        case copy(URL)
        /// An attachment inside the export's `.zip`.
        case unzip(archive: URL, path: String)
    }

    /// `diary/2024/2024-08-31.md`
    var relativePath: String
    var contents: Contents
    /// Only an Anki deck being appended to may replace a file; everything else is new.
    var replaces = false

    init(_ relativePath: String, _ contents: Contents, replaces: Bool = false) {
        self.relativePath = relativePath
        self.contents = contents
        self.replaces = replaces
    }

    var text: String? {
        if case let .text(text) = contents { return text }
        return nil
    }
}

/// Checks the content as it will be with an import's files, before any is
/// written; throws its errors. The command line checks the whole site
/// (`ImportCheck`), which is where the importers' new files are parsed.
public typealias ImportVerification = ([ImportedFile]) throws -> Void

/// Tells a person how far a long import is (`Importing 1,200/5,000 entries`);
/// the command line shows it on a terminal only.
public typealias ImportProgress = (String) -> Void

/// Counts through one step of an import over many things, telling
/// `progress` every hundred of them, or every two-hundredth of the step
/// when it is long: a 100,000-note export redraws its line 200 times, not 1,000.
struct ImportCounter {
    let progress: ImportProgress?
    let step: String
    let total: Int
    private(set) var done = 0

    init(_ progress: ImportProgress?, _ step: String, total: Int) {
        self.progress = progress
        self.step = step
        self.total = total
    }

    mutating func count() {
        done += 1
        guard let progress, done % Swift.max(100, total / 200) == 0 || done == total else { return }
        let number = { (count: Int) in NumberText.format(Double(count), decimals: 0, .people) }
        progress(step.replacingOccurrences(of: "%", with: "\(number(done))/\(number(total))"))
    }
}

/// Writes all of an import's files or none, as one `ContentJournal` change
/// under the content folder's lock. A file the user already has is never
/// overwritten (an Anki deck appended to is replaced only while it is still
/// what the import read).
enum ImportWriter {
    /// The end of every import: the content with the new files is checked,
    /// then, unless it is a dry run, they are written.
    static func finish(_ files: [ImportedFile], content: URL, displayRoot: String, dryRun: Bool,
                              verify: ImportVerification, progress: ImportProgress? = nil, io: FileIO = .disk) throws {
        guard !files.isEmpty else { return }
        // Every path is proven inside the content folder, links resolved, before the check unpacks anything.
        let outside = files.filter { !RelativePath.staysInside($0.relativePath, of: content.standardizedFileURL.path, io: io) }
        if !outside.isEmpty {
            throw ContentErrors(outside.map {
                Diagnostic(SourceLocation(path: display($0.relativePath, in: displayRoot)),
                           "would be written outside \(displayRoot)/ (through '..' or a symbolic link); nothing was written",
                           hint: "an import writes only inside the content folder")
            })
        }
        progress?("Checking the site with the \(files.count == 1 ? "new file" : "\(NumberText.format(Double(files.count), decimals: 0, .people)) new files")")
        try verify(files)
        if !dryRun { try write(files, content: content, displayRoot: displayRoot, io: io, progress: progress) }
    }

    static func display(_ relative: String, in displayRoot: String) -> String { displayRoot.isEmpty ? relative : "\(displayRoot)/\(relative)" }

    static func write(_ files: [ImportedFile], content: URL, displayRoot: String, io: FileIO, progress: ImportProgress? = nil) throws {
        // A link there, even a dangling one, is the user's too.
        let clashes = files.filter { !$0.replaces && io.exists(content.appendingPathComponent($0.relativePath).path) }
        if !clashes.isEmpty {
            throw ContentErrors(clashes.map {
                Diagnostic(SourceLocation(path: display($0.relativePath, in: displayRoot)), "already exists; an import never overwrites a file",
                           hint: "move the file away, or remove what the import would put there")
            })
        }
        var archives = OpenArchives()
        guard io.isDisk else {
            for file in files {
                let path = content.appendingPathComponent(file.relativePath).path
                try io.createFolders((path as NSString).deletingLastPathComponent)
                try io.write(path, place(file.contents, archives: &archives, io: io))
            }
            return
        }
        // One journaled change under the content folder's lock: a crash leaves none of the files or, after the next run, all.
        var counter = ImportCounter(progress, "Writing % files", total: files.count)
        let changes = try files.map { file in
            let path = content.appendingPathComponent(file.relativePath).path
            var before: [UInt8]?
            do throws(FileIOError) { before = file.replaces && io.exists(path) ? Array(try io.read(path)) : nil } catch {
                throw ContentErrors([Diagnostic(SourceLocation(path: display(file.relativePath, in: displayRoot)), "cannot read file: \(error.reason); nothing was imported")])
            }
            return ContentChange(file.relativePath, before: before, after: .made {
                              counter.count()
                              return try place(file.contents, archives: &archives, io: io)
                          })
        }
        do {
            try ContentLock.holding(content: content, displayRoot: displayRoot, by: "daybook import") { lock in
                try ContentJournal.commit(changes, lock: lock, what: "daybook import")
            }
        } catch let changed as ContentJournal.Changed {
            throw ContentErrors([Diagnostic(SourceLocation(path: display(changed.path, in: displayRoot)), "changed while the import was written; nothing was imported",
                                            hint: "import again")])
        } catch let errors as ContentErrors {
            throw errors
        } catch {
            let reason = (error as? FileIOError)?.reason ?? FileIOError.reason(of: error)
            throw ContentErrors([Diagnostic(SourceLocation(path: displayRoot), "cannot write the import: \(reason)", hint: "nothing was written")])
        }
    }

    /// Each `.zip` opened once, however many files come from it.
    struct OpenArchives {
        private var open: [URL: Archive] = [:]

        init() {}

        mutating func archive(_ url: URL) throws -> Archive {
            if let archive = open[url] { return archive }
            let archive = try Archive(url: url, accessMode: .read)
            open[url] = archive
            return archive
        }
    }

    /// One file's bytes: its text, a copy of an attachment (never a link to
    /// the export, which the user may delete or change), or an entry of a
    /// `.zip` (ZIPFoundation reads the archive from the disk).
    static func place(_ contents: ImportedFile.Contents, archives: inout OpenArchives, io: FileIO) throws -> [UInt8] {
        switch contents {
        case let .text(text): return Array(text.utf8)
        case let .copy(source): return Array(try io.read(source.path))
        case let .unzip(archiveURL, path):
            let archive = try archives.archive(archiveURL)
            guard let entry = archive[path] else { throw Archive.ArchiveError.invalidEntryPath }
            var bytes: [UInt8] = []
            _ = try archive.extract(entry) { bytes.append(contentsOf: $0) }
            return bytes
        }
    }
}
