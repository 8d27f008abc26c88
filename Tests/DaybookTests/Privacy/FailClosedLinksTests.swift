@testable import DaybookSite
import Foundation
import Testing

/// Assets that are another file under a second name: a symbolic or hard
/// link to a private entry must not publish it (`AssetLinks`).
extension FailClosedFilesTests {
    static let privatePhoto = "content/diary/2026/2026-11-19/photo.jpg"

    /// A public and a private entry, the private one with a photo, and a
    /// first clean build in `public/`.
    func builtSite(_ extra: [String: String] = [:]) throws -> TestSite {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": Self.visible,
                                 "content/diary/2026/2026-11-19.md": Self.secret,
                                 Self.privatePhoto: "SECRET-PHOTO",
                                 "content/pages/about.md": "About"].merging(extra) { $1 }, onDisk: true)
        try site.build()
        return site
    }

    func hardLink(_ site: TestSite, _ link: String, to target: String) throws {
        let url = site.root.appendingPathComponent(link)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.linkItem(atPath: site.root.appendingPathComponent(target).path, toPath: url.path)
    }

    /// The build fails with an error at `path` naming `other`, and nothing secret is in `public/`.
    func expectRefused(_ site: TestSite, _ expected: [(path: String, other: String)],
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let before = site.outputFiles().map { site.data($0) }
        let errors = site.failingBuild().filter { $0.severity == .error }
        for (path, other) in expected {
            #expect(errors.contains { $0.location.path == path && $0.message.contains("'\(other)'") && $0.hint != nil },
                    "no error at \(path) naming \(other): \(errors)", sourceLocation: sourceLocation)
        }
        #expect(errors.count == expected.count, "\(errors)", sourceLocation: sourceLocation)
        #expect(site.outputFiles().map { site.data($0) } == before, "public/ changed", sourceLocation: sourceLocation)
        try expectNowhere("SECRET", in: site, sourceLocation: sourceLocation)
    }

    @Test func linksToAPrivateEntrysMarkdownAreRefused() throws {
        let site = try builtSite()
        defer { site.remove() }
        try link(site, "content/pages/notes.txt", to: "../diary/2026/2026-11-19.md")
        try link(site, "content/pages/chain.txt", to: "notes.txt")
        try link(site, "content/diary/2026/2026-11-20/a.pdf", to: "../../../pages/chain.txt")
        try hardLink(site, "content/pages/copy.txt", to: "content/diary/2026/2026-11-19.md")
        try hardLink(site, "content/diary/2026/2026-11-20/copy.jpg", to: "content/diary/2026/2026-11-19.md")
        try link(site, "content/pages/settings.txt", to: "../site.yml")
        try site.write("content/site.yml", "title: T\n")
        try expectRefused(site, [("content/pages/notes.txt", "content/diary/2026/2026-11-19.md"),
                                 ("content/pages/chain.txt", "content/diary/2026/2026-11-19.md"),
                                 ("content/diary/2026/2026-11-20/a.pdf", "content/diary/2026/2026-11-19.md"),
                                 ("content/pages/copy.txt", "content/diary/2026/2026-11-19.md"),
                                 ("content/diary/2026/2026-11-20/copy.jpg", "content/diary/2026/2026-11-19.md"),
                                 ("content/pages/settings.txt", "content/site.yml")])
    }

    @Test func aPrivateEntryThatIsALinkToAnAssetKeepsTheAssetPrivate() throws {
        let site = try builtSite()
        defer { site.remove() }
        try site.write("content/pages/note.txt", "---\ndate: 2026-11-18\nprivate: true\n---\nSECRET-NOTE")
        try link(site, "content/diary/2026/2026-11-18.md", to: "../../pages/note.txt")
        try expectRefused(site, [("content/pages/note.txt", "content/diary/2026/2026-11-18.md")])
    }

    @Test func photosLinkedToAPrivateEntrysPhotoAreRefused() throws {
        let site = try builtSite()
        defer { site.remove() }
        try site.write("content/diary/2026/2026-11-20.md", Self.visible + "\n\n![[2026-11-20/img.jpg]]\n![[2026-11-20/sym.jpg]]\n")
        try hardLink(site, "content/diary/2026/2026-11-20/img.jpg", to: Self.privatePhoto)
        try link(site, "content/diary/2026/2026-11-20/sym.jpg", to: "../2026-11-19/photo.jpg")
        try expectRefused(site, [("content/diary/2026/2026-11-20/img.jpg", Self.privatePhoto),
                                 ("content/diary/2026/2026-11-20/sym.jpg", Self.privatePhoto)])
        // Private stays private with --include-private too: feeds never show it.
        let options = site.options(visibility: Visibility(includePrivate: true))
        #expect(throws: ContentErrors.self) { try SiteBuilder.build(options) }
    }

    @Test func linkedFoldersAndLinksOutOfContentAreNeverFollowed() throws {
        let site = try builtSite(["outside/secret.txt": "SECRET-OUTSIDE", "outside/entry.md": "SECRET-ENTRY"])
        defer { site.remove() }
        try link(site, "content/pages/linked", to: "../diary/2026")
        try link(site, "content/pages/out", to: "../../outside")
        try link(site, "outside/to-private.txt", to: "../content/diary/2026/2026-11-19.md")
        try link(site, "content/pages/hop.txt", to: "../../outside/to-private.txt")
        try link(site, "content/pages/far.pdf", to: "../../outside/secret.txt")
        try link(site, "content/pages/far-chain.pdf", to: "far.pdf")
        let errors = site.failingBuild()
        let messages = errors.map(\.description)
        for path in ["content/pages/far.pdf", "content/pages/far-chain.pdf", "content/pages/out"] {
            #expect(messages.contains { $0.hasPrefix("\(path):1:1: error: symbolic link leads outside content/") }, "\(messages)")
        }
        // Through a detour outside, back to a private entry.
        #expect(messages.contains { $0.hasPrefix("content/pages/hop.txt:1:1: error: ") && $0.contains("Markdown file 'content/diary/2026/2026-11-19.md'") },
                "\(messages)")
        try expectNowhere("SECRET", in: site)

        // A folder linked inside content/ is not followed, so the links in it are not either.
        for path in ["content/pages/out", "content/pages/hop.txt", "content/pages/far.pdf", "content/pages/far-chain.pdf"] {
            try FileManager.default.removeItem(at: site.root.appendingPathComponent(path))
        }
        let warnings = try site.build().warnings.map(\.description)
        #expect(warnings.contains { $0.hasPrefix("content/pages/linked:1:1: warning: linked folder is not followed") })
        #expect(!site.outputHas("pages/linked/2026-11-19/photo.jpg"))
        try expectNowhere("SECRET", in: site)
    }

    @Test func linksThatPublishNothingPrivateStillBuild() throws {
        let site = try builtSite(["content/pages/a.pdf": "PUBLIC-PDF", "content/diary/2026/2026-11-20/b.pdf": "PUBLIC-B"])
        defer { site.remove() }
        try hardLink(site, "content/pages/a-again.pdf", to: "content/pages/a.pdf")
        try link(site, "content/pages/a-link.pdf", to: "a.pdf")
        // A public file linked into a private entry's folder is no secret.
        try link(site, "content/diary/2026/2026-11-19/b.pdf", to: "../2026-11-20/b.pdf")
        try site.build()
        #expect(site.read("pages/a-again.pdf") == "PUBLIC-PDF")
        #expect(site.read("pages/a-link.pdf") == "PUBLIC-PDF")
        #expect(site.read("diary/2026/2026-11-20/b.pdf") == "PUBLIC-B")
        try expectNowhere("SECRET", in: site)
    }

    @Test func themeAssetsThatAreContentFilesAreRefused() throws {
        let site = try builtSite(["content/site.yml": "theme: mine\n", "themes/mine/assets/ok.css": "ok",
                                  "themes/other/secret.css": "SECRET-OTHER"])
        defer { site.remove() }
        try hardLink(site, "themes/mine/assets/notes.txt", to: "content/diary/2026/2026-11-19.md")
        try hardLink(site, "themes/mine/assets/photo.jpg", to: Self.privatePhoto)
        try link(site, "themes/mine/assets/other.css", to: "../../other/secret.css")
        let messages = site.failingBuild().map(\.description)
        #expect(messages.contains { $0.hasPrefix("themes/mine/assets/notes.txt:1:1: error: ") && $0.contains("'content/diary/2026/2026-11-19.md'") })
        #expect(messages.contains { $0.hasPrefix("themes/mine/assets/photo.jpg:1:1: error: ") && $0.contains("'\(Self.privatePhoto)'") })
        #expect(messages.contains { $0.hasPrefix("themes/mine/assets/other.css:1:1: error: symbolic link leads outside themes/mine/") })
        #expect(messages.count == 3, "\(messages)")
        try expectNowhere("SECRET", in: site)
    }

    @Test func linksAreRefusedInMemoryAsOnDisk() throws {
        let site = try TestSite(["content/diary/2026/2026-11-19.md": Self.secret, "content/diary/2026/2026-11-20.md": Self.visible])
        site.memory?.addLink(site.content.path + "/pages/notes.txt", to: "../diary/2026/2026-11-19.md")
        site.memory?.addLink(site.content.path + "/pages/notes.pdf", to: "notes.txt")
        let messages = site.failingBuild().map(\.description)
        #expect(messages.contains { $0.hasPrefix("content/pages/notes.txt:1:1: error: 'content/pages/notes.txt' is a symbolic link to the Markdown file") })
        #expect(messages.contains { $0.hasPrefix("content/pages/notes.pdf:1:1: error: ") })
    }
}
