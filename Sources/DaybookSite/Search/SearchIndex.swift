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

/// The search index as files a browser loads only in part (docs/site.md, issue 8):
///
/// - `search/index.js`, the manifest: how many term shards there are, and per
///   kind which documents it holds, how they are chunked, and where each month
///   begins (for the year filter and to rank kinds together by date).
/// - `search/terms/N.js`: the keys (`SearchText`) that hash to shard N, each
///   with the documents that have it in their title and, apart, in their body.
/// - `search/docs/N.js`: a chunk of documents (title, address, date, text,
///   tags), deflated, loaded for the results shown and their snippets.
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
    }

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
    /// The keys of each term shard, sorted.
    let shards: [[Entry]]
    /// The documents of each chunk.
    let chunks: [Range<Int>]

    /// - Parameters:
    ///   - shardBytes: about how large a term shard may grow before the keys are spread over more.
    ///   - chunkBytes: about how large a chunk of documents is before it is deflated.
    init(records: [SearchPages.Record], shardBytes: Int = 24_000, chunkBytes: Int = 20_000) {
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
        let estimate = entries.reduce(0) { $0 + $1.key.utf8.count + 3 + ($1.title.count + $1.body.count) * 3 / 2 }
        let count = max(1, (estimate + shardBytes - 1) / shardBytes)
        var shards = [[Entry]](repeating: [], count: count)
        for entry in entries { shards[SearchText.shard(of: entry.key, count: count)].append(entry) }
        self.shards = shards
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

    /// `window.DAYBOOK_SEARCH = {…};`
    func manifest() throws(Diagnostic) -> [UInt8] {
        struct Manifest: Encodable {
            let shards: Int
            let parts: [Part]
        }
        return Array("window.DAYBOOK_SEARCH = ".utf8) + Array(try PublishedJSON.encode(Manifest(shards: shards.count, parts: parts), for: Routes.searchIndex)) + Array(";\n".utf8)
    }

    /// `DaybookSearch.terms(N, "key,title,body key,title,body …");` Keys are
    /// letters and digits only, so neither separator nor quote can occur in them.
    func shardScript(_ number: Int) -> [UInt8] {
        var text = Array("DaybookSearch.terms(\(number), \"".utf8)
        for (index, entry) in shards[number].enumerated() {
            if index > 0 { text.append(UInt8(ascii: " ")) }
            text += entry.key.utf8
            text.append(UInt8(ascii: ","))
            PostingCode.append(entry.title, to: &text)
            text.append(UInt8(ascii: ","))
            PostingCode.append(entry.body, to: &text)
        }
        text += Array("\");\n".utf8)
        return text
    }

    /// `DaybookSearch.docs(N, [[title, url, date, tag…], …], "…");`, the
    /// last argument the texts, `[text, …]` as JSON, deflated and in `Z85`.
    /// The texts are nine tenths of the index, and a browser cannot unzip a
    /// script it loads from disk, so the page inflates them itself (a third
    /// of the bytes on a diary); a browser that cannot still shows the results.
    func chunkScript(_ number: Int) -> [UInt8] {
        let documents = documents[chunks[number]]
        var script = Array("DaybookSearch.docs(\(number), [".utf8)
        for (index, document) in documents.enumerated() {
            if index > 0 { script.append(UInt8(ascii: ",")) }
            JSONStrings.append([document.title, document.url, document.date?.iso ?? ""] + document.tags, to: &script)
        }
        script += "], ".utf8
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

/// Ascending document numbers as text: each gap (minus one) in base 32, most
/// significant digit first; the last digit of a number from one alphabet, the
/// others from another, so no separators are needed. Most gaps take one byte.
enum PostingCode {
    static let last = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ012345".utf8)
    static let more = Array("abcdefghijklmnopqrstuvwxyz6789+/".utf8)

    static func append(_ numbers: some Collection<Int32>, to text: inout [UInt8]) {
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
