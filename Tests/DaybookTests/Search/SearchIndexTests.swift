@testable import DaybookSite
import Foundation
import Testing
import ZIPFoundation

/// How text becomes search keys and how the index is cut into files
/// (themes/default/assets/daybook.js reads them the same way; the browser
/// side is tested in Tests/site/test_search.py).
@Suite struct SearchIndexTests {
    static func keys(_ text: String) -> Set<String> {
        var keys = Set<SearchKey>()
        SearchText.keys(text, into: &keys)
        return Set(keys.map(\.string))
    }

    @Test func koreanGivesPairsSoAWordIsFoundInsideAnother() {
        #expect(Self.keys("첫눈이 내렸다.") == ["첫눈", "눈이", "이", "내렸", "렸다", "다"])
        #expect(Self.keys("눈") == ["눈"])
    }

    @Test func japaneseWithoutSpacesGivesPairsAcrossKanaAndKanji() {
        #expect(Self.keys("週末に祖母を訪ねました") == ["週末", "末に", "に祖", "祖母", "母を", "を訪", "訪ね", "ねま", "まし", "した", "た"])
    }

    @Test func otherScriptsGiveWholeWordsFolded() {
        #expect(Self.keys("Walked, WALKED; walked… Ｓｅｏｕｌ café 60kg") == ["walked", "seoul", "café", "60kg"])
        #expect(Self.keys("Seoul산책 don't") == ["seoul", "산책", "책", "don", "t"])
        // Long words are cut at 32 bytes, between characters.
        #expect(Self.keys(String(repeating: "a", count: 40)) == [String(repeating: "a", count: 32)])
        #expect(Self.keys(String(repeating: "я", count: 20)) == [String(repeating: "я", count: 16)])
        #expect(Self.keys("x" + String(repeating: "я", count: 20)) == ["x" + String(repeating: "я", count: 15)])
        #expect(Self.keys("— ... !!") == [])
    }

    @Test func foldingJoinsWhatLooksTheSame() {
        #expect(Self.keys("ＡＢＣ Ǆ Café") == ["abc", "dž", "café"])
        // Decomposed, a syllable (ᄀ + ᅡ) or an accent is the composed one.
        #expect(Self.keys("\u{1100}\u{1161}") == ["가"])
        #expect(Self.keys("cafe\u{301}") == ["café"])
        // Every character folded alone gives the keys that folding its whole text gives.
        for value in [0...0x7F, 0x2010...0x205E, 0x3000...0x30FF, 0xAC00...0xAC20, 0x4E00...0x4E20].joined() {
            guard let scalar = Unicode.Scalar(value), SearchText.quickFold(scalar) != nil else { continue }
            let text = "a" + String(scalar) + "b가" + String(scalar) + "나"
            #expect(Self.keys(text) == Self.keys(SearchText.fold(text)), "U+\(String(value, radix: 16))")
        }
    }

    /// Keys in the order a text gives them, repeats included.
    struct KeyList: SearchKeySink {
        var keys: [String] = []
        mutating func add(_ key: SearchKey) { keys.append(key.string) }
    }

    /// Pieces of text: what the UTF-8 reading takes (ASCII, Hangul, kana, Han,
    /// CJK and general punctuation) and what sends a text to folding (accents,
    /// jamo, full-width letters, Cyrillic, 々, emoji).
    static let pieces = ["Walked", "walk", "A", "z", "0", "9", " ", ".", ",", "'", "\n", "\t", "첫눈", "이", "가", "힣", "ひらがな", "カタカナ", "ー",
                         "漢字", "㐀", "、", "。", "…", "‘", "—", "‼", String(repeating: "x", count: 31), "é", "e\u{301}", "\u{1100}\u{1161}",
                         "Ｓｅｏｕｌ", "я", "々", "😀", "\u{3000}", "ǅ"]

    @Test func readingUTF8GivesTheKeysThatFoldingGives() {
        var random = SeededShuffle.SplitMix64(seed: 11)
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0..<16, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            var read = KeyList(), folded = KeyList()
            SearchText.keys(text, into: &read)
            SearchText.foldedKeys(text, into: &folded)
            #expect(read.keys == folded.keys, "\(text.debugDescription)")
        }
    }

    /// What lets `QuickFolded.scan` read words as ASCII bytes: every other
    /// character it reads is paired or stands between words.
    @Test func everyCharacterReadFromUTF8BeyondASCIIIsPairedOrNoLetter() {
        for value in 0x80...0xFFFF {
            guard let scalar = Unicode.Scalar(value), SearchText.quickFold(scalar) != nil else { continue }
            #expect(scalar.utf8.count == 3 && (SearchText.isPaired(scalar) || !SearchText.isWord(scalar)), "U+\(String(value, radix: 16))")
        }
    }

    /// A key holds the UTF-8 of what was appended, across its words, up to 32 bytes.
    @Test func aKeyIsTheUTF8OfItsCharactersUpTo32Bytes() {
        var random = SeededShuffle.SplitMix64(seed: 13)
        let scalars: [Unicode.Scalar] = ["a", "Z", "0", "é", "я", "ߊ", "가", "ー", "字", "\u{FFFD}", "😀", "\u{10FFFF}"]
        var made: [(key: SearchKey, text: String)] = []
        for _ in 0..<5_000 {
            var key = SearchKey(), text = ""
            for scalar in (0..<Int.random(in: 0..<20, using: &random)).map({ _ in scalars.randomElement(using: &random)! }) {
                if key.append(scalar) { text.unicodeScalars.append(scalar) } else { break }
            }
            #expect(key.string == text && key.count == text.utf8.count && text.utf8.count <= SearchKey.capacity)
            made.append((key, text))
        }
        // Keys sort as their bytes do.
        #expect(made.sorted { $0.key < $1.key }.map(\.text) == made.map(\.text).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    /// As the page reads postings (`decode` in daybook.js): gaps, or `~` and a bitmap.
    static func decode(_ text: String) -> [Int32] {
        let digits = PostingCode.last + PostingCode.more
        if text.hasPrefix("~") {
            return text.utf8.dropFirst().enumerated().flatMap { index, byte in
                let bits = digits.firstIndex(of: byte)!
                return (0..<6).filter { bits & (1 << $0) != 0 }.map { Int32(index * 6 + $0) }
            }
        }
        var numbers: [Int32] = [], previous: Int32 = -1, value: Int32 = 0
        for byte in text.utf8 {
            if let digit = PostingCode.more.firstIndex(of: byte) {
                value = value << 5 | Int32(digit)
            } else {
                previous += (value << 5 | Int32(PostingCode.last.firstIndex(of: byte)!)) + 1
                numbers.append(previous)
                value = 0
            }
        }
        return numbers
    }

    @Test func postingsTakeOneByteForASmallGap() {
        var text: [UInt8] = []
        PostingCode.append([0, 1, 2, 40, 1_100, 40_000, 1_000_000], to: &text)
        #expect(String(decoding: text.prefix(3), as: UTF8.self) == "AAA")
        #expect(Self.decode(String(decoding: text, as: UTF8.self)) == [0, 1, 2, 40, 1_100, 40_000, 1_000_000])
    }

    /// A key in most documents costs a sixth of a byte per document, not a byte per document.
    @Test func postingsOfACommonKeyAreABitmap() {
        var random = SeededShuffle.SplitMix64(seed: 19)
        for density in [0.02, 0.1, 0.3, 0.6, 0.95, 1.0] {
            let numbers = (0..<Int32(10_000)).filter { _ in Double.random(in: 0..<1, using: &random) < density }
            var text: [UInt8] = []
            PostingCode.append(numbers, to: &text)
            #expect(Self.decode(String(decoding: text, as: UTF8.self)) == numbers, "\(density)")
            #expect(text.count == PostingCode.count(numbers))
            #expect(text.count <= 10_000 / 6 + 2)
            #expect((text.first == PostingCode.bitmapMark) == (density >= 0.3), "\(density)")
        }
        var text: [UInt8] = []
        PostingCode.append([Int32](), to: &text)
        #expect(text.isEmpty)
    }

    static func record(_ title: String, _ kind: SearchKind, _ date: String?, text: String = "", tags: [String] = []) -> SearchPages.Record {
        SearchPages.Record(title: title, url: title + "/index.html", date: date.flatMap { LocalDate(iso: $0) }, kind: kind, tags: tags, text: text)
    }

    @Test func documentsGoKindByKindNewestFirstWithTheirMonths() {
        let index = SearchIndex(records: [
            Self.record("old", .diary, "2025-12-31"), Self.record("about", .page, nil), Self.record("word", .word, "2026-11-02"),
            Self.record("new", .diary, "2026-11-20"), Self.record("newer", .diary, "2026-11-20"), Self.record("mid", .diary, "2026-10-01"),
        ])
        #expect(index.documents.map(\.title) == ["newer", "new", "mid", "old", "word", "about"])
        #expect(index.parts.map(\.kind) == ["diary", "word", "page"])
        #expect(index.parts.map(\.start) == [0, 4, 5])
        #expect(index.parts[0].months == [[202611, 0], [202610, 2], [202512, 3]])
        #expect(index.parts[2].months == [[0, 5]])
        // Every document is in exactly one chunk, chunks never mix kinds.
        #expect(index.chunks.flatMap { Array($0) } == Array(0..<6))
        #expect(index.parts.allSatisfy { part in index.chunks[part.chunk].lowerBound == part.start })
    }

    @Test func aKeyInTheTitleIsNotRepeatedForTheBody() {
        let index = SearchIndex(records: [
            Self.record("첫눈", .diary, "2026-11-20", text: "첫눈이 왔다"),
            Self.record("퇴근", .diary, "2026-11-19", text: "첫눈", tags: ["winter"]),
        ])
        let entries = Dictionary(uniqueKeysWithValues: index.shards.joined().map { ($0.key, $0) })
        #expect(entries["첫눈"] == SearchIndex.Entry(key: "첫눈", title: [0], body: [1]))
        #expect(!entries.keys.contains { $0.hasSuffix(SearchIndex.prefixMark) })
        #expect(entries["winter"] == SearchIndex.Entry(key: "winter", title: [], body: [1]))
    }

    /// Every key of every document, read with a Set per document: the index
    /// must list exactly these, in order, whatever the slices its reading was cut into.
    @Test func everyKeyListsItsDocumentsOnceTitleBeforeBody() {
        var random = SeededShuffle.SplitMix64(seed: 12)
        // Pieces and numbered words and syllables, enough keys for the tables to grow.
        func text(_ count: Int) -> String {
            (0..<Int.random(in: 0..<count, using: &random)).map { _ in
                switch Int.random(in: 0..<4, using: &random) {
                case 0: "w\(Int.random(in: 0..<2_000, using: &random))"
                case 1: String(Unicode.Scalar(0xAC00 + UInt32.random(in: 0..<400, using: &random))!) + "이"
                default: Self.pieces.randomElement(using: &random)!
                }
            }.joined(separator: " ")
        }
        let records = (0..<700).map { day in
            Self.record(text(4), .diary, LocalDate(daysSinceEpoch: 20_000 + day / 2).iso, text: text(40), tags: (0..<day % 3).map { _ in text(2) })
        }
        let index = SearchIndex(records: records)
        var expected: [String: SearchIndex.Entry] = [:]
        for (id, record) in index.documents.enumerated() {
            var title = Set<SearchKey>(), body = Set<SearchKey>()
            SearchText.foldedKeys(record.title, into: &title)
            for tag in record.tags { SearchText.foldedKeys(tag, into: &body) }
            SearchText.foldedKeys(record.text, into: &body)
            for key in title { expected[key.string, default: SearchIndex.Entry(key: key.string)].title.append(Int32(id)) }
            for key in body.subtracting(title) { expected[key.string, default: SearchIndex.Entry(key: key.string)].body.append(Int32(id)) }
        }
        let entries = index.shards.joined().filter { !$0.key.hasSuffix(SearchIndex.prefixMark) }
        #expect(entries.count == expected.count && expected.count > 1_000)
        for entry in entries { #expect(entry == expected[entry.key]) }
    }

    @Test func stringsAreWrittenAsJSONEncoderWritesThem() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every ASCII character alone, and at each place around the eight-byte words read at once.
        let strings = (0..<0x80).map { String(Unicode.Scalar($0)!) } + ["", "a/b", "첫눈 \"x\"\\", "\u{2028}\u{2029}\u{FEFF}😀é", "\r\n\t"]
            + (0..<20).flatMap { at in ["\"", "\\", "\u{0}", "\u{1F}", " ", "~", "é", "\u{7F}"].map { String(repeating: "ab", count: 10) + $0 }.map { text in
                String(text.suffix(20 - at)) + String(repeating: "가", count: at % 3)
            } }
        var written: [UInt8] = []
        JSONStrings.append(strings, to: &written)
        #expect(written == Array(try encoder.encode(strings)))
        written = []
        JSONStrings.append([String](), to: &written)
        #expect(written == Array("[]".utf8))
    }

    @Test func z85TakesFiveCharactersForFourBytesAndReadsBack() {
        var text: [UInt8] = []
        Z85.append([0x86, 0x4F, 0xD2, 0x6F, 0xB5, 0x59, 0xF7, 0x5B], to: &text)
        #expect(String(decoding: text, as: UTF8.self) == "HelloWorld")  // ZeroMQ's example
        var random = SeededShuffle.SplitMix64(seed: 17)
        for count in 0..<40 {
            for _ in 0..<50 {
                let bytes = (0..<count).map { _ in [0, 255, UInt8.random(in: 0...255, using: &random)].randomElement(using: &random)! }
                text = []
                Z85.append(bytes, to: &text)
                #expect(text.count == count / 4 * 5 + (count % 4 == 0 ? 0 : count % 4 + 1))
                #expect(!text.contains(UInt8(ascii: "\"")) && !text.contains(UInt8(ascii: "\\")))
                #expect(Z85.read(String(decoding: text, as: UTF8.self)) == bytes)
            }
        }
    }

    /// What the page inflates (`DecompressionStream("deflate-raw")`) is the texts as JSON.
    @Test func aChunksTextsInflateToTheirJSON() throws {
        let texts = (0..<50).map { "첫눈이 내렸다 \($0) walked \"home\"" }
        let index = SearchIndex(records: texts.map { Self.record("t", .diary, "2026-11-20", text: $0) })
        let script = String(decoding: index.chunkScript(0), as: UTF8.self)
        let z85 = try #require(script.split(separator: "\"").dropLast().last)
        let packed = Data(try #require(Z85.read(String(z85))))
        var inflated = Data()
        _ = try Data.decompress(size: Int64(packed.count), bufferSize: 4_096, skipCRC32: true,
                                provider: { position, size in packed.subdata(in: Int(position)..<min(Int(position) + size, packed.count)) },
                                consumer: { inflated.append($0) })
        #expect(try JSONDecoder().decode([String].self, from: inflated) == index.documents[index.chunks[0]].map(\.text))
        #expect(packed.count < inflated.count / 4)
    }

    /// Documents whose text has many words beginning alike: `w0`…`w2999`, and Korean syllables after `가`.
    static func manyKeys(documents: Int) -> [SearchPages.Record] {
        let words = (0..<3_000).map { "w\($0)" } + ["walk", "walked", "walking", "water"]
        return (0..<documents).map { day in
            let syllable = String(Unicode.Scalar(0xAC00 + UInt32(day % 40))!)
            return Self.record("entry \(day) 가\(syllable)", .diary, LocalDate(daysSinceEpoch: 20_000 + day / 3).iso,
                               text: (0..<40).map { words[($0 * 7 + day * 13) % words.count] }.joined(separator: " ") + " 가\(syllable)다")
        }
    }

    /// The page's `shardAt`: the last shard whose first key is not after the key.
    static func shardAt(_ key: String, _ firsts: [String]) -> Int {
        firsts.lastIndex { !key.utf16.lexicographicallyPrecedes($0.utf16) } ?? 0
    }

    @Test func shardsAreRunsOfSortedKeysOfBoundedSize() throws {
        let index = SearchIndex(records: Self.manyKeys(documents: 300), shardBytes: 2_000, chunkBytes: 2_000)
        #expect(index.shards.count > 20)
        let keys = index.shards.joined().map(\.key)
        #expect(keys == keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) } && Set(keys).count == keys.count)
        for shard in index.shards {
            #expect(shard.count == 1 || shard.reduce(0) { $0 + $1.bytes } <= 2_000)
            let script = String(decoding: index.shardScript(index.shards.firstIndex { $0 == shard }!), as: UTF8.self)
            #expect(script.utf8.count < shard.reduce(0) { $0 + $1.bytes } + 40)
        }
        #expect(String(decoding: index.shardScript(0), as: UTF8.self).hasPrefix("DaybookSearch.terms(0, \""))
        let manifest = String(decoding: try index.manifest(), as: UTF8.self)
        #expect(manifest.contains("\"terms\":[\"" + index.shards.map { $0[0].key }.joined(separator: "\",\"") + "\"]"))
        #expect(index.chunks.count > 10)
        #expect(String(decoding: index.chunkScript(1), as: UTF8.self).hasPrefix("DaybookSearch.docs(1, [[\"entry "))
    }

    /// Every prefix a query may look up, read as the page reads it (its own
    /// entry, else every key it begins), finds the documents of the keys it
    /// begins, title before body, from at most three shards.
    @Test func aPrefixFindsEveryKeyItBeginsFromAFewShards() {
        let bytes = 2_000
        let index = SearchIndex(records: Self.manyKeys(documents: 600), shardBytes: bytes, chunkBytes: 2_000)
        let firsts = index.shards.map { $0[0].key }
        let keys = index.shards.joined().filter { !$0.key.hasSuffix(SearchIndex.prefixMark) }
        var prefixes = Set<String>()
        for key in keys.map(\.key) {
            let scalars = Array(key.unicodeScalars)
            let lengths = SearchText.isPaired(scalars[0]) ? 1...1 : 2...max(2, scalars.count)
            for length in lengths where length <= scalars.count { prefixes.insert(String(String.UnicodeScalarView(scalars[..<length]))) }
        }
        var withOwnEntry = 0
        for prefix in prefixes {
            let begun = keys.filter { $0.key.hasPrefix(prefix) }
            let title = Set(begun.flatMap(\.title)), body = Set(begun.flatMap(\.body)).subtracting(title)
            let own = index.shards[Self.shardAt(prefix + "*", firsts)].first { $0.key == prefix + "*" }
            var read: Set<Int> = [Self.shardAt(prefix + "*", firsts)]
            let found: [SearchIndex.Entry]
            if let own {
                withOwnEntry += 1
                found = [own]
                #expect(own.title.count == title.count && own.body.count == body.count, "\(prefix)")
            } else {
                let shards = Self.shardAt(prefix, firsts)...Self.shardAt(prefix + "\u{FFFF}", firsts)
                read.formUnion(shards)
                found = shards.flatMap { index.shards[$0] }.filter { $0.key.hasPrefix(prefix) && !$0.key.hasSuffix(SearchIndex.prefixMark) }
            }
            #expect(Set(found.flatMap(\.title)) == title, "\(prefix)")
            #expect(Set(found.flatMap(\.body)).subtracting(title) == body, "\(prefix)")
            #expect(read.count <= 3, "\(prefix)")
        }
        #expect(withOwnEntry > 10 && withOwnEntry < prefixes.count / 2)
        // Pairs and whole words are looked up in one shard.
        for key in keys { #expect(index.shards[Self.shardAt(key.key, firsts)].contains(key)) }
    }

    @Test func anEmptyIndexHasOneEmptyShard() throws {
        let index = SearchIndex(records: [])
        #expect(index.shards == [[]])
        #expect(String(decoding: index.shardScript(0), as: UTF8.self) == "DaybookSearch.terms(0, \"\");\n")
        #expect(String(decoding: try index.manifest(), as: UTF8.self).contains("\"terms\":[\"\"]"))
    }
}
