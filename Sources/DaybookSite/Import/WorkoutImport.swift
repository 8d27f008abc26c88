import Foundation

/// One set as a training app exports it: one row of its CSV.
struct ImportedSet: Hashable, Sendable {
    enum Kind: String, Sendable { case normal, warmUp = "warm-up", drop = "drop set", failure = "to failure" }

    var weight: Double?
    var unit: SiteConfig.Workouts.Unit
    var reps: Int?
    var seconds: Int?
    /// Distance as written, with its unit (`5 km`, `400 m`, `3.1 mi`).
    var distance: String?
    var rpe: Double?
    var kind = Kind.normal
    var line: Int

    init(weight: Double? = nil, unit: SiteConfig.Workouts.Unit = .kg, reps: Int? = nil, seconds: Int? = nil,
                distance: String? = nil, rpe: Double? = nil, kind: Kind = .normal, line: Int = 1) {
        self.weight = weight
        self.unit = unit
        self.reps = reps
        self.seconds = seconds
        self.distance = distance
        self.rpe = rpe
        self.kind = kind
        self.line = line
    }

    /// Empty or zero weight is a bodyweight set.
    var loaded: Double? { weight.flatMap { $0 > 0 ? $0 : nil } }
    var hasReps: Bool { (reps ?? 0) > 0 }
    var hasSeconds: Bool { (seconds ?? 0) > 0 }
    /// Something Daybook's set notation can say: reps or a hold, each in range.
    var isWritable: Bool { (hasReps || hasSeconds) && outOfRange == nil }

    /// Why the set notation cannot hold this set's numbers (a negative weight
    /// or count, a weight past 1,000 kg, reps or a time past the notation's
    /// limits); nil when it can. Such a set is kept in the exercise's note.
    var outOfRange: String? {
        if let weight, weight < 0 { return "weight \(WorkoutText.number(weight)) is negative" }
        if let weight, Weight(weight, unit).kilograms > SetNotation.maxKilograms {
            return "weight \(WorkoutText.number(weight)) \(unit.rawValue) is over \(Int(SetNotation.maxKilograms)) kg"
        }
        if let reps, reps < 0 { return "reps \(reps) is negative" }
        if let reps, reps > SetNotation.maxReps { return "reps \(reps) is over \(SetNotation.maxReps)" }
        if let seconds, seconds < 0 { return "time \(seconds) s is negative" }
        if let seconds, seconds > SetNotation.maxSeconds { return "time \(seconds) s is over 24 hours" }
        return nil
    }

    /// The set's numbers as the export gives them (`1500kg x 5`, `-5 reps`).
    var asExported: String {
        var parts: [String] = []
        if let weight, weight != 0 { parts.append("\(WorkoutText.number(weight))\(unit.rawValue)") }
        if let reps, reps != 0 { parts.append(parts.isEmpty ? "\(reps) reps" : "\(reps)") }
        if let seconds, seconds != 0 { parts.append("\(seconds)s") }
        return parts.joined(separator: " x ")
    }
}

struct ImportedExercise: Hashable, Sendable {
    var name: String
    var sets: [ImportedSet]
    var notes: [String] = []

    init(name: String, sets: [ImportedSet] = [], notes: [String] = []) {
        self.name = name
        self.sets = sets
        self.notes = notes
    }
}

/// One session of a training app, known by its date and start time.
struct ImportedSession: Hashable, Sendable {
    var date: LocalDate
    var time: LocalTime?
    /// The workout's name in the app (`Push day`).
    var name: String?
    var durationMinutes: Int?
    var notes: [String] = []
    var exercises: [ImportedExercise] = []
    /// Line of the export where the session's first row is.
    var line: Int

    init(date: LocalDate, time: LocalTime? = nil, name: String? = nil, durationMinutes: Int? = nil,
                notes: [String] = [], exercises: [ImportedExercise] = [], line: Int = 1) {
        self.date = date
        self.time = time
        self.name = name
        self.durationMinutes = durationMinutes
        self.notes = notes
        self.exercises = exercises
        self.line = line
    }

    /// Adds a row's set to its exercise: the last one when it has that name
    /// (apps write an exercise's sets together), else a new one.
    mutating func add(_ set: ImportedSet, exercise name: String, note: String? = nil) {
        if exercises.last?.name != name { exercises.append(ImportedExercise(name: name)) }
        exercises[exercises.count - 1].sets.append(set)
        if let note, !exercises[exercises.count - 1].notes.contains(note) { exercises[exercises.count - 1].notes.append(note) }
    }

    mutating func addNote(_ note: String?) {
        if let note, !notes.contains(note) { notes.append(note) }
    }
}

/// Sessions collected row by row, in the order the export first names them.
struct SessionCollector {
    private(set) var sessions: [ImportedSession] = []
    private var position: [String: Int] = [:]

    /// Adds a row's set to the session of `key`, made by `make` the first time.
    mutating func add(_ set: ImportedSet, exercise: String, note: String?, sessionNote: String? = nil,
                      session key: String, make: () -> ImportedSession) {
        let index = position[key] ?? sessions.count
        if index == sessions.count {
            position[key] = index
            sessions.append(make())
        }
        sessions[index].add(set, exercise: exercise, note: note)
        sessions[index].addNote(sessionNote)
    }
}

/// Training sessions as Daybook workout files (docs/content.md#workouts).
enum WorkoutText {
    /// `120`, `22.5`, `102.058`; float noise such as `149.99999999999997` is `150`.
    static func number(_ value: Double) -> String {
        NumberText.format(value, decimals: 3, .machine)
    }

    /// `1h 3m`, `31m`.
    static func duration(_ minutes: Int) -> String {
        minutes >= 60 ? "\(minutes / 60)h\(minutes % 60 == 0 ? "" : " \(minutes % 60)m")" : "\(minutes)m"
    }

    static func hold(_ seconds: Int) -> String {
        seconds >= 60 && seconds % 60 == 0 ? "\(seconds / 60)m" : seconds > 60 ? "\(seconds / 60)m\(seconds % 60)s" : "\(seconds)s"
    }

    /// The set notation of an exercise's sets: runs of the same weight become
    /// one group (`60kg x 8, 8, 6`, `60kg x 8 x 3`), bodyweight reps a list
    /// (`20, 20, 15`), holds `60s x 3` or `20kg x 60s`. Sets with neither reps
    /// nor time (a distance only) are not in it; nil when none is left.
    static func notation(_ sets: [ImportedSet]) -> String? {
        var groups: [String] = []
        var run: [ImportedSet] = []
        func flush() {
            guard let first = run.first else { return }
            let items = run.map { $0.hasReps ? String($0.reps!) : hold($0.seconds!) }
            let work = items.count > 1 && Set(items).count == 1 ? "\(items[0]) x \(items.count)" : items.joined(separator: ", ")
            if let weight = first.loaded {
                groups.append("\(number(weight))\(first.unit.rawValue) x \(work)")
            } else if items.count > 1 && Set(items).count == 1 && first.hasReps {
                // `20 x 3` would read as 20 kg for 3 reps.
                groups.append(items.joined(separator: ", "))
            } else {
                groups.append(work)
            }
            run = []
        }
        for set in sets where set.isWritable {
            // Weights compare as written, so float noise does not split a run.
            if let last = run.last, last.loaded.map(number) != set.loaded.map(number) || last.unit != set.unit || last.hasReps != set.hasReps { flush() }
            run.append(set)
        }
        flush()
        return groups.isEmpty ? nil : groups.joined(separator: "; ")
    }

    /// What the notation cannot say, set by set: warm-up, drop and failure
    /// sets, RPE, distance, and the exercise's own notes.
    static func exerciseNote(_ exercise: ImportedExercise) -> String? {
        var parts: [String] = []
        let numbered = Array(exercise.sets.enumerated())
        for kind in [ImportedSet.Kind.warmUp, .drop, .failure] {
            let numbers = numbered.filter { $0.element.kind == kind }.map { String($0.offset + 1) }
            if !numbers.isEmpty { parts.append("\(numbers.count == 1 ? "set" : "sets") \(numbers.joined(separator: ", ")) \(kind.rawValue)") }
        }
        let rpe = numbered.compactMap { item in item.element.rpe.map { "\(number($0)) (set \(item.offset + 1))" } }
        if !rpe.isEmpty { parts.append("RPE " + rpe.joined(separator: ", ")) }
        // A set the notation cannot hold keeps its weight here (a sled push: 80kg, 20 m).
        let distances = numbered.compactMap { item in
            item.element.distance.map { distance in
                let weight = item.element.isWritable ? "" : item.element.loaded.map { "\(number($0))\(item.element.unit.rawValue), " } ?? ""
                return weight + distance + (exercise.sets.count == 1 ? "" : " (set \(item.offset + 1))")
            }
        }
        if !distances.isEmpty { parts.append(distances.joined(separator: ", ")) }
        for item in numbered {
            if let reason = item.element.outOfRange { parts.append("set \(item.offset + 1) \(item.element.asExported) not counted (\(reason))") }
        }
        if exercise.sets.contains(where: { $0.hasReps && $0.hasSeconds }) {
            let times = numbered.filter { $0.element.hasReps && $0.element.hasSeconds }.map { "\(hold($0.element.seconds!)) (set \($0.offset + 1))" }
            parts.append("time " + times.joined(separator: ", "))
        }
        parts += exercise.notes
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// An exercise name as a list item's name: a `:` would end it early.
    static func name(_ text: String) -> String {
        text.replacingOccurrences(of: ":", with: " -").replacingOccurrences(of: "\n", with: " ")
    }

    /// The text of a workout file: the workout's name as `split` when it is one
    /// of site.yml's splits, else as `title`.
    static func file(_ session: ImportedSession, splits: [String]) -> String {
        var front = ["---", "date: \(session.date.iso)\(session.time.map { " " + $0.text } ?? "")"]
        if let name = session.name {
            if let split = splits.first(where: { $0.lowercased() == name.lowercased() }) {
                front.append("split: \(YAMLText.quoted(split))")
            } else {
                front.append("title: \(YAMLText.quoted(name))")
            }
        }
        if let minutes = session.durationMinutes { front.append("duration: \(duration(minutes))") }
        front.append("---")
        var body: [String] = []
        var notes: [String] = []
        for exercise in session.exercises {
            let name = name(exercise.name)
            if let sets = notation(exercise.sets) {
                body.append("- \(name): \(sets)")
            }
            if let note = exerciseNote(exercise) {
                notes.append("- \(name) — \(note)")
            }
        }
        if !notes.isEmpty { body += [""] + notes.flatMap(lines).map(noteLine) }
        if !session.notes.isEmpty { body += [""] + lines(session.notes.joined(separator: "\n\n")).map(noteLine) }
        return (front + body).joined(separator: "\n") + "\n"
    }

    private static func lines(_ text: String) -> [String] {
        text.lineFeedLines().map(String.init)
    }

    /// A line of note as the parser will read it: a note that reads as an
    /// exercise (`- Incline press — RPE: 8 on the top set`) has its first
    /// colon, the one the parser splits at, written `&#58;`, which Markdown
    /// shows as ':'.
    static func noteLine(_ line: String) -> String {
        guard ExerciseLine(Substring(line)) != nil, let colon = line.firstIndex(of: ":") else { return line }
        return line.replacingCharacters(in: colon...colon, with: "&#58;")
    }

    /// `workouts/2024/2024-09-12-2146.md`, or `workouts/2024/2024-09-12.md` without a time.
    static func path(_ session: ImportedSession) -> String {
        let time = session.time.map { "-" + $0.text.replacingOccurrences(of: ":", with: "") } ?? ""
        return "workouts/\(session.date.year)/\(session.date.iso)\(time).md"
    }
}

/// Strings as YAML scalars in the files an import writes.
enum YAMLText {
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
