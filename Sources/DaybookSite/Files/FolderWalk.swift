import Foundation

/// Lists and checks files below one root folder (`content/`, `themes/`)
/// without ever leaving it: a symbolic link whose target lies outside the
/// root is an error at the link, so a link like `pages/passwd.txt ->
/// /etc/passwd` can never be published. Links inside the root are followed
/// for files; linked folders are not (a link to a parent would loop).
public struct FolderWalk: Sendable {
    /// The root as given, standardized.
    let root: String
    /// The root with every link resolved: what "inside" is measured against.
    let realRoot: String
    /// How the root is named in messages (`content`, `themes`).
    let displayRoot: String
    let io: FileIO

    public init(root: URL, displayRoot: String, io: FileIO = .disk) {
        self.root = root.standardizedFileURL.path
        self.realRoot = io.resolve(root.standardizedFileURL.path) ?? root.standardizedFileURL.path
        self.displayRoot = displayRoot
        self.io = io
    }

    public func display(_ relative: String) -> String { displayRoot.isEmpty ? relative : "\(displayRoot)/\(relative)" }

    func isInside(_ realPath: String) -> Bool {
        realPath.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
    }

    /// Whether `relative` exists, followed through any links, inside the root.
    /// A path that leads outside is reported as an error at that path.
    func existsInside(_ relative: String, into diagnostics: inout Diagnostics) -> Bool {
        let path = root + "/" + relative
        guard let real = io.resolve(path) else {
            if io.exists(path) {
                diagnostics.warning(SourceLocation(path: display(relative)), "broken symbolic link (its target is missing or it loops); not read")
            }
            return false
        }
        guard isInside(real) else {
            diagnostics.error(SourceLocation(path: display(relative)), "symbolic link leads outside \(displayRoot)/ (to \(real)); nothing outside it is read",
                              hint: "copy the file into \(displayRoot)/ instead of linking to it")
            return false
        }
        return true
    }

    /// The real file at `relative`, every link resolved, relative to the
    /// root; nil when it dangles or lies outside.
    func realRelative(_ relative: String) -> String? {
        guard let real = io.resolve(root + "/" + relative), isInside(real) else { return nil }
        return String(real.dropFirst(realRoot == "/" ? 1 : realRoot.count + 1))
    }

    /// Relative paths of regular files below `folder` (relative to the
    /// root), sorted, skipping hidden ones. Links that leave the root are
    /// errors; broken links and folders that cannot be read are warnings.
    public func files(under folder: String, recursive: Bool = true, into diagnostics: inout Diagnostics) -> [String] {
        let start = folder.isEmpty ? root : root + "/" + folder
        guard let kind = io.linkAttributes(start)?.kind else { return [] }
        // The root itself may be a link: `realRoot` is where it leads.
        if kind == .link, !folder.isEmpty {
            guard existsInside(folder, into: &diagnostics) else { return [] }
        }
        var result: [String] = []
        walk(start, relative: folder, recursive: recursive, into: &result, diagnostics: &diagnostics)
        return Self.withoutNormalizationTwins(result.sorted(), display: display, into: &diagnostics)
    }

    /// macOS writes names decomposed (NFD), most tools composed (NFC): two
    /// files whose names differ only so are one name to a reader and to the
    /// site, so the second is an error naming both. (Swift compares strings
    /// by canonical equivalence, which is exactly this sameness.)
    /// - Parameter paths: sorted, so that twins are neighbours: a comparison
    ///   with the path kept last, not a table of 100,000 names.
    static func withoutNormalizationTwins(_ paths: [String], display: (String) -> String, into diagnostics: inout Diagnostics) -> [String] {
        var kept: [String] = []
        kept.reserveCapacity(paths.count)
        for path in paths {
            if let first = kept.last, first == path {
                diagnostics.error(SourceLocation(path: display(path)),
                                  "'\(display(path))' and '\(display(first))' have the same name, written once composed (NFC) and once decomposed (NFD)",
                                  hint: "keep one of the two files")
                continue
            }
            kept.append(path)
        }
        return kept
    }

    /// Paths are compared and published composed (NFC), as the web expects.
    public static func normalized(_ path: String) -> String {
        // ASCII is its own NFC form; most paths are ASCII, and Foundation's mapping costs 20,000 instructions a path.
        path.utf8.allSatisfy { $0 < 0x80 } ? path : path.precomposedStringWithCanonicalMapping
    }

    /// A FIFO, socket or device would block a read forever or never end.
    static let notRegular = "not a regular file (a pipe, socket or device); nothing is read from it"
    static let notRegularHint = "remove it, or put the file itself here"

    /// The kinds come with the listing (readdir), so a large diary's tens of
    /// thousands of files are not asked for their attributes one by one.
    private func walk(_ path: String, relative: String, recursive: Bool, into result: inout [String], diagnostics: inout Diagnostics) {
        let entries: [FileIO.Entry]
        do { entries = try io.list(path) } catch {
            diagnostics.warning(SourceLocation(path: display(relative)), "cannot read folder: \(error.reason); its files are not read")
            return
        }
        for entry in entries {
            let name = entry.name
            guard !name.hasPrefix(".") else { continue }
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            // Such a name would reach titles, feeds and URLs.
            if name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
                diagnostics.warning(SourceLocation(path: display(childRelative.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined())),
                                    "the name contains a control character; not read", hint: "rename it")
                continue
            }
            guard var kind = entry.kind ?? io.linkAttributes(path + "/" + name)?.kind else { continue }
            if kind == .link {
                guard existsInside(childRelative, into: &diagnostics), let target = io.attributes(path + "/" + name)?.kind else { continue }
                kind = target
                if kind == .folder {
                    diagnostics.warning(SourceLocation(path: display(childRelative)), "linked folder is not followed; its files are not read",
                                        hint: "move the folder here instead of linking to it")
                    continue
                }
            }
            if kind == .file {
                result.append(childRelative)
            } else if kind == .folder, recursive {
                walk(path + "/" + name, relative: childRelative, recursive: true, into: &result, diagnostics: &diagnostics)
            } else if kind == .other {
                diagnostics.error(SourceLocation(path: display(childRelative)), FolderWalk.notRegular, hint: FolderWalk.notRegularHint)
            }
        }
    }
}

/// Which files are Markdown: by extension, in any case (`.md`, `.MD`,
/// `.markdown`, `.Markdown`). A Markdown file is always read as content and
/// never copied out as an asset, so a private `secret.MD` cannot leak verbatim.
public enum MarkdownName {
    static let extensions: Set<String> = ["md", "markdown", "mdown", "mkd", "mkdn"]

    public static func isMarkdown(_ path: String) -> Bool {
        // An ASCII path by its bytes, without a String made: two checks of each of a large diary's 100,000 names.
        let bytes = path.utf8
        if bytes.allSatisfy({ $0 < 0x80 }) {
            guard let dot = bytes.lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "/") }),
                  bytes[dot] == UInt8(ascii: ".") else { return false }
            let suffix = bytes[bytes.index(after: dot)...]
            return asciiExtensions.contains { $0.elementsEqual(suffix.lazy.map { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) }) }
        }
        // By bytes: Foundation's substring search costs more than the whole check (10,000 names a build).
        guard let dot = path.lastIndex(of: "."), !path[dot...].utf8.contains(UInt8(ascii: "/")) else { return false }
        return extensions.contains(path[path.index(after: dot)...].lowercased())
    }

    private static let asciiExtensions = extensions.map { Array($0.utf8) }

    /// The extensions read, as a message lists them.
    static let read = ".md, .markdown, .mdown, .mkd, .mkdn"

    /// Other names Markdown goes by (MDX, R Markdown, Quarto, ikiwiki's `.mdwn`…): text a person wrote that
    /// Daybook does not read, so it is said, and never published as a file beside the pages.
    static let lookalikes: Set<String> = ["mdx", "mdwn", "markdn", "mdtext", "mdtxt", "mkdown", "rmd", "qmd", "mdoc"]

    static func isLookalike(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return lookalikes.contains(path[path.index(after: dot)...].lowercased())
    }

    /// The warning for a lookalike: the file, and what the folder reads.
    static func notRead(_ path: String, in folder: String) -> String {
        let ext = path[path.index(after: path.lastIndex(of: ".")!)...]
        return "a .\(ext) file is not read: Daybook reads \(read) files in \(folder); this one is neither built nor published"
    }
}
