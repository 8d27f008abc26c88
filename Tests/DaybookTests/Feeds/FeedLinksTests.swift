@testable import DaybookSite
import Testing

/// An entry's text in the feed: what its page links relatively must work in a
/// feed reader, which shows the text away from the page.
@Suite struct FeedLinksTests {
    let page = SitePath("diary/2026/2026-11-20/")
    let base = "https://example.org/sub/"

    @Test func photosAndLinksBecomeAbsolute() {
        let html = """
        <p><a href="../../../tags/winter/index.html">#winter</a> <a href="#fn-1">1</a></p>
        <picture><source type="image/webp" srcset="../../../diary/2026/snow-480.webp 480w, ../../../diary/2026/snow-960.webp 960w" sizes="100vw">\
        <img src="../../../diary/2026/snow-960.jpg" width="960" height="720" alt="a=&quot;b&quot;"></picture>
        """
        #expect(FeedLinks.absolute(html, page: page, base: base) == """
        <p><a href="https://example.org/sub/tags/winter/">#winter</a> <a href="https://example.org/sub/diary/2026/2026-11-20/#fn-1">1</a></p>
        <picture><source type="image/webp" srcset="https://example.org/sub/diary/2026/snow-480.webp 480w, https://example.org/sub/diary/2026/snow-960.webp 960w" sizes="100vw">\
        <img src="https://example.org/sub/diary/2026/snow-960.jpg" width="960" height="720" alt="a=&quot;b&quot;"></picture>
        """)
    }

    @Test func writersRelativeLinksResolveFromThePage() {
        #expect(FeedLinks.resolve("note.pdf", from: page, base: base) == "https://example.org/sub/diary/2026/2026-11-20/note.pdf")
        #expect(FeedLinks.resolve("./a/../b.html?x=1#y", from: page, base: base) == "https://example.org/sub/diary/2026/2026-11-20/b.html?x=1#y")
        #expect(FeedLinks.resolve("../", from: page, base: base) == "https://example.org/sub/diary/2026/")
        #expect(FeedLinks.resolve("x.jpg", from: SitePath("서울 여행/"), base: base) == "https://example.org/sub/서울%20여행/x.jpg")
    }

    @Test func addressesWithASchemeOrFromTheHostStay() {
        for url in ["https://other.example/a.jpg", "mailto:me@example.org", "/rooted.jpg", "//cdn.example/a.jpg"] {
            #expect(FeedLinks.resolve(url, from: page, base: base) == url)
        }
    }

    @Test func withoutBaseURLFromTheSiteRoot() {
        #expect(FeedLinks.resolve("../../../diary/2026/snow-960.jpg", from: page, base: "") == "diary/2026/snow-960.jpg")
    }
}
