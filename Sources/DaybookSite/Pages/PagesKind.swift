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

extension PagesKind: ItemsKey {
    public typealias Item = FreePage
}

extension FreePage: ContentItem {
    public var audience: Audience { Audience(isPrivate: isPrivate, isDraft: isDraft) }
}

extension Content {
    public var pages: [FreePage] {
        get { self[PagesKind.self] }
        set { self[PagesKind.self] = newValue }
    }
}

extension PublishedContent {
    public var pages: [FreePage] { self[PagesKind.self] }
}
