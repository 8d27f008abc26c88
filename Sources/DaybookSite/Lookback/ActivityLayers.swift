
/// The year calendar's layers besides all activity together (docs/site.md): the
/// days with writing, study, a workout or a routine done, each with its
/// streaks and habit strength. Made from public content only: a private
/// entry, deck or workout is never counted, even with --include-private.
struct ActivityLayers: Sendable {
    enum Layer: String, CaseIterable, Sendable {
        case writing, study, workouts, routines
    }

    /// Each layer's days up to today.
    let days: [Layer: Set<LocalDate>]
    /// How many times a week each layer is meant (`HabitStrength`).
    let timesPerWeek: [Layer: Int]
    let today: LocalDate

    init(_ site: SiteData) {
        let view = site.publicView
        let today = site.today
        self.today = today
        let writing = Set(view.entries.lazy.map(\.date).filter { $0 <= today })
        let workouts = Set(view.workouts.lazy.map(\.date).filter { $0 <= today })
        let routines = Set(site.routinePlan.log.days.lazy.filter { !$0.value.isEmpty && $0.key <= today }.map(\.key))
        // Study: words added or a test taken in a public deck (a past day's reviews are those taken).
        let first = [view.decks.compactMap { $0.days.first?.date }.min(), writing.min()].compactMap { $0 }.min() ?? today
        let study = Set(view.vocab.days(in: min(first, today)...today).filter { day in
            day.decks.contains { (!$0.added.isEmpty || !$0.missed.isEmpty || (day.date < today && !$0.reviews.isEmpty)) }
        }.map(\.date))
        days = [.writing: writing, .study: study, .workouts: workouts, .routines: routines]
        // Routines are meant on the weekdays some routine is scheduled; workouts as often as they were done on average.
        let routineWeekdays = site.routinePlan.routines.reduce(into: Set<Int>()) { $0.formUnion($1.weekdays) }.count
        let weeks = workouts.min().map { Double($0.days(until: today) + 1) / 7 } ?? 1
        let workoutRate = Int((Double(workouts.count) / max(weeks, 1)).rounded(.up))
        timesPerWeek = [.writing: 7, .study: 7, .workouts: min(max(workoutRate, 1), 7), .routines: routineWeekdays == 0 ? 7 : routineWeekdays]
    }

    /// The classes of a heatmap day: one per layer done that day (`did-writing did-study`).
    func cssClasses(_ date: LocalDate) -> String {
        var classes = ""
        for layer in Layer.allCases where days[layer]!.contains(date) { classes += " did-" + layer.rawValue }
        return classes
    }

    /// A layer's line under the year heatmap.
    struct Summary: TemplateData {
        let id, name: String
        let daysInYear: Int
        let current, longest, strength: String
    }

    /// The layers' streaks and strength for the year page of `year`: as of today, or of the year's last day for a year gone by.
    struct YearView: TemplateData {
        let asOf: String
        let layers: [Summary]
    }

    func year(_ year: Int, _ t: Translation) -> YearView {
        let end = min(today, LocalDate(year: year, month: 12, day: 31)!)
        let layers = Layer.allCases.map { layer in
            let done = days[layer]!.filter { $0 <= end }
            let streak = Streak(done: done, today: end)
            let longest = Streak(done: done.filter { $0.year == year }, today: end).longest
            let strength = done.min().map { HabitStrength.strength(done: done, from: $0, through: end, timesPerWeek: timesPerWeek[layer]!) } ?? 0
            return Summary(id: layer.rawValue, name: t["layer_" + layer.rawValue], daysInYear: done.count { $0.year == year },
                           current: t.count("streak_days", streak.current), longest: t.count("streak_days", longest),
                           strength: "\(Int((strength * 100).rounded()))%")
        }
        return YearView(asOf: t.longDate(end), layers: layers)
    }
}
