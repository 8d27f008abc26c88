/// Characters XML 1.0 forbids (C0 controls other than tab, line feed and
/// carriage return; U+FFFE, U+FFFF) make `feed.xml`, the sitemap or a page
/// unreadable to a strict parser. They are removed where files are read, so
/// no output — pages, feeds, sitemap, calendar feed — can carry them.
enum XMLText {
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00..<0x20, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// By bytes: a control byte, or U+FFFE / U+FFFF (EF BF BE, EF BF BF).
    static func hasForbidden(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            var index = 0
            while index < bytes.count {
                // Eight bytes at a time past those with no control byte and no 0xEF.
                if index + 8 <= bytes.count, !mayHoldForbidden(ByteWord.load(bytes, at: index)) {
                    index += 8
                    continue
                }
                let byte = bytes[index]
                if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return true }
                if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF {
                    return true
                }
                index += 1
            }
            return false
        }
    }

    /// Whether any of eight bytes is below 0x20 or is 0xEF (the lead byte of
    /// U+FFFE and U+FFFF): none of them is when this is false.
    static func mayHoldForbidden(_ word: UInt64) -> Bool {
        ByteWord.hasBelow(word, 0x20) | ByteWord.has(word, 0xEF) != 0
    }

    /// The text without forbidden characters; one warning per file, at the first.
    static func removingForbidden(_ text: String, file: String, into diagnostics: inout Diagnostics) -> String {
        // Most files have none: a byte scan is far cheaper than rebuilding.
        guard hasForbidden(text) else { return text }
        var result = String.UnicodeScalarView()
        var line = 1, column = 1, removed = 0
        var first: (line: Int, column: Int, scalar: Unicode.Scalar)?
        for scalar in text.unicodeScalars {
            if isForbidden(scalar) {
                removed += 1
                if first == nil { first = (line, column, scalar) }
            } else {
                result.append(scalar)
            }
            if scalar == "\n" { line += 1; column = 1 } else { column += String(scalar).utf8.count }
        }
        if let first {
            let code = String(first.scalar.value, radix: 16, uppercase: true)
            diagnostics.warning(SourceLocation(path: file, line: first.line, column: first.column),
                                "control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) removed"
                                    + (removed > 1 ? " (and \(removed - 1) more in this file)" : "") + "; XML and HTML cannot carry it")
        }
        return String(result)
    }
}
