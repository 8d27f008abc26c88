@testable import DaybookSite
import Foundation
import ZIPFoundation

/// A throwaway site: write content files, build, read the output. It lives
/// in memory unless a test needs the disk itself (links, permissions, the
/// staging folders beside `public/`, photos resized by libvips, importers).
struct TestSite {
    let root: URL
    /// The files of an in-memory site; nil for a site in a temporary folder.
    let memory: MemoryFiles?
    /// What its builds are made of: the registry, or with a test's own kind (`ReadingLogKindTests`).
    var features = SiteFeatures.all
    /// The passphrase its builds are given (`private: { publish: encrypted }`); nil: none.
    var passphrase: String?

    init(_ files: [String: String] = [:], onDisk: Bool = false) throws {
        let name = "daybook-test-\(UUID().uuidString)"
        if onDisk {
            root = FileManager.default.temporaryDirectory.appendingPathComponent(name)
            memory = nil
        } else {
            root = URL(fileURLWithPath: "/memory/\(name)")
            memory = MemoryFiles()
        }
        try io.createFolders(content.path)
        for (path, text) in files { try write(path, text) }
    }

    var io: FileIO { memory?.io ?? .disk }
    var content: URL { root.appendingPathComponent("content") }
    var output: URL { root.appendingPathComponent("public") }

    func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    func write(_ path: String, _ data: Data) throws {
        let url = root.appendingPathComponent(path)
        try io.createFolders(url.deletingLastPathComponent().path)
        try io.write(url.path, Array(data))
    }

    func options(today: String = "2026-11-23", visibility: Visibility = Visibility(), seed: UInt64? = 1) -> BuildOptions {
        var options = BuildOptions(contentDirectory: content, outputDirectory: output, today: LocalDate(iso: today)!, seed: seed,
                                   visibility: visibility, contentDisplayName: "content", io: io)
        options.features = features
        let passphrase = passphrase
        options.passphrase = { passphrase }
        return options
    }

    /// The check an import runs before writing, as `daybook import` runs it.
    var verify: ImportVerification { ImportCheck.verifier(options()) }

    @discardableResult
    func build(today: String = "2026-11-23", visibility: Visibility = Visibility()) throws -> BuildSummary {
        try SiteBuilder.build(options(today: today, visibility: visibility))
    }

    /// The diagnostics of a build that must fail.
    func failingBuild() -> [Diagnostic] {
        do {
            try build()
            return []
        } catch let errors as ContentErrors {
            return errors.diagnostics
        } catch {
            return [Diagnostic(SourceLocation(path: "?"), "\(error)")]
        }
    }

    /// An output file's bytes.
    func data(_ path: String) -> Data? {
        try? io.read(output.appendingPathComponent(path).path)
    }

    func read(_ path: String) -> String? {
        data(path).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// Any file as text to search for what must not be there, the deflated
    /// texts of the search index's chunks of documents inflated.
    func text(_ path: String) -> String {
        let text = String(decoding: data(path) ?? Data(), as: UTF8.self)
        guard path.hasPrefix("search/docs/"), text.hasSuffix("\");\n"), let start = text.range(of: ", \"", options: .backwards),
              let bytes = Z85.read(String(text[start.upperBound...].dropLast(4))), !bytes.isEmpty else { return text }
        let packed = Data(bytes)
        var texts = Data()
        // One read of exactly the packed bytes: zlib is told the whole buffer is there.
        _ = try? Data.decompress(size: Int64(packed.count), bufferSize: packed.count, skipCRC32: true,
                                 provider: { _, _ in packed },
                                 consumer: { texts.append($0) })
        return text[..<start.lowerBound] + ", " + String(decoding: texts, as: UTF8.self) + ");\n"
    }

    /// Whether a path below the output names a file or folder (`..` resolved).
    func outputHas(_ path: String) -> Bool {
        io.exists(output.appendingPathComponent(path).standardizedFileURL.path)
    }

    /// Every file of the output, relative paths.
    func outputFiles() -> [String] {
        if let memory { return memory.files(under: output.path) }
        guard let walker = FileManager.default.enumerator(atPath: output.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: output.appendingPathComponent($0).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    /// Every file of the search index (manifest, term shards, chunks of documents), one after another, as `text` reads them.
    func searchIndex() -> String {
        outputFiles().filter { $0.hasPrefix("search/") && $0.hasSuffix(".js") }.map(text).joined(separator: "\n")
    }

    /// The names beside `content/` and `public/`, but the cache a build keeps there (`.daybook-cache/`).
    func rootNames() throws -> [String] {
        try io.list(root.path).map(\.name).filter { $0 != ".daybook-cache" }.sorted()
    }

    func remove() {
        if memory == nil { try? FileManager.default.removeItem(at: root) }
    }
}

extension Z85 {
    /// As the page reads Z85 (`fromZ85` in daybook.js): a short last group
    /// padded with the highest digit. nil if a character is no digit.
    static func read(_ text: String) -> [UInt8]? {
        var values: [UInt64] = []
        for character in text.utf8 {
            guard let digit = digits.firstIndex(of: character) else { return nil }
            values.append(UInt64(digit))
        }
        var bytes: [UInt8] = []
        for start in stride(from: 0, to: values.count, by: 5) {
            let group = values[start..<min(start + 5, values.count)]
            let value = (group + Array(repeating: 84, count: 5 - group.count)).reduce(0) { $0 * 85 + $1 }
            bytes += [24, 16, 8, 0].prefix(group.count - 1).map { UInt8(truncatingIfNeeded: value >> $0) }
        }
        return bytes
    }
}
