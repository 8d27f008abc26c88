
/// One session at its content path (`workouts/2026/2026-11-20/`): split,
/// duration, the sets of each exercise, volume and estimated 1RM, the note.
enum WorkoutSessionPage {
    struct ExerciseRow: TemplateData {
        let name: String
        /// The exercise's history on the stats page.
        let href: String
        let sets, volume, oneRepMax: String
    }

    struct Model: TemplateData {
        let heading, dateLabel, iso: String
        let time, split: String?
        /// The split is the plan of the day, not written in the session.
        let splitIsPlanned: Bool
        let duration: String?
        let isPrivate: Bool
        let exercises: [ExerciseRow]
        let totalVolume, noteHTML: String?
        let previous, next: PageLink?
        let logHref, statsHref, calendarHref, monthLabel: String
    }

    static func link(_ session: WorkoutSession, _ context: PageContext) -> PageLink {
        let split = context.site.rotation.split(of: session)
        return PageLink(label: [context.t.shortDate(session.date), split].compactMap { $0 }.joined(separator: " · "),
                           href: context.link(Routes.content(session.source)))
    }

    static func make(_ position: Int, index: WorkoutIndex, _ context: PageContext) -> PageViewModel {
        let site = context.site, t = context.t, unit = site.config.workouts.unit
        let sessions = site.published.workouts
        let session = sessions[position]
        let split = site.rotation.split(of: session)

        // Lines of one exercise are one row, as the statistics count them.
        var order: [String] = []
        var lines: [String: [Exercise]] = [:]
        for exercise in session.exercises {
            let key = WorkoutStats.key(exercise.name)
            if lines[key] == nil { order.append(key) }
            lines[key, default: []].append(exercise)
        }
        var total = 0.0
        let rows = order.map { key -> ExerciseRow in
            let exercises = lines[key]!
            let performance = index.performance(of: key, in: session)
            let volume = performance?.volume ?? 0
            total += volume
            return ExerciseRow(name: exercises[0].name,
                               href: context.link(Routes.workoutStats, fragment: index.anchors[key]),
                               sets: SetFormat.groups(exercises.flatMap(\.groups)),
                               volume: volume > 0 ? SetFormat.mass(kilograms: volume, unit: unit, decimals: 0) : "",
                               oneRepMax: performance?.bestOneRepMax.map { SetFormat.mass(kilograms: $0, unit: unit) } ?? "")
        }
        let dateLabel = t.longDate(session.date)
        let model = Model(
            heading: session.title ?? split ?? t["workout"], dateLabel: dateLabel, iso: session.date.iso, time: session.time?.text,
            split: split, splitIsPlanned: session.split == nil && split != nil,
            duration: session.durationMinutes.map { t.minutes($0) }, isPrivate: session.isPrivate,
            exercises: rows, totalVolume: total > 0 ? SetFormat.mass(kilograms: total, unit: unit, decimals: 0) : nil,
            noteHTML: session.note.map { Markdown.html($0, watch: site.slowParseWatch.file(session.source.displayPath)) },
            previous: position > 0 ? link(sessions[position - 1], context) : nil,
            next: position + 1 < sessions.count ? link(sessions[position + 1], context) : nil,
            logHref: context.link(Routes.workouts), statsHref: context.link(Routes.workoutStats),
            calendarHref: context.link(Routes.calendarMonth(session.date.monthKey)),
            monthLabel: t.monthTitle(session.date.monthKey))
        let title = [model.heading == split ? nil : model.heading, split, dateLabel].compactMap { $0 }.joined(separator: " · ")
        return PageViewModel(title: title, section: .workouts, page: model)
    }
}
