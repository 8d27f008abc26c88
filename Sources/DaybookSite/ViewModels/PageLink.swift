
/// A link a page shows with its text: previous and next, a month, a session.
struct PageLink: Sendable {
    let label: String
    let href: String
}

extension PageLink: TemplateFields {
    static let templateFields: TemplateFieldTable<Self> = [
        "label": { $0.label }, "href": { $0.href }
    ]
}
