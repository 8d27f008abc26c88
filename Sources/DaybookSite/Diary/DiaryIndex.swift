import DaybookContent
import DaybookRender

/// The published diary entries and the ways pages look them up.
public struct DiaryIndex: Sendable {
    /// Chronological.
    public let entries: [DiaryEntry]
    /// Each entry's body, parsed once on all cores for its page, the feed and the search index.
    public let bodies: [RenderedBody]
    public let byDate: [LocalDate: [Int]]
    public let byMonth: [YearMonth: [Int]]
    public let byYear: [Int: [Int]]
    /// Tag → entry indexes; keyed by the tag's slug so `Winter` and `winter` share a page.
    public let byTag: [String: (name: String, indexes: [Int])]

    init(entries: [DiaryEntry]) {
        self.entries = entries
        bodies = entries.parallelMap { RenderedBody(Markdown.render($0.body)) }
        var byDate: [LocalDate: [Int]] = [:], byMonth: [YearMonth: [Int]] = [:], byYear: [Int: [Int]] = [:]
        var byTag: [String: (name: String, indexes: [Int])] = [:]
        for (index, entry) in entries.enumerated() {
            byDate[entry.date, default: []].append(index)
            byMonth[entry.date.monthKey, default: []].append(index)
            byYear[entry.date.year, default: []].append(index)
            for tag in entry.tags {
                byTag[Slug.make(tag), default: (tag, [])].indexes.append(index)
            }
        }
        self.byDate = byDate
        self.byMonth = byMonth
        self.byYear = byYear
        self.byTag = byTag
    }
}

/// An entry's body as its page shows it, and the start of its text for the search index.
public struct RenderedBody: Sendable {
    public let html: String
    public let searchText: String

    init(_ rendered: (html: String, plainText: String)) {
        html = rendered.html
        searchText = String(rendered.plainText.prefix(SearchPages.textLength))
    }
}
