/// A content file read into memory, with the paths it is known by.
public struct SourceFile: Sendable {
    /// Path shown in diagnostics, e.g. `content/diary/2026/2026-11-20.md`.
    public let displayPath: String
    /// Path below `content/`, e.g. `diary/2026/2026-11-20.md`; it makes the URL.
    public let relativePath: String
    public let text: String
    /// `relativePath` without its extension: `diary/2026/2026-11-20`.
    public let slugPath: String

    public init(displayPath: String, relativePath: String, text: String) {
        self.displayPath = displayPath
        self.relativePath = relativePath
        self.text = text
        if let dot = relativePath.lastIndex(of: "."), !relativePath[dot...].contains("/") {
            slugPath = String(relativePath[..<dot])
        } else {
            slugPath = relativePath
        }
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

}
