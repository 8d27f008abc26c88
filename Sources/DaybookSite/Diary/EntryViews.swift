import DaybookContent
import DaybookRender

/// How an entry's weather shows: the icon's class and ready labels.
struct WeatherView {
    /// The icon's class in the style sheet (`wx-snow`); nil when only measurements were given.
    let icon: String?
    let label: String
    let temperature: String?
    let details: [String]
    let location: String?

    init?(_ weather: Weather?, _ context: PageContext) {
        guard let weather else { return nil }
        let t = context.t
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

struct TagLink {
    let name: String
    let href: String
}

/// An entry in a list (archives, tags, home, calendar).
struct EntryItem {
    let href: String
    let title: String
    let dateLabel: String
    let iso: String
    let time: String?
    let weather: WeatherView?
    let tags: [TagLink]
    let moreTags: String?
    let isPrivate: Bool
    /// The entry's cover or first photo, small.
    let thumbnail: PhotoHTML.Thumbnail?

    init(_ entry: DiaryEntry, _ context: PageContext) {
        href = context.link(Routes.content(entry.source))
        title = entry.title
        dateLabel = context.t.longDate(entry.date)
        iso = entry.date.iso
        time = entry.time?.text
        weather = WeatherView(entry.weather, context)
        // A list shows the first few tags, so that a page listing entries stays
        // linear in them however many tags one entry has (the entry page shows all).
        tags = EntryItem.tagLinks(entry.tags.prefix(EntryItem.tagLimit), context)
        moreTags = entry.tags.count > EntryItem.tagLimit ? "+\(entry.tags.count - EntryItem.tagLimit)" : nil
        isPrivate = entry.isPrivate
        thumbnail = context.site.diary.thumbnail(of: entry, context)
    }

    static let tagLimit = 10

    static func tagLinks(_ tags: some Sequence<String>, _ context: PageContext) -> [TagLink] {
        tags.map { TagLink(name: $0, href: context.link(Routes.tag(Slug.make($0)))) }
    }
}

/// A group of entries under a heading (a month in a year archive).
struct EntryGroup {
    let title: String
    let href: String?
    let entries: [EntryItem]
    let count: Int
}

extension EntryItem: TemplateFields {
    func field(_ name: String) -> (any TemplateRepresentable)? {
        switch name {
        case "href": href
        case "title": title
        case "dateLabel": dateLabel
        case "iso": iso
        case "tags": tags
        case "hasTags": !tags.isEmpty
        case "moreTags": moreTags.orMissing
        case "isPrivate": isPrivate
        case "time": time.orMissing
        case "weather": weather.orMissing
        case "thumbnail": thumbnail.orMissing
        default: nil
        }
    }
}

extension EntryGroup: TemplateFields {
    func field(_ name: String) -> (any TemplateRepresentable)? {
        switch name {
        case "title": title
        case "href": href.orMissing
        case "entries": entries
        case "count": count
        default: nil
        }
    }
}

extension TagLink: TemplateFields {
    func field(_ name: String) -> (any TemplateRepresentable)? {
        switch name {
        case "name": self.name
        case "href": href
        default: nil
        }
    }
}

extension WeatherView: TemplateFields {
    func field(_ name: String) -> (any TemplateRepresentable)? {
        switch name {
        case "label": label
        case "details": details
        case "icon": icon.orMissing
        case "temperature": temperature.orMissing
        case "location": location.orMissing
        default: nil
        }
    }
}
