import Foundation

/// A theme's strings for one locale (`i18n/ko.yml`): UI words, month and
/// weekday names, and the date patterns that put them together.
struct Translation: Sendable {
    /// Flat UI strings, templates read them as `{{t.key}}`.
    let strings: [String: String]
    /// January first.
    let months: [String]
    /// Monday first, as ISO weekdays.
    let weekdays: [String]
    let weekdaysShort: [String]
    /// Patterns with {year} {month} {monthName} {day} {weekday} {weekdayShort},
    /// split once into parts because dates are formatted thousands of times a build.
    let longDatePattern: DatePattern
    let shortDatePattern: DatePattern
    let monthPattern: DatePattern
    /// `strings` as templates read them.
    let table: TemplateNameTable<String>

    static func parse(_ file: SourceFile, into diagnostics: inout Diagnostics) -> Translation? {
        guard let root = YAMLValue.parse(file.text, file: file, into: &diagnostics),
              let pairs = root.mapping("translation", into: &diagnostics) else { return nil }
        var strings: [String: String] = [:]
        var lists: [String: [String]] = [:]
        for pair in pairs {
            if case .sequence = pair.value.node {
                lists[pair.key] = pair.value.stringList(pair.key, into: &diagnostics)
            } else if let text = pair.value.string(pair.key, into: &diagnostics) {
                strings[pair.key] = text
            }
        }
        func list(_ key: String, count: Int) -> [String] {
            guard let values = lists[key], values.count == count else {
                diagnostics.error(root.location, "translation needs '\(key)' with \(count) names")
                return Array(repeating: "", count: count)
            }
            return values
        }
        return Translation(strings: strings, months: list("months", count: 12), weekdays: list("weekdays", count: 7),
                           weekdaysShort: list("weekdays_short", count: 7),
                           longDatePattern: DatePattern(strings["date_long"] ?? "{year}-{month2}-{day2}"),
                           shortDatePattern: DatePattern(strings["date_short"] ?? "{month}/{day}"),
                           monthPattern: DatePattern(strings["month_title"] ?? "{monthName} {year}"),
                           table: TemplateNameTable(strings.map { ($0.key, $0.value) }))
    }

    subscript(key: String) -> String { strings[key] ?? key }

    /// Each locale's file with the keys another has and it lacks, in
    /// English (else the first locale that has them), and a warning at the
    /// file naming them: a theme or a new kind that adds a key to one file
    /// shows it in every language until it is translated.
    static func fillingGaps(_ translations: [String: Translation], paths: [String: String], into diagnostics: inout Diagnostics)
        -> [String: Translation] {
        // English first: it is the language every other is filled from where it can be.
        let locales = translations.keys.sorted { a, b in a == "en" || (b != "en" && a < b) }
        var filled = translations
        for locale in locales {
            guard let own = translations[locale] else { continue }
            var strings = own.strings
            // A count's singular (`KEY_one`) is a language's own; Korean has none (`count`).
            let missing = Set(locales.flatMap { Array(translations[$0]?.strings.keys ?? [:].keys) }).subtracting(own.strings.keys)
                .filter { !$0.hasSuffix("_one") }.sorted()
            guard !missing.isEmpty else { continue }
            var from = Set<String>()
            for key in missing {
                guard let source = locales.first(where: { translations[$0]?.strings[key] != nil }) else { continue }
                strings[key] = translations[source]?.strings[key]
                from.insert(source)
            }
            filled[locale] = Translation(strings: strings, months: own.months, weekdays: own.weekdays, weekdaysShort: own.weekdaysShort,
                                         longDatePattern: own.longDatePattern, shortDatePattern: own.shortDatePattern,
                                         monthPattern: own.monthPattern, table: TemplateNameTable(strings.map { ($0.key, $0.value) }))
            let names = missing.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (missing.count > 5 ? " and \(missing.count - 5) more" : "")
            let files = from.sorted().map { "\($0).yml" }.joined(separator: ", ")
            diagnostics.warning(SourceLocation(path: paths[locale] ?? "i18n/\(locale).yml"),
                                "\(names) missing; shown as in \(files)",
                                hint: "add \(missing.count == 1 ? "it" : "them") in this language")
        }
        return filled
    }

    /// A UI string with its `{name}` placeholders filled: `format("year_title", ["year": "2026"])`.
    func format(_ key: String, _ values: [String: String]) -> String { Self.fill(self[key], values) }

    /// A count in a pattern of the theme, `{n}` filled: `count("vocab_word_count", 3)` → `3 words`.
    /// For one, the theme's `<key>_one` where it has one (English: `1 word`); Korean needs none.
    func count(_ key: String, _ n: Int, _ values: [String: String] = [:]) -> String {
        let pattern = n == 1 ? strings[key + "_one"] ?? self[key] : self[key]
        return Self.fill(pattern, values.merging(["n": NumberText.format(Double(n), decimals: 0, .people)]) { $1 })
    }

    /// Fills `{name}` placeholders in one pass, so a value that itself contains
    /// `{…}` (a deck's title) stays as it is; unknown names stay as written.
    /// Braces are found among the UTF-8 bytes: by Characters it cost a tenth
    /// of a 4,000-word deck's build.
    static func fill(_ pattern: String, _ values: [String: String]) -> String {
        let bytes = pattern.utf8
        var result = ""
        var rest = bytes.startIndex
        while let open = bytes[rest...].firstIndex(of: UInt8(ascii: "{")),
              let close = bytes[open...].firstIndex(of: UInt8(ascii: "}")) {
            result += pattern[rest..<open]
            let key = String(pattern[bytes.index(after: open)..<close])
            result += values[key] ?? String(pattern[open...close])
            rest = bytes.index(after: close)
        }
        return result + pattern[rest...]
    }

    /// 2026년 11월 20일 (금) / Friday, 20 November 2026
    func longDate(_ date: LocalDate) -> String { fill(longDatePattern, date) }
    /// 11월 20일 / 20 Nov
    func shortDate(_ date: LocalDate) -> String { fill(shortDatePattern, date) }
    /// 2026년 11월 / November 2026
    func monthTitle(_ month: YearMonth) -> String { fill(monthPattern, month.firstDay) }
    func weekdayShort(_ isoWeekday: Int) -> String { weekdaysShort[isoWeekday - 1] }

    /// Weekday names of a set of ISO weekdays in week order: `월·수·금`.
    func weekdayList(_ days: Set<Int>) -> String {
        days.sorted().map(weekdayShort).joined(separator: "·")
    }
    func monthName(_ month: Int) -> String { months[month - 1] }

    /// Written as UTF-8 into one string of the size it needs: a build
    /// formats a date for every calendar day it shows (11 M instructions at
    /// 1,000 entries when each part was appended to a growing string). The
    /// literals are kept as bytes and names copied from their UTF-8 storage:
    /// iterating a String's `utf8` view cost 4 M of fill's 10 M.
    private func fill(_ pattern: DatePattern, _ date: LocalDate) -> String {
        let year = date.year, month = date.month, day = date.day
        func name(_ part: DatePattern.Part) -> String? {
            switch part {
            case .monthName: months[month - 1]
            case .weekday: weekdays[date.weekday - 1]
            case .weekdayShort: weekdaysShort[date.weekday - 1]
            default: nil
            }
        }
        var capacity = pattern.fixedCapacity
        for part in pattern.parts { capacity += name(part)?.utf8.count ?? 0 }
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var end = 0
            func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                for byte in bytes {
                    buffer[end] = byte
                    end += 1
                }
            }
            func put(_ number: Int, width: Int) {
                guard number >= 0 else { return Array(String(number).utf8).withUnsafeBufferPointer { put($0) } }
                var divisor = 1, digits = 1
                while divisor <= number / 10 {
                    divisor *= 10
                    digits += 1
                }
                for _ in digits..<max(width, digits) {
                    buffer[end] = UInt8(ascii: "0")
                    end += 1
                }
                var rest = number
                while divisor > 0 {
                    buffer[end] = UInt8(ascii: "0") + UInt8(rest / divisor)
                    end += 1
                    rest %= divisor
                    divisor /= 10
                }
            }
            for part in pattern.parts {
                switch part {
                case let .literal(bytes): bytes.withUnsafeBufferPointer { put($0) }
                case .year: put(year, width: 1)
                case .month: put(month, width: 1)
                case .day: put(day, width: 1)
                case .month2: put(month, width: 2)
                case .day2: put(day, width: 2)
                case .monthName, .weekday, .weekdayShort:
                    var text = name(part)!
                    text.withUTF8 { put($0) }
                }
            }
            return end
        }
    }
}

/// A date pattern such as `{year}년 {month}월 {day}일 ({weekdayShort})`, split into parts.
struct DatePattern: Sendable {
    enum Part: Sendable {
        /// Its UTF-8 bytes.
        case literal([UInt8])
        case year, month, day, month2, day2, monthName, weekday, weekdayShort
    }

    let parts: [Part]
    /// The bytes of its literals and 20 for each number (Int.min's length), without the names.
    let fixedCapacity: Int

    init(_ pattern: String) {
        let names: [String: Part] = ["year": .year, "month": .month, "day": .day, "month2": .month2, "day2": .day2,
                                     "monthName": .monthName, "weekday": .weekday, "weekdayShort": .weekdayShort]
        var parts: [Part] = []
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}"), let part = names[String(rest[rest.index(after: open)..<close])] else {
                parts.append(.literal(Array(rest[...open].utf8)))
                rest = rest[rest.index(after: open)...]
                continue
            }
            if open > rest.startIndex { parts.append(.literal(Array(rest[..<open].utf8))) }
            parts.append(part)
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(Array(rest.utf8))) }
        self.parts = parts
        fixedCapacity = parts.reduce(0) { total, part in
            switch part {
            case let .literal(bytes): total + bytes.count
            case .monthName, .weekday, .weekdayShort: total
            case .year, .month, .day, .month2, .day2: total + 20
            }
        }
    }
}

/// Templates read the UI strings as `{{t.key}}`.
extension Translation: TemplateObject {
    func value(for name: TemplateName) -> TemplateValue? { table[name].map(TemplateValue.text) }
    /// A build has one translation.
    var isSameOnEveryPage: Bool { true }
}
