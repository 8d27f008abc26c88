@testable import DaybookSite
import Testing

/// Links between pages climb only to the folder both share, and still lead
/// where a link from the site's root would.
@Suite struct SitePathTests {
    @Test(arguments: [
        ("diary/2026/2026-11-20/", "diary/2026/2026-11-19/", "../2026-11-19/index.html"),
        ("diary/2026/2026-11-20/", "diary/2026/11/", "../11/index.html"),
        ("diary/2026/2026-11-20/", "tags/winter/", "../../../tags/winter/index.html"),
        ("diary/2026/", "diary/2026/2026-11-20/", "2026-11-20/index.html"),
        ("diary/2026/2026-11-20/", "diary/2026/snow-480.webp", "../snow-480.webp"),
        ("calendar/2026/11/", "calendar/2026/11/", "index.html"),
        ("tags/한강/", "tags/한국/", "../한국/index.html"),
        ("diary/2026x/a/", "diary/2026/a/", "../../2026/a/index.html"),
        ("", "diary/", "diary/index.html"),
        ("feed.xml", "diary/2026/a b/", "diary/2026/a%20b/index.html"),
        ("diary/a b/x/", "diary/a b/y/", "../y/index.html"),
    ])
    func linksClimbOnlyToTheSharedFolder(_ from: String, _ to: String, _ expected: String) {
        #expect(SitePath(from).link(to: SitePath(to)) == expected)
        #expect(SitePath(from).link(to: SitePath(to), fragment: "top") == expected + "#top")
    }

    /// Resolved as a browser does, every link leads to the page a root-relative one would.
    @Test func everyLinkLeadsWhereTheRootPrefixedOneDoes() {
        let paths = ["", "feed.xml", "diary/", "diary/2026/", "diary/2026/11/", "diary/2026/2026-11-20/", "diary/2026/2026-11-2/",
                     "tags/winter/", "tags/win/", "vocab/toeic/2026-11-18/print/", "diary/2026/snow.jpg"].map(SitePath.init)
        for from in paths {
            for to in paths {
                var folders = from.filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
                for part in from.link(to: to).split(separator: "/", omittingEmptySubsequences: false) {
                    if part == ".." { folders.removeLast() } else { folders.append(String(part)) }
                }
                #expect(folders.joined(separator: "/") == to.filePath, "\(from) → \(to)")
            }
        }
    }
}
