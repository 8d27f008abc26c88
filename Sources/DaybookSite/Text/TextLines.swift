/// A text file as lines, each with the ending it has, so that a program's
/// edit keeps what the person's editor wrote: the byte order mark, every
/// line's ending (LF, CRLF or a lone CR, as classic Mac editors write), and
/// whether the file ends with one. Lines added take the file's own ending.
struct TextLines: Sendable, Equatable {
    /// Whether the text opened with U+FEFF (kept, and not part of any line).
    var byteOrderMark: Bool
    /// The lines without their endings.
    private(set) var lines: [String]
    /// Each line's ending: "\n", "\r\n", "\r", or "" for a last line without one.
    private(set) var endings: [String]
    /// The ending added lines get: the file's most common one ("\n" when it has none).
    let newline: String

    init(_ text: String) {
        var rest = Substring(text)
        byteOrderMark = rest.unicodeScalars.first == "\u{FEFF}"
        if byteOrderMark { rest = Substring(rest.unicodeScalars.dropFirst()) }
        lines = []
        endings = []
        let bytes = Array(rest.utf8)
        var start = 0, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else { index += 1; continue }
            let crlf = byte == UInt8(ascii: "\r") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n")
            lines.append(String(decoding: bytes[start..<index], as: UTF8.self))
            endings.append(crlf ? "\r\n" : byte == UInt8(ascii: "\n") ? "\n" : "\r")
            index += crlf ? 2 : 1
            start = index
        }
        if start < bytes.count {
            lines.append(String(decoding: bytes[start...], as: UTF8.self))
            endings.append("")
        }
        let counts = Dictionary(endings.filter { !$0.isEmpty }.map { ($0, 1) }, uniquingKeysWith: +)
        // Ties go to the ending met first.
        newline = endings.first { !$0.isEmpty && counts[$0] == counts.values.max() } ?? "\n"
    }

    var text: String {
        (byteOrderMark ? "\u{FEFF}" : "") + zip(lines, endings).map { $0 + $1 }.joined()
    }

    var count: Int { lines.count }

    subscript(index: Int) -> String {
        get { lines[index] }
        set { lines[index] = newValue }
    }

    /// Inserts lines before `index` (at `count`: at the end). At the end of a
    /// file without a final line ending, the last line gets one so nothing is
    /// glued onto it, and the file still ends without one.
    mutating func insert(_ added: [String], at index: Int) {
        guard !added.isEmpty else { return }
        var addedEndings = Array(repeating: newline, count: added.count)
        if index == count, let last = endings.last, last.isEmpty {
            endings[count - 1] = newline
            addedEndings[added.count - 1] = ""
        }
        lines.insert(contentsOf: added, at: index)
        endings.insert(contentsOf: addedEndings, at: index)
    }

    mutating func append(_ added: [String]) { insert(added, at: count) }

    /// Removes the line at `index` with its ending; a file that ended without one still does.
    mutating func remove(at index: Int) {
        let ending = endings.remove(at: index)
        lines.remove(at: index)
        if ending.isEmpty, index == count, index > 0 { endings[index - 1] = "" }
    }

    /// The text as the parsers read a file: CRLF and lone CR line endings as LF
    /// (a lone CR ends a line in the editor that wrote it).
    static func lineFeeds(_ text: String) -> String {
        guard text.containsByte(UInt8(ascii: "\r")) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }
}
