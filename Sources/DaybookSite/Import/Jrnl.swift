import Foundation

/// One jrnl entry, from its plain-text journal or its JSON export.
struct JrnlEntry: Sendable, Equatable {
    var date: LocalDate
    var time: LocalTime
    /// When the journal's `timeformat` has seconds.
    var seconds: Int?
    var title: String
    var body: String
    /// Without the tag symbol, lowercased as jrnl does, in order of appearance.
    var tags: [String] = []
    var starred = false
    /// The line of the entry's date in the journal (1 in a JSON export).
    var line: Int

    /// `15:39`, or `15:39:20` when the journal has seconds.
    var clock: String { time.text + (seconds.map { ":" + $0.zeroPadded(2) } ?? "") }

    /// How a second import knows the entry: `2013-04-09 15:39 Called in sick.`
    /// (jrnl entries have no id; date, time and title are what jrnl shows of one).
    var key: String { "\(date.iso) \(clock) \(title)" }
}

/// A jrnl `timeformat`: Python's strftime codes (`%Y-%m-%d %H:%M`, jrnl's
/// default), read the way `strptime` reads them (numbers of one or two digits,
/// a space matching any run of spaces, English month and day names).
public struct JrnlTimeFormat: Sendable, CustomStringConvertible {
    enum Piece: Equatable {
        case year, shortYear, month, monthName, day, hour, hour12, minute, second, meridiem, weekdayName, space
        case literal(Character)
    }

    let pieces: [Piece]
    public let description: String

    /// nil when the format has a code jrnl journals do not use for dates.
    public init?(_ format: String) {
        var pieces: [Piece] = []
        var chars = Array(format)[...]
        while let char = chars.popFirst() {
            if char == " " {
                if pieces.last != .space { pieces.append(.space) }
                continue
            }
            guard char == "%" else {
                pieces.append(.literal(char))
                continue
            }
            let codes: [Character: Piece] = ["Y": .year, "y": .shortYear, "m": .month, "b": .monthName, "B": .monthName, "d": .day,
                                             "H": .hour, "I": .hour12, "M": .minute, "S": .second, "p": .meridiem,
                                             "a": .weekdayName, "A": .weekdayName, "%": .literal("%")]
            guard let code = chars.popFirst(), let piece = codes[code] else { return nil }
            pieces.append(piece)
        }
        guard pieces.contains(.year) || pieces.contains(.shortYear), pieces.contains(.month) || pieces.contains(.monthName),
              pieces.contains(.day) else { return nil }
        self.pieces = pieces
        description = format
    }

    /// Formats jrnl users configure, tried in this order when none is given:
    /// 12-hour and seconds first, so that a shorter format does not read only
    /// the start of a longer one.
    static let common: [JrnlTimeFormat] = [
        "%Y-%m-%d %I:%M:%S %p", "%Y-%m-%d %I:%M %p", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M",
        "%Y/%m/%d %H:%M", "%d.%m.%Y %H:%M", "%b %d, %Y %I:%M %p", "%A, %B %d, %Y %I:%M %p",
    ].compactMap(JrnlTimeFormat.init)

    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    static let fullMonths = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                             "october", "november", "december"]
    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
                           "mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// The moment at the start of `text` and how many characters it takes.
    func match(_ text: ArraySlice<Character>) -> (date: LocalDate, time: LocalTime, seconds: Int?, length: Int)? {
        var rest = text
        var year: Int?, month: Int?, day: Int?, hour = 0, minute = 0, second: Int?, pm: Bool?
        func number(_ maxDigits: Int, exactly: Bool = false) -> Int? {
            let digits = rest.prefix(maxDigits).prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, !exactly || digits.count == maxDigits else { return nil }
            rest = rest.dropFirst(digits.count)
            return Int(String(digits))
        }
        func word(_ names: [String]) -> Int? {
            let lower = String(rest.prefix(9)).lowercased()
            // Longest first, so `march` is not read as `mar`.
            guard let index = names.indices.sorted(by: { names[$0].count > names[$1].count }).first(where: { lower.hasPrefix(names[$0]) })
            else { return nil }
            rest = rest.dropFirst(names[index].count)
            return index
        }
        for piece in pieces {
            switch piece {
            case .year: guard let value = number(4, exactly: true) else { return nil }; year = value
            // strptime: 69–99 are 1969–1999, 00–68 are 2000–2068.
            case .shortYear: guard let value = number(2, exactly: true) else { return nil }; year = value < 69 ? 2000 + value : 1900 + value
            case .month: guard let value = number(2) else { return nil }; month = value
            case .monthName: guard let value = word(Self.fullMonths + Self.months) else { return nil }; month = value % 12 + 1
            case .day: guard let value = number(2) else { return nil }; day = value
            case .hour: guard let value = number(2), value < 24 else { return nil }; hour = value
            case .hour12: guard let value = number(2), (1...12).contains(value) else { return nil }; hour = value
            case .minute: guard let value = number(2), value < 60 else { return nil }; minute = value
            case .second: guard let value = number(2), value < 62 else { return nil }; second = value
            case .meridiem: guard let value = word(["am", "pm", "a.m.", "p.m."]) else { return nil }; pm = value % 2 == 1
            case .weekdayName: guard word(Self.weekdays) != nil else { return nil }
            case .space:
                guard rest.first?.isWhitespace == true, rest.first != "\n" else { return nil }
                rest = rest.drop { $0 == " " || $0 == "\t" }
            case let .literal(char): guard rest.popFirst() == char else { return nil }
            }
        }
        if let pm { hour = hour % 12 + (pm ? 12 : 0) }
        guard let year, let month, let day, let date = LocalDate(year: year, month: month, day: day),
              let time = LocalTime(hour: hour, minute: minute) else { return nil }
        return (date, time, second.map { min($0, 59) }, text.count - rest.count)
    }
}

/// jrnl's journal file, as jrnl 4 reads it (`jrnl/journals/Journal.py`,
/// `Entry.py`): an entry starts at a line `[DATE] title`, DATE in the
/// journal's `timeformat`; jrnl 1.x wrote the date without brackets.
enum JrnlText {
    /// Whether entries start `[2013-04-09 15:39] ` (jrnl 2 and later) or `2013-04-09 15:39 ` (1.x).
    enum Style { case bracketed, plain }

    /// The moment an entry's date line starts with, and where its text begins.
    static func entryStart(_ line: ArraySlice<Character>, format: JrnlTimeFormat, style: Style) -> (LocalDate, LocalTime, Int?, textStart: Int)? {
        switch style {
        case .bracketed:
            guard line.first == "[", let close = line.firstIndex(of: "]") else { return nil }
            let blob = line[line.index(after: line.startIndex)..<close]
            guard let found = format.match(blob), found.length == blob.count else { return nil }
            let after = line.index(after: close)
            // jrnl needs `] `; an editor that trims trailing spaces leaves `]` at the line's end.
            guard after == line.endIndex || line[after] == " " else { return nil }
            return (found.date, found.time, found.seconds, min(after + 1, line.endIndex) - line.startIndex)
        case .plain:
            guard let found = format.match(line) else { return nil }
            let after = line.startIndex + found.length
            guard after == line.endIndex || line[after] == " " else { return nil }
            return (found.date, found.time, found.seconds, min(after + 1, line.endIndex) - line.startIndex)
        }
    }

    /// The entries of a journal. With no `format`, the first of
    /// `JrnlTimeFormat.common` that reads the first entry's date is the
    /// journal's, as jrnl has one `timeformat` per journal. A line that only
    /// looks like a date (another format, or not at a line's start) is text.
    static func entries(_ file: SourceFile, format: JrnlTimeFormat?, badRows: inout BadRows) throws -> [JrnlEntry] {
        let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0)[...] }
        let formats = format.map { [$0] } ?? JrnlTimeFormat.common
        var found: (index: Int, format: JrnlTimeFormat, style: Style)?
        search: for (index, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
            for style in [Style.bracketed, .plain] {
                for candidate in formats where entryStart(line, format: candidate, style: style) != nil {
                    found = (index, candidate, style)
                    break search
                }
            }
        }
        guard let (first, journalFormat, style) = found else {
            let example = format.map { "'[\($0)] Title'" } ?? "'[2013-04-09 15:39] Title.'"
            throw ContentErrors([Diagnostic(file.location(line: 1), "not a jrnl journal: no line starts an entry like \(example)",
                                            hint: format == nil ? "if your jrnl config has another timeformat, pass it: --timeformat '%d/%m/%Y %H:%M'"
                                                : "check --timeformat against the timeformat in your jrnl config")])
        }
        // jrnl drops text before the first entry without a word; here it is a bad row.
        if let stray = lines[..<first].firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }) {
            badRows.diagnostics.error(file.location(line: stray + 1), "text before the first entry is not part of any entry")
        }
        var entries: [JrnlEntry] = []
        var current: (line: Int, date: LocalDate, time: LocalTime, seconds: Int?, text: [String])?
        func finish() {
            if let current { entries.append(entry(current.text, line: current.line, date: current.date, time: current.time, seconds: current.seconds)) }
        }
        for index in first..<lines.count {
            let line = lines[index]
            if let (date, time, seconds, start) = entryStart(line, format: journalFormat, style: style) {
                finish()
                current = (index + 1, date, time, seconds, [String(line.dropFirst(start))])
            } else {
                current?.text.append(String(line))
            }
        }
        finish()
        return entries
    }

    /// An entry from its text: the rest of its date line, then its other lines.
    static func entry(_ lines: [String], line: Int, date: LocalDate, time: LocalTime, seconds: Int?) -> JrnlEntry {
        var first = lines[0].trimmingCharacters(in: .whitespaces)
        // jrnl writes a star at the end of the title line; `[DATE] * Title` is read too.
        var starred = false
        if first.hasSuffix("*"), !first.hasSuffix("**") {
            starred = true
            first = String(first.dropLast()).trimmingCharacters(in: .whitespaces)
        }
        if first.hasPrefix("* ") || first == "*" {
            starred = true
            first = String(first.dropFirst()).trimmingCharacters(in: .whitespaces)
        }
        let rest = trimmedBlankLines(Array(lines.dropFirst()))
        // jrnl 4's split_title: the first line is the title; an entry of one
        // line is split after its first sentence.
        let (title, body) = rest.isEmpty ? firstSentence(first) : (first, rest.joined(separator: "\n"))
        return JrnlEntry(date: date, time: time, seconds: seconds, title: title, body: body,
                         tags: tags(in: lines.joined(separator: "\n")), starred: starred, line: line)
    }

    static func trimmedBlankLines(_ lines: [String]) -> [String] {
        let isBlank = { (line: String) in line.allSatisfy(\.isWhitespace) }
        guard let start = lines.firstIndex(where: { !isBlank($0) }), let end = lines.lastIndex(where: { !isBlank($0) }) else { return [] }
        return lines[start...end].map { String($0.reversed().drop(while: \.isWhitespace).reversed()) }
    }

    /// jrnl's sentence split: after `.`, `!`, `?` (and `…`, `‼`…), an optional
    /// closing quote and brackets, then whitespace; or after a CJK full stop,
    /// which needs no space.
    static func firstSentence(_ text: String) -> (title: String, rest: String) {
        let chars = Array(text)
        for index in chars.indices {
            if "！．？｡。".contains(chars[index]) {
                return (String(chars[...index]), String(chars[(index + 1)...]).trimmingCharacters(in: .whitespaces))
            }
            guard ".!?…‼‽⁇⁈⁉⋯﹒﹗".contains(chars[index]) else { continue }
            var end = index + 1
            if end < chars.count, "'’\"”".contains(chars[end]) { end += 1 }
            while end < chars.count, "])".contains(chars[end]) { end += 1 }
            if end < chars.count, chars[end].isWhitespace {
                return (String(chars[..<end]), String(chars[end...]).trimmingCharacters(in: .whitespaces))
            }
        }
        return (text, "")
    }

    /// jrnl's tags: `@` then letters, digits, `_`, `-`, `+`, `*`, `#`, `/`,
    /// not inside a word (`a@b.c` is no tag); lowercased, each once.
    static func tags(in text: String) -> [String] {
        var tags: [String] = []
        var previous: Character = " "
        var chars = Array(text)[...]
        while let char = chars.popFirst() {
            defer { previous = char }
            guard char == "@", previous.isWhitespace else { continue }
            let name = chars.prefix { $0.isLetter || $0.isNumber || "_-+*#/".contains($0) || $0.isMark }
            let tag = String(name).lowercased()
            if !tag.isEmpty, !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }
}

private extension Character {
    /// Combining marks belong to the word before them (Python's `\w` takes them).
    var isMark: Bool { unicodeScalars.allSatisfy { $0.properties.generalCategory == .nonspacingMark || $0.properties.generalCategory == .spacingMark } }
}

/// jrnl's JSON export (`jrnl --export json`): `{"tags": {...}, "entries":
/// [{"title", "body", "date": "2013-04-09", "time": "15:39", "tags": ["@x"], "starred"}]}`.
enum JrnlJSON {
    static let known: Set<String> = ["title", "body", "date", "time", "tags", "starred"]

    static func entries(_ file: SourceFile, unknown: inout Set<String>, badRows: inout BadRows) throws -> [JrnlEntry] {
        let list = try ImportSource.jsonEntries(file, of: "jrnl", hint: "export with: jrnl --export json > journal.json; or give the journal's text file")
        var entries: [JrnlEntry] = []
        for (index, item) in list.enumerated() {
            unknown.formUnion(Set(item.keys).subtracting(known))
            guard let date = (item["date"] as? String).flatMap({ LocalDate(iso: $0) }),
                  let time = (item["time"] as? String).flatMap({ LocalTime(text: $0) }) else {
                badRows.diagnostics.error(file.location(line: 1), "entry \(index + 1) has no date like 2013-04-09 and time like 15:39")
                continue
            }
            // Tags are written with their symbol (`@work`).
            let tags = (item["tags"] as? [String] ?? []).map { String($0.drop { !$0.isLetter && !$0.isNumber }).lowercased() }
            entries.append(JrnlEntry(date: date, time: time, title: (item["title"] as? String ?? "").trimmingCharacters(in: .whitespaces),
                                     body: JrnlText.trimmedBlankLines((item["body"] as? String ?? "").components(separatedBy: "\n"))
                                         .joined(separator: "\n"),
                                     tags: tags.filter { !$0.isEmpty }, starred: item["starred"] as? Bool ?? false, line: 1))
        }
        return entries
    }
}

/// `daybook import jrnl FILE`: a jrnl journal (text) or its JSON export.
public enum JrnlImport {
    static let key = "jrnl_entry"

    /// The diary file of an entry.
    static func file(_ entry: JrnlEntry) -> String {
        var lines = ["---", "date: \(entry.date.iso) \(entry.clock)"]
        if !entry.title.isEmpty { lines.append("title: \(YAMLText.quoted(entry.title))") }
        if !entry.tags.isEmpty { lines.append("tags: [\(entry.tags.map(YAMLText.quoted).joined(separator: ", "))]") }
        if entry.starred { lines.append("starred: true") }
        lines += ["\(key): \(YAMLText.quoted(entry.key))", "---"]
        return lines.joined(separator: "\n") + "\n" + entry.body + (entry.body.isEmpty ? "" : "\n")
    }

    /// - Parameter timeFormat: the journal's `timeformat` from jrnl's config; nil tries the common ones.
    public static func run(_ path: URL, displayPath: String, content: URL, contentDisplayName: String, timeFormat: JrnlTimeFormat? = nil,
                           dryRun: Bool = false, skipBadRows: Bool = false, verify: ImportVerification,
                           progress: ImportProgress? = nil, io: FileIO = .disk) throws -> ImportSummary {
        let export = try ImportSource.text(path, displayPath: displayPath, io: io, progress: progress)
        var badRows = BadRows()
        var unknown = Set<String>()
        let isJSON = export.text.first(where: { !$0.isWhitespace }) == "{"
        let entries = isJSON ? try JrnlJSON.entries(export, unknown: &unknown, badRows: &badRows)
            : try JrnlText.entries(export, format: timeFormat, badRows: &badRows)
        var summary = try ImportSource.diarySummary(dryRun: dryRun, badRows: badRows, skip: skipBadRows, unknownFields: unknown,
                                                    at: export.location(line: 1))
        var target = DiaryImportTarget(content: content, displayName: contentDisplayName, key: key, io: io)
        // In time order, so that a day's second entry gets `-2`; the same moment keeps the journal's order.
        let ordered = entries.enumerated().sorted { ($0.element.date, $0.element.time, $0.offset) < ($1.element.date, $1.element.time, $1.offset) }
        var counter = ImportCounter(progress, "Importing % entries", total: entries.count)
        for entry in ordered.map(\.element) {
            counter.count()
            if target.existing.contains(YAMLText.quoted(entry.key)) {
                summary.alreadyImported.append(entry.key)
                continue
            }
            target.add(entry: file(entry), at: target.newEntryPath(for: entry.date), summary: &summary)
        }
        try target.finish(dryRun: dryRun, verify: verify, progress: progress)
        return summary
    }
}
