import Foundation

/// One thing recorded on the phone (docs/phone.md): a line of an inbox file.
public struct InboxEvent: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// One card of a test: `missed` or passed.
        case test(deck: String, word: String, missed: Bool)
        case routine(id: String, minutes: Int?)
        /// `sets`: exercise lines in the set notation of §5 (`Squat: 100kg x 5 x 3`).
        case workout(split: String?, sets: [String], minutes: Int?)
        case entry(title: String?, text: String, isPrivate: Bool)
        /// Takes back the routine or workout of the event `of` (recorded by mistake): merged, the pair leaves no line.
        case undo(of: String)
    }

    /// Device and counter, unique across devices (`7f3a2c-41`).
    let id: String
    /// When it was recorded, with the phone's offset.
    let at: Instant
    let kind: Kind
    /// Where it is written: the inbox file's line.
    let location: SourceLocation

    init(id: String, at: Instant, kind: Kind, location: SourceLocation) {
        self.id = id
        self.at = at
        self.kind = kind
        self.location = location
    }

    /// Whether two lines record one event (a file sent twice), wherever they are written.
    func isSame(as other: InboxEvent) -> Bool {
        id == other.id && at == other.at && kind == other.kind
    }

    /// The order events are applied in, whatever file or line they came from.
    static func isOrdered(_ a: InboxEvent, before b: InboxEvent) -> Bool {
        (a.at.secondsSinceEpoch, a.id) < (b.at.secondsSinceEpoch, b.id)
    }

    /// An RFC 3339 time with its offset: `2026-11-27T21:02:11+09:00`.
    struct Instant: Sendable, Equatable {
        /// Seconds since 1970-01-01T00:00:00Z (fractions dropped).
        let secondsSinceEpoch: Int
        /// The local date and time as written, and the offset it was written with.
        let date: LocalDate
        let time: LocalTime
        let offsetMinutes: Int

        /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; `t`, `z` or a space as RFC 3339 allows.
        init?(rfc3339 text: String) {
            let bytes = Array(text.utf8)
            guard bytes.count >= 20, bytes.count <= 40 else { return nil }
            func number(_ start: Int, _ length: Int) -> Int? {
                guard start + length <= bytes.count else { return nil }
                var value = 0
                for byte in bytes[start..<start + length] {
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                }
                return value
            }
            func byte(_ index: Int, _ allowed: String) -> Bool { index < bytes.count && allowed.utf8.contains(bytes[index]) }
            guard let year = number(0, 4), byte(4, "-"), let month = number(5, 2), byte(7, "-"), let day = number(8, 2),
                  byte(10, "Tt "), let hour = number(11, 2), byte(13, ":"), let minute = number(14, 2), byte(16, ":"),
                  let second = number(17, 2), second <= 60,
                  let date = LocalDate(year: year, month: month, day: day), let time = LocalTime(hour: hour, minute: minute) else { return nil }
            var index = 19
            if byte(index, ".") {
                index += 1
                let start = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                guard index > start else { return nil }
            }
            let offset: Int
            if byte(index, "Zz"), index + 1 == bytes.count {
                offset = 0
            } else if byte(index, "+-"), index + 6 == bytes.count, let hours = number(index + 1, 2), byte(index + 3, ":"),
                      let minutes = number(index + 4, 2), hours < 24, minutes < 60 {
                offset = (hours * 60 + minutes) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
            } else {
                return nil
            }
            self.date = date
            self.time = time
            offsetMinutes = offset
            secondsSinceEpoch = date.daysSinceEpoch * 86_400 + time.minutes * 60 + min(second, 59) - offset * 60
        }

        /// The date and time in a time zone (the site's).
        func local(in zone: TimeZone) -> (date: LocalDate, time: LocalTime) {
            let instant = Date(timeIntervalSince1970: Double(secondsSinceEpoch))
            let seconds = secondsSinceEpoch + zone.secondsFromGMT(for: instant)
            let days = Int((Double(seconds) / 86_400).rounded(.down))
            let minutes = (seconds - days * 86_400) / 60
            return (LocalDate(daysSinceEpoch: days), LocalTime(hour: minutes / 60, minute: minutes % 60)!)
        }
    }
}

/// Reads an inbox file (JSON Lines, docs/phone.md): every line one event, checked
/// for its shape alone (whether a deck or routine exists is `InboxMerge`'s
/// business). Every problem is an error at its line; nothing is skipped.
public enum InboxParser {
    /// Longer lines are refused before they are decoded: a phone's event is a few hundred bytes, an entry a few pages.
    static let maximumLineBytes = 64 * 1024
    /// A bigger file is not read at all.
    public static let maximumFileBytes = 8 * 1024 * 1024
    /// Names (deck, word, routine, split, title, id) longer than this are refused.
    static let maximumNameLength = 200

    static let common = ["v", "id", "at", "type"]
    static let fields: [String: [String]] = [
        "test": common + ["deck", "word", "result"],
        "routine": common + ["routine", "minutes"],
        "workout": common + ["split", "sets", "minutes"],
        "entry": common + ["title", "text", "private"],
        "undo": common + ["of"],
    ]

    /// The events of one file, in file order. A byte order mark and CRLF line ends are allowed; blank lines are skipped.
    public static func parse(_ bytes: [UInt8], displayPath: String, into diagnostics: inout Diagnostics) -> [InboxEvent] {
        guard bytes.count <= maximumFileBytes else {
            diagnostics.error(SourceLocation(path: displayPath), "the inbox file is larger than \(maximumFileBytes / 1024 / 1024) MB",
                              hint: "an inbox file holds a few days of events; split it, or check it is the right file")
            return []
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var events: [InboxEvent] = []
        for (offset, rawLine) in body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            var line = rawLine
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            let location = SourceLocation(path: displayPath, line: offset + 1)
            guard line.count <= maximumLineBytes else {
                diagnostics.error(location, "line of \(line.count) bytes is longer than \(maximumLineBytes / 1024) KB",
                                  hint: "each line is one event; a diary entry this long belongs in a file of its own")
                continue
            }
            guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { continue }
            guard let text = String(validating: line, as: UTF8.self) else {
                diagnostics.error(location, "line is not UTF-8 text")
                continue
            }
            if let event = event(text, at: location, into: &diagnostics) { events.append(event) }
        }
        return events
    }

    /// Only the ids of a file's lines (an inbox file merged before, whose decks may have changed since).
    static func ids(_ bytes: [UInt8]) -> Set<String> {
        var ids = Set<String>()
        for line in bytes.split(separator: UInt8(ascii: "\n")) where line.count <= maximumLineBytes {
            guard let text = String(validating: line, as: UTF8.self), nesting(text.utf8) <= 4 else { continue }
            if case let .object(fields)? = try? JSONDecoder().decode(JSONValue.self, from: Data(line)), case let .string(id)? = fields["id"] {
                ids.insert(id)
            }
        }
        return ids
    }

    static func event(_ text: String, at location: SourceLocation, into diagnostics: inout Diagnostics) -> InboxEvent? {
        // An event nests two deep (`sets`); deeper nesting is refused before it is decoded, recursively.
        guard nesting(text.utf8) <= 4 else {
            diagnostics.error(location, "line nests JSON deeper than an event does", hint: "each line of an inbox file is one flat event")
            return nil
        }
        let decoded: JSONValue
        do { decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) } catch {
            diagnostics.error(location, "line is not a JSON object", hint: "each line of an inbox file is one event like {\"v\":1,\"id\":…,\"type\":…}")
            return nil
        }
        guard case let .object(object) = decoded else {
            diagnostics.error(location, "line is not a JSON object", hint: "each line of an inbox file is one event like {\"v\":1,\"id\":…,\"type\":…}")
            return nil
        }
        let reader = FieldReader(object: object, line: text, location: location)
        let before = diagnostics.errors.count
        guard case .number(1)? = object["v"] else {
            diagnostics.error(reader.location(of: "v"), object["v"] == nil ? "the event has no \"v\"" : "unknown event version \(reader.shown("v"))",
                              hint: "this Daybook reads version 1; update Daybook to merge newer inbox files")
            return nil
        }
        let id = reader.name("id", required: true, into: &diagnostics)
        if let id, !id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.:".contains($0)) }) {
            diagnostics.error(reader.location(of: "id"), "the id may hold only letters, digits and - _ . :")
        }
        var at: InboxEvent.Instant?
        if let text = reader.string("at", required: true, into: &diagnostics) {
            at = InboxEvent.Instant(rfc3339: text)
            if at == nil {
                diagnostics.error(reader.location(of: "at"), "\(reader.shown("at")) is not a time like 2026-11-27T21:02:11+09:00",
                                  hint: "an RFC 3339 time with its offset")
            }
        }
        guard let type = reader.string("type", required: true, into: &diagnostics) else { return nil }
        guard let known = fields[type] else {
            diagnostics.error(reader.location(of: "type"), "unknown event type \(reader.shown("type"))",
                              hint: Suggestion.hint(for: type, in: fields.keys.sorted()) ?? "types: entry, routine, test, undo, workout")
            return nil
        }
        for key in object.keys.sorted() where !known.contains(key) {
            diagnostics.error(reader.location(of: key), "unknown field \(Self.quoted(key)) in a \(type) event",
                              hint: Suggestion.hint(for: key, in: known) ?? "fields: \(known.joined(separator: ", "))")
        }
        let kind: InboxEvent.Kind?
        switch type {
        case "test":
            let deck = reader.name("deck", required: true, into: &diagnostics)
            let word = reader.name("word", required: true, into: &diagnostics)
            let result = reader.string("result", required: true, into: &diagnostics)
            if let result, result != "missed", result != "passed" {
                diagnostics.error(reader.location(of: "result"), "result \(reader.shown("result")) is neither \"missed\" nor \"passed\"")
            }
            kind = deck.flatMap { deck in word.map { .test(deck: deck, word: $0, missed: result == "missed") } }
        case "routine":
            let routine = reader.name("routine", required: true, into: &diagnostics)
            kind = routine.map { .routine(id: $0, minutes: reader.minutes(into: &diagnostics)) }
        case "workout":
            let split = reader.name("split", required: false, into: &diagnostics)
            var sets: [String] = []
            switch object["sets"] {
            case nil, .null?: break
            case let .array(items)?:
                for item in items {
                    guard case let .string(line) = item, !line.trimmingCharacters(in: .whitespaces).isEmpty,
                          line.count <= maximumNameLength * 5, !hasControlCharacter(line, allowingNewlines: false) else {
                        diagnostics.error(reader.location(of: "sets"), "each of \"sets\" is one exercise line like \"Squat: 100kg x 5 x 3\"",
                                          hint: "text of at most \(maximumNameLength * 5) characters without line breaks or control characters")
                        continue
                    }
                    sets.append(line.trimmingCharacters(in: .whitespaces))
                }
            case _?:
                diagnostics.error(reader.location(of: "sets"), "\"sets\" is a list of exercise lines", hint: "like [\"Squat: 100kg x 5 x 3\"]")
            }
            kind = .workout(split: split, sets: sets, minutes: reader.minutes(into: &diagnostics))
        case "undo":
            kind = reader.name("of", required: true, into: &diagnostics).map { .undo(of: $0) }
        default:
            let title = reader.name("title", required: false, into: &diagnostics)
            let text = reader.string("text", required: true, allowingNewlines: true, into: &diagnostics)
            var isPrivate = false
            switch object["private"] {
            case nil: break
            case let .bool(value)?: isPrivate = value
            case _?: diagnostics.error(reader.location(of: "private"), "\"private\" is true or false")
            }
            kind = text.map { .entry(title: title?.isEmpty == true ? nil : title, text: $0, isPrivate: isPrivate) }
        }
        guard diagnostics.errors.count == before, let id, let at, let kind else { return nil }
        return InboxEvent(id: id, at: at, kind: kind, location: location)
    }

    /// Characters no inbox field may hold (C0 and C1 controls, DEL, the
    /// Unicode line and paragraph separators YAML reads as line breaks); tab
    /// and line breaks only where `allowingNewlines`.
    static func hasControlCharacter(_ text: String, allowingNewlines: Bool) -> Bool {
        text.unicodeScalars.contains { scalar in
            allowingNewlines && (scalar == "\n" || scalar == "\r" || scalar == "\t") ? false : isControl(scalar)
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// The deepest nesting of `[` and `{` outside strings.
    static func nesting(_ bytes: String.UTF8View) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// A value as it may be shown in a message: quoted, cut short, without control characters.
    static func quoted(_ text: String) -> String {
        let cut = text.count > 60 ? String(text.prefix(60)) + "…" : text
        return "'" + String(String.UnicodeScalarView(cut.unicodeScalars.map { isControl($0) ? "\u{FFFD}" : $0 })) + "'"
    }

    /// The fields of one line's object, with errors at the column of their key.
    struct FieldReader {
        let object: [String: JSONValue]
        let line: String
        let location: SourceLocation

        /// The column where `"key"` is written (bytes, from 1), or the line's start.
        func location(of key: String) -> SourceLocation {
            var place = location
            if let range = line.range(of: "\"\(key)\"") {
                place.column = line.utf8.distance(from: line.utf8.startIndex, to: range.lowerBound) + 1
            }
            return place
        }

        func shown(_ key: String) -> String {
            switch object[key] {
            case let .string(text)?: InboxParser.quoted(text)
            case let .number(number)?: number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            case let .bool(value)?: String(value)
            default: "null"
            }
        }

        /// A string field; a missing, empty or other-typed one is an error when `required`.
        func string(_ key: String, required: Bool, allowingNewlines: Bool = false, into diagnostics: inout Diagnostics) -> String? {
            switch object[key] {
            case nil, .null?:
                if required { diagnostics.error(location, "the event has no \"\(key)\"") }
                return nil
            case let .string(text)?:
                if InboxParser.hasControlCharacter(text, allowingNewlines: allowingNewlines) {
                    diagnostics.error(location(of: key), "\"\(key)\" holds a control character" + (allowingNewlines ? "" : " or a line break"),
                                      hint: "an inbox file holds text as typed; check where the file came from")
                    return nil
                }
                if required && text.trimmingCharacters(in: .whitespaces).isEmpty {
                    diagnostics.error(location(of: key), "\"\(key)\" is empty")
                    return nil
                }
                return text
            case _?:
                diagnostics.error(location(of: key), "\"\(key)\" must be a string, not \(shown(key))")
                return nil
            }
        }

        /// A short name (deck, word, routine, split, title, id): trimmed, at most `maximumNameLength` characters.
        func name(_ key: String, required: Bool, into diagnostics: inout Diagnostics) -> String? {
            guard let text = string(key, required: required, into: &diagnostics)?.trimmingCharacters(in: .whitespaces) else { return nil }
            guard text.count <= InboxParser.maximumNameLength else {
                diagnostics.error(location(of: key), "\"\(key)\" is longer than \(InboxParser.maximumNameLength) characters")
                return nil
            }
            return text
        }

        /// `minutes`: a whole number from 0 to 1440, when given.
        func minutes(into diagnostics: inout Diagnostics) -> Int? {
            switch object["minutes"] {
            case nil, .null?: return nil
            case let .number(value)? where value == value.rounded() && (0...1440).contains(value): return Int(value)
            case _?:
                diagnostics.error(location(of: "minutes"), "\"minutes\" must be a whole number from 0 to 1440, not \(shown("minutes"))")
                return nil
            }
        }
    }
}

/// A JSON value as decoded, typed: `true` is never the number 1.
enum JSONValue: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !list.isAtEnd { items.append(try list.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            var fields: [String: JSONValue] = [:]
            for key in keyed.allKeys { fields[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key) }
            self = .object(fields)
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let bool = try? value.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? value.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try value.decode(String.self))
        }
    }

    struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
