import TOMLKit
import Yams

/// TOML front matter (Hugo's `+++`) read into the same YAML nodes as the
/// other forms, so every key is checked by one set of rules.
enum TOMLFrontMatter {
    static func parse(_ text: String, file: SourceFile, firstLine: Int, into diagnostics: inout Diagnostics) -> YAMLValue? {
        if let (line, column, message) = TOMLAssertGuard.problem(in: text) {
            diagnostics.error(SourceLocation(path: file.displayPath, line: line + firstLine - 1, column: column), "invalid TOML: \(message)")
            return nil
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            diagnostics.error(file.location(line: error.source.begin.line + firstLine - 1, column: error.source.begin.column),
                              "invalid TOML: \(error.description)")
            return nil
        } catch {
            diagnostics.error(file.location(line: firstLine), "invalid TOML: \(error)")
            return nil
        }
        let places = KeyPlaces(text, firstLine: firstLine)
        let root = node(table, path: [], places: places, fallback: Mark.at(line: firstLine, column: 1))
        return YAMLValue(node: YAMLNode(root), file: file, lineOffset: 0)
    }

    /// TOMLKit gives no positions: each key is placed at the line where the
    /// text defines it, and everything inside a key's value at that key.
    private static func node(_ value: TOMLValueConvertible, path: [String], places: KeyPlaces, fallback: Mark?) -> Node {
        if let table = value.table {
            let pairs = table.keys.map { key -> (Node, Node, Int) in
                let place = places.mark(for: path + [key]) ?? fallback
                let child = node(table[key]!, path: path + [key], places: places, fallback: place)
                return (.scalar(.init(key, .implicit, .plain, place)), child, place?.line ?? 0)
            }
            // toml++ keeps keys sorted; the file's order reads better in messages and templates.
            return .mapping(.init(pairs.sorted { $0.2 < $1.2 }.map { ($0.0, $0.1) }, .implicit, .block, fallback))
        }
        if let array = value.array {
            return .sequence(.init(array.map { node($0, path: path, places: places, fallback: fallback) }, .implicit, .flow, fallback))
        }
        if let string = value.string { return .scalar(.init(string, .implicit, .doubleQuoted, fallback)) }
        return .scalar(.init(scalarText(value), .implicit, .plain, fallback))
    }

    private static func scalarText(_ value: TOMLValueConvertible) -> String {
        if let bool = value.bool { return bool ? "true" : "false" }
        if let int = value.int { return String(int) }
        if let double = value.double { return String(double) }
        if let date = value.date { return isoDate(date) }
        if let time = value.time { return isoTime(time) }
        if let dateTime = value.dateTime {
            var text = isoDate(dateTime.date) + "T" + isoTime(dateTime.time)
            if let offset = dateTime.offset?.offset {
                text += (offset < 0 ? "-" : "+") + (abs(offset) / 60).zeroPadded(2) + ":" + (abs(offset) % 60).zeroPadded(2)
            }
            return text
        }
        return value.debugDescription
    }

    private static func isoDate(_ date: TOMLDate) -> String { "\(date.year)-\(date.month.zeroPadded(2))-\(date.day.zeroPadded(2))" }
    private static func isoTime(_ time: TOMLTime) -> String { "\(time.hour.zeroPadded(2)):\(time.minute.zeroPadded(2)):\(time.second.zeroPadded(2))" }

    /// Where each `key = value` and `[table]` of a TOML text stands.
    private struct KeyPlaces {
        var marks: [[String]: Mark?] = [:]

        init(_ text: String, firstLine: Int) {
            var table: [String] = []
            for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = firstLine + offset
                let indent = raw.prefix { $0 == " " || $0 == "\t" }.count
                let content = raw.dropFirst(indent)
                if content.hasPrefix("[") {
                    let name = content.drop { $0 == "[" }.prefix { $0 != "]" }
                    table = Self.keyPath(name)
                    if marks[table] == nil { marks[table] = Mark.at(line: line, column: indent + 1) }
                } else if let equals = content.firstIndex(of: "="), !content.hasPrefix("#") {
                    let path = table + Self.keyPath(content[..<equals])
                    if marks[path] == nil { marks[path] = Mark.at(line: line, column: indent + 1) }
                }
            }
        }

        /// `a.b`, `"quoted key"`, `a . "b c"` as key names.
        static func keyPath(_ text: Substring) -> [String] {
            text.split(separator: ".").map { part in
                String(part.trimmingCharacters(in: " \t").trimmingCharacters(in: "\"'"))
            }
        }

        func mark(for path: [String]) -> Mark? { marks[path] ?? nil }
    }
}

/// toml++ 3.4 (in TOMLKit 0.6) asserts — aborting the program — when a
/// date-time's `T` is followed by anything but a digit (`2026-11-17T:00`),
/// and when a table header's `[` or `[[` is followed by anything but a key
/// or `]` (`[` alone on a line, `[.a]`, `[[[a]]]`), and when an array
/// holds a `}` where a value should be (`tags = [}]`); such text is found
/// first and reported like its other errors.
enum TOMLAssertGuard {
    /// Line and UTF-8 column (from 1) of the first such character, and what is wrong there.
    static func problem(in text: String) -> (line: Int, column: Int, message: String)? {
        let bytes = Array(text.utf8)
        var line = 1, lineStart = 0, index = 0
        var inValue = false
        var open: [UInt8] = []  // the value's unclosed `[` and `{`, innermost last
        func isDigit(_ at: Int) -> Bool { at < bytes.count && (0x30...0x39).contains(bytes[at]) }
        func seen(_ at: Int) -> String {
            at >= bytes.count || bytes[at] == 0x0A || bytes[at] == 0x0D ? "the end of the line"
                : bytes[at] > 0x20 && bytes[at] < 0x7F ? "'\(Character(Unicode.Scalar(bytes[at])))'" : "a character that cannot start a name"
        }
        /// Where a header's name should start, when no name or `]` is there (toml++ reports the rest itself).
        func afterTableHeaderStart(_ open: Int) -> Int? {
            func skipSpaces(_ at: Int) -> Int {
                var at = at
                while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 { at += 1 }
                return at
            }
            var at = skipSpaces(open + 1)
            if at < bytes.count, bytes[at] == UInt8(ascii: "[") {
                guard at == open + 1 else { return nil }  // `[ [`: toml++'s own error
                at = skipSpaces(at + 1)
            }
            guard at < bytes.count else { return nil }
            let byte = bytes[at]
            return isBare(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "]") ? nil : at
        }
        func isBare(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
        }
        func skipString(_ quote: UInt8) {
            let triple = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
            index += triple ? 3 : 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
                    // An escape; a backslash ending a line of a multi-line string escapes the line break.
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { line += 1; lineStart = index + 2 }
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\n") {
                    if !triple { return }
                    line += 1
                    lineStart = index + 1
                } else if byte == quote, !triple || (index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote) {
                    index += triple ? 3 : 1
                    return
                }
                index += 1
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                skipString(byte)
                continue
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "\n"):
                if open.isEmpty { inValue = false }
                line += 1
                lineStart = index + 1
            case UInt8(ascii: "="): inValue = true
            case UInt8(ascii: "[") where !inValue:
                if let after = afterTableHeaderStart(index) {
                    return (line, after - lineStart + 1, "expected a table name after '[', saw \(seen(after))")
                }
            case UInt8(ascii: "["), UInt8(ascii: "{"): if inValue { open.append(byte) }
            case UInt8(ascii: "}") where inValue && open.last == UInt8(ascii: "["):
                return (line, index - lineStart + 1, "expected a value or ']' in the list, saw '}'")
            case UInt8(ascii: "]"), UInt8(ascii: "}"): if inValue, !open.isEmpty { open.removeLast() }
            default:
                // `YYYY-MM-DD` then `T` or `t`, starting a value.
                if inValue, isDigit(index), index == 0 || !isBare(bytes[index - 1]),
                   index + 10 < bytes.count, isDigit(index + 1), isDigit(index + 2), isDigit(index + 3), bytes[index + 4] == 0x2D,
                   isDigit(index + 5), isDigit(index + 6), bytes[index + 7] == 0x2D, isDigit(index + 8), isDigit(index + 9),
                   bytes[index + 10] == UInt8(ascii: "T") || bytes[index + 10] == UInt8(ascii: "t"), !isDigit(index + 11) {
                    let after = index + 11
                    return (line, after - lineStart + 1, "expected a time (HH:MM:SS) after the 'T' of a date-time, saw \(seen(after))")
                }
            }
            index += 1
        }
        return nil
    }
}

extension Mark {
    /// A mark at a given place. Yams makes its marks only while parsing, so
    /// one is taken from a tiny document whose only scalar stands there.
    static func at(line: Int, column: Int) -> Mark? {
        let text = String(repeating: "\n", count: max(0, line - 1)) + String(repeating: " ", count: max(0, column - 1)) + "x"
        return (try? Yams.compose(yaml: text, .default, .default, .utf8))??.mark
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> Substring {
        var slice = self
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return slice
    }
}
