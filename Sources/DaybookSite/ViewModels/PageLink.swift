
/// A link a page shows with its text: previous and next, a month, a session.
struct PageLink: TemplateData, Sendable {
    let label, href: String
}
