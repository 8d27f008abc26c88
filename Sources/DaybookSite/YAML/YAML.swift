import Yams

/// A YAML node together with where it stands in its file, so every value
/// read from it can be reported at its own line and column.
struct YAMLValue {
    let node: YAMLNode
    let file: SourceFile
    /// Added to Yams' line numbers: front matter starts below the fence.
    let lineOffset: Int

    var location: SourceLocation {
        let mark = node.mark
        return file.location(line: mark.line + lineOffset, scalarColumn: mark.column)
    }

    /// Parses a YAML text; syntax errors are reported at their position.
    /// An empty document gives nil without an error.
    static func parse(_ yaml: String, file: SourceFile, firstLine: Int = 1, into diagnostics: inout Diagnostics) -> YAMLValue? {
        func location(_ line: Int, _ scalarColumn: Int) -> SourceLocation {
            file.location(line: line + firstLine - 1, scalarColumn: scalarColumn)
        }
        var yaml = yaml
        // The common shape has no aliases, so nothing for the guard to check.
        if case let .composed(root)? = yaml.withUTF8(YAMLSimpleComposer.compose) {
            return root.map { YAMLValue(node: $0, file: file, lineOffset: firstLine - 1) }
        }
        if let problem = YAMLGuard.aliasProblem(in: yaml) {
            diagnostics.error(location(problem.line, problem.scalarColumn), "invalid YAML: \(problem.message)",
                              hint: "write the value out instead of using '*alias'")
            return nil
        }
        if case let .composed(root) = YAMLComposer.compose(yaml) {
            return root.map { YAMLValue(node: YAMLNode($0), file: file, lineOffset: firstLine - 1) }
        }
        do {
            // An explicit encoding: Yams' default reads the environment on every call.
            guard let node = try Yams.compose(yaml: yaml, .default, .default, .utf8) else { return nil }
            return YAMLValue(node: YAMLNode(node), file: file, lineOffset: firstLine - 1)
        } catch let error as YamlError {
            let (mark, message) = describe(error, in: yaml)
            diagnostics.error(location(mark?.line ?? 1, mark?.column ?? 1), "invalid YAML: \(message)")
        } catch {
            diagnostics.error(file.location(line: firstLine), "invalid YAML: \(error)")
        }
        return nil
    }

    /// The position (columns in Unicode scalars) and the message of a Yams error.
    private static func describe(_ error: YamlError, in yaml: String) -> ((line: Int, column: Int)?, String) {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            return ((mark.line, mark.column), context.map { "\(problem) (\($0.text))" } ?? problem)
        case let .reader(problem, offset, _, _):
            // `offset` counts characters of the text.
            guard let offset, let index = yaml.index(yaml.startIndex, offsetBy: offset, limitedBy: yaml.endIndex) else { return (nil, problem) }
            let lineStart = yaml[..<index].lastIndex(of: "\n").map { yaml.index(after: $0) } ?? yaml.startIndex
            let line = yaml[..<index].utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            return ((line, yaml.unicodeScalars[lineStart..<index].count + 1), problem)
        case let .duplicatedKeysInMapping(duplicates, context):
            // Yams names a key that is not plain text '<uncovertable>': quote the file instead.
            let keys = duplicates.map { $0 == "<uncovertable>" ? sourceText(at: context.mark, in: yaml) : $0 }
            return ((context.mark.line, context.mark.column), "duplicate key \(keys.map { "'\($0)'" }.joined(separator: ", "))")
        default:
            return (nil, "\(error)")
        }
    }

    /// The text of a key as written at `mark`, up to its `:` (at most 40 characters).
    private static func sourceText(at mark: Mark, in yaml: String) -> String {
        let lines = yaml.split(separator: "\n", maxSplits: mark.line, omittingEmptySubsequences: false)
        guard mark.line >= 1, mark.line <= lines.count else { return "?" }
        let text = Substring(lines[mark.line - 1].unicodeScalars.dropFirst(mark.column - 1))
        let key = text.firstRange(of: ": ").map { text[..<$0.lowerBound] } ?? text
        return String(key.trimmingTrailingSpaces().prefix(40))
    }

    func child(_ node: YAMLNode) -> YAMLValue { YAMLValue(node: node, file: file, lineOffset: lineOffset) }

    // MARK: Scalars

    /// The scalar text, or nil for a mapping, a sequence or `null`.
    var scalarText: String? {
        guard case let .scalar(scalar) = node, !isNull else { return nil }
        return scalar.text
    }

    var isNull: Bool {
        guard case let .scalar(scalar) = node, scalar.style == .plain else { return false }
        switch scalar.text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    func string(_ what: String, into diagnostics: inout Diagnostics) -> String? {
        if let text = scalarText {
            // Reading removed control characters from the file, but an escape (`"\x07"`, TOML's `"\u0001"`)
            // makes one again: it would leave feed.xml, the sitemap and calendar.ics unreadable.
            guard XMLText.hasForbidden(text) else { return text }
            diagnostics.warning(location, "control character removed from \(what)", hint: "it is not text; remove the escape")
            return String(String.UnicodeScalarView(text.unicodeScalars.filter { !XMLText.isForbidden($0) }))
        }
        diagnostics.error(location, "\(what) must be text")
        return nil
    }

    /// A whole number inside `range`; every number a file gives is bounded
    /// where it is read, so no later arithmetic on it can overflow.
    func int(_ what: String, in range: ClosedRange<Int>, into diagnostics: inout Diagnostics) -> Int? {
        if let text = scalarText, let value = Int(text.trimmingCharacters(in: " ")), range.contains(value) { return value }
        diagnostics.error(location, "\(what) must be a whole number between \(range.lowerBound) and \(range.upperBound), not '\(scalarText ?? "…")'")
        return nil
    }

    /// A finite number inside `range` (`nan` and `.inf` are not numbers here).
    func double(_ what: String, in range: ClosedRange<Double>, into diagnostics: inout Diagnostics) -> Double? {
        if let text = scalarText, let value = Double(text.trimmingCharacters(in: " ")), range.contains(value) { return value }
        diagnostics.error(location, "\(what) must be a number between \(range.lowerBound.plain) and \(range.upperBound.plain), not '\(scalarText ?? "…")'")
        return nil
    }

    func bool(_ what: String, into diagnostics: inout Diagnostics) -> Bool? {
        switch scalarText?.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            diagnostics.error(location, "\(what) must be true or false, not '\(scalarText ?? "…")'")
            return nil
        }
    }

    func date(_ what: String, into diagnostics: inout Diagnostics) -> LocalDate? {
        if let text = scalarText, let date = LocalDate(iso: text.trimmingCharacters(in: " ")) {
            return date.checkedYear(at: location, into: &diagnostics)
        }
        diagnostics.error(location, "\(what) must be a date like 2026-11-20, not '\(scalarText ?? "…")'")
        return nil
    }

    /// A time of day, `"06:00"` or `"6:00"` (24-hour clock).
    func time(_ what: String, into diagnostics: inout Diagnostics) -> LocalTime? {
        guard let text = string(what, into: &diagnostics) else { return nil }
        if let time = LocalTime(text: text.trimmingCharacters(in: " ")) { return time }
        diagnostics.error(location, "invalid \(what) '\(text)'", hint: "write it like \"06:00\" (24-hour clock, in quotes)")
        return nil
    }

    /// One of a fixed set of words; an unknown one gets a "did you mean" hint.
    func choice(_ what: String, from options: [String], into diagnostics: inout Diagnostics) -> String? {
        guard let text = scalarText else {
            diagnostics.error(location, "\(what) must be one of \(options.joined(separator: ", "))")
            return nil
        }
        if options.contains(text) { return text }
        diagnostics.error(location, "unknown \(what) '\(text)'; expected one of \(options.joined(separator: ", "))",
                          hint: Suggestion.hint(for: text, in: options))
        return nil
    }

    // MARK: Collections

    /// Items of a sequence; a single scalar counts as a one-item list
    /// (`tags: winter` reads like `tags: [winter]`).
    func list(_ what: String, into diagnostics: inout Diagnostics) -> [YAMLValue]? {
        switch node {
        case let .sequence(items, _): return items.map(child)
        case .scalar: return isNull ? [] : [self]
        default:
            diagnostics.error(location, "\(what) must be a list")
            return nil
        }
    }

    func stringList(_ what: String, into diagnostics: inout Diagnostics) -> [String]? {
        guard let items = list(what, into: &diagnostics) else { return nil }
        return items.compactMap { $0.string("each of \(what)", into: &diagnostics) }
    }

    /// The pairs of a mapping, in file order.
    func mapping(_ what: String, into diagnostics: inout Diagnostics) -> [YAMLPair]? {
        guard case let .mapping(pairs, _) = node else {
            diagnostics.error(location, "\(what) must be a mapping of keys to values")
            return nil
        }
        return pairs.map { pair in
            let key = child(pair.key)
            return YAMLPair(key: key.scalarText ?? "", keyValue: key, value: child(pair.value))
        }
    }

    /// Reads a mapping whose keys must come from `known`: an unknown key is an
    /// error at its line with the nearest known key as a hint.
    func fields(_ what: String, known: [String], into diagnostics: inout Diagnostics) -> YAMLFields? {
        guard let pairs = mapping(what, into: &diagnostics) else { return nil }
        var keys: [String] = [], values: [YAMLValue] = []
        for pair in pairs {
            if known.contains(pair.key) {
                keys.append(pair.key)
                values.append(pair.value)
            } else {
                diagnostics.error(pair.keyLocation, "unknown key '\(pair.key)' in \(what)",
                                  hint: Suggestion.hint(for: pair.key, in: known) ?? "known keys: \(known.joined(separator: ", "))")
            }
        }
        return YAMLFields(keys: keys, values: values, mapping: self)
    }
}

/// One pair of a mapping. The key's place is worked out only when a message
/// names it: most files never need it.
struct YAMLPair {
    let key: String
    let keyValue: YAMLValue
    let value: YAMLValue
    var keyLocation: SourceLocation { keyValue.location }
}

/// The known keys of a mapping, read one by one. A class: a reader asks it
/// for one key after another, and each ask would copy a struct's arrays.
final class YAMLFields {
    /// In file order. A mapping has a few keys, so a walk finds one sooner than hashing its name would.
    private let keys: [String]
    private let values: [YAMLValue]
    private let mapping: YAMLValue
    var location: SourceLocation { mapping.location }
    /// Front matter keys Daybook does not read, in file order, for templates.
    let params: [(key: String, value: YAMLValue)]

    init(keys: [String], values: [YAMLValue], mapping: YAMLValue, params: [(key: String, value: YAMLValue)] = []) {
        self.keys = keys
        self.values = values
        self.mapping = mapping
        self.params = params
    }

    subscript(key: String) -> YAMLValue? {
        // The last of equal keys, as a dictionary filled in file order would keep.
        guard let index = keys.lastIndex(of: key), !values[index].isNull else { return nil }
        return values[index]
    }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        var slice = Substring(self)
        while slice.first == set { slice = slice.dropFirst() }
        while slice.last == set { slice = slice.dropLast() }
        return String(slice)
    }
}
