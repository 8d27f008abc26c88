@testable import DaybookSite
import Foundation
import Testing

/// Hostile file layouts: nothing private or outside the site may be published.
@Suite struct FailClosedFilesTests {
    static let secret = "---\ndate: 2026-11-19\nprivate: true\n---\nSECRET-MARKER"
    static let visible = "---\ndate: 2026-11-20\n---\nHello"

    /// No file of the output holds `marker`, in its bytes or its name.
    func expectNowhere(_ marker: String, in site: TestSite, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        for file in site.outputFiles() {
            #expect(!site.text(file).contains(marker), "\(marker) in \(file)", sourceLocation: sourceLocation)
            #expect(!file.lowercased().contains(marker.lowercased()), "\(marker) names \(file)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ["MD", "Md", "markdown", "Markdown", "MARKDOWN"])
    func markdownInAnyCaseIsContentNeverAnAsset(_ ext: String) throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": Self.visible,
                                 "content/diary/2026/2026-11-19.\(ext)": Self.secret,
                                 "content/pages/secret.\(ext)": "---\nprivate: true\n---\nSECRET-MARKER"])
        defer { site.remove() }
        try site.build()
        try expectNowhere("SECRET", in: site)
        try site.build(visibility: Visibility(includePrivate: true))
        #expect(site.read("diary/2026/2026-11-19/index.html")?.contains("SECRET-MARKER") == true)
        #expect(site.read("pages/secret/index.html")?.contains("SECRET-MARKER") == true)
    }

    /// Which names are read as Markdown, and so never copied out as they are: by the last extension, in any case.
    @Test func markdownNamesAreKnownByTheirLastExtension() {
        // The Kelvin sign lowercases to an ASCII k: `.m\u{212A}d` is `.mkd`.
        for name in ["a.md", "diary/2026/a.MD", "b.Markdown", "c.mdown", "d.MKD", "e.mkdn", "일기.md", "x.m\u{212A}d", "dir.md/a.mD", ".md"] {
            #expect(MarkdownName.isMarkdown(name), "\(name)")
        }
        for name in ["a.mdx", "a.txt", "md", "a.", "dir.md/photo.jpg", "dir.md/noext", "일기.jpg", "a.md.jpg", "a.md/"] {
            #expect(!MarkdownName.isMarkdown(name), "\(name)")
        }
    }

    @Test func assetsNamedAfterOrFiledWithAHiddenEntryStayHidden() throws {
        let site = try TestSite([
            // Photo originals are published only when asked (docs/photos.md).
            "content/site.yml": "images:\n  originals: true\n",
            "content/diary/2026/2026-11-20.md": Self.visible,
            "content/diary/2026/2026-11-20-photo.jpg": "PUBLIC-PHOTO",
            "content/diary/2026/2026-11-19.md": Self.secret,
            "content/diary/2026/2026-11-19-photo.jpg": "SECRET-A",
            "content/diary/2026/2026-11-19/photo.jpg": "SECRET-B",
            "content/diary/2026/2026-11-19.pdf": "SECRET-C",
            "content/diary/trip/day1.md": "---\ndate: 2026-10-01\ndraft: true\n---\nx",
            "content/diary/trip/map.png": "SECRET-D",
            "content/diary/trip/maps/detail.png": "SECRET-E",
            "content/pages/hidden.md": "---\nprivate: true\n---\nx",
            "content/pages/hidden/cv.pdf": "SECRET-F",
            "content/pages/about.md": "About",
            "content/pages/about.png": "PUBLIC-ABOUT",
        ])
        defer { site.remove() }
        try site.build()
        try expectNowhere("SECRET", in: site)
        #expect(site.read("diary/2026/2026-11-20-photo.jpg") == "PUBLIC-PHOTO")
        #expect(site.read("pages/about.png") == "PUBLIC-ABOUT")
        try site.build(visibility: Visibility(includePrivate: true, includeDrafts: true))
        #expect(site.read("diary/trip/maps/detail.png") == "SECRET-E")
        #expect(site.read("pages/hidden/cv.pdf") == "SECRET-F")
    }

    @Test func assetPrivacyIsALookupOverNamesAndFolders() {
        func file(_ path: String) -> SourceFile { SourceFile(displayPath: path, relativePath: path, text: "") }
        let privacy = AssetPrivacy(sources: [(file("diary/2026/2026-11-19.md"), true), (file("diary/2026/2026-11-20.md"), false),
                                             (file("pages/a/only.md"), true)])
        #expect(!privacy.isPublished("diary/2026/2026-11-19-photo.jpg"))
        #expect(!privacy.isPublished("diary/2026/2026-11-19/x/y.jpg"))
        #expect(privacy.isPublished("diary/2026/2026-11-20-photo.jpg"))
        #expect(privacy.isPublished("diary/2026/cover.jpg"))
        #expect(!privacy.isPublished("pages/a/b/c.png"))
        #expect(privacy.isPublished("pages/cv.pdf"))
    }

    /// Makes `content/<link>` a symbolic link to `target` (relative to the site root).
    func link(_ site: TestSite, _ link: String, to target: String) throws {
        let url = site.root.appendingPathComponent(link)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    @Test func linksThatLeaveTheContentFolderAreErrorsAtTheLink() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": Self.visible, "outside/passwd": "root:SECRET-PASSWD",
                                 "outside/entry.md": "---\ndate: 2026-11-21\n---\nSECRET-ENTRY", "outside/log.md": "SECRET"], onDisk: true)
        defer { site.remove() }
        try link(site, "content/pages/passwd.txt", to: site.root.appendingPathComponent("outside/passwd").path)
        try link(site, "content/diary/2026/2026-11-21.md", to: "../../../outside/entry.md")
        try link(site, "content/routines", to: "../outside")
        try link(site, "content/site.yml", to: "../outside/passwd")
        let messages = site.failingBuild().map(\.description)
        #expect(messages.contains { $0.hasPrefix("content/pages/passwd.txt:1:1: error: symbolic link leads outside content/") })
        #expect(messages.contains { $0.hasPrefix("content/diary/2026/2026-11-21.md:1:1: error: symbolic link leads outside content/") })
        #expect(messages.contains { $0.hasPrefix("content/routines/log.md:1:1: error: symbolic link leads outside content/") })
        #expect(messages.contains { $0.hasPrefix("content/site.yml:1:1: error: symbolic link leads outside content/") })
        #expect(!messages.joined().contains("SECRET"))
        #expect(site.outputFiles() == [])
    }

    @Test func linksInsideTheContentFolderAreFollowedAndBrokenOnesWarned() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": Self.visible, "content/pages/real.md": "REAL-PAGE"], onDisk: true)
        defer { site.remove() }
        try link(site, "content/pages/alias.md", to: "real.md")
        try link(site, "content/diary/2026/2026-11-22.md", to: "missing.md")
        try link(site, "content/diary/2026/loop.md", to: "loop.md")
        try link(site, "content/diary/linked", to: "2026")
        let warnings = try site.build().warnings.map(\.description)
        #expect(site.read("pages/alias/index.html")?.contains("REAL-PAGE") == true)
        #expect(warnings.contains { $0.hasPrefix("content/diary/2026/2026-11-22.md:1:1: warning: broken symbolic link") })
        #expect(warnings.contains { $0.hasPrefix("content/diary/2026/loop.md:1:1: warning: broken symbolic link") })
        #expect(warnings.contains { $0.hasPrefix("content/diary/linked:1:1: warning: linked folder is not followed") })
    }

    @Test(arguments: ["../outside", "/etc", "..", ".", "a/b", ".hidden"])
    func theThemeIsAPlainNameReportedInSiteYml(_ name: String) throws {
        let site = try TestSite(["content/site.yml": "title: T\ntheme: \"\(name)\"\n"])
        defer { site.remove() }
        let messages = site.failingBuild().map(\.description)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("content/site.yml:2:8: error: theme must be the name of a folder in themes/") == true)
    }

    @Test func aMissingThemeIsReportedAtItsLineWithTheNearestName() throws {
        let site = try TestSite(["content/site.yml": "title: T\n# comment\ntheme:   minee\n", "themes/mine/assets/ok.css": "ok"])
        defer { site.remove() }
        let messages = site.failingBuild().map(\.description)
        #expect(messages.count == 1)
        #expect(messages.first == "content/site.yml:3:10: error: theme 'minee' not found in themes/\n    hint: did you mean 'mine'?")
    }

    @Test func templateErrorsCountColumnsInBytes() throws {
        // `한글 é ` is 10 bytes but 5 characters before the stray closing tag, at byte 11.
        let site = try TestSite(["content/site.yml": "theme: mine\n", "themes/mine/page.mustache": "<p>\n한글 é {{/x}}\n",
                                 "themes/mine/home.mustache": "한 {{> nowhere}}\r\n é {{> missing}}"])
        defer { site.remove() }
        let messages = site.failingBuild().map(\.description)
        #expect(messages.contains { $0.hasPrefix("themes/mine/page.mustache:2:11: error: template error:") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("themes/mine/home.mustache:1:5: error: template 'nowhere' not found") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("themes/mine/home.mustache:2:5: error: template 'missing' not found") }, "\(messages)")
    }

    @Test func themeLinksThatLeaveThemesAreErrors() throws {
        let site = try TestSite(["content/site.yml": "theme: mine\n", "themes/mine/assets/ok.css": "ok", "secret.txt": "SECRET"], onDisk: true)
        defer { site.remove() }
        try link(site, "themes/mine/assets/leak.css", to: "../../../secret.txt")
        let messages = site.failingBuild().map(\.description)
        #expect(messages.contains { $0.hasPrefix("themes/mine/assets/leak.css:1:1: error: symbolic link leads outside themes/") })
    }
}

/// Files that used to be skipped silently, characters XML forbids, names too long for a file system.
@Suite struct FailClosedOutputTests {
    @Test func filesThatAreNotReadAreWarnedAbout() throws {
        let site = try TestSite(["content/vocab/sub/deck.md": "# Deck\n", "content/vocab/notes.txt": "x",
                                 "content/workouts/2026-11-20.markdown": "---\ndate: 2026-11-20\n---\n- Squat: 100kg x 5\n",
                                 "content/workouts/plan.pdf": "x"])
        defer { site.remove() }
        let warnings = try site.build().warnings.map(\.description)
        #expect(warnings.contains { $0.hasPrefix("content/vocab/sub/deck.md:1:1: warning: files in folders below content/vocab/ are not read") })
        #expect(warnings.contains { $0.hasPrefix("content/vocab/notes.txt:1:1: warning: only Markdown files") })
        #expect(warnings.contains { $0.hasPrefix("content/workouts/plan.pdf:1:1: warning: only Markdown files") })
        #expect(site.read("workouts/2026-11-20/index.html") != nil)
    }

    /// Issue 39: Markdown under a name Daybook does not read was published as it was beside the pages (or left in silence).
    @Test(arguments: ["content/workouts/2026-11-21.mdx", "content/vocab/deck.Rmd", "content/pages/plan.mdwn", "content/diary/2026/notes.qmd"])
    func markdownUnderAnotherNameIsSaidAndNotPublished(path: String) throws {
        let site = try TestSite([path: "---\ntitle: Secret\nprivate: true\n---\n- Squat: 100kg x 5 secretmark\n",
                                 "content/diary/2026/2026-11-20.md": "---\ntitle: Day\n---\nText\n"])
        defer { site.remove() }
        let warnings = try site.build().warnings.map(\.description)
        let folder = path.split(separator: "/")[1]
        let ext = path.split(separator: ".").last!
        #expect(warnings.contains { $0.hasPrefix("\(path):1:1: warning: a .\(ext) file is not read: Daybook reads .md, .markdown, .mdown, .mkd, .mkdn files in content/\(folder)/") },
                "\(warnings)")
        #expect(!site.outputFiles().contains { $0.contains(path.split(separator: "/").last!) || site.text($0).contains("secretmark") })
    }

    @Test func charactersXMLForbidsReachNoOutput() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": "---\ntitle: \"Bell\u{07}Title\"\ntags: [a\u{01}b]\n---\nBody \u{0B}\u{1B}[0m and \u{FFFE} end\n",
                                 "content/pages/about.md": "# About\u{0C}\n",
                                 "content/site.yml": "title: T\nbase_url: https://example.org/\n"])
        defer { site.remove() }
        let warnings = try site.build().warnings.map(\.description)
        #expect(warnings.contains { $0.hasPrefix("content/diary/2026/2026-11-20.md:2:13: warning: control character U+0007 removed (and 4 more in this file)") })
        #expect(warnings.contains { $0.hasPrefix("content/pages/about.md:1:8: warning: control character U+000C removed") })
        #expect(site.read("diary/2026/2026-11-20/index.html")?.contains("BellTitle") == true)
        try Self.expectNoForbiddenCharacter(in: site)
    }

    /// An escape in a quoted title makes the character that reading the file removed.
    @Test func controlCharactersFromEscapesReachNoOutput() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": "---\ntitle: \"Bell \\x07 \\u0001 end\"\ntags: [\"a\\x01b\"]\n---\nBody\n",
                                 "content/pages/about.md": "+++\ntitle = \"About\\u0007\"\n+++\nText\n",
                                 "content/site.yml": "title: T\nbase_url: https://example.org/\n"])
        defer { site.remove() }
        let warnings = try site.build().warnings.map(\.description)
        #expect(warnings.contains { $0.hasPrefix("content/diary/2026/2026-11-20.md:2:8: warning: control character removed from title") })
        #expect(warnings.contains { $0.hasPrefix("content/pages/about.md:2:") && $0.contains("warning: control character removed from title") })
        #expect(site.read("feed.xml")?.contains("<title>Bell   end</title>") == true)
        try Self.expectNoForbiddenCharacter(in: site)
    }

    /// Every text file of the output (the theme's icons are pictures, not text).
    private static func expectNoForbiddenCharacter(in site: TestSite) throws {
        for file in site.outputFiles() where !["png", "jpg", "webp", "gif"].contains(URL(fileURLWithPath: file).pathExtension) {
            let text = try #require(site.read(file), "\(file) is not UTF-8")
            #expect(!text.unicodeScalars.contains(where: XMLText.isForbidden), "forbidden character in \(file)")
        }
    }

    /// A FIFO would block the read forever: every non-regular file is refused.
    @Test(arguments: ["content/site.yml", "content/diary/2026/2026-11-21.md", "content/routines.yml", "content/diary/2026/photo.jpg"])
    func aFIFOIsAnErrorNotAHang(_ path: String) throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": FailClosedFilesTests.visible], onDisk: true)
        defer { site.remove() }
        let url = site.root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(url.path, 0o644) == 0)
        #expect(site.failingBuild().map(\.description).contains {
            $0.hasPrefix("\(path):1:1: error: not a regular file (a pipe, socket or device); nothing is read from it")
        })
    }

    @Test func longTagsGetShortStableSlugs() throws {
        let latin = String(repeating: "a", count: 300)
        let hangul = String(repeating: "한", count: 100)
        let site = try TestSite(["content/diary/2026/2026-11-20.md": "---\ntags: [\(latin), \(hangul)]\n---\nx"],
                                onDisk: true)
        defer { site.remove() }
        try site.build()
        let tagPages = site.outputFiles().filter { $0.hasPrefix("tags/") && $0 != "tags/index.html" }
        #expect(tagPages.count == 2)
        for page in tagPages { #expect(page.split(separator: "/")[1].utf8.count <= 120) }
        #expect(Slug.make(latin) == Slug.make(latin) && Slug.make(latin) != Slug.make(latin + "b"))
        #expect(Slug.make(hangul).hasPrefix("한한"))
        #expect(Slug.make("Family Trip") == "family-trip")
    }
}
