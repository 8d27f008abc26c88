@testable import DaybookSite
import Foundation
import Testing

/// `daybook build` records each page's key and how its file was left
/// (`PageRecord`, in `.daybook-cache/`): the next build renders only pages
/// whose key or file changed. Whatever changed — an input of any kind, an
/// option, the output by hand, the record itself — its output must be
/// exactly what a clean build makes.
@Suite struct PageRecordTests {
    /// Builds into public/ (with the last build's record) and clean into
    /// fresh/; the two must match byte for byte, warnings and errors too.
    /// Returns how many pages the first kept, nil when the builds failed.
    @discardableResult
    static func compare(_ site: TestSite, _ options: BuildOptions, step: String, mustBuild: Bool = false) -> Int? {
        var options = options
        let before = tree(site, options.outputDirectory)
        let recorded = Result { try SiteBuilder.build(options) }
        let output = options.outputDirectory
        options.outputDirectory = site.root.appendingPathComponent("fresh")
        try? site.io.remove(options.outputDirectory.path)
        let clean = Result { try SiteBuilder.build(options) }
        switch (recorded, clean) {
        case let (.success(summary), .success(cleanSummary)):
            let (a, b) = (tree(site, output), tree(site, options.outputDirectory))
            #expect(!a.isEmpty)
            let differing = Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
            #expect(differing.isEmpty, "after \(step): \(differing.prefix(5))")
            #expect(summary.warnings == cleanSummary.warnings, "after \(step)")
            #expect(cleanSummary.pagesKept == 0)
            return differing.isEmpty ? summary.pagesKept : nil
        case let (.failure(error), .failure(cleanError)):
            #expect(!mustBuild, "after \(step): \(error)")
            #expect("\(error)" == "\(cleanError)", "after \(step)")
            #expect(tree(site, output) == before, "a failed build changed public/ after \(step)")
            return nil
        default:
            Issue.record("after \(step): recorded \(recorded), clean \(clean)")
            return nil
        }
    }

    /// Every file below `folder` with its bytes, in memory or on disk.
    static func tree(_ site: TestSite, _ folder: URL) -> [String: Data] {
        guard site.memory == nil else { return IncrementalBuildTests.tree(site, folder) }
        let paths = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
        return Dictionary(uniqueKeysWithValues: paths.compactMap { path in
            site.io.attributes(folder.appendingPathComponent(path).path)?.kind == .file
                ? (path, (try? site.io.read(folder.appendingPathComponent(path).path)) ?? Data()) : nil
        })
    }

    /// How many pages of a build with these options have a key (the others render every time).
    static func keyedPages(_ options: BuildOptions) throws -> Int {
        let (site, theme, _) = try SiteBuilder.prepare(options, makesKeys: true)
        return SitePlan(site, theme: theme).pageKeys().count { $0 != nil }
    }

    /// Where a build with these options keeps its record, and what it must share with the last.
    static func place(_ options: BuildOptions) throws -> PageRecord.Place {
        let (data, theme, _) = try SiteBuilder.prepare(options, makesKeys: true)
        return try #require(PageRecord.Place(options, SitePlan(data, theme: theme)))
    }

    static func recordPath(_ site: TestSite) throws -> String {
        let names = try site.io.list(site.root.appendingPathComponent(".daybook-cache").path).map(\.name).filter { $0.hasPrefix("pages-") }
        let place = try place(site.options())
        #expect(names.contains((place.path as NSString).lastPathComponent))
        return place.path
    }

    @Test func anUnchangedRebuildKeepsEveryKeyedPageAndWritesNothing() throws {
        let site = try IncrementalBuildTests.sampleSite()
        try site.build()
        let stamps = OutputUpdateTests().stamps(site)
        let kept = Self.compare(site, site.options(), step: "nothing")
        #expect(kept == (try Self.keyedPages(site.options())))
        #expect(try Self.keyedPages(site.options()) > site.outputFiles().count * 3 / 4)
        #expect(OutputUpdateTests().stamps(site) == stamps)
    }

    /// Every named edit of `serve`'s tests in turn (an entry's text, a deck,
    /// a theme's template and translation, site.yml, files beside entries…),
    /// each followed by a build with the last one's record.
    @Test func everyKindOfEditInTurnEndsAsACleanBuild() throws {
        var random = SystemRandomNumberGenerator()
        let site = try IncrementalBuildTests.sampleSite()
        try site.build()
        for (step, edit) in IncrementalBuildTests.Edit.allCases.enumerated() {
            let fix = try IncrementalBuildTests.apply(edit, in: site, step: step, random: &random)
            Self.compare(site, site.options(), step: "\(edit)", mustBuild: fix == nil)
            if let fix {
                try fix()
                Self.compare(site, site.options(), step: "\(edit) + fix", mustBuild: true)
            }
        }
    }

    /// Random edits of every registered kind's files and of site.yml (`KindEdits`), some undone.
    @Test func randomEditsEndAsACleanBuild() throws {
        var random = SystemRandomNumberGenerator()
        var site = try IncrementalBuildTests.sampleSite()
        try ReadingLogKindTests.register(in: &site)
        try site.write("content/reading/dune.md", ReadingLogKindTests.book("Dune", by: "Frank Herbert", finished: "2026-11-02"))
        try site.build()
        var done: [String] = []
        for step in 0..<12 {
            let (said, undo) = try KindEdits.apply(in: site, step: step, random: &random)
            done.append(said)
            Self.compare(site, site.options(), step: "\(done)")
            if Bool.random(using: &random) {
                try undo()
                done.append("undone")
                Self.compare(site, site.options(), step: "\(done)")
            }
        }
    }

    /// Another day, private items and drafts, another seed: each build is the clean build of its options.
    @Test func anotherOptionRendersAsACleanBuildWould() throws {
        let site = try IncrementalBuildTests.sampleSite()
        try site.build()
        let everything = Visibility(includePrivate: true, includeDrafts: true)
        for (step, options) in [("--today", site.options(today: "2026-11-24")), ("--include-private --drafts", site.options(today: "2026-11-24", visibility: everything)),
                                ("--drafts", site.options(today: "2026-11-24", visibility: Visibility(includePrivate: false, includeDrafts: true))),
                                ("--seed", site.options(today: "2026-11-24", seed: 7)), ("back", site.options())] {
            Self.compare(site, options, step: step, mustBuild: true)
        }
        // The same options twice: the second keeps its pages.
        #expect(Self.compare(site, site.options(), step: "again") == (try Self.keyedPages(site.options())))
    }

    /// A page's file edited by hand (to the same size) or deleted, a file
    /// added: the next build restores what it makes and removes the rest.
    @Test func aHandEditedOrDeletedFileIsMadeAgain() throws {
        let site = try IncrementalBuildTests.sampleSite()
        try site.build()
        let edited = "diary/2026/2026-11-18/index.html"
        let deleted = try #require(site.outputFiles().first { $0.hasPrefix("diary/2026/") && $0.hasSuffix("/index.html") && $0 != edited })
        let original = try #require(site.data(edited))
        try site.write("public/" + edited, Data(repeating: UInt8(ascii: "x"), count: original.count))
        try site.io.remove(site.output.appendingPathComponent(deleted).path)
        try site.write("public/diary/stray.html", "not made by any build")
        let kept = Self.compare(site, site.options(), step: "hand edits", mustBuild: true)
        #expect(site.data(edited) == original && site.outputHas(deleted) && !site.outputHas("diary/stray.html"))
        #expect(kept == (try Self.keyedPages(site.options())) - 2)
    }

    /// A record that is damaged, cut short, missing or of another output is not read: every page renders.
    @Test func aDamagedOrForeignRecordIsNotRead() throws {
        let site = try IncrementalBuildTests.sampleSite()
        try site.build()
        let path = try Self.recordPath(site)
        let whole = try site.io.read(path)
        var flipped = Array(whole)
        flipped[flipped.count / 2] ^= 1
        let fresh = site.root.appendingPathComponent("fresh")
        for (step, bytes) in [("a flipped bit", flipped), ("cut short", Array(whole.prefix(whole.count - 9))), ("empty", [])] {
            try site.io.write(path, bytes)
            #expect(Self.compare(site, site.options(), step: step, mustBuild: true) == 0)
        }
        try site.io.remove(path)
        #expect(Self.compare(site, site.options(), step: "missing", mustBuild: true) == 0)
        // fresh/'s record names fresh/, whose pages are the same: laid where public/'s is, it is not taken for it.
        var options = site.options()
        options.outputDirectory = fresh
        try SiteBuilder.build(options)
        try site.io.write(path, Array(try site.io.read(try Self.place(options).path)))
        #expect(Self.compare(site, site.options(), step: "fresh/'s record", mustBuild: true) == 0)
    }

    /// The record is written by a build that succeeded, and only into `.daybook-cache/`.
    @Test func theRecordIsKeptBesideTheContentNeverInTheOutput() throws {
        let site = try IncrementalBuildTests.sampleSite()
        try site.build()
        #expect(try Self.recordPath(site).hasPrefix(site.root.appendingPathComponent(".daybook-cache").path + "/"))
        #expect(!site.outputFiles().contains { $0.contains("pages-") })
        // An encoded record reads back as it was.
        let record = try #require(PageRecord(at: try Self.place(site.options()), io: site.io))
        #expect(record.entries.count == site.outputFiles().count - 1)
        #expect(PageRecord.decode(record.encoded(build: 7), build: 7)?.count == record.entries.count)
        #expect(PageRecord.decode(record.encoded(build: 7), build: 8) == nil)
    }

    /// A photo replaced by another under its name: the entry's page and the published sizes follow (on disk: libvips).
    @Test func aReplacedPhotoIsPublished() throws {
        let site = try TestSite(onDisk: true)
        defer { site.remove() }
        let sample = IncrementalBuildTests.sample
        for path in ["site.yml", "diary/2026/2026-11-20.md", "diary/2026/2026-11-20-snowman.jpg"] {
            try site.write("content/" + path, try Data(contentsOf: sample.appendingPathComponent(path)))
        }
        try site.build()
        try site.write("content/diary/2026/2026-11-20-snowman.jpg", try Data(contentsOf: sample.appendingPathComponent("diary/2026/2026-11-19-secret-cat.jpg")))
        Self.compare(site, site.options(), step: "photo replaced", mustBuild: true)
        #expect(Self.compare(site, site.options(), step: "again", mustBuild: true) == (try Self.keyedPages(site.options())))
    }

    /// An encrypted part opened by another passphrase: the pages that link it are the clean build's.
    @Test func anotherPassphraseRendersAsACleanBuildWould() throws {
        var site = try TestSite(SealedLeakTests.files(encrypted: true))
        site.passphrase = SealedLeakTests.passphrase
        try site.build()
        #expect(Self.compare(site, site.options(), step: "same passphrase", mustBuild: true) ?? 0 > 0)
        site.passphrase = "another long passphrase for the part"
        Self.compare(site, site.options(), step: "another passphrase", mustBuild: true)
    }
}

/// The keys a record compares are the same in every process: fixed bytes give a fixed hash.
@Suite struct StableHasherTests {
    @Test func aTextHashesTheSameInEveryProcess() {
        // SipHash-1-3 with Daybook's key over the text's bytes and their count (8 bytes, little-endian), computed by
        // a separate implementation (Python) and written down: Swift's `Hasher` would give other values in every run.
        #expect(StableHasher.hash(text: "") == 945_386_306_999_089_873)
        #expect(StableHasher.hash(text: "Daybook") == -4_361_931_241_249_624_123)
        #expect(StableHasher.hash(text: "첫눈이 내렸다") == -2_416_954_758_291_801_888)
        var a = StableHasher(), b = StableHasher()
        a.combine(text: "ab")
        a.combine(text: "c")
        b.combine(text: "a")
        b.combine(text: "bc")
        #expect(a.finalize() != b.finalize())
    }

    /// However the bytes are split among calls, the hash is of the bytes.
    @Test func bytesHashTheSameHoweverTheyAreSplit() {
        let bytes = Array((0..<100).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        var whole = StableHasher()
        bytes.withUnsafeBytes { whole.combine(bytes: $0) }
        for cut in [0, 1, 3, 7, 8, 9, 15, 64, 99] {
            var split = StableHasher()
            bytes[..<cut].withUnsafeBytes { split.combine(bytes: $0) }
            bytes[cut...].withUnsafeBytes { split.combine(bytes: $0) }
            #expect(split.finalize() == whole.finalize(), "cut at \(cut)")
        }
        // A number is its eight bytes, little-endian, wherever the bytes before it end.
        var number = StableHasher(), spelled = StableHasher()
        number.combine(bytes: UnsafeRawBufferPointer(start: bytes, count: 3))
        number.combine(UInt64(0x0807_0605_0403_0201))
        spelled.combine(bytes: UnsafeRawBufferPointer(start: bytes, count: 3))
        [UInt8](1...8).withUnsafeBytes { spelled.combine(bytes: $0) }
        #expect(number.finalize() == spelled.finalize())
    }
}
