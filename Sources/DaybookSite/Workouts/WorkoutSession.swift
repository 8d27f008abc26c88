/// One workout session (`content/workouts/**/*.md`).
public struct WorkoutSession: Sendable {
    let source: SourceFile
    var date: LocalDate
    var time: LocalTime?
    var title: String?
    /// The split as logged; nil means "the planned split of that day" (see `SplitRotation`).
    var split: String?
    var durationMinutes: Int?
    var isPrivate: Bool
    var exercises: [Exercise]
    /// The body without its exercise lines, Markdown to render; nil when nothing is left.
    var note: String?

    init(source: SourceFile, date: LocalDate, time: LocalTime? = nil, title: String? = nil, split: String? = nil,
                durationMinutes: Int? = nil, isPrivate: Bool = false, exercises: [Exercise] = [], note: String? = nil) {
        self.source = source
        self.date = date
        self.time = time
        self.title = title
        self.split = split
        self.durationMinutes = durationMinutes
        self.isPrivate = isPrivate
        self.exercises = exercises
        self.note = note
    }
}

/// A body line `- Bench press: 60kg x 8, 8, 6`.
struct Exercise: Hashable, Sendable {
    /// As written, spaces trimmed.
    var name: String
    /// The set notation as written, for display.
    var notation: String
    /// One group per `;`-separated part.
    var groups: [[WorkoutSet]]
    /// Line in the file, for messages and links.
    var line: Int

    init(name: String, notation: String, groups: [[WorkoutSet]], line: Int) {
        self.name = name
        self.notation = notation
        self.groups = groups
        self.line = line
    }

    var sets: [WorkoutSet] { groups.flatMap { $0 } }
}

public enum WorkoutParser {
    static let keys = ["date", "split", "duration", "title", "private"]

    /// nil when the file has errors (all reported).
    public static func parse(_ file: SourceFile, settings: SiteConfig.Workouts, into diagnostics: inout Diagnostics) -> WorkoutSession? {
        let errorsBefore = diagnostics.errors.count
        guard let (document, fields) = FrontMatterDocument.read(file, known: keys, into: &diagnostics) else { return nil }
        let when = EntryDate.read(fields?["date"], file: file, what: "workout", into: &diagnostics)

        let split = fields?["split"].flatMap { splitName($0, settings: settings, into: &diagnostics) }
        var duration: Int?
        if let value = fields?["duration"], let text = value.string("duration", into: &diagnostics) {
            duration = durationMinutes(text)
            if duration == nil {
                diagnostics.error(value.location, "invalid duration '\(text)'", hint: "write minutes like 55m, 90 or 1h30m")
            }
        }
        let title = fields?["title"]?.string("title", into: &diagnostics)
        let isPrivate = fields?.audience(drafts: false, into: &diagnostics).isPrivate ?? false
        let (exercises, note) = body(document.body, firstLine: document.bodyFirstLine, file: file, unit: settings.unit, into: &diagnostics)

        guard let when, diagnostics.errors.count == errorsBefore else { return nil }
        return WorkoutSession(source: file, date: when.date, time: when.time, title: title, split: split, durationMinutes: duration,
                              isPrivate: isPrivate, exercises: exercises, note: note)
    }

    /// A split that differs from a configured one only in case is that split; one
    /// that is a near miss is a warning (a one-off like `Cardio` is fine).
    static func splitName(_ value: YAMLValue, settings: SiteConfig.Workouts, into diagnostics: inout Diagnostics) -> String? {
        guard let text = value.string("split", into: &diagnostics)?.trimmingCharacters(in: " ") else { return nil }
        guard !text.isEmpty else {
            diagnostics.error(value.location, "split is empty", hint: "leave it out to use the planned split of that day")
            return nil
        }
        if let known = settings.split.first(where: { $0.lowercased() == text.lowercased() }) { return known }
        if let near = Suggestion.nearest(to: text, in: settings.split) {
            diagnostics.warning(value.location, "split '\(text)' is not in workouts.split in site.yml", hint: "did you mean '\(near)'?")
        }
        return text
    }

    /// `55m`, `55min`, `90` (minutes), `1h`, `1h30m`, `1h 30m`; nil when not a duration of 1 minute to 24 hours,
    /// or when a space parts a number from its unit (`55 min`, as the manual says).
    static func durationMinutes(_ text: String) -> Int? {
        var afterDigit = false, spaced = false
        for c in text {
            if c.isLetter, afterDigit, spaced { return nil }
            if c != " " { afterDigit = c.isASCIIDigit }
            spaced = c == " "
        }
        let compact = text.filter { $0 != " " }.lowercased()
        if let minutes = Int(compact) { return (1...1440).contains(minutes) ? minutes : nil }
        var total = 0
        var number = ""
        var seenUnits: [String] = []
        var rest = Substring(compact)
        while let c = rest.first {
            if c.isASCIIDigit {
                number.append(c)
                rest = rest.dropFirst()
                continue
            }
            let unit = ["min", "h", "m"].first { rest.hasPrefix($0) }
            guard let unit, let value = Int(number), number.count <= 4, !seenUnits.contains(unit == "min" ? "m" : unit) else { return nil }
            seenUnits.append(unit == "min" ? "m" : unit)
            total += unit == "h" ? value * 60 : value
            number = ""
            rest = rest.dropFirst(unit.count)
        }
        // Hours must come before minutes, and nothing may trail the last unit.
        guard number.isEmpty, !seenUnits.isEmpty, seenUnits != ["m", "h"] else { return nil }
        return (1...1440).contains(total) ? total : nil
    }

    /// Splits the body into exercise lines and the note that remains.
    static func body(_ body: String, firstLine: Int, file: SourceFile, unit: SiteConfig.Workouts.Unit,
                     into diagnostics: inout Diagnostics) -> ([Exercise], String?) {
        var exercises: [Exercise] = []
        var noteLines: [Substring] = []
        var fence: String?
        for (offset, line) in body.lineFeedLines().enumerated() {
            let lineNumber = firstLine + offset
            let trimmed = line.drop { $0 == " " }
            let indent = line.distance(from: line.startIndex, to: trimmed.startIndex)
            if indent < 4, let marker = ["```", "~~~"].first(where: { trimmed.hasPrefix($0) }) {
                if fence == nil { fence = marker } else if fence == marker { fence = nil }
            }
            guard fence == nil, let item = ExerciseLine(line) else {
                noteLines.append(line)
                continue
            }
            guard !item.name.isEmpty else {
                diagnostics.error(file.location(line: lineNumber, column: item.nameColumn), "exercise has no name before ':'")
                continue
            }
            switch SetNotation.parse(item.sets, defaultUnit: unit) {
            case let .success(groups):
                exercises.append(Exercise(name: item.name, notation: item.sets, groups: groups, line: lineNumber))
            case let .failure(failure):
                diagnostics.error(file.location(line: lineNumber, column: item.setsColumn + failure.column - 1),
                                  "\(failure.message) in the sets of '\(item.name)'", hint: failure.hint)
            }
        }
        while noteLines.first?.allSatisfy({ $0 == " " || $0 == "\t" }) == true { noteLines.removeFirst() }
        while noteLines.last?.allSatisfy({ $0 == " " || $0 == "\t" }) == true { noteLines.removeLast() }
        return (exercises, noteLines.isEmpty ? nil : noteLines.joined(separator: "\n"))
    }
}

/// A list item that is read as an exercise: `- Name: sets` at most three spaces
/// in (a top-level Markdown item), where the text after the first colon starts
/// with a digit or the word `bw`. Any other line, with or without a colon, is note.
struct ExerciseLine {
    var name: String
    var sets: String
    /// 1-based columns in the line.
    var nameColumn: Int
    var setsColumn: Int

    init?(_ line: Substring) {
        // Most lines are no list item: their bytes say so without cutting them into Characters.
        guard Self.mayBeListItem(line.utf8), Self.mayHaveSets(line.utf8) else { return nil }
        let characters = Array(line)
        var index = 0
        while index < characters.count, characters[index] == " " { index += 1 }
        guard index < 4, index + 1 < characters.count, ["-", "*", "+"].contains(characters[index]),
              characters[index + 1] == " " || characters[index + 1] == "\t" else { return nil }
        index += 1
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
        guard let colon = characters[index...].firstIndex(of: ":") else { return nil }
        var start = colon + 1
        while start < characters.count, characters[start] == " " || characters[start] == "\t" { start += 1 }
        let rest = characters[start...]
        let startsWithBodyweight = rest.count >= 2 && String(rest.prefix(2)).lowercased() == "bw"
            && (rest.count == 2 || !rest[start + 2].isLetter || rest[start + 2] == "x" || rest[start + 2] == "X")
        guard rest.first?.isASCIIDigit == true || startsWithBodyweight else { return nil }
        name = String(characters[index..<colon]).trimmingCharacters(in: " ")
        nameColumn = index + 1
        var end = characters.count
        while end > start, characters[end - 1] == " " || characters[end - 1] == "\t" { end -= 1 }
        sets = String(characters[start..<end])
        setsColumn = start + 1
    }

    /// Whether a digit or a `b` follows the first colon and its spaces, as `init`
    /// requires: a long note item (a 50 MB line) is passed over by its bytes,
    /// not cut into Characters.
    private static func mayHaveSets(_ bytes: Substring.UTF8View) -> Bool {
        guard var index = bytes.firstIndex(of: UInt8(ascii: ":")) else { return false }
        bytes.formIndex(after: &index)
        while index < bytes.endIndex, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { bytes.formIndex(after: &index) }
        guard index < bytes.endIndex else { return false }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) || bytes[index] | 0x20 == UInt8(ascii: "b")
    }

    /// Whether the bytes begin as a list item does: fewer than four spaces, a
    /// bullet, a space or tab. Every line `init` takes does, since each of
    /// those Characters is one byte alone.
    private static func mayBeListItem(_ bytes: Substring.UTF8View) -> Bool {
        var index = bytes.startIndex, spaces = 0
        while index < bytes.endIndex, bytes[index] == UInt8(ascii: " ") {
            spaces += 1
            bytes.formIndex(after: &index)
        }
        guard spaces < 4, index < bytes.endIndex, [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(bytes[index]) else { return false }
        bytes.formIndex(after: &index)
        return index < bytes.endIndex && (bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t"))
    }
}
