import Foundation

/// Entry pages, the diary index, year and month archives, tag pages.
extension DiaryKind {

    func pages(_ site: SiteData) -> [Page] {
        let diary = site.diary
        var pages: [Page] = []
        for index in diary.entries.indices {
            // An entry's page shows its neighbours as they show in lists.
            let key = site.rememberedKey { hasher in
                hasher.combine(diary.pageKeys[index])
                hasher.combine(index > 0 ? diary.itemKeys[index - 1] : nil)
                hasher.combine(index + 1 < diary.entries.count ? diary.itemKeys[index + 1] : nil)
                site.linksHere.combine(Routes.content(diary.entries[index].source), links: diary.links(of: index), into: &hasher)
            }
            pages.append(Page(Routes.content(diary.entries[index].source), template: "pages/entry", key: key) { context in
                Self.entryPage(index, context)
            })
        }
        let years = diary.byYear.keys.sorted()
        let yearCounts = years.map { diary.byYear[$0]!.count }
        let months = diary.byMonth.keys.sorted()
        let monthCounts = months.map { diary.byMonth[$0]!.count }
        // The index shows the counts of every year and month, and the newest entries' items.
        let indexKey = site.rememberedKey { hasher in
            hasher.combine(years)
            hasher.combine(yearCounts)
            hasher.combine(months)
            hasher.combine(monthCounts)
            hasher.combine(diary.entries.count)
            for index in diary.entries.indices.suffix(Self.recentCount) { hasher.combine(diary.itemKeys[index]) }
        }
        pages.append(Page(Routes.diary, template: "pages/diary", key: indexKey) { context in
            Self.indexPage(context)
        })
        // Archives show their entries' items, and the counts of their neighbours and of the level above.
        func listing(_ indexes: [Int], _ combine: (inout StableHasher) -> Void) -> PageKey? {
            site.rememberedKey { hasher in
                combine(&hasher)
                hasher.combine(indexes.count)
                for index in indexes { hasher.combine(diary.itemKeys[index]) }
            }
        }
        for year in years {
            let key = listing(diary.byYear[year]!) { hasher in
                hasher.combine(years)
                hasher.combine(yearCounts)
                hasher.combine(diary.entries.count)
            }
            pages.append(Page(Routes.diaryYear(year), template: "pages/archive", cost: diary.byYear[year]!.count, key: key) { context in
                Self.yearPage(year, context)
            })
        }
        for month in months {
            let key = listing(diary.byMonth[month]!) { hasher in
                hasher.combine(months)
                hasher.combine(monthCounts)
                hasher.combine(diary.byYear[month.year]!.count)
            }
            pages.append(Page(Routes.diaryMonth(month), template: "pages/archive", cost: diary.byMonth[month]!.count, key: key) { context in
                Self.monthPage(month, context)
            })
        }
        let slugs = diary.byTag.keys.sorted()
        // The tags page shows each tag's name and count.
        let tagsKey = site.rememberedKey { hasher in
            for slug in slugs {
                hasher.combine(text: slug)
                hasher.combine(text: diary.byTag[slug]!.name)
                hasher.combine(diary.byTag[slug]!.indexes.count)
            }
        }
        pages.append(Page(Routes.tags, template: "pages/tags", key: tagsKey) { context in
            Self.tagsPage(context)
        })
        for slug in slugs {
            let tag = diary.byTag[slug]!
            let key = listing(tag.indexes) { hasher in
                hasher.combine(text: tag.name)
                hasher.combine(diary.byTag.count)
            }
            pages.append(Page(Routes.tag(slug), template: "pages/archive", cost: tag.indexes.count, key: key) { context in
                Self.tagPage(slug, context)
            })
        }
        return pages
    }

    func navigation(_ site: SiteData) -> [NavigationEntry] {
        [NavigationEntry(section: .diary, path: Routes.diary, label: site.translation["nav_diary"])]
    }

    func calendarLayers(_ site: SiteData) -> [any CalendarLayer] { [DiaryLayer(site: site)] }

    /// Public entries only: a private one stays out even with --include-private.
    func searchRecords(_ site: PublicSite) -> [SearchPages.Record] {
        site.diary.map { shown in
            let entry = shown.entry
            return SearchPages.Record(title: entry.title, url: Routes.content(entry.source).filePath, date: entry.date, kind: .diary,
                               tags: entry.tags, text: shown.body.searchText)
        }
    }

    /// A record shows what a list shows of its entry (`DiaryIndex.itemKeys`) and the start of its text.
    func combineSearchKey(_ site: PublicSite, into hasher: inout StableHasher) {
        let shown = site.diary
        hasher.combine(shown.count)
        for entry in shown {
            hasher.combine(entry.itemKey)
            hasher.combine(entry.searchTextKey)
        }
    }

    struct EntryPage: TemplateData {
        let title, dateLabel, iso: String
        let time: String?
        let weather: WeatherView?
        let tags: [TagLink]
        let mood: String?
        let isPrivate: Bool
        let html: String
        let previous, next: Neighbour?
        let monthHref, monthLabel, calendarHref: String
        /// Front matter keys of other tools, and `lastmod` as written.
        let params: TemplateValue
        let lastmod: String?
        /// Dataview's `key:: value` fields of the text.
        let fields: [ObsidianPass.Field]
        let linkedFrom: [LinksHere.Linker]
        let previews: [LinksHere.Preview]
        /// On a site with an encrypted part: where its script adds the private items that link here.
        let sealedLinksHere: SealedLinksHere?
    }

    static func neighbour(_ index: Int, _ context: PageContext) -> Neighbour {
        let diary = context.site.diary
        return Neighbour(item: diary.items.item(index, context), href: context.link(Routes.content(diary.entries[index].source)))
    }

    static func entryPage(_ index: Int, _ context: PageContext) -> PageViewModel {
        let diary = context.site.diary
        let entry = diary.entries[index]
        let facts = diary.items.facts(index, context)
        let page = EntryPage(
            title: entry.title, dateLabel: facts.dateLabel, iso: facts.iso, time: facts.time, weather: facts.weather,
            tags: facts.tagLinks(facts.tags, root: context.root), mood: entry.mood, isPrivate: entry.isPrivate, html: diary.bodies[index].html,
            previous: index > 0 ? neighbour(index - 1, context) : nil,
            next: index + 1 < diary.entries.count ? neighbour(index + 1, context) : nil,
            monthHref: context.link(Routes.diaryMonth(entry.date.monthKey)),
            monthLabel: context.t.monthTitle(entry.date.monthKey),
            calendarHref: context.link(Routes.calendarMonth(entry.date.monthKey)),
            params: ParamsView.make(entry.frontMatter.params),
            lastmod: entry.frontMatter.lastModified?.date.iso,
            fields: diary.bodies[index].fields,
            linkedFrom: context.site.linksHere.linkers(of: context.path, context),
            previews: context.site.linksHere.previews(diary.links(of: index), context),
            sealedLinksHere: SealedLinksHere.on(context)
        )
        return PageViewModel(title: entry.title, section: .diary, page: page, showsToday: false)
    }

    struct YearLink: TemplateData {
        let year: Int
        let href: String
        let count: Int
        let months: [MonthLink]
    }

    struct MonthLink: TemplateData {
        let label, href: String
        let count: Int
    }

    struct IndexPage: TemplateData {
        let years: [YearLink]
        let recent: [EntryItem]
        let tagsHref: String
        let isEmpty: Bool
        let count: Int
        /// Where the script that lists the private entries once unlocked finds them (`SealedPages`).
        let sealed: SealedLinks?
    }

    /// How many of the newest entries the diary's index lists.
    static let recentCount = 20

    static func indexPage(_ context: PageContext) -> PageViewModel {
        let diary = context.site.diary
        let years = diary.byYear.keys.sorted(by: >).map { year in
            YearLink(year: year, href: context.link(Routes.diaryYear(year)), count: diary.byYear[year]!.count,
                     months: diary.byMonth.keys.filter { $0.year == year }.sorted(by: >).map { month in
                         MonthLink(label: context.t.monthName(month.month), href: context.link(Routes.diaryMonth(month)),
                                   count: diary.byMonth[month]!.count)
                     })
        }
        let recent = diary.items.items(diary.entries.indices.suffix(recentCount).reversed(), context)
        return PageViewModel(title: context.t["nav_diary"], section: .diary,
                             page: IndexPage(years: years, recent: Array(recent), tagsHref: context.link(Routes.tags),
                                             isEmpty: diary.entries.isEmpty, count: diary.entries.count, sealed: SealedLinks.on(context)),
                             showsToday: false)
    }

    struct ArchivePage: TemplateData {
        let heading: String
        let groups: [EntryGroup]
        let count: Int
        let up, previous, next: MonthLink?
        /// The month's media page, when it has photos.
        var photosHref: String?
    }

    /// A year or tag page listing more entries than this shows each as a line
    /// (date and title) under its month, so that it stays light on a phone: a
    /// year of 3,000 full items is 1.4 MB of HTML. A month's page shows every
    /// item in full.
    static let fullItemLimit = 100

    /// `indexes` (oldest first) newest first under their months: in full, or
    /// as lines when there are more than `fullItemLimit`.
    static func monthGroups(_ indexes: [Int], _ context: PageContext) -> [EntryGroup] {
        let diary = context.site.diary
        var groups: [(month: YearMonth, indexes: [Int])] = []
        for index in indexes.reversed() {
            let month = diary.entries[index].date.monthKey
            if groups.last?.month == month { groups[groups.count - 1].indexes.append(index) } else { groups.append((month, [index])) }
        }
        let full = indexes.count <= fullItemLimit
        return groups.map { month, indexes in
            let title = context.t.monthTitle(month), href = context.link(Routes.diaryMonth(month))
            guard !full else {
                return EntryGroup(title: title, href: href, entries: diary.items.items(indexes, context, kept: true), count: indexes.count)
            }
            let lines = indexes.map { index in
                let entry = diary.entries[index]
                return EntryLine(iso: entry.date.iso, dateLabel: context.t.shortDate(entry.date), title: entry.title,
                                 href: context.link(Routes.content(entry.source)))
            }
            return EntryGroup(title: title, href: href, entries: [], lines: lines, count: indexes.count)
        }
    }

    static func yearPage(_ year: Int, _ context: PageContext) -> PageViewModel {
        let diary = context.site.diary
        let groups = monthGroups(diary.byYear[year]!, context)
        let years = diary.byYear.keys.sorted()
        let position = years.firstIndex(of: year)!
        func link(_ y: Int) -> MonthLink { MonthLink(label: String(y), href: context.link(Routes.diaryYear(y)), count: diary.byYear[y]!.count) }
        let page = ArchivePage(heading: context.t.format("year_title", ["year": String(year)]),
                               groups: groups, count: diary.byYear[year]!.count,
                               up: MonthLink(label: context.t["nav_diary"], href: context.link(Routes.diary), count: diary.entries.count),
                               previous: position > 0 ? link(years[position - 1]) : nil,
                               next: position + 1 < years.count ? link(years[position + 1]) : nil)
        return PageViewModel(title: page.heading, section: .diary, page: page, showsToday: false)
    }

    static func monthPage(_ month: YearMonth, _ context: PageContext) -> PageViewModel {
        let diary = context.site.diary
        let items = diary.items.items(diary.byMonth[month]!, context)
        let months = diary.byMonth.keys.sorted()
        let position = months.firstIndex(of: month)!
        func link(_ m: YearMonth) -> MonthLink { MonthLink(label: context.t.monthTitle(m), href: context.link(Routes.diaryMonth(m)), count: diary.byMonth[m]!.count) }
        var page = ArchivePage(heading: context.t.monthTitle(month),
                               groups: [EntryGroup(title: context.t.monthTitle(month), href: context.link(Routes.calendarMonth(month)),
                                                   entries: items, count: items.count)],
                               count: items.count,
                               up: MonthLink(label: String(month.year), href: context.link(Routes.diaryYear(month.year)), count: diary.byYear[month.year]!.count),
                               previous: position > 0 ? link(months[position - 1]) : nil,
                               next: position + 1 < months.count ? link(months[position + 1]) : nil)
        if diary.byMonth[month]!.contains(where: { !diary.photos[$0].isEmpty }) { page.photosHref = context.link(Routes.diaryMonthPhotos(month)) }
        return PageViewModel(title: page.heading, section: .diary, page: page, showsToday: false)
    }

    struct TagsPage: TemplateData {
        let tags: [MonthLink]
    }

    static func tagsPage(_ context: PageContext) -> PageViewModel {
        let tags = context.site.diary.byTag.sorted { $0.value.name.lowercased() < $1.value.name.lowercased() }.map { slug, tag in
            MonthLink(label: tag.name, href: context.link(Routes.tag(slug)), count: tag.indexes.count)
        }
        return PageViewModel(title: context.t["tags"], section: .diary, page: TagsPage(tags: tags), showsToday: false)
    }

    static func tagPage(_ slug: String, _ context: PageContext) -> PageViewModel {
        let diary = context.site.diary
        let tag = diary.byTag[slug]!
        let heading = "#\(tag.name)"
        let groups = tag.indexes.count > fullItemLimit ? monthGroups(tag.indexes, context)
            : [EntryGroup(title: heading, href: nil, entries: diary.items.items(tag.indexes.reversed(), context, kept: true), count: tag.indexes.count)]
        let page = ArchivePage(heading: heading, groups: groups, count: tag.indexes.count,
                               up: MonthLink(label: context.t["tags"], href: context.link(Routes.tags), count: diary.byTag.count),
                               previous: nil, next: nil)
        return PageViewModel(title: heading, section: .diary, page: page, showsToday: false)
    }
}

extension Section {
    static let diary = Section("diary")
}

extension SearchKind {
    static let diary = SearchKind("diary", rank: 0)
}
