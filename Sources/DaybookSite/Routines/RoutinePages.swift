
/// Routine pages: `routines/` with a month calendar of dots and the monthly
/// charts; the routine dots of the calendars; today's routines on the home page.
extension RoutinesKind {
    var derivedData: [any DerivedData.Type] { [RoutinePlan.self] }

    static func hasRoutines(_ site: SiteData) -> Bool { !site.routinePlan.routines.isEmpty }

    func pages(_ site: SiteData) -> [Page] {
        guard Self.hasRoutines(site) else { return [] }
        let layer = RoutineLayer(site: site)
        // Made of the routine files alone (with today and the settings every page's key holds).
        return [Page(Routes.routines, template: "pages/routines", key: site.routinesKey) { context in RoutineMonthsPage.make(layer: layer, context) }]
    }

    func navigation(_ site: SiteData) -> [NavigationEntry] {
        Self.hasRoutines(site) ? [NavigationEntry(section: .routines, path: Routes.routines, label: site.translation["nav_routines"])] : []
    }

    /// Today's routines with their state (done, planned, or extra when logged on an unscheduled day).
    func plan(_ site: SiteData, on date: LocalDate, _ context: PageContext) -> [PlanSection] {
        let t = context.t
        let items = site.routinePlan.day(date).map { item in
            PlanItem(text: item.routine.name, detail: Self.detail(item.routine, minutes: site.routinePlan.minutes(of: item.routine, on: date), state: item.state, t), href: nil,
                     cssClass: "routine \(item.state.rawValue)", recorded: item.state == .planned ? "routine:" + item.routine.id : nil)
        }
        guard !items.isEmpty else { return [] }
        return [PlanSection(title: t["routine_today"], cssClass: "plan-routines", items: items,
                            moreHref: context.link(Routes.routines), moreLabel: t["nav_routines"])]
    }

    func calendarLayers(_ site: SiteData) -> [any CalendarLayer] {
        Self.hasRoutines(site) ? [RoutineLayer(site: site)] : []
    }

    /// `06:00 · 10분 · 완료`, with the minutes logged that day when there are.
    static func detail(_ routine: Routine, minutes: Int?, state: RoutinePlan.State, _ t: Translation) -> String {
        [routine.time?.text, minutes.map { t.minutes($0) }, t["routine_" + state.rawValue]].compactMap { $0 }.joined(separator: " · ")
    }

    /// How many months the routines page shows one by one, newest first.
    static let monthsShown = 12

    /// The months that have a routine scheduled or logged, up to today's; newest first.
    static func months(_ site: SiteData) -> [YearMonth] {
        let plan = site.routinePlan
        let firsts = plan.routines.map { plan.start(of: $0) } + Array(plan.log.days.keys)
        let last = site.today.monthKey
        guard var month = firsts.min()?.monthKey, month <= last else { return [last] }
        var months: [YearMonth] = []
        while month <= last {
            months.append(month)
            month = month.next
        }
        return months.reversed()
    }

}

/// One dot per scheduled or logged routine, coloured by its state, linking to
/// the month on the routines page.
struct RoutineLayer: CalendarLayer {
    let site: SiteData

    var days: [LocalDate] {
        let plan = site.routinePlan
        return Array(plan.log.days.keys) + plan.routines.map { plan.start(of: $0) }
    }

    /// The routine files.
    func combineKey(_ dates: ClosedRange<LocalDate>, into hasher: inout StableHasher) { hasher.combine(site.routinesKey) }

    func marks(on date: LocalDate, _ context: PageContext) -> [DayMark] {
        let t = context.t
        let items = site.routinePlan.day(date)
        guard !items.isEmpty else { return [] }
        let href = context.link(Routes.routines, fragment: Routes.monthID(date.monthKey))
        return items.map { item in
            DayMark(cssClass: "dot routine \(item.state.rawValue)", icon: nil, text: "", href: href,
                    label: "\(item.routine.name): \(t["routine_" + item.state.rawValue])", isPlan: item.state == .planned)
        }
    }
}

extension Section {
    static let routines = Section("routines")
}
