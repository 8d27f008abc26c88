/// Free pages: Markdown files below `pages/` (about, now, …).
public struct PagesKind: ContentKind {
    public init() {}
    public var files: [String] { ["pages"] }

    public func load(_ load: ContentLoad) {
        for file in load.markdown(under: "pages") {
            if let page = FreePage.parse(file, into: &load.diagnostics) { load.content.pages.append(page) }
        }
    }
}
