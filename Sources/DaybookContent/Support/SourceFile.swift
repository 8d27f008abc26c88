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
