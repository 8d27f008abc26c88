import DaybookContent
import DaybookSite
import Foundation

/// A throwaway site folder: write content files, build, read the output.
struct TestSite {
    let root: URL

    init(_ files: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("content"), withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    var content: URL { root.appendingPathComponent("content") }
    var output: URL { root.appendingPathComponent("public") }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func options(today: String = "2026-11-23", visibility: Visibility = Visibility(), seed: UInt64? = 1) -> BuildOptions {
        BuildOptions(contentDirectory: content, outputDirectory: output, today: LocalDate(iso: today)!, seed: seed,
                     visibility: visibility, contentDisplayName: "content")
    }

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

    func read(_ path: String) -> String? {
        try? String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every file of the output, relative paths.
    func outputFiles() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: output.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: output.appendingPathComponent($0).path, isDirectory: &isDirectory)
            return !isDirectory.boolValue
        }.sorted()
    }

    /// Every file of the search index (manifest, term shards, chunks of documents), one after another.
    func searchIndex() -> String {
        outputFiles().filter { $0.hasPrefix("search/") && $0.hasSuffix(".js") }.compactMap(read).joined(separator: "\n")
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}
