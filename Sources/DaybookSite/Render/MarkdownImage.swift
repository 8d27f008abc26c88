/// An image as the Markdown writes it (`![alt](url "title")`), for the pass
/// that publishes photos in its own markup.
struct MarkdownImage: Sendable, Hashable {
    let url: String
    let title: String
    /// The image's text, markup removed.
    let alt: String
    /// Where it starts in the Markdown text, counted from 1.
    let line: Int
    let column: Int
    /// The only thing in its paragraph, so that it may become a block (a figure).
    let standsAlone: Bool
    /// A size the writer asked for (Obsidian's `![[photo.jpg|300x200]]`), in CSS pixels.
    var size: MarkdownSize?

    init(url: String, title: String = "", alt: String = "", line: Int = 1, column: Int = 1, standsAlone: Bool = true,
                size: MarkdownSize? = nil) {
        self.url = url
        self.title = title
        self.alt = alt
        self.line = line
        self.column = column
        self.standsAlone = standsAlone
        self.size = size
    }
}

/// A width, and a height when one is given (else it follows the image's proportions).
struct MarkdownSize: Sendable, Hashable {
    let width: Int
    let height: Int?

    init(width: Int, height: Int? = nil) {
        self.width = width
        self.height = height
    }
}
