import Foundation

/// How text becomes search keys, the same way at build time (here) and in the
/// browser (`search` in themes/default/assets/daybook.js, which must agree):
///
/// - Text is folded: NFKC (full-width letters, compatibility jamo) and lower case.
/// - Scripts that join words without spaces, or join particles to words as
///   Korean does (Hangul, kana, Han), give every pair of neighbouring
///   characters (`첫눈이` → `첫눈`, `눈이`) and the last character of each run
///   (`이`), so that `첫눈` is found inside `첫눈이` and Japanese without spaces.
/// - Other letters, marks and digits give whole words (`walked`), cut at
///   `SearchKey.capacity` bytes; a query of two or more letters matches them by prefix.
/// - A key lives in the shard its first character (paired scripts) or first
///   two characters (words) hash to, so that a prefix query reads one shard.
enum SearchText {
    static func fold(_ text: String) -> String {
        text.precomposedStringWithCompatibilityMapping.lowercased()
    }

    /// Adds the keys of a text.
    static func keys(_ text: String, into keys: inout Set<SearchKey>) {
        // Most text is ASCII, Hangul and CJK, which fold one character at a
        // time; only other text pays for Foundation's normalization.
        if text.unicodeScalars.allSatisfy({ quickFold($0) != nil }) {
            scan(text.unicodeScalars.lazy.map { quickFold($0)! }, into: &keys)
        } else {
            scan(fold(text).unicodeScalars, into: &keys)
        }
    }

    /// A folded text's keys, read in one pass.
    private static func scan(_ scalars: some Sequence<Unicode.Scalar>, into keys: inout Set<SearchKey>) {
        var word = SearchKey(), wordIsFull = false
        // The last character of the paired run being read.
        var previous: Unicode.Scalar?
        for scalar in scalars {
            let paired = isPaired(scalar)
            if paired || !isWord(scalar), !word.isEmpty {
                keys.insert(word)
                word = SearchKey()
                wordIsFull = false
            }
            if !paired, let last = previous {
                keys.insert(SearchKey(last))
                previous = nil
            }
            if paired {
                if let last = previous { keys.insert(SearchKey(last, scalar)) }
                previous = scalar
            } else if isWord(scalar), !wordIsFull {
                wordIsFull = !word.append(scalar)
            }
        }
        if !word.isEmpty { keys.insert(word) }
        if let last = previous { keys.insert(SearchKey(last)) }
    }

    /// A character folded on its own, when that is what folding its text
    /// gives: ASCII, Hangul syllables, common kana and Han, and punctuation
    /// that stays punctuation. nil for anything else (it may compose with
    /// its neighbours or change under NFKC).
    static func quickFold(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x41...0x5A: Unicode.Scalar(scalar.value + 0x20)
        case 0...0x7F, 0xAC00...0xD7A3, 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0x3001...0x3003, 0x2010...0x2016, 0x2018...0x2027, 0x2030...0x203D, 0x203F...0x205E:
            scalar
        default: nil
        }
    }

    /// Hangul, kana and Han: matched by pairs of characters.
    static func isPaired(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF: true  // Hangul
        case 0x3040...0x30FF, 0x31F0...0x31FF: true  // hiragana, katakana
        case 0x3005, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: true  // Han and 々
        default: false
        }
    }

    /// Letters, marks and digits: what words are made of.
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x61...0x7A, 0x41...0x5A: return true
        case 0...0x7F: return false
        default: break
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// Which of `count` shards holds a key: FNV-1a over the code points of its
    /// first character (paired scripts) or first two (words).
    static func shard(of key: String, count: Int) -> Int {
        let scalars = Array(key.unicodeScalars)
        guard let first = scalars.first else { return 0 }
        var hash: UInt32 = 2_166_136_261
        for scalar in scalars.prefix(isPaired(first) ? 1 : 2) {
            hash = (hash ^ scalar.value) &* 16_777_619
        }
        return Int(hash % UInt32(count))
    }
}

/// A key: up to `capacity` bytes of UTF-8 held inline, so that hashing and
/// comparing one never allocates or normalizes (a build makes millions).
/// Compares as its bytes do.
struct SearchKey: Hashable, Comparable, Sendable {
    /// Longer words are cut to their first 32 bytes (32 letters of English, 16 of Russian), in the index and in queries.
    static let capacity = 32

    /// The bytes, eight to a word, the first in the highest bits.
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private(set) var count = 0

    init() {}

    /// One character, or a pair.
    init(_ first: Unicode.Scalar, _ second: Unicode.Scalar? = nil) {
        _ = append(first)
        if let second { _ = append(second) }
    }

    var isEmpty: Bool { count == 0 }

    /// Adds a character's UTF-8; false, adding nothing, when it does not fit.
    mutating func append(_ scalar: Unicode.Scalar) -> Bool {
        let utf8 = UTF8.encode(scalar)!
        guard count + utf8.count <= Self.capacity else { return false }
        for byte in utf8 {
            let shift = UInt64(56 - (count % 8) * 8), value = UInt64(byte) << shift
            switch count / 8 {
            case 0: words.0 |= value
            case 1: words.1 |= value
            case 2: words.2 |= value
            default: words.3 |= value
            }
            count += 1
        }
        return true
    }

    var string: String {
        let all = [words.0, words.1, words.2, words.3].flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> (56 - $0 * 8)) } }
        return String(decoding: all.prefix(count), as: UTF8.self)
    }

    static func == (a: SearchKey, b: SearchKey) -> Bool { a.words == b.words }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    static func < (a: SearchKey, b: SearchKey) -> Bool { a.words < b.words }
}
