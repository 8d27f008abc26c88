import Foundation

/// The diary as a diary importer (Day One, jrnl) sees it: which entries it
/// already has, each known by one front-matter line the importer writes
/// (`dayone_uuid: …`, `jrnl_entry: …`), and which file names are taken.
struct DiaryImportTarget {
    let files: FileWalker
    /// Values of the key line in the diary's files, as written.
    let existing: Set<String>
    private var taken: Set<String>
    /// Files the import adds, in the order they were named.
    private var written: [ImportedFile] = []

    init(content: URL, displayName: String, key: String, io: FileIO) {
        files = FileWalker(root: content, displayRoot: displayName, io: io)
        var ignored = Diagnostics()
        var existing = Set<String>()
        let prefix = key + ":"
        for file in files.markdown(under: "diary", into: &ignored) {
            // The key is in the front matter, near the top.
            for line in file.text.split(separator: "\n").prefix(40) where line.hasPrefix(prefix) {
                existing.insert(line.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces))
            }
        }
        self.existing = existing
        taken = Set(files.relativeFiles(under: "diary"))
    }

    /// `diary/2024/2024-08-31.md`, or `2024-08-31-2.md`… when the day has a
    /// file already: call it for the entries in time order.
    mutating func newEntryPath(for date: LocalDate) -> String {
        let path = ImportSource.freePath("diary/\(date.year)/\(date.iso).md", taken: taken)
        taken.insert(path)
        return path
    }

    /// An attachment copied beside its entry.
    mutating func add(_ source: ImportedFile.Contents, at path: String) {
        written.append(ImportedFile(path, source))
        taken.insert(path)
    }

    /// An entry's file; `verify` reads it as the build will.
    mutating func add(entry text: String, at path: String, summary: inout ImportSummary) {
        written.append(ImportedFile(path, .text(text)))
        summary.added += 1
        summary.files.append(files.display(path))
    }

    /// Writes the new files all or none, unless the content with them does
    /// not pass `verify` or it is a dry run.
    func finish(dryRun: Bool, verify: ImportVerification, progress: ImportProgress?) throws {
        try ImportWriter.finish(written, content: files.root, displayRoot: files.displayRoot, dryRun: dryRun, verify: verify, progress: progress,
                                io: files.io)
    }
}
