/// One line of text that Markdown would leave as it is: most vocabulary
/// words, meanings and examples. Parsing such a line with cmark-gfm costs a
/// parser, a tree and a lock; its inline HTML is the text itself, and its
/// plain text the text with white space collapsed.
///
/// The test is conservative, by bytes: letters, digits, any non-ASCII
/// character that is not a line break, inner spaces, and the ASCII
/// punctuation that starts no Markdown syntax in the middle of a line, with
/// the few combinations that do (`...`, `--`, `](`, `www.`) refused, and `_`
/// between two ASCII letters or digits. Nothing
/// it accepts needs HTML escaping. Anything else goes to cmark-gfm.
enum PlainLine {
    static func isVerbatim(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isVerbatim)
    }

    static func isVerbatim(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return true }
        // A letter or a non-ASCII character first: no block can start (a list,
        // a heading, a numbered item, an indented line).
        guard first >= 0x80 || isLetter(first) else { return false }
        var previous: UInt8 = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "?"), UInt8(ascii: "%"), UInt8(ascii: "="), UInt8(ascii: "$"),
                 UInt8(ascii: "/"), UInt8(ascii: "+"), UInt8(ascii: ")"), UInt8(ascii: "!"), UInt8(ascii: "["), UInt8(ascii: "{"),
                 UInt8(ascii: "}"):
                break
            case UInt8(ascii: " "):
                // A space last would be trimmed; two before a line end would break it.
                if index == bytes.count - 1 { return false }
            case UInt8(ascii: "."):
                // `...` becomes an ellipsis; `www.` a link.
                if previous == UInt8(ascii: ".") || (index >= 3 && isWWW(bytes, before: index)) { return false }
            case UInt8(ascii: "-"):
                // `--` becomes a dash.
                if previous == UInt8(ascii: "-") { return false }
            case UInt8(ascii: "("):
                // `[text](url)` is a link.
                if previous == UInt8(ascii: "]") { return false }
            case UInt8(ascii: "]"):
                break
            case UInt8(ascii: "_"):
                // Between two letters or digits (`word_1`) a single `_` can neither open nor close emphasis.
                guard isAlphanumeric(previous), index + 1 < bytes.count, isAlphanumeric(bytes[index + 1]) else { return false }
            case 0xC2 where index + 1 < bytes.count && (bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0):
                // U+0085 breaks a line; U+00A0 is white space Swift trims.
                return false
            case 0xE1 where index + 2 < bytes.count && bytes[index + 1] == 0x9A && bytes[index + 2] == 0x80:
                return false // U+1680, white space
            case 0xE2 where index + 1 < bytes.count && (bytes[index + 1] == 0x80 || bytes[index + 1] == 0x81):
                // U+2000–U+206F: white space, line and paragraph separators among them.
                return false
            case 0xE3 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0x80:
                return false // U+3000, ideographic space
            case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
                return false // U+FEFF, a byte order mark cmark-gfm drops at the start
            case 0x80...:
                break
            default:
                // Control characters and the rest of ASCII punctuation: `*~`, `` ` ``,
                // `<>&"'`, `\\`, `#`, `|`, `^`, `:`, `@`.
                return false
            }
            previous = byte
            index += 1
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// `www` (any case) just before `index`.
    private static func isWWW(_ bytes: UnsafeBufferPointer<UInt8>, before index: Int) -> Bool {
        (index - 3..<index).allSatisfy { bytes[$0] | 0x20 == UInt8(ascii: "w") }
    }
}
