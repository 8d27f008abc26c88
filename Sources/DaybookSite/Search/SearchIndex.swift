import Foundation

/// What a search record is: one per kind of page, in this order in the index.
/// What a search result is, for the kind filter (labelled by the translation
/// `search_kind_NAME`): each feature declares its own (`SearchKind.diary` in
/// `Diary/DiaryPages.swift`), so a new one edits no list.
struct SearchKind: Hashable, Sendable {
    let rawValue: String
    /// Where its documents come in the index and the filter: by this, then by name.
    let rank: Int
    init(_ name: String, rank: Int) {
        rawValue = name
        self.rank = rank
    }
}

/// The search index as files a browser loads only in part (docs/site.md,
/// issues 8 and 41: a query loads a few small files):
///
/// - `search/index.js`, the manifest: the first key of each term shard, and
///   per kind which documents it holds, how they are chunked, and where each
///   month begins (for the year filter and to rank kinds together by date).
/// - `search/terms/N.js`: a run of keys (`SearchText`) in sorted order, of
///   about `shardBytes`, each with the documents that have it in their title
///   and, apart, in their body. A prefix that begins many keys also has an
///   entry of its own (`prefixEntries`), so that a prefix query reads one
///   entry instead of every key it begins.
/// - `search/docs/N.js`: a chunk of a few documents (title, address, date,
///   text, tags), deflated, loaded for the results shown and their snippets.
///
/// Documents are numbered kind by kind, newest first, so a kind or a year is a
/// range of numbers and nothing per document goes into the manifest. Every
/// file is a script that registers itself, since browsers refuse fetch() on
/// files from disk.
struct SearchIndex: Sendable {
    struct Entry: Sendable, Equatable {
        let key: String
        /// Documents with the key in their title, ascending.
        var title: ArraySlice<Int32> = []
        /// Documents with the key in their tags or text but not their title, ascending.
        var body: ArraySlice<Int32> = []

        /// About how many bytes the entry takes in its shard.
        var bytes: Int { key.utf8.count + 3 + PostingCode.count(title) + PostingCode.count(body) }
    }

    /// Ends the key of a prefix's own entry (`co*`): no key has it, and it
    /// sorts right after the prefix, before any longer key it begins.
    static let prefixMark = "*"

    /// A kind's documents: a range of numbers, chunked evenly.
    struct Part: Sendable, Encodable {
        let kind: String
        let start: Int
        let count: Int
        /// The first chunk of this kind, and how many documents each holds.
        let chunk: Int
        let per: Int
        /// `[yyyymm, first document]`, newest first; undated documents are month 0, last.
        let months: [[Int]]
    }

    /// The records in document order.
    let documents: [SearchPages.Record]
    let parts: [Part]
    /// The entries of each term shard: keys and prefixes, sorted as the page compares strings (by UTF-16).
    let shards: [[Entry]]
    /// The documents of each chunk.
    let chunks: [Range<Int>]

    /// - Parameters:
    ///   - shardBytes: how large a term shard may grow (one entry larger than this has a shard of its own).
    ///     A query reads one shard per word or pair, two for a prefix without an entry of its own.
    ///   - chunkBytes: about how large a chunk of documents is before it is deflated. The ten results
    ///     shown may lie in ten chunks: a few documents each (2–3 KB deflated) keep a query small.
    init(records: [SearchPages.Record], shardBytes: Int = 4_000, chunkBytes: Int = 5_000) {
        let order = Set(records.map(\.kind)).sorted { ($0.rank, $0.rawValue) < ($1.rank, $1.rawValue) }
        // Sorted as numbers, each record moved once (the index waits on this, with a core idle).
        let kinds = records.indices.map { order.firstIndex(of: records[$0].kind)! }
        let days = records.indices.map { records[$0].date?.daysSinceEpoch ?? .min }
        documents = records.indices.sorted { a, b in
            if kinds[a] != kinds[b] { return kinds[a] < kinds[b] }
            if days[a] != days[b] { return days[a] > days[b] }
            return a > b
        }.map { records[$0] }

        var parts: [Part] = []
        var chunks: [Range<Int>] = []
        var start = 0
        for kind in order {
            let ids = start..<(start + documents[start...].prefix { $0.kind == kind }.count)
            start = ids.upperBound
            guard !ids.isEmpty else { continue }
            let bytes = documents[ids].reduce(0) { $0 + $1.estimatedBytes }
            let per = max(1, min(256, chunkBytes * ids.count / max(1, bytes)))
            parts.append(Part(kind: kind.rawValue, start: ids.lowerBound, count: ids.count, chunk: chunks.count, per: per,
                              months: Self.monthStarts(documents, ids)))
            chunks += stride(from: ids.lowerBound, to: ids.upperBound, by: per).map { $0..<min($0 + per, ids.upperBound) }
        }
        self.parts = parts
        self.chunks = chunks

        let entries = Self.entries(documents)
        shards = Self.shards(entries + Self.prefixEntries(entries, over: shardBytes, documents: documents.count), bytes: shardBytes)
    }

    /// Each month's first document in `ids`, newest first.
    static func monthStarts(_ documents: [SearchPages.Record], _ ids: Range<Int>) -> [[Int]] {
        var months: [[Int]] = []
        for id in ids {
            let month = documents[id].date.map { $0.year * 100 + $0.month } ?? 0
            if months.last?[0] != month { months.append([month, id]) }
        }
        return months
    }

    /// Every key with its documents, sorted by key. Documents are read in
    /// slices on all cores; the slices' postings are joined in order.
    static func entries(_ documents: [SearchPages.Record]) -> [Entry] {
        let slice = 256
        let slices = Array(0..<(documents.count + slice - 1) / slice).parallelMap { number in
            var postings = SlicePostings()
            for id in (number * slice)..<min((number + 1) * slice, documents.count) {
                let record = documents[id]
                postings.startDocument(Int32(id))
                SearchText.keys(record.title, into: &postings)
                postings.inTitle = false
                for tag in record.tags { SearchText.keys(tag, into: &postings) }
                SearchText.keys(record.text, into: &postings)
            }
            return postings
        }
        // Number the keys of all slices, then lay out every key's postings in
        // one array: its title documents, then its body documents.
        var keys = SearchKeyNumbers()
        let numbers = slices.map { $0.keys.keys.map { keys.number($0) } }
        var titleCounts = [Int](repeating: 0, count: keys.keys.count), bodyCounts = titleCounts
        for (postings, numbers) in zip(slices, numbers) {
            for hit in postings.hits {
                if hit & 1 == 0 { titleCounts[numbers[Int(hit >> 1)]] += 1 } else { bodyCounts[numbers[Int(hit >> 1)]] += 1 }
            }
        }
        var titleNext = [Int](repeating: 0, count: keys.keys.count), bodyNext = titleNext
        var total = 0
        for key in keys.keys.indices {
            titleNext[key] = total
            bodyNext[key] = total + titleCounts[key]
            total += titleCounts[key] + bodyCounts[key]
        }
        let starts = titleNext
        var all = [Int32](repeating: 0, count: total)
        for (postings, numbers) in zip(slices, numbers) {
            postings.forEachDocument { document, hits in
                for hit in hits {
                    let key = numbers[Int(hit >> 1)]
                    if hit & 1 == 0 {
                        all[titleNext[key]] = document
                        titleNext[key] += 1
                    } else {
                        all[bodyNext[key]] = document
                        bodyNext[key] += 1
                    }
                }
            }
        }
        return keys.keys.indices.sorted { keys.keys[$0] < keys.keys[$1] }.map { key in
            Entry(key: keys.keys[key].string, title: all[starts[key]..<titleNext[key]], body: all[titleNext[key]..<bodyNext[key]])
        }
    }

    /// The prefixes a query looks up (a word's first two letters or more, the
    /// first character of a pair) that begin two or more keys whose entries
    /// take more than `bytes` together, each as one entry `prefix*`: the
    /// documents with any of those keys in their title, then those with one
    /// in their body only. A prefix without an entry of its own begins keys
    /// of at most `bytes`, which lie in at most two shards of that size (and
    /// the page may read the one before, when they begin a shard).
    /// - Parameter entries: sorted by key, as `entries(_:)` gives them.
    static func prefixEntries(_ entries: [Entry], over bytes: Int, documents: Int) -> [Entry] {
        let scalars = entries.map { Array($0.key.unicodeScalars) }
        let sizes = entries.map(\.bytes)
        var found: [Entry] = []
        // Per document: 1 once met in the prefix being joined.
        var seen = [UInt8](repeating: 0, count: documents)
        for length in stride(from: 1, through: scalars.lazy.map(\.count).max() ?? 0, by: 1) {
            var start = 0
            while start < entries.count {
                let key = scalars[start]
                guard key.count >= length, SearchText.isPaired(key[0]) == (length == 1) else {
                    start += 1
                    continue
                }
                let prefix = key[..<length]
                var end = start + 1, total = sizes[start]
                while end < entries.count, scalars[end].starts(with: prefix) {
                    total += sizes[end]
                    end += 1
                }
                if end - start > 1, total > bytes {
                    found.append(union(entries[start..<end], key: String(String.UnicodeScalarView(prefix)) + prefixMark, seen: &seen))
                }
                start = end
            }
        }
        return found
    }

    /// One entry with the documents of `entries`: in a title of any, or else in a body of any.
    private static func union(_ entries: ArraySlice<Entry>, key: String, seen: inout [UInt8]) -> Entry {
        var title: [Int32] = [], body: [Int32] = []
        for entry in entries {
            for document in entry.title where seen[Int(document)] == 0 {
                title.append(document)
                seen[Int(document)] = 1
            }
        }
        for entry in entries {
            for document in entry.body where seen[Int(document)] == 0 {
                body.append(document)
                seen[Int(document)] = 1
            }
        }
        for document in title + body { seen[Int(document)] = 0 }
        return Entry(key: key, title: ArraySlice(title.sorted()), body: ArraySlice(body.sorted()))
    }

    /// Entries in runs of at most `bytes` (or one larger entry alone), in the
    /// order the page compares strings, so that it finds a key's shard from
    /// the first keys in the manifest.
    static func shards(_ entries: [Entry], bytes: Int) -> [[Entry]] {
        var shards: [[Entry]] = [[]]
        var size = 0
        for entry in entries.sorted(by: { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }) {
            let entrySize = entry.bytes
            if !shards[shards.count - 1].isEmpty, size + entrySize > bytes {
                shards.append([])
                size = 0
            }
            shards[shards.count - 1].append(entry)
            size += entrySize
        }
        return shards
    }

    struct Manifest: Encodable {
        /// Each term shard's first key.
        let terms: [String]
        let parts: [Part]
    }

    var manifestFields: Manifest { Manifest(terms: shards.map { $0.first?.key ?? "" }, parts: parts) }

    /// `window.DAYBOOK_SEARCH = {…};`
    func manifest() throws(Diagnostic) -> [UInt8] {
        Array("window.DAYBOOK_SEARCH = ".utf8) + Array(try PublishedJSON.encode(manifestFields, for: Routes.searchIndex)) + Array(";\n".utf8)
    }

    /// `DaybookSearch.terms(N, "key,title,body key,title,body …");` Keys are
    /// letters and digits only (and a prefix's mark), so neither separator nor quote can occur in them.
    func shardScript(_ number: Int) -> [UInt8] {
        var text = Array("DaybookSearch.terms(\(number), \"".utf8)
        appendShard(number, to: &text)
        text += Array("\");\n".utf8)
        return text
    }

    private func appendShard(_ number: Int, to text: inout [UInt8]) {
        for (index, entry) in shards[number].enumerated() {
            if index > 0 { text.append(UInt8(ascii: " ")) }
            text += entry.key.utf8
            text.append(UInt8(ascii: ","))
            PostingCode.append(entry.title, to: &text)
            text.append(UInt8(ascii: ","))
            PostingCode.append(entry.body, to: &text)
        }
    }

    /// The whole index as one JSON document, for the encrypted part (`sealed/search.bin`, docs/privacy.md):
    /// `{"manifest": {…}, "shards": ["key,title,body …", …], "docs": [[[[title, url, date, tag…], …], [text, …]], …]}`,
    /// what the scripts of a public index hold, the texts as they are (the file is opened whole, in one piece).
    func sealedJSON() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var json = Array(#"{"manifest":"#.utf8) + Array(try encoder.encode(manifestFields)) + Array(#","shards":["#.utf8)
        for number in shards.indices {
            if number > 0 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "\""))
            appendShard(number, to: &json)
            json.append(UInt8(ascii: "\""))
        }
        json += #"],"docs":["#.utf8
        for number in chunks.indices {
            if number > 0 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "["))
            appendRows(number, to: &json)
            json.append(UInt8(ascii: ","))
            JSONStrings.append(documents[chunks[number]].lazy.map(\.text), to: &json)
            json.append(UInt8(ascii: "]"))
        }
        json += "]}".utf8
        return json
    }

    /// `[[title, url, date, tag…], …]`: a chunk's documents without their texts.
    private func appendRows(_ number: Int, to script: inout [UInt8]) {
        script.append(UInt8(ascii: "["))
        for (index, document) in documents[chunks[number]].enumerated() {
            if index > 0 { script.append(UInt8(ascii: ",")) }
            JSONStrings.append([document.title, document.url, document.date?.iso ?? ""] + document.tags, to: &script)
        }
        script.append(UInt8(ascii: "]"))
    }

    /// `DaybookSearch.docs(N, [[title, url, date, tag…], …], "…");`, the
    /// last argument the texts, `[text, …]` as JSON, deflated and in `Z85`.
    /// The texts are nine tenths of the index, and a browser cannot unzip a
    /// script it loads from disk, so the page inflates them itself (a third
    /// of the bytes on a diary); a browser that cannot still shows the results.
    func chunkScript(_ number: Int) -> [UInt8] {
        let documents = documents[chunks[number]]
        var script = Array("DaybookSearch.docs(\(number), ".utf8)
        appendRows(number, to: &script)
        script += ", ".utf8
        var texts: [UInt8] = []
        JSONStrings.append(documents.lazy.map(\.text), to: &texts)
        // Should compressing ever fail, the page reads the texts as they are too.
        if let packed = Deflate.raw(texts) {
            script.append(UInt8(ascii: "\""))
            Z85.append(packed, to: &script)
            script.append(UInt8(ascii: "\""))
        } else {
            script += texts
        }
        script += ");\n".utf8
        return script
    }
}

/// Ascending document numbers as text, in the shorter of two codes:
/// - each gap (minus one) in base 32, most significant digit first; the last
///   digit of a number from one alphabet, the others from another, so no
///   separators are needed. Most gaps of a rare key take one byte.
/// - `~` and a bitmap, six documents to a character (`last` then `more`, 0–63;
///   document 6i + b is bit b of character i), for a key in many documents: at
///   most a sixth of a byte per document, however common the key.
enum PostingCode {
    static let last = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ012345".utf8)
    static let more = Array("abcdefghijklmnopqrstuvwxyz6789+/".utf8)
    static let bitmapMark = UInt8(ascii: "~")

    static func append(_ numbers: some Collection<Int32>, to text: inout [UInt8]) {
        if bitmapCount(numbers) < gapCount(numbers) {
            appendBitmap(numbers, to: &text)
        } else {
            appendGaps(numbers, to: &text)
        }
    }

    /// The bytes `append` writes.
    static func count(_ numbers: some Collection<Int32>) -> Int { min(gapCount(numbers), bitmapCount(numbers)) }

    static func gapCount(_ numbers: some Collection<Int32>) -> Int {
        var previous: Int32 = -1, count = 0
        for number in numbers {
            var gap = Int(number - previous - 1)
            previous = number
            count += 1
            while gap >= 32 {
                gap >>= 5
                count += 1
            }
        }
        return count
    }

    static func bitmapCount(_ numbers: some Collection<Int32>) -> Int {
        guard let last = numbers.max() else { return 0 }
        return 1 + Int(last) / 6 + 1
    }

    static func appendGaps(_ numbers: some Collection<Int32>, to text: inout [UInt8]) {
        var previous: Int32 = -1
        for number in numbers {
            let gap = Int(number - previous - 1)
            previous = number
            var shift = 0
            while gap >> (shift + 5) > 0 { shift += 5 }
            while shift > 0 {
                text.append(more[(gap >> shift) & 31])
                shift -= 5
            }
            text.append(last[gap & 31])
        }
    }

    static func appendBitmap(_ numbers: some Collection<Int32>, to text: inout [UInt8]) {
        var bits = [Int](repeating: 0, count: bitmapCount(numbers) - 1)
        for number in numbers { bits[Int(number) / 6] |= 1 << (Int(number) % 6) }
        text.append(bitmapMark)
        for value in bits { text.append(value < 32 ? last[value] : more[value - 32]) }
    }
}

/// The keys of a slice of documents, numbered in the slice, and which
/// document has each: once per document, in its title or else in its body.
struct SlicePostings: SearchKeySink {
    var keys = SearchKeyNumbers()
    /// Document by document: a key's number times two, plus one for the body.
    private(set) var hits: [UInt32] = []
    /// The documents read, and where each one's hits start.
    private(set) var documents: [Int32] = []
    private(set) var starts: [Int] = []
    /// Whether the keys now read are the title's.
    var inTitle = true
    /// Per key: the last document it was a hit of.
    private var lastDocument: [Int32] = []

    /// Starts the next document with its title.
    mutating func startDocument(_ document: Int32) {
        documents.append(document)
        starts.append(hits.count)
        inTitle = true
    }

    mutating func add(_ key: SearchKey) {
        let number = keys.number(key), document = documents[documents.count - 1]
        if number == lastDocument.count { lastDocument.append(-1) }
        guard lastDocument[number] != document else { return }
        lastDocument[number] = document
        hits.append(UInt32(number) << 1 | (inTitle ? 0 : 1))
    }

    /// Each document with its hits.
    func forEachDocument(_ body: (Int32, ArraySlice<UInt32>) -> Void) {
        for (index, document) in documents.enumerated() {
            body(document, hits[starts[index]..<(index + 1 < starts.count ? starts[index + 1] : hits.count)])
        }
    }
}

extension SearchPages.Record {
    /// About how many bytes the record takes in a chunk.
    var estimatedBytes: Int { title.utf8.count + url.utf8.count + text.utf8.count + tags.reduce(0) { $0 + $1.utf8.count + 3 } + 30 }
}
