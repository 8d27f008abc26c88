
/// The diary layer: each public entry's weather icon and title. A private
/// entry is on no calendar, even with --include-private (its own page is).
struct DiaryLayer: CalendarLayer {
    let site: SiteData
    private let byDate: [LocalDate: [Int]]

    init(site: SiteData) {
        self.site = site
        byDate = Dictionary(grouping: site.diary.publicIndexes) { site.diary.entries[$0].date }
    }

    var days: [LocalDate] { Array(byDate.keys) }

    /// Its entries as lists show them.
    func combineKey(_ dates: ClosedRange<LocalDate>, into hasher: inout StableHasher) {
        for date in dates.days {
            guard let indexes = byDate[date] else { continue }
            hasher.combine(date)
            hasher.combine(indexes.count)
            for index in indexes { hasher.combine(site.diary.itemKeys[index]) }
        }
    }

    func marks(on date: LocalDate, _ context: PageContext) -> [DayMark] {
        (byDate[date] ?? []).map { index in
            let entry = site.diary.items.facts(index, context)
            let weather = entry.weather
            return DayMark(cssClass: weather?.icon == nil ? "mark entry no-icon" : "mark entry", icon: weather?.icon, text: entry.title,
                           href: context.root + entry.path,
                           label: [weather?.label, entry.title].compactMap { $0 }.joined(separator: " · "), iconLabel: weather?.label,
                           labelShown: true,
                           thumbnail: entry.thumbnail(root: context.root))
        }
    }
}
