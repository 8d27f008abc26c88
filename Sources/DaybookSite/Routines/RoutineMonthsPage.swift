
/// `routines/`: each routine's schedule and consistency, then month by month
/// (this month first, the last twelve) a calendar of dots and the share of scheduled days done
/// as ring charts, with the numbers and the minutes done in a table.
enum RoutineMonthsPage {
    struct LegendItem: TemplateData {
        let cssClass, label: String
    }

    struct Summary: TemplateData {
        let name, schedule, since, success: String
        let done, missed, extra: Int
        let minutes: String
    }

    struct Ring: TemplateData {
        let name: String
        let svg: String?
        let success: String
        /// "12 / 14"
        let ratio: String
        let minutes: String
        let isTotal: Bool
    }

    struct CountRow: TemplateData {
        let name: String
        let scheduled, done, missed, planned, extra: Int
        let success, minutes: String
    }

    struct MonthSection: TemplateData {
        let id, title: String
        let isCurrent: Bool
        let calendar: CalendarPages.MonthView
        let rings: [Ring]
        let rows: [CountRow]
        let total: CountRow
        let calendarHref: String
    }

    struct Model: TemplateData {
        let legend: [LegendItem]
        let monthLinks: [PageLink]
        let routines: [Summary]
        let months: [MonthSection]
    }

    static let states: [RoutinePlan.State] = [.done, .missed, .planned, .extra]

    static func make(layer: RoutineLayer, _ context: PageContext) -> PageViewModel {
        let site = context.site, t = context.t, plan = site.routinePlan
        let stats = RoutinesKind.months(site).map { plan.month($0) }
        // Month by month only lately: a `from:` decades back would make a
        // section for every month since. The totals count every month.
        let shown = stats.prefix(RoutinesKind.monthsShown)
        let sections = shown.map { section($0, layer: layer, context) }

        // All-time figures: the sum of the months, which reach from the first start to today.
        var totals = plan.routines.map { _ in RoutinePlan.Counts() }
        for month in stats {
            for (index, counts) in month.routines.enumerated() { totals[index] = sum(totals[index], counts.counts) }
        }
        let summaries = zip(plan.routines, totals).map { routine, counts in
            let schedule = [t.weekdayList(routine.weekdays), routine.time?.text, routine.minutes.map { t.minutes($0) }]
            let start = plan.start(of: routine)
            let since = routine.until.map { "\(t.shortDate(start)) – \(t.shortDate($0))" } ?? "\(t.shortDate(start)) –"
            return Summary(name: routine.name, schedule: schedule.compactMap { $0 }.joined(separator: " · "), since: since,
                           success: percent(counts.successShare), done: counts.done, missed: counts.missed, extra: counts.extra,
                           minutes: t.minutes(counts.minutesDone))
        }
        let model = Model(
            legend: states.map { LegendItem(cssClass: $0.rawValue, label: t["routine_" + $0.rawValue]) },
            monthLinks: shown.map { PageLink(label: t.monthTitle($0.month), href: "#" + Routes.monthID($0.month)) },
            routines: summaries, months: sections)
        return PageViewModel(title: t["nav_routines"], section: .routines, page: model)
    }

    static func section(_ stats: RoutinePlan.MonthStats, layer: RoutineLayer, _ context: PageContext) -> MonthSection {
        let t = context.t
        let title = t.monthTitle(stats.month)
        func row(_ name: String, _ counts: RoutinePlan.Counts) -> CountRow {
            CountRow(name: name, scheduled: counts.scheduled, done: counts.done, missed: counts.missed, planned: counts.planned,
                     extra: counts.extra, success: percent(counts.successShare), minutes: t.minutes(counts.minutesDone))
        }
        func ring(_ name: String, _ counts: RoutinePlan.Counts, isTotal: Bool) -> Ring {
            let parts = [PieChart.Part(value: Double(counts.done), cssClass: "done", label: "\(t["routine_done"]) \(counts.done)"),
                         PieChart.Part(value: Double(counts.missed), cssClass: "missed", label: "\(t["routine_missed"]) \(counts.missed)")]
            let success = percent(counts.successShare)
            let label = "\(title) \(name): \(t["routine_done"]) \(counts.done), \(t["routine_missed"]) \(counts.missed) (\(success))"
            return Ring(name: name, svg: PieChart.svg(parts, label: label, centre: success, size: isTotal ? 140 : 100),
                        success: success, ratio: "\(counts.done) / \(counts.done + counts.missed)",
                        minutes: t.minutes(counts.minutesDone), isTotal: isTotal)
        }
        let active = stats.routines.filter { $0.counts.scheduled + $0.counts.extra > 0 }
        return MonthSection(
            id: Routes.monthID(stats.month), title: title, isCurrent: stats.month == context.site.today.monthKey,
            calendar: CalendarPages.monthView(stats.month, layers: [layer], context),
            rings: [ring(t["routine_all"], stats.total, isTotal: true)] + active.map { ring($0.routine.name, $0.counts, isTotal: false) },
            rows: active.map { row($0.routine.name, $0.counts) }, total: row(t["routine_all"], stats.total),
            calendarHref: context.link(Routes.calendarMonth(stats.month)))
    }

    static func sum(_ a: RoutinePlan.Counts, _ b: RoutinePlan.Counts) -> RoutinePlan.Counts {
        var total = a
        total.scheduled += b.scheduled
        total.done += b.done
        total.missed += b.missed
        total.planned += b.planned
        total.extra += b.extra
        total.minutesDone += b.minutesDone
        return total
    }

    /// `83%`, or a dash when nothing was due yet.
    static func percent(_ share: Double?) -> String {
        share.map { "\(Int(($0 * 100).rounded()))%" } ?? "–"
    }
}
