/// A Markdown file split into its front matter and its body, found as Hugo
/// finds it: YAML between `---` lines, TOML between `+++` lines, or a JSON
/// object, starting on the very first line.
///
/// Fails closed: a file that looks as if it was meant to have front matter
/// but whose front matter cannot be found exactly (a blank line above the
/// fence, `—-`, `----`, `--- # note`, an invisible space beside it, no
/// opening or no closing fence) is an error at that line, never body text,
/// since its `private: true` would otherwise be published as words.
struct FrontMatterDocument: Sendable {
    enum Format: String, Sendable { case yaml = "YAML", toml = "TOML", json = "JSON" }

    /// nil when the file has no front matter.
    let format: Format?
    /// The text between the fences (for JSON, the object itself).
    let frontMatter: String?
    /// Line of the file where `frontMatter` starts.
    let frontMatterFirstLine: Int
    let body: String
    /// Line of the file where the body starts.
    let bodyFirstLine: Int

    /// Splits a file's text; nil, with an error at the line concerned, when
    /// its front matter cannot be found with certainty.
    static func split(_ file: SourceFile, into diagnostics: inout Diagnostics) -> FrontMatterDocument? {
        switch FenceScanner.scan(file.text) {
        case let .document(document): return document
        case let .failure(line, column, message, hint):
            diagnostics.error(file.location(line: line, column: column), message, hint: hint)
            return nil
        }
    }
}

/// Finds the fences of a front matter block, line by line.
enum FenceScanner {
    enum Result {
        case document(FrontMatterDocument)
        case failure(line: Int, column: Int, message: String, hint: String?)
    }

    static func scan(_ original: String) -> Result {
        var text = Substring(original)
        // A byte order mark is a Character of its own (a control, in grapheme terms).
        if text.utf8.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst() }
        // CR-only (old Mac) and CRLF files: lines end where an editor shows them end.
        // ("\r\n" is one Character in Swift, so it would hide the "\n" from the scan.)
        if text.containsByte(13) {
            text = Substring(text.replacing("\r\n", with: "\n").replacing("\r", with: "\n"))
        }
        var lines = LineCursor(text)
        guard let first = lines.next() else { return .document(plain(text)) }
        if let result = scanFences(first, text: text, lines: &lines) { return result }
        return unreadPrivacy(text) ?? .document(plain(text))
    }

    /// The file's front matter, or a failure; nil for a file with none.
    private static func scanFences(_ first: Substring, text: Substring, lines: inout LineCursor) -> Result? {
        let trimmed = first.trimmingTrailingSpaces()

        if trimmed == "---" { return fenced(.yaml, fence: "---", text: text, lines: &lines) }
        if trimmed == "+++" { return fenced(.toml, fence: "+++", text: text, lines: &lines) }
        if first.hasPrefix("{") { return json(text) }
        if let problem = nearFence(first) {
            return .failure(line: 1, column: problem.column, message: "front matter fence must be exactly '---' (or '+++' for TOML) on a line of its own",
                            hint: problem.hint)
        }
        if isBlank(first) {
            var number = 1
            while let line = lines.next() {
                number += 1
                if isBlank(line) { continue }
                let looksLikeFence = ["---", "+++"].contains(line.trimmingTrailingSpaces()) || nearFence(line) != nil
                guard looksLikeFence else { break }
                return .failure(line: number, column: 1, message: "front matter must start on the first line of the file",
                                hint: "remove the blank line\(number > 2 ? "s" : "") above it (a horizontal rule that opens the text can be written '***')")
            }
            return nil
        }
        if let line = unfencedKeysEnd(first, lines: &lines) {
            return .failure(line: 1, column: 1, message: "front matter has no opening '---'",
                            hint: line > 0 ? "add a line '---' above line 1 to match the one on line \(line)"
                                           : "put the keys between two lines '---'")
        }
        return nil
    }

    /// How far into a file without front matter a `private:` line is looked for.
    static let privacyScanLines = 40

    /// A file read as having no front matter whose first lines still say
    /// `private: true` or `draft = true` (in any case, as YAML, TOML or JSON
    /// write it): a front matter Daybook could not find — behind a comment,
    /// a blank line, fences of other characters (`ーーー`, `＋＋＋`, `- - -`).
    /// Published as text, it would publish what it asks to hide.
    static func unreadPrivacy(_ text: Substring) -> Result? {
        var lines = LineCursor(text)
        var number = 0
        while number < privacyScanLines, let line = lines.next() {
            number += 1
            var rest = line.drop { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "'" || $0 == "{" || $0 == "," }
            guard let key = FrontMatterKeys.hiding.first(where: { rest.lowercased().hasPrefix($0) }) else { continue }
            rest = rest.dropFirst(key.count).drop { $0 == "\"" || $0 == "'" || $0 == " " || $0 == "\t" }
            guard let mark = rest.first, mark == ":" || mark == "=" else { continue }
            let value = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "'" }.lowercased()
            guard ["true", "yes", "on"].contains(where: { value.hasPrefix($0) }) else { continue }
            return .failure(line: number, column: line.utf8.count - line.drop { $0 == " " || $0 == "\t" }.utf8.count + 1,
                            message: "'\(line.trimmingTrailingSpaces())' looks like front matter, but the file has none that Daybook can read",
                            hint: "put the keys between two lines '---' starting on the first line of the file")
        }
        return nil
    }

    private static func plain(_ text: Substring) -> FrontMatterDocument {
        FrontMatterDocument(format: nil, frontMatter: nil, frontMatterFirstLine: 1, body: String(text), bodyFirstLine: 1)
    }

    /// YAML or TOML between two fence lines; the body starts after the closing one.
    private static func fenced(_ format: FrontMatterDocument.Format, fence: String, text: Substring, lines: inout LineCursor) -> Result {
        let start = lines.position
        var number = 1
        while let line = lines.next() {
            number += 1
            // Most lines are keys or indented values: a line that is empty or
            // opens with an ASCII character that is not a dot, a fence's or a
            // space other than " " and "\t" is neither a fence nor near one.
            guard let first = line.utf8.first else { continue }
            if first < 0x80, first != UInt8(ascii: "-"), first != UInt8(ascii: "+"), first != UInt8(ascii: "."), !(0x0B...0x0D).contains(first) {
                continue
            }
            let trimmed = line.trimmingTrailingSpaces()
            if trimmed == fence || (format == .yaml && trimmed == "...") {
                return .document(FrontMatterDocument(format: format, frontMatter: String(text[start..<line.startIndex]), frontMatterFirstLine: 2,
                                                     body: String(text[lines.position...]), bodyFirstLine: number + 1))
            }
            // Indented lines belong to the front matter (a block of text may hold dashes).
            if let problem = nearFence(line) {
                return .failure(line: number, column: problem.column, message: "front matter closing fence must be exactly '\(fence)'",
                                hint: problem.hint)
            }
        }
        return .failure(line: 1, column: 1, message: "front matter opened here is never closed",
                        hint: "add a line '\(fence)' after its last key")
    }

    /// A JSON object at the top of the file, as Hugo reads it; the body starts on the line after its `}`.
    private static func json(_ text: Substring) -> Result {
        var depth = 0, inString = false, escaped = false
        var line = 1
        for index in text.indices {
            let character = text[index]
            if character == "\n" { line += 1 }
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "{", "[": depth += 1
            case "}", "]":
                depth -= 1
                guard depth == 0 else { continue }
                var rest = LineCursor(text[text.index(after: index)...])
                let tail = rest.next() ?? ""
                guard isBlank(tail) else {
                    return .failure(line: line, column: 1, message: "text after the JSON front matter on the same line",
                                    hint: "start the text on the next line")
                }
                return .document(FrontMatterDocument(format: .json, frontMatter: String(text[...index]), frontMatterFirstLine: 1,
                                                     body: String(text[rest.position...]), bodyFirstLine: line + 1))
            default: continue
            }
        }
        return .failure(line: 1, column: 1, message: "JSON front matter opened here is never closed",
                        hint: "close the object with '}' on its own line before the text")
    }

    // MARK: Lines that look like fences

    /// Spaces an editor does not show, or shows as an ordinary space.
    static let invisible: Set<Unicode.Scalar> = [
        "\u{00A0}", "\u{00AD}", "\u{180E}", "\u{2007}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{202F}",
        "\u{2060}", "\u{3000}", "\u{FEFF}",
    ]
    /// Hyphens and the dashes editors put in their place.
    static let dashes: Set<Unicode.Scalar> = [
        "-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}", "\u{FE58}", "\u{FE63}", "\u{FF0D}",
    ]

    static func isBlank(_ line: Substring) -> Bool {
        line.unicodeScalars.allSatisfy { $0.properties.isWhitespace || invisible.contains($0) }
    }

    /// A line that is almost a fence: dashes (or pluses) with something
    /// wrong. Its column and a hint that names what is wrong; nil otherwise.
    static func nearFence(_ line: Substring) -> (column: Int, hint: String)? {
        // Most lines open with an ASCII character that is neither a space nor a fence's (invisible ones are not ASCII).
        if let first = line.utf8.first, first < 0x80, first != UInt8(ascii: "-"), first != UInt8(ascii: "+"),
           !Unicode.Scalar(first).properties.isWhitespace {
            return nil
        }
        let scalars = Array(line.unicodeScalars)
        var index = 0
        var oddity: (column: Int, hint: String)?
        func note(_ hint: String) { if oddity == nil { oddity = (index + 1, hint) } }
        func skipSpaces() {
            while index < scalars.count, scalars[index].properties.isWhitespace || invisible.contains(scalars[index]) {
                if scalars[index] != " " && scalars[index] != "\t" {
                    note("an invisible character \(codePoint(scalars[index])) is beside the fence: delete it")
                } else if index == 0 {
                    note("the fence must start at the beginning of the line")
                }
                index += 1
            }
        }
        skipSpaces()
        guard index < scalars.count else { return nil }
        let mark = scalars[index]
        let isPlus = mark == "+"
        guard isPlus || dashes.contains(mark) else { return nil }
        let runStart = index
        while index < scalars.count, isPlus ? scalars[index] == "+" : dashes.contains(scalars[index]) {
            if scalars[index] != "-" && scalars[index] != "+" {
                note("\(codePoint(scalars[index])) is a dash an editor put in place of hyphens: write three hyphens '---'")
            }
            index += 1
        }
        let run = index - runStart
        let allASCII = scalars[runStart..<index].allSatisfy { $0 == "-" || $0 == "+" }
        // A lone hyphen opens a list item; a lone typographic dash is an autocorrected fence.
        guard run >= 2 || !allASCII else { return nil }
        if run != 3 && allASCII { note("a fence has exactly three '\(isPlus ? "+" : "-")', not \(run)") }
        skipSpaces()
        if index < scalars.count {
            guard scalars[index] == "#" else { return nil }
            note("a fence line cannot carry a comment: move it into the front matter")
        }
        return oddity ?? (1, "the fence must be exactly '\(isPlus ? "+++" : "---")'")
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// When the file opens with `key: value` lines that end at a fence line
    /// (the opening `---` was forgotten), or that say `private:` without any
    /// fence: the line of that fence (0 without one); nil for ordinary text.
    private static func unfencedKeysEnd(_ first: Substring, lines: inout LineCursor) -> Int? {
        guard let firstKey = yamlKey(first) else { return nil }
        var sawPrivate = firstKey == "private"
        var number = 1
        while let line = lines.next() {
            number += 1
            if ["---", "..."].contains(line.trimmingTrailingSpaces()) || nearFence(line) != nil { return number }
            if isBlank(line) { continue }
            if let key = yamlKey(line) {
                sawPrivate = sawPrivate || key == "private"
                continue
            }
            let content = line.drop { $0 == " " || $0 == "\t" }
            // Indented values, list items and comments continue a YAML block; anything else is prose.
            guard content.count < line.count || content.hasPrefix("- ") || content.hasPrefix("#") else { break }
        }
        return sawPrivate ? 0 : nil
    }

    /// The key of a `key: value` line at the start of a line, as YAML front matter writes it.
    private static func yamlKey(_ line: Substring) -> Substring? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let key = line[..<colon]
        guard let head = key.unicodeScalars.first, head.properties.isAlphabetic || head == "_",
              key.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" || $0 == "-" })
        else { return nil }
        let after = line[line.index(after: colon)...]
        guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
        return key
    }
}

/// Lines of a text one at a time, without splitting all of it: where
/// `Character`s split it at "\n", found by bytes. A line ends at each line
/// feed but the one of a "\r\n", which is one character.
struct LineCursor {
    let text: Substring
    private(set) var position: Substring.Index

    init(_ text: Substring) {
        self.text = text
        position = text.startIndex
    }

    mutating func next() -> Substring? {
        let utf8 = text.utf8
        guard position < utf8.endIndex else { return nil }
        var end = utf8.endIndex, from = position
        while let feed = text.firstIndex(ofByte: 0x0A, from: from) {
            if feed == position || utf8[utf8.index(before: feed)] != 0x0D {
                end = feed
                break
            }
            from = utf8.index(after: feed)
        }
        let line = text[position..<end]
        position = end < utf8.endIndex ? utf8.index(after: end) : end
        return line
    }
}

extension Substring {
    func trimmingTrailingSpaces() -> Substring {
        var end = endIndex
        while end > startIndex, let previous = Optional(index(before: end)), self[previous] == " " || self[previous] == "\t" || self[previous] == "\r" {
            end = previous
        }
        return self[startIndex..<end]
    }
}
