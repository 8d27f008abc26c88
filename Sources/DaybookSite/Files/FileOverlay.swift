import Foundation

extension FileIO {
    /// A file laid over a tree by `overlay`.
    enum OverlayFile: Sendable {
        /// These bytes; `onDisk`, a copy of them where a library that opens
        /// files by path (libvips) can read them.
        case bytes([UInt8], onDisk: String?)
        /// The file at another path of the tree below (an export's attachment).
        case copy(of: String)
    }

    /// `base` with `files` (absolute paths) laid over it: new files appear with
    /// the folders they need, replaced files read as given, and nothing can be
    /// written. The import check reads the content as it will be through it.
    static func overlay(_ base: FileIO, files: [String: OverlayFile]) -> FileIO {
        let layer = Overlay(base: base, files: files)
        let readOnly = { @Sendable (path: String) in FileIOError(path: path, reason: "an overlay is read-only") }
        return FileIO(
            linkAttributes: { path in layer.attributes(path) { base.linkAttributes($0) } },
            attributes: { path in layer.attributes(path) { base.attributes($0) } },
            resolve: { path in base.resolve(path) ?? layer.resolveNew(path) },
            list: { folder throws(FileIOError) in try layer.list(folder) },
            isReadable: { path in layer.files[path] != nil || base.isReadable(path) },
            read: { path throws(FileIOError) in
                switch layer.files[path] {
                case let .bytes(bytes, _)?: Data(bytes)
                case let .copy(source)?: try base.read(source)
                case nil: try base.read(path)
                }
            },
            write: { path, _ throws(FileIOError) in throw readOnly(path) },
            createFolder: { path throws(FileIOError) in throw readOnly(path) },
            move: { from, _ throws(FileIOError) in throw readOnly(from) },
            remove: { path throws(FileIOError) in throw readOnly(path) },
            copy: { _, to throws(FileIOError) in throw readOnly(to) },
            localPath: { path in
                switch layer.files[path] {
                case let .bytes(_, onDisk)?: onDisk
                case let .copy(source)?: base.localPath(source)
                case nil: base.localPath(path)
                }
            })
    }
}

/// The laid-over files by their path as given and with the links of their
/// folders resolved (the content walk reads through either), and the names
/// they add to each folder.
private struct Overlay: Sendable {
    let base: FileIO
    let files: [String: FileIO.OverlayFile]
    let names: [String: [String: FileIO.Kind]]

    init(base: FileIO, files given: [String: FileIO.OverlayFile]) {
        self.base = base
        var files: [String: FileIO.OverlayFile] = [:]
        var names: [String: [String: FileIO.Kind]] = [:]
        for (path, file) in given {
            let name = (path as NSString).lastPathComponent
            for spelling in Set([path, Self.resolved((path as NSString).deletingLastPathComponent, base) + "/" + name]) {
                files[spelling] = file
                var child = spelling, kind = FileIO.Kind.file
                while case let parent = (child as NSString).deletingLastPathComponent, parent != child, !parent.isEmpty {
                    names[parent, default: [:]][(child as NSString).lastPathComponent] = kind
                    (child, kind) = (parent, .folder)
                }
            }
        }
        self.files = files
        self.names = names
    }

    /// A folder with the links of its deepest existing part resolved.
    static func resolved(_ folder: String, _ base: FileIO) -> String {
        if let real = base.resolve(folder) { return real }
        let parent = (folder as NSString).deletingLastPathComponent
        guard parent != folder, !parent.isEmpty else { return folder }
        return resolved(parent, base) + "/" + (folder as NSString).lastPathComponent
    }

    /// A laid-over file; the base's answer; or a folder only the laid-over files make.
    func attributes(_ path: String, base answer: (String) -> FileIO.Attributes?) -> FileIO.Attributes? {
        switch files[path] {
        case let .bytes(bytes, _)?: return FileIO.Attributes(kind: .file, size: bytes.count)
        case let .copy(source)?: return base.attributes(source).map { FileIO.Attributes(kind: .file, size: $0.size, modified: $0.modified) }
        case nil: return answer(path) ?? (names[path] == nil ? nil : FileIO.Attributes(kind: .folder))
        }
    }

    /// A new file or folder, which the base cannot resolve.
    func resolveNew(_ path: String) -> String? {
        files[path] != nil || names[path] != nil ? Self.resolved(path, base) : nil
    }

    /// The base's names with the laid-over ones: a replaced file is a plain file now.
    func list(_ folder: String) throws(FileIOError) -> [FileIO.Entry] {
        guard let added = names[folder] else { return try base.list(folder) }
        var entries = base.isFolder(folder) ? try base.list(folder) : []
        entries.removeAll { added[$0.name] == .file }
        let listed = Set(entries.map(\.name))
        return entries + added.filter { !listed.contains($0.key) }.map { FileIO.Entry(name: $0.key, kind: $0.value) }
    }
}
