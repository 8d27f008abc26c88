
/// `workouts/`: today's split, the days ahead, this month's "done" calendar,
/// and the log month by month, newest first, with a count per month.
enum WorkoutLogPage {
    struct SessionItem: TemplateData {
        let href, dateLabel, weekday, iso, split: String
        let splitIsPlanned: Bool
        let duration: String?
        /// The exercises' names, in order.
        let summary: String
        let volume: String?
        let isPrivate: Bool
    }

    struct MonthGroup: TemplateData {
        let id, title, count, calendarHref: String
        let sessions: [SessionItem]
    }

    struct UpcomingDay: TemplateData {
        let label, iso, split: String
    }

    struct Model: TemplateData {
        let todayLabel: String
        /// Sessions logged today; empty when today is still to do.
        let doneToday: [PageLink]
        let plannedToday: String?
        let upcoming: [UpcomingDay]
        let month: CalendarPages.MonthView
        let months: [MonthGroup]
        let total, statsHref: String
    }

    static func make(layer: WorkoutLayer, index: WorkoutIndex, _ context: PageContext) -> PageViewModel {
        let site = context.site, t = context.t
        let doneToday = site.published.workouts.filter { $0.date == site.today }.map { WorkoutSessionPage.link($0, context) }
        let upcoming = site.rotation.upcoming(days: 8).dropFirst().map { day in
            UpcomingDay(label: "\(t.shortDate(day.date)) (\(t.weekdayShort(day.date.weekday)))", iso: day.date.iso, split: day.split)
        }
        let byMonth = Dictionary(grouping: site.published.workouts) { $0.date.monthKey }
        let months = byMonth.keys.sorted(by: >).map { month in
            let sessions = byMonth[month]!.reversed().map { item($0, index: index, context) }
            return MonthGroup(id: Routes.monthID(month), title: t.monthTitle(month),
                              count: t.count("workout_sessions_count", sessions.count),
                              calendarHref: context.link(Routes.calendarMonth(month)), sessions: sessions)
        }
        let model = Model(todayLabel: t.longDate(site.today), doneToday: doneToday,
                          plannedToday: doneToday.isEmpty ? site.rotation.plannedToday : nil, upcoming: Array(upcoming),
                          month: CalendarPages.monthView(site.today.monthKey, layers: [layer], context),
                          months: months, total: t.count("workout_sessions_count", site.published.workouts.count),
                          statsHref: context.link(Routes.workoutStats))
        return PageViewModel(title: t["nav_workouts"], section: .workouts, page: model)
    }

    static func item(_ session: WorkoutSession, index: WorkoutIndex, _ context: PageContext) -> SessionItem {
        let site = context.site, t = context.t
        let split = site.rotation.split(of: session)
        let volume = index.volume(of: session)
        return SessionItem(href: context.link(Routes.content(session.source)), dateLabel: t.shortDate(session.date),
                           weekday: t.weekdayShort(session.date.weekday), iso: session.date.iso,
                           split: session.title ?? split ?? t["workout"], splitIsPlanned: session.split == nil && session.title == nil && split != nil,
                           duration: session.durationMinutes.map { t.minutes($0) },
                           summary: session.exercises.map(\.name).joined(separator: ", "),
                           volume: volume > 0 ? SetFormat.mass(kilograms: volume, unit: site.config.workouts.unit, decimals: 0) : nil,
                           isPrivate: session.isPrivate)
    }
}
