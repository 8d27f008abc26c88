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

enum TodayPlan {
    static func sections(_ site: SiteData, _ context: PageContext) -> [PlanSection] {
        VocabPages.plan(site, context) + WorkoutPages.plan(site, context) + RoutinePages.plan(site, context)
    }
}

/// The home page: today's plan, recent entries, this month's calendar.
enum HomePage {
    struct Home {
        let todayLabel: String
        let plan: [PlanSection]
        let hasPlan: Bool
        let recent: [EntryItem]
        let month: CalendarPages.MonthView
        let diaryHref: String
        let isEmpty: Bool
    }

    static func pages(_ site: SiteData) -> [Page] {
        let layers = CalendarLayers.all(site)
        return [Page(.home, template: "pages/home") { context in
            let plan = TodayPlan.sections(site, context)
            let home = Home(todayLabel: context.t.longDate(site.today), plan: plan, hasPlan: !plan.isEmpty,
                            recent: site.diary.entries.suffix(10).reversed().map { EntryItem($0, context) },
                            month: CalendarPages.monthView(site.today.monthKey, layers: layers, context),
                            diaryHref: context.link(.folder("diary")),
                            isEmpty: site.diary.entries.isEmpty && plan.isEmpty)
            return PageViewModel(title: site.config.title, section: "home", page: home)
        }]
    }
}
