import Foundation

/// Obsidian's inline syntax in a run of text: `[[target|label]]` links,
/// `![[file]]` embeds and `#tags`. Pure: finds the pieces, decides nothing
/// about where they lead.
enum ObsidianText {
    enum Piece: Equatable {
        case text(String)
        /// `[[…]]`; `offset` is where it starts in the text, in UTF-8 bytes.
        case link(Wikilink, offset: Int)
        /// `![[…]]`, the same.
        case embed(Wikilink, offset: Int)
        case tag(String)
        /// ` ^37066d` ending a line: the id of its block, which Obsidian does not show.
        case blockID(String)
        /// `==` opening or closing a highlight.
        case highlight(opens: Bool)
    }

    /// `[[target#fragment|label]]`, as Obsidian reads it.
    struct Wikilink: Equatable {
        /// The note or file: a name (`Note`, `photo.jpg`) or a path (`Folder/Note`); empty for `[[#Heading]]`.
        let target: String
        /// What follows the first `#`: a heading (`Part#Sub` for a subheading), `^block`, `page=3`, `icon`.
        let fragment: String?
        /// What follows `|`: the text shown, or an image's size.
        let label: String?

        init(target: String, fragment: String? = nil, label: String? = nil) {
            self.target = target
            self.fragment = fragment
            self.label = label
        }

        /// The text a link shows: its label, or without one `Note`, `Note > Heading`, `Heading`;
        /// a label's Markdown (`` `hasTag` ``, `**bold**`) as its text.
        var shown: String {
            if let label { return markdownLabel.map(Markdown.plainText) ?? label }
            guard let fragment else { return target }
            let heading = fragment.split(separator: "#").last.map(String.init) ?? fragment
            return target.isEmpty ? heading : target + " > " + heading
        }

        /// A label that holds Markdown (`` `hasTag` ``, `**bold**`, `$x$`), which a link shows rendered, as Obsidian does.
        var markdownLabel: String? {
            label.flatMap { $0.contains(where: { "`*_~<&\\$".contains($0) }) ? $0 : nil }
        }

        /// The deepest heading a fragment names (`A#B` → `B`); nil for a block (`^id`).
        var heading: String? {
            guard let fragment, !fragment.hasPrefix("^") else { return nil }
            return fragment.split(separator: "#").last.map { $0.trimmed }
        }

        /// A block id (`^37066d` → `37066d`).
        var block: String? {
            guard let fragment, fragment.hasPrefix("^") else { return nil }
            return String(fragment.dropFirst())
        }

        /// `|300` or `|300x200`: an image's width and height.
        var size: (width: Int, height: Int?)? {
            guard let label else { return nil }
            let parts = label.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
            guard let width = Int(parts[0]), width > 0, parts.count == 1 || Int(parts[1]).map({ $0 > 0 }) == true else { return nil }
            return (width, parts.count > 1 ? Int(parts[1]) : nil)
        }
    }

    /// The `id` a heading gets and `[[Note#Heading]]` links to.
    static func anchor(_ heading: String) -> String { Slug.make(heading) }

    /// The `id`s of a note's ATX headings (outside code fences), as its page gives them.
    static func headingAnchors(_ markdown: some StringProtocol) -> Set<String> {
        var anchors: Set<String> = []
        var fence = CodeFence()
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = Substring(line.drop { $0 == " " })
            if fence.skips(trimmed) { continue }
            let hashes = trimmed.prefix { $0 == "#" }.count
            guard (1...6).contains(hashes), trimmed.dropFirst(hashes).first.map({ $0 == " " || $0 == "\t" || $0 == "\r" }) ?? true else { continue }
            var text = trimmed.dropFirst(hashes).trimmed
            while text.hasSuffix("#") { text.removeLast() }
            let anchor = self.anchor(Markdown.plainText(text))
            // A second heading of one text is `text-2`, as on the page.
            anchors.insert(anchors.contains(anchor) ? (2...).lazy.map { "\(anchor)-\($0)" }.first { !anchors.contains($0) }! : anchor)
        }
        return anchors
    }

    /// Whether a link's target names a file by its extension (`photo.jpg`, `Manual.pdf`), not a note (`Note`, `Note.md`, `v1.2 plans`).
    static func namesFile(_ target: String) -> Bool {
        guard let dot = target.lastIndex(of: ".") else { return false }
        let suffix = target[target.index(after: dot)...]
        return (1...5).contains(suffix.count) && suffix.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } && suffix.lowercased() != "md"
    }

    /// False when no text node cmark-gfm makes of `markdown` can hold a link,
    /// embed, tag, field, highlight or callout; by bytes, as it runs on every entry.
    /// Each needs `[[`, `#`, `::`, `==` or `[!` in a text, which needs them in the
    /// source, or a backslash escape or an entity that makes them: so `[[`,
    /// `[!`, `::`, `==`, `\[`, `\#`, `\:`, `\!`, `&` before `#` or a letter, or a `#`
    /// that is not a heading's (one followed by a space, a tab, a line end,
    /// another `#` or nothing), or a `^` before a letter, digit or `-` (a block id).
    static func mayHoldSyntax(_ markdown: String) -> Bool {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            let end = base + bytes.count
            /// Whether some `byte` in the text is followed by a byte `followedBy` accepts (0 at the end).
            func any(_ byte: UInt8, followedBy: (UInt8) -> Bool) -> Bool {
                var from = base
                while from < end, let found = memchr(from, Int32(byte), end - from) {
                    let at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                    if followedBy(at + 1 < end ? at[1] : 0) { return true }
                    from = at + 1
                }
                return false
            }
            return any(UInt8(ascii: "^")) { $0 < 0x80 && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) || $0 == UInt8(ascii: "-") }
                || any(UInt8(ascii: "#")) { ![0, UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "#")].contains($0) }
                || any(UInt8(ascii: "[")) { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "!") }
                || any(UInt8(ascii: ":")) { $0 == UInt8(ascii: ":") }
                || any(UInt8(ascii: "=")) { $0 == UInt8(ascii: "=") }
                || any(UInt8(ascii: "\\")) { [UInt8(ascii: "["), UInt8(ascii: "#"), UInt8(ascii: ":"), UInt8(ascii: "!")].contains($0) }
                || any(UInt8(ascii: "&")) { $0 == UInt8(ascii: "#") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }
        }
    }

    /// Linear in the text: a `[[` looks ahead only to the next `[`, line end
    /// or `]]`, so brackets nested thousands deep cost no more than others.
    static func pieces(_ text: String) -> [Piece]? {
        var steps = 0
        return pieces(text, steps: &steps)
    }

    /// The same, adding to `steps` each character the scan visits and each
    /// byte it looks ahead over, so that a test sees it grow with the text
    /// (a clock would also measure the machine's load).
    static func pieces(_ text: String, steps: inout Int) -> [Piece]? {
        // Runs on every text node of every entry: a byte check keeps plain text off the scan below.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "^") || $0 == UInt8(ascii: "=") })
        else { return nil }
        var pieces: [Piece] = []
        var plain = ""
        var rest = Substring(text)
        var previous: Character?
        /// Where the open highlight's `==` closes.
        var highlightEnd: Substring.Index?
        while let first = rest.first {
            steps += 1
            if first == "=", rest.hasPrefix("==") {
                if let end = highlightEnd, end == rest.startIndex {
                    flush(&plain, into: &pieces)
                    pieces.append(.highlight(opens: false))
                    highlightEnd = nil
                    rest = rest.dropFirst(2)
                    previous = "="
                    continue
                }
                if highlightEnd == nil, let end = highlightClose(rest.dropFirst(2), steps: &steps) {
                    flush(&plain, into: &pieces)
                    pieces.append(.highlight(opens: true))
                    highlightEnd = end
                    rest = rest.dropFirst(2)
                    previous = "="
                    continue
                }
            }
            if first == "!" || first == "[",
               let (piece, after) = wikilink(rest, offset: text.utf8.distance(from: text.startIndex, to: rest.startIndex), steps: &steps) {
                flush(&plain, into: &pieces)
                pieces.append(piece)
                rest = after
                previous = "]"
                continue
            }
            if first == "#", previous.map({ $0.isWhitespace || "([{,".contains($0) }) ?? true, let (name, after) = tag(rest.dropFirst(), steps: &steps) {
                flush(&plain, into: &pieces)
                pieces.append(.tag(name))
                rest = after
                previous = nil
                continue
            }
            plain.append(first)
            previous = first
            rest = rest.dropFirst()
        }
        let id = plain.reversed().prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        let marker = plain.dropLast(id.count)
        if !id.isEmpty, marker.last == "^", marker.dropLast().last.map({ $0 == " " || $0 == "\t" }) ?? !pieces.isEmpty || marker.count == 1 {
            plain = String(marker.dropLast().reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            flush(&plain, into: &pieces)
            pieces.append(.blockID(String(id.reversed())))
        }
        guard pieces.contains(where: { if case .text = $0 { false } else { true } }) else { return nil }
        flush(&plain, into: &pieces)
        return pieces
    }

    /// Where the `==` closing a highlight that opens before `text` stands:
    /// the next `==` in the text, neither side of the words a space (as
    /// Obsidian reads `==words==`); nil for none.
    private static func highlightClose(_ text: Substring, steps: inout Int) -> Substring.Index? {
        guard let first = text.first, !first.isWhitespace, first != "=" else { return nil }
        var index = text.startIndex
        while let found = text[index...].firstRange(of: "==") {
            steps += text.distance(from: index, to: found.lowerBound) + 1
            if found.lowerBound > text.startIndex, !text[text.index(before: found.lowerBound)].isWhitespace { return found.lowerBound }
            index = found.upperBound
        }
        return nil
    }

    private static func flush(_ plain: inout String, into pieces: inout [Piece]) {
        if !plain.isEmpty { pieces.append(.text(plain)) }
        plain = ""
    }

    private static func wikilink(_ text: Substring, offset: Int, steps: inout Int) -> (Piece, Substring)? {
        let isEmbed = text.hasPrefix("![[")
        guard isEmbed || text.hasPrefix("[[") else { return nil }
        let inner = text.dropFirst(isEmbed ? 3 : 2).utf8
        // The body holds no `[` and no line end: the first of those or `]]` decides.
        guard let stop = inner.firstIndex(where: { steps += 1; return $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "\n") }),
              inner[stop] == UInt8(ascii: "]"), inner.index(after: stop) < inner.endIndex, inner[inner.index(after: stop)] == UInt8(ascii: "]")
        else { return nil }
        let body = Substring(inner[..<stop])
        guard let link = parse(body) else { return nil }
        let after = Substring(inner[inner.index(stop, offsetBy: 2)...])
        return (isEmbed ? .embed(link, offset: offset) : .link(link, offset: offset), after)
    }

    /// Where the label of the `[[…]]` at byte `offset` of `text` starts (after its `|` and spaces), in UTF-8 bytes.
    static func labelOffset(in text: String, link offset: Int) -> Int? {
        let bytes = text.utf8.dropFirst(offset)
        guard let pipe = bytes.firstIndex(of: UInt8(ascii: "|")) else { return nil }
        let label = bytes[bytes.index(after: pipe)...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return text.utf8.distance(from: text.utf8.startIndex, to: label.startIndex)
    }

    /// `target#fragment|label`; `\|` (a table cell's escaped pipe) is the pipe too.
    static func parse(_ body: Substring) -> Wikilink? {
        let parts = body.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        var destination = parts[0]
        if parts.count > 1, destination.hasSuffix("\\") { destination = destination.dropLast() }
        let hash = destination.firstIndex(of: "#")
        let target = destination[..<(hash ?? destination.endIndex)].trimmed
        let fragment = hash.map { destination[destination.index(after: $0)...].trimmed }
        guard !target.isEmpty || !(fragment ?? "").isEmpty else { return nil }
        let label = parts.count > 1 ? parts[1].trimmed : nil
        return Wikilink(target: target, fragment: fragment.flatMap { $0.isEmpty ? nil : $0 }, label: label.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The part of a note an embed shows: all of it; from the heading `heading`
    /// to the next of its level or above; or the block marked `^block` (a
    /// paragraph or list item ending in ` ^block`, or the block above a line
    /// of `^block` alone), without its marker. Nil when the part is not there.
    static func section(of markdown: String, heading: String?, block: String?) -> String? {
        guard heading != nil || block != nil else { return markdown }
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        var fence = CodeFence()
        var start: Int?, level = 0
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            if fence.skips(trimmed) { continue }
            if let heading {
                let hashes = trimmed.prefix { $0 == "#" }.count
                guard (1...6).contains(hashes), trimmed.dropFirst(hashes).first.map({ $0 == " " || $0 == "\t" }) ?? true else { continue }
                if let start, hashes <= level { return lines[start..<index].joined(separator: "\n") }
                if start == nil, anchor(trimmed.dropFirst(hashes).trimmed.reversed().drop { $0 == "#" || $0 == " " }.reversed().map(String.init).joined())
                    == anchor(heading) {
                    start = index
                    level = hashes
                }
            } else if let block {
                let marker = "^" + block
                // ` ^id` ends its block; Obsidian takes `![[image.png]]^id` too.
                guard line.trimmed == marker || line.trimmed.hasSuffix(" " + marker) || line.trimmed.hasSuffix("]]" + marker) else { continue }
                let blank = { (line: Substring) in line.allSatisfy { $0 == " " || $0 == "\t" } }
                if line.trimmed == marker {
                    // The block above: back to the blank line before it.
                    var first = index - 1
                    while first > 0, blank(lines[first]) { first -= 1 }
                    var top = first
                    while top > 0, !blank(lines[top - 1]) { top -= 1 }
                    return first >= 0 ? lines[top...first].joined(separator: "\n") : nil
                }
                let text = String(line.trimmed.dropLast(marker.count))
                // A list item is itself; a paragraph runs from the blank line above.
                if trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") || trimmed.hasPrefix("+ ") { return text }
                var top = index
                while top > 0, !blank(lines[top - 1]) { top -= 1 }
                return (lines[top..<index].map(String.init) + [text]).joined(separator: "\n")
            }
        }
        return start.map { lines[$0...].joined(separator: "\n") }
    }

    /// A tag name after `#`: letters, digits, `_`, `-`, `/`, not only digits (as Obsidian reads them).
    private static func tag(_ text: Substring, steps: inout Int) -> (String, Substring)? {
        let name = text.prefix { steps += 1; return $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "/" }
        guard !name.isEmpty, !name.allSatisfy(\.isNumber), !name.hasPrefix("/") else { return nil }
        return (String(name), text.dropFirst(name.count))
    }

    /// `key:: value` lines (Dataview's inline fields); nil unless every line is one.
    static func fields(_ lines: [String]) -> [(key: String, value: String)]? {
        var fields: [(key: String, value: String)] = []
        // Every paragraph of every entry comes here: stop at the first line that is not a field.
        for line in lines {
            guard line.utf8.contains(UInt8(ascii: ":")), let separator = line.range(of: "::") else { return nil }
            let key = line[..<separator.lowerBound].trimmed
            guard !key.isEmpty, !key.contains("[["), !key.contains("("), key.first != "-" else { return nil }
            fields.append((key, line[separator.upperBound...].trimmed))
        }
        return fields.isEmpty ? nil : fields
    }

    /// A callout that folds (`[!kind]-` shut, `[!kind]+` open), as Obsidian's do.
    enum Fold { case closed, open }

    /// `[!kind] Title`, `[!kind]- Title` or `[!kind]+ Title`: its kind, whether
    /// it folds, and where its title starts in `line` (at the line's end for none).
    static func callout(_ line: String) -> (kind: String, fold: Fold?, titleStart: String.Index)? {
        guard line.hasPrefix("[!"), let close = line.firstIndex(of: "]") else { return nil }
        let kind = line[line.index(line.startIndex, offsetBy: 2)..<close].lowercased()
        // Obsidian takes any type (`[!operando "+"]`); one it does not know looks like a note.
        guard !kind.isEmpty, !kind.contains("[") else { return nil }
        var rest = line[line.index(after: close)...]
        let fold: Fold? = switch rest.first {
        case "-": .closed
        case "+": .open
        default: nil
        }
        if fold != nil { rest = rest.dropFirst() }
        return (kind, fold, rest.firstIndex { $0 != " " && $0 != "\t" } ?? rest.endIndex)
    }

    /// The text without Obsidian's comments (`%%…%%`, within a line or over
    /// many lines; one never closed runs to the end): each byte of a comment
    /// becomes a space, line ends stay, so that what follows keeps its line
    /// and column, and nothing of a comment reaches a page, the search or the
    /// feed. `%%` inside code (a fence, a code span) is text.
    static func withoutComments(_ markdown: String) -> String {
        guard markdown.containsBytes("%%") else { return markdown }
        var bytes = Array(markdown.utf8)
        var index = 0, inComment = false
        var code = MarkdownCode()
        var atLineStart = true
        while index < bytes.count {
            let byte = bytes[index]
            if atLineStart, !inComment { code.startLine(bytes, at: index) }
            atLineStart = false
            if byte == UInt8(ascii: "\n") {
                atLineStart = true
                index += 1
                continue
            }
            if code.inFence {
                index += 1
                continue
            }
            if !inComment, byte == UInt8(ascii: "`") {
                // A code span is kept as it is.
                index = MarkdownCode.skipSpan(bytes, at: index)
                continue
            }
            if byte == UInt8(ascii: "%"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "%") {
                bytes[index] = UInt8(ascii: " ")
                bytes[index + 1] = UInt8(ascii: " ")
                inComment.toggle()
                index += 2
                continue
            }
            if inComment, byte != UInt8(ascii: "\r") { bytes[index] = UInt8(ascii: " ") }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension ObsidianText {
    /// Where a `[[wikilink]]` (or `![[embed]]`) outside code holds what
    /// Markdown would read (`` `code` ``, `*`, `_`, `\|`, `<`, `$`): the
    /// byte ranges of the `[[…]]`, which must reach the pass as written, in
    /// one text, as Obsidian reads a wikilink before anything inside it.
    static func wikilinksHoldingMarkdown(_ markdown: String) -> [Range<Int>] {
        guard markdown.containsBytes("[[") else { return [] }
        let bytes = Array(markdown.utf8)
        var ranges: [Range<Int>] = []
        var code = MarkdownCode()
        var index = 0, atLineStart = true
        let syntax = Set("`*_~<\\$".utf8)
        while index < bytes.count {
            let byte = bytes[index]
            if atLineStart { code.startLine(bytes, at: index) }
            atLineStart = byte == UInt8(ascii: "\n")
            if atLineStart || code.inFence {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\\") {
                index += 2
            } else if byte == UInt8(ascii: "`") {
                index = MarkdownCode.skipSpan(bytes, at: index)
            } else if byte == UInt8(ascii: "["), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
                var end = index + 2
                while end + 1 < bytes.count, bytes[end] != UInt8(ascii: "\n"), !(bytes[end] == UInt8(ascii: "]") && bytes[end + 1] == UInt8(ascii: "]")) { end += 1 }
                guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: "]"), bytes[end + 1] == UInt8(ascii: "]") else { index += 2; continue }
                if bytes[(index + 2)..<end].contains(where: syntax.contains) { ranges.append(index..<(end + 2)) }
                index = end + 2
            } else {
                index += 1
            }
        }
        return ranges
    }

    /// The text with each line that holds only a `<br>` (`<br/>`, `<br />`)
    /// made blank, its bytes spaces: Obsidian shows such a line as a break
    /// between the lines around it, where CommonMark would start a block of
    /// raw HTML there that swallows the Markdown after it up to a blank line.
    /// Lines in code fences stay; every line and column stays where it was.
    static func withLoneBreaksBlank(_ markdown: String) -> String {
        guard markdown.containsBytes("<br") || markdown.containsBytes("<BR") else { return markdown }
        var fence = CodeFence()
        var changed = false
        // By bytes: a `\r\n` is one Character, which a split at `\n` would not cut.
        let lines = markdown.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { bytes -> Substring in
            let line = Substring(bytes)
            let trimmed = line.drop { $0 == " " }
            if fence.skips(trimmed) { return line }
            guard ["<br>", "<br/>", "<br />"].contains(trimmed.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()) else { return line }
            changed = true
            let end = bytes.last == UInt8(ascii: "\r") ? "\r" : ""
            return Substring(String(repeating: " ", count: bytes.count - end.utf8.count) + end)
        }
        return changed ? lines.joined(separator: "\n") : markdown
    }
}

private extension StringProtocol {
    var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

/// Which lines of a note lie inside a ``` or ~~~ code fence, read a line at a time.
struct CodeFence {
    private var open: Substring?

    /// Whether the line (leading spaces dropped) opens, closes or lies inside a fence.
    mutating func skips(_ trimmed: Substring) -> Bool {
        if let open {
            if trimmed.hasPrefix(open) { self.open = nil }
            return true
        }
        guard trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") else { return false }
        open = trimmed.prefix(3)
        return true
    }
}
