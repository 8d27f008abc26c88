@testable import DaybookSite
import Foundation
import Testing

@Suite struct OutputGuardTests {
    func problem(_ output: String, file: Bool = false) -> String? {
        OutputGuard.problem(OutputGuard.Paths(output: output, content: "/home/me/site/content", themes: "/home/me/site/themes",
                                              workingFolder: "/home/me/site"), outputIsFile: file)
    }

    @Test func refusesEveryOutputThatHoldsOrIsTheSource() {
        #expect(problem("/home/me/site/content") == "it is the content folder")
        #expect(problem("/home/me/site/content/diary") == "it is inside the content folder")
        #expect(problem("/home/me/site") == "it contains the content folder")
        #expect(problem("/") == "it contains the content folder")
        #expect(problem("/home/me/site/themes/x") == "it is inside the themes folder")
        #expect(problem("/home/me/site/notes.txt", file: true) == "it is a file, and a build replaces the output whole")
        #expect(problem("/home/me/site/public") == nil)
        #expect(problem("/home/me/site/content-public") == nil)
        #expect(problem("/tmp/public") == nil)
    }

    @Test func theWorkingFolderIsNeverTheOutput() {
        let paths = OutputGuard.Paths(output: "/work", content: "/data/content", themes: "/data/themes", workingFolder: "/work")
        #expect(OutputGuard.problem(paths, outputIsFile: false) == "it is the working folder")
        let parent = OutputGuard.Paths(output: "/work", content: "/data/content", themes: "/data/themes", workingFolder: "/work/site")
        #expect(OutputGuard.problem(parent, outputIsFile: false) == "it contains the working folder")
    }

    @Test func staleStagingFoldersAreRecognisedByName() {
        #expect(OutputWriter.stalePID(".public.building-123", output: "public") == 123)
        #expect(OutputWriter.stalePID(".public.old-9", output: "public") == 9)
        #expect(OutputWriter.stalePID(".public.building-x", output: "public") == nil)
        #expect(OutputWriter.stalePID(".site.building-5", output: "public") == nil)
        #expect(OutputWriter.stalePID("public", output: "public") == nil)
    }

    @Test func homeAndRootAreNeverTheOutput() {
        let paths = { (output: String) in
            OutputGuard.Paths(output: output, content: "/data/site/content", themes: "/data/site/themes", workingFolder: "/data/site",
                              homes: ["/home/me", "/var/lib/me"])
        }
        #expect(OutputGuard.problem(paths("/home/me"), outputIsFile: false) == "it is the home folder")
        #expect(OutputGuard.problem(paths("/var/lib/me"), outputIsFile: false) == "it is the home folder")
        #expect(OutputGuard.problem(paths("/home"), outputIsFile: false) == "it contains the home folder")
        #expect(OutputGuard.problem(paths("/"), outputIsFile: false) == "it contains the content folder")
        #expect(OutputGuard.problem(paths("/home/me/public"), outputIsFile: false) == nil)
    }

    @Test func aFolderDaybookDidNotWriteIsNeverReplacedEvenWithForce() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": "Hello", "public/thesis/chapter1.tex": "my thesis"])
        defer { site.remove() }
        var options = site.options()
        for force in [false, true] {
            options.replaceForeignOutput = force
            #expect { try SiteBuilder.build(options) } throws: { error in
                let message = (error as? UsageError)?.message ?? ""
                return message.hasPrefix("refusing to replace '") && message.contains("/public': it holds files that Daybook did not write")
                    && message.contains("even with --force")
            }
            #expect(site.read("thesis/chapter1.tex") == "my thesis")
        }
        // A marker of an older Daybook, copied in beside the thesis, makes it no site.
        try site.write("public/.daybook-output", "Written by Daybook. The next build replaces this folder whole.\n")
        #expect(OutputGuard.owner(of: site.output, site: OutputGuard.siteID(options), io: site.io) == .foreign)
        #expect(throws: UsageError.self) { try SiteBuilder.build(options) }
        #expect(site.read("thesis/chapter1.tex") == "my thesis")
    }

    @Test func anotherSitesOutputIsReplacedOnlyWithForceAndSaysWhatGoes() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": "Hello"])
        defer { site.remove() }
        try site.build()
        let own = OutputGuard.siteID(site.options())
        #expect(site.read(".daybook-output") == "Written by Daybook. The next build replaces this folder whole.\nsite: \(own)\n")
        try site.write("public/.daybook-output", "Written by Daybook. The next build replaces this folder whole.\nsite: 0123456789abcdef\n")
        try site.write("public/notes.txt", "added by hand")
        var options = site.options()
        #expect { try SiteBuilder.build(options) } throws: { error in
            ((error as? UsageError)?.message ?? "").contains("written by Daybook for another site")
        }
        options.replaceForeignOutput = true
        let notice = try SiteBuilder.checkOutput(options)
        #expect(notice?.contains("everything in it is deleted") == true && notice?.contains("notes.txt") == true)
        try SiteBuilder.build(options)
        #expect(site.read("notes.txt") == nil)
        #expect(OutputGuard.owner(of: site.output, site: own, io: site.io) == .thisSite)
    }

    @Test func anOutputWrittenBeforeTheMarkerIsStillReplaced() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": "Hello"])
        defer { site.remove() }
        try site.build()
        let own = OutputGuard.siteID(site.options())
        try site.io.remove(site.output.appendingPathComponent(".daybook-output").path)
        #expect(OutputGuard.owner(of: site.output, site: own, io: site.io) == .thisSite)
        try site.build()
        // Another generator's feed is not ours.
        try site.write("public/feed.xml", "<feed><generator>Hugo</generator></feed>")
        try site.io.remove(site.output.appendingPathComponent(".daybook-output").path)
        #expect(OutputGuard.owner(of: site.output, site: own, io: site.io) == .foreign)
        #expect(OutputGuard.owner(of: site.root.appendingPathComponent("missing"), site: own, io: site.io) == .thisSite)
        try site.io.createFolders(site.root.appendingPathComponent("empty").path)
        #expect(OutputGuard.owner(of: site.root.appendingPathComponent("empty"), site: own, io: site.io) == .thisSite)
    }

    /// Every file below `public/` with its bytes, `.git` included.
    func snapshot(_ site: TestSite) -> [String: Data] {
        Dictionary(uniqueKeysWithValues: site.outputFiles().map { ($0, site.data($0) ?? Data()) })
    }

    /// `public/` committed to a gh-pages branch: its `.git` (a folder, or a
    /// worktree's file) survives the build; everything else is replaced.
    @Test(arguments: [".git/HEAD", ".git"])
    func aGitCheckoutAsTheOutputKeepsItsRepository(_ gitFile: String) throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": "Hello"])
        defer { site.remove() }
        try site.build()
        try site.write("public/\(gitFile)", "ref: refs/heads/gh-pages\n")
        try site.write("public/stale.html", "an old page")
        try site.build()
        #expect(site.read(gitFile) == "ref: refs/heads/gh-pages\n")
        #expect(!site.outputHas("stale.html"))
        #expect(site.read("diary/2026/2026-11-20/index.html")?.contains("Hello") == true)
        #expect(try site.rootNames() == ["content", "public"])
    }

    @Test func aSwapThatFailsLeavesTheCheckoutByteIdentical() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": "Hello"])
        defer { site.remove() }
        try site.build()
        try site.write("public/.git/HEAD", "ref: refs/heads/gh-pages\n")
        try site.write("public/.git/objects/ab/cdef", "OBJECT")
        try site.write("content/diary/2026/2026-11-21.md", "A new day")
        let before = snapshot(site)
        var options = site.options()
        let move = options.io.move, output = site.output.path
        options.io.move = { from, to throws(FileIOError) in
            if to == output, from.contains(".building-") { throw FileIOError(path: from, reason: "Device or resource busy") }
            try move(from, to)
        }
        #expect(throws: (any Error).self) { try SiteBuilder.build(options) }
        #expect(snapshot(site) == before)
        #expect(try site.rootNames() == ["content", "public"])
    }
}

/// Formatting numbers never traps, whatever the value.
@Suite struct NumberTextTests {
    @Test func everyDoubleGivesText() {
        #expect(NumberText.format(1440, decimals: 0, .people) == "1,440")
        #expect(NumberText.format(-22.5, decimals: 1, .people) == "−22.5")
        #expect(NumberText.format(22.50, decimals: 2, .machine) == "22.5")
        #expect(NumberText.format(.nan, decimals: 1, .machine) == "0")
        #expect(NumberText.format(.infinity, decimals: 1, .machine) == "0")
        #expect(NumberText.format(.nan, decimals: 1, .people) == "NaN")
        #expect(NumberText.format(-.infinity, decimals: 1, .people) == "−∞")
        #expect(NumberText.format(1e19, decimals: 2, .machine) == "10000000000000000000")
        #expect(NumberText.format(-9.3e18, decimals: 0, .people) == "−9,300,000,000,000,000,000")
        #expect(NumberText.format(.greatestFiniteMagnitude, decimals: 3, .machine).count == 309)
        #expect(NumberText.format(-.greatestFiniteMagnitude, decimals: 0, .people).hasPrefix("−179,769,313"))
        #expect(NumberText.format(9.007199254740991e15, decimals: 6, .machine) == "9007199254740991")
        #expect(NumberText.format(.leastNonzeroMagnitude, decimals: 40, .machine) == "0")
        #expect(NumberText.format(2.5, decimals: -3, .machine) == "3")
        #expect(NumberText.format(0.1, decimals: Int.max, .machine) == "0.1")
        #expect(WorkoutText.number(1e300).count == 301)
        #expect(WorkoutText.number(149.99999999999997) == "150")
    }

    /// A page is never written outside the output folder: its path is
    /// relative and has no `.` or `..` component, read by bytes as the file
    /// system reads it (a combining mark after "/" does not hide a `..`).
    @Test func pathsLeavingTheOutputAreRefused() {
        for path in ["index.html", "diary/2026/index.html", "a/..b/c", "a/.../b", "a/b.", ".well-known/x", "a//b", "한글/..\u{301}/x"] {
            #expect(RelativePath.isContained(path), "\(path)")
        }
        for path in ["/etc/passwd", "../x", "..", ".", "a/./b", "a/../b", "a/..", "a/.", "diary/../../x", "a/../\u{301}b", "a/.\u{301}/../b"] {
            #expect(!RelativePath.isContained(path), "\(path)")
        }
    }
}
