
/// JSON arrays of strings written straight into bytes, as `JSONEncoder` with
/// `.withoutEscapingSlashes` writes them (the search chunks hold thousands,
/// and the encoder costs a third of their making): `"`, `\` and control
/// characters escaped, everything else as its UTF-8.
enum JSONStrings {
    static func append(_ strings: some Sequence<String>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            append(string, to: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    static func append(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var start = 0
            for index in escapes(bytes) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                output.append(UInt8(ascii: "\\"))
                switch bytes[index] {
                case 0x08: output.append(UInt8(ascii: "b"))
                case 0x09: output.append(UInt8(ascii: "t"))
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x0C: output.append(UInt8(ascii: "f"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case let byte where byte < 0x20:
                    output.append(contentsOf: "u00".utf8)
                    output.append(hexDigits[Int(byte >> 4)])
                    output.append(hexDigits[Int(byte & 0xF)])
                case let byte: output.append(byte)
                }
                start = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Where the bytes that need escaping are, ascending. Eight bytes are
    /// looked at together (most have none), one by one only around one.
    static func escapes(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var found: [Int] = []
        var index = 0
        while index + 8 <= bytes.count {
            let word = ByteWord.load(bytes, at: index)
            let marks = ByteWord.hasBelow(word, 0x20) | ByteWord.has(word, UInt8(ascii: "\"")) | ByteWord.has(word, UInt8(ascii: "\\"))
            if marks != 0 {
                for offset in index..<index + 8 where needsEscape(bytes[offset]) { found.append(offset) }
            }
            index += 8
        }
        for offset in index..<bytes.count where needsEscape(bytes[offset]) { found.append(offset) }
        return found
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}
