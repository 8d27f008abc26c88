
/// A part of today's plan on the home page (study books, reviews due, the
/// planned split, routines). Each feature adds its own.
struct PlanSection: TemplateData {
    let title, cssClass: String
    let items: [PlanItem]
    let moreHref, moreLabel: String?
}

struct PlanItem: TemplateData {
    let text: String
    let detail, href: String?
    let cssClass: String
    /// What the phone records for this item (`review:DECK`, `routine:ID`,
    /// `workout`), so the page can mark it done from the events not yet sent home.
    var recorded: String? = nil
}

/// The home page: today's plan, recent entries, this month's calendar.
struct HomePage: SiteFeature {
    struct Home: TemplateData {
        let todayLabel: String
        /// Today's plan and the days after it (`PhonePlan`), all but today's hidden until the phone's clock picks one.
        let days: [PhonePlan.Day]
        let staleNote: String
        /// The schedule's state for the phone to work out the coming days' vocabulary (`VocabPhoneState`).
        let planState: String?
        let recorder: PhonePlan.Recorder
        let hasPlan: Bool
        let recent: [EntryItem]
        let onThisDay: OnThisDayView
        let month: CalendarPages.MonthView
        let diaryHref: String
        let isEmpty: Bool
        /// In December and January, the year in review of the year ending or just ended.
        let yearReview: PageLink?
        /// On a site with an encrypted part: where its script finds the private entries to mark on the month.
        let sealed: SealedLinks?
    }

    func pages(_ site: SiteData) -> [Page] {
        [Page(.home, template: "pages/home") { context in
            // Taken when the page renders: by then the calendar's pages have made the layers (`DerivedMemo`).
            let layers = site.features.calendarLayers(site)
            let days = PhonePlan.days(site, context)
            let plan = days[0].plan
            let home = Home(todayLabel: context.t.longDate(site.today), days: days, staleNote: PhonePlan.staleNote(site, context.t),
                            planState: try VocabPhoneState.json(site, context),
                            recorder: PhonePlan.Recorder(site, context), hasPlan: days.contains { !$0.plan.isEmpty },
                            recent: site.diary.items.items(site.diary.entries.indices.suffix(10).reversed(), context),
                            onThisDay: OnThisDayView(site, context),
                            month: CalendarPages.monthView(site.today.monthKey, layers: layers, context, sealedMarks: true),
                            diaryHref: context.link(Routes.diary),
                            isEmpty: site.diary.entries.isEmpty && plan.isEmpty,
                            yearReview: YearInReviewPages.featured(site).map { YearInReviewPages.link($0, context) },
                            sealed: SealedLinks.on(context))
            return PageViewModel(title: site.config.title, section: .home, page: home)
        }]
    }

    func navigation(_ site: SiteData) -> [NavigationEntry] {
        [NavigationEntry(section: .home, path: .home, label: site.translation["nav_home"])]
    }
}

extension Section {
    static let home = Section("home")
}
