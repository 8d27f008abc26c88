
/// `workouts/stats/`: totals and streaks, sessions per month, personal records,
/// and each exercise's history as charts with the numbers in a table.
enum WorkoutStatsPage {
    struct Figure: TemplateData {
        let label, value: String
        let detail: String?
    }

    struct MonthRow: TemplateData {
        let label: String
        let count: Int
    }

    struct Record: TemplateData {
        let value: String
        /// The set that made it, e.g. `62.5 kg × 8`.
        let set: String?
        let dateLabel, href: String
    }

    struct RecordRow: TemplateData {
        let name, href: String
        let oneRepMax, heaviest, volume, reps, hold: Record?
    }

    struct Chart: TemplateData {
        let title, svg: String
    }

    struct HistoryRow: TemplateData {
        let dateLabel, iso, href, sets, volume, oneRepMax: String
    }

    struct ExerciseSection: TemplateData {
        let id, name, count: String
        let charts: [Chart]
        let rows: [HistoryRow]
        let isWeighted: Bool
    }

    struct Model: TemplateData {
        let figures: [Figure]
        let monthChart: String?
        let months: [MonthRow]
        let records: [RecordRow]
        let exercises: [ExerciseSection]
        let logHref: String
    }

    static func make(index: WorkoutIndex, _ context: PageContext) -> PageViewModel {
        let site = context.site, t = context.t
        let stats = site.workoutStats
        let figures = [
            Figure(label: t["workout_total"], value: SetFormat.number(Double(stats.totalSessions)), detail: nil),
            Figure(label: t["workout_day_streak"], value: t.count("streak_days", stats.dayStreak.current),
                   detail: "\(t["streak_longest"]) \(t.count("streak_days", stats.dayStreak.longest))"),
            Figure(label: t["workout_week_streak"], value: t.count("streak_weeks", stats.weekStreak.current),
                   detail: "\(t["streak_longest"]) \(t.count("streak_weeks", stats.weekStreak.longest))"),
        ]
        let monthPoints = stats.months.map { month in
            ChartPoint(x: 0, value: Double(month.sessions), label: shortMonth(month.month, t),
                       tooltip: "\(t.monthTitle(month.month)): \(t.count("workout_sessions_count", month.sessions))")
        }
        let model = Model(
            figures: figures,
            monthChart: BarChart.svg(monthPoints, label: t["workout_per_month"], unit: ""),
            months: stats.months.reversed().map { MonthRow(label: t.monthTitle($0.month), count: $0.sessions) },
            records: stats.exercises.map { recordRow($0, index: index, context) },
            exercises: stats.exercises.map { section($0, index: index, context) },
            logHref: context.link(Routes.workouts))
        return PageViewModel(title: t["workout_stats"], section: .workouts, page: model)
    }

    /// A month's name short enough for a bar: the first three letters (`Nov`, `11월`).
    static func shortMonth(_ month: YearMonth, _ t: Translation) -> String { String(t.monthName(month.month).prefix(3)) }

    /// - Parameter showSet: whether the set that made the record says more than its value (it does for weights).
    static func record(_ record: PersonalRecord?, text: (Double) -> String, showSet: Bool = false, history: ExerciseHistory,
                       _ context: PageContext) -> Record? {
        guard let record else { return nil }
        let session = history.performances.first { $0.date == record.date }
        return Record(value: text(record.value), set: showSet ? record.set.map { SetFormat.group([$0]) } : nil,
                      dateLabel: context.t.shortDate(record.date),
                      href: context.link(session.map { Routes.content($0.source) } ?? Routes.workouts))
    }

    static func recordRow(_ history: ExerciseHistory, index: WorkoutIndex, _ context: PageContext) -> RecordRow {
        let unit = context.site.config.workouts.unit
        let records = history.records
        return RecordRow(
            name: history.name, href: "#" + (index.anchors[history.key] ?? ""),
            oneRepMax: record(records.bestOneRepMax, text: { SetFormat.mass(kilograms: $0, unit: unit) }, showSet: true, history: history, context),
            heaviest: record(records.heaviest, text: { SetFormat.mass(kilograms: $0, unit: unit) }, showSet: true, history: history, context),
            volume: record(records.mostVolume, text: { SetFormat.mass(kilograms: $0, unit: unit, decimals: 0) }, history: history, context),
            reps: record(records.mostReps, text: { SetFormat.number($0) }, history: history, context),
            hold: record(records.longestHold, text: { SetFormat.duration(seconds: Int($0)) }, history: history, context))
    }

    static func section(_ history: ExerciseHistory, index: WorkoutIndex, _ context: PageContext) -> ExerciseSection {
        let t = context.t, unit = context.site.config.workouts.unit
        let performances = history.performances
        func points(_ value: (ExercisePerformance) -> Double?, _ text: @escaping (Double) -> String) -> [ChartPoint] {
            performances.compactMap { performance in
                value(performance).map { v in
                    ChartPoint(x: Double(performance.date.daysSinceEpoch), value: v, label: t.shortDate(performance.date),
                               tooltip: "\(t.shortDate(performance.date)): \(text(v))")
                }
            }
        }
        let toUnit = { (kg: Double) in unit == .kg ? kg : kg / Weight.kilogramsPerPound }
        let massText = { (v: Double) in "\(SetFormat.number(v, decimals: 1)) \(unit.rawValue)" }
        var charts: [Chart] = []
        func add(_ title: String, _ points: [ChartPoint], unit: String) {
            if let svg = LineChart.svg(points, label: "\(history.name): \(title)", unit: unit) { charts.append(Chart(title: title, svg: svg)) }
        }
        let isWeighted = performances.contains { $0.bestOneRepMax != nil }
        if isWeighted {
            add(t["workout_e1rm"], points({ $0.bestOneRepMax.map(toUnit) }, massText), unit: unit.rawValue)
            add(t["workout_volume"], points({ $0.volume > 0 ? toUnit($0.volume) : nil }, massText), unit: unit.rawValue)
        } else if performances.contains(where: { $0.sets.contains { $0.reps != nil } }) {
            add(t["workout_total_reps"], points({ p in
                let reps = p.sets.compactMap(\.reps).reduce(0, +)
                return reps > 0 ? Double(reps) : nil
            }, { SetFormat.number($0) }), unit: "")
        } else {
            add(t["workout_longest_hold"], points({ $0.sets.compactMap(\.seconds).max().map(Double.init) },
                                                   { SetFormat.duration(seconds: Int($0)) }), unit: "s")
        }
        let rows = performances.reversed().map { performance in
            HistoryRow(dateLabel: t.shortDate(performance.date), iso: performance.date.iso,
                       href: context.link(Routes.content(performance.source)),
                       sets: SetFormat.group(performance.sets),
                       volume: performance.volume > 0 ? SetFormat.mass(kilograms: performance.volume, unit: unit, decimals: 0) : "",
                       oneRepMax: performance.bestOneRepMax.map { SetFormat.mass(kilograms: $0, unit: unit) } ?? "")
        }
        return ExerciseSection(id: index.anchors[history.key] ?? "", name: history.name,
                               count: t.count("workout_sessions_count", performances.count), charts: charts, rows: rows,
                               isWeighted: isWeighted)
    }
}
