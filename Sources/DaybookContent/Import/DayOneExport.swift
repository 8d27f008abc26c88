import Foundation
import ZIPFoundation

/// A Day One export as it comes: the `.zip` Day One writes (read without
/// unzipping it), its unzipped folder, or one journal `.json`. An export holds
/// one JSON file per journal and the folders `photos/`, `videos/`, `audios/`
/// and `pdfs/` beside them. A `.zip` is read by ZIPFoundation from the disk;
/// a folder or a `.json` through `io`.
struct DayOneExport {
    private enum Storage {
        case folder(URL)
        case zip(URL, Archive)
    }

    private let storage: Storage
    private let io: FileIO
    private let displayPath: String
    /// Only one `.json` was given: its messages name it as given.
    private let isSingleJournal: Bool
    /// The journals' JSON files, by their path in the export (`Journal.json`).
    let journals: [String]

    init(_ path: URL, displayPath: String, io: FileIO) throws {
        func failure(_ message: String, hint: String? = nil) -> ContentErrors {
            ContentErrors([Diagnostic(SourceLocation(path: displayPath), message, hint: hint)])
        }
        guard let found = io.attributes(path.path) else { throw failure("no such file or folder") }
        let isFolder = found.kind == .folder
        self.displayPath = displayPath
        self.io = io
        isSingleJournal = !isFolder && path.pathExtension.lowercased() != "zip"
        if isFolder {
            storage = .folder(path)
            journals = ((try? io.list(path.path)) ?? []).map(\.name).filter(Self.isJournal).sorted()
        } else if !isSingleJournal {
            let archive: Archive
            do {
                archive = try Archive(url: path, accessMode: .read)
            } catch {
                throw failure("not a readable .zip (\(error))", hint: "export again from Day One, or unzip it and import the folder")
            }
            storage = .zip(path, archive)
            journals = archive.filter { $0.type == .file && Self.isJournal($0.path) }.map(\.path).sorted()
        } else {
            storage = .folder(path.deletingLastPathComponent())
            journals = [path.lastPathComponent]
        }
        if journals.isEmpty {
            throw failure("no journal .json in the export", hint: "export from Day One with File › Export › JSON")
        }
    }

    /// A `.json` of the export, not the resource forks macOS adds to zips.
    private static func isJournal(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".json") && !path.hasPrefix("__MACOSX/") && !(path as NSString).lastPathComponent.hasPrefix(".")
    }

    /// A journal's text; messages name it inside the export (`export.zip/Journal.json`).
    func journal(_ name: String) throws -> SourceFile {
        let display = isSingleJournal ? displayPath : "\(displayPath)/\(name)"
        switch storage {
        case let .folder(folder):
            return try ImportSource.text(folder.appendingPathComponent(name), displayPath: display, io: io)
        case let .zip(_, archive):
            var data = Data()
            do {
                guard let entry = archive[name] else { throw Archive.ArchiveError.invalidEntryPath }
                _ = try archive.extract(entry) { data.append($0) }
            } catch {
                throw ContentErrors([Diagnostic(SourceLocation(path: display), "cannot read it from the zip (\(error))")])
            }
            return try ImportSource.text(data, displayPath: display, relativePath: name)
        }
    }

    /// An attachment (`photos/<md5>.jpeg`) in the folder of `journal`, when the export has it.
    func attachment(_ path: String, of journal: String) -> ImportedFile.Contents? {
        let folder = (journal as NSString).deletingLastPathComponent
        let full = folder.isEmpty ? path : "\(folder)/\(path)"
        switch storage {
        case let .folder(root):
            let url = root.appendingPathComponent(full)
            return io.attributes(url.path) != nil ? .copy(url) : nil
        case let .zip(url, archive):
            return archive[full]?.type == .file ? .unzip(archive: url, path: full) : nil
        }
    }
}
