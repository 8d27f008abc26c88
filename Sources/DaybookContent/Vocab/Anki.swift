import Foundation

/// A note read from an Anki export, as a word of a deck.
public struct AnkiNote: Hashable, Sendable {
    public var word: String
    public var meanings: [String]
    public var examples: [String]
    /// Line of the export where the note starts.
    public var line: Int

    public init(word: String, meanings: [String], examples: [String] = [], line: Int = 1) {
        self.word = word
        self.meanings = meanings
        self.examples = examples
        self.line = line
    }
}

/// Anki's plain-text notes (File › Import of a `.txt`/`.csv`) into deck words.
///
/// Header lines `#key:value` at the top are read as Anki reads them:
/// `separator` (tab, comma, semicolon, pipe, space, colon or one character;
/// tab when absent), `html`, `columns`, and the meta columns `notetype column`,
/// `deck column`, `tags column`, `guid column`, which are skipped. A legacy first
/// line `tags:...` is skipped. Fields follow CSV rules: a field that starts with
/// `"` is quoted, `""` inside is a quote, and it may hold separators and line
/// breaks. Any later line starting with `#` is a comment.
///
/// Of the remaining columns, the first is the word, the second the meanings
/// and the third the example sentences; more columns are reported as not
/// imported. Meanings are split at line breaks (`<br>`, `<div>` with HTML) and
/// at `;`, so a meaning cannot keep a plain `;` — write `\;` (the deck format's
/// escape, which `AnkiExport` writes) to keep one. With `#html:true`, or when
/// `#html` is absent and a field looks like HTML, tags are removed and entities
/// decoded.
public enum AnkiImport {
    public static func parse(_ file: SourceFile, maxMeanings: Int? = nil, into diagnostics: inout Diagnostics) -> [AnkiNote] {
        let text = file.text.contains("\r") ? file.text.replacingOccurrences(of: "\r\n", with: "\n") : file.text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var header = Header()
        var bodyLine = 0
        if lines.first?.hasPrefix("tags:") == true { bodyLine = 1 }
        while bodyLine < lines.count, lines[bodyLine].hasPrefix("#") {
            header.read(lines[bodyLine].dropFirst(), location: file.location(line: bodyLine + 1), into: &diagnostics)
            bodyLine += 1
        }

        let body = Array(lines[bodyLine...].joined(separator: "\n"))
        let records = CSVReader(chars: body, separator: header.separator, firstLine: bodyLine + 1)
            .records(file: file, into: &diagnostics)
        let isHTML = header.isHTML ?? records.contains { $0.contains { HTMLText.looksLikeHTML($0.text) } }
        let meta = Set(header.metaColumns)
        var reportedExtra = false
        var notes: [AnkiNote] = []

        for record in records {
            let fields = record.indices.filter { !meta.contains($0 + 1) }.map { record[$0] }
            guard let first = fields.first else { continue }
            func lines(_ field: CSVField) -> [String] {
                isHTML ? HTMLText.lines(field.text) : field.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
            let location = file.location(line: first.line, column: first.column)
            let word = lines(first).joined(separator: " ")
            if word.isEmpty {
                diagnostics.error(location, "note has no word in its first field")
                continue
            }
            let wordChars = Array(word)
            if WordLine.separator(in: wordChars, from: 0) != nil {
                diagnostics.error(location, "the word '\(word)' contains ' :: ', which separates word and meaning in a deck")
                continue
            }
            let meaningField = fields.count > 1 ? fields[1] : nil
            let meanings = meaningField.map(lines)?.flatMap { line in
                WordLine.meanings(in: Array(line), from: 0).map(\.text).filter { !$0.isEmpty }
            } ?? []
            if meanings.isEmpty {
                diagnostics.error(meaningField.map { file.location(line: $0.line, column: $0.column) } ?? location,
                                  "'\(word)' has no meaning in its second field")
                continue
            }
            if let maxMeanings, meanings.count > maxMeanings, let field = meaningField {
                diagnostics.error(file.location(line: field.line, column: field.column),
                                  "'\(word)' has \(meanings.count) meanings, at most \(maxMeanings) (max_meanings)",
                                  hint: "join close meanings with ',' in Anki, or raise vocab.max_meanings in site.yml")
                continue
            }
            let examples = fields.count > 2 ? lines(fields[2]) : []
            if !reportedExtra, let extra = fields.dropFirst(3).first(where: { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }) {
                reportedExtra = true
                diagnostics.warning(file.location(line: extra.line, column: extra.column),
                                    "only three fields are imported (word, meanings, example sentences); later fields are left out")
            }
            notes.append(AnkiNote(word: word, meanings: meanings, examples: examples, line: first.line))
        }
        return notes
    }

    /// `deckText` with the notes added as words of the `## date` book: under
    /// that heading when the deck has one, else in a new book at the end.
    /// Check the result with `DeckParser` (duplicates, meanings) before writing it.
    public static func appendBook(to deckText: String, date: LocalDate, words: [AnkiNote]) -> String {
        var lines = deckText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let items = words.flatMap(itemLines)
        let headings = lines.indices.filter { MarkdownLine.heading(Substring(lines[$0]))?.level == 2 }
        if let heading = headings.first(where: { MarkdownLine.heading(Substring(lines[$0]))?.text == Substring(date.iso) }) {
            var end = headings.first { $0 > heading } ?? lines.count
            while end > heading + 1, lines[end - 1].trimmingCharacters(in: .whitespaces).isEmpty { end -= 1 }
            lines.insert(contentsOf: items, at: end)
        } else {
            if let last = lines.last, !last.trimmingCharacters(in: .whitespaces).isEmpty { lines.append("") }
            lines.append("## \(date.iso)")
            lines.append(contentsOf: items)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The text of a new deck file holding one book.
    public static func newDeck(title: String, language: String = "en", meaningLanguage: String = "ko",
                               date: LocalDate, words: [AnkiNote]) -> String {
        let quoted = "\"" + title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        let front = "---\ntitle: \(quoted)\nlanguage: \(language)\nmeaning_language: \(meaningLanguage)\n---\n"
        return appendBook(to: front, date: date, words: words)
    }

    /// `- word :: meaning; meaning` and its examples as nested items.
    static func itemLines(_ note: AnkiNote) -> [String] {
        ["- \(note.word) :: \(note.meanings.joined(separator: "; "))"] + note.examples.map { "  - \($0)" }
    }

    private struct Header {
        var separator: Character = "\t"
        var isHTML: Bool?
        var metaColumns: [Int] = []

        static let separators: [String: Character] = ["tab": "\t", "comma": ",", "semicolon": ";", "pipe": "|", "space": " ", "colon": ":"]

        mutating func read(_ line: Substring, location: SourceLocation, into diagnostics: inout Diagnostics) {
            guard let colon = line.firstIndex(of: ":") else { return }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = String(line[line.index(after: colon)...])
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            switch key {
            case "separator":
                if let named = Header.separators[trimmed.lowercased()] {
                    separator = named
                } else if value.count == 1, let char = value.first, char != "\"" {
                    separator = char
                } else {
                    diagnostics.error(location, "unknown separator '\(value)'",
                                      hint: "use tab, comma, semicolon, pipe, space, colon or a single character")
                }
            case "html":
                switch trimmed.lowercased() {
                case "true": isHTML = true
                case "false": isHTML = false
                default: diagnostics.error(location, "#html must be true or false, not '\(trimmed)'")
                }
            case "notetype column", "deck column", "tags column", "guid column":
                if let column = Int(trimmed), column >= 1 {
                    metaColumns.append(column)
                } else {
                    diagnostics.error(location, "#\(key) must be a column number from 1, not '\(trimmed)'")
                }
            default:
                // `columns`, `deck`, `notetype`, `tags` and comments name things only Anki uses.
                break
            }
        }
    }
}

/// A deck as Anki's plain-text notes: tab-separated, `html:false`, columns
/// Front (the word), Back (meanings joined with `; `, a `\;` inside one kept),
/// Example (one sentence a line) and Tags (`deck-id` and the book's date).
public enum AnkiExport {
    public static func text(of deck: Deck) -> String {
        var output = "#separator:tab\n#html:false\n#columns:Front\tBack\tExample\tTags\n#tags column:4\n"
        let deckTag = String(deck.id.map { $0.isWhitespace ? "_" : $0 })
        for word in deck.words {
            let fields = [word.text, word.meanings.joined(separator: "; "), word.examples.joined(separator: "\n"), "\(deckTag) \(word.added.iso)"]
            output += fields.enumerated().map { quoteIfNeeded($1, first: $0 == 0) }.joined(separator: "\t") + "\n"
        }
        return output
    }

    static func quoteIfNeeded(_ field: String, first: Bool) -> String {
        let needsQuotes = field.contains { $0 == "\t" || $0 == "\"" || $0 == "\n" || $0 == "\r" } || (first && field.hasPrefix("#"))
        return needsQuotes ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }
}

/// A field of a CSV record and where it starts.
struct CSVField {
    var text: String
    let line: Int
    let column: Int
}

/// CSV records as Anki's reader (the Rust `csv` crate) splits them: quotes
/// only where a field starts, `""` for a quote inside, `#` lines are comments,
/// blank lines skipped, records of any length.
struct CSVReader {
    let chars: [Character]
    let separator: Character
    let firstLine: Int

    func records(file: SourceFile, into diagnostics: inout Diagnostics) -> [[CSVField]] {
        var records: [[CSVField]] = []
        var record: [CSVField] = []
        var index = 0
        var line = firstLine
        var column = 1

        func advance() {
            if chars[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }

        while index < chars.count {
            if record.isEmpty, chars[index] == "#" || chars[index] == "\n" {
                while index < chars.count, chars[index] != "\n" { advance() }
                if index < chars.count { advance() }
                continue
            }
            var field = CSVField(text: "", line: line, column: column)
            if chars[index] == "\"" {
                advance()
                var closed = false
                while index < chars.count {
                    if chars[index] == "\"" {
                        if index + 1 < chars.count, chars[index + 1] == "\"" {
                            field.text.append("\"")
                            advance()
                            advance()
                            continue
                        }
                        advance()
                        closed = true
                        break
                    }
                    field.text.append(chars[index])
                    advance()
                }
                if !closed {
                    diagnostics.error(file.location(line: field.line, column: field.column), "quoted field is never closed",
                                      hint: "end it with '\"'; write a quote inside it as '\"\"'")
                }
            }
            while index < chars.count, chars[index] != separator, chars[index] != "\n" {
                field.text.append(chars[index])
                advance()
            }
            record.append(field)
            if index < chars.count, chars[index] == separator {
                advance()
                if index == chars.count { record.append(CSVField(text: "", line: line, column: column)) }
                continue
            }
            if index < chars.count { advance() }
            records.append(record)
            record = []
        }
        if !record.isEmpty { records.append(record) }
        return records
    }
}

/// Anki's HTML fields as plain lines.
enum HTMLText {
    static let breaking: Set<String> = ["br", "div", "p", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol"]

    static func looksLikeHTML(_ text: String) -> Bool {
        let chars = Array(text)
        for index in chars.indices where chars[index] == "<" && index + 1 < chars.count {
            let next = chars[index + 1]
            if (next.isASCII && next.isLetter) || next == "/" || next == "!", chars[(index + 1)...].contains(">") { return true }
        }
        return false
    }

    /// Text lines of an HTML fragment: block tags and `<br>` break lines,
    /// other tags are dropped, entities decoded, spaces collapsed.
    static func lines(_ html: String) -> [String] {
        var text = ""
        let chars = Array(html)
        var index = 0
        while index < chars.count {
            let char = chars[index]
            if char == "<", let end = chars[index...].firstIndex(of: ">") {
                let name = String(chars[(index + 1)..<end].drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }).lowercased()
                if breaking.contains(name) { text.append("\n") } else if name.isEmpty, chars[index + 1] != "!" { text.append(contentsOf: chars[index...end]) }
                index = end + 1
            } else if char == "&", let (decoded, next) = entity(chars, at: index) {
                text.append(decoded)
                index = next
            } else {
                text.append(char)
                index += 1
            }
        }
        return text.split(separator: "\n").map { line in
            line.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        }.filter { !$0.isEmpty }
    }

    static let named: [String: Character] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " "]

    private static func entity(_ chars: [Character], at start: Int) -> (Character, Int)? {
        guard let end = chars[start...].prefix(12).firstIndex(of: ";") else { return nil }
        let name = String(chars[(start + 1)..<end])
        if let char = named[name] { return (char, end + 1) }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        return (Character(scalar), end + 1)
    }
}
