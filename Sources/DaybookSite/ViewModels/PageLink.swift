
/// A link a page shows with its text: previous and next, a month, a session.
@TemplateData struct PageLink: Sendable {
    let label, href: String
}
