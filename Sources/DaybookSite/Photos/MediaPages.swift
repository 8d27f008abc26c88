
/// A media page per month with photos (`diary/2026/11/photos/`): every photo
/// of the month's entries, each linking to its entry.
struct MediaPages: SiteFeature {
    /// Months whose entries have photos.
    static func months(_ diary: DiaryIndex) -> [YearMonth] {
        diary.byMonth.filter { $0.value.contains { !diary.photos[$0].isEmpty } }.keys.sorted()
    }

    func pages(_ site: SiteData) -> [Page] {
        Self.months(site.diary).map { month in
            Page(Routes.diaryMonthPhotos(month), template: "pages/photos", cost: site.diary.byMonth[month]!.count) { context in
                Self.monthPage(month, context)
            }
        }
    }

    struct Item: TemplateData {
        let thumbnail: PhotoHTML.Thumbnail
        let title, dateLabel, iso, href: String
    }

    struct MonthPage: TemplateData {
        let heading: String
        let items: [Item]
        let up: DiaryKind.MonthLink
        var count: Int { items.count }
    }

    static func monthPage(_ month: YearMonth, _ context: PageContext) -> PageViewModel {
        let diary = context.site.diary
        let items = diary.byMonth[month]!.flatMap { index in
            let entry = diary.entries[index]
            // A cover that is also in the body shows once.
            return unique(diary.photos[index]).map { photo in
                Item(thumbnail: PhotoHTML.thumbnail(photo, alt: entry.title, from: context.path), title: entry.title,
                     dateLabel: context.t.longDate(entry.date), iso: entry.date.iso, href: context.link(Routes.content(entry.source)))
            }
        }
        let heading = context.t.format("photos_of_month", ["month": context.t.monthTitle(month)])
        let up = DiaryKind.MonthLink(label: context.t.monthTitle(month), href: context.link(Routes.diaryMonth(month)),
                                      count: diary.byMonth[month]!.count)
        return PageViewModel(title: heading, section: .diary, page: MonthPage(heading: heading, items: items, up: up))
    }

    static func unique(_ photos: [Photo]) -> [Photo] {
        var seen = Set<String>()
        return photos.filter { seen.insert($0.source).inserted }
    }
}

extension DiaryIndex {
    /// The small photo that stands for an entry in lists and on the calendar:
    /// its cover, else its first photo. Decorative, as the title is beside it.
    func thumbnail(of entry: DiaryEntry) -> Photo? { covers[entry.id] }
}
