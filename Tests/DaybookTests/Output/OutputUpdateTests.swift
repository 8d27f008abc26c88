@testable import DaybookSite
import Foundation
import Testing

/// A build into an output Daybook wrote before updates it in place: only
/// files whose bytes changed are written, files no longer made are removed,
/// and the result is the tree a first build into an empty folder makes.
@Suite struct OutputUpdateTests {
    /// Each output file's modification time (the memory's clock counts every write).
    func stamps(_ site: TestSite) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: site.outputFiles().map { ($0, site.io.attributes(site.output.appendingPathComponent($0).path)?.modified ?? -1) })
    }

    /// The output as a first build into `fresh/` makes it.
    func freshBuild(_ site: TestSite) throws -> [String: Data] {
        var options = site.options()
        options.outputDirectory = site.root.appendingPathComponent("fresh")
        try? site.io.remove(options.outputDirectory.path)
        try SiteBuilder.build(options)
        return IncrementalBuildTests.tree(site, options.outputDirectory)
    }

    @Test func aRebuildWritesOnlyTheFilesWhoseBytesChanged() throws {
        let site = try IncrementalBuildTests.sampleSite()
        try site.build()
        let first = stamps(site)
        try site.build()
        #expect(stamps(site) == first)

        let path = "content/diary/2026/2026-11-18.md"
        try site.write(path, String(decoding: try site.io.read(site.root.appendingPathComponent(path).path), as: UTF8.self) + "\nZebrafinch.\n")
        try site.build()
        let now = stamps(site)
        let written = now.keys.filter { now[$0] != first[$0] }
        #expect(written.contains("diary/2026/2026-11-18/index.html"))
        #expect(!written.contains("index.html") && !written.contains("style.css") && written.count < first.count / 4)
        #expect(IncrementalBuildTests.tree(site, site.output) == (try freshBuild(site)))
    }

    @Test func filesNoLongerMadeGoWithTheFoldersTheyLeaveEmpty() throws {
        let site = try IncrementalBuildTests.sampleSite()
        try site.build()
        #expect(site.outputHas("diary/2026/2026-11-18/index.html"))
        try site.io.remove(site.root.appendingPathComponent("content/diary/2026/2026-11-18.md").path)
        try site.write("public/stray/deep/page.html", "not made by this build")
        try site.io.createFolders(site.output.appendingPathComponent("empty/folder").path)
        try site.build()
        #expect(!site.io.exists(site.output.appendingPathComponent("diary/2026/2026-11-18").path))
        #expect(!site.io.exists(site.output.appendingPathComponent("stray").path))
        #expect(!site.io.exists(site.output.appendingPathComponent("empty").path))
        #expect(IncrementalBuildTests.tree(site, site.output) == (try freshBuild(site)))
    }

    /// A file where a folder is now made, and a folder where a file is.
    @Test func aFileAndAFolderTradePlaces() throws {
        let site = try IncrementalBuildTests.sampleSite()
        try site.build()
        try site.io.remove(site.output.appendingPathComponent("diary/2026/2026-11-18").path)
        try site.write("public/diary/2026/2026-11-18", "a file where a folder belongs")
        try site.write("public/style.css/old.css", "a folder where a file belongs")
        try site.build()
        #expect(IncrementalBuildTests.tree(site, site.output) == (try freshBuild(site)))
    }

    /// Killed (here: failing) while it replaces files, a build leaves the
    /// marker's mark; the next build finishes the update, the checkout's
    /// `.git` untouched, and no staging folder is left beside the output.
    @Test func anInterruptedUpdateIsMarkedAndTheNextBuildFinishesIt() throws {
        let site = try IncrementalBuildTests.sampleSite()
        try site.build()
        try site.write("public/.git/HEAD", "ref: refs/heads/gh-pages\n")
        for day in ["2026-11-18", "2026-11-22"] {
            let path = "content/diary/2026/\(day).md"
            try site.write(path, String(decoding: try site.io.read(site.root.appendingPathComponent(path).path), as: UTF8.self) + "\nEdited.\n")
        }
        var options = site.options()
        let move = options.io.move, moved = Counter()
        options.io.move = { from, to throws(FileIOError) in
            if from.contains(".building-"), moved.next() == 1 { throw FileIOError(path: to, reason: "No space left on device") }
            try move(from, to)
        }
        #expect { try SiteBuilder.build(options) } throws: { "\($0)".contains("the next build finishes the update") }
        #expect(site.read(".daybook-output") == OutputGuard.markerFirstLine + "\n" + OutputGuard.unfinishedMark + "\n")
        try site.build()
        #expect(site.read(".daybook-output") == OutputGuard.markerFirstLine + "\n")
        #expect(site.read(".git/HEAD") == "ref: refs/heads/gh-pages\n")
        var tree = IncrementalBuildTests.tree(site, site.output)
        tree[".git/HEAD"] = nil
        #expect(tree == (try freshBuild(site)))
        #expect(try site.rootNames() == ["content", "fresh", "public"])
    }

    /// A build that fails for the content changes nothing, and leaves nothing beside the output.
    @Test func aFailedUpdateChangesNothing() throws {
        let site = try IncrementalBuildTests.sampleSite()
        try site.build()
        let before = IncrementalBuildTests.tree(site, site.output), times = stamps(site)
        try site.write("content/diary/2026/2026-11-18.md", "---\ntitle: [unclosed\n---\nBroken.\n")
        #expect(!site.failingBuild().isEmpty)
        #expect(IncrementalBuildTests.tree(site, site.output) == before)
        #expect(stamps(site) == times)
        #expect(try site.rootNames() == ["content", "public"])
    }

    /// `serve` starting on the output of an earlier build writes none of its files.
    @Test func serveStartsOnAnOutputWithoutWritingIt() throws {
        let site = try IncrementalBuildTests.sampleSite()
        try site.build()
        let first = stamps(site)
        let memory = ServeMemory()
        try SiteBuilder.build(site.options(), memory: memory)
        #expect(memory.filesChanged == 0)
        #expect(stamps(site) == first)
        // Its memory then knows every file: a rebuild writes nothing either.
        try SiteBuilder.build(site.options(), memory: memory)
        #expect(memory.filesChanged == 0)
        #expect(stamps(site) == first)
    }

    /// The disk's comparison, a piece at a time: equal, shorter, longer, one byte off, missing, a folder.
    @Test func theDiskTellsWhetherAFileHoldsTheBytes() throws {
        let site = try TestSite(onDisk: true)
        defer { site.remove() }
        let big = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = site.root.appendingPathComponent("file").path
        try FileIO.disk.write(path, big)
        #expect(FileIO.disk.holds(path, big))
        #expect(!FileIO.disk.holds(path, Array(big.dropLast())))
        #expect(!FileIO.disk.holds(path, big + [0]))
        var changed = big
        changed[150_000] ^= 1
        #expect(!FileIO.disk.holds(path, changed))
        #expect(!FileIO.disk.holds(path + "-missing", []))
        #expect(!FileIO.disk.holds(site.root.path, []))
        try FileIO.disk.write(path, [])
        #expect(FileIO.disk.holds(path, []))
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int { lock.withLock { count += 1; return count } }
}
