import Foundation
import DaybookContent

/// A theme's strings for one locale (`i18n/ko.yml`): UI words, month and
/// weekday names, and the date patterns that put them together.
public struct Translation: Sendable {
    /// Flat UI strings, templates read them as `{{t.key}}`.
    public let strings: [String: String]
    /// January first.
    public let months: [String]
    /// Monday first, as ISO weekdays.
    public let weekdays: [String]
    public let weekdaysShort: [String]
    /// Patterns with {year} {month} {monthName} {day} {weekday} {weekdayShort}.
    let longDatePattern: String
    let shortDatePattern: String
    let monthPattern: String

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
                           longDatePattern: strings["date_long"] ?? "{year}-{month2}-{day2}",
                           shortDatePattern: strings["date_short"] ?? "{month}/{day}",
                           monthPattern: strings["month_title"] ?? "{monthName} {year}")
    }

    public subscript(key: String) -> String { strings[key] ?? key }

    /// 2026년 11월 20일 (금) / Friday, 20 November 2026
    public func longDate(_ date: LocalDate) -> String { fill(longDatePattern, date) }
    /// 11월 20일 / 20 Nov
    public func shortDate(_ date: LocalDate) -> String { fill(shortDatePattern, date) }
    /// 2026년 11월 / November 2026
    public func monthTitle(_ month: YearMonth) -> String { fill(monthPattern, month.firstDay) }
    public func weekdayShort(_ isoWeekday: Int) -> String { weekdaysShort[isoWeekday - 1] }
    public func monthName(_ month: Int) -> String { months[month - 1] }

    private func fill(_ pattern: String, _ date: LocalDate) -> String {
        var text = pattern
        let values: [(String, String)] = [
            ("{year}", String(date.year)), ("{month}", String(date.month)), ("{day}", String(date.day)),
            ("{month2}", date.iso.dropFirst(5).prefix(2).description), ("{day2}", date.iso.suffix(2).description),
            ("{monthName}", months[date.month - 1]), ("{weekday}", weekdays[date.weekday - 1]),
            ("{weekdayShort}", weekdaysShort[date.weekday - 1]),
        ]
        for (key, value) in values where text.contains(key) { text = text.replacingOccurrences(of: key, with: value) }
        return text
    }
}
