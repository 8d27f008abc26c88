/// Free pages: Markdown files below `pages/` (about, now, …).
public struct PagesKind: ContentKind {
    public init() {}
    public var files: [String] { ["pages"] }

    public func load(_ load: ContentLoad) {
        let pages = load.markdown(under: "pages").compactMap { FreePage.parse($0, into: &load.diagnostics) }
        load.content[PagesKind.self] = pages
    }
}

extension PagesKind: ItemsKey {
    public typealias Item = FreePage
}

extension FreePage: ContentItem {
    public var audience: Audience { Audience(isPrivate: isPrivate, isDraft: isDraft) }
}

extension ItemsByKind {
    public var pages: [FreePage] { self[PagesKind.self] }
}
