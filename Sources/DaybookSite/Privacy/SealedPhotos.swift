import Foundation

/// The images private entries and pages show, found while their Markdown is
/// made HTML: each is sealed as a file of its own, named like an item (an
/// HMAC of its path), which `sealed.js` opens into the image's `src`. A photo
/// is sealed as its JPEG of a page's `src` width (made by libvips, without the
/// camera's metadata), a drawing or an animation (SVG, GIF) as it is. Nothing of
/// them is published in the clear, and the page asks the server for nothing
/// by its name: an image of the site that cannot be sealed shows its alt text,
/// and raw HTML's `<img src>` of a relative address is emptied.
final class SealedPhotos {
    /// An image's file: where the reader restores it, its type and its bytes (base64).
    struct File: Encodable {
        let file, type, data: String
    }

    private let library: PhotoLibrary
    /// What the encrypted part may show: the files a build with private items shows (drafts' stay out).
    private let sealable: Set<String>
    private let root: URL
    private let io: FileIO
    private let name: (String) -> String
    /// Each image once, by its file's name, in the order found, with its source and its photo (nil: a file as it is).
    private(set) var found: [(id: String, source: String, photo: Photo?)] = []

    /// Types shown as they are; a photo becomes JPEG.
    static let asIs = ["svg": "image/svg+xml", "gif": "image/gif"]

    init(library: PhotoLibrary, sealable: Set<String>, root: URL, io: FileIO, name: @escaping (String) -> String) {
        self.library = library
        self.sealable = sealable
        self.root = root
        self.io = io
        self.name = name
    }

    /// A document's HTML with its images sealed, their files' names, and its links to pages of the site (for what
    /// links here: `page` is where the document's own page would be).
    func html(_ markdown: String, of document: String, page: SitePath) -> (html: String, photos: [String], links: [Backlinks.Link]) {
        var ids: [String] = []
        var links: [Backlinks.Link] = []
        let html = Markdown.render(markdown, images: { image in
            guard let source = PhotoPaths.resolve(image.url, from: document) else { return nil }
            guard let (id, shown) = self.seal(source) else {
                let alt = Feeds.escape(image.alt)
                return image.standsAlone ? "<p>\(alt)</p>\n" : alt
            }
            if !ids.contains(id) { ids.append(id) }
            return PhotoHTML.sealed(id, shown, image: image)
        }, links: { link in Backlinks.Link(link, on: page).map { links.append($0) } }, htmlImages: { _ in "" }).html
        return (html, ids, links)
    }

    /// The file's name and the size a photo is shown at (nil: a file shown as it is), or nil for one that is not an
    /// image the encrypted part may show.
    private func seal(_ source: String) -> (String, Vips.Encoded?)? {
        let id = name(source)
        if let photo = library.sealedPhoto(source, sealable: sealable) {
            if !found.contains(where: { $0.id == id }) { found.append((id, source, photo)) }
            return (id, PhotoHTML.fallback(photo))
        }
        guard sealable.contains(source), Self.asIs[Self.suffix(source)] != nil, library.hasFile(source) else { return nil }
        if !found.contains(where: { $0.id == id }) { found.append((id, source, nil)) }
        return (id, nil)
    }

    static func suffix(_ path: String) -> String { ((path as NSString).pathExtension).lowercased() }

    /// What an image's sealed file holds; nil when it can no longer be read.
    func file(_ image: (id: String, source: String, photo: Photo?)) -> File? {
        if let photo = image.photo {
            let size = PhotoHTML.fallback(photo)
            // The cache is on the disk, where libvips wrote it.
            guard let bytes = try? FileIO.disk.read(library.cache.file(photo.key, size, "jpg")) else { return nil }
            return File(file: photo.path(size, "jpg"), type: "image/jpeg", data: bytes.base64EncodedString())
        }
        guard let bytes = try? io.read(root.appendingPathComponent(image.source).path) else { return nil }
        return File(file: image.source, type: Self.asIs[Self.suffix(image.source)]!, data: bytes.base64EncodedString())
    }
}
