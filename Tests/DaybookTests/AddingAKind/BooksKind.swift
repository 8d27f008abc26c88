@testable import DaybookSite

/// Books: a Markdown file each in `content/books/` with `title:` and `date:`.
/// Daybook lists them at `books/`, gives each a page, a mark on the
/// calendar, a search record and a count on the year's page (`ListedKind`).
/// Made by `scripts/new-kind books`: read the item's own front matter
/// keys here (`keys`, `file.fields`), add `nav_books` to the theme's
/// `i18n/*.yml`, and declare `pages(_:)` with templates of its own when
/// the list and item pages should look different.
struct Book: ListedItem {
    let source: SourceFile
    let audience: Audience
    let title: String
    let date: LocalDate?
    let body: String
}

struct BooksKind: ListedKind {
    typealias Item = Book
    static let folder = "books"

    static func item(_ file: ListedFile, into diagnostics: inout Diagnostics) -> Book? {
        Book(source: file.source, audience: file.audience, title: file.title, date: file.date, body: file.body)
    }
}
