/// Free pages: Markdown files below `pages/` (about, now, …).
struct PagesKind: ContentKind {
    init() {}
    var files: [String] { ["pages"] }

    func load(_ load: ContentLoad) {
        let pages = load.markdown(under: "pages").compactMap { FreePage.parse($0, into: &load.diagnostics) }
        load.content[PagesKind.self] = pages
    }
}

extension PagesKind: ItemsKey {
    typealias Item = FreePage
}

extension FreePage: ContentItem {
    var audience: Audience { Audience(isPrivate: isPrivate, isDraft: isDraft) }
}

extension ItemsByKind {
    var pages: [FreePage] { self[PagesKind.self] }
}
