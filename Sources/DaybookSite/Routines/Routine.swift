import Yams

/// A planned routine from `content/routines.yml`.
public struct Routine: Hashable, Sendable {
    var id: String
    var name: String
    /// ISO weekdays, 1 = Monday … 7 = Sunday.
    var weekdays: Set<Int>
    var time: LocalTime?
    var minutes: Int?
    /// First scheduled day; nil means the first day the log lists it (see `RoutinePlan`).
    var from: LocalDate?
    /// Last scheduled day; nil means no end.
    var until: LocalDate?

    public init(id: String, name: String, weekdays: Set<Int> = Set(1...7), time: LocalTime? = nil, minutes: Int? = nil,
                from: LocalDate? = nil, until: LocalDate? = nil) {
        self.id = id
        self.name = name
        self.weekdays = weekdays
        self.time = time
        self.minutes = minutes
        self.from = from
        self.until = until
    }
}

/// `content/routines/log.md`: which routines were done on which day, and
/// for how long when the line says (`wake 12 min`).
public struct RoutineLog: Sendable {
    /// Routine ids done on each day; several lines for one day are merged.
    var days: [LocalDate: Set<String>]
    /// The minutes logged for a routine on a day; a routine listed twice a day adds up.
    var minutes: [LocalDate: [String: Int]]

    init(days: [LocalDate: Set<String>] = [:], minutes: [LocalDate: [String: Int]] = [:]) {
        self.days = days
        self.minutes = minutes
    }

    func done(on date: LocalDate) -> Set<String> { days[date] ?? [] }

    /// The minutes the log gives for the routine that day; nil when it gives none.
    func minutes(of id: String, on date: LocalDate) -> Int? { minutes[date]?[id] }
}

/// One item of a log line: a routine's id, and the minutes it took when written
/// after it (`wake 12 min`, `wake 12min`, `wake 12분`).
struct RoutineLogItem: Hashable, Sendable {
    var id: String
    var minutes: Int?

    init(id: String, minutes: Int? = nil) {
        self.id = id
        self.minutes = minutes
    }

    /// As the log and the inbox merge write it.
    var text: String { id + (minutes.map { " \($0) min" } ?? "") }

    /// At most a day, as the phone's events; 0 when its timer was stopped at once.
    static let minuteRange = 0...1440

    /// Reads a trimmed item. Fails with the column (0-based, within `text`) where
    /// the minutes do not read and what is wrong there.
    static func parse(_ text: String) -> Result<RoutineLogItem, Problem> {
        guard let space = text.firstIndex(where: \.isWhitespace) else { return .success(RoutineLogItem(id: text)) }
        let id = String(text[..<space])
        let rest = text[space...].drop(while: \.isWhitespace)
        let column = text.distance(from: text.startIndex, to: rest.startIndex)
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        let unit = rest.dropFirst(digits.count).drop(while: \.isWhitespace)
        guard !digits.isEmpty, ["min", "mins", "분"].contains(unit.lowercased()) else {
            return .failure(Problem(column: column, message: "expected the minutes after '\(id)', like '\(id) 12 min'"))
        }
        guard let minutes = Int(digits), minuteRange.contains(minutes) else {
            return .failure(Problem(column: column, message: "minutes must be 0 to \(minuteRange.upperBound), not \(digits)"))
        }
        return .success(RoutineLogItem(id: id, minutes: minutes))
    }

    struct Problem: Error, Hashable, Sendable {
        var column: Int
        var message: String
    }
}

public enum RoutineParser {
    static let keys = ["id", "name", "days", "time", "minutes", "from", "until"]
    /// The most routines a site may have (docs/limits.md).
    static let maxRoutines = 100

    /// Words for `days`: a weekday in English (`mon`, `monday`) or Korean (`월`),
    /// or a group: `daily`, `weekdays`, `weekends`.
    static let dayWords: [String: Set<Int>] = {
        var words: [String: Set<Int>] = ["daily": Set(1...7), "weekdays": Set(1...5), "weekends": [6, 7]]
        let english = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        for (index, name) in english.enumerated() {
            words[name] = [index + 1]
            words[String(name.prefix(3))] = [index + 1]
        }
        for (index, name) in ["월", "화", "수", "목", "금", "토", "일"].enumerated() { words[name] = [index + 1] }
        return words
    }()

    static let dayHints = ["mon", "tue", "wed", "thu", "fri", "sat", "sun", "daily", "weekdays", "weekends"]

    /// The routines in file order. A routine whose id is valid is kept even when
    /// another of its fields has an error, so that the log is not also flooded
    /// with "unknown routine" errors (the build fails on the first error anyway).
    public static func parseRoutines(_ file: SourceFile, into diagnostics: inout Diagnostics) -> [Routine] {
        guard let root = YAMLValue.parse(file.text, file: file, into: &diagnostics) else { return [] }
        guard case .sequence = root.node, let items = root.list("routines.yml", into: &diagnostics) else {
            diagnostics.error(root.location, "routines.yml must be a list of routines",
                              hint: "start each routine with '- id: wake' and indent its other keys under it")
            return []
        }
        // Every calendar day shows a dot for each routine, and the routines
        // page a chart for each a month: a bound keeps pages readable.
        if items.count > maxRoutines {
            diagnostics.error(items[maxRoutines].location, "more than \(maxRoutines) routines (\(items.count))",
                              hint: "keep at most \(maxRoutines) routines in routines.yml; each one is a dot on every calendar day it is due")
        }
        var routines: [Routine] = []
        var firstLine: [String: Int] = [:]
        for item in items {
            guard let fields = item.fields("routine", known: keys, into: &diagnostics) else { continue }
            guard let idValue = fields["id"] else {
                diagnostics.error(item.location, "routine has no id", hint: "add 'id: wake', the word the log uses for it")
                continue
            }
            guard let id = idValue.string("id", into: &diagnostics)?.trimmingCharacters(in: " ") else { continue }
            guard !id.isEmpty, !id.contains(where: { $0 == "," || $0 == ":" || $0.isWhitespace }) else {
                diagnostics.error(idValue.location, "routine id '\(id)' must be one word without ',' or ':'",
                                  hint: "use a short word like 'wake' or 'morning-run'")
                continue
            }
            if let line = firstLine[id] {
                diagnostics.error(idValue.location, "duplicate routine id '\(id)'", hint: "it is already used on line \(line)")
                continue
            }
            firstLine[id] = idValue.location.line

            var routine = Routine(id: id, name: fields["name"]?.string("name", into: &diagnostics) ?? id)
            if let value = fields["days"], let days = weekdays(value, into: &diagnostics) { routine.weekdays = days }
            if let value = fields["time"] { routine.time = value.time("time", into: &diagnostics) }
            // At most a day: a routine's minutes are summed per month.
            routine.minutes = fields["minutes"]?.int("minutes", in: 1...1440, into: &diagnostics)
            routine.from = fields["from"]?.date("from", into: &diagnostics)
            if let value = fields["until"], let until = value.date("until", into: &diagnostics) {
                if let from = routine.from, until < from {
                    diagnostics.error(value.location, "until \(until.iso) is before from \(from.iso)")
                } else {
                    routine.until = until
                }
            }
            routines.append(routine)
        }
        return routines
    }

    static func weekdays(_ value: YAMLValue, into diagnostics: inout Diagnostics) -> Set<Int>? {
        guard let items = value.list("days", into: &diagnostics) else { return nil }
        var days = Set<Int>()
        var valid = true
        for item in items {
            guard let word = item.string("each of days", into: &diagnostics) else { valid = false; continue }
            if let set = dayWords[word.trimmingCharacters(in: " ").lowercased()] {
                days.formUnion(set)
            } else {
                valid = false
                diagnostics.error(item.location, "unknown day '\(word)'",
                                  hint: Suggestion.hint(for: word, in: dayHints) ?? "use mon … sun, daily, weekdays or weekends")
            }
        }
        guard valid else { return nil }
        guard !days.isEmpty else {
            diagnostics.error(value.location, "days is empty", hint: "list weekdays like [mon, wed, fri], or write daily")
            return nil
        }
        return days
    }

    /// Reads lines `- 2026-11-20: wake, reading`, an item with its minutes when
    /// they were logged (`wake 12 min`). Blank lines and Markdown headings
    /// are allowed for structure; any other line is an error, never skipped.
    public static func parseLog(_ file: SourceFile, routines: [Routine], into diagnostics: inout Diagnostics) -> RoutineLog {
        let ids = Set(routines.map(\.id))
        var log = RoutineLog()
        let example = "write it like '- 2026-11-20: wake, reading'"
        for (offset, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let characters = Array(line)
            var index = 0
            func skipSpaces() { while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 } }
            skipSpaces()
            guard index < characters.count, characters[index] != "#" else { continue }
            guard ["-", "*", "+"].contains(characters[index]), index + 1 < characters.count,
                  characters[index + 1] == " " || characters[index + 1] == "\t" else {
                diagnostics.error(file.location(line: lineNumber, column: index + 1), "expected a list item with a date and routines", hint: example)
                continue
            }
            index += 1
            skipSpaces()
            let dateStart = index
            while index < characters.count, characters[index] != ":", !characters[index].isWhitespace { index += 1 }
            let dateText = String(characters[dateStart..<index])
            guard let parsed = LocalDate(iso: dateText) else {
                diagnostics.error(file.location(line: lineNumber, column: dateStart + 1),
                                  dateText.isEmpty ? "expected a date" : "invalid date '\(dateText)'", hint: example)
                continue
            }
            guard let date = parsed.checkedYear(at: file.location(line: lineNumber, column: dateStart + 1), into: &diagnostics) else { continue }
            skipSpaces()
            guard index < characters.count, characters[index] == ":" else {
                diagnostics.error(file.location(line: lineNumber, column: index + 1), "expected ':' after the date", hint: example)
                continue
            }
            index += 1
            var done = log.days[date] ?? []
            // Each comma-separated word, with the column it starts at.
            while index < characters.count {
                skipSpaces()
                let wordStart = index
                while index < characters.count, characters[index] != "," { index += 1 }
                let word = String(characters[wordStart..<index]).trimmingCharacters(in: " ").trimmingCharacters(in: "\t")
                index += 1
                guard !word.isEmpty else { continue }
                let item: RoutineLogItem
                switch RoutineLogItem.parse(word) {
                case let .success(parsed): item = parsed
                case let .failure(problem):
                    diagnostics.error(file.location(line: lineNumber, column: wordStart + problem.column + 1), problem.message,
                                      hint: "separate routines with commas; the minutes one took go after its id: '- 2026-11-20: wake 12 min, reading'")
                    continue
                }
                if ids.contains(item.id) {
                    done.insert(item.id)
                    if let minutes = item.minutes { log.minutes[date, default: [:]][item.id, default: 0] += minutes }
                } else {
                    diagnostics.error(file.location(line: lineNumber, column: wordStart + 1), "unknown routine '\(item.id)'",
                                      hint: Suggestion.hint(for: item.id, in: routines.map(\.id))
                                          ?? (ids.isEmpty ? "define it in content/routines.yml" : "known routines: \(Suggestion.names(routines.map(\.id)))"))
                }
            }
            log.days[date] = done
        }
        return log
    }
}
