
/// How sets and weights read on a page: `60 kg × 8, 8, 6`, `22.5 kg × 10 × 3`,
/// `60 s × 3`, `20, 20, 15`, groups joined by `; `.
enum SetFormat {
    static func groups(_ groups: [[WorkoutSet]]) -> String {
        groups.map(group).joined(separator: "; ")
    }

    /// A group is one weight and the work done with it; sets of another weight
    /// (not made by the parser, but possible) start a new run.
    static func group(_ sets: [WorkoutSet]) -> String {
        var runs: [[WorkoutSet]] = []
        for set in sets {
            if let last = runs.last?.last, last.weight == set.weight { runs[runs.count - 1].append(set) } else { runs.append([set]) }
        }
        return runs.map { run in
            let items = run.map(item)
            let work = items.count > 1 && Set(items).count == 1 ? "\(items[0]) × \(items.count)" : items.joined(separator: ", ")
            return run[0].weight.map { "\(weight($0)) × \(work)" } ?? work
        }.joined(separator: "; ")
    }

    /// The reps or the time of one set.
    static func item(_ set: WorkoutSet) -> String {
        if let reps = set.reps { return String(reps) }
        if let seconds = set.seconds { return duration(seconds: seconds) }
        return "?"
    }

    /// As written, in its own unit: `22.5 kg`, `135 lb`.
    static func weight(_ weight: Weight) -> String { "\(number(weight.value)) \(weight.unit.rawValue)" }

    /// `45 s`, `90 s`, `2 min`, `2 min 30 s`: seconds up to two minutes, as a hold is timed.
    static func duration(seconds: Int) -> String {
        guard seconds >= 120 else { return "\(seconds) s" }
        let rest = seconds % 60
        return rest == 0 ? "\(seconds / 60) min" : "\(seconds / 60) min \(rest) s"
    }

    /// A statistic counted in kg, shown in the site's unit: `76.7 kg`, `1,440 kg`.
    static func mass(kilograms: Double, unit: SiteConfig.Workouts.Unit, decimals: Int = 1) -> String {
        let value = unit == .kg ? kilograms : kilograms / Weight.kilogramsPerPound
        return "\(number(value, decimals: decimals)) \(unit.rawValue)"
    }

    /// At most `decimals` decimals without trailing zeros, thousands grouped: `22.5`, `1,440`.
    static func number(_ value: Double, decimals: Int = 2) -> String { NumberText.format(value, decimals: decimals, .people) }
}
