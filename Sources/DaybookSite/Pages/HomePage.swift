import DaybookRender
import DaybookContent

/// A part of today's plan on the home page (study books, reviews due, the
/// planned split, routines). Each feature adds its own.
struct PlanSection {
    let title: String
    let cssClass: String
    let items: [PlanItem]
    let moreHref: String?
    let moreLabel: String?
}

struct PlanItem {
    let text: String
    let detail: String?
    let href: String?
    let cssClass: String
}

/// The home page: today's plan, recent entries, this month's calendar.
struct HomePage: SiteFeature {
    struct Home {
        let todayLabel: String
        let plan: [PlanSection]
        let hasPlan: Bool
        let recent: [EntryItem]
        let month: CalendarPages.MonthView
        let diaryHref: String
        let isEmpty: Bool
    }

    func pages(_ site: SiteData) -> [Page] {
        [Page(.home, template: "pages/home") { context in
            // Taken when the page renders: by then the calendar's pages have made the layers (`BuildMemo`).
            let layers = SiteFeatures.calendarLayers(site)
            let plan = SiteFeatures.plan(site, context)
            let home = Home(todayLabel: context.t.longDate(site.today), plan: plan, hasPlan: !plan.isEmpty,
                            recent: site.diary.items.items(site.diary.entries.indices.suffix(10).reversed(), context),
                            month: CalendarPages.monthView(site.today.monthKey, layers: layers, context),
                            diaryHref: context.link(Routes.diary),
                            isEmpty: site.diary.entries.isEmpty && plan.isEmpty)
            return PageViewModel(title: site.config.title, section: .home, page: home)
        }]
    }

    func navigation(_ site: SiteData) -> [NavigationEntry] {
        [NavigationEntry(section: .home, path: .home, label: site.translation["nav_home"])]
    }
}

extension PlanSection: TemplateFields {
    enum Field: String, CaseIterable {
        case title, cssClass, items, moreHref, moreLabel
    }

    static let fieldIndex = TemplateNameTable<Field>()

    func field(_ field: Field) -> any TemplateRepresentable {
        switch field {
        case .title: title
        case .cssClass: cssClass
        case .items: items
        case .moreHref: moreHref.orMissing
        case .moreLabel: moreLabel.orMissing
        }
    }
}

extension PlanItem: TemplateFields {
    enum Field: String, CaseIterable {
        case text, detail, href, cssClass
    }

    static let fieldIndex = TemplateNameTable<Field>()

    func field(_ field: Field) -> any TemplateRepresentable {
        switch field {
        case .text: text
        case .detail: detail.orMissing
        case .href: href.orMissing
        case .cssClass: cssClass
        }
    }
}

extension HomePage.Home: TemplateFields {
    enum Field: String, CaseIterable {
        case todayLabel, plan, hasPlan, recent, month, diaryHref, isEmpty
    }

    static let fieldIndex = TemplateNameTable<Field>()

    func field(_ field: Field) -> any TemplateRepresentable {
        switch field {
        case .todayLabel: todayLabel
        case .plan: plan
        case .hasPlan: hasPlan
        case .recent: recent
        case .month: month
        case .diaryHref: diaryHref
        case .isEmpty: isEmpty
        }
    }
}
