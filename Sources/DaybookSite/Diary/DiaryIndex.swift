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
    /// The entries in `SiteData.publicView`, oldest first: what feeds and the search index list.
    public let publicIndexes: [Int]
    /// Each entry's tags' slugs, in the order of its tags.
    let tagSlugs: [[String]]
    /// What lists show of each entry, made once for every page that shows it.
    let items: EntryItems

    /// Links between days and pages that lead nowhere, and other notes of rendering.
    public let warnings: [Diagnostic]
    /// Where `[[…]]` links in entries and pages lead.
    let wikiTargets: WikiTargets
    /// What a list shows of each entry, and what its own page shows besides
    /// its neighbours' items: the pages that show an entry keep their bytes
    /// in `serve` while these stay the same (`PageKey`).
    let itemKeys: [PageKey]
    let pageKeys: [PageKey]
    /// What the search index keeps of each entry's text (`RenderedBody.searchText`), hashed.
    let searchTextKeys: [PageKey]

    /// - Parameter memo: bodies rendered by the last build; one whose text and
    ///   links are the same is not rendered again (`serve`). Bodies with
    ///   photos always are, so that the build publishes their photos; other
    ///   local files they name are in `shared` (the list of assets).
    init(entries: [DiaryEntry], pages: [FreePage], isPublic: (DiaryEntry) -> Bool, photos library: PhotoLibrary, watch: SlowParseWatch,
         memo: BuildMemo = BuildMemo(), shared: PageKey = PageKey(0)) {
        publicIndexes = entries.indices.filter { isPublic(entries[$0]) }
        let targetsKey = WikiTargets.key(entries: entries, pages: pages)
        let targets = memo.value("wiki targets", key: targetsKey) {
            WikiTargets(entries: entries, pages: pages)
        }
        let rendered = entries.parallelMap { entry -> EntryRendering in
            if let kept = memo.body(of: entry.source, shared: shared, targets: targets, targetsKey: targetsKey) { return kept }
            let pass = ObsidianPass(file: entry.source, page: Routes.content(entry.source), targets: targets, linksTags: true)
            let photos = PhotoPass(library: library, document: entry.source, firstLine: entry.bodyFirstLine, page: Routes.content(entry.source))
            let body = photos.render(entry.body, pass: pass, watch: watch)
            let cover = entry.cover.map { photos.resolve($0, at: entry.coverLocation ?? entry.source.location(line: 1)) }
            let coverPhoto = (try? cover?.get()).flatMap { $0 }
            let coverError: Diagnostic? = if case let .failure(diagnostic) = cover { diagnostic } else { nil }
            let rendered = RenderedBody((body.html, body.plainText), fields: pass.fields)
            let rendering = EntryRendering(body: rendered, tags: pass.tags, warnings: pass.warnings,
                                           photos: [coverPhoto].compactMap { $0 } + body.photos,
                                           diagnostics: body.diagnostics + [coverError].compactMap { $0 },
                                           content: PageKey { $0.combine(text: entry.source.text); $0.combine(text: body.html) },
                                           searchText: PageKey { $0.combine(text: rendered.searchText) })
            if entry.cover == nil, rendering.photos.isEmpty, rendering.diagnostics.isEmpty {
                memo.keep(rendering, of: entry.source, shared: shared, links: pass.links, targetsKey: targetsKey)
            }
            return rendering
        }
        memo.keepBodies(of: entries)
        // `#tags` in the text count as the entry's tags.
        var entries = entries
        for (index, rendering) in rendered.enumerated() {
            for tag in rendering.tags where !entries[index].tags.contains(tag) { entries[index].tags.append(tag) }
        }
        self.entries = entries
        bodies = rendered.map(\.body)
        warnings = rendered.flatMap(\.warnings)
        wikiTargets = targets
        photos = rendered.map(\.photos)
        covers = Dictionary(zip(entries, photos).compactMap { entry, photos in photos.first.map { (entry.id, $0) } },
                            uniquingKeysWith: { first, _ in first })
        photoErrors = rendered.flatMap(\.diagnostics)
        let photos = self.photos, final = entries
        let keys = Array(entries.indices).parallelMap { index -> (item: PageKey, page: PageKey) in
            let entry = final[index]
            let item = PageKey { hasher in
                hasher.combine(text: entry.source.relativePath)
                hasher.combine(text: entry.title)
                hasher.combine(text: entry.date.iso)
                hasher.combine(text: entry.time?.text)
                hasher.combine(entry.weather != nil)
                if let weather = entry.weather {
                    hasher.combine(weather.condition)
                    hasher.combine(weather.isNight)
                    for measure in [weather.temperature, weather.feelsLike, weather.humidity, weather.wind] { hasher.combine(measure) }
                    hasher.combine(text: weather.location)
                }
                hasher.combine(entry.tags.count)
                for tag in entry.tags { hasher.combine(text: tag) }
                hasher.combine(entry.isPrivate)
                hasher.combine(photos[index].first)
            }
            // The text holds everything else the page shows (front matter, fields); the body its HTML.
            return (item, PageKey { hasher in
                hasher.combine(item)
                hasher.combine(rendered[index].content)
            })
        }
        searchTextKeys = rendered.map(\.searchText)
        itemKeys = keys.map(\.item)
        pageKeys = keys.map(\.page)
        var byDate: [LocalDate: [Int]] = [:], byMonth: [YearMonth: [Int]] = [:], byYear: [Int: [Int]] = [:]
        var byTag: [String: (name: String, indexes: [Int])] = [:]
        var tagSlugs: [[String]] = []
        tagSlugs.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            byDate[entry.date, default: []].append(index)
            byMonth[entry.date.monthKey, default: []].append(index)
            byYear[entry.date.year, default: []].append(index)
            tagSlugs.append(entry.tags.map { tag in
                let slug = Slug.make(tag)
                byTag[slug, default: (tag, [])].indexes.append(index)
                return slug
            })
        }
        self.tagSlugs = tagSlugs
        items = EntryItems(count: entries.count)
        self.byDate = byDate
        self.byMonth = byMonth
        self.byYear = byYear
        self.byTag = byTag
    }
}

/// What rendering an entry's body gives.
struct EntryRendering: Sendable {
    let body: RenderedBody
    /// `#tags` in the text.
    let tags: [String]
    let warnings: [Diagnostic]
    /// Its cover first, then those of its body.
    let photos: [Photo]
    let diagnostics: [Diagnostic]
    /// The entry's text and its body's HTML, hashed (`PageKey`).
    let content: PageKey
    /// What the search index keeps of its text, hashed.
    let searchText: PageKey
}

/// An entry's body as its page shows it, and the start of its text for the search index.
public struct RenderedBody: Sendable {
    public let html: String
    public let searchText: String
    /// Dataview's `key:: value` fields of the text.
    let fields: [ObsidianPass.Field]

    init(_ rendered: (html: String, plainText: String), fields: [ObsidianPass.Field] = []) {
        html = rendered.html
        searchText = String(rendered.plainText.prefix(SearchPages.textLength))
        self.fields = fields
    }
}
