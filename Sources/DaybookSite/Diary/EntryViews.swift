import Foundation

/// How an entry's weather shows: the icon's class and ready labels.
struct WeatherView: TemplateData {
    /// The icon's class in the style sheet (`wx-snow`); nil when only measurements were given.
    let icon: String?
    let label: String
    let temperature: String?
    let details: [String]
    let location: String?

    init?(_ weather: Weather?, _ t: Translation) {
        guard let weather else { return nil }
        icon = weather.iconName.map { "wx-" + $0 }
        label = weather.condition.map { t["weather_" + $0.rawValue] } ?? t["weather_unknown"]
        temperature = weather.temperature.map(Self.degrees)
        var details: [String] = []
        if let feels = weather.feelsLike { details.append("\(t["weather_feels_like"]) \(Self.degrees(feels))") }
        if let humidity = weather.humidity { details.append("\(t["weather_humidity"]) \(Self.number(humidity))%") }
        if let wind = weather.wind { details.append("\(t["weather_wind"]) \(Self.number(wind)) m/s") }
        self.details = details
        location = weather.location
    }

    /// `−1.5°C` with a real minus sign.
    static func degrees(_ value: Double) -> String {
        (value < 0 ? "−" : "") + number(abs(value)) + "°C"
    }

    static func number(_ value: Double) -> String {
        NumberText.format(value, decimals: 1, .people)
    }
}

struct TagLink: TemplateData {
    let name, href: String
}

/// What pages show of an entry wherever they list it, worked out once per
/// build (`EntryItems`): links are kept from the site's root, since only
/// the `../` before them differs from page to page.
final class EntryFacts: Sendable {
    /// The entry's page, escaped for a link.
    let path: String
    let title, dateLabel, iso: String
    let time: String?
    let weather: WeatherView?
    /// Every tag, with its page escaped for a link.
    let tags: [(name: String, path: String)]
    let isPrivate: Bool
    /// Shown small (`DiaryIndex.thumbnail`).
    let cover: Photo?

    init(_ entry: DiaryEntry, tagSlugs: [String], cover: Photo?, _ t: Translation) {
        path = SitePath.escape(Routes.content(entry.source).filePath)
        title = entry.title
        dateLabel = t.longDate(entry.date)
        iso = entry.date.iso
        time = entry.time?.text
        weather = WeatherView(entry.weather, t)
        tags = zip(entry.tags, tagSlugs).map { ($0, SitePath.escape(Routes.tag($1).filePath)) }
        isPrivate = entry.isPrivate
        self.cover = cover
    }

    func tagLinks(_ tags: some Sequence<(name: String, path: String)>, root: String) -> [TagLink] {
        tags.map { TagLink(name: $0.name, href: root + $0.path) }
    }

    func thumbnail(root: String) -> PhotoHTML.Thumbnail? { cover.map { PhotoHTML.thumbnail($0, alt: "", root: root) } }
}

/// An entry in a list (archives, tags, home, an entry's neighbours), for
/// pages at one depth: made once per build, and where other lists at that
/// depth show it again, the list-item partial's rendering of it is kept.
final class EntryItem: TemplateData, Sendable {
    fileprivate let facts: EntryFacts
    /// `../` from the pages showing the item to the site's root.
    fileprivate let root: String
    let keptRenderings: KeptRenderings?

    init(_ facts: EntryFacts, root: String, kept: Bool) {
        self.facts = facts
        self.root = root
        keptRenderings = kept ? KeptRenderings() : nil
    }

    var href: String { root + facts.path }
    var title: String { facts.title }
    var dateLabel: String { facts.dateLabel }
    var iso: String { facts.iso }
    var tags: [TagLink] { facts.tagLinks(facts.tags.prefix(Self.tagLimit), root: root) }
    var hasTags: Bool { !facts.tags.isEmpty }
    var moreTags: String? { facts.tags.count > Self.tagLimit ? "+\(facts.tags.count - Self.tagLimit)" : nil }
    var isPrivate: Bool { facts.isPrivate }
    var time: String? { facts.time }
    var weather: WeatherView? { facts.weather }
    var thumbnail: PhotoHTML.Thumbnail? { facts.thumbnail(root: root) }

    /// A list shows the first few tags, so that a page listing entries stays
    /// linear in them however many tags one entry has (the entry page shows all).
    static let tagLimit = 10
}

/// Each entry's facts and items, made when a page first shows them and
/// then shared by every page that does.
final class EntryItems: @unchecked Sendable {
    private let lock = NSLock()
    private var facts: [EntryFacts?]
    /// By the depth of the pages showing them.
    private var items: [Int: [EntryItem?]] = [:]

    init(count: Int) { facts = Array(repeating: nil, count: count) }

    func facts(_ index: Int, _ context: PageContext) -> EntryFacts {
        if let kept = lock.withLock({ facts[index] }) { return kept }
        let diary = context.site.diary
        let entry = diary.entries[index]
        let made = EntryFacts(entry, tagSlugs: diary.tagSlugs[index], cover: diary.thumbnail(of: entry), context.t)
        // Two pages may make the same facts at once; they are equal, and the first kept is shared.
        return lock.withLock {
            if let kept = facts[index] { return kept }
            facts[index] = made
            return made
        }
    }

    /// The items of entries `indexes`, for the page of `context`.
    /// - Parameter kept: other lists at the page's depth show the same entries
    ///   (a year's and its tags'), so their renderings are worth their memory.
    ///   Every page at one depth says the same; the first to make an item decides.
    func items(_ indexes: some Collection<Int>, _ context: PageContext, kept: Bool = false) -> [EntryItem] {
        let depth = context.path.depth
        var found = lock.withLock { indexes.map { items[depth]?[$0] } }
        let root = context.root
        for (position, index) in indexes.enumerated() where found[position] == nil {
            found[position] = EntryItem(facts(index, context), root: root, kept: kept)
        }
        return lock.withLock {
            var kept = items[depth] ?? Array(repeating: nil, count: facts.count)
            defer { items[depth] = kept }
            return zip(indexes, found).map { index, item in
                if let existing = kept[index] { return existing }
                kept[index] = item
                return item!
            }
        }
    }

    func item(_ index: Int, _ context: PageContext) -> EntryItem { items(CollectionOfOne(index), context)[0] }
}

/// A group of entries under a heading (a month in a year archive).
struct EntryGroup: TemplateData {
    let title: String
    let href: String?
    let entries: [EntryItem]
    /// What a long list shows instead of `entries`.
    var lines: [EntryLine] = []
    let count: Int
}

/// An entry in a long list (`DiaryKind.fullItemLimit`): its date and title alone.
struct EntryLine: TemplateData {
    let iso, dateLabel, title, href: String
}

/// An entry page's previous or next entry: its list item, with the link
/// climbing only to the folder both pages share (`../2026-11-19/index.html`),
/// where the item, kept for every page at this depth, goes through the root.
struct Neighbour {
    let item: EntryItem
    let href: String
}

extension Neighbour: TemplateFields {
    static let templateFields = TemplateFieldTable<Self>(\.item, [("href", { $0.href.templateValue })])
}
