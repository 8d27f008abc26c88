/// The few block-level Markdown shapes the vocabulary files are made of,
/// recognised one line at a time. Positions are in characters.
enum MarkdownLine {
    /// Indentation width (a tab counts 4) and the rest of the line.
    static func split(_ line: Substring) -> (indent: Int, content: Substring) {
        var width = 0
        var rest = line
        while let first = rest.first, first == " " || first == "\t" {
            width += first == "\t" ? 4 : 1
            rest = rest.dropFirst()
        }
        return (width, rest.trimmingTrailingSpaces().isEmpty ? "" : rest)
    }

    /// An ATX heading: its level and text without the optional closing `#`s.
    static func heading(_ content: Substring) -> (level: Int, text: Substring)? {
        let level = content.prefix { $0 == "#" }.count
        guard (1...6).contains(level) else { return nil }
        var rest = content.dropFirst(level)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        rest = rest.trimmingTrailingSpaces()
        let closing = rest.reversed().prefix { $0 == "#" }.count
        if closing > 0, closing == rest.count || rest.dropLast(closing).last == " " { rest = rest.dropLast(closing) }
        return (level, rest.drop { $0 == " " || $0 == "\t" }.trimmingTrailingSpaces())
    }

    /// For a bullet item (`-`, `*`, `+`), the offset of its text in `content`.
    static func listItem(_ content: Substring) -> Int? {
        guard let first = content.first, "-*+".contains(first) else { return nil }
        let rest = content.dropFirst()
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        return 1 + rest.prefix { $0 == " " || $0 == "\t" }.count
    }

    /// `---`, `* * *`: a rule, not a list item.
    static func isThematicBreak(_ content: Substring) -> Bool {
        var mark: Character?
        var count = 0
        // Stops at the first character that is not the mark: a word line costs two characters.
        for character in content where character != " " && character != "\t" {
            if let mark {
                guard character == mark else { return false }
            } else {
                guard "-*_".contains(character) else { return false }
                mark = character
            }
            count += 1
        }
        return count >= 3
    }

    /// The backtick or tilde run that opens a fenced code block.
    static func fenceOpening(_ content: Substring) -> Substring? {
        guard let first = content.first, first == "`" || first == "~" else { return nil }
        let run = content.prefix { $0 == first }
        guard run.count >= 3 else { return nil }
        if first == "`", content.dropFirst(run.count).contains("`") { return nil }
        return run
    }

    /// Shaped like `2026-11-20`, whether or not the day exists.
    static func looksLikeDate(_ text: some StringProtocol) -> Bool {
        let chars = Array(text)
        guard chars.count == 10 else { return false }
        return chars.indices.allSatisfy { [4, 7].contains($0) ? chars[$0] == "-" : chars[$0].isASCII && chars[$0].isNumber }
    }

    /// A valid date at the start of a longer text (`2026-11-20 Friday`).
    static func leadingDate(_ text: String) -> String? {
        LocalDate(iso: text.prefix(10)).map(\.iso)
    }
}

/// Pieces of a word line `- word :: meaning; meaning`.
enum WordLine {
    /// Index of the `::` between word and meaning: the first one with a space
    /// (or the line's end) on each side, so `std::vector :: 벡터` still works.
    static func separator<C: LineCharacter>(in chars: [C], from start: Int) -> Int? {
        var index = start
        while index + 1 < chars.count {
            if chars[index] == ":", chars[index + 1] == ":",
               index == start || chars[index - 1].isWhitespace,
               index + 2 == chars.count || chars[index + 2].isWhitespace {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The first index at which one of `patterns` starts.
    static func find<C: LineCharacter>(_ patterns: [String], in chars: [C], from start: Int) -> Int? {
        let needles = patterns.map(C.characters)
        for index in start..<chars.count {
            for needle in needles where index + needle.count <= chars.count && Array(chars[index..<(index + needle.count)]) == needle {
                return index
            }
        }
        return nil
    }

    /// The `;`-separated meanings after `start`, trimmed, each with the index
    /// where it starts. A `;` does not separate when escaped (`\;`), inside a
    /// code span, or ending an HTML entity (`&amp;`).
    static func meanings<C: LineCharacter>(in chars: [C], from start: Int) -> [(text: String, start: Int)] {
        var result: [(String, Int)] = []
        var segmentStart = start
        var index = start
        func close(at end: Int) {
            var first = segmentStart
            while first < end, chars[first].isWhitespace { first += 1 }
            var last = end
            while last > first, chars[last - 1].isWhitespace { last -= 1 }
            result.append((C.text(chars[first..<last]), first < end ? first : segmentStart))
        }
        while index < chars.count {
            switch chars[index] {
            case "\\":
                index += 2
                continue
            case "`":
                let run = chars[index...].prefix { $0 == "`" }.count
                if let end = closingRun(of: run, in: chars, after: index + run) {
                    index = end + run
                    continue
                }
                index += run
                continue
            case "&":
                if let end = entityEnd(in: chars, at: index) {
                    index = end + 1
                    continue
                }
            case ";":
                close(at: index)
                segmentStart = index + 1
            default:
                break
            }
            index += 1
        }
        close(at: chars.count)
        return result
    }

    private static func closingRun<C: LineCharacter>(of length: Int, in chars: [C], after start: Int) -> Int? {
        var index = start
        while index < chars.count {
            guard chars[index] == "`" else { index += 1; continue }
            let run = chars[index...].prefix { $0 == "`" }.count
            if run == length { return index }
            index += run
        }
        return nil
    }

    /// Index of the `;` closing an entity like `&amp;` or `&#9731;` at `start`.
    private static func entityEnd<C: LineCharacter>(in chars: [C], at start: Int) -> Int? {
        var index = start + 1
        while index < chars.count, index - start <= 32, chars[index].isASCIIAlphanumeric || chars[index] == "#" {
            index += 1
        }
        return index > start + 1 && index < chars.count && chars[index] == ";" ? index : nil
    }
}
