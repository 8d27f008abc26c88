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

/// The output folder is Daybook's to update: it may not be anything the user
/// keeps: the content or theme folders, a folder around them or inside them,
/// the working folder (or one around it), the home folder (or one around it),
/// a file, or a folder Daybook did not write. Daybook's marker file says that
/// a folder is its output, wherever the site was built, moved or cloned.
enum OutputGuard {
    struct Paths {
        var output: String
        var content: String
        var themes: String
        var workingFolder: String
        /// `$HOME` and the account's home folder, resolved.
        var homes: [String] = []
    }

    /// Checks the real (link-resolved) paths of a build.
    static func check(_ options: BuildOptions) throws {
        try checkContent(options)
        let paths = Paths(output: resolved(options.outputDirectory.path), content: resolved(options.contentDirectory.path),
                          themes: resolved(options.themesDirectory.path),
                          workingFolder: resolved(FileManager.default.currentDirectoryPath), homes: homes())
        let outputIsFile = options.io.attributes(options.outputDirectory.path).map { $0.kind != .folder } ?? false
        let shown = options.outputDirectory.relativeToWorkingFolder
        if let problem = problem(paths, outputIsFile: outputIsFile) {
            throw UsageError("refusing to use '\(shown)' as the output folder: \(problem); nothing was written")
        }
        guard isDaybooks(options.outputDirectory, io: options.io) else {
            throw UsageError("refusing to replace '\(shown)': it holds files that Daybook did not write "
                             + "(it has no \(marker) of Daybook's), even with --force; nothing was written. "
                             + "Choose another --output, or move the folder away yourself")
        }
    }

    /// The file every build writes into its output, so that the next build
    /// knows the folder is its own. It is published, and says nothing of the
    /// site or of where it was built.
    static let marker = ".daybook-output"
    static let markerFirstLine = "Written by Daybook. The next build updates this folder in place."
    /// What earlier versions wrote as the first line (followed by a line naming their site).
    static let olderFirstLine = "Written by Daybook. The next build replaces this folder whole."
    /// The second line of the marker while a build replaces files (`OutputUpdate`).
    static let unfinishedMark = "unfinished: a build was interrupted while writing; the next build finishes it."

    static func markerText(unfinished: Bool = false) -> [UInt8] {
        Array((markerFirstLine + "\n" + (unfinished ? unfinishedMark + "\n" : "")).utf8)
    }

    /// Whether a folder is Daybook's output: missing or empty; with
    /// Daybook's marker (an older Daybook's names its site on the second
    /// line); or an older Daybook's output without it (a `feed.xml` whose
    /// generator is Daybook, beside an `index.html`).
    static func isDaybooks(_ folder: URL, io: FileIO = .disk) -> Bool {
        guard io.exists(folder.path) else { return true }
        // A file, or a folder that cannot be listed, is not known to be Daybook's: refused.
        guard let names = try? io.list(folder.path).map(\.name) else { return false }
        if names.isEmpty { return true }
        if names.contains(marker), let text = try? io.read(folder.appendingPathComponent(marker).path) {
            let lines = String(decoding: text.prefix(400), as: UTF8.self).split(separator: "\n")
            if lines.first == Substring(markerFirstLine) { return true }
            if lines.first == Substring(olderFirstLine), lines.dropFirst().first?.hasPrefix("site: ") == true { return true }
        }
        return names.contains("index.html") && hasDaybookFeed(folder, names: names, io: io)
    }

    private static func hasDaybookFeed(_ folder: URL, names: [String], io: FileIO) -> Bool {
        guard names.contains(Routes.feed.filePath), let feed = try? io.read(folder.appendingPathComponent(Routes.feed.filePath).path) else { return false }
        // The generator follows the title and links, near the top.
        return String(decoding: feed.prefix(65536), as: UTF8.self).contains("<generator>Daybook</generator>")
    }

    /// `$HOME` and the account's own home (`getpwuid`), which can differ.
    static func homes() -> [String] {
        var found: [String] = []
        if let home = ProcessInfo.processInfo.environment["HOME"], home.hasPrefix("/") { found.append(resolved(home)) }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir { found.append(resolved(String(cString: directory))) }
        return found
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
        if output == "/" { return "it is the root folder" }
        for home in paths.homes {
            if output == home { return "it is the home folder" }
            if isInside(home, output) { return "it contains the home folder" }
        }
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
