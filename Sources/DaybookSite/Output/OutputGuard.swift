import DaybookContent
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A command line that would destroy the user's files: refused before
/// anything is read or written (exit code 2).
public struct UsageError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The output folder is replaced whole by every build, so it may not be
/// anything the user keeps: the content or theme folders, a folder around
/// them or inside them, the working folder (or one around it), a file, or
/// (without `--force`) a folder of files Daybook did not write.
enum OutputGuard {
    struct Paths {
        var output: String
        var content: String
        var themes: String
        var workingFolder: String
    }

    /// Checks the real (link-resolved) paths of a build.
    static func check(_ options: BuildOptions) throws {
        let paths = Paths(output: resolved(options.outputDirectory.path), content: resolved(options.contentDirectory.path),
                          themes: resolved(options.themesDirectory.path),
                          workingFolder: resolved(FileManager.default.currentDirectoryPath))
        let outputIsFile = options.io.attributes(options.outputDirectory.path).map { $0.kind != .folder } ?? false
        if let problem = problem(paths, outputIsFile: outputIsFile) {
            throw UsageError("refusing to use '\(options.outputDirectory.relativeToWorkingFolder)' as the output folder: \(problem); nothing was written")
        }
        if !options.replaceForeignOutput, !isReplaceable(options.outputDirectory, io: options.io) {
            throw UsageError("refusing to replace '\(options.outputDirectory.relativeToWorkingFolder)': it holds files that Daybook did not write "
                             + "(it has no \(marker)); nothing was written. Choose another --output, or build with --force to replace it whole")
        }
    }

    /// The file every build writes into its output, so that the next build
    /// knows the folder is its own to replace.
    static let marker = ".daybook-output"
    static let markerText = Array("Written by Daybook. The next build replaces this folder whole.\n".utf8)

    /// A folder a build may replace: missing, empty, holding the marker, or
    /// made by a Daybook from before the marker — an `index.html` beside a
    /// `feed.xml` whose generator is Daybook.
    static func isReplaceable(_ folder: URL, io: FileIO = .disk) -> Bool {
        guard let names = try? io.list(folder.path).map(\.name), !names.isEmpty else { return true }
        if names.contains(marker) { return true }
        guard names.contains("index.html"), names.contains(Routes.feed.filePath),
              let feed = try? io.read(folder.appendingPathComponent(Routes.feed.filePath).path) else { return false }
        // The generator follows the title and links, near the top.
        return String(decoding: feed.prefix(65536), as: UTF8.self).contains("<generator>Daybook</generator>")
    }

    /// A mistyped `--content` would otherwise build an empty site over the last one.
    static func checkContent(_ options: BuildOptions) throws {
        let folder = options.contentDirectory
        if let found = options.io.attributes(folder.path) {
            if found.kind == .folder { return }
            throw UsageError("the content folder '\(options.contentDisplayName)' is a file, not a folder")
        }
        let siblings = ((try? options.io.list(folder.deletingLastPathComponent().path)) ?? []).map(\.name)
        let hint = Suggestion.hint(for: folder.lastPathComponent, in: siblings.filter { !$0.hasPrefix(".") })
        throw UsageError("there is no content folder '\(options.contentDisplayName)'" + (hint.map { "; \($0)" } ?? ""))
    }

    /// Why the output may not be used, or nil. Pure: paths are already resolved.
    static func problem(_ paths: Paths, outputIsFile: Bool) -> String? {
        let output = paths.output
        if outputIsFile { return "it is a file, and a build replaces the output whole" }
        for (folder, name) in [(paths.content, "the content folder"), (paths.themes, "the themes folder")] {
            if output == folder { return "it is \(name)" }
            if isInside(folder, output) { return "it contains \(name)" }
            if isInside(output, folder) { return "it is inside \(name)" }
        }
        if output == paths.workingFolder { return "it is the working folder" }
        if isInside(paths.workingFolder, output) { return "it contains the working folder" }
        return nil
    }

    /// Whether `path` lies strictly below `folder`.
    static func isInside(_ path: String, _ folder: String) -> Bool {
        path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// The path with links resolved as far as it exists, the rest appended:
    /// an output that does not exist yet still compares with the others.
    static func resolved(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL.path
        var rest: [String] = []
        while true {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                return ([String(cString: real)] + rest.reversed()).joined(separator: "/").replacingOccurrences(of: "//", with: "/")
            }
            let url = URL(fileURLWithPath: existing)
            if existing == "/" || existing.isEmpty { return path }
            rest.append(url.lastPathComponent)
            existing = url.deletingLastPathComponent().path
        }
    }
}

extension URL {
    /// The path as short as it can be said from the working folder, for messages.
    var relativeToWorkingFolder: String {
        let cwd = FileManager.default.currentDirectoryPath
        let path = standardizedFileURL.path
        if path == cwd { return "." }
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }
}
