/// One character of a line as the line readers look at it: a `Character`, or
/// a `Unicode.Scalar` of a text whose every scalar is a Character of its own
/// (`standsAlone`), which is many times cheaper to make and compare. Both
/// give the same answers, at the same indices.
protocol LineCharacter: Equatable, ExpressibleByUnicodeScalarLiteral {
    var isWhitespace: Bool { get }
    /// An ASCII letter or digit.
    var isASCIIAlphanumeric: Bool { get }
    static func text(_ characters: ArraySlice<Self>) -> String
    static func characters(_ text: some StringProtocol) -> [Self]
}

extension Character: LineCharacter {
    var isASCIIAlphanumeric: Bool { isASCII && (isLetter || isNumber) }
    static func text(_ characters: ArraySlice<Character>) -> String { String(characters) }
    static func characters(_ text: some StringProtocol) -> [Character] { Array(text) }
}

extension Unicode.Scalar: LineCharacter {
    /// Unicode's White_Space (a fixed list), as `Character.isWhitespace` answers
    /// for the character that is this scalar alone, without the property lookup.
    @inlinable var isWhitespace: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
    var isASCIIAlphanumeric: Bool { (0x61...0x7A).contains(value | 0x20) || (0x30...0x39).contains(value) }
    static func text(_ characters: ArraySlice<Unicode.Scalar>) -> String { String(scalars: characters) }
    static func characters(_ text: some StringProtocol) -> [Unicode.Scalar] { Array(text.unicodeScalars) }

    /// A Character on its own whatever its neighbours: Grapheme_Cluster_Break
    /// Control (but CR, which holds a following LF) or Other, with no mark,
    /// joiner, variation selector or Hangul jamo among them for it to join.
    var standsAlone: Bool {
        switch value {
        case 0x00...0x0C, 0x0E...0x2FF, 0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF,
             0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF9D: true
        default: false
        }
    }
}

extension String {
    /// The text of these scalars, encoded in one pass: appending them to a
    /// `String.UnicodeScalarView` costs ten times as much.
    init(scalars: some Collection<Unicode.Scalar>) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count * 3)
        for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
        self = String(decoding: bytes, as: UTF8.self)
    }
}
