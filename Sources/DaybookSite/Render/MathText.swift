/// TeX in Markdown, as Obsidian reads it: `$…$` inline, `$$…$$` displayed
/// (within a line or over lines), never inside code. Pure: finds the spans
/// and hides them from the Markdown parser, which would otherwise take
/// `\\` for an escaped `\` and `*` for emphasis.
///
/// Obsidian's rules (those of Pandoc's `tex_math_dollars`): an opening `$`
/// is not followed by a space, a closing `$` is not preceded by a space nor
/// followed by a digit, so `$5 and $6` is no math; `\$` is a dollar.
enum MathText {
    struct Span: Equatable {
        /// Where the span starts, its delimiters included, in UTF-8 bytes of the text.
        let start: Int
        /// Just past its closing delimiter.
        let end: Int
        /// `$$…$$`.
        let display: Bool
        /// The TeX between the delimiters, as written (a display's continuation lines without their `> ` or indent).
        let tex: String
    }

    /// Whether `markdown` holds a `$` at all; most texts do not, and are not scanned.
    static func mayHoldMath(_ markdown: String) -> Bool {
        markdown.containsByte(UInt8(ascii: "$"))
    }

    /// The math spans of `markdown`, in order.
    static func spans(_ markdown: String) -> [Span] {
        guard mayHoldMath(markdown) else { return [] }
        let bytes = Array(markdown.utf8)
        var spans: [Span] = []
        var index = 0
        var code = MarkdownCode()
        var atLineStart = true
        let dollar = UInt8(ascii: "$"), backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n"), tick = UInt8(ascii: "`")
        func isSpace(_ at: Int) -> Bool { at >= bytes.count || [UInt8(ascii: " "), UInt8(ascii: "\t"), newline, UInt8(ascii: "\r")].contains(bytes[at]) }
        while index < bytes.count {
            let byte = bytes[index]
            if atLineStart { code.startLine(bytes, at: index) }
            atLineStart = false
            if byte == newline {
                atLineStart = true
                index += 1
                continue
            }
            if code.inFence || byte == UInt8(ascii: "\r") {
                index += 1
                continue
            }
            switch byte {
            case backslash:
                // An escaped `$` (or anything) is text; a backslash ending a line is a hard break.
                index += index + 1 < bytes.count && bytes[index + 1] != newline ? 2 : 1
            case tick:
                // A code span is kept as it is.
                index = MarkdownCode.skipSpan(bytes, at: index)
            case UInt8(ascii: "[") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "["):
                // A wikilink is read before math (`[[Note#The $x$ case|x]]`): up to its `]]` on the line.
                var at = index + 2
                while at + 1 < bytes.count, bytes[at] != newline, !(bytes[at] == UInt8(ascii: "]") && bytes[at + 1] == UInt8(ascii: "]")) { at += 1 }
                index = at + 1 < bytes.count && bytes[at] == UInt8(ascii: "]") ? at + 2 : index + 2
            case dollar:
                let display = index + 1 < bytes.count && bytes[index + 1] == dollar
                // Math touching a backtick would make one run with the code span's backticks it becomes.
                if let span = display ? displaySpan(from: index) : inlineSpan(from: index),
                   index == 0 || bytes[index - 1] != tick, span.end == bytes.count || bytes[span.end] != tick {
                    spans.append(span)
                    index = span.end
                } else {
                    index += display ? 2 : 1
                }
            default:
                index += 1
            }
        }
        return spans

        func inlineSpan(from open: Int) -> Span? {
            guard !isSpace(open + 1), bytes[open + 1] != dollar else { return nil }
            var at = open + 1
            while at < bytes.count, bytes[at] != newline {
                if bytes[at] == backslash, at + 1 < bytes.count, bytes[at + 1] != newline { at += 2; continue }
                if bytes[at] == dollar {
                    let after = at + 1 < bytes.count ? bytes[at + 1] : 0
                    if !isSpace(at - 1), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(after) {
                        return Span(start: open, end: at + 1, display: false, tex: String(decoding: bytes[(open + 1)..<at], as: UTF8.self))
                    }
                }
                at += 1
            }
            return nil
        }

        func displaySpan(from open: Int) -> Span? {
            var at = open + 2
            while at + 1 < bytes.count {
                if bytes[at] == newline, MarkdownCode.isBlankLine(bytes, at: at + 1) { return nil }
                if bytes[at] == backslash, bytes[at + 1] != newline { at += 2; continue }
                if bytes[at] == dollar, bytes[at + 1] == dollar {
                    let tex = texLines(bytes[(open + 2)..<at], prefix: linePrefix(before: open))
                    guard !tex.allSatisfy(\.isWhitespace) else { return nil }
                    return Span(start: open, end: at + 2, display: true, tex: tex)
                }
                at += 1
            }
            return nil
        }

        /// The quote markers and indent that start the line holding `at`, which its following lines repeat.
        func linePrefix(before at: Int) -> Int {
            var start = at
            while start > 0, bytes[start - 1] != newline { start -= 1 }
            return bytes[start..<at].filter { $0 == UInt8(ascii: ">") }.count
        }

        /// The TeX of a display span, each line after the first without its quote markers.
        func texLines(_ tex: ArraySlice<UInt8>, prefix quotes: Int) -> String {
            var lines = tex.split(separator: newline, omittingEmptySubsequences: false).map { Array($0) }
            for index in lines.indices.dropFirst() {
                lines[index] = Array(MathText.dropPrefix(lines[index], quotes: quotes))
            }
            return String(decoding: Array(lines.joined(separator: [newline])), as: UTF8.self)
        }
    }

    /// A continuation line without up to `quotes` quote markers (each with a space after it).
    private static func dropPrefix(_ line: [UInt8], quotes: Int) -> ArraySlice<UInt8> {
        var rest = line[...]
        for _ in 0..<quotes {
            let spaces = rest.prefix { $0 == UInt8(ascii: " ") }.count
            guard rest.dropFirst(spaces).first == UInt8(ascii: ">") else { break }
            rest = rest.dropFirst(spaces + 1)
            if rest.first == UInt8(ascii: " ") { rest = rest.dropFirst() }
        }
        return rest
    }

    /// `markdown` with each span made a code span of the same length: its
    /// `$` delimiters become backticks and its TeX `x`s, line ends, quote
    /// markers and indents kept. The parser then sees inert code where the
    /// math was, on the same lines and columns, so that every other position
    /// stays as the editor shows it; the TeX itself is taken from the spans.
    static func masked(_ markdown: String, _ spans: [Span]) -> String {
        guard !spans.isEmpty else { return markdown }
        var bytes = Array(markdown.utf8)
        for span in spans {
            let width = span.display ? 2 : 1
            var atLineStart = false
            for at in span.start..<span.end {
                if at < span.start + width || at >= span.end - width {
                    bytes[at] = UInt8(ascii: "`")
                } else if bytes[at] == UInt8(ascii: "\n") || bytes[at] == UInt8(ascii: "\r") {
                    atLineStart = true
                } else if atLineStart, bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: ">") || bytes[at] == UInt8(ascii: "\t") {
                    continue
                } else {
                    atLineStart = false
                    bytes[at] = UInt8(ascii: "x")
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where cmark places the code span each masked span becomes: its line
    /// and the column just past its opening backticks (both from 1, columns in bytes).
    static func codePositions(of spans: [Span], in markdown: String) -> [(line: Int, column: Int)] {
        var positions: [(line: Int, column: Int)] = []
        var line = 1, lineStart = 0, offset = 0
        var bytes = markdown.utf8.makeIterator()
        for span in spans {
            while offset < span.start, let byte = bytes.next() {
                offset += 1
                if byte == UInt8(ascii: "\n") { line += 1; lineStart = offset }
            }
            positions.append((line, span.start - lineStart + (span.display ? 2 : 1) + 1))
        }
        return positions
    }
}
