/// What links here, for the pages of one build (docs/site.md): the index
/// (`Backlinks`) of the links that rendering found in every published entry
/// and free page, to entries, pages and words of a deck, with what a page
/// shows of each page a link joins (its title, its day, its first lines for
/// a link's preview). Made once a build
/// from the links kept with each rendering, so that `serve`, which keeps the
/// renderings of unchanged entries, lists exactly what a clean build does.
///
/// Privacy by construction: only a page `SiteData.publicView` shows (never
/// a private one, even with --include-private) is listed as linking here, and
/// only a page this build publishes is listed on, and only a public one previewed.
struct LinksHere: Sendable {
    /// A page links lead to or come from: what the list and a preview show of it.
    struct Shown: Sendable {
        let title: String
        /// An entry's day; nil for a free page.
        let date: LocalDate?
        /// For a preview: empty for a page no link leads to.
        let firstLines: String
        /// Shown with --include-private only: never listed as linking here, nor previewed.
        let isPublic: Bool
    }

    private let index: Backlinks
    private let shown: [SitePath: Shown]
    /// The words links lead to, by deck (`Routes.word`).
    private let words: [String: [SitePath]]

    /// How much of a page's text its preview shows.
    static let firstLinesLength = 200

    /// - Parameter pages: each published free page, its plain text and its links.
    /// - Parameter decks: the published decks, whose words links may lead to.
    init(diary: DiaryIndex, pages: [(page: FreePage, text: String, isPublic: Bool, links: [Backlinks.Link])], decks: [Deck]) {
        let links = diary.entries.indices.flatMap { diary.links(of: $0) } + pages.flatMap(\.links)
        // Most diaries link nowhere within themselves: nothing to look up.
        guard !links.isEmpty else {
            index = Backlinks([], isShown: { _ in false })
            shown = [:]
            words = [:]
            return
        }
        var shown: [SitePath: Shown] = [:]
        var publicIndexes = Set(diary.publicIndexes)
        // Only a page a link leads to is previewed: the others' first lines are not made.
        let targets = Set(links.lazy.map(\.to))
        for (position, entry) in diary.entries.enumerated() {
            let path = Routes.content(entry.source)
            shown[path] = Shown(title: entry.title, date: entry.date,
                                firstLines: targets.contains(path) ? PlainText.firstLines(diary.bodies[position].searchText, Self.firstLinesLength) : "",
                                isPublic: publicIndexes.remove(position) != nil)
        }
        for page in pages {
            let path = Routes.content(page.page.source)
            shown[path] = Shown(title: page.page.title, date: nil,
                                firstLines: targets.contains(path) ? PlainText.firstLines(page.text, Self.firstLinesLength) : "", isPublic: page.isPublic)
        }
        // A word's card shows the word and its meanings.
        let linkedWords = targets.filter { $0.value.utf8.contains(UInt8(ascii: "#")) }
        var words: [String: [SitePath]] = [:]
        for deck in decks where !linkedWords.isEmpty {
            let fragments = Routes.wordFragments(deck)
            for word in deck.words {
                let path = Routes.word(deck.id, fragments[word.text])
                guard linkedWords.contains(path), shown[path] == nil else { continue }
                words[deck.id, default: []].append(path)
                shown[path] = Shown(title: WikiTargets.name(of: word), date: nil,
                                    firstLines: PlainText.firstLines(Markdown.plainText(word.meanings.joined(separator: "; ")), Self.firstLinesLength),
                                    isPublic: !deck.isPrivate)
            }
        }
        index = Backlinks(links.filter { shown[$0.from]?.isPublic == true }, isShown: { shown[$0] != nil })
        self.shown = shown
        self.words = words
    }

    /// Whether some link leads to a word of deck `id`: only then do its word lists look up what links to each.
    func linksWords(of deck: String) -> Bool { words[deck] != nil }

    /// What the word lists of deck `id` (every deck's, for nil) show of what links to their words, for their keys.
    func combineWords(of deck: String?, into hasher: inout StableHasher) {
        for path in deck.map({ words[$0] ?? [] }) ?? words.keys.sorted().flatMap({ words[$0]! }) {
            combine(path, links: [], into: &hasher)
        }
    }

    /// One page that links here, ready for the template.
    struct Linker: TemplateData {
        let title: String
        let href: String
        let iso: String?
        let dateLabel: String?
        let sentence: String
    }

    /// A page this one links to, for its preview: `href` as the page's links write it.
    struct Preview: TemplateData {
        let href: String
        let title: String
        /// The page's first lines.
        let text: String
    }

    /// The pages that link to `page`, as the page of `context` lists them.
    func linkers(of page: SitePath, _ context: PageContext) -> [Linker] {
        index.linking(to: page).compactMap { linker in
            shown[linker.page].map { from in
                Linker(title: from.title, href: context.link(linker.page), iso: from.date?.iso, dateLabel: from.date.map(context.t.longDate),
                       sentence: linker.sentence)
            }
        }
    }

    /// What the previews of `links` (a page's own) show: each public page they lead to once, never the page itself.
    func previews(_ links: [Backlinks.Link], _ context: PageContext) -> [Preview] {
        var seen: Set<SitePath> = [context.path]
        return links.compactMap { link in
            // A private page's text is never carried by another page, as it is never shown inside one (--include-private).
            guard seen.insert(link.to).inserted, let target = shown[link.to], target.isPublic else { return nil }
            // A word is a place on its deck's page.
            let href = link.to.value.firstIndex(of: "#").map { hash in
                context.link(SitePath(String(link.to.value[..<hash])), fragment: String(link.to.value[link.to.value.index(after: hash)...]))
            } ?? context.link(link.to)
            return Preview(href: href, title: target.title, text: target.firstLines)
        }
    }

    /// What `page`'s list and its links' previews are made of, for its key (`PageKey`).
    func combine(_ page: SitePath, links: [Backlinks.Link], into hasher: inout StableHasher) {
        for linker in index.linking(to: page) {
            hasher.combine(linker.page)
            hasher.combine(text: linker.sentence)
            hasher.combine(text: shown[linker.page]?.title)
        }
        hasher.combine(0)
        for link in links {
            hasher.combine(link.to)
            guard let target = shown[link.to] else { continue }
            hasher.combine(text: target.title)
            hasher.combine(text: target.firstLines)
        }
    }
}
