/// A content file read into memory, with the paths it is known by.
public struct SourceFile: Sendable {
    /// Path shown in diagnostics, e.g. `content/diary/2026/2026-11-20.md`.
    public let displayPath: String
    /// Path below `content/`, e.g. `diary/2026/2026-11-20.md`; it makes the URL.
    public let relativePath: String
    public let text: String
    /// `relativePath` without its extension: `diary/2026/2026-11-20`.
    public let slugPath: String
    let lineStarts: LineStarts

    public init(displayPath: String, relativePath: String, text: String) {
        self.displayPath = displayPath
        self.relativePath = relativePath
        self.text = text
        lineStarts = LineStarts(text)
        if let dot = relativePath.lastIndex(of: "."), !relativePath[dot...].contains("/") {
            slugPath = String(relativePath[..<dot])
        } else {
            slugPath = relativePath
        }
    }

    /// `column` counts characters (grapheme clusters), as the parsers do;
    /// the location counts UTF-8 bytes (see `LineStarts`).
    public func location(line: Int, column: Int = 1) -> SourceLocation {
        SourceLocation(path: displayPath, line: line, column: lineStarts.byteColumn(line: line, column: column, unit: .characters, in: text))
    }

    /// File name without folders and without `.md` / `.yml`.
    public var baseName: String {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[..<dot])
    }

}

/// A Markdown file split into its YAML front matter and its body.
public struct FrontMatterDocument: Sendable {
    /// Splits `file` and reads its front matter, rejecting keys not in `known`.
    public static func read(_ file: SourceFile, known: [String], into diagnostics: inout Diagnostics) -> (FrontMatterDocument, YAMLFields?) {
        let document = FrontMatterDocument(text: file.text)
        guard let yaml = document.yaml else { return (document, nil) }
        let root = YAMLValue.parse(yaml, file: file, firstLine: document.yamlFirstLine, into: &diagnostics)
        return (document, root?.fields("front matter", known: known, into: &diagnostics))
    }

    /// The YAML between the `---` fences, nil when the file has none.
    public let yaml: String?
    /// Line of the file where the YAML starts (the line after the first `---`).
    public let yamlFirstLine: Int
    public let body: String
    /// Line of the file where the body starts.
    public let bodyFirstLine: Int

    public init(text: String) {
        // A front matter block opens with `---` on the very first line. Only
        // the fence lines are looked for; the body is not split into lines.
        var text = Substring(text)
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        var lines = LineCursor(text)
        guard let first = lines.next(), first.trimmingTrailingSpaces() == "---" else {
            yaml = nil
            yamlFirstLine = 1
            body = String(text)
            bodyFirstLine = 1
            return
        }
        let yamlStart = lines.position
        var lineNumber = 1
        while let line = lines.next() {
            lineNumber += 1
            let trimmed = line.trimmingTrailingSpaces()
            if trimmed == "---" || trimmed == "..." {
                yaml = String(text[yamlStart..<line.startIndex])
                yamlFirstLine = 2
                body = String(text[lines.position...])
                bodyFirstLine = lineNumber + 1
                return
            }
        }
        // An unclosed fence: everything is YAML, so the user gets an error there.
        yaml = String(text[yamlStart...])
        yamlFirstLine = 2
        body = ""
        bodyFirstLine = lineNumber + 1
    }
}

/// Lines of a text one at a time, without splitting all of it.
struct LineCursor {
    let text: Substring
    private(set) var position: Substring.Index

    init(_ text: Substring) {
        self.text = text
        position = text.startIndex
    }

    mutating func next() -> Substring? {
        guard position < text.endIndex else { return nil }
        let end = text[position...].firstIndex(of: "\n") ?? text.endIndex
        let line = text[position..<end]
        position = end < text.endIndex ? text.index(after: end) : end
        return line
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
