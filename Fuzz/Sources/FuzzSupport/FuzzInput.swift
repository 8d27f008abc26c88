import DaybookSite

/// Turns libFuzzer's bytes into a content file the way the loader reads one:
/// UTF-8 only (anything else is rejected before parsing), CRLF as LF.
public enum FuzzInput {
    public static func file(_ data: UnsafePointer<UInt8>?, _ size: Int, path: String) -> SourceFile? {
        let bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return SourceFile(displayPath: "content/\(path)", relativePath: path, text: text.replacing("\r\n", with: "\n"))
    }

    /// Forces every message to be formatted, as the command line does.
    public static func render(_ diagnostics: Diagnostics) {
        var length = 0
        for item in diagnostics.sorted { length &+= item.description.utf8.count }
        if length == -1 { print(length) }
    }
}
