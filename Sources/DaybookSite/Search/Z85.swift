/// Bytes as the text of a script's string, four bytes to five characters (a
/// quarter more, where base64 adds a third), in ZeroMQ's Z85 alphabet, which
/// has no quote or backslash. A last group of n < 4 bytes is its first n + 1
/// characters, as Ascii85 ends; the page (`fromZ85` in daybook.js) reads it
/// back by padding the group with the highest digit.
enum Z85 {
    static let digits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#".utf8)

    static func append(_ bytes: [UInt8], to text: inout [UInt8]) {
        text.reserveCapacity(text.count + (bytes.count * 5 + 3) / 4)
        var index = 0
        while index < bytes.count {
            let count = min(4, bytes.count - index)
            var value: UInt32 = 0
            for offset in 0..<4 { value = value << 8 | UInt32(offset < count ? bytes[index + offset] : 0) }
            var place: UInt32 = 52_200_625  // 85⁴
            for _ in 0...count {
                text.append(digits[Int(value / place % 85)])
                place /= 85
            }
            index += count
        }
    }
}
