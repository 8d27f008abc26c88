/// Plain text (for the search index, snippets and feeds) by UTF-8 bytes,
/// without decoding it into Characters: every entry's text goes through here.
enum PlainText {
    /// The first `limit` Characters of `text`, as `String(text.prefix(limit))`.
    ///
    /// Splitting into Characters costs more than the parse on long text, so
    /// the common scalars are counted one by one: between two of them (ASCII,
    /// Latin-1 letters, Hangul syllables, kana, CJK ideographs, typographic
    /// punctuation) Unicode always breaks, and after one of them the break
    /// rules look no further back. From the first other scalar on, Swift counts.
    static func prefix(_ text: String, characters limit: Int) -> String {
        var text = text
        return text.withUTF8 { prefix($0, characters: limit) }
    }

    /// The first `length` Characters of a plain text, and "…" when there is more: a snippet.
    static func firstLines(_ text: String, _ length: Int) -> String {
        let start = prefix(text, characters: length)
        // Shorter than the text: there is more. By bytes, as counting its Characters again cost more than the cut.
        return start.utf8.count < text.utf8.count ? start + "…" : start
    }

    /// The same of valid UTF-8.
    static func prefix(_ bytes: UnsafeBufferPointer<UInt8>, characters limit: Int) -> String {
        var index = 0, count = 0
        var scalar = bytes.isEmpty ? nil : Self.scalar(bytes, at: 0)
        // Each Character counted so far is one scalar of `isCounted`, and so is the one at `index`.
        guard let first = scalar, isCounted(first.value) else { return String(String(decoding: bytes, as: UTF8.self).prefix(limit)) }
        while count < limit, let current = scalar {
            let next = index + current.length
            scalar = next < bytes.count ? Self.scalar(bytes, at: next) : nil
            if let following = scalar, !isCounted(following.value) {
                // The Character at `index` may go on: Swift counts from there.
                let rest = String(decoding: UnsafeBufferPointer(rebasing: bytes[index...]), as: UTF8.self)
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<index]), as: UTF8.self) + String(rest.prefix(limit - count))
            }
            index = next
            count += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<index]), as: UTF8.self)
    }

    /// Scalars that are a Character alone beside one another, and after
    /// which no break rule looks back (none is Extend, ZWJ, SpacingMark,
    /// Prepend, a jamo, a regional indicator, an emoji, CR or LF).
    static func isCounted(_ scalar: UInt32) -> Bool {
        // The ranges are tried in order: Hangul syllables and ideographs, the most common beyond ASCII, first.
        switch scalar {
        case 0x20...0x7E, 0xAC00...0xD7A3, 0x4E00...0x9FFF, 0xC0...0xFF, 0x2010...0x2027, 0x3001...0x3003, 0x300C...0x300F, 0x3041...0x3096,
             0x30A0...0x30FF, 0xFF01...0xFF5E:
            true
        default:
            false
        }
    }

    /// The scalar whose UTF-8 starts at `index` of valid UTF-8, and its length in bytes.
    @inline(__always)
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2) }
        if lead < 0xF0 { return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3) }
        return ((lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F), 4)
    }
}

extension PlainText {
    /// Collapses `bytes` (valid UTF-8) in place: every run of white space
    /// (Unicode's White_Space, as `Character.isWhitespace`) becomes one
    /// space, the ends trimmed. Text is gathered whole first, with any white
    /// space between words, as one `memcpy` each costs less than any work
    /// per word.
    static func collapseWhitespace(_ bytes: inout [UInt8]) {
        let kept = bytes.withUnsafeMutableBufferPointer { text in
            let count = text.count
            var read = 0, written = 0, pendingSpace = false
            // A space is written only after white space is read, so writing never overtakes reading.
            while read < count {
                let byte = text[read]
                let length = isWord(byte) ? 0 : whitespaceLength(UnsafeBufferPointer(text), at: read)
                if length > 0 {
                    pendingSpace = written > 0
                    read += length
                    continue
                }
                if pendingSpace {
                    text[written] = UInt8(ascii: " ")
                    written += 1
                    pendingSpace = false
                }
                text[written] = byte
                written += 1
                read += 1
            }
            return written
        }
        bytes.removeLast(bytes.count - kept)
    }

    /// Printable ASCII, or a byte of a character no white space starts with.
    @inline(__always)
    private static func isWord(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte != 0xC2 && (byte < 0xE1 || byte > 0xE3)
    }

    /// The length in bytes of the white space character at `index`, 0 for any other:
    /// U+0009–U+000D, U+0020, U+0085, U+00A0, U+1680, U+2000–U+200A, U+2028,
    /// U+2029, U+202F, U+205F and U+3000.
    @inline(__always)
    private static func whitespaceLength(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = text[index]
        if byte < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) ? 1 : 0 }
        switch byte {
        case 0xC2:
            let next = index + 1 < text.count ? text[index + 1] : 0
            return next == 0x85 || next == 0xA0 ? 2 : 0
        case 0xE1, 0xE2, 0xE3:
            guard index + 2 < text.count else { return 0 }
            let second = text[index + 1], third = text[index + 2]
            switch (byte, second) {
            case (0xE1, 0x9A): return third == 0x80 ? 3 : 0
            case (0xE2, 0x80): return third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF ? 3 : 0
            case (0xE2, 0x81): return third == 0x9F ? 3 : 0
            case (0xE3, 0x80): return third == 0x80 ? 3 : 0
            default: return 0
            }
        default:
            return 0
        }
    }
}

extension PlainText {
    /// The first `limit` Characters of `bytes` (valid UTF-8) with its white
    /// space collapsed: `prefix` of `collapseWhitespace`, in one pass that
    /// stops at the prefix's end. Counting is `prefix`'s; from the first
    /// scalar it does not count, the rest is collapsed and cut as they do.
    static func collapsedPrefix(_ bytes: inout [UInt8], characters limit: Int) -> String {
        // How far the one pass got: the collapsed text ends at `written`, what is left unread starts at `read`.
        let (written, read, pendingSpace, done) = bytes.withUnsafeMutableBufferPointer { text in
            let end = text.count
            var read = 0, written = 0, count = 0, pendingSpace = false
            while read < end {
                let byte = text[read]
                // Printable ASCII, most of a text, is taken a run at a time: each byte a counted Character.
                let printable = byte > 0x20 && byte < 0x7F
                var length = 1
                if !printable {
                    let space = whitespaceLength(UnsafeBufferPointer(text), at: read)
                    if space > 0 {
                        pendingSpace = written > 0
                        read += space
                        continue
                    }
                    let scalar = scalar(UnsafeBufferPointer(text), at: read)
                    guard isCounted(scalar.value) else { return (written, read, pendingSpace, false) }
                    length = scalar.length
                }
                // Two counted scalars side by side are two Characters: the prefix may end between them.
                if pendingSpace {
                    if count == limit { return (written, read, false, true) }
                    text[written] = UInt8(ascii: " ")
                    written += 1
                    count += 1
                    pendingSpace = false
                }
                if printable { length = min(printableRun(UnsafeBufferPointer(text), from: read), limit - count) }
                if count == limit { return (written, read, false, true) }
                // Until white space is collapsed, the bytes are in place already.
                if written != read { for offset in 0..<length { text[written + offset] = text[read + offset] } }
                written += length
                read += length
                count += printable ? length : 1
            }
            return (written, read, false, true)
        }
        if done { return String(decoding: bytes[..<written], as: UTF8.self) }
        // The collapsed part, then the rest as it was: collapsing it all gives what collapsing the original would.
        bytes.replaceSubrange(written..<read, with: pendingSpace ? [UInt8(ascii: " ")] : [])
        collapseWhitespace(&bytes)
        guard limit < bytes.count else { return String(decoding: bytes, as: UTF8.self) }
        return bytes.withUnsafeBufferPointer { prefix($0, characters: limit) }
    }

    /// How many bytes of printable ASCII (0x21…0x7E) start at `index`, read eight at a time.
    @inline(__always)
    private static func printableRun(_ text: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var at = index
        while at + 8 <= text.count {
            let word = UInt64(littleEndian: ByteWord.load(text, at: at))
            let others = ByteWord.hasBelow(word, 0x21) | ByteWord.has(word, 0x7F) | word & ByteWord.highs
            if others != 0 { return at + ByteWord.first(others) - index }
            at += 8
        }
        while at < text.count && text[at] > 0x20 && text[at] < 0x7F { at += 1 }
        return at - index
    }
}
