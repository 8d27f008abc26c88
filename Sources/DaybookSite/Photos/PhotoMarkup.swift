
/// A Markdown document rendered with its photos published: each local image
/// becomes a `<picture>` of resized WebP and JPEG, a missing or broken one a
/// located error.
struct PhotoPass {
    let library: PhotoLibrary
    let document: SourceFile
    /// The file line the Markdown text starts on.
    let firstLine: Int
    /// The page the HTML appears on; links are relative to it.
    let page: SitePath
    /// Where a name that is not beside the document leads, as in Obsidian (`![](photo.png)` of an `Attachments/` folder).
    var targets: WikiTargets?

    struct Result {
        let html: String
        let plainText: String
        /// In the order they appear.
        let photos: [Photo]
        let diagnostics: [Diagnostic]
        /// Raw HTML the allow-list removed, each where it stood.
        let warnings: [Diagnostic]
        /// Its links to other pages of the site, with the sentence around each, in the order read (what links here).
        let links: [Backlinks.Link]
    }

    /// - Parameter pass: other syntax first (Obsidian's `![[photo.jpg]]` becomes an image).
    /// - Parameter watch: says so on the terminal while the parse is slow.
    /// - Parameter textLength: how many Characters of the plain text to keep.
    func render(_ markdown: String, pass: MarkdownPass? = nil, watch: SlowParseWatch? = nil, textLength: Int = .max) -> Result {
        var photos: [Photo] = []
        var diagnostics: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        var links: [Backlinks.Link] = []
        /// The image an address names, published: a photo (its sizes, kept in `photos`) or a file as it is; nil for
        /// what is no file of the site, or a mistake (told in `diagnostics`).
        func publish(_ url: String, line: Int, column: Int) -> Published? {
            // Lines of the body count from its first line in the file; columns are the file's.
            let location = document.location(line: firstLine + max(line, 1) - 1, byteColumn: max(column, 1))
            guard !PhotoPaths.leavesContent(url, from: document.relativePath) else {
                diagnostics.append(Diagnostic(location, "image '\(url)' leads outside content/; nothing outside it is read or published",
                                              hint: "copy the image into content/ and name it from there"))
                return nil
            }
            // A drawing or an animation (SVG, GIF) is published as it is, linked from the page.
            if let source = find(url), !PhotoPaths.isPhoto(source), library.isShown(source) { return .file(page.link(to: SitePath(source))) }
            switch resolve(url, at: location) {
            case let .failure(diagnostic):
                diagnostics.append(diagnostic)
                return nil
            case let .success(photo?):
                photos.append(photo)
                return .photo(photo)
            case .success(nil):
                return nil
            }
        }
        let (html, plainText) = Markdown.render(markdown, pass: pass, watch: watch?.file(document.displayPath), textLength: textLength,
                                                images: { image in
            switch publish(image.url, line: image.line, column: image.column) {
            case let .photo(photo): PhotoHTML.picture(photo, image: image, from: page, lazy: photos.count > 1)
            case let .file(src): PhotoHTML.file(src, image: image)
            case nil: nil
            }
        }, links: { link in Backlinks.Link(link, on: page).map { links.append($0) } }, removedHTML: { removal in
            let location = document.location(line: firstLine + max(removal.line, 1) - 1, byteColumn: max(removal.column, 1))
            warnings.append(Diagnostic(location, "HTML \(removal.what) removed; only formatting, tables, details, images and links with safe addresses are kept",
                                       hint: "docs/writing.md lists the elements and attributes kept", severity: .warning))
        }, htmlImages: { image in
            // `<img src>` in HTML as `![](…)`: a photo's size that fits the text column, or the file.
            switch publish(image.url, line: image.line, column: image.column) {
            case let .photo(photo): page.link(to: SitePath(photo.path(PhotoHTML.fallback(photo), "jpg")))
            case let .file(src): src
            case nil: nil
            }
        })
        return Result(html: html, plainText: plainText, photos: photos, diagnostics: diagnostics, warnings: warnings, links: links)
    }

    /// An image of the site as a page shows it.
    enum Published {
        case photo(Photo)
        /// A file published as it is (SVG, GIF), at this address from the page.
        case file(String)
    }

    /// The content file a reference names: beside the document, else by
    /// Obsidian's rules (anywhere in `content/` by name); nil for what is not a file of the site.
    private func find(_ url: String) -> String? {
        guard let source = PhotoPaths.resolve(url, from: document.relativePath) else { return nil }
        guard !library.hasFile(source), let targets else { return source }
        // `../../images/x.png` of a vault kept in a folder of content/: the path, else the name, as Obsidian looks.
        let written = PhotoPaths.written(url)
        let name = String(written.split(separator: "/").last ?? "")
        return targets.file(written, from: document.relativePath) ?? targets.file(name, from: document.relativePath) ?? source
    }

    /// The photo a reference names: nil for what is not a local photo (a web
    /// address, an SVG), which stays as written.
    func resolve(_ url: String, at location: SourceLocation) -> Swift.Result<Photo?, Diagnostic> {
        guard let source = find(url) else { return .success(nil) }
        if !PhotoPaths.isPhoto(source), library.hasFile(source) { return .success(nil) }
        switch library.photo(source) {
        case let .success(photo):
            return .success(photo)
        case let .failure(.missing(hint)):
            return .failure(Diagnostic(location, "image '\(url)' not found", hint: targets?.hint(for: PhotoPaths.written(url)) ?? hint))
        case .failure(.hidden):
            return .failure(Diagnostic(location, "image '\(url)' belongs to an entry this build leaves out (private or draft)",
                                       hint: "put the photo beside this entry, or build with --include-private"))
        case let .failure(.unreadable(reason)):
            let shown = String(document.displayPath.dropLast(document.relativePath.count)) + source
            return .failure(Diagnostic(location, "'\(shown)' is not a readable image (\(reason))",
                                       hint: "re-export the photo as JPEG, PNG, HEIC or WebP"))
        }
    }
}

/// The markup of a published photo.
enum PhotoHTML {
    /// Most of a phone, at most the text column (`.entry` is 42rem wide).
    static let sizes = "(min-width: 44rem) 42rem, 100vw"
    /// The fallback `src` of browsers without srcset, and the size whose
    /// width and height reserve the photo's space.
    static let fallbackWidth = 960

    static func picture(_ photo: Photo, image: MarkdownImage, from page: SitePath, lazy: Bool) -> String {
        func srcset(_ suffix: String) -> String {
            photo.sizes.map { "\(page.link(to: SitePath(photo.path($0, suffix)))) \($0.width)w" }.joined(separator: ", ")
        }
        let fallback = fallback(photo)
        let picture = "<picture><source type=\"image/webp\" srcset=\"\(srcset("webp"))\" sizes=\"\(sizes)\">"
            + "<img src=\"\(page.link(to: SitePath(photo.path(fallback, "jpg"))))\" srcset=\"\(srcset("jpg"))\" sizes=\"\(sizes)\""
            + attributes(image, fallback) + (lazy ? " loading=\"lazy\"" : "") + " decoding=\"async\"></picture>"
        return placed(picture, image)
    }

    /// An image of the encrypted part: its file's name, which `sealed.js` opens into the `src`; a photo at `size`,
    /// a file shown as it is (nil) as `file` shows it.
    static func sealed(_ id: String, _ size: Vips.Encoded?, image: MarkdownImage) -> String {
        guard let size else {
            let img = "<img data-sealed=\"\(id)\"" + fileAttributes(image) + ">"
            return image.standsAlone ? "<p>\(img)</p>\n" : img
        }
        return placed("<img data-sealed=\"\(id)\"" + attributes(image, size) + ">", image)
    }

    /// Width, height, alt and title of an image shown at `shown`; a size asked for (`|300`): its width, and the
    /// height it gives or the photo's proportion.
    private static func attributes(_ image: MarkdownImage, _ shown: Vips.Encoded) -> String {
        let width = image.size?.width ?? shown.width
        let height = image.size.map { $0.height ?? Int((Double(shown.height) * Double($0.width) / Double(shown.width)).rounded()) }
            ?? shown.height
        let title = image.title.isEmpty || image.standsAlone ? "" : " title=\"\(Feeds.escape(image.title))\""
        return " width=\"\(width)\" height=\"\(height)\" alt=\"\(Feeds.escape(image.alt))\"\(title)"
    }

    /// Alone in its paragraph, a figure with the title as its caption.
    private static func placed(_ picture: String, _ image: MarkdownImage) -> String {
        guard image.standsAlone else { return picture }
        let caption = image.title.isEmpty ? "" : "<figcaption>\(Feeds.escape(image.title))</figcaption>"
        return "<figure class=\"photo\">\(picture)\(caption)</figure>\n"
    }

    /// The size a browser without srcset shows.
    static func fallback(_ photo: Photo) -> Vips.Encoded { photo.sizes.last { $0.width <= fallbackWidth } ?? photo.sizes[0] }

    /// A file shown as it is (an SVG, a GIF), at `src`; alone in its paragraph, a paragraph of its own.
    static func file(_ src: String, image: MarkdownImage) -> String {
        let img = "<img src=\"\(Feeds.escape(src))\"" + fileAttributes(image) + ">"
        return image.standsAlone ? "<p>\(img)</p>\n" : img
    }

    /// Alt, the size asked for if any, and title of a file shown as it is.
    private static func fileAttributes(_ image: MarkdownImage) -> String {
        let size = image.size.map { " width=\"\($0.width)\"" + ($0.height.map { " height=\"\($0)\"" } ?? "") } ?? ""
        let title = image.title.isEmpty ? "" : " title=\"\(Feeds.escape(image.title))\""
        return " alt=\"\(Feeds.escape(image.alt))\"\(size)\(title)"
    }

    /// A small copy for lists, the calendar and the media page.
    struct Thumbnail: TemplateData, Sendable {
        let src: String
        let width, height: Int
        let alt: String
    }

    static func thumbnail(_ photo: Photo, alt: String, from page: SitePath) -> Thumbnail {
        thumbnail(photo, alt: alt, root: page.rootPrefix)
    }

    /// For a page `root` below the site's root (`SitePath.rootPrefix`).
    static func thumbnail(_ photo: Photo, alt: String, root: String) -> Thumbnail {
        let size = photo.sizes[0]
        return Thumbnail(src: root + SitePath.escape(SitePath(photo.path(size, "jpg")).filePath), width: size.width, height: size.height, alt: alt)
    }
}
