@testable import DaybookSite
import Foundation
import Testing

/// Photo rules, with a file only for the cache key: which references are local photos, where their
/// sizes are published, how the Markdown pass hands images over.
@Suite struct PhotoTests {
    @Test func relativeReferencesResolveFromTheEntryFolder() {
        let entry = "diary/2026/2026-11-20.md"
        #expect(PhotoPaths.resolve("snow.jpg", from: entry) == "diary/2026/snow.jpg")
        #expect(PhotoPaths.resolve("./2026-11-20/a b.heic", from: entry) == "diary/2026/2026-11-20/a b.heic")
        #expect(PhotoPaths.resolve("2026-11-20/a%20b.heic", from: entry) == "diary/2026/2026-11-20/a b.heic")
        #expect(PhotoPaths.resolve("../../pages/me.png", from: entry) == "pages/me.png")
        #expect(PhotoPaths.resolve("눈사람.jpg?v=2", from: entry) == "diary/2026/눈사람.jpg")
    }

    @Test func webAddressesAndEscapesAreNotSitePhotos() {
        let entry = "diary/2026/2026-11-20.md"
        for url in ["https://example.com/a.jpg", "data:image/png;base64,AAAA", "/rooted.jpg", "//cdn.example/a.jpg",
                    "#top", "", "../../../../etc/passwd"] {
            #expect(PhotoPaths.resolve(url, from: entry) == nil, "\(url)")
        }
    }

    @Test func publishedSizesSitBesideTheOriginal() {
        #expect(PhotoPaths.published("diary/2026/snow.heic", width: 960, suffix: "webp") == "diary/2026/snow-960.webp")
        #expect(PhotoPaths.published("diary/2026.d/snow", width: 480, suffix: "jpg") == "diary/2026.d/snow-480.jpg")
        #expect(PhotoPaths.isPhoto("a/B.HEIC") && PhotoPaths.isPhoto("x.jpeg") && PhotoPaths.isPhoto("x.avif"))
        #expect(!PhotoPaths.isPhoto("a/logo.svg") && !PhotoPaths.isPhoto("a.gif") && !PhotoPaths.isPhoto("a.jpg/readme"))
    }

    @Test func markdownImagesAreHandedOverWithTheirPlace() {
        var seen: [MarkdownImage] = []
        let (html, text) = Markdown.render("Intro.\n\n![눈 *사람*](snow.jpg \"Caption\")\n\nInline ![x](y.png) here.\n") { image in
            seen.append(image)
            return image.standsAlone ? "<figure>F</figure>\n" : "<b>I</b>"
        }
        #expect(seen == [
            MarkdownImage(url: "snow.jpg", title: "Caption", alt: "눈 사람", line: 3, column: 1, standsAlone: true),
            MarkdownImage(url: "y.png", title: "", alt: "x", line: 5, column: 8, standsAlone: false),
        ])
        #expect(html == "<p>Intro.</p>\n<figure>F</figure>\n<p>Inline <b>I</b> here.</p>\n")
        #expect(text.contains("눈 사람"))
    }

    @Test func imagesTheCallbackDeclinesStayAsWritten() {
        let (html, _) = Markdown.render("![a](https://example.com/a.png)") { _ in nil }
        #expect(html == "<p><img src=\"https://example.com/a.png\" alt=\"a\" /></p>\n")
    }

    @Test func pictureMarkupHasSizesDimensionsAndCaption() {
        let photo = Photo(source: "diary/2026/snow.jpg", key: "k",
                          sizes: [.init(width: 480, height: 360), .init(width: 960, height: 720), .init(width: 1600, height: 1200)])
        let page = SitePath("diary/2026/2026-11-20/")
        let figure = PhotoHTML.picture(photo, image: MarkdownImage(url: "snow.jpg", title: "A & B", alt: "\"snow\""),
                                       from: page, lazy: true)
        #expect(figure.contains("srcset=\"../snow-480.webp 480w, ../snow-960.webp 960w, "))
        #expect(figure.contains("<img src=\"../snow-960.jpg\""))
        #expect(figure.contains("width=\"960\" height=\"720\" alt=\"&quot;snow&quot;\" loading=\"lazy\""))
        #expect(figure.hasSuffix("<figcaption>A &amp; B</figcaption></figure>\n"))
    }

    @Test func imageSettingsAreRead() {
        var diagnostics = Diagnostics()
        let file = SourceFile(displayPath: "content/site.yml", relativePath: "site.yml",
                              text: "images:\n  originals: true\n  widths: [1200, 400, 400]\n")
        let config = SiteConfig.parse(file, into: &diagnostics)
        #expect(!diagnostics.hasErrors)
        #expect(config.images.originals && config.images.widths == [400, 1200])
        #expect(SiteConfig().images.widths == [480, 960, 1600] && !SiteConfig().images.originals)
    }

    /// The cache finds a photo by the SHA-256 of its bytes, as `sha256sum` prints it.
    @Test func cacheKeyIsTheSHA256OfTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-sha-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("photo.jpg"), empty = folder.appendingPathComponent("empty.jpg")
        try Data((0..<200_000).map { UInt8($0 % 251) }).write(to: photo)
        try Data().write(to: empty)
        #expect(Vips.sha256(of: photo.path) == "e24bc62381f1224fbbb74688663f8f9743b9680b193edd666835e97b06e730eb")
        #expect(Vips.sha256(of: empty.path) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Vips.sha256(of: folder.appendingPathComponent("missing.jpg").path) == nil)
    }
}
