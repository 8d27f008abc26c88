/// Bytes as the text of a script's string, four bytes to five characters (a
/// quarter more, where base64 adds a third), in ZeroMQ's Z85 alphabet, which
/// has no quote or backslash. A last group of n < 4 bytes is its first n + 1
/// characters, as Ascii85 ends; the page (`fromZ85` in daybook.js) reads it
/// back by padding the group with the highest digit.
enum Z85 {
    static let digits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#".utf8)

    static func append(_ bytes: [UInt8], to text: inout [UInt8]) {
        let groups = bytes.count / 4, rest = bytes.count % 4, start = text.count
        // Written in place, each group's digits from the last: a tenth of
        // the search chunks' making went to appending digit by digit.
        text += repeatElement(0, count: groups * 5 + (rest > 0 ? rest + 1 : 0))
        text.withUnsafeMutableBufferPointer { text in
            bytes.withUnsafeBufferPointer { bytes in
                let digits = Self.digits
                func write(_ value: UInt32, count: Int, at position: Int) {
                    var value = value
                    for place in (0..<5).reversed() {
                        if place < count { text[position + place] = digits[Int(value % 85)] }
                        value /= 85
                    }
                }
                for group in 0..<groups {
                    let at = group * 4
                    write(UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3]),
                          count: 5, at: start + group * 5)
                }
                guard rest > 0 else { return }
                var value: UInt32 = 0
                for offset in 0..<4 { value = value << 8 | UInt32(offset < rest ? bytes[groups * 4 + offset] : 0) }
                write(value, count: rest + 1, at: start + groups * 5)
            }
        }
    }
}
