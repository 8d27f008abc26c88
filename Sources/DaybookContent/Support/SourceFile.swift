/// A content file read into memory, with the paths it is known by.
public struct SourceFile: Sendable {
    /// Path shown in diagnostics, e.g. `content/diary/2026/2026-11-20.md`.
    public let displayPath: String
    /// Path below `content/`, e.g. `diary/2026/2026-11-20.md`; it makes the URL.
    public let relativePath: String
    public let text: String

    public init(displayPath: String, relativePath: String, text: String) {
        self.displayPath = displayPath
        self.relativePath = relativePath
        self.text = text
    }

    public func location(line: Int, column: Int = 1) -> SourceLocation {
        SourceLocation(path: displayPath, line: line, column: column)
    }

    /// File name without folders and without `.md` / `.yml`.
    public var baseName: String {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[..<dot])
    }

    /// `relativePath` without its extension: `diary/2026/2026-11-20`.
    public var slugPath: String {
        guard let dot = relativePath.lastIndex(of: "."), !relativePath[dot...].contains("/") else { return relativePath }
        return String(relativePath[..<dot])
    }
}

/// A Markdown file split into its YAML front matter and its body.
public struct FrontMatterDocument: Sendable {
    /// The YAML between the `---` fences, nil when the file has none.
    public let yaml: String?
    /// Line of the file where the YAML starts (the line after the first `---`).
    public let yamlFirstLine: Int
    public let body: String
    /// Line of the file where the body starts.
    public let bodyFirstLine: Int

    public init(text: String) {
        // A front matter block opens with `---` on the very first line.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        guard let first = lines.first, first.trimmingTrailingSpaces() == "---" else {
            yaml = nil
            yamlFirstLine = 1
            body = text
            bodyFirstLine = 1
            return
        }
        var closing: Int?
        for index in 1..<lines.count where lines[index].trimmingTrailingSpaces() == "---" || lines[index].trimmingTrailingSpaces() == "..." {
            closing = index
            break
        }
        guard let closing else {
            // An unclosed fence: treat everything as YAML so the user gets an error there.
            yaml = lines.dropFirst().joined(separator: "\n")
            yamlFirstLine = 2
            body = ""
            bodyFirstLine = lines.count + 1
            return
        }
        yaml = lines[1..<closing].joined(separator: "\n")
        yamlFirstLine = 2
        body = lines[(closing + 1)...].joined(separator: "\n")
        bodyFirstLine = closing + 2
    }
}

extension Substring {
    func trimmingTrailingSpaces() -> Substring {
        var end = endIndex
        while end > startIndex, let previous = Optional(index(before: end)), self[previous] == " " || self[previous] == "\t" || self[previous] == "\r" {
            end = previous
        }
        return self[startIndex..<end]
    }
}
