/// A content file read into memory, with the paths it is known by.
public struct SourceFile: Sendable {
    /// Path shown in diagnostics, e.g. `content/diary/2026/2026-11-20.md`.
    public var displayPath: String { storage.displayPath }
    /// Path below `content/`, e.g. `diary/2026/2026-11-20.md`; it makes the URL.
    var relativePath: String { storage.relativePath }
    public var text: String { storage.text }
    /// `relativePath` without its extension: `diary/2026/2026-11-20`.
    var slugPath: String { storage.slugPath }
    var lineStarts: LineStarts { storage.lineStarts }
    /// Held once: every value read from a file (entry, YAML node, location)
    /// keeps its file, and a copy then costs one retain, not one per text.
    private let storage: Storage

    private final class Storage: Sendable {
        let displayPath: String
        let relativePath: String
        let text: String
        let slugPath: String
        let lineStarts: LineStarts

        init(displayPath: String, relativePath: String, text: String, slugPath: String, lineStarts: LineStarts) {
            self.displayPath = displayPath
            self.relativePath = relativePath
            self.text = text
            self.slugPath = slugPath
            self.lineStarts = lineStarts
        }
    }

    public init(displayPath: String, relativePath: String, text: String) {
        let slugPath: String
        if let dot = relativePath.lastIndex(of: "."), !relativePath[dot...].contains("/") {
            slugPath = String(relativePath[..<dot])
        } else {
            slugPath = relativePath
        }
        storage = Storage(displayPath: displayPath, relativePath: relativePath, text: text, slugPath: slugPath, lineStarts: LineStarts(text))
    }

    /// Whether both are one read of a file (copies of one value): then their paths and texts are the same.
    func isSameRead(as other: SourceFile) -> Bool { storage === other.storage }

    /// `column` counts characters (grapheme clusters), as the parsers do;
    /// the location counts UTF-8 bytes (see `LineStarts`).
    func location(line: Int, column: Int = 1) -> SourceLocation {
        SourceLocation(path: displayPath, line: line, column: lineStarts.byteColumn(line: line, column: column, unit: .characters, in: text))
    }

    /// A location whose column already counts UTF-8 bytes (cmark's columns, and those found in a line's bytes).
    func location(line: Int, byteColumn: Int) -> SourceLocation {
        SourceLocation(path: displayPath, line: line, column: byteColumn)
    }

    /// File name without folders and without `.md` / `.yml`.
    var baseName: String {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[..<dot])
    }

}
