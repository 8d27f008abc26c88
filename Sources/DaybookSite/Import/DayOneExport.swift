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
            do { journals = try io.list(path.path).map(\.name).filter(Self.isJournal).sorted() } catch {
                throw ContentErrors([Diagnostic(SourceLocation(path: displayPath), "cannot read the export's folder: \(error.reason)")])
            }
            // A journal that is a link out of the export is not read.
            if let outside = journals.first(where: { !RelativePath.staysInside($0, of: path.path, io: io) }) {
                throw ContentErrors([Self.outside("\(displayPath)/\(outside)")])
            }
        } else if !isSingleJournal {
            let archive: Archive
            do {
                archive = try Archive(url: path, accessMode: .read)
            } catch {
                throw failure("not a readable .zip (\(error))", hint: "export again from Day One, or unzip it and import the folder")
            }
            storage = .zip(path, archive)
            let found = archive.filter { $0.type == .file && Self.isJournal($0.path) }.map(\.path).sorted()
            // Entry names are the zip's own: one that climbs out (`../x.json`) or starts at `/` is no journal.
            let bad = found.filter { !RelativePath.isContained($0) || $0.utf8.contains(0) }
            if !bad.isEmpty {
                throw ContentErrors(bad.map { Diagnostic(SourceLocation(path: "\(displayPath)/\($0)"), "the zip's entry name leaves the export ('..' or a leading '/'); not read",
                                                         hint: "export again from Day One") })
            }
            journals = found
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

    /// An attachment (`photos/<md5>.jpeg`) in the folder of `journal`, when
    /// the export has it. A link that leads out of the export is an error:
    /// nothing outside the export is read.
    func attachment(_ path: String, of journal: String, into diagnostics: inout Diagnostics) -> ImportedFile.Contents? {
        let folder = (journal as NSString).deletingLastPathComponent
        let full = folder.isEmpty ? path : "\(folder)/\(path)"
        guard RelativePath.isContained(full) else { return nil }
        switch storage {
        case let .folder(root):
            let url = root.appendingPathComponent(full)
            guard io.attributes(url.path) != nil else { return nil }
            guard RelativePath.staysInside(full, of: root.path, io: io) else {
                diagnostics.append(Self.outside(isSingleJournal ? url.path : "\(displayPath)/\(full)"))
                return nil
            }
            return .copy(url)
        case let .zip(url, archive):
            return archive[full]?.type == .file ? .unzip(archive: url, path: full) : nil
        }
    }

    private static func outside(_ path: String) -> Diagnostic {
        Diagnostic(SourceLocation(path: path), "symbolic link leads outside the export; nothing outside it is read",
                   hint: "copy the file into the export instead of linking to it")
    }
}
