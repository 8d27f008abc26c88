import Foundation

/// A note read from an Anki export, as a word of a deck.
struct AnkiNote: Hashable, Sendable {
    var word: String
    var meanings: [String]
    var examples: [String]
    /// Line of the export where the note starts.
    var line: Int

    init(word: String, meanings: [String], examples: [String] = [], line: Int = 1) {
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
/// `#html` is absent and a field looks like HTML, fields become text with
/// Markdown emphasis (`HTMLText`). Real decks are messy and are imported, not
/// refused: a cloze note becomes its question and answers, `[sound:…]` and
/// `<img>` are left out with one warning, a note without a word or a meaning is
/// left out and listed.
enum AnkiImport {
    /// What reading an export gives: the notes, what was left out and why,
    /// rows that could not be read, and summary warnings.
    struct Reading: Sendable {
        var notes: [AnkiNote] = []
        var leftOut: [Diagnostic] = []
        var badRows = BadRows()
        /// Header errors and the summary warnings.
        var diagnostics = Diagnostics()
    }

    /// `progress` is told how many notes are read, as they are taken in file order.
    static func read(_ file: SourceFile, progress: ImportProgress? = nil) -> Reading {
        var reading = Reading()
        let text = file.text.containsByte(UInt8(ascii: "\r")) ? file.text.replacingOccurrences(of: "\r\n", with: "\n") : file.text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var header = Header()
        var bodyLine = 0
        if lines.first?.hasPrefix("tags:") == true { bodyLine = 1 }
        while bodyLine < lines.count, lines[bodyLine].hasPrefix("#") {
            header.read(lines[bodyLine].dropFirst(), location: file.location(line: bodyLine + 1), into: &reading.diagnostics)
            bodyLine += 1
        }

        let body = lines[bodyLine...].joined(separator: "\n")
        let records = CSVReader(text: body, separator: header.separator, firstLine: bodyLine + 1)
            .records(file: file, badRows: &reading.badRows)
        let isHTML = header.isHTML ?? records.contains { $0.contains { HTMLText.looksLikeHTML($0.text) } }
        let meta = Set(header.metaColumns)
        // Notes are read on all cores, then taken in file order.
        var extra: CSVField?
        var media = MediaCount()
        var counter = ImportCounter(progress, "Reading \(file.displayPath): % notes", total: records.count)
        for record in records.parallelMap({ RecordReading($0, file: file, isHTML: isHTML, metaColumns: meta) }) {
            counter.count()
            media.add(record.media)
            if let note = record.note { reading.notes.append(note) }
            if let leftOut = record.leftOut { reading.leftOut.append(leftOut) }
            if extra == nil { extra = record.extra }
        }
        if let extra {
            reading.diagnostics.warning(extra.location(in: file),
                                        "only three fields are imported (word, meanings, example sentences); later fields are left out")
        }
        if let warning = media.warning { reading.diagnostics.append(warning) }
        return reading
    }

    /// What one record of the export gives: its note, or why it is left out.
    private struct RecordReading: Sendable {
        var note: AnkiNote?
        var leftOut: Diagnostic?
        /// The media stripped from its fields.
        var media = MediaCount()
        /// A fourth field with text, which is not imported.
        var extra: CSVField?

        init(_ record: [CSVField], file: SourceFile, isHTML: Bool, metaColumns meta: Set<Int>) {
            var fields = record.indices.filter { !meta.contains($0 + 1) }.map { record[$0] }
            for index in fields.indices {
                fields[index].text = media.strip(fields[index].text, at: fields[index].location(in: file))
            }
            guard let first = fields.first else { return }
            // The word names the word in the deck and its reviews: no emphasis there.
            func lines(_ field: CSVField, emphasis: Bool = true) -> [String] {
                isHTML ? HTMLText.lines(field.text, emphasis: emphasis) : field.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
            func meanings(_ field: CSVField) -> [String] {
                lines(field).flatMap { line in WordLine.meanings(in: Array(line), from: 0).map(\.text).filter { !$0.isEmpty } }
            }
            let location = first.location(in: file)
            var word = lines(first, emphasis: false).joined(separator: " ")
            var answers: [String] = []
            var examples: [String] = []
            if let cloze = Cloze(word) {
                word = cloze.question
                answers = cloze.answers
                examples = [cloze.full]
            }
            if word.isEmpty {
                leftOut = Diagnostic(location, "a note with no word in its first field", severity: .warning)
                return
            }
            if WordLine.separator(in: Array(word), from: 0) != nil {
                leftOut = Diagnostic(location, "'\(word)': ' :: ' separates word and meaning in a deck", severity: .warning)
                return
            }
            let found = answers + (fields.count > 1 ? meanings(fields[1]) : [])
            if found.isEmpty {
                let at = fields.count > 1 ? fields[1].location(in: file) : location
                leftOut = Diagnostic(at, "'\(word)' has an empty back (no meaning)", severity: .warning)
                return
            }
            examples += fields.count > 2 ? lines(fields[2]) : []
            extra = fields.dropFirst(3).first { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
            note = AnkiNote(word: word, meanings: found, examples: examples, line: first.line)
        }
    }

    /// Notes of the same word as one: meanings and examples united in order,
    /// repeats dropped. Also gives one line per word that was merged.
    static func merged(_ notes: [AnkiNote]) -> (notes: [AnkiNote], merges: [String]) {
        var result: [AnkiNote] = []
        var position: [String: Int] = [:]
        var lines: [String: [Int]] = [:]
        for note in notes {
            lines[note.word, default: []].append(note.line)
            guard let index = position[note.word] else {
                position[note.word] = result.count
                result.append(AnkiNote(word: note.word, meanings: unique(note.meanings), examples: unique(note.examples), line: note.line))
                continue
            }
            result[index].meanings = unique(result[index].meanings + note.meanings)
            result[index].examples = unique(result[index].examples + note.examples)
        }
        let merges = result.compactMap { note in
            lines[note.word].flatMap { $0.count > 1 ? "'\(note.word)' (lines \($0.map(String.init).joined(separator: ", ")))" : nil }
        }
        return (result, merges)
    }

    /// A note with at most `maxMeanings` meanings: the extra ones are joined
    /// into the last with `, `, so nothing of the note is lost.
    static func fitted(_ note: AnkiNote, maxMeanings: Int) -> AnkiNote {
        guard note.meanings.count > maxMeanings, maxMeanings >= 1 else { return note }
        var fitted = note
        fitted.meanings = Array(note.meanings.prefix(maxMeanings - 1)) + [note.meanings.dropFirst(maxMeanings - 1).joined(separator: ", ")]
        return fitted
    }

    private static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }

    /// `deckText` with the notes added as words of the `## date` book: under
    /// that heading when the deck has one, else in a new book at the end.
    /// Check the result with `DeckParser` (duplicates, meanings) before writing it.
    static func appendBook(to deckText: String, date: LocalDate, words: [AnkiNote]) -> String {
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
    static func newDeck(title: String, language: String = "en", meaningLanguage: String = "ko",
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
enum AnkiExport {
    static func text(of deck: Deck) -> String {
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

    /// Text lines of an HTML fragment: block tags and `<br>` break lines, bold
    /// and italics become `**` and `*` (with `emphasis`), `<ruby>漢字<rt>かんじ</rt></ruby>` becomes
    /// Anki's furigana `漢字[かんじ]`, other tags are dropped, entities decoded,
    /// spaces collapsed.
    static func lines(_ html: String, emphasis: Bool = true) -> [String] {
        var text = ""
        // Without tags or entities the loop below would copy every Character as it is.
        let chars = html.containsByte(UInt8(ascii: "<")) || html.containsByte(UInt8(ascii: "&")) ? Array(html) : []
        if chars.isEmpty { text = html }
        var index = 0
        var inParenthesis = false
        while index < chars.count {
            let char = chars[index]
            if char == "<", let end = chars[index...].firstIndex(of: ">") {
                let closing = index + 1 < end && chars[index + 1] == "/"
                let name = String(chars[(index + 1)..<end].drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }).lowercased()
                switch name {
                case _ where breaking.contains(name): text.append("\n")
                case "b", "strong": if emphasis { text.append("**") }
                case "i", "em": if emphasis { text.append("*") }
                case "rt": text.append(closing ? "]" : "[")
                case "rp": inParenthesis = !closing
                case "": if chars[index + 1] != "!" { text.append(contentsOf: chars[index...end]) }
                default: break
                }
                index = end + 1
            } else if inParenthesis {
                index += 1
            } else if char == "&", let (decoded, next) = entity(chars, at: index) {
                text.append(decoded)
                index = next
            } else {
                text.append(char)
                index += 1
            }
        }
        return text.split(separator: "\n").map { line in
            let words = line.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            // Most lines have no emphasis: Foundation's search costs more than all the rest of a line.
            return words.containsByte(UInt8(ascii: "*")) ? words.replacingOccurrences(of: "****", with: "") : words
        }.filter { !$0.isEmpty && $0 != "**" && $0 != "*" }
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

/// Anki's cloze deletions, `{{c1::answer}}` or `{{c1::answer::hint}}`: the
/// question shows `[…]` (or `[hint]`) in their place, the answers are the
/// meanings, the full text an example.
struct Cloze {
    var question = ""
    var answers: [String] = []
    var full = ""

    init?(_ text: String) {
        guard text.contains("{{c") else { return nil }
        var rest = Substring(text)
        while let open = rest.range(of: "{{c") {
            let afterOpen = rest[open.upperBound...]
            let number = afterOpen.prefix { $0.isASCIIDigit }
            guard !number.isEmpty, afterOpen.dropFirst(number.count).hasPrefix("::"),
                  let close = afterOpen.range(of: "}}") else {
                question += rest[..<open.upperBound]
                full += rest[..<open.upperBound]
                rest = afterOpen
                continue
            }
            let inside = afterOpen[afterOpen.index(afterOpen.startIndex, offsetBy: number.count + 2)..<close.lowerBound]
            let parts = inside.components(separatedBy: "::")
            question += rest[..<open.lowerBound]
            full += rest[..<open.lowerBound]
            question += "[\(parts.count > 1 ? parts[1] : "…")]"
            full += parts[0]
            if !answers.contains(parts[0]) { answers.append(parts[0]) }
            rest = afterOpen[close.upperBound...]
        }
        question += rest
        full += rest
        guard !answers.isEmpty else { return nil }
    }
}

/// `[sound:…]` and `<img>` references: a deck holds text only, so they are
/// taken out, with one warning for the whole export.
struct MediaCount: Sendable {
    var sounds = 0
    var images = 0
    var first: SourceLocation?

    /// Adds what a later record held.
    mutating func add(_ other: MediaCount) {
        sounds += other.sounds
        images += other.images
        if first == nil { first = other.first }
    }

    mutating func strip(_ field: String, at location: SourceLocation) -> String {
        guard field.containsByte(UInt8(ascii: "[")) || field.containsByte(UInt8(ascii: "<")),
              field.contains("[sound:") || field.range(of: "<img", options: .caseInsensitive) != nil else { return field }
        var result = ""
        var rest = Substring(field)
        while let start = rest.firstIndex(where: { $0 == "[" || $0 == "<" }) {
            result += rest[..<start]
            let tail = rest[start...]
            if tail.hasPrefix("[sound:"), let end = tail.firstIndex(of: "]") {
                sounds += 1
                rest = tail[tail.index(after: end)...]
            } else if tail.lowercased().hasPrefix("<img"), let end = tail.firstIndex(of: ">") {
                images += 1
                rest = tail[tail.index(after: end)...]
            } else {
                result.append(tail.first!)
                rest = tail.dropFirst()
                continue
            }
            if first == nil { first = location }
        }
        return result + rest
    }

    var warning: Diagnostic? {
        guard let first else { return nil }
        let parts = [sounds > 0 ? "\(sounds) sound\(sounds == 1 ? "" : "s") ([sound:…])" : nil,
                     images > 0 ? "\(images) image\(images == 1 ? "" : "s") (<img>)" : nil].compactMap { $0 }
        return Diagnostic(first, "\(parts.joined(separator: " and ")) left out: a deck holds text only", severity: .warning)
    }
}
