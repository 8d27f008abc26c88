import DaybookRender

/// A link a page shows with its text: previous and next, a month, a session.
struct PageLink: Sendable {
    let label: String
    let href: String
}

extension PageLink: TemplateFields {
    enum Field: String, CaseIterable {
        case label, href
    }

    static let fieldIndex = TemplateNameTable<Field>()

    func field(_ field: Field) -> any TemplateRepresentable {
        switch field {
        case .label: label
        case .href: href
        }
    }
}
