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
enum SearchText {
    static func fold(_ text: String) -> String {
        text.precomposedStringWithCompatibilityMapping.lowercased()
    }

    /// Hands each key of a text to `sink`, in the order met, repeats included.
    static func keys(_ text: String, into sink: inout some SearchKeySink) {
        // Most text is ASCII, Hangul and CJK, which fold one character at a
        // time and are read straight from the UTF-8; only other text pays for
        // Foundation's normalization.
        var text = text
        let quick = text.withUTF8 { bytes in
            guard QuickFolded.covers(bytes) else { return false }
            QuickFolded.scan(bytes, into: &sink)
            return true
        }
        if !quick { foldedKeys(text, into: &sink) }
    }

    /// The same keys, by folding the whole text first: for any text.
    static func foldedKeys(_ text: String, into sink: inout some SearchKeySink) {
        scan(fold(text).unicodeScalars, into: &sink)
    }

    /// A folded text's keys, read in one pass.
    private static func scan(_ scalars: some Sequence<Unicode.Scalar>, into sink: inout some SearchKeySink) {
        var word = SearchKey(), wordIsFull = false
        // The last character of the paired run being read.
        var previous: Unicode.Scalar?
        for scalar in scalars {
            let paired = isPaired(scalar)
            if paired || !isWord(scalar), !word.isEmpty {
                sink.add(word)
                word = SearchKey()
                wordIsFull = false
            }
            if !paired, let last = previous {
                sink.add(SearchKey(last))
                previous = nil
            }
            if paired {
                if let last = previous { sink.add(SearchKey(last, scalar)) }
                previous = scalar
            } else if isWord(scalar), !wordIsFull {
                wordIsFull = !word.append(scalar)
            }
        }
        if !word.isEmpty { sink.add(word) }
        if let last = previous { sink.add(SearchKey(last)) }
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
}

/// Where a text's keys go: a set, or the postings of the index being built.
protocol SearchKeySink {
    mutating func add(_ key: SearchKey)
}

extension Set: SearchKeySink where Element == SearchKey {
    mutating func add(_ key: SearchKey) { insert(key) }
}

/// Text that `SearchText.quickFold` folds character by character, read
/// straight from its UTF-8 and folded: ASCII a byte at a time, the rest
/// (every other character it folds is of three bytes) three at a time.
enum QuickFolded {
    /// Whether `quickFold` folds every character of these bytes (valid UTF-8).
    static func covers(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
            } else if bytes[index] &- 0xEB < 2 {
                // U+B000–U+CFFF, all Hangul syllables: most of a Korean text.
                index += 3
            } else if bytes[index] & 0xF0 == 0xE0, SearchText.quickFold(threeBytes(bytes, at: index)) != nil {
                index += 3
            } else {
                return false
            }
        }
        return true
    }

    /// The keys of text that `covers`, in the order `SearchText.scan` gives
    /// them over its folded characters, without decoding or re-encoding a
    /// character. Its words are ASCII (the other characters it folds are
    /// paired, or punctuation), and a paired character is its three bytes.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, into sink: inout some SearchKeySink) {
        var word = SearchKey()
        // The UTF-8 of the last character of the paired run being read; 0 when none.
        var previous: UInt64 = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                let folded = byte &- 0x41 < 26 ? byte | 0x20 : byte
                let isWord = folded &- 0x61 < 26 || folded &- 0x30 < 10
                if !isWord, !word.isEmpty {
                    sink.add(word)
                    word = SearchKey()
                }
                if previous != 0 {
                    sink.add(SearchKey(packed: previous << 40, count: 3))
                    previous = 0
                }
                if isWord { word.appendASCII(folded) }
                continue
            }
            let utf8 = UInt64(byte) << 16 | UInt64(bytes[index + 1]) << 8 | UInt64(bytes[index + 2])
            let paired = SearchText.isPaired(threeBytes(bytes, at: index))
            index += 3
            if !word.isEmpty {
                sink.add(word)
                word = SearchKey()
            }
            if paired {
                if previous != 0 { sink.add(SearchKey(packed: previous << 40 | utf8 << 16, count: 6)) }
                previous = utf8
            } else if previous != 0 {
                sink.add(SearchKey(packed: previous << 40, count: 3))
                previous = 0
            }
        }
        if !word.isEmpty { sink.add(word) }
        if previous != 0 { sink.add(SearchKey(packed: previous << 40, count: 3)) }
    }

    /// The scalar of a three-byte sequence (never a surrogate in valid UTF-8).
    private static func threeBytes(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Unicode.Scalar {
        let value = UInt32(bytes[index] & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        return Unicode.Scalar(value).unsafelyUnwrapped
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

    /// Up to eight bytes, the first in the highest bits of `packed`, the rest zero.
    init(packed: UInt64, count: Int) {
        words.0 = packed
        self.count = count
    }

    var isEmpty: Bool { count == 0 }

    /// Adds a character's UTF-8; false, adding nothing, when it does not fit.
    mutating func append(_ scalar: Unicode.Scalar) -> Bool {
        let utf8 = UTF8.encode(scalar)!
        guard count + utf8.count <= Self.capacity else { return false }
        for byte in utf8 { put(byte) }
        return true
    }

    /// Adds an ASCII character unless the key is full (as `append` would).
    mutating func appendASCII(_ byte: UInt8) {
        if count < Self.capacity { put(byte) }
    }

    private mutating func put(_ byte: UInt8) {
        let shift = UInt64(56 - (count % 8) * 8), value = UInt64(byte) << shift
        switch count / 8 {
        case 0: words.0 |= value
        case 1: words.1 |= value
        case 2: words.2 |= value
        default: words.3 |= value
        }
        count += 1
    }

    var string: String {
        // Each word's first byte is its highest: big-endian, the words' bytes are the key's in order.
        withUnsafeBytes(of: (words.0.bigEndian, words.1.bigEndian, words.2.bigEndian, words.3.bigEndian)) { bytes in
            String(decoding: bytes.prefix(count), as: UTF8.self)
        }
    }

    static func == (a: SearchKey, b: SearchKey) -> Bool { a.words == b.words }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    static func < (a: SearchKey, b: SearchKey) -> Bool { a.words < b.words }

    /// A hash for `SearchKeyNumbers`: each word times an odd constant, so the
    /// high bits depend on every byte.
    var spread: UInt64 {
        words.0 &* 0x9E37_79B9_7F4A_7C15 ^ words.1 &* 0xC2B2_AE3D_27D4_EB4F ^ words.2 &* 0x1656_67B1_9E37_79F9
            ^ words.3 &* 0x27D4_EB2F_1656_67C5
    }
}

/// Keys numbered 0, 1, … in the order first met. An open-addressing table
/// on `SearchKey.spread`: a build looks up millions of keys, and this costs a
/// fraction of a Dictionary's lookup through `Hasher`.
struct SearchKeyNumbers {
    /// Each number's key.
    private(set) var keys: [SearchKey] = []
    /// A power of two of slots, at most half full: a key's number, or -1.
    private var slots = [Int32](repeating: -1, count: 1 << 10)
    /// 64 minus the log2 of the slot count: a key's first slot is its spread's top bits.
    private var shift: UInt64 = 54

    /// The key's number, numbering it if it is new.
    mutating func number(_ key: SearchKey) -> Int {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: key.spread >> shift)
        while true {
            let number = Int(slots[slot])
            if number < 0 { break }
            if keys[number] == key { return number }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(keys.count)
        keys.append(key)
        if keys.count * 2 > slots.count { grow() }
        return keys.count - 1
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        shift -= 1
        let mask = slots.count - 1
        for (number, key) in keys.enumerated() {
            var slot = Int(truncatingIfNeeded: key.spread >> shift)
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number)
        }
    }
}
