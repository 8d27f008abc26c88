import Foundation

extension StringProtocol {
    /// Whether the text's UTF-8 holds `byte`: `memchr` over its storage
    /// rather than a generic walk of its UTF-8 view, which costs some
    /// thirty instructions a byte.
    func containsByte(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        } ?? utf8.contains(byte)
    }

    /// Calls `body` with the text's UTF-8 bytes in one buffer.
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }
}

extension String {
    /// The lines between "\n"s, as `split(separator: "\n", omittingEmptySubsequences: false)`
    /// gives them ("\r\n" is one Character there, no line break), found by
    /// `memchr`: cutting a 50 MB note into Characters took seconds.
    func lineFeedLines() -> [Substring] {
        let whole = Substring(self)
        var lines: [Substring] = []
        var start = whole.startIndex, from = start
        while let feed = whole.firstIndex(ofByte: UInt8(ascii: "\n"), from: from) {
            from = whole.utf8.index(after: feed)
            if feed > whole.startIndex, whole.utf8[whole.utf8.index(before: feed)] == UInt8(ascii: "\r") { continue }
            lines.append(whole[start..<feed])
            start = from
        }
        lines.append(whole[start...])
        return lines
    }

    /// The text without white space and line breaks at either end, as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives it, without
    /// copying the text through NSString when there is nothing to trim.
    var trimmedWhitespace: String {
        let scalars = unicodeScalars, spaces = CharacterSet.whitespacesAndNewlines
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, spaces.contains(scalars[start]) { scalars.formIndex(after: &start) }
        while end > start, spaces.contains(scalars[scalars.index(before: end)]) { scalars.formIndex(before: &end) }
        return start == scalars.startIndex && end == scalars.endIndex ? self : String(scalars[start..<end])
    }
}

extension Substring {
    /// Where the UTF-8 holds `byte` first at or after `start`: `memchr`
    /// over its storage (`containsByte`).
    func firstIndex(ofByte byte: UInt8, from start: Index) -> Index? {
        let rest = utf8[start...]
        let offset = rest.withContiguousStorageIfAvailable { buffer -> Int? in
            guard let base = buffer.baseAddress, let hit = memchr(base, Int32(byte), buffer.count) else { return nil }
            return UnsafeRawPointer(base).distance(to: hit)
        }
        guard let offset else { return rest.firstIndex(of: byte) }
        return offset.map { utf8.index(start, offsetBy: $0) }
    }
}
