/// A kind whose items are listed the way a blog lists posts — books read,
/// trips, recipes: a Markdown file each in one folder below `content/`, with
/// a title and a day. The kind says what an item is and how one file becomes
/// one (`item`); Daybook reads the folder, and makes its list page
/// (`NAME/`), a page per item (its file's path, as a free page's), its
/// navigation item, a calendar mark on each item's day, a search record
/// each, and a count on each year's page. Any of these the kind declares
/// itself replaces Daybook's (its own `pages` with its own templates).
///
/// A new kind is this file and one line in `SiteFeatures.all`
/// (`scripts/new-kind NAME` writes both; docs/architecture.md).
protocol ListedKind: ContentKind, ItemsKey where Item: ListedItem {
    /// Its folder below `content/`, its pages' folder, its navigation section and search kind: `books`.
    static var folder: String { get }
    /// The front matter keys its items read besides `title`, `date`, `private` and the draft keys.
    static var keys: [String] { get }
    /// The item `file` holds, or nil with an error in `diagnostics` (`file.source.location(line:)`).
    static func item(_ file: ListedFile, into diagnostics: inout Diagnostics) -> Item?
}

/// What Daybook shows of an item of a `ListedKind`.
protocol ListedItem: ContentItem {
    var title: String { get }
    /// Its day on the calendar and the year pages; nil: on neither.
    var date: LocalDate? { get }
    /// Its Markdown text, shown on its page and searched.
    var body: String { get }
    /// Lines under its title on the list and its page (an author, a place); none by default.
    var details: [String] { get }
}

extension ListedItem {
    var details: [String] { [] }
}

/// One file of a listed kind as every such file is read: who may see it, its
/// `title` (else the file's name), its `date`, its text, and its front matter
/// for the kind's own `keys`.
struct ListedFile {
    let source: SourceFile
    let audience: Audience
    let title: String
    let date: LocalDate?
    let body: String
    let fields: YAMLFields?
}

extension ListedKind {
    static var keys: [String] { [] }
    var files: [String] { [Self.folder] }

    func load(_ load: ContentLoad) {
        let items = load.markdown(under: Self.folder).compactMap { file in load.reparsed(file) { Self.read(file, into: &$0) } }
        load.reportUnread(under: Self.folder, readsSubfolders: true)
        // Newest first, as lists of days are shown; undated ones after, by file.
        load.content[Self.self] = items.sorted { a, b in
            guard a.date != b.date else { return a.source.relativePath < b.source.relativePath }
            guard let first = a.date else { return false }
            return b.date.map { first > $0 } ?? true
        }
    }

    static func read(_ file: SourceFile, into diagnostics: inout Diagnostics) -> Item? {
        let known = ["title", "date", "private", "draft"] + FrontMatterKeys.synonyms + keys
        guard let (document, fields) = FrontMatterDocument.read(file, known: known, into: &diagnostics) else { return nil }
        let listed = ListedFile(source: file, audience: fields?.audience(drafts: true, into: &diagnostics) ?? Audience(),
                                title: fields?["title"]?.string("title", into: &diagnostics) ?? file.baseName,
                                date: fields?["date"]?.date("date", into: &diagnostics), body: document.body, fields: fields)
        return item(listed, into: &diagnostics)
    }

    static var section: Section { Section(folder) }
    static var searchKind: SearchKind { SearchKind(folder, rank: 4) }
    /// `nav_NAME` of the theme's translation; without one, the folder's name.
    static func label(_ translation: Translation) -> String { translation.strings["nav_" + folder] ?? folder.capitalized }

    func navigation(_ site: SiteData) -> [NavigationEntry] {
        site.published[Self.self].isEmpty ? [] : [NavigationEntry(section: Self.section, path: Routes.listed(Self.folder), label: Self.label(site.translation))]
    }

    func pages(_ site: SiteData) -> [Page] {
        let items = site.published[Self.self], title = Self.label(site.translation)
        // Made of its files alone (and what every page shares): serve keeps them while those are the same.
        let key = site.filesKey(of: self)
        let list = Page(Routes.listed(Self.folder), template: "pages/list", cost: items.count, key: key) { context in
            PageViewModel(title: title, section: Self.section, page: ListedPages.List(title: title, items: items.map { ListedPages.link($0, context) }))
        }
        return [list] + items.map { item in
            Page(Routes.content(item.source), template: "pages/item", key: key) { context in
                let list = PageLink(label: title, href: context.link(Routes.listed(Self.folder)))
                return PageViewModel(title: item.title, section: Self.section, page: ListedPages.item(item, list: list, context))
            }
        }
    }

    func calendarLayers(_ site: SiteData) -> [any CalendarLayer] {
        [ListedPages.Layer(cssClass: "mark " + Self.folder, items: site.published[Self.self], key: site.filesKey(of: self))]
    }

    /// Public items only, even with --include-private.
    func searchRecords(_ site: PublicSite) -> [SearchPages.Record] {
        site.content[Self.self].map { item in
            SearchPages.Record(title: item.title, url: Routes.content(item.source).filePath, date: item.date, kind: Self.searchKind, tags: [],
                               text: (item.details + [Markdown.plainText(item.body, characters: SearchPages.textLength)]).joined(separator: " "))
        }
    }

    func yearTally(_ site: SiteData) -> YearTally? {
        YearTally(label: Self.label(site.translation), days: site.publicView[Self.self].compactMap(\.date), key: site.filesKey(of: self))
    }
}

/// The list and item pages of every `ListedKind`, with their view models.
enum ListedPages {
    struct List: TemplateData {
        let title: String
        let items: [Link]
        var count: Int { items.count }
    }

    struct Link: TemplateData {
        let title, href: String
        let iso, dateLabel: String?
        let details: [String]
    }

    struct Item: TemplateData {
        let title, html: String
        let iso, dateLabel: String?
        let details: [String]
        let list: PageLink
    }

    static func link(_ item: some ListedItem, _ context: PageContext) -> Link {
        Link(title: item.title, href: context.link(Routes.content(item.source)), iso: item.date?.iso,
             dateLabel: item.date.map(context.t.longDate), details: item.details)
    }

    static func item(_ item: some ListedItem, list: PageLink, _ context: PageContext) -> Item {
        Item(title: item.title, html: Markdown.html(item.body), iso: item.date?.iso, dateLabel: item.date.map(context.t.longDate),
             details: item.details, list: list)
    }

    /// A mark on the day of each dated item, linking to its page.
    struct Layer<Item: ListedItem>: CalendarLayer {
        let cssClass: String
        let items: [Item]
        let key: PageKey
        var days: [LocalDate] { items.compactMap(\.date) }
        func marks(on date: LocalDate, _ context: PageContext) -> [DayMark] {
            items.filter { $0.date == date }.map { item in
                DayMark(cssClass: cssClass, icon: nil, text: item.title, href: context.link(Routes.content(item.source)),
                        label: ([item.title] + item.details).joined(separator: ", "))
            }
        }
        func combineKey(_ dates: ClosedRange<LocalDate>, into hasher: inout StableHasher) { hasher.combine(key) }
    }
}
