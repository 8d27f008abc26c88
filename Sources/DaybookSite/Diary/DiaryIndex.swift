
/// The published diary entries and the ways pages look them up.
struct DiaryIndex: Sendable {
    /// Chronological.
    private(set) var entries: [DiaryEntry]
    /// Each entry's body, parsed once on all cores for its page, the feed and the search index.
    private(set) var bodies: [RenderedBody]
    /// Each entry's photos: its cover first, then those of its body.
    private(set) var photos: [[Photo]]
    /// Each entry's cover or first photo, by entry id.
    private(set) var covers: [String: Photo]
    private(set) var photoErrors: [Diagnostic]
    private(set) var byDate: [LocalDate: [Int]]
    private(set) var byMonth: [YearMonth: [Int]]
    private(set) var byYear: [Int: [Int]]
    /// Tag → entry indexes; keyed by the tag's slug so `Winter` and `winter` share a page.
    private(set) var byTag: [String: (name: String, indexes: [Int])]
    /// The entries in `SiteData.publicView`, oldest first: what feeds and the search index list.
    private(set) var publicIndexes: [Int]
    /// Each entry's tags' slugs, in the order of its tags.
    private(set) var tagSlugs: [[String]]
    /// What lists show of each entry, made once for every page that shows it.
    private(set) var items: EntryItems

    /// Links between days and pages that lead nowhere, and other notes of rendering.
    private(set) var warnings: [Diagnostic]
    /// Where `[[…]]` links in entries and pages lead.
    private(set) var wikiTargets: WikiTargets
    /// What a list shows of each entry, and what its own page shows besides
    /// its neighbours' items: the pages that show an entry keep their bytes
    /// in `serve` while these stay the same (`PageKey`). Empty, as are
    /// `searchTextKeys`, when no next build reads them (`DerivedMemo.makesKeys`).
    private(set) var itemKeys: [PageKey]
    private(set) var pageKeys: [PageKey]
    /// What the search index keeps of each entry's text (`RenderedBody.searchText`), hashed.
    private(set) var searchTextKeys: [PageKey?]
    /// What rendering each entry's body gave.
    private var renderings: [EntryRendering]

    /// The words of the entry at `index`, as the year in review counts them.
    func words(of index: Int) -> Int { renderings[index].words }

    /// - Parameter memo: bodies rendered by the last build; one whose text and
    ///   links are the same is not rendered again (`serve`). Bodies with
    ///   photos always are, so that the build publishes their photos; other
    ///   local files they name are in `shared` (the list of assets). The last
    ///   build's index is taken and only its changed entries made again when
    ///   no entry came, went, moved or was retitled.
    /// - Parameter decks: the published decks, whose words `[[links]]` may name.
    init(entries: [DiaryEntry], pages: [FreePage], decks: [Deck] = [], isPublic: (DiaryEntry) -> Bool, photos library: PhotoLibrary,
         watch: SlowParseWatch, memo: DerivedMemo = DerivedMemo(), shared: PageKey = PageKey(0)) {
        // Only `serve` compares the words from build to build.
        let wordsKey = memo.makesKeys ? WikiTargets.key(decks: decks) : PageKey(0)
        if var kept = memo.takeDiary(), kept.wordsKey == wordsKey,
           let changed = kept.changedEntries(entries: entries, pages: pages, isPublic: isPublic, shared: shared) {
            // Made afresh: notes shown inside others must be this build's text.
            kept.index.wikiTargets = WikiTargets(entries: entries, pages: pages, files: library.filePaths, decks: decks)
            kept.index.patch(changed, entries: entries, library: library, watch: watch, memo: memo, shared: shared, targetsKey: kept.targetsKey)
            self = kept.index
            memo.keepDiary(KeptDiary(inputs: entries, pages: pages, shared: shared, targetsKey: kept.targetsKey, wordsKey: wordsKey, index: self))
            return
        }
        publicIndexes = entries.indices.filter { isPublic(entries[$0]) }
        let files = library.filePaths
        let targetsKey = WikiTargets.key(entries: entries, pages: pages, files: files, decks: decks)
        // Made in every build (its tables only when a link asks): notes shown inside others must be this build's text.
        let targets = WikiTargets(entries: entries, pages: pages, files: files, decks: decks)
        wikiTargets = targets
        let rendered = entries.parallelMap { entry in
            Self.render(entry, targets: targets, targetsKey: targetsKey, library: library, watch: watch, memo: memo, shared: shared)
        }
        memo.keepBodies(of: entries)
        // `#tags` in the text count as the entry's tags.
        var entries = entries
        for (index, rendering) in rendered.enumerated() where rendering.tags.contains(where: { !entries[index].tags.contains($0) }) {
            entries[index] = Self.tagged(entries[index], rendering)
        }
        self.entries = entries
        renderings = rendered
        bodies = rendered.map(\.body)
        warnings = rendered.flatMap(\.warnings)
        photos = rendered.map(\.photos)
        covers = [:]
        photoErrors = rendered.flatMap(\.diagnostics)
        let photos = self.photos, final = entries
        let keys = memo.makesKeys
            ? Array(entries.indices).parallelMap { index in Self.keys(final[index], rendered[index], firstPhoto: photos[index].first) } : []
        searchTextKeys = memo.makesKeys ? rendered.map(\.searchText) : []
        itemKeys = keys.map(\.item)
        pageKeys = keys.map(\.page)
        byDate = [:]
        byMonth = [:]
        byYear = [:]
        byTag = [:]
        tagSlugs = []
        items = EntryItems(count: entries.count)
        group()
        findCovers()
        memo.keepDiary(KeptDiary(inputs: entries, pages: pages, shared: shared, targetsKey: targetsKey, wordsKey: wordsKey, index: self))
    }

    /// Renders an entry's body, or takes it as the last build rendered it when its text and links are the same.
    private static func render(_ entry: DiaryEntry, targets: WikiTargets, targetsKey: PageKey, library: PhotoLibrary, watch: SlowParseWatch,
                               memo: DerivedMemo, shared: PageKey) -> EntryRendering {
        if let kept = memo.body(of: entry.source, shared: shared, targets: targets, targetsKey: targetsKey) { return kept }
        let pass = ObsidianPass(file: entry.source, firstLine: entry.bodyFirstLine, page: Routes.content(entry.source), targets: targets,
                                library: library, linksTags: true)
        let photos = PhotoPass(library: library, document: entry.source, firstLine: entry.bodyFirstLine, page: Routes.content(entry.source),
                               targets: targets)
        let body = photos.render(entry.body, pass: pass, watch: watch, textLength: SearchPages.textLength)
        let cover = entry.cover.map { photos.resolve($0, at: entry.coverLocation ?? entry.source.location(line: 1)) }
        let coverPhoto = (try? cover?.get()).flatMap { $0 }
        let coverError: Diagnostic? = if case let .failure(diagnostic) = cover { diagnostic } else { nil }
        let rendered = RenderedBody(html: body.html, searchText: body.plainText, fields: pass.fields)
        let rendering = EntryRendering(body: rendered, tags: pass.tags, warnings: pass.warnings + body.warnings,
                                       photos: [coverPhoto].compactMap { $0 } + body.photos,
                                       diagnostics: body.diagnostics + [coverError].compactMap { $0 } + pass.errors,
                                       showsNotes: pass.showsNotes, links: body.links,
                                       content: memo.makesKeys ? PageKey { $0.combine(text: entry.source.text); $0.combine(text: body.html) } : nil,
                                       searchText: memo.makesKeys ? PageKey { $0.combine(text: rendered.searchText) } : nil,
                                       words: YearInReview.words(entry.body))
        if rendering.isKeptAlone(of: entry) {
            memo.keep(rendering, of: entry.source, shared: shared, links: pass.links, targetsKey: targetsKey)
        }
        return rendering
    }

    private static func tagged(_ entry: DiaryEntry, _ rendering: EntryRendering) -> DiaryEntry {
        var entry = entry
        for tag in rendering.tags where !entry.tags.contains(tag) { entry.tags.append(tag) }
        return entry
    }

    private static func keys(_ entry: DiaryEntry, _ rendering: EntryRendering, firstPhoto: Photo?) -> (item: PageKey, page: PageKey) {
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
            hasher.combine(firstPhoto)
        }
        // The text holds everything else the page shows (front matter, fields); the body its HTML.
        return (item, PageKey { hasher in
            hasher.combine(item)
            hasher.combine(rendering.content)
        })
    }

    /// The entries by day, month, year and tag.
    private mutating func group() {
        var byDate: [LocalDate: [Int]] = [:], byMonth: [YearMonth: [Int]] = [:], byYear: [Int: [Int]] = [:]
        var byTag: [String: (name: String, indexes: [Int])] = [:]
        var tagSlugs: [[String]] = []
        tagSlugs.reserveCapacity(entries.count)
        // Each tag is made a slug once: a diary names its few tags again and again.
        var slugs: [String: String] = [:]
        // By index: an entry is not copied for its date and tags.
        for index in entries.indices {
            let date = entries[index].date
            byDate[date, default: []].append(index)
            byMonth[date.monthKey, default: []].append(index)
            byYear[date.year, default: []].append(index)
            tagSlugs.append(entries[index].tags.map { tag in
                let slug: String
                if let known = slugs[tag] { slug = known } else { slug = Slug.make(tag); slugs[tag] = slug }
                byTag[slug, default: (tag, [])].indexes.append(index)
                return slug
            })
        }
        self.tagSlugs = tagSlugs
        self.byDate = byDate
        self.byMonth = byMonth
        self.byYear = byYear
        self.byTag = byTag
    }

    private mutating func findCovers() {
        // By index: only entries with a photo are looked at.
        covers = Dictionary(photos.indices.compactMap { index in photos[index].first.map { (entries[index].id, $0) } },
                            uniquingKeysWith: { first, _ in first })
    }

    /// Makes entries `changed` (indexes into `entries`, the same list as
    /// last time but for their texts) again, and whatever depends on them.
    private mutating func patch(_ changed: [Int], entries new: [DiaryEntry], library: PhotoLibrary, watch: SlowParseWatch, memo: DerivedMemo,
                                shared: PageKey, targetsKey: PageKey) {
        var regroup = false, recover = false
        let targets = wikiTargets
        let rendered = changed.map { new[$0] }.parallelMap { entry in
            Self.render(entry, targets: targets, targetsKey: targetsKey, library: library, watch: watch, memo: memo, shared: shared)
        }
        for (index, rendering) in zip(changed, rendered) {
            let entry = Self.tagged(new[index], rendering)
            if entry.date != entries[index].date || entry.tags != entries[index].tags { regroup = true }
            if entry.id != entries[index].id || rendering.photos.first != photos[index].first { recover = true }
            entries[index] = entry
            renderings[index] = rendering
            bodies[index] = rendering.body
            photos[index] = rendering.photos
            let keys = Self.keys(entry, rendering, firstPhoto: rendering.photos.first)
            itemKeys[index] = keys.item
            pageKeys[index] = keys.page
            searchTextKeys[index] = rendering.searchText
        }
        warnings = renderings.flatMap(\.warnings)
        photoErrors = renderings.flatMap(\.diagnostics)
        items = EntryItems(count: entries.count)
        if regroup { group() }
        if recover { findCovers() }
    }
}

/// The last build's diary index, and what it was made from (`serve`).
struct KeptDiary: Sendable {
    /// The entries as the index was given them (before `#tags` were added).
    let inputs: [DiaryEntry]
    let pages: [FreePage]
    let shared: PageKey
    let targetsKey: PageKey
    /// The words links may name (`WikiTargets.key(decks:)`): when they change, every link is looked up again.
    let wordsKey: PageKey
    var index: DiaryIndex

    /// Entries made again in a build at most: more, and the index is made afresh on all cores.
    static let patchLimit = 64

    /// The indexes of the entries whose text changed, or that must render
    /// again in every build (photos, errors): nil when the index must be made
    /// afresh, because an entry came, went or moved, where `[[links]]` lead may
    /// have changed, an entry became public or private, or the site's shared inputs changed.
    func changedEntries(entries: [DiaryEntry], pages: [FreePage], isPublic: (DiaryEntry) -> Bool, shared: PageKey) -> [Int]? {
        guard shared == self.shared, entries.count == inputs.count, pages.count == self.pages.count,
              zip(pages, self.pages).allSatisfy({ $0.title == $1.title && $0.source.relativePath == $1.source.relativePath })
        else { return nil }
        var changed: [Int] = []
        var publicIndexes = index.publicIndexes[...]
        for position in entries.indices {
            let wasPublic = publicIndexes.first == position
            if wasPublic { publicIndexes = publicIndexes.dropFirst() }
            let source = entries[position].source, oldSource = inputs[position].source
            // An entry the loader kept as it was is the same read of its file.
            let same = source.isSameRead(as: oldSource)
            guard same || source.relativePath == oldSource.relativePath else { return nil }
            let unchanged = same || source.text == oldSource.text
            if unchanged && index.isKeptAlone(position) { continue }
            let entry = entries[position], old = inputs[position]
            // Wiki links find entries by title and date.
            guard entry.title == old.title, entry.date == old.date, isPublic(entry) == wasPublic, changed.count < Self.patchLimit else { return nil }
            changed.append(position)
        }
        return changed
    }
}

extension DiaryIndex {
    /// Entry `index`'s links to other pages of the site, in the order read (`LinksHere`).
    func links(of index: Int) -> [Backlinks.Link] { renderings[index].links }

    /// Whether entry `index`'s rendering holds for the next build as long as its text is the same.
    fileprivate func isKeptAlone(_ index: Int) -> Bool { renderings[index].isKeptAlone(of: entries[index]) }
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
    /// Whether it shows another note's text (`![[Note]]`), which can change while this entry's does not.
    let showsNotes: Bool
    /// Its links to other pages of the site, with their sentences: kept with it, for what links here.
    let links: [Backlinks.Link]
    /// The entry's text and its body's HTML, hashed (`PageKey`); nil when no next build reads it (`DerivedMemo.makesKeys`).
    let content: PageKey?
    /// What the search index keeps of its text, hashed; nil with `content`.
    let searchText: PageKey?
    /// Its words as the year in review counts them (`YearInReview.words`): counted once here, kept with it by `serve`.
    let words: Int

    /// Without photos or errors, a rendering holds while the entry's text
    /// (and where its links lead) is the same; with them it is made in every
    /// build, so that the build publishes the photos and reports the errors.
    func isKeptAlone(of entry: DiaryEntry) -> Bool { entry.cover == nil && photos.isEmpty && diagnostics.isEmpty && !showsNotes }
}

/// An entry's body as its page shows it, and the start of its text for the search index.
struct RenderedBody: Sendable {
    let html: String
    let searchText: String
    /// Dataview's `key:: value` fields of the text.
    let fields: [ObsidianPass.Field]

    /// `searchText`: the first `SearchPages.textLength` Characters of the text.
    init(html: String, searchText: String, fields: [ObsidianPass.Field] = []) {
        self.html = html
        self.searchText = searchText
        self.fields = fields
    }
}
