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

    @Test func aFolderDaybookDidNotWriteIsNeverReplaced() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": "Hello", "public/thesis/chapter1.tex": "my thesis"])
        defer { site.remove() }
        #expect { try SiteBuilder.build(site.options()) } throws: { error in
            ((error as? UsageError)?.message ?? "").hasPrefix("refusing to replace '")
                && "\(error)".contains("/public': it holds files that Daybook did not write")
        }
        #expect(site.read("thesis/chapter1.tex") == "my thesis")
        // The first line of a marker, copied in beside the thesis, makes it no output of Daybook's.
        try site.write("public/.daybook-output", OutputGuard.olderFirstLine + "\n")
        #expect(!OutputGuard.isDaybooks(site.output, io: site.io))
        #expect(throws: UsageError.self) { try SiteBuilder.build(site.options()) }
        #expect(site.read("thesis/chapter1.tex") == "my thesis")
    }

    /// The marker says "Daybook's output", not where the site was: a site
    /// moved or cloned (here: an older marker naming another folder's
    /// fingerprint) builds into its own output without `--force`, and the
    /// marker it writes is the same wherever the site is.
    @Test func aMovedOrClonedSiteBuildsIntoItsOutput() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": "Hello"])
        defer { site.remove() }
        try site.build()
        #expect(site.read(".daybook-output") == OutputGuard.markerFirstLine + "\n")
        try site.write("public/.daybook-output", OutputGuard.olderFirstLine + "\nsite: 0123456789abcdef\n")
        try site.write("public/notes.txt", "added by hand")
        #expect(OutputGuard.isDaybooks(site.output, io: site.io))
        try site.build()
        #expect(site.read("notes.txt") == nil)
        #expect(site.read(".daybook-output") == OutputGuard.markerFirstLine + "\n")
    }

    @Test func anOutputWrittenBeforeTheMarkerIsStillUpdated() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": "Hello"])
        defer { site.remove() }
        try site.build()
        try site.io.remove(site.output.appendingPathComponent(".daybook-output").path)
        #expect(OutputGuard.isDaybooks(site.output, io: site.io))
        try site.build()
        // Another generator's feed is not ours.
        try site.write("public/feed.xml", "<feed><generator>Hugo</generator></feed>")
        try site.io.remove(site.output.appendingPathComponent(".daybook-output").path)
        #expect(!OutputGuard.isDaybooks(site.output, io: site.io))
        #expect(OutputGuard.isDaybooks(site.root.appendingPathComponent("missing"), io: site.io))
        try site.io.createFolders(site.root.appendingPathComponent("empty").path)
        #expect(OutputGuard.isDaybooks(site.root.appendingPathComponent("empty"), io: site.io))
        // What cannot be listed is not known to be Daybook's (no guard fails open).
        try site.write("a-file", "notes")
        #expect(!OutputGuard.isDaybooks(site.root.appendingPathComponent("a-file"), io: site.io))
    }

    /// `public/` committed to a gh-pages branch: its `.git` (a folder, or a
    /// worktree's file) survives the build; everything else is the build's.
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
