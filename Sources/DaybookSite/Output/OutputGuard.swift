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
/// them or inside them, the working folder (or one around it), the home
/// folder (or one around it), a file, or a folder Daybook did not write. Its
/// marker file binds it to one site: `--force` replaces a Daybook output of
/// another site, never a folder Daybook did not write.
enum OutputGuard {
    struct Paths {
        var output: String
        var content: String
        var themes: String
        var workingFolder: String
        /// `$HOME` and the account's home folder, resolved.
        var homes: [String] = []
    }

    /// Who an existing output folder belongs to.
    enum Owner: Equatable {
        /// Missing, empty, or written by Daybook for this site.
        case thisSite
        /// Written by Daybook for another site, or by a Daybook from before
        /// the marker named its site.
        case otherSite
        /// Not written by Daybook.
        case foreign
    }

    /// Checks the real (link-resolved) paths of a build. Gives, when
    /// `--force` lets it replace another site's output, what that deletes.
    @discardableResult
    static func check(_ options: BuildOptions) throws -> String? {
        // The output is bound to the content folder: a mistyped one is said first.
        try checkContent(options)
        let paths = Paths(output: resolved(options.outputDirectory.path), content: resolved(options.contentDirectory.path),
                          themes: resolved(options.themesDirectory.path),
                          workingFolder: resolved(FileManager.default.currentDirectoryPath), homes: homes())
        let outputIsFile = options.io.attributes(options.outputDirectory.path).map { $0.kind != .folder } ?? false
        let shown = options.outputDirectory.relativeToWorkingFolder
        if let problem = problem(paths, outputIsFile: outputIsFile) {
            throw UsageError("refusing to use '\(shown)' as the output folder: \(problem); nothing was written")
        }
        switch owner(of: options.outputDirectory, site: siteID(options), io: options.io) {
        case .thisSite:
            return nil
        case .foreign:
            throw UsageError("refusing to replace '\(shown)': it holds files that Daybook did not write "
                             + "(it has no \(marker) of Daybook's), even with --force; nothing was written. "
                             + "Choose another --output, or move the folder away yourself")
        case .otherSite:
            let whose = "written by Daybook for another site (or moved since)"
            guard options.replaceForeignOutput else {
                throw UsageError("refusing to replace '\(shown)': it was \(whose); nothing was written. "
                                 + "Build with --force to replace it whole, or choose another --output")
            }
            let names = ((try? options.io.list(options.outputDirectory.path)) ?? []).map { $0.kind == .folder ? $0.name + "/" : $0.name }.sorted()
            let listed = names.prefix(12).joined(separator: ", ") + (names.count > 12 ? ", … (\(names.count) in all)" : "")
            return "replacing '\(shown)', \(whose): everything in it is deleted: \(listed)"
        }
    }

    /// The file every build writes into its output, so that the next build
    /// knows the folder is its own to replace.
    static let marker = ".daybook-output"
    static let markerFirstLine = "Written by Daybook. The next build replaces this folder whole."
    /// The marker of a site: it carries the site's fingerprint, so that a
    /// marker copied elsewhere, or another site's, does not make a folder this
    /// site's. The marker is published: it holds a hash, never the path.
    static func markerText(site: String) -> [UInt8] {
        Array("\(markerFirstLine)\nsite: \(site)\n".utf8)
    }

    /// What binds an output to its site: a fingerprint (FNV-1a, 64 bits) of
    /// the content folder's real path.
    static func siteID(_ options: BuildOptions) -> String {
        let path = options.io.resolve(options.contentDirectory.standardizedFileURL.path) ?? options.contentDirectory.standardizedFileURL.path
        let hash = path.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Who a folder belongs to: missing or empty is this site's; a marker
    /// with this site's fingerprint is; one with another is another site's; an older Daybook's output (its marker without a site, or no
    /// marker but a `feed.xml` whose generator is Daybook, beside an
    /// `index.html`) is this site's when its feed says Daybook, else another's;
    /// anything else is foreign.
    static func owner(of folder: URL, site: String, io: FileIO = .disk) -> Owner {
        guard let names = try? io.list(folder.path).map(\.name), !names.isEmpty else { return .thisSite }
        let hasPages = names.contains("index.html")
        if names.contains(marker), let text = try? io.read(folder.appendingPathComponent(marker).path) {
            let lines = String(decoding: text.prefix(65536), as: UTF8.self).split(separator: "\n").map(String.init)
            if lines.first == markerFirstLine {
                if let named = lines.first(where: { $0.hasPrefix("site: ") })?.dropFirst("site: ".count) {
                    return String(named) == site ? .thisSite : .otherSite
                }
                if hasPages { return hasDaybookFeed(folder, names: names, io: io) ? .thisSite : .otherSite }
            }
        }
        return hasPages && hasDaybookFeed(folder, names: names, io: io) ? .thisSite : .foreign
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
