
/// The diary layer: each entry's weather icon and title.
struct DiaryLayer: CalendarLayer {
    let site: SiteData
    var days: [LocalDate] { Array(site.diary.byDate.keys) }

    /// Its entries as lists show them.
    func combineKey(_ dates: ClosedRange<LocalDate>, into hasher: inout Hasher) {
        for date in dates.days {
            guard let indexes = site.diary.byDate[date] else { continue }
            hasher.combine(date)
            hasher.combine(indexes.count)
            for index in indexes { hasher.combine(site.diary.itemKeys[index]) }
        }
    }

    func marks(on date: LocalDate, _ context: PageContext) -> [DayMark] {
        (site.diary.byDate[date] ?? []).map { index in
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
