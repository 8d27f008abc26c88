import DaybookContent
import DaybookRender

/// The published diary entries and the ways pages look them up.
public struct DiaryIndex: Sendable {
    /// Chronological.
    public let entries: [DiaryEntry]
    /// Each entry's body, parsed once on all cores for its page, the feed and the search index.
    public let bodies: [RenderedBody]
    /// Each entry's photos: its cover first, then those of its body.
    let photos: [[Photo]]
    /// Each entry's cover or first photo, by entry id.
    let covers: [String: Photo]
    let photoErrors: [Diagnostic]
    public let byDate: [LocalDate: [Int]]
    public let byMonth: [YearMonth: [Int]]
    public let byYear: [Int: [Int]]
    /// Tag → entry indexes; keyed by the tag's slug so `Winter` and `winter` share a page.
    public let byTag: [String: (name: String, indexes: [Int])]

    init(entries: [DiaryEntry], photos library: PhotoLibrary) {
        self.entries = entries
        let rendered = entries.parallelMap { entry in
            let pass = PhotoPass(library: library, document: entry.source, firstLine: entry.bodyFirstLine, page: Routes.content(entry.source))
            let body = pass.render(entry.body)
            let cover = entry.cover.map { pass.resolve($0, at: entry.coverLocation ?? entry.source.location(line: 1)) }
            let coverPhoto = (try? cover?.get()).flatMap { $0 }
            let coverError: Diagnostic? = if case let .failure(diagnostic) = cover { diagnostic } else { nil }
            return (RenderedBody((body.html, body.plainText)), [coverPhoto].compactMap { $0 } + body.photos,
                    body.diagnostics + [coverError].compactMap { $0 })
        }
        bodies = rendered.map(\.0)
        photos = rendered.map(\.1)
        covers = Dictionary(zip(entries, photos).compactMap { entry, photos in photos.first.map { (entry.id, $0) } },
                            uniquingKeysWith: { first, _ in first })
        photoErrors = rendered.flatMap(\.2)
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
