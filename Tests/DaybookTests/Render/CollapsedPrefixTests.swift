import PropertyBased
@testable import DaybookSite
import Testing

/// `PlainText.collapsedPrefix`, one pass over bytes that collapses and cuts at once, against
/// the same done by scalars and Characters, on random text that mixes what it reads differently.
@Suite struct CollapsedPrefixTests {
    /// Pieces mixing ASCII, Korean, CJK, emoji, every kind of white space, control characters,
    /// markup characters, and scalars that join the Character before them (U+0301, a ZWJ sequence).
    static let pieces: [String] = [
        "a", "Z", "7", "word", "unbelievably-long:words", " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{01}", "\u{1F}", "\u{7F}",
        "\u{85}", "\u{A0}", "\u{AB}", "\u{1680}", "\u{2003}", "\u{200A}", "\u{200B}", "\u{2014}", "\u{2019}", "\u{2028}",
        "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{3001}", "\u{FF01}", "\u{FF10}", "é", "가", "힣", "雪", "ᄀ",
        "😀", "👩‍👩‍👧", "e\u{301}", "'", "!", "[", "]", "(", ")", "<", "/", ">", "&", "\"", ".", "-", "*",
    ]
    static let texts = Gen<String?>.element(of: pieces).map { $0! }.array(of: 0...40).map { $0.joined() }

    @Test func collapsedPrefixIsThePrefixOfTheCollapsedText() async {
        await propertyCheck(count: 3000, input: Self.texts, Gen.int(in: 0...45)) { text, limit in
            var bytes = Array(text.utf8)
            #expect(PlainText.collapsedPrefix(&bytes, characters: limit) == Self.collapsedPrefix(text, limit), "\(Array(text.unicodeScalars))")
        }
    }

    /// White space runs (Unicode's White_Space) as one space, the ends trimmed, then the first `limit` Characters.
    static func collapsedPrefix(_ text: String, _ limit: Int) -> String {
        var words: [String] = [], word = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.unicodeScalars.append(scalar)
            }
        }
        if !word.isEmpty { words.append(word) }
        return String(words.joined(separator: " ").prefix(limit))
    }
}
