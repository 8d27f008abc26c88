import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Every file operation a build makes, as one value (Saga's `FileIO`): the
/// disk by default, or a folder tree in memory (`MemoryFiles`) so that tests
/// run whole builds without touching the disk. Paths are absolute. What may
/// be read or written — links that leave `content/`, names, the atomic swap
/// of the output — is decided above this seam, so both sides obey it.
public struct FileIO: Sendable {
    public enum Kind: Sendable, Equatable { case file, folder, link, other }

    public struct Attributes: Sendable, Equatable {
        public var kind: Kind
        public var size: Int
        /// Seconds since 1970.
        public var modified: Double
        /// Which file this is, whatever name it was reached by: two names
        /// with one identity are links to one file, hard or symbolic.
        public var identity: FileIdentity?

        init(kind: Kind, size: Int = 0, modified: Double = 0, identity: FileIdentity? = nil) {
            self.kind = kind
            self.size = size
            self.modified = modified
            self.identity = identity
        }
    }

    /// A name in a folder; `kind` is nil when the listing does not say
    /// (then `linkAttributes` does), and `.link` for a link.
    public struct Entry: Sendable, Equatable {
        public var name: String
        var kind: Kind?

        init(name: String, kind: Kind?) {
            self.name = name
            self.kind = kind
        }
    }

    /// The path itself (`lstat`): a link is `.link`. nil: nothing there.
    var linkAttributes: @Sendable (_ path: String) -> Attributes?
    /// Through links (`stat`). nil: nothing there, or a dangling link.
    public var attributes: @Sendable (_ path: String) -> Attributes?
    /// Every link on the way resolved (`realpath`); nil when one dangles or loops.
    var resolve: @Sendable (_ path: String) -> String?
    /// The names in a folder, hidden ones included, in no order.
    public var list: @Sendable (_ folder: String) throws(FileIOError) -> [Entry]
    var isReadable: @Sendable (_ path: String) -> Bool
    public var read: @Sendable (_ path: String) throws(FileIOError) -> Data
    /// Creates or replaces a file whose folder exists.
    var write: @Sendable (_ path: String, _ bytes: [UInt8]) throws(FileIOError) -> Void
    /// One folder whose parent exists; a folder already there is fine.
    var createFolder: @Sendable (_ path: String) throws(FileIOError) -> Void
    /// Renames a file or folder (`rename`): a folder in the way must be empty.
    var move: @Sendable (_ from: String, _ to: String) throws(FileIOError) -> Void
    /// Removes a file, a link or a whole folder.
    var remove: @Sendable (_ path: String) throws(FileIOError) -> Void
    /// Puts a copy of a file at a new path whose folder exists: a hard link where the disk allows.
    var copy: @Sendable (_ from: String, _ to: String) throws(FileIOError) -> Void
    /// Where a library that opens files by path itself (libvips) finds the
    /// file on the disk; nil when it is nowhere there. By default the path
    /// itself: tests that build in memory keep their photos at the same path.
    var localPath: @Sendable (_ path: String) -> String?
    /// Whether the file at the path holds exactly these bytes (a build
    /// writes only files that differ); false when there is none to read.
    var holds: @Sendable (_ path: String, _ bytes: [UInt8]) -> Bool
    /// Whether these are the disk's files: only there can a process crash
    /// halfway, so only there does a change to `content/` go through the
    /// lock and journal (`ContentJournal`); a test's files in memory are written directly.
    var isDisk = false

    init(linkAttributes: @escaping @Sendable (String) -> Attributes?,
                attributes: @escaping @Sendable (String) -> Attributes?,
                resolve: @escaping @Sendable (String) -> String?,
                list: @escaping @Sendable (String) throws(FileIOError) -> [Entry],
                isReadable: @escaping @Sendable (String) -> Bool,
                read: @escaping @Sendable (String) throws(FileIOError) -> Data,
                write: @escaping @Sendable (String, [UInt8]) throws(FileIOError) -> Void,
                createFolder: @escaping @Sendable (String) throws(FileIOError) -> Void,
                move: @escaping @Sendable (String, String) throws(FileIOError) -> Void,
                remove: @escaping @Sendable (String) throws(FileIOError) -> Void,
                copy: @escaping @Sendable (String, String) throws(FileIOError) -> Void,
                localPath: @escaping @Sendable (String) -> String? = { $0 },
                holds: (@Sendable (String, [UInt8]) -> Bool)? = nil) {
        self.linkAttributes = linkAttributes
        self.attributes = attributes
        self.resolve = resolve
        self.list = list
        self.isReadable = isReadable
        self.read = read
        self.write = write
        self.createFolder = createFolder
        self.move = move
        self.remove = remove
        self.copy = copy
        self.localPath = localPath
        self.holds = holds ?? { path, bytes in (try? read(path)).map { $0.elementsEqual(bytes) } ?? false }
    }

    /// Whether anything, even a dangling link, is at the path.
    public func exists(_ path: String) -> Bool { linkAttributes(path) != nil }

    /// Whether the path, through links, is a folder.
    public func isFolder(_ path: String) -> Bool { attributes(path)?.kind == .folder }

    /// `mkdir -p`, failing with the system's reason; a file in the way is said so.
    func createFolders(_ path: String) throws(FileIOError) {
        if let existing = attributes(path) {
            if existing.kind == .folder { return }
            throw FileIOError(path: path, reason: "a file has that name")
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try createFolders(parent) }
        try createFolder(path)
    }

    /// Writes a whole file or leaves the old one: a hidden file beside it,
    /// renamed into place, so a crash never leaves half a file a person wrote in.
    func replace(_ path: String, with bytes: [UInt8]) throws(FileIOError) {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = folder + "/." + (path as NSString).lastPathComponent + ".daybook-" + UUID().uuidString
        do {
            try write(temporary, bytes)
            try move(temporary, path)
        } catch {
            try? remove(temporary)
            throw error
        }
    }

    /// A file's text, or nil when it is missing or not UTF-8.
    public func text(_ path: String) -> String? {
        (try? read(path)).flatMap { String(data: $0, encoding: .utf8) }
    }
}

/// A file's device and inode number (`stat`): the same for every name of one file.
public struct FileIdentity: Sendable, Hashable {
    let device: UInt64
    public let inode: UInt64
}

/// A file operation that failed: the path and the system's reason (`Permission denied`).
public struct FileIOError: Error, Sendable, CustomStringConvertible {
    let path: String
    let reason: String

    public var description: String { "\(path): \(reason)" }

    /// The system's reason (`Permission denied`) inside a Foundation error.
    static func reason(of error: Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileWriteNoPermission, .fileReadNoPermission: return String(cString: strerror(EACCES))
        case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
        case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
        case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
        default: return error.localizedDescription
        }
    }
}

extension FileIOError {
    init(path: String, errno code: Int32) {
        self.init(path: path, reason: String(cString: strerror(code)))
    }
}

// MARK: - The disk

extension FileIO {
    /// The real file system, through plain POSIX calls: Foundation's file
    /// writing costs milliseconds a file, and its enumerator asks for each
    /// file's attributes one by one.
    public static let disk = { () -> FileIO in
        var disk = plainDisk
        disk.isDisk = true
        return disk
    }()

    private static let plainDisk = FileIO(
        linkAttributes: { path in
            var info = stat()
            return lstat(path, &info) == 0 ? Disk.attributes(info) : nil
        },
        attributes: { path in
            var info = stat()
            return stat(path, &info) == 0 ? Disk.attributes(info) : nil
        },
        resolve: { path in
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        },
        list: { folder throws(FileIOError) in try Disk.list(folder) },
        isReadable: { access($0, R_OK) == 0 },
        read: { path throws(FileIOError) in try Disk.read(path) },
        write: { path, bytes throws(FileIOError) in try Disk.write(bytes, to: path) },
        createFolder: { path throws(FileIOError) in
            if mkdir(path, 0o755) != 0 && errno != EEXIST { throw FileIOError(path: path, errno: errno) }
        },
        move: { from, to throws(FileIOError) in
            if rename(from, to) != 0 { throw FileIOError(path: from, errno: errno) }
        },
        remove: { path throws(FileIOError) in
            do { try FileManager.default.removeItem(atPath: path) } catch {
                throw FileIOError(path: path, reason: FileIOError.reason(of: error))
            }
        },
        copy: { from, to throws(FileIOError) in
            guard link(from, to) != 0 else { return }
            do { try FileManager.default.copyItem(atPath: from, toPath: to) } catch {
                throw FileIOError(path: to, reason: FileIOError.reason(of: error))
            }
        },
        holds: { path, bytes in Disk.holds(path, bytes) }
    )
}

enum Disk {
    static func attributes(_ info: stat) -> FileIO.Attributes {
        FileIO.Attributes(kind: kind(info.st_mode), size: Int(info.st_size),
                          modified: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9,
                          identity: FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }

    static func kind(_ mode: mode_t) -> FileIO.Kind {
        switch mode & S_IFMT {
        case S_IFDIR: .folder
        case S_IFREG: .file
        case S_IFLNK: .link
        default: .other
        }
    }

    /// readdir: the kind comes with the name on most file systems.
    static func list(_ folder: String) throws(FileIOError) -> [FileIO.Entry] {
        guard let directory = opendir(folder) else { throw FileIOError(path: folder, errno: errno) }
        defer { closedir(directory) }
        var entries: [FileIO.Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            let kind: FileIO.Kind? = switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): .folder
            case Int32(DT_REG): .file
            case Int32(DT_LNK): .link
            case Int32(DT_UNKNOWN): nil
            default: .other
            }
            entries.append(FileIO.Entry(name: name, kind: kind))
        }
        return entries
    }

    static func read(_ path: String) throws(FileIOError) -> Data {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FileIOError(path: path, errno: errno) }
        defer { close(descriptor) }
        return try read(descriptor, path: path)
    }

    /// The rest of an open file; `path` is for the error.
    static func read(_ descriptor: Int32, path: String) throws(FileIOError) -> Data {
        var info = stat()
        // Read straight into the Data's memory: one byte more than the file
        // says, so the end shows in the first read; a file that grows (or has
        // no size, as in /proc) gets more room.
        var capacity = (fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0) + 1
        var buffer = malloc(capacity)!
        var count = 0
        while true {
            if count == capacity {
                capacity *= 2
                buffer = realloc(buffer, capacity)!
            }
            let n = Glibc.read(descriptor, buffer + count, capacity - count)
            if n < 0 {
                free(buffer)
                throw FileIOError(path: path, errno: errno)
            }
            if n == 0 { return Data(bytesNoCopy: buffer, count: count, deallocator: .free) }
            count += n
        }
    }

    /// Compares a file with bytes a piece at a time: its size first, so a
    /// file that changed length is not read at all.
    static func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count else { return false }
        let piece = 1 << 16
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: piece + 1, alignment: 16)
        defer { buffer.deallocate() }
        return bytes.withUnsafeBytes { expected -> Bool in
            var offset = 0
            while true {
                let n = Glibc.read(descriptor, buffer, piece + 1)
                if n < 0 { return false }
                if n == 0 { return offset == expected.count }
                guard offset + n <= expected.count, memcmp(buffer, expected.baseAddress! + offset, n) == 0 else { return false }
                offset += n
            }
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws(FileIOError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw FileIOError(path: path, errno: errno) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { buffer -> Int in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 { return -1 }
                offset += n
            }
            return offset
        }
        if written < 0 { throw FileIOError(path: path, errno: errno) }
    }
}

// MARK: - Memory

/// A folder tree in memory, with files, folders and symbolic links, behaving
/// as the disk does for what a build asks of it. Tests fill it, build with
/// `io`, and read the output back.
final class MemoryFiles: @unchecked Sendable {
    enum Node {
        case file(Data, modified: Double)
        case folder
        case link(String)
    }

    /// Paths as bytes: Swift compares strings by canonical equivalence, and a
    /// file system does not (`한.md` written composed and decomposed are two files).
    struct Path: Hashable {
        let bytes: [UInt8]
        init(_ path: String) { bytes = Array(path.utf8) }
        var string: String { String(decoding: bytes, as: UTF8.self) }
        func isBelow(_ prefix: [UInt8]) -> Bool { bytes.count > prefix.count && bytes.starts(with: prefix) }
    }

    private let lock = NSLock()
    private var store: [Path: Node] = [Path("/"): .folder]
    private var clock = 0.0

    init() {}

    private subscript(path: String) -> Node? {
        get { store[Path(path)] }
        set { store[Path(path)] = newValue }
    }

    /// Adds a file, making its folders.
    func add(_ path: String, _ data: Data) {
        locked {
            makeFolders(parent(of: path))
            clock += 1
            self[path] = .file(data, modified: clock)
        }
    }

    func add(_ path: String, text: String) { add(path, Data(text.utf8)) }

    /// Adds a symbolic link at `path` pointing to `target` (absolute, or relative to its folder).
    func addLink(_ path: String, to target: String) {
        locked {
            makeFolders(parent(of: path))
            self[path] = .link(target)
        }
    }

    func addFolder(_ path: String) { locked { makeFolders(path) } }

    /// The file's bytes, through links; nil when there is no file.
    func contents(_ path: String) -> Data? {
        locked {
            guard let real = resolved(path), case let .file(data, _) = self[real] else { return nil }
            return data
        }
    }

    /// Every file below `folder` (links included), relative to it, sorted.
    func files(under folder: String) -> [String] {
        locked {
            let prefix = Array((folder == "/" ? "/" : folder + "/").utf8)
            return store.compactMap { path, node in
                guard path.isBelow(prefix) else { return nil }
                if case .folder = node { return nil }
                return String(decoding: path.bytes.dropFirst(prefix.count), as: UTF8.self)
            }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
    }

    var io: FileIO {
        FileIO(
            linkAttributes: { path in self.locked { self[path].map { Self.attributes($0, at: path) } } },
            attributes: { path in self.locked { self.resolved(path).flatMap { real in self[real].map { Self.attributes($0, at: real) } } } },
            resolve: { path in self.locked { self.resolved(path) } },
            list: { folder throws(FileIOError) in try self.list(folder) },
            isReadable: { path in self.locked { self.resolved(path) != nil } },
            read: { path throws(FileIOError) in
                guard let data = self.contents(path) else {
                    throw FileIOError(path: path, errno: self.isFolder(path) ? EISDIR : ENOENT)
                }
                return data
            },
            write: { path, bytes throws(FileIOError) in try self.write(path, Data(bytes)) },
            createFolder: { path throws(FileIOError) in try self.createFolder(path) },
            move: { from, to throws(FileIOError) in try self.move(from, to) },
            remove: { path throws(FileIOError) in try self.remove(path) },
            copy: { from, to throws(FileIOError) in
                guard let data = self.contents(from) else { throw FileIOError(path: from, errno: ENOENT) }
                try self.write(to, data)
            }
        )
    }

    // The operations, each under the lock.

    private func list(_ folder: String) throws(FileIOError) -> [FileIO.Entry] {
        let result: Result<[FileIO.Entry], FileIOError> = locked {
            guard let real = resolved(folder), case .folder = self[real] else {
                return .failure(FileIOError(path: folder, errno: self[folder] == nil ? ENOENT : ENOTDIR))
            }
            let prefix = Array((real == "/" ? "/" : real + "/").utf8)
            return .success(store.compactMap { path, node in
                guard path.isBelow(prefix), !path.bytes[prefix.count...].contains(UInt8(ascii: "/")) else { return nil }
                return FileIO.Entry(name: String(decoding: path.bytes[prefix.count...], as: UTF8.self), kind: Self.kind(node))
            })
        }
        return try result.get()
    }

    private func write(_ path: String, _ data: Data) throws(FileIOError) {
        let failure: FileIOError? = locked {
            guard isFolderLocked(parent(of: path)) else { return FileIOError(path: path, errno: ENOENT) }
            if case .folder = self[path] { return FileIOError(path: path, errno: EISDIR) }
            clock += 1
            self[resolved(path) ?? path] = .file(data, modified: clock)
            return nil
        }
        if let failure { throw failure }
    }

    private func createFolder(_ path: String) throws(FileIOError) {
        let failure: FileIOError? = locked {
            if let node = self[path] {
                if case .folder = node { return nil }
                return FileIOError(path: path, errno: EEXIST)
            }
            guard isFolderLocked(parent(of: path)) else { return FileIOError(path: path, errno: ENOENT) }
            self[path] = .folder
            return nil
        }
        if let failure { throw failure }
    }

    private func move(_ from: String, _ to: String) throws(FileIOError) {
        let failure: FileIOError? = locked {
            guard self[from] != nil else { return FileIOError(path: from, errno: ENOENT) }
            guard isFolderLocked(parent(of: to)) else { return FileIOError(path: to, errno: ENOENT) }
            if case .folder = self[to], subtree(to).count > 1 { return FileIOError(path: to, errno: ENOTEMPTY) }
            let moved = subtree(from)
            for (path, _) in moved { store[path] = nil }
            for (path, node) in moved { store[Path(to + String(decoding: path.bytes.dropFirst(from.utf8.count), as: UTF8.self))] = node }
            return nil
        }
        if let failure { throw failure }
    }

    private func remove(_ path: String) throws(FileIOError) {
        let failure: FileIOError? = locked {
            guard self[path] != nil else { return FileIOError(path: path, errno: ENOENT) }
            for (path, _) in subtree(path) { store[path] = nil }
            return nil
        }
        if let failure { throw failure }
    }

    private func isFolder(_ path: String) -> Bool { locked { isFolderLocked(path) } }

    // Helpers that expect the lock held.

    private func isFolderLocked(_ path: String) -> Bool {
        guard let real = resolved(path), case .folder = self[real] else { return false }
        return true
    }

    /// The node at `path` and, for a folder, every node below it.
    private func subtree(_ path: String) -> [(Path, Node)] {
        let key = Path(path), prefix = Array((path + "/").utf8)
        return store.filter { $0.key == key || $0.key.bytes.starts(with: prefix) }.map { ($0.key, $0.value) }
    }

    private func parent(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "/" : parent
    }

    private func makeFolders(_ path: String) {
        guard self[path] == nil else { return }
        makeFolders(parent(of: path))
        self[path] = .folder
    }

    /// The path with every link resolved, as realpath(3) does; nil when
    /// something on the way is missing or links loop.
    private func resolved(_ path: String, hops: Int = 0) -> String? {
        guard hops < 40 else { return nil }
        var current = "/"
        let parts = path.split(separator: "/").map(String.init)
        for (index, part) in parts.enumerated() {
            if part == "." { continue }
            if part == ".." { current = parent(of: current); continue }
            let next = current == "/" ? "/" + part : current + "/" + part
            switch self[next] {
            case nil:
                return nil
            case let .link(target):
                let absolute = target.hasPrefix("/") ? target : (current == "/" ? "/" : current + "/") + target
                let rest = parts[(index + 1)...].joined(separator: "/")
                return resolved(rest.isEmpty ? absolute : absolute + "/" + rest, hops: hops + 1)
            case .file, .folder:
                current = next
            }
        }
        return current
    }

    /// A node has no inode here: its path is its identity (FNV-1a of the
    /// bytes), so symbolic links to one file share it, as on a disk.
    private static func attributes(_ node: Node, at path: String) -> FileIO.Attributes {
        let identity = FileIdentity(device: 0, inode: path.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 })
        return switch node {
        case let .file(data, modified): FileIO.Attributes(kind: .file, size: data.count, modified: modified, identity: identity)
        case .folder: FileIO.Attributes(kind: .folder, identity: identity)
        case .link: FileIO.Attributes(kind: .link, identity: identity)
        }
    }

    private static func kind(_ node: Node) -> FileIO.Kind {
        switch node {
        case .file: .file
        case .folder: .folder
        case .link: .link
        }
    }

    private func locked<T>(_ work: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return work()
    }
}
