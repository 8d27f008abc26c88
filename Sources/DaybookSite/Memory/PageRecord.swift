import Foundation

/// What `daybook build` keeps for the next one, in `.daybook-cache/` (never
/// in the output): each page's key (`PageKey`) and how its file was on disk
/// right after the build (size, time, inode), so that the next build neither
/// renders nor compares a page whose key and file are both as recorded.
/// Without a record, with a damaged one or one made by another Daybook
/// binary, into another output or with other themes' files or passphrase,
/// every page renders, as in a clean build. What `serve` keeps in memory
/// instead is `PageMemory`.
struct PageRecord: Sendable {
    /// What the record says of one file of the output.
    struct Entry: Sendable {
        /// The page's key when its file was made; nil for a page without one and a file that is not a page.
        let key: PageKey?
        let stamp: Stamp
        /// The digest the service worker names (`PrecacheDigests`), for a file the phone keeps.
        let precached: UInt64?
    }

    /// A file as the disk describes it: a file written again, or edited by
    /// hand, has another time or inode (or size).
    struct Stamp: Equatable, Sendable {
        let size: Int
        let modified: Double
        let device, inode: UInt64
    }

    /// Output path → what was recorded.
    let entries: [String: Entry]

    /// Where the record of a build into `options`' output is, and what the
    /// build must share with the one that wrote it; nil when the running
    /// binary cannot be told from another (then nothing is recorded).
    struct Place: Sendable {
        let path: String
        let build: Int

        init?(_ options: BuildOptions, _ plan: SitePlan) {
            guard let executable = Bundle.main.executablePath, let binary = Stamp(FileIO.disk.attributes(executable)) else { return nil }
            // Named alike before the first build made it and after: its folder's links resolved.
            let given = options.outputDirectory.standardizedFileURL
            let folder = given.deletingLastPathComponent().path
            let output = (options.io.resolve(folder) ?? folder) + "/" + given.lastPathComponent
            var hasher = StableHasher()
            hasher.combine(text: Self.format)
            hasher.combine(text: output)
            // Another binary renders otherwise: a new Daybook, or the same one built again.
            hasher.combine(text: executable)
            hasher.combine(binary.size)
            hasher.combine(binary.modified)
            hasher.combine(binary.inode)
            hasher.combine(plan.site.sharedKey)
            hasher.combine(plan.site.features.count)
            for feature in plan.site.features { hasher.combine(text: _typeName(type(of: feature))) }
            for asset in plan.themeAssets { hasher.combine(text: asset.path) }
            // The encrypted part's salt and passphrase check: pages that link it are keyed without them.
            hasher.combine(plan.site.sealed != nil)
            if let sealed = plan.site.sealed {
                hasher.combine(sealed.iterations)
                for bytes in [sealed.salt, sealed.check] {
                    hasher.combine(bytes.count)
                    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
                }
            }
            build = hasher.finalize()
            var name = StableHasher()
            name.combine(text: output)
            path = options.cacheDirectory.appendingPathComponent("pages-" + String(UInt(bitPattern: name.finalize()), radix: 16)).path
        }

        static let format = "daybook page record 1"
    }

    /// The record of the last build into this output, when it was made by
    /// the same binary with the same options and is whole.
    init?(at place: Place, io: FileIO) {
        guard let data = try? io.read(place.path), let entries = Self.decode(Array(data), build: place.build) else { return nil }
        self.entries = entries
    }

    init(entries: [String: Entry]) { self.entries = entries }

    /// The pages whose key or file is not as recorded, by index in the plan;
    /// and the stamps of the files kept, found as they are checked (on all
    /// cores: a `stat` each). A kept page the phone keeps is noted with its
    /// recorded digest (`PrecacheDigests`), or made again when it has none.
    func stalePages(_ plan: SitePlan, keys: [PageKey?], output: String, io: FileIO) -> (stale: [Int], kept: [String: Stamp]) {
        let precached = Set(plan.precached.files.map(\.filePath))
        let checked = Array(plan.pages.indices).parallelMap { index -> Stamp? in
            let path = plan.paths[index]
            guard let key = keys[index], let entry = entries[path], entry.key == key,
                  let stamp = Stamp(io.linkAttributes(output + "/" + path)), stamp == entry.stamp else { return nil }
            if precached.contains(path) {
                guard let digest = entry.precached else { return nil }
                plan.precached.note(path, digest: digest)
            }
            return stamp
        }
        var stale: [Int] = [], kept: [String: Stamp] = [:]
        kept.reserveCapacity(checked.count)
        for (index, stamp) in checked.enumerated() {
            if let stamp { kept[plan.paths[index]] = stamp } else { stale.append(index) }
        }
        return (stale, kept)
    }

    /// The record of a build that succeeded: every file's key and stamp
    /// (those kept as checked, the others from the disk now).
    static func made(_ plan: SitePlan, keys: [PageKey?], kept: [String: Stamp], output: String, io: FileIO) -> PageRecord {
        let digests = plan.precached.digests
        let made = Array(plan.paths.indices).parallelMap { index -> (String, Entry)? in
            let path = plan.paths[index]
            guard let stamp = kept[path] ?? Stamp(io.linkAttributes(output + "/" + path)) else { return nil }
            return (path, Entry(key: index < keys.count ? keys[index] : nil, stamp: stamp, precached: digests[path]))
        }
        return PageRecord(entries: Dictionary(made.compactMap { $0 }, uniquingKeysWith: { first, _ in first }))
    }

    /// Writes the record, or (when the cache cannot be written) removes the
    /// last one: a record is only ever a way to do less work.
    func save(at place: Place, io: FileIO) {
        do throws(FileIOError) {
            try io.createFolders((place.path as NSString).deletingLastPathComponent)
            try io.replace(place.path, with: encoded(build: place.build))
        } catch {
            try? io.remove(place.path)
        }
    }

    // The file: the format's name, the build it belongs to, the entries, and a hash of all before it.

    func encoded(build: Int) -> [UInt8] {
        var bytes = Array((Self.Place.format + "\n").utf8)
        func put(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        put(UInt64(bitPattern: Int64(build)))
        put(UInt64(entries.count))
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            put(UInt64(path.utf8.count))
            bytes.append(contentsOf: path.utf8)
            put((entry.key != nil ? 1 : 0) | (entry.precached != nil ? 2 : 0))
            put(UInt64(bitPattern: Int64(entry.key?.value ?? 0)))
            put(entry.precached ?? 0)
            put(UInt64(entry.stamp.size))
            put(entry.stamp.modified.bitPattern)
            put(entry.stamp.device)
            put(entry.stamp.inode)
        }
        put(UInt64(bitPattern: Int64(Self.checksum(bytes))))
        return bytes
    }

    static func decode(_ bytes: [UInt8], build: Int) -> [String: Entry]? {
        let header = Array((Place.format + "\n").utf8)
        guard bytes.count >= header.count + 24, bytes.starts(with: header) else { return nil }
        var offset = header.count
        func take() -> UInt64? {
            guard offset + 8 <= bytes.count else { return nil }
            defer { offset += 8 }
            return bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        }
        let body = bytes.count - 8
        guard Self.checksum(Array(bytes[..<body])) == Int(bitPattern: UInt(bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: body, as: UInt64.self)) })),
              let recorded = take(), Int(bitPattern: UInt(recorded)) == build, let count = take(), count <= body else { return nil }
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let length = take(), length <= body - offset else { return nil }
            let path = String(decoding: bytes[offset..<offset + Int(length)], as: UTF8.self)
            offset += Int(length)
            guard let flags = take(), let key = take(), let precached = take(), let size = take(), let modified = take(),
                  let device = take(), let inode = take(), offset <= body else { return nil }
            entries[path] = Entry(key: flags & 1 != 0 ? PageKey(Int(bitPattern: UInt(key))) : nil,
                                  stamp: Stamp(size: Int(size), modified: Double(bitPattern: modified), device: device, inode: inode),
                                  precached: flags & 2 != 0 ? precached : nil)
        }
        return offset == body ? entries : nil
    }

    private static func checksum(_ bytes: [UInt8]) -> Int {
        var hasher = StableHasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }
}

extension PageRecord.Stamp {
    /// A file's stamp; nil for anything but a file.
    init?(_ attributes: FileIO.Attributes?) {
        guard let attributes, attributes.kind == .file, let identity = attributes.identity else { return nil }
        self.init(size: attributes.size, modified: attributes.modified, device: identity.device, inode: identity.inode)
    }
}
