/// A text file as the inbox merge edits it: its lines, each with the line
/// ending it was written with, its byte order mark and whether it ends with a
/// newline, so that every byte the merge does not change is written back as it
/// was. New lines take the ending most of the file's lines have.
public struct InboxText: Sendable, Equatable {
    public struct Line: Sendable, Equatable {
        public var text: String
        /// `"\n"`, `"\r\n"`, or `""` for a last line without one.
        public var ending: String
    }

    public private(set) var lines: [Line]
    let byteOrderMark: Bool
    let newline: String

    /// nil when the bytes are not UTF-8.
    public init?(_ bytes: [UInt8]) {
        var body = bytes[...]
        byteOrderMark = body.starts(with: [0xEF, 0xBB, 0xBF])
        if byteOrderMark { body = body.dropFirst(3) }
        guard let text = String(validating: body, as: UTF8.self) else { return nil }
        var lines: [Line] = []
        var pieces = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let last = pieces.removeLast()
        for piece in pieces {
            let crlf = piece.last == UInt8(ascii: "\r")
            lines.append(Line(text: String(decoding: crlf ? piece.dropLast() : piece, as: UTF8.self), ending: crlf ? "\r\n" : "\n"))
        }
        if !last.isEmpty { lines.append(Line(text: String(decoding: last, as: UTF8.self), ending: "")) }
        self.lines = lines
        newline = lines.filter { $0.ending == "\r\n" }.count * 2 > lines.filter { !$0.ending.isEmpty }.count ? "\r\n" : "\n"
    }

    public var bytes: [UInt8] {
        (byteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + Array(lines.map { $0.text + $0.ending }.joined().utf8)
    }

    public var count: Int { lines.count }
    public subscript(index: Int) -> String { lines[index].text }

    /// Inserts lines before `index`; after a last line without a newline, the
    /// file still ends without one.
    public mutating func insert(_ texts: [String], at index: Int) {
        guard !texts.isEmpty else { return }
        var new = texts.map { Line(text: $0, ending: newline) }
        if index == lines.count, let last = lines.last, last.ending.isEmpty {
            lines[lines.count - 1].ending = newline
            new[new.count - 1].ending = ""
        }
        lines.insert(contentsOf: new, at: index)
    }

    public mutating func replace(_ index: Int, with text: String) { lines[index].text = text }

    /// The index after the last line that holds more than spaces, from `start` up to `end`; `start` when there is none.
    func afterLastText(from start: Int, to end: Int) -> Int {
        (start..<end).last { !lines[$0].text.allSatisfy(\.isWhitespace) }.map { $0 + 1 } ?? start
    }

    /// Characters no inbox field may hold (C0 and C1 controls, DEL, the
    /// Unicode line and paragraph separators YAML reads as line breaks); tab
    /// and line breaks only where `allowingNewlines`.
    static func hasControlCharacter(_ text: String, allowingNewlines: Bool) -> Bool {
        text.unicodeScalars.contains { scalar in
            allowingNewlines && (scalar == "\n" || scalar == "\r" || scalar == "\t") ? false : isControl(scalar)
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
