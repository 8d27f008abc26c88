@testable import DaybookSite
import Foundation
import Testing

/// Issue 44's leak test: with `private: { publish: encrypted }`, a private
/// item of every registered kind (`PrivacyPropertyTests.kindsWritten`, which
/// `itsItemsAreOfEveryRegisteredKind` holds to the registry) reaches the
/// published files as ciphertext or not at all. Every file is read decoded
/// (the search index's chunks inflated, JSON and HTML escapes and percent
/// encoding undone): none holds a private item's marker or title, and its
/// date and file names occur in each file exactly as often as in the same
/// site built with private items left out.
@Suite struct SealedLeakTests {
    typealias Item = PrivacyPropertyTests.Item
    static let passphrase = "the heron waits by the cold river"
    static let kinds = PrivacyPropertyTests.kindsWritten

    /// One private item of every kind (indices 0..<kinds, so a marker names one item), then one public item of each.
    static let items = kinds.indices.map { Item(kind: $0, flag: .hidden) } + kinds.indices.map { Item(kind: $0, flag: .shown) }

    /// The private item a file of the content is of, if any.
    static func privateIndex(_ path: String, _ text: String) -> Int? {
        (path + text).firstMatch(of: /privatemark(\d+)x/).map { Int($0.1)! }
    }

    /// `PrivacyPropertyTests.files`, each private item's title with a Hangul word of its own besides its marker,
    /// and each image beside an entry shown in it.
    static func files(encrypted: Bool) -> [String: String] {
        var files = PrivacyPropertyTests.files(items).merging(ReadingLogKindTests.templates) { $1 }
        for (path, text) in files {
            if let index = privateIndex(path, text) {
                files[path] = text.replacingOccurrences(of: "title: ", with: "title: 숨은제목\(index) ")
                    .replacingOccurrences(of: "Body ", with: "Body <img src=\"raw-\(index).png\" alt=\"raw\"> ")
            }
        }
        // After the titles: each entry's text is whole by then.
        for path in Array(files.keys) {
            if let image = path.wholeMatch(of: /content\/diary\/2026\/([0-9-]+)\/(.+\.svg)/) {
                files["content/diary/2026/\(image.1).md", default: ""] += "\n![A figure](\(image.1)/\(image.2))\n"
            }
        }
        if encrypted { files["content/site.yml", default: ""] += "private:\n  publish: encrypted\n" }
        return files
    }

    /// What must be in no published file: the item's marker and its title's own word.
    static func hidden(_ index: Int) -> [String] { [PrivacyPropertyTests.marker(index, .hidden), "숨은제목\(index)"] }

    /// What a public page may say anyway (a public entry links to the private day; a calendar has every day),
    /// so it must occur no more often than with the item left out: its day as written and as shown, its files' names.
    static func counted(_ index: Int, sources: [String]) -> [String] {
        let day = PrivacyPropertyTests.day(index)
        let dayOfMonth = index + 1
        let names = sources.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
        // An entry's file is named after its day: each word once.
        return Array(Set([day, day.replacingOccurrences(of: "-", with: "/"), "November \(dayOfMonth)", "Nov \(dayOfMonth)"] + names))
    }

    /// A file's text as a reader of it sees it: compressed search chunks inflated, `\u` escapes of JSON and
    /// JavaScript, HTML character references and URLs' percent-encoding undone, lowercased.
    static func decoded(_ site: TestSite, _ path: String) -> String {
        var text = site.text(path)
        text = text.replacing(/\\u([0-9a-fA-F]{4})/) { String(UnicodeScalar(UInt32($0.1, radix: 16)!).map(Character.init) ?? "?") }
        text = text.replacing(/&#[xX]([0-9a-fA-F]+);/) { String(UnicodeScalar(UInt32($0.1, radix: 16)!).map(Character.init) ?? "?") }
        text = text.replacing(/&#([0-9]+);/) { String(UnicodeScalar(UInt32($0.1)!).map(Character.init) ?? "?") }
        for (reference, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: reference, with: character)
        }
        // Every day of a calendar carries its date for sealed.js, private or not (`CalendarPages.DayCell.sealedDay`).
        text = text.replacing(/\ data-day="\d{4}-\d{2}-\d{2}"/, with: "")
        // Runs of %XX as UTF-8 (a Hangul syllable is three), each decoded alone when they are not.
        text = text.replacing(/(?:%[0-9a-fA-F]{2})+/) { $0.0.removingPercentEncoding ?? String($0.0) }
        return (path + "\n" + text).lowercased()
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle.lowercased()).count - 1 }

    @Test func noPrivateItemOfAnyKindIsPublishedInTheClear() throws {
        var plain = try TestSite(Self.files(encrypted: false))
        var encrypted = try TestSite(Self.files(encrypted: true))
        defer {
            plain.remove()
            encrypted.remove()
        }
        // Every registered kind, and the one the test target adds.
        plain.features = ReadingLogKindTests.features
        encrypted.features = ReadingLogKindTests.features
        encrypted.passphrase = Self.passphrase
        try plain.build()
        try encrypted.build()

        let contentFiles = Self.files(encrypted: false).filter { $0.key.hasPrefix("content/") }
        let privateItems = Self.kinds.indices
        // The encrypted build publishes the same files, and the unlock page and files of 32 hex digits under sealed/ besides.
        let before = Set(plain.outputFiles()), after = Set(encrypted.outputFiles())
        #expect(before.subtracting(after) == [])
        let added = after.subtracting(before)
        let named: Set = ["unlock/index.html", "sealed/index.bin", "sealed/search.bin"]
        #expect(added.isSuperset(of: named))
        #expect(added.filter { !named.contains($0) && $0.wholeMatch(of: /sealed\/[0-9a-f]{32}\.bin/) == nil } == [])

        var leaks: [String] = []
        for path in after.sorted() {
            let text = Self.decoded(encrypted, path)
            let shownBefore = before.contains(path) ? Self.decoded(plain, path) : ""
            for index in privateItems {
                for word in Self.hidden(index) where Self.count(word, in: text) > 0 { leaks.append("\(path): \(word)") }
                let sources = contentFiles.filter { Self.privateIndex($0.key, $0.value) == index }.keys
                for word in Self.counted(index, sources: Array(sources)) where Self.count(word, in: text) != Self.count(word, in: shownBefore) {
                    leaks.append("\(path): \(word) \(Self.count(word, in: text)) times, \(Self.count(word, in: shownBefore)) left out")
                }
            }
            // A page differs from the left-out build's only to reach the encrypted part (its script, the service worker's list).
            if before.contains(path), encrypted.data(path) != plain.data(path), !text.contains("sealed") {
                leaks.append("\(path): differs without reaching the encrypted part")
            }
        }
        #expect(leaks == [])

        // What the encrypted part holds: each entry's, page's and deck's item, which the passphrase opens; the other
        // kinds' private items (workouts, the test's reading log) have no encrypted form and are in no file at all.
        let state = try #require(SealState.read(SealedPart.statePath(encrypted.options().cacheDirectory), io: encrypted.io))
        let key = try SealKey(passphrase: Self.passphrase, salt: state.saltBytes, iterations: state.iterations)
        // An image's file holds its bytes in base64; an entry's or page's, its HTML.
        struct Image: Decodable { let data: String }
        struct Shown: Decodable { let html: String? }
        let plaintexts = try added.filter { $0.hasPrefix("sealed/") }.map { path in
            let id = String(path.dropFirst("sealed/".count).dropLast(".bin".count))
            return Data(try Sealer.open(Array(try #require(encrypted.data(path))), as: id, key: key.content))
        }
        let opened = plaintexts.map { plaintext in
            let image = (try? JSONDecoder().decode(Image.self, from: plaintext)).flatMap { Data(base64Encoded: $0.data) }
            return String(decoding: image ?? plaintext, as: UTF8.self)
        }.joined(separator: "\n")
        let html = plaintexts.compactMap { try? JSONDecoder().decode(Shown.self, from: $0).html }.joined(separator: "\n")
        // The private entry's drawing is sealed, and its page names it by its file's name only.
        #expect(opened.contains("<title>\(PrivacyPropertyTests.marker(4, .hidden))</title>"))
        // Raw HTML's image of a private entry asks the server for nothing.
        #expect(html.contains(#"<img src="" alt="raw">"#) && !html.contains("raw-0.png"))
        #expect(html.contains(#"<p><img data-sealed="\#(key.name(of: "diary/2026/2026-11-05/photo-privatemark4x.svg"))" alt="A figure">"#))
        let sealedKinds: [any ContentKind.Type] = [DiaryKind.self, VocabKind.self, PagesKind.self]
        // The private search index finds each sealed item by its title's word, and holds nothing of the others.
        let search = String(decoding: try Sealer.open(Array(try #require(encrypted.data("sealed/search.bin"))), as: "search", key: key.content),
                            as: UTF8.self)
        for index in privateItems {
            let isSealed = sealedKinds.contains { $0 == Self.kinds[index] }
            #expect(opened.contains(PrivacyPropertyTests.marker(index, .hidden)) == isSealed, "item \(index): \(Self.kinds[index])")
            #expect(search.contains("숨은제목\(index)") == isSealed, "item \(index) in the private search index: \(Self.kinds[index])")
        }
        // Public items are the public index's alone.
        #expect(!search.contains(PrivacyPropertyTests.marker(0, .shown)) && !search.contains(PrivacyPropertyTests.marker(1, .shown)))
    }
}
