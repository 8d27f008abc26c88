import Foundation

/// The items of the encrypted part: those the site's owner sees and the
/// world does not (private, not drafts), decided by the same rule as every
/// view (`Visibility.shows`), once. Only `SealedPart` reads it, and it
/// publishes nothing of it but ciphertext.
struct SealedContent: ItemsByKind {
    private let items: [ObjectIdentifier: any ContentItems]
    /// The files beside entries and pages it may show: those a build with private items shows (`AssetPrivacy`).
    let assets: Set<String>

    init(_ content: Content) {
        let visibility = Visibility(includePrivate: true)
        items = content.items.mapValues { $0.shown(to: visibility, hiddenFrom: Visibility()) }
        let privacy = AssetPrivacy(content: content, visibility: visibility)
        assets = Set(content.assets.map(\.relativePath).filter(privacy.isPublished))
    }

    subscript<Key: ItemsKey>(key: Key.Type) -> [Key.Item] { items[ObjectIdentifier(key)].map { $0 as! [Key.Item] } ?? [] }

    /// Each item as the browser shows it and the reader restores it, with what the encrypted index lists of it.
    /// - Parameter root: the content folder, whose files are read again as bytes: the loaded text has its line ends made
    ///   `\n`, and the reader restores the file exactly as written.
    /// - Parameter photos: where the images of entries and pages are sealed.
    func documents(root: URL, io: FileIO, photos: SealedPhotos) -> [SealedDocument] {
        func written(_ source: SourceFile) -> String {
            (try? io.read(root.appendingPathComponent(source.relativePath).path)).map { String(decoding: $0, as: UTF8.self) } ?? source.text
        }
        return entries.reversed().map { SealedDocument(entry: $0, written: written($0.source), photos: photos) }
            + pages.map { SealedDocument(page: $0, written: written($0.source), photos: photos) }
            + decks.map { SealedDocument(deck: $0, written: written($0.source)) }
    }

    /// The private search index's records (`sealed/search.bin`): what the public index keeps of an entry, a page and
    /// a deck's words (`SiteFeature.searchRecords`), each leading to its item on the unlock page (`unlock/index.html#ID`).
    func searchRecords(name: (String) -> String) -> [SearchPages.Record] {
        func url(_ source: SourceFile) -> String { Routes.unlock.filePath + "#" + name(source.relativePath) }
        func text(_ markdown: String) -> String { Markdown.plainText(markdown, characters: SearchPages.textLength) }
        return entries.map { SearchPages.Record(title: $0.title, url: url($0.source), date: $0.date, kind: .diary, tags: $0.tags, text: text($0.body)) }
            + pages.map { SearchPages.Record(title: $0.title, url: url($0.source), date: nil, kind: .page, tags: [], text: text($0.body)) }
            + decks.flatMap { deck in
                deck.words.map { word in
                    SearchPages.Record(title: Markdown.plainText(word.text), url: url(deck.source), date: word.added, kind: .word,
                                       tags: [deck.title], text: Markdown.plainText(word.meanings.joined(separator: "; ")))
                }
            }
    }

    /// Each year of the private entries: how many and their words, as the year in review counts them (`YearInReview`).
    func years() -> [SealedDocument.Year] {
        let counted = entries.map { YearInReview.Entry(date: $0.date, words: YearInReview.words($0.body)) }
        return Set(entries.map(\.date.year)).sorted().map { year in
            let review = YearInReview(year: year, entries: counted, workouts: [])
            return SealedDocument.Year(year: year, entries: review.entries, words: review.words)
        }
    }

    /// For each day the home page carries from `today` (`PhonePlan.dayCount`), the private entries of its month and
    /// day in earlier years, by the rule of the public ones (`OnThisDay`), the day itself only (not the week's window).
    func onThisDay(from today: LocalDate, _ t: Translation, name: (String) -> String) -> [SealedDocument.Lookback] {
        let index = OnThisDay.Index(entries.map(\.date))
        return (0..<PhonePlan.dayCount).compactMap { offset in
            let date = today.adding(days: offset)
            let match = index.match(today: date, limit: 5)
            guard !match.isWindow, !match.hits.isEmpty else { return nil }
            return SealedDocument.Lookback(day: date.iso, entries: match.hits.map { hit in
                SealedDocument.Anniversary(id: name(entries[hit.index].source.relativePath), yearsAgo: OnThisDayView.yearsAgo(hit.yearsAgo, t))
            })
        }
    }
}

/// One encrypted file's plaintext, and its line in the encrypted index.
struct SealedDocument {
    /// What the index lists: enough for the diary list, without fetching the item.
    struct Listing: Encodable {
        /// The item's file name (`SealKey.name(of:)`), given when it is sealed.
        var id = ""
        let kind: String
        let title: String
        /// An entry's day and time; pages and decks have none.
        var date: String?
        var time: String?
        var tags: [String] = []
        /// The names of its images' files (`SealedPhotos`), kept for reading offline with the item.
        var photos: [String] = []
    }

    /// A word of a deck, as its file gives it.
    struct Word: Encodable {
        let text: String
        let meanings, examples: [String]
        let added: String
    }

    /// The encrypted index: every item's listing, the newest first, the private entries of on this day, what the
    /// year in review adds of them, and the pages they link to.
    struct Index: Encodable {
        var version = 1
        let items: [Listing]
        let onThisDay: [Lookback]
        let years: [Year]
        let linksHere: [LinksHere]
    }

    /// A page of the site (`page`, its path) and the private items that link to it, each once, with the sentence around
    /// its first link: what links here adds on that page once unlocked.
    struct LinksHere: Encodable, Equatable {
        let page: String
        var from: [Linker]
    }

    struct Linker: Encodable, Equatable {
        let id, sentence: String
    }

    /// Each page the documents' links (each document by its file's name) lead to, in the order first linked, with the
    /// documents that link to it: each once, with its first link's sentence; a document's links to itself left out.
    static func linksHere(_ documents: [(id: String, links: [Backlinks.Link])]) -> [LinksHere] {
        var pages: [SitePath: Int] = [:]
        var found: [LinksHere] = []
        for (id, links) in documents {
            for link in links where link.to != link.from {
                let at = pages[link.to] ?? {
                    found.append(LinksHere(page: link.to.value, from: []))
                    pages[link.to] = found.count - 1
                    return found.count - 1
                }()
                if !found[at].from.contains(where: { $0.id == id }) { found[at].from.append(Linker(id: id, sentence: link.sentence)) }
            }
        }
        return found
    }

    /// A year's private entries, counted as the year in review counts the public ones.
    struct Year: Encodable {
        let year, entries, words: Int
    }

    /// A day the home page carries (`OnThisDayView`) and the private entries of its month and day in earlier years.
    struct Lookback: Encodable {
        let day: String
        let entries: [Anniversary]
    }

    struct Anniversary: Encodable {
        let id, yearsAgo: String
    }

    /// The whole item: its listing's fields, what it shows (an entry's or page's HTML, a deck's words), and its
    /// file's text as written (so it can be restored without Daybook).
    struct Item: Encodable {
        let listing: Listing
        let source, text: String
        let html: String?
        let words: [Word]?

        private enum Keys: String, CodingKey { case source, text, html, words }

        func encode(to encoder: any Encoder) throws {
            try listing.encode(to: encoder)
            var fields = encoder.container(keyedBy: Keys.self)
            try fields.encode(source, forKey: .source)
            try fields.encode(text, forKey: .text)
            try fields.encodeIfPresent(html, forKey: .html)
            try fields.encodeIfPresent(words, forKey: .words)
        }
    }

    /// The item's place in the content, which names its file (`SealKey.name(of:)`).
    let source: String
    let listing: Listing
    let text: String
    var html: String?
    var words: [Word]?
    /// Its links to pages of the site, for what links here on the public ones.
    var links: [Backlinks.Link] = []

    init(entry: DiaryEntry, written: String, photos: SealedPhotos) {
        source = entry.source.relativePath
        let (html, images, links) = photos.html(entry.body, of: source, page: Routes.content(entry.source))
        listing = Listing(kind: "entry", title: entry.title, date: entry.date.iso, time: entry.time?.text, tags: entry.tags, photos: images)
        self.html = html
        self.links = links
        text = written
    }

    init(page: FreePage, written: String, photos: SealedPhotos) {
        source = page.source.relativePath
        let (html, images, links) = photos.html(page.body, of: source, page: Routes.content(page.source))
        listing = Listing(kind: "page", title: page.title, photos: images)
        self.html = html
        self.links = links
        text = written
    }

    init(deck: Deck, written: String) {
        source = deck.source.relativePath
        listing = Listing(kind: "deck", title: deck.title)
        words = deck.words.map { Word(text: $0.text, meanings: $0.meanings, examples: $0.examples, added: $0.added.iso) }
        text = written
    }

    /// What its file holds, once it has its name.
    func item(named name: String) -> Item {
        var listing = listing
        listing.id = name
        return Item(listing: listing, source: source, text: text, html: html, words: words)
    }
}
