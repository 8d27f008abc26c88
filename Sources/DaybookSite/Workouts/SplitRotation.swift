
/// Which part of `workouts.split` is planned for a day.
///
/// - `rotate: daily`: day N's split is `split[(N - start) mod count]`, whatever was
///   logged; a logged split changes nothing.
/// - `rotate: session`: the plan moves only on days with a workout, so a day
///   without one pauses it. A logged split that is in the rotation sets the
///   position: the next day continues after it (Legs logged on a Chest day →
///   next is the split after Legs; with repeated names, the nearest one ahead).
///   A logged split not in the rotation (`Cardio`) leaves the plan where it was,
///   and a session without `split` did the planned one. Several sessions on a
///   day move the plan once, to after the last one in the rotation.
/// - There is no plan before `start`, which defaults to the first workout's day
///   (else today); none at all when the split list is empty.
/// - Days after today are a forecast, in session mode as if a workout were done
///   every day from today on; sessions dated after today are not counted.
struct SplitRotation: Sendable {
    struct PlannedDay: Hashable, Sendable {
        let date: LocalDate
        let split: String
    }

    let split: [String]
    let rotate: SiteConfig.Workouts.Rotation
    /// The first day with a plan; nil when the split list is empty.
    let start: LocalDate?
    let today: LocalDate
    /// Session mode: each day with a workout, ascending, and the position after it.
    private let positions: [(day: LocalDate, after: Int)]

    init(settings: SiteConfig.Workouts, sessions: [WorkoutSession], today: LocalDate) {
        split = settings.split
        rotate = settings.rotate
        self.today = today
        let dated = sessions.filter { $0.date <= today }.sorted { $0.date < $1.date }
        let start = settings.split.isEmpty ? nil : settings.start ?? dated.first?.date ?? today
        self.start = start
        guard let start, settings.rotate == .session else {
            positions = []
            return
        }
        var positions: [(day: LocalDate, after: Int)] = []
        var position = 0
        var index = dated.startIndex
        while index < dated.endIndex {
            let day = dated[index].date
            var end = index
            while end < dated.endIndex, dated[end].date == day { end += 1 }
            if day >= start {
                let planned = split[position]
                var after = position
                for session in dated[index..<end] {
                    if let done = Self.index(of: session.split ?? planned, in: split, from: position) {
                        after = (done + 1) % split.count
                    }
                }
                position = after
                positions.append((day, position))
            }
            index = end
        }
        self.positions = positions
    }

    /// The planned split of any day, past or future; nil before `start` or without a split list.
    func planned(on day: LocalDate) -> String? {
        guard let start, day >= start else { return nil }
        switch rotate {
        case .daily:
            return split[Self.mod(start.days(until: day), split.count)]
        case .session:
            if day <= today { return split[position(before: day)] }
            // Forecast: one split per day from the first day still open.
            let origin: (day: LocalDate, position: Int)
            if start > today {
                origin = (start, 0)
            } else if positions.last?.day == today {
                origin = (today.adding(days: 1), position(before: today.adding(days: 1)))
            } else {
                origin = (today, position(before: today))
            }
            return split[Self.mod(origin.position + origin.day.days(until: day), split.count)]
        }
    }

    var plannedToday: String? { planned(on: today) }

    /// The planned days from today on, `days` of them, leaving out days without a plan.
    func upcoming(days: Int = 60) -> [PlannedDay] {
        (0..<max(0, days)).compactMap { offset in
            let date = today.adding(days: offset)
            return planned(on: date).map { PlannedDay(date: date, split: $0) }
        }
    }

    /// What a session trained: its own `split`, else the planned split of its day.
    func split(of session: WorkoutSession) -> String? {
        session.split ?? planned(on: session.date)
    }

    /// Position at the start of `day`: after the last workout day before it.
    private func position(before day: LocalDate) -> Int {
        var low = 0, high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle].day < day { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? 0 : positions[low - 1].after
    }

    /// The first index at or cyclically after `position` whose name matches, ignoring case.
    private static func index(of name: String, in split: [String], from position: Int) -> Int? {
        let wanted = name.lowercased()
        return (0..<split.count).lazy.map { (position + $0) % split.count }.first { split[$0].lowercased() == wanted }
    }

    private static func mod(_ a: Int, _ n: Int) -> Int { ((a % n) + n) % n }
}
