import DaybookContent
import DaybookRender
import DaybookSchedule

/// `workouts/`: today's split, the days ahead, this month's "done" calendar,
/// and the log month by month, newest first, with a count per month.
enum WorkoutLogPage {
    struct SessionItem {
        let href: String
        let dateLabel: String
        let weekday: String
        let iso: String
        let split: String
        let splitIsPlanned: Bool
        let duration: String?
        /// The exercises' names, in order.
        let summary: String
        let volume: String?
        let isPrivate: Bool
    }

    struct MonthGroup {
        let id: String
        let title: String
        let count: String
        let calendarHref: String
        let sessions: [SessionItem]
    }

    struct UpcomingDay {
        let label: String
        let iso: String
        let split: String
    }

    struct Model {
        let todayLabel: String
        /// Sessions logged today; empty when today is still to do.
        let doneToday: [PageLink]
        let plannedToday: String?
        let upcoming: [UpcomingDay]
        let month: CalendarPages.MonthView
        let months: [MonthGroup]
        let total: String
        let statsHref: String
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

extension Translation {
    /// A count in a pattern of the theme: `count("workout_sessions_count", 3)` → `3회`.
    func count(_ key: String, _ n: Int) -> String {
        format(key, ["n": SetFormat.number(Double(n))])
    }
}

extension WorkoutLogPage.SessionItem: TemplateFields {
    enum Field: String, CaseIterable {
        case href, dateLabel, weekday, iso, split, splitIsPlanned, duration, summary, volume, isPrivate
    }

    static let fieldIndex = TemplateNameTable<Field>()

    func field(_ field: Field) -> any TemplateRepresentable {
        switch field {
        case .href: href
        case .dateLabel: dateLabel
        case .weekday: weekday
        case .iso: iso
        case .split: split
        case .splitIsPlanned: splitIsPlanned
        case .duration: duration.orMissing
        case .summary: summary
        case .volume: volume.orMissing
        case .isPrivate: isPrivate
        }
    }
}

extension WorkoutLogPage.MonthGroup: TemplateFields {
    enum Field: String, CaseIterable {
        case id, title, count, calendarHref, sessions
    }

    static let fieldIndex = TemplateNameTable<Field>()

    func field(_ field: Field) -> any TemplateRepresentable {
        switch field {
        case .id: id
        case .title: title
        case .count: count
        case .calendarHref: calendarHref
        case .sessions: sessions
        }
    }
}

extension WorkoutLogPage.UpcomingDay: TemplateFields {
    enum Field: String, CaseIterable {
        case label, iso, split
    }

    static let fieldIndex = TemplateNameTable<Field>()

    func field(_ field: Field) -> any TemplateRepresentable {
        switch field {
        case .label: label
        case .iso: iso
        case .split: split
        }
    }
}

extension WorkoutLogPage.Model: TemplateFields {
    enum Field: String, CaseIterable {
        case todayLabel, doneToday, plannedToday, upcoming, month, months, total, statsHref
    }

    static let fieldIndex = TemplateNameTable<Field>()

    func field(_ field: Field) -> any TemplateRepresentable {
        switch field {
        case .todayLabel: todayLabel
        case .doneToday: doneToday
        case .plannedToday: plannedToday.orMissing
        case .upcoming: upcoming
        case .month: month
        case .months: months
        case .total: total
        case .statsHref: statsHref
        }
    }
}
